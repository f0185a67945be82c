//! Record ids that never collide between stores, so that the stores of several processes can
//! be merged when the shard count changes (see `sled/reshard`).
//!
//! An id is `tag << 33 | counter`:
//! - `tag` is the store's [`Layout::tag`](crate::shards::Layout::tag): different for every
//!   process of every layout, 0 for the single-shard layout (so a bot that has never been
//!   sharded hands out 1, 2, 3… as it always has), and below 2^20;
//! - `counter` is store-wide, kept in the `meta` tree under `next_id` (the next value to hand
//!   out), and below 2^33.
//!
//! Ids therefore stay below 2^53, the largest integer a Discord command option can carry
//! (`/oaq replay game:<id>`).
//!
//! The counter only goes up, and is never reused: it is written before the record that uses
//! the id, and the record's flush makes both durable (sled flushes its log in order). On the
//! first open of a database written before this counter existed, it starts past every id sled's
//! `generate_id` could have handed out (which those releases used). A reshard sets every new
//! store's counter at least as high as every old store's, so that a layout used again later
//! (2 shards → 4 → 2) does not repeat an id either.

use super::backend::TxError;
use super::error::StoreError;
use super::format::COUNTER_LIMIT;
use super::space::Space;

/// The `meta` key of the next counter value to hand out (big-endian u64).
pub(super) const NEXT_ID: &[u8] = b"next_id";

pub(super) fn decode_counter(bytes: &[u8]) -> Result<u64, StoreError> {
    let bytes: [u8; 8] = bytes.try_into().map_err(|_| StoreError::Corrupt {
        kind: "id counter",
        key: 0,
        reason: format!("{} bytes instead of 8", bytes.len()),
    })?;
    Ok(u64::from_be_bytes(bytes))
}

/// The next counter value `meta` would hand out, if it has a counter yet.
pub(super) fn peek(meta: &Space) -> Result<Option<u64>, StoreError> {
    meta.get(NEXT_ID)?.map(|b| decode_counter(&b)).transpose()
}

/// Starts the counter of a database that has none at `floor()`, the backend's floor: past
/// every id sled's `generate_id() + 1` (the ids of earlier releases) could have given, which
/// is 1 for a new database (and for every PostgreSQL one, which no earlier release wrote). Set
/// in a transaction, so that processes that open a shared database at once agree on it;
/// flushed with the store's first flush.
pub(super) fn init(
    meta: &Space,
    floor: impl FnOnce() -> Result<u64, StoreError>,
) -> Result<(), StoreError> {
    if peek(meta)?.is_some() {
        return Ok(());
    }
    let first = floor()?;
    meta.transaction(|meta| {
        if meta.get(NEXT_ID)?.is_none() {
            meta.insert(NEXT_ID, &first.to_be_bytes()[..])?;
        }
        Ok(())
    })
}

/// Replaces the counter `c` by `next(c)` atomically (a fresh database's counter is 1);
/// returns `c`. When `next` fails, the counter is left as it is.
fn update(meta: &Space, next: impl Fn(u64) -> Result<u64, StoreError>) -> Result<u64, StoreError> {
    meta.transaction(|meta| {
        let current = match meta.get(NEXT_ID)? {
            None => 1,
            Some(bytes) => decode_counter(&bytes).map_err(TxError::Abort)?,
        };
        let new = next(current).map_err(TxError::Abort)?;
        meta.insert(NEXT_ID, &new.to_be_bytes()[..])?;
        Ok(current)
    })
}

/// Takes the next counter value (not flushed: see the module's doc).
pub(super) fn take(meta: &Space) -> Result<u64, StoreError> {
    update(meta, |current| {
        if current >= COUNTER_LIMIT {
            Err(StoreError::IdsExhausted)
        } else {
            Ok(current + 1)
        }
    })
}

/// Raises the counter to at least `floor` (it never goes down). Not flushed.
pub(super) fn raise(meta: &Space, floor: u64) -> Result<(), StoreError> {
    update(meta, |current| Ok(current.max(floor))).map(drop)
}
