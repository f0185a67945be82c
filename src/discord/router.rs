//! The component router: a click or a select choice decoded from its `custom_id`, checked
//! against the clicked message, handed to the app, answered, and the owed writes settled.

use super::*;

/// Routes a button click: check that the `custom_id` is one of the clicked message's own,
/// decode it, ask the app, answer the interaction, then settle the board it showed (or, if
/// the answer failed, have the outbox write it) and hand the other owed writes to the outbox.
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
    let clicked = Some(interaction.message.id.get());
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
        guild: interaction.guild_id.map(|g| g.get()),
        channel: interaction.channel_id.get(),
    };
    let response = match (
        components::clicked(&interaction.message, custom_id, values),
        decoded,
    ) {
        (Clicked::OnMessage, Ok(action)) if action.slow() => {
            return answer_slow(ctx, data, interaction, locale, place, action).await;
        }
        (Clicked::OnMessage, Ok(action)) => {
            click(data, locale, place, &interaction.user, action, clicked).await
        }
        (Clicked::SameGame(action), _) => {
            tracing::info!(custom_id, "a button not on the clicked message");
            let app = data.app.clone();
            blocking(move || app.stale_click(locale, place, action))
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
    let (builder, track) = match &response.reply {
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
    };
    let answered = interaction.create_response(&ctx.http, builder).await;
    metrics::click_answered(started.elapsed());
    match answered {
        Ok(()) => {
            if let Some(shown) = response.shows {
                let app = data.app.clone();
                match blocking(move || app.board_shown(shown, clicked)).await {
                    Ok(owed) => data.outbox.poke(owed),
                    Err(error) => tracing::error!(%error, "settling a shown board failed"),
                }
            }
            if let Some(track) = track {
                record_posted(ctx, data, interaction, track).await;
            }
        }
        Err(error) => {
            metrics::discord_error(&error);
            tracing::warn!(custom_id, %error, "could not answer a button click");
            // The change is stored: the public board is brought up to date by REST.
            if let Some(shown) = response.shows {
                data.outbox.poke(vec![OwedKey::Board(shown.game)]);
            }
        }
    }
    data.outbox.send(response.edits);
    if let Some(turn) = response.computer {
        spawn_computer(data.app.clone(), data.outbox.clone(), &data.gate, turn);
    }
    if let Some(request) = response.thread {
        open_thread(&ctx.http, data, request).await;
    }
}

/// Answers a click whose answer takes seconds ([`Action::slow`]): acknowledges it at once
/// (the answer will be private), asks the app off the async threads, then sends the answer as
/// a private follow-up.
pub(super) async fn answer_slow(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
    locale: Locale,
    place: Place,
    action: Action,
) {
    let defer =
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true));
    if let Err(error) = interaction.create_response(&ctx.http, defer).await {
        tracing::warn!(%error, ?action, "could not acknowledge a click");
        return;
    }
    let clicked = Some(interaction.message.id.get());
    let response = click(data, locale, place, &interaction.user, action, clicked).await;
    // A slow action's answer is private: whatever the app answered is shown to the clicker.
    let (Reply::Private(msg) | Reply::Update(msg) | Reply::Post { msg, .. }) = &response.reply;
    let followup = CreateInteractionResponseFollowup::new()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .add_files(msg.files.iter().map(attachment))
        .ephemeral(true);
    if let Err(error) = interaction.create_followup(&ctx.http, followup).await {
        tracing::warn!(%error, ?action, "could not send the answer to a click");
    }
    data.outbox.send(response.edits);
}

/// Reads back the message a click's answer posted and records it for `track`.
pub(super) async fn record_posted(
    ctx: &serenity::Context,
    data: &Data,
    interaction: &ComponentInteraction,
    track: Track,
) {
    match interaction.get_response(&ctx.http).await {
        Ok(message) => {
            let app = data.app.clone();
            let id = message.id.get();
            match blocking(move || app.record_message(track, id)).await {
                Ok(owed) => data.outbox.poke(owed),
                Err(error) => tracing::error!(%error, "recording a message id failed"),
            }
        }
        Err(error) => tracing::warn!(%error, "could not read back a posted message"),
    }
}

/// Opens a public thread from the accepted challenge's message and moves the game there; the
/// outbox posts its board in it. If Discord refuses the thread, the board is posted in the
/// channel.
pub(super) async fn open_thread(http: &serenity::Http, data: &Data, request: ThreadRequest) {
    let (Some(channel), Some(message)) = (
        NonZeroU64::new(request.channel).map(ChannelId::from),
        NonZeroU64::new(request.message).map(MessageId::from),
    ) else {
        return;
    };
    let builder = CreateThread::new(request.name.clone()).kind(ChannelType::PublicThread);
    let thread = match channel
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => Some(thread.id.get()),
        Err(error) => {
            tracing::warn!(%error, game = request.game, "could not open a thread: playing in the channel");
            None
        }
    };
    let game = request.game;
    let app = data.app.clone();
    match blocking(move || app.move_to_thread(game, thread)).await {
        Ok(Some(edit)) => data.outbox.send(vec![edit]),
        Ok(None) => {}
        Err(error) => tracing::error!(%error, game, "moving a game to its thread failed"),
    }
}

pub(super) async fn click(
    data: &Data,
    locale: Locale,
    place: Place,
    user: &serenity::User,
    action: Action,
    clicked: Option<u64>,
) -> Response {
    let app = data.app.clone();
    let user = user_ref(user);
    match blocking(move || app.click_on(locale, place, &user, action, clicked)).await {
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
