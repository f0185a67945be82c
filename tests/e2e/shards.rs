//! Two bot processes share four shards, each with its own store: every server is served by
//! the process of its shard, one process dying leaves the other's games playing, and the
//! restarted one resumes its own. Metrics, health and graceful shutdown are checked on the
//! way.

use std::process::Stdio;
use std::time::Duration;

use oaq_bot_testkit::players::{guild_on_shard, lan_and_minh};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::support::{
    bot_command, start_bot_on_shards, to_move, Bot, FakeDiscord, FakeUser, Fault, GOOD_TOKEN,
};
use super::{enabled_moves, start_game};

fn channel(shard: u64) -> u64 {
    700_000_000_000_000_000 + shard
}

/// Starts the process serving `shards` (`A-B`) of four, its REST base `fake.base/name`.
fn start(
    root: &std::path::Path,
    fake: &FakeDiscord,
    name: &str,
    shards: &str,
    metrics: &str,
) -> Bot {
    let base = format!("{}/{name}", fake.base);
    start_bot_on_shards(root, &base, 4, shards, &[("OAQ_METRICS__LISTEN", metrics)])
}

/// Waits until the fake's live shards are exactly `shards`.
pub(super) async fn wait_shards(fake: &FakeDiscord, shards: &[u32]) {
    fake.wait_for(60, "the shards to connect", |f| {
        (f.live_shards() == shards).then_some(())
    })
    .await;
}

/// Plays one move in the game on `board` of server `shard`, as the player to move.
async fn play_one(fake: &FakeDiscord, shard: u64, board: u64) {
    play_one_of(fake, lan_and_minh(shard), board).await;
}

/// Plays one move in the game on `board` between `players`, as the one to move.
pub(super) async fn play_one_of(fake: &FakeDiscord, players: [FakeUser; 2], board: u64) {
    let message = fake.message(board);
    let mover = to_move(&message.content).expect("whose turn");
    let user = players
        .into_iter()
        .find(|p| p.id == mover)
        .expect("a player");
    let before = message.edits;
    let choice = enabled_moves(&message)[0].clone();
    let token = fake.click(&user, board, &choice);
    let answer = fake.callback(&token).await;
    assert_eq!(answer.kind, 7, "the board is updated: {}", answer.content());
    fake.wait_message(board, "the move on the board", |m| m.edits > before)
        .await;
}

async fn http_get(addr: &str, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("the metrics endpoint");
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("send a request");
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .await
        .expect("read the answer");
    answer
}

