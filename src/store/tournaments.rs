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
//!
//! The sweep looks after the tournaments that still run (taking entries or playing), every
//! few seconds, and finished ones pile up: so the running ones are indexed in the `meta` key
//! space, one key per tournament (`running tournament`, guild, id), written in the same
//! transaction as the record whenever a tournament starts or stops running. The sweep reads
//! that index and the records it names, never the finished ones. A database written before the
//! index gets it when opened (see `migrate.rs`), and a reshard indexes its stores again after
//! moving their records.

use serde::{Deserialize, Serialize};

use super::backend::TxResult;
use super::codec::{decode, encode, Stored};
use super::error::StoreError;
use super::handle::Store;
use super::outbox::{note_entry, Note, Owed, OwedKey, OwedWrite};
use super::records::{GameKind, Player};
use super::space::{Space, Transact, TxSpace};
use super::tx::{abort, tx_read};
use crate::ids::{ChannelId, GuildId, MessageId, TournamentId};
use crate::locale::Locale;
use crate::tournament::{Event, Person, Round, UserId};
pub use crate::tournament::{Format, Played, Stage};

/// What the store calls a tournament record in its errors.
pub(super) const TOURNAMENT: &str = "tournament";

/// An entrant, as stored: the player with their name.
pub type Entry = crate::tournament::Entry<Player>;

impl Person for Player {
    fn id(&self) -> UserId {
        self.id
    }
}

