//! Durable state in sled: challenges, games, the channel → game index, and the outbox of
//! writes owed to Discord (every transaction that writes a game owes its board in the same
//! transaction; see `outbox.rs`).
//!
//! Every record is stored as a JSON envelope `{"schema": 1, "revision": n, "record": {...}}`.
//! Updates name the revision they were computed from and are applied with compare-and-swap
//! inside a sled transaction, so two racing writers apply at most one change. Every write is
//! flushed to disk before the call returns, so an acknowledged change survives a crash. A record
//! that fails to decode is reported as [`StoreError::Corrupt`] and never overwritten.

mod group_commit;
mod outbox;
mod play;
mod records;
mod settings;
mod social;

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionError, TransactionalTree};
use sled::Transactional;
use thiserror::Error;

use outbox::tx_owe_board;

pub use group_commit::GroupCommit;
pub use outbox::{Note, Owed, OwedKey, OwedWrite};
pub use play::{BotRecord, BotResult, BotTally, Score};
pub use records::{
    Acceptance, ChallengeRecord, ChannelEntry, FirstPlayer, GameRecord, Hand, Player,
};
pub use settings::GuildSettings;
pub use social::{
    FinishedGame, GameKind, Glicko, LeaderboardPage, RateFn, RatingChange, RatingPoint,
    RatingRecord,
};

/// The schema version this program writes and reads.
pub const SCHEMA: u32 = 1;

/// A record as read from the store, with the revision an update must name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored<T> {
    /// Incremented on every write; 1 for a new record.
    pub revision: u64,
    /// The record.
    pub record: T,
}

/// Something the store could not do.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database could not be opened (missing permissions, locked by another process…).
    #[error("cannot open the database at `{path}`: {source} (is another copy of the bot running, or is the directory not writable?)")]
    Open {
        /// The database directory.
        path: String,
        /// sled's reason.
        source: sled::Error,
    },
    /// A read, write or flush failed.
    #[error("database error: {0}")]
    Db(#[from] sled::Error),
    /// A record could not be decoded; it is left untouched.
    #[error("the {kind} record {key} is damaged and cannot be read ({reason}); it has been left untouched")]
    Corrupt {
        /// Which tree: `game`, `challenge` or `channel`.
        kind: &'static str,
        /// The record's key.
        key: u64,
        /// What failed.
        reason: String,
    },
    /// A record was written by a newer version of the program.
    #[error("the {kind} record {key} has schema version {found}, newer than the {SCHEMA} this program understands; upgrade the bot")]
    NewerSchema {
        /// Which tree.
        kind: &'static str,
        /// The record's key.
        key: u64,
        /// The schema version found.
        found: u32,
    },
    /// The record changed (or vanished) since the caller read it.
    #[error("the {kind} record {key} changed since it was read (expected revision {expected})")]
    Conflict {
        /// Which tree.
        kind: &'static str,
        /// The record's key.
        key: u64,
        /// The revision the caller named.
        expected: u64,
    },
    /// The channel already has a challenge or game.
    #[error("channel {channel} already has a challenge or game")]
    ChannelBusy {
        /// The channel.
        channel: u64,
        /// What it holds.
        entry: ChannelEntry,
    },
}

#[derive(Serialize)]
struct EnvelopeOut<'a, T> {
    schema: u32,
    revision: u64,
    record: &'a T,
}

#[derive(Deserialize)]
struct EnvelopeIn {
    schema: u32,
    revision: u64,
    record: serde_json::Value,
}

fn encode<T: Serialize>(revision: u64, record: &T) -> Vec<u8> {
    // Serialising plain derived structs to JSON cannot fail (no maps with non-string keys).
    serde_json::to_vec(&EnvelopeOut {
        schema: SCHEMA,
        revision,
        record,
    })
    .unwrap_or_default()
}

