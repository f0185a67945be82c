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
//! Then the same two runs for Shogi (issue 12), where a move takes three or four clicks in the
//! board's private picker (open it, the piece, where it goes, promotion when optional): every
//! click is measured, and the clicks that play a move (and flush it) are reported apart. And
//! for Chinese checkers (issue 13) at tables of mixed sizes (2, 3, 4 and 6 people, five of
//! each), where a move is three clicks (open the picker, the peg, where it goes).
//!
//! Run: `cargo bench --profile test --bench latency` (sled, the default store); with
//! `LATENCY_BACKEND=postgres`, the bot keeps its records in a fresh schema of the PostgreSQL
//! database `TEST_POSTGRES_URL` names (see `oaq_bot_testkit::pg`; `.ci/postgres` starts one).
//! With `LATENCY_BACKEND=both`, the Ô ăn quan runs alone, side by side on the two stores in
//! one run (sled, PostgreSQL, sled, PostgreSQL…, `LATENCY_ROUNDS` rounds, default 2), each
//! line with the store's retries per 1,000 clicks (`oaq_store_retries_total`, read from the
//! bot's `/metrics`), then the medians of the rounds and PostgreSQL's ratios to sled.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use oaq_bot_testkit::fake_discord::{start_bot_with, to_move, FakeDiscord, FakeUser};
use oaq_bot_testkit::pg;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

/// One measured click: its latency, and whether it played a move.
type Click = (Duration, bool);

/// A game whose moves are picked in the board's private picker.
#[derive(Debug, Clone, Copy)]
enum Picked {
    /// Shogi, challenged between two.
    Shogi,
    /// Chinese checkers, at a table of this many people.
    Checkers(u64),
}

impl Picked {
    /// The root command.
    fn root(self) -> &'static str {
        match self {
            Picked::Shogi => "shogi",
            Picked::Checkers(_) => "chinese-checkers",
        }
    }

    /// The players of a game in `channel`.
    fn players(self, channel: u64) -> Vec<FakeUser> {
        let seats = match self {
            Picked::Shogi => 2,
            Picked::Checkers(seats) => seats,
        };
        (1..=seats)
            .map(|s| FakeUser::new(channel * 8 + s, "Player"))
            .collect()
    }

    /// Starts a game between `players` in `channel`; returns its board's message id.
    async fn start(self, fake: &FakeDiscord, channel: u64, players: &[FakeUser]) -> u64 {
        let root = self.root();
        let board_id = match self {
            Picked::Shogi => {
                let opponent = serde_json::json!({
                    "name": "opponent", "type": 6, "value": players[1].id.to_string(),
                });
                let first = serde_json::json!({ "name": "first", "type": 4, "value": 1 });
                let options = vec![opponent, first];
                let token = fake.slash_to(
                    &players[0],
                    channel,
                    root,
                    "challenge",
                    options,
                    vec![&players[1]],
                );
                fake.callback(&token).await.message.expect("challenge")
            }
            Picked::Checkers(seats) => {
                let index = [2, 3, 4, 6]
                    .iter()
                    .position(|&n| n == seats)
                    .expect("a size");
                let size = serde_json::json!({ "name": "players", "type": 4, "value": index });
                let token = fake.slash_to(&players[0], channel, root, "new", vec![size], vec![]);
                fake.callback(&token).await.message.expect("lobby")
            }
        };
        for player in &players[1..] {
            let join = fake
                .message(board_id)
                .buttons()
                .concat()
                .into_iter()
                .find(|(_, label, _)| label == "Join" || label == "Accept")
                .expect("a seat to take")
                .0;
            let token = fake.click(player, board_id, &join);
            assert_eq!(fake.callback(&token).await.kind, 7);
        }
        board_id
    }
}

