//! The fake gateway: one WebSocket session per bot start (Hello, Identify → READY, heartbeat
//! acks, Resume → RESUMED), over which the interactions a test sends are dispatched as
//! `INTERACTION_CREATE`. A test can drop a shard's connection and hold its reconnection.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{bot_user, FakeDiscord, APP_ID, GOOD_TOKEN};

/// Discord's usual heartbeat interval, in milliseconds.
const HEARTBEAT_MS: u64 = 41_250;
/// The key of the in-band message that tells a session to close (never an interaction).
const CLOSE: &str = "fake-close-code";

/// How the gateway behaves.
#[derive(Debug, Default)]
pub(super) struct Behaviour {
    /// The heartbeat interval sent in Hello, when a test set one.
    heartbeat_ms: Option<u64>,
    /// New connections wait until then before their WebSocket handshake.
    hold_until: Option<Instant>,
    /// Sessions resumed (op 6 answered with RESUMED).
    resumes: u32,
}

/// The session id of `shard`'s session (a resume names its shard by it).
fn session_id(shard: u32) -> String {
    format!("fake-session-{shard}")
}

impl FakeDiscord {
    /// Has Hello ask for a heartbeat every `ms` milliseconds (Discord asks for 41,250).
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.lock().gateway.heartbeat_ms = Some(ms);
    }

    /// Closes `shard`'s live session with code 4000 (unknown error: the bot may resume), and
    /// holds every new gateway connection for `hold` before its handshake.
    pub fn drop_shard(&self, shard: u32, hold: Duration) {
        let mut state = self.lock();
        state.gateway.hold_until = Some(Instant::now() + hold);
        if let Some(session) = state.sessions.get(&shard) {
            let _ = session.send(json!({ CLOSE: 4000 }));
        }
    }

    /// How many sessions were resumed.
    pub fn resumes(&self) -> u32 {
        self.lock().gateway.resumes
    }

    /// Sends `interaction` on the session of the shard that serves its server, as Discord
    /// does: `(guild_id >> 22) % shard_count`, direct messages on shard 0.
    pub(super) fn dispatch(&self, interaction: Value) {
        let guild = interaction["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok());
        let state = self.lock();
        let shard = guild.map_or(0, |g| {
            ((g >> 22) % u64::from(state.shard_count.max(1))) as u32
        });
        let sender = state
            .sessions
            .get(&shard)
            .cloned()
            .unwrap_or_else(|| panic!("no gateway session for shard {shard}"));
        drop(state);
        sender.send(interaction).expect("gateway session closed");
    }

    pub(super) async fn serve_gateway(&self, socket: TcpStream) {
        let (hold, heartbeat_ms) = {
            let state = self.lock();
            (state.gateway.hold_until, state.gateway.heartbeat_ms)
        };
        if let Some(until) = hold {
            tokio::time::sleep_until(until.into()).await;
        }
        let Ok(mut ws) = tokio_tungstenite::accept_async(socket).await else {
            return;
        };
        let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
        let interval = heartbeat_ms.unwrap_or(HEARTBEAT_MS);
        let hello = json!({ "op": 10, "d": { "heartbeat_interval": interval } });
        if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let mut seq = 0u64;
        let mut shard = None;
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
                            let id = payload["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                            let count = payload["d"]["shard"][1].as_u64().unwrap_or(1);
                            let ready = json!({
                                "op": 0, "t": "READY", "s": seq,
                                "d": {
                                    "v": 10, "user": bot_user(), "guilds": [],
                                    "session_id": session_id(id), "resume_gateway_url": "ws://127.0.0.1:1",
                                    "shard": [id, count], "application": { "id": APP_ID.to_string(), "flags": 0 },
                                },
                            });
                            if ws.send(WsMessage::Text(ready.to_string())).await.is_err() { break; }
                            let mut state = self.lock();
                            state.identifies += 1;
                            if state.sessions.get(&id).is_some_and(|live| !live.is_closed()) {
                                state.doubled += 1;
                            }
                            state.sessions.insert(id, tx.clone());
                            shard = Some(id);
                        }
                        Some(6) => {
                            let resumed = payload["d"]["session_id"].as_str().and_then(|s| {
                                s.strip_prefix("fake-session-")?.parse::<u32>().ok()
                            });
                            let Some(id) = resumed else { break };
                            seq = payload["d"]["seq"].as_u64().unwrap_or(seq) + 1;
                            let event = json!({ "op": 0, "t": "RESUMED", "s": seq, "d": {} });
                            if ws.send(WsMessage::Text(event.to_string())).await.is_err() { break; }
                            let mut state = self.lock();
                            state.gateway.resumes += 1;
                            state.sessions.insert(id, tx.clone());
                            shard = Some(id);
                        }
                        Some(1) => {
                            let ack = json!({ "op": 11 });
                            if ws.send(WsMessage::Text(ack.to_string())).await.is_err() { break; }
                        }
                        _ => {}
                    }
                }
                Some(interaction) = rx.recv() => {
                    if let Some(code) = interaction.get(CLOSE).and_then(Value::as_u64) {
                        let _ = ws.close(Some(tokio_tungstenite::tungstenite::protocol::CloseFrame {
                            code: (code as u16).into(), reason: "".into(),
                        })).await;
                        break;
                    }
                    seq += 1;
                    let event = json!({ "op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": interaction });
                    if ws.send(WsMessage::Text(event.to_string())).await.is_err() { break; }
                }
            }
        }
        let mut state = self.lock();
        if let Some(id) = shard {
            if state
                .sessions
                .get(&id)
                .is_some_and(|live| live.same_channel(&tx))
            {
                state.sessions.remove(&id);
            }
        }
    }
}
