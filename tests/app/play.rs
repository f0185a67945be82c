//! Playing the computer, turn timeouts and rematches, through the app with a fake clock.

use super::*;
use oaq_bot::app::{ComputerTurn, PlayRequest};
use oaq_bot::store::{BotTally, GameKind, Level};

const BOT: u64 = 99;

fn computer() -> UserRef {
    UserRef {
        id: UserId::new(BOT),
        name: String::from("oaq"),
        bot: true,
    }
}

fn play_request(level: Level) -> PlayRequest {
    PlayRequest {
        computer: computer(),
        level,
        rules: RuleChoice::Oaq(OaqChoice::default()),
    }
}

fn game_id(response: &Response) -> u64 {
    match response.reply {
        Reply::Post {
            track: Some(Track::Game(shown)),
            ..
        } => shown.game.get(),
        ref other => panic!("expected a tracked board post, got {other:?}"),
    }
}

/// Lets the computer make every move it owes; returns its last board.
fn computer_moves(app: &App, mut turn: Option<ComputerTurn>) -> Option<Msg> {
    let mut last = None;
    while let Some(owed) = turn {
        let moved = app.computer_move(owed).expect("the computer moves");
        check_limits(&moved.edit.msg);
        turn = moved.next;
        last = Some(moved.edit.msg);
    }
    last
}

#[test]
fn a_game_against_the_computer_is_played_to_the_end_and_kept_off_the_rated_record() {
    let (app, _clock) = app();
    let started = app.play_computer(&Caller::new(EN, HERE, an()), play_request(Level::Easy));
    let id = game_id(&started);
    app.record_message(board_now(&app, id), MessageId::new(777));
    assert_eq!(started.effects.computer, None, "the person moves first");
    let mut board = public(&started).clone();
    assert!(board.text.contains("plays the computer"), "{}", board.text);
    let mut plies = 0;
    loop {
        let moves = enabled_moves(&board);
        if moves.is_empty() {
            break;
        }
        let clicked = app.click(&Caller::new(EN, HERE, an()), moves[plies % moves.len()]);
        let shown = public(&clicked).clone();
        match clicked.effects.computer {
            Some(turn) => {
                // The person's move is shown at once; the computer has no buttons to click
                // for them meanwhile.
                assert!(shown.text.contains("<@99> is thinking"), "{}", shown.text);
                assert!(enabled_moves(&shown).is_empty());
                assert_eq!(turn.game, GameId::new(id));
                let after = computer_moves(&app, Some(turn)).expect("a board");
                board = after;
            }
            None => board = shown,
        }
        plies += 1;
        assert!(plies <= 400, "the game ends");
    }
    assert!(only_final_buttons(&board), "{:?}", board.rows);
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    let finished = app
        .store()
        .finished(GameId::new(id))
        .expect("read")
        .expect("kept")
        .record;
    assert_eq!(
        finished.rated_in(),
        None,
        "a game against the computer is not rated"
    );
    assert_eq!(finished.ratings, None);
    assert_eq!(record.seats[1].computer, Some(Level::Easy));
    let tally = app
        .store()
        .bot_record(GameKind::Oaq, an().id)
        .expect("read")
        .tally(Level::Easy);
    assert_eq!(tally.wins + tally.draws + tally.losses, 1, "{tally:?}");
    assert!(
        board.text.contains("record against the easy computer"),
        "{}",
        board.text
    );
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
}

#[test]
fn an_old_computer_turn_is_not_played_twice() {
    let (app, _clock) = app();
    let started = app.play_computer(&Caller::new(EN, HERE, an()), play_request(Level::Medium));
    let board = public(&started).clone();
    let clicked = app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0]);
    let turn = clicked.effects.computer.expect("the computer's turn");
    assert!(app.computer_move(turn).is_some());
    assert_eq!(app.computer_move(turn), None, "already played");
    let id = game_id(&started);
    let moves = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record
        .moves;
    assert_eq!(moves.len(), 2);
}

