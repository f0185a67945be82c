//! Issue 11: one host for every game. Moves travel as notation, typed or clicked; the shell
//! judges them through the game's adapter; results are places, rated per kind.

use super::*;
use oaq_bot::app::games::{Situation, Table};
use oaq_bot::app::{Choice, Notation, Text};
use oaq_bot::store::{GameKind, Retirement};

fn play(game: u64, ply: u32, mv: &str) -> Action {
    Action::Play {
        game: GameId::new(game),
        ply,
        mv: mv.parse().expect("notation"),
    }
}

/// A button id naming no move of the game (`oaq:m:<game>:<ply>:13+`: there is no square 13)
/// used to be refused when the id was read; ids now carry any game's notation, so the game
/// refuses it, privately, and nothing changes.
#[test]
fn a_click_naming_no_move_of_the_game_is_refused_and_changes_nothing() {
    let (app, _clock) = app();
    let (id, _) = started(&app, FirstPlayer::Challenger);
    for bad in ["13+", "zz", "3*", "-"] {
        let answer = app.click(&Caller::new(EN, HERE, an()), play(id, 0, bad));
        assert!(private(&answer).contains("not a move"), "{bad}");
        let stored = app
            .store()
            .game(GameId::new(id))
            .expect("read")
            .expect("game");
        assert!(stored.record.moves.is_empty(), "{bad}");
    }
}

#[test]
fn notation_fits_a_button_id_or_is_refused() {
    for good in ["3+", "P*5e", "8h2b+", "D2-F4-H6"] {
        let n: Notation = good.parse().expect(good);
        assert_eq!(n.as_str(), good);
        assert_eq!(n.to_string(), good);
    }
    for bad in ["", "3:+", "a b", "é", "1234567890123456789012345"] {
        assert!(bad.parse::<Notation>().is_err(), "{bad:?}");
    }
}

