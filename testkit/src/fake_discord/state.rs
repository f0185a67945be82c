//! What the fake remembers: messages, interaction callbacks, follow-ups, threads, command
//! registrations and the requests it answered.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::components::{self, Buttons, Select};
use super::contract::DEFAULT_UPLOAD_LIMIT;
use super::rest::Planned;
use super::{bot_user, GUILD_ID};

/// A file uploaded with a request.
#[derive(Debug, Clone)]
pub struct File {
    pub id: u64,
    pub name: String,
    /// The part's `Content-Type`, when the uploader gave one.
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
    /// The alt text the payload's `attachments` entry for this upload gave, if any.
    pub description: Option<String>,
}

/// A message as the fake stores it.
#[derive(Debug, Clone)]
pub struct Message {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub components: Value,
    pub embeds: Value,
    pub attachments: Vec<File>,
    pub ephemeral: bool,
    /// How many times it was changed after being posted.
    pub edits: u32,
    /// Its earlier contents, oldest first: an edit quickly replaced by the next one is
    /// still seen here.
    pub earlier: Vec<String>,
}

impl Message {
    /// A new message from a create payload (a channel message, an interaction's message
    /// answer or a follow-up) and its uploaded files.
    pub(super) fn new(id: u64, channel: u64, payload: &Value, files: Vec<File>) -> Message {
        let list = |key: &str| payload.get(key).filter(|v| v.is_array()).cloned();
        Message {
            id,
            channel,
            content: payload["content"].as_str().unwrap_or("").to_owned(),
            components: list("components").unwrap_or(json!([])),
            embeds: list("embeds").unwrap_or(json!([])),
            attachments: files,
            ephemeral: false,
            edits: 0,
            earlier: Vec::new(),
        }
    }

