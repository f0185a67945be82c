//! Issue 14, end to end: a game of Ô ăn quan played to its end (a blunder, then a
//! resignation), then anyone's click on the final board's *Analyse* button: acknowledged at
//! once, answered privately with the mistake and the better move.

use super::*;

const REVIEW_CHANNEL: u64 = 500_000_000_000_000_014;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_final_boards_analyse_button_answers_privately_with_the_mistakes() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), REVIEW_CHANNEL).await;
    let board = fake.message(board_id);
    assert!(
        !board.content.is_empty() && !board.buttons().concat().iter().any(|b| b.1 == "Analyse"),
        "no analysis while the game is played: {:?}",
        board.buttons()
    );

    // An passes up `1-` (the West mandarin at once) for `3+`.
    let blunder = enabled_moves(&board)
        .into_iter()
        .find(|id| id.ends_with(":0:3+"))
        .expect("the move 3+");
    let game = blunder.split(':').nth(2).expect("the game id").to_owned();
    let token = fake.click(&an(), board_id, &blunder);
    assert_eq!(fake.callback(&token).await.kind, 7);

    // A click on a forged Analyse id of the running game, which the board does not carry:
    // a private refusal at once, nothing analysed (issue 27: ids not on the message).
    let token = fake.click(&chi(), board_id, &format!("oaq:x:{game}"));
    let refusal = fake.callback(&token).await;
    assert_eq!(refusal.kind, 4, "{}", refusal.content());
    assert!(refusal.ephemeral(), "{}", refusal.content());
    assert!(
        refusal.content().contains("not part of the message"),
        "{}",
        refusal.content()
    );

    // Bình resigns: the final board offers Rematch and Analyse.
    let board = fake.message(board_id);
    let token = fake.click(&binh(), board_id, &button(&board, "Resign"));
    let ask = fake.callback(&token).await;
    let confirm = fake.message(ask.message.expect("ephemeral message"));
    let token = fake.click(&binh(), confirm.id, &button(&confirm, "Yes, resign"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    let finished = fake
        .wait_message(board_id, "the final board", |m| {
            m.content.contains("resigned")
        })
        .await;
    assert!(only_final_buttons(&finished), "{:?}", finished.buttons());

    // Chi, who did not play, asks for the analysis.
    let token = fake.click(&chi(), board_id, &button(&finished, "Analyse"));
    let ack = fake.callback(&token).await;
    assert_eq!(ack.kind, 5, "deferred: the search takes seconds");
    assert!(ack.ephemeral(), "the answer will be private");
    let answer = fake.followup(&token).await;
    assert!(answer.ephemeral, "{answer:?}");
    assert!(
        answer
            .content
            .contains(&format!("Analysis of game `{game}`")),
        "{}",
        answer.content
    );
    assert!(
        answer.content.contains("- Move 1: played `3+`, better `"),
        "An's mistake and the better move: {}",
        answer.content
    );
    assert!(
        answer.content.contains("**Bình**: no mistake"),
        "{}",
        answer.content
    );
    assert_eq!(
        fake.message(board_id).content,
        finished.content,
        "the public board is left as it was"
    );
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}
