//! End to end, issue 28: two bot processes share one PostgreSQL database (`store.backend =
//! "postgres"`) and four shards. Each serves the servers of its shards from the shared store;
//! `kill -9` of one leaves the other playing, and the restarted one resumes its games. Then the
//! shard count changes from 4 to 3 by a restart alone (no reshard): every game plays on, and
//! every leaderboard, history and game is as it was.
//!
//! Needs a PostgreSQL server: `TEST_POSTGRES_URL` (see `oaq_bot_testkit::pg`; `.ci/run` sets it).

use oaq_bot::ids::{ChannelId, GameId, GuildId, UserId};
use oaq_bot::shards::Layout;
use oaq_bot::store::{FinishedGame, GameKind, GameRecord, LeaderboardPage, Player, Store};
use oaq_bot_testkit::players::{guild_on_shard, lan_and_minh, resign};

use super::pg::{self, Schema};
use super::shards::{play_one_of, wait_shards};
use super::start_game;
use super::support::{start_bot_on_shards, Bot, FakeDiscord};

/// The channel of server `k`'s game in play, and of its game that ends at once.
fn channels(k: u64) -> [u64; 2] {
    [800_000_000_000_000_000 + k, 800_000_000_000_000_100 + k]
}

/// Starts a process serving `shards` of `count` on the shared database.
fn start(fake: &FakeDiscord, root: &tempfile::TempDir, url: &str, count: u32, shards: &str) -> Bot {
    start_with(fake, root, url, count, shards, &[])
}

/// [`start`] with more configuration overrides.
fn start_with(
    fake: &FakeDiscord,
    root: &tempfile::TempDir,
    url: &str,
    count: u32,
    shards: &str,
    vars: &[(&str, &str)],
) -> Bot {
    let base = format!("{}/{shards}", fake.base);
    let mut on_postgres = vec![("OAQ_STORE__BACKEND", "postgres"), ("OAQ_STORE__URL", url)];
    on_postgres.extend_from_slice(vars);
    start_bot_on_shards(root.path(), &base, count, shards, &on_postgres)
}

/// Plays one move on `board` in server `k`, as the player to move.
async fn play_one(fake: &FakeDiscord, k: u64, board: u64) {
    play_one_of(fake, lan_and_minh(k), board).await;
}

/// What the shared store holds of the four servers: each server's leaderboard and history,
/// and every game in play.
#[derive(Debug, PartialEq)]
struct Snapshot {
    boards: Vec<LeaderboardPage>,
    history: Vec<Vec<FinishedGame>>,
    running: Vec<GameRecord>,
}

