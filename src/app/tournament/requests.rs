//! What the adapter hands in to create or click a tournament, and what it is asked to do to
//! start a pairing's game.

use crate::app::games::RuleChoice;
use crate::app::vocab::TournamentOp;
use crate::ids::{ChannelId, GameId, MessageId, TournamentId};
use crate::store::Format;

/// The options of `/… tournament new`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRequest {
    /// The game and what was chosen of its rules (the server's defaults fill the rest).
    pub rules: RuleChoice,
    /// How rounds are paired.
    pub format: Format,
    /// Time per move in seconds; `None`: the server's turn timeout.
    pub turn_s: Option<u64>,
    /// Whether the organiser starts each round after the first.
    pub manual: bool,
    /// The most players it takes.
    pub limit: Option<u32>,
    /// When it starts by itself (Unix seconds).
    pub starts_s: Option<u64>,
}

/// A click on a tournament message's button, with what the interaction says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentClick {
    /// The tournament the button names.
    pub tournament: TournamentId,
    /// What it does.
    pub op: TournamentOp,
    /// Whether the member has the Manage Server permission (which makes them an organiser of
    /// every tournament of the server).
    pub manager: bool,
    /// The message clicked: the tournament's, whose id the bot may not have read back yet.
    pub clicked: Option<MessageId>,
}

/// A pairing whose game is to be started: open a public thread named `name` in `channel`,
/// then call [`App::open_pairing`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingStart {
    /// The tournament the pairing belongs to.
    pub tournament: TournamentId,
    /// The game's id.
    pub game: GameId,
    /// The tournament's channel.
    pub channel: ChannelId,
    /// The thread's name.
    pub name: String,
}
