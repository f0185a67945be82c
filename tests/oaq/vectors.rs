//! Every test vector (A1–A18) and the perft table of `specs/oaq.md`.

use oaq_bot::games::oaq::{
    EndReason, Event, Game, IllegalMove, Move, Outcome, Position, Preset, RefillShort, Rules, Seat,
    MAX_PLIES,
};

const START: &str = "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0";

fn rules(preset: Preset, options: &[&str]) -> Rules {
    let mut rules = preset.rules();
    for option in options {
        rules.set_pair(option).expect("test rule options are valid");
    }
    rules
}

fn play(rules: Rules, before: &str, mv: &str) -> Result<String, IllegalMove> {
    let position = Position::parse(before, rules).expect("vector positions are valid");
    let mv: Move = mv.parse().expect("vector moves are well formed");
    let after = position.play(mv)?;
    assert_eq!(
        after.total_points(),
        position.total_points(),
        "points are conserved"
    );
    Ok(after.to_string())
}

macro_rules! vector {
    ($name:ident, $preset:ident [$($opt:expr),*], $before:expr, $mv:expr => $after:expr) => {
        #[test]
        fn $name() {
            let rules = rules(Preset::$preset, &[$($opt),*]);
            assert_eq!(play(rules, $before, $mv).as_deref(), Ok($after));
        }
    };
}

vector!(a1_capture_a_mandarin_on_move_one, Standard [], START, "1-"
    => "0,0,6,6,6,6,1,0,6,6,6,6 -Q 11,0 n 1");
vector!(a2_young_mandarin_protects, Young [], START, "1-"
    => "1,0,6,6,6,6,1,0,6,6,6,6 QQ 0,0 n 1");
vector!(a3_relay_through_the_opponents_row, Standard [], START, "3+"
    => "1,6,6,0,0,6,1,6,6,0,6,6 QQ 6,0 n 1");
vector!(a4_chain_through_an_occupied_mandarin_square, Standard [],
    "0,1,0,0,3,0,4,0,2,0,0,5 QQ 20,15 s 7", "1+"
    => "0,0,1,0,0,0,0,0,0,0,0,5 Q- 39,15 n 8");
vector!(a5_young_mandarin_protects_east, Young [],
    "0,1,0,0,3,0,4,0,2,0,0,5 QQ 20,15 s 7", "1+"
    => "0,0,1,0,0,0,4,0,2,0,0,5 QQ 23,15 n 8");
vector!(a6_two_empty_squares_end_the_turn, Standard [],
    "0,1,0,0,0,5,0,5,5,5,5,5 QQ 14,10 s 9", "1+"
    => "0,0,1,0,0,5,0,5,5,5,5,5 QQ 14,10 n 10");
vector!(a7_occupied_mandarin_next_ends_the_turn, Standard [],
    "0,0,0,0,1,0,0,5,5,5,5,5 QQ 14,10 s 9", "4+"
    => "0,0,0,0,0,1,0,5,5,5,5,5 QQ 14,10 n 10");
vector!(a8_take_one_regional_variant, Standard ["next_quan_nonempty=take_one"],
    "0,0,0,0,1,0,3,0,0,4,0,2 QQ 25,15 s 11", "4+"
    => "0,0,0,0,0,1,2,1,0,0,0,0 QQ 31,15 n 12");
vector!(a9_empty_mandarin_next_ends_the_turn_in_standard, Standard [],
    "0,0,0,0,1,0,0,7,1,1,1,1 Q- 30,18 s 12", "4+"
    => "0,0,0,0,0,1,0,7,1,1,1,1 Q- 30,18 n 13");
vector!(a10_empty_mandarin_is_a_gap_in_folk, Folk [],
    "0,0,0,0,1,0,0,7,1,1,1,1 Q- 30,18 s 12", "4+"
    => "0,0,0,0,0,1,0,0,1,1,1,1 Q- 37,18 n 13");
vector!(a11_a_twelve_stone_lap_refills_the_origin, Standard [],
    "0,0,0,0,0,12,0,0,0,0,0,0 QQ 20,18 s 14", "5+"
    => "1,1,1,1,1,1,1,1,1,1,1,1 QQ 20,18 n 15");
