//! Moving a bot's data between backends, with the bot stopped: `oaq-bot store copy --from
//! sled:<path> --to postgres://…` (and back, `--from postgres://… --to sled:<path>`).
//!
//! The two backends keep the same key spaces, keys and values (see `space.rs`), so a copy is the
//! union of the sources' entries, key space by key space. Several sources (the sled stores of
//! every process of a sharded bot) are merged into one target, as their ids never collide (see
//! `ids.rs`). Each source is opened as the bot opens it, so a database of an older release is
//! migrated first.
//!
//! The order keeps every record safe, as `reshard`'s does: everything is read and compared
//! first, and a key held with different contents by two sources, or by a source and the target,
//! or a key of the target no source holds, stops the copy before anything is written. The
//! entries the target lacks are then written in batches and synced (a PostgreSQL commit, a sled
//! flush and `fdatasync`), the id counter is raised to the highest of all, and the target is read
//! back and compared with the sources, count by count and entry by entry. Running it again
//! writes nothing and reports the same counts; running it again after an interruption finishes
//! the job.
//!
//! Each of the three passes (check, write, read back) streams: it walks every key space in key
//! order across the sources and the target at once, as a merge of their sorted scans, so the
//! copy holds one entry of every scan and one batch of writes, whatever the stores' size.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use super::backend::{Bytes, Entry};
use super::counts::Counts;
use super::error::StoreError;
use super::handle::Store;
use super::ids::{self, NEXT_ID};
use super::tree::Tree;
use crate::shards::Layout;

/// Where a store is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A sled database directory: `sled:<path>`.
    Sled(PathBuf),
    /// A PostgreSQL database: `postgres://…` or `postgresql://…`.
    Postgres(String),
}

impl FromStr for Location {
    type Err = String;

    fn from_str(text: &str) -> Result<Location, String> {
        if let Some(path) = text.strip_prefix("sled:").filter(|p| !p.is_empty()) {
            Ok(Location::Sled(PathBuf::from(path)))
        } else if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Ok(Location::Postgres(text.to_owned()))
        } else {
            Err(format!(
                "`{}` is neither sled:<path> nor a postgres:// URL",
                Location::redact(text)
            ))
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sled(path) => write!(f, "sled:{}", path.display()),
            Location::Postgres(url) => f.write_str(&Location::redact(url)),
        }
    }
}

impl Location {
    /// `url` without its password, to print.
    fn redact(url: &str) -> String {
        let Some((scheme, rest)) = url.split_once("://") else {
            return url.to_owned();
        };
        match rest.rsplit_once('@') {
            Some((user, host)) => {
                let user = user.split_once(':').map_or(user, |(name, _)| name);
                format!("{scheme}://{user}@{host}")
            }
            None => url.to_owned(),
        }
    }

    /// Opens the store, as the bot does (a sled source must exist already).
    fn open(&self, source: bool) -> Result<Store, StoreError> {
        match self {
            Location::Sled(path) => {
                if source && !path.join("db").is_file() {
                    return Err(StoreError::Copy {
                        reason: format!("{self} holds no sled database"),
                    });
                }
                Store::open(path)
            }
            Location::Postgres(url) => Store::connect(url, Layout::single()),
        }
    }
}

/// What a copy did.
#[derive(Debug)]
pub struct Copied {
    /// The target.
    pub to: String,
    /// The records the target holds, per kind, every one read back equal to its source.
    pub counts: Counts,
    /// How many entries were written (0 when the target had them all already).
    pub written: u64,
}

impl fmt::Display for Copied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} holds {} records, read back equal to the sources ({} entries written):",
            self.to,
            self.counts.records() + self.counts.tallies(),
            self.written
        )?;
        write!(f, "{}", self.counts)
    }
}

/// Entries written to the target at a time: what the copy holds in memory, besides one entry
/// of every scan.
const BATCH: usize = 4096;

/// An ordered scan of one key space of one store.
type Scan<'a> = Box<dyn Iterator<Item = Result<Entry, StoreError>> + 'a>;

fn conflict(reason: String) -> StoreError {
    StoreError::Copy { reason }
}

/// A scan and the entry it is at.
struct Cursor<'a> {
    head: Option<Entry>,
    rest: Scan<'a>,
}

