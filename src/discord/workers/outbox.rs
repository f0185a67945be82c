//! The outbox worker: makes the writes the app owes Discord (board edits after a resignation,
//! the computer's move or a timeout, boards posted in threads or afresh, notes on old
//! messages) and reports each outcome to the app, which keeps the entries in the store until
//! Discord has them (see `app/outbox.rs`).
//!
//! One write per entry is under way at a time; an entry asked for again meanwhile is written
//! again once the first write is done, from a fresh drawing. Every second (and at once after a
//! failure's backoff) the worker asks the app which entries are due; its first scan, at
//! start-up, takes every entry, so what was owed when the bot stopped is written.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{CreateMessage, EditMessage, HttpError, Nonce};
use tokio::sync::mpsc;

use crate::app::{App, Edit, Scan, Sent};
use crate::discord::blocking::blocking;
use crate::discord::builders::{action_rows, attachment};
use crate::discord::metrics;
use crate::discord::snowflakes;
use crate::store::OwedKey;

/// How often the worker looks for entries that fell due.
const TICK: Duration = Duration::from_secs(1);

enum Job {
    /// Drawn edits to write now.
    Edits(Vec<Edit>),
    /// Entries to draw and write now.
    Keys(Vec<OwedKey>),
}

/// A handle on the running worker.
#[derive(Clone)]
pub struct Outbox {
    jobs: mpsc::UnboundedSender<Job>,
}

impl Outbox {
    /// Starts the worker; each write may take `timeout` before it counts as failed.
    pub fn spawn(http: Arc<serenity::Http>, app: Arc<App>, timeout: Duration) -> Outbox {
        let (jobs, receiver) = mpsc::unbounded_channel();
        tokio::spawn(run(http, app, timeout, receiver));
        Outbox { jobs }
    }

    /// Writes these drawn edits now.
    pub fn send(&self, edits: Vec<Edit>) {
        if !edits.is_empty() && self.jobs.send(Job::Edits(edits)).is_err() {
            tracing::error!("the outbox worker has stopped");
        }
    }

    /// Draws and writes these entries now (their grace is cut short).
    pub fn poke(&self, keys: Vec<OwedKey>) {
        if !keys.is_empty() && self.jobs.send(Job::Keys(keys)).is_err() {
            tracing::error!("the outbox worker has stopped");
        }
    }
}

async fn run(
    http: Arc<serenity::Http>,
    app: Arc<App>,
    timeout: Duration,
    mut jobs: mpsc::UnboundedReceiver<Job>,
) {
    let mut busy: HashSet<OwedKey> = HashSet::new();
    let mut again: HashSet<OwedKey> = HashSet::new();
    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<(OwedKey, Vec<OwedKey>)>();
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut startup = true;
    loop {
        let mut urgent = Vec::new();
        let mut edits = Vec::new();
        let mut scan = false;
        tokio::select! {
            _ = tick.tick() => scan = true,
            job = jobs.recv() => match job {
                Some(Job::Edits(drawn)) => edits = drawn,
                Some(Job::Keys(keys)) => {
                    urgent = keys;
                    scan = true;
                }
                None => return,
            },
            Some((key, more)) = done_rx.recv() => {
                busy.remove(&key);
                if again.remove(&key) {
                    urgent.push(key);
                }
                urgent.extend(more);
                scan = !urgent.is_empty();
            }
        }
        if scan {
            let worker = app.clone();
            let busy_now = busy.clone();
            let all = std::mem::take(&mut startup);
            let drawn = blocking(move || {
                worker.due_edits(Scan {
                    all,
                    urgent: &urgent,
                    busy: &busy_now,
                })
            })
            .await;
            match drawn {
                Ok(drawn) => edits.extend(drawn),
                Err(error) => tracing::error!(%error, "could not read the outbox"),
            }
        }
        for edit in edits {
            if !busy.insert(edit.key) {
                again.insert(edit.key);
                continue;
            }
            let (http, app, done) = (http.clone(), app.clone(), done_tx.clone());
            tokio::spawn(async move {
                let key = edit.key;
                let sent = send(&http, &edit, timeout).await;
                let more = blocking(move || app.edit_sent(&edit, sent))
                    .await
                    .unwrap_or_else(|error| {
                        tracing::error!(%error, "could not record a write to Discord");
                        Vec::new()
                    });
                // The worker outlives its writes; if it is gone, there is nobody to tell.
                let _ = done.send((key, more));
            });
        }
    }
}

/// A nonce for posting `edit` as a new message, the same for every try of the same write, so
/// Discord creates the message once even if an earlier try's answer was lost.
fn nonce(edit: &Edit) -> Nonce {
    let mut hasher = DefaultHasher::new();
    edit.key.hash(&mut hasher);
    edit.seen.write.hash(&mut hasher);
    Nonce::String(format!("{:x}", hasher.finish()))
}

/// Makes one write: edits the message, or posts a new one when its id is unknown.
pub async fn send(http: &serenity::Http, edit: &Edit, timeout: Duration) -> Sent {
    let Some(channel) = snowflakes::to_channel(edit.channel) else {
        return Sent::Permanent(String::from("no channel"));
    };
    let msg = &edit.msg;
    match edit.message.and_then(snowflakes::to_message) {
        Some(message) => {
            let mut builder = EditMessage::new()
                .content(msg.text.clone())
                .components(action_rows(msg));
            for file in &msg.files {
                builder = builder.new_attachment(attachment(file));
            }
            let write = channel.edit_message(http, message, builder);
            match tokio::time::timeout(timeout, write).await {
                Ok(Ok(_)) => Sent::Done { posted: None },
                Ok(Err(error)) => classify(&error),
                Err(_) => timed_out(timeout),
            }
        }
        None => {
            let mut builder = CreateMessage::new()
                .content(msg.text.clone())
                .components(action_rows(msg))
                .nonce(nonce(edit))
                .enforce_nonce(true);
            for file in &msg.files {
                builder = builder.add_file(attachment(file));
            }
            let write = channel.send_message(http, builder);
            match tokio::time::timeout(timeout, write).await {
                Ok(Ok(posted)) => Sent::Done {
                    posted: Some(snowflakes::message(posted.id)),
                },
                Ok(Err(error)) => classify(&error),
                Err(_) => timed_out(timeout),
            }
        }
    }
}

fn timed_out(timeout: Duration) -> Sent {
    metrics::discord_timeout();
    Sent::Transient(format!("no answer within {} ms", timeout.as_millis()))
}

/// Whether a failed write may work later: Discord's 5xx and 429, and network failures, may;
/// any other refusal (unknown message or channel, missing access, a message too old to edit,
/// a request Discord or serenity rejects) will not.
///
/// A 429 that reaches this point is one serenity's own rate limiter did not absorb (it waits
/// `retry_after` and retries by itself when Discord is talked to directly) — behind a proxy,
/// which queues for rate limits itself. serenity drops the `retry_after` of the answer, so
/// the backoff of `app/outbox.rs` applies.
pub fn classify(error: &serenity::Error) -> Sent {
    metrics::discord_error(error);
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            let reason = format!(
                "{status}: {} (code {})",
                response.error.message, response.error.code
            );
            if status == 429 || status >= 500 {
                Sent::Transient(reason)
            } else {
                Sent::Permanent(reason)
            }
        }
        serenity::Error::Http(HttpError::Request(error)) => Sent::Transient(error.to_string()),
        serenity::Error::Io(error) => Sent::Transient(error.to_string()),
        other => Sent::Permanent(other.to_string()),
    }
}
