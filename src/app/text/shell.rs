//! Every string a player reads, in one catalogue: a [`Text`] key with its arguments, rendered
//! for a [`Locale`]. Code elsewhere never builds user-facing sentences itself.
//!
//! Adding a language means adding a [`Locale`] variant, mapping Discord's locale code to it in
//! [`Locale::from_discord`], and one more `match` arm per key in [`Text::render`].

use super::results::{Finish, Standing};
use crate::games::oaq::{EndReason, IllegalMove, Preset, Rules};
use crate::store::{FirstPlayer, GameKind, Hand, Level};

pub use crate::locale::Locale;

/// A user mention, rendered as `<@id>` (Discord shows the name).
fn mention(id: u64) -> String {
    format!("<@{id}>")
}

/// One message (or fragment) of the catalogue, with its arguments. [`TextKey`] names the
/// variants without their arguments, so a test can check that every one is written in every
/// language.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(name(TextKey), derive(Hash, strum::EnumIter))]
pub enum Text {
    /// A challenge to a named opponent.
    ChallengeDirect {
        /// Challenger's user id.
        challenger: u64,
        /// Opponent's user id.
        opponent: u64,
        /// The game.
        game: GameKind,
        /// The rules, named (see [`Text::RulesName`]).
        rules: String,
        /// How the first player is chosen.
        first: FirstPlayer,
        /// Expiry, Unix seconds.
        expires_s: u64,
    },
    /// An open challenge.
    ChallengeOpen {
        /// Challenger's user id.
        challenger: u64,
        /// The game.
        game: GameKind,
        /// The rules, named (see [`Text::RulesName`]).
        rules: String,
        /// How the first player is chosen.
        first: FirstPlayer,
        /// Expiry, Unix seconds.
        expires_s: u64,
    },
    /// The name of a game's rules (Ô ăn quan: the preset, and the mandarin's value if not
    /// the preset's), as in "standard rules".
    RulesName {
        /// The rules.
        rules: Rules,
    },
    /// Refusal: a button or command named something that is not a move of the game.
    NotAMove,
    /// Private answer to `/oaq move`: the move was played.
    MovePlayed {
        /// The move, in the game's notation.
        mv: String,
        /// The board's link.
        link: Option<String>,
    },
    /// The server's default Ô ăn quan rules, in the settings summary.
    DefaultRules {
        /// The rules.
        rules: Rules,
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
    CannotChallengeBot,
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
        opponent: u64,
    },
    /// Refusal.
    CannotAcceptOwnChallenge,
    /// Refusal.
    OnlyChallengerCancels {
        /// The challenger.
        challenger: u64,
    },
    /// Refusal.
    OnlyOpponentDeclines,
    /// The challenge was removed, accepted or expired meanwhile.
    ChallengeGone,
    /// The challenge message after expiry.
    ChallengeExpired {
        /// The challenger.
        challenger: u64,
    },
    /// The challenge message after a decline.
    ChallengeDeclined {
        /// The challenger.
        challenger: u64,
        /// Who declined.
        opponent: u64,
    },
    /// The challenge message after a cancel.
    ChallengeCancelled {
        /// The challenger.
        challenger: u64,
    },
    /// The rock-paper-scissors prompt.
    RpsPrompt {
        /// The challenger.
        challenger: u64,
        /// The opponent.
        opponent: u64,
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
        waiting_for: u64,
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
        winner: u64,
        /// Their hand.
        winning: Hand,
        /// The loser's hand.
        losing: Hand,
    },
    /// Caption: coin toss.
    FirstByCoin {
        /// The winner of the toss.
        winner: u64,
    },
    /// Caption: fixed first player.
    FirstFixed {
        /// The first player.
        first: u64,
    },
    /// Caption: a move described.
    MoveSummary {
        /// The mover.
        mover: u64,
        /// The square number (1–5 from the mover's left).
        label: u8,
        /// Whether the stones travelled right on the picture.
        right: bool,
        /// Relays made.
        relays: u32,
        /// Citizens captured.
        citizens: u32,
        /// Mandarins captured: (West, East).
        mandarins: (bool, bool),
    },
    /// Caption: a refill.
    Refilled {
        /// Who refilled.
        player: u64,
        /// Points borrowed (0 when the refill was paid from captures).
        borrowed: u8,
    },
    /// Caption: whose turn.
    ToMove {
        /// The player to move.
        player: u64,
    },
    /// Caption: captured totals.
    Totals {
        /// South's name.
        south: String,
        /// South's total.
        south_points: i16,
        /// North's name.
        north: String,
        /// North's total.
        north_points: i16,
    },
    /// Caption: the game ended on the board.
    GameEnded {
        /// Why.
        reason: EndReason,
    },
    /// Caption: one side's final count.
    FinalCount {
        /// Player name.
        name: String,
        /// Points captured before the count.
        captured: i16,
        /// Citizens collected from their row.
        collected: u8,
    },
    /// Caption: the winner.
    Wins {
        /// The winner.
        winner: u64,
    },
    /// Caption: a draw.
    Draw,
    /// Caption: a resignation.
    Resigned {
        /// Who resigned.
        loser: u64,
        /// Who wins.
        winner: u64,
    },
    /// Picture: title.
    BoardTitle {
        /// The rules.
        rules: Rules,
    },
    /// Picture: a player's captured total.
    PanelCaptured {
        /// Points.
        points: i16,
    },
    /// Picture: whose turn.
    StatusToMove {
        /// Name.
        name: String,
    },
    /// Picture: the winner and the score.
    StatusWins {
        /// Name.
        name: String,
        /// Winner's points.
        high: i16,
        /// Loser's points.
        low: i16,
    },
    /// Picture: a win by resignation.
    StatusResigned {
        /// The winner's name.
        name: String,
    },
    /// Picture: a draw.
    StatusDraw {
        /// Each side's points.
        points: i16,
    },
    /// Button label.
    Resign,
    /// Button label.
    RulesButton,
    /// Resign confirmation prompt.
    ConfirmResign {
        /// The opponent who would win.
        opponent: u64,
    },
    /// Button label.
    YesResign,
    /// Private confirmation after resigning.
    YouResigned,
    /// Refusal.
    NotYourTurn {
        /// The player to move.
        player: u64,
    },
    /// Refusal.
    NotAPlayer,
    /// Refusal: the clicked board is old.
    OutOfDate {
        /// The player to move now, if the game goes on.
        to_move: Option<u64>,
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
    /// Refusal.
    GameOver,
    /// Refusal: the engine rejected the move.
    Illegal(IllegalMove),
    /// Refusal: no game or challenge here.
    NoGameHere,
    /// `/oaq board` while only a challenge is pending.
    OnlyChallengeHere {
        /// Link to it, if known.
        link: Option<String>,
    },
    /// Acknowledgement of `/oaq resign` when the board was updated in place.
    ResignedAnnouncement {
        /// Who resigned.
        loser: u64,
        /// Who wins.
        winner: u64,
    },
    /// Caption: the computer is choosing its move.
    Thinking {
        /// The computer's seat (the bot's own account).
        player: u64,
    },
    /// Caption: when the player to move runs out of time.
    TurnEnds {
        /// The deadline, Unix seconds.
        deadline_s: u64,
    },
    /// Caption of a game lost on time.
    TimedOut {
        /// Who ran out of time.
        loser: u64,
        /// Who wins.
        winner: u64,
    },
    /// Picture status line.
    StatusTimedOut {
        /// The winner's name.
        name: String,
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
        player: u64,
        /// The computer's level.
        level: Level,
        /// Whether the person moves first.
        player_first: bool,
    },
    /// Caption of a finished game against the computer: the person's record against it.
    BotRecord {
        /// The person.
        player: u64,
        /// The level.
        level: Level,
        /// Games won against that level.
        wins: u32,
        /// Drawn games.
        draws: u32,
        /// Games lost.
        losses: u32,
    },
    /// Button label on a finished board.
    Rematch,
    /// Refusal: a rematch of a game still being played.
    GameNotOver,
    /// `/oaq settings`: the server's settings, after a change or on request.
    SettingsSummary {
        /// Whether they were just changed.
        changed: bool,
        /// Default rules of new challenges, described (see [`Text::DefaultRules`]).
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
        channels: Vec<u64>,
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
    SettingsOnlyInServers,
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
    /// Refusal: games are not allowed in this channel.
    ChannelNotAllowed {
        /// The channels where they are.
        channels: Vec<u64>,
    },
    /// `/oaq rules`: a summary of the rules.
    RulesSummary {
        /// The rules.
        rules: Rules,
        /// Whether these are the rules of the channel's game (otherwise the default).
        in_play: bool,
    },
    /// `/oaq help`.
    Help,
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
        /// The page shown (1-based).
        page: u64,
        /// The number of pages.
        pages: u64,
    },
    /// Picture: the leaderboard's title.
    LeaderboardTitle,
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
        player: u64,
    },
    /// `/oaq stats`: the summary.
    StatsSummary {
        /// The player.
        player: u64,
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
        player: u64,
    },
    /// Heading of the server's list of finished games.
    RecentGamesHere,
    /// No finished game to list.
    NoFinishedGames,
    /// One finished game, from a player's point of view.
    HistoryLine {
        /// Game id.
        game: u64,
        /// When it ended, Unix seconds.
        ended_s: u64,
        /// The opponent.
        opponent: u64,
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
        game: u64,
        /// When it ended, Unix seconds.
        ended_s: u64,
        /// South.
        south: u64,
        /// North.
        north: u64,
        /// The winner, `None` for a draw.
        winner: Option<u64>,
        /// How it ended.
        finish: Finish,
    },
    /// Refusal: no such game here.
    NoSuchGame {
        /// The id asked for.
        game: u64,
    },
    /// `/oaq replay`: the message above the game record.
    ReplayCaption {
        /// Game id.
        game: u64,
        /// South.
        south: u64,
        /// North.
        north: u64,
        /// Moves played.
        plies: usize,
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
        game: u64,
        /// South.
        south: u64,
        /// North.
        north: u64,
        /// Moves played.
        plies: usize,
        /// Link to its board.
        link: Option<String>,
    },
    /// `/oaq games` with none running.
    NoRunningGames,
    /// Refusal: the channel's stored record is damaged.
    Damaged,
    /// Refusal: a button this version of the bot does not recognise.
    UnknownButton,
    /// Refusal: a button naming a challenge or game of another channel (an id crafted or
    /// copied by hand: buttons carry no authority).
    ButtonElsewhere,
    /// Internal error.
    Apology,
}

