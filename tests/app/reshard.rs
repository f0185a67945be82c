//! Issue 16: `store reshard` moves every record to the store that owns its server in a new
//! shard layout; games still play, leaderboards and history stay as they were, ids never
//! collide.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;
use oaq_bot::app::{PlayRequest, SettingsChange};
use oaq_bot::shards::{Layout, ShardRange};
use oaq_bot::store::reshard::{reshard, Report, ReshardError, Side};
use oaq_bot::store::{
    FinishedGame, GuildSettings, LeaderboardPage, Level, Note, OwedKey, COUNTER_BITS,
};

const START_MS: u64 = 1_700_000_000_000;

/// A server whose events go to shard `k % count` (for every count that divides 4).
fn guild(k: u64) -> u64 {
    (k << 22) | 5
}

/// Channel `channel` of server `k`.
fn at(k: u64, channel: u64) -> Place {
    Place {
        guild: Some(GuildId::new(guild(k))),
        channel: ChannelId::new((k + 1) * 1000 + channel),
    }
}

const DM: Place = Place {
    guild: None,
    channel: ChannelId::new(4242),
};

fn chi() -> UserRef {
    user(33, "Chi")
}

fn computer() -> UserRef {
    UserRef {
        id: UserId::new(99),
        name: String::from("oaq"),
        bot: true,
    }
}

fn layout(count: u32, range: &str) -> Layout {
    Layout::new(count, range.parse().expect("range")).expect("layout")
}

fn side(name: &'static str, count: u32, stores: &[(&Path, &str)]) -> Side {
    let stores = stores
        .iter()
        .map(|(path, range)| {
            (
                path.to_path_buf(),
                range.parse::<ShardRange>().expect("range"),
            )
        })
        .collect();
    Side::new(name, count, stores).expect("side")
}

fn open_app(path: &Path, layout: Layout, now_ms: u64) -> App {
    let store = Store::open_for(path, layout, oaq_bot::store::DEFAULT_CACHE_BYTES).expect("store");
    app_with(store, Arc::new(FakeClock::new(now_ms)))
}

/// What server `k` has: a rated game, a game in progress, a pending challenge, its settings, and
/// `computer` games An resigned against the computer. Returns the running game's id.
fn fill_server(app: &App, k: u64, computer_games: usize) -> u64 {
    let here = at(k, 1);
    let posted = app.challenge(
        &Caller::new(EN, here, an()),
        request(Some(binh()), FirstPlayer::Challenger),
    );
    let rated = challenge_id(&posted);
    let board = public(&app.click(
        &Caller::new(EN, here, binh()),
        Action::Accept { challenge: rated },
    ))
    .clone();
    public(&app.click(&Caller::new(EN, here, an()), enabled_moves(&board)[0]));
    app.click(
        &Caller::new(EN, here, binh()),
        Action::ConfirmResign { game: rated.cast() },
    );
    assert!(app.store().finished(rated.cast()).expect("read").is_some());

    let playing = at(k, 2);
    let posted = app.challenge(
        &Caller::new(EN, playing, binh()),
        request(Some(chi()), FirstPlayer::Challenger),
    );
    let running = challenge_id(&posted);
    app.click(
        &Caller::new(EN, playing, chi()),
        Action::Accept { challenge: running },
    );

    app.challenge(
        &Caller::new(EN, at(k, 3), chi()),
        request(None, FirstPlayer::Coin),
    );
    let tournament = oaq_bot::app::TournamentRequest {
        rules: RuleChoice::Oaq(OaqChoice::default()),
        format: oaq_bot::store::Format::Swiss { rounds: 0 },
        turn_s: None,
        manual: false,
        limit: None,
        starts_s: None,
    };
    public(&app.new_tournament(&Caller::new(EN, at(k, 5), an()), tournament));
    let change = SettingsChange {
        turn_timeout_s: Some(3600 + k),
        ..SettingsChange::default()
    };
    app.server_settings(
        &Caller::new(EN, at(k, 1), an()),
        true,
        change,
        GameKind::Oaq,
    );
    for _ in 0..computer_games {
        let against = app.play_computer(&Caller::new(EN, at(k, 4), an()), play(Level::Easy));
        let id = match against.reply {
            Reply::Post {
                track: Some(Track::Game(shown)),
                ..
            } => shown.game,
            ref other => panic!("expected a board, got {other:?}"),
        };
        app.click(
            &Caller::new(EN, at(k, 4), an()),
            Action::ConfirmResign { game: id },
        );
    }
    running.get()
}

