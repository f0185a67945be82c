//! The records kept on disk. Plain data: no Discord types, ids are raw snowflakes.

use serde::{Deserialize, Serialize};

use crate::games::oaq::{Level, Move, Rules, Seat};
use crate::locale::Locale;

/// A Discord user as the store remembers them: their id and the name shown on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The user's snowflake.
    pub id: u64,
    /// The display name at the time the challenge was made or accepted.
    pub name: String,
    /// Set when this seat is played by the bot's computer opponent, at that level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
}

/// How the first player (South) is chosen when a challenge is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// Rock-paper-scissors, picked privately by both players; a tie replays.
    Rps,
    /// A coin toss by the bot.
    Coin,
    /// The challenger moves first.
    Challenger,
    /// The opponent moves first.
    Opponent,
}

/// A rock-paper-scissors hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hand {
    /// Beats scissors.
    Rock,
    /// Beats rock.
    Paper,
    /// Beats paper.
    Scissors,
}

impl Hand {
    /// All hands, in button order.
    pub const ALL: [Hand; 3] = [Hand::Rock, Hand::Paper, Hand::Scissors];

    /// Whether this hand beats `other`.
    pub fn beats(self, other: Hand) -> bool {
        matches!(
            (self, other),
            (Hand::Rock, Hand::Scissors)
                | (Hand::Paper, Hand::Rock)
                | (Hand::Scissors, Hand::Paper)
        )
    }
}

/// A challenge that has been accepted and is waiting for both rock-paper-scissors picks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acceptance {
    /// The player who accepted.
    pub opponent: Player,
    /// The hidden picks of this round: challenger's, then opponent's.
    pub picks: [Option<Hand>; 2],
    /// Rounds already tied (0 on the first round).
    pub ties: u32,
}

/// A challenge posted in a channel, pending acceptance (or rock-paper-scissors).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeRecord {
    /// The challenge id (shared id space with games).
    pub id: u64,
    /// The guild, for message links; `None` in direct messages.
    pub guild: Option<u64>,
    /// The channel the challenge was posted in.
    pub channel: u64,
    /// The challenge message, once Discord has told us its id.
    pub message: Option<u64>,
    /// Who challenged.
    pub challenger: Player,
    /// Who was challenged; `None` for an open challenge anyone else may accept.
    pub opponent: Option<Player>,
    /// The rules of the game to be played.
    pub rules: Rules,
    /// How the first player is chosen.
    pub first: FirstPlayer,
    /// When the challenge was made (milliseconds since the Unix epoch).
    pub created_ms: u64,
    /// When it expires if nobody has started the game.
    pub expires_ms: u64,
    /// Set once accepted with rock-paper-scissors still to be played.
    pub accepted: Option<Acceptance>,
    /// The language of the challenge's public messages: the challenger's.
    #[serde(default)]
    pub locale: Locale,
}

/// A game: its players, rules, start position and moves. The current position is the replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game id (shared id space with challenges).
    pub id: u64,
    /// The guild, for message links; `None` in direct messages.
    pub guild: Option<u64>,
    /// The channel the game is played in.
    pub channel: u64,
    /// The latest board message, once known.
    pub message: Option<u64>,
    /// South (moves first), then North.
    pub players: [Player; 2],
    /// The rules in play.
    pub rules: Rules,
    /// The start position string.
    pub start: String,
    /// The moves played so far.
    pub moves: Vec<Move>,
    /// The player who resigned, if one did.
    pub resigned: Option<Seat>,
    /// The player who ran out of time on their turn, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timed_out: Option<Seat>,
    /// When the game started (milliseconds since the Unix epoch).
    pub created_ms: u64,
    /// The language of the board messages: the challenger's, so that the board does not
    /// change language with whoever clicked last. Private answers use each user's own.
    #[serde(default)]
    pub locale: Locale,
    /// How long each turn may last, in milliseconds; `None`: no time limit (games stored
    /// before turn timeouts existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ms: Option<u64>,
    /// When the current turn runs out (milliseconds since the Unix epoch); `None` while the
    /// computer is thinking, after the game, or without a time limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
}

impl GameRecord {
    /// The player who lost by resigning or running out of time, if the game ended that way.
    pub fn forfeited(&self) -> Option<Seat> {
        self.resigned.or(self.timed_out)
    }

    /// Whether the result counts for the players' ratings: only games between two people do.
    pub fn rated(&self) -> bool {
        self.players.iter().all(|p| p.computer.is_none())
    }
}

/// What a channel is busy with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChannelEntry {
    /// A pending challenge, by id.
    Challenge(u64),
    /// A running game, by id.
    Game(u64),
}