/// An English plural `s`.
fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// How a game ended, after "won".
fn finish_en(finish: Finish) -> &'static str {
    match finish {
        Finish::Board => "",
        Finish::Resigned => " by resignation",
        Finish::TimedOut => " on time",
    }
}

/// How a game ended, after "thắng".
fn finish_vi(finish: Finish) -> &'static str {
    match finish {
        Finish::Board => "",
        Finish::Resigned => " do đối thủ xin thua",
        Finish::TimedOut => " do đối thủ hết giờ",
    }
}

/// The name of a game, as players know it.
fn game_name(kind: GameKind, locale: Locale) -> &'static str {
    match (kind, locale) {
        (GameKind::Oaq, _) => "Ô ăn quan",
        (GameKind::Shogi, _) => "Shogi",
        (GameKind::ChineseCheckers, Locale::English) => "Chinese checkers",
        (GameKind::ChineseCheckers, Locale::Vietnamese) => "Cờ nhảy",
    }
}

fn preset_name(rules: &Rules, locale: Locale) -> String {
    let base = Preset::ALL.into_iter().find(|p| {
        Rules {
            quan_value: rules.quan_value,
            ..p.rules()
        } == *rules
    });
    let name = |p: Preset| match locale {
        Locale::English => p.name(),
        Locale::Vietnamese => match p {
            Preset::Standard => "chuẩn",
            Preset::Folk => "dân gian",
            Preset::Young => "quan non",
        },
    };
    match (base, locale) {
        (Some(p), _) if rules.quan_value == p.rules().quan_value => name(p).to_owned(),
        (Some(p), Locale::English) => format!("{}, mandarin worth {}", name(p), rules.quan_value),
        (Some(p), Locale::Vietnamese) => {
            format!("{}, quan tính {} điểm", name(p), rules.quan_value)
        }
        (None, Locale::English) => String::from("custom"),
        (None, Locale::Vietnamese) => String::from("tùy chỉnh"),
    }
}

fn hand_en(hand: Hand) -> &'static str {
    match hand {
        Hand::Rock => "🪨 Rock",
        Hand::Paper => "📄 Paper",
        Hand::Scissors => "✂️ Scissors",
    }
}

fn first_en(first: FirstPlayer, challenger: u64, opponent: Option<u64>) -> String {
    match (first, opponent) {
        (FirstPlayer::Rps, _) => String::from("rock-paper-scissors decides who starts"),
        (FirstPlayer::Coin, _) => String::from("a coin toss decides who starts"),
        (FirstPlayer::Challenger, _) => format!("{} starts", mention(challenger)),
        (FirstPlayer::Opponent, Some(o)) => format!("{} starts", mention(o)),
        (FirstPlayer::Opponent, None) => String::from("whoever accepts starts"),
    }
}

fn link_en(link: &Option<String>) -> String {
    match link {
        Some(l) => format!(" ({l})"),
        None => String::new(),
    }
}

fn count_en(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn rules_en(rules: &Rules, in_play: bool) -> String {
    use crate::games::oaq::{EndRule, NextQuanNonempty, NoFirstQuan, RefillShort};
    let mut lines = vec![
        if in_play {
            format!("**Rules of this game: {}**", preset_name(rules, Locale::English))
        } else {
            format!(
                "**No game in this channel; the default rules are {}**",
                preset_name(rules, Locale::English)
            )
        },
        String::from("• On your turn, pick one of your five squares that holds stones and a direction. The stones are sown one by one into the following squares."),
        String::from("• If the square after the last stone holds stones, you pick them up and keep sowing. If it is empty and the one after holds stones, you capture those (and keep capturing across every further gap)."),
        format!("• Each citizen stone is worth 1 point; a mandarin stone is worth {}.", rules.quan_value),
        String::from(if rules.empty_mandarin_is_gap {
            "• An empty mandarin square counts as a gap you can capture across."
        } else {
            "• Reaching an empty mandarin square ends your turn."
        }),
        String::from(match rules.next_quan_nonempty {
            NextQuanNonempty::End => "• Reaching an occupied mandarin square ends your turn.",
            NextQuanNonempty::TakeOne => "• Reaching an occupied mandarin square: take one citizen from it and keep sowing.",
        }),
    ];
    if rules.quan_non > 0 {
        lines.push(format!(
            "• Young mandarin: a mandarin square holding fewer than {} citizens cannot be captured.",
            rules.quan_non
        ));
    }
    match rules.no_first_quan {
        NoFirstQuan::Off => {}
        NoFirstQuan::Illegal => lines.push(String::from(
            "• The first move of the game may not capture a mandarin.",
        )),
        NoFirstQuan::Stop => lines.push(String::from(
            "• The first move of the game stops capturing in front of a mandarin.",
        )),
    }
    lines.push(String::from(match rules.refill_short {
        RefillShort::Borrow => "• If your row is empty on your turn, you put one stone on each square, paying 5 points (borrowed from your opponent if you have fewer).",
        RefillShort::Lose => "• If your row is empty on your turn, you put one stone on each square, paying 5 points; if you cannot pay, you lose.",
        RefillShort::End => "• If your row is empty on your turn, you put one stone on each square, paying 5 points; if you cannot pay, the game ends and is counted.",
    }));
    lines.push(String::from(match rules.end {
        EndRule::MandarinsCaptured => "• The game ends when both mandarins have been captured; each player then adds the stones on their own row. Most points wins.",
        EndRule::SquaresEmpty => "• The game ends when both mandarin squares are empty; each player then adds the stones on their own row. Most points wins.",
    }));
    lines.push(String::from(
        "• A game also ends (and is counted) after 400 moves or when a position repeats three times.",
    ));
    lines.join("\n")
}

fn first_setting_en(first: FirstPlayer) -> &'static str {
    match first {
        FirstPlayer::Rps => "rock-paper-scissors",
        FirstPlayer::Coin => "a coin toss",
        FirstPlayer::Challenger => "the challenger",
        FirstPlayer::Opponent => "the opponent",
    }
}

/// A whole number of seconds as days, hours, minutes and seconds ("1 h 30 min").
fn duration(seconds: u64, locale: Locale) -> String {
    let units = match locale {
        Locale::English => ["d", "h", "min", "s"],
        Locale::Vietnamese => ["ngày", "giờ", "phút", "giây"],
    };
    let amounts = [
        seconds / 86_400,
        seconds / 3600 % 24,
        seconds / 60 % 60,
        seconds % 60,
    ];
    let text: Vec<String> = amounts
        .iter()
        .zip(units)
        .filter(|(n, _)| **n > 0)
        .map(|(n, unit)| format!("{n} {unit}"))
        .collect();
    if text.is_empty() {
        format!("0 {}", units[3])
    } else {
        text.join(" ")
    }
}

fn channels_en(channels: &[u64]) -> String {
    if channels.is_empty() {
        String::from("every channel")
    } else {
        channels
            .iter()
            .map(|c| format!("<#{c}>"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn level_en(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
    }
}

fn first_setting_vi(first: FirstPlayer) -> &'static str {
    match first {
        FirstPlayer::Rps => "oẳn tù tì",
        FirstPlayer::Coin => "tung đồng xu",
        FirstPlayer::Challenger => "người thách",
        FirstPlayer::Opponent => "người được thách",
    }
}

fn channels_vi(channels: &[u64]) -> String {
    if channels.is_empty() {
        String::from("mọi kênh")
    } else {
        channels_en(channels)
    }
}

fn level_vi(level: Level) -> &'static str {
    match level {
        Level::Easy => "dễ",
        Level::Medium => "vừa",
        Level::Hard => "khó",
    }
}

fn illegal_en(error: IllegalMove) -> String {
    match error {
        IllegalMove::GameOver => String::from("This game is over."),
        IllegalMove::MandarinSquare(_) | IllegalMove::NotYourSquare { .. } => {
            String::from("You can only pick one of your own five squares.")
        }
        IllegalMove::EmptySquare(_) => {
            String::from("That square is empty: pick a square with at least one stone.")
        }
        IllegalMove::FirstMoveMandarinCapture => String::from(
            "Under these rules the first move of the game may not capture a mandarin: pick another move.",
        ),
        IllegalMove::EndlessSowing => {
            String::from("That move would go on sowing forever: pick another move.")
        }
    }
}

fn hand_vi(hand: Hand) -> &'static str {
    match hand {
        Hand::Rock => "🪨 Búa",
        Hand::Paper => "📄 Bao",
        Hand::Scissors => "✂️ Kéo",
    }
}

