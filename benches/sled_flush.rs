//! sled 0.34.7's flush in isolation: the store's write pattern (JSON game records of 1–4 KB,
//! a transaction over two or three trees, then `Db::flush`) without the bot, Discord or the
//! renderer, single-threaded and with 4 or 20 writers at once, under several sled settings,
//! through the store's [`GroupCommit`], and with the disk kept busy by another writer.
//!
//! Every scenario runs in a fresh child process on a fresh database in a temporary directory
//! (sled's concurrency-control lock and I/O thread pool are process-wide, so scenarios must not
//! share a process), and prints one line: writes a second, then percentiles of the time a
//! writer spends in its transaction and in its flush, and how many flushes took over 10 ms.
//!
//! Run: `cargo bench --profile test --bench sled_flush` (all scenarios), or name some:
//! `cargo bench --profile test --bench sled_flush -- tx2-t1 tx2-t20 group-t20`.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use oaq_bot::store::GroupCommit;
use rand::{Rng, SeedableRng};
use sled::Transactional;

/// Writes per scenario, over all threads.
const WRITES: usize = 4000;
/// Games in progress at once (as in the latency bench).
const GAMES: u64 = 20;
/// Moves in a game before it ends and a new one takes its channel.
const MOVES: usize = 60;

/// How a scenario writes and which sled settings it opens the database with.
#[derive(Clone, Copy)]
struct Scenario {
    name: &'static str,
    what: &'static str,
    threads: usize,
    pattern: Pattern,
    config: fn(sled::Config) -> sled::Config,
    /// Flush after every write (the store's rule); when false, never flush.
    flush: bool,
    /// Milliseconds each writer waits (uniformly at random in this range) before each write,
    /// like the latency bench's players; `None`: write as fast as possible.
    pace: Option<(u64, u64)>,
    /// Flush through the store's [`GroupCommit`] (one flush serves every writer waiting when it
    /// starts) instead of calling `Db::flush` from each writer.
    group: bool,
    /// Keep the disk busy meanwhile: another thread writes 1 MB and `fdatasync`s it, in a loop
    /// (as a build linking beside the bot does).
    busy_disk: bool,
    /// After each flush, `fdatasync` sled's log file too, as the store does since issue 28
    /// (its `durable.rs`): the flush then also covers a power cut.
    durable: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Pattern {
    /// The store's pattern: a transaction over games + channels (three trees when a game
    /// starts), then a flush.
    Transaction,
    /// The same records written with plain `insert`s (no transaction), then a flush.
    Insert,
    /// No sled at all: a 4 KB `pwrite` at the end of a file, then `fdatasync`.
    RawFsync,
}

fn default(c: sled::Config) -> sled::Config {
    c
}
fn no_flusher(c: sled::Config) -> sled::Config {
    c.flush_every_ms(None)
}
fn high_throughput(c: sled::Config) -> sled::Config {
    c.mode(sled::Mode::HighThroughput)
}
fn small_cache(c: sled::Config) -> sled::Config {
    c.cache_capacity(16 * 1024 * 1024)
}
fn big_segments(c: sled::Config) -> sled::Config {
    c.segment_size(8 * 1024 * 1024)
}

const fn tx(name: &'static str, what: &'static str, threads: usize) -> Scenario {
    Scenario {
        name,
        what,
        threads,
        pattern: Pattern::Transaction,
        config: default,
        flush: true,
        pace: None,
        group: false,
        busy_disk: false,
        durable: false,
    }
}

/// Writes per writer in a paced scenario: 20 writers × 25 writes at about one a second.
const PACED_WRITES: usize = 25;

fn scenarios() -> Vec<Scenario> {
    let raw = |name, threads| Scenario {
        pattern: Pattern::RawFsync,
        ..tx(name, "4 KB append + fdatasync, no sled", threads)
    };
    let paced = |name, what| Scenario {
        pace: Some((500, 1500)),
        ..tx(name, what, 20)
    };
    vec![
        raw("raw-t1", 1),
        raw("raw-t4", 4),
        tx("tx2-t1", "store pattern, default config", 1),
        tx("tx2-t4", "store pattern, default config", 4),
        tx("tx2-t20", "store pattern, default config", 20),
        Scenario {
            group: true,
            ..tx("group-t4", "store pattern, group commit", 4)
        },
        Scenario {
            group: true,
            ..tx("group-t20", "store pattern, group commit", 20)
        },
        Scenario {
            flush: false,
            ..tx("noflush-t1", "store pattern, never flushed", 1)
        },
        Scenario {
            flush: false,
            ..tx("noflush-t20", "store pattern, never flushed", 20)
        },
        Scenario {
            pattern: Pattern::Insert,
            ..tx("insert-t1", "plain inserts (no transaction), flushed", 1)
        },
        Scenario {
            pattern: Pattern::Insert,
            ..tx("insert-t20", "plain inserts (no transaction), flushed", 20)
        },
        Scenario {
            config: no_flusher,
            ..tx("noflusher-t20", "flush_every_ms(None)", 20)
        },
        Scenario {
            config: high_throughput,
            ..tx("highthroughput-t20", "Mode::HighThroughput", 20)
        },
        Scenario {
            config: small_cache,
            ..tx("smallcache-t20", "cache_capacity 16 MB", 20)
        },
        Scenario {
            config: big_segments,
            ..tx(
                "bigsegments-t20",
                "segment_size 8 MB (new databases only)",
                20,
            )
        },
        paced("paced-t20", "store pattern, each writer pauses 0.5–1.5 s"),
        Scenario {
            config: no_flusher,
            ..paced("paced-noflusher-t20", "paced, flush_every_ms(None)")
        },
        Scenario {
            group: true,
            ..paced("paced-group-t20", "paced, group commit")
        },
        Scenario {
            durable: true,
            ..tx("durable-t1", "store pattern, flush + fdatasync", 1)
        },
        Scenario {
            durable: true,
            group: true,
            ..tx("durable-group-t20", "group commit, flush + fdatasync", 20)
        },
        Scenario {
            durable: true,
            group: true,
            ..paced(
                "durable-paced-group-t20",
                "paced, group commit, flush + fdatasync",
            )
        },
        Scenario {
            busy_disk: true,
            ..raw("busy-raw-t1", 1)
        },
        Scenario {
            busy_disk: true,
            ..tx("busy-tx2-t1", "store pattern, disk busy", 1)
        },
        Scenario {
            busy_disk: true,
            ..tx("busy-tx2-t20", "store pattern, disk busy", 20)
        },
        Scenario {
            busy_disk: true,
            group: true,
            ..tx("busy-group-t20", "group commit, disk busy", 20)
        },
        Scenario {
            busy_disk: true,
            ..paced("busy-paced-t20", "paced, disk busy")
        },
    ]
}

/// A game record shaped like ours: a JSON envelope that grows from about 1 KB to 4 KB as
/// moves are added.
fn game_record(id: u64, revision: u64, moves: usize) -> Vec<u8> {
    let moves: Vec<String> = (0..moves * 8).map(|i| format!("{}R", i % 10 + 1)).collect();
    serde_json::to_vec(&serde_json::json!({
        "schema": 1,
        "revision": revision,
        "record": {
            "id": id,
            "guild": 42,
            "channel": 1_000 + id % GAMES,
            "message": 123_456_789_012_345_678u64,
            "players": [
                {"id": 111_111_111_111_111_111u64, "name": "An", "computer": null},
                {"id": 222_222_222_222_222_222u64, "name": "Bình", "computer": null},
            ],
            "rules": {"quan_value": 10, "citizens": 5, "borrow": true, "relay": true,
                      "no_first_quan": false, "young_quan": false, "padding": "x".repeat(600)},
            "start": "5,5,5,5,5/5,5,5,5,5/10,10",
            "moves": moves,
            "created_ms": 1_700_000_000_000u64,
            "locale": "en",
            "deadline_ms": 1_700_000_600_000u64,
        }
    }))
    .unwrap_or_default()
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e3
}

/// One writer: plays its share of the games, one write (and flush) per move.
fn writer(
    db: &sled::Db,
    log: &std::fs::File,
    commit: &GroupCommit,
    trees: &[sled::Tree; 3],
    scenario: &Scenario,
    thread: usize,
    writes: usize,
) -> (Vec<Duration>, Vec<Duration>) {
    let [challenges, games, channels] = trees;
    let mut tx_times = Vec::with_capacity(writes);
    let mut flush_times = Vec::with_capacity(writes);
    let my_games: Vec<u64> = (0..GAMES)
        .filter(|g| *g as usize % scenario.threads == thread)
        .collect();
    let my_games = if my_games.is_empty() {
        vec![thread as u64 % GAMES]
    } else {
        my_games
    };
    // Per channel: (game id, moves so far).
    let mut state: Vec<(u64, usize)> = my_games.iter().map(|g| (g * 1_000_000, 0)).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(thread as u64);
    for i in 0..writes {
        if let Some((low, high)) = scenario.pace {
            std::thread::sleep(Duration::from_millis(rng.gen_range(low..=high)));
        }
        let slot = i % state.len();
        let (id, moves) = state[slot];
        let channel = (1_000 + my_games[slot]).to_be_bytes();
        let record = game_record(id, moves as u64 + 1, moves);
        let key = id.to_be_bytes();
        let started = Instant::now();
        let result: Result<(), sled::transaction::TransactionError<()>> = match scenario.pattern {
            Pattern::Transaction if moves == 0 => {
                (challenges, games, channels).transaction(|(challenges, games, channels)| {
                    challenges.remove(&key)?;
                    games.insert(&key, record.clone())?;
                    channels.insert(&channel, &key)?;
                    Ok(())
                })
            }
            Pattern::Transaction => (games, channels).transaction(|(games, channels)| {
                let _current = games.get(key)?;
                games.insert(&key, record.clone())?;
                if moves + 1 == MOVES {
                    channels.remove(&channel)?;
                }
                Ok(())
            }),
            Pattern::Insert => {
                let _current = games.get(key).expect("read");
                games
                    .insert(key, record.clone())
                    .map(drop)
                    .map_err(sled::transaction::TransactionError::Storage)
            }
            Pattern::RawFsync => unreachable!(),
        };
        result.expect("write");
        let written = Instant::now();
        let flush = || -> sled::Result<()> {
            db.flush()?;
            if scenario.durable {
                log.sync_data()?;
            }
            Ok(())
        };
        if scenario.group {
            commit.flush(flush).expect("flush");
        } else if scenario.flush {
            flush().expect("flush");
        }
        tx_times.push(written - started);
        flush_times.push(written.elapsed());
        state[slot] = if moves + 1 == MOVES {
            (id + 1, 0)
        } else {
            (id, moves + 1)
        };
    }
    (tx_times, flush_times)
}

fn raw_writer(dir: &Path, thread: usize, writes: usize) -> (Vec<Duration>, Vec<Duration>) {
    use std::io::Write;
    let mut file = std::fs::File::create(dir.join(format!("raw-{thread}"))).expect("raw file");
    let block = vec![b'x'; 4096];
    let mut times = Vec::with_capacity(writes);
    for _ in 0..writes {
        let started = Instant::now();
        file.write_all(&block).expect("write");
        file.sync_data().expect("fdatasync");
        times.push(started.elapsed());
    }
    (Vec::new(), times)
}

/// Writes 1 MB chunks to a file and `fdatasync`s each, until `stop`.
fn busy_disk(dir: &Path, stop: &AtomicBool) {
    use std::io::{Seek, Write};
    let mut file = std::fs::File::create(dir.join("busy")).expect("busy file");
    let chunk = vec![7u8; 1 << 20];
    let mut written = 0;
    while !stop.load(Ordering::Relaxed) {
        if written >= 64 {
            file.rewind().expect("rewind");
            written = 0;
        }
        file.write_all(&chunk).expect("busy write");
        file.sync_data().expect("busy fdatasync");
        written += 1;
    }
}

fn run(scenario: &Scenario) {
    let dir = tempfile::tempdir_in(std::env::temp_dir()).expect("tempdir");
    let db = (scenario.config)(sled::Config::new().path(dir.path().join("db")))
        .open()
        .expect("open sled");
    let trees = [
        db.open_tree("challenges").expect("tree"),
        db.open_tree("games").expect("tree"),
        db.open_tree("channels").expect("tree"),
    ];
    let log = std::fs::File::open(dir.path().join("db").join("db")).expect("sled's log");
    let commit = GroupCommit::new();
    let stop = AtomicBool::new(false);
    let per_thread = match scenario.pace {
        Some(_) => PACED_WRITES,
        None => WRITES / scenario.threads,
    };
    let barrier = Arc::new(Barrier::new(scenario.threads));
    let started = Instant::now();
    let results: Vec<(Vec<Duration>, Vec<Duration>)> = std::thread::scope(|scope| {
        if scenario.busy_disk {
            let (stop, path) = (&stop, dir.path());
            scope.spawn(move || busy_disk(path, stop));
        }
        let handles: Vec<_> = (0..scenario.threads)
            .map(|thread| {
                let (db, log, trees, barrier, commit) =
                    (&db, &log, &trees, barrier.clone(), &commit);
                let path = dir.path();
                scope.spawn(move || {
                    barrier.wait();
                    if scenario.pattern == Pattern::RawFsync {
                        raw_writer(path, thread, per_thread)
                    } else {
                        writer(db, log, commit, trees, scenario, thread, per_thread)
                    }
                })
            })
            .collect();
        let results = handles
            .into_iter()
            .map(|h| h.join().expect("writer"))
            .collect();
        stop.store(true, Ordering::Relaxed);
        results
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut tx: Vec<Duration> = results.iter().flat_map(|r| r.0.clone()).collect();
    let mut flush: Vec<Duration> = results.iter().flat_map(|r| r.1.clone()).collect();
    let count = flush.len();
    tx.sort();
    flush.sort();
    let slow = flush.iter().filter(|d| d.as_millis() > 10).count();
    let log_mb = std::fs::metadata(dir.path().join("db").join("db"))
        .map(|m| m.len() as f64 / 1e6)
        .unwrap_or(0.0);
    println!(
        "{:<20} {:>6.0} w/s | tx p50 {:>5.2} p99 {:>6.2} max {:>6.1} | flush p50 {:>5.2} p90 {:>5.2} p99 {:>6.2} max {:>6.1} ms, {:>4} over 10 ms | file {:>5.1} MB | {} ({} threads)",
        scenario.name,
        count as f64 / elapsed,
        percentile(&tx, 0.5),
        percentile(&tx, 0.99),
        percentile(&tx, 1.0),
        percentile(&flush, 0.5),
        percentile(&flush, 0.9),
        percentile(&flush, 0.99),
        percentile(&flush, 1.0),
        slow,
        log_mb,
        scenario.what,
        scenario.threads,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = scenarios();
    if let Some(at) = args.iter().position(|a| a == "--scenario") {
        let name = args.get(at + 1).expect("scenario name");
        let scenario = all.iter().find(|s| s.name == name).expect("known scenario");
        run(scenario);
        return;
    }
    // `cargo bench` passes `--bench`; anything else names scenarios to run.
    let chosen: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let exe = std::env::current_exe().expect("own path");
    for scenario in &all {
        if !chosen.is_empty() && !chosen.iter().any(|c| c.as_str() == scenario.name) {
            continue;
        }
        let status = Command::new(&exe)
            .args(["--scenario", scenario.name])
            .status()
            .expect("run a scenario");
        assert!(status.success(), "scenario {} failed", scenario.name);
    }
}