/// Plays a game in one channel through the board's picker, choosing at random, until
/// `MOVES_PER_CHANNEL` moves were played; returns every click.
async fn play_picker_channel(
    fake: FakeDiscord,
    channel: u64,
    think: Think,
    game: Picked,
) -> Vec<Click> {
    let mut rng = ChaCha8Rng::seed_from_u64(channel);
    let players = game.players(channel);
    let mut clicks: Vec<Click> = Vec::new();
    let played = |clicks: &[Click]| clicks.iter().filter(|c| c.1).count();
    while played(&clicks) < MOVES_PER_CHANNEL {
        let board_id = game.start(&fake, channel, &players).await;
        while played(&clicks) < MOVES_PER_CHANNEL {
            let board = fake.message(board_id);
            let Some(open) = board
                .buttons()
                .concat()
                .into_iter()
                .find(|(id, _, _)| id.starts_with("oaq:p:"))
            else {
                break;
            };
            let mover_id = to_move(&board.content).expect("whose turn");
            let mover = players.iter().find(|p| p.id == mover_id).expect("player");
            if let Some((low, high)) = think {
                tokio::time::sleep(Duration::from_millis(rng.gen_range(low..=high))).await;
            }
            let token = fake.click(mover, board_id, &open.0);
            let mut answer = fake.callback(&token).await;
            clicks.push((answer.latency, false));
            let picker = answer.message.expect("the picker");
            while !answer.content().starts_with("You played") {
                let step = fake.message(picker);
                let token = match step.selects().first() {
                    Some(menu) => {
                        let option = &menu.options[rng.gen_range(0..menu.options.len())];
                        fake.select(mover, picker, &menu.custom_id, &[&option.1])
                    }
                    None => {
                        let choices: Vec<_> = step
                            .buttons()
                            .concat()
                            .into_iter()
                            .filter(|(_, label, _)| label != "Back")
                            .collect();
                        let choice = &choices[rng.gen_range(0..choices.len())];
                        fake.click(mover, picker, &choice.0)
                    }
                };
                answer = fake.callback(&token).await;
                assert_eq!(answer.kind, 7, "{}", answer.content());
                clicks.push((answer.latency, answer.content().starts_with("You played")));
            }
            fake.wait_message(board_id, "the move on the board", |m| m.edits > board.edits)
                .await;
        }
        // Leave the channel free for the next game (every seat of a table resigns).
        for player in &players {
            let token = fake.slash_to(player, channel, game.root(), "resign", vec![], vec![]);
            fake.callback(&token).await;
        }
    }
    clicks
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
/// `first_channel`, and prints the latencies; returns them with the clicks a second.
async fn run(fake: &FakeDiscord, name: &str, first_channel: u64, think: Think) -> Figures {
    let started = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|g| tokio::spawn(play_channel(fake.clone(), first_channel + g, think)))
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.expect("game task"));
    }
    report(name, "moves", all, started.elapsed().as_secs_f64())
}

/// The same for a game played through the picker: Shogi, or Chinese checkers at tables of
/// 2, 3, 4 and 6 people in turn.
async fn run_picker(fake: &FakeDiscord, name: &str, first_channel: u64, think: Think, shogi: bool) {
    let started = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|g| {
            let game = if shogi {
                Picked::Shogi
            } else {
                Picked::Checkers([2, 3, 4, 6][g as usize % 4])
            };
            tokio::spawn(play_picker_channel(
                fake.clone(),
                first_channel + g,
                think,
                game,
            ))
        })
        .collect();
    let mut clicks = Vec::new();
    for task in tasks {
        clicks.extend(task.await.expect("game task"));
    }
    let elapsed = started.elapsed().as_secs_f64();
    let moves = clicks.iter().filter(|c| c.1).map(|c| c.0).collect();
    let what = if shogi {
        "Shogi picker clicks"
    } else {
        "Chinese checkers picker clicks"
    };
    report(name, what, clicks.iter().map(|c| c.0).collect(), elapsed);
    report(name, "of which moves played", moves, elapsed);
}

/// What one run measured: clicks, clicks a second, median, p90 and p99 (ms).
#[derive(Debug, Clone, Copy, Default)]
struct Figures {
    clicks: usize,
    rate: f64,
    median: f64,
    p90: f64,
    p99: f64,
}

