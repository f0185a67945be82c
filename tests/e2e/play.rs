//! End to end: playing the computer, turn timeouts (also across a restart) and rematches.

use super::*;
use support::{bot_account, start_bot_with, BOT_ID};

const BOT_CHANNEL: u64 = 500_000_000_000_000_002;
const TIMEOUT_CHANNEL: u64 = 500_000_000_000_000_003;
const RESTART_CHANNEL: u64 = 500_000_000_000_000_004;

fn move_ids(value: &Value) -> usize {
    value["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["custom_id"].as_str().unwrap_or("").starts_with("oaq:m:"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_is_played_to_the_end_by_clicking_then_a_rematch() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let body = fake.registrations()[0].1.to_string();
    assert!(body.contains("\"name\":\"play\""), "play registered");

    let level = json!({ "name": "level", "type": 4, "value": 0 });
    let token = fake.slash(&an(), BOT_CHANNEL, "play", vec![level], vec![]);
    let posted = fake.callback(&token).await;
    assert_eq!(posted.kind, 4);
    let board_id = posted.message.expect("board message");
    let mut board = fake.message(board_id);
    assert!(
        board.content.contains("plays the computer (easy level)"),
        "{}",
        board.content
    );
    let mut plies = 0;
    loop {
        let moves = enabled_moves(&board);
        if moves.is_empty() {
            break;
        }
        assert_eq!(to_move(&board.content), Some(an().id), "{}", board.content);
        let token = fake.click(&an(), board_id, &moves[(plies * 7 + 3) % moves.len()]);
        let update = fake.callback(&token).await;
        assert_eq!(update.kind, 7, "{}", update.content());
        assert_eq!(update.files.len(), 1);
        if update.content().contains("is thinking") {
            assert!(update
                .content()
                .contains(&format!("<@{BOT_ID}> is thinking")));
            assert_eq!(move_ids(&update.data), 0, "no moves while the bot thinks");
        }
        board = fake
            .wait_message(board_id, "the bot's move", |m| {
                !m.content.contains("is thinking")
            })
            .await;
        assert_eq!(
            board.attachments.len(),
            1,
            "one picture after the bot's edit"
        );
        plies += 1;
        assert!(plies <= 400, "the game ends");
    }
    assert!(only_final_buttons(&board), "{:?}", board.buttons());
    assert!(plies >= 5, "a real game: {plies} moves by the person");
    assert!(
        board.content.contains("record against the easy computer"),
        "{}",
        board.content
    );
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.starts_with("PATCH /api/v10/channels/")),
        "the bot's moves are REST edits"
    );

    // Rematch against the bot: a new board at once, the bot moving first.
    let token = fake.click(&an(), board_id, &button(&board, "Rematch"));
    let again = fake.callback(&token).await;
    assert_eq!(again.kind, 4);
    assert!(again.content().contains("The computer moves first"));
    let second = again.message.expect("new board");
    let second_board = fake
        .wait_message(second, "the bot's opening move", |m| {
            to_move(&m.content) == Some(an().id) || m.content.contains("Game over")
        })
        .await;
    assert!(
        second_board
            .content
            .contains(&format!("<@{BOT_ID}> sowed square"))
            || second_board.content.contains("Game over"),
        "{}",
        second_board.content
    );

    // Challenging the bot itself plays the computer (medium) in another channel.
    let opponent = json!({ "name": "opponent", "type": 6, "value": BOT_ID.to_string() });
    let token = fake.slash(
        &binh(),
        CHANNEL,
        "challenge",
        vec![opponent],
        vec![&bot_account()],
    );
    let started = fake.callback(&token).await;
    assert_eq!(started.kind, 4);
    assert!(
        started
            .content()
            .contains("plays the computer (medium level)"),
        "{}",
        started.content()
    );
    // Other bots are still refused.
    let other_bot = FakeUser {
        id: 44,
        name: String::from("robot"),
        bot: true,
        locale: "en-US",
    };
    let opponent = json!({ "name": "opponent", "type": 6, "value": "44" });
    let token = fake.slash(
        &chi(),
        RESTART_CHANNEL,
        "challenge",
        vec![opponent],
        vec![&other_bot],
    );
    let refused = fake.callback(&token).await;
    assert!(refused.ephemeral() && refused.content().contains("Bots cannot play"));

    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}

