//! The writes the bot makes, done as Discord does them — or refused as Discord refuses them
//! (`contract`): channel messages and their edits, interaction callbacks, follow-ups and
//! their edits, threads started from messages. A refused write changes nothing.

use serde_json::{json, Value};

use super::contract::{self, Refused};
use super::state::{Callback, File, Message, State, Thread};
use super::{APP_ID, BOT_ID, GUILD_ID};

/// What a write answers when Discord takes it: a status and a JSON body (none for 204).
pub(super) type Answer = Result<(u16, Option<Value>), Refused>;

impl State {
    /// Gives uploaded files their attachment ids.
    fn assign_ids(&mut self, files: &[File]) -> Vec<File> {
        files
            .iter()
            .cloned()
            .map(|mut f| {
                f.id = self.id();
                f
            })
            .collect()
    }

    /// `POST /interactions/{id}/{token}/callback` ([`contract::RESPONDING`]).
    pub(super) fn callback(&mut self, token: &str, payload: &Value, files: &[File]) -> Answer {
        let kind = payload["type"].as_u64().unwrap_or(0);
        let data = payload["data"].clone();
        self.payloads.push(data.clone());
        let pending = self
            .pending
            .get(token)
            .ok_or_else(Refused::unknown_interaction)?;
        let (clicked, latency, interaction, limit) = (
            pending.clicked,
            pending.sent.elapsed(),
            pending.kind,
            pending.upload_limit,
        );
        if self.callbacks.contains_key(token) {
            return Err(Refused::already_acknowledged());
        }
        contract::callback_type(kind, interaction)?;
        let message = match kind {
            4 => {
                contract::new_message(&["data"], &data, files, limit)?;
                let (id, _) = self.post_through(token, &data, files, ephemeral(&data));
                self.set_original(token, id);
                Some(id)
            }
            7 => {
                let id = clicked.ok_or_else(Refused::unknown_message)?;
                self.edit_message(id, &["data"], &data, files, limit)?;
                Some(id)
            }
            8 => {
                contract::autocomplete(&data)?;
                None
            }
            12 => {
                if !self.activities.enabled {
                    return Err(Refused::new(
                        400,
                        50035,
                        "Invalid Form Body: Activities are not enabled for this application",
                    ));
                }
                let (channel, user) = self
                    .pending
                    .get(token)
                    .map_or((0, 0), |p| (p.channel, p.user));
                self.launch(channel, vec![user]);
                None
            }
            _ => None,
        };
        self.callbacks.insert(
            token.to_owned(),
            Callback {
                kind,
                data,
                files: files.to_vec(),
                message,
                latency,
                received: std::time::SystemTime::now(),
            },
        );
        Ok((204, None))
    }

    /// Edits message `id` as `payload` asks (fields present replace, `attachments` lists the
    /// attachments to keep, uploads are added) if Discord takes the edit; returns the message.
    fn edit_message(
        &mut self,
        id: u64,
        path: &[&str],
        payload: &Value,
        files: &[File],
        limit: u64,
    ) -> Result<Value, Refused> {
        let uploaded = self.assign_ids(files);
        let mut after = self
            .messages
            .get(&id)
            .cloned()
            .ok_or_else(Refused::unknown_message)?;
        apply_update(&mut after, payload, uploaded);
        contract::edit(path, payload, files, limit, &after)?;
        let json = after.json();
        self.messages.insert(id, after);
        Ok(json)
    }

    /// The interaction whose webhook is `/webhooks/{app}/{token}`, if Discord has made it:
    /// the application's own id, and an interaction already answered ([`contract::RESPONDING`],
    /// "Followup Messages").
    fn webhook(&self, app: &str, token: &str) -> Result<u64, Refused> {
        let pending = self
            .pending
            .get(token)
            .filter(|_| app == APP_ID.to_string() && self.callbacks.contains_key(token))
            .ok_or_else(Refused::unknown_webhook)?;
        Ok(pending.upload_limit)
    }

