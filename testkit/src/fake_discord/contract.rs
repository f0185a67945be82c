//! Discord's contract for the writes a bot makes: what Discord refuses, with the status and
//! error body it answers. `rest` asks these checks before doing what a request asks; a
//! refused write changes nothing in the fake. Each rule names the page of the Discord
//! developer documentation it comes from (`docs/discord-contract.md` lists them all):
//!
//! - [MESSAGE]: create and edit message (content, embeds, components, files, nonce, the
//!   empty message);
//! - [COMPONENTS]: the legacy "Message Components" (action rows, buttons, select menus);
//! - [EMBED_LIMITS]: embed field lengths and the 6,000-character total;
//! - [RESPONDING]: interaction callback types, autocomplete choices, follow-ups;
//! - [COMMANDS]: an autocomplete choice's name and value;
//! - [UPLOADS]: how many files a message carries and how large they may be;
//! - [THREADS]: starting a thread from a message; [THREADS_WITHOUT_MESSAGE]: without one;
//! - [CODES]: the JSON error codes and the nested shape of "Invalid Form Body" errors.
//!
//! Discord documents the limits, not always the exact inner error code a violation gets; where
//! it does not, the fake uses the code Discord is seen to answer (`BASE_TYPE_MAX_LENGTH` …)
//! under the path of the offending field, which is what serenity's `DiscordJsonError` reads.

use std::collections::HashSet;

use serde_json::{json, Map, Value};

use super::state::{File, Message};

/// <https://discord.com/developers/docs/resources/message#create-message> and
/// `#edit-message`.
pub const MESSAGE: &str = "https://discord.com/developers/docs/resources/message#create-message";
/// <https://discord.com/developers/docs/components/reference> (legacy "Message Components").
pub const COMPONENTS: &str = "https://discord.com/developers/docs/components/reference";
/// <https://discord.com/developers/docs/resources/message#embed-object-embed-limits>.
pub const EMBED_LIMITS: &str =
    "https://discord.com/developers/docs/resources/message#embed-object-embed-limits";
/// <https://discord.com/developers/docs/interactions/receiving-and-responding>.
pub const RESPONDING: &str =
    "https://discord.com/developers/docs/interactions/receiving-and-responding";
/// <https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-choice-structure>.
pub const COMMANDS: &str = "https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-choice-structure";
/// <https://discord.com/developers/docs/reference#uploading-files>.
pub const UPLOADS: &str = "https://discord.com/developers/docs/reference#uploading-files";
/// <https://discord.com/developers/docs/resources/channel#start-thread-from-message>.
pub const THREADS: &str =
    "https://discord.com/developers/docs/resources/channel#start-thread-from-message";
/// <https://discord.com/developers/docs/resources/channel#start-thread-without-message>.
pub const THREADS_WITHOUT_MESSAGE: &str =
    "https://discord.com/developers/docs/resources/channel#start-thread-without-message";
/// <https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>.
pub const CODES: &str = "https://discord.com/developers/docs/topics/opcodes-and-status-codes#json";

/// The upload limit of a server without boosts, and the `attachment_size_limit` the fake
/// announces unless a test sets another ([UPLOADS]).
pub const DEFAULT_UPLOAD_LIMIT: u64 = 10 * 1024 * 1024;

/// A refused request: the HTTP status and Discord's JSON error body.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    pub status: u16,
    pub body: Value,
}

impl Refused {
    /// A refusal with Discord's `{"code", "message"}` body ([CODES]).
    pub fn new(status: u16, code: u64, message: &str) -> Refused {
        Refused {
            status,
            body: json!({ "code": code, "message": message }),
        }
    }

    /// 404 10062: the interaction is unknown (or its token expired).
    pub fn unknown_interaction() -> Refused {
        Refused::new(404, 10062, "Unknown interaction")
    }

