//! The one-time migration of a schema-1 database (the release before schema 2) to schema 2,
//! run by [`Store::open`] before it returns.
//!
//! Schema 1 knew only Ô ăn quan. What changes:
//! - `games`: a whole record per game (moves included) becomes a small head, plus its setup and
//!   one key per move in `game_parts`; the revision is kept, so boards owed in the outbox stay
//!   owed as they were.
//! - `history`: the entry's game record and outcome take the schema-2 shape (via the frozen
//!   mirror in `schema1.rs`).
//! - `bot_records` (keyed by user), `history_by_guild` (guild, …) and `history_by_player`
//!   (guild, user, …) are re-keyed with the game kind (Ô ăn quan) after the guild or first.
//!
//! Everything else reads as it is: challenges, settings, ratings, rating points, the
//! leaderboard (already keyed by kind) and the outbox.
//!
//! Every record moves in its own transaction, which writes the new copy and removes or
//! replaces the old one together, so a crash leaves each record either old or new, and running
//! again finishes the job: schema-2 records and re-keyed keys are recognised and skipped.
//! Once everything is migrated and flushed, the `meta` tree's `schema` key says 2, and later
//! opens skip the scan. A damaged record is left untouched (and reported when read), as every
//! damaged record is.
//!
//! Then, once per database, the games that are over and were written before finished games
//! were archived (setup and one key per move in `game_parts`) are archived: when their history
//! entry holds the same setup and moves, those keys are removed and the head marked (see
//! `tx_write_game`), each game in its own transaction at its own revision; the `meta` tree's
//! `finished archived` key records that it is done. Nothing but the storage changes: every
//! game reads as before.
//!
//! Last, once per database, the tournaments that still run are indexed for the sweep (see
//! `tournaments.rs`).

use super::backend::TxError;
use super::codec::{decode, encode, EnvelopeIn};
use super::error::StoreError;
use super::format::SCHEMA;
use super::game_parts::{tx_write_game, Had};
use super::handle::Store;
use super::records::{ChannelEntry, GameHead, GameKind, GameSetup};
use super::schema1::{OldFinished, OldGame};
use super::social::FINISHED;
use super::space::{Space, Transact};
use super::tournaments;
use super::tree::Tree;
use super::tx::GAME;
use crate::ids::GameId;

/// The key of the database's schema version in the `meta` tree.
const SCHEMA_KEY: &[u8] = b"schema";
/// The `meta` key that says the finished games are archived.
const ARCHIVED_KEY: &[u8] = b"finished archived";

/// The id (big-endian, the key's first 8 bytes) of a record key, for error messages.
fn key_id(key: &[u8]) -> u64 {
    key.get(..8)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_be_bytes)
        .unwrap_or(0)
}

/// Migrates the database behind `store` to [`SCHEMA`] and archives its finished games, each
/// once; flushed before returning.
pub(super) fn migrate(store: &Store) -> Result<(), StoreError> {
    to_schema(store)?;
    if store.meta.get(ARCHIVED_KEY)?.is_none() {
        archive_finished(store)?;
        store.flush()?;
        store.meta.insert(ARCHIVED_KEY, &[1u8][..])?;
        store.flush()?;
    }
    tournaments::index_once(store)
}

/// Migrates the database behind `store` to [`SCHEMA`], once.
fn to_schema(store: &Store) -> Result<(), StoreError> {
    let meta = &store.meta;
    let version = meta
        .get(SCHEMA_KEY)?
        .and_then(|v| v.as_slice().try_into().ok().map(u32::from_be_bytes))
        .unwrap_or(1);
    if version > SCHEMA {
        return Err(StoreError::NewerSchema {
            kind: "database",
            key: 0,
            found: version,
        });
    }
    if version == SCHEMA {
        return Ok(());
    }
    migrate_games(store)?;
    migrate_history(store)?;
    let bots = store.space(Tree::BotRecords);
    // bot_records: user → kind, user.
    rekey(&bots, 8, |key| {
        let mut new = vec![GameKind::Oaq.code()];
        new.extend_from_slice(key);
        new
    })?;
    // history_by_guild: guild, time, id → guild, kind, time, id.
    rekey(&store.by_guild, 24, with_kind_after_guild)?;
    // history_by_player: guild, user, time, id → guild, kind, user, time, id.
    rekey(&store.by_player, 32, with_kind_after_guild)?;
    store.flush()?;
    meta.insert(SCHEMA_KEY, &SCHEMA.to_be_bytes()[..])?;
    store.flush()?;
    Ok(())
}

fn with_kind_after_guild(key: &[u8]) -> Vec<u8> {
    let mut new = key[..8].to_vec();
    new.push(GameKind::Oaq.code());
    new.extend_from_slice(&key[8..]);
    new
}

