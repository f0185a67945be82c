//! Stored proofs of a forced win, checked by plain replay: [`ProofBook`], and
//! [`proof_move`], the move that keeps South's proven win from the start under each preset,
//! with the mandarin worth 10 or 5.
//!
//! # The format
//!
//! A proof is the prover's strategy: one move for each position of the proof where the prover
//! is to move. The text lists those moves as digits (the move's index in
//! [`Position::legal_moves`]), in the order of one canonical depth-first walk from the root:
//! at a prover position, its move, then the walk on from the position it leads to; at a
//! defender position, the walk on from each legal move in turn. A position met a second time,
//! and a finished game, are not walked again. Lines starting with `#` are comments, and
//! whitespace is ignored. The walk is deterministic, so the reader rebuilds the strategy from
//! the digits alone (the standard start's proof is 11 kB, young's 20 kB, folk's 171 kB).
//!
//! # The check
//!
//! Reading a proof checks it with nothing but [`Position::play`]: following the strategy
//! against every defence, every line must end in a finished game won by the prover, and no
//! position (by its [`Position::repetition_key`]) may be reached twice on one line. So a player
//! who follows the book never repeats a position, the threefold valve never acts, and the
//! longest line ends before the 400-ply valve: the win holds under the rules exactly as they
//! are written, valves included.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use thiserror::Error;

use super::events::Outcome;
use super::position::{Position, RepetitionKey, MAX_PLIES};
use super::rules::{Preset, Rules};
use super::types::{Move, Seat};

/// The stored proofs that South, to move at the start, wins (see `docs/oaq-solve.md`), by
/// preset and mandarin value: the standard rules' (mandarin 10) by the depth-bounded solver,
/// the others by df-pn.
const STORED: [(Preset, u8, &str); 6] = [
    (
        Preset::Standard,
        10,
        include_str!("../../../assets/oaq-proof-standard.txt"),
    ),
    (
        Preset::Folk,
        10,
        include_str!("../../../assets/oaq-proof-folk.txt"),
    ),
    (
        Preset::Young,
        10,
        include_str!("../../../assets/oaq-proof-young.txt"),
    ),
    (
        Preset::Standard,
        5,
        include_str!("../../../assets/oaq-proof-standard-5.txt"),
    ),
    (
        Preset::Folk,
        5,
        include_str!("../../../assets/oaq-proof-folk-5.txt"),
    ),
    (
        Preset::Young,
        5,
        include_str!("../../../assets/oaq-proof-young-5.txt"),
    ),
];

/// A preset's rules with the mandarin worth `quan_value`.
fn rules_of(preset: Preset, quan_value: u8) -> Rules {
    Rules {
        quan_value,
        ..preset.rules()
    }
}

/// A proof that fails to read or to check.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProofError {
    /// The text holds something other than digits, whitespace and comment lines.
    #[error("unexpected character {0:?} in a proof")]
    BadCharacter(char),
    /// The digits ran out before the walk ended.
    #[error("the proof ends too early")]
    Truncated,
    /// Digits are left over after the walk ended.
    #[error("the proof has {0} moves left over")]
    TrailingMoves(usize),
    /// A digit names no legal move.
    #[error("move {index} does not exist in {position}")]
    NoSuchMove {
        /// The position string.
        position: String,
        /// The digit read.
        index: usize,
    },
    /// A line of the proof ends in a game the prover does not win.
    #[error("the game ends without a win for the prover in {0}")]
    NotWon(String),
    /// A line of the proof reaches the same position twice.
    #[error("the proof repeats the position {0}")]
    Repeats(String),
    /// A line of the proof would reach the 400-ply valve.
    #[error("the proof's longest line, {0} plies, reaches the {MAX_PLIES}-ply valve")]
    TooLong(u32),
}

/// A checked proof that the prover, whatever the defence, wins from its root.
#[derive(Debug, Clone)]
pub struct ProofBook {
    prover: Seat,
    rules: Rules,
    moves: HashMap<RepetitionKey, Move>,
    positions: usize,
    longest: u32,
}

impl ProofBook {
    /// Reads a proof for `prover` from `root` and checks it (see the module documentation).
    pub fn read(root: &Position, prover: Seat, text: &str) -> Result<ProofBook, ProofError> {
        let mut digits = Vec::new();
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for c in line.chars().filter(|c| !c.is_whitespace()) {
                let digit = c.to_digit(10).ok_or(ProofError::BadCharacter(c))?;
                digits.push(digit as usize);
            }
        }
        let mut reader = Reader {
            prover,
            digits: digits.into_iter(),
            moves: HashMap::new(),
            seen: HashSet::new(),
        };
        reader.walk(root)?;
        let left = reader.digits.len();
        if left > 0 {
            return Err(ProofError::TrailingMoves(left));
        }
        let mut book = ProofBook {
            prover,
            rules: *root.rules(),
            moves: reader.moves,
            positions: reader.seen.len(),
            longest: 0,
        };
        let mut checker = Checker {
            book: &book,
            done: HashMap::new(),
            on_line: HashSet::new(),
        };
        let longest = checker.longest(root)?;
        if root.ply() + longest >= MAX_PLIES {
            return Err(ProofError::TooLong(longest));
        }
        book.longest = longest;
        Ok(book)
    }

    /// The prover's move in `position`, if the position is part of the proof and is played
    /// under the proof's rules.
    pub fn move_for(&self, position: &Position) -> Option<Move> {
        if *position.rules() != self.rules || position.to_move() != Some(self.prover) {
            return None;
        }
        self.moves.get(&position.repetition_key()).copied()
    }

    /// The side that wins by following the proof.
    pub fn prover(&self) -> Seat {
        self.prover
    }

    /// Unfinished positions in the proof (both sides to move).
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// Positions where the proof names the prover's move.
    pub fn decisions(&self) -> usize {
        self.moves.len()
    }

    /// The longest line of the proof, in plies.
    pub fn longest(&self) -> u32 {
        self.longest
    }
}

