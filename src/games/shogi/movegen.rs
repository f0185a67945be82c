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

    /// Pieces of `by` attacking `square` when the occupied squares are `occupied`.
    pub(super) fn attackers(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        Army::of(self, by).attackers(square, occupied)
    }

    /// Whether `square` is attacked by a piece of `by`.
    #[must_use]
    pub fn attacked(&self, square: Square, by: Color) -> bool {
        self.attackers(square, by, self.occupied()) != 0
    }

    /// Pieces of `color` pinned against their own king by the sliders of `enemy`.
    fn pinned(&self, color: Color, enemy: &Army) -> Bitboard {
        let king = self.king_square(color);
        let occupied = self.occupied();
        let snipers = (pseudo_rook(king) & enemy.rooks)
            | (pseudo_bishop(king) & enemy.bishops)
            | (pseudo_lance(color, king) & enemy.lances);
        let mut pinned = 0;
        for sniper in squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers != 0 && blockers & (blockers - 1) == 0 {
                pinned |= blockers & self.by_color[color.index()];
            }
        }
        pinned
    }

    /// Files (as square sets) holding an unpromoted pawn of `color`.
    pub(super) fn pawn_files(&self, color: Color) -> Bitboard {
        let pawns = self.by_role[Role::Pawn.index()] & self.by_color[color.index()];
        squares(pawns).fold(0, |bb, sq| bb | file_of(sq))
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
        let enemy = Army::of(self, them);
        let checkers = enemy.attackers(king, occupied);
        let without_king = occupied ^ bit(king);
        for to in squares(steps(us, Role::King, king) & wanted) {
            if enemy.attackers(to, without_king) == 0
                && !emit(Move::Normal {
                    from: king,
                    to,
                    promote: false,
                })
            {
                return false;
            }
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            return true;
        }
        let (targets, blocks) = match squares(checkers).next() {
            Some(checker) => {
                let gap = between(king, checker);
                ((gap | checkers) & wanted, gap)
            }
            None => (wanted, ALL & !occupied),
        };
        let pinned = self.pinned(us, &enemy);
        // Pawns that are not pinned move all at once: their targets are one shift away.
        let pawns = self.by_role[Role::Pawn.index()] & own & !pinned;
        let (pushed, back) = match us {
            Color::Sente => (pawns >> 9, 1),
            Color::Gote => (pawns << 9, -1),
        };
        let pawn = Piece {
            color: us,
            role: Role::Pawn,
        };
        for to in squares(pushed & targets) {
            let Some(from) = to.offset(0, back) else {
                continue;
            };
            if !emit_normal(us, pawn, from, bit(to), emit) {
                return false;
            }
        }
        for from in squares(own ^ bit(king) ^ pawns) {
            let Some(piece) = self.board[from.index()] else {
                continue;
            };
            let reach = match piece.role {
                Role::Lance | Role::Bishop | Role::Rook | Role::Horse | Role::Dragon => {
                    attacks(us, piece.role, from, occupied)
                }
                role => steps(us, role, from),
            };
            let mut to = reach & targets;
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

/// One side's pieces grouped by how they attack, for asking which of them attack a square.
struct Army {
    color: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    golds: Bitboard,
    /// Kings, horses and dragons: each attacks all eight neighbours.
    neighbours: Bitboard,
    lances: Bitboard,
    /// Bishops and horses.
    bishops: Bitboard,
    /// Rooks and dragons.
    rooks: Bitboard,
}

impl Army {
    #[inline]
    fn of(position: &Position, color: Color) -> Army {
        let theirs = position.by_color[color.index()];
        let role = |r: Role| position.by_role[r.index()] & theirs;
        Army {
            color,
            pawns: role(Role::Pawn),
            knights: role(Role::Knight),
            silvers: role(Role::Silver),
            golds: role(Role::Gold)
                | role(Role::ProPawn)
                | role(Role::ProLance)
                | role(Role::ProKnight)
                | role(Role::ProSilver),
            neighbours: role(Role::King) | role(Role::Horse) | role(Role::Dragon),
            lances: role(Role::Lance),
            bishops: role(Role::Bishop) | role(Role::Horse),
            rooks: role(Role::Rook) | role(Role::Dragon),
        }
    }

    /// The pieces attacking `square` when the occupied squares are `occupied`: a piece of
    /// this side on `p` attacks `square` exactly when the same role of the other side on
    /// `square` would attack `p`.
    #[inline]
    fn attackers(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let reverse = !self.color;
        let mut found = (steps(reverse, Role::Pawn, square) & self.pawns)
            | (steps(reverse, Role::Knight, square) & self.knights)
            | (steps(reverse, Role::Silver, square) & self.silvers)
            | (steps(reverse, Role::Gold, square) & self.golds)
            | (steps(reverse, Role::King, square) & self.neighbours);
        // Slides are only computed when a slider stands on one of their lines.
        if self.lances & pseudo_lance(reverse, square) != 0 {
            found |= lance_attacks(reverse, square, occupied) & self.lances;
        }
        if self.bishops & pseudo_bishop(square) != 0 {
            found |= bishop_attacks(square, occupied) & self.bishops;
        }
        if self.rooks & pseudo_rook(square) != 0 {
            found |= rook_attacks(square, occupied) & self.rooks;
        }
        found
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
    let may = if zone(us) & bit(from) != 0 {
        ALL
    } else {
        zone(us)
    };
    if piece.role.promoted().is_none() || targets & may == 0 {
        return squares(targets).all(|to| {
            emit(Move::Normal {
                from,
                to,
                promote: false,
            })
        });
    }
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
