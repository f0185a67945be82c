//! End to end, issue 28: `oaq-bot store backup` copies a running bot's store while 20 games are
//! played; a second bot started on the copy plays every game on from the position the copy
//! holds, which is one the first bot had acknowledged, and the copy's ratings and history agree
//! with its games.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use oaq_bot::store::{ChannelEntry, GameKind, Store};
use oaq_bot_testkit::players::resign;
use support::{start_bot_with, Callback};

use super::*;

const BACKUP_CHANNEL: u64 = 500_000_000_000_028_000;
const GAMES: u64 = 20;

/// What the first bot acknowledged of one game: each board it answered a click with (the
/// accepted challenge first, then one per move), and whether a resignation was acknowledged.
struct Played {
    channel: u64,
    board: u64,
    players: [FakeUser; 2],
    boards: Vec<Callback>,
    resigned: bool,
}

impl Played {
    fn moves_acknowledged(&self) -> usize {
        self.boards.len() - 1
    }
}

/// Plays the first move `board` (shown on message `message`) offers in game `game` as the
/// player to move; returns the answer (the next board), or `None` when the board offers no
/// move.
async fn play_from(
    fake: &FakeDiscord,
    game: &Played,
    message: u64,
    board: &Callback,
) -> Option<Callback> {
    let mv = enabled_moves(board).into_iter().next()?;
    let mover = match to_move(board.content()) {
        Some(id) if id == game.players[0].id => &game.players[0],
        Some(_) => &game.players[1],
        None => return None,
    };
    let token = fake.click(mover, message, &mv);
    Some(fake.callback(&token).await)
}

