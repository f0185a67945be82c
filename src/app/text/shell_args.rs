//! How each shell message's arguments are filled: mentions, links, durations and lists are
//! put together here, from fragments of `shell.ftl` where they hold words.

use strum::IntoEnumIterator;

use super::bundle::{self, flag, number, text, Args};

/// A formatted argument.
type FluentValueText = fluent_bundle::FluentValue<'static>;
use super::shell::{Text, TextKey};
use super::words::{duration, game_key, mention};
use crate::app::results::{Finish, Standing};
use crate::ids::{ChannelId, UserId};
use crate::locale::Locale;
use crate::store::{FirstPlayer, GameKind, GuildSettings, Hand, Level};

/// Fragments of `shell.ftl` that Rust renders or other messages refer to (`hand` is also
/// [`Text::Hand`]'s own message).
const FRAGMENTS: [&str; 13] = [
    "game-name",
    "game-command",
    "challenge-first",
    "link-suffix",
    "link-after-colon",
    "versus",
    "duration-part",
    "channels-anywhere",
    "channels-more",
    "level-name",
    "first-setting",
    "won-how",
    "rps-tie",
];

/// Every message id the shell uses: one per [`TextKey`] (but the game parts' wrappers) and
/// the fragments.
pub fn ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = TextKey::iter()
        .filter(|k| {
            !matches!(
                k,
                TextKey::Oaq | TextKey::Shogi | TextKey::Checkers | TextKey::Tournament
            )
        })
        .map(<&'static str>::from)
        .collect();
    ids.extend(FRAGMENTS);
    ids
}

fn hand_key(hand: Hand) -> &'static str {
    match hand {
        Hand::Rock => "rock",
        Hand::Paper => "paper",
        Hand::Scissors => "scissors",
    }
}

fn hand(hand: Hand, locale: Locale) -> String {
    bundle::message(locale, "hand", vec![("hand", text(hand_key(hand)))])
}

fn level_key(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
    }
}

fn finish_key(finish: Finish) -> &'static str {
    match finish {
        Finish::Board => "board",
        Finish::Resigned => "resigned",
        Finish::TimedOut => "timed_out",
    }
}

/// A size in bytes as Discord writes upload limits ("10 MB" for 10 MiB): binary megabytes
/// rounded down to a hundredth, or kilobytes under one megabyte.
fn upload_size(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KB", bytes >> 10)
    } else {
        format!("{} MB", (bytes as f64 / 10_485.76).floor() / 100.0)
    }
}

/// The players of a game, mentioned and joined by the `versus` fragment.
fn players_arg(players: &[UserId], locale: Locale) -> FluentValueText {
    let versus = bundle::message(locale, "versus", Vec::new());
    let names: Vec<String> = players.iter().map(|&p| mention(p)).collect();
    text(names.join(&versus))
}

/// The `link-suffix` fragment, or nothing.
fn link(link: &Option<String>, locale: Locale) -> FluentValueText {
    link_with("link-suffix", link, locale)
}

fn link_with(id: &str, link: &Option<String>, locale: Locale) -> FluentValueText {
    text(match link {
        Some(l) => bundle::message(locale, id, vec![("link", text(l))]),
        None => String::new(),
    })
}

fn channels(channels: &[ChannelId], locale: Locale) -> FluentValueText {
    text(if channels.is_empty() {
        bundle::message(locale, "channels-anywhere", Vec::new())
    } else {
        let shown = channels.len().min(GuildSettings::MAX_CHANNELS);
        let mut list: Vec<String> = channels[..shown]
            .iter()
            .map(|c| format!("<#{c}>"))
            .collect();
        if shown < channels.len() {
            let more = (channels.len() - shown) as f64;
            list.push(bundle::message(
                locale,
                "channels-more",
                vec![("count", number(more))],
            ));
        }
        list.join(", ")
    })
}

/// The arguments of a challenge: the game, and who starts.
fn challenge(
    game: GameKind,
    first: FirstPlayer,
    challenger: UserId,
    opponent: Option<UserId>,
) -> Args {
    let (first, starter) = match (first, opponent) {
        (FirstPlayer::Rps, _) => ("rps", None),
        (FirstPlayer::Coin, _) => ("coin", None),
        (FirstPlayer::Challenger, _) => ("player", Some(challenger)),
        (FirstPlayer::Opponent, Some(o)) => ("player", Some(o)),
        (FirstPlayer::Opponent, None) => ("anyone", None),
    };
    vec![
        ("game", text(game_key(game))),
        ("first", text(first)),
        ("starter", text(starter.map(mention).unwrap_or_default())),
    ]
}

