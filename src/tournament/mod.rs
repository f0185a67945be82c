//! Tournaments: who plays whom each round, and how the players stand.
//!
//! This is the game-neutral engine of a tournament, pure like the games' engines: it knows
//! players by id and rating, games by who moved first and who won, and nothing of Discord,
//! the store or any game's rules. [`swiss`] pairs a Swiss round, [`round_robin`] lays out
//! every round of a round-robin by Berger tables, and [`standings`] ranks the players after
//! any number of rounds with the tie-breaks chess arbiters use.
//!
//! [`Event`] is a tournament's state and [`lifecycle`] the rules of its life: each operation
//! (join, leave, start, cancel, next round, a result, the clock) is refused or applied with
//! what it announces, so the app only loads, applies, stores and shows.
//!
//! Points are counted in half-points ([`Points`]): a win is 2, a draw 1, a loss 0, and a
//! Swiss bye (a round without an opponent, given to one player when their number is odd)
//! scores a win.

pub mod event;
pub mod lifecycle;
mod round;
pub mod round_robin;
pub mod standings;
pub mod swiss;

pub use event::{Entry, Event, Format, Person, Played, Setup, Stage, MAX_SWISS_ROUNDS};
pub use lifecycle::{Actor, Announcement, Op, Refusal};
pub use round::{Colour, Entrant, Outcome, Pairing, PlayerId, Points, Round};

pub use crate::ids::UserId;
