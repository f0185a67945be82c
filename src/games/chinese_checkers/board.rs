//! The star board: holes, their labels and cube coordinates, the six triangles, neighbours and
//! the 60° rotation.
//!
//! Holes are numbered 0–120 row by row from the top, left to right (A1 = 0, I5 = 60, Q1 = 120).
//! Internally a hole has cube coordinates (x, y, z) with x + y + z = 0 and the centre at the
//! origin; row = z + 8 and doubled column = x − y + 12.

use std::fmt;
use std::str::FromStr;

use super::ParseError;

/// Number of holes on the board.
pub const HOLES: usize = 121;

/// A set of holes, one bit per hole index.
pub(crate) type Mask = u128;

/// Every hole of the board.
pub(crate) const ALL_HOLES: Mask = (1u128 << HOLES) - 1;

/// Marks "no hole" in the neighbour table.
const NONE: u8 = u8::MAX;

/// Holes per row, rows A–Q.
const ROW_LENGTHS: [u8; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

/// The six neighbour directions in cube coordinates, in the spec's order.
const DIRECTION_VECTORS: [[i8; 3]; 6] = [
    [0, 1, -1],
    [1, 0, -1],
    [-1, 1, 0],
    [1, -1, 0],
    [-1, 0, 1],
    [0, -1, 1],
];

struct Tables {
    cube: [[i8; 3]; HOLES],
    row: [u8; HOLES],
    column: [u8; HOLES],
    row_start: [u8; 17],
    neighbour: [[u8; 6]; HOLES],
    /// Triangle 0–5, or 6 for the central hexagon.
    triangle: [u8; HOLES],
    rotated: [u8; HOLES],
    triangle_mask: [Mask; 6],
}

const fn on_board(x: i32, y: i32, z: i32) -> bool {
    let min = if x < y { x } else { y };
    let min = if min < z { min } else { z };
    let max = if x > y { x } else { y };
    let max = if max > z { max } else { z };
    x + y + z == 0
        && x >= -8
        && x <= 8
        && y >= -8
        && y <= 8
        && z >= -8
        && z <= 8
        && (min >= -4 || max <= 4)
}

const fn triangle_of(x: i32, y: i32, z: i32) -> u8 {
    if z < -4 {
        0
    } else if x > 4 {
        1
    } else if y < -4 {
        2
    } else if z > 4 {
        3
    } else if x < -4 {
        4
    } else if y > 4 {
        5
    } else {
        6
    }
}

const fn build() -> Tables {
    // grid[x + 8][z + 8] = hole index or NONE.
    let mut grid = [[NONE; 17]; 17];
    let mut t = Tables {
        cube: [[0; 3]; HOLES],
        row: [0; HOLES],
        column: [0; HOLES],
        row_start: [0; 17],
        neighbour: [[NONE; 6]; HOLES],
        triangle: [6; HOLES],
        rotated: [0; HOLES],
        triangle_mask: [0; 6],
    };
    let mut index = 0usize;
    let mut z = -8i32;
    while z <= 8 {
        let row = (z + 8) as usize;
        t.row_start[row] = index as u8;
        let mut column = 0u8;
        let mut x = -8i32;
        while x <= 8 {
            let y = -x - z;
            if on_board(x, y, z) {
                t.cube[index] = [x as i8, y as i8, z as i8];
                t.row[index] = row as u8;
                t.column[index] = column;
                let tri = triangle_of(x, y, z);
                t.triangle[index] = tri;
                if tri < 6 {
                    t.triangle_mask[tri as usize] |= 1u128 << index;
                }
                grid[(x + 8) as usize][(z + 8) as usize] = index as u8;
                column += 1;
                index += 1;
            }
            x += 1;
        }
        assert!(column == ROW_LENGTHS[row]);
        z += 1;
    }
    assert!(index == HOLES);
    let mut h = 0;
    while h < HOLES {
        let [x, y, z] = t.cube[h];
        let (x, y, z) = (x as i32, y as i32, z as i32);
        let mut d = 0;
        while d < 6 {
            let [dx, dy, dz] = DIRECTION_VECTORS[d];
            let (nx, ny, nz) = (x + dx as i32, y + dy as i32, z + dz as i32);
            if on_board(nx, ny, nz) {
                t.neighbour[h][d] = grid[(nx + 8) as usize][(nz + 8) as usize];
            }
            d += 1;
        }
        // Clockwise by 60°: (x, y, z) -> (-z, -x, -y).
        t.rotated[h] = grid[(-z + 8) as usize][(-y + 8) as usize];
        h += 1;
    }
    t
}

static TABLES: Tables = build();

/// One of the 121 holes of the star board.
///
/// Written as its label: the row letter A–Q (top to bottom) and its 1-based position from the
/// left in that row, e.g. `A1` (top tip), `I5` (centre), `Q1` (bottom tip).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// The hole with this index (0–120), if there is one.
    pub const fn new(index: usize) -> Option<Hole> {
        if index < HOLES {
            Some(Hole(index as u8))
        } else {
            None
        }
    }

    /// The hole's index, 0–120, counting row by row from the top.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// All holes in index order.
    pub fn all() -> impl Iterator<Item = Hole> {
        (0..HOLES as u8).map(Hole)
    }

    /// The row, 0 (A) to 16 (Q).
    pub fn row(self) -> usize {
        TABLES.row[self.index()] as usize
    }

    /// The 0-based position of the hole in its row, from the left.
    pub fn column(self) -> usize {
        TABLES.column[self.index()] as usize
    }

    /// The hole in this row (0–16) at this 0-based position from the left.
    pub fn at(row: usize, column: usize) -> Option<Hole> {
        if row >= 17 || column >= ROW_LENGTHS[row] as usize {
            return None;
        }
        Hole::new(TABLES.row_start[row] as usize + column)
    }

    /// Cube coordinates (x, y, z), x + y + z = 0, centre at the origin.
    pub fn cube(self) -> (i8, i8, i8) {
        let [x, y, z] = TABLES.cube[self.index()];
        (x, y, z)
    }

    /// Doubled column x − y + 12, 0–24: the horizontal position used for drawing.
    pub fn doubled_column(self) -> usize {
        let (x, y, _) = self.cube();
        (x as i32 - y as i32 + 12) as usize
    }

    /// The triangle the hole belongs to, or `None` for the central hexagon.
    pub fn triangle(self) -> Option<Triangle> {
        let t = TABLES.triangle[self.index()];
        (t < 6).then_some(Triangle(t))
    }

    /// The adjacent hole in `direction`, if it is on the board.
    pub fn neighbour(self, direction: Direction) -> Option<Hole> {
        let n = TABLES.neighbour[self.index()][direction.0 as usize];
        (n != NONE).then_some(Hole(n))
    }

    /// The hole this one becomes when the board turns 60° clockwise (N goes to NE).
    pub fn rotated(self) -> Hole {
        Hole(TABLES.rotated[self.index()])
    }

    /// The number of steps between two holes on the hexagonal grid.
    pub fn distance(self, other: Hole) -> u32 {
        let (a, b, c) = self.cube();
        let (x, y, z) = other.cube();
        let d = [(a - x) as i32, (b - y) as i32, (c - z) as i32];
        d.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0)
    }

    pub(crate) const fn bit(self) -> Mask {
        1u128 << self.0
    }

    pub(crate) fn neighbour_index(self, direction: usize) -> Option<Hole> {
        let n = TABLES.neighbour[self.index()][direction];
        (n != NONE).then_some(Hole(n))
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = (b'A' + self.row() as u8) as char;
        write!(f, "{row}{}", self.column() + 1)
    }
}

