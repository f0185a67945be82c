//! The string catalogue: every message and every slash command exists in English and
//! Vietnamese, and the Discord locale picks the language.

use std::collections::HashSet;

use oaq_bot::app::games::Cost;
use oaq_bot::app::results::{Finish, Standing};
use oaq_bot::app::text::fluent::{message_ids, parse_errors, PARTS};
use oaq_bot::app::text::{
    command_text, CheckersText, CheckersTextKey, FormatName, OaqText, OaqTextKey, ShogiText,
    ShogiTextKey, TextKey, TournamentText, TournamentTextKey, COMMANDS,
};
use oaq_bot::app::{Locale, Text};
use oaq_bot::discord::commands;
use oaq_bot::discord::localize::{self, Kind};
use oaq_bot::games::oaq::{EndReason, IllegalMove, Rules, Square};
use oaq_bot::games::shogi;
use oaq_bot::ids::{ChannelId, GameId, UserId};
use oaq_bot::store::Retirement;
use oaq_bot::store::{FirstPlayer, GameKind, Hand, Level};
use strum::IntoEnumIterator;

/// One value of every message of the catalogue. When a message is added, the test below
/// fails until it gets a sample here — and so until it is written in every language.
fn samples() -> Vec<Text> {
    let rules = Rules::standard();
    let link = Some(String::from("https://discord.com/channels/1/2/3"));
    vec![
        Text::ChallengeDirect {
            challenger: UserId::new(1),
            opponent: UserId::new(2),
            game: GameKind::Oaq,
            rules: String::from("standard"),
            first: FirstPlayer::Rps,
            expires_s: 9,
        },
        Text::ChallengeOpen {
            challenger: UserId::new(1),
            game: GameKind::ChineseCheckers,
            rules: String::from("folk"),
            first: FirstPlayer::Opponent,
            expires_s: 9,
        },
        Text::Accept,
        Text::Decline,
        Text::Cancel,
        Text::CannotChallengeSelf,
        Text::CannotChallengeBot {
            game: GameKind::Shogi,
        },
        Text::ChannelHasGame { link: link.clone() },
        Text::ChannelHasChallenge { link: None },
        Text::ChallengeIsForSomeoneElse {
            opponent: UserId::new(2),
        },
        Text::CannotAcceptOwnChallenge,
        Text::OnlyChallengerCancels {
            challenger: UserId::new(1),
        },
        Text::OnlyOpponentDeclines,
        Text::ChallengeGone,
        Text::ChallengeExpired {
            challenger: UserId::new(1),
        },
        Text::ChallengeDeclined {
            challenger: UserId::new(1),
            opponent: UserId::new(2),
        },
        Text::ChallengeCancelled {
            challenger: UserId::new(1),
        },
        Text::RpsPrompt {
            challenger: UserId::new(1),
            opponent: UserId::new(2),
            tie: Some(Hand::Paper),
        },
        Text::Hand(Hand::Scissors),
        Text::RpsPicked {
            hand: Hand::Rock,
            waiting_for: UserId::new(2),
        },
        Text::RpsAlreadyPicked { hand: Hand::Rock },
        Text::RpsNotYours,
        Text::FirstByRps {
            winner: UserId::new(1),
            winning: Hand::Paper,
            losing: Hand::Rock,
        },
        Text::FirstByCoin {
            winner: UserId::new(2),
        },
        Text::FirstFixed {
            first: UserId::new(1),
        },
        Text::Oaq(OaqText::MoveSummary {
            mover: UserId::new(1),
            label: 3,
            right: true,
            relays: 2,
            citizens: 6,
            mandarins: (true, false),
        }),
        Text::Oaq(OaqText::Refilled {
            player: UserId::new(2),
            borrowed: 3,
        }),
        Text::ToMove {
            player: UserId::new(1),
        },
        Text::Oaq(OaqText::Totals {
            south: String::from("An"),
            south_points: 4,
            north: String::from("Bình"),
            north_points: 7,
        }),
        Text::Oaq(OaqText::GameEnded {
            reason: EndReason::Repetition,
        }),
        Text::Oaq(OaqText::FinalCount {
            name: String::from("An"),
            captured: 20,
            collected: 3,
        }),
        Text::Wins {
            winner: UserId::new(1),
        },
        Text::Draw,
        Text::Resigned {
            loser: UserId::new(1),
            winner: UserId::new(2),
        },
        Text::Oaq(OaqText::BoardTitle { rules }),
        Text::Oaq(OaqText::PanelCaptured { points: 12 }),
        Text::Oaq(OaqText::StatusToMove {
            name: String::from("An"),
        }),
        Text::Oaq(OaqText::StatusWins {
            name: String::from("An"),
            high: 40,
            low: 30,
        }),
        Text::Oaq(OaqText::StatusResigned {
            name: String::from("An"),
        }),
        Text::Oaq(OaqText::StatusDraw { points: 35 }),
        Text::Resign,
        Text::RulesButton,
        Text::ConfirmResign {
            opponent: UserId::new(2),
        },
        Text::YesResign,
        Text::YouResigned,
        Text::NotYourTurn {
            player: UserId::new(2),
        },
        Text::NotAPlayer,
        Text::BoardPostedAgain { link: link.clone() },
        Text::OutOfDate {
            to_move: Some(UserId::new(2)),
            link: link.clone(),
        },
        Text::LostRace,
        Text::DatabaseDown,
        Text::GameOver,
        Text::PlayOnBoard,
        Text::PageNotHere,
        Text::PageSignedOut,
        Text::PageSignInFailed,
        Text::PageGarbled,
        Text::PageNoProcess,
        Text::PageAcceptInChannel,
        Text::Oaq(OaqText::Illegal(IllegalMove::EmptySquare(Square::WEST))),
        Text::NoGameHere {
            game: GameKind::Shogi,
        },
        Text::OnlyChallengeHere { link: None },
        Text::ResignedAnnouncement {
            loser: UserId::new(1),
            winner: UserId::new(2),
        },
        Text::Thinking {
            player: UserId::new(3),
        },
        Text::TurnEnds { deadline_s: 99 },
        Text::TimedOut {
            loser: UserId::new(1),
            winner: UserId::new(2),
        },
        Text::Oaq(OaqText::StatusTimedOut {
            name: String::from("An"),
        }),
        Text::ComputerName {
            name: String::from("Ô ăn quan"),
            level: Level::Hard,
        },
        Text::ComputerGame {
            player: UserId::new(1),
            level: Level::Easy,
            player_first: true,
        },
        Text::BotRecord {
            player: UserId::new(1),
            level: Level::Medium,
            wins: 2,
            draws: 1,
            losses: 4,
        },
        Text::EarlierMoves { count: 12 },
        Text::Rematch,
        Text::GameNotOver,
        Text::Analyse,
        Text::AnalysisTitle {
            game: GameId::new(7),
            depth: 6,
        },
        Text::AnalysisPlayer {
            name: String::from("An"),
        },
        Text::AnalysisMistake {
            number: 12,
            played: String::from("3+"),
            better: String::from("1-"),
            cost: Cost::Points(21),
        },
        Text::AnalysisMistake {
            number: 1,
            played: String::from("3+"),
            better: String::from("1-"),
            cost: Cost::LostWin,
        },
        Text::AnalysisMistake {
            number: 2,
            played: String::from("9-"),
            better: String::from("7+"),
            cost: Cost::IntoLoss,
        },
        Text::AnalysisClean {
            name: String::from("Bình"),
        },
        Text::AnalysisNotOver,
        Text::AnalysisUnavailable,
        Text::SettingsSummary {
            changed: true,
            rules: String::from("folk (a mandarin is worth 5)"),
            first: FirstPlayer::Coin,
            turn_s: 5400,
            challenge_s: 600,
            threads: true,
            channels: vec![ChannelId::new(5), ChannelId::new(6)],
        },
        Text::PlayedInThread,
        Text::ThreadName {
            game: GameKind::Oaq,
            names: vec![String::from("An"), String::from("Bình")],
        },
        Text::Oaq(OaqText::RulesName { rules }),
        Text::Oaq(OaqText::DefaultRules { rules }),
        Text::NotAMove,
        Text::LobbyTitle {
            host: UserId::new(1),
            game: GameKind::ChineseCheckers,
            rules: String::from("standard"),
            counts: String::from("2/3/4/6"),
        },
        Text::LobbySeat {
            number: 2,
            colour: String::new(),
            player: String::from("none"),
        },
        Text::LobbyFooter {
            expires_s: 1_700_000_000,
        },
        Text::Join,
        Text::Leave,
        Text::StartGame { players: 4 },
        Text::AddComputer,
        Text::AddComputerAt { level: Level::Hard },
        Text::RemoveComputer,
        Text::LobbyFull,
        Text::AlreadySeated,
        Text::NotSeated,
        Text::OnlyHostStarts {
            host: UserId::new(1),
        },
        Text::NoComputerSeated,
        Text::CannotStartWith {
            count: 5,
            counts: String::from("2/3/4/6"),
        },
        Text::LobbyExpired {
            host: UserId::new(1),
        },
        Text::LobbyCancelled {
            host: UserId::new(1),
        },
        Text::LeftGame {
            player: String::from("<@2>"),
            timed_out: true,
        },
        Text::LeftGame {
            player: String::from("oaq (hard)"),
            timed_out: false,
        },
        Text::PlaceLine {
            place: 1,
            player: String::from("<@1>"),
        },
        Text::PlaceLine {
            place: 5,
            player: String::from("oaq (easy)"),
        },
        Text::ConfirmLeave,
        Text::RematchAtNewTable,
        Text::MovePlayed {
            mv: String::from("3+"),
            link: link.clone(),
        },
        Text::SettingsOnlyInServers {
            game: GameKind::ChineseCheckers,
        },
        Text::NeedsManageServer,
        Text::TurnTimeoutOutOfRange {
            min_s: 60,
            max_s: 604_800,
        },
        Text::ChallengeTimeoutOutOfRange {
            min_s: 60,
            max_s: 86_400,
        },
        Text::ChannelNotAllowed { channels: vec![] },
        Text::ChannelNotAllowed {
            channels: (1..=30).map(ChannelId::new).collect(),
        },
        Text::TooManyChannels { max: 25 },
        Text::Oaq(OaqText::RulesSummary {
            rules,
            in_play: true,
        }),
        Text::Oaq(OaqText::Help),
        Text::Shogi(ShogiText::RulesName),
        Text::Shogi(ShogiText::RulesSummary { in_play: true }),
        Text::Shogi(ShogiText::RulesSummary { in_play: false }),
        Text::Shogi(ShogiText::Moved {
            player: UserId::new(1),
            western: String::from("P-7f"),
        }),
        Text::Shogi(ShogiText::Check),
        Text::Shogi(ShogiText::Ended {
            outcome: shogi::Outcome::Win {
                winner: shogi::Color::Sente,
                reason: shogi::WinReason::Checkmate,
            },
        }),
        Text::Shogi(ShogiText::Ended {
            outcome: shogi::Outcome::Draw {
                reason: shogi::DrawReason::Sennichite,
            },
        }),
        Text::Shogi(ShogiText::EmptyHand),
        Text::Shogi(ShogiText::StatusToMove {
            name: String::from("An"),
        }),
        Text::Shogi(ShogiText::StatusForfeit {
            name: String::from("An"),
            why: Retirement::TimedOut,
        }),
        Text::Shogi(ShogiText::StatusOver {
            winner: Some(String::from("An")),
            outcome: shogi::Outcome::Win {
                winner: shogi::Color::Gote,
                reason: shogi::WinReason::PerpetualCheck,
            },
        }),
        Text::Shogi(ShogiText::PickPiece {
            role: shogi::Role::Dragon,
            square: String::from("2b"),
        }),
        Text::Shogi(ShogiText::PickInHand {
            role: shogi::Role::Pawn,
            count: 3,
        }),
        Text::Shogi(ShogiText::PickTarget {
            square: String::from("7f"),
            takes: None,
        }),
        Text::Shogi(ShogiText::PickTarget {
            square: String::from("2b"),
            takes: Some(shogi::Role::Bishop),
        }),
        Text::Shogi(ShogiText::Promote),
        Text::Shogi(ShogiText::DontPromote),
        Text::Shogi(ShogiText::ClaimImpasse),
        Text::Shogi(ShogiText::ImpasseClaimed {
            sente: 28,
            gote: 19,
        }),
        Text::Shogi(ShogiText::ImpasseNotYet),
        Text::Shogi(ShogiText::ViewFromGote),
        Text::Shogi(ShogiText::Furigoma {
            tosser: UserId::new(1),
            faces: String::from("歩と歩歩と"),
            pawns: 3,
            first: UserId::new(1),
        }),
        Text::Shogi(ShogiText::Analyse {
            link: String::from("https://lishogi.org/analysis/x"),
        }),
        Text::Shogi(ShogiText::Unreadable {
            text: String::from("zz"),
        }),
        Text::Shogi(ShogiText::NoMatch {
            text: String::from("G-5h"),
        }),
        Text::Shogi(ShogiText::NoPreviousMove),
        Text::OpenPicker,
        Text::PickerPrompt {
            chosen: String::new(),
        },
        Text::PickerPrompt {
            chosen: String::from("Pawn on 7g"),
        },
        Text::Back,
        Text::WhichMove {
            typed: String::from("G-5h"),
        },
        Text::Checkers(CheckersText::RulesName {
            options: String::new(),
        }),
        Text::Checkers(CheckersText::RulesName {
            options: String::from("play_on=true sets=2"),
        }),
        Text::Checkers(CheckersText::RulesSummary {
            in_play: false,
            options: String::new(),
        }),
        Text::Checkers(CheckersText::RulesSummary {
            in_play: true,
            options: String::from("long_jumps=midpoint"),
        }),
        Text::Checkers(CheckersText::Colour { triangle: 0 }),
        Text::Checkers(CheckersText::Colour { triangle: 4 }),
        Text::Checkers(CheckersText::DetailLeft),
        Text::Checkers(CheckersText::DetailPlace { place: 1 }),
        Text::Checkers(CheckersText::DetailPlace { place: 4 }),
        Text::Checkers(CheckersText::PegLabel {
            hole: String::from("D2"),
        }),
        Text::Checkers(CheckersText::StepTo {
            to: String::from("E3"),
        }),
        Text::Checkers(CheckersText::HopsTo {
            to: String::from("H6"),
            path: String::from("D2>F4>H6"),
        }),
        Text::Checkers(CheckersText::PassLabel),
        Text::Checkers(CheckersText::Help),
        Text::Checkers(CheckersText::Moved {
            player: String::from("<@1>"),
            path: String::from("D2>F4>H6"),
        }),
        Text::Checkers(CheckersText::Passed {
            player: String::from("<@2>"),
        }),
        Text::Checkers(CheckersText::Title),
        Text::Checkers(CheckersText::PegsHome { home: 3 }),
        Text::Checkers(CheckersText::StatusToMove {
            name: String::from("An"),
        }),
        Text::Checkers(CheckersText::StatusWon {
            names: String::from("An"),
        }),
        Text::Checkers(CheckersText::Footer),
        Text::Checkers(CheckersText::Illegal {
            why: String::from("D2 is occupied"),
        }),
        Text::Shogi(ShogiText::Help),
        Text::Shogi(ShogiText::Illegal(shogi::IllegalMove::NotInHand(
            shogi::Role::Knight,
        ))),
        Text::Shogi(ShogiText::Illegal(shogi::IllegalMove::Nifu)),
        Text::RatingChange {
            name: String::from("An"),
            before: 1500,
            after: 1662,
            provisional: true,
        },
        Text::OnlyInServers,
        Text::LeaderboardEmpty,
        Text::NoSuchPage { pages: 3 },
        Text::LeaderboardCaption {
            game: GameKind::Oaq,
            page: 1,
            pages: 3,
        },
        Text::LeaderboardTitle {
            game: GameKind::ChineseCheckers,
        },
        Text::LeaderboardSubtitle {
            page: 1,
            pages: 3,
            players: 25,
        },
        Text::ColumnRank,
        Text::ColumnPlayer,
        Text::ColumnRating,
        Text::ColumnRecord,
        Text::RatingValue {
            rating: 1662,
            provisional: true,
        },
        Text::ProvisionalLegend,
        Text::PreviousPage,
        Text::NextPage,
        Text::StatsNone {
            player: UserId::new(1),
        },
        Text::StatsSummary {
            game: GameKind::Oaq,
            player: UserId::new(1),
            rating: 1662,
            deviation: 290,
            provisional: true,
            rank: Some(2),
            players: 9,
            wins: 3,
            draws: 1,
            losses: 0,
        },
        Text::ChartTitle {
            name: String::from("An"),
        },
        Text::ChartAxis,
        Text::RecentGamesOf {
            player: UserId::new(1),
        },
        Text::RecentGamesHere,
        Text::NoFinishedGames,
        Text::HistoryLine {
            game: GameId::new(7),
            ended_s: 9,
            opponents: vec![UserId::new(2)],
            standing: Standing::Won,
            finish: Finish::TimedOut,
            change: Some(12),
        },
        Text::ServerHistoryLine {
            game: GameId::new(7),
            ended_s: 9,
            players: vec![UserId::new(1), UserId::new(2)],
            winner: Some(UserId::new(2)),
            finish: Finish::Resigned,
        },
        Text::NoSuchGame {
            game: GameId::new(7),
            kind: GameKind::Oaq,
        },
        Text::ReplayCaption {
            game: GameId::new(7),
            players: vec![UserId::new(1), UserId::new(2)],
            plies: 30,
        },
        Text::ReplayLeftOut {
            every: 2,
            frames: 151,
            all: 301,
            limit: 10_485_760,
        },
        Text::RecordResult {
            winner: Some(String::from("An")),
            finish: Some(Finish::Board),
        },
        Text::RecordReplayWith,
        Text::RecordCut { left_out: 12 },
        Text::ReplayFrame { ply: 3, plies: 30 },
        Text::RunningGames,
        Text::RunningGame {
            game: GameId::new(7),
            players: vec![UserId::new(1), UserId::new(2)],
            plies: 4,
            link: None,
        },
        Text::NoRunningGames {
            game: GameKind::Shogi,
        },
        Text::RunningGamesPage {
            page: 2,
            pages: 7,
            games: 40,
        },
        Text::Damaged,
        Text::UnknownButton,
        Text::ButtonElsewhere,
        Text::ButtonNotHere,
        Text::PickerMenu {
            first: String::from("to 9a"),
            last: String::from("to 1c"),
            part: 1,
            parts: 4,
        },
        Text::PickerEarlier,
        Text::PickerMore,
        Text::Apology,
        Text::Restarting,
        Text::ServedElsewhere,
    ]
    .into_iter()
    .chain(tournament_samples().into_iter().map(Text::Tournament))
    .collect()
}

