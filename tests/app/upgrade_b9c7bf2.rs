//! The database written by the release at b9c7bf2 (store schema 1, see
//! `tests/fixtures/README.md`) is migrated to schema 2 when opened, once and durably, and every
//! record in it still plays, rates, replays and counts.

use std::collections::BTreeMap;
use std::path::Path;

use super::upgrade::{copy_dir, fixture_stores};
use super::*;
use oaq_bot::app::games::oaq::OaqChoice;
use oaq_bot::app::games::RuleChoice;
use oaq_bot::app::Scan;
use oaq_bot::store::{GameKind, Level, Retired, Retirement};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/db-b9c7bf2");
/// A little after the fixture's clock stopped: nothing has timed out or expired yet.
const NOW: u64 = 1_700_000_950_000;

/// A fresh copy of the fixture.
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_dir(Path::new(FIXTURE), dir.path());
    dir
}

fn chi() -> UserRef {
    user(33, "Chi")
}

fn at(channel: u64) -> Place {
    Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(channel),
    }
}

/// A tree's keys and values, in order.
type Pairs = Vec<(Vec<u8>, Vec<u8>)>;

/// Every tree's keys and values, read with sled directly.
fn dump(path: &Path) -> BTreeMap<Vec<u8>, Pairs> {
    let db = super::raw_sled(path);
    db.tree_names()
        .into_iter()
        .map(|name| {
            let tree = db.open_tree(&name).expect("tree");
            let pairs = tree
                .iter()
                .map(|item| {
                    let (k, v) = item.expect("pair");
                    (k.to_vec(), v.to_vec())
                })
                .collect();
            (name.to_vec(), pairs)
        })
        .collect()
}

/// The schema of every record of `tree`, with sled directly.
fn schemas(path: &Path, tree: &str) -> Vec<u64> {
    let db = super::raw_sled(path);
    let tree = db.open_tree(tree).expect("tree");
    tree.iter()
        .map(|item| {
            let (_, v) = item.expect("pair");
            let envelope: serde_json::Value = serde_json::from_slice(&v).expect("envelope");
            envelope["schema"].as_u64().expect("schema")
        })
        .collect()
}

fn rating(app: &App, user: u64) -> (f64, u32, u32, u32) {
    let r = app
        .store()
        .rating(GameKind::Oaq, GuildId::new(1), UserId::new(user))
        .expect("read")
        .expect("rated")
        .record;
    (r.glicko.rating, r.wins, r.draws, r.losses)
}

#[test]
fn the_fixture_is_schema_1() {
    let dir = fixture();
    assert!(schemas(dir.path(), "games").iter().all(|&s| s == 1));
    assert!(schemas(dir.path(), "history").iter().all(|&s| s == 1));
}

#[test]
fn migration_is_durable_at_once_and_idempotent() {
    let dir = fixture();
    let store = Store::open(dir.path()).expect("the schema-1 database opens");
    // What a crash right after opening would leave on disk is already migrated.
    let crash = tempfile::tempdir().expect("tempdir");
    copy_dir(dir.path(), crash.path());
    drop(store);
    assert!(schemas(crash.path(), "games").iter().all(|&s| s == 2));
    assert!(schemas(crash.path(), "history").iter().all(|&s| s == 2));
    let migrated = dump(crash.path());
    // The games in play (5, 7 and 8: five, two and six moves) have their setup and one key
    // per move; the finished ones are archived in their history entries.
    assert_eq!(
        migrated[&b"game_parts".to_vec()].len(),
        3 + 5 + 2 + 6,
        "one key per move of the games in play"
    );
    // Opening again changes nothing.
    drop(Store::open(crash.path()).expect("opens again"));
    assert_eq!(dump(crash.path()), migrated);
    // Nor does finishing an interrupted migration: the meta marker gone, it runs again and
    // finds every record already converted.
    {
        let db = super::raw_sled(crash.path());
        db.open_tree("meta")
            .expect("meta")
            .remove("schema")
            .expect("remove");
        db.flush().expect("flush");
    }
    drop(Store::open(crash.path()).expect("opens again"));
    assert_eq!(dump(crash.path()), migrated);
}

