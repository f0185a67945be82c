//! End to end: the real bot binary (serenity + poise) against the fake Discord of
//! `oaq_bot_testkit::fake_discord`, through `DISCORD_API_BASE`.

use oaq_bot::ids::{ChannelId, GameId, GuildId, UserId};
use oaq_bot_testkit::fake_discord as support;
use oaq_bot_testkit::pg;
use oaq_bot_testkit::players::enabled_moves;

mod activity;
mod backup;
mod browser;
mod checkers;
mod durable;
mod fake;
mod host;
mod outage;
mod outbox;
mod play;
mod postgres;
mod review;
mod settings;
mod shards;
mod shogi;
mod shutdown;
mod tournament;

use std::process::{Command, Stdio};

use serde_json::{json, Value};
use support::{
    bot_command, button, start_bot, to_move, FakeDiscord, FakeUser, GOOD_TOKEN, GUILD_ID,
};

const CHANNEL: u64 = 500_000_000_000_000_001;

fn an() -> FakeUser {
    FakeUser::new(11, "An")
}

fn binh() -> FakeUser {
    FakeUser::new(22, "Bình")
}

fn chi() -> FakeUser {
    FakeUser::new(33, "Chi")
}

/// Posts a challenge from `a` to `b` in `channel` (`a` moves first) and accepts it; returns
/// the board's message id.
pub async fn start_game(fake: &FakeDiscord, a: &FakeUser, b: &FakeUser, channel: u64) -> u64 {
    let opponent = json!({ "name": "opponent", "type": 6, "value": b.id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": 2 });
    let token = fake.slash(a, channel, "challenge", vec![opponent, first], vec![b]);
    let board_id = fake
        .callback(&token)
        .await
        .message
        .expect("challenge message");
    let challenge = fake.message(board_id);
    let token = fake.click(b, board_id, &button(&challenge, "Accept"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    board_id
}

/// A finished board: only Rematch and (for a game that offers one) Analyse.
fn only_final_buttons(message: &support::Message) -> bool {
    let labels: Vec<String> = message
        .buttons()
        .into_iter()
        .flatten()
        .map(|b| b.1)
        .collect();
    labels == ["Rematch"] || labels == ["Rematch", "Analyse"]
}

/// Discord's limits, checked on every message payload the bot sent.
fn check_limits(payload: &Value) {
    let rows = payload["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(rows.len() <= 5, "{} rows", rows.len());
    let mut ids = Vec::new();
    for row in rows {
        let buttons = row["components"].as_array().cloned().unwrap_or_default();
        assert!(
            !buttons.is_empty() && buttons.len() <= 5,
            "{} buttons",
            buttons.len()
        );
        for b in buttons {
            let id = b["custom_id"].as_str().unwrap_or("").to_owned();
            assert!(!id.is_empty() && id.len() <= 100, "custom_id {id}");
            assert!(!ids.contains(&id), "duplicate custom_id {id}");
            ids.push(id);
            assert!(b["label"].as_str().unwrap_or("").chars().count() <= 80);
        }
    }
    assert!(payload["content"].as_str().unwrap_or("").chars().count() <= 2000);
}

/// Issue 52: every file the bot uploaded so far carries a description (alt text) within
/// Discord's 1,024 characters. Returns how many files that is.
fn all_described(fake: &FakeDiscord) -> usize {
    let uploads = fake.uploads();
    for (name, description) in &uploads {
        let description = description.as_deref().unwrap_or("");
        assert!(!description.is_empty(), "{name} has no description");
        assert!(
            description.chars().count() <= 1024,
            "{name}: {} characters",
            description.chars().count()
        );
    }
    uploads.len()
}

/// The names a standings description reads out, in its order: each sentence
/// `Place N: <name>, …` (English), without a withdrawal mark.
fn standings_names(description: &str) -> Vec<String> {
    description
        .split("Place ")
        .skip(1)
        .filter_map(|row| {
            let (_, rest) = row.split_once(": ")?;
            let (name, _) = rest.split_once(", ")?;
            Some(name.trim_end_matches(" (withdrawn)").to_owned())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_discord_with_wrong_clicks_races_and_a_restart() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let mut bot = Some(start_bot(root.path(), &fake.base, 600));
    fake.wait_ready(1).await;

    // Commands are registered once, in the development guild.
    let registrations = fake.registrations();
    assert_eq!(registrations.len(), 1);
    assert!(registrations[0]
        .0
        .contains(&format!("/guilds/{GUILD_ID}/commands")));
    let body = registrations[0].1.to_string();
    for sub in ["challenge", "board", "resign", "rules", "help"] {
        assert!(
            body.contains(&format!("\"name\":\"{sub}\"")),
            "{sub} registered"
        );
    }

    // Challenge, accept, rock-paper-scissors.
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let token = fake.slash(&an(), CHANNEL, "challenge", vec![opponent], vec![&binh()]);
    let posted = fake.callback(&token).await;
    assert_eq!(posted.kind, 4);
    assert!(!posted.ephemeral());
    let board_id = posted.message.expect("challenge message");
    let challenge = fake.message(board_id);
    assert!(
        challenge.content.contains("challenges <@22>"),
        "{}",
        challenge.content
    );

    // A second challenge in the same channel is refused privately.
    let token = fake.slash(&chi(), CHANNEL, "challenge", vec![], vec![]);
    let refused = fake.callback(&token).await;
    assert!(
        refused.ephemeral() && refused.content().contains("thread"),
        "{}",
        refused.content()
    );

    let token = fake.click(&binh(), board_id, &button(&challenge, "Accept"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    let prompt = fake.message(board_id);
    assert!(prompt.content.contains("rock, paper, scissors"));
    let token = fake.click(&an(), board_id, &button(&prompt, "Rock"));
    let first_pick = fake.callback(&token).await;
    assert!(first_pick.ephemeral() && first_pick.content().contains("You picked"));
    assert!(
        !fake.message(board_id).content.contains("Rock"),
        "the pick stays hidden"
    );
    let token = fake.click(&binh(), board_id, &button(&prompt, "Scissors"));
    let started = fake.callback(&token).await;
    assert_eq!(started.kind, 7);
    assert_eq!(started.files.len(), 1, "the board PNG is attached");
    let mut board = fake.message(board_id);
    assert!(
        board.content.contains("<@11> moves first"),
        "{}",
        board.content
    );
    assert_eq!(board.attachments.len(), 1);
    let first_board_moves = enabled_moves(&board);

    let players = [an(), binh(), chi()];
    let user = |id: u64| {
        players
            .iter()
            .find(|p| p.id == id)
            .cloned()
            .expect("player")
    };
    let mut plies = 0usize;
    loop {
        let moves = enabled_moves(&board);
        if moves.is_empty() {
            break;
        }
        let mover = user(to_move(&board.content).expect("whose turn"));
        let choice = moves[plies % moves.len()].clone();
        match plies {
            1 => {
                // A non-player and the wrong player: private answers, nothing changes.
                let edits = board.edits;
                for intruder in [chi(), if mover.id == 11 { binh() } else { an() }] {
                    let token = fake.click(&intruder, board_id, &choice);
                    let answer = fake.callback(&token).await;
                    assert!(answer.ephemeral(), "{}", answer.content());
                }
                assert_eq!(fake.message(board_id).edits, edits);
                // A stale board: a button from the first board.
                let token = fake.click(&mover, board_id, &first_board_moves[0]);
                let stale = fake.callback(&token).await;
                assert!(
                    stale.ephemeral() && stale.content().contains("out of date"),
                    "{}",
                    stale.content()
                );
                assert_eq!(fake.message(board_id).edits, edits);
            }
            3 => {
                // Two clicks at once: exactly one move is applied.
                let other = moves[(plies + 1) % moves.len()].clone();
                let t1 = fake.click(&mover, board_id, &choice);
                let t2 = fake.click(&mover, board_id, &other);
                let (a, b) = (fake.callback(&t1).await, fake.callback(&t2).await);
                assert_eq!(
                    [a.kind, b.kind].iter().filter(|&&k| k == 7).count(),
                    1,
                    "one update"
                );
                assert!(a.ephemeral() || b.ephemeral());
                plies += 1;
                let shown = if a.kind == 7 { a } else { b };
                board = showing(&fake, board_id, &shown).await;
                continue;
            }
            6 => {
                // Kill the bot mid-game and start it again: the same buttons keep working.
                drop(bot.take());
                bot = Some(start_bot(root.path(), &fake.base, 600));
                fake.wait_ready(2).await;
            }
            _ => {}
        }
        let token = fake.click(&mover, board_id, &choice);
        let update = fake.callback(&token).await;
        assert_eq!(update.kind, 7, "{}", update.content());
        assert_eq!(
            update.files.len(),
            1,
            "every board update re-attaches the PNG"
        );
        board = showing(&fake, board_id, &update).await;
        assert_eq!(
            board.attachments.len(),
            1,
            "the board keeps exactly one picture"
        );
        plies += 1;
        assert!(plies <= 400, "the game ends");
    }
    assert!(board.content.contains("Game over"), "{}", board.content);
    assert!(board.content.contains("on their row"), "{}", board.content);
    assert!(
        only_final_buttons(&board),
        "the final board has only a Rematch button"
    );
    assert_eq!(board.attachments.len(), 1);

    for payload in fake.payloads() {
        check_limits(&payload);
    }
    // The channel is free again.
    let token = fake.slash(&chi(), CHANNEL, "challenge", vec![], vec![]);
    assert_eq!(fake.callback(&token).await.kind, 4);
    drop(bot);
}

/// The board once it shows what the click's update showed. A write the bot had under way
/// before the click (its start-up writes after a restart, or a board owed after a slow answer)
/// can land after the update and show the position before it for a moment, until the bot,
/// seeing that the game moved on meanwhile, writes the board again.
async fn showing(
    fake: &FakeDiscord,
    board_id: u64,
    update: &support::Callback,
) -> support::Message {
    fake.wait_message(board_id, "the board to show the update", |m| {
        m.content == update.content()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_challenge_expires_and_loses_its_buttons() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 2);
    fake.wait_ready(1).await;
    let token = fake.slash(&an(), CHANNEL, "challenge", vec![], vec![]);
    let id = fake.callback(&token).await.message.expect("message");
    let expired = fake
        .wait_message(id, "the challenge to expire", |m| {
            m.content.contains("expired")
        })
        .await;
    assert!(expired.buttons().is_empty());
    let token = fake.slash(&binh(), CHANNEL, "help", vec![], vec![]);
    assert!(fake.callback(&token).await.ephemeral());
    drop(bot);
}

fn run_to_exit(mut command: Command) -> (bool, String) {
    let output = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run the bot");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fatal_start_up_problems_say_what_to_do_and_exit_non_zero() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");

    let (ok, err) = run_to_exit(bot_command(root.path(), &fake.base, None, 600));
    assert!(!ok && err.contains("DISCORD_TOKEN is not set"), "{err}");

    let secret = "not-the-right-token";
    let command = bot_command(root.path(), &fake.base, Some(secret), 600);
    let (ok, err) = tokio::task::spawn_blocking(move || run_to_exit(command))
        .await
        .expect("join");
    assert!(!ok && err.contains("rejected the bot token"), "{err}");
    assert!(!err.contains(secret), "the token is never printed");

    let blocked = root.path().join("blocked");
    std::fs::write(&blocked, b"a file, not a directory").expect("write");
    let mut command = bot_command(root.path(), &fake.base, Some(GOOD_TOKEN), 600);
    command.env("OAQ_STORE__PATH", &blocked);
    let (ok, err) = run_to_exit(command);
    assert!(!ok && err.contains("cannot open the database"), "{err}");

    let mut command = bot_command(root.path(), &fake.base, Some(GOOD_TOKEN), 600);
    command.env("OAQ_GAME__CHALLENGE_TTL_SECONDS", "ten");
    let (ok, err) = run_to_exit(command);
    assert!(!ok && err.contains("invalid configuration"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reposting_the_board_then_resigning_with_confirmation() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": 2 });
    let token = fake.slash(
        &an(),
        CHANNEL,
        "challenge",
        vec![opponent, first],
        vec![&binh()],
    );
    let first_board = fake.callback(&token).await.message.expect("message");
    let challenge = fake.message(first_board);
    let token = fake.click(&binh(), first_board, &button(&challenge, "Accept"));
    assert_eq!(fake.callback(&token).await.kind, 7);

    let token = fake.slash(&chi(), CHANNEL, "rules", vec![], vec![]);
    let rules = fake.callback(&token).await;
    assert!(rules.ephemeral() && rules.content().contains("Rules of this game"));

    // /oaq board posts the board again, with its picture and buttons.
    let token = fake.slash(&chi(), CHANNEL, "board", vec![], vec![]);
    let reposted = fake.callback(&token).await;
    assert!(!reposted.ephemeral() && reposted.files.len() == 1);
    let latest = reposted.message.expect("message");
    let board = fake.message(latest);

    // Resign asks first, privately; confirming ends the game on the latest board.
    let token = fake.click(&an(), latest, &button(&board, "Resign"));
    let ask = fake.callback(&token).await;
    assert!(ask.ephemeral() && ask.content().contains("Resign this game?"));
    let confirm_message = fake.message(ask.message.expect("ephemeral message"));
    let token = fake.click(
        &an(),
        confirm_message.id,
        &button(&confirm_message, "Yes, resign"),
    );
    let done = fake.callback(&token).await;
    assert_eq!(done.kind, 7);
    assert!(done.content().contains("You resigned"));
    let finished = fake
        .wait_message(latest, "the board to show the resignation", |m| {
            m.content.contains("resigned")
        })
        .await;
    assert!(only_final_buttons(&finished));
    assert_eq!(
        finished.attachments.len(),
        1,
        "the final board replaces the old picture"
    );
    assert!(
        finished.content.contains("<@22> wins"),
        "{}",
        finished.content
    );
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vietnamese_user_sees_vietnamese() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let channel = CHANNEL + 7;
    let lan = FakeUser::new(44, "Lan").speaking("vi");

    // The commands are registered with their Vietnamese names and descriptions.
    let body = fake.registrations()[0].1.to_string();
    assert!(body.contains(r#""vi":"thach-dau""#), "{body}");
    assert!(body.contains(r#""vi":"dân gian""#), "{body}");

    // Lan (Vietnamese) challenges Bình (English): the public challenge is in Lan's language.
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": 2 });
    let token = fake.slash(
        &lan,
        channel,
        "challenge",
        vec![opponent, first],
        vec![&binh()],
    );
    let posted = fake.callback(&token).await;
    let board_id = posted.message.expect("challenge message");
    let challenge = fake.message(board_id);
    assert!(
        challenge.content.contains("thách <@22>"),
        "{}",
        challenge.content
    );
    let token = fake.click(&binh(), board_id, &button(&challenge, "Nhận lời"));
    assert_eq!(fake.callback(&token).await.kind, 7);

    // The board stays in the game's language whoever clicks; private answers follow each
    // user's own language.
    let board = fake.message(board_id);
    assert!(
        board.content.contains("Đến lượt <@44>"),
        "{}",
        board.content
    );
    assert!(button(&board, "Xin thua").starts_with("oaq:"));
    let moves = enabled_moves(&board);
    let token = fake.click(&binh(), board_id, &moves[0]);
    let refused = fake.callback(&token).await;
    assert!(
        refused.ephemeral() && refused.content().contains("not yours"),
        "{}",
        refused.content()
    );
    let token = fake.click(&lan, board_id, &moves[0]);
    assert_eq!(fake.callback(&token).await.kind, 7);
    let board = fake.message(board_id);
    assert!(board.content.contains("<@44> rải ô"), "{}", board.content);
    // The picture's alt text is in the game's language too (issue 52).
    let said = board.attachments[0].description.clone().unwrap_or_default();
    assert!(
        said.starts_with("Bàn Ô ăn quan. Đến lượt Bình. Nước vừa đi: Lan rải từ ô "),
        "{said}"
    );
    let token = fake.slash(&lan, channel, "rules", vec![], vec![]);
    let rules = fake.callback(&token).await;
    assert!(
        rules.content().contains("Luật của ván này"),
        "{}",
        rules.content()
    );
    let token = fake.slash(&binh(), channel, "rules", vec![], vec![]);
    let rules = fake.callback(&token).await;
    assert!(
        rules.content().contains("Rules of this game"),
        "{}",
        rules.content()
    );
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}
mod social;
