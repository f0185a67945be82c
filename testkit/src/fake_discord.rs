//! A fake Discord for end-to-end tests: REST over plain HTTP and the gateway over plain
//! WebSocket, both on 127.0.0.1 with ports chosen by the OS. The real serenity client talks
//! to it through `DISCORD_API_BASE` (serenity's proxy setting).
//!
//! It keeps public messages (content, components, attachments), answers interaction callbacks
//! the way Discord does (a message, an in-place update, ephemeral replies, autocomplete
//! choices), and lets a test type slash commands, type into autocompleted options, click
//! buttons and choose in select menus as chosen users.
//!
//! - `rest`: the HTTP server, its routes, multipart uploads and planned faults;
//! - `writes` and `contract`: the bot's writes, done as Discord does them or refused as
//!   Discord refuses them (see `docs/discord-contract.md`). A refused write fails the test:
//!   the next [`FakeDiscord::wait_for`] panics with it, and so does the end of the test (the
//!   last handle of the fake a test holds going away) unless the test said it expects
//!   refusals ([`FakeDiscord::expect_refusals`]) or took them ([`FakeDiscord::take_refusals`]);
//! - `gateway`: the WebSocket session and the dispatch of interactions;
//! - `interactions`: the payloads users send (slash, autocomplete, click, select);
//! - `state` and `components`: what the fake remembers and how a test reads it;
//! - `process`: the bot binary as a child process.

pub mod activity;
mod components;
pub mod contract;
mod gateway;
mod interactions;
mod process;
mod rest;
mod state;
mod writes;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::net::TcpListener;

// The public face of the fake.
pub use components::{button, Buttons, Select};
pub use contract::DEFAULT_UPLOAD_LIMIT;
pub use process::{
    bot_binary, bot_command, config_dir, start_bot, start_bot_on_shards, start_bot_with, Bot,
};
pub use rest::Fault;
use state::State;
pub use state::{Callback, File, Message, Refusal, Thread};

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 900_000_000_000_000_003;
pub const COMMAND_ID: u64 = 900_000_000_000_000_004;
pub const GOOD_TOKEN: &str = "fake-token";
/// An ordinary member's permissions: everything but Manage Server (bit 5).
pub const MEMBER_PERMISSIONS: &str = "2147483615";
/// A server admin's permissions, Manage Server included.
pub const ADMIN_PERMISSIONS: &str = "2147483647";

/// A user who types commands and clicks buttons.
#[derive(Debug, Clone)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    pub bot: bool,
    /// The Discord client's language, sent with every interaction.
    pub locale: &'static str,
}

impl FakeUser {
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            bot: false,
            locale: "en-US",
        }
    }

    /// The same user with their Discord client set to `locale` (for example `vi`).
    pub fn speaking(mut self, locale: &'static str) -> FakeUser {
        self.locale = locale;
        self
    }

    pub(super) fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(), "username": self.name, "discriminator": "0",
            "global_name": self.name, "avatar": null, "bot": self.bot,
        })
    }
}

/// The running fake.
#[derive(Clone)]
pub struct FakeDiscord {
    pub base: String,
    state: Arc<Mutex<State>>,
    /// Shared by the handles a test holds, not by the fake's own servers: when the last of
    /// them goes, the test is over.
    _watch: Option<Arc<Watch>>,
}

/// Fails the test that ends with refusals it did not expect.
struct Watch(Arc<Mutex<State>>);

impl Drop for Watch {
    fn drop(&mut self) {
        let state = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let unexpected = state.unexpected_refusals();
        // A test already failing has printed each refusal as it happened; a second panic
        // while unwinding would abort the whole test binary.
        if unexpected.is_empty() || std::thread::panicking() {
            return;
        }
        let report = state::report(unexpected);
        drop(state);
        panic!("{report}");
    }
}

fn bot_user() -> Value {
    json!({
        "id": BOT_ID.to_string(), "username": "oaq", "discriminator": "0",
        "global_name": null, "avatar": null, "bot": true, "verified": true,
        "mfa_enabled": false, "flags": 0,
    })
}

