//! Tournaments, the same under every game's root: the one implementation of `tournament new`
//! (each game's `new` only adds its own rule options and hands the rules they choose to
//! [`new_tournament`]), and `standings`, `list` and `withdraw`.

use super::context::{invocation, kind, locale};
use crate::app::games::RuleChoice;
use crate::app::text::TournamentText;
use crate::app::{Text, TournamentRequest};
use crate::discord::answer::answer_command;
use crate::discord::blocking::blocking;
use crate::discord::data::Context;
use crate::discord::error::Error;
use crate::store::Format;

/// Formats offered by `/… tournament new`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    /// Swiss rounds.
    #[name = "swiss"]
    Swiss,
    /// Everyone plays everyone once.
    #[name = "round-robin"]
    RoundRobin,
    /// Everyone plays everyone twice, colours reversed.
    #[name = "double-round-robin"]
    DoubleRoundRobin,
}

/// The options of `/… tournament new` that every game offers, as typed.
pub(super) struct NewTournament {
    /// How rounds are paired.
    pub(super) format: FormatChoice,
    /// Swiss rounds (`None`: decided from the number of players at the start).
    pub(super) rounds: Option<u32>,
    /// Time per move in seconds (`None`: the server's turn timeout).
    pub(super) turn_seconds: Option<u64>,
    /// Whether the organiser starts each round after the first (`None`: no).
    pub(super) manual_rounds: Option<bool>,
    /// The most players it takes.
    pub(super) max_players: Option<u32>,
    /// When it starts by itself: Unix seconds or a Discord timestamp, as typed.
    pub(super) start: Option<String>,
}

/// A start time as typed: Unix seconds, or a Discord timestamp (`<t:1767225600:F>`).
fn start_time(start: Option<&str>) -> Result<Option<u64>, ()> {
    let Some(start) = start.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let digits = start
        .strip_prefix("<t:")
        .map(|rest| rest.trim_end_matches('>').split(':').next().unwrap_or(""))
        .unwrap_or(start);
    digits.parse().map(Some).map_err(|_| ())
}

/// Opens a tournament of the game `rules` choose with the options of `/… tournament new`.
pub(super) async fn new_tournament(
    ctx: Context<'_>,
    rules: RuleChoice,
    options: NewTournament,
) -> Result<(), Error> {
    let Ok(starts_s) = start_time(options.start.as_deref()) else {
        let text = Text::from(TournamentText::StartUnreadable).render(locale(ctx));
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        return Ok(());
    };
    let request = TournamentRequest {
        rules,
        format: match options.format {
            FormatChoice::Swiss => Format::Swiss {
                rounds: options.rounds.unwrap_or(0),
            },
            FormatChoice::RoundRobin => Format::RoundRobin { double: false },
            FormatChoice::DoubleRoundRobin => Format::RoundRobin { double: true },
        },
        turn_s: options.turn_seconds,
        manual: options.manual_rounds.unwrap_or(false),
        limit: options.max_players,
        starts_s,
    };
    let (app, caller) = invocation(ctx);
    let response = blocking(move || app.new_tournament(&caller, request)).await?;
    answer_command(ctx, response).await
}

/// The standings of this server's latest tournament of the game.
#[poise::command(slash_command, rename = "standings")]
pub(super) async fn tournament_standings(ctx: Context<'_>) -> Result<(), Error> {
    let ((app, caller), kind) = (invocation(ctx), kind(ctx)?);
    let response = blocking(move || app.tournament_standings(&caller, kind)).await?;
    answer_command(ctx, response).await
}

/// The tournaments of the game in this server.
#[poise::command(slash_command, rename = "list")]
pub(super) async fn tournament_list(ctx: Context<'_>) -> Result<(), Error> {
    let ((app, caller), kind) = (invocation(ctx), kind(ctx)?);
    let response = blocking(move || app.tournament_list(&caller, kind)).await?;
    answer_command(ctx, response).await
}

/// Withdraw from the tournament of the game you play in this server.
#[poise::command(slash_command, rename = "withdraw")]
pub(super) async fn tournament_withdraw(ctx: Context<'_>) -> Result<(), Error> {
    let kind = kind(ctx)?;
    let (app, caller) = invocation(ctx);
    let response = blocking(move || app.tournament_withdraw(&caller, kind)).await?;
    answer_command(ctx, response).await
}
