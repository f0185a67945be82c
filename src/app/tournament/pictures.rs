//! The tournament pictures: the round's pairings, the standings and the crosstable, as tables,
//! each with its rows read out as alt text.

use std::collections::HashMap;

use crate::app::fail::Fail;
use crate::app::state::App;
use crate::app::text::{alt, Text, TournamentText};
use crate::app::vocab::Attachment;
use crate::render::table::{self, Column, Row, TableView};
use crate::render::Align;
use crate::store::{Format, TournamentRecord};
use crate::tournament::{standings, Colour, Outcome, Person, Points, Round, UserId};

use super::record::{decimal, format_name, result_text};

impl App {
    pub(super) fn names(record: &TournamentRecord) -> HashMap<UserId, &str> {
        record
            .event
            .entries
            .iter()
            .map(|e| (e.player.id(), e.player.name.as_str()))
            .collect()
    }

    /// The picture of the current round's pairings, with the results so far.
    pub(super) fn pairings_picture(&self, record: &TournamentRecord) -> Result<Attachment, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let names = App::names(record);
        let name = |id: UserId| names.get(&id).copied().unwrap_or("?").to_owned();
        let round = record.event.rounds.len() as u32;
        let before = record.event.rounds.len().saturating_sub(1);
        let history = record.event.history();
        let points = |id: UserId| -> Points {
            history[..before]
                .iter()
                .map(|r| {
                    if r.byes.contains(&id) {
                        Points::WIN
                    } else {
                        r.game_of(id)
                            .and_then(|g| g.points_of(id))
                            .unwrap_or_default()
                    }
                })
                .sum()
        };
        let mut rows = Vec::new();
        let mut described = Vec::new();
        if let Some(played) = record.event.current() {
            for (i, g) in played.round.games.iter().enumerate() {
                described.push(alt::pairing(
                    locale,
                    i + 1,
                    (&name(g.first), &points(g.first).to_string()),
                    (&name(g.second), &points(g.second).to_string()),
                    match g.outcome {
                        Some(Outcome::FirstWins) => alt::Pairing::First,
                        Some(Outcome::SecondWins) => alt::Pairing::Second,
                        Some(Outcome::Draw) => alt::Pairing::Draw,
                        None => alt::Pairing::Playing,
                    },
                ));
                rows.push(Row {
                    cells: vec![
                        (i + 1).to_string(),
                        format!("{} ({})", name(g.first), points(g.first)),
                        result_text(g.outcome).to_owned(),
                        format!("{} ({})", name(g.second), points(g.second)),
                    ],
                    soft: g.outcome.is_some(),
                    highlight: false,
                });
            }
            for &bye in &played.round.byes {
                described.push(alt::bye(locale, &name(bye), &points(bye).to_string()));
                rows.push(Row {
                    cells: vec![
                        String::new(),
                        format!("{} ({})", name(bye), points(bye)),
                        say(TournamentText::Bye),
                        String::new(),
                    ],
                    soft: true,
                    highlight: false,
                });
            }
        }
        let heading = |column: &'static str| {
            say(TournamentText::Column {
                column,
                game: record.kind,
            })
        };
        let headings = [
            heading("board"),
            heading("first"),
            heading("result"),
            heading("second"),
        ];
        let columns = [
            Column {
                heading: &headings[0],
                width: 60.0,
                align: Align::Right,
            },
            Column {
                heading: &headings[1],
                width: 280.0,
                align: Align::Left,
            },
            Column {
                heading: &headings[2],
                width: 90.0,
                align: Align::Center,
            },
            Column {
                heading: &headings[3],
                width: 280.0,
                align: Align::Left,
            },
        ];
        let title = say(TournamentText::PairingsTitle {
            round,
            rounds: record.event.planned,
        });
        let png = self.table_png(record, &title, &columns, &rows, "")?;
        let description = self.table_description(record, &title, described);
        Ok(Attachment::png("pairings.png", png, description))
    }

    /// A table picture's alt text: its title and subtitle, then a sentence a row.
    fn table_description(
        &self,
        record: &TournamentRecord,
        title: &str,
        rows: Vec<String>,
    ) -> String {
        let locale = record.locale;
        let mut sentences = vec![alt::table(locale, title, &self.subtitle(record))];
        sentences.extend(rows);
        alt::fit(locale, &sentences)
    }

    /// A table picture of `record`'s, under its subtitle.
    fn table_png(
        &self,
        record: &TournamentRecord,
        title: &str,
        columns: &[Column<'_>],
        rows: &[Row],
        legend: &str,
    ) -> Result<Vec<u8>, Fail> {
        let subtitle = self.subtitle(record);
        let view = TableView {
            title,
            subtitle: &subtitle,
            columns,
            rows,
            legend,
        };
        Ok(table::render(&self.fonts, &view)?)
    }

    /// The line under every picture's title: the game, the format, the number of players.
    pub(super) fn subtitle(&self, record: &TournamentRecord) -> String {
        Text::from(TournamentText::Subtitle {
            game: record.kind,
            format: format_name(record.event.format),
            players: record.event.entries.len() as u32,
        })
        .render(record.locale)
    }

    /// The standings after the first `done` rounds.
    pub(super) fn standings_picture(
        &self,
        record: &TournamentRecord,
        done: u32,
        last: bool,
    ) -> Result<Attachment, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let names = App::names(record);
        let rounds: Vec<Round> = record
            .event
            .history()
            .into_iter()
            .take(done as usize)
            .collect();
        let swiss = matches!(record.event.format, Format::Swiss { .. });
        let table = standings::standings(
            &record.event.entrants(),
            &rounds,
            record.event.format.system(),
        );
        let withdrawn = say(TournamentText::WithdrawnMark);
        let mut described = Vec::with_capacity(table.len());
        let rows: Vec<Row> = table
            .iter()
            .map(|s| {
                let gone = record.event.entry(s.id).is_some_and(|e| e.withdrawn);
                let mut name = names.get(&s.id).copied().unwrap_or("?").to_owned();
                if gone {
                    name = format!("{name} {withdrawn}");
                }
                let mut cells = vec![s.place.to_string(), name, s.points.to_string()];
                if swiss {
                    cells.push(s.buchholz_cut1.to_string());
                    cells.push(s.buchholz.to_string());
                }
                cells.push(decimal(s.sonneborn_berger));
                cells.push(s.direct_encounter.to_string());
                cells.push(s.wins.to_string());
                cells.push(s.rating.round().to_string());
                cells.push(
                    s.performance
                        .map_or_else(String::new, |p| p.round().to_string()),
                );
                // The row read out: the same cells, each tie-break under its column's key.
                let mut breaks: Vec<(&str, String)> = Vec::new();
                if swiss {
                    breaks.push(("bh1", s.buchholz_cut1.to_string()));
                    breaks.push(("bh", s.buchholz.to_string()));
                }
                breaks.push(("sb", decimal(s.sonneborn_berger)));
                breaks.push(("de", s.direct_encounter.to_string()));
                breaks.push(("wins", s.wins.to_string()));
                breaks.push(("rating", s.rating.round().to_string()));
                if let Some(p) = s.performance {
                    breaks.push(("perf", p.round().to_string()));
                }
                described.push(alt::standing(
                    locale, &cells[0], &cells[1], &cells[2], &breaks,
                ));
                Row {
                    cells,
                    soft: gone,
                    highlight: last && s.place == 1,
                }
            })
            .collect();
        let mut keys = vec![
            ("place", 40.0, Align::Right),
            ("player", 250.0, Align::Left),
            ("points", 56.0, Align::Right),
        ];
        if swiss {
            keys.push(("bh1", 56.0, Align::Right));
            keys.push(("bh", 56.0, Align::Right));
        }
        keys.extend([
            ("sb", 64.0, Align::Right),
            ("de", 44.0, Align::Right),
            ("wins", 56.0, Align::Right),
            ("rating", 70.0, Align::Right),
            ("perf", 70.0, Align::Right),
        ]);
        let headings: Vec<String> = keys
            .iter()
            .map(|(column, _, _)| {
                say(TournamentText::Column {
                    column,
                    game: record.kind,
                })
            })
            .collect();
        let columns: Vec<Column<'_>> = keys
            .iter()
            .zip(&headings)
            .map(|(&(_, width, align), heading)| Column {
                heading,
                width,
                align,
            })
            .collect();
        let title = say(TournamentText::StandingsTitle { round: done, last });
        let legend = say(TournamentText::Legend);
        let png = self.table_png(record, &title, &columns, &rows, &legend)?;
        let description = self.table_description(record, &title, described);
        Ok(Attachment::png("standings.png", png, description))
    }

    /// The crosstable: each player's rounds (opponent's place, colour, result), in final order.
    pub(super) fn crosstable_picture(&self, record: &TournamentRecord) -> Result<Attachment, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let names = App::names(record);
        let rounds = record.event.history();
        let table = standings::standings(
            &record.event.entrants(),
            &rounds,
            record.event.format.system(),
        );
        let place: HashMap<UserId, usize> = table
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id, i + 1))
            .collect();
        let mut described = Vec::with_capacity(table.len());
        let rows: Vec<Row> = table
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut heard = Vec::with_capacity(rounds.len());
                let mut cells = vec![
                    (i + 1).to_string(),
                    names.get(&s.id).copied().unwrap_or("?").to_owned(),
                ];
                for round in &rounds {
                    cells.push(if round.byes.contains(&s.id) {
                        heard.push(alt::Round::Bye);
                        String::from("+")
                    } else if let Some(game) = round.game_of(s.id) {
                        let (opponent, colour) =
                            game.side_of(s.id).unwrap_or((s.id, Colour::First));
                        heard.push(alt::Round::Game {
                            opponent: place.get(&opponent).copied().unwrap_or(0),
                            first: colour == Colour::First,
                            halves: game.points_of(s.id).map(|p| match p {
                                Points::WIN => 2,
                                Points::DRAW => 1,
                                _ => 0,
                            }),
                        });
                        let result = match game.points_of(s.id) {
                            Some(Points::WIN) => "1",
                            Some(Points::DRAW) => "½",
                            Some(_) => "0",
                            None => "*",
                        };
                        let side = if colour == Colour::First { "w" } else { "b" };
                        format!(
                            "{}{side}{result}",
                            place.get(&opponent).copied().unwrap_or(0)
                        )
                    } else {
                        heard.push(alt::Round::Absent);
                        String::from("-")
                    });
                }
                cells.push(s.points.to_string());
                described.push(alt::cross_row(
                    locale,
                    i + 1,
                    &cells[1],
                    &s.points.to_string(),
                    &heard,
                ));
                Row {
                    cells,
                    soft: record.event.entry(s.id).is_some_and(|e| e.withdrawn),
                    highlight: s.place == 1,
                }
            })
            .collect();
        let heading = |column: &'static str| {
            say(TournamentText::Column {
                column,
                game: record.kind,
            })
        };
        let mut headings = vec![heading("place"), heading("player")];
        let round_word = heading("round");
        headings.extend((1..=rounds.len()).map(|r| format!("{round_word}{r}")));
        headings.push(heading("points"));
        let last = headings.len() - 1;
        let columns: Vec<Column<'_>> = headings
            .iter()
            .enumerate()
            .map(|(i, heading)| match i {
                0 => Column {
                    heading,
                    width: 40.0,
                    align: Align::Right,
                },
                1 => Column {
                    heading,
                    width: 220.0,
                    align: Align::Left,
                },
                i if i == last => Column {
                    heading,
                    width: 56.0,
                    align: Align::Right,
                },
                _ => Column {
                    heading,
                    width: 62.0,
                    align: Align::Center,
                },
            })
            .collect();
        let title = say(TournamentText::CrosstableTitle);
        let legend = say(TournamentText::CrosstableLegend);
        let png = self.table_png(record, &title, &columns, &rows, &legend)?;
        let description = self.table_description(record, &title, described);
        Ok(Attachment::png("crosstable.png", png, description))
    }
}
