//! The thin Discord adapter: poise slash commands, a component router in the global event
//! handler (no collectors, so buttons survive restarts), and the translation of app
//! [`Response`]s into serenity builders. No rules and no storage calls live here.
//!
//! This module holds the settings, the shared handler state and the run loop (connect, start
//! the shards, sweep expiries, shut down); `commands` the slash commands of the three roots,
//! `router` the component router, `answer` the builders, the answers and the settling of
//! what each answer owes, `components` the check of a clicked id against its message and of
//! a message against Discord's limits, `custom_id` the id codec, `outbox` the owed writes,
//! `gate` the shutdown and shard gate, `liveness` and `metrics` what operators see. The
//! submodules share this module's imports (`use super::*`).

mod answer;
mod commands;
pub mod components;
pub mod custom_id;
mod gate;
mod liveness;
pub mod localize;
pub mod metrics;
pub mod outbox;
mod router;
mod tournaments;

use std::num::NonZeroU64;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, ChannelType, ComponentInteraction, ComponentInteractionDataKind,
    CreateActionRow, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, CreateThread, FullEvent, GatewayIntents, GuildId,
    HttpBuilder, Interaction, MessageId,
};
use thiserror::Error;

use crate::app::games::chinese_checkers::CheckersChoice;
use crate::app::games::oaq::OaqChoice;
use crate::app::games::oaq::Preset;
use crate::app::games::shogi::ShogiChoice;
use crate::app::games::RuleChoice;
use crate::app::{
    Action, App, Attachment, Button, ChallengeRequest, ComputerTurn, Edit, Effects, LobbyRequest,
    Locale, Msg, Place, PlayRequest, Reply, Response, Select, SettingsChange, Shown, Style, Text,
    ThreadRequest, TournamentClick, TournamentRequest, Track, UserRef,
};
use crate::shards::Layout;
use crate::store::{FirstPlayer, Format, GameKind, Level, OwedKey};
use components::Clicked;
use gate::{Gate, Gatekeeper};
use liveness::Liveness;
use outbox::Outbox;

use answer::*;
pub use commands::*;
use router::*;

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
    /// The metrics endpoint could not be started.
    #[error("the metrics endpoint could not start: {0} (see metrics.listen)")]
    Metrics(String),
}

/// The error type of poise commands.
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler can reach.
pub struct Data {
    app: Arc<App>,
    /// The bot's own account: challenging it means playing the computer opponent.
    me: UserRef,
    /// Writes owed to Discord outside interaction answers.
    outbox: Outbox,
    /// Whether work is taken, and what is in flight.
    gate: Arc<Gate>,
    /// The tournaments' worker.
    tournaments: tournaments::Tournaments,
}

/// Runs `f` (app work: store writes with flush, rendering) off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    Ok(tokio::task::spawn_blocking(f).await?)
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            let text = Text::Apology.render(locale(ctx));
            if let Err(e) = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await
            {
                tracing::warn!(%e, "could not send the apology");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(%e, "error while handling an error");
            }
        }
    }
}

/// Periodically expires challenges, settles turns that ran out of time, and edits their
/// messages. The first sweep runs at once, so games that ran out while the bot was down are
/// settled at start-up.
fn spawn_expiry(outbox: Outbox, app: Arc<App>, gate: Arc<Gate>, every: Duration) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        loop {
            interval.tick().await;
            let app = app.clone();
            let worker = app.clone();
            let sweep = move || {
                let mut edits = worker.expire_challenges();
                let (settled, turns) = worker.settle_turns();
                edits.extend(settled);
                (edits, turns)
            };
            match blocking(sweep).await {
                Ok((edits, turns)) => {
                    outbox.send(edits);
                    for turn in turns {
                        spawn_computer(app.clone(), outbox.clone(), &gate, turn);
                    }
                }
                Err(error) => tracing::error!(%error, "expiry sweep failed"),
            }
        }
    });
}

/// At start-up: the computer makes the moves it owed when the bot stopped.
async fn resume_computer(outbox: Outbox, app: Arc<App>, gate: &Arc<Gate>) {
    let worker = app.clone();
    match blocking(move || worker.computer_turns()).await {
        Ok(turns) => {
            for turn in turns {
                spawn_computer(app.clone(), outbox.clone(), gate, turn);
            }
        }
        Err(error) => tracing::error!(%error, "could not list the computer's owed moves"),
    }
}

