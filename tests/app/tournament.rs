//! Issue 29: tournaments through the app — entries, the organiser's buttons, late entries,
//! rounds the organiser starts, a start time, cancelling, and what the sweep owes Discord.

use super::*;
use oaq_bot::app::{PairingStart, TournamentClick, TournamentOp, TournamentRequest};
use oaq_bot::ids::UserId;
use oaq_bot::store::{Format, OwedKey, Stage};

fn swiss(rounds: u32) -> TournamentRequest {
    TournamentRequest {
        rules: RuleChoice::Oaq(OaqChoice::default()),
        format: Format::Swiss { rounds },
        turn_s: None,
        manual: false,
        limit: None,
        starts_s: None,
    }
}

fn players(count: u64) -> Vec<UserRef> {
    (1..=count)
        .map(|i| user(100 + i, &format!("P{i}")))
        .collect()
}

/// Creates a tournament as `organiser` in `place`; returns its id.
fn create(
    app: &App,
    place: Place,
    organiser: &UserRef,
    request: TournamentRequest,
) -> TournamentId {
    let response = app.new_tournament(&Caller::new(EN, place, organiser.clone()), request);
    match response.reply {
        Reply::Post {
            track: Some(Track::Tournament(id)),
            ref msg,
        } => {
            check_limits(msg);
            id
        }
        other => panic!("expected the tournament message, got {other:?}"),
    }
}

fn press(app: &App, place: Place, who: &UserRef, id: TournamentId, op: TournamentOp) -> Response {
    let click = TournamentClick {
        tournament: id,
        op,
        manager: false,
        clicked: None,
    };
    app.tournament_click(&Caller::new(EN, place, who.clone()), click)
}

/// Opens a thread for each pairing the sweep lists (thread id = game id + 1) and starts its
/// game; returns (thread, first, second) for each.
fn start_games(app: &App, starts: &[PairingStart]) -> Vec<(u64, u64, u64)> {
    starts
        .iter()
        .map(|start| {
            let thread = start.game.get() + 1_000_000;
            let edit = app
                .open_pairing(start, ChannelId::new(thread))
                .expect("a board to post");
            assert_eq!(edit.channel, ChannelId::new(thread));
            assert!(edit.message.is_none(), "posted as a new message");
            check_limits(&edit.msg);
            assert!(
                app.open_pairing(start, ChannelId::new(thread)).is_none(),
                "started once"
            );
            let game = app
                .store()
                .game(start.game)
                .expect("readable")
                .expect("game");
            let seats = &game.record.seats;
            (thread, seats[0].id.get(), seats[1].id.get())
        })
        .collect()
}

fn resign(app: &App, thread: u64, loser: u64, all: &[UserRef]) {
    let who = all
        .iter()
        .find(|u| u.id == UserId::new(loser))
        .expect("player");
    let place = Place {
        guild: HERE.guild,
        channel: ChannelId::new(thread),
    };
    let response = app.resign(&Caller::new(EN, place, who.clone()), GameKind::Oaq);
    assert!(
        matches!(response.reply, Reply::Post { .. } | Reply::Update(_)),
        "{response:?}"
    );
}