    /// 400 40060: an interaction is acknowledged once ([RESPONDING]).
    pub fn already_acknowledged() -> Refused {
        Refused::new(400, 40060, "Interaction has already been acknowledged.")
    }

    /// 404 10015: the interaction's webhook does not exist (yet): follow-ups need the
    /// interaction to have been answered first ([RESPONDING], "Followup Messages").
    pub fn unknown_webhook() -> Refused {
        Refused::new(404, 10015, "Unknown Webhook")
    }

    /// 404 10008: no such message where the request looks for it.
    pub fn unknown_message() -> Refused {
        Refused::new(404, 10008, "Unknown Message")
    }

    /// 400 50006: a message needs content, embeds, components, files, stickers or a poll
    /// ([MESSAGE]).
    fn empty_message() -> Refused {
        Refused::new(400, 50006, "Cannot send an empty message")
    }

    /// 413 40005: a file over the upload limit ([UPLOADS]).
    fn too_large() -> Refused {
        Refused::new(413, 40005, "Request entity too large")
    }
}

/// One entry of a field's `_errors` list.
struct Violation {
    code: &'static str,
    message: String,
}

fn max_length(max: usize) -> Violation {
    Violation {
        code: "BASE_TYPE_MAX_LENGTH",
        message: format!("Must be {max} or fewer in length."),
    }
}

fn min_length(min: usize) -> Violation {
    Violation {
        code: "BASE_TYPE_MIN_LENGTH",
        message: format!("Must be {min} or more in length."),
    }
}

fn bad_length(min: usize, max: usize) -> Violation {
    Violation {
        code: "BASE_TYPE_BAD_LENGTH",
        message: format!("Must be between {min} and {max} in length."),
    }
}

fn required() -> Violation {
    Violation {
        code: "BASE_TYPE_REQUIRED",
        message: String::from("This field is required"),
    }
}

fn choices(allowed: &str) -> Violation {
    Violation {
        code: "BASE_TYPE_CHOICES",
        message: format!("Value must be one of {{{allowed}}}."),
    }
}

fn number_max(max: i64) -> Violation {
    Violation {
        code: "NUMBER_TYPE_MAX",
        message: format!("int value should be less than or equal to {max}."),
    }
}

fn number_min(min: i64) -> Violation {
    Violation {
        code: "NUMBER_TYPE_MIN",
        message: format!("int value should be greater than or equal to {min}."),
    }
}

fn named(code: &'static str, message: &str) -> Violation {
    Violation {
        code,
        message: message.to_owned(),
    }
}

/// The errors of an "Invalid Form Body" (50035) answer, nested the way Discord nests them:
/// `{"components": {"1": {"components": {"0": {"custom_id": {"_errors": [..]}}}}}}` ([CODES]).
#[derive(Default)]
struct FormErrors(Map<String, Value>);

/// A field's place in the request body: keys and array indices, outermost first.
type Path = Vec<String>;

fn at(path: &[String], key: impl ToString) -> Path {
    let mut path = path.to_vec();
    path.push(key.to_string());
    path
}

