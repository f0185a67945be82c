//! Ratings, the leaderboard, stats, history, replays and the list of running games, through
//! the app with a temporary store and a fake clock.

use std::io::Cursor;
use std::time::Instant;

use clap::Parser;
use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use oaq_bot::app::results::PROVISIONAL_DEVIATION;
use oaq_bot::app::Text;
use oaq_bot::cli::oaq::OaqCommand;
use oaq_bot::discord::custom_id;
use oaq_bot::games::oaq::Outcome;
use oaq_bot::store::{FinishedGame, GameKind, Glicko, RatingChange};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::*;

/// Plays `a` (South) against `b` until the end, always the first enabled move; returns the
/// game id and the final board.
fn play_out(app: &App, a: &UserRef, b: &UserRef) -> (u64, Msg) {
    let posted = app.challenge(
        &Caller::new(EN, HERE, a.clone()),
        request(Some(b.clone()), FirstPlayer::Challenger),
    );
    let id = challenge_id(&posted);
    let mut board = public(&app.click(
        &Caller::new(EN, HERE, b.clone()),
        Action::Accept { challenge: id },
    ))
    .clone();
    let players = [a.clone(), b.clone()];
    let mut plies = 0;
    while let Some(&action) = enabled_moves(&board)
        .get(plies % 3)
        .or(enabled_moves(&board).first())
    {
        board =
            public(&app.click(&Caller::new(EN, HERE, mover_of(action, &players)), action)).clone();
        plies += 1;
        assert!(plies <= 400, "the game must end");
    }
    (id.get(), board)
}

/// Starts a game of `a` (South) against `b` and has `loser` resign it; returns the game id.
fn resigned(app: &App, a: &UserRef, b: &UserRef, loser: &UserRef) -> u64 {
    resigned_in(app, HERE, a, b, loser)
}

/// [`resigned`], in `place`.
fn resigned_in(app: &App, place: Place, a: &UserRef, b: &UserRef, loser: &UserRef) -> u64 {
    let posted = app.challenge(
        &Caller::new(EN, place, a.clone()),
        request(Some(b.clone()), FirstPlayer::Challenger),
    );
    let id = challenge_id(&posted);
    public(&app.click(
        &Caller::new(EN, place, b.clone()),
        Action::Accept { challenge: id },
    ));
    let done = app.click(
        &Caller::new(EN, place, loser.clone()),
        Action::ConfirmResign { game: id.cast() },
    );
    assert!(matches!(done.reply, Reply::Update(_)), "{done:?}");
    id.get()
}

fn crate_rating(g: Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    }
}

fn glicko(stored: &App, user: u64) -> Glicko {
    stored
        .store()
        .rating(GameKind::Oaq, GuildId::new(1), UserId::new(user))
        .expect("read")
        .expect("rated")
        .record
        .glicko
}

#[test]
fn a_game_played_to_the_end_rates_both_players_as_skillratings_does() {
    let (app, _clock) = app();
    let (id, board) = play_out(&app, &an(), &binh());
    let entry = app
        .store()
        .finished(GameId::new(id))
        .expect("read")
        .expect("in history");
    let expected_outcome = match outcome_of(&entry.record) {
        Outcome::Winner(Seat::South) => Outcomes::WIN,
        Outcome::Winner(Seat::North) => Outcomes::LOSS,
        Outcome::Draw => Outcomes::DRAW,
    };
    let (south, north) = glicko2(
        &Glicko2Rating::new(),
        &Glicko2Rating::new(),
        &expected_outcome,
        &Glicko2Config::new(),
    );
    assert_eq!(crate_rating(glicko(&app, an().id.get())), south);
    assert_eq!(crate_rating(glicko(&app, binh().id.get())), north);
    // The final caption shows both changes.
    for (name, after) in [("An", south.rating), ("Bình", north.rating)] {
        let line = format!("{name}: rating 1500 → {}", after.round());
        assert!(board.text.contains(&line), "{line} in {}", board.text);
    }
    let an_record = app
        .store()
        .rating(GameKind::Oaq, GuildId::new(1), an().id)
        .expect("read")
        .expect("rated")
        .record;
    assert_eq!(an_record.games(), 1);
    assert!(an_record.glicko.deviation > PROVISIONAL_DEVIATION);
}

