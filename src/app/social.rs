//! What players look at around their games: the leaderboard, a player's stats, the history of
//! finished games, replays and the list of games being played.

use crate::app::fail::Fail;
use crate::app::games::{Frame, GameRules, Scene, Table};
use crate::app::results::{provisional, Finish, Standing};
use crate::app::state::App;
use crate::app::table::{situation, sole_winner};
use crate::app::text::Text;
use crate::app::vocab::{
    message_link, Action, Attachment, Button, FileKind, Msg, Place, Reply, Response, Style, UserRef,
};
use crate::locale::Locale;
use crate::render::animation::{Animation, Encoded};
use crate::render::chart::{self, ChartView};
use crate::render::leaderboard::{self, LeaderboardRow, LeaderboardView};
use crate::store::{FinishedGame, GameKind, GameRecord};
use image::RgbImage;

/// Players on a leaderboard page.
pub const PER_PAGE: usize = 10;
/// Games listed by `/oaq history`.
const HISTORY_LINES: usize = 10;
/// Recent games listed by `/oaq stats`.
const STATS_LINES: usize = 5;
/// How long a replay shows the start, each move and the final position, in milliseconds.
const FIRST_FRAME_MS: u32 = 1500;
const MOVE_FRAME_MS: u32 = 1200;
const LAST_FRAME_MS: u32 = 4000;
/// Discord's limit on a message's text.
const MAX_CONTENT: usize = 2000;
/// Moves per line in a game record.
const MOVES_PER_LINE: usize = 15;

/// Discord's upload limit for a server that is not boosted, in bytes (10 MiB): the size a
/// [`ReplayRequest`] keeps within unless told the interaction's own limit.
pub const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// A game found by [`App::find_replay`], to be drawn by [`App::replay`].
#[derive(Debug, Clone)]
pub struct ReplayRequest {
    game: GameRecord,
    /// The places, for a finished game.
    places: Option<Vec<u8>>,
    /// The most bytes the message's files may hold together.
    upload_limit: u64,
}

impl ReplayRequest {
    /// The same request, for a message whose files may hold at most `bytes` bytes together:
    /// the interaction's `attachment_size_limit` (by default [`DEFAULT_UPLOAD_LIMIT`]).
    pub fn within(self, bytes: u64) -> ReplayRequest {
        ReplayRequest {
            upload_limit: bytes,
            ..self
        }
    }
}

fn ok(reply: Reply) -> Result<Response, Fail> {
    Ok(Response::new(reply))
}

fn post(msg: Msg) -> Result<Response, Fail> {
    ok(Reply::Post { msg, track: None })
}

/// The guild of `place`, or the refusal for direct messages.
fn guild_of(place: Place) -> Result<u64, Fail> {
    place.guild.ok_or(Fail::User(Text::OnlyInServers))
}

fn pages(total: u64) -> u64 {
    total.div_ceil(PER_PAGE as u64).max(1)
}

impl App {
    /// `/oaq leaderboard [page]`: the server's players of `kind` by rating (pages count
    /// from 1).
    pub fn leaderboard(
        &self,
        locale: Locale,
        place: Place,
        kind: GameKind,
        page: Option<u64>,
    ) -> Response {
        let result = (|| {
            let guild = guild_of(place)?;
            let total = self.store.leaderboard(kind, guild, 0, 0)?.total;
            if total == 0 {
                return Err(Fail::User(Text::LeaderboardEmpty));
            }
            let page = page.unwrap_or(1).max(1);
            if page > pages(total) {
                return Err(Fail::User(Text::NoSuchPage {
                    pages: pages(total),
                }));
            }
            post(self.leaderboard_msg(locale, kind, guild, page - 1)?)
        })();
        self.finish(locale, "leaderboard", result)
    }

