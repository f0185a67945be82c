//! The thin Discord adapter: poise slash commands, a component router in the global event
//! handler (no collectors, so buttons survive restarts), and the translation of app
//! [`Response`]s into serenity builders. No rules and no storage calls live here.

pub mod components;
pub mod custom_id;
mod gate;
mod liveness;
pub mod localize;
pub mod metrics;
pub mod outbox;

use std::num::NonZeroU64;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, ChannelType, ComponentInteraction, ComponentInteractionDataKind,
    CreateActionRow, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, CreateThread, FullEvent, GatewayIntents, GuildId,
    HttpBuilder, Interaction, MessageId,
};
use thiserror::Error;

use crate::app::games::chinese_checkers::CheckersChoice;
use crate::app::games::oaq::OaqChoice;
use crate::app::games::shogi::ShogiChoice;
use crate::app::games::RuleChoice;
use crate::app::{
    Action, App, Attachment, Button, ChallengeRequest, ComputerTurn, LobbyRequest, Locale, Msg,
    Place, PlayRequest, Reply, Response, Select, SettingsChange, Style, Text, ThreadRequest, Track,
    UserRef,
};
use crate::games::oaq::Preset;
use crate::shards::Layout;
use crate::store::{FirstPlayer, GameKind, Level, OwedKey};
use components::Clicked;
use gate::{Gate, Gatekeeper};
use liveness::Liveness;
use outbox::Outbox;

/// How the bot connects.
#[derive(Clone)]
pub struct BotSettings {
    /// The bot token (from `DISCORD_TOKEN`; never logged).
    pub token: String,
    /// A Discord-compatible API base (proxy or fake), if any.
    pub api_base: Option<String>,
    /// Register commands in this guild only (instant), instead of globally.
    pub dev_guild: Option<u64>,
    /// Time between sweeps for expired challenges.
    pub expiry_sweep: Duration,
    /// How long a write to Discord may take before it counts as failed (and is retried).
    pub write_timeout: Duration,
    /// The configured shards, or `None` for all the shards Discord recommends.
    pub layout: Option<Layout>,
    /// Where to serve metrics and health, if anywhere.
    pub metrics: Option<std::net::SocketAddr>,
}

impl std::fmt::Debug for BotSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotSettings")
            .field("token", &"<hidden>")
            .field("api_base", &self.api_base)
            .field("dev_guild", &self.dev_guild)
            .field("expiry_sweep", &self.expiry_sweep)
            .field("write_timeout", &self.write_timeout)
            .field("layout", &self.layout)
            .field("metrics", &self.metrics)
            .finish()
    }
}

/// Why the bot stopped.
#[derive(Debug, Error)]
pub enum DiscordError {
    /// Discord answered 401 to the token.
    #[error("Discord rejected the bot token (401 Unauthorized). Copy a fresh token from the Developer Portal (your application → Bot → Reset Token) and set DISCORD_TOKEN to it")]
    TokenRejected,
    /// Discord could not be reached at start-up.
    #[error("cannot reach Discord at {base}: {reason}. Check the network, or discord.api_base / DISCORD_API_BASE")]
    Unreachable {
        /// The API base tried.
        base: String,
        /// serenity's error.
        reason: String,
    },
    /// The gateway connection failed for good.
    #[error("the Discord connection failed: {0}")]
    Gateway(String),
    /// The metrics endpoint could not be started.
    #[error("the metrics endpoint could not start: {0} (see metrics.listen)")]
    Metrics(String),
}

/// The error type of poise commands.
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler can reach.
pub struct Data {
    app: Arc<App>,
    /// The bot's own account: challenging it means playing the computer opponent.
    me: UserRef,
    /// Writes owed to Discord outside interaction answers.
    outbox: Outbox,
    /// Whether work is taken, and what is in flight.
    gate: Arc<Gate>,
}

/// Runs `f` (app work: store writes with flush, rendering) off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    Ok(tokio::task::spawn_blocking(f).await?)
}

fn style(style: Style) -> ButtonStyle {
    match style {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    }
}

