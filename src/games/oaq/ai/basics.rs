//! What the searches share: the transposition table's entries and key, a position's children
//! in search order, the static evaluation and a finished game's exact value.

use super::WIN;
use crate::games::oaq::events::Outcome;
use crate::games::oaq::position::Position;
use crate::games::oaq::types::{Direction, Move, Seat, Square};

/// How a stored score relates to the position's value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) board: u128,
    pub(super) ledgers: u32,
    pub(super) score: i32,
    pub(super) depth: u8,
    pub(super) bound: Bound,
    pub(super) best: Option<Move>,
}

/// A position's children (at most ten), in search order.
pub(super) struct Children {
    pub(super) items: [(Move, Position, i32); 10],
    pub(super) len: usize,
}

impl Children {
    pub(super) fn iter(&self) -> std::slice::Iter<'_, (Move, Position, i32)> {
        self.items[..self.len].iter()
    }
}

pub(super) const FILLER_MOVE: Move = Move::new(Square::WEST, Direction::Right);

/// The table key: the board, the mandarins and the player to move, packed; plus both ledgers.
pub(super) fn key(position: &Position) -> (u128, u32) {
    let setup = position.setup();
    let mut board = 0u128;
    for &c in &setup.citizens {
        board = (board << 8) | u128::from(c);
    }
    board = (board << 1) | u128::from(setup.quans[0]);
    board = (board << 1) | u128::from(setup.quans[1]);
    board = (board << 1) | u128::from(setup.to_move == Some(Seat::North));
    let ledgers = (u32::from(setup.captured[0] as u16) << 16) | u32::from(setup.captured[1] as u16);
    (board, ledgers)
}

pub(super) fn slot(board: u128, ledgers: u32, mask: usize) -> usize {
    let mixed = (board as u64) ^ ((board >> 64) as u64).rotate_left(29) ^ u64::from(ledgers);
    (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & mask
}

/// The static evaluation for `side` (see the module docs).
pub(crate) fn evaluate(position: &Position, side: Seat) -> i32 {
    let other = side.other();
    let captured = i32::from(position.captured(side)) - i32::from(position.captured(other));
    let rows = i32::from(position.row_total(side)) - i32::from(position.row_total(other));
    2 * captured + rows
}

/// The exact value of a finished game for `side`.
pub(crate) fn final_score(position: &Position, side: Seat) -> i32 {
    let margin =
        2 * (i32::from(position.captured(side)) - i32::from(position.captured(side.other())));
    match position.outcome() {
        Some(Outcome::Winner(winner)) if winner == side => WIN + margin.max(0),
        Some(Outcome::Winner(_)) => -WIN + margin.min(0),
        _ => 0,
    }
}
