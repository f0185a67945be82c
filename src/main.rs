//! The `oaq-bot` binary: with no subcommand it runs the Discord bot; `engine` runs a rules
//! engine on stdin/stdout.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, Context as _};
use clap::{Parser, Subcommand};
use oaq_bot::app::{App, Settings, SystemClock};
use oaq_bot::cli::store::StoreCommand;
use oaq_bot::cli::EngineCommand;
use oaq_bot::config::Config;
use oaq_bot::discord::{self, ActivitySettings, BotSettings};
use oaq_bot::store::Store;

/// A Discord bot that hosts Ô ăn quan, Shogi and Chinese checkers. Without a subcommand it
/// runs the bot (the token comes from the DISCORD_TOKEN environment variable).
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    /// Directory holding default.toml and the optional local.toml.
    #[arg(long, default_value = "config", global = true)]
    config_dir: PathBuf,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs a rules engine on stdin/stdout (perft, legal moves, playing moves, matches).
    Engine {
        #[command(subcommand)]
        game: EngineCommand,
    },
    /// Maintains the bot's databases: `store backup` (of a running bot, or a stopped one) and
    /// `store reshard` (with the bot stopped).
    Store {
        #[command(subcommand)]
        command: StoreCommand,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Engine { game }) => game.run(),
        Some(Command::Store { command }) => command.run(&cli.config_dir),
        None => run_bot(&cli.config_dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run_bot(config_dir: &Path) -> anyhow::Result<()> {
    let config = Config::load(config_dir)?;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(&config.log.filter))
        .with_context(|| format!("invalid log.filter `{}`", config.log.filter))?;
    tracing_subscriber::fmt().with_env_filter(filter).init();

    let token = std::env::var("DISCORD_TOKEN")
        .ok()
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            anyhow!(
                "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal (see \
                 README.md, \"Running the bot in Discord\"), copy its token, and start the bot \
                 with DISCORD_TOKEN=<token> cargo run --release"
            )
        })?;
    let bot = BotSettings {
        token,
        api_base: config.discord.api_base().map(str::to_owned),
        dev_guild: config.discord.dev_guild(),
        write_timeout: Duration::from_millis(config.discord.write_timeout_ms.max(1)),
        expiry_sweep: Duration::from_secs(config.game.expiry_sweep_seconds.max(1)),
        layout: config.discord.layout()?,
        metrics: config.metrics.listen()?,
        activity: match (
            config.activity.listen()?,
            config.discord.client_secret.get(),
        ) {
            (Some(listen), Some(secret)) => Some(ActivitySettings {
                listen,
                client_secret: secret.to_owned(),
                peers: config.activity.peers()?,
            }),
            _ => None,
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let layout = runtime.block_on(discord::connect(&bot))?;
    let store = Store::open_configured(&config.store, layout)?;
    // A shared store (PostgreSQL) holds the servers of every process: only a store of this
    // process alone, opened for another layout, holds records this process must leave alone.
    let shared = store.shared();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let settings = Settings {
        challenge_ttl_ms: config.game.challenge_ttl_seconds.saturating_mul(1000),
        seed,
        turn_ms: config.game.turn_timeout_seconds.saturating_mul(1000),
        bot_move_ms: config.game.bot_move_ms,
    };
    let mut app = App::new(store, Arc::new(SystemClock), settings)?.serving(layout);
    if bot.activity.is_some() {
        app = app.with_activity();
    }
    let foreign = if shared { 0 } else { app.foreign_records() };
    if foreign > 0 {
        tracing::error!(
            foreign,
            %layout,
            "the store holds running games or challenges of servers this process does not \
             serve: they are left alone. Stop the bot and run `oaq-bot store reshard` to move \
             them to the store of the process that serves them (see docs/scaling.md)"
        );
    }
    runtime.block_on(discord::run(bot, layout, Arc::new(app)))?;
    Ok(())
}
