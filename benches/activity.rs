//! The Activity (issue 50), measured through the real bot binary serving its page and API
//! against the fake Discord (sled store):
//! - **page weight**: `web/dist`'s three files as the bot embeds and serves them, raw and
//!   compressed with gzip level 9, and their total (target ≤ 300 KB compressed);
//! - **move → every other page**: 20 Ô ăn quan games in 20 channels, each with three pages open
//!   (both players and a spectator, each signed in through `/api/token` and `/api/session` and
//!   listening on `/api/events`): 60 live streams. The players move through
//!   `POST /api/games/{id}/move`, each looking at the board for a random 0.5–1.5 s first, as
//!   the latency bench's players do; each move is measured from the moment its request is sent
//!   until both other pages of its game have received the `game` event with the new move
//!   (target p99 ≤ 100 ms). A finished game is followed by a new one in its channel;
//! - **memory**: the bot's resident set (`VmRSS` of `/proc/<pid>/status`, with its peak and
//!   its threads) with the 20 games and no page open, with the pages signed in, after the
//!   moves, and 12 s later. The games and moves are played twice, each time on a fresh bot:
//!   first with the 60 pages signed in but no stream open, then with the 60 streams; the
//!   difference after the moves is what the open pages cost (target ≤ 10 MB);
//! - **time to an interactive board** in headless Chromium (Debian's `chromium`, or
//!   `$CHROMIUM`), through the browser harness of `tests/browser`: a page opened straight on a
//!   game (as a launch from the board's *Play on the board* button does), in a fresh browser
//!   context each time, from the frame's navigation start to the board drawn and interactive
//!   (the page's `board-ready` mark), while the 60 streams are still open; the median of
//!   several runs (target ≤ 1 s). Skipped, with a message, without Chromium or the harness's
//!   npm packages (`npm ci` in `tests/browser`).
//!
//! Run: `cargo bench --profile test --bench activity` (`ACTIVITY_MOVES` sets the moves played
//! in each channel, 20 by default).

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use flate2::write::GzEncoder;
use flate2::Compression;
use oaq_bot_testkit::browser::{self, Driver};
use oaq_bot_testkit::fake_discord::activity::CLIENT_SECRET;
use oaq_bot_testkit::fake_discord::{button, start_bot_with, Bot, FakeDiscord, FakeUser, GUILD_ID};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::sync::watch;

/// Games played at once, one per channel.
const GAMES: u64 = 20;
/// Moves played in each channel, unless `ACTIVITY_MOVES` says otherwise.
const MOVES_PER_CHANNEL: usize = 20;
/// The first channel; the others follow.
const FIRST_CHANNEL: u64 = 790_000_000_000_000_000;
/// How long the bot is left to settle before its memory is read.
const SETTLE: Duration = Duration::from_secs(3);
/// Pages opened on a game in Chromium, one after the other.
const BROWSER_RUNS: usize = 7;

/// The bench's source folder (the repository).
fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The sizes of the page's files, raw and gzipped at level 9; prints them.
fn page_weight() {
    let mut total = (0, 0);
    let mut parts = Vec::new();
    for name in ["index.html", "app.js", "app.css"] {
        let bytes = std::fs::read(repo().join("web/dist").join(name)).expect("the built page");
        let mut gzip = GzEncoder::new(Vec::new(), Compression::best());
        gzip.write_all(&bytes).expect("compress");
        let compressed = gzip.finish().expect("compress").len();
        parts.push(format!(
            "{name} {:.1} KB ({:.1} KB gzipped)",
            kb(bytes.len()),
            kb(compressed)
        ));
        total = (total.0 + bytes.len(), total.1 + compressed);
    }
    println!(
        "page weight: {:.1} KB raw, {:.1} KB gzip -9, everything included: {}",
        kb(total.0),
        kb(total.1),
        parts.join(", ")
    );
}

/// `bytes` in KB (1,024 bytes).
fn kb(bytes: usize) -> f64 {
    bytes as f64 / 1024.0
}

