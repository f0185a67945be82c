//! What a move did, step by step, and how a game ends.

use serde::{Deserialize, Serialize};

use super::types::{Seat, Square};

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// This player won.
    Winner(Seat),
    /// Equal points.
    Draw,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// Both mandarin pieces have been captured (`end = mandarins_captured`).
    MandarinsCaptured,
    /// Both mandarin squares are empty (`end = squares_empty`).
    SquaresEmpty,
    /// A player with an empty row could not pay 5 points to refill it (`refill_short` is
    /// `lose` or `end`).
    CannotRefill,
    /// The safety valve: 400 plies were played.
    PlyLimit,
    /// The safety valve: the same position occurred for the third time with the same player
    /// to move.
    Repetition,
}

/// One step of a move, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// The mover emptied the chosen square into their hand.
    Lift {
        /// The chosen square.
        square: Square,
        /// Citizens lifted.
        citizens: u8,
    },
    /// One citizen was sown into a square.
    Sow {
        /// The square it landed in.
        square: Square,
    },
    /// The square after the last sown one held citizens: they were lifted and sowing went on.
    Relay {
        /// The square lifted.
        square: Square,
        /// Citizens lifted.
        citizens: u8,
    },
    /// Under `next_quan_nonempty = take_one`: one citizen lifted from an occupied mandarin
    /// square, and sowing went on.
    TakeOne {
        /// The mandarin square.
        square: Square,
    },
    /// A square was captured.
    Capture {
        /// The captured square.
        square: Square,
        /// Citizens taken from it.
        citizens: u8,
        /// Whether its mandarin piece was taken too.
        quan: bool,
        /// Points gained.
        points: u8,
    },
    /// A player with an empty row put one citizen on each of their squares, paid for with
    /// 5 captured points.
    Refill {
        /// The player who refilled.
        seat: Seat,
    },
    /// The refill cost more than the player had captured: the shortfall is owed to the
    /// opponent (captured points went negative).
    Borrow {
        /// The player who borrowed.
        seat: Seat,
        /// Points borrowed.
        points: u8,
    },
    /// The game ended and was counted.
    GameEnd {
        /// Why it ended.
        reason: EndReason,
        /// The result.
        outcome: Outcome,
        /// Citizens each player (South, North) collected from their own row at the count.
        collected: [u8; 2],
    },
}
