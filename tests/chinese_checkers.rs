//! Chinese checkers engine: perft, options, notation, outcomes and properties.

use oaq_bot::games::chinese_checkers::*;

/// The spec's perft table (raw movement), depths 1–5.
const PERFT: [(usize, [u64; 5]); 4] = [
    (2, [14, 196, 4_760, 115_600, 3_188_520]),
    (3, [14, 196, 2_744, 66_640, 1_618_400]),
    (4, [14, 199, 2_786, 39_601, 958_384]),
    (6, [14, 199, 2_828, 40_189, 571_130]),
];

fn raw_start(players: usize) -> Position {
    Position::start(players, Rules::raw()).unwrap()
}

#[test]
fn perft_matches_the_spec_to_depth_4() {
    for (players, counts) in PERFT {
        let start = raw_start(players);
        for depth in 1..=4 {
            assert_eq!(
                start.perft(depth as u32),
                counts[depth - 1],
                "{players} players, depth {depth}"
            );
        }
    }
}

#[test]
#[ignore = "depth 5: run with `cargo test --release -- --ignored`"]
fn perft_matches_the_spec_at_depth_5() {
    for (players, counts) in PERFT {
        assert_eq!(
            raw_start(players).perft(5),
            counts[4],
            "{players} players, depth 5"
        );
    }
}

#[test]
fn move_counts_do_not_change_when_every_seat_turns_60_degrees() {
    for players in [2, 3, 4, 6] {
        for rules in [
            Rules::raw(),
            Rules::default(),
            Rules::super_chinese_checkers(),
        ] {
            let start = Position::start(players, rules).unwrap();
            let mut rotated = start.clone();
            for turn in 1..6 {
                rotated = rotated.rotated();
                assert_ne!(rotated.to_string(), start.to_string(), "turn {turn}");
                assert_eq!(
                    rotated.perft(3),
                    start.perft(3),
                    "{players} players, {turn} turns"
                );
            }
            assert_eq!(rotated.rotated(), start);
        }
    }
}

/// Builds a position string from each set's peg labels (ten per set) and the set to move.
fn board(sets: &[(u8, &str)], side: u8) -> String {
    let mut holes = vec!['.'; HOLES];
    for (set, labels) in sets {
        let labels: Vec<&str> = labels.split_whitespace().collect();
        assert_eq!(labels.len(), 10, "set {set} needs ten pegs");
        for label in labels {
            let hole: Hole = label.parse().unwrap();
            assert_eq!(holes[hole.index()], '.', "{label} used twice");
            holes[hole.index()] = (b'0' + set) as char;
        }
    }
    format!("{} {side}", holes.into_iter().collect::<String>())
}

fn at(text: &str, rules: &str) -> Position {
    Position::parse(text, rules.parse().unwrap()).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Destinations of the peg on `from`, as labels.
fn destinations(position: &Position, from: &str) -> Vec<String> {
    let from: Hole = from.parse().unwrap();
    let mut found: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to().to_string())
        .collect();
    found.sort();
    found
}

fn has(position: &Position, from: &str, to: &str) -> bool {
    destinations(position, from).iter().any(|d| d == to)
}

/// North (set 0) has a peg on P1 in its goal; O1 lets it hop to N1, and M6, M7 let the chain
/// go out to L6 and come back into the goal on N3.
fn goal_lock_board() -> String {
    board(
        &[
            (0, "P1 O1 M6 M7 E5 E6 E7 E8 E9 F5"),
            (3, "A1 B1 B2 C1 C2 C3 D1 D2 D3 I1"),
        ],
        0,
    )
}

#[test]
fn goal_lock_final_lets_a_chain_leave_the_goal_but_not_end_outside() {
    let p = at(&goal_lock_board(), "goal_lock=final");
    assert!(has(&p, "P1", "N1"));
    assert!(
        has(&p, "P1", "N3"),
        "the chain P1>N1>L6>N3 ends in the goal"
    );
    assert!(!has(&p, "P1", "L6"));
    assert_eq!(
        p.play(&mv("P1-L6")),
        Err(IllegalMove::CannotLeaveGoal {
            from: "P1".parse().unwrap(),
            to: "L6".parse().unwrap()
        })
    );
    let played = p.validate(&mv("P1-N3")).unwrap();
    assert_eq!(format!("{played:#}"), "P1>N1>L6>N3");
    // A peg outside its goal is not locked.
    assert!(has(&p, "M6", "L5"));
}

#[test]
fn goal_lock_path_keeps_every_landing_in_the_goal() {
    let p = at(&goal_lock_board(), "goal_lock=path");
    assert!(has(&p, "P1", "N1"));
    assert!(!has(&p, "P1", "N3"));
    assert!(!has(&p, "P1", "L6"));
    assert!(matches!(
        p.play(&mv("P1-N3")),
        Err(IllegalMove::CannotLeaveGoal { .. })
    ));
    assert!(matches!(
        p.play(&mv("P1>N1>L6>N3")),
        Err(IllegalMove::CannotLeaveGoal { .. })
    ));
    let off = at(&goal_lock_board(), "goal_lock=off");
    assert!(has(&off, "P1", "L6"));
    assert!(has(&off, "P1", "N3"));
}

