//! Each refusal and each transition of the lifecycle, on events of bare player ids.

use super::*;
use crate::tournament::Outcome;

const ORGANISER: PlayerId = PlayerId::new(100);
const NOW: u64 = 1_000_000;

fn event(format: Format) -> Event<PlayerId> {
    Event::new(
        Setup {
            organiser: ORGANISER,
            format,
            manual: false,
            limit: None,
            starts_ms: None,
        },
        NOW,
    )
    .expect("a valid setup")
}

fn swiss(rounds: u32) -> Event<PlayerId> {
    event(Format::Swiss { rounds })
}

fn organiser() -> Actor {
    Actor {
        id: ORGANISER,
        manager: false,
    }
}

/// Game ids 1, 2, 3… from a counter, never failing.
fn ids(next: &mut u64) -> impl FnMut() -> Result<GameId, Refusal> + '_ {
    move || {
        *next += 1;
        Ok(GameId::new(*next))
    }
}

fn apply(event: &mut Event<PlayerId>, op: Op<PlayerId>) -> Result<Vec<Announcement>, Refusal> {
    let mut next = 1000
        + event
            .rounds
            .iter()
            .map(|p| p.games.len() as u64)
            .sum::<u64>();
    event.apply(op, ids(&mut next))
}

/// Player `n`.
fn u(n: u64) -> PlayerId {
    PlayerId::new(n)
}

/// Players numbered `players` join, each rated 1500 + their number.
fn join(event: &mut Event<PlayerId>, players: impl IntoIterator<Item = u64>) {
    for n in players {
        apply(
            event,
            Op::Join {
                player: u(n),
                rating: 1500.0 + n as f64,
            },
        )
        .expect("joins");
    }
}

/// Applies `op`, which must be refused with `refusal` and leave the event as it was.
fn refused(event: &mut Event<PlayerId>, op: Op<PlayerId>, refusal: Refusal) {
    let before = event.clone();
    assert_eq!(apply(event, op), Err(refusal));
    assert_eq!(*event, before, "a refusal changes nothing");
}

/// Gives every game of the current round a result: the first player wins.
fn finish_round(event: &mut Event<PlayerId>) {
    for game in event.pending_games() {
        apply(
            event,
            Op::Result {
                game,
                outcome: Outcome::FirstWins,
            },
        )
        .expect("a result");
    }
}

fn started(players: u64) -> Event<PlayerId> {
    let mut event = swiss(0);
    join(&mut event, 1..=players);
    apply(&mut event, Op::Start { by: organiser() }).expect("starts");
    event
}

#[test]
fn a_setup_is_checked() {
    let setup = |format, starts_ms, limit| Setup {
        organiser: ORGANISER,
        format,
        manual: false,
        limit,
        starts_ms,
    };
    assert_eq!(
        Event::new(setup(Format::Swiss { rounds: 21 }, None, None), NOW),
        Err(Refusal::RoundsRange { max: 20 })
    );
    assert!(Event::new(setup(Format::Swiss { rounds: 20 }, None, None), NOW).is_ok());
    assert_eq!(
        Event::new(setup(Format::Swiss { rounds: 0 }, Some(NOW), None), NOW),
        Err(Refusal::StartInPast)
    );
    let later = Event::new(
        setup(Format::Swiss { rounds: 0 }, Some(NOW + 1), Some(1)),
        NOW,
    )
    .expect("a start to come");
    assert_eq!(
        (later.stage, later.limit),
        (Stage::Open, None),
        "a limit of 1 is none"
    );
}