#[test]
fn a_resignation_loses_and_a_repeated_finish_never_rates_twice() {
    let (app, _clock) = app();
    let id = resigned(&app, &an(), &binh(), &an());
    let an_after = app
        .store()
        .rating(GameKind::Oaq, GuildId::new(1), an().id)
        .expect("read")
        .expect("rated");
    assert_eq!(
        (
            an_after.record.wins,
            an_after.record.losses,
            an_after.record.draws
        ),
        (0, 1, 0)
    );
    let (winner, loser) = glicko2(
        &Glicko2Rating::new(),
        &Glicko2Rating::new(),
        &Outcomes::WIN,
        &Glicko2Config::new(),
    );
    assert_eq!(crate_rating(glicko(&app, binh().id.get())), winner);
    assert_eq!(crate_rating(an_after.record.glicko), loser);

    // Finishing the same game again (a retry after a crash, a racing timeout) changes nothing.
    let game = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("kept");
    let again = FinishedGame {
        game: game.record.clone(),
        places: vec![0, 1],
        finished_ms: 9,
        ratings: None,
    };
    let rate = |_: &[Option<Glicko>], _: &[u8]| -> Vec<RatingChange> {
        panic!("a counted game is never rated again")
    };
    let (_, entry) = app
        .store()
        .finish_game(game.revision, &again, &rate, None)
        .expect("idempotent");
    assert_eq!(outcome_of(&entry.record), Outcome::Winner(Seat::North));
    assert_eq!(
        app.store()
            .rating(GameKind::Oaq, GuildId::new(1), an().id)
            .expect("read")
            .expect("rated")
            .record,
        an_after.record
    );
}

#[test]
fn games_in_direct_messages_are_kept_but_not_rated() {
    let (app, _clock) = app();
    let dm = Place {
        guild: None,
        channel: ChannelId::new(777),
    };
    let posted = app.challenge(
        &Caller::new(EN, dm, an()),
        request(Some(binh()), FirstPlayer::Challenger),
    );
    let id = challenge_id(&posted);
    app.click(
        &Caller::new(EN, dm, binh()),
        Action::Accept { challenge: id },
    );
    app.click(
        &Caller::new(EN, dm, an()),
        Action::ConfirmResign { game: id.cast() },
    );
    let entry = app
        .store()
        .finished(id.cast())
        .expect("read")
        .expect("kept");
    assert_eq!(entry.record.ratings, None);
    assert!(
        private(&app.leaderboard(&Caller::new(EN, dm, an()), GameKind::Oaq, None))
            .contains("per server")
    );
    let history = app.history(&Caller::new(EN, dm, an()), GameKind::Oaq, None);
    assert!(public(&history).text.contains(&format!("`{id}`")));
}

/// Player 100 ("Vô Địch") beats players 101..=100+`n` one game each, a second apart.
fn champion_beats(app: &App, clock: &FakeClock, n: u64) {
    let champion = user(100, "Vô Địch");
    for i in 1..=n {
        clock.advance_ms(1_000);
        resigned(
            app,
            &champion,
            &user(100 + i, &format!("P{i}")),
            &user(100 + i, ""),
        );
    }
}

