//! Issue 14, end to end: a game of Ô ăn quan played to its end (a blunder, then a
//! resignation), then anyone's click on the final board's *Analyse* button: acknowledged at
//! once, answered privately with the mistake and the better move. Issue 27: the replay of the
//! longest Chinese checkers game, uploaded whole within the interaction's limit.

use std::io::Cursor;

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use oaq_bot::store::{GameKind, Store};

use super::*;

use oaq_bot_testkit::long_games;

const REVIEW_CHANNEL: u64 = 500_000_000_000_000_014;
const REPLAY_CHANNEL: u64 = 500_000_000_000_000_027;
/// The `attachment_size_limit` the fake's interactions carry: Discord's default, 10 MiB.
const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

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

/// Issue 27: `/chinese-checkers replay` of a 6-seat game of 300 moves (once a 12-18 MB GIF
/// that Discord refused) is deferred, then answered with an animation of every move within
/// the interaction's upload limit, and the record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_27_the_replay_of_the_longest_game_is_uploaded_whole_within_the_limit() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let game = {
        let store = Store::open(&root.path().join("data")).expect("the store");
        let id = store.new_id().expect("an id");
        let game = long_games::record(GameKind::ChineseCheckers, id, GUILD_ID);
        long_games::store(&store, &game);
        game
    };
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let option = json!({ "name": "game", "type": 4, "value": game.id });
    let token = fake.slash_to(
        &chi(),
        REPLAY_CHANNEL,
        "chinese-checkers",
        "replay",
        vec![option],
        vec![],
    );
    assert_eq!(
        fake.callback(&token).await.kind,
        5,
        "deferred: drawing takes seconds"
    );
    let replay = fake.followup(&token).await;
    let gif = &replay
        .attachment("replay.gif")
        .expect("the animation")
        .bytes;
    let total: usize = replay.attachments.iter().map(|f| f.bytes.len()).sum();
    assert!(total <= UPLOAD_LIMIT, "{total} bytes");
    assert!(gif.len() <= 8_000_000, "{} bytes", gif.len());
    let frames = GifDecoder::new(Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .count();
    assert_eq!(frames, 301, "the start and every move");
    assert!(
        replay.content.contains(&format!(
            "Replay of game `{}`: <@11> vs <@22> vs <@33> vs <@44> vs <@55> vs <@66>, 300 moves.",
            game.id
        )),
        "{}",
        replay.content
    );
    assert!(!replay.content.contains("upload limit"), "nothing left out");
    let record = match replay.attachment(&format!("game-{}.txt", game.id)) {
        Some(file) => String::from_utf8(file.bytes.clone()).expect("text"),
        None => replay.content.clone(),
    };
    assert!(
        record.contains(game.moves.last().expect("moves").as_str()),
        "{record}"
    );
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}

/// Issue 27: under a server's lower upload limit (announced by the interaction), the replay of
/// the longest game keeps one frame every few moves, says so, and stays within that limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_27_under_a_lower_upload_limit_the_replay_says_what_it_left_out() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let game = {
        let store = Store::open(&root.path().join("data")).expect("the store");
        let id = store.new_id().expect("an id");
        let game = long_games::record(GameKind::ChineseCheckers, id, GUILD_ID);
        long_games::store(&store, &game);
        game
    };
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let limit = 1 << 20;
    fake.set_attachment_size_limit(limit);
    let option = json!({ "name": "game", "type": 4, "value": game.id });
    let token = fake.slash_to(
        &chi(),
        REPLAY_CHANNEL,
        "chinese-checkers",
        "replay",
        vec![option],
        vec![],
    );
    let replay = fake.followup(&token).await;
    let total: u64 = replay
        .attachments
        .iter()
        .map(|f| f.bytes.len() as u64)
        .sum();
    assert!(total <= limit, "{total} bytes");
    let gif = &replay
        .attachment("replay.gif")
        .expect("the animation")
        .bytes;
    let frames = GifDecoder::new(Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .count();
    assert!(
        replay.content.contains(&format!(
            "To stay within this server's upload limit (1 MB), the animation shows the board every 4 moves: {frames} frames instead of 301."
        )),
        "{}",
        replay.content
    );
    drop(bot);
}
