//! Replays: `/oaq replay` finds a game, then draws it as an animation with its record in the
//! game's notation, within the interaction's upload limit.

use crate::app::fail::Fail;
use crate::app::games::{Frame, GameRules, Scene, Table};
use crate::app::results::Finish;
use crate::app::state::App;
use crate::app::table::{seat_ids, seat_of, situation, sole_winner};
use crate::app::text::{alt, Text};
use crate::app::vocab::{Attachment, Caller, FileKind, Msg, Response};
use crate::ids::{GameId, UserId};
use crate::locale::Locale;
use crate::render::animation::{Animation, Encoded};
use crate::store::{GameKind, GameRecord};
use image::RgbImage;

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

impl App {
    /// `/oaq replay <game>`, first step: finds the game (quickly) so that a missing or
    /// foreign game is refused before the slow drawing starts. The error is the answer to send
    /// (boxed: a `Response` is large next to the request). `kind` is the game whose command
    /// was used, named in the refusal.
    pub fn find_replay(
        &self,
        caller: &Caller,
        id: GameId,
        kind: GameKind,
    ) -> Result<ReplayRequest, Box<Response>> {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
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
            let players: Vec<&str> = game.seats.iter().map(|p| p.name.as_str()).collect();
            let described = alt::replay(
                locale,
                game.kind,
                game.id,
                &players.join(", "),
                &result.render(locale),
                game.moves.len(),
            );
            let mut files: Vec<Attachment> = animation
                .map(|encoded| Attachment::replay(encoded.bytes, alt::fit(locale, &[described])))
                .into_iter()
                .collect();
            // (A limit smaller than the record leaves it out: its last line says how many
            // moves the message lacks.)
            if whole != record && whole.len() as u64 <= limit {
                files.push(Attachment {
                    name: format!("game-{}.txt", game.id),
                    kind: FileKind::Text,
                    bytes: whole.into_bytes(),
                    description: alt::record(locale, game.id, "engine"),
                });
            }
            Ok(Response::post(
                Msg {
                    text: format!("{caption}\n```\n{record}```"),
                    files,
                    selects: Vec::new(),
                    rows: Vec::new(),
                },
                None,
            ))
        })();
        self.finish(locale, "replay", result)
    }

    /// The frames of a replay: the start, the board after each move, the final board.
    fn replay_animation(&self, locale: Locale, record: &GameRecord) -> Result<Animation, Fail> {
        let plies = record.moves.len();
        let names: Vec<String> = record.seats.iter().map(|p| p.name.clone()).collect();
        let ids: Vec<UserId> = record.seats.iter().map(|p| p.id).collect();
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
    use crate::ids::{ChannelId, GameId, GuildId, UserId};
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
            id: GameId::new(1),
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(1),
            message: None,
            kind: GameKind::Oaq,
            seats: vec![player(UserId::new(1)), player(UserId::new(2))],
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
