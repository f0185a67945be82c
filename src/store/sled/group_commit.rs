//! Group commit: one flush serves every writer waiting at the moment it starts.
//!
//! A writer calls [`GroupCommit::flush`] after its change is written (in memory). If no flush is
//! in flight, it runs one itself (the leader); otherwise it waits. A flush covers exactly the
//! writers that asked before it started, so each caller returns only after a flush that began
//! after its own request — the same guarantee as calling the flush itself — while concurrent
//! writers share one flush instead of queueing one each. A writer whose flush failed, or who
//! asked while a flush was already running, runs (or waits for) the next one: nobody returns
//! `Ok` unless a flush that covers its write succeeded.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Shares flushes between concurrent writers. See the module documentation.
#[derive(Debug, Default)]
pub struct GroupCommit {
    state: Mutex<State>,
    finished: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// Requests so far; a request's number is its ticket.
    requested: u64,
    /// Every ticket up to this one is covered by a successful flush.
    durable: u64,
    /// A flush is running.
    flushing: bool,
}

/// Clears `flushing` and wakes the waiters even if the flush panics, so that a panic in one
/// writer never leaves the others waiting forever.
struct Leader<'a> {
    commit: &'a GroupCommit,
    covers: u64,
    succeeded: bool,
}

impl Drop for Leader<'_> {
    fn drop(&mut self) {
        let mut state = self.commit.lock();
        state.flushing = false;
        if self.succeeded {
            state.durable = state.durable.max(self.covers);
        }
        drop(state);
        self.commit.finished.notify_all();
    }
}