/// North's peg on I1 can step into H1 (NW) or hop through NW (over H1, then over G2) to G3.
fn foreign_board(players: usize) -> String {
    let north = (0, "A1 B1 B2 C1 C2 C3 D1 I1 H1 G2");
    match players {
        2 => board(&[north, (3, "N1 N2 N3 N4 O1 O2 O3 P1 P2 Q1")], 0),
        _ => board(
            &[
                north,
                (2, "J10 K10 K11 L10 L11 L12 M10 M11 M12 M13"),
                (4, "J1 K1 K2 L1 L2 L3 M1 M2 M3 M4"),
            ],
            0,
        ),
    }
}

#[test]
fn foreign_stop_forbids_resting_in_another_players_triangle_but_not_passing_through() {
    let three = at(&foreign_board(3), "");
    assert!(!has(&three, "I1", "G1"), "NW is set 2's goal");
    assert!(has(&three, "I1", "G3"), "hopping through NW is fine");
    assert!(has(&three, "I1", "H2"), "a step into the hexagon");
    assert_eq!(
        three.play(&mv("I1-G1")),
        Err(IllegalMove::CannotStopInTriangle {
            hole: "G1".parse().unwrap(),
            triangle: Triangle::new(5).unwrap()
        })
    );
    assert_eq!(
        three.play(&mv("I1-G1")).unwrap_err().to_string(),
        "a peg cannot stop on G1 in the NW triangle, which belongs to another player"
    );
    // Unused triangles stay open with two players; `allowed` opens everything.
    let two = at(&foreign_board(2), "");
    assert!(has(&two, "I1", "G1"));
    assert!(has(
        &at(&foreign_board(3), "foreign_stop=allowed"),
        "I1",
        "G1"
    ));
    // `forbid_all` closes unused triangles too, but not one's own start.
    let strict = at(&foreign_board(2), "foreign_stop=forbid_all");
    assert!(!has(&strict, "I1", "G1"));
    assert!(has(&strict, "I1", "G3"));
    assert!(has(&strict, "D1", "E5") || has(&strict, "D1", "E6"));
}

/// North's peg on M7 is next to South's peg on N2 in North's goal; J4 can hop over K5 to L6
/// and then over M7 onto N3, where another South peg sits.
fn swap_board() -> String {
    board(
        &[
            (0, "M7 K5 A1 B1 B2 C1 C2 C3 D1 J4"),
            (3, "N2 N3 O2 D2 D3 E9 E5 E6 E7 E8"),
        ],
        0,
    )
}

#[test]
fn swap_in_a_step_sends_the_opponent_back_to_the_hole_left() {
    let p = at(&swap_board(), "");
    let after = p.play(&mv("M7-N2")).unwrap();
    assert_eq!(
        after.peg_at("N2".parse().unwrap()).map(|t| t.index()),
        Some(0)
    );
    assert_eq!(
        after.peg_at("M7".parse().unwrap()).map(|t| t.index()),
        Some(3)
    );
    // Outside its goal, or without the swap rule, an occupied hole stays occupied.
    assert_eq!(p.play(&mv("K5-L5")).map(|_| ()), Ok(()));
    let full = at(&swap_board(), "anti_spoil=full");
    assert_eq!(
        full.play(&mv("M7-N2")),
        Err(IllegalMove::HoleOccupied("N2".parse().unwrap()))
    );
    let none = at(&swap_board(), "anti_spoil=none");
    assert!(!has(&none, "M7", "N2"));
}

#[test]
fn swap_at_the_end_of_a_hop_chain_ends_the_move() {
    let p = at(&swap_board(), "");
    let chain = p.validate(&mv("J4-N3")).unwrap();
    assert_eq!(format!("{chain:#}"), "J4>L6>N3");
    let after = p.play(&mv("J4>L6>N3")).unwrap();
    assert_eq!(
        after.peg_at("N3".parse().unwrap()).map(|t| t.index()),
        Some(0)
    );
    assert_eq!(
        after.peg_at("L6".parse().unwrap()).map(|t| t.index()),
        Some(3)
    );
    assert_eq!(after.peg_at("J4".parse().unwrap()), None);
    // The swap ends the chain: P1, one hop beyond N3 over O2, is out of reach.
    assert!(!has(&p, "J4", "P1"));
    let full = at(&swap_board(), "anti_spoil=full");
    assert!(!has(&full, "J4", "N3"));
    assert!(has(&full, "J4", "L6"));
}

