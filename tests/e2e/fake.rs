//! The fake Discord itself, for what the bot does not use yet: select menus, autocomplete,
//! root commands other than `/oaq`, files of any kind. Serenity's own client stands in for
//! the bot (its HTTP client pointed at the fake, and a gateway session opened by hand), so
//! these tests check what the bot process will receive and what the fake records of the
//! answers serenity sends.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serenity::all::{
    ApplicationId, ChannelId, CommandOptionType, ComponentInteractionDataKind, CreateActionRow,
    CreateAttachment, CreateAutocompleteResponse, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, GuildId, Http,
    HttpBuilder, Interaction,
};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::*;
use support::{Select, APP_ID, COMMAND_ID};

mod contract;

/// What the bot would be: serenity's HTTP client and one gateway session.
struct StandIn {
    http: Arc<Http>,
    gateway: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl StandIn {
    /// Connects to `fake` the way serenity does: the gateway URL from REST, Hello, Identify,
    /// READY.
    async fn connect(fake: &FakeDiscord) -> StandIn {
        let http = Arc::new(
            HttpBuilder::new(GOOD_TOKEN)
                .proxy(&fake.base)
                .ratelimiter_disabled(true)
                .application_id(ApplicationId::new(APP_ID))
                .build(),
        );
        let url = http.get_gateway().await.expect("the gateway URL").url;
        let (gateway, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("a gateway session");
        let mut stand_in = StandIn { http, gateway };
        assert_eq!(stand_in.next().await["op"], 10, "Hello first");
        let identify =
            json!({ "op": 2, "d": { "token": GOOD_TOKEN, "intents": 0, "properties": {} } });
        stand_in
            .gateway
            .send(WsMessage::Text(identify.to_string()))
            .await
            .expect("identify");
        assert_eq!(stand_in.next().await["t"], "READY");
        fake.wait_for(10, "the session to be recorded", |f| {
            (f.identifies() == 1).then_some(())
        })
        .await;
        stand_in
    }

    /// The next gateway event.
    async fn next(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(10), self.gateway.next())
                .await
                .expect("a gateway event within 10 s")
                .expect("an open session")
                .expect("a readable frame");
            if let WsMessage::Text(text) = frame {
                return serde_json::from_str(&text).expect("a JSON event");
            }
        }
    }

    /// The next interaction dispatched: its raw payload, and what serenity makes of it.
    async fn interaction(&mut self) -> (Value, Interaction) {
        let event = self.next().await;
        assert_eq!(event["op"], 0);
        assert_eq!(event["t"], "INTERACTION_CREATE");
        let raw = event["d"].clone();
        let parsed = serde_json::from_value(raw.clone())
            .unwrap_or_else(|e| panic!("serenity cannot read {raw}: {e}"));
        (raw, parsed)
    }

    /// Registers these root commands in the development guild, as the bot does at start-up.
    async fn register(&self, commands: Vec<CreateCommand>) {
        GuildId::new(GUILD_ID)
            .set_commands(&self.http, commands)
            .await
            .expect("commands registered");
    }
}

fn menu(custom_id: &str, options: &[(&str, &str)]) -> CreateSelectMenu {
    let options = options
        .iter()
        .map(|(label, value)| CreateSelectMenuOption::new(*label, *value))
        .collect();
    CreateSelectMenu::new(custom_id, CreateSelectMenuKind::String { options })
}

