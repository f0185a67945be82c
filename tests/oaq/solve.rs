//! The proof searches (depth-bounded and df-pn) against a plain exhaustive minimax, known
//! forced wins, and the stored proofs of the standard and folk start positions.

use std::time::Duration;

use oaq_bot::games::oaq::{
    prove, solve, stored_proof, ClaimStatus, EndRule, Game, Move, Outcome, Position, Preset,
    ProofBook, ProofError, ProveLimits, Rules, Seat, Setup, SolveLimits, Target, Value, Verdict,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn limits() -> SolveLimits {
    SolveLimits {
        max_nodes: 2_000_000,
        time_limit: Duration::from_secs(60),
        tt_mb: 8,
        max_depth: u16::MAX,
    }
}

/// The value for the player to move by plain minimax over every line, or `None` if some line
/// is longer than `depth` plies or the tree exceeds `budget` nodes.
fn minimax(position: &Position, depth: u32, budget: &mut u64) -> Option<Value> {
    if depth == 0 || *budget == 0 {
        return None;
    }
    *budget -= 1;
    let mover = position.to_move()?;
    let mut best = Value::Loss;
    for &mv in &position.legal_moves() {
        let child = position.play(mv).ok()?;
        let value = match child.outcome() {
            Some(Outcome::Draw) => Value::Draw,
            Some(Outcome::Winner(seat)) if seat == mover => Value::Win,
            Some(Outcome::Winner(_)) => Value::Loss,
            None => match minimax(&child, depth - 1, budget)? {
                Value::Win => Value::Loss,
                Value::Draw => Value::Draw,
                Value::Loss => Value::Win,
            },
        };
        best = match (best, value) {
            (Value::Win, _) | (_, Value::Win) => Value::Win,
            (Value::Draw, _) | (_, Value::Draw) => Value::Draw,
            _ => Value::Loss,
        };
    }
    Some(best)
}

/// A random small position close to its end (one mandarin left, few citizens), if it is a
/// valid unfinished one.
fn random_endgame(rng: &mut ChaCha8Rng, rules: Rules) -> Option<Position> {
    let mut citizens = [0u8; 12];
    for (i, c) in citizens.iter_mut().enumerate() {
        if i % 6 != 0 && rng.gen_bool(0.4) {
            *c = rng.gen_range(1..4);
        }
    }
    let west = rng.gen_bool(0.5);
    // The young-mandarin rule protects a mandarin square holding fewer than 5 citizens.
    if rules.quan_non > 0 {
        citizens[if west { 0 } else { 6 }] = rules.quan_non;
    }
    // Folk ends only once both mandarin squares are empty: leave a few citizens in one
    // instead of a mandarin.
    let folk = rules.end == EndRule::SquaresEmpty;
    if folk {
        citizens[if west { 0 } else { 6 }] = rng.gen_range(1..3);
    }
    let setup = Setup {
        citizens,
        quans: [west && !folk, !west && !folk],
        captured: [rng.gen_range(0..40), rng.gen_range(0..40)],
        to_move: Some(if rng.gen_bool(0.5) {
            Seat::South
        } else {
            Seat::North
        }),
        ply: 20,
    };
    Position::from_setup(setup, rules).ok()
}

/// Whether `prover` can force the game to end with a win within `depth` plies, by plain
/// search of every line.
fn wins_within(position: &Position, prover: Seat, depth: u32) -> bool {
    if let Some(outcome) = position.outcome() {
        return outcome == Outcome::Winner(prover);
    }
    if depth == 0 {
        return false;
    }
    let mut children = position
        .legal_moves()
        .iter()
        .map(|&mv| position.play(mv).expect("legal"))
        .collect::<Vec<_>>()
        .into_iter();
    if position.to_move() == Some(prover) {
        children.any(|child| wins_within(&child, prover, depth - 1))
    } else {
        children.all(|child| wins_within(&child, prover, depth - 1))
    }
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_small_endgames() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut compared = [0usize; 3];
    let mut seen_values = std::collections::HashSet::new();
    for (r, rules) in [Rules::standard(), Rules::folk(), Rules::young()]
        .into_iter()
        .enumerate()
    {
        for _ in 0..20_000 {
            let Some(position) = random_endgame(&mut rng, rules) else {
                continue;
            };
            let mut budget = 20_000;
            let Some(expected) = minimax(&position, 12, &mut budget) else {
                continue;
            };
            let report = solve(&position, &limits());
            assert_eq!(report.value, Some(expected), "{position}");
            assert!(report.plies.is_some_and(|p| p <= 12), "{position}");
            if let Some(best) = report.best {
                // The proving move keeps the value: the opponent is left with the opposite.
                let after = position.play(best).expect("the proving move is legal");
                let mut budget = 20_000;
                let mover = position.to_move().expect("unfinished");
                let kept = match after.outcome() {
                    Some(Outcome::Winner(seat)) if seat == mover => Some(Value::Win),
                    Some(Outcome::Draw) => Some(Value::Draw),
                    Some(Outcome::Winner(_)) => Some(Value::Loss),
                    None => minimax(&after, 12, &mut budget).map(|v| match v {
                        Value::Win => Value::Loss,
                        Value::Draw => Value::Draw,
                        Value::Loss => Value::Win,
                    }),
                };
                assert_eq!(kept, Some(expected), "{position}: {best}");
            }
            compared[r] += 1;
            seen_values.insert(expected);
            if compared[r] >= 200 {
                break;
            }
        }
    }
    // Folk endings rarely finish every line within 12 plies: folk is covered by the bounded
    // comparison below.
    assert!(compared[0] >= 30 && compared[2] >= 30, "{compared:?}");
    assert_eq!(seen_values.len(), 3, "wins, draws and losses all compared");
}

#[test]
fn bounded_claims_agree_with_a_plain_search_under_every_preset() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for rules in [Rules::standard(), Rules::folk(), Rules::young()] {
        let mut wins = [0usize; 2];
        for _ in 0..150 {
            let Some(position) = random_endgame(&mut rng, rules) else {
                continue;
            };
            let mover = position.to_move().expect("unfinished");
            let limits = SolveLimits {
                max_depth: 5,
                ..limits()
            };
            let report = solve(&position, &limits);
            let mover_wins = wins_within(&position, mover, 5);
            let other_wins = wins_within(&position, mover.other(), 5);
            assert_eq!(report.value == Some(Value::Win), mover_wins, "{position}");
            assert_eq!(report.value == Some(Value::Loss), other_wins, "{position}");
            wins[0] += usize::from(mover_wins);
            wins[1] += usize::from(other_wins);
        }
        assert!(wins[0] > 5 && wins[1] > 5, "{rules:?}: {wins:?}");
    }
}