    /// A click on a leaderboard page button: the message turns to that page (the last one if
    /// the board has shrunk meanwhile).
    ///
    /// The leaderboard is always the one of the server the click comes from (`place`), never
    /// one named by the button (issue 10: ids carry no authority), and the page is drawn in
    /// `shown`, the language the message was posted in, so one reader's language does not
    /// change a public message for everyone. Refusals are private, in the clicker's language
    /// (see [`App::click`]).
    pub(super) fn leaderboard_click(
        &self,
        place: Place,
        kind: GameKind,
        page: u64,
        shown: Locale,
    ) -> Result<Response, Fail> {
        let guild = guild_of(place)?;
        let total = self.store.leaderboard(kind, guild, 0, 0)?.total;
        if total == 0 {
            // Not a leaderboard of this server (a button from elsewhere), or nobody is rated.
            return Err(Fail::User(Text::LeaderboardEmpty));
        }
        let page = page.min(pages(total) - 1);
        ok(Reply::Update(
            self.leaderboard_msg(shown, kind, guild, page)?,
        ))
    }

    /// The leaderboard message for page `page` (0-based): caption, picture, page buttons.
    fn leaderboard_msg(
        &self,
        locale: Locale,
        kind: GameKind,
        guild: u64,
        page: u64,
    ) -> Result<Msg, Fail> {
        let board = self.store.leaderboard(kind, guild, page, PER_PAGE)?;
        let pages = pages(board.total);
        let texts: Vec<(String, String)> = board
            .rows
            .iter()
            .map(|(_, r)| {
                (
                    Text::RatingValue {
                        rating: r.glicko.rating.round() as i64,
                        provisional: provisional(&r.glicko),
                    }
                    .render(locale),
                    format!("{} / {} / {}", r.wins, r.draws, r.losses),
                )
            })
            .collect();
        let rows: Vec<LeaderboardRow<'_>> = board
            .rows
            .iter()
            .zip(&texts)
            .map(|((rank, r), (rating, record))| LeaderboardRow {
                rank: *rank,
                name: &r.name,
                rating,
                record,
                provisional: provisional(&r.glicko),
            })
            .collect();
        let title = Text::LeaderboardTitle { game: kind }.render(locale);
        let subtitle = Text::LeaderboardSubtitle {
            page: page + 1,
            pages,
            players: board.total,
        }
        .render(locale);
        let columns = [
            Text::ColumnRank,
            Text::ColumnPlayer,
            Text::ColumnRating,
            Text::ColumnRecord,
        ]
        .map(|t| t.render(locale));
        let legend = Text::ProvisionalLegend.render(locale);
        let png = leaderboard::render(
            &self.fonts,
            &LeaderboardView {
                title: &title,
                subtitle: &subtitle,
                columns: [&columns[0], &columns[1], &columns[2], &columns[3]],
                rows: &rows,
                legend: &legend,
            },
        )?;
        let button = |text: Text, page: u64, disabled: bool| Button {
            action: Action::Leaderboard { kind, page, locale },
            label: text.render(locale),
            style: Style::Secondary,
            disabled,
        };
        let buttons = if pages > 1 {
            vec![vec![
                button(Text::PreviousPage, page.saturating_sub(1), page == 0),
                button(Text::NextPage, page + 1, page + 1 >= pages),
            ]]
        } else {
            Vec::new()
        };
        Ok(Msg {
            text: Text::LeaderboardCaption {
                game: kind,
                page: page + 1,
                pages,
            }
            .render(locale),
            files: vec![Attachment::png("leaderboard.png", png)],
            selects: Vec::new(),
            rows: buttons,
        })
    }

