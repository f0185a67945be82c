//! The expiry sweep: challenges that ran out, and turns that ran out of time.

use std::sync::Arc;
use std::time::Duration;

use super::computer::spawn_computer;
use super::outbox::Outbox;
use crate::app::App;
use crate::discord::blocking::blocking;
use crate::discord::gate::Gate;

/// Periodically expires challenges, settles turns that ran out of time, and edits their
/// messages. The first sweep runs at once, so games that ran out while the bot was down are
/// settled at start-up.
pub(super) fn spawn_expiry(outbox: Outbox, app: Arc<App>, gate: Arc<Gate>, every: Duration) {
    tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        loop {
            interval.tick().await;
            let app = app.clone();
            let worker = app.clone();
            let sweep = move || {
                let mut edits = worker.expire_challenges();
                let (settled, turns) = worker.settle_turns();
                edits.extend(settled);
                (edits, turns)
            };
            match blocking(sweep).await {
                Ok((edits, turns)) => {
                    outbox.send(edits);
                    for turn in turns {
                        spawn_computer(app.clone(), outbox.clone(), &gate, turn);
                    }
                }
                Err(error) => tracing::error!(%error, "expiry sweep failed"),
            }
        }
    });
}
