//! The store on both backends (sled, and PostgreSQL where `TEST_POSTGRES_URL` names a test
//! database): round trips, compare-and-swap, damaged and newer records, restarts.

use oaq_bot::games::oaq::{Position, Rules};
use oaq_bot::ids::{ChallengeId, ChannelId, GameId, GuildId, MessageId, TournamentId, UserId};
use oaq_bot::locale::Locale;
use oaq_bot::store::{
    ChallengeRecord, ChannelEntry, FinishedGame, FirstPlayer, GameKind, GameRecord, Glicko, Player,
    Retired, Retirement, Store, StoreError,
};

use oaq_bot_testkit::{pg, raw_sled};

/// A store a test runs on: sled in a temporary directory, or a fresh schema of the test
/// PostgreSQL database (see `oaq_bot_testkit::pg`).
struct Backend {
    store: Store,
    _schema: Option<pg::Schema>,
}

impl std::ops::Deref for Backend {
    type Target = Store;

    fn deref(&self) -> &Store {
        &self.store
    }
}

/// The stores every test of the store's behaviour runs on: sled, then PostgreSQL.
fn backends() -> Vec<Backend> {
    let mut backends = vec![Backend {
        store: Store::temporary().expect("sled store"),
        _schema: None,
    }];
    if let Some(url) = pg::url() {
        let schema = pg::Schema::new(&url);
        backends.push(Backend {
            store: Store::connect(&schema.url(), oaq_bot::shards::Layout::single())
                .expect("PostgreSQL store"),
            _schema: Some(schema),
        });
    }
    backends
}

/// Rules in a record's form.
fn rules(rules: Rules) -> serde_json::Value {
    serde_json::to_value(rules).expect("rules")
}

/// Seat `seat` retired for `why` after `ply` moves.
fn retired(seat: usize, why: Retirement, ply: u32) -> Retired {
    Retired { seat, why, ply }
}

fn player(id: u64, name: &str) -> Player {
    Player {
        id: UserId::new(id),
        name: name.to_owned(),
        computer: None,
    }
}

fn challenge(id: u64, channel: u64) -> ChallengeRecord {
    ChallengeRecord {
        id: ChallengeId::new(id),
        guild: Some(GuildId::new(7)),
        channel: ChannelId::new(channel),
        message: None,
        challenger: player(1, "An"),
        opponent: Some(player(2, "Bình")),
        rules: rules(Rules::standard()),
        first: FirstPlayer::Rps,
        created_ms: 1_000,
        expires_ms: 601_000,
        accepted: None,
        locale: Locale::English,
        kind: GameKind::Oaq,
        lobby: None,
    }
}

fn game(id: u64, channel: u64) -> GameRecord {
    GameRecord {
        id: GameId::new(id),
        guild: Some(GuildId::new(7)),
        channel: ChannelId::new(channel),
        message: Some(MessageId::new(99)),
        kind: GameKind::Oaq,
        seats: vec![player(1, "An"), player(2, "Bình")],
        rules: rules(Rules::folk()),
        start: Position::start(Rules::folk()).to_string(),
        moves: vec![String::from("3+")],
        retired: Vec::new(),
        created_ms: 5,
        locale: Locale::Vietnamese,
        turn_ms: None,
        deadline_ms: None,
        tournament_round: None,
    }
}

#[test]
fn a_challenge_round_trips_and_marks_its_channel() {
    for store in backends() {
        let stored = store.create_challenge(&challenge(10, 500)).expect("create");
        assert_eq!(stored.revision, 1);
        let read = store
            .challenge(ChallengeId::new(10))
            .expect("read")
            .expect("present");
        assert_eq!(read, stored);
        assert_eq!(
            store.channel(ChannelId::new(500)).expect("channel"),
            Some(ChannelEntry::Challenge(ChallengeId::new(10)))
        );
    }
}

#[test]
fn a_busy_channel_refuses_a_second_challenge() {
    for store in backends() {
        store.create_challenge(&challenge(10, 500)).expect("create");
        match store.create_challenge(&challenge(11, 500)) {
            Err(StoreError::ChannelBusy { channel, entry }) => {
                assert_eq!(channel, ChannelId::new(500));
                assert_eq!(entry, ChannelEntry::Challenge(ChallengeId::new(10)));
            }
            other => panic!("expected ChannelBusy, got {other:?}"),
        }
        assert!(store
            .challenge(ChallengeId::new(11))
            .expect("read")
            .is_none());
        // Another channel is free.
        store
            .create_challenge(&challenge(12, 501))
            .expect("other channel");
    }
}

#[test]
fn compare_and_swap_applies_only_one_of_two_updates_from_the_same_revision() {
    for store in backends() {
        store.create_challenge(&challenge(10, 500)).expect("create");
        store
            .start_game(ChallengeId::new(10), 1, &game(10, 500))
            .expect("start");
        let read = store.game(GameId::new(10)).expect("read").expect("present");

        let mut first = read.record.clone();
        first.moves.push("7+".parse().expect("move"));
        let mut second = read.record.clone();
        second.moves.push("9-".parse().expect("move"));

        let applied = store
            .update_game(read.revision, &first, false)
            .expect("first");
        assert_eq!(applied.revision, read.revision + 1);
        match store.update_game(read.revision, &second, false) {
            Err(StoreError::Conflict { expected, .. }) => assert_eq!(expected, read.revision),
            other => panic!("expected a conflict, got {other:?}"),
        }
        let now = store.game(GameId::new(10)).expect("read").expect("present");
        assert_eq!(now.record.moves, first.moves);
    }
}

#[test]
fn starting_a_game_consumes_the_challenge_once() {
    for store in backends() {
        store.create_challenge(&challenge(10, 500)).expect("create");
        store
            .start_game(ChallengeId::new(10), 1, &game(10, 500))
            .expect("start");
        assert!(store
            .challenge(ChallengeId::new(10))
            .expect("read")
            .is_none());
        assert_eq!(
            store.channel(ChannelId::new(500)).expect("read"),
            Some(ChannelEntry::Game(GameId::new(10)))
        );
        assert!(matches!(
            store.start_game(ChallengeId::new(10), 1, &game(10, 500)),
            Err(StoreError::Conflict { .. })
        ));
    }
}

#[test]
fn finishing_a_game_frees_the_channel_and_keeps_the_record() {
    for store in backends() {
        store.create_challenge(&challenge(10, 500)).expect("create");
        let stored = store
            .start_game(ChallengeId::new(10), 1, &game(10, 500))
            .expect("start");
        let mut done = stored.record.clone();
        done.retired.push(retired(1, Retirement::Resigned, 1));
        store
            .update_game(stored.revision, &done, true)
            .expect("finish");
        assert_eq!(store.channel(ChannelId::new(500)).expect("read"), None);
        assert_eq!(
            store
                .game(GameId::new(10))
                .expect("read")
                .expect("kept")
                .record
                .retired,
            [retired(1, Retirement::Resigned, 1)]
        );
    }
}

#[test]
fn removing_a_challenge_needs_its_current_revision() {
    for store in backends() {
        let stored = store.create_challenge(&challenge(10, 500)).expect("create");
        let mut changed = stored.record.clone();
        changed.message = Some(MessageId::new(1234));
        store.update_challenge(1, &changed).expect("update");
        assert!(matches!(
            store.remove_challenge(ChallengeId::new(10), 1),
            Err(StoreError::Conflict { .. })
        ));
        store
            .remove_challenge(ChallengeId::new(10), 2)
            .expect("remove");
        assert!(store
            .challenge(ChallengeId::new(10))
            .expect("read")
            .is_none());
        assert_eq!(store.channel(ChannelId::new(500)).expect("read"), None);
    }
}

#[test]
fn records_survive_closing_and_reopening() {
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = Store::open(dir.path()).expect("open");
        store.create_challenge(&challenge(10, 500)).expect("create");
        store
            .start_game(ChallengeId::new(10), 1, &game(10, 500))
            .expect("start");
    }
    let store = Store::open(dir.path()).expect("reopen");
    let read = store.game(GameId::new(10)).expect("read").expect("present");
    assert_eq!(read.record, game(10, 500));
    let id = store.new_id().expect("id");
    assert!(id > 0);
}

/// Writes raw bytes under a game key with sled directly, as damage on disk would.
fn damaged_store(bytes: &[u8]) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let db = raw_sled(dir.path());
        let games = db.open_tree("games").expect("tree");
        games.insert(42u64.to_be_bytes(), bytes).expect("insert");
        db.flush().expect("flush");
    }
    let store = Store::open(dir.path()).expect("open");
    (dir, store)
}

