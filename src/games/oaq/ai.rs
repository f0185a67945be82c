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

use super::events::Outcome;
use super::position::Position;
use super::types::{Direction, Move, Seat, Square};

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
    /// Iterative-deepening alpha-beta within a time budget, solving endgames exactly.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
    ];

    /// The level's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
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
#[error("unknown level `{0}` (expected random, greedy, easy, medium or hard)")]
pub struct UnknownLevel(String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
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
    search: Search,
    budget: Duration,
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
            search: Search::new(if level == Level::Hard { 20 } else { 14 }),
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
            Level::Hard => self.search.best_move(
                position,
                Limits {
                    time: Some(self.budget),
                    depth: None,
                },
            ),
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
        let scored = self.search.score_each(position, plies - 1);
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
            nodes: self.search.nodes,
            elapsed: started.elapsed(),
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    board: u128,
    ledgers: u32,
    score: i32,
    depth: u8,
    bound: Bound,
    best: Option<Move>,
}

/// A position's children (at most ten), in search order.
struct Children {
    items: [(Move, Position, i32); 10],
    len: usize,
}

impl Children {
    fn iter(&self) -> std::slice::Iter<'_, (Move, Position, i32)> {
        self.items[..self.len].iter()
    }
}

const FILLER_MOVE: Move = Move::new(Square::WEST, Direction::Right);

