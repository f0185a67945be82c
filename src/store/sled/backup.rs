//! Online backup of a sled store: a consistent copy of a running store while play goes on.
//!
//! [`back_up`] copies every key space ([`Tree::ALL`]) into a new sled database and
//! returns the state the store had at one moment — every write acknowledged before it, none
//! after it, never part of a transaction — while writers stop only twice, each time for as long
//! as it takes to let the writes in flight finish and to read back a few keys.
//!
//! ## The writer gate
//! Every store method that writes holds the read side of a [`Gate`] from the start of its
//! transaction until its flush returned (`Store::commit`), so while the backup holds the
//! write side no write is in flight: each one either returned before the gate closed or has
//! not begun. The state of the store at that moment is the state the backup is of.
//!
//! ## How the copy gets to that state without stopping play
//! 1. *Watch* (gate closed for an instant): every key space is subscribed to
//!    (`sled::Tree::watch_prefix` with the empty prefix). sled 0.34.7 reserves a slot in each
//!    subscriber's channel before it links a change into the tree and fills it before the
//!    write (transactional or not) returns (`Tree::insert_inner`, `subscriber.rs`). With the
//!    gate closed no write has a reservation outstanding, so every write that starts later —
//!    every write the copy can miss — is seen.
//! 2. *Copy* (gate open): every key space is read and written to the copy while writers go on.
//!    A key nobody writes during the backup is read with the value it has at the moment; every
//!    other key is *dirty*: its change event names it. Each key space is read up to the last
//!    key it held when its copy began (keys appended later are dirty). A thread drains the subscribers while
//!    the copy runs (their channels are bounded: a full one would block writers) and records
//!    the dirty keys of each key space.
//! 3. *Catch up* (gate open): for each dirty key, the live value is read and written to the
//!    copy (or the key removed from the copy if it is gone); repeated for the keys dirtied
//!    meanwhile while there are many. This shrinks what step 4 must do.
//! 4. *Settle* (gate closed): every pending event is drained — with no write in flight, every
//!    reserved event is filled (or abandoned by a write that retried or changed nothing), so
//!    the channels hold everything up to the moment — and each key dirtied since step 3 is read
//!    back from the live store, which nothing is changing. The gate then opens again; the
//!    values read are written to the copy, which is flushed and synced (`fdatasync`, as the
//!    store's own writes are).
//!
//! Why this is exactly the state at the moment of step 4: a key never dirtied kept one value
//! from step 1 to step 4, and step 2 copied that value. A dirtied key's last write returned
//! before step 4 (none are in flight), and its event was delivered before that write returned,
//! so it is drained in step 3 or step 4; the value read back for it then is its value at the
//! moment (in step 4 nothing changes; a key read back in step 3 and written again later is
//! dirty again and read back in step 4). Events are used only to know *which* keys to read
//! back, never for their values, so the order in which they arrive does not matter: sled fills
//! the events of two racing writes to one key in either order, and the events of one
//! transaction's key spaces travel on different channels. A transaction holds the gate's read
//! side whole, so at the moment all of its keys are written or none.

use std::collections::BTreeSet;
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, Wake, Waker};
use std::thread::Thread;
use std::time::{Duration, Instant};

use ::sled::{IVec, Subscriber};

use super::durable::Durable;
use super::error::open_error;
use crate::store::backup::{Backup, Gate};
use crate::store::counts::Counts;
use crate::store::error::{BackendError, StoreError};
use crate::store::tree::Tree;

/// Keys written to the copy per sled batch while copying a key space.
const BATCH: usize = 1024;

/// Step 3 is repeated, at most this many times, while a round reads back more than
/// [`FEW_KEYS`] keys: what step 4 reads back with writers stopped is then what changed during
/// one short round.
const CATCH_UP_ROUNDS: usize = 4;
const FEW_KEYS: u64 = 64;