#[test]
fn a_damaged_record_is_a_clear_error_and_is_never_overwritten() {
    let (_dir, store) = damaged_store(b"{not json");
    let err = store.game(GameId::new(42)).expect_err("damaged");
    assert!(matches!(
        err,
        StoreError::Corrupt {
            kind: "game",
            key: 42,
            ..
        }
    ));
    assert!(err.to_string().contains("damaged"), "{err}");
    // An update naming any revision is refused and the bytes stay as they were.
    assert!(store.update_game(1, &game(42, 500), false).is_err());
    assert!(matches!(
        store.game(GameId::new(42)),
        Err(StoreError::Corrupt { .. })
    ));
}

#[test]
fn a_record_from_a_newer_schema_is_refused_not_misread() {
    let (_dir, store) = damaged_store(br#"{"schema":3,"revision":3,"record":{}}"#);
    match store.game(GameId::new(42)) {
        Err(StoreError::NewerSchema { found, .. }) => assert_eq!(found, 3),
        other => panic!("expected NewerSchema, got {other:?}"),
    }
}

#[test]
fn a_record_written_before_locales_timeouts_and_computer_players_still_reads() {
    // The shape of a game record from the first release (schema 1): two players, moves as
    // square and direction, no `locale`, `timed_out` or `computer` fields.
    let record = serde_json::json!({
        "id": 42, "guild": 7, "channel": 500, "message": 99,
        "players": [{"id": 1, "name": "An"}, {"id": 2, "name": "Bình"}],
        "rules": rules(Rules::folk()),
        "start": Position::start(Rules::folk()).to_string(),
        "moves": [{"square": 3, "direction": "Right"}],
        "resigned": null,
        "created_ms": 5,
    });
    let bytes = serde_json::to_vec(&serde_json::json!({
        "schema": 1, "revision": 4, "record": record,
    }))
    .expect("json");
    assert!(!String::from_utf8_lossy(&bytes).contains("computer"));
    let (_dir, store) = damaged_store(&bytes);
    let read = store
        .game(GameId::new(42))
        .expect("reads")
        .expect("present");
    assert_eq!(read.revision, 4);
    assert_eq!(read.record.locale, Locale::English);
    assert_eq!(read.record.retired, []);
    assert_eq!((read.record.turn_ms, read.record.deadline_ms), (None, None));
    assert!(read.record.seats.iter().all(|p| p.computer.is_none()));
    let finished = oaq_bot::store::FinishedGame {
        game: read.record.clone(),
        places: vec![0, 1],
        finished_ms: 6,
        ratings: None,
    };
    assert_eq!(
        finished.rated_in(),
        read.record.guild,
        "rated in its server"
    );
    assert!(read.record.guild.is_some());
    // It reads as the same game written today (whose locale is Vietnamese).
    let mut today = game(42, 500);
    today.locale = Locale::English;
    assert_eq!(read.record, today);
}

#[test]
fn a_game_against_the_computer_is_created_finished_once_and_tallied() {
    use oaq_bot::store::{BotResult, FinishedGame, Level, RateFn, Score};
    for store in backends() {
        let mut record = game(40, 600);
        record.seats[1].computer = Some(Level::Hard);
        let stored = store.create_game(&record).expect("create");
        assert!(matches!(
            store.create_game(&game(41, 600)),
            Err(StoreError::ChannelBusy { .. })
        ));
        assert_eq!(store.running_games().len(), 1);
        record.retired.push(retired(0, Retirement::Resigned, 1));
        let result = BotResult {
            user: UserId::new(1),
            level: Level::Hard,
            score: Score::Loss,
        };
        let finished = FinishedGame {
            game: record.clone(),
            places: vec![1, 0],
            finished_ms: 50,
            ratings: None,
        };
        let never: RateFn<'_> = &|_, _| panic!("a game against the computer is never rated");
        let (_, entry) = store
            .finish_game(stored.revision, &finished, never, Some(result))
            .expect("finish");
        assert_eq!(entry.record.ratings, None);
        // A second ending from the same read is a conflict and is not counted.
        assert!(matches!(
            store.finish_game(stored.revision, &finished, never, Some(result)),
            Err(StoreError::Conflict { .. })
        ));
        let tally = store
            .bot_record(GameKind::Oaq, UserId::new(1))
            .expect("read")
            .tally(Level::Hard);
        assert_eq!((tally.wins, tally.draws, tally.losses), (0, 0, 1));
        // Tallies are kept per game kind.
        let other = store
            .bot_record(GameKind::Shogi, UserId::new(1))
            .expect("read")
            .tally(Level::Hard);
        assert_eq!((other.wins, other.draws, other.losses), (0, 0, 0));
        assert_eq!(store.channel(ChannelId::new(600)).expect("read"), None);
        assert!(store.running_games().is_empty());
    }
}

#[test]
fn a_game_moves_into_its_thread_with_the_channel_index() {
    for store in backends() {
        let mut record = game(50, 700);
        let stored = store.create_game(&record).expect("create");
        record.channel = ChannelId::new(701);
        let moved = store
            .move_game(stored.revision, &record, ChannelId::new(700))
            .expect("move");
        assert_eq!(store.channel(ChannelId::new(700)).expect("read"), None);
        assert_eq!(
            store.channel(ChannelId::new(701)).expect("read"),
            Some(ChannelEntry::Game(GameId::new(50)))
        );
        assert!(matches!(
            store.move_game(stored.revision, &record, ChannelId::new(700)),
            Err(StoreError::Conflict { .. })
        ));
        assert_eq!(moved.revision, stored.revision + 1);
    }
}

#[test]
fn server_settings_round_trip_with_compare_and_swap() {
    use oaq_bot::store::GuildSettings;
    for store in backends() {
        let fresh = store.guild_settings(GuildId::new(9)).expect("read");
        assert_eq!(
            (fresh.revision, fresh.record),
            (0, GuildSettings::default())
        );
        let settings = GuildSettings {
            preset: Some(String::from("folk")),
            turn_timeout_s: Some(120),
            channels: vec![ChannelId::new(3), ChannelId::new(4)],
            ..GuildSettings::default()
        };
        store
            .update_guild_settings(GuildId::new(9), 0, &settings)
            .expect("write");
        assert!(matches!(
            store.update_guild_settings(GuildId::new(9), 0, &settings),
            Err(StoreError::Conflict { .. })
        ));
        let read = store.guild_settings(GuildId::new(9)).expect("read");
        assert_eq!((read.revision, read.record), (1, settings));
    }
}

mod ratings {
    use crate::backends;
    use oaq_bot::games::oaq::{Position, Rules};
    use oaq_bot::ids::{ChallengeId, GameId, GuildId, UserId};
    use oaq_bot::store::{
        FinishedGame, GameKind, GameRecord, Glicko, RatingChange, Retirement, Store, StoreError,
    };

    use super::{challenge, player, retired, rules};

    fn glicko(rating: f64) -> Glicko {
        Glicko {
            rating,
            deviation: 200.0,
            volatility: 0.06,
        }
    }

    /// Stores and finishes a game between `south` and `north` in guild 7, giving them the
    /// ratings `after`; returns what the store answered.
    pub(super) fn finish(
        store: &Store,
        id: u64,
        south: u64,
        north: u64,
        after: [f64; 2],
    ) -> Result<FinishedGame, StoreError> {
        let mut c = challenge(id, 1_000 + id);
        c.challenger = player(south, &format!("P{south}"));
        c.opponent = Some(player(north, &format!("P{north}")));
        let stored = store.create_challenge(&c)?;
        let mut game = GameRecord {
            id: GameId::new(id),
            guild: Some(GuildId::new(7)),
            channel: c.channel,
            message: None,
            kind: GameKind::Oaq,
            seats: vec![
                player(south, &format!("P{south}")),
                player(north, &format!("P{north}")),
            ],
            rules: rules(Rules::standard()),
            start: Position::start(Rules::standard()).to_string(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: 0,
            locale: oaq_bot::locale::Locale::English,
            turn_ms: None,
            deadline_ms: None,
            tournament_round: None,
        };
        let started = store.start_game(ChallengeId::new(id), stored.revision, &game)?;
        game.retired.push(retired(1, Retirement::Resigned, 0));
        let finished = FinishedGame {
            game,
            places: vec![0, 1],
            finished_ms: id * 10,
            ratings: None,
        };
        let rate = |current: &[Option<Glicko>], _: &[u8]| {
            [0, 1]
                .map(|i| RatingChange {
                    before: current[i].unwrap_or(glicko(1500.0)),
                    after: glicko(after[i]),
                })
                .to_vec()
        };
        Ok(store
            .finish_game(started.revision, &finished, &rate, None)?
            .1
            .record)
    }

    fn order(store: &Store, page: u64, per_page: usize) -> Vec<(u64, u64)> {
        store
            .leaderboard(GameKind::Oaq, GuildId::new(7), page, per_page)
            .expect("page")
            .rows
            .into_iter()
            .map(|(rank, r)| (rank, r.user.get()))
            .collect()
    }

    #[test]
    fn the_leaderboard_orders_by_rating_then_user_and_pages() {
        for store in backends() {
            finish(&store, 1, 5, 6, [1600.0, 1400.0]).expect("game 1");
            finish(&store, 2, 3, 4, [1600.0, 1700.5]).expect("game 2");
            finish(&store, 3, 1, 2, [-20.0, 1400.0]).expect("game 3");
            // Ties (3 and 5 at 1600, 2 and 6 at 1400) go by user id.
            assert_eq!(
                order(&store, 0, 10),
                vec![(1, 4), (2, 3), (3, 5), (4, 2), (5, 6), (6, 1)]
            );
            assert_eq!(order(&store, 1, 4), vec![(5, 6), (6, 1)]);
            assert_eq!(order(&store, 2, 4), vec![]);
            assert_eq!(
                store
                    .leaderboard(GameKind::Oaq, GuildId::new(7), 0, 1)
                    .expect("page")
                    .total,
                6
            );
            assert_eq!(
                store
                    .rank(GameKind::Oaq, GuildId::new(7), UserId::new(5))
                    .expect("rank"),
                Some(3)
            );
            assert_eq!(
                store
                    .rank(GameKind::Oaq, GuildId::new(7), UserId::new(99))
                    .expect("rank"),
                None
            );
            // Another guild's leaderboard is separate.
            assert_eq!(
                store
                    .leaderboard(GameKind::Oaq, GuildId::new(8), 0, 10)
                    .expect("page")
                    .total,
                0
            );

            // A new rating moves the player, leaving no stale entry behind.
            finish(&store, 4, 1, 4, [1800.0, 1000.0]).expect("game 4");
            assert_eq!(
                order(&store, 0, 10),
                vec![(1, 1), (2, 3), (3, 5), (4, 2), (5, 6), (6, 4)]
            );
            let one = store
                .rating(GameKind::Oaq, GuildId::new(7), UserId::new(1))
                .expect("read")
                .expect("rated");
            assert_eq!((one.record.wins, one.record.losses), (2, 0));
            let points = store
                .rating_points(GameKind::Oaq, GuildId::new(7), UserId::new(1))
                .expect("points");
            assert_eq!(
                points.iter().map(|p| p.rating).collect::<Vec<_>>(),
                vec![-20.0, 1800.0]
            );
            let history = store
                .recent_of(Some(GuildId::new(7)), GameKind::Oaq, UserId::new(1), 10)
                .expect("history");
            assert_eq!(
                history.iter().map(|g| g.game.id.get()).collect::<Vec<_>>(),
                vec![4, 3],
                "newest first"
            );
            assert_eq!(
                store
                    .recent_in_guild(GuildId::new(7), GameKind::Oaq, 2)
                    .expect("guild")
                    .len(),
                2
            );
            // Another kind's history in the same guild is separate.
            assert!(store
                .recent_in_guild(GuildId::new(7), GameKind::Shogi, 2)
                .expect("guild")
                .is_empty());
            assert!(store
                .recent_of(Some(GuildId::new(7)), GameKind::Shogi, UserId::new(1), 10)
                .expect("history")
                .is_empty());
        }
    }

    #[test]
    fn finishing_is_atomic_with_the_game_revision() {
        for store in backends() {
            let entry = finish(&store, 1, 1, 2, [1600.0, 1400.0]).expect("game");
            assert_eq!(entry.rating_of(0).map(|r| r.after.rating), Some(1600.0));
            let game = store.game(GameId::new(1)).expect("read").expect("kept");
            // A finish computed from an old revision is refused and rates nobody.
            let stale = FinishedGame {
                game: game.record.clone(),
                places: vec![0, 0],
                finished_ms: 99,
                ratings: None,
            };
            let rate =
                |_: &[Option<Glicko>], _: &[u8]| -> Vec<RatingChange> { panic!("never rated") };
            assert!(matches!(
                store.finish_game(game.revision - 1, &stale, &rate, None),
                Err(StoreError::Conflict { .. })
            ));
            // A repeat at the right revision returns the first result untouched.
            let (_, again) = store
                .finish_game(game.revision, &stale, &rate, None)
                .expect("repeat");
            assert_eq!(again.record, entry);
            let two = store
                .rating(GameKind::Oaq, GuildId::new(7), UserId::new(2))
                .expect("read")
                .expect("rated");
            assert_eq!(two.record.games(), 1);
        }
    }

    /// Issue 16: a player's rating history is kept in runs of points, a key per run rather
    /// than per game, and the one-point keys of earlier releases still read, first.
    #[test]
    fn issue_16_rating_points_are_kept_in_runs_and_earlier_one_point_keys_still_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        // kind (Ô ăn quan), guild 7, user 1: the key prefix of user 1's points.
        let mut prefix = vec![GameKind::Oaq.code()];
        prefix.extend_from_slice(&7u64.to_be_bytes());
        prefix.extend_from_slice(&1u64.to_be_bytes());
        {
            // Two points as an earlier release wrote them, one per key.
            let db = super::raw_sled(dir.path());
            let points = db.open_tree("rating_points").expect("points");
            for games in [1u32, 2] {
                let mut key = prefix.clone();
                key.extend_from_slice(&games.to_be_bytes());
                let record = serde_json::json!({
                    "schema": 2, "revision": 1,
                    "record": {"game": 900 + u64::from(games), "at_ms": 5,
                               "rating": 1400.0 + f64::from(games), "deviation": 80.0},
                });
                points
                    .insert(key, serde_json::to_vec(&record).expect("json"))
                    .expect("insert");
            }
            db.flush().expect("flush");
        }
        let store = Store::open(dir.path()).expect("open");
        for game in 0..40u32 {
            let rating = 1000.0 + f64::from(game);
            finish(&store, 100 + u64::from(game), 1, 2, [rating, 1500.0]).expect("game");
        }
        let points = store
            .rating_points(GameKind::Oaq, GuildId::new(7), UserId::new(1))
            .expect("points");
        let ratings: Vec<f64> = points.iter().map(|p| p.rating).collect();
        let mut expected = vec![1401.0, 1402.0];
        expected.extend((0..40).map(|g| 1000.0 + f64::from(g)));
        assert_eq!(ratings, expected);
        assert_eq!(points[2].game, GameId::new(100));
        drop(store);
        let db = super::raw_sled(dir.path());
        let keys = db
            .open_tree("rating_points")
            .expect("points")
            .scan_prefix(&prefix)
            .count();
        // The two old keys, and games 1–15, 16–31 and 32–40 in three runs.
        assert_eq!(keys, 5);
    }
}

/// The board entry of game `id`: the revision it asks to show.
fn owed_revision(store: &Store, id: u64) -> Option<u64> {
    use oaq_bot::store::{OwedKey, OwedWrite};
    match store
        .owed_at(OwedKey::Board(GameId::new(id)))
        .expect("read")?
        .write
    {
        OwedWrite::Board { revision, .. } => Some(revision),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_game_write_owes_its_board_and_settling_never_drops_a_newer_entry() {
    use oaq_bot::store::{FinishedGame, Owed, OwedKey, OwedWrite, RateFn};
    for store in backends() {
        let mut record = game(60, 800);
        record.guild = None;
        let created = store.create_game(&record).expect("create");
        assert_eq!(owed_revision(&store, 60), Some(1));
        record.moves.push(String::from("1+"));
        let moved = store
            .update_game(created.revision, &record, false)
            .expect("move");
        assert_eq!(owed_revision(&store, 60), Some(moved.revision));
        // An answer that showed the older state settles nothing.
        assert!(!store
            .settle_board(GameId::new(60), created.revision)
            .expect("settle"));
        assert_eq!(owed_revision(&store, 60), Some(moved.revision));
        // A failure is rescheduled only over the entry it read.
        let seen = Owed::new(OwedWrite::Board {
            game: GameId::new(60),
            revision: moved.revision,
        });
        let stale = Owed::new(OwedWrite::Board {
            game: GameId::new(60),
            revision: created.revision,
        });
        let later = Owed {
            attempts: 1,
            retry_at_ms: 99,
            ..seen.clone()
        };
        assert!(!store
            .reschedule(OwedKey::Board(GameId::new(60)), &stale, &later)
            .expect("reschedule"));
        assert!(store
            .reschedule(OwedKey::Board(GameId::new(60)), &seen, &later)
            .expect("reschedule"));
        assert!(!store
            .settle(OwedKey::Board(GameId::new(60)), &seen)
            .expect("settle"));
        assert!(store
            .settle(OwedKey::Board(GameId::new(60)), &later)
            .expect("settle"));
        assert_eq!(owed_revision(&store, 60), None);
        // The ending owes the final board, in its transaction.
        record.retired.push(retired(1, Retirement::Resigned, 2));
        let finished = FinishedGame {
            game: record.clone(),
            places: vec![0, 1],
            finished_ms: 70,
            ratings: None,
        };
        let rate: RateFn<'_> = &|_, _| panic!("a game outside a server is not rated");
        let (ended, _) = store
            .finish_game(moved.revision, &finished, rate, None)
            .expect("finish");
        assert_eq!(owed_revision(&store, 60), Some(ended.revision));
        assert!(store
            .settle_board(GameId::new(60), ended.revision)
            .expect("settle"));
    }
}

#[test]
fn an_expired_challenge_goes_with_its_note_in_one_transaction() {
    use oaq_bot::store::{Note, OwedKey, OwedWrite};
    for store in backends() {
        store.create_challenge(&challenge(70, 900)).expect("create");
        let note = Note {
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(900),
            message: Some(MessageId::new(4321)),
            text: String::from("expired"),
        };
        assert!(matches!(
            store.expire_challenge(ChallengeId::new(70), 2, &note),
            Err(StoreError::Conflict { .. })
        ));
        assert!(store.owed().is_empty(), "no note without the removal");
        assert!(store
            .challenge(ChallengeId::new(70))
            .expect("read")
            .is_some());
        store
            .expire_challenge(ChallengeId::new(70), 1, &note)
            .expect("expire");
        assert!(store
            .challenge(ChallengeId::new(70))
            .expect("read")
            .is_none());
        assert_eq!(store.channel(ChannelId::new(900)).expect("read"), None);
        let owed = store
            .owed_at(OwedKey::Note(4321))
            .expect("read")
            .expect("note");
        assert_eq!(owed.write, OwedWrite::Note(note));
    }
}

/// Copies a database directory as it is on disk at this instant (what a crash would leave).
fn copy_files(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("snapshot dir");
    for entry in std::fs::read_dir(from).expect("read db dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_files(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy a db file");
        }
    }
}

/// Writers racing each other share flushes, but each one's move is on disk the moment its own
/// call returns: a copy of the files taken right then, as a crash would leave them, has it.
#[test]
fn concurrent_writers_each_find_their_own_write_on_disk_when_their_call_returns() {
    const WRITERS: u64 = 8;
    const WRITES: u64 = 4;
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("db");
    let store = Store::open(&db).expect("open");
    for id in 1..=WRITERS {
        store.create_game(&game(id, 500 + id)).expect("create");
    }
    let barrier = std::sync::Barrier::new(WRITERS as usize);
    let snapshots: Vec<(u64, u64, std::path::PathBuf)> = std::thread::scope(|scope| {
        let writers: Vec<_> = (1..=WRITERS)
            .map(|id| {
                let (store, barrier, db, root) = (&store, &barrier, &db, dir.path());
                scope.spawn(move || {
                    let mut record = game(id, 500 + id);
                    let mut taken = Vec::new();
                    barrier.wait();
                    for revision in 1..=WRITES {
                        record.moves.push(String::from("7+"));
                        store.update_game(revision, &record, false).expect("update");
                        let copy = root.join(format!("copy-{id}-{revision}"));
                        copy_files(db, &copy);
                        taken.push((id, revision + 1, copy));
                    }
                    taken
                })
            })
            .collect();
        writers
            .into_iter()
            .flat_map(|w| w.join().expect("writer"))
            .collect()
    });
    for (id, revision, copy) in snapshots {
        let reopened = Store::open(&copy).expect("open the copy");
        let found = reopened
            .game(GameId::new(id))
            .expect("read")
            .expect("present");
        assert!(
            found.revision >= revision,
            "game {id}: revision {revision} was acknowledged but the files hold {}",
            found.revision
        );
    }
}

/// The store is game-neutral: no file under `src/store` names a game module (records carry
/// their kind, rules as JSON and moves as notation text; the app's adapters read them).
#[test]
fn the_store_imports_no_game() {
    fn files(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                files(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    files(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/store")),
        &mut found,
    );
    assert!(!found.is_empty());
    let mut offences = Vec::new();
    for file in &found {
        let text = std::fs::read_to_string(file).expect("UTF-8");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains("games::") || code.contains("crate::app") {
                offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}

/// A move appends: the game's head stays the same size whatever the number of moves, and the
/// moves read back in order.
#[test]
fn a_move_appends_one_ply_and_the_header_stays_small() {
    let dir = tempfile::tempdir().expect("tempdir");
    let header_len = |store_dir: &std::path::Path| {
        let db = raw_sled(store_dir);
        let games = db.open_tree("games").expect("games");
        let parts = db.open_tree("game_parts").expect("parts");
        let header = games.get(60u64.to_be_bytes()).expect("read").expect("game");
        // The setup, then one key per move.
        (
            header.len(),
            parts.scan_prefix(60u64.to_be_bytes()).count() - 1,
        )
    };
    let mut record = game(60, 800);
    {
        let store = Store::open(dir.path()).expect("open");
        let mut revision = store.create_game(&record).expect("create").revision;
        for ply in 0..5 {
            record.moves.push(format!("{}+", ply + 1));
            revision = store
                .update_game(revision, &record, false)
                .expect("move")
                .revision;
        }
        assert_eq!(
            store
                .game(GameId::new(60))
                .expect("read")
                .expect("game")
                .record,
            record
        );
    }
    let (short, plies) = header_len(dir.path());
    assert_eq!(plies, 6);
    {
        let store = Store::open(dir.path()).expect("open");
        let mut revision = store
            .game(GameId::new(60))
            .expect("read")
            .expect("game")
            .revision;
        for ply in 0..200 {
            record.moves.push(format!("{}-", ply % 11 + 1));
            revision = store
                .update_game(revision, &record, false)
                .expect("move")
                .revision;
        }
        let read = store.game(GameId::new(60)).expect("read").expect("game");
        assert_eq!(read.record.moves, record.moves);
        // A record that got shorter (never made by the app) drops the moves beyond it.
        record.moves.truncate(10);
        store
            .update_game(read.revision, &record, false)
            .expect("shorter");
        assert_eq!(
            store
                .game(GameId::new(60))
                .expect("read")
                .expect("game")
                .record,
            record
        );
    }
    let (long, plies) = header_len(dir.path());
    assert_eq!(plies, 10);
    // Only the revision and the move count grow (a few digits).
    assert!(long <= short + 4, "header {short} → {long} bytes");
}

/// A database still held by a store that closes an instant later opens once it is free; one
/// held for longer than [`LOCK_WAIT`] is refused with a clear error rather than waited on.
#[test]
fn opening_waits_briefly_for_a_store_that_is_closing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = Store::open(dir.path()).expect("open");
    let closer = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(first);
    });
    Store::open(dir.path()).expect("opens once the first store has closed");
    closer.join().expect("closer");

    let held = Store::open(dir.path()).expect("open again");
    let started = std::time::Instant::now();
    let refused = Store::open(dir.path());
    assert!(matches!(refused, Err(StoreError::Open { .. })));
    assert!(started.elapsed() >= oaq_bot::store::LOCK_WAIT);
    drop(held);
}

fn layout(count: u32, range: &str) -> oaq_bot::shards::Layout {
    oaq_bot::shards::Layout::new(count, range.parse().expect("range")).expect("layout")
}

/// Issue 16: the stores of two processes (or of two layouts) never hand out the same id, and
/// every id fits in a Discord integer option (below 2^53).
#[test]
fn stores_of_different_layouts_never_hand_out_the_same_id() {
    let dir = tempfile::tempdir().expect("tempdir");
    let layouts = [
        oaq_bot::shards::Layout::single(),
        layout(2, "0"),
        layout(2, "1"),
        layout(4, "2-3"),
        layout(1024, "1023"),
    ];
    let mut seen = std::collections::HashSet::new();
    for (n, layout) in layouts.into_iter().enumerate() {
        let store = Store::open_for(
            &dir.path().join(n.to_string()),
            layout,
            oaq_bot::store::DEFAULT_CACHE_BYTES,
        )
        .expect("open");
        assert_eq!(store.layout(), layout);
        for i in 1..=50u64 {
            let id = store.new_id().expect("id");
            assert!(seen.insert(id), "{id} handed out twice");
            assert!(id < 1 << 53, "{id}");
            assert_eq!(id >> oaq_bot::store::COUNTER_BITS, layout.tag());
            if n == 0 {
                assert_eq!(
                    id, i,
                    "a bot that is not sharded hands out 1, 2, 3… as before"
                );
            }
        }
    }
}

/// Issue 16: the id counter is kept in the database: a reopened store goes on from where it
/// stopped, and a database of an earlier release (ids from sled's `generate_id`) starts past
/// every id that release could have handed out.
#[test]
fn the_id_counter_continues_after_a_reopen_and_after_sleds_own_ids() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open_for(
        dir.path(),
        layout(2, "1"),
        oaq_bot::store::DEFAULT_CACHE_BYTES,
    )
    .expect("open");
    let first = store.new_id().expect("id");
    let second = store.new_id().expect("id");
    assert!(second > first);
    drop(store);
    let store = Store::open_for(
        dir.path(),
        layout(2, "1"),
        oaq_bot::store::DEFAULT_CACHE_BYTES,
    )
    .expect("reopen");
    assert!(store.new_id().expect("id") > second);
    drop(store);

    let old = tempfile::tempdir().expect("tempdir");
    let db = raw_sled(old.path());
    let mut last = 0;
    for _ in 0..5 {
        // What earlier releases handed out as ids.
        last = db.generate_id().expect("sled id") + 1;
    }
    db.flush().expect("flush");
    drop(db);
    let store = Store::open(old.path()).expect("open the older database");
    let id = store.new_id().expect("id");
    assert!(id > last, "{id} after {last}");
    assert!(store.new_id().expect("id") > id);
}

/// A server whose events go to shard `k % count` (for every count that divides 4).
fn guild_on(k: u64) -> u64 {
    (k << 22) | 9
}

fn side(
    name: &'static str,
    count: u32,
    stores: &[(&std::path::Path, &str)],
) -> oaq_bot::store::reshard::Side {
    let stores = stores
        .iter()
        .map(|(path, range)| (path.to_path_buf(), range.parse().expect("range")))
        .collect();
    oaq_bot::store::reshard::Side::new(name, count, stores).expect("side")
}

/// A single store with settings and a challenge in a server of each of two shards.
fn two_servers(path: &std::path::Path) {
    let store = Store::open(path).expect("open");
    for k in 0..2 {
        let settings = oaq_bot::store::GuildSettings {
            turn_timeout_s: Some(60 + k),
            ..Default::default()
        };
        store
            .update_guild_settings(GuildId::new(guild_on(k)), 0, &settings)
            .expect("settings");
        let mut pending = challenge(store.new_id().expect("id"), 10 + k);
        pending.guild = Some(GuildId::new(guild_on(k)));
        store.create_challenge(&pending).expect("challenge");
    }
}

/// Issue 16: a reshard cut short after its copies were flushed (every source record still
/// there) is finished by running it again: nothing is copied twice, the leftovers are removed.
#[test]
fn issue_16_an_interrupted_reshard_is_finished_by_running_it_again() {
    use oaq_bot::store::reshard::reshard;
    let dir = tempfile::tempdir().expect("tempdir");
    let (one, two, before) = (
        dir.path().join("one"),
        dir.path().join("two"),
        dir.path().join("before"),
    );
    two_servers(&one);
    copy_files(&one, &before);
    let from = side("old", 1, &[(&one, "0")]);
    let to = side("new", 2, &[(&one, "0"), (&two, "1")]);
    let done = reshard(&from, &to).expect("reshard");
    // Server 1's settings, challenge and busy channel moved.
    assert_eq!(done.moved(), 3, "{done}");
    assert_eq!(done.removed.records(), 3, "{done}");

    // What a crash between the copies and the removals leaves: the new store complete, the
    // old one untouched.
    std::fs::remove_dir_all(&one).expect("rm");
    copy_files(&before, &one);
    let finished = reshard(&from, &to).expect("run again");
    assert_eq!(finished.moved(), 0, "{finished}");
    assert_eq!(finished.removed.records(), 3, "{finished}");
    assert_eq!(finished.before.records(), done.before.records());
    assert_eq!(finished.after, done.after);

    let (one, two) = (
        Store::open_for(&one, layout(2, "0"), oaq_bot::store::DEFAULT_CACHE_BYTES).expect("open"),
        Store::open_for(&two, layout(2, "1"), oaq_bot::store::DEFAULT_CACHE_BYTES).expect("open"),
    );
    assert_eq!(
        one.guild_settings(GuildId::new(guild_on(1)))
            .expect("read")
            .revision,
        0
    );
    assert_eq!(
        two.guild_settings(GuildId::new(guild_on(1)))
            .expect("read")
            .record
            .turn_timeout_s,
        Some(61)
    );
    assert_eq!(
        two.channel(ChannelId::new(11)).expect("read").map(|_| ()),
        Some(())
    );
    assert_eq!((one.challenges().len(), two.challenges().len()), (1, 1));
}

/// Issue 16: a tree reshard does not know (a later release's), or one key with different
/// contents in two stores, stops the run before anything is written.
#[test]
fn issue_16_unknown_trees_and_conflicts_stop_a_reshard_before_it_writes() {
    use oaq_bot::store::reshard::{reshard, ReshardError};
    let dir = tempfile::tempdir().expect("tempdir");
    let (a, b, c) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("c"),
    );
    two_servers(&a);
    {
        let db = raw_sled(&a);
        db.open_tree("leagues")
            .expect("tree")
            .insert(b"cup", &b"{}"[..])
            .expect("insert");
        db.flush().expect("flush");
    }
    let to = side("new", 2, &[(&a, "0"), (&c, "1")]);
    let refused = reshard(&side("old", 1, &[(&a, "0")]), &to);
    assert!(
        matches!(&refused, Err(ReshardError::UnknownTree { tree, .. }) if tree == "leagues"),
        "{refused:?}"
    );
    assert!(!c.exists(), "no new store was created");
    {
        raw_sled(&a).drop_tree("leagues").expect("drop");
    }

    // Store b (shard 1 of 2) holds other settings for server 1, as store a does.
    {
        let store =
            Store::open_for(&b, layout(2, "1"), oaq_bot::store::DEFAULT_CACHE_BYTES).expect("open");
        let settings = oaq_bot::store::GuildSettings {
            threads: true,
            ..Default::default()
        };
        store
            .update_guild_settings(GuildId::new(guild_on(1)), 0, &settings)
            .expect("settings");
    }
    let from = side("old", 2, &[(&a, "0"), (&b, "1")]);
    let refused = reshard(&from, &to);
    assert!(
        matches!(refused, Err(ReshardError::Conflict { .. })),
        "{refused:?}"
    );
    let c = Store::open_for(&c, layout(2, "1"), oaq_bot::store::DEFAULT_CACHE_BYTES).expect("open");
    assert_eq!(
        c.guild_settings(GuildId::new(guild_on(1)))
            .expect("read")
            .revision,
        0
    );
    assert!(c.challenges().is_empty(), "nothing was written");
}

