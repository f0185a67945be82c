//! Ô ăn quan as the shell hosts it: captions of what a move did, the board picture, two rows
//! of move buttons, the rules text and the computer opponent.

use std::time::Duration;

use image::RgbImage;
use serde_json::json;

use super::error::GameError;
use super::hosted::{Hosted, Presented};
use super::page::PageBoard;
use super::scene::{two_seat_places, Controls, Frame, Scene, Situation};
use crate::app::text::{alt, OaqText, Text};
use crate::app::vocab::{Action, Button, Notation, Style};
use crate::app::vocab::{Cost, Mistake, Review};
use crate::games::oaq::{
    self, Direction, EndReason, Event, Game, Move, Outcome, Position, Rules, Seat, Square,
};
use crate::render::oaq::{travels_right, BoardView, LastMove, PlayerPanel};
use crate::render::Fonts;
use crate::store::{GameKind, GuildSettings, Level};

/// The rules presets a command may choose (the Discord adapter names them through the app).
pub use crate::games::oaq::Preset;

/// What `/oaq challenge`, `/oaq play` and `/oaq settings` choose of the rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OaqChoice {
    /// The rules preset; `None`: the server's default, else standard.
    pub preset: Option<Preset>,
    /// The mandarin's value (10 or 5) if not the preset's; `None`: the server's default.
    pub quan_value: Option<u8>,
}

/// The server's default preset (stored by name; an unknown name reads as standard).
fn server_preset(server: &GuildSettings) -> Preset {
    server
        .preset
        .as_deref()
        .and_then(|name| name.parse().ok())
        .unwrap_or(Preset::Standard)
}

/// The rules of `preset`, with the mandarin's value changed if asked.
fn preset_rules(preset: Preset, quan_value: Option<u8>) -> Result<Rules, GameError> {
    let mut rules = preset.rules();
    if let Some(value) = quan_value {
        rules
            .set("quan_value", &value.to_string())
            .map_err(|e| GameError::Choice(e.to_string()))?;
    }
    Ok(rules)
}

/// An Ô ăn quan game in play: the engine's game, what the last move did, and who left.
#[derive(Debug, Clone)]
pub struct OaqTable {
    game: Game,
    /// The last move and its events.
    last: Option<(Move, Vec<Event>)>,
    /// The seat that resigned or ran out of time.
    retired: Option<Seat>,
}

fn seat(index: usize) -> Seat {
    if index == 0 {
        Seat::South
    } else {
        Seat::North
    }
}

/// The engine's level for the shell's.
pub fn level(level: Level) -> oaq::Level {
    match level {
        Level::Easy => oaq::Level::Easy,
        Level::Medium => oaq::Level::Medium,
        Level::Hard => oaq::Level::Hard,
    }
}

/// The squares whose contents a move captured.
fn captured(events: &[Event]) -> Vec<Square> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Capture { square, .. } => Some(square),
            _ => None,
        })
        .collect()
}

/// How the game ended on the board, from the last move's events.
fn game_end(events: &[Event]) -> Option<(EndReason, [u8; 2])> {
    events.iter().find_map(|e| match *e {
        Event::GameEnd {
            reason, collected, ..
        } => Some((reason, collected)),
        _ => None,
    })
}

/// `text` as a command-line value: bare when it has no spaces, quoted otherwise.
fn shell_word(text: &str) -> String {
    if text.contains(char::is_whitespace) || text.is_empty() {
        format!("\"{text}\"")
    } else {
        text.to_owned()
    }
}

/// The engine CLI's rules flags for `rules`: the closest preset plus a `--rule` per difference.
fn rule_flags(rules: &Rules) -> String {
    let fields = |r: &Rules| match serde_json::to_value(r) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let wanted = fields(rules);
    let differences = |preset: Preset| -> Vec<String> {
        let base = fields(&preset.rules());
        wanted
            .iter()
            .filter(|(key, value)| base.get(*key) != Some(value))
            .map(|(key, value)| match value {
                serde_json::Value::String(s) => format!("{key}={s}"),
                other => format!("{key}={other}"),
            })
            .collect()
    };
    let (preset, changes) = Preset::ALL
        .into_iter()
        .map(|p| (p, differences(p)))
        .min_by_key(|(_, d)| d.len())
        .unwrap_or((Preset::Standard, Vec::new()));
    let mut flags = format!("--rules {preset}");
    for change in changes {
        flags.push_str(&format!(" --rule {change}"));
    }
    flags
}

