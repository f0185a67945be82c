//! `/chinese-checkers`: Chinese checkers' root, `new` (a table of 2 to 6 players), and the
//! subcommands of its own (`challenge`, `play` and `tournament new`, with its rule options).

use poise::serenity_prelude as serenity;

use super::challenge::{challenge_with, level, play_computer, FirstChoice, LevelChoice};
use super::context::invocation;
use super::game::{board, help, play_move, resign, rules};
use super::social::{games, history, leaderboard, replay, stats};
use super::tournament::{
    new_tournament, tournament_list, tournament_standings, tournament_withdraw, FormatChoice,
    NewTournament,
};
use crate::app::games::chinese_checkers::{AntiSpoil, CheckersChoice, ForeignStop, GoalLock};
use crate::app::games::RuleChoice;
use crate::app::LobbyRequest;
use crate::discord::answer::answer_command;
use crate::discord::blocking::blocking;
use crate::discord::data::Context;
use crate::discord::error::Error;

/// Seat counts offered by `/chinese-checkers new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PlayersChoice {
    /// Two players.
    #[name = "2"]
    Two,
    /// Three players.
    #[name = "3"]
    Three,
    /// Four players.
    #[name = "4"]
    Four,
    /// Six players.
    #[name = "6"]
    Six,
}

/// Sets of pegs per player offered by `/chinese-checkers new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SetsChoice {
    /// One set each.
    #[name = "1"]
    One,
    /// Two sets each (three players).
    #[name = "2"]
    Two,
    /// Three sets each (two players).
    #[name = "3"]
    Three,
}

/// The `anti_spoil` options of `/chinese-checkers new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum AntiSpoilChoice {
    /// Swap with an opponent's peg in your goal.
    #[name = "swap"]
    Swap,
    /// A full goal with one of your pegs wins.
    #[name = "full"]
    Full,
    /// All ten goal holes must be yours.
    #[name = "none"]
    None,
}

/// The `goal_lock` options of `/chinese-checkers new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum GoalLockChoice {
    /// A move that starts in the goal ends in it.
    #[name = "final"]
    Final,
    /// Every hop of such a move lands in the goal.
    #[name = "path"]
    Path,
    /// Pegs may leave the goal.
    #[name = "off"]
    Off,
}

/// The `foreign_stop` options of `/chinese-checkers new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ForeignStopChoice {
    /// Not in other players' triangles.
    #[name = "forbid_players"]
    ForbidPlayers,
    /// Anywhere.
    #[name = "allowed"]
    Allowed,
    /// Only in one's own triangles and the hexagon.
    #[name = "forbid_all"]
    ForbidAll,
}

/// The Chinese checkers rules a command's options choose.
fn checkers_choice(
    sets: Option<SetsChoice>,
    play_on: Option<bool>,
    anti_spoil: Option<AntiSpoilChoice>,
    goal_lock: Option<GoalLockChoice>,
    foreign_stop: Option<ForeignStopChoice>,
    long_jumps: Option<bool>,
) -> CheckersChoice {
    CheckersChoice {
        sets: sets.map(|s| match s {
            SetsChoice::One => 1,
            SetsChoice::Two => 2,
            SetsChoice::Three => 3,
        }),
        play_on,
        anti_spoil: anti_spoil.map(|a| match a {
            AntiSpoilChoice::Swap => AntiSpoil::Swap,
            AntiSpoilChoice::Full => AntiSpoil::Full,
            AntiSpoilChoice::None => AntiSpoil::None,
        }),
        goal_lock: goal_lock.map(|g| match g {
            GoalLockChoice::Final => GoalLock::Final,
            GoalLockChoice::Path => GoalLock::Path,
            GoalLockChoice::Off => GoalLock::Off,
        }),
        foreign_stop: foreign_stop.map(|f| match f {
            ForeignStopChoice::ForbidPlayers => ForeignStop::ForbidPlayers,
            ForeignStopChoice::Allowed => ForeignStop::Allowed,
            ForeignStopChoice::ForbidAll => ForeignStop::ForbidAll,
        }),
        long_jumps,
    }
}

