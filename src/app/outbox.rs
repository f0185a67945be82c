//! What the bot owes Discord, drawn as [`Edit`]s, and what follows once Discord has (or has
//! not) taken them.
//!
//! Every stored change to a game owes its board (the store writes the entry in the same
//! transaction), and expired challenges and old board copies owe a note. The adapter makes the
//! writes and reports back with [`App::edit_sent`]:
//! - done: the entry is settled, unless the game moved on while the write was under way, or
//!   the write landed on a message that is no longer the board: then the board (or a note on
//!   that copy) is owed again, so the picture always ends up current;
//! - a transient failure (Discord 5xx, a timeout, a 429 that got through): retried with
//!   backoff, from [`RETRY_FIRST_MS`] doubling up to [`RETRY_MAX_MS`], for as long as it takes
//!   (a write is given up only when Discord refuses it for good);
//! - a permanent failure (unknown message, missing access, too old to edit …): a note is
//!   dropped with a log line; a running game's board is posted afresh as a new message.
//!
//! A board entry written for an interaction is first left to that interaction's own answer
//! (which shows the same board): [`App::board_shown`] settles it. Only if it is still owed
//! [`GRACE_MS`] after it was first seen — the answer failed, or the bot stopped before it —
//! does the outbox write it by REST.

use std::collections::{HashMap, HashSet};

use crate::app::fail::{retry, Fail};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{message_link, Edit, Msg, Shown};
use crate::ids::MessageId;
use crate::store::{GameRecord, Note, Owed, OwedKey, OwedWrite};

/// How long a board owed by an interaction is left to that interaction's answer.
pub const GRACE_MS: u64 = 5_000;
/// The wait before the first retry of a failed write.
pub const RETRY_FIRST_MS: u64 = 500;
/// The longest wait between two retries.
pub const RETRY_MAX_MS: u64 = 300_000;

/// How a write to Discord went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sent {
    /// Discord took it; `posted` is the id of the message it created, if it posted one.
    Done {
        /// The new message's id (for a post).
        posted: Option<MessageId>,
    },
    /// It may work later (5xx, a timeout, a rate limit).
    Transient(String),
    /// It will never work (the message or channel is gone, access is missing, the message
    /// can no longer be edited …).
    Permanent(String),
}

/// Which owed writes to draw in [`App::due_edits`].
#[derive(Debug, Clone, Copy)]
pub struct Scan<'a> {
    /// Every entry, due or not (at start-up: whatever was owed when the bot stopped).
    pub all: bool,
    /// Entries to write now, whatever their grace.
    pub urgent: &'a [OwedKey],
    /// Entries being written: leave them alone.
    pub busy: &'a HashSet<OwedKey>,
}

/// The wait before retry number `attempt` (1 for the first).
pub fn backoff_ms(attempt: u32) -> u64 {
    RETRY_FIRST_MS
        .saturating_mul(1u64 << attempt.saturating_sub(1).min(20))
        .min(RETRY_MAX_MS)
}