#[test]
fn the_leaderboard_pages_ten_players_best_first_with_page_buttons() {
    let (app, clock) = app();
    assert!(
        private(&app.leaderboard(&Caller::new(EN, HERE, an()), GameKind::Oaq, None))
            .contains("Nobody is rated")
    );
    // Player 100 beats everyone; 101..=112 each lose one game to them.
    champion_beats(&app, &clock, 12);
    let page = app
        .store()
        .leaderboard(GameKind::Oaq, GuildId::new(1), 0, 10)
        .expect("read");
    assert_eq!(page.total, 13);
    assert_eq!(page.rows.len(), 10);
    assert_eq!(page.rows[0].1.user, UserId::new(100));
    assert_eq!(page.rows[0].0, 1);
    for pair in page.rows.windows(2) {
        let (a, b) = (&pair[0].1, &pair[1].1);
        assert!(
            a.glicko.rating > b.glicko.rating
                || (a.glicko.rating == b.glicko.rating && a.user < b.user),
            "{a:?} before {b:?}"
        );
    }

    let first = app.leaderboard(&Caller::new(EN, HERE, an()), GameKind::Oaq, None);
    let msg = public(&first);
    assert!(msg.text.contains("page 1 of 2"), "{}", msg.text);
    assert!(msg.picture().is_some_and(|p| p.starts_with(b"\x89PNG")));
    let buttons: Vec<&Button> = buttons(msg).collect();
    assert_eq!(buttons.len(), 2);
    assert!(buttons[0].disabled && !buttons[1].disabled);
    let next = app.click(&Caller::new(EN, HERE, an()), buttons[1].action);
    match &next.reply {
        Reply::Update(m) => {
            assert!(m.text.contains("page 2 of 2"), "{}", m.text);
            let b: Vec<&Button> = m.rows.iter().flatten().collect();
            assert!(!b[0].disabled && b[1].disabled);
        }
        other => panic!("{other:?}"),
    }
    let last = app
        .store()
        .leaderboard(GameKind::Oaq, GuildId::new(1), 1, 10)
        .expect("read");
    assert_eq!(last.rows.len(), 3);
    assert_eq!(last.rows[0].0, 11);
    assert!(
        private(&app.leaderboard(&Caller::new(EN, HERE, an()), GameKind::Oaq, Some(3)))
            .contains("2 pages")
    );
    assert_eq!(
        app.store()
            .rank(GameKind::Oaq, GuildId::new(1), UserId::new(100))
            .expect("rank"),
        Some(1)
    );
}

const VI: Locale = Locale::Vietnamese;

/// Another server, with players of its own.
const OTHER_SERVER: Place = Place {
    guild: Some(GuildId::new(2)),
    channel: ChannelId::new(900),
};

/// Issue 10: a leaderboard button names no server. A forged id (the old form names a server)
/// shows the leaderboard of the server the click comes from, or a private refusal, and never
/// anything of the server it names.
#[test]
fn issue_10_a_forged_leaderboard_id_shows_nothing_of_the_server_it_names() {
    let (app, _clock) = app();
    resigned(&app, &an(), &binh(), &binh());
    let secret = user(71, "Người Lạ Bí Mật");
    resigned_in(
        &app,
        OTHER_SERVER,
        &secret,
        &user(72, "Khách"),
        &user(72, ""),
    );
    let here = public(&app.leaderboard(&Caller::new(EN, HERE, an()), GameKind::Oaq, None)).clone();
    let there =
        public(&app.leaderboard(&Caller::new(EN, OTHER_SERVER, an()), GameKind::Oaq, None)).clone();
    assert_ne!(here.files, there.files, "the two servers' boards differ");

    let chi = user(33, "Chi");
    for forged in ["oaq:l:2:0", "oaq:l:0:en"] {
        let action = custom_id::decode(forged).expect("a leaderboard id");
        let clicked = app.click(&Caller::new(EN, HERE, chi.clone()), action);
        assert!(matches!(clicked.reply, Reply::Update(_)), "{forged}");
        let shown = public(&clicked);
        assert_eq!(shown, &here, "{forged}: this server's leaderboard");
        assert_ne!(shown.files, there.files, "{forged}");
    }
    // Where nobody is rated, a private refusal; outside a server, a clear private answer.
    let empty = Place {
        guild: Some(GuildId::new(3)),
        channel: ChannelId::new(300),
    };
    let action = custom_id::decode("oaq:l:2:0").expect("a leaderboard id");
    let refused = app.click(&Caller::new(EN, empty, chi.clone()), action);
    assert!(private(&refused).contains("Nobody is rated"));
    let dm = Place {
        guild: None,
        channel: ChannelId::new(5),
    };
    assert!(private(&app.click(&Caller::new(EN, dm, chi.clone()), action)).contains("per server"));
}

