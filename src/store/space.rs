//! The key spaces as the store's logic uses them, whatever backend keeps them: a [`Space`] is
//! one of the store's [`Tree`]s with the ordered-map operations the store uses (point reads and
//! writes, ordered scans), and [`Transact`] runs a transaction over several spaces at once.
//! Everything here goes through the [`Backend`] seam: the records, keys and transactions of
//! the store are written once, against this layer.
//!
//! A transaction's closure may run more than once (after a conflict), so it must have no
//! effect but its writes.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::{Bound, RangeBounds};
use std::sync::Arc;

use super::backend::{Backend, Bytes, Entry, Scan, Tx, TxResult};
use super::error::StoreError;
use super::tree::Tree;

/// One key space of the store.
#[derive(Debug, Clone)]
pub(crate) struct Space {
    backend: Arc<dyn Backend>,
    tree: Tree,
}

impl Space {
    /// Key space `tree` of `backend`.
    pub fn new(backend: Arc<dyn Backend>, tree: Tree) -> Space {
        Space { backend, tree }
    }

    /// The value stored under `key`.
    pub fn get(&self, key: impl AsRef<[u8]>) -> Result<Option<Bytes>, StoreError> {
        Ok(self.backend.get(self.tree, key.as_ref())?)
    }

    /// Stores `value` under `key` on its own, outside any transaction.
    pub fn insert(&self, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Result<(), StoreError> {
        Ok(self.backend.put(self.tree, key.as_ref(), value.as_ref())?)
    }

    /// Every entry, in key order.
    pub fn iter(&self) -> Entries {
        self.range::<&[u8], _>(..)
    }

    /// The entries whose keys start with `prefix`, in key order.
    pub fn scan_prefix(&self, prefix: impl AsRef<[u8]>) -> Entries {
        let prefix = prefix.as_ref();
        Entries(self.backend.range(
            self.tree,
            Bound::Included(prefix.to_vec()),
            prefix_end(prefix).map_or(Bound::Unbounded, Bound::Excluded),
        ))
    }

    /// The entries whose keys are in `range`, in key order.
    pub fn range<K: AsRef<[u8]>, R: RangeBounds<K>>(&self, range: R) -> Entries {
        let owned = |bound: Bound<&K>| match bound {
            Bound::Included(k) => Bound::Included(k.as_ref().to_vec()),
            Bound::Excluded(k) => Bound::Excluded(k.as_ref().to_vec()),
            Bound::Unbounded => Bound::Unbounded,
        };
        Entries(self.backend.range(
            self.tree,
            owned(range.start_bound()),
            owned(range.end_bound()),
        ))
    }

    /// Stores every entry of `entries`, in batches, each applied whole (not synced: the
    /// store's flush does that).
    pub fn insert_all(&self, entries: &BTreeMap<Bytes, Bytes>) -> Result<(), StoreError> {
        Ok(self.backend.put_all(self.tree, entries)?)
    }

    /// Runs `f` as one transaction on this space alone (see [`Transact`]).
    pub fn transaction<R>(&self, f: impl Fn(&TxSpace<'_>) -> TxResult<R>) -> Result<R, StoreError> {
        run(&*self.backend, &[self.tree], |tx| {
            f(&TxSpace {
                tx,
                tree: self.tree,
            })
        })
    }
}

/// Runs `f` as one transaction of `backend` over `spaces`, and returns what its last run
/// returned.
fn run<R>(
    backend: &dyn Backend,
    spaces: &[Tree],
    f: impl Fn(&dyn Tx) -> TxResult<R>,
) -> Result<R, StoreError> {
    let out = RefCell::new(None);
    backend.transaction(spaces, &|tx| {
        let value = f(tx)?;
        *out.borrow_mut() = Some(value);
        Ok(())
    })?;
    Ok(out
        .into_inner()
        .expect("a transaction commits only after its body returned a value"))
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

/// An ordered scan of a space (see [`Scan`]).
pub(crate) struct Entries(Scan);

impl Iterator for Entries {
    type Item = Result<Entry, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|item| item.map_err(StoreError::from))
    }
}

impl Entries {
    /// The keys alone.
    pub fn keys(self) -> impl Iterator<Item = Result<Bytes, StoreError>> {
        self.map(|item| item.map(|(key, _)| key))
    }

    /// The values alone.
    pub fn values(self) -> impl Iterator<Item = Result<Bytes, StoreError>> {
        self.map(|item| item.map(|(_, value)| value))
    }
}

/// One space's view inside a transaction.
pub(crate) struct TxSpace<'v> {
    tx: &'v dyn Tx,
    tree: Tree,
}

impl TxSpace<'_> {
    /// The value stored under `key`, as this transaction sees it.
    pub fn get(&self, key: impl AsRef<[u8]>) -> TxResult<Option<Bytes>> {
        self.tx.get(self.tree, key.as_ref())
    }

    /// Stores `value` under `key` when the transaction commits.
    pub fn insert(&self, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> TxResult<()> {
        self.tx.put(self.tree, key.as_ref(), value.as_ref())
    }

    /// Removes `key` when the transaction commits.
    pub fn remove(&self, key: impl AsRef<[u8]>) -> TxResult<()> {
        self.tx.remove(self.tree, key.as_ref())
    }
}

/// Transactions over several spaces of one store: every write of the closure is applied or
/// none is, and a closure whose reads changed under it runs again. An error it returns with
/// [`TxError::Abort`](super::backend::TxError::Abort) ends the transaction with nothing
/// written.
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
                run(&*self.0.backend, &[$(self.$i.tree),+], |tx| {
                    f(&($(TxSpace { tx, tree: self.$i.tree },)+))
                })
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
transact_tuple!(a.0, b.1, c.2, d.3, e.4, g.5);
transact_tuple!(a.0, b.1, c.2, d.3, e.4, g.5, h.6, i.7, j.8, k.9, l.10, m.11);
transact_tuple!(a.0, b.1, c.2, d.3, e.4, g.5, h.6, i.7, j.8, k.9, l.10, m.11, n.12);

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
