//! End to end, issue 12: Shogi played in Discord through the real binary. A furigoma
//! challenge; a whole game to checkmate with both move inputs — the private picker (a piece,
//! where it goes, promotion) and `/shogi move` in USI, Western and Japanese notation — with a
//! drop, a promotion choice, a forced promotion, a nifu attempt, an ambiguous Western move, a
//! stale picker, a non-player's click, gote's view and a kill -9 mid-game; the final board's
//! KIF, CSA and USI records read back by the engine. Then a sennichite draw and an impasse
//! claim, from positions set up in the store while the bot is stopped (the test hook).

use std::path::Path;

use super::*;
use oaq_bot::games::shogi::{self, Move};
use oaq_bot::store::Store;
use support::{start_bot, Bot, Callback};

const GAME_CHANNEL: u64 = 500_000_000_000_000_041;
const DRAW_CHANNEL: u64 = 500_000_000_000_000_042;
const IMPASSE_CHANNEL: u64 = 500_000_000_000_000_043;
const DROPS_CHANNEL: u64 = 500_000_000_000_000_044;

/// The game id in a board's picker button (`oaq:p:<game>:<ply>`).
fn game_id(board: &support::Message) -> u64 {
    let id = button(board, "Pick a move");
    id.split(':')
        .nth(2)
        .and_then(|g| g.parse().ok())
        .expect("game id")
}

/// `/shogi challenge` from An to Bình, first player by furigoma (the default), accepted.
/// Returns the board's message id, sente and gote.
async fn furigoma_game(fake: &FakeDiscord, channel: u64) -> (u64, FakeUser, FakeUser) {
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let token = fake.slash_to(
        &an(),
        channel,
        "shogi",
        "challenge",
        vec![opponent],
        vec![&binh()],
    );
    let posted = fake.callback(&token).await;
    assert!(
        posted.content().contains("furigoma"),
        "{}",
        posted.content()
    );
    let board_id = posted.message.expect("challenge message");
    let token = fake.click(
        &binh(),
        board_id,
        &button(&fake.message(board_id), "Accept"),
    );
    let accepted = fake.callback(&token).await;
    assert_eq!(accepted.kind, 7);
    // The caption says how the five pawns fell and who is sente.
    let text = accepted.content();
    assert!(text.contains("Furigoma: <@11> tossed five pawns"), "{text}");
    let sente = to_move(text).expect("sente to move");
    assert!(
        text.contains(&format!("so <@{sente}> moves first (sente)")),
        "{text}"
    );
    if sente == an().id {
        (board_id, an(), binh())
    } else {
        (board_id, binh(), an())
    }
}

/// Types `/shogi move <text>` as `user`; returns the private answer.
async fn typed(fake: &FakeDiscord, user: &FakeUser, channel: u64, text: &str) -> Callback {
    let option = json!({ "name": "move", "type": 3, "value": text });
    let token = fake.slash_to(user, channel, "shogi", "move", vec![option], vec![]);
    let answer = fake.callback(&token).await;
    assert!(answer.ephemeral(), "{}", answer.content());
    answer
}

/// Chooses the option or button whose label starts with `label` in the picker message
/// `picker` (a callback that created or updated it); returns the next answer.
async fn choose(fake: &FakeDiscord, user: &FakeUser, picker: &Callback, label: &str) -> Callback {
    let id = picker.message.expect("the picker's message");
    let message = fake.message(id);
    let token = match message.selects().into_iter().find_map(|s| {
        let value = s
            .options
            .iter()
            .find(|(l, _)| l.starts_with(label))?
            .1
            .clone();
        Some((s.custom_id, value))
    }) {
        Some((custom_id, value)) => fake.select(user, id, &custom_id, &[&value]),
        None => fake.click(user, id, &button(&message, label)),
    };
    fake.callback(&token).await
}

/// Opens the picker on the board as `user`.
async fn open_picker(fake: &FakeDiscord, user: &FakeUser, board_id: u64) -> Callback {
    let token = fake.click(
        user,
        board_id,
        &button(&fake.message(board_id), "Pick a move"),
    );
    let picker = fake.callback(&token).await;
    assert!(picker.ephemeral(), "{}", picker.content());
    picker
}

/// Plays a move through the picker, step by step (labels' beginnings); returns the answer
/// to the last step and waits for the board to show the move.
async fn pick(fake: &FakeDiscord, user: &FakeUser, board_id: u64, steps: &[&str]) -> Callback {
    let before = fake.message(board_id).edits;
    let mut answer = open_picker(fake, user, board_id).await;
    for step in steps {
        answer = choose(fake, user, &answer, step).await;
    }
    assert_eq!(answer.kind, 7, "the picker says the move is played");
    assert!(
        answer.content().starts_with("You played"),
        "{}",
        answer.content()
    );
    assert!(answer.buttons().is_empty(), "the picker closes");
    fake.wait_message(board_id, "the picked move on the board", |m| {
        m.edits > before
    })
    .await;
    answer
}

