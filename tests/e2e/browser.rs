//! End to end in a real browser: headless Chromium (Debian's `chromium`) runs the Activity's
//! page inside a fake Discord client page that speaks the Embedded App SDK's protocol (see
//! `tests/browser/`), against the real bot and the fake Discord. Two players in two browser
//! contexts play a whole game of each of the three games by dragging, while a spectator's page
//! and the channel's board message follow every move; a move clicked under the board shows on
//! the pages; the bot is killed with -9 mid-game and the pages play on after its restart.
//!
//! Without Chromium or the harness's npm packages (`npm ci` in `tests/browser`) the test says
//! it skipped, except on CI (`CI=true`), where `.ci/run` installs both and their absence fails.

use std::path::{Path, PathBuf};
use std::time::Duration;

use oaq_bot::games::{chinese_checkers as cc, oaq, shogi};
use oaq_bot_testkit::browser::{self, Driver};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::activity::{free_port, start_activity_bot};
use super::*;
use support::Bot;

const OAQ_CHANNEL: u64 = 500_000_000_000_000_401;
const SHOGI_CHANNEL: u64 = 500_000_000_000_000_402;
const CHECKERS_CHANNEL: u64 = 500_000_000_000_000_403;

/// Where the screenshots go, for a reviewer to look at.
fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/activity-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshots folder");
    dir
}

/// The browser driver, or `None` (said) where it cannot run, which fails on CI.
fn driver() -> Option<Driver> {
    match browser::missing() {
        None => Some(Driver::start()),
        Some(why) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "CI needs the browser harness ({why}): .ci/run installs Chromium and runs `npm ci`"
            );
            eprintln!("skipped: {why}");
            None
        }
    }
}

/// One page: its name in the driver and the user it signed in.
#[derive(Clone)]
struct Page {
    name: String,
    user: FakeUser,
}

/// Opens `user`'s page of the Activity launched in `channel`.
async fn open(
    driver: &mut Driver,
    fake: &FakeDiscord,
    port: u16,
    instance: &str,
    channel: u64,
    user: &FakeUser,
    participants: &[&FakeUser],
) -> Page {
    let name = format!("{}-{channel}", user.name);
    let participants: Vec<Value> = participants
        .iter()
        .map(|p| json!({ "id": p.id.to_string(), "username": p.name }))
        .collect();
    driver
        .send(json!({
            "cmd": "open", "page": name, "context": user.name,
            "activity": format!("http://127.0.0.1:{port}"), "instance_id": instance,
            "channel_id": channel.to_string(), "guild_id": GUILD_ID.to_string(),
            "user": { "id": user.id.to_string(), "username": user.name },
            "code": fake.oauth_code(user), "fake_api": format!("{}/api/v10", fake.base),
            "participants": participants, "locale": "en-US", "timeout_ms": 30000,
        }))
        .await;
    Page {
        name,
        user: user.clone(),
    }
}

/// The game's view, read by `page` from inside the Activity's frame.
async fn view(driver: &mut Driver, page: &Page, id: &str) -> Value {
    let reply = driver
        .send(json!({
            "cmd": "fetch", "page": page.name, "method": "GET",
            "path": format!("api/games/{id}"), "session": true,
        }))
        .await;
    assert_eq!(reply["status"], 200, "{reply}");
    reply["body"].clone()
}

