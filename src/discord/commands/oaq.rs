//! `/oaq`: Ô ăn quan's root and the subcommands that take its rule options (`rules`,
//! `quan_value`): `challenge`, `play`, `settings` and `tournament new`.

use poise::serenity_prelude as serenity;

use super::challenge::{
    challenge_with, first_player, level, play_computer, FirstChoice, LevelChoice,
};
use super::game::{board, help, play_move, resign, rules};
use super::settings::{change_settings, shared_settings};
use super::social::{games, history, leaderboard, replay, stats};
use super::tournament::{
    new_tournament, tournament_list, tournament_standings, tournament_withdraw, FormatChoice,
    NewTournament,
};
use crate::app::games::oaq::{OaqChoice, Preset};
use crate::app::games::RuleChoice;
use crate::app::SettingsChange;
use crate::discord::data::Context;
use crate::discord::error::Error;

/// Rules presets offered by `/oaq challenge`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RulesChoice {
    /// The seed documents' rules.
    #[name = "standard"]
    Standard,
    /// Vietnamese folk rules.
    #[name = "folk"]
    Folk,
    /// Standard with the young-mandarin rule.
    #[name = "young"]
    Young,
}

/// Mandarin values offered by `/oaq challenge`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum QuanChoice {
    /// 10 points.
    #[name = "10"]
    Ten,
    /// 5 points.
    #[name = "5"]
    Five,
}

/// The rules preset a command chose, if any.
fn preset(rules: Option<RulesChoice>) -> Option<Preset> {
    rules.map(|r| match r {
        RulesChoice::Standard => Preset::Standard,
        RulesChoice::Folk => Preset::Folk,
        RulesChoice::Young => Preset::Young,
    })
}

/// The mandarin's value a command chose, if any.
fn quan(quan_value: Option<QuanChoice>) -> Option<u8> {
    quan_value.map(|q| match q {
        QuanChoice::Ten => 10,
        QuanChoice::Five => 5,
    })
}

/// The Ô ăn quan rules a command's options choose.
fn oaq_rules(rules: Option<RulesChoice>, quan_value: Option<QuanChoice>) -> RuleChoice {
    RuleChoice::Oaq(OaqChoice {
        preset: preset(rules),
        quan_value: quan(quan_value),
    })
}

/// Play Ô ăn quan, the Vietnamese mandarin-square game.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "play",
        "play_move",
        "board",
        "resign",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "games",
        "settings",
        "oaq_tournament",
        "help"
    ),
    subcommand_required
)]
pub async fn oaq(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone) to a game of Ô ăn quan.
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    rules: Option<RulesChoice>,
    quan_value: Option<QuanChoice>,
    first: Option<FirstChoice>,
) -> Result<(), Error> {
    challenge_with(ctx, opponent, oaq_rules(rules, quan_value), first).await
}

/// Play the computer right away (you move first).
#[poise::command(slash_command)]
async fn play(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
    rules: Option<RulesChoice>,
    quan_value: Option<QuanChoice>,
) -> Result<(), Error> {
    play_computer(ctx, self::level(level), oaq_rules(rules, quan_value)).await
}

/// Server settings: default rules, first player, timeouts, allowed channels (Manage Server).
///
/// Discord applies `default_member_permissions` to top-level commands only, so the real guard
/// is the permission check on the interaction's member, in the app.
#[poise::command(slash_command, default_member_permissions = "MANAGE_GUILD")]
#[allow(clippy::too_many_arguments)]
async fn settings(
    ctx: Context<'_>,
    rules: Option<RulesChoice>,
    quan_value: Option<QuanChoice>,
    first: Option<FirstChoice>,
    turn_timeout_minutes: Option<u64>,
    challenge_timeout_minutes: Option<u64>,
    allow_channel: Option<serenity::ChannelId>,
    remove_channel: Option<serenity::ChannelId>,
    any_channel: Option<bool>,
    threads: Option<bool>,
) -> Result<(), Error> {
    let change = SettingsChange {
        rules: Some(oaq_rules(rules, quan_value)).filter(|r| !r.is_empty()),
        first: first_player(first),
        ..shared_settings(
            turn_timeout_minutes,
            challenge_timeout_minutes,
            allow_channel,
            remove_channel,
            any_channel,
            threads,
        )
    };
    change_settings(ctx, change).await
}

/// Swiss and round-robin tournaments of Ô ăn quan in this server.
#[poise::command(
    slash_command,
    rename = "tournament",
    subcommands(
        "oaq_tournament_new",
        "tournament_standings",
        "tournament_list",
        "tournament_withdraw"
    ),
    subcommand_required
)]
async fn oaq_tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a Swiss or round-robin tournament of Ô ăn quan in this channel.
#[poise::command(slash_command, rename = "new")]
#[allow(clippy::too_many_arguments)]
async fn oaq_tournament_new(
    ctx: Context<'_>,
    format: FormatChoice,
    rounds: Option<u32>,
    turn_seconds: Option<u64>,
    manual_rounds: Option<bool>,
    max_players: Option<u32>,
    start: Option<String>,
    rules: Option<RulesChoice>,
    quan_value: Option<QuanChoice>,
) -> Result<(), Error> {
    let options = NewTournament {
        format,
        rounds,
        turn_seconds,
        manual_rounds,
        max_players,
        start,
    };
    new_tournament(ctx, oaq_rules(rules, quan_value), options).await
}