fn button(button: &Button) -> CreateButton {
    CreateButton::new(custom_id::encode(&button.action))
        .label(button.label.clone())
        .style(style(button.style))
        .disabled(button.disabled)
}

fn select(select: &Select) -> CreateSelectMenu {
    let options = select
        .options
        .iter()
        .map(|o| CreateSelectMenuOption::new(o.label.clone(), o.value.clone()))
        .collect();
    CreateSelectMenu::new(
        custom_id::encode(&select.action),
        CreateSelectMenuKind::String { options },
    )
    .placeholder(select.placeholder.clone())
}

/// A message's select menus (a row each), then its rows of buttons, as action rows.
pub fn action_rows(msg: &Msg) -> Vec<CreateActionRow> {
    let selects = msg
        .selects
        .iter()
        .map(|s| CreateActionRow::SelectMenu(select(s)));
    let buttons = msg
        .rows
        .iter()
        .map(|row| CreateActionRow::Buttons(row.iter().map(button).collect()));
    selects.chain(buttons).collect()
}

/// A file as Discord's attachment, under its own name.
pub(crate) fn attachment(file: &Attachment) -> CreateAttachment {
    CreateAttachment::bytes(file.bytes.clone(), file.name.clone())
}

/// An interaction response message. Components are always set, so an empty list removes the
/// buttons of an updated message; a board always carries its PNG (the attachments trap).
fn response_message(msg: &Msg, ephemeral: bool) -> CreateInteractionResponseMessage {
    let mut builder = CreateInteractionResponseMessage::new()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .ephemeral(ephemeral);
    if !msg.files.is_empty() {
        builder = builder.files(msg.files.iter().map(attachment));
    }
    builder
}

fn create_reply(msg: &Msg, ephemeral: bool) -> poise::CreateReply {
    let mut reply = poise::CreateReply::default()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .ephemeral(ephemeral);
    for file in &msg.files {
        reply = reply.attachment(attachment(file));
    }
    reply
}

fn user_ref(user: &serenity::User) -> UserRef {
    UserRef {
        id: user.id.get(),
        name: user.display_name().to_owned(),
        bot: user.bot,
    }
}

/// Sends a command's response through poise, then records a posted board or challenge and
/// hands the owed writes to the outbox.
async fn answer_command(ctx: Context<'_>, response: Response) -> Result<(), Error> {
    let data = ctx.data();
    let sent = match &response.reply {
        Reply::Post { msg, track } => match ctx.send(create_reply(msg, false)).await {
            Ok(handle) => match (*track, handle.message().await) {
                (Some(track), Ok(message)) => {
                    let app = data.app.clone();
                    let id = message.id.get();
                    let owed = blocking(move || app.record_message(track, id)).await?;
                    data.outbox.poke(owed);
                    Ok(())
                }
                (_, Err(error)) => Err(error),
                (None, Ok(_)) => Ok(()),
            },
            Err(error) => {
                // A new game's board that could not be posted is posted by the outbox.
                if let Some(Track::Game(shown)) = track {
                    data.outbox.poke(vec![OwedKey::Board(shown.game)]);
                }
                Err(error)
            }
        },
        Reply::Private(msg) => ctx.send(create_reply(msg, true)).await.map(drop),
        Reply::Update(msg) => ctx.send(create_reply(msg, false)).await.map(drop),
    };
    data.outbox.send(response.edits);
    if let Some(turn) = response.computer {
        spawn_computer(data.app.clone(), data.outbox.clone(), &data.gate, turn);
    }
    if let Err(error) = &sent {
        metrics::discord_error(error);
    }
    sent?;
    Ok(())
}