impl FormErrors {
    fn add(&mut self, path: &[String], violation: Violation) {
        let mut node = &mut self.0;
        for key in path {
            let entry = node
                .entry(key.clone())
                .or_insert_with(|| Value::Object(Map::new()));
            if !entry.is_object() {
                *entry = Value::Object(Map::new());
            }
            node = match entry {
                Value::Object(map) => map,
                _ => unreachable!("made an object above"),
            };
        }
        let list = node
            .entry(String::from("_errors"))
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = list {
            list.push(json!({ "code": violation.code, "message": violation.message }));
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// 400 50035 with these errors, if there are any.
    fn into_result(self) -> Result<(), Refused> {
        if self.is_empty() {
            return Ok(());
        }
        Err(Refused {
            status: 400,
            body: json!({ "code": 50035, "message": "Invalid Form Body", "errors": self.0 }),
        })
    }
}

/// Characters as Discord counts them (Unicode code points).
fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

/// A string field of at most `max` characters, if present.
fn optional_text(errors: &mut FormErrors, path: &[String], value: &Value, max: usize) {
    if chars(value) > max {
        errors.add(path, max_length(max));
    }
}

/// A string field of 1 to `max` characters that must be present.
fn required_text(errors: &mut FormErrors, path: &[String], value: &Value, max: usize) {
    match value.as_str() {
        None | Some("") => errors.add(path, required()),
        Some(_) if chars(value) > max => errors.add(path, max_length(max)),
        Some(_) => {}
    }
}

fn list(value: &Value) -> &[Value] {
    value.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// The fields of a message body that Discord checks whether it creates or edits a message:
/// content, components, embeds and nonce ([MESSAGE]). Only the fields present are checked (an
/// edit is partial).
fn message_fields(errors: &mut FormErrors, path: &[String], payload: &Value) {
    // content: "Message contents (up to 2000 characters)".
    optional_text(errors, &at(path, "content"), &payload["content"], 2000);
    // nonce: "up to 25 characters".
    if payload["nonce"].is_string() {
        optional_text(errors, &at(path, "nonce"), &payload["nonce"], 25);
    }
    // sticker_ids: "up to 3".
    if list(&payload["sticker_ids"]).len() > 3 {
        errors.add(&at(path, "sticker_ids"), max_length(3));
    }
    allowed_mentions(
        errors,
        &at(path, "allowed_mentions"),
        &payload["allowed_mentions"],
    );
    // attachments[n].description: the alt text, "max 1024 characters".
    for (i, attachment) in list(&payload["attachments"]).iter().enumerate() {
        let description = &attachment["description"];
        optional_text(
            errors,
            &at(&at(&at(path, "attachments"), i), "description"),
            description,
            1024,
        );
    }
    if let Some(rows) = payload["components"].as_array() {
        components(errors, &at(path, "components"), rows);
    }
    if let Some(embeds) = payload["embeds"].as_array() {
        self::embeds(errors, &at(path, "embeds"), embeds);
    }
}

/// Allowed mentions ([MESSAGE], "Allowed Mentions Object"): at most 100 users and 100 roles,
/// and a type parsed from the content (`parse: ["users"]`) is not listed by id as well.
fn allowed_mentions(errors: &mut FormErrors, path: &[String], allowed: &Value) {
    let parse = list(&allowed["parse"]);
    let mut exclusive = false;
    for (key, parsed) in [("users", "users"), ("roles", "roles")] {
        let ids = list(&allowed[key]);
        if ids.len() > 100 {
            errors.add(&at(path, key), max_length(100));
        }
        exclusive |= !ids.is_empty() && parse.iter().any(|p| p == parsed);
    }
    if exclusive {
        errors.add(
            path,
            named(
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                "parse and users or roles are mutually exclusive",
            ),
        );
    }
}

/// Discord's component types ([COMPONENTS]).
const ACTION_ROW: u64 = 1;
const BUTTON: u64 = 2;
const STRING_SELECT: u64 = 3;
/// User, role, mentionable and channel selects.
const OTHER_SELECTS: [u64; 4] = [5, 6, 7, 8];
/// A link button: a `url`, no `custom_id`.
const LINK: u64 = 5;
/// A premium button: a `sku_id`, neither `custom_id` nor `url`.
const PREMIUM: u64 = 6;

/// The components of a message without the Components V2 flag ([COMPONENTS], "Action Row",
/// "Button", "String Select"): at most 5 action rows, each holding 1 to 5 buttons or a
/// single select menu; custom ids of 1 to 100 characters, unique within the message.
fn components(errors: &mut FormErrors, path: &[String], rows: &[Value]) {
    if rows.len() > 5 {
        errors.add(path, max_length(5));
        return;
    }
    let mut ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let row_path = at(path, i);
        if row["type"].as_u64() != Some(ACTION_ROW) {
            // Only action rows are top-level components of a legacy message.
            errors.add(
                &at(&row_path, "type"),
                named(
                    "UNION_TYPE_CHOICES",
                    "Value of field \"type\" must be one of (1,).",
                ),
            );
            continue;
        }
        let items = list(&row["components"]);
        let items_path = at(&row_path, "components");
        if items.is_empty() || items.len() > 5 {
            errors.add(&items_path, bad_length(1, 5));
            continue;
        }
        // A row is 5 units wide: a button takes 1, a select menu all 5.
        let mut width = 0;
        for (j, item) in items.iter().enumerate() {
            let item_path = at(&items_path, j);
            let kind = item["type"].as_u64().unwrap_or(0);
            width += if kind == BUTTON { 1 } else { 5 };
            if width > 5 {
                errors.add(
                    &item_path,
                    named(
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "The specified component exceeds the maximum width",
                    ),
                );
                continue;
            }
            match kind {
                BUTTON => button(errors, &item_path, item, &mut ids),
                STRING_SELECT => {
                    select(errors, &item_path, item, &mut ids);
                    string_options(errors, &item_path, item);
                }
                k if OTHER_SELECTS.contains(&k) => select(errors, &item_path, item, &mut ids),
                _ => errors.add(
                    &at(&item_path, "type"),
                    named(
                        "UNION_TYPE_CHOICES",
                        "Value of field \"type\" must be one of (2, 3, 5, 6, 7, 8).",
                    ),
                ),
            }
        }
    }
}

/// A component's `custom_id`: present, 1 to 100 characters, and not used by another
/// component of the same message.
fn custom_id<'a>(
    errors: &mut FormErrors,
    path: &[String],
    item: &'a Value,
    ids: &mut HashSet<&'a str>,
) {
    let path = at(path, "custom_id");
    match item["custom_id"].as_str() {
        None | Some("") => errors.add(&path, required()),
        Some(_) if chars(&item["custom_id"]) > 100 => errors.add(&path, max_length(100)),
        Some(id) if !ids.insert(id) => errors.add(
            &path,
            named(
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            ),
        ),
        Some(_) => {}
    }
}

/// A button ([COMPONENTS], "Button"): a style from 1 to 6, a label of at most 80 characters;
/// a link button has a `url` (at most 512 characters) and no `custom_id`, a premium button
/// neither, every other button a `custom_id` and no `url`.
fn button<'a>(
    errors: &mut FormErrors,
    path: &[String],
    item: &'a Value,
    ids: &mut HashSet<&'a str>,
) {
    optional_text(errors, &at(path, "label"), &item["label"], 80);
    let exclusive = || {
        named(
            "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
            "A custom id and url cannot both be specified",
        )
    };
    let has_id = !item["custom_id"].is_null();
    let has_url = !item["url"].is_null();
    match item["style"].as_u64() {
        None => errors.add(&at(path, "style"), required()),
        Some(LINK) => {
            if has_id {
                errors.add(&at(path, "custom_id"), exclusive());
            }
            match item["url"].as_str() {
                None | Some("") => errors.add(
                    &at(path, "url"),
                    named("BUTTON_COMPONENT_URL_REQUIRED", "A url is required"),
                ),
                Some(_) => optional_text(errors, &at(path, "url"), &item["url"], 512),
            }
        }
        Some(PREMIUM) => {
            if has_id || has_url {
                errors.add(path, exclusive());
            }
            if item["sku_id"].is_null() {
                errors.add(&at(path, "sku_id"), required());
            }
        }
        Some(1..=4) => {
            if has_url {
                errors.add(&at(path, "url"), exclusive());
            }
            custom_id(errors, path, item, ids);
        }
        Some(_) => errors.add(&at(path, "style"), choices("1, 2, 3, 4, 5, 6")),
    }
}