/// The drag that plays the move a computer chooses for the seat to move in `view`: the
/// engines play both sides, so a game ends in a reasonable number of moves.
fn choose_drag(view: &Value, ply: u64) -> Value {
    let position = &view["position"];
    let to_move = view["to_move"].as_u64().expect("a seat to move");
    let seed = ply * 7919 + 17;
    let legal: Vec<&str> = view["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
    match view["kind"].as_str() {
        Some("oaq") => {
            let citizens: Vec<String> = position["citizens"]
                .as_array()
                .expect("citizens")
                .iter()
                .map(Value::to_string)
                .collect();
            let quans: String = position["quans"]
                .as_array()
                .expect("quans")
                .iter()
                .map(|q| if q == true { 'Q' } else { '-' })
                .collect();
            let text = format!(
                "{} {quans} {},{} {} {ply}",
                citizens.join(","),
                position["captured"][0],
                position["captured"][1],
                if to_move == 0 { 's' } else { 'n' },
            );
            let position = oaq::Position::parse(&text, oaq::Rules::default()).expect("a position");
            // Random moves first, so that the game lasts past the restart; then greedy ones.
            let level = if ply < 12 {
                oaq::Level::Random
            } else {
                oaq::Level::Greedy
            };
            let mv = oaq::Player::new(level, seed)
                .choose(&position)
                .expect("a move");
            assert!(
                legal.contains(&mv.to_string().as_str()),
                "{mv} in {legal:?}"
            );
            json!({ "from": mv.square.index().to_string(), "dir": mv.direction.sign().to_string() })
        }
        Some("shogi") => {
            let sfen = position["sfen"].as_str().expect("sfen");
            let game = shogi::Game::new(sfen.parse().expect("an SFEN"));
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // Sente's seat searches, gote's plays at random: a game with an end in sight.
            let player = if to_move == position["sente"].as_u64().unwrap_or(0) {
                shogi::ai::Player::Engine(shogi::ai::Level::Medium)
            } else {
                shogi::ai::Player::Random
            };
            let mv = player
                .choose(&game, Some(Duration::from_millis(150)), &mut rng)
                .expect("a move")
                .to_string();
            assert!(legal.contains(&mv.as_str()), "{mv} in {legal:?}");
            match mv.split_once('*') {
                Some((piece, to)) => json!({ "from": format!("hand-{piece}"), "to": to }),
                None => json!({
                    "from": &mv[..2], "to": &mv[2..4], "promote": mv.ends_with('+'),
                }),
            }
        }
        Some("chinese-checkers") => {
            let holes = position["holes"].as_str().expect("holes");
            let set = position["sets"][to_move as usize][0]
                .as_u64()
                .expect("a set");
            let text = format!("{holes} {set}");
            let position = cc::Position::parse(&text, cc::Rules::default()).expect("a position");
            let mv = cc::ai::Opponent::new(cc::ai::Level::Medium, seed)
                .choose(&position)
                .expect("a move");
            let (from, to) = (mv.from().to_string(), mv.to().to_string());
            assert!(
                legal.iter().any(|l| l.starts_with(&format!("{from}-"))),
                "{from} in {legal:?}"
            );
            json!({ "from": from, "to": to })
        }
        other => panic!("no such game: {other:?}"),
    }
}

/// What happens along a game besides dragging.
#[derive(Default)]
struct Along {
    /// At this ply the player to move clicks a move under the channel's board instead.
    click_at: Option<u64>,
    /// At this ply the bot is killed with -9 and started again.
    kill_at: Option<u64>,
}

/// Plays game `id` to its end by dragging on the players' pages; every page and the board
/// message `board_id` follow each move. Returns the number of moves.
#[allow(clippy::too_many_arguments)]
async fn play_to_the_end(
    driver: &mut Driver,
    fake: &FakeDiscord,
    bot: &mut Bot,
    root: &Path,
    port: u16,
    id: &str,
    board_id: u64,
    players: &[Page],
    spectator: &Page,
    along: Along,
) -> u64 {
    let mut ply = 0;
    loop {
        let current = view(driver, &players[0], id).await;
        assert_eq!(current["ply"], ply, "{current}");
        if current["finished"] == true {
            break;
        }
        let seat = current["to_move"].as_u64().expect("a seat to move") as usize;
        let mover_id = current["seats"][seat]["id"]
            .as_str()
            .expect("an id")
            .to_owned();
        let mover = players
            .iter()
            .find(|p| p.user.id.to_string() == mover_id)
            .expect("a player's page")
            .clone();
        if along.kill_at == Some(ply) {
            let _ = bot.0.kill();
            let _ = bot.0.wait();
            *bot = start_activity_bot(root, fake, port);
            for page in players.iter().chain([spectator]) {
                wait_live(driver, page, ply).await;
            }
        }
        if along.click_at == Some(ply) {
            let board = fake.message(board_id);
            let moves = enabled_moves(&board);
            let token = fake.click(&mover.user, board_id, &moves[0]);
            assert_eq!(fake.callback(&token).await.kind, 7);
        } else {
            let mut drag = choose_drag(&current, ply);
            drag["cmd"] = json!("drag");
            drag["page"] = json!(mover.name);
            drag["timeout_ms"] = json!(30000);
            driver.send(drag).await;
        }
        ply += 1;
        for page in players.iter().chain([spectator]) {
            let state = driver
                .send(json!({ "cmd": "wait", "page": page.name, "ply": ply, "timeout_ms": 30000 }))
                .await;
            assert_eq!(state["state"]["ply"], ply, "{state}");
        }
        let after = view(driver, &players[0], id).await;
        let next = after["to_move"]
            .as_u64()
            .and_then(|s| after["seats"][s as usize]["id"].as_str())
            .map(str::to_owned);
        fake.wait_message(
            board_id,
            "the board message after the move",
            |m| match &next {
                Some(next) => to_move(&m.content).map(|u| u.to_string()).as_deref() == Some(next),
                None => only_final_buttons(m),
            },
        )
        .await;
        if ply == 4 {
            let kind = after["kind"].as_str().unwrap_or("game");
            let path = screenshots().join(format!("{kind}.png"));
            driver
                .send(json!({ "cmd": "screenshot", "page": spectator.name, "path": path }))
                .await;
            eprintln!("screenshot of the {kind} page: {}", path.display());
        }
    }
    for page in players.iter().chain([spectator]) {
        driver
            .send(
                json!({ "cmd": "wait", "page": page.name, "finished": true, "timeout_ms": 30000 }),
            )
            .await;
    }
    ply
}

/// Waits until `page` has its live stream again and shows the game at `ply`.
async fn wait_live(driver: &mut Driver, page: &Page, ply: u64) {
    for _ in 0..400 {
        let state = driver
            .send(json!({ "cmd": "state", "page": page.name }))
            .await;
        if state["state"]["conn"] == "live" && state["state"]["ply"] == ply {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{}'s page never came back live at move {ply}", page.name);
}

/// The id of the channel's game, as `page` lists it.
async fn listed_game(driver: &mut Driver, page: &Page) -> String {
    let reply = driver
        .send(json!({
            "cmd": "fetch", "page": page.name, "method": "GET", "path": "api/games",
            "session": true,
        }))
        .await;
    reply["body"]["games"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("a game listed: {reply}"))
        .to_owned()
}

/// Opens the players' and the spectator's pages on the channel's game.
async fn pages_on_game(
    driver: &mut Driver,
    fake: &FakeDiscord,
    port: u16,
    channel: u64,
) -> (String, Vec<Page>, Page) {
    let people = [an(), binh(), chi()];
    let everyone: Vec<&FakeUser> = people.iter().collect();
    let instance = fake.launch_activity(channel, &everyone);
    let mut pages = Vec::new();
    for user in &people {
        pages.push(open(driver, fake, port, &instance, channel, user, &everyone).await);
    }
    let id = listed_game(driver, &pages[0]).await;
    for page in &pages {
        driver
            .send(json!({ "cmd": "open_game", "page": page.name, "id": id }))
            .await;
    }
    let spectator = pages.pop().expect("the spectator's page");
    (id, pages, spectator)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_three_games_are_played_by_dragging_in_a_real_browser() {
    let Some(mut driver) = driver() else {
        return;
    };
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let root = tempfile::tempdir().expect("tempdir");
    let port = free_port();
    let mut bot = start_activity_bot(root.path(), &fake, port);
    fake.wait_ready(1).await;

    // Ô ăn quan: a move clicked under the board shows on the pages; the bot is killed with -9
    // and restarted mid-game.
    let board_id = start_game(&fake, &an(), &binh(), OAQ_CHANNEL).await;
    let (id, players, spectator) = pages_on_game(&mut driver, &fake, port, OAQ_CHANNEL).await;

    // What the pages refuse, with nothing changed: a forged session, garbage, a spectator's move.
    let path = format!("api/games/{id}/move");
    for (session, body, status) in [
        (
            json!("forged.token"),
            json!({ "ply": 0, "move": "1+" }),
            401,
        ),
        (json!(true), json!("not json"), 400),
    ] {
        let reply = driver
            .send(json!({
                "cmd": "fetch", "page": players[0].name, "method": "POST", "path": path,
                "body": body, "session": session,
            }))
            .await;
        assert_eq!(reply["status"], status, "{reply}");
    }
    let reply = driver
        .send(json!({
            "cmd": "fetch", "page": spectator.name, "method": "POST", "path": path,
            "body": { "ply": 0, "move": "1+" }, "session": true,
        }))
        .await;
    assert_eq!(reply["status"], 403, "{reply}");
    let along = Along {
        click_at: Some(3),
        kill_at: Some(6),
    };
    let plies = play_to_the_end(
        &mut driver,
        &fake,
        &mut bot,
        root.path(),
        port,
        &id,
        board_id,
        &players,
        &spectator,
        along,
    )
    .await;
    eprintln!("Ô ăn quan: {plies} moves");
    assert!(plies > 6, "the game went past the restart");

    // Shogi, first player by furigoma.
    let opponent = json!({ "name": "opponent", "type": 6, "value": binh().id.to_string() });
    let token = fake.slash_to(
        &an(),
        SHOGI_CHANNEL,
        "shogi",
        "challenge",
        vec![opponent],
        vec![&binh()],
    );
    let board_id = fake.callback(&token).await.message.expect("the challenge");
    let token = fake.click(
        &binh(),
        board_id,
        &button(&fake.message(board_id), "Accept"),
    );
    assert_eq!(fake.callback(&token).await.kind, 7);
    let (id, players, spectator) = pages_on_game(&mut driver, &fake, port, SHOGI_CHANNEL).await;
    let plies = play_to_the_end(
        &mut driver,
        &fake,
        &mut bot,
        root.path(),
        port,
        &id,
        board_id,
        &players,
        &spectator,
        Along::default(),
    )
    .await;
    eprintln!("Shogi: {plies} moves");

    // Chinese checkers, two players.
    let token = fake.slash_to(
        &an(),
        CHECKERS_CHANNEL,
        "chinese-checkers",
        "new",
        vec![],
        vec![],
    );
    let lobby = fake.callback(&token).await.message.expect("the lobby");
    let token = fake.click(&binh(), lobby, &button(&fake.message(lobby), "Join"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    let token = fake.click(&an(), lobby, &button(&fake.message(lobby), "Start"));
    assert_eq!(fake.callback(&token).await.kind, 7);
    let (id, players, spectator) = pages_on_game(&mut driver, &fake, port, CHECKERS_CHANNEL).await;
    let plies = play_to_the_end(
        &mut driver,
        &fake,
        &mut bot,
        root.path(),
        port,
        &id,
        lobby,
        &players,
        &spectator,
        Along::default(),
    )
    .await;
    eprintln!("Chinese checkers: {plies} moves");
    driver.quit().await;
}
