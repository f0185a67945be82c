//! Moving records between the stores of two shard layouts (`oaq-bot store reshard`), while the
//! bot is stopped.
//!
//! Each process of a sharded bot has its own store, holding the servers of its shards (see
//! `crate::shards`). When the shard count changes, every record goes to the new store that owns
//! its server: `shard_of(guild, new count)`; records of direct messages (no guild) go to the
//! store of shard 0. How a record's server is found, tree by tree:
//! - `games`, `game_parts`, `history`: the game's guild (its setup, or its history entry);
//! - `challenges`: the challenge's guild;
//! - `channels`: the guild of the challenge or game the channel is busy with;
//! - `outbox`: the guild of the game whose board is owed; for a note, its own guild, or (a note
//!   written before notes kept it) the guild of the challenge or game it was written for, else
//!   of any record played in the note's channel;
//! - `ratings`, `leaderboard`, `leaderboard_sizes`, `rating_points`, `history_by_guild`,
//!   `history_by_player`, `guild_settings`: the guild in the key.
//!
//! A record whose server cannot be found (a channel entry or note whose challenge or game is
//! gone, or a damaged record) goes to the store of shard 0 and is listed in the report: it is
//! never dropped.
//!
//! `bot_records` (each person's tally against the computer) are per person across servers: each
//! tally is copied to every new store. Where several stores hold a tally for the same person
//! (a person who played in servers of two processes), the one with the most games is kept, the
//! others are replaced: tallies are never summed, since summing would count games twice after a
//! split and a merge. The person's games in the other servers are then missing from the tally:
//! that is the price of keeping each process independent.
//!
//! The order keeps every record safe: everything is read and planned first, and conflicts
//! (one key with different contents in two stores) stop the run before anything is written;
//! then the records are copied to their new stores, which are flushed and synced; then every copy is read
//! back and compared; only then is each record removed from the stores it no longer belongs
//! to, and those are flushed. Every new store's id counter is raised to the highest counter of
//! all the stores, so that no id is handed out twice (see `ids.rs`).
//!
//! Running it again changes nothing; running it again after a crash finishes the job (a record
//! held with the same contents by two stores is the trace of an interrupted run, not a
//! conflict). Every record is read into memory: the machine needs about as much memory as the
//! databases take on disk.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;
use sled::IVec;
use thiserror::Error;

use super::outbox::OwedKey;
use super::{ids, BotRecord, ChannelEntry, EnvelopeIn, Owed, OwedWrite, Store, StoreError, Tree};
use crate::shards::{shard_of, Layout, LayoutError, ShardRange};

/// The index of `bot_records` in [`Tree::RECORDS`]: the last tree of records, the tallies
/// against the computer, which are copied to every store.
const BOTS: usize = Tree::BotRecords.index();

/// Whether reshard knows what the tree `name` holds: one of the store's key spaces (records,
/// or the database's bookkeeping, kept by each store), or sled's default tree, which the store
/// never writes.
fn known(name: &[u8]) -> bool {
    Tree::named(name).is_some() || name == b"__sled__default"
}

