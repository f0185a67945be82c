//! Shogi speed: perft from the start position (ours and shunsai's, in one run), legal-move
//! listing, the board picture (start, MATSURI, a crowded middlegame), and the hard computer's
//! reply at a 1 s budget.
//!
//! `cargo bench --bench shogi -- perft` for the move generators, `cargo bench --bench shogi --
//! picture` for the pictures (their PNG sizes are printed once), `cargo bench --bench shogi --
//! reply` for the computer.
//!
//! The two perfts are built the same way: the leaves (depth 1) are counted one generated move at
//! a time (ours: `count_legal_moves`, whose generator hands each `Move` to a counting closure;
//! shunsai: each move of each `MoveSet` iterated), never by a popcount of destination sets;
//! inner nodes list their moves and play each (ours: `play` into a copy; shunsai: `do_move` and
//! `undo_move` in place, its fastest way).

use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::games::shogi::ai::{Level, Player};
use oaq_bot::games::shogi::{Game, Move, Position};
use oaq_bot::render::shogi::{draw, render, BoardView, Highlights, Words};
use oaq_bot::render::Fonts;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// A crowded middlegame for the picture: both hands full (B G S N 3P against G S 2P), four
/// promoted pieces on each side of the board, gote in check from the dragon on 2a.
const CROWDED: &str =
    "ln1g1k1+Rl/1r5+P1/p1pp+Bp1p1/4p4/2P3+s2/P3P2P1/1P1P2+n2/2+l1G4/L1S1K2N1 w BGSN3Pgs2p 1";

/// A bishop-exchange opening, 30 moves in: both bishops in hand, both kings moved a little.
const OPENING: [&str; 30] = [
    "7g7f", "8c8d", "2g2f", "8d8e", "8h7g", "3c3d", "7i8h", "4a3b", "6i7h", "2b7g+", "8h7g",
    "3a2b", "3i3h", "7a7b", "4g4f", "6c6d", "3h4g", "7b6c", "5i6h", "5a4b", "4i5h", "6a5b", "3g3f",
    "6c5d", "1g1f", "1c1d", "2h2g", "9c9d", "9g9f", "7c7d",
];

fn perft(c: &mut Criterion) {
    let start = Position::new();
    let mut group = c.benchmark_group("shogi perft");
    group.sample_size(10);
    group.bench_function("start depth 4 (719,731 nodes)", |b| {
        b.iter(|| start.perft(4))
    });
    group.bench_function("start depth 5 (19,861,490 nodes)", |b| {
        b.iter(|| start.perft(5))
    });
    let mut peer = shunsai::Position::startpos();
    assert_eq!(shunsai_perft(&mut peer, 5), 19_861_490);
    group.bench_function("shunsai 0.1.2 start depth 5 (19,861,490 nodes)", |b| {
        b.iter(|| shunsai_perft(&mut peer, 5))
    });
    group.finish();
}

/// shunsai's perft, each leaf move built and counted one by one like ours.
fn shunsai_perft(position: &mut shunsai::Position, depth: u32) -> u64 {
    if depth == 1 {
        let mut leaves = 0;
        let _ = position.generate_moves(|set| {
            for _move in set {
                leaves += 1;
            }
            ControlFlow::Continue(())
        });
        return leaves;
    }
    let mut total = 0;
    for mv in position.legal_moves() {
        let undo = position.do_move(mv);
        total += shunsai_perft(position, depth - 1);
        position.undo_move(mv, undo);
    }
    total
}

fn legal_moves(c: &mut Criterion) {
    let matsuri: Position = MATSURI.parse().expect("valid SFEN");
    c.bench_function("shogi legal_moves matsuri (207 moves)", |b| {
        b.iter(|| matsuri.legal_moves())
    });
}

fn view<'a>(position: &'a Position, last_move: &str, status: &'a str) -> BoardView<'a> {
    BoardView {
        position,
        highlights: Highlights {
            last_move: Some(last_move.parse().expect("USI")),
            outcome: None,
            from_gote: false,
        },
        words: Words {
            sente: "先手",
            gote: "後手",
            empty_hand: "なし",
            status,
            check: "王手 Check!",
        },
    }
}

fn picture(c: &mut Criterion) {
    let fonts = Fonts::load().expect("fonts");
    let matsuri: Position = MATSURI.parse().expect("valid SFEN");
    let start = Position::new();
    let crowded: Position = CROWDED.parse().expect("valid SFEN");
    assert!(crowded.is_check(), "the crowded position is a check");
    let views = [
        ("start", view(&start, "7g7f", "先手番 Sente to move")),
        ("matsuri", view(&matsuri, "2b3a", "後手番 Gote to move")),
        ("crowded", view(&crowded, "4d5c", "後手番 Gote to move")),
    ];
    for (name, view) in &views {
        let png = render(&fonts, view).expect("encodes");
        println!("shogi picture {name}: {} bytes of PNG", png.len());
    }
    // The names the figures' table (docs/benchmarks.md) has always used.
    c.bench_function("shogi render only (matsuri)", |b| {
        b.iter(|| draw(&fonts, &views[1].1))
    });
    c.bench_function("shogi render + PNG encode (matsuri)", |b| {
        b.iter(|| render(&fonts, &views[1].1).expect("encodes"))
    });
    let mut group = c.benchmark_group("shogi picture");
    for (name, view) in &views {
        group.bench_function(format!("render + PNG ({name})"), |b| {
            b.iter(|| render(&fonts, view).expect("encodes"))
        });
    }
    group.finish();
}

/// The hard level at a 1 s budget: the reply must arrive within the budget (plus the time to
/// stop), whatever the position.
fn reply(c: &mut Criterion) {
    let mut opening = Game::default();
    for usi in OPENING {
        let mv: Move = usi.parse().expect("USI");
        opening.play(mv).expect("legal");
    }
    let games = [
        ("start", Game::default()),
        ("middlegame", opening),
        ("matsuri", Game::new(MATSURI.parse().expect("valid SFEN"))),
    ];
    let budget = Duration::from_secs(1);
    let mut group = c.benchmark_group("shogi reply");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(10));
    for (name, game) in &games {
        group.bench_function(format!("hard, 1 s budget ({name})"), |b| {
            b.iter(|| {
                let mut rng = ChaCha8Rng::seed_from_u64(1);
                Player::Engine(Level::Hard)
                    .choose(game, Some(budget), &mut rng)
                    .expect("a move")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft, legal_moves, picture, reply);
criterion_main!(benches);
