//! The seam between the store's logic and the database that keeps its bytes: what a backend
//! must give, and nothing more. A backend keeps named key spaces ([`Tree`]) of ordered
//! byte keys and values, reads, writes and scans them in key order, and runs a transaction
//! over several key spaces that commits whole or not at all; [`Backend::sync`] makes every
//! write so far durable. Besides, it answers the three questions only the database can: whether
//! every process shares it, where a new id counter starts, and how it is backed up while the
//! bot runs. sled (`sled/`) and PostgreSQL (`postgres/`) implement it; the store's logic is
//! written once, above it (see `space.rs`), and never asks which one it runs on.
//!
//! A transaction's body may run more than once (after a conflict with another writer), so it
//! must have no effect but its writes.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Bound;
use std::path::Path;

use super::backup::{Backup, Gate};
use super::error::{BackendError, StoreError};
use super::tree::Tree;

/// A key or a value, as a backend hands it over.
pub type Bytes = Vec<u8>;

/// A key and its value, as scans yield them.
pub type Entry = (Bytes, Bytes);

/// An ordered scan of a key space: entries are read as the scan goes, not from one snapshot.
pub type Scan = Box<dyn Iterator<Item = Result<Entry, BackendError>> + Send>;

/// Why a transaction's body stopped.
#[derive(Debug)]
pub enum TxError {
    /// What it read changed under it: the backend runs it again.
    Retry,
    /// The transaction ends with nothing written, and the store call with this error.
    Abort(StoreError),
}

impl From<BackendError> for TxError {
    fn from(error: BackendError) -> TxError {
        TxError::Abort(StoreError::Backend(error))
    }
}

/// The result of a step of a transaction's body.
pub type TxResult<T> = Result<T, TxError>;

/// The key spaces as one transaction sees them.
pub trait Tx {
    /// The value stored under `key` in `space`, as this transaction sees it.
    fn get(&self, space: Tree, key: &[u8]) -> TxResult<Option<Bytes>>;
    /// Stores `value` under `key` in `space` when the transaction commits.
    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> TxResult<()>;
    /// Removes `key` from `space` when the transaction commits.
    fn remove(&self, space: Tree, key: &[u8]) -> TxResult<()>;
}

/// The body of a transaction (see [`Backend::transaction`]).
pub type Body<'f> = &'f dyn Fn(&dyn Tx) -> TxResult<()>;

/// A database that keeps the store's key spaces.
pub trait Backend: fmt::Debug + Send + Sync {
    /// The value stored under `key` in `space`.
    fn get(&self, space: Tree, key: &[u8]) -> Result<Option<Bytes>, BackendError>;

    /// Stores `value` under `key` in `space`, on its own, outside any transaction.
    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> Result<(), BackendError>;

    /// Stores every entry of `entries` in `space`, in batches, each applied whole.
    fn put_all(&self, space: Tree, entries: &BTreeMap<Bytes, Bytes>) -> Result<(), BackendError>;

    /// The entries of `space` whose keys are between `lo` and `hi`, in key order.
    fn range(&self, space: Tree, lo: Bound<Bytes>, hi: Bound<Bytes>) -> Scan;

    /// Runs `body` as one transaction over `spaces`: every write it makes is applied or none
    /// is. A body that returns [`TxError::Retry`], or whose reads another writer changed, runs
    /// again; one that returns [`TxError::Abort`] ends the transaction with that error.
    fn transaction(&self, spaces: &[Tree], body: Body<'_>) -> Result<(), StoreError>;

    /// Makes every write made so far by the calling thread durable (on stable storage).
    fn sync(&self) -> Result<(), BackendError>;

    /// Whether every process of the bot uses this one database, each serving the servers of
    /// its own shards (else each process has a database of its own).
    fn shared(&self) -> bool;

    /// Whether the database can be reached now (a server that is down, or a connection that
    /// cannot be made, is [`BackendError::Unreachable`]); an embedded one always can.
    fn reachable(&self) -> Result<(), BackendError> {
        Ok(())
    }

    /// Tells every process sharing the database that game `game` changed (see `changes.rs`);
    /// only a shared database has other processes to tell.
    fn announce(&self, _game: u64) -> Result<(), BackendError> {
        Ok(())
    }

    /// Hands every game id announced by any process sharing the database to `sink`, from now
    /// on, for as long as the process runs (reconnecting after the database comes back).
    fn listen(&self, _sink: Box<dyn Fn(u64) + Send + Sync>) {}

    /// The least value a new id counter may start from (see `ids.rs`).
    fn id_floor(&self) -> Result<u64, BackendError>;

    /// Writes a consistent copy of every key space into `dir` while writers that hold `gate`
    /// go on (see `sled/backup.rs`).
    fn backup(&self, dir: &Path, gate: &Gate) -> Result<Backup, StoreError>;
}
