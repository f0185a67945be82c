//! Idle memory of the bot process with a large store: the real bot binary, connected to the
//! fake Discord, its resident set size (`VmRSS` of `/proc/<pid>/status`, and the peak
//! `VmHWM`) read after it has settled, for three stores built in one run:
//! - empty;
//! - 100,000 finished games (40 moves each, rated, in 100 servers: ratings, leaderboards and
//!   history as the bot writes them);
//! - the same plus 1,000 games in progress (the start-up sweeps read every one of them);
//! - then, where `TEST_POSTGRES_URL` names a PostgreSQL server (see `oaq_bot_testkit::pg`), that
//!   store moved into a fresh schema with `store copy` (timed), and the bot started on it.
//!
//! The games are written through the store's own calls (`create_game`, `finish_game`, and
//! `settle_board` as the bot settles each board it shows), from four threads so that flushes
//! are shared. Target: ≤ 40 MB RSS idle with 100,000 stored games.
//!
//! Run: `cargo bench --bench idle_memory`, which measures the release binary as it ships
//! (`--profile test` measures the test profile's binary, a few MB more of code; set
//! `IDLE_MEMORY_GAMES` for another number of finished games).

use std::path::Path;
use std::time::Duration;

use oaq_bot::ids::GameId;
use oaq_bot::store::copy::{copy, Location};
use oaq_bot::store::Store;
use oaq_bot_testkit::fake_discord::{start_bot_with, FakeDiscord};
use oaq_bot_testkit::pg;
use oaq_bot_testkit::stored_games::{record, resign};

/// Moves in every game.
const PLIES: usize = 40;
/// Servers the games are spread over.
const GUILDS: u64 = 100;
/// Games in progress in the third store.
const RUNNING: u64 = 1_000;
/// Threads writing the games.
const WRITERS: u64 = 4;

fn finished_games() -> u64 {
    std::env::var("IDLE_MEMORY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

/// Stores game `id`, 40 moves played, then finishes it by resignation, rated.
fn finish(store: &Store, id: u64) {
    let game = record(id, 1 + id % GUILDS, PLIES);
    let revision = store.create_game(&game).expect("create").revision;
    let stored = resign(store, game, revision);
    // The bot edits the final board at once, and the edit settles what the game owed Discord.
    store
        .settle_board(GameId::new(id), stored.revision)
        .expect("settle the board");
}

/// Stores game `id`, 40 moves played and still running, its board shown.
fn running(store: &Store, id: u64) {
    let stored = store
        .create_game(&record(id, 1 + id % GUILDS, PLIES))
        .expect("create");
    store
        .settle_board(GameId::new(id), stored.revision)
        .expect("settle the board");
}

/// Runs `write(store, id)` for ids `first..first + count`, from [`WRITERS`] threads.
fn fill(dir: &Path, first: u64, count: u64, write: fn(&Store, u64)) {
    let store = Store::open(dir).expect("open the store");
    std::thread::scope(|scope| {
        for writer in 0..WRITERS {
            let store = &store;
            scope.spawn(move || {
                for id in (first + writer..first + count).step_by(WRITERS as usize) {
                    write(store, id);
                }
            });
        }
    });
}

/// The bot's resident set and its peak, in kB, once it has connected and settled.
async fn idle_rss(dir: &Path) -> (u64, u64) {
    idle_rss_with(dir, &[]).await
}

/// [`idle_rss`] of a bot started with the configuration overrides `vars`.
async fn idle_rss_with(dir: &Path, vars: &[(&str, &str)]) -> (u64, u64) {
    let fake = FakeDiscord::start().await;
    let bot = start_bot_with(dir, &fake.base, 600, vars);
    fake.wait_ready(1).await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let pid = bot.0.id();
    (
        oaq_bot_testkit::proc_status(pid, "VmRSS"),
        oaq_bot_testkit::proc_status(pid, "VmHWM"),
    )
}

fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

/// Prints a measurement, and the memory per game it added to `before` with `games` more.
fn report(what: &str, (rss, peak): (u64, u64), before: Option<((u64, u64), u64, &str)>) {
    let per_game = before.map_or(String::new(), |((base, _), games, kind)| {
        let bytes = (rss.saturating_sub(base) * 1024) as f64 / games as f64;
        format!(", {bytes:.0} bytes per {kind} game")
    });
    println!(
        "{what}: RSS {:.1} MB (peak {:.1} MB){per_game}",
        mb(rss),
        mb(peak)
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    // `cargo bench` passes `--bench`; a filter that does not name this bench skips it.
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with('-') && !"idle_memory".contains(a.as_str()))
    {
        return;
    }
    let games = finished_games();
    let root = tempfile::tempdir().expect("tempdir");
    // `start_bot` stores under `<root>/data`.
    let data = root.path().join("data");

    let empty = idle_rss(root.path()).await;
    report("empty store", empty, None);

    let started = std::time::Instant::now();
    fill(&data, 1, games, finish);
    eprintln!(
        "wrote {games} finished games in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let stored = idle_rss(root.path()).await;
    report(
        &format!("{games} finished games"),
        stored,
        Some((empty, games, "stored")),
    );

    fill(&data, games + 1, RUNNING, running);
    let running = idle_rss(root.path()).await;
    report(
        &format!("plus {RUNNING} games in progress"),
        running,
        Some((stored, RUNNING, "running")),
    );

    // The same store moved to PostgreSQL (where TEST_POSTGRES_URL names a server): the time
    // `store copy` takes, and the memory of a bot that keeps its records there.
    let Some(url) = pg::url() else { return };
    let schema = pg::Schema::new(&url);
    let started = std::time::Instant::now();
    let copied = tokio::task::block_in_place(|| {
        copy(
            &[Location::Sled(data.clone())],
            &Location::Postgres(schema.url()),
        )
    })
    .expect("store copy");
    println!(
        "store copy of {games} finished and {RUNNING} running games to PostgreSQL: {:.1} s ({} entries)",
        started.elapsed().as_secs_f64(),
        copied.written
    );
    let on_postgres = idle_rss_with(
        root.path(),
        &[
            ("OAQ_STORE__BACKEND", "postgres"),
            ("OAQ_STORE__URL", &schema.url()),
        ],
    )
    .await;
    report("the same on PostgreSQL", on_postgres, None);
}
