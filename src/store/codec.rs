//! The record envelope: every record is stored as the JSON `{"schema": 2, "revision": n,
//! "record": {...}}`. [`encode`] writes one at the current [`SCHEMA`]; [`decode`] reads one,
//! reporting a damaged record as [`StoreError::Corrupt`] and one of a newer program as
//! [`StoreError::NewerSchema`].

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::error::StoreError;
use super::format::SCHEMA;

/// A record as read from the store, with the revision an update must name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored<T> {
    /// Incremented on every write; 1 for a new record.
    pub revision: u64,
    /// The record.
    pub record: T,
}

#[derive(Serialize)]
struct EnvelopeOut<'a, T> {
    schema: u32,
    revision: u64,
    record: &'a T,
}

/// An envelope as read, its record not decoded yet (for the migration and reshard, which look
/// into records of any schema).
#[derive(Deserialize)]
pub(crate) struct EnvelopeIn {
    /// The schema version it was written with.
    pub schema: u32,
    /// The record's revision.
    pub revision: u64,
    /// The record, as JSON.
    pub record: serde_json::Value,
}

impl EnvelopeIn {
    /// The envelope in `bytes`, if they read as one.
    pub fn read(bytes: &[u8]) -> Option<EnvelopeIn> {
        serde_json::from_slice(bytes).ok()
    }
}

/// `record` at `revision`, in an envelope of the current schema.
pub(crate) fn encode<T: Serialize>(revision: u64, record: &T) -> Vec<u8> {
    // Serialising plain derived structs to JSON cannot fail (no maps with non-string keys).
    serde_json::to_vec(&EnvelopeOut {
        schema: SCHEMA,
        revision,
        record,
    })
    .unwrap_or_default()
}

/// The record of `kind` under `key` stored as `bytes`.
pub(crate) fn decode<T: DeserializeOwned>(
    kind: &'static str,
    key: impl Into<u64>,
    bytes: &[u8],
) -> Result<Stored<T>, StoreError> {
    let key = key.into();
    let corrupt = |reason: String| StoreError::Corrupt { kind, key, reason };
    let envelope: EnvelopeIn = serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
    if envelope.schema > SCHEMA {
        return Err(StoreError::NewerSchema {
            kind,
            key,
            found: envelope.schema,
        });
    }
    let record = serde_json::from_value(envelope.record).map_err(|e| corrupt(e.to_string()))?;
    Ok(Stored {
        revision: envelope.revision,
        record,
    })
}
