//! The thin Discord adapter: poise slash commands, a component router in the global event
//! handler (no collectors, so buttons survive restarts), and the translation of app
//! [`Response`](crate::app::Response)s into serenity builders. No rules and no storage calls
//! live here, and no engine is named: games are reached through the app.
//!
//! - `connect`: the settings, the start-up check and why the bot stops;
//!   `run`: the run loop (register, start the workers, serve the shards, shut down);
//! - `data`: what every handler can reach; `blocking`: app work off the async threads;
//! - `commands`: the slash commands, a file per game root and per shared concern;
//! - `router`: the component router; `answer`: the builders, the answers and the settling of
//!   what each answer owes; `components`: the check of a clicked id against its message and
//!   of a message against Discord's limits; `custom_id`: the id codec; `localize`: the
//!   catalogue's names on the commands;
//! - `gate`: the shutdown and shard gate; `workers`: the background workers (outbox, expiry,
//!   the computer's moves, tournaments, the shards' liveness);
//! - `metrics`: what is recorded for operators; `endpoint`: the routes that serve it
//!   (`/metrics`, `/health`, `/admin/backup`);
//! - `activity`: the Activity's server started beside the shards, its Entry Point command, and
//!   the settling of what a page's change owes.

mod activity;
mod answer;
mod blocking;
mod builders;
mod commands;
pub mod components;
mod connect;
pub mod custom_id;
mod data;
pub mod endpoint;
mod error;
mod gate;
mod gatekeeper;
pub mod localize;
pub mod metrics;
mod router;
mod run;
mod snowflakes;
mod workers;

pub use commands::commands;
pub use connect::{connect, ActivitySettings, BotSettings, DiscordError};
pub use data::Data;
pub use run::run;
