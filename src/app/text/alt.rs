//! Alt text: the description each attached picture carries for screen readers (and for a
//! picture that fails to load), in the message's language, within Discord's limit of
//! [`LIMIT`] characters. The words are in `assets/locales/<lang>/alt.ftl`; each function here
//! renders one sentence of it, and the picture's owner (a game's adapter, the leaderboard,
//! the tournament) puts the sentences together with [`fit`], which leaves whole sentences out
//! (and says how many) rather than cutting one in half.

use fluent_bundle::FluentValue;

use super::bundle::{self, flag, number, text, Args};
use super::shogi::piece;
use super::words::game_key;
use crate::games::shogi::Role;
use crate::ids::GameId;
use crate::locale::Locale;
use crate::store::GameKind;

/// Discord's limit on an attachment's description, in characters.
pub const LIMIT: usize = crate::app::vocab::limits::DESCRIPTION;

/// Every message id of `alt.ftl`.
const IDS: [&str; 34] = [
    "alt-more",
    "alt-to-move",
    "alt-status",
    "alt-oaq-title",
    "alt-oaq-last",
    "alt-oaq-row",
    "alt-oaq-mandarin",
    "alt-oaq-captured",
    "alt-shogi-title",
    "alt-shogi-to-move",
    "alt-shogi-side",
    "alt-shogi-check",
    "alt-shogi-last",
    "alt-shogi-impasse",
    "alt-shogi-pieces",
    "alt-shogi-squares",
    "alt-shogi-hand",
    "alt-shogi-in-hand",
    "alt-checkers-title",
    "alt-checkers-seat",
    "alt-checkers-moved",
    "alt-checkers-passed",
    "alt-leaderboard",
    "alt-leaderboard-row",
    "alt-chart",
    "alt-table",
    "alt-pairing",
    "alt-bye",
    "alt-standing",
    "alt-tie-break",
    "alt-cross-row",
    "alt-cross-round",
    "alt-replay",
    "alt-record",
];

/// Every message id alt text uses from `alt.ftl`.
pub fn ids() -> Vec<&'static str> {
    IDS.to_vec()
}

fn say(locale: Locale, id: &str, args: Args) -> String {
    bundle::message(locale, id, args)
}

/// The length of `text` as Discord counts it against [`LIMIT`]: UTF-16 code units (which
/// are never fewer than characters, so a text within it is within Discord's count whichever
/// it uses).
pub fn length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The sentences joined by spaces, within [`LIMIT`]: when they do not fit, the last ones are
/// left out whole and a last sentence says how many ("… and 3 more not read out."). Put the
/// sentences that matter most first. A first sentence too long on its own is cut after a
/// whole word.
pub fn fit(locale: Locale, sentences: &[String]) -> String {
    let whole = sentences.join(" ");
    if length(&whole) <= LIMIT {
        return whole;
    }
    let mut used = 0;
    let mut kept = 0;
    for (i, sentence) in sentences.iter().enumerate() {
        let more = say(
            locale,
            "alt-more",
            vec![("n", number((sentences.len() - i - 1) as f64))],
        );
        let with = used + usize::from(i > 0) + length(sentence);
        if with + 1 + length(&more) > LIMIT {
            break;
        }
        used = with;
        kept = i + 1;
    }
    let more = |left: usize| say(locale, "alt-more", vec![("n", number(left as f64))]);
    if kept == 0 {
        let first = sentences.first().map_or("", String::as_str);
        let left = sentences.len().saturating_sub(1);
        let tail = if left > 0 {
            format!(" {}", more(left))
        } else {
            String::new()
        };
        let room = LIMIT.saturating_sub(length(&tail) + 1);
        return format!("{}…{tail}", cut_words(first, room));
    }
    format!(
        "{} {}",
        sentences[..kept].join(" "),
        more(sentences.len() - kept)
    )
}

/// The longest start of `text` within `room` UTF-16 units that ends at a word's end.
fn cut_words(text: &str, room: usize) -> &str {
    let mut end = 0;
    let mut used = 0;
    for (i, c) in text.char_indices() {
        used += c.len_utf16();
        if used > room {
            break;
        }
        if c.is_whitespace() {
            end = i;
        }
    }
    if used <= room {
        return text;
    }
    text[..end].trim_end()
}

