//! Small `Copy` vocabulary types: seats, squares, directions and moves.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the two players. South moves first and owns squares 1–5; North owns 7–11.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// The first player, drawn at the bottom of the board.
    South,
    /// The second player, drawn at the top.
    North,
}

impl Seat {
    /// Both seats, South first.
    pub const BOTH: [Seat; 2] = [Seat::South, Seat::North];

    /// The other player.
    pub const fn other(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::North => Seat::South,
        }
    }

    /// 0 for South, 1 for North: the seat's slot in per-player arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The five citizen squares this player owns, from their own left to their own right.
    pub fn squares(self) -> impl Iterator<Item = Square> + Clone {
        let first = match self {
            Seat::South => 1,
            Seat::North => 7,
        };
        (first..first + 5).map(Square)
    }

    /// The letter used in the position string: `s` or `n`.
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 's',
            Seat::North => 'n',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::South => "South",
            Seat::North => "North",
        })
    }
}

/// A square of the ring, by ring index 0–11: 0 is the West mandarin square, 6 the East one,
/// 1–5 South's row and 7–11 North's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

impl Square {
    /// Number of squares in the ring.
    pub const COUNT: usize = 12;
    /// The West mandarin square (ring index 0).
    pub const WEST: Square = Square(0);
    /// The East mandarin square (ring index 6).
    pub const EAST: Square = Square(6);

    /// The square with this ring index, if it is one (0–11).
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// All twelve squares in ring order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }

    /// The ring index, 0–11.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is one of the two mandarin squares (0 or 6).
    pub const fn is_mandarin(self) -> bool {
        self.0.is_multiple_of(6)
    }

    /// 0 for the West mandarin square, 1 for the East one; `None` for citizen squares.
    pub const fn mandarin_index(self) -> Option<usize> {
        match self.0 {
            0 => Some(0),
            6 => Some(1),
            _ => None,
        }
    }

    /// The player who owns this citizen square; `None` for mandarin squares.
    pub const fn owner(self) -> Option<Seat> {
        match self.0 {
            1..=5 => Some(Seat::South),
            7..=11 => Some(Seat::North),
            _ => None,
        }
    }

    /// The number of this square on its owner's row as drawn for players: 1–5, from the
    /// owner's own left. `None` for mandarin squares.
    pub const fn label(self) -> Option<u8> {
        match self.0 {
            1..=5 => Some(self.0),
            7..=11 => Some(self.0 - 6),
            _ => None,
        }
    }

    /// The next square in the given direction.
    pub const fn step(self, dir: Direction) -> Square {
        match dir {
            Direction::Right => Square((self.0 + 1) % 12),
            Direction::Left => Square((self.0 + 11) % 12),
        }
    }
}

impl TryFrom<u8> for Square {
    type Error = String;

    fn try_from(index: u8) -> Result<Self, Self::Error> {
        Square::new(index).ok_or_else(|| format!("square {index} is not on the board (0-11)"))
    }
}

impl From<Square> for u8 {
    fn from(square: Square) -> u8 {
        square.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The way the stones travel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// `+`: towards increasing ring index, counter-clockwise on the board picture: the mover's
    /// own right, for both players.
    Right,
    /// `-`: towards decreasing ring index, clockwise: the mover's own left.
    Left,
}

impl Direction {
    /// Both directions, `+` first.
    pub const BOTH: [Direction; 2] = [Direction::Right, Direction::Left];

    /// The sign used in move strings.
    pub const fn sign(self) -> char {
        match self {
            Direction::Right => '+',
            Direction::Left => '-',
        }
    }
}

/// A move: the square whose citizens are lifted and the direction they are sown in.
/// Written as ring index then sign: `3+`, `9-`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// The square emptied at the start of the move.
    pub square: Square,
    /// The direction of sowing.
    pub direction: Direction,
}

impl Move {
    /// A move from `square` in `direction`.
    pub const fn new(square: Square, direction: Direction) -> Move {
        Move { square, direction }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.square, self.direction.sign())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabulary_types_stay_small() {
        assert_eq!(std::mem::size_of::<Square>(), 1);
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }

    #[test]
    fn the_ring_wraps_in_both_directions() {
        assert_eq!(Square::WEST.step(Direction::Left), Square(11));
        assert_eq!(Square(11).step(Direction::Right), Square::WEST);
        assert_eq!(Square(5).step(Direction::Right), Square::EAST);
    }

    #[test]
    fn labels_count_from_the_owners_left() {
        assert_eq!(Square(1).label(), Some(1));
        assert_eq!(Square(7).label(), Some(1));
        assert_eq!(Square(11).label(), Some(5));
        assert_eq!(Square::EAST.label(), None);
        assert_eq!(Seat::North.squares().next(), Some(Square(7)));
    }
}
