//! Ratings, the leaderboard, history, running games and replays through the fake Discord.

use std::io::Cursor;

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use std::path::Path;
use std::sync::Arc;

use oaq_bot::app::games::oaq::OaqChoice;
use oaq_bot::app::games::RuleChoice;
use oaq_bot::app::results::provisional;
use oaq_bot::app::{
    Action, App, Caller, ChallengeRequest, Locale, Place, Reply, Settings, SystemClock, Text,
    UserRef,
};
use oaq_bot::render::leaderboard::{self, LeaderboardRow, LeaderboardView};
use oaq_bot::render::Fonts;
use oaq_bot::store::FirstPlayer;
use oaq_bot::store::{GameKind, Store};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use oaq_bot_testkit::players::numbered;

use super::*;

const OTHER_CHANNEL: u64 = 500_000_000_000_000_002;

/// Challenges `b` as `a` in `channel` with `a` moving first; returns the board message id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_and_the_leaderboard_history_games_and_replay() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let body = fake.registrations()[0].1.to_string();
    for sub in ["leaderboard", "stats", "history", "replay", "games"] {
        assert!(body.contains(&format!("\"name\":\"{sub}\"")), "{sub}");
    }

    // A whole game, clicked to the end.
    let board_id = start_game(&fake, &an(), &binh(), CHANNEL).await;
    let players = [an(), binh()];
    let mut board = fake.message(board_id);
    let mut plies = 0usize;
    while let Some(choice) = {
        let moves = enabled_moves(&board);
        moves.get(plies % moves.len().max(1)).cloned()
    } {
        let mover = to_move(&board.content).expect("whose turn");
        let mover = players.iter().find(|p| p.id == mover).expect("player");
        let token = fake.click(mover, board_id, &choice);
        assert_eq!(fake.callback(&token).await.kind, 7);
        board = fake.message(board_id);
        plies += 1;
        assert!(plies <= 400, "the game ends");
    }
    assert!(
        board.content.contains("An: rating 1500 → "),
        "{}",
        board.content
    );
    assert!(
        board.content.contains("Bình: rating 1500 → "),
        "{}",
        board.content
    );

    // Another game goes on in another channel: /oaq games lists it with a link.
    let running = start_game(&fake, &chi(), &an(), OTHER_CHANNEL).await;
    let token = fake.slash(&binh(), CHANNEL, "games", vec![], vec![]);
    let games = fake.callback(&token).await;
    assert!(!games.ephemeral());
    assert!(
        games.content().contains("<@33> vs <@11>")
            && games
                .content()
                .contains(&format!("/{OTHER_CHANNEL}/{running}")),
        "{}",
        games.content()
    );

    // History: the finished game, with its number, result and date.
    let token = fake.slash(&chi(), CHANNEL, "history", vec![], vec![]);
    let history = fake.callback(&token).await;
    assert!(
        history.content().contains("<@11> vs <@22>") && history.content().contains(":d>"),
        "{}",
        history.content()
    );
    let game_id: u64 = history
        .content()
        .lines()
        .find(|l| l.contains("<@11> vs <@22>"))
        .and_then(|l| l.split('`').nth(1))
        .and_then(|id| id.parse().ok())
        .expect("a game number");

    // The leaderboard, as a picture.
    let token = fake.slash(&chi(), CHANNEL, "leaderboard", vec![], vec![]);
    let posted = fake.callback(&token).await;
    assert!(!posted.ephemeral() && posted.content().contains("page 1 of 1"));
    assert_eq!(posted.files.len(), 1);
    let leaderboard_png = posted.files[0].bytes.clone();
    let leaderboard_said = posted.files[0].description.clone().unwrap_or_default();

    // Stats of a player with a chart.
    let player = json!({ "name": "player", "type": 6, "value": binh().id.to_string() });
    let token = fake.slash(&chi(), CHANNEL, "stats", vec![player], vec![&binh()]);
    let stats = fake.callback(&token).await;
    assert!(
        stats.content().contains("rating of <@22>"),
        "{}",
        stats.content()
    );
    assert_eq!(stats.files.len(), 1);
    let chart_said = stats.files[0].description.clone().unwrap_or_default();
    assert!(
        chart_said.starts_with("Rating chart of Bình: 1 rated game, from 1500 to "),
        "{chart_said}"
    );

    // The replay is deferred, then posted as a GIF with one frame per move plus the start.
    let game = json!({ "name": "game", "type": 4, "value": game_id });
    let token = fake.slash(&chi(), CHANNEL, "replay", vec![game], vec![]);
    assert_eq!(fake.callback(&token).await.kind, 5, "deferred");
    let replay = fake.followup(&token).await;
    assert!(!replay.ephemeral);
    assert_eq!(replay.attachments.len(), 1);
    assert_eq!(replay.attachments[0].name, "replay.gif");
    let frames = GifDecoder::new(Cursor::new(replay.attachments[0].bytes.clone()))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames");
    assert_eq!(frames.len(), plies + 1);
    let replay_said = replay.attachments[0]
        .description
        .clone()
        .unwrap_or_default();
    assert!(
        replay_said.contains(&format!("game {game_id}: An, Bình; Result: "))
            && replay_said.ends_with(&format!("; {plies} moves.")),
        "{replay_said}"
    );
    // Issue 52: every picture of the game (each board), the leaderboard, the chart and the
    // replay carry alt text.
    let board_said = board.attachments[0].description.clone().unwrap_or_default();
    assert!(board_said.starts_with("Ô ăn quan board. "), "{board_said}");
    assert!(all_described(&fake) > plies, "a board for each move");
    assert!(
        replay.content.contains("oaq-bot engine oaq play"),
        "{}",
        replay.content
    );
    // A game that does not exist is refused privately, without deferring.
    let missing = json!({ "name": "game", "type": 4, "value": 123_456_789 });
    let token = fake.slash(&chi(), CHANNEL, "replay", vec![missing], vec![]);
    let refused = fake.callback(&token).await;
    assert!(refused.ephemeral() && refused.content().contains("no game"));

    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);

    // Both ratings are exactly what skillratings computes for that result.
    let store = Store::open(&root.path().join("data")).expect("open the bot's store");
    let entry = store
        .finished(GameId::new(game_id))
        .expect("read")
        .expect("kept");
    // Places: [0, 1] South won, [1, 0] North won, [0, 0] a draw.
    let outcome = match entry.record.places[..] {
        [0, 1] => Outcomes::WIN,
        [1, 0] => Outcomes::LOSS,
        [0, 0] => Outcomes::DRAW,
        ref other => panic!("places {other:?}"),
    };
    let (south, north) = glicko2(
        &Glicko2Rating::new(),
        &Glicko2Rating::new(),
        &outcome,
        &Glicko2Config::new(),
    );
    let rating = |user: u64| {
        store
            .rating(GameKind::Oaq, GuildId::new(GUILD_ID), UserId::new(user))
            .expect("read")
            .expect("rated")
            .record
    };
    let (an_rating, binh_rating) = (rating(an().id), rating(binh().id));
    for (record, expected) in [(&an_rating, south), (&binh_rating, north)] {
        assert_eq!(record.glicko.rating, expected.rating);
        assert_eq!(record.glicko.deviation, expected.deviation);
        assert_eq!(record.glicko.volatility, expected.volatility);
        assert_eq!(record.games(), 1);
    }

    // The leaderboard picture shows exactly these two players, best first.
    let mut ranked = [an_rating, binh_rating];
    ranked.sort_by(|a, b| {
        b.glicko
            .rating
            .total_cmp(&a.glicko.rating)
            .then(a.user.cmp(&b.user))
    });
    let en = Locale::English;
    let texts: Vec<(String, String)> = ranked
        .iter()
        .map(|r| {
            (
                Text::RatingValue {
                    rating: r.glicko.rating.round() as i64,
                    provisional: provisional(&r.glicko),
                }
                .render(en),
                format!("{} / {} / {}", r.wins, r.draws, r.losses),
            )
        })
        .collect();
    // Its alt text reads the same rows, in the same order.
    let said_rows: Vec<String> = ranked
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let rating = r.glicko.rating.round() as i64;
            let provisional = if provisional(&r.glicko) {
                ", provisional"
            } else {
                ""
            };
            format!("{}. {}: rating {rating}{provisional}; ", i + 1, r.name)
        })
        .collect();
    assert!(
        leaderboard_said.starts_with("Ô ăn quan leaderboard, page 1 of 1, 2 players. ")
            && leaderboard_said.contains(&said_rows[0])
            && leaderboard_said.find(&said_rows[0]) < leaderboard_said.find(&said_rows[1]),
        "{leaderboard_said} does not read {said_rows:?}"
    );
    let rows: Vec<LeaderboardRow<'_>> = ranked
        .iter()
        .zip(&texts)
        .enumerate()
        .map(|(i, (r, (rating, record)))| LeaderboardRow {
            rank: i as u64 + 1,
            name: &r.name,
            rating,
            record,
            provisional: provisional(&r.glicko),
        })
        .collect();
    let columns = [
        Text::ColumnRank,
        Text::ColumnPlayer,
        Text::ColumnRating,
        Text::ColumnRecord,
    ]
    .map(|t| t.render(en));
    let title = Text::LeaderboardTitle {
        game: GameKind::Oaq,
    }
    .render(en);
    let subtitle = Text::LeaderboardSubtitle {
        page: 1,
        pages: 1,
        players: 2,
    }
    .render(en);
    let legend = Text::ProvisionalLegend.render(en);
    let expected = leaderboard::render(
        &Fonts::load().expect("fonts"),
        &LeaderboardView {
            title: &title,
            subtitle: &subtitle,
            columns: [&columns[0], &columns[1], &columns[2], &columns[3]],
            rows: &rows,
            legend: &legend,
        },
    )
    .expect("render");
    assert!(
        leaderboard_png == expected,
        "the leaderboard picture shows the two players in rating order"
    );
}

