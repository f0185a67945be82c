//! The seam between the shell and the games: the [`Hosted`] trait that every game's adapter
//! implements, and [`Table`], the one enum that dispatches to them (in the manner of
//! shakmaty's `VariantPosition`).
//!
//! The shell (challenges, turns, deadlines, resignations, results, ratings, history, replays,
//! threads, settings, computer seats) knows seats, turns and results and works with records
//! whose moves are notation text; it never sees a game's own types. A record's rules are read
//! once into [`GameRules`] (the one place that reads their stored JSON), a replayed [`Table`]
//! knows its rules, and what goes wrong comes back as a [`GameError`]. Everything that needs
//! the rules goes through here.
//!
//! Adding a game means: an engine under `src/games/`, one adapter file here implementing
//! [`Hosted`] (plus its variant of [`Table`] and [`GameRules`], and its line in each arm of
//! `each!`, `kind!` and `with_rules!`), its picture under `src/render/`, and its part of the
//! catalogue.

pub mod chinese_checkers;
pub mod oaq;
pub mod shogi;

use std::time::Duration;

use image::RgbImage;
use rand::{Rng, RngCore};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub use error::{GameError, NotationError};

use super::picker::{PathError, PickerAt, PickerPath};
use super::reply::{Action, Attachment, Button, Choice, Select, Style};
use super::text::{Locale, Text};
use crate::render::Fonts;
use crate::store::{FirstPlayer, GameKind, GameRecord, GuildSettings, Level, Retirement};

mod error;

/// A move in a game's notation, small enough to ride in a button's id (`Copy`, at most
/// [`Notation::MAX`] bytes of ASCII).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    len: u8,
    bytes: [u8; Notation::MAX],
}

impl Notation {
    /// The longest notation a button carries.
    pub const MAX: usize = 24;

    /// The notation (its `Display`) of one of our own moves: one that does not fit is our
    /// inconsistency, not the user's.
    pub fn of(mv: impl std::fmt::Display) -> Result<Notation, GameError> {
        Ok(mv.to_string().parse()?)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Built only from ASCII text (see `FromStr`), so this cannot fail.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::str::FromStr for Notation {
    type Err = NotationError;

    /// Printable ASCII without `:` (the separator of button ids), at most [`Notation::MAX`]
    /// bytes.
    fn from_str(text: &str) -> Result<Notation, NotationError> {
        let fits = !text.is_empty()
            && text.len() <= Notation::MAX
            && text.bytes().all(|b| b.is_ascii_graphic() && b != b':');
        if !fits {
            return Err(NotationError(text.to_owned()));
        }
        let mut bytes = [0; Notation::MAX];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Notation {
            len: text.len() as u8,
            bytes,
        })
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Notation({})", self.as_str())
    }
}

/// Where a game stands, as the shell sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Situation {
    /// `seat` is to move; `person` is false while the computer thinks.
    ToMove {
        /// The seat to move.
        seat: usize,
        /// Whether a person plays it.
        person: bool,
    },
    /// The game ended by a seat leaving it (resignation or timeout).
    Forfeited {
        /// The seat that left.
        loser: usize,
        /// How.
        why: Retirement,
        /// The seats' places (0 first; equal places tie).
        places: Vec<u8>,
    },
    /// The game ended on the board.
    Over {
        /// The seats' places (0 first; equal places tie).
        places: Vec<u8>,
    },
}

impl Situation {
    /// Whether the game has ended.
    pub fn finished(&self) -> bool {
        !matches!(self, Situation::ToMove { .. })
    }

    /// The places, once the game has ended.
    pub fn places(&self) -> Option<&[u8]> {
        match self {
            Situation::ToMove { .. } => None,
            Situation::Forfeited { places, .. } | Situation::Over { places } => Some(places),
        }
    }
}

