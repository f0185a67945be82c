//! A game loaded from the store and replayed through its adapter, and the board message drawn
//! from it: caption, picture and buttons.

use super::games::{Controls, Scene, Situation, Table};
use super::{rematch, Action, App, Attachment, Button, Fail, Locale, Msg, Shown, Style, Text};
use crate::store::{GameRecord, Retirement, StoreError, Stored};

/// A game loaded from the store and replayed.
pub(super) struct Loaded {
    pub(super) stored: Stored<GameRecord>,
    pub(super) table: Table,
}

/// The one seat with the first place, if exactly one has it.
pub(super) fn sole_winner(places: &[u8]) -> Option<usize> {
    let mut first = places.iter().enumerate().filter(|(_, &p)| p == 0);
    match (first.next(), first.next()) {
        (Some((seat, _)), None) => Some(seat),
        _ => None,
    }
}

/// How a stored game replayed to `table` stands.
pub(super) fn situation(record: &GameRecord, table: &Table) -> Situation {
    if let Some(places) = table.places() {
        let plies = record.moves.len() as u32;
        return match record.retired.iter().rev().find(|r| r.ply == plies) {
            Some(r) => Situation::Forfeited {
                loser: r.seat,
                why: r.why,
                places,
            },
            None => Situation::Over { places },
        };
    }
    match table.to_move() {
        Some(seat) => Situation::ToMove {
            seat,
            person: record.seats.get(seat).is_some_and(|p| p.computer.is_none()),
        },
        // A game the board has not ended always has a seat to move; describe anything
        // else as a draw rather than fail.
        None => Situation::Over {
            places: vec![0; record.seats.len()],
        },
    }
}

impl Loaded {
    /// How the game stands.
    pub(super) fn situation(&self) -> Situation {
        situation(&self.stored.record, &self.table)
    }

    pub(super) fn finished(&self) -> bool {
        self.table.places().is_some()
    }

    /// The state of the game as drawn now.
    pub(super) fn shown(&self) -> Shown {
        Shown {
            game: self.stored.record.id,
            revision: self.stored.revision,
        }
    }

    /// The seat `user` plays, if any.
    pub(super) fn seat_of(&self, user: u64) -> Option<usize> {
        self.stored.record.seats.iter().position(|p| p.id == user)
    }

    /// The seat to move while the game goes on.
    pub(super) fn to_move(&self) -> Option<usize> {
        self.table.to_move().filter(|_| !self.finished())
    }

    /// Adds a move, in notation, to the game and its record; an illegal one changes nothing.
    pub(super) fn play(&mut self, mv: &str) -> Result<(), Text> {
        let played = self.table.play(mv)?;
        self.stored.record.moves.push(played);
        Ok(())
    }

    /// Records that `seat` left the game now, and takes it out.
    pub(super) fn retire(&mut self, seat: usize, why: Retirement) {
        let record = &mut self.stored.record;
        record.retired.push(crate::store::Retired {
            seat,
            why,
            ply: record.moves.len() as u32,
        });
        self.table.retire(seat);
    }
}

/// The caption lines that say how the game stands: who left and who won, how the board ended
/// it, or whose turn it is and until when.
fn standing_lines(table: &Table, scene: &Scene<'_>, deadline_ms: Option<u64>) -> Vec<Text> {
    let id = |seat: usize| scene.ids.get(seat).copied().unwrap_or_default();
    match scene.situation {
        Situation::Forfeited { loser, why, places } => {
            let loser = id(*loser);
            let winner = sole_winner(places).map_or(loser, id);
            vec![match why {
                Retirement::Resigned => Text::Resigned { loser, winner },
                Retirement::TimedOut => Text::TimedOut { loser, winner },
            }]
        }
        Situation::Over { places } => {
            let mut lines = table.end_lines(scene);
            lines.push(match sole_winner(places) {
                Some(winner) => Text::Wins { winner: id(winner) },
                None => Text::Draw,
            });
            lines
        }
        Situation::ToMove { seat, person: true } => {
            let mut lines = vec![Text::ToMove { player: id(*seat) }];
            lines.extend(deadline_ms.map(|deadline| Text::TurnEnds {
                deadline_s: deadline / 1000,
            }));
            lines
        }
        Situation::ToMove {
            seat,
            person: false,
        } => vec![Text::Thinking { player: id(*seat) }],
    }
}

/// The shell's row under a game in play: *Resign* and *Rules*.
fn game_buttons(locale: Locale, game: u64) -> Vec<Button> {
    vec![
        Button {
            action: Action::Resign { game },
            label: Text::Resign.render(locale),
            style: Style::Danger,
            disabled: false,
        },
        Button {
            action: Action::Rules { game },
            label: Text::RulesButton.render(locale),
            style: Style::Secondary,
            disabled: false,
        },
    ]
}

impl App {
    pub(super) fn load_game(&self, id: u64) -> Result<Loaded, Fail> {
        let stored = self.store.game(id)?.ok_or(Fail::User(Text::GameOver))?;
        let table = Table::replay(&stored.record).map_err(|reason| {
            Fail::Damaged(
                StoreError::Corrupt {
                    kind: "game",
                    key: id,
                    reason,
                }
                .to_string(),
            )
        })?;
        Ok(Loaded { stored, table })
    }

    /// The board message: caption, picture and (while the game goes on) the move buttons.
    pub(super) fn board_msg(&self, loaded: &Loaded, intro: Option<Text>) -> Result<Msg, Fail> {
        let record = &loaded.stored.record;
        let locale = record.locale;
        let names: Vec<String> = record.seats.iter().map(|p| p.name.clone()).collect();
        let ids: Vec<u64> = record.seats.iter().map(|p| p.id).collect();
        let situation = loaded.situation();
        let scene = Scene {
            locale,
            game: record.id,
            names: &names,
            ids: &ids,
            situation: &situation,
        };
        let table = &loaded.table;
        let mut lines: Vec<Text> = intro.into_iter().collect();
        lines.extend(table.move_lines(&scene));
        lines.extend(standing_lines(table, &scene, record.deadline_ms));
        let controls = if situation.finished() {
            lines.extend(self.rating_lines(record.id)?);
            lines.extend(self.bot_record_line(record)?);
            Controls {
                selects: Vec::new(),
                rows: rematch::rows(locale, record.id),
            }
        } else {
            lines.extend(table.score_lines(&scene));
            let mut controls = table.controls(&scene, record.moves.len() as u32);
            controls.rows.push(game_buttons(locale, record.id));
            controls
        };
        let picture = table
            .picture(&self.fonts, &record.rules, &scene, None)
            .map_err(Fail::Internal)?;
        let png = crate::render::encode::png(&picture)?;
        Ok(Msg {
            text: lines
                .iter()
                .map(|t| t.render(locale))
                .collect::<Vec<_>>()
                .join("\n"),
            files: vec![Attachment::board(png)],
            selects: controls.selects,
            rows: controls.rows,
        })
    }
}