    /// `POST /webhooks/{app}/{token}`: a follow-up message.
    pub(super) fn followup(
        &mut self,
        app: &str,
        token: &str,
        payload: &Value,
        files: &[File],
    ) -> Answer {
        self.payloads.push(payload.clone());
        let limit = self.webhook(app, token)?;
        contract::new_message(&[], payload, files, limit)?;
        let (id, reply) = self.post_through(token, payload, files, ephemeral(payload));
        self.followups.insert(token.to_owned(), id);
        Ok((200, Some(reply)))
    }

    /// `PATCH /webhooks/{app}/{token}/messages/{id}`: an edit of the interaction's answer
    /// (`@original`) or of one of its follow-ups.
    pub(super) fn edit_webhook_message(
        &mut self,
        app: &str,
        token: &str,
        message: &str,
        payload: &Value,
        files: &[File],
    ) -> Answer {
        self.payloads.push(payload.clone());
        let limit = self.webhook(app, token)?;
        let deferred = self.callbacks.get(token).filter(|c| c.kind == 5);
        let original = self
            .pending
            .get(token)
            .and_then(|p| p.original.or(p.clicked));
        let id = if message == "@original" {
            if let (None, Some(deferred)) = (original, deferred) {
                // The first edit of a deferred answer is the message its "thinking…" becomes.
                let ephemeral = ephemeral(&deferred.data);
                return self.answer_deferred(token, payload, files, limit, ephemeral);
            }
            original
        } else {
            message
                .parse()
                .ok()
                .filter(|id| self.webhook_messages.get(id).is_some_and(|t| t == token))
        };
        let id = id.ok_or_else(Refused::unknown_message)?;
        let reply = self.edit_message(id, &[], payload, files, limit)?;
        Ok((200, Some(reply)))
    }

    /// The message a deferred answer (callback type 5) becomes at its first edit: a new
    /// message as far as the fake is concerned, since it kept no "thinking…" message.
    fn answer_deferred(
        &mut self,
        token: &str,
        payload: &Value,
        files: &[File],
        limit: u64,
        ephemeral: bool,
    ) -> Answer {
        contract::new_message(&[], payload, files, limit)?;
        let (id, reply) = self.post_through(token, payload, files, ephemeral);
        self.set_original(token, id);
        Ok((200, Some(reply)))
    }

    /// Posts a message through the webhook of the interaction `token` (its answer or a
    /// follow-up) in the interaction's channel; returns its id and JSON.
    fn post_through(
        &mut self,
        token: &str,
        payload: &Value,
        files: &[File],
        ephemeral: bool,
    ) -> (u64, Value) {
        let channel = self.pending.get(token).map_or(0, |p| p.channel);
        let id = self.id();
        let uploaded = self.assign_ids(files);
        let mut message = Message::new(id, channel, payload, uploaded);
        message.ephemeral = ephemeral;
        let reply = message.json();
        self.messages.insert(id, message);
        self.webhook_messages.insert(id, token.to_owned());
        (id, reply)
    }

    /// Makes message `id` the answer (`@original`) of the interaction `token`.
    fn set_original(&mut self, token: &str, id: u64) {
        if let Some(p) = self.pending.get_mut(token) {
            p.original = Some(id);
        }
    }

    /// `POST /channels/{channel}/messages` ([`contract::MESSAGE`]), with Discord's
    /// de-duplication: the same nonce, enforced, returns the first message.
    pub(super) fn post(&mut self, channel: &str, payload: &Value, files: &[File]) -> Answer {
        self.payloads.push(payload.clone());
        contract::new_message(&[], payload, files, self.upload_limit())?;
        let nonce = payload["nonce"].as_str().map(str::to_owned);
        if let (Some(nonce), Some(true)) = (&nonce, payload["enforce_nonce"].as_bool()) {
            if let Some(m) = self.nonces.get(nonce).and_then(|id| self.messages.get(id)) {
                return Ok((200, Some(m.json())));
            }
        }
        let id = self.id();
        let uploaded = self.assign_ids(files);
        let message = Message::new(id, channel.parse().unwrap_or(0), payload, uploaded);
        let reply = message.json();
        self.messages.insert(id, message);
        if let Some(nonce) = nonce {
            self.nonces.insert(nonce, id);
        }
        Ok((200, Some(reply)))
    }

