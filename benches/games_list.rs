//! `/oaq games` in a server with 40 games running, in a bot with 10,000 games running in all
//! (the other 9,960 in 249 other servers), through the app: the list's first page. Issue 53:
//! the list used to read every running game of the store; it now reads the server's own index.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::app::{App, Caller, FakeClock, Locale, Place, Reply, Settings, UserRef};
use oaq_bot::ids::{ChannelId, GuildId, UserId};
use oaq_bot::store::{GameKind, Store};
use oaq_bot_testkit::stored_games;

/// Games running in the server listed.
const HERE: u64 = 40;
/// Games running in the whole store.
const ALL: u64 = 10_000;

/// A store of `ALL` running games, `HERE` a server: games 1..=40 in server 1, and so on.
fn populated() -> Store {
    let store = Store::temporary().expect("store");
    for id in 1..=ALL {
        let guild = (id - 1) / HERE + 1;
        store
            .create_game(&stored_games::record(id, guild, 3))
            .expect("create");
    }
    store
}

fn bench_games_list(c: &mut Criterion) {
    let settings = Settings {
        challenge_ttl_ms: 600_000,
        seed: 1,
        turn_ms: 900_000,
        bot_move_ms: 1000,
    };
    let app = App::new(populated(), Arc::new(FakeClock::new(0)), settings).expect("app");
    let place = Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(1),
    };
    let viewer = UserRef {
        id: UserId::new(1),
        name: String::from("Viewer"),
        bot: false,
    };
    let caller = Caller::new(Locale::English, place, viewer);
    match app.games(&caller, GameKind::Oaq).reply {
        Reply::Post { msg, .. } => println!("{}", msg.text),
        other => panic!("{other:?}"),
    }
    c.bench_function("games list, 40 in the server of 10,000 running", |b| {
        b.iter(|| app.games(&caller, GameKind::Oaq))
    });
}

criterion_group!(benches, bench_games_list);
criterion_main!(benches);
