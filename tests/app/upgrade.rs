//! A database written by an earlier release opens, plays, rates and replays: on sled, and
//! moved to PostgreSQL by `store copy`.

use std::path::Path;

use super::*;
use oaq_bot::app::Scan;
use oaq_bot::shards::Layout;
use oaq_bot::store::copy::{copy, Location};
use oaq_bot::store::{GameKind, OwedKey};

use super::pg::{self, Schema};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/db-0e9da8d");

/// Copies a database directory (a fixture, or a store caught mid-run) to `to`.
pub(super) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read fixture") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// What a store opened by [`fixture_stores`] needs kept until the test ends.
pub(super) struct Kept(
    #[allow(dead_code)] tempfile::TempDir,
    #[allow(dead_code)] Option<Schema>,
);

/// The database `fixture` (a directory of `tests/fixtures`) on each backend: a copy opened as a
/// sled store (upgraded as it opens), and, where a test PostgreSQL database is set
/// (`TEST_POSTGRES_URL`), a copy moved into a fresh schema by `store copy`, which a second run
/// finds complete.
pub(super) fn fixture_stores(fixture: &Path) -> Vec<(Store, Kept)> {
    let copy_of_fixture = || {
        let dir = tempfile::tempdir().expect("tempdir");
        copy_dir(fixture, dir.path());
        std::fs::create_dir_all(dir.path().join("blobs")).expect("blobs");
        dir
    };
    let dir = copy_of_fixture();
    let sled = Store::open(dir.path()).expect("the old database opens");
    let mut stores = vec![(sled, Kept(dir, None))];
    if let Some(url) = pg::url() {
        let dir = copy_of_fixture();
        let schema = Schema::new(&url);
        let from = [Location::Sled(dir.path().to_owned())];
        let to = Location::Postgres(schema.url());
        let copied = copy(&from, &to).expect("store copy");
        assert!(
            copied.written > 0 && copied.counts.records() > 0,
            "{copied}"
        );
        let again = copy(&from, &to).expect("store copy, again");
        assert_eq!(again.written, 0, "a second copy writes nothing: {again}");
        assert_eq!(again.counts.to_string(), copied.counts.to_string());
        let postgres = Store::connect(&schema.url(), Layout::single()).expect("connect");
        stores.push((postgres, Kept(dir, Some(schema))));
    }
    stores
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

#[test]
fn a_database_of_the_release_before_the_outbox_opens_plays_rates_and_replays() {
    for (store, _kept) in fixture_stores(Path::new(FIXTURE)) {
        let clock = Arc::new(FakeClock::new(1_700_000_100_000));
        let app = app_with(store, clock);
        let nothing_busy = Default::default();
        let scan = |app: &App| {
            app.due_edits(Scan {
                all: true,
                urgent: &[],
                busy: &nothing_busy,
            })
        };
        assert!(scan(&app).is_empty(), "an old database owes nothing");

        // The finished game is rated, in the history and on the leaderboard, and replays.
        let board = app
            .store()
            .leaderboard(GameKind::Oaq, GuildId::new(1), 0, 10)
            .expect("board");
        assert_eq!(board.total, 2);
        let request = app
            .find_replay(
                &Caller::new(EN, at(100), an()),
                GameId::new(1),
                GameKind::Oaq,
            )
            .unwrap_or_else(|_| panic!("game 1 replays"));
        let replay = app.replay(EN, &request);
        let gif = public(&replay).picture().expect("an animation");
        assert!(gif.starts_with(b"GIF8"));

        // The game in play goes on, on its known board message.
        let running = app
            .store()
            .game(GameId::new(2))
            .expect("read")
            .expect("game 2");
        assert_eq!(running.record.message, Some(MessageId::new(5_000_002)));
        assert_eq!(running.record.moves.len(), 3);
        let reposted = app.board(&Caller::new(EN, at(101), an()), GameKind::Oaq);
        let mover = enabled_moves(public(&reposted))[0];
        let moved = app.click_on(
            &Caller::new(EN, at(101), chi()),
            mover,
            Some(MessageId::new(5_000_002)),
        );
        assert!(matches!(moved.reply, Reply::Update(_)), "{:?}", moved.reply);
        let shown = moved.effects.shows.expect("the move's board");
        assert!(
            app.store()
                .owed_at(OwedKey::Board(GameId::new(2)))
                .expect("read")
                .is_some(),
            "the move owes its board until the answer is through"
        );
        assert!(app
            .board_shown(shown, Some(MessageId::new(5_000_002)))
            .is_empty());
        assert!(app
            .store()
            .owed_at(OwedKey::Board(GameId::new(2)))
            .expect("read")
            .is_none());

        // The pending challenge is accepted; the game against the computer goes on.
        let accepted = app.click(
            &Caller::new(EN, at(102), chi()),
            Action::Accept {
                challenge: ChallengeId::new(3),
            },
        );
        assert!(public(&accepted).picture().is_some());
        let computer = app
            .store()
            .game(GameId::new(4))
            .expect("read")
            .expect("game 4");
        assert_eq!(computer.record.message, Some(MessageId::new(5_000_004)));
        let board = app.board(&Caller::new(EN, at(103), an()), GameKind::Oaq);
        let mv = enabled_moves(public(&board))[0];
        let played = app.click_on(
            &Caller::new(EN, at(103), chi()),
            mv,
            Some(MessageId::new(5_000_004)),
        );
        let turn = played.effects.computer.expect("the computer's turn");
        assert!(app.computer_move(turn).is_some());

        // A second resignation rates again on the old ratings.
        let resign = app.resign(&Caller::new(EN, at(101), an()), GameKind::Oaq);
        assert!(
            resign.effects.edits.len() == 1
                && resign.effects.edits[0].message == Some(MessageId::new(5_000_002))
        );
        let board = app
            .store()
            .leaderboard(GameKind::Oaq, GuildId::new(1), 0, 10)
            .expect("board");
        assert_eq!(board.total, 3, "Chi is rated now");
    }
}
