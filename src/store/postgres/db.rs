//! PostgreSQL as the store's backend (`store.backend = "postgres"`): every key space of the
//! store is kept in one table, `kv (space, key, value)`, ordered by `(space, key)` as sled
//! orders a tree's keys (PostgreSQL compares `bytea` byte by byte, as sled does). The store's
//! logic, records and keys are the same as on sled (see `space.rs`), so `oaq-bot store copy`
//! moves a store between the two entry by entry.
//!
//! - **Transactions** run at `READ COMMITTED` isolation and lock every key they read or write
//!   until they end (see `tx.rs`): two that touch a common key run one after the other, so the
//!   store's compare-and-swap on revisions holds across every process that shares the
//!   database, and two processes never apply the same change twice. A write outside a
//!   transaction ([`Backend::put`]) takes its key's lock too.
//! - **Durable before acknowledged**: every connection sets `synchronous_commit = on`, so a
//!   commit returns only once its WAL record is flushed to stable storage (on a replicated
//!   server, as the server's own `synchronous_standby_names` asks).
//! - **Schema migrations** are numbered (`MIGRATIONS`, in `schema.rs`) and recorded in
//!   `oaq_migrations`; each process applies the missing ones at start-up in one transaction
//!   that holds an advisory lock, so processes starting at once apply each migration exactly
//!   once.
//! - The client is `postgres`' blocking one. The store is called off the async threads (see
//!   `discord::blocking`); a call that comes from an async worker thread anyway is moved off it
//!   with `tokio::task::block_in_place`, since the client runs its own small runtime.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Bound;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::pool::{failed, off_runtime, Connections, POOL_SIZE};
use super::scan::PgScan;
use super::schema::migrate;
use super::sql::{BATCH, BYTEA, GET, TEXT};
use super::tx::PgTx;
use crate::store::backend::{Backend, Body, Bytes, Scan};
use crate::store::backup::{Backup, Gate};
use crate::store::changes::CHANGES_CHANNEL;
use crate::store::error::{BackendError, StoreError};
use crate::store::tree::Tree;

/// How often a process starting while the server is down tries to reach it.
const RETRY_CONNECT: Duration = Duration::from_millis(500);
/// How often it says in the log that it is still waiting.
const TELL_EVERY: Duration = Duration::from_secs(30);

/// A connection pool to the store's database.
#[derive(Clone)]
pub struct Pg {
    pool: Arc<Connections>,
    /// Where the database is, for the connection that listens to announcements.
    config: Arc<postgres::Config>,
}

impl fmt::Debug for Pg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The URL may hold a password: never printed.
        f.debug_struct("Pg").finish_non_exhaustive()
    }
}

impl Pg {
    /// Connects to the database at `url` (`postgres://user:password@host:port/dbname`, or
    /// the key-value form) and applies the migrations it lacks. While the server cannot be
    /// reached, fails at once, or with `wait` (the bot starting) waits for it, saying so in
    /// the log.
    pub fn connect(url: &str, wait: bool) -> Result<Pg, StoreError> {
        let config: postgres::Config =
            url.parse()
                .map_err(|e: postgres::Error| BackendError::Url {
                    reason: e.to_string(),
                })?;
        off_runtime(|| {
            let pg = Pg {
                pool: Connections::open(config.clone()),
                config: Arc::new(config),
            };
            let started = Instant::now();
            let mut told = None;
            loop {
                let opened = pg
                    .pool
                    .get()
                    .map_err(StoreError::from)
                    .and_then(|mut conn| migrate(&mut conn));
                match opened {
                    Ok(()) => {
                        if told.is_some() {
                            tracing::info!(
                                waited_s = started.elapsed().as_secs(),
                                "the database is reachable: starting"
                            );
                        }
                        return Ok(pg);
                    }
                    Err(StoreError::Backend(BackendError::Unreachable(error))) if wait => {
                        if told.is_none_or(|at: Instant| at.elapsed() >= TELL_EVERY) {
                            tracing::warn!(%error, "the database is unreachable: waiting for it before starting");
                            told = Some(Instant::now());
                        }
                        std::thread::sleep(RETRY_CONNECT);
                    }
                    Err(error) => return Err(error),
                }
            }
        })
    }
}

/// Announces a changed game to every process listening.
const NOTIFY: &str = "SELECT pg_notify($1, $2)";

/// Listens on one connection until it fails, handing each announced game to `sink`.
fn listen_once(config: &postgres::Config, sink: &dyn Fn(u64)) -> Result<(), postgres::Error> {
    let mut client = config.connect(postgres::NoTls)?;
    client.batch_execute(&format!("LISTEN {CHANGES_CHANNEL}"))?;
    // Whatever changed while this connection was down is read afresh by the pages that
    // reconnect: an announcement is a hint, never the change itself.
    let mut notifications = client.notifications();
    let mut heard = notifications.blocking_iter();
    while let Some(note) = postgres::fallible_iterator::FallibleIterator::next(&mut heard)? {
        if let Ok(game) = note.payload().parse() {
            sink(game);
        }
    }
    Ok(())
}

