//! What users do: the interaction payloads a test sends to the bot through the gateway
//! (slash commands, button clicks), shaped as Discord sends them.

use std::time::Instant;

use serde_json::{json, Value};

use super::state::Pending;
use super::{FakeDiscord, FakeUser, APP_ID, COMMAND_ID, GUILD_ID, MEMBER_PERMISSIONS};

impl FakeDiscord {
    fn base_interaction(&self, kind: u8, user: &FakeUser, channel: u64) -> (String, Value) {
        let (id, token, permissions) = {
            let mut state = self.lock();
            let id = state.id();
            let token = format!("interaction-token-{id}");
            let permissions = state
                .permissions
                .get(&user.id)
                .cloned()
                .unwrap_or_else(|| MEMBER_PERMISSIONS.to_owned());
            (id, token, permissions)
        };
        let member = json!({
            "user": user.json(), "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "permissions": permissions,
        });
        let value = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
            "token": token, "version": 1, "locale": user.locale, "guild_locale": "en-US",
            "entitlements": [], "attachment_size_limit": 10_485_760,
            "guild_id": GUILD_ID.to_string(), "channel_id": channel.to_string(),
            "member": member, "user": user.json(), "app_permissions": "2147483647",
        });
        (token, value)
    }

    /// Types `/oaq <sub> options…` as `user` in `channel`; returns the interaction token.
    pub fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        sub: &str,
        options: Vec<Value>,
        resolved: Vec<&FakeUser>,
    ) -> String {
        let (token, mut value) = self.base_interaction(2, user, channel);
        let users: serde_json::Map<String, Value> = resolved
            .iter()
            .map(|u| (u.id.to_string(), u.json()))
            .collect();
        // Channel options (type 7) are resolved like Discord does, as text channels.
        let channels: serde_json::Map<String, Value> = options
            .iter()
            .filter(|o| o["type"] == 7)
            .filter_map(|o| o["value"].as_str())
            .map(|id| {
                let channel = json!({ "id": id, "name": "games", "type": 0, "permissions": "0" });
                (id.to_owned(), channel)
            })
            .collect();
        value["data"] = json!({
            "id": COMMAND_ID.to_string(), "name": "oaq", "type": 1,
            "options": [{ "name": sub, "type": 1, "options": options }],
            "resolved": { "users": users, "channels": channels },
        });
        self.lock().pending.insert(
            token.clone(),
            Pending {
                sent: Instant::now(),
                channel,
                clicked: None,
                original: None,
            },
        );
        self.dispatch(value);
        token
    }

    /// Clicks the button `custom_id` of message `message` as `user`; returns the token.
    pub fn click(&self, user: &FakeUser, message: u64, custom_id: &str) -> String {
        let msg = self.message(message);
        let (token, mut value) = self.base_interaction(3, user, msg.channel);
        value["message"] = msg.json();
        value["data"] = json!({ "custom_id": custom_id, "component_type": 2 });
        self.lock().pending.insert(
            token.clone(),
            Pending {
                sent: Instant::now(),
                channel: msg.channel,
                clicked: Some(message),
                original: None,
            },
        );
        self.dispatch(value);
        token
    }
}
