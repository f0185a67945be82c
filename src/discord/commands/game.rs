//! The subcommands about the game in this channel, the same under every game's root: post its
//! board again, play a typed move, resign, read its rules; and how to play with the bot.

use poise::serenity_prelude as serenity;

use super::context::{invocation, kind, locale};
use crate::discord::answer::answer_command;
use crate::discord::blocking::blocking;
use crate::discord::data::Context;
use crate::discord::error::Error;

/// Post the current board of this channel's game again.
#[poise::command(slash_command)]
pub(super) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let ((app, caller), kind) = (invocation(ctx), kind(ctx)?);
    let response = blocking(move || app.board(&caller, kind)).await?;
    answer_command(ctx, response).await
}

/// The legal moves of the caller's game here that match what they have typed so far.
async fn suggest_moves(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let (app, caller) = invocation(ctx);
    let typed = typed.to_owned();
    let choices = blocking(move || app.move_choices(&caller, &typed))
        .await
        .unwrap_or_default();
    let choices = choices
        .into_iter()
        .map(|c| serenity::AutocompleteChoice::new(c.label, c.value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play a move by typing it; the suggestions list your legal moves.
#[poise::command(slash_command, rename = "move")]
pub(super) async fn play_move(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "suggest_moves"]
    mv: String,
) -> Result<(), Error> {
    let (app, caller) = invocation(ctx);
    let kind = kind(ctx)?;
    let response = blocking(move || app.typed_move(&caller, &mv, kind)).await?;
    answer_command(ctx, response).await
}

/// Resign your game in this channel.
#[poise::command(slash_command)]
pub(super) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let (app, caller) = invocation(ctx);
    let kind = kind(ctx)?;
    let response = blocking(move || app.resign(&caller, kind)).await?;
    answer_command(ctx, response).await
}

/// The rules of the game in this channel (or the default rules).
#[poise::command(slash_command)]
pub(super) async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let ((app, caller), game) = (invocation(ctx), kind(ctx)?);
    let response = blocking(move || app.rules(&caller, game)).await?;
    answer_command(ctx, response).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
pub(super) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let response = ctx.data().app.help(locale(ctx), kind(ctx)?);
    answer_command(ctx, response).await
}
