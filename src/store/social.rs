//! Finished games, ratings and the leaderboard index.
//!
//! A game that ends is stored once, by [`Store::finish_game`], in one transaction that
//! writes the final game record, frees its channel, keeps a [`FinishedGame`] in the history
//! (indexed by guild and by player, newest first) and, for a rated game, updates both players'
//! [`RatingRecord`]s, their rating history and the leaderboard index. The history entry is the
//! marker that a game has been counted: a repeated finish of the same game never rates twice.
//!
//! The store holds no rating formula: the caller passes the function that turns the seats'
//! ratings and places into their new ratings.
//!
//! Keys (all integers big-endian, so byte order is numeric order):
//! - `ratings`: kind, guild, user → [`RatingRecord`]
//! - `leaderboard`: kind, guild, descending rating, user → nothing (ties: lower user id first)
//! - `leaderboard_sizes`: kind, guild → number of rated players
//! - `rating_points`: kind, guild, user, 0xFF, games played / `POINTS_PER_KEY` (see
//!   `social_keys.rs`) → up to that many [`RatingPoint`]s, oldest first (one key per point's
//!   run of games, so that a store's key count, which sled's memory follows, does not grow
//!   with every rated game). Releases before wrote one point per key (kind, guild, user,
//!   games played → [`RatingPoint`]); those keys sort before the runs and read as they are.
//! - `history`: game id → [`FinishedGame`]
//! - `history_by_guild`: guild, kind, inverted end time, inverted id → nothing
//! - `history_by_player`: guild (0 in direct messages), kind, user, inverted end time, inverted
//!   id → nothing

use serde::{Deserialize, Serialize};

use super::backend::TxResult;
use super::codec::{decode, encode, Stored};
use super::error::StoreError;
use super::game_parts::{tx_check_game, tx_write_game};
use super::handle::Store;
use super::listed::tx_unlist;
use super::outbox::tx_owe_board;
use super::play::{add_bot_result, BotResult, Score};
use super::records::{ChannelEntry, GameKind, GameRecord, Player};
use super::social_keys::{
    board_key, board_prefix, guild_history_key, guild_history_prefix, id_of_history_key,
    player_history_key, player_key, point_key,
};
use super::space::{Space, Transact, TxSpace};
use super::tx::{abort, free_channel, tx_read};
use crate::ids::{GameId, GuildId, UserId};

const RATING: &str = "rating";
const POINT: &str = "rating point";
pub(super) const FINISHED: &str = "finished game";

/// A Glicko-2 rating as stored (the formula lives with the caller).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    /// The rating (1500 for a newcomer on the usual scale).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is.
    pub deviation: f64,
    /// The volatility: how erratic the player's results are.
    pub volatility: f64,
}

/// A player's standing in one guild for one game kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingRecord {
    /// The user's snowflake.
    pub user: UserId,
    /// The name shown in their latest rated game.
    pub name: String,
    /// The current rating.
    pub glicko: Glicko,
    /// Rated games won.
    pub wins: u32,
    /// Rated games drawn.
    pub draws: u32,
    /// Rated games lost.
    pub losses: u32,
    /// When their latest rated game ended (milliseconds since the Unix epoch).
    pub last_ms: u64,
}

impl RatingRecord {
    /// Rated games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// One point of a player's rating history: the rating after a rated game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The game that produced it.
    pub game: GameId,
    /// When that game ended.
    pub at_ms: u64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// How one player's rating moved in a game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before the game.
    pub before: Glicko,
    /// The rating after it.
    pub after: Glicko,
}

/// A game that has ended, as kept in the history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// The final game record: seats, rules, start position, moves, resignations or timeouts.
    pub game: GameRecord,
    /// Each seat's place, 0 for first; equal numbers tie (Ô ăn quan: South won `[0, 1]`,
    /// North won `[1, 0]`, a draw `[0, 0]`).
    pub places: Vec<u8>,
    /// When the game ended (milliseconds since the Unix epoch).
    pub finished_ms: u64,
    /// Each seat's rating change, in seat order, for a rated game; `None` for a seat the
    /// computer played (games stored before computers shared a table with several people
    /// have a change for every seat).
    pub ratings: Option<Vec<Option<RatingChange>>>,
}

impl FinishedGame {
    /// The guild whose ratings this game moves: only games in a guild between at least two
    /// different people are rated, never games in direct messages or of one person against
    /// the computer. Computer seats at a table of several people are left out of the rating
    /// (see [`FinishedGame::rated_seats`]).
    pub fn rated_in(&self) -> Option<GuildId> {
        let seats = self.rated_seats();
        let people: Vec<UserId> = seats.iter().map(|&s| self.game.seats[s].id).collect();
        let distinct = people.len() >= 2
            && people
                .iter()
                .enumerate()
                .all(|(i, a)| !people[..i].contains(a));
        self.game.guild.filter(|_| distinct)
    }

