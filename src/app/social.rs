//! What players look at around their games: the leaderboard, a player's stats, the history of
//! finished games, replays and the list of games being played.

use super::results::{provisional, Finish, Standing};
use super::stored::{outcome_of, OaqRecord};
use super::{
    message_link, Action, App, Button, Fail, Locale, Msg, Place, Reply, Response, Style, Text,
    UserRef,
};
use crate::games::oaq::{Event, Game, Move, Outcome, Position, Preset, Rules, Seat, Square};
use crate::render::animation::encode_gif;
use crate::render::chart::{self, ChartView};
use crate::render::leaderboard::{self, LeaderboardRow, LeaderboardView};
use crate::render::oaq::{BoardView, LastMove, PlayerPanel};
use crate::store::{FinishedGame, GameKind, GameRecord, StoreError};

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

/// A game found by [`App::find_replay`], to be drawn by [`App::replay`].
#[derive(Debug, Clone)]
pub struct ReplayRequest {
    game: GameRecord,
    outcome: Option<Outcome>,
}

fn ok(reply: Reply) -> Result<Response, Fail> {
    Ok(Response {
        reply,
        shows: None,
        edits: Vec::new(),
        computer: None,
        thread: None,
    })
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

/// The squares captured by a move, from its events.
fn captured(events: &[Event]) -> Vec<Square> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Capture { square, .. } => Some(square),
            _ => None,
        })
        .collect()
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
pub fn rule_flags(rules: &Rules) -> String {
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

impl App {
    /// `/oaq leaderboard [page]` (pages count from 1).
    pub fn leaderboard(&self, locale: Locale, place: Place, page: Option<u64>) -> Response {
        let result = (|| {
            let guild = guild_of(place)?;
            let total = self.store.leaderboard(GameKind::Oaq, guild, 0, 0)?.total;
            if total == 0 {
                return Err(Fail::User(Text::LeaderboardEmpty));
            }
            let page = page.unwrap_or(1).max(1);
            if page > pages(total) {
                return Err(Fail::User(Text::NoSuchPage {
                    pages: pages(total),
                }));
            }
            post(self.leaderboard_msg(locale, guild, page - 1)?)
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
        page: u64,
        shown: Locale,
    ) -> Result<Response, Fail> {
        let guild = guild_of(place)?;
        let total = self.store.leaderboard(GameKind::Oaq, guild, 0, 0)?.total;
        if total == 0 {
            // Not a leaderboard of this server (a button from elsewhere), or nobody is rated.
            return Err(Fail::User(Text::LeaderboardEmpty));
        }
        let page = page.min(pages(total) - 1);
        ok(Reply::Update(self.leaderboard_msg(shown, guild, page)?))
    }

    /// The leaderboard message for page `page` (0-based): caption, picture, page buttons.
    fn leaderboard_msg(&self, locale: Locale, guild: u64, page: u64) -> Result<Msg, Fail> {
        let board = self
            .store
            .leaderboard(GameKind::Oaq, guild, page, PER_PAGE)?;
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
        let title = Text::LeaderboardTitle.render(locale);
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
            action: Action::Leaderboard { page, locale },
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
                page: page + 1,
                pages,
            }
            .render(locale),
            png: Some(png),
            rows: buttons,
        })
    }

    /// `/oaq stats [player]`: `player`'s (or the caller's) rating, record, recent games and a
    /// chart of their rating.
    pub fn stats(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        player: Option<&UserRef>,
    ) -> Response {
        let result = (|| {
            let guild = guild_of(place)?;
            let player = player.unwrap_or(user);
            let Some(stored) = self.store.rating(GameKind::Oaq, guild, player.id)? else {
                return Err(Fail::User(Text::StatsNone { player: player.id }));
            };
            let record = stored.record;
            let board = self.store.leaderboard(GameKind::Oaq, guild, 0, 0)?;
            let mut lines = vec![Text::StatsSummary {
                player: player.id,
                rating: record.glicko.rating.round() as i64,
                deviation: record.glicko.deviation.round() as i64,
                provisional: provisional(&record.glicko),
                rank: self.store.rank(GameKind::Oaq, guild, player.id)?,
                players: board.total,
                wins: record.wins,
                draws: record.draws,
                losses: record.losses,
            }
            .render(locale)];
            let recent =
                self.store
                    .recent_of(Some(guild), GameKind::Oaq, player.id, STATS_LINES)?;
            if !recent.is_empty() {
                lines.push(Text::RecentGamesOf { player: player.id }.render(locale));
                lines.extend(
                    recent
                        .iter()
                        .filter_map(|g| history_line(g, player.id, locale)),
                );
            }
            let points = self.store.rating_points(GameKind::Oaq, guild, player.id)?;
            let mut ratings = Vec::with_capacity(points.len() + 1);
            // The chart starts from the rating before the player's first rated game.
            if let Some(first) = points.first() {
                let start = self.store.finished(first.game)?.and_then(|g| {
                    let seat = seat_of(&g.record.game, player.id)?;
                    Some(g.record.ratings?.get(seat.index())?.before.rating)
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
                png: Some(png),
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
        user: &UserRef,
        player: Option<&UserRef>,
    ) -> Response {
        let result = (|| {
            let (heading, lines) = match (place.guild, player) {
                (Some(guild), None) => (
                    Text::RecentGamesHere,
                    self.store
                        .recent_in_guild(guild, GameKind::Oaq, HISTORY_LINES)?
                        .iter()
                        .filter_map(|g| Some(server_history_line(g)?.render(locale)))
                        .collect::<Vec<_>>(),
                ),
                (guild, player) => {
                    let player = player.unwrap_or(user);
                    (
                        Text::RecentGamesOf { player: player.id },
                        self.store
                            .recent_of(guild, GameKind::Oaq, player.id, HISTORY_LINES)?
                            .iter()
                            .filter_map(|g| history_line(g, player.id, locale))
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

    /// `/oaq games`: the games being played in this server, with links to their boards.
    pub fn games(&self, locale: Locale, place: Place) -> Response {
        let result = (|| {
            let guild = guild_of(place)?;
            let mut games: Vec<GameRecord> = Vec::new();
            for id in self.store.running_games() {
                // A damaged entry is skipped here: the list is only for watching.
                if let Ok(Some(stored)) = id.and_then(|id| self.store.game(id)) {
                    if stored.record.guild == Some(guild) && stored.record.check_oaq().is_ok() {
                        games.push(stored.record);
                    }
                }
            }
            games.sort_by_key(|g| g.id);
            if games.is_empty() {
                return post(Msg::text(Text::NoRunningGames.render(locale)));
            }
            let mut text = Text::RunningGames.render(locale);
            for g in &games {
                text.push('\n');
                text.push_str(
                    &Text::RunningGame {
                        game: g.id,
                        south: g.seats[0].id,
                        north: g.seats[1].id,
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
    /// (boxed: a `Response` is large next to the request).
    pub fn find_replay(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        id: u64,
    ) -> Result<ReplayRequest, Box<Response>> {
        let result = (|| {
            let not_found = || Fail::User(Text::NoSuchGame { game: id });
            let (game, outcome) = match self.store.finished(id)? {
                Some(stored) => {
                    let outcome = outcome_of(&stored.record.places).ok_or_else(|| {
                        Fail::from(StoreError::Corrupt {
                            kind: "finished game",
                            key: id,
                            reason: format!("places {:?}", stored.record.places),
                        })
                    })?;
                    (stored.record.game, Some(outcome))
                }
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
            game.check_oaq()?;
            Ok(ReplayRequest { game, outcome })
        })();
        result.map_err(|fail| Box::new(self.finish(locale, "replay", Err(fail))))
    }

    /// `/oaq replay <game>`, second step: an animated GIF of the game (the start, then the
    /// board after each move with the move marked) and its record as text for the engine's
    /// command line. Takes a second or two for a long game.
    pub fn replay(&self, locale: Locale, request: &ReplayRequest) -> Response {
        let result = (|| {
            let game = &request.game;
            let gif = self.replay_gif(locale, game)?;
            let finish = request.outcome.map(|_| Finish::of(game));
            let winner = match request.outcome {
                Some(Outcome::Winner(seat)) => Some(game.seats[seat.index()].name.clone()),
                _ => None,
            };
            let caption = Text::ReplayCaption {
                game: game.id,
                south: game.seats[0].id,
                north: game.seats[1].id,
                plies: game.moves.len(),
            }
            .render(locale);
            // The caption and the code fences take their share of Discord's limit.
            let room = MAX_CONTENT.saturating_sub(caption.chars().count() + 8);
            let result = Text::RecordResult { winner, finish };
            let record = game_record(game, &game.oaq_rules()?, &result, locale, room);
            post(Msg {
                text: format!("{caption}\n```\n{record}```"),
                png: Some(gif),
                rows: Vec::new(),
            })
        })();
        self.finish(locale, "replay", result)
    }

    fn replay_gif(&self, locale: Locale, record: &GameRecord) -> Result<Vec<u8>, Fail> {
        let damaged = |reason: String| {
            Fail::from(StoreError::Corrupt {
                kind: "game",
                key: record.id,
                reason,
            })
        };
        let rules = record.oaq_rules()?;
        let moves = record.oaq_moves()?;
        let start = Position::parse(&record.start, rules)
            .map_err(|e| damaged(format!("start position: {e}")))?;
        let mut game = Game::new(start);
        let plies = moves.len();
        let title = Text::BoardTitle { rules }.render(locale);
        let mut frames = Vec::with_capacity(plies + 1);
        let mut last: Option<LastMove> = None;
        for ply in 0..=plies {
            if ply > 0 {
                let mv: Move = moves[ply - 1];
                let events = game
                    .play(mv)
                    .map_err(|e| damaged(format!("move {ply} does not replay: {e}")))?;
                last = Some(LastMove {
                    mv,
                    captured: captured(&events),
                });
            }
            let position = game.position();
            let details = Seat::BOTH.map(|s| {
                Text::PanelCaptured {
                    points: position.captured(s),
                }
                .render(locale)
            });
            let status = Text::ReplayFrame { ply, plies }.render(locale);
            let view = BoardView {
                position,
                // The last frame of a resigned or timed-out game marks nobody's turn.
                turn: position
                    .to_move()
                    .filter(|_| ply < plies || record.forfeited().is_none()),
                players: [
                    PlayerPanel {
                        name: &record.seats[0].name,
                        detail: &details[0],
                    },
                    PlayerPanel {
                        name: &record.seats[1].name,
                        detail: &details[1],
                    },
                ],
                title: &title,
                status: &status,
                last: last.as_ref(),
            };
            let delay = if ply == plies {
                LAST_FRAME_MS
            } else if ply == 0 {
                FIRST_FRAME_MS
            } else {
                MOVE_FRAME_MS
            };
            frames.push((crate::render::oaq::draw(&self.fonts, &view), delay));
        }
        Ok(encode_gif(frames)?)
    }
}

fn seat_of(game: &GameRecord, user: u64) -> Option<Seat> {
    Seat::BOTH
        .into_iter()
        .find(|s| game.seats.get(s.index()).is_some_and(|p| p.id == user))
}

/// A finished game from `player`'s point of view (`None` if they did not play in it).
fn history_line(entry: &FinishedGame, player: u64, locale: Locale) -> Option<String> {
    let seat = seat_of(&entry.game, player)?;
    let change = entry
        .ratings
        .as_ref()
        .and_then(|changes| changes.get(seat.index()))
        .map(|c| c.after.rating.round() as i64 - c.before.rating.round() as i64);
    Some(
        Text::HistoryLine {
            game: entry.game.id,
            ended_s: entry.finished_ms / 1000,
            opponent: entry.game.seats.get(seat.other().index())?.id,
            standing: Standing::of(outcome_of(&entry.places)?, seat),
            finish: Finish::of(&entry.game),
            change,
        }
        .render(locale),
    )
}

fn server_history_line(entry: &FinishedGame) -> Option<Text> {
    let seats = &entry.game.seats;
    Some(Text::ServerHistoryLine {
        game: entry.game.id,
        ended_s: entry.finished_ms / 1000,
        south: seats.first()?.id,
        north: seats.get(1)?.id,
        winner: match outcome_of(&entry.places)? {
            Outcome::Winner(seat) => Some(seats.get(seat.index())?.id),
            Outcome::Draw => None,
        },
        finish: Finish::of(&entry.game),
    })
}

/// The game record as text: `#` comment lines (the result, and the engine command that replays
/// it from its start position), then the moves in the engine's notation. Fed to that command
/// on standard input, it prints the position after each line of moves.
///
/// A record longer than `room` characters (a game of several hundred moves) keeps its first
/// lines of moves and says how many were left out.
fn game_record(
    game: &GameRecord,
    rules: &Rules,
    result: &Text,
    locale: Locale,
    room: usize,
) -> String {
    let mut text = format!(
        "# {}\n# {}\n# oaq-bot engine oaq play {} --from {}\n",
        result.render(locale),
        Text::RecordReplayWith.render(locale),
        rule_flags(rules),
        shell_word(&game.start),
    );
    let lines: Vec<String> = game
        .moves
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
    let left_out = game.moves.len() - (kept * MOVES_PER_LINE).min(game.moves.len());
    text.push_str(&format!(
        "# {}\n",
        Text::RecordCut { left_out }.render(locale)
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Player;

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

    #[test]
    fn a_record_too_long_for_a_message_says_what_it_left_out() {
        let player = |id| Player {
            id,
            name: format!("P{id}"),
            computer: None,
        };
        let rules = Rules::standard();
        let game = GameRecord {
            id: 1,
            guild: Some(1),
            channel: 1,
            message: None,
            kind: GameKind::Oaq,
            seats: vec![player(1), player(2)],
            rules: super::super::stored::rules_value(&rules),
            start: Position::start(rules).to_string(),
            moves: vec![String::from("11-"); 600],
            retired: Vec::new(),
            created_ms: 0,
            locale: Locale::English,
            turn_ms: None,
            deadline_ms: None,
        };
        let result = Text::RecordResult {
            winner: None,
            finish: None,
        };
        let whole = game_record(&game, &rules, &result, Locale::English, usize::MAX);
        assert_eq!(
            whole.split_whitespace().filter(|w| *w == "11-").count(),
            600
        );
        let cut = game_record(&game, &rules, &result, Locale::English, 1_000);
        assert!(cut.chars().count() <= 1_000, "{}", cut.len());
        let kept = cut.split_whitespace().filter(|w| *w == "11-").count();
        assert!(kept > 0 && kept % MOVES_PER_LINE == 0);
        assert!(
            cut.contains(&format!("and {} more moves", 600 - kept)),
            "{cut}"
        );
    }
}