vector!(a12_last_mandarin_captured_ends_the_game, Standard [],
    "0,0,0,1,0,0,2,3,0,4,0,0 -Q 30,20 s 15", "3+"
    => "0,0,0,0,0,0,0,0,0,0,0,0 -- 43,27 - 16");
vector!(a13_folk_ends_only_when_both_mandarin_squares_are_empty, Folk [],
    "3,0,0,1,0,0,2,3,0,4,0,0 -Q 30,20 s 15", "3+"
    => "3,0,0,0,1,0,0,3,0,4,0,0 -- 42,20 n 16");
vector!(a14_north_borrows_to_refill, Folk [],
    "0,0,0,0,0,1,0,0,2,0,1,0 QQ 43,3 s 16", "5+"
    => "0,0,0,0,0,0,1,1,1,1,1,1 -Q 56,-2 n 17");
vector!(a15_north_to_move, Standard [], "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 n 1", "9+"
    => "1,6,6,0,6,6,1,6,6,0,0,6 QQ 0,6 s 2");
vector!(a18_mandarin_worth_five, Standard ["quan_value=5"], START, "1-"
    => "0,0,6,6,6,6,1,0,6,6,6,6 -Q 6,0 n 1");

#[test]
fn a16_an_empty_square_cannot_be_played() {
    let result = play(
        Rules::standard(),
        "0,0,5,5,5,5,0,5,5,5,5,5 QQ 5,0 s 2",
        "1+",
    );
    assert_eq!(
        result,
        Err(IllegalMove::EmptySquare(
            "1+".parse::<Move>().unwrap().square
        ))
    );
}

#[test]
fn a17_first_move_mandarin_capture_forbidden() {
    let rules = rules(Preset::Standard, &["no_first_quan=illegal"]);
    assert_eq!(
        play(rules, START, "1-"),
        Err(IllegalMove::FirstMoveMandarinCapture)
    );
    let start = Position::start(rules);
    let moves: Vec<String> = start.legal_moves().iter().map(Move::to_string).collect();
    assert!(
        !moves.contains(&"1-".to_owned()),
        "legal_moves agrees: {moves:?}"
    );
    assert!(moves.contains(&"3+".to_owned()));
}

#[test]
fn no_first_quan_stop_ends_the_chain_in_front_of_the_mandarin() {
    let rules = rules(Preset::Standard, &["no_first_quan=stop"]);
    // As A1, but the chain stops before the West mandarin: nothing is captured.
    assert_eq!(
        play(rules, START, "1-").as_deref(),
        Ok("1,0,6,6,6,6,1,0,6,6,6,6 QQ 0,0 n 1")
    );
}

/// Under `illegal`, exactly the moves that would capture a mandarin are missing, on the
/// game's first move (ply 0, whoever makes it) and on no later move. (Issue 10 changed the
/// two North positions at ply 1 from restricted to free: the rule is the game's first move
/// only, not each player's.)
#[test]
fn no_first_quan_illegal_removes_exactly_the_mandarin_captures_of_the_first_move() {
    let strict = rules(Preset::Standard, &["no_first_quan=illegal"]);
    let free = Rules::standard();
    let positions = [
        (START, true),
        ("0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 n 0", true),
        ("1,6,6,0,0,6,1,6,6,0,6,6 QQ 6,0 n 1", false),
        ("0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 n 1", false),
        ("1,6,6,0,6,6,1,6,6,0,0,6 QQ 0,6 s 2", false),
    ];
    let mut removed = 0;
    for (text, first) in positions {
        let strict_moves = Position::parse(text, strict).unwrap().legal_moves();
        let free_position = Position::parse(text, free).unwrap();
        for &mv in free_position.legal_moves().iter() {
            let (_, events) = free_position.play_with_events(mv).unwrap();
            let takes_quan = events
                .iter()
                .any(|e| matches!(e, Event::Capture { quan: true, .. }));
            let forbidden = first && takes_quan;
            removed += usize::from(forbidden);
            assert_eq!(strict_moves.contains(&mv), !forbidden, "{text} {mv}");
        }
    }
    assert!(
        removed >= 2,
        "the positions exercise the rule ({removed} removed)"
    );
}

