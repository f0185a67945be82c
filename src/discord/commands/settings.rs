//! Server settings: the part every game's `settings` shares, and applying a change.

use poise::serenity_prelude as serenity;

use super::context::{invocation, kind};
use crate::app::SettingsChange;
use crate::discord::answer::answer_command;
use crate::discord::blocking::blocking;
use crate::discord::data::Context;
use crate::discord::error::Error;
use crate::discord::snowflakes;

/// A change of the settings every game shares (no game's rules, no first player).
pub(super) fn shared_settings(
    turn_timeout_minutes: Option<u64>,
    challenge_timeout_minutes: Option<u64>,
    allow_channel: Option<serenity::ChannelId>,
    remove_channel: Option<serenity::ChannelId>,
    any_channel: Option<bool>,
    threads: Option<bool>,
) -> SettingsChange {
    SettingsChange {
        rules: None,
        first: None,
        turn_timeout_s: turn_timeout_minutes.map(|m| m.saturating_mul(60)),
        challenge_timeout_s: challenge_timeout_minutes.map(|m| m.saturating_mul(60)),
        allow_channel: allow_channel.map(snowflakes::channel),
        remove_channel: remove_channel.map(snowflakes::channel),
        any_channel: any_channel.unwrap_or(false),
        threads,
    }
}

/// Applies a settings change if the member may manage the server.
pub(super) async fn change_settings(ctx: Context<'_>, change: SettingsChange) -> Result<(), Error> {
    let manage_guild = match ctx {
        poise::Context::Application(actx) => actx
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    };
    let ((app, caller), kind) = (invocation(ctx), kind(ctx)?);
    let response =
        blocking(move || app.server_settings(&caller, manage_guild, change, kind)).await?;
    answer_command(ctx, response).await
}
