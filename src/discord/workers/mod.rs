//! The bot's background workers, one a file: the outbox (the writes owed to Discord), the
//! expiry sweep (challenges and turns that ran out), the computer opponent's moves, the
//! tournaments' worker (a thread for each paired game) and the shards' liveness watch.
//!
//! [`start`] starts the workers the handlers hand work to, once the bot is ready; the liveness
//! watch reads serenity's shard manager, so it is started with the metrics endpoint, before the
//! shards connect ([`Liveness::spawn`]).

mod computer;
mod expiry;
mod liveness;
mod outbox;
mod tournaments;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

pub(super) use computer::spawn_computer;
pub(super) use liveness::Liveness;
pub(super) use outbox::Outbox;
pub(super) use tournaments::Tournaments;

use super::gate::Gate;
use crate::app::App;
use computer::resume_computer;
use expiry::spawn_expiry;

/// The handles on the workers the handlers hand work to.
pub(super) struct Workers {
    /// The writes owed to Discord.
    pub(super) outbox: Outbox,
    /// The tournaments' worker.
    pub(super) tournaments: Tournaments,
}

/// Starts the outbox (each write may take `write_timeout`), the expiry sweep (every `sweep`),
/// the moves the computer owed when the bot stopped, and the tournaments' worker.
pub(super) async fn start(
    http: Arc<serenity::Http>,
    app: &Arc<App>,
    gate: &Arc<Gate>,
    sweep: Duration,
    write_timeout: Duration,
) -> Workers {
    let outbox = Outbox::spawn(http.clone(), app.clone(), write_timeout);
    spawn_expiry(outbox.clone(), app.clone(), gate.clone(), sweep);
    resume_computer(outbox.clone(), app.clone(), gate).await;
    let tournaments = Tournaments::spawn(http, app.clone(), outbox.clone());
    Workers {
        outbox,
        tournaments,
    }
}
