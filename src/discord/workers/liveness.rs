//! Which of this process's shards are really connected, for `/health` and
//! `oaq_shards_connected`.
//!
//! serenity 0.12.5 keeps each shard's [`ConnectionStage`] in its runner info, but refreshes it
//! only around the reading of a gateway event. When a connection drops and the shard resumes,
//! the stage changes (to `Resuming` and back) inside `Shard::resume`, which can wait as long as
//! Discord takes to accept the new connection, and the runner info goes on saying `Connected`
//! the whole time. What does stop while a shard is cut off is its heartbeat: every
//! acknowledgement Discord sends refreshes the runner info's latency. So a shard counts as
//! connected when its stage says so *and* its runner info changed within [`GRACE_BEATS`]
//! heartbeat intervals, Discord's own test of a "zombied" connection (no acknowledgement
//! between two heartbeats). The interval is learned from the gaps between those changes.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{ConnectionStage, ShardId, ShardManager};

use crate::shards::Layout;

/// How often the runner info is read.
pub const POLL: Duration = Duration::from_millis(250);
/// Heartbeat intervals without an acknowledgement after which a shard counts as cut off.
pub const GRACE_BEATS: u32 = 2;
/// The interval assumed until enough heartbeats were seen: Discord's usual 41.25 s.
const DEFAULT_INTERVAL: Duration = Duration::from_millis(41_250);
/// Gaps between heartbeats kept to learn the interval (their median is used).
const GAPS_KEPT: usize = 8;
/// Gaps needed before the learned interval replaces [`DEFAULT_INTERVAL`].
const GAPS_NEEDED: usize = 3;

/// What was last seen of one shard.
#[derive(Debug, Clone)]
struct Seen {
    stage: ConnectionStage,
    latency: Option<Duration>,
    /// When the stage or the latency last changed.
    changed: Instant,
    /// The latest gaps between changes, oldest first.
    gaps: VecDeque<Duration>,
}

impl Seen {
    /// The heartbeat interval as far as it is known: the median gap between changes.
    fn interval(&self) -> Duration {
        if self.gaps.len() < GAPS_NEEDED {
            return DEFAULT_INTERVAL;
        }
        let mut gaps: Vec<Duration> = self.gaps.iter().copied().collect();
        gaps.sort_unstable();
        gaps[gaps.len() / 2]
    }
}

/// The shards' liveness as observed over time. Pure bookkeeping: [`Watch::observe`] is fed
/// what serenity reports, [`Watch::connected`] answers from it.
#[derive(Debug, Default)]
pub struct Watch {
    seen: HashMap<u32, Seen>,
}

impl Watch {
    /// Records what serenity reports of `shard` at `now`.
    pub fn observe(
        &mut self,
        shard: u32,
        stage: ConnectionStage,
        latency: Option<Duration>,
        now: Instant,
    ) {
        match self.seen.get_mut(&shard) {
            Some(seen) if seen.stage == stage && seen.latency == latency => {}
            Some(seen) => {
                seen.gaps
                    .push_back(now.saturating_duration_since(seen.changed));
                if seen.gaps.len() > GAPS_KEPT {
                    seen.gaps.pop_front();
                }
                seen.stage = stage;
                seen.latency = latency;
                seen.changed = now;
            }
            None => {
                self.seen.insert(
                    shard,
                    Seen {
                        stage,
                        latency,
                        changed: now,
                        gaps: VecDeque::new(),
                    },
                );
            }
        }
    }

    /// Whether `shard` is connected at `now`: its stage is `Connected` and it was heard from
    /// within [`GRACE_BEATS`] heartbeat intervals (plus one [`POLL`], the time it takes to
    /// notice a change).
    pub fn connected(&self, shard: u32, now: Instant) -> bool {
        self.seen.get(&shard).is_some_and(|seen| {
            seen.stage == ConnectionStage::Connected
                && now.saturating_duration_since(seen.changed)
                    <= seen.interval() * GRACE_BEATS + POLL
        })
    }
}

