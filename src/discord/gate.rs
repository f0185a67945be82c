//! The door every interaction comes through, in front of poise: it refuses servers this
//! process does not own (their records live in another process's store) and, once shutdown has
//! begun, new interactions; it counts what is in flight so that shutdown can wait for it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage,
    FullEvent, Interaction,
};
use tokio::sync::Notify;

use super::data::{Data, Error};
use super::metrics;
use crate::app::{Locale, Text};
use crate::shards::Layout;

/// Whether interactions are taken, and how many are being handled.
#[derive(Debug)]
pub struct Gate {
    layout: Layout,
    open: AtomicBool,
    in_flight: AtomicUsize,
    idle: Notify,
}

/// Held while an interaction (or a computer move) is handled; lets go when dropped.
#[derive(Debug)]
pub struct Pass(Arc<Gate>);

impl Drop for Pass {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Gate {
    /// An open gate for a process running `layout`.
    pub fn new(layout: Layout) -> Arc<Gate> {
        Arc::new(Gate {
            layout,
            open: AtomicBool::new(true),
            in_flight: AtomicUsize::new(0),
            idle: Notify::new(),
        })
    }

    /// A pass for one piece of work, or `None` once the gate is closed.
    pub fn enter(self: &Arc<Self>) -> Option<Pass> {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        let pass = Pass(self.clone());
        // Checked after counting, so `drain` never misses work that got a pass.
        self.open.load(Ordering::Acquire).then_some(pass)
    }

    /// Takes no new work from now on.
    pub fn close(&self) {
        self.open.store(false, Ordering::Release);
    }

    /// Waits until no pass is held, at most `limit`; false if work was still running then.
    pub async fn drain(&self, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        loop {
            let idle = self.idle.notified();
            if self.in_flight.load(Ordering::Acquire) == 0 {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || tokio::time::timeout(left, idle).await.is_err() {
                return self.in_flight.load(Ordering::Acquire) == 0;
            }
        }
    }
}

/// poise's framework behind the [`Gate`].
pub struct Gatekeeper {
    /// The framework that handles what the gate lets through.
    pub inner: poise::Framework<Data, Error>,
    /// The gate.
    pub gate: Arc<Gate>,
}

/// What kind of interaction it is, as the metrics name it.
fn kind(interaction: &Interaction) -> &'static str {
    match interaction {
        Interaction::Command(_) => "command",
        Interaction::Component(_) => "button",
        Interaction::Autocomplete(_) => "autocomplete",
        _ => "other",
    }
}

#[serenity::async_trait]
impl serenity::Framework for Gatekeeper {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: FullEvent) {
        let FullEvent::InteractionCreate { interaction } = &event else {
            return self.inner.dispatch(ctx, event).await;
        };
        let kind = kind(interaction);
        let guild = interaction.guild_id().map(|g| g.get());
        if !self.gate.layout.owns(guild) {
            tracing::error!(
                guild,
                layout = %self.gate.layout,
                "an interaction from a server this process does not own: refused without \
                 touching the store (check discord.shard_count and discord.shards)"
            );
            metrics::interaction(kind, "elsewhere");
            return refuse(&ctx, interaction, Text::ServedElsewhere).await;
        }
        let Some(pass) = self.gate.enter() else {
            metrics::interaction(kind, "restarting");
            return refuse(&ctx, interaction, Text::Restarting).await;
        };
        let started = Instant::now();
        self.inner.dispatch(ctx, event).await;
        metrics::interaction(kind, "served");
        metrics::handled(kind, started.elapsed());
        drop(pass);
    }
}

/// Answers an interaction the gate turned away with `text`, privately.
async fn refuse(ctx: &serenity::Context, interaction: &Interaction, text: Text) {
    let message = |locale: &str| {
        CreateInteractionResponseMessage::new()
            .content(text.render(Locale::from_discord(locale)))
            .ephemeral(true)
    };
    let sent = match interaction {
        Interaction::Command(command) => {
            let answer = CreateInteractionResponse::Message(message(&command.locale));
            command.create_response(&ctx.http, answer).await
        }
        Interaction::Component(component) => {
            let answer = CreateInteractionResponse::Message(message(&component.locale));
            component.create_response(&ctx.http, answer).await
        }
        Interaction::Autocomplete(autocomplete) => {
            let answer = CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new());
            autocomplete.create_response(&ctx.http, answer).await
        }
        _ => Ok(()),
    };
    if let Err(error) = sent {
        metrics::discord_error(&error);
        tracing::warn!(%error, "could not answer a refused interaction");
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Gate;
    use crate::shards::Layout;

    #[tokio::test]
    async fn a_closed_gate_takes_no_work_and_waits_for_what_it_took() {
        let gate = Gate::new(Layout::single());
        let pass = gate.enter().expect("an open gate");
        gate.close();
        assert!(gate.enter().is_none(), "closed");
        assert!(
            !gate.drain(Duration::from_millis(20)).await,
            "a pass is held"
        );
        let waiter = tokio::spawn({
            let gate = gate.clone();
            async move { gate.drain(Duration::from_secs(10)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiter.is_finished(), "still waiting for the pass");
        drop(pass);
        assert!(
            waiter.await.expect("the waiter"),
            "drained once the pass is back"
        );
    }
}
