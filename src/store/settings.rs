//! Per-server settings: the defaults a server's admins chose for new games.

use serde::{Deserialize, Serialize};

use super::codec::{decode, encode, Stored};
use super::error::StoreError;
use super::handle::Store;
use super::records::FirstPlayer;
use super::space::Space;
use super::tree::Tree;
use super::tx::abort;
use crate::ids::{ChannelId, GuildId};

const GUILD_SETTINGS: &str = "guild settings";

/// What a server's admins set with `/oaq settings`. `None` means the bot's default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuildSettings {
    /// Default rules preset of new challenges, by name (the game's adapter reads it; schema 1
    /// stored the Ô ăn quan preset the same way: `"standard"`, `"folk"`, `"young"`).
    #[serde(default)]
    pub preset: Option<String>,
    /// Default mandarin value (10 or 5).
    #[serde(default)]
    pub quan_value: Option<u8>,
    /// Default way of choosing the first player.
    #[serde(default)]
    pub first: Option<FirstPlayer>,
    /// Seconds a player has per move.
    #[serde(default)]
    pub turn_timeout_s: Option<u64>,
    /// Seconds a challenge waits before it expires.
    #[serde(default)]
    pub challenge_timeout_s: Option<u64>,
    /// Whether each accepted challenge opens a public thread where its game is played.
    #[serde(default)]
    pub threads: bool,
    /// The channels where games may be started; empty: anywhere.
    #[serde(default)]
    pub channels: Vec<ChannelId>,
}

impl GuildSettings {
    /// The most channels a server may allow games in, so that the list always fits in a
    /// message (a list stored before the limit existed is shown cut to it).
    pub const MAX_CHANNELS: usize = 25;
}

impl Store {
    fn settings_tree(&self) -> Space {
        self.space(Tree::GuildSettings)
    }

    /// A server's settings; revision 0 (and all defaults) if it never changed any.
    pub fn guild_settings(&self, guild: GuildId) -> Result<Stored<GuildSettings>, StoreError> {
        let tree = self.settings_tree();
        Ok(
            Store::read(&tree, GUILD_SETTINGS, guild)?.unwrap_or(Stored {
                revision: 0,
                record: GuildSettings::default(),
            }),
        )
    }

    /// Replaces a server's settings read at revision `expected` (0: never stored).
    pub fn update_guild_settings(
        &self,
        guild: GuildId,
        expected: u64,
        settings: &GuildSettings,
    ) -> Result<Stored<GuildSettings>, StoreError> {
        let tree = self.settings_tree();
        let revision = self.commit(|| {
            tree.transaction(|tree| {
                let current = match tree.get(guild.get().to_be_bytes())? {
                    None => 0,
                    Some(bytes) => match decode::<GuildSettings>(GUILD_SETTINGS, guild, &bytes) {
                        Ok(stored) => stored.revision,
                        Err(e) => return abort(e),
                    },
                };
                if current != expected {
                    return abort(StoreError::Conflict {
                        kind: GUILD_SETTINGS,
                        key: guild.get(),
                        expected,
                    });
                }
                tree.insert(guild.get().to_be_bytes(), encode(expected + 1, settings))?;
                Ok(expected + 1)
            })
        })?;
        Ok(Stored {
            revision,
            record: settings.clone(),
        })
    }
}