    /// The seats a rating counts: the people's, in seat order.
    pub fn rated_seats(&self) -> Vec<usize> {
        (0..self.game.seats.len())
            .filter(|&s| self.game.seats[s].computer.is_none())
            .collect()
    }

    /// The places of the rated seats among themselves (0 first; equal places tie), in the
    /// order of [`FinishedGame::rated_seats`].
    pub fn rated_places(&self) -> Vec<u8> {
        self.rated_seats()
            .iter()
            .map(|&s| self.places.get(s).copied().unwrap_or(u8::MAX))
            .collect()
    }

    /// The rating change of `seat`, if the game was rated and the seat a person's.
    pub fn rating_of(&self, seat: usize) -> Option<&RatingChange> {
        self.ratings.as_ref()?.get(seat)?.as_ref()
    }

    /// How the game went for `seat` (see [`score`]).
    pub fn score_of(&self, seat: usize) -> Option<Score> {
        score(&self.places, seat)
    }
}

/// How a game with these places (0 first; equal places tie) went for `seat`: a draw when every
/// seat shares one place; otherwise a win for the seats in first place (shared or not), a loss
/// for the others. `None` for a seat the game did not have.
pub fn score(places: &[u8], seat: usize) -> Option<Score> {
    let place = *places.get(seat)?;
    let first = places.iter().copied().min()?;
    Some(if places.iter().all(|&p| p == first) {
        Score::Draw
    } else if place == first {
        Score::Win
    } else {
        Score::Loss
    })
}

/// One page of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardPage {
    /// Rated players in the guild.
    pub total: u64,
    /// The page's players with their 1-based rank, best first.
    pub rows: Vec<(u64, RatingRecord)>,
}

/// A value of `rating_points`: a run of points, or one point (earlier releases).
#[derive(Deserialize)]
#[serde(untagged)]
enum Points {
    Run(Vec<RatingPoint>),
    One(RatingPoint),
}

/// The rating function: every seat's current rating (`None` before a first rated game) and
/// place (as [`FinishedGame::places`]); returns every seat's change, in seat order.
pub type RateFn<'a> = &'a dyn Fn(&[Option<Glicko>], &[u8]) -> Vec<RatingChange>;

/// What the rating part of the transaction reads and writes.
struct RatingTrees<'t> {
    ratings: &'t TxSpace<'t>,
    leaderboard: &'t TxSpace<'t>,
    sizes: &'t TxSpace<'t>,
    points: &'t TxSpace<'t>,
}