/// Lets the computer opponent make the move it owes (and any that follow), off the async
/// threads; the outbox shows each on the board.
///
/// The task holds a pass of the gate: shutdown waits for the move. Once the gate is closed no
/// move starts; the next start makes it ([`resume_computer`]).
fn spawn_computer(app: Arc<App>, outbox: Outbox, gate: &Arc<Gate>, turn: ComputerTurn) {
    let Some(pass) = gate.enter() else {
        return;
    };
    tokio::spawn(async move {
        let _pass = pass;
        let mut turn = Some(turn);
        while let Some(owed) = turn.take() {
            let worker = app.clone();
            match blocking(move || worker.computer_move(owed)).await {
                Ok(Some(moved)) => {
                    outbox.send(vec![moved.edit]);
                    turn = moved.next;
                }
                Ok(None) => {}
                Err(error) => tracing::error!(%error, game = owed.game, "computer move failed"),
            }
        }
    });
}

fn locale(ctx: Context<'_>) -> Locale {
    ctx.locale().map(Locale::from_discord).unwrap_or_default()
}

/// What most commands hand to the app: the app, the caller's language, where, and who.
fn invocation(ctx: Context<'_>) -> (Arc<App>, Locale, Place, UserRef) {
    (
        ctx.data().app.clone(),
        locale(ctx),
        place(ctx),
        user_ref(ctx.author()),
    )
}

/// The game a subcommand is about: the one its root command names. The subcommands that mean
/// the same for every game (board, resign, rules, leaderboard, stats, history, replay, games)
/// are one implementation under each game's root.
fn kind(ctx: Context<'_>) -> GameKind {
    let root = ctx
        .parent_commands()
        .first()
        .map_or(&*ctx.command().name, |c| &*c.name);
    match root {
        "shogi" => GameKind::Shogi,
        "chinese-checkers" => GameKind::ChineseCheckers,
        _ => GameKind::Oaq,
    }
}

fn place(ctx: Context<'_>) -> Place {
    Place {
        guild: ctx.guild_id().map(|g| g.get()),
        channel: ctx.channel_id().get(),
    }
}

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

/// The bot's slash commands, named and described in every language of the catalogue
/// (descriptions and translations come from [`crate::app::text::commands::COMMANDS`]).
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![oaq(), shogi(), chinese_checkers()];
    commands.iter_mut().for_each(localize::localize);
    commands
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

fn preset(rules: Option<RulesChoice>) -> Option<Preset> {
    rules.map(|r| match r {
        RulesChoice::Standard => Preset::Standard,
        RulesChoice::Folk => Preset::Folk,
        RulesChoice::Young => Preset::Young,
    })
}

fn first_player(first: Option<FirstChoice>) -> Option<FirstPlayer> {
    first.map(|f| match f {
        FirstChoice::Rps => FirstPlayer::Rps,
        FirstChoice::Coin => FirstPlayer::Coin,
        FirstChoice::Me => FirstPlayer::Challenger,
        FirstChoice::Them => FirstPlayer::Opponent,
    })
}

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
        "help"
    ),
    subcommand_required
)]
pub async fn oaq(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
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

/// A change of the settings every game shares (no game's rules, no first player).
fn shared_settings(
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
        allow_channel: allow_channel.map(|c| c.get()),
        remove_channel: remove_channel.map(|c| c.get()),
        any_channel: any_channel.unwrap_or(false),
        threads,
    }
}

