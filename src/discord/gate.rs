//! The gate: whether this process takes work, and what it has in flight, so that shutdown can
//! stop taking work and wait for what it took. The door in front of poise that consults it is
//! [`super::gatekeeper`].

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::ids::GuildId;
use crate::shards::Layout;

/// Whether interactions are taken, and how many are being handled.
#[derive(Debug)]
pub struct Gate {
    layout: Layout,
    open: AtomicBool,
    in_flight: AtomicUsize,
    idle: Notify,
}

/// Held while an interaction (or a computer move) is handled; lets go when dropped.
#[derive(Debug)]
pub struct Pass(Arc<Gate>);

impl Drop for Pass {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Gate {
    /// An open gate for a process running `layout`.
    pub fn new(layout: Layout) -> Arc<Gate> {
        Arc::new(Gate {
            layout,
            open: AtomicBool::new(true),
            in_flight: AtomicUsize::new(0),
            idle: Notify::new(),
        })
    }

    /// A pass for one piece of work, or `None` once the gate is closed.
    pub fn enter(self: &Arc<Self>) -> Option<Pass> {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        let pass = Pass(self.clone());
        // Checked after counting, so `drain` never misses work that got a pass.
        self.open.load(Ordering::Acquire).then_some(pass)
    }

    /// Whether this process serves `guild` (its records live in this process's store).
    pub fn owns(&self, guild: Option<GuildId>) -> bool {
        self.layout.owns(guild)
    }

    /// The shards this process runs, for the log.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Takes no new work from now on.
    pub fn close(&self) {
        self.open.store(false, Ordering::Release);
    }

    /// Waits until no pass is held, at most `limit`; false if work was still running then.
    pub async fn drain(&self, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        loop {
            let idle = self.idle.notified();
            if self.in_flight.load(Ordering::Acquire) == 0 {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || tokio::time::timeout(left, idle).await.is_err() {
                return self.in_flight.load(Ordering::Acquire) == 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Gate;
    use crate::shards::Layout;

    #[tokio::test]
    async fn a_closed_gate_takes_no_work_and_waits_for_what_it_took() {
        let gate = Gate::new(Layout::single());
        let pass = gate.enter().expect("an open gate");
        gate.close();
        assert!(gate.enter().is_none(), "closed");
        assert!(
            !gate.drain(Duration::from_millis(20)).await,
            "a pass is held"
        );
        let waiter = tokio::spawn({
            let gate = gate.clone();
            async move { gate.drain(Duration::from_secs(10)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiter.is_finished(), "still waiting for the pass");
        drop(pass);
        assert!(
            waiter.await.expect("the waiter"),
            "drained once the pass is back"
        );
    }
}