impl<'a> Cursor<'a> {
    fn new(mut rest: Scan<'a>) -> Result<Cursor<'a>, StoreError> {
        Ok(Cursor {
            head: rest.next().transpose()?,
            rest,
        })
    }

    fn key(&self) -> Option<&Bytes> {
        self.head.as_ref().map(|(key, _)| key)
    }

    /// The entry it is at, and moves on to the next.
    fn take(&mut self) -> Result<Option<Entry>, StoreError> {
        let next = self.rest.next().transpose()?;
        Ok(std::mem::replace(&mut self.head, next))
    }
}

/// Walks the union of `sources` and `target`, each in key order, key by key, as a merge of the
/// sorted scans: `visit` gets each key with the value the sources hold under it (`None` when no
/// source does) and the value the target holds (`None` when it does not). Source `i` holding
/// another value under a key another source holds stops the walk with `clash(i)`. Only one
/// entry of every scan is held at a time.
fn merge(
    sources: Vec<Scan<'_>>,
    target: Scan<'_>,
    clash: impl Fn(usize) -> StoreError,
    mut visit: impl FnMut(Bytes, Option<Bytes>, Option<Bytes>) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut sources = sources
        .into_iter()
        .map(Cursor::new)
        .collect::<Result<Vec<_>, _>>()?;
    let mut target = Cursor::new(target)?;
    loop {
        let least = sources
            .iter()
            .filter_map(Cursor::key)
            .chain(target.key())
            .min()
            .cloned();
        let Some(key) = least else {
            return Ok(());
        };
        let mut value: Option<Bytes> = None;
        for (i, source) in sources.iter_mut().enumerate() {
            if source.key() != Some(&key) {
                continue;
            }
            let Some((_, found)) = source.take()? else {
                continue;
            };
            match &value {
                Some(held) if *held != found => return Err(clash(i)),
                Some(_) => {}
                None => value = Some(found),
            }
        }
        let held = if target.key() == Some(&key) {
            target.take()?.map(|(_, held)| held)
        } else {
            None
        };
        visit(key, value, held)?;
    }
}

/// The scan of key space `tree` of `store`, without the id counter (which the copy raises
/// rather than copies): each counter seen is handed to `counter`.
fn scan<'a>(
    store: &Store,
    tree: Tree,
    counter: &'a dyn Fn(&[u8]) -> Result<(), StoreError>,
) -> Scan<'a> {
    let entries = store.space(tree).iter();
    if tree != Tree::Meta {
        return Box::new(entries);
    }
    Box::new(entries.filter_map(move |item| match item {
        Ok((key, value)) if key == NEXT_ID => counter(&value).err().map(Err),
        other => Some(other),
    }))
}

/// Copies every record of the stores at `from` into the store at `to` (see the module's doc).
pub fn copy(from: &[Location], to: &Location) -> Result<Copied, StoreError> {
    if from.contains(to) {
        return Err(conflict(format!("{to} is both a source and the target")));
    }
    let sources = from
        .iter()
        .map(|location| location.open(true))
        .collect::<Result<Vec<_>, _>>()?;
    let target = to.open(false)?;
    let next_id = Cell::new(1);
    let raise = |value: &[u8]| {
        next_id.set(next_id.get().max(ids::decode_counter(value)?));
        Ok(())
    };
    let ignore = |_: &[u8]| Ok(());
    let walk = |tree: Tree,
                visit: &mut dyn FnMut(
        Bytes,
        Option<Bytes>,
        Option<Bytes>,
    ) -> Result<(), StoreError>| {
        merge(
            sources
                .iter()
                .map(|store| scan(store, tree, &raise))
                .collect(),
            scan(&target, tree, &ignore),
            |i| {
                let location = from.get(i).map_or_else(String::new, Location::to_string);
                conflict(format!(
                    "{location} and another source hold different {} under one key",
                    tree.kind()
                ))
            },
            visit,
        )
    };
    // Check, before anything is written: the sources agree, and the target holds nothing
    // but what they hold.
    for tree in Tree::ALL {
        walk(tree, &mut |key, value, held| match (value, held) {
            (Some(value), Some(held)) if value != held => Err(conflict(format!(
                "{to} already holds other {} under a key of the sources",
                tree.kind()
            ))),
            (None, Some(_)) => Err(conflict(format!(
                "{to} holds {} that no source holds (key {key:?}): copy into an empty store",
                tree.kind()
            ))),
            _ => Ok(()),
        })?;
    }
    // Write what the target lacks, a batch at a time.
    let mut written = 0;
    for tree in Tree::ALL {
        let space = target.space(tree);
        let mut batch = BTreeMap::new();
        walk(tree, &mut |key, value, held| match (value, held) {
            (Some(value), None) => {
                batch.insert(key, value);
                if batch.len() >= BATCH {
                    written += batch.len() as u64;
                    space.insert_all(&batch)?;
                    batch.clear();
                }
                Ok(())
            }
            (Some(value), Some(held)) if value == held => Ok(()),
            _ => Err(conflict(format!(
                "the {} of the sources or of {to} changed during the copy",
                tree.kind()
            ))),
        })?;
        written += batch.len() as u64;
        space.insert_all(&batch)?;
    }
    ids::raise(&target.meta, next_id.get())?;
    target.flush()?;
    // Verify: read the target back and compare it with the sources, entry by entry.
    let mut counts = [0u64; Tree::RECORDS.len()];
    for tree in Tree::ALL {
        let (mut union, mut held, mut equal) = (0u64, 0u64, true);
        walk(tree, &mut |_, value, found| {
            union += u64::from(value.is_some());
            held += u64::from(found.is_some());
            equal &= value.is_some() && value == found;
            Ok(())
        })?;
        if !equal {
            return Err(conflict(format!(
                "{to} read back {held} {} where the sources hold {union}",
                tree.kind()
            )));
        }
        if let Some(count) = counts.get_mut(tree.index()) {
            *count = held;
        }
    }
    Ok(Copied {
        to: to.to_string(),
        counts: Counts::new(counts),
        written,
    })
}

