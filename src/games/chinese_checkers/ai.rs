//! Computer opponents: a greedy baseline, a searching player, and the previous searching
//! player kept as a yardstick.
//!
//! - `easy`: greedy, but half of its moves are a random forward move.
//! - `medium` (also called `greedy`): the baseline; the move that gains the most distance to the
//!   goal now, moving the rearmost peg on ties, then a seeded random choice.
//! - `hard`: Best-Reply Search (for two players, plain alpha-beta) with iterative deepening that
//!   uses its whole time budget, a transposition table, history move ordering and an
//!   evaluation of distance, stragglers, blocking, ladders and the race to the end (the
//!   private `search` and `eval` modules say more).
//! - `reference` (also called `hard-v1`): the previous release's `hard`, unchanged, kept to
//!   measure the new one against: four layers deep, a budget counted in search nodes.
//!
//! **Budgets.** [`Opponent::with_budget_ms`] is wall-clock time for `hard`: it deepens until the
//! budget is spent (checking the clock inside the search, so a move takes the budget and at most
//! a few milliseconds more) and stops early only when there is a single legal move or a won
//! game is proved. `reference` converts the budget to nodes ([`NODES_PER_MILLISECOND`]);
//! `easy` and `medium` ignore it.
//!
//! **Determinism.** Seeded random choices break ties, so `easy`, `medium` and `reference`
//! repeat their choices for a seed. `hard` depends on the clock too: how deep it gets, and so
//! which move it plays, varies with the machine and its load.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{Hole, Triangle};
use super::movegen::{quick_moves, Quick};
use super::{Move, Position};

mod eval;
mod reference;
mod search;

/// How strong the computer opponent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Greedy with random slips.
    Easy,
    /// The greedy baseline: the largest distance gained now.
    Medium,
    /// Best-Reply Search as deep as its time budget allows.
    Hard,
    /// The previous release's `hard` (four layers, a node budget), kept for matches against the
    /// current one.
    Reference,
}

impl FromStr for Level {
    type Err = String;