/// What every select menu checks ([COMPONENTS], "String Select" and the other selects): its
/// `custom_id`, a placeholder of at most 150 characters, `min_values` from 0 to 25 and
/// `max_values` from 1 to 25, the least no more than the most.
fn select<'a>(
    errors: &mut FormErrors,
    path: &[String],
    item: &'a Value,
    ids: &mut HashSet<&'a str>,
) {
    custom_id(errors, path, item, ids);
    optional_text(errors, &at(path, "placeholder"), &item["placeholder"], 150);
    let (min, max) = values_range(item);
    if !(0..=25).contains(&min) {
        let violation = if min < 0 {
            number_min(0)
        } else {
            number_max(25)
        };
        errors.add(&at(path, "min_values"), violation);
    }
    if !(1..=25).contains(&max) {
        let violation = if max < 1 {
            number_min(1)
        } else {
            number_max(25)
        };
        errors.add(&at(path, "max_values"), violation);
    }
    if min > max && (0..=25).contains(&min) && (1..=25).contains(&max) {
        errors.add(&at(path, "min_values"), number_max(max));
    }
}

/// A select menu's `min_values` and `max_values`, each 1 unless given.
fn values_range(item: &Value) -> (i64, i64) {
    let min = item["min_values"].as_i64().unwrap_or(1);
    let max = item["max_values"].as_i64().unwrap_or(1);
    (min, max)
}

