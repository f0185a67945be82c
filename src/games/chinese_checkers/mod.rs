//! Chinese checkers for 2, 3, 4 and 6 players (and the multi-set variations), as the spec
//! `specs/chinese-checkers.md` states it: the star board, steps and hop chains, every rule
//! option, winning, passing and the safety valve, plus a computer opponent.
//!
//! Decisions where the spec is silent:
//! - **Swap at the end of a hop chain.** The opponent's peg goes to the hole the last hop
//!   started from. A move written `from-to` takes the shortest chain (breadth-first, directions in
//!   the spec's order); a move written as a path (`J4>L6>N3`) is checked hop by hop and honoured.
//!   Only another player's pegs can be swapped, never the same player's other set.
//! - **Hop paths** may not visit a hole twice; a path given for a step is ignored.
//! - **Multi-set games.** Each set must fill its own goal with its own pegs; a player is home when
//!   all their sets are. For `foreign_stop`, a peg may always stop in its own set's start and goal;
//!   other triangles count as "another player's" when they are the start or goal of a set of
//!   another player.
//! - **Seats.** Players are numbered clockwise from the one whose home triangle comes first from
//!   the top. A position string names the player to move by the digit of any of their sets and is
//!   printed with the lowest. Accepted seatings are the spec's and their rotations: two opposite,
//!   three alternate, four as two opposite pairs, or all six.
//! - **Passing** is a move: `perft` counts it, the CLI writes it `pass`.
//! - **Places.** If one move completes several goals (`anti_spoil=full`), the mover is placed
//!   first, then the others clockwise. Players already home in a parsed position share first
//!   place. Once home, a player stays home. Without `play_on` the game ends with the first player
//!   home and the others are ranked like the safety valve does.
//! - **Safety valve** ([`Game`]): the game ends when the player to move has already had
//!   `move_limit` turns (300 by default, passes included) or when a position (with the player to
//!   move and the places) occurs for the third time. Unplaced players are ranked by pegs in their
//!   goal, then by total distance to it (a peg's distance to its goal triangle is its distance to
//!   the goal's tip minus 3, at least 0); equal players share a place.
//! - **Long jumps** need every hole on the line to exist on the board.
//!
//! ```
//! use oaq_bot::games::chinese_checkers::{Move, Position, Rules};
//!
//! let start = Position::start(2, Rules::default()).unwrap();
//! assert_eq!(start.legal_moves().len(), 14);
//! let next = start.play(&"D2-E6".parse::<Move>().unwrap()).unwrap();
//! assert_eq!(next.to_string().split(' ').nth(1), Some("3"));
//! ```

pub mod ai;
mod board;
mod error;
mod game;
mod movegen;
mod notation;
mod position;
mod rules;

pub use board::{Direction, Hole, Triangle, HOLES};
pub use error::{IllegalMove, ParseError};
pub use game::{Game, Turn};
pub use notation::{Move, MAX_PATH};
pub use position::{EndReason, Outcome, Player, Position};
pub use rules::{AntiSpoil, ForeignStop, GoalLock, LongJumps, Rules};
