//! What can go wrong in the store, in two parts: [`StoreError`] says what a caller decides on
//! (a conflict, a busy channel, a damaged or newer record, a database that cannot be opened…),
//! and [`BackendError`], wrapped whole by [`StoreError::Backend`], what the database under the
//! store reported. Neither names a backend's own types: a backend turns its errors into a
//! [`BackendError`] where they arise.

use thiserror::Error;

use super::format::{COUNTER_LIMIT, SCHEMA};
use super::records::ChannelEntry;

/// A backend's own error, kept as its source.
pub type Source = Box<dyn std::error::Error + Send + Sync>;

/// Something the store could not do.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database under the store failed (see [`BackendError`]).
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// The database could not be opened (missing permissions, locked by another process…).
    #[error("cannot open the database at `{path}`: {source} (is another copy of the bot running, or is the directory not writable?)")]
    Open {
        /// The database directory.
        path: String,
        /// The backend's reason.
        source: Source,
    },
    /// A tool that works on sled's files was given a PostgreSQL store.
    #[error("{what} works on a sled store only: a PostgreSQL store is backed up with PostgreSQL's own tools (pg_dump, pg_basebackup) and changes its shards with a restart (see docs/scaling.md)")]
    SledOnly {
        /// The tool.
        what: &'static str,
    },
    /// `store copy` found records it cannot merge, or read back something else than it wrote.
    #[error("cannot copy the store: {reason}")]
    Copy {
        /// What is wrong.
        reason: String,
    },
    /// A backup could not be made (its target holds something, or is not writable).
    #[error("cannot back up into `{path}`: {reason}")]
    Backup {
        /// The backup's directory.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A record could not be decoded; it is left untouched.
    #[error("the {kind} record {key} is damaged and cannot be read ({reason}); it has been left untouched")]
    Corrupt {
        /// Which tree: `game`, `challenge` or `channel`.
        kind: &'static str,
        /// The record's key.
        key: u64,
        /// What failed.
        reason: String,
    },
    /// A record was written by a newer version of the program.
    #[error("the {kind} record {key} has schema version {found}, newer than the {SCHEMA} this program understands; upgrade the bot")]
    NewerSchema {
        /// Which tree.
        kind: &'static str,
        /// The record's key.
        key: u64,
        /// The schema version found.
        found: u32,
    },
    /// The record changed (or vanished) since the caller read it.
    #[error("the {kind} record {key} changed since it was read (expected revision {expected})")]
    Conflict {
        /// Which tree.
        kind: &'static str,
        /// The record's key.
        key: u64,
        /// The revision the caller named.
        expected: u64,
    },
    /// Every id of this store's counter has been handed out (2^33 of them).
    #[error("this database has handed out every id it can ({COUNTER_LIMIT}); reshard it into a new layout")]
    IdsExhausted,
    /// The channel already has a challenge or game.
    #[error("channel {channel} already has a challenge or game")]
    ChannelBusy {
        /// The channel.
        channel: crate::ids::ChannelId,
        /// What it holds.
        entry: ChannelEntry,
    },
}

impl StoreError {
    /// Whether the database could not be reached (its server down, restarting, or out of
    /// connections): nothing was changed, and the same call may work in a moment.
    pub fn unreachable(&self) -> bool {
        matches!(self, StoreError::Backend(BackendError::Unreachable(_)))
    }
}

/// What the database under the store reported.
#[derive(Debug, Error)]
pub enum BackendError {
    /// A read, write or flush failed, or the server refused a statement.
    #[error("database error: {0}")]
    Failed(#[source] Source),
    /// No connection to the database server could be made in time.
    #[error("cannot reach the database server: {0} (is it running, and is store.url right?)")]
    Unreachable(#[source] Source),
    /// `store.url` is not a PostgreSQL connection string.
    #[error("store.url is not a PostgreSQL connection string: {reason}")]
    Url {
        /// What is wrong with it.
        reason: String,
    },
    /// The database's files could not be synced to stable storage (`fdatasync`): nothing
    /// written since the last successful sync can be counted on after a power cut.
    #[error("cannot sync the database to disk: {0}")]
    Sync(#[source] std::io::Error),
}