#[test]
fn a_forced_win_in_one_ply_is_found() {
    // Vector A12: taking the last mandarin ends the game, 43 to 27.
    let position =
        Position::parse("0,0,0,1,0,0,2,3,0,4,0,0 -Q 30,20 s 15", Rules::standard()).unwrap();
    let report = solve(&position, &limits());
    assert_eq!(report.value, Some(Value::Win));
    assert_eq!(report.plies, Some(1));
    assert_eq!(report.best, Some("3+".parse::<Move>().unwrap()));
}

#[test]
fn a_forced_win_in_three_plies_is_found() {
    let position =
        Position::parse("0,2,0,0,0,0,2,1,0,0,0,0 -Q 30,30 s 20", Rules::standard()).unwrap();
    let report = solve(&position, &limits());
    assert_eq!(report.value, Some(Value::Win));
    assert_eq!(report.plies, Some(3));
    assert!(wins_within(&position, Seat::South, 3));
    assert!(!wins_within(&position, Seat::South, 2));
    let after = position.play(report.best.expect("a proving move")).unwrap();
    assert!(wins_within(&after, Seat::South, 2));
    let claim = report
        .claims
        .iter()
        .find(|(c, _)| c.prover == Seat::South && c.target == Target::Win)
        .map(|(_, s)| *s);
    assert!(matches!(claim, Some(ClaimStatus::Proven { plies: 3, .. })));
}

