//! What the app answers: messages with text, attached files and buttons, independent of
//! Discord's builders.

use super::games::Notation;
use super::outbox::Shown;
use super::picker::PickerAt;
use crate::locale::Locale;
use crate::store::GameKind;
use crate::store::{Hand, Level, Owed, OwedKey};

/// A button's action, carried in its `custom_id` (see `discord::custom_id`). Every action names
/// the record or view it applies to, so a click works after a restart, but never an authority:
/// the server, channel and user always come from the interaction, and a click on a record that
/// lives in another channel is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Accept a challenge.
    Accept {
        /// Challenge id.
        challenge: u64,
    },
    /// Decline a challenge.
    Decline {
        /// Challenge id.
        challenge: u64,
    },
    /// Cancel one's own challenge.
    Cancel {
        /// Challenge id.
        challenge: u64,
    },
    /// Take a seat at a lobby.
    Join {
        /// Lobby (challenge) id.
        lobby: u64,
    },
    /// Give up one's seat at a lobby.
    Leave {
        /// Lobby (challenge) id.
        lobby: u64,
    },
    /// Seat a computer at a lobby (from its menu), or remove one.
    Computer {
        /// Lobby (challenge) id.
        lobby: u64,
        /// The level of the computer to add; `None` removes the last computer seated.
        add: Option<Level>,
    },
    /// Start a lobby's game (its host).
    Start {
        /// Lobby (challenge) id.
        lobby: u64,
    },
    /// A rock-paper-scissors pick.
    Pick {
        /// Challenge id.
        challenge: u64,
        /// The hand.
        hand: Hand,
    },
    /// A move, on the board drawn at `ply`.
    Play {
        /// Game id.
        game: u64,
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
        game: u64,
        /// Moves played when the board was drawn.
        ply: u32,
        /// Where the click comes from and goes.
        at: PickerAt,
    },
    /// Show the board from the other side, privately.
    View {
        /// Game id.
        game: u64,
    },
    /// Ask to resign (answered with a private confirmation).
    Resign {
        /// Game id.
        game: u64,
    },
    /// Confirm resigning.
    ConfirmResign {
        /// Game id.
        game: u64,
    },
    /// Show the rules of the game.
    Rules {
        /// Game id.
        game: u64,
    },
    /// Play the same opponent again, first player swapped (on a finished board).
    Rematch {
        /// The finished game's id.
        game: u64,
    },
    /// Analyse a finished game's mistakes, privately (on a finished board). Its answer takes
    /// seconds (see [`Action::slow`]).
    Analyse {
        /// The finished game's id.
        game: u64,
    },
    /// A button of a tournament message.
    Tournament {
        /// The tournament.
        tournament: u64,
        /// What it does.
        op: super::tournament::TournamentOp,
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

    /// The record the action acts on or shows, if it names one (a leaderboard page names
    /// none: it is a view of the clicker's server).
    pub fn subject(self) -> Option<Subject> {
        match self {
            Action::Accept { challenge }
            | Action::Decline { challenge }
            | Action::Cancel { challenge }
            | Action::Pick { challenge, .. }
            | Action::Join { lobby: challenge }
            | Action::Leave { lobby: challenge }
            | Action::Computer {
                lobby: challenge, ..
            }
            | Action::Start { lobby: challenge } => Some(Subject::Challenge(challenge)),
            Action::Play { game, .. }
            | Action::Picker { game, .. }
            | Action::View { game }
            | Action::Resign { game }
            | Action::ConfirmResign { game }
            | Action::Rules { game }
            | Action::Rematch { game }
            | Action::Analyse { game } => Some(Subject::Game(game)),
            Action::Tournament { tournament, .. } => Some(Subject::Tournament(tournament)),
            Action::Leaderboard { .. } => None,
        }
    }

    /// The game the action acts on or shows, if it names one.
    pub fn game(self) -> Option<u64> {
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
    Challenge(u64),
    /// A game.
    Game(u64),
    /// A tournament.
    Tournament(u64),
}

/// A button colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Blurple.
    Primary,
    /// Grey.
    Secondary,
    /// Green.
    Success,
    /// Red.
    Danger,
}

/// A button.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What a click does.
    pub action: Action,
    /// The label.
    pub label: String,
    /// The colour.
    pub style: Style,
    /// Greyed out and unclickable.
    pub disabled: bool,
}

/// What kind of file an attachment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A PNG picture (a board, a leaderboard, a chart).
    Png,
    /// An animated GIF (a replay).
    Gif,
    /// UTF-8 text (an exported game record).
    Text,
}

