//! Shogi as the shell hosts it: the engine's game replayed from USI moves, captions in
//! Western notation, the kanji board picture drawn from sente's side, the legal moves as select
//! menus, and the computer opponent.
//!
//! Decisions where the spec is silent: a stored start position is an SFEN; the standard game has
//! no rule options (its rules are stored as `{}`); the board picker offers the legal moves in
//! select menus of 25, grouped by the piece that moves (board pieces by square, then drops), as
//! many menus as fit on a message — the rest, and every move in any form a player types, go
//! through `move` with its suggestions.

use std::time::Duration;

use image::RgbImage;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{move_menus, two_seat_places, Controls, Frame, Hosted, Scene, Situation};
use crate::app::text::{ShogiText, Text};
use crate::games::shogi::{self, ai, human, Game, Move, Position};
use crate::render::shogi::{BoardView, Highlights, Words};
use crate::render::Fonts;
use crate::store::{GameKind, GuildSettings, Level};

/// Shogi's rules: the standard game, which has no options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShogiRules {}

/// What a command chooses of Shogi's rules: nothing yet (handicaps would go here).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShogiChoice;

/// A Shogi game in play: the engine's game and the seat that left, if one did.
#[derive(Debug, Clone)]
pub struct ShogiTable {
    game: Game,
    retired: Option<usize>,
}

/// The engine's level for the shell's.
fn level(level: Level) -> ai::Level {
    match level {
        Level::Easy => ai::Level::Easy,
        Level::Medium => ai::Level::Medium,
        Level::Hard => ai::Level::Hard,
    }
}

impl ShogiTable {
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The picture's status line.
    fn status(&self, scene: &Scene<'_>) -> ShogiText {
        let name = |seat: usize| scene.names.get(seat).cloned().unwrap_or_default();
        match scene.situation {
            Situation::ToMove { seat, .. } => ShogiText::StatusToMove { name: name(*seat) },
            Situation::Forfeited { loser, why, .. } => ShogiText::StatusForfeit {
                name: name(1 - (*loser).min(1)),
                why: *why,
            },
            Situation::Over { .. } => match self.game.outcome() {
                Some(outcome) => ShogiText::StatusOver {
                    winner: outcome.winner().map(|c| name(c.index())),
                    outcome,
                },
                None => ShogiText::StatusToMove {
                    name: name(self.position().turn().index()),
                },
            },
        }
    }
}

impl Hosted for ShogiTable {
    const KIND: GameKind = GameKind::Shogi;
    const SEATS: &'static [usize] = &[2];
    type Rules = ShogiRules;
    type Move = Move;
    type Choice = ShogiChoice;

    fn rules_for(_choice: &ShogiChoice, _server: &GuildSettings) -> Result<ShogiRules, String> {
        Ok(ShogiRules {})
    }

    fn set_default(_choice: &ShogiChoice, _server: &mut GuildSettings) {}

    fn default_rules(_server: &GuildSettings) -> Text {
        ShogiText::RulesName.into()
    }

    fn start(_rules: &ShogiRules, _seats: usize) -> Result<ShogiTable, String> {
        Ok(ShogiTable {
            game: Game::new(Position::new()),
            retired: None,
        })
    }

    fn from_start(_rules: &ShogiRules, start: &str, _seats: usize) -> Result<ShogiTable, String> {
        let position: Position = start.parse().map_err(|e: shogi::SfenError| e.to_string())?;
        Ok(ShogiTable {
            game: Game::new(position),
            retired: None,
        })
    }

    fn start_text(&self) -> String {
        self.game.start().to_sfen()
    }

    fn to_move(&self) -> Option<usize> {
        if self.retired.is_some() || self.game.outcome().is_some() {
            return None;
        }
        Some(self.position().turn().index())
    }