#[cfg(test)]
mod tests {
    use super::{conflict, merge, Location, Scan};
    use crate::store::backend::Bytes;
    use crate::store::error::StoreError;

    fn scan(entries: &[(u8, u8)]) -> Scan<'static> {
        let entries: Vec<Result<_, StoreError>> = entries
            .iter()
            .map(|&(key, value)| Ok((vec![key], vec![value])))
            .collect();
        Box::new(entries.into_iter())
    }

    type Visited = Vec<(Bytes, Option<Bytes>, Option<Bytes>)>;

    fn walk(sources: &[&[(u8, u8)]], target: &[(u8, u8)]) -> Result<Visited, StoreError> {
        let mut seen = Vec::new();
        merge(
            sources.iter().map(|entries| scan(entries)).collect(),
            scan(target),
            |i| conflict(format!("source {i}")),
            |key, value, held| {
                seen.push((key, value, held));
                Ok(())
            },
        )?;
        Ok(seen)
    }

    #[test]
    fn the_merge_walks_interleaved_sources_and_the_target_in_key_order() {
        let seen = walk(
            &[&[(1, 10), (4, 40), (6, 60)], &[(2, 20), (4, 40)], &[]],
            &[(3, 3), (4, 40)],
        )
        .expect("no conflict");
        let v = |b: u8| Some(vec![b]);
        assert_eq!(
            seen,
            vec![
                (vec![1], v(10), None),
                (vec![2], v(20), None),
                (vec![3], None, v(3)),
                (vec![4], v(40), v(40)),
                (vec![6], v(60), None),
            ]
        );
        assert_eq!(walk(&[], &[]).expect("nothing").len(), 0);
    }

    #[test]
    fn the_merge_stops_at_a_key_two_sources_hold_differently_even_the_last() {
        let refused =
            walk(&[&[(1, 1), (2, 2), (9, 9)], &[(3, 3), (9, 8)]], &[]).expect_err("conflict");
        assert!(refused.to_string().contains("source 1"), "{refused}");
    }

    #[test]
    fn a_failing_scan_stops_the_merge() {
        let failing: Scan<'static> =
            Box::new([Ok((vec![1], vec![1])), Err(conflict("read failed".into()))].into_iter());
        let refused = merge(
            vec![failing],
            scan(&[]),
            |_| conflict("clash".into()),
            |_, _, _| Ok(()),
        )
        .expect_err("read error");
        assert!(refused.to_string().contains("read failed"), "{refused}");
    }

    #[test]
    fn locations_read_and_print_without_their_password() {
        let pg: Location = "postgres://oaq:secret@db.example:5432/oaq"
            .parse()
            .expect("url");
        assert_eq!(pg.to_string(), "postgres://oaq@db.example:5432/oaq");
        assert_eq!(
            "sled:data/a".parse::<Location>(),
            Ok(Location::Sled("data/a".into()))
        );
        let wrong = "data/a".parse::<Location>().expect_err("no scheme");
        assert!(wrong.contains("sled:<path>"), "{wrong}");
        assert!("sled:".parse::<Location>().is_err());
    }
}