fn snapshot(store: &Store) -> Snapshot {
    let mut running: Vec<GameRecord> = store
        .running_games()
        .into_iter()
        .map(|id| {
            let id = id.expect("a channel entry");
            store.game(id).expect("read").expect("present").record
        })
        .collect();
    running.sort_by_key(|g| g.id);
    Snapshot {
        boards: (0..4)
            .map(|k| {
                store
                    .leaderboard(GameKind::Oaq, GuildId::new(guild_on_shard(k)), 0, 10)
                    .expect("leaderboard")
            })
            .collect(),
        history: (0..4)
            .map(|k| {
                store
                    .recent_in_guild(GuildId::new(guild_on_shard(k)), GameKind::Oaq, 10)
                    .expect("history")
            })
            .collect(),
        running,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_28_two_processes_share_postgres_survive_kill_9_and_change_shards_by_a_restart() {
    let Some(base) = pg::url() else { return };
    let schema = Schema::new(&base);
    let url = schema.url();
    let fake = FakeDiscord::start().await;
    fake.set_shard_count(4);
    for k in 0..4 {
        for channel in channels(k) {
            fake.set_guild(channel, guild_on_shard(k));
        }
    }
    let (root_a, root_b) = (
        tempfile::tempdir().expect("tempdir"),
        tempfile::tempdir().expect("tempdir"),
    );
    let a = start(&fake, &root_a, &url, 4, "0-1");
    let b = start(&fake, &root_b, &url, 4, "2-3");
    wait_shards(&fake, &[0, 1, 2, 3]).await;

    // In each server: a game that ends by resignation (rated, in the history) and one in play.
    let mut boards = Vec::new();
    for k in 0..4 {
        let [lan, minh] = lan_and_minh(k);
        let [playing, ended] = channels(k);
        let board = start_game(&fake, &lan, &minh, ended).await;
        resign(&fake, &minh, board).await;
        let board = start_game(&fake, &lan, &minh, playing).await;
        play_one(&fake, k, board).await;
        boards.push(board);
    }
    // Every process answered only for its own servers.
    let bases = fake.requests_by_base();
    assert!(bases.get("/0-1").is_some_and(|&n| n > 0), "{bases:?}");
    assert!(bases.get("/2-3").is_some_and(|&n| n > 0), "{bases:?}");

    let store = Store::connect(&url, Layout::single()).expect("the shared store");
    let before = snapshot(&store);
    assert_eq!(before.running.len(), 4, "{:?}", before.running);
    for k in 0..4 {
        assert_eq!(before.boards[k].total, 2, "server {k}: two rated players");
        assert_eq!(before.history[k].len(), 1, "server {k}: one finished game");
    }
    assert!(before.running.iter().all(|g| g.moves.len() == 1));

    // kill -9 of B: A's servers play on.
    drop(b);
    wait_shards(&fake, &[0, 1]).await;
    for k in 0..2 {
        play_one(&fake, k, boards[k as usize]).await;
    }
    // B comes back and resumes its games from the shared store.
    let b = start(&fake, &root_b, &url, 4, "2-3");
    wait_shards(&fake, &[0, 1, 2, 3]).await;
    for k in 2..4 {
        play_one(&fake, k, boards[k as usize]).await;
    }
    let played = snapshot(&store);
    assert!(
        played.running.iter().all(|g| g.moves.len() == 2),
        "every move applied once: {:?}",
        played
            .running
            .iter()
            .map(|g| g.moves.len())
            .collect::<Vec<_>>()
    );

    // Three shards in two processes: a restart with the new layout, nothing else.
    drop((a, b));
    fake.wait_for(30, "the old shards to go", |f| {
        f.live_shards().is_empty().then_some(())
    })
    .await;
    fake.set_shard_count(3);
    let _a = start(&fake, &root_a, &url, 3, "0-1");
    let _b = start(&fake, &root_b, &url, 3, "2");
    wait_shards(&fake, &[0, 1, 2]).await;
    let after = snapshot(&store);
    assert_eq!(after, played, "the restart changed no record");
    for k in 0..4 {
        play_one(&fake, k, boards[k as usize]).await;
    }
    let moved = snapshot(&store);
    assert_eq!(moved.boards, before.boards, "leaderboards unchanged");
    assert_eq!(moved.history, before.history, "history unchanged");
    assert!(moved.running.iter().all(|g| g.moves.len() == 3));
    assert_eq!(fake.doubled_sessions(), 0, "no shard was served twice");
}

/// `oaq-bot store copy` moves an older release's sled database (the fixture of
/// `tests/fixtures/db-b9c7bf2`) to PostgreSQL and back, printing the records of each kind;
/// running it again writes nothing, and a target holding other records is refused untouched.
#[test]
fn issue_28_store_copy_moves_a_bot_to_postgres_and_back() {
    let Some(base) = pg::url() else { return };
    let schema = Schema::new(&base);
    let url = schema.url();
    let dir = tempfile::tempdir().expect("tempdir");
    let old = dir.path().join("old");
    copy_tree(
        std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/db-b9c7bf2"
        )),
        &old,
    );
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
            .args(["store", "copy"])
            .args(args)
            .env_remove("RUST_LOG")
            .output()
            .expect("run store copy");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let from_old = format!("sled:{}", old.display());
    let (ok, printed, errors) = run(&["--from", &from_old, "--to", &url]);
    assert!(ok, "{printed}{errors}");
    assert!(
        printed.contains("finished games") && printed.contains("ratings"),
        "{printed}"
    );
    assert!(!printed.contains("(0 entries written)"), "{printed}");
    let (ok, again, errors) = run(&["--from", &from_old, "--to", &url]);
    assert!(ok, "{again}{errors}");
    assert!(again.contains("(0 entries written)"), "{again}");

    // Back to a new sled store, which opens and holds the same games.
    let back = dir.path().join("back");
    let to_back = format!("sled:{}", back.display());
    let (ok, printed_back, errors) = run(&["--from", &url, "--to", &to_back]);
    assert!(ok, "{printed_back}{errors}");
    let old_store = Store::open(&old).expect("the old store");
    let back_store = Store::open(&back).expect("the copy back");
    for id in 1..=9 {
        assert_eq!(
            old_store
                .game(GameId::new(id))
                .expect("read")
                .map(|g| g.record),
            back_store
                .game(GameId::new(id))
                .expect("read")
                .map(|g| g.record),
            "game {id}"
        );
    }
    drop((old_store, back_store));

    // A target with records of its own is refused, and left as it was.
    let other = Schema::new(&base);
    let other_store = Store::connect(&other.url(), Layout::single()).expect("connect");
    let mut game = oaq_record();
    // An id the fixture does not use.
    game.id = GameId::new(1_000);
    other_store.create_game(&game).expect("create");
    drop(other_store);
    let (ok, _, errors) = run(&["--from", &from_old, "--to", &other.url()]);
    assert!(!ok && errors.contains("no source holds"), "{errors}");
    let other_store = Store::connect(&other.url(), Layout::single()).expect("connect");
    assert!(other_store.game(GameId::new(1)).expect("read").is_none());
    assert_eq!(other_store.running_games().len(), 1);
}