/// Waits for the board to show `user` to move.
async fn turn_of(fake: &FakeDiscord, board_id: u64, user: &FakeUser) -> support::Message {
    fake.wait_message(board_id, "the turn", |m| {
        to_move(&m.content) == Some(user.id)
    })
    .await
}

/// The test hook: with the bot stopped, the game is set up from `sfen` (no move played) in
/// the store; the board is owed, so the restarted bot draws it.
fn set_position(root: &Path, game: u64, sfen: &str) {
    let store = Store::open(&root.join("data")).expect("the store");
    let stored = store
        .game(GameId::new(game))
        .expect("read")
        .expect("the game");
    let mut record = stored.record;
    record.start = sfen.to_owned();
    record.moves.clear();
    store
        .update_game(stored.revision, &record, false)
        .expect("the position is set");
}

/// Kills the bot and starts it again (after `between`); returns the new one.
async fn restart(
    fake: &FakeDiscord,
    bot: Bot,
    root: &Path,
    sessions: u32,
    between: impl FnOnce(),
) -> Bot {
    drop(bot); // SIGKILL
    between();
    let bot = start_bot(root, &fake.base, 600);
    fake.wait_ready(sessions).await;
    bot
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shogi_game_to_checkmate_with_the_picker_and_typed_moves_and_its_records() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let channel = GAME_CHANNEL;
    let (board_id, s, g) = furigoma_game(&fake, channel).await;
    let board = fake.message(board_id);
    let game = game_id(&board);
    assert!(board.selects().is_empty(), "moves are picked privately");
    assert!(board
        .buttons()
        .concat()
        .iter()
        .any(|b| b.1 == "View from gote's side"));

    // Someone who does not play may not open the picker; gote may not either, out of turn.
    let token = fake.click(&chi(), board_id, &button(&board, "Pick a move"));
    let refused = fake.callback(&token).await;
    assert!(refused.ephemeral() && refused.content().contains("not playing"));
    let token = fake.click(&g, board_id, &button(&board, "Pick a move"));
    assert!(fake
        .callback(&token)
        .await
        .content()
        .contains("turn, not yours"));

    // 1. P-7f from the picker: a piece, then where it goes.
    let answer = pick(&fake, &s, board_id, &["Pawn on 7g", "to 7f"]).await;
    assert!(answer.content().contains("`7g7f`"), "{}", answer.content());
    // ... P-3d in Western notation, suggested while typed.
    let focused = json!({ "name": "move", "type": 3, "value": "P-3d", "focused": true });
    let token = fake.autocomplete(&g, channel, "shogi", "move", vec![focused]);
    let choices = fake.choices(&token).await;
    assert_eq!(
        choices.first().map(|c| c.1.as_str()),
        Some("3c3d"),
        "{choices:?}"
    );
    assert!(typed(&fake, &g, channel, "P-3d")
        .await
        .content()
        .contains("`3c3d`"));
    turn_of(&fake, board_id, &s).await;

    // 2. Bx2b+: the bishop takes, and promotion is the player's choice.
    pick(
        &fake,
        &s,
        board_id,
        &["Bishop on 8h", "to 2b, taking the Bishop", "Promote"],
    )
    .await;
    let board = turn_of(&fake, board_id, &g).await;
    assert!(
        board
            .content
            .contains(&format!("<@{}> played B8hx2b+.", s.id)),
        "{}",
        board.content
    );
    // ... gote's gold steps aside, typed in USI.
    typed(&fake, &g, channel, "6a7b").await;
    turn_of(&fake, board_id, &s).await;

    // 3. The horse takes the knight, typed in Japanese.
    assert!(typed(&fake, &s, channel, "２一馬")
        .await
        .content()
        .contains("`2b2a`"));
    turn_of(&fake, board_id, &g).await;
    // ... gote's view of the board, privately.
    let token = fake.click(
        &g,
        board_id,
        &button(&fake.message(board_id), "View from gote's side"),
    );
    let view = fake.callback(&token).await;
    assert!(view.ephemeral());
    assert!(view
        .files
        .iter()
        .any(|f| f.name == "board.png" && f.bytes.starts_with(b"\x89PNG")));
    pick(&fake, &g, board_id, &["Pawn on 3d", "to 3e"]).await;

    // The bot is killed mid-game and restarted: the game goes on where it was.
    let bot = restart(&fake, bot, root.path(), 2, || {}).await;

    // 4. The horse takes the silver.
    pick(
        &fake,
        &s,
        board_id,
        &["Horse on 2a", "to 3a, taking the Silver"],
    )
    .await;
    typed(&fake, &g, channel, "3e3f").await;
    turn_of(&fake, board_id, &s).await;

    // 5. A knight from the hand is dropped.
    pick(&fake, &s, board_id, &["Knight from your hand", "to 3c"]).await;
    // ... gote's pawn takes: `Px3g` leaves the promotion unsaid, so the bot asks which.
    let asked = typed(&fake, &g, channel, "Px3g").await;
    assert!(
        asked.content().contains("could mean several moves"),
        "{}",
        asked.content()
    );
    let keep = asked
        .buttons()
        .concat()
        .into_iter()
        .find(|b| b.1.ends_with('='))
        .expect("the move without promotion");
    let token = fake.click(&g, asked.message.expect("the question"), &keep.0);
    assert!(fake.callback(&token).await.content().contains("`3f3g`"));
    turn_of(&fake, board_id, &s).await;

    // 6. The knight jumps to the last rank: promotion is forced, so nothing is asked.
    pick(&fake, &s, board_id, &["Knight on 3c", "to 2a"]).await;
    let board = turn_of(&fake, board_id, &g).await;
    assert!(
        board.content.contains("played N3c-2a+."),
        "{}",
        board.content
    );
    // ... gote opens a picker but types instead; a second pawn on a file is refused (nifu).
    let stale = open_picker(&fake, &g, board_id).await;
    let nifu = typed(&fake, &g, channel, "P*3d").await;
    assert!(nifu.content().contains("Nifu"), "{}", nifu.content());
    typed(&fake, &g, channel, "1c1d").await;
    turn_of(&fake, board_id, &s).await;
    // The picker opened before that move is out of date: refused with the current position.
    let refused = choose(&fake, &g, &stale, "Pawn on 1c").await;
    assert_eq!(refused.kind, 7);
    assert!(
        refused.content().contains("moved on"),
        "{}",
        refused.content()
    );

    // 7. The horse takes the gold with check; the king steps aside.
    pick(
        &fake,
        &s,
        board_id,
        &["Horse on 3a", "to 4a, taking the Gold"],
    )
    .await;
    let board = turn_of(&fake, board_id, &g).await;
    assert!(board.content.contains("Check!"), "{}", board.content);
    typed(&fake, &g, channel, "K-6b").await;
    turn_of(&fake, board_id, &s).await;

    // 8. A gold dropped on 5b, typed: checkmate.
    typed(&fake, &s, channel, "G*5b").await;
    let board = fake
        .wait_message(board_id, "the final board", only_final_buttons)
        .await;
    assert!(board.content.contains("Checkmate."), "{}", board.content);
    assert!(
        board.content.contains(&format!("**<@{}> wins!**", s.id)),
        "{}",
        board.content
    );
    assert!(
        board.content.contains("https://lishogi.org/analysis/"),
        "{}",
        board.content
    );

    // The records on the final board read back to the same game.
    let file = |extension: &str| {
        let name = format!("shogi-{game}.{extension}");
        let file = board.attachment(&name).unwrap_or_else(|| panic!("{name}"));
        String::from_utf8(file.bytes.clone()).expect("UTF-8")
    };
    let expected: Vec<Move> = [
        "7g7f", "3c3d", "8h2b+", "6a7b", "2b2a", "3d3e", "2a3a", "3e3f", "N*3c", "3f3g", "3c2a+",
        "1c1d", "3a4a", "5a6b", "G*5b",
    ]
    .iter()
    .map(|m| m.parse().expect("USI"))
    .collect();
    let usi = file("usi");
    assert!(
        usi.starts_with("position startpos moves 7g7f 3c3d 8h2b+"),
        "{usi}"
    );
    for record in [
        shogi::import::read_kif(&file("kif")).expect("the KIF reads back"),
        shogi::import::read_csa(&file("csa")).expect("the CSA reads back"),
    ] {
        assert_eq!(record.game.moves(), expected.as_slice());
        assert_eq!(
            record
                .game
                .outcome()
                .and_then(shogi::Outcome::winner)
                .map(|c| c.index()),
            Some(0),
            "sente wins"
        );
        assert_eq!(
            (record.sente.as_str(), record.gote.as_str()),
            (s.name.as_str(), g.name.as_str())
        );
    }
    drop(bot);
}

