//! The `oaq-bot engine <game> …` commands: each engine on stdin/stdout, so anyone can check it
//! against other implementations.

use std::io::{self, BufRead, Write};

use clap::Subcommand;

pub mod chinese_checkers;
pub mod oaq;
pub mod shogi;
pub mod store;
pub mod usi;
pub mod usi_engine;

/// `oaq-bot engine <game> …`
#[derive(Debug, Subcommand)]
pub enum EngineCommand {
    /// Ô ăn quan: perft, legal moves, playing moves, computer-opponent matches.
    Oaq {
        #[command(subcommand)]
        command: oaq::OaqCommand,
    },
    /// Chinese checkers for 2, 3, 4 or 6 players.
    ChineseCheckers {
        #[command(subcommand)]
        command: chinese_checkers::ChineseCheckersCommand,
    },
    /// Shogi: perft, legal moves, playing moves and computer matches.
    Shogi {
        #[command(subcommand)]
        command: shogi::ShogiCommand,
    },
}

impl EngineCommand {
    /// Runs the command against the process's stdin, stdout and stderr.
    pub fn run(self) -> anyhow::Result<()> {
        if let EngineCommand::Shogi {
            command: shogi::ShogiCommand::Usi,
        } = self
        {
            // USI reads and writes from two threads: the streams are not locked for it here.
            let input = Box::new(io::BufReader::new(io::stdin()));
            return Ok(usi::serve(input, &mut io::stdout())?);
        }
        let stdin = io::stdin();
        let stdout = io::stdout();
        let stderr = io::stderr();
        let (mut input, mut out, mut err) = (stdin.lock(), stdout.lock(), stderr.lock());
        match self {
            EngineCommand::Oaq { command } => command.run(&mut input, &mut out, &mut err),
            EngineCommand::ChineseCheckers { command } => {
                command.run(&mut input, &mut out, &mut err)
            }
            EngineCommand::Shogi { command } => command.run(&mut input, &mut out, &mut err),
        }
    }
}

/// Answers a stream of requests, one per input line.
///
/// `answer` turns a line into the text to print on `out`; when it fails, its message goes to
/// `err` (prefixed with the line number) and an empty line goes to `out`, so that output line `k`
/// always answers input line `k` and the remaining lines are still answered. Blank input lines
/// are skipped.
pub fn answer_lines(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> io::Result<()> {
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        match answer(line) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(message) => {
                writeln!(err, "line {}: {message}", index + 1)?;
                writeln!(out)?;
            }
        }
    }
    out.flush()
}

/// Prints one line `<d> <nodes>` for each depth `1..=depth`.
pub fn print_perft(
    out: &mut dyn Write,
    depth: u32,
    mut nodes_at: impl FnMut(u32) -> u64,
) -> io::Result<()> {
    for d in 1..=depth {
        writeln!(out, "{d} {}", nodes_at(d))?;
    }
    out.flush()
}
