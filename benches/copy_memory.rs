//! Peak memory of `oaq-bot store copy`: a sled store of 100,000 finished games (40 moves each,
//! rated, in 100 servers, boards settled, as `idle_memory` writes them) copied into a new sled
//! store and, where `TEST_POSTGRES_URL` names a PostgreSQL server (see `oaq_bot_testkit::pg`),
//! into a fresh schema there; each copy run as its own process, the real binary, under
//! `/usr/bin/time -v`, whose maximum resident set size is the figure.
//!
//! Run: `cargo bench --bench copy_memory` (`COPY_MEMORY_GAMES` for another number of games;
//! `COPY_MEMORY_DIR` keeps the source store in that directory, and reuses it when it holds one
//! already; `COPY_MEMORY_BIN` runs another build of `oaq-bot`, to compare releases).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use oaq_bot::ids::GameId;
use oaq_bot::store::Store;
use oaq_bot_testkit::pg;
use oaq_bot_testkit::stored_games::{record, resign};

/// Moves in every game.
const PLIES: usize = 40;
/// Servers the games are spread over.
const GUILDS: u64 = 100;
/// Threads writing the games.
const WRITERS: u64 = 4;

/// Stores game `id`, 40 moves played, then finishes it by resignation, rated.
fn finish(store: &Store, id: u64) {
    let game = record(id, 1 + id % GUILDS, PLIES);
    let revision = store.create_game(&game).expect("create").revision;
    let stored = resign(store, game, revision);
    store
        .settle_board(GameId::new(id), stored.revision)
        .expect("settle the board");
}

/// Writes games `1..=games` into the store at `dir`, from [`WRITERS`] threads.
fn fill(dir: &Path, games: u64) {
    let store = Store::open(dir).expect("open the store");
    std::thread::scope(|scope| {
        for writer in 0..WRITERS {
            let store = &store;
            scope.spawn(move || {
                for id in (1 + writer..=games).step_by(WRITERS as usize) {
                    finish(store, id);
                }
            });
        }
    });
}

/// Runs `store copy --from <from> --to <to>` and prints its time and peak resident set.
fn measure(bin: &str, from: &str, to: &str, what: &str) {
    let started = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-v", bin, "store", "copy", "--from", from, "--to", to])
        .env_remove("RUST_LOG")
        .output()
        .expect("run /usr/bin/time");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{}{stderr}",
        String::from_utf8_lossy(&out.stdout)
    );
    let peak = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|kb| kb.parse::<u64>().ok())
        .expect("a peak resident set");
    let printed = String::from_utf8_lossy(&out.stdout);
    println!(
        "store copy to {what}: peak RSS {:.1} MB, {:.1} s; {}",
        peak as f64 / 1024.0,
        started.elapsed().as_secs_f64(),
        printed.lines().next().unwrap_or_default()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter that does not name this bench skips it.
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with('-') && !"copy_memory".contains(a.as_str()))
    {
        return;
    }
    let games: u64 = std::env::var("COPY_MEMORY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let bin = std::env::var("COPY_MEMORY_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_oaq-bot").to_owned());
    let root = tempfile::tempdir().expect("tempdir");
    let source =
        std::env::var_os("COPY_MEMORY_DIR").map_or_else(|| root.path().join("source"), Into::into);
    if !source.join("db").is_file() {
        let started = Instant::now();
        fill(&source, games);
        eprintln!(
            "wrote {games} finished games in {:.0} s",
            started.elapsed().as_secs_f64()
        );
    }
    let from = format!("sled:{}", source.display());
    let to = format!("sled:{}", root.path().join("target").display());
    measure(&bin, &from, &to, "a new sled store");
    if let Some(url) = pg::url() {
        let schema = pg::Schema::new(&url);
        measure(&bin, &from, &schema.url(), "PostgreSQL");
    }
}
