//! Issue 11: the third game through the same seam. Chinese checkers is challenged, played from
//! its menus, resigned and rated by the shell; a table of three seats takes a seat out and the
//! others play on.

use super::*;
use oaq_bot::app::games::chinese_checkers::CheckersChoice;
use oaq_bot::app::games::{RuleChoice, Table};
use oaq_bot::store::{GameKind, GameRecord, Player, Retired, Retirement};

fn menu_moves(msg: &Msg) -> Vec<Action> {
    msg.selects
        .iter()
        .flat_map(|s| {
            s.options
                .iter()
                .filter_map(|o| s.action.with_choice(&o.value))
        })
        .collect()
}

#[test]
fn chinese_checkers_is_played_through_the_shell_and_rated_on_its_own_board() {
    let (app, _clock) = app();
    let request = ChallengeRequest {
        opponent: Some(binh()),
        rules: RuleChoice::ChineseCheckers(CheckersChoice),
        first: Some(FirstPlayer::Challenger),
    };
    let posted = app.challenge(EN, HERE, &an(), request);
    assert!(public(&posted).text.contains("**Chinese checkers**"));
    let id = challenge_id(&posted);
    let board = public(&app.click(EN, HERE, &binh(), Action::Accept { challenge: id })).clone();
    assert!(board.picture().is_some_and(|p| p.starts_with(b"\x89PNG")));
    let moves = menu_moves(&board);
    assert!(!moves.is_empty() && board.selects.iter().all(|s| s.options.len() <= 25));
    let after = public(&app.click(EN, HERE, &an(), moves[0])).clone();
    assert!(after.text.contains("<@11> moved"), "{}", after.text);
    assert!(after.text.contains("<@22>"), "Bình to move: {}", after.text);
    app.click(EN, HERE, &binh(), Action::ConfirmResign { game: id });
    let finished = app.store().finished(id).expect("read").expect("kept");
    assert_eq!(finished.record.places, vec![0, 1], "Bình left: An first");
    let board = app
        .store()
        .leaderboard(GameKind::ChineseCheckers, 1, 0, 10)
        .expect("board");
    assert_eq!(board.total, 2);
    assert_eq!(board.rows[0].1.user, an().id);
    // Chinese checkers is rated by Weng-Lin on the Glicko scale (1500 ± 500 at the start).
    let changes = finished.record.ratings.expect("rated");
    assert_eq!(changes[0].before.deviation.round(), 500.0);
    assert!(changes[0].after.rating > 1500.0 && changes[1].after.rating < 1500.0);
}

/// A game of three seats replayed from a record whose second seat resigned after the first
/// move: that seat is skipped, and the places, once the others leave, put it last.
#[test]
fn a_three_seat_table_skips_a_seat_that_left_and_ranks_it_last() {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice)
        .rules(&Default::default())
        .expect("rules");
    let mut table = Table::start(GameKind::ChineseCheckers, &rules, 3).expect("three seats");
    assert_eq!(Table::seat_counts(GameKind::ChineseCheckers), &[2, 3, 4, 6]);
    assert!(Table::start(GameKind::ChineseCheckers, &rules, 5).is_err());
    let first = table.legal_moves()[0].value.clone();
    let player = |id| Player {
        id,
        name: format!("P{id}"),
        computer: None,
    };
    let mut record = GameRecord {
        id: 1,
        guild: Some(1),
        channel: 1,
        message: None,
        kind: GameKind::ChineseCheckers,
        seats: vec![player(1), player(2), player(3)],
        rules,
        start: table.start_text(),
        moves: vec![first.clone()],
        retired: vec![Retired {
            seat: 1,
            why: Retirement::Resigned,
            ply: 1,
        }],
        created_ms: 0,
        locale: Locale::English,
        turn_ms: None,
        deadline_ms: None,
    };
    table.play(&first).expect("legal");
    assert_eq!(table.to_move(), Some(1));
    let replayed = Table::replay(&record).expect("replays");
    assert_eq!(replayed.to_move(), Some(2), "seat 1 left: seat 2 moves");
    assert_eq!(replayed.places(), None, "two still play");
    record.retired.push(Retired {
        seat: 2,
        why: Retirement::TimedOut,
        ply: 1,
    });
    let over = Table::replay(&record).expect("replays");
    assert_eq!(
        over.places(),
        Some(vec![0, 1, 1]),
        "the two who left share the last place"
    );
}
