//! Static exchange evaluation: what a move wins or loses in material once every capture on its
//! destination has been traded, each side recapturing with its least valuable piece and
//! stopping when going on would lose. Pins, promotions on the way and drops are ignored, so it
//! is an estimate, used to order captures and to skip losing ones in the quiescence search.

use super::BOARD_VALUE;
use crate::games::shogi::bitboard::{bit, Bitboard};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Move, Role, Square};

/// What the king is worth in an exchange: more than everything else, so it recaptures last and
/// only on a square the other side no longer attacks.
const KING_VALUE: i32 = 20_000;

/// Roles by index, least valuable on the board first (the king last).
const CHEAPEST_FIRST: [usize; 14] = [0, 1, 2, 3, 4, 8, 9, 10, 11, 5, 12, 6, 13, 7];

/// Longest exchange followed: 38 pieces stand on the board at most.
const MAX_EXCHANGE: usize = 40;

fn value(role_index: usize) -> i32 {
    if role_index == Role::King.index() {
        KING_VALUE
    } else {
        BOARD_VALUE[role_index]
    }
}

/// The least valuable of `attackers`: its square and value.
fn cheapest(position: &Position, attackers: Bitboard) -> Option<(Square, i32)> {
    CHEAPEST_FIRST.iter().find_map(|&role| {
        let these = attackers & position.by_role[role];
        (these != 0)
            .then(|| Square::from_index(these.trailing_zeros() as usize))
            .flatten()
            .map(|sq| (sq, value(role)))
    })
}

/// The material (centipawns of board value) the side to move expects to win with `mv`, a legal
/// move: positive wins, negative loses, 0 for a quiet move on a square the enemy cannot take.
pub(super) fn see(position: &Position, mv: Move) -> i32 {
    let to = mv.to();
    let (from, mut on_square) = match mv {
        Move::Normal { from, promote, .. } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            let role = if promote {
                role.promoted().unwrap_or(role)
            } else {
                role
            };
            (bit(from), value(role.index()))
        }
        Move::Drop { role, .. } => (0, value(role.index())),
    };
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = position
        .captured_by(mv)
        .map_or(0, |p| value(p.role.index()));
    let mut occupied = (position.occupied() & !from) | bit(to);
    let mut side = !position.turn();
    let mut depth = 0;
    while depth + 1 < MAX_EXCHANGE {
        let attackers =
            position.attackers(to, side, occupied) & occupied & position.by_color[side.index()];
        let Some((sq, attacker)) = cheapest(position, attackers) else {
            break;
        };
        depth += 1;
        // What `side` stands to have if it takes and the exchange stops there.
        gains[depth] = on_square - gains[depth - 1];
        on_square = attacker;
        occupied &= !bit(sq);
        side = !side;
    }
    // Each side may decline to go on: fold the exchange back from its end.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(sfen: &str, usi: &str) -> i32 {
        let position: Position = sfen.parse().expect("valid SFEN");
        let mv: Move = usi.parse().expect("a USI move");
        assert!(position.is_legal(mv), "{usi} in {sfen}");
        see(&position, mv)
    }

    #[test]
    fn exchanges_are_counted_to_the_end() {
        let pawn = BOARD_VALUE[Role::Pawn.index()];
        let silver = BOARD_VALUE[Role::Silver.index()];
        let rook = BOARD_VALUE[Role::Rook.index()];
        // A free pawn.
        assert_eq!(see_of("4k4/9/9/4p4/9/9/9/4R4/4K4 b - 1", "5h5d"), pawn);
        // The pawn is defended by a silver: the rook is lost for it.
        assert_eq!(
            see_of("4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1", "5h5d"),
            pawn - rook
        );
        // A silver takes the defended pawn and is taken back: pawn for silver.
        assert_eq!(
            see_of("4k4/9/4s4/4p4/4S4/9/9/9/4K4 b - 1", "5e5d"),
            pawn - silver
        );
        // A rook behind the silver makes it a pawn and a silver for a silver.
        assert_eq!(see_of("4k4/9/4s4/4p4/4S4/9/9/4R4/4K4 b - 1", "5e5d"), pawn);
        // A drop where a pawn takes it loses the piece; a quiet drop out of reach loses nothing.
        assert_eq!(see_of("4k4/9/4p4/9/9/9/9/9/4K4 b S 1", "S*5d"), -silver);
        assert_eq!(see_of("4k4/9/4p4/9/9/9/9/9/4K4 b S 1", "S*1e"), 0);
    }
}
