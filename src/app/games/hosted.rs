//! The seam every game joins through: [`Hosted`], the rules side of a game (start, replay,
//! legal moves, outcome, notation, the computer's moves), and [`Presented`], its presentation
//! side (pictures, captions, controls, texts, exports). An adapter under `games/` implements
//! both over its pure engine; [`Table`](super::Table) dispatches to them.

use std::time::Duration;

use image::RgbImage;
use rand::{Rng, RngCore};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::error::GameError;
use super::page::PageBoard;
use super::scene::{Controls, Exports, Frame, Scene, Step};
use crate::app::text::Text;
use crate::app::vocab::Review;
use crate::ids::UserId;
use crate::locale::Locale;
use crate::render::Fonts;
use crate::store::{FirstPlayer, GameKind, GuildSettings, Level};

/// Why typed text is not exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misread<M> {
    /// It could mean any of these legal moves.
    Ambiguous(Vec<M>),
    /// It is not a move, or not a legal one: why.
    Refused(Text),
}

/// A game as the shell hosts it, its rules side: a position replayed from a record that
/// plays moves given as notation, knows whose turn it is and how the game ended, and chooses
/// the computer's moves. How it looks and reads is [`Presented`].
pub trait Hosted: Sized {
    /// The kind its records carry.
    const KIND: GameKind;
    /// The numbers of seats it can be played with.
    const SEATS: &'static [usize];
    /// Its rules, kept in records as JSON (see `GameRules`).
    type Rules: Serialize + DeserializeOwned + Clone + Default;
    /// One move.
    type Move: Copy + std::fmt::Display + std::str::FromStr;
    /// What a command chooses of a new game's rules (the server's defaults fill the rest).
    type Choice: Clone + PartialEq + std::fmt::Debug;
    /// The rules of a new game: the choice, else the server's defaults, else the game's own.
    fn rules_for(choice: &Self::Choice, server: &GuildSettings) -> Result<Self::Rules, GameError>;
    /// Makes the choice the server's default for new games.
    fn set_default(choice: &Self::Choice, server: &mut GuildSettings);
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
    /// The legal moves of the seat to move, each with the label its control shows.
    fn legal_moves(&self) -> Vec<(Self::Move, String)>;
    /// The numbers of seats a game with these rules can be played with (by default
    /// [`Hosted::SEATS`]).
    fn seat_counts(_rules: &Self::Rules) -> Vec<usize> {
        Self::SEATS.to_vec()
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
    /// Moves any seated player may make now, whoever's turn it is (Shogi's impasse claim),
    /// with their buttons' labels.
    fn claims(&self) -> Vec<(Self::Move, Text)> {
        Vec::new()
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
    fn toss(rng: &mut dyn RngCore, tosser: UserId, other: UserId) -> (bool, Text) {
        let first = rng.gen_bool(0.5);
        let winner = if first { tosser } else { other };
        (first, Text::FirstByCoin { winner })
    }
}

/// A game as the shell hosts it, its presentation side: its pictures, caption lines,
/// controls, rules and help texts, and what a finished board exports.
pub trait Presented: Hosted {
    /// The server's default rules, for the settings summary.
    fn default_rules(server: &GuildSettings) -> Text;
    /// Caption lines for what the last move did (empty before the first), or for a game that
    /// shows a run of moves, one line for each move from [`Scene::since`] on.
    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text>;
    /// Caption lines for how the board ended the game (before the shell's winner line).
    fn end_lines(&self, scene: &Scene<'_>) -> Vec<Text>;
    /// Caption lines for the score while the game goes on.
    fn score_lines(&self, scene: &Scene<'_>) -> Vec<Text>;
    /// The board picture; `frame` replaces the standing by a replay's progress.
    fn picture(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>) -> RgbImage;
    /// What the board picture shows, as alt text in the scene's language for a screen
    /// reader: whose turn, the last move, the position (see `text::alt`), within Discord's
    /// limit.
    fn description(&self, scene: &Scene<'_>) -> String;
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
    /// What each seat of a game of `seats` plays as, for a lobby (a colour); none for a game
    /// whose seats are only first and second.
    fn seat_names(_rules: &Self::Rules, _seats: usize, _locale: Locale) -> Vec<String> {
        Vec::new()
    }
    /// The steps of the board's private picker that lead to the legal move `mv`; none for a
    /// game whose board offers no picker.
    fn pick_steps(&self, _locale: Locale, _mv: &Self::Move) -> Vec<Step> {
        Vec::new()
    }
    /// The label of the button that shows a player the board from the other side, for a game
    /// whose picture has a side.
    fn flip_label() -> Option<Text> {
        None
    }
    /// The board picture from the other side (for a game with a [`Presented::flip_label`]).
    fn flipped_picture(&self, _fonts: &Fonts, _scene: &Scene<'_>) -> Option<RgbImage> {
        None
    }
    /// The board as the Activity's page draws it: position, last move and legal moves.
    fn page_board(&self) -> PageBoard;
    /// What the final board carries of the game's record: caption lines (a link to analyse
    /// it elsewhere) and files in the game's own formats.
    fn exports(&self, _scene: &Scene<'_>) -> Exports {
        Exports::default()
    }
}