    pub(super) fn json(&self) -> Value {
        let attachments: Vec<Value> = self
            .attachments
            .iter()
            .map(|f| {
                json!({
                    "id": f.id.to_string(), "filename": f.name, "size": f.bytes.len(),
                    "content_type": f.content_type, "description": f.description,
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
            "attachments": attachments, "embeds": self.embeds, "pinned": false, "type": 0,
            "components": self.components, "flags": if self.ephemeral { 64 } else { 0 },
        })
    }

    /// Every button: (custom_id, label, disabled), row by row.
    pub fn buttons(&self) -> Vec<Vec<(String, String, bool)>> {
        components::buttons(&self.components)
    }

    /// Every string select menu, top to bottom.
    pub fn selects(&self) -> Vec<Select> {
        components::selects(&self.components)
    }

    /// The attachment named `name` (`board.png`, `replay.gif`, `game.kif` …), if any.
    pub fn attachment(&self, name: &str) -> Option<&File> {
        self.attachments.iter().find(|f| f.name == name)
    }
}

impl Buttons for Message {
    fn buttons(&self) -> Vec<Vec<(String, String, bool)>> {
        Message::buttons(self)
    }
}

/// An interaction callback as the bot sent it.
#[derive(Debug, Clone)]
pub struct Callback {
    /// 4 = message, 7 = update the clicked message, 5/6 = deferred, 8 = autocomplete
    /// choices.
    pub kind: u64,
    pub data: Value,
    pub files: Vec<File>,
    /// The message the callback created or updated.
    pub message: Option<u64>,
    /// From dispatching the interaction on the gateway to receiving this callback.
    pub latency: Duration,
    /// When the fake received it (wall clock, to compare with other processes' clocks).
    pub received: std::time::SystemTime,
}

impl Callback {
    pub fn ephemeral(&self) -> bool {
        self.data["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    pub fn content(&self) -> &str {
        self.data["content"].as_str().unwrap_or("")
    }

    /// Every button: (custom_id, label, disabled), row by row.
    pub fn buttons(&self) -> Vec<Vec<(String, String, bool)>> {
        components::buttons(&self.data["components"])
    }

    /// Every string select menu, top to bottom.
    pub fn selects(&self) -> Vec<Select> {
        components::selects(&self.data["components"])
    }

    /// The file named `name` uploaded with the answer, if any.
    pub fn attachment(&self, name: &str) -> Option<&File> {
        self.files.iter().find(|f| f.name == name)
    }

    /// The autocomplete choices (a type 8 answer) as (name, value); a number value is given
    /// in its JSON form.
    pub fn choices(&self) -> Vec<(String, String)> {
        self.data["choices"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|c| {
                let value = match &c["value"] {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (c["name"].as_str().unwrap_or("").to_owned(), value)
            })
            .collect()
    }
}

impl Buttons for Callback {
    fn buttons(&self) -> Vec<Vec<(String, String, bool)>> {
        Callback::buttons(self)
    }
}

pub(super) struct Pending {
    /// The interaction's type: 2 = command, 3 = component, 4 = autocomplete.
    pub(super) kind: u8,
    /// The `attachment_size_limit` the interaction announced, in bytes.
    pub(super) upload_limit: u64,
    pub(super) sent: Instant,
    pub(super) channel: u64,
    pub(super) clicked: Option<u64>,
    pub(super) original: Option<u64>,
    /// Who sent it.
    pub(super) user: u64,
}

#[derive(Default)]
pub(super) struct State {
    pub(super) next_id: u64,
    pub(super) messages: HashMap<u64, Message>,
    pub(super) pending: HashMap<String, Pending>,
    pub(super) callbacks: HashMap<String, Callback>,
    /// Command registrations: (route, body).
    pub(super) registrations: Vec<(String, Value)>,
    /// Every REST request: "METHOD path".
    pub(super) requests: Vec<String>,
    /// Gateway sessions opened (one per shard per bot start).
    pub(super) identifies: u32,
    /// The shard count `GET /gateway/bot` recommends (1 unless a test sets it).
    pub(super) shard_count: u32,
    /// The live gateway session of each shard.
    pub(super) sessions: HashMap<u32, mpsc::UnboundedSender<Value>>,
    /// Identifies for a shard that already had a live session (two processes serving it).
    pub(super) doubled: u32,
    /// The server of each channel, where not [`super::GUILD_ID`].
    pub(super) guilds: HashMap<u64, u64>,
    /// REST requests per path prefix before `/api/` (the API base the bot was given).
    pub(super) bases: HashMap<String, u32>,
    /// Every message payload the bot sent (callbacks, posts, edits) for limit checks.
    pub(super) payloads: Vec<Value>,
    /// Members' permissions (a decimal bit set), where not [`MEMBER_PERMISSIONS`].
    pub(super) permissions: HashMap<u64, String>,
    /// Threads opened from messages.
    pub(super) threads: Vec<Thread>,
    /// Follow-up messages (after a deferred answer): interaction token → message id.
    pub(super) followups: HashMap<String, u64>,
    /// Planned failures.
    pub(super) faults: Vec<Planned>,
    /// Messages created with `enforce_nonce`: nonce → message id.
    pub(super) nonces: HashMap<String, u64>,
    /// Requests answered with a fault: "METHOD path".
    pub(super) failed: Vec<String>,
    /// How the gateway behaves: heartbeat interval, dropped connections.
    pub(super) gateway: super::gateway::Behaviour,
    /// Writes refused the way Discord refuses them, in order.
    pub(super) refusals: Vec<Refusal>,
    /// Every file uploaded, taken or refused: its name and its description (alt text).
    pub(super) uploads: Vec<(String, Option<String>)>,
    /// Whether the test expects refusals (then they fail nothing by themselves).
    pub(super) refusals_expected: bool,
    /// The upload limit announced in interactions and applied to channel messages, where not
    /// [`DEFAULT_UPLOAD_LIMIT`].
    pub(super) upload_limit: Option<u64>,
    /// Messages sent through an interaction's webhook (its answer, its follow-ups): message
    /// id → interaction token.
    pub(super) webhook_messages: HashMap<u64, String>,
    /// The Activity's side: OAuth2 codes and tokens, instances (see `activity.rs`).
    pub(super) activities: super::activity::Activities,
}

/// A write the fake refused as Discord would: what was asked and what Discord answered.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// "METHOD path".
    pub request: String,
    pub status: u16,
    /// Discord's error body: `code`, `message` and, for 50035, the nested `errors`.
    pub body: Value,
    /// The JSON of the request (`payload_json` of a multipart upload).
    pub payload: Value,
    /// The uploaded files: (name, bytes).
    pub files: Vec<(String, usize)>,
}

impl Refusal {
    /// Discord's error code (`50035`, `40005` …).
    pub fn code(&self) -> u64 {
        self.body["code"].as_u64().unwrap_or(0)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        /// Enough of a payload to see what was wrong, not megabytes of it.
        const SHOWN: usize = 6000;
        let payload = self.payload.to_string();
        let cut = payload
            .char_indices()
            .nth(SHOWN)
            .map_or(payload.as_str(), |(at, _)| &payload[..at]);
        let more = if cut.len() < payload.len() {
            " …"
        } else {
            ""
        };
        writeln!(f, "{} → {} {}", self.request, self.status, self.body)?;
        writeln!(f, "  payload: {cut}{more}")?;
        if !self.files.is_empty() {
            let files: Vec<String> = self
                .files
                .iter()
                .map(|(name, size)| format!("{name} ({size} bytes)"))
                .collect();
            writeln!(f, "  files: {}", files.join(", "))?;
        }
        Ok(())
    }
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
    pub(super) fn id(&mut self) -> u64 {
        self.next_id += 1;
        1_000_000_000_000_000 + self.next_id
    }

    /// The server's upload limit, in bytes.
    pub(super) fn upload_limit(&self) -> u64 {
        self.upload_limit.unwrap_or(DEFAULT_UPLOAD_LIMIT)
    }

    /// The refusals that should fail the test: all of them, unless the test expects some.
    pub(super) fn unexpected_refusals(&self) -> &[Refusal] {
        if self.refusals_expected {
            &[]
        } else {
            &self.refusals
        }
    }
}

/// A report of `refusals` for a failing test.
pub(super) fn report(refusals: &[Refusal]) -> String {
    let mut text = format!(
        "the fake Discord refused {} write(s) that real Discord would refuse too:\n",
        refusals.len()
    );
    for refusal in refusals {
        text.push_str(&refusal.to_string());
    }
    text
}