/// A string select's options ([COMPONENTS], "String Select" and "Select Option"): 1 to 25 of
/// them, labels and values of 1 to 100 characters, descriptions of at most 100, values unique;
/// `max_values` no more than the options and no more options chosen by default.
fn string_options(errors: &mut FormErrors, path: &[String], item: &Value) {
    let options_path = at(path, "options");
    let options = list(&item["options"]);
    if options.is_empty() || options.len() > 25 {
        errors.add(&options_path, bad_length(1, 25));
        return;
    }
    let mut values = HashSet::new();
    for (i, option) in options.iter().enumerate() {
        let option_path = at(&options_path, i);
        required_text(errors, &at(&option_path, "label"), &option["label"], 100);
        required_text(errors, &at(&option_path, "value"), &option["value"], 100);
        optional_text(
            errors,
            &at(&option_path, "description"),
            &option["description"],
            100,
        );
        if let Some(value) = option["value"].as_str() {
            if !values.insert(value) {
                errors.add(
                    &option_path,
                    named(
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values must be unique",
                    ),
                );
            }
        }
    }
    let (min, max) = values_range(item);
    let count = options.len() as i64;
    if max > count && max <= 25 {
        errors.add(&options_path, min_length(max as usize));
    } else if min > count && min <= 25 {
        errors.add(&at(path, "min_values"), number_max(count));
    }
    let defaults = options.iter().filter(|o| o["default"] == true).count() as i64;
    if defaults > max {
        errors.add(
            &options_path,
            named(
                "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
                "The number of default values exceeds max_values",
            ),
        );
    }
}

/// Embeds ([MESSAGE] `embeds`, [EMBED_LIMITS]): at most 10; title 256, description 4096, 25
/// fields of name 256 and value 1024, footer text 2048, author name 256; 6000 characters in
/// all of them together.
fn embeds(errors: &mut FormErrors, path: &[String], embeds: &[Value]) {
    if embeds.len() > 10 {
        errors.add(path, max_length(10));
        return;
    }
    let mut total = 0;
    for (i, embed) in embeds.iter().enumerate() {
        let embed_path = at(path, i);
        for (field, max) in [("title", 256), ("description", 4096)] {
            optional_text(errors, &at(&embed_path, field), &embed[field], max);
            total += chars(&embed[field]);
        }
        for (outer, inner, max) in [("footer", "text", 2048), ("author", "name", 256)] {
            let path = at(&at(&embed_path, outer), inner);
            optional_text(errors, &path, &embed[outer][inner], max);
            total += chars(&embed[outer][inner]);
        }
        let fields = list(&embed["fields"]);
        if fields.len() > 25 {
            errors.add(&at(&embed_path, "fields"), max_length(25));
        }
        for (j, field) in fields.iter().enumerate() {
            let field_path = at(&at(&embed_path, "fields"), j);
            required_text(errors, &at(&field_path, "name"), &field["name"], 256);
            required_text(errors, &at(&field_path, "value"), &field["value"], 1024);
            total += chars(&field["name"]) + chars(&field["value"]);
        }
    }
    if total > 6000 {
        errors.add(
            path,
            named(
                "MAX_EMBED_SIZE_EXCEEDED",
                "Embed size exceeds maximum size of 6000",
            ),
        );
    }
}

