//! The computer opponent.
//!
//! - The levels ([`Level`]) and their limits; the result and progress reports of a search.
//! - [`search`] and [`search_with`]: the hard level's search (module `search`, with its
//!   evaluation in `eval`, the tsume search in `mate`, the transposition table in `table`,
//!   Zobrist keys in `zobrist`, repetition in `repetition` and static exchange evaluation in
//!   `see`).
//! - `reference`: the hard level before issue 15, frozen, which easy and medium also use.
//! - The `random` and `greedy` baselines, the players of a match and the match runner
//!   (`matches`).
//!
//! Every random choice comes from a caller-supplied [`ChaCha8Rng`], so play is reproducible for
//! a given seed when the search is limited by depth. With a time budget the depth reached, and
//! so the move, can depend on the machine's load.

mod eval;
mod matches;
mod mate;
pub mod measure;
mod reference;
mod repetition;
mod search;
mod see;
mod table;
pub mod tune;
mod zobrist;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

pub use eval::{evaluate, evaluate_with, named, Weights, HAND_SET, NAMED, TUNED, TUNED_V1};
pub use matches::{opening, play_game, points, Adjudication, Local, MatchGame, Mover, Player};
pub use mate::MateAnswer;

use super::position::Position;
use super::types::{Color, Move, Role, Square};

/// Score of a position where the side to move has lost (checkmate or no legal move), before
/// the distance in plies is added.
const LOSS: i32 = -1_000_000;
/// Deepest ply the search goes, counting extensions and quiescence.
const MAX_PLY: usize = 96;

/// Value of a piece on the board, by [`Role::index`].
const BOARD_VALUE: [i32; 14] = [
    90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
];
/// Value of a piece in hand, by [`Role::index`] (pawn … rook: hand roles only).
const HAND_VALUE: [i32; 7] = [100, 350, 450, 550, 600, 950, 1100];

/// Material value of a piece of `role` on the board.
#[must_use]
pub fn board_value(role: Role) -> i32 {
    BOARD_VALUE[role.index()]
}

/// Strength of the computer opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// One ply plus captures, with ±150 centipawns of noise on every move (the reference's
    /// search).
    Easy,
    /// Three plies, at most 300 ms per move (the reference's search).
    Medium,
    /// The hard search for 2 s per move.
    Hard,
    /// The hard level before issue 15, frozen (`reference` or `hard-v1`): iterative-deepening
    /// alpha-beta with quiescence on captures, for 2 s per move. Kept to measure the hard
    /// level against.
    Reference,
}

impl Level {
    /// The search limits of this level.
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits {
                depth: 1,
                time: Some(Duration::from_millis(300)),
                noise: 150,
            },
            Level::Medium => Limits {
                depth: 3,
                time: Some(Duration::from_millis(300)),
                noise: 0,
            },
            Level::Hard | Level::Reference => Limits {
                depth: 64,
                time: Some(Duration::from_secs(2)),
                noise: 0,
            },
        }
    }

    /// Whether a clock's budget replaces this level's own time (rather than capping it).
    #[must_use]
    pub fn takes_the_clock(self) -> bool {
        matches!(self, Level::Hard | Level::Reference)
    }

    /// Searches `position` as this level does: the hard search for [`Level::Hard`], the
    /// reference's for the others. `history`: the game's positions so far, oldest first.
    pub fn search_with(
        self,
        position: &Position,
        history: &[Position],
        limits: Limits,
        rng: &mut ChaCha8Rng,
        control: Control<'_>,
    ) -> Option<SearchResult> {
        match self {
            Level::Hard => search::search_with(position, history, limits, rng, control),
            Level::Easy | Level::Medium | Level::Reference => {
                reference::search_with(position, history, limits, rng, control)
            }
        }
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        match text {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "reference" | "hard-v1" => Ok(Level::Reference),
            _ => Err(format!(
                "unknown level `{text}`: use easy, medium, hard or reference"
            )),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Reference => "reference",
        })
    }
}

