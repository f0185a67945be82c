//! The outbox: what the bot owes Discord is kept until Discord has it, retried, posted afresh
//! when refused for good, and never leaves two live boards.

use std::collections::HashSet;

use super::*;
use oaq_bot::app::{Edit, Scan, Sent, GRACE_MS, RETRY_FIRST_MS, RETRY_MAX_MS};
use oaq_bot::store::{GameKind, OwedKey};

fn scan(app: &App, urgent: &[OwedKey]) -> Vec<Edit> {
    app.due_edits(Scan {
        all: false,
        urgent,
        busy: &HashSet::new(),
    })
}

/// Whether the outbox holds an entry under `key`.
fn owes(app: &App, key: OwedKey) -> bool {
    app.store().owed_at(key).expect("read").is_some()
}

fn message_of(app: &App, id: u64) -> Option<u64> {
    (record_of(app, id).message).map(MessageId::get)
}

/// Posts the board again with `/oaq board`: what its id, once read back, is recorded for.
fn post_again(app: &App) -> Track {
    match app.board(&Caller::new(EN, HERE, an()), GameKind::Oaq).reply {
        Reply::Post {
            track: Some(track), ..
        } => track,
        other => panic!("a post: {other:?}"),
    }
}

/// A game An vs Bình whose board is message 4242, An to move.
fn live_game(app: &App) -> (u64, Msg) {
    let (id, board) = started(app, FirstPlayer::Challenger);
    app.record_message(board_now(app, id), MessageId::new(4242));
    (id, board)
}

#[test]
fn a_stored_move_owes_its_board_until_the_answer_that_shows_it_is_through() {
    let (app, clock) = app();
    let (id, board) = live_game(&app);
    let moved = app.click_on(
        &Caller::new(EN, HERE, an()),
        enabled_moves(&board)[0],
        Some(MessageId::new(4242)),
    );
    let shown = moved.effects.shows.expect("the answer shows the board");
    assert!(owes(&app, OwedKey::Board(GameId::new(id))));
    // The answer gets its grace: nothing is written behind its back.
    assert!(scan(&app, &[]).is_empty());
    clock.advance_ms(GRACE_MS);
    // The answer never got through: the outbox writes the same board by REST.
    let owed = scan(&app, &[]);
    assert_eq!(owed.len(), 1);
    assert_eq!(
        (owed[0].key, owed[0].message),
        (OwedKey::Board(GameId::new(id)), Some(MessageId::new(4242)))
    );
    assert_eq!(owed[0].shows, Some(shown));
    assert_eq!(owed[0].msg, *public(&moved));
    // Once it is, nothing is owed.
    assert!(app
        .board_shown(shown, Some(MessageId::new(4242)))
        .is_empty());
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));
    clock.advance_ms(GRACE_MS);
    assert!(scan(&app, &[]).is_empty());
}

#[test]
fn a_failed_write_is_retried_with_growing_backoff_until_discord_takes_it() {
    let (app, clock) = app();
    let (id, _) = live_game(&app);
    let done = app.resign(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    assert_eq!(done.effects.edits.len(), 1);
    let mut edit = done.effects.edits[0].clone();
    assert!(only_final_buttons(&edit.msg));
    for attempt in 1..=14 {
        assert!(app
            .edit_sent(&edit, Sent::Transient(String::from("500")))
            .is_empty());
        let owed = app.store().owed_at(edit.key).expect("read").expect("kept");
        assert_eq!(owed.attempts, attempt);
        let wait = oaq_bot::app::backoff_ms(attempt);
        assert!((RETRY_FIRST_MS..=RETRY_MAX_MS).contains(&wait));
        clock.advance_ms(wait - 1);
        assert!(scan(&app, &[]).is_empty(), "not before its time");
        clock.advance_ms(1);
        let again = scan(&app, &[]);
        assert_eq!(again.len(), 1, "retried after {wait} ms");
        edit = again[0].clone();
        assert!(only_final_buttons(&edit.msg), "the same final board");
    }
    assert_eq!(oaq_bot::app::backoff_ms(2), 2 * RETRY_FIRST_MS);
    assert_eq!(oaq_bot::app::backoff_ms(14), RETRY_MAX_MS, "capped");
    // Fourteen failures (well over an hour) later it is still owed; Discord takes it at last.
    app.edit_sent(&edit, Sent::Done { posted: None });
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));
}

