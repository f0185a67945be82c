//! End to end, issue 49: the bot on a PostgreSQL server of the test's own, which the test
//! restarts (fast shutdown) and later stops for 5 seconds in the middle of 10 games. While the
//! database is down a click is answered "try again in a moment" and changes nothing, and
//! `/health` answers 503 naming the database; once it is back the bot carries on by itself,
//! every game plays on, and every acknowledged move is stored exactly once. A process started
//! while the database is down waits for it, and starts once it is back.
//!
//! Needs PostgreSQL installed (`TEST_POSTGRES_URL` set says so; see `oaq_bot_testkit::pg`).

use std::time::{Duration, Instant};

use oaq_bot::ids::ChannelId;
use oaq_bot::shards::Layout;
use oaq_bot::store::{ChannelEntry, Store};
use oaq_bot_testkit::players::{enabled_moves, lan_and_minh};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::pg;
use super::start_game;
use super::support::{
    bot_command, start_bot_with, to_move, Bot, FakeDiscord, FakeUser, GOOD_TOKEN,
};

/// The games' channels.
fn channel(k: u64) -> u64 {
    810_000_000_000_000_000 + k
}

/// What a click answered while the database is down says (assets/locales/en/shell.ftl,
/// `database-down`).
const TRY_AGAIN: &str = "Please try again in a moment.";