/// Issue 10: the page buttons keep the language the leaderboard was posted in, whoever
/// clicks; private answers still follow the clicker.
#[test]
fn issue_10_a_vietnamese_click_on_an_english_leaderboard_leaves_it_english() {
    let (app, clock) = app();
    champion_beats(&app, &clock, 11);
    for (posted_in, clicker) in [(EN, VI), (VI, EN)] {
        let first =
            public(&app.leaderboard(&Caller::new(posted_in, HERE, an()), GameKind::Oaq, None))
                .clone();
        let next = find(&first, |a| matches!(a, Action::Leaderboard { page: 1, .. }));
        assert_eq!(
            next,
            Action::Leaderboard {
                kind: GameKind::Oaq,
                page: 1,
                locale: posted_in
            }
        );
        let turned = app.click(&Caller::new(clicker, HERE, an()), next);
        let Reply::Update(second) = &turned.reply else {
            panic!("{turned:?}")
        };
        // Exactly page 2 as drawn in the language of the message: text, picture, buttons.
        let expected =
            public(&app.leaderboard(&Caller::new(posted_in, HERE, an()), GameKind::Oaq, Some(2)))
                .clone();
        assert_eq!(second, &expected, "posted in {posted_in:?}");
        let other =
            public(&app.leaderboard(&Caller::new(clicker, HERE, an()), GameKind::Oaq, Some(2)))
                .clone();
        assert_ne!(second.text, other.text);
        assert_ne!(second.files, other.files);
        let back = find(second, |a| matches!(a, Action::Leaderboard { page: 0, .. }));
        let again = app.click(&Caller::new(clicker, HERE, an()), back);
        assert_eq!(public(&again), &first);
    }
    // A refusal is private, in the clicker's language.
    let dm = Place {
        guild: None,
        channel: ChannelId::new(5),
    };
    let action = Action::Leaderboard {
        kind: GameKind::Oaq,
        page: 1,
        locale: EN,
    };
    assert_eq!(
        private(&app.click(&Caller::new(VI, dm, an()), action)),
        Text::OnlyInServers.render(VI)
    );
}

#[test]
fn stats_history_and_running_games() {
    let (app, clock) = app();
    let chi = user(33, "Chi");
    assert!(
        private(&app.stats(&Caller::new(EN, HERE, an()), GameKind::Oaq, None))
            .contains("has not finished")
    );
    let first = resigned(&app, &an(), &binh(), &binh());
    clock.advance_ms(60_000);
    let second = resigned(&app, &an(), &chi, &an());

    let stats = app.stats(
        &Caller::new(EN, HERE, chi.clone()),
        GameKind::Oaq,
        Some(&an()),
    );
    let msg = public(&stats);
    let rating = glicko(&app, an().id.get()).rating.round();
    assert!(msg.text.contains(&format!("**{rating}?**")), "{}", msg.text);
    assert!(msg.text.contains("1 won, 0 drawn, 1 lost"), "{}", msg.text);
    assert!(msg.picture().is_some_and(|p| p.starts_with(b"\x89PNG")));
    // Newest first.
    let a = msg.text.find(&format!("`{second}`")).expect("second game");
    let b = msg.text.find(&format!("`{first}`")).expect("first game");
    assert!(a < b, "{}", msg.text);

    let history = app.history(
        &Caller::new(EN, HERE, chi.clone()),
        GameKind::Oaq,
        Some(&binh()),
    );
    let text = &public(&history).text;
    assert!(text.contains(&format!("`{first}`")), "{text}");
    assert!(!text.contains(&format!("`{second}`")), "{text}");
    assert!(text.contains("lost to <@11> by resignation"), "{text}");
    let ended = (1_700_000_000_000u64) / 1000;
    assert!(text.contains(&format!("<t:{ended}:d>")), "{text}");
    let server = app.history(&Caller::new(EN, HERE, chi.clone()), GameKind::Oaq, None);
    assert!(public(&server).text.contains("<@33> won by resignation"));

    assert!(
        public(&app.games(&Caller::new(EN, HERE, an()), GameKind::Oaq))
            .text
            .contains("No game")
    );
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(chi.clone()), FirstPlayer::Challenger),
    );
    let id = challenge_id(&posted);
    app.click(
        &Caller::new(EN, HERE, chi.clone()),
        Action::Accept { challenge: id },
    );
    app.record_message(board_now(&app, id.get()), MessageId::new(4242));
    let games = app.games(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    let text = &public(&games).text;
    assert!(
        text.contains(&format!("`{id}` <@11> vs <@33>"))
            && text.contains("https://discord.com/channels/1/100/4242"),
        "{text}"
    );
    let elsewhere = Place {
        guild: Some(GuildId::new(2)),
        channel: ChannelId::new(5),
    };
    assert!(
        public(&app.games(&Caller::new(EN, elsewhere, an()), GameKind::Oaq))
            .text
            .contains("No game")
    );
}

