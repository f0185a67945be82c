//! What the app keeps in memory only, between requests: the analyses made since the start,
//! and how far the boards Discord received went. Neither is stored: a restart forgets them,
//! and the features that use them (`review.rs`, `runs.rs`) do without.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use crate::app::vocab::Review;
use crate::ids::GameId;

/// How many analyses are kept in memory.
const KEPT: usize = 64;

/// The analyses made since the bot started, by game (at most [`KEPT`]).
#[derive(Debug, Default)]
pub(crate) struct Reviews(Mutex<HashMap<GameId, Review>>);

impl Reviews {
    /// The analysis of game `game`, if it was made.
    pub(crate) fn get(&self, game: GameId) -> Option<Review> {
        self.0.lock().ok()?.get(&game).cloned()
    }

    /// Keeps the analysis of `game`, forgetting the others when too many are kept.
    pub(crate) fn keep(&self, game: GameId, review: &Review) {
        if let Ok(mut kept) = self.0.lock() {
            if kept.len() >= KEPT {
                kept.clear();
            }
            kept.insert(game, review.clone());
        }
    }
}

/// How many moves the boards Discord received showed, per game (see `runs.rs`).
#[derive(Debug, Default)]
pub(crate) struct Received(Mutex<HashMap<GameId, u32>>);

impl Received {
    /// The counts, whatever a panic left them.
    pub(crate) fn lock(&self) -> MutexGuard<'_, HashMap<GameId, u32>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
