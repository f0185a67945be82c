//! `oaq-bot engine chinese-checkers …`: perft, legal moves, playing moves on stdin/stdout.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};

use super::{answer_lines, print_perft};
use crate::games::chinese_checkers::ai::{Level, Opponent};
use crate::games::chinese_checkers::EndReason;
use crate::games::chinese_checkers::{Game, Move, Player, Position, Rules};

/// Options shared by every command: the rule options in force.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule option `key=value` (goal_lock, foreign_stop, anti_spoil, long_jumps, play_on,
    /// sets, move_limit); repeat for several.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
}

impl RuleArgs {
    fn rules(&self) -> anyhow::Result<Rules> {
        let mut rules = Rules::default();
        for assignment in &self.rules {
            rules
                .set(assignment)
                .with_context(|| format!("bad --rule {assignment}"))?;
        }
        Ok(rules)
    }
}

/// `oaq-bot engine chinese-checkers …`
#[derive(Debug, Subcommand)]
pub enum ChineseCheckersCommand {
    /// Counts the leaf nodes of the game tree for each depth 1..=DEPTH.
    Perft {
        /// How many plies deep.
        depth: u32,
        /// Start from this position string instead of the start.
        #[arg(long)]
        position: Option<String>,
        /// Players at the start: 2, 3, 4 or 6 (ignored with --position).
        #[arg(long, default_value_t = 2)]
        players: usize,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Reads a position per line; prints its legal moves `from-to` on one line (`pass` when the
    /// player has none, an empty line when the game is over).
    Moves {
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Reads `<position><TAB><move>` per line (move `from-to`, a hop path `D2>F4>H6`, or
    /// `pass`); prints the position after it, or `illegal: <reason>`.
    Play {
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Replays a game record on stdin, as `/chinese-checkers replay` prints it: `#` lines are
    /// comments, the others hold moves (`from-to`, a hop path, or `pass`) and `left:<n>` where
    /// player n (1 for the first seat) left the game. Prints the position after each line,
    /// then the places (`places: 1 3 2 4`) or `in play`.
    Replay {
        /// The start position, as the record's header gives it.
        #[arg(long)]
        start: String,
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Plays a series of games between two levels and reports the results. LEVEL_A takes one
    /// seat, LEVEL_B all the others; game k puts LEVEL_A in seat k mod PLAYERS and seat 1 always
    /// moves first, so LEVEL_A moves first, second, … in turn (with two players, it alternates).
    Match {
        /// easy, medium (or greedy), hard, reference (or hard-v1).
        level_a: String,
        /// easy, medium (or greedy), hard, reference (or hard-v1).
        level_b: String,
        /// Players per game: 2, 3, 4 or 6.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Thinking budget per move for LEVEL_A, in milliseconds (time for `hard`, search nodes
        /// for `reference`; the greedy levels ignore it).
        #[arg(long, default_value_t = 1000)]
        budget_ms: u64,
        /// Thinking budget per move for LEVEL_B, in milliseconds (default: --budget-ms).
        #[arg(long)]
        budget_b_ms: Option<u64>,
        /// Seed of the first game; game k uses seed + k.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once, each on its own thread. Timed levels think less well when the
        /// threads outnumber the free cores.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[command(flatten)]
        rules: RuleArgs,
    },
}

impl ChineseCheckersCommand {
    /// Runs the command on the given streams.
    pub fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        match self {
            ChineseCheckersCommand::Perft {
                depth,
                position,
                players,
                rules,
            } => {
                let rules = rules.rules()?;
                let start = match position {
                    Some(text) => Position::parse(&text, rules).context("bad --position")?,
                    None => Position::start(players, rules).context("bad --players")?,
                };
                print_perft(out, depth, |d| start.perft(d))?;
            }
            ChineseCheckersCommand::Moves { rules } => {
                let rules = rules.rules()?;
                answer_lines(input, out, err, |line| moves_line(line, rules))?;
            }
            ChineseCheckersCommand::Play { rules } => {
                let rules = rules.rules()?;
                answer_lines(input, out, err, |line| play_line(line, rules))?;
            }
            ChineseCheckersCommand::Replay { start, rules } => {
                let start = Position::parse(&start, rules.rules()?).context("bad --start")?;
                replay_record(Game::from_position(start), input, out)?;
            }
            ChineseCheckersCommand::Match {
                level_a,
                level_b,
                players,
                games,
                budget_ms,
                budget_b_ms,
                seed,
                threads,
                rules,
            } => {
                let settings = MatchSettings {
                    levels: [
                        level_a.parse().map_err(anyhow::Error::msg)?,
                        level_b.parse().map_err(anyhow::Error::msg)?,
                    ],
                    budgets: [budget_ms, budget_b_ms.unwrap_or(budget_ms)],
                    players,
                    games,
                    seed,
                    threads: threads.max(1),
                    rules: rules.rules()?,
                };
                play_match(&settings, out)?;
            }
        }
        Ok(())
    }
}

fn moves_line(line: &str, rules: Rules) -> Result<String, String> {
    let position = Position::parse(line, rules).map_err(|e| e.to_string())?;
    if position.must_pass() {
        return Ok("pass".to_string());
    }
    let moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    Ok(moves.join(" "))
}

fn play_line(line: &str, rules: Rules) -> Result<String, String> {
    let (position, mv) = line
        .split_once('\t')
        .ok_or("expected <position><TAB><move>")?;
    let position = Position::parse(position, rules).map_err(|e| e.to_string())?;
    let result = if mv.trim() == "pass" {
        position.pass()
    } else {
        let mv: Move = mv
            .parse()
            .map_err(|e: crate::games::chinese_checkers::ParseError| e.to_string())?;
        position.play(&mv)
    };
    Ok(match result {
        Ok(next) => next.to_string(),
        Err(illegal) => format!("illegal: {illegal}"),
    })
}

/// Plays a record's lines on `game`, printing the position after each line and the places at
/// the end; the first illegal move or unreadable token stops it with an error naming it.
fn replay_record(
    mut game: Game,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        for token in line.split_whitespace() {
            if let Some(number) = token.strip_prefix("left:") {
                let number: usize = number
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1 && n <= game.position().players())
                    .with_context(|| format!("`{token}` names no player"))?;
                game.retire(Player::new(number - 1));
            } else if token == "pass" {
                game.pass().with_context(|| format!("`{token}`"))?;
            } else {
                let mv: Move = token
                    .parse()
                    .map_err(|e| anyhow::anyhow!("`{token}`: {e}"))?;
                game.play(&mv).with_context(|| format!("`{token}`"))?;
            }
        }
        writeln!(out, "{}", game.position())?;
    }
    match game.outcome() {
        Some(outcome) => {
            let places: Vec<String> = (0..game.position().players())
                .map(|p| outcome.place(Player::new(p)).to_string())
                .collect();
            writeln!(out, "places: {}", places.join(" "))?;
        }
        None => writeln!(out, "in play")?,
    }
    out.flush()?;
    Ok(())
}

/// A series of games between two levels.
#[derive(Clone, Copy)]
struct MatchSettings {
    /// Level A (one seat) and level B (the others).
    levels: [Level; 2],
    /// Budgets per move of A and B, in milliseconds.
    budgets: [u64; 2],
    players: usize,
    games: u32,
    seed: u64,
    threads: usize,
    rules: Rules,
}

/// One finished game, seen from level A's seat.
struct GameResult {
    /// 0-based game number.
    index: u32,
    seed: u64,
    seat: usize,
    place: u8,
    /// Players sharing first place.
    firsts: usize,
    plies: usize,
    reason: EndReason,
    /// Level A's thinking time per move.
    times: Vec<Duration>,
    /// Level A's completed search depth per move.
    depths: Vec<u32>,
}

/// Plays game `index` of the series.
fn play_game(settings: &MatchSettings, index: u32) -> anyhow::Result<GameResult> {
    let game_seed = settings.seed.wrapping_add(u64::from(index));
    let start = Position::start(settings.players, settings.rules).context("bad --players")?;
    let players = start.players();
    let seat = index as usize % players;
    let mut game = Game::from_position(start);
    let mut seats: Vec<Opponent> = (0..players)
        .map(|p| {
            let side = usize::from(p != seat);
            Opponent::new(
                settings.levels[side],
                game_seed.wrapping_mul(31).wrapping_add(p as u64),
            )
            .with_budget_ms(settings.budgets[side])
        })
        .collect();
    let (mut times, mut depths) = (Vec::new(), Vec::new());
    while game.outcome().is_none() {
        let mover = game.position().to_move().index();
        let clock = Instant::now();
        let (choice, report) = seats[mover].choose_with_report(game.position());
        if mover == seat {
            times.push(clock.elapsed());
            depths.push(report.depth);
        }
        match choice {
            Some(mv) => game.play(&mv)?,
            None => game.pass()?,
        }
    }
    let outcome = game.outcome().context("the game ended")?;
    Ok(GameResult {
        index,
        seed: game_seed,
        seat,
        place: outcome.place(Player::new(seat)),
        firsts: outcome.winners().count(),
        plies: game.turns().len(),
        reason: outcome.reason(),
        times,
        depths,
    })
}

/// Plays the series on `settings.threads` threads, printing each game as it ends, then the
/// totals for level A.
fn play_match(settings: &MatchSettings, out: &mut dyn Write) -> anyhow::Result<()> {
    Position::start(settings.players, settings.rules).context("bad --players")?;
    let next = AtomicU32::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut results = Vec::new();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..settings.threads.min(settings.games.max(1) as usize) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= settings.games {
                    break;
                }
                let result = play_game(settings, index);
                let failed = result.is_err();
                if sender.send(result).is_err() || failed {
                    break;
                }
            });
        }
        drop(sender);
        for result in receiver {
            let result = result?;
            print_game(settings, &result, out)?;
            results.push(result);
        }
        Ok(())
    })?;
    results.sort_by_key(|r| r.index);
    print_totals(settings, &results, out)?;
    out.flush()?;
    Ok(())
}

