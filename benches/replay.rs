//! `/oaq replay` of a 60-move game: drawing 61 frames, quantising them to 256 colours and
//! encoding the GIF, through the app. Target: a few seconds at most.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::app::{App, FakeClock, Locale, Place, Reply, Settings, UserRef};
use oaq_bot::games::oaq::{Position, Rules};
use oaq_bot::store::{ChallengeRecord, FirstPlayer, GameKind, GameRecord, Player, Store};

const PLIES: usize = 60;

fn player(id: u64, name: &str) -> Player {
    Player {
        id,
        name: name.to_owned(),
        computer: None,
    }
}

/// A store holding one game of 60 moves, chosen by a fixed rule; a line that ends sooner is
/// dropped and the next variant of the rule tried from the start.
fn store_with_game() -> (Store, u64) {
    let store = Store::temporary().expect("store");
    let rules = Rules::standard();
    let id = store.new_id().expect("id");
    let challenge = ChallengeRecord {
        id,
        guild: Some(1),
        channel: 1,
        message: None,
        challenger: player(1, "Nguyễn Thị Ánh"),
        opponent: Some(player(2, "Trần Văn Bình")),
        rules: serde_json::to_value(rules).expect("rules"),
        first: FirstPlayer::Challenger,
        created_ms: 0,
        expires_ms: u64::MAX,
        accepted: None,
        locale: Locale::English,
        kind: GameKind::Oaq,
        lobby: None,
    };
    let stored = store.create_challenge(&challenge).expect("challenge");
    let mut position = Position::start(rules);
    let mut moves = Vec::new();
    let start = position.to_string();
    let mut variant = 0;
    while moves.len() < PLIES {
        let legal = position.legal_moves();
        if legal.is_empty() || position.is_over() {
            position = Position::start(rules);
            moves.clear();
            variant += 1;
            assert!(variant < 10_000, "no 60-move line found");
            continue;
        }
        let mv = legal[(moves.len() * 7 + variant * 3 + variant / 5) % legal.len()];
        position = position.play(mv).expect("legal");
        moves.push(mv.to_string());
    }
    let game = GameRecord {
        id,
        guild: Some(1),
        channel: 1,
        message: None,
        kind: GameKind::Oaq,
        seats: vec![challenge.challenger.clone(), player(2, "Trần Văn Bình")],
        rules: challenge.rules.clone(),
        start,
        moves: Vec::new(),
        retired: Vec::new(),
        created_ms: 0,
        locale: Locale::English,
        turn_ms: None,
        deadline_ms: None,
    };
    let started = store.start_game(id, stored.revision, &game).expect("start");
    let played = GameRecord { moves, ..game };
    store
        .update_game(started.revision, &played, false)
        .expect("moves");
    (store, id)
}

fn bench_replay(c: &mut Criterion) {
    let (store, id) = store_with_game();
    let settings = Settings {
        challenge_ttl_ms: 600_000,
        seed: 1,
        turn_ms: 900_000,
        bot_move_ms: 1000,
    };
    let app = App::new(store, Arc::new(FakeClock::new(0)), settings).expect("app");
    let place = Place {
        guild: Some(1),
        channel: 1,
    };
    let viewer = UserRef {
        id: 3,
        name: String::from("Chi"),
        bot: false,
    };
    let request = app
        .find_replay(Locale::English, place, &viewer, id, GameKind::Oaq)
        .expect("the game");
    match app.replay(Locale::English, &request).reply {
        Reply::Post { msg, .. } => {
            let size = msg.picture().map_or(0, <[u8]>::len);
            println!("{PLIES}-move replay: GIF {size} bytes");
        }
        other => panic!("{other:?}"),
    }
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("60-move game: 61 frames drawn, quantised, encoded", |b| {
        b.iter(|| app.replay(Locale::English, &request))
    });
    group.finish();
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
