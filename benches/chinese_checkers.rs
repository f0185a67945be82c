//! Chinese checkers speed: perft (target: 2 players, depth 5 = 3,188,520 nodes in at most 2 s),
//! one hard move, and rendering + encoding the board picture (target: at most 15 ms).
//!
//! Run with `cargo bench --bench chinese_checkers`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::games::chinese_checkers::ai::{Level, Opponent};
use oaq_bot::games::chinese_checkers::{Position, Rules};
use oaq_bot::render::chinese_checkers::render_png;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("chinese_checkers_perft");
    group.sample_size(10);
    for players in [2, 6] {
        let start = Position::start(players, Rules::raw()).expect("a start position");
        group.bench_function(format!("{players}_players_depth_5"), |b| {
            b.iter(|| black_box(start.perft(5)))
        });
    }
    group.finish();
}

fn opponent(c: &mut Criterion) {
    let mut group = c.benchmark_group("chinese_checkers_opponent");
    group.sample_size(10);
    for players in [2, 3] {
        let start = Position::start(players, Rules::default()).expect("a start position");
        group.bench_function(format!("hard_move_{players}_players"), |b| {
            b.iter(|| black_box(Opponent::new(Level::Hard, 1).choose(&start)))
        });
    }
    group.finish();
}

fn render(c: &mut Criterion) {
    let start = Position::start(6, Rules::default()).expect("a start position");
    let mv = start.legal_moves()[0];
    let after = start.play(&mv).expect("a legal move");
    c.bench_function("chinese_checkers_render_png", |b| {
        b.iter(|| black_box(render_png(&after, Some(&mv)).expect("encodes")))
    });
}

criterion_group!(benches, perft, opponent, render);
criterion_main!(benches);