impl FromStr for Hole {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Hole, ParseError> {
        let bad = || ParseError::BadHole(s.to_string());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let column: usize = digits.parse().map_err(|_| bad())?;
        let row = (letter as u8 - b'A') as usize;
        column
            .checked_sub(1)
            .and_then(|c| Hole::at(row, c))
            .ok_or_else(bad)
    }
}

/// One of the six neighbour directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction(u8);

impl Direction {
    /// The six directions: up-left, up-right, left, right, down-left, down-right.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        Direction(5 - self.0)
    }
}

/// One of the six triangles ("points") of the star, numbered clockwise from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Triangle(u8);

impl Triangle {
    /// The triangles in clockwise order from the top: N, NE, SE, S, SW, NW.
    pub const ALL: [Triangle; 6] = [
        Triangle(0),
        Triangle(1),
        Triangle(2),
        Triangle(3),
        Triangle(4),
        Triangle(5),
    ];

    /// The triangle with this number (0 = N … 5 = NW).
    pub const fn new(number: usize) -> Option<Triangle> {
        if number < 6 {
            Some(Triangle(number as u8))
        } else {
            None
        }
    }

    /// The triangle's number, 0 (N) to 5 (NW): the digit used in position strings.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The opposite triangle: the goal of a set that starts here.
    pub const fn opposite(self) -> Triangle {
        Triangle((self.0 + 3) % 6)
    }

