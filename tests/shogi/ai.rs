//! The computer opponent: it finds mates and free material, and is reproducible for a seed.

use std::sync::atomic::AtomicBool;

use oaq_bot::games::shogi::ai::{
    evaluate, greedy_move, mate_distance, search, search_with, Control, Iteration, Level, Limits,
    Player, MATE_BOUND,
};
use oaq_bot::games::shogi::{Move, Position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn depth(d: u32) -> Limits {
    Limits {
        depth: d,
        time: None,
        noise: 0,
    }
}

fn best(sfen: &str, limits: Limits, seed: u64) -> Move {
    let position: Position = sfen.parse().expect("valid SFEN");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    search(&position, &[], limits, &mut rng)
        .expect("a legal move")
        .best
}

#[test]
fn finds_mate_in_one_with_a_drop() {
    assert_eq!(
        best("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", depth(2), 7).to_string(),
        "G*5b"
    );
}

#[test]
fn finds_a_quiet_mate_in_three() {
    // Two golds against the bare king in the corner: no mate in one, a forced mate in three.
    let position: Position = "8k/9/9/9/9/9/9/9/K8 b 2G 1".parse().expect("valid SFEN");
    let mates_at_once = |p: &Position| {
        p.legal_moves()
            .into_iter()
            .any(|m| p.play(m).expect("legal").outcome().is_some())
    };
    assert!(!mates_at_once(&position));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let found = search(&position, &[], depth(3), &mut rng).expect("a legal move");
    assert!(
        found.score > 900_000,
        "mate score expected, got {}",
        found.score
    );
    let after = position.play(found.best).expect("legal");
    let replies = after.legal_moves();
    assert!(!replies.is_empty());
    for reply in replies {
        assert!(
            mates_at_once(&after.play(reply).expect("legal")),
            "{} then {reply} escapes",
            found.best
        );
    }
}

#[test]
fn takes_a_free_rook() {
    assert_eq!(
        best("4k4/9/9/9/6r2/9/4B4/9/K8 b - 1", depth(1), 3).to_string(),
        "5g3e"
    );
    assert_eq!(
        best("4k4/9/9/9/6r2/9/4B4/9/K8 b - 1", depth(3), 3).to_string(),
        "5g3e"
    );
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let position = Position::new();
    let run = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = position.clone();
        let mut moves = Vec::new();
        for _ in 0..8 {
            let r = search(
                &p,
                &[],
                Limits {
                    depth: 2,
                    time: None,
                    noise: 50,
                },
                &mut rng,
            )
            .expect("move");
            moves.push(r.best);
            p = p.play(r.best).expect("legal");
        }
        moves
    };
    assert_eq!(run(5), run(5));
}

#[test]
fn greedy_grabs_the_most_material() {
    let position: Position = "4k4/9/9/9/9/2b1p4/3S5/9/K8 b - 1".parse().expect("valid");
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert_eq!(
        greedy_move(&position, &mut rng).expect("move").to_string(),
        "6g7f"
    );
}

#[test]
fn evaluation_is_symmetric() {
    assert_eq!(evaluate(&Position::new()), 0);
    let mirrored_a: Position = "4k4/9/9/9/9/9/9/9/4K4 b R 1".parse().expect("valid");
    let mirrored_b: Position = "4k4/9/9/9/9/9/9/9/4K4 w r 1".parse().expect("valid");
    assert_eq!(evaluate(&mirrored_a), -evaluate(&mirrored_b));
    assert!(evaluate(&mirrored_a) > 1_000);
}

#[test]
fn players_and_levels_parse() {
    assert_eq!("hard".parse::<Player>(), Ok(Player::Engine(Level::Hard)));
    assert_eq!("greedy".parse::<Player>(), Ok(Player::Greedy));
    assert_eq!(
        "hand-set".parse::<Player>(),
        Ok(Player::Weighted("hand-set"))
    );
    assert_eq!(Player::Weighted("hand-set").to_string(), "hand-set");
    assert_eq!(
        "tuned-v1".parse::<Player>(),
        Ok(Player::Weighted("tuned-v1"))
    );
    assert_eq!(Player::Weighted("tuned-v1").to_string(), "tuned-v1");
    assert!("expert".parse::<Player>().is_err());
    assert_eq!(
        Level::Hard.limits().time,
        Some(std::time::Duration::from_secs(2))
    );
}

#[test]
fn a_controlled_search_reports_each_iteration_and_obeys_its_limits() {
    let position = Position::new();
    let mut seen = Vec::new();
    let mut report = |it: &Iteration| seen.push((it.depth, it.pv.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let control = Control {
        report: Some(&mut report),
        ..Control::default()
    };
    let found = search_with(&position, &[], depth(3), &mut rng, control).expect("a move");
    let depths: Vec<u32> = seen.iter().map(|(d, _)| *d).collect();
    assert_eq!(depths, [1, 2, 3]);
    let (_, pv) = seen.last().expect("three iterations");
    assert_eq!(pv.first(), Some(&found.best));
    let mut line = position.clone();
    for &mv in pv {
        line = line.play(mv).expect("the principal variation is legal");
    }

    let endless = Limits {
        depth: 64,
        time: None,
        noise: 0,
    };
    let stop = AtomicBool::new(true);
    let stopped = Control {
        stop: Some(&stop),
        ..Control::default()
    };
    let found = search_with(&position, &[], endless, &mut rng, stopped).expect("a move");
    assert!(position.is_legal(found.best));
    let counted = Control {
        nodes: Some(2_000),
        ..Control::default()
    };
    let found = search_with(&position, &[], endless, &mut rng, counted).expect("a move");
    assert!(found.nodes <= 2_010, "{} nodes", found.nodes);
}

#[test]
fn mate_scores_convert_to_plies() {
    assert_eq!(mate_distance(999_999), Some(1));
    assert_eq!(mate_distance(-999_998), Some(-2));
    assert_eq!(mate_distance(MATE_BOUND), None);
    assert_eq!(mate_distance(-350), None);
}