/// How many keys of `game_parts` game `id` has: its setup and one per move while it is played,
/// none once it is archived.
fn part_keys(dir: &std::path::Path, id: u64) -> usize {
    let db = raw_sled(dir);
    let parts = db.open_tree("game_parts").expect("parts");
    parts.scan_prefix(id.to_be_bytes()).count()
}

/// Issue 16: a game in play has a key per move (a move appends one); the transaction that
/// finishes it archives it (its history entry holds the whole record), so it keeps no key in
/// `game_parts`, and it reads the same, also after a later write (a new board message) and a
/// reopen.
#[test]
fn issue_16_a_finished_game_is_read_from_its_history_entry_and_keeps_no_parts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut record = game(70, 900);
    // In direct messages: not rated.
    record.guild = None;
    {
        let store = Store::open(dir.path()).expect("open");
        let mut revision = store.create_game(&record).expect("create").revision;
        for mv in ["5+", "2-", "7+"] {
            record.moves.push(mv.to_owned());
            revision = store
                .update_game(revision, &record, false)
                .expect("move")
                .revision;
        }
    }
    assert_eq!(part_keys(dir.path(), 70), 5, "the setup and four moves");
    {
        let store = Store::open(dir.path()).expect("open");
        let revision = store
            .game(GameId::new(70))
            .expect("read")
            .expect("game")
            .revision;
        record.retired.push(retired(0, Retirement::Resigned, 4));
        let finished = FinishedGame {
            game: record.clone(),
            places: vec![1, 0],
            finished_ms: 9_000,
            ratings: None,
        };
        let unrated = |_: &[Option<Glicko>], _: &[u8]| unreachable!("not rated");
        let (stored, _) = store
            .finish_game(revision, &finished, &unrated, None)
            .expect("finish");
        assert_eq!(
            store
                .game(GameId::new(70))
                .expect("read")
                .expect("game")
                .record,
            record
        );
        record.message = Some(MessageId::new(1234));
        store
            .update_game(stored.revision, &record, true)
            .expect("a new board message");
    }
    assert_eq!(part_keys(dir.path(), 70), 0, "archived");
    let store = Store::open(dir.path()).expect("open");
    assert_eq!(
        store
            .game(GameId::new(70))
            .expect("read")
            .expect("game")
            .record,
        record
    );
}

