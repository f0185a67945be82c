//! Chinese checkers as the shell hosts it, for 2, 3, 4 or 6 seats: moves as `from-to` (or
//! `pass` where the rules make it the only move), the star-board picture with every word from
//! the catalogue, the legal moves as select menus, and the computer opponent.
//!
//! Decisions where the spec is silent: seat 0 is the player at N, who moves first (the shell
//! chooses who sits there), the others follow clockwise as the engine seats them; a seat that
//! resigns or runs out of time leaves its pegs on the board as obstacles and the rest play on
//! (see `Position::retire`); the start position is stored as the engine's position string.

use std::time::Duration;

use image::RgbImage;
use serde::{Deserialize, Serialize};

use super::{move_menus, Controls, Frame, Hosted, Scene, Situation};
use crate::app::text::{CheckersText, Text};
use crate::games::chinese_checkers::{self as cc, ai, Game, Player, Position};
use crate::render::chinese_checkers::{BoardView, PlayerPanel};
use crate::render::Fonts;
use crate::store::{GameKind, GuildSettings, Level};

/// The game's rules: the engine's options, stored as they serialise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckersRules(pub cc::Rules);

/// What a command chooses of the rules: the spec's defaults (options come with the lobby).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckersChoice;

/// A move, or a pass when it is the only thing the player can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckersMove {
    /// A peg's step or hop chain, `from-to`.
    Move(cc::Move),
    /// No move is possible.
    Pass,
}

impl std::fmt::Display for CheckersMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckersMove::Move(mv) => write!(f, "{mv}"),
            CheckersMove::Pass => f.write_str("pass"),
        }
    }
}

impl std::str::FromStr for CheckersMove {
    type Err = cc::ParseError;

    fn from_str(text: &str) -> Result<CheckersMove, cc::ParseError> {
        match text {
            "pass" => Ok(CheckersMove::Pass),
            other => other.parse().map(CheckersMove::Move),
        }
    }
}

/// A Chinese checkers game in play.
#[derive(Debug, Clone)]
pub struct CheckersTable {
    game: Game,
    /// The position the game started from.
    start: String,
    /// The last turn and the seat that took it (for the caption and the picture's path).
    last: Option<(usize, CheckersMove)>,
}

fn level(level: Level) -> ai::Level {
    match level {
        Level::Easy => ai::Level::Easy,
        Level::Medium => ai::Level::Medium,
        Level::Hard => ai::Level::Hard,
    }
}

impl CheckersTable {
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The picture's status line.
    fn status(&self, scene: &Scene<'_>) -> CheckersText {
        let name = |seat: usize| scene.names.get(seat).cloned().unwrap_or_default();
        match scene.situation {
            Situation::ToMove { seat, .. } => CheckersText::StatusToMove { name: name(*seat) },
            Situation::Forfeited { places, .. } | Situation::Over { places } => {
                let winners: Vec<String> = places
                    .iter()
                    .enumerate()
                    .filter(|&(_, &p)| p == 0)
                    .map(|(seat, _)| name(seat))
                    .collect();
                CheckersText::StatusWon {
                    names: winners.join(", "),
                }
            }
        }
    }
}

impl Hosted for CheckersTable {
    const KIND: GameKind = GameKind::ChineseCheckers;
    const SEATS: &'static [usize] = &[2, 3, 4, 6];
    type Rules = CheckersRules;
    type Move = CheckersMove;
    type Choice = CheckersChoice;

    fn rules_for(
        _choice: &CheckersChoice,
        _server: &GuildSettings,
    ) -> Result<CheckersRules, String> {
        Ok(CheckersRules::default())
    }

    fn set_default(_choice: &CheckersChoice, _server: &mut GuildSettings) {}

    fn default_rules(_server: &GuildSettings) -> Text {
        CheckersText::RulesName.into()
    }

    fn start(rules: &CheckersRules, seats: usize) -> Result<CheckersTable, String> {
        let position = Position::start(seats, rules.0).map_err(|e| e.to_string())?;
        Ok(CheckersTable {
            start: position.to_string(),
            game: Game::from_position(position),
            last: None,
        })
    }

    fn from_start(
        rules: &CheckersRules,
        start: &str,
        seats: usize,
    ) -> Result<CheckersTable, String> {
        let position = Position::parse(start, rules.0).map_err(|e| e.to_string())?;
        if position.players() != seats {
            return Err(format!("{} players for {seats} seats", position.players()));
        }
        Ok(CheckersTable {
            start: position.to_string(),
            game: Game::from_position(position),
            last: None,
        })
    }

    fn start_text(&self) -> String {
        self.start.clone()
    }

    fn to_move(&self) -> Option<usize> {
        if self.game.outcome().is_some() {
            return None;
        }
        Some(self.position().to_move().index())
    }