/// The fourth occurrence of a position is a draw, from a position set up through the hook.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sennichite_draws_on_the_fourth_occurrence() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let (board_id, s, g) = furigoma_game(&fake, DRAW_CHANNEL).await;
    let game = game_id(&fake.message(board_id));
    let _bot = restart(&fake, bot, root.path(), 2, || {
        set_position(root.path(), game, "4k4/9/9/9/9/9/9/9/R3K4 b - 1")
    })
    .await;
    turn_of(&fake, board_id, &s).await;
    for round in 0..3 {
        for (player, mv) in [(&s, "9i9h"), (&g, "5a4a"), (&s, "9h9i"), (&g, "4a5a")] {
            typed(&fake, player, DRAW_CHANNEL, mv).await;
            if round < 2 || mv != "4a5a" {
                let next = if player.id == s.id { &g } else { &s };
                turn_of(&fake, board_id, next).await;
            }
        }
    }
    let board = fake
        .wait_message(board_id, "the drawn board", only_final_buttons)
        .await;
    assert!(board.content.contains("(sennichite)"), "{}", board.content);
    assert!(board.content.contains("**A draw!**"), "{}", board.content);
}

/// Once both kings stand in the enemy camp either player may claim impasse; the side under
/// 24 points loses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_impasse_claim_counts_the_points() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let (board_id, s, g) = furigoma_game(&fake, IMPASSE_CHANNEL).await;
    let board = fake.message(board_id);
    assert!(!board
        .buttons()
        .concat()
        .iter()
        .any(|b| b.1 == "Claim impasse"));
    let game = game_id(&board);
    let _bot = restart(&fake, bot, root.path(), 2, || {
        set_position(
            root.path(),
            game,
            "4K4/9/9/9/9/9/9/9/4k4 b 2R2B2G2S2N2L9P2g2s2n2l9p 1",
        )
    })
    .await;
    let board = fake
        .wait_message(board_id, "the set-up position with its claim", |m| {
            m.buttons().concat().iter().any(|b| b.1 == "Claim impasse")
        })
        .await;
    assert_eq!(to_move(&board.content), Some(s.id));
    // Gote claims, out of turn: allowed.
    let token = fake.click(&g, board_id, &button(&board, "Claim impasse"));
    let claimed = fake.callback(&token).await;
    assert_eq!(claimed.kind, 7, "{}", claimed.content());
    assert!(
        claimed
            .content()
            .contains("sente counts 37 points, gote 17"),
        "{}",
        claimed.content()
    );
    assert!(claimed
        .content()
        .contains(&format!("**<@{}> wins!**", s.id)));
}

