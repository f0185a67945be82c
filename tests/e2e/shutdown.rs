//! SIGTERM while a click is being answered: the bot takes no new click, finishes the one in
//! flight, and exits 0; after a restart the move it stored is on the board.

use std::time::{Duration, Instant};

use super::*;
use support::Fault;

const SHUTDOWN_CHANNEL: u64 = 500_000_000_000_000_021;

/// How long Discord holds the answer to the click in flight.
const HANG: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_click_in_flight_refuses_new_ones_and_exits_zero() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let mut bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), SHUTDOWN_CHANNEL).await;
    let board = fake.message(board_id);
    assert_eq!(to_move(&board.content), Some(an().id));

    // An's move is stored at once, but Discord holds the answer to the click for a while.
    fake.fail("/callback", vec![Fault::Hang(HANG)]);
    let moves = enabled_moves(&board);
    fake.click(&an(), board_id, &moves[0]);
    fake.wait_for(10, "the answer to be on its way", |f| {
        (f.faults_left() == 0).then_some(())
    })
    .await;
    let sent = std::process::Command::new("sh")
        .args(["-c", &format!("kill -TERM {}", bot.0.id())])
        .status()
        .expect("kill -TERM");
    assert!(sent.success());
    let terminated = Instant::now();

    // While it finishes, a new click gets a private "restarting" and changes nothing.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let token = fake.click(&binh(), board_id, &moves[1]);
    let refused = fake.callback(&token).await;
    assert!(
        refused.ephemeral() && refused.content().contains("restarting"),
        "{}",
        refused.content()
    );

    let status = loop {
        if let Some(status) = bot.0.try_wait().expect("the bot's status") {
            break status;
        }
        assert!(
            terminated.elapsed() < Duration::from_secs(30),
            "the bot exits within 30 s of SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
    assert!(
        terminated.elapsed() >= HANG - Duration::from_millis(500),
        "it waited for the click in flight: exited {:?} after SIGTERM",
        terminated.elapsed()
    );

    // After a restart the stored move is on the board: Bình to move.
    let _bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(2).await;
    fake.wait_message(board_id, "the stored move on the board", |m| {
        to_move(&m.content) == Some(binh().id)
    })
    .await;
}
