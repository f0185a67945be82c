//! The one place where serenity's ids become the app's typed ids ([`crate::ids`]) and back:
//! Discord's snowflakes keep their number, only their type changes at the edge.

use std::num::NonZeroU64;

use poise::serenity_prelude as serenity;

use crate::ids::{ChannelId, GuildId, MessageId, UserId};

/// A Discord user's id, as the app names it.
pub(crate) fn user(id: serenity::UserId) -> UserId {
    UserId::new(id.get())
}

/// A server's id, as the app names it.
pub(crate) fn guild(id: serenity::GuildId) -> GuildId {
    GuildId::new(id.get())
}

/// A channel's (or thread's) id, as the app names it.
pub(crate) fn channel(id: serenity::ChannelId) -> ChannelId {
    ChannelId::new(id.get())
}

/// A message's id, as the app names it.
pub(crate) fn message(id: serenity::MessageId) -> MessageId {
    MessageId::new(id.get())
}

/// serenity's id of channel `id`; `None` for 0, which Discord never hands out (a damaged or
/// hand-made record).
pub(crate) fn to_channel(id: ChannelId) -> Option<serenity::ChannelId> {
    NonZeroU64::new(id.get()).map(serenity::ChannelId::from)
}

/// serenity's id of message `id`; `None` for 0, as for [`to_channel`].
pub(crate) fn to_message(id: MessageId) -> Option<serenity::MessageId> {
    NonZeroU64::new(id.get()).map(serenity::MessageId::from)
}
