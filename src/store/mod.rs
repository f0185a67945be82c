//! Durable state: challenges, games, the channel → game index, and the outbox of writes owed
//! to Discord (every transaction that writes a game owes its board in the same transaction;
//! see `outbox.rs`). The records live in key spaces ([`Tree`]) kept by sled (the default: one
//! embedded database per process) or by PostgreSQL (one database shared by every process; see
//! `postgres.rs`); everything below is written once, against the key-space layer of `kv.rs`.
//!
//! Every record is stored as a JSON envelope `{"schema": 2, "revision": n, "record": {...}}`.
//! A game is stored in three parts, written in one transaction: a small head in `games` (the
//! envelope with the revision, and what changes during play: channel, board message, move
//! count, retired seats, deadline), and in `game_parts` its setup under the game id (seats,
//! rules, start position…: written once) and one key per move (game id, ply → the move's
//! notation text). A move appends one key and rewrites the small head, so a game of n moves
//! writes O(n) bytes, not O(n²) as when every move rewrote the whole record. Moves are
//! append-only: an update writes the moves beyond the stored count (and removes any beyond the
//! new count); the setup is rewritten only if it differs. When the game is over, the
//! transaction that finishes it (and writes its history entry, which holds the whole record)
//! removes its setup and moves from `game_parts`: the head is marked `archived`, and reads take
//! the setup and moves from the history entry. sled's memory grows with the number of keys, and
//! finished games are most of a store, so each keeps only its head, its history entry and the
//! history's index keys, whatever its length.
//!
//! The store is game-neutral: records carry their [`GameKind`], seats, rules and moves as the
//! game's own serde form and notation; only the app's adapters know what they mean. A database
//! of schema 1 (Ô ăn quan only) is migrated once when opened (see `migrate.rs`).
//! Updates name the revision they were computed from and are applied with compare-and-swap
//! inside a transaction, so two racing writers (in one process or, on PostgreSQL, in several)
//! apply at most one change. Every write is on stable storage before the call returns (sled's
//! flush then `fdatasync`, see `durable.rs`; a PostgreSQL commit with `synchronous_commit` on),
//! so an acknowledged change survives a crash of the process, of the OS, or a power cut. A
//! record that fails to decode is reported as [`StoreError::Corrupt`] and never overwritten.

mod backup;
pub mod copy;
mod durable;
mod group_commit;
mod ids;
mod kv;
mod migrate;
mod outbox;
mod play;
mod postgres;
mod records;
pub mod reshard;
mod schema1;
mod settings;
mod social;
mod tournaments;
mod tree;

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionError};
use thiserror::Error;

use crate::shards::Layout;
use kv::{Space, Transact, TxSpace};
use outbox::tx_owe_board;
use postgres::Pg;

pub use backup::Backup;
pub use group_commit::GroupCommit;
pub use ids::{COUNTER_BITS, COUNTER_LIMIT};
pub use outbox::{Note, Owed, OwedKey, OwedWrite};
pub use play::{BotRecord, BotResult, BotTally, Score};
pub use records::{
    Acceptance, ChallengeRecord, ChannelEntry, FirstPlayer, GameKind, GameRecord, Hand, Level,
    Lobby, Player, Retired, Retirement, UnknownLevel,
};
pub use settings::GuildSettings;
pub use social::{
    score, FinishedGame, Glicko, LeaderboardPage, RateFn, RatingChange, RatingPoint, RatingRecord,
};
pub use tournaments::{Entry, Format, Played, Stage, TournamentRecord};
pub use tree::Tree;

use records::{GameHead, GameSetup};

