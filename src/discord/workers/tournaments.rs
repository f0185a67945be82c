//! The tournaments' worker: starts each paired game in a thread of its own.
//!
//! It runs the app's tournament sweep ([`App::tournament_work`]) every few seconds, and at
//! once when an answer paired a round ([`Tournaments::wake`]) or a tournament game ended
//! ([`App::tournament_due`]): a round's last result pairs the next round straight away. For
//! each pairing whose game is still to be started it opens a public thread in the tournament's
//! channel (Discord's "start thread without message") and has the app create the game there
//! ([`App::open_pairing`]), whose board the outbox posts. One sweep runs at a time, so a pairing is never given two
//! threads by this process; if the bot stops between opening a thread and creating its game,
//! the next sweep opens another thread for it and the first stays empty.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelType, CreateThread};
use tokio::sync::Notify;

use super::outbox::Outbox;
use crate::app::App;
use crate::discord::blocking::blocking;
use crate::discord::metrics;
use crate::discord::snowflakes;

/// How often the sweep runs when nothing wakes it.
const EVERY: Duration = Duration::from_secs(2);

/// A handle on the running worker.
#[derive(Clone)]
pub struct Tournaments {
    wake: Arc<Notify>,
}

impl Tournaments {
    /// Starts the worker.
    pub fn spawn(http: Arc<serenity::Http>, app: Arc<App>, outbox: Outbox) -> Tournaments {
        let wake = app.tournament_due();
        let waiter = wake.clone();
        tokio::spawn(async move {
            loop {
                sweep(&http, &app, &outbox).await;
                tokio::select! {
                    _ = waiter.notified() => {}
                    _ = tokio::time::sleep(EVERY) => {}
                }
            }
        });
        Tournaments { wake }
    }

    /// Runs the sweep now (or right after the one under way).
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

async fn sweep(http: &serenity::Http, app: &Arc<App>, outbox: &Outbox) {
    let worker = app.clone();
    let starts = match blocking(move || worker.tournament_work()).await {
        Ok(starts) => starts,
        Err(error) => {
            tracing::error!(%error, "the tournament sweep failed");
            return;
        }
    };
    for start in starts {
        let Some(channel) = snowflakes::to_channel(start.channel) else {
            continue;
        };
        let builder = CreateThread::new(start.name.clone()).kind(ChannelType::PublicThread);
        let thread = match channel.create_thread(http, builder).await {
            Ok(thread) => snowflakes::channel(thread.id),
            Err(error) => {
                metrics::discord_error(&error);
                tracing::warn!(%error, game = start.game.get(), "could not open a tournament game's thread; trying again at the next sweep");
                continue;
            }
        };
        let worker = app.clone();
        let game = start.game.get();
        match blocking(move || worker.open_pairing(&start, thread)).await {
            Ok(Some(edit)) => outbox.send(vec![edit]),
            Ok(None) => {}
            Err(error) => tracing::error!(%error, game, "starting a tournament game failed"),
        }
    }
}
