//! What a message is made of, independent of Discord's builders: text, attached files,
//! select menus and rows of buttons ([`Msg`]), within Discord's [`limits`].

use super::action::Action;
use crate::ids::{ChannelId, GuildId, MessageId};

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

/// A file attached to a message, with its own name and its description (alt text).
#[derive(Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name Discord shows.
    pub name: String,
    /// The kind of file.
    pub kind: FileKind,
    /// The contents.
    pub bytes: Vec<u8>,
    /// What the file shows, in the message's language, for screen readers and for a
    /// picture that fails to load: at most [`limits::DESCRIPTION`] characters (see
    /// `text::alt::fit`).
    pub description: String,
}

impl Attachment {
    /// The file name of a board picture.
    pub const BOARD: &'static str = "board.png";
    /// The file name of a replay animation.
    pub const REPLAY: &'static str = "replay.gif";

    /// A PNG picture named `name`, described by `description`.
    pub fn png(name: &str, bytes: Vec<u8>, description: String) -> Attachment {
        Attachment {
            name: name.to_owned(),
            kind: FileKind::Png,
            bytes,
            description,
        }
    }

    /// A board picture.
    pub fn board(png: Vec<u8>, description: String) -> Attachment {
        Attachment::png(Attachment::BOARD, png, description)
    }

    /// A replay animation.
    pub fn replay(gif: Vec<u8>, description: String) -> Attachment {
        Attachment {
            name: Attachment::REPLAY.to_owned(),
            kind: FileKind::Gif,
            bytes: gif,
            description,
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
    /// Characters of an attachment's description (alt text).
    pub const DESCRIPTION: usize = 1024;
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

/// A link to a message, for "the game is over there" answers.
pub(crate) fn message_link(
    guild: Option<GuildId>,
    channel: ChannelId,
    message: Option<MessageId>,
) -> Option<String> {
    let message = message?;
    let guild = guild.map_or_else(|| String::from("@me"), |g| g.to_string());
    Some(format!(
        "https://discord.com/channels/{guild}/{channel}/{message}"
    ))
}