    fn play(&mut self, mv: Move) -> Result<(), Text> {
        if self.retired.is_some() {
            return Err(Text::GameOver);
        }
        match self.game.play(mv) {
            Ok(_) => Ok(()),
            Err(shogi::GameError::GameOver(_)) => Err(Text::GameOver),
            Err(shogi::GameError::Illegal(why)) => Err(ShogiText::Illegal(why).into()),
        }
    }

    fn retire(&mut self, seat: usize) {
        self.retired.get_or_insert(seat);
    }

    fn places(&self) -> Option<Vec<u8>> {
        let winner = match self.retired {
            Some(_) => None,
            None => self.game.outcome()?.winner().map(|c| c.index()),
        };
        Some(two_seat_places(self.retired, winner))
    }

    fn choose(&self, level: Level, budget: Duration, seed: u64) -> Option<Move> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        ai::Player::Engine(self::level(level)).choose(&self.game, Some(budget), &mut rng)
    }

    fn legal_moves(&self) -> Vec<(Move, String)> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        let position = self.position();
        position
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, human::to_western(position, mv)))
            .collect()
    }

    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        let (Some(mv), Some(before)) = (
            self.game.last_move(),
            self.game.positions().iter().rev().nth(1),
        ) else {
            return Vec::new();
        };
        let mover = before.turn().index();
        let mut lines = vec![ShogiText::Moved {
            player: scene.ids.get(mover).copied().unwrap_or_default(),
            western: human::to_western(before, mv),
        }
        .into()];
        if self.position().is_check() && self.game.outcome().is_none() {
            lines.push(ShogiText::Check.into());
        }
        lines
    }

    fn end_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        self.game
            .outcome()
            .map(|outcome| ShogiText::Ended { outcome }.into())
            .into_iter()
            .collect()
    }

    fn score_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        Vec::new()
    }

    fn picture(
        &self,
        fonts: &Fonts,
        _rules: &ShogiRules,
        scene: &Scene<'_>,
        frame: Option<Frame>,
    ) -> RgbImage {
        let locale = scene.locale;
        let status = match frame {
            Some(Frame { ply, plies }) => Text::ReplayFrame { ply, plies },
            None => self.status(scene).into(),
        }
        .render(locale);
        let empty_hand = Text::from(ShogiText::EmptyHand).render(locale);
        let check = Text::from(ShogiText::Check).render(locale);
        let name = |seat: usize| scene.names.get(seat).map_or("", String::as_str);
        let view = BoardView {
            position: self.position(),
            highlights: Highlights {
                last_move: self.game.last_move(),
                outcome: self.game.outcome(),
                from_gote: false,
            },
            words: Words {
                sente: name(0),
                gote: name(1),
                empty_hand: &empty_hand,
                status: &status,
                check: &check,
            },
        };
        crate::render::shogi::draw(fonts, &view)
    }

    /// The legal moves in select menus of at most 25, one menu per group of pieces (the board
    /// pieces by square, then the drops), as many as leave a row for the shell's buttons.
    fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls {
        let Situation::ToMove { person: true, .. } = *scene.situation else {
            return Controls::default();
        };
        let mut moves = self.legal_moves();
        // Board moves before drops, each group by the square it starts from.
        moves.sort_by_key(|(mv, _)| match *mv {
            Move::Normal { from, .. } => (0, from.to_string()),
            Move::Drop { role, .. } => (1, role.letter().to_string()),
        });
        let placeholder = Text::from(ShogiText::PickMove).render(scene.locale);
        move_menus(scene, ply, &moves, &placeholder)
    }

    fn rules_text(_rules: &ShogiRules, in_play: bool) -> Text {
        ShogiText::RulesSummary { in_play }.into()
    }

    fn rules_name(_rules: &ShogiRules) -> Text {
        ShogiText::RulesName.into()
    }

    fn help() -> Text {
        ShogiText::Help.into()
    }

    /// A USI `position` command: with the moves that follow it, it sets up the game in any
    /// USI engine or shogi GUI.
    fn engine_command(_rules: &ShogiRules, start: &str) -> String {
        format!("position sfen {start} moves")
    }
}
