//! What the shell and a game share to draw a board: how the game stands ([`Situation`]),
//! who sits where ([`Scene`]), the controls it offers ([`Controls`], the picker's [`Step`]s
//! and [`Pick`]s), a replay's [`Frame`] and what a finished board [`Exports`].

use crate::app::text::{mention, Text};
use crate::app::vocab::{
    Action, Attachment, Button, PathError, PickerAt, PickerPath, Select, Style,
};
use crate::ids::{GameId, UserId};
use crate::locale::Locale;
use crate::store::Retirement;

/// Where a game stands, as the shell sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Situation {
    /// `seat` is to move; `person` is false while the computer thinks.
    ToMove {
        /// The seat to move.
        seat: usize,
        /// Whether a person plays it.
        person: bool,
    },
    /// The game ended by a seat leaving it (resignation or timeout).
    Forfeited {
        /// The seat that left.
        loser: usize,
        /// How.
        why: Retirement,
        /// The seats' places (0 first; equal places tie).
        places: Vec<u8>,
    },
    /// The game ended on the board.
    Over {
        /// The seats' places (0 first; equal places tie).
        places: Vec<u8>,
    },
}

impl Situation {
    /// Whether the game has ended.
    pub fn finished(&self) -> bool {
        !matches!(self, Situation::ToMove { .. })
    }

    /// The places, once the game has ended.
    pub fn places(&self) -> Option<&[u8]> {
        match self {
            Situation::ToMove { .. } => None,
            Situation::Forfeited { places, .. } | Situation::Over { places } => Some(places),
        }
    }
}

/// What a board shows besides the position: who sits where and how the game stands.
#[derive(Debug, Clone, Copy)]
pub struct Scene<'a> {
    /// The language of the board.
    pub locale: Locale,
    /// The game's id (for the controls' ids).
    pub game: GameId,
    /// The seats' names, in seat order.
    pub names: &'a [String],
    /// The seats' user ids, in seat order.
    pub ids: &'a [UserId],
    /// How the game stands.
    pub situation: &'a Situation,
    /// The first move the board describes (counted from 0): a game that shows a run of moves
    /// (Chinese checkers, where computer seats move one after another) draws and captions
    /// each move from this one on; the others describe their last move only.
    pub since: usize,
}

impl Scene<'_> {
    /// How captions name the player of `seat`: a mention, or for a computer (whose account
    /// plays every computer seat of a table) its seat's name, e.g. "oaq (hard)".
    pub fn who(&self, seat: usize) -> String {
        let id = self.ids.get(seat).copied().unwrap_or(UserId::new(0));
        if self.ids.iter().filter(|&&other| other == id).count() > 1 {
            self.names.get(seat).cloned().unwrap_or_default()
        } else {
            mention(id)
        }
    }
}

/// The components a board offers the seat to move: select menus (a row each), then rows of
/// buttons. The shell adds its own row (resign, rules) below.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Controls {
    /// Select menus.
    pub selects: Vec<Select>,
    /// Rows of buttons.
    pub rows: Vec<Vec<Button>>,
}

/// The places of a two-seat game that has ended: the seat that left (if one did) is second;
/// otherwise the winner is first, or both share first place in a draw (`winner` `None`).
pub(crate) fn two_seat_places(left: Option<usize>, winner: Option<usize>) -> Vec<u8> {
    match (left, winner) {
        (Some(loser), _) => {
            let mut places = vec![0, 0];
            places[loser.min(1)] = 1;
            places
        }
        (None, Some(winner)) => {
            let mut places = vec![1, 1];
            places[winner.min(1)] = 0;
            places
        }
        (None, None) => vec![0, 0],
    }
}

/// The controls of a game whose moves are chosen in the board's private picker: a *Pick a
/// move* button while a person is to move, on the board drawn after `ply` moves.
pub(crate) fn picker_controls(scene: &Scene<'_>, ply: u32) -> Controls {
    let Situation::ToMove { person: true, .. } = *scene.situation else {
        return Controls::default();
    };
    Controls {
        selects: Vec::new(),
        rows: vec![vec![Button {
            action: Action::Picker {
                game: scene.game,
                ply,
                at: PickerAt::Board,
            },
            label: Text::OpenPicker.render(scene.locale),
            style: Style::Primary,
            disabled: false,
        }]],
    }
}

/// One step towards a move in the board's private picker (a piece, then where it goes, then
/// whether it promotes): the key that rides in the picker's id — short printable ASCII without
/// `:` or `/`, neither `.` nor starting with `~` (see [`PickerPath`]) — and the label its
/// option shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The key, unique among the options of its step.
    pub key: String,
    /// What the option shows.
    pub label: String,
}

/// A legal move as the picker reaches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    /// The steps, first to last.
    pub steps: Vec<Step>,
    /// The move, in notation.
    pub mv: String,
    /// The move as its control shows it.
    pub label: String,
}

impl Pick {
    /// The picker's path to this move: its steps' keys. Keys that do not make a path are
    /// the game's inconsistency.
    pub fn path(&self) -> Result<PickerPath, PathError> {
        PickerPath::from_keys(self.steps.iter().map(|s| s.key.as_str()))
    }
}

/// What a finished board carries of the game's record besides its picture.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Exports {
    /// Caption lines.
    pub lines: Vec<Text>,
    /// Attached files.
    pub files: Vec<Attachment>,
}

/// A picture's status line for a frame of a replay (instead of the game's standing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Moves shown.
    pub ply: usize,
    /// Moves in the game.
    pub plies: usize,
}
