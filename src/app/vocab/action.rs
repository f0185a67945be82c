//! What a click asks for: the [`Action`] a component's id carries, the record it names
//! ([`Subject`]), and what a tournament message's buttons do ([`TournamentOp`]).

use super::notation::Notation;
use super::picker_path::PickerAt;
use crate::ids::{ChallengeId, GameId, LobbyId, TournamentId};
use crate::locale::Locale;
use crate::store::{GameKind, Hand, Level};

/// A button's action, carried in its `custom_id` (see `discord::custom_id`). Every action names
/// the record or view it applies to, so a click works after a restart, but never an authority:
/// the server, channel and user always come from the interaction, and a click on a record that
/// lives in another channel is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Accept a challenge.
    Accept {
        /// Challenge id.
        challenge: ChallengeId,
    },
    /// Decline a challenge.
    Decline {
        /// Challenge id.
        challenge: ChallengeId,
    },
    /// Cancel one's own challenge.
    Cancel {
        /// Challenge id.
        challenge: ChallengeId,
    },
    /// Take a seat at a lobby.
    Join {
        /// Lobby (challenge) id.
        lobby: LobbyId,
    },
    /// Give up one's seat at a lobby.
    Leave {
        /// Lobby (challenge) id.
        lobby: LobbyId,
    },
    /// Seat a computer at a lobby (from its menu), or remove one.
    Computer {
        /// Lobby (challenge) id.
        lobby: LobbyId,
        /// The level of the computer to add; `None` removes the last computer seated.
        add: Option<Level>,
    },
    /// Start a lobby's game (its host).
    Start {
        /// Lobby (challenge) id.
        lobby: LobbyId,
    },
    /// A rock-paper-scissors pick.
    Pick {
        /// Challenge id.
        challenge: ChallengeId,
        /// The hand.
        hand: Hand,
    },
    /// A move, on the board drawn at `ply`.
    Play {
        /// Game id.
        game: GameId,
        /// Moves played when the board was drawn.
        ply: u32,
        /// The move, in the game's notation.
        mv: Notation,
    },
    /// The board's private move picker, on the board drawn at `ply`: opened from the board
    /// ([`PickerAt::Board`]), or a step in it (the path chosen so far). A path that names a
    /// whole move plays it.
    Picker {
        /// Game id.
        game: GameId,
        /// Moves played when the board was drawn.
        ply: u32,
        /// Where the click comes from and goes.
        at: PickerAt,
    },
    /// Show the board from the other side, privately.
    View {
        /// Game id.
        game: GameId,
    },
    /// Ask to resign (answered with a private confirmation).
    Resign {
        /// Game id.
        game: GameId,
    },
    /// Confirm resigning.
    ConfirmResign {
        /// Game id.
        game: GameId,
    },
    /// Open the Activity on the game's board (answered by launching it for the clicker).
    Launch {
        /// Game id.
        game: GameId,
    },
    /// Show the rules of the game.
    Rules {
        /// Game id.
        game: GameId,
    },
    /// Play the same opponent again, first player swapped (on a finished board).
    Rematch {
        /// The finished game's id.
        game: GameId,
    },
    /// Analyse a finished game's mistakes, privately (on a finished board). Its answer takes
    /// seconds (see [`Action::slow`]).
    Analyse {
        /// The finished game's id.
        game: GameId,
    },
    /// A button of a tournament message.
    Tournament {
        /// The tournament.
        tournament: TournamentId,
        /// What it does.
        op: TournamentOp,
    },
    /// Turn a leaderboard message to another page. The leaderboard is the one of the server
    /// the button is clicked in.
    Leaderboard {
        /// The game whose leaderboard it is.
        kind: GameKind,
        /// The page to show (0-based).
        page: u64,
        /// The language the message was posted in, which it keeps whoever clicks.
        locale: Locale,
    },
    /// Turn a `/… games` message to another page. The list is the one of the server the button
    /// is clicked in.
    Games {
        /// The game whose running games are listed.
        kind: GameKind,
        /// The page to show (0-based).
        page: u64,
        /// The language the message was posted in, which it keeps whoever clicks.
        locale: Locale,
    },
}

impl Action {
    /// The action a select menu runs when `value` is chosen: a move takes the value as its
    /// notation, a picker's step adds it to the path. `None` when the action takes no choice
    /// or the value does not fit.
    pub fn with_choice(self, value: &str) -> Option<Action> {
        match self {
            Action::Play { game, ply, .. } => Some(Action::Play {
                game,
                ply,
                mv: value.parse().ok()?,
            }),
            Action::Computer { lobby, .. } => Some(Action::Computer {
                lobby,
                add: match value {
                    Action::REMOVE => None,
                    level => Some(level.parse().ok()?),
                },
            }),
            Action::Picker {
                game,
                ply,
                at: PickerAt::Path(at),
            } => Some(Action::Picker {
                game,
                ply,
                at: PickerAt::Path(at.then(value).ok()?),
            }),
            _ => None,
        }
    }

    /// The record the action acts on or shows, if it names one (a leaderboard or games page
    /// names none: it is a view of the clicker's server).
    pub fn subject(self) -> Option<Subject> {
        match self {
            Action::Accept { challenge }
            | Action::Decline { challenge }
            | Action::Cancel { challenge }
            | Action::Pick { challenge, .. } => Some(Subject::Challenge(challenge)),
            Action::Join { lobby }
            | Action::Leave { lobby }
            | Action::Computer { lobby, .. }
            | Action::Start { lobby } => Some(Subject::Challenge(lobby.cast())),
            Action::Play { game, .. }
            | Action::Picker { game, .. }
            | Action::View { game }
            | Action::Resign { game }
            | Action::ConfirmResign { game }
            | Action::Launch { game }
            | Action::Rules { game }
            | Action::Rematch { game }
            | Action::Analyse { game } => Some(Subject::Game(game)),
            Action::Tournament { tournament, .. } => Some(Subject::Tournament(tournament)),
            Action::Leaderboard { .. } | Action::Games { .. } => None,
        }
    }

    /// The game the action acts on or shows, if it names one.
    pub fn game(self) -> Option<GameId> {
        match self.subject() {
            Some(Subject::Game(game)) => Some(game),
            Some(Subject::Challenge(_) | Subject::Tournament(_)) | None => None,
        }
    }

    /// Whether answering takes longer than Discord waits for an answer (seconds of search): the
    /// interaction is then acknowledged first, and the answer, always private, follows.
    pub fn slow(self) -> bool {
        matches!(self, Action::Analyse { .. })
    }

    /// The computer menu's value that removes a computer (the others are levels).
    pub const REMOVE: &'static str = "remove";
}

/// The record an [`Action`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// A challenge, or a lobby (a challenge with seats).
    Challenge(ChallengeId),
    /// A game.
    Game(GameId),
    /// A tournament.
    Tournament(TournamentId),
}

/// What a button of a tournament message does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentOp {
    /// Enter.
    Join,
    /// Leave before the start, or withdraw after it.
    Leave,
    /// Start it (the organiser).
    Start,
    /// Cancel it (the organiser).
    Cancel,
    /// Start the next round (the organiser, when rounds wait for them).
    Next,
}