#[test]
fn a_swapping_chain_sends_the_opponent_to_where_its_last_hop_started() {
    // L6 can hop straight onto N3 (over M7), or go L6>L8 (over L7) and then onto N3 (over M8).
    let text = board(
        &[
            (0, "L6 L7 M7 M8 A1 B1 B2 C1 C2 C3"),
            (3, "N3 N1 D1 D2 D3 D4 E5 E6 E7 E8"),
        ],
        0,
    );
    let p = at(&text, "");
    let shortest = p.play(&mv("L6-N3")).unwrap();
    assert_eq!(shortest.peg_at(hole("L6")).map(|t| t.index()), Some(3));
    let around = p.play(&mv("L6>L8>N3")).unwrap();
    assert_eq!(around.peg_at(hole("L8")).map(|t| t.index()), Some(3));
    assert_eq!(around.peg_at(hole("L6")), None);
    assert_eq!(around.peg_at(hole("N3")).map(|t| t.index()), Some(0));
}

#[test]
fn long_jumps_hop_a_peg_standing_at_the_midpoint() {
    let text = board(
        &[
            (0, "I1 I3 A1 B1 B2 C1 C2 C3 D1 D2"),
            (3, "N1 N2 N3 N4 O1 O2 O3 P1 P2 Q1"),
        ],
        0,
    );
    let long = at(&text, "long_jumps=midpoint");
    assert!(has(&long, "I1", "I5"));
    assert!(!has(&at(&text, ""), "I1", "I5"));
    assert_eq!(
        at(&text, "").play(&mv("I1-I5")),
        Err(IllegalMove::NotReachable {
            from: "I1".parse().unwrap(),
            to: "I5".parse().unwrap()
        })
    );
    // Another peg between the midpoint and the landing spoils the jump.
    let blocked = board(
        &[
            (0, "I1 I3 I4 B1 B2 C1 C2 C3 D1 D2"),
            (3, "N1 N2 N3 N4 O1 O2 O3 P1 P2 Q1"),
        ],
        0,
    );
    assert!(!has(&at(&blocked, "long_jumps=midpoint"), "I1", "I5"));
    // Adjacent hops are still hops.
    assert!(has(&at(&blocked, "long_jumps=midpoint"), "I3", "I5"));
}

/// North is walled in by SE and SW pegs on E5–E9 and F4–F9.
fn walled_board() -> String {
    board(
        &[
            (0, "A1 B1 B2 C1 C2 C3 D1 D2 D3 D4"),
            (2, "E5 E6 E7 E8 E9 F4 F5 F6 F7 F8"),
            (4, "F9 K1 K2 L1 L2 L3 M1 M2 M3 M4"),
        ],
        0,
    )
}

#[test]
fn a_player_without_a_move_passes() {
    let p = at(&walled_board(), "foreign_stop=allowed");
    assert!(p.legal_moves().is_empty());
    assert!(p.must_pass());
    assert_eq!(p.outcome(), None);
    assert_eq!(p.perft(1), 1, "the pass is the only move");
    let next = p.pass().unwrap();
    assert_eq!(
        next.to_move(),
        p.player_of(Triangle::new(2).unwrap()).unwrap()
    );
    assert_eq!(
        p.play(&mv("D1-E5")),
        Err(IllegalMove::HoleOccupied("E5".parse().unwrap()))
    );
    let start = Position::start(2, Rules::default()).unwrap();
    assert_eq!(start.pass(), Err(IllegalMove::CannotPass));
}

fn hole(label: &str) -> Hole {
    label.parse().unwrap()
}

/// North is one step (M6-N2) from home; SE is one step (I1-H1) from home; SW is at its start.
fn nearly_home_board() -> String {
    board(
        &[
            (0, "N1 N3 N4 O1 O2 O3 P1 P2 Q1 M6"),
            (2, "E1 E2 E3 E4 F1 F2 F3 G1 G2 I1"),
            (4, "J1 K1 K2 L1 L2 L3 M1 M2 M3 M4"),
        ],
        0,
    )
}

#[test]
fn the_first_player_home_wins_and_the_rest_are_ranked_by_progress() {
    let p = at(&nearly_home_board(), "");
    assert_eq!(p.outcome(), None);
    let won = p.play(&mv("M6-N2")).unwrap();
    let outcome = won.outcome().expect("North is home");
    assert_eq!(outcome.reason(), EndReason::Home);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Player::new(0)]);
    assert_eq!(outcome.place(Player::new(1)), 2, "SE has nine pegs home");
    assert_eq!(outcome.place(Player::new(2)), 3);
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.play(&mv("I1-H1")), Err(IllegalMove::GameOver));
    assert_eq!(won.pass(), Err(IllegalMove::GameOver));
}