    /// The next triangle clockwise.
    pub const fn clockwise(self) -> Triangle {
        Triangle((self.0 + 1) % 6)
    }

    /// The compass name: N, NE, SE, S, SW or NW.
    pub const fn name(self) -> &'static str {
        ["N", "NE", "SE", "S", "SW", "NW"][self.0 as usize]
    }

    /// The hole at the triangle's tip (the far end of the star's point).
    pub fn tip(self) -> Hole {
        // Tips: A1, E13, M13, Q1, M1, E1.
        const TIPS: [u8; 6] = [0, 22, 110, 120, 98, 10];
        Hole(TIPS[self.0 as usize])
    }

    /// The ten holes of the triangle, in index order.
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        let mask = self.mask();
        Hole::all().filter(move |h| mask & h.bit() != 0)
    }

    pub(crate) fn mask(self) -> Mask {
        TABLES.triangle_mask[self.0 as usize]
    }
}

impl fmt::Display for Triangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Iterates over the holes of a mask, lowest index first.
pub(crate) fn holes_of(mut mask: Mask) -> impl Iterator<Item = Hole> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(Hole(i))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_indices_follow_the_spec() {
        let label = |i: usize| Hole::new(i).unwrap().to_string();
        assert_eq!(label(0), "A1");
        assert_eq!(label(60), "I5");
        assert_eq!(label(120), "Q1");
        assert_eq!(label(10), "E1");
        assert_eq!(label(22), "E13");
        for h in Hole::all() {
            assert_eq!(h.to_string().parse::<Hole>().unwrap(), h);
        }
        assert!("I10".parse::<Hole>().is_err());
        assert!("R1".parse::<Hole>().is_err());
        assert!("A0".parse::<Hole>().is_err());
        assert_eq!("i5".parse::<Hole>().unwrap().index(), 60);
    }

    #[test]
    fn triangles_hold_the_spec_labels() {
        let names = |t: usize| {
            Triangle::new(t)
                .unwrap()
                .holes()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(0), "A1 B1 B2 C1 C2 C3 D1 D2 D3 D4");
        assert_eq!(names(1), "E10 E11 E12 E13 F10 F11 F12 G10 G11 H10");
        assert_eq!(names(2), "J10 K10 K11 L10 L11 L12 M10 M11 M12 M13");
        assert_eq!(names(3), "N1 N2 N3 N4 O1 O2 O3 P1 P2 Q1");
        assert_eq!(names(4), "J1 K1 K2 L1 L2 L3 M1 M2 M3 M4");
        assert_eq!(names(5), "E1 E2 E3 E4 F1 F2 F3 G1 G2 H1");
        let hexagon = Hole::all().filter(|h| h.triangle().is_none()).count();
        assert_eq!(hexagon, 61);
    }

    #[test]
    fn goal_holes_are_within_three_of_the_tip() {
        for t in Triangle::ALL {
            let near: Vec<Hole> = Hole::all().filter(|h| h.distance(t.tip()) <= 3).collect();
            assert_eq!(near, t.holes().collect::<Vec<_>>(), "triangle {t}");
        }
    }

    #[test]
    fn rotation_turns_each_triangle_into_the_next_clockwise() {
        for t in Triangle::ALL {
            for h in t.holes() {
                assert_eq!(h.rotated().triangle(), Some(t.clockwise()));
            }
        }
        let mut h = "D2".parse::<Hole>().unwrap();
        for _ in 0..6 {
            h = h.rotated();
        }
        assert_eq!(h.to_string(), "D2");
        assert_eq!(Hole::new(60).unwrap().rotated().index(), 60);
    }

    #[test]
    fn neighbours_are_symmetric_and_the_centre_has_six() {
        for h in Hole::all() {
            for d in Direction::ALL {
                if let Some(n) = h.neighbour(d) {
                    assert_eq!(n.neighbour(d.opposite()), Some(h));
                    assert_eq!(h.distance(n), 1);
                }
            }
        }
        let centre = Hole::new(60).unwrap();
        assert_eq!(
            Direction::ALL
                .iter()
                .filter(|d| centre.neighbour(**d).is_some())
                .count(),
            6
        );
        assert_eq!(
            Direction::ALL
                .iter()
                .filter(|d| Hole(0).neighbour(**d).is_some())
                .count(),
            2
        );
    }
}
