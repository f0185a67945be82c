//! The keys of the ratings, the leaderboard, the rating points and the history indexes (see the
//! key layout in the module documentation of `social.rs`): integers big-endian, so byte order
//! is numeric order.

use super::records::GameKind;
use crate::ids::{GameId, GuildId, UserId};

/// The prefix of the leaderboard of `kind` in `guild`, and the key of its size.
pub(super) fn board_prefix(kind: GameKind, guild: GuildId) -> Vec<u8> {
    let mut key = Vec::with_capacity(25);
    key.push(kind.code());
    key.extend_from_slice(&guild.get().to_be_bytes());
    key
}

/// The key of `user`'s rating for `kind` in `guild`.
pub(super) fn player_key(kind: GameKind, guild: GuildId, user: UserId) -> Vec<u8> {
    let mut key = board_prefix(kind, guild);
    key.extend_from_slice(&user.get().to_be_bytes());
    key
}

/// Bytes that sort in descending order of `rating` (IEEE-754 made order-preserving, inverted).
fn descending(rating: f64) -> [u8; 8] {
    let bits = rating.to_bits();
    let ascending = if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    };
    (!ascending).to_be_bytes()
}

/// The leaderboard key of `user` at `rating`: best first, ties by user id.
pub(super) fn board_key(kind: GameKind, guild: GuildId, rating: f64, user: UserId) -> Vec<u8> {
    let mut key = board_prefix(kind, guild);
    key.extend_from_slice(&descending(rating));
    key.extend_from_slice(&user.get().to_be_bytes());
    key
}

/// Rating points kept under one key of `rating_points`.
const POINTS_PER_KEY: u32 = 16;

/// The `rating_points` key of the run holding the point of a player's `games`-th game. The
/// 0xFF byte sets it apart from (and after) the one-point keys of earlier releases, whose
/// games count starts with a zero byte.
pub(super) fn point_key(kind: GameKind, guild: GuildId, user: UserId, games: u32) -> Vec<u8> {
    let mut key = player_key(kind, guild, user);
    key.push(0xFF);
    key.extend_from_slice(&(games / POINTS_PER_KEY).to_be_bytes());
    key
}

/// Bytes that sort newest first: inverted end time, then inverted id.
fn newest_first(time_ms: u64, id: GameId) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&(!time_ms).to_be_bytes());
    key[8..].copy_from_slice(&(!id.get()).to_be_bytes());
    key
}

/// The prefix of a guild's history of games of `kind` (`guild` 0: direct messages).
pub(super) fn guild_history_prefix(guild: u64, kind: GameKind) -> Vec<u8> {
    let mut key = guild.to_be_bytes().to_vec();
    key.push(kind.code());
    key
}

/// The key of a game in its guild's history.
pub(super) fn guild_history_key(guild: u64, kind: GameKind, time_ms: u64, id: GameId) -> Vec<u8> {
    let mut key = guild_history_prefix(guild, kind);
    key.extend_from_slice(&newest_first(time_ms, id));
    key
}

/// The key of a game in a player's history in its guild (0 in direct messages).
pub(super) fn player_history_key(
    guild: u64,
    kind: GameKind,
    user: UserId,
    time_ms: u64,
    id: GameId,
) -> Vec<u8> {
    let mut key = guild_history_prefix(guild, kind);
    key.extend_from_slice(&user.get().to_be_bytes());
    key.extend_from_slice(&newest_first(time_ms, id));
    key
}

/// The game id at the end of a history index key.
pub(super) fn id_of_history_key(key: &[u8]) -> Option<GameId> {
    let tail: [u8; 8] = key.get(key.len().checked_sub(8)?..)?.try_into().ok()?;
    Some(GameId::new(!u64::from_be_bytes(tail)))
}

#[cfg(test)]
mod tests {
    use super::descending;

    #[test]
    fn rating_keys_sort_best_first() {
        let ratings = [2400.5, 1500.0, 1499.999, 0.0, -0.0, -12.0];
        for pair in ratings.windows(2) {
            assert!(descending(pair[0]) < descending(pair[1]), "{pair:?}");
        }
    }
}