/// The move that keeps South's proven win, from any position of a stored proof with South to
/// move (`None` elsewhere: once North has been allowed to reach a position outside the
/// proof, or under rules other than a preset's with the mandarin worth 10 or 5).
///
/// Played at each turn from the start, it wins against any defence and never repeats a
/// position. A proof is read and checked on the first call with South to move under its
/// rules (`cargo bench --bench oaq -- "stored proof"`: 10 ms for standard, 27 ms for young,
/// 331 ms for folk).
pub fn proof_move(position: &Position) -> Option<Move> {
    static BOOKS: [OnceLock<Option<ProofBook>>; STORED.len()] =
        [const { OnceLock::new() }; STORED.len()];
    // Every stored proof is South's: North's positions never load one (folk's takes a third
    // of a second to read and check).
    if position.to_move() != Some(Seat::South) {
        return None;
    }
    let index = STORED
        .iter()
        .position(|&(preset, quan, _)| rules_of(preset, quan) == *position.rules())?;
    BOOKS[index]
        .get_or_init(|| stored_proof(*position.rules())?.ok())
        .as_ref()
        .and_then(|book| book.move_for(position))
}

/// The stored proof that South wins from the start under exactly `rules`, read and checked;
/// `None` for rules without one (only the presets, with the mandarin worth 10 or 5, have one).
pub fn stored_proof(rules: Rules) -> Option<Result<ProofBook, ProofError>> {
    let (_, _, text) = STORED
        .iter()
        .find(|&&(preset, quan, _)| rules_of(preset, quan) == rules)?;
    Some(ProofBook::read(&Position::start(rules), Seat::South, text))
}

/// Rebuilds the strategy from the digits, in the canonical walk.
struct Reader {
    prover: Seat,
    digits: std::vec::IntoIter<usize>,
    moves: HashMap<RepetitionKey, Move>,
    seen: HashSet<RepetitionKey>,
}

impl Reader {
    fn walk(&mut self, position: &Position) -> Result<(), ProofError> {
        if position.is_over() || !self.seen.insert(position.repetition_key()) {
            return Ok(());
        }
        let legal = position.legal_moves();
        if position.to_move() == Some(self.prover) {
            let index = self.digits.next().ok_or(ProofError::Truncated)?;
            let mv = *legal.get(index).ok_or_else(|| ProofError::NoSuchMove {
                position: position.to_string(),
                index,
            })?;
            self.moves.insert(position.repetition_key(), mv);
            self.walk(&play(position, mv)?)
        } else {
            legal
                .iter()
                .try_for_each(|&mv| self.walk(&play(position, mv)?))
        }
    }
}

/// Checks that every line ends in the prover's win without repeating a position.
struct Checker<'a> {
    book: &'a ProofBook,
    /// Positions checked, with the longest line from each.
    done: HashMap<RepetitionKey, u32>,
    /// The positions of the line being checked.
    on_line: HashSet<RepetitionKey>,
}

impl Checker<'_> {
    fn longest(&mut self, position: &Position) -> Result<u32, ProofError> {
        if let Some(outcome) = position.outcome() {
            return match outcome {
                Outcome::Winner(seat) if seat == self.book.prover => Ok(0),
                _ => Err(ProofError::NotWon(position.to_string())),
            };
        }
        let key = position.repetition_key();
        if let Some(&plies) = self.done.get(&key) {
            return Ok(plies);
        }
        if !self.on_line.insert(key) {
            return Err(ProofError::Repeats(position.to_string()));
        }
        let children: Vec<Move> = if position.to_move() == Some(self.book.prover) {
            // The reader gave every prover position of the walk a move.
            let mv = self.book.moves.get(&key).copied();
            let mv = mv.ok_or_else(|| ProofError::NotWon(position.to_string()))?;
            vec![mv]
        } else {
            position.legal_moves().to_vec()
        };
        let mut longest = 0;
        for mv in children {
            longest = longest.max(1 + self.longest(&play(position, mv)?)?);
        }
        self.on_line.remove(&key);
        self.done.insert(key, longest);
        Ok(longest)
    }
}

/// Plays a move taken from [`Position::legal_moves`] or from the book.
fn play(position: &Position, mv: Move) -> Result<Position, ProofError> {
    position.play(mv).map_err(|_| ProofError::NoSuchMove {
        position: position.to_string(),
        index: usize::MAX,
    })
}
