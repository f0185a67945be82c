//! Numbers of records per kind, as the tools that move or copy records report them
//! (`store backup`, `store copy`, `store reshard`).

use std::fmt;

use super::tree::Tree;

/// The index of `bot_records` in [`Tree::RECORDS`]: the last tree of records, the tallies
/// against the computer, which are copied to every store.
pub(crate) const BOTS: usize = Tree::BotRecords.index();

/// A number of records of each kind, in the order of [`Counts::kinds`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts(pub(crate) [u64; Tree::RECORDS.len()]);

impl Counts {
    /// The counts of [`Tree::RECORDS`], in that order.
    pub(crate) fn new(counts: [u64; Tree::RECORDS.len()]) -> Counts {
        Counts(counts)
    }

    /// Every kind of record, with its count: games, game setups and moves, challenges, busy
    /// channels, outbox entries, ratings, leaderboard entries and sizes, rating points,
    /// finished games, history entries by server and by player, server settings, and last the
    /// tallies against the computer.
    pub fn kinds(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        Tree::RECORDS
            .iter()
            .zip(self.0)
            .map(|(tree, n)| (tree.kind(), n))
    }

    /// The count of records of `kind` (a name from [`Counts::kinds`]); 0 for an unknown kind.
    pub fn of(&self, kind: &str) -> u64 {
        self.kinds().find(|(k, _)| *k == kind).map_or(0, |(_, n)| n)
    }

    /// Every record but the tallies against the computer (which are copied, not moved).
    pub fn records(&self) -> u64 {
        self.0[..BOTS].iter().sum()
    }

    /// Tallies against the computer.
    pub fn tallies(&self) -> u64 {
        self.0[BOTS]
    }

    /// Adds `other`, kind by kind.
    pub(crate) fn add(&mut self, other: &Counts) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .kinds()
            .filter(|&(_, n)| n > 0)
            .map(|(kind, n)| format!("{n} {kind}"))
            .collect();
        if parts.is_empty() {
            f.write_str("nothing")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}
