//! `oaq-bot engine shogi …`: the Shogi engine on stdin/stdout.

use std::collections::BTreeMap;
use std::io::{BufRead, Cursor, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use clap::Subcommand;

use super::usi_engine::{UsiEngine, UsiSpec};
use super::{answer_lines, print_perft, usi};
use crate::games::shogi::ai::measure::{measure, middlegames};
use crate::games::shogi::ai::tune::{
    error, expected_from, fit_scale, fit_squares, self_play, tune, Sample, SelfPlay, Tuning,
};
use crate::games::shogi::ai::{
    named, opening, play_game, points, Adjudication, Level, Local, MatchGame, Mover, Player,
    Weights, NAMED,
};
use crate::games::shogi::{Color, Move, Outcome, Position};
use crate::render::shogi::{render, BoardView, Highlights, Words};
use crate::render::Fonts;

/// `oaq-bot engine shogi …`
#[derive(Debug, Subcommand)]
pub enum ShogiCommand {
    /// Prints `<d> <nodes>` for every depth 1..=DEPTH (legal-move leaf counts).
    Perft {
        /// Deepest depth to count.
        depth: u32,
        /// The position to start from, as SFEN (default: the start position).
        #[arg(long)]
        position: Option<String>,
    },
    /// Reads an SFEN per line and prints its legal USI moves on one line, separated by spaces.
    Moves,
    /// Reads `<SFEN><TAB><USI move>` per line and prints the SFEN after the move, or
    /// `illegal: <reason>`.
    Play,
    /// Speaks USI on stdin/stdout, so shogi GUIs and engine tournaments can run the hard
    /// computer (its level is the `Level` option).
    Usi,
    /// Writes the PNG picture of a position to stdout.
    Render {
        /// The position, as SFEN (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// The move that led to it, in USI, to highlight.
        #[arg(long)]
        last_move: Option<Move>,
        /// Draw the board from gote's side.
        #[arg(long)]
        from_gote: bool,
    },
    /// Plays a match between two players (random, greedy, easy, medium, hard, reference,
    /// hand-set, tuned-v1, tuned-v2, tuned-v3, tuned, or any USI engine as `usi:<command>`) with paired
    /// colours: each pair of games shares a seed and the players swap sides. Games between
    /// engines are adjudicated (see `--adjudicate-cp`).
    Match {
        /// First player: random, greedy, easy, medium, hard, reference (alias hard-v1),
        /// hand-set (hard with the weights set by hand before the tuning), tuned-v1 (hard
        /// with the weights it had before the king-distance tables and mobility), tuned-v2
        /// (hard with the weights it had before the fit to Fairy-Stockfish's scores), tuned-v3
        /// (that fit, before the piece-square tables), tuned (hard's own weights), or
        /// `usi:<command>`, an engine spoken to over USI (e.g.
        /// `usi:fairy-stockfish`).
        a: Contender,
        /// Second player.
        b: Contender,
        /// Number of games (rounded up to an even number so colours are paired).
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Time budget per move for our engines, replacing the level's own (hard: 2000).
        #[arg(long)]
        budget_ms: Option<u64>,
        /// Stops each of our engines' searches after about this many positions (with no
        /// `--budget-ms`, the searches then have no time limit).
        #[arg(long)]
        nodes: Option<u64>,
        /// A USI engine's option, `NAME=VALUE` (repeatable), e.g. `"Skill Level=20"`.
        #[arg(long = "usi-option", value_name = "NAME=VALUE", value_parser = usi_option)]
        usi_options: Vec<(String, String)>,
        /// What a USI engine is told after `go` for each move, e.g. `"depth 8"` or
        /// `"nodes 100000"`.
        #[arg(long, value_name = "LIMITS", default_value = "movetime 1000")]
        usi_go: String,
        /// Seed of the first pair of games; pair k uses seed + k.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Moves after which a game is drawn (an opening's moves count).
        #[arg(long, default_value_t = 400)]
        max_moves: usize,
        /// Random moves each pair of games starts with (the same for both games of a pair,
        /// drawn from its seed until the position is balanced), so pairs differ even between
        /// players that always answer alike; 0 starts every game from the start position.
        #[arg(long, default_value_t = 0)]
        random_plies: usize,
        /// Games played at the same time, one thread each (each with its own USI engines).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// A game between engines is won once the last 4 moves' searches (both engines) all
        /// give one side at least this many centipawns, or once both engines' last searches
        /// see that side mate; 0 turns adjudication off.
        #[arg(long, default_value_t = 1500)]
        adjudicate_cp: i32,
    },
    /// Searches middlegame positions (from seeded games: 6 random moves, then medium until
    /// move 40) at a level and budget, and prints each one's depth, nodes and nodes per second,
    /// then the median depth and the overall nodes per second.
    Depth {
        /// The level: easy, medium, hard or reference.
        #[arg(long, default_value = "hard")]
        level: Level,
        /// Time budget per position.
        #[arg(long, default_value_t = 1000)]
        budget_ms: u64,
        /// Number of positions (seeds 1..=N).
        #[arg(long, default_value_t = 20)]
        positions: u64,
    },
    /// Plays self-play games of the hard search (each move limited to a number of positions,
    /// so the output depends only on the options) and prints their quiet positions, one
    /// `<SFEN><TAB><result>` line each, the result sente's: 1, 0.5 or 0.
    Selfplay {
        /// Number of games (seeds seed..seed + games).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Positions each search may visit.
        #[arg(long, default_value_t = 3000)]
        nodes: u64,
        /// Seed of the first game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random moves at the start of each game.
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
        /// Moves after which a game is drawn.
        #[arg(long, default_value_t = 300)]
        max_moves: usize,
        /// Games played at the same time, one thread each.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Reads `<SFEN><TAB><result>` lines (as `selfplay` prints them), fits the evaluation's
    /// weights to the results from a named set (`--from`), reports each pass and the error on the
    /// positions left out of the fit (the last tenth, whole games) on stderr, and prints the
    /// weights as Rust.
    Tune {
        /// Most passes over the weights.
        #[arg(long, default_value_t = 10)]
        passes: usize,
        /// The weights the fit starts from: hand-set, tuned-v1, tuned-v2, tuned-v3 or tuned.
        #[arg(long, default_value = "hand-set", value_parser = parse_weights)]
        from: &'static Weights,
        /// Weight of the penalty on moving a weight away from its starting value (the sum
        /// of the squared changes, each counted in its tuning steps).
        #[arg(long, default_value_t = 1e-7)]
        prior: f64,
        /// Threads computing the error.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Leave the material values (board and hand) as they start and fit the rest.
        #[arg(long)]
        keep_material: bool,
        /// After the passes, fit the piece-square tables by this many steps of gradient
        /// descent (0: leave them as they start).
        #[arg(long, default_value_t = 0)]
        square_steps: usize,
        /// Pull of the piece-square tables towards zero in that fit, per centipawn squared.
        #[arg(long, default_value_t = 1e-9)]
        square_l2: f64,
    },
    /// Reads `<SFEN><TAB><result>` lines (as `selfplay` prints them) and prints each position
    /// again labelled with a USI engine's score of it instead of the game's result, turned into
    /// sente's expected score (so that `tune` fits the evaluation to the engine's). Each
    /// position is searched afresh; those the engine sees a mate in are left out.
    Label {
        /// The engine, `usi:<command>` (e.g. `usi:fairy-stockfish`).
        engine: UsiCommand,
        /// A USI engine's option, `NAME=VALUE` (repeatable), e.g. `"Skill Level=20"`.
        #[arg(long = "usi-option", value_name = "NAME=VALUE", value_parser = usi_option)]
        usi_options: Vec<(String, String)>,
        /// What the engine is told after `go` for each position.
        #[arg(long, value_name = "LIMITS", default_value = "depth 8")]
        usi_go: String,
        /// Centipawns of the engine's score that multiply sente's odds tenfold.
        #[arg(long, default_value_t = 1200.0)]
        scale_cp: f64,
        /// Engines searching at the same time, one thread each.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

impl ShogiCommand {
    /// Runs the command on the given streams.
    pub fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        match self {
            ShogiCommand::Perft { depth, position } => {
                let position: Position = match position {
                    Some(sfen) => sfen.parse()?,
                    None => Position::new(),
                };
                print_perft(out, depth, |d| position.perft(d))?;
            }
            ShogiCommand::Moves => answer_lines(input, out, err, moves)?,
            ShogiCommand::Play => answer_lines(input, out, err, play)?,
            ShogiCommand::Usi => {
                // From the command line this streams (see `EngineCommand::run`); here the whole
                // input is read first.
                let mut text = Vec::new();
                input.read_to_end(&mut text)?;
                usi::serve(Box::new(Cursor::new(text)), out)?;
            }
            ShogiCommand::Render {
                position,
                last_move,
                from_gote,
            } => {
                let position: Position = match position {
                    Some(sfen) => sfen.parse()?,
                    None => Position::new(),
                };
                let highlights = Highlights {
                    last_move,
                    outcome: position.outcome(),
                    from_gote,
                };
                let status = english_status(&position, highlights.outcome);
                let view = BoardView {
                    position: &position,
                    highlights,
                    words: Words {
                        sente: "先手",
                        gote: "後手",
                        empty_hand: "なし",
                        status: &status,
                        check: "王手 Check!",
                    },
                };
                out.write_all(&render(&Fonts::load()?, &view)?)?;
                out.flush()?;
            }
            ShogiCommand::Match {
                a,
                b,
                games,
                budget_ms,
                nodes,
                usi_options,
                usi_go,
                seed,
                max_moves,
                random_plies,
                threads,
                adjudicate_cp,
            } => {
                let settings = MatchSettings {
                    random_plies,
                    budget: budget_ms.map(Duration::from_millis),
                    nodes,
                    usi_options,
                    usi_go,
                    max_moves,
                    seed,
                    adjudication: (adjudicate_cp > 0).then_some(Adjudication {
                        threshold: adjudicate_cp,
                        ..Adjudication::default()
                    }),
                };
                run_match(
                    out,
                    &a,
                    &b,
                    games.div_ceil(2) * 2,
                    threads.max(1),
                    &settings,
                )?;
            }
            ShogiCommand::Depth {
                level,
                budget_ms,
                positions,
            } => {
                let budget = Duration::from_millis(budget_ms);
                let mut depths = Vec::new();
                let (mut nodes, mut elapsed) = (0, Duration::ZERO);
                for (seed, game) in (1..=positions).zip(middlegames(positions)) {
                    let found = measure(level, &game, budget);
                    writeln!(
                        out,
                        "position {seed} ({}): depth {}, {} nodes in {} ms, {} nodes/s",
                        game.position(),
                        found.depth,
                        found.nodes,
                        found.elapsed.as_millis(),
                        found.nodes_per_second()
                    )?;
                    out.flush()?;
                    depths.push(found.depth);
                    nodes += found.nodes;
                    elapsed += found.elapsed;
                }
                depths.sort_unstable();
                let median = match depths.len() {
                    0 => 0.0,
                    n if n % 2 == 1 => f64::from(depths[n / 2]),
                    n => f64::from(depths[n / 2 - 1] + depths[n / 2]) / 2.0,
                };
                writeln!(
                    out,
                    "{level} at {budget_ms} ms: median depth {median} over {} positions, {} nodes/s",
                    depths.len(),
                    u128::from(nodes) * 1000 / elapsed.as_millis().max(1)
                )?;
            }
            ShogiCommand::Selfplay {
                games,
                nodes,
                seed,
                random_plies,
                max_moves,
                threads,
            } => {
                let settings = SelfPlay {
                    nodes,
                    random_plies,
                    max_moves,
                    first_kept: random_plies + 8,
                };
                run_self_play(out, seed..seed.saturating_add(games), threads, settings)?;
            }
            ShogiCommand::Tune {
                passes,
                from,
                prior,
                threads,
                keep_material,
                square_steps,
                square_l2,
            } => {
                let tuning = Tuning {
                    scale: 0.0,
                    passes,
                    prior,
                    threads,
                    material: !keep_material,
                };
                let squares = Squares {
                    steps: square_steps,
                    l2: square_l2,
                };
                run_tune(input, out, err, from, tuning, squares)?;
            }
            ShogiCommand::Label {
                engine,
                usi_options,
                usi_go,
                scale_cp,
                threads,
            } => {
                let spec = UsiSpec {
                    command: engine.0,
                    options: usi_options,
                    go: usi_go,
                };
                run_label(input, out, &spec, scale_cp, threads.max(1))?;
            }
        }
        Ok(())
    }
}

/// Plays the self-play games of `seeds` on `threads` threads and prints their samples, game
/// by game in the order of the seeds.
fn run_self_play(
    out: &mut dyn Write,
    seeds: std::ops::Range<u64>,
    threads: usize,
    settings: SelfPlay,
) -> anyhow::Result<()> {
    let games = usize::try_from(seeds.end.saturating_sub(seeds.start))?;
    in_order(
        games,
        threads,
        || Ok(()),
        |_, i| self_play(seeds.start + i as u64, settings),
        |_, samples| {
            for sample in samples {
                writeln!(out, "{sample}")?;
            }
            out.flush()?;
            Ok(())
        },
    )
}

/// Runs `work` on every index below `count` on `threads` threads, each with its own state
/// from `start`, and hands each result to `emit` in the order of the indices, as soon as
/// every earlier one is done (results arrive out of order). Stops at `start`'s or `emit`'s
/// first error.
fn in_order<S: Send, T: Send>(
    count: usize,
    threads: usize,
    start: impl Fn() -> anyhow::Result<S>,
    work: impl Fn(&mut S, usize) -> T + Sync,
    mut emit: impl FnMut(usize, T) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let (sender, results) = mpsc::channel::<(usize, T)>();
    thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..threads.max(1).min(count) {
            let mut state = start()?;
            let (sender, next, work) = (sender.clone(), &next, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count || sender.send((i, work(&mut state, i))).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in results {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                emit(due, result)?;
                due += 1;
            }
        }
        Ok(())
    })
}

/// Reads samples from `input` and prints each with the engine of `spec`'s score of its
/// position as the label ([`expected_from`] with `scale_cp`), in the input's order, searched by
/// `threads` engines at once; positions it sees a mate in are left out.
fn run_label(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    spec: &UsiSpec,
    scale_cp: f64,
    threads: usize,
) -> anyhow::Result<()> {
    let positions: Vec<Position> = read_samples(input)?
        .into_iter()
        .map(|sample| sample.position)
        .collect();
    in_order(
        positions.len(),
        threads,
        || UsiEngine::start(spec),
        |engine, i| engine.evaluate(&positions[i]),
        |i, scored| {
            if let Some(cp) = scored? {
                let result = expected_from(cp, scale_cp);
                writeln!(out, "{}\t{result:.4}", positions[i].to_sfen())?;
            }
            Ok(())
        },
    )?;
    out.flush()?;
    Ok(())
}

/// Reads `<SFEN><TAB><result>` lines; a bad one is an error naming its line.
fn read_samples(input: &mut dyn BufRead) -> anyhow::Result<Vec<Sample>> {
    input
        .lines()
        .enumerate()
        .map(|(number, line)| {
            line?
                .parse()
                .map_err(|e| anyhow::anyhow!("line {}: {e}", number + 1))
        })
        .collect()
}

/// The weights of a name in [`NAMED`], for `tune --from`.
fn parse_weights(name: &str) -> Result<&'static Weights, String> {
    named(name).ok_or_else(|| {
        let names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
        format!("unknown weights `{name}`: use {}", names.join(", "))
    })
}

/// How `tune` fits the piece-square tables after its passes.
struct Squares {
    /// Gradient steps (0: no fit).
    steps: usize,
    /// Pull towards zero.
    l2: f64,
}

/// Reads samples from `input`, tunes the weights `from` on nine in ten of them (then, with
/// `squares`, their piece-square tables) and prints the tuned weights as Rust (`tuning`'s
/// scale is fitted here first); progress and the error on the tenth left out go to `err`.
fn run_tune(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    from: &'static Weights,
    tuning: Tuning,
    squares: Squares,
) -> anyhow::Result<()> {
    let threads = tuning.threads;
    // The last tenth is held out whole: the input comes game by game, and positions of one
    // game are too alike for an error on its other positions to show what the fit learnt.
    let mut fit = read_samples(input)?;
    let held = fit.split_off(fit.len() - fit.len() / 10);
    anyhow::ensure!(!fit.is_empty(), "no samples on the input");
    let k = fit_scale(&fit, from, threads);
    writeln!(
        err,
        "{} samples fitted, {} held out; scale {k:.4}; error {:.6}, held out {:.6}",
        fit.len(),
        held.len(),
        error(&fit, from, k, threads),
        error(&held, from, k, threads)
    )?;
    let tuning = Tuning { scale: k, ..tuning };
    let tuned = tune(&fit, from, tuning, &mut |pass| {
        // Progress only: a closed stderr does not stop the tuning.
        let _ = writeln!(
            err,
            "pass {}: error {:.6}, {} weights changed",
            pass.number, pass.error, pass.changed
        );
    });
    writeln!(
        err,
        "tuned: error {:.6}, held out {:.6}",
        error(&fit, &tuned, k, threads),
        error(&held, &tuned, k, threads)
    )?;
    let tuned = if squares.steps > 0 {
        let fitted = fit_squares(&fit, &tuned, k, squares.steps, squares.l2);
        writeln!(
            err,
            "piece-square tables fitted: error {:.6}, held out {:.6}",
            error(&fit, &fitted, k, threads),
            error(&held, &fitted, k, threads)
        )?;
        fitted
    } else {
        tuned
    };
    writeln!(out, "{tuned:?}")?;
    Ok(())
}

/// A side of a match: one of our players, or a USI engine's command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contender {
    /// One of ours.
    Ours(Player),
    /// `usi:<command>`: the program and its arguments.
    Usi(Vec<String>),
}