/// A move as its button shows it: the square's number from the mover's left, with an arrow
/// the way the stones travel on the picture (`← 2`, `3 →`).
fn label(mv: Move) -> String {
    let number = mv.square.label().unwrap_or(0);
    if travels_right(mv) {
        format!("{number} →")
    } else {
        format!("← {number}")
    }
}

impl OaqTable {
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The picture's status line.
    fn status(&self, scene: &Scene<'_>) -> Text {
        let position = self.position();
        let name = |s: Seat| scene.names[s.index()].clone();
        let points = |s: Seat| position.captured(s);
        let wins = |s: Seat| {
            Text::Oaq(OaqText::StatusWins {
                name: name(s),
                high: points(s),
                low: points(s.other()),
            })
        };
        let draw = || {
            Text::Oaq(OaqText::StatusDraw {
                points: points(Seat::South),
            })
        };
        match scene.situation {
            Situation::ToMove { seat: s, .. } => Text::Oaq(OaqText::StatusToMove {
                name: name(seat(*s)),
            }),
            Situation::Forfeited { loser, why, .. } => {
                let winner = seat(*loser).other();
                match why {
                    crate::store::Retirement::Resigned => {
                        Text::Oaq(OaqText::StatusResigned { name: name(winner) })
                    }
                    crate::store::Retirement::TimedOut => {
                        Text::Oaq(OaqText::StatusTimedOut { name: name(winner) })
                    }
                }
            }
            Situation::Over { .. } => match position.outcome() {
                Some(Outcome::Winner(s)) => wins(s),
                Some(Outcome::Draw) | None => draw(),
            },
        }
    }
}

impl Hosted for OaqTable {
    const KIND: GameKind = GameKind::Oaq;

    const SEATS: &'static [usize] = &[2];

    type Rules = Rules;

    type Move = Move;

    type Choice = OaqChoice;

    fn rules_for(choice: &OaqChoice, server: &GuildSettings) -> Result<Rules, GameError> {
        let preset = choice.preset.unwrap_or_else(|| server_preset(server));
        preset_rules(preset, choice.quan_value.or(server.quan_value))
    }

    fn set_default(choice: &OaqChoice, server: &mut GuildSettings) {
        if let Some(preset) = choice.preset {
            server.preset = Some(preset.to_string());
        }
        if let Some(value) = choice.quan_value {
            server.quan_value = Some(value);
        }
    }

    fn start(rules: &Rules, _seats: usize) -> Result<OaqTable, GameError> {
        Ok(OaqTable {
            game: Game::new(Position::start(*rules)),
            last: None,
            retired: None,
        })
    }

    fn from_start(rules: &Rules, start: &str, _seats: usize) -> Result<OaqTable, GameError> {
        let position =
            Position::parse(start, *rules).map_err(|e| GameError::Start(e.to_string()))?;
        Ok(OaqTable {
            game: Game::new(position),
            last: None,
            retired: None,
        })
    }

    fn rules(&self) -> Rules {
        *self.position().rules()
    }

    fn start_text(&self) -> String {
        self.game.start().to_string()
    }

    fn to_move(&self) -> Option<usize> {
        if self.retired.is_some() {
            return None;
        }
        self.position().to_move().map(Seat::index)
    }

    fn play(&mut self, mv: Move) -> Result<(), Text> {
        if self.retired.is_some() {
            return Err(Text::GameOver);
        }
        let events = self
            .game
            .play(mv)
            .map_err(|e| Text::Oaq(OaqText::Illegal(e)))?;
        self.last = Some((mv, events));
        Ok(())
    }

    fn retire(&mut self, index: usize) {
        self.retired.get_or_insert(seat(index));
    }