/// Something that stopped a reshard. Nothing is removed from any store unless every copy was
/// verified first.
#[derive(Debug, Error)]
pub enum ReshardError {
    /// A shard count or range is unusable.
    #[error("the {side} layout: {source}")]
    Layout {
        /// `old` or `new`.
        side: &'static str,
        /// What is wrong.
        source: LayoutError,
    },
    /// A layout has no store.
    #[error("the {side} layout names no store")]
    NoStore {
        /// `old` or `new`.
        side: &'static str,
    },
    /// A shard is in no store's range.
    #[error("the {side} layout of {count} shards: shard {shard} is in no store's range (the ranges must cover 0-{last} exactly once)", last = count - 1)]
    Uncovered {
        /// `old` or `new`.
        side: &'static str,
        /// The shard count.
        count: u32,
        /// The shard nobody serves.
        shard: u32,
    },
    /// A shard is in two stores' ranges.
    #[error("the {side} layout: shard {shard} is in the ranges of both `{first}` and `{second}` (the ranges must not overlap)")]
    Overlap {
        /// `old` or `new`.
        side: &'static str,
        /// The shard served twice.
        shard: u32,
        /// One store.
        first: String,
        /// The other.
        second: String,
    },
    /// A layout names a store twice.
    #[error("the {side} layout names the store `{path}` twice (a store holds one range)")]
    DuplicatePath {
        /// `old` or `new`.
        side: &'static str,
        /// The store.
        path: String,
    },
    /// An old store does not exist.
    #[error("the old store `{path}` does not exist")]
    MissingSource {
        /// The store.
        path: String,
    },
    /// A store could not be opened, read or written.
    #[error("the store `{path}`: {source}")]
    Store {
        /// The store.
        path: String,
        /// What failed.
        source: StoreError,
    },
    /// A store holds a tree this program cannot route.
    #[error("the store `{path}` holds a tree `{tree}` that reshard does not know how to move; nothing was changed (use the oaq-bot release that wrote it)")]
    UnknownTree {
        /// The store.
        path: String,
        /// The tree.
        tree: String,
    },
    /// One key holds different records in two stores.
    #[error("the {kind} key {key} is in both `{first}` and `{second}` with different contents; nothing was changed")]
    Conflict {
        /// What the tree holds.
        kind: &'static str,
        /// The key, in hexadecimal.
        key: String,
        /// One store.
        first: String,
        /// The other.
        second: String,
    },
    /// A copy read back differs from the record copied: nothing was removed from any store.
    #[error("the copy of the {kind} key {key} in `{path}` does not match its source; nothing was removed from any store")]
    Verify {
        /// What the tree holds.
        kind: &'static str,
        /// The key, in hexadecimal.
        key: String,
        /// The new store.
        path: String,
    },
    /// The stores hold a different number of records after the move than before.
    #[error("after the move the stores hold {after} {kind}, not {before} as before")]
    Counts {
        /// What the tree holds.
        kind: &'static str,
        /// Before.
        before: u64,
        /// After.
        after: u64,
    },
}

/// One side of a reshard: a shard count and the store of each range of shards.
#[derive(Debug, Clone)]
pub struct Side {
    count: u32,
    stores: Vec<(PathBuf, Layout)>,
}

impl Side {
    /// `count` shards, served by `stores` (a path and its range); `side` (`old` or `new`)
    /// names the side in errors. The ranges must cover shards 0 to `count - 1` exactly once,
    /// and no path may appear twice.
    pub fn new(
        side: &'static str,
        count: u32,
        stores: Vec<(PathBuf, ShardRange)>,
    ) -> Result<Side, ReshardError> {
        let layout = |range| {
            Layout::new(count, range).map_err(|source| ReshardError::Layout { side, source })
        };
        layout(ShardRange::all(count))?;
        if stores.is_empty() {
            return Err(ReshardError::NoStore { side });
        }
        let mut owner: Vec<Option<usize>> = vec![None; count as usize];
        let mut placed = Vec::with_capacity(stores.len());
        for (index, (path, range)) in stores.iter().enumerate() {
            let layout = layout(*range)?;
            if stores[..index]
                .iter()
                .any(|(other, _)| same_path(other, path))
            {
                return Err(ReshardError::DuplicatePath {
                    side,
                    path: path.display().to_string(),
                });
            }
            for shard in range.first()..=range.last() {
                if let Some(first) = owner[shard as usize] {
                    return Err(ReshardError::Overlap {
                        side,
                        shard,
                        first: stores[first].0.display().to_string(),
                        second: path.display().to_string(),
                    });
                }
                owner[shard as usize] = Some(index);
            }
            placed.push((path.clone(), layout));
        }
        if let Some(shard) = owner.iter().position(Option::is_none) {
            return Err(ReshardError::Uncovered {
                side,
                count,
                shard: shard as u32,
            });
        }
        Ok(Side {
            count,
            stores: placed,
        })
    }
}

/// Whether two paths name the same directory (as far as can be told before it exists).
fn same_path(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    canonical(a) == canonical(b)
}

/// A number of records of each kind, in the order of [`Counts::kinds`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts([u64; Tree::RECORDS.len()]);

