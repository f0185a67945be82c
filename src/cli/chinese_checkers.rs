//! `oaq-bot engine chinese-checkers …`: perft, legal moves, playing moves on stdin/stdout.

use std::io::{BufRead, Write};

use anyhow::Context;
use clap::{Args, Subcommand};

use super::{answer_lines, print_perft};
use crate::games::chinese_checkers::{Move, Position, Rules};

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
