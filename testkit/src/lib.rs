//! What oaq-bot's tests and benches share, in one place and compiled once:
//!
//! - [`fake_discord`]: a fake Discord (REST and gateway on 127.0.0.1) that the real bot binary
//!   runs against, as strict as Discord about what it accepts;
//! - [`players`]: the people of the end-to-end tests and what they do at the bot's boards;
//! - [`pg`]: a schema of its own per test in the PostgreSQL test database, or a server of a
//!   test's own to stop and start;
//! - [`long_games`] and [`stored_games`]: games as the store holds them, built
//!   deterministically for the benches that fill a store and the tests that read one back;
//! - [`raw_sled`]: a store's files opened directly with sled;
//! - [`browser`]: the browser harness of the Activity's tests and bench.
//!
//! Only oaq-bot's integration tests and benches use it (it is a dev-dependency of oaq-bot and
//! depends on oaq-bot in turn).

pub mod browser;
pub mod fake_discord;
pub mod long_games;
pub mod pg;
pub mod players;
pub mod stored_games;

use std::path::Path;
use std::time::{Duration, Instant};

/// A process's figure `name` from `/proc/<pid>/status` (`VmRSS`, `VmHWM` in kB, `Threads`),
/// for the benches that measure the bot's memory.
pub fn proc_status(pid: u32, name: &str) -> u64 {
    let status =
        std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the process's status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"))
}

/// Opens a database directly with sled, waiting (as `Store::open` does) for a store closed an
/// instant ago to let go of sled's lock.
pub fn raw_sled(path: &Path) -> sled::Db {
    let started = Instant::now();
    loop {
        match sled::open(path) {
            Ok(db) => return db,
            Err(_) if started.elapsed() < oaq_bot::store::LOCK_WAIT => {
                std::thread::sleep(Duration::from_millis(25));
            }
            Err(e) => panic!("sled: {e}"),
        }
    }
}
