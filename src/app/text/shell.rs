//! The shell's messages: challenges, turns, endings, ratings, history, replays, settings.
//! The words are in `assets/locales/<lang>/shell.ftl`; [`super::shell_args`] maps each
//! variant to its message's arguments.

use super::checkers::CheckersText;
use super::oaq::OaqText;
use super::shogi::ShogiText;
use super::tournament::TournamentText;
use crate::app::results::{Finish, Standing};
use crate::app::vocab::Cost;
use crate::ids::{ChannelId, GameId, UserId};
use crate::store::{FirstPlayer, GameKind, Hand, Level};

/// One message of the shell's part of the catalogue, with its arguments, or a game's message
/// wrapped (see [`Text::Oaq`]). [`TextKey`] names the variants without their arguments, so a
/// test can check that every one is written in every language; its kebab-case name
/// (`ChallengeDirect` → `challenge-direct`) is the message's id in `shell.ftl`.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(TextKey),
    derive(Hash, strum::EnumIter, strum::IntoStaticStr),
    strum(serialize_all = "kebab-case")
)]
pub enum Text {
    /// A challenge to a named opponent.
    ChallengeDirect {
        /// Challenger's user id.
        challenger: UserId,
        /// Opponent's user id.
        opponent: UserId,
        /// The game.
        game: GameKind,
        /// The rules, named (see [`OaqText::RulesName`]).
        rules: String,
        /// How the first player is chosen.
        first: FirstPlayer,
        /// Expiry, Unix seconds.
        expires_s: u64,
    },
    /// An open challenge.
    ChallengeOpen {
        /// Challenger's user id.
        challenger: UserId,
        /// The game.
        game: GameKind,
        /// The rules, named (see [`OaqText::RulesName`]).
        rules: String,
        /// How the first player is chosen.
        first: FirstPlayer,
        /// Expiry, Unix seconds.
        expires_s: u64,
    },
    /// Refusal: a button or command named something that is not a move of the game.
    NotAMove,
    /// A lobby's heading.
    LobbyTitle {
        /// The host (who opened it).
        host: UserId,
        /// The game.
        game: GameKind,
        /// The rules, named.
        rules: String,
        /// The numbers of players it can start with (`2, 3, 4 or 6`).
        counts: String,
    },
    /// A seat of a lobby.
    LobbySeat {
        /// 1 for the first.
        number: u64,
        /// What the seat plays as (a colour), or empty.
        colour: String,
        /// Who sits there (a mention or a computer's name), or `none` while it is free.
        player: String,
    },
    /// A lobby's last line.
    LobbyFooter {
        /// Expiry, Unix seconds.
        expires_s: u64,
    },
    /// Button label.
    Join,
    /// Button label.
    Leave,
    /// Button label: start with this many players.
    StartGame {
        /// Players seated.
        players: u64,
    },
    /// The placeholder of a lobby's computer menu.
    AddComputer,
    /// An option of the computer menu.
    AddComputerAt {
        /// The computer's level.
        level: Level,
    },
    /// An option of the computer menu.
    RemoveComputer,
    /// Refusal.
    LobbyFull,
    /// Refusal.
    AlreadySeated,
    /// Refusal: only a seated player may do that.
    NotSeated,
    /// Refusal.
    OnlyHostStarts {
        /// The host.
        host: UserId,
    },
    /// Refusal.
    NoComputerSeated,
    /// Refusal: the game cannot start with this many players.
    CannotStartWith {
        /// Players seated.
        count: u64,
        /// The counts it can start with.
        counts: String,
    },
    /// The lobby message after expiry.
    LobbyExpired {
        /// The host.
        host: UserId,
    },
    /// The lobby message after the host closed it.
    LobbyCancelled {
        /// The host.
        host: UserId,
    },
    /// Caption: a player left a game of several, which goes on.
    LeftGame {
        /// Who left (a mention, or a computer seat's name).
        player: String,
        /// Whether their time ran out (else they resigned).
        timed_out: bool,
    },
    /// Caption: one line of a finished game's standings.
    PlaceLine {
        /// 1 for the first.
        place: u64,
        /// The player (a mention, or a computer seat's name).
        player: String,
    },
    /// Private confirmation before leaving a game of several players.
    ConfirmLeave,
    /// Refusal: a game of several players is played again from a new lobby.
    RematchAtNewTable,
    /// Private answer to `/oaq move`: the move was played.
    MovePlayed {
        /// The move, in the game's notation.
        mv: String,
        /// The board's link.
        link: Option<String>,
    },
    /// Button label.
    Accept,
    /// Button label.
    Decline,
    /// Button label.
    Cancel,
    /// Refusal.
    CannotChallengeSelf,
    /// Refusal.
    CannotChallengeBot {
        /// The game challenged to.
        game: GameKind,
    },
    /// Refusal: the channel is busy with a game.
    ChannelHasGame {
        /// A link to the game's board, if known.
        link: Option<String>,
    },
    /// Refusal: the channel is busy with a challenge.
    ChannelHasChallenge {
        /// A link to the challenge, if known.
        link: Option<String>,
    },
    /// Refusal: someone else was challenged.
    ChallengeIsForSomeoneElse {
        /// The opponent named in the challenge.
        opponent: UserId,
    },
    /// Refusal.
    CannotAcceptOwnChallenge,
    /// Refusal.
    OnlyChallengerCancels {
        /// The challenger.
        challenger: UserId,
    },
    /// Refusal.
    OnlyOpponentDeclines,
    /// The challenge was removed, accepted or expired meanwhile.
    ChallengeGone,
    /// The challenge message after expiry.
    ChallengeExpired {
        /// The challenger.
        challenger: UserId,
    },
    /// The challenge message after a decline.
    ChallengeDeclined {
        /// The challenger.
        challenger: UserId,
        /// Who declined.
        opponent: UserId,
    },
    /// The challenge message after a cancel.
    ChallengeCancelled {
        /// The challenger.
        challenger: UserId,
    },
    /// The rock-paper-scissors prompt.
    RpsPrompt {
        /// The challenger.
        challenger: UserId,
        /// The opponent.
        opponent: UserId,
        /// The hand both picked in the last round, if it was a tie.
        tie: Option<Hand>,
    },
    /// A hand, as a button label or in a sentence.
    Hand(Hand),
    /// Private confirmation of a pick.
    RpsPicked {
        /// The hand picked.
        hand: Hand,
        /// The player still to pick.
        waiting_for: UserId,
    },
    /// Refusal: already picked this round.
    RpsAlreadyPicked {
        /// The hand already picked.
        hand: Hand,
    },
    /// Refusal: not one of the two players.
    RpsNotYours,
    /// Caption: how the first player was chosen.
    FirstByRps {
        /// The winner (moves first).
        winner: UserId,
        /// Their hand.
        winning: Hand,
        /// The loser's hand.
        losing: Hand,
    },
    /// Caption: coin toss.
    FirstByCoin {
        /// The winner of the toss.
        winner: UserId,
    },
    /// Caption: fixed first player.
    FirstFixed {
        /// The first player.
        first: UserId,
    },
    /// Caption: whose turn.
    ToMove {
        /// The player to move.
        player: UserId,
    },
    /// Caption: the winner.
    Wins {
        /// The winner.
        winner: UserId,
    },
    /// Caption: a draw.
    Draw,
    /// Caption: a resignation.
    Resigned {
        /// Who resigned.
        loser: UserId,
        /// Who wins.
        winner: UserId,
    },
    /// Button label.
    Resign,
    /// Button label.
    RulesButton,
    /// Resign confirmation prompt.
    ConfirmResign {
        /// The opponent who would win.
        opponent: UserId,
    },
    /// Button label.
    YesResign,
    /// Private confirmation after resigning.
    YouResigned,
    /// Refusal.
    NotYourTurn {
        /// The player to move.
        player: UserId,
    },
    /// Refusal.
    NotAPlayer,
    /// Refusal: the clicked board is old.
    OutOfDate {
        /// The player to move now, if the game goes on.
        to_move: Option<UserId>,
        /// Link to the latest board, if known.
        link: Option<String>,
    },
    /// An old copy of a board that was posted again (its buttons are gone), and the refusal
    /// of a move clicked on such a copy.
    BoardPostedAgain {
        /// Link to the live board, if known.
        link: Option<String>,
    },
    /// Refusal: another click won the race.
    LostRace,
    /// The database cannot be reached: nothing was changed, try again.
    DatabaseDown,
    /// Refusal.
    GameOver,
    /// Button label: open the Activity on this game's board.
    PlayOnBoard,
    /// The Activity's refusal: the game is not one of the channel the Activity was opened in.
    PageNotHere,
    /// The Activity's refusal: the page's session is missing, forged or expired.
    PageSignedOut,
    /// The Activity's refusal: Discord did not accept the sign-in.
    PageSignInFailed,
    /// The Activity's refusal: a request that cannot be read.
    PageGarbled,
    /// The Activity's refusal: no process of the bot this one knows of serves the server.
    PageNoProcess,
    /// The Activity's refusal: a challenge whose first player is picked privately is accepted
    /// under its message.
    PageAcceptInChannel,
    /// Refusal: no game or challenge here.
    NoGameHere {
        /// The game whose command was used: its root names the command to start one.
        game: GameKind,
    },
    /// `/oaq board` while only a challenge is pending.
    OnlyChallengeHere {
        /// Link to it, if known.
        link: Option<String>,
    },
    /// Acknowledgement of `/oaq resign` when the board was updated in place.
    ResignedAnnouncement {
        /// Who resigned.
        loser: UserId,
        /// Who wins.
        winner: UserId,
    },
    /// Button under a board whose moves are picked privately: opens the picker.
    OpenPicker,
    /// The picker's question: the steps chosen so far (empty at the first), and what next.
    PickerPrompt {
        /// The chosen steps' labels, joined.
        chosen: String,
    },
    /// Picker: back one step.
    Back,
    /// Picker: the placeholder of one of a step's several menus (25 options each).
    PickerMenu {
        /// The label of its first option.
        first: String,
        /// The label of its last option.
        last: String,
        /// Its place among the step's menus, from 1.
        part: usize,
        /// How many menus the step has.
        parts: usize,
    },
    /// Picker: show the menus before these (a step with more options than one message holds).
    PickerEarlier,
    /// Picker: show the menus after these.
    PickerMore,
    /// Private answer to a typed move that fits several legal moves.
    WhichMove {
        /// What was typed.
        typed: String,
    },
    /// Caption: the computer is choosing its move.
    Thinking {
        /// The computer's seat (the bot's own account).
        player: UserId,
    },
    /// Caption: when the player to move runs out of time.
    TurnEnds {
        /// The deadline, Unix seconds.
        deadline_s: u64,
    },
    /// Caption of a game lost on time.
    TimedOut {
        /// Who ran out of time.
        loser: UserId,
        /// Who wins.
        winner: UserId,
    },
    /// The name of the computer's seat on the board.
    ComputerName {
        /// The bot's display name.
        name: String,
        /// Its level.
        level: Level,
    },
    /// Caption: a game against the computer starts.
    ComputerGame {
        /// The person playing.
        player: UserId,
        /// The computer's level.
        level: Level,
        /// Whether the person moves first.
        player_first: bool,
    },
    /// Caption of a finished game against the computer: the person's record against it.
    BotRecord {
        /// The person.
        player: UserId,
        /// The level.
        level: Level,
        /// Games won against that level.
        wins: u32,
        /// Drawn games.
        draws: u32,
        /// Games lost.
        losses: u32,
    },
    /// Caption: the oldest moves of a run too long to caption whole are not shown.
    EarlierMoves {
        /// How many.
        count: u32,
    },
    /// Button label on a finished board.
    Rematch,
    /// Refusal: a rematch of a game still being played.
    GameNotOver,
    /// Button label: the analysis of a finished game's mistakes.
    Analyse,
    /// The analysis's heading.
    AnalysisTitle {
        /// Game id.
        game: GameId,
        /// How many plies deep each position was searched.
        depth: u32,
    },
    /// The analysis: a player's biggest mistakes follow.
    AnalysisPlayer {
        /// The player's name.
        name: String,
    },
    /// The analysis: one mistake.
    AnalysisMistake {
        /// The move's number in the game (1 for the first).
        number: usize,
        /// The move played, in the game's notation.
        played: String,
        /// The move the search prefers, in the game's notation.
        better: String,
        /// What the move cost.
        cost: Cost,
    },
    /// The analysis: a player the search found no mistake by.
    AnalysisClean {
        /// The player's name.
        name: String,
    },
    /// Refusal: the analysis of a game still being played (no hints during a game).
    AnalysisNotOver,
    /// Refusal: the analysis of a game that offers none.
    AnalysisUnavailable,
    /// `/oaq settings`: the server's settings, after a change or on request.
    SettingsSummary {
        /// Whether they were just changed.
        changed: bool,
        /// Default rules of new challenges, described (see [`OaqText::DefaultRules`]).
        rules: String,
        /// Default first-player method.
        first: FirstPlayer,
        /// Seconds per turn.
        turn_s: u64,
        /// Seconds a challenge waits.
        challenge_s: u64,
        /// Whether each game gets its own thread.
        threads: bool,
        /// Channels where games may start (empty: anywhere).
        channels: Vec<ChannelId>,
    },
    /// The accepted challenge's message when its game is played in a thread.
    PlayedInThread,
    /// The name of a game's thread.
    ThreadName {
        /// The game.
        game: GameKind,
        /// The players' names, in turn order.
        names: Vec<String>,
    },
    /// Refusal: `/oaq settings` in direct messages.
    SettingsOnlyInServers {
        /// The game whose `settings` command was used.
        game: GameKind,
    },
    /// Refusal: `/oaq settings` without the Manage Server permission.
    NeedsManageServer,
    /// Refusal: a turn timeout out of bounds.
    TurnTimeoutOutOfRange {
        /// Shortest allowed, seconds.
        min_s: u64,
        /// Longest allowed, seconds.
        max_s: u64,
    },
    /// Refusal: a challenge timeout out of bounds.
    ChallengeTimeoutOutOfRange {
        /// Shortest allowed, seconds.
        min_s: u64,
        /// Longest allowed, seconds.
        max_s: u64,
    },
    /// Refusal: a server allows games in at most this many channels.
    TooManyChannels {
        /// [`GuildSettings::MAX_CHANNELS`](crate::store::GuildSettings::MAX_CHANNELS).
        max: usize,
    },
    /// Refusal: games are not allowed in this channel.
    ChannelNotAllowed {
        /// The channels where they are.
        channels: Vec<ChannelId>,
    },
    /// Caption of a finished rated game: one player's rating change.
    RatingChange {
        /// The player's name.
        name: String,
        /// The rating before the game, rounded.
        before: i64,
        /// The rating after it, rounded.
        after: i64,
        /// Whether the new rating is still provisional.
        provisional: bool,
    },
    /// Refusal: ratings, leaderboards and the list of games exist per server.
    OnlyInServers,
    /// `/oaq leaderboard` before anyone is rated.
    LeaderboardEmpty,
    /// Refusal: a leaderboard page past the last one.
    NoSuchPage {
        /// The number of pages.
        pages: u64,
    },
    /// The leaderboard message's caption.
    LeaderboardCaption {
        /// The game.
        game: GameKind,
        /// The page shown (1-based).
        page: u64,
        /// The number of pages.
        pages: u64,
    },
    /// Picture: the leaderboard's title.
    LeaderboardTitle {
        /// The game.
        game: GameKind,
    },
    /// Picture: the leaderboard's subtitle.
    LeaderboardSubtitle {
        /// The page shown (1-based).
        page: u64,
        /// The number of pages.
        pages: u64,
        /// Rated players.
        players: u64,
    },
    /// Picture: column heading.
    ColumnRank,
    /// Picture: column heading.
    ColumnPlayer,
    /// Picture: column heading.
    ColumnRating,
    /// Picture: column heading (wins, draws, losses).
    ColumnRecord,
    /// Picture: a rating, marked when provisional.
    RatingValue {
        /// The rating, rounded.
        rating: i64,
        /// Whether it is provisional.
        provisional: bool,
    },
    /// Picture: what the provisional mark means.
    ProvisionalLegend,
    /// Button label.
    PreviousPage,
    /// Button label.
    NextPage,
    /// `/oaq stats` of a player without a rated game here.
    StatsNone {
        /// The player.
        player: UserId,
    },
    /// `/oaq stats`: the summary.
    StatsSummary {
        /// The game.
        game: GameKind,
        /// The player.
        player: UserId,
        /// The rating, rounded.
        rating: i64,
        /// Rating deviation, rounded.
        deviation: i64,
        /// Whether the rating is provisional.
        provisional: bool,
        /// Rank on the server's leaderboard.
        rank: Option<u64>,
        /// Rated players on the server.
        players: u64,
        /// Wins.
        wins: u32,
        /// Draws.
        draws: u32,
        /// Losses.
        losses: u32,
    },
    /// Picture: the rating chart's title.
    ChartTitle {
        /// The player's name.
        name: String,
    },
    /// Picture: the chart's horizontal axis.
    ChartAxis,
    /// Heading of a list of games.
    RecentGamesOf {
        /// The player.
        player: UserId,
    },
    /// Heading of the server's list of finished games.
    RecentGamesHere,
    /// No finished game to list.
    NoFinishedGames,
    /// One finished game, from a player's point of view.
    HistoryLine {
        /// Game id.
        game: GameId,
        /// When it ended, Unix seconds.
        ended_s: u64,
        /// The others who played.
        opponents: Vec<UserId>,
        /// The player's result.
        standing: Standing,
        /// How it ended.
        finish: Finish,
        /// The player's rating change, rounded, for a rated game.
        change: Option<i64>,
    },
    /// One finished game of the server.
    ServerHistoryLine {
        /// Game id.
        game: GameId,
        /// When it ended, Unix seconds.
        ended_s: u64,
        /// The players, in seat order.
        players: Vec<UserId>,
        /// The winner, `None` for a draw.
        winner: Option<UserId>,
        /// How it ended.
        finish: Finish,
    },
    /// Refusal: no such game here.
    NoSuchGame {
        /// The id asked for.
        game: GameId,
        /// The game whose command asked: its `history` lists the numbers.
        kind: GameKind,
    },
    /// `/oaq replay`: the message above the game record.
    ReplayCaption {
        /// Game id.
        game: GameId,
        /// The players, in seat order.
        players: Vec<UserId>,
        /// Moves played.
        plies: usize,
    },
    /// `/oaq replay`: what the message leaves out to stay within the server's upload limit.
    ReplayLeftOut {
        /// The animation shows the board every `every` moves; 0 when it is left out whole.
        every: usize,
        /// Frames the animation shows.
        frames: usize,
        /// Frames a whole animation would show (the start and one a move).
        all: usize,
        /// The server's upload limit, in bytes.
        limit: u64,
    },
    /// Game record: the result line.
    RecordResult {
        /// The winner's name, `None` for a draw.
        winner: Option<String>,
        /// How it ended; `None` while the game goes on.
        finish: Option<Finish>,
    },
    /// Game record: the line before the command that replays it.
    RecordReplayWith,
    /// Game record: moves left out to fit in a message.
    RecordCut {
        /// How many.
        left_out: usize,
    },
    /// Picture: a replay frame's status line.
    ReplayFrame {
        /// Moves played in this frame.
        ply: usize,
        /// Moves in the game.
        plies: usize,
    },
    /// `/oaq games` heading.
    RunningGames,
    /// `/oaq games`: one game.
    RunningGame {
        /// Game id.
        game: GameId,
        /// The players, in seat order.
        players: Vec<UserId>,
        /// Moves played.
        plies: usize,
        /// Link to its board.
        link: Option<String>,
    },
    /// `/oaq games`: the page shown and how many games are running in all.
    RunningGamesPage {
        /// The page shown (1-based).
        page: u64,
        /// The number of pages.
        pages: u64,
        /// Games of this kind running in the server.
        games: u64,
    },
    /// `/oaq games` with none running.
    NoRunningGames {
        /// The game whose `games` command was used.
        game: GameKind,
    },
    /// Refusal: the channel's stored record is damaged.
    Damaged,
    /// Refusal: a button this version of the bot does not recognise.
    UnknownButton,
    /// Refusal: a button naming a challenge or game of another channel (an id crafted or
    /// copied by hand: buttons carry no authority).
    ButtonElsewhere,
    /// Refusal: a button or menu that is not on the message it was clicked on (an id crafted
    /// by hand, or a choice the menu does not offer): nothing is done and the message stays.
    ButtonNotHere,
    /// Internal error.
    Apology,
    /// Refusal: the bot is shutting down and takes no new interactions.
    Restarting,
    /// Refusal: the server belongs to another process's shards.
    ServedElsewhere,
    /// A message of Ô ăn quan's part of the catalogue.
    Oaq(OaqText),
    /// A message of Shogi's part of the catalogue.
    Shogi(ShogiText),
    /// A message of Chinese checkers' part of the catalogue.
    Checkers(CheckersText),
    /// A message of the tournaments' part of the catalogue.
    Tournament(TournamentText),
}

impl From<TournamentText> for Text {
    fn from(text: TournamentText) -> Self {
        Text::Tournament(text)
    }
}

impl From<CheckersText> for Text {
    fn from(text: CheckersText) -> Self {
        Text::Checkers(text)
    }
}

impl From<OaqText> for Text {
    fn from(text: OaqText) -> Self {
        Text::Oaq(text)
    }
}

impl From<ShogiText> for Text {
    fn from(text: ShogiText) -> Self {
        Text::Shogi(text)
    }
}