/// Issue 27: a refusal names the commands of the game whose root was used, in the user's
/// language (`/shogi games` used to point to `/oaq challenge`).
#[test]
fn issue_27_refusals_name_the_commands_of_their_own_game() {
    let (app, _clock) = app();
    let vi = Locale::Vietnamese;
    let none = |kind, locale| {
        public(&app.games(&Caller::new(locale, HERE, an()), kind))
            .text
            .clone()
    };
    assert!(none(GameKind::Shogi, EN).contains("`/shogi challenge`"));
    assert!(none(GameKind::ChineseCheckers, EN).contains("`/chinese-checkers challenge`"));
    assert!(none(GameKind::Oaq, EN).contains("`/oaq challenge`"));
    assert!(none(GameKind::ChineseCheckers, vi).contains("`/co-nhay thach-dau`"));
    let board = app.board(&Caller::new(EN, HERE, an()), GameKind::Shogi);
    assert!(
        private(&board).contains("`/shogi challenge`"),
        "{}",
        private(&board)
    );
    let resign = app.resign(&Caller::new(vi, HERE, an()), GameKind::ChineseCheckers);
    assert!(
        private(&resign).contains("`/co-nhay thach-dau`"),
        "{}",
        private(&resign)
    );
    let typed = app.typed_move(&Caller::new(EN, HERE, an()), "7g7f", GameKind::Shogi);
    assert!(
        private(&typed).contains("`/shogi challenge`"),
        "{}",
        private(&typed)
    );
    let replay = app.find_replay(
        &Caller::new(EN, HERE, an()),
        GameId::new(99),
        GameKind::ChineseCheckers,
    );
    let Err(refusal) = replay else {
        panic!("there is no game 99");
    };
    assert!(
        private(&refusal).contains("`/chinese-checkers history`"),
        "{}",
        private(&refusal)
    );
    let dm = Place {
        guild: None,
        channel: ChannelId::new(9),
    };
    let settings = app.server_settings(
        &Caller::new(EN, dm, an()),
        true,
        oaq_bot::app::SettingsChange::default(),
        GameKind::Shogi,
    );
    assert!(
        private(&settings).contains("`/shogi settings`"),
        "{}",
        private(&settings)
    );
}

/// Splits a command line written by the game record (words, and one double-quoted value).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').expect("closing quote");
            words.push(quoted[..end].to_owned());
            rest = quoted[end + 1..].trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            words.push(rest[..end].to_owned());
            rest = rest[end..].trim_start();
        }
    }
    words
}

#[derive(Parser)]
struct Engine {
    #[command(subcommand)]
    command: OaqCommand,
}

/// Issue 10: a replay's last frame after a resignation marks nobody's turn; the frames before
/// it mark the player to move (green dot by the name; the GIF's colours are approximate).
#[test]
fn issue_10_the_last_frame_of_a_resigned_games_replay_marks_no_turn() {
    let (app, _clock) = app();
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Challenger),
    );
    let id = challenge_id(&posted);
    let board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    public(&app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0]));
    app.click(
        &Caller::new(EN, HERE, binh()),
        Action::ConfirmResign { game: id.cast() },
    );
    let request = app
        .find_replay(&Caller::new(EN, HERE, an()), id.cast(), GameKind::Oaq)
        .expect("found");
    let gif = public(&app.replay(EN, &request))
        .picture()
        .expect("a GIF")
        .to_vec();
    let frames = GifDecoder::new(Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames");
    assert_eq!(frames.len(), 2);
    let green = |frame: usize, (x, y): (u32, u32)| {
        let [r, g, b, _] = frames[frame].buffer().get_pixel(x, y).0;
        let turn = [0x2E, 0x8B, 0x57];
        [r, g, b]
            .iter()
            .zip(turn)
            .all(|(&c, t): (&u8, u8)| c.abs_diff(t) <= 24)
    };
    let (south_dot, north_dot) = ((48, 367), (48, 33));
    assert!(green(0, south_dot) && !green(0, north_dot), "South to move");
    assert!(
        !green(1, south_dot) && !green(1, north_dot),
        "resigned: no turn marker"
    );
}