fn play(level: Level) -> PlayRequest {
    PlayRequest {
        computer: computer(),
        level,
        rules: RuleChoice::Oaq(OaqChoice::default()),
    }
}

/// What the people of server `k` see of it.
#[derive(Debug, PartialEq)]
struct View {
    leaderboard: LeaderboardPage,
    history: Vec<FinishedGame>,
    settings: GuildSettings,
}

fn view(store: &Store, k: u64) -> View {
    View {
        leaderboard: store
            .leaderboard(GameKind::Oaq, GuildId::new(guild(k)), 0, 10)
            .expect("leaderboard"),
        history: store
            .recent_in_guild(GuildId::new(guild(k)), GameKind::Oaq, 10)
            .expect("history"),
        settings: store
            .guild_settings(GuildId::new(guild(k)))
            .expect("settings")
            .record,
    }
}

/// Plays a legal move in the running game of server `k`, who moves first being `mover`, and
/// checks it is stored.
fn plays_on(app: &App, k: u64, game: u64, mover: &UserRef) {
    let before = app
        .store()
        .game(GameId::new(game))
        .expect("read")
        .expect("the game moved along");
    let board = public(&app.board(&Caller::new(EN, at(k, 2), an()), GameKind::Oaq)).clone();
    let mv = enabled_moves(&board)[0];
    public(&app.click(&Caller::new(EN, at(k, 2), mover.clone()), mv));
    let after = app
        .store()
        .game(GameId::new(game))
        .expect("read")
        .expect("game");
    assert_eq!(after.record.moves.len(), before.record.moves.len() + 1);
    assert_eq!(after.revision, before.revision + 1);
}

fn counter(id: u64) -> u64 {
    id & ((1 << COUNTER_BITS) - 1)
}

fn assert_balanced(report: &Report) {
    assert_eq!(report.before.records(), report.after.records(), "{report}");
    for (kind, before) in report.before.kinds() {
        if kind != "tallies against the computer" {
            assert_eq!(report.after.of(kind), before, "{kind}: {report}");
        }
    }
}