/// "An to move."
pub fn to_move(locale: Locale, name: &str) -> String {
    say(locale, "alt-to-move", vec![("name", text(name))])
}

/// A finished game's standing, from the picture's status line.
pub fn status(locale: Locale, status: &str) -> String {
    say(locale, "alt-status", vec![("status", text(status))])
}

/// "Ô ăn quan board."
pub fn oaq_title(locale: Locale) -> String {
    say(locale, "alt-oaq-title", Vec::new())
}

/// The last move: who sowed from which of their squares (1–5), and which way on the picture.
pub fn oaq_last(locale: Locale, name: &str, square: u8, right: bool) -> String {
    say(
        locale,
        "alt-oaq-last",
        vec![
            ("name", text(name)),
            ("square", text(square)),
            ("right", flag(right)),
        ],
    )
}

/// A side's five squares, from its own left, with their stones.
pub fn oaq_row(locale: Locale, name: &str, stones: &[u8]) -> String {
    let stones: Vec<String> = stones.iter().map(u8::to_string).collect();
    say(
        locale,
        "alt-oaq-row",
        vec![("name", text(name)), ("stones", text(stones.join(", ")))],
    )
}

/// A mandarin square: its stones, and whether its mandarin is still there.
pub fn oaq_mandarin(locale: Locale, west: bool, stones: u8, quan: bool) -> String {
    say(
        locale,
        "alt-oaq-mandarin",
        vec![
            ("side", text(if west { "west" } else { "east" })),
            ("stones", number(stones)),
            ("quan", flag(quan)),
        ],
    )
}

/// Both sides' captured totals.
pub fn oaq_captured(locale: Locale, names: [&str; 2], points: [i16; 2]) -> String {
    say(
        locale,
        "alt-oaq-captured",
        vec![
            ("south", text(names[0])),
            ("south_points", text(points[0])),
            ("north", text(names[1])),
            ("north_points", text(points[1])),
        ],
    )
}

fn side(sente: bool) -> (&'static str, FluentValue<'static>) {
    ("colour", text(if sente { "sente" } else { "gote" }))
}

/// "Shogi board."
pub fn shogi_title(locale: Locale) -> String {
    say(locale, "alt-shogi-title", Vec::new())
}

/// "An (Sente) to move."
pub fn shogi_to_move(locale: Locale, name: &str, sente: bool) -> String {
    say(
        locale,
        "alt-shogi-to-move",
        vec![("name", text(name)), side(sente)],
    )
}

/// "Check."
pub fn shogi_check(locale: Locale) -> String {
    say(locale, "alt-shogi-check", Vec::new())
}

/// The last move, in the captions' Western notation.
pub fn shogi_last(locale: Locale, western: &str) -> String {
    say(locale, "alt-shogi-last", vec![("western", text(western))])
}

/// The last move was the impasse claim.
pub fn shogi_impasse(locale: Locale) -> String {
    say(locale, "alt-shogi-impasse", Vec::new())
}

/// One kind of piece and its squares: "Gold 4i, 6i".
pub fn shogi_squares(locale: Locale, role: Role, squares: &[String]) -> String {
    say(
        locale,
        "alt-shogi-squares",
        vec![
            ("piece", text(piece(role))),
            ("squares", text(squares.join(", "))),
        ],
    )
}

/// A side's pieces on the board, each kind with its squares ([`shogi_squares`]).
pub fn shogi_pieces(locale: Locale, sente: bool, name: &str, kinds: &[String]) -> String {
    say(
        locale,
        "alt-shogi-pieces",
        vec![
            side(sente),
            ("name", text(name)),
            ("pieces", text(kinds.join("; "))),
        ],
    )
}

/// Pieces of one kind in hand: "2 Pawns".
pub fn shogi_in_hand(locale: Locale, role: Role, count: u8) -> String {
    say(
        locale,
        "alt-shogi-in-hand",
        vec![("piece", text(piece(role))), ("count", number(count))],
    )
}

