//! What players look up about games played: a player's stats (`/oaq stats`) and the history of
//! finished games (`/oaq history`).

use crate::app::authority::guild_of;
use crate::app::fail::Fail;
use crate::app::pages::push_lines_that_fit;
use crate::app::results::{provisional, Finish, Standing};
use crate::app::state::App;
use crate::app::table::{seat_ids, seat_of, sole_winner};
use crate::app::text::{alt, Text};
use crate::app::vocab::{Attachment, Caller, Msg, Response, UserRef};
use crate::ids::{GameId, UserId};
use crate::locale::Locale;
use crate::render::chart::{self, ChartView};
use crate::store::{FinishedGame, GameKind, GameRecord};

/// Games listed by `/oaq history` (fewer when the lines of the game's largest tables, with
/// their longest ids, would not fit in a message: the oldest are left out).
const HISTORY_LINES: usize = 10;
/// Recent games listed by `/oaq stats` (fewer when they would not fit, as for the history).
const STATS_LINES: usize = 5;
impl App {
    /// `/oaq stats [player]`: `player`'s (or the caller's) rating, record, recent games and a
    /// chart of their rating.
    pub fn stats(&self, caller: &Caller, kind: GameKind, player: Option<&UserRef>) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = (|| {
            let guild = guild_of(place)?;
            let player = player.unwrap_or(user);
            let Some(stored) = self.store.rating(kind, guild, player.id)? else {
                return Err(Fail::User(Text::StatsNone { player: player.id }));
            };
            let record = stored.record;
            let board = self.store.leaderboard(kind, guild, 0, 0)?;
            let mut lines = vec![Text::StatsSummary {
                game: kind,
                player: player.id,
                rating: record.glicko.rating.round() as i64,
                deviation: record.glicko.deviation.round() as i64,
                provisional: provisional(&record.glicko),
                rank: self.store.rank(kind, guild, player.id)?,
                players: board.total,
                wins: record.wins,
                draws: record.draws,
                losses: record.losses,
            }
            .render(locale)];
            let recent = self
                .store
                .recent_of(Some(guild), kind, player.id, STATS_LINES)?;
            if !recent.is_empty() {
                lines.push(Text::RecentGamesOf { player: player.id }.render(locale));
            }
            let mut text = lines.join("\n");
            push_lines_that_fit(
                &mut text,
                recent
                    .iter()
                    .filter_map(|g| history_line(g, player.id, locale)),
            );
            let points = self.store.rating_points(kind, guild, player.id)?;
            let mut ratings = Vec::with_capacity(points.len() + 1);
            // The chart starts from the rating before the player's first rated game.
            if let Some(first) = points.first() {
                let start = self.store.finished(first.game)?.and_then(|g| {
                    let seat = seat_of(&g.record.game, player.id)?;
                    Some(g.record.rating_of(seat)?.before.rating)
                });
                ratings.extend(start);
            }
            ratings.extend(points.iter().map(|p| p.rating));
            let title = Text::ChartTitle {
                name: record.name.clone(),
            }
            .render(locale);
            let axis = Text::ChartAxis.render(locale);
            let png = chart::render(
                &self.fonts,
                &ChartView {
                    title: &title,
                    axis: &axis,
                    ratings: &ratings,
                },
            )?;
            Ok(Response::post(
                Msg {
                    text,
                    files: vec![Attachment::png(
                        "rating.png",
                        png,
                        alt::fit(
                            locale,
                            &[alt::chart(locale, &record.name, points.len(), &ratings)],
                        ),
                    )],
                    selects: Vec::new(),
                    rows: Vec::new(),
                },
                None,
            ))
        })();
        self.finish(locale, "stats", result)
    }

    /// `/oaq history [player]`: a player's recent games here, or without a player the server's
    /// recent games (the caller's own in direct messages).
    pub fn history(&self, caller: &Caller, kind: GameKind, player: Option<&UserRef>) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = (|| {
            let rounds = self.tournament_rounds(place.guild, locale);
            let tagged = |game: GameId, line: String| match rounds.get(&game) {
                Some(tag) => format!("{line} · {tag}"),
                None => line,
            };
            let (heading, lines) = match (place.guild, player) {
                (Some(guild), None) => (
                    Text::RecentGamesHere,
                    self.store
                        .recent_in_guild(guild, kind, HISTORY_LINES)?
                        .iter()
                        .map(|g| tagged(g.game.id, server_history_line(g).render(locale)))
                        .collect::<Vec<_>>(),
                ),
                (guild, player) => {
                    let player = player.unwrap_or(user);
                    (
                        Text::RecentGamesOf { player: player.id },
                        self.store
                            .recent_of(guild, kind, player.id, HISTORY_LINES)?
                            .iter()
                            .filter_map(|g| {
                                Some(tagged(g.game.id, history_line(g, player.id, locale)?))
                            })
                            .collect(),
                    )
                }
            };
            let mut text = heading.render(locale);
            if lines.is_empty() {
                text.push('\n');
                text.push_str(&Text::NoFinishedGames.render(locale));
            }
            push_lines_that_fit(&mut text, lines);
            Ok(Response::post(Msg::text(text), None))
        })();
        self.finish(locale, "history", result)
    }
}

/// The user id of seat `seat` (0 for a seat a damaged record lacks).
fn seat_id(game: &GameRecord, seat: usize) -> UserId {
    game.seats.get(seat).map_or(UserId::new(0), |p| p.id)
}

/// A finished game from `player`'s point of view (`None` if they did not play in it).
fn history_line(entry: &FinishedGame, player: UserId, locale: Locale) -> Option<String> {
    let seat = seat_of(&entry.game, player)?;
    let change = entry
        .rating_of(seat)
        .map(|c| c.after.rating.round() as i64 - c.before.rating.round() as i64);
    Some(
        Text::HistoryLine {
            game: entry.game.id,
            ended_s: entry.finished_ms / 1000,
            opponents: entry
                .game
                .seats
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != seat)
                .map(|(_, p)| p.id)
                .collect(),
            standing: Standing::of(&entry.places, seat),
            finish: Finish::of(&entry.game),
            change,
        }
        .render(locale),
    )
}

fn server_history_line(entry: &FinishedGame) -> Text {
    Text::ServerHistoryLine {
        game: entry.game.id,
        ended_s: entry.finished_ms / 1000,
        players: seat_ids(&entry.game),
        winner: sole_winner(&entry.places).map(|seat| seat_id(&entry.game, seat)),
        finish: Finish::of(&entry.game),
    }
}