fn first_vi(first: FirstPlayer, challenger: u64, opponent: Option<u64>) -> String {
    match (first, opponent) {
        (FirstPlayer::Rps, _) => String::from("oẳn tù tì để chọn người đi trước"),
        (FirstPlayer::Coin, _) => String::from("tung đồng xu để chọn người đi trước"),
        (FirstPlayer::Challenger, _) => format!("{} đi trước", mention(challenger)),
        (FirstPlayer::Opponent, Some(o)) => format!("{} đi trước", mention(o)),
        (FirstPlayer::Opponent, None) => String::from("người nhận lời đi trước"),
    }
}

fn rules_vi(rules: &Rules, in_play: bool) -> String {
    use crate::games::oaq::{EndRule, NextQuanNonempty, NoFirstQuan, RefillShort};
    let name = preset_name(rules, Locale::Vietnamese);
    let mut lines = vec![
        if in_play {
            format!("**Luật của ván này: {name}**")
        } else {
            format!("**Kênh này chưa có ván nào; luật mặc định là {name}**")
        },
        String::from("• Đến lượt, bạn chọn một trong năm ô của mình còn quân và một hướng. Quân được rải lần lượt, mỗi ô một quân."),
        String::from("• Nếu ô sau quân cuối cùng còn quân, bạn bốc lên và rải tiếp. Nếu ô đó trống và ô kế tiếp có quân, bạn ăn số quân ấy (và ăn tiếp qua mỗi ô trống xen kẽ)."),
        format!("• Mỗi quân dân tính 1 điểm; quân quan tính {} điểm.", rules.quan_value),
        String::from(if rules.empty_mandarin_is_gap {
            "• Ô quan trống được tính là ô trống để ăn qua."
        } else {
            "• Gặp ô quan trống thì hết lượt."
        }),
        String::from(match rules.next_quan_nonempty {
            NextQuanNonempty::End => "• Gặp ô quan còn quân thì hết lượt.",
            NextQuanNonempty::TakeOne => "• Gặp ô quan còn quân: lấy một quân dân trong đó và rải tiếp.",
        }),
    ];
    if rules.quan_non > 0 {
        lines.push(format!(
            "• Quan non: ô quan có ít hơn {} quân dân thì chưa được ăn.",
            rules.quan_non
        ));
    }
    match rules.no_first_quan {
        NoFirstQuan::Off => {}
        NoFirstQuan::Illegal => lines.push(String::from(
            "• Nước đi đầu tiên của ván không được ăn quan.",
        )),
        NoFirstQuan::Stop => lines.push(String::from(
            "• Nước đi đầu tiên của ván dừng ăn khi gặp ô quan.",
        )),
    }
    lines.push(String::from(match rules.refill_short {
        RefillShort::Borrow => "• Đến lượt mà hàng của bạn hết quân, bạn bỏ 5 điểm ra rải mỗi ô một quân (thiếu thì vay của đối thủ).",
        RefillShort::Lose => "• Đến lượt mà hàng của bạn hết quân, bạn bỏ 5 điểm ra rải mỗi ô một quân; không đủ thì thua.",
        RefillShort::End => "• Đến lượt mà hàng của bạn hết quân, bạn bỏ 5 điểm ra rải mỗi ô một quân; không đủ thì ván kết thúc và đếm điểm.",
    }));
    lines.push(String::from(match rules.end {
        EndRule::MandarinsCaptured => "• Ván kết thúc khi cả hai quan đã bị ăn; mỗi người cộng thêm số quân trên hàng mình. Ai nhiều điểm hơn thì thắng.",
        EndRule::SquaresEmpty => "• Ván kết thúc khi cả hai ô quan đều trống; mỗi người cộng thêm số quân trên hàng mình. Ai nhiều điểm hơn thì thắng.",
    }));
    lines.push(String::from(
        "• Ván cũng kết thúc (và đếm điểm) sau 400 nước hoặc khi một thế cờ lặp lại ba lần.",
    ));
    lines.join("\n")
}

fn illegal_vi(error: IllegalMove) -> String {
    String::from(match error {
        IllegalMove::GameOver => "Ván này đã kết thúc.",
        IllegalMove::MandarinSquare(_) | IllegalMove::NotYourSquare { .. } => {
            "Bạn chỉ được chọn một trong năm ô của mình."
        }
        IllegalMove::EmptySquare(_) => "Ô đó trống: hãy chọn ô có ít nhất một quân.",
        IllegalMove::FirstMoveMandarinCapture => {
            "Theo luật này, nước đi đầu tiên của ván không được ăn quan: hãy chọn nước khác."
        }
        IllegalMove::EndlessSowing => "Nước đi đó sẽ rải mãi không dừng: hãy chọn nước khác.",
    })
}