    /// `PATCH /channels/{channel}/messages/{id}` ([`contract::MESSAGE`], "Edit Message"): a
    /// message of that channel; an ephemeral message is no channel message.
    pub(super) fn edit_channel_message(
        &mut self,
        channel: &str,
        message: &str,
        payload: &Value,
        files: &[File],
    ) -> Answer {
        self.payloads.push(payload.clone());
        let id = self.channel_message(channel, message)?;
        let limit = self.upload_limit();
        let reply = self.edit_message(id, &[], payload, files, limit)?;
        Ok((200, Some(reply)))
    }

    /// The id of the public message `message` in `channel`.
    fn channel_message(&self, channel: &str, message: &str) -> Result<u64, Refused> {
        let channel: u64 = channel.parse().unwrap_or(0);
        message
            .parse()
            .ok()
            .filter(|id| {
                self.messages
                    .get(id)
                    .is_some_and(|m| m.channel == channel && !m.ephemeral)
            })
            .ok_or_else(Refused::unknown_message)
    }

    /// The channel `parent` a thread is to be started in: not itself a thread.
    fn thread_parent(&self, parent: &str) -> Result<u64, Refused> {
        let parent: u64 = parent.parse().unwrap_or(0);
        if self.threads.iter().any(|t| t.id == parent) {
            return Err(Refused::new(
                400,
                50024,
                "Cannot execute action on this channel type",
            ));
        }
        Ok(parent)
    }

    /// `POST /channels/{parent}/threads` ([`contract::THREADS_WITHOUT_MESSAGE`]): a thread of
    /// its own in a channel that is not itself a thread.
    pub(super) fn start_thread_alone(&mut self, parent: &str, payload: &Value) -> Answer {
        contract::thread_without_message(payload)?;
        let parent = self.thread_parent(parent)?;
        let id = self.id();
        let name = payload["name"].as_str().unwrap_or("").to_owned();
        self.threads.push(Thread {
            id,
            parent,
            message: 0,
            name: name.clone(),
        });
        Ok((200, Some(thread_json(id, parent, &name))))
    }

    /// `POST /channels/{parent}/messages/{message}/threads` ([`contract::THREADS`]): one
    /// thread per message, not from a message that is itself in a thread.
    pub(super) fn start_thread(&mut self, parent: &str, message: &str, payload: &Value) -> Answer {
        contract::thread(payload)?;
        let message = self.channel_message(parent, message)?;
        let parent = self.thread_parent(parent)?;
        if self.threads.iter().any(|t| t.message == message) {
            return Err(Refused::new(
                400,
                160004,
                "A thread has already been created for this message",
            ));
        }
        let id = self.id();
        let name = payload["name"].as_str().unwrap_or("").to_owned();
        self.threads.push(Thread {
            id,
            parent,
            message,
            name: name.clone(),
        });
        Ok((200, Some(thread_json(id, parent, &name))))
    }
}

/// A public thread as Discord describes it.
fn thread_json(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(), "name": name, "owner_id": BOT_ID.to_string(),
        "flags": 0, "available_tags": [], "applied_tags": [],
        "thread_metadata": { "archived": false, "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00.000000+00:00", "locked": false },
    })
}

/// Whether a message payload asks to be ephemeral (flag 64).
fn ephemeral(payload: &Value) -> bool {
    payload["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// Applies an edit or an UpdateMessage: fields present replace, `attachments` (when sent)
/// lists the existing attachments to keep, and uploaded files are added.
fn apply_update(message: &mut Message, data: &Value, files: Vec<File>) {
    if let Some(content) = data.get("content").filter(|c| !c.is_null()) {
        let content = content.as_str().unwrap_or("").to_owned();
        let old = std::mem::replace(&mut message.content, content);
        message.earlier.push(old);
    }
    for (key, field) in [
        ("components", &mut message.components),
        ("embeds", &mut message.embeds),
    ] {
        if let Some(value) = data.get(key).filter(|v| !v.is_null()) {
            *field = value.clone();
        }
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
