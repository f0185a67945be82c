//! Challenges, games and the channel index: a challenge is created with its channel marked
//! busy, becomes a game in one transaction, and every change of a game owes its board in the
//! transaction that makes it (see `outbox.rs`).

use super::backend::TxResult;
use super::codec::{decode, encode, Stored};
use super::error::StoreError;
use super::game_parts::{ply_key, tx_check_game, tx_write_game, Had};
use super::handle::Store;
use super::listed::{tx_list, tx_unlist};
use super::outbox::{note_entry, tx_owe_board, Note};
use super::records::{ChallengeRecord, ChannelEntry, GameHead, GameRecord, GameSetup};
use super::space::{Space, Transact, TxSpace};
use super::tx::{abort, free_channel, tx_check, tx_read, CHALLENGE, CHANNEL, GAME, PLY, SETUP};
use crate::ids::{ChallengeId, ChannelId, GameId};

impl Store {
    /// The game with this id, with its moves.
    pub fn game(&self, id: GameId) -> Result<Option<Stored<GameRecord>>, StoreError> {
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
    fn parts(&self, id: GameId, head: &GameHead) -> Result<(GameSetup, Vec<String>), StoreError> {
        let corrupt = |reason: String| StoreError::Corrupt {
            kind: PLY,
            key: id.get(),
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
        let mut stored = self.parts.scan_prefix(id.get().to_be_bytes());
        let setup = match stored.next() {
            Some(item) => {
                let (key, bytes) = item?;
                if key.as_ref() != id.get().to_be_bytes() {
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
    pub fn challenge(
        &self,
        id: ChallengeId,
    ) -> Result<Option<Stored<ChallengeRecord>>, StoreError> {
        Store::read(&self.challenges, CHALLENGE, id)
    }

    /// What the channel is busy with, if anything.
    pub fn channel(&self, channel: ChannelId) -> Result<Option<ChannelEntry>, StoreError> {
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
        let key = challenge.id.get().to_be_bytes();
        self.create_in_channel(
            &self.challenges,
            challenge.channel,
            ChannelEntry::Challenge(challenge.id),
            None,
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

    /// Stores the new record `entry` names in `tree` with `write` (given `tree` and the game
    /// parts) and marks `channel` busy with `entry`, in one transaction, flushed before
    /// returning; fails with [`StoreError::ChannelBusy`] if the channel already has a challenge
    /// or game. A new game (`listed`) is also listed among its server's running games and its
    /// board owed.
    pub(super) fn create_in_channel(
        &self,
        tree: &Space,
        channel: ChannelId,
        entry: ChannelEntry,
        listed: Option<&GameRecord>,
        write: &dyn Fn(&TxSpace<'_>, &TxSpace<'_>) -> TxResult<()>,
    ) -> Result<(), StoreError> {
        let (kind, id) = match entry {
            ChannelEntry::Challenge(id) => (CHALLENGE, id.get()),
            ChannelEntry::Game(id) => (GAME, id.get()),
        };
        let key = id.to_be_bytes();
        self.commit(|| {
            (
                tree,
                &self.parts,
                &self.channels,
                &self.outbox,
                &self.listed,
            )
                .transaction(|(records, parts, channels, outbox, running)| {
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
                    channels.insert(channel.get().to_be_bytes(), encode(1, &entry))?;
                    if let Some(game) = listed {
                        tx_list(running, game)?;
                        tx_owe_board(outbox, game.id, 1)?;
                    }
                    Ok(())
                })
        })?;
        if let Some(game) = listed {
            self.announce(game.id);
        }
        Ok(())
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
                challenges.insert(key.get().to_be_bytes(), encode(next, challenge))?;
                Ok(next)
            })
        })?;
        Ok(Stored {
            revision,
            record: challenge.clone(),
        })
    }

    /// Deletes a challenge read at revision `expected` and frees its channel.
    pub fn remove_challenge(&self, id: ChallengeId, expected: u64) -> Result<(), StoreError> {
        self.delete_challenge(id, expected, None)
    }

    /// Deletes a challenge read at revision `expected` whose time is up, frees its channel, and
    /// owes `note` (saying so on its message), in one transaction, flushed before returning.
    pub fn expire_challenge(
        &self,
        id: ChallengeId,
        expected: u64,
        note: &Note,
    ) -> Result<(), StoreError> {
        self.delete_challenge(id, expected, Some(note))
    }

    fn delete_challenge(
        &self,
        id: ChallengeId,
        expected: u64,
        note: Option<&Note>,
    ) -> Result<(), StoreError> {
        let owed = note.map(|note| note_entry(id.get(), note));
        self.commit(|| {
            (&self.challenges, &self.channels, &self.outbox).transaction(
                |(challenges, channels, outbox)| {
                    let stored = match tx_read::<ChallengeRecord>(challenges, CHALLENGE, id)? {
                        Some(stored) if stored.revision == expected => stored,
                        _ => {
                            return abort(StoreError::Conflict {
                                kind: CHALLENGE,
                                key: id.get(),
                                expected,
                            })
                        }
                    };
                    challenges.remove(id.get().to_be_bytes())?;
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
        challenge: ChallengeId,
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
                &self.listed,
            )
                .transaction(
                    |(challenges, games, parts, channels, outbox, running)| {
                        tx_check::<ChallengeRecord>(challenges, CHALLENGE, challenge, expected)?;
                        challenges.remove(challenge.get().to_be_bytes())?;
                        if games.get(game.id.get().to_be_bytes())?.is_some() {
                            return abort(StoreError::Conflict {
                                kind: GAME,
                                key: game.id.get(),
                                expected: 0,
                            });
                        }
                        tx_write_game(games, parts, game, 1, Had::default(), false)?;
                        channels.insert(
                            game.channel.get().to_be_bytes(),
                            encode(1, &ChannelEntry::Game(game.id)),
                        )?;
                        tx_list(running, game)?;
                        tx_owe_board(outbox, game.id, 1)?;
                        Ok(())
                    },
                )
        })?;
        self.announce(game.id);
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
            (
                &self.games,
                &self.parts,
                &self.channels,
                &self.outbox,
                &self.listed,
            )
                .transaction(|(games, parts, channels, outbox, running)| {
                    let (next, had) = tx_check_game(games, game.id.get(), expected)?;
                    tx_write_game(games, parts, game, next, had, false)?;
                    tx_owe_board(outbox, game.id, next)?;
                    if finished {
                        free_channel(channels, game.channel, ChannelEntry::Game(game.id))?;
                        tx_unlist(running, game)?;
                    }
                    Ok(next)
                })
        })?;
        self.announce(game.id);
        Ok(Stored {
            revision,
            record: game.clone(),
        })
    }
}