/// Writes a consistent copy of the sled database `db`, whose writers hold `gate`, into `dir`,
/// a directory that must not exist or be empty, while other threads keep writing: see the
/// module documentation. The copy is a store a bot starts on (point `store.path` at it).
pub(super) fn back_up(db: &::sled::Db, dir: &Path, gate: &Gate) -> Result<Backup, StoreError> {
    let started = Instant::now();
    prepare(dir)?;
    let copy = ::sled::Config::new()
        .path(dir)
        .open()
        .map_err(|source| open_error(dir, source))?;
    let live = open_all(db)?;
    let copies = open_all(&copy)?;
    let (pauses, caught_up) = copy_consistent(gate, &live, &copies)?;
    copy.flush()?;
    let mut counts = [0u64; Tree::RECORDS.len()];
    for (count, tree) in counts.iter_mut().zip(&copies) {
        *count = tree.len() as u64;
    }
    drop(copies);
    // The copy's files, and its directory in its parent, reach stable storage.
    Durable::open(dir).map_err(BackendError::Sync)?;
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::File::open(parent)
            .and_then(|p| p.sync_all())
            .map_err(BackendError::Sync)?;
    }
    let backup = Backup {
        counts: Counts::new(counts),
        pauses,
        caught_up,
        took: started.elapsed(),
    };
    metrics::histogram!("oaq_store_backup_pause_seconds")
        .record(backup.longest_pause().as_secs_f64());
    Ok(backup)
}

