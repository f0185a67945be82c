//! What stops a reshard.

use thiserror::Error;

use crate::shards::LayoutError;
use crate::store::error::StoreError;

/// Something that stopped a reshard. Nothing is removed from any store unless every copy was
/// verified first.
#[derive(Debug, Error)]
pub enum ReshardError {
    /// A shard count or range is unusable.
    #[error("the {side} layout: {source}")]
    Layout {
        /// `old` or `new`.
        side: &'static str,
        /// What is wrong.
        source: LayoutError,
    },
    /// A layout has no store.
    #[error("the {side} layout names no store")]
    NoStore {
        /// `old` or `new`.
        side: &'static str,
    },
    /// A shard is in no store's range.
    #[error("the {side} layout of {count} shards: shard {shard} is in no store's range (the ranges must cover 0-{last} exactly once)", last = count - 1)]
    Uncovered {
        /// `old` or `new`.
        side: &'static str,
        /// The shard count.
        count: u32,
        /// The shard nobody serves.
        shard: u32,
    },
    /// A shard is in two stores' ranges.
    #[error("the {side} layout: shard {shard} is in the ranges of both `{first}` and `{second}` (the ranges must not overlap)")]
    Overlap {
        /// `old` or `new`.
        side: &'static str,
        /// The shard served twice.
        shard: u32,
        /// One store.
        first: String,
        /// The other.
        second: String,
    },
    /// A layout names a store twice.
    #[error("the {side} layout names the store `{path}` twice (a store holds one range)")]
    DuplicatePath {
        /// `old` or `new`.
        side: &'static str,
        /// The store.
        path: String,
    },
    /// An old store does not exist.
    #[error("the old store `{path}` does not exist")]
    MissingSource {
        /// The store.
        path: String,
    },
    /// A store could not be opened, read or written.
    #[error("the store `{path}`: {source}")]
    Store {
        /// The store.
        path: String,
        /// What failed.
        source: StoreError,
    },
    /// A store holds a tree this program cannot route.
    #[error("the store `{path}` holds a tree `{tree}` that reshard does not know how to move; nothing was changed (use the oaq-bot release that wrote it)")]
    UnknownTree {
        /// The store.
        path: String,
        /// The tree.
        tree: String,
    },
    /// One key holds different records in two stores.
    #[error("the {kind} key {key} is in both `{first}` and `{second}` with different contents; nothing was changed")]
    Conflict {
        /// What the tree holds.
        kind: &'static str,
        /// The key, in hexadecimal.
        key: String,
        /// One store.
        first: String,
        /// The other.
        second: String,
    },
    /// A copy read back differs from the record copied: nothing was removed from any store.
    #[error("the copy of the {kind} key {key} in `{path}` does not match its source; nothing was removed from any store")]
    Verify {
        /// What the tree holds.
        kind: &'static str,
        /// The key, in hexadecimal.
        key: String,
        /// The new store.
        path: String,
    },
    /// The stores hold a different number of records after the move than before.
    #[error("after the move the stores hold {after} {kind}, not {before} as before")]
    Counts {
        /// What the tree holds.
        kind: &'static str,
        /// Before.
        before: u64,
        /// After.
        after: u64,
    },
}