#[test]
fn resigning_against_the_computer_counts_a_loss_against_its_level() {
    let (app, _clock) = app();
    let started = app.play_computer(&Caller::new(EN, HERE, an()), play_request(Level::Hard));
    game_id(&started);
    let resigned = app.resign(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    assert!(public(&resigned).text.contains("<@11> resigned"));
    assert_eq!(
        app.store()
            .bot_record(GameKind::Oaq, an().id)
            .expect("read")
            .tally(Level::Hard),
        BotTally {
            level: Level::Hard,
            wins: 0,
            draws: 0,
            losses: 1
        }
    );
    assert_eq!(
        app.store()
            .bot_record(GameKind::Oaq, an().id)
            .expect("read")
            .tally(Level::Easy)
            .losses,
        0
    );
}

#[test]
fn the_computer_resumes_its_owed_move_after_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let turn = {
        let app = app_with(Store::open(dir.path()).expect("open"), clock.clone());
        let started = app.play_computer(&Caller::new(EN, HERE, an()), play_request(Level::Medium));
        let clicked = app.click(
            &Caller::new(EN, HERE, an()),
            enabled_moves(public(&started))[0],
        );
        clicked.effects.computer.expect("owed")
    };
    let app = app_with(Store::open(dir.path()).expect("reopen"), clock);
    assert_eq!(app.computer_turns(), vec![turn]);
    assert!(computer_moves(&app, Some(turn)).is_some());
    assert!(app.computer_turns().is_empty());
}

#[test]
fn a_turn_runs_out_and_the_player_to_move_loses_on_time() {
    let (app, clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    app.record_message(board_now(&app, id), MessageId::new(4242));
    let deadline_s = (1_700_000_000_000 + TURN) / 1000;
    assert!(
        board.text.contains(&format!("<t:{deadline_s}:R>")),
        "{}",
        board.text
    );
    // A move restarts the clock for the other player.
    clock.advance_ms(TURN - 1);
    assert!(app.expire_turns().is_empty());
    let moved = public(&app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0])).clone();
    clock.advance_ms(TURN - 1);
    assert!(app.expire_turns().is_empty(), "Bình's clock started anew");
    clock.advance_ms(1);
    let edits = app.expire_turns();
    assert_eq!(edits.len(), 1);
    let edit = &edits[0];
    assert_eq!(edit.message, Some(MessageId::new(4242)));
    assert!(
        edit.msg
            .text
            .contains("<@22> ran out of time. **<@11> wins!**"),
        "{}",
        edit.msg.text
    );
    assert!(edit.msg.picture().is_some() && only_final_buttons(&edit.msg));
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(timed_out(&record), Some(Seat::North));
    assert_eq!(forfeited(&record), Some(Seat::North));
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
    // A timeout is rated like any other result: the player who ran out of time lost.
    let guild = HERE.guild.expect("a server");
    let rating = |user: u64| {
        app.store()
            .rating(GameKind::Oaq, guild, UserId::new(user))
            .expect("read")
            .expect("rated")
            .record
    };
    let (winner, loser) = (rating(an().id.get()), rating(binh().id.get()));
    assert_eq!((winner.wins, winner.losses), (1, 0));
    assert_eq!((loser.wins, loser.losses), (0, 1));
    assert!(winner.glicko.rating > 1500.0 && loser.glicko.rating < 1500.0);
    assert!(
        edit.msg.text.contains("Bình: rating 1500 → "),
        "{}",
        edit.msg.text
    );
    assert!(app.expire_turns().is_empty(), "settled once");
    assert_eq!(rating(an().id.get()).wins, 1, "and rated once");
    // The late player's click is refused.
    assert!(
        private(&app.click(&Caller::new(EN, HERE, binh()), enabled_moves(&moved)[0]))
            .contains("over")
    );
}

#[test]
fn a_click_after_the_deadline_settles_the_timeout_instead_of_moving() {
    let (app, clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    clock.advance_ms(TURN);
    let late = app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0]);
    let shown = public(&late);
    assert!(
        shown.text.contains("<@11> ran out of time"),
        "{}",
        shown.text
    );
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    assert!(record.moves.is_empty());
    assert_eq!(timed_out(&record), Some(Seat::South));
}

#[test]
fn a_deadline_that_passed_while_the_bot_was_down_is_settled_after_the_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let id = {
        let app = app_with(Store::open(dir.path()).expect("open"), clock.clone());
        let (id, _) = started(&app, FirstPlayer::Opponent);
        id
    };
    clock.advance_ms(TURN + 60_000);
    let app = app_with(Store::open(dir.path()).expect("reopen"), clock);
    let edits = app.expire_turns();
    assert_eq!(edits.len(), 1);
    assert!(edits[0].msg.text.contains("<@22> ran out of time"));
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(timed_out(&record), Some(Seat::South));
}