/// What a board shows besides the position: who sits where and how the game stands.
#[derive(Debug, Clone, Copy)]
pub struct Scene<'a> {
    /// The language of the board.
    pub locale: Locale,
    /// The game's id (for the controls' ids).
    pub game: u64,
    /// The seats' names, in seat order.
    pub names: &'a [String],
    /// The seats' user ids, in seat order.
    pub ids: &'a [u64],
    /// How the game stands.
    pub situation: &'a Situation,
    /// The first move the board describes (counted from 0): a game that shows a run of moves
    /// (Chinese checkers, where computer seats move one after another) draws and captions
    /// each move from this one on; the others describe their last move only.
    pub since: usize,
}

impl Scene<'_> {
    /// How captions name the player of `seat`: a mention, or for a computer (whose account
    /// plays every computer seat of a table) its seat's name, e.g. "oaq (hard)".
    pub fn who(&self, seat: usize) -> String {
        let id = self.ids.get(seat).copied().unwrap_or_default();
        if self.ids.iter().filter(|&&other| other == id).count() > 1 {
            self.names.get(seat).cloned().unwrap_or_default()
        } else {
            crate::app::text::mention(id)
        }
    }
}

/// The components a board offers the seat to move: select menus (a row each), then rows of
/// buttons. The shell adds its own row (resign, rules) below.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Controls {
    /// Select menus.
    pub selects: Vec<Select>,
    /// Rows of buttons.
    pub rows: Vec<Vec<Button>>,
}

/// The places of a two-seat game that has ended: the seat that left (if one did) is second;
/// otherwise the winner is first, or both share first place in a draw (`winner` `None`).
pub(crate) fn two_seat_places(left: Option<usize>, winner: Option<usize>) -> Vec<u8> {
    match (left, winner) {
        (Some(loser), _) => {
            let mut places = vec![0, 0];
            places[loser.min(1)] = 1;
            places
        }
        (None, Some(winner)) => {
            let mut places = vec![1, 1];
            places[winner.min(1)] = 0;
            places
        }
        (None, None) => vec![0, 0],
    }
}

/// The controls of a game whose moves are chosen in the board's private picker: a *Pick a
/// move* button while a person is to move, on the board drawn after `ply` moves.
pub(crate) fn picker_controls(scene: &Scene<'_>, ply: u32) -> Controls {
    let Situation::ToMove { person: true, .. } = *scene.situation else {
        return Controls::default();
    };
    Controls {
        selects: Vec::new(),
        rows: vec![vec![Button {
            action: Action::Picker {
                game: scene.game,
                ply,
                at: PickerAt::Board,
            },
            label: Text::OpenPicker.render(scene.locale),
            style: Style::Primary,
            disabled: false,
        }]],
    }
}

/// One step towards a move in the board's private picker (a piece, then where it goes, then
/// whether it promotes): the key that rides in the picker's id — short printable ASCII without
/// `:` or `/`, neither `.` nor starting with `~` (see [`PickerPath`]) — and the label its
/// option shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The key, unique among the options of its step.
    pub key: String,
    /// What the option shows.
    pub label: String,
}

/// A legal move as the picker reaches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    /// The steps, first to last.
    pub steps: Vec<Step>,
    /// The move, in notation.
    pub mv: String,
    /// The move as its control shows it.
    pub label: String,
}

impl Pick {
    /// The picker's path to this move: its steps' keys. Keys that do not make a path are
    /// the game's inconsistency.
    pub fn path(&self) -> Result<PickerPath, PathError> {
        PickerPath::from_keys(self.steps.iter().map(|s| s.key.as_str()))
    }
}

/// What a finished board carries of the game's record besides its picture.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Exports {
    /// Caption lines.
    pub lines: Vec<Text>,
    /// Attached files.
    pub files: Vec<Attachment>,
}

/// What a mistake cost, as a game's search scores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// This many half-points.
    Points(u32),
    /// The better move won by force; the move played does not.
    LostWin,
    /// The move played loses by force; the better move does not.
    IntoLoss,
}

