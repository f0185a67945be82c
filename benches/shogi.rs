//! Shogi speed: perft from the start position, legal-move listing, and the board picture.

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::games::shogi::Position;
use oaq_bot::render::shogi::{draw, render, BoardView, Highlights, Words};
use oaq_bot::render::Fonts;

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

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
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let matsuri: Position = MATSURI.parse().expect("valid SFEN");
    c.bench_function("shogi legal_moves matsuri (207 moves)", |b| {
        b.iter(|| matsuri.legal_moves())
    });
}

fn picture(c: &mut Criterion) {
    let matsuri: Position = MATSURI.parse().expect("valid SFEN");
    let highlights = Highlights {
        last_move: Some("2b3a".parse().expect("USI")),
        outcome: None,
        from_gote: false,
    };
    let fonts = Fonts::load().expect("fonts");
    let view = BoardView {
        position: &matsuri,
        highlights,
        words: Words {
            sente: "先手",
            gote: "後手",
            empty_hand: "なし",
            status: "後手番 Gote to move",
            check: "王手 Check!",
        },
    };
    c.bench_function("shogi render only (matsuri)", |b| {
        b.iter(|| draw(&fonts, &view))
    });
    c.bench_function("shogi render + PNG encode (matsuri)", |b| {
        b.iter(|| render(&fonts, &view).expect("encodes"))
    });
}

criterion_group!(benches, perft, legal_moves, picture);
criterion_main!(benches);
