//! `/… replay` through the app: every frame drawn, then encoded as a GIF of the changes on one
//! palette. A 60-move Ô ăn quan game (target: a few seconds), and the longest game each game
//! allows (target: at most 8 MB, every frame kept): a 6-seat Chinese checkers game of 300
//! moves, a Shogi game of 300 plies, an Ô ăn quan game of 400.
//!
//! Before measuring, prints each replay's size and frames. `REPLAY_SIZES_ONLY=1` prints only
//! that (one replay each, no timing).

use std::sync::Arc;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use image::AnimationDecoder;
use oaq_bot::app::{
    App, Caller, FakeClock, Locale, Place, ReplayRequest, Reply, Settings, UserRef,
};
use oaq_bot::games::oaq::{Position, Rules};
use oaq_bot::ids::{ChannelId, GameId, GuildId, UserId};
use oaq_bot::store::{GameKind, GameRecord, Player, Store};
use oaq_bot_testkit::long_games;

const PLIES: usize = 60;
const GUILD: u64 = 1;

fn player(id: u64, name: &str) -> Player {
    Player {
        id: UserId::new(id),
        name: name.to_owned(),
        computer: None,
    }
}

/// A game of 60 moves, chosen by a fixed rule; a line that ends sooner is dropped and the next
/// variant of the rule tried from the start.
fn sixty_moves(id: u64) -> GameRecord {
    let rules = Rules::standard();
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
    GameRecord {
        id: GameId::new(id),
        guild: Some(GuildId::new(GUILD)),
        channel: ChannelId::new(1),
        message: None,
        kind: GameKind::Oaq,
        seats: vec![player(1, "Nguyễn Thị Ánh"), player(2, "Trần Văn Bình")],
        rules: serde_json::to_value(rules).expect("rules"),
        start,
        moves,
        retired: Vec::new(),
        created_ms: 0,
        locale: Locale::English,
        turn_ms: None,
        deadline_ms: None,
        tournament_round: None,
    }
}

/// The games measured, each with its name: stored, and found for a replay.
fn games() -> (App, Vec<(&'static str, ReplayRequest)>) {
    let store = Store::temporary().expect("store");
    let mut records = vec![(
        "Ô ăn quan, 60 moves",
        sixty_moves(store.new_id().expect("id")),
    )];
    for (name, kind) in [
        (
            "Chinese checkers, 6 seats, 300 moves",
            GameKind::ChineseCheckers,
        ),
        ("Shogi, 300 plies", GameKind::Shogi),
        ("Ô ăn quan, 400 plies", GameKind::Oaq),
    ] {
        let id = store.new_id().expect("id");
        records.push((name, long_games::record(kind, id, GUILD)));
    }
    for (_, record) in &records {
        long_games::store(&store, record);
    }
    let settings = Settings {
        challenge_ttl_ms: 600_000,
        seed: 1,
        turn_ms: 900_000,
        bot_move_ms: 1000,
    };
    let app = App::new(store, Arc::new(FakeClock::new(0)), settings).expect("app");
    let place = Place {
        guild: Some(GuildId::new(GUILD)),
        channel: ChannelId::new(1),
    };
    let viewer = UserRef {
        id: UserId::new(3),
        name: String::from("Chi"),
        bot: false,
    };
    let requests = records
        .iter()
        .map(|(name, record)| {
            let request = app
                .find_replay(
                    &Caller::new(Locale::English, place, viewer.clone()),
                    record.id,
                    record.kind,
                )
                .expect("the game");
            (*name, request)
        })
        .collect();
    (app, requests)
}

/// Draws and encodes one replay; prints its size, frames and time.
fn report(app: &App, name: &str, request: &ReplayRequest) {
    let started = Instant::now();
    let response = app.replay(Locale::English, request);
    let elapsed = started.elapsed();
    let Reply::Post { msg, .. } = &response.reply else {
        panic!("{:?}", response.reply);
    };
    let gif = msg.picture().expect("a GIF");
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .count();
    println!(
        "{name}: GIF {:.2} MB ({} bytes), {frames} frames, {:.2} KB a frame, drawn and encoded in {elapsed:.2?}",
        gif.len() as f64 / 1e6,
        gif.len(),
        gif.len() as f64 / 1e3 / frames as f64,
    );
}

fn bench_replay(c: &mut Criterion) {
    let (app, requests) = games();
    for (name, request) in &requests {
        report(&app, name, request);
    }
    if std::env::var_os("REPLAY_SIZES_ONLY").is_some() {
        return;
    }
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for (name, request) in &requests {
        group.bench_function(*name, |b| b.iter(|| app.replay(Locale::English, request)));
    }
    group.finish();
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