fn migrate_games(store: &Store) -> Result<(), StoreError> {
    for item in store.games.iter() {
        let (key, bytes) = item?;
        let Some(envelope) = EnvelopeIn::read(&bytes).filter(|e| e.schema == 1) else {
            continue;
        };
        let id = key_id(&key);
        let game = match serde_json::from_value::<OldGame>(envelope.record)
            .map_err(|e| e.to_string())
            .and_then(OldGame::upgrade)
        {
            Ok(game) => game,
            Err(reason) => {
                tracing::warn!(id, %reason, "a schema-1 game cannot be migrated; left untouched");
                continue;
            }
        };
        let revision = envelope.revision;
        (&store.games, &store.parts).transaction(|(games, parts)| {
            // Only the record as read is replaced (nothing else writes while opening).
            if games.get(&key)?.as_deref() != Some(bytes.as_ref()) {
                return Ok(());
            }
            tx_write_game(games, parts, &game, revision, Had::default(), false)
        })?;
    }
    Ok(())
}

/// Archives every game that is over (no channel points at it), not archived yet, and whose
/// history entry holds its setup and moves. Anything else (a game that cannot be read, one
/// without a history entry or whose entry differs) is left as it is.
fn archive_finished(store: &Store) -> Result<(), StoreError> {
    for item in store.games.iter() {
        let (key, bytes) = item?;
        let id = GameId::new(key_id(&key));
        let Ok(head) = decode::<GameHead>(GAME, id, &bytes) else {
            continue;
        };
        if head.record.archived
            || store.channel(head.record.channel).ok().flatten() == Some(ChannelEntry::Game(id))
        {
            continue;
        }
        let (Ok(Some(stored)), Ok(Some(entry))) = (store.game(id), store.finished(id)) else {
            continue;
        };
        let (game, kept) = (stored.record, entry.record.game);
        if GameSetup::of(&game) != GameSetup::of(&kept) || game.moves != kept.moves {
            tracing::warn!(
                id = id.get(),
                "a finished game differs from its history entry; left as it is"
            );
            continue;
        }
        let had = Had {
            plies: head.record.plies,
            archived: false,
        };
        (&store.games, &store.parts).transaction(|(games, parts)| {
            // Only the record as read is replaced (nothing else writes while opening).
            if games.get(&key)?.as_deref() != Some(bytes.as_ref()) {
                return Ok(());
            }
            tx_write_game(games, parts, &game, head.revision, had, true)
        })?;
    }
    Ok(())
}

fn migrate_history(store: &Store) -> Result<(), StoreError> {
    let history = &store.history;
    for item in history.iter() {
        let (key, bytes) = item?;
        let Some(envelope) = EnvelopeIn::read(&bytes).filter(|e| e.schema == 1) else {
            continue;
        };
        let id = key_id(&key);
        let entry = match serde_json::from_value::<OldFinished>(envelope.record)
            .map_err(|e| e.to_string())
            .and_then(OldFinished::upgrade)
        {
            Ok(entry) => entry,
            Err(reason) => {
                tracing::warn!(id, %reason, "a schema-1 {FINISHED} cannot be migrated; left untouched");
                continue;
            }
        };
        let new = encode(envelope.revision, &entry);
        // Replaces exactly the bytes read.
        let replaced = history.transaction(|history| {
            if history.get(&key)?.as_ref() != Some(&bytes) {
                return Ok(false);
            }
            history.insert(&key, new.as_slice())?;
            Ok(true)
        })?;
        if !replaced {
            tracing::warn!(id, "a {FINISHED} changed while it was migrated");
        }
    }
    Ok(())
}

/// Moves every key of `tree` that is `old_len` bytes long to `new_key(key)`, with its value;
/// each in one transaction (the new key written, the old one removed).
fn rekey(tree: &Space, old_len: usize, new_key: fn(&[u8]) -> Vec<u8>) -> Result<(), StoreError> {
    for item in tree.iter() {
        let (key, value) = item?;
        if key.len() != old_len {
            continue;
        }
        let new = new_key(&key);
        tree.transaction(|tx| {
            tx.insert(new.as_slice(), value.clone())?;
            tx.remove(&key)?;
            Ok::<_, TxError>(())
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::with_kind_after_guild;

    #[test]
    fn the_kind_goes_after_the_guild() {
        let old: Vec<u8> = (0u8..24).collect();
        let new = with_kind_after_guild(&old);
        assert_eq!(new.len(), 25);
        assert_eq!(&new[..8], &old[..8]);
        assert_eq!(new[8], 1);
        assert_eq!(&new[9..], &old[8..]);
    }
}
