//! The Activity's side of the fake Discord, as Discord documents it (see
//! `docs/discord-contract.md`):
//!
//! - **OAuth2** (`POST /oauth2/token`, form-encoded, the application's client id and secret):
//!   a code a test minted for a user ([`FakeDiscord::oauth_code`]) is exchanged once for an
//!   access token; a wrong, reused or foreign code is Discord's 400 `invalid_grant`, a wrong
//!   client secret 401 `invalid_client`, a JSON body 400 `unsupported_grant_type`
//!   (Discord takes only a form);
//! - **`GET /users/@me`** with `Bearer <access token>`: the token's user; 401 otherwise. It
//!   answers browsers too (`Access-Control-Allow-Origin: *`), since the fake Discord client page
//!   checks a token the way the real client does;
//! - **Activity instances** (`GET /applications/{app}/activity-instances/{id}`, bot token):
//!   those launched by an answer `LAUNCH_ACTIVITY` (type 12) or by a test
//!   ([`FakeDiscord::launch_activity`]); an unknown one is 404;
//! - **`LAUNCH_ACTIVITY`** is taken only once Activities are enabled for the app
//!   ([`FakeDiscord::enable_activities`]), and then a bulk overwrite of the commands that drops
//!   the Entry Point command is refused with 50240, as Discord does.

use std::collections::HashMap;

use serde_json::{json, Value};

use super::contract::Refused;
use super::state::State;
use super::{FakeDiscord, FakeUser, APP_ID, GUILD_ID};

/// The application's client secret, as the fake knows it.
pub const CLIENT_SECRET: &str = "fake-client-secret";

/// What the fake keeps of the Activity's side.
#[derive(Default)]
pub(super) struct Activities {
    /// Whether Activities are enabled for the app (in the Developer Portal).
    pub(super) enabled: bool,
    /// Sign-in codes: code → (user, already exchanged).
    codes: HashMap<String, (FakeUser, bool)>,
    /// Access tokens → their user.
    tokens: HashMap<String, FakeUser>,
    /// Instances by id.
    instances: HashMap<String, Instance>,
    next: u64,
}

/// A launched Activity.
#[derive(Debug, Clone)]
struct Instance {
    channel: u64,
    guild: u64,
    users: Vec<u64>,
}

impl FakeDiscord {
    /// Enables Activities for the app, as a developer does in the Developer Portal.
    pub fn enable_activities(&self) {
        self.lock().activities.enabled = true;
    }

    /// A sign-in code for `user`, as the Discord client hands one to the Activity's `authorize`.
    pub fn oauth_code(&self, user: &FakeUser) -> String {
        let mut state = self.lock();
        let activities = &mut state.activities;
        activities.next += 1;
        let code = format!("code-{}-{}", user.id, activities.next);
        activities.codes.insert(code.clone(), (user.clone(), false));
        code
    }

    /// Launches the Activity in `channel` for `users` (as a launch from the channel's
    /// Activity shelf does); returns the instance's id.
    pub fn launch_activity(&self, channel: u64, users: &[&FakeUser]) -> String {
        let mut state = self.lock();
        let ids = users.iter().map(|u| u.id).collect();
        state.launch(channel, ids)
    }

    /// Every instance launched, as `(id, channel, users)`, oldest first.
    pub fn activity_instances(&self) -> Vec<(String, u64, Vec<u64>)> {
        let state = self.lock();
        let mut all: Vec<_> = state
            .activities
            .instances
            .iter()
            .map(|(id, i)| (id.clone(), i.channel, i.users.clone()))
            .collect();
        all.sort();
        all
    }
}

impl State {
    /// Launches (or joins) the instance of `channel`: one live instance per channel.
    pub(super) fn launch(&mut self, channel: u64, users: Vec<u64>) -> String {
        let guild = self.guilds.get(&channel).copied().unwrap_or(GUILD_ID);
        let activities = &mut self.activities;
        if let Some((id, instance)) = activities
            .instances
            .iter_mut()
            .find(|(_, i)| i.channel == channel)
        {
            for user in users {
                if !instance.users.contains(&user) {
                    instance.users.push(user);
                }
            }
            return id.clone();
        }
        activities.next += 1;
        let id = format!("i-{}-gc-{guild}-{channel}", activities.next);
        activities.instances.insert(
            id.clone(),
            Instance {
                channel,
                guild,
                users,
            },
        );
        id
    }