impl Backend for Pg {
    /// `NOTIFY` on the changes' channel, after the change's commit.
    fn announce(&self, game: u64) -> Result<(), BackendError> {
        off_runtime(|| {
            self.pool.read(|conn| {
                conn.execute(NOTIFY, &[&CHANGES_CHANNEL, &game.to_string()])
                    .map(|_| ())
            })
        })
    }

    /// A thread of its own that `LISTEN`s on a connection of its own, and connects again
    /// (every [`RETRY_CONNECT`]) while the server is down.
    fn listen(&self, sink: Box<dyn Fn(u64) + Send + Sync>) {
        let config = self.config.clone();
        let spawned = std::thread::Builder::new()
            .name(String::from("oaq-pg-listen"))
            .spawn(move || loop {
                if let Err(error) = listen_once(&config, &*sink) {
                    tracing::warn!(%error, "listening for changed games: connecting again");
                }
                std::thread::sleep(RETRY_CONNECT);
            });
        if let Err(error) = spawned {
            tracing::error!(%error, "cannot listen for changed games: open pages update only when they read again");
        }
    }

    fn get(&self, space: Tree, key: &[u8]) -> Result<Option<Bytes>, BackendError> {
        off_runtime(|| {
            let row = self
                .pool
                .read(|conn| conn.query_typed_opt(GET, &[(&space.name(), TEXT), (&key, BYTEA)]))?;
            Ok(row.map(|row| row.get(0)))
        })
    }

    /// A write of one key, in a transaction of its own that takes the key's lock, so that it
    /// never lands between a transaction's read of the key and that transaction's end.
    fn put(&self, space: Tree, key: &[u8], value: &[u8]) -> Result<(), BackendError> {
        match self.transaction(&[space], &|tx| tx.put(space, key, value)) {
            Ok(()) => Ok(()),
            Err(StoreError::Backend(error)) => Err(error),
            Err(other) => Err(BackendError::Failed(Box::new(other))),
        }
    }

    /// Stores every entry of `entries` in `space`, [`BATCH`] rows to a transaction, taking no
    /// key locks: for `store copy` and migrations, which run before the bot serves.
    fn put_all(&self, space: Tree, entries: &BTreeMap<Bytes, Bytes>) -> Result<(), BackendError> {
        let entries: Vec<(&Bytes, &Bytes)> = entries.iter().collect();
        off_runtime(|| {
            let mut conn = self.pool.get()?;
            for chunk in entries.chunks(BATCH as usize) {
                let keys: Vec<&[u8]> = chunk.iter().map(|(key, _)| key.as_slice()).collect();
                let values: Vec<&[u8]> = chunk.iter().map(|(_, value)| value.as_slice()).collect();
                conn.execute(
                    "INSERT INTO kv (space, key, value)
                     SELECT $1, key, value FROM unnest($2::bytea[], $3::bytea[]) AS e(key, value)
                     ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value",
                    &[&space.name(), &keys, &values],
                )
                .map_err(failed)?;
            }
            Ok(())
        })
    }

    fn range(&self, space: Tree, lo: Bound<Bytes>, hi: Bound<Bytes>) -> Scan {
        Box::new(PgScan::new(self.pool.clone(), space, lo, hi))
    }

    /// Runs `body` in a transaction (see `tx.rs`); on another connection when the one it was
    /// given had lost the server before the transaction began.
    fn transaction(&self, _spaces: &[Tree], body: Body<'_>) -> Result<(), StoreError> {
        off_runtime(|| {
            let mut attempts = 0;
            loop {
                let tx = PgTx::new(self.pool.get()?);
                match tx.run_body(body) {
                    Err(_) if tx.stale() && attempts < POOL_SIZE => attempts += 1,
                    done => return done,
                }
            }
        })
    }

    /// Whether a connection to the server can be had and answers.
    fn reachable(&self) -> Result<(), BackendError> {
        off_runtime(|| self.pool.read(|conn| conn.batch_execute("SELECT 1")))
    }

    /// Every transaction is durable when it commits (`synchronous_commit`): nothing is left
    /// to do.
    fn sync(&self) -> Result<(), BackendError> {
        Ok(())
    }

    fn shared(&self) -> bool {
        true
    }

    /// No release before the id counter wrote to PostgreSQL: a new counter starts at 1.
    fn id_floor(&self) -> Result<u64, BackendError> {
        Ok(1)
    }

    fn backup(&self, _dir: &Path, _gate: &Gate) -> Result<Backup, StoreError> {
        Err(StoreError::SledOnly {
            what: "store backup",
        })
    }
}
