//! Perft (legal-move counts) against the tables in `specs/shogi.md`.

use oaq_bot::games::shogi::{Move, Position};

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
const U1: &str = "8k/9/8G/9/9/9/9/9/K6R1 b P 1";
const U2: &str = "4k4/9/4G4/9/9/9/9/9/K2L1L3 b P 1";
const S: &str = "8k/9/8G/9/9/9/9/9/K8 b P 1";
const PIN: &str = "4k4/9/2NGgGN2/9/4R4/9/9/9/K8 b P 1";

fn perft(sfen: &str, depth: u32) -> u64 {
    sfen.parse::<Position>().expect("valid SFEN").perft(depth)
}

fn legal(sfen: &str) -> Vec<String> {
    let position: Position = sfen.parse().expect("valid SFEN");
    position.legal_moves().iter().map(Move::to_string).collect()
}

#[test]
fn start_position_to_depth_4() {
    let start = Position::new();
    assert_eq!(start.perft(1), 30);
    assert_eq!(start.perft(2), 900);
    assert_eq!(start.perft(3), 25_470);
    assert_eq!(start.perft(4), 719_731);
}

#[test]
#[ignore = "19.9M nodes: run with --ignored in release"]
fn start_position_depth_5() {
    assert_eq!(Position::new().perft(5), 19_861_490);
}

#[test]
fn matsuri_to_depth_2() {
    assert_eq!(perft(MATSURI, 1), 207);
    assert_eq!(perft(MATSURI, 2), 28_684);
}

#[test]
fn matsuri_depth_3() {
    assert_eq!(perft(MATSURI, 3), 4_809_015);
}

#[test]
fn max_moves_to_depth_2() {
    assert_eq!(perft(MAX_MOVES, 1), 593);
    assert_eq!(perft(MAX_MOVES, 2), 105_677);
}

#[test]
#[ignore = "53M nodes: run with --ignored in release"]
fn max_moves_depth_3() {
    assert_eq!(perft(MAX_MOVES, 3), 53_393_368);
}

#[test]
fn u1_uchifuzume_on_the_edge() {
    assert_eq!(perft(U1, 1), 93);
    assert_eq!(perft(U1, 2), 18);
    assert_eq!(perft(U1, 3), 1_184);
    let moves = legal(U1);
    assert!(!moves.contains(&"P*1b".to_string()));
    assert!(moves.contains(&"P*2b".to_string()));
}

#[test]
fn u2_uchifuzume_away_from_the_edge() {
    assert_eq!(perft(U2, 1), 96);
    let moves = legal(U2);
    assert!(!moves.contains(&"P*5b".to_string()));
    assert!(moves.contains(&"P*1b".to_string()));
}

#[test]
fn s_pawn_drop_that_stalemates_without_check_is_legal() {
    assert_eq!(perft(S, 1), 77);
    assert_eq!(perft(S, 2), 78);
    assert_eq!(perft(S, 3), 1_255);
}

#[test]
fn pin_pinned_gold_capturing_along_its_pin_saves_the_king() {
    assert_eq!(perft(PIN, 1), 97);
    assert!(legal(PIN).contains(&"P*5b".to_string()));
}
