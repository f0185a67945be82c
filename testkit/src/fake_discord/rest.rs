//! The fake REST API over plain HTTP/1.1: the routes the bot calls, multipart uploads, and
//! planned failures (error statuses, rate limits, hung connections).

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use super::contract::Refused;
use super::state::Refusal;
use super::{bot_user, FakeDiscord, File, GOOD_TOKEN};

/// What every answer says to browsers: the fake Discord client page (another origin) may read
/// it, with a Bearer token.
const CORS: &str = "access-control-allow-origin: *\r\naccess-control-allow-headers: authorization, content-type\r\naccess-control-allow-methods: GET, POST, PUT, PATCH, DELETE\r\n";

/// A failure the fake answers a request with, instead of doing what it asks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fault {
    /// An HTTP error status (5xx) with a Discord-style JSON body.
    Status(u16),
    /// 429 Too Many Requests, with `retry_after` (seconds) in the body and header.
    RateLimit(f64),
    /// No answer: the connection is held this long, then closed, and nothing is done.
    Hang(Duration),
    /// The right answer, after this long (what it asks is done then).
    Slow(Duration),
}

/// Faults planned for the requests whose "METHOD path" contains `pattern`, used one per
/// matching request, in order.
pub(super) struct Planned {
    pub(super) pattern: String,
    pub(super) faults: VecDeque<Fault>,
}

impl FakeDiscord {
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