/// A side's hand ([`shogi_in_hand`] each), or that it is empty.
pub fn shogi_hand(locale: Locale, sente: bool, pieces: &[String]) -> String {
    let pieces = if pieces.is_empty() {
        String::from("none")
    } else {
        pieces.join(", ")
    };
    say(
        locale,
        "alt-shogi-hand",
        vec![side(sente), ("pieces", text(pieces))],
    )
}

/// "Chinese checkers board, 3 players."
pub fn checkers_title(locale: Locale, players: usize) -> String {
    say(
        locale,
        "alt-checkers-title",
        vec![("players", text(players))],
    )
}

/// Where a seat of Chinese checkers stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatState {
    /// Still bringing its pegs home.
    Playing,
    /// It resigned or ran out of time.
    Left,
    /// It finished, in this place (1 first).
    Place(u8),
}

/// A seat: its name, colour(s), pegs home and pegs still to bring home.
pub fn checkers_seat(
    locale: Locale,
    name: &str,
    colour: &str,
    home: u32,
    left: u32,
    state: SeatState,
) -> String {
    let (state, place) = match state {
        SeatState::Playing => ("playing", 0),
        SeatState::Left => ("left", 0),
        SeatState::Place(place) => ("place", place),
    };
    say(
        locale,
        "alt-checkers-seat",
        vec![
            ("name", text(name)),
            ("colour", text(colour)),
            ("home", text(home)),
            ("left", text(left)),
            ("state", text(state)),
            ("place", text(place)),
        ],
    )
}

/// One move of the run the board shows, in the captions' notation (`path`), or a pass.
pub fn checkers_move(locale: Locale, name: &str, path: Option<&str>) -> String {
    match path {
        Some(path) => say(
            locale,
            "alt-checkers-moved",
            vec![("name", text(name)), ("path", text(path))],
        ),
        None => say(locale, "alt-checkers-passed", vec![("name", text(name))]),
    }
}

/// The leaderboard's heading.
pub fn leaderboard(locale: Locale, title: &str, page: u64, pages: u64, players: u64) -> String {
    say(
        locale,
        "alt-leaderboard",
        vec![
            ("title", text(title)),
            ("page", text(page)),
            ("pages", text(pages)),
            ("players", text(players)),
        ],
    )
}

/// A leaderboard row: rank, name, rating (said to be provisional where the picture marks
/// it `?`) and record.
pub fn leaderboard_row(
    locale: Locale,
    rank: u64,
    name: &str,
    rating: i64,
    provisional: bool,
    record: [u32; 3],
) -> String {
    say(
        locale,
        "alt-leaderboard-row",
        vec![
            ("rank", text(rank)),
            ("name", text(name)),
            ("rating", text(rating)),
            ("provisional", flag(provisional)),
            ("wins", text(record[0])),
            ("draws", text(record[1])),
            ("losses", text(record[2])),
        ],
    )
}

/// A rating chart of `games` rated games: the first and last ratings it plots, the highest
/// and lowest.
pub fn chart(locale: Locale, name: &str, games: usize, ratings: &[f64]) -> String {
    let round = |r: f64| text(r.round() as i64);
    let high = ratings.iter().copied().fold(f64::MIN, f64::max);
    let low = ratings.iter().copied().fold(f64::MAX, f64::min);
    say(
        locale,
        "alt-chart",
        vec![
            ("name", text(name)),
            ("games", number(games as f64)),
            ("first", round(ratings.first().copied().unwrap_or_default())),
            ("last", round(ratings.last().copied().unwrap_or_default())),
            ("high", round(high)),
            ("low", round(low)),
        ],
    )
}

/// A table picture's title and subtitle.
pub fn table(locale: Locale, title: &str, subtitle: &str) -> String {
    say(
        locale,
        "alt-table",
        vec![("title", text(title)), ("subtitle", text(subtitle))],
    )
}

/// How a paired game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// The first player won.
    First,
    /// The second player won.
    Second,
    /// A draw.
    Draw,
    /// Not over yet.
    Playing,
}