/// `/health`'s status code and text.
async fn health(addr: &str) -> (u16, String) {
    let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else {
        return (0, String::from("no endpoint"));
    };
    let request = format!("GET /health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("ask");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    let code = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, answer)
}

/// How a click was answered.
#[derive(Debug, PartialEq)]
enum Answer {
    /// The move was played: the board updated.
    Played,
    /// "Try again in a moment": nothing changed.
    TryAgain,
    /// The board was out of date: the game had moved on.
    OutOfDate,
}

/// One click on the first move of the game on `board`, as the player to move.
async fn click(fake: &FakeDiscord, players: &[FakeUser; 2], board: u64) -> Answer {
    let message = fake.message(board);
    let mover = to_move(&message.content).expect("whose turn");
    let user = players.iter().find(|p| p.id == mover).expect("a player");
    let choice = enabled_moves(&message)[0].clone();
    let token = fake.click(user, board, &choice);
    let answer = fake.callback(&token).await;
    if answer.kind == 7 {
        return Answer::Played;
    }
    assert!(answer.ephemeral(), "a private answer: {}", answer.content());
    if answer.content().contains("out of date") {
        return Answer::OutOfDate;
    }
    assert!(
        answer.content().contains(TRY_AGAIN),
        "the answer says try again: {}",
        answer.content()
    );
    Answer::TryAgain
}

/// Plays one move in the game on `board`, clicking again after each "try again" until it is
/// played; returns how many clicks were answered "try again".
///
/// A commit cut off by the server's shutdown may have been applied although the click was
/// answered "try again" (docs/scaling.md, "When the database is down"): the click again on the
/// same board is then answered "out of date", and the move that was applied is this one,
/// stored once. The board is then brought up to date by the outbox, which this waits for.
async fn play(fake: &FakeDiscord, players: &[FakeUser; 2], board: u64) -> u32 {
    let started = Instant::now();
    let mut refused = 0;
    loop {
        let before = fake.message(board).edits;
        match click(fake, players, board).await {
            Answer::Played => return refused,
            Answer::TryAgain => refused += 1,
            Answer::OutOfDate => {
                assert!(refused > 0, "out of date with no click answered try again");
                fake.wait_message(board, "the board brought up to date", |m| m.edits > before)
                    .await;
                return refused;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the bot never recovered"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Plays one move in each game at once; returns the clicks answered "try again".
async fn round(fake: &FakeDiscord, games: &[([FakeUser; 2], u64)], played: &mut [usize]) -> u32 {
    for count in played.iter_mut() {
        *count += 1;
    }
    let each = games
        .iter()
        .map(|(players, board)| play(fake, players, *board));
    futures_util::future::join_all(each).await.iter().sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_rides_out_a_database_restart_and_a_five_second_outage() {
    if pg::url().is_none() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let server = std::sync::Arc::new(pg::Server::start(data.path()));
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let metrics = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        probe.local_addr().expect("its address").to_string()
    };
    let _bot = start_bot_with(
        root.path(),
        &fake.base,
        600,
        &[
            ("OAQ_STORE__BACKEND", "postgres"),
            ("OAQ_STORE__URL", server.url()),
            ("OAQ_METRICS__LISTEN", &metrics),
        ],
    );
    fake.wait_ready(1).await;
    let games: Vec<([FakeUser; 2], u64)> = {
        let mut games = Vec::new();
        for k in 0..10 {
            let players = lan_and_minh(k);
            let board = start_game(&fake, &players[0], &players[1], channel(k)).await;
            games.push((players, board));
        }
        games
    };
    let mut played = [0usize; 10];
    round(&fake, &games, &mut played).await;

    // A restart, as for an upgrade: the games go on, a click or two answered "try again".
    let restarting = {
        let server = server.clone();
        tokio::task::spawn_blocking(move || {
            std::thread::sleep(Duration::from_millis(20));
            server.down();
            server.up();
        })
    };
    let mut restart = 0;
    while !restarting.is_finished() {
        restart += round(&fake, &games, &mut played).await;
    }
    restarting.await.expect("the restart");
    round(&fake, &games, &mut played).await;

    // Five seconds down: every click is answered "try again", and /health says why.
    tokio::task::block_in_place(|| server.down());
    let down = Instant::now();
    let mut refused_down = 0;
    let mut unhealthy = 0;
    while down.elapsed() < Duration::from_secs(5) {
        let each = games
            .iter()
            .map(|(players, board)| click(&fake, players, *board));
        for answer in futures_util::future::join_all(each).await {
            assert_eq!(answer, Answer::TryAgain, "with the database down");
            refused_down += 1;
        }
        let (code, text) = health(&metrics).await;
        assert_eq!(code, 503, "{text}");
        assert!(text.contains("database"), "{text}");
        unhealthy += 1;
    }
    tokio::task::block_in_place(|| server.up());
    let back = Instant::now();
    let (players, board) = &games[0];
    let refused_after = play(&fake, players, *board).await;
    let first_answer = back.elapsed();
    played[0] += 1;
    let healthy = Instant::now();
    loop {
        let (code, text) = health(&metrics).await;
        if code == 200 {
            break;
        }
        assert!(healthy.elapsed() < Duration::from_secs(30), "{text}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    round(&fake, &games, &mut played).await;
    round(&fake, &games, &mut played).await;
    println!(
        "restart: {restart} clicks answered try again; 5 s outage: {refused_down} clicks \
         answered try again, /health 503 {unhealthy} times; first click played {} ms after \
         the database was back ({refused_after} refused before it)",
        first_answer.as_millis()
    );

    // Every acknowledged move is stored exactly once, and nothing else.
    let store = tokio::task::block_in_place(|| {
        Store::connect(server.url(), Layout::single()).expect("the database")
    });
    for (k, count) in played.iter().enumerate() {
        let Some(ChannelEntry::Game(id)) = store
            .channel(ChannelId::new(channel(k as u64)))
            .expect("channel")
        else {
            panic!("game {k} is not running");
        };
        let game = store.game(id).expect("read").expect("present");
        assert_eq!(
            game.record.moves.len(),
            *count,
            "game {k}: {:?}",
            game.record.moves
        );
    }
    drop(store);

    // A process started while the database is down waits for it (it does not go online, and
    // does not exit), then starts by itself when the database is back.
    tokio::task::block_in_place(|| server.down());
    let later = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    // Its log (standard output) is read, to see that it says why it waits.
    let mut command = bot_command(root.path(), &later.base, Some(GOOD_TOKEN), 600);
    command
        .env("OAQ_STORE__BACKEND", "postgres")
        .env("OAQ_STORE__URL", server.url())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit());
    let mut child = command.spawn().expect("spawn the bot");
    let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    if let Some(out) = child.stdout.take() {
        let log = log.clone();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                if let Ok(mut log) = log.lock() {
                    log.push_str(&line);
                    log.push('\n');
                }
            }
        });
    }
    let mut waiting = Bot(child);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(
        waiting.0.try_wait().expect("the process").is_none(),
        "the bot exited instead of waiting for its database"
    );
    assert_eq!(
        later.identifies(),
        0,
        "the bot went online without its database"
    );
    let said = log.lock().map(|log| log.clone()).unwrap_or_default();
    assert!(
        said.contains("the database is unreachable: waiting for it before starting"),
        "{said}"
    );
    tokio::task::block_in_place(|| server.up());
    later.wait_ready(1).await;
}
