//! Reading and checking records inside a transaction: the steps every transaction of the store
//! is made of (a record read through the codec, a revision checked, an error that ends the
//! transaction, the channel index freed), and the names records are reported under.

use serde::de::DeserializeOwned;

use super::backend::{TxError, TxResult};
use super::codec::{decode, Stored};
use super::error::StoreError;
use super::records::ChannelEntry;
use super::space::TxSpace;
use crate::ids::ChannelId;

/// What a game's head is called in errors.
pub(super) const GAME: &str = "game";
/// What a challenge is called in errors.
pub(super) const CHALLENGE: &str = "challenge";
/// What a channel's entry is called in errors.
pub(super) const CHANNEL: &str = "channel";
/// What a game's move is called in errors.
pub(super) const PLY: &str = "move";
/// What a game's setup is called in errors.
pub(super) const SETUP: &str = "game setup";

/// Ends the transaction with `error`, nothing written.
pub(super) fn abort<T>(error: StoreError) -> TxResult<T> {
    Err(TxError::Abort(error))
}

/// The record of `kind` under `key` in `tree`, as the transaction sees it.
pub(super) fn tx_read<T: DeserializeOwned>(
    tree: &TxSpace<'_>,
    kind: &'static str,
    key: impl Into<u64>,
) -> TxResult<Option<Stored<T>>> {
    let key = key.into();
    match tree.get(key.to_be_bytes())? {
        None => Ok(None),
        Some(bytes) => match decode(kind, key, &bytes) {
            Ok(stored) => Ok(Some(stored)),
            Err(e) => abort(e),
        },
    }
}

/// Checks that `key` holds a record at `expected` revision and returns the next revision.
pub(super) fn tx_check<T: DeserializeOwned>(
    tree: &TxSpace<'_>,
    kind: &'static str,
    key: impl Into<u64>,
    expected: u64,
) -> TxResult<u64> {
    let key = key.into();
    match tx_read::<T>(tree, kind, key)? {
        Some(stored) if stored.revision == expected => Ok(expected + 1),
        _ => abort(StoreError::Conflict {
            kind,
            key,
            expected,
        }),
    }
}

/// Removes the channel's entry if it is `entry` (it may already point elsewhere).
pub(super) fn free_channel(
    channels: &TxSpace<'_>,
    channel: ChannelId,
    entry: ChannelEntry,
) -> TxResult<()> {
    let current = match channels.get(channel.get().to_be_bytes())? {
        None => return Ok(()),
        Some(bytes) => decode::<ChannelEntry>(CHANNEL, channel, &bytes).map(|s| s.record),
    };
    // A damaged index entry is left for an operator to inspect, as every damaged record is.
    if matches!(current, Ok(found) if found == entry) {
        channels.remove(channel.get().to_be_bytes())?;
    }
    Ok(())
}
