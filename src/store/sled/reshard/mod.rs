//! Moving records between the stores of two shard layouts (`oaq-bot store reshard`), while the
//! bot is stopped.
//!
//! Each process of a sharded bot has its own store, holding the servers of its shards (see
//! `crate::shards`). When the shard count changes, every record goes to the new store that owns
//! its server: `shard_of(guild, new count)`; records of direct messages (no guild) go to the
//! store of shard 0. How a record's server is found, tree by tree:
//! - `games`, `game_parts`, `history`: the game's guild (its setup, or its history entry);
//! - `challenges`: the challenge's guild;
//! - `channels`: the guild of the challenge or game the channel is busy with;
//! - `outbox`: the guild of the game whose board is owed; for a note, its own guild, or (a note
//!   written before notes kept it) the guild of the challenge or game it was written for, else
//!   of any record played in the note's channel;
//! - `ratings`, `leaderboard`, `leaderboard_sizes`, `rating_points`, `history_by_guild`,
//!   `history_by_player`, `guild_settings`: the guild in the key.
//!
//! A record whose server cannot be found (a channel entry or note whose challenge or game is
//! gone, or a damaged record) goes to the store of shard 0 and is listed in the report: it is
//! never dropped.
//!
//! `bot_records` (each person's tally against the computer) are per person across servers: each
//! tally is copied to every new store. Where several stores hold a tally for the same person
//! (a person who played in servers of two processes), the one with the most games is kept, the
//! others are replaced: tallies are never summed, since summing would count games twice after a
//! split and a merge. The person's games in the other servers are then missing from the tally:
//! that is the price of keeping each process independent.
//!
//! The order keeps every record safe: everything is read and planned first, and conflicts
//! (one key with different contents in two stores) stop the run before anything is written;
//! then the records are copied to their new stores, which are flushed and synced; then every copy is read
//! back and compared; only then is each record removed from the stores it no longer belongs
//! to, and those are flushed. Every new store's id counter is raised to the highest counter of
//! all the stores, so that no id is handed out twice (see `ids.rs`).
//!
//! Running it again changes nothing; running it again after a crash finishes the job (a record
//! held with the same contents by two stores is the trace of an interrupted run, not a
//! conflict). Every record is read into memory: the machine needs about as much memory as the
//! databases take on disk.

mod error;
mod report;
mod route;
mod run;
mod side;

pub use super::super::counts::Counts;
pub use error::ReshardError;
pub use report::{Orphan, Report, StoreCounts};
pub use run::reshard;
pub use side::Side;
