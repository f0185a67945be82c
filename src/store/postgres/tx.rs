//! Transactions in PostgreSQL: each runs at `SERIALIZABLE` isolation on one connection, and runs
//! again after a serialization failure or a deadlock, as sled's run again after a conflict.

use std::cell::RefCell;
use std::time::Duration;

use postgres::error::SqlState;
use postgres::types::{ToSql, Type};
use r2d2::PooledConnection;

use super::pool::{failed, Manager};
use super::sql::{BYTEA, GET, INSERT, REMOVE, TEXT};
use crate::store::backend::{Body, Bytes, Tx, TxError, TxResult};
use crate::store::error::StoreError;
use crate::store::tree::Tree;

/// Whether the error is PostgreSQL's serialization failure or deadlock, after which the
/// transaction is run again.
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
}

impl PgTx {
    /// A transaction on `conn`.
    pub(super) fn new(conn: PooledConnection<Manager>) -> PgTx {
        PgTx {
            conn: RefCell::new(conn),
        }
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

    /// Runs `body` in one `SERIALIZABLE` transaction, again after a serialization failure or a
    /// deadlock (its own, or of the commit).
    pub(super) fn run_body(&self, body: Body<'_>) -> Result<(), StoreError> {
        let mut attempt = 0u32;
        loop {
            self.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
                .map_err(failed)?;
            let outcome = match body(self) {
                Ok(()) => match self.execute("COMMIT") {
                    Ok(()) => return Ok(()),
                    Err(e) if is_retryable(&e) => None,
                    Err(e) => Some(failed(e).into()),
                },
                Err(TxError::Retry) => None,
                Err(TxError::Abort(e)) => Some(e),
            };
            // A failed statement leaves the transaction open but aborted: end it before the
            // connection goes back to the pool (or the next attempt begins).
            let _ = self.execute("ROLLBACK");
            if let Some(error) = outcome {
                return Err(error);
            }
            attempt += 1;
            metrics::counter!("oaq_store_retries_total").increment(1);
            std::thread::sleep(Duration::from_micros(200 * u64::from(attempt.min(50))));
        }
    }
}

impl Tx for PgTx {
    fn get(&self, space: Tree, key: &[u8]) -> TxResult<Option<Bytes>> {
        let row = self
            .conn
            .borrow_mut()
            .query_typed_opt(GET, &[(&space.name(), TEXT), (&key, BYTEA)])
            .map_err(tx_error)?;
        Ok(row.map(|row| row.get(0)))
    }

    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> TxResult<()> {
        self.run(
            INSERT,
            &[(&space.name(), TEXT), (&key, BYTEA), (&value, BYTEA)],
        )
        .map(drop)
    }

    fn remove(&self, space: Tree, key: &[u8]) -> TxResult<()> {
        self.run(REMOVE, &[(&space.name(), TEXT), (&key, BYTEA)])
            .map(drop)
    }
}
