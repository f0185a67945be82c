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
//!
//! Round trips: `BEGIN` goes with the first statement, and the writes are kept until the body
//! ends and then sent with `COMMIT`, all in one round trip (a write whose key is not locked
//! yet takes its lock there, or fails the transaction, which then runs again). A read of a key
//! the transaction wrote answers from its own writes. A move is then three round trips: the
//! game's head read, its setup read, and the writes with the commit.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use postgres::error::SqlState;
use postgres::SimpleQueryMessage;
use r2d2::PooledConnection;

use super::pool::{failed, lost, Manager};
use super::sql::{
    bytea, key_lock, unhex, write, BEGIN, BOOL, BUSY, BYTEA, GET, INT8, LOCKED_GET, TEXT,
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

/// The writes of a transaction, kept until it commits: the last value of each key written
/// (`None`: removed).
type Writes = BTreeMap<(Tree, Bytes), Option<Bytes>>;

/// One connection in a transaction.
pub(super) struct PgTx {
    conn: RefCell<PooledConnection<Manager>>,
    /// The key locks this run of the transaction holds.
    held: RefCell<HashSet<i64>>,
    /// The key lock another transaction held when this one asked for it: the next run waits
    /// for it first, holding nothing else.
    busy: Cell<Option<i64>>,
    /// Whether this run's `BEGIN` has been sent.
    begun: Cell<bool>,
    /// This run's writes, sent with its `COMMIT`.
    writes: RefCell<Writes>,
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
            begun: Cell::new(false),
            writes: RefCell::new(BTreeMap::new()),
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
            self.writes.borrow_mut().clear();
            self.begun.set(false);
            let run = self
                .wait_for_busy()
                .and_then(|()| body(self))
                .and_then(|()| self.commit());
            let outcome = match run {
                Ok(()) => return Ok(()),
                Err(TxError::Retry) => None,
                Err(TxError::Abort(e)) => Some(e),
            };
            // A failed statement leaves the transaction open but aborted: end it before the
            // connection goes back to the pool (or the next attempt begins). Ending it frees
            // every key lock it held.
            if self.begun.get() {
                let _ = self.execute("ROLLBACK");
            }
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

    /// Runs the simple-query `sql` as the transaction's first statement, with `BEGIN`; a
    /// connection found lost there did nothing (see [`PgTx::stale`]).
    fn first(&self, sql: &str) -> TxResult<Vec<SimpleQueryMessage>> {
        self.begun.set(true);
        let answer = self
            .conn
            .borrow_mut()
            .simple_query(&format!("{BEGIN} {sql}"));
        answer.map_err(|error| {
            self.stale.set(lost(&error));
            tx_error(error)
        })
    }

    /// At the start of a run after a busy key: begins, and waits for that key's lock, holding
    /// no other.
    fn wait_for_busy(&self) -> TxResult<()> {
        if let Some(lock) = self.busy.take() {
            self.first(&format!("SELECT pg_advisory_xact_lock({lock});"))?;
            self.held.borrow_mut().insert(lock);
        }
        Ok(())
    }

    /// Sends the writes and `COMMIT`, in one round trip (with `BEGIN` if nothing was sent
    /// yet). A write whose key is not locked yet takes its lock, waiting only if the
    /// transaction holds none; if the lock is busy the transaction ends and runs again.
    fn commit(&self) -> TxResult<()> {
        let writes = std::mem::take(&mut *self.writes.borrow_mut());
        if writes.is_empty() && !self.begun.get() {
            return Ok(());
        }
        let mut sql = String::new();
        if !self.begun.get() {
            sql.push_str(BEGIN);
            self.begun.set(true);
        }
        let mut held = self.held.borrow_mut();
        for ((space, key), value) in &writes {
            let lock = key_lock(*space, key);
            let wait = held.is_empty();
            sql.push_str(&write(
                lock,
                held.contains(&lock),
                wait,
                *space,
                key,
                value.as_deref(),
            ));
            held.insert(lock);
        }
        drop(held);
        sql.push_str("COMMIT;");
        match self.execute(&sql) {
            Ok(()) => Ok(()),
            Err(error) => match error.as_db_error() {
                Some(db) if db.code().code() == BUSY => {
                    self.busy.set(db.message().parse().ok());
                    Err(TxError::Retry)
                }
                _ => Err(tx_error(error)),
            },
        }
    }
}

/// The first row of a simple query's answer.
fn first_row(messages: &[SimpleQueryMessage]) -> Option<&postgres::SimpleQueryRow> {
    messages.iter().find_map(|message| match message {
        SimpleQueryMessage::Row(row) => Some(row),
        _ => None,
    })
}

impl Tx for PgTx {
    fn get(&self, space: Tree, key: &[u8]) -> TxResult<Option<Bytes>> {
        if let Some(written) = self.writes.borrow().get(&(space, key.to_vec())) {
            return Ok(written.clone());
        }
        let lock = key_lock(space, key);
        let wait = self.may_wait();
        if !self.begun.get() {
            let name = space.name();
            let answer = self.first(&format!(
                "SELECT locked, val FROM oaq_get({lock}, {wait}, '{name}', {});",
                bytea(key)
            ))?;
            let row = first_row(&answer);
            let locked = row.and_then(|row| row.get(0)) == Some("t");
            self.took(lock, locked)?;
            return match row.and_then(|row| row.get(1)) {
                None => Ok(None),
                Some(text) => match unhex(text) {
                    Some(value) => Ok(Some(value)),
                    None => Err(TxError::Abort(StoreError::Backend(
                        crate::store::error::BackendError::Failed(
                            format!("a value of {name} came back unreadable").into(),
                        ),
                    ))),
                },
            };
        }
        if self.held.borrow().contains(&lock) {
            let row = self
                .conn
                .borrow_mut()
                .query_typed_opt(GET, &[(&space.name(), TEXT), (&key, BYTEA)])
                .map_err(tx_error)?;
            return Ok(row.map(|row| row.get(0)));
        }
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
        self.writes
            .borrow_mut()
            .insert((space, key.to_vec()), Some(value.to_vec()));
        Ok(())
    }

    fn remove(&self, space: Tree, key: &[u8]) -> TxResult<()> {
        self.writes.borrow_mut().insert((space, key.to_vec()), None);
        Ok(())
    }
}
