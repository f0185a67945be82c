//! End to end, issue 11: moves as notation through every way Discord delivers them — a typed
//! `/oaq move` with suggestions from autocomplete, and a click; a select menu's choice that the
//! board does not carry changes nothing (issue 27).

use super::*;

const MOVE_CHANNEL: u64 = 500_000_000_000_000_011;

/// The move notation at the end of a move button's id (`oaq:m:<game>:<ply>:<move>`).
fn notation(custom_id: &str) -> String {
    custom_id.rsplit(':').next().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_move_with_suggestions_and_a_select_choice_play_like_clicks() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), MOVE_CHANNEL).await;
    let board = fake.message(board_id);
    let mut legal: Vec<String> = enabled_moves(&board)
        .iter()
        .map(|id| notation(id))
        .collect();
    legal.sort();

    // Autocomplete while An types: every legal move, labelled as its button.
    let typed = |value: &str| json!({ "name": "move", "type": 3, "value": value, "focused": true });
    let token = fake.autocomplete(&an(), MOVE_CHANNEL, "oaq", "move", vec![typed("")]);
    let choices = fake.choices(&token).await;
    let mut offered: Vec<String> = choices.iter().map(|(_, value)| value.clone()).collect();
    offered.sort();
    assert_eq!(offered, legal);
    assert!(choices
        .iter()
        .all(|(name, value)| name.ends_with(&format!("({value})"))
            && (name.contains('→') || name.contains('←'))));
    // Bình, not to move, is offered nothing.
    let token = fake.autocomplete(&binh(), MOVE_CHANNEL, "oaq", "move", vec![typed("")]);
    assert!(fake.choices(&token).await.is_empty());

    // An plays the first suggestion by typing it: a private confirmation, the board edited.
    let first = legal[0].clone();
    let option = json!({ "name": "move", "type": 3, "value": first });
    let token = fake.slash(&an(), MOVE_CHANNEL, "move", vec![option], vec![]);
    let answer = fake.callback(&token).await;
    assert!(answer.ephemeral(), "{}", answer.content());
    assert!(
        answer.content().contains(&format!("`{first}`")),
        "{}",
        answer.content()
    );
    let board = fake
        .wait_message(board_id, "the typed move on the board", |m| {
            to_move(&m.content) == Some(binh().id)
        })
        .await;
    assert_eq!(board.attachments.len(), 1, "the board keeps one picture");

    // A wrong typed move is refused privately and changes nothing.
    let option = json!({ "name": "move", "type": 3, "value": "13+" });
    let token = fake.slash(&binh(), MOVE_CHANNEL, "move", vec![option], vec![]);
    let refused = fake.callback(&token).await;
    assert!(refused.ephemeral() && refused.content().contains("not a move"));
    assert_eq!(fake.message(board_id).content, board.content);

    // A select menu naming a move action, which the board does not carry (issue 27: an id
    // not on the clicked message): refused privately, the board left as it is.
    let reply = notation(&enabled_moves(&board)[0]);
    let template = enabled_moves(&board)[0].replace(&format!(":{reply}"), ":-");
    let token = fake.select(&binh(), board_id, &template, &[&reply]);
    let forged = fake.callback(&token).await;
    assert!(forged.ephemeral(), "{}", forged.content());
    assert_eq!(fake.message(board_id).content, board.content);
    // Bình answers with the board's own button.
    let token = fake.click(&binh(), board_id, &enabled_moves(&board)[0]);
    let update = fake.callback(&token).await;
    assert_eq!(
        update.kind,
        7,
        "the board is updated in place: {}",
        update.content()
    );
    assert_eq!(
        to_move(update.content()),
        Some(an().id),
        "{}",
        update.content()
    );
    let token = fake.select(&an(), board_id, &template, &["not-a-move"]);
    let stale = fake.callback(&token).await;
    assert!(stale.ephemeral(), "{}", stale.content());
}

