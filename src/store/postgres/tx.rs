//! Transactions in PostgreSQL: each runs at `READ COMMITTED` isolation on one connection and
//! locks every key it reads or writes, before it reads or writes it, until it ends (strict
//! two-phase locking on keys, with transaction-scoped advisory locks). A transaction of the
//! store reads and writes single keys only (the [`Tx`] seam has no scan), so two transactions
//! that touch a common key run one after the other, and two that touch none commute: the
//! outcome is that of some serial order, as under `SERIALIZABLE`, without its predicate locks,
//! which cover whole B-tree pages and so made moves of unrelated games conflict.
//!
//! A transaction waits for a key's lock only while it holds no other: when a key it asks for
//! is held and it already holds one, it ends (nothing written), waits for that key alone, and
//! runs again. No transaction ever waits while holding a lock, so none deadlock. Every run
//! again is counted in `oaq_store_retries_total`. The argument is in `docs/scaling.md`.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::time::Duration;

use postgres::error::SqlState;
use postgres::types::{ToSql, Type};
use r2d2::PooledConnection;

use super::pool::{failed, lost, Manager};
use super::sql::{
    key_lock, BOOL, BYTEA, GET, INSERT, INT8, LOCKED_GET, LOCKED_PUT, LOCKED_REMOVE, REMOVE, TEXT,
    WAIT_LOCK,
};
use crate::store::backend::{Body, Bytes, Tx, TxError, TxResult};
use crate::store::error::StoreError;
use crate::store::tree::Tree;

/// Whether the error is PostgreSQL's serialization failure or deadlock, after which the
/// transaction is run again (neither is expected with key locks, but both are safe to retry).
fn is_retryable(error: &postgres::Error) -> bool {
    matches!(
        error.code(),
        Some(&SqlState::T_R_SERIALIZATION_FAILURE | &SqlState::T_R_DEADLOCK_DETECTED)
    )
}

/// Turns an error of PostgreSQL inside a transaction into the body's error: a serialization
/// failure or a deadlock runs the transaction again, anything else ends it.
fn tx_error(error: postgres::Error) -> TxError {
    if is_retryable(&error) {
        TxError::Retry
    } else {
        failed(error).into()
    }
}

/// One connection in a transaction.
pub(super) struct PgTx {
    conn: RefCell<PooledConnection<Manager>>,
    /// The key locks this run of the transaction holds.
    held: RefCell<HashSet<i64>>,
    /// The key lock another transaction held when this one asked for it: the next run waits
    /// for it first, holding nothing else.
    busy: Cell<Option<i64>>,
    /// Whether the connection had lost the server before the transaction began (nothing was
    /// done: it may run on another connection).
    stale: Cell<bool>,
}

impl PgTx {
    /// A transaction on `conn`.
    pub(super) fn new(conn: PooledConnection<Manager>) -> PgTx {
        PgTx {
            conn: RefCell::new(conn),
            held: RefCell::new(HashSet::new()),
            busy: Cell::new(None),
            stale: Cell::new(false),
        }
    }

    /// Whether the transaction failed because its connection had lost the server before it
    /// began: nothing was done, and it may run again on another connection.
    pub(super) fn stale(&self) -> bool {
        self.stale.get()
    }

    fn execute(&self, sql: &str) -> Result<(), postgres::Error> {
        self.conn.borrow_mut().batch_execute(sql)
    }

    fn run(&self, sql: &str, params: &[(&(dyn ToSql + Sync), Type)]) -> TxResult<u64> {
        self.conn
            .borrow_mut()
            .execute_typed(sql, params)
            .map_err(tx_error)
    }

    /// Whether the transaction must wait for a key's lock (it holds none yet) rather than
    /// only try it.
    fn may_wait(&self) -> bool {
        self.held.borrow().is_empty()
    }

    /// Records that the lock `lock` was taken (`true`), or that it is busy: then the run ends
    /// and the next one waits for it.
    fn took(&self, lock: i64, locked: bool) -> TxResult<()> {
        if locked {
            self.held.borrow_mut().insert(lock);
            Ok(())
        } else {
            self.busy.set(Some(lock));
            Err(TxError::Retry)
        }
    }