fn http_client(settings: &BotSettings) -> serenity::Http {
    let mut builder = HttpBuilder::new(&settings.token);
    if let Some(base) = &settings.api_base {
        // serenity ignores the proxy while its own rate limiter is on (specs/discord.md).
        builder = builder
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    builder.build()
}

/// How long shutdown waits for the interactions and computer moves in flight.
const DRAIN_LIMIT: Duration = Duration::from_secs(20);

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

/// Registers the commands once, serves the shards of `layout` until they stop, and shuts down
/// gracefully on Ctrl-C or SIGTERM: no new interactions are taken, those in flight and the
/// computer's moves are finished (their records are flushed as each completes), then the
/// shards are closed and this returns.
pub async fn run(settings: BotSettings, layout: Layout, app: Arc<App>) -> Result<(), DiscordError> {
    let http = http_client(&settings);
    let dev_guild = settings.dev_guild;
    let sweep = settings.expiry_sweep;
    let write_timeout = settings.write_timeout;
    let gate = Gate::new(layout);
    let setup_gate = gate.clone();
    let setup_app = app.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            on_error: |error| Box::pin(on_error(error)),
            // No owner-only commands: skip the application-info lookup.
            initialize_owners: false,
            event_handler: |framework, event| {
                Box::pin(on_event(
                    framework.serenity_context,
                    event,
                    framework.user_data,
                ))
            },
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            let (app, gate) = (setup_app, setup_gate);
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild.and_then(NonZeroU64::new) {
                    Some(guild) => {
                        poise::builtins::register_in_guild(ctx, commands, GuildId::from(guild))
                            .await?;
                        tracing::info!(
                            guild = guild.get(),
                            "commands registered in the development guild"
                        );
                    }
                    None => {
                        poise::builtins::register_globally(ctx, commands).await?;
                        tracing::info!("commands registered globally");
                    }
                }
                let outbox = Outbox::spawn(ctx.http.clone(), app.clone(), write_timeout);
                spawn_expiry(outbox.clone(), app.clone(), gate.clone(), sweep);
                resume_computer(outbox.clone(), app.clone(), &gate).await;
                let tournaments =
                    tournaments::Tournaments::spawn(ctx.http.clone(), app.clone(), outbox.clone());
                let me = UserRef {
                    id: ready.user.id.get(),
                    name: ready.user.name.clone(),
                    bot: true,
                };
                Ok(Data {
                    app,
                    me,
                    outbox,
                    gate,
                    tournaments,
                })
            })
        })
        .build();
    let gatekeeper = Gatekeeper {
        inner: framework,
        gate: gate.clone(),
    };
    let mut client = serenity::ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .framework(gatekeeper)
        .await
        .map_err(|e| DiscordError::Gateway(e.to_string()))?;
    if let Some(addr) = settings.metrics {
        let handle = metrics::install().map_err(|e| DiscordError::Metrics(e.to_string()))?;
        let endpoint = metrics::Endpoint {
            handle,
            shards: Liveness::spawn(client.shard_manager.clone(), layout),
            layout,
            app,
        };
        endpoint
            .serve(addr)
            .await
            .map_err(|e| DiscordError::Metrics(format!("cannot listen on {addr}: {e}")))?;
    }
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        let signal = shutdown_signal().await;
        tracing::info!(signal, "shutting down: taking no new interactions");
        gate.close();
        if !gate.drain(DRAIN_LIMIT).await {
            tracing::warn!(
                "work still running after {} s: stopping anyway (its records are consistent; \
                 owed Discord writes are retried at the next start)",
                DRAIN_LIMIT.as_secs()
            );
        }
        tracing::info!("disconnecting the shards");
        shards.shutdown_all().await;
    });
    // serenity's `start_shard_range` treats the end of its range as included.
    let range = layout.range();
    client
        .start_shard_range(range.first()..range.last(), layout.count())
        .await
        .map_err(|e| match e {
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
                DiscordError::TokenRejected
            }
            other => DiscordError::Gateway(other.to_string()),
        })
}

/// Waits for Ctrl-C or SIGTERM and names the one that came.
async fn shutdown_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = terminate.recv() => "SIGTERM",
            },
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM: only Ctrl-C stops the bot gracefully");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}