/// Play the computer at Shogi right away (you move first).
#[poise::command(slash_command, rename = "play")]
async fn shogi_play(ctx: Context<'_>, level: Option<LevelChoice>) -> Result<(), Error> {
    play_computer(ctx, self::level(level), RuleChoice::Shogi(ShogiChoice)).await
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
        "help"
    ),
    subcommand_required
)]
pub async fn chinese_checkers(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

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
    use crate::games::chinese_checkers as cc;
    let choice = CheckersChoice {
        sets: sets.map(|s| match s {
            SetsChoice::One => 1,
            SetsChoice::Two => 2,
            SetsChoice::Three => 3,
        }),
        play_on,
        anti_spoil: anti_spoil.map(|a| match a {
            AntiSpoilChoice::Swap => cc::AntiSpoil::Swap,
            AntiSpoilChoice::Full => cc::AntiSpoil::Full,
            AntiSpoilChoice::None => cc::AntiSpoil::None,
        }),
        goal_lock: goal_lock.map(|g| match g {
            GoalLockChoice::Final => cc::GoalLock::Final,
            GoalLockChoice::Path => cc::GoalLock::Path,
            GoalLockChoice::Off => cc::GoalLock::Off,
        }),
        foreign_stop: foreign_stop.map(|f| match f {
            ForeignStopChoice::ForbidPlayers => cc::ForeignStop::ForbidPlayers,
            ForeignStopChoice::Allowed => cc::ForeignStop::Allowed,
            ForeignStopChoice::ForbidAll => cc::ForeignStop::ForbidAll,
        }),
        long_jumps,
    };
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
    let (app, locale, place, user) = invocation(ctx);
    let response = blocking(move || app.open_lobby(locale, place, &user, request)).await?;
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

/// Challenges `opponent` (or anyone) to the game `rules` choose; challenging the bot itself
/// plays the computer.
async fn challenge_with(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    rules: RuleChoice,
    first: Option<FirstChoice>,
) -> Result<(), Error> {
    if opponent.as_ref().map(|o| o.id.get()) == Some(ctx.data().me.id) {
        return play_computer(ctx, Level::Medium, rules).await;
    }
    let request = ChallengeRequest {
        opponent: opponent.as_ref().map(user_ref),
        rules,
        first: first_player(first),
    };
    let (app, locale, place, user) = invocation(ctx);
    let response = blocking(move || app.challenge(locale, place, &user, request)).await?;
    answer_command(ctx, response).await
}

/// The level a command chose (medium by default).
fn level(level: Option<LevelChoice>) -> Level {
    match level.unwrap_or(LevelChoice::Medium) {
        LevelChoice::Easy => Level::Easy,
        LevelChoice::Medium => Level::Medium,
        LevelChoice::Hard => Level::Hard,
    }
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

async fn play_computer(ctx: Context<'_>, level: Level, rules: RuleChoice) -> Result<(), Error> {
    let request = PlayRequest {
        computer: ctx.data().me.clone(),
        level,
        rules,
    };
    let (app, locale, place, user) = invocation(ctx);
    let response = blocking(move || app.play_computer(locale, place, &user, request)).await?;
    answer_command(ctx, response).await
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

/// Applies a settings change if the member may manage the server.
async fn change_settings(ctx: Context<'_>, change: SettingsChange) -> Result<(), Error> {
    let manage_guild = match ctx {
        poise::Context::Application(actx) => actx
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    };
    let (app, locale, place, kind) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx));
    let response =
        blocking(move || app.server_settings(locale, place, manage_guild, change, kind)).await?;
    answer_command(ctx, response).await
}

/// Post the current board of this channel's game again.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, kind) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx));
    let response = blocking(move || app.board(locale, place, kind)).await?;
    answer_command(ctx, response).await
}

/// The legal moves of the caller's game here that match what they have typed so far.
async fn suggest_moves(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let (app, _, place, user) = invocation(ctx);
    let typed = typed.to_owned();
    let choices = blocking(move || app.move_choices(place, &user, &typed))
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
async fn play_move(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "suggest_moves"]
    mv: String,
) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let kind = kind(ctx);
    let response = blocking(move || app.typed_move(locale, place, &user, &mv, kind)).await?;
    answer_command(ctx, response).await
}

/// Resign your game in this channel.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let kind = kind(ctx);
    let response = blocking(move || app.resign(locale, place, &user, kind)).await?;
    answer_command(ctx, response).await
}

/// The rules of the game in this channel (or the default rules).
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, game) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx));
    let response = blocking(move || app.rules(locale, place, game)).await?;
    answer_command(ctx, response).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let response = ctx.data().app.help(locale(ctx), kind(ctx));
    answer_command(ctx, response).await
}

/// This server's Ô ăn quan ratings, ten players a page.
#[poise::command(slash_command)]
async fn leaderboard(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let (app, locale, place, game) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx));
    let page = page.map(u64::from);
    let response = blocking(move || app.leaderboard(locale, place, game, page)).await?;
    answer_command(ctx, response).await
}

