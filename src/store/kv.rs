//! The key spaces the store logic works on, whatever keeps them: a [`Space`] is one of the
//! store's [`Tree`]s in sled or in PostgreSQL (see `postgres.rs`), with the ordered-map
//! operations the store uses (point reads and writes, ordered scans) and transactions over
//! several spaces at once ([`Transact`]). The store's records, keys and transactions are
//! written once, against this layer; only opening, flushing and the sled-only tools (backup,
//! reshard, the schema-1 migration's id floor) know which backend they run on.
//!
//! A transaction's closure may run more than once (sled retries it after a conflict;
//! PostgreSQL after a serialization failure), so it must have no effect but its writes.

use std::collections::BTreeMap;
use std::ops::{Bound, RangeBounds};

use sled::transaction::TransactionalTree;
use sled::{IVec, Transactional};

use super::postgres::{Pg, PgScan, PgTx};
use super::{unwrap_tx, StoreError, Tree, TxResult};

/// One key space of the store, in sled or in PostgreSQL.
#[derive(Debug, Clone)]
pub(crate) enum Space {
    /// A sled tree.
    Sled(sled::Tree),
    /// The rows of one tree in PostgreSQL's `kv` table.
    Postgres(Pg, Tree),
}

/// A key and its value, as scans yield them.
pub(crate) type Entry = (IVec, IVec);

impl Space {
    /// The value stored under `key`.
    pub fn get(&self, key: impl AsRef<[u8]>) -> Result<Option<IVec>, StoreError> {
        match self {
            Space::Sled(tree) => Ok(tree.get(key)?),
            Space::Postgres(pg, tree) => pg.get(*tree, key.as_ref()),
        }
    }

    /// Stores `value` under `key` on its own, outside any transaction.
    pub fn insert(&self, key: impl AsRef<[u8]>, value: impl Into<IVec>) -> Result<(), StoreError> {
        match self {
            Space::Sled(tree) => tree.insert(key.as_ref(), value).map(drop)?,
            Space::Postgres(pg, tree) => pg.insert(*tree, key.as_ref(), &value.into())?,
        }
        Ok(())
    }

    /// Every entry, in key order.
    pub fn iter(&self) -> Scan {
        self.range::<&[u8], _>(..)
    }

    /// The entries whose keys start with `prefix`, in key order.
    pub fn scan_prefix(&self, prefix: impl AsRef<[u8]>) -> Scan {
        let prefix = prefix.as_ref();
        match self {
            Space::Sled(tree) => Scan::Sled(tree.scan_prefix(prefix)),
            Space::Postgres(pg, tree) => Scan::Postgres(pg.scan(
                *tree,
                Bound::Included(prefix.to_vec()),
                prefix_end(prefix).map_or(Bound::Unbounded, Bound::Excluded),
            )),
        }
    }

    /// The entries whose keys are in `range`, in key order.
    pub fn range<K: AsRef<[u8]>, R: RangeBounds<K>>(&self, range: R) -> Scan {
        match self {
            Space::Sled(tree) => Scan::Sled(tree.range(range)),
            Space::Postgres(pg, tree) => {
                let owned = |bound: Bound<&K>| match bound {
                    Bound::Included(k) => Bound::Included(k.as_ref().to_vec()),
                    Bound::Excluded(k) => Bound::Excluded(k.as_ref().to_vec()),
                    Bound::Unbounded => Bound::Unbounded,
                };
                Scan::Postgres(pg.scan(*tree, owned(range.start_bound()), owned(range.end_bound())))
            }
        }
    }

    /// Stores every entry of `entries`, in batches, each applied whole (not synced: the
    /// store's flush does that).
    pub fn insert_all(&self, entries: &BTreeMap<IVec, IVec>) -> Result<(), StoreError> {
        match self {
            Space::Sled(tree) => {
                let mut batch = sled::Batch::default();
                for (key, value) in entries {
                    batch.insert(key.clone(), value.clone());
                }
                Ok(tree.apply_batch(batch)?)
            }
            Space::Postgres(pg, tree) => pg.insert_all(*tree, entries),
        }
    }

    /// Runs `f` as one transaction on this space alone (see [`Transact`]).
    pub fn transaction<R>(&self, f: impl Fn(&TxSpace<'_>) -> TxResult<R>) -> Result<R, StoreError> {
        match self {
            Space::Sled(tree) => unwrap_tx(tree.transaction(|tx| f(&TxSpace::Sled(tx)))),
            Space::Postgres(pg, tree) => pg.transaction(|tx| f(&TxSpace::Postgres(tx, *tree))),
        }
    }

    /// The PostgreSQL store and key space, when this space is kept there.
    fn postgres(&self) -> Result<(&Pg, Tree), StoreError> {
        match self {
            Space::Postgres(pg, tree) => Ok((pg, *tree)),
            Space::Sled(_) => Err(StoreError::Mixed),
        }
    }
}

/// The first key after every key that starts with `prefix` (none when the prefix is all
/// `0xff`).
fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

/// An ordered scan of a space: entries are read as the scan goes (in batches from
/// PostgreSQL), not from one snapshot.
pub(crate) enum Scan {
    /// sled's iterator.
    Sled(sled::Iter),
    /// Batches of rows from PostgreSQL.
    Postgres(PgScan),
}

impl Iterator for Scan {
    type Item = Result<Entry, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Scan::Sled(iter) => iter.next().map(|item| item.map_err(StoreError::from)),
            Scan::Postgres(scan) => scan.next(),
        }
    }
}

