//! The slash commands of the three roots (`/oaq`, `/shogi`, `/chinese-checkers`): their
//! options, and how each hands the caller, the place and the game to the app.

use super::*;
use crate::app::text::TournamentText;

pub(super) fn locale(ctx: Context<'_>) -> Locale {
    ctx.locale().map(Locale::from_discord).unwrap_or_default()
}

/// What most commands hand to the app: the app, the caller's language, where, and who.
pub(super) fn invocation(ctx: Context<'_>) -> (Arc<App>, Locale, Place, UserRef) {
    (
        ctx.data().app.clone(),
        locale(ctx),
        place(ctx),
        user_ref(ctx.author()),
    )
}

/// The game a command is about: the one [`commands`] attached to its root's tree. The
/// subcommands that mean the same for every game (board, resign, rules, leaderboard, stats,
/// history, replay, games) are one implementation under each game's root. A command that
/// carries no game is an internal error (logged, answered with an apology), never a guess.
pub(super) fn kind(ctx: Context<'_>) -> Result<GameKind, Error> {
    let command = ctx.command();
    match command.custom_data.downcast_ref::<GameKind>() {
        Some(&kind) => Ok(kind),
        None => Err(Box::new(NoGame(command.qualified_name.to_string()))),
    }
}

/// A command that was registered outside every game's tree.
#[derive(Debug, Error)]
#[error("the command `/{0}` carries no game (it was not registered under a game's root)")]
pub(super) struct NoGame(String);

pub(super) fn place(ctx: Context<'_>) -> Place {
    Place {
        guild: ctx.guild_id().map(|g| g.get()),
        channel: ctx.channel_id().get(),
    }
}

/// A failed command is logged and answered with a short apology; poise's other errors go to
/// its own handler.
pub(super) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
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

/// The bot's slash commands: one root per game, every command of its tree carrying that game
/// (read back by [`kind`]), named and described in every language of the catalogue
/// (descriptions and translations come from [`crate::app::text::commands::COMMANDS`]).
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    GameKind::ALL
        .into_iter()
        .map(|game| {
            let mut root = root(game);
            attach(&mut root, game);
            localize::localize(&mut root);
            root
        })
        .collect()
}

/// The root command of `game`.
fn root(game: GameKind) -> poise::Command<Data, Error> {
    match game {
        GameKind::Oaq => oaq(),
        GameKind::Shogi => shogi(),
        GameKind::ChineseCheckers => chinese_checkers(),
    }
}