/// The value of a counter line starting with `series` in a Prometheus text page.
fn counter(page: &str, series: &str) -> Option<f64> {
    page.lines()
        .find(|line| line.starts_with(series))
        .and_then(|line| line.rsplit(' ').next())
        .and_then(|value| value.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_split_four_shards_and_survive_each_other() {
    let fake = FakeDiscord::start().await;
    fake.set_shard_count(4);
    for shard in 0..4 {
        fake.set_guild(channel(shard), guild_on_shard(shard));
    }
    let metrics = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        probe.local_addr().expect("its address").to_string()
    };
    let (root_a, root_b) = (
        tempfile::tempdir().expect("tempdir"),
        tempfile::tempdir().expect("tempdir"),
    );
    let mut a = start(root_a.path(), &fake, "process-a", "0-1", &metrics);
    let b = start(root_b.path(), &fake, "process-b", "2-3", "");
    wait_shards(&fake, &[0, 1, 2, 3]).await;
    fake.wait_for(30, "both processes to register", |f| {
        (f.registrations().len() >= 2).then_some(())
    })
    .await;

    // A game in a server of each shard, one move each.
    let mut boards = Vec::new();
    for shard in 0..4 {
        let [lan, minh] = lan_and_minh(shard);
        let board = start_game(&fake, &lan, &minh, channel(shard)).await;
        play_one(&fake, shard, board).await;
        boards.push(board);
    }

    // Every REST request went to the base its process was given.
    let bases = fake.requests_by_base();
    assert!(bases.get("/process-a").is_some_and(|&n| n > 0), "{bases:?}");
    assert!(bases.get("/process-b").is_some_and(|&n| n > 0), "{bases:?}");
    assert_eq!(
        bases.len(),
        2,
        "no request bypassed the configured bases: {bases:?}"
    );

    // Process A counted the interactions of its two servers: in each a challenge, its
    // acceptance and a move.
    let page = http_get(&metrics, "/metrics").await;
    assert_eq!(
        counter(
            &page,
            "oaq_interactions_total{kind=\"button\",outcome=\"served\"}"
        ),
        Some(4.0),
        "{page}"
    );
    assert_eq!(
        counter(
            &page,
            "oaq_interactions_total{kind=\"command\",outcome=\"served\"}"
        ),
        Some(2.0),
        "the two challenges: {page}"
    );
    assert!(page.contains("oaq_click_answer_seconds_bucket"), "{page}");
    assert!(page.contains("oaq_store_flush_seconds_bucket"), "{page}");
    assert!(page.contains("oaq_shards_connected 2"), "{page}");
    assert!(page.contains("oaq_games_running{kind=\"oaq\"} 2"), "{page}");
    let health = http_get(&metrics, "/health").await;
    assert!(
        health.starts_with("HTTP/1.1 200") && health.contains("shards 0-1 of 4"),
        "{health}"
    );

    // Discord fails the answer to a click: counted by its status (the board is healed by REST).
    fake.fail("/callback", vec![Fault::Status(500)]);
    let message = fake.message(boards[0]);
    let mover = to_move(&message.content).expect("whose turn");
    let user = lan_and_minh(0)
        .into_iter()
        .find(|p| p.id == mover)
        .expect("a player");
    fake.click(&user, boards[0], &enabled_moves(&message)[0]);
    fake.wait_message(boards[0], "the board brought up to date by REST", |m| {
        to_move(&m.content).is_some_and(|next| next != mover)
    })
    .await;
    let page = http_get(&metrics, "/metrics").await;
    assert_eq!(
        counter(&page, "oaq_discord_errors_total{status=\"500\"}"),
        Some(1.0),
        "{page}"
    );

    // Discord routing a server to the wrong process (as with a misconfigured layout): the
    // process refuses without touching its store.
    fake.set_shard_count(2);
    let [lan, _] = lan_and_minh(2);
    let stray = fake.click(&lan, boards[2], &enabled_moves(&fake.message(boards[2]))[0]);
    let refused = fake.callback(&stray).await;
    assert!(
        refused.ephemeral() && refused.content().contains("Another instance"),
        "{}",
        refused.content()
    );
    fake.set_shard_count(4);

    // kill -9 of process B: A's games play on.
    drop(b);
    wait_shards(&fake, &[0, 1]).await;
    for shard in 0..2 {
        play_one(&fake, shard, boards[shard as usize]).await;
    }

    // B restarts and resumes its own games from its own store.
    let _b = start(root_b.path(), &fake, "process-b", "2-3", "");
    wait_shards(&fake, &[0, 1, 2, 3]).await;
    for shard in 2..4 {
        play_one(&fake, shard, boards[shard as usize]).await;
    }
    assert_eq!(fake.doubled_sessions(), 0, "no shard was served twice");

    // SIGTERM: A stops taking clicks, disconnects its shards and exits 0.
    let pid = a.0.id().to_string();
    // The shell's own `kill`: no kill binary needs to be installed.
    let sent = std::process::Command::new("sh")
        .args(["-c", &format!("kill -TERM {pid}")])
        .status()
        .expect("kill -TERM");
    assert!(sent.success());
    let mut status = None;
    for _ in 0..300 {
        if let Some(exit) = a.0.try_wait().expect("the bot's status") {
            status = Some(exit);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let status = status.expect("the bot exits within 30 s of SIGTERM");
    assert!(status.success(), "{status:?}");
    wait_shards(&fake, &[2, 3]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_shard_count_one_process_runs_every_shard_discord_recommends() {
    let fake = FakeDiscord::start().await;
    fake.set_shard_count(2);
    for shard in 0..2 {
        fake.set_guild(channel(shard), guild_on_shard(shard));
    }
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = super::support::start_bot(root.path(), &fake.base, 600);
    wait_shards(&fake, &[0, 1]).await;
    fake.wait_ready(1).await;
    // Server `guild_on_shard(k)` is on shard k of two.
    let [lan, minh] = lan_and_minh(1);
    let board = start_game(&fake, &lan, &minh, channel(1)).await;
    play_one(&fake, 1, board).await;
    let [lan, minh] = lan_and_minh(0);
    let board = start_game(&fake, &lan, &minh, channel(0)).await;
    play_one(&fake, 0, board).await;
    assert_eq!(fake.doubled_sessions(), 0);
}

/// Polls `/health` on `metrics` until its status line starts with `status`; returns how long
/// that took, or panics after `limit`.
async fn health_becomes(metrics: &str, status: &str, limit: Duration) -> Duration {
    let start = std::time::Instant::now();
    loop {
        let health = http_get(metrics, "/health").await;
        if health.starts_with(status) {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < limit,
            "/health is not {status} after {limit:?}: {health}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Issue 27: `/health` and `oaq_shards_connected` read a stage serenity does not update while
/// a dropped connection waits to resume. A bare `OAQ_DISCORD__SHARDS=0` (one shard) starts the
/// bot too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_27_a_dropped_shard_turns_health_to_503_until_it_resumes() {
    let fake = FakeDiscord::start().await;
    fake.set_shard_count(2);
    fake.set_heartbeat_interval(250);
    let metrics = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        probe.local_addr().expect("its address").to_string()
    };
    let root = tempfile::tempdir().expect("tempdir");
    let mut command = bot_command(root.path(), &fake.base, Some(GOOD_TOKEN), 600);
    command
        .env("OAQ_DISCORD__SHARD_COUNT", "2")
        .env("OAQ_DISCORD__SHARDS", "0")
        .env("OAQ_METRICS__LISTEN", &metrics)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    let _bot = Bot(command.spawn().expect("spawn the bot"));
    wait_shards(&fake, &[0]).await;
    health_becomes(&metrics, "HTTP/1.1 200", Duration::from_secs(30)).await;

    // The bot learns the heartbeat's pace from a few acknowledgements before judging by it.
    tokio::time::sleep(Duration::from_secs(3)).await;
    fake.drop_shard(0, Duration::from_secs(6));
    let noticed = health_becomes(&metrics, "HTTP/1.1 503", Duration::from_secs(2)).await;
    let page = http_get(&metrics, "/metrics").await;
    assert!(page.contains("oaq_shards_connected 0"), "{page}");
    let health = http_get(&metrics, "/health").await;
    assert!(health.contains("waiting for 0"), "{health}");
    // Held for 6 s: the shard is back once it resumed, not before.
    let back = health_becomes(&metrics, "HTTP/1.1 200", Duration::from_secs(20)).await;
    assert!(
        noticed + back >= Duration::from_secs(5),
        "healthy again before the reconnection was let through: {noticed:?} + {back:?}"
    );
    assert_eq!(fake.resumes(), 1, "the shard resumed its session");
    let page = http_get(&metrics, "/metrics").await;
    assert!(page.contains("oaq_shards_connected 1"), "{page}");
}
