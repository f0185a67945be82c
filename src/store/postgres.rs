//! The PostgreSQL backend (`store.backend = "postgres"`): every key space of the store is kept
//! in one table, `kv (space, key, value)`, ordered by `(space, key)` as sled orders a tree's
//! keys (PostgreSQL compares `bytea` byte by byte, as sled does). The store's logic, records and
//! keys are the same as on sled (see `kv.rs`), so `oaq-bot store copy` moves a store between
//! the two entry by entry.
//!
//! - **Transactions** run at `SERIALIZABLE` isolation: a transaction whose reads another one
//!   changed fails with a serialization failure and runs again, as sled's do after a conflict,
//!   so the store's compare-and-swap on revisions holds across every process that shares the
//!   database, and two processes never apply the same change twice.
//! - **Durable before acknowledged**: every connection sets `synchronous_commit = on`, so a
//!   commit returns only once its WAL record is flushed to stable storage (on a replicated
//!   server, as the server's own `synchronous_standby_names` asks).
//! - **Schema migrations** are numbered ([`MIGRATIONS`]) and recorded in `oaq_migrations`; each
//!   process applies the missing ones at start-up in one transaction that holds an advisory
//!   lock, so processes starting at once apply each migration exactly once.
//! - The client is `postgres`' blocking one. The store is called off the async threads (see
//!   `discord::blocking`); a call that comes from an async worker thread anyway is moved off it
//!   with `tokio::task::block_in_place`, since the client runs its own small runtime.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::ops::Bound;
use std::sync::Arc;
use std::time::Duration;

use postgres::types::{ToSql, Type};
use postgres::NoTls;
use r2d2::{Pool, PooledConnection};
use r2d2_postgres::PostgresConnectionManager;
use sled::IVec;

use super::kv::Entry;
use super::{StoreError, Tree, TxResult};

type Manager = PostgresConnectionManager<NoTls>;

/// The schema of the store's tables, one migration per version (version `n` is the `n`th entry,
/// from 1). Never edit one that has shipped: add the next.
pub const MIGRATIONS: &[&str] = &["CREATE TABLE kv (
        space text COLLATE \"C\" NOT NULL,
        key bytea NOT NULL,
        value bytea NOT NULL,
        PRIMARY KEY (space, key)
    )"];

/// The advisory lock every process takes to apply migrations (an arbitrary constant: "oaq").
const MIGRATION_LOCK: i64 = 0x6f_61_71;

/// How many rows a scan reads at a time.
const BATCH: i64 = 512;

/// How many connections a process keeps to the server at most.
const POOL_SIZE: u32 = 16;

/// A connection pool to the store's database.
#[derive(Clone)]
pub(crate) struct Pg {
    pool: Arc<Connections>,
}

/// The pool, closed off the async worker threads when the store's last handle goes (closing a
/// connection runs the client's own runtime).
struct Connections(Option<Pool<Manager>>);

impl Connections {
    fn get(&self) -> Result<PooledConnection<Manager>, StoreError> {
        match &self.0 {
            Some(pool) => Ok(pool.get()?),
            // Taken only by `drop`, after which nothing can call this.
            None => unreachable!("the pool is used after it was closed"),
        }
    }
}

impl Drop for Connections {
    fn drop(&mut self) {
        if let Some(pool) = self.0.take() {
            off_runtime(|| drop(pool));
        }
    }
}

impl fmt::Debug for Pg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The URL may hold a password: never printed.
        f.debug_struct("Pg").finish_non_exhaustive()
    }
}

/// Runs `f`, a call of the blocking client, off the async worker threads.
fn off_runtime<R>(f: impl FnOnce() -> R) -> R {
    match tokio::runtime::Handle::try_current() {
        Ok(_) => tokio::task::block_in_place(f),
        Err(_) => f(),
    }
}

/// Sets what every connection of the store relies on.
#[derive(Debug)]
struct Session;

impl r2d2::CustomizeConnection<postgres::Client, postgres::Error> for Session {
    fn on_acquire(&self, client: &mut postgres::Client) -> Result<(), postgres::Error> {
        client.batch_execute("SET synchronous_commit = on")
    }
}

