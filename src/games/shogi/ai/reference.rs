//! The hard level before issue 15, frozen: alpha-beta with iterative deepening, quiescence on
//! captures, killer moves, and a material + piece-square evaluation that values pieces in hand.
//! Kept as the `reference` level (alias `hard-v1`) to measure the hard level against, and as
//! the easy and medium levels' search, so that they play exactly as they always have.
//!
//! At the root a move that returns to any earlier position of the game is scored as a draw;
//! inside the search repetition is not looked at.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Control, Iteration, Limits, SearchResult, BOARD_VALUE, HAND_VALUE, LOSS, MAX_PLY};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Move, Role, Square};

/// The reference's static evaluation in centipawns from sente's point of view.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    let kings = [
        position.king_square(Color::Sente),
        position.king_square(Color::Gote),
    ];
    let mut score = 0;
    for sq in Square::all() {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let sign = if piece.color == Color::Sente { 1 } else { -1 };
        let relative = i32::from(piece.color.relative_rank(sq.rank()));
        let mut value = BOARD_VALUE[piece.role.index()];
        value += match piece.role {
            // Advanced pawns, silvers and golds press the opponent.
            Role::Pawn | Role::Silver => (9 - relative) * 4,
            // The king is safer at home.
            Role::King => [0, -60, -50, -40, -30, -20, -5, 10, 25, 30][relative as usize],
            _ => 0,
        };
        // Pieces near the enemy king attack it; pieces near their own king defend it.
        let enemy = kings[piece.color.opponent().index()];
        let own = kings[piece.color.index()];
        if piece.role != Role::King {
            if distance(sq, enemy) <= 2 {
                value += 25;
            }
            if distance(sq, own) <= 1 && matches!(piece.role, Role::Gold | Role::Silver) {
                value += 20;
            }
        }
        score += sign * value;
    }
    for color in Color::ALL {
        let sign = if color == Color::Sente { 1 } else { -1 };
        for role in Role::HAND {
            score += sign * HAND_VALUE[role.index()] * i32::from(position.hand_count(color, role));
        }
    }
    score
}

fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// Evaluation from the side to move's point of view.
fn relative_eval(position: &Position) -> i32 {
    let score = evaluate(position);
    if position.turn() == Color::Sente {
        score
    } else {
        -score
    }
}

struct Search<'a> {
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    node_limit: u64,
    nodes: u64,
    aborted: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// `pv[ply]`: the best line found from the node at `ply` (a triangular table).
    pv: Vec<Vec<Move>>,
    history: &'a [Position],
}

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        if !self.aborted {
            if self.nodes >= self.node_limit {
                self.aborted = true;
            } else if self.nodes.is_multiple_of(1024) {
                let late = self.deadline.is_some_and(|d| Instant::now() >= d);
                let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
                self.aborted = late || stopped;
            }
        }
        self.aborted
    }

    /// Records `mv` followed by the child's line as the best line at `ply`.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Sort key: captures of valuable pieces by cheap ones first, then promotions, killers.
    fn order(&self, position: &Position, moves: &mut [Move], ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        moves.sort_by_cached_key(|&mv| {
            let mut key = 0;
            if let Some(victim) = position.captured_by(mv) {
                let attacker = mv
                    .from()
                    .and_then(|f| position.piece_at(f))
                    .map_or(0, |p| BOARD_VALUE[p.role.index()]);
                key += 10_000 + BOARD_VALUE[victim.role.index()] * 8 - attacker / 8;
            }
            if mv.is_promotion() {
                key += 2_000;
            }
            if killers.contains(&Some(mv)) {
                key += 1_000;
            }
            -key
        });
    }

    fn quiesce(&mut self, position: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let stand = relative_eval(position);
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures = position.legal_captures();
        self.order(position, &mut captures, MAX_PLY - 1);
        for mv in captures {
            let score = -self.quiesce(&position.play_unchecked(mv), -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let in_check = position.is_check();
        let depth = if in_check && ply < MAX_PLY / 2 {
            depth + 1
        } else {
            depth
        };
        if depth == 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, alpha, beta, ply);
        }
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return LOSS + ply as i32;
        }
        self.order(position, &mut moves, ply);
        let mut best = i32::MIN + 1;
        for mv in moves {
            let score = -self.negamax(
                &position.play_unchecked(mv),
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
            );
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                self.update_pv(ply, mv);
            }
            if alpha >= beta {
                if position.captured_by(mv).is_none() {
                    let slot = &mut self.killers[ply];
                    if slot[0] != Some(mv) {
                        slot[1] = slot[0];
                        slot[0] = Some(mv);
                    }
                }
                break;
            }
        }
        best
    }
}