/// A database written before finished games were archived (the schema-1 release's fixture,
/// read by today's release) has its finished games archived once when it is opened, and every
/// game, finished or in play, reads with all its moves; the games in play keep their keys.
#[test]
fn issue_16_an_older_databases_finished_games_are_archived_when_it_is_opened() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/db-b9c7bf2");
    copy_files(std::path::Path::new(fixture), dir.path());
    // (game, moves, in play) as the fixture's README lists them.
    let games = [
        (1, 1, false),
        (2, 4, false),
        (3, 17, false),
        (4, 2, false),
        (5, 5, true),
        (7, 2, true),
        (8, 6, true),
    ];
    let read = |store: &Store| {
        games
            .iter()
            .map(|&(id, _, _)| {
                store
                    .game(GameId::new(id))
                    .expect("read")
                    .expect("game")
                    .record
            })
            .collect::<Vec<_>>()
    };
    let first = read(&Store::open(dir.path()).expect("open and migrate"));
    for (record, &(id, moves, _)) in first.iter().zip(&games) {
        assert_eq!(record.moves.len(), moves, "game {id}");
    }
    for &(id, moves, in_play) in &games {
        let keys = if in_play { 1 + moves } else { 0 };
        assert_eq!(part_keys(dir.path(), id), keys, "game {id}");
    }
    assert_eq!(read(&Store::open(dir.path()).expect("reopen")), first);
}

