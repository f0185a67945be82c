//! Configuration: `config/default.toml`, then the optional git-ignored `config/local.toml`,
//! then environment variables (`OAQ_SECTION__KEY`, plus `DISCORD_API_BASE`). The bot token is
//! not configuration: it only comes from the `DISCORD_TOKEN` environment variable.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use figment::providers::{Env, Format, Toml};
use figment::Figment;
use serde::Deserialize;
use thiserror::Error;

use crate::shards::{Layout, LayoutError, ShardRange};

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Discord connection settings.
    pub discord: DiscordConfig,
    /// Database settings.
    pub store: StoreConfig,
    /// Game settings.
    pub game: GameConfig,
    /// Logging.
    pub log: LogConfig,
    /// The Prometheus metrics and health endpoint.
    pub metrics: MetricsConfig,
    /// The Activity's web server.
    pub activity: ActivityConfig,
}

/// `[discord]`.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscordConfig {
    /// Base URL of a Discord-compatible API (proxy or fake); empty for Discord itself.
    pub api_base: String,
    /// Guild to register commands in; 0 for global registration.
    pub dev_guild_id: u64,
    /// Milliseconds a write to Discord (a board edit, a post) may take before it counts as
    /// failed and is retried.
    pub write_timeout_ms: u64,
    /// Shards of all processes together; 0 = the number Discord recommends.
    pub shard_count: u32,
    /// The shards this process runs, `A-B` with both ends included, or one shard `A`; empty =
    /// all of them. A bare number (`OAQ_DISCORD__SHARDS=0`, `shards = 1`) names one shard.
    #[serde(deserialize_with = "text_or_number")]
    pub shards: String,
    /// The application's OAuth2 client secret, which the Activity's sign-in needs (better set
    /// in `DISCORD_CLIENT_SECRET`); never logged or printed.
    pub client_secret: Secret,
}

/// Every setting but the client secret, which is never printed.
impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("api_base", &self.api_base)
            .field("dev_guild_id", &self.dev_guild_id)
            .field("write_timeout_ms", &self.write_timeout_ms)
            .field("shard_count", &self.shard_count)
            .field("shards", &self.shards)
            .finish_non_exhaustive()
    }
}

/// A setting that must never be printed: its `Debug` hides it.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// The secret, if one is set.
    pub fn get(&self) -> Option<&str> {
        Some(self.0.trim()).filter(|s| !s.is_empty())
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.get().is_some() {
            "<hidden>"
        } else {
            "<unset>"
        })
    }
}

/// Reads a setting that is text but may be written as a bare number: the environment turns
/// `OAQ_DISCORD__SHARDS=0` into the number 0, and `shards = 1` is a natural thing to type.
fn text_or_number<'de, D: serde::Deserializer<'de>>(setting: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Text(String),
        Number(u64),
    }
    Ok(match Written::deserialize(setting)? {
        Written::Text(text) => text,
        Written::Number(number) => number.to_string(),
    })
}

impl DiscordConfig {
    /// The API base, if one is set.
    pub fn api_base(&self) -> Option<&str> {
        Some(self.api_base.trim()).filter(|s| !s.is_empty())
    }

    /// The development guild, if one is set.
    pub fn dev_guild(&self) -> Option<u64> {
        Some(self.dev_guild_id).filter(|&id| id != 0)
    }

    /// The shards to run: a fixed layout, or `None` to run all the shards Discord recommends.
    pub fn layout(&self) -> Result<Option<Layout>, ConfigError> {
        let invalid = |e: LayoutError| ConfigError::Invalid(format!("discord.shards: {e}"));
        let range = Some(self.shards.trim()).filter(|s| !s.is_empty());
        match (self.shard_count, range) {
            (0, None) => Ok(None),
            (0, Some(_)) => Err(ConfigError::Invalid(String::from(
                "discord.shards needs discord.shard_count: every process of a split bot must \
                 agree on the number of shards",
            ))),
            (count, None) => Layout::all(count).map(Some).map_err(invalid),
            (count, Some(range)) => range
                .parse::<ShardRange>()
                .and_then(|range| Layout::new(count, range))
                .map(Some)
                .map_err(invalid),
        }
    }
}

/// `[store]`.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreConfig {
    /// Which database keeps the records.
    pub backend: Backend,
    /// sled's database directory.
    pub path: PathBuf,
    /// The most memory, in MB, sled's cache of recently read records may use.
    pub cache_mb: u64,
    /// The PostgreSQL database's URL (`postgres://user:password@host:port/dbname`), with
    /// `backend = "postgres"`. It may hold a password: it is never logged or printed.
    pub url: String,
}

/// `store.backend`: which database keeps the records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// sled, embedded: one database directory per process, nothing to install.
    Sled,
    /// A PostgreSQL server, shared by every process of the bot.
    Postgres,
}

impl std::fmt::Debug for StoreConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may carry a password.
        f.debug_struct("StoreConfig")
            .field("backend", &self.backend)
            .field("path", &self.path)
            .field("cache_mb", &self.cache_mb)
            .field("url", &if self.url.is_empty() { "" } else { "(set)" })
            .finish()
    }
}