impl Text {
    /// The text in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        match locale {
            Locale::English => self.english(),
            Locale::Vietnamese => self.vietnamese(),
        }
    }

    fn english(&self) -> String {
        match self {
            Text::ChallengeDirect { challenger, opponent, game, rules, first, expires_s } => format!(
                "{} challenges {} to a game of **{}** ({rules} rules; {}). The challenge expires <t:{expires_s}:R>.",
                mention(*challenger), mention(*opponent), game_name(*game, Locale::English), first_en(*first, *challenger, Some(*opponent))
            ),
            Text::ChallengeOpen { challenger, game, rules, first, expires_s } => format!(
                "{} is looking for an opponent for **{}** ({rules} rules; {}). Anyone may accept. The challenge expires <t:{expires_s}:R>.",
                mention(*challenger), game_name(*game, Locale::English), first_en(*first, *challenger, None)
            ),
            Text::RulesName { rules } => preset_name(rules, Locale::English),
            Text::DefaultRules { rules } => format!("{} (a mandarin is worth {})", preset_name(rules, Locale::English), rules.quan_value),
            Text::NotAMove => String::from("That is not a move of this game."),
            Text::MovePlayed { mv, link } => format!("You played `{mv}`{}.", link_en(link)),
            Text::Accept => String::from("Accept"),
            Text::Decline => String::from("Decline"),
            Text::Cancel => String::from("Cancel"),
            Text::CannotChallengeSelf => String::from("You cannot challenge yourself. Name another player, or leave the opponent out for an open challenge."),
            Text::CannotChallengeBot => String::from("Bots cannot play Ô ăn quan here. Challenge a person, or leave the opponent out for an open challenge."),
            Text::ChannelHasGame { link } => format!(
                "A game is already being played in this channel{}. Only one game or challenge fits in a channel: start a thread and challenge there to play at the same time.",
                link_en(link)
            ),
            Text::ChannelHasChallenge { link } => format!(
                "A challenge is already waiting in this channel{}. Only one game or challenge fits in a channel: accept it, or start a thread and challenge there.",
                link_en(link)
            ),
            Text::ChallengeIsForSomeoneElse { opponent } => format!("This challenge is for {}.", mention(*opponent)),
            Text::CannotAcceptOwnChallenge => String::from("You cannot accept your own challenge."),
            Text::OnlyChallengerCancels { challenger } => format!("Only {} can cancel this challenge.", mention(*challenger)),
            Text::OnlyOpponentDeclines => String::from("Only the challenged player can decline this challenge."),
            Text::ChallengeGone => String::from("This challenge is no longer open."),
            Text::ChallengeExpired { challenger } => format!("The challenge from {} expired: nobody started the game in time.", mention(*challenger)),
            Text::ChallengeDeclined { challenger, opponent } => format!("{} declined the challenge from {}.", mention(*opponent), mention(*challenger)),
            Text::ChallengeCancelled { challenger } => format!("{} cancelled the challenge.", mention(*challenger)),
            Text::RpsPrompt { challenger, opponent, tie } => {
                let mut text = format!(
                    "{} and {}: rock, paper, scissors for the first move! Pick with the buttons below; nobody sees your choice until you have both picked.",
                    mention(*challenger), mention(*opponent)
                );
                if let Some(hand) = tie {
                    text = format!("Tie: you both picked {}. Pick again!\n{text}", hand_en(*hand));
                }
                text
            }
            Text::Hand(hand) => String::from(hand_en(*hand)),
            Text::RpsPicked { hand, waiting_for } => format!("You picked {}. Waiting for {}.", hand_en(*hand), mention(*waiting_for)),
            Text::RpsAlreadyPicked { hand } => format!("You already picked {} this round.", hand_en(*hand)),
            Text::RpsNotYours => String::from("Only the two players pick here."),
            Text::FirstByRps { winner, winning, losing } => format!("{} beats {}: {} moves first.", hand_en(*winning), hand_en(*losing), mention(*winner)),
            Text::FirstByCoin { winner } => format!("Coin toss: {} moves first.", mention(*winner)),
            Text::FirstFixed { first } => format!("{} moves first.", mention(*first)),
            Text::MoveSummary { mover, label, right, relays, citizens, mandarins } => {
                let mut text = format!(
                    "{} sowed square {label} to the {}",
                    mention(*mover),
                    if *right { "right →" } else { "← left" }
                );
                match relays {
                    0 => {}
                    1 => text.push_str(", relayed once"),
                    2 => text.push_str(", relayed twice"),
                    n => text.push_str(&format!(", relayed {n} times")),
                }
                let mut taken = Vec::new();
                if *citizens > 0 {
                    taken.push(count_en(*citizens, "stone", "stones"));
                }
                if mandarins.0 {
                    taken.push(String::from("the West mandarin"));
                }
                if mandarins.1 {
                    taken.push(String::from("the East mandarin"));
                }
                if taken.is_empty() {
                    text.push_str(" and captured nothing.");
                } else {
                    let last = taken.pop().unwrap_or_default();
                    let list = if taken.is_empty() { last } else { format!("{} and {last}", taken.join(", ")) };
                    text.push_str(&format!(" and captured {list}."));
                }
                text
            }
            Text::Refilled { player, borrowed } => {
                if *borrowed > 0 {
                    format!("{}'s row was empty: they paid 5 points to put one stone on each square, borrowing {borrowed}.", mention(*player))
                } else {
                    format!("{}'s row was empty: they paid 5 points to put one stone on each square.", mention(*player))
                }
            }
            Text::ToMove { player } => format!("{} to move.", mention(*player)),
            Text::Totals { south, south_points, north, north_points } => format!("Captured: {south} {south_points} · {north} {north_points}"),
            Text::GameEnded { reason } => String::from(match reason {
                EndReason::MandarinsCaptured => "**Game over**: both mandarins have been captured.",
                EndReason::SquaresEmpty => "**Game over**: both mandarin squares are empty.",
                EndReason::CannotRefill => "**Game over**: a player could not pay to refill their row.",
                EndReason::PlyLimit => "**Game over**: 400 moves have been played.",
                EndReason::Repetition => "**Game over**: the same position came up three times.",
            }),
            Text::FinalCount { name, captured, collected } => format!("{name}: {captured} captured + {collected} on their row = {}", *captured + i16::from(*collected)),
            Text::Wins { winner } => format!("**{} wins!**", mention(*winner)),
            Text::Draw => String::from("**A draw!**"),
            Text::Resigned { loser, winner } => format!("{} resigned. **{} wins!**", mention(*loser), mention(*winner)),
            Text::BoardTitle { rules } => format!("Ô ăn quan · {}", preset_name(rules, Locale::English)),
            Text::PanelCaptured { points } => format!("captured {points}"),
            Text::StatusToMove { name } => format!("{name} to move"),
            Text::StatusWins { name, high, low } => format!("{name} wins {high}–{low}"),
            Text::StatusResigned { name } => format!("{name} wins by resignation"),
            Text::StatusDraw { points } => format!("Draw {points}–{points}"),
            Text::Resign => String::from("Resign"),
            Text::RulesButton => String::from("Rules"),
            Text::ConfirmResign { opponent } => format!("Resign this game? {} will win. Dismiss this message to keep playing.", mention(*opponent)),
            Text::YesResign => String::from("Yes, resign"),
            Text::YouResigned => String::from("You resigned."),
            Text::NotYourTurn { player } => format!("It is {}'s turn, not yours.", mention(*player)),
            Text::NotAPlayer => String::from("You are not playing in this game. Start your own with `/oaq challenge`."),
            Text::OutOfDate { to_move, link } => {
                let mut text = format!("This board is out of date: the game has moved on{}.", link_en(link));
                if let Some(p) = to_move {
                    text.push_str(&format!(" {} to move. Here is the current position:", mention(*p)));
                }
                text
            }
            Text::BoardPostedAgain { link } => format!("This copy of the board is no longer live: the game goes on on the board posted since{}.", link_en(link)),
            Text::LostRace => String::from("Another click reached the game first, so yours was not applied. Look at the updated board and try again."),
            Text::GameOver => String::from("This game is over."),
            Text::Illegal(error) => illegal_en(*error),
            Text::NoGameHere => String::from("There is no game in this channel. Start one with `/oaq challenge`."),
            Text::OnlyChallengeHere { link } => format!("No game yet in this channel, only a challenge waiting to be accepted{}.", link_en(link)),
            Text::ResignedAnnouncement { loser, winner } => format!("{} resigned. **{} wins!** The final board is above.", mention(*loser), mention(*winner)),
            Text::Thinking { player } => format!("{} is thinking…", mention(*player)),
            Text::TurnEnds { deadline_s } => format!("Time for this move runs out <t:{deadline_s}:R>."),
            Text::TimedOut { loser, winner } => format!("{} ran out of time. **{} wins!**", mention(*loser), mention(*winner)),
            Text::StatusTimedOut { name } => format!("{name} wins on time"),
            Text::ComputerName { name, level } => format!("{name} ({})", level_en(*level)),
            Text::ComputerGame { player, level, player_first } => format!(
                "{} plays the computer ({} level). {}",
                mention(*player), level_en(*level),
                if *player_first { "You move first." } else { "The computer moves first." }
            ),
            Text::BotRecord { player, level, wins, draws, losses } => format!(
                "{}'s record against the {} computer: {}, {}, {}.",
                mention(*player), level_en(*level), count_en(*wins, "win", "wins"),
                count_en(*draws, "draw", "draws"), count_en(*losses, "loss", "losses")
            ),
            Text::Rematch => String::from("Rematch"),
            Text::GameNotOver => String::from("This game is still being played: finish it (or resign) first."),
            Text::SettingsSummary { changed, rules, first, turn_s, challenge_s, threads, channels } => format!(
                "**{}**\n• Default rules: {rules}\n• First player: {}\n• Time per move: {}\n• Challenges expire after: {}\n• Each game in its own thread: {}\n• Games allowed in: {}",
                if *changed { "Settings updated for this server" } else { "Settings of this server" },
                first_setting_en(*first),
                duration(*turn_s, Locale::English), duration(*challenge_s, Locale::English), if *threads { "yes" } else { "no" },
                channels_en(channels)
            ),
            Text::PlayedInThread => String::from("The game is played in the thread of this message."),
            Text::ThreadName { game, names } => format!("{}: {}", game_name(*game, Locale::English), names.join(" vs ")),
            Text::SettingsOnlyInServers => String::from("Settings belong to a server: use `/oaq settings` in one."),
            Text::NeedsManageServer => String::from("Only members with the **Manage Server** permission can see or change these settings."),
            Text::TurnTimeoutOutOfRange { min_s, max_s } => format!("The time per move must be between {} and {}.", duration(*min_s, Locale::English), duration(*max_s, Locale::English)),
            Text::ChallengeTimeoutOutOfRange { min_s, max_s } => format!("The challenge timeout must be between {} and {}.", duration(*min_s, Locale::English), duration(*max_s, Locale::English)),
            Text::ChannelNotAllowed { channels } => format!("Games are not played in this channel on this server. Try {}.", channels_en(channels)),
            Text::RulesSummary { rules, in_play } => rules_en(rules, *in_play),
            Text::Help => String::from(
                "**Ô ăn quan** (Mandarin Square Capturing), the Vietnamese sowing game.\n\
                 • `/oaq challenge [opponent] [rules] [quan_value] [first]`: challenge someone (or anyone, without an opponent). Rules: standard, folk or young; a mandarin is worth 10 or 5; first player by rock-paper-scissors, coin, me or them.\n\
                 • Play by clicking the buttons under the board: the number is the square (as drawn on the picture) and the arrow is the way the stones travel.\n\
                 • `/oaq play [level] [rules] [quan_value]`: play the computer (easy, medium or hard; medium by default) right away, or challenge the bot itself. You move first.\n\
                 • Each move has a time limit (shown under the board); whoever runs out of time loses. A finished board has a Rematch button.\n\
                 • `/oaq board`: post the current board of this channel again.\n\
                 • `/oaq resign`: resign your game in this channel.\n\
                 • `/oaq rules`: the rules in play.\n\
                 • `/oaq settings`: the server's defaults, time per move and game channels (Manage Server only).\n\
                 • `/oaq leaderboard [page]` and `/oaq stats [player]`: this server's ratings (Glicko-2; a rating marked ? is provisional).\n\
                 • `/oaq history [player]`, `/oaq replay <game>`: finished games, and an animation of one with its record.\n\
                 • `/oaq games`: the games being played in this server, to watch.\n\
                 One game or challenge per channel: use threads to play several at once.",
            ),
            Text::RatingChange { name, before, after, provisional } => format!(
                "{name}: rating {before} → {after}{} ({:+})",
                if *provisional { "?" } else { "" },
                after - before
            ),
            Text::OnlyInServers => String::from("Ratings, leaderboards and the list of games are kept per server: use this command in a server."),
            Text::LeaderboardEmpty => String::from("Nobody is rated in this server yet: the leaderboard starts with the first finished game between two players."),
            Text::NoSuchPage { pages } => format!("The leaderboard has {pages} page{} only.", plural(*pages)),
            Text::LeaderboardCaption { page, pages } => format!("🏆 **Ô ăn quan** leaderboard of this server, page {page} of {pages}."),
            Text::LeaderboardTitle => String::from("Ô ăn quan leaderboard"),
            Text::LeaderboardSubtitle { page, pages, players } => format!("Page {page} of {pages} · {players} rated player{}", plural(*players)),
            Text::ColumnRank => String::from("#"),
            Text::ColumnPlayer => String::from("Player"),
            Text::ColumnRating => String::from("Rating"),
            Text::ColumnRecord => String::from("Won / drawn / lost"),
            Text::RatingValue { rating, provisional } => format!("{rating}{}", if *provisional { "?" } else { "" }),
            Text::ProvisionalLegend => String::from("? provisional: fewer games than the rating needs to settle"),
            Text::PreviousPage => String::from("◀ Previous"),
            Text::NextPage => String::from("Next ▶"),
            Text::StatsNone { player } => format!("{} has not finished a rated game in this server yet.", mention(*player)),
            Text::StatsSummary { player, rating, deviation, provisional, rank, players, wins, draws, losses } => {
                let mut text = format!("**Ô ăn quan** rating of {}: **{rating}{}** (± {})", mention(*player), if *provisional { "?" } else { "" }, 2 * deviation);
                if *provisional {
                    text.push_str(", provisional");
                }
                if let Some(rank) = rank {
                    text.push_str(&format!(", rank {rank} of {players}"));
                }
                text.push_str(&format!(".\n{wins} won, {draws} drawn, {losses} lost in {} rated game{}.", wins + draws + losses, plural(u64::from(wins + draws + losses))));
                text
            }
            Text::ChartTitle { name } => format!("Rating of {name}"),
            Text::ChartAxis => String::from("rated games"),
            Text::RecentGamesOf { player } => format!("Recent games of {}:", mention(*player)),
            Text::RecentGamesHere => String::from("Recent games in this server:"),
            Text::NoFinishedGames => String::from("No finished games yet."),
            Text::HistoryLine { game, ended_s, opponent, standing, finish, change } => {
                let verb = match standing {
                    Standing::Won => "**won** against",
                    Standing::Drew => "drew with",
                    Standing::Lost => "lost to",
                };
                let change = change.map(|c| format!(" ({c:+})")).unwrap_or_default();
                format!("`{game}` <t:{ended_s}:d> {verb} {}{}{change}", mention(*opponent), finish_en(*finish))
            }
            Text::ServerHistoryLine { game, ended_s, south, north, winner, finish } => {
                let result = match winner {
                    Some(w) => format!("{} won{}", mention(*w), finish_en(*finish)),
                    None => String::from("draw"),
                };
                format!("`{game}` <t:{ended_s}:d> {} vs {}: {result}", mention(*south), mention(*north))
            }
            Text::NoSuchGame { game } => format!("There is no game {game} here. `/oaq history` lists the finished games with their numbers."),
            Text::ReplayCaption { game, south, north, plies } => format!("Replay of game `{game}`: {} vs {}, {plies} move{}. The record below replays it with the engine's command line.", mention(*south), mention(*north), plural(*plies as u64)),
            Text::RecordResult { winner, finish } => match (winner, finish) {
                (_, None) => String::from("Result: still being played"),
                (None, Some(_)) => String::from("Result: draw"),
                (Some(w), Some(f)) => format!("Result: {w} won{}", finish_en(*f)),
            },
            Text::RecordReplayWith => String::from("Replay with:"),
            Text::RecordCut { left_out } => format!("… and {left_out} more move{}: too long for one message, see the animation.", plural(*left_out as u64)),
            Text::ReplayFrame { ply, plies } => match ply {
                0 => String::from("Start"),
                _ => format!("Move {ply} of {plies}"),
            },
            Text::RunningGames => String::from("Games being played in this server (anyone may watch):"),
            Text::RunningGame { game, south, north, plies, link } => format!("• `{game}` {} vs {}, {plies} move{} played{}", mention(*south), mention(*north), plural(*plies as u64), link.as_ref().map(|l| format!(": {l}")).unwrap_or_default()),
            Text::NoRunningGames => String::from("No game is being played in this server right now. Start one with `/oaq challenge`."),
            Text::Damaged => String::from("The saved game for this channel is damaged and cannot be read. Nothing was changed and the record was kept for inspection: please tell the bot's operator."),
            Text::UnknownButton => String::from("This button is not one I recognise (it may come from an older version of the bot). Use `/oaq board` to get a fresh board."),
            Text::ButtonElsewhere => String::from("This button belongs to a challenge or game in another channel, so it does nothing here."),
            Text::Apology => String::from("Sorry, something went wrong on my side and nothing was changed. Please try again in a moment."),
        }
    }
    fn vietnamese(&self) -> String {
        let vi = Locale::Vietnamese;
        match self {
            Text::ChallengeDirect { challenger, opponent, game, rules, first, expires_s } => format!(
                "{} thách {} một ván **{}** (luật {rules}; {}). Lời thách hết hạn <t:{expires_s}:R>.",
                mention(*challenger), mention(*opponent), game_name(*game, vi), first_vi(*first, *challenger, Some(*opponent))
            ),
            Text::ChallengeOpen { challenger, game, rules, first, expires_s } => format!(
                "{} đang tìm đối thủ chơi **{}** (luật {rules}; {}). Ai cũng có thể nhận lời. Lời thách hết hạn <t:{expires_s}:R>.",
                mention(*challenger), game_name(*game, vi), first_vi(*first, *challenger, None)
            ),
            Text::RulesName { rules } => preset_name(rules, vi),
            Text::DefaultRules { rules } => format!("{} (quan tính {} điểm)", preset_name(rules, vi), rules.quan_value),
            Text::NotAMove => String::from("Đó không phải là một nước đi của trò chơi này."),
            Text::MovePlayed { mv, link } => format!("Bạn đã đi `{mv}`{}.", link_en(link)),
            Text::Accept => String::from("Nhận lời"),
            Text::Decline => String::from("Từ chối"),
            Text::Cancel => String::from("Hủy"),
            Text::CannotChallengeSelf => String::from("Bạn không thể tự thách chính mình. Hãy chọn người khác, hoặc bỏ trống đối thủ để thách mọi người."),
            Text::CannotChallengeBot => String::from("Bot không chơi Ô ăn quan ở đây được. Hãy thách một người, hoặc bỏ trống đối thủ để thách mọi người."),
            Text::ChannelHasGame { link } => format!(
                "Kênh này đang có một ván{}. Mỗi kênh chỉ có một ván hoặc một lời thách: hãy mở một luồng (thread) và thách trong đó để chơi cùng lúc.",
                link_en(link)
            ),
            Text::ChannelHasChallenge { link } => format!(
                "Kênh này đang có một lời thách chờ{}. Mỗi kênh chỉ có một ván hoặc một lời thách: hãy nhận lời, hoặc mở một luồng (thread) và thách trong đó.",
                link_en(link)
            ),
            Text::ChallengeIsForSomeoneElse { opponent } => format!("Lời thách này dành cho {}.", mention(*opponent)),
            Text::CannotAcceptOwnChallenge => String::from("Bạn không thể nhận lời thách của chính mình."),
            Text::OnlyChallengerCancels { challenger } => format!("Chỉ {} mới hủy được lời thách này.", mention(*challenger)),
            Text::OnlyOpponentDeclines => String::from("Chỉ người được thách mới từ chối được lời thách này."),
            Text::ChallengeGone => String::from("Lời thách này không còn nữa."),
            Text::ChallengeExpired { challenger } => format!("Lời thách của {} đã hết hạn: không ai vào chơi kịp.", mention(*challenger)),
            Text::ChallengeDeclined { challenger, opponent } => format!("{} đã từ chối lời thách của {}.", mention(*opponent), mention(*challenger)),
            Text::ChallengeCancelled { challenger } => format!("{} đã hủy lời thách.", mention(*challenger)),
            Text::RpsPrompt { challenger, opponent, tie } => {
                let mut text = format!(
                    "{} và {}: oẳn tù tì chọn người đi trước! Chọn bằng các nút bên dưới; không ai thấy lựa chọn của bạn cho đến khi cả hai đã chọn.",
                    mention(*challenger), mention(*opponent)
                );
                if let Some(hand) = tie {
                    text = format!("Hòa: cả hai cùng ra {}. Chọn lại nào!\n{text}", hand_vi(*hand));
                }
                text
            }
            Text::Hand(hand) => String::from(hand_vi(*hand)),
            Text::RpsPicked { hand, waiting_for } => format!("Bạn đã ra {}. Đang chờ {}.", hand_vi(*hand), mention(*waiting_for)),
            Text::RpsAlreadyPicked { hand } => format!("Bạn đã ra {} ở lượt này rồi.", hand_vi(*hand)),
            Text::RpsNotYours => String::from("Chỉ hai người chơi mới được chọn ở đây."),
            Text::FirstByRps { winner, winning, losing } => format!("{} thắng {}: {} đi trước.", hand_vi(*winning), hand_vi(*losing), mention(*winner)),
            Text::FirstByCoin { winner } => format!("Tung đồng xu: {} đi trước.", mention(*winner)),
            Text::FirstFixed { first } => format!("{} đi trước.", mention(*first)),
            Text::MoveSummary { mover, label, right, relays, citizens, mandarins } => {
                let mut text = format!(
                    "{} rải ô {label} sang {}",
                    mention(*mover),
                    if *right { "phải →" } else { "← trái" }
                );
                if *relays > 0 {
                    text.push_str(&format!(", bốc tiếp {relays} lần"));
                }
                let mut taken = Vec::new();
                if *citizens > 0 {
                    taken.push(format!("{citizens} quân dân"));
                }
                if mandarins.0 {
                    taken.push(String::from("quan bên trái"));
                }
                if mandarins.1 {
                    taken.push(String::from("quan bên phải"));
                }
                if taken.is_empty() {
                    text.push_str(" và không ăn được gì.");
                } else {
                    let last = taken.pop().unwrap_or_default();
                    let list = if taken.is_empty() { last } else { format!("{} và {last}", taken.join(", ")) };
                    text.push_str(&format!(" và ăn {list}."));
                }
                text
            }
            Text::Refilled { player, borrowed } => {
                if *borrowed > 0 {
                    format!("Hàng của {} hết quân: bỏ 5 điểm ra rải mỗi ô một quân, vay {borrowed} điểm.", mention(*player))
                } else {
                    format!("Hàng của {} hết quân: bỏ 5 điểm ra rải mỗi ô một quân.", mention(*player))
                }
            }
            Text::ToMove { player } => format!("Đến lượt {}.", mention(*player)),
            Text::Totals { south, south_points, north, north_points } => format!("Đã ăn: {south} {south_points} · {north} {north_points}"),
            Text::GameEnded { reason } => String::from(match reason {
                EndReason::MandarinsCaptured => "**Hết ván**: cả hai quan đã bị ăn.",
                EndReason::SquaresEmpty => "**Hết ván**: cả hai ô quan đều trống.",
                EndReason::CannotRefill => "**Hết ván**: một người không đủ điểm để rải lại hàng.",
                EndReason::PlyLimit => "**Hết ván**: đã đi đủ 400 nước.",
                EndReason::Repetition => "**Hết ván**: một thế cờ đã lặp lại ba lần.",
            }),
            Text::FinalCount { name, captured, collected } => format!("{name}: ăn {captured} + {collected} trên hàng = {}", *captured + i16::from(*collected)),
            Text::Wins { winner } => format!("**{} thắng!**", mention(*winner)),
            Text::Draw => String::from("**Hòa!**"),
            Text::Resigned { loser, winner } => format!("{} đã xin thua. **{} thắng!**", mention(*loser), mention(*winner)),
            Text::BoardTitle { rules } => format!("Ô ăn quan · {}", preset_name(rules, vi)),
            Text::PanelCaptured { points } => format!("đã ăn {points}"),
            Text::StatusToMove { name } => format!("Đến lượt {name}"),
            Text::StatusWins { name, high, low } => format!("{name} thắng {high}–{low}"),
            Text::StatusResigned { name } => format!("{name} thắng do đối thủ xin thua"),
            Text::StatusDraw { points } => format!("Hòa {points}–{points}"),
            Text::Resign => String::from("Xin thua"),
            Text::RulesButton => String::from("Luật chơi"),
            Text::ConfirmResign { opponent } => format!("Xin thua ván này? {} sẽ thắng. Bỏ qua tin nhắn này để chơi tiếp.", mention(*opponent)),
            Text::YesResign => String::from("Đúng, xin thua"),
            Text::YouResigned => String::from("Bạn đã xin thua."),
            Text::NotYourTurn { player } => format!("Đang là lượt của {}, chưa đến lượt bạn.", mention(*player)),
            Text::NotAPlayer => String::from("Bạn không chơi trong ván này. Hãy bắt đầu ván của mình bằng `/oaq thach-dau`."),
            Text::OutOfDate { to_move, link } => {
                let mut text = format!("Bàn cờ này đã cũ: ván đấu đã đi tiếp{}.", link_en(link));
                if let Some(p) = to_move {
                    text.push_str(&format!(" Đến lượt {}. Đây là thế cờ hiện tại:", mention(*p)));
                }
                text
            }
            Text::BoardPostedAgain { link } => format!("Bản sao này của bàn cờ không còn dùng được: ván đấu tiếp tục trên bàn cờ mới đăng{}.", link_en(link)),
            Text::LostRace => String::from("Một cú bấm khác đã đến trước nên nước của bạn chưa được đi. Hãy xem bàn cờ mới rồi thử lại."),
            Text::GameOver => String::from("Ván này đã kết thúc."),
            Text::Illegal(error) => illegal_vi(*error),
            Text::NoGameHere => String::from("Kênh này chưa có ván nào. Hãy bắt đầu bằng `/oaq thach-dau`."),
            Text::OnlyChallengeHere { link } => format!("Kênh này chưa có ván nào, chỉ có một lời thách đang chờ nhận lời{}.", link_en(link)),
            Text::ResignedAnnouncement { loser, winner } => format!("{} đã xin thua. **{} thắng!** Bàn cờ cuối cùng ở phía trên.", mention(*loser), mention(*winner)),
            Text::Thinking { player } => format!("{} đang suy nghĩ…", mention(*player)),
            Text::TurnEnds { deadline_s } => format!("Thời gian cho nước này hết <t:{deadline_s}:R>."),
            Text::TimedOut { loser, winner } => format!("{} đã hết giờ. **{} thắng!**", mention(*loser), mention(*winner)),
            Text::StatusTimedOut { name } => format!("{name} thắng do đối thủ hết giờ"),
            Text::ComputerName { name, level } => format!("{name} ({})", level_vi(*level)),
            Text::ComputerGame { player, level, player_first } => format!(
                "{} chơi với máy (mức {}). {}",
                mention(*player), level_vi(*level),
                if *player_first { "Bạn đi trước." } else { "Máy đi trước." }
            ),
            Text::BotRecord { player, level, wins, draws, losses } => format!(
                "Thành tích của {} với máy mức {}: thắng {wins}, hòa {draws}, thua {losses}.",
                mention(*player), level_vi(*level)
            ),
            Text::Rematch => String::from("Chơi lại"),
            Text::GameNotOver => String::from("Ván này vẫn đang diễn ra: hãy chơi xong (hoặc xin thua) trước đã."),
            Text::SettingsSummary { changed, rules, first, turn_s, challenge_s, threads, channels } => format!(
                "**{}**\n• Luật mặc định: {rules}\n• Người đi trước: {}\n• Thời gian mỗi nước: {}\n• Lời thách hết hạn sau: {}\n• Mỗi ván một luồng riêng: {}\n• Được chơi ở: {}",
                if *changed { "Đã cập nhật cài đặt của máy chủ" } else { "Cài đặt của máy chủ" },
                first_setting_vi(*first),
                duration(*turn_s, vi), duration(*challenge_s, vi), if *threads { "có" } else { "không" },
                channels_vi(channels)
            ),
            Text::PlayedInThread => String::from("Ván đấu được chơi trong luồng (thread) của tin nhắn này."),
            Text::ThreadName { game, names } => format!("{}: {}", game_name(*game, vi), names.join(" đấu ")),
            Text::SettingsOnlyInServers => String::from("Cài đặt thuộc về một máy chủ: hãy dùng `/oaq cai-dat` trong máy chủ."),
            Text::NeedsManageServer => String::from("Chỉ thành viên có quyền **Quản lý máy chủ** mới xem hoặc đổi được các cài đặt này."),
            Text::TurnTimeoutOutOfRange { min_s, max_s } => format!("Thời gian mỗi nước phải từ {} đến {}.", duration(*min_s, vi), duration(*max_s, vi)),
            Text::ChallengeTimeoutOutOfRange { min_s, max_s } => format!("Thời hạn lời thách phải từ {} đến {}.", duration(*min_s, vi), duration(*max_s, vi)),
            Text::ChannelNotAllowed { channels } => format!("Máy chủ này không cho chơi trong kênh này. Hãy thử {}.", channels_vi(channels)),
            Text::RulesSummary { rules, in_play } => rules_vi(rules, *in_play),
            Text::Help => String::from(
                "**Ô ăn quan**, trò chơi dân gian Việt Nam.\n\
                 • `/oaq thach-dau [doi-thu] [luat] [gia-quan] [di-truoc]`: thách một người (hoặc mọi người, nếu bỏ trống đối thủ). Luật: chuẩn, dân gian hoặc quan non; quan tính 10 hoặc 5 điểm; người đi trước do oẳn tù tì, tung đồng xu, bạn hoặc đối thủ.\n\
                 • Chơi bằng các nút dưới bàn cờ: con số là ô (như trên hình) và mũi tên là hướng rải quân.\n\
                 • `/oaq choi-voi-may [muc-do] [luat] [gia-quan]`: chơi với máy ngay (dễ, vừa hoặc khó; mặc định là vừa), hoặc thách chính bot. Bạn đi trước.\n\
                 • Mỗi nước có giới hạn thời gian (ghi dưới bàn cờ); ai hết giờ thì thua. Bàn cờ đã xong có nút Chơi lại.\n\
                 • `/oaq ban-co`: đăng lại bàn cờ hiện tại của kênh.\n\
                 • `/oaq xin-thua`: xin thua ván của bạn trong kênh.\n\
                 • `/oaq luat`: luật đang áp dụng.\n\
                 • `/oaq bang-xep-hang [trang]` và `/oaq thong-ke [nguoi-choi]`: hệ số của máy chủ (Glicko-2; hệ số có dấu ? là tạm tính).\n\
                 • `/oaq lich-su [nguoi-choi]`, `/oaq xem-lai <van>`: các ván đã kết thúc, và ảnh động của một ván kèm biên bản.\n\
                 • `/oaq cac-van`: các ván đang chơi trong máy chủ, để xem.\n\
                 • `/oaq cai-dat`: luật mặc định, thời gian mỗi nước và các kênh được chơi của máy chủ (chỉ người có quyền Quản lý máy chủ).\n\
                 Mỗi kênh một ván hoặc một lời thách: dùng luồng (thread) để chơi nhiều ván cùng lúc.",
            ),
            Text::RatingChange { name, before, after, provisional } => format!(
                "{name}: hệ số {before} → {after}{} ({:+})",
                if *provisional { "?" } else { "" },
                after - before
            ),
            Text::OnlyInServers => String::from("Hệ số, bảng xếp hạng và danh sách ván đấu được tính riêng cho từng máy chủ: hãy dùng lệnh này trong một máy chủ."),
            Text::LeaderboardEmpty => String::from("Máy chủ này chưa có ai được xếp hạng: bảng xếp hạng bắt đầu từ ván đầu tiên giữa hai người chơi."),
            Text::NoSuchPage { pages } => format!("Bảng xếp hạng chỉ có {pages} trang."),
            Text::LeaderboardCaption { page, pages } => format!("🏆 Bảng xếp hạng **Ô ăn quan** của máy chủ, trang {page}/{pages}."),
            Text::LeaderboardTitle => String::from("Bảng xếp hạng Ô ăn quan"),
            Text::LeaderboardSubtitle { page, pages, players } => format!("Trang {page}/{pages} · {players} người chơi được xếp hạng"),
            Text::ColumnRank => String::from("Hạng"),
            Text::ColumnPlayer => String::from("Người chơi"),
            Text::ColumnRating => String::from("Hệ số"),
            Text::ColumnRecord => String::from("Thắng / hòa / thua"),
            Text::RatingValue { rating, provisional } => format!("{rating}{}", if *provisional { "?" } else { "" }),
            Text::ProvisionalLegend => String::from("? tạm tính: chưa đủ số ván để hệ số ổn định"),
            Text::PreviousPage => String::from("◀ Trước"),
            Text::NextPage => String::from("Sau ▶"),
            Text::StatsNone { player } => format!("{} chưa chơi xong ván nào được tính hệ số trong máy chủ này.", mention(*player)),
            Text::StatsSummary { player, rating, deviation, provisional, rank, players, wins, draws, losses } => {
                let mut text = format!("Hệ số **Ô ăn quan** của {}: **{rating}{}** (± {})", mention(*player), if *provisional { "?" } else { "" }, 2 * deviation);
                if *provisional {
                    text.push_str(", tạm tính");
                }
                if let Some(rank) = rank {
                    text.push_str(&format!(", hạng {rank}/{players}"));
                }
                text.push_str(&format!(".\nThắng {wins}, hòa {draws}, thua {losses} trong {} ván được tính hệ số.", wins + draws + losses));
                text
            }
            Text::ChartTitle { name } => format!("Hệ số của {name}"),
            Text::ChartAxis => String::from("số ván được tính"),
            Text::RecentGamesOf { player } => format!("Các ván gần đây của {}:", mention(*player)),
            Text::RecentGamesHere => String::from("Các ván gần đây trong máy chủ:"),
            Text::NoFinishedGames => String::from("Chưa có ván nào kết thúc."),
            Text::HistoryLine { game, ended_s, opponent, standing, finish, change } => {
                let verb = match standing {
                    Standing::Won => "**thắng**",
                    Standing::Drew => "hòa với",
                    Standing::Lost => "thua",
                };
                let change = change.map(|c| format!(" ({c:+})")).unwrap_or_default();
                let finish = if *standing == Standing::Won { finish_vi(*finish) } else { "" };
                format!("`{game}` <t:{ended_s}:d> {verb} {}{finish}{change}", mention(*opponent))
            }
            Text::ServerHistoryLine { game, ended_s, south, north, winner, finish } => {
                let result = match winner {
                    Some(w) => format!("{} thắng{}", mention(*w), finish_vi(*finish)),
                    None => String::from("hòa"),
                };
                format!("`{game}` <t:{ended_s}:d> {} đấu {}: {result}", mention(*south), mention(*north))
            }
            Text::NoSuchGame { game } => format!("Ở đây không có ván {game}. `/oaq lich-su` liệt kê các ván đã kết thúc kèm số hiệu."),
            Text::ReplayCaption { game, south, north, plies } => format!("Xem lại ván `{game}`: {} đấu {}, {plies} nước. Biên bản bên dưới có thể chơi lại bằng công cụ dòng lệnh của engine.", mention(*south), mention(*north)),
            Text::RecordResult { winner, finish } => match (winner, finish) {
                (_, None) => String::from("Kết quả: đang chơi"),
                (None, Some(_)) => String::from("Kết quả: hòa"),
                (Some(w), Some(f)) => format!("Kết quả: {w} thắng{}", finish_vi(*f)),
            },
            Text::RecordReplayWith => String::from("Chơi lại bằng:"),
            Text::RecordCut { left_out } => format!("… và {left_out} nước nữa: quá dài cho một tin nhắn, hãy xem ảnh động."),
            Text::ReplayFrame { ply, plies } => match ply {
                0 => String::from("Bắt đầu"),
                _ => format!("Nước {ply}/{plies}"),
            },
            Text::RunningGames => String::from("Các ván đang chơi trong máy chủ (ai cũng có thể xem):"),
            Text::RunningGame { game, south, north, plies, link } => format!("• `{game}` {} đấu {}, đã đi {plies} nước{}", mention(*south), mention(*north), link.as_ref().map(|l| format!(": {l}")).unwrap_or_default()),
            Text::NoRunningGames => String::from("Hiện không có ván nào đang chơi trong máy chủ. Hãy bắt đầu bằng `/oaq thach-dau`."),
            Text::Damaged => String::from("Ván đã lưu của kênh này bị hỏng và không đọc được. Không có gì bị thay đổi và bản ghi được giữ lại để kiểm tra: hãy báo cho người quản lý bot."),
            Text::UnknownButton => String::from("Tôi không nhận ra nút này (có thể nó thuộc một phiên bản cũ của bot). Dùng `/oaq ban-co` để lấy bàn cờ mới."),
            Text::ButtonElsewhere => String::from("Nút này thuộc về một lời thách hoặc ván cờ ở kênh khác nên không có tác dụng ở đây."),
            Text::Apology => String::from("Xin lỗi, bên tôi có trục trặc và chưa có gì bị thay đổi. Bạn thử lại sau giây lát nhé."),
        }
    }
}

