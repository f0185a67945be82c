//! Click-to-answer latency through the fake Discord: the real bot binary, 20 concurrent games,
//! 600 moves, each measured from the gateway dispatch of the click to the arrival of the
//! interaction callback (the store has flushed the move by then).
//! Target: median at most 10 ms, 99th percentile at most 25 ms; at least 300 clicks a second at
//! saturation.
//!
//! Two runs, one after the other:
//! - **players**: each player looks at the new board for a random 0.5–1.5 s before clicking,
//!   so the 20 games send about 20 clicks a second between them — faster than people play,
//!   and the load the target is about;
//! - **saturation**: nobody thinks, so 20 clicks are always waiting. By Little's law the
//!   latency is then 20 / throughput whatever the bot does, so this run reports the
//!   throughput (clicks a second) it reached.
//!
//! Run: `cargo bench --profile test --bench latency`

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::{start_bot, to_move, FakeDiscord, FakeUser};

const GAMES: u64 = 20;
const MOVES_PER_CHANNEL: usize = 30;

/// How long a player looks at a board before clicking: a random time in this range of
/// milliseconds, or no time at all.
type Think = Option<(u64, u64)>;

/// Plays games in one channel until `MOVES_PER_CHANNEL` moves were clicked; returns latencies.
async fn play_channel(fake: FakeDiscord, channel: u64, think: Think) -> Vec<Duration> {
    let mut rng = ChaCha8Rng::seed_from_u64(channel);
    let players = [
        FakeUser::new(channel * 2 + 1, "An"),
        FakeUser::new(channel * 2 + 2, "Bình"),
    ];
    let mut latencies = Vec::new();
    while latencies.len() < MOVES_PER_CHANNEL {
        let opponent = serde_json::json!({
            "name": "opponent", "type": 6, "value": players[1].id.to_string(),
        });
        let first = serde_json::json!({ "name": "first", "type": 4, "value": 2 });
        let token = fake.slash(
            &players[0],
            channel,
            "challenge",
            vec![opponent, first],
            vec![&players[1]],
        );
        let posted = fake.callback(&token).await;
        assert!(!posted.ephemeral(), "{}", posted.content());
        let board_id = posted.message.expect("challenge message");
        let challenge = fake.message(board_id);
        let accept = challenge.buttons()[0][0].0.clone();
        let token = fake.click(&players[1], board_id, &accept);
        let accepted = fake.callback(&token).await;
        assert_eq!(accepted.kind, 7, "{}", accepted.content());
        let mut ply = 0;
        loop {
            let board = fake.message(board_id);
            let moves: Vec<String> = board
                .buttons()
                .into_iter()
                .flatten()
                .filter(|(id, _, disabled)| id.starts_with("oaq:m:") && !disabled)
                .map(|(id, _, _)| id)
                .collect();
            if moves.is_empty() || latencies.len() >= MOVES_PER_CHANNEL {
                break;
            }
            let mover_id = to_move(&board.content).expect("whose turn");
            let mover = players.iter().find(|p| p.id == mover_id).expect("player");
            if let Some((low, high)) = think {
                tokio::time::sleep(Duration::from_millis(rng.gen_range(low..=high))).await;
            }
            let token = fake.click(mover, board_id, &moves[ply % moves.len()]);
            let callback = fake.callback(&token).await;
            assert_eq!(callback.kind, 7, "{}", callback.content());
            latencies.push(callback.latency);
            ply += 1;
        }
        if latencies.len() >= MOVES_PER_CHANNEL {
            // Leave the channel free for a rerun.
            let token = fake.slash(&players[0], channel, "resign", vec![], vec![]);
            fake.callback(&token).await;
        }
    }
    latencies
}

/// User + system CPU seconds of a process, from `/proc/<pid>/stat` (0 where unavailable).
fn cpu_seconds(stat: &str) -> f64 {
    let text = std::fs::read_to_string(stat).unwrap_or_default();
    let fields: Vec<&str> = text
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|v| v.parse::<f64>().ok()))
        .sum();
    ticks / 100.0
}

/// Plays `MOVES_PER_CHANNEL` moves in each of `GAMES` channels at once, numbered from
/// `first_channel`, and prints the latencies.
async fn run(fake: &FakeDiscord, name: &str, first_channel: u64, think: Think) {
    let started = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|g| tokio::spawn(play_channel(fake.clone(), first_channel + g, think)))
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.expect("game task"));
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e3;
    println!(
        "{name}: {} moves in {GAMES} concurrent games, {:.1} clicks/s: median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        all.len() as f64 / elapsed,
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test` of benches runs this too.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let fake = FakeDiscord::start().await;
        let root = tempfile::tempdir().expect("tempdir");
        let bot = start_bot(root.path(), &fake.base, 600);
        fake.wait_ready(1).await;
        let stat = format!("/proc/{}/stat", bot.0.id());
        let before = (cpu_seconds(&stat), cpu_seconds("/proc/self/stat"));
        run(&fake, "players", 700_000_000_000_000_000, Some((500, 1500))).await;
        run(&fake, "saturation", 710_000_000_000_000_000, None).await;
        println!(
            "CPU time over both runs: bot {:.2} s, fake Discord and players {:.2} s",
            cpu_seconds(&stat) - before.0,
            cpu_seconds("/proc/self/stat") - before.1,
        );
    });
}
