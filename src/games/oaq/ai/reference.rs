//! The hard level of release 0.x, frozen: iterative-deepening alpha-beta that starts a new
//! iteration only when it expects to finish it (so it spends about a third of its budget),
//! captures-first move ordering. Kept as the `reference` level to measure the hard level
//! against, and as the easy and medium levels' scorer (`score_each`), so that they play as
//! they always have.

use std::time::{Duration, Instant};

use super::basics::{evaluate, final_score, key, slot, Bound, Children, Entry, FILLER_MOVE};
use super::{Limits, SearchReport, CLOCK_INTERVAL, INFINITY, MAX_DEPTH, SOLVED, WIN};
use crate::games::oaq::position::Position;
use crate::games::oaq::types::{Move, Seat};

/// Alpha-beta search with a transposition table.
pub(super) struct Search {
    table: Vec<Option<Entry>>,
    pub(super) nodes: u64,
    /// Leaves cut off by the depth limit (rather than by the end of the game) so far.
    horizon: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Search {
    pub(super) fn new(table_bits: u32) -> Search {
        Search {
            table: vec![None; 1 << table_bits],
            nodes: 0,
            horizon: 0,
            deadline: None,
            aborted: false,
        }
    }

    /// Iterative deepening from depth 1 until the limits, or until the position is solved.
    pub(super) fn best_move(&mut self, root: &Position, limits: Limits) -> Option<SearchReport> {
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
    pub(super) fn score_each(&mut self, root: &Position, depth: u32) -> Vec<(Move, i32)> {
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