#[test]
fn every_record_of_the_schema_1_release_reads_in_schema_2() {
    for (store, _kept) in fixture_stores(Path::new(FIXTURE)) {
        let game = |id| store.game(id).expect("read").expect("present");

        // Issue 53: the games in play are listed by server as the database opens.
        assert_eq!(
            store
                .running_in_guild(GuildId::new(1), GameKind::Oaq)
                .expect("list"),
            [5, 7, 8].map(GameId::new)
        );

        // Finished games: ended by timeout, resignation, the final count, and against the
        // computer; their moves are notation text now.
        let timed_out = game(GameId::new(1));
        assert_eq!(timed_out.revision, 3);
        assert_eq!(timed_out.record.kind, GameKind::Oaq);
        assert_eq!(timed_out.record.seats.len(), 2);
        assert_eq!(timed_out.record.moves.len(), 1);
        assert_eq!(
            timed_out.record.retired,
            [Retired {
                seat: 1,
                why: Retirement::TimedOut,
                ply: 1
            }]
        );
        assert_eq!(
            game(GameId::new(2)).record.retired,
            [Retired {
                seat: 1,
                why: Retirement::Resigned,
                ply: 4
            }]
        );
        let counted = game(GameId::new(3)).record;
        assert_eq!((counted.moves.len(), counted.retired.len()), (17, 0));
        assert_eq!(counted.moves[0], "1-");
        assert_eq!(
            game(GameId::new(4)).record.seats[1].computer,
            Some(Level::Easy)
        );
        let running = game(GameId::new(8)).record;
        assert_eq!(running.seats[1].computer, Some(Level::Medium));
        assert_eq!(running.rules["end"], "squares_empty", "folk rules");

        // The history: places instead of outcomes, ratings per seat, indexed by kind.
        let places: Vec<(u64, Vec<u8>)> = store
            .recent_in_guild(GuildId::new(1), GameKind::Oaq, 10)
            .expect("history")
            .into_iter()
            .map(|f| (f.game.id.get(), f.places))
            .collect();
        assert_eq!(
            places,
            [
                (4, vec![1, 0]),
                (3, vec![0, 1]),
                (2, vec![0, 1]),
                (1, vec![0, 1])
            ]
        );
        let rated = store
            .finished(GameId::new(1))
            .expect("read")
            .expect("kept")
            .record;
        let changes = rated.ratings.expect("rated");
        assert_eq!(changes.len(), 2);
        assert_eq!(
            changes[0].expect("rated seat").after.rating,
            1662.3108939062977
        );
        assert_eq!(
            changes[1].expect("rated seat").after.rating,
            1337.6891060937023
        );
        let chis: Vec<u64> = store
            .recent_of(Some(GuildId::new(1)), GameKind::Oaq, UserId::new(33), 10)
            .expect("history")
            .into_iter()
            .map(|f| f.game.id.get())
            .collect();
        assert_eq!(chis, [4, 3, 1]);
        assert!(store
            .recent_in_guild(GuildId::new(1), GameKind::Shogi, 10)
            .expect("history")
            .is_empty());

        // The computer tally, now per kind.
        let tally = store
            .bot_record(GameKind::Oaq, UserId::new(33))
            .expect("read")
            .tally(Level::Easy);
        assert_eq!((tally.wins, tally.draws, tally.losses), (0, 0, 1));
        assert_eq!(
            store
                .bot_record(GameKind::Shogi, UserId::new(33))
                .expect("read")
                .tallies,
            []
        );

        // The server's settings and the pending challenge.
        let settings = store.guild_settings(GuildId::new(1)).expect("read");
        assert_eq!(settings.revision, 1);
        assert_eq!(settings.record.preset.as_deref(), Some("folk"));
        assert_eq!(settings.record.turn_timeout_s, Some(1800));
        assert!(settings.record.threads);
        let challenge = store
            .challenge(ChallengeId::new(9))
            .expect("read")
            .expect("pending")
            .record;
        assert_eq!(challenge.kind, GameKind::Oaq);
        assert_eq!(challenge.message, Some(MessageId::new(4_000_104)));
        assert_eq!(challenge.rules["end"], "squares_empty");
        assert!(store.owed().is_empty(), "the outbox was empty and stays so");
    }
}

