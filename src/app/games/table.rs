//! [`Table`], a game of any kind replayed: the one enum that dispatches to the adapters (in
//! the manner of shakmaty's `VariantPosition`), the shell's one handle on the rules.

use std::time::Duration;

use image::RgbImage;
use rand::RngCore;

use super::error::GameError;
use super::hosted::{Hosted, Misread, Presented};
use super::page::PageBoard;
use super::rules::GameRules;
use super::scene::{Controls, Exports, Frame, Pick, Scene};
use super::{chinese_checkers, oaq, shogi};
use crate::app::text::Text;
use crate::app::vocab::Choice;
use crate::app::vocab::Review;
use crate::ids::{GameId, UserId};
use crate::locale::Locale;
use crate::render::Fonts;
use crate::store::{FirstPlayer, GameKind, GameRecord, Level};

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
fn replay_error(game: GameId) -> impl Fn(GameError) -> GameError {
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

    /// What the board picture shows, as alt text (see [`Presented::description`]).
    pub fn description(&self, scene: &Scene<'_>) -> String {
        each!(self, t => t.description(scene))
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

    /// The board as the Activity's page draws it.
    pub fn page_board(&self) -> PageBoard {
        each!(self, table => table.page_board())
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
    pub fn toss(
        kind: GameKind,
        rng: &mut dyn RngCore,
        tosser: UserId,
        other: UserId,
    ) -> (bool, Text) {
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