/// One round: every game still running plays a move; every fourth game resigns in round 1.
async fn round(fake: &FakeDiscord, games: &mut [Played], number: usize) {
    for (i, game) in games.iter_mut().enumerate() {
        if game.resigned {
            continue;
        }
        if i % 4 == 0 && number == 1 {
            resign(fake, &game.players[0], game.board).await;
            game.resigned = true;
            continue;
        }
        let latest = game.boards.last().expect("a board");
        if let Some(next) = play_from(fake, game, game.board, latest).await {
            assert_eq!(next.kind, 7, "{}", next.content());
            game.boards.push(next);
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

async fn wait_listening(addr: &str) {
    for _ in 0..200 {
        if std::net::TcpStream::connect(addr).is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bot's endpoint never listened on {addr}");
}

/// Opens a store no bot has open (waiting for a killed bot's lock to go).
fn open(path: &Path) -> Store {
    Store::open(path).unwrap_or_else(|e| panic!("open {}: {e}", path.display()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_28_a_backup_taken_during_play_is_a_store_that_plays_on() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let addr = format!("127.0.0.1:{}", free_port());
    let bot = start_bot_with(
        root.path(),
        &fake.base,
        600,
        &[("OAQ_METRICS__LISTEN", addr.as_str())],
    );
    fake.wait_ready(1).await;
    wait_listening(&addr).await;

    let mut games = Vec::new();
    for i in 0..GAMES {
        let players = [
            FakeUser::new(2800 + 2 * i, "South"),
            FakeUser::new(2801 + 2 * i, "North"),
        ];
        let channel = BACKUP_CHANNEL + i;
        let opponent = json!({ "name": "opponent", "type": 6, "value": players[1].id.to_string() });
        let first = json!({ "name": "first", "type": 4, "value": 2 });
        let token = fake.slash(
            &players[0],
            channel,
            "challenge",
            vec![opponent, first],
            vec![&players[1]],
        );
        let board = fake.callback(&token).await.message.expect("challenge");
        let token = fake.click(&players[1], board, &button(&fake.message(board), "Accept"));
        let accepted = fake.callback(&token).await;
        assert_eq!(accepted.kind, 7);
        games.push(Played {
            channel,
            board,
            players,
            boards: vec![accepted],
            resigned: false,
        });
    }
    for number in 0..2 {
        round(&fake, &mut games, number).await;
    }

    // The backup runs while the rounds go on.
    let copy_root = tempfile::tempdir().expect("tempdir");
    let copy = copy_root.path().join("data");
    let acknowledged: Vec<(usize, bool)> = games
        .iter()
        .map(|g| (g.moves_acknowledged(), g.resigned))
        .collect();
    let backup = {
        let (copy, addr) = (copy.clone(), addr.clone());
        tokio::task::spawn_blocking(move || {
            Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
                .args(["store", "backup"])
                .arg(&copy)
                .args(["--bot", &addr])
                .output()
                .expect("run store backup")
        })
    };
    let mut during = 0;
    loop {
        round(&fake, &mut games, 2 + during).await;
        during += 1;
        if backup.is_finished() {
            break;
        }
    }
    round(&fake, &mut games, 2 + during).await;
    let output = backup.await.expect("backup thread");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(report.contains("play paused"), "{report}");
    eprintln!("{during} rounds of play during the backup:\n{report}");
    assert!(report.contains("games"), "{report}");
    drop(bot);

    // With the bot stopped, the command copies its store directly.
    let stopped = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(["store", "backup"])
        .arg(copy_root.path().join("of-the-stopped-store"))
        .arg("--store")
        .arg(root.path().join("data"))
        .output()
        .expect("run store backup");
    let report = String::from_utf8_lossy(&stopped.stdout);
    assert!(stopped.status.success(), "{report}");
    assert!(report.contains("20 games"), "{report}");
    let refused = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(["store", "backup"])
        .arg(&copy)
        .arg("--store")
        .arg(root.path().join("data"))
        .output()
        .expect("run store backup");
    assert!(!refused.status.success(), "a backup never overwrites");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not empty"));

    // The copy against what the first bot acknowledged and what its store ended with.
    let original = open(&root.path().join("data"));
    let copied = open(&copy);
    let finished: HashMap<u64, _> = copied
        .recent_in_guild(GuildId::new(GUILD_ID), GameKind::Oaq, 100)
        .expect("history")
        .into_iter()
        .map(|f| (f.game.channel.get(), f))
        .collect();
    let mut running = Vec::new();
    for (game, (moves_before, resigned_before)) in games.iter().zip(acknowledged) {
        let id = match (
            copied
                .channel(ChannelId::new(game.channel))
                .expect("channel"),
            finished.get(&game.channel),
        ) {
            (Some(ChannelEntry::Game(id)), None) => id,
            (None, Some(entry)) => entry.game.id,
            other => panic!(
                "game in {} is neither running nor finished in the copy: {other:?}",
                game.channel
            ),
        };
        let held = copied
            .game(id)
            .expect("read")
            .expect("the game is in the copy")
            .record;
        let last = original.game(id).expect("read").expect("the game").record;
        assert!(
            last.moves.starts_with(&held.moves),
            "the copy's game {id} is not a position the bot went through"
        );
        assert!(
            held.moves.len() >= moves_before,
            "game {id}: {moves_before} moves acknowledged before the backup, {} copied",
            held.moves.len()
        );
        assert!(held.moves.len() <= game.moves_acknowledged());
        let rating = |user: &FakeUser| {
            copied
                .rating(GameKind::Oaq, GuildId::new(GUILD_ID), UserId::new(user.id))
                .expect("rating")
                .map(|r| r.record.games())
        };
        if let Some(entry) = finished.get(&game.channel) {
            assert!(game.resigned, "only resigned games are over");
            assert_eq!(entry.game.moves, held.moves);
            assert!(
                entry.ratings.is_some(),
                "a game between two people is rated"
            );
            for player in &game.players {
                assert_eq!(rating(player), Some(1), "the finished game counts once");
                let history = copied
                    .recent_of(
                        Some(GuildId::new(GUILD_ID)),
                        GameKind::Oaq,
                        UserId::new(player.id),
                        10,
                    )
                    .expect("history");
                assert_eq!(history.len(), 1);
            }
        } else {
            assert!(
                !resigned_before,
                "a resignation acknowledged before the backup is lost"
            );
            for player in &game.players {
                assert_eq!(rating(player), None, "no rating without a finished game");
            }
            running.push((game, held.moves.len()));
        }
    }
    assert!(!running.is_empty(), "some games were still running");
    drop((original, copied));

    // A second bot on the copy shows every running game at the copy's position — the board the
    // first bot acknowledged after that many moves — and plays it on.
    let second = start_bot_with(copy_root.path(), &fake.base, 600, &[]);
    fake.wait_ready(2).await;
    for (game, moves) in running {
        let acknowledged = &game.boards[moves];
        let token = fake.slash(&game.players[0], game.channel, "board", vec![], vec![]);
        let reposted = fake.callback(&token).await;
        let message = reposted.message.expect("the board, posted again");
        assert_eq!(
            enabled_moves(&reposted),
            enabled_moves(acknowledged),
            "game in {}: the copy's position is the one acknowledged after {moves} moves",
            game.channel
        );
        assert_eq!(to_move(reposted.content()), to_move(acknowledged.content()));
        let next = play_from(&fake, game, message, &reposted)
            .await
            .expect("a move to play");
        assert_eq!(next.kind, 7, "game in {}: {}", game.channel, next.content());
        assert_ne!(
            enabled_moves(&next),
            enabled_moves(&reposted),
            "the move was played"
        );
    }
    drop(second);
}
