//! Repetition as the rules score it (sennichite): the positions of the game before the root
//! and of the line being searched, by Zobrist key, with whether each one is a check.
//!
//! - The fourth occurrence of a position ends the game: a draw, unless one side gave check with
//!   every one of its moves since the position first occurred; that side loses.
//! - Before that, returning to a position of the game before the root is no end: the search
//!   goes on (that is the flaw of the reference level, which scored it as a draw).
//! - A return to a position of the searched line itself (a cycle inside the search) is scored
//!   as what repeating that cycle leads to: a draw, or a loss for a side that checked on every
//!   move of it. Either side could have left the cycle, and the search tried those moves.

use super::zobrist;
use crate::games::shogi::position::Position;

/// How a repetition ends, seen from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// A draw.
    Draw,
    /// The side to move wins: the other side gave check with every move of the cycle.
    Win,
    /// The side to move loses: it gave check with every move of the cycle.
    Loss,
}

/// The positions from the game's start to the node being searched.
pub(super) struct Line {
    /// Key of every position, the game's first.
    keys: Vec<u64>,
    /// Whether the side to move was in check there.
    checks: Vec<bool>,
    /// Index of the root in `keys`.
    root: usize,
}

impl Line {
    /// The game so far: `history` (oldest first; it may or may not end with `root`), then `root`.
    pub(super) fn new(history: &[Position], root: &Position) -> Line {
        let mut positions: Vec<&Position> = history.iter().collect();
        if !positions.last().is_some_and(|p| p.same_position(root)) {
            positions.push(root);
        }
        Line {
            keys: positions.iter().map(|p| zobrist::key(p)).collect(),
            checks: positions.iter().map(|p| p.is_check()).collect(),
            root: positions.len() - 1,
        }
    }

    /// Enters a position of the searched line.
    pub(super) fn push(&mut self, key: u64, in_check: bool) {
        self.keys.push(key);
        self.checks.push(in_check);
    }

    /// Leaves the last position entered.
    pub(super) fn pop(&mut self) {
        self.keys.pop();
        self.checks.pop();
    }

    /// Whether the last position entered ends the search by repetition, and how.
    pub(super) fn verdict(&self) -> Option<Verdict> {
        let now = self.keys.len() - 1;
        let key = self.keys[now];
        let mut first = now;
        let mut latest = None;
        let mut count = 1;
        // Same side to move: every second position back.
        let mut i = now;
        while i >= 2 {
            i -= 2;
            if self.keys[i] == key {
                count += 1;
                first = i;
                latest.get_or_insert(i);
            }
        }
        let since = if count >= 4 {
            first
        } else {
            match latest {
                Some(i) if i >= self.root => i,
                _ => return None,
            }
        };
        Some(self.cycle(since))
    }

    /// The verdict of the cycle from index `since` to the last position.
    fn cycle(&self, since: usize) -> Verdict {
        let now = self.keys.len() - 1;
        // The mover at index j gave check when position j + 1 is a check. Index `now` and
        // every index of the same parity belong to the side to move now.
        let mut we_always = true;
        let mut they_always = true;
        for j in since..now {
            let gave_check = self.checks[j + 1];
            if (now - j).is_multiple_of(2) {
                we_always &= gave_check;
            } else {
                they_always &= gave_check;
            }
        }
        match (we_always, they_always) {
            (true, false) => Verdict::Loss,
            (false, true) => Verdict::Win,
            _ => Verdict::Draw,
        }
    }
}
