//! Writes the README's sample pictures — a board in English and in Vietnamese, `/oaq leaderboard`,
//! `/oaq stats` and `/oaq replay` — into `docs/img/`, and prints sample answers of
//! `/oaq history` and `/oaq games`, from games played through the app with a temporary store
//! and a fake clock.
//!
//! `cargo run --example social_pictures`

use std::path::Path;
use std::sync::Arc;

use oaq_bot::app::games::oaq::OaqChoice;
use oaq_bot::app::games::RuleChoice;
use oaq_bot::app::{
    Action, App, ChallengeRequest, FakeClock, Locale, Msg, Place, Reply, Response, Settings, Shown,
    Track, UserRef,
};
use oaq_bot::games::oaq::{Move, Preset, Seat};
use oaq_bot::store::{FirstPlayer, GameKind, Store};

const EN: Locale = Locale::English;
const HERE: Place = Place {
    guild: Some(1),
    channel: 100,
};

fn user(id: u64, name: &str) -> UserRef {
    UserRef {
        id,
        name: name.to_owned(),
        bot: false,
    }
}

fn msg(response: &Response) -> &Msg {
    match &response.reply {
        Reply::Post { msg, .. } | Reply::Update(msg) | Reply::Private(msg) => msg,
    }
}

/// Starts a game of `a` (South, moving first) against `b`; returns its id and first board.
fn start(app: &App, a: &UserRef, b: &UserRef, channel: u64) -> (u64, Msg) {
    let place = Place { channel, ..HERE };
    let request = ChallengeRequest {
        opponent: Some(b.clone()),
        rules: RuleChoice::Oaq(OaqChoice {
            preset: Some(Preset::Standard),
            quan_value: None,
        }),
        first: Some(FirstPlayer::Challenger),
    };
    let posted = app.challenge(EN, place, a, request);
    let id = match posted.reply {
        Reply::Post {
            track: Some(Track::Challenge(id)),
            ..
        } => id,
        other => panic!("no challenge: {other:?}"),
    };
    let board = msg(&app.click(EN, place, b, Action::Accept { challenge: id })).clone();
    (id, board)
}

/// Plays a game to the end, picking the `pick`-th enabled move; returns its id and length.
fn play_out(app: &App, a: &UserRef, b: &UserRef, pick: usize) -> (u64, usize) {
    let (id, mut board) = start(app, a, b, HERE.channel);
    let mut plies = 0;
    loop {
        let moves: Vec<Action> = board
            .rows
            .iter()
            .flatten()
            .filter(|b| !b.disabled && matches!(b.action, Action::Play { .. }))
            .map(|b| b.action)
            .collect();
        let Some(&action) = moves.get((plies * pick) % moves.len().max(1)) else {
            return (id, plies);
        };
        let mover = match action {
            Action::Play { mv, .. }
                if mv
                    .as_str()
                    .parse::<Move>()
                    .ok()
                    .and_then(|m| m.square.owner())
                    == Some(Seat::North) =>
            {
                b
            }
            _ => a,
        };
        board = msg(&app.click(EN, HERE, mover, action)).clone();
        plies += 1;
    }
}

fn main() {
    let clock = Arc::new(FakeClock::new(1_763_800_000_000));
    let settings = Settings {
        challenge_ttl_ms: 600_000,
        seed: 4,
        turn_ms: 900_000,
        bot_move_ms: 1000,
    };
    let app = App::new(Store::temporary().expect("store"), clock.clone(), settings).expect("app");
    let names = [
        "Nguyễn Thị Ánh",
        "Trần Văn Bình",
        "Lê Chí",
        "Phạm Dũng",
        "Hoàng Yến",
        "Vũ Minh Đức",
        "Đặng Thu",
    ];
    let players: Vec<UserRef> = names
        .iter()
        .enumerate()
        .map(|(i, n)| user(11 * (i as u64 + 1), n))
        .collect();
    // The replay shows the longest game under 40 moves (a small file for the README).
    let mut replayed: Option<(u64, usize)> = None;
    for round in 0..4 {
        for i in 0..players.len() {
            let j = (i + 1 + round) % players.len();
            clock.advance_ms(3_600_000);
            let (a, b) = (&players[i], &players[j]);
            let (id, plies) = play_out(&app, a, b, 1 + (i + round) % 3);
            if plies < 40 && replayed.is_none_or(|(_, best)| plies > best) {
                replayed = Some((id, plies));
            }
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/img");
    std::fs::create_dir_all(&dir).expect("docs/img");
    let write = |name: &str, response: &Response| {
        let m = msg(response);
        let bytes = m.picture().unwrap_or_else(|| panic!("{name}: {}", m.text));
        std::fs::write(dir.join(name), bytes).expect("write");
        println!("docs/img/{name}: {} bytes\n{}\n", bytes.len(), m.text);
    };
    write(
        "leaderboard.png",
        &app.leaderboard(EN, HERE, GameKind::Oaq, None),
    );
    write(
        "stats.png",
        &app.stats(EN, HERE, GameKind::Oaq, &players[0], None),
    );
    let (game, _) = replayed.expect("a game");
    let request = app
        .find_replay(EN, HERE, &players[0], game)
        .expect("the game");
    write("replay.gif", &app.replay(EN, &request));
    println!(
        "{}\n",
        msg(&app.history(EN, HERE, GameKind::Oaq, &players[0], None)).text
    );
    let (running, mut board) = start(&app, &players[2], &players[4], 200);
    let revision = app
        .store()
        .game(running)
        .ok()
        .flatten()
        .map_or(0, |g| g.revision);
    let shown = Shown {
        game: running,
        revision,
    };
    app.record_message(Track::Game(shown), 1_300_000_000_000_000_001);
    println!("{}", msg(&app.games(EN, HERE, GameKind::Oaq)).text);
    // A board a few moves in, as the players see it under the message.
    for (ply, pick) in [3, 7, 1].into_iter().enumerate() {
        let action = board
            .rows
            .iter()
            .flatten()
            .filter(|b| !b.disabled && matches!(b.action, Action::Play { .. }))
            .map(|b| b.action)
            .nth(pick)
            .expect("a move");
        let mover = if ply % 2 == 0 {
            &players[2]
        } else {
            &players[4]
        };
        let response = app.click(
            EN,
            Place {
                channel: 200,
                ..HERE
            },
            mover,
            action,
        );
        if ply == 2 {
            write("board.png", &response);
        }
        board = msg(&response).clone();
    }
    // The same start in a game challenged from a Vietnamese Discord client.
    let place = Place {
        channel: 300,
        ..HERE
    };
    let request = ChallengeRequest {
        opponent: Some(players[6].clone()),
        rules: RuleChoice::Oaq(OaqChoice {
            preset: Some(Preset::Folk),
            quan_value: None,
        }),
        first: Some(FirstPlayer::Challenger),
    };
    let posted = app.challenge(Locale::Vietnamese, place, &players[5], request);
    let Reply::Post {
        track: Some(Track::Challenge(id)),
        ..
    } = posted.reply
    else {
        panic!("no challenge");
    };
    write(
        "board-vi.png",
        &app.click(EN, place, &players[6], Action::Accept { challenge: id }),
    );
}