    fn places(&self) -> Option<Vec<u8>> {
        let left = self.retired.map(Seat::index);
        let winner = match left {
            Some(_) => None,
            None => match self.position().outcome()? {
                Outcome::Winner(winner) => Some(winner.index()),
                Outcome::Draw => None,
            },
        };
        Some(two_seat_places(left, winner))
    }

    fn choose(&self, level: Level, budget: Duration, seed: u64) -> Option<Move> {
        oaq::Player::new(self::level(level), seed)
            .with_budget(budget)
            .choose(self.position())
    }

    fn legal_moves(&self) -> Vec<(Move, String)> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        self.position()
            .legal_moves()
            .iter()
            .map(|&mv| (mv, label(mv)))
            .collect()
    }

    fn analysable() -> bool {
        true
    }

    fn review(&self, per_seat: usize) -> Option<Review> {
        let found = oaq::review(
            self.game.start(),
            self.game.moves(),
            oaq::REVIEW_DEPTH,
            per_seat,
        )
        .ok()?;
        let mistakes = found
            .into_iter()
            .map(|m| Mistake {
                number: m.ply + 1,
                seat: m.seat.index(),
                played: m.played.to_string(),
                better: m.better.to_string(),
                cost: match m.cost {
                    oaq::Cost::Points(halves) => Cost::Points(halves),
                    oaq::Cost::LostWin => Cost::LostWin,
                    oaq::Cost::IntoLoss => Cost::IntoLoss,
                },
            })
            .collect();
        Some(Review {
            depth: oaq::REVIEW_DEPTH,
            mistakes,
        })
    }
}

