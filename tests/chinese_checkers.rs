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
#[ignore = "depth 5 takes a few seconds; run with --ignored in release"]
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
