//! The Activity: the three games on a board the players touch, a web page that runs inside
//! Discord, served by the bot itself (`activity.listen`), with its API and its live updates
//! (see `docs/activity.md`).
//!
//! A page signs in through Discord (the code its SDK gets is exchanged here with the client
//! secret, and the user and the instance's channel are asked of Discord, never taken from the
//! page), then gets a signed [`Session`]. Everything it does goes through the app as a click
//! does ([`crate::app::App::page_move`]), and what a change owes (the board message's edit,
//! a new message, the computer's turn) is handed to the Discord adapter through [`Carrier`]. Every page hears
//! the changes of its channel's game from the store ([`crate::store::Store::watch`]), so a move
//! clicked under the channel's board, made on another page or made through another process
//! shows at once.
//!
//! - `assets`: the page's files, embedded;
//! - `discord_api`: the calls to Discord (the code exchange, the user, the instance);
//! - `session`: the signed session tokens;
//! - `routes`: the API;
//! - `events`: the live updates (server-sent events);
//! - `peers`: a page's requests forwarded to the process that serves its server, for a bot
//!   split over sled stores.

mod assets;
mod discord_api;
mod events;
mod peers;
mod routes;
pub mod session;

use std::net::SocketAddr;
use std::sync::Arc;

use crate::app::{App, PageOwes, UserRef};

pub use discord_api::{ApiError, DiscordApi};
pub use peers::Peers;
pub use session::{Session, Signer};

/// Carries out what a page's change owes, as the Discord adapter does for a click's answer.
pub trait Carrier: Send + Sync + 'static {
    /// Posts the message owed, if any, and hands the rest on (the owed edits to the outbox,
    /// the computer's turn to its worker).
    fn carry(&self, owes: PageOwes);
}

/// What the Activity's server works with.
#[derive(Clone)]
pub struct Activity {
    /// The product.
    pub app: Arc<App>,
    /// Discord's REST API, for signing in.
    pub api: DiscordApi,
    /// Signs and checks sessions.
    pub signer: Signer,
    /// Carries out what a change owes.
    pub carrier: Arc<dyn Carrier>,
    /// The bot's own account, which takes the computer's seat in a game started on a page.
    pub computer: UserRef,
    /// The other processes of a bot split over sled stores (see `peers.rs`).
    pub peers: Peers,
}

/// The Activity's server state: what it works with, and the changes of games by channel.
#[derive(Clone)]
pub(crate) struct Served {
    /// What it works with.
    pub(crate) activity: Activity,
    /// The store's changes, each with its game's channel (see `events.rs`).
    pub(crate) changes: events::Changes,
}

impl std::ops::Deref for Served {
    type Target = Activity;

    fn deref(&self) -> &Activity {
        &self.activity
    }
}

impl Activity {
    /// Serves the Activity on `addr` until the process ends: bound before this returns (so a
    /// taken address is an error now), served in a task of its own.
    pub async fn serve(self, addr: SocketAddr) -> std::io::Result<()> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        tracing::info!(%addr, "the Activity is served");
        let changes = events::Changes::start(self.app.clone());
        let router = routes::router(Served {
            activity: self,
            changes,
        });
        tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, router).await {
                tracing::error!(%error, "the Activity's server stopped");
            }
        });
        Ok(())
    }
}