/// A move a game's search judges a mistake, with the move it prefers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    /// The move's number in the game (1 for the first).
    pub number: usize,
    /// The seat that played it.
    pub seat: usize,
    /// The move played, in the game's notation.
    pub played: String,
    /// The move the search prefers, in the game's notation.
    pub better: String,
    /// What the move cost.
    pub cost: Cost,
}

/// The analysis of a finished game: each seat's biggest mistakes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// How many plies deep the search looked from each position.
    pub depth: u32,
    /// The mistakes, worst first within each seat.
    pub mistakes: Vec<Mistake>,
}

/// Why typed text is not exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misread<M> {
    /// It could mean any of these legal moves.
    Ambiguous(Vec<M>),
    /// It is not a move, or not a legal one: why.
    Refused(Text),
}

/// A picture's status line for a frame of a replay (instead of the game's standing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Moves shown.
    pub ply: usize,
    /// Moves in the game.
    pub plies: usize,
}

/// A game as the shell hosts it: a position replayed from a record, which plays moves given
/// as notation and draws itself.
pub trait Hosted: Sized {
    /// The kind its records carry.
    const KIND: GameKind;
    /// The numbers of seats it can be played with.
    const SEATS: &'static [usize];
    /// Its rules, kept in records as JSON (see [`GameRules`]).
    type Rules: Serialize + DeserializeOwned + Clone + Default + Into<GameRules>;
    /// One move.
    type Move: Copy + std::fmt::Display + std::str::FromStr;
    /// What a command chooses of a new game's rules (the server's defaults fill the rest).
    type Choice: Clone + PartialEq + std::fmt::Debug;

    /// The rules of a new game: the choice, else the server's defaults, else the game's own.
    fn rules_for(choice: &Self::Choice, server: &GuildSettings) -> Result<Self::Rules, GameError>;
    /// Makes the choice the server's default for new games.
    fn set_default(choice: &Self::Choice, server: &mut GuildSettings);
    /// The server's default rules, for the settings summary.
    fn default_rules(server: &GuildSettings) -> Text;