#[test]
fn play_on_lets_the_others_race_for_second_place() {
    let p = at(&nearly_home_board(), "play_on=true");
    let first = p.play(&mv("M6-N2")).unwrap();
    assert_eq!(first.outcome(), None);
    assert_eq!(first.place(Player::new(0)), Some(1));
    assert_eq!(first.to_move(), Player::new(1));
    let second = first.play(&mv("I1-H1")).unwrap();
    let outcome = second.outcome().expect("only one player is left");
    assert_eq!([0, 1, 2].map(|p| outcome.place(Player::new(p))), [1, 2, 3]);
    // A finished player is skipped, and cannot be the one to move.
    let home = board(
        &[
            (0, "N1 N2 N3 N4 O1 O2 O3 P1 P2 Q1"),
            (2, "E1 E2 E3 E4 F1 F2 F3 G1 G2 I1"),
            (4, "J1 K1 K2 L1 L2 L3 M1 M2 M3 M4"),
        ],
        2,
    );
    let skip = at(&home, "play_on=true");
    assert_eq!(skip.to_move(), Player::new(1));
    let skip = skip.play(&mv("I1-H2")).unwrap();
    assert_eq!(skip.to_move(), Player::new(2));
    let skip = skip.play(&mv("K2-J2")).unwrap();
    assert_eq!(skip.to_move(), Player::new(1), "North is home and skipped");
    let error = Position::parse(&home.replace(" 2", " 0"), "play_on=true".parse().unwrap());
    assert_eq!(
        error,
        Err(ParseError::SideToMoveFinished(Triangle::new(0).unwrap()))
    );
}

#[test]
fn anti_spoil_full_wins_with_a_full_goal_and_one_own_peg() {
    // North's goal is full: nine North pegs and one South peg that never left.
    let text = board(
        &[
            (0, "N1 N3 N4 O1 O2 O3 P1 P2 M6 E5"),
            (3, "Q1 A1 B1 B2 C1 C2 C3 D1 D2 I5"),
        ],
        0,
    );
    let full = at(&text, "anti_spoil=full");
    let done = full.play(&mv("M6-N2")).unwrap();
    assert_eq!(done.outcome().map(|o| o.place(Player::new(0))), Some(1));
    for rule in ["anti_spoil=swap", "anti_spoil=none"] {
        let strict = at(&text, rule).play(&mv("M6-N2")).unwrap();
        assert_eq!(strict.outcome(), None, "{rule}: all ten must be North's");
    }
    // Under the swap rule North can then swap South's peg out of Q1.
    let swap = at(&text, "anti_spoil=swap").play(&mv("M6-N2")).unwrap();
    let swap = swap.play(&mv("I5-I4")).unwrap();
    let won = swap.play(&mv("P1-Q1")).unwrap();
    assert_eq!(won.peg_at(hole("P1")).map(|t| t.index()), Some(3));
    assert_eq!(won.peg_at(hole("Q1")).map(|t| t.index()), Some(0));
    assert!(won.outcome().is_none(), "P1 is now South's");
}

#[test]
fn the_safety_valve_ends_long_games_and_ranks_by_progress() {
    let rules: Rules = "move_limit=2".parse().unwrap();
    let mut game = Game::from_position(Position::start(2, rules).unwrap());
    for m in ["C1-E5", "N2-M6", "E5-F5"] {
        game.play(&mv(m)).unwrap();
        assert_eq!(game.outcome(), None);
    }
    game.play(&mv("N1-M5")).unwrap();
    let outcome = game.outcome().expect("both players had two turns");
    assert_eq!(outcome.reason(), EndReason::MoveLimit);
    let p = game.position();
    assert!(p.distance_to_goal(Player::new(0)) < p.distance_to_goal(Player::new(1)));
    assert_eq!(outcome.place(Player::new(0)), 1);
    assert_eq!(outcome.place(Player::new(1)), 2);
    assert_eq!(game.play(&mv("F5-G5")), Err(IllegalMove::GameOver));
    assert_eq!(game.turns().len(), 4);
}

#[test]
fn the_third_repetition_ends_the_game() {
    let mut game = Game::from_position(Position::start(2, Rules::default()).unwrap());
    for round in 0..2 {
        for m in ["D2-E6", "N2-M6", "E6-D2", "M6-N2"] {
            assert_eq!(game.outcome(), None, "round {round}, {m}");
            game.play(&mv(m)).unwrap();
        }
    }
    let outcome = game.outcome().expect("the start occurred three times");
    assert_eq!(outcome.reason(), EndReason::Repetition);
    assert_eq!(outcome.winners().count(), 2, "equal progress ties");
    assert_eq!(
        game.last_move().map(|m| m.to_string()),
        Some("M6-N2".to_string())
    );
}

#[test]
fn a_coin_toss_picks_the_first_player_and_is_repeatable() {
    let first = |seed| {
        Game::new(4, Rules::default(), seed)
            .unwrap()
            .position()
            .to_move()
    };
    let all: std::collections::BTreeSet<Player> = (0..40).map(first).collect();
    assert_eq!(all.len(), 4);
    assert_eq!(first(7), first(7));
}

#[test]
fn multi_set_games_move_either_set_and_go_clockwise() {
    let three: Rules = "sets=2".parse().unwrap();
    let p = Position::start(3, three).unwrap();
    assert_eq!(p.players(), 3);
    assert_eq!(p.legal_moves().len(), 28);
    assert_eq!(
        p.home_triangles(Player::new(0))
            .map(|t| t.name())
            .collect::<Vec<_>>(),
        ["N", "S"]
    );
    let after = p.play(&mv("N2-M6")).unwrap();
    assert_eq!(after.to_move(), Player::new(1));
    assert!(after.to_string().ends_with(" 1"));
    let same = Position::parse(&after.to_string().replace(" 1", " 4"), three).unwrap();
    assert_eq!(same, after, "either set names the player to move");
    let two: Rules = "sets=3".parse().unwrap();
    let p = Position::start(2, two).unwrap();
    assert_eq!(p.legal_moves().len(), 42);
    assert!(Position::start(4, three).is_err());
    assert!(Position::start(5, Rules::default()).is_err());
    assert!(Position::parse(
        &Position::start(2, Rules::default()).unwrap().to_string(),
        two
    )
    .is_err());
}