    /// `/oaq stats [player]`: `player`'s (or the caller's) rating, record, recent games and a
    /// chart of their rating.
    pub fn stats(
        &self,
        locale: Locale,
        place: Place,
        kind: GameKind,
        user: &UserRef,
        player: Option<&UserRef>,
    ) -> Response {
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
                lines.extend(
                    recent
                        .iter()
                        .filter_map(|g| history_line(g, player.id, locale)),
                );
            }
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
            post(Msg {
                text: lines.join("\n"),
                files: vec![Attachment::png("rating.png", png)],
                selects: Vec::new(),
                rows: Vec::new(),
            })
        })();
        self.finish(locale, "stats", result)
    }

    /// `/oaq history [player]`: a player's recent games here, or without a player the server's
    /// recent games (the caller's own in direct messages).
    pub fn history(
        &self,
        locale: Locale,
        place: Place,
        kind: GameKind,
        user: &UserRef,
        player: Option<&UserRef>,
    ) -> Response {
        let result = (|| {
            let rounds = self.tournament_rounds(place.guild, locale);
            let tagged = |game: u64, line: String| match rounds.get(&game) {
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
            for line in lines {
                text.push('\n');
                text.push_str(&line);
            }
            post(Msg::text(text))
        })();
        self.finish(locale, "history", result)
    }

    /// `/oaq games`: the games of `kind` being played in this server, with links to their
    /// boards.
    pub fn games(&self, locale: Locale, place: Place, kind: GameKind) -> Response {
        let result = (|| {
            let guild = guild_of(place)?;
            let mut games: Vec<GameRecord> = Vec::new();
            for id in self.store.running_games() {
                // A damaged entry is skipped here: the list is only for watching.
                if let Ok(Some(stored)) = id.and_then(|id| self.store.game(id)) {
                    if stored.record.guild == Some(guild) && stored.record.kind == kind {
                        games.push(stored.record);
                    }
                }
            }
            games.sort_by_key(|g| g.id);
            if games.is_empty() {
                return post(Msg::text(
                    Text::NoRunningGames { game: kind }.render(locale),
                ));
            }
            let mut text = Text::RunningGames.render(locale);
            for g in &games {
                text.push('\n');
                text.push_str(
                    &Text::RunningGame {
                        game: g.id,
                        players: seat_ids(g),
                        plies: g.moves.len(),
                        link: message_link(g.guild, g.channel, g.message),
                    }
                    .render(locale),
                );
            }
            post(Msg::text(text))
        })();
        self.finish(locale, "games", result)
    }

    /// `/oaq replay <game>`, first step: finds the game (quickly) so that a missing or
    /// foreign game is refused before the slow drawing starts. The error is the answer to send
    /// (boxed: a `Response` is large next to the request). `kind` is the game whose command
    /// was used, named in the refusal.
    pub fn find_replay(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        id: u64,
        kind: GameKind,
    ) -> Result<ReplayRequest, Box<Response>> {
        let result = (|| {
            let not_found = || Fail::User(Text::NoSuchGame { game: id, kind });
            let (game, places) = match self.store.finished(id)? {
                Some(stored) => (stored.record.game, Some(stored.record.places)),
                None => match self.store.game(id)? {
                    Some(stored) => (stored.record, None),
                    None => return Err(not_found()),
                },
            };
            let visible = match place.guild {
                Some(guild) => game.guild == Some(guild),
                None => game.guild.is_none() && seat_of(&game, user.id).is_some(),
            };
            if !visible {
                return Err(not_found());
            }
            Ok(ReplayRequest {
                game,
                places,
                upload_limit: DEFAULT_UPLOAD_LIMIT,
            })
        })();
        result.map_err(|fail| Box::new(self.finish(locale, "replay", Err(fail))))
    }

    /// `/oaq replay <game>`, second step: an animated GIF of the game (the start, then the
    /// board after each move with the move marked) and its record as text for the engine's
    /// command line. Takes a few seconds for a long game.
    ///
    /// The files stay within the request's upload limit whatever the game's length: when the
    /// whole animation would not fit, it shows one move every few (or, past all reason, is
    /// left out), and the message says so.
    pub fn replay(&self, locale: Locale, request: &ReplayRequest) -> Response {
        let result = (|| {
            let game = &request.game;
            let limit = request.upload_limit;
            let finish = request.places.as_ref().map(|_| Finish::of(game));
            let winner = request
                .places
                .as_deref()
                .and_then(sole_winner)
                .and_then(|seat| Some(game.seats.get(seat)?.name.clone()));
            let result = Text::RecordResult { winner, finish };
            // A record too long for the message is attached whole, for the engine: the
            // animation has the room that file leaves, whether or not it is needed.
            let whole = game_record(game, &result, locale, usize::MAX);
            let room = usize::try_from(limit)
                .unwrap_or(usize::MAX)
                .saturating_sub(whole.len());
            let animation = self.replay_animation(locale, game)?.encode_within(room)?;
            let mut caption = Text::ReplayCaption {
                game: game.id,
                players: seat_ids(game),
                plies: game.moves.len(),
            }
            .render(locale);
            if let Some(note) = left_out(animation.as_ref(), game.moves.len() + 1, limit) {
                caption = format!("{caption}\n{}", note.render(locale));
            }
            // The caption and the code fences take their share of Discord's limit.
            let room = MAX_CONTENT.saturating_sub(caption.chars().count() + 8);
            let record = game_record(game, &result, locale, room);
            let mut files: Vec<Attachment> = animation
                .map(|encoded| Attachment::replay(encoded.bytes))
                .into_iter()
                .collect();
            // (A limit smaller than the record leaves it out: its last line says how many
            // moves the message lacks.)
            if whole != record && whole.len() as u64 <= limit {
                files.push(Attachment {
                    name: format!("game-{}.txt", game.id),
                    kind: FileKind::Text,
                    bytes: whole.into_bytes(),
                });
            }
            post(Msg {
                text: format!("{caption}\n```\n{record}```"),
                files,
                selects: Vec::new(),
                rows: Vec::new(),
            })
        })();
        self.finish(locale, "replay", result)
    }

    /// The frames of a replay: the start, the board after each move, the final board.
    fn replay_animation(&self, locale: Locale, record: &GameRecord) -> Result<Animation, Fail> {
        let plies = record.moves.len();
        let names: Vec<String> = record.seats.iter().map(|p| p.name.clone()).collect();
        let ids: Vec<u64> = record.seats.iter().map(|p| p.id).collect();
        // The board after `ply` moves, and how long it shows.
        let draw = |table: &mut Table, ply: usize| -> Result<(RgbImage, u32), Fail> {
            if ply == plies {
                // The last frame of a resigned or timed-out game marks nobody's turn.
                table.retire_at(record, plies);
            }
            let situation = situation(record, table);
            let scene = Scene {
                locale,
                game: record.id,
                names: &names,
                ids: &ids,
                situation: &situation,
                since: ply.saturating_sub(1),
            };
            let frame = Frame { ply, plies };
            let picture = table.picture(&self.fonts, &scene, Some(frame));
            let delay = if ply == plies {
                LAST_FRAME_MS
            } else if ply == 0 {
                FIRST_FRAME_MS
            } else {
                MOVE_FRAME_MS
            };
            Ok((picture, delay))
        };
        let mut table = Table::begin(record)?;
        let (start, delay) = draw(&mut table, 0)?;
        let mut animation = Animation::new(start, delay);
        for ply in 1..=plies {
            table.advance(record, ply - 1)?;
            let (picture, delay) = draw(&mut table, ply)?;
            animation.push(picture, delay)?;
        }
        Ok(animation)
    }
}

