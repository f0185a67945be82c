//! The words every feature shares, and no feature owns: what a click asks for ([`Action`]),
//! who asks, where and in which language ([`Caller`]: a [`UserRef`] and a [`Place`]), and what the app answers ([`Response`]: a
//! [`Reply`] made of [`Msg`]s, and its [`Effects`]), and what a finished game's analysis
//! found ([`Review`]).
//!
//! This module imports no feature: the features import it, side by side, so none of them needs
//! another to name a button or an answer.

mod action;
mod analysis;
mod answer;
mod message;
mod notation;
mod picker_path;
mod request;

pub use action::{Action, Subject, TournamentOp};
pub use analysis::{Cost, Mistake, Review};
pub use answer::{ComputerTurn, Edit, Effects, Reply, Response, Shown, ThreadRequest, Track};
pub(crate) use message::message_link;
pub use message::{limits, Attachment, Button, Choice, FileKind, Msg, Select, Style};
pub use notation::{Notation, NotationError};
pub use picker_path::{PathError, PickerAt, PickerPath};
pub use request::{Caller, Place, UserRef};
