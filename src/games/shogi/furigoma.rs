//! Furigoma: who moves first. One player tosses five pawns; if more land pawn side up (歩)
//! than promoted side up (と), the tosser moves first (sente), otherwise the other player does.

use rand::Rng;

/// How one tossed pawn landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Unpromoted side up (歩).
    Pawn,
    /// Promoted side up (と).
    Tokin,
}

/// The result of a toss of five pawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Furigoma {
    /// How each of the five pawns landed.
    pub faces: [Face; 5],
}

impl Furigoma {
    /// Tosses five pawns, each side equally likely.
    pub fn toss(rng: &mut impl Rng) -> Furigoma {
        let faces = std::array::from_fn(|_| {
            if rng.gen_bool(0.5) {
                Face::Pawn
            } else {
                Face::Tokin
            }
        });
        Furigoma { faces }
    }

    /// How many pawns landed unpromoted side up.
    #[must_use]
    pub fn pawns(&self) -> usize {
        self.faces.iter().filter(|&&f| f == Face::Pawn).count()
    }

    /// Whether the player who tossed moves first (more 歩 than と; five pawns never tie).
    #[must_use]
    pub fn tosser_moves_first(&self) -> bool {
        self.pawns() * 2 > self.faces.len()
    }

    /// The toss as kanji, e.g. `歩歩と歩と`.
    #[must_use]
    pub fn kanji(&self) -> String {
        self.faces
            .iter()
            .map(|f| if *f == Face::Pawn { '歩' } else { 'と' })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn more_pawns_than_tokin_gives_the_tosser_the_first_move() {
        use Face::{Pawn, Tokin};
        let three = Furigoma {
            faces: [Pawn, Tokin, Pawn, Tokin, Pawn],
        };
        assert!(three.tosser_moves_first());
        assert_eq!(three.kanji(), "歩と歩と歩");
        let two = Furigoma {
            faces: [Pawn, Tokin, Tokin, Tokin, Pawn],
        };
        assert!(!two.tosser_moves_first());
    }

    #[test]
    fn tosses_are_reproducible_and_vary() {
        let toss = |seed| Furigoma::toss(&mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(toss(9), toss(9));
        let firsts = (0..200).filter(|&s| toss(s).tosser_moves_first()).count();
        assert!((60..140).contains(&firsts), "{firsts} of 200");
    }
}