/// `/shogi play move:… level:…`, the move autocompleted.
fn shogi() -> CreateCommand {
    let typed = CreateCommandOption::new(CommandOptionType::String, "move", "The move")
        .required(true)
        .set_autocomplete(true);
    let level = CreateCommandOption::new(CommandOptionType::Integer, "level", "Level");
    let play = CreateCommandOption::new(CommandOptionType::SubCommand, "play", "Play a move")
        .add_sub_option(typed)
        .add_sub_option(level);
    let board = CreateCommandOption::new(CommandOptionType::SubCommand, "board", "The board");
    CreateCommand::new("shogi")
        .description("Shogi")
        .add_option(play)
        .add_option(board)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_select_menu_choice_reaches_the_bot_and_menus_in_every_answer_are_readable() {
    let fake = FakeDiscord::start().await;
    let mut bot = StandIn::connect(&fake).await;

    // A public message with a menu, posted over REST.
    let promote = menu("promote", &[("Promote", "+"), ("Keep", "=")]).placeholder("Promote?");
    let posted = ChannelId::new(CHANNEL)
        .send_message(
            &bot.http,
            CreateMessage::new()
                .content("Promote the silver?")
                .select_menu(promote),
        )
        .await
        .expect("message posted");
    let message = fake.message(posted.id.get());
    assert_eq!(
        message.selects(),
        vec![Select {
            custom_id: "promote".into(),
            options: vec![("Promote".into(), "+".into()), ("Keep".into(), "=".into())],
            placeholder: Some("Promote?".into()),
            disabled: false,
        }]
    );
    assert_eq!(message.buttons(), vec![Vec::new()], "a menu is no button");

    let token = fake.select(&binh(), message.id, "promote", &["="]);
    let (raw, parsed) = bot.interaction().await;
    assert_eq!(raw["type"], 3);
    assert_eq!(raw["token"], token.as_str());
    assert_eq!(raw["data"]["component_type"], 3);
    assert_eq!(raw["data"]["custom_id"], "promote");
    assert_eq!(raw["data"]["values"], json!(["="]));
    assert_eq!(raw["message"]["id"], message.id.to_string());
    let Interaction::Component(choice) = parsed else {
        panic!("serenity reads a component interaction: {raw}")
    };
    assert_eq!(choice.user.id.get(), binh().id);
    assert_eq!(choice.message.id, posted.id);
    let ComponentInteractionDataKind::StringSelect { values } = &choice.data.kind else {
        panic!("serenity reads a string select: {raw}")
    };
    assert_eq!(values, &["="]);

    // An ephemeral answer with a menu and a file, then a follow-up with another menu.
    let answer = CreateInteractionResponseMessage::new()
        .content("Which piece?")
        .ephemeral(true)
        .select_menu(menu("piece", &[("Rook", "R"), ("Bishop", "B")]))
        .add_file(CreateAttachment::bytes(b"V2.2\n".to_vec(), "game.csa"));
    choice
        .create_response(&bot.http, CreateInteractionResponse::Message(answer))
        .await
        .expect("answered");
    let callback = fake.callback(&token).await;
    assert!(callback.ephemeral());
    let pieces = vec![("Rook".into(), "R".into()), ("Bishop".into(), "B".into())];
    assert_eq!(callback.selects()[0].options, pieces);
    assert_eq!(
        callback.attachment("game.csa").expect("the file").bytes,
        b"V2.2\n"
    );
    let shown = fake.message(callback.message.expect("an ephemeral message"));
    assert!(shown.ephemeral);
    assert_eq!(shown.selects(), callback.selects());

    let more = CreateInteractionResponseFollowup::new()
        .content("And then?")
        .ephemeral(true)
        .components(vec![CreateActionRow::SelectMenu(menu(
            "then",
            &[("Drop", "drop")],
        ))]);
    choice
        .create_followup(&bot.http, more)
        .await
        .expect("followed up");
    let followup = fake.followup(&token).await;
    assert!(followup.ephemeral);
    assert_eq!(followup.selects()[0].custom_id, "then");
    assert_eq!(
        followup.selects()[0].options,
        vec![("Drop".into(), "drop".into())]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_autocomplete_request_carries_the_focused_option_and_its_choices_are_recorded() {
    let fake = FakeDiscord::start().await;
    let mut bot = StandIn::connect(&fake).await;
    bot.register(vec![shogi()]).await;

    let typed = json!({ "name": "move", "type": 3, "value": "7g", "focused": true });
    let level = json!({ "name": "level", "type": 4, "value": 3 });
    let token = fake.autocomplete(&an(), CHANNEL, "shogi", "play", vec![typed, level]);
    let (raw, parsed) = bot.interaction().await;
    assert_eq!(raw["type"], 4);
    assert_eq!(raw["token"], token.as_str());
    assert_eq!(raw["data"]["name"], "shogi");
    assert_eq!(raw["data"]["id"], COMMAND_ID.to_string());
    let sub = &raw["data"]["options"][0];
    assert_eq!((&sub["name"], &sub["type"]), (&json!("play"), &json!(1)));
    assert_eq!(sub["options"][0]["focused"], true);
    assert_eq!(sub["options"][0]["value"], "7g");
    assert_eq!(sub["options"][1]["value"], 3, "the other options as given");
    assert_eq!(sub["options"][1].get("focused"), None);
    let Interaction::Autocomplete(request) = parsed else {
        panic!("serenity reads an autocomplete request: {raw}")
    };
    let focused = request.data.autocomplete().expect("a focused option");
    assert_eq!((focused.name, focused.value), ("move", "7g"));

    let choices = CreateAutocompleteResponse::new()
        .add_string_choice("7g7f", "7g7f")
        .add_int_choice("Level 3", 3);
    request
        .create_response(&bot.http, CreateInteractionResponse::Autocomplete(choices))
        .await
        .expect("answered");
    assert_eq!(
        fake.choices(&token).await,
        vec![
            ("7g7f".to_owned(), "7g7f".to_owned()),
            ("Level 3".to_owned(), "3".to_owned())
        ]
    );

    // A number being typed goes out as its text, as Discord sends what was typed.
    let typed = json!({ "name": "level", "type": 4, "value": 12, "focused": true });
    let token = fake.autocomplete(&an(), CHANNEL, "shogi", "play", vec![typed]);
    let (raw, parsed) = bot.interaction().await;
    assert_eq!(raw["data"]["options"][0]["options"][0]["value"], "12");
    let Interaction::Autocomplete(request) = parsed else {
        panic!("an autocomplete request: {raw}")
    };

    // Discord takes nothing but choices for it, and at most 25 of them.
    let message = CreateInteractionResponseMessage::new().content("12");
    let refused = request
        .create_response(&bot.http, CreateInteractionResponse::Message(message))
        .await;
    assert!(
        refused.is_err(),
        "a message answers no autocomplete request"
    );
    let many = (0..26).fold(CreateAutocompleteResponse::new(), |r, n| {
        r.add_int_choice(n.to_string(), n)
    });
    let refused = request
        .create_response(&bot.http, CreateInteractionResponse::Autocomplete(many))
        .await;
    assert!(refused.is_err(), "26 choices are too many");
    let refusals = fake.take_refusals();
    let codes: Vec<u64> = refusals.iter().map(|r| r.code()).collect();
    assert_eq!(codes, [50035, 50035], "{refusals:?}");
    assert!(
        refusals[0].body["errors"]["type"].is_object(),
        "{refusals:?}"
    );
    assert!(
        refusals[1].body["errors"]["data"]["choices"].is_object(),
        "{refusals:?}"
    );
    let few = CreateAutocompleteResponse::new().add_int_choice("12", 12);
    request
        .create_response(&bot.http, CreateInteractionResponse::Autocomplete(few))
        .await
        .expect("25 choices or fewer are taken");
    assert_eq!(fake.choices(&token).await, vec![("12".into(), "12".into())]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slash_command_goes_to_any_root_the_bot_registered_and_no_other() {
    let fake = FakeDiscord::start().await;
    let mut bot = StandIn::connect(&fake).await;
    let oaq = CreateCommand::new("oaq")
        .description("Ô ăn quan")
        .add_option(CreateCommandOption::new(
            CommandOptionType::SubCommand,
            "help",
            "Help",
        ));
    bot.register(vec![oaq, shogi()]).await;
    assert_eq!(fake.registered_commands(), ["oaq", "shogi"]);

    let token = fake.slash_to(&an(), CHANNEL, "shogi", "board", vec![], vec![]);
    let (raw, parsed) = bot.interaction().await;
    assert_eq!((&raw["type"], &raw["token"]), (&json!(2), &json!(token)));
    assert_eq!(raw["data"]["name"], "shogi");
    assert_eq!(raw["data"]["id"], (COMMAND_ID + 1).to_string());
    assert_eq!(raw["data"]["options"][0]["name"], "board");
    let Interaction::Command(command) = parsed else {
        panic!("serenity reads a command: {raw}")
    };
    assert_eq!(command.data.name, "shogi");

    fake.slash(&an(), CHANNEL, "help", vec![], vec![]);
    let (raw, _) = bot.interaction().await;
    assert_eq!(raw["data"]["name"], "oaq");
    assert_eq!(raw["data"]["id"], COMMAND_ID.to_string());

    let unregistered = std::panic::catch_unwind(AssertUnwindSafe(|| {
        fake.slash_to(&an(), CHANNEL, "go", "board", vec![], vec![])
    }));
    assert!(
        unregistered.is_err(),
        "Discord offers no unregistered command"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_of_any_name_and_kind_are_kept_and_found_by_name() {
    let fake = FakeDiscord::start().await;
    let bot = StandIn::connect(&fake).await;
    let files = [
        ("replay.gif", b"GIF89a".to_vec()),
        ("game.kif", "手合割：平手\n".as_bytes().to_vec()),
        ("game.csa", b"V2.2\n".to_vec()),
        ("ván \"1\".kif", b"1\r\n\r\n2".to_vec()),
    ];
    // Each file with its alt text (issue 52), but the last, which has none.
    let message = files.iter().fold(CreateMessage::new(), |m, (name, bytes)| {
        let file = CreateAttachment::bytes(bytes.clone(), *name);
        m.add_file(if name.ends_with(".kif") && name.contains('"') {
            file
        } else {
            file.description(format!("the file {name}"))
        })
    });
    let posted = ChannelId::new(CHANNEL)
        .send_message(&bot.http, message)
        .await
        .expect("posted");
    assert_eq!(posted.attachments.len(), 4, "the answer lists every file");
    let stored = fake.message(posted.id.get());
    for (name, bytes) in &files {
        let file = stored
            .attachment(name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", stored.attachments));
        assert_eq!(&file.bytes, bytes, "{name}");
        let described = (!name.contains('"')).then(|| format!("the file {name}"));
        assert_eq!(file.description, described, "{name}");
    }
    let gif = stored.attachment("replay.gif").expect("the replay");
    assert_eq!(gif.content_type.as_deref(), Some("image/gif"));
    assert!(stored.attachment("board.png").is_none());
}

/// Issue 50: `LAUNCH_ACTIVITY` (12) answers a command or a click of an app with Activities
/// enabled, and nothing else; then a registration must keep the Entry Point command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_activity_is_launched_only_where_discord_launches_one() {
    let fake = FakeDiscord::start().await;
    fake.expect_refusals();
    let mut bot = StandIn::connect(&fake).await;
    bot.register(vec![shogi()]).await;

    // Without Activities enabled, a command cannot launch one.
    fake.slash_to(&an(), CHANNEL, "shogi", "play", vec![], vec![]);
    let (_, parsed) = bot.interaction().await;
    let Interaction::Command(command) = parsed else {
        panic!("a command")
    };
    let refused = command
        .create_response(&bot.http, CreateInteractionResponse::LaunchActivity)
        .await;
    assert!(refused.is_err(), "no Activity to launch");
    assert!(fake.activity_instances().is_empty());

    // With them, a command launches the channel's instance for its user; an autocomplete
    // request still cannot.
    fake.enable_activities();
    let token = fake.slash_to(&binh(), CHANNEL, "shogi", "play", vec![], vec![]);
    let (_, parsed) = bot.interaction().await;
    let Interaction::Command(command) = parsed else {
        panic!("a command")
    };
    command
        .create_response(&bot.http, CreateInteractionResponse::LaunchActivity)
        .await
        .expect("launched");
    assert_eq!(fake.callback(&token).await.kind, 12);
    let instances = fake.activity_instances();
    assert_eq!(instances.len(), 1);
    assert_eq!(
        (instances[0].1, instances[0].2.clone()),
        (CHANNEL, vec![binh().id])
    );
    let typed = json!({ "name": "move", "type": 3, "value": "7g", "focused": true });
    fake.autocomplete(&an(), CHANNEL, "shogi", "play", vec![typed]);
    let (_, parsed) = bot.interaction().await;
    let Interaction::Autocomplete(request) = parsed else {
        panic!("an autocomplete request")
    };
    let refused = request
        .create_response(&bot.http, CreateInteractionResponse::LaunchActivity)
        .await;
    assert!(refused.is_err(), "an autocomplete request launches nothing");

    // A registration that drops the Entry Point command is refused; one that keeps it is taken.
    let dropped = GuildId::new(GUILD_ID)
        .set_commands(&bot.http, vec![shogi()])
        .await;
    assert!(dropped.is_err(), "the Entry Point command dropped");
    let entry = CreateCommand::new("launch")
        .kind(serenity::all::CommandType::PrimaryEntryPoint)
        .handler(serenity::all::EntryPointHandlerType::DiscordLaunchActivity);
    bot.register(vec![shogi(), entry]).await;
    let codes: Vec<u64> = fake.take_refusals().iter().map(|r| r.code()).collect();
    assert_eq!(codes, [50035, 50035, 50240]);
}
