//! The statements on the `kv` table that reads and writes share, in and out of transactions,
//! and the key locks transactions take (see `tx.rs`).

use postgres::types::Type;

use crate::store::tree::Tree;

/// The type of a key space's name.
pub(super) const TEXT: Type = Type::TEXT;
/// The type of keys and values.
pub(super) const BYTEA: Type = Type::BYTEA;
/// The type of a key's lock.
pub(super) const INT8: Type = Type::INT8;
/// The type of "wait for the lock".
pub(super) const BOOL: Type = Type::BOOL;

/// The value under a key of a key space.
pub(super) const GET: &str = "SELECT value FROM kv WHERE space = $1 AND key = $2";
/// Stores a value under a key of a key space.
pub(super) const INSERT: &str = "INSERT INTO kv (space, key, value) VALUES ($1, $2, $3)
    ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value";
/// Removes a key of a key space.
pub(super) const REMOVE: &str = "DELETE FROM kv WHERE space = $1 AND key = $2";

/// Takes the key lock `$1` (waiting for it when `$2`, else only if it is free), then reads key
/// `$4` of space `$3`: whether the lock was taken, and the value (read after the lock was).
pub(super) const LOCKED_GET: &str = "SELECT locked, val FROM oaq_get($1, $2, $3, $4)";
/// Takes the key lock `$1` as [`LOCKED_GET`] does, then stores `$5` under key `$4` of space
/// `$3`: whether the lock was taken (nothing is written if not).
pub(super) const LOCKED_PUT: &str = "SELECT oaq_put($1, $2, $3, $4, $5)";
/// Takes the key lock `$1` as [`LOCKED_GET`] does, then removes key `$4` of space `$3`:
/// whether the lock was taken (nothing is removed if not).
pub(super) const LOCKED_REMOVE: &str = "SELECT oaq_remove($1, $2, $3, $4)";
/// Waits for the key lock `$1`.
pub(super) const WAIT_LOCK: &str = "SELECT pg_advisory_xact_lock($1)";

/// How many rows a scan reads, or a batch writes, at a time.
pub(super) const BATCH: i64 = 512;

/// The advisory lock that stands for key `key` of `space`: a 64-bit FNV-1a hash of the space's
/// name and the key. Every process computes the same one whatever it was built with (the
/// hash is this function, not the standard library's); two keys that share a lock only wait
/// for each other.
pub(super) fn key_lock(space: Tree, key: &[u8]) -> i64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET;
    for &byte in space.name().as_bytes().iter().chain(&[0xff]).chain(key) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(PRIME);
    }
    i64::from_ne_bytes(hash.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keys_lock_never_changes_and_tells_keys_and_spaces_apart() {
        // Processes of different builds share the database: the lock of a key is fixed.
        assert_eq!(
            key_lock(Tree::Games, &7u64.to_be_bytes()),
            key_lock(Tree::Games, &7u64.to_be_bytes())
        );
        assert_eq!(key_lock(Tree::Meta, b"next_id"), 0x5adf_4174_99f6_7090);
        assert_ne!(key_lock(Tree::Games, &[1]), key_lock(Tree::Games, &[2]));
        assert_ne!(
            key_lock(Tree::Games, &[1]),
            key_lock(Tree::Challenges, &[1])
        );
    }
}