impl StoreConfig {
    /// [`StoreConfig::cache_mb`] in bytes.
    pub fn cache_bytes(&self) -> u64 {
        self.cache_mb.saturating_mul(1 << 20)
    }
}

/// `[game]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    /// Seconds before a challenge expires.
    pub challenge_ttl_seconds: u64,
    /// Seconds between expiry sweeps.
    pub expiry_sweep_seconds: u64,
    /// Seconds a player has for each move before losing on time.
    pub turn_timeout_seconds: u64,
    /// Milliseconds the hard computer opponent may think about a move.
    pub bot_move_ms: u64,
}

/// `[metrics]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricsConfig {
    /// Address of the `/metrics` and `/health` endpoint; empty = no endpoint.
    pub listen: String,
}

impl MetricsConfig {
    /// The address to serve metrics on, if one is set.
    pub fn listen(&self) -> Result<Option<SocketAddr>, ConfigError> {
        match Some(self.listen.trim()).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(text) => text.parse().map(Some).map_err(|_| {
                ConfigError::Invalid(format!(
                    "metrics.listen `{text}` is not an address such as 127.0.0.1:9100"
                ))
            }),
        }
    }
}

/// `[activity]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivityConfig {
    /// Address of the Activity's web server; empty = no Activity.
    pub listen: String,
    /// For a bot split over sled stores: the other processes' shards and Activity addresses
    /// (`"2-3=http://10.0.0.2:8088,…"`), where pages of their servers are forwarded.
    pub peers: String,
}

impl ActivityConfig {
    /// The other processes of a split bot (see `activity::Peers`).
    pub fn peers(&self) -> Result<crate::activity::Peers, ConfigError> {
        crate::activity::Peers::parse(&self.peers)
            .map_err(|e| ConfigError::Invalid(format!("activity.peers: {e}")))
    }

    /// The address to serve the Activity on, if one is set.
    pub fn listen(&self) -> Result<Option<SocketAddr>, ConfigError> {
        match Some(self.listen.trim()).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(text) => text.parse().map(Some).map_err(|_| {
                ConfigError::Invalid(format!(
                    "activity.listen `{text}` is not an address such as 127.0.0.1:8088"
                ))
            }),
        }
    }
}

/// `[log]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogConfig {
    /// tracing-subscriber filter.
    pub filter: String,
}

/// The configuration could not be read.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// `default.toml` is missing.
    #[error("cannot find `{0}`: run the bot from the repository root, or pass --config-dir with the directory holding default.toml")]
    MissingDefaults(String),
    /// A file or variable holds something invalid.
    #[error("invalid configuration: {0} (see config/default.toml for every setting)")]
    Invalid(String),
}

impl Config {
    /// Reads `dir/default.toml`, `dir/local.toml` (if present) and the environment.
    pub fn load(dir: &Path) -> Result<Config, ConfigError> {
        Config::load_with_env(dir, true)
    }