    fn play(&mut self, mv: CheckersMove) -> Result<(), Text> {
        let mover = self.position().to_move().index();
        let played = match mv {
            CheckersMove::Move(m) => self.game.play(&m),
            CheckersMove::Pass => self.game.pass(),
        };
        played.map_err(|why| {
            Text::from(CheckersText::Illegal {
                why: why.to_string(),
            })
        })?;
        let full = match (mv, self.game.last_move()) {
            (CheckersMove::Move(_), Some(full)) => CheckersMove::Move(*full),
            (other, _) => other,
        };
        self.last = Some((mover, full));
        Ok(())
    }

    fn retire(&mut self, seat: usize) {
        if let Ok(index) = u8::try_from(seat) {
            self.game.retire(Player::new(usize::from(index)));
        }
    }

    fn places(&self) -> Option<Vec<u8>> {
        let outcome = self.game.outcome()?;
        Some(
            (0..self.position().players())
                .map(|p| outcome.place(Player::new(p)).saturating_sub(1))
                .collect(),
        )
    }

    fn choose(&self, level: Level, budget: Duration, seed: u64) -> Option<CheckersMove> {
        let millis = u64::try_from(budget.as_millis()).unwrap_or(u64::MAX);
        let mut opponent = ai::Opponent::new(self::level(level), seed).with_budget_ms(millis);
        match opponent.choose(self.position()) {
            Some(mv) => Some(CheckersMove::Move(mv)),
            None if self.position().must_pass() => Some(CheckersMove::Pass),
            None => None,
        }
    }

    fn legal_moves(&self) -> Vec<(CheckersMove, String)> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        if self.position().must_pass() {
            return vec![(CheckersMove::Pass, String::from("pass"))];
        }
        self.position()
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let label = format!("{mv:#}");
                (CheckersMove::Move(mv), label)
            })
            .collect()
    }

    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        let Some((mover, last)) = &self.last else {
            return Vec::new();
        };
        let player = scene.ids.get(*mover).copied().unwrap_or_default();
        vec![match last {
            CheckersMove::Move(mv) => CheckersText::Moved {
                player,
                path: format!("{mv:#}"),
            },
            CheckersMove::Pass => CheckersText::Passed { player },
        }
        .into()]
    }

    fn end_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        Vec::new()
    }

    fn score_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        Vec::new()
    }

    fn picture(
        &self,
        fonts: &Fonts,
        _rules: &CheckersRules,
        scene: &Scene<'_>,
        frame: Option<Frame>,
    ) -> RgbImage {
        let locale = scene.locale;
        let position = self.position();
        let details: Vec<String> = (0..position.players())
            .map(|p| {
                let player = Player::new(p);
                Text::from(CheckersText::PegsHome {
                    home: position.pegs_home(player),
                })
                .render(locale)
            })
            .collect();
        let panels: Vec<PlayerPanel<'_>> = details
            .iter()
            .enumerate()
            .map(|(seat, detail)| PlayerPanel {
                name: scene.names.get(seat).map_or("", String::as_str),
                detail,
            })
            .collect();
        let title = Text::from(CheckersText::Title).render(locale);
        let status = match frame {
            Some(Frame { ply, plies }) => Text::ReplayFrame { ply, plies },
            None => self.status(scene).into(),
        }
        .render(locale);
        let footer = Text::from(CheckersText::Footer).render(locale);
        let last = match &self.last {
            Some((_, CheckersMove::Move(mv))) => Some(mv),
            _ => None,
        };
        let view = BoardView {
            position,
            last_move: last,
            turn: self
                .to_move()
                .filter(|_| !scene.situation.finished())
                .map(Player::new),
            title: &title,
            status: &status,
            players: &panels,
            footer: &footer,
        };
        crate::render::chinese_checkers::draw(fonts, &view)
    }

    /// The legal moves in select menus of at most 25, by the peg that moves.
    fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls {
        let Situation::ToMove { person: true, .. } = *scene.situation else {
            return Controls::default();
        };
        let placeholder = Text::from(CheckersText::PickMove).render(scene.locale);
        move_menus(scene, ply, &self.legal_moves(), &placeholder)
    }

    fn rules_text(_rules: &CheckersRules, in_play: bool) -> Text {
        CheckersText::RulesSummary { in_play }.into()
    }

    fn rules_name(_rules: &CheckersRules) -> Text {
        CheckersText::RulesName.into()
    }

    fn help() -> Text {
        CheckersText::Help.into()
    }

    /// The engine's `play` command, which reads `<position><TAB><move>` lines, from the start
    /// (the position string, then a tab, then each move in turn).
    fn engine_command(_rules: &CheckersRules, start: &str) -> String {
        format!("oaq-bot engine chinese-checkers play <<< \"{start}\"")
    }
}