impl Scan {
    /// The keys alone.
    pub fn keys(self) -> impl Iterator<Item = Result<IVec, StoreError>> {
        self.map(|item| item.map(|(key, _)| key))
    }

    /// The values alone.
    pub fn values(self) -> impl Iterator<Item = Result<IVec, StoreError>> {
        self.map(|item| item.map(|(_, value)| value))
    }
}

/// One space's view inside a transaction.
pub(crate) enum TxSpace<'v> {
    /// sled's view of a tree in a transaction.
    Sled(&'v TransactionalTree),
    /// A tree of the `kv` table, in the transaction of one PostgreSQL connection.
    Postgres(&'v PgTx, Tree),
}

impl TxSpace<'_> {
    /// The value stored under `key`, as this transaction sees it.
    pub fn get(&self, key: impl AsRef<[u8]>) -> TxResult<Option<IVec>> {
        match self {
            TxSpace::Sled(tx) => Ok(tx.get(key)?),
            TxSpace::Postgres(tx, tree) => tx.get(*tree, key.as_ref()),
        }
    }

    /// Stores `value` under `key` when the transaction commits.
    pub fn insert(&self, key: impl AsRef<[u8]>, value: impl Into<IVec>) -> TxResult<()> {
        match self {
            TxSpace::Sled(tx) => tx.insert(key.as_ref(), value).map(drop)?,
            TxSpace::Postgres(tx, tree) => tx.insert(*tree, key.as_ref(), &value.into())?,
        }
        Ok(())
    }

    /// Removes `key` when the transaction commits.
    pub fn remove(&self, key: impl AsRef<[u8]>) -> TxResult<()> {
        match self {
            TxSpace::Sled(tx) => tx.remove(key.as_ref()).map(drop)?,
            TxSpace::Postgres(tx, tree) => tx.remove(*tree, key.as_ref())?,
        }
        Ok(())
    }
}

/// Transactions over several spaces of one store: every write of the closure is applied or
/// none is, and a closure whose reads changed under it runs again. An error it returns with
/// [`super::abort`] ends the transaction with nothing written.
pub(crate) trait Transact {
    /// The spaces as the closure sees them.
    type View<'v>;

    /// Runs `f` as one transaction.
    fn transaction<R>(&self, f: impl Fn(&Self::View<'_>) -> TxResult<R>) -> Result<R, StoreError>;
}

macro_rules! transact_tuple {
    ($($name:ident . $i:tt),+) => {
        impl Transact for ($(&transact_tuple!(@space $name),)+) {
            type View<'v> = ($(transact_tuple!(@view $name),)+);

            fn transaction<R>(
                &self,
                f: impl Fn(&Self::View<'_>) -> TxResult<R>,
            ) -> Result<R, StoreError> {
                if let ($(Space::Sled($name),)+) = *self {
                    return unwrap_tx(($($name,)+).transaction(|($($name,)+)| {
                        f(&($(TxSpace::Sled($name),)+))
                    }));
                }
                let ($($name,)+) = ($(self.$i.postgres()?,)+);
                let (pg, _) = self.0.postgres()?;
                pg.transaction(|tx| f(&($(TxSpace::Postgres(tx, $name.1),)+)))
            }
        }
    };
    (@view $name:ident) => { TxSpace<'v> };
    (@space $name:ident) => { Space };
}

transact_tuple!(a.0, b.1);
transact_tuple!(a.0, b.1, c.2);
transact_tuple!(a.0, b.1, c.2, d.3);
transact_tuple!(a.0, b.1, c.2, d.3, e.4);
transact_tuple!(a.0, b.1, c.2, d.3, e.4, g.5, h.6, i.7, j.8, k.9, l.10, m.11);

#[cfg(test)]
mod tests {
    use super::prefix_end;

    #[test]
    fn a_prefix_ends_at_its_successor() {
        assert_eq!(prefix_end(b"ab"), Some(b"ac".to_vec()));
        assert_eq!(prefix_end(&[1, 0xff]), Some(vec![2]));
        assert_eq!(prefix_end(&[0xff, 0xff]), None);
        assert_eq!(prefix_end(&[]), None);
    }
}
