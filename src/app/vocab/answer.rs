//! What the app answers: the interaction's [`Reply`], and what is owed once it has been sent
//! ([`Effects`]: boards to confirm, edits, the computer's move, a thread, tournament work).

use super::message::Msg;
use crate::ids::{ChallengeId, ChannelId, GameId, MessageId, TournamentId};
use crate::store::{Owed, OwedKey};

/// Which record a newly posted message belongs to, so its id can be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Track {
    /// The message shows this challenge.
    Challenge(ChallengeId),
    /// The message shows this game's board, as drawn at this revision of its record.
    Game(Shown),
    /// The message shows this tournament.
    Tournament(TournamentId),
}

/// The answer to the interaction itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A new public message; `track` names the record whose message it becomes.
    Post {
        /// The message.
        msg: Msg,
        /// The record it shows.
        track: Option<Track>,
    },
    /// A message only the user sees.
    Private(Msg),
    /// Replace the message whose button was clicked. A board update always carries its picture.
    Update(Msg),
    /// Launch the app's Activity for the user, in the interaction's channel.
    Launch,
}

impl Reply {
    /// The message the reply shows, if it shows one (a launch shows none).
    pub fn msg(&self) -> Option<&Msg> {
        match self {
            Reply::Post { msg, .. } | Reply::Private(msg) | Reply::Update(msg) => Some(msg),
            Reply::Launch => None,
        }
    }
}

/// Another message to change, by the bot, outside the interaction's reply: a write the
/// outbox owes Discord (see `app/outbox.rs`), drawn. Report how it went with
/// [`crate::app::App::edit_sent`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The channel.
    pub channel: ChannelId,
    /// The message to edit; `None` when its id is unknown: then post `msg` as a new message.
    pub message: Option<MessageId>,
    /// The new content. With no files the message's attachments are kept as they are.
    pub msg: Msg,
    /// The outbox entry this write carries out.
    pub key: OwedKey,
    /// The entry as it was read, to settle it only if nothing newer was owed meanwhile.
    pub seen: Owed,
    /// For a board, the state drawn.
    pub shows: Option<Shown>,
}

/// Everything an action produces: the interaction's reply, and what is owed once it has been
/// sent (or has failed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The interaction's reply.
    pub reply: Reply,
    /// What the reply leaves to do.
    pub effects: Effects,
}

/// What an answer owes besides its reply. The Discord adapter settles every one of them in one
/// place after any answer (a command, a click, a slow click), whichever the app produced.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Effects {
    /// The board an `Update` reply shows: once Discord has it, report it with
    /// [`crate::app::App::board_shown`]; if the reply fails, the outbox writes the board.
    pub shows: Option<Shown>,
    /// Other messages to edit (owed writes, drawn): hand them to the outbox.
    pub edits: Vec<Edit>,
    /// A move the computer opponent is to make next, once the reply has been sent: the
    /// caller runs [`crate::app::App::computer_move`] for it off the async threads.
    pub computer: Option<ComputerTurn>,
    /// A thread to open for a game that just started, once the reply has been sent: the
    /// caller creates it, then calls [`crate::app::App::move_to_thread`].
    pub thread: Option<ThreadRequest>,
    /// Tournament work is owed (a round was paired): the caller runs
    /// [`crate::app::App::tournament_work`] now rather than at the next sweep.
    pub tournaments: bool,
}

/// Open a public thread from a message and play a game there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadRequest {
    /// The game.
    pub game: GameId,
    /// The channel of the message.
    pub channel: ChannelId,
    /// The message the thread starts from (the accepted challenge).
    pub message: MessageId,
    /// The thread's name.
    pub name: String,
}

impl Response {
    /// `reply` and nothing else.
    pub fn new(reply: Reply) -> Response {
        Response {
            reply,
            effects: Effects::default(),
        }
    }

    /// A private answer and nothing else.
    pub fn private(text: String) -> Response {
        Response::private_msg(Msg::text(text))
    }

    /// A private message (with files or buttons) and nothing else.
    pub fn private_msg(msg: Msg) -> Response {
        Response::new(Reply::Private(msg))
    }

    /// Replace the clicked message with `msg` (which shows no board).
    pub fn update(msg: Msg) -> Response {
        Response::new(Reply::Update(msg))
    }

    /// Replace the clicked message with the board `msg`, drawn as `shown`.
    pub fn board(msg: Msg, shown: Shown) -> Response {
        Response {
            reply: Reply::Update(msg),
            effects: Effects {
                shows: Some(shown),
                ..Effects::default()
            },
        }
    }

    /// A new public message, whose id is recorded for `track`.
    pub fn post(msg: Msg, track: Option<Track>) -> Response {
        Response::new(Reply::Post { msg, track })
    }

    /// The same, and `edits` owed to other messages.
    pub fn with_edits(mut self, edits: Vec<Edit>) -> Response {
        self.effects.edits = edits;
        self
    }

    /// The same, and the computer's move that is owed next, if any.
    pub fn with_computer(mut self, computer: Option<ComputerTurn>) -> Response {
        self.effects.computer = computer;
        self
    }

    /// The same, and a thread to open.
    pub fn with_thread(mut self, thread: ThreadRequest) -> Response {
        self.effects.thread = Some(thread);
        self
    }
}

/// A board an interaction's answer shows: game `game` at record revision `revision`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    /// The game.
    pub game: GameId,
    /// The revision of its record that was drawn.
    pub revision: u64,
    /// How many moves had been played.
    pub plies: u32,
}

/// A move the computer opponent owes: in game `game`, on the position after `ply` moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerTurn {
    /// The game.
    pub game: GameId,
    /// Moves played when the computer's turn began.
    pub ply: u32,
}