#[test]
fn issue_16_two_shards_become_four_and_every_server_plays_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b, d) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("d"),
    );
    let mut running = Vec::new();
    let mut views = Vec::new();
    let mut old_ids = Vec::new();
    {
        // Old layout: 2 shards, one store each; servers 0 and 2 on shard 0, 1 and 3 on shard 1.
        let stores = [
            open_app(&a, layout(2, "0"), START_MS),
            open_app(&b, layout(2, "1"), START_MS),
        ];
        for k in 0..4 {
            let app = &stores[(k % 2) as usize];
            // An plays the computer twice in server 3: store b's tally has more games.
            running.push(fill_server(app, k, if k == 3 { 2 } else { 1 }));
        }
        let dm_game = stores[0].play_computer(&Caller::new(EN, DM, an()), play(Level::Easy));
        assert!(matches!(dm_game.reply, Reply::Post { .. }));
        for k in 0..4 {
            views.push(view(stores[(k % 2) as usize].store(), k));
            assert_eq!(views[k as usize].leaderboard.total, 2);
        }
        for app in &stores {
            old_ids.push(app.store().new_id().expect("id"));
        }
        assert_eq!(old_ids[0] >> COUNTER_BITS, layout(2, "0").tag());
        assert_eq!(old_ids[1] >> COUNTER_BITS, layout(2, "1").tag());
        let tally = |app: &App| {
            app.store()
                .bot_record(GameKind::Oaq, an().id)
                .expect("tally")
                .tally(Level::Easy)
                .losses
        };
        assert_eq!((tally(&stores[0]), tally(&stores[1])), (2, 3));
    }

    // New layout: 4 shards; store a keeps shards 0-1, store d is new with shards 2-3.
    let from = side("old", 2, &[(&a, "0"), (&b, "1")]);
    let to = side("new", 4, &[(&a, "0-1"), (&d, "2-3")]);
    let report = reshard(&from, &to).expect("reshard");
    assert_balanced(&report);
    assert!(report.moved() > 0, "{report}");
    assert!(report.orphans.is_empty(), "{report}");
    assert_eq!(report.before.of("games"), 4 * 2 + 5 + 1);
    assert_eq!(report.before.of("challenges"), 4);
    assert_eq!(report.before.of("server settings"), 4);
    assert_eq!(report.before.of("tournaments"), 4);
    assert_eq!(report.before.tallies(), 1, "one person played the computer");
    assert_eq!(
        report.after.tallies(),
        2,
        "their tally is in both new stores"
    );
    let b_after = report.stores.iter().find(|s| s.path == b).expect("b");
    assert_eq!(b_after.after.records() + b_after.after.tallies(), 0);
    assert!(b_after.before.records() > 0);

    // Every server is in the store of its new shard, as it was, and plays on.
    let stores = [
        open_app(&a, layout(4, "0-1"), START_MS),
        open_app(&d, layout(4, "2-3"), START_MS),
    ];
    // Each server's tournament went with it.
    for (i, app) in stores.iter().enumerate() {
        let mut guilds: Vec<u64> = app
            .store()
            .tournaments()
            .into_iter()
            .filter_map(|t| t.expect("readable").record.guild.map(GuildId::get))
            .collect();
        guilds.sort_unstable();
        let mine: Vec<u64> = (2 * i as u64..2 * i as u64 + 2).map(guild).collect();
        assert_eq!(guilds, mine, "store {i}");
    }
    for k in 0..4u64 {
        let (mine, other) = if k < 2 { (0, 1) } else { (1, 0) };
        let app = &stores[mine];
        assert_eq!(view(app.store(), k), views[k as usize], "server {k}");
        assert_eq!(view(stores[other].store(), k).leaderboard.total, 0);
        assert!(stores[other]
            .store()
            .game(GameId::new(running[k as usize]))
            .expect("read")
            .is_none());
        plays_on(app, k, running[k as usize], &binh());
    }
    for app in &stores {
        let tally = app
            .store()
            .bot_record(GameKind::Oaq, an().id)
            .expect("tally");
        assert_eq!(
            tally.tally(Level::Easy).losses,
            3,
            "the tally with more games"
        );
    }
    let dm_running = stores[0].store().running_games();
    assert_eq!(
        dm_running.len(),
        3,
        "two servers' games and the direct message's"
    );

    // New ids: new tags, counters past every old one, no collision.
    let new_ids: Vec<u64> = stores
        .iter()
        .map(|app| app.store().new_id().expect("id"))
        .collect();
    assert_eq!(new_ids[0] >> COUNTER_BITS, layout(4, "0-1").tag());
    assert_eq!(new_ids[1] >> COUNTER_BITS, layout(4, "2-3").tag());
    for id in &new_ids {
        assert!(old_ids.iter().all(|old| counter(*id) > counter(*old)));
        assert!(*id < 1 << 53);
    }
    assert_ne!(new_ids[0], new_ids[1]);
    let fresh = challenge_id(&stores[1].challenge(
        &Caller::new(EN, at(2, 9), an()),
        request(None, FirstPlayer::Coin),
    ));
    assert!(
        fresh > ChallengeId::new(new_ids[1])
            && stores[0].store().challenge(fresh).expect("read").is_none()
    );
    drop(stores);

    // The counter survives a reopen after the reshard.
    let again =
        Store::open_for(&d, layout(4, "2-3"), oaq_bot::store::DEFAULT_CACHE_BYTES).expect("reopen");
    assert!(again.new_id().expect("id") > fresh.get());
    drop(again);

    // Running it again changes nothing.
    let report = reshard(&from, &to).expect("reshard again");
    assert_balanced(&report);
    assert_eq!(report.moved(), 0, "{report}");
    assert_eq!(
        report.removed.records() + report.copied.tallies(),
        0,
        "{report}"
    );
}

