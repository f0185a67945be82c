//! The outbox: the writes the bot owes Discord, kept in the database until Discord has them.
//!
//! Two kinds of entry:
//! - a **board** entry says that a game's board message must be brought up to date. Every
//!   transaction that writes a game also writes its board entry (see [`tx_owe_board`]), so a
//!   stored move, resignation or timeout is never without the promise to show it, even across a
//!   crash. The entry holds no content: the board is drawn from the game record when it is sent.
//! - a **note** entry replaces a message's text and removes its buttons: an expired
//!   challenge, or an old copy of a board that was posted again. Its text is stored.
//! - a **tournament** entry says that a tournament's message must be brought up to date; like
//!   a board entry it holds no content (see `tournaments.rs`).
//!
//! An entry is removed only by the one who sent what it asks for ([`Store::settle`],
//! [`Store::settle_board`]), with compare-and-swap, so a newer entry written meanwhile is never
//! lost. Transient failures are rescheduled in the entry ([`Store::reschedule`]).

use serde::{Deserialize, Serialize};

use super::backend::TxResult;
use super::codec::{decode, encode};
use super::error::StoreError;
use super::handle::Store;
use super::space::TxSpace;
use crate::ids::{ChannelId, GameId, GuildId, MessageId, TournamentId};

const OWED: &str = "outbox entry";

/// Which write an outbox entry asks for; one entry per key (a newer one replaces it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OwedKey {
    /// The board message of this game.
    Board(GameId),
    /// A note on this message (or, for a message whose id was never learned, on this
    /// record's behalf: then the note is posted as a new message). A bare number: a message
    /// id or a record's id, which share no kind.
    Note(u64),
    /// The message of this tournament.
    Tournament(TournamentId),
}

impl OwedKey {
    pub(super) fn bytes(self) -> [u8; 9] {
        let (tag, id) = match self {
            OwedKey::Board(game) => (b'b', game.get()),
            OwedKey::Note(id) => (b'n', id),
            OwedKey::Tournament(id) => (b't', id.get()),
        };
        let mut key = [0u8; 9];
        key[0] = tag;
        key[1..].copy_from_slice(&id.to_be_bytes());
        key
    }

    pub(super) fn from_bytes(bytes: &[u8]) -> Option<OwedKey> {
        let (&tag, rest) = bytes.split_first()?;
        let id = u64::from_be_bytes(rest.try_into().ok()?);
        match tag {
            b'b' => Some(OwedKey::Board(GameId::new(id))),
            b'n' => Some(OwedKey::Note(id)),
            b't' => Some(OwedKey::Tournament(TournamentId::new(id))),
            _ => None,
        }
    }

    /// The id in the key, for error messages.
    fn id(self) -> u64 {
        match self {
            OwedKey::Board(id) => id.get(),
            OwedKey::Note(id) => id,
            OwedKey::Tournament(id) => id.get(),
        }
    }
}

/// A note to write: replace a message's text and remove its buttons (its picture stays).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Note {
    /// The server of the channel: `None` in direct messages, and in notes written before it
    /// was kept (their server is then worked out from the records, see `sled/reshard`).
    #[serde(default)]
    pub guild: Option<GuildId>,
    /// The channel.
    pub channel: ChannelId,
    /// The message; `None`: post the note as a new message.
    pub message: Option<MessageId>,
    /// The new text.
    pub text: String,
}

impl Note {
    /// The outbox key of this note (`record`, the number of the record it speaks for, names
    /// it when the message id is unknown).
    pub fn key(&self, record: u64) -> OwedKey {
        OwedKey::Note(self.message.map_or(record, MessageId::get))
    }
}

/// What an entry asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwedWrite {
    /// Show game `game`'s board as it is now: at least as new as `revision` of its record.
    Board {
        /// The game.
        game: GameId,
        /// The game record's revision that must be shown (or a newer one).
        revision: u64,
    },
    /// Write this note.
    Note(Note),
    /// Show tournament `tournament`'s message as it is now: at least as new as `revision`.
    Tournament {
        /// The tournament.
        tournament: TournamentId,
        /// The revision of its record that must be shown (or a newer one).
        revision: u64,
    },
}

/// An outbox entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owed {
    /// What to write.
    pub write: OwedWrite,
    /// Failed attempts so far.
    #[serde(default)]
    pub attempts: u32,
    /// Not before this time (Unix milliseconds) after a failure; 0: as soon as possible.
    #[serde(default)]
    pub retry_at_ms: u64,
    /// Tells apart two entries that ask for the same write — a note owed again while the
    /// first one was being written must not be settled by that first write. Unique for each
    /// note owed; 0 for board entries, which their revision tells apart.
    #[serde(default)]
    pub stamp: u64,
}

impl Owed {
    /// A fresh entry for `write`.
    pub fn new(write: OwedWrite) -> Owed {
        Owed {
            write,
            attempts: 0,
            retry_at_ms: 0,
            stamp: 0,
        }
    }
}