#[test]
fn entries_and_the_organisers_buttons() {
    let (app, _) = app();
    let all = players(3);
    let id = create(&app, HERE, &all[0], swiss(0));
    // Joining twice, leaving without having joined, and starting alone are refused.
    public(&press(&app, HERE, &all[1], id, TournamentOp::Join));
    let again = press(&app, HERE, &all[1], id, TournamentOp::Join);
    assert!(private(&again).contains("already entered"));
    assert!(private(&press(&app, HERE, &all[2], id, TournamentOp::Leave)).contains("not entered"));
    assert!(private(&press(&app, HERE, &all[0], id, TournamentOp::Start)).contains("at least two"));
    // A player who is not the organiser may not start it; Manage Server may.
    public(&press(&app, HERE, &all[2], id, TournamentOp::Join));
    assert!(
        private(&press(&app, HERE, &all[1], id, TournamentOp::Start))
            .contains("Only the organiser")
    );
    // The click learns the message it was made on, if the bot had not read its id back.
    let click = TournamentClick {
        tournament: id,
        op: TournamentOp::Start,
        manager: true,
        clicked: Some(MessageId::new(4242)),
    };
    let started = app.tournament_click(&Caller::new(EN, HERE, all[2].clone()), click);
    let msg = public(&started);
    assert!(msg.text.contains("Round 1 of 1"), "{}", msg.text);
    assert!(
        started.effects.tournaments,
        "the round's games are owed at once"
    );
    assert_eq!(msg.files.len(), 1, "the pairings picture");
    // A button of another channel's tournament is refused.
    let elsewhere = Place {
        guild: HERE.guild,
        channel: ChannelId::new(999),
    };
    let refused = press(&app, elsewhere, &all[1], id, TournamentOp::Leave);
    assert!(matches!(refused.reply, Reply::Private(_)));
    let record = app
        .store()
        .tournament(id)
        .expect("readable")
        .expect("there")
        .record;
    assert_eq!(record.event.stage, Stage::Playing);
    assert_eq!(record.event.planned, 1, "two players: one round");
    assert_eq!(record.message, Some(MessageId::new(4242)));
}

#[test]
fn a_late_entry_plays_from_the_next_swiss_round_and_a_round_robin_takes_none() {
    let (app, _) = app();
    let all = players(4);
    let id = create(&app, HERE, &all[0], swiss(2));
    for p in &all[..3] {
        public(&press(&app, HERE, p, id, TournamentOp::Join));
    }
    public(&press(&app, HERE, &all[0], id, TournamentOp::Start));
    let starts = app.tournament_work();
    assert_eq!(starts.len(), 1, "three players: one game and a bye");
    let games = start_games(&app, &starts);
    assert!(app.tournament_work().is_empty(), "nothing more to start");
    // The fourth player enters during round 1.
    public(&press(&app, HERE, &all[3], id, TournamentOp::Join));
    let (thread, first, _) = games[0];
    resign(&app, thread, first, &all);
    // The game is in the server's history, marked as the tournament's.
    let history = app.history(&Caller::new(EN, HERE, all[0].clone()), GameKind::Oaq, None);
    let text = match &history.reply {
        Reply::Post { msg, .. } | Reply::Private(msg) | Reply::Update(msg) => msg.text.clone(),
        Reply::Launch => panic!("expected the history, got a launch"),
    };
    assert!(text.contains("· Swiss tournament, round 1"), "{text}");
    let starts = app.tournament_work();
    assert_eq!(starts.len(), 2, "round 2: four players, two games");
    let record = app
        .store()
        .tournament(id)
        .expect("readable")
        .expect("there")
        .record;
    let round = &record.event.rounds[1].round;
    assert!(round.byes.is_empty());
    assert!(
        round.game_of(all[3].id).is_some(),
        "the late entry is paired"
    );

    // A round-robin's schedule is fixed at the start.
    let other = Place {
        guild: HERE.guild,
        channel: ChannelId::new(101),
    };
    let request = TournamentRequest {
        format: Format::RoundRobin { double: false },
        ..swiss(0)
    };
    let robin = create(&app, other, &all[0], request);
    for p in &all[..2] {
        public(&press(&app, other, p, robin, TournamentOp::Join));
    }
    public(&press(&app, other, &all[0], robin, TournamentOp::Start));
    let late = press(&app, other, &all[2], robin, TournamentOp::Join);
    assert!(private(&late).contains("no more entries"));
    // Two tournaments run at once in one server: the withdraw command takes the one of the
    // channel it is typed in.
    let answer = app.tournament_withdraw(&Caller::new(EN, other, all[1].clone()), GameKind::Oaq);
    assert!(private(&answer).contains("withdrawn"));
    let robin = app
        .store()
        .tournament(robin)
        .expect("readable")
        .expect("there")
        .record;
    assert!(robin.event.entry(all[1].id).expect("entered").withdrawn);
    let swiss = app
        .store()
        .tournament(id)
        .expect("readable")
        .expect("there")
        .record;
    assert!(!swiss.event.entry(all[1].id).expect("entered").withdrawn);
}