/// The name and description of a slash command, option or choice in one language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    /// What the user types (commands, options) or picks (choices).
    pub name: &'static str,
    /// The help line Discord shows under it (empty for choices, which have none).
    pub description: &'static str,
}

/// A slash command, option or choice, by key, in every language of the catalogue.
#[derive(Debug, Clone, Copy)]
pub struct CommandText {
    /// `oaq`, `oaq challenge`, `oaq challenge opponent` (an option), or `rules=folk` (a
    /// choice, by option and English name, shared by every command with that option).
    pub key: &'static str,
    /// English.
    pub english: Label,
    /// Vietnamese. Command and option names are written without tone marks, so they are
    /// as easy to type as the English ones; descriptions and choices are written in full.
    pub vietnamese: Label,
}

impl CommandText {
    /// The label in `locale`.
    pub fn label(&self, locale: Locale) -> Label {
        match locale {
            Locale::English => self.english,
            Locale::Vietnamese => self.vietnamese,
        }
    }
}

const fn entry(
    key: &'static str,
    english: (&'static str, &'static str),
    vietnamese: (&'static str, &'static str),
) -> CommandText {
    CommandText {
        key,
        english: Label {
            name: english.0,
            description: english.1,
        },
        vietnamese: Label {
            name: vietnamese.0,
            description: vietnamese.1,
        },
    }
}