    /// `easy`, `medium` (or `greedy`), `hard`, `reference` (or `hard-v1`).
    fn from_str(s: &str) -> Result<Level, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" | "greedy" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            "reference" | "hard-v1" => Ok(Level::Reference),
            _ => Err(format!(
                "`{s}` is not a level: use easy, medium (or greedy), hard or reference (or hard-v1)"
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

/// Search nodes per millisecond of budget for `reference`: a conservative figure for one core
/// of the machine the figures in `docs/chinese-checkers.md` were measured on.
pub const NODES_PER_MILLISECOND: u64 = 100;

/// What a choice cost: how deep the search got and how many nodes it visited (0 and 0 for the
/// levels that do not search, and when there was a single move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The deepest completed iteration, in layers (own moves and reply layers).
    pub depth: u32,
    /// Search nodes visited.
    pub nodes: u64,
}

/// A computer player.
#[derive(Clone, Debug)]
pub struct Opponent {
    level: Level,
    rng: ChaCha8Rng,
    budget_ms: u64,
}

impl Opponent {
    /// A player of this level whose random choices follow `seed`; the budget is 1 s.
    pub fn new(level: Level, seed: u64) -> Opponent {
        Opponent {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget_ms: 1000,
        }
    }

    /// Sets the thinking budget, in milliseconds: wall-clock time for `hard`, search nodes
    /// ([`NODES_PER_MILLISECOND`] per millisecond) for `reference`; ignored by the others.
    pub fn with_budget_ms(mut self, milliseconds: u64) -> Opponent {
        self.budget_ms = milliseconds.max(1);
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The chosen move, with its path; `None` when the player must pass or the game is over.
    pub fn choose(&mut self, position: &Position) -> Option<Move> {
        self.choose_with_report(position).0
    }

    /// The chosen move (as [`Opponent::choose`]) and what the search did to find it.
    pub fn choose_with_report(&mut self, position: &Position) -> (Option<Move>, Report) {
        let started = Instant::now();
        let mut moves = Vec::new();
        quick_moves(position, &mut moves);
        if moves.is_empty() {
            return (None, Report::default());
        }
        moves.shuffle(&mut self.rng);
        let (chosen, report) = match self.level {
            Level::Easy if self.rng.gen_bool(0.5) => {
                let forward: Vec<Quick> = moves.iter().copied().filter(|m| gain(m) > 0).collect();
                let pool = if forward.is_empty() { &moves } else { &forward };
                (pool[self.rng.gen_range(0..pool.len())], Report::default())
            }
            Level::Easy | Level::Medium => (greedy(&moves), Report::default()),
            Level::Hard => {
                let deadline = deadline(started, self.budget_ms);
                let found =
                    search::Search::new(position, deadline, self.budget_ms).run(position, moves);
                let report = Report {
                    depth: found.depth,
                    nodes: found.nodes,
                };
                (found.best, report)
            }
            Level::Reference => {
                let limit = self.budget_ms.saturating_mul(NODES_PER_MILLISECOND);
                let mut search = reference::Search::new(position, limit);
                let (best, depth) = search.best(position, moves);
                let report = Report {
                    depth,
                    nodes: search.nodes(),
                };
                (best, report)
            }
        };
        (
            position.validate(&Move::new(chosen.from, chosen.to)).ok(),
            report,
        )
    }
}

/// When a search started at `started` with `budget_ms` must stop: a little before the budget,
/// leaving time to build the answer; far in the future for budgets beyond the clock's range.
fn deadline(started: Instant, budget_ms: u64) -> Instant {
    let margin = (budget_ms / 50).min(20);
    let far = Duration::from_secs(86_400 * 365);
    let budget = Duration::from_millis(budget_ms.saturating_sub(margin)).min(far);
    started
        .checked_add(budget)
        .unwrap_or(started + Duration::from_secs(86_400))
}

/// Distance from a hole to the tip of the goal of `set`.
fn distance(set: usize, hole: Hole) -> i32 {
    hole.distance(Triangle::ALL[set].opposite().tip()) as i32
}

/// Distance gained towards the goal's tip.
fn gain(m: &Quick) -> i32 {
    distance(m.set, m.from) - distance(m.set, m.to)
}

/// The greedy choice: most distance gained, then the rearmost peg, then the first (the list
/// is shuffled by the caller).
fn greedy(moves: &[Quick]) -> Quick {
    let key = |m: &Quick| (gain(m), distance(m.set, m.from));
    let mut best = moves[0];
    for m in &moves[1..] {
        if key(m) > key(&best) {
            best = *m;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chinese_checkers::Rules;

    #[test]
    fn levels_parse_and_print() {
        for level in [Level::Easy, Level::Medium, Level::Hard, Level::Reference] {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("greedy".parse::<Level>(), Ok(Level::Medium));
        assert_eq!("hard-v1".parse::<Level>(), Ok(Level::Reference));
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn greedy_takes_the_longest_hop_forward() {
        let start = Position::start(2, Rules::default()).unwrap();
        let mv = Opponent::new(Level::Medium, 1).choose(&start).unwrap();
        let gained = distance(0, mv.from()) - distance(0, mv.to());
        assert_eq!(gained, 2, "{mv} should be a hop out of the start");
    }

    /// `hard` depends on the clock, so only the other levels promise to repeat themselves.
    #[test]
    fn choices_repeat_for_a_seed_and_are_legal() {
        let start = Position::start(3, Rules::default()).unwrap();
        for level in [Level::Easy, Level::Medium, Level::Reference] {
            let a = Opponent::new(level, 9)
                .with_budget_ms(20)
                .choose(&start)
                .unwrap();
            let b = Opponent::new(level, 9)
                .with_budget_ms(20)
                .choose(&start)
                .unwrap();
            assert_eq!(a, b, "{level}");
            assert!(start.play(&a).is_ok());
        }
        let hard = Opponent::new(Level::Hard, 9)
            .with_budget_ms(20)
            .choose(&start)
            .unwrap();
        assert!(start.play(&hard).is_ok());
    }

    #[test]
    fn budgets_beyond_the_clock_do_not_overflow() {
        let now = Instant::now();
        assert!(deadline(now, u64::MAX) > now + Duration::from_secs(3600));
        assert!(deadline(now, 1) <= now + Duration::from_millis(1));
    }
}
