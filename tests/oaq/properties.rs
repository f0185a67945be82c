//! Invariants over random games, random rule sets and arbitrary text.

use oaq_bot::games::oaq::{Direction, Move, Position, Preset, Rules, Seat, Setup, Square};
use proptest::prelude::*;

/// Any combination of the spec's options.
fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop::sample::select(Preset::ALL.to_vec()),
        prop::sample::select(vec![10u8, 5]),
        any::<bool>(),
        prop::sample::select(vec!["mandarins_captured", "squares_empty"]),
        prop::sample::select(vec![0u8, 5]),
        prop::sample::select(vec!["off", "illegal", "stop"]),
        prop::sample::select(vec!["end", "take_one"]),
        prop::sample::select(vec!["borrow", "lose", "end"]),
    )
        .prop_map(|(preset, quan, gap, end, non, first, next, refill)| {
            let mut rules = preset.rules();
            rules.quan_value = quan;
            rules.empty_mandarin_is_gap = gap;
            rules.quan_non = non;
            for (key, value) in [
                ("end", end),
                ("no_first_quan", first),
                ("next_quan_nonempty", next),
                ("refill_short", refill),
            ] {
                rules.set(key, value).expect("valid option");
            }
            rules
        })
}

/// Any setup, with up to `max_citizens` citizens per square.
fn any_setup(max_citizens: u8, max_ply: u32) -> impl Strategy<Value = Setup> {
    (
        prop::array::uniform12(0..=max_citizens),
        any::<[bool; 2]>(),
        any::<[i16; 2]>(),
        prop::sample::select(vec![Some(Seat::South), Some(Seat::North), None]),
        0..=max_ply,
    )
        .prop_map(|(citizens, quans, captured, to_move, ply)| Setup {
            citizens,
            quans,
            captured,
            to_move,
            ply,
        })
}

fn every_move() -> impl Iterator<Item = Move> {
    Square::all().flat_map(|s| Direction::BOTH.map(|d| Move::new(s, d)))
}

/// Plays a game by picking `choices[i] % legal.len()` at ply i; returns every position.
fn playout(rules: Rules, choices: &[u8]) -> Vec<Position> {
    let mut positions = vec![Position::start(rules)];
    for &choice in choices {
        let current = *positions.last().expect("never empty");
        let moves = current.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        positions.push(current.play(mv).expect("a listed move is playable"));
    }
    positions
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn points_are_conserved_after_every_move(rules in any_rules(), choices in prop::collection::vec(any::<u8>(), 0..120)) {
        let expected = 50 + 2 * i32::from(rules.quan_value);
        for position in playout(rules, &choices) {
            prop_assert_eq!(position.total_points(), expected, "at {}", position);
        }
    }

    #[test]
    fn a_move_is_listed_exactly_when_play_accepts_it(rules in any_rules(), choices in prop::collection::vec(any::<u8>(), 0..60)) {
        for position in playout(rules, &choices) {
            let listed = position.legal_moves();
            for mv in every_move() {
                prop_assert_eq!(listed.contains(&mv), position.play(mv).is_ok(), "{} at {}", mv, position);
            }
        }
    }

    #[test]
    fn positions_print_and_parse_back(rules in any_rules(), choices in prop::collection::vec(any::<u8>(), 0..60)) {
        for position in playout(rules, &choices) {
            let text = position.to_string();
            let parsed = Position::parse(&text, rules);
            prop_assert!(parsed.is_ok(), "{} does not parse: {:?}", text, parsed);
            prop_assert_eq!(parsed.map(|p| p.to_string()), Ok(text));
        }
    }

    #[test]
    fn setups_round_trip(setup in any_setup(u8::MAX, u32::MAX)) {
        prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
}

/// The failure proptest found: `-32768` printed, but its magnitude overflowed `i16` when read.
#[test]
fn setups_with_the_extreme_captured_counts_round_trip() {
    for captured in [[i16::MIN, 0], [i16::MAX, i16::MIN], [-1, i16::MAX]] {
        let setup = Setup {
            citizens: [0; 12],
            quans: [false; 2],
            captured,
            to_move: Some(Seat::South),
            ply: 0,
        };
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    // One beyond is refused, not wrapped.
    let setup = Setup {
        citizens: [0; 12],
        quans: [false; 2],
        captured: [i16::MIN, 0],
        to_move: None,
        ply: 0,
    };
    let beyond = setup.to_string().replace("-32768", "-32769");
    assert!(beyond.parse::<Setup>().is_err(), "{beyond}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn moves_round_trip(index in 0u8..12, plus in any::<bool>()) {
        let mv = Move::new(Square::new(index).expect("in range"), if plus { Direction::Right } else { Direction::Left });
        prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }

    /// Any setup that validates can be played with any move without panicking, and the
    /// outcome of `play` agrees with `legal_moves`.
    #[test]
    fn play_never_panics_on_arbitrary_positions(rules in any_rules(), setup in any_setup(30, 500)) {
        if let Ok(position) = Position::from_setup(setup, rules) {
            let listed = position.legal_moves();
            for mv in every_move() {
                let result = position.play_with_events(mv);
                prop_assert_eq!(listed.contains(&mv), result.is_ok());
            }
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "\\PC{0,60}") {
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Move>();
        let _ = Position::parse(&text, Rules::standard());
    }

    #[test]
    fn parsing_near_miss_positions_never_panics(text in "[0-9,]{10,40} [Q-]{1,3} -?[0-9]{1,6},-?[0-9]{1,6} [sn-] [0-9]{1,11}") {
        if let Ok(position) = Position::parse(&text, Rules::folk()) {
            let _ = position.legal_moves();
        }
    }
}
