//! The store's key spaces, named once: [`Tree`] gives each its on-disk name (which never
//! changes: databases written by older releases, and the fixtures under `tests/fixtures`, open
//! by these names) and the label its records are counted under. A backend keeps one key space
//! per variant (a sled tree, or the rows of PostgreSQL's `kv` table whose `space` is its name).

/// One of the store's key spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tree {
    /// Each game's small head (revision, channel, board message, move count…), by game id.
    Games,
    /// Each running game's setup (by game id) and moves (game id, ply).
    GameParts,
    /// Pending challenges, by id.
    Challenges,
    /// The challenge or game each busy channel holds, by channel id.
    Channels,
    /// Writes owed to Discord.
    Outbox,
    /// The running games of each server, by (guild, kind, game id).
    RunningByGuild,
    /// Ratings, by (kind, guild, user).
    Ratings,
    /// The leaderboard's order, by (kind, guild, rating, user).
    Leaderboard,
    /// The number of rated players per (kind, guild).
    LeaderboardSizes,
    /// Each player's rating over time.
    RatingPoints,
    /// Finished games, whole, by game id.
    History,
    /// The history's index by server.
    HistoryByGuild,
    /// The history's index by player.
    HistoryByPlayer,
    /// Each server's settings, by guild id.
    GuildSettings,
    /// Tournaments, by id.
    Tournaments,
    /// Each person's tallies against the computer, by (kind, user): per person across servers.
    BotRecords,
    /// The database's own bookkeeping (schema version, id counter): not records.
    Meta,
}

impl Tree {
    /// Every key space, records first in report order, the tallies against the computer last
    /// of them, then the bookkeeping.
    pub const ALL: [Tree; 17] = [
        Tree::Games,
        Tree::GameParts,
        Tree::Challenges,
        Tree::Channels,
        Tree::Outbox,
        Tree::RunningByGuild,
        Tree::Ratings,
        Tree::Leaderboard,
        Tree::LeaderboardSizes,
        Tree::RatingPoints,
        Tree::History,
        Tree::HistoryByGuild,
        Tree::HistoryByPlayer,
        Tree::GuildSettings,
        Tree::Tournaments,
        Tree::BotRecords,
        Tree::Meta,
    ];

    /// The key spaces that hold records (every one but [`Tree::Meta`]), in report order;
    /// [`Tree::index`] is a key space's position here.
    pub const RECORDS: [Tree; 16] = {
        let mut records = [Tree::Games; 16];
        let mut i = 0;
        while i < records.len() {
            records[i] = Tree::ALL[i];
            i += 1;
        }
        records
    };

    /// The key space's name on disk.
    pub const fn name(self) -> &'static str {
        match self {
            Tree::Games => "games",
            Tree::GameParts => "game_parts",
            Tree::Challenges => "challenges",
            Tree::Channels => "channels",
            Tree::Outbox => "outbox",
            Tree::RunningByGuild => "running_by_guild",
            Tree::Ratings => "ratings",
            Tree::Leaderboard => "leaderboard",
            Tree::LeaderboardSizes => "leaderboard_sizes",
            Tree::RatingPoints => "rating_points",
            Tree::History => "history",
            Tree::HistoryByGuild => "history_by_guild",
            Tree::HistoryByPlayer => "history_by_player",
            Tree::GuildSettings => "guild_settings",
            Tree::Tournaments => "tournaments",
            Tree::BotRecords => "bot_records",
            Tree::Meta => "meta",
        }
    }

    /// What its records are called when they are counted (`store reshard`, `store backup`).
    pub const fn kind(self) -> &'static str {
        match self {
            Tree::Games => "games",
            Tree::GameParts => "game setups and moves",
            Tree::Challenges => "challenges",
            Tree::Channels => "busy channels",
            Tree::Outbox => "outbox entries",
            Tree::RunningByGuild => "running games by server",
            Tree::Ratings => "ratings",
            Tree::Leaderboard => "leaderboard entries",
            Tree::LeaderboardSizes => "leaderboard sizes",
            Tree::RatingPoints => "rating points",
            Tree::History => "finished games",
            Tree::HistoryByGuild => "history entries by server",
            Tree::HistoryByPlayer => "history entries by player",
            Tree::GuildSettings => "server settings",
            Tree::Tournaments => "tournaments",
            Tree::BotRecords => "tallies against the computer",
            Tree::Meta => "bookkeeping entries",
        }
    }

    /// Its position in [`Tree::ALL`] (and, for a key space of records, in [`Tree::RECORDS`]).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The key space named `name` on disk, if the store knows it.
    pub fn named(name: &[u8]) -> Option<Tree> {
        Tree::ALL.into_iter().find(|t| t.name().as_bytes() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_on_disk_never_change() {
        // Older databases (and tests/fixtures) open by these names.
        let names: Vec<&str> = Tree::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(
            names,
            [
                "games",
                "game_parts",
                "challenges",
                "channels",
                "outbox",
                "running_by_guild",
                "ratings",
                "leaderboard",
                "leaderboard_sizes",
                "rating_points",
                "history",
                "history_by_guild",
                "history_by_player",
                "guild_settings",
                "tournaments",
                "bot_records",
                "meta",
            ]
        );
    }

    #[test]
    fn positions_and_lookups_agree() {
        for (i, tree) in Tree::ALL.into_iter().enumerate() {
            assert_eq!(tree.index(), i);
            assert_eq!(Tree::named(tree.name().as_bytes()), Some(tree));
        }
        assert_eq!(Tree::RECORDS[..], Tree::ALL[..16]);
        assert_eq!(Tree::RECORDS.last(), Some(&Tree::BotRecords));
        assert_eq!(Tree::named(b"leagues"), None);
    }
}