#[test]
fn a_position_out_of_reach_is_reported_unknown() {
    let limits = SolveLimits {
        max_nodes: 1000,
        ..limits()
    };
    let report = solve(&Position::start(Rules::folk()), &limits);
    assert_eq!(report.value, None);
    assert!(report.stopped);
}

#[test]
fn the_stored_standard_proof_checks() {
    let book = stored_proof(Rules::standard())
        .expect("a stored proof")
        .expect("the stored proof reads and checks");
    assert_eq!(book.prover(), Seat::South);
    assert!(book.longest() <= 17, "{}", book.longest());
    assert!(book.decisions() > 0 && book.positions() > book.decisions());
    let start = Position::start(Rules::standard());
    assert_eq!(
        book.move_for(&start),
        oaq_bot::games::oaq::proof_move(&start)
    );
    assert!(book.move_for(&Position::start(Rules::folk())).is_none());
}

/// Plays `games` games from the start under `rules`, South following the stored proof and
/// North playing at random; every game ends in South's win within `longest` moves.
fn follow_the_proof(rules: Rules, games: usize, longest: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..games {
        let mut game = Game::new(Position::start(rules));
        while game.outcome().is_none() {
            let position = *game.position();
            let mv = if position.to_move() == Some(Seat::South) {
                oaq_bot::games::oaq::proof_move(&position).expect("South stays in the proof")
            } else {
                let moves = position.legal_moves();
                moves[rng.gen_range(0..moves.len())]
            };
            game.play(mv).expect("legal");
        }
        assert_eq!(game.outcome(), Some(Outcome::Winner(Seat::South)));
        assert!(game.moves().len() <= longest);
    }
}

#[test]
fn following_the_proof_wins_every_game_against_random_defence() {
    follow_the_proof(Rules::standard(), 200, 17);
}

#[test]
fn the_stored_folk_proof_checks_and_wins_every_game_against_random_defence() {
    let book = stored_proof(Rules::folk())
        .expect("a stored proof")
        .expect("the stored proof reads and checks");
    assert_eq!(book.prover(), Seat::South);
    // The bounded solver found no forced end within 24 plies, so no proof is that short.
    assert!((25..400).contains(&book.longest()), "{}", book.longest());
    let start = Position::start(Rules::folk());
    let first = oaq_bot::games::oaq::proof_move(&start);
    assert!(first.is_some());
    assert_eq!(book.move_for(&start), first);
    assert!(book.move_for(&Position::start(Rules::standard())).is_none());
    // Rules without a stored proof: the move is the search's.
    let mut lose = Rules::folk();
    lose.set_pair("refill_short=lose").expect("a real option");
    assert!(stored_proof(lose).is_none());
    assert_eq!(
        oaq_bot::games::oaq::proof_move(&Position::start(lose)),
        None
    );
    follow_the_proof(Rules::folk(), 200, book.longest() as usize);
}

#[test]
fn the_stored_young_proof_checks_and_wins_every_game_against_random_defence() {
    let book = stored_proof(Rules::young())
        .expect("a stored proof")
        .expect("the stored proof reads and checks");
    // The bounded solver proves 21 plies the shortest forced win under young.
    assert!((21..400).contains(&book.longest()), "{}", book.longest());
    let start = Position::start(Rules::young());
    assert_eq!(
        book.move_for(&start),
        oaq_bot::games::oaq::proof_move(&start)
    );
    follow_the_proof(Rules::young(), 200, book.longest() as usize);
}

#[test]
fn the_stored_proofs_with_a_mandarin_worth_five_check_and_win_against_random_defence() {
    for preset in Preset::ALL {
        let mut rules = preset.rules();
        rules.set_pair("quan_value=5").expect("a real option");
        let book = stored_proof(rules)
            .expect("a stored proof")
            .expect("the stored proof reads and checks");
        assert_eq!(book.prover(), Seat::South);
        let start = Position::start(rules);
        assert_eq!(
            book.move_for(&start),
            oaq_bot::games::oaq::proof_move(&start)
        );
        // The proof is for the mandarin worth 5 only.
        assert!(book.move_for(&Position::start(preset.rules())).is_none());
        follow_the_proof(rules, 50, book.longest() as usize);
    }
}

