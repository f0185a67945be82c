//! A fake Discord for end-to-end tests: REST over plain HTTP and the gateway over plain
//! WebSocket, both on 127.0.0.1 with ports chosen by the OS. The real serenity client talks
//! to it through `DISCORD_API_BASE` (serenity's proxy setting).
//!
//! It keeps public messages (content, components, attachments), answers interaction callbacks
//! the way Discord does (a message, an in-place update, ephemeral replies), and lets a test
//! type slash commands and click buttons as chosen users.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

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

    fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(), "username": self.name, "discriminator": "0",
            "global_name": self.name, "avatar": null, "bot": self.bot,
        })
    }
}

/// A file uploaded with a request.
#[derive(Debug, Clone)]
pub struct File {
    pub id: u64,
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A message as the fake stores it.
#[derive(Debug, Clone)]
pub struct Message {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub components: Value,
    pub attachments: Vec<File>,
    pub ephemeral: bool,
    /// How many times it was changed after being posted.
    pub edits: u32,
}

impl Message {
    fn json(&self) -> Value {
        let attachments: Vec<Value> = self
            .attachments
            .iter()
            .map(|f| {
                json!({
                    "id": f.id.to_string(), "filename": f.name, "size": f.bytes.len(),
                    "url": format!("http://127.0.0.1/{}", f.name),
                    "proxy_url": format!("http://127.0.0.1/{}", f.name),
                })
            })
            .collect();
        json!({
            "id": self.id.to_string(), "channel_id": self.channel.to_string(),
            "guild_id": GUILD_ID.to_string(),
            "author": bot_user(), "content": self.content,
            "timestamp": "2026-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": attachments, "embeds": [], "pinned": false, "type": 0,
            "components": self.components, "flags": if self.ephemeral { 64 } else { 0 },
        })
    }

