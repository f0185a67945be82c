//! Legal-move generation on bitboards.
//!
//! Once per position: the checkers of the king to move and the pinned pieces. Then each piece's
//! targets are its attack set cut to what legality allows (any square not holding an own piece;
//! in check, the checker or a square between it and the king; for a pinned piece, its pin line),
//! so only king moves test squares for attacks. Drops are masks of empty squares, less the dead
//! ranks and, for pawns, the files that already hold one; only the single pawn drop that gives
//! check can be uchifuzume, and only that one is played out.

use super::bitboard::{
    attacks, between, bishop_attacks, bit, dead_squares, file_of, lance_attacks, line,
    pseudo_bishop, pseudo_lance, pseudo_rook, rook_attacks, squares, steps, zone, Bitboard, ALL,
};
use super::position::Position;
use super::types::{Color, Move, Piece, Role, Square};

impl Position {
    /// All occupied squares.
    pub(super) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Pieces of `color` with one of `roles`.
    fn pieces(&self, color: Color, roles: &[Role]) -> Bitboard {
        roles.iter().fold(0, |bb, r| bb | self.by_role[r.index()]) & self.by_color[color.index()]
    }

    /// Pieces of `by` attacking `square` when the occupied squares are `occupied`.
    pub(super) fn attackers(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let role = |r: Role| self.by_role[r.index()];
        let reverse = !by;
        let golds = role(Role::Gold)
            | role(Role::ProPawn)
            | role(Role::ProLance)
            | role(Role::ProKnight)
            | role(Role::ProSilver);
        let near = (steps(reverse, Role::Pawn, square) & role(Role::Pawn))
            | (steps(reverse, Role::Knight, square) & role(Role::Knight))
            | (steps(reverse, Role::Silver, square) & role(Role::Silver))
            | (steps(reverse, Role::Gold, square) & golds)
            | (steps(reverse, Role::King, square)
                & (role(Role::King) | role(Role::Horse) | role(Role::Dragon)));
        let far = (lance_attacks(reverse, square, occupied) & role(Role::Lance))
            | (bishop_attacks(square, occupied) & (role(Role::Bishop) | role(Role::Horse)))
            | (rook_attacks(square, occupied) & (role(Role::Rook) | role(Role::Dragon)));
        (near | far) & self.by_color[by.index()]
    }

    /// Whether `square` is attacked by a piece of `by`.
    #[must_use]
    pub fn attacked(&self, square: Square, by: Color) -> bool {
        self.attackers(square, by, self.occupied()) != 0
    }

    /// Pieces of `color` pinned against their own king.
    fn pinned(&self, color: Color) -> Bitboard {
        let king = self.king_square(color);
        let them = !color;
        let occupied = self.occupied();
        let snipers = (pseudo_rook(king) & self.pieces(them, &[Role::Rook, Role::Dragon]))
            | (pseudo_bishop(king) & self.pieces(them, &[Role::Bishop, Role::Horse]))
            | (pseudo_lance(color, king) & self.pieces(them, &[Role::Lance]));
        let mut pinned = 0;
        for sniper in squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.by_color[color.index()];
            }
        }
        pinned
    }

    /// Files (as square sets) holding an unpromoted pawn of `color`.
    pub(super) fn pawn_files(&self, color: Color) -> Bitboard {
        squares(self.pieces(color, &[Role::Pawn])).fold(0, |bb, sq| bb | file_of(sq))
    }

    /// Whether dropping a pawn of the side to move on `to` checkmates at once (uchifuzume).
    pub(super) fn is_uchifuzume(&self, to: Square) -> bool {
        let them = !self.turn();
        if steps(self.turn(), Role::Pawn, to) & bit(self.king_square(them)) == 0 {
            return false;
        }
        !self
            .after(Move::Drop {
                role: Role::Pawn,
                to,
            })
            .has_legal_move()
    }

    /// Calls `emit` with every legal move (only captures when `captures_only`); stops and returns
    /// `false` as soon as `emit` does.
    pub(super) fn generate(
        &self,
        captures_only: bool,
        emit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let us = self.turn();
        let them = !us;
        let occupied = self.occupied();
        let own = self.by_color[us.index()];
        let wanted = if captures_only {
            self.by_color[them.index()]
        } else {
            ALL & !own
        };
        let king = self.king_square(us);
        let checkers = self.attackers(king, them, occupied);
        let without_king = occupied ^ bit(king);
        for to in squares(steps(us, Role::King, king) & wanted) {
            if self.attackers(to, them, without_king) == 0
                && !emit(Move::Normal {
                    from: king,
                    to,
                    promote: false,
                })
            {
                return false;
            }
        }
        if checkers.count_ones() > 1 {
            return true;
        }
        let (targets, blocks) = match squares(checkers).next() {
            Some(checker) => {
                let gap = between(king, checker);
                ((gap | checkers) & wanted, gap)
            }
            None => (wanted, ALL & !occupied),
        };
        let pinned = self.pinned(us);
        for from in squares(own ^ bit(king)) {
            let Some(piece) = self.board[from.index()] else {
                continue;
            };
            let mut to = attacks(us, piece.role, from, occupied) & targets;
            if pinned & bit(from) != 0 {
                to &= line(king, from);
            }
            if to != 0 && !emit_normal(us, piece, from, to, emit) {
                return false;
            }
        }
        if captures_only {
            return true;
        }
        for role in Role::HAND {
            if self.hands[us.index()][role.hand_index()] == 0 {
                continue;
            }
            let mut to = blocks & !dead_squares(us, role);
            if role == Role::Pawn {
                to &= !self.pawn_files(us);
                let mate_square = steps(them, Role::Pawn, self.king_square(them));
                if to & mate_square != 0 {
                    if let Some(sq) = squares(mate_square).next() {
                        if self.is_uchifuzume(sq) {
                            to &= !mate_square;
                        }
                    }
                }
            }
            for sq in squares(to) {
                if !emit(Move::Drop { role, to: sq }) {
                    return false;
                }
            }
        }
        true
    }
}

/// Emits the moves of `piece` (owned by `us`) from `from` to each of `targets`: the plain move
/// unless promotion is forced, then the promotion where it is allowed.
fn emit_normal(
    us: Color,
    piece: Piece,
    from: Square,
    targets: Bitboard,
    emit: &mut impl FnMut(Move) -> bool,
) -> bool {
    if piece.role.promoted().is_none() {
        return squares(targets).all(|to| {
            emit(Move::Normal {
                from,
                to,
                promote: false,
            })
        });
    }
    let may = if zone(us) & bit(from) != 0 {
        ALL
    } else {
        zone(us)
    };
    let must = dead_squares(us, piece.role);
    squares(targets).all(|to| {
        let target = bit(to);
        (must & target != 0
            || emit(Move::Normal {
                from,
                to,
                promote: false,
            }))
            && (may & target == 0
                || emit(Move::Normal {
                    from,
                    to,
                    promote: true,
                }))
    })
}