fn decode<T: DeserializeOwned>(
    kind: &'static str,
    key: u64,
    bytes: &[u8],
) -> Result<Stored<T>, StoreError> {
    let corrupt = |reason: String| StoreError::Corrupt { kind, key, reason };
    let envelope: EnvelopeIn = serde_json::from_slice(bytes).map_err(|e| corrupt(e.to_string()))?;
    if envelope.schema > SCHEMA {
        return Err(StoreError::NewerSchema {
            kind,
            key,
            found: envelope.schema,
        });
    }
    let record = serde_json::from_value(envelope.record).map_err(|e| corrupt(e.to_string()))?;
    Ok(Stored {
        revision: envelope.revision,
        record,
    })
}

/// Errors raised inside a transaction closure.
type TxResult<T> = Result<T, ConflictableTransactionError<StoreError>>;

fn abort<T>(error: StoreError) -> TxResult<T> {
    Err(ConflictableTransactionError::Abort(error))
}

fn tx_read<T: DeserializeOwned>(
    tree: &TransactionalTree,
    kind: &'static str,
    key: u64,
) -> TxResult<Option<Stored<T>>> {
    match tree.get(key.to_be_bytes())? {
        None => Ok(None),
        Some(bytes) => match decode(kind, key, &bytes) {
            Ok(stored) => Ok(Some(stored)),
            Err(e) => abort(e),
        },
    }
}

/// Checks that `key` holds a record at `expected` revision and returns the next revision.
fn tx_check<T: DeserializeOwned>(
    tree: &TransactionalTree,
    kind: &'static str,
    key: u64,
    expected: u64,
) -> TxResult<u64> {
    match tx_read::<T>(tree, kind, key)? {
        Some(stored) if stored.revision == expected => Ok(expected + 1),
        _ => abort(StoreError::Conflict {
            kind,
            key,
            expected,
        }),
    }
}

fn unwrap_tx<T>(result: Result<T, TransactionError<StoreError>>) -> Result<T, StoreError> {
    result.map_err(|e| match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => StoreError::Db(e),
    })
}

const GAME: &str = "game";
const CHALLENGE: &str = "challenge";
const CHANNEL: &str = "channel";

/// The bot's database.
#[derive(Debug, Clone)]
pub struct Store {
    db: sled::Db,
    games: sled::Tree,
    challenges: sled::Tree,
    channels: sled::Tree,
    /// Writes owed to Discord (see `outbox.rs`).
    outbox: sled::Tree,
    social: social::Trees,
    /// Shares flushes between writers that finish their transactions at the same time.
    commit: Arc<GroupCommit>,
}

