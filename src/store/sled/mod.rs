//! The sled backend, embedded: one database directory per process (see `db.rs`), and the tools
//! that work on sled's files: online backup (`backup.rs`), moving records between the stores
//! of two shard layouts (`reshard`), durable flushes (`durable.rs`) shared by concurrent
//! writers (`group_commit.rs`).

mod backup;
pub(super) mod db;
mod durable;
mod error;
mod group_commit;
pub mod reshard;

pub use group_commit::GroupCommit;
