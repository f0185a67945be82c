//! How a game ends.

use std::fmt;

use super::types::Color;

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why the game ended.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser is in check and has no legal move (tsumi).
    Checkmate,
    /// The loser is not in check but has no legal move: also a loss in shogi.
    NoLegalMoves,
    /// The loser resigned.
    Resignation,
    /// The position repeated a fourth time and the loser gave check with every one of their
    /// moves throughout the repetition.
    PerpetualCheck,
    /// An impasse was claimed and the loser counted fewer than 24 points.
    Impasse,
    /// The loser ran out of time (see [`Game::time_out`](super::Game::time_out)).
    Timeout,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position occurred for the fourth time (sennichite).
    Sennichite,
    /// An impasse was claimed and both sides counted 24 points or more (jishōgi).
    Impasse,
    /// The game reached the move limit its host set (used by computer matches only).
    MoveLimit,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::NoLegalMoves => "the opponent has no legal move",
                    WinReason::Resignation => "resignation",
                    WinReason::PerpetualCheck => "perpetual check by the opponent",
                    WinReason::Impasse => "impasse count",
                    WinReason::Timeout => "the opponent running out of time",
                };
                write!(f, "{winner} wins by {why}")
            }
            Outcome::Draw { reason } => f.write_str(match reason {
                DrawReason::Sennichite => "draw by fourfold repetition (sennichite)",
                DrawReason::Impasse => "draw by impasse (jishogi)",
                DrawReason::MoveLimit => "draw by move limit",
            }),
        }
    }
}
