//! The previous release's `hard`, kept unchanged as a yardstick for matches (`reference`, also
//! called `hard-v1`): Best-Reply Search four layers deep (two of its own moves and two reply
//! layers), the best 14 own moves and 6 replies per opponent at inner nodes, a budget counted
//! in search nodes ([`NODES_PER_MILLISECOND`](super::NODES_PER_MILLISECOND)), so every choice
//! is deterministic for a seed.

use super::{distance, gain};
use crate::games::chinese_checkers::board::holes_of;
use crate::games::chinese_checkers::movegen::{quick_moves, Quick};
use crate::games::chinese_checkers::{Player, Position};

/// Deepest search, in layers (own moves and reply layers).
const MAX_DEPTH: u32 = 4;
/// Moves kept at an inner node of the searching player, best immediate gain first.
const KEEP_OWN: usize = 14;
/// Moves kept per opponent in a reply layer.
const KEEP_REPLY: usize = 6;
/// A won game, in evaluation units.
const WIN: i32 = 1_000_000;

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

/// The reference search: fixed depth, node budget.
pub(super) struct Search {
    root: usize,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

impl Search {
    /// A search for the player to move in `position`, stopping after `limit` nodes.
    pub(super) fn new(position: &Position, limit: u64) -> Search {
        Search {
            root: position.to_move().index(),
            nodes: 0,
            limit,
            aborted: false,
        }
    }

    /// Search nodes visited so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Iterative deepening over the root moves; the last complete iteration decides. Returns
    /// the move and the deepest completed depth.
    pub(super) fn best(&mut self, position: &Position, mut moves: Vec<Quick>) -> (Quick, u32) {
        moves.sort_by_key(|m| std::cmp::Reverse(gain(m)));
        let mut best = moves[0];
        let mut reached = 0;
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
            reached = depth;
            moves = scored.into_iter().map(|(_, m)| m).collect();
        }
        (best, reached)
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
