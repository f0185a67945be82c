//! The hard level's search: principal variation search with iterative deepening, a
//! transposition table, null-move pruning (reducing more the deeper the node and the further
//! its evaluation clears beta), reverse futility, futility and late-move pruning of quiet moves
//! near the horizon, late-move reductions growing with depth and move number (less for moves
//! with a good history), internal iterative reduction of nodes the table knows no move for;
//! extensions of checks whose piece is not simply taken; quiescence on captures plus checking
//! moves at its first ply (and every evasion when in check), leaving out moves that lose
//! material in the exchange (static exchange evaluation); move ordering by the table's move,
//! captures (most valuable victim, least valuable attacker; losing ones after the killers),
//! killers and history (the cut-off move gains, the quiet moves tried before it lose);
//! repetition scored as the rules score it; a tsume search at the root for mates that need
//! more checks than the main search can see; the transposition table in the quiescence search
//! too, and a cache of static evaluations.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::eval::{evaluate_with, Weights, TUNED};
use super::mate::{gives_check, Tsume};
use super::repetition::{Line, Verdict};
use super::see::see;
use super::table::{Bound, Entry, Table};
use super::{
    zobrist, Control, Iteration, Limits, SearchResult, BOARD_VALUE, LOSS, MATE_BOUND, MAX_PLY,
};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Move};

/// log2 of the transposition table's slots (16 bytes each: 16 MiB).
const TABLE_BITS: u32 = 20;
/// Longest proof line the root tsume (df-pn) search hands to the main search, in plies.
const TSUME_PLIES: u32 = 31;
/// Positions the root tsume search may expand.
const TSUME_NODES: u64 = 60_000;
/// Infinity for alpha-beta windows (beyond every score).
const INFINITY: i32 = 2 * -LOSS;
/// Deepest remaining depth at which reverse futility and late-move pruning apply.
const FUTILITY_DEPTH: i32 = 3;
/// Deepest remaining depth at which a quiet move may be pruned as futile, judged by the depth
/// it would be searched to after its late-move reduction.
const FUTILE_MOVE_DEPTH: i32 = 8;
/// Centipawns a quiet move is assumed to gain at least, on top of [`FUTILITY_MARGIN`] per ply
/// of its reduced depth, before it is pruned as futile.
const FUTILE_MOVE_BASE: i32 = 200;
/// Deepest remaining depth at which moves that lose material in the exchange on their square
/// are pruned.
const SEE_PRUNING_DEPTH: i32 = 7;
/// Centipawns of material a quiet move may lose in the exchange, times the square of its
/// reduced depth, before it is pruned.
const SEE_QUIET_MARGIN: i32 = 25;
/// Centipawns per ply of depth a capture, promotion or check may lose in the exchange before
/// it is pruned (up to a ply less than [`SEE_PRUNING_DEPTH`]).
const SEE_NOISY_MARGIN: i32 = 150;
/// log2 of the evaluation cache's slots (16 bytes each: 1 MiB).
const EVAL_CACHE_BITS: u32 = 16;
/// Marks the table keys of the quiescence search's nodes past its first ply (out of check),
/// which try only captures: their values are another function of the position than at the
/// first ply, which tries checks too.
const CAPTURES_ONLY: u64 = 0x9e37_79b9_7f4a_7c15;
/// Centipawns per ply of remaining depth by which the static evaluation must clear beta
/// (reverse futility) or may fall short of alpha (futility) for the node or move to be pruned.
const FUTILITY_MARGIN: i32 = 150;

/// The number of moves searched at `depth` (1 ..= [`FUTILITY_DEPTH`]) before the later quiet
/// ones are pruned: Shogi positions have many quiet moves, drops most of all.
fn late_move_count(depth: i32) -> usize {
    6 + 4 * (depth * depth) as usize
}

/// The reduction of the `index`th quiet move at `depth`: growing with the logarithms of
/// both, one ply less on the principal variation, never into the quiescence search.
fn late_move_reduction(depth: i32, index: usize, pv_node: bool, history: i32) -> i32 {
    let r = 0.75 + f64::from(depth).ln() * (index as f64).ln() / 2.0;
    let r = r as i32 - i32::from(pv_node) - history / HISTORY_PER_PLY;
    r.clamp(1, (depth - 2).max(1))
}

