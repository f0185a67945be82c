//! Writes `tests/fixtures/db-b9c7bf2`: a small database made by this release (schema 1), for
//! the upgrade test of the next schema. Run once with
//! `cargo test --test app make_fixture -- --ignored`.

use std::path::Path;

use super::*;
use oaq_bot::app::{PlayRequest, Scan, Sent, SettingsChange};
use oaq_bot::games::oaq::Level;

const OUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/db-b9c7bf2");

fn at(channel: u64) -> Place {
    Place {
        guild: Some(1),
        channel,
    }
}

fn chi() -> UserRef {
    user(33, "Chi")
}

fn bot() -> UserRef {
    UserRef {
        id: 99,
        name: String::from("oaq"),
        bot: true,
    }
}

/// Writes every owed edit as if Discord took it (posts get fresh message ids).
fn settle_all(app: &App, next_message: &mut u64) {
    let busy = Default::default();
    for _ in 0..100 {
        let edits = app.due_edits(Scan {
            all: true,
            urgent: &[],
            busy: &busy,
        });
        if edits.is_empty() {
            return;
        }
        for edit in edits {
            let posted = if edit.message.is_none() {
                *next_message += 1;
                Some(*next_message)
            } else {
                None
            };
            app.edit_sent(&edit, Sent::Done { posted });
        }
    }
    panic!("the outbox never emptied");
}

/// Challenge from `a` to `b` in `place`, challenger first, accepted; returns the game id.
fn accepted(app: &App, place: Place, a: &UserRef, b: &UserRef, message: u64) -> (u64, Msg) {
    let posted = app.challenge(EN, place, a, request(Some(b.clone()), FirstPlayer::Challenger));
    let id = challenge_id(&posted);
    app.record_message(Track::Challenge(id), message);
    let board = app.click(EN, place, b, Action::Accept { challenge: id });
    (id, public(&board).clone())
}

/// Plays `n` moves (or until the game ends) alternating between `players`, South first.
fn play(app: &App, place: Place, players: &[UserRef; 2], mut board: Msg, n: usize) -> Msg {
    for ply in 0..n {
        let moves = enabled_moves(&board);
        let Some(&action) = moves.get(ply % 3).or(moves.first()) else {
            break;
        };
        board = public(&app.click(EN, place, &mover_of(action, players), action)).clone();
    }
    board
}

fn play_computer(app: &App, place: Place, who: &UserRef, level: Level, n: usize) -> u64 {
    let started = app.play_computer(
        EN,
        place,
        who,
        PlayRequest {
            computer: bot(),
            level,
            preset: None,
            quan_value: None,
        },
    );
    let id = match started.reply {
        Reply::Post {
            track: Some(Track::Game(shown)),
            ..
        } => shown.game,
        ref other => panic!("expected a board, got {other:?}"),
    };
    let mut board = public(&started).clone();
    for ply in 0..n {
        let moves = enabled_moves(&board);
        let Some(&mv) = moves.get(ply % moves.len().max(1)) else {
            break;
        };
        let clicked = app.click(EN, place, who, mv);
        board = public(&clicked).clone();
        let mut turn = clicked.computer;
        while let Some(owed) = turn {
            let moved = app.computer_move(owed).expect("the computer moves");
            board = moved.edit.msg;
            turn = moved.next;
        }
    }
    id
}

#[test]
#[ignore = "writes the committed fixture; run by hand"]
fn make_fixture() {
    let out = Path::new(OUT);
    assert!(!out.exists(), "remove {OUT} first");
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let store = Store::open(out).expect("store");
    let app = app_with(store, clock.clone());
    let mut message = 5_000_000;

    // Channel 102: Bình vs Chi, one move, then Chi runs out of time (rated).
    let (_, board) = accepted(&app, at(102), &binh(), &chi(), 4_000_102);
    play(&app, at(102), &[binh(), chi()], board, 1);
    settle_all(&app, &mut message);
    clock.advance_ms(TURN);
    assert_eq!(app.expire_turns().len(), 1);
    settle_all(&app, &mut message);

    // Channel 100: An vs Bình, four moves, Bình resigns (rated).
    let (_, board) = accepted(&app, at(100), &an(), &binh(), 4_000_100);
    play(&app, at(100), &[an(), binh()], board, 4);
    assert!(!app.resign(EN, at(100), &binh()).edits.is_empty());
    settle_all(&app, &mut message);

    // Channel 101: An vs Chi, played to the final count (rated).
    let (_, board) = accepted(&app, at(101), &an(), &chi(), 4_000_101);
    let last = play(&app, at(101), &[an(), chi()], board, 400);
    assert!(only_rematch(&last), "played to its end");
    settle_all(&app, &mut message);

    // Channel 106: Chi plays the easy computer and resigns after two moves.
    play_computer(&app, at(106), &chi(), Level::Easy, 2);
    app.resign(EN, at(106), &chi());
    settle_all(&app, &mut message);

    // Channel 103: Bình vs An, in play, five moves, on board message 5000103.
    let (id, board) = accepted(&app, at(103), &binh(), &an(), 4_000_103);
    settle_all(&app, &mut message);
    app.record_message(board_now(&app, id), 5_000_103);
    play(&app, at(103), &[binh(), an()], board, 5);
    settle_all(&app, &mut message);

    // The server's settings: folk rules, 30-minute turns, one thread per game.
    let change = SettingsChange {
        preset: Some(Preset::Folk),
        turn_timeout_s: Some(1800),
        threads: Some(true),
        ..SettingsChange::default()
    };
    app.server_settings(EN, at(100), true, change);

    // Channel 107 → thread 6000: Chi vs Bình, two moves.
    let (id, _) = accepted(&app, at(107), &chi(), &binh(), 4_000_107);
    let edit = app.move_to_thread(id, Some(6000)).expect("moved");
    app.record_message(board_now(&app, id), 6001);
    play(&app, at(6000), &[chi(), binh()], edit.msg, 2);
    settle_all(&app, &mut message);

    // Channel 105: An plays the medium computer, three moves each, in play.
    play_computer(&app, at(105), &an(), Level::Medium, 3);
    settle_all(&app, &mut message);

    // Channel 104: Bình challenges Chi, pending, on message 4000104.
    let posted = app.challenge(EN, at(104), &binh(), request(Some(chi()), FirstPlayer::Rps));
    app.record_message(Track::Challenge(challenge_id(&posted)), 4_000_104);
    settle_all(&app, &mut message);

    assert!(app.store().owed().is_empty());
    println!("clock at {}", clock_now(&clock));
}

fn clock_now(clock: &FakeClock) -> u64 {
    use oaq_bot::app::Clock;
    clock.now_ms()
}