/// Issue 10: `no_first_quan` restricts the game's first move only (ply 0), as the seed app's
/// "no mandarin capture on the first turn" and the one open engine with this option do. In a
/// real game, South's first move may not take a mandarin; North's first move, the reply, may.
#[test]
fn issue_10_no_first_quan_restricts_souths_first_move_but_not_norths() {
    let quan_captured = |events: &[Event]| {
        events
            .iter()
            .any(|e| matches!(e, Event::Capture { quan: true, .. }))
    };
    for option in ["no_first_quan=illegal", "no_first_quan=stop"] {
        let rules = rules(Preset::Standard, &[option]);
        let mut game = Game::new(Position::start(rules));
        // South's first move: `1-` would take the West mandarin (A1).
        let south = "1-".parse::<Move>().unwrap();
        match game.position().play_with_events(south) {
            Err(e) => assert_eq!(e, IllegalMove::FirstMoveMandarinCapture, "{option}"),
            Ok((_, events)) => assert!(!quan_captured(&events), "{option}: the chain stops"),
        }
        game.play("3+".parse::<Move>().unwrap())
            .expect("A3 is legal");
        assert_eq!(
            game.position().to_string(),
            "1,6,6,0,0,6,1,6,6,0,6,6 QQ 6,0 n 1"
        );
        // North's first move: the same as under the standard rules, mandarin included.
        let free = Position::parse(&game.position().to_string(), Rules::standard()).unwrap();
        let takers: Vec<Move> = free
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| quan_captured(&free.play_with_events(mv).unwrap().1))
            .collect();
        assert!(!takers.is_empty(), "North can take a mandarin here");
        assert_eq!(
            game.position().legal_moves()[..],
            free.legal_moves()[..],
            "{option}"
        );
        for mv in takers {
            let (after, events) = game.position().play_with_events(mv).expect("legal");
            assert!(quan_captured(&events), "{option} {mv}");
            assert_eq!(
                after.to_string(),
                free.play(mv).unwrap().to_string(),
                "{option} {mv}"
            );
        }
    }
}

#[test]
fn the_events_of_a1_tell_the_whole_move() {
    let start = Position::start(Rules::standard());
    let (_, events) = start.play_with_events("1-".parse().unwrap()).unwrap();
    let sq = |i: u8| oaq_bot::games::oaq::Square::new(i).unwrap();
    assert_eq!(
        events[0],
        Event::Lift {
            square: sq(1),
            citizens: 5
        }
    );
    let sown: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Sow { square } => Some(square.index()),
            _ => None,
        })
        .collect();
    assert_eq!(sown, [0, 11, 10, 9, 8, 6, 5, 4, 3, 2]);
    assert!(events.contains(&Event::Relay {
        square: sq(7),
        citizens: 5
    }));
    assert_eq!(
        events.last(),
        Some(&Event::Capture {
            square: sq(0),
            citizens: 1,
            quan: true,
            points: 11
        })
    );
}

#[test]
fn the_events_of_a14_show_the_refill_and_the_borrowing() {
    let position = Position::parse("0,0,0,0,0,1,0,0,2,0,1,0 QQ 43,3 s 16", Rules::folk()).unwrap();
    let (_, events) = position.play_with_events("5+".parse().unwrap()).unwrap();
    let tail = &events[events.len() - 2..];
    assert_eq!(
        tail,
        [
            Event::Refill { seat: Seat::North },
            Event::Borrow {
                seat: Seat::North,
                points: 2
            }
        ]
    );
}

#[test]
fn a12_reports_the_end_and_the_count() {
    let position =
        Position::parse("0,0,0,1,0,0,2,3,0,4,0,0 -Q 30,20 s 15", Rules::standard()).unwrap();
    let (after, events) = position.play_with_events("3+".parse().unwrap()).unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::GameEnd {
            reason: EndReason::MandarinsCaptured,
            outcome: Outcome::Winner(Seat::South),
            collected: [1, 7],
        })
    );
    assert_eq!(after.outcome(), Some(Outcome::Winner(Seat::South)));
    assert!(after.legal_moves().is_empty());
    assert_eq!(
        after.play("1+".parse().unwrap()),
        Err(IllegalMove::GameOver)
    );
}