#[test]
fn joining_is_refused_twice_when_full_and_once_closed() {
    let mut event = swiss(0);
    event.limit = Some(2);
    join(&mut event, [1]);
    assert_eq!(event.entry(u(1)).map(|e| e.rating), Some(1501.0));
    let again = Op::Join {
        player: u(1),
        rating: 1.0,
    };
    refused(&mut event, again, Refusal::AlreadyIn);
    join(&mut event, [2]);
    let third = Op::Join {
        player: u(3),
        rating: 1.0,
    };
    refused(&mut event, third.clone(), Refusal::Full { limit: 2 });
    // A withdrawal before the start frees the place.
    apply(&mut event, Op::Leave { player: u(2) }).expect("leaves");
    apply(&mut event, third).expect("joins in the freed place");
    event.stage = Stage::Finished;
    let late = Op::Join {
        player: u(4),
        rating: 1.0,
    };
    refused(&mut event, late, Refusal::Closed);
}

#[test]
fn late_entries_are_for_swiss_tournaments_only() {
    let mut event = started(4);
    join(&mut event, [5]);
    assert_eq!(event.active().len(), 5);
    let mut robin = event_of(Format::RoundRobin { double: false }, 4);
    let late = Op::Join {
        player: u(5),
        rating: 1.0,
    };
    refused(&mut robin, late, Refusal::Closed);
}

fn event_of(format: Format, players: u64) -> Event<PlayerId> {
    let mut event = event(format);
    join(&mut event, 1..=players);
    apply(&mut event, Op::Start { by: organiser() }).expect("starts");
    event
}

#[test]
fn leaving_removes_before_the_start_and_withdraws_after_it() {
    let mut event = swiss(0);
    join(&mut event, [1, 2, 3]);
    apply(&mut event, Op::Leave { player: u(3) }).expect("leaves");
    assert!(event.entry(u(3)).is_none(), "gone before the start");
    refused(&mut event, Op::Leave { player: u(3) }, Refusal::NotIn);
    join(&mut event, [3]);
    apply(&mut event, Op::Start { by: organiser() }).expect("starts");
    apply(&mut event, Op::Leave { player: u(3) }).expect("withdraws");
    assert!(
        event.entry(u(3)).is_some_and(|e| e.withdrawn),
        "kept, withdrawn"
    );
    refused(&mut event, Op::Leave { player: u(3) }, Refusal::NotIn);
    event.stage = Stage::Finished;
    refused(&mut event, Op::Leave { player: u(1) }, Refusal::NotPlaying);
}

#[test]
fn only_the_organiser_or_a_manager_starts_cancels_and_advances() {
    let mut event = swiss(0);
    join(&mut event, [1, 2]);
    let stranger = Actor {
        id: u(1),
        manager: false,
    };
    let refusal = Refusal::OrganiserOnly {
        organiser: ORGANISER,
    };
    for op in [
        Op::Start { by: stranger },
        Op::Cancel { by: stranger },
        Op::NextRound { by: stranger },
    ] {
        refused(&mut event, op, refusal);
    }
    let manager = Actor {
        id: u(1),
        manager: true,
    };
    apply(&mut event, Op::Start { by: manager }).expect("a manager starts it");
    assert_eq!(event.stage, Stage::Playing);
}

#[test]
fn starting_needs_two_players_and_an_open_tournament() {
    let mut event = swiss(0);
    join(&mut event, [1]);
    refused(
        &mut event,
        Op::Start { by: organiser() },
        Refusal::NeedPlayers,
    );
    join(&mut event, [2]);
    let said = apply(&mut event, Op::Start { by: organiser() }).expect("starts");
    assert_eq!(event.stage, Stage::Playing);
    assert_eq!(event.planned, 1, "two players: one round");
    match said.as_slice() {
        [Announcement::RoundStarted {
            number: 1,
            of: 1,
            round,
        }] => assert_eq!(round.games.len(), 1),
        other => panic!("expected round 1 announced, got {other:?}"),
    }
    assert_eq!(event.rounds[0].games, [GameId::new(1001)]);
    refused(&mut event, Op::Start { by: organiser() }, Refusal::Closed);
}