#[test]
fn illegal_moves_say_which_rule_they_break() {
    let p = Position::start(2, Rules::default()).unwrap();
    assert_eq!(
        p.play(&mv("E5-F5")),
        Err(IllegalMove::EmptyHole(hole("E5")))
    );
    assert_eq!(
        p.play(&mv("N1-M5")),
        Err(IllegalMove::NotYourPeg(hole("N1")))
    );
    assert_eq!(
        p.play(&mv("D1-C1")),
        Err(IllegalMove::HoleOccupied(hole("C1")))
    );
    assert_eq!(
        p.play(&mv("D1-I5")),
        Err(IllegalMove::NotReachable {
            from: hole("D1"),
            to: hole("I5")
        })
    );
    assert_eq!(
        p.play(&mv("C1>C1")),
        Err(IllegalMove::NoMovement(hole("C1")))
    );
    assert_eq!(p.play(&mv("C1>E5")).map(|_| ()), Ok(()));
    assert_eq!(
        p.play(&mv("C1>D1>E5")),
        Err(IllegalMove::NotAHop {
            from: hole("C1"),
            to: hole("D1")
        })
    );
    let messages = [
        (
            IllegalMove::NotYourPeg(hole("N1")),
            "the peg on N1 is not yours",
        ),
        (IllegalMove::HoleOccupied(hole("C1")), "C1 is occupied"),
        (IllegalMove::EmptyHole(hole("E5")), "there is no peg on E5"),
    ];
    for (error, text) in messages {
        assert_eq!(error.to_string(), text);
    }
}

#[test]
fn a_hop_path_may_not_revisit_a_hole() {
    // North: I1 hops over I2 to I3, then over I4 to I5.
    let chain = board(
        &[
            (0, "I1 I2 I4 A1 B1 B2 C1 C2 C3 D1"),
            (3, "N1 N2 N3 N4 O1 O2 O3 P1 P2 Q1"),
        ],
        0,
    );
    let p = at(&chain, "");
    assert_eq!(
        format!("{:#}", p.validate(&mv("I1-I5")).unwrap()),
        "I1>I3>I5"
    );
    assert_eq!(
        p.play(&mv("I1>I3>I1>I3>I5")),
        Err(IllegalMove::PathRevisits(hole("I1")))
    );
    assert_eq!(
        p.play(&mv("I1>I5")),
        Err(IllegalMove::NotAHop {
            from: hole("I1"),
            to: hole("I5")
        })
    );
}

#[test]
fn positions_reject_malformed_strings_clearly() {
    let good = Position::start(2, Rules::default()).unwrap().to_string();
    let cases: Vec<(String, &str)> = vec![
        (good.replace(" 0", ""), "121 characters"),
        (good[1..].to_string(), "found 120"),
        (
            good.replacen('0', "7", 1),
            "unexpected character `7` for hole A1",
        ),
        (good.replace(" 0", " x"), "side to move"),
        (
            good.replace(" 0", " 1"),
            "set NE is to move but has no pegs",
        ),
        (good.replacen('0', ".", 1), "set N has 9 pegs"),
        (good.replace('3', "1"), "cannot play together"),
    ];
    for (text, message) in cases {
        let error = Position::parse(&text, Rules::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(message),
            "{error:?} should mention {message:?}"
        );
    }
}

#[test]
fn positions_and_moves_round_trip_through_their_strings() {
    let start = Position::start(6, Rules::default()).unwrap();
    let mut p = start.clone();
    for ply in 0..12 {
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p, "ply {ply}");
        let moves = p.legal_moves();
        for m in &moves {
            assert_eq!(format!("{m:#}").parse::<Move>().unwrap(), *m);
            assert_eq!(m.to_string().parse::<Move>().unwrap(), m.without_path());
            assert_eq!(p.validate(&m.without_path()).unwrap(), *m);
        }
        p = p.play(&moves[(ply * 7) % moves.len()]).unwrap();
    }
}