/// One sample of every tournament message (issue 29).
fn tournament_samples() -> Vec<TournamentText> {
    use TournamentText as T;
    let mut samples = Vec::new();
    for format in [
        FormatName::Swiss,
        FormatName::RoundRobin,
        FormatName::DoubleRoundRobin,
    ] {
        samples.push(T::Title {
            game: GameKind::Oaq,
            format,
            rules: String::from("standard"),
            rounds: 3,
            turn_s: 120,
            organiser: 11,
        });
        samples.push(T::Subtitle {
            game: GameKind::Shogi,
            format,
            players: 6,
        });
    }
    for stage in ["open", "playing", "finished", "cancelled"] {
        samples.push(T::ListLine {
            game: GameKind::ChineseCheckers,
            format: FormatName::Swiss,
            stage,
            players: 8,
            round: 2,
            rounds: 4,
            link: String::new(),
        });
    }
    // The columns whose headings are the same in every language (#, BH, BH-1, SB) are left
    // out: this test checks that each sample is translated.
    for column in [
        "board", "first", "second", "result", "player", "points", "de", "wins", "rating", "perf",
        "round",
    ] {
        for game in GameKind::ALL {
            samples.push(T::Column { column, game });
        }
    }
    samples.extend([
        T::Entrants { count: 5, limit: 0 },
        T::Entrants { count: 5, limit: 8 },
        T::MoreEntrants { count: 3 },
        T::MoreBoards { count: 12 },
        T::StartsAt {
            at_s: 1_767_225_600,
        },
        T::OpenHelp { manual: true },
        T::OpenHelp { manual: false },
        T::RoundPlaying {
            round: 2,
            rounds: 3,
            playing: 1,
        },
        T::RoundWaiting {
            round: 2,
            rounds: 3,
        },
        T::Finished {
            winners: String::from("<@11>"),
            count: 1,
            points: String::from("2½"),
        },
        T::Cancelled { by: 11 },
        T::TooFew,
        T::Join,
        T::Leave,
        T::Start,
        T::Cancel,
        T::NextRound,
        T::RoundStarted {
            round: 1,
            rounds: 3,
            pairings: String::from("Board 1: <@11> – <@22>"),
            byes: String::from("<@33>"),
        },
        T::PairingLine {
            board: 1,
            first: 11,
            second: 22,
        },
        T::Won {
            game: GameKind::Oaq,
            winners: String::from("<@11>, <@22>"),
            count: 2,
            points: String::from("3"),
            link: String::from("https://discord.com/channels/1/2/3"),
        },
        T::ThreadName {
            round: 1,
            first: String::from("An"),
            second: String::from("Bình"),
        },
        T::GameIntro {
            round: 1,
            first: 11,
            second: 22,
        },
        T::PairingsTitle {
            round: 1,
            rounds: 3,
        },
        T::StandingsTitle {
            round: 2,
            last: false,
        },
        T::StandingsTitle {
            round: 3,
            last: true,
        },
        T::CrosstableTitle,
        T::Bye,
        T::Legend,
        T::CrosstableLegend,
        T::WithdrawnMark,
        T::ListTitle {
            game: GameKind::Oaq,
        },
        T::ListEmpty {
            game: GameKind::Shogi,
        },
        T::HistoryTag {
            format: FormatName::Swiss,
            round: 2,
        },
        T::Withdrew { playing: true },
        T::Withdrew { playing: false },
        T::NoneHere {
            game: GameKind::Oaq,
        },
        T::Closed,
        T::AlreadyIn,
        T::NotIn,
        T::Full { limit: 8 },
        T::OrganiserOnly { organiser: 11 },
        T::NeedPlayers,
        T::RoundNotOver,
        T::NotPlaying,
        T::RoundsRange { max: 20 },
        T::StartInPast,
        T::TwoPlayers,
        T::StartUnreadable,
        T::ServersOnly,
    ]);
    let covered: HashSet<TournamentTextKey> = samples.iter().map(TournamentTextKey::from).collect();
    let missing: Vec<TournamentTextKey> = TournamentTextKey::iter()
        .filter(|k| !covered.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "tournament messages without a sample: {missing:?}"
    );
    samples
}

