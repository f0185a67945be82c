//! How the store grows: games played through the store's own calls (`create_game`, one
//! `update_game` per move as the app makes it, `finish_game` at the end, rated) into a database
//! in a temporary directory. Reports the bytes the process wrote per move (`wchar` of
//! `/proc/self/io`: every byte handed to `write`/`pwrite`, flushes included) and, after the run,
//! the database's size on disk against its live data (the keys and values of every tree).
//!
//! For comparison, the same games are written in schema 1's layout (the whole game record, all
//! its moves, rewritten by every move) with raw sled, in the same pattern: one transaction per
//! write over the game and outbox trees, a flush after each, the history entry at the end.
//!
//! Run: `cargo bench --profile test --bench store_growth` (10,000 games of 40 moves; set
//! `STORE_GROWTH_GAMES` for fewer). A criterion measurement of one appended move follows.

use std::path::Path;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::store::Store;
use oaq_bot_testkit::stored_games::{notation, record, resign};
use sled::Transactional;

/// Moves in every game.
const PLIES: usize = 40;
const GUILD: u64 = 1;

fn games() -> u64 {
    std::env::var("STORE_GROWTH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// Bytes this process has handed to the kernel for writing so far (0 off Linux).
fn written() -> u64 {
    std::fs::read_to_string("/proc/self/io")
        .ok()
        .and_then(|io| {
            io.lines()
                .find_map(|l| l.strip_prefix("wchar: ").map(|v| v.trim().parse().ok()))
                .flatten()
        })
        .unwrap_or(0)
}

/// The size of every file under `dir`.
fn on_disk(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| match e.file_type() {
                    Ok(t) if t.is_dir() => on_disk(&e.path()),
                    _ => e.metadata().map(|m| m.len()).unwrap_or(0),
                })
                .sum()
        })
        .unwrap_or(0)
}

/// The keys and values of every tree (the live data), with sled directly.
fn live(dir: &Path) -> u64 {
    let db = sled::open(dir).expect("sled");
    db.tree_names()
        .into_iter()
        .map(|name| {
            db.open_tree(name)
                .expect("tree")
                .iter()
                .flatten()
                .map(|(k, v)| (k.len() + v.len()) as u64)
                .sum::<u64>()
        })
        .sum()
}

/// Plays game `id` through the store: created, `PLIES` moves, a resignation.
fn play(store: &Store, id: u64) {
    let mut game = record(id, GUILD, 0);
    let mut revision = store.create_game(&game).expect("create").revision;
    for ply in 0..PLIES {
        game.moves.push(notation(ply));
        revision = store
            .update_game(revision, &game, false)
            .expect("move")
            .revision;
    }
    resign(store, game, revision);
}

/// Schema 1's game record: the whole game, its moves as square-and-direction objects.
fn schema1_record(id: u64, plies: usize, revision: u64) -> Vec<u8> {
    let moves: Vec<serde_json::Value> = (0..plies)
        .map(|ply| {
            let text = notation(ply);
            let (square, sign) = text.split_at(text.len() - 1);
            let direction = if sign == "+" { "Right" } else { "Left" };
            serde_json::json!({"square": square.parse::<u8>().unwrap_or(1), "direction": direction})
        })
        .collect();
    let game = record(id, GUILD, 0);
    serde_json::to_vec(&serde_json::json!({
        "schema": 1, "revision": revision,
        "record": {
            "id": id, "guild": game.guild, "channel": game.channel, "message": game.message,
            "players": game.seats, "rules": game.rules, "start": game.start, "moves": moves,
            "resigned": null, "created_ms": game.created_ms, "locale": "en",
            "turn_ms": game.turn_ms, "deadline_ms": game.deadline_ms,
        }
    }))
    .expect("json")
}

/// Plays game `id` in schema 1's layout with raw sled: every write replaces the whole record
/// (and its outbox entry) in one transaction, then flushes.
fn play_schema1(
    db: &sled::Db,
    games: &sled::Tree,
    outbox: &sled::Tree,
    history: &sled::Tree,
    id: u64,
) {
    let key = id.to_be_bytes();
    for ply in 0..=PLIES {
        let bytes = schema1_record(id, ply, ply as u64 + 1);
        let owed = format!(
            r#"{{"write":{{"board":{{"game":{id},"revision":{}}}}}}}"#,
            ply + 1
        );
        (games, outbox)
            .transaction(|(games, outbox)| {
                games.insert(&key, bytes.clone())?;
                outbox.insert(&key, owed.as_bytes())?;
                Ok::<_, sled::transaction::ConflictableTransactionError<()>>(())
            })
            .expect("write");
        db.flush().expect("flush");
    }
    let finished = schema1_record(id, PLIES, 1);
    (games, history)
        .transaction(|(games, history)| {
            games.insert(&key, finished.clone())?;
            history.insert(&key, finished.clone())?;
            Ok::<_, sled::transaction::ConflictableTransactionError<()>>(())
        })
        .expect("finish");
    db.flush().expect("flush");
}

fn report(layout: &str, games: u64, bytes: u64, seconds: f64, dir: &Path) {
    let moves = games * PLIES as u64;
    let disk = on_disk(dir);
    let live = live(dir);
    println!(
        "{layout}: {games} games, {moves} moves in {seconds:.0} s: {:.0} bytes written per move; \
         on disk {:.1} MB for {:.1} MB live ({:.1}×)",
        bytes as f64 / moves as f64,
        disk as f64 / 1e6,
        live as f64 / 1e6,
        disk as f64 / live.max(1) as f64,
    );
}

fn growth() {
    let games = games();
    {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path()).expect("store");
        let (before, start) = (written(), Instant::now());
        for id in 1..=games {
            play(&store, id);
        }
        let (bytes, seconds) = (written() - before, start.elapsed().as_secs_f64());
        drop(store);
        report("schema 2 (store)", games, bytes, seconds, dir.path());
    }
    {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = sled::open(dir.path()).expect("sled");
        let trees = ["games", "outbox", "history"].map(|t| db.open_tree(t).expect("tree"));
        let (before, start) = (written(), Instant::now());
        for id in 1..=games {
            play_schema1(&db, &trees[0], &trees[1], &trees[2], id);
        }
        let (bytes, seconds) = (written() - before, start.elapsed().as_secs_f64());
        drop(trees);
        drop(db);
        report(
            "schema 1 layout (raw sled)",
            games,
            bytes,
            seconds,
            dir.path(),
        );
    }
}

fn bench_append(c: &mut Criterion) {
    growth();
    let store = Store::temporary().expect("store");
    let mut id = 0;
    c.bench_function(
        "store: a game's 40 moves appended (create, 40 updates, finish)",
        |b| {
            b.iter(|| {
                id += 1;
                play(&store, id);
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_append
}
criterion_main!(benches);
