//! The transposition table: what the search learnt about a position (its best move, a score
//! and whether that score is exact or a bound, and the depth it was searched to), found again
//! by the position's Zobrist key when the same position is reached by another move order.

use crate::games::shogi::types::{Move, Role, Square};

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One probe's answer.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) best: Option<Move>,
    pub(super) score: i32,
    pub(super) depth: i32,
    pub(super) bound: Bound,
}

/// A fixed-size table, one entry per slot, replaced when the new search is at least as deep
/// or the slot holds another position, except that an entry of the quiescence search (depth 0)
/// never replaces a deeper one.
pub(super) struct Table {
    /// `[key, data]` pairs; data packs the move (16 bits), bound (2), depth (8) and score (32).
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each).
    pub(super) fn new(bits: u32) -> Table {
        Table {
            slots: vec![[0; 2]; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// What is stored for `key`, if anything.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let [stored, data] = self.slots[key as usize & self.mask];
        if stored != key || data == 0 {
            return None;
        }
        let bound = match (data >> 16) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            best: decode((data & 0xffff) as u16),
            bound,
            depth: ((data >> 18) & 0xff) as i32,
            score: (data >> 32) as u32 as i32,
        })
    }

    /// Stores what a search of `depth` found for `key`.
    pub(super) fn store(&mut self, key: u64, entry: Entry) {
        let slot = &mut self.slots[key as usize & self.mask];
        let old_depth = ((slot[1] >> 18) & 0xff) as i32;
        if slot[0] == key && slot[1] != 0 && old_depth > entry.depth && entry.bound != Bound::Exact
        {
            return;
        }
        // The quiescence search's entries (depth 0) never push out a deeper search's.
        if entry.depth == 0 && slot[1] != 0 && old_depth > 0 {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let depth = entry.depth.clamp(0, 255) as u64;
        let data = u64::from(encode(entry.best))
            | (bound << 16)
            | (depth << 18)
            | (u64::from(entry.score as u32) << 32);
        *slot = [key, data];
    }
}

/// 16 bits: bit 15 set for a drop (role's hand index in bits 7–9), else the origin in bits
/// 7–13 and promotion in bit 14; the destination in bits 0–6; 0 for no move.
fn encode(mv: Option<Move>) -> u16 {
    match mv {
        None => 0,
        Some(Move::Normal { from, to, promote }) => {
            // Origin + 1 so that no move encodes as 0.
            ((from.index() as u16 + 1) << 7) | (u16::from(promote) << 14) | to.index() as u16
        }
        Some(Move::Drop { role, to }) => {
            (1 << 15) | ((role.hand_index() as u16) << 7) | to.index() as u16
        }
    }
}

fn decode(bits: u16) -> Option<Move> {
    let to = Square::from_index(usize::from(bits & 0x7f))?;
    if bits & (1 << 15) != 0 {
        let role = *Role::HAND.get(usize::from((bits >> 7) & 7))?;
        return Some(Move::Drop { role, to });
    }
    let from = usize::from((bits >> 7) & 0x7f).checked_sub(1)?;
    Some(Move::Normal {
        from: Square::from_index(from)?,
        to,
        promote: bits & (1 << 14) != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::position::Position;

    #[test]
    fn moves_and_scores_come_back_as_stored() {
        let position: Position =
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
                .parse()
                .expect("valid SFEN");
        let mut table = Table::new(4);
        for (i, mv) in position.legal_moves().into_iter().enumerate() {
            assert_eq!(decode(encode(Some(mv))), Some(mv));
            let key = 0x1234_5678_9abc_0000 + i as u64;
            let score = if i % 2 == 0 { -999_990 } else { 137 };
            table.store(
                key,
                Entry {
                    best: Some(mv),
                    score,
                    depth: 7,
                    bound: Bound::Lower,
                },
            );
            let found = table.probe(key).expect("just stored");
            assert_eq!((found.best, found.score, found.depth), (Some(mv), score, 7));
            assert_eq!(found.bound, Bound::Lower);
        }
        assert!(table.probe(42).is_none());
    }

    /// A quiescence entry (depth 0) takes an empty slot or one of depth 0, never a deeper one;
    /// a deeper entry takes the slot from it.
    #[test]
    fn quiescence_entries_do_not_push_out_deeper_ones() {
        let entry = |depth, score| Entry {
            best: None,
            score,
            depth,
            bound: Bound::Exact,
        };
        let mut table = Table::new(4);
        // Keys 16 apart share a slot.
        let (deep, shallow, other) = (0x10, 0x20, 0x30);
        table.store(shallow, entry(0, 1));
        assert_eq!(table.probe(shallow).map(|e| e.score), Some(1));
        table.store(other, entry(0, 2));
        assert!(table.probe(shallow).is_none());
        table.store(deep, entry(3, 3));
        assert!(table.probe(other).is_none());
        table.store(shallow, entry(0, 4));
        assert!(table.probe(shallow).is_none());
        assert_eq!(table.probe(deep).map(|e| (e.depth, e.score)), Some((3, 3)));
    }
}