#[test]
fn a_board_discord_refuses_for_good_is_posted_afresh_and_becomes_the_board() {
    let (app, clock) = app();
    let (id, board) = live_game(&app);
    app.click_on(
        &Caller::new(EN, HERE, an()),
        enabled_moves(&board)[0],
        Some(MessageId::new(4242)),
    );
    assert!(scan(&app, &[]).is_empty(), "first seen, in its grace");
    clock.advance_ms(GRACE_MS);
    let edit = scan(&app, &[]).remove(0);
    let again = app.edit_sent(
        &edit,
        Sent::Permanent(String::from("10008 Unknown Message")),
    );
    assert_eq!(again, vec![OwedKey::Board(GameId::new(id))]);
    assert_eq!(message_of(&app, id), None);
    let post = scan(&app, &again).remove(0);
    assert_eq!(post.message, None, "posted as a new message");
    assert_eq!(to_move_of(&post.msg), Some(binh().id.get()));
    assert!(app
        .edit_sent(
            &post,
            Sent::Done {
                posted: Some(MessageId::new(9090))
            }
        )
        .is_empty());
    assert_eq!(message_of(&app, id), Some(9090));
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));

    // A finished game's board refused for good is dropped.
    let done = app.resign(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    let edit = done.effects.edits[0].clone();
    assert!(app
        .edit_sent(&edit, Sent::Permanent(String::from("50001 Missing Access")))
        .is_empty());
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));
    assert_eq!(message_of(&app, id), Some(9090));
}

#[test]
fn a_write_that_lands_after_a_newer_answer_is_made_again_with_the_latest_board() {
    let (app, clock) = app();
    let (id, board) = live_game(&app);
    let first = app.click_on(
        &Caller::new(EN, HERE, an()),
        enabled_moves(&board)[0],
        Some(MessageId::new(4242)),
    );
    assert!(scan(&app, &[]).is_empty(), "first seen, in its grace");
    clock.advance_ms(GRACE_MS);
    let slow = scan(&app, &[]).remove(0);
    // While the REST edit is under way, Bình moves and that answer goes through first.
    let second = app.click_on(
        &Caller::new(EN, HERE, binh()),
        enabled_moves(public(&first))[0],
        Some(MessageId::new(4242)),
    );
    assert!(app
        .board_shown(
            second.effects.shows.expect("shown"),
            Some(MessageId::new(4242))
        )
        .is_empty());
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));
    // The slow edit lands last, showing the older position: the board is owed again.
    let again = app.edit_sent(&slow, Sent::Done { posted: None });
    assert_eq!(again, vec![OwedKey::Board(GameId::new(id))]);
    let latest = scan(&app, &again).remove(0);
    assert_eq!(latest.msg, *public(&second));
    assert!(app
        .edit_sent(&latest, Sent::Done { posted: None })
        .is_empty());
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));
}

#[test]
fn a_board_posted_again_retires_the_old_copy_and_a_move_on_that_copy_is_refused() {
    let (app, _clock) = app();
    let (id, board) = live_game(&app);
    let track = post_again(&app);
    // Not stale: only the old copy is owed a note.
    assert_eq!(
        app.record_message(track, MessageId::new(5000)),
        vec![OwedKey::Note(4242)]
    );
    assert_eq!(message_of(&app, id), Some(5000));
    assert!(!owes(&app, OwedKey::Board(GameId::new(id))));
    let note = scan(&app, &[]).remove(0);
    assert_eq!(
        (note.key, note.message),
        (OwedKey::Note(4242), Some(MessageId::new(4242)))
    );
    assert!(note.msg.rows.is_empty() && note.msg.picture().is_none());
    assert!(
        note.msg.text.contains("no longer live"),
        "{}",
        note.msg.text
    );
    assert!(app.edit_sent(&note, Sent::Done { posted: None }).is_empty());
    assert!(scan(&app, &[]).is_empty());

    // A click on the old copy is refused, points to the live board, and retires the copy
    // again (its buttons may have come back with a late write).
    let mv = enabled_moves(&board)[0];
    let refused = app.click_on(&Caller::new(EN, HERE, an()), mv, Some(MessageId::new(4242)));
    assert!(private(&refused).contains("no longer live"));
    assert!(private(&refused).contains("/5000"), "{}", private(&refused));
    assert_eq!(refused.effects.edits.len(), 1);
    assert_eq!(refused.effects.edits[0].message, Some(MessageId::new(4242)));
    assert_eq!(record_of(&app, id).moves.len(), 0);
    let played = app.click_on(&Caller::new(EN, HERE, an()), mv, Some(MessageId::new(5000)));
    assert!(matches!(played.reply, Reply::Update(_)));
}