/// Play Chinese checkers: a table of 2 to 6 players (`new`), or the same subcommands as
/// `/oaq` for two.
#[poise::command(
    slash_command,
    rename = "chinese-checkers",
    subcommands(
        "checkers_new",
        "checkers_challenge",
        "checkers_play",
        "play_move",
        "board",
        "resign",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "games",
        "checkers_tournament",
        "help"
    ),
    subcommand_required
)]
pub async fn chinese_checkers(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a table of Chinese checkers for 2 to 6 players, people and computers.
#[poise::command(slash_command, rename = "new")]
#[allow(clippy::too_many_arguments)]
async fn checkers_new(
    ctx: Context<'_>,
    players: Option<PlayersChoice>,
    sets: Option<SetsChoice>,
    #[rename = "play-on"] play_on: Option<bool>,
    #[rename = "anti-spoil"] anti_spoil: Option<AntiSpoilChoice>,
    #[rename = "goal-lock"] goal_lock: Option<GoalLockChoice>,
    #[rename = "foreign-stop"] foreign_stop: Option<ForeignStopChoice>,
    #[rename = "long-jumps"] long_jumps: Option<bool>,
) -> Result<(), Error> {
    let choice = checkers_choice(
        sets,
        play_on,
        anti_spoil,
        goal_lock,
        foreign_stop,
        long_jumps,
    );
    let request = LobbyRequest {
        rules: RuleChoice::ChineseCheckers(choice),
        seats: players.map(|p| match p {
            PlayersChoice::Two => 2,
            PlayersChoice::Three => 3,
            PlayersChoice::Four => 4,
            PlayersChoice::Six => 6,
        }),
        computer: ctx.data().me.clone(),
    };
    let (app, caller) = invocation(ctx);
    let response = blocking(move || app.open_lobby(&caller, request)).await?;
    answer_command(ctx, response).await
}

/// Challenge someone (or anyone) to a game of Chinese checkers.
#[poise::command(slash_command, rename = "challenge")]
async fn checkers_challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    first: Option<FirstChoice>,
) -> Result<(), Error> {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice::default());
    challenge_with(ctx, opponent, rules, first).await
}

/// Play the computer at Chinese checkers right away (you move first).
#[poise::command(slash_command, rename = "play")]
async fn checkers_play(ctx: Context<'_>, level: Option<LevelChoice>) -> Result<(), Error> {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice::default());
    play_computer(ctx, self::level(level), rules).await
}

/// Swiss and round-robin tournaments of Chinese checkers in this server.
#[poise::command(
    slash_command,
    rename = "tournament",
    subcommands(
        "checkers_tournament_new",
        "tournament_standings",
        "tournament_list",
        "tournament_withdraw"
    ),
    subcommand_required
)]
async fn checkers_tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a Swiss or round-robin tournament of two-player Chinese checkers in this channel.
#[poise::command(slash_command, rename = "new")]
#[allow(clippy::too_many_arguments)]
async fn checkers_tournament_new(
    ctx: Context<'_>,
    format: FormatChoice,
    rounds: Option<u32>,
    turn_seconds: Option<u64>,
    manual_rounds: Option<bool>,
    max_players: Option<u32>,
    start: Option<String>,
    sets: Option<SetsChoice>,
    #[rename = "play-on"] play_on: Option<bool>,
    #[rename = "anti-spoil"] anti_spoil: Option<AntiSpoilChoice>,
    #[rename = "goal-lock"] goal_lock: Option<GoalLockChoice>,
    #[rename = "foreign-stop"] foreign_stop: Option<ForeignStopChoice>,
    #[rename = "long-jumps"] long_jumps: Option<bool>,
) -> Result<(), Error> {
    let choice = checkers_choice(
        sets,
        play_on,
        anti_spoil,
        goal_lock,
        foreign_stop,
        long_jumps,
    );
    let options = NewTournament {
        format,
        rounds,
        turn_seconds,
        manual_rounds,
        max_players,
        start,
    };
    new_tournament(ctx, RuleChoice::ChineseCheckers(choice), options).await
}
