//! `/shogi move` suggestions while a player types: the app loads the game from the store,
//! replays it, lists the legal moves and reads the text in every notation it knows, once per
//! keystroke. Target: at most 5 ms for any position; the worst is one with the most moves — the
//! known maximum of 593 legal moves, most of them drops.
//!
//! Run: `cargo bench --bench autocomplete`

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::app::{App, Caller, FakeClock, Locale, Place, Settings, UserRef};
use oaq_bot::ids::{ChallengeId, ChannelId, GameId, GuildId, UserId};
use oaq_bot::store::{ChallengeRecord, FirstPlayer, GameKind, GameRecord, Player, Store};

/// The position with the most legal moves known (593): sente holds one of every piece.
const MOST_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
/// A busy middlegame with drops on both sides (207 moves).
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

const CHANNEL: u64 = 10;

fn player(id: u64, name: &str) -> Player {
    Player {
        id: UserId::new(id),
        name: name.to_owned(),
        computer: None,
    }
}

/// An app whose channel holds a Shogi game started from `sfen`.
fn app_at(sfen: &str) -> App {
    let store = Store::temporary().expect("store");
    let id = store.new_id().expect("id");
    let challenge = ChallengeRecord {
        id: ChallengeId::new(id),
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(CHANNEL),
        message: None,
        challenger: player(1, "An"),
        opponent: Some(player(2, "Bình")),
        rules: serde_json::json!({}),
        first: FirstPlayer::Challenger,
        created_ms: 0,
        expires_ms: u64::MAX,
        accepted: None,
        locale: Locale::English,
        kind: GameKind::Shogi,
        lobby: None,
    };
    let stored = store.create_challenge(&challenge).expect("challenge");
    let game = GameRecord {
        id: GameId::new(id),
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(CHANNEL),
        message: None,
        kind: GameKind::Shogi,
        seats: vec![player(1, "An"), player(2, "Bình")],
        rules: serde_json::json!({}),
        start: sfen.to_owned(),
        moves: Vec::new(),
        retired: Vec::new(),
        created_ms: 0,
        locale: Locale::English,
        turn_ms: None,
        deadline_ms: None,
        tournament_round: None,
    };
    store
        .start_game(ChallengeId::new(id), stored.revision, &game)
        .expect("game");
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let settings = Settings {
        challenge_ttl_ms: 60_000,
        seed: 7,
        turn_ms: 3_600_000,
        bot_move_ms: 20,
    };
    App::new(store, clock, settings).expect("app")
}

fn autocomplete(c: &mut Criterion) {
    let place = Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(CHANNEL),
    };
    let mut group = c.benchmark_group("shogi autocomplete");
    for (name, sfen, mover) in [("593 moves", MOST_MOVES, 1), ("matsuri", MATSURI, 2)] {
        let app = app_at(sfen);
        let user = UserRef {
            id: UserId::new(mover),
            name: String::from("player"),
            bot: false,
        };
        let caller = Caller::new(Locale::English, place, user);
        let offered = app.move_choices(&caller, "");
        assert_eq!(offered.len(), 25, "{name}: a full page of suggestions");
        for typed in ["", "G*", "５五金打", "P-5e"] {
            group.bench_function(format!("{name}, typed `{typed}`"), |b| {
                b.iter(|| app.move_choices(&caller, typed))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, autocomplete);
criterion_main!(benches);
