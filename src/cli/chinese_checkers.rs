//! `oaq-bot engine chinese-checkers …`: perft, legal moves, playing moves on stdin/stdout.

use std::io::{BufRead, Write};

use anyhow::Context;
use clap::{Args, Subcommand};

use super::{answer_lines, print_perft};
use crate::games::chinese_checkers::ai::{Level, Opponent};
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
    /// seat (a different one each game), LEVEL_B all the others.
    Match {
        /// easy, medium (or greedy) or hard.
        level_a: String,
        /// easy, medium (or greedy) or hard.
        level_b: String,
        /// Players per game: 2, 3, 4 or 6.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Thinking budget per move for `hard`, in milliseconds (converted to search nodes).
        #[arg(long, default_value_t = 1000)]
        budget_ms: u64,
        /// Seed of the first game; game k uses seed + k.
        #[arg(long, default_value_t = 1)]
        seed: u64,
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
                seed,
                rules,
            } => {
                let level_a: Level = level_a.parse().map_err(anyhow::Error::msg)?;
                let level_b: Level = level_b.parse().map_err(anyhow::Error::msg)?;
                let settings = MatchSettings {
                    players,
                    games,
                    budget_ms,
                    seed,
                    rules: rules.rules()?,
                };
                play_match(level_a, level_b, &settings, out)?;
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

struct MatchSettings {
    players: usize,
    games: u32,
    budget_ms: u64,
    seed: u64,
    rules: Rules,
}

/// Plays the series and prints one line per game, then the totals for `level_a`.
fn play_match(
    level_a: Level,
    level_b: Level,
    settings: &MatchSettings,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let MatchSettings {
        players,
        games,
        budget_ms,
        seed,
        rules,
    } = *settings;
    Position::start(players, rules).context("bad --players")?;
    let (mut wins, mut shared, mut plies) = (0u32, 0u32, 0usize);
    let (mut thinking, mut longest, mut thought) =
        (std::time::Duration::ZERO, std::time::Duration::ZERO, 0u32);
    for k in 0..games {
        let game_seed = seed.wrapping_add(k as u64);
        let mut game = Game::new(players, rules, game_seed)?;
        let seat_a = k as usize % game.position().players();
        let mut seats: Vec<Opponent> = (0..game.position().players())
            .map(|p| {
                let level = if p == seat_a { level_a } else { level_b };
                Opponent::new(level, game_seed.wrapping_mul(31).wrapping_add(p as u64))
                    .with_budget_ms(budget_ms)
            })
            .collect();
        while game.outcome().is_none() {
            let mover = game.position().to_move().index();
            let clock = std::time::Instant::now();
            let choice = seats[mover].choose(game.position());
            if mover == seat_a {
                let spent = clock.elapsed();
                thinking += spent;
                longest = longest.max(spent);
                thought += 1;
            }
            match choice {
                Some(mv) => game.play(&mv)?,
                None => game.pass()?,
            }
        }
        let outcome = game.outcome().context("the game ended")?;
        let place = outcome.place(Player::new(seat_a));
        let firsts = outcome.winners().count();
        if place == 1 && firsts == 1 {
            wins += 1;
        } else if place == 1 {
            shared += 1;
        }
        plies += game.turns().len();
        writeln!(
            out,
            "game {} seed {game_seed}: {level_a} in seat {} placed {place} of {players} after {} plies ({:?})",
            k + 1,
            seat_a + 1,
            game.turns().len(),
            outcome.reason()
        )?;
    }
    let score = (wins as f64 + shared as f64 / 2.0) / games.max(1) as f64;
    writeln!(
        out,
        "{level_a} vs {level_b}, {players} players, {games} games: {wins} wins, {shared} shared first places, score {score:.3}, mean {:.0} plies",
        plies as f64 / games.max(1) as f64
    )?;
    writeln!(
        out,
        "{level_a} thinking: mean {:.1} ms per move, longest {:.1} ms",
        thinking.as_secs_f64() * 1000.0 / thought.max(1) as f64,
        longest.as_secs_f64() * 1000.0
    )?;
    out.flush()?;
    Ok(())
}
