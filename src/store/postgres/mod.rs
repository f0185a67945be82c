//! The PostgreSQL backend: one database shared by every process of the bot (see `db.rs`).

pub(super) mod db;
mod pool;
mod scan;
mod schema;
mod sql;
mod tx;