/// The files of one request ([UPLOADS]): each of them, and all of them together, at most
/// `limit` bytes (the interaction's `attachment_size_limit`, or the server's upload limit
/// for channel messages).
fn upload_size(files: &[File], limit: u64) -> Result<(), Refused> {
    let sizes = files.iter().map(|f| f.bytes.len() as u64);
    if sizes.clone().any(|size| size > limit) || sizes.sum::<u64>() > limit {
        return Err(Refused::too_large());
    }
    Ok(())
}

/// At most 10 attachments on a message ([UPLOADS], [MESSAGE] `files[n]`).
fn attachment_count(errors: &mut FormErrors, path: &[String], count: usize) {
    if count > 10 {
        errors.add(&at(path, "attachments"), max_length(10));
    }
}

fn has_any(value: &Value) -> bool {
    value.as_array().is_some_and(|a| !a.is_empty())
}

/// A new message: a channel message, an interaction's message answer (with `path` `["data"]`)
/// or a follow-up. Too large first (Discord refuses the upload before reading the form), then
/// the form, then the empty message.
pub fn new_message(
    path: &[&str],
    payload: &Value,
    files: &[File],
    limit: u64,
) -> Result<(), Refused> {
    upload_size(files, limit)?;
    let path: Path = path.iter().map(|s| s.to_string()).collect();
    let mut errors = FormErrors::default();
    message_fields(&mut errors, &path, payload);
    attachment_count(&mut errors, &path, files.len());
    errors.into_result()?;
    let empty = chars(&payload["content"]) == 0
        && !has_any(&payload["components"])
        && !has_any(&payload["embeds"])
        && !has_any(&payload["sticker_ids"])
        && payload["poll"].is_null()
        && files.is_empty();
    if empty {
        return Err(Refused::empty_message());
    }
    Ok(())
}

/// An edit of a message (a channel message edit, an `UpdateMessage` answer with `path`
/// `["data"]`, a follow-up edit): the fields it sends, and `after`, the message as the edit
/// leaves it. An edit is partial, so only the result must not be empty ([MESSAGE],
/// "Edit Message": "all parameters to this endpoint are optional").
pub fn edit(
    path: &[&str],
    payload: &Value,
    files: &[File],
    limit: u64,
    after: &Message,
) -> Result<(), Refused> {
    upload_size(files, limit)?;
    let path: Path = path.iter().map(|s| s.to_string()).collect();
    let mut errors = FormErrors::default();
    message_fields(&mut errors, &path, payload);
    attachment_count(&mut errors, &path, after.attachments.len());
    errors.into_result()?;
    let empty = after.content.is_empty()
        && !has_any(&after.components)
        && !has_any(&after.embeds)
        && after.attachments.is_empty();
    if empty {
        return Err(Refused::empty_message());
    }
    Ok(())
}