#[test]
fn issue_16_a_single_store_splits_in_two_and_reports_what_it_cannot_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    let mut running = Vec::new();
    let mut views = Vec::new();
    // A challenge that expires leaves a note owed in a channel nothing else was played in; the
    // note names its server. A note written before notes named it has only its channel.
    let lonely = at(3, 7);
    let old_note = Note {
        guild: None,
        channel: at(2, 8).channel,
        message: Some(MessageId::new(556)),
        text: String::from("An old note"),
    };
    {
        let app = app_with(
            Store::open(&one).expect("store"),
            Arc::new(FakeClock::new(START_MS)),
        );
        let id = challenge_id(&app.challenge(
            &Caller::new(EN, lonely, an()),
            request(None, FirstPlayer::Coin),
        ));
        app.record_message(Track::Challenge(id), MessageId::new(555));
        app.store()
            .owe_note(old_note.key(0), &old_note)
            .expect("an old note");
    }
    let old_id;
    {
        let app = app_with(
            Store::open(&one).expect("store"),
            Arc::new(FakeClock::new(START_MS + 1_000)),
        );
        for k in 0..4 {
            running.push(fill_server(&app, k, 0));
            views.push(view(app.store(), k));
        }
        old_id = app.store().new_id().expect("id");
        assert!(
            old_id < 100,
            "a bot that was never sharded hands out small ids: {old_id}"
        );
    }
    {
        let app = app_with(
            Store::open(&one).expect("store"),
            Arc::new(FakeClock::new(START_MS + TTL)),
        );
        assert_eq!(app.expire_challenges().len(), 1);
    }
    let from = side("old", 1, &[(&one, "0")]);
    let to = side("new", 2, &[(&one, "0"), (&two, "1")]);
    let report = reshard(&from, &to).expect("reshard");
    assert_balanced(&report);
    assert_eq!(report.orphans.len(), 1, "{report}");
    assert_eq!(report.orphans[0].kind, "outbox entries");
    assert!(
        report.to_string().contains("sent to the store of shard 0"),
        "{report}"
    );

    let stores = [
        open_app(&one, layout(2, "0"), START_MS + TTL),
        open_app(&two, layout(2, "1"), START_MS + TTL),
    ];
    let note = |app: &App, message: u64| {
        app.store()
            .owed()
            .into_iter()
            .any(|owed| matches!(owed, Ok((OwedKey::Note(m), _)) if m == message))
    };
    assert!(
        note(&stores[1], 555) && !note(&stores[0], 555),
        "the expired challenge's note went with its server (3: shard 1)"
    );
    assert!(
        note(&stores[0], 556) && !note(&stores[1], 556),
        "the old note whose server cannot be told went to shard 0's store"
    );
    for k in 0..4u64 {
        let app = &stores[(k % 2) as usize];
        assert_eq!(view(app.store(), k), views[k as usize], "server {k}");
        plays_on(app, k, running[k as usize], &binh());
    }
    let ids: Vec<u64> = stores
        .iter()
        .map(|a| a.store().new_id().expect("id"))
        .collect();
    assert!(ids.iter().all(|id| counter(*id) > old_id && *id != old_id));
    assert_ne!(ids[0], ids[1]);
    drop(stores);
    let report = reshard(&from, &to).expect("again");
    assert_eq!(report.moved() + report.removed.records(), 0, "{report}");
}

#[test]
fn issue_16_layouts_must_cover_every_shard_once() {
    let path = |name: &str| PathBuf::from(name);
    let ranges = |list: &[(&str, &str)]| -> Vec<(PathBuf, ShardRange)> {
        list.iter()
            .map(|(p, r)| (path(p), r.parse().expect("range")))
            .collect()
    };
    assert!(matches!(
        Side::new("new", 4, ranges(&[("a", "0-1"), ("b", "1-3")])),
        Err(ReshardError::Overlap { shard: 1, .. })
    ));
    assert!(matches!(
        Side::new("new", 4, ranges(&[("a", "0-1"), ("b", "3")])),
        Err(ReshardError::Uncovered { shard: 2, .. })
    ));
    assert!(matches!(
        Side::new("new", 4, ranges(&[("a", "0-1"), ("b", "2-4")])),
        Err(ReshardError::Layout { .. })
    ));
    assert!(matches!(
        Side::new("new", 2, ranges(&[("a", "0"), ("a", "1")])),
        Err(ReshardError::DuplicatePath { .. })
    ));
    assert!(Side::new("new", 4, ranges(&[("a", "2-3"), ("b", "0-1")])).is_ok());
}