    /// Every button: (custom_id, label, disabled), row by row.
    pub fn buttons(&self) -> Vec<Vec<(String, String, bool)>> {
        self.components
            .as_array()
            .map(|rows| {
                rows.iter()
                    .map(|row| {
                        row["components"]
                            .as_array()
                            .map(|bs| {
                                bs.iter()
                                    .map(|b| {
                                        (
                                            b["custom_id"].as_str().unwrap_or("").to_owned(),
                                            b["label"].as_str().unwrap_or("").to_owned(),
                                            b["disabled"].as_bool().unwrap_or(false),
                                        )
                                    })
                                    .collect()
                            })
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// An interaction callback as the bot sent it.
#[derive(Debug, Clone)]
pub struct Callback {
    /// 4 = message, 7 = update the clicked message, 5/6 = deferred.
    pub kind: u64,
    pub data: Value,
    pub files: Vec<File>,
    /// The message the callback created or updated.
    pub message: Option<u64>,
    /// From dispatching the interaction on the gateway to receiving this callback.
    pub latency: Duration,
}

impl Callback {
    pub fn ephemeral(&self) -> bool {
        self.data["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    pub fn content(&self) -> &str {
        self.data["content"].as_str().unwrap_or("")
    }
}

struct Pending {
    sent: Instant,
    channel: u64,
    clicked: Option<u64>,
    original: Option<u64>,
}

#[derive(Default)]
struct State {
    next_id: u64,
    messages: HashMap<u64, Message>,
    pending: HashMap<String, Pending>,
    callbacks: HashMap<String, Callback>,
    /// Command registrations: (route, body).
    registrations: Vec<(String, Value)>,
    /// Every REST request: "METHOD path".
    requests: Vec<String>,
    /// Gateway sessions opened (one per bot start).
    identifies: u32,
    dispatch: Option<mpsc::UnboundedSender<Value>>,
    /// Every message payload the bot sent (callbacks, posts, edits) for limit checks.
    payloads: Vec<Value>,
    /// Members' permissions (a decimal bit set), where not [`MEMBER_PERMISSIONS`].
    permissions: HashMap<u64, String>,
    /// Threads opened from messages.
    threads: Vec<Thread>,
    /// Follow-up messages (after a deferred answer): interaction token → message id.
    followups: HashMap<String, u64>,
    /// Planned failures.
    faults: Vec<Planned>,
    /// Messages created with `enforce_nonce`: nonce → message id.
    nonces: HashMap<String, u64>,
    /// Requests answered with a fault: "METHOD path".
    failed: Vec<String>,
}

/// A failure the fake answers a request with, instead of doing what it asks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fault {
    /// An HTTP error status (5xx) with a Discord-style JSON body.
    Status(u16),
    /// 429 Too Many Requests, with `retry_after` (seconds) in the body and header.
    RateLimit(f64),
    /// No answer: the connection is held this long, then closed, and nothing is done.
    Hang(Duration),
}

/// Faults planned for the requests whose "METHOD path" contains `pattern`, used one per
/// matching request, in order.
struct Planned {
    pattern: String,
    faults: std::collections::VecDeque<Fault>,
}

/// A public thread the bot opened from a message.
#[derive(Debug, Clone)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    pub message: u64,
    pub name: String,
}

impl State {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        1_000_000_000_000_000 + self.next_id
    }
}

/// The running fake.
#[derive(Clone)]
pub struct FakeDiscord {
    pub base: String,
    state: Arc<Mutex<State>>,
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
        let fake = FakeDiscord { base, state };
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
        fake
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

    /// Answers the next `faults.len()` requests whose "METHOD path" contains `pattern` with
    /// these faults, one each, in order (a fault on `/callback` with the interaction's token
    /// fails that interaction's answer).
    pub fn fail(&self, pattern: &str, faults: Vec<Fault>) {
        self.lock().faults.push(Planned {
            pattern: pattern.to_owned(),
            faults: faults.into(),
        });
    }

    /// Every request answered with a fault, as "METHOD path".
    pub fn failed(&self) -> Vec<String> {
        self.lock().failed.clone()
    }

    /// The planned faults not used yet.
    pub fn faults_left(&self) -> usize {
        self.lock().faults.iter().map(|p| p.faults.len()).sum()
    }

    /// Forgets the planned faults not used yet.
    pub fn clear_faults(&self) {
        self.lock().faults.clear();
    }

    /// Takes the next planned fault for this request, if any.
    fn fault_for(&self, method: &str, path: &str) -> Option<Fault> {
        let request = format!("{method} {}", path.split('?').next().unwrap_or(""));
        let mut state = self.lock();
        let planned = state
            .faults
            .iter_mut()
            .find(|p| request.contains(&p.pattern) && !p.faults.is_empty())?;
        let fault = planned.faults.pop_front();
        state.faults.retain(|p| !p.faults.is_empty());
        if fault.is_some() {
            state.failed.push(request);
        }
        fault
    }

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

    /// Waits until `check` holds, or panics after `secs` seconds.
    pub async fn wait_for<T>(
        &self,
        secs: u64,
        what: &str,
        mut check: impl FnMut(&FakeDiscord) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
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
                && state.dispatch.is_some())
            .then_some(())
        })
        .await;
    }

    fn dispatch(&self, interaction: Value) {
        let sender = self.lock().dispatch.clone().expect("no gateway session");
        sender.send(interaction).expect("gateway session closed");
    }

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

    /// Waits for the bot's answer to an interaction.
    pub async fn callback(&self, token: &str) -> Callback {
        self.wait_for(30, "an interaction callback", |f| {
            f.lock().callbacks.get(token).cloned()
        })
        .await
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

    async fn serve_gateway(&self, socket: TcpStream) {
        let Ok(mut ws) = tokio_tungstenite::accept_async(socket).await else {
            return;
        };
        let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
        let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41_250 } });
        if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let mut seq = 0u64;
        loop {
            tokio::select! {
                incoming = ws.next() => {
                    let Some(Ok(frame)) = incoming else { break };
                    let WsMessage::Text(text) = frame else { continue };
                    let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                    match payload["op"].as_u64() {
                        Some(2) => {
                            let token = payload["d"]["token"].as_str().unwrap_or("");
                            if token.trim_start_matches("Bot ") != GOOD_TOKEN {
                                let _ = ws.close(Some(tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                    code: 4004u16.into(), reason: "Authentication failed.".into(),
                                })).await;
                                break;
                            }
                            seq += 1;
                            let ready = json!({
                                "op": 0, "t": "READY", "s": seq,
                                "d": {
                                    "v": 10, "user": bot_user(), "guilds": [],
                                    "session_id": "fake-session", "resume_gateway_url": "ws://127.0.0.1:1",
                                    "shard": [0, 1], "application": { "id": APP_ID.to_string(), "flags": 0 },
                                },
                            });
                            if ws.send(WsMessage::Text(ready.to_string())).await.is_err() { break; }
                            let mut state = self.lock();
                            state.identifies += 1;
                            state.dispatch = Some(tx.clone());
                        }
                        Some(1) => {
                            let ack = json!({ "op": 11 });
                            if ws.send(WsMessage::Text(ack.to_string())).await.is_err() { break; }
                        }
                        _ => {}
                    }
                }
                Some(interaction) = rx.recv() => {
                    seq += 1;
                    let event = json!({ "op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": interaction });
                    if ws.send(WsMessage::Text(event.to_string())).await.is_err() { break; }
                }
            }
        }
    }

    async fn serve_http(&self, socket: TcpStream, gateway_url: String) {
        let mut reader = BufReader::new(socket);
        loop {
            let mut request_line = String::new();
            match reader.read_line(&mut request_line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let mut parts = request_line.split_whitespace();
            let method = parts.next().unwrap_or("").to_owned();
            let path = parts.next().unwrap_or("").to_owned();
            let mut headers = HashMap::new();
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some((k, v)) = line.split_once(':') {
                    headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_owned());
                }
            }
            let mut body = Vec::new();
            if let Some(length) = headers
                .get("content-length")
                .and_then(|l| l.parse::<usize>().ok())
            {
                body.resize(length, 0);
                if reader.read_exact(&mut body).await.is_err() {
                    return;
                }
            } else if headers
                .get("transfer-encoding")
                .is_some_and(|t| t.contains("chunked"))
            {
                loop {
                    let mut size = String::new();
                    if reader.read_line(&mut size).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
                    let mut chunk = vec![0; n + 2];
                    if reader.read_exact(&mut chunk).await.is_err() {
                        return;
                    }
                    if n == 0 {
                        break;
                    }
                    body.extend_from_slice(&chunk[..n]);
                }
            }
            let fault = self.fault_for(&method, &path);
            if let Some(Fault::Hang(time)) = fault {
                tokio::time::sleep(time).await;
                return;
            }
            let authorised = headers.get("authorization").map(String::as_str)
                == Some(&format!("Bot {GOOD_TOKEN}"));
            let (status, reply) = if let Some(Fault::Status(code)) = fault {
                (
                    code,
                    Some(json!({ "message": "500: Internal Server Error", "code": 0 })),
                )
            } else if let Some(Fault::RateLimit(after)) = fault {
                (
                    429,
                    Some(
                        json!({ "message": "You are being rate limited.", "retry_after": after, "global": false }),
                    ),
                )
            } else if authorised || path.contains("/interactions/") || path.contains("/webhooks/") {
                self.route(&method, &path, &headers, &body, &gateway_url)
            } else {
                (
                    401,
                    Some(json!({ "message": "401: Unauthorized", "code": 0 })),
                )
            };
            let text = reply.map(|v| v.to_string()).unwrap_or_default();
            let reason = match status {
                200 => "OK",
                204 => "No Content",
                401 => "Unauthorized",
                400 => "Bad Request",
                429 => "Too Many Requests",
                500..=599 => "Internal Server Error",
                _ => "Not Found",
            };
            let response = if status == 204 {
                String::from("HTTP/1.1 204 No Content\r\nconnection: keep-alive\r\n\r\n")
            } else {
                let retry_after = match fault {
                    Some(Fault::RateLimit(after)) => format!("retry-after: {after}\r\n"),
                    _ => String::new(),
                };
                format!(
                    "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{retry_after}connection: keep-alive\r\n\r\n{text}",
                    text.len()
                )
            };
            if reader
                .get_mut()
                .write_all(response.as_bytes())
                .await
                .is_err()
            {
                return;
            }
        }
    }

    fn route(
        &self,
        method: &str,
        path: &str,
        headers: &HashMap<String, String>,
        body: &[u8],
        gateway_url: &str,
    ) -> (u16, Option<Value>) {
        let path = path.split('?').next().unwrap_or("");
        let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let (payload, files) = self.parse_body(headers, body);
        let mut state = self.lock();
        state.requests.push(format!("{method} {path}"));
        match (method, segments.as_slice()) {
            ("GET", ["users", "@me"]) => (200, Some(bot_user())),
            ("GET", ["gateway"]) => (200, Some(json!({ "url": gateway_url }))),
            ("GET", ["gateway", "bot"]) => (
                200,
                Some(json!({
                    "url": gateway_url, "shards": 1,
                    "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 },
                })),
            ),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                state.registrations.push((path.to_owned(), payload));
                (200, Some(json!([])))
            }
            ("POST", ["interactions", _, token, "callback"]) => {
                let token = token.to_string();
                state.payloads.push(payload["data"].clone());
                let kind = payload["type"].as_u64().unwrap_or(0);
                let data = payload["data"].clone();
                let (channel, clicked, latency) = match state.pending.get(&token) {
                    Some(p) => (p.channel, p.clicked, p.sent.elapsed()),
                    None => {
                        return (
                            404,
                            Some(json!({ "message": "Unknown interaction", "code": 10062 })),
                        )
                    }
                };
                if state.callbacks.contains_key(&token) {
                    return (
                        400,
                        Some(
                            json!({ "message": "Interaction has already been acknowledged.", "code": 40060 }),
                        ),
                    );
                }
                let message = match kind {
                    4 => {
                        let id = state.id();
                        let files = assign_ids(&mut state, files.clone());
                        let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
                        state.messages.insert(
                            id,
                            Message {
                                id,
                                channel,
                                content: data["content"].as_str().unwrap_or("").to_owned(),
                                components: data.get("components").cloned().unwrap_or(json!([])),
                                attachments: files,
                                ephemeral,
                                edits: 0,
                            },
                        );
                        if let Some(p) = state.pending.get_mut(&token) {
                            p.original = Some(id);
                        }
                        Some(id)
                    }
                    7 => {
                        let files = assign_ids(&mut state, files.clone());
                        if let Some(id) = clicked {
                            if let Some(m) = state.messages.get_mut(&id) {
                                apply_update(m, &data, files);
                            }
                        }
                        clicked
                    }
                    _ => None,
                };
                state.callbacks.insert(
                    token,
                    Callback {
                        kind,
                        data,
                        files,
                        message,
                        latency,
                    },
                );
                (204, None)
            }
            ("POST", ["webhooks", _, token]) => {
                state.payloads.push(payload.clone());
                let Some(channel) = state.pending.get(*token).map(|p| p.channel) else {
                    return (
                        404,
                        Some(json!({ "message": "Unknown Webhook", "code": 10015 })),
                    );
                };
                let id = state.id();
                let files = assign_ids(&mut state, files);
                let message = Message {
                    id,
                    channel,
                    content: payload["content"].as_str().unwrap_or("").to_owned(),
                    components: payload.get("components").cloned().unwrap_or(json!([])),
                    attachments: files,
                    ephemeral: payload["flags"].as_u64().unwrap_or(0) & 64 != 0,
                    edits: 0,
                };
                let reply = message.json();
                state.messages.insert(id, message);
                state.followups.insert(token.to_string(), id);
                (200, Some(reply))
            }
            ("GET", ["webhooks", _, token, "messages", "@original"]) => {
                let id = state
                    .pending
                    .get(*token)
                    .and_then(|p| p.original.or(p.clicked));
                match id.and_then(|id| state.messages.get(&id)) {
                    Some(m) => (200, Some(m.json())),
                    None => (
                        404,
                        Some(json!({ "message": "Unknown Message", "code": 10008 })),
                    ),
                }
            }
            ("PATCH", ["channels", _, "messages", id]) => {
                state.payloads.push(payload.clone());
                let files = assign_ids(&mut state, files);
                let id: u64 = id.parse().unwrap_or(0);
                match state.messages.get_mut(&id) {
                    Some(m) => {
                        apply_update(m, &payload, files);
                        (200, Some(m.json()))
                    }
                    None => (
                        404,
                        Some(json!({ "message": "Unknown Message", "code": 10008 })),
                    ),
                }
            }
            ("POST", ["channels", parent, "messages", message, "threads"]) => {
                let id = state.id();
                let parent: u64 = parent.parse().unwrap_or(0);
                let name = payload["name"].as_str().unwrap_or("").to_owned();
                if name.is_empty() || name.chars().count() > 100 {
                    return (
                        400,
                        Some(json!({ "message": "Invalid Form Body", "code": 50035 })),
                    );
                }
                state.threads.push(Thread {
                    id,
                    parent,
                    message: message.parse().unwrap_or(0),
                    name: name.clone(),
                });
                let thread = json!({
                    "id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(),
                    "parent_id": parent.to_string(), "name": name, "owner_id": BOT_ID.to_string(),
                    "flags": 0, "available_tags": [], "applied_tags": [],
                    "thread_metadata": { "archived": false, "auto_archive_duration": 1440,
                        "archive_timestamp": "2026-01-01T00:00:00.000000+00:00", "locked": false },
                });
                (200, Some(thread))
            }
            ("POST", ["channels", channel, "messages"]) => {
                state.payloads.push(payload.clone());
                // Discord's de-duplication: the same nonce, enforced, returns the first message.
                let nonce = payload["nonce"].as_str().map(str::to_owned);
                if let (Some(nonce), Some(true)) = (&nonce, payload["enforce_nonce"].as_bool()) {
                    if let Some(m) = state
                        .nonces
                        .get(nonce)
                        .and_then(|id| state.messages.get(id))
                    {
                        return (200, Some(m.json()));
                    }
                }
                let id = state.id();
                let files = assign_ids(&mut state, files);
                let message = Message {
                    id,
                    channel: channel.parse().unwrap_or(0),
                    content: payload["content"].as_str().unwrap_or("").to_owned(),
                    components: payload.get("components").cloned().unwrap_or(json!([])),
                    attachments: files,
                    ephemeral: false,
                    edits: 0,
                };
                let reply = message.json();
                state.messages.insert(id, message);
                if let Some(nonce) = nonce {
                    state.nonces.insert(nonce, id);
                }
                (200, Some(reply))
            }
            _ => (404, Some(json!({ "message": "404: Not Found", "code": 0 }))),
        }
    }

    fn parse_body(&self, headers: &HashMap<String, String>, body: &[u8]) -> (Value, Vec<File>) {
        let content_type = headers.get("content-type").cloned().unwrap_or_default();
        let Some(boundary) = content_type.split("boundary=").nth(1) else {
            return (
                serde_json::from_slice(body).unwrap_or(Value::Null),
                Vec::new(),
            );
        };
        let delimiter = format!("--{}", boundary.trim_matches('"'));
        let mut payload = Value::Null;
        let mut files = Vec::new();
        for part in split_bytes(body, delimiter.as_bytes()) {
            let Some(split) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..split]).to_string();
            let mut content = &part[split + 4..];
            if content.ends_with(b"\r\n") {
                content = &content[..content.len() - 2];
            }
            if head.contains("name=\"payload_json\"") {
                payload = serde_json::from_slice(content).unwrap_or(Value::Null);
            } else if let Some(name) = head
                .split("filename=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
            {
                files.push(File {
                    id: 0,
                    name: name.to_owned(),
                    bytes: content.to_vec(),
                });
            }
        }
        (payload, files)
    }
}