/// A free port on 127.0.0.1 for the Activity's server.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The Activity's API at `base`.
#[derive(Clone)]
struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    /// Waits until the server answers.
    async fn wait_up(&self) {
        for _ in 0..400 {
            let answer = self.http.get(format!("{}/api/config", self.base)).send();
            if answer.await.is_ok_and(|r| r.status() == StatusCode::OK) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the Activity's server never answered");
    }

    /// `path` with an optional `session`: its status and JSON body.
    async fn call(&self, path: &str, session: Option<&str>, body: Option<Value>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut request = match body {
            Some(body) => self.http.post(url).json(&body),
            None => self.http.get(url),
        };
        if let Some(session) = session {
            request = request.bearer_auth(session);
        }
        let response = request.send().await.expect("the Activity answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Signs `user` in to `instance` as the page does: a code exchanged, then a session.
    async fn sign_in(&self, fake: &FakeDiscord, user: &FakeUser, instance: &str) -> String {
        let code = json!({ "code": fake.oauth_code(user) });
        let (status, token) = self.call("/api/token", None, Some(code)).await;
        assert_eq!(status, 200, "{token}");
        let body = json!({
            "access_token": token["access_token"], "instance_id": instance, "locale": "en-US",
        });
        let (status, session) = self.call("/api/session", None, Some(body)).await;
        assert_eq!(status, 200, "{session}");
        session["session"].as_str().expect("a session").to_owned()
    }
}

/// The last move a page heard of (its `game` event), and when it first arrived.
struct Seen {
    view: Arc<Value>,
    at: Instant,
}

/// An open page: its user, its session, and what its event stream last brought.
struct Page {
    user: FakeUser,
    session: String,
    /// Its event stream, where the run opens them.
    seen: Option<watch::Receiver<Option<Seen>>>,
}

/// Opens `session`'s event stream and reads it in a task for as long as the bench runs.
async fn listen(api: &Api, session: &str) -> watch::Receiver<Option<Seen>> {
    let url = format!("{}/api/events?session={session}", api.base);
    let mut response = api.http.get(url).send().await.expect("the event stream");
    assert_eq!(response.status(), StatusCode::OK);
    let (sender, receiver) = watch::channel(None);
    tokio::spawn(async move {
        let mut buffer = String::new();
        while let Ok(Some(chunk)) = response.chunk().await {
            let at = Instant::now();
            buffer.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = buffer.find("\n\n") {
                let block: String = buffer.drain(..end + 2).collect();
                let event = block.lines().find_map(|l| l.strip_prefix("event:"));
                if event.map(str::trim) != Some("game") {
                    continue;
                }
                let data: String = block
                    .lines()
                    .filter_map(|l| l.strip_prefix("data:"))
                    .map(str::trim_start)
                    .collect();
                let view: Value = serde_json::from_str(&data).expect("JSON data");
                // The first arrival of each move counts: the same move may be sent again
                // (its board settled), later.
                sender.send_if_modified(|seen: &mut Option<Seen>| {
                    let new = seen.as_ref().is_none_or(|s| {
                        (&s.view["id"], &s.view["ply"]) != (&view["id"], &view["ply"])
                    });
                    if new {
                        *seen = Some(Seen {
                            view: Arc::new(view),
                            at,
                        });
                    }
                    new
                });
            }
        }
    });
    receiver
}

/// When the page listening on `seen` received game `id` at `ply` moves or more.
async fn arrival(seen: &mut watch::Receiver<Option<Seen>>, id: &str, ply: u64) -> Instant {
    let wait = seen.wait_for(|seen| {
        seen.as_ref()
            .is_some_and(|s| s.view["id"] == id && s.view["ply"].as_u64() >= Some(ply))
    });
    let seen = tokio::time::timeout(Duration::from_secs(30), wait)
        .await
        .unwrap_or_else(|_| panic!("no page heard move {ply} of game {id}"))
        .expect("the stream goes on");
    seen.as_ref().expect("an event").at
}

/// The players of `channel` and its spectator.
fn people(channel: u64) -> [FakeUser; 3] {
    [
        FakeUser::new(channel * 4 + 1, "An"),
        FakeUser::new(channel * 4 + 2, "Bình"),
        FakeUser::new(channel * 4 + 3, "Chi"),
    ]
}

/// Challenges `b` from `a` in `channel` (`a` moves first) and accepts.
async fn start_game(fake: &FakeDiscord, a: &FakeUser, b: &FakeUser, channel: u64) {
    let opponent = json!({ "name": "opponent", "type": 6, "value": b.id.to_string() });
    let first = json!({ "name": "first", "type": 4, "value": 2 });
    let token = fake.slash(a, channel, "challenge", vec![opponent, first], vec![b]);
    let board = fake.callback(&token).await.message.expect("the challenge");
    let token = fake.click(b, board, &button(&fake.message(board), "Accept"));
    assert_eq!(fake.callback(&token).await.kind, 7);
}

/// The channel's game, as `session`'s page lists it.
async fn current_game(api: &Api, session: &str) -> Value {
    let (status, lobby) = api.call("/api/games", Some(session), None).await;
    assert_eq!(status, 200, "{lobby}");
    let id = lobby["games"][0]["id"].as_str().expect("a game").to_owned();
    let (status, view) = api
        .call(&format!("/api/games/{id}"), Some(session), None)
        .await;
    assert_eq!(status, 200, "{view}");
    view
}

/// One move measured: the request answered, and every other page told (where pages listen).
struct Measured {
    answered: Duration,
    everyone: Option<Duration>,
}

/// Moves played in each channel: `ACTIVITY_MOVES`, or [`MOVES_PER_CHANNEL`].
fn moves_per_channel() -> usize {
    std::env::var("ACTIVITY_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(MOVES_PER_CHANNEL)
}

/// Plays [`moves_per_channel`] moves in `channel` through the pages; a finished game is followed
/// by a new one.
async fn play_channel(
    fake: FakeDiscord,
    api: Api,
    channel: u64,
    mut pages: Vec<Page>,
) -> Vec<Measured> {
    let mut rng = ChaCha8Rng::seed_from_u64(channel);
    let mut measured = Vec::new();
    let mut view = current_game(&api, &pages[0].session).await;
    let wanted = moves_per_channel();
    while measured.len() < wanted {
        if view["finished"] == true {
            start_game(&fake, &pages[0].user, &pages[1].user, channel).await;
            view = current_game(&api, &pages[0].session).await;
            continue;
        }
        let id = view["id"].as_str().expect("an id").to_owned();
        let ply = view["ply"].as_u64().expect("a ply");
        let seat = view["to_move"].as_u64().expect("a seat to move") as usize;
        let mover_id = view["seats"][seat]["id"].as_str().expect("a player");
        let mover = pages
            .iter()
            .position(|p| p.user.id.to_string() == mover_id)
            .expect("the mover's page");
        let moves = view["moves"].as_array().expect("moves");
        let mv = moves[rng.gen_range(0..moves.len())]["move"].clone();
        tokio::time::sleep(Duration::from_millis(rng.gen_range(500..=1500))).await;
        let sent = Instant::now();
        let path = format!("/api/games/{id}/move");
        let body = json!({ "ply": ply, "move": mv });
        let (status, after) = api
            .call(&path, Some(&pages[mover].session), Some(body))
            .await;
        let answered = sent.elapsed();
        assert_eq!(status, 200, "{after}");
        let mut last = None;
        for (_, page) in pages.iter_mut().enumerate().filter(|(i, _)| *i != mover) {
            if let Some(seen) = &mut page.seen {
                let at = arrival(seen, &id, ply + 1).await;
                last = last.max(Some(at));
            }
        }
        measured.push(Measured {
            answered,
            everyone: last.map(|at| at - sent),
        });
        view = after;
    }
    measured
}

/// The bot's resident set and its peak so far, in kB, and its threads.
fn memory(pid: u32) -> (u64, u64, u64) {
    let field = |name| oaq_bot_testkit::proc_status(pid, name);
    (field("VmRSS"), field("VmHWM"), field("Threads"))
}

/// `kb` kB in MB.
fn mb(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

/// The value at `p` (0–1) of sorted `times`, in ms.
fn percentile(times: &[Duration], p: f64) -> f64 {
    times[((times.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e3
}

/// Prints the median and tail of `times`.
fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: {} moves in {GAMES} concurrent games: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        percentile(&times, 1.0),
    );
}

/// Opens the spectator's page of `channel` on game `id` in a fresh browser context, `runs`
/// times; prints the median time to the board drawn and interactive.
async fn time_to_board(fake: &FakeDiscord, port: u16, channel: u64, id: &str) {
    if let Some(why) = browser::missing() {
        println!("time to an interactive board: skipped ({why})");
        return;
    }
    let mut driver = Driver::start();
    let everyone = people(channel);
    let participants: Vec<Value> = everyone
        .iter()
        .map(|p| json!({ "id": p.id.to_string(), "username": p.name }))
        .collect();
    let instance = fake.launch_activity(channel, &everyone.iter().collect::<Vec<_>>());
    let user = &everyone[2];
    let mut ready = Vec::new();
    let mut painted = Vec::new();
    for run in 0..BROWSER_RUNS {
        let page = format!("board-{run}");
        driver
            .send(json!({
                "cmd": "open", "page": page, "context": page,
                "activity": format!("http://127.0.0.1:{port}"), "instance_id": instance,
                "channel_id": channel.to_string(), "guild_id": GUILD_ID.to_string(),
                "user": { "id": user.id.to_string(), "username": user.name },
                "code": fake.oauth_code(user), "fake_api": format!("{}/api/v10", fake.base),
                "participants": participants, "locale": "en-US", "custom_id": id,
                "timeout_ms": 30000,
            }))
            .await;
        // The page marks its board ready in the animation frame after drawing it.
        let mut timing = Value::Null;
        for _ in 0..100 {
            timing = driver.send(json!({ "cmd": "timing", "page": page })).await;
            if timing["board_ready"].is_number() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let board = timing["board_ready"]
            .as_f64()
            .expect("the board-ready mark");
        println!("page {run}: board interactive {board:.0} ms after navigation start");
        ready.push(board);
        painted.extend(timing["first_contentful_paint"].as_f64());
        driver.send(json!({ "cmd": "close", "page": page })).await;
    }
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
    };
    println!(
        "time to an interactive board (headless Chromium, fresh context): median {:.0} ms, slowest {:.0} ms ({} runs; first contentful paint median {:.0} ms)",
        median(ready.clone()),
        ready.iter().copied().fold(0.0, f64::max),
        ready.len(),
        median(painted),
    );
    driver.quit().await;
}

/// What one bot measured: its memory (resident set, peak, threads) with the games started and
/// no page, with the pages signed in (and listening, in the run with streams), after the
/// moves, and 12 s later, once idle threads have ended; and the moves.
struct Run {
    before: (u64, u64, u64),
    opened: (u64, u64, u64),
    after: (u64, u64, u64),
    idle: (u64, u64, u64),
    measured: Vec<Measured>,
}

/// A bot serving the Activity, 20 games started, three pages signed in on each, listening
/// on their event streams if `live`, then the moves played through the pages. The bot is
/// left running, with the streams, for what comes next; returns it with its API, the
/// spectator's session of the first game's channel, and the figures.
async fn run(fake: &FakeDiscord, root: &Path, live: bool) -> (Bot, Api, String, Run) {
    let port = free_port();
    let address = format!("127.0.0.1:{port}");
    let vars = [
        ("OAQ_ACTIVITY__LISTEN", address.as_str()),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET),
    ];
    let bot = start_bot_with(root, &fake.base, 600, &vars);
    let pid = bot.0.id();
    fake.wait_ready(1).await;
    let api = Api {
        base: format!("http://127.0.0.1:{port}"),
        http: reqwest::Client::new(),
    };
    api.wait_up().await;

    let channels: Vec<u64> = (0..GAMES).map(|g| FIRST_CHANNEL + g).collect();
    for &channel in &channels {
        let [a, b, _] = people(channel);
        start_game(fake, &a, &b, channel).await;
    }
    tokio::time::sleep(SETTLE).await;
    let before = memory(pid);

    let mut pages: HashMap<u64, Vec<Page>> = HashMap::new();
    for &channel in &channels {
        let everyone = people(channel);
        let instance = fake.launch_activity(channel, &everyone.iter().collect::<Vec<_>>());
        for user in everyone {
            let session = api.sign_in(fake, &user, &instance).await;
            let seen = match live {
                true => Some(listen(&api, &session).await),
                false => None,
            };
            pages.entry(channel).or_default().push(Page {
                user,
                session,
                seen,
            });
        }
    }
    // Every stream has shown its game before the first move.
    for seen in pages.values_mut().flatten().filter_map(|p| p.seen.as_mut()) {
        let wait = seen.wait_for(|s| s.is_some());
        tokio::time::timeout(Duration::from_secs(30), wait)
            .await
            .expect("each page shows its game")
            .expect("the stream goes on");
    }
    tokio::time::sleep(SETTLE).await;
    let opened = memory(pid);
    let watcher = pages[&channels[0]][2].session.clone();

    let tasks: Vec<_> = channels
        .iter()
        .map(|channel| {
            let pages = pages.remove(channel).expect("the channel's pages");
            tokio::spawn(play_channel(fake.clone(), api.clone(), *channel, pages))
        })
        .collect();
    let mut measured = Vec::new();
    for task in tasks {
        measured.extend(task.await.expect("a channel's moves"));
    }
    tokio::time::sleep(SETTLE).await;
    let after = memory(pid);
    // The runtime's blocking threads left idle end after 10 s.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let idle = memory(pid);
    let run = Run {
        before,
        opened,
        after,
        idle,
        measured,
    };
    (bot, api, watcher, run)
}

/// `(rss, peak, threads)` as text.
fn rss_text((rss, peak, threads): (u64, u64, u64)) -> String {
    format!(
        "{:.1} MB (peak {:.1} MB, {threads} threads)",
        mb(rss),
        mb(peak)
    )
}

fn main() {
    page_weight();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        // The same games and moves twice, each on a fresh bot: first with the pages signed in
        // but no stream open, then with the 60 streams, so that the difference in memory is the
        // streams' and not the moves'.
        let root = tempfile::tempdir().expect("tempdir");
        let quiet = {
            let fake = FakeDiscord::start().await;
            fake.enable_activities();
            let dir = root.path().join("without");
            std::fs::create_dir_all(&dir).expect("a bot folder");
            run(&fake, &dir, false).await.3
        };
        let fake = FakeDiscord::start().await;
        fake.enable_activities();
        let dir = root.path().join("with");
        std::fs::create_dir_all(&dir).expect("a bot folder");
        let (bot, api, watcher, live) = run(&fake, &dir, true).await;

        report(
            "move sent → answered, no stream open",
            quiet.measured.iter().map(|m| m.answered).collect(),
        );
        report(
            "move sent → answered, 60 pages open",
            live.measured.iter().map(|m| m.answered).collect(),
        );
        report(
            "move sent → both other pages of the game updated, 60 pages open",
            live.measured.iter().filter_map(|m| m.everyone).collect(),
        );
        for (name, figures) in [("no stream open", &quiet), ("60 pages open", &live)] {
            println!(
                "bot memory, {name}: {GAMES} games and no page {}; the pages signed in {}; after {} moves {}; 12 s later {}",
                rss_text(figures.before),
                rss_text(figures.opened),
                figures.measured.len(),
                rss_text(figures.after),
                rss_text(figures.idle),
            );
        }
        println!(
            "bot memory with 60 pages open: {:+.1} MB against the same games and moves without them ({:+.1} MB 12 s later; {:+.1} MB against the 20 games before any page, once the streams opened)",
            mb(live.after.0) - mb(quiet.after.0),
            mb(live.idle.0) - mb(quiet.idle.0),
            mb(live.opened.0) - mb(live.before.0),
        );

        let game = current_game(&api, &watcher).await;
        let id = game["id"].as_str().expect("an id").to_owned();
        let port = api.base.rsplit(':').next().and_then(|p| p.parse().ok());
        time_to_board(&fake, port.expect("the port"), FIRST_CHANNEL, &id).await;
        drop(bot);
    });
}
