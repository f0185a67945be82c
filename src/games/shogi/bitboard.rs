//! Bitboards: sets of squares as the low 81 bits of a `u128` (bit `i` is the square with
//! [`Square::index`] `i`), with the attack tables the move generator needs, all computed at
//! compile time.
//!
//! Step attacks (pawn, knight, silver, gold, king) are looked up; sliding attacks (lance,
//! bishop, rook) are read from per-direction rays cut at the first blocker, found with one
//! `trailing_zeros` or `leading_zeros`.

use super::types::{Color, Role, Square};

/// A set of squares.
pub(super) type Bitboard = u128;

/// All 81 squares.
pub(super) const ALL: Bitboard = (1 << 81) - 1;

/// The eight directions as (file change, rank change); index 0 is towards rank a, and each
/// later index turns 45°, so `d + 4` is the opposite direction.
const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];
const NORTH: usize = 0;
const SOUTH: usize = 4;
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

/// Whether direction `d` goes towards higher square indices (its nearest blocker is then the
/// lowest set bit).
const fn increasing(d: usize) -> bool {
    let (df, dr) = DIRS[d];
    dr * 9 + df > 0
}

/// The bit of `square`.
#[must_use]
pub(super) const fn bit(square: Square) -> Bitboard {
    1 << square.index()
}

/// The squares of `bb`, lowest index first.
pub(super) fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            return None;
        }
        let sq = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        Square::from_index(sq)
    })
}

const fn offset(index: usize, df: i8, dr: i8) -> Option<usize> {
    let file = (index % 9) as i8 + df;
    let rank = (index / 9) as i8 + dr;
    if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
        Some((rank * 9 + file) as usize)
    } else {
        None
    }
}

/// Direction bits (of [`DIRS`]) of a role's one-square steps as sente sees them.
const fn sente_steps(role: Role) -> u8 {
    const FWD: u8 = 1 << 0;
    const FWD_DIAG: u8 = (1 << 1) | (1 << 7);
    const SIDE: u8 = (1 << 2) | (1 << 6);
    const BACK: u8 = 1 << 4;
    const BACK_DIAG: u8 = (1 << 3) | (1 << 5);
    const GOLD: u8 = FWD | FWD_DIAG | SIDE | BACK;
    match role {
        Role::Pawn => FWD,
        Role::Silver => FWD | FWD_DIAG | BACK_DIAG,
        Role::Gold | Role::ProPawn | Role::ProLance | Role::ProKnight | Role::ProSilver => GOLD,
        Role::King => 0xff,
        Role::Horse => FWD | SIDE | BACK,
        Role::Dragon => FWD_DIAG | BACK_DIAG,
        Role::Lance | Role::Knight | Role::Bishop | Role::Rook => 0,
    }
}

const fn step_table() -> [[[Bitboard; 81]; 14]; 2] {
    let mut table = [[[0; 81]; 14]; 2];
    let mut c = 0;
    while c < 2 {
        // Gote's steps are sente's turned half round.
        let sign: i8 = if c == 0 { 1 } else { -1 };
        let mut r = 0;
        while r < 14 {
            let role = Role::ALL[r];
            let steps = sente_steps(role);
            let mut sq = 0;
            while sq < 81 {
                let mut bb: Bitboard = 0;
                let mut d = 0;
                while d < 8 {
                    if steps & (1 << d) != 0 {
                        let (df, dr) = DIRS[d];
                        if let Some(to) = offset(sq, df * sign, dr * sign) {
                            bb |= 1 << to;
                        }
                    }
                    d += 1;
                }
                if matches!(role, Role::Knight) {
                    if let Some(to) = offset(sq, sign, -2 * sign) {
                        bb |= 1 << to;
                    }
                    if let Some(to) = offset(sq, -sign, -2 * sign) {
                        bb |= 1 << to;
                    }
                }
                table[c][r][sq] = bb;
                sq += 1;
            }
            r += 1;
        }
        c += 1;
    }
    table
}

