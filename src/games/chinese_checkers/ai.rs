//! Computer opponents: a greedy baseline and a searching player.
//!
//! - `easy`: greedy, but half of its moves are a random forward move.
//! - `medium` (also called `greedy`): the baseline; the move that gains the most distance to the
//!   goal now, moving the rearmost peg on ties, then a seeded random choice.
//! - `hard`: plans several of its own moves ahead with Best-Reply Search (for two players this
//!   is plain alpha-beta minimax): between two of its own moves, the single strongest reply of
//!   any one opponent is considered. Iterative deepening stops at a depth limit or when its node
//!   budget is spent.
//!
//! Every choice is deterministic for a given seed: the budget counts search nodes, not time.

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{holes_of, Hole, Triangle};
use super::movegen::{quick_moves, Quick};
use super::{Move, Player, Position};

/// How strong the computer opponent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Greedy with random slips.
    Easy,
    /// The greedy baseline: the largest distance gained now.
    Medium,
    /// Best-Reply Search several of its own moves deep.
    Hard,
}

impl FromStr for Level {
    type Err = String;

    /// `easy`, `medium` (or `greedy`), `hard`.
    fn from_str(s: &str) -> Result<Level, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" | "greedy" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(format!(
                "`{s}` is not a level: use easy, medium (or greedy) or hard"
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
        })
    }
}

/// Search nodes per millisecond of budget: a conservative figure for one core of the machine the
/// figures in `docs/chinese-checkers.md` were measured on, so that a 1 s budget is met there.
pub const NODES_PER_MILLISECOND: u64 = 100;

/// Deepest search, in layers (own moves and reply layers): three layers plan two own moves.
const MAX_DEPTH: u32 = 4;
/// Moves kept at an inner node of the searching player, best immediate gain first.
const KEEP_OWN: usize = 14;
/// Moves kept per opponent in a reply layer.
const KEEP_REPLY: usize = 6;
/// A won game, in evaluation units.
const WIN: i32 = 1_000_000;

/// A computer player.
#[derive(Clone, Debug)]
pub struct Opponent {
    level: Level,
    rng: ChaCha8Rng,
    node_budget: u64,
}

impl Opponent {
    /// A player of this level whose random choices follow `seed`; the budget is 1 s.
    pub fn new(level: Level, seed: u64) -> Opponent {
        Opponent {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
            node_budget: 1000 * NODES_PER_MILLISECOND,
        }
    }