/// Two processes of a bot of 4 shards (0-1 and 2-3) connected to one PostgreSQL schema.
fn two_processes(schema: &pg::Schema) -> [Store; 2] {
    let layout = |range: &str| {
        oaq_bot::shards::Layout::new(4, range.parse().expect("range")).expect("layout")
    };
    [
        Store::connect(&schema.url(), layout("0-1")).expect("process A"),
        Store::connect(&schema.url(), layout("2-3")).expect("process B"),
    ]
}

/// Issue 28: processes that share one PostgreSQL database race to change the same game, each
/// from the revision it read: every round, exactly one change is applied, whichever process
/// wins, and the loser is told the record changed; the moves stored are exactly the winners'.
#[test]
fn processes_sharing_postgres_apply_each_change_once() {
    let Some(url) = pg::url() else { return };
    let schema = pg::Schema::new(&url);
    let processes = two_processes(&schema);
    processes[0]
        .create_challenge(&challenge(10, 500))
        .expect("create");
    processes[0]
        .start_game(ChallengeId::new(10), 1, &game(10, 500))
        .expect("start");
    for round in 0..20 {
        let read = processes[1]
            .game(GameId::new(10))
            .expect("read")
            .expect("present");
        let outcomes: Vec<Result<u64, StoreError>> = std::thread::scope(|s| {
            let racers: Vec<_> = processes
                .iter()
                .enumerate()
                .map(|(p, store)| {
                    let mut next = read.record.clone();
                    next.moves.push(format!("{}+", (round + p) % 10 + 1));
                    s.spawn(move || {
                        store
                            .update_game(read.revision, &next, false)
                            .map(|s| s.revision)
                    })
                })
                .collect();
            racers
                .into_iter()
                .map(|r| r.join().expect("a racer"))
                .collect()
        });
        let won: Vec<usize> = (0..2).filter(|&p| outcomes[p].is_ok()).collect();
        assert_eq!(won.len(), 1, "round {round}: {outcomes:?}");
        let lost = 1 - won[0];
        assert!(
            matches!(outcomes[lost], Err(StoreError::Conflict { .. })),
            "round {round}: {outcomes:?}"
        );
        let now = processes[lost]
            .game(GameId::new(10))
            .expect("read")
            .expect("present");
        assert_eq!(now.revision, read.revision + 1);
        assert_eq!(now.record.moves.len(), read.record.moves.len() + 1);
        assert_eq!(
            now.record.moves.last(),
            Some(&format!("{}+", (round + won[0]) % 10 + 1))
        );
    }
    // Ids handed out by both processes never collide.
    let mut ids: Vec<u64> = (0..50)
        .flat_map(|_| processes.iter().map(|p| p.new_id().expect("id")))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 100);
}

