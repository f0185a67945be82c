//! Ô ăn quan in the store's game-neutral records: the record's seats are South then North, its
//! rules the engine's `Rules` in serde form, its moves in notation (`3+`, `9-`), its places
//! `[0, 1]` (South won), `[1, 0]` (North won) or `[0, 0]` (a draw). A record that does not read
//! as Ô ăn quan is damaged ([`Fail::Damaged`]), never a panic.

use super::Fail;
use crate::games::oaq::{self, Move, Outcome, Preset, Rules, Seat};
use crate::store::{ChallengeRecord, GameKind, GameRecord, Level, Retired, Retirement, StoreError};

/// The seat at `index` of a record's seats (0 South, 1 North).
pub(super) fn seat_at(index: usize) -> Option<Seat> {
    Seat::BOTH.get(index).copied()
}

/// A damaged `kind` record `key`.
fn damaged(kind: &'static str, key: u64, reason: String) -> Fail {
    Fail::Damaged(StoreError::Corrupt { kind, key, reason }.to_string())
}

/// The rules in a record's serde form.
pub(super) fn rules_value(rules: &Rules) -> serde_json::Value {
    // The rules are plain derived data: serialising them cannot fail.
    serde_json::to_value(rules).unwrap_or_default()
}

/// The rules stored in a record.
fn rules_of(kind: &'static str, key: u64, value: &serde_json::Value) -> Result<Rules, Fail> {
    serde_json::from_value(value.clone()).map_err(|e| damaged(kind, key, format!("rules: {e}")))
}

/// The record's places for `outcome`.
pub(super) fn places(outcome: Outcome) -> Vec<u8> {
    match outcome {
        Outcome::Winner(Seat::South) => vec![0, 1],
        Outcome::Winner(Seat::North) => vec![1, 0],
        Outcome::Draw => vec![0, 0],
    }
}

/// The outcome that `places` record, if they are two-seat places.
pub(super) fn outcome_of(places: &[u8]) -> Option<Outcome> {
    match places {
        [a, b] if a == b => Some(Outcome::Draw),
        [a, b] if a < b => Some(Outcome::Winner(Seat::South)),
        [_, _] => Some(Outcome::Winner(Seat::North)),
        _ => None,
    }
}

/// The engine's level for the computer's stored level.
pub(super) fn engine_level(level: Level) -> oaq::Level {
    match level {
        Level::Easy => oaq::Level::Easy,
        Level::Medium => oaq::Level::Medium,
        Level::Hard => oaq::Level::Hard,
    }
}

/// A stored challenge read as Ô ăn quan.
pub(super) trait OaqChallenge {
    /// The challenge's rules.
    fn oaq_rules(&self) -> Result<Rules, Fail>;
}

impl OaqChallenge for ChallengeRecord {
    fn oaq_rules(&self) -> Result<Rules, Fail> {
        if self.kind != GameKind::Oaq {
            return Err(damaged("challenge", self.id, format!("{:?}", self.kind)));
        }
        rules_of("challenge", self.id, &self.rules)
    }
}

/// A stored game read as Ô ăn quan.
pub(super) trait OaqRecord {
    /// Checks that the record is a two-seat Ô ăn quan game (then `seats[0]` and `seats[1]`
    /// exist).
    fn check_oaq(&self) -> Result<(), Fail>;
    /// The game's rules.
    fn oaq_rules(&self) -> Result<Rules, Fail>;
    /// The moves played.
    fn oaq_moves(&self) -> Result<Vec<Move>, Fail>;
    /// The player who lost by resigning or running out of time, if the game ended that way.
    fn forfeited(&self) -> Option<Seat>;
    /// The player who resigned, if one did.
    fn resigned(&self) -> Option<Seat>;
    /// The player who ran out of time, if one did.
    fn timed_out(&self) -> Option<Seat>;
    /// Records that `seat` left the game, now.
    fn retire(&mut self, seat: Seat, why: Retirement);
    /// Appends a move.
    fn push_move(&mut self, mv: Move);
}

fn retired_with(record: &GameRecord, why: Option<Retirement>) -> Option<Seat> {
    record
        .retired
        .iter()
        .filter(|r| why.is_none_or(|w| r.why == w))
        .find_map(|r| seat_at(r.seat))
}

impl OaqRecord for GameRecord {
    fn check_oaq(&self) -> Result<(), Fail> {
        if self.kind != GameKind::Oaq || self.seats.len() != 2 {
            return Err(damaged(
                "game",
                self.id,
                format!("{:?} with {} seats", self.kind, self.seats.len()),
            ));
        }
        Ok(())
    }

    fn oaq_rules(&self) -> Result<Rules, Fail> {
        rules_of("game", self.id, &self.rules)
    }

    fn oaq_moves(&self) -> Result<Vec<Move>, Fail> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, text)| {
                text.parse::<Move>()
                    .map_err(|e| damaged("game", self.id, format!("move {i} `{text}`: {e}")))
            })
            .collect()
    }

    fn forfeited(&self) -> Option<Seat> {
        retired_with(self, None)
    }

    fn resigned(&self) -> Option<Seat> {
        retired_with(self, Some(Retirement::Resigned))
    }

    fn timed_out(&self) -> Option<Seat> {
        retired_with(self, Some(Retirement::TimedOut))
    }

    fn retire(&mut self, seat: Seat, why: Retirement) {
        let ply = u32::try_from(self.moves.len()).unwrap_or(u32::MAX);
        self.retired.push(Retired {
            seat: seat.index(),
            why,
            ply,
        });
    }

    fn push_move(&mut self, mv: Move) {
        self.moves.push(mv.to_string());
    }
}

/// The preset's name in the server settings (its serde name, as schema 1 stored it).
pub(super) fn preset_name(preset: Preset) -> String {
    match serde_json::to_value(preset) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// The preset named in the server settings.
pub(super) fn preset_of(guild: u64, name: &str) -> Result<Preset, Fail> {
    serde_json::from_value(serde_json::Value::String(name.to_owned()))
        .map_err(|e| damaged("guild settings", guild, format!("preset: {e}")))
}
