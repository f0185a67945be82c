//! A frozen mirror of the schema-1 JSON (the release before schema 2) of the records whose
//! shape changed, and their conversion to schema 2. Schema 1 knew one game, Ô ăn quan, and two
//! players; its moves were `{"square": 3, "direction": "Right"}` objects and its results an
//! `{"Winner": "South"}` or `"Draw"` outcome.
//!
//! This is the only place that knows that old JSON. It imports nothing from the games: the
//! types below are plain copies of what schema 1 serialized, never to be changed.

use serde::Deserialize;

use super::records::{GameKind, GameRecord, Player, Retired, Retirement};
use super::social::{FinishedGame, RatingChange};
use crate::ids::{ChannelId, GameId, GuildId, MessageId};
use crate::locale::Locale;

/// Schema 1's seat: South moved first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
enum Seat {
    South,
    North,
}

impl Seat {
    fn index(self) -> usize {
        match self {
            Seat::South => 0,
            Seat::North => 1,
        }
    }
}

/// Schema 1's sowing direction: `Right` is written `+`, `Left` `-`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
enum Direction {
    Right,
    Left,
}

/// Schema 1's move: a ring index 0–11 and a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
struct Move {
    square: u8,
    direction: Direction,
}

impl Move {
    /// The move in Ô ăn quan notation: ring index then sign (`3+`, `9-`).
    fn notation(self) -> Result<String, String> {
        if self.square > 11 {
            return Err(format!("square {} is off the board", self.square));
        }
        let sign = match self.direction {
            Direction::Right => '+',
            Direction::Left => '-',
        };
        Ok(format!("{}{sign}", self.square))
    }
}

/// Schema 1's game record.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct OldGame {
    id: GameId,
    guild: Option<GuildId>,
    channel: ChannelId,
    message: Option<MessageId>,
    players: [Player; 2],
    rules: serde_json::Value,
    start: String,
    moves: Vec<Move>,
    resigned: Option<Seat>,
    #[serde(default)]
    timed_out: Option<Seat>,
    created_ms: u64,
    #[serde(default)]
    locale: Locale,
    #[serde(default)]
    turn_ms: Option<u64>,
    #[serde(default)]
    deadline_ms: Option<u64>,
}

impl OldGame {
    /// The same game in schema 2: an Ô ăn quan game, South then North.
    pub(super) fn upgrade(self) -> Result<GameRecord, String> {
        let moves = self
            .moves
            .iter()
            .map(|m| m.notation())
            .collect::<Result<Vec<_>, _>>()?;
        let ply = u32::try_from(moves.len()).map_err(|e| e.to_string())?;
        let retired = [
            (self.resigned, Retirement::Resigned),
            (self.timed_out, Retirement::TimedOut),
        ]
        .into_iter()
        .filter_map(|(seat, why)| {
            seat.map(|seat| Retired {
                seat: seat.index(),
                why,
                ply,
            })
        })
        .collect();
        Ok(GameRecord {
            id: self.id,
            guild: self.guild,
            channel: self.channel,
            message: self.message,
            kind: GameKind::Oaq,
            seats: self.players.to_vec(),
            rules: self.rules,
            start: self.start,
            moves,
            retired,
            created_ms: self.created_ms,
            locale: self.locale,
            turn_ms: self.turn_ms,
            deadline_ms: self.deadline_ms,
            tournament_round: None,
        })
    }
}

/// Schema 1's result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
enum Outcome {
    Winner(Seat),
    Draw,
}

/// Schema 1's history entry.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct OldFinished {
    game: OldGame,
    outcome: Outcome,
    finished_ms: u64,
    ratings: Option<[RatingChange; 2]>,
}

impl OldFinished {
    /// The same entry in schema 2: places `[0, 1]` when South won, `[1, 0]` when North did,
    /// `[0, 0]` for a draw.
    pub(super) fn upgrade(self) -> Result<FinishedGame, String> {
        let places = match self.outcome {
            Outcome::Winner(Seat::South) => vec![0, 1],
            Outcome::Winner(Seat::North) => vec![1, 0],
            Outcome::Draw => vec![0, 0],
        };
        Ok(FinishedGame {
            game: self.game.upgrade()?,
            places,
            finished_ms: self.finished_ms,
            ratings: self.ratings.map(|r| r.iter().copied().map(Some).collect()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game record as the release at b9c7bf2 wrote it (from `tests/fixtures/db-b9c7bf2`).
    const GAME: &str = r#"{"id":1,"guild":1,"channel":102,"message":4000102,"players":[{"id":22,"name":"Bình"},{"id":33,"name":"Chi"}],"rules":{"quan_value":10,"empty_mandarin_is_gap":false,"end":"mandarins_captured","quan_non":0,"no_first_quan":"off","next_quan_nonempty":"end","refill_short":"borrow"},"start":"0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0","moves":[{"square":1,"direction":"Left"},{"square":10,"direction":"Right"}],"resigned":null,"timed_out":"North","created_ms":1700000000000,"locale":"en","turn_ms":900000}"#;

    #[test]
    fn a_schema_1_game_reads_as_an_oaq_game_with_notation_moves() {
        let old: OldGame = serde_json::from_str(GAME).expect("schema 1 JSON");
        let game = old.upgrade().expect("upgrades");
        assert_eq!(game.kind, GameKind::Oaq);
        assert_eq!(game.moves, ["1-", "10+"]);
        assert_eq!(game.seats.len(), 2);
        assert_eq!(game.seats[1].name, "Chi");
        assert_eq!(
            game.retired,
            [Retired {
                seat: 1,
                why: Retirement::TimedOut,
                ply: 2
            }]
        );
        assert_eq!(game.rules["end"], "mandarins_captured");
        assert_eq!((game.turn_ms, game.deadline_ms), (Some(900_000), None));
    }

    #[test]
    fn a_schema_1_outcome_becomes_places() {
        let entry = format!(
            r#"{{"game":{GAME},"outcome":{{"Winner":"North"}},"finished_ms":5,"ratings":null}}"#
        );
        let old: OldFinished = serde_json::from_str(&entry).expect("schema 1 JSON");
        let finished = old.upgrade().expect("upgrades");
        assert_eq!(finished.places, [1, 0]);
        let draw = entry.replace(r#"{"Winner":"North"}"#, r#""Draw""#);
        let old: OldFinished = serde_json::from_str(&draw).expect("schema 1 JSON");
        assert_eq!(old.upgrade().expect("upgrades").places, [0, 0]);
    }

    #[test]
    fn a_square_off_the_board_is_refused() {
        let bad = GAME.replace(r#""square":10"#, r#""square":12"#);
        let old: OldGame = serde_json::from_str(&bad).expect("schema 1 JSON");
        assert!(old.upgrade().is_err());
    }
}
