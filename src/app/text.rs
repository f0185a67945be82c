//! Every string a player reads, in one catalogue: a [`Text`] key with its arguments, rendered
//! for a [`Locale`]. Code elsewhere never builds user-facing sentences itself.
//!
//! Adding a language means adding a [`Locale`] variant, mapping Discord's locale code to it in
//! [`Locale::from_discord`], and one more `match` arm per key in [`Text::render`].

use super::results::{Finish, Standing};
use crate::games::oaq::{EndReason, IllegalMove, Preset, Rules};
use crate::store::{FirstPlayer, Hand};

/// A language the catalogue is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    /// English (the only catalogue so far).
    #[default]
    English,
}

impl Locale {
    /// The catalogue for a Discord locale code such as `en-US` or `vi`; English when there is
    /// no catalogue for it yet.
    pub fn from_discord(code: &str) -> Locale {
        match code {
            _ if code.starts_with("en") => Locale::English,
            _ => Locale::English,
        }
    }
}

/// A user mention, rendered as `<@id>` (Discord shows the name).
fn mention(id: u64) -> String {
    format!("<@{id}>")
}

/// One message (or fragment) of the catalogue, with its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text {
    /// A challenge to a named opponent.
    ChallengeDirect {
        /// Challenger's user id.
        challenger: u64,
        /// Opponent's user id.
        opponent: u64,
        /// The rules.
        rules: Rules,
        /// How the first player is chosen.
        first: FirstPlayer,
        /// Expiry, Unix seconds.
        expires_s: u64,
    },
    /// An open challenge.
    ChallengeOpen {
        /// Challenger's user id.
        challenger: u64,
        /// The rules.
        rules: Rules,
        /// How the first player is chosen.
        first: FirstPlayer,
        /// Expiry, Unix seconds.
        expires_s: u64,
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

fn preset_name(rules: &Rules) -> String {
    let base = Preset::ALL.into_iter().find(|p| {
        Rules {
            quan_value: rules.quan_value,
            ..p.rules()
        } == *rules
    });
    match base {
        Some(p) if rules.quan_value == p.rules().quan_value => p.name().to_owned(),
        Some(p) => format!("{}, mandarin worth {}", p.name(), rules.quan_value),
        None => String::from("custom"),
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
            format!("**Rules of this game: {}**", preset_name(rules))
        } else {
            format!(
                "**No game in this channel; the default rules are {}**",
                preset_name(rules)
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
            "• A player's first move may not capture a mandarin.",
        )),
        NoFirstQuan::Stop => lines.push(String::from(
            "• A player's first move stops capturing in front of a mandarin.",
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
            "Under these rules a first move may not capture a mandarin: pick another move.",
        ),
        IllegalMove::EndlessSowing => {
            String::from("That move would go on sowing forever: pick another move.")
        }
    }
}

impl Text {
    /// The text in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        match locale {
            Locale::English => self.english(),
        }
    }

    fn english(&self) -> String {
        match self {
            Text::ChallengeDirect { challenger, opponent, rules, first, expires_s } => format!(
                "{} challenges {} to a game of **Ô ăn quan** ({} rules; {}). The challenge expires <t:{expires_s}:R>.",
                mention(*challenger), mention(*opponent), preset_name(rules), first_en(*first, *challenger, Some(*opponent))
            ),
            Text::ChallengeOpen { challenger, rules, first, expires_s } => format!(
                "{} is looking for an opponent for **Ô ăn quan** ({} rules; {}). Anyone may accept. The challenge expires <t:{expires_s}:R>.",
                mention(*challenger), preset_name(rules), first_en(*first, *challenger, None)
            ),
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
            Text::BoardTitle { rules } => format!("Ô ăn quan · {}", preset_name(rules)),
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
            Text::LostRace => String::from("Another click reached the game first, so yours was not applied. Look at the updated board and try again."),
            Text::GameOver => String::from("This game is over."),
            Text::Illegal(error) => illegal_en(*error),
            Text::NoGameHere => String::from("There is no game in this channel. Start one with `/oaq challenge`."),
            Text::OnlyChallengeHere { link } => format!("No game yet in this channel, only a challenge waiting to be accepted{}.", link_en(link)),
            Text::ResignedAnnouncement { loser, winner } => format!("{} resigned. **{} wins!** The final board is above.", mention(*loser), mention(*winner)),
            Text::RulesSummary { rules, in_play } => rules_en(rules, *in_play),
            Text::Help => String::from(
                "**Ô ăn quan** (Mandarin Square Capturing), the Vietnamese sowing game.\n\
                 • `/oaq challenge [opponent] [rules] [quan_value] [first]`: challenge someone (or anyone, without an opponent). Rules: standard, folk or young; a mandarin is worth 10 or 5; first player by rock-paper-scissors, coin, me or them.\n\
                 • Play by clicking the buttons under the board: the number is the square (as drawn on the picture) and the arrow is the way the stones travel.\n\
                 • `/oaq board`: post the current board of this channel again.\n\
                 • `/oaq resign`: resign your game in this channel.\n\
                 • `/oaq rules`: the rules in play.\n\
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
            Text::Apology => String::from("Sorry, something went wrong on my side and nothing was changed. Please try again in a moment."),
        }
    }
}