impl Pg {
    /// Connects to the database at `url` (`postgres://user:password@host:port/dbname`, or
    /// the key-value form) and applies the migrations it lacks.
    pub fn connect(url: &str) -> Result<Pg, StoreError> {
        let config: postgres::Config =
            url.parse().map_err(|e: postgres::Error| StoreError::Url {
                reason: e.to_string(),
            })?;
        off_runtime(|| {
            let pool = Pool::builder()
                .max_size(POOL_SIZE)
                .min_idle(Some(1))
                .connection_timeout(Duration::from_secs(10))
                // A broken connection is found when it is used (and replaced): checking each
                // one as it leaves the pool would cost a round trip per read.
                .test_on_check_out(false)
                .connection_customizer(Box::new(Session))
                .build(Manager::new(config, NoTls))?;
            let pg = Pg {
                pool: Arc::new(Connections(Some(pool))),
            };
            pg.migrate()?;
            Ok(pg)
        })
    }

    /// Applies the migrations the database lacks, in order, in one transaction holding the
    /// migration lock. Returns the schema version the database is at.
    fn migrate(&self) -> Result<usize, StoreError> {
        let mut conn = self.pool.get()?;
        let mut tx = conn.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS oaq_migrations (
                version integer PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
            )",
        )?;
        let applied: i32 = tx
            .query_one("SELECT coalesce(max(version), 0) FROM oaq_migrations", &[])?
            .get(0);
        let applied = usize::try_from(applied).unwrap_or(0);
        if applied > MIGRATIONS.len() {
            return Err(StoreError::NewerSchema {
                kind: "database",
                key: 0,
                found: u32::try_from(applied).unwrap_or(u32::MAX),
            });
        }
        for (index, migration) in MIGRATIONS.iter().enumerate().skip(applied) {
            tx.batch_execute(migration)?;
            let version = i32::try_from(index + 1).unwrap_or(i32::MAX);
            tx.execute(
                "INSERT INTO oaq_migrations (version) VALUES ($1)",
                &[&version],
            )?;
        }
        tx.commit()?;
        Ok(MIGRATIONS.len())
    }

    /// The value under `key` in `tree`.
    pub fn get(&self, tree: Tree, key: &[u8]) -> Result<Option<IVec>, StoreError> {
        off_runtime(|| {
            let row = self
                .pool
                .get()?
                .query_typed_opt(GET, &[(&tree.name(), TEXT), (&key, BYTEA)])?;
            Ok(row.map(|row| IVec::from(row.get::<_, Vec<u8>>(0))))
        })
    }

    /// Stores `value` under `key` in `tree`, committed on its own.
    pub fn insert(&self, tree: Tree, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        off_runtime(|| {
            self.pool.get()?.execute_typed(
                INSERT,
                &[(&tree.name(), TEXT), (&key, BYTEA), (&value, BYTEA)],
            )?;
            Ok(())
        })
    }

    /// Stores every entry of `entries` in `tree`, [`BATCH`] rows to a transaction.
    pub fn insert_all(&self, tree: Tree, entries: &BTreeMap<IVec, IVec>) -> Result<(), StoreError> {
        let entries: Vec<(&IVec, &IVec)> = entries.iter().collect();
        off_runtime(|| {
            let mut conn = self.pool.get()?;
            for chunk in entries.chunks(BATCH as usize) {
                let keys: Vec<&[u8]> = chunk.iter().map(|(key, _)| key.as_ref()).collect();
                let values: Vec<&[u8]> = chunk.iter().map(|(_, value)| value.as_ref()).collect();
                conn.execute(
                    "INSERT INTO kv (space, key, value)
                     SELECT $1, key, value FROM unnest($2::bytea[], $3::bytea[]) AS e(key, value)
                     ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value",
                    &[&tree.name(), &keys, &values],
                )?;
            }
            Ok(())
        })
    }

    /// The entries of `tree` between `lo` and `hi`, in key order.
    pub fn scan(&self, tree: Tree, lo: Bound<Vec<u8>>, hi: Bound<Vec<u8>>) -> PgScan {
        PgScan {
            pg: self.clone(),
            tree,
            lo,
            hi,
            rows: VecDeque::new(),
            done: false,
        }
    }

    /// Runs `f` in one `SERIALIZABLE` transaction, again after a serialization failure or a
    /// deadlock (its own, or of the commit).
    pub fn transaction<R>(&self, f: impl Fn(&PgTx) -> TxResult<R>) -> Result<R, StoreError> {
        off_runtime(|| {
            let tx = PgTx {
                conn: RefCell::new(self.pool.get()?),
            };
            let mut attempt = 0u32;
            loop {
                tx.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")?;
                let outcome = match f(&tx) {
                    Ok(value) => match tx.execute("COMMIT") {
                        Ok(()) => return Ok(value),
                        Err(e) if e.is_retryable() => None,
                        Err(e) => Some(e),
                    },
                    Err(sled::transaction::ConflictableTransactionError::Conflict) => None,
                    Err(sled::transaction::ConflictableTransactionError::Abort(e)) => Some(e),
                    Err(sled::transaction::ConflictableTransactionError::Storage(e)) => {
                        Some(StoreError::Db(e))
                    }
                };
                // A failed statement leaves the transaction open but aborted: end it before
                // the connection goes back to the pool (or the next attempt begins).
                let _ = tx.execute("ROLLBACK");
                if let Some(error) = outcome {
                    return Err(error);
                }
                attempt += 1;
                metrics::counter!("oaq_store_retries_total").increment(1);
                std::thread::sleep(Duration::from_micros(200 * u64::from(attempt.min(50))));
            }
        })
    }
}