#[test]
fn the_computer_never_runs_out_of_time_but_the_person_does() {
    // Some openings end the game at once; take the first that leaves it running.
    let mut tried = 0;
    let (app, clock, id) = loop {
        let (app, clock) = app();
        let started = app.play_computer(&Caller::new(EN, HERE, an()), play_request(Level::Medium));
        let id = game_id(&started);
        let clicked = app.click(
            &Caller::new(EN, HERE, an()),
            enabled_moves(public(&started))[tried],
        );
        tried += 1;
        let Some(turn) = clicked.effects.computer else {
            continue;
        };
        clock.advance_ms(TURN * 10);
        assert!(
            app.expire_turns().is_empty(),
            "the computer's turn has no deadline"
        );
        let board = computer_moves(&app, Some(turn)).expect("its move");
        if !enabled_moves(&board).is_empty() {
            break (app, clock, id);
        }
    };
    clock.advance_ms(TURN - 1);
    assert!(app.expire_turns().is_empty());
    clock.advance_ms(1);
    let edits = app.expire_turns();
    assert_eq!(edits.len(), 1);
    assert!(edits[0].msg.text.contains("<@11> ran out of time"));
    let tally = app
        .store()
        .bot_record(GameKind::Oaq, an().id)
        .expect("read")
        .tally(Level::Medium);
    assert_eq!(tally.losses, 1);
    assert_eq!(
        timed_out(
            &app.store()
                .game(GameId::new(id))
                .expect("read")
                .expect("game")
                .record
        ),
        Some(Seat::South)
    );
}

#[test]
fn a_rematch_between_people_is_a_challenge_with_the_first_player_swapped() {
    let (app, _clock) = app();
    let (id, _) = started(&app, FirstPlayer::Challenger);
    // An (South) moved first; Bình resigns.
    app.resign(&Caller::new(EN, HERE, binh()), GameKind::Oaq);
    let rematch = Action::Rematch {
        game: GameId::new(id),
    };
    assert!(
        private(&app.click(&Caller::new(EN, HERE, user(33, "Chi")), rematch))
            .contains("not playing")
    );
    let posted = app.click(&Caller::new(EN, HERE, binh()), rematch);
    let challenge = challenge_id(&posted);
    assert!(public(&posted).text.contains("<@22> challenges <@11>"));
    // The second click finds the channel busy with the rematch.
    assert!(private(&app.click(&Caller::new(EN, HERE, an()), rematch)).contains("challenge"));
    // Bình cannot accept their own rematch; An accepts and Bình, North last time, starts.
    assert!(
        !private(&app.click(&Caller::new(EN, HERE, binh()), Action::Accept { challenge }))
            .is_empty()
    );
    let board =
        public(&app.click(&Caller::new(EN, HERE, an()), Action::Accept { challenge })).clone();
    assert!(board.text.contains("<@22> moves first"), "{}", board.text);
    let record = app
        .store()
        .game(challenge.cast())
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.seats[0].id, binh().id);
    assert_eq!(rules_of(&record), Preset::Standard.rules());
}

#[test]
fn a_rematch_of_a_running_game_is_refused() {
    let (app, _clock) = app();
    let (id, _) = started(&app, FirstPlayer::Challenger);
    assert!(private(&app.click(
        &Caller::new(EN, HERE, an()),
        Action::Rematch {
            game: GameId::new(id)
        }
    ))
    .contains("still"));
}

#[test]
fn a_rematch_against_the_computer_starts_at_once_with_colours_swapped() {
    let (app, _clock) = app();
    let started = app.play_computer(&Caller::new(EN, HERE, an()), play_request(Level::Easy));
    let id = game_id(&started);
    app.resign(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    let again = app.click(
        &Caller::new(EN, HERE, an()),
        Action::Rematch {
            game: GameId::new(id),
        },
    );
    let second = game_id(&again);
    assert!(public(&again).text.contains("The computer moves first"));
    let turn = again.effects.computer.expect("the computer opens");
    assert_eq!(
        turn,
        ComputerTurn {
            game: GameId::new(second),
            ply: 0
        }
    );
    let board = computer_moves(&app, Some(turn)).expect("its move");
    assert!(!enabled_moves(&board).is_empty(), "An's turn");
    let record = app
        .store()
        .game(GameId::new(second))
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(record.seats[0].computer, Some(Level::Easy));
    assert_eq!(record.seats[1].id, an().id);
    assert_eq!(record.moves.len(), 1);
}
