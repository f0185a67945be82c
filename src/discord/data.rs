//! What every handler can reach ([`Data`]), and the context type of poise commands.

use std::sync::Arc;

use super::error::Error;
use super::gate::Gate;
use super::workers::{Outbox, Tournaments};
use crate::app::{App, UserRef};

/// The context poise hands a command.
pub(super) type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler can reach.
#[derive(Clone)]
pub struct Data {
    pub(super) app: Arc<App>,
    /// The bot's own account: challenging it means playing the computer opponent.
    pub(super) me: UserRef,
    /// Writes owed to Discord outside interaction answers.
    pub(super) outbox: Outbox,
    /// Whether work is taken, and what is in flight.
    pub(super) gate: Arc<Gate>,
    /// The tournaments' worker.
    pub(super) tournaments: Tournaments,
}
