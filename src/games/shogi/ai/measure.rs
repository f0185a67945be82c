//! Reproducible middlegame positions and one timed search of each, for the figures
//! docs/benchmarks.md keeps: nodes per second and the depth reached in a time budget.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{random_move, Control, Level, Limits};
use crate::games::shogi::game::Game;

/// Random moves at the start of each middlegame, so that the games differ.
const RANDOM_PLIES: usize = 6;
/// Plies played before a position counts as a middlegame.
const MIDDLEGAME_PLIES: usize = 40;

/// `count` middlegames: for seed 1, 2 …, six random moves, then medium (three plies, no clock)
/// until move 40. A game that ends earlier is skipped, so fewer may come back.
#[must_use]
pub fn middlegames(count: u64) -> Vec<Game> {
    (1..=count)
        .filter_map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::default();
            let limits = Limits {
                time: None,
                ..Level::Medium.limits()
            };
            while game.moves().len() < MIDDLEGAME_PLIES {
                let position = game.position().clone();
                let mv = if game.moves().len() < RANDOM_PLIES {
                    random_move(&position, &mut rng)
                } else {
                    Level::Medium
                        .search_with(
                            &position,
                            game.positions(),
                            limits,
                            &mut rng,
                            Control::default(),
                        )
                        .map(|r| r.best)
                }?;
                game.play(mv).ok()?;
                if game.outcome().is_some() {
                    return None;
                }
            }
            Some(game)
        })
        .collect()
}

/// What one timed search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Measured {
    /// The last completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl Measured {
    /// Positions per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> u128 {
        u128::from(self.nodes) * 1000 / self.elapsed.as_millis().max(1)
    }
}

/// Searches the position of `game` at `level` for `budget`.
#[must_use]
pub fn measure(level: Level, game: &Game, budget: Duration) -> Measured {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let limits = Limits {
        time: Some(budget),
        ..level.limits()
    };
    let start = Instant::now();
    let found = level.search_with(
        game.position(),
        game.positions(),
        limits,
        &mut rng,
        Control::default(),
    );
    Measured {
        depth: found.map_or(0, |r| r.depth),
        nodes: found.map_or(0, |r| r.nodes),
        elapsed: start.elapsed(),
    }
}
