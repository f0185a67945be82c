//! `/oaq leaderboard` with 10,000 rated players in one server: the store query, the picture
//! and its PNG encoding, through the app. Target: at most 20 ms a page.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::app::{App, Caller, FakeClock, Locale, Place, Reply, Settings, UserRef};
use oaq_bot::games::oaq::{Position, Rules};
use oaq_bot::ids::{ChallengeId, ChannelId, GameId, GuildId, UserId};
use oaq_bot::store::{
    ChallengeRecord, FinishedGame, FirstPlayer, GameKind, GameRecord, Glicko, Player, RatingChange,
    Retired, Retirement, Store,
};

const GUILD: u64 = 1;
const PLAYERS: u64 = 10_000;

fn player(id: u64) -> Player {
    Player {
        id: UserId::new(id),
        name: format!("Người chơi số {id}"),
        computer: None,
    }
}

/// A spread of made-up ratings (the store takes whatever the rating function returns).
fn made_up(user: u64) -> Glicko {
    Glicko {
        rating: 800.0 + (user.wrapping_mul(2_654_435_761) % 1_600) as f64 + user as f64 / 1e5,
        deviation: 60.0 + (user % 300) as f64,
        volatility: 0.06,
    }
}

/// A store where players 1..=10,000 have each finished one rated game.
fn populated() -> Store {
    let store = Store::temporary().expect("store");
    for pair in 0..PLAYERS / 2 {
        let (south, north) = (2 * pair + 1, 2 * pair + 2);
        let id = store.new_id().expect("id");
        let rules = Rules::standard();
        let challenge = ChallengeRecord {
            id: ChallengeId::new(id),
            guild: Some(GuildId::new(GUILD)),
            channel: ChannelId::new(10 + pair),
            message: None,
            challenger: player(south),
            opponent: Some(player(north)),
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
        let mut game = GameRecord {
            id: GameId::new(id),
            guild: Some(GuildId::new(GUILD)),
            channel: challenge.channel,
            message: None,
            kind: GameKind::Oaq,
            seats: vec![player(south), player(north)],
            rules: challenge.rules.clone(),
            start: Position::start(rules).to_string(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: 0,
            locale: Locale::English,
            turn_ms: None,
            deadline_ms: None,
            tournament_round: None,
        };
        let started = store
            .start_game(ChallengeId::new(id), stored.revision, &game)
            .expect("start");
        game.retired.push(Retired {
            seat: 1,
            why: Retirement::Resigned,
            ply: 0,
        });
        let finished = FinishedGame {
            game,
            places: vec![0, 1],
            finished_ms: pair,
            ratings: None,
        };
        let rate = |_: &[Option<Glicko>], _: &[u8]| {
            [south, north]
                .map(|user| RatingChange {
                    before: made_up(user),
                    after: made_up(user),
                })
                .to_vec()
        };
        store
            .finish_game(started.revision, &finished, &rate, None)
            .expect("finish");
    }
    store
}

fn bench_leaderboard(c: &mut Criterion) {
    let store = populated();
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
        id: UserId::new(1),
        name: "Viewer".to_owned(),
        bot: false,
    };
    let caller = Caller::new(Locale::English, place, viewer);
    for page in [1, 1000] {
        let response = app.leaderboard(&caller, GameKind::Oaq, Some(page));
        match &response.reply {
            Reply::Post { msg, .. } => {
                let size = msg.picture().map_or(0, <[u8]>::len);
                println!("page {page}: {} — PNG {size} bytes", msg.text);
                assert!(size > 0, "a picture");
            }
            other => panic!("page {page}: {other:?}"),
        }
        c.bench_function(&format!("leaderboard page {page} of 10,000 players"), |b| {
            b.iter(|| app.leaderboard(&caller, GameKind::Oaq, Some(page)))
        });
    }
}

criterion_group!(benches, bench_leaderboard);
criterion_main!(benches);