fn cli(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(args)
        .output()
        .expect("run oaq-bot");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn issue_16_the_cli_refuses_bad_layouts_and_stores_in_use() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let (a, b) = (a.to_string_lossy(), b.to_string_lossy());
    let from_a = format!("{a}=0");
    let (ok, text) = cli(&[
        "store",
        "reshard",
        "--from-count",
        "1",
        "--from",
        &from_a,
        "--to-count",
        "4",
        "--to",
        &format!("{a}=0-1"),
        "--to",
        &format!("{b}=1-3"),
    ]);
    assert!(!ok && text.contains("must not overlap"), "{text}");
    let (ok, text) = cli(&[
        "store",
        "reshard",
        "--from-count",
        "1",
        "--from",
        &from_a,
        "--to-count",
        "4",
        "--to",
        &format!("{a}=0-1"),
    ]);
    assert!(
        !ok && text.contains("shard 2 is in no store's range"),
        "{text}"
    );
    let (ok, text) = cli(&[
        "store",
        "reshard",
        "--from-count",
        "1",
        "--from",
        "nowhere",
        "--to-count",
        "1",
        "--to",
        &from_a,
    ]);
    assert!(!ok && text.contains("PATH=RANGE"), "{text}");

    // A store in use by a running bot is refused, and nothing is changed.
    let busy = Store::open(Path::new(&*a)).expect("store");
    let to = [format!("{a}=0"), format!("{b}=1")];
    let args = [
        "store",
        "reshard",
        "--from-count",
        "1",
        "--from",
        &from_a,
        "--to-count",
        "2",
        "--to",
        &to[0],
        "--to",
        &to[1],
    ];
    let (ok, text) = cli(&args);
    assert!(
        !ok && text.contains("another copy of the bot running"),
        "{text}"
    );
    drop(busy);
    let (ok, text) = cli(&args);
    assert!(ok, "{text}");
    assert!(
        text.contains("records: 0 before, 0 after; 0 moved"),
        "{text}"
    );
}

/// Today's users: a database of the schema-1 release (`tests/fixtures/db-b9c7bf2`, server 1)
/// moves whole into the new store of shard 0 when the bot grows to 2 shards, and plays on.
#[test]
fn issue_16_a_database_of_an_earlier_release_moves_whole_and_plays_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (old, new) = (dir.path().join("old"), dir.path().join("new"));
    super::upgrade::copy_dir(
        Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/db-b9c7bf2"
        )),
        &old,
    );
    let now = 1_700_000_950_000;
    let server = |store: &Store| {
        let view = (
            store
                .leaderboard(GameKind::Oaq, GuildId::new(1), 0, 10)
                .expect("board"),
            store
                .recent_in_guild(GuildId::new(1), GameKind::Oaq, 10)
                .expect("history"),
            store.guild_settings(GuildId::new(1)).expect("settings"),
        );
        assert_eq!(view.0.total, 3);
        view
    };
    let before = server(&Store::open(&old).expect("the old database opens"));

    let from = side("old", 1, &[(&old, "0")]);
    let to = side("new", 2, &[(&new, "0"), (&old, "1")]);
    let report = reshard(&from, &to).expect("reshard");
    assert_balanced(&report);
    assert_eq!(report.before.of("games"), 7, "{report}");
    assert_eq!(
        report.moved(),
        report.before.records(),
        "everything moves: {report}"
    );
    assert!(report.orphans.is_empty(), "{report}");

    let app = open_app(&new, layout(2, "0"), now);
    assert_eq!(server(app.store()), before);
    let place = Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(103),
    };
    let board = public(&app.board(&Caller::new(EN, place, an()), GameKind::Oaq)).clone();
    let mv = enabled_moves(&board)[0];
    let moved = [an(), binh()].iter().any(|who| {
        matches!(
            app.click(&Caller::new(EN, place, who.clone()), mv).reply,
            Reply::Update(_)
        )
    });
    assert!(moved, "game 5 plays on in its new store");
    assert_eq!(
        app.store()
            .game(GameId::new(5))
            .expect("read")
            .expect("game")
            .record
            .moves
            .len(),
        6
    );
    let id = app.store().new_id().expect("id");
    assert!(counter(id) > 9 && id >> COUNTER_BITS == layout(2, "0").tag());
    drop(app);
    let emptied =
        Store::open_for(&old, layout(2, "1"), oaq_bot::store::DEFAULT_CACHE_BYTES).expect("open");
    assert!(emptied.game(GameId::new(5)).expect("read").is_none());
    assert!(counter(emptied.new_id().expect("id")) > 9);
}
