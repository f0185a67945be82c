//! The hard level (issue 15): tsume found and verified with the engine's own legal moves,
//! repetition scored as the rules score it, and the search's answers stable under its table.

use oaq_bot::games::shogi::ai::{mate_distance, search, Limits, MATE_BOUND};
use oaq_bot::games::shogi::{Game, Move, Outcome, Position, WinReason};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn depth(d: u32) -> Limits {
    Limits {
        depth: d,
        time: None,
        noise: 0,
    }
}

fn checks(position: &Position) -> Vec<Move> {
    position
        .legal_moves()
        .into_iter()
        .filter(|&mv| position.play(mv).expect("legal").is_check())
        .collect()
}

/// Whether the side to move mates within `plies` (odd) by checking on every move, found by
/// trying every check and every evasion: the test's own proof, independent of the engine.
fn mates_within(position: &Position, plies: u32) -> bool {
    checks(position).into_iter().any(|mv| {
        let after = position.play(mv).expect("legal");
        every_defence_mated(&after, plies - 1)
    })
}

fn every_defence_mated(position: &Position, plies: u32) -> bool {
    let evasions = position.legal_moves();
    if evasions.is_empty() {
        return true;
    }
    plies > 0
        && evasions
            .into_iter()
            .all(|mv| mates_within(&position.play(mv).expect("legal"), plies - 1))
}

/// The hard search finds a mate in exactly `plies`, and its first move is proven by brute force.
fn solves(sfen: &str, plies: u32) {
    let position: Position = sfen.parse().expect("valid SFEN");
    if plies > 1 {
        assert!(
            !mates_within(&position, plies - 2),
            "{sfen}: a shorter mate"
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let found = search(&position, &[], depth(2), &mut rng).expect("a move");
    assert_eq!(
        mate_distance(found.score),
        Some(plies as i32),
        "{sfen}: score {}",
        found.score
    );
    let after = position.play(found.best).expect("legal");
    assert!(after.is_check(), "{sfen}: {} is not a check", found.best);
    assert!(
        every_defence_mated(&after, plies - 1),
        "{sfen}: {} does not mate in {plies}",
        found.best
    );
}

#[test]
fn solves_tsume_in_one_three_and_seven() {
    solves("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1);
    // B*3c, then the rook's drops chase the king out of the corner.
    solves("7lk/8p/9/9/9/9/9/9/K8 b RB 1", 3);
    // A bare king in the corner against rook and bishop in hand: seven plies of checks.
    solves("8k/9/9/9/9/9/9/9/K8 b RB 1", 7);
}

fn game(start: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(start.parse().expect("valid SFEN"));
    for usi in moves {
        let mv: Move = usi.parse().expect("USI");
        game.play(mv).expect("legal");
    }
    assert_eq!(game.outcome(), None);
    game
}

fn hard_move(game: &Game) -> (String, i32) {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let found = search(game.position(), game.positions(), depth(4), &mut rng).expect("a move");
    (found.best.to_string(), found.score)
}

/// Kings walking to and fro: after these eleven moves gote's `5b5a` would bring the start
/// position back a fourth time (a draw by sennichite).
const SHUFFLE: [&str; 11] = [
    "5i5h", "5a5b", "5h5i", "5b5a", "5i5h", "5a5b", "5h5i", "5b5a", "5i5h", "5a5b", "5h5i",
];

#[test]
fn the_fourth_repetition_is_avoided_when_ahead_and_taken_when_behind() {
    // Gote a rook up: it walks on rather than draw.
    let ahead = game("r3k4/9/9/9/9/9/9/9/4K4 b - 1", &SHUFFLE);
    let mut drawn = ahead.clone();
    let repeat: Move = "5b5a".parse().expect("USI");
    assert!(matches!(drawn.play(repeat), Ok(Some(Outcome::Draw { .. }))));
    let (mv, score) = hard_move(&ahead);
    assert_ne!(mv, "5b5a");
    assert!(score > 500, "{score}");
    // Gote a rook down: the draw is its best result.
    let behind = game("4k4/9/9/9/9/9/9/9/R3K4 b - 1", &SHUFFLE);
    assert_eq!(hard_move(&behind), ("5b5a".to_string(), 0));
}

/// Sente's rook checks from 9a and 9b while gote's king steps between 1a and 1b: after these
/// eleven moves sente's `9b9a` would bring the start back a fourth time, every sente move of
/// the cycle a check.
const CHECKS: [&str; 11] = [
    "1a1b", "9a9b", "1b1a", "9b9a", "1a1b", "9a9b", "1b1a", "9b9a", "1a1b", "9a9b", "1b1a",
];

#[test]
fn perpetual_check_loses_for_the_checker() {
    // Gote is far ahead (a bishop, a silver and a gold against a rook), so sente would welcome
    // a draw, but this repetition loses.
    let start = "R7k/9/5bsg1/9/9/9/9/9/4K4 w - 1";
    let behind = game(start, &CHECKS);
    let mut lost = behind.clone();
    let repeat: Move = "9b9a".parse().expect("USI");
    assert_eq!(
        lost.play(repeat).expect("legal"),
        Some(Outcome::Win {
            winner: oaq_bot::games::shogi::Color::Gote,
            reason: WinReason::PerpetualCheck
        })
    );
    let (mv, score) = hard_move(&behind);
    assert_ne!(mv, "9b9a");
    assert!(score > -MATE_BOUND, "{mv}: {score}");
}
