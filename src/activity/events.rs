//! The live updates of a page: a stream of server-sent events. On connecting, `games` (what
//! the channel holds); then `game` with the fresh view of each game of the channel that
//! changes, whoever changed it and through whichever process, followed by `games`. A page that
//! loses its stream (a restart, the network) reconnects by itself and reads what it shows
//! again; a page too slow to keep up is sent everything afresh.
//!
//! One task per process listens to the store's changes and reads each changed game's channel
//! once ([`Changes`]); each stream hears only its own channel's changes, so a move costs the
//! streams of its channel one read each, whatever the number of pages open elsewhere.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use super::routes::{caller, now_ms, Refusal, Signed};
use super::Served;
use crate::app::{App, Caller, Refused};
use crate::ids::{ChannelId, GameId};

/// How often an idle stream says it is alive (proxies close silent connections).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// A change as the streams hear it.
#[derive(Debug, Clone, Copy)]
enum Change {
    /// Game `game`, played in `channel`, changed.
    Game {
        /// Its channel.
        channel: ChannelId,
        /// The game.
        game: GameId,
    },
    /// Changes were missed (the process fell behind): everything is read afresh.
    Missed,
}

/// The store's changes, each with its game's channel, for every stream of the process.
#[derive(Clone)]
pub(crate) struct Changes {
    sender: broadcast::Sender<Change>,
}

impl Changes {
    /// Starts the task that reads each changed game's channel.
    pub(crate) fn start(app: Arc<App>) -> Changes {
        let sender = broadcast::channel(BACKLOG).0;
        let changes = Changes {
            sender: sender.clone(),
        };
        let mut store = app.store().watch();
        tokio::spawn(async move {
            loop {
                let change = match store.recv().await {
                    Ok(game) => {
                        let app = app.clone();
                        match tokio::task::spawn_blocking(move || app.page_channel(game)).await {
                            Ok(Some(channel)) => Change::Game { channel, game },
                            Ok(None) => continue,
                            Err(error) => {
                                tracing::error!(%error, "reading a changed game's channel failed");
                                Change::Missed
                            }
                        }
                    }
                    Err(RecvError::Lagged(_)) => Change::Missed,
                    Err(RecvError::Closed) => return,
                };
                // No stream open is not an error: nobody is looking.
                let _ = sender.send(change);
            }
        });
        changes
    }
}

/// How many changes a slow stream may fall behind before it reads everything afresh.
const BACKLOG: usize = 1024;

/// One page's stream.
struct Feed {
    app: Arc<App>,
    caller: Caller,
    changes: broadcast::Receiver<Change>,
    /// Events ready to send.
    ready: VecDeque<Event>,
    /// When the page's session ends: the stream ends with it.
    expires_ms: u64,
}

/// `GET /api/events?session=…`.
pub(super) async fn stream(
    State(activity): State<Served>,
    Signed(session): Signed,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Refusal> {
    // Listen before the first read, so that no change falls between the two.
    let mut feed = Feed {
        app: activity.app.clone(),
        caller: caller(&session),
        changes: activity.changes.sender.subscribe(),
        ready: VecDeque::new(),
        expires_ms: session.expires_ms,
    };
    feed.refresh().await;
    let events = stream::unfold(feed, |mut feed| async move {
        loop {
            if let Some(event) = feed.ready.pop_front() {
                return Some((Ok(event), feed));
            }
            if now_ms() >= feed.expires_ms {
                return None;
            }
            match feed.changes.recv().await {
                Ok(Change::Game { channel, game }) if channel == feed.caller.place.channel => {
                    feed.changed(game).await
                }
                Ok(Change::Game { .. }) => {}
                Ok(Change::Missed) | Err(RecvError::Lagged(_)) => feed.refresh().await,
                Err(RecvError::Closed) => return None,
            }
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

impl Feed {
    /// Queues everything afresh: the channel's list and each of its games.
    async fn refresh(&mut self) {
        let Some(games) = self.lobby().await else {
            return;
        };
        let ids: Vec<GameId> = games.games.iter().map(|g| g.id).collect();
        self.ready.push_back(json_event("games", &games));
        for id in ids {
            self.view(id).await;
        }
    }

    /// Queues `game`'s view and the channel's list, if `game` is played in the channel.
    async fn changed(&mut self, game: GameId) {
        if self.view(game).await {
            if let Some(games) = self.lobby().await {
                self.ready.push_back(json_event("games", &games));
            }
        }
    }

    /// Queues the view of `game`, if it is a game of the channel; says whether it was.
    async fn view(&mut self, game: GameId) -> bool {
        let (app, caller) = (self.app.clone(), self.caller.clone());
        match tokio::task::spawn_blocking(move || app.page_view(&caller, game)).await {
            Ok(Ok(view)) => {
                self.ready.push_back(json_event("game", &view));
                true
            }
            Ok(Err(refusal)) if refusal.why == Refused::Unknown => false,
            Ok(Err(refusal)) => {
                tracing::warn!(game = game.get(), message = %refusal.message, "a changed game could not be shown");
                false
            }
            Err(error) => {
                tracing::error!(%error, "reading a changed game failed");
                false
            }
        }
    }

    async fn lobby(&self) -> Option<crate::app::PageLobby> {
        let (app, caller) = (self.app.clone(), self.caller.clone());
        match tokio::task::spawn_blocking(move || app.page_lobby(&caller)).await {
            Ok(Ok(lobby)) => Some(lobby),
            Ok(Err(refusal)) => {
                tracing::warn!(message = %refusal.message, "a channel's games could not be listed");
                None
            }
            Err(error) => {
                tracing::error!(%error, "listing a channel's games failed");
                None
            }
        }
    }
}

/// An event named `name` carrying `data` as JSON.
fn json_event(name: &str, data: &impl serde::Serialize) -> Event {
    Event::default()
        .event(name)
        .data(serde_json::to_string(data).unwrap_or_else(|_| String::from("{}")))
}