/// A player's rating, record, recent games and rating chart in this server.
#[poise::command(slash_command)]
async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let (game, player) = (kind(ctx), player.as_ref().map(user_ref));
    let response = blocking(move || app.stats(locale, place, game, &user, player.as_ref())).await?;
    answer_command(ctx, response).await
}

/// Recent finished games of a player, or of this server.
#[poise::command(slash_command)]
async fn history(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let (game, player) = (kind(ctx), player.as_ref().map(user_ref));
    let response =
        blocking(move || app.history(locale, place, game, &user, player.as_ref())).await?;
    answer_command(ctx, response).await
}

/// An animation of a game, move by move, with its record.
#[poise::command(slash_command)]
async fn replay(ctx: Context<'_>, game: u64) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let (finder, kind) = (app.clone(), kind(ctx));
    let found = blocking(move || finder.find_replay(locale, place, &user, game, kind)).await?;
    let request = match found {
        Ok(request) => request.within(upload_limit(ctx)),
        Err(refusal) => return answer_command(ctx, *refusal).await,
    };
    // Drawing and encoding every frame takes a second or two: acknowledge first.
    ctx.defer().await?;
    let response = blocking(move || app.replay(locale, &request)).await?;
    answer_command(ctx, response).await
}

/// The most bytes the interaction's answer may attach (Discord's default for a prefix
/// command, which carries no limit).
fn upload_limit(ctx: Context<'_>) -> u64 {
    match ctx {
        poise::Context::Application(ctx) => u64::from(ctx.interaction.attachment_size_limit),
        poise::Context::Prefix(_) => crate::app::DEFAULT_UPLOAD_LIMIT,
    }
}

/// The games being played in this server, with links to watch them.
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, game) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx));
    let response = blocking(move || app.games(locale, place, game)).await?;
    answer_command(ctx, response).await
}

/// Routes a button click: check that the `custom_id` is one of the clicked message's own,
/// decode it, ask the app, answer the interaction, then settle the board it showed (or, if
/// the answer failed, have the outbox write it) and hand the other owed writes to the outbox.
///
/// An id that the clicked message does not carry (crafted by hand, or of an older drawing of
/// the message) is never acted on and never edits the message: it gets a private answer.
async fn on_component(ctx: &serenity::Context, data: &Data, interaction: &ComponentInteraction) {
    let started = std::time::Instant::now();
    let locale = Locale::from_discord(&interaction.locale);
    let custom_id = interaction.data.custom_id.as_str();
    let clicked = Some(interaction.message.id.get());
    let values = match &interaction.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => Some(values.as_slice()),
        _ => None,
    };
    // A select menu's choice completes its action (the move chosen).
    let decoded = custom_id::decode(custom_id).and_then(|action| match values {
        Some(values) => values
            .first()
            .and_then(|value| action.with_choice(value))
            .ok_or_else(|| custom_id::CustomIdError(custom_id.to_owned())),
        None => Ok(action),
    });
    // Where the click happened comes from Discord, never from the button's id.
    let place = Place {
        guild: interaction.guild_id.map(|g| g.get()),
        channel: interaction.channel_id.get(),
    };
    let response = match (
        components::clicked(&interaction.message, custom_id, values),
        decoded,
    ) {
        (Clicked::OnMessage, Ok(action)) if action.slow() => {
            return answer_slow(ctx, data, interaction, locale, place, action).await;
        }
        (Clicked::OnMessage, Ok(action)) => {
            click(data, locale, place, &interaction.user, action, clicked).await
        }
        (Clicked::SameGame(action), _) => {
            tracing::info!(custom_id, "a button not on the clicked message");
            let app = data.app.clone();
            blocking(move || app.stale_click(locale, place, action))
                .await
                .unwrap_or_else(|error| {
                    tracing::error!(%error, "answering a stale click failed");
                    Response::private(Text::Apology.render(locale))
                })
        }
        (Clicked::Foreign, _) => {
            tracing::warn!(custom_id, "a button not on the clicked message");
            Response::private(Text::ButtonNotHere.render(locale))
        }
        (Clicked::OnMessage, Err(error)) => {
            tracing::warn!(%error, "malformed button id");
            Response::private(Text::UnknownButton.render(locale))
        }
    };
    let (builder, track) = match &response.reply {
        Reply::Update(msg) => (
            CreateInteractionResponse::UpdateMessage(response_message(msg, false)),
            None,
        ),
        Reply::Private(msg) => (
            CreateInteractionResponse::Message(response_message(msg, true)),
            None,
        ),
        Reply::Post { msg, track } => (
            CreateInteractionResponse::Message(response_message(msg, false)),
            *track,
        ),
    };
    let answered = interaction.create_response(&ctx.http, builder).await;
    metrics::click_answered(started.elapsed());
    match answered {
        Ok(()) => {
            if let Some(shown) = response.shows {
                let app = data.app.clone();
                match blocking(move || app.board_shown(shown, clicked)).await {
                    Ok(owed) => data.outbox.poke(owed),
                    Err(error) => tracing::error!(%error, "settling a shown board failed"),
                }
            }
            if let Some(track) = track {
                record_posted(ctx, data, interaction, track).await;
            }
        }
        Err(error) => {
            metrics::discord_error(&error);
            tracing::warn!(custom_id, %error, "could not answer a button click");
            // The change is stored: the public board is brought up to date by REST.
            if let Some(shown) = response.shows {
                data.outbox.poke(vec![OwedKey::Board(shown.game)]);
            }
        }
    }
    data.outbox.send(response.edits);
    if let Some(turn) = response.computer {
        spawn_computer(data.app.clone(), data.outbox.clone(), &data.gate, turn);
    }
    if let Some(request) = response.thread {
        open_thread(&ctx.http, data, request).await;
    }
}

