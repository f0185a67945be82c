//! Moves and their strings: `from-to` (`D2-E6`) or a hop path (`D2>F4>H6`).

use std::fmt;
use std::str::FromStr;

use super::board::Hole;
use super::ParseError;

/// Most landings a hop chain can have between its start and its end: a hop chain visits each
/// hole at most once, and the holes a peg can hop to form a sub-lattice of at most 37 holes.
pub const MAX_PATH: usize = 36;

/// A move: one peg from one hole to another, by a step or a chain of hops.
///
/// Legality depends only on `from` and `to`. A move may also carry the hop path it takes (the
/// landings in between), which the picture draws and which decides, with the swap rule, the hole
/// an opponent's peg is sent back to. Moves from [`Position::legal_moves`] always carry their
/// path (the shortest chain); a move parsed from `from-to` gets one when it is checked by
/// [`Position::validate`].
///
/// [`Position::legal_moves`]: super::Position::legal_moves
/// [`Position::validate`]: super::Position::validate
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Hole,
    to: Hole,
    /// Whether `via` is the path (true) or unknown (false, the move was written `from-to`).
    explicit: bool,
    len: u8,
    via: [u8; MAX_PATH],
}

impl Move {
    /// A move known only by its ends; the path, if it is a hop chain, is left to the engine.
    pub fn new(from: Hole, to: Hole) -> Move {
        Move {
            from,
            to,
            explicit: false,
            len: 0,
            via: [0; MAX_PATH],
        }
    }

    /// A move along a path: the start, each landing and the end (at least two holes).
    pub fn along(path: &[Hole]) -> Option<Move> {
        let (&from, rest) = path.split_first()?;
        let (&to, between) = rest.split_last()?;
        if between.len() > MAX_PATH {
            return None;
        }
        let mut via = [0; MAX_PATH];
        for (slot, hole) in via.iter_mut().zip(between) {
            *slot = hole.index() as u8;
        }
        Some(Move {
            from,
            to,
            explicit: true,
            len: between.len() as u8,
            via,
        })
    }

    /// The hole the peg leaves.
    pub fn from(&self) -> Hole {
        self.from
    }

    /// The hole the peg ends on.
    pub fn to(&self) -> Hole {
        self.to
    }

    /// Whether the path is known (given with `>` or filled in by the engine).
    pub fn has_path(&self) -> bool {
        self.explicit
    }

    /// Whether this is a step to an adjacent hole (hops never end next to their start).
    pub fn is_step(&self) -> bool {
        self.from.distance(self.to) == 1
    }

    /// The holes the peg visits, start and end included. For a hop chain whose path is not
    /// known yet, only the two ends.
    pub fn path(&self) -> impl Iterator<Item = Hole> + '_ {
        std::iter::once(self.from)
            .chain(self.via[..self.len as usize].iter().map(|&i| hole(i)))
            .chain(std::iter::once(self.to))
    }

    /// The same move without its path.
    pub fn without_path(&self) -> Move {
        Move::new(self.from, self.to)
    }
}

fn hole(index: u8) -> Hole {
    Hole::new(index as usize).unwrap_or_else(|| unreachable!("paths only hold board holes"))
}

impl fmt::Display for Move {
    /// `from-to`; with the alternate flag (`{:#}`), the hop path `D2>F4>H6` when it is known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() && self.explicit && !self.is_step() {
            let mut first = true;
            for h in self.path() {
                if !first {
                    f.write_str(">")?;
                }
                first = false;
                write!(f, "{h}")?;
            }
            Ok(())
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let text = s.trim();
        let bad = || ParseError::BadMove(s.to_string());
        if let Some((from, to)) = text.split_once('-') {
            let from: Hole = from.trim().parse().map_err(|_| bad())?;
            let to: Hole = to.trim().parse().map_err(|_| bad())?;
            return Ok(Move::new(from, to));
        }
        if !text.contains('>') {
            return Err(bad());
        }
        let holes = text
            .split('>')
            .map(|h| h.trim().parse::<Hole>().map_err(|_| bad()))
            .collect::<Result<Vec<Hole>, ParseError>>()?;
        Move::along(&holes).ok_or_else(|| ParseError::PathTooLong(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_and_parse_both_ways() {
        let mv: Move = "D2>F4>H6".parse().unwrap();
        assert_eq!(mv.to_string(), "D2-H6");
        assert_eq!(format!("{mv:#}"), "D2>F4>H6");
        assert_eq!(format!("{mv:#}").parse::<Move>().unwrap(), mv);
        let plain: Move = "d2-e6".parse().unwrap();
        assert_eq!(plain.to_string(), "D2-E6");
        assert!(!plain.has_path());
        assert_eq!(plain.path().count(), 2);
        assert_eq!(mv.path().count(), 3);
        for bad in ["", "D2", "D2-", "D2-Z9", "D2>", "D2->E6", "pass"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?} should not parse");
        }
        assert!(std::mem::size_of::<Move>() <= 40);
    }
}
