//! `/shogi`: Shogi's root and the subcommands of its own (`challenge` with furigoma, `play`,
//! `settings` and `tournament new`, which take no rule options).

use poise::serenity_prelude as serenity;

use super::challenge::{challenge_with, level, play_computer, FirstChoice, LevelChoice};
use super::game::{board, help, play_move, resign, rules};
use super::settings::{change_settings, shared_settings};
use super::social::{games, history, leaderboard, replay, stats};
use super::tournament::{
    new_tournament, tournament_list, tournament_standings, tournament_withdraw, FormatChoice,
    NewTournament,
};
use crate::app::games::shogi::ShogiChoice;
use crate::app::games::RuleChoice;
use crate::discord::data::Context;
use crate::discord::error::Error;

/// First-player choices offered by `/shogi challenge`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ShogiFirstChoice {
    /// Furigoma: the challenger tosses five pawns.
    #[name = "furigoma"]
    Furigoma,
    /// The challenger.
    #[name = "me"]
    Me,
    /// The opponent.
    #[name = "them"]
    Them,
}

/// Play Shogi, Japanese chess: the same subcommands as `/oaq`, for Shogi.
#[poise::command(
    slash_command,
    subcommands(
        "shogi_challenge",
        "shogi_play",
        "play_move",
        "board",
        "resign",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "games",
        "shogi_settings",
        "shogi_tournament",
        "help"
    ),
    subcommand_required
)]
pub async fn shogi(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone) to a game of Shogi.
#[poise::command(slash_command, rename = "challenge")]
async fn shogi_challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    first: Option<ShogiFirstChoice>,
) -> Result<(), Error> {
    let first = first.map(|f| match f {
        ShogiFirstChoice::Furigoma => FirstChoice::Coin,
        ShogiFirstChoice::Me => FirstChoice::Me,
        ShogiFirstChoice::Them => FirstChoice::Them,
    });
    challenge_with(ctx, opponent, RuleChoice::Shogi(ShogiChoice), first).await
}

/// Server settings shared by every game: timeouts, allowed channels, threads (Manage Server).
#[poise::command(
    slash_command,
    rename = "settings",
    default_member_permissions = "MANAGE_GUILD"
)]
#[allow(clippy::too_many_arguments)]
async fn shogi_settings(
    ctx: Context<'_>,
    turn_timeout_minutes: Option<u64>,
    challenge_timeout_minutes: Option<u64>,
    allow_channel: Option<serenity::ChannelId>,
    remove_channel: Option<serenity::ChannelId>,
    any_channel: Option<bool>,
    threads: Option<bool>,
) -> Result<(), Error> {
    let change = shared_settings(
        turn_timeout_minutes,
        challenge_timeout_minutes,
        allow_channel,
        remove_channel,
        any_channel,
        threads,
    );
    change_settings(ctx, change).await
}

/// Play the computer at Shogi right away (you move first).
#[poise::command(slash_command, rename = "play")]
async fn shogi_play(ctx: Context<'_>, level: Option<LevelChoice>) -> Result<(), Error> {
    play_computer(ctx, self::level(level), RuleChoice::Shogi(ShogiChoice)).await
}

/// Swiss and round-robin tournaments of Shogi in this server.
#[poise::command(
    slash_command,
    rename = "tournament",
    subcommands(
        "shogi_tournament_new",
        "tournament_standings",
        "tournament_list",
        "tournament_withdraw"
    ),
    subcommand_required
)]
async fn shogi_tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a Swiss or round-robin tournament of Shogi in this channel.
#[poise::command(slash_command, rename = "new")]
async fn shogi_tournament_new(
    ctx: Context<'_>,
    format: FormatChoice,
    rounds: Option<u32>,
    turn_seconds: Option<u64>,
    manual_rounds: Option<bool>,
    max_players: Option<u32>,
    start: Option<String>,
) -> Result<(), Error> {
    let options = NewTournament {
        format,
        rounds,
        turn_seconds,
        manual_rounds,
        max_players,
        start,
    };
    new_tournament(ctx, RuleChoice::Shogi(ShogiChoice), options).await
}
