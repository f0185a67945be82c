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
//! the job. Every entry of the sources and the target is held in memory during the run, as
//! `reshard` does: allow about as much memory as the stores' live data.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use super::backend::Bytes;
use super::counts::Counts;
use super::error::StoreError;
use super::handle::Store;
use super::ids::{self, NEXT_ID};
use super::space::Space;
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

/// The entries of one key space.
type Entries = BTreeMap<Bytes, Bytes>;

fn read(space: &Space) -> Result<Entries, StoreError> {
    space.iter().collect()
}

fn conflict(reason: String) -> StoreError {
    StoreError::Copy { reason }
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
    // Plan: the union of the sources, and what the target lacks of it.
    let mut wanted: Vec<Entries> = Vec::with_capacity(Tree::ALL.len());
    let mut missing: Vec<Entries> = Vec::with_capacity(Tree::ALL.len());
    let mut next_id = 1;
    for tree in Tree::ALL {
        let mut union = Entries::new();
        for (store, location) in sources.iter().zip(from) {
            for (key, value) in read(&store.space(tree))? {
                if tree == Tree::Meta && key == NEXT_ID {
                    next_id = next_id.max(ids::decode_counter(&value)?);
                    continue;
                }
                match union.get(&key) {
                    Some(held) if *held != value => {
                        return Err(conflict(format!(
                            "{location} and another source hold different {} under one key",
                            tree.kind()
                        )))
                    }
                    _ => union.insert(key, value),
                };
            }
        }
        let held = read(&target.space(tree))?;
        let mut lacks = Entries::new();
        for (key, value) in &union {
            match held.get(key) {
                None => {
                    lacks.insert(key.clone(), value.clone());
                }
                Some(found) if found == value => {}
                Some(_) => {
                    return Err(conflict(format!(
                        "{to} already holds other {} under a key of the sources",
                        tree.kind()
                    )))
                }
            }
        }
        if let Some(key) = held
            .keys()
            .find(|key| !(union.contains_key(*key) || (tree == Tree::Meta && **key == *NEXT_ID)))
        {
            return Err(conflict(format!(
                "{to} holds {} that no source holds (key {key:?}): copy into an empty store",
                tree.kind()
            )));
        }
        wanted.push(union);
        missing.push(lacks);
    }
    // Write.
    let mut written = 0;
    for (tree, lacks) in Tree::ALL.into_iter().zip(&missing) {
        written += lacks.len() as u64;
        target.space(tree).insert_all(lacks)?;
    }
    ids::raise(&target.meta, next_id)?;
    target.flush()?;
    // Verify.
    let mut counts = [0u64; Tree::RECORDS.len()];
    for (tree, union) in Tree::ALL.into_iter().zip(&wanted) {
        let mut held = read(&target.space(tree))?;
        if tree == Tree::Meta {
            held.remove(NEXT_ID);
        }
        if held != *union {
            return Err(conflict(format!(
                "{to} read back {} {} where the sources hold {}",
                held.len(),
                tree.kind(),
                union.len()
            )));
        }
        if let Some(count) = counts.get_mut(tree.index()) {
            *count = held.len() as u64;
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
    use super::Location;

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