/// Another server, which the fake Discord never shows: only its ratings exist.
const OTHER_GUILD: u64 = 900_000_000_000_000_009;

/// Before the bot starts, rates players in `guild` on the bot's own store, through the app:
/// `champion` beats each of `others` by resignation.
fn seed_ratings(root: &Path, guild: u64, champion: (u64, &str), others: &[(u64, String)]) {
    let store = Store::open(&root.join("data")).expect("the bot's store");
    let settings = Settings {
        challenge_ttl_ms: 600_000,
        seed: 1,
        turn_ms: 900_000,
        bot_move_ms: 20,
    };
    let app = App::new(store, Arc::new(SystemClock), settings).expect("app");
    let place = Place {
        guild: Some(GuildId::new(guild)),
        channel: ChannelId::new(guild + 1),
    };
    let person = |(id, name): (u64, &str)| UserRef {
        id: UserId::new(id),
        name: name.to_owned(),
        bot: false,
    };
    let champion = person(champion);
    for (id, name) in others {
        let other = person((*id, name));
        let request = ChallengeRequest {
            opponent: Some(other.clone()),
            rules: RuleChoice::Oaq(OaqChoice::default()),
            first: Some(FirstPlayer::Challenger),
        };
        let en = Locale::English;
        let Reply::Post {
            track: Some(track), ..
        } = app
            .challenge(&Caller::new(en, place, champion.clone()), request)
            .reply
        else {
            panic!("a challenge")
        };
        let oaq_bot::app::Track::Challenge(game) = track else {
            panic!("a challenge")
        };
        app.click(
            &Caller::new(en, place, other.clone()),
            Action::Accept { challenge: game },
        );
        let done = app.click(
            &Caller::new(en, place, other.clone()),
            Action::ConfirmResign { game: game.cast() },
        );
        assert!(matches!(done.reply, Reply::Update(_)), "{done:?}");
    }
}

