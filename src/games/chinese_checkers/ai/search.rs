//! The `hard` player's search: Best-Reply Search under a time budget.
//!
//! Between two of the searching (root) player's moves, one reply layer lets every opponent
//! still playing propose its best moves and keeps only the single strongest reply of any one of
//! them (for two players this is plain alpha-beta). Iterative deepening adds a layer at a time
//! until the deadline; the clock is checked inside the search, the unfinished iteration is
//! abandoned, and the last completed iteration's move is played (or the partial iteration's,
//! when it has already proved better than that one). A transposition table keyed by Zobrist
//! hashing remembers values and best moves across iterations; the table's move is tried first,
//! then the history heuristic's favourites, then the largest gain. Inner nodes keep only the
//! best few moves by immediate gain, more the more depth remains; the root keeps them all.

use std::time::Instant;

use super::eval::{active, evaluate, tables};
use crate::games::chinese_checkers::board::{holes_of, HOLES};
use crate::games::chinese_checkers::movegen::{quick_moves, Quick};
use crate::games::chinese_checkers::{Player, Position};

/// A won game, in evaluation units (first place; each later place costs 1000).
const WIN: i32 = 1_000_000;
/// Beyond every value.
const INFINITY: i32 = 2 * WIN;
/// Values above this (or below its negation) are decided games.
const DECIDED: i32 = WIN - 100_000;
/// Deepest iteration, in layers.
const MAX_DEPTH: u32 = 64;
/// Most transposition table entries (a power of two): enough for a 1 s search.
const TABLE_SIZE: usize = 1 << 18;
/// Fewest transposition table entries.
const TABLE_MIN: usize = 1 << 12;
/// Table entries per millisecond of budget (about twice the nodes searched).
const TABLE_PER_MS: usize = 512;
/// Key of a reply layer (the opponents' turn).
const REPLY_LAYER: u64 = 0x5bd1_e995_7f4a_7c15;

/// Own moves kept at an inner node with `depth` layers to go.
fn own_width(depth: u32) -> usize {
    (8 + 3 * depth as usize).min(40)
}

/// Moves kept per opponent in a reply layer with `depth` layers to go.
fn reply_width(depth: u32) -> usize {
    (4 + depth as usize).min(16)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A remembered node.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: i32,
    depth: u8,
    bound: Bound,
    /// Best move's ends (hole indices); `from == to` for none.
    from: u8,
    to: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    bound: Bound::Upper,
    from: 0,
    to: 0,
};

/// What a search found.
pub(super) struct Found {
    /// The move to play.
    pub(super) best: Quick,
    /// The deepest completed iteration, in layers.
    pub(super) depth: u32,
    /// Nodes visited.
    pub(super) nodes: u64,
}

/// One search, from one root position.
pub(super) struct Search {
    root: usize,
    deadline: Instant,
    nodes: u64,
    aborted: bool,
    /// Entries, a power of two: small budgets get small tables, quick to clear.
    table: Vec<Entry>,
    /// `history[from * HOLES + to]`: how often the move cut the search off, weighted by depth.
    history: Vec<u32>,
}

impl Search {
    /// A search for the player to move in `position` that stops at `deadline`, sized for a
    /// budget of `budget_ms`.
    pub(super) fn new(position: &Position, deadline: Instant, budget_ms: u64) -> Search {
        let entries = usize::try_from(budget_ms)
            .unwrap_or(usize::MAX)
            .saturating_mul(TABLE_PER_MS)
            .clamp(TABLE_MIN, TABLE_SIZE)
            .next_power_of_two();
        Search {
            root: position.to_move().index(),
            deadline,
            nodes: 0,
            aborted: false,
            table: vec![EMPTY; entries],
            history: vec![0; HOLES * HOLES],
        }
    }

