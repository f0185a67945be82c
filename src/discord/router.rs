//! The component router: a click or a select choice decoded from its `custom_id`, checked
//! against the clicked message, handed to the app, answered, and the owed writes settled.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, FullEvent, Interaction,
};

use super::answer::{settle, Delivery, Live};
use super::blocking::blocking;
use super::builders::{action_rows, attachment, response_message, user_ref};
use super::components::{self, Clicked};
use super::custom_id;
use super::data::Data;
use super::error::Error;
use super::metrics;
use super::snowflakes;
use crate::app::{Action, Caller, Locale, Msg, Place, Reply, Response, Text, TournamentClick};
use crate::ids::MessageId;

/// Routes a button click: check that the `custom_id` is one of the clicked message's own,
/// decode it, ask the app, answer the interaction, then settle what the answer owes
/// ([`settle`]).
///
/// An id that the clicked message does not carry (crafted by hand, or of an older drawing of
/// the message) is never acted on and never edits the message: it gets a private answer.
pub(super) async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
) {
    let started = std::time::Instant::now();
    let locale = Locale::from_discord(&interaction.locale);
    let custom_id = interaction.data.custom_id.as_str();
    let clicked = Some(snowflakes::message(interaction.message.id));
    let values = match &interaction.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => Some(values.as_slice()),
        _ => None,
    };
    // A select menu's choice completes its action (the move chosen).
    let decoded = custom_id::decode(custom_id).and_then(|action| match values {
        Some(values) => values
            .first()
            .and_then(|value| action.with_choice(value))
            .ok_or_else(|| custom_id::CustomIdError(custom_id.to_owned())),
        None => Ok(action),
    });
    // Where the click happened comes from Discord, never from the button's id.
    let place = Place {
        guild: interaction.guild_id.map(snowflakes::guild),
        channel: snowflakes::channel(interaction.channel_id),
    };
    let caller = Caller::new(locale, place, user_ref(&interaction.user));
    let response = match (
        components::clicked(&interaction.message, custom_id, values),
        decoded,
    ) {
        (Clicked::OnMessage, Ok(action)) if action.slow() => {
            return answer_slow(ctx, data, interaction, caller, action).await;
        }
        (Clicked::OnMessage, Ok(Action::Tournament { tournament, op })) => {
            // Manage Server makes a member an organiser of every tournament of the server.
            let manager = interaction
                .member
                .as_ref()
                .and_then(|m| m.permissions)
                .is_some_and(|p| p.manage_guild());
            let app = data.app.clone();
            let click = TournamentClick {
                tournament,
                op,
                manager,
                clicked,
            };
            blocking(move || app.tournament_click(&caller, click))
                .await
                .unwrap_or_else(|error| {
                    tracing::error!(%error, "a tournament button failed");
                    Response::private(Text::Apology.render(locale))
                })
        }
        (Clicked::OnMessage, Ok(action)) => click(data, caller, action, clicked).await,
        (Clicked::SameGame(action), _) => {
            tracing::info!(custom_id, "a button not on the clicked message");
            let app = data.app.clone();
            blocking(move || app.stale_click(&caller, action))
                .await
                .unwrap_or_else(|error| {
                    tracing::error!(%error, "answering a stale click failed");
                    Response::private(Text::Apology.render(locale))
                })
        }
        (Clicked::Foreign, _) => {
            tracing::warn!(custom_id, "a button not on the clicked message");
            Response::private(Text::ButtonNotHere.render(locale))
        }
        (Clicked::OnMessage, Err(error)) => {
            tracing::warn!(%error, "malformed button id");
            Response::private(Text::UnknownButton.render(locale))
        }
    };
    let Response { reply, effects } = response;
    let (builder, track) = match &reply {
        Reply::Update(msg) => (
            CreateInteractionResponse::UpdateMessage(response_message(msg, false)),
            None,
        ),
        Reply::Private(msg) => (
            CreateInteractionResponse::Message(response_message(msg, true)),
            None,
        ),
        Reply::Post { msg, track } => (
            CreateInteractionResponse::Message(response_message(msg, false)),
            *track,
        ),
        Reply::Launch => (CreateInteractionResponse::LaunchActivity, None),
    };
    let answered = interaction.create_response(&ctx.http, builder).await;
    metrics::click_answered(started.elapsed());
    let delivery = match answered {
        Ok(()) => Delivery::Sent {
            message: match reply {
                Reply::Update(_) => clicked,
                Reply::Post { .. } if track.is_some() => posted(ctx, interaction).await,
                Reply::Post { .. } | Reply::Private(_) | Reply::Launch => None,
            },
        },
        Err(error) => {
            metrics::discord_error(&error);
            tracing::warn!(custom_id, %error, "could not answer a button click");
            Delivery::Failed
        }
    };
    let target = Live {
        http: &ctx.http,
        data,
    };
    settle(&target, track, effects, delivery).await;
}

/// Answers a click whose answer takes seconds ([`Action::slow`]): acknowledges it at once
/// (the answer will be private), asks the app off the async threads, then sends the answer as
/// a private follow-up.
pub(super) async fn answer_slow(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
    caller: Caller,
    action: Action,
) {
    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    if let Err(error) = interaction.create_response(&ctx.http, defer).await {
        tracing::warn!(%error, ?action, "could not acknowledge a click");
        return;
    }
    let clicked = Some(snowflakes::message(interaction.message.id));
    let caller_locale = caller.locale;
    let response = click(data, caller, action, clicked).await;
    // A slow action's answer is private: whatever the app answered is shown to the clicker.
    // A launch cannot follow an acknowledgement: no slow action asks for one.
    let apology = Msg::text(Text::Apology.render(caller_locale));
    let msg = response.reply.msg().unwrap_or(&apology);
    let followup = CreateInteractionResponseFollowup::new()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .add_files(msg.files.iter().map(attachment))
        .ephemeral(true);
    let delivery = match interaction.create_followup(&ctx.http, followup).await {
        Ok(_) => Delivery::Sent { message: None },
        Err(error) => {
            tracing::warn!(%error, ?action, "could not send the answer to a click");
            Delivery::Failed
        }
    };
    let target = Live {
        http: &ctx.http,
        data,
    };
    settle(&target, None, response.effects, delivery).await;
}

/// Reads back the id of the message a click's answer posted.
pub(super) async fn posted(
    ctx: &serenity::Context,
    interaction: &ComponentInteraction,
) -> Option<MessageId> {
    match interaction.get_response(&ctx.http).await {
        Ok(message) => Some(snowflakes::message(message.id)),
        Err(error) => {
            tracing::warn!(%error, "could not read back a posted message");
            None
        }
    }
}

pub(super) async fn click(
    data: &Data,
    caller: Caller,
    action: Action,
    clicked: Option<MessageId>,
) -> Response {
    let (app, locale) = (data.app.clone(), caller.locale);
    match blocking(move || app.click_on(&caller, action, clicked)).await {
        Ok(response) => response,
        Err(error) => {
            tracing::error!(%error, ?action, "button handler failed");
            Response::private(Text::Apology.render(locale))
        }
    }
}

pub(super) async fn on_event(
    ctx: &serenity::Context,
    event: &FullEvent,
    data: &Data,
) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(component),
    } = event
    {
        on_component(ctx, data, component).await;
    }
    Ok(())
}