impl FromStr for Contender {
    type Err = String;

    fn from_str(text: &str) -> Result<Contender, String> {
        match text.strip_prefix("usi:") {
            Some(command) => {
                let words: Vec<String> = command.split_whitespace().map(String::from).collect();
                if words.is_empty() {
                    return Err(
                        "`usi:` needs the engine's command, as in usi:fairy-stockfish".into(),
                    );
                }
                Ok(Contender::Usi(words))
            }
            None => text.parse().map(Contender::Ours),
        }
    }
}

/// A USI engine's command line, given as `usi:<command>`: the program and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsiCommand(pub Vec<String>);

impl FromStr for UsiCommand {
    type Err = String;

    fn from_str(text: &str) -> Result<UsiCommand, String> {
        match text.parse()? {
            Contender::Usi(words) => Ok(UsiCommand(words)),
            Contender::Ours(_) => Err(format!(
                "`{text}` is not a USI engine: use usi:<command>, as in usi:fairy-stockfish"
            )),
        }
    }
}

/// Parses `NAME=VALUE` (the first `=` separates them).
fn usi_option(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .filter(|(name, _)| !name.trim().is_empty())
        .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
        .ok_or_else(|| format!("`{text}` is not NAME=VALUE"))
}

/// How every game of a match is played.
#[derive(Debug, Clone)]
struct MatchSettings {
    budget: Option<Duration>,
    nodes: Option<u64>,
    usi_options: Vec<(String, String)>,
    usi_go: String,
    max_moves: usize,
    random_plies: usize,
    seed: u64,
    adjudication: Option<Adjudication>,
}