/// Whether a quiet move, at `depth` plies left, cannot lift a static evaluation of `eval` to
/// `alpha` in the `reduced` plies it would be searched to after its late-move reduction.
fn futile(eval: i32, alpha: i32, depth: i32, reduced: i32) -> bool {
    depth <= FUTILE_MOVE_DEPTH && eval + FUTILE_MOVE_BASE + FUTILITY_MARGIN * reduced <= alpha
}

/// The least a move may gain in the exchange on its square ([`see`]) and still be searched at
/// `depth` plies left: for a quiet move, searched to `Some(reduced)` plies after its late-move
/// reduction, the square of that depth times [`SEE_QUIET_MARGIN`] lost; for a capture,
/// promotion or check (`None`), [`SEE_NOISY_MARGIN`] a ply. `None`: no floor this far from the
/// horizon.
fn exchange_floor(depth: i32, reduced: Option<i32>) -> Option<i32> {
    match reduced {
        _ if depth > SEE_PRUNING_DEPTH => None,
        Some(reduced) => {
            let reduced = reduced.max(0);
            Some(-SEE_QUIET_MARGIN * reduced * reduced)
        }
        None => (depth < SEE_PRUNING_DEPTH).then_some(-SEE_NOISY_MARGIN * depth),
    }
}

/// Largest magnitude of a history score.
const HISTORY_MAX: i32 = 16_384;
/// History score worth one ply less (or more) of late-move reduction.
const HISTORY_PER_PLY: i32 = 6_000;

/// Moves `slot` towards `bonus`'s sign by `bonus`, less the more it already leans that way, so
/// scores stay within ±[`HISTORY_MAX`] and recent cut-offs weigh more than old ones.
fn update_history(slot: &mut i32, bonus: i32) {
    *slot += bonus - *slot * bonus.abs() / HISTORY_MAX;
}

/// Whether a move that gives check is searched a ply deeper: when the checking piece cannot
/// simply be taken for a gain (a drop next to the king that is captured for nothing is not).
fn extends(position: &Position, mv: Move, check: bool, ply: usize) -> bool {
    check && ply < MAX_PLY / 2 && see(position, mv) >= 0
}

/// Evaluation with `weights` from the side to move's point of view.
fn relative_eval(position: &Position, weights: &Weights) -> i32 {
    let score = evaluate_with(position, weights);
    if position.turn() == Color::Sente {
        score
    } else {
        -score
    }
}

/// A mate score for storing in the table: relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > -LOSS / 2 {
        score + ply as i32
    } else if score < LOSS / 2 {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > -LOSS / 2 {
        score - ply as i32
    } else if score < LOSS / 2 {
        score + ply as i32
    } else {
        score
    }
}

/// The score `entry` gives the node at `ply`, when its bound settles the window `alpha`..`beta`.
fn settled(entry: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_table(entry.score, ply);
    let cut = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

/// What a node's best score says of its true score, given the window `alpha`..`beta` it was
/// searched with.
fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The history table's slot of a move: the moving (or dropped) piece's kind and destination.
fn history_slot(position: &Position, mv: Move) -> usize {
    let kind = match mv {
        Move::Normal { from, .. } => position.piece_at(from).map_or(0, |p| p.role.index()),
        Move::Drop { role, .. } => 14 + role.hand_index(),
    };
    (position.turn().index() * 21 + kind) * 81 + mv.to().index()
}

/// Which parts of the search are on: all of them in play; the tests turn some off to check
/// that they do not change what a fixed-depth search finds.
#[derive(Debug, Clone, Copy)]
struct Features {
    /// Probe and fill the transposition table.
    table: bool,
    /// Null-move pruning and late-move reductions.
    pruning: bool,
    /// The evaluation's weights.
    weights: &'static Weights,
}

impl Features {
    const ALL: Features = Features {
        table: true,
        pruning: true,
        weights: &TUNED,
    };
}

struct Search<'a> {
    features: Features,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    node_limit: u64,
    nodes: u64,
    aborted: bool,
    table: Table,
    line: Line,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    /// `pv[ply]`: the best line found from the node at `ply` (a triangular table).
    pv: Vec<Vec<Move>>,
    /// `quiets[ply]`: the quiet moves tried so far at the node at `ply`, kept between nodes so
    /// that the search allocates no list per node.
    quiets: Vec<Vec<Move>>,
    /// Static evaluations by position key (from the side to move's view): positions the search
    /// reaches again by another order of moves are not evaluated again.
    eval_cache: Vec<(u64, i32)>,
}

