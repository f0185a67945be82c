//! Ordered scans of a key space in PostgreSQL, read a batch of rows at a time.

use std::collections::VecDeque;
use std::ops::Bound;
use std::sync::Arc;

use postgres::types::{ToSql, Type};

use super::pool::{off_runtime, Connections};
use super::sql::{BATCH, BYTEA, TEXT};
use crate::store::backend::{Bytes, Entry};
use crate::store::error::BackendError;
use crate::store::tree::Tree;

/// A scan of one tree, read [`BATCH`] rows at a time, each batch after the last key read.
pub(super) struct PgScan {
    pool: Arc<Connections>,
    tree: Tree,
    lo: Bound<Bytes>,
    hi: Bound<Bytes>,
    rows: VecDeque<Entry>,
    done: bool,
}

impl PgScan {
    /// The entries of `tree` between `lo` and `hi`, read through `pool` as the scan goes.
    pub(super) fn new(
        pool: Arc<Connections>,
        tree: Tree,
        lo: Bound<Bytes>,
        hi: Bound<Bytes>,
    ) -> PgScan {
        PgScan {
            pool,
            tree,
            lo,
            hi,
            rows: VecDeque::new(),
            done: false,
        }
    }

    fn fetch(&mut self) -> Result<(), BackendError> {
        let mut sql = String::from("SELECT key, value FROM kv WHERE space = $1");
        let name = self.tree.name();
        let mut params: Vec<(&(dyn ToSql + Sync), Type)> = vec![(&name, TEXT)];
        for (bound, inclusive, exclusive) in [(&self.lo, ">=", ">"), (&self.hi, "<=", "<")] {
            let (key, op) = match bound {
                Bound::Included(key) => (key, inclusive),
                Bound::Excluded(key) => (key, exclusive),
                Bound::Unbounded => continue,
            };
            params.push((key, BYTEA));
            sql.push_str(&format!(" AND key {op} ${}", params.len()));
        }
        sql.push_str(&format!(" ORDER BY key LIMIT {BATCH}"));
        let rows = off_runtime(|| self.pool.read(|conn| conn.query_typed(&sql, &params)))?;
        self.done = rows.len() < BATCH as usize;
        for row in rows {
            self.rows.push_back((row.get(0), row.get(1)));
        }
        if let Some((last, _)) = self.rows.back() {
            self.lo = Bound::Excluded(last.clone());
        }
        Ok(())
    }
}

impl Iterator for PgScan {
    type Item = Result<Entry, BackendError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.rows.is_empty() && !self.done {
            if let Err(error) = self.fetch() {
                self.done = true;
                return Some(Err(error));
            }
        }
        self.rows.pop_front().map(Ok)
    }
}
