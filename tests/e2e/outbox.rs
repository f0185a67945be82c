//! End to end: what players see stays right when Discord fails — board edits retried through
//! 5xx, timeouts and rate limits, a failed click answer healed by REST, one live board when a
//! board is posted again in the instant of a move or clicked before the bot reads its id back,
//! and an owed edit made after a kill -9.

use std::time::Duration;

use super::*;
use support::{start_bot_with, Fault};

const RETRY_CHANNEL: u64 = 500_000_000_000_000_021;
const CALLBACK_CHANNEL: u64 = 500_000_000_000_000_022;
const REPOST_CHANNEL: u64 = 500_000_000_000_000_023;
const KILL_CHANNEL: u64 = 500_000_000_000_000_024;
const READ_BACK_CHANNEL: u64 = 500_000_000_000_000_025;

/// The bot with a short write timeout, so a hung request is retried quickly.
fn quick_bot(root: &std::path::Path, base: &str) -> support::Bot {
    start_bot_with(root, base, 600, &[("OAQ_DISCORD__WRITE_TIMEOUT_MS", "400")])
}

/// The public messages of `channel` with move buttons one can click.
fn live_boards(fake: &FakeDiscord, channel: u64) -> Vec<support::Message> {
    fake.messages_in(channel)
        .into_iter()
        .filter(|m| !m.ephemeral && !enabled_moves(m).is_empty())
        .collect()
}

/// The ply a board's move buttons were drawn for (`oaq:m:<game>:<ply>:<move>`).
fn ply_of(board: &support::Message) -> u32 {
    enabled_moves(board)
        .first()
        .and_then(|id| id.split(':').nth(3))
        .and_then(|ply| ply.parse().ok())
        .expect("a move button")
}