/// Runs `oaq-bot engine chinese-checkers <args>` with `input` on stdin.
fn engine(args: &[&str], input: &str) -> (bool, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(["engine", "chinese-checkers"])
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn cli_perft_prints_each_depth() {
    let raw = [
        "--rule",
        "goal_lock=off",
        "--rule",
        "foreign_stop=allowed",
        "--rule",
        "anti_spoil=full",
    ];
    let mut args = vec!["perft", "3", "--players", "4"];
    args.extend(raw);
    let (ok, out, _) = engine(&args, "");
    assert!(ok);
    assert_eq!(out, "1 14\n2 199\n3 2786\n");
    let start = Position::start(2, Rules::default()).unwrap().to_string();
    let (ok, out, _) = engine(&["perft", "1", "--position", &start], "");
    assert!(ok);
    assert_eq!(out, "1 14\n");
}

#[test]
fn cli_rejects_bad_flags_clearly() {
    let (ok, _, err) = engine(&["perft", "2", "--rule", "goal_lock=maybe"], "");
    assert!(!ok);
    assert!(
        err.contains("`goal_lock=maybe` is not a rule option"),
        "{err}"
    );
    let (ok, _, err) = engine(&["perft", "2", "--players", "5"], "");
    assert!(!ok);
    assert!(err.contains("5 players"), "{err}");
    let (ok, _, err) = engine(&["perft", "2", "--position", "nonsense"], "");
    assert!(!ok);
    assert!(err.contains("bad --position"), "{err}");
}

#[test]
fn cli_moves_and_play_answer_every_line() {
    let start = Position::start(2, Rules::default()).unwrap().to_string();
    let walled = walled_board();
    let input = format!("{start}\nnot a position\n{walled}\n");
    let (ok, out, err) = engine(&["moves", "--rule", "foreign_stop=allowed"], &input);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].split(' ').count(), 14);
    assert!(lines[0].contains("D2-E6") && lines[0].contains("C1-E5"));
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "pass");
    assert!(
        err.starts_with("line 2: a position is 121 characters"),
        "{err}"
    );

    let after = start
        .parse::<Position>()
        .unwrap()
        .play(&mv("D2-E6"))
        .unwrap()
        .to_string();
    let input =
        format!("{start}\tD2-E6\n{start}\tD2-I5\n{start}\tD2 to E6\n{start}\n{start}\tpass\n");
    let (ok, out, err) = engine(&["play"], &input);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], after);
    assert_eq!(
        lines[1],
        "illegal: I5 cannot be reached from D2 by a step or a chain of hops"
    );
    assert_eq!(lines[2], "");
    assert_eq!(lines[3], "");
    assert_eq!(
        lines[4],
        "illegal: you can only pass when no move is possible"
    );
    assert!(err.contains("line 3: `D2 to E6` is not a move"), "{err}");
    assert!(
        err.contains("line 4: expected <position><TAB><move>"),
        "{err}"
    );
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Plays `choices` (each picks a legal move by index) from a start, passing when needed.
    fn walk(players: usize, rules: Rules, choices: &[usize]) -> Vec<Position> {
        let mut p = Position::start(players, rules).unwrap();
        let mut seen = vec![p.clone()];
        for &c in choices {
            if p.outcome().is_some() {
                break;
            }
            let moves = p.legal_moves();
            p = if moves.is_empty() {
                p.pass().unwrap()
            } else {
                p.play(&moves[c % moves.len()]).unwrap()
            };
            seen.push(p.clone());
        }
        seen
    }

    fn rules() -> impl Strategy<Value = Rules> {
        (
            0..3usize,
            0..3usize,
            0..3usize,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(g, f, a, l, o)| {
                let mut r = Rules::default();
                r.set(["goal_lock=final", "goal_lock=path", "goal_lock=off"][g])
                    .unwrap();
                r.set(
                    [
                        "foreign_stop=forbid_players",
                        "foreign_stop=allowed",
                        "foreign_stop=forbid_all",
                    ][f],
                )
                .unwrap();
                r.set(["anti_spoil=swap", "anti_spoil=full", "anti_spoil=none"][a])
                    .unwrap();
                r.set(if l {
                    "long_jumps=midpoint"
                } else {
                    "long_jumps=off"
                })
                .unwrap();
                r.play_on = o;
                r
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn pegs_are_conserved_and_strings_round_trip(
            players in prop::sample::select(vec![2usize, 3, 4, 6]),
            rules in rules(),
            choices in prop::collection::vec(0usize..200, 0..80),
        ) {
            for p in walk(players, rules, &choices) {
                let text = p.to_string();
                for t in Triangle::ALL {
                    let count = text[..HOLES].chars().filter(|&c| c == (b'0' + t.index() as u8) as char).count();
                    prop_assert!(count == 0 || count == 10);
                }
                prop_assert_eq!(text[..HOLES].chars().filter(|&c| c != '.').count(), players * 10);
                let back = Position::parse(&text, rules).unwrap();
                prop_assert_eq!(back.to_string(), text);
            }
        }

        #[test]
        fn legal_moves_agree_with_play(
            players in prop::sample::select(vec![2usize, 3, 4, 6]),
            rules in rules(),
            choices in prop::collection::vec(0usize..200, 0..60),
            from in 0usize..HOLES,
            to in 0usize..HOLES,
        ) {
            let p = walk(players, rules, &choices).pop().unwrap();
            let legal = p.legal_moves();
            for m in &legal {
                prop_assert_eq!(format!("{m:#}").parse::<Move>().unwrap(), *m);
                prop_assert!(p.play(m).is_ok(), "{} should be playable", m);
                prop_assert!(p.play(&m.without_path()).is_ok());
            }
            // Any from-to pair: play accepts it exactly when it is listed, and never panics.
            let candidate = Move::new(Hole::new(from).unwrap(), Hole::new(to).unwrap());
            let listed = legal.iter().any(|m| m.from() == candidate.from() && m.to() == candidate.to());
            prop_assert_eq!(p.play(&candidate).is_ok(), listed);
            prop_assert_eq!(p.perft(1), if p.outcome().is_some() { 0 } else { legal.len().max(1) as u64 });
        }

        #[test]
        fn parsing_arbitrary_text_never_panics(text in ".{0,140}", m in "[A-Qa-q0-9>\\- ]{0,12}") {
            let _ = text.parse::<Position>();
            let _ = m.parse::<Move>();
            let _ = m.parse::<Hole>();
        }
    }
}

fn play_out(players: usize, rules: Rules, levels: &[ai::Level], seed: u64, budget_ms: u64) -> Game {
    let mut game = Game::new(players, rules, seed).unwrap();
    let mut seats: Vec<ai::Opponent> = (0..players)
        .map(|p| {
            ai::Opponent::new(levels[p % levels.len()], seed + p as u64).with_budget_ms(budget_ms)
        })
        .collect();
    while game.outcome().is_none() {
        let mover = game.position().to_move().index();
        match seats[mover].choose(game.position()) {
            Some(m) => game.play(&m).unwrap(),
            None => game.pass().unwrap(),
        }
    }
    game
}

#[test]
fn greedy_games_finish_for_every_seating() {
    use ai::Level::{Easy, Medium};
    for (players, rules) in [
        (2, ""),
        (3, ""),
        (4, "play_on=true"),
        (6, ""),
        (3, "sets=2"),
        (2, "sets=3"),
    ] {
        let rules: Rules = rules.parse().unwrap();
        let game = play_out(players, rules, &[Medium, Easy], 5, 1);
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winners().count(), 1, "{players} players {rules}");
        assert!(
            game.turns().len() >= 30,
            "the shortest two-player game is 30 plies"
        );
        let winner = outcome.winners().next().unwrap();
        assert_eq!(outcome.place(winner), 1);
        if rules.play_on {
            assert!(
                (0..players).all(|p| game.position().place(Player::new(p)).is_some()
                    || outcome.place(Player::new(p)) == players as u8)
            );
        }
    }
}

