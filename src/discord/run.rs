//! The run loop: register the commands, start the workers and the metrics endpoint, serve the
//! shards, and shut down gracefully.

use std::num::NonZeroU64;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, GuildId};

use super::activity::{entry_point, start};
use super::commands::{commands, on_error};
use super::connect::{http_client, BotSettings, DiscordError};
use super::data::Data;
use super::endpoint::Endpoint;
use super::gate::Gate;
use super::gatekeeper::Gatekeeper;
use super::metrics;
use super::router::on_event;
use super::snowflakes;
use super::workers::{self, Liveness, Workers};
use crate::app::{App, UserRef};
use crate::shards::Layout;

/// How long shutdown waits for the interactions and computer moves in flight.
const DRAIN_LIMIT: Duration = Duration::from_secs(20);

/// Registers the commands once, serves the shards of `layout` until they stop, and shuts down
/// gracefully on Ctrl-C or SIGTERM: no new interactions are taken, those in flight and the
/// computer's moves are finished (their records are flushed as each completes), then the
/// shards are closed and this returns.
pub async fn run(settings: BotSettings, layout: Layout, app: Arc<App>) -> Result<(), DiscordError> {
    let http = http_client(&settings);
    let dev_guild = settings.dev_guild;
    let sweep = settings.expiry_sweep;
    let write_timeout = settings.write_timeout;
    let activity = settings.activity.clone();
    let (token, api_base) = (settings.token.clone(), settings.api_base.clone());
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
                let mut commands =
                    poise::builtins::create_application_commands(&framework.options().commands);
                if activity.is_some() {
                    commands.push(entry_point());
                }
                match dev_guild.and_then(NonZeroU64::new) {
                    Some(guild) => {
                        GuildId::from(guild)
                            .set_commands(ctx, commands)
                            .await
                            .map_err(registration)?;
                        tracing::info!(
                            guild = guild.get(),
                            "commands registered in the development guild"
                        );
                    }
                    None => {
                        serenity::Command::set_global_commands(ctx, commands)
                            .await
                            .map_err(registration)?;
                        tracing::info!("commands registered globally");
                    }
                }
                let Workers {
                    outbox,
                    tournaments,
                } = workers::start(ctx.http.clone(), &app, &gate, sweep, write_timeout).await;
                let me = UserRef {
                    id: snowflakes::user(ready.user.id),
                    name: ready.user.name.clone(),
                    bot: true,
                };
                let data = Data {
                    app,
                    me,
                    outbox,
                    gate,
                    tournaments,
                };
                if let Some(activity) = &activity {
                    let client_id = ready.application.id.get();
                    let http = ctx.http.clone();
                    let served = start(
                        activity,
                        api_base.as_deref(),
                        &token,
                        client_id,
                        http,
                        data.clone(),
                    );
                    served.await.map_err(|e| {
                        DiscordError::Activity(format!("cannot listen on {}: {e}", activity.listen))
                    })?;
                }
                Ok(data)
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
        let endpoint = Endpoint {
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

/// Why the commands could not be registered: Discord's refusal to drop the Entry Point command
/// (50240) says what the operator must do; any other error is passed on.
fn registration(error: serenity::Error) -> super::error::Error {
    match &error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(answer))
            if answer.error.code == 50240 =>
        {
            DiscordError::EntryPointRequired.into()
        }
        _ => error.into(),
    }
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