/// Answers a click whose answer takes seconds ([`Action::slow`]): acknowledges it at once
/// (the answer will be private), asks the app off the async threads, then sends the answer as
/// a private follow-up.
async fn answer_slow(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
    locale: Locale,
    place: Place,
    action: Action,
) {
    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    if let Err(error) = interaction.create_response(&ctx.http, defer).await {
        tracing::warn!(%error, ?action, "could not acknowledge a click");
        return;
    }
    let clicked = Some(interaction.message.id.get());
    let response = click(data, locale, place, &interaction.user, action, clicked).await;
    // A slow action's answer is private: whatever the app answered is shown to the clicker.
    let (Reply::Private(msg) | Reply::Update(msg) | Reply::Post { msg, .. }) = &response.reply;
    let followup = CreateInteractionResponseFollowup::new()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .add_files(msg.files.iter().map(attachment))
        .ephemeral(true);
    if let Err(error) = interaction.create_followup(&ctx.http, followup).await {
        tracing::warn!(%error, ?action, "could not send the answer to a click");
    }
    data.outbox.send(response.edits);
}

/// Reads back the message a click's answer posted and records it for `track`.
async fn record_posted(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
    track: Track,
) {
    match interaction.get_response(&ctx.http).await {
        Ok(message) => {
            let app = data.app.clone();
            let id = message.id.get();
            match blocking(move || app.record_message(track, id)).await {
                Ok(owed) => data.outbox.poke(owed),
                Err(error) => tracing::error!(%error, "recording a message id failed"),
            }
        }
        Err(error) => tracing::warn!(%error, "could not read back a posted message"),
    }
}

/// Opens a public thread from the accepted challenge's message and moves the game there; the
/// outbox posts its board in it. If Discord refuses the thread, the board is posted in the
/// channel.
async fn open_thread(http: &serenity::Http, data: &Data, request: ThreadRequest) {
    let (Some(channel), Some(message)) = (
        NonZeroU64::new(request.channel).map(ChannelId::from),
        NonZeroU64::new(request.message).map(MessageId::from),
    ) else {
        return;
    };
    let builder = CreateThread::new(request.name.clone()).kind(ChannelType::PublicThread);
    let thread = match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => Some(thread.id.get()),
        Err(error) => {
            tracing::warn!(%error, game = request.game, "could not open a thread: playing in the channel");
            None
        }
    };
    let game = request.game;
    let app = data.app.clone();
    match blocking(move || app.move_to_thread(game, thread)).await {
        Ok(Some(edit)) => data.outbox.send(vec![edit]),
        Ok(None) => {}
        Err(error) => tracing::error!(%error, game, "moving a game to its thread failed"),
    }
}

