//! Issue 11: a second game through the same shell. Shogi is challenged, accepted, played from
//! its private picker (issue 12) and by typed USI moves, resigned, rated on its own
//! leaderboard, kept in its own history and replayed — with no Shogi code in the shell, only
//! its adapter.

use super::*;
use oaq_bot::app::games::shogi::ShogiChoice;
use oaq_bot::app::games::{RuleChoice, Table};
use oaq_bot::app::{ComputerTurn, PickerAt, PlayRequest};
use oaq_bot::store::{GameKind, Level};

fn shogi_request(opponent: UserRef) -> ChallengeRequest {
    ChallengeRequest {
        opponent: Some(opponent),
        rules: RuleChoice::Shogi(ShogiChoice),
        first: Some(FirstPlayer::Challenger),
    }
}

/// The options of a message's select menus: (action with the choice, label).
fn menu_moves(msg: &Msg) -> Vec<(Action, String)> {
    msg.selects
        .iter()
        .flat_map(|s| {
            s.options
                .iter()
                .filter_map(|o| Some((s.action.with_choice(&o.value)?, o.label.clone())))
        })
        .collect()
}

/// The message a picker click answers with (a new private one, or the picker updated).
fn picker_msg(response: &Response) -> Msg {
    match &response.reply {
        Reply::Private(msg) | Reply::Update(msg) => msg.clone(),
        other => panic!("{other:?}"),
    }
}

/// Plays `square` → `to` as `user` through the board's picker: open it, choose the piece in
/// its menu, then the destination button. Returns the last answer.
fn pick(app: &App, board: &Msg, user: &UserRef, square: &str, to: &str) -> Response {
    let open = find(board, |a| {
        matches!(
            a,
            Action::Picker {
                at: PickerAt::Board,
                ..
            }
        )
    });
    let pieces = picker_msg(&app.click(&Caller::new(EN, HERE, user.clone()), open));
    check_limits(&pieces);
    let (piece, _) = menu_moves(&pieces)
        .into_iter()
        .find(|(_, label)| label.ends_with(&format!(" on {square}")))
        .unwrap_or_else(|| panic!("{square} in {:?}", pieces.selects));
    let targets = picker_msg(&app.click(&Caller::new(EN, HERE, user.clone()), piece));
    let target = buttons(&targets)
        .find(|b| b.label.starts_with(&format!("to {to}")))
        .unwrap_or_else(|| panic!("{to} in {:?}", targets.rows))
        .action;
    app.click(&Caller::new(EN, HERE, user.clone()), target)
}

