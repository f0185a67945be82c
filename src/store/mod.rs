//! Durable state: challenges, games, the channel → game index, and the outbox of writes owed
//! to Discord (every transaction that writes a game owes its board in the same transaction;
//! see `outbox.rs`). The records live in key spaces ([`Tree`]) kept by a backend: sled (the
//! default: one embedded database per process; see `sled/`) or PostgreSQL (one database shared
//! by every process; see `postgres/`). Both implement the narrow seam of `backend.rs`;
//! everything else is written once, against the key-space layer of `space.rs`, and knows no
//! backend. Only `open.rs` picks one, as the configuration says.
//!
//! Every record is stored as a JSON envelope `{"schema": 2, "revision": n, "record": {...}}`
//! (see `codec.rs`).
//! A game is stored in three parts, written in one transaction: a small head in `games` (the
//! envelope with the revision, and what changes during play: channel, board message, move
//! count, retired seats, deadline), and in `game_parts` its setup under the game id (seats,
//! rules, start position…: written once) and one key per move (game id, ply → the move's
//! notation text). A move appends one key and rewrites the small head, so a game of n moves
//! writes O(n) bytes, not O(n²) as when every move rewrote the whole record. Moves are
//! append-only: an update writes the moves beyond the stored count (and removes any beyond the
//! new count); the setup is rewritten only if it differs. When the game is over, the
//! transaction that finishes it (and writes its history entry, which holds the whole record)
//! removes its setup and moves from `game_parts`: the head is marked `archived`, and reads take
//! the setup and moves from the history entry. sled's memory grows with the number of keys, and
//! finished games are most of a store, so each keeps only its head, its history entry and the
//! history's index keys, whatever its length.
//!
//! The store is game-neutral: records carry their [`GameKind`], seats, rules and moves as the
//! game's own serde form and notation; only the app's adapters know what they mean. A database
//! of schema 1 (Ô ăn quan only) is migrated once when opened (see `migrate.rs`).
//! Updates name the revision they were computed from and are applied with compare-and-swap
//! inside a transaction, so two racing writers (in one process or, on PostgreSQL, in several)
//! apply at most one change. Every write is on stable storage before the call returns (sled's
//! flush then `fdatasync`, see `sled/durable.rs`; a PostgreSQL commit with
//! `synchronous_commit` on), so an acknowledged change survives a crash of the process, of the
//! OS, or a power cut. A record that fails to decode is reported as [`StoreError::Corrupt`] and
//! never overwritten.

mod backend;
mod backup;
mod changes;
mod codec;
pub mod copy;
mod counts;
mod error;
mod format;
mod game_parts;
mod games;
mod handle;
mod ids;
mod listed;
mod migrate;
mod open;
mod outbox;
mod play;
mod postgres;
mod records;
mod schema1;
mod settings;
mod sled;
mod social;
mod social_keys;
mod space;
mod tournaments;
mod tree;
mod tx;

pub use self::sled::db::{DEFAULT_CACHE_BYTES, LOCK_WAIT};
pub use self::sled::reshard;
pub use self::sled::GroupCommit;
pub use backup::Backup;
pub use changes::CHANGES_CHANNEL;
pub use codec::Stored;
pub use error::{BackendError, StoreError};
pub use format::{COUNTER_BITS, COUNTER_LIMIT, SCHEMA};
pub use handle::Store;
pub use outbox::{Note, Owed, OwedKey, OwedWrite};
pub use play::{BotRecord, BotResult, BotTally, Score};
pub use records::{
    Acceptance, ChallengeRecord, ChannelEntry, FirstPlayer, GameKind, GameRecord, Hand, Level,
    Lobby, Player, Retired, Retirement, UnknownLevel,
};
pub use settings::GuildSettings;
pub use social::{
    score, FinishedGame, Glicko, LeaderboardPage, RateFn, RatingChange, RatingPoint, RatingRecord,
};
pub use tournaments::{Entry, Format, Played, Stage, TournamentRecord};
pub use tree::Tree;
