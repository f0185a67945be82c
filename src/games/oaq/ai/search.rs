//! The hard level's search: iterative deepening that spends its whole budget, principal
//! variation search, proven wins and losses kept in the table whatever the depth, and moves
//! ordered by the table's move, captures, killer moves and history.
//!
//! Why each part is here (matches against the `reference` level, see docs/benchmarks.md and docs/oaq.md):
//! - **Time.** The reference level starts an iteration only when it expects to finish it, and
//!   so stops after about a third of its budget. Here an iteration runs until the deadline;
//!   an interrupted one still counts, because the previous best move is searched first and
//!   any move that finished its search with a better score is better founded.
//! - **Proofs.** Only finished games score beyond [`WIN`], so a bound beyond it holds at any
//!   depth: such entries are stored as proven and never searched again.
//! - **Ordering.** With at most ten moves, cut-offs come from trying the refuting move first:
//!   the table's move, then captures (biggest first), then the two killer moves of the ply,
//!   then the moves that caused cut-offs most often (history).

use std::time::{Duration, Instant};

use super::basics::{evaluate, final_score, key, slot, Bound, Children, Entry, FILLER_MOVE};
use super::{Limits, SearchReport, CLOCK_INTERVAL, INFINITY, MAX_DEPTH, SOLVED, WIN};
use crate::games::oaq::position::Position;
use crate::games::oaq::types::{Direction, Move, Seat};

/// Priorities of the move classes, above any history count.
const TABLE_MOVE: i32 = i32::MAX;
const CAPTURE: i32 = 1 << 30;
const KILLER: i32 = 1 << 29;
/// History counts are halved before each search and capped below the killers.
const HISTORY_CAP: u32 = 1 << 28;

/// A move's index in the history table: square and direction.
fn move_index(mv: Move) -> usize {
    mv.square.index() * 2 + usize::from(mv.direction == Direction::Left)
}

/// A move at the root and what the iterations so far found out about it.
struct RootMove {
    mv: Move,
    child: Position,
    /// Its score in the last iteration that searched it (a bound for all but the best).
    score: i32,
    /// The depth at which it was proven to lose, if it was.
    lost_at: Option<u32>,
}

