//! The running games of each server, so that `/… games` reads the games of one server and kind
//! only: its cost follows the server, not the whole bot.
//!
//! Keys (integers big-endian): `running_by_guild`: guild, kind, game id → nothing. A game is
//! listed in the transaction that gives it its channel (a new game, or a challenge accepted)
//! and unlisted in the one that frees the channel (the game's end), so the list and the channel
//! index never disagree. A game outside a server (a direct message) is not listed. The guild
//! and the kind of a game never change, so its key does not either.
//!
//! A database written before this index existed gets it once, on open ([`Store::list_running`],
//! recorded in the `meta` tree under `running listed`): each game that holds a channel is
//! listed in a transaction that checks it still does.

use super::backend::TxResult;
use super::error::StoreError;
use super::handle::Store;
use super::records::{ChannelEntry, GameKind, GameRecord};
use super::space::{Space, Transact, TxSpace};
use super::tx::{tx_read, CHANNEL};
use crate::ids::{GameId, GuildId};

/// The `meta` key that says the running games of older releases are listed.
const LISTED_KEY: &[u8] = b"running listed";

/// The prefix of the keys of `guild`'s running games of `kind`.
fn prefix(guild: GuildId, kind: GameKind) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[..8].copy_from_slice(&guild.get().to_be_bytes());
    key[8] = kind.code();
    key
}

/// The key of `game` in its server's list, `None` for a game outside a server.
fn key(game: &GameRecord) -> Option<[u8; 17]> {
    let guild = game.guild?;
    let mut key = [0u8; 17];
    key[..9].copy_from_slice(&prefix(guild, game.kind));
    key[9..].copy_from_slice(&game.id.get().to_be_bytes());
    Some(key)
}

/// Lists `game` among its server's running games, inside a transaction.
pub(super) fn tx_list(listed: &TxSpace<'_>, game: &GameRecord) -> TxResult<()> {
    match key(game) {
        Some(key) => listed.insert(key, [0u8; 0]),
        None => Ok(()),
    }
}

/// Takes `game` off its server's running games, inside a transaction.
pub(super) fn tx_unlist(listed: &TxSpace<'_>, game: &GameRecord) -> TxResult<()> {
    match key(game) {
        Some(key) => listed.remove(key),
        None => Ok(()),
    }
}

impl Store {
    /// The ids of the games of `kind` being played in `guild`, oldest first.
    pub fn running_in_guild(
        &self,
        guild: GuildId,
        kind: GameKind,
    ) -> Result<Vec<GameId>, StoreError> {
        self.listed
            .scan_prefix(prefix(guild, kind))
            .map(|item| {
                let (key, _) = item?;
                let id = key
                    .get(9..17)
                    .and_then(|b| b.try_into().ok())
                    .map(|b| GameId::new(u64::from_be_bytes(b)));
                id.ok_or_else(|| StoreError::Corrupt {
                    kind: "running game list entry",
                    key: guild.get(),
                    reason: format!("a key of {} bytes instead of 17", key.len()),
                })
            })
            .collect()
    }

    /// Lists, once per database, the running games of a database written before the list
    /// existed (see the module's doc); flushed before it is marked done.
    pub(super) fn list_running(&self) -> Result<(), StoreError> {
        if self.meta.get(LISTED_KEY)?.is_some() {
            return Ok(());
        }
        for id in self.running_games() {
            // A damaged channel entry or game is left as it is, and reported when read.
            let Ok(Some(stored)) = id.and_then(|id| self.game(id)) else {
                continue;
            };
            list_if_running(&self.channels, &self.listed, &stored.record)?;
        }
        self.flush()?;
        self.meta.insert(LISTED_KEY, [1u8])?;
        self.flush()
    }
}

/// Lists `game` if it still holds its channel, in one transaction (another process may end it
/// meanwhile).
fn list_if_running(channels: &Space, listed: &Space, game: &GameRecord) -> Result<(), StoreError> {
    (channels, listed).transaction(|(channels, listed)| {
        match tx_read::<ChannelEntry>(channels, CHANNEL, game.channel)? {
            Some(entry) if entry.record == ChannelEntry::Game(game.id) => tx_list(listed, game),
            _ => Ok(()),
        }
    })
}
