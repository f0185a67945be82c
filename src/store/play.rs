//! Records for playing the computer: each user's tally against the computer opponent's
//! levels, per game kind (added when a game ends, in the transaction of `social.rs`), and the
//! list of running games the timeout sweep and the start-up resume walk through.

use serde::{Deserialize, Serialize};

use super::backend::TxResult;
use super::codec::{decode, encode, Stored};
use super::error::StoreError;
use super::game_parts::{tx_check_game, tx_write_game, Had};
use super::handle::Store;
use super::outbox::tx_owe_board;
use super::records::{ChannelEntry, GameKind, GameRecord, Level};
use super::space::{Space, Transact, TxSpace};
use super::tree::Tree;
use super::tx::{abort, free_channel, tx_read, CHANNEL};
use crate::ids::{ChannelId, GameId, UserId};

const BOT_RECORD: &str = "bot record";

/// The key of `user`'s record against the computer in games of `kind`.
pub(super) fn bot_key(kind: GameKind, user: UserId) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[0] = kind.code();
    key[1..].copy_from_slice(&user.get().to_be_bytes());
    key
}

/// How a finished game went for the person who played the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// The person won.
    Win,
    /// A draw.
    Draw,
    /// The computer won.
    Loss,
}

/// A person's results against one level of the computer opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotTally {
    /// The level played.
    pub level: Level,
    /// Games the person won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the computer won.
    pub losses: u32,
}

/// A person's results against the computer opponent, per level. Kept apart from anything
/// rated: games against the computer never count for the human leaderboard.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotRecord {
    /// One tally per level played, in the order first played.
    pub tallies: Vec<BotTally>,
}

impl BotRecord {
    /// The tally against `level` (all zero if never played).
    pub fn tally(&self, level: Level) -> BotTally {
        self.tallies
            .iter()
            .copied()
            .find(|t| t.level == level)
            .unwrap_or(BotTally {
                level,
                wins: 0,
                draws: 0,
                losses: 0,
            })
    }

    fn add(&mut self, level: Level, score: Score) {
        let index = match self.tallies.iter().position(|t| t.level == level) {
            Some(index) => index,
            None => {
                self.tallies.push(self.tally(level));
                self.tallies.len() - 1
            }
        };
        let tally = &mut self.tallies[index];
        match score {
            Score::Win => tally.wins += 1,
            Score::Draw => tally.draws += 1,
            Score::Loss => tally.losses += 1,
        }
    }
}

/// The result of a game against the computer, to add to the person's [`BotRecord`] for the
/// game's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotResult {
    /// The person's user id.
    pub user: UserId,
    /// The computer's level.
    pub level: Level,
    /// How it went for the person.
    pub score: Score,
}

impl Store {
    pub(super) fn bot_tree(&self) -> Space {
        self.space(Tree::BotRecords)
    }

    /// The user's results against the computer opponent in games of `kind`.
    pub fn bot_record(&self, kind: GameKind, user: UserId) -> Result<BotRecord, StoreError> {
        let tree = self.bot_tree();
        Ok(tree
            .get(bot_key(kind, user))?
            .map(|bytes| decode::<BotRecord>(BOT_RECORD, user, &bytes))
            .transpose()?
            .map(|s| s.record)
            .unwrap_or_default())
    }

    /// The ids of the games being played (one per busy channel); a damaged index entry is
    /// returned as an error, in place.
    pub fn running_games(&self) -> Vec<Result<GameId, StoreError>> {
        self.channels
            .iter()
            .filter_map(|item| {
                let (key, bytes) = match item {
                    Ok(pair) => pair,
                    Err(error) => return Some(Err(error)),
                };
                let mut id = [0u8; 8];
                if key.len() == 8 {
                    id.copy_from_slice(&key);
                }
                match decode::<ChannelEntry>(CHANNEL, u64::from_be_bytes(id), &bytes) {
                    Ok(Stored {
                        record: ChannelEntry::Game(game),
                        ..
                    }) => Some(Ok(game)),
                    Ok(_) => None,
                    Err(error) => Some(Err(error)),
                }
            })
            .collect()
    }
}

/// Adds a person's result against the computer in a game of `kind` to their record, inside a
/// transaction.
pub(super) fn add_bot_result(
    bots: &TxSpace<'_>,
    kind: GameKind,
    result: BotResult,
) -> TxResult<()> {
    let key = bot_key(kind, result.user);
    let stored = match bots.get(key)? {
        None => None,
        Some(bytes) => match decode::<BotRecord>(BOT_RECORD, result.user, &bytes) {
            Ok(stored) => Some(stored),
            Err(e) => return abort(e),
        },
    };
    let (revision, mut record) = match stored {
        Some(s) => (s.revision + 1, s.record),
        None => (1, BotRecord::default()),
    };
    record.add(result.level, result.score);
    bots.insert(key, encode(revision, &record))?;
    Ok(())
}

impl Store {
    /// Stores a new game that starts without a challenge (against the computer, or a rematch
    /// of one) and marks its channel busy; fails with [`StoreError::ChannelBusy`] if the
    /// channel already has a challenge or game.
    pub fn create_game(&self, game: &GameRecord) -> Result<Stored<GameRecord>, StoreError> {
        self.create_in_channel(
            &self.games,
            game.channel,
            ChannelEntry::Game(game.id),
            Some(game),
            &|games, parts| tx_write_game(games, parts, game, 1, Had::default(), false),
        )?;
        Ok(Stored {
            revision: 1,
            record: game.clone(),
        })
    }
}

impl Store {
    /// Replaces a game read at revision `expected` whose channel changed from `from` (to the
    /// thread it is now played in): the channel index follows and the board is owed (to post
    /// anew), in the same transaction.
    pub fn move_game(
        &self,
        expected: u64,
        game: &GameRecord,
        from: ChannelId,
    ) -> Result<Stored<GameRecord>, StoreError> {
        let revision = self.commit(|| {
            (&self.games, &self.parts, &self.channels, &self.outbox).transaction(
                |(games, parts, channels, outbox)| {
                    let (next, had) = tx_check_game(games, game.id.get(), expected)?;
                    tx_write_game(games, parts, game, next, had, false)?;
                    tx_owe_board(outbox, game.id, next)?;
                    if game.channel != from {
                        if let Some(entry) =
                            tx_read::<ChannelEntry>(channels, CHANNEL, game.channel)?
                        {
                            return abort(StoreError::ChannelBusy {
                                channel: game.channel,
                                entry: entry.record,
                            });
                        }
                        free_channel(channels, from, ChannelEntry::Game(game.id))?;
                        channels.insert(
                            game.channel.get().to_be_bytes(),
                            encode(1, &ChannelEntry::Game(game.id)),
                        )?;
                    }
                    Ok(next)
                },
            )
        })?;
        self.announce(game.id);
        Ok(Stored {
            revision,
            record: game.clone(),
        })
    }
}