/// Runs `f(p, t)` on 4 threads of each of the `processes` at once; returns what each returned.
fn race<S: Sync, T: Send>(processes: &[S], f: impl Fn(&S, usize, usize) -> T + Sync) -> Vec<T> {
    std::thread::scope(|s| {
        let f = &f;
        let racers: Vec<_> = processes
            .iter()
            .enumerate()
            .flat_map(|(p, store)| (0..4).map(move |t| s.spawn(move || f(store, p, t))))
            .collect();
        racers
            .into_iter()
            .map(|r| r.join().expect("a racer"))
            .collect()
    })
}

/// Issue 49: on PostgreSQL, transactions run at READ COMMITTED with a lock on every key they
/// touch (docs/scaling.md, "Isolation"). Two processes, four threads each, race on every kind
/// of write the store makes: the id counter, a channel's challenge, a lobby's seats, a game's
/// moves, a server's settings, the leaderboard's count of rated players (read, then written
/// one higher, by games that share no record) and the outbox (a board owed while an older
/// one is settled). If a transaction ever read something it did not lock, or a write landed
/// between another transaction's read and its end, one of these would lose an update or hand
/// out an id twice.
#[test]
fn processes_racing_on_every_kind_of_write_lose_nothing() {
    use oaq_bot::store::{GuildSettings, Lobby};
    let Some(url) = pg::url() else { return };
    let schema = pg::Schema::new(&url);
    let processes = two_processes(&schema);
    let racers = 8;

    // The id counter: every id once, and the counter moved by exactly the ids handed out.
    let ids: Vec<u64> = race(&processes, |store, _, _| {
        (0..50)
            .map(|_| store.new_id().expect("id"))
            .collect::<Vec<_>>()
    })
    .concat();
    let counters: std::collections::BTreeSet<u64> =
        ids.iter().map(|id| id & ((1 << 33) - 1)).collect();
    assert_eq!(counters.len(), ids.len(), "no counter value twice");
    assert_eq!(
        counters.last().copied(),
        Some(counters.first().copied().unwrap_or(0) + ids.len() as u64 - 1),
        "no counter value skipped: every take was one increment"
    );

    // A channel takes one challenge, whoever asks.
    for round in 0..10u64 {
        let channel = 9_000 + round;
        let made = race(&processes, |store, p, t| {
            store.create_challenge(&challenge(100 + round * 16 + (p * 4 + t) as u64, channel))
        });
        let won = made.iter().filter(|m| m.is_ok()).count();
        assert_eq!(won, 1, "round {round}: {made:?}");
        assert!(made
            .iter()
            .filter_map(|m| m.as_ref().err())
            .all(|e| matches!(e, StoreError::ChannelBusy { .. })));
    }

    // A lobby's seats: everyone tries to sit down until seated; each sits exactly once.
    let mut open = challenge(500, 9_500);
    open.opponent = None;
    open.lobby = Some(Lobby {
        size: 9,
        seated: vec![player(1, "Host")],
        bot: player(0, "Bot"),
    });
    processes[0].create_challenge(&open).expect("lobby");
    race(&processes, |store, p, t| {
        let me = player(10 + (p * 4 + t) as u64, "Guest");
        loop {
            let read = store
                .challenge(ChallengeId::new(500))
                .expect("read")
                .expect("present");
            let mut next = read.record.clone();
            if let Some(lobby) = next.lobby.as_mut() {
                lobby.seated.push(me.clone());
            }
            match store.update_challenge(read.revision, &next) {
                Ok(_) => break,
                Err(StoreError::Conflict { .. }) => continue,
                Err(e) => panic!("{e}"),
            }
        }
    });
    let seated = processes[1]
        .challenge(ChallengeId::new(500))
        .expect("read")
        .expect("present");
    let lobby = seated.record.lobby.expect("a lobby");
    assert_eq!(lobby.seated.len(), 1 + racers, "{:?}", lobby.seated);
    assert_eq!(seated.revision, 1 + racers as u64);

    // A game's moves: everyone plays until they played 5; the game has every one, in order.
    processes[0]
        .create_challenge(&challenge(600, 9_600))
        .expect("create");
    processes[0]
        .start_game(ChallengeId::new(600), 1, &game(600, 9_600))
        .expect("start");
    race(&processes, |store, p, t| {
        for _ in 0..5 {
            loop {
                let read = store
                    .game(GameId::new(600))
                    .expect("read")
                    .expect("present");
                let mut next = read.record.clone();
                next.moves.push(format!("{}", p * 4 + t));
                match store.update_game(read.revision, &next, false) {
                    Ok(_) => break,
                    Err(StoreError::Conflict { .. }) => continue,
                    Err(e) => panic!("{e}"),
                }
            }
        }
    });
    let played = processes[1]
        .game(GameId::new(600))
        .expect("read")
        .expect("present");
    assert_eq!(played.record.moves.len(), 1 + 5 * racers);
    assert_eq!(played.revision, 1 + 5 * racers as u64);
    // One board owed, for the last change.
    assert_eq!(owed_revision(&processes[0], 600), Some(played.revision));

    // A board owed while an older one is being settled is never dropped: when no entry is
    // left, a settle that had seen the last change removed it.
    let settled: Vec<(u64, bool)> = race(&processes, |store, p, t| {
        let mut settled = Vec::new();
        for _ in 0..5 {
            let read = store
                .game(GameId::new(600))
                .expect("read")
                .expect("present");
            if (p + t) % 2 == 0 {
                let done = store
                    .settle_board(GameId::new(600), read.revision)
                    .expect("settle");
                settled.push((read.revision, done));
            } else {
                let mut next = read.record.clone();
                next.moves.push(String::from("x"));
                let _ = store.update_game(read.revision, &next, false);
            }
        }
        settled
    })
    .concat();
    let last = processes[0]
        .game(GameId::new(600))
        .expect("read")
        .expect("present");
    match owed_revision(&processes[1], 600) {
        Some(owed) => assert_eq!(owed, last.revision, "the entry asks for the last change"),
        None => assert!(
            settled.contains(&(last.revision, true)),
            "the last change's board was dropped: {settled:?}"
        ),
    }

    // A server's settings: everyone changes them until done; every change is kept.
    race(&processes, |store, p, t| loop {
        let read = store.guild_settings(GuildId::new(77)).expect("read");
        let mut next = read.record.clone();
        next.channels
            .push(ChannelId::new(1_000 + (p * 4 + t) as u64));
        match store.update_guild_settings(GuildId::new(77), read.revision, &next) {
            Ok(_) => break,
            Err(StoreError::Conflict { .. }) => continue,
            Err(e) => panic!("{e}"),
        }
    });
    let settings: GuildSettings = processes[0]
        .guild_settings(GuildId::new(77))
        .expect("read")
        .record;
    assert_eq!(settings.channels.len(), racers, "{settings:?}");

    // The count of rated players in a server: each game that rates two new players reads it
    // and writes it two higher, with no record in common with the others.
    race(&processes, |store, p, t| {
        let k = (p * 4 + t) as u64;
        for g in 0..3 {
            let id = 10_000 + k * 10 + g;
            let players = 100_000 + id * 2;
            ratings::finish(store, id, players, players + 1, [1500.0, 1500.0]).expect("finish");
        }
    });
    let board = processes[1]
        .leaderboard(GameKind::Oaq, GuildId::new(7), 0, 100)
        .expect("leaderboard");
    assert_eq!(board.rows.len(), 2 * 3 * racers);
    assert_eq!(board.total, 2 * 3 * racers as u64, "no count lost");
}