/// Attaches `game` to `command` and every command under it.
fn attach(command: &mut poise::Command<Data, Error>, game: GameKind) {
    command.custom_data = Box::new(game);
    for sub in &mut command.subcommands {
        attach(sub, game);
    }
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

pub(super) fn preset(rules: Option<RulesChoice>) -> Option<Preset> {
    rules.map(|r| match r {
        RulesChoice::Standard => Preset::Standard,
        RulesChoice::Folk => Preset::Folk,
        RulesChoice::Young => Preset::Young,
    })
}

pub(super) fn first_player(first: Option<FirstChoice>) -> Option<FirstPlayer> {
    first.map(|f| match f {
        FirstChoice::Rps => FirstPlayer::Rps,
        FirstChoice::Coin => FirstPlayer::Coin,
        FirstChoice::Me => FirstPlayer::Challenger,
        FirstChoice::Them => FirstPlayer::Opponent,
    })
}

pub(super) fn quan(quan_value: Option<QuanChoice>) -> Option<u8> {
    quan_value.map(|q| match q {
        QuanChoice::Ten => 10,
        QuanChoice::Five => 5,
    })
}

/// The Ô ăn quan rules a command's options choose.
pub(super) fn oaq_rules(rules: Option<RulesChoice>, quan_value: Option<QuanChoice>) -> RuleChoice {
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
pub(super) async fn shogi_challenge(
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
pub(super) async fn shogi_settings(
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
        allow_channel: allow_channel.map(|c| c.get()),
        remove_channel: remove_channel.map(|c| c.get()),
        any_channel: any_channel.unwrap_or(false),
        threads,
    }
}

/// Play the computer at Shogi right away (you move first).
#[poise::command(slash_command, rename = "play")]
pub(super) async fn shogi_play(ctx: Context<'_>, level: Option<LevelChoice>) -> Result<(), Error> {
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
        "checkers_tournament",
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
pub(super) async fn checkers_new(
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
    let (app, locale, place, user) = invocation(ctx);
    let response = blocking(move || app.open_lobby(locale, place, &user, request)).await?;
    answer_command(ctx, response).await
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
    use crate::app::games::chinese_checkers as cc;
    CheckersChoice {
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
    }
}

/// Challenge someone (or anyone) to a game of Chinese checkers.
#[poise::command(slash_command, rename = "challenge")]
pub(super) async fn checkers_challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    first: Option<FirstChoice>,
) -> Result<(), Error> {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice::default());
    challenge_with(ctx, opponent, rules, first).await
}

/// Play the computer at Chinese checkers right away (you move first).
#[poise::command(slash_command, rename = "play")]
pub(super) async fn checkers_play(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
) -> Result<(), Error> {
    let rules = RuleChoice::ChineseCheckers(CheckersChoice::default());
    play_computer(ctx, self::level(level), rules).await
}

/// Challenge someone (or anyone) to a game of Ô ăn quan.
#[poise::command(slash_command)]
pub(super) async fn challenge(
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
pub(super) async fn challenge_with(
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
pub(super) fn level(level: Option<LevelChoice>) -> Level {
    match level.unwrap_or(LevelChoice::Medium) {
        LevelChoice::Easy => Level::Easy,
        LevelChoice::Medium => Level::Medium,
        LevelChoice::Hard => Level::Hard,
    }
}

/// Play the computer right away (you move first).
#[poise::command(slash_command)]
pub(super) async fn play(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
    rules: Option<RulesChoice>,
    quan_value: Option<QuanChoice>,
) -> Result<(), Error> {
    play_computer(ctx, self::level(level), oaq_rules(rules, quan_value)).await
}

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
pub(super) async fn settings(
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
    let (app, locale, place, kind) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let response =
        blocking(move || app.server_settings(locale, place, manage_guild, change, kind)).await?;
    answer_command(ctx, response).await
}

/// Post the current board of this channel's game again.
#[poise::command(slash_command)]
pub(super) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, kind) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let response = blocking(move || app.board(locale, place, kind)).await?;
    answer_command(ctx, response).await
}

/// The legal moves of the caller's game here that match what they have typed so far.
pub(super) async fn suggest_moves(
    ctx: Context<'_>,
    typed: &str,
) -> serenity::CreateAutocompleteResponse {
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
pub(super) async fn play_move(
    ctx: Context<'_>,
    #[rename = "move"]
    #[autocomplete = "suggest_moves"]
    mv: String,
) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let kind = kind(ctx)?;
    let response = blocking(move || app.typed_move(locale, place, &user, &mv, kind)).await?;
    answer_command(ctx, response).await
}

/// Resign your game in this channel.
#[poise::command(slash_command)]
pub(super) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let kind = kind(ctx)?;
    let response = blocking(move || app.resign(locale, place, &user, kind)).await?;
    answer_command(ctx, response).await
}

/// The rules of the game in this channel (or the default rules).
#[poise::command(slash_command)]
pub(super) async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, game) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let response = blocking(move || app.rules(locale, place, game)).await?;
    answer_command(ctx, response).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
pub(super) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let response = ctx.data().app.help(locale(ctx), kind(ctx)?);
    answer_command(ctx, response).await
}

/// This server's Ô ăn quan ratings, ten players a page.
#[poise::command(slash_command)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    #[min = 1] page: Option<u32>,
) -> Result<(), Error> {
    let (app, locale, place, game) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let page = page.map(u64::from);
    let response = blocking(move || app.leaderboard(locale, place, game, page)).await?;
    answer_command(ctx, response).await
}

/// A player's rating, record, recent games and rating chart in this server.
#[poise::command(slash_command)]
pub(super) async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let (game, player) = (kind(ctx)?, player.as_ref().map(user_ref));
    let response = blocking(move || app.stats(locale, place, game, &user, player.as_ref())).await?;
    answer_command(ctx, response).await
}

/// Recent finished games of a player, or of this server.
#[poise::command(slash_command)]
pub(super) async fn history(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let (game, player) = (kind(ctx)?, player.as_ref().map(user_ref));
    let response =
        blocking(move || app.history(locale, place, game, &user, player.as_ref())).await?;
    answer_command(ctx, response).await
}