impl Search<'_> {
    /// A search from `position` (`history`: the game's positions before it), with no limits.
    fn new(features: Features, position: &Position, history: &[Position]) -> Self {
        Search {
            features,
            deadline: None,
            stop: None,
            node_limit: u64::MAX,
            nodes: 0,
            aborted: false,
            table: Table::new(TABLE_BITS),
            line: Line::new(history, position),
            killers: [[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 21 * 81],
            pv: vec![Vec::new(); MAX_PLY + 2],
            quiets: vec![Vec::new(); MAX_PLY + 2],
            eval_cache: vec![(0, 0); 1 << EVAL_CACHE_BITS],
        }
    }

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

    /// The static evaluation of `position`, whose key is `key`, from the side to move's view.
    fn evaluate(&mut self, position: &Position, key: u64) -> i32 {
        let slot = &mut self.eval_cache[key as usize & ((1 << EVAL_CACHE_BITS) - 1)];
        if slot.0 != key {
            *slot = (key, relative_eval(position, self.features.weights));
        }
        slot.1
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Orders `moves`: the table's move, captures (MVV-LVA), promotions, killers, then quiet
    /// moves by history.
    fn order(&self, position: &Position, moves: &mut [Move], ply: usize, best: Option<Move>) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        moves.sort_by_cached_key(|&mv| {
            if Some(mv) == best {
                return i32::MIN;
            }
            let mut key = 0;
            if let Some(victim) = position.captured_by(mv) {
                let attacker = mv
                    .from()
                    .and_then(|f| position.piece_at(f))
                    .map_or(0, |p| BOARD_VALUE[p.role.index()]);
                // Captures that lose material in the exchange come after the killers.
                key += if see(position, mv) < 0 {
                    45_000_000
                } else {
                    100_000_000
                } + BOARD_VALUE[victim.role.index()] * 64
                    - attacker / 8;
            } else if killers[0] == Some(mv) {
                key += 50_000_001;
            } else if killers[1] == Some(mv) {
                key += 50_000_000;
            } else {
                key += self.history[history_slot(position, mv)];
            }
            if mv.is_promotion() {
                key += 60_000_000;
            }
            -key
        });
    }

    /// The late-move reduction of `mv`, the `index`th move at `depth`, by its history.
    fn reduction(
        &self,
        position: &Position,
        mv: Move,
        depth: i32,
        index: usize,
        pv_node: bool,
    ) -> i32 {
        let history = self.history[history_slot(position, mv)];
        late_move_reduction(depth, index, pv_node, history)
    }

    /// The quiescence search of `position` (key `key`), `qply` plies past the horizon. Its
    /// results go to the table at depth 0; only such entries end it early, so the table does
    /// not change its value.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        position: &Position,
        key: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        in_check: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let table_key = if qply > 0 && !in_check {
            key ^ CAPTURES_ONLY
        } else {
            key
        };
        let stored = self.probe(table_key);
        if let Some(score) = stored
            .filter(|e| e.depth == 0)
            .and_then(|e| settled(e, ply, alpha, beta))
        {
            return score;
        }
        let original_alpha = alpha;
        let mut best = LOSS + ply as i32;
        let moves = if in_check {
            let evasions = position.legal_moves();
            if evasions.is_empty() || ply >= MAX_PLY - 1 {
                return if evasions.is_empty() {
                    best
                } else {
                    self.evaluate(position, key)
                };
            }
            evasions
        } else {
            let stand = self.evaluate(position, key);
            if stand >= beta {
                self.store(table_key, None, stand, ply, 0, Bound::Lower);
                return stand;
            }
            if ply >= MAX_PLY - 1 {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            // Only moves that lose no material in the exchange on their square.
            let moves = if qply == 0 {
                // Checks at the horizon: captures and every checking move.
                position
                    .legal_moves()
                    .into_iter()
                    .filter(|&mv| position.captured_by(mv).is_some() || gives_check(position, mv))
                    .collect()
            } else {
                position.legal_captures()
            };
            moves
                .into_iter()
                .filter(|&mv| see(position, mv) >= 0)
                .collect()
        };
        let mut moves = moves;
        self.order(position, &mut moves, MAX_PLY, stored.and_then(|e| e.best));
        let mut best_move = None;
        for mv in moves {
            let check = gives_check(position, mv);
            let child_key = zobrist::after(position, key, mv);
            let child = position.play_unchecked(mv);
            let score = -self.quiesce(&child, child_key, -beta, -alpha, ply + 1, qply + 1, check);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score >= beta {
                break;
            }
            alpha = alpha.max(score);
        }
        let bound = bound_of(best, original_alpha, beta);
        self.store(table_key, best_move, best, ply, 0, bound);
        best
    }

    /// The table's entry for `key` (none when the table is off).
    fn probe(&self, key: u64) -> Option<Entry> {
        self.features.table.then(|| self.table.probe(key)).flatten()
    }

    /// Stores `score`, found at `ply` with `depth` plies left, in the table (when it is on).
    fn store(
        &mut self,
        key: u64,
        best: Option<Move>,
        score: i32,
        ply: usize,
        depth: i32,
        bound: Bound,
    ) {
        if self.features.table {
            self.table.store(
                key,
                Entry {
                    best,
                    score: to_table(score, ply),
                    depth,
                    bound,
                },
            );
        }
    }

    /// Whether the side to move has a piece other than pawns and king on the board or in hand
    /// (null moves are safe then).
    fn has_pieces(position: &Position) -> bool {
        let us = position.turn();
        let own = position.by_color[us.index()];
        let pawns_and_king = position.by_role[0] | position.by_role[7];
        own & !pawns_and_king != 0
            || crate::games::shogi::types::Role::HAND[..6]
                .iter()
                .any(|&r| position.hand_count(us, r) > 0)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        position: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        null_allowed: bool,
    ) -> i32 {
        // After a null move the line holds a position no game can reach: no repetition there.
        if ply > 0 && null_allowed {
            match self.line.verdict() {
                Some(Verdict::Draw) => return 0,
                Some(Verdict::Win) => return -LOSS - ply as i32,
                Some(Verdict::Loss) => return LOSS + ply as i32,
                None => {}
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, key, alpha, beta, ply, 0, in_check);
        }
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        // Mate-distance pruning: no score here can beat a mate already found nearer the root.
        alpha = alpha.max(LOSS + ply as i32);
        beta = beta.min(-LOSS - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let stored = self.probe(key);
        if let Some(score) = stored
            .filter(|e| !pv_node && e.depth >= depth)
            .and_then(|e| settled(e, ply, alpha, beta))
        {
            return score;
        }
        // The static evaluation, for the pruning of nodes that are not on the principal
        // variation and not in check.
        let eval =
            (self.features.pruning && !pv_node && !in_check).then(|| self.evaluate(position, key));
        if let Some(eval) = eval {
            // Reverse futility: near the horizon, a position this far above beta stays there.
            if depth <= FUTILITY_DEPTH
                && beta.abs() < MATE_BOUND
                && eval - FUTILITY_MARGIN * depth >= beta
            {
                return eval;
            }
        }
        if let Some(eval) = eval.filter(|_| null_allowed && depth >= 3) {
            if eval >= beta && Self::has_pieces(position) {
                let reduction = 3 + depth / 4 + ((eval - beta) / 200).min(2);
                let child_key = zobrist::passed(key);
                self.line.push(child_key, false);
                let score = -self.negamax(
                    &position.passed(),
                    child_key,
                    depth - 1 - reduction,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    false,
                );
                self.line.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta && score < -LOSS / 2 {
                    return beta;
                }
            }
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return LOSS + ply as i32;
        }
        let table_move = stored.and_then(|e| e.best);
        // Internal iterative reduction: a node the table knows no move for is searched a ply
        // less deep; the next iteration, with the move stored, searches it fully.
        let depth = if self.features.pruning && table_move.is_none() && depth >= 4 {
            depth - 1
        } else {
            depth
        };
        self.order(position, &mut moves, ply, table_move);
        let mut quiets_tried = std::mem::take(&mut self.quiets[ply]);
        quiets_tried.clear();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let quiet = position.captured_by(mv).is_none() && !mv.is_promotion();
            let check = gives_check(position, mv);
            // The late-move reduction of a later quiet, non-checking move, worked out once for
            // the pruning below and the reduced search (the first move is never reduced).
            let quiet_reduction =
                (i > 0 && quiet && !check).then(|| self.reduction(position, mv, depth, i, pv_node));
            // Late quiet moves near the horizon, and quiet moves that cannot lift a position
            // far below alpha by the depth they would be searched to, are not searched (once a
            // move has been and no mate threatens).
            if let Some(eval) = eval.filter(|_| i > 0 && quiet && !check && best > -MATE_BOUND) {
                let late = depth <= FUTILITY_DEPTH && i >= late_move_count(depth);
                let reduced = depth - 1 - quiet_reduction.unwrap_or(0);
                if late || futile(eval, alpha, depth, reduced) {
                    continue;
                }
            }
            // Moves that lose too much material in the exchange on their square for the depth
            // left are not searched: quiet ones by their reduced depth, the others by depth.
            if self.features.pruning && i > 0 && !in_check && best > -MATE_BOUND {
                let reduced = quiet_reduction.map(|r| depth - 1 - r);
                if exchange_floor(depth, reduced).is_some_and(|floor| see(position, mv) < floor) {
                    continue;
                }
            }
            let child_key = zobrist::after(position, key, mv);
            let child = position.play_unchecked(mv);
            self.line.push(child_key, check);
            let new_depth = depth - 1 + i32::from(extends(position, mv, check, ply));
            let mut score;
            if i == 0 {
                score = -self.negamax(
                    &child,
                    child_key,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    check,
                    true,
                );
            } else {
                let reducible =
                    self.features.pruning && depth >= 3 && i >= 2 + usize::from(pv_node);
                let reduction = quiet_reduction
                    .filter(|_| reducible && !in_check)
                    .unwrap_or(0);
                score = -self.negamax(
                    &child,
                    child_key,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    check,
                    true,
                );
                if score > alpha && reduction > 0 && !self.aborted {
                    score = -self.negamax(
                        &child,
                        child_key,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        check,
                        true,
                    );
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(
                        &child,
                        child_key,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        check,
                        true,
                    );
                }
            }
            self.line.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                self.update_pv(ply, mv);
            }
            if alpha >= beta {
                if quiet {
                    let slot = &mut self.killers[ply];
                    if slot[0] != Some(mv) {
                        slot[1] = slot[0];
                        slot[0] = Some(mv);
                    }
                    // The cut-off move gains, the quiet moves tried before it lose.
                    let bonus = (depth * depth * 32).min(HISTORY_MAX / 4);
                    update_history(&mut self.history[history_slot(position, mv)], bonus);
                    for &tried in &quiets_tried {
                        update_history(&mut self.history[history_slot(position, tried)], -bonus);
                    }
                }
                break;
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        self.quiets[ply] = quiets_tried;
        let bound = bound_of(best, original_alpha, beta);
        self.store(key, best_move, best, ply, depth, bound);
        best
    }
}

/// Searches `position` (`history`: the game's positions before it, oldest first) with the hard
/// level's search. See [`super::search_with`].
pub(super) fn search_with(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
    control: Control<'_>,
) -> Option<SearchResult> {
    run(position, history, limits, rng, control, Features::ALL)
}

/// [`search_with`] with other weights for the evaluation, to measure the search's own by
/// ([`super::Player::Weighted`]).
pub(super) fn search_weighted(
    weights: &'static Weights,
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
    control: Control<'_>,
) -> Option<SearchResult> {
    let features = Features {
        weights,
        ..Features::ALL
    };
    run(position, history, limits, rng, control, features)
}

fn run(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
    mut control: Control<'_>,
    features: Features,
) -> Option<SearchResult> {
    let start = Instant::now();
    let mut root = position.legal_moves();
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
    let mut root: Vec<(Move, i32)> = root.into_iter().zip(noise).collect();
    let first = root.first()?.0;
    let mut search = Search::new(features, position, history);
    search.deadline = limits.time.map(|t| start + t);
    search.stop = control.stop;
    search.node_limit = control.nodes.unwrap_or(u64::MAX);
    let mut result = SearchResult {
        best: first,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    // Mates by checks only, deeper than the first iterations see. When one is found the main
    // search still looks for a shorter mate, which may start with a quiet move, up to one ply
    // less deep; the checks' mate is played if it finds none.
    let mut tsume = Tsume::new(
        TSUME_NODES.min(search.node_limit / 4),
        limits.time.map(|t| start + t / 10),
    );
    let forced = tsume.find(position, TSUME_PLIES);
    search.nodes += tsume.nodes();
    let max_depth = match forced {
        Some((_, plies)) => limits.depth.min(plies.saturating_sub(1)).max(1),
        None => limits.depth.max(1),
    };
    let root_key = zobrist::key(position);
    for depth in 1..=max_depth {
        let depth = depth as i32;
        let mut alpha = -INFINITY;
        let mut scores: Vec<Option<i32>> = vec![None; root.len()];
        let mut line = Vec::new();
        for (i, &(mv, noise)) in root.iter().enumerate() {
            search.pv[1].clear();
            let check = gives_check(position, mv);
            let child_key = zobrist::after(position, root_key, mv);
            let child = position.play_unchecked(mv);
            search.line.push(child_key, check);
            let bound = alpha.saturating_sub(limits.noise.max(0) + noise);
            let child_depth = depth - 1 + i32::from(extends(position, mv, check, 0));
            let score = if i == 0 {
                -search.negamax(
                    &child,
                    child_key,
                    child_depth,
                    -INFINITY,
                    INFINITY,
                    1,
                    check,
                    true,
                )
            } else {
                let probe = -search.negamax(
                    &child,
                    child_key,
                    child_depth,
                    -bound - 1,
                    -bound,
                    1,
                    check,
                    true,
                );
                if probe > bound && !search.aborted {
                    -search.negamax(
                        &child,
                        child_key,
                        child_depth,
                        -INFINITY,
                        -bound,
                        1,
                        check,
                        true,
                    )
                } else {
                    probe
                }
            };
            search.line.pop();
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
            scores[i] = Some(score);
        }
        let complete = !search.aborted;
        // A partial iteration still counts when its best move was fully searched and beats the
        // previous iteration's choice, which was searched first.
        let partial_best = scores
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i, s)))
            .max_by_key(|&(i, s)| (s, std::cmp::Reverse(i)));
        if !complete {
            if let (Some((i, score)), Some(Some(first_score))) = (partial_best, scores.first()) {
                if i > 0 && score > *first_score {
                    result.best = root[i].0;
                    result.score = score;
                }
            }
            break;
        }
        let mut order: Vec<(Move, i32, i32)> = root
            .iter()
            .zip(&scores)
            .map(|(&(mv, noise), s)| (mv, noise, s.unwrap_or(-INFINITY)))
            .collect();
        // Stable sort: equal scores keep the seeded shuffle order.
        order.sort_by_key(|&(_, _, score)| -score);
        root = order.iter().map(|&(mv, noise, _)| (mv, noise)).collect();
        result = SearchResult {
            best: order[0].0,
            score: order[0].2,
            depth: depth as u32,
            nodes: search.nodes,
        };
        if let Some(report) = control.report.as_mut() {
            report(&Iteration {
                depth: depth as u32,
                score: result.score,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                pv: line,
            });
        }
        let decided = result.score.abs() > -LOSS / 2;
        let late = limits.time.is_some_and(|t| start.elapsed() * 2 > t);
        if decided || late {
            break;
        }
    }
    if let Some((mv, plies)) = forced {
        let score = -LOSS - plies as i32;
        if result.score < score {
            result.best = mv;
            result.score = score;
            result.depth = result.depth.max(plies);
            if let Some(report) = control.report.as_mut() {
                report(&Iteration {
                    depth: result.depth,
                    score,
                    nodes: search.nodes,
                    elapsed: start.elapsed(),
                    pv: vec![mv],
                });
            }
        }
    }
    result.nodes = search.nodes;
    Some(result)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::games::shogi::ai::eval::HAND_SET;
    use crate::games::shogi::types::{Role, Square};

    /// History scores move towards each bonus's sign and never leave ±HISTORY_MAX, however
    /// many cut-offs a move makes.
    #[test]
    fn history_scores_stay_bounded_and_follow_the_cut_offs() {
        let mut slot = 0;
        let bonus = HISTORY_MAX / 4;
        for _ in 0..1_000 {
            update_history(&mut slot, bonus);
            assert!((0..=HISTORY_MAX).contains(&slot), "{slot}");
        }
        assert!(slot > HISTORY_MAX * 9 / 10, "{slot}");
        let before = slot;
        update_history(&mut slot, -bonus);
        assert!(slot < before);
        for _ in 0..1_000 {
            update_history(&mut slot, -bonus);
            assert!(slot >= -HISTORY_MAX, "{slot}");
        }
        assert!(slot < -HISTORY_MAX * 9 / 10, "{slot}");
    }

    /// A check is searched a ply deeper only when the checking piece is not simply taken.
    #[test]
    fn only_checks_that_keep_their_piece_are_extended() {
        let drop: Move = "G*5b".parse().expect("a USI move");
        // The king takes a lone gold dropped beside it.
        let bare: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse().expect("valid SFEN");
        // A pawn guards the square: the gold stays.
        let guarded: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse().expect("valid SFEN");
        for position in [&bare, &guarded] {
            assert!(gives_check(position, drop));
        }
        assert!(!extends(&bare, drop, true, 1));
        assert!(extends(&guarded, drop, true, 1));
        // Not a check, or too deep: no extension.
        assert!(!extends(&guarded, drop, false, 1));
        assert!(!extends(&guarded, drop, true, MAX_PLY / 2));
    }

    /// The evaluation cache gives each position its own evaluation: again when it is
    /// reached again, and not that of another position whose key shares its slot.
    #[test]
    fn the_evaluation_cache_answers_each_position_with_its_own_evaluation() {
        let first: Position =
            "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P4P1/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 13"
                .parse()
                .expect("valid SFEN");
        let second = first.play_unchecked(first.legal_moves()[0]);
        let own = |p: &Position| relative_eval(p, &TUNED);
        assert_ne!(own(&first), own(&second));
        let mut search = Search::new(Features::ALL, &first, &[]);
        let key = zobrist::key(&first);
        // A key of the same slot that is not `key`.
        let neighbour = key ^ (1 << EVAL_CACHE_BITS);
        for _ in 0..2 {
            assert_eq!(search.evaluate(&first, key), own(&first));
        }
        assert_eq!(search.evaluate(&second, neighbour), own(&second));
        assert_eq!(search.evaluate(&first, key), own(&first));
    }

    /// The table only saves work: a fixed-depth search without pruning finds the same score
    /// with it as plain alpha-beta (principal variation search) does without it, though the
    /// quiescence search probes and fills it too.
    #[test]
    fn the_table_does_not_change_a_fixed_depth_score() {
        let sfens = [
            crate::games::shogi::START_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "ln1g1k1+Rl/1r5+P1/p1pp+Bp1p1/4p4/2P3+s2/P3P2P1/1P1P2+n2/2+l1G4/L1S1K2N1 w BGSN3Pgs2p 1",
            "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P4P1/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 13",
        ];
        let limits = Limits {
            depth: 3,
            time: None,
            noise: 0,
        };
        for sfen in sfens {
            let position: Position = sfen.parse().expect("valid SFEN");
            let [with, without] =
                [true, false].map(|table| score_unpruned(&position, limits, table));
            assert_eq!(with, without, "{sfen}");
        }
    }

    /// The same in positions of random play, full of pieces to take and checks to give, where
    /// the quiescence search meets the same positions past its first ply (captures only) and
    /// at it (checks too), and below nodes of the main search.
    #[test]
    fn the_table_does_not_change_the_score_of_sharp_positions() {
        let limits = Limits {
            depth: 3,
            time: None,
            noise: 0,
        };
        for seed in 1..=24 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut position: Position = crate::games::shogi::START_SFEN.parse().expect("valid");
            for _ in 0..40 {
                match super::super::random_move(&position, &mut rng) {
                    Some(mv) if !position.play_unchecked(mv).legal_moves().is_empty() => {
                        position = position.play_unchecked(mv);
                    }
                    _ => break,
                }
            }
            let [with, without] =
                [true, false].map(|table| score_unpruned(&position, limits, table));
            assert_eq!(with, without, "seed {seed}: {}", position.to_sfen());
        }
    }

    /// The score of a search of `position` without pruning, with the table or without it.
    fn score_unpruned(position: &Position, limits: Limits, table: bool) -> i32 {
        let features = Features {
            table,
            pruning: false,
            ..Features::ALL
        };
        score_with(position, limits, features)
    }

    /// The score of a search of `position` from seed 1 with `features`.
    fn score_with(position: &Position, limits: Limits, features: Features) -> i32 {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        run(
            position,
            &[],
            limits,
            &mut rng,
            Control::default(),
            features,
        )
        .expect("a move")
        .score
    }

    /// A quiet move is futile when even its margin for the depth it would be searched to
    /// leaves the evaluation at or below alpha, and never far from the horizon.
    #[test]
    fn a_quiet_move_is_futile_by_the_depth_it_would_be_searched_to() {
        // 200 cp assumed at once, 150 a ply searched.
        assert!(futile(0, 200, 8, 0));
        assert!(!futile(0, 199, 8, 0));
        assert!(futile(-500, 0, 4, 2));
        assert!(!futile(-500, 0, 4, 3));
        // A reduction to below the horizon leaves less than the 200 cp.
        assert!(futile(0, 50, 2, -1));
        assert!(!futile(-10_000, 0, 9, 0));
    }

    /// Near the horizon a quiet move may lose less the fewer plies it is searched to (nothing
    /// at none), a capture or check less the nearer the horizon; far from it nothing is
    /// pruned for its exchange.
    #[test]
    fn the_exchange_a_move_may_lose_shrinks_towards_the_horizon() {
        assert_eq!(exchange_floor(3, Some(0)), Some(0));
        assert_eq!(exchange_floor(3, Some(-1)), Some(0));
        assert_eq!(exchange_floor(5, Some(2)), Some(-100));
        assert_eq!(exchange_floor(7, Some(4)), Some(-400));
        assert_eq!(exchange_floor(1, None), Some(-150));
        assert_eq!(exchange_floor(6, None), Some(-900));
        assert_eq!(exchange_floor(7, None), None);
        assert_eq!(exchange_floor(8, Some(0)), None);
        // A silver dropped where a pawn takes it is pruned at a reduced depth of 2 (a silver's
        // 495 lost), where a pawn given for nothing is not (90 lost).
        let position: Position = "4k4/9/9/9/9/4p4/9/9/4K4 b SP 1"
            .parse()
            .expect("valid SFEN");
        let floor = exchange_floor(4, Some(2)).expect("a floor");
        let drop = |role| Move::Drop {
            role,
            to: Square::new(5, 7).expect("a square"),
        };
        assert!(see(&position, drop(Role::Silver)) < floor);
        assert!(see(&position, drop(Role::Pawn)) >= floor);
    }

    #[test]
    fn the_hand_set_search_evaluates_with_the_hand_set_weights() {
        let position: Position =
            "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P4P1/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 13"
                .parse()
                .expect("valid SFEN");
        let limits = Limits {
            depth: 2,
            time: None,
            noise: 0,
        };
        let score = |weights: &'static Weights| {
            let features = Features {
                weights,
                ..Features::ALL
            };
            score_with(&position, limits, features)
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let hand_set = search_weighted(
            &HAND_SET,
            &position,
            &[],
            limits,
            &mut rng,
            Control::default(),
        )
        .expect("a move")
        .score;
        assert_eq!(hand_set, score(&HAND_SET));
        assert_ne!(hand_set, score(&TUNED));
    }
}