#[test]
fn a_swiss_plays_log2_rounds_unless_told_and_never_more_than_n_minus_1() {
    for (players, rounds, planned) in [
        (2, 0, 1),
        (3, 0, 2),
        (4, 0, 2),
        (5, 0, 3),
        (8, 0, 3),
        (9, 0, 4),
        (4, 10, 3),
        (8, 5, 5),
    ] {
        let mut event = swiss(rounds);
        join(&mut event, 1..=players);
        apply(&mut event, Op::Start { by: organiser() }).expect("starts");
        assert_eq!(event.planned, planned, "{players} players, {rounds} asked");
    }
}

#[test]
fn a_round_robin_lays_out_its_schedule_at_the_start() {
    for (players, double, planned) in [(4, false, 3), (5, false, 5), (4, true, 6)] {
        let event = event_of(Format::RoundRobin { double }, players);
        assert_eq!(event.planned, planned);
        assert_eq!(event.schedule.len() as u32, planned);
        assert_eq!(event.rounds[0].round.games, event.schedule[0].games);
    }
    assert!(started(4).schedule.is_empty(), "a Swiss has no schedule");
}

#[test]
fn cancelling_is_for_a_running_tournament() {
    let mut event = started(2);
    apply(&mut event, Op::Cancel { by: organiser() }).expect("cancels");
    assert_eq!(
        (event.stage, event.cancelled_by),
        (Stage::Cancelled, Some(ORGANISER))
    );
    refused(
        &mut event,
        Op::Cancel { by: organiser() },
        Refusal::NotPlaying,
    );
}

#[test]
fn the_next_round_waits_for_the_last_result_then_the_end_names_the_winner() {
    let mut event = swiss(0);
    join(&mut event, [1, 2]);
    refused(
        &mut event,
        Op::NextRound { by: organiser() },
        Refusal::NotPlaying,
    );
    apply(&mut event, Op::Start { by: organiser() }).expect("starts");
    refused(
        &mut event,
        Op::NextRound { by: organiser() },
        Refusal::RoundNotOver,
    );
    let first = event.rounds[0].round.games[0].first;
    finish_round(&mut event);
    assert!(event.round_over());
    let said = apply(&mut event, Op::NextRound { by: organiser() }).expect("ends");
    assert_eq!(event.stage, Stage::Finished);
    assert_eq!(
        said,
        [Announcement::Won {
            winners: vec![first],
            points: Points::WIN
        }]
    );
}

#[test]
fn the_next_round_is_paired_with_fresh_game_ids() {
    let mut event = started(4);
    assert_eq!(event.planned, 2);
    finish_round(&mut event);
    let said = apply(&mut event, Op::NextRound { by: organiser() }).expect("pairs");
    assert!(matches!(
        said.as_slice(),
        [Announcement::RoundStarted {
            number: 2,
            of: 2,
            ..
        }]
    ));
    assert_eq!(event.rounds.len(), 2);
    assert!(event.rounds[1]
        .round
        .games
        .iter()
        .all(|g| g.outcome.is_none()));
    let mut ids: Vec<GameId> = event.rounds.iter().flat_map(|p| p.games.clone()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 4, "one id per game, never twice");
}

#[test]
fn a_result_fills_its_pairing_once_and_ignores_other_games() {
    let mut event = started(4);
    let game = event.rounds[0].games[0];
    let result = |outcome| Op::Result { game, outcome };
    apply(&mut event, result(Outcome::SecondWins)).expect("recorded");
    apply(&mut event, result(Outcome::FirstWins)).expect("ignored");
    assert_eq!(
        event.rounds[0].pairing(game).and_then(|p| p.outcome),
        Some(Outcome::SecondWins)
    );
    let before = event.clone();
    let stranger = Op::Result {
        game: GameId::new(1),
        outcome: Outcome::Draw,
    };
    apply(&mut event, stranger).expect("ignored");
    assert_eq!(event, before);
    assert_eq!(event.pending_games().len(), 1);
    assert!(!event.round_over());
}