/// Messages with no words in them, the same in every language.
const LANGUAGE_NEUTRAL: [TextKey; 1] = [TextKey::RatingValue];

#[test]
fn every_message_is_written_in_english_and_vietnamese() {
    let samples = samples();
    let covered: HashSet<TextKey> = samples.iter().map(TextKey::from).collect();
    let missing: Vec<TextKey> = TextKey::iter().filter(|k| !covered.contains(k)).collect();
    assert!(missing.is_empty(), "messages without a sample: {missing:?}");
    let oaq: HashSet<OaqTextKey> = samples
        .iter()
        .filter_map(|t| match t {
            Text::Oaq(o) => Some(OaqTextKey::from(o)),
            _ => None,
        })
        .collect();
    let missing: Vec<OaqTextKey> = OaqTextKey::iter().filter(|k| !oaq.contains(k)).collect();
    assert!(
        missing.is_empty(),
        "Ô ăn quan messages without a sample: {missing:?}"
    );
    let shogi: HashSet<ShogiTextKey> = samples
        .iter()
        .filter_map(|t| match t {
            Text::Shogi(s) => Some(ShogiTextKey::from(s)),
            _ => None,
        })
        .collect();
    let missing: Vec<ShogiTextKey> = ShogiTextKey::iter()
        .filter(|k| !shogi.contains(k))
        .collect();
    let checkers: HashSet<CheckersTextKey> = samples
        .iter()
        .filter_map(|t| match t {
            Text::Checkers(c) => Some(CheckersTextKey::from(c)),
            _ => None,
        })
        .collect();
    let missing_checkers: Vec<CheckersTextKey> = CheckersTextKey::iter()
        .filter(|k| !checkers.contains(k))
        .collect();
    assert!(
        missing_checkers.is_empty(),
        "Chinese-checkers messages without a sample: {missing_checkers:?}"
    );
    assert!(
        missing.is_empty(),
        "Shogi messages without a sample: {missing:?}"
    );
    for text in &samples {
        let english = text.render(Locale::English);
        let vietnamese = text.render(Locale::Vietnamese);
        assert!(!english.trim().is_empty(), "{text:?} is empty in English");
        assert!(
            !vietnamese.trim().is_empty(),
            "{text:?} is empty in Vietnamese"
        );
        for rendered in [&english, &vietnamese] {
            // Fluent writes an argument the Rust side did not pass as `{$name}`.
            assert!(
                !rendered.contains("{$"),
                "{text:?} misses an argument: {rendered}"
            );
            assert!(
                !rendered.contains('\u{2068}'),
                "{text:?} has isolation marks"
            );
        }
        if !LANGUAGE_NEUTRAL.contains(&TextKey::from(text)) {
            assert_ne!(english, vietnamese, "{text:?} is not translated");
        }
    }
}