/// Issue 10: leaderboard buttons carry no server and keep their language. A Vietnamese reader
/// turning the page of an English leaderboard leaves it English; a forged id naming another
/// server (the old form, `oaq:l:<guild>:<page>`) shows this server's leaderboard, nothing of
/// the other's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_10_leaderboard_buttons_name_no_server_and_keep_their_language() {
    let root = tempfile::tempdir().expect("tempdir");
    // Twelve players here (two pages), two elsewhere.
    let here: Vec<(u64, String)> = (1..=11).map(|i| (1_000 + i, format!("P{i}"))).collect();
    seed_ratings(root.path(), GUILD_ID, (1_000, "Vô Địch"), &here);
    let there = [(2_001, String::from("Người Lạ"))];
    seed_ratings(root.path(), OTHER_GUILD, (2_000, "Bí Mật"), &there);

    let fake = FakeDiscord::start().await;
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let token = fake.slash(&chi(), CHANNEL, "leaderboard", vec![], vec![]);
    let posted = fake.callback(&token).await;
    assert!(
        posted.content().contains("page 1 of 2"),
        "{}",
        posted.content()
    );
    let board_id = posted.message.expect("the leaderboard message");
    let first_png = posted.files[0].bytes.clone();

    // A Vietnamese client turns the page: the message stays English, buttons included.
    let next = button(&fake.message(board_id), "Next");
    let token = fake.click(&an().speaking("vi"), board_id, &next);
    let turned = fake.callback(&token).await;
    assert_eq!(turned.kind, 7);
    assert!(
        turned.content().contains("page 2 of 2"),
        "{}",
        turned.content()
    );
    let board = fake.message(board_id);
    let labels: Vec<String> = board.buttons().into_iter().flatten().map(|b| b.1).collect();
    assert_eq!(labels, ["◀ Previous", "Next ▶"]);
    let back = button(&board, "Previous");
    assert!(back.ends_with(":en"), "{back}");

    // A forged id naming the other server, which the message does not carry (issue 27): a
    // private refusal showing nothing of either server, the message left as it is.
    let forged = format!("oaq:l:{OTHER_GUILD}:0");
    let token = fake.click(&chi(), board_id, &forged);
    let shown = fake.callback(&token).await;
    assert_eq!(shown.kind, 4, "{}", shown.content());
    assert!(shown.ephemeral() && shown.files.is_empty());
    for name in ["Bí Mật", "Người Lạ", "Vô Địch"] {
        assert!(!shown.content().contains(name), "{}", shown.content());
    }
    let after = fake.message(board_id);
    assert_eq!(
        (&after.content, &after.components, after.edits),
        (&board.content, &board.components, board.edits)
    );
    // The first page, turned back to with the message's own button, is the one first posted.
    let token = fake.click(&chi(), board_id, &back);
    let shown = fake.callback(&token).await;
    assert_eq!(shown.kind, 7);
    assert!(
        shown.content().contains("page 1 of 2"),
        "{}",
        shown.content()
    );
    assert!(
        shown.files.len() == 1 && shown.files[0].bytes == first_png,
        "this server's leaderboard, not the other server's"
    );

    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}