#[test]
fn a_shogi_game_is_played_through_the_shell_rated_on_its_own_board_and_replayed() {
    let (app, _clock) = app();
    let posted = app.challenge(&Caller::new(EN, HERE, an()), shogi_request(binh()));
    assert!(
        public(&posted).text.contains("**Shogi**"),
        "{}",
        public(&posted).text
    );
    let id = challenge_id(&posted);
    let board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    let record = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.kind, GameKind::Shogi);
    assert_eq!(record.seats[0].id, an().id, "the challenger is sente");
    assert!(record.start.starts_with("lnsgkgsnl/"), "{}", record.start);

    // The board: a picture, the picker reaching the 30 legal moves of the start, and the
    // shell's Resign and Rules.
    assert!(board.picture().is_some_and(|p| p.starts_with(b"\x89PNG")));
    assert!(board.text.contains("<@11>"), "An to move: {}", board.text);
    let moves = Table::replay(&record).expect("replays").picks(EN);
    assert_eq!(moves.len(), 30);
    assert!(board.selects.len() + board.rows.len() <= 5);
    assert!(moves.iter().any(|pick| pick.label == "P7g-7f"), "{moves:?}");
    assert!(buttons(&board).any(|b| matches!(b.action, Action::Resign { .. })));

    // An plays 7g7f from the picker; Bình may not answer from An's picker, then answers by
    // typing; an illegal typed move says which rule it breaks and changes nothing.
    let open = find(&board, |a| {
        matches!(
            a,
            Action::Picker {
                at: PickerAt::Board,
                ..
            }
        )
    });
    let played = pick(&app, &board, &an(), "7g", "7f");
    let after = played.effects.edits[0].msg.clone();
    assert!(
        after.text.contains("<@11> played P7g-7f."),
        "{}",
        after.text
    );
    assert!(private(&app.click(&Caller::new(EN, HERE, binh()), open)).contains("moved on"));
    let refused = app.typed_move(&Caller::new(EN, HERE, binh()), "1c1e", GameKind::Shogi);
    assert!(
        private(&refused).contains("cannot move there"),
        "{}",
        private(&refused)
    );
    assert!(
        private(&app.typed_move(&Caller::new(EN, HERE, binh()), "3c3d", GameKind::Shogi))
            .contains("`3c3d`")
    );
    let record = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.moves, ["7g7f", "3c3d"]);
    // The bishop's way is open: 7g, 6f, 5e, 4d, then 3c and 2b (taking the bishop) with or
    // without promotion.
    assert_eq!(
        app.move_choices(&Caller::new(EN, HERE, an()), "8h").len(),
        8
    );

    // An resigns: Bình wins, on Shogi's leaderboard only, and the game is in Shogi's history.
    app.click(
        &Caller::new(EN, HERE, an()),
        Action::ConfirmResign { game: id.cast() },
    );
    let finished = app
        .store()
        .finished(id.cast())
        .expect("read")
        .expect("kept");
    assert_eq!(finished.record.places, vec![1, 0]);
    let shogi_board = app
        .store()
        .leaderboard(GameKind::Shogi, GuildId::new(1), 0, 10)
        .expect("board");
    assert_eq!(shogi_board.total, 2);
    assert_eq!(shogi_board.rows[0].1.user, binh().id);
    assert_eq!(
        app.store()
            .leaderboard(GameKind::Oaq, GuildId::new(1), 0, 10)
            .expect("board")
            .total,
        0
    );
    let shogi_leaderboard =
        public(&app.leaderboard(&Caller::new(EN, HERE, an()), GameKind::Shogi, None)).clone();
    assert!(
        shogi_leaderboard.text.contains("Shogi"),
        "{}",
        shogi_leaderboard.text
    );
    assert!(!shogi_leaderboard.text.contains("Ô ăn quan"));
    let history = public(&app.history(&Caller::new(EN, HERE, an()), GameKind::Shogi, None)).clone();
    assert!(
        history.text.contains(&format!("`{id}`")),
        "{}",
        history.text
    );
    let oaq_history =
        public(&app.history(&Caller::new(EN, HERE, an()), GameKind::Oaq, None)).clone();
    assert!(
        !oaq_history.text.contains(&format!("`{id}`")),
        "{}",
        oaq_history.text
    );

    // The replay: one frame a move plus the start, and the record as a USI position.
    let request = app
        .find_replay(&Caller::new(EN, HERE, an()), id.cast(), GameKind::Shogi)
        .expect("found");
    let replay = public(&app.replay(EN, &request)).clone();
    assert!(replay.picture().is_some_and(|g| g.starts_with(b"GIF8")));
    assert!(
        replay.text.contains("position sfen lnsgkgsnl/") && replay.text.contains("7g7f 3c3d"),
        "{}",
        replay.text
    );
}

