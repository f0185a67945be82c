//! The door every interaction comes through, in front of poise: it refuses servers this
//! process does not own (their records live in another process's store) and, once shutdown has
//! begun, new interactions; it counts what is in flight through the [`Gate`].

use std::sync::Arc;
use std::time::Instant;

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage,
    FullEvent, Interaction,
};

use super::data::Data;
use super::error::Error;
use super::gate::Gate;
use super::metrics;
use super::snowflakes;
use crate::app::{Locale, Text};
use crate::ids::GuildId;

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
        let guild = interaction.guild_id().map(snowflakes::guild);
        if !self.gate.owns(guild) {
            tracing::error!(
                guild = guild.map(GuildId::get),
                layout = %self.gate.layout(),
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
