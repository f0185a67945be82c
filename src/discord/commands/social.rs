//! What a server sees of its players and games, the same under every game's root: the
//! leaderboard, a player's stats and history, the games being played, and a game's replay.

use poise::serenity_prelude as serenity;

use super::context::{invocation, kind, upload_limit};
use crate::discord::answer::answer_command;
use crate::discord::blocking::blocking;
use crate::discord::builders::user_ref;
use crate::discord::data::Context;
use crate::discord::error::Error;
use crate::ids::GameId;

/// This server's Ô ăn quan ratings, ten players a page.
#[poise::command(slash_command)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    #[min = 1] page: Option<u32>,
) -> Result<(), Error> {
    let ((app, caller), game) = (invocation(ctx), kind(ctx)?);
    let page = page.map(u64::from);
    let response = blocking(move || app.leaderboard(&caller, game, page)).await?;
    answer_command(ctx, response).await
}

/// A player's rating, record, recent games and rating chart in this server.
#[poise::command(slash_command)]
pub(super) async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let (app, caller) = invocation(ctx);
    let (game, player) = (kind(ctx)?, player.as_ref().map(user_ref));
    let response = blocking(move || app.stats(&caller, game, player.as_ref())).await?;
    answer_command(ctx, response).await
}

/// Recent finished games of a player, or of this server.
#[poise::command(slash_command)]
pub(super) async fn history(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let (app, caller) = invocation(ctx);
    let (game, player) = (kind(ctx)?, player.as_ref().map(user_ref));
    let response = blocking(move || app.history(&caller, game, player.as_ref())).await?;
    answer_command(ctx, response).await
}

/// An animation of a game, move by move, with its record.
#[poise::command(slash_command)]
pub(super) async fn replay(ctx: Context<'_>, game: u64) -> Result<(), Error> {
    let (app, caller) = invocation(ctx);
    let (finder, kind) = (app.clone(), kind(ctx)?);
    let locale = caller.locale;
    let game = GameId::new(game);
    let found = blocking(move || finder.find_replay(&caller, game, kind)).await?;
    let request = match found {
        Ok(request) => request.within(upload_limit(ctx)),
        Err(refusal) => return answer_command(ctx, *refusal).await,
    };
    // Drawing and encoding every frame takes a second or two: acknowledge first.
    ctx.defer().await?;
    let response = blocking(move || app.replay(locale, &request)).await?;
    answer_command(ctx, response).await
}

/// The games being played in this server, with links to watch them.
#[poise::command(slash_command)]
pub(super) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let ((app, caller), game) = (invocation(ctx), kind(ctx)?);
    let response = blocking(move || app.games(&caller, game)).await?;
    answer_command(ctx, response).await
}