    /// `POST /oauth2/token`.
    pub(super) fn oauth_token(&mut self, content_type: &str, body: &[u8]) -> (u16, Value) {
        let oauth = |status, error: &str, description: &str| {
            (
                status,
                json!({"error": error, "error_description": description}),
            )
        };
        if !content_type.starts_with("application/x-www-form-urlencoded") {
            return oauth(400, "unsupported_grant_type", "Unsupported grant type");
        }
        let form = form(body);
        let field = |name: &str| form.get(name).map(String::as_str).unwrap_or_default();
        if field("client_id") != APP_ID.to_string() || field("client_secret") != CLIENT_SECRET {
            return oauth(401, "invalid_client", "Invalid client");
        }
        if field("grant_type") != "authorization_code" {
            return oauth(400, "unsupported_grant_type", "Unsupported grant type");
        }
        let invalid = || oauth(400, "invalid_grant", "Invalid \"code\" in request.");
        let Some((user, used)) = self.activities.codes.get_mut(field("code")) else {
            return invalid();
        };
        if *used {
            return invalid();
        }
        *used = true;
        let user = user.clone();
        self.activities.next += 1;
        let token = format!("access-{}-{}", user.id, self.activities.next);
        self.activities.tokens.insert(token.clone(), user);
        (
            200,
            json!({
                "access_token": token, "token_type": "Bearer", "expires_in": 604800,
                "refresh_token": format!("refresh-{token}"), "scope": "identify",
            }),
        )
    }

    /// `GET /users/@me` with a Bearer token.
    pub(super) fn oauth_user(&self, token: &str) -> (u16, Value) {
        match self.activities.tokens.get(token) {
            Some(user) => (
                200,
                json!({
                    "id": user.id.to_string(), "username": user.name, "discriminator": "0",
                    "global_name": user.name, "avatar": null, "public_flags": 0, "flags": 0,
                }),
            ),
            None => (401, json!({"message": "401: Unauthorized", "code": 0})),
        }
    }

    /// `GET /applications/{app}/activity-instances/{id}` with the bot token.
    pub(super) fn instance(&self, app: &str, id: &str) -> Result<(u16, Option<Value>), Refused> {
        let instance = self
            .activities
            .instances
            .get(id)
            .filter(|_| app == APP_ID.to_string())
            .ok_or_else(|| Refused::new(404, 0, "404: Not Found"))?;
        Ok((
            200,
            Some(json!({
                "application_id": APP_ID.to_string(), "instance_id": id, "launch_id": id,
                "location": {
                    "id": format!("gc-{}-{}", instance.guild, instance.channel), "kind": "gc",
                    "channel_id": instance.channel.to_string(),
                    "guild_id": instance.guild.to_string(),
                },
                "users": instance.users.iter().map(u64::to_string).collect::<Vec<_>>(),
            })),
        ))
    }

    /// Refuses a bulk overwrite of the commands that leaves out the Entry Point command once
    /// Activities are enabled (Discord's 50240).
    pub(super) fn check_entry_point(&self, commands: &Value) -> Result<(), Refused> {
        let kept = commands
            .as_array()
            .is_some_and(|all| all.iter().any(|c| c["type"].as_u64() == Some(4)));
        if self.activities.enabled && !kept {
            return Err(Refused::new(
                400,
                50240,
                "You cannot remove this app's Entry Point command in a bulk update operation. \
                 Please include the Entry Point command in your update request or delete it \
                 separately.",
            ));
        }
        Ok(())
    }
}

/// A form body's fields (`a=1&b=two`), percent-decoded.
fn form(body: &[u8]) -> HashMap<String, String> {
    String::from_utf8_lossy(body)
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match std::str::from_utf8(&bytes[i + 1..bytes.len().min(i + 3)])
                .ok()
                .filter(|hex| hex.len() == 2)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            {
                Some(b) => {
                    out.push(b);
                    i += 2;
                }
                None => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
