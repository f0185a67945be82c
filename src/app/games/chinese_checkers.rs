//! Chinese checkers as the shell hosts it, for 2, 3, 4 or 6 seats (or 3 players with two sets
//! each, 2 with three): moves as `from-to` (or `pass` where the rules make it the only move),
//! the star-board picture with every word from the catalogue, a private picker (a peg, then
//! where it goes: a step or the end of a hop chain), and the computer opponent.
//!
//! Decisions where the spec is silent:
//! - Seats sit clockwise from N as the engine seats them for their number (a lobby seats its
//!   players in the order they sat down); the seat the toss chooses moves first, then play
//!   goes clockwise ([`Hosted::first_seat`]).
//! - A seat that resigns or runs out of time leaves the game: its pegs stay on the board as
//!   obstacles and the rest play on (see `Position::retire`; the spec has no option for
//!   leaving, and removing the pegs would change the board under the others). Those who left
//!   share the last place; the others are ranked by the order they got home, then by the
//!   rules' tie-breaks (pegs home, then distance to go).
//! - The start position is stored as the engine's position string.
//! - A board describes the run of moves the shell chooses ([`Scene::since`], see
//!   `app/runs.rs`): a caption line for each, and each path drawn, the last in ink as before,
//!   the earlier ones in the colour of the set that moved.

use std::time::Duration;

use image::RgbImage;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::error::GameError;
use super::hosted::{Hosted, Presented};
use super::page::PageBoard;
use super::scene::{picker_controls, Controls, Frame, Scene, Situation, Step};
use crate::app::text::{alt, CheckersText, Locale, Text};
use crate::games::chinese_checkers::{
    self as cc, ai, Game, LongJumps, Move, Player, Position, Triangle,
};
use crate::render::chinese_checkers::{set_colour, BoardView, PlayerPanel};
use crate::render::Fonts;
use crate::store::{GameKind, GuildSettings, Level};

/// The rule options a command may choose (the Discord adapter names them through the app).
pub use crate::games::chinese_checkers::{AntiSpoil, ForeignStop, GoalLock};

/// The game's rules: the engine's options, stored as they serialise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckersRules(pub cc::Rules);

/// What a command chooses of the rules; what it leaves out keeps the spec's default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckersChoice {
    /// Sets of pegs per player (1; 2 for three players; 3 for two).
    pub sets: Option<u8>,
    /// After the first player is home, the others play on for the next places.
    pub play_on: Option<bool>,
    /// What happens when an opponent's peg sits in your goal.
    pub anti_spoil: Option<AntiSpoil>,
    /// Where a peg that reached its goal may still go.
    pub goal_lock: Option<GoalLock>,
    /// Where pegs may come to rest outside their own triangles.
    pub foreign_stop: Option<ForeignStop>,
    /// Super Chinese checkers' long hops.
    pub long_jumps: Option<bool>,
}

impl CheckersChoice {
    /// The engine's rules: the spec's defaults with this choice on top.
    pub fn rules(&self) -> cc::Rules {
        let mut rules = cc::Rules::default();
        if let Some(sets) = self.sets {
            rules.sets = sets;
        }
        if let Some(play_on) = self.play_on {
            rules.play_on = play_on;
        }
        if let Some(anti_spoil) = self.anti_spoil {
            rules.anti_spoil = anti_spoil;
        }
        if let Some(goal_lock) = self.goal_lock {
            rules.goal_lock = goal_lock;
        }
        if let Some(foreign_stop) = self.foreign_stop {
            rules.foreign_stop = foreign_stop;
        }
        if let Some(long_jumps) = self.long_jumps {
            rules.long_jumps = if long_jumps {
                LongJumps::Midpoint
            } else {
                LongJumps::Off
            };
        }
        rules
    }
}