/// Refuses a target that holds anything: a backup never overwrites (a store, or a backup).
fn prepare(dir: &Path) -> Result<(), StoreError> {
    let refuse = |reason: String| StoreError::Backup {
        path: dir.display().to_string(),
        reason,
    };
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                return Err(refuse(String::from("it is not empty")));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// Every key space of `db`, in the order of [`Tree::ALL`].
fn open_all(db: &::sled::Db) -> Result<Vec<::sled::Tree>, StoreError> {
    Ok(Tree::ALL
        .iter()
        .map(|tree| db.open_tree(tree.name()))
        .collect::<::sled::Result<_>>()?)
}

/// Makes `copies[i]` hold what `live[i]` holds at one moment while writers that hold `gate`'s
/// read side keep changing `live` (steps 1 to 4 of the module documentation). Returns the
/// two pauses and the number of keys read back.
fn copy_consistent(
    gate: &Gate,
    live: &[sled::Tree],
    copies: &[sled::Tree],
) -> Result<([Duration; 2], u64), StoreError> {
    // 1. Watch.
    let closing = Instant::now();
    let closed = gate.close();
    let watch = Mutex::new(Watch::new(live));
    drop(closed);
    let first = closing.elapsed();
    let done = AtomicBool::new(false);
    let (second, caught_up) = std::thread::scope(|scope| {
        let drainer = scope.spawn(|| {
            let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
            while !done.load(Ordering::Acquire) {
                lock(&watch).drain(&waker);
                std::thread::park_timeout(Duration::from_millis(5));
            }
        });
        let result = copy_and_settle(gate, live, copies, &watch);
        done.store(true, Ordering::Release);
        drainer.thread().unpark();
        result
    })?;
    Ok(([first, second], caught_up))
}

/// Steps 2 to 4; returns the second pause and the number of keys read back.
fn copy_and_settle(
    gate: &Gate,
    live: &[sled::Tree],
    copies: &[sled::Tree],
    watch: &Mutex<Watch>,
) -> Result<(Duration, u64), StoreError> {
    // 2. Copy.
    for (from, to) in live.iter().zip(copies) {
        copy_tree(from, to)?;
    }
    // 3. Catch up, again while the last round still had many keys to read back.
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut caught_up = 0;
    for _ in 0..CATCH_UP_ROUNDS {
        let dirty = lock(watch).take(&waker)?;
        let keys = settle(copies, read_back(live, &dirty)?)?;
        caught_up += keys;
        if keys <= FEW_KEYS {
            break;
        }
    }
    // 4. Settle.
    let closing = Instant::now();
    let closed = gate.close();
    let last = lock(watch)
        .take(&waker)
        .and_then(|dirty| read_back(live, &dirty));
    drop(closed);
    let second = closing.elapsed();
    caught_up += settle(copies, last?)?;
    Ok((second, caught_up))
}

fn lock(watch: &Mutex<Watch>) -> std::sync::MutexGuard<'_, Watch> {
    // The dirty sets only grow; a drainer that panicked leaves them usable.
    watch.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Copies every key of `from` into `to`, in batches, up to the last key `from` had when the
/// copy began: a key written later is dirty and read back anyway, and an iteration that
/// followed keys appended during it might never end.
fn copy_tree(from: &sled::Tree, to: &sled::Tree) -> Result<(), StoreError> {
    let Some((last, _)) = from.last()? else {
        return Ok(());
    };
    let mut batch = sled::Batch::default();
    let mut size = 0;
    for item in from.range(..=last) {
        let (key, value) = item?;
        batch.insert(key, value);
        size += 1;
        if size == BATCH {
            to.apply_batch(std::mem::take(&mut batch))?;
            size = 0;
        }
    }
    to.apply_batch(batch)?;
    Ok(())
}

/// The live value (or absence) of each dirty key, per key space.
type ReadBack = Vec<Vec<(IVec, Option<IVec>)>>;

fn read_back(live: &[sled::Tree], dirty: &[BTreeSet<IVec>]) -> Result<ReadBack, StoreError> {
    live.iter()
        .zip(dirty)
        .map(|(tree, keys)| {
            keys.iter()
                .map(|key| Ok((key.clone(), tree.get(key)?)))
                .collect::<Result<Vec<_>, StoreError>>()
        })
        .collect()
}

/// Writes what was read back to the copies; returns the number of keys.
fn settle(copies: &[sled::Tree], read: ReadBack) -> Result<u64, StoreError> {
    let mut keys = 0;
    for (to, values) in copies.iter().zip(read) {
        let mut batch = sled::Batch::default();
        for (key, value) in values {
            match value {
                Some(value) => batch.insert(key, value),
                None => batch.remove(key),
            }
            keys += 1;
        }
        to.apply_batch(batch)?;
    }
    Ok(keys)
}

/// The subscriptions to every key space and the keys their events named so far.
struct Watch {
    subscribers: Vec<Subscriber>,
    dirty: Vec<BTreeSet<IVec>>,
    /// A subscriber's channel closed: the database is shutting down.
    closed: bool,
}

impl Watch {
    fn new(live: &[sled::Tree]) -> Watch {
        Watch {
            subscribers: live.iter().map(|t| t.watch_prefix(vec![])).collect(),
            dirty: vec![BTreeSet::new(); live.len()],
            closed: false,
        }
    }

    /// Records the keys of every event delivered so far. An event whose write is still running
    /// stops its subscriber's drain until the next call; `waker` is woken when it is filled.
    fn drain(&mut self, waker: &Waker) {
        let mut context = Context::from_waker(waker);
        for (subscriber, dirty) in self.subscribers.iter_mut().zip(&mut self.dirty) {
            loop {
                match Pin::new(&mut *subscriber).poll(&mut context) {
                    Poll::Ready(Some(event)) => {
                        dirty.insert(event.key().clone());
                    }
                    Poll::Ready(None) => {
                        self.closed = true;
                        break;
                    }
                    Poll::Pending => break,
                }
            }
        }
    }

    /// Drains, then hands over the dirty keys recorded so far and starts new sets.
    fn take(&mut self, waker: &Waker) -> Result<Vec<BTreeSet<IVec>>, StoreError> {
        self.drain(waker);
        if self.closed {
            return Err(::sled::Error::Io(std::io::Error::other(
                "the database closed during the backup",
            ))
            .into());
        }
        let fresh = vec![BTreeSet::new(); self.dirty.len()];
        Ok(std::mem::replace(&mut self.dirty, fresh))
    }
}

/// Wakes the draining thread when an event it waits for is filled.
struct Unpark(Thread);

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sled::Transactional;
    use std::sync::atomic::AtomicU64;

    fn db() -> sled::Db {
        sled::Config::new()
            .temporary(true)
            .open()
            .expect("database")
    }

    fn trees(db: &sled::Db, names: &[&str]) -> Vec<sled::Tree> {
        names
            .iter()
            .map(|n| db.open_tree(n).expect("tree"))
            .collect()
    }

    fn contents(tree: &sled::Tree) -> Vec<(IVec, IVec)> {
        tree.iter().map(|item| item.expect("read")).collect()
    }

    fn waker() -> Waker {
        Waker::from(Arc::new(Unpark(std::thread::current())))
    }

    #[test]
    fn replaying_dirty_keys_copies_their_live_value_or_removes_them() {
        let (live_db, copy_db) = (db(), db());
        let live = trees(&live_db, &["a", "b"]);
        let copies = trees(&copy_db, &["a", "b"]);
        // The copy read "k" and "gone" before they changed, and missed "new".
        copies[0].insert("k", "old").expect("insert");
        copies[0].insert("gone", "old").expect("insert");
        copies[1].insert("untouched", "kept").expect("insert");
        live[0].insert("k", "new value").expect("insert");
        live[0].insert("new", "born").expect("insert");
        live[1].insert("untouched", "kept").expect("insert");
        let dirty = vec![
            BTreeSet::from([IVec::from("k"), IVec::from("gone"), IVec::from("new")]),
            BTreeSet::new(),
        ];
        let read = read_back(&live, &dirty).expect("read back");
        assert_eq!(settle(&copies, read).expect("settle"), 3);
        assert_eq!(contents(&copies[0]), contents(&live[0]));
        assert_eq!(contents(&copies[1]), contents(&live[1]));
    }

    #[test]
    fn every_written_key_is_named_whatever_the_kind_of_write() {
        let live_db = db();
        let live = trees(&live_db, &["a", "b"]);
        live[0].insert("same", "v").expect("insert");
        let mut watch = Watch::new(&live);
        // A transaction over two key spaces, a removal, and a write that changes nothing
        // (sled abandons its reserved event: the drain must go past it).
        (&live[0], &live[1])
            .transaction(|(a, b)| {
                a.insert("t1", "x")?;
                b.insert("t2", "y")?;
                Ok::<(), sled::transaction::ConflictableTransactionError<()>>(())
            })
            .expect("transaction");
        live[0].insert("same", "v").expect("no-op insert");
        live[1].remove("t2").expect("remove");
        live[0].insert("after", "z").expect("insert");
        let dirty = watch.take(&waker()).expect("drain");
        assert_eq!(
            dirty[0],
            BTreeSet::from([IVec::from("t1"), IVec::from("after")])
        );
        assert_eq!(dirty[1], BTreeSet::from([IVec::from("t2")]));
        let again = watch.take(&waker()).expect("drain");
        assert!(
            again.iter().all(BTreeSet::is_empty),
            "each key is handed over once"
        );
    }

    /// Writers keep two invariants in transactions over three key spaces: `counter` in the
    /// first equals the number of keys in the second (one appended per write), and one token
    /// moves between the first and third. Every copy taken meanwhile keeps both, and holds every
    /// write acknowledged before the backup began.
    #[test]
    fn copies_taken_during_writes_are_whole_transactions_at_one_moment() {
        let (live_db, gate) = (db(), Gate::default());
        let live = trees(&live_db, &["a", "b", "c"]);
        live[0].insert("token", "here").expect("insert");
        for i in 0..2000u64 {
            // Something to copy while writers run.
            live[1].insert(format!("seed{i:05}"), "s").expect("insert");
        }
        let acknowledged = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            for writer in 0..2u64 {
                let (live, gate, acknowledged, stop) = (&live, &gate, &acknowledged, &stop);
                scope.spawn(move || {
                    while !stop.load(Ordering::Acquire) {
                        let _open = gate.enter();
                        let n = (&live[0], &live[1], &live[2])
                            .transaction(|(a, b, c)| {
                                let n = a.get("counter")?.map_or(0, |v| {
                                    u64::from_be_bytes(v.as_ref().try_into().unwrap_or([0; 8]))
                                }) + 1;
                                a.insert("counter", &n.to_be_bytes())?;
                                b.insert(format!("w{n:08}").as_bytes(), &writer.to_be_bytes())?;
                                if a.remove("token")?.is_some() {
                                    c.insert("token", "here")?;
                                } else {
                                    c.remove("token")?;
                                    a.insert("token", "here")?;
                                }
                                Ok::<u64, sled::transaction::ConflictableTransactionError<()>>(n)
                            })
                            .expect("transaction");
                        acknowledged.fetch_max(n, Ordering::SeqCst);
                    }
                });
            }
            for _ in 0..3 {
                let before = acknowledged.load(Ordering::SeqCst);
                let copy_db = db();
                let copies = trees(&copy_db, &["a", "b", "c"]);
                copy_consistent(&gate, &live, &copies).expect("backup");
                let after = acknowledged.load(Ordering::SeqCst);
                let counter = copies[0].get("counter").expect("read").map_or(0, |v| {
                    u64::from_be_bytes(v.as_ref().try_into().expect("8 bytes"))
                });
                let appended = copies[1].scan_prefix("w").count() as u64;
                assert_eq!(counter, appended, "a transaction was copied in part");
                assert!(
                    counter >= before,
                    "write {before} was acknowledged before the backup, the copy stops at {counter}"
                );
                assert!(counter <= after, "the copy holds writes from after it");
                let tokens = usize::from(copies[0].contains_key("token").expect("read"))
                    + usize::from(copies[2].contains_key("token").expect("read"));
                assert_eq!(tokens, 1, "the token was copied in both places or none");
                assert_eq!(copies[1].scan_prefix("seed").count(), 2000);
            }
            stop.store(true, Ordering::Release);
        });
        assert!(acknowledged.load(Ordering::SeqCst) > 0, "the writers wrote");
    }
}