/// One line per game.
fn print_game(
    settings: &MatchSettings,
    result: &GameResult,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "game {} seed {}: {} in seat {} placed {} of {} after {} plies ({:?})",
        result.index + 1,
        result.seed,
        settings.levels[0],
        result.seat + 1,
        result.place,
        settings.players,
        result.plies,
        result.reason
    )?;
    out.flush()?;
    Ok(())
}

/// Two lines of totals for level A: results, then thinking time and depth.
fn print_totals(
    settings: &MatchSettings,
    results: &[GameResult],
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let games = results.len().max(1) as f64;
    let wins = results
        .iter()
        .filter(|r| r.place == 1 && r.firsts == 1)
        .count();
    let shared = results
        .iter()
        .filter(|r| r.place == 1 && r.firsts > 1)
        .count();
    let losses = results.len() - wins - shared;
    let score = (wins as f64 + shared as f64 / 2.0) / games;
    let mean_place = results.iter().map(|r| f64::from(r.place)).sum::<f64>() / games;
    let plies = results.iter().map(|r| r.plies).sum::<usize>() as f64 / games;
    let [a, b] = settings.levels;
    writeln!(
        out,
        "{a} vs {b}, {} players, {} games: {wins} wins, {shared} shared first places, {losses} losses, score {score:.3}, win rate {:.3}, mean place {mean_place:.2}, mean {plies:.0} plies",
        settings.players,
        results.len(),
        wins as f64 / games,
    )?;
    let mut times: Vec<Duration> = results.iter().flat_map(|r| r.times.clone()).collect();
    times.sort();
    let depths: Vec<u32> = results.iter().flat_map(|r| r.depths.clone()).collect();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let mean = times.iter().sum::<Duration>().as_secs_f64() * 1000.0 / times.len().max(1) as f64;
    let longest = times.last().copied().unwrap_or_default();
    let mean_depth = depths.iter().map(|&d| f64::from(d)).sum::<f64>() / depths.len().max(1) as f64;
    let tolerance = Duration::from_millis(settings.budgets[0]).mul_f64(1.1);
    let over = times.iter().filter(|&&t| t > tolerance).count();
    writeln!(
        out,
        "{a} thinking: median {:.1} ms per move (budget {} ms), mean {mean:.1} ms, longest {:.1} ms, {over} of {} moves over budget + 10%, mean depth {mean_depth:.1}",
        ms(median),
        settings.budgets[0],
        ms(longest),
        times.len()
    )?;
    Ok(())
}