/// A running Ô ăn quan game with no moves, in a server of its own.
fn oaq_record() -> GameRecord {
    let rules = oaq_bot::games::oaq::Rules::folk();
    GameRecord {
        id: GameId::new(0),
        guild: Some(GuildId::new(guild_on_shard(0))),
        channel: ChannelId::new(channels(0)[0]),
        message: None,
        kind: GameKind::Oaq,
        seats: [(1, "An"), (2, "Bình")]
            .map(|(id, name)| Player {
                id: UserId::new(id),
                name: name.to_owned(),
                computer: None,
            })
            .to_vec(),
        rules: serde_json::to_value(rules).expect("rules"),
        start: oaq_bot::games::oaq::Position::start(rules).to_string(),
        moves: Vec::new(),
        retired: Vec::new(),
        created_ms: 1,
        locale: oaq_bot::locale::Locale::English,
        turn_ms: None,
        deadline_ms: None,
        tournament_round: None,
    }
}

/// Copies a directory tree.
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// Issue 28: on a shared database each process sweeps only its own servers. With process B
/// down, A expires the challenge that ran out in its server and leaves B's alone; B expires
/// its own once it is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_28_each_process_sweeps_only_its_own_servers() {
    let Some(base) = pg::url() else { return };
    let schema = Schema::new(&base);
    let url = schema.url();
    let fake = FakeDiscord::start().await;
    fake.set_shard_count(4);
    for k in [0, 2] {
        fake.set_guild(channels(k)[0], guild_on_shard(k));
    }
    let (root_a, root_b) = (
        tempfile::tempdir().expect("tempdir"),
        tempfile::tempdir().expect("tempdir"),
    );
    let ttl = [("OAQ_GAME__CHALLENGE_TTL_SECONDS", "3")];
    let a = start_with(&fake, &root_a, &url, 4, "0-1", &ttl);
    let b = start_with(&fake, &root_b, &url, 4, "2-3", &ttl);
    wait_shards(&fake, &[0, 1, 2, 3]).await;
    for k in [0, 2] {
        let [lan, minh] = lan_and_minh(k);
        let opponent =
            serde_json::json!({ "name": "opponent", "type": 6, "value": minh.id.to_string() });
        let token = fake.slash(
            &lan,
            channels(k)[0],
            "challenge",
            vec![opponent],
            vec![&minh],
        );
        assert!(fake.callback(&token).await.message.is_some());
    }
    let store = Store::connect(&url, Layout::single()).expect("the shared store");
    let pending = |store: &Store| -> Vec<u64> {
        let mut channels: Vec<u64> = store
            .challenges()
            .into_iter()
            .map(|c| c.expect("a challenge").record.channel.get())
            .collect();
        channels.sort_unstable();
        channels
    };
    assert_eq!(pending(&store), [channels(0)[0], channels(2)[0]]);
    drop(b);
    wait_shards(&fake, &[0, 1]).await;
    // A's sweep runs every second: its challenge goes, B's stays.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while pending(&store).len() > 1 {
        assert!(
            std::time::Instant::now() < deadline,
            "A never expired its challenge"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    assert_eq!(
        pending(&store),
        [channels(2)[0]],
        "B's challenge waits for B"
    );
    let _b = start_with(&fake, &root_b, &url, 4, "2-3", &ttl);
    while !pending(&store).is_empty() {
        assert!(
            std::time::Instant::now() < deadline + std::time::Duration::from_secs(30),
            "B never expired its challenge"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    drop(a);
}
