//! Ô ăn quan (Mandarin Square Capturing): the rules engine and computer opponent, exactly as
//! `specs/oaq.md` states.
//!
//! ```
//! use oaq_bot::games::oaq::{Move, Position, Rules};
//!
//! let start = Position::start(Rules::standard());
//! let mv: Move = "1-".parse()?;
//! let after = start.play(mv)?;
//! assert_eq!(after.to_string(), "0,0,6,6,6,6,1,0,6,6,6,6 -Q 11,0 n 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`Position`] is validated and carries its [`Rules`]; [`Position::play`] returns the next
//!   position or an [`IllegalMove`] named after the rule it breaks.
//! - [`Setup`] is the position string, parsed but unchecked; [`ParseError`] says what is
//!   malformed.
//! - [`Game`] adds the move history and the threefold-repetition safety valve.
//! - [`review()`] finds each player's mistakes in a finished game, by the computer's search.

mod ai;
mod arena;
pub mod book;
mod dfpn;
mod events;
mod game;
mod notation;
mod position;
mod proof;
mod review;
mod rules;
mod solve;
mod table;
mod types;

pub use ai::{
    analyse, analyse_line, Analysis, Evaluation, Level, Limits, Player, SearchReport, UnknownLevel,
    WIN,
};
pub use arena::{play_match, GameSummary, MatchReport, MatchSettings, Pairs, Timing};
pub use dfpn::{prove, ProveLimits, ProveReport, Verdict};
pub use events::{EndReason, Event, Outcome};
pub use game::Game;
pub use notation::{ParseError, Setup};
pub use position::{IllegalMove, MoveList, Position, PositionError, MAX_PLIES};
pub use proof::{proof_move, stored_proof, ProofBook, ProofError};
pub use review::{review, Cost, Mistake, MIN_COST, REVIEW_DEPTH};
pub use rules::{EndRule, NextQuanNonempty, NoFirstQuan, Preset, RefillShort, RuleError, Rules};
pub use solve::{solve, Claim, ClaimStatus, SolveLimits, SolveReport, Target, Value};
pub use types::{Direction, Move, Seat, Square};
