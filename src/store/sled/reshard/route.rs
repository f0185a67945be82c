//! Where each record goes: the server a record belongs to, read from its key, its contents, or
//! the challenge, game or tournament it names (see the module documentation of `reshard`).

use std::collections::HashMap;

use serde_json::Value;

use crate::store::codec::{decode, EnvelopeIn};
use crate::store::outbox::{Note, Owed, OwedKey, OwedWrite};
use crate::store::play::BotRecord;
use crate::store::records::ChannelEntry;
use crate::store::tree::Tree;

/// Orders two tallies of one person against the computer: more games first, then the later
/// revision, then the bytes (so that every run picks the same one). A damaged tally ranks
/// below any readable one.
pub(super) fn tally_rank(bytes: &[u8]) -> (u64, u64, Vec<u8>) {
    let (games, revision) = decode::<BotRecord>("bot record", 0u64, bytes)
        .map(|s| {
            let games = s
                .record
                .tallies
                .iter()
                .map(|t| u64::from(t.wins) + u64::from(t.draws) + u64::from(t.losses))
                .sum();
            (games, s.revision)
        })
        .unwrap_or((0, 0));
    (games, revision, bytes.to_vec())
}

/// A key in hexadecimal, for reports.
pub(super) fn hex(key: &[u8]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// The big-endian u64 in `key[at..at + 8]`.
fn u64_at(key: &[u8], at: usize) -> Option<u64> {
    key.get(at..at + 8)?.try_into().ok().map(u64::from_be_bytes)
}

/// The record inside a JSON envelope.
fn record_of(bytes: &[u8]) -> Option<Value> {
    serde_json::from_slice::<EnvelopeIn>(bytes)
        .ok()
        .map(|e| e.record)
}

/// A record's `guild` field: `Some(None)` for a direct message, `None` if it has none.
fn guild_field(record: &Value) -> Option<Option<u64>> {
    match record.get("guild")? {
        Value::Null => Some(None),
        guild => guild.as_u64().map(Some),
    }
}

/// Where the challenges, games, tournaments and channels of all the stores are played.
#[derive(Default)]
pub(super) struct Index {
    games: HashMap<u64, Option<u64>>,
    challenges: HashMap<u64, Option<u64>>,
    tournaments: HashMap<u64, Option<u64>>,
    channels: HashMap<u64, Option<u64>>,
}

impl Index {
    /// The index of `records`: each one's key space, key and contents.
    pub(super) fn of<'a>(records: impl Iterator<Item = (Tree, &'a [u8], &'a [u8])>) -> Index {
        let mut index = Index::default();
        let mut heads = Vec::new();
        for (tree, key, bytes) in records {
            let Some(value) = record_of(bytes) else {
                continue;
            };
            match tree {
                // A game's setup: its key is the game id alone.
                Tree::GameParts if key.len() == 8 => {
                    if let (Some(id), Some(guild)) = (u64_at(key, 0), guild_field(&value)) {
                        index.games.insert(id, guild);
                    }
                }
                Tree::Tournaments => {
                    if let (Some(id), Some(guild)) = (u64_at(key, 0), guild_field(&value)) {
                        index.tournaments.insert(id, guild);
                    }
                }
                Tree::Challenges => {
                    if let (Some(id), Some(guild)) = (u64_at(key, 0), guild_field(&value)) {
                        index.challenges.insert(id, guild);
                        if let Some(channel) = value.get("channel").and_then(Value::as_u64) {
                            index.channels.insert(channel, guild);
                        }
                    }
                }
                Tree::History => {
                    let game = value.get("game");
                    let guild = game.and_then(guild_field);
                    let id = game.and_then(|g| g.get("id")).and_then(Value::as_u64);
                    let channel = game.and_then(|g| g.get("channel")).and_then(Value::as_u64);
                    if let (Some(id), Some(guild)) = (id, guild) {
                        index.games.entry(id).or_insert(guild);
                        if let Some(channel) = channel {
                            index.channels.insert(channel, guild);
                        }
                    }
                }
                Tree::Games => {
                    if let (Some(id), Some(channel)) =
                        (u64_at(key, 0), value.get("channel").and_then(Value::as_u64))
                    {
                        heads.push((id, channel));
                    }
                }
                _ => {}
            }
        }
        // Running games last: a channel's latest game says best where it is.
        for (id, channel) in heads {
            if let Some(&guild) = index.games.get(&id) {
                index.channels.insert(channel, guild);
            }
        }
        index
    }

    fn game(&self, id: Option<u64>) -> Result<Option<u64>, &'static str> {
        id.and_then(|id| self.games.get(&id).copied())
            .ok_or("its game's setup is missing or damaged")
    }

    /// The guild of the record `key` → `bytes` of tree `tree` (`None`: direct messages), or
    /// why it cannot be told.
    pub(super) fn home(
        &self,
        tree: Tree,
        key: &[u8],
        bytes: &[u8],
    ) -> Result<Option<u64>, &'static str> {
        let in_key = |at: usize| u64_at(key, at).ok_or("its key is malformed");
        match tree {
            Tree::Games | Tree::GameParts => self.game(u64_at(key, 0)),
            Tree::Challenges => record_of(bytes)
                .as_ref()
                .and_then(guild_field)
                .ok_or("the challenge is damaged"),
            Tree::Tournaments => record_of(bytes)
                .as_ref()
                .and_then(guild_field)
                .ok_or("the tournament is damaged"),
            Tree::Channels => {
                let entry = decode::<ChannelEntry>("channel", 0u64, bytes)
                    .map_err(|_| "the channel entry is damaged")?;
                let found = match entry.record {
                    ChannelEntry::Game(id) => self.games.get(&id.get()),
                    ChannelEntry::Challenge(id) => self.challenges.get(&id.get()),
                };
                found
                    .or_else(|| u64_at(key, 0).and_then(|c| self.channels.get(&c)))
                    .copied()
                    .ok_or("its challenge or game is gone")
            }
            Tree::Outbox => {
                let owed = decode::<Owed>("outbox entry", 0u64, bytes)
                    .map_err(|_| "the outbox entry is damaged")?;
                match (OwedKey::from_bytes(key), owed.record.write) {
                    (_, OwedWrite::Board { game, .. }) => self.game(Some(game.get())),
                    (_, OwedWrite::Tournament { tournament, .. }) => self
                        .tournaments
                        .get(&tournament.get())
                        .copied()
                        .ok_or("its tournament is missing or damaged"),
                    (
                        _,
                        OwedWrite::Note(Note {
                            guild: Some(guild), ..
                        }),
                    ) => Ok(Some(guild.get())),
                    (Some(OwedKey::Note(id)), OwedWrite::Note(note)) => self
                        .games
                        .get(&id)
                        .or_else(|| self.challenges.get(&id))
                        .or_else(|| self.channels.get(&note.channel.get()))
                        .copied()
                        .ok_or("no record tells the server of its channel"),
                    _ => Err("its key is malformed"),
                }
            }
            Tree::Ratings | Tree::Leaderboard | Tree::LeaderboardSizes | Tree::RatingPoints => {
                in_key(1).map(Some)
            }
            Tree::History => record_of(bytes)
                .as_ref()
                .and_then(|r| r.get("game"))
                .and_then(guild_field)
                .ok_or("the finished game is damaged"),
            Tree::HistoryByGuild | Tree::GuildSettings | Tree::RunningByGuild => {
                in_key(0).map(Some)
            }
            // Direct messages are kept under guild 0.
            Tree::HistoryByPlayer => in_key(0).map(|g| (g != 0).then_some(g)),
            // Copied to every store, never routed; the bookkeeping is each store's own.
            Tree::BotRecords | Tree::Meta => Err("reshard does not route this tree"),
        }
    }
}