    /// Iterative deepening over `moves` (all the root's moves, at least one, in the order
    /// ties should break): stops at the deadline, at a decided win, or at [`MAX_DEPTH`].
    pub(super) fn run(mut self, position: &Position, mut moves: Vec<Quick>) -> Found {
        moves.sort_by_key(|m| std::cmp::Reverse(quick_key(m)));
        let mut found = Found {
            best: moves[0],
            depth: 0,
            nodes: 0,
        };
        if moves.len() == 1 {
            return found;
        }
        for depth in 1..=MAX_DEPTH {
            let (best, value, scored) = self.root_iteration(position, &moves, depth);
            if let Some(m) = best {
                found.best = m;
            }
            if self.aborted {
                break;
            }
            found.depth = depth;
            moves = scored;
            if value > DECIDED {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// One iteration at the root (principal variation search): the best move proved so far,
    /// its value, and the moves best first for the next iteration.
    fn root_iteration(
        &mut self,
        position: &Position,
        moves: &[Quick],
        depth: u32,
    ) -> (Option<Quick>, i32, Vec<Quick>) {
        let mut alpha = -INFINITY;
        let mut best = None;
        let mut scored: Vec<(i32, Quick)> = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            let child = play(position, m, self.root);
            let mut value = if i == 0 {
                self.value(&child, depth - 1, -INFINITY, INFINITY, 1)
            } else {
                self.value(&child, depth - 1, alpha, alpha + 1, 1)
            };
            if self.aborted {
                break;
            }
            if i > 0 && value > alpha {
                // Proved better than the best so far: keep it even if the re-search is cut short.
                best = Some(*m);
                alpha = value;
                value = self.value(&child, depth - 1, alpha, INFINITY, 1);
                if self.aborted {
                    break;
                }
            }
            if value > alpha || i == 0 {
                alpha = value;
                best = Some(*m);
            }
            scored.push((value, *m));
        }
        // Best first; stable, so equal values keep the previous order. Moves not reached keep
        // their place after the others.
        scored.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        let mut next: Vec<Quick> = scored.iter().map(|(_, m)| *m).collect();
        next.extend(moves[scored.len()..].iter().copied());
        (best, alpha, next)
    }

    /// The value of `position` for the root player with `depth` layers to go.
    fn value(&mut self, position: &Position, depth: u32, alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4) && Instant::now() >= self.deadline {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if let Some(place) = position.place(Player::new(self.root)) {
            return WIN - 1000 * (i32::from(place) - 1) - ply;
        }
        if position.outcome().is_some() {
            return -WIN + ply;
        }
        if depth == 0 {
            return evaluate(position, self.root);
        }
        let own = position.to_move().index() == self.root;
        let key = zobrist(position) ^ if own { 0 } else { REPLY_LAYER };
        let slot = (key as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let (mut alpha, mut beta) = (alpha, beta);
        let mut hint = None;
        if entry.key == key {
            if entry.from != entry.to {
                hint = Some((entry.from, entry.to));
            }
            if u32::from(entry.depth) >= depth {
                let v = from_table(entry.value, ply);
                match entry.bound {
                    Bound::Exact => return v,
                    Bound::Lower => alpha = alpha.max(v),
                    Bound::Upper => beta = beta.min(v),
                }
                if alpha >= beta {
                    return v;
                }
            }
        }
        let children = if own {
            self.own_children(position, depth, hint)
        } else {
            self.reply_children(position, depth, hint)
        };
        if children.is_empty() {
            // Nobody can move in this layer: the turn passes on.
            let mut child = position.clone();
            let next = if own {
                (self.root + 1) % position.players()
            } else {
                self.root
            };
            child.set_to_move(next);
            return self.value(&child, depth - 1, alpha, beta, ply + 1);
        }
        let (original_alpha, original_beta) = (alpha, beta);
        let mut best_value = if own { -INFINITY } else { INFINITY };
        let mut best_move = children[0].1;
        for (i, (mover, m)) in children.iter().enumerate() {
            let child = self.child(position, *mover, m);
            let v = self.child_value(&child, depth, (alpha, beta), ply, own && i > 0);
            if self.aborted {
                return 0;
            }
            let better = if own { v > best_value } else { v < best_value };
            if better {
                best_value = v;
                best_move = *m;
            }
            if own {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.history[m.from.index() * HOLES + m.to.index()] += depth * depth;
                break;
            }
        }
        let bound = if best_value <= original_alpha {
            Bound::Upper
        } else if best_value >= original_beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key,
            value: to_table(best_value, ply),
            depth: depth as u8,
            bound,
            from: best_move.from.index() as u8,
            to: best_move.to.index() as u8,
        };
        best_value
    }

    /// A child's value; at the root player's nodes, moves after the first are first tried with
    /// a null window (principal variation search) and searched again only if they look better.
    fn child_value(
        &mut self,
        child: &Position,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: i32,
        null_window: bool,
    ) -> i32 {
        if null_window && beta > alpha + 1 {
            let v = self.value(child, depth - 1, alpha, alpha + 1, ply + 1);
            if v <= alpha || self.aborted {
                return v;
            }
        }
        self.value(child, depth - 1, alpha, beta, ply + 1)
    }

    /// The position after `mover` plays `m`, with the turn back to the root player after a reply.
    fn child(&self, position: &Position, mover: usize, m: &Quick) -> Position {
        if mover == self.root {
            return play(position, m, mover);
        }
        let mut child = play(position, m, mover);
        if child.place(Player::new(self.root)).is_none() {
            child.set_to_move(self.root);
        }
        child
    }

    /// The root player's moves worth searching, in the order to try them.
    fn own_children(
        &self,
        position: &Position,
        depth: u32,
        hint: Option<(u8, u8)>,
    ) -> Vec<(usize, Quick)> {
        let mut moves = Vec::with_capacity(64);
        quick_moves(position, &mut moves);
        let kept = keep_best(moves, own_width(depth), hint);
        self.order(kept.into_iter().map(|m| (self.root, m)).collect(), hint)
    }

    /// Every opponent's best few moves, in the order to try them.
    fn reply_children(
        &self,
        position: &Position,
        depth: u32,
        hint: Option<(u8, u8)>,
    ) -> Vec<(usize, Quick)> {
        let mut replies = Vec::new();
        let mut moves = Vec::with_capacity(64);
        for q in (0..position.players()).filter(|&q| q != self.root && active(position, q)) {
            let mut turn = position.clone();
            turn.set_to_move(q);
            moves.clear();
            quick_moves(&turn, &mut moves);
            for m in keep_best(std::mem::take(&mut moves), reply_width(depth), hint) {
                replies.push((q, m));
            }
        }
        self.order(replies, hint)
    }

    /// The table's move first, then by history, then by immediate gain.
    fn order(&self, mut moves: Vec<(usize, Quick)>, hint: Option<(u8, u8)>) -> Vec<(usize, Quick)> {
        moves.sort_by_key(|(_, m)| {
            let hinted = hint == Some((m.from.index() as u8, m.to.index() as u8));
            (
                std::cmp::Reverse(hinted),
                std::cmp::Reverse(self.history[m.from.index() * HOLES + m.to.index()]),
                std::cmp::Reverse(quick_key(m)),
            )
        });
        moves
    }
}

/// The position after `mover` plays `m`.
fn play(position: &Position, m: &Quick, mover: usize) -> Position {
    let mut child = position.clone();
    child.set_to_move(mover);
    child.apply(m.set, m.from, m.to, m.back);
    child
}

/// The `keep` moves of largest immediate gain (rearmost peg first on ties), plus the table's
/// move if it was left out.
fn keep_best(mut moves: Vec<Quick>, keep: usize, hint: Option<(u8, u8)>) -> Vec<Quick> {
    moves.sort_by_key(|m| std::cmp::Reverse(quick_key(m)));
    if moves.len() > keep {
        let hinted = hint.and_then(|(from, to)| {
            moves[keep..]
                .iter()
                .copied()
                .find(|m| m.from.index() == usize::from(from) && m.to.index() == usize::from(to))
        });
        moves.truncate(keep);
        moves.extend(hinted);
    }
    moves
}

/// The immediate gain towards the goal's tip, then how far back the peg stood.
pub(super) fn quick_key(m: &Quick) -> i32 {
    let distance = &tables().distance[m.set];
    let (from, to) = (
        i32::from(distance[m.from.index()]),
        i32::from(distance[m.to.index()]),
    );
    (from - to) * 32 + from
}

/// The position's Zobrist key (pegs of every set; places matter too, once someone is home).
fn zobrist(position: &Position) -> u64 {
    let keys = &tables().zobrist;
    let mut key = 0;
    for (set, &pegs) in position.pegs.iter().enumerate() {
        for h in holes_of(pegs) {
            key ^= keys[set][h.index()];
        }
    }
    for (p, row) in keys.iter().enumerate().take(position.players()) {
        if let Some(place) = position.place(Player::new(p)) {
            key ^= row[usize::from(place)].rotate_left(17);
        }
    }
    key
}

/// A value as stored: decided games counted from this node rather than from the root.
fn to_table(value: i32, ply: i32) -> i32 {
    if value > DECIDED {
        value + ply
    } else if value < -DECIDED {
        value - ply
    } else {
        value
    }
}

/// A stored value seen from `ply`.
fn from_table(value: i32, ply: i32) -> i32 {
    if value > DECIDED {
        value - ply
    } else if value < -DECIDED {
        value + ply
    } else {
        value
    }
}