fn user_by_id(id: Option<u64>) -> FakeUser {
    match id {
        Some(id) if id == binh().id => binh(),
        Some(id) if id == an().id => an(),
        other => panic!("nobody to move: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_edit_refused_with_a_500_a_timeout_and_a_429_still_ends_up_right() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = quick_bot(root.path(), &fake.base);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), RETRY_CHANNEL).await;
    let edit = format!("PATCH /api/v10/channels/{RETRY_CHANNEL}/messages/{board_id}");
    fake.fail(
        &edit,
        vec![
            Fault::Status(500),
            Fault::Hang(Duration::from_secs(2)),
            Fault::RateLimit(0.2),
        ],
    );

    let token = fake.slash(&an(), RETRY_CHANNEL, "resign", vec![], vec![]);
    let answer = fake.callback(&token).await;
    assert!(
        answer.content().contains("resigned"),
        "{}",
        answer.content()
    );
    let board = fake
        .wait_message(
            board_id,
            "the final board despite three failures",
            only_final_buttons,
        )
        .await;
    assert!(
        board.content.contains("<@11> resigned"),
        "{}",
        board.content
    );
    assert!(!board.content.contains("runs out"), "{}", board.content);
    assert_eq!(board.attachments.len(), 1, "the final picture");
    assert_eq!(fake.faults_left(), 0, "every failure was met");
    assert_eq!(
        fake.failed().iter().filter(|r| **r == edit).count(),
        3,
        "{:?}",
        fake.failed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_click_answer_is_healed_on_the_public_board() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = quick_bot(root.path(), &fake.base);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), CALLBACK_CHANNEL).await;
    let board = fake.message(board_id);
    assert_eq!(to_move(&board.content), Some(an().id));

    // Discord fails the answer to An's move: the move is stored, the board is not updated
    // by the answer.
    fake.fail("/callback", vec![Fault::Status(500)]);
    fake.click(&an(), board_id, &enabled_moves(&board)[0]);
    let healed = fake
        .wait_message(board_id, "the board brought up to date by REST", |m| {
            to_move(&m.content) == Some(binh().id)
        })
        .await;
    assert_eq!(ply_of(&healed), 1);
    assert_eq!(healed.attachments.len(), 1, "the new picture");
    assert!(fake.requests().contains(&format!(
        "PATCH /api/v10/channels/{CALLBACK_CHANNEL}/messages/{board_id}"
    )));

    // The next event: Bình plays on the healed board.
    let token = fake.click(&binh(), board_id, &enabled_moves(&healed)[0]);
    let answer = fake.callback(&token).await;
    assert_eq!(answer.kind, 7, "{}", answer.content());
    assert_eq!(to_move(answer.content()), Some(an().id));
    assert_eq!(ply_of(&fake.message(board_id)), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_posted_in_the_instant_of_a_move_leaves_one_live_board_showing_the_move() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = quick_bot(root.path(), &fake.base);
    fake.wait_ready(1).await;
    let mut live = start_game(&fake, &an(), &binh(), REPOST_CHANNEL).await;
    for round in 0..5u32 {
        let board = fake.message(live);
        assert_eq!(ply_of(&board), round);
        let mover = user_by_id(to_move(&board.content));
        let repost = fake.slash(&chi(), REPOST_CHANNEL, "board", vec![], vec![]);
        let click = fake.click(&mover, live, &enabled_moves(&board)[0]);
        let posted = fake.callback(&repost).await;
        assert_eq!(posted.kind, 4);
        let clicked = fake.callback(&click).await;
        if clicked.ephemeral() {
            // The new board was recorded first: the click on the old copy is refused and
            // points to the new board, where the move is then played.
            assert!(
                clicked.content().contains("no longer live"),
                "{}",
                clicked.content()
            );
            let new = posted.message.expect("the new board");
            let fresh = fake.message(new);
            let token = fake.click(&mover, new, &enabled_moves(&fresh)[0]);
            assert_eq!(fake.callback(&token).await.kind, 7);
        } else {
            assert_eq!(clicked.kind, 7, "{}", clicked.content());
        }
        live = fake
            .wait_for(20, "exactly one live board, after the move", |f| {
                let boards = live_boards(f, REPOST_CHANNEL);
                (boards.len() == 1 && ply_of(&boards[0]) == round + 1).then(|| boards[0].id)
            })
            .await;
    }
    // Nothing owed is left to bring an old copy back to life.
    tokio::time::sleep(Duration::from_millis(6_500)).await;
    let boards = live_boards(&fake, REPOST_CHANNEL);
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert_eq!((boards[0].id, ply_of(&boards[0])), (live, 5));
    let retired: Vec<_> = fake
        .messages_in(REPOST_CHANNEL)
        .into_iter()
        .filter(|m| m.content.contains("no longer live"))
        .collect();
    assert!(!retired.is_empty(), "old copies say where the game went");
    assert!(retired.iter().all(|m| m.buttons().is_empty()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_a_board_posted_again_before_the_bot_reads_its_id_back_is_played_there() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = support::start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let old = start_game(&fake, &an(), &binh(), READ_BACK_CHANNEL).await;
    // Discord is slow to give the new board back to the bot: An clicks on it first.
    const READ_BACK: Duration = Duration::from_secs(3);
    fake.fail("@original", vec![Fault::Slow(READ_BACK)]);
    let repost = fake.slash(&chi(), READ_BACK_CHANNEL, "board", vec![], vec![]);
    let new = fake
        .callback(&repost)
        .await
        .message
        .expect("the board, posted again");
    let board = fake.message(new);
    let token = fake.click(&an(), new, &enabled_moves(&board)[0]);
    let played = fake.callback(&token).await;
    assert_eq!(played.kind, 7, "{}", played.content());
    assert_eq!(to_move(played.content()), Some(binh().id));
    assert_eq!(fake.faults_left(), 0, "the read-back was asked for");
    // The old copy is retired, pointing to the board clicked.
    let retired = fake
        .wait_message(old, "the old copy retired", |m| m.buttons().is_empty())
        .await;
    assert!(
        retired.content.contains(&format!("/{new}")),
        "{}",
        retired.content
    );
    // Once the read-back is in, the clicked board is still the one live board, and Bình
    // plays on it.
    tokio::time::sleep(READ_BACK).await;
    let boards = live_boards(&fake, READ_BACK_CHANNEL);
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert_eq!((boards[0].id, ply_of(&boards[0])), (new, 1));
    let token = fake.click(&binh(), new, &enabled_moves(&boards[0])[0]);
    let answer = fake.callback(&token).await;
    assert_eq!(answer.kind, 7, "{}", answer.content());
    assert_eq!(ply_of(&fake.message(new)), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_owed_when_the_bot_is_killed_is_made_after_the_restart() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    // The default write timeout (10 s): the hung edit is still under way at the kill.
    let bot = support::start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), KILL_CHANNEL).await;
    let edit = format!("PATCH /api/v10/channels/{KILL_CHANNEL}/messages/{board_id}");
    fake.fail(&edit, vec![Fault::Hang(Duration::from_secs(60))]);
    let token = fake.slash(&binh(), KILL_CHANNEL, "resign", vec![], vec![]);
    assert!(fake.callback(&token).await.content().contains("resigned"));
    fake.wait_for(20, "the edit to be under way", |f| {
        f.failed().contains(&edit).then_some(())
    })
    .await;
    drop(bot); // SIGKILL
    assert!(
        !only_final_buttons(&fake.message(board_id)),
        "the edit has not happened"
    );

    let _bot = support::start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(2).await;
    let board = fake
        .wait_message(
            board_id,
            "the owed edit after the restart",
            only_final_buttons,
        )
        .await;
    assert!(
        board.content.contains("<@22> resigned"),
        "{}",
        board.content
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_reply_refused_with_a_500_still_reaches_the_board() {
    const CHANNEL: u64 = 500_000_000_000_000_025;
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = quick_bot(root.path(), &fake.base);
    fake.wait_ready(1).await;
    let level = json!({ "name": "level", "type": 4, "value": 0 });
    let token = fake.slash(&an(), CHANNEL, "play", vec![level], vec![]);
    let board_id = fake.callback(&token).await.message.expect("board");
    let board = fake.message(board_id);
    let edit = format!("PATCH /api/v10/channels/{CHANNEL}/messages/{board_id}");
    fake.fail(&edit, vec![Fault::Status(502), Fault::Status(503)]);
    let token = fake.click(&an(), board_id, &enabled_moves(&board)[0]);
    let thinking = fake.callback(&token).await;
    assert!(
        thinking.content().contains("is thinking"),
        "{}",
        thinking.content()
    );
    let answered = fake
        .wait_message(board_id, "the computer's move despite two failures", |m| {
            !m.content.contains("is thinking")
        })
        .await;
    assert!(
        enabled_moves(&answered).is_empty() || to_move(&answered.content) == Some(an().id),
        "{}",
        answered.content
    );
    assert_eq!(fake.faults_left(), 0);
}
