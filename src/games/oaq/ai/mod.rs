//! The computer opponent: levels from a random mover to an iterative-deepening alpha-beta
//! search, all deterministic for a given seed.
//!
//! Scores are in half-points from the point of view of the player to move: a captured point
//! is worth 2, a citizen still on one's own row 1 (it is counted for its owner at the end,
//! but may yet be captured). A finished game is worth [`WIN`] plus the final margin.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

mod basics;
pub(crate) use basics::evaluate;
mod reference;
mod search;

pub(super) use basics::final_score;

use super::book::Book;
use super::position::Position;
use super::proof::proof_move;
use super::types::Move;

/// The score of a won game, before the margin is added.
pub const WIN: i32 = 100_000;
const INFINITY: i32 = 1_000_000;
/// Depth marker for table entries whose subtree was searched to the end of every line.
const SOLVED: u8 = u8::MAX;
const MAX_DEPTH: u32 = 100;
/// How often (in nodes) the search looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;

/// How strong a computer player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A uniformly random legal move (a baseline, not offered to players).
    Random,
    /// The move that captures most right now, ties broken at random (a baseline).
    Greedy,
    /// Looks one reply ahead (two plies) and often settles for a move up to 10 points worse
    /// than its best, like a casual player; never one that the reply would punish harder.
    Easy,
    /// A shallow search (three plies), settling for moves up to 12 points worse than its
    /// best, better ones more often. (A more precise medium, as South, wins nearly every game
    /// against any North: Ô ăn quan favours the first player that much, and hard would no
    /// longer be clearly stronger in paired games.)
    Medium,
    /// Principal variation search that spends its whole time budget, keeps proven wins and
    /// losses, and solves endgames exactly (see `search.rs`).
    Hard,
    /// The hard level of the previous release (see `reference.rs`), kept to measure the hard
    /// level against; not offered to players. Also accepted as `hard-v1`.
    Reference,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Reference,
    ];

    /// The level's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Reference => "reference",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown level `{0}` (expected random, greedy, easy, medium, hard or reference)")]
pub struct UnknownLevel(String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "hard-v1" {
            return Ok(Level::Reference);
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// What a search may spend. The search stops at whichever limit comes first; without a time
/// limit it is fully deterministic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget for one move.
    pub time: Option<Duration>,
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
}

impl Limits {
    /// The default hard-level budget: one second per move.
    pub const DEFAULT_TIME: Duration = Duration::from_secs(1);
}

/// What a search found and what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReport {
    /// The move chosen.
    pub best: Move,
    /// Its score, in half-points for the mover (see the module docs).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Whether the result is proven: either a forced win or loss was found (only finished
    /// games score beyond [`WIN`], so such a score cannot be a guess), or every line was
    /// searched to the end of the game. Lines can cycle forever (the repetition valve is not
    /// modelled in search), so the second case needs little material.
    pub solved: bool,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// A computer player: a level, a seeded random source and, for searching levels, a
/// transposition table kept from move to move.
pub struct Player {
    level: Level,
    rng: ChaCha8Rng,
    engine: Engine,
    budget: Duration,
}

/// The search a level uses: the hard level's own, or the previous release's, which also
/// scores the easy and medium levels' candidate moves as it always has.
enum Engine {
    Hard(Box<search::Search>),
    Reference(Box<reference::Search>),
}

impl fmt::Debug for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Player")
            .field("level", &self.level)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Player {
    /// A player of `level`; the same seed replays the same choices (given the same budget
    /// outcome for the time-limited hard level).
    pub fn new(level: Level, seed: u64) -> Player {
        Player {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            engine: match level {
                Level::Hard => Engine::Hard(Box::new(search::Search::new(20))),
                Level::Reference => Engine::Reference(Box::new(reference::Search::new(20))),
                _ => Engine::Reference(Box::new(reference::Search::new(14))),
            },
            budget: Limits::DEFAULT_TIME,
        }
    }

    /// Sets the hard level's time budget per move.
    pub fn with_budget(mut self, budget: Duration) -> Player {
        self.budget = budget;
        self
    }

    /// The player's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Chooses a move, or `None` if the game is over.
    pub fn choose(&mut self, position: &Position) -> Option<Move> {
        self.think(position).map(|r| r.best)
    }

    /// Chooses a move and reports how.
    pub fn think(&mut self, position: &Position) -> Option<SearchReport> {
        let started = Instant::now();
        let moves = position.legal_moves();
        let mover = position.to_move()?;
        let quick = |best: Move| SearchReport {
            best,
            score: 0,
            depth: 0,
            solved: false,
            nodes: moves.len() as u64,
            elapsed: started.elapsed(),
        };
        match self.level {
            Level::Random => moves.choose(&mut self.rng).copied().map(quick),
            Level::Greedy => {
                let gain = |mv: &Move| {
                    position
                        .play(*mv)
                        .map_or(i32::MIN, |p| i32::from(p.captured(mover)))
                };
                let best = moves.iter().map(gain).max()?;
                let ties: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
                ties.choose(&mut self.rng).copied().map(quick)
            }
            Level::Easy => self.noisy(position, 2, 20, started),
            Level::Medium => self.noisy(position, 3, 24, started),
            // On a stored proof of South's win (standard and folk rules), hard never leaves it.
            Level::Hard if proof_move(position).is_some() => Some(SearchReport {
                best: proof_move(position)?,
                // A win by at least a point.
                score: WIN + 2,
                depth: 0,
                solved: true,
                nodes: 0,
                elapsed: started.elapsed(),
            }),
            Level::Hard if Book::shipped().get(position).is_some() => {
                let entry = Book::shipped().get(position)?;
                Some(SearchReport {
                    best: entry.best,
                    score: entry.score,
                    depth: entry.depth,
                    solved: entry.proven,
                    nodes: 0,
                    elapsed: started.elapsed(),
                })
            }
            Level::Hard | Level::Reference => {
                let limits = Limits {
                    time: Some(self.budget),
                    depth: None,
                };
                match &mut self.engine {
                    Engine::Hard(search) => search.best_move(position, limits),
                    Engine::Reference(search) => search.best_move(position, limits),
                }
            }
        }
    }

    /// Scores every move with a `plies`-deep search, then picks at random among the moves
    /// within `slack` half-points of the best, better moves more often: a player who sees
    /// that far and is not always precise, but never picks a move clearly worse than its best.
    fn noisy(
        &mut self,
        position: &Position,
        plies: u32,
        slack: i32,
        started: Instant,
    ) -> Option<SearchReport> {
        let Engine::Reference(search) = &mut self.engine else {
            return None;
        };
        let scored = search.score_each(position, plies - 1);
        let best = scored.iter().map(|s| s.1).max()?;
        let floor = best - slack;
        let weight = |score: i32| score - floor + 1;
        let candidates: Vec<(Move, i32)> = scored
            .into_iter()
            .filter(|&(_, score)| score >= floor)
            .collect();
        let total: i32 = candidates.iter().map(|c| weight(c.1)).sum();
        let mut pick = self.rng.gen_range(0..total);
        let &(best, score) = candidates.iter().find(|c| {
            pick -= weight(c.1);
            pick < 0
        })?;
        Some(SearchReport {
            best,
            score,
            depth: plies,
            solved: false,
            nodes: search.nodes,
            elapsed: started.elapsed(),
        })
    }
}

/// A search's result with its principal variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The search's report.
    pub report: SearchReport,
    /// The expected line of play, starting with the best move (see [`Analysis::line`]).
    pub line: Vec<Move>,
}

