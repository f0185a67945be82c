//! The transposition table of the proof searches ([`super::solve`] and [`super::dfpn`]):
//! exact 128-bit keys, so two positions never share an entry, in buckets of four; when a bucket
//! is full, the entry that cost the least work to compute is replaced.

use super::position::Position;
use super::solve::Claim;
use super::types::Seat;

/// Entries per bucket.
const BUCKET: usize = 4;

/// An exact table key: every square, the mandarins, South's ledger, the player to move and the
/// claim being proven.
pub(super) type Key = [u64; 2];

/// The table key of `position` for `claim`: citizens (8 bits a square), mandarins, player to
/// move, claim and South's ledger. North's ledger is implied, because points are conserved
/// within one search, and the ply is left out, so transpositions at different plies meet.
/// `None` at ply 0, where `no_first_quan` may make the same board behave differently.
pub(super) fn key(position: &Position, claim: Claim) -> Option<Key> {
    let setup = position.setup();
    if setup.ply == 0 {
        return None;
    }
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&setup.citizens[..8]);
    let lo = u64::from_le_bytes(bytes);
    let mut hi = 0u64;
    for (i, &c) in setup.citizens[8..].iter().enumerate() {
        hi |= u64::from(c) << (8 * i);
    }
    hi |= u64::from(setup.quans[0]) << 32;
    hi |= u64::from(setup.quans[1]) << 33;
    hi |= u64::from(setup.to_move == Some(Seat::North)) << 34;
    hi |= claim.bits() << 35;
    hi |= u64::from(setup.captured[0] as u16) << 37;
    Some([lo, hi])
}

/// One slot: a key, what is known under it, and log2 of the work it cost.
#[derive(Debug, Clone, Copy)]
struct Slot<V> {
    key: Key,
    value: V,
    work: u8,
}

/// A fixed-size table of values of type `V`, allocated up front.
pub(super) struct Table<V> {
    slots: Vec<Slot<V>>,
    mask: usize,
}

impl<V: Copy> Table<V> {
    /// A table of at most `mb` MiB (a power of two of whole buckets); `empty` fills the slots.
    pub(super) fn with_mb(mb: usize, empty: V) -> Table<V> {
        let wanted = (mb.max(1) << 20) / std::mem::size_of::<Slot<V>>();
        let len = (1usize << (usize::BITS - 1 - wanted.max(BUCKET).leading_zeros())).max(BUCKET);
        let slot = Slot {
            key: [0, 0],
            value: empty,
            work: 0,
        };
        Table {
            slots: vec![slot; len],
            mask: len / BUCKET - 1,
        }
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot<V>>()
    }

    /// Slots in use. A real key is never zero: the player to move always has a citizen on
    /// their row.
    pub(super) fn used(&self) -> u64 {
        self.slots.iter().filter(|s| s.key != [0, 0]).count() as u64
    }

    /// The first slot of `key`'s bucket. The key is folded to 64 bits and mixed by
    /// MurmurHash3's finaliser, so every bit of the key moves the bucket.
    fn bucket(&self, key: Key) -> usize {
        let mut h = key[0] ^ key[1].rotate_left(29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^= h >> 33;
        (h as usize & self.mask) * BUCKET
    }

    /// What is stored under `key`.
    pub(super) fn get(&self, key: Key) -> Option<V> {
        let base = self.bucket(key);
        self.slots[base..base + BUCKET]
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value)
    }

    /// Stores `update(what was stored)` under `key`, which cost `work` nodes (the largest work
    /// seen for the key is kept).
    pub(super) fn update(&mut self, key: Key, work: u64, update: impl FnOnce(Option<V>) -> V) {
        let base = self.bucket(key);
        let bucket = &mut self.slots[base..base + BUCKET];
        let work = (64 - work.leading_zeros()) as u8;
        if let Some(slot) = bucket.iter_mut().find(|s| s.key == key) {
            slot.value = update(Some(slot.value));
            slot.work = slot.work.max(work);
            return;
        }
        let mut victim = 0;
        for (i, s) in bucket.iter().enumerate() {
            if s.key == [0, 0] {
                victim = i;
                break;
            }
            if s.work < bucket[victim].work {
                victim = i;
            }
        }
        bucket[victim] = Slot {
            key,
            value: update(None),
            work,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_differ_in_any_byte_keep_their_own_entries() {
        // 1 MiB: 32,768 buckets. Under an earlier hash, keys that differed only in the high
        // bytes of their first word (squares 6 and 7) all fell into one bucket of four.
        let mut table = Table::with_mb(1, 0u32);
        let base = [0x0000_0005_0505_0505, 0x0000_0000_0505_0505];
        let mut keys = Vec::new();
        for byte in [5, 6, 7] {
            for value in 1..=40u64 {
                let mut key = base;
                key[0] |= value << (8 * byte);
                keys.push(key);
            }
        }
        for (i, &key) in keys.iter().enumerate() {
            table.update(key, 1, |_| i as u32);
        }
        for (i, &key) in keys.iter().enumerate() {
            assert_eq!(table.get(key), Some(i as u32), "{key:x?}");
        }
        assert_eq!(table.used(), keys.len() as u64);
    }

    #[test]
    fn a_full_bucket_replaces_the_entry_that_cost_least() {
        let mut table = Table::with_mb(1, 0u32);
        let bucket = table.bucket([0, 1]);
        let keys: Vec<Key> = (0..)
            .map(|i| [i, 1])
            .filter(|&k| table.bucket(k) == bucket)
            .take(BUCKET + 1)
            .collect();
        for (i, &k) in keys[..BUCKET].iter().enumerate() {
            table.update(k, 1 << (10 + i), |_| i as u32);
        }
        table.update(keys[BUCKET], 1 << 30, |_| 99);
        assert_eq!(table.get(keys[0]), None, "the cheapest entry goes");
        assert_eq!(table.get(keys[BUCKET]), Some(99));
        assert!(keys[1..BUCKET].iter().all(|&k| table.get(k).is_some()));
    }
}