impl FakeDiscord {
    /// Binds both servers and starts serving.
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind rest");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let gateway_url = format!("ws://{}", gateway.local_addr().expect("addr"));
        let base = format!("http://{}", rest.local_addr().expect("addr"));
        let state = Arc::new(Mutex::new(State::default()));
        let fake = FakeDiscord {
            base,
            state: state.clone(),
            _watch: None,
        };
        let served = fake.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = rest.accept().await {
                let fake = served.clone();
                let url = gateway_url.clone();
                tokio::spawn(async move { fake.serve_http(socket, url).await });
            }
        });
        let served = fake.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = gateway.accept().await {
                // Events go out one small frame at a time with nothing coming back to carry
                // an ACK: with Nagle's algorithm on, an event sent while the previous one is
                // unacknowledged waits for the bot's delayed ACK (40 ms), which the latency
                // bench then reports as the bot's. A test double must not add latency of its own.
                let _ = socket.set_nodelay(true);
                let fake = served.clone();
                tokio::spawn(async move { fake.serve_gateway(socket).await });
            }
        });
        FakeDiscord {
            _watch: Some(Arc::new(Watch(state))),
            ..fake
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn registrations(&self) -> Vec<(String, Value)> {
        self.lock().registrations.clone()
    }

    pub fn identifies(&self) -> u32 {
        self.lock().identifies
    }

    /// Has `GET /gateway/bot` recommend `count` shards.
    pub fn set_shard_count(&self, count: u32) {
        self.lock().shard_count = count;
    }

    /// Puts `channel` in server `guild` (every other channel is in [`GUILD_ID`]).
    pub fn set_guild(&self, channel: u64, guild: u64) {
        self.lock().guilds.insert(channel, guild);
    }

    /// The shards with a live gateway session.
    pub fn live_shards(&self) -> Vec<u32> {
        let state = self.lock();
        let mut shards: Vec<u32> = state
            .sessions
            .iter()
            .filter(|(_, session)| !session.is_closed())
            .map(|(&shard, _)| shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// How many times a shard was identified while another session still served it.
    pub fn doubled_sessions(&self) -> u32 {
        self.lock().doubled
    }

    /// REST requests per API base path prefix ("" for a base without a path).
    pub fn requests_by_base(&self) -> std::collections::HashMap<String, u32> {
        self.lock().bases.clone()
    }

    pub fn requests(&self) -> Vec<String> {
        self.lock().requests.clone()
    }

    /// The threads the bot opened.
    pub fn threads(&self) -> Vec<Thread> {
        self.lock().threads.clone()
    }

    /// Every message in `channel` (a thread, say), oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Message> {
        let mut messages: Vec<Message> = self
            .lock()
            .messages
            .values()
            .filter(|m| m.channel == channel)
            .cloned()
            .collect();
        messages.sort_by_key(|m| m.id);
        messages
    }

    /// Gives `user` these permissions (a decimal bit set) in every interaction from now on.
    pub fn set_permissions(&self, user: &FakeUser, permissions: &str) {
        self.lock()
            .permissions
            .insert(user.id, permissions.to_owned());
    }

    /// Every message payload the bot sent (callback `data`, posts, edits, follow-ups).
    pub fn payloads(&self) -> Vec<Value> {
        self.lock().payloads.clone()
    }

    pub fn message(&self, id: u64) -> Message {
        self.lock()
            .messages
            .get(&id)
            .cloned()
            .expect("no such message")
    }

    /// Sets the upload limit (`attachment_size_limit`) that interactions announce from now
    /// on and that applies to their answers and follow-ups, and to channel messages
    /// (10 MiB unless set: [`DEFAULT_UPLOAD_LIMIT`]).
    pub fn set_attachment_size_limit(&self, bytes: u64) {
        self.lock().upload_limit = Some(bytes);
    }

    /// Says that this test expects the fake to refuse writes: they no longer fail it by
    /// themselves (read them with [`FakeDiscord::refusals`]).
    pub fn expect_refusals(&self) {
        self.lock().refusals_expected = true;
    }

    /// Every file the bot uploaded, oldest first: its name and its description (alt text).
    pub fn uploads(&self) -> Vec<(String, Option<String>)> {
        self.lock().uploads.clone()
    }

    /// Every write refused so far, oldest first.
    pub fn refusals(&self) -> Vec<Refusal> {
        self.lock().refusals.clone()
    }

    /// Takes the writes refused so far, oldest first: a test that expected them has dealt
    /// with them, and they no longer fail it.
    pub fn take_refusals(&self) -> Vec<Refusal> {
        std::mem::take(&mut self.lock().refusals)
    }

    /// Waits until `check` holds, or panics after `secs` seconds — or as soon as the fake has
    /// refused a write the test did not expect, with that write.
    pub async fn wait_for<T>(
        &self,
        secs: u64,
        what: &str,
        mut check: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            {
                let state = self.lock();
                let unexpected = state.unexpected_refusals();
                if !unexpected.is_empty() {
                    let report = state::report(unexpected);
                    drop(state);
                    panic!("while waiting for {what}, {report}");
                }
            }
            if let Some(value) = check(self) {
                return value;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits for the bot's gateway session and its command registration.
    pub async fn wait_ready(&self, sessions: u32) {
        self.wait_for(40, "the bot to connect and register", |f| {
            let state = f.lock();
            (state.identifies >= sessions
                && state.registrations.len() >= sessions as usize
                && !state.sessions.is_empty())
            .then_some(())
        })
        .await;
    }

    /// Waits for the bot's answer to an interaction.
    pub async fn callback(&self, token: &str) -> Callback {
        self.wait_for(30, "an interaction callback", |f| {
            f.lock().callbacks.get(token).cloned()
        })
        .await
    }

    /// Waits for the bot's answer to an autocomplete request: its choices as (name, value).
    pub async fn choices(&self, token: &str) -> Vec<(String, String)> {
        let answer = self.callback(token).await;
        assert_eq!(answer.kind, 8, "an autocomplete answer: {:?}", answer.data);
        answer.choices()
    }

    /// Waits for the follow-up message the bot sends after deferring its answer.
    pub async fn followup(&self, token: &str) -> Message {
        self.wait_for(60, "a follow-up message", |f| {
            let state = f.lock();
            let id = state.followups.get(token)?;
            state.messages.get(id).cloned()
        })
        .await
    }

    /// Waits until message `id` has had a content satisfying `check`, now or before a later
    /// edit replaced it; returns that content.
    pub async fn wait_content(&self, id: u64, what: &str, check: impl Fn(&str) -> bool) -> String {
        self.wait_for(30, what, |f| {
            let state = f.lock();
            let message = state.messages.get(&id)?;
            message
                .earlier
                .iter()
                .chain(std::iter::once(&message.content))
                .find(|content| check(content))
                .cloned()
        })
        .await
    }

    /// Waits until message `id` satisfies `check`.
    pub async fn wait_message(
        &self,
        id: u64,
        what: &str,
        check: impl Fn(&Message) -> bool,
    ) -> Message {
        self.wait_for(30, what, |f| {
            f.lock().messages.get(&id).filter(|m| check(m)).cloned()
        })
        .await
    }
}

/// The user id mentioned before " to move." in a board caption.
pub fn to_move(content: &str) -> Option<u64> {
    let line = content.lines().find(|l| l.ends_with(" to move."))?;
    line.trim_start_matches("<@")
        .split('>')
        .next()?
        .parse()
        .ok()
}

/// The bot's own account as a user a test can mention.
pub fn bot_account() -> FakeUser {
    FakeUser {
        id: BOT_ID,
        name: String::from("oaq"),
        bot: true,
        locale: "en-US",
    }
}
