//! The fake refuses what Discord refuses (`testkit/src/fake_discord/contract.rs`,
//! `docs/discord-contract.md`): one test per rule, each showing the write at the limit taken
//! and one past it refused with Discord's status, code and error path, as serenity's own
//! HTTP client reads them, and recorded by the fake with its payload.

use std::panic::AssertUnwindSafe;

use serenity::all::{
    ChannelId, CreateAttachment, DiscordJsonError, HttpError, InteractionId, MessageId,
};

use super::*;
use support::{Refusal, DEFAULT_UPLOAD_LIMIT};

/// What Discord answered a write that failed: the HTTP status and its JSON error.
type Refused = (u16, DiscordJsonError);

/// A fake, serenity's client standing in for the bot, and the interactions a rule needs.
struct Rig {
    fake: FakeDiscord,
    bot: StandIn,
}

/// An interaction the rig received: its id and token.
struct Received {
    id: InteractionId,
    token: String,
}

fn refused<T: std::fmt::Debug>(result: serenity::Result<T>) -> Refused {
    match result {
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(answer))) => {
            (answer.status_code.as_u16(), answer.error)
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

impl Rig {
    async fn new() -> Rig {
        let fake = FakeDiscord::start().await;
        let bot = StandIn::connect(&fake).await;
        bot.register(vec![shogi()]).await;
        Rig { fake, bot }
    }

    fn channel() -> ChannelId {
        ChannelId::new(CHANNEL)
    }

    async fn post(&self, payload: Value, files: Vec<CreateAttachment>) -> serenity::Result<u64> {
        let sent = self.bot.http.send_message(Rig::channel(), files, &payload);
        sent.await.map(|m| m.id.get())
    }

    async fn edit(&self, message: u64, payload: Value) -> serenity::Result<u64> {
        let id = MessageId::new(message);
        let sent = self
            .bot
            .http
            .edit_message(Rig::channel(), id, &payload, Vec::new());
        sent.await.map(|m| m.id.get())
    }

    /// A message with one button, for clicking.
    async fn clickable(&self) -> u64 {
        let payload = json!({ "content": "Click", "components": [row(vec![button("go")])] });
        self.post(payload, Vec::new())
            .await
            .expect("a message to click")
    }

    async fn received(&mut self, token: String) -> Received {
        let (raw, _) = self.bot.interaction().await;
        let id = raw["id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("an id");
        Received {
            id: InteractionId::new(id),
            token,
        }
    }

    /// A click on a fresh message's button.
    async fn click(&mut self) -> Received {
        let message = self.clickable().await;
        let token = self.fake.click(&an(), message, "go");
        self.received(token).await
    }

    /// `/shogi board`.
    async fn command(&mut self) -> Received {
        let token = self
            .fake
            .slash_to(&an(), CHANNEL, "shogi", "board", vec![], vec![]);
        self.received(token).await
    }

    /// Typing into `/shogi play move:`.
    async fn typing(&mut self) -> Received {
        let typed = json!({ "name": "move", "type": 3, "value": "7g", "focused": true });
        let token = self
            .fake
            .autocomplete(&an(), CHANNEL, "shogi", "play", vec![typed]);
        self.received(token).await
    }

    async fn answer(
        &self,
        to: &Received,
        kind: u64,
        data: Value,
        files: Vec<CreateAttachment>,
    ) -> serenity::Result<()> {
        let payload = json!({ "type": kind, "data": data });
        let http = &self.bot.http;
        http.create_interaction_response(to.id, &to.token, &payload, files)
            .await
    }

    async fn followup(
        &self,
        to: &Received,
        payload: Value,
        files: Vec<CreateAttachment>,
    ) -> serenity::Result<u64> {
        let sent = self
            .bot
            .http
            .create_followup_message(&to.token, &payload, files);
        sent.await.map(|m| m.id.get())
    }

    /// Checks that `refused` is Discord's answer `status` / `code`, with `inner` at `path`
    /// among the form errors when given, and that the fake recorded exactly that refusal;
    /// returns the record.
    fn check(
        &self,
        refused: Refused,
        status: u16,
        code: isize,
        inner: Option<(&str, &str)>,
    ) -> Refusal {
        let (got, error) = refused;
        assert_eq!((got, error.code), (status, code), "{error:?}");
        if let Some((path, inner)) = inner {
            assert!(
                error
                    .errors
                    .iter()
                    .any(|e| e.path == path && e.code == inner),
                "no {inner} at {path} in {:?}",
                error.errors
            );
        }
        let mut recorded = self.fake.take_refusals();
        assert_eq!(recorded.len(), 1, "one refusal recorded: {recorded:?}");
        let refusal = recorded.remove(0);
        assert_eq!(refusal.status, status);
        assert_eq!(refusal.code(), code as u64);
        refusal
    }
}

fn row(items: Vec<Value>) -> Value {
    json!({ "type": 1, "components": items })
}

fn button(id: &str) -> Value {
    json!({ "type": 2, "style": 1, "label": "Go", "custom_id": id })
}

fn select(id: &str, options: usize) -> Value {
    let options: Vec<Value> = (0..options)
        .map(|n| json!({ "label": format!("Option {n}"), "value": n.to_string() }))
        .collect();
    json!({ "type": 3, "custom_id": id, "options": options })
}

fn text(chars: usize) -> String {
    // "ô" is two bytes: Discord counts characters.
    "ô".repeat(chars)
}

fn components(rows: Vec<Value>) -> Value {
    json!({ "content": "x", "components": rows })
}

/// A channel message with `payload` is taken, and with `over` refused with 50035 and
/// `inner` at `path`.
async fn limit(payload: Value, over: Value, path: &str, inner: &str) {
    let rig = Rig::new().await;
    rig.post(payload, Vec::new())
        .await
        .expect("the write at the limit is taken");
    let refusal = rig.check(
        refused(rig.post(over.clone(), Vec::new()).await),
        400,
        50035,
        Some((path, inner)),
    );
    assert_eq!(refusal.payload, over, "the refused payload is recorded");
    assert!(refusal.request.starts_with("POST /api/v10/channels/"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn custom_ids_are_unique_across_every_row_and_select_of_a_message() {
    let unique = components(vec![
        row(vec![select("pick", 2)]),
        row(vec![button("a"), button("b")]),
    ]);
    let across_rows = components(vec![
        row(vec![button("a")]),
        row(vec![button("a"), button("b")]),
    ]);
    limit(
        unique,
        across_rows,
        "components.1.components.0.custom_id",
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    )
    .await;
    // The issue's case: two select menus sharing one id, in rows of their own.
    let two_selects = components(vec![
        row(vec![select("oaq:p:1:16:B*", 25)]),
        row(vec![select("oaq:p:1:16:B*", 3)]),
    ]);
    let once = components(vec![
        row(vec![select("oaq:p:1:16:B*", 25)]),
        row(vec![select("oaq:p:1:16:B*2", 3)]),
    ]);
    limit(
        once,
        two_selects,
        "components.1.components.0.custom_id",
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    )
    .await;
    // Disabled or not, and within one row.
    let mut twin = button("a");
    twin["disabled"] = json!(true);
    let same_row = components(vec![row(vec![button("a"), twin])]);
    let rig = Rig::new().await;
    let error = refused(rig.post(same_row, Vec::new()).await);
    rig.check(
        error,
        400,
        50035,
        Some((
            "components.0.components.1.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        )),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_has_at_most_five_action_rows() {
    let rows = |n: usize| (0..n).map(|i| row(vec![button(&i.to_string())])).collect();
    limit(
        components(rows(5)),
        components(rows(6)),
        "components",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn top_level_components_are_action_rows() {
    limit(
        components(vec![row(vec![button("a")])]),
        components(vec![button("a")]),
        "components.0.type",
        "UNION_TYPE_CHOICES",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_row_holds_one_to_five_buttons() {
    let buttons = |n: usize| (0..n).map(|i| button(&i.to_string())).collect();
    limit(
        components(vec![row(buttons(5))]),
        components(vec![row(buttons(6))]),
        "components.0.components",
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;
    limit(
        components(vec![row(buttons(1))]),
        components(vec![row(buttons(0))]),
        "components.0.components",
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_select_menu_is_alone_in_its_row() {
    limit(
        components(vec![row(vec![select("s", 2)]), row(vec![button("b")])]),
        components(vec![row(vec![select("s", 2), button("b")])]),
        "components.0.components.1",
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_button_has_a_url_and_no_custom_id_and_other_buttons_the_reverse() {
    let link = json!({ "type": 2, "style": 5, "label": "Rules", "url": "https://example.com" });
    let mut link_with_id = link.clone();
    link_with_id["custom_id"] = json!("rules");
    limit(
        components(vec![row(vec![link.clone(), button("a")])]),
        components(vec![row(vec![link_with_id])]),
        "components.0.components.0.custom_id",
        "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
    )
    .await;
    let no_url = json!({ "type": 2, "style": 5, "label": "Rules" });
    limit(
        components(vec![row(vec![link.clone()])]),
        components(vec![row(vec![no_url])]),
        "components.0.components.0.url",
        "BUTTON_COMPONENT_URL_REQUIRED",
    )
    .await;
    let mut with_url = button("a");
    with_url["url"] = json!("https://example.com");
    limit(
        components(vec![row(vec![button("a")])]),
        components(vec![row(vec![with_url])]),
        "components.0.components.0.url",
        "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
    )
    .await;
    let no_id = json!({ "type": 2, "style": 1, "label": "Go" });
    limit(
        components(vec![row(vec![button("a")])]),
        components(vec![row(vec![no_id])]),
        "components.0.components.0.custom_id",
        "BASE_TYPE_REQUIRED",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_custom_id_has_1_to_100_characters() {
    limit(
        components(vec![row(vec![button(&text(100))])]),
        components(vec![row(vec![button(&text(101))])]),
        "components.0.components.0.custom_id",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
    limit(
        components(vec![row(vec![select(&text(100), 2)])]),
        components(vec![row(vec![select("", 2)])]),
        "components.0.components.0.custom_id",
        "BASE_TYPE_REQUIRED",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_label_has_at_most_80_characters() {
    let labelled = |n: usize| {
        let mut b = button("a");
        b["label"] = json!(text(n));
        components(vec![row(vec![b])])
    };
    limit(
        labelled(80),
        labelled(81),
        "components.0.components.0.label",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_select_placeholder_has_at_most_150_characters() {
    let placeholder = |n: usize| {
        let mut s = select("s", 2);
        s["placeholder"] = json!(text(n));
        components(vec![row(vec![s])])
    };
    limit(
        placeholder(150),
        placeholder(151),
        "components.0.components.0.placeholder",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_select_has_1_to_25_options_with_unique_values() {
    let options = |n: usize| components(vec![row(vec![select("s", n)])]);
    limit(
        options(25),
        options(26),
        "components.0.components.0.options",
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;
    limit(
        options(1),
        options(0),
        "components.0.components.0.options",
        "BASE_TYPE_BAD_LENGTH",
    )
    .await;
    let mut twice = select("s", 3);
    twice["options"][2]["value"] = json!("0");
    limit(
        options(3),
        components(vec![row(vec![twice])]),
        "components.0.components.0.options.2",
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn option_labels_values_and_descriptions_have_at_most_100_characters() {
    for field in ["label", "value", "description"] {
        let option = |n: usize| {
            let mut s = select("s", 2);
            s["options"][1][field] = json!(text(n));
            components(vec![row(vec![s])])
        };
        limit(
            option(100),
            option(101),
            &format!("components.0.components.0.options.1.{field}"),
            "BASE_TYPE_MAX_LENGTH",
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn min_and_max_values_are_within_0_to_25_and_the_options() {
    let range = |options: usize, min: i64, max: i64| {
        let mut s = select("s", options);
        s["min_values"] = json!(min);
        s["max_values"] = json!(max);
        components(vec![row(vec![s])])
    };
    let at = "components.0.components.0";
    limit(
        range(25, 0, 25),
        range(25, 0, 26),
        &format!("{at}.max_values"),
        "NUMBER_TYPE_MAX",
    )
    .await;
    limit(
        range(25, 25, 25),
        range(25, 26, 25),
        &format!("{at}.min_values"),
        "NUMBER_TYPE_MAX",
    )
    .await;
    limit(
        range(3, 1, 3),
        range(2, 1, 3),
        &format!("{at}.options"),
        "BASE_TYPE_MIN_LENGTH",
    )
    .await;
    limit(
        range(3, 2, 3),
        range(3, 3, 2),
        &format!("{at}.min_values"),
        "NUMBER_TYPE_MAX",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn content_has_at_most_2000_characters() {
    limit(
        json!({ "content": text(2000) }),
        json!({ "content": text(2001) }),
        "content",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nonce_has_at_most_25_characters() {
    limit(
        json!({ "content": "x", "nonce": "n".repeat(25) }),
        json!({ "content": "x", "nonce": "n".repeat(26) }),
        "nonce",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowed_mentions_do_not_both_parse_and_list_users() {
    let mentions = |users: Vec<&str>| {
        let allowed = json!({ "parse": ["users"], "users": users, "roles": [] });
        json!({ "content": "<@11>", "allowed_mentions": allowed })
    };
    limit(
        mentions(vec![]),
        mentions(vec!["11"]),
        "allowed_mentions",
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_has_at_most_three_stickers_and_short_alt_texts() {
    limit(
        json!({ "content": "x", "sticker_ids": ["1", "2", "3"] }),
        json!({ "content": "x", "sticker_ids": ["1", "2", "3", "4"] }),
        "sticker_ids",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
    let described = |n: usize| {
        let attachment = json!({ "id": 0, "filename": "board.png", "description": text(n) });
        json!({ "content": "x", "attachments": [attachment] })
    };
    limit(
        described(1024),
        described(1025),
        "attachments.0.description",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embeds_keep_to_their_limits() {
    let embeds = |list: Vec<Value>| json!({ "embeds": list });
    let titled = |n: usize| json!({ "title": text(n) });
    limit(
        embeds(vec![titled(1); 10]),
        embeds(vec![titled(1); 11]),
        "embeds",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
    limit(
        embeds(vec![titled(256)]),
        embeds(vec![titled(257)]),
        "embeds.0.title",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
    let described = |n: usize| json!({ "description": text(n) });
    limit(
        embeds(vec![described(4096)]),
        embeds(vec![described(4097)]),
        "embeds.0.description",
        "BASE_TYPE_MAX_LENGTH",
    )
    .await;
    limit(
        embeds(vec![described(4000), described(2000)]),
        embeds(vec![described(4000), described(2001)]),
        "embeds",
        "MAX_EMBED_SIZE_EXCEEDED",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_message_is_never_empty() {
    let rig = Rig::new().await;
    let nothing = json!({ "content": "", "components": [], "embeds": [] });
    let error = refused(rig.post(nothing, Vec::new()).await);
    rig.check(error, 400, 50006, None);
    // A file alone is a message.
    let file = CreateAttachment::bytes(b"GIF89a".to_vec(), "replay.gif");
    rig.post(json!({ "content": "" }), vec![file])
        .await
        .expect("a file alone is a message");
    // So is an interaction's answer and a follow-up.
    let mut rig = rig;
    let click = rig.click().await;
    let error = refused(
        rig.answer(&click, 4, json!({ "flags": 64 }), Vec::new())
            .await,
    );
    rig.check(error, 400, 50006, None);
    rig.answer(
        &click,
        4,
        json!({ "content": "ok", "flags": 64 }),
        Vec::new(),
    )
    .await
    .expect("answered");
    let error = refused(
        rig.followup(&click, json!({ "content": "" }), Vec::new())
            .await,
    );
    rig.check(error, 400, 50006, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_is_partial_but_never_leaves_the_message_empty() {
    let mut rig = Rig::new().await;
    let message = rig.clickable().await;
    // Only the components: the content stays.
    rig.edit(message, json!({ "components": [] }))
        .await
        .expect("a partial edit");
    assert_eq!(rig.fake.message(message).content, "Click");
    // Emptying the content of a message with a button is fine too.
    let other = rig.clickable().await;
    rig.edit(other, json!({ "content": "" }))
        .await
        .expect("a message with a button needs no content");
    // Emptying the last thing a message holds is not.
    let error = refused(rig.edit(message, json!({ "content": "" })).await);
    rig.check(error, 400, 50006, None);
    assert_eq!(
        rig.fake.message(message).content,
        "Click",
        "nothing changed"
    );
    // Nor is an UpdateMessage that takes everything away from the clicked message.
    let click = rig.click().await;
    let nothing = json!({ "content": "", "components": [], "attachments": [] });
    let error = refused(rig.answer(&click, 7, nothing, Vec::new()).await);
    rig.check(error, 400, 50006, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_and_answers_keep_to_the_same_limits_as_new_messages() {
    let mut rig = Rig::new().await;
    let message = rig.clickable().await;
    let twice = json!({ "components": [row(vec![button("a"), button("a")])] });
    let error = refused(rig.edit(message, twice.clone()).await);
    let path = "components.0.components.1.custom_id";
    rig.check(
        error,
        400,
        50035,
        Some((path, "COMPONENT_CUSTOM_ID_DUPLICATED")),
    );
    let click = rig.click().await;
    let error = refused(rig.answer(&click, 7, twice.clone(), Vec::new()).await);
    let path = "data.components.0.components.1.custom_id";
    rig.check(
        error,
        400,
        50035,
        Some((path, "COMPONENT_CUSTOM_ID_DUPLICATED")),
    );
    let error = refused(
        rig.answer(&click, 4, json!({ "content": text(2001) }), Vec::new())
            .await,
    );
    rig.check(
        error,
        400,
        50035,
        Some(("data.content", "BASE_TYPE_MAX_LENGTH")),
    );
    rig.answer(&click, 6, json!({}), Vec::new())
        .await
        .expect("a refused answer acknowledges nothing");
    let error = refused(rig.followup(&click, twice.clone(), Vec::new()).await);
    rig.check(
        error,
        400,
        50035,
        Some((
            "components.0.components.1.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        )),
    );
    let posted = rig
        .followup(&click, json!({ "content": "x", "flags": 64 }), Vec::new())
        .await
        .expect("followed up");
    let http = &rig.bot.http;
    let edit = http.edit_followup_message(&click.token, MessageId::new(posted), &twice, Vec::new());
    rig.check(
        refused(edit.await),
        400,
        50035,
        Some((
            "components.0.components.1.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        )),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_choices_keep_to_their_limits() {
    let mut rig = Rig::new().await;
    let choices = |n: usize, name: &str, value: &str| {
        let list: Vec<Value> = (0..n)
            .map(|_| json!({ "name": name, "value": value }))
            .collect();
        json!({ "choices": list })
    };
    let typing = rig.typing().await;
    let cases = [
        (
            choices(26, "7g7f", "7g7f"),
            "data.choices",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            choices(1, "", "7g7f"),
            "data.choices.0.name",
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            choices(1, &text(101), "7g7f"),
            "data.choices.0.name",
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            choices(1, "7g7f", &text(101)),
            "data.choices.0.value",
            "BASE_TYPE_MAX_LENGTH",
        ),
    ];
    for (data, path, inner) in cases {
        let error = refused(rig.answer(&typing, 8, data, Vec::new()).await);
        rig.check(error, 400, 50035, Some((path, inner)));
    }
    rig.answer(&typing, 8, choices(25, &text(100), &text(100)), Vec::new())
        .await
        .expect("25 choices of 100 characters are taken");
    assert_eq!(rig.fake.choices(&typing.token).await.len(), 25);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_interaction_takes_only_its_own_callback_types_and_only_once() {
    let mut rig = Rig::new().await;
    let message = json!({ "content": "x" });
    let command = rig.command().await;
    for kind in [6, 7, 8] {
        let error = refused(
            rig.answer(&command, kind, message.clone(), Vec::new())
                .await,
        );
        rig.check(error, 400, 50035, Some(("type", "BASE_TYPE_CHOICES")));
    }
    let click = rig.click().await;
    let error = refused(
        rig.answer(&click, 8, json!({ "choices": [] }), Vec::new())
            .await,
    );
    rig.check(error, 400, 50035, Some(("type", "BASE_TYPE_CHOICES")));
    let typing = rig.typing().await;
    let error = refused(rig.answer(&typing, 4, message.clone(), Vec::new()).await);
    rig.check(error, 400, 50035, Some(("type", "BASE_TYPE_CHOICES")));
    // A follow-up needs an answer first; an answer is given once.
    let error = refused(rig.followup(&command, message.clone(), Vec::new()).await);
    rig.check(error, 404, 10015, None);
    rig.answer(&command, 5, json!({ "flags": 64 }), Vec::new())
        .await
        .expect("deferred");
    let error = refused(rig.answer(&command, 4, message.clone(), Vec::new()).await);
    rig.check(error, 400, 40060, None);
    rig.followup(&command, message, Vec::new())
        .await
        .expect("a follow-up after the answer");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_edit_finds_only_public_messages_of_that_channel() {
    let mut rig = Rig::new().await;
    let message = rig.clickable().await;
    let elsewhere = ChannelId::new(CHANNEL + 1);
    let http = &rig.bot.http;
    let payload = json!({ "content": "y" });
    let edit = http.edit_message(elsewhere, MessageId::new(message), &payload, Vec::new());
    rig.check(refused(edit.await), 404, 10008, None);
    let click = rig.click().await;
    let private = json!({ "content": "Only you", "flags": 64 });
    rig.answer(&click, 4, private, Vec::new())
        .await
        .expect("answered");
    let ephemeral = rig
        .fake
        .callback(&click.token)
        .await
        .message
        .expect("a message");
    let error = refused(rig.edit(ephemeral, json!({ "content": "y" })).await);
    rig.check(error, 404, 10008, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_carries_at_most_ten_attachments() {
    let rig = Rig::new().await;
    let files = |n: usize| {
        (0..n)
            .map(|i| CreateAttachment::bytes(vec![1, 2, 3], format!("f{i}.bin")))
            .collect::<Vec<_>>()
    };
    rig.post(json!({ "content": "x" }), files(10))
        .await
        .expect("10 files are taken");
    let error = refused(rig.post(json!({ "content": "x" }), files(11)).await);
    let refusal = rig.check(
        error,
        400,
        50035,
        Some(("attachments", "BASE_TYPE_MAX_LENGTH")),
    );
    assert_eq!(refusal.files.len(), 11, "the refused files are recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_keep_within_the_interactions_attachment_size_limit() {
    let mut rig = Rig::new().await;
    let limit = 64 * 1024;
    rig.fake.set_attachment_size_limit(limit);
    let gif = |bytes: u64| CreateAttachment::bytes(vec![7; bytes as usize], "replay.gif");
    let message = rig.clickable().await;
    let token = rig.fake.click(&an(), message, "go");
    let (raw, _) = rig.bot.interaction().await;
    assert_eq!(
        raw["attachment_size_limit"], limit,
        "the limit is announced"
    );
    let id = raw["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .expect("an id");
    let click = Received {
        id: InteractionId::new(id),
        token,
    };
    let answer = json!({ "content": "Replay" });
    let error = refused(
        rig.answer(&click, 4, answer.clone(), vec![gif(limit + 1)])
            .await,
    );
    let refusal = rig.check(error, 413, 40005, None);
    assert_eq!(
        refusal.files,
        [(String::from("replay.gif"), limit as usize + 1)]
    );
    // Two files each within the limit, together over it.
    let halves = vec![gif(limit / 2 + 1), gif(limit / 2)];
    let error = refused(rig.answer(&click, 4, answer.clone(), halves).await);
    rig.check(error, 413, 40005, None);
    rig.answer(&click, 4, answer.clone(), vec![gif(limit)])
        .await
        .expect("a file at the limit is taken");
    let error = refused(
        rig.followup(&click, answer.clone(), vec![gif(limit + 1)])
            .await,
    );
    rig.check(error, 413, 40005, None);
    rig.followup(&click, answer, vec![gif(limit)])
        .await
        .expect("a follow-up at the limit");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_messages_keep_within_the_default_upload_limit() {
    let rig = Rig::new().await;
    let gif = |bytes: u64| CreateAttachment::bytes(vec![7; bytes as usize], "replay.gif");
    let message = rig
        .post(json!({ "content": "x" }), vec![gif(DEFAULT_UPLOAD_LIMIT)])
        .await
        .expect("10 MiB are taken");
    let error = refused(
        rig.post(
            json!({ "content": "x" }),
            vec![gif(DEFAULT_UPLOAD_LIMIT + 1)],
        )
        .await,
    );
    rig.check(error, 413, 40005, None);
    let http = &rig.bot.http;
    let payload = json!({ "attachments": [] });
    let too_large = vec![gif(DEFAULT_UPLOAD_LIMIT + 1)];
    let edit = http.edit_message(Rig::channel(), MessageId::new(message), &payload, too_large);
    rig.check(refused(edit.await), 413, 40005, None);
    assert_eq!(
        rig.fake.message(message).attachments.len(),
        1,
        "nothing changed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_from_a_message_has_a_name_of_1_to_100_characters_and_is_the_only_one() {
    let rig = Rig::new().await;
    let http = &rig.bot.http;
    let start = |message: u64, payload: Value| async move {
        http.create_thread_from_message(Rig::channel(), MessageId::new(message), &payload, None)
            .await
    };
    for name in [String::new(), text(101)] {
        let message = rig.clickable().await;
        let error = refused(start(message, json!({ "name": name })).await);
        rig.check(error, 400, 50035, Some(("name", "BASE_TYPE_BAD_LENGTH")));
    }
    let message = rig.clickable().await;
    let error = refused(
        start(
            message,
            json!({ "name": "Game", "auto_archive_duration": 30 }),
        )
        .await,
    );
    rig.check(
        error,
        400,
        50035,
        Some(("auto_archive_duration", "BASE_TYPE_CHOICES")),
    );
    let thread = start(
        message,
        json!({ "name": text(100), "auto_archive_duration": 1440 }),
    )
    .await
    .expect("a name of 100 characters");
    let error = refused(start(message, json!({ "name": "Again" })).await);
    rig.check(error, 400, 160004, None);
    // A message in the thread cannot start a thread of its own.
    let inside = http
        .send_message(
            thread.id,
            Vec::new(),
            &json!({ "content": "In the thread" }),
        )
        .await
        .expect("posted in the thread");
    let payload = json!({ "name": "Nested" });
    let nested = http.create_thread_from_message(thread.id, inside.id, &payload, None);
    rig.check(refused(nested.await), 400, 50024, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_fails_the_test_that_caused_it_unless_the_test_expects_it() {
    let rig = Rig::new().await;
    let twice = components(vec![row(vec![button("a"), button("a")])]);
    assert!(rig.post(twice.clone(), Vec::new()).await.is_err());
    // The next wait fails at once, naming the refused write and its payload.
    let waited = tokio::spawn({
        let fake = rig.fake.clone();
        async move { fake.wait_for(30, "nothing", |_| None::<()>).await }
    })
    .await;
    let panic = waited.expect_err("the wait fails").into_panic();
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.contains("POST /api/v10/channels/")
            && message.contains("COMPONENT_CUSTOM_ID_DUPLICATED"),
        "{message}"
    );
    assert!(
        message.contains(r#""custom_id":"a""#),
        "the payload is shown: {message}"
    );
    // So does the end of the test: the last handle the test holds going away.
    let Rig { fake, bot } = rig;
    drop(bot);
    let ended = std::panic::catch_unwind(AssertUnwindSafe(|| drop(fake)));
    assert!(ended.is_err(), "a test ending with a refusal fails");

    // A test that expects refusals is not failed by them.
    let rig = Rig::new().await;
    rig.fake.expect_refusals();
    assert!(rig.post(twice, Vec::new()).await.is_err());
    assert_eq!(rig.fake.refusals().len(), 1);
    let Rig { fake, bot } = rig;
    drop(bot);
    let ended = std::panic::catch_unwind(AssertUnwindSafe(|| drop(fake)));
    assert!(ended.is_ok(), "expected refusals fail nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferred_answer_is_edited_into_its_message_and_only_an_interactions_own_messages_are_edited(
) {
    let mut rig = Rig::new().await;
    let command = rig.command().await;
    rig.answer(&command, 5, json!({ "flags": 64 }), Vec::new())
        .await
        .expect("deferred");
    let http = rig.bot.http.clone();
    let twice = components(vec![row(vec![button("a"), button("a")])]);
    let edit = http.edit_original_interaction_response(&command.token, &twice, Vec::new());
    let path = "components.0.components.1.custom_id";
    rig.check(
        refused(edit.await),
        400,
        50035,
        Some((path, "COMPONENT_CUSTOM_ID_DUPLICATED")),
    );
    let done = json!({ "content": "Done" });
    let answer = http
        .edit_original_interaction_response(&command.token, &done, Vec::new())
        .await
        .expect("the deferred answer becomes a message");
    let shown = rig.fake.message(answer.id.get());
    assert!(shown.ephemeral && shown.content == "Done", "{shown:?}");
    // A follow-up of another interaction is not this one's to edit.
    let other = rig.command().await;
    rig.answer(&other, 4, json!({ "content": "Other" }), Vec::new())
        .await
        .expect("answered");
    let theirs = rig
        .followup(&other, json!({ "content": "Theirs" }), Vec::new())
        .await
        .expect("followed up");
    let edit =
        http.edit_followup_message(&command.token, MessageId::new(theirs), &done, Vec::new());
    rig.check(refused(edit.await), 404, 10008, None);
}

/// Start Thread without Message (the threads of tournament games): API v10 requires `type`,
/// a public or private thread; a thread is not started inside a thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_without_a_message_needs_its_type_and_a_channel_that_is_not_a_thread() {
    let rig = Rig::new().await;
    let http = rig.bot.http.clone();
    let untyped = json!({ "name": "Round 1: An vs Bình" });
    let create = http.create_thread(Rig::channel(), &untyped, None);
    rig.check(
        refused(create.await),
        400,
        50035,
        Some(("type", "BASE_TYPE_REQUIRED")),
    );
    let voice = json!({ "name": "Round 1: An vs Bình", "type": 2 });
    let create = http.create_thread(Rig::channel(), &voice, None);
    rig.check(
        refused(create.await),
        400,
        50035,
        Some(("type", "BASE_TYPE_CHOICES")),
    );
    let public = json!({ "name": "Round 1: An vs Bình", "type": 11 });
    let thread = http
        .create_thread(Rig::channel(), &public, None)
        .await
        .expect("a public thread");
    assert_eq!(
        rig.fake.threads().last().map(|t| t.id),
        Some(thread.id.get())
    );
    let inside = http.create_thread(thread.id, &public, None);
    rig.check(refused(inside.await), 400, 50024, None);
}