/// A file attached to a message, with its own name.
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name Discord shows.
    pub name: String,
    /// The kind of file.
    pub kind: FileKind,
    /// The contents.
    pub bytes: Vec<u8>,
}

impl Attachment {
    /// The file name of a board picture.
    pub const BOARD: &'static str = "board.png";
    /// The file name of a replay animation.
    pub const REPLAY: &'static str = "replay.gif";

    /// A PNG picture named `name`.
    pub fn png(name: &str, bytes: Vec<u8>) -> Attachment {
        Attachment {
            name: name.to_owned(),
            kind: FileKind::Png,
            bytes,
        }
    }

    /// A board picture.
    pub fn board(png: Vec<u8>) -> Attachment {
        Attachment::png(Attachment::BOARD, png)
    }

    /// A replay animation.
    pub fn replay(gif: Vec<u8>) -> Attachment {
        Attachment {
            name: Attachment::REPLAY.to_owned(),
            kind: FileKind::Gif,
            bytes: gif,
        }
    }
}

impl std::fmt::Debug for Attachment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({:?}, {} bytes)",
            self.name,
            self.kind,
            self.bytes.len()
        )
    }
}

/// One option of a select menu, or one answer to an autocomplete request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What the user reads (Discord allows 100 characters).
    pub label: String,
    /// What comes back when it is chosen (at most 100 characters).
    pub value: String,
}

/// A string select menu, on a row of its own: choosing an option runs `action` with the
/// option's value as the move (see [`Action::with_choice`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Select {
    /// What choosing does; its move is replaced by the chosen value.
    pub action: Action,
    /// The grey text shown before a choice.
    pub placeholder: String,
    /// The options (Discord allows 25).
    pub options: Vec<Choice>,
}

/// Discord's limits on a message's components.
pub mod limits {
    /// Rows of components (a select menu takes a row).
    pub const ROWS: usize = 5;
    /// Buttons in a row.
    pub const BUTTONS: usize = 5;
    /// Options in a select menu, and answers to an autocomplete request.
    pub const OPTIONS: usize = 25;
    /// Characters of a custom id, an option's label or value.
    pub const ID: usize = 100;
    /// Characters of a button's label.
    pub const LABEL: usize = 80;
    /// Characters of a select menu's placeholder.
    pub const PLACEHOLDER: usize = 150;
    /// Characters of a message's content.
    pub const CONTENT: usize = 2000;
}

/// A message: text, attached files, select menus, rows of buttons.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Msg {
    /// The text (Discord markdown, mentions as `<@id>`).
    pub text: String,
    /// Files to attach (empty on an edit: the message keeps the files it has).
    pub files: Vec<Attachment>,
    /// Select menus, one row each, above the buttons.
    pub selects: Vec<Select>,
    /// Rows of buttons (empty, with no selects: the message has no components).
    pub rows: Vec<Vec<Button>>,
}

impl Msg {
    /// A text-only message.
    pub fn text(text: String) -> Msg {
        Msg {
            text,
            ..Msg::default()
        }
    }

    /// The attached picture (PNG or GIF), if any.
    pub fn picture(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|f| matches!(f.kind, FileKind::Png | FileKind::Gif))
            .map(|f| f.bytes.as_slice())
    }
}

/// Which record a newly posted message belongs to, so its id can be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Track {
    /// The message shows this challenge.
    Challenge(u64),
    /// The message shows this game's board, as drawn at this revision of its record.
    Game(Shown),
    /// The message shows this tournament.
    Tournament(u64),
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
}

/// Another message to change, by the bot, outside the interaction's reply: a write the
/// outbox owes Discord (see `outbox.rs`), drawn. Report how it went with
/// [`crate::app::App::edit_sent`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The channel.
    pub channel: u64,
    /// The message to edit; `None` when its id is unknown: then post `msg` as a new message.
    pub message: Option<u64>,
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
    pub computer: Option<crate::app::ComputerTurn>,
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
    pub game: u64,
    /// The channel of the message.
    pub channel: u64,
    /// The message the thread starts from (the accepted challenge).
    pub message: u64,
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
    pub fn with_computer(mut self, computer: Option<crate::app::ComputerTurn>) -> Response {
        self.effects.computer = computer;
        self
    }

    /// The same, and a thread to open.
    pub fn with_thread(mut self, thread: ThreadRequest) -> Response {
        self.effects.thread = Some(thread);
        self
    }
}