fn prove_limits(max_nodes: u64) -> ProveLimits {
    ProveLimits {
        max_nodes,
        time_limit: Duration::from_secs(60),
        tt_mb: 16,
    }
}

#[test]
fn df_pn_agrees_with_plain_minimax_on_small_endgames() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let mut verdicts = std::collections::HashSet::new();
    let mut compared = 0;
    for rules in [Rules::standard(), Rules::folk(), Rules::young()] {
        for _ in 0..8_000 {
            let Some(position) = random_endgame(&mut rng, rules) else {
                continue;
            };
            let mut budget = 20_000;
            let Some(expected) = minimax(&position, 12, &mut budget) else {
                continue;
            };
            let mover = position.to_move().expect("unfinished");
            for (prover, holds) in [
                (mover, expected == Value::Win),
                (mover.other(), expected == Value::Loss),
            ] {
                let report = prove(&position, prover, &prove_limits(1_000_000));
                let verdict = if holds {
                    Verdict::Proven
                } else {
                    Verdict::NoProof
                };
                assert_eq!(report.verdict, verdict, "{position}: {prover} wins");
                if holds {
                    let proof = report.proof.expect("a proven claim has its proof");
                    let book = ProofBook::read(&position, prover, &proof).expect("checks");
                    assert_eq!(report.plies, Some(book.longest()));
                    assert_eq!(report.first.is_some(), prover == mover);
                }
                verdicts.insert(report.verdict);
            }
            compared += 1;
        }
    }
    assert!(compared >= 100, "{compared}");
    assert_eq!(verdicts.len(), 2, "both proofs and failures compared");
}

#[test]
fn df_pn_proves_the_standard_start_with_a_proof_no_shorter_than_the_shortest_win() {
    let start = Position::start(Rules::standard());
    let report = prove(&start, Seat::South, &prove_limits(2_000_000));
    assert_eq!(report.verdict, Verdict::Proven);
    let proof = report.proof.expect("the proof");
    let book = ProofBook::read(&start, Seat::South, &proof).expect("checks");
    // The depth-bounded solver proves 17 plies the shortest forced win.
    assert!(book.longest() >= 17, "{}", book.longest());
    assert_eq!(book.move_for(&start), report.first);
    assert_eq!(report.proof_size, Some(book.positions() as u64));
}

#[test]
fn df_pn_out_of_budget_is_unknown() {
    let report = prove(
        &Position::start(Rules::folk()),
        Seat::South,
        &prove_limits(1_000),
    );
    assert_eq!(report.verdict, Verdict::Unknown);
    assert_eq!((report.proof, report.first), (None, None));
    assert!(report.nodes <= 1_001, "{}", report.nodes);
}

#[test]
fn a_damaged_proof_is_rejected() {
    let start = Position::start(Rules::standard());
    let text = include_str!("../../assets/oaq-proof-standard.txt");
    let digits: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .concat();
    assert!(ProofBook::read(&start, Seat::South, &digits).is_ok());
    // A different first move for South: the rest no longer fits.
    let first = digits.as_bytes()[0];
    let changed = if first == b'0' { '1' } else { '0' };
    let damaged = format!("{changed}{}", &digits[1..]);
    assert!(ProofBook::read(&start, Seat::South, &damaged).is_err());
    assert_eq!(
        ProofBook::read(&start, Seat::South, &digits[..digits.len() - 1]).err(),
        Some(ProofError::Truncated)
    );
    assert_eq!(
        ProofBook::read(&start, Seat::South, &format!("{digits}0")).err(),
        Some(ProofError::TrailingMoves(1))
    );
    assert!(ProofBook::read(&start, Seat::North, &digits).is_err());
}