const TEXT: Type = Type::TEXT;
const BYTEA: Type = Type::BYTEA;

const GET: &str = "SELECT value FROM kv WHERE space = $1 AND key = $2";
const INSERT: &str = "INSERT INTO kv (space, key, value) VALUES ($1, $2, $3)
    ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value";
const REMOVE: &str = "DELETE FROM kv WHERE space = $1 AND key = $2";

/// Turns an error of PostgreSQL inside a transaction into the closure's error: a
/// serialization failure or a deadlock runs the transaction again, anything else ends it.
fn tx_error(error: StoreError) -> sled::transaction::ConflictableTransactionError<StoreError> {
    if error.is_retryable() {
        sled::transaction::ConflictableTransactionError::Conflict
    } else {
        sled::transaction::ConflictableTransactionError::Abort(error)
    }
}

/// One connection in a transaction (see [`Pg::transaction`]).
pub(crate) struct PgTx {
    conn: RefCell<PooledConnection<Manager>>,
}

impl PgTx {
    fn execute(&self, sql: &str) -> Result<(), StoreError> {
        Ok(self.conn.borrow_mut().batch_execute(sql)?)
    }

    fn run(&self, sql: &str, params: &[(&(dyn ToSql + Sync), Type)]) -> TxResult<u64> {
        self.conn
            .borrow_mut()
            .execute_typed(sql, params)
            .map_err(|e| tx_error(e.into()))
    }

    /// The value under `key` in `tree`, as the transaction sees it.
    pub fn get(&self, tree: Tree, key: &[u8]) -> TxResult<Option<IVec>> {
        let row = self
            .conn
            .borrow_mut()
            .query_typed_opt(GET, &[(&tree.name(), TEXT), (&key, BYTEA)])
            .map_err(|e| tx_error(e.into()))?;
        Ok(row.map(|row| IVec::from(row.get::<_, Vec<u8>>(0))))
    }

    /// Stores `value` under `key` in `tree`.
    pub fn insert(&self, tree: Tree, key: &[u8], value: &[u8]) -> TxResult<()> {
        self.run(
            INSERT,
            &[(&tree.name(), TEXT), (&key, BYTEA), (&value, BYTEA)],
        )
        .map(drop)
    }

    /// Removes `key` from `tree`.
    pub fn remove(&self, tree: Tree, key: &[u8]) -> TxResult<()> {
        self.run(REMOVE, &[(&tree.name(), TEXT), (&key, BYTEA)])
            .map(drop)
    }
}

/// A scan of one tree, read [`BATCH`] rows at a time, each batch after the last key read.
pub(crate) struct PgScan {
    pg: Pg,
    tree: Tree,
    lo: Bound<Vec<u8>>,
    hi: Bound<Vec<u8>>,
    rows: VecDeque<Entry>,
    done: bool,
}

impl PgScan {
    fn fetch(&mut self) -> Result<(), StoreError> {
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
        let rows = off_runtime(|| {
            self.pg
                .pool
                .get()?
                .query_typed(&sql, &params)
                .map_err(StoreError::from)
        })?;
        self.done = rows.len() < BATCH as usize;
        for row in rows {
            let key: Vec<u8> = row.get(0);
            let value: Vec<u8> = row.get(1);
            self.rows.push_back((IVec::from(key), IVec::from(value)));
        }
        if let Some((last, _)) = self.rows.back() {
            self.lo = Bound::Excluded(last.to_vec());
        }
        Ok(())
    }
}

impl Iterator for PgScan {
    type Item = Result<Entry, StoreError>;

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
