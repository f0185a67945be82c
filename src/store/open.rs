//! Opening the store on the backend the configuration names: a sled database in a directory
//! (the default) or a PostgreSQL database shared by every process. Whichever it is, the store
//! is then opened the same way: a database of an older schema is migrated (see `migrate.rs`),
//! the id counter started (see `ids.rs`), and both made durable before the store is used.

use std::path::Path;
use std::sync::Arc;

use super::backend::Backend;
use super::error::StoreError;
use super::handle::Store;
use super::ids;
use super::migrate;
use super::postgres::db::Pg;
use super::sled::db::{SledDb, DEFAULT_CACHE_BYTES};
use crate::config::{Backend as Chosen, StoreConfig};
use crate::shards::Layout;

impl Store {
    /// Opens the store `config` names (`store.backend`) for the bot's process that runs
    /// `layout`'s shards: the sled database at `store.path`, or the PostgreSQL database at
    /// `store.url`, waited for (with a line in the log) while its server cannot be reached.
    pub fn open_configured(config: &StoreConfig, layout: Layout) -> Result<Store, StoreError> {
        match config.backend {
            Chosen::Sled => Store::open_for(&config.path, layout, config.cache_bytes()),
            Chosen::Postgres => Store::on(Arc::new(Pg::connect(&config.url, true)?), layout),
        }
    }

    /// Refuses, with the reason, to back up the store `config` names with `store backup` when
    /// it is a PostgreSQL one (backed up with PostgreSQL's own tools).
    pub fn can_back_up(config: &StoreConfig) -> Result<(), StoreError> {
        match config.backend {
            Chosen::Sled => Ok(()),
            Chosen::Postgres => Err(StoreError::SledOnly {
                what: "store backup",
            }),
        }
    }

    /// Opens (or creates) the database in `path` for a bot that is not sharded (the
    /// single-shard layout: ids 1, 2, 3…), as [`Store::open_for`] does.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_for(path, Layout::single(), DEFAULT_CACHE_BYTES)
    }

    /// Opens (or creates) the sled database in `path` for the process that runs `layout`'s
    /// shards: the ids it hands out carry the layout's tag (see `ids.rs`), so they never
    /// collide with another store's. A schema-1 database is migrated to schema 2 first (once;
    /// see `migrate.rs`). A database another handle holds is waited for a moment, and sled's
    /// cache holds at most `cache_bytes` (see [`SledDb::open`]).
    pub fn open_for(path: &Path, layout: Layout, cache_bytes: u64) -> Result<Store, StoreError> {
        Store::on(Arc::new(SledDb::open(path, cache_bytes)?), layout)
    }

    /// A database that lives in a temporary directory and disappears when dropped (for tests
    /// and benchmarks).
    pub fn temporary() -> Result<Store, StoreError> {
        Store::on(Arc::new(SledDb::temporary()?), Layout::single())
    }

    /// Connects to the PostgreSQL database at `url` for the process that runs `layout`'s
    /// shards, applying the schema migrations it lacks (failing at once if its server cannot
    /// be reached). Every process of a sharded bot
    /// connects to the same database: each serves the servers of its own shards, and ids
    /// carry the layout's tag as on sled.
    pub fn connect(url: &str, layout: Layout) -> Result<Store, StoreError> {
        Store::on(Arc::new(Pg::connect(url, false)?), layout)
    }

    /// The store kept by `backend`, migrated, with its id counter started, all of it durable.
    pub(super) fn on(backend: Arc<dyn Backend>, layout: Layout) -> Result<Store, StoreError> {
        let store = Store::with(backend, layout);
        migrate::migrate(&store)?;
        store.list_running()?;
        ids::init(&store.meta, || Ok(store.backend.id_floor()?))?;
        // What a migration or a first id counter wrote is synced like any other write.
        store.flush()?;
        Ok(store)
    }
}
