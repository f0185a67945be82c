//! End to end: the Activity's server in the real bot, against the fake Discord — the launch
//! from a board, the Entry Point command, the sign-in through Discord, moves and resignations
//! made through the API reaching the board message, live updates, and every bad request
//! refused with nothing changed. (A real browser plays whole games in `browser.rs`.)

use std::time::Duration;

use oaq_bot::activity::session::{Session, Signer};
use oaq_bot::locale::Locale;
use reqwest::StatusCode;

use super::*;
use support::activity::CLIENT_SECRET;
use support::{start_bot_with, Bot};

const LAUNCH_CHANNEL: u64 = 500_000_000_000_000_301;
const OTHER_CHANNEL: u64 = 500_000_000_000_000_302;

/// A free local port for the Activity's server.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The bot serving the Activity on `port`, with the fake's client secret.
pub fn start_activity_bot(root: &std::path::Path, fake: &FakeDiscord, port: u16) -> Bot {
    let listen = format!("127.0.0.1:{port}");
    start_bot_with(
        root,
        &fake.base,
        600,
        &[
            ("OAQ_ACTIVITY__LISTEN", listen.as_str()),
            ("DISCORD_CLIENT_SECRET", CLIENT_SECRET),
        ],
    )
}

/// The Activity's API at `port`.
pub struct Api {
    pub base: String,
    pub http: reqwest::Client,
}

impl Api {
    pub fn new(port: u16) -> Api {
        Api {
            base: format!("http://127.0.0.1:{port}"),
            http: reqwest::Client::new(),
        }
    }