#[test]
fn the_clock_starts_a_tournament_at_its_time_or_cancels_it() {
    let mut event = swiss(0);
    event.starts_ms = Some(NOW + 10);
    join(&mut event, [1, 2]);
    let before = event.clone();
    apply(&mut event, Op::Clock { now_ms: NOW + 9 }).expect("too early");
    assert_eq!(event, before);
    let said = apply(&mut event, Op::Clock { now_ms: NOW + 10 }).expect("starts");
    assert_eq!(event.stage, Stage::Playing);
    assert_eq!(said.len(), 1);
    let mut lonely = swiss(0);
    lonely.starts_ms = Some(NOW + 10);
    join(&mut lonely, [1]);
    let said = apply(&mut lonely, Op::Clock { now_ms: NOW + 10 }).expect("cancels");
    assert!(said.is_empty());
    assert_eq!(
        (lonely.stage, lonely.cancelled_by),
        (Stage::Cancelled, None)
    );
}

#[test]
fn the_clock_pairs_the_next_round_unless_the_organiser_does() {
    let mut event = started(4);
    apply(&mut event, Op::Clock { now_ms: NOW }).expect("round on");
    assert_eq!(event.rounds.len(), 1, "nothing while the round is on");
    finish_round(&mut event);
    let mut manual = event.clone();
    manual.manual = true;
    apply(&mut event, Op::Clock { now_ms: NOW }).expect("pairs");
    assert_eq!(event.rounds.len(), 2);
    let before = manual.clone();
    apply(&mut manual, Op::Clock { now_ms: NOW }).expect("waits");
    assert_eq!(manual, before, "the organiser starts each round");
    // …but the end comes by itself.
    apply(&mut manual, Op::NextRound { by: organiser() }).expect("pairs");
    finish_round(&mut manual);
    apply(&mut manual, Op::Clock { now_ms: NOW }).expect("ends");
    assert_eq!(manual.stage, Stage::Finished);
}

#[test]
fn a_round_robin_drops_the_later_games_of_a_withdrawn_player() {
    let mut event = event_of(Format::RoundRobin { double: false }, 4);
    finish_round(&mut event);
    apply(&mut event, Op::Leave { player: u(4) }).expect("withdraws");
    apply(&mut event, Op::Clock { now_ms: NOW }).expect("pairs");
    let round = &event.rounds[1].round;
    assert_eq!(
        round.games.len(),
        1,
        "the withdrawn player's game is not played"
    );
    assert!(round.game_of(u(4)).is_none());
    assert_eq!(event.rounds[1].games.len(), 1);
}

#[test]
fn the_event_ends_early_when_fewer_than_two_play_on() {
    let mut event = started(3);
    finish_round(&mut event);
    apply(&mut event, Op::Leave { player: u(1) }).expect("withdraws");
    apply(&mut event, Op::Leave { player: u(2) }).expect("withdraws");
    let said = apply(&mut event, Op::Clock { now_ms: NOW }).expect("ends");
    assert_eq!(event.stage, Stage::Finished);
    assert!(matches!(said.as_slice(), [Announcement::Won { .. }]));
}

#[test]
fn an_id_that_cannot_be_had_leaves_the_event_as_it_was() {
    let mut event = swiss(0);
    join(&mut event, [1, 2, 3, 4]);
    let before = event.clone();
    let mut given = 0;
    let failing = || {
        given += 1;
        if given > 1 {
            Err(Refusal::Closed)
        } else {
            Ok(GameId::new(given))
        }
    };
    assert!(event.apply(Op::Start { by: organiser() }, failing).is_err());
    assert_eq!(event, before);
}

#[test]
fn rounds_shown_before_the_start_follow_the_entries() {
    let mut robin = event(Format::RoundRobin { double: true });
    assert_eq!(robin.rounds_shown(), 2, "two players at least");
    join(&mut robin, 1..=5);
    assert_eq!(robin.rounds_shown(), 10);
    assert_eq!(swiss(0).rounds_shown(), 0);
    assert_eq!(started(4).rounds_shown(), 2);
}
