//! Typed ids: one type per kind of id, so that a game id cannot be passed where a channel id
//! is expected (as twilight's `Id<Marker>` does for Discord's snowflakes).
//!
//! An [`Id`] is a `u64` and a kind. It is stored, printed and parsed exactly as its number:
//! serde reads and writes the bare number (so records written before ids were typed read the
//! same), and `Display`, `Debug` and `FromStr` use the decimal number (so custom ids, logs and
//! command options are unchanged).
//!
//! The kinds are of two origins:
//! - Discord's snowflakes: [`UserId`], [`GuildId`], [`ChannelId`] (a thread is a channel),
//!   [`MessageId`];
//! - the store's record ids (see `store/ids.rs`): [`GameId`], [`ChallengeId`], [`LobbyId`],
//!   [`TournamentId`].

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::num::ParseIntError;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An id of kind `K` (one of the marker types of this module).
pub struct Id<K> {
    value: u64,
    kind: PhantomData<fn() -> K>,
}

impl<K> Id<K> {
    /// The id with this number.
    pub const fn new(value: u64) -> Self {
        Id {
            value,
            kind: PhantomData,
        }
    }

    /// The id's number.
    pub const fn get(self) -> u64 {
        self.value
    }

    /// The same number as an id of another kind, where the two kinds share their numbers
    /// (a game started from a challenge keeps the challenge's id).
    pub const fn cast<L>(self) -> Id<L> {
        Id::new(self.value)
    }
}

// Written by hand rather than derived: a derive would require the marker to implement each
// trait, and would print the phantom field.
impl<K> Clone for Id<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for Id<K> {}

impl<K> PartialEq for Id<K> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<K> Eq for Id<K> {}

impl<K> PartialOrd for Id<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<K> Ord for Id<K> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value.cmp(&other.value)
    }
}

impl<K> Hash for Id<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl<K> fmt::Debug for Id<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.value, f)
    }
}

impl<K> fmt::Display for Id<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.value, f)
    }
}

impl<K> From<Id<K>> for u64 {
    /// The id's number (for the store's byte keys and for messages that print it).
    fn from(id: Id<K>) -> u64 {
        id.value
    }
}

impl<K> FromStr for Id<K> {
    type Err = ParseIntError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Id::new)
    }
}

impl<K> Serialize for Id<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

impl<'de, K> Deserialize<'de> for Id<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        u64::deserialize(deserializer).map(Id::new)
    }
}

/// The kinds of id (never constructed: they only tell ids apart).
pub mod kind {
    /// A Discord user.
    pub enum User {}
    /// A Discord server.
    pub enum Guild {}
    /// A Discord channel or thread.
    pub enum Channel {}
    /// A Discord message.
    pub enum Message {}
    /// A game record.
    pub enum Game {}
    /// A challenge record.
    pub enum Challenge {}
    /// A Chinese checkers lobby record.
    pub enum Lobby {}
    /// A tournament record.
    pub enum Tournament {}
}

/// A Discord user (a player).
pub type UserId = Id<kind::User>;
/// A Discord server.
pub type GuildId = Id<kind::Guild>;
/// A Discord channel, or a thread.
pub type ChannelId = Id<kind::Channel>;
/// A Discord message.
pub type MessageId = Id<kind::Message>;
/// A game record.
pub type GameId = Id<kind::Game>;
/// A challenge record.
pub type ChallengeId = Id<kind::Challenge>;
/// A Chinese checkers lobby record.
pub type LobbyId = Id<kind::Lobby>;
/// A tournament record.
pub type TournamentId = Id<kind::Tournament>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_stored_printed_and_parsed_as_its_bare_number() {
        let game = GameId::new(8_589_934_593);
        assert_eq!(serde_json::to_string(&game).unwrap(), "8589934593");
        assert_eq!(serde_json::from_str::<GameId>("8589934593").unwrap(), game);
        assert_eq!(format!("{game} {game:?}"), "8589934593 8589934593");
        assert_eq!("42".parse::<UserId>().unwrap().get(), 42);
        assert!("-1".parse::<UserId>().is_err());
        assert!(serde_json::from_str::<GameId>("\"7\"").is_err());
    }

    #[test]
    fn ids_order_and_compare_by_number() {
        let mut ids = vec![ChannelId::new(3), ChannelId::new(1), ChannelId::new(2)];
        ids.sort();
        assert_eq!(ids, [1, 2, 3].map(ChannelId::new));
        assert_eq!(ChallengeId::new(9).cast::<kind::Game>(), GameId::new(9));
    }
}