impl Text {
    /// The text in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        match self {
            Text::Oaq(text) => text.render(locale),
            Text::Shogi(text) => text.render(locale),
            Text::Checkers(text) => text.render(locale),
            Text::Tournament(text) => text.render(locale),
            _ => bundle::message(locale, TextKey::from(self).into(), self.args(locale)),
        }
    }

    /// The message's arguments (none for a message without any).
    fn args(&self, locale: Locale) -> Args {
        self.challenge_args(locale)
            .or_else(|| self.play_args(locale))
            .or_else(|| self.settings_args(locale))
            .or_else(|| self.rating_args())
            .or_else(|| self.rps_args(locale))
            .or_else(|| self.history_args(locale))
            .or_else(|| self.replay_args(locale))
            .or_else(|| self.lobby_args())
            .or_else(|| self.analysis_args(locale))
            .unwrap_or_default()
    }

    fn challenge_args(&self, locale: Locale) -> Option<Args> {
        let m = |id: &UserId| text(mention(*id));
        Some(match self {
            Text::ChallengeDirect {
                challenger,
                opponent,
                game,
                rules,
                first,
                expires_s,
            } => {
                let mut args = challenge(*game, *first, *challenger, Some(*opponent));
                args.extend([
                    ("challenger", m(challenger)),
                    ("opponent", m(opponent)),
                    ("rules", text(rules)),
                    ("expires", text(expires_s)),
                ]);
                args
            }
            Text::ChallengeOpen {
                challenger,
                game,
                rules,
                first,
                expires_s,
            } => {
                let mut args = challenge(*game, *first, *challenger, None);
                args.extend([
                    ("challenger", m(challenger)),
                    ("rules", text(rules)),
                    ("expires", text(expires_s)),
                ]);
                args
            }
            Text::CannotChallengeBot { game } => vec![("game", text(game_key(*game)))],
            Text::ChannelHasGame { link: l } | Text::ChannelHasChallenge { link: l } => {
                vec![("link", link(l, locale))]
            }
            Text::ChallengeIsForSomeoneElse { opponent } => vec![("opponent", m(opponent))],
            Text::OnlyChallengerCancels { challenger }
            | Text::ChallengeExpired { challenger }
            | Text::ChallengeCancelled { challenger } => vec![("challenger", m(challenger))],
            Text::ChallengeDeclined {
                challenger,
                opponent,
            } => {
                vec![("challenger", m(challenger)), ("opponent", m(opponent))]
            }
            Text::FirstByCoin { winner } => vec![("winner", m(winner))],
            Text::FirstFixed { first } => vec![("first", m(first))],
            _ => return None,
        })
    }

    fn play_args(&self, locale: Locale) -> Option<Args> {
        let m = |id: &UserId| text(mention(*id));
        Some(match self {
            Text::MovePlayed { mv, link: l } => vec![("mv", text(mv)), ("link", link(l, locale))],
            Text::PickerPrompt { chosen } if chosen.is_empty() => vec![("chosen", text("none"))],
            Text::PickerPrompt { chosen } => vec![("chosen", text(chosen))],
            Text::PickerMenu {
                first,
                last,
                part,
                parts,
            } => vec![
                ("first", text(first)),
                ("last", text(last)),
                ("part", text(part)),
                ("parts", text(parts)),
            ],
            Text::WhichMove { typed } => vec![("typed", text(typed))],
            Text::ToMove { player } | Text::NotYourTurn { player } | Text::Thinking { player } => {
                vec![("player", m(player))]
            }
            Text::Wins { winner } => vec![("winner", m(winner))],
            Text::Resigned { loser, winner }
            | Text::ResignedAnnouncement { loser, winner }
            | Text::TimedOut { loser, winner } => vec![("loser", m(loser)), ("winner", m(winner))],
            Text::ConfirmResign { opponent } => vec![("opponent", m(opponent))],
            Text::OutOfDate { to_move, link: l } => vec![
                ("link", link(l, locale)),
                (
                    "to_move",
                    text(to_move.map(mention).unwrap_or_else(|| "none".into())),
                ),
            ],
            Text::BoardPostedAgain { link: l } | Text::OnlyChallengeHere { link: l } => {
                vec![("link", link(l, locale))]
            }
            Text::TurnEnds { deadline_s } => vec![("deadline", text(deadline_s))],
            Text::ComputerName { name, level } => {
                vec![("name", text(name)), ("level", text(level_key(*level)))]
            }
            Text::ComputerGame {
                player,
                level,
                player_first,
            } => vec![
                ("player", m(player)),
                ("level", text(level_key(*level))),
                ("player_first", flag(*player_first)),
            ],
            Text::BotRecord {
                player,
                level,
                wins,
                draws,
                losses,
            } => vec![
                ("player", m(player)),
                ("level", text(level_key(*level))),
                ("wins", number(*wins)),
                ("draws", number(*draws)),
                ("losses", number(*losses)),
            ],
            Text::EarlierMoves { count } => vec![("count", number(*count))],
            Text::ThreadName { game, names } => {
                let versus = bundle::message(locale, "versus", Vec::new());
                vec![
                    ("game", text(game_key(*game))),
                    ("names", text(names.join(&versus))),
                ]
            }
            _ => return None,
        })
    }

    fn settings_args(&self, locale: Locale) -> Option<Args> {
        Some(match self {
            Text::SettingsSummary {
                changed,
                rules,
                first,
                turn_s,
                challenge_s,
                threads,
                channels: c,
            } => {
                let first = match first {
                    FirstPlayer::Rps => "rps",
                    FirstPlayer::Coin => "coin",
                    FirstPlayer::Challenger => "challenger",
                    FirstPlayer::Opponent => "opponent",
                };
                vec![
                    ("changed", flag(*changed)),
                    ("rules", text(rules)),
                    ("first", text(first)),
                    ("turn", duration(*turn_s, locale)),
                    ("challenge", duration(*challenge_s, locale)),
                    ("threads", flag(*threads)),
                    ("channels", channels(c, locale)),
                ]
            }
            Text::TurnTimeoutOutOfRange { min_s, max_s }
            | Text::ChallengeTimeoutOutOfRange { min_s, max_s } => vec![
                ("min", duration(*min_s, locale)),
                ("max", duration(*max_s, locale)),
            ],
            Text::ChannelNotAllowed { channels: c } => vec![("channels", channels(c, locale))],
            Text::TooManyChannels { max } => vec![("max", number(*max as f64))],
            _ => return None,
        })
    }

    fn rating_args(&self) -> Option<Args> {
        let game = |kind: &GameKind| ("game", text(game_key(*kind)));
        Some(match self {
            Text::RatingChange {
                name,
                before,
                after,
                provisional,
            } => vec![
                ("name", text(name)),
                ("before", text(before)),
                ("after", text(after)),
                ("provisional", flag(*provisional)),
                ("change", text(format!("{:+}", after - before))),
            ],
            Text::NoSuchPage { pages } => vec![("pages", number(*pages as f64))],
            Text::LeaderboardCaption {
                game: kind,
                page,
                pages,
            } => {
                vec![game(kind), ("page", text(page)), ("pages", text(pages))]
            }
            Text::LeaderboardTitle { game: kind } => vec![game(kind)],
            Text::RunningGamesPage { page, pages, games } => vec![
                ("page", text(page)),
                ("pages", text(pages)),
                ("games", number(*games as f64)),
            ],
            Text::LeaderboardSubtitle {
                page,
                pages,
                players,
            } => vec![
                ("page", text(page)),
                ("pages", text(pages)),
                ("players", number(*players as f64)),
            ],
            Text::RatingValue {
                rating,
                provisional,
            } => {
                vec![
                    ("rating", text(rating)),
                    ("provisional", flag(*provisional)),
                ]
            }
            Text::StatsNone { player } => vec![("player", text(mention(*player)))],
            Text::StatsSummary {
                game: kind,
                player,
                rating,
                deviation,
                provisional,
                rank,
                players,
                wins,
                draws,
                losses,
            } => vec![
                game(kind),
                ("player", text(mention(*player))),
                ("rating", text(rating)),
                ("provisional", flag(*provisional)),
                ("spread", text(2 * deviation)),
                ("ranked", flag(rank.is_some())),
                ("rank", text(rank.unwrap_or_default())),
                ("players", text(players)),
                ("wins", text(wins)),
                ("draws", text(draws)),
                ("losses", text(losses)),
                ("games", number(wins + draws + losses)),
            ],
            Text::ChartTitle { name } => vec![("name", text(name))],
            _ => return None,
        })
    }

    fn history_args(&self, locale: Locale) -> Option<Args> {
        let m = |id: &UserId| text(mention(*id));
        Some(match self {
            Text::RecentGamesOf { player } => vec![("player", m(player))],
            Text::HistoryLine {
                game,
                ended_s,
                opponents,
                standing,
                finish,
                change,
            } => {
                let standing = match standing {
                    Standing::Won => "won",
                    Standing::Drew => "drew",
                    Standing::Lost => "lost",
                };
                vec![
                    ("game", text(game)),
                    ("ended", text(ended_s)),
                    ("standing", text(standing)),
                    (
                        "opponent",
                        text(
                            opponents
                                .iter()
                                .map(|&o| mention(o))
                                .collect::<Vec<_>>()
                                .join(", "),
                        ),
                    ),
                    ("finish", text(finish_key(*finish))),
                    (
                        "change",
                        text(change.map(|c| format!(" ({c:+})")).unwrap_or_default()),
                    ),
                ]
            }
            Text::ServerHistoryLine {
                game,
                ended_s,
                players,
                winner,
                finish,
            } => vec![
                ("game", text(game)),
                ("ended", text(ended_s)),
                ("players", players_arg(players, locale)),
                (
                    "winner",
                    text(winner.map(mention).unwrap_or_else(|| "none".into())),
                ),
                ("finish", text(finish_key(*finish))),
            ],
            Text::NoSuchGame { game, kind } => {
                vec![("game", text(game)), ("root", text(game_key(*kind)))]
            }
            Text::NoGameHere { game }
            | Text::SettingsOnlyInServers { game }
            | Text::NoRunningGames { game } => vec![("root", text(game_key(*game)))],
            _ => return None,
        })
    }

    fn lobby_args(&self) -> Option<Args> {
        let m = |id: &UserId| text(mention(*id));
        Some(match self {
            Text::LobbyTitle {
                host,
                game,
                rules,
                counts,
            } => vec![
                ("host", m(host)),
                ("game", text(game_key(*game))),
                ("rules", text(rules)),
                ("counts", text(counts)),
            ],
            Text::LobbySeat {
                number: n,
                colour,
                player,
            } => vec![
                ("number", number(*n as f64)),
                (
                    "colour",
                    text(if colour.is_empty() { "none" } else { colour }),
                ),
                ("player", text(player)),
            ],
            Text::LobbyFooter { expires_s } => vec![("expires", text(expires_s))],
            Text::StartGame { players } => vec![("players", number(*players as f64))],
            Text::AddComputerAt { level } => vec![("level", text(level_key(*level)))],
            Text::OnlyHostStarts { host }
            | Text::LobbyExpired { host }
            | Text::LobbyCancelled { host } => vec![("host", m(host))],
            Text::CannotStartWith { count, counts } => {
                vec![("count", number(*count as f64)), ("counts", text(counts))]
            }
            Text::LeftGame { player, timed_out } => {
                vec![("player", text(player)), ("timed_out", flag(*timed_out))]
            }
            Text::PlaceLine { place, player } => {
                vec![("place", number(*place as f64)), ("player", text(player))]
            }
            _ => return None,
        })
    }

    fn rps_args(&self, locale: Locale) -> Option<Args> {
        let m = |id: &UserId| text(mention(*id));
        Some(match self {
            Text::RpsPrompt {
                challenger,
                opponent,
                tie,
            } => {
                let tie = tie.map(|h| {
                    let hand = text(hand(h, locale));
                    bundle::message(locale, "rps-tie", vec![("hand", hand)]) + "\n"
                });
                vec![
                    ("tie", text(tie.unwrap_or_default())),
                    ("challenger", m(challenger)),
                    ("opponent", m(opponent)),
                ]
            }
            Text::Hand(h) | Text::RpsAlreadyPicked { hand: h } => {
                vec![("hand", text(hand_key(*h)))]
            }
            Text::RpsPicked {
                hand: h,
                waiting_for,
            } => {
                vec![
                    ("hand", text(hand_key(*h))),
                    ("waiting_for", m(waiting_for)),
                ]
            }
            Text::FirstByRps {
                winner,
                winning,
                losing,
            } => vec![
                ("winning", text(hand(*winning, locale))),
                ("losing", text(hand(*losing, locale))),
                ("winner", m(winner)),
            ],
            _ => return None,
        })
    }

    fn replay_args(&self, locale: Locale) -> Option<Args> {
        Some(match self {
            Text::ReplayCaption {
                game,
                players,
                plies,
            } => vec![
                ("game", text(game)),
                ("players", players_arg(players, locale)),
                ("plies", number(*plies as f64)),
            ],
            Text::ReplayLeftOut {
                every,
                frames,
                all,
                limit,
            } => vec![
                ("every", number(*every as f64)),
                ("frames", number(*frames as f64)),
                ("all", number(*all as f64)),
                ("limit", text(upload_size(*limit))),
            ],
            Text::RecordResult { winner, finish } => vec![
                ("finish", text(finish.map_or("none", finish_key))),
                ("drawn", flag(winner.is_none())),
                ("winner", text(winner.clone().unwrap_or_default())),
            ],
            Text::RecordCut { left_out } => vec![("left_out", number(*left_out as f64))],
            Text::ReplayFrame { ply, plies } => {
                vec![("ply", number(*ply as f64)), ("plies", text(plies))]
            }
            Text::RunningGame {
                game,
                players,
                plies,
                link: l,
            } => vec![
                ("game", text(game)),
                ("players", players_arg(players, locale)),
                ("plies", number(*plies as f64)),
                ("link", link_with("link-after-colon", l, locale)),
            ],
            _ => return None,
        })
    }
}