/// Alpha-beta search with a transposition table.
struct Search {
    table: Vec<Option<Entry>>,
    nodes: u64,
    /// Leaves cut off by the depth limit (rather than by the end of the game) so far.
    horizon: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

/// The table key: the board, the mandarins and the player to move, packed; plus both ledgers.
fn key(position: &Position) -> (u128, u32) {
    let setup = position.setup();
    let mut board = 0u128;
    for &c in &setup.citizens {
        board = (board << 8) | u128::from(c);
    }
    board = (board << 1) | u128::from(setup.quans[0]);
    board = (board << 1) | u128::from(setup.quans[1]);
    board = (board << 1) | u128::from(setup.to_move == Some(Seat::North));
    let ledgers = (u32::from(setup.captured[0] as u16) << 16) | u32::from(setup.captured[1] as u16);
    (board, ledgers)
}

fn slot(board: u128, ledgers: u32, mask: usize) -> usize {
    let mixed = (board as u64) ^ ((board >> 64) as u64).rotate_left(29) ^ u64::from(ledgers);
    (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & mask
}

/// The static evaluation for `side` (see the module docs).
fn evaluate(position: &Position, side: Seat) -> i32 {
    let other = side.other();
    let captured = i32::from(position.captured(side)) - i32::from(position.captured(other));
    let rows = i32::from(position.row_total(side)) - i32::from(position.row_total(other));
    2 * captured + rows
}

/// The exact value of a finished game for `side`.
fn final_score(position: &Position, side: Seat) -> i32 {
    let margin =
        2 * (i32::from(position.captured(side)) - i32::from(position.captured(side.other())));
    match position.outcome() {
        Some(Outcome::Winner(winner)) if winner == side => WIN + margin.max(0),
        Some(Outcome::Winner(_)) => -WIN + margin.min(0),
        _ => 0,
    }
}

impl Search {
    fn new(table_bits: u32) -> Search {
        Search {
            table: vec![None; 1 << table_bits],
            nodes: 0,
            horizon: 0,
            deadline: None,
            aborted: false,
        }
    }

    /// Iterative deepening from depth 1 until the limits, or until the position is solved.
    fn best_move(&mut self, root: &Position, limits: Limits) -> Option<SearchReport> {
        let started = Instant::now();
        let side = root.to_move()?;
        let moves = root.legal_moves();
        let first = *moves.first()?;
        self.nodes = 0;
        self.aborted = false;
        self.deadline = limits.time.map(|t| started + t);
        let mut report = SearchReport {
            best: first,
            score: 0,
            depth: 0,
            solved: false,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if moves.len() == 1 {
            report.elapsed = started.elapsed();
            return Some(report);
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        for depth in 1..=max_depth {
            let horizon_before = self.horizon;
            let children = Self::ordered_children(root, side, Some(report.best));
            let mut best: Option<(Move, i32)> = None;
            let mut alpha = -INFINITY;
            for &(mv, child, _) in children.iter() {
                let score = self.child_score(&child, side, depth, -INFINITY, -alpha);
                if self.aborted {
                    break;
                }
                if best.is_none_or(|(_, s)| score > s) {
                    best = Some((mv, score));
                    alpha = alpha.max(score);
                }
            }
            if let Some((mv, score)) = best {
                // An interrupted iteration still searched the previous best move first, so
                // its best finished move is at least as well founded.
                report.best = mv;
                report.score = score;
            }
            if self.aborted {
                break;
            }
            report.depth = depth;
            report.solved = self.horizon == horizon_before || report.score.abs() > WIN;
            if report.solved {
                break;
            }
            // The next iteration would take several times as long as this one: when it
            // cannot finish, starting it only burns the budget.
            if let Some(deadline) = self.deadline {
                let spent = started.elapsed();
                if spent * 3 > deadline.saturating_duration_since(started) {
                    break;
                }
            }
        }
        report.nodes = self.nodes;
        report.elapsed = started.elapsed();
        Some(report)
    }

    /// Every legal move's score, each searched with a full window to `depth` further plies
    /// (so that ties are real ties).
    fn score_each(&mut self, root: &Position, depth: u32) -> Vec<(Move, i32)> {
        self.nodes = 0;
        self.aborted = false;
        self.deadline = None;
        let Some(side) = root.to_move() else {
            return Vec::new();
        };
        Self::ordered_children(root, side, None)
            .iter()
            .map(|&(mv, child, _)| {
                let score = self.child_score(&child, side, depth + 1, -INFINITY, INFINITY);
                (mv, score)
            })
            .collect()
    }

    /// The score for `side` of the position reached by one of its moves.
    fn child_score(
        &mut self,
        child: &Position,
        side: Seat,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.is_over() {
            final_score(child, side)
        } else {
            -self.negamax(child, depth - 1, -beta, -alpha)
        }
    }

    /// The children, the table's best move first, then the biggest immediate captures.
    fn ordered_children(position: &Position, side: Seat, first: Option<Move>) -> Children {
        let before = position.captured(side);
        let mut children = Children {
            items: [(first.unwrap_or(FILLER_MOVE), *position, 0); 10],
            len: 0,
        };
        for &mv in &position.legal_moves() {
            if let Ok(child) = position.play(mv) {
                let gain = i32::from(child.captured(side) - before);
                let priority = if Some(mv) == first { i32::MAX } else { gain };
                children.items[children.len] = (mv, child, priority);
                children.len += 1;
            }
        }
        children.items[..children.len].sort_by_key(|c| std::cmp::Reverse(c.2));
        children
    }

    fn negamax(&mut self, position: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL == 0 {
            if let Some(deadline) = self.deadline {
                self.aborted |= Instant::now() >= deadline;
            }
        }
        if self.aborted {
            return 0;
        }
        let Some(side) = position.to_move() else {
            return 0;
        };
        if depth == 0 {
            self.horizon += 1;
            return evaluate(position, side);
        }

        let (board, ledgers) = key(position);
        let index = slot(board, ledgers, self.table.len() - 1);
        let mut table_move = None;
        if let Some(entry) = self.table[index].filter(|e| e.board == board && e.ledgers == ledgers)
        {
            table_move = entry.best;
            if u32::from(entry.depth) >= depth {
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                };
                if usable {
                    if entry.depth != SOLVED {
                        self.horizon += 1;
                    }
                    return entry.score;
                }
            }
        }

        let alpha_before = alpha;
        let horizon_before = self.horizon;
        let mut best = -INFINITY;
        let mut best_move = None;
        for &(mv, child, _) in Self::ordered_children(position, side, table_move).iter() {
            let score = self.child_score(&child, side, depth, alpha, beta);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        let bound = if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let solved = self.horizon == horizon_before;
        self.table[index] = Some(Entry {
            board,
            ledgers,
            score: best,
            depth: if solved { SOLVED } else { depth.min(200) as u8 },
            bound,
            best: best_move,
        });
        best
    }
}

/// Searches `position` within `limits` with a fresh table; for benchmarks and analysis.
pub fn analyse(position: &Position, limits: Limits) -> Option<SearchReport> {
    Search::new(20).best_move(position, limits)
}