/// How long the search may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Time budget per move; `None` searches every iteration to `depth` (reproducible).
    pub time: Option<Duration>,
    /// Largest random bonus or malus (centipawns) added to each root move's score.
    pub noise: i32,
}

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen.
    pub best: Move,
    /// Its score in centipawns for the side to move (large negative: it is being mated).
    pub score: i32,
    /// The last completed iteration depth.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// One completed iteration of the search, as reported to [`Control::report`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The best move's score in centipawns for the side to move; beyond ±[`MATE_BOUND`] it is
    /// a mate, see [`mate_distance`].
    pub score: i32,
    /// Positions visited since the search began.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation: the best move, then the replies the search expects.
    pub pv: Vec<Move>,
}

/// Scores beyond this (either sign) are mates.
pub const MATE_BOUND: i32 = -LOSS / 2;

/// For a mate score, the number of plies to the mate: positive when the side to move mates,
/// negative when it is mated; `None` for other scores.
#[must_use]
pub fn mate_distance(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(-LOSS - score)
    } else if score < -MATE_BOUND {
        Some(-(score - LOSS))
    } else {
        None
    }
}

/// Control of a search from outside, for a protocol such as USI: a flag that stops it, a node
/// limit, and a callback told of every completed iteration. The default controls nothing.
#[derive(Default)]
pub struct Control<'a> {
    /// The search stops soon after this flag is set.
    pub stop: Option<&'a AtomicBool>,
    /// The search stops after about this many positions.
    pub nodes: Option<u64>,
    /// Called after every completed iteration.
    pub report: Option<&'a mut dyn FnMut(&Iteration)>,
}

/// Material only (board and hand), from `color`'s point of view: what `greedy` maximises.
#[must_use]
pub fn material(position: &Position, color: Color) -> i32 {
    let mut score = 0;
    for sq in Square::all() {
        if let Some(piece) = position.piece_at(sq) {
            let value = BOARD_VALUE[piece.role.index()];
            score += if piece.color == color { value } else { -value };
        }
    }
    for c in Color::ALL {
        for role in Role::HAND {
            let value = HAND_VALUE[role.index()] * i32::from(position.hand_count(c, role));
            score += if c == color { value } else { -value };
        }
    }
    score
}

/// A move chosen uniformly among the legal moves (`None` without a legal move).
pub fn random_move(position: &Position, rng: &mut ChaCha8Rng) -> Option<Move> {
    position.legal_moves().choose(rng).copied()
}

/// A move that leaves the most material for the mover right now, ties broken at random.
pub fn greedy_move(position: &Position, rng: &mut ChaCha8Rng) -> Option<Move> {
    let us = position.turn();
    let mut moves = position.legal_moves();
    moves.shuffle(rng);
    moves
        .into_iter()
        .max_by_key(|&mv| material(&position.play_unchecked(mv), us))
}

/// Searches `position` with the hard level's search and returns the best move found, or `None`
/// without a legal move.
///
/// `history` holds the positions of the game so far, oldest first: repetition is scored as the
/// rules score it (the fourth occurrence is a draw, or a loss for a side that checked
/// throughout), counting the occurrences before the root.
pub fn search(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
) -> Option<SearchResult> {
    search_with(position, history, limits, rng, Control::default())
}

/// [`search`] under outside control: it also stops when `control.stop` is set or after
/// `control.nodes` positions, and tells `control.report` of every completed iteration.
pub fn search_with(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
    control: Control<'_>,
) -> Option<SearchResult> {
    search::search_with(position, history, limits, rng, control)
}

/// A tsume search (df-pn, checks only) of `position`: whether the side to move mates by
/// checking on every move, with the proof's line when it does. It stops after about `nodes`
/// positions (`None`: no limit), at `deadline`, or once `stop` is set, answering
/// [`MateAnswer::Unknown`]. Also returns the positions it expanded.
///
/// The line is the proof's, not necessarily the shortest mate; a perpetual check is no mate.
pub fn solve_mate(
    position: &Position,
    nodes: Option<u64>,
    deadline: Option<Instant>,
    stop: Option<&AtomicBool>,
) -> (MateAnswer, u64) {
    let mut tsume = mate::Tsume::new(nodes.unwrap_or(u64::MAX), deadline);
    if let Some(stop) = stop {
        tsume = tsume.with_stop(stop);
    }
    let answer = tsume.solve(position);
    (answer, tsume.nodes())
}