/// Issue 28: scans on PostgreSQL read in batches of 512 rows; an index of more than two
/// batches reads in full, in the order sled gives.
#[test]
fn long_scans_read_the_same_on_both_backends() {
    let mut pages = Vec::new();
    for store in backends() {
        for i in 0..1_100u64 {
            let mut g = game(1_000 + i, 10_000 + i);
            g.seats = vec![player(100 + i, "An"), player(5_000 + i, "Bình")];
            store
                .create_challenge(&challenge(g.id.get(), g.channel.get()))
                .expect("create");
            store.start_game(g.id.cast(), 1, &g).expect("start");
        }
        let running: Vec<u64> = store
            .running_games()
            .into_iter()
            .map(|id| id.expect("entry").get())
            .collect();
        assert_eq!(running.len(), 1_100);
        pages.push(running);
    }
    if let [sled, postgres] = &pages[..] {
        assert_eq!(sled, postgres, "the same games, in the same order");
    }
}

/// Issue 28: processes that start at once on a new PostgreSQL database apply each schema
/// migration exactly once, and all of them open it.
#[test]
fn processes_starting_at_once_migrate_a_postgres_database_once() {
    let Some(url) = pg::url() else { return };
    let schema = pg::Schema::new(&url);
    let opened: Vec<Result<Store, StoreError>> = std::thread::scope(|s| {
        let starting: Vec<_> = (0..6)
            .map(|_| {
                let url = schema.url();
                s.spawn(move || Store::connect(&url, oaq_bot::shards::Layout::single()))
            })
            .collect();
        starting
            .into_iter()
            .map(|p| p.join().expect("a process"))
            .collect()
    });
    assert!(opened.iter().all(Result::is_ok), "{opened:?}");
    let mut client = postgres::Client::connect(&schema.url(), postgres::NoTls).expect("connect");
    let versions: Vec<i32> = client
        .query("SELECT version FROM oaq_migrations ORDER BY version", &[])
        .expect("migrations")
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(versions, [1, 2], "each migration once");
    // The id counter was started once: every process hands out fresh ids.
    let mut ids: Vec<u64> = opened
        .iter()
        .flatten()
        .map(|store| store.new_id().expect("id"))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 6);
}

fn tournament(id: u64) -> oaq_bot::store::TournamentRecord {
    use oaq_bot::store::{Entry, Format, Stage, TournamentRecord};
    use oaq_bot::tournament::Event;
    TournamentRecord {
        id: TournamentId::new(id),
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(600),
        message: None,
        kind: GameKind::Shogi,
        rules: serde_json::Value::Null,
        turn_ms: 120_000,
        locale: Locale::Vietnamese,
        created_ms: 1_700_000_000_000,
        event: Event {
            organiser: player(11, "An"),
            format: Format::Swiss { rounds: 3 },
            manual: false,
            limit: Some(8),
            starts_ms: None,
            entries: vec![Entry {
                player: player(22, "Bình"),
                rating: 1612.5,
                withdrawn: false,
            }],
            rounds: Vec::new(),
            planned: 0,
            schedule: Vec::new(),
            stage: Stage::Open,
            cancelled_by: None,
        },
    }
}

/// Issue 49: the sweep's index of running tournaments is written with the record, in the
/// same transaction: listed from the creation until the tournament stops running, on both
/// backends.
#[test]
fn issue_49_running_tournaments_are_indexed_with_their_record() {
    use oaq_bot::store::Stage;
    for store in backends() {
        let mut record = tournament(40);
        store.create_tournament(&record).expect("create");
        let mut over = tournament(50);
        over.event.stage = Stage::Finished;
        store.create_tournament(&over).expect("create");
        assert_eq!(
            store.running_tournaments().expect("list"),
            [(Some(GuildId::new(1)), TournamentId::new(40))]
        );
        record.event.stage = Stage::Playing;
        store
            .update_tournament(1, &record, true, &[])
            .expect("started");
        assert_eq!(
            store.running_tournaments().expect("list"),
            [(Some(GuildId::new(1)), TournamentId::new(40))]
        );
        record.event.stage = Stage::Cancelled;
        store
            .update_tournament(2, &record, false, &[])
            .expect("cancelled");
        assert!(store.running_tournaments().expect("list").is_empty());
        // A refused update changes nothing, the index included.
        record.event.stage = Stage::Open;
        assert!(store.update_tournament(2, &record, true, &[]).is_err());
        assert!(store.running_tournaments().expect("list").is_empty());
    }
}