/// An challenges Bình with `/<root> challenge` (An moves first: `me` is choice number
/// `me_choice` of the root's `first` option), the challenge names `game`, and Bình accepts;
/// returns the board's message id.
pub(super) async fn challenged_under(
    fake: &FakeDiscord,
    root: &str,
    channel: u64,
    game: &str,
    me_choice: u64,
) -> u64 {
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": me_choice });
    let options = vec![opponent, first];
    let token = fake.slash_to(&an(), channel, root, "challenge", options, vec![&binh()]);
    let posted = fake.callback(&token).await;
    assert!(posted.content().contains(game), "{}", posted.content());
    let board_id = posted.message.expect("challenge message");
    let challenge = fake.message(board_id);
    let token = fake.click(&binh(), board_id, &button(&challenge, "Accept"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    board_id
}

const SHOGI_CHANNEL: u64 = 500_000_000_000_000_012;

/// `/shogi` is a root of its own over the same shell: a challenge, accepted, played from the
/// board's picker (issue 12: private menus instead of the board's) and by a typed USI move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shogi_is_challenged_and_played_from_its_picker_through_its_own_root_command() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    assert!(fake.registered_commands().iter().any(|c| c == "shogi"));
    let board_id = challenged_under(&fake, "shogi", SHOGI_CHANNEL, "**Shogi**", 1).await;

    let board = fake.message(board_id);
    assert_eq!(board.attachments.len(), 1, "the kanji board");
    let token = fake.click(&an(), board_id, &button(&board, "Pick a move"));
    let picker = fake.callback(&token).await;
    assert!(picker.ephemeral());
    let picker_id = picker.message.expect("the picker");
    let menu = fake.message(picker_id).selects().remove(0);
    let (_, value) = menu
        .options
        .iter()
        .find(|(label, _)| label == "Pawn on 7g")
        .cloned()
        .expect("the pawn on 7g offered");
    let token = fake.select(&an(), picker_id, &menu.custom_id, &[&value]);
    let targets = fake.callback(&token).await;
    assert_eq!(targets.kind, 7, "{}", targets.content());
    let token = fake.click(&an(), picker_id, &button(&fake.message(picker_id), "to 7f"));
    assert!(fake.callback(&token).await.content().contains("`7g7f`"));
    let update = fake
        .wait_message(board_id, "the picked move", |m| {
            to_move(&m.content) == Some(binh().id)
        })
        .await;
    assert!(
        update
            .content
            .contains(&format!("<@{}> played P7g-7f.", an().id)),
        "{}",
        update.content
    );

    // Bình answers by typing, with suggestions.
    let typed = json!({ "name": "move", "type": 3, "value": "3c", "focused": true });
    let token = fake.autocomplete(&binh(), SHOGI_CHANNEL, "shogi", "move", vec![typed]);
    let choices = fake.choices(&token).await;
    assert!(choices.iter().any(|(_, v)| v == "3c3d"), "{choices:?}");
    let option = json!({ "name": "move", "type": 3, "value": "3c3d" });
    let token = fake.slash_to(
        &binh(),
        SHOGI_CHANNEL,
        "shogi",
        "move",
        vec![option],
        vec![],
    );
    assert!(fake.callback(&token).await.content().contains("`3c3d`"));
    fake.wait_message(board_id, "Bình's move on the board", |m| {
        to_move(&m.content) == Some(an().id)
    })
    .await;
}

const CHECKERS_CHANNEL: u64 = 500_000_000_000_000_013;

/// `/chinese-checkers` is the third root over the same shell: a challenge between two,
/// accepted and played from the board's picker (issue 13: a peg, then where it goes).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chinese_checkers_is_challenged_and_played_through_its_own_root_command() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    assert!(fake
        .registered_commands()
        .iter()
        .any(|c| c == "chinese-checkers"));
    let board_id = challenged_under(
        &fake,
        "chinese-checkers",
        CHECKERS_CHANNEL,
        "**Chinese checkers**",
        2,
    )
    .await;
    let board = fake.message(board_id);
    assert_eq!(board.attachments.len(), 1, "the star board");
    let token = fake.click(&an(), board_id, &button(&board, "Pick a move"));
    let picker = fake.callback(&token).await.message.expect("the picker");
    let pegs = fake.message(picker).selects().remove(0);
    assert!(pegs.options.iter().any(|(label, _)| label == "Peg D2"));
    let token = fake.select(&an(), picker, &pegs.custom_id, &["D2"]);
    assert_eq!(fake.callback(&token).await.kind, 7);
    let token = fake.click(&an(), picker, &button(&fake.message(picker), "Step to E6"));
    assert!(fake.callback(&token).await.content().contains("`D2-E6`"));
    let update = fake
        .wait_message(board_id, "the move on the board", |m| {
            to_move(&m.content) == Some(binh().id)
        })
        .await;
    assert!(update
        .content
        .contains(&format!("<@{}> moved D2-E6", an().id)));
}