impl RatingTrees<'_> {
    /// Rates a game in `guild` among its people; returns every seat's change, in seat order
    /// (`None` for a computer's seat).
    fn rate(
        &self,
        guild: GuildId,
        finished: &FinishedGame,
        rate: RateFn<'_>,
    ) -> TxResult<Vec<Option<RatingChange>>> {
        let kind = finished.game.kind;
        let rated = finished.rated_seats();
        let places = finished.rated_places();
        let players: Vec<&Player> = rated.iter().map(|&s| &finished.game.seats[s]).collect();
        let mut old: Vec<Option<Stored<RatingRecord>>> = Vec::with_capacity(players.len());
        for player in &players {
            let user = player.id;
            old.push(match self.ratings.get(player_key(kind, guild, user))? {
                None => None,
                Some(bytes) => match decode::<RatingRecord>(RATING, user, &bytes) {
                    Ok(stored) => Some(stored),
                    Err(e) => return abort(e),
                },
            });
        }
        let current: Vec<Option<Glicko>> = old
            .iter()
            .map(|r| r.as_ref().map(|r| r.record.glicko))
            .collect();
        let changes = rate(&current, &places);
        if changes.len() != players.len() || finished.places.len() != finished.game.seats.len() {
            return abort(StoreError::Corrupt {
                kind: FINISHED,
                key: finished.game.id.get(),
                reason: format!(
                    "{} seats, {} places, {} rating changes",
                    finished.game.seats.len(),
                    finished.places.len(),
                    changes.len()
                ),
            });
        }
        for (seat, player) in players.iter().enumerate() {
            let previous = old[seat].as_ref();
            let after = changes[seat].after;
            let mut record = previous.map(|p| p.record.clone()).unwrap_or(RatingRecord {
                user: player.id,
                name: player.name.clone(),
                glicko: after,
                wins: 0,
                draws: 0,
                losses: 0,
                last_ms: 0,
            });
            match score(&places, seat) {
                Some(Score::Draw) => record.draws += 1,
                Some(Score::Win) => record.wins += 1,
                _ => record.losses += 1,
            }
            record.name = player.name.clone();
            record.glicko = after;
            record.last_ms = finished.finished_ms;
            match previous {
                Some(p) => {
                    self.leaderboard.remove(board_key(
                        kind,
                        guild,
                        p.record.glicko.rating,
                        player.id,
                    ))?;
                }
                None => {
                    let size_key = board_prefix(kind, guild);
                    let size = match self.sizes.get(&size_key)? {
                        Some(bytes) => bytes
                            .as_slice()
                            .try_into()
                            .map(u64::from_be_bytes)
                            .unwrap_or(0),
                        None => 0,
                    };
                    self.sizes.insert(size_key, &(size + 1).to_be_bytes()[..])?;
                }
            }
            self.leaderboard
                .insert(board_key(kind, guild, after.rating, player.id), &[][..])?;
            let point = RatingPoint {
                game: finished.game.id,
                at_ms: finished.finished_ms,
                rating: after.rating,
                deviation: after.deviation,
            };
            let key = point_key(kind, guild, player.id, record.games());
            let (revision, mut run) = match self.points.get(&key)? {
                None => (1, Vec::new()),
                Some(bytes) => match decode::<Points>(POINT, player.id, &bytes) {
                    Ok(Stored {
                        revision,
                        record: Points::Run(run),
                    }) => (revision + 1, run),
                    Ok(_) => {
                        return abort(StoreError::Corrupt {
                            kind: POINT,
                            key: player.id.get(),
                            reason: String::from("one point where a run was expected"),
                        })
                    }
                    Err(error) => return abort(error),
                },
            };
            run.push(point);
            self.points.insert(key, encode(revision, &run))?;
            let revision = previous.map_or(1, |p| p.revision + 1);
            self.ratings.insert(
                player_key(kind, guild, player.id),
                encode(revision, &record),
            )?;
        }
        let mut by_seat = vec![None; finished.game.seats.len()];
        for (&seat, change) in rated.iter().zip(changes) {
            by_seat[seat] = Some(change);
        }
        Ok(by_seat)
    }
}

impl Store {
    /// Ends a game read at revision `expected`: in one transaction the final record is written
    /// (and its board owed), its channel freed, the game kept in the history, when
    /// [`FinishedGame::rated_in`] a guild every player rated with `rate` on the game kind's
    /// leaderboard, and `bot` (people's results against the computer) added to their records
    /// for the game's kind. Returns the stored game and the history entry (with
    /// its rating changes). If the history already holds this game (a repeated finish),
    /// nothing is rated or counted again and the existing entry is returned.
    pub fn finish_game(
        &self,
        expected: u64,
        finished: &FinishedGame,
        rate: RateFn<'_>,
        bot: impl IntoIterator<Item = BotResult>,
    ) -> Result<(Stored<GameRecord>, Stored<FinishedGame>), StoreError> {
        let bot: Vec<BotResult> = bot.into_iter().collect();
        let t = self;
        let bots = self.bot_tree();
        let game = &finished.game;
        let id = game.id;
        let (revision, entry) = self.commit(|| {
            (
                &self.games,
                &self.parts,
                &self.channels,
                &self.outbox,
                &self.listed,
                &t.history,
                &t.by_guild,
                &t.by_player,
                &t.ratings,
                &t.leaderboard,
                &t.sizes,
                &t.points,
                &bots,
            )
                .transaction(
                    |(
                        games,
                        parts,
                        channels,
                        outbox,
                        running,
                        history,
                        by_guild,
                        by_player,
                        ratings,
                        leaderboard,
                        sizes,
                        points,
                        bots,
                    )| {
                        let (next, had) = tx_check_game(games, id.get(), expected)?;
                        tx_write_game(games, parts, game, next, had, true)?;
                        tx_owe_board(outbox, id, next)?;
                        free_channel(channels, game.channel, ChannelEntry::Game(id))?;
                        tx_unlist(running, game)?;
                        if let Some(existing) = tx_read::<FinishedGame>(history, FINISHED, id)? {
                            return Ok((next, existing));
                        }
                        let mut entry = finished.clone();
                        entry.ratings = match entry.rated_in() {
                            Some(guild) => Some(
                                RatingTrees {
                                    ratings,
                                    leaderboard,
                                    sizes,
                                    points,
                                }
                                .rate(guild, &entry, rate)?,
                            ),
                            None => None,
                        };
                        for result in &bot {
                            add_bot_result(bots, game.kind, *result)?;
                        }
                        history.insert(id.get().to_be_bytes(), encode(1, &entry))?;
                        let guild = game.guild.map_or(0, GuildId::get);
                        let (kind, at) = (game.kind, entry.finished_ms);
                        if game.guild.is_some() {
                            by_guild.insert(guild_history_key(guild, kind, at, id), &[][..])?;
                        }
                        for player in &game.seats {
                            by_player.insert(
                                player_history_key(guild, kind, player.id, at, id),
                                &[][..],
                            )?;
                        }
                        Ok((
                            next,
                            Stored {
                                revision: 1,
                                record: entry,
                            },
                        ))
                    },
                )
        })?;
        self.announce(id);
        Ok((
            Stored {
                revision,
                record: game.clone(),
            },
            entry,
        ))
    }

