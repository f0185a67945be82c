//! sled as the store's backend (`store.backend = "sled"`, the default): one embedded database
//! per process, each key space a sled tree named as [`Tree::name`] says.
//!
//! sled's own flush is not enough to call a write durable: [`SledDb::sync`] runs it in a group
//! commit (`group_commit.rs`), so writers that arrive together share one flush, and then syncs
//! what it wrote to stable storage (`durable.rs`).

use std::collections::BTreeMap;
use std::ops::Bound;
use std::path::Path;
use std::time::{Duration, Instant};

use ::sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};
use ::sled::Transactional;

use super::backup::back_up;
use super::durable::Durable;
use super::error::open_error;
use super::group_commit::GroupCommit;
use crate::store::backend::{Backend, Body, Bytes, Scan, Tx, TxError, TxResult};
use crate::store::backup::{Backup, Gate};
use crate::store::error::{BackendError, StoreError};
use crate::store::tree::Tree;

/// The most memory sled's cache of recently read records uses unless configured
/// (`store.cache_mb`): 64 MB.
pub const DEFAULT_CACHE_BYTES: u64 = 64 << 20;

/// How long [`SledDb::open`] waits for another holder of the database's lock to let go.
pub const LOCK_WAIT: Duration = Duration::from_secs(2);

/// Whether sled refused to open because another handle still holds the file lock.
fn lock_busy(error: &::sled::Error) -> bool {
    matches!(error, ::sled::Error::Io(io) if io.to_string().contains("could not acquire lock"))
}

/// An embedded sled database, owned by this process.
#[derive(Debug)]
pub struct SledDb {
    db: ::sled::Db,
    /// Every key space, in the order of [`Tree::ALL`].
    trees: Vec<::sled::Tree>,
    /// Shares flushes between writers that finish their transactions at the same time.
    commit: GroupCommit,
    /// Syncs what sled flushed to stable storage.
    durable: Durable,
}

impl SledDb {
    /// Opens (or creates) the database in `path`.
    ///
    /// sled locks its files; a database closed an instant ago (by this process, or by one that
    /// is still exiting) can hold the lock while its last background writes finish, so a busy
    /// lock is waited for, up to [`LOCK_WAIT`], before giving up.
    ///
    /// sled keeps recently read records in a cache of at most `cache_bytes` (sled's own default,
    /// 1 GiB, would let a long-running bot's memory grow far beyond what it needs).
    pub fn open(path: &Path, cache_bytes: u64) -> Result<SledDb, StoreError> {
        let started = Instant::now();
        let db = loop {
            match ::sled::Config::new()
                .path(path)
                .cache_capacity(cache_bytes)
                .open()
            {
                Ok(db) => break db,
                Err(source) if lock_busy(&source) && started.elapsed() < LOCK_WAIT => {
                    std::thread::sleep(Duration::from_millis(25));
                }
                Err(source) => return Err(open_error(path, source)),
            }
        };
        let durable = Durable::open(path).map_err(BackendError::Sync)?;
        SledDb::with(db, durable)
    }

    /// A database that lives in a temporary directory and disappears when dropped.
    pub fn temporary() -> Result<SledDb, StoreError> {
        SledDb::with(
            ::sled::Config::new().temporary(true).open()?,
            Durable::temporary(),
        )
    }

    fn with(db: ::sled::Db, durable: Durable) -> Result<SledDb, StoreError> {
        let trees = Tree::ALL
            .iter()
            .map(|tree| db.open_tree(tree.name()))
            .collect::<::sled::Result<_>>()?;
        Ok(SledDb {
            db,
            trees,
            commit: GroupCommit::new(),
            durable,
        })
    }

    /// The sled database, for the tools that work on its files (`reshard`).
    pub(super) fn db(&self) -> &::sled::Db {
        &self.db
    }

    /// The sled tree of key space `tree`.
    pub(super) fn tree(&self, tree: Tree) -> &::sled::Tree {
        &self.trees[tree.index()]
    }
}

