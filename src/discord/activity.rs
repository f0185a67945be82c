//! The Activity as the Discord adapter starts it (see [`crate::activity`]): its web server,
//! beside the shards; the app's Entry Point command, registered with the slash commands; and
//! [`PageCarrier`], which settles what a page's change owes exactly as a click's answer is
//! settled ([`settle`]), its board message edited through the outbox.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{CommandType, CreateCommand, CreateMessage, EntryPointHandlerType};

use super::answer::{settle, Delivery, Live};
use super::builders::{action_rows, attachment};
use super::connect::ActivitySettings;
use super::data::Data;
use super::snowflakes;
use crate::activity::{Activity, Carrier, DiscordApi, Signer};
use crate::app::{Locale, Msg, PageOwes, Text};
use crate::ids::{ChannelId, MessageId};

/// The Entry Point command's name (Discord's own default for it).
const ENTRY_POINT: &str = "launch";

/// The app's Entry Point command: Discord launches the Activity itself when it is used.
/// Once Activities are enabled for the app, Discord refuses a registration that leaves it out
/// (error 50240), so it is registered whenever the bot serves the Activity.
pub(super) fn entry_point() -> CreateCommand {
    CreateCommand::new(ENTRY_POINT)
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::DiscordLaunchActivity)
        .description(Text::PlayOnBoard.render(Locale::English))
        .description_localized("vi", Text::PlayOnBoard.render(Locale::Vietnamese))
}

/// Settles a page's change as a click's answer is settled ([`settle`]): a message it owes is
/// posted and its id recorded (by the outbox if the post fails); with none, nothing was shown,
/// so a board the answer would have shown is written by the outbox; the owed edits go to the
/// outbox and the computer's turn to its worker.
struct PageCarrier {
    http: Arc<serenity::Http>,
    data: Data,
}

impl Carrier for PageCarrier {
    fn carry(&self, owes: PageOwes) {
        let (http, data) = (self.http.clone(), self.data.clone());
        tokio::spawn(async move {
            let live = Live {
                http: &http,
                data: &data,
            };
            let PageOwes { post, effects } = owes;
            match post {
                Some((channel, msg, track)) => {
                    let delivery = match post_message(&http, channel, &msg).await {
                        Ok(message) => Delivery::Sent {
                            message: Some(message),
                        },
                        Err(error) => {
                            tracing::warn!(%error, "could not post a page's message: the outbox will");
                            Delivery::Failed
                        }
                    };
                    settle(&live, Some(track), effects, delivery).await;
                }
                // Nothing was shown: whatever an answer would have shown is written by the
                // outbox.
                None => settle(&live, None, effects, Delivery::Failed).await,
            }
        });
    }
}

/// Posts `msg` in `channel`; the new message's id.
async fn post_message(
    http: &serenity::Http,
    channel: ChannelId,
    msg: &Msg,
) -> Result<MessageId, serenity::Error> {
    let channel =
        snowflakes::to_channel(channel).ok_or(serenity::Error::Other("a channel id of 0"))?;
    let mut builder = CreateMessage::new()
        .content(msg.text.clone())
        .components(action_rows(msg));
    for file in &msg.files {
        builder = builder.add_file(attachment(file));
    }
    let posted = channel.send_message(http, builder).await?;
    Ok(snowflakes::message(posted.id))
}

/// Starts the Activity's server for application `client_id`.
pub(super) async fn start(
    settings: &ActivitySettings,
    api_base: Option<&str>,
    token: &str,
    client_id: u64,
    http: Arc<serenity::Http>,
    data: Data,
) -> std::io::Result<()> {
    let activity = Activity {
        app: data.app.clone(),
        api: DiscordApi::new(api_base, client_id, &settings.client_secret, token),
        signer: Signer::new(&settings.client_secret),
        computer: data.me.clone(),
        peers: settings.peers.clone(),
        carrier: Arc::new(PageCarrier { http, data }),
    };
    activity.serve(settings.listen).await
}