impl Store {
    /// Opens (or creates) the database in `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let db = sled::Config::new()
            .path(path)
            .open()
            .map_err(|source| StoreError::Open {
                path: path.display().to_string(),
                source,
            })?;
        Store::from_db(db)
    }

    /// A database that lives in a temporary directory and disappears when dropped (for tests
    /// and benchmarks).
    pub fn temporary() -> Result<Store, StoreError> {
        Store::from_db(sled::Config::new().temporary(true).open()?)
    }

    fn from_db(db: sled::Db) -> Result<Store, StoreError> {
        Ok(Store {
            games: db.open_tree("games")?,
            challenges: db.open_tree("challenges")?,
            channels: db.open_tree("channels")?,
            outbox: db.open_tree("outbox")?,
            social: social::Trees::open(&db)?,
            commit: Arc::new(GroupCommit::new()),
            db,
        })
    }

    /// A fresh id, unique across challenges and games (ids never repeat, even after a restart).
    pub fn new_id(&self) -> Result<u64, StoreError> {
        // sled ids start at 0; keep 0 free so that it never looks like a missing value.
        Ok(self.db.generate_id()? + 1)
    }

    /// Makes every write made so far by the calling thread durable: returns once a sled
    /// flush that started after this call has succeeded. Writers that call it while a flush is
    /// running share the next one ([`GroupCommit`]).
    fn flush(&self) -> Result<(), StoreError> {
        self.commit.flush(|| self.db.flush().map(drop))?;
        Ok(())
    }

    fn read<T: DeserializeOwned>(
        tree: &sled::Tree,
        kind: &'static str,
        key: u64,
    ) -> Result<Option<Stored<T>>, StoreError> {
        tree.get(key.to_be_bytes())?
            .map(|bytes| decode(kind, key, &bytes))
            .transpose()
    }

    /// The game with this id.
    pub fn game(&self, id: u64) -> Result<Option<Stored<GameRecord>>, StoreError> {
        Store::read(&self.games, GAME, id)
    }

    /// The challenge with this id.
    pub fn challenge(&self, id: u64) -> Result<Option<Stored<ChallengeRecord>>, StoreError> {
        Store::read(&self.challenges, CHALLENGE, id)
    }

    /// What the channel is busy with, if anything.
    pub fn channel(&self, channel: u64) -> Result<Option<ChannelEntry>, StoreError> {
        Ok(Store::read(&self.channels, CHANNEL, channel)?.map(|s| s.record))
    }

    /// Every pending challenge; damaged ones are returned as errors, in place.
    pub fn challenges(&self) -> Vec<Result<Stored<ChallengeRecord>, StoreError>> {
        self.challenges
            .iter()
            .map(|item| {
                let (key, bytes) = item?;
                let mut id = [0u8; 8];
                if key.len() == 8 {
                    id.copy_from_slice(&key);
                }
                decode(CHALLENGE, u64::from_be_bytes(id), &bytes)
            })
            .collect()
    }

    /// Stores a new challenge and marks its channel busy; fails with
    /// [`StoreError::ChannelBusy`] if the channel already has a challenge or game.
    pub fn create_challenge(
        &self,
        challenge: &ChallengeRecord,
    ) -> Result<Stored<ChallengeRecord>, StoreError> {
        self.create_in_channel(
            &self.challenges,
            CHALLENGE,
            challenge.id,
            challenge.channel,
            ChannelEntry::Challenge(challenge.id),
            challenge,
        )
    }

    /// Stores `record`, new, under `id` in `tree` and marks `channel` busy with `entry`, in one
    /// transaction, flushed before returning; fails with [`StoreError::ChannelBusy`] if the
    /// channel already has a challenge or game.
    fn create_in_channel<T: Serialize + Clone>(
        &self,
        tree: &sled::Tree,
        kind: &'static str,
        id: u64,
        channel: u64,
        entry: ChannelEntry,
        record: &T,
    ) -> Result<Stored<T>, StoreError> {
        let key = id.to_be_bytes();
        let game = entry == ChannelEntry::Game(id);
        unwrap_tx((tree, &self.channels, &self.outbox).transaction(
            |(records, channels, outbox)| {
                if let Some(busy) = tx_read::<ChannelEntry>(channels, CHANNEL, channel)? {
                    return abort(StoreError::ChannelBusy {
                        channel,
                        entry: busy.record,
                    });
                }
                if records.get(key)?.is_some() {
                    return abort(StoreError::Conflict {
                        kind,
                        key: id,
                        expected: 0,
                    });
                }
                records.insert(&key, encode(1, record))?;
                channels.insert(&channel.to_be_bytes(), encode(1, &entry))?;
                if game {
                    tx_owe_board(outbox, id, 1)?;
                }
                Ok(())
            },
        ))?;
        self.flush()?;
        Ok(Stored {
            revision: 1,
            record: record.clone(),
        })
    }

    /// Replaces a challenge read at revision `expected`.
    pub fn update_challenge(
        &self,
        expected: u64,
        challenge: &ChallengeRecord,
    ) -> Result<Stored<ChallengeRecord>, StoreError> {
        let key = challenge.id;
        let revision = unwrap_tx(self.challenges.transaction(|challenges| {
            let next = tx_check::<ChallengeRecord>(challenges, CHALLENGE, key, expected)?;
            challenges.insert(&key.to_be_bytes(), encode(next, challenge))?;
            Ok(next)
        }))?;
        self.flush()?;
        Ok(Stored {
            revision,
            record: challenge.clone(),
        })
    }

    /// Deletes a challenge read at revision `expected` and frees its channel.
    pub fn remove_challenge(&self, id: u64, expected: u64) -> Result<(), StoreError> {
        self.delete_challenge(id, expected, None)
    }

    /// Deletes a challenge read at revision `expected` whose time is up, frees its channel, and
    /// owes `note` (saying so on its message), in one transaction, flushed before returning.
    pub fn expire_challenge(&self, id: u64, expected: u64, note: &Note) -> Result<(), StoreError> {
        self.delete_challenge(id, expected, Some(note))
    }

    fn delete_challenge(
        &self,
        id: u64,
        expected: u64,
        note: Option<&Note>,
    ) -> Result<(), StoreError> {
        let owed = note.map(|note| outbox::note_entry(id, note));
        unwrap_tx(
            (&self.challenges, &self.channels, &self.outbox).transaction(
                |(challenges, channels, outbox)| {
                    let stored = match tx_read::<ChallengeRecord>(challenges, CHALLENGE, id)? {
                        Some(stored) if stored.revision == expected => stored,
                        _ => {
                            return abort(StoreError::Conflict {
                                kind: CHALLENGE,
                                key: id,
                                expected,
                            })
                        }
                    };
                    challenges.remove(&id.to_be_bytes())?;
                    free_channel(channels, stored.record.channel, ChannelEntry::Challenge(id))?;
                    if let Some((key, bytes)) = &owed {
                        outbox.insert(key, bytes.clone())?;
                    }
                    Ok(())
                },
            ),
        )?;
        self.flush()
    }

    /// Turns the challenge read at revision `expected` into `game`, in one transaction: the
    /// challenge is deleted, the game stored, the channel pointed at the game and its board
    /// owed.
    pub fn start_game(
        &self,
        challenge: u64,
        expected: u64,
        game: &GameRecord,
    ) -> Result<Stored<GameRecord>, StoreError> {
        unwrap_tx(
            (&self.challenges, &self.games, &self.channels, &self.outbox).transaction(
                |(challenges, games, channels, outbox)| {
                    tx_check::<ChallengeRecord>(challenges, CHALLENGE, challenge, expected)?;
                    challenges.remove(&challenge.to_be_bytes())?;
                    games.insert(&game.id.to_be_bytes(), encode(1, game))?;
                    channels.insert(
                        &game.channel.to_be_bytes(),
                        encode(1, &ChannelEntry::Game(game.id)),
                    )?;
                    tx_owe_board(outbox, game.id, 1)?;
                    Ok(())
                },
            ),
        )?;
        self.flush()?;
        Ok(Stored {
            revision: 1,
            record: game.clone(),
        })
    }

    /// Replaces a game read at revision `expected` and owes its board. When `finished`, the
    /// game's channel is freed in the same transaction.
    pub fn update_game(
        &self,
        expected: u64,
        game: &GameRecord,
        finished: bool,
    ) -> Result<Stored<GameRecord>, StoreError> {
        let revision = unwrap_tx((&self.games, &self.channels, &self.outbox).transaction(
            |(games, channels, outbox)| {
                let next = tx_check::<GameRecord>(games, GAME, game.id, expected)?;
                games.insert(&game.id.to_be_bytes(), encode(next, game))?;
                tx_owe_board(outbox, game.id, next)?;
                if finished {
                    free_channel(channels, game.channel, ChannelEntry::Game(game.id))?;
                }
                Ok(next)
            },
        ))?;
        self.flush()?;
        Ok(Stored {
            revision,
            record: game.clone(),
        })
    }
}

/// Removes the channel's entry if it is `entry` (it may already point elsewhere).
fn free_channel(channels: &TransactionalTree, channel: u64, entry: ChannelEntry) -> TxResult<()> {
    let current = match channels.get(channel.to_be_bytes())? {
        None => return Ok(()),
        Some(bytes) => decode::<ChannelEntry>(CHANNEL, channel, &bytes).map(|s| s.record),
    };
    // A damaged index entry is left for an operator to inspect, as every damaged record is.
    if matches!(current, Ok(found) if found == entry) {
        channels.remove(&channel.to_be_bytes())?;
    }
    Ok(())
}