    /// Like [`Config::load`]; `env = false` ignores environment variables (tests).
    pub fn load_with_env(dir: &Path, env: bool) -> Result<Config, ConfigError> {
        let defaults = dir.join("default.toml");
        if !defaults.is_file() {
            return Err(ConfigError::MissingDefaults(defaults.display().to_string()));
        }
        let mut figment = Figment::new().merge(Toml::file_exact(&defaults));
        let local = dir.join("local.toml");
        if local.is_file() {
            figment = figment.merge(Toml::file_exact(&local));
        }
        if env {
            figment = figment.merge(Env::prefixed("OAQ_").split("__")).merge(
                Env::raw()
                    .only(&["DISCORD_API_BASE", "DISCORD_CLIENT_SECRET"])
                    // Names compare without case.
                    .map(|key| {
                        if key == "DISCORD_CLIENT_SECRET" {
                            "discord.client_secret".into()
                        } else {
                            "discord.api_base".into()
                        }
                    }),
            );
        }
        let config: Config = figment
            .extract()
            .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        config.discord.layout()?;
        config.metrics.listen()?;
        config.activity.peers()?;
        if config.activity.listen()?.is_some() && config.discord.client_secret.get().is_none() {
            return Err(ConfigError::Invalid(String::from(
                "activity.listen needs the application's client secret for the Activity's \
                 sign-in: set DISCORD_CLIENT_SECRET (Developer Portal → your application → \
                 OAuth2 → Client Secret)",
            )));
        }
        if config.store.cache_mb == 0 {
            return Err(ConfigError::Invalid(String::from(
                "store.cache_mb must be at least 1",
            )));
        }
        if config.store.backend == Backend::Postgres && config.store.url.trim().is_empty() {
            return Err(ConfigError::Invalid(String::from(
                "store.backend = \"postgres\" needs store.url (postgres://user:password@host:port/dbname)",
            )));
        }
        if config.game.turn_timeout_seconds == 0 {
            return Err(ConfigError::Invalid(String::from(
                "game.turn_timeout_seconds must be at least 1",
            )));
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config_with(local: &str) -> Result<Config, ConfigError> {
        let dir = tempfile::tempdir().map_err(|e| ConfigError::Invalid(e.to_string()))?;
        let defaults = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/default.toml");
        std::fs::copy(defaults, dir.path().join("default.toml"))
            .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        std::fs::write(dir.path().join("local.toml"), local)
            .map_err(|e| ConfigError::Invalid(e.to_string()))?;
        Config::load_with_env(dir.path(), false)
    }

    #[test]
    fn the_activity_needs_the_client_secret_which_is_never_printed() {
        let off = config_with("").expect("valid");
        assert_eq!(off.activity.listen().expect("valid"), None);
        let on = config_with(
            "[discord]\nclient_secret = \"s3cr3t-value\"\n[activity]\nlisten = \"127.0.0.1:8088\"\n",
        )
        .expect("valid");
        assert_eq!(on.discord.client_secret.get(), Some("s3cr3t-value"));
        assert!(on.activity.listen().expect("valid").is_some());
        assert!(!format!("{on:?}").contains("s3cr3t"), "{on:?}");
        let no_secret = config_with("[activity]\nlisten = \"127.0.0.1:8088\"\n");
        assert!(
            matches!(&no_secret, Err(ConfigError::Invalid(m)) if m.contains("DISCORD_CLIENT_SECRET")),
            "{no_secret:?}"
        );
        let peers = config_with("[activity]\npeers = \"2-3\"\n");
        assert!(
            matches!(&peers, Err(ConfigError::Invalid(m)) if m.contains("activity.peers")),
            "{peers:?}"
        );
    }

    #[test]
    fn the_store_is_sled_unless_postgres_is_chosen_with_a_url_that_is_never_printed() {
        let default = config_with("").expect("valid");
        assert_eq!(default.store.backend, Backend::Sled);
        let postgres = config_with(
            "[store]\nbackend = \"postgres\"\nurl = \"postgres://oaq:secret@db/oaq\"\n",
        )
        .expect("valid");
        assert_eq!(postgres.store.backend, Backend::Postgres);
        assert!(!format!("{postgres:?}").contains("secret"));
        let no_url = config_with("[store]\nbackend = \"postgres\"\n");
        assert!(
            matches!(&no_url, Err(ConfigError::Invalid(m)) if m.contains("store.url")),
            "{no_url:?}"
        );
        assert!(config_with("[store]\nbackend = \"mysql\"\n").is_err());
    }

    #[test]
    fn the_turn_timeout_may_be_seconds_but_not_zero() {
        let config = config_with("[game]\nturn_timeout_seconds = 2\n").expect("valid");
        assert_eq!(config.game.turn_timeout_seconds, 2);
        assert_eq!(config.game.bot_move_ms, 1000);
        let zero = config_with("[game]\nturn_timeout_seconds = 0\n");
        assert!(
            matches!(&zero, Err(ConfigError::Invalid(m)) if m.contains("turn_timeout_seconds")),
            "{zero:?}"
        );
    }

    #[test]
    fn the_store_cache_is_64_mb_unless_set_and_never_zero() {
        assert_eq!(
            config_with("").expect("valid").store.cache_bytes(),
            64 << 20
        );
        let set = config_with("[store]\ncache_mb = 16\n").expect("valid");
        assert_eq!(set.store.cache_bytes(), 16 << 20);
        let zero = config_with("[store]\ncache_mb = 0\n");
        assert!(
            matches!(&zero, Err(ConfigError::Invalid(m)) if m.contains("store.cache_mb")),
            "{zero:?}"
        );
    }

    #[test]
    fn shard_settings_name_a_layout_or_leave_it_to_discord() {
        let defaults = config_with("").expect("valid");
        assert_eq!(defaults.discord.layout().expect("valid"), None);
        assert_eq!(defaults.metrics.listen().expect("valid"), None);
        let split = config_with("[discord]\nshard_count = 4\nshards = \"2-3\"\n").expect("valid");
        let layout = split.discord.layout().expect("valid").expect("a layout");
        assert_eq!(
            (
                layout.count(),
                layout.range().first(),
                layout.range().last()
            ),
            (4, 2, 3)
        );
        // A bare number names one shard, as the environment writes `OAQ_DISCORD__SHARDS=0`.
        for (written, shard) in [("0", 0), ("\"1\"", 1), ("1", 1)] {
            let one = config_with(&format!("[discord]\nshard_count = 2\nshards = {written}\n"))
                .expect("valid");
            let layout = one.discord.layout().expect("valid").expect("a layout");
            assert_eq!(
                (layout.range().first(), layout.range().last()),
                (shard, shard),
                "{written}"
            );
        }
        let all = config_with("[discord]\nshard_count = 2\n").expect("valid");
        assert_eq!(all.discord.layout().expect("valid"), Layout::all(2).ok());
        for bad in [
            "[discord]\nshards = \"0-1\"\n",
            "[discord]\nshard_count = 4\nshards = \"3-4\"\n",
            "[discord]\nshard_count = 4\nshards = \"two\"\n",
            "[metrics]\nlisten = \"localhost\"\n",
        ] {
            assert!(
                matches!(config_with(bad), Err(ConfigError::Invalid(_))),
                "{bad}"
            );
        }
    }
}