#[test]
fn the_computer_plays_shogi_through_the_same_seats() {
    let (app, _clock) = app();
    let computer = UserRef {
        id: UserId::new(99),
        name: String::from("oaq"),
        bot: true,
    };
    let request = PlayRequest {
        computer,
        level: Level::Easy,
        rules: RuleChoice::Shogi(ShogiChoice),
    };
    let started = app.play_computer(&Caller::new(EN, HERE, an()), request);
    let board = public(&started).clone();
    let id = match started.reply {
        Reply::Post {
            track: Some(Track::Game(shown)),
            ..
        } => shown.game,
        ref other => panic!("{other:?}"),
    };
    let after = pick(&app, &board, &an(), "7g", "7f");
    let turn: ComputerTurn = after.effects.computer.expect("the computer's turn");
    let moved = app.computer_move(turn).expect("the computer moves");
    assert!(
        moved.edit.msg.text.contains("<@99> played"),
        "{}",
        moved.edit.msg.text
    );
    let record = app.store().game(id).expect("read").expect("game").record;
    assert_eq!(record.moves.len(), 2);
    assert!(moved.next.is_none(), "the person's turn again");
}

/// The picker goes back a step, offers promotion as two buttons when both are legal, and
/// refuses a path that leads to no move.
#[test]
fn the_picker_goes_back_offers_promotion_and_refuses_a_made_up_path() {
    let (app, _clock) = app();
    let posted = app.challenge(&Caller::new(EN, HERE, an()), shogi_request(binh()));
    let id = challenge_id(&posted);
    let board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    pick(&app, &board, &an(), "7g", "7f");
    assert!(
        private(&app.typed_move(&Caller::new(EN, HERE, binh()), "3c3d", GameKind::Shogi))
            .contains("`3c3d`")
    );
    let board = app
        .board(&Caller::new(EN, HERE, an()), GameKind::Shogi)
        .reply
        .clone();
    let Reply::Post { msg: board, .. } = board else {
        panic!("{board:?}")
    };

    let open = find(&board, |a| {
        matches!(
            a,
            Action::Picker {
                at: PickerAt::Board,
                ..
            }
        )
    });
    let pieces = picker_msg(&app.click(&Caller::new(EN, HERE, an()), open));
    assert!(pieces.text.contains("choose a piece"), "{}", pieces.text);
    let (bishop, _) = menu_moves(&pieces)
        .into_iter()
        .find(|(_, label)| label == "Bishop on 8h")
        .expect("the bishop");
    // Six squares on its diagonal: a menu, and Back.
    let targets = picker_msg(&app.click(&Caller::new(EN, HERE, an()), bishop));
    check_limits(&targets);
    assert_eq!(menu_moves(&targets).len(), 6, "{:?}", targets.selects);
    assert!(targets.text.contains("Bishop on 8h →"), "{}", targets.text);
    let back = buttons(&targets)
        .find(|b| b.label == "Back")
        .expect("Back")
        .action;
    let again = picker_msg(&app.click(&Caller::new(EN, HERE, an()), back));
    assert_eq!(
        menu_moves(&again),
        menu_moves(&pieces),
        "back at the pieces"
    );
    let targets = picker_msg(&app.click(&Caller::new(EN, HERE, an()), bishop));
    let (takes, _) = menu_moves(&targets)
        .into_iter()
        .find(|(_, label)| label == "to 2b, taking the Bishop")
        .expect("the capture");
    let promotion = picker_msg(&app.click(&Caller::new(EN, HERE, an()), takes));
    let labels: Vec<&str> = buttons(&promotion).map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Promote", "Don't promote", "Back"]);
    let keep = buttons(&promotion)
        .find(|b| b.label == "Don't promote")
        .expect("Don't promote")
        .action;
    app.click(&Caller::new(EN, HERE, an()), keep);
    let record = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.moves.last().map(String::as_str), Some("8h2b"));

    // A path no legal move follows is refused and plays nothing.
    let Action::Picker { game, ply, .. } = open else {
        unreachable!()
    };
    let made_up = Action::Picker {
        game,
        ply: ply + 1,
        at: PickerAt::Path("9z/1a".parse().expect("a path")),
    };
    assert!(private(&app.click(&Caller::new(EN, HERE, binh()), made_up)).contains("not a move"));
    let record = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.moves.len(), 3);
}