/// Turns an error of sled inside a transaction into the body's: a conflict runs it again.
fn tx_error(error: UnabortableTransactionError) -> TxError {
    match error {
        UnabortableTransactionError::Conflict => TxError::Retry,
        UnabortableTransactionError::Storage(e) => BackendError::from(e).into(),
    }
}

/// The trees of one transaction, in the order they were named.
struct SledTx<'a> {
    spaces: &'a [Tree],
    trees: &'a [TransactionalTree],
}

impl SledTx<'_> {
    fn tree(&self, space: Tree) -> TxResult<&TransactionalTree> {
        self.spaces
            .iter()
            .position(|&s| s == space)
            .and_then(|i| self.trees.get(i))
            .ok_or_else(|| {
                BackendError::Failed(
                    format!(
                        "the key space {} is not part of the transaction",
                        space.name()
                    )
                    .into(),
                )
                .into()
            })
    }
}

impl Tx for SledTx<'_> {
    fn get(&self, space: Tree, key: &[u8]) -> TxResult<Option<Bytes>> {
        let value = self.tree(space)?.get(key).map_err(tx_error)?;
        Ok(value.map(|v| v.to_vec()))
    }

    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> TxResult<()> {
        self.tree(space)?.insert(key, value).map_err(tx_error)?;
        Ok(())
    }

    fn remove(&self, space: Tree, key: &[u8]) -> TxResult<()> {
        self.tree(space)?.remove(key).map_err(tx_error)?;
        Ok(())
    }
}

impl Backend for SledDb {
    fn get(&self, space: Tree, key: &[u8]) -> Result<Option<Bytes>, BackendError> {
        Ok(self.tree(space).get(key)?.map(|v| v.to_vec()))
    }

    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> Result<(), BackendError> {
        self.tree(space).insert(key, value)?;
        Ok(())
    }

    fn put_all(&self, space: Tree, entries: &BTreeMap<Bytes, Bytes>) -> Result<(), BackendError> {
        let mut batch = ::sled::Batch::default();
        for (key, value) in entries {
            batch.insert(key.as_slice(), value.as_slice());
        }
        Ok(self.tree(space).apply_batch(batch)?)
    }

    fn range(&self, space: Tree, lo: Bound<Bytes>, hi: Bound<Bytes>) -> Scan {
        Box::new(self.tree(space).range((lo, hi)).map(|item| {
            item.map(|(key, value)| (key.to_vec(), value.to_vec()))
                .map_err(BackendError::from)
        }))
    }

    fn transaction(&self, spaces: &[Tree], body: Body<'_>) -> Result<(), StoreError> {
        let trees: Vec<&::sled::Tree> = spaces.iter().map(|&s| self.tree(s)).collect();
        let outcome = trees.as_slice().transaction(|view| {
            body(&SledTx {
                spaces,
                trees: view,
            })
            .map_err(|e| match e {
                TxError::Retry => ConflictableTransactionError::Conflict,
                TxError::Abort(e) => ConflictableTransactionError::Abort(e),
            })
        });
        outcome.map_err(|e| match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => e.into(),
        })
    }

    fn sync(&self) -> Result<(), BackendError> {
        self.commit.flush(|| {
            let started = Instant::now();
            self.db.flush()?;
            let flushed = started.elapsed();
            self.durable.sync().map_err(BackendError::Sync)?;
            metrics::histogram!("oaq_store_flush_seconds").record(flushed.as_secs_f64());
            metrics::histogram!("oaq_store_sync_seconds")
                .record((started.elapsed() - flushed).as_secs_f64());
            Ok(())
        })
    }

    fn shared(&self) -> bool {
        false
    }

    fn id_floor(&self) -> Result<u64, BackendError> {
        // sled's ids only grow, across restarts too: this one is above every earlier one
        // (which earlier releases handed out).
        Ok(self.db.generate_id()? + 1)
    }

    fn backup(&self, dir: &Path, gate: &Gate) -> Result<Backup, StoreError> {
        back_up(&self.db, dir, gate)
    }
}