    /// Waits until the server answers.
    pub async fn wait_up(&self) {
        for _ in 0..400 {
            if self.get("/api/config", None).await.0 == StatusCode::OK {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the Activity's server never answered");
    }

    pub async fn get(&self, path: &str, session: Option<&str>) -> (StatusCode, Value) {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(session) = session {
            request = request.bearer_auth(session);
        }
        answer(request).await
    }

    pub async fn post(
        &self,
        path: &str,
        session: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(session) = session {
            request = request.bearer_auth(session);
        }
        answer(request).await
    }

    /// Opens the live stream of `session`'s page: the response, and a buffer for
    /// [`next_event`].
    pub async fn events(&self, session: &str) -> (reqwest::Response, String) {
        let stream = self
            .http
            .get(format!("{}/api/events?session={session}", self.base))
            .send()
            .await
            .expect("the event stream");
        assert_eq!(stream.status(), StatusCode::OK);
        (stream, String::new())
    }

    /// Signs `user` in to `instance` as the page does: the code exchanged, then the session.
    pub async fn sign_in(&self, fake: &FakeDiscord, user: &FakeUser, instance: &str) -> String {
        let code = fake.oauth_code(user);
        let (status, token) = self.post("/api/token", None, json!({ "code": code })).await;
        assert_eq!(status, StatusCode::OK, "{token}");
        let access_token = token["access_token"].as_str().expect("a token");
        let body =
            json!({ "access_token": access_token, "instance_id": instance, "locale": "en-US" });
        let (status, session) = self.post("/api/session", None, body).await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["id"], user.id.to_string());
        session["session"].as_str().expect("a session").to_owned()
    }
}

async fn answer(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    match request.send().await {
        Ok(response) => {
            let status = response.status();
            let body = response.json().await.unwrap_or(Value::Null);
            (status, body)
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, Value::Null),
    }
}

/// The `n`th legal move of a view.
fn legal(view: &Value, n: usize) -> String {
    let moves = view["moves"].as_array().expect("moves");
    moves[n % moves.len()]["move"]
        .as_str()
        .expect("a move")
        .to_owned()
}

/// Reads server-sent events from `response` until one named `name` satisfies `check`.
async fn next_event(
    response: &mut reqwest::Response,
    buffer: &mut String,
    name: &str,
    check: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let event = block.lines().find_map(|l| {
                l.strip_prefix("event: ")
                    .or_else(|| l.strip_prefix("event:"))
            });
            let data: String = block
                .lines()
                .filter_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")))
                .collect();
            if event == Some(name) {
                let value: Value = serde_json::from_str(&data).expect("JSON data");
                if check(&value) {
                    return value;
                }
            }
        }
        let chunk = tokio::time::timeout_at(deadline, response.chunk())
            .await
            .unwrap_or_else(|_| panic!("no `{name}` event came"))
            .expect("the stream reads")
            .expect("the stream goes on");
        buffer.push_str(&String::from_utf8_lossy(&chunk));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_through_the_activity_and_the_channel_board_follows() {
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let root = tempfile::tempdir().expect("tempdir");
    let port = free_port();
    let _bot = start_activity_bot(root.path(), &fake, port);
    fake.wait_ready(1).await;
    let api = Api::new(port);
    api.wait_up().await;

    // The Entry Point command is registered with the others.
    let registered = fake.registrations()[0].1.clone();
    let entry: Vec<&Value> = registered
        .as_array()
        .expect("commands")
        .iter()
        .filter(|c| c["type"] == 4)
        .collect();
    assert_eq!(entry.len(), 1, "one Entry Point command");
    assert_eq!(entry[0]["handler"], 2, "Discord launches the Activity");

    // The board offers to play on the board; the click launches the Activity there.
    let board_id = start_game(&fake, &an(), &binh(), LAUNCH_CHANNEL).await;
    let board = fake.message(board_id);
    let launch = button(&board, "Play on the board");
    let token = fake.click(&binh(), board_id, &launch);
    assert_eq!(fake.callback(&token).await.kind, 12);
    let instances = fake.activity_instances();
    assert_eq!(instances.len(), 1);
    let (instance, channel, users) = instances[0].clone();
    assert_eq!((channel, users), (LAUNCH_CHANNEL, vec![binh().id]));
    fake.launch_activity(LAUNCH_CHANNEL, &[&an(), &chi()]);

    // Sign-in: a code works once; a reused or unknown one is refused.
    let code = fake.oauth_code(&an());
    let (status, _) = api.post("/api/token", None, json!({ "code": code })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = api.post("/api/token", None, json!({ "code": code })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a reused code");
    assert_eq!(refused["error"], "invalid_grant");
    let (status, _) = api
        .post("/api/token", None, json!({ "code": "made-up" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown code");
    let (status, _) = api
        .post(
            "/api/session",
            None,
            json!({ "access_token": "stolen", "instance_id": instance }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "a token Discord never gave"
    );

    let first = api.sign_in(&fake, &an(), &instance).await;
    let second = api.sign_in(&fake, &binh(), &instance).await;
    let watcher = api.sign_in(&fake, &chi(), &instance).await;

    // The channel's game, as each sees it.
    let (status, lobby) = api.get("/api/games", Some(&watcher)).await;
    assert_eq!(status, StatusCode::OK, "{lobby}");
    let games = lobby["games"].as_array().expect("games");
    assert_eq!(games.len(), 1, "{lobby}");
    let id = games[0]["id"].as_str().expect("an id").to_owned();
    let (_, view) = api.get(&format!("/api/games/{id}"), Some(&first)).await;
    assert_eq!(view["kind"], "oaq");
    assert_eq!(view["you"], 0);
    assert_eq!(view["to_move"], 0);
    assert_eq!(view["position"]["citizens"][1], 5);
    let (_, spectator) = api.get(&format!("/api/games/{id}"), Some(&watcher)).await;
    assert_eq!(spectator["you"], Value::Null);

    // The watcher's live stream.
    let (mut stream, mut buffer) = api.events(&watcher).await;
    let listed = next_event(&mut stream, &mut buffer, "games", |_| true).await;
    assert_eq!(listed["games"][0]["id"], id.as_str());

    // Refused, with nothing changed: out of turn, not seated, garbage, a stale board, no
    // session, a forged session, an expired one, a game of another channel.
    let mv = legal(&view, 3);
    let path = format!("/api/games/{id}/move");
    let body = json!({ "ply": 0, "move": mv });
    let (status, refused) = api.post(&path, Some(&second), body.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or("")
            .contains("not yours"),
        "{refused}"
    );
    let (status, _) = api.post(&path, Some(&watcher), body.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not seated");
    let (status, _) = api
        .post(&path, Some(&first), json!({ "ply": 0, "move": "9x" }))
        .await;
    assert!(
        status == StatusCode::FORBIDDEN || status == StatusCode::BAD_REQUEST,
        "not a move: {status}"
    );
    let (status, _) = api
        .post(&path, Some(&first), json!({ "garbage": true }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "garbage");
    let (status, stale) = api
        .post(&path, Some(&first), json!({ "ply": 5, "move": mv }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    assert_eq!(stale["view"]["ply"], 0, "the board as it stands");
    let (status, _) = api.post(&path, None, body.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "no session");
    let forged = format!("{}x", &first[..first.len() - 1]);
    let (status, _) = api.post(&path, Some(&forged), body.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a forged session");
    let expired = Signer::new(CLIENT_SECRET).sign(&Session {
        user: UserId::new(an().id),
        name: String::from("An"),
        instance: instance.clone(),
        channel: ChannelId::new(LAUNCH_CHANNEL),
        guild: Some(GuildId::new(GUILD_ID)),
        locale: Locale::English,
        expires_ms: 1,
    });
    let (status, _) = api.post(&path, Some(&expired), body.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "an expired session");
    let elsewhere = Signer::new(CLIENT_SECRET).sign(&Session {
        user: UserId::new(an().id),
        name: String::from("An"),
        instance: instance.clone(),
        channel: ChannelId::new(OTHER_CHANNEL),
        guild: Some(GuildId::new(GUILD_ID)),
        locale: Locale::English,
        expires_ms: u64::MAX,
    });
    let (status, _) = api.post(&path, Some(&elsewhere), body.clone()).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a game of another channel");
    let (_, unchanged) = api.get(&format!("/api/games/{id}"), Some(&first)).await;
    assert_eq!(unchanged["ply"], 0, "nothing was played");

    // A move on the page: the board message is edited, the watcher's page hears it.
    let (status, after) = api.post(&path, Some(&first), body).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["ply"], 1);
    assert_eq!(after["last"]["move"], mv.as_str());
    fake.wait_message(board_id, "the board after the page's move", |m| {
        to_move(&m.content) == Some(binh().id)
    })
    .await;
    let heard = next_event(&mut stream, &mut buffer, "game", |v| v["ply"] == 1).await;
    assert_eq!(heard["last"]["move"], mv.as_str());
    assert!(heard["last"]["events"]
        .as_array()
        .is_some_and(|e| !e.is_empty()));

    // A move clicked under the channel's board reaches the page.
    let board = fake.message(board_id);
    let moves = enabled_moves(&board);
    let token = fake.click(&binh(), board_id, &moves[0]);
    assert_eq!(fake.callback(&token).await.kind, 7);
    next_event(&mut stream, &mut buffer, "game", |v| v["ply"] == 2).await;

    // Resigning on the page ends the game, on the board too.
    let (status, resigned) = api
        .post(&format!("/api/games/{id}/resign"), Some(&first), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    assert_eq!(resigned["finished"], true);
    fake.wait_message(board_id, "the finished board", only_final_buttons)
        .await;
    next_event(&mut stream, &mut buffer, "game", |v| v["finished"] == true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_without_the_activity_is_refused_a_registration_that_drops_the_entry_point() {
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    fake.expect_refusals();
    let root = tempfile::tempdir().expect("tempdir");
    let _bot = start_bot(root.path(), &fake.base, 600);
    let refusal = fake
        .wait_for(40, "the refused registration", |f| {
            f.take_refusals()
                .into_iter()
                .find(|r| r.body["code"] == 50240)
        })
        .await;
    assert!(refusal.request.starts_with("PUT "), "{}", refusal.request);
    assert!(fake.registrations().is_empty());
}

const START_CHANNEL: u64 = 500_000_000_000_000_303;
const CHALLENGE_CHANNEL: u64 = 500_000_000_000_000_304;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_started_and_challenges_accepted_on_the_page() {
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let root = tempfile::tempdir().expect("tempdir");
    let port = free_port();
    let _bot = start_activity_bot(root.path(), &fake, port);
    fake.wait_ready(1).await;
    let api = Api::new(port);
    api.wait_up().await;

    // Against the computer: the game starts, its board is posted in the channel.
    let instance = fake.launch_activity(START_CHANNEL, &[&an()]);
    let session = api.sign_in(&fake, &an(), &instance).await;
    let body = json!({ "kind": "oaq", "opponent": null, "level": "easy" });
    let (status, view) = api.post("/api/games", Some(&session), body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["kind"], "oaq");
    assert_eq!(view["seats"][1]["computer"], true);
    assert_eq!(view["you"], 0);
    let board = fake
        .wait_for(20, "the board in the channel", |f| {
            f.messages_in(START_CHANNEL)
                .into_iter()
                .find(|m| m.content.contains("plays the computer"))
        })
        .await;
    assert_eq!(board.attachments.len(), 1, "the board's picture");
    // The computer's moves reach the page as they are made.
    let (mut stream, mut buffer) = api.events(&session).await;
    let id = view["id"].as_str().expect("an id").to_owned();
    let (status, mine) = api
        .post(
            &format!("/api/games/{id}/move"),
            Some(&session),
            json!({ "ply": 0, "move": legal(&view, 2) }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let replied = next_event(&mut stream, &mut buffer, "game", |v| v["ply"] == 2).await;
    assert_eq!(replied["last"]["seat"], 1, "the computer's move: {replied}");
    assert_eq!(replied["to_move"], 0);
    // The channel holds one game: a second start is refused, nothing changed.
    let (status, refused) = api.post("/api/games", Some(&session), body).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert_eq!(fake.messages_in(START_CHANNEL).len(), 1);
    let (status, _) = api
        .post("/api/games", Some(&session), json!({ "kind": "chess" }))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "no such game");

    // Against a participant: a challenge is posted; they accept on their page; the board
    // replaces the challenge's message.
    let instance = fake.launch_activity(CHALLENGE_CHANNEL, &[&an(), &binh()]);
    let first = api.sign_in(&fake, &an(), &instance).await;
    let second = api.sign_in(&fake, &binh(), &instance).await;
    let body = json!({ "kind": "shogi", "opponent": binh().id.to_string() });
    let (status, posted) = api.post("/api/games", Some(&first), body).await;
    assert_eq!(status, StatusCode::OK, "{posted}");
    let challenge = posted["challenge"]["id"]
        .as_str()
        .expect("a challenge")
        .to_owned();
    assert_eq!(posted["challenge"]["to"]["id"], binh().id.to_string());
    let message = fake
        .wait_for(20, "the challenge in the channel", |f| {
            f.messages_in(CHALLENGE_CHANNEL).into_iter().next()
        })
        .await;
    let (_, lobby) = api.get("/api/games", Some(&second)).await;
    assert_eq!(lobby["challenges"][0]["id"], challenge.as_str(), "{lobby}");
    let path = format!("/api/challenges/{challenge}/accept");
    let (status, _) = api.post(&path, Some(&first), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "one's own challenge");
    let (status, view) = api.post(&path, Some(&second), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["kind"], "shogi");
    assert!(view["you"].is_u64(), "Bình plays: {view}");
    fake.wait_message(message.id, "the board in place of the challenge", |m| {
        to_move(&m.content).is_some()
    })
    .await;
}

const SHARED_CHANNEL: u64 = 500_000_000_000_000_305;

/// A process of a bot split in two (shards `shards` of 2) serving the Activity on `port`,
/// with more settings `vars`.
fn start_process(
    fake: &FakeDiscord,
    root: &tempfile::TempDir,
    shards: &str,
    port: u16,
    vars: &[(&str, &str)],
) -> Bot {
    let listen = format!("127.0.0.1:{port}");
    let mut all = vec![
        ("OAQ_ACTIVITY__LISTEN", listen.as_str()),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET),
    ];
    all.extend_from_slice(vars);
    let base = format!("{}/{shards}", fake.base);
    support::start_bot_on_shards(root.path(), &base, 2, shards, &all)
}

/// Waits for both processes' shards.
async fn both_shards(fake: &FakeDiscord) {
    fake.wait_for(60, "both shards", |f| {
        (f.live_shards() == [0, 1]).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_move_through_one_process_reaches_pages_served_by_another() {
    let Some(base) = pg::url() else { return };
    let schema = pg::Schema::new(&base);
    let url = schema.url();
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    fake.set_shard_count(2);
    fake.set_guild(SHARED_CHANNEL, oaq_bot_testkit::players::guild_on_shard(0));
    let (root_a, root_b) = (
        tempfile::tempdir().expect("tempdir"),
        tempfile::tempdir().expect("tempdir"),
    );
    let (port_a, port_b) = (free_port(), free_port());
    let on_postgres = [
        ("OAQ_STORE__BACKEND", "postgres"),
        ("OAQ_STORE__URL", url.as_str()),
    ];
    let _a = start_process(&fake, &root_a, "0", port_a, &on_postgres);
    let _b = start_process(&fake, &root_b, "1", port_b, &on_postgres);
    both_shards(&fake).await;
    let (api_a, api_b) = (Api::new(port_a), Api::new(port_b));
    api_a.wait_up().await;
    api_b.wait_up().await;

    // The game's server is process A's; the spectator's page is served by process B, with a
    // session process A issued (every process checks every session).
    let board_id = start_game(&fake, &an(), &binh(), SHARED_CHANNEL).await;
    let instance = fake.launch_activity(SHARED_CHANNEL, &[&an(), &binh(), &chi()]);
    let first = api_a.sign_in(&fake, &an(), &instance).await;
    let second = api_b.sign_in(&fake, &binh(), &instance).await;
    let watcher = api_a.sign_in(&fake, &chi(), &instance).await;
    let (mut stream, mut buffer) = api_b.events(&watcher).await;
    let listed = next_event(&mut stream, &mut buffer, "games", |_| true).await;
    let id = listed["games"][0]["id"]
        .as_str()
        .expect("the game")
        .to_owned();

    // A move through process A reaches the page on process B through the database.
    let (_, view) = api_a.get(&format!("/api/games/{id}"), Some(&first)).await;
    let mv = legal(&view, 1);
    let (status, after) = api_a
        .post(
            &format!("/api/games/{id}/move"),
            Some(&first),
            json!({ "ply": 0, "move": mv }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let heard = next_event(&mut stream, &mut buffer, "game", |v| v["ply"] == 1).await;
    assert_eq!(heard["last"]["move"], mv.as_str());

    // A move through process B: the board message follows, and B's page hears it too.
    let mv = legal(&after, 2);
    let (status, _) = api_b
        .post(
            &format!("/api/games/{id}/move"),
            Some(&second),
            json!({ "ply": 1, "move": mv }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    next_event(&mut stream, &mut buffer, "game", |v| v["ply"] == 2).await;
    fake.wait_message(
        board_id,
        "the board after the move through process B",
        |m| to_move(&m.content) == Some(an().id),
    )
    .await;
}

const SPLIT_CHANNEL: u64 = 500_000_000_000_000_306;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn split_over_sled_stores_a_page_is_served_by_the_process_of_its_server() {
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    fake.set_shard_count(2);
    fake.set_guild(SPLIT_CHANNEL, oaq_bot_testkit::players::guild_on_shard(1));
    let (root_a, root_b) = (
        tempfile::tempdir().expect("tempdir"),
        tempfile::tempdir().expect("tempdir"),
    );
    let (port_a, port_b) = (free_port(), free_port());
    let (peers_a, peers_b) = (
        format!("1=http://127.0.0.1:{port_b}"),
        format!("0=http://127.0.0.1:{port_a}"),
    );
    let _a = start_process(
        &fake,
        &root_a,
        "0",
        port_a,
        &[("OAQ_ACTIVITY__PEERS", &peers_a)],
    );
    let _b = start_process(
        &fake,
        &root_b,
        "1",
        port_b,
        &[("OAQ_ACTIVITY__PEERS", &peers_b)],
    );
    both_shards(&fake).await;
    // The Activity's URL leads to process A only; the game's server is process B's.
    let api = Api::new(port_a);
    api.wait_up().await;
    let board_id = start_game(&fake, &an(), &binh(), SPLIT_CHANNEL).await;
    let instance = fake.launch_activity(SPLIT_CHANNEL, &[&an(), &binh(), &chi()]);
    let first = api.sign_in(&fake, &an(), &instance).await;
    let watcher = api.sign_in(&fake, &chi(), &instance).await;
    let (mut stream, mut buffer) = api.events(&watcher).await;
    let listed = next_event(&mut stream, &mut buffer, "games", |_| true).await;
    let id = listed["games"][0]["id"]
        .as_str()
        .expect("B's game")
        .to_owned();
    let (status, view) = api.get(&format!("/api/games/{id}"), Some(&first)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let mv = legal(&view, 0);
    let (status, after) = api
        .post(
            &format!("/api/games/{id}/move"),
            Some(&first),
            json!({ "ply": 0, "move": mv }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    next_event(&mut stream, &mut buffer, "game", |v| v["ply"] == 1).await;
    fake.wait_message(board_id, "the board after the forwarded move", |m| {
        to_move(&m.content) == Some(binh().id)
    })
    .await;
    // Refusals come back through the forward unchanged.
    let (status, _) = api
        .post(
            &format!("/api/games/{id}/move"),
            Some(&first),
            json!({ "ply": 1, "move": mv }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "out of turn, said by process B"
    );
}
