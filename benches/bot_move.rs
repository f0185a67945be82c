//! How long the computer opponent takes to choose a move, per level, on a few representative
//! positions — what a player waits for after each move against the bot. Each iteration builds
//! a fresh player (as the bot does for every move) with the default one-second budget for the
//! hard level.
//!
//! `cargo bench --profile test --bench bot_move`; criterion reports the median as the middle
//! figure of `time: [low median high]`.

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use oaq_bot::games::oaq::{Level, Limits, Player, Position, Preset};

/// The start and the positions a third and two thirds of the way through a seeded game of the
/// medium level against itself, standard rules (the same positions on every run).
fn positions() -> Vec<(String, Position)> {
    let mut mover = Player::new(Level::Medium, 2026);
    let mut game = vec![Position::start(Preset::Standard.rules())];
    while let Some(position) = game.last() {
        let Some(mv) = mover.choose(position) else {
            break;
        };
        let Ok(next) = position.play(mv) else {
            break;
        };
        if next.is_over() {
            break;
        }
        game.push(next);
    }
    let length = game.len();
    [0, length / 3, 2 * length / 3]
        .into_iter()
        .map(|ply| (format!("ply {ply} of {length}"), game[ply]))
        .collect()
}

fn bot_move(c: &mut Criterion) {
    let positions = positions();
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        let mut group = c.benchmark_group(format!("bot move {level}"));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(200));
        if level == Level::Hard {
            group.measurement_time(Duration::from_secs(12));
        }
        for (name, position) in &positions {
            group.bench_function(name.as_str(), |b| {
                b.iter(|| {
                    let mut player = Player::new(level, 7).with_budget(Limits::DEFAULT_TIME);
                    black_box(player.choose(black_box(position)))
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bot_move);
criterion_main!(benches);