/// A side as a thread plays it: our player with the match's limits, or a running engine.
enum Side {
    Ours(Local),
    Usi(Box<UsiEngine>),
}

impl Side {
    fn start(contender: &Contender, settings: &MatchSettings) -> anyhow::Result<Side> {
        Ok(match contender {
            Contender::Ours(player) => Side::Ours(Local {
                player: *player,
                budget: settings.budget,
                nodes: settings.nodes,
            }),
            Contender::Usi(command) => Side::Usi(Box::new(UsiEngine::start(&UsiSpec {
                command: command.clone(),
                options: settings.usi_options.clone(),
                go: settings.usi_go.clone(),
            })?)),
        })
    }

    /// Why this side could not go on, if it is an engine that failed.
    fn failure(&mut self) -> Option<anyhow::Error> {
        match self {
            Side::Ours(_) => None,
            Side::Usi(engine) => engine.take_failure(),
        }
    }

    fn mover(&mut self) -> &mut dyn Mover {
        match self {
            Side::Ours(local) => local,
            Side::Usi(engine) => &mut **engine,
        }
    }
}

/// One thread's games: starts its own sides, then plays the games it takes from `next`
/// until there are none or a side fails.
fn play_games(
    a: &Contender,
    b: &Contender,
    games: u32,
    settings: &MatchSettings,
    next: &AtomicUsize,
    results: &mpsc::Sender<anyhow::Result<(usize, bool, MatchGame)>>,
) {
    let sides = Side::start(a, settings).and_then(|a| Ok((a, Side::start(b, settings)?)));
    let (mut side_a, mut side_b) = match sides {
        Ok(sides) => sides,
        Err(error) => {
            let _ = results.send(Err(error));
            return;
        }
    };
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= games as usize {
            break;
        }
        // Game 2k has `a` as sente, game 2k + 1 swaps; both use seed + k and its opening.
        let a_is_sente = index.is_multiple_of(2);
        let (sente, gote) = if a_is_sente {
            (side_a.mover(), side_b.mover())
        } else {
            (side_b.mover(), side_a.mover())
        };
        let seed = settings.seed + (index / 2) as u64;
        let start = opening(seed, settings.random_plies);
        let game = play_game(
            sente,
            gote,
            start,
            settings.max_moves,
            seed,
            settings.adjudication,
        );
        let result = match side_a.failure().or_else(|| side_b.failure()) {
            Some(error) => Err(error.context(format!("game {}", index + 1))),
            None => Ok((index, a_is_sente, game)),
        };
        let failed = result.is_err();
        if results.send(result).is_err() || failed {
            // Nobody else takes a game once one has failed.
            next.store(games as usize, Ordering::Relaxed);
            break;
        }
    }
}

