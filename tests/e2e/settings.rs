//! End to end: `/oaq settings` refused to a member without Manage Server, applied for an
//! admin, and used by the next challenge.

use super::*;
use support::ADMIN_PERMISSIONS;

const SETTINGS_CHANNEL: u64 = 500_000_000_000_000_005;
const GAMES_CHANNEL: u64 = 500_000_000_000_000_006;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_refused_to_a_member_and_applied_for_an_admin() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let body = fake.registrations()[0].1.to_string();
    assert!(
        body.contains("\"name\":\"settings\""),
        "settings registered"
    );

    let turn = json!({ "name": "turn_timeout_minutes", "type": 4, "value": 60 });
    let token = fake.slash(
        &chi(),
        SETTINGS_CHANNEL,
        "settings",
        vec![turn.clone()],
        vec![],
    );
    let refused = fake.callback(&token).await;
    assert!(refused.ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("Manage Server"),
        "{}",
        refused.content()
    );

    let admin = an();
    fake.set_permissions(&admin, ADMIN_PERMISSIONS);
    let rules = json!({ "name": "rules", "type": 4, "value": 1 });
    let first = json!({ "name": "first", "type": 4, "value": 3 });
    let allow = json!({ "name": "allow_channel", "type": 7, "value": GAMES_CHANNEL.to_string() });
    let token = fake.slash(
        &admin,
        SETTINGS_CHANNEL,
        "settings",
        vec![rules, first, turn, allow],
        vec![],
    );
    let applied = fake.callback(&token).await;
    let text = applied.content();
    assert!(
        applied.ephemeral() && text.contains("Settings updated"),
        "{text}"
    );
    assert!(text.contains("Default rules: folk"), "{text}");
    assert!(text.contains("First player: the opponent"), "{text}");
    assert!(text.contains("Time per move: 1 h"), "{text}");
    assert!(text.contains(&format!("<#{GAMES_CHANNEL}>")), "{text}");

    // A challenge elsewhere is refused, naming the allowed channel.
    let token = fake.slash(&binh(), SETTINGS_CHANNEL, "challenge", vec![], vec![]);
    let refused = fake.callback(&token).await;
    assert!(refused.ephemeral());
    assert!(refused.content().contains(&format!("<#{GAMES_CHANNEL}>")));

    // A challenge without options in the allowed channel uses the server's defaults.
    let opponent = json!({ "name": "opponent", "type": 6, "value": chi().id.to_string() });
    let token = fake.slash(
        &binh(),
        GAMES_CHANNEL,
        "challenge",
        vec![opponent],
        vec![&chi()],
    );
    let posted = fake.callback(&token).await;
    assert_eq!(posted.kind, 4);
    assert!(
        posted.content().contains("folk rules"),
        "{}",
        posted.content()
    );
    assert!(
        posted.content().contains("<@33> starts"),
        "{}",
        posted.content()
    );
    let id = posted.message.expect("challenge");
    let token = fake.click(&chi(), id, &button(&fake.message(id), "Accept"));
    let started = fake.callback(&token).await;
    assert_eq!(
        to_move(started.content()),
        Some(chi().id),
        "{}",
        started.content()
    );
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_threads_on_a_game_is_played_in_a_thread_of_its_challenge() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    fake.set_permissions(&an(), ADMIN_PERMISSIONS);
    let threads = json!({ "name": "threads", "type": 5, "value": true });
    let token = fake.slash(&an(), SETTINGS_CHANNEL, "settings", vec![threads], vec![]);
    let applied = fake.callback(&token).await;
    assert!(
        applied.content().contains("own thread: yes"),
        "{}",
        applied.content()
    );

    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": 2 });
    let token = fake.slash(
        &an(),
        GAMES_CHANNEL,
        "challenge",
        vec![opponent, first],
        vec![&binh()],
    );
    let challenge = fake.callback(&token).await.message.expect("challenge");
    let token = fake.click(
        &binh(),
        challenge,
        &button(&fake.message(challenge), "Accept"),
    );
    let accepted = fake.callback(&token).await;
    assert_eq!(accepted.kind, 7);
    assert!(accepted.content().contains("played in the thread"));
    let thread = fake
        .wait_for(30, "a thread", |f| f.threads().into_iter().next())
        .await;
    assert_eq!((thread.parent, thread.message), (GAMES_CHANNEL, challenge));
    assert_eq!(thread.name, "Ô ăn quan: An vs Bình");
    let board = fake
        .wait_for(30, "the board in the thread", |f| {
            f.messages_in(thread.id).into_iter().next()
        })
        .await;
    assert_eq!(board.attachments.len(), 1);
    assert_eq!(to_move(&board.content), Some(an().id), "{}", board.content);
    let token = fake.click(&an(), board.id, &enabled_moves(&board)[0]);
    assert_eq!(fake.callback(&token).await.kind, 7);
    assert_eq!(to_move(&fake.message(board.id).content), Some(binh().id));
    assert!(fake.message(challenge).buttons().is_empty());
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}