/// Which callback types answer which interactions ([RESPONDING], "Interaction Callback
/// Type"): a command takes 4 or 5 (or a modal, 9); a component 4, 5, 6, 7 (or 9); an
/// autocomplete request only 8. A command or a component may also launch the app's
/// Activity (12), which `activity.rs` takes only from an app with Activities enabled.
pub fn callback_type(callback: u64, interaction: u8) -> Result<(), Refused> {
    let allowed: &[u64] = match interaction {
        2 => &[4, 5, 9, 12],
        3 => &[4, 5, 6, 7, 9, 12],
        4 => &[8],
        _ => &[],
    };
    if allowed.contains(&callback) {
        return Ok(());
    }
    let mut errors = FormErrors::default();
    let list: Vec<String> = allowed.iter().map(u64::to_string).collect();
    errors.add(&[String::from("type")], choices(&list.join(", ")));
    errors.into_result()
}

/// Autocomplete choices ([RESPONDING], "Autocomplete": at most 25; [COMMANDS]: a name of 1 to
/// 100 characters, a string value of at most 100 characters, a number within ±2^53).
pub fn autocomplete(data: &Value) -> Result<(), Refused> {
    let mut errors = FormErrors::default();
    let path = vec![String::from("data"), String::from("choices")];
    match data["choices"].as_array() {
        None => errors.add(&path, required()),
        Some(choices) if choices.len() > 25 => errors.add(&path, max_length(25)),
        Some(choices) => {
            for (i, choice) in choices.iter().enumerate() {
                let choice_path = at(&path, i);
                let name = &choice["name"];
                if name.as_str().is_none() || !(1..=100).contains(&chars(name)) {
                    errors.add(&at(&choice_path, "name"), bad_length(1, 100));
                }
                let value_path = at(&choice_path, "value");
                match &choice["value"] {
                    Value::String(_) => {
                        optional_text(&mut errors, &value_path, &choice["value"], 100)
                    }
                    Value::Number(n) => {
                        const SAFE: f64 = 9_007_199_254_740_992.0;
                        let n = n.as_f64().unwrap_or(f64::MAX);
                        if n > SAFE {
                            errors.add(&value_path, number_max(SAFE as i64));
                        } else if n < -SAFE {
                            errors.add(&value_path, number_min(-SAFE as i64));
                        }
                    }
                    _ => errors.add(&value_path, required()),
                }
            }
        }
    }
    errors.into_result()
}

/// Starting a thread without a message ([THREADS_WITHOUT_MESSAGE]): what [`thread`] checks,
/// and a `type`, which API v10 requires (v9 defaulted to a private thread): 11 (public) or 12
/// (private) in a text channel.
pub fn thread_without_message(payload: &Value) -> Result<(), Refused> {
    let mut errors = match thread(payload) {
        Ok(()) => FormErrors::default(),
        Err(refused) => return Err(refused),
    };
    match payload.get("type").and_then(Value::as_u64) {
        None => errors.add(&[String::from("type")], required()),
        Some(11 | 12) => {}
        Some(_) => errors.add(&[String::from("type")], choices("11, 12")),
    }
    errors.into_result()
}

/// Starting a thread from a message ([THREADS]): a name of 1 to 100 characters, an
/// `auto_archive_duration` of 60, 1440, 4320 or 10080 minutes, a slow mode of 0 to 21600
/// seconds.
pub fn thread(payload: &Value) -> Result<(), Refused> {
    let mut errors = FormErrors::default();
    let name = &payload["name"];
    if name.as_str().is_none() || !(1..=100).contains(&chars(name)) {
        errors.add(&[String::from("name")], bad_length(1, 100));
    }
    if let Some(duration) = payload
        .get("auto_archive_duration")
        .filter(|d| !d.is_null())
    {
        if ![60, 1440, 4320, 10080].contains(&duration.as_u64().unwrap_or(0)) {
            errors.add(
                &[String::from("auto_archive_duration")],
                choices("60, 1440, 4320, 10080"),
            );
        }
    }
    if let Some(slow) = payload["rate_limit_per_user"].as_i64() {
        if !(0..=21600).contains(&slow) {
            let violation = if slow < 0 {
                number_min(0)
            } else {
                number_max(21600)
            };
            errors.add(&[String::from("rate_limit_per_user")], violation);
        }
    }
    errors.into_result()
}
