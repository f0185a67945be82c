//! Tournaments' part of the catalogue: the tournament message, its buttons and pictures, the
//! announcements and the refusals. The words are in `assets/locales/<lang>/tournament.ftl`,
//! every id prefixed `tournament-`; the shell carries these messages as
//! [`Text::Tournament`](super::Text::Tournament).

use strum::IntoEnumIterator;

use super::bundle::{self, number, text, Args};
use super::words::{duration, game_key, mention};
use crate::locale::Locale;
use crate::store::GameKind;
use crate::tournament::Refusal;

/// How a tournament pairs its rounds, as its messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatName {
    /// Swiss.
    Swiss,
    /// Single round-robin.
    RoundRobin,
    /// Double round-robin.
    DoubleRoundRobin,
}

/// One message of the tournaments' part, with its arguments. Its [`TournamentTextKey`] is the
/// message's id in `tournament.ftl`.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(TournamentTextKey),
    derive(Hash, strum::EnumIter, strum::IntoStaticStr)
)]
pub enum TournamentText {
    /// The message's heading.
    #[strum_discriminants(strum(serialize = "tournament-title"))]
    Title {
        /// The game.
        game: GameKind,
        /// The format.
        format: FormatName,
        /// The rules, named.
        rules: String,
        /// Rounds planned (0: decided at the start).
        rounds: u32,
        /// Time per move, in seconds.
        turn_s: u64,
        /// Who organises it.
        organiser: u64,
    },
    /// The entrants, heading a list.
    #[strum_discriminants(strum(serialize = "tournament-entrants"))]
    Entrants {
        /// How many.
        count: u32,
        /// The limit (0: none).
        limit: u32,
    },
    /// More entrants than the list shows.
    #[strum_discriminants(strum(serialize = "tournament-more-entrants"))]
    MoreEntrants {
        /// How many more.
        count: u32,
    },
    /// When it starts by itself.
    #[strum_discriminants(strum(serialize = "tournament-starts-at"))]
    StartsAt {
        /// Unix seconds.
        at_s: u64,
    },
    /// How to enter.
    #[strum_discriminants(strum(serialize = "tournament-open-help"))]
    OpenHelp {
        /// Whether rounds after the first wait for the organiser.
        manual: bool,
    },
    /// A round is being played.
    #[strum_discriminants(strum(serialize = "tournament-round-playing"))]
    RoundPlaying {
        /// 1-based.
        round: u32,
        /// Rounds planned.
        rounds: u32,
        /// Games not over yet.
        playing: u32,
    },
    /// A round is over and the organiser starts the next.
    #[strum_discriminants(strum(serialize = "tournament-round-waiting"))]
    RoundWaiting {
        /// The round just over.
        round: u32,
        /// Rounds planned.
        rounds: u32,
    },
    /// The tournament is over.
    #[strum_discriminants(strum(serialize = "tournament-finished"))]
    Finished {
        /// The winners (mentions joined), first place shared or not.
        winners: String,
        /// How many share first place.
        count: u32,
        /// Their points.
        points: String,
    },
    /// The tournament was cancelled.
    #[strum_discriminants(strum(serialize = "tournament-cancelled"))]
    Cancelled {
        /// Who cancelled it.
        by: u64,
    },
    /// Not enough players came.
    #[strum_discriminants(strum(serialize = "tournament-too-few"))]
    TooFew,
    /// Button.
    #[strum_discriminants(strum(serialize = "tournament-join"))]
    Join,
    /// Button.
    #[strum_discriminants(strum(serialize = "tournament-leave"))]
    Leave,
    /// Button.
    #[strum_discriminants(strum(serialize = "tournament-start"))]
    Start,
    /// Button.
    #[strum_discriminants(strum(serialize = "tournament-cancel"))]
    Cancel,
    /// Button.
    #[strum_discriminants(strum(serialize = "tournament-next-round"))]
    NextRound,
    /// Announcement: a round has begun.
    #[strum_discriminants(strum(serialize = "tournament-round-started"))]
    RoundStarted {
        /// 1-based.
        round: u32,
        /// Rounds planned.
        rounds: u32,
        /// The pairings, one line each.
        pairings: String,
        /// The players with a bye (mentions joined), or empty.
        byes: String,
    },
    /// The end of a round's pairings cut to fit a message.
    #[strum_discriminants(strum(serialize = "tournament-more-boards"))]
    MoreBoards {
        /// Boards left out.
        count: u32,
    },
    /// One pairing of an announcement.
    #[strum_discriminants(strum(serialize = "tournament-pairing-line"))]
    PairingLine {
        /// Board number.
        board: u32,
        /// Moves first.
        first: u64,
        /// Moves second.
        second: u64,
    },
    /// Announcement: the winner.
    #[strum_discriminants(strum(serialize = "tournament-won"))]
    Won {
        /// The game.
        game: GameKind,
        /// The winners (mentions joined).
        winners: String,
        /// How many share first place.
        count: u32,
        /// Their points.
        points: String,
        /// Where the final standings are.
        link: String,
    },
    /// A pairing's thread.
    #[strum_discriminants(strum(serialize = "tournament-thread-name"))]
    ThreadName {
        /// 1-based round.
        round: u32,
        /// The first player's name.
        first: String,
        /// The second player's name.
        second: String,
    },
    /// The board's first line in a tournament game.
    #[strum_discriminants(strum(serialize = "tournament-game-intro"))]
    GameIntro {
        /// 1-based round.
        round: u32,
        /// Moves first.
        first: u64,
        /// Moves second.
        second: u64,
    },
    /// Picture: the pairings' title.
    #[strum_discriminants(strum(serialize = "tournament-pairings-title"))]
    PairingsTitle {
        /// 1-based.
        round: u32,
        /// Rounds planned.
        rounds: u32,
    },
    /// Picture: the standings' title.
    #[strum_discriminants(strum(serialize = "tournament-standings-title"))]
    StandingsTitle {
        /// Rounds counted.
        round: u32,
        /// Whether the tournament is over.
        last: bool,
    },
    /// Picture: the crosstable's title.
    #[strum_discriminants(strum(serialize = "tournament-crosstable-title"))]
    CrosstableTitle,
    /// Picture: the subtitle (game, format, players).
    #[strum_discriminants(strum(serialize = "tournament-subtitle"))]
    Subtitle {
        /// The game.
        game: GameKind,
        /// The format.
        format: FormatName,
        /// How many entered.
        players: u32,
    },
    /// Picture: a column heading. `column`: board, first, second, result, place, player,
    /// points, bh1, bh, sb, de, wins, rating, perf, round.
    #[strum_discriminants(strum(serialize = "tournament-column"))]
    Column {
        /// Which column.
        column: &'static str,
        /// The game (whose first player has a name of its own).
        game: GameKind,
    },
    /// Picture: a bye in the pairings.
    #[strum_discriminants(strum(serialize = "tournament-bye"))]
    Bye,
    /// Picture: the tie-breaks explained.
    #[strum_discriminants(strum(serialize = "tournament-legend"))]
    Legend,
    /// Picture: the crosstable's notation explained.
    #[strum_discriminants(strum(serialize = "tournament-crosstable-legend"))]
    CrosstableLegend,
    /// Picture: a withdrawn player's mark.
    #[strum_discriminants(strum(serialize = "tournament-withdrawn-mark"))]
    WithdrawnMark,
    /// `/… tournament list`: one line.
    #[strum_discriminants(strum(serialize = "tournament-list-line"))]
    ListLine {
        /// The game.
        game: GameKind,
        /// The format.
        format: FormatName,
        /// `open`, `playing`, `finished` or `cancelled`.
        stage: &'static str,
        /// Entrants.
        players: u32,
        /// Rounds played.
        round: u32,
        /// Rounds planned.
        rounds: u32,
        /// A link to its message, or empty.
        link: String,
    },
    /// `/… tournament list`: the heading.
    #[strum_discriminants(strum(serialize = "tournament-list-title"))]
    ListTitle {
        /// The game.
        game: GameKind,
    },
    /// `/… tournament list`: nothing yet.
    #[strum_discriminants(strum(serialize = "tournament-list-empty"))]
    ListEmpty {
        /// The game.
        game: GameKind,
    },
    /// Private: a withdrawal done.
    #[strum_discriminants(strum(serialize = "tournament-withdrew"))]
    Withdrew {
        /// Whether a game of the user's is still being played.
        playing: bool,
    },
    /// The history's mark of a tournament game.
    #[strum_discriminants(strum(serialize = "tournament-history-tag"))]
    HistoryTag {
        /// The format.
        format: FormatName,
        /// 1-based round.
        round: u32,
    },
    /// Refusal: no tournament of this game in this server to act on.
    #[strum_discriminants(strum(serialize = "tournament-none"))]
    NoneHere {
        /// The game.
        game: GameKind,
    },
    /// Refusal: entries are closed (a round-robin that started, or an event that is over).
    #[strum_discriminants(strum(serialize = "tournament-closed"))]
    Closed,
    /// Refusal: already entered.
    #[strum_discriminants(strum(serialize = "tournament-already-in"))]
    AlreadyIn,
    /// Refusal: not entered.
    #[strum_discriminants(strum(serialize = "tournament-not-in"))]
    NotIn,
    /// Refusal: the player limit is reached.
    #[strum_discriminants(strum(serialize = "tournament-full"))]
    Full {
        /// The limit.
        limit: u32,
    },
    /// Refusal: only the organiser (or Manage Server) may do this.
    #[strum_discriminants(strum(serialize = "tournament-organiser-only"))]
    OrganiserOnly {
        /// The organiser.
        organiser: u64,
    },
    /// Refusal: not enough players to start.
    #[strum_discriminants(strum(serialize = "tournament-need-players"))]
    NeedPlayers,
    /// Refusal: the round is still being played.
    #[strum_discriminants(strum(serialize = "tournament-round-not-over"))]
    RoundNotOver,
    /// Refusal: the tournament is not being played, or is over.
    #[strum_discriminants(strum(serialize = "tournament-not-playing"))]
    NotPlaying,
    /// Refusal: the number of rounds is out of range.
    #[strum_discriminants(strum(serialize = "tournament-rounds-range"))]
    RoundsRange {
        /// The most.
        max: u32,
    },
    /// Refusal: a start time in the past.
    #[strum_discriminants(strum(serialize = "tournament-start-past"))]
    StartInPast,
    /// Refusal: tournaments are played between two players.
    #[strum_discriminants(strum(serialize = "tournament-two-players"))]
    TwoPlayers,
    /// Refusal: a start time that is neither Unix seconds nor a Discord timestamp.
    #[strum_discriminants(strum(serialize = "tournament-start-unreadable"))]
    StartUnreadable,
    /// Refusal: tournaments are held in servers, not in direct messages.
    #[strum_discriminants(strum(serialize = "tournament-servers-only"))]
    ServersOnly,
}

