//! The `oaq-bot store …` commands: maintenance of the bot's databases while the bot is stopped.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use crate::shards::ShardRange;
use crate::store::reshard::{reshard, Side};

/// `oaq-bot store …`
#[derive(Debug, Subcommand)]
pub enum StoreCommand {
    /// Moves every record to the store that owns its server in a new shard layout (run it
    /// with the bot stopped; running it again changes nothing, or finishes an interrupted run).
    Reshard(ReshardArgs),
}

/// The old and the new layout: shard counts, and each store with its range of shards.
#[derive(Debug, Args)]
pub struct ReshardArgs {
    /// The old shard count.
    #[arg(long)]
    from_count: u32,
    /// An old store and its shards, as PATH=RANGE (`data/a=0-1`, `data/b=2`); repeat for
    /// every process of the old layout.
    #[arg(long = "from", value_name = "PATH=RANGE", required = true, value_parser = store_part)]
    from: Vec<(PathBuf, ShardRange)>,
    /// The new shard count.
    #[arg(long)]
    to_count: u32,
    /// A new store and its shards, as PATH=RANGE; repeat for every process of the new layout
    /// (a path may be both old and new).
    #[arg(long = "to", value_name = "PATH=RANGE", required = true, value_parser = store_part)]
    to: Vec<(PathBuf, ShardRange)>,
}

/// Parses `PATH=RANGE` (the last `=` separates them).
fn store_part(text: &str) -> Result<(PathBuf, ShardRange), String> {
    let (path, range) = text
        .rsplit_once('=')
        .filter(|(path, _)| !path.is_empty())
        .ok_or_else(|| format!("`{text}` is not PATH=RANGE (for example data/a=0-1)"))?;
    let range = range.parse::<ShardRange>().map_err(|e| e.to_string())?;
    Ok((PathBuf::from(path), range))
}

impl StoreCommand {
    /// Runs the command, printing what it did on stdout.
    pub fn run(self) -> anyhow::Result<()> {
        match self {
            StoreCommand::Reshard(args) => {
                let from = Side::new("old", args.from_count, args.from)?;
                let to = Side::new("new", args.to_count, args.to)?;
                let report = reshard(&from, &to)
                    .context("reshard stopped (stop every bot process using these stores first)")?;
                println!("{report}");
                Ok(())
            }
        }
    }
}
