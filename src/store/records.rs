//! The records kept on disk. Plain data: no Discord types, ids are raw snowflakes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ids::{ChallengeId, ChannelId, GameId, GuildId, MessageId, UserId};
use crate::locale::Locale;

/// Which game a record belongs to. Each kind has its own ratings, leaderboard, history and
/// computer tallies in every guild. Serialized snake_case: `"oaq"`, `"shogi"`,
/// `"chinese_checkers"`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Ô ăn quan (every record written before schema 2).
    #[default]
    Oaq,
    /// Shogi.
    Shogi,
    /// Chinese checkers.
    ChineseCheckers,
}

impl GameKind {
    /// Every kind, in key order.
    pub const ALL: [GameKind; 3] = [GameKind::Oaq, GameKind::Shogi, GameKind::ChineseCheckers];

    /// The byte that names this kind in keys (1, 2, 3; never 0).
    pub fn code(self) -> u8 {
        match self {
            GameKind::Oaq => 1,
            GameKind::Shogi => 2,
            GameKind::ChineseCheckers => 3,
        }
    }
}

/// The computer opponent's strength, shared by every game (each game maps it to its engine's
/// own level). Serialized `"easy"`, `"medium"`, `"hard"`, as schema 1 stored them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A casual player.
    Easy,
    /// A fair club player.
    Medium,
    /// The engine's best within its time budget.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name: `easy`, `medium` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (expected easy, medium or hard)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// A Discord user as the store remembers them: their id and the name shown on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The user's snowflake.
    pub id: UserId,
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
    pub id: ChallengeId,
    /// The guild, for message links; `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel the challenge was posted in.
    pub channel: ChannelId,
    /// The challenge message, once Discord has told us its id.
    pub message: Option<MessageId>,
    /// Who challenged.
    pub challenger: Player,
    /// Who was challenged; `None` for an open challenge anyone else may accept.
    pub opponent: Option<Player>,
    /// The rules of the game to be played, in the game's own serde form (opaque to the store).
    pub rules: serde_json::Value,
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
    /// The game to be played (schema 1 challenges are Ô ăn quan).
    #[serde(default)]
    pub kind: GameKind,
    /// Set for a lobby, which players join before the host starts the game (challenges of
    /// one opponent, and every challenge stored before lobbies, have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lobby: Option<Lobby>,
}

/// The seats of a lobby: who sat down, in order, the host first. The game seats them in this
/// order (clockwise); the toss then chooses who moves first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    /// The number of seats: the game starts by itself once they are all taken.
    pub size: u8,
    /// The seated players, people and computers (with their level).
    pub seated: Vec<Player>,
    /// The bot's own account, which takes the computer seats.
    pub bot: Player,
}

/// How a seat left the game before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Retirement {
    /// The player resigned.
    Resigned,
    /// The player ran out of time on their turn.
    TimedOut,
}

/// A seat that left the game before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Retired {
    /// The seat (index into [`GameRecord::seats`]).
    pub seat: usize,
    /// Why it left.
    pub why: Retirement,
    /// The number of moves played when it happened.
    pub ply: u32,
}

/// A game: its kind, seats, rules, start position and moves. The current position is the
/// replay.
///
/// On disk the game is a small header (everything but the moves, with their count) and one key
/// per move while it is played, so that a move appends instead of rewriting the whole record;
/// a finished game is read from its history entry (see `store/mod.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game id (shared id space with challenges).
    pub id: GameId,
    /// The guild, for message links; `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel the game is played in.
    pub channel: ChannelId,
    /// The latest board message, once known.
    pub message: Option<MessageId>,
    /// The game played.
    #[serde(default)]
    pub kind: GameKind,
    /// The seats in turn order (Ô ăn quan: South, North).
    pub seats: Vec<Player>,
    /// The game's rules, in the game's own serde form (opaque to the store). Schema 1's
    /// `rules` (an Ô ăn quan rules object) reads as-is.
    pub rules: serde_json::Value,
    /// The start position, in the game's notation.
    pub start: String,
    /// The moves played, in the game's notation (Ô ăn quan: `3+`, `9-`).
    pub moves: Vec<String>,
    /// Seats that resigned or timed out, in order.
    #[serde(default)]
    pub retired: Vec<Retired>,
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
    /// The tournament round this game is a pairing of (1-based), so that every drawing of its
    /// board says so; `None` for other games and for tournament games stored before the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_round: Option<u32>,
}

impl GameRecord {
    /// How `seat` left the game, if it resigned or timed out.
    pub fn retired_seat(&self, seat: usize) -> Option<&Retired> {
        self.retired.iter().find(|r| r.seat == seat)
    }
}

/// The part of a game record that changes while it is played, as stored (with the revision)
/// in the `games` tree: small, rewritten by every move. `plies` says how many moves of the
/// `game_parts` tree belong to this revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct GameHead {
    pub channel: ChannelId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<MessageId>,
    pub plies: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retired: Vec<Retired>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
    /// The game is over and its setup and moves are read from its history entry (see
    /// `store/mod.rs`), not from `game_parts`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub archived: bool,
}

/// The part of a game record fixed when it starts, as stored in the `game_parts` tree under
/// the game's id alone: written with the first revision (and again only if it ever changed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct GameSetup {
    pub id: GameId,
    pub guild: Option<GuildId>,
    pub kind: GameKind,
    pub seats: Vec<Player>,
    pub rules: serde_json::Value,
    pub start: String,
    pub created_ms: u64,
    pub locale: Locale,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_round: Option<u32>,
}

impl GameHead {
    /// The changing part of `game` (its moves are stored apart).
    pub(super) fn of(game: &GameRecord) -> GameHead {
        GameHead {
            channel: game.channel,
            message: game.message,
            plies: u32::try_from(game.moves.len()).unwrap_or(u32::MAX),
            retired: game.retired.clone(),
            deadline_ms: game.deadline_ms,
            archived: false,
        }
    }

    /// The game record, from its parts.
    pub(super) fn with(self, setup: GameSetup, moves: Vec<String>) -> GameRecord {
        GameRecord {
            id: setup.id,
            guild: setup.guild,
            channel: self.channel,
            message: self.message,
            kind: setup.kind,
            seats: setup.seats,
            rules: setup.rules,
            start: setup.start,
            moves,
            retired: self.retired,
            created_ms: setup.created_ms,
            locale: setup.locale,
            turn_ms: setup.turn_ms,
            deadline_ms: self.deadline_ms,
            tournament_round: setup.tournament_round,
        }
    }
}

impl GameSetup {
    /// The fixed part of `game`.
    pub(super) fn of(game: &GameRecord) -> GameSetup {
        GameSetup {
            id: game.id,
            guild: game.guild,
            kind: game.kind,
            seats: game.seats.clone(),
            rules: game.rules.clone(),
            start: game.start.clone(),
            created_ms: game.created_ms,
            locale: game.locale,
            turn_ms: game.turn_ms,
            tournament_round: game.tournament_round,
        }
    }
}

/// What a channel is busy with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChannelEntry {
    /// A pending challenge, by id.
    Challenge(ChallengeId),
    /// A running game, by id.
    Game(GameId),
}
