//! Chinese checkers speed: perft (target: 2 players, depth 5 = 3,188,520 nodes in at most 2 s)
//! and one computer move: `hard` at its default 1 s budget (it uses the whole budget, so the
//! figure shows how closely it keeps to it) and `reference`, the previous release's hard. The board picture is measured with the others in `benches/render.rs`.
//!
//! Run with `cargo bench --bench chinese_checkers`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::games::chinese_checkers::ai::{Level, Opponent};
use oaq_bot::games::chinese_checkers::{Position, Rules};

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
            b.iter(|| {
                black_box(
                    Opponent::new(Level::Hard, 1)
                        .with_budget_ms(1000)
                        .choose(&start),
                )
            })
        });
        group.bench_function(format!("reference_move_{players}_players"), |b| {
            b.iter(|| black_box(Opponent::new(Level::Reference, 1).choose(&start)))
        });
    }
    group.finish();
}

criterion_group!(benches, perft, opponent);
criterion_main!(benches);