/// Issue 29: a tournament record round-trips, its updates are compare-and-swap, and an update
/// owes its message (and its announcements) in the same transaction unless told to be quiet.
#[test]
fn a_tournament_round_trips_and_owes_its_message_with_each_update() {
    use oaq_bot::store::{Note, OwedKey, OwedWrite};
    for store in backends() {
        let record = tournament(40);
        store.create_tournament(&record).expect("create");
        assert!(matches!(
            store.create_tournament(&record),
            Err(StoreError::Conflict { .. })
        ));
        let read = store
            .tournament(TournamentId::new(40))
            .expect("read")
            .expect("present");
        assert_eq!((read.revision, &read.record), (1, &record));
        let mut joined = record.clone();
        joined.event.entries[0].withdrawn = true;
        store
            .update_tournament(1, &joined, true, &[])
            .expect("a quiet update");
        assert!(store
            .owed_at(OwedKey::Tournament(TournamentId::new(40)))
            .expect("read")
            .is_none());
        let note = Note {
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(600),
            message: None,
            text: String::from("Round 1 has started"),
        };
        let stored = store
            .update_tournament(2, &joined, false, &[(41, note.clone())])
            .expect("an update that shows");
        assert_eq!(stored.revision, 3);
        match store.update_tournament(2, &record, false, &[]) {
            Err(StoreError::Conflict { expected: 2, .. }) => {}
            other => panic!("expected a conflict, got {other:?}"),
        }
        let owed = store
            .owed_at(OwedKey::Tournament(TournamentId::new(40)))
            .expect("read");
        assert_eq!(
            owed.map(|o| o.write),
            Some(OwedWrite::Tournament {
                tournament: TournamentId::new(40),
                revision: 3
            })
        );
        let announced = store
            .owed_at(OwedKey::Note(41))
            .expect("read")
            .expect("owed");
        assert_eq!(announced.write, OwedWrite::Note(note));
        // Settling an older revision leaves the entry; settling the one owed removes it.
        assert!(!store
            .settle_tournament(TournamentId::new(40), 2)
            .expect("settle"));
        assert!(store
            .settle_tournament(TournamentId::new(40), 3)
            .expect("settle"));
        let all: Vec<u64> = store
            .tournaments()
            .into_iter()
            .map(|t| t.expect("readable").record.id.get())
            .collect();
        assert_eq!(all, [40]);
    }
}

/// Issue 53: each server's running games are listed in the transactions that give a game its
/// channel and free it, by kind, oldest first; games of other servers and direct messages,
/// challenges and a game that lost a race for its channel are not.
#[test]
fn each_servers_running_games_are_listed_while_they_hold_their_channel() {
    use oaq_bot::store::{FinishedGame, RateFn};
    for store in backends() {
        let in_guild = |guild: u64, kind| -> Vec<u64> {
            let ids = store.running_in_guild(GuildId::new(guild), kind);
            ids.expect("list").into_iter().map(GameId::get).collect()
        };
        let listed = |kind| in_guild(7, kind);
        store.create_challenge(&challenge(10, 500)).expect("create");
        assert!(listed(GameKind::Oaq).is_empty(), "a challenge is no game");
        store
            .start_game(ChallengeId::new(10), 1, &game(10, 500))
            .expect("start");
        store.create_game(&game(11, 501)).expect("create");
        let shogi = GameRecord {
            kind: GameKind::Shogi,
            ..game(12, 502)
        };
        store.create_game(&shogi).expect("create");
        let elsewhere = GameRecord {
            guild: Some(GuildId::new(8)),
            ..game(13, 503)
        };
        store.create_game(&elsewhere).expect("create");
        let direct = GameRecord {
            guild: None,
            ..game(14, 504)
        };
        store.create_game(&direct).expect("create");
        assert!(store.create_game(&game(15, 501)).is_err(), "channel busy");
        assert_eq!(listed(GameKind::Oaq), [10, 11]);
        assert_eq!(listed(GameKind::Shogi), [12]);
        assert_eq!(in_guild(8, GameKind::Oaq), [13]);

        // A move keeps it listed; the end of the game, by either way of ending, does not.
        let moved = store.update_game(1, &game(11, 501), false).expect("move");
        assert_eq!(listed(GameKind::Oaq), [10, 11]);
        store
            .update_game(moved.revision, &game(11, 501), true)
            .expect("end");
        assert_eq!(listed(GameKind::Oaq), [10]);
        let mut record = game(10, 500);
        record.retired.push(retired(1, Retirement::Resigned, 1));
        let finished = FinishedGame {
            game: record,
            places: vec![0, 1],
            finished_ms: 50,
            ratings: None,
        };
        let rate: RateFn<'_> = &oaq_bot_testkit::stored_games::rate;
        store.finish_game(1, &finished, rate, None).expect("finish");
        assert!(listed(GameKind::Oaq).is_empty());
        assert_eq!(listed(GameKind::Shogi), [12]);
    }
}

// `store copy`: the streaming merge of the sources and the target.

/// A sled store in a new directory holding a game (in a channel of its own) for each of `ids`,
/// `channel_offset` apart from its id.
fn sled_source(ids: impl IntoIterator<Item = u64>, channel_offset: u64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path()).expect("sled store");
    for id in ids {
        store
            .create_game(&game(id, id + channel_offset))
            .expect("create");
    }
    drop(store);
    dir
}

/// Where to copy into: a new sled directory, and a fresh PostgreSQL schema where one is set.
fn copy_targets() -> Vec<(
    oaq_bot::store::copy::Location,
    tempfile::TempDir,
    Option<pg::Schema>,
)> {
    use oaq_bot::store::copy::Location;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut targets = vec![(Location::Sled(dir.path().join("to")), dir, None)];
    if let Some(url) = pg::url() {
        let schema = pg::Schema::new(&url);
        let dir = tempfile::tempdir().expect("tempdir");
        targets.push((Location::Postgres(schema.url()), dir, Some(schema)));
    }
    targets
}

fn open_target(to: &oaq_bot::store::copy::Location) -> Store {
    use oaq_bot::store::copy::Location;
    match to {
        Location::Sled(path) => Store::open(path).expect("open the target"),
        Location::Postgres(url) => {
            Store::connect(url, oaq_bot::shards::Layout::single()).expect("connect the target")
        }
    }
}

#[test]
fn store_copy_merges_sources_whose_keys_interleave() {
    use oaq_bot::store::copy::{copy, Location};
    let odd = sled_source((1..=41).step_by(2), 0);
    let even = sled_source((2..=40).step_by(2), 0);
    let from = [
        Location::Sled(odd.path().to_owned()),
        Location::Sled(even.path().to_owned()),
    ];
    for (to, _dir, _schema) in copy_targets() {
        let copied = copy(&from, &to).expect("store copy");
        assert!(copied.written > 0, "{copied}");
        let again = copy(&from, &to).expect("store copy, again");
        assert_eq!(again.written, 0, "{again}");
        assert_eq!(again.counts.to_string(), copied.counts.to_string());
        let store = open_target(&to);
        for id in 1..=41 {
            let stored = store.game(GameId::new(id)).expect("read").expect("copied");
            assert_eq!(stored.record, game(id, id), "game {id} on {to}");
        }
        assert_eq!(store.running_games().len(), 41, "{to}");
    }
}

#[test]
fn store_copy_refuses_a_conflict_late_in_a_tree_before_writing_anything() {
    use oaq_bot::store::copy::{copy, Location};
    let first = sled_source(1..=30, 0);
    // Game 30 again, last of the games, in another channel: the same key, other contents.
    let second = sled_source(31..=40, 0);
    Store::open(second.path())
        .and_then(|store| store.create_game(&game(30, 1_030)))
        .expect("the conflicting game");
    let from = [
        Location::Sled(first.path().to_owned()),
        Location::Sled(second.path().to_owned()),
    ];
    for (to, _dir, _schema) in copy_targets() {
        let refused = copy(&from, &to).expect_err("conflicting sources");
        assert!(refused.to_string().contains("hold different"), "{refused}");
        let store = open_target(&to);
        assert!(store.game(GameId::new(1)).expect("read").is_none(), "{to}");
        assert!(store.running_games().is_empty(), "{to}");
    }
}

#[test]
fn store_copy_into_a_target_holding_part_of_the_sources_finishes_the_job() {
    use oaq_bot::store::copy::{copy, Location};
    let first = sled_source(1..=20, 0);
    let second = sled_source(21..=40, 0);
    let from = [
        Location::Sled(first.path().to_owned()),
        Location::Sled(second.path().to_owned()),
    ];
    for (to, dir, _schema) in copy_targets() {
        // The whole copy into a fresh store, for comparison.
        let whole = Location::Sled(dir.path().join("whole"));
        let full = copy(&from, &whole).expect("store copy");
        // A copy that stopped after the first source's entries, then run again.
        let part = copy(&from[..1], &to).expect("store copy of the first source");
        assert!(part.written > 0, "{part}");
        let rest = copy(&from, &to).expect("store copy, run again");
        assert!(
            rest.written > 0 && rest.written < full.written,
            "{rest} after {part}, against {full}"
        );
        assert_eq!(rest.counts.to_string(), full.counts.to_string());
        let again = copy(&from, &to).expect("store copy, a third time");
        assert_eq!(again.written, 0, "{again}");
        assert_eq!(again.counts.to_string(), full.counts.to_string());
        let store = open_target(&to);
        assert_eq!(store.running_games().len(), 40, "{to}");
    }
}
