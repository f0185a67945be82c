//! Shogi (Japanese chess): the rules of `specs/shogi.md` as a pure engine.
//!
//! - [`Position`]: a validated position, parsed from SFEN or [`Position::new`] for the start;
//!   [`Position::legal_moves`], [`Position::play`] (or [`Position::play_with_events`]) and
//!   [`Position::outcome`].
//! - [`Game`]: a position with its history, for repetition (sennichite), resignation and the
//!   impasse claim.
//! - Notation: [`Position`] reads and writes SFEN, [`Move`] reads and writes USI; [`human`]
//!   also reads Western and Japanese notation; [`export`] writes the USI move list, KIF, CSA
//!   and a lishogi link; [`import`] reads KIF and CSA back.
//! - [`ai`]: the computer opponent and its baselines; [`furigoma`]: who moves first; [`usi`]:
//!   the USI protocol's commands and answers.

pub mod ai;
mod bitboard;
mod error;
mod event;
pub mod export;
pub mod furigoma;
mod game;
pub mod human;
pub mod import;
mod movegen;
mod outcome;
mod position;
mod types;
pub mod usi;

pub use error::{role_name, IllegalMove, ParseError, SfenError};
pub use event::Event;
pub use game::{Game, GameError, ImpasseError};
pub use import::{read_csa, read_kif, ImportError, Record};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{is_dead_square, Position, START_SFEN};
pub use types::{Color, Move, Piece, Role, Square};
