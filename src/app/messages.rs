//! Which message shows which record: a message id read back after a post, or learnt from a
//! click that came first, is stored with its challenge, game or tournament, so later edits
//! reach it; a board posted again retires the copy it replaces.

use crate::app::fail::{retry, Fail};
use crate::app::state::App;
use crate::app::vocab::{Action, Subject, Track};
use crate::ids::MessageId;
use crate::store::OwedKey;

impl App {
    /// A click on a challenge or lobby whose message the bot has not read back yet (a quick
    /// opponent can click before it does): the clicked message is that message, and the game
    /// started from it (its thread, its board) needs to know it.
    pub(super) fn learn_challenge_message(
        &self,
        action: Action,
        message: MessageId,
    ) -> Result<(), Fail> {
        let Some(Subject::Challenge(id)) = action.subject() else {
            return Ok(());
        };
        if let Some(mut stored) = self.store.challenge(id)? {
            if stored.record.message.is_none() {
                stored.record.message = Some(message);
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
            }
        }
        Ok(())
    }

    /// Remembers which message shows a challenge or game, so later edits can reach it.
    ///
    /// A board posted again becomes the game's board at once: the copy it replaces is owed a
    /// note that points to it (so only one board has live buttons), and if the game moved on
    /// while it was being posted, the new board is owed the latest state. The newest copy is
    /// the board: one posted before the recorded board is owed the note instead. Returns the
    /// outbox entries to write now.
    pub fn record_message(&self, track: Track, message: MessageId) -> Vec<OwedKey> {
        match retry(|| self.try_record_message(track, message)) {
            Ok(owed) => owed,
            Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                tracing::warn!(?track, message = message.get(), %reason, "could not record the message id");
                Vec::new()
            }
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => Vec::new(),
        }
    }

    fn try_record_message(&self, track: Track, message: MessageId) -> Result<Vec<OwedKey>, Fail> {
        match track {
            Track::Tournament(id) => self.learn_tournament_message(id, message)?,
            Track::Challenge(id) => match self.store.challenge(id)? {
                Some(mut stored) => {
                    stored.record.message = Some(message);
                    self.store
                        .update_challenge(stored.revision, &stored.record)?;
                }
                // Already turned into a game (or gone): the game carries the id forward.
                None => match self.store.game(id.cast())? {
                    Some(mut stored) if stored.record.message.is_none() => {
                        stored.record.message = Some(message);
                        let finished = self.store.finished(id.cast())?.is_some();
                        self.store
                            .update_game(stored.revision, &stored.record, finished)?;
                    }
                    _ => {}
                },
            },
            Track::Game(shown) => {
                let Some(mut stored) = self.store.game(shown.game)? else {
                    return Ok(Vec::new());
                };
                let old = stored.record.message;
                if old == Some(message) {
                    return Ok(Vec::new());
                }
                if old.is_some_and(|old| message < old) {
                    // A newer copy is already the board (a click on it came first, or two
                    // posts were read back out of order): Discord's ids grow with time, so
                    // this one is an old copy.
                    return Ok(self
                        .retire(&stored.record, Some(message))?
                        .map(|edit| edit.key)
                        .into_iter()
                        .collect());
                }
                let stale = stored.revision != shown.revision;
                let finished = self.store.finished(shown.game)?.is_some();
                self.board_received(shown, finished);
                stored.record.message = Some(message);
                let stored = self
                    .store
                    .update_game(stored.revision, &stored.record, finished)?;
                let mut owed = Vec::new();
                if stale {
                    owed.push(OwedKey::Board(shown.game));
                } else {
                    self.store.settle_board(shown.game, stored.revision)?;
                }
                owed.extend(self.retire(&stored.record, old)?.map(|edit| edit.key));
                return Ok(owed);
            }
        }
        Ok(Vec::new())
    }
}