/// An animation of a game, move by move, with its record.
#[poise::command(slash_command)]
pub(super) async fn replay(ctx: Context<'_>, game: u64) -> Result<(), Error> {
    let (app, locale, place, user) = invocation(ctx);
    let (finder, kind) = (app.clone(), kind(ctx)?);
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
pub(super) fn upload_limit(ctx: Context<'_>) -> u64 {
    match ctx {
        poise::Context::Application(ctx) => u64::from(ctx.interaction.attachment_size_limit),
        poise::Context::Prefix(_) => crate::app::DEFAULT_UPLOAD_LIMIT,
    }
}

/// The games being played in this server, with links to watch them.
#[poise::command(slash_command)]
pub(super) async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, game) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let response = blocking(move || app.games(locale, place, game)).await?;
    answer_command(ctx, response).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command, down to the last subcommand, carries the game of the root it is
    /// registered under; a shared subcommand (`board`, `resign` …) carries each root's own.
    #[test]
    fn every_command_carries_the_game_of_its_root() {
        fn carries(command: &poise::Command<Data, Error>, game: GameKind, path: &str) -> usize {
            let path = format!("{path}/{}", command.name);
            assert_eq!(
                command.custom_data.downcast_ref::<GameKind>(),
                Some(&game),
                "{path}"
            );
            1 + command
                .subcommands
                .iter()
                .map(|sub| carries(sub, game, &path))
                .sum::<usize>()
        }
        let roots = commands();
        let names: Vec<&str> = roots.iter().map(|root| &*root.name).collect();
        assert_eq!(names, ["oaq", "shogi", "chinese-checkers"]);
        for (root, game) in roots.iter().zip(GameKind::ALL) {
            assert!(
                carries(root, game, "") > 10,
                "{} has its subcommands",
                root.name
            );
        }
    }
}

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
#[allow(clippy::too_many_arguments)]
async fn new_tournament(
    ctx: Context<'_>,
    rules: RuleChoice,
    format: FormatChoice,
    rounds: Option<u32>,
    turn_seconds: Option<u64>,
    manual_rounds: Option<bool>,
    max_players: Option<u32>,
    start: Option<String>,
) -> Result<(), Error> {
    let Ok(starts_s) = start_time(start.as_deref()) else {
        let text = Text::from(TournamentText::StartUnreadable).render(locale(ctx));
        ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
            .await?;
        return Ok(());
    };
    let request = TournamentRequest {
        rules,
        format: match format {
            FormatChoice::Swiss => Format::Swiss {
                rounds: rounds.unwrap_or(0),
            },
            FormatChoice::RoundRobin => Format::RoundRobin { double: false },
            FormatChoice::DoubleRoundRobin => Format::RoundRobin { double: true },
        },
        turn_s: turn_seconds,
        manual: manual_rounds.unwrap_or(false),
        limit: max_players,
        starts_s,
    };
    let (app, locale, place, user) = invocation(ctx);
    let response = blocking(move || app.new_tournament(locale, place, &user, request)).await?;
    answer_command(ctx, response).await
}

/// Start a Swiss or round-robin tournament of Ô ăn quan in this channel.
#[poise::command(slash_command, rename = "new")]
#[allow(clippy::too_many_arguments)]
pub(super) async fn oaq_tournament_new(
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
    let rules = oaq_rules(rules, quan_value);
    new_tournament(
        ctx,
        rules,
        format,
        rounds,
        turn_seconds,
        manual_rounds,
        max_players,
        start,
    )
    .await
}

/// Start a Swiss or round-robin tournament of Shogi in this channel.
#[poise::command(slash_command, rename = "new")]
#[allow(clippy::too_many_arguments)]
pub(super) async fn shogi_tournament_new(
    ctx: Context<'_>,
    format: FormatChoice,
    rounds: Option<u32>,
    turn_seconds: Option<u64>,
    manual_rounds: Option<bool>,
    max_players: Option<u32>,
    start: Option<String>,
) -> Result<(), Error> {
    let rules = RuleChoice::Shogi(ShogiChoice);
    new_tournament(
        ctx,
        rules,
        format,
        rounds,
        turn_seconds,
        manual_rounds,
        max_players,
        start,
    )
    .await
}

/// Start a Swiss or round-robin tournament of two-player Chinese checkers in this channel.
#[poise::command(slash_command, rename = "new")]
#[allow(clippy::too_many_arguments)]
pub(super) async fn checkers_tournament_new(
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
    let rules = RuleChoice::ChineseCheckers(choice);
    new_tournament(
        ctx,
        rules,
        format,
        rounds,
        turn_seconds,
        manual_rounds,
        max_players,
        start,
    )
    .await
}

/// The standings of this server's latest tournament of the game.
#[poise::command(slash_command, rename = "standings")]
pub(super) async fn tournament_standings(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, kind) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let response = blocking(move || app.tournament_standings(locale, place, kind)).await?;
    answer_command(ctx, response).await
}

/// The tournaments of the game in this server.
#[poise::command(slash_command, rename = "list")]
pub(super) async fn tournament_list(ctx: Context<'_>) -> Result<(), Error> {
    let (app, locale, place, kind) = (ctx.data().app.clone(), locale(ctx), place(ctx), kind(ctx)?);
    let response = blocking(move || app.tournament_list(locale, place, kind)).await?;
    answer_command(ctx, response).await
}

/// Withdraw from the tournament of the game you play in this server.
#[poise::command(slash_command, rename = "withdraw")]
pub(super) async fn tournament_withdraw(ctx: Context<'_>) -> Result<(), Error> {
    let kind = kind(ctx)?;
    let (app, locale, place, user) = invocation(ctx);
    let response = blocking(move || app.tournament_withdraw(locale, place, &user, kind)).await?;
    answer_command(ctx, response).await
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
pub(super) async fn oaq_tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
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
pub(super) async fn shogi_tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
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
pub(super) async fn checkers_tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}