/// Every message id of `tournament.ftl`: one per [`TournamentTextKey`], and the format's name,
/// which the others refer to.
pub fn ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = TournamentTextKey::iter()
        .map(<&'static str>::from)
        .collect();
    ids.push("tournament-format");
    ids
}

fn format_key(format: FormatName) -> &'static str {
    match format {
        FormatName::Swiss => "swiss",
        FormatName::RoundRobin => "round_robin",
        FormatName::DoubleRoundRobin => "double_round_robin",
    }
}

impl TournamentText {
    /// The message in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        bundle::message(
            locale,
            TournamentTextKey::from(self).into(),
            self.args(locale),
        )
    }

    fn args(&self, locale: Locale) -> Args {
        let game = |g: &GameKind| ("game", text(game_key(*g)));
        let format = |f: &FormatName| ("format", text(format_key(*f)));
        let m = |id: &u64| text(mention(crate::ids::UserId::new(*id)));
        match self {
            TournamentText::Title {
                game: g,
                format: f,
                rules,
                rounds,
                turn_s,
                organiser,
            } => vec![
                game(g),
                format(f),
                ("rules", text(rules)),
                ("rounds", number(*rounds)),
                ("turn", duration(*turn_s, locale)),
                ("organiser", m(organiser)),
            ],
            TournamentText::Entrants { count, limit } => {
                vec![("count", number(*count)), ("limit", number(*limit))]
            }
            TournamentText::MoreEntrants { count } | TournamentText::MoreBoards { count } => {
                vec![("count", number(*count))]
            }
            TournamentText::StartsAt { at_s } => vec![("at", text(at_s))],
            TournamentText::OpenHelp { manual } => vec![("manual", bundle::flag(*manual))],
            TournamentText::RoundPlaying {
                round,
                rounds,
                playing,
            } => vec![
                ("round", number(*round)),
                ("rounds", number(*rounds)),
                ("playing", number(*playing)),
            ],
            TournamentText::RoundWaiting { round, rounds } => {
                vec![("round", number(*round)), ("rounds", number(*rounds))]
            }
            TournamentText::Finished {
                winners,
                count,
                points,
            } => vec![
                ("winners", text(winners)),
                ("count", number(*count)),
                ("points", text(points)),
            ],
            TournamentText::Cancelled { by } => vec![("by", m(by))],
            TournamentText::RoundStarted {
                round,
                rounds,
                pairings,
                byes,
            } => vec![
                ("round", number(*round)),
                ("rounds", number(*rounds)),
                ("pairings", text(pairings)),
                ("byes", text(if byes.is_empty() { "none" } else { byes })),
            ],
            TournamentText::PairingLine {
                board,
                first,
                second,
            } => vec![
                ("board", number(*board)),
                ("first", m(first)),
                ("second", m(second)),
            ],
            TournamentText::Won {
                game: g,
                winners,
                count,
                points,
                link,
            } => vec![
                game(g),
                ("winners", text(winners)),
                ("count", number(*count)),
                ("points", text(points)),
                ("link", text(link)),
            ],
            TournamentText::ThreadName {
                round,
                first,
                second,
            } => vec![
                ("round", number(*round)),
                ("first", text(first)),
                ("second", text(second)),
            ],
            TournamentText::GameIntro {
                round,
                first,
                second,
            } => vec![
                ("round", number(*round)),
                ("first", m(first)),
                ("second", m(second)),
            ],
            TournamentText::PairingsTitle { round, rounds } => {
                vec![("round", number(*round)), ("rounds", number(*rounds))]
            }
            TournamentText::StandingsTitle { round, last } => {
                vec![("round", number(*round)), ("last", bundle::flag(*last))]
            }
            TournamentText::Subtitle {
                game: g,
                format: f,
                players,
            } => vec![game(g), format(f), ("players", number(*players))],
            TournamentText::Column { column, game: g } => {
                vec![("column", text(column)), game(g)]
            }
            TournamentText::ListLine {
                game: g,
                format: f,
                stage,
                players,
                round,
                rounds,
                link,
            } => vec![
                game(g),
                format(f),
                ("stage", text(stage)),
                ("players", number(*players)),
                ("round", number(*round)),
                ("rounds", number(*rounds)),
                ("link", text(link)),
            ],
            TournamentText::HistoryTag { format: f, round } => {
                vec![format(f), ("round", number(*round))]
            }
            TournamentText::ListTitle { game: g }
            | TournamentText::ListEmpty { game: g }
            | TournamentText::NoneHere { game: g } => vec![game(g)],
            TournamentText::Withdrew { playing } => vec![("playing", bundle::flag(*playing))],
            TournamentText::Full { limit } => vec![("limit", number(*limit))],
            TournamentText::OrganiserOnly { organiser } => vec![("organiser", m(organiser))],
            TournamentText::RoundsRange { max } => vec![("max", number(*max))],
            TournamentText::TooFew
            | TournamentText::Join
            | TournamentText::Leave
            | TournamentText::Start
            | TournamentText::Cancel
            | TournamentText::NextRound
            | TournamentText::CrosstableTitle
            | TournamentText::Bye
            | TournamentText::Legend
            | TournamentText::CrosstableLegend
            | TournamentText::WithdrawnMark
            | TournamentText::Closed
            | TournamentText::AlreadyIn
            | TournamentText::NotIn
            | TournamentText::NeedPlayers
            | TournamentText::RoundNotOver
            | TournamentText::NotPlaying
            | TournamentText::StartInPast
            | TournamentText::TwoPlayers
            | TournamentText::StartUnreadable
            | TournamentText::ServersOnly => Vec::new(),
        }
    }
}

impl From<Refusal> for TournamentText {
    /// The refusal as the user reads it.
    fn from(refusal: Refusal) -> TournamentText {
        match refusal {
            Refusal::Closed => TournamentText::Closed,
            Refusal::AlreadyIn => TournamentText::AlreadyIn,
            Refusal::Full { limit } => TournamentText::Full { limit },
            Refusal::NotIn => TournamentText::NotIn,
            Refusal::NotPlaying => TournamentText::NotPlaying,
            Refusal::OrganiserOnly { organiser } => TournamentText::OrganiserOnly {
                organiser: organiser.get(),
            },
            Refusal::NeedPlayers => TournamentText::NeedPlayers,
            Refusal::RoundNotOver => TournamentText::RoundNotOver,
            Refusal::RoundsRange { max } => TournamentText::RoundsRange { max },
            Refusal::StartInPast => TournamentText::StartInPast,
        }
    }
}
