//! The statements on the `kv` table that reads and writes share, in and out of transactions.

use postgres::types::Type;

/// The type of a key space's name.
pub(super) const TEXT: Type = Type::TEXT;
/// The type of keys and values.
pub(super) const BYTEA: Type = Type::BYTEA;

/// The value under a key of a key space.
pub(super) const GET: &str = "SELECT value FROM kv WHERE space = $1 AND key = $2";
/// Stores a value under a key of a key space.
pub(super) const INSERT: &str = "INSERT INTO kv (space, key, value) VALUES ($1, $2, $3)
    ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value";
/// Removes a key of a key space.
pub(super) const REMOVE: &str = "DELETE FROM kv WHERE space = $1 AND key = $2";

/// How many rows a scan reads, or a batch writes, at a time.
pub(super) const BATCH: i64 = 512;