/// Every slash command, option and choice of the bot, in English and Vietnamese. The
/// Discord adapter applies these at start-up; a test checks that every command the bot
/// registers has an entry here.
pub const COMMANDS: &[CommandText] = &[
    entry(
        "oaq",
        ("oaq", "Play Ô ăn quan, the Vietnamese mandarin-square game"),
        ("oaq", "Chơi Ô ăn quan, trò chơi dân gian Việt Nam"),
    ),
    entry(
        "oaq challenge",
        (
            "challenge",
            "Challenge someone (or anyone) to a game of Ô ăn quan",
        ),
        (
            "thach-dau",
            "Thách một người (hoặc mọi người) chơi một ván Ô ăn quan",
        ),
    ),
    entry(
        "oaq challenge opponent",
        (
            "opponent",
            "Who to play; leave empty for an open challenge anyone may accept",
        ),
        (
            "doi-thu",
            "Người bạn muốn thách; bỏ trống để ai cũng có thể nhận lời",
        ),
    ),
    entry(
        "oaq challenge rules",
        ("rules", "Rules preset (default: the server's, or standard)"),
        ("luat", "Bộ luật (mặc định: của máy chủ, hoặc chuẩn)"),
    ),
    entry(
        "oaq challenge quan_value",
        (
            "quan_value",
            "Points a mandarin is worth (default: the server's, or 10)",
        ),
        (
            "gia-quan",
            "Số điểm của một quân quan (mặc định: của máy chủ, hoặc 10)",
        ),
    ),
    entry(
        "oaq challenge first",
        (
            "first",
            "Who moves first (default: the server's, or rock-paper-scissors)",
        ),
        (
            "di-truoc",
            "Ai đi trước (mặc định: của máy chủ, hoặc oẳn tù tì)",
        ),
    ),
    entry(
        "oaq play",
        ("play", "Play the computer right away (you move first)"),
        ("choi-voi-may", "Chơi với máy ngay (bạn đi trước)"),
    ),
    entry(
        "oaq play level",
        ("level", "How strong the computer plays (default: medium)"),
        ("muc-do", "Máy chơi mạnh đến đâu (mặc định: vừa)"),
    ),
    entry(
        "oaq play rules",
        ("rules", "Rules preset (default: standard)"),
        ("luat", "Bộ luật (mặc định: chuẩn)"),
    ),
    entry(
        "oaq play quan_value",
        ("quan_value", "Points a mandarin is worth (default: 10)"),
        ("gia-quan", "Số điểm của một quân quan (mặc định: 10)"),
    ),
    entry(
        "oaq settings",
        (
            "settings",
            "Server settings: default rules, first player, timeouts, allowed channels",
        ),
        (
            "cai-dat",
            "Cài đặt máy chủ: luật mặc định, người đi trước, thời gian, kênh được chơi",
        ),
    ),
    entry(
        "oaq settings rules",
        ("rules", "Default rules preset of new challenges"),
        ("luat", "Bộ luật mặc định cho các lời thách mới"),
    ),
    entry(
        "oaq settings quan_value",
        ("quan_value", "Default points a mandarin is worth"),
        ("gia-quan", "Số điểm mặc định của một quân quan"),
    ),
    entry(
        "oaq settings first",
        ("first", "Default way to choose who moves first"),
        ("di-truoc", "Cách mặc định để chọn người đi trước"),
    ),
    entry(
        "oaq settings turn_timeout_minutes",
        (
            "turn_timeout_minutes",
            "Minutes per move (1 to 10080 = 7 days)",
        ),
        (
            "phut-moi-nuoc",
            "Số phút cho mỗi nước (1 đến 10080 = 7 ngày)",
        ),
    ),
    entry(
        "oaq settings challenge_timeout_minutes",
        (
            "challenge_timeout_minutes",
            "Minutes before a challenge expires (1 to 1440)",
        ),
        (
            "phut-loi-thach",
            "Số phút trước khi lời thách hết hạn (1 đến 1440)",
        ),
    ),
    entry(
        "oaq settings allow_channel",
        (
            "allow_channel",
            "Allow games in this channel (then only in the listed channels)",
        ),
        (
            "cho-phep-kenh",
            "Cho phép chơi trong kênh này (khi đó chỉ chơi ở các kênh đã chọn)",
        ),
    ),
    entry(
        "oaq settings remove_channel",
        ("remove_channel", "No longer allow games in this channel"),
        ("bo-kenh", "Không cho chơi trong kênh này nữa"),
    ),
    entry(
        "oaq settings any_channel",
        ("any_channel", "Allow games in every channel again"),
        ("moi-kenh", "Cho phép chơi ở mọi kênh trở lại"),
    ),
    entry(
        "oaq settings threads",
        (
            "threads",
            "Play each accepted challenge in its own public thread",
        ),
        (
            "luong-rieng",
            "Chơi mỗi ván trong một luồng (thread) công khai riêng",
        ),
    ),
    entry(
        "oaq leaderboard",
        (
            "leaderboard",
            "This server's Ô ăn quan ratings, ten players a page",
        ),
        (
            "bang-xep-hang",
            "Hệ số Ô ăn quan của máy chủ này, mười người mỗi trang",
        ),
    ),
    entry(
        "oaq leaderboard page",
        ("page", "The page to show (default: the first)"),
        ("trang", "Trang muốn xem (mặc định: trang đầu)"),
    ),
    entry(
        "oaq stats",
        (
            "stats",
            "A player's rating, record, recent games and rating chart in this server",
        ),
        (
            "thong-ke",
            "Hệ số, thành tích, các ván gần đây và biểu đồ hệ số của một người chơi",
        ),
    ),
    entry(
        "oaq stats player",
        ("player", "Whose statistics (default: yours)"),
        ("nguoi-choi", "Thống kê của ai (mặc định: của bạn)"),
    ),
    entry(
        "oaq history",
        (
            "history",
            "Recent finished games of a player, or of this server",
        ),
        (
            "lich-su",
            "Các ván đã kết thúc gần đây của một người chơi, hoặc của máy chủ",
        ),
    ),
    entry(
        "oaq history player",
        ("player", "Whose games (default: the whole server's)"),
        ("nguoi-choi", "Các ván của ai (mặc định: cả máy chủ)"),
    ),
    entry(
        "oaq replay",
        (
            "replay",
            "An animation of a game, move by move, with its record",
        ),
        (
            "xem-lai",
            "Ảnh động của một ván, từng nước một, kèm biên bản",
        ),
    ),
    entry(
        "oaq replay game",
        ("game", "The game's number, as `/oaq history` lists it"),
        ("van", "Số hiệu của ván, như `/oaq lich-su` liệt kê"),
    ),
    entry(
        "oaq games",
        (
            "games",
            "The games being played in this server, with links to watch them",
        ),
        (
            "cac-van",
            "Các ván đang chơi trong máy chủ, kèm liên kết để xem",
        ),
    ),
    entry(
        "oaq board",
        ("board", "Post the current board of this channel again"),
        ("ban-co", "Đăng lại bàn cờ hiện tại của kênh này"),
    ),
    entry(
        "oaq move",
        (
            "move",
            "Play a move by typing it; the suggestions list your legal moves",
        ),
        (
            "di",
            "Đi một nước bằng cách gõ; gợi ý liệt kê các nước bạn được đi",
        ),
    ),
    entry(
        "oaq move move",
        (
            "move",
            "The move, as its button shows it or in notation (3+)",
        ),
        ("nuoc", "Nước đi, như trên nút bấm hoặc theo ký hiệu (3+)"),
    ),
    entry(
        "oaq resign",
        ("resign", "Resign your game in this channel"),
        ("xin-thua", "Xin thua ván của bạn trong kênh này"),
    ),
    entry(
        "oaq rules",
        ("rules", "The rules in play in this channel"),
        ("luat", "Luật đang áp dụng trong kênh này"),
    ),
    entry(
        "oaq help",
        ("help", "How to play with this bot"),
        ("huong-dan", "Cách chơi với bot này"),
    ),
    entry("rules=standard", ("standard", ""), ("chuẩn", "")),
    entry("rules=folk", ("folk", ""), ("dân gian", "")),
    entry("rules=young", ("young", ""), ("quan non", "")),
    entry("quan_value=10", ("10", ""), ("10 điểm", "")),
    entry("quan_value=5", ("5", ""), ("5 điểm", "")),
    entry("first=rps", ("rps", ""), ("oẳn tù tì", "")),
    entry("first=coin", ("coin", ""), ("tung đồng xu", "")),
    entry("first=me", ("me", ""), ("tôi", "")),
    entry("first=them", ("them", ""), ("đối thủ", "")),
    entry("level=easy", ("easy", ""), ("dễ", "")),
    entry("level=medium", ("medium", ""), ("vừa", "")),
    entry("level=hard", ("hard", ""), ("khó", "")),
];

/// The catalogue entry for a command, option or choice key.
pub fn command_text(key: &str) -> Option<&'static CommandText> {
    COMMANDS.iter().find(|c| c.key == key)
}