/// Plays `games` games (an even number) between `a` and `b` on `threads` threads and prints
/// each game as it ends, then the score, the adjudicated games and the endings.
fn run_match(
    out: &mut dyn Write,
    a: &Contender,
    b: &Contender,
    games: u32,
    threads: usize,
    settings: &MatchSettings,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let (sender, results) = mpsc::channel();
    thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..threads {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || play_games(a, b, games, settings, next, &sender));
        }
        drop(sender);
        let (mut score, mut played, mut adjudicated) = (0.0, 0u32, 0u32);
        let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
        let mut names: Option<(String, String)> = None;
        for result in results {
            let (index, a_is_sente, game) = result?;
            let (a_name, _) = names.get_or_insert_with(|| {
                if a_is_sente {
                    (game.sente.clone(), game.gote.clone())
                } else {
                    (game.gote.clone(), game.sente.clone())
                }
            });
            let points = points(&game, a_is_sente);
            score += points;
            played += 1;
            adjudicated += u32::from(game.adjudicated);
            match points {
                p if p > 0.75 => wins += 1,
                p if p < 0.25 => losses += 1,
                _ => draws += 1,
            }
            let opening: Vec<String> = game.opening.iter().map(Move::to_string).collect();
            writeln!(
                out,
                "game {}: {} (sente) vs {} (gote){}: {}{}{} after {} moves; {a_name} {score} / {played}",
                index + 1,
                game.sente,
                game.gote,
                if opening.is_empty() {
                    String::new()
                } else {
                    format!(" from {}", opening.join(" "))
                },
                game.outcome,
                if game.adjudicated {
                    " (adjudicated)"
                } else {
                    ""
                },
                game.illegal
                    .map(|mv| format!(" (the loser answered the illegal move {mv})"))
                    .unwrap_or_default(),
                game.moves
            )?;
            out.flush()?;
        }
        let (a_name, b_name) = names.unwrap_or_default();
        writeln!(
            out,
            "{a_name} scored {score} / {played} ({:.3}; {wins} won, {draws} drawn, {losses} lost, \
             {adjudicated} adjudicated) against {b_name}",
            score / f64::from(played.max(1))
        )?;
        Ok(())
    })
}

/// The line under the board, in English (the command line has no catalogue): the result,
/// capitalised, or whose turn it is.
fn english_status(position: &Position, outcome: Option<Outcome>) -> String {
    match outcome {
        Some(outcome) => {
            let mut text = outcome.to_string();
            if let Some(first) = text.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            text
        }
        None => match position.turn() {
            Color::Sente => "先手番 Sente to move".into(),
            Color::Gote => "後手番 Gote to move".into(),
        },
    }
}

fn moves(line: &str) -> Result<String, String> {
    let position: Position = line.parse().map_err(|e| format!("invalid SFEN: {e}"))?;
    let moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    Ok(moves.join(" "))
}

fn play(line: &str) -> Result<String, String> {
    let (sfen, usi) = line
        .split_once('\t')
        .ok_or("expected <SFEN><TAB><USI move>")?;
    let position: Position = sfen.parse().map_err(|e| format!("invalid SFEN: {e}"))?;
    let mv: Move = usi.trim().parse().map_err(|e| format!("{e}"))?;
    Ok(match position.play(mv) {
        Ok(next) => next.to_string(),
        Err(reason) => format!("illegal: {reason}"),
    })
}