    /// The history entry of a finished game.
    pub fn finished(&self, id: GameId) -> Result<Option<Stored<FinishedGame>>, StoreError> {
        Store::read(&self.history, FINISHED, id)
    }

    fn history_list(
        &self,
        index: &Space,
        prefix: Vec<u8>,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let mut games = Vec::new();
        for item in index.scan_prefix(prefix).keys().take(limit) {
            let key = item?;
            let Some(id) = id_of_history_key(&key) else {
                continue;
            };
            if let Some(stored) = self.finished(id)? {
                games.push(stored.record);
            }
        }
        Ok(games)
    }

    /// The latest `limit` finished games of `kind` in a guild, newest first.
    pub fn recent_in_guild(
        &self,
        guild: GuildId,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let prefix = guild_history_prefix(guild.get(), kind);
        self.history_list(&self.by_guild, prefix, limit)
    }

    /// The latest `limit` finished games of `kind` of `user` in a guild (`None`: direct
    /// messages), newest first.
    pub fn recent_of(
        &self,
        guild: Option<GuildId>,
        kind: GameKind,
        user: UserId,
        limit: usize,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let mut prefix = guild_history_prefix(guild.map_or(0, GuildId::get), kind);
        prefix.extend_from_slice(&user.get().to_be_bytes());
        self.history_list(&self.by_player, prefix, limit)
    }

    /// A player's rating in a guild, if they have played a rated game there.
    pub fn rating(
        &self,
        kind: GameKind,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<Stored<RatingRecord>>, StoreError> {
        self.ratings
            .get(player_key(kind, guild, user))?
            .map(|bytes| decode(RATING, user, &bytes))
            .transpose()
    }

    /// A player's 1-based rank on a guild's leaderboard (ties ranked by user id), if rated.
    pub fn rank(
        &self,
        kind: GameKind,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<u64>, StoreError> {
        let Some(stored) = self.rating(kind, guild, user)? else {
            return Ok(None);
        };
        let start = board_prefix(kind, guild);
        let end = board_key(kind, guild, stored.record.glicko.rating, user);
        let mut ahead = 0u64;
        for item in self.leaderboard.range(start..end).keys() {
            item?;
            ahead += 1;
        }
        Ok(Some(ahead + 1))
    }

    /// A player's rating after each of their rated games in a guild, oldest first.
    pub fn rating_points(
        &self,
        kind: GameKind,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let mut points = Vec::new();
        for bytes in self
            .points
            .scan_prefix(player_key(kind, guild, user))
            .values()
        {
            match decode::<Points>(POINT, user, &bytes?)?.record {
                Points::Run(run) => points.extend(run),
                Points::One(point) => points.push(point),
            }
        }
        Ok(points)
    }

    /// Page `page` (0-based) of a guild's leaderboard, `per_page` players a page, best first.
    /// Players with equal ratings are ranked by user id.
    pub fn leaderboard(
        &self,
        kind: GameKind,
        guild: GuildId,
        page: u64,
        per_page: usize,
    ) -> Result<LeaderboardPage, StoreError> {
        let prefix = board_prefix(kind, guild);
        let total = match self.sizes.get(&prefix)? {
            Some(bytes) => bytes
                .as_slice()
                .try_into()
                .map(u64::from_be_bytes)
                .unwrap_or(0),
            None => 0,
        };
        let skip = page.saturating_mul(per_page as u64);
        let mut rows = Vec::with_capacity(per_page);
        let keys = self.leaderboard.scan_prefix(&prefix).keys();
        for (index, item) in keys.skip(skip as usize).take(per_page).enumerate() {
            let key = item?;
            let user: [u8; 8] =
                key[key.len().saturating_sub(8)..]
                    .try_into()
                    .map_err(|_| StoreError::Corrupt {
                        kind: "leaderboard",
                        key: guild.get(),
                        reason: String::from("short key"),
                    })?;
            let user = UserId::new(u64::from_be_bytes(user));
            if let Some(stored) = self.rating(kind, guild, user)? {
                rows.push((skip + index as u64 + 1, stored.record));
            }
        }
        Ok(LeaderboardPage { total, rows })
    }
}
