//! App messages turned into serenity builders: buttons, select menus, attachments and
//! interaction replies, and a Discord user as the app knows them.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAttachment, CreateButton, CreateInteractionResponseMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::custom_id;
use super::snowflakes;
use crate::app::{Attachment, Button, Msg, Select, Style, UserRef};

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

/// A file as Discord's attachment, under its own name, with its description (alt text).
pub(crate) fn attachment(file: &Attachment) -> CreateAttachment {
    let attachment = CreateAttachment::bytes(file.bytes.clone(), file.name.clone());
    if file.description.is_empty() {
        attachment
    } else {
        attachment.description(file.description.clone())
    }
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
        id: snowflakes::user(user.id),
        name: UserRef::shown_name(user.global_name.as_deref(), &user.name),
        bot: user.bot,
    }
}