#[test]
fn a_click_on_a_board_posted_again_before_its_id_is_read_back_plays_on_that_board() {
    let (app, _clock) = app();
    let (id, board) = live_game(&app);
    let track = post_again(&app);
    // A quick player clicks on the new board (5000) before the bot reads its id back: a
    // later message than the recorded board (4242), so it is the board.
    let mv = enabled_moves(&board)[0];
    let played = app.click_on(&Caller::new(EN, HERE, an()), mv, Some(MessageId::new(5000)));
    assert!(
        matches!(played.reply, Reply::Update(_)),
        "{:?}",
        played.reply
    );
    assert_eq!(message_of(&app, id), Some(5000));
    assert_eq!(record_of(&app, id).moves.len(), 1);
    // The old copy loses its buttons.
    assert_eq!(played.effects.edits.len(), 1);
    assert_eq!(played.effects.edits[0].key, OwedKey::Note(4242));
    assert!(owes(&app, OwedKey::Note(4242)));
    // The id read back afterwards changes nothing: the board is already known.
    assert!(app.record_message(track, MessageId::new(5000)).is_empty());
    assert_eq!(message_of(&app, id), Some(5000));
    // The old copy is refused and points to the board clicked.
    let refused = app.click_on(
        &Caller::new(EN, HERE, binh()),
        mv,
        Some(MessageId::new(4242)),
    );
    assert!(private(&refused).contains("/5000"), "{}", private(&refused));
    assert_eq!(record_of(&app, id).moves.len(), 1);
}

#[test]
fn a_board_read_back_after_a_newer_one_is_known_is_an_old_copy() {
    let (app, _clock) = app();
    let (id, board) = live_game(&app);
    let tracks = [post_again(&app), post_again(&app)];
    // Two posts of the board, 5000 then 6000: the later one is read back first.
    assert_eq!(
        app.record_message(tracks[1], MessageId::new(6000)),
        vec![OwedKey::Note(4242)]
    );
    // The earlier one, read back last, does not take the board back: it is retired.
    assert_eq!(
        app.record_message(tracks[0], MessageId::new(5000)),
        vec![OwedKey::Note(5000)]
    );
    assert_eq!(message_of(&app, id), Some(6000));
    let refused = app.click_on(
        &Caller::new(EN, HERE, an()),
        enabled_moves(&board)[0],
        Some(MessageId::new(5000)),
    );
    assert!(private(&refused).contains("/6000"), "{}", private(&refused));
    assert_eq!(record_of(&app, id).moves.len(), 0);
}

#[test]
fn a_board_posted_while_the_game_moved_on_is_owed_the_latest_state() {
    let (app, _clock) = app();
    let (id, board) = live_game(&app);
    let track = post_again(&app);
    let moved = app.click_on(
        &Caller::new(EN, HERE, an()),
        enabled_moves(&board)[0],
        Some(MessageId::new(4242)),
    );
    let owed = app.record_message(track, MessageId::new(5000));
    assert_eq!(
        owed,
        vec![OwedKey::Board(GameId::new(id)), OwedKey::Note(4242)]
    );
    let note = app.store().owed_at(OwedKey::Note(4242)).expect("read");
    // The move's answer lands on the old copy after the note was owed (and maybe written):
    // it gave the copy live buttons back, so the note is owed again, as a new entry that
    // the first note's write cannot settle.
    let again = app.board_shown(
        moved.effects.shows.expect("shown"),
        Some(MessageId::new(4242)),
    );
    assert_eq!(again, vec![OwedKey::Note(4242)]);
    let renewed = app.store().owed_at(OwedKey::Note(4242)).expect("read");
    assert_ne!(note, renewed);
    let first = note.expect("the first note");
    assert!(!app
        .store()
        .settle(OwedKey::Note(4242), &first)
        .expect("settle"));
    let edits = scan(&app, &owed);
    let board = edits
        .iter()
        .find(|e| e.key == OwedKey::Board(GameId::new(id)))
        .expect("the new board");
    assert_eq!(board.message, Some(MessageId::new(5000)));
    assert_eq!(
        to_move_of(&board.msg),
        Some(binh().id.get()),
        "after the move"
    );
}

#[test]
fn an_expired_challenge_owes_its_note_until_it_is_written() {
    let (app, clock) = app();
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Rps),
    );
    let id = challenge_id(&posted);
    app.record_message(Track::Challenge(id), MessageId::new(555));
    clock.advance_ms(TTL);
    let edits = app.expire_challenges();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].key, OwedKey::Note(555));
    assert!(owes(&app, OwedKey::Note(555)));
    // Written after a failure by the next scan; settled once Discord has it.
    app.edit_sent(&edits[0], Sent::Transient(String::from("timeout")));
    clock.advance_ms(RETRY_FIRST_MS);
    let again = scan(&app, &[]);
    assert_eq!(again.len(), 1);
    assert!(again[0].msg.text.contains("expired"));
    app.edit_sent(&again[0], Sent::Done { posted: None });
    assert!(!owes(&app, OwedKey::Note(555)));
}

/// The player named before " to move." in a board's caption.
fn to_move_of(msg: &Msg) -> Option<u64> {
    let line = msg.text.lines().find(|l| l.ends_with(" to move."))?;
    line.trim_start_matches("<@")
        .split('>')
        .next()?
        .parse()
        .ok()
}
