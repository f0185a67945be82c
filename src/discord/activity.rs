//! The Activity as the Discord adapter starts it (see [`crate::activity`]): its web server,
//! beside the shards; the app's Entry Point command, registered with the slash commands; and
//! [`PageCarrier`], which settles what a page's change owes exactly as a click's answer is
//! settled ([`settle`]), its board message edited through the outbox.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{CommandType, CreateCommand, EntryPointHandlerType};

use super::answer::{settle, Delivery, Live};
use super::connect::ActivitySettings;
use super::data::Data;
use crate::activity::{Activity, Carrier, DiscordApi, Signer};
use crate::app::{Effects, Locale, Text};

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

/// Settles a page's change: no interaction was answered, so nothing is shown yet; the owed
/// edits go to the outbox and the computer's turn to its worker.
struct PageCarrier {
    http: Arc<serenity::Http>,
    data: Data,
}

impl Carrier for PageCarrier {
    fn carry(&self, effects: Effects) {
        let (http, data) = (self.http.clone(), self.data.clone());
        tokio::spawn(async move {
            let live = Live {
                http: &http,
                data: &data,
            };
            settle(&live, None, effects, Delivery::Sent { message: None }).await;
        });
    }
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
        carrier: Arc::new(PageCarrier { http, data }),
    };
    activity.serve(settings.listen).await
}
