//! Issue 29: a round of 32 games started — from the organiser's click on *Start* (its gateway
//! dispatch) until every one of the 32 pairings has its thread and its board, through the fake
//! Discord and the real bot binary (sled store). Five tournaments of 64 players, one after the
//! other; the median and the slowest are reported.
//!
//! Run: `cargo bench --profile test --bench tournament_round`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use serde_json::json;
use support::{start_bot_with, FakeDiscord, FakeUser};

const PLAYERS: u64 = 64;
const RUNS: u64 = 5;

fn button(message: &support::Message, label: &str) -> String {
    message
        .buttons()
        .into_iter()
        .flatten()
        .find(|(_, l, _)| l.contains(label))
        .map(|(id, _, _)| id)
        .expect("the button")
}

/// One tournament in `channel`: everyone joins, then the time from Start to the last board.
async fn round(fake: &FakeDiscord, channel: u64) -> Duration {
    let players: Vec<FakeUser> = (1..=PLAYERS)
        .map(|i| FakeUser::new(channel + i, &format!("Player {i}")))
        .collect();
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
    for player in &players {
        let join = button(&fake.message(message), "Join");
        let token = fake.click(player, message, &join);
        fake.callback(&token).await;
    }
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
        times.sort();
        println!(
            "start → 32 threads with boards: median {} ms, slowest {} ms ({RUNS} runs)",
            times[times.len() / 2].as_millis(),
            times[times.len() - 1].as_millis()
        );
        drop(bot);
    });
}