#[test]
fn discord_locales_pick_the_catalogue() {
    assert_eq!(Locale::from_discord("vi"), Locale::Vietnamese);
    for code in ["en-US", "en-GB", "fr", "ja", "zh-CN", ""] {
        assert_eq!(Locale::from_discord(code), Locale::English, "{code}");
    }
    assert_eq!(Text::Draw.render(Locale::Vietnamese), "**Hòa!**");
}

/// Discord's rule for command and option names: 1–32 lowercase letters, digits, `-` or `_`.
fn valid_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.chars().all(|c| {
            c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
        })
}

#[test]
fn every_slash_command_option_and_choice_is_in_the_catalogue() {
    let registered = localize::keys(&commands());
    let registered_keys: HashSet<&str> = registered.iter().map(|(k, _)| k.as_str()).collect();
    let catalogue: HashSet<&str> = COMMANDS.iter().map(|c| c.key).collect();
    assert_eq!(catalogue.len(), COMMANDS.len(), "duplicate catalogue keys");
    let missing: Vec<_> = registered_keys.difference(&catalogue).collect();
    let unused: Vec<_> = catalogue.difference(&registered_keys).collect();
    assert!(missing.is_empty(), "not in the catalogue: {missing:?}");
    assert!(
        unused.is_empty(),
        "in the catalogue but not registered: {unused:?}"
    );
    for (key, kind) in &registered {
        let entry = command_text(key).expect("checked above");
        for locale in Locale::ALL {
            let label = entry.label(locale);
            if *kind == Kind::Choice {
                assert!((1..=100).contains(&label.name.chars().count()), "{key}");
            } else {
                assert!(
                    valid_name(label.name),
                    "{key}: {:?} is not a valid name",
                    label.name
                );
                let chars = label.description.chars().count();
                assert!(
                    (1..=100).contains(&chars),
                    "{key}: description of {chars} characters"
                );
            }
        }
        assert_ne!(entry.english, entry.vietnamese, "{key} is not translated");
    }
}

