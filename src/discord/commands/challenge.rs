//! Starting a game, the same for every game: a challenge (to someone, or to anyone) or a game
//! against the computer, with the options every game offers for them.

use poise::serenity_prelude as serenity;

use super::context::invocation;
use crate::app::games::RuleChoice;
use crate::app::{ChallengeRequest, PlayRequest};
use crate::discord::answer::answer_command;
use crate::discord::blocking::blocking;
use crate::discord::builders::user_ref;
use crate::discord::data::Context;
use crate::discord::error::Error;
use crate::discord::snowflakes;
use crate::store::{FirstPlayer, Level};

/// First-player choices offered by `/oaq challenge`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    /// Rock-paper-scissors.
    #[name = "rps"]
    Rps,
    /// A coin toss.
    #[name = "coin"]
    Coin,
    /// The challenger.
    #[name = "me"]
    Me,
    /// The opponent.
    #[name = "them"]
    Them,
}

/// Levels offered by `/oaq play`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    /// Looks one reply ahead, often settles for less.
    #[name = "easy"]
    Easy,
    /// A shallow search.
    #[name = "medium"]
    Medium,
    /// A deep search within the configured thinking time.
    #[name = "hard"]
    Hard,
}

/// The first player a command chose, if any.
pub(super) fn first_player(first: Option<FirstChoice>) -> Option<FirstPlayer> {
    first.map(|f| match f {
        FirstChoice::Rps => FirstPlayer::Rps,
        FirstChoice::Coin => FirstPlayer::Coin,
        FirstChoice::Me => FirstPlayer::Challenger,
        FirstChoice::Them => FirstPlayer::Opponent,
    })
}

/// The level a command chose (medium by default).
pub(super) fn level(level: Option<LevelChoice>) -> Level {
    match level.unwrap_or(LevelChoice::Medium) {
        LevelChoice::Easy => Level::Easy,
        LevelChoice::Medium => Level::Medium,
        LevelChoice::Hard => Level::Hard,
    }
}

/// Challenges `opponent` (or anyone) to the game `rules` choose; challenging the bot itself
/// plays the computer.
pub(super) async fn challenge_with(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    rules: RuleChoice,
    first: Option<FirstChoice>,
) -> Result<(), Error> {
    if opponent.as_ref().map(|o| snowflakes::user(o.id)) == Some(ctx.data().me.id) {
        return play_computer(ctx, Level::Medium, rules).await;
    }
    let request = ChallengeRequest {
        opponent: opponent.as_ref().map(user_ref),
        rules,
        first: first_player(first),
    };
    let (app, caller) = invocation(ctx);
    let response = blocking(move || app.challenge(&caller, request)).await?;
    answer_command(ctx, response).await
}

/// Starts a game of `rules` against the computer at `level`, the caller moving first.
pub(super) async fn play_computer(
    ctx: Context<'_>,
    level: Level,
    rules: RuleChoice,
) -> Result<(), Error> {
    let request = PlayRequest {
        computer: ctx.data().me.clone(),
        level,
        rules,
    };
    let (app, caller) = invocation(ctx);
    let response = blocking(move || app.play_computer(&caller, request)).await?;
    answer_command(ctx, response).await
}