    /// Sets the thinking budget, in milliseconds (converted to search nodes).
    pub fn with_budget_ms(mut self, milliseconds: u64) -> Opponent {
        self.node_budget = milliseconds.max(1) * NODES_PER_MILLISECOND;
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The chosen move, with its path; `None` when the player must pass or the game is over.
    pub fn choose(&mut self, position: &Position) -> Option<Move> {
        let mut moves = Vec::new();
        quick_moves(position, &mut moves);
        if moves.is_empty() {
            return None;
        }
        moves.shuffle(&mut self.rng);
        let chosen = match self.level {
            Level::Easy if self.rng.gen_bool(0.5) => {
                let forward: Vec<Quick> = moves.iter().copied().filter(|m| gain(m) > 0).collect();
                let pool = if forward.is_empty() { &moves } else { &forward };
                pool[self.rng.gen_range(0..pool.len())]
            }
            Level::Easy | Level::Medium => greedy(&moves),
            Level::Hard => Search::new(position, self.node_budget).best(position, moves),
        };
        position.validate(&Move::new(chosen.from, chosen.to)).ok()
    }
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

/// A player's progress: minus the pegs' distances to their goal tips (tenfold), minus the
/// rearmost peg's distance, so that stragglers are not left behind.
fn progress(position: &Position, player: usize) -> i32 {
    let mut score = 0;
    for set in position
        .home_triangles(Player::new(player))
        .map(|t| t.index())
    {
        let mut worst = 0;
        for h in holes_of(position.pegs[set]) {
            let d = distance(set, h);
            score -= 10 * d;
            worst = worst.max(d);
        }
        score -= 4 * worst;
    }
    score
}

struct Search {
    root: usize,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

impl Search {
    fn new(position: &Position, limit: u64) -> Search {
        Search {
            root: position.to_move().index(),
            nodes: 0,
            limit,
            aborted: false,
        }
    }

    /// Iterative deepening over the root moves; the last complete iteration decides.
    fn best(&mut self, position: &Position, mut moves: Vec<Quick>) -> Quick {
        moves.sort_by_key(|m| std::cmp::Reverse(gain(m)));
        let mut best = moves[0];
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -WIN * 2;
            let mut scored = Vec::with_capacity(moves.len());
            for m in &moves {
                let mut child = position.clone();
                child.apply(m.set, m.from, m.to, m.back);
                let value = self.value(&child, depth - 1, alpha, WIN * 2, 1);
                if self.aborted {
                    break;
                }
                alpha = alpha.max(value);
                scored.push((value, *m));
            }
            if self.aborted {
                break;
            }
            // Best first for the next iteration; stable, so equal values keep the gain order.
            scored.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
            best = scored[0].1;
            moves = scored.into_iter().map(|(_, m)| m).collect();
        }
        best
    }

    /// The value of `position` for the root player, `depth` layers deep.
    fn value(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return 0;
        }
        if let Some(place) = position.place(Player::new(self.root)) {
            return WIN - 1000 * (place as i32 - 1) - ply;
        }
        if position.outcome().is_some() {
            return -WIN + ply;
        }
        if depth == 0 {
            return self.evaluate(position);
        }
        if position.to_move().index() == self.root {
            let moves = ordered(position, KEEP_OWN);
            if moves.is_empty() {
                let mut child = position.clone();
                child.set_to_move((self.root + 1) % position.players());
                return self.value(&child, depth - 1, alpha, beta, ply + 1);
            }
            let mut best = -WIN * 2;
            for m in moves {
                let mut child = position.clone();
                child.apply(m.set, m.from, m.to, m.back);
                let v = self.value(&child, depth - 1, alpha, beta, ply + 1);
                best = best.max(v);
                alpha = alpha.max(v);
                if alpha >= beta || self.aborted {
                    break;
                }
            }
            best
        } else {
            let mut replies = Vec::new();
            for q in 0..position.players() {
                if q == self.root || position.place(Player::new(q)).is_some() {
                    continue;
                }
                let mut turn = position.clone();
                turn.set_to_move(q);
                for m in ordered(&turn, KEEP_REPLY) {
                    replies.push((q, m));
                }
            }
            let mut best = WIN * 2;
            if replies.is_empty() {
                let mut child = position.clone();
                child.set_to_move(self.root);
                return self.value(&child, depth - 1, alpha, beta, ply + 1);
            }
            for (q, m) in replies {
                let mut child = position.clone();
                child.set_to_move(q);
                child.apply(m.set, m.from, m.to, m.back);
                if child.place(Player::new(self.root)).is_none() {
                    child.set_to_move(self.root);
                }
                let v = self.value(&child, depth - 1, alpha, beta, ply + 1);
                best = best.min(v);
                beta = beta.min(v);
                if alpha >= beta || self.aborted {
                    break;
                }
            }
            best
        }
    }

    /// The root player's progress against the best-placed opponent still playing.
    fn evaluate(&self, position: &Position) -> i32 {
        let own = progress(position, self.root);
        let rival = (0..position.players())
            .filter(|&q| q != self.root && position.place(Player::new(q)).is_none())
            .map(|q| progress(position, q))
            .max()
            .unwrap_or(0);
        own - rival
    }
}

/// The player to move's moves, most distance gained first, at most `keep`.
fn ordered(position: &Position, keep: usize) -> Vec<Quick> {
    let mut moves = Vec::with_capacity(64);
    quick_moves(position, &mut moves);
    moves.sort_by_key(|m| {
        (
            std::cmp::Reverse(gain(m)),
            std::cmp::Reverse(distance(m.set, m.from)),
        )
    });
    moves.truncate(keep);
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chinese_checkers::Rules;

    #[test]
    fn levels_parse_and_print() {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!("greedy".parse::<Level>(), Ok(Level::Medium));
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn greedy_takes_the_longest_hop_forward() {
        let start = Position::start(2, Rules::default()).unwrap();
        let mv = Opponent::new(Level::Medium, 1).choose(&start).unwrap();
        let gained = distance(0, mv.from()) - distance(0, mv.to());
        assert_eq!(gained, 2, "{mv} should be a hop out of the start");
    }

    #[test]
    fn choices_repeat_for_a_seed_and_are_legal() {
        let start = Position::start(3, Rules::default()).unwrap();
        for level in [Level::Easy, Level::Medium, Level::Hard] {
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
    }
}
