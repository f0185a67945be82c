//! The run of a reshard: open every store, read and plan, copy and flush, verify, remove and
//! flush, count again.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use ::sled::IVec;

use super::error::ReshardError;
use super::report::{Orphan, Report, StoreCounts};
use super::route::{hex, tally_rank, Index};
use super::side::{same_path, Side};
use crate::ids::GuildId;
use crate::shards::{shard_of, Layout, ShardRange};
use crate::store::counts::Counts;
use crate::store::error::StoreError;
use crate::store::handle::Store;
use crate::store::ids;
use crate::store::sled::db::{SledDb, DEFAULT_CACHE_BYTES};
use crate::store::tournaments;
use crate::store::tree::Tree;

/// Whether reshard knows what the tree `name` holds: one of the store's key spaces (records,
/// or the database's bookkeeping, kept by each store), or sled's default tree, which the store
/// never writes.
fn known(name: &[u8]) -> bool {
    Tree::named(name).is_some() || name == b"__sled__default"
}

/// An opened store, old or new.
struct Holder {
    path: PathBuf,
    /// The store's sled database (every store a reshard opens is a sled one).
    db: Arc<SledDb>,
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

    fn tree(&self, tree: Tree) -> &::sled::Tree {
        self.db.tree(tree)
    }

    fn counts(&self) -> Result<Counts, ReshardError> {
        let mut counts = Counts::default();
        for tree in Tree::RECORDS {
            counts.0[tree.index()] = self.tree(tree).len() as u64;
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
    let index = Index::of(
        found
            .iter()
            .map(|((tree, key), record)| (*tree, key.as_ref(), record.bytes.as_ref())),
    );
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
                Ok(guild) => shard_of(guild.map(GuildId::new), to.count),
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
    let trees: Vec<Vec<&::sled::Tree>> = holders
        .iter()
        .map(|h| Tree::RECORDS.iter().map(|&t| h.tree(t)).collect())
        .collect();
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
    // The running tournaments moved too: each store indexes its own again.
    for holder in &holders {
        tournaments::reindex(&holder.store.tournaments, &holder.store.meta)
            .map_err(|e| holder.error(e))?;
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
        let opened = SledDb::open(&path, DEFAULT_CACHE_BYTES)
            .map(Arc::new)
            .and_then(|db| Ok((Store::on(db.clone(), layout)?, db)));
        let (store, db) = opened.map_err(|source| ReshardError::Store {
            path: path.display().to_string(),
            source,
        })?;
        let holder = Holder {
            path,
            db,
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
    let db = holder.db.db();
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
            for item in holder.tree(tree).iter() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tree_a_store_creates_is_known_to_reshard() {
        let sled = Arc::new(SledDb::temporary().expect("database"));
        let store = Store::on(sled.clone(), Layout::single()).expect("store");
        // The trees opened on first use, too.
        store
            .bot_record(crate::store::GameKind::Oaq, crate::ids::UserId::new(1))
            .expect("bot records");
        store
            .guild_settings(crate::ids::GuildId::new(1))
            .expect("settings");
        let db = sled.db();
        let names = db.tree_names();
        assert!(names.len() >= Tree::ALL.len(), "{names:?}");
        for name in names {
            assert!(known(&name), "{}", String::from_utf8_lossy(&name));
        }
        for tree in Tree::ALL {
            db.open_tree(tree.name()).expect("tree");
        }
        assert!(db.is_empty(), "the store never writes sled's default tree");
        assert!(!known(b"leagues"));
    }
}