/// What a search knows about a position's value, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evaluation {
    /// A proven win by at least `margin` points; `plies` is the length of the principal
    /// variation when it reaches the end of the game.
    Win { margin: i32, plies: Option<usize> },
    /// A proven loss by at least `margin` points.
    Loss { margin: i32, plies: Option<usize> },
    /// A proven draw (every line searched to the end of the game).
    Draw,
    /// An estimate in half-points (see the module docs), shown in points.
    Estimate(i32),
}

impl Analysis {
    /// The value of the analysed position for the side to move.
    pub fn value(&self, root: &Position) -> Evaluation {
        let score = self.report.score;
        let plies = self
            .line
            .iter()
            .try_fold(*root, |position, &mv| position.play(mv).ok())
            .filter(Position::is_over)
            .map(|_| self.line.len());
        if score > WIN {
            Evaluation::Win {
                margin: (score - WIN) / 2,
                plies,
            }
        } else if score < -WIN {
            Evaluation::Loss {
                margin: (-WIN - score) / 2,
                plies,
            }
        } else if self.report.solved {
            Evaluation::Draw
        } else {
            Evaluation::Estimate(score)
        }
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let distance = |plies: &Option<usize>| {
            plies.map_or_else(String::new, |p| {
                format!(" in {p} {}", if p == 1 { "ply" } else { "plies" })
            })
        };
        match self {
            Evaluation::Win { margin, plies } => write!(f, "win +{margin}{}", distance(plies)),
            Evaluation::Loss { margin, plies } => write!(f, "loss -{margin}{}", distance(plies)),
            Evaluation::Draw => f.write_str("draw"),
            Evaluation::Estimate(half_points) => write!(f, "{:+.1}", f64::from(*half_points) / 2.0),
        }
    }
}

/// Searches `position` with the hard level's search within `limits` (fresh tables) and
/// returns the report with the principal variation.
pub fn analyse_line(position: &Position, limits: Limits) -> Option<Analysis> {
    let mut search = search::Search::new(20);
    let report = search.best_move(position, limits)?;
    let line = search.line(position, report.best, MAX_DEPTH as usize);
    Some(Analysis { report, line })
}

/// Searches `position` within `limits` with a fresh table; for benchmarks and analysis.
pub fn analyse(position: &Position, limits: Limits) -> Option<SearchReport> {
    search::Search::new(20).best_move(position, limits)
}
