//! The spec's position and move strings: syntax only. [`Setup`] is a parsed but unchecked
//! position; [`Position::from_setup`](super::Position::from_setup) checks it against the rules.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::types::{Direction, Move, Seat, Square};

/// Text that is not a well-formed position or move string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A position string has five fields separated by single spaces.
    #[error("a position has 5 fields separated by spaces (squares, mandarins, captured, player to move, ply), found {0}")]
    FieldCount(usize),
    /// The squares field lists twelve numbers.
    #[error("the squares field lists 12 numbers separated by commas, found {0}")]
    SquareCount(usize),
    /// A square's count is not a number from 0 to 255.
    #[error("square {square} holds `{text}`, which is not a number of citizens")]
    CitizenCount {
        /// The ring index of the square.
        square: usize,
        /// The offending text.
        text: String,
    },
    /// The mandarins field is two characters, each `Q` or `-`.
    #[error(
        "the mandarins field is two characters, each Q (still there) or - (captured), not `{0}`"
    )]
    Mandarins(String),
    /// The captured field is two signed numbers separated by a comma.
    #[error(
        "the captured field is two numbers separated by a comma (South's then North's), not `{0}`"
    )]
    Captured(String),
    /// The player to move is `s`, `n` or `-`.
    #[error("the player to move is s, n or - (game over), not `{0}`")]
    ToMove(String),
    /// The ply is a non-negative number.
    #[error("the ply is the number of moves played so far, not `{0}`")]
    Ply(String),
    /// A move is a ring index 0–11 followed by `+` or `-`.
    #[error("a move is a square number 0-11 followed by + or - (like 3+ or 9-), not `{0}`")]
    Move(String),
}

/// A position as written, before any check against the rules.
///
/// Format (five fields split by single spaces):
/// `<d0>,...,<d11> <quans> <capturedS>,<capturedN> <to-move> <ply>`, for example the start
/// `0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Citizens in each ring square (mandarin squares can hold citizens too).
    pub citizens: [u8; 12],
    /// Whether the mandarin piece of the West (index 0) and East (index 1) square is still there.
    pub quans: [bool; 2],
    /// Points captured by South and North; negative after borrowing.
    pub captured: [i16; 2],
    /// The player to move, or `None` once the game is over.
    pub to_move: Option<Seat>,
    /// Moves played so far.
    pub ply: u32,
}

impl FromStr for Setup {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [squares, quans, captured, to_move, ply] = fields[..] else {
            return Err(ParseError::FieldCount(fields.len()));
        };

        let counts: Vec<&str> = squares.split(',').collect();
        if counts.len() != Square::COUNT {
            return Err(ParseError::SquareCount(counts.len()));
        }
        let mut citizens = [0u8; 12];
        for (square, (slot, count)) in citizens.iter_mut().zip(counts).enumerate() {
            *slot = parse_plain_number(count).ok_or_else(|| ParseError::CitizenCount {
                square,
                text: count.to_owned(),
            })?;
        }

        let quan = |c: Option<char>| match c {
            Some('Q') => Some(true),
            Some('-') => Some(false),
            _ => None,
        };
        let mut chars = quans.chars();
        let quans = match (quan(chars.next()), quan(chars.next()), chars.next()) {
            (Some(west), Some(east), None) => [west, east],
            _ => return Err(ParseError::Mandarins(quans.to_owned())),
        };

        let captured = captured
            .split_once(',')
            .and_then(|(s, n)| Some([parse_signed(s)?, parse_signed(n)?]))
            .ok_or_else(|| ParseError::Captured(captured.to_owned()))?;

        let to_move = match to_move {
            "s" => Some(Seat::South),
            "n" => Some(Seat::North),
            "-" => None,
            _ => return Err(ParseError::ToMove(to_move.to_owned())),
        };

        let ply = parse_plain_number(ply).ok_or_else(|| ParseError::Ply(ply.to_owned()))?;

        Ok(Setup {
            citizens,
            quans,
            captured,
            to_move,
            ply,
        })
    }
}

/// Digits only (no sign, no spaces), within the target type's range.
fn parse_plain_number<T: FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// An optional `-` then digits. The magnitude is read wider than `i16`, so that `-32768`,
/// whose magnitude `i16` cannot hold, reads back as printed.
fn parse_signed(text: &str) -> Option<i16> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let magnitude: i32 = parse_plain_number(digits)?;
    i16::try_from(if text.starts_with('-') {
        -magnitude
    } else {
        magnitude
    })
    .ok()
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, count) in self.citizens.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{count}")?;
        }
        let quan = |present: bool| if present { 'Q' } else { '-' };
        let to_move = self.to_move.map_or('-', Seat::letter);
        write!(
            f,
            " {}{} {},{} {} {}",
            quan(self.quans[0]),
            quan(self.quans[1]),
            self.captured[0],
            self.captured[1],
            to_move,
            self.ply
        )
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseError::Move(text.to_owned());
        let direction = match text.chars().last() {
            Some('+') => Direction::Right,
            Some('-') => Direction::Left,
            _ => return Err(bad()),
        };
        let index: u8 = parse_plain_number(&text[..text.len() - 1]).ok_or_else(bad)?;
        let square = Square::new(index).ok_or_else(bad)?;
        Ok(Move::new(square, direction))
    }
}