    /// Runs `body` in one `READ COMMITTED` transaction that locks each key it touches, again
    /// when a key it asked for was busy, or after a serialization failure or a deadlock (its
    /// own, or of the commit).
    pub(super) fn run_body(&self, body: Body<'_>) -> Result<(), StoreError> {
        let mut attempt = 0u32;
        loop {
            self.held.borrow_mut().clear();
            if let Err(error) = self.execute("BEGIN ISOLATION LEVEL READ COMMITTED") {
                self.stale.set(attempt == 0 && lost(&error));
                return Err(failed(error).into());
            }
            let outcome = match self.wait_for_busy().and_then(|()| body(self)) {
                Ok(()) => match self.execute("COMMIT") {
                    Ok(()) => return Ok(()),
                    Err(e) if is_retryable(&e) => None,
                    Err(e) => Some(failed(e).into()),
                },
                Err(TxError::Retry) => None,
                Err(TxError::Abort(e)) => Some(e),
            };
            // A failed statement leaves the transaction open but aborted: end it before the
            // connection goes back to the pool (or the next attempt begins). Ending it frees
            // every key lock it held.
            let _ = self.execute("ROLLBACK");
            if let Some(error) = outcome {
                return Err(error);
            }
            attempt += 1;
            metrics::counter!("oaq_store_retries_total").increment(1);
            if self.busy.get().is_none() {
                // A serialization failure or a deadlock: back off a little.
                std::thread::sleep(Duration::from_micros(200 * u64::from(attempt.min(50))));
            }
        }
    }

    /// At the start of a run after a busy key: waits for that key's lock, holding no other.
    fn wait_for_busy(&self) -> TxResult<()> {
        if let Some(lock) = self.busy.take() {
            self.run(WAIT_LOCK, &[(&lock, INT8)])?;
            self.held.borrow_mut().insert(lock);
        }
        Ok(())
    }
}

impl Tx for PgTx {
    fn get(&self, space: Tree, key: &[u8]) -> TxResult<Option<Bytes>> {
        let lock = key_lock(space, key);
        if self.held.borrow().contains(&lock) {
            let row = self
                .conn
                .borrow_mut()
                .query_typed_opt(GET, &[(&space.name(), TEXT), (&key, BYTEA)])
                .map_err(tx_error)?;
            return Ok(row.map(|row| row.get(0)));
        }
        let wait = self.may_wait();
        let row = self
            .conn
            .borrow_mut()
            .query_typed_one(
                LOCKED_GET,
                &[
                    (&lock, INT8),
                    (&wait, BOOL),
                    (&space.name(), TEXT),
                    (&key, BYTEA),
                ],
            )
            .map_err(tx_error)?;
        self.took(lock, row.get(0))?;
        Ok(row.get(1))
    }

    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> TxResult<()> {
        let lock = key_lock(space, key);
        if self.held.borrow().contains(&lock) {
            return self
                .run(
                    INSERT,
                    &[(&space.name(), TEXT), (&key, BYTEA), (&value, BYTEA)],
                )
                .map(drop);
        }
        let wait = self.may_wait();
        let locked: bool = self
            .conn
            .borrow_mut()
            .query_typed_one(
                LOCKED_PUT,
                &[
                    (&lock, INT8),
                    (&wait, BOOL),
                    (&space.name(), TEXT),
                    (&key, BYTEA),
                    (&value, BYTEA),
                ],
            )
            .map_err(tx_error)?
            .get(0);
        self.took(lock, locked)
    }

    fn remove(&self, space: Tree, key: &[u8]) -> TxResult<()> {
        let lock = key_lock(space, key);
        if self.held.borrow().contains(&lock) {
            return self
                .run(REMOVE, &[(&space.name(), TEXT), (&key, BYTEA)])
                .map(drop);
        }
        let wait = self.may_wait();
        let locked: bool = self
            .conn
            .borrow_mut()
            .query_typed_one(
                LOCKED_REMOVE,
                &[
                    (&lock, INT8),
                    (&wait, BOOL),
                    (&space.name(), TEXT),
                    (&key, BYTEA),
                ],
            )
            .map_err(tx_error)?
            .get(0);
        self.took(lock, locked)
    }
}