impl GroupCommit {
    /// A group commit with no flush run yet.
    pub fn new() -> GroupCommit {
        GroupCommit::default()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is three counters that every holder leaves consistent.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Returns once a call of `flush` that started after this call began has succeeded
    /// (running it here if no other writer is running one), or with the error of the flush
    /// this writer ran itself.
    pub fn flush<E>(&self, flush: impl FnOnce() -> Result<(), E>) -> Result<(), E> {
        let mut state = self.lock();
        state.requested += 1;
        let ticket = state.requested;
        loop {
            if state.durable >= ticket {
                return Ok(());
            }
            if state.flushing {
                state = self
                    .finished
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            // Lead: this flush covers every request made so far, this one included.
            state.flushing = true;
            let mut leader = Leader {
                commit: self,
                covers: state.requested,
                succeeded: false,
            };
            drop(state);
            let result = flush();
            leader.succeeded = result.is_ok();
            drop(leader);
            return result;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::mpsc;
    use std::sync::Arc;
    use std::thread;

    /// Polls until `n` writers have asked (the ticket counter), without timing assumptions.
    fn wait_for_requests(commit: &GroupCommit, n: u64) {
        while commit.lock().requested < n {
            thread::yield_now();
        }
    }

    #[test]
    fn a_lone_writer_runs_its_own_flush() {
        let commit = GroupCommit::new();
        let mut runs = 0;
        commit
            .flush(|| {
                runs += 1;
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(runs, 1);
        commit
            .flush(|| {
                runs += 1;
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(runs, 2, "a later write needs a later flush");
    }

    #[test]
    fn a_writer_that_asks_during_a_flush_waits_for_the_next_one() {
        let commit = Arc::new(GroupCommit::new());
        let flushes = Arc::new(AtomicU64::new(0));
        let (started_tx, started_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        // The leader's flush blocks until released.
        let leader = {
            let (commit, flushes) = (commit.clone(), flushes.clone());
            thread::spawn(move || {
                commit.flush(|| {
                    started_tx.send(()).unwrap();
                    release_rx.recv().unwrap();
                    flushes.fetch_add(1, Ordering::SeqCst);
                    Ok::<(), ()>(())
                })
            })
        };
        started_rx.recv().unwrap();
        // A second writer asks while the first flush is in flight: that flush started before
        // its write, so it must not count.
        let follower = {
            let (commit, flushes) = (commit.clone(), flushes.clone());
            thread::spawn(move || {
                commit
                    .flush(|| {
                        flushes.fetch_add(1, Ordering::SeqCst);
                        Ok::<(), ()>(())
                    })
                    .unwrap();
                flushes.load(Ordering::SeqCst)
            })
        };
        wait_for_requests(&commit, 2);
        release_tx.send(()).unwrap();
        leader.join().unwrap().unwrap();
        assert_eq!(
            follower.join().unwrap(),
            2,
            "the follower returned after the flush that started before it asked"
        );
    }

    #[test]
    fn writers_waiting_together_share_one_flush() {
        let commit = Arc::new(GroupCommit::new());
        let flushes = Arc::new(AtomicU64::new(0));
        let (started_tx, started_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let first = {
            let commit = commit.clone();
            thread::spawn(move || {
                commit.flush(|| {
                    started_tx.send(()).unwrap();
                    release_rx.recv().unwrap();
                    Ok::<(), ()>(())
                })
            })
        };
        started_rx.recv().unwrap();
        // Five writers arrive while the first flush runs; the next flush serves them all.
        let waiting: Vec<_> = (0..5)
            .map(|_| {
                let (commit, flushes) = (commit.clone(), flushes.clone());
                thread::spawn(move || {
                    commit.flush(|| {
                        flushes.fetch_add(1, Ordering::SeqCst);
                        Ok::<(), ()>(())
                    })
                })
            })
            .collect();
        wait_for_requests(&commit, 6);
        release_tx.send(()).unwrap();
        first.join().unwrap().unwrap();
        for writer in waiting {
            writer.join().unwrap().unwrap();
        }
        assert_eq!(
            flushes.load(Ordering::SeqCst),
            1,
            "one flush for five writers"
        );
    }

    #[test]
    fn a_failed_flush_covers_nobody() {
        let commit = Arc::new(GroupCommit::new());
        let (started_tx, started_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let failing = {
            let commit = commit.clone();
            thread::spawn(move || {
                commit.flush(|| {
                    started_tx.send(()).unwrap();
                    release_rx.recv().unwrap();
                    Err("disk full")
                })
            })
        };
        started_rx.recv().unwrap();
        let retried = Arc::new(AtomicU64::new(0));
        let follower = {
            let (commit, retried) = (commit.clone(), retried.clone());
            thread::spawn(move || {
                commit.flush(|| {
                    retried.fetch_add(1, Ordering::SeqCst);
                    Ok::<(), &str>(())
                })
            })
        };
        wait_for_requests(&commit, 2);
        release_tx.send(()).unwrap();
        assert_eq!(failing.join().unwrap(), Err("disk full"));
        assert_eq!(follower.join().unwrap(), Ok(()));
        assert_eq!(
            retried.load(Ordering::SeqCst),
            1,
            "the follower ran its own flush"
        );
        // And a writer whose only flush failed is told so.
        assert_eq!(commit.flush(|| Err("still full")), Err("still full"));
    }

    #[test]
    fn every_writer_returns_after_a_flush_that_started_after_its_write() {
        // Each writer "writes" (takes the next write number), then flushes; a flush snapshots
        // the highest write number when it starts and makes it durable when it ends.
        let commit = Arc::new(GroupCommit::new());
        let written = Arc::new(AtomicU64::new(0));
        let durable = Arc::new(AtomicU64::new(0));
        let runs = Arc::new(AtomicU64::new(0));
        let writers: Vec<_> = (0..8)
            .map(|_| {
                let (commit, written, durable, runs) = (
                    commit.clone(),
                    written.clone(),
                    durable.clone(),
                    runs.clone(),
                );
                thread::spawn(move || {
                    for _ in 0..200 {
                        let mine = written.fetch_add(1, Ordering::SeqCst) + 1;
                        commit
                            .flush(|| {
                                let snapshot = written.load(Ordering::SeqCst);
                                runs.fetch_add(1, Ordering::SeqCst);
                                thread::yield_now();
                                durable.fetch_max(snapshot, Ordering::SeqCst);
                                Ok::<(), ()>(())
                            })
                            .unwrap();
                        assert!(
                            durable.load(Ordering::SeqCst) >= mine,
                            "write {mine} returned before a flush covered it"
                        );
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        assert!(runs.load(Ordering::SeqCst) <= 1600);
    }

    #[test]
    fn a_panicking_flush_does_not_strand_the_others() {
        let commit = Arc::new(GroupCommit::new());
        let panicked = {
            let commit = commit.clone();
            thread::spawn(move || commit.flush(|| -> Result<(), ()> { panic!("flush panicked") }))
        };
        assert!(panicked.join().is_err());
        assert_eq!(commit.flush(|| Ok::<(), ()>(())), Ok(()));
    }
}
