//! The connections to the store's PostgreSQL database: a pool whose every connection sets
//! what the store relies on (`synchronous_commit = on`), and the way calls of the blocking
//! client are moved off the async worker threads.

use std::sync::Arc;
use std::time::Duration;

use postgres::NoTls;
use r2d2::{Pool, PooledConnection};
use r2d2_postgres::PostgresConnectionManager;

use crate::store::error::BackendError;

/// The pool's connection manager.
pub(super) type Manager = PostgresConnectionManager<NoTls>;

/// How many connections a process keeps to the server at most.
pub(super) const POOL_SIZE: u32 = 16;

/// How long a call waits for a connection (a free one of the pool, or a new one) before it
/// fails as [`BackendError::Unreachable`]: short enough that a click made while the server is
/// down is answered "try again" within Discord's three seconds.
const CONNECT_WAIT: Duration = Duration::from_millis(1_500);

/// The pool, closed off the async worker threads when the store's last handle goes (closing a
/// connection runs the client's own runtime).
pub(super) struct Connections(Option<Pool<Manager>>);

impl Connections {
    /// A pool of connections to the database `config` names; none is made yet, so this
    /// works while the server is down (each call then fails as unreachable until it is up).
    pub(super) fn open(config: postgres::Config) -> Arc<Connections> {
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(CONNECT_WAIT)
            // A broken connection is found when it is used (and replaced): checking each
            // one as it leaves the pool would cost a round trip per read. A call that finds
            // its connection lost before it did anything runs again on another (see
            // `db.rs`).
            .test_on_check_out(false)
            // The server being down is reported by the calls that need it, and by /health:
            // the pool's own attempts to keep a connection ready are not logged.
            .error_handler(Box::new(r2d2::NopErrorHandler))
            .connection_customizer(Box::new(Session))
            .build_unchecked(Manager::new(config, NoTls));
        Arc::new(Connections(Some(pool)))
    }

    /// A connection of the pool.
    pub(super) fn get(&self) -> Result<PooledConnection<Manager>, BackendError> {
        match &self.0 {
            Some(pool) => pool.get().map_err(unreachable),
            // Taken only by `drop`, after which nothing can call this.
            None => unreachable!("the pool is used after it was closed"),
        }
    }

    /// Runs `f`, which reads and changes nothing, on a connection of the pool; again on
    /// another while it fails because its connection had lost the server (an idle connection
    /// from before the server restarted: it is dropped, not put back).
    pub(super) fn read<R>(
        &self,
        mut f: impl FnMut(&mut postgres::Client) -> Result<R, postgres::Error>,
    ) -> Result<R, BackendError> {
        let mut attempts = 0;
        loop {
            let mut conn = self.get()?;
            match f(&mut conn) {
                Ok(value) => return Ok(value),
                Err(error) if lost(&error) && attempts < POOL_SIZE => attempts += 1,
                Err(error) => return Err(failed(error)),
            }
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

/// No connection to the server could be made in time.
fn unreachable(error: r2d2::Error) -> BackendError {
    BackendError::Unreachable(Box::new(error))
}

/// A statement failed ([`BackendError::Failed`]), or the connection did, or the server is
/// shutting down or starting ([`BackendError::Unreachable`]: see [`lost`]).
pub(super) fn failed(error: postgres::Error) -> BackendError {
    if lost(&error) {
        BackendError::Unreachable(Box::new(error))
    } else {
        BackendError::Failed(Box::new(error))
    }
}

/// Whether `error` says the server went away rather than refused a statement: the
/// connection is closed or its socket failed, or the server reported a connection exception
/// (class 08) or an operator intervention (class 57P: shut down, crashed, starting).
pub(super) fn lost(error: &postgres::Error) -> bool {
    if error.is_closed() {
        return true;
    }
    match error.code() {
        Some(code) => code.code().starts_with("08") || code.code().starts_with("57P"),
        None => {
            std::error::Error::source(error).is_some_and(|source| source.is::<std::io::Error>())
        }
    }
}

/// Runs `f`, a call of the blocking client, off the async worker threads.
pub(super) fn off_runtime<R>(f: impl FnOnce() -> R) -> R {
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
