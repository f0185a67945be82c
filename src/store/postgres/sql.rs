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

/// Takes the key lock `$1` (waiting for it when `$2`, else only if it is free), then reads key
/// `$4` of space `$3`: whether the lock was taken, and the value (read after the lock was).
pub(super) const LOCKED_GET: &str = "SELECT locked, val FROM oaq_get($1, $2, $3, $4)";
/// Begins a transaction (sent with its first statement, in the same round trip).
pub(super) const BEGIN: &str = "BEGIN ISOLATION LEVEL READ COMMITTED;";
/// The SQLSTATE of a write whose key lock is busy (its message is the lock's number).
pub(super) const BUSY: &str = "OQ001";

/// A `bytea` literal of `bytes` (hexadecimal digits only: nothing in it can end the string).
pub(super) fn bytea(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2 + 20);
    text.push_str("decode('");
    for byte in bytes {
        text.push_str(&format!("{byte:02x}"));
    }
    text.push_str("', 'hex')");
    text
}

/// A statement of a transaction's last round trip that writes `value` (or removes the key,
/// for `None`) under `key` of `space`, taking the key lock `lock` first unless `held` (waiting
/// for it when `wait`, else failing with [`BUSY`] if it is taken).
pub(super) fn write(
    lock: i64,
    held: bool,
    wait: bool,
    space: Tree,
    key: &[u8],
    value: Option<&[u8]>,
) -> String {
    // A key space's name is one of the store's own, in lower case: a plain literal.
    let name = space.name();
    match (held, value) {
        (true, Some(value)) => format!(
            "INSERT INTO kv (space, key, value) VALUES ('{name}', {}, {}) \
             ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value;",
            bytea(key),
            bytea(value)
        ),
        (true, None) => format!(
            "DELETE FROM kv WHERE space = '{name}' AND key = {};",
            bytea(key)
        ),
        (false, value) => format!(
            "SELECT oaq_write({lock}, {wait}, '{name}', {}, {});",
            bytea(key),
            value.map_or_else(|| String::from("NULL"), bytea)
        ),
    }
}

/// Decodes a `bytea` in PostgreSQL's text form (`\x` and hexadecimal digits).
pub(super) fn unhex(text: &str) -> Option<Vec<u8>> {
    let digits = text.strip_prefix("\\x")?.as_bytes();
    if digits.len() % 2 != 0 {
        return None;
    }
    digits
        .chunks(2)
        .map(|pair| {
            let pair = std::str::from_utf8(pair).ok()?;
            u8::from_str_radix(pair, 16).ok()
        })
        .collect()
}

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
    fn bytea_literals_and_text_round_trip() {
        assert_eq!(bytea(&[0, 0xab, 0x27]), "decode('00ab27', 'hex')");
        assert_eq!(unhex("\\x00ab27"), Some(vec![0, 0xab, 0x27]));
        assert_eq!(unhex("\\x0"), None);
        assert_eq!(unhex("00"), None);
    }

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