/// Issue 27: pieces in hand dropped through the picker on a board with 79 empty squares. The
/// bishop, the rook and the lance each have more than 25 squares to go to, shown in several
/// menus whose ids are all different (two menus with one id are refused by Discord, so
/// choosing a piece in hand did nothing); a square of a later menu is dropped on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_27_a_bishop_a_rook_and_a_lance_are_dropped_through_the_picker_on_an_open_board() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let (board_id, s, g) = furigoma_game(&fake, DROPS_CHANNEL).await;
    let game = game_id(&fake.message(board_id));
    let _bot = restart(&fake, bot, root.path(), 2, || {
        set_position(root.path(), game, "4k4/9/9/9/9/9/9/9/4K4 b RBL 1")
    })
    .await;
    turn_of(&fake, board_id, &s).await;
    for (piece, to, usi, reply) in [
        ("Bishop", "to 5e", "B*5e", Some("5a4a")),
        ("Rook", "to 2h", "R*2h", Some("4a5a")),
        ("Lance", "to 9h", "L*9h", None),
    ] {
        let before = fake.message(board_id).edits;
        let picker = open_picker(&fake, &s, board_id).await;
        let step = choose(&fake, &s, &picker, &format!("{piece} from your hand")).await;
        assert_eq!(step.kind, 7, "{}", step.content());
        let message = fake.message(step.message.expect("the picker"));
        let menus = message.selects();
        let squares: usize = menus.iter().map(|m| m.options.len()).sum();
        assert!(squares > 25 && menus.len() > 1, "{piece}: {menus:?}");
        let mut ids: Vec<String> = menus.iter().map(|m| m.custom_id.clone()).collect();
        ids.extend(message.buttons().concat().into_iter().map(|b| b.0));
        let distinct: std::collections::HashSet<&String> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len(), "{ids:?}");
        assert!(menus.iter().all(|m| m.options.len() <= 25), "{menus:?}");
        // The square is in a menu after the first (drops are listed from 1a, rank by rank).
        assert!(
            !menus[0].options.iter().any(|(label, _)| label == to),
            "{to} in {:?}",
            menus[0]
        );
        let answer = choose(&fake, &s, &step, to).await;
        assert_eq!(answer.kind, 7, "{}", answer.content());
        assert!(
            answer.content().contains(&format!("`{usi}`")),
            "{}",
            answer.content()
        );
        fake.wait_message(board_id, "the drop on the board", |m| m.edits > before)
            .await;
        if let Some(reply) = reply {
            turn_of(&fake, board_id, &g).await;
            typed(&fake, &g, DROPS_CHANNEL, reply).await;
            turn_of(&fake, board_id, &s).await;
        }
    }
    let board = turn_of(&fake, board_id, &g).await;
    assert!(board.content.contains("played L*9h."), "{}", board.content);
}