/// Issue 53: 40 games in one server make a list longer than one message. `/oaq games` pages
/// through all of them, each once, every line linking to its game's board message in its
/// channel, and Discord refuses nothing (the fake fails the test on any refused write).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_running_games_page_through_each_once_with_working_links() {
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let bot = start_bot(root.path(), &fake.base, 600);
    fake.wait_ready(1).await;
    let players = numbered(10_000, 80);
    let mut boards = std::collections::BTreeMap::new();
    for (i, pair) in players.chunks(2).enumerate() {
        let channel = CHANNEL + 1 + i as u64;
        let board = start_game(&fake, &pair[0], &pair[1], channel).await;
        boards.insert(channel, board);
    }

    let token = fake.slash(&chi(), CHANNEL, "games", vec![], vec![]);
    let posted = fake.callback(&token).await;
    let list = posted.message.expect("the list message");
    let mut linked = Vec::new();
    let mut pages = 0;
    loop {
        let msg = fake.message(list);
        pages += 1;
        assert!(
            msg.content.contains("40 games being played in all"),
            "{}",
            msg.content
        );
        for line in msg.content.lines().filter(|l| l.starts_with("• `")) {
            let link = line
                .split("https://discord.com/channels/")
                .nth(1)
                .expect("a link to the board");
            let ids: Vec<u64> = link.split('/').filter_map(|s| s.parse().ok()).collect();
            let [guild, channel, message] = ids[..] else {
                panic!("a message link: {line}");
            };
            assert_eq!(guild, GUILD_ID);
            // The link opens the game's board: that message, in that channel.
            assert_eq!(boards.get(&channel), Some(&message), "{line}");
            assert_eq!(fake.message(message).channel, channel);
            linked.push(channel);
        }
        let next = msg
            .buttons()
            .into_iter()
            .flatten()
            .find(|b| b.1.contains("Next"))
            .expect("page buttons");
        if next.2 {
            break;
        }
        let token = fake.click(&an(), list, &next.0);
        assert_eq!(fake.callback(&token).await.kind, 7);
    }
    assert_eq!(pages, 40usize.div_ceil(oaq_bot::app::GAMES_PER_PAGE));
    assert_eq!(linked, boards.keys().copied().collect::<Vec<_>>());
    for payload in fake.payloads() {
        check_limits(&payload);
    }
    drop(bot);
}