#[test]
fn registered_commands_carry_the_vietnamese_names() {
    let commands = commands();
    let oaq = &commands[0];
    let challenge = oaq
        .subcommands
        .iter()
        .find(|c| c.name == "challenge")
        .expect("challenge");
    assert!(challenge
        .name_localizations
        .iter()
        .any(|(code, name)| code == "vi" && name == "thach-dau"));
    assert_eq!(
        challenge.description.as_deref(),
        Some(
            command_text("oaq challenge")
                .expect("entry")
                .english
                .description
        )
    );
    let rules = challenge
        .parameters
        .iter()
        .find(|p| p.name == "rules")
        .expect("rules option");
    let folk = rules
        .choices
        .iter()
        .find(|c| c.name == "folk")
        .expect("folk");
    assert!(folk
        .localizations
        .iter()
        .any(|(code, name)| code == "vi" && name == "dân gian"));
}

/// Every `.ftl` file of the catalogue parses; an error names the file and line.
#[test]
fn every_catalogue_file_parses() {
    let mut errors = Vec::new();
    for part in PARTS {
        for locale in Locale::ALL {
            let path = format!("assets/locales/{}/{}", lang(locale), part.file);
            errors.extend(parse_errors(&path, part.source(locale)));
        }
    }
    assert!(
        errors.is_empty(),
        "catalogue files with errors:\n{}",
        errors.join("\n")
    );
}