/// `/oaq move` plays a typed move in the channel's game, privately confirmed, the public board
/// edited through the outbox; its suggestions are the mover's legal moves as the buttons show
/// them.
#[test]
fn a_typed_move_is_played_and_suggestions_list_the_legal_moves() {
    let (app, _clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    let suggestions = app.move_choices(&Caller::new(EN, HERE, an()), "");
    let legal: Vec<String> = enabled_moves(&board)
        .into_iter()
        .map(|a| match a {
            Action::Play { mv, .. } => mv.to_string(),
            other => panic!("{other:?}"),
        })
        .collect();
    let mut offered: Vec<String> = suggestions.iter().map(|c| c.value.clone()).collect();
    let mut expected = legal.clone();
    offered.sort();
    expected.sort();
    assert_eq!(offered, expected, "every legal move, nothing else");
    for Choice { label, value } in &suggestions {
        let button = buttons(&board)
            .find(|b| matches!(b.action, Action::Play { mv, .. } if mv.as_str() == value))
            .expect("a button for the move");
        assert_eq!(*label, format!("{} ({value})", button.label));
    }
    // Typing narrows the list; the other player and other channels get nothing.
    let narrowed = app.move_choices(&Caller::new(EN, HERE, an()), &legal[0]);
    assert!(narrowed.iter().all(|c| c.value.contains(&legal[0])));
    assert!(!narrowed.is_empty());
    assert!(app
        .move_choices(&Caller::new(EN, HERE, binh()), "")
        .is_empty());
    let elsewhere = Place {
        channel: ChannelId::new(999),
        ..HERE
    };
    assert!(app
        .move_choices(&Caller::new(EN, elsewhere, an()), "")
        .is_empty());

    // Bình cannot move for An; a malformed move is refused; neither changes the game.
    assert!(
        private(&app.typed_move(&Caller::new(EN, HERE, binh()), &legal[0], GameKind::Oaq))
            .contains("turn")
    );
    assert!(
        private(&app.typed_move(&Caller::new(EN, HERE, an()), "13+", GameKind::Oaq))
            .contains("not a move")
    );
    assert!(app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record
        .moves
        .is_empty());

    let played = app.typed_move(
        &Caller::new(EN, HERE, an()),
        &format!("  {} ", legal[0]),
        GameKind::Oaq,
    );
    assert!(private(&played).contains(&format!("`{}`", legal[0])));
    let [edit] = played.effects.edits.as_slice() else {
        panic!("one board edit, got {:?}", played.effects.edits);
    };
    assert!(edit.msg.picture().is_some_and(|p| !p.is_empty()));
    let stored = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    assert_eq!(stored.record.moves, vec![legal[0].clone()]);
    assert!(
        edit.msg.text.contains("<@22>"),
        "Bình to move: {}",
        edit.msg.text
    );
    assert!(
        private(&app.typed_move(&Caller::new(EN, elsewhere, an()), "3+", GameKind::Oaq))
            .contains("no game")
    );
}

/// A select menu's choice becomes the move of its action; actions that take no choice refuse
/// one.
#[test]
fn a_select_choice_completes_a_move_action_only() {
    let template = play(7, 3, "-");
    assert_eq!(template.with_choice("9-"), Some(play(7, 3, "9-")));
    assert_eq!(template.with_choice("a:b"), None);
    assert_eq!(
        Action::Resign {
            game: GameId::new(7)
        }
        .with_choice("9-"),
        None
    );
}

/// The shell reads how a game stands from the record and the adapter: whose turn, a forfeit
/// by the seat that left, the places.
#[test]
fn a_resigned_record_replays_as_forfeited_with_the_other_seat_first() {
    let (app, _clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    public(&app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0]));
    app.click(
        &Caller::new(EN, HERE, an()),
        Action::ConfirmResign {
            game: GameId::new(id),
        },
    );
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.kind, GameKind::Oaq);
    assert_eq!(record.retired.len(), 1);
    assert_eq!(record.retired[0].seat, 0);
    assert_eq!(record.retired[0].why, Retirement::Resigned);
    assert_eq!(record.retired[0].ply, 1);
    let table = Table::replay(&record).expect("replays");
    assert_eq!(
        table.places(),
        Some(vec![1, 0]),
        "South resigned: North first"
    );
    assert_eq!(table.to_move(), None);
    let finished = app
        .store()
        .finished(GameId::new(id))
        .expect("read")
        .expect("kept");
    assert_eq!(finished.record.places, vec![1, 0]);
    // The same record without its retirement is a game in play, North to move.
    let mut going_on = record.clone();
    going_on.retired.clear();
    let table = Table::replay(&going_on).expect("replays");
    assert_eq!(table.places(), None);
    assert_eq!(table.to_move(), Some(1));
    assert!(!Situation::ToMove {
        seat: 1,
        person: true
    }
    .finished());
}

/// A record whose moves do not replay is damaged: reported, never a panic.
#[test]
fn a_record_whose_notation_does_not_replay_is_damaged() {
    let (app, _clock) = app();
    let (id, _) = started(&app, FirstPlayer::Challenger);
    let mut record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    for bad in ["x", "13+", "1+"] {
        record.moves = vec![String::from("3+"), bad.to_owned()];
        assert!(Table::replay(&record).is_err(), "{bad}");
    }
    record.moves.clear();
    record.rules = serde_json::json!({ "quan_value": "many" });
    assert!(Table::replay(&record).is_err(), "unreadable rules");
}

/// Issue 31: stored rules that do not read are a damaged record wherever they are read — also
/// when their challenge is accepted and its game set up, which answered with an apology (an
/// internal error) before the rules were typed. Nothing changes: the challenge stays as it
/// was and no game starts.
#[test]
fn a_challenge_whose_stored_rules_do_not_read_is_answered_as_damaged() {
    let (app, _clock) = app();
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Challenger),
    );
    let id = challenge_id(&posted);
    let mut stored = app.store().challenge(id).expect("read").expect("challenge");
    stored.record.rules = serde_json::json!({ "quan_value": "many" });
    app.store()
        .update_challenge(stored.revision, &stored.record)
        .expect("stored");
    let damaged = Text::Damaged.render(EN);
    let accepted = app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    );
    assert_eq!(private(&accepted), damaged);
    let kept = app.store().challenge(id).expect("read").expect("kept");
    assert_eq!(kept.record.rules, stored.record.rules);
    assert!(app.store().game(id.cast()).expect("read").is_none());
    assert_eq!(
        private(&app.rules(&Caller::new(EN, HERE, an()), GameKind::Oaq)),
        damaged
    );
}
