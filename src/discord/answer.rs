//! Answers: app [`Msg`]s and [`Response`]s turned into serenity builders (buttons, select
//! menus, attachments, interaction replies), and the computer's turns an answer starts.

use super::*;

pub(super) fn style(style: Style) -> ButtonStyle {
    match style {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    }
}

pub(super) fn button(button: &Button) -> CreateButton {
    CreateButton::new(custom_id::encode(&button.action))
        .label(button.label.clone())
        .style(style(button.style))
        .disabled(button.disabled)
}

pub(super) fn select(select: &Select) -> CreateSelectMenu {
    let options = select
        .options
        .iter()
        .map(|o| CreateSelectMenuOption::new(o.label.clone(), o.value.clone()))
        .collect();
    CreateSelectMenu::new(
        custom_id::encode(&select.action),
        CreateSelectMenuKind::String { options },
    )
    .placeholder(select.placeholder.clone())
}

/// A message's select menus (a row each), then its rows of buttons, as action rows.
pub fn action_rows(msg: &Msg) -> Vec<CreateActionRow> {
    let selects = msg
        .selects
        .iter()
        .map(|s| CreateActionRow::SelectMenu(select(s)));
    let buttons = msg
        .rows
        .iter()
        .map(|row| CreateActionRow::Buttons(row.iter().map(button).collect()));
    selects.chain(buttons).collect()
}

/// A file as Discord's attachment, under its own name.
pub(crate) fn attachment(file: &Attachment) -> CreateAttachment {
    CreateAttachment::bytes(file.bytes.clone(), file.name.clone())
}

/// An interaction response message. Components are always set, so an empty list removes the
/// buttons of an updated message; a board always carries its PNG (the attachments trap).
pub(super) fn response_message(msg: &Msg, ephemeral: bool) -> CreateInteractionResponseMessage {
    let mut builder = CreateInteractionResponseMessage::new()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .ephemeral(ephemeral);
    if !msg.files.is_empty() {
        builder = builder.files(msg.files.iter().map(attachment));
    }
    builder
}

pub(super) fn create_reply(msg: &Msg, ephemeral: bool) -> poise::CreateReply {
    let mut reply = poise::CreateReply::default()
        .content(msg.text.clone())
        .components(action_rows(msg))
        .ephemeral(ephemeral);
    for file in &msg.files {
        reply = reply.attachment(attachment(file));
    }
    reply
}

pub(super) fn user_ref(user: &serenity::User) -> UserRef {
    UserRef {
        id: user.id.get(),
        name: UserRef::shown_name(user.global_name.as_deref(), &user.name),
        bot: user.bot,
    }
}

/// Sends a command's response through poise, then records a posted board or challenge and
/// hands the owed writes to the outbox.
pub(super) async fn answer_command(ctx: Context<'_>, response: Response) -> Result<(), Error> {
    let data = ctx.data();
    let sent = match &response.reply {
        Reply::Post { msg, track } => match ctx.send(create_reply(msg, false)).await {
            Ok(handle) => match (*track, handle.message().await) {
                (Some(track), Ok(message)) => {
                    let app = data.app.clone();
                    let id = message.id.get();
                    let owed = blocking(move || app.record_message(track, id)).await?;
                    data.outbox.poke(owed);
                    Ok(())
                }
                (_, Err(error)) => Err(error),
                (None, Ok(_)) => Ok(()),
            },
            Err(error) => {
                // A new game's board that could not be posted is posted by the outbox.
                if let Some(Track::Game(shown)) = track {
                    data.outbox.poke(vec![OwedKey::Board(shown.game)]);
                }
                Err(error)
            }
        },
        Reply::Private(msg) => ctx.send(create_reply(msg, true)).await.map(drop),
        Reply::Update(msg) => ctx.send(create_reply(msg, false)).await.map(drop),
    };
    data.outbox.send(response.edits);
    if let Some(turn) = response.computer {
        spawn_computer(data.app.clone(), data.outbox.clone(), &data.gate, turn);
    }
    if let Err(error) = &sent {
        metrics::discord_error(error);
    }
    sent?;
    Ok(())
}

/// Lets the computer opponent make the move it owes (and any that follow), off the async
/// threads; the outbox shows each on the board.
///
/// The task holds a pass of the gate: shutdown waits for the move. Once the gate is closed no
/// move starts; the next start makes it ([`resume_computer`]).
pub(super) fn spawn_computer(app: Arc<App>, outbox: Outbox, gate: &Arc<Gate>, turn: ComputerTurn) {
    let Some(pass) = gate.enter() else {
        return;
    };
    tokio::spawn(async move {
        let _pass = pass;
        let mut turn = Some(turn);
        while let Some(owed) = turn.take() {
            let worker = app.clone();
            match blocking(move || worker.computer_move(owed)).await {
                Ok(Some(moved)) => {
                    outbox.send(vec![moved.edit]);
                    turn = moved.next;
                }
                Ok(None) => {}
                Err(error) => tracing::error!(%error, game = owed.game, "computer move failed"),
            }
        }
    });
}