/// A parse error is reported with its file and line.
#[test]
fn a_parse_error_names_its_file_and_line() {
    let errors = parse_errors("en/broken.ftl", "good = Fine\nbad = { $x\n");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("en/broken.ftl:2: "), "{errors:?}");
}

fn lang(locale: Locale) -> &'static str {
    match locale {
        Locale::English => "en",
        Locale::Vietnamese => "vi",
    }
}

/// Each part's file defines exactly the messages its Rust side uses, in every language: a
/// translator can neither leave one out nor add one that nothing shows.
#[test]
fn every_file_defines_exactly_the_messages_its_part_uses() {
    for part in PARTS {
        let used: HashSet<String> = (part.ids)().into_iter().map(String::from).collect();
        for locale in Locale::ALL {
            let ids = message_ids(part.source(locale));
            let defined: HashSet<String> = ids.iter().cloned().collect();
            let path = format!("assets/locales/{}/{}", lang(locale), part.file);
            assert_eq!(defined.len(), ids.len(), "{path} defines a message twice");
            let mut missing: Vec<_> = used.difference(&defined).collect();
            let mut unused: Vec<_> = defined.difference(&used).collect();
            missing.sort();
            unused.sort();
            assert!(missing.is_empty(), "{path} lacks {missing:?}");
            assert!(unused.is_empty(), "{path} defines unused {unused:?}");
        }
    }
}

