//! Differential test: this engine's legal moves against `shogi_legality_lite`, an independent
//! move generator from crates.io, on thousands of random positions biased towards checks.

use std::collections::BTreeSet;

use oaq_bot::games::shogi::{Color, Move, Position, Role, Square};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::{Hand, PartialPosition, PieceKind, ToUsi};

fn reference_position(position: &Position) -> PartialPosition {
    let mut reference = PartialPosition::empty();
    let color = |c: Color| match c {
        Color::Sente => shogi_core::Color::Black,
        Color::Gote => shogi_core::Color::White,
    };
    let kind = |r: Role| PieceKind::from_u8(r.index() as u8 + 1).expect("same order of kinds");
    for sq in Square::all() {
        let square = shogi_core::Square::new(sq.file(), sq.rank()).expect("on the board");
        let piece = position
            .piece_at(sq)
            .map(|p| shogi_core::Piece::new(kind(p.role), color(p.color)));
        reference.piece_set(square, piece);
    }
    for c in Color::ALL {
        let mut hand = Hand::new();
        for role in Role::HAND {
            for _ in 0..position.hand_count(c, role) {
                hand = hand.added(kind(role)).expect("hand has room");
            }
        }
        *reference.hand_of_a_player_mut(color(c)) = hand;
    }
    reference.side_to_move_set(color(position.turn()));
    reference
}

fn compare(position: &Position) {
    let ours: BTreeSet<String> = position.legal_moves().iter().map(Move::to_string).collect();
    let theirs: BTreeSet<String> =
        shogi_legality_lite::all_legal_moves_partial(&reference_position(position))
            .iter()
            .map(|m| m.to_usi_owned())
            .collect();
    assert_eq!(
        ours,
        theirs,
        "legal moves differ in {position}: only ours {:?}, only theirs {:?}",
        ours.difference(&theirs).collect::<Vec<_>>(),
        theirs.difference(&ours).collect::<Vec<_>>()
    );
}

/// Plays random games, preferring checks (and among them pawn drops) half of the time, and
/// compares every position reached. Returns how many positions were compared and how many of
/// them were in check.
fn random_walks(start: &Position, seed: u64, games: usize, plies: usize) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut compared, mut in_check) = (0, 0);
    for _ in 0..games {
        let mut position = start.clone();
        for _ in 0..plies {
            compare(&position);
            compared += 1;
            in_check += usize::from(position.is_check());
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let checks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| position.play(m).is_ok_and(|p| p.is_check()))
                .collect();
            let mv = if !checks.is_empty() && rng.gen_bool(0.5) {
                *checks.choose(&mut rng).expect("not empty")
            } else {
                *moves.choose(&mut rng).expect("not empty")
            };
            position = position.play(mv).expect("listed moves are legal");
        }
    }
    (compared, in_check)
}

#[test]
fn agrees_with_shogi_legality_lite_from_the_start() {
    let (compared, in_check) = random_walks(&Position::new(), 1, 24, 120);
    assert!(compared > 2_000, "only {compared} positions compared");
    assert!(in_check > 300, "only {in_check} positions in check");
}

#[test]
fn agrees_with_shogi_legality_lite_from_drop_heavy_positions() {
    let starts = [
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
        "8k/9/8G/9/9/9/9/9/K6R1 b 2P2p 1",
    ];
    for (i, sfen) in starts.iter().enumerate() {
        let start: Position = sfen.parse().expect("valid SFEN");
        let (compared, _) = random_walks(&start, 100 + i as u64, 12, 80);
        assert!(compared > 200);
    }
}