/// What a replay's message says it left out to stay within the upload `limit`: frames (the
/// animation keeps one every few of `all`), the whole animation, or nothing.
fn left_out(animation: Option<&Encoded>, all: usize, limit: u64) -> Option<Text> {
    let (every, frames) = match animation {
        Some(encoded) if encoded.every == 1 => return None,
        Some(encoded) => (encoded.every, encoded.frames),
        None => (0, 0),
    };
    Some(Text::ReplayLeftOut {
        every,
        frames,
        all,
        limit,
    })
}

/// The user id of seat `seat` (0 for a seat a damaged record lacks).
fn seat_id(game: &GameRecord, seat: usize) -> u64 {
    game.seats.get(seat).map_or(0, |p| p.id)
}

fn seat_ids(game: &GameRecord) -> Vec<u64> {
    game.seats.iter().map(|p| p.id).collect()
}

fn seat_of(game: &GameRecord, user: u64) -> Option<usize> {
    game.seats.iter().position(|p| p.id == user)
}

/// A finished game from `player`'s point of view (`None` if they did not play in it).
fn history_line(entry: &FinishedGame, player: u64, locale: Locale) -> Option<String> {
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

/// The moves of a record in order; in a game of more than two seats, where the others play on
/// after a seat leaves, `left:<n>` marks where player n (1 for the first seat) left.
fn record_tokens(game: &GameRecord) -> Vec<String> {
    let many = game.seats.len() > 2;
    let left = |ply: usize| {
        game.retired
            .iter()
            .filter(move |r| many && r.ply as usize == ply)
            .map(|r| format!("left:{}", r.seat + 1))
    };
    let mut tokens = Vec::with_capacity(game.moves.len() + game.retired.len());
    for (ply, mv) in game.moves.iter().enumerate() {
        tokens.extend(left(ply));
        tokens.push(mv.clone());
    }
    tokens.extend(left(game.moves.len()));
    tokens
}

/// The game record as text: `#` comment lines (the result, and the engine command that replays
/// it from its start position), then the moves in the engine's notation. Fed to that command
/// on standard input, it prints the position after each line of moves.
///
/// A record longer than `room` characters (a game of several hundred moves) keeps its first
/// lines of moves and says how many were left out.
fn game_record(game: &GameRecord, result: &Text, locale: Locale, room: usize) -> String {
    let command = GameRules::of(game).map_or_else(
        |reason| format!("({reason})"),
        |r| r.engine_command(&game.start),
    );
    let mut text = format!(
        "# {}\n# {}\n# {command}\n",
        result.render(locale),
        Text::RecordReplayWith.render(locale),
    );
    let tokens = record_tokens(game);
    let lines: Vec<String> = tokens
        .chunks(MOVES_PER_LINE)
        .map(|line| line.join(" ") + "\n")
        .collect();
    let total: usize = text.chars().count() + lines.iter().map(String::len).sum::<usize>();
    if total <= room {
        text.extend(lines);
        return text;
    }
    // Leave room for the line that says what was cut.
    let budget = room.saturating_sub(80);
    let mut kept = 0;
    for line in &lines {
        if text.chars().count() + line.len() > budget {
            break;
        }
        text.push_str(line);
        kept += 1;
    }
    let left_out = tokens.len() - (kept * MOVES_PER_LINE).min(tokens.len());
    text.push_str(&format!(
        "# {}\n",
        Text::RecordCut { left_out }.render(locale)
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::games::oaq::OaqChoice;
    use crate::app::games::RuleChoice;
    use crate::store::{GuildSettings, Player};

    #[test]
    fn a_record_too_long_for_a_message_says_what_it_left_out() {
        let player = |id| Player {
            id,
            name: format!("P{id}"),
            computer: None,
        };
        let rules = RuleChoice::Oaq(OaqChoice::default())
            .rules(&GuildSettings::default())
            .expect("rules");
        let start = Table::start(&rules, 2).expect("a game").start_text();
        let game = GameRecord {
            id: 1,
            guild: Some(1),
            channel: 1,
            message: None,
            kind: GameKind::Oaq,
            seats: vec![player(1), player(2)],
            rules: rules.to_json().expect("json"),
            start,
            moves: vec![String::from("11-"); 600],
            retired: Vec::new(),
            created_ms: 0,
            locale: Locale::English,
            turn_ms: None,
            deadline_ms: None,
            tournament_round: None,
        };
        let result = Text::RecordResult {
            winner: None,
            finish: None,
        };
        let whole = game_record(&game, &result, Locale::English, usize::MAX);
        assert_eq!(
            whole.split_whitespace().filter(|w| *w == "11-").count(),
            600
        );
        let cut = game_record(&game, &result, Locale::English, 1_000);
        assert!(cut.chars().count() <= 1_000, "{}", cut.len());
        let kept = cut.split_whitespace().filter(|w| *w == "11-").count();
        assert!(kept > 0 && kept % MOVES_PER_LINE == 0);
        assert!(
            cut.contains(&format!("and {} more moves", 600 - kept)),
            "{cut}"
        );
    }
}