    /// A new game with these rules and seats.
    fn start(rules: &Self::Rules, seats: usize) -> Result<Self, GameError>;
    /// The game from a stored start position ([`GameError::Start`] when it does not read).
    fn from_start(rules: &Self::Rules, start: &str, seats: usize) -> Result<Self, GameError>;
    /// The rules the game is played under (its position knows them).
    fn rules(&self) -> Self::Rules;
    /// The start position, in the game's notation (stored in the record).
    fn start_text(&self) -> String;
    /// The seat to move, while the game goes on on the board.
    fn to_move(&self) -> Option<usize>;
    /// Plays a move, remembering what it did for the captions; an illegal move leaves the
    /// game as it was and says why.
    fn play(&mut self, mv: Self::Move) -> Result<(), Text>;
    /// Takes `seat` out of the game (it resigned or ran out of time): with two seats the
    /// other wins; with more, the rest play on.
    fn retire(&mut self, seat: usize);
    /// The places (0 first; equal places tie) once the game has ended.
    fn places(&self) -> Option<Vec<u8>>;
    /// The computer's move at `level`, thinking at most `budget`, reproducibly from `seed`.
    fn choose(&self, level: Level, budget: Duration, seed: u64) -> Option<Self::Move>;
    /// Caption lines for what the last move did (empty before the first), or for a game that
    /// shows a run of moves, one line for each move from [`Scene::since`] on.
    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text>;
    /// Caption lines for how the board ended the game (before the shell's winner line).
    fn end_lines(&self, scene: &Scene<'_>) -> Vec<Text>;
    /// Caption lines for the score while the game goes on.
    fn score_lines(&self, scene: &Scene<'_>) -> Vec<Text>;
    /// The board picture; `frame` replaces the standing by a replay's progress.
    fn picture(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>) -> RgbImage;
    /// The legal moves of the seat to move, each with the label its control shows.
    fn legal_moves(&self) -> Vec<(Self::Move, String)>;
    /// The move controls for the seat to move, on the board drawn after `ply` moves.
    fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls;
    /// The rules as a private message; `in_play` when they are those of a game in the channel.
    fn rules_text(rules: &Self::Rules, in_play: bool) -> Text;
    /// The rules in a few words, for challenges and titles.
    fn rules_name(rules: &Self::Rules) -> Text;
    /// How to play the game with the bot (`help`).
    fn help() -> Text;
    /// The engine command line that replays a game from `start` under `rules` (the exported
    /// record's header; its moves follow in the game's notation).
    fn engine_command(rules: &Self::Rules, start: &str) -> String;

    /// The numbers of seats a game with these rules can be played with (by default
    /// [`Hosted::SEATS`]).
    fn seat_counts(_rules: &Self::Rules) -> Vec<usize> {
        Self::SEATS.to_vec()
    }
    /// What each seat of a game of `seats` plays as, for a lobby (a colour); none for a game
    /// whose seats are only first and second.
    fn seat_names(_rules: &Self::Rules, _seats: usize, _locale: Locale) -> Vec<String> {
        Vec::new()
    }
    /// Makes `seat` move first instead of seat 0 (a lobby's toss); a game whose first seat
    /// always moves first refuses any other.
    fn first_seat(&mut self, seat: usize) -> Result<(), GameError> {
        if seat == 0 {
            Ok(())
        } else {
            Err(GameError::FirstSeat(seat))
        }
    }
    /// Reads a move as a player types it: by default, its notation.
    fn read_move(&self, text: &str) -> Result<Self::Move, Misread<Self::Move>> {
        text.trim()
            .parse()
            .map_err(|_| Misread::Refused(Text::NotAMove))
    }
    /// The steps of the board's private picker that lead to the legal move `mv`; none for a
    /// game whose board offers no picker.
    fn pick_steps(&self, _locale: Locale, _mv: &Self::Move) -> Vec<Step> {
        Vec::new()
    }
    /// Moves any seated player may make now, whoever's turn it is (Shogi's impasse claim),
    /// with their buttons' labels.
    fn claims(&self) -> Vec<(Self::Move, Text)> {
        Vec::new()
    }
    /// The label of the button that shows a player the board from the other side, for a game
    /// whose picture has a side.
    fn flip_label() -> Option<Text> {
        None
    }
    /// The board picture from the other side (for a game with a [`Hosted::flip_label`]).
    fn flipped_picture(&self, _fonts: &Fonts, _scene: &Scene<'_>) -> Option<RgbImage> {
        None
    }
    /// What the final board carries of the game's record: caption lines (a link to analyse
    /// it elsewhere) and files in the game's own formats.
    fn exports(&self, _scene: &Scene<'_>) -> Exports {
        Exports::default()
    }
    /// Whether a finished game's board offers an analysis of its mistakes
    /// ([`Hosted::review`]); by default not.
    fn analysable() -> bool {
        false
    }
    /// Each seat's biggest mistakes in the moves played, found by the game's own search: at
    /// most `per_seat` a seat, worst first. Takes seconds: run it off the async threads.
    /// `None` for a game that offers no analysis.
    fn review(&self, _per_seat: usize) -> Option<Review> {
        None
    }
    /// How the first player of a challenge is chosen: as `asked`, else the server's default,
    /// else rock-paper-scissors.
    fn first_player(asked: Option<FirstPlayer>, server: Option<FirstPlayer>) -> FirstPlayer {
        asked.or(server).unwrap_or(FirstPlayer::Rps)
    }
    /// The game's toss for the first move between `tosser` (the challenger) and `other`:
    /// whether the tosser moves first, and the caption that tells how it fell. By default a
    /// coin.
    fn toss(rng: &mut dyn RngCore, tosser: u64, other: u64) -> (bool, Text) {
        let first = rng.gen_bool(0.5);
        let winner = if first { tosser } else { other };
        (first, Text::FirstByCoin { winner })
    }
}

/// Runs `$body` with `$table` bound to the adapter inside `$value`, whatever the game.
macro_rules! each {
    ($value:expr, $table:ident => $body:expr) => {
        match $value {
            Table::Oaq($table) => $body,
            Table::Shogi($table) => $body,
            Table::ChineseCheckers($table) => $body,
        }
    };
}

/// Runs `$body` with `$t` naming the adapter type of `$kind`.
macro_rules! kind {
    ($kind:expr, $t:ident => $body:expr) => {
        match $kind {
            GameKind::Oaq => {
                type $t = oaq::OaqTable;
                $body
            }
            GameKind::Shogi => {
                type $t = shogi::ShogiTable;
                $body
            }
            GameKind::ChineseCheckers => {
                type $t = chinese_checkers::CheckersTable;
                $body
            }
        }
    };
}

/// Runs `$body` with `$t` naming the adapter type of the game whose rules `$value` holds, and
/// `$rules` bound to those rules.
macro_rules! with_rules {
    ($value:expr, $t:ident, $rules:ident => $body:expr) => {
        match $value {
            GameRules::Oaq($rules) => {
                type $t = oaq::OaqTable;
                $body
            }
            GameRules::Shogi($rules) => {
                type $t = shogi::ShogiTable;
                $body
            }
            GameRules::ChineseCheckers($rules) => {
                type $t = chinese_checkers::CheckersTable;
                $body
            }
        }
    };
}

mod rules;

pub use rules::{default_rules, GameRules, RuleChoice};

/// A game of any kind, replayed: the shell's one handle on the rules.
#[derive(Debug, Clone)]
// A table lives for one request and is moved, not copied: its variants' sizes do not matter
// enough to box them.
#[allow(clippy::large_enum_variant)]
pub enum Table {
    /// Ô ăn quan.
    Oaq(oaq::OaqTable),
    /// Shogi.
    Shogi(shogi::ShogiTable),
    /// Chinese checkers.
    ChineseCheckers(chinese_checkers::CheckersTable),
}

/// Parses a stored move for the adapter `_table` (whose type names the notation).
fn notation_of<H: Hosted>(_table: &H, text: &str) -> Result<H::Move, GameError> {
    text.parse::<H::Move>()
        .map_err(|_| GameError::Unreadable(text.to_owned()))
}

/// The error of replaying the record of game `game`: [`GameError::Replay`].
fn replay_error(game: u64) -> impl Fn(GameError) -> GameError {
    move |fault| GameError::Replay {
        game,
        fault: Box::new(fault),
    }
}

impl Table {
    /// A new game under `rules` with `seats` seats.
    pub fn start(rules: &GameRules, seats: usize) -> Result<Table, GameError> {
        with_rules!(rules, T, rules => {
            if !T::SEATS.contains(&seats) {
                return Err(GameError::Setup(format!("{seats} seats")));
            }
            T::start(rules, seats).map(Table::from)
        })
    }

    /// Replays a stored game: its start, then its moves, with each retired seat taken out
    /// when it left. The error ([`GameError::Replay`]) says what is damaged.
    pub fn replay(record: &GameRecord) -> Result<Table, GameError> {
        Table::replay_turns(record).map(|(table, _)| table)
    }

    /// Replays a stored game as [`Table::replay`] does, and tells which seat made each move:
    /// the seat to move when it was played.
    pub fn replay_turns(record: &GameRecord) -> Result<(Table, Vec<usize>), GameError> {
        let mut table = Table::begin(record)?;
        let mut movers = Vec::with_capacity(record.moves.len());
        for ply in 0..record.moves.len() {
            table.retire_at(record, ply);
            movers.push(table.to_move().unwrap_or_default());
            table.play_stored(record, ply)?;
        }
        table.retire_at(record, record.moves.len());
        Ok((table, movers))
    }

    /// A stored game's start position, no move played (then [`Table::advance`] move by
    /// move, for a replay's frames): the record's rules are read here, once.
    pub fn begin(record: &GameRecord) -> Result<Table, GameError> {
        let seats = record.seats.len();
        GameRules::of(record)
            .and_then(|rules| {
                with_rules!(rules, T, rules => {
                    T::from_start(&rules, &record.start, seats).map(Table::from)
                })
            })
            .map_err(replay_error(record.id))
    }

    /// Plays the stored move after `ply` moves, taking out first the seats that left then.
    pub fn advance(&mut self, record: &GameRecord, ply: usize) -> Result<(), GameError> {
        self.retire_at(record, ply);
        self.play_stored(record, ply)
    }

    /// Plays the stored move after `ply` moves.
    fn play_stored(&mut self, record: &GameRecord, ply: usize) -> Result<(), GameError> {
        let played = match record.moves.get(ply) {
            None => Err(GameError::MissingMove(ply + 1)),
            Some(text) => each!(self, t => {
                notation_of(t, text).and_then(|mv| {
                    t.play(mv).map_err(|_| GameError::Unplayable {
                        number: ply + 1,
                        text: text.clone(),
                    })
                })
            }),
        };
        played.map_err(replay_error(record.id))
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> GameRules {
        each!(self, t => t.rules().into())
    }

    /// Takes out the seats that left after `ply` moves.
    pub fn retire_at(&mut self, record: &GameRecord, ply: usize) {
        for retired in record.retired.iter().filter(|r| r.ply as usize == ply) {
            self.retire(retired.seat);
        }
    }

    /// Makes `seat` move first (before any move).
    pub fn first_seat(&mut self, seat: usize) -> Result<(), GameError> {
        each!(self, t => t.first_seat(seat))
    }

    /// The seat counts `kind` can be played with.
    pub fn seat_counts(kind: GameKind) -> &'static [usize] {
        match kind {
            GameKind::Oaq => oaq::OaqTable::SEATS,
            GameKind::Shogi => shogi::ShogiTable::SEATS,
            GameKind::ChineseCheckers => chinese_checkers::CheckersTable::SEATS,
        }
    }

    /// The start position in notation.
    pub fn start_text(&self) -> String {
        each!(self, t => t.start_text())
    }

    /// The seat to move on the board (`None` once the board has ended the game).
    pub fn to_move(&self) -> Option<usize> {
        each!(self, t => t.to_move())
    }

    /// Plays a move given in notation; returns the move's notation as stored.
    pub fn play(&mut self, mv: &str) -> Result<String, Text> {
        each!(self, t => {
            let parsed = mv.parse().map_err(|_| Text::NotAMove)?;
            t.play(parsed)?;
            Ok(parsed.to_string())
        })
    }

    /// Takes a seat that resigned or ran out of time out of the game.
    pub fn retire(&mut self, seat: usize) {
        each!(self, t => t.retire(seat))
    }

    /// The places once the game has ended.
    pub fn places(&self) -> Option<Vec<u8>> {
        each!(self, t => t.places())
    }

    /// The computer's move in notation.
    pub fn choose(&self, level: Level, budget: Duration, seed: u64) -> Option<String> {
        each!(self, t => t.choose(level, budget, seed).map(|mv| mv.to_string()))
    }

    /// Caption lines: what the last move did.
    pub fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        each!(self, t => t.move_lines(scene))
    }

    /// Caption lines: how the board ended the game.
    pub fn end_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        each!(self, t => t.end_lines(scene))
    }

