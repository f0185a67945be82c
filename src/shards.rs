//! Shards: which gateway shard serves which server, and which servers a process owns.
//!
//! Discord sends every event of a server to shard `(guild_id >> 22) % shard_count`, and
//! direct messages to shard 0. A process runs a contiguous range of the shards and owns the
//! servers those shards serve: their games, ratings, history and settings live in its own
//! store, and nothing it does needs another process's records.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::ids::GuildId;

/// The most shards a layout may have (Discord's largest bots run a few thousand).
pub const MAX_SHARDS: u32 = 1024;

/// A layout or range that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// The text is not `N` or `A-B`.
    #[error("`{0}` is not a shard range: write `A-B` (both ends included) or a single shard `A`")]
    Syntax(String),
    /// The range runs backwards.
    #[error("the shard range {first}-{last} ends before it starts")]
    Backwards {
        /// First shard.
        first: u32,
        /// Last shard.
        last: u32,
    },
    /// The shard count is 0 or too large.
    #[error("a shard count must be between 1 and {MAX_SHARDS}, not {0}")]
    Count(u32),
    /// The range names shards the layout does not have.
    #[error("the shard range {range} does not fit in {count} shards (shards are numbered 0 to {})", count - 1)]
    OutOfRange {
        /// The range.
        range: ShardRange,
        /// The shard count.
        count: u32,
    },
}

/// A contiguous range of shard numbers, both ends included (`0-1` is shards 0 and 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShardRange {
    first: u32,
    last: u32,
}

impl ShardRange {
    /// Shards `first` to `last`, both included.
    pub fn new(first: u32, last: u32) -> Result<ShardRange, LayoutError> {
        if last < first {
            return Err(LayoutError::Backwards { first, last });
        }
        Ok(ShardRange { first, last })
    }

    /// Every shard of a layout of `count` shards.
    pub fn all(count: u32) -> ShardRange {
        ShardRange {
            first: 0,
            last: count.max(1) - 1,
        }
    }

    /// The first shard.
    pub fn first(self) -> u32 {
        self.first
    }

    /// The last shard (included).
    pub fn last(self) -> u32 {
        self.last
    }

    /// How many shards the range holds.
    pub fn len(self) -> u32 {
        self.last - self.first + 1
    }

    /// Always false: a range holds at least one shard.
    pub fn is_empty(self) -> bool {
        false
    }

    /// Whether `shard` is in the range.
    pub fn contains(self, shard: u32) -> bool {
        (self.first..=self.last).contains(&shard)
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.last)
    }
}

impl FromStr for ShardRange {
    type Err = LayoutError;

    fn from_str(text: &str) -> Result<ShardRange, LayoutError> {
        let syntax = || LayoutError::Syntax(text.to_owned());
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| syntax());
        match text.split_once('-') {
            Some((first, last)) => ShardRange::new(number(first)?, number(last)?),
            None => {
                let shard = number(text)?;
                ShardRange::new(shard, shard)
            }
        }
    }
}

/// The shard that serves events of `guild` (`None`: a direct message) among `count` shards.
pub fn shard_of(guild: Option<GuildId>, count: u32) -> u32 {
    match guild {
        Some(guild) => ((guild.get() >> 22) % u64::from(count.max(1))) as u32,
        None => 0,
    }
}

/// How many shards the bot runs in all, and which of them this process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    count: u32,
    range: ShardRange,
}

impl Layout {
    /// `range` out of `count` shards.
    pub fn new(count: u32, range: ShardRange) -> Result<Layout, LayoutError> {
        if count == 0 || count > MAX_SHARDS {
            return Err(LayoutError::Count(count));
        }
        if range.last >= count {
            return Err(LayoutError::OutOfRange { range, count });
        }
        Ok(Layout { count, range })
    }

    /// Every one of `count` shards in one process.
    pub fn all(count: u32) -> Result<Layout, LayoutError> {
        Layout::new(count, ShardRange::all(count))
    }

    /// A single shard: the layout of a bot that has not been sharded.
    pub fn single() -> Layout {
        Layout {
            count: 1,
            range: ShardRange::all(1),
        }
    }

    /// The number of shards in all processes together.
    pub fn count(self) -> u32 {
        self.count
    }

    /// The shards this process runs.
    pub fn range(self) -> ShardRange {
        self.range
    }

    /// Whether this process serves `guild` (`None`: a direct message, served by shard 0).
    pub fn owns(self, guild: Option<GuildId>) -> bool {
        self.range.contains(shard_of(guild, self.count))
    }

    /// A number that no other process of this layout, and no process of another layout, has:
    /// `count·(count−1)/2 + first`, so 0 for the single-shard layout. The store mixes it into
    /// the ids it hands out, so that the records of two stores never share an id and can be
    /// merged when the shard count changes.
    pub fn tag(self) -> u64 {
        let count = u64::from(self.count);
        count * (count - 1) / 2 + u64::from(self.range.first)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {} of {}", self.range, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_with_both_ends_included() {
        let range: ShardRange = "2-3".parse().expect("a range");
        assert_eq!((range.first(), range.last(), range.len()), (2, 3, 2));
        assert!(range.contains(3) && range.contains(2) && !range.contains(4));
        assert_eq!("5".parse::<ShardRange>(), ShardRange::new(5, 5));
        assert_eq!(range.to_string(), "2-3");
        assert!(matches!(
            "3-2".parse::<ShardRange>(),
            Err(LayoutError::Backwards { .. })
        ));
        for bad in ["", "a-b", "1-", "-1", "1..2"] {
            assert!(bad.parse::<ShardRange>().is_err(), "{bad}");
        }
    }

    #[test]
    fn servers_go_to_the_shard_discord_sends_them_to() {
        let guild = (7u64 << 22) | 12345;
        assert_eq!(shard_of(Some(GuildId::new(guild)), 4), 3);
        assert_eq!(shard_of(Some(GuildId::new(guild)), 2), 1);
        assert_eq!(shard_of(None, 4), 0);
        let layout = Layout::new(4, "2-3".parse().expect("range")).expect("layout");
        assert!(layout.owns(Some(GuildId::new(guild))));
        assert!(!layout.owns(Some(GuildId::new(8u64 << 22))));
        assert!(!layout.owns(None));
    }

    #[test]
    fn layouts_refuse_shards_they_do_not_have() {
        let range = "2-4".parse().expect("range");
        assert!(matches!(
            Layout::new(4, range),
            Err(LayoutError::OutOfRange { .. })
        ));
        assert_eq!(
            Layout::new(0, ShardRange::all(1)),
            Err(LayoutError::Count(0))
        );
    }

    #[test]
    fn tags_differ_between_processes_and_layouts() {
        assert_eq!(Layout::single().tag(), 0);
        let mut seen = std::collections::HashSet::new();
        for count in 1..=32 {
            for first in 0..count {
                let layout = Layout::new(count, ShardRange::new(first, count - 1).expect("range"))
                    .expect("layout");
                assert!(seen.insert(layout.tag()), "{layout}");
            }
        }
        let last = ShardRange::new(MAX_SHARDS - 1, MAX_SHARDS - 1).expect("range");
        let largest = Layout::new(MAX_SHARDS, last).expect("layout");
        assert!(largest.tag() < 1 << 20);
    }
}