#[test]
fn a_replay_is_a_gif_with_a_frame_per_move_and_a_record_the_cli_replays() {
    let (app, _clock) = app();
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        ChallengeRequest {
            opponent: Some(binh()),
            rules: RuleChoice::Oaq(OaqChoice {
                preset: Some(Preset::Folk),
                quan_value: Some(5),
            }),
            first: Some(FirstPlayer::Challenger),
        },
    );
    let id = challenge_id(&posted);
    let mut board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    let players = [an(), binh()];
    let mut plies = 0;
    while let Some(&action) = enabled_moves(&board)
        .get(plies % 3)
        .or(enabled_moves(&board).first())
    {
        board =
            public(&app.click(&Caller::new(EN, HERE, mover_of(action, &players)), action)).clone();
        plies += 1;
        assert!(plies <= 400, "the game must end");
    }
    assert!(
        board
            .rows
            .iter()
            .flatten()
            .all(|b| matches!(b.action, Action::Rematch { .. } | Action::Analyse { .. })),
        "only Rematch and Analyse are left: {}",
        board.text
    );
    let game = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("kept")
        .record;
    assert_eq!(game.moves.len(), plies);

    let started = Instant::now();
    let request = app
        .find_replay(
            &Caller::new(EN, HERE, user(33, "Chi")),
            id.cast(),
            GameKind::Oaq,
        )
        .expect("found");
    let replay = app.replay(EN, &request);
    eprintln!("replay of {plies} moves: {:?}", started.elapsed());
    let msg = public(&replay);
    let gif = msg.picture().expect("animation").to_vec();
    let frames = GifDecoder::new(Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("frames");
    assert_eq!(frames.len(), plies + 1);
    let delay = |i: usize| frames[i].delay().numer_denom_ms();
    assert!(delay(plies).0 / delay(plies).1.max(1) > delay(1).0 / delay(1).1.max(1));

    // The record replays through the engine command line to the game's final position.
    let record = msg
        .text
        .split("```\n")
        .nth(1)
        .expect("a code block")
        .trim_end_matches("```");
    let command = record
        .lines()
        .find_map(|l| l.strip_prefix("# oaq-bot engine oaq "))
        .expect("the replay command");
    assert!(
        command.contains("--rules folk --rule quan_value=5"),
        "{command}"
    );
    let mut args = vec![String::from("engine")];
    args.extend(words(command));
    let engine = Engine::try_parse_from(args).expect("the CLI accepts the command");
    let mut out = Vec::new();
    let mut err = Vec::new();
    engine
        .command
        .run(&mut Cursor::new(record.as_bytes()), &mut out, &mut err)
        .expect("runs");
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    let out = String::from_utf8(out).expect("UTF-8");
    let start = Position::parse(&game.start, rules_of(&game)).expect("start");
    let last = Game::replay(start, &moves_of(&game)).expect("replays");
    assert_eq!(
        out.lines().last(),
        Some(last.position().to_string().as_str())
    );

    // Another server cannot see the game; a missing id is explained privately.
    let elsewhere = Place {
        guild: Some(GuildId::new(2)),
        channel: ChannelId::new(5),
    };
    for (place, game) in [(elsewhere, id.cast()), (HERE, GameId::new(987_654))] {
        let refusal = app
            .find_replay(&Caller::new(EN, place, an()), game, GameKind::Oaq)
            .expect_err("refused");
        assert!(private(&refusal).contains("no game"));
    }
}
