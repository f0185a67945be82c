//! The store's handle, [`Store`]: the key spaces its logic works on, the backend under them,
//! the layout whose ids it hands out, and the writer gate; with the few steps every write and
//! read goes through (a write is made durable before it returns, a record is read through the
//! codec). What the store does with its records is in the modules named for them.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use super::backend::Backend;
use super::backup::{Backup, Gate};
use super::changes::Changes;
use super::codec::{decode, Stored};
use super::error::StoreError;
use super::format::COUNTER_BITS;
use super::ids;
use super::space::Space;
use super::tree::Tree;
use crate::shards::Layout;

/// The bot's database.
#[derive(Debug, Clone)]
pub struct Store {
    /// What keeps the key spaces.
    pub(super) backend: Arc<dyn Backend>,
    /// Each game's small head.
    pub(super) games: Space,
    /// Every game's setup and moves (one key per ply).
    pub(super) parts: Space,
    /// Pending challenges.
    pub(super) challenges: Space,
    /// The challenge or game each busy channel holds.
    pub(super) channels: Space,
    /// Writes owed to Discord (see `outbox.rs`).
    pub(super) outbox: Space,
    /// The running games of each server (see `listed.rs`).
    pub(super) listed: Space,
    /// Tournaments (see `tournaments.rs`).
    pub(super) tournaments: Space,
    /// Ratings (see `social.rs`).
    pub(super) ratings: Space,
    /// The leaderboard's order.
    pub(super) leaderboard: Space,
    /// The number of rated players per leaderboard.
    pub(super) sizes: Space,
    /// Each player's rating over time.
    pub(super) points: Space,
    /// Finished games.
    pub(super) history: Space,
    /// The history's index by server.
    pub(super) by_guild: Space,
    /// The history's index by player.
    pub(super) by_player: Space,
    /// The database's own bookkeeping: schema version, id counter.
    pub(super) meta: Space,
    /// The shards whose servers this process serves; its tag is mixed into every id.
    layout: Layout,
    /// Held by every write, closed by a backup for an instant (see `backup.rs`).
    gate: Arc<Gate>,
    /// The announcements of changed games (see `changes.rs`).
    pub(super) changes: Arc<Changes>,
}

impl Store {
    /// A store of the key spaces `backend` keeps, for the process that runs `layout`'s shards
    /// (nothing is read or written yet).
    pub(super) fn with(backend: Arc<dyn Backend>, layout: Layout) -> Store {
        let space = |tree| Space::new(backend.clone(), tree);
        Store {
            games: space(Tree::Games),
            parts: space(Tree::GameParts),
            challenges: space(Tree::Challenges),
            channels: space(Tree::Channels),
            outbox: space(Tree::Outbox),
            listed: space(Tree::RunningByGuild),
            tournaments: space(Tree::Tournaments),
            ratings: space(Tree::Ratings),
            leaderboard: space(Tree::Leaderboard),
            sizes: space(Tree::LeaderboardSizes),
            points: space(Tree::RatingPoints),
            history: space(Tree::History),
            by_guild: space(Tree::HistoryByGuild),
            by_player: space(Tree::HistoryByPlayer),
            meta: space(Tree::Meta),
            layout,
            gate: Arc::new(Gate::default()),
            changes: Changes::new(),
            backend,
        }
    }

    /// Key space `tree` of this store.
    pub(super) fn space(&self, tree: Tree) -> Space {
        Space::new(self.backend.clone(), tree)
    }

    /// The layout this store was opened for.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Whether every process of the bot shares this store (PostgreSQL), each serving the
    /// servers of its own shards from it; else it holds this process's servers alone.
    pub fn shared(&self) -> bool {
        self.backend.shared()
    }

    /// Whether the database can be reached now: always for sled; for PostgreSQL, whether a
    /// connection can be had and answers (else [`StoreError::unreachable`] is true of the error).
    pub fn reachable(&self) -> Result<(), StoreError> {
        Ok(self.backend.reachable()?)
    }

    /// A fresh id, unique across challenges and games and across the stores of every layout
    /// (ids never repeat, even after a restart or a reshard): `tag << 33 | counter`, below
    /// 2^53 (see `ids.rs`). Never 0, so that it never looks like a missing value.
    pub fn new_id(&self) -> Result<u64, StoreError> {
        let counter = self.change(|| ids::take(&self.meta))?;
        Ok(self.layout.tag() << COUNTER_BITS | counter)
    }

    /// Writes a consistent copy of this store into `dir`, a directory that must not exist or
    /// be empty, while other threads keep writing (see `sled/backup.rs`). The copy is a store a
    /// bot starts on (point `store.path` at it). A PostgreSQL store is backed up with
    /// PostgreSQL's own tools.
    pub fn backup(&self, dir: &Path) -> Result<Backup, StoreError> {
        self.backend.backup(dir, &self.gate)
    }

    /// Makes every write made so far by the calling thread durable: returns once it is on
    /// stable storage (for sled, a flush that started after this call and the `fdatasync` of
    /// its files, shared by the writers that ask at once; for PostgreSQL, every transaction is
    /// durable when it commits).
    pub(super) fn flush(&self) -> Result<(), StoreError> {
        Ok(self.backend.sync()?)
    }

    /// Runs `write` (a change of the store) and then [`Store::flush`], with the writer gate
    /// held for both, so that a backup never sees the change half made or not yet durable
    /// (see `sled/backup.rs`). Never nested, in itself or in [`Store::change`].
    pub(super) fn commit<T>(
        &self,
        write: impl FnOnce() -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let _open = self.gate.enter();
        let value = write()?;
        self.flush()?;
        Ok(value)
    }

    /// Runs `write`, a change that is not flushed, with the writer gate held (see
    /// [`Store::commit`]).
    pub(super) fn change<T>(
        &self,
        write: impl FnOnce() -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let _open = self.gate.enter();
        write()
    }

    /// The record of `kind` under `key` in `tree`.
    pub(super) fn read<T: DeserializeOwned>(
        tree: &Space,
        kind: &'static str,
        key: impl Into<u64>,
    ) -> Result<Option<Stored<T>>, StoreError> {
        let key = key.into();
        tree.get(key.to_be_bytes())?
            .map(|bytes| decode(kind, key, &bytes))
            .transpose()
    }
}
