//! What users do: the interaction payloads a test sends to the bot through the gateway
//! (slash commands, autocomplete requests, button clicks, select menu choices), shaped as Discord sends them.

use std::time::Instant;

use serde_json::{json, Value};

use super::contract::DEFAULT_UPLOAD_LIMIT;
use super::state::Pending;
use super::{FakeDiscord, FakeUser, APP_ID, COMMAND_ID, GUILD_ID, MEMBER_PERMISSIONS};

impl FakeDiscord {
    fn base_interaction(&self, kind: u8, user: &FakeUser, channel: u64) -> (String, Value) {
        let (id, token, permissions, guild, upload_limit) = {
            let mut state = self.lock();
            let id = state.id();
            let token = format!("interaction-token-{id}");
            let permissions = state
                .permissions
                .get(&user.id)
                .cloned()
                .unwrap_or_else(|| MEMBER_PERMISSIONS.to_owned());
            let guild = state.guilds.get(&channel).copied().unwrap_or(GUILD_ID);
            (id, token, permissions, guild, state.upload_limit())
        };
        let member = json!({
            "user": user.json(), "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "permissions": permissions,
        });
        let value = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind,
            "token": token, "version": 1, "locale": user.locale, "guild_locale": "en-US",
            "entitlements": [], "attachment_size_limit": upload_limit,
            "guild_id": guild.to_string(), "channel_id": channel.to_string(),
            "member": member, "user": user.json(), "app_permissions": "2147483647",
        });
        (token, value)
    }

    /// Sends `interaction` (of type `kind`) on the gateway, remembering where it came from
    /// so the bot's answer can be recorded.
    fn send(&self, kind: u8, token: &str, interaction: Value, channel: u64, clicked: Option<u64>) {
        self.lock().pending.insert(
            token.to_owned(),
            Pending {
                kind,
                upload_limit: interaction["attachment_size_limit"]
                    .as_u64()
                    .unwrap_or(DEFAULT_UPLOAD_LIMIT),
                sent: Instant::now(),
                channel,
                clicked,
                original: None,
                user: interaction["user"]["id"]
                    .as_str()
                    .and_then(|id| id.parse().ok())
                    .unwrap_or(0),
            },
        );
        self.dispatch(interaction);
    }

    /// The id Discord gave the root command `root` the bot registered: [`COMMAND_ID`] plus its
    /// place in the latest registration naming it. Panics if the bot registered no such
    /// command, since Discord would offer no such command to type.
    fn command_id(&self, root: &str) -> u64 {
        let found = self
            .lock()
            .registrations
            .iter()
            .rev()
            .find_map(|(_, body)| body.as_array()?.iter().position(|c| c["name"] == root));
        match found {
            Some(place) => COMMAND_ID + place as u64,
            None => panic!(
                "the bot registered no /{root} command (registered: {:?})",
                self.registered_commands()
            ),
        }
    }

    /// The names of the root commands in the bot's registrations, in order.
    pub fn registered_commands(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (_, body) in self.lock().registrations.iter() {
            for command in body.as_array().map(Vec::as_slice).unwrap_or_default() {
                let name = command["name"].as_str().unwrap_or("").to_owned();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
        names
    }

    /// The `data` of a command interaction for `/root sub options…`.
    fn command_data(&self, root: &str, sub: &str, options: Vec<Value>) -> Value {
        json!({
            "id": self.command_id(root).to_string(), "name": root, "type": 1,
            "options": [{ "name": sub, "type": 1, "options": options }],
        })
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
        self.slash_to(user, channel, "oaq", sub, options, resolved)
    }

    /// Types `/<root> <sub> options…` as `user` in `channel`, for any root command the bot
    /// registered (`oaq`, `shogi` …); `resolved` are the users the options mention. Returns
    /// the interaction token.
    pub fn slash_to(
        &self,
        user: &FakeUser,
        channel: u64,
        root: &str,
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
        value["data"] = self.command_data(root, sub, options);
        value["data"]["resolved"] = json!({ "users": users, "channels": channels });
        self.send(2, &token, value, channel, None);
        token
    }

    /// Types `/<root> <group> <sub> options…` (a subcommand of a group, such as
    /// `/oaq tournament new`) as `user` in `channel`; returns the interaction token.
    pub fn slash_group(
        &self,
        user: &FakeUser,
        channel: u64,
        root: &str,
        group: &str,
        sub: &str,
        options: Vec<Value>,
    ) -> String {
        let (token, mut value) = self.base_interaction(2, user, channel);
        value["data"] = json!({
            "id": self.command_id(root).to_string(), "name": root, "type": 1,
            "options": [{ "name": group, "type": 2, "options": [
                { "name": sub, "type": 1, "options": options }
            ] }],
        });
        value["data"]["resolved"] = json!({ "users": {}, "channels": {} });
        self.send(2, &token, value, channel, None);
        token
    }

    /// Types into an option of `/<root> <sub>` as `user` in `channel`: an autocomplete request
    /// (interaction type 4). `options` are those filled in so far; exactly one of them carries
    /// `"focused": true`, the one being typed, whose value Discord sends as the text typed so
    /// far (a number is sent as its text). Returns the token; read the answer with
    /// [`FakeDiscord::choices`].
    pub fn autocomplete(
        &self,
        user: &FakeUser,
        channel: u64,
        root: &str,
        sub: &str,
        mut options: Vec<Value>,
    ) -> String {
        let focused: Vec<&mut Value> = options
            .iter_mut()
            .filter(|o| o["focused"] == true)
            .collect();
        assert_eq!(
            focused.len(),
            1,
            "an autocomplete request has exactly one focused option"
        );
        for option in focused {
            if let Some(typed) = option.get("value").filter(|v| !v.is_string()) {
                option["value"] = Value::String(typed.to_string());
            }
        }
        let (token, mut value) = self.base_interaction(4, user, channel);
        value["data"] = self.command_data(root, sub, options);
        self.send(4, &token, value, channel, None);
        token
    }

    /// Clicks the button `custom_id` of message `message` as `user`; returns the token.
    pub fn click(&self, user: &FakeUser, message: u64, custom_id: &str) -> String {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.component(user, message, data)
    }

    /// Clicks `custom_id` on message `message` as `user` whether or not the message carries
    /// it: an id crafted by hand (Discord itself sends only ids of the clicked message), to
    /// show that such a click changes nothing. Returns the token.
    pub fn click_forged(&self, user: &FakeUser, message: u64, custom_id: &str) -> String {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.component(user, message, data)
    }

    /// Chooses `values` in the string select menu `custom_id` of message `message` as `user`;
    /// returns the token. The bot answers it as it answers a click (a message, an update of
    /// the message, or a deferral).
    pub fn select(
        &self,
        user: &FakeUser,
        message: u64,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.component(user, message, data)
    }

    /// Uses a component of message `message` as `user` (interaction type 3 with `data`).
    fn component(&self, user: &FakeUser, message: u64, data: Value) -> String {
        let msg = self.message(message);
        let (token, mut value) = self.base_interaction(3, user, msg.channel);
        value["message"] = msg.json();
        value["data"] = data;
        self.send(3, &token, value, msg.channel, Some(message));
        token
    }
}
