//! Tournaments: one record per event in the `tournaments` key space, by id.
//!
//! A tournament record holds everything the event is: its settings, its entrants with the
//! ratings that seeded them, and its rounds with the id of the game each pairing plays. A
//! pairing's game id is handed out when the round is paired, in the same write, so a game is
//! never paired twice; the game itself is created once its thread exists, and refuses to be
//! created again (see [`Store::create_game`]). Results are not copied in by the game's ending:
//! they are read back from the history (a finished game is the truth), so a crash between a
//! game's end and the tournament's update loses nothing.
//!
//! Every change that shows is written with the tournament message owed (an outbox entry,
//! [`OwedWrite::Tournament`]) and any announcement owed as a note, in one transaction.

use serde::{Deserialize, Serialize};

use super::codec::{decode, encode, Stored};
use super::error::StoreError;
use super::handle::Store;
use super::outbox::{note_entry, Note, Owed, OwedKey, OwedWrite};
use super::records::{GameKind, Player};
use super::space::Transact;
use super::tx::{abort, tx_check};
use crate::locale::Locale;
use crate::tournament::Round;

/// What the store calls a tournament record in its errors.
pub(super) const TOURNAMENT: &str = "tournament";

/// How a tournament pairs its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "system")]
pub enum Format {
    /// Swiss rounds; `rounds`: how many (0: decided from the number of players at the start).
    Swiss {
        /// The number of rounds, or 0.
        rounds: u32,
    },
    /// Everyone plays everyone, once or (`double`) twice with colours reversed.
    RoundRobin {
        /// Twice.
        double: bool,
    },
}

/// Where a tournament is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Taking entries.
    Open,
    /// Rounds are being played.
    Playing,
    /// Every round is over.
    Finished,
    /// Cancelled by its organiser.
    Cancelled,
}

/// An entrant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Who.
    pub player: Player,
    /// Their rating in the game when they entered (the seeding).
    pub rating: f64,
    /// Whether they have withdrawn: they are paired no more, and keep their results.
    #[serde(default)]
    pub withdrawn: bool,
}

/// A round as played: the pairings and results, and the game each pairing plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// The pairings, byes and results.
    pub round: Round,
    /// The game id of each pairing, in the order of `round.games`.
    pub games: Vec<u64>,
}

/// A tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TournamentRecord {
    /// The id (shared id space with games and challenges).
    pub id: u64,
    /// The server.
    pub guild: Option<u64>,
    /// The channel of the tournament message; each pairing plays in a thread of it.
    pub channel: u64,
    /// The tournament message, once known.
    pub message: Option<u64>,
    /// The game played.
    pub kind: GameKind,
    /// The rules of every game, in the game's own serde form.
    pub rules: serde_json::Value,
    /// Who created it (and may start, cancel and advance it, as may Manage Server).
    pub organiser: Player,
    /// How rounds are paired.
    pub format: Format,
    /// Time per move, in milliseconds.
    pub turn_ms: u64,
    /// Whether the organiser starts each round after the first (`Next round`), instead of the
    /// bot as soon as the previous one is over.
    pub manual: bool,
    /// The most players it takes, if limited.
    pub limit: Option<u32>,
    /// When it starts by itself (Unix milliseconds), if set.
    pub starts_ms: Option<u64>,
    /// The language of its messages (the organiser's).
    pub locale: Locale,
    /// When it was created.
    pub created_ms: u64,
    /// The entrants, in order of entry.
    pub entries: Vec<Entry>,
    /// The rounds started so far.
    pub rounds: Vec<Played>,
    /// How many rounds it has (set at the start).
    pub planned: u32,
    /// A round-robin's whole schedule, laid out at the start (empty for a Swiss).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schedule: Vec<Round>,
    /// Where it is.
    pub stage: Stage,
    /// Who cancelled it (`None` for a tournament cancelled because too few players came).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancelled_by: Option<u64>,
}

impl TournamentRecord {
    /// The entry of `user`, if they entered.
    pub fn entry(&self, user: u64) -> Option<&Entry> {
        self.entries.iter().find(|e| e.player.id.get() == user)
    }

    /// The round being played (or the last one played), if any.
    pub fn current(&self) -> Option<&Played> {
        self.rounds.last()
    }
}

impl Store {
    /// The tournament with this id.
    pub fn tournament(&self, id: u64) -> Result<Option<Stored<TournamentRecord>>, StoreError> {
        Store::read(&self.tournaments, TOURNAMENT, id)
    }

    /// Every tournament, oldest first; damaged ones are returned as errors, in place.
    pub fn tournaments(&self) -> Vec<Result<Stored<TournamentRecord>, StoreError>> {
        self.tournaments
            .iter()
            .map(|item| {
                let (key, bytes) = item?;
                let id = <[u8; 8]>::try_from(key.as_ref()).map_or(0, u64::from_be_bytes);
                decode(TOURNAMENT, id, &bytes)
            })
            .collect()
    }

    /// Stores a new tournament, flushed before returning.
    pub fn create_tournament(
        &self,
        record: &TournamentRecord,
    ) -> Result<Stored<TournamentRecord>, StoreError> {
        let key = record.id.to_be_bytes();
        self.commit(|| {
            self.tournaments.transaction(|tournaments| {
                if tournaments.get(key)?.is_some() {
                    return abort(StoreError::Conflict {
                        kind: TOURNAMENT,
                        key: record.id,
                        expected: 0,
                    });
                }
                tournaments.insert(key, encode(1, record))?;
                Ok(())
            })
        })?;
        Ok(Stored {
            revision: 1,
            record: record.clone(),
        })
    }

    /// Replaces a tournament read at revision `expected`, owing its message (redrawn at the new
    /// revision, unless `quiet`) and `notes` (each under its own record id: announcements
    /// posted as new messages), in one transaction, flushed before returning.
    pub fn update_tournament(
        &self,
        expected: u64,
        record: &TournamentRecord,
        quiet: bool,
        notes: &[(u64, Note)],
    ) -> Result<Stored<TournamentRecord>, StoreError> {
        let id = record.id;
        let entries: Vec<_> = notes
            .iter()
            .map(|(key, note)| note_entry(*key, note))
            .collect();
        let revision = self.commit(|| {
            (&self.tournaments, &self.outbox).transaction(|(tournaments, outbox)| {
                let next = tx_check::<TournamentRecord>(tournaments, TOURNAMENT, id, expected)?;
                tournaments.insert(id.to_be_bytes(), encode(next, record))?;
                if !quiet {
                    let owed = Owed::new(OwedWrite::Tournament {
                        tournament: crate::ids::TournamentId::new(id),
                        revision: next,
                    });
                    outbox.insert(
                        OwedKey::Tournament(crate::ids::TournamentId::new(id)).bytes(),
                        encode(1, &owed),
                    )?;
                }
                for (key, bytes) in &entries {
                    outbox.insert(key, bytes.clone())?;
                }
                Ok(next)
            })
        })?;
        Ok(Stored {
            revision,
            record: record.clone(),
        })
    }

    /// Removes tournament `id`'s message entry if it asks for no newer state than `revision`,
    /// which Discord now shows. Not flushed, like [`Store::settle`].
    pub fn settle_tournament(&self, id: u64, revision: u64) -> Result<bool, StoreError> {
        self.remove_owed_if(OwedKey::Tournament(crate::ids::TournamentId::new(id)), |owed| {
            matches!(owed.write, OwedWrite::Tournament { revision: asked, .. } if asked <= revision)
        })
    }
}
