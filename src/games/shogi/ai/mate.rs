//! Tsume (mate) search: does the side to move mate by checking on every move?
//!
//! An AND/OR depth-first search with iterative deepening on the number of plies: at the
//! attacker's nodes only checking moves are tried, at the defender's nodes every legal evasion
//! must lose. It finds mates that the main search prunes or sees too late (a long series of
//! checks with drops), within a node budget. It is not df-pn: the proof is bounded by depth,
//! not by proof numbers, so it is complete up to the depth it reaches.

use std::time::Instant;

use crate::games::shogi::bitboard::{attacks, bit};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::Move;

/// Whether `mv` (legal in `position`) gives check.
#[must_use]
pub(super) fn gives_check(position: &Position, mv: Move) -> bool {
    let us = position.turn();
    let king = position.king_square(!us);
    let (role, from, to) = match mv {
        Move::Normal { from, to, promote } => {
            let Some(piece) = position.piece_at(from) else {
                return false;
            };
            let role = if promote {
                piece.role.promoted().unwrap_or(piece.role)
            } else {
                piece.role
            };
            (role, Some(from), to)
        }
        Move::Drop { role, to } => (role, None, to),
    };
    let vacated = from.map_or(0, bit);
    let occupied = (position.occupied() & !vacated) | bit(to);
    if attacks(us, role, to, occupied) & bit(king) != 0 {
        return true;
    }
    // The side not to move is never in check, so any other attacker now is a discovered one.
    from.is_some() && position.attackers(king, us, occupied) & !vacated & !bit(to) != 0
}

/// The legal checking moves of `position`, drops and captures first.
fn checks(position: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|&mv| gives_check(position, mv))
        .collect();
    moves.sort_by_key(|&mv| {
        let capture = position.captured_by(mv).is_some();
        let drop = matches!(mv, Move::Drop { .. });
        (!capture, !drop)
    });
    moves
}

/// A mate search limited to a number of positions and a deadline.
pub(super) struct Tsume {
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
}

impl Tsume {
    /// A search that gives up after about `limit` positions or at `deadline`.
    pub(super) fn new(limit: u64, deadline: Option<Instant>) -> Tsume {
        Tsume {
            nodes: 0,
            limit,
            deadline,
        }
    }

    /// Counts a position; `false` once the budget is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.limit = self.nodes;
        }
        self.nodes < self.limit
    }

    /// Positions visited so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The first move of a mate in at most `plies` plies (odd), found by deepening 1, 3, 5 …;
    /// `None` when there is none that short or the budget ran out.
    pub(super) fn find(&mut self, position: &Position, plies: u32) -> Option<(Move, u32)> {
        let mut depth = 1;
        while depth <= plies {
            if let Some(mv) = self.attack(position, depth) {
                return Some((mv, depth));
            }
            if self.nodes >= self.limit {
                return None;
            }
            depth += 2;
        }
        None
    }

    /// A checking move after which every defence is mated within `depth - 1` plies.
    fn attack(&mut self, position: &Position, depth: u32) -> Option<Move> {
        if !self.visit() {
            return None;
        }
        for mv in checks(position) {
            if self.nodes >= self.limit {
                return None;
            }
            if self.defend(&position.play_unchecked(mv), depth - 1) {
                return Some(mv);
            }
        }
        None
    }

    /// Whether every evasion of the checked side to move is mated within `depth` plies.
    fn defend(&mut self, position: &Position, depth: u32) -> bool {
        if !self.visit() {
            return false;
        }
        let evasions = position.legal_moves();
        if evasions.is_empty() {
            return true;
        }
        if depth == 0 {
            return false;
        }
        // Captures of the checker first: they refute most checks.
        let mut evasions = evasions;
        evasions.sort_by_key(|&mv| position.captured_by(mv).is_none());
        evasions.into_iter().all(|mv| {
            self.nodes < self.limit
                && self
                    .attack(&position.play_unchecked(mv), depth - 1)
                    .is_some()
        })
    }
}
