//! Tournament rounds through the fake Discord and the real bot binary (sled store):
//! - issue 29: a round of 32 games started — from the organiser's click on *Start* (its
//!   gateway dispatch) until every one of the 32 pairings has its thread and its board; five
//!   tournaments of 64 players, one after the other;
//! - issue 47: the next round — from the dispatch of the round's last result (a resignation)
//!   until the next round's 16 games have their threads and boards; two Swiss tournaments of
//!   32 players, each of its 4 round changes.
//!
//! The median and the slowest of each are reported.
//!
//! Run: `cargo bench --profile test --bench tournament_round`.

use std::time::{Duration, Instant};

use oaq_bot_testkit::fake_discord::{button, start_bot_with, FakeDiscord, FakeUser};
use oaq_bot_testkit::players::numbered;
use serde_json::json;

const PLAYERS: u64 = 64;
const RUNS: u64 = 5;

/// A Swiss tournament in `channel` that all of `players` joined; returns its message.
async fn open(fake: &FakeDiscord, channel: u64, players: &[FakeUser]) -> u64 {
    let format = json!({ "name": "format", "type": 4, "value": 0 });
    let token = fake.slash_group(
        &players[0],
        channel,
        "oaq",
        "tournament",
        "new",
        vec![format],
    );
    let message = fake.callback(&token).await.message.expect("the tournament");
    for player in players {
        let join = button(&fake.message(message), "Join");
        let token = fake.click(player, message, &join);
        fake.callback(&token).await;
    }
    message
}

/// One tournament in `channel`: everyone joins, then the time from Start to the last board.
async fn round(fake: &FakeDiscord, channel: u64) -> Duration {
    let players = numbered(channel, PLAYERS);
    let message = open(fake, channel, &players).await;
    let before = fake.threads().len();
    let start = button(&fake.message(message), "Start");
    let clicked = Instant::now();
    fake.click(&players[0], message, &start);
    fake.wait_for(120, "32 boards", |f| {
        let threads = f.threads();
        (threads.len() >= before + 32
            && threads[before..].iter().all(|t| {
                f.messages_in(t.id)
                    .iter()
                    .any(|m| !m.attachments.is_empty())
            }))
        .then_some(())
    })
    .await;
    clicked.elapsed()
}

/// The user ids mentioned in `text`, in order.
fn mentions(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect()
}

/// Waits until `count` threads after the first `before` have their boards; returns each
/// thread with the player who moves first (from the board's tournament line).
async fn boards(fake: &FakeDiscord, before: usize, count: usize) -> Vec<(u64, u64)> {
    fake.wait_for(120, "the round's boards", |f| {
        let threads = f.threads();
        if threads.len() < before + count {
            return None;
        }
        threads[before..before + count]
            .iter()
            .map(|t| {
                let board = f.messages_in(t.id).into_iter().next()?;
                let first = *mentions(board.content.lines().next()?).first()?;
                (!board.attachments.is_empty()).then_some((t.id, first))
            })
            .collect()
    })
    .await
}

/// A Swiss of 32 players in `channel`: the time from each round's last result to the next
/// round's 16 boards.
async fn next_rounds(fake: &FakeDiscord, channel: u64) -> Vec<Duration> {
    let players = numbered(channel, 32);
    let message = open(fake, channel, &players).await;
    let mut before = fake.threads().len();
    let start = button(&fake.message(message), "Start");
    fake.click(&players[0], message, &start);
    let mut games = boards(fake, before, 16).await;
    let mut times = Vec::new();
    for _ in 1..5 {
        let resigner = |id: u64| players.iter().find(|p| p.id == id).expect("a player");
        let (last, rest) = games.split_last().expect("16 games");
        for &(thread, first) in rest {
            let token = fake.slash_to(resigner(first), thread, "oaq", "resign", vec![], vec![]);
            fake.callback(&token).await;
        }
        before = fake.threads().len();
        let ended = Instant::now();
        fake.slash_to(resigner(last.1), last.0, "oaq", "resign", vec![], vec![]);
        games = boards(fake, before, 16).await;
        times.push(ended.elapsed());
    }
    times
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: median {} ms, slowest {} ms ({} runs)",
        times[times.len() / 2].as_millis(),
        times[times.len() - 1].as_millis(),
        times.len()
    );
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let fake = FakeDiscord::start().await;
        let root = tempfile::tempdir().expect("tempdir");
        let bot = start_bot_with(root.path(), &fake.base, 600, &[]);
        fake.wait_ready(1).await;
        let mut times = Vec::new();
        for run in 0..RUNS {
            let time = round(&fake, 760_000_000_000_000_000 + run * 1_000).await;
            println!("round of 32 games {run}: {} ms", time.as_millis());
            times.push(time);
        }
        report("start → 32 threads with boards", times);
        let mut times = Vec::new();
        for run in 0..2 {
            let channel = 770_000_000_000_000_000 + run * 1_000;
            for time in next_rounds(&fake, channel).await {
                println!("next round {run}: {} ms", time.as_millis());
                times.push(time);
            }
        }
        report("last result → the next round's 16 boards", times);
        drop(bot);
    });
}