/// A tournament: where it is played and shown, the game and its rules, and the event itself
/// (its entrants, rounds and stage), which only the tournament engine changes.
///
/// Stored as one flat JSON object, the event's fields among the others in the order records
/// have always had (see `Wire` below), so records written by earlier releases read the same.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "WireIn")]
pub struct TournamentRecord {
    /// The id (shared id space with games and challenges).
    pub id: TournamentId,
    /// The server.
    pub guild: Option<GuildId>,
    /// The channel of the tournament message; each pairing plays in a thread of it.
    pub channel: ChannelId,
    /// The tournament message, once known.
    pub message: Option<MessageId>,
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
    id: TournamentId,
    guild: Option<GuildId>,
    channel: ChannelId,
    message: Option<MessageId>,
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
    cancelled_by: Option<UserId>,
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

/// The `meta` keys of the index of running tournaments start with this.
const RUNNING: &[u8] = b"running tournament ";
/// The `meta` key that says the index of running tournaments is built.
const RUNNING_INDEXED: &[u8] = b"running tournaments indexed";

/// The index key of tournament `id` of `guild`.
fn running_key(guild: Option<GuildId>, id: TournamentId) -> Vec<u8> {
    let mut key = RUNNING.to_vec();
    key.extend_from_slice(&guild.map_or(0, GuildId::get).to_be_bytes());
    key.extend_from_slice(&id.get().to_be_bytes());
    key
}

/// The guild and id an index key names.
fn running_entry(key: &[u8]) -> Option<(Option<GuildId>, TournamentId)> {
    let rest = key.strip_prefix(RUNNING)?;
    let guild = u64::from_be_bytes(rest.get(..8)?.try_into().ok()?);
    let id = u64::from_be_bytes(rest.get(8..)?.try_into().ok()?);
    Some((
        (guild != 0).then_some(GuildId::new(guild)),
        TournamentId::new(id),
    ))
}

/// Indexes `record` as running, or not, as its stage says.
fn tx_index(meta: &TxSpace<'_>, record: &TournamentRecord) -> TxResult<()> {
    let key = running_key(record.guild, record.id);
    if record.event.stage.is_running() {
        meta.insert(key, [1u8])
    } else {
        meta.remove(key)
    }
}

/// Builds the index of running tournaments of a database that has none yet (one written
/// before it), once; flushed before returning.
pub(super) fn index_once(store: &Store) -> Result<(), StoreError> {
    if store.meta.get(RUNNING_INDEXED)?.is_some() {
        return Ok(());
    }
    reindex(&store.tournaments, &store.meta)?;
    store.flush()?;
    store.meta.insert(RUNNING_INDEXED, [1u8])?;
    store.flush()
}

/// Builds the index of running tournaments again from the records: removes the keys of
/// tournaments that no longer run (or are no longer here) and adds those that run, each in a
/// transaction with the record it reads. Not flushed. A damaged record is left out, as the
/// sweep would skip it.
pub(super) fn reindex(tournaments: &Space, meta: &Space) -> Result<(), StoreError> {
    for item in meta.scan_prefix(RUNNING).keys() {
        let key = item?;
        let Some((_, id)) = running_entry(&key) else {
            continue;
        };
        (tournaments, meta).transaction(|(tournaments, meta)| {
            let stored = tx_read::<TournamentRecord>(tournaments, TOURNAMENT, id).ok();
            let runs = stored.flatten().is_some_and(|s| {
                s.record.event.stage.is_running() && running_key(s.record.guild, id) == key
            });
            if !runs {
                meta.remove(&key)?;
            }
            Ok(())
        })?;
    }
    for item in tournaments.iter().keys() {
        let key = item?;
        let Ok(id) = <[u8; 8]>::try_from(key.as_slice()).map(u64::from_be_bytes) else {
            continue;
        };
        let id = TournamentId::new(id);
        (tournaments, meta).transaction(|(tournaments, meta)| {
            match tx_read::<TournamentRecord>(tournaments, TOURNAMENT, id) {
                Ok(Some(stored)) if stored.record.event.stage.is_running() => {
                    tx_index(meta, &stored.record)
                }
                _ => Ok(()),
            }
        })?;
    }
    Ok(())
}

impl Store {
    /// The tournament with this id.
    pub fn tournament(
        &self,
        id: TournamentId,
    ) -> Result<Option<Stored<TournamentRecord>>, StoreError> {
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

    /// The tournaments that still run (take entries or play rounds), as (guild, id), by
    /// guild then id: read from their index, without reading a record.
    pub fn running_tournaments(&self) -> Result<Vec<(Option<GuildId>, TournamentId)>, StoreError> {
        let mut running = Vec::new();
        for key in self.meta.scan_prefix(RUNNING).keys() {
            running.extend(running_entry(&key?));
        }
        Ok(running)
    }

    /// Stores a new tournament, flushed before returning.
    pub fn create_tournament(
        &self,
        record: &TournamentRecord,
    ) -> Result<Stored<TournamentRecord>, StoreError> {
        let key = record.id.get().to_be_bytes();
        self.commit(|| {
            (&self.tournaments, &self.meta).transaction(|(tournaments, meta)| {
                if tournaments.get(key)?.is_some() {
                    return abort(StoreError::Conflict {
                        kind: TOURNAMENT,
                        key: record.id.get(),
                        expected: 0,
                    });
                }
                tournaments.insert(key, encode(1, record))?;
                tx_index(meta, record)
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
            let spaces = (&self.tournaments, &self.outbox, &self.meta);
            spaces.transaction(|(tournaments, outbox, meta)| {
                let next = match tx_read::<TournamentRecord>(tournaments, TOURNAMENT, id)? {
                    Some(stored) if stored.revision == expected => {
                        let was = stored.record.event.stage.is_running();
                        if was != record.event.stage.is_running() {
                            tx_index(meta, record)?;
                        }
                        expected + 1
                    }
                    _ => {
                        return abort(StoreError::Conflict {
                            kind: TOURNAMENT,
                            key: id.get(),
                            expected,
                        })
                    }
                };
                tournaments.insert(id.get().to_be_bytes(), encode(next, record))?;
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
    pub fn settle_tournament(&self, id: TournamentId, revision: u64) -> Result<bool, StoreError> {
        self.remove_owed_if(OwedKey::Tournament(id), |owed| {
            matches!(owed.write, OwedWrite::Tournament { revision: asked, .. } if asked <= revision)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::codec::encode;
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
            id: UserId::new(id),
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
        let pairing = Pairing::new(UserId::new(22), UserId::new(33));
        TournamentRecord {
            id: TournamentId::new(40),
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(600),
            message: Some(MessageId::new(601)),
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
                cancelled_by: Some(UserId::new(11)),
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

    /// Issue 49: a database written before the index gets it when opened: the running
    /// tournaments are indexed, the others not, and a key naming no running tournament goes.
    #[test]
    fn issue_49_an_old_database_gets_the_index_of_running_tournaments() {
        let store = Store::temporary().expect("store");
        let mut open = record();
        open.event.stage = Stage::Open;
        let mut finished = record();
        finished.id = TournamentId::new(41);
        finished.event.stage = Stage::Finished;
        let mut elsewhere = open.clone();
        elsewhere.id = TournamentId::new(42);
        elsewhere.guild = Some(GuildId::new(2));
        for record in [&open, &finished, &elsewhere] {
            // As an earlier release wrote them: the record alone.
            store
                .tournaments
                .insert(record.id.get().to_be_bytes(), encode(1, record))
                .expect("written");
        }
        store
            .meta
            .insert(
                running_key(Some(GuildId::new(1)), TournamentId::new(99)),
                [1u8],
            )
            .expect("a stale key");
        store
            .meta
            .transaction(|meta| meta.remove(RUNNING_INDEXED))
            .expect("as before the index");
        index_once(&store).expect("indexed");
        let running = store.running_tournaments().expect("listed");
        assert_eq!(
            running,
            [
                (Some(GuildId::new(1)), TournamentId::new(40)),
                (Some(GuildId::new(2)), TournamentId::new(42))
            ]
        );
        // Once: a later open leaves the index to the writes.
        store
            .meta
            .insert(
                running_key(Some(GuildId::new(1)), TournamentId::new(98)),
                [1u8],
            )
            .expect("a key");
        index_once(&store).expect("nothing to do");
        assert_eq!(store.running_tournaments().expect("listed").len(), 3);
    }
}
