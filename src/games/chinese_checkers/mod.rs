//! Chinese checkers for 2, 3, 4 and 6 players (and the multi-set variations), as the spec
//! `specs/chinese-checkers.md` states it: the star board, steps and hop chains, every rule
//! option, winning, passing and the safety valve, plus a computer opponent.
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