#[test]
fn refill_short_lose_forfeits_and_end_counts() {
    // A14's move leaves North (3 points) unable to pay 5 for the refill.
    let before = "0,0,0,0,0,1,0,0,2,0,1,0 QQ 43,3 s 16";
    let mut lose = Rules::folk();
    lose.refill_short = RefillShort::Lose;
    let after = Position::parse(before, lose)
        .unwrap()
        .play("5+".parse().unwrap())
        .unwrap();
    assert!(after.is_over());
    assert_eq!(after.outcome(), Some(Outcome::Winner(Seat::South)));

    let mut end = Rules::folk();
    end.refill_short = RefillShort::End;
    let (after, events) = Position::parse(before, end)
        .unwrap()
        .play_with_events("5+".parse().unwrap())
        .unwrap();
    assert_eq!(after.to_string(), "0,0,0,0,0,0,1,0,0,0,0,0 -Q 56,3 - 17");
    assert!(matches!(
        events.last(),
        Some(Event::GameEnd {
            reason: EndReason::CannotRefill,
            ..
        })
    ));
}

#[test]
fn refill_with_enough_points_borrows_nothing() {
    // As A14, but North has 10 points: it pays 5 and borrows nothing.
    let position = Position::parse("0,0,0,0,0,1,0,0,2,0,1,0 QQ 36,10 s 16", Rules::folk()).unwrap();
    let (after, events) = position.play_with_events("5+".parse().unwrap()).unwrap();
    assert_eq!(after.captured(Seat::North), 5);
    assert!(!events.iter().any(|e| matches!(e, Event::Borrow { .. })));
}

#[test]
fn the_ply_limit_ends_and_counts_the_game() {
    let before = format!("0,0,0,0,1,0,0,5,5,5,5,5 QQ 14,10 s {}", MAX_PLIES - 1);
    let after = play(Rules::standard(), &before, "4+").unwrap();
    assert_eq!(after, "0,0,0,0,0,0,0,0,0,0,0,0 QQ 15,35 - 400");
}

#[test]
fn the_third_repetition_ends_and_counts_the_game() {
    // Two lone citizens shuffle back and forth: the start recurs every four plies.
    let start = Position::parse("0,0,1,0,0,0,48,0,0,0,1,0 -- 10,10 s 40", {
        let mut r = Rules::standard();
        r.end = oaq_bot::games::oaq::EndRule::SquaresEmpty;
        r
    });
    let start = start.expect("a valid shuffling position");
    let mut game = Game::new(start);
    let cycle = ["2+", "10+", "3-", "11-"];
    let mut last_events = Vec::new();
    for mv in cycle.iter().chain(cycle.iter()) {
        assert!(
            !game.position().is_over(),
            "over too early at {}",
            game.position()
        );
        last_events = game
            .play(mv.parse().unwrap())
            .expect("shuffle move is legal");
    }
    assert!(game.position().is_over(), "third occurrence ends the game");
    assert!(matches!(
        last_events.last(),
        Some(Event::GameEnd {
            reason: EndReason::Repetition,
            outcome: Outcome::Draw,
            ..
        })
    ));
    assert_eq!(game.moves().len(), 8);
}

fn perft_row(preset: Preset) -> Vec<u64> {
    let start = Position::start(preset.rules());
    (1..=6).map(|d| start.perft(d)).collect()
}

#[test]
fn perft_standard() {
    assert_eq!(
        perft_row(Preset::Standard),
        [10, 80, 652, 4_964, 36_004, 250_940]
    );
}

#[test]
fn perft_folk() {
    assert_eq!(
        perft_row(Preset::Folk),
        [10, 80, 664, 5_128, 38_476, 278_360]
    );
}

#[test]
fn perft_young() {
    assert_eq!(
        perft_row(Preset::Young),
        [10, 80, 668, 5_188, 39_080, 283_064]
    );
}