fn assign_ids(state: &mut State, files: Vec<File>) -> Vec<File> {
    files
        .into_iter()
        .map(|mut f| {
            f.id = state.id();
            f
        })
        .collect()
}

/// Applies an edit or an UpdateMessage: fields present replace, `attachments` (when sent)
/// lists the existing attachments to keep, and uploaded files are added.
fn apply_update(message: &mut Message, data: &Value, files: Vec<File>) {
    if let Some(content) = data.get("content").and_then(Value::as_str) {
        message.content = content.to_owned();
    }
    if let Some(components) = data.get("components") {
        message.components = components.clone();
    }
    if let Some(keep) = data.get("attachments").and_then(Value::as_array) {
        let kept: Vec<String> = keep
            .iter()
            .filter_map(|a| a["id"].as_str().map(str::to_owned))
            .collect();
        message
            .attachments
            .retain(|f| kept.contains(&f.id.to_string()));
    }
    message.attachments.extend(files);
    message.edits += 1;
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn split_bytes<'a>(mut body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    while let Some(at) = find(body, delimiter) {
        if at > 0 {
            parts.push(&body[..at]);
        }
        body = &body[at + delimiter.len()..];
    }
    parts
}

/// The bot as a child process, killed when dropped.
pub struct Bot(pub Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A config folder under `root` holding a copy of `config/default.toml`.
pub fn config_dir(root: &Path) -> PathBuf {
    let dir = root.join("config");
    std::fs::create_dir_all(&dir).expect("config dir");
    let defaults = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/default.toml");
    std::fs::copy(defaults, dir.join("default.toml")).expect("copy defaults");
    dir
}

/// The bot binary set up to talk to the fake at `base`, storing under `root`.
pub fn bot_command(root: &Path, base: &str, token: Option<&str>, ttl_seconds: u64) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_oaq-bot"));
    command
        .arg("--config-dir")
        .arg(config_dir(root))
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .env("DISCORD_API_BASE", base)
        .env("OAQ_STORE__PATH", root.join("data"))
        .env("OAQ_DISCORD__DEV_GUILD_ID", GUILD_ID.to_string())
        .env("OAQ_GAME__CHALLENGE_TTL_SECONDS", ttl_seconds.to_string())
        .env("OAQ_GAME__EXPIRY_SWEEP_SECONDS", "1")
        .stdin(Stdio::null());
    if let Some(token) = token {
        command.env("DISCORD_TOKEN", token);
    }
    command
}

/// Starts the bot against the fake at `base`; it is killed when the `Bot` is dropped.
pub fn start_bot(root: &Path, base: &str, ttl_seconds: u64) -> Bot {
    let child = bot_command(root, base, Some(GOOD_TOKEN), ttl_seconds)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn the bot");
    Bot(child)
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

/// Like [`start_bot`], with extra environment variables (configuration overrides such as
/// `OAQ_GAME__TURN_TIMEOUT_SECONDS`).
pub fn start_bot_with(root: &Path, base: &str, ttl_seconds: u64, vars: &[(&str, &str)]) -> Bot {
    let mut command = bot_command(root, base, Some(GOOD_TOKEN), ttl_seconds);
    command.envs(vars.iter().copied());
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn the bot");
    Bot(child)
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