/// The watch over this process's shards, fed from serenity's shard manager.
pub struct Liveness {
    manager: Arc<ShardManager>,
    layout: Layout,
    watch: Mutex<Watch>,
}

impl Liveness {
    /// Starts watching the shards of `layout`, reading their runner info every [`POLL`].
    pub fn spawn(manager: Arc<ShardManager>, layout: Layout) -> Arc<Liveness> {
        let liveness = Arc::new(Liveness {
            manager,
            layout,
            watch: Mutex::new(Watch::default()),
        });
        let watcher = liveness.clone();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(POLL);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            loop {
                ticks.tick().await;
                watcher.read().await;
            }
        });
        liveness
    }

    /// Reads serenity's runner info into the watch.
    async fn read(&self) {
        let runners = self.manager.runners.lock().await;
        let now = Instant::now();
        let mut watch = self.watch.lock().unwrap_or_else(|e| e.into_inner());
        let range = self.layout.range();
        for shard in range.first()..=range.last() {
            if let Some(info) = runners.get(&ShardId(shard)) {
                watch.observe(shard, info.stage, info.latency, now);
            }
        }
    }

    /// How many of this process's shards are connected, and which are not.
    pub async fn states(&self) -> (u32, Vec<u32>) {
        self.read().await;
        let now = Instant::now();
        let watch = self.watch.lock().unwrap_or_else(|e| e.into_inner());
        let range = self.layout.range();
        let missing: Vec<u32> = (range.first()..=range.last())
            .filter(|&shard| !watch.connected(shard, now))
            .collect();
        (range.len() - missing.len() as u32, missing)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use poise::serenity_prelude::ConnectionStage;

    use super::{Watch, POLL};

    const BEAT: Duration = Duration::from_millis(500);

    /// A watch that saw shard 0 connect at `start` and four acknowledged heartbeats after.
    fn beating(start: Instant) -> Watch {
        let mut watch = Watch::default();
        watch.observe(0, ConnectionStage::Connected, None, start);
        for beat in 1..=4u32 {
            let latency = Some(Duration::from_millis(10 + u64::from(beat)));
            watch.observe(0, ConnectionStage::Connected, latency, start + BEAT * beat);
        }
        watch
    }

    #[test]
    fn a_shard_whose_heartbeats_stop_is_cut_off_after_two_intervals() {
        let start = Instant::now();
        let watch = beating(start);
        let last = start + BEAT * 4;
        assert!(watch.connected(0, last + BEAT * 2));
        assert!(!watch.connected(0, last + BEAT * 2 + POLL + Duration::from_millis(1)));
        // The same stage and latency read again is no sign of life.
        let mut stale = beating(start);
        let same = Some(Duration::from_millis(14));
        stale.observe(0, ConnectionStage::Connected, same, last + BEAT * 3);
        assert!(!stale.connected(0, last + BEAT * 3));
    }

    #[test]
    fn a_resumed_shard_is_connected_again() {
        let start = Instant::now();
        let mut watch = beating(start);
        let back = start + Duration::from_secs(10);
        assert!(!watch.connected(0, back));
        // A resume leaves serenity's latency unknown until the next acknowledgement.
        watch.observe(0, ConnectionStage::Connected, None, back);
        assert!(watch.connected(0, back));
    }

    #[test]
    fn only_the_connected_stage_counts() {
        let start = Instant::now();
        let mut watch = beating(start);
        watch.observe(0, ConnectionStage::Resuming, None, start + BEAT * 5);
        assert!(!watch.connected(0, start + BEAT * 5));
        assert!(!watch.connected(1, start), "a shard never seen");
    }

    #[test]
    fn until_heartbeats_are_seen_discords_interval_is_assumed() {
        let start = Instant::now();
        let mut watch = Watch::default();
        watch.observe(0, ConnectionStage::Connected, None, start);
        assert!(watch.connected(0, start + Duration::from_secs(80)));
        assert!(!watch.connected(0, start + Duration::from_secs(83)));
    }
}