/// The hard level's search and the tables it keeps from move to move.
pub(super) struct Search {
    table: Vec<Option<Entry>>,
    /// Two quiet moves per ply from the root that caused a cut-off.
    killers: Vec<[Option<Move>; 2]>,
    /// How often each move caused a cut-off, weighted by depth, for each side.
    history: [[u32; 24]; 2],
    pub(super) nodes: u64,
    /// Leaves cut off by the depth limit (rather than by the end of the game) so far.
    horizon: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Search {
    /// A search with a table of `2^table_bits` entries.
    pub(super) fn new(table_bits: u32) -> Search {
        Search {
            table: vec![None; 1 << table_bits],
            killers: vec![[None; 2]; MAX_DEPTH as usize + 1],
            history: [[0; 24]; 2],
            nodes: 0,
            horizon: 0,
            deadline: None,
            aborted: false,
        }
    }

    /// Iterative deepening from depth 1 until the limits, or until the position is proven
    /// (solved, or a forced win or loss found). A single legal move is played at once.
    pub(super) fn best_move(&mut self, root: &Position, limits: Limits) -> Option<SearchReport> {
        let started = Instant::now();
        let side = root.to_move()?;
        let moves = root.legal_moves();
        let first = *moves.first()?;
        self.nodes = 0;
        self.aborted = false;
        self.deadline = limits.time.map(|t| started + t);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history
            .iter_mut()
            .flatten()
            .for_each(|count| *count /= 2);
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
        let table_move = self.probe(root).and_then(|e| e.best);
        let children = self.ordered_children(root, side, table_move, 0);
        let mut order: Vec<RootMove> = children
            .iter()
            .map(|&(mv, child, _)| RootMove {
                mv,
                child,
                score: -INFINITY,
                lost_at: None,
            })
            .collect();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        for depth in 1..=max_depth {
            let horizon_before = self.horizon;
            let mut best: Option<(Move, i32)> = None;
            // Moves already proven lost are not searched again: what is left to learn is
            // how long the others hold.
            let mut alpha = -INFINITY;
            for root_move in order.iter_mut() {
                if root_move.lost_at.is_some() {
                    continue;
                }
                let child = root_move.child;
                let null_window = best.is_some();
                let mut found = if null_window {
                    self.child_score(&child, side, depth, 1, alpha, alpha + 1)
                } else {
                    self.child_score(&child, side, depth, 1, -INFINITY, INFINITY)
                };
                if found > alpha && null_window && !self.aborted {
                    found = self.child_score(&child, side, depth, 1, alpha, INFINITY);
                }
                if self.aborted {
                    break;
                }
                root_move.score = found;
                if found < -WIN {
                    root_move.lost_at = Some(depth);
                }
                if best.is_none_or(|(_, s)| found > s) {
                    best = Some((root_move.mv, found));
                    alpha = alpha.max(found);
                }
            }
            if let Some((mv, score)) = best {
                report.best = mv;
                report.score = score;
            }
            if self.aborted {
                break;
            }
            report.depth = depth;
            let all_lost = order.iter().all(|m| m.lost_at.is_some());
            report.solved = self.horizon == horizon_before || report.score > WIN || all_lost;
            if report.solved {
                break;
            }
            // Best first for the next iteration; the others in the order of their bounds.
            order.sort_by_key(|m| {
                (
                    std::cmp::Reverse(m.mv == report.best),
                    m.lost_at.is_some(),
                    std::cmp::Reverse(m.score),
                )
            });
        }
        // Every move loses against perfect play: choose the one whose loss took the deepest
        // search to see, the hardest for a fallible opponent to find.
        if let Some(longest) = order
            .iter()
            .filter(|m| m.lost_at.is_some())
            .max_by_key(|m| (m.lost_at, m.score))
            .filter(|_| order.iter().all(|m| m.lost_at.is_some()))
        {
            report.best = longest.mv;
            report.score = longest.score;
        }
        report.nodes = self.nodes;
        report.elapsed = started.elapsed();
        Some(report)
    }

    /// The principal variation from `root` starting with `first`: the table's best moves,
    /// followed while they are legal, until the game ends, a position repeats or `max` moves.
    pub(super) fn line(&self, root: &Position, first: Move, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut position = *root;
        let mut next = Some(first);
        while let Some(mv) = next.filter(|_| line.len() < max) {
            let Ok(after) = position.play(mv) else {
                break;
            };
            line.push(mv);
            position = after;
            if position.is_over() || !seen.insert(key(&position)) {
                break;
            }
            next = self.probe(&position).and_then(|e| e.best);
        }
        line
    }

    /// The table's entry for `position`, if it holds one.
    fn probe(&self, position: &Position) -> Option<Entry> {
        let (board, ledgers) = key(position);
        let index = slot(board, ledgers, self.table.len() - 1);
        self.table[index].filter(|e| e.board == board && e.ledgers == ledgers)
    }

    /// The score for `side` of the position reached by one of its moves, `ply` plies below
    /// the root.
    fn child_score(
        &mut self,
        child: &Position,
        side: Seat,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.is_over() {
            final_score(child, side)
        } else {
            -self.negamax(child, depth - 1, ply, -beta, -alpha)
        }
    }

    /// The children in search order (see the module docs).
    fn ordered_children(
        &self,
        position: &Position,
        side: Seat,
        table_move: Option<Move>,
        ply: usize,
    ) -> Children {
        let before = position.captured(side);
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let history = &self.history[side.index()];
        let mut children = Children {
            items: [(FILLER_MOVE, *position, 0); 10],
            len: 0,
        };
        for &mv in &position.legal_moves() {
            if let Ok(child) = position.play(mv) {
                let gain = i32::from(child.captured(side) - before);
                let priority = if Some(mv) == table_move {
                    TABLE_MOVE
                } else if gain > 0 {
                    CAPTURE + gain
                } else if Some(mv) == killers[0] {
                    KILLER + 1
                } else if Some(mv) == killers[1] {
                    KILLER
                } else {
                    history[move_index(mv)] as i32
                };
                children.items[children.len] = (mv, child, priority);
                children.len += 1;
            }
        }
        children.items[..children.len].sort_by_key(|c| std::cmp::Reverse(c.2));
        children
    }

    /// Remembers a quiet move that caused a cut-off.
    fn reward(&mut self, side: Seat, mv: Move, depth: u32, ply: usize) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
        }
        let count = &mut self.history[side.index()][move_index(mv)];
        *count = (*count + depth * depth).min(HISTORY_CAP);
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
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
        let before = position.captured(side);
        let mut best = -INFINITY;
        let mut best_move = None;
        let children = self.ordered_children(position, side, table_move, ply);
        for (index, &(mv, child, _)) in children.iter().enumerate() {
            let mut score = if index == 0 {
                self.child_score(&child, side, depth, ply + 1, alpha, beta)
            } else {
                self.child_score(&child, side, depth, ply + 1, alpha, alpha + 1)
            };
            if score > alpha && score < beta && index > 0 && !self.aborted {
                score = self.child_score(&child, side, depth, ply + 1, alpha, beta);
            }
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if child.captured(side) <= before {
                            self.reward(side, mv, depth, ply);
                        }
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
        // A fully searched subtree is exact at any depth; beyond it, a win or loss found is
        // proven as a bound (only finished games score beyond WIN), but its margin is not.
        let (depth, bound) = if self.horizon == horizon_before {
            (SOLVED, bound)
        } else if best > WIN && bound != Bound::Upper {
            (SOLVED, Bound::Lower)
        } else if best < -WIN && bound != Bound::Lower {
            (SOLVED, Bound::Upper)
        } else {
            (depth.min(200) as u8, bound)
        };
        self.table[index] = Some(Entry {
            board,
            ledgers,
            score: best,
            depth,
            bound,
            best: best_move,
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::reference;
    use super::*;
    use crate::games::oaq::rules::Rules;

    /// Positions from seeded random games, once few citizens are left on the board.
    fn endgames(rules: Rules, count: usize) -> Vec<Position> {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut found = Vec::new();
        while found.len() < count {
            let mut position = Position::start(rules);
            while !position.is_over() {
                let on_board: u32 = (0..12u8)
                    .filter_map(crate::games::oaq::types::Square::new)
                    .map(|s| u32::from(position.citizens(s)))
                    .sum();
                if on_board <= 14 {
                    found.push(position);
                    break;
                }
                let Some(&mv) = position.legal_moves().choose(&mut rng) else {
                    break;
                };
                let Ok(next) = position.play(mv) else {
                    break;
                };
                position = next;
            }
        }
        found
    }

    #[test]
    fn proofs_agree_with_the_reference_search() {
        let limits = Limits {
            time: None,
            depth: Some(14),
        };
        let mut compared = 0;
        for rules in [Rules::standard(), Rules::folk()] {
            for position in endgames(rules, 12) {
                let ours = Search::new(16).best_move(&position, limits);
                let theirs = reference::Search::new(16).best_move(&position, limits);
                let (Some(ours), Some(theirs)) = (ours, theirs) else {
                    continue;
                };
                let proven = |r: &SearchReport| r.solved || r.score.abs() > WIN;
                if proven(&ours) && proven(&theirs) {
                    compared += 1;
                    let result = |score: i32| (score > WIN, score < -WIN);
                    assert_eq!(result(ours.score), result(theirs.score), "{position}");
                    if ours.score.abs() <= WIN && theirs.score.abs() <= WIN {
                        assert_eq!(ours.score, theirs.score, "both solved: {position}");
                    }
                    // A proven win is kept: the move chosen wins.
                    if ours.score > WIN {
                        let after = position.play(ours.best).expect("legal");
                        let reply = Search::new(16).best_move(&after, limits);
                        assert!(
                            after.is_over() || reply.is_some_and(|r| r.score < -WIN),
                            "{position}: {} does not keep the win",
                            ours.best
                        );
                    }
                }
            }
        }
        assert!(
            compared >= 8,
            "only {compared} positions were proven by both"
        );
    }
}