impl Presented for OaqTable {
    fn default_rules(server: &GuildSettings) -> Text {
        let rules = preset_rules(server_preset(server), server.quan_value)
            .unwrap_or_else(|_| Rules::default());
        Text::Oaq(OaqText::DefaultRules { rules })
    }

    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        let Some((mv, events)) = &self.last else {
            return Vec::new();
        };
        let mut relays = 0;
        let mut citizens = 0u32;
        let mut mandarins = (false, false);
        let mut refills: Vec<(Seat, u8)> = Vec::new();
        for event in events {
            match *event {
                Event::Relay { .. } | Event::TakeOne { .. } => relays += 1,
                Event::Capture {
                    square,
                    citizens: c,
                    quan,
                    ..
                } => {
                    citizens += u32::from(c);
                    if quan && square == Square::WEST {
                        mandarins.0 = true;
                    }
                    if quan && square == Square::EAST {
                        mandarins.1 = true;
                    }
                }
                Event::Refill { seat } => refills.push((seat, 0)),
                Event::Borrow { seat, points } => {
                    if let Some(entry) = refills.iter_mut().find(|(s, _)| *s == seat) {
                        entry.1 = points;
                    } else {
                        refills.push((seat, points));
                    }
                }
                Event::GameEnd { .. } | Event::Lift { .. } | Event::Sow { .. } => {}
            }
        }
        let mover = mv.square.owner().unwrap_or(Seat::South);
        let mut lines = vec![Text::Oaq(OaqText::MoveSummary {
            mover: scene.ids[mover.index()],
            label: mv.square.label().unwrap_or(0),
            right: travels_right(*mv),
            relays,
            citizens,
            mandarins,
        })];
        lines.extend(refills.into_iter().map(|(seat, borrowed)| {
            Text::Oaq(OaqText::Refilled {
                player: scene.ids[seat.index()],
                borrowed,
            })
        }));
        lines
    }

    fn end_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        let Some((reason, collected)) = self.last.as_ref().and_then(|(_, e)| game_end(e)) else {
            return Vec::new();
        };
        let mut lines = vec![Text::Oaq(OaqText::GameEnded { reason })];
        for seat in Seat::BOTH {
            let gathered = collected[seat.index()];
            lines.push(Text::Oaq(OaqText::FinalCount {
                name: scene.names[seat.index()].clone(),
                captured: self.position().captured(seat) - i16::from(gathered),
                collected: gathered,
            }));
        }
        lines
    }

    fn score_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        let points = |s: Seat| self.position().captured(s);
        vec![Text::Oaq(OaqText::Totals {
            south: scene.names[0].clone(),
            south_points: points(Seat::South),
            north: scene.names[1].clone(),
            north_points: points(Seat::North),
        })]
    }

    fn picture(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>) -> RgbImage {
        let locale = scene.locale;
        let position = self.position();
        let details = Seat::BOTH.map(|s| {
            Text::Oaq(OaqText::PanelCaptured {
                points: position.captured(s),
            })
            .render(locale)
        });
        let title = Text::Oaq(OaqText::BoardTitle {
            rules: *position.rules(),
        })
        .render(locale);
        let status = match frame {
            Some(Frame { ply, plies }) => Text::ReplayFrame { ply, plies },
            None => self.status(scene),
        }
        .render(locale);
        let last = self.last.as_ref().map(|(mv, events)| LastMove {
            mv: *mv,
            captured: captured(events),
        });
        let view = BoardView {
            position,
            // A finished game (also one resigned or timed out, whose position still has a
            // player to move) shows no turn marker.
            turn: self
                .to_move()
                .map(seat)
                .filter(|_| !scene.situation.finished()),
            players: [
                PlayerPanel {
                    name: &scene.names[0],
                    detail: &details[0],
                },
                PlayerPanel {
                    name: &scene.names[1],
                    detail: &details[1],
                },
            ],
            title: &title,
            status: &status,
            last: last.as_ref(),
        };
        crate::render::oaq::draw(fonts, &view)
    }

    /// Title, whose turn (or how it ended), the last move, then the ring in play order: South's
    /// squares, the East mandarin square, North's squares, the West mandarin square; then the
    /// captured totals.
    fn description(&self, scene: &Scene<'_>) -> String {
        let locale = scene.locale;
        let position = self.position();
        let name = |s: Seat| scene.names.get(s.index()).map_or("", String::as_str);
        let mut sentences = vec![alt::oaq_title(locale)];
        sentences.push(match scene.situation {
            Situation::ToMove { seat: s, .. } => alt::to_move(locale, name(seat(*s))),
            _ => alt::status(locale, &self.status(scene).render(locale)),
        });
        if let Some((mv, _)) = &self.last {
            let mover = mv.square.owner().unwrap_or(Seat::South);
            sentences.push(alt::oaq_last(
                locale,
                name(mover),
                mv.square.label().unwrap_or(0),
                travels_right(*mv),
            ));
        }
        let row = |s: Seat| {
            let stones: Vec<u8> = s.squares().map(|q| position.citizens(q)).collect();
            alt::oaq_row(locale, name(s), &stones)
        };
        let mandarin = |q: Square| {
            alt::oaq_mandarin(
                locale,
                q == Square::WEST,
                position.citizens(q),
                position.has_quan(q),
            )
        };
        sentences.extend([
            row(Seat::South),
            mandarin(Square::EAST),
            row(Seat::North),
            mandarin(Square::WEST),
            alt::oaq_captured(
                locale,
                [name(Seat::South), name(Seat::North)],
                Seat::BOTH.map(|s| position.captured(s)),
            ),
        ]);
        alt::fit(locale, &sentences)
    }

    /// Two rows of five move buttons for the player to move (stones travelling left on the
    /// picture, then right), in the order the squares appear on the picture. None while the
    /// computer is to move.
    fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls {
        let Situation::ToMove {
            seat: index,
            person: true,
        } = *scene.situation
        else {
            return Controls::default();
        };
        let mover = seat(index);
        let position = self.position();
        let mut squares: Vec<Square> = mover.squares().collect();
        if mover == Seat::North {
            // North's squares 7..11 appear right to left on the picture.
            squares.reverse();
        }
        let rows = [false, true]
            .into_iter()
            .map(|screen_right| {
                squares
                    .iter()
                    .filter_map(|&square| {
                        let direction = if (mover == Seat::South) == screen_right {
                            Direction::Right
                        } else {
                            Direction::Left
                        };
                        let mv = Move::new(square, direction);
                        Some(Button {
                            action: Action::Play {
                                game: scene.game,
                                ply,
                                mv: Notation::of(mv).ok()?,
                            },
                            label: label(mv),
                            style: Style::Primary,
                            disabled: !position.is_legal(mv),
                        })
                    })
                    .collect()
            })
            .collect();
        Controls {
            selects: Vec::new(),
            rows,
        }
    }

    fn rules_text(rules: &Rules, in_play: bool) -> Text {
        Text::Oaq(OaqText::RulesSummary {
            rules: *rules,
            in_play,
        })
    }

    fn rules_name(rules: &Rules) -> Text {
        Text::Oaq(OaqText::RulesName { rules: *rules })
    }

    fn help() -> Text {
        OaqText::Help.into()
    }

    fn engine_command(rules: &Rules, start: &str) -> String {
        format!(
            "oaq-bot engine oaq play {} --from {}",
            rule_flags(rules),
            shell_word(start)
        )
    }

    fn page_board(&self) -> PageBoard {
        let moves = self.game.moves();
        // What the last move did, from the position before it, for the page to sow it again.
        let last = self.last.as_ref().and_then(|(mv, events)| {
            let before = Game::replay(*self.game.start(), &moves[..moves.len() - 1]).ok()?;
            let mover = before.position().to_move()?;
            Some(json!({
                "move": mv.to_string(),
                "seat": mover.index(),
                "before": page_position(before.position()),
                "events": events.iter().map(page_event).collect::<Vec<_>>(),
            }))
        });
        let moves = if self.to_move().is_some() {
            self.position()
                .legal_moves()
                .iter()
                .map(|mv| {
                    json!({
                        "move": mv.to_string(),
                        "square": mv.square.index(),
                        "dir": mv.direction.sign().to_string(),
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        PageBoard {
            position: page_position(self.position()),
            last,
            moves,
            seats: Vec::new(),
        }
    }
}

/// A position as the page draws it: citizens by ring index, the two mandarins (squares 0 and
/// 6), each player's captured points (South, North) and a mandarin's worth.
fn page_position(position: &Position) -> serde_json::Value {
    json!({
        "citizens": Square::all().map(|s| position.citizens(s)).collect::<Vec<_>>(),
        "quans": [position.has_quan(Square::WEST), position.has_quan(Square::EAST)],
        "captured": [position.captured(Seat::South), position.captured(Seat::North)],
        "quan_value": position.rules().quan_value,
    })
}

/// One step of a move as the page animates it; the game's end is shown by the position.
fn page_event(event: &Event) -> serde_json::Value {
    match *event {
        Event::Lift { square, citizens } => {
            json!({"kind": "lift", "square": square.index(), "count": citizens})
        }
        Event::Sow { square } => json!({"kind": "sow", "square": square.index()}),
        Event::Relay { square, citizens } => {
            json!({"kind": "relay", "square": square.index(), "count": citizens})
        }
        Event::TakeOne { square } => json!({"kind": "take_one", "square": square.index()}),
        Event::Capture {
            square,
            citizens,
            quan,
            points,
        } => json!({
            "kind": "capture", "square": square.index(), "count": citizens, "quan": quan,
            "points": points,
        }),
        Event::Refill { seat } => json!({"kind": "refill", "seat": seat.index()}),
        Event::Borrow { seat, points } => {
            json!({"kind": "borrow", "seat": seat.index(), "points": points})
        }
        Event::GameEnd { .. } => json!({"kind": "end"}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_flags_rebuild_the_rules_through_the_cli_options() {
        for preset in Preset::ALL {
            for quan in ["10", "5"] {
                for refill in ["borrow", "lose", "end"] {
                    let mut rules = preset.rules();
                    rules.set("quan_value", quan).expect("quan");
                    rules.set("refill_short", refill).expect("refill");
                    let flags = rule_flags(&rules);
                    let mut words = flags.split(' ');
                    let mut rebuilt = Rules::standard();
                    while let Some(flag) = words.next() {
                        let value = words.next().expect("a value");
                        match flag {
                            "--rules" => rebuilt = value.parse::<Preset>().expect("preset").rules(),
                            "--rule" => rebuilt.set_pair(value).expect("rule"),
                            other => panic!("unexpected flag {other}"),
                        }
                    }
                    assert_eq!(rebuilt, rules, "{flags}");
                }
            }
        }
    }
}
