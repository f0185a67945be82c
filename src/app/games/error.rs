//! What can go wrong across the seam between the games and the shell, as types: the shell
//! never sees a game's error as text it must classify by hand.
//!
//! Whether a failure is the store's (a record that does not read: the user is told the record
//! is damaged) or ours (an inconsistency of the program: the user gets an apology) is decided
//! once, by `From<GameError> for Fail` in `app/mod.rs`.

use thiserror::Error;

use crate::app::vocab::NotationError;
use crate::ids::GameId;

/// Why the games could not do what the shell asked.
#[derive(Debug, Error)]
pub enum GameError {
    /// Stored rules (of a challenge or a game) that do not read as their game's rules.
    #[error("rules: {0}")]
    Rules(#[source] serde_json::Error),
    /// A stored start position that does not read, or does not fit the record's seats.
    #[error("start position: {0}")]
    Start(String),
    /// A stored game has fewer moves than it was asked to replay (counted from 1).
    #[error("no move {0}")]
    MissingMove(usize),
    /// A stored move that is not a move in its game's notation.
    #[error("`{0}` is not a move")]
    Unreadable(String),
    /// A stored move that does not replay where it stands.
    #[error("move {number} ({text}) does not replay")]
    Unplayable {
        /// The move's number (1 for the first).
        number: usize,
        /// The move as stored.
        text: String,
    },
    /// The record of game `game` does not replay: its rules, start position or a move.
    #[error("game {game} does not replay: {fault}")]
    Replay {
        /// The game's id.
        game: GameId,
        /// What is wrong in it.
        #[source]
        fault: Box<GameError>,
    },
    /// Rules that could not be written as JSON.
    #[error("rules: {0}")]
    Encode(#[source] serde_json::Error),
    /// A choice of rules the game cannot be played with.
    #[error("{0}")]
    Choice(String),
    /// A new game that cannot be set up with these rules and this many seats.
    #[error("{0}")]
    Setup(String),
    /// A seat that cannot move first (a game whose first seat always does, or no such seat).
    #[error("seat {0} cannot move first")]
    FirstSeat(usize),
    /// A move of ours whose notation does not fit in a button's id.
    #[error(transparent)]
    Notation(#[from] NotationError),
}
