//! Ô ăn quan engine speed: perft nodes per second, the hard level's search nodes per second, and
//! reading the stored proofs.
//!
//! `cargo bench --bench oaq`; criterion reports throughput in elements (nodes) per second.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use oaq_bot::games::oaq::{analyse, stored_proof, Limits, Position, Preset};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("oaq perft");
    for preset in Preset::ALL {
        let start = Position::start(preset.rules());
        let nodes = start.perft(6);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{preset} depth 6"), |b| {
            b.iter(|| black_box(start.perft(black_box(6))))
        });
    }
    group.finish();
}

fn hard_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("oaq hard search");
    group.sample_size(10);
    let limits = Limits {
        time: None,
        depth: Some(12),
    };
    let start = Position::start(Preset::Standard.rules());
    let nodes = analyse(&start, limits).map_or(1, |r| r.nodes);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("standard start depth 12", |b| {
        b.iter(|| black_box(analyse(black_box(&start), limits)))
    });
    group.finish();
}

/// Reading and checking each stored proof of the start: what the first `proof_move` under a
/// preset costs.
fn stored_proofs(c: &mut Criterion) {
    let mut group = c.benchmark_group("oaq stored proof");
    group.sample_size(10);
    for preset in Preset::ALL {
        group.bench_function(format!("{preset} read and check"), |b| {
            b.iter(|| {
                stored_proof(black_box(preset.rules())).map(|book| book.map(|b| b.positions()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft, hard_search, stored_proofs);
criterion_main!(benches);