/// Challenges Bình as An (An moves first) in `channel` and accepts; returns the board id.
async fn start_game(fake: &FakeDiscord, channel: u64) -> u64 {
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": 2 });
    let token = fake.slash(
        &an(),
        channel,
        "challenge",
        vec![opponent, first],
        vec![&binh()],
    );
    let id = fake.callback(&token).await.message.expect("challenge");
    let challenge = fake.message(id);
    let token = fake.click(&binh(), id, &button(&challenge, "Accept"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_timeout_forfeits_the_game_then_a_rematch_swaps_the_first_player() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot_with(
        root.path(),
        &fake.base,
        600,
        &[("OAQ_GAME__TURN_TIMEOUT_SECONDS", "2")],
    );
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, TIMEOUT_CHANNEL).await;
    let board = fake.message(board_id);
    assert!(board.content.contains(":R>"), "{}", board.content);
    assert_eq!(to_move(&board.content), Some(an().id));
    let finished = fake
        .wait_message(board_id, "the turn to time out", |m| {
            m.content.contains("ran out of time")
        })
        .await;
    assert!(
        finished
            .content
            .contains("<@11> ran out of time. **<@22> wins!**"),
        "{}",
        finished.content
    );
    assert!(only_final_buttons(&finished));
    assert_eq!(finished.attachments.len(), 1);

    // Bình asks for a rematch; An accepts; Bình moves first this time.
    let token = fake.click(&binh(), board_id, &button(&finished, "Rematch"));
    let posted = fake.callback(&token).await;
    assert_eq!(posted.kind, 4);
    assert!(
        posted.content().contains("<@22> challenges <@11>"),
        "{}",
        posted.content()
    );
    let rematch = posted.message.expect("rematch challenge");
    let challenge = fake.message(rematch);
    let token = fake.click(&an(), rematch, &button(&challenge, "Accept"));
    let started = fake.callback(&token).await;
    assert_eq!(started.kind, 7);
    assert!(
        started.content().contains("<@22> moves first"),
        "{}",
        started.content()
    );
    assert_eq!(to_move(started.content()), Some(binh().id));
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_runs_out_while_the_bot_is_down_is_settled_at_start_up() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let timeout = [("OAQ_GAME__TURN_TIMEOUT_SECONDS", "3")];
    let bot = start_bot_with(root.path(), &fake.base, 600, &timeout);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, RESTART_CHANNEL).await;
    drop(bot);
    assert!(
        !fake.message(board_id).content.contains("ran out of time"),
        "stopped before the deadline"
    );
    let edits = fake.message(board_id).edits;
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    assert_eq!(
        fake.message(board_id).edits,
        edits,
        "nobody settled it meanwhile"
    );
    let bot = start_bot_with(root.path(), &fake.base, 600, &timeout);
    fake.wait_ready(2).await;
    let settled = fake
        .wait_message(board_id, "the timeout to be settled at start-up", |m| {
            m.content.contains("ran out of time")
        })
        .await;
    assert!(
        settled.content.contains("<@11> ran out of time"),
        "{}",
        settled.content
    );
    assert!(only_final_buttons(&settled));
    drop(bot);
}

const FORGED_OAQ_CHANNEL: u64 = 500_000_000_000_000_007;
const FORGED_SHOGI_CHANNEL: u64 = 500_000_000_000_000_008;
const FORGED_CHECKERS_CHANNEL: u64 = 500_000_000_000_000_009;

/// A message as a player sees it: content, components and attachments, byte for byte.
fn seen(message: &support::Message) -> (String, Value, Vec<(String, Vec<u8>)>) {
    let files = message
        .attachments
        .iter()
        .map(|f| (f.name.clone(), f.bytes.clone()))
        .collect();
    (message.content.clone(), message.components.clone(), files)
}

/// Issue 27: ids a public board does not carry — a picker step of another ply, the picker of
/// another ply, a leaderboard page of each game, another game's move — clicked on the board of
/// each game (Ô ăn quan, Shogi, Chinese checkers) get a private answer and leave the board as
/// it was, byte for byte. Before, the board became "out of date" without buttons, or a
/// leaderboard.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_27_ids_not_on_a_board_get_a_private_answer_and_leave_it_as_it_was() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let boards = [
        start_game(&fake, FORGED_OAQ_CHANNEL).await,
        host::challenged_under(&fake, "shogi", FORGED_SHOGI_CHANNEL, "**Shogi**", 1).await,
        host::challenged_under(
            &fake,
            "chinese-checkers",
            FORGED_CHECKERS_CHANNEL,
            "**Chinese checkers**",
            2,
        )
        .await,
    ];
    for board_id in boards {
        let board = fake.message(board_id);
        let game: u64 = board
            .buttons()
            .concat()
            .iter()
            .find_map(|(id, _, _)| {
                let parts: Vec<&str> = id.split(':').collect();
                matches!(parts.get(1), Some(&"m" | &"p")).then(|| parts[2].parse().ok())?
            })
            .expect("a move or picker button names the game");
        let forged = [
            format!("oaq:p:{game}:7:7g"),
            format!("oaq:p:{game}:0:B*/~1"),
            format!("oaq:p:{game}:5"),
            String::from("oaq:l:0:en"),
            String::from("oaq:l:1:vi:s"),
            String::from("oaq:l:0:en:c"),
            format!("oaq:m:{}:0:11-", game + 1),
        ];
        for id in forged {
            let token = fake.click_forged(&an(), board_id, &id);
            let answer = fake.callback(&token).await;
            assert_eq!(answer.kind, 4, "{id}: {}", answer.content());
            assert!(answer.ephemeral(), "{id}: {}", answer.content());
            assert!(
                answer.content().contains("not part of the message"),
                "{id}: {}",
                answer.content()
            );
            let after = fake.message(board_id);
            assert_eq!(seen(&after), seen(&board), "{id} changed the board");
            assert_eq!(after.edits, board.edits, "{id} edited the board");
        }
    }
}
