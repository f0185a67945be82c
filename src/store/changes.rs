//! Which games changed, for whoever watches them (the Activity's open pages): every write
//! that owes a game's board announces the game once the write is durable, and
//! [`Store::watch`] hears the announcements.
//!
//! On sled each process has its own database, so an announcement goes to the watchers of this
//! process. On PostgreSQL it goes through the database itself (`NOTIFY` on
//! [`CHANGES_CHANNEL`], heard by a `LISTEN` in every process, this one included), so a page
//! served by one process hears a move made through another. An announcement carries only the
//! game's id: a watcher reads the game afresh, and one that missed announcements (a lost
//! connection, a restart) catches up by reading again.

use std::sync::{Arc, Once};

use tokio::sync::broadcast;

use super::handle::Store;
use crate::ids::GameId;

/// The PostgreSQL notification channel the store's announcements travel on.
pub const CHANGES_CHANNEL: &str = "oaq_games";

/// How many announcements a slow watcher may fall behind before it misses some (and is told
/// so, to read afresh).
const BACKLOG: usize = 1024;

/// The announcements of one process.
#[derive(Debug)]
pub(super) struct Changes {
    sender: broadcast::Sender<GameId>,
    /// Whether the shared database's announcements are being listened to yet.
    listening: Once,
}

impl Changes {
    pub(super) fn new() -> Arc<Changes> {
        Arc::new(Changes {
            sender: broadcast::channel(BACKLOG).0,
            listening: Once::new(),
        })
    }
}

impl Store {
    /// The announcements of changed games, from now on.
    pub fn watch(&self) -> broadcast::Receiver<GameId> {
        let changes = self.changes.clone();
        if self.backend.shared() {
            changes.listening.call_once(|| {
                let sender = changes.sender.clone();
                self.backend.listen(Box::new(move |game| {
                    // No watcher is not an error: nobody is looking.
                    let _ = sender.send(GameId::new(game));
                }));
            });
        }
        changes.sender.subscribe()
    }

    /// Announces that `game` changed (its change is durable).
    pub(super) fn announce(&self, game: GameId) {
        if self.backend.shared() {
            if let Err(error) = self.backend.announce(game.get()) {
                // The change is stored; pages read it when they next read.
                tracing::warn!(%error, game = game.get(), "a change could not be announced");
            }
        } else {
            let _ = self.changes.sender.send(game);
        }
    }
}
