//! The app itself: the [`App`] every feature's handlers hang on, with what they share (the
//! store, the clock, the fonts, the settings, the coin tosses, what is kept in memory, the
//! shards served), and its [`Settings`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::app::clock::Clock;
use crate::app::memory::{Received, Reviews};
use crate::ids::GuildId;
use crate::render::{Fonts, RenderError};
use crate::shards::Layout;
use crate::store::{GameKind, Owed, OwedKey, Store};

/// App settings (from the configuration file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// How long a challenge waits before it expires, in milliseconds.
    pub challenge_ttl_ms: u64,
    /// Seed of the coin tosses (any value; the bot seeds it from the clock).
    pub seed: u64,
    /// How long a player has for each move, in milliseconds.
    pub turn_ms: u64,
    /// The hard computer opponent's thinking budget per move, in milliseconds.
    pub bot_move_ms: u64,
}

/// Something that could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The fonts could not be loaded.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// The Discord-agnostic bot.
pub struct App {
    pub(super) store: Store,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) fonts: Fonts,
    pub(super) settings: Settings,
    pub(super) rng: Mutex<ChaCha8Rng>,
    /// When each outbox entry was first seen as it is (see [`App::due_edits`]).
    pub(super) first_seen: Mutex<HashMap<OwedKey, (Owed, u64)>>,
    /// The analyses of finished games made since the start.
    pub(super) reviews: Reviews,
    /// How many moves the boards Discord received showed (see `runs.rs`).
    pub(super) received: Received,
    /// The shards this process runs: the sweeps leave other servers' records alone.
    pub(super) layout: Layout,
    /// Raised when a tournament game ends, so that the tournament worker closes the round and
    /// pairs the next at once rather than at its next periodic sweep.
    pub(super) tournament_due: Arc<tokio::sync::Notify>,
    /// Whether the bot serves the Activity: boards then offer to open it.
    pub(super) activity: bool,
}

impl App {
    /// An app over `store`, reading the time from `clock`.
    pub fn new(store: Store, clock: Arc<dyn Clock>, settings: Settings) -> Result<App, AppError> {
        Ok(App {
            store,
            clock,
            fonts: Fonts::load()?,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(settings.seed)),
            settings,
            first_seen: Mutex::new(HashMap::new()),
            reviews: Reviews::default(),
            received: Received::default(),
            layout: Layout::single(),
            tournament_due: Arc::new(tokio::sync::Notify::new()),
            activity: false,
        })
    }

    /// What wakes the tournament worker: notified when a tournament game ends (and by anyone
    /// who owes the tournaments work, such as an answer that paired a round).
    pub fn tournament_due(&self) -> Arc<tokio::sync::Notify> {
        self.tournament_due.clone()
    }

    /// The same app, serving only the servers of `layout`'s shards: the sweeps (expired
    /// challenges, turns out of time, the computer's owed moves) leave the records of other
    /// servers alone, should the store hold any.
    pub fn serving(mut self, layout: Layout) -> App {
        self.layout = layout;
        self
    }

    /// The app of a bot that serves the Activity: every running game's board offers to open
    /// it (*Play on the board*).
    pub fn with_activity(mut self) -> App {
        self.activity = true;
        self
    }

    /// Whether this process serves the records of `guild` (`None`: direct messages).
    pub fn serves(&self, guild: Option<GuildId>) -> bool {
        self.owns(guild)
    }

    /// Whether this process serves `guild`.
    pub(super) fn owns(&self, guild: Option<GuildId>) -> bool {
        self.layout.owns(guild)
    }

    /// How many running games and open challenges the store holds for servers this process
    /// does not serve: 0 unless the layout changed without `oaq-bot store reshard`.
    pub fn foreign_records(&self) -> usize {
        let games = self
            .store
            .running_games()
            .into_iter()
            .filter_map(|id| self.store.game(id.ok()?).ok().flatten())
            .filter(|game| !self.owns(game.record.guild))
            .count();
        let challenges = self
            .store
            .challenges()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|challenge| !self.owns(challenge.record.guild))
            .count();
        games + challenges
    }

    /// The games being played, per kind (a damaged record is not counted).
    pub fn running_per_kind(&self) -> Vec<(GameKind, usize)> {
        let mut counts: Vec<(GameKind, usize)> = GameKind::ALL.iter().map(|&k| (k, 0)).collect();
        for id in self.store.running_games() {
            if let Ok(Some(game)) = id.and_then(|id| self.store.game(id)) {
                if let Some(count) = counts.iter_mut().find(|(k, _)| *k == game.record.kind) {
                    count.1 += 1;
                }
            }
        }
        counts
    }

    /// The store (for tests and maintenance).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The time, in milliseconds since the Unix epoch.
    pub(super) fn now(&self) -> u64 {
        self.clock.now_ms()
    }
}