    pub(super) async fn serve_http(&self, socket: TcpStream, gateway_url: String) {
        let mut reader = BufReader::new(socket);
        loop {
            let mut request_line = String::new();
            match reader.read_line(&mut request_line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let mut parts = request_line.split_whitespace();
            let method = parts.next().unwrap_or("").to_owned();
            let full = parts.next().unwrap_or("");
            // An API base with a path (`http://host/process-a`) prefixes every route.
            let (prefix, path) = full.split_at(full.find("/api/").unwrap_or(0));
            *self.lock().bases.entry(prefix.to_owned()).or_default() += 1;
            let path = path.to_owned();
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
            match fault {
                Some(Fault::Hang(time)) => {
                    tokio::time::sleep(time).await;
                    return;
                }
                Some(Fault::Slow(time)) => tokio::time::sleep(time).await,
                _ => {}
            }
            let authorised = headers.get("authorization").map(String::as_str)
                == Some(&format!("Bot {GOOD_TOKEN}"));
            let bearer = headers
                .get("authorization")
                .and_then(|a| a.strip_prefix("Bearer "))
                .map(str::to_owned);
            let (status, reply) = if method == "OPTIONS" {
                // A browser's preflight before a Bearer request (the fake client page's).
                (204, None)
            } else if let Some(Fault::Status(code)) = fault {
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
            } else if method == "POST" && path.starts_with("/api/v10/oauth2/token") {
                let content_type = headers.get("content-type").cloned().unwrap_or_default();
                let (status, answer) = self.lock().oauth_token(&content_type, &body);
                (status, Some(answer))
            } else if let (Some(token), "GET", true) = (
                &bearer,
                method.as_str(),
                path.starts_with("/api/v10/users/@me"),
            ) {
                let (status, answer) = self.lock().oauth_user(token);
                (status, Some(answer))
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
                413 => "Payload Too Large",
                429 => "Too Many Requests",
                500..=599 => "Internal Server Error",
                _ => "Not Found",
            };
            let response = if status == 204 {
                format!("HTTP/1.1 204 No Content\r\n{CORS}connection: keep-alive\r\n\r\n")
            } else {
                let retry_after = match fault {
                    Some(Fault::RateLimit(after)) => format!("retry-after: {after}\r\n"),
                    _ => String::new(),
                };
                format!(
                    "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{retry_after}{CORS}connection: keep-alive\r\n\r\n{text}",
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
        state.uploads.extend(
            files
                .iter()
                .map(|f| (f.name.clone(), f.description.clone())),
        );
        let answer = match (method, segments.as_slice()) {
            ("GET", ["users", "@me"]) => Ok((200, Some(bot_user()))),
            ("GET", ["gateway"]) => Ok((200, Some(json!({ "url": gateway_url })))),
            ("GET", ["gateway", "bot"]) => Ok((
                200,
                Some(json!({
                    "url": gateway_url, "shards": state.shard_count.max(1),
                    "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 },
                })),
            )),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                state.check_entry_point(&payload).map(|()| {
                    state.registrations.push((path.to_owned(), payload.clone()));
                    (200, Some(json!([])))
                })
            }
            ("GET", ["applications", app, "activity-instances", id]) => state.instance(app, id),
            ("POST", ["interactions", _, token, "callback"]) => {
                state.callback(token, &payload, &files)
            }
            ("POST", ["webhooks", app, token]) => state.followup(app, token, &payload, &files),
            ("GET", ["webhooks", _, token, "messages", "@original"]) => {
                let id = state
                    .pending
                    .get(*token)
                    .and_then(|p| p.original.or(p.clicked));
                id.and_then(|id| state.messages.get(&id))
                    .map(|m| (200, Some(m.json())))
                    .ok_or_else(Refused::unknown_message)
            }
            ("PATCH", ["webhooks", app, token, "messages", message]) => {
                state.edit_webhook_message(app, token, message, &payload, &files)
            }
            ("PATCH", ["channels", channel, "messages", message]) => {
                state.edit_channel_message(channel, message, &payload, &files)
            }
            ("POST", ["channels", parent, "threads"]) => state.start_thread_alone(parent, &payload),
            ("POST", ["channels", parent, "messages", message, "threads"]) => {
                state.start_thread(parent, message, &payload)
            }
            ("POST", ["channels", channel, "messages"]) => state.post(channel, &payload, &files),
            _ => Err(Refused::new(404, 0, "404: Not Found")),
        };
        match answer {
            Ok(answer) => answer,
            Err(refused) => {
                if method != "GET" {
                    let refusal = Refusal {
                        request: format!("{method} {path}"),
                        status: refused.status,
                        body: refused.body.clone(),
                        payload,
                        files: files
                            .iter()
                            .map(|f| (f.name.clone(), f.bytes.len()))
                            .collect(),
                    };
                    // Seen in the test's output even when the test fails for another reason.
                    eprint!("fake Discord: refused {refusal}");
                    state.refusals.push(refusal);
                }
                (refused.status, Some(refused.body))
            }
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
        let mut files: Vec<(Option<u64>, File)> = Vec::new();
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
            } else if let Some(name) = head.split("filename=\"").nth(1).map(unquote) {
                let content_type = head
                    .lines()
                    .find_map(|l| {
                        l.split_once(':')
                            .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
                    })
                    .map(|(_, v)| v.trim().to_owned());
                // serenity names each upload `files[N]`, N the placeholder id of its entry
                // in the payload's `attachments` (which carries its description).
                let index = head
                    .split("name=\"files[")
                    .nth(1)
                    .and_then(|rest| rest.split(']').next())
                    .and_then(|n| n.parse::<u64>().ok());
                files.push((
                    index,
                    File {
                        id: 0,
                        name,
                        content_type,
                        bytes: content.to_vec(),
                        description: None,
                    },
                ));
            }
        }
        // An interaction callback carries its message under `data`.
        let entries = payload["attachments"]
            .as_array()
            .or_else(|| payload["data"]["attachments"].as_array())
            .cloned()
            .unwrap_or_default();
        let files = files
            .into_iter()
            .map(|(index, mut file)| {
                file.description = entries
                    .iter()
                    .find(|a| a.get("filename").is_some() && a["id"].as_u64() == index)
                    .and_then(|a| a["description"].as_str())
                    .map(str::to_owned);
                file
            })
            .collect();
        (payload, files)
    }
}

/// The rest of a quoted string whose opening quote is gone, up to its closing quote, with
/// the backslash escapes the uploader (reqwest) puts before `"`, `\\`, CR and LF undone.
fn unquote(quoted: &str) -> String {
    let mut text = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => text.extend(chars.next()),
            c => text.push(c),
        }
    }
    text
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
