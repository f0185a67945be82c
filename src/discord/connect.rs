//! How the bot connects ([`BotSettings`]), why it may stop ([`DiscordError`]), and the check
//! made before it runs ([`connect`]): the token accepted, the shards settled.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::HttpBuilder;
use thiserror::Error;

use crate::shards::Layout;

/// How the bot connects.
#[derive(Clone)]
pub struct BotSettings {
    /// The bot token (from `DISCORD_TOKEN`; never logged).
    pub token: String,
    /// A Discord-compatible API base (proxy or fake), if any.
    pub api_base: Option<String>,
    /// Register commands in this guild only (instant), instead of globally.
    pub dev_guild: Option<u64>,
    /// Time between sweeps for expired challenges.
    pub expiry_sweep: Duration,
    /// How long a write to Discord may take before it counts as failed (and is retried).
    pub write_timeout: Duration,
    /// The configured shards, or `None` for all the shards Discord recommends.
    pub layout: Option<Layout>,
    /// Where to serve metrics and health, if anywhere.
    pub metrics: Option<std::net::SocketAddr>,
    /// The Activity, if the bot serves it.
    pub activity: Option<ActivitySettings>,
}

/// Where the Activity is served, and the secret its sign-in needs.
#[derive(Clone)]
pub struct ActivitySettings {
    /// The web server's address.
    pub listen: std::net::SocketAddr,
    /// The application's OAuth2 client secret (never logged).
    pub client_secret: String,
    /// The other processes of a bot split over sled stores.
    pub peers: crate::activity::Peers,
}

impl std::fmt::Debug for BotSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotSettings")
            .field("token", &"<hidden>")
            .field("api_base", &self.api_base)
            .field("dev_guild", &self.dev_guild)
            .field("expiry_sweep", &self.expiry_sweep)
            .field("write_timeout", &self.write_timeout)
            .field("layout", &self.layout)
            .field("metrics", &self.metrics)
            .field("activity", &self.activity.as_ref().map(|a| a.listen))
            .finish()
    }
}

/// Why the bot stopped.
#[derive(Debug, Error)]
pub enum DiscordError {
    /// Discord answered 401 to the token.
    #[error("Discord rejected the bot token (401 Unauthorized). Copy a fresh token from the Developer Portal (your application → Bot → Reset Token) and set DISCORD_TOKEN to it")]
    TokenRejected,
    /// Discord could not be reached at start-up.
    #[error("cannot reach Discord at {base}: {reason}. Check the network, or discord.api_base / DISCORD_API_BASE")]
    Unreachable {
        /// The API base tried.
        base: String,
        /// serenity's error.
        reason: String,
    },
    /// The gateway connection failed for good.
    #[error("the Discord connection failed: {0}")]
    Gateway(String),
    /// Activities are enabled for the application, but the bot does not serve one: Discord
    /// refuses to register its commands without the Entry Point command.
    #[error("Discord refused to register the commands without the app's Entry Point command (error 50240): Activities are enabled for this application in the Developer Portal. Serve the Activity (set activity.listen and DISCORD_CLIENT_SECRET, see docs/activity.md) or turn Activities off in the portal")]
    EntryPointRequired,
    /// The Activity's server could not be started.
    #[error("the Activity could not start: {0} (see activity.listen)")]
    Activity(String),
    /// The metrics endpoint could not be started.
    #[error("the metrics endpoint could not start: {0} (see metrics.listen)")]
    Metrics(String),
}

/// The REST client of `settings`: Discord itself, or the configured API base.
pub(super) fn http_client(settings: &BotSettings) -> serenity::Http {
    let mut builder = HttpBuilder::new(&settings.token);
    if let Some(base) = &settings.api_base {
        // serenity ignores the proxy while its own rate limiter is on (specs/discord.md).
        builder = builder
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    builder.build()
}

/// Maps a failed start-up request to the reason the bot cannot start.
fn unreachable(settings: &BotSettings, error: serenity::Error) -> DiscordError {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))
            if e.status_code.as_u16() == 401 =>
        {
            DiscordError::TokenRejected
        }
        e => DiscordError::Unreachable {
            base: settings
                .api_base
                .clone()
                .unwrap_or_else(|| String::from("https://discord.com")),
            reason: e.to_string(),
        },
    }
}

/// Checks the token and settles which shards this process runs: the configured layout, or
/// every shard of the count Discord recommends (`GET /gateway/bot`).
pub async fn connect(settings: &BotSettings) -> Result<Layout, DiscordError> {
    let http = http_client(settings);
    let me = http
        .get_current_user()
        .await
        .map_err(|e| unreachable(settings, e))?;
    tracing::info!(bot = %me.name, id = me.id.get(), "token accepted");
    let layout = match settings.layout {
        Some(layout) => layout,
        None => {
            let gateway = http
                .get_bot_gateway()
                .await
                .map_err(|e| unreachable(settings, e))?;
            Layout::all(gateway.shards).map_err(|e| {
                DiscordError::Gateway(format!("Discord recommends {} shards: {e}", gateway.shards))
            })?
        }
    };
    tracing::info!(%layout, "running");
    Ok(layout)
}