async fn click(
    data: &Data,
    locale: Locale,
    place: Place,
    user: &serenity::User,
    action: Action,
    clicked: Option<u64>,
) -> Response {
    let app = data.app.clone();
    let user = user_ref(user);
    match blocking(move || app.click_on(locale, place, &user, action, clicked)).await {
        Ok(response) => response,
        Err(error) => {
            tracing::error!(%error, ?action, "button handler failed");
            Response::private(Text::Apology.render(locale))
        }
    }
}

async fn on_event(ctx: &serenity::Context, event: &FullEvent, data: &Data) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(component),
    } = event
    {
        on_component(ctx, data, component).await;
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            let text = Text::Apology.render(locale(ctx));
            if let Err(e) = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await
            {
                tracing::warn!(%e, "could not send the apology");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(%e, "error while handling an error");
            }
        }
    }
}

/// Periodically expires challenges, settles turns that ran out of time, and edits their
/// messages. The first sweep runs at once, so games that ran out while the bot was down are
/// settled at start-up.
fn spawn_expiry(outbox: Outbox, app: Arc<App>, gate: Arc<Gate>, every: Duration) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        loop {
            interval.tick().await;
            let app = app.clone();
            let worker = app.clone();
            let sweep = move || {
                let mut edits = worker.expire_challenges();
                let (settled, turns) = worker.settle_turns();
                edits.extend(settled);
                (edits, turns)
            };
            match blocking(sweep).await {
                Ok((edits, turns)) => {
                    outbox.send(edits);
                    for turn in turns {
                        spawn_computer(app.clone(), outbox.clone(), &gate, turn);
                    }
                }
                Err(error) => tracing::error!(%error, "expiry sweep failed"),
            }
        }
    });
}

/// At start-up: the computer makes the moves it owed when the bot stopped.
async fn resume_computer(outbox: Outbox, app: Arc<App>, gate: &Arc<Gate>) {
    let worker = app.clone();
    match blocking(move || worker.computer_turns()).await {
        Ok(turns) => {
            for turn in turns {
                spawn_computer(app.clone(), outbox.clone(), gate, turn);
            }
        }
        Err(error) => tracing::error!(%error, "could not list the computer's owed moves"),
    }
}

fn http_client(settings: &BotSettings) -> serenity::Http {
    let mut builder = HttpBuilder::new(&settings.token);
    if let Some(base) = &settings.api_base {
        // serenity ignores the proxy while its own rate limiter is on (specs/discord.md).
        builder = builder
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    builder.build()
}

/// How long shutdown waits for the interactions and computer moves in flight.
const DRAIN_LIMIT: Duration = Duration::from_secs(20);

/// Maps a failed start-up request to the reason the bot cannot start.
fn unreachable(settings: &BotSettings, error: serenity::Error) -> DiscordError {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e))
            if e.status_code.as_u16() == 401 =>
        {
            DiscordError::TokenRejected
        }
        e => DiscordError::Unreachable {
            base: settings
                .api_base
                .clone()
                .unwrap_or_else(|| String::from("https://discord.com")),
            reason: e.to_string(),
        },
    }
}

/// Checks the token and settles which shards this process runs: the configured layout, or
/// every shard of the count Discord recommends (`GET /gateway/bot`).
pub async fn connect(settings: &BotSettings) -> Result<Layout, DiscordError> {
    let http = http_client(settings);
    let me = http
        .get_current_user()
        .await
        .map_err(|e| unreachable(settings, e))?;
    tracing::info!(bot = %me.name, id = me.id.get(), "token accepted");
    let layout = match settings.layout {
        Some(layout) => layout,
        None => {
            let gateway = http
                .get_bot_gateway()
                .await
                .map_err(|e| unreachable(settings, e))?;
            Layout::all(gateway.shards).map_err(|e| {
                DiscordError::Gateway(format!("Discord recommends {} shards: {e}", gateway.shards))
            })?
        }
    };
    tracing::info!(%layout, "running");
    Ok(layout)
}

