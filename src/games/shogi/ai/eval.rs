//! The hard level's evaluation: material on the board and in hand, piece-square terms, and
//! king safety (enemy pieces attacking the squares round the king, own pieces defending them,
//! open files towards it and enemy pieces in hand that could be dropped next to it).

use super::{BOARD_VALUE, HAND_VALUE};
use crate::games::shogi::bitboard::{attacks, bit, file_of, squares, steps, Bitboard};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Role, Square};

/// Attack units an enemy piece adds when it attacks the king's zone, by [`Role::index`].
const ATTACKER_UNITS: [i32; 14] = [1, 2, 2, 3, 3, 3, 4, 0, 3, 3, 3, 3, 5, 6];
/// Attack units of an enemy piece in hand that could be dropped next to the king, by
/// [`Role::index`] (hand roles only).
const DROP_UNITS: [i32; 7] = [0, 1, 2, 2, 3, 3, 4];
/// Most attack units that count: beyond this the king is lost anyway.
const MAX_UNITS: i32 = 40;

/// Static evaluation in centipawns from sente's point of view.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    let occupied = position.occupied();
    let kings = [
        position.king_square(Color::Sente),
        position.king_square(Color::Gote),
    ];
    // The king's square and its eight neighbours, for each side.
    let zones = kings.map(|k| steps(Color::Sente, Role::King, k) | bit(k));
    // Per king: attack units of the enemy, squares of the zone the enemy attacks, squares of the
    // zone its own side defends (the king itself not counted).
    let mut units = [0i32; 2];
    let mut attacked: [Bitboard; 2] = [0; 2];
    let mut defended: [Bitboard; 2] = [0; 2];
    let mut score = 0;
    for sq in squares(occupied) {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let c = piece.color.index();
        let sign = if piece.color == Color::Sente { 1 } else { -1 };
        let relative = i32::from(piece.color.relative_rank(sq.rank()));
        let mut value = BOARD_VALUE[piece.role.index()];
        value += match piece.role {
            Role::Pawn => (9 - relative) * 4,
            Role::Silver | Role::Gold => (9 - relative) * 3,
            Role::Knight => (9 - relative) * 5,
            Role::King => [0, -60, -50, -40, -30, -20, -5, 10, 25, 30][relative as usize],
            _ => 0,
        };
        // A stepping piece three squares or more from both kings reaches neither zone.
        let slider = matches!(
            piece.role,
            Role::Lance | Role::Bishop | Role::Rook | Role::Horse | Role::Dragon
        );
        let near = distance(sq, kings[0]).min(distance(sq, kings[1])) <= 3;
        if piece.role != Role::King && (slider || near) {
            let reach = attacks(piece.color, piece.role, sq, occupied);
            let enemy = 1 - c;
            if reach & zones[enemy] != 0 {
                units[enemy] += ATTACKER_UNITS[piece.role.index()];
                attacked[enemy] |= reach & zones[enemy];
            }
            defended[c] |= reach & zones[c];
            // Golds and silvers beside their own king form its castle.
            if distance(sq, kings[c]) <= 1
                && matches!(piece.role, Role::Gold | Role::Silver | Role::ProSilver)
            {
                value += 20;
            }
        }
        score += sign * value;
    }
    for color in Color::ALL {
        let sign = if color == Color::Sente { 1 } else { -1 };
        let c = color.index();
        let enemy = !color;
        for role in Role::HAND {
            score += sign * HAND_VALUE[role.index()] * i32::from(position.hand_count(color, role));
        }
        let king = kings[c];
        let empty_near = steps(color, Role::King, king) & !occupied;
        let mut u = units[c];
        // Each attacked zone square the king's side does not defend is a hole.
        u += 2 * (attacked[c] & !defended[c]).count_ones() as i32;
        u += (attacked[c] & defended[c]).count_ones() as i32;
        if empty_near != 0 {
            for role in Role::HAND {
                if position.hand_count(enemy, role) > 0 {
                    u += DROP_UNITS[role.index()];
                }
            }
        }
        // Files by the king with no pawn of its own: a rook or lance of the enemy can open them.
        let own_pawns = position.by_role[Role::Pawn.index()] & position.by_color[c];
        let enemy_rooks = (position.by_role[Role::Rook.index()]
            | position.by_role[Role::Dragon.index()]
            | position.by_role[Role::Lance.index()])
            & position.by_color[enemy.index()];
        let enemy_rook_in_hand =
            position.hand_count(enemy, Role::Rook) + position.hand_count(enemy, Role::Lance) > 0;
        for df in -1i8..=1 {
            let Some(side) = king.offset(df, 0) else {
                continue;
            };
            let file = file_of(side);
            if file & own_pawns == 0 && (file & enemy_rooks != 0 || enemy_rook_in_hand) {
                u += 2;
            }
        }
        let u = u.clamp(0, MAX_UNITS);
        let danger = 6 * u + u * u;
        score -= sign * danger;
    }
    score
}

fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_king_facing_pieces_in_hand_is_in_danger() {
        // Gote holds two golds and a silver (600 + 600 + 550 in hand) beside sente's bare king;
        // the kings stand alike, so all beyond the material is the danger to sente's king.
        let open: Position = "4k4/9/9/9/9/9/9/9/4K4 b 2gs 1".parse().expect("valid");
        let material = 600 + 600 + 550;
        assert!(
            evaluate(&open) <= -material - 50,
            "danger beyond the material: {}",
            evaluate(&open) + material
        );
        // Sente castled with the same three pieces: no danger, and the castle counts.
        let castled: Position = "4k4/9/9/9/9/9/9/3GSG3/4K4 b - 1".parse().expect("valid");
        let scattered: Position = "4k4/9/9/9/9/9/9/9/G1S2K2G b - 1".parse().expect("valid");
        assert!(evaluate(&castled) > evaluate(&scattered));
    }
}
