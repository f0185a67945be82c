//! `oaq-bot engine oaq …`: perft, legal moves and playing moves on stdin/stdout.

use std::io::{BufRead, Write};

use clap::{Args, Subcommand};

use crate::games::oaq::{Move, Position, Preset, Rules};

/// The rules flags shared by every `oaq` command.
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// Rules preset: standard, folk or young.
    #[arg(long = "rules", value_name = "PRESET", default_value = "standard")]
    preset: Preset,
    /// Changes one option of the preset (repeatable), e.g. `--rule quan_value=5`.
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = parse_rule)]
    rule: Vec<String>,
}

/// Accepts `key=value` only if it names a real option and value.
fn parse_rule(pair: &str) -> Result<String, String> {
    Rules::standard()
        .set_pair(pair)
        .map(|()| pair.to_owned())
        .map_err(|e| e.to_string())
}

impl RulesArgs {
    /// The preset with every `--rule` applied in order.
    pub fn rules(&self) -> Rules {
        let mut rules = self.preset.rules();
        for pair in &self.rule {
            // Each pair was validated by `parse_rule` when the flags were read.
            let _ = rules.set_pair(pair);
        }
        rules
    }
}

/// `oaq-bot engine oaq <command>`
#[derive(Debug, Subcommand)]
pub enum OaqCommand {
    /// Prints `<d> <nodes>` for each depth 1..=DEPTH.
    Perft {
        /// Deepest depth to count.
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long, value_name = "POSITION")]
        position: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Reads a position string per line and prints its legal moves on one line.
    Moves {
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Reads `<position><TAB><move>` lines and prints the position after each move, or
    /// `illegal: <reason>`.
    Play {
        #[command(flatten)]
        rules: RulesArgs,
    },
}

impl OaqCommand {
    /// Runs the command; per-line problems go to `err` and the remaining lines are answered.
    pub fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        match self {
            OaqCommand::Perft {
                depth,
                position,
                rules,
            } => {
                let rules = rules.rules();
                let start = match position {
                    Some(text) => Position::parse(&text, rules)
                        .map_err(|e| anyhow::anyhow!("--position `{text}`: {e}"))?,
                    None => Position::start(rules),
                };
                super::print_perft(out, depth, |d| start.perft(d))?;
            }
            OaqCommand::Moves { rules } => {
                let rules = rules.rules();
                super::answer_lines(input, out, err, |line| {
                    let position = Position::parse(line, rules).map_err(|e| e.to_string())?;
                    let moves: Vec<String> =
                        position.legal_moves().iter().map(Move::to_string).collect();
                    Ok(moves.join(" "))
                })?;
            }
            OaqCommand::Play { rules } => {
                let rules = rules.rules();
                super::answer_lines(input, out, err, |line| {
                    let (position, mv) = line
                        .split_once('\t')
                        .ok_or_else(|| "expected <position><TAB><move>, found no tab".to_owned())?;
                    let position = Position::parse(position, rules).map_err(|e| e.to_string())?;
                    let mv: Move = mv
                        .trim()
                        .parse()
                        .map_err(|e: crate::games::oaq::ParseError| e.to_string())?;
                    Ok(match position.play(mv) {
                        Ok(after) => after.to_string(),
                        Err(illegal) => format!("illegal: {illegal}"),
                    })
                })?;
            }
        }
        Ok(())
    }
}
