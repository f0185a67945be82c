//! `Store::backup` on a store in play: how long writers stop (the two pauses of `backup.rs`)
//! and how long a backup takes, while 20 games take moves as fast as the store acknowledges
//! them (the worst case for the pauses: a write is always in flight when the gate closes).
//!
//! The store holds `BACKUP_GAMES` finished games (default 2,000, 40 moves each, with history
//! and ratings) and 20 running games. Twenty backups are taken, one after another, each into a
//! new directory; the bench prints the median and maximum of the longer pause of each, of the
//! whole backup, and the writes acknowledged meanwhile.
//!
//! Run: `cargo bench --profile test --bench backup` (`BACKUP_GAMES=10000` for a bigger store).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use oaq_bot::store::Store;
use oaq_bot_testkit::stored_games::{notation, record, resign};

const GUILD: u64 = 1;
const RUNNING: u64 = 20;
const BACKUPS: usize = 20;
const PLIES: usize = 40;

fn finished_games() -> u64 {
    std::env::var("BACKUP_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

fn median_and_max(mut values: Vec<Duration>) -> (f64, f64) {
    values.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(values[values.len() / 2]), ms(values[values.len() - 1]))
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(&dir.path().join("data")).expect("store");
    let finished = finished_games();
    for id in 1..=finished {
        let game = record(id, GUILD, PLIES);
        let stored = store.create_game(&game).expect("create");
        resign(&store, game, stored.revision);
    }
    let stop = AtomicBool::new(false);
    let writes = AtomicU64::new(0);
    let (mut pauses, mut took) = (Vec::new(), Vec::new());
    let mut during = 0;
    std::thread::scope(|scope| {
        for id in finished + 1..=finished + RUNNING {
            let (store, stop, writes) = (&store, &stop, &writes);
            scope.spawn(move || {
                let mut game = record(id, GUILD, 0);
                let mut revision = store.create_game(&game).expect("create").revision;
                while !stop.load(Ordering::Relaxed) {
                    game.moves.push(notation(game.moves.len()));
                    revision = store
                        .update_game(revision, &game, false)
                        .expect("move")
                        .revision;
                    writes.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        std::thread::sleep(Duration::from_millis(500));
        for n in 0..BACKUPS {
            let before = writes.load(Ordering::Relaxed);
            let backup = store
                .backup(&dir.path().join(format!("backup-{n}")))
                .expect("backup");
            during += writes.load(Ordering::Relaxed) - before;
            pauses.push(backup.longest_pause());
            took.push(backup.took);
            if n == 0 {
                println!("{backup}");
            }
        }
        stop.store(true, Ordering::Relaxed);
    });
    let (pause_median, pause_max) = median_and_max(pauses);
    let (took_median, took_max) = median_and_max(took);
    println!(
        "{finished} finished + {RUNNING} running games, {BACKUPS} backups: longer pause median {pause_median:.2} ms, max {pause_max:.2} ms; backup median {took_median:.0} ms, max {took_max:.0} ms; {during} moves acknowledged during the backups"
    );
}