/// A pairing: board number, both players with their points so far, and the result.
pub fn pairing(
    locale: Locale,
    board: usize,
    first: (&str, &str),
    second: (&str, &str),
    result: Pairing,
) -> String {
    let result = match result {
        Pairing::First => "first",
        Pairing::Second => "second",
        Pairing::Draw => "draw",
        Pairing::Playing => "none",
    };
    say(
        locale,
        "alt-pairing",
        vec![
            ("board", text(board)),
            ("first", text(first.0)),
            ("first_points", text(first.1)),
            ("second", text(second.0)),
            ("second_points", text(second.1)),
            ("result", text(result)),
        ],
    )
}

/// A player with a bye this round.
pub fn bye(locale: Locale, name: &str, points: &str) -> String {
    say(
        locale,
        "alt-bye",
        vec![("name", text(name)), ("points", text(points))],
    )
}

/// A standings row: place, name, points and the tie-breaks (`key` as the standings'
/// columns name them: `bh1`, `bh`, `sb`, `de`, `wins`, `rating`, `perf`).
pub fn standing(
    locale: Locale,
    place: &str,
    name: &str,
    points: &str,
    breaks: &[(&str, String)],
) -> String {
    let breaks: Vec<String> = breaks
        .iter()
        .map(|(key, value)| {
            say(
                locale,
                "alt-tie-break",
                vec![("key", text(key)), ("value", text(value))],
            )
        })
        .collect();
    say(
        locale,
        "alt-standing",
        vec![
            ("place", text(place)),
            ("name", text(name)),
            ("points", text(points)),
            ("breaks", text(breaks.join(", "))),
        ],
    )
}

/// One round of a crosstable row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// A bye.
    Bye,
    /// No game (absent).
    Absent,
    /// A game against the player in place `opponent`, moving first or not, with its result
    /// for this row's player (`Some(2)` win, `Some(1)` draw, `Some(0)` loss, `None` playing).
    Game {
        /// The opponent's place.
        opponent: usize,
        /// Whether this row's player moved first.
        first: bool,
        /// Half points scored, if the game is over.
        halves: Option<u8>,
    },
}

/// A crosstable row: place, name, points and each round.
pub fn cross_row(
    locale: Locale,
    place: usize,
    name: &str,
    points: &str,
    rounds: &[Round],
) -> String {
    let rounds: Vec<String> = rounds
        .iter()
        .enumerate()
        .map(|(i, round)| {
            let (kind, opponent, first, result) = match *round {
                Round::Bye => ("bye", 0, false, "none"),
                Round::Absent => ("none", 0, false, "none"),
                Round::Game {
                    opponent,
                    first,
                    halves,
                } => (
                    "game",
                    opponent,
                    first,
                    match halves {
                        Some(2) => "win",
                        Some(1) => "draw",
                        Some(_) => "loss",
                        None => "none",
                    },
                ),
            };
            say(
                locale,
                "alt-cross-round",
                vec![
                    ("round", text(i + 1)),
                    ("kind", text(kind)),
                    ("opponent", text(opponent)),
                    ("colour", text(if first { "first" } else { "second" })),
                    ("result", text(result)),
                ],
            )
        })
        .collect();
    say(
        locale,
        "alt-cross-row",
        vec![
            ("place", text(place)),
            ("name", text(name)),
            ("points", text(points)),
            ("rounds", text(rounds.join(", "))),
        ],
    )
}

/// A replay animation: the game, its players, its result and its length.
pub fn replay(
    locale: Locale,
    kind: GameKind,
    id: GameId,
    players: &str,
    result: &str,
    plies: usize,
) -> String {
    say(
        locale,
        "alt-replay",
        vec![
            ("game", text(game_key(kind))),
            ("id", text(id)),
            ("players", text(players)),
            ("result", text(result)),
            ("plies", number(plies as f64)),
        ],
    )
}

/// A game's record attached as a text file, in `format` (`KIF`, `CSA`, `USI`, or `engine`
/// for the engine's command line).
pub fn record(locale: Locale, id: GameId, format: &str) -> String {
    say(
        locale,
        "alt-record",
        vec![("id", text(id)), ("format", text(format))],
    )
}
