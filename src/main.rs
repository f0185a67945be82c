//! The `oaq-bot` binary: command-line parsing, then the chosen command.

use clap::{Parser, Subcommand};
use oaq_bot::cli::EngineCommand;

/// A Discord bot that hosts Ô ăn quan, Shogi and Chinese checkers.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs a rules engine on stdin/stdout (perft, legal moves, playing moves, matches).
    Engine {
        #[command(subcommand)]
        game: EngineCommand,
    },
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Engine { game } => game.run(),
    }
}