/// Prints the median and tail of `latencies`, measured over `elapsed` seconds, and returns them.
fn report(name: &str, what: &str, mut latencies: Vec<Duration>, elapsed: f64) -> Figures {
    latencies.sort();
    let pct = |p: f64| {
        latencies[((latencies.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e3
    };
    let figures = Figures {
        clicks: latencies.len(),
        rate: latencies.len() as f64 / elapsed,
        median: pct(0.5),
        p90: pct(0.9),
        p99: pct(0.99),
    };
    println!(
        "{name}: {} {what} in {GAMES} concurrent games, {:.1} clicks/s: median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0),
    );
    figures
}

/// A free TCP port on 127.0.0.1, for the bot's `/metrics`.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The bot's `oaq_store_retries_total` (0 before the first retry), read from its `/metrics`
/// at `addr`.
fn retries(addr: &str) -> f64 {
    let mut stream = std::net::TcpStream::connect(addr).expect("the metrics endpoint");
    let request = format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .expect("ask for metrics");
    let mut page = String::new();
    stream.read_to_string(&mut page).expect("read metrics");
    page.lines()
        .filter(|line| line.starts_with("oaq_store_retries_total"))
        .filter_map(|line| line.split_whitespace().last()?.parse::<f64>().ok())
        .sum()
}

/// The median of `values` (the mean of the middle two of an even count).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    (values[(n - 1) / 2] + values[n / 2]) / 2.0
}

/// The Ô ăn quan players and saturation runs on sled and on PostgreSQL, alternating, in one
/// run: each line with its retries per 1,000 clicks, then the medians and the ratios.
async fn compare(root: &std::path::Path) {
    let base = pg::url().expect("TEST_POSTGRES_URL");
    let rounds: usize = std::env::var("LATENCY_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2);
    // [backend][players, saturation] → figures and retries per 1,000 clicks, one per round.
    let mut seen: [[Vec<(Figures, f64)>; 2]; 2] = Default::default();
    let mut channel = 700_000_000_000_000_000;
    for round in 0..rounds {
        for (b, backend) in ["sled", "PostgreSQL"].into_iter().enumerate() {
            let schema = (b == 1).then(|| pg::Schema::new(&base));
            let url = schema.as_ref().map(pg::Schema::url);
            let metrics = format!("127.0.0.1:{}", free_port());
            let dir = root.join(format!("{backend}-{round}"));
            std::fs::create_dir_all(&dir).expect("a bot directory");
            let mut vars = vec![("OAQ_METRICS__LISTEN", metrics.as_str())];
            if let Some(url) = &url {
                vars.extend([("OAQ_STORE__BACKEND", "postgres"), ("OAQ_STORE__URL", url)]);
            }
            let fake = FakeDiscord::start().await;
            let bot = start_bot_with(&dir, &fake.base, 600, &vars);
            fake.wait_ready(1).await;
            for (r, (name, think)) in [("players", Some((500, 1500))), ("saturation", None)]
                .into_iter()
                .enumerate()
            {
                let before = retries(&metrics);
                let label = format!("{backend} {name}");
                let figures = run(&fake, &label, channel, think).await;
                channel += GAMES;
                let per_1000 = (retries(&metrics) - before) * 1000.0 / figures.clicks as f64;
                println!("{label}: {per_1000:.1} store retries per 1,000 clicks");
                seen[b][r].push((figures, per_1000));
            }
            drop(bot);
        }
    }
    let mid = |b: usize, r: usize, f: fn(&(Figures, f64)) -> f64| {
        median(seen[b][r].iter().map(f).collect())
    };
    for (r, name) in ["players", "saturation"].into_iter().enumerate() {
        for (b, backend) in ["sled", "PostgreSQL"].into_iter().enumerate() {
            println!(
                "{name}, {backend}, medians of {rounds} rounds: {:.1} clicks/s, median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, {:.1} retries per 1,000 clicks",
                mid(b, r, |s| s.0.rate),
                mid(b, r, |s| s.0.median),
                mid(b, r, |s| s.0.p90),
                mid(b, r, |s| s.0.p99),
                mid(b, r, |s| s.1),
            );
        }
        println!(
            "{name}, PostgreSQL / sled: throughput ×{:.2}, p99 ×{:.2}",
            mid(1, r, |s| s.0.rate) / mid(0, r, |s| s.0.rate),
            mid(1, r, |s| s.0.p99) / mid(0, r, |s| s.0.p99),
        );
    }
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
        if std::env::var("LATENCY_BACKEND").is_ok_and(|b| b == "both") {
            compare(root.path()).await;
            return;
        }
        let postgres = std::env::var("LATENCY_BACKEND").is_ok_and(|b| b == "postgres");
        let schema = postgres.then(|| pg::Schema::new(&pg::url().expect("TEST_POSTGRES_URL")));
        let url = schema.as_ref().map(pg::Schema::url);
        let vars: Vec<(&str, &str)> = match &url {
            Some(url) => vec![("OAQ_STORE__BACKEND", "postgres"), ("OAQ_STORE__URL", url)],
            None => Vec::new(),
        };
        println!("store: {}", if postgres { "PostgreSQL" } else { "sled" });
        let bot = start_bot_with(root.path(), &fake.base, 600, &vars);
        fake.wait_ready(1).await;
        let stat = format!("/proc/{}/stat", bot.0.id());
        let before = (cpu_seconds(&stat), cpu_seconds("/proc/self/stat"));
        run(&fake, "players", 700_000_000_000_000_000, Some((500, 1500))).await;
        run(&fake, "saturation", 710_000_000_000_000_000, None).await;
        run_picker(
            &fake,
            "players",
            720_000_000_000_000_000,
            Some((500, 1500)),
            true,
        )
        .await;
        run_picker(&fake, "saturation", 730_000_000_000_000_000, None, true).await;
        run_picker(
            &fake,
            "players",
            740_000_000_000_000_000,
            Some((500, 1500)),
            false,
        )
        .await;
        run_picker(&fake, "saturation", 750_000_000_000_000_000, None, false).await;
        println!(
            "CPU time over both runs: bot {:.2} s, fake Discord and players {:.2} s",
            cpu_seconds(&stat) - before.0,
            cpu_seconds("/proc/self/stat") - before.1,
        );
    });
}