/// The outbox entry (key and bytes) owing `note`, for a transaction; `record` names it when
/// the note's message is unknown.
pub(super) fn note_entry(record: u64, note: &Note) -> ([u8; 9], Vec<u8>) {
    let owed = Owed::new(OwedWrite::Note(note.clone()));
    (note.key(record).bytes(), encode(1, &owed))
}

/// Marks game `game`'s board owed at `revision`, inside a transaction that writes the game.
pub(super) fn tx_owe_board(outbox: &TxSpace<'_>, game: GameId, revision: u64) -> TxResult<()> {
    let owed = Owed::new(OwedWrite::Board { game, revision });
    outbox.insert(OwedKey::Board(game).bytes(), encode(1, &owed))?;
    Ok(())
}

impl Store {
    /// Every outbox entry, oldest key first; a damaged entry is returned as an error, in place.
    pub fn owed(&self) -> Vec<Result<(OwedKey, Owed), StoreError>> {
        self.outbox
            .iter()
            .map(|item| {
                let (key, bytes) = item?;
                let corrupt = |reason: &str| StoreError::Corrupt {
                    kind: OWED,
                    key: 0,
                    reason: reason.to_owned(),
                };
                let key = OwedKey::from_bytes(&key).ok_or_else(|| corrupt("malformed key"))?;
                let owed = decode::<Owed>(OWED, key.id(), &bytes)?.record;
                Ok((key, owed))
            })
            .collect()
    }

    /// The entry under `key`, if any.
    pub fn owed_at(&self, key: OwedKey) -> Result<Option<Owed>, StoreError> {
        self.outbox
            .get(key.bytes())?
            .map(|bytes| decode::<Owed>(OWED, key.id(), &bytes).map(|s| s.record))
            .transpose()
    }

    /// Adds (or replaces) the note under `key`, flushed before returning; returns the entry.
    pub fn owe_note(&self, key: OwedKey, note: &Note) -> Result<Owed, StoreError> {
        let owed = Owed {
            stamp: self.new_id()?,
            ..Owed::new(OwedWrite::Note(note.clone()))
        };
        self.commit(|| self.outbox.insert(key.bytes(), encode(1, &owed)))?;
        Ok(owed)
    }

    /// Marks game `game`'s board owed at `revision` again (its last write showed an older
    /// state, or landed on a message that is no longer the board), flushed before returning.
    pub fn owe_board(&self, game: GameId, revision: u64) -> Result<(), StoreError> {
        let owed = Owed::new(OwedWrite::Board { game, revision });
        self.commit(|| {
            self.outbox
                .insert(OwedKey::Board(game).bytes(), encode(1, &owed))?;
            Ok(())
        })
    }

    /// Replaces `key`'s entry `seen` by `next` (a failed attempt rescheduled), unless the entry
    /// changed meanwhile (then the newer entry stands). Not flushed: losing it only retries
    /// sooner.
    pub fn reschedule(&self, key: OwedKey, seen: &Owed, next: &Owed) -> Result<bool, StoreError> {
        self.replace_if(key, seen, next)
    }

    /// Removes `key`'s entry if it is still `seen`: what it asked for has been written. Not
    /// flushed: losing the removal in a crash only writes the same thing once more.
    pub fn settle(&self, key: OwedKey, seen: &Owed) -> Result<bool, StoreError> {
        self.remove_owed_if(key, |found| found == seen)
    }

    /// Removes game `game`'s board entry if it asks for no newer state than `revision`, which
    /// Discord now shows. Not flushed, like [`Store::settle`].
    pub fn settle_board(&self, game: GameId, revision: u64) -> Result<bool, StoreError> {
        self.remove_owed_if(OwedKey::Board(game), |owed| {
            matches!(owed.write, OwedWrite::Board { revision: asked, .. } if asked <= revision)
        })
    }

    fn replace_if(&self, key: OwedKey, seen: &Owed, next: &Owed) -> Result<bool, StoreError> {
        let bytes = key.bytes();
        self.change(|| self.outbox.transaction(|outbox| {
            let Some(current) = outbox.get(bytes)? else {
                return Ok(false);
            };
            if !matches!(decode::<Owed>(OWED, key.id(), &current), Ok(found) if found.record == *seen)
            {
                return Ok(false);
            }
            outbox.insert(bytes, encode(1, next))?;
            Ok(true)
        }))
    }

    pub(super) fn remove_owed_if(
        &self,
        key: OwedKey,
        done: impl Fn(&Owed) -> bool,
    ) -> Result<bool, StoreError> {
        let bytes = key.bytes();
        self.change(|| {
            self.outbox.transaction(|outbox| {
            let Some(current) = outbox.get(bytes)? else {
                return Ok(false);
            };
            if !matches!(decode::<Owed>(OWED, key.id(), &current), Ok(found) if done(&found.record))
            {
                return Ok(false);
            }
            outbox.remove(bytes)?;
            Ok(true)
        })
        })
    }
}