/// Exact renderings, byte for byte: mentions, links and code spans pass through untouched
/// (no isolation marks), plurals agree, and numbers print without digit grouping.
#[test]
fn representative_messages_render_exactly() {
    let en = Locale::English;
    let vi = Locale::Vietnamese;
    let link = Some(String::from("https://discord.com/channels/1/2/3"));
    let cases = [
        (
            Text::OutOfDate { to_move: Some(UserId::new(2)), link: link.clone() },
            "This board is out of date: the game has moved on (https://discord.com/channels/1/2/3). <@2> to move. Here is the current position:",
            "Bàn cờ này đã cũ: ván đấu đã đi tiếp (https://discord.com/channels/1/2/3). Đến lượt <@2>. Đây là thế cờ hiện tại:",
        ),
        (
            Text::ReplayCaption { game: GameId::new(1500), players: vec![UserId::new(1), UserId::new(2)], plies: 1 },
            "Replay of game `1500`: <@1> vs <@2>, 1 move. The record below replays it with the engine's command line.",
            "Xem lại ván `1500`: <@1> đấu <@2>, 1 nước. Biên bản bên dưới có thể chơi lại bằng công cụ dòng lệnh của engine.",
        ),
        (
            Text::ReplayLeftOut { every: 4, frames: 101, all: 401, limit: 2_621_440 },
            "To stay within this server's upload limit (2.5 MB), the animation shows the board every 4 moves: 101 frames instead of 401. The record below has every move.",
            "Để không vượt giới hạn tải lên của máy chủ này (2.5 MB), ảnh động chỉ vẽ bàn cờ sau mỗi 4 nước: 101 khung hình thay vì 401. Biên bản bên dưới có đủ mọi nước.",
        ),
        (
            Text::ReplayLeftOut { every: 0, frames: 0, all: 301, limit: 10_000 },
            "The animation is left out: even its first and last frames alone would be over this server's upload limit (9 KB).",
            "Không gửi ảnh động: chỉ riêng khung hình đầu và cuối cũng đã vượt giới hạn tải lên của máy chủ này (9 KB).",
        ),
        (
            Text::LeaderboardSubtitle { page: 1, pages: 2, players: 1500 },
            "Page 1 of 2 · 1500 rated players",
            "Trang 1/2 · 1500 người chơi được xếp hạng",
        ),
        (
            Text::TurnTimeoutOutOfRange { min_s: 60, max_s: 604_800 },
            "The time per move must be between 1 min and 7 d.",
            "Thời gian mỗi nước phải từ 1 phút đến 7 ngày.",
        ),
        (
            Text::Oaq(OaqText::MoveSummary {
                mover: UserId::new(1),
                label: 3,
                right: false,
                relays: 1,
                citizens: 1,
                mandarins: (true, true),
            }),
            "<@1> sowed square 3 to the ← left, relayed once and captured 1 stone, the West mandarin and the East mandarin.",
            "<@1> rải ô 3 sang ← trái, bốc tiếp 1 lần và ăn 1 quân dân, quan bên trái và quan bên phải.",
        ),
        (
            Text::RatingChange { name: String::from("An"), before: 1500, after: 1400, provisional: false },
            "An: rating 1500 → 1400 (-100)",
            "An: hệ số 1500 → 1400 (-100)",
        ),
    ];
    for (text, english, vietnamese) in cases {
        assert_eq!(text.render(en), english);
        assert_eq!(text.render(vi), vietnamese);
    }
}