#[test]
fn rounds_the_organiser_starts_wait_for_next_round() {
    let (app, _) = app();
    let all = players(4);
    let request = TournamentRequest {
        manual: true,
        ..swiss(2)
    };
    let id = create(&app, HERE, &all[0], request);
    for p in &all {
        public(&press(&app, HERE, p, id, TournamentOp::Join));
    }
    public(&press(&app, HERE, &all[0], id, TournamentOp::Start));
    let games = start_games(&app, &app.tournament_work());
    assert!(
        private(&press(&app, HERE, &all[0], id, TournamentOp::Next)).contains("still being played")
    );
    for &(thread, first, _) in &games {
        resign(&app, thread, first, &all);
    }
    assert!(
        app.tournament_work().is_empty(),
        "round 2 waits for the organiser"
    );
    let record = app
        .store()
        .tournament(id)
        .expect("readable")
        .expect("there")
        .record;
    assert_eq!(record.event.rounds.len(), 1);
    assert!(
        private(&press(&app, HERE, &all[1], id, TournamentOp::Next)).contains("Only the organiser")
    );
    let next = press(&app, HERE, &all[0], id, TournamentOp::Next);
    assert!(public(&next).text.contains("Round 2 of 2"));
    assert_eq!(
        public(&next).files.len(),
        2,
        "pairings, and the standings after round 1"
    );
    let samples = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../render-samples");
    if std::fs::create_dir_all(&samples).is_ok() {
        for file in &public(&next).files {
            let _ = std::fs::write(samples.join(format!("round-{}", file.name)), &file.bytes);
        }
    }
    assert_eq!(app.tournament_work().len(), 2);
}

#[test]
fn a_start_time_starts_it_or_cancels_it_for_want_of_players() {
    let (app, clock) = app();
    let all = players(2);
    let now_s = 1_700_000_000;
    let past = TournamentRequest {
        starts_s: Some(now_s - 1),
        ..swiss(0)
    };
    let refused = app.new_tournament(&Caller::new(EN, HERE, all[0].clone()), past);
    assert!(private(&refused).contains("has passed"));
    let at = TournamentRequest {
        starts_s: Some(now_s + 60),
        ..swiss(0)
    };
    let id = create(&app, HERE, &all[0], at.clone());
    let lonely = create(
        &app,
        Place {
            guild: HERE.guild,
            channel: ChannelId::new(102),
        },
        &all[0],
        at,
    );
    for p in &all {
        public(&press(&app, HERE, p, id, TournamentOp::Join));
    }
    assert!(app.tournament_work().is_empty(), "not yet");
    clock.advance_ms(60_000);
    let starts = app.tournament_work();
    assert_eq!(starts.len(), 1, "started by itself");
    let record = app
        .store()
        .tournament(id)
        .expect("readable")
        .expect("there")
        .record;
    assert_eq!(record.event.stage, Stage::Playing);
    let lonely = app
        .store()
        .tournament(lonely)
        .expect("readable")
        .expect("there")
        .record;
    assert_eq!(lonely.event.stage, Stage::Cancelled);
    assert_eq!(lonely.event.cancelled_by, None);
    // The sweep that started it owes its message and the round's announcement.
    let owed: Vec<OwedKey> = app
        .store()
        .owed()
        .into_iter()
        .map(|e| e.expect("readable").0)
        .collect();
    assert!(owed.contains(&OwedKey::Tournament(id)), "{owed:?}");
    let edits = app.due_edits(oaq_bot::app::Scan {
        all: true,
        urgent: &[],
        busy: &Default::default(),
    });
    let announcement = edits
        .iter()
        .find(|e| e.msg.text.contains("has started"))
        .expect("the round's announcement");
    assert!(announcement.message.is_none(), "posted as a new message");
    let message = edits
        .iter()
        .find(|e| e.key == OwedKey::Tournament(id))
        .expect("the tournament message");
    assert_eq!(message.msg.files.len(), 1);
}

