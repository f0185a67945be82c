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
use crate::tournament::{Event, Person, Round};
pub use crate::tournament::{Format, Played, Stage};

/// What the store calls a tournament record in its errors.
pub(super) const TOURNAMENT: &str = "tournament";

/// An entrant, as stored: the player with their name.
pub type Entry = crate::tournament::Entry<Player>;

impl Person for Player {
    fn id(&self) -> u64 {
        self.id
    }
}

/// A tournament: where it is played and shown, the game and its rules, and the event itself
/// (its entrants, rounds and stage), which only the tournament engine changes.
///
/// Stored as one flat JSON object, the event's fields among the others in the order records
/// have always had (see [`Wire`]), so records written by earlier releases read the same.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "WireIn")]
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
    /// Time per move, in milliseconds.
    pub turn_ms: u64,
    /// The language of its messages (the organiser's).
    pub locale: Locale,
    /// When it was created.
    pub created_ms: u64,
    /// The event: organiser, format, entrants, rounds, stage.
    pub event: Event<Player>,
}

/// A tournament record as it is written: every field at the top level, in this order.
#[derive(Serialize, Deserialize)]
struct Wire<O, E, R, S> {
    id: u64,
    guild: Option<u64>,
    channel: u64,
    message: Option<u64>,
    kind: GameKind,
    rules: R,
    organiser: O,
    format: Format,
    turn_ms: u64,
    manual: bool,
    limit: Option<u32>,
    starts_ms: Option<u64>,
    locale: Locale,
    created_ms: u64,
    entries: E,
    rounds: S,
    planned: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    schedule: Vec<Round>,
    stage: Stage,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cancelled_by: Option<u64>,
}

/// The record as read.
type WireIn = Wire<Player, Vec<Entry>, serde_json::Value, Vec<Played>>;

impl From<WireIn> for TournamentRecord {
    fn from(wire: WireIn) -> TournamentRecord {
        TournamentRecord {
            id: wire.id,
            guild: wire.guild,
            channel: wire.channel,
            message: wire.message,
            kind: wire.kind,
            rules: wire.rules,
            turn_ms: wire.turn_ms,
            locale: wire.locale,
            created_ms: wire.created_ms,
            event: Event {
                organiser: wire.organiser,
                format: wire.format,
                manual: wire.manual,
                limit: wire.limit,
                starts_ms: wire.starts_ms,
                entries: wire.entries,
                rounds: wire.rounds,
                planned: wire.planned,
                schedule: wire.schedule,
                stage: wire.stage,
                cancelled_by: wire.cancelled_by,
            },
        }
    }
}

impl Serialize for TournamentRecord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let event = &self.event;
        Wire {
            id: self.id,
            guild: self.guild,
            channel: self.channel,
            message: self.message,
            kind: self.kind,
            rules: &self.rules,
            organiser: &event.organiser,
            format: event.format,
            turn_ms: self.turn_ms,
            manual: event.manual,
            limit: event.limit,
            starts_ms: event.starts_ms,
            locale: self.locale,
            created_ms: self.created_ms,
            entries: &event.entries,
            rounds: &event.rounds,
            planned: event.planned,
            // Cloned only when set (a round-robin's, a few rounds).
            schedule: event.schedule.clone(),
            stage: event.stage,
            cancelled_by: event.cancelled_by,
        }
        .serialize(serializer)
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
                        tournament: id,
                        revision: next,
                    });
                    outbox.insert(OwedKey::Tournament(id).bytes(), encode(1, &owed))?;
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
        self.remove_owed_if(OwedKey::Tournament(id), |owed| {
            matches!(owed.write, OwedWrite::Tournament { revision: asked, .. } if asked <= revision)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Outcome, Pairing};

    /// A round-robin that was cancelled in its first round, as the release before the event
    /// moved to the tournament engine wrote it (every field, in its order).
    const WRITTEN: &str = concat!(
        r#"{"id":40,"guild":1,"channel":600,"message":601,"kind":"shogi","rules":{"handicap":"none"},"#,
        r#""organiser":{"id":11,"name":"An"},"format":{"system":"round_robin","double":false},"#,
        r#""turn_ms":120000,"manual":true,"limit":8,"starts_ms":1700000100000,"locale":"vi","#,
        r#""created_ms":1700000000000,"entries":[{"player":{"id":22,"name":"Bình"},"rating":1612.5,"#,
        r#""withdrawn":false},{"player":{"id":33,"name":"Chi"},"rating":1500.0,"withdrawn":true}],"#,
        r#""rounds":[{"round":{"games":[{"first":22,"second":33,"outcome":"FirstWins"}],"byes":[]},"#,
        r#""games":[70]}],"planned":1,"schedule":[{"games":[{"first":22,"second":33,"#,
        r#""outcome":null}],"byes":[]}],"stage":"cancelled","cancelled_by":11}"#
    );

    fn player(id: u64, name: &str) -> Player {
        Player {
            id,
            name: name.to_owned(),
            computer: None,
        }
    }

    fn record() -> TournamentRecord {
        let entry = |id, name, rating, withdrawn| Entry {
            player: player(id, name),
            rating,
            withdrawn,
        };
        let pairing = Pairing::new(22, 33);
        TournamentRecord {
            id: 40,
            guild: Some(1),
            channel: 600,
            message: Some(601),
            kind: GameKind::Shogi,
            rules: serde_json::json!({ "handicap": "none" }),
            turn_ms: 120_000,
            locale: Locale::Vietnamese,
            created_ms: 1_700_000_000_000,
            event: Event {
                organiser: player(11, "An"),
                format: Format::RoundRobin { double: false },
                manual: true,
                limit: Some(8),
                starts_ms: Some(1_700_000_100_000),
                entries: vec![
                    entry(22, "Bình", 1612.5, false),
                    entry(33, "Chi", 1500.0, true),
                ],
                rounds: vec![Played {
                    round: Round {
                        games: vec![Pairing {
                            outcome: Some(Outcome::FirstWins),
                            ..pairing
                        }],
                        byes: Vec::new(),
                    },
                    games: vec![crate::ids::GameId::new(70)],
                }],
                planned: 1,
                schedule: vec![Round {
                    games: vec![pairing],
                    byes: Vec::new(),
                }],
                stage: Stage::Cancelled,
                cancelled_by: Some(11),
            },
        }
    }

    #[test]
    fn a_record_is_written_byte_for_byte_as_before_and_reads_back() {
        let written = serde_json::to_string(&record()).expect("serialises");
        assert_eq!(written, WRITTEN);
        let read: TournamentRecord = serde_json::from_str(WRITTEN).expect("reads");
        assert_eq!(read, record());
    }

    #[test]
    fn optional_fields_are_left_out_as_before() {
        let mut swiss = record();
        swiss.event.schedule.clear();
        swiss.event.cancelled_by = None;
        let written = serde_json::to_string(&swiss).expect("serialises");
        assert!(!written.contains("schedule") && !written.contains("cancelled_by"));
        assert!(written.ends_with(r#""planned":1,"stage":"cancelled"}"#));
        let read: TournamentRecord = serde_json::from_str(&written).expect("reads");
        assert_eq!(read, swiss);
    }
}