const fn ray_table() -> [[Bitboard; 81]; 8] {
    let mut table = [[0; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRS[d];
        let mut sq = 0;
        while sq < 81 {
            let mut bb: Bitboard = 0;
            let mut current = sq;
            while let Some(next) = offset(current, df, dr) {
                bb |= 1 << next;
                current = next;
            }
            table[d][sq] = bb;
            sq += 1;
        }
        d += 1;
    }
    table
}

/// `(between, line)` for every pair of squares: the squares strictly between two aligned
/// squares, and the whole line through them (empty when they are not aligned).
const fn line_tables() -> ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) {
    let mut between = [[0; 81]; 81];
    let mut line = [[0; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let full = RAYS[d][a] | RAYS[(d + 4) % 8][a] | (1 << a);
            let mut gap: Bitboard = 0;
            let mut current = a;
            while let Some(next) = offset(current, df, dr) {
                between[a][next] = gap;
                line[a][next] = full;
                gap |= 1 << next;
                current = next;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

/// `STEPS[color][role][square]`: squares a piece reaches in one step (the knight's jumps
/// included; the horse's and dragon's extra steps, without their slides).
static STEPS: [[[Bitboard; 81]; 14]; 2] = step_table();
/// `RAYS[direction][square]`: every square from `square` towards the edge, on an empty board.
const RAYS: [[Bitboard; 81]; 8] = ray_table();
static RAY: [[Bitboard; 81]; 8] = RAYS;
static LINES: ([[Bitboard; 81]; 81], [[Bitboard; 81]; 81]) = line_tables();

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal.
#[must_use]
#[inline]
pub(super) fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The whole line through `a` and `b` when they are aligned, otherwise empty.
#[must_use]
#[inline]
pub(super) fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

/// One-step (and knight) attacks of a piece of `role` owned by `color` on `square`.
#[must_use]
#[inline]
pub(super) fn steps(color: Color, role: Role, square: Square) -> Bitboard {
    STEPS[color.index()][role.index()][square.index()]
}

/// The ray from `square` in direction `d`, cut after its first blocker in `occupied`.
#[inline]
fn slide(d: usize, square: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAY[d][square.index()];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let nearest = if increasing(d) {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    ray ^ RAY[d][nearest as usize]
}

/// Attacks of a lance of `color` on `square`.
#[must_use]
#[inline]
pub(super) fn lance_attacks(color: Color, square: Square, occupied: Bitboard) -> Bitboard {
    match color {
        Color::Sente => slide(NORTH, square, occupied),
        Color::Gote => slide(SOUTH, square, occupied),
    }
}

/// Attacks of a bishop on `square`.
#[must_use]
#[inline]
pub(super) fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    DIAGONAL
        .iter()
        .fold(0, |bb, &d| bb | slide(d, square, occupied))
}

/// Attacks of a rook on `square`.
#[must_use]
#[inline]
pub(super) fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    ORTHOGONAL
        .iter()
        .fold(0, |bb, &d| bb | slide(d, square, occupied))
}

/// Squares a lance of `color` on `square` would see on an empty board.
#[must_use]
#[inline]
pub(super) fn pseudo_lance(color: Color, square: Square) -> Bitboard {
    match color {
        Color::Sente => RAY[NORTH][square.index()],
        Color::Gote => RAY[SOUTH][square.index()],
    }
}

/// Squares a bishop on `square` would see on an empty board.
#[must_use]
#[inline]
pub(super) fn pseudo_bishop(square: Square) -> Bitboard {
    DIAGONAL
        .iter()
        .fold(0, |bb, &d| bb | RAY[d][square.index()])
}

/// Squares a rook on `square` would see on an empty board.
#[must_use]
#[inline]
pub(super) fn pseudo_rook(square: Square) -> Bitboard {
    ORTHOGONAL
        .iter()
        .fold(0, |bb, &d| bb | RAY[d][square.index()])
}

/// Every square a piece of `role` owned by `color` on `square` attacks.
#[must_use]
#[inline]
pub(super) fn attacks(color: Color, role: Role, square: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Lance => lance_attacks(color, square, occupied),
        Role::Bishop => bishop_attacks(square, occupied),
        Role::Rook => rook_attacks(square, occupied),
        Role::Horse => bishop_attacks(square, occupied) | steps(color, role, square),
        Role::Dragon => rook_attacks(square, occupied) | steps(color, role, square),
        _ => steps(color, role, square),
    }
}

const fn rank_mask(from: u8, to: u8) -> Bitboard {
    let mut bb: Bitboard = 0;
    let mut rank = from;
    while rank <= to {
        bb |= ((1 << 9) - 1) << ((rank - 1) as u32 * 9);
        rank += 1;
    }
    bb
}

/// The promotion zone of `color`.
#[must_use]
pub(super) const fn zone(color: Color) -> Bitboard {
    match color {
        Color::Sente => rank_mask(1, 3),
        Color::Gote => rank_mask(7, 9),
    }
}

/// Squares where a piece of `role` owned by `color` could never move again (it must promote
/// on arriving there, and may not be dropped there).
#[must_use]
pub(super) const fn dead_squares(color: Color, role: Role) -> Bitboard {
    let ranks = match role {
        Role::Pawn | Role::Lance => 1,
        Role::Knight => 2,
        _ => return 0,
    };
    match color {
        Color::Sente => rank_mask(1, ranks),
        Color::Gote => rank_mask(10 - ranks, 9),
    }
}

/// The file of `square`, as a set of nine squares.
#[must_use]
pub(super) const fn file_of(square: Square) -> Bitboard {
    const FILE_1: Bitboard = {
        let mut bb: Bitboard = 0;
        let mut rank = 0;
        while rank < 9 {
            bb |= 1 << (rank * 9);
            rank += 1;
        }
        bb
    };
    FILE_1 << (square.file() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().expect("square")
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occupied = bit(sq("5c")) | bit(sq("5g")) | bit(sq("3e"));
        let rook: Vec<String> = squares(rook_attacks(sq("5e"), occupied))
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            rook,
            ["5c", "5d", "3e", "4e", "6e", "7e", "8e", "9e", "5f", "5g"]
        );
        assert_eq!(
            lance_attacks(Color::Sente, sq("5e"), occupied),
            bit(sq("5d")) | bit(sq("5c"))
        );
        assert_eq!(bishop_attacks(sq("1a"), 0).count_ones(), 8);
    }

    #[test]
    fn lines_and_gaps() {
        assert_eq!(between(sq("5a"), sq("5e")).count_ones(), 3);
        assert_eq!(between(sq("5a"), sq("4c")), 0);
        assert_eq!(line(sq("1a"), sq("3c")).count_ones(), 9);
        assert_eq!(line(sq("5a"), sq("4c")), 0);
        assert_eq!(
            steps(Color::Gote, Role::Knight, sq("5c")),
            bit(sq("4e")) | bit(sq("6e"))
        );
    }
}