#[test]
fn the_schema_1_database_plays_rates_replays_and_counts_on() {
    for (store, _kept) in fixture_stores(Path::new(FIXTURE)) {
        let clock = Arc::new(FakeClock::new(NOW));
        let app = app_with(store, clock);
        let nothing_busy = Default::default();
        let owed = app.due_edits(Scan {
            all: true,
            urgent: &[],
            busy: &nothing_busy,
        });
        assert!(owed.is_empty(), "nothing is owed after the upgrade");

        // Rates: the ratings are as the release left them.
        let board = app
            .store()
            .leaderboard(GameKind::Oaq, GuildId::new(1), 0, 10)
            .expect("board");
        assert_eq!(board.total, 3);
        assert_eq!(rating(&app, 11), (1778.1148968194675, 2, 0, 0));
        assert_eq!(rating(&app, 22), (1497.4508523142274, 1, 0, 1));
        assert_eq!(rating(&app, 33), (1290.6850483147791, 0, 0, 2));

        // Replays: every finished game, including the one against the computer.
        for id in 1..=4 {
            let request = app
                .find_replay(
                    &Caller::new(EN, at(100), an()),
                    GameId::new(id),
                    GameKind::Oaq,
                )
                .unwrap_or_else(|_| panic!("game {id} replays"));
            let replay = app.replay(EN, &request);
            let shown = public(&replay);
            assert!(shown.picture().expect("a GIF").starts_with(b"GIF8"));
        }
        // The history and stats commands read the migrated history.
        let history = app.history(&Caller::new(EN, at(100), an()), GameKind::Oaq, None);
        let text = &public(&history).text;
        assert!(!text.contains("No finished games"), "{text}");

        // Plays: the game in play on its known board message.
        let board = app.board(&Caller::new(EN, at(103), an()), GameKind::Oaq);
        let mv = enabled_moves(public(&board))[0];
        let mover = mover_of(mv, &[binh(), an()]);
        let moved = app.click_on(
            &Caller::new(EN, at(103), mover.clone()),
            mv,
            Some(MessageId::new(5_000_103)),
        );
        assert!(matches!(moved.reply, Reply::Update(_)), "{:?}", moved.reply);
        let after = app
            .store()
            .game(GameId::new(5))
            .expect("read")
            .expect("game 5")
            .record;
        assert_eq!(after.moves.len(), 6);
        assert_eq!(after.message, Some(MessageId::new(5_000_103)));

        // The game in its thread goes on.
        let board = app.board(&Caller::new(EN, at(6000), an()), GameKind::Oaq);
        let mv = enabled_moves(public(&board))[0];
        let mover = mover_of(mv, &[chi(), binh()]);
        let moved = app.click_on(
            &Caller::new(EN, at(6000), mover.clone()),
            mv,
            Some(MessageId::new(6001)),
        );
        assert!(matches!(moved.reply, Reply::Update(_)), "{:?}", moved.reply);
        assert_eq!(
            app.store()
                .game(GameId::new(7))
                .expect("read")
                .expect("game")
                .record
                .moves
                .len(),
            3
        );

        // The game against the medium computer goes on, and the computer answers.
        let board = app.board(&Caller::new(EN, at(105), an()), GameKind::Oaq);
        let mv = enabled_moves(public(&board))[0];
        let played = app.click_on(
            &Caller::new(EN, at(105), an()),
            mv,
            Some(MessageId::new(5_000_002)),
        );
        let turn = played.effects.computer.expect("the computer's turn");
        assert!(app.computer_move(turn).is_some());
        assert_eq!(
            app.store()
                .game(GameId::new(8))
                .expect("read")
                .expect("game")
                .record
                .moves
                .len(),
            8
        );

        // The pending challenge is accepted (rock-paper-scissors follows).
        let accepted = app.click(
            &Caller::new(EN, at(104), chi()),
            Action::Accept {
                challenge: ChallengeId::new(9),
            },
        );
        public(&accepted);

        // A new rated result moves the old ratings: An resigns game 5 against Bình.
        let resigned = app.resign(&Caller::new(EN, at(103), an()), GameKind::Oaq);
        assert_eq!(resigned.effects.edits.len(), 1);
        assert_eq!(
            resigned.effects.edits[0].message,
            Some(MessageId::new(5_000_103))
        );
        let (an_rating, wins, _, losses) = rating(&app, 11);
        assert!(an_rating < 1778.1148968194675);
        assert_eq!((wins, losses), (2, 1));
        let (binh_rating, wins, _, _) = rating(&app, 22);
        assert!(binh_rating > 1497.4508523142274);
        assert_eq!(wins, 2);
        let entry = app
            .store()
            .finished(GameId::new(5))
            .expect("read")
            .expect("kept")
            .record;
        assert_eq!(entry.places, [0, 1], "Bình (South) won");
        assert_eq!(entry.ratings.map(|r| r.len()), Some(2));
        assert_eq!(
            app.store()
                .recent_in_guild(GuildId::new(1), GameKind::Oaq, 10)
                .expect("history")[0]
                .game
                .id,
            GameId::new(5)
        );

        // Counts: Chi resigns a new game against the easy computer; the old tally grows.
        use oaq_bot::app::PlayRequest;
        let started = app.play_computer(
            &Caller::new(EN, at(106), chi()),
            PlayRequest {
                computer: UserRef {
                    id: UserId::new(99),
                    name: String::from("oaq"),
                    bot: true,
                },
                level: Level::Easy,
                rules: RuleChoice::Oaq(OaqChoice::default()),
            },
        );
        public(&started);
        app.resign(&Caller::new(EN, at(106), chi()), GameKind::Oaq);
        let tally = app
            .store()
            .bot_record(GameKind::Oaq, UserId::new(33))
            .expect("read")
            .tally(Level::Easy);
        assert_eq!(tally.losses, 2);

        // The server's settings still apply: a new challenge takes folk rules.
        let posted = app.challenge(
            &Caller::new(EN, at(100), an()),
            request(Some(chi()), FirstPlayer::Challenger),
        );
        let id = challenge_id(&posted);
        let c = app
            .store()
            .challenge(id)
            .expect("read")
            .expect("posted")
            .record;
        assert_eq!(c.rules["end"], "squares_empty", "the server's folk preset");
    }
}
