//! What a command hands the app about itself: the caller's language, where it was used, who
//! used it, the game it is about, and how much its answer may attach.

use std::sync::Arc;

use thiserror::Error as ThisError;

use crate::app::{App, Caller, Locale, Place, DEFAULT_UPLOAD_LIMIT};
use crate::discord::builders::user_ref;
use crate::discord::data::Context;
use crate::discord::error::Error;
use crate::discord::snowflakes;
use crate::store::GameKind;

/// The caller's language (the default when Discord sends none).
pub(super) fn locale(ctx: Context<'_>) -> Locale {
    ctx.locale().map(Locale::from_discord).unwrap_or_default()
}

/// Where the command was used.
fn place(ctx: Context<'_>) -> Place {
    Place {
        guild: ctx.guild_id().map(snowflakes::guild),
        channel: snowflakes::channel(ctx.channel_id()),
    }
}

/// What a command hands to the app: the app, and who called it, where, in which language
/// (built once per interaction).
pub(super) fn invocation(ctx: Context<'_>) -> (Arc<App>, Caller) {
    let caller = Caller::new(locale(ctx), place(ctx), user_ref(ctx.author()));
    (ctx.data().app.clone(), caller)
}

/// The game a command is about: the one [`commands`](super::commands) attached to its root's
/// tree. The subcommands that mean the same for every game (board, resign, rules, leaderboard,
/// stats, history, replay, games) are one implementation under each game's root. A command
/// that carries no game is an internal error (logged, answered with an apology), never a
/// guess.
pub(super) fn kind(ctx: Context<'_>) -> Result<GameKind, Error> {
    let command = ctx.command();
    match command.custom_data.downcast_ref::<GameKind>() {
        Some(&kind) => Ok(kind),
        None => Err(Box::new(NoGame(command.qualified_name.to_string()))),
    }
}

/// A command that was registered outside every game's tree.
#[derive(Debug, ThisError)]
#[error("the command `/{0}` carries no game (it was not registered under a game's root)")]
pub(super) struct NoGame(String);

/// The most bytes the interaction's answer may attach (Discord's default for a prefix
/// command, which carries no limit).
pub(super) fn upload_limit(ctx: Context<'_>) -> u64 {
    match ctx {
        poise::Context::Application(ctx) => u64::from(ctx.interaction.attachment_size_limit),
        poise::Context::Prefix(_) => DEFAULT_UPLOAD_LIMIT,
    }
}
