//! Property tests: `play` never panics, agrees with `legal_moves`, and SFEN/USI round-trip.

use std::collections::HashSet;

use oaq_bot::games::shogi::export::kif_move;
use oaq_bot::games::shogi::human::{parse_move, to_western};
use oaq_bot::games::shogi::{Move, Position, Role, Square};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The position after `plies` random legal moves from the start (fewer if the game ends).
fn random_position(seed: u64, plies: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::new();
    for _ in 0..plies {
        let moves = position.legal_moves();
        let Some(&mv) = moves.choose(&mut rng) else {
            break;
        };
        position = position.play(mv).expect("listed moves are legal");
    }
    position
}

/// Every syntactically possible move: all board moves with and without promotion, all drops.
fn every_move() -> Vec<Move> {
    let mut moves = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            for promote in [false, true] {
                moves.push(Move::Normal { from, to, promote });
            }
        }
    }
    for role in Role::ALL {
        for to in Square::all() {
            moves.push(Move::Drop { role, to });
        }
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn play_agrees_with_legal_moves(seed in any::<u64>(), plies in 0usize..160) {
        let position = random_position(seed, plies);
        let listed: HashSet<Move> = position.legal_moves().into_iter().collect();
        for mv in every_move() {
            let played = position.play(mv);
            prop_assert_eq!(played.is_ok(), listed.contains(&mv), "{} in {}", mv, position);
        }
    }

    #[test]
    fn sfen_round_trips(seed in any::<u64>(), plies in 0usize..200) {
        let position = random_position(seed, plies);
        let text = position.to_string();
        let parsed: Position = text.parse().expect("own SFEN parses");
        prop_assert_eq!(&parsed, &position);
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = parse_move(&Position::new(), None, &text);
    }

    #[test]
    fn every_legal_move_reads_back_from_its_western_and_kif_spelling(seed in any::<u64>(), plies in 0usize..120) {
        let position = random_position(seed, plies);
        for mv in position.legal_moves() {
            prop_assert_eq!(parse_move(&position, None, &to_western(&position, mv)), Ok(mv));
            let kif = kif_move(&position, mv, None);
            prop_assert_eq!(parse_move(&position, None, &kif), Ok(mv), "{}", kif);
        }
    }

    #[test]
    fn listed_moves_round_trip_through_usi(seed in any::<u64>(), plies in 0usize..120) {
        let position = random_position(seed, plies);
        for mv in position.legal_moves() {
            prop_assert_eq!(mv.to_string().parse::<Move>().expect("own USI parses"), mv);
        }
    }
}
