//! What the Activity's page is told of a board ([`PageBoard`]): the position, the last move and
//! the legal moves, in a form a script draws and plays from. Each game's adapter writes its
//! own through [`Presented::page_board`](super::hosted::Presented::page_board); the shape of
//! each game's part is documented in `docs/activity.md`.

use serde::Serialize;
use serde_json::Value;

/// A board as the Activity's page sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageBoard {
    /// The position (the game's own shape).
    pub position: Value,
    /// The last move and what it did, if a move was played.
    pub last: Option<Value>,
    /// The legal moves of the seat to move, each with its notation in `move` (empty when the
    /// game is over).
    pub moves: Vec<Value>,
    /// What the page shows of each seat besides its player (Chinese checkers: the sets, colour
    /// and pegs home), merged into the seat's object; empty for games with nothing to add.
    pub seats: Vec<Value>,
}
