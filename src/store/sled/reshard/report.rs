//! What a reshard reports: every store's records before and after, what moved, and the
//! records whose server could not be found.

use std::fmt;
use std::path::PathBuf;

use crate::shards::ShardRange;
use crate::store::counts::Counts;

/// A record whose server could not be found, sent to the store of shard 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orphan {
    /// What its tree holds.
    pub kind: &'static str,
    /// Its key, in hexadecimal.
    pub key: String,
    /// Why its server is unknown.
    pub why: &'static str,
}

/// One store's records before and after.
#[derive(Debug, Clone)]
pub struct StoreCounts {
    /// The store.
    pub path: PathBuf,
    /// Its range in the new layout; `None`: an old store only, empty afterwards.
    pub range: Option<ShardRange>,
    /// Its records before.
    pub before: Counts,
    /// Its records after.
    pub after: Counts,
}

/// What a reshard did.
#[derive(Debug, Clone)]
pub struct Report {
    /// Every store, old and new, in the order named (a store on both sides once).
    pub stores: Vec<StoreCounts>,
    /// Distinct records in all stores before (a record held alike by two stores, left by an
    /// interrupted run, counts once; tallies against the computer count once per person).
    pub before: Counts,
    /// Records in all stores after (tallies against the computer: once per person and store).
    pub after: Counts,
    /// Records written to a store that did not hold them.
    pub copied: Counts,
    /// Records removed from a store they no longer belong to.
    pub removed: Counts,
    /// Records whose server could not be found (sent to the store of shard 0).
    pub orphans: Vec<Orphan>,
    /// The id counter every new store starts from (at least).
    pub next_id: u64,
}

impl Report {
    /// Records that changed store (tallies against the computer, which are copied everywhere,
    /// left out).
    pub fn moved(&self) -> u64 {
        self.copied.records()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for store in &self.stores {
            let role = match store.range {
                Some(range) => format!("new shards {range}"),
                None => String::from("old store only"),
            };
            writeln!(f, "{} ({role})", store.path.display())?;
            writeln!(f, "  before: {}", store.before)?;
            writeln!(f, "  after:  {}", store.after)?;
        }
        writeln!(f, "total before: {}", self.before)?;
        writeln!(f, "total after:  {}", self.after)?;
        writeln!(
            f,
            "records: {} before, {} after; {} moved, {} removed from stores they left",
            self.before.records(),
            self.after.records(),
            self.moved(),
            self.removed.records()
        )?;
        writeln!(
            f,
            "tallies against the computer: {} before (one per person), {} after (in every new store), {} written",
            self.before.tallies(),
            self.after.tallies(),
            self.copied.tallies()
        )?;
        for orphan in &self.orphans {
            writeln!(
                f,
                "sent to the store of shard 0: {} {} ({})",
                orphan.kind, orphan.key, orphan.why
            )?;
        }
        write!(f, "ids continue from counter {}", self.next_id)
    }
}
