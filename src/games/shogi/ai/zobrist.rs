//! Zobrist keys: a 64-bit hash of a position (board, hands, side to move) that the search
//! updates move by move, for the transposition table and for counting repetitions.

use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Move, Piece, Role, Square};

/// Most pieces of one role a hand can hold (pawns), plus one for the empty hand.
const HAND_SLOTS: usize = 19;

/// The keys, computed at compile time from a fixed seed.
struct Keys {
    /// `board[color][role][square]`.
    board: [[[u64; 81]; 14]; 2],
    /// `hand[color][hand role][count]`.
    hand: [[[u64; HAND_SLOTS]; 7]; 2],
    /// Gote to move.
    gote: u64,
}

/// splitmix64: one step of a simple, well-mixed generator.
const fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys() -> Keys {
    let mut state = 0x5348_4f47_4941_4b45;
    let mut keys = Keys {
        board: [[[0; 81]; 14]; 2],
        hand: [[[0; HAND_SLOTS]; 7]; 2],
        gote: 0,
    };
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 14 {
            let mut s = 0;
            while s < 81 {
                keys.board[c][r][s] = next(&mut state);
                s += 1;
            }
            r += 1;
        }
        let mut r = 0;
        while r < 7 {
            // An empty hand adds nothing, so a position's key does not depend on how many
            // kinds of piece could be in hand.
            let mut n = 1;
            while n < HAND_SLOTS {
                keys.hand[c][r][n] = next(&mut state);
                n += 1;
            }
            r += 1;
        }
        c += 1;
    }
    keys.gote = next(&mut state);
    keys
}

static KEYS: Keys = keys();

fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS.board[piece.color.index()][piece.role.index()][square.index()]
}

fn hand_key(color: Color, role: Role, count: u8) -> u64 {
    KEYS.hand[color.index()][role.hand_index()][usize::from(count).min(HAND_SLOTS - 1)]
}

/// The key of `position`, computed from scratch.
#[must_use]
pub(super) fn key(position: &Position) -> u64 {
    let mut key = 0;
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            key ^= piece_key(piece, square);
        }
    }
    for color in Color::ALL {
        for role in Role::HAND {
            key ^= hand_key(color, role, position.hand_count(color, role));
        }
    }
    if position.turn() == Color::Gote {
        key ^= KEYS.gote;
    }
    key
}

/// The key after `mv` (legal in `position`, whose key is `key`), without playing it.
#[must_use]
pub(super) fn after(position: &Position, key: u64, mv: Move) -> u64 {
    let us = position.turn();
    let mut key = key ^ KEYS.gote;
    match mv {
        Move::Normal { from, to, promote } => {
            let Some(piece) = position.piece_at(from) else {
                return key;
            };
            key ^= piece_key(piece, from);
            if let Some(captured) = position.piece_at(to) {
                key ^= piece_key(captured, to);
                let role = captured.role.unpromoted();
                let held = position.hand_count(us, role);
                key ^= hand_key(us, role, held) ^ hand_key(us, role, held.saturating_add(1));
            }
            let role = if promote {
                piece.role.promoted().unwrap_or(piece.role)
            } else {
                piece.role
            };
            key ^= piece_key(Piece { color: us, role }, to);
        }
        Move::Drop { role, to } => {
            let held = position.hand_count(us, role);
            key ^= hand_key(us, role, held) ^ hand_key(us, role, held.saturating_sub(1));
            key ^= piece_key(Piece { color: us, role }, to);
        }
    }
    key
}

/// The key with the side to move changed (a null move).
#[must_use]
pub(super) fn passed(key: u64) -> u64 {
    key ^ KEYS.gote
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_after_a_move_is_the_key_of_the_position_after_it() {
        let sfens = [
            crate::games::shogi::START_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "ln1g1k1+Rl/1r5+P1/p1pp+Bp1p1/4p4/2P3+s2/P3P2P1/1P1P2+n2/2+l1G4/L1S1K2N1 w BGSN3Pgs2p 1",
        ];
        let mut checked = 0;
        for sfen in sfens {
            let position: Position = sfen.parse().expect("valid SFEN");
            let before = key(&position);
            for mv in position.legal_moves() {
                let next = position.play(mv).expect("legal");
                assert_eq!(after(&position, before, mv), key(&next), "{sfen} {mv}");
                checked += 1;
            }
        }
        // 30 from the start, 207 in MATSURI, 3 evasions in the crowded position.
        assert_eq!(checked, 240);
    }

    #[test]
    fn different_positions_get_different_keys() {
        let a: Position = "4k4/9/9/9/9/9/9/9/4K4 b P 1".parse().expect("valid");
        let b: Position = "4k4/9/9/9/9/9/9/9/4K4 w P 1".parse().expect("valid");
        let c: Position = "4k4/9/9/9/9/9/9/9/4K4 b p 1".parse().expect("valid");
        assert_ne!(key(&a), key(&b));
        assert_ne!(key(&a), key(&c));
        assert_eq!(passed(key(&a)), key(&b));
    }
}