/// Registers the commands once, serves the shards of `layout` until they stop, and shuts down
/// gracefully on Ctrl-C or SIGTERM: no new interactions are taken, those in flight and the
/// computer's moves are finished (their records are flushed as each completes), then the
/// shards are closed and this returns.
pub async fn run(settings: BotSettings, layout: Layout, app: Arc<App>) -> Result<(), DiscordError> {
    let http = http_client(&settings);
    let dev_guild = settings.dev_guild;
    let sweep = settings.expiry_sweep;
    let write_timeout = settings.write_timeout;
    let gate = Gate::new(layout);
    let setup_gate = gate.clone();
    let setup_app = app.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            on_error: |error| Box::pin(on_error(error)),
            // No owner-only commands: skip the application-info lookup.
            initialize_owners: false,
            event_handler: |framework, event| {
                Box::pin(on_event(
                    framework.serenity_context,
                    event,
                    framework.user_data,
                ))
            },
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            let (app, gate) = (setup_app, setup_gate);
            Box::pin(async move {
                let commands = &framework.options().commands;
                match dev_guild.and_then(NonZeroU64::new) {
                    Some(guild) => {
                        poise::builtins::register_in_guild(ctx, commands, GuildId::from(guild))
                            .await?;
                        tracing::info!(
                            guild = guild.get(),
                            "commands registered in the development guild"
                        );
                    }
                    None => {
                        poise::builtins::register_globally(ctx, commands).await?;
                        tracing::info!("commands registered globally");
                    }
                }
                let outbox = Outbox::spawn(ctx.http.clone(), app.clone(), write_timeout);
                spawn_expiry(outbox.clone(), app.clone(), gate.clone(), sweep);
                resume_computer(outbox.clone(), app.clone(), &gate).await;
                let me = UserRef {
                    id: ready.user.id.get(),
                    name: ready.user.name.clone(),
                    bot: true,
                };
                Ok(Data {
                    app,
                    me,
                    outbox,
                    gate,
                })
            })
        })
        .build();
    let gatekeeper = Gatekeeper {
        inner: framework,
        gate: gate.clone(),
    };
    let mut client = serenity::ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .framework(gatekeeper)
        .await
        .map_err(|e| DiscordError::Gateway(e.to_string()))?;
    if let Some(addr) = settings.metrics {
        let handle = metrics::install().map_err(|e| DiscordError::Metrics(e.to_string()))?;
        let endpoint = metrics::Endpoint {
            handle,
            shards: Liveness::spawn(client.shard_manager.clone(), layout),
            layout,
            app,
        };
        endpoint
            .serve(addr)
            .await
            .map_err(|e| DiscordError::Metrics(format!("cannot listen on {addr}: {e}")))?;
    }
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        let signal = shutdown_signal().await;
        tracing::info!(signal, "shutting down: taking no new interactions");
        gate.close();
        if !gate.drain(DRAIN_LIMIT).await {
            tracing::warn!(
                "work still running after {} s: stopping anyway (its records are consistent; \
                 owed Discord writes are retried at the next start)",
                DRAIN_LIMIT.as_secs()
            );
        }
        tracing::info!("disconnecting the shards");
        shards.shutdown_all().await;
    });
    // serenity's `start_shard_range` treats the end of its range as included.
    let range = layout.range();
    client
        .start_shard_range(range.first()..range.last(), layout.count())
        .await
        .map_err(|e| match e {
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
                DiscordError::TokenRejected
            }
            other => DiscordError::Gateway(other.to_string()),
        })
}

/// Waits for Ctrl-C or SIGTERM and names the one that came.
async fn shutdown_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = terminate.recv() => "SIGTERM",
            },
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM: only Ctrl-C stops the bot gracefully");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}