#[test]
fn hard_beats_greedy_in_a_two_player_game() {
    use ai::Level::{Hard, Medium};
    let game = play_out(2, Rules::default(), &[Hard, Medium], 3, 30);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![Player::new(0)]);
}

#[test]
fn cli_match_reports_each_game_and_the_totals() {
    let (ok, out, err) = engine(
        &["match", "medium", "easy", "--games", "2", "--players", "3"],
        "",
    );
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(
        lines[0].starts_with("game 1 seed 1: medium in seat 1 placed"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("medium vs easy, 3 players, 2 games:"),
        "{out}"
    );
    let (ok, _, err) = engine(&["match", "hard", "grandmaster"], "");
    assert!(!ok);
    assert!(err.contains("`grandmaster` is not a level"), "{err}");
}

/// Issue 11: a player who leaves a game of three is skipped and ranked last; the others play
/// on until one of them is home. With two players, leaving ends the game for the other.
#[test]
fn a_retired_player_is_skipped_ranked_last_and_the_rest_play_on() {
    let start = Position::start(3, Rules::default()).expect("three players");
    let mut game = Game::from_position(start);
    assert_eq!(game.position().to_move(), Player::new(0));
    game.retire(Player::new(1));
    assert!(game.position().is_retired(Player::new(1)));
    assert_eq!(game.outcome(), None, "two still play");
    let first = game.position().legal_moves()[0];
    game.play(&first).expect("player 0 moves");
    assert_eq!(
        game.position().to_move(),
        Player::new(2),
        "player 1 is skipped"
    );
    // Player 0 leaving too leaves player 2 alone: the game is over, player 2 first and the
    // two who left sharing the last place.
    game.retire(Player::new(0));
    let outcome = game.outcome().expect("one player left");
    assert_eq!(outcome.place(Player::new(2)), 1);
    assert_eq!(outcome.place(Player::new(0)), 2);
    assert_eq!(outcome.place(Player::new(1)), 2);

    let mut duel = Game::from_position(Position::start(2, Rules::default()).expect("two"));
    duel.retire(Player::new(0));
    let outcome = duel.outcome().expect("the other wins at once");
    assert_eq!(
        (outcome.place(Player::new(1)), outcome.place(Player::new(0))),
        (1, 2)
    );
    // Leaving is not a move: the position string is the same, the turns are not counted.
    assert_eq!(duel.turns().len(), 0);
}

/// The player to move leaving hands the turn on at once.
#[test]
fn the_player_to_move_retiring_passes_the_turn_on() {
    let start = Position::start(4, Rules::default()).expect("four players");
    let after = start.retire(Player::new(0));
    assert_eq!(after.to_move(), Player::new(1));
    assert_eq!(after.outcome(), None);
    assert!(after.is_retired(Player::new(0)) && !start.is_retired(Player::new(0)));
}

/// Issue 13: a position for each seating after some greedy plies (so that pegs interact).
fn middle_game(players: usize, rules: &str, plies: usize) -> Position {
    let rules: Rules = rules.parse().unwrap();
    let mut game = Game::new(players, rules, 7).unwrap();
    let mut greedy: Vec<ai::Opponent> = (0..players)
        .map(|p| ai::Opponent::new(ai::Level::Medium, p as u64))
        .collect();
    while game.turns().len() < plies && game.outcome().is_none() {
        let mover = game.position().to_move().index();
        match greedy[mover].choose(game.position()) {
            Some(m) => game.play(&m).unwrap(),
            None => game.pass().unwrap(),
        }
    }
    game.position().clone()
}

/// Issue 13: the searching player answers with a legal move for every seating and set count.
#[test]
fn hard_plays_legal_moves_for_every_seating_and_set_count() {
    for (players, rules) in [
        (2, ""),
        (3, ""),
        (4, ""),
        (6, ""),
        (3, "sets=2"),
        (2, "sets=3"),
        (4, "play_on=true"),
    ] {
        for plies in [0, 24] {
            let position = middle_game(players, rules, plies);
            let (chosen, report) = ai::Opponent::new(ai::Level::Hard, 3)
                .with_budget_ms(50)
                .choose_with_report(&position);
            let chosen = chosen.unwrap_or_else(|| panic!("{players} players {rules}: no move"));
            assert!(
                position.play(&chosen).is_ok(),
                "{players} players {rules} after {plies} plies: {chosen} is illegal"
            );
            assert!(report.depth >= 1 && report.nodes > 0, "{report:?}");
        }
    }
}

/// Issue 13: a winning move is played at once, without deepening further.
#[test]
fn hard_takes_a_win_in_one() {
    let p = at(&nearly_home_board(), "");
    for level in [ai::Level::Hard, ai::Level::Reference] {
        let (chosen, report) = ai::Opponent::new(level, 1)
            .with_budget_ms(1000)
            .choose_with_report(&p);
        let won = p.play(&chosen.unwrap()).unwrap();
        assert_eq!(
            won.outcome().map(|o| o.winners().collect::<Vec<_>>()),
            Some(vec![Player::new(0)]),
            "{level}"
        );
        if level == ai::Level::Hard {
            assert_eq!(report.depth, 1, "a proved win ends the search");
        }
    }
}

/// Issue 13: a single legal move is played without searching.
#[test]
fn hard_plays_a_single_legal_move_without_searching() {
    let p = at(&single_move_board(), "foreign_stop=allowed");
    let legal = p.legal_moves();
    assert_eq!(legal.len(), 1, "{legal:?}");
    let (chosen, report) = ai::Opponent::new(ai::Level::Hard, 1)
        .with_budget_ms(60_000)
        .choose_with_report(&p);
    assert_eq!(chosen, Some(legal[0]));
    assert_eq!(report, ai::Report::default());
}

/// Issue 13: more time buys a deeper search (the depth is what the budget is for; the time
/// itself is measured by the bench, never asserted).
#[test]
fn hard_searches_deeper_with_a_larger_budget() {
    for (players, rules) in [(2, ""), (3, "")] {
        let position = middle_game(players, rules, 12);
        let depth = |ms| {
            ai::Opponent::new(ai::Level::Hard, 5)
                .with_budget_ms(ms)
                .choose_with_report(&position)
                .1
                .depth
        };
        let (short, long) = (depth(5), depth(600));
        assert!(
            long > short,
            "{players} players: {short} layers in 5 ms, {long} in 600 ms"
        );
        assert!(long >= 4, "{players} players: only {long} layers in 600 ms");
    }
}

/// Issue 13: the match command pits the new hard against the reference one and reports
/// wins, draws, losses, score, win rate, mean place and thinking time.
#[test]
fn cli_match_measures_hard_against_the_reference() {
    let (ok, out, err) = engine(
        &[
            "match",
            "hard",
            "hard-v1",
            "--games",
            "1",
            "--players",
            "3",
            "--budget-ms",
            "5",
            "--budget-b-ms",
            "5",
            "--threads",
            "2",
        ],
        "",
    );
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("game 1 seed 1: hard in seat 1 placed"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("hard vs reference, 3 players, 1 games:")
            && lines[1].contains(" losses, score ")
            && lines[1].contains("mean place"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("hard thinking: median ") && lines[2].contains("(budget 5 ms)"),
        "{out}"
    );
}

/// North as in `walled_board`, with one hole of the outer wall (F4) left open: the only move
/// is a hop into it.
fn single_move_board() -> String {
    board(
        &[
            (0, "A1 B1 B2 C1 C2 C3 D1 D2 D3 D4"),
            (2, "E5 E6 E7 E8 E9 M13 F5 F6 F7 F8"),
            (4, "F9 K1 K2 L1 L2 L3 M1 M2 M3 M4"),
        ],
        0,
    )
}
