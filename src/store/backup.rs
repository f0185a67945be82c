//! Online backup, the part every backend shares: the writer gate that every write holds and a
//! backup closes for an instant to pin the moment it copies, and the report of what a backup
//! copied. The copy itself is the backend's (sled's: `sled/backup.rs`).

use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use super::counts::Counts;

/// Writers hold its read side for a whole write (transaction and flush); a backup holds its
/// write side while it pins the moment it copies. See the module documentation.
#[derive(Debug, Default)]
pub(crate) struct Gate(RwLock<()>);

impl Gate {
    /// Lets one write through; it must not be nested (a waiting backup would block the inner
    /// one, which the outer one waits for).
    pub(crate) fn enter(&self) -> RwLockReadGuard<'_, ()> {
        // The lock guards no data: a writer that panicked left nothing half-done in it.
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for the writes in flight to finish and stops new ones until the guard is dropped.
    pub(crate) fn close(&self) -> RwLockWriteGuard<'_, ()> {
        self.0.write().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What a backup copied, and how long writers waited for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    /// The records in the copy, per kind.
    pub counts: Counts,
    /// How long writers were stopped: while the subscriptions were made, and while the moment
    /// was pinned (each from the request to close the gate, which waits for the writes in
    /// flight, to its opening).
    pub pauses: [Duration; 2],
    /// Keys read back from the live store because they changed during the copy.
    pub caught_up: u64,
    /// The whole backup, from start to the synced copy.
    pub took: Duration,
}

impl Backup {
    /// The longer of the two pauses.
    pub fn longest_pause(&self) -> Duration {
        self.pauses[0].max(self.pauses[1])
    }
}

impl std::fmt::Display for Backup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "copied: {}", self.counts)?;
        writeln!(
            f,
            "records: {}; tallies against the computer: {}; {} keys changed during the copy",
            self.counts.records(),
            self.counts.tallies(),
            self.caught_up
        )?;
        write!(
            f,
            "play paused {:.3} ms and {:.3} ms; took {:.3} s",
            self.pauses[0].as_secs_f64() * 1e3,
            self.pauses[1].as_secs_f64() * 1e3,
            self.took.as_secs_f64()
        )
    }
}