/// The schema version this program writes and reads (it reads schema 1 by migrating it once,
/// when the database is opened).
pub const SCHEMA: u32 = 2;

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
    /// PostgreSQL refused a statement, or the connection to it failed.
    #[error("database error: {0}")]
    Postgres(#[from] ::postgres::Error),
    /// No connection to the PostgreSQL server could be made in time.
    #[error("cannot reach the database server: {0} (is it running, and is store.url right?)")]
    Pool(#[from] r2d2::Error),
    /// `store.url` is not a PostgreSQL connection string.
    #[error("store.url is not a PostgreSQL connection string: {reason}")]
    Url {
        /// What is wrong with it.
        reason: String,
    },
    /// A transaction named key spaces of different stores (a bug).
    #[error("a transaction named key spaces of different stores")]
    Mixed,
    /// `store copy` found records it cannot merge, or read back something else than it wrote.
    #[error("cannot copy the store: {reason}")]
    Copy {
        /// What is wrong.
        reason: String,
    },
    /// A tool that works on sled's files was given a PostgreSQL store.
    #[error("{what} works on a sled store only: a PostgreSQL store is backed up with PostgreSQL's own tools (pg_dump, pg_basebackup) and changes its shards with a restart (see docs/scaling.md)")]
    SledOnly {
        /// The tool.
        what: &'static str,
    },
    /// The database's files could not be synced to stable storage (`fdatasync`): nothing
    /// written since the last successful sync can be counted on after a power cut.
    #[error("cannot sync the database to disk: {0}")]
    Sync(#[source] std::io::Error),
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
    /// A backup could not be made (its target holds something, or is not writable).
    #[error("cannot back up into `{path}`: {reason}")]
    Backup {
        /// The backup's directory.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Every id of this store's counter has been handed out (2^33 of them).
    #[error("this database has handed out every id it can ({COUNTER_LIMIT}); reshard it into a new layout")]
    IdsExhausted,
    /// The channel already has a challenge or game.
    #[error("channel {channel} already has a challenge or game")]
    ChannelBusy {
        /// The channel.
        channel: u64,
        /// What it holds.
        entry: ChannelEntry,
    },
}

impl StoreError {
    /// Whether the error is PostgreSQL's serialization failure or deadlock, after which the
    /// transaction is run again.
    fn is_retryable(&self) -> bool {
        use ::postgres::error::SqlState;
        matches!(self, StoreError::Postgres(e) if matches!(
            e.code(),
            Some(&SqlState::T_R_SERIALIZATION_FAILURE | &SqlState::T_R_DEADLOCK_DETECTED)
        ))
    }
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
    tree: &TxSpace<'_>,
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
    tree: &TxSpace<'_>,
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

/// The `game_parts` key of move `ply` (0-based) of game `game` (the setup's key is the game id
/// alone, which sorts before every move).
fn ply_key(game: u64, ply: u32) -> [u8; 12] {
    let mut key = [0u8; 12];
    key[..8].copy_from_slice(&game.to_be_bytes());
    key[8..].copy_from_slice(&ply.to_be_bytes());
    key
}

/// How a game was stored before a write: nothing yet ([`Had::default`]), or so many moves,
/// one key each in `game_parts` or archived in its history entry.
#[derive(Debug, Clone, Copy, Default)]
struct Had {
    plies: u32,
    archived: bool,
}

/// Checks that game `id` is stored at revision `expected`; returns the next revision and how
/// the game is stored.
fn tx_check_game(games: &TxSpace<'_>, id: u64, expected: u64) -> TxResult<(u64, Had)> {
    match tx_read::<GameHead>(games, GAME, id)? {
        Some(stored) if stored.revision == expected => Ok((
            expected + 1,
            Had {
                plies: stored.record.plies,
                archived: stored.record.archived,
            },
        )),
        _ => abort(StoreError::Conflict {
            kind: GAME,
            key: id,
            expected,
        }),
    }
}

/// Writes `game` at `revision` over what was stored of it (`had`). A game in play: its head,
/// its setup if it is new or changed, the moves beyond those stored, and the removal of any
/// stored move beyond the new count. A game to `archive` (its history entry, which holds the
/// whole record, is written in the same transaction) or archived already: its head, marked
/// archived, and no setup or moves in `game_parts` (an archived game's setup and moves are
/// fixed: only its head changes).
fn tx_write_game(
    games: &TxSpace<'_>,
    parts: &TxSpace<'_>,
    game: &GameRecord,
    revision: u64,
    had: Had,
    archive: bool,
) -> TxResult<()> {
    let mut head = GameHead::of(game);
    head.archived = archive || had.archived;
    let key = game.id.to_be_bytes();
    let (stored, wanted) = match (had.archived, head.archived) {
        (true, _) => (0, 0),
        (false, true) => {
            parts.remove(key)?;
            (had.plies, 0)
        }
        (false, false) => {
            let setup = encode(1, &GameSetup::of(game));
            if parts.get(key)?.as_deref() != Some(setup.as_slice()) {
                parts.insert(key, setup)?;
            }
            for (ply, mv) in game.moves.iter().enumerate().skip(had.plies as usize) {
                let Ok(ply) = u32::try_from(ply) else { break };
                parts.insert(ply_key(game.id, ply), mv.as_bytes())?;
            }
            (had.plies, head.plies)
        }
    };
    for ply in wanted..stored {
        parts.remove(ply_key(game.id, ply))?;
    }
    games.insert(key, encode(revision, &head))?;
    Ok(())
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
const PLY: &str = "move";
const SETUP: &str = "game setup";

/// The bot's database.
#[derive(Debug, Clone)]
pub struct Store {
    db: Db,
    games: Space,
    /// Every game's setup and moves (one key per ply).
    parts: Space,
    challenges: Space,
    channels: Space,
    /// Writes owed to Discord (see `outbox.rs`).
    outbox: Space,
    /// Tournaments (see `tournaments.rs`).
    tournaments: Space,
    social: social::Trees,
    /// The database's own bookkeeping: schema version, id counter.
    meta: Space,
    /// The shards whose servers this process serves; its tag is mixed into every id.
    layout: Layout,
    /// Held by every write, closed by a backup for an instant (see `backup.rs`).
    gate: Arc<backup::Gate>,
}

/// What keeps the store's key spaces.
#[derive(Debug, Clone)]
enum Db {
    /// An embedded sled database, owned by this process.
    Sled {
        /// The database.
        db: sled::Db,
        /// Shares flushes between writers that finish their transactions at the same time.
        commit: Arc<GroupCommit>,
        /// Syncs what sled flushed to stable storage (see `durable.rs`).
        durable: Arc<durable::Durable>,
    },
    /// A PostgreSQL database, shared by every process of the bot (see `postgres.rs`).
    Postgres(Pg),
}

/// The most memory sled's cache of recently read records uses unless configured
/// (`store.cache_mb`): 64 MB.
pub const DEFAULT_CACHE_BYTES: u64 = 64 << 20;

/// How long [`Store::open`] waits for another holder of the database's lock to let go.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Whether sled refused to open because another handle still holds the file lock.
fn lock_busy(error: &sled::Error) -> bool {
    matches!(error, sled::Error::Io(io) if io.to_string().contains("could not acquire lock"))
}

impl Store {
    /// Opens (or creates) the database in `path` for a bot that is not sharded (the
    /// single-shard layout: ids 1, 2, 3…), as [`Store::open_for`] does.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_for(path, Layout::single(), DEFAULT_CACHE_BYTES)
    }

    /// Opens (or creates) the database in `path` for the process that runs `layout`'s shards:
    /// the ids it hands out carry the layout's tag (see `ids.rs`), so they never collide with
    /// another store's. A schema-1 database is migrated to schema 2 first (once; see
    /// `migrate.rs`).
    ///
    /// sled locks its files; a database closed an instant ago (by this process, or by one that
    /// is still exiting) can hold the lock while its last background writes finish, so a busy
    /// lock is waited for, up to [`LOCK_WAIT`], before giving up.
    ///
    /// sled keeps recently read records in a cache of at most `cache_bytes` (sled's own default,
    /// 1 GiB, would let a long-running bot's memory grow far beyond what it needs).
    pub fn open_for(path: &Path, layout: Layout, cache_bytes: u64) -> Result<Store, StoreError> {
        let started = std::time::Instant::now();
        let db = loop {
            match sled::Config::new()
                .path(path)
                .cache_capacity(cache_bytes)
                .open()
            {
                Ok(db) => break db,
                Err(source) if lock_busy(&source) && started.elapsed() < LOCK_WAIT => {
                    std::thread::sleep(std::time::Duration::from_millis(25));
                }
                Err(source) => {
                    return Err(StoreError::Open {
                        path: path.display().to_string(),
                        source,
                    })
                }
            }
        };
        let durable = durable::Durable::open(path).map_err(StoreError::Sync)?;
        Store::from_db(Store::sled_db(db, durable), layout)
    }

    /// A database that lives in a temporary directory and disappears when dropped (for tests
    /// and benchmarks).
    pub fn temporary() -> Result<Store, StoreError> {
        Store::from_db(
            Store::sled_db(
                sled::Config::new().temporary(true).open()?,
                durable::Durable::temporary(),
            ),
            Layout::single(),
        )
    }

    /// Connects to the PostgreSQL database at `url` for the process that runs `layout`'s
    /// shards, applying the schema migrations it lacks. Every process of a sharded bot
    /// connects to the same database: each serves the servers of its own shards, and ids
    /// carry the layout's tag as on sled.
    pub fn connect(url: &str, layout: Layout) -> Result<Store, StoreError> {
        Store::from_db(Db::Postgres(Pg::connect(url)?), layout)
    }

    fn sled_db(db: sled::Db, durable: durable::Durable) -> Db {
        Db::Sled {
            db,
            commit: Arc::new(GroupCommit::new()),
            durable: Arc::new(durable),
        }
    }

    fn from_db(db: Db, layout: Layout) -> Result<Store, StoreError> {
        let store = Store {
            games: Tree::Games.open(&db)?,
            parts: Tree::GameParts.open(&db)?,
            challenges: Tree::Challenges.open(&db)?,
            channels: Tree::Channels.open(&db)?,
            outbox: Tree::Outbox.open(&db)?,
            tournaments: Tree::Tournaments.open(&db)?,
            social: social::Trees::open(&db)?,
            meta: Tree::Meta.open(&db)?,
            layout,
            gate: Arc::new(backup::Gate::default()),
            db,
        };
        migrate::migrate(&store)?;
        ids::init(&store)?;
        // What a migration or a first id counter wrote is synced like any other write.
        store.flush()?;
        Ok(store)
    }

    /// The sled database behind this store, for the tools that work on sled's files
    /// (`what` names the tool in the error a PostgreSQL store gets).
    fn sled(&self, what: &'static str) -> Result<&sled::Db, StoreError> {
        match &self.db {
            Db::Sled { db, .. } => Ok(db),
            Db::Postgres(_) => Err(StoreError::SledOnly { what }),
        }
    }

    /// The layout this store was opened for.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// A fresh id, unique across challenges and games and across the stores of every layout
    /// (ids never repeat, even after a restart or a reshard): `tag << 33 | counter`, below
    /// 2^53 (see `ids.rs`). Never 0, so that it never looks like a missing value.
    pub fn new_id(&self) -> Result<u64, StoreError> {
        let counter = self.change(|| ids::take(&self.meta))?;
        Ok(self.layout.tag() << COUNTER_BITS | counter)
    }

    /// Makes every write made so far by the calling thread durable: returns once a sled
    /// flush that started after this call has succeeded and its files were synced to stable
    /// storage (`fdatasync`, see `durable.rs`). Writers that call it while a flush is running
    /// share the next one ([`GroupCommit`]), sync included.
    ///
    /// On PostgreSQL every transaction is durable when it commits (`synchronous_commit`), so
    /// there is nothing left to do.
    fn flush(&self) -> Result<(), StoreError> {
        let Db::Sled {
            db,
            commit,
            durable,
        } = &self.db
        else {
            return Ok(());
        };
        commit.flush(|| {
            let started = std::time::Instant::now();
            db.flush()?;
            let flushed = started.elapsed();
            durable.sync().map_err(StoreError::Sync)?;
            metrics::histogram!("oaq_store_flush_seconds").record(flushed.as_secs_f64());
            metrics::histogram!("oaq_store_sync_seconds")
                .record((started.elapsed() - flushed).as_secs_f64());
            Ok(())
        })
    }

    /// Runs `write` (a change of the store) and then [`Store::flush`], with the writer gate
    /// held for both, so that a backup never sees the change half made or not yet durable
    /// (see `backup.rs`). Never nested, in itself or in [`Store::change`].
    fn commit<T>(&self, write: impl FnOnce() -> Result<T, StoreError>) -> Result<T, StoreError> {
        let _open = self.gate.enter();
        let value = write()?;
        self.flush()?;
        Ok(value)
    }

    /// Runs `write`, a change that is not flushed, with the writer gate held (see
    /// [`Store::commit`]).
    fn change<T>(&self, write: impl FnOnce() -> Result<T, StoreError>) -> Result<T, StoreError> {
        let _open = self.gate.enter();
        write()
    }

    fn read<T: DeserializeOwned>(
        tree: &Space,
        kind: &'static str,
        key: u64,
    ) -> Result<Option<Stored<T>>, StoreError> {
        tree.get(key.to_be_bytes())?
            .map(|bytes| decode(kind, key, &bytes))
            .transpose()
    }

    /// The game with this id, with its moves.
    pub fn game(&self, id: u64) -> Result<Option<Stored<GameRecord>>, StoreError> {
        // The head first: a move is written in the transaction that writes its head, and stored
        // moves are never rewritten, so every move the head counts is there.
        let Some(stored) = Store::read::<GameHead>(&self.games, GAME, id)? else {
            return Ok(None);
        };
        let (setup, moves) = self.parts(id, &stored.record)?;
        Ok(Some(Stored {
            revision: stored.revision,
            record: stored.record.with(setup, moves),
        }))
    }

    /// The setup and the moves of game `id` whose head is `head`: from its history entry when
    /// it is archived, else from `game_parts` (the first `head.plies` moves).
    fn parts(&self, id: u64, head: &GameHead) -> Result<(GameSetup, Vec<String>), StoreError> {
        let corrupt = |reason: String| StoreError::Corrupt {
            kind: PLY,
            key: id,
            reason,
        };
        let count = head.plies;
        if head.archived {
            let Some(entry) = self.finished(id)? else {
                return Err(corrupt(String::from(
                    "the archived game's history entry is missing",
                )));
            };
            let game = entry.record.game;
            if game.moves.len() != count as usize {
                return Err(corrupt(format!(
                    "{count} moves expected, {} archived",
                    game.moves.len()
                )));
            }
            return Ok((GameSetup::of(&game), game.moves));
        }
        let mut stored = self.parts.scan_prefix(id.to_be_bytes());
        let setup = match stored.next() {
            Some(item) => {
                let (key, bytes) = item?;
                if key.as_ref() != id.to_be_bytes() {
                    return Err(corrupt(String::from("the game's setup is missing")));
                }
                decode::<GameSetup>(SETUP, id, &bytes)?.record
            }
            None => return Err(corrupt(String::from("the game's setup is missing"))),
        };
        let mut moves = Vec::with_capacity(count as usize);
        for ply in 0..count {
            let Some(item) = stored.next() else {
                return Err(corrupt(format!("{count} moves expected, {ply} stored")));
            };
            let (key, bytes) = item?;
            if key.as_ref() != ply_key(id, ply) {
                return Err(corrupt(format!("move {ply} is missing")));
            }
            let text = String::from_utf8(bytes.to_vec())
                .map_err(|e| corrupt(format!("move {ply}: {e}")))?;
            moves.push(text);
        }
        Ok((setup, moves))
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
        let key = challenge.id.to_be_bytes();
        self.create_in_channel(
            &self.challenges,
            CHALLENGE,
            challenge.id,
            challenge.channel,
            ChannelEntry::Challenge(challenge.id),
            &|challenges, _| {
                challenges.insert(key, encode(1, challenge))?;
                Ok(())
            },
        )?;
        Ok(Stored {
            revision: 1,
            record: challenge.clone(),
        })
    }

    /// Stores a new record under `id` in `tree` with `write` (given `tree` and the game parts) and
    /// marks `channel` busy with `entry`, in one transaction, flushed before returning; fails
    /// with [`StoreError::ChannelBusy`] if the channel already has a challenge or game.
    fn create_in_channel(
        &self,
        tree: &Space,
        kind: &'static str,
        id: u64,
        channel: u64,
        entry: ChannelEntry,
        write: &dyn Fn(&TxSpace<'_>, &TxSpace<'_>) -> TxResult<()>,
    ) -> Result<(), StoreError> {
        let key = id.to_be_bytes();
        let game = entry == ChannelEntry::Game(id);
        self.commit(|| {
            (tree, &self.parts, &self.channels, &self.outbox).transaction(
                |(records, parts, channels, outbox)| {
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
                    write(records, parts)?;
                    channels.insert(channel.to_be_bytes(), encode(1, &entry))?;
                    if game {
                        tx_owe_board(outbox, id, 1)?;
                    }
                    Ok(())
                },
            )
        })
    }

    /// Replaces a challenge read at revision `expected`.
    pub fn update_challenge(
        &self,
        expected: u64,
        challenge: &ChallengeRecord,
    ) -> Result<Stored<ChallengeRecord>, StoreError> {
        let key = challenge.id;
        let revision = self.commit(|| {
            self.challenges.transaction(|challenges| {
                let next = tx_check::<ChallengeRecord>(challenges, CHALLENGE, key, expected)?;
                challenges.insert(key.to_be_bytes(), encode(next, challenge))?;
                Ok(next)
            })
        })?;
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
        self.commit(|| {
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
                    challenges.remove(id.to_be_bytes())?;
                    free_channel(channels, stored.record.channel, ChannelEntry::Challenge(id))?;
                    if let Some((key, bytes)) = &owed {
                        outbox.insert(key, bytes.clone())?;
                    }
                    Ok(())
                },
            )
        })
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
        self.commit(|| {
            (
                &self.challenges,
                &self.games,
                &self.parts,
                &self.channels,
                &self.outbox,
            )
                .transaction(|(challenges, games, parts, channels, outbox)| {
                    tx_check::<ChallengeRecord>(challenges, CHALLENGE, challenge, expected)?;
                    challenges.remove(challenge.to_be_bytes())?;
                    if games.get(game.id.to_be_bytes())?.is_some() {
                        return abort(StoreError::Conflict {
                            kind: GAME,
                            key: game.id,
                            expected: 0,
                        });
                    }
                    tx_write_game(games, parts, game, 1, Had::default(), false)?;
                    channels.insert(
                        game.channel.to_be_bytes(),
                        encode(1, &ChannelEntry::Game(game.id)),
                    )?;
                    tx_owe_board(outbox, game.id, 1)?;
                    Ok(())
                })
        })?;
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
        let revision = self.commit(|| {
            (&self.games, &self.parts, &self.channels, &self.outbox).transaction(
                |(games, parts, channels, outbox)| {
                    let (next, had) = tx_check_game(games, game.id, expected)?;
                    tx_write_game(games, parts, game, next, had, false)?;
                    tx_owe_board(outbox, game.id, next)?;
                    if finished {
                        free_channel(channels, game.channel, ChannelEntry::Game(game.id))?;
                    }
                    Ok(next)
                },
            )
        })?;
        Ok(Stored {
            revision,
            record: game.clone(),
        })
    }
}

/// Removes the channel's entry if it is `entry` (it may already point elsewhere).
fn free_channel(channels: &TxSpace<'_>, channel: u64, entry: ChannelEntry) -> TxResult<()> {
    let current = match channels.get(channel.to_be_bytes())? {
        None => return Ok(()),
        Some(bytes) => decode::<ChannelEntry>(CHANNEL, channel, &bytes).map(|s| s.record),
    };
    // A damaged index entry is left for an operator to inspect, as every damaged record is.
    if matches!(current, Ok(found) if found == entry) {
        channels.remove(channel.to_be_bytes())?;
    }
    Ok(())
}
