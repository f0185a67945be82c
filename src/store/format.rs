//! The store's format, named once: the schema version of its records and the layout of its
//! ids. Every other module of the store, and its errors' messages, read these.

/// The schema version this program writes and reads (it reads schema 1 by migrating it once,
/// when the database is opened).
pub const SCHEMA: u32 = 2;

/// How many low bits of an id the counter takes (see `ids.rs`).
pub const COUNTER_BITS: u32 = 33;

/// The counter's bound: ids stay below `2^53` with tags below `2^20`.
pub const COUNTER_LIMIT: u64 = 1 << COUNTER_BITS;