impl App {
    /// The owed writes to make now, drawn: entries whose retry time has come and, for a board
    /// entry, whose grace has passed since it was first seen; every entry with `scan.all`; the
    /// `scan.urgent` ones in any case.
    pub fn due_edits(&self, scan: Scan<'_>) -> Vec<Edit> {
        let now = self.now();
        let entries = self.store.owed();
        let mut first_seen = match self.first_seen.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        let mut live = HashMap::new();
        let mut edits = Vec::new();
        for entry in entries {
            let (key, owed) = match entry {
                Ok(entry) => entry,
                Err(error) if error.unreachable() => {
                    tracing::warn!(%error, "the database is unreachable: owed writes wait for it");
                    return Vec::new();
                }
                Err(error) => {
                    tracing::error!(%error, "damaged outbox entry left in place");
                    continue;
                }
            };
            // A board entry rewritten by a new move starts a new grace.
            let seen = match first_seen.get(&key) {
                Some((known, at)) if *known == owed => *at,
                _ => now,
            };
            live.insert(key, (owed.clone(), seen));
            if scan.busy.contains(&key) {
                continue;
            }
            let waited = match owed.write {
                OwedWrite::Board { .. } if owed.attempts == 0 => now >= seen + GRACE_MS,
                _ => true,
            };
            let due = scan.all || scan.urgent.contains(&key) || (owed.retry_at_ms <= now && waited);
            if !due || !self.owns_write(&owed.write) {
                continue;
            }
            match self.draw(key, &owed) {
                Ok(Some(edit)) => edits.push(edit),
                Ok(None) => {}
                Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                    tracing::error!(?key, %reason, "could not draw an owed write");
                }
                Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => {}
            }
        }
        *first_seen = live;
        edits
    }

    /// Whether this process may make `write`: not a note on another process's server (a
    /// PostgreSQL store shared by every process holds them, and so may a sled store whose
    /// layout changed without a reshard). A board's server is its game's, checked when it is
    /// drawn.
    fn owns_write(&self, write: &OwedWrite) -> bool {
        match write {
            OwedWrite::Note(note) => note.guild.is_none() || self.owns(note.guild),
            OwedWrite::Board { .. } | OwedWrite::Tournament { .. } => true,
        }
    }

    /// The write an entry asks for, drawn now; `None` (and the entry settled) when there is
    /// nothing left to write.
    fn draw(&self, key: OwedKey, owed: &Owed) -> Result<Option<Edit>, Fail> {
        match &owed.write {
            OwedWrite::Note(note) => Ok(Some(Edit {
                channel: note.channel,
                message: note.message,
                msg: Msg::text(note.text.clone()),
                key,
                seen: owed.clone(),
                shows: None,
            })),
            OwedWrite::Tournament { tournament, .. } => self.tournament_edit(*tournament, owed),
            OwedWrite::Board { game, .. } => {
                let loaded = match self.load_game(*game) {
                    Ok(loaded) => loaded,
                    Err(Fail::User(_)) => {
                        // The game is gone: nothing to show.
                        self.store.settle(key, owed)?;
                        return Ok(None);
                    }
                    Err(other) => return Err(other),
                };
                if !self.owns(loaded.stored.record.guild) {
                    // Another process's server, in a store they share: theirs to write.
                    return Ok(None);
                }
                let msg = self.board_msg(&loaded, None)?;
                let mut edit = self.board_edit(&loaded, msg);
                edit.seen = owed.clone();
                Ok(Some(edit))
            }
        }
    }

    /// The edit that shows `msg`, the board of `loaded` as just stored, on its message.
    pub(super) fn board_edit(&self, loaded: &Loaded, msg: Msg) -> Edit {
        let record = &loaded.stored.record;
        let revision = loaded.stored.revision;
        Edit {
            channel: record.channel,
            message: record.message,
            msg,
            key: OwedKey::Board(record.id),
            seen: Owed::new(OwedWrite::Board {
                game: record.id,
                revision,
            }),
            shows: Some(loaded.shown()),
        }
    }

    /// After an interaction's answer showed `shown` on message `on`: its board entry is
    /// settled (unless a newer state is owed). If `on` is no longer the board (it was posted
    /// again while the answer was under way), the answer gave that copy live buttons back: it
    /// is owed its note again. Returns the entries to write now.
    pub fn board_shown(&self, shown: Shown, on: Option<MessageId>) -> Vec<OwedKey> {
        let result = (|| {
            self.board_received(shown, self.store.finished(shown.game)?.is_some());
            self.store.settle_board(shown.game, shown.revision)?;
            let Some(stored) = self.store.game(shown.game)? else {
                return Ok(Vec::new());
            };
            let record = &stored.record;
            if on.is_none() || record.message.is_none() || record.message == on {
                return Ok(Vec::new());
            }
            Ok(self
                .retire(record, on)?
                .map(|edit| edit.key)
                .into_iter()
                .collect())
        })();
        result.unwrap_or_else(|error: Fail| {
            if let Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason) =
                error
            {
                tracing::warn!(game = shown.game.get(), %reason, "could not settle a shown board");
            }
            Vec::new()
        })
    }

    /// Reports how the write `edit` went. Returns the entries owed again at once (the adapter
    /// writes them without waiting).
    pub fn edit_sent(&self, edit: &Edit, sent: Sent) -> Vec<OwedKey> {
        let result = match sent {
            Sent::Done { posted } => self.edit_done(edit, posted),
            Sent::Transient(reason) => self.edit_failed(edit, &reason),
            Sent::Permanent(reason) => self.edit_refused(edit, &reason),
        };
        match result {
            Ok(again) => again,
            Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                tracing::error!(key = ?edit.key, %reason, "could not record a write to Discord");
                Vec::new()
            }
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => Vec::new(),
        }
    }

    fn edit_done(&self, edit: &Edit, posted: Option<MessageId>) -> Result<Vec<OwedKey>, Fail> {
        let Some(shown) = edit.shows else {
            if let OwedKey::Tournament(_) = edit.key {
                self.tournament_written(edit, posted)?;
                return Ok(Vec::new());
            }
            self.store.settle(edit.key, &edit.seen)?;
            return Ok(Vec::new());
        };
        retry(|| self.board_done(edit, shown, posted))
    }

    /// One attempt at settling a board write that Discord took (`posted`: the id of the
    /// message it created, if it posted one).
    fn board_done(
        &self,
        edit: &Edit,
        shown: Shown,
        posted: Option<MessageId>,
    ) -> Result<Vec<OwedKey>, Fail> {
        let mut again = Vec::new();
        let mut loaded = match self.load_game(shown.game) {
            Ok(loaded) => loaded,
            Err(Fail::User(_)) => return Ok(again),
            Err(other) => return Err(other),
        };
        let current = loaded.stored.revision == shown.revision;
        self.board_received(shown, current && loaded.finished());
        let record = &mut loaded.stored.record;
        let written = posted.or(edit.message);
        if let Some(posted) = posted {
            if record.message.is_none() {
                // The posted board becomes the board.
                record.message = Some(posted);
                let finished = loaded.finished();
                let stored = &loaded.stored;
                let stored = self
                    .store
                    .update_game(stored.revision, &stored.record, finished)?;
                if current {
                    self.store.settle_board(shown.game, stored.revision)?;
                } else {
                    again.push(edit.key);
                }
                return Ok(again);
            }
        }
        if written.is_some() && written != record.message {
            // It landed on a message that is no longer the board: retire that copy.
            if let Some(retired) = self.retire(&loaded.stored.record, written)? {
                again.push(retired.key);
            }
        }
        if current {
            self.store.settle_board(shown.game, shown.revision)?;
        } else {
            // The game moved on while the write was under way: it may have landed after
            // a newer one. Show the latest.
            self.store.owe_board(shown.game, loaded.stored.revision)?;
            again.push(edit.key);
        }
        Ok(again)
    }

    /// Owes a note on `copy`, an old copy of `record`'s board, pointing to the live board and
    /// removing its buttons. Returns it drawn.
    pub(super) fn retire(
        &self,
        record: &GameRecord,
        copy: Option<MessageId>,
    ) -> Result<Option<Edit>, Fail> {
        let Some(copy) = copy else {
            return Ok(None);
        };
        let link = message_link(record.guild, record.channel, record.message);
        let note = Note {
            guild: record.guild,
            channel: record.channel,
            message: Some(copy),
            text: Text::BoardPostedAgain { link }.render(record.locale),
        };
        let key = note.key(copy.get());
        let seen = self.store.owe_note(key, &note)?;
        self.draw(key, &seen)
    }

    fn edit_failed(&self, edit: &Edit, reason: &str) -> Result<Vec<OwedKey>, Fail> {
        let attempts = edit.seen.attempts.saturating_add(1);
        let wait = backoff_ms(attempts);
        tracing::warn!(key = ?edit.key, attempts, wait_ms = wait, reason, "a write to Discord failed; retrying");
        let next = Owed {
            attempts,
            retry_at_ms: self.now() + wait,
            ..edit.seen.clone()
        };
        self.store.reschedule(edit.key, &edit.seen, &next)?;
        Ok(Vec::new())
    }

    fn edit_refused(&self, edit: &Edit, reason: &str) -> Result<Vec<OwedKey>, Fail> {
        if let (OwedKey::Tournament(id), Some(_)) = (edit.key, edit.message) {
            tracing::warn!(key = ?edit.key, reason, "Discord refused a tournament message edit for good; posting it anew");
            return self.tournament_refused(id);
        }
        let running = match edit.shows {
            Some(shown) if edit.message.is_some() => match self.load_game(shown.game) {
                Ok(loaded)
                    if !loaded.finished() && loaded.stored.record.message == edit.message =>
                {
                    Some(loaded)
                }
                Ok(_) | Err(Fail::User(_)) => None,
                Err(other) => return Err(other),
            },
            _ => None,
        };
        let Some(mut loaded) = running else {
            tracing::warn!(key = ?edit.key, reason, "Discord refused a write for good; dropped");
            self.store.settle(edit.key, &edit.seen)?;
            return Ok(Vec::new());
        };
        // A player is waiting on a board that can no longer be edited: post a fresh one.
        tracing::warn!(key = ?edit.key, reason, "Discord refused a board edit for good; posting a new board");
        loaded.stored.record.message = None;
        self.store
            .update_game(loaded.stored.revision, &loaded.stored.record, false)?;
        Ok(vec![edit.key])
    }
}