/// The options that differ from the spec's defaults, as the engine writes them
/// (`play_on=true sets=2`): notation, the same in every language.
fn options(rules: &cc::Rules) -> String {
    let (Ok(serde_json::Value::Object(chosen)), Ok(serde_json::Value::Object(default))) = (
        serde_json::to_value(rules),
        serde_json::to_value(cc::Rules::default()),
    ) else {
        return String::new();
    };
    chosen
        .iter()
        .filter(|(key, value)| default.get(*key) != Some(value))
        .map(|(key, value)| match value {
            serde_json::Value::String(text) => format!("{key}={text}"),
            other => format!("{key}={other}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

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
    /// Every turn taken, in order (a board captions and draws the run it shows).
    played: Vec<Played>,
}

/// A turn taken: by which seat, the move with its whole hop path, and the set of the peg
/// it moved (for the colour of its path).
#[derive(Debug, Clone, Copy)]
struct Played {
    seat: usize,
    mv: CheckersMove,
    set: Option<Triangle>,
}

/// The pegs of a set (a triangle's holes).
const PEGS_PER_SET: u32 = 10;

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

    /// The turns a board describes: from [`Scene::since`] on, and at least the last.
    fn described(&self, scene: &Scene<'_>) -> &[Played] {
        let from = scene.since.min(self.played.len().saturating_sub(1));
        &self.played[from..]
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
        choice: &CheckersChoice,
        _server: &GuildSettings,
    ) -> Result<CheckersRules, GameError> {
        Ok(CheckersRules(choice.rules()))
    }

    /// Servers keep no default rules of their own for Chinese checkers: every table chooses.
    fn set_default(_choice: &CheckersChoice, _server: &mut GuildSettings) {}

    /// One set each: 2, 3, 4 or 6 players; two sets each: 3; three sets each: 2.
    fn seat_counts(rules: &CheckersRules) -> Vec<usize> {
        match rules.0.sets {
            2 => vec![3],
            3 => vec![2],
            _ => Self::SEATS.to_vec(),
        }
    }

    fn first_seat(&mut self, seat: usize) -> Result<(), GameError> {
        if seat >= self.position().players() {
            return Err(GameError::FirstSeat(seat));
        }
        let position = self.position().with_first_player(Player::new(seat));
        self.start = position.to_string();
        self.game = Game::from_position(position);
        Ok(())
    }

    fn start(rules: &CheckersRules, seats: usize) -> Result<CheckersTable, GameError> {
        let position =
            Position::start(seats, rules.0).map_err(|e| GameError::Setup(e.to_string()))?;
        Ok(CheckersTable {
            start: position.to_string(),
            game: Game::from_position(position),
            played: Vec::new(),
        })
    }

    fn from_start(
        rules: &CheckersRules,
        start: &str,
        seats: usize,
    ) -> Result<CheckersTable, GameError> {
        let position =
            Position::parse(start, rules.0).map_err(|e| GameError::Start(e.to_string()))?;
        if position.players() != seats {
            return Err(GameError::Start(format!(
                "{} players for {seats} seats",
                position.players()
            )));
        }
        Ok(CheckersTable {
            start: position.to_string(),
            game: Game::from_position(position),
            played: Vec::new(),
        })
    }

    fn rules(&self) -> CheckersRules {
        CheckersRules(*self.position().rules())
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
        let (full, set) = match (mv, self.game.last_move()) {
            (CheckersMove::Move(_), Some(full)) => {
                (CheckersMove::Move(*full), self.position().peg_at(full.to()))
            }
            (other, _) => (other, None),
        };
        self.played.push(Played {
            seat: mover,
            mv: full,
            set,
        });
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
}

impl Presented for CheckersTable {
    fn default_rules(_server: &GuildSettings) -> Text {
        Self::rules_name(&CheckersRules::default())
    }

    /// Each seat's colours (one per set) and where its first set starts.
    fn seat_names(rules: &CheckersRules, seats: usize, locale: Locale) -> Vec<String> {
        let Ok(position) = Position::start(seats, rules.0) else {
            return Vec::new();
        };
        (0..seats)
            .map(|seat| {
                position
                    .home_triangles(Player::new(seat))
                    .map(|t| {
                        Text::from(CheckersText::Colour {
                            triangle: t.index() as u8,
                        })
                        .render(locale)
                    })
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .collect()
    }

    /// A line for each move from [`Scene::since`] on (at least the last move): computer
    /// seats move one after another, and the board shows their whole run.
    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        self.described(scene)
            .iter()
            .map(|turn| {
                let player = scene.who(turn.seat);
                match turn.mv {
                    CheckersMove::Move(mv) => CheckersText::Moved {
                        player,
                        path: format!("{mv:#}"),
                    },
                    CheckersMove::Pass => CheckersText::Passed { player },
                }
                .into()
            })
            .collect()
    }

    fn end_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        Vec::new()
    }

    fn score_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        Vec::new()
    }

    fn picture(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>) -> RgbImage {
        let locale = scene.locale;
        let position = self.position();
        let outcome = self.game.outcome();
        let details: Vec<String> = (0..position.players())
            .map(|p| {
                let player = Player::new(p);
                let detail = if position.is_retired(player) {
                    CheckersText::DetailLeft
                } else if let Some(place) = outcome
                    .map(|o| o.place(player))
                    .or_else(|| position.place(player))
                {
                    CheckersText::DetailPlace { place }
                } else {
                    CheckersText::PegsHome {
                        home: position.pegs_home(player),
                    }
                };
                Text::from(detail).render(locale)
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
        let mut paths: Vec<(Move, Option<Triangle>)> = self
            .described(scene)
            .iter()
            .filter_map(|turn| match turn.mv {
                CheckersMove::Move(mv) => Some((mv, turn.set)),
                CheckersMove::Pass => None,
            })
            .collect();
        let last = match self.played.last() {
            Some(Played {
                mv: CheckersMove::Move(_),
                ..
            }) => paths.pop().map(|(mv, _)| mv),
            _ => None,
        };
        let view = BoardView {
            position,
            last_move: last.as_ref(),
            turn: self
                .to_move()
                .filter(|_| !scene.situation.finished())
                .map(Player::new),
            title: &title,
            status: &status,
            players: &panels,
            footer: &footer,
        };
        crate::render::chinese_checkers::draw_run(fonts, &view, &paths)
    }

    /// Title, whose turn (or who won), each seat (colours, pegs home and still to bring
    /// home, whether it finished or left), then the run of moves the board shows, oldest first.
    fn description(&self, scene: &Scene<'_>) -> String {
        let locale = scene.locale;
        let position = self.position();
        let outcome = self.game.outcome();
        let name = |seat: usize| scene.names.get(seat).map_or("", String::as_str);
        let mut sentences = vec![alt::checkers_title(locale, position.players())];
        sentences.push(match scene.situation {
            Situation::ToMove { seat, .. } => alt::to_move(locale, name(*seat)),
            _ => alt::status(locale, &Text::from(self.status(scene)).render(locale)),
        });
        for seat in 0..position.players() {
            let player = Player::new(seat);
            let colour = position
                .home_triangles(player)
                .map(|t| {
                    Text::from(CheckersText::Colour {
                        triangle: t.index() as u8,
                    })
                    .render(locale)
                })
                .collect::<Vec<_>>()
                .join(" + ");
            let pegs: u32 = position
                .home_triangles(player)
                .map(|t| t.holes().count() as u32)
                .sum();
            let home = position.pegs_home(player);
            let state = if position.is_retired(player) {
                alt::SeatState::Left
            } else if let Some(place) = outcome
                .map(|o| o.place(player))
                .or_else(|| position.place(player))
            {
                alt::SeatState::Place(place)
            } else {
                alt::SeatState::Playing
            };
            sentences.push(alt::checkers_seat(
                locale,
                name(seat),
                &colour,
                home,
                pegs.saturating_sub(home),
                state,
            ));
        }
        if !self.played.is_empty() {
            sentences.extend(self.described(scene).iter().map(|turn| {
                let path = match turn.mv {
                    CheckersMove::Move(mv) => Some(format!("{mv:#}")),
                    CheckersMove::Pass => None,
                };
                alt::checkers_move(locale, name(turn.seat), path.as_deref())
            }));
        }
        alt::fit(locale, &sentences)
    }

    /// The *Pick a move* button for the player to move.
    fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls {
        picker_controls(scene, ply)
    }

    /// First the peg (`D2`), then where it goes: a step, or the last hole of a hop chain
    /// (shown with its path); a forced pass is one step.
    fn pick_steps(&self, locale: Locale, mv: &CheckersMove) -> Vec<Step> {
        match mv {
            CheckersMove::Pass => vec![Step {
                key: String::from("pass"),
                label: Text::from(CheckersText::PassLabel).render(locale),
            }],
            CheckersMove::Move(m) => {
                let from = m.from().to_string();
                let to = m.to().to_string();
                let target = if m.is_step() {
                    CheckersText::StepTo { to: to.clone() }
                } else {
                    CheckersText::HopsTo {
                        to: to.clone(),
                        path: format!("{m:#}"),
                    }
                };
                vec![
                    Step {
                        label: Text::from(CheckersText::PegLabel { hole: from.clone() })
                            .render(locale),
                        key: from,
                    },
                    Step {
                        key: to,
                        label: Text::from(target).render(locale),
                    },
                ]
            }
        }
    }

    fn rules_text(rules: &CheckersRules, in_play: bool) -> Text {
        CheckersText::RulesSummary {
            in_play,
            options: options(&rules.0),
        }
        .into()
    }

    fn rules_name(rules: &CheckersRules) -> Text {
        CheckersText::RulesName {
            options: options(&rules.0),
        }
        .into()
    }

    fn help() -> Text {
        CheckersText::Help.into()
    }

    /// The engine's `replay` command from the start, with the options that differ from the
    /// defaults; it reads the record's moves (and `left:<n>` where a player left).
    fn engine_command(rules: &CheckersRules, start: &str) -> String {
        let options: String = options(&rules.0)
            .split_whitespace()
            .map(|option| format!(" --rule {option}"))
            .collect();
        format!("oaq-bot engine chinese-checkers replay --start \"{start}\"{options}")
    }

    /// The holes as the position string has them, each seat's sets, colour and pegs home,
    /// and every move with its hop path.
    fn page_board(&self) -> PageBoard {
        let position = self.position();
        let players = (0..position.players()).map(Player::new);
        let seats: Vec<serde_json::Value> = players
            .map(|player| {
                let sets: Vec<usize> = position.home_triangles(player).map(|t| t.index()).collect();
                let home = position.pegs_home(player);
                let [r, g, b] = set_colour(sets.first().copied().unwrap_or(0));
                json!({
                    "sets": sets,
                    "colour": format!("#{r:02x}{g:02x}{b:02x}"),
                    "home": home,
                    "left": (sets.len() as u32 * PEGS_PER_SET).saturating_sub(home),
                })
            })
            .collect();
        let holes = position.to_string();
        let holes = holes.split(' ').next().unwrap_or_default();
        let moves = self
            .legal_moves()
            .into_iter()
            .map(|(mv, _)| match mv {
                CheckersMove::Move(mv) => json!({
                    "move": mv.to_string(),
                    "from": mv.from().to_string(),
                    "to": mv.to().to_string(),
                    "path": mv.path().map(|h| h.to_string()).collect::<Vec<_>>(),
                }),
                CheckersMove::Pass => json!({"move": mv.to_string()}),
            })
            .collect();
        let last = self.played.last().map(|played| match played.mv {
            CheckersMove::Move(mv) => json!({
                "move": mv.to_string(),
                "path": mv.path().map(|h| h.to_string()).collect::<Vec<_>>(),
                "seat": played.seat,
            }),
            CheckersMove::Pass => json!({"move": played.mv.to_string(), "seat": played.seat}),
        });
        PageBoard {
            position: json!({
                "holes": holes,
                "sets": seats.iter().map(|s| s["sets"].clone()).collect::<Vec<_>>(),
            }),
            last,
            moves,
            seats,
        }
    }
}