/// Searches `position` as the reference does; `history`: the game's positions so far. A root
/// move that returns to any of them is scored as a draw (0). It stops at `limits`, when
/// `control.stop` is set or after `control.nodes` positions, and tells `control.report` of
/// every completed iteration.
pub(super) fn search_with(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
    mut control: Control<'_>,
) -> Option<SearchResult> {
    let start = Instant::now();
    let mut root: Vec<(Move, i32)> = position.legal_moves().into_iter().map(|m| (m, 0)).collect();
    root.shuffle(rng);
    let noise: Vec<i32> = root
        .iter()
        .map(|_| {
            if limits.noise > 0 {
                rng.gen_range(-limits.noise..=limits.noise)
            } else {
                0
            }
        })
        .collect();
    let mut root: Vec<(Move, i32, i32)> = root
        .into_iter()
        .zip(noise)
        .map(|((m, s), n)| (m, s, n))
        .collect();
    if root.is_empty() {
        return None;
    }
    let mut search = Search {
        deadline: limits.time.map(|t| start + t),
        stop: control.stop,
        node_limit: control.nodes.unwrap_or(u64::MAX),
        nodes: 0,
        aborted: false,
        killers: [[None; 2]; MAX_PLY],
        pv: vec![Vec::new(); MAX_PLY + 1],
        history,
    };
    let mut result = SearchResult {
        best: root[0].0,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=limits.depth.max(1) {
        let mut alpha = i32::MIN + 1;
        let mut scores = Vec::with_capacity(root.len());
        let mut line = Vec::new();
        for &(mv, _, noise) in &root {
            search.pv[1].clear();
            let child = position.play_unchecked(mv);
            let repeats = search.history.iter().any(|p| p.same_position(&child));
            let score = if repeats {
                0
            } else {
                // Only moves that may beat the best so far need an exact score.
                let bound = alpha.saturating_sub(limits.noise.max(0));
                -search.negamax(&child, depth - 1, i32::MIN + 1, bound.saturating_neg(), 1)
            };
            if search.aborted {
                break;
            }
            let score = score.saturating_add(noise);
            if score > alpha || line.is_empty() {
                line.clear();
                line.push(mv);
                line.extend_from_slice(&search.pv[1]);
            }
            alpha = alpha.max(score);
            scores.push(score);
        }
        if search.aborted {
            break;
        }
        for (entry, score) in root.iter_mut().zip(scores) {
            entry.1 = score;
        }
        // Stable sort: equal scores keep the seeded shuffle order.
        root.sort_by_key(|&(_, score, _)| -score);
        result = SearchResult {
            best: root[0].0,
            score: root[0].1,
            depth,
            nodes: search.nodes,
        };
        if let Some(report) = control.report.as_mut() {
            report(&Iteration {
                depth,
                score: result.score,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                pv: line,
            });
        }
        let decided = root[0].1.abs() > -LOSS / 2;
        let half_gone = limits.time.is_some_and(|t| start.elapsed() * 2 > t);
        if decided || half_gone {
            break;
        }
    }
    result.nodes = search.nodes;
    Some(result)
}