#[test]
fn a_cancelled_tournament_takes_nothing_more_and_its_lists_say_so() {
    let (app, _) = app();
    let all = players(2);
    let none = app.tournament_list(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    assert!(private(&none).contains("No Ô ăn quan tournament"));
    let id = create(&app, HERE, &all[0], swiss(0));
    public(&press(&app, HERE, &all[1], id, TournamentOp::Join));
    assert!(
        private(&press(&app, HERE, &all[1], id, TournamentOp::Cancel))
            .contains("Only the organiser")
    );
    let cancelled = press(&app, HERE, &all[0], id, TournamentOp::Cancel);
    let msg = public(&cancelled);
    assert!(msg.text.contains("cancelled by <@101>"), "{}", msg.text);
    assert!(msg.rows.is_empty());
    assert!(
        private(&press(&app, HERE, &all[0], id, TournamentOp::Join)).contains("no more entries")
    );
    let list = app.tournament_list(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    assert!(private(&list).contains("cancelled"), "{}", private(&list));
    let standings = app.tournament_standings(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    assert!(private(&standings).contains("no Ô ăn quan tournament"));
    let dm = Place {
        guild: None,
        channel: ChannelId::new(5),
    };
    assert!(
        private(&app.new_tournament(&Caller::new(EN, dm, all[0].clone()), swiss(0)))
            .contains("servers")
    );
}

#[test]
fn a_tournament_message_whose_post_failed_is_posted_by_the_outbox_and_learned() {
    let (app, _) = app();
    let all = players(1);
    let id = create(&app, HERE, &all[0], swiss(0));
    assert_eq!(app.tournament_unposted(id), [OwedKey::Tournament(id)]);
    let edits = app.due_edits(oaq_bot::app::Scan {
        all: true,
        urgent: &[],
        busy: &Default::default(),
    });
    let edit = edits
        .iter()
        .find(|e| e.key == OwedKey::Tournament(id))
        .expect("the message to post");
    assert_eq!((edit.channel, edit.message), (HERE.channel, None));
    assert!(edit.msg.text.contains("Swiss tournament"));
    app.edit_sent(
        edit,
        oaq_bot::app::Sent::Done {
            posted: Some(MessageId::new(77)),
        },
    );
    let record = app
        .store()
        .tournament(id)
        .expect("readable")
        .expect("there")
        .record;
    assert_eq!(record.message, Some(MessageId::new(77)));
    assert!(app
        .store()
        .owed_at(OwedKey::Tournament(id))
        .expect("readable")
        .is_none());
    assert!(app.tournament_unposted(id).is_empty(), "it has its message");
}

/// Whether `due` holds a wake-up (without waiting for one).
fn woken(due: &tokio::sync::Notify) -> bool {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        tokio::time::timeout(std::time::Duration::from_millis(20), due.notified())
            .await
            .is_ok()
    })
}

/// Issue 47: every drawing of a tournament game's board carries its tournament line (not only
/// the first: `/oaq board` and the outbox redraw it from the record), and the round's last
/// result wakes the tournament worker at once.
#[test]
fn issue_47_a_tournament_board_always_says_its_round_and_its_end_wakes_the_worker() {
    let (app, _) = app();
    let all = players(4);
    let id = create(&app, HERE, &all[0], swiss(2));
    for p in &all {
        public(&press(&app, HERE, p, id, TournamentOp::Join));
    }
    public(&press(&app, HERE, &all[0], id, TournamentOp::Start));
    let games = start_games(&app, &app.tournament_work());
    let due = app.tournament_due();
    assert!(!woken(&due), "nothing is due before a game ends");
    // The bot killed right after creating the games, before posting their boards: the boards
    // the outbox owes are drawn from the records, tournament line included.
    let owed = app.due_edits(oaq_bot::app::Scan {
        all: true,
        urgent: &[],
        busy: &Default::default(),
    });
    for &(thread, first, second) in &games {
        let board = owed
            .iter()
            .find(|e| e.channel == ChannelId::new(thread))
            .expect("the board the outbox owes");
        let line = format!("Tournament, round 1: <@{first}> moves first against <@{second}>.");
        assert!(board.msg.text.starts_with(&line), "{}", board.msg.text);
    }
    for &(thread, first, second) in &games {
        let place = Place {
            guild: HERE.guild,
            channel: ChannelId::new(thread),
        };
        let board = app.board(&Caller::new(EN, place, an()), GameKind::Oaq);
        let line = format!("Tournament, round 1: <@{first}> moves first against <@{second}>.");
        assert!(
            public(&board).text.starts_with(&line),
            "{}",
            public(&board).text
        );
    }
    let (thread, first, _) = games[0];
    resign(&app, thread, first, &all);
    assert!(woken(&due), "a tournament game's end wakes the worker");
    let (thread, first, _) = games[1];
    resign(&app, thread, first, &all);
    assert!(woken(&due), "the round's last result wakes the worker");
    let next = app.tournament_work();
    assert_eq!(next.len(), 2, "round 2 is paired by that wake-up's sweep");
    for &(thread, first, second) in &start_games(&app, &next) {
        let place = Place {
            guild: HERE.guild,
            channel: ChannelId::new(thread),
        };
        let board = app.board(&Caller::new(EN, place, an()), GameKind::Oaq);
        assert!(public(&board).text.starts_with(&format!(
            "Tournament, round 2: <@{first}> moves first against <@{second}>."
        )));
    }
}

/// Issue 53: the announcement of a round of 60 boards, every player with a 20-digit id, fits
/// in a message: as many boards as fit, then how many more there are (the pairings picture
/// on the tournament message has them all).
#[test]
fn a_round_of_sixty_boards_is_announced_within_a_message() {
    use oaq_bot::store::{Owed, OwedWrite};
    let (app, _) = app();
    let all: Vec<UserRef> = (0..120)
        .map(|i| user(18_446_744_073_709_551_000 + i, &format!("P{i}")))
        .collect();
    let id = create(&app, HERE, &all[0], swiss(0));
    for player in &all {
        public(&press(&app, HERE, player, id, TournamentOp::Join));
    }
    public(&press(&app, HERE, &all[0], id, TournamentOp::Start));
    let notes: Vec<String> = app
        .store()
        .owed()
        .into_iter()
        .filter_map(|item| match item.expect("readable").1 {
            Owed {
                write: OwedWrite::Note(note),
                ..
            } => Some(note.text),
            _ => None,
        })
        .collect();
    let [announcement] = &notes[..] else {
        panic!("one announcement: {notes:?}");
    };
    assert!(announcement.chars().count() <= 2000, "{announcement}");
    let boards = announcement
        .lines()
        .filter(|l| l.starts_with("Board "))
        .count();
    assert!(boards >= 20, "{announcement}");
    assert!(
        announcement.contains(&format!("…and {} more boards", 60 - boards)),
        "{announcement}"
    );
}

/// Issue 53: `tournament list` at its largest (40 tournaments of a server, every id of their
/// links as long as it can be, both languages) fits in a message: the newest that fit.
#[test]
fn the_tournament_list_fits_at_its_largest() {
    let (app, _) = app();
    const BIG: u64 = 18_446_744_073_709_551_000;
    let organiser = user(BIG, "Nguyễn Thị Ánh Hồng Phương Thảo Nguyên");
    for i in 0..40 {
        let place = Place {
            guild: Some(GuildId::new(BIG)),
            channel: ChannelId::new(BIG - i),
        };
        let id = create(&app, place, &organiser, swiss(0));
        app.record_message(Track::Tournament(id), MessageId::new(BIG - 100 - i));
    }
    let here = Place {
        guild: Some(GuildId::new(BIG)),
        channel: ChannelId::new(1),
    };
    for locale in Locale::ALL {
        let list = app.tournament_list(&Caller::new(locale, here, an()), GameKind::Oaq);
        let text = private(&list);
        let shown = text.lines().filter(|l| l.starts_with('•')).count();
        assert!((5..40).contains(&shown), "{shown} of 40: {text}");
        assert!(
            text.contains(&format!("/{}/{}", BIG - 39, BIG - 139)),
            "the newest first: {text}"
        );
    }
}
