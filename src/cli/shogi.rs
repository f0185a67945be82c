//! `oaq-bot engine shogi …`: the Shogi engine on stdin/stdout.

use std::io::{BufRead, Write};

use clap::Subcommand;

use super::{answer_lines, print_perft};
use crate::games::shogi::{Move, Position};

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
        }
        Ok(())
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
