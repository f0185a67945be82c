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
const POOL_SIZE: u32 = 16;

/// The pool, closed off the async worker threads when the store's last handle goes (closing a
/// connection runs the client's own runtime).
pub(super) struct Connections(Option<Pool<Manager>>);

impl Connections {
    /// Opens a pool of connections to the database `config` names.
    pub(super) fn open(config: postgres::Config) -> Result<Arc<Connections>, BackendError> {
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(Duration::from_secs(10))
            // A broken connection is found when it is used (and replaced): checking each
            // one as it leaves the pool would cost a round trip per read.
            .test_on_check_out(false)
            .connection_customizer(Box::new(Session))
            .build(Manager::new(config, NoTls))
            .map_err(unreachable)?;
        Ok(Arc::new(Connections(Some(pool))))
    }

    /// A connection of the pool.
    pub(super) fn get(&self) -> Result<PooledConnection<Manager>, BackendError> {
        match &self.0 {
            Some(pool) => pool.get().map_err(unreachable),
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

/// No connection to the server could be made in time.
fn unreachable(error: r2d2::Error) -> BackendError {
    BackendError::Unreachable(Box::new(error))
}

/// A statement failed, or the connection did.
pub(super) fn failed(error: postgres::Error) -> BackendError {
    BackendError::Failed(Box::new(error))
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