    /// Caption lines: the score while the game goes on.
    pub fn score_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        each!(self, t => t.score_lines(scene))
    }

    /// The board picture; `frame` replaces the standing by a replay's progress.
    pub fn picture(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>) -> RgbImage {
        each!(self, t => t.picture(fonts, scene, frame))
    }

    /// The legal moves of the seat to move, as choices: the control's label with the
    /// notation, and the notation as the value.
    pub fn legal_moves(&self) -> Vec<Choice> {
        each!(self, t => t
            .legal_moves()
            .into_iter()
            .map(|(mv, label)| Choice {
                label: format!("{label} ({mv})"),
                value: mv.to_string(),
            })
            .collect())
    }

    /// The move controls for the seat to move.
    pub fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls {
        each!(self, t => t.controls(scene, ply))
    }

    /// How to play `kind` with the bot.
    pub fn help(kind: GameKind) -> Text {
        kind!(kind, T => T::help())
    }

    /// Reads a move as the player to move typed it: its notation, or why not.
    pub fn read_move(&self, text: &str) -> Result<String, Misread<String>> {
        each!(self, t => match t.read_move(text) {
            Ok(mv) => Ok(mv.to_string()),
            Err(Misread::Ambiguous(moves)) => Err(Misread::Ambiguous(
                moves.iter().map(ToString::to_string).collect(),
            )),
            Err(Misread::Refused(why)) => Err(Misread::Refused(why)),
        })
    }

    /// The legal moves as the board's picker reaches them (empty for a game without one).
    pub fn picks(&self, locale: Locale) -> Vec<Pick> {
        each!(self, t => t
            .legal_moves()
            .into_iter()
            .filter_map(|(mv, label)| {
                let steps = t.pick_steps(locale, &mv);
                (!steps.is_empty()).then(|| Pick {
                    steps,
                    mv: mv.to_string(),
                    label,
                })
            })
            .collect())
    }

    /// The moves any seated player may make now, in notation, with their buttons' labels.
    pub fn claims(&self) -> Vec<(String, Text)> {
        each!(self, t => t
            .claims()
            .into_iter()
            .map(|(mv, label)| (mv.to_string(), label))
            .collect())
    }

    /// The board from the other side, with its button's label, for a game whose picture has
    /// a side.
    pub fn flip_label(kind: GameKind) -> Option<Text> {
        kind!(kind, T => T::flip_label())
    }

    /// The board picture from the other side, if the game has one.
    pub fn flipped_picture(&self, fonts: &Fonts, scene: &Scene<'_>) -> Option<RgbImage> {
        each!(self, t => t.flipped_picture(fonts, scene))
    }

    /// What the final board carries of the game's record.
    pub fn exports(&self, scene: &Scene<'_>) -> Exports {
        each!(self, t => t.exports(scene))
    }

    /// Whether a finished game of `kind` offers an analysis of its mistakes.
    pub fn analysable(kind: GameKind) -> bool {
        kind!(kind, T => T::analysable())
    }

    /// Each seat's biggest mistakes (at most `per_seat` a seat), for a game that offers an
    /// analysis. Takes seconds.
    pub fn review(&self, per_seat: usize) -> Option<Review> {
        each!(self, t => t.review(per_seat))
    }

    /// How the first player of a challenge to `kind` is chosen.
    pub fn first_player(
        kind: GameKind,
        asked: Option<FirstPlayer>,
        server: Option<FirstPlayer>,
    ) -> FirstPlayer {
        kind!(kind, T => T::first_player(asked, server))
    }

    /// `kind`'s toss for the first move: whether `tosser` moves first, and how it fell.
    pub fn toss(kind: GameKind, rng: &mut dyn RngCore, tosser: u64, other: u64) -> (bool, Text) {
        kind!(kind, T => T::toss(rng, tosser, other))
    }
}

impl From<oaq::OaqTable> for Table {
    fn from(table: oaq::OaqTable) -> Table {
        Table::Oaq(table)
    }
}

impl From<chinese_checkers::CheckersTable> for Table {
    fn from(table: chinese_checkers::CheckersTable) -> Table {
        Table::ChineseCheckers(table)
    }
}

impl From<shogi::ShogiTable> for Table {
    fn from(table: shogi::ShogiTable) -> Table {
        Table::Shogi(table)
    }
}