impl Counts {
    /// The counts of [`Tree::RECORDS`], in that order.
    pub(super) fn new(counts: [u64; Tree::RECORDS.len()]) -> Counts {
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

    fn add(&mut self, other: &Counts) {
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

/// An opened store, old or new.
struct Holder {
    path: PathBuf,
    store: Store,
    /// Its range in the new layout, if it is a new store.
    range: Option<ShardRange>,
}

impl Holder {
    fn error(&self, source: impl Into<StoreError>) -> ReshardError {
        ReshardError::Store {
            path: self.path.display().to_string(),
            source: source.into(),
        }
    }

    fn tree(&self, tree: Tree) -> Result<sled::Tree, ReshardError> {
        tree.open_sled(self.db()?).map_err(|e| self.error(e))
    }

    /// The store's sled database (every store a reshard opens is a sled one).
    fn db(&self) -> Result<&sled::Db, ReshardError> {
        self.store.sled("store reshard").map_err(|e| self.error(e))
    }

    fn counts(&self) -> Result<Counts, ReshardError> {
        let mut counts = Counts::default();
        for tree in Tree::RECORDS {
            counts.0[tree.index()] = self.tree(tree)?.len() as u64;
        }
        Ok(counts)
    }
}

/// A record as found in the stores.
struct Found {
    /// The contents it will have in its new store(s).
    bytes: IVec,
    /// The stores that hold it, with what they hold.
    held: Vec<(usize, IVec)>,
}

/// Moves every record of the stores of `from` to the store of `to` that owns its server (see
/// the module's doc), and returns what it did. The stores must not be in use: a store locked
/// by a running bot fails to open.
pub fn reshard(from: &Side, to: &Side) -> Result<Report, ReshardError> {
    let holders = open(from, to)?;
    let before: Vec<Counts> = holders
        .iter()
        .map(Holder::counts)
        .collect::<Result<_, _>>()?;
    let found = read_all(&holders)?;
    let index = Index::of(&found);
    let targets: Vec<usize> = (0..holders.len())
        .filter(|&h| holders[h].range.is_some())
        .collect();
    let target_of = |shard: u32| {
        targets
            .iter()
            .copied()
            .find(|&t| holders[t].range.is_some_and(|r| r.contains(shard)))
    };
    let shard_zero = target_of(0);

    // Plan: every record's new store(s).
    let mut orphans = Vec::new();
    let mut plan: Vec<((Tree, &IVec), &Found, Vec<usize>)> = Vec::with_capacity(found.len());
    let mut total_before = Counts::default();
    for ((tree, key), record) in &found {
        total_before.0[tree.index()] += 1;
        let dests = if *tree == Tree::BotRecords {
            targets.clone()
        } else {
            let shard = match index.home(*tree, key, &record.bytes) {
                Ok(guild) => shard_of(guild, to.count),
                Err(why) => {
                    orphans.push(Orphan {
                        kind: tree.kind(),
                        key: hex(key),
                        why,
                    });
                    0
                }
            };
            target_of(shard).or(shard_zero).into_iter().collect()
        };
        plan.push(((*tree, key), record, dests));
    }

    // The id counter: past every counter of every store.
    let mut next_id = 1;
    for holder in &holders {
        let counter = ids::peek(&holder.store.meta).map_err(|e| holder.error(e))?;
        next_id = next_id.max(counter.unwrap_or(1));
    }

    // Copy, then flush the new stores.
    let mut copied = Counts::default();
    for &t in &targets {
        ids::raise(&holders[t].store.meta, next_id).map_err(|e| holders[t].error(e))?;
    }
    let trees: Vec<Vec<sled::Tree>> = holders
        .iter()
        .map(|h| Tree::RECORDS.iter().map(|&t| h.tree(t)).collect())
        .collect::<Result<_, _>>()?;
    for ((tree, key), record, dests) in &plan {
        for &d in dests {
            let holds = record
                .held
                .iter()
                .any(|(h, bytes)| *h == d && *bytes == record.bytes);
            if !holds {
                trees[d][tree.index()]
                    .insert(key, record.bytes.clone())
                    .map_err(|e| holders[d].error(e))?;
                copied.0[tree.index()] += 1;
            }
        }
    }
    for &t in &targets {
        holders[t].store.flush().map_err(|e| holders[t].error(e))?;
    }

    // Verify every copy before removing anything.
    for ((tree, key), record, dests) in &plan {
        for &d in dests {
            let stored = trees[d][tree.index()]
                .get(key)
                .map_err(|e| holders[d].error(e))?;
            if stored.as_ref() != Some(&record.bytes) {
                return Err(ReshardError::Verify {
                    kind: tree.kind(),
                    key: hex(key),
                    path: holders[d].path.display().to_string(),
                });
            }
        }
    }

    // Remove what moved, then flush every store.
    let mut removed = Counts::default();
    for ((tree, key), record, dests) in &plan {
        for (h, _) in &record.held {
            if !dests.contains(h) {
                trees[*h][tree.index()]
                    .remove(key)
                    .map_err(|e| holders[*h].error(e))?;
                removed.0[tree.index()] += 1;
            }
        }
    }
    for holder in &holders {
        holder.store.flush().map_err(|e| holder.error(e))?;
    }

    // Count again: every record is in exactly one store (tallies: in every new store).
    let mut stores = Vec::with_capacity(holders.len());
    let mut total_after = Counts::default();
    for (holder, before) in holders.iter().zip(before) {
        let after = holder.counts()?;
        total_after.add(&after);
        stores.push(StoreCounts {
            path: holder.path.clone(),
            range: holder.range,
            before,
            after,
        });
    }
    for tree in Tree::RECORDS {
        let t = tree.index();
        let expected = if tree == Tree::BotRecords {
            total_before.0[t] * targets.len() as u64
        } else {
            total_before.0[t]
        };
        if total_after.0[t] != expected {
            return Err(ReshardError::Counts {
                kind: tree.kind(),
                before: expected,
                after: total_after.0[t],
            });
        }
    }
    Ok(Report {
        stores,
        before: total_before,
        after: total_after,
        copied,
        removed,
        orphans,
        next_id,
    })
}

/// Opens every store once: the new ones with their new layout, the old ones (which must exist)
/// with their old one. The old ones are opened first, and checked for unknown trees before the
/// next store is opened, so that a refused run creates no new store.
fn open(from: &Side, to: &Side) -> Result<Vec<Holder>, ReshardError> {
    let mut holders: Vec<Holder> = Vec::new();
    let named = from
        .stores
        .iter()
        .map(|s| (s, false))
        .chain(to.stores.iter().map(|s| (s, true)));
    let mut wanted: Vec<(PathBuf, Layout, bool)> = Vec::new();
    for ((path, layout), new) in named {
        match wanted.iter_mut().find(|(p, _, _)| same_path(p, path)) {
            Some(entry) => *entry = (entry.0.clone(), *layout, true),
            None => {
                if !new && !path.exists() {
                    return Err(ReshardError::MissingSource {
                        path: path.display().to_string(),
                    });
                }
                wanted.push((path.clone(), *layout, new));
            }
        }
    }
    for (path, layout, new) in wanted {
        let store =
            Store::open_for(&path, layout, super::DEFAULT_CACHE_BYTES).map_err(|source| {
                ReshardError::Store {
                    path: path.display().to_string(),
                    source,
                }
            })?;
        let holder = Holder {
            path,
            store,
            range: new.then(|| layout.range()),
        };
        check_trees(&holder)?;
        holders.push(holder);
    }
    Ok(holders)
}

/// Refuses a store holding a tree that reshard does not know, or records in sled's default
/// tree.
fn check_trees(holder: &Holder) -> Result<(), ReshardError> {
    let db = holder.db()?;
    for name in db.tree_names() {
        if !known(&name) {
            return Err(ReshardError::UnknownTree {
                path: holder.path.display().to_string(),
                tree: String::from_utf8_lossy(&name).into_owned(),
            });
        }
    }
    if !db.is_empty() {
        return Err(ReshardError::UnknownTree {
            path: holder.path.display().to_string(),
            tree: String::from("__sled__default (records in sled's default tree)"),
        });
    }
    Ok(())
}

/// Every record of every store, by (tree, key); a key held with different contents by two
/// stores is a conflict (for a tally against the computer, the one with the most games wins).
fn read_all(holders: &[Holder]) -> Result<BTreeMap<(Tree, IVec), Found>, ReshardError> {
    let mut found: BTreeMap<(Tree, IVec), Found> = BTreeMap::new();
    for (h, holder) in holders.iter().enumerate() {
        for tree in Tree::RECORDS {
            for item in holder.tree(tree)?.iter() {
                let (key, bytes) = item.map_err(|e| holder.error(e))?;
                let Some(record) = found.get_mut(&(tree, key.clone())) else {
                    found.insert(
                        (tree, key),
                        Found {
                            bytes: bytes.clone(),
                            held: vec![(h, bytes)],
                        },
                    );
                    continue;
                };
                if record.bytes != bytes {
                    if tree != Tree::BotRecords {
                        let first = record.held.first().map_or(0, |(first, _)| *first);
                        return Err(ReshardError::Conflict {
                            kind: tree.kind(),
                            key: hex(&key),
                            first: holders[first].path.display().to_string(),
                            second: holder.path.display().to_string(),
                        });
                    }
                    if tally_rank(&bytes) > tally_rank(&record.bytes) {
                        record.bytes = bytes.clone();
                    }
                }
                record.held.push((h, bytes));
            }
        }
    }
    Ok(found)
}

/// Orders two tallies of one person against the computer: more games first, then the later
/// revision, then the bytes (so that every run picks the same one). A damaged tally ranks
/// below any readable one.
fn tally_rank(bytes: &[u8]) -> (u64, u64, Vec<u8>) {
    let (games, revision) = super::decode::<BotRecord>("bot record", 0, bytes)
        .map(|s| {
            let games = s
                .record
                .tallies
                .iter()
                .map(|t| u64::from(t.wins) + u64::from(t.draws) + u64::from(t.losses))
                .sum();
            (games, s.revision)
        })
        .unwrap_or((0, 0));
    (games, revision, bytes.to_vec())
}

/// A key in hexadecimal, for reports.
fn hex(key: &[u8]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// The big-endian u64 in `key[at..at + 8]`.
fn u64_at(key: &[u8], at: usize) -> Option<u64> {
    key.get(at..at + 8)?.try_into().ok().map(u64::from_be_bytes)
}

/// The record inside a JSON envelope.
fn record_of(bytes: &[u8]) -> Option<Value> {
    serde_json::from_slice::<EnvelopeIn>(bytes)
        .ok()
        .map(|e| e.record)
}

/// A record's `guild` field: `Some(None)` for a direct message, `None` if it has none.
fn guild_field(record: &Value) -> Option<Option<u64>> {
    match record.get("guild")? {
        Value::Null => Some(None),
        guild => guild.as_u64().map(Some),
    }
}

/// Where the challenges, games, tournaments and channels of all the stores are played.
#[derive(Default)]
struct Index {
    games: HashMap<u64, Option<u64>>,
    challenges: HashMap<u64, Option<u64>>,
    tournaments: HashMap<u64, Option<u64>>,
    channels: HashMap<u64, Option<u64>>,
}

impl Index {
    fn of(found: &BTreeMap<(Tree, IVec), Found>) -> Index {
        let mut index = Index::default();
        let mut heads = Vec::new();
        for ((tree, key), record) in found {
            let Some(value) = record_of(&record.bytes) else {
                continue;
            };
            match *tree {
                // A game's setup: its key is the game id alone.
                Tree::GameParts if key.len() == 8 => {
                    if let (Some(id), Some(guild)) = (u64_at(key, 0), guild_field(&value)) {
                        index.games.insert(id, guild);
                    }
                }
                Tree::Tournaments => {
                    if let (Some(id), Some(guild)) = (u64_at(key, 0), guild_field(&value)) {
                        index.tournaments.insert(id, guild);
                    }
                }
                Tree::Challenges => {
                    if let (Some(id), Some(guild)) = (u64_at(key, 0), guild_field(&value)) {
                        index.challenges.insert(id, guild);
                        if let Some(channel) = value.get("channel").and_then(Value::as_u64) {
                            index.channels.insert(channel, guild);
                        }
                    }
                }
                Tree::History => {
                    let game = value.get("game");
                    let guild = game.and_then(guild_field);
                    let id = game.and_then(|g| g.get("id")).and_then(Value::as_u64);
                    let channel = game.and_then(|g| g.get("channel")).and_then(Value::as_u64);
                    if let (Some(id), Some(guild)) = (id, guild) {
                        index.games.entry(id).or_insert(guild);
                        if let Some(channel) = channel {
                            index.channels.insert(channel, guild);
                        }
                    }
                }
                Tree::Games => {
                    if let (Some(id), Some(channel)) =
                        (u64_at(key, 0), value.get("channel").and_then(Value::as_u64))
                    {
                        heads.push((id, channel));
                    }
                }
                _ => {}
            }
        }
        // Running games last: a channel's latest game says best where it is.
        for (id, channel) in heads {
            if let Some(&guild) = index.games.get(&id) {
                index.channels.insert(channel, guild);
            }
        }
        index
    }

    fn game(&self, id: Option<u64>) -> Result<Option<u64>, &'static str> {
        id.and_then(|id| self.games.get(&id).copied())
            .ok_or("its game's setup is missing or damaged")
    }

    /// The guild of the record `key` → `bytes` of tree `tree` (`None`: direct messages), or
    /// why it cannot be told.
    fn home(&self, tree: Tree, key: &[u8], bytes: &[u8]) -> Result<Option<u64>, &'static str> {
        let in_key = |at: usize| u64_at(key, at).ok_or("its key is malformed");
        match tree {
            Tree::Games | Tree::GameParts => self.game(u64_at(key, 0)),
            Tree::Challenges => record_of(bytes)
                .as_ref()
                .and_then(guild_field)
                .ok_or("the challenge is damaged"),
            Tree::Tournaments => record_of(bytes)
                .as_ref()
                .and_then(guild_field)
                .ok_or("the tournament is damaged"),
            Tree::Channels => {
                let entry = super::decode::<ChannelEntry>("channel", 0, bytes)
                    .map_err(|_| "the channel entry is damaged")?;
                let found = match entry.record {
                    ChannelEntry::Game(id) => self.games.get(&id),
                    ChannelEntry::Challenge(id) => self.challenges.get(&id),
                };
                found
                    .or_else(|| u64_at(key, 0).and_then(|c| self.channels.get(&c)))
                    .copied()
                    .ok_or("its challenge or game is gone")
            }
            Tree::Outbox => {
                let owed = super::decode::<Owed>("outbox entry", 0, bytes)
                    .map_err(|_| "the outbox entry is damaged")?;
                match (OwedKey::from_bytes(key), owed.record.write) {
                    (_, OwedWrite::Board { game, .. }) => self.game(Some(game)),
                    (_, OwedWrite::Tournament { tournament, .. }) => self
                        .tournaments
                        .get(&tournament)
                        .copied()
                        .ok_or("its tournament is missing or damaged"),
                    (
                        _,
                        OwedWrite::Note(super::Note {
                            guild: Some(guild), ..
                        }),
                    ) => Ok(Some(guild)),
                    (Some(OwedKey::Note(id)), OwedWrite::Note(note)) => self
                        .games
                        .get(&id)
                        .or_else(|| self.challenges.get(&id))
                        .or_else(|| self.channels.get(&note.channel))
                        .copied()
                        .ok_or("no record tells the server of its channel"),
                    _ => Err("its key is malformed"),
                }
            }
            Tree::Ratings | Tree::Leaderboard | Tree::LeaderboardSizes | Tree::RatingPoints => {
                in_key(1).map(Some)
            }
            Tree::History => record_of(bytes)
                .as_ref()
                .and_then(|r| r.get("game"))
                .and_then(guild_field)
                .ok_or("the finished game is damaged"),
            Tree::HistoryByGuild | Tree::GuildSettings => in_key(0).map(Some),
            // Direct messages are kept under guild 0.
            Tree::HistoryByPlayer => in_key(0).map(|g| (g != 0).then_some(g)),
            // Copied to every store, never routed; the bookkeeping is each store's own.
            Tree::BotRecords | Tree::Meta => Err("reshard does not route this tree"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tree_a_store_creates_is_known_to_reshard() {
        let store = Store::temporary().expect("store");
        // The trees opened on first use, too.
        store.bot_tree().expect("bot records");
        store.guild_settings(1).expect("settings");
        let db = store.sled("test").expect("sled");
        let names = db.tree_names();
        assert!(names.len() >= Tree::ALL.len(), "{names:?}");
        for name in names {
            assert!(known(&name), "{}", String::from_utf8_lossy(&name));
        }
        for tree in Tree::ALL {
            tree.open_sled(db).expect("tree");
        }
        assert!(db.is_empty(), "the store never writes sled's default tree");
        assert!(!known(b"leagues"));
    }
}
