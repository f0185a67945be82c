//! Whole games played through `oaq_bot::app` with a temporary store and a fake clock.

use oaq_bot::ids::{ChallengeId, ChannelId, GameId, GuildId, MessageId, TournamentId, UserId};
use oaq_bot_testkit::{pg, raw_sled};

mod checkers;
mod host;
mod lists;
mod outbox;
mod picker;
mod play;
mod reshard;
mod review;
mod settings;
mod shards;
mod shogi;
mod tournament;
mod upgrade;
mod upgrade_b9c7bf2;

use std::sync::Arc;

use oaq_bot::app::games::oaq::OaqChoice;
use oaq_bot::app::games::RuleChoice;
use oaq_bot::app::{
    Action, App, Button, Caller, ChallengeRequest, FakeClock, Locale, Msg, Place, Reply, Response,
    Settings, Shown, Track, UserRef,
};
use oaq_bot::games::oaq::{Game, Move, Position, Preset, Seat};
use oaq_bot::store::{ChannelEntry, FirstPlayer, GameKind, Hand, Store};

const TTL: u64 = 600_000;
/// The turn timeout of these tests: 15 minutes, the default.
const TURN: u64 = 900_000;
const EN: Locale = Locale::English;
const HERE: Place = Place {
    guild: Some(GuildId::new(1)),
    channel: ChannelId::new(100),
};

fn user(id: u64, name: &str) -> UserRef {
    UserRef {
        id: UserId::new(id),
        name: name.to_owned(),
        bot: false,
    }
}

fn an() -> UserRef {
    user(11, "An")
}

fn binh() -> UserRef {
    user(22, "Bình")
}

fn app_with(store: Store, clock: Arc<FakeClock>) -> App {
    let settings = Settings {
        challenge_ttl_ms: TTL,
        seed: 7,
        turn_ms: TURN,
        bot_move_ms: 20,
    };
    App::new(store, clock, settings).expect("app")
}

fn app() -> (App, Arc<FakeClock>) {
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    (
        app_with(Store::temporary().expect("store"), clock.clone()),
        clock,
    )
}

fn request(opponent: Option<UserRef>, first: FirstPlayer) -> ChallengeRequest {
    ChallengeRequest {
        opponent,
        rules: RuleChoice::Oaq(OaqChoice::default()),
        first: Some(first),
    }
}

/// Checks Discord's limits on every message the app produces: the bot's own check of what
/// Discord refuses, and the same limits counted here by hand.
fn check_limits(msg: &Msg) {
    if let Err(refusal) = oaq_bot::discord::components::check(msg) {
        panic!("Discord would refuse this message: {refusal}\n{msg:#?}");
    }
    assert!(msg.rows.len() <= 5, "{} rows", msg.rows.len());
    for row in &msg.rows {
        assert!(!row.is_empty() && row.len() <= 5, "{} buttons", row.len());
        for button in row {
            assert!(!button.label.is_empty() && button.label.chars().count() <= 80);
        }
    }
    assert!(msg.text.chars().count() <= 2000);
}

fn public(response: &Response) -> &Msg {
    match &response.reply {
        Reply::Post { msg, .. } | Reply::Update(msg) => {
            check_limits(msg);
            msg
        }
        Reply::Private(msg) => panic!("expected a public message, got private: {}", msg.text),
        Reply::Launch => panic!("expected a public message, got a launch"),
    }
}

fn private(response: &Response) -> &str {
    match &response.reply {
        Reply::Private(msg) => {
            check_limits(msg);
            &msg.text
        }
        other => panic!("expected a private answer, got {other:?}"),
    }
}

fn buttons(msg: &Msg) -> impl Iterator<Item = &Button> {
    msg.rows.iter().flatten()
}

fn find(msg: &Msg, pred: impl Fn(&Action) -> bool) -> Action {
    buttons(msg)
        .map(|b| b.action)
        .find(|a| pred(a))
        .unwrap_or_else(|| panic!("no such button in {:?}", msg.rows))
}

fn challenge_id(response: &Response) -> ChallengeId {
    match response.reply {
        Reply::Post {
            track: Some(Track::Challenge(id)),
            ..
        } => id,
        ref other => panic!("expected a tracked challenge post, got {other:?}"),
    }
}

/// Posts a challenge from An to Bình with a fixed first player and accepts it.
fn started(app: &App, first: FirstPlayer) -> (u64, Msg) {
    let posted = app.challenge(&Caller::new(EN, HERE, an()), request(Some(binh()), first));
    let id = challenge_id(&posted);
    let board = app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    );
    (id.get(), public(&board).clone())
}

/// Game `id`'s record as stored now.
fn record_of(app: &App, id: u64) -> oaq_bot::store::GameRecord {
    app.store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record
}

/// Game `id`'s board as it is now, as a board posted just now shows it.
fn board_now(app: &App, id: u64) -> Track {
    let stored = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    Track::Game(Shown {
        game: GameId::new(id),
        revision: stored.revision,
        plies: stored.record.moves.len() as u32,
    })
}

fn enabled_moves(msg: &Msg) -> Vec<Action> {
    buttons(msg)
        .filter(|b| !b.disabled && matches!(b.action, Action::Play { .. }))
        .map(|b| b.action)
        .collect()
}

/// A finished board: no move, resign or rules buttons, only Rematch and (for a game that
/// offers one) Analyse.
fn only_final_buttons(msg: &Msg) -> bool {
    let actions: Vec<Action> = buttons(msg).map(|b| b.action).collect();
    matches!(
        actions[..],
        [Action::Rematch { .. }] | [Action::Rematch { .. }, Action::Analyse { .. }]
    )
}

fn mover_of(action: Action, players: &[UserRef; 2]) -> UserRef {
    match action {
        Action::Play { mv, .. } => {
            match mv.as_str().parse::<Move>().expect("a move").square.owner() {
                Some(Seat::South) => players[0].clone(),
                _ => players[1].clone(),
            }
        }
        other => panic!("not a move: {other:?}"),
    }
}

#[test]
fn a_whole_game_is_played_by_clicking_until_the_final_count() {
    let (app, _clock) = app();
    let (id, mut board) = started(&app, FirstPlayer::Challenger);
    assert!(board.picture().is_some(), "the board carries its picture");
    assert!(board.text.contains("<@11> moves first"), "{}", board.text);
    assert_eq!(board.rows.len(), 3);
    let players = [an(), binh()];
    let mut plies = 0;
    while let Some(&action) = enabled_moves(&board)
        .get(plies % 3)
        .or(enabled_moves(&board).first())
    {
        let response = app.click(&Caller::new(EN, HERE, mover_of(action, &players)), action);
        board = public(&response).clone();
        assert!(
            board.picture().is_some(),
            "every board update re-attaches the PNG"
        );
        plies += 1;
        assert!(plies <= 400, "the game must end");
    }
    assert!(
        only_final_buttons(&board),
        "the final board has only the Rematch and Analyse buttons"
    );
    assert!(board.text.contains("Game over"), "{}", board.text);
    assert!(
        board.text.contains("wins") || board.text.contains("draw"),
        "{}",
        board.text
    );
    assert!(
        board.text.contains("on their row"),
        "final count shown: {}",
        board.text
    );

    let stored = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("kept");
    assert_eq!(stored.record.moves.len(), plies);
    let start = Position::parse(&stored.record.start, rules_of(&stored.record)).expect("start");
    let replayed = Game::replay(start, &moves_of(&stored.record)).expect("replays");
    assert!(replayed.position().is_over());
    assert_eq!(
        app.store().channel(HERE.channel).expect("read"),
        None,
        "channel freed"
    );
    // The channel takes a new challenge.
    let again = app.challenge(
        &Caller::new(EN, HERE, binh()),
        request(None, FirstPlayer::Coin),
    );
    challenge_id(&again);
}

#[test]
fn move_buttons_follow_the_picture_and_disable_empty_squares() {
    let (app, _clock) = app();
    let (_, board) = started(&app, FirstPlayer::Opponent);
    // Bình (South) moves first: the first row travels left, the second right, squares 1..5.
    let labels: Vec<Vec<&str>> = board
        .rows
        .iter()
        .map(|r| r.iter().map(|b| b.label.as_str()).collect())
        .collect();
    assert_eq!(labels[0], ["← 1", "← 2", "← 3", "← 4", "← 5"]);
    assert_eq!(labels[1], ["1 →", "2 →", "3 →", "4 →", "5 →"]);
    let first = find(
        &board,
        |a| matches!(a, Action::Play { mv, .. } if mv.to_string() == "3+"),
    );
    let after = public(&app.click(&Caller::new(EN, HERE, binh()), first)).clone();
    // North (An) to move: North's squares appear 5 4 3 2 1 from left to right, and North's
    // "+" travels left on screen.
    let top: Vec<&str> = after.rows[0].iter().map(|b| b.label.as_str()).collect();
    assert_eq!(top, ["← 5", "← 4", "← 3", "← 2", "← 1"]);
    match after.rows[0][0].action {
        Action::Play { mv, ply, .. } => {
            assert_eq!(mv.to_string(), "11+");
            assert_eq!(ply, 1);
        }
        other => panic!("{other:?}"),
    }
    // After 3+ (vector A3) North's square 9 (label 3) is empty: its buttons are disabled.
    assert!(after.rows[0][2].disabled && after.rows[1][2].disabled);
    assert!(!after.rows[0][0].disabled);
    assert!(
        after.text.contains("sowed square 3 to the right"),
        "{}",
        after.text
    );
    assert!(after.text.contains("relayed"), "{}", after.text);
}

#[test]
fn wrong_clicks_are_explained_privately_and_change_nothing() {
    let (app, _clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    let before = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    let a_move = enabled_moves(&board)[0];

    // Not your turn.
    let text = private(&app.click(&Caller::new(EN, HERE, binh()), a_move)).to_owned();
    assert!(text.contains("<@11>'s turn"), "{text}");
    // Not a player.
    let text = private(&app.click(&Caller::new(EN, HERE, user(33, "Chi")), a_move)).to_owned();
    assert!(text.contains("not playing"), "{text}");
    // A disabled (illegal) move sent anyway: North's square played by South.
    let forged = Action::Play {
        game: GameId::new(id),
        ply: 0,
        mv: "8+".parse().expect("move"),
    };
    let text = private(&app.click(&Caller::new(EN, HERE, an()), forged)).to_owned();
    assert!(text.contains("your own five squares"), "{text}");
    assert_eq!(
        app.store()
            .game(GameId::new(id))
            .expect("read")
            .expect("game"),
        before
    );

    // A valid click, then the same (now stale) board clicked again.
    public(&app.click(&Caller::new(EN, HERE, an()), a_move));
    let stale = app.click(&Caller::new(EN, HERE, an()), a_move);
    match &stale.reply {
        Reply::Private(msg) => {
            assert!(msg.text.contains("out of date"), "{}", msg.text);
            assert!(msg.picture().is_some(), "the current position comes along");
            assert!(msg.rows.is_empty());
        }
        other => panic!("{other:?}"),
    }
    let after = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    assert_eq!(after.record.moves.len(), 1, "exactly one move applied");
}

#[test]
fn two_racing_clicks_apply_exactly_one_move() {
    let (app, _clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    let moves = enabled_moves(&board);
    let app = Arc::new(app);
    let handles: Vec<_> = moves
        .iter()
        .take(4)
        .map(|&action| {
            let app = app.clone();
            std::thread::spawn(move || app.click(&Caller::new(EN, HERE, an()), action))
        })
        .collect();
    let updates = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .filter(|r| matches!(r.reply, Reply::Update(_)))
        .count();
    assert_eq!(updates, 1);
    let game = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    assert_eq!(game.record.moves.len(), 1);
}

#[test]
fn rock_paper_scissors_keeps_picks_hidden_and_replays_ties() {
    let (app, _clock) = app();
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Rps),
    );
    let id = challenge_id(&posted);
    let prompt = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    assert!(
        prompt.text.contains("rock, paper, scissors"),
        "{}",
        prompt.text
    );
    assert!(prompt.picture().is_none());
    let pick = |who: &UserRef, hand| {
        app.click(
            &Caller::new(EN, HERE, who.clone()),
            Action::Pick {
                challenge: id,
                hand,
            },
        )
    };

    // First pick: a private confirmation only; the public message is not touched.
    let first = pick(&an(), Hand::Rock);
    assert!(private(&first).contains("You picked 🪨 Rock"));
    assert!(first.effects.edits.is_empty());
    // A second pick in the same round is refused; outsiders cannot pick.
    assert!(private(&pick(&an(), Hand::Paper)).contains("already picked"));
    assert!(private(&pick(&user(33, "Chi"), Hand::Paper)).contains("two players"));
    // A tie replays.
    let tie = public(&pick(&binh(), Hand::Rock)).clone();
    assert!(tie.text.contains("Tie"), "{}", tie.text);
    assert!(app.store().game(id.cast()).expect("read").is_none());
    // Paper beats rock: Bình starts as South.
    private(&pick(&binh(), Hand::Paper));
    let board = public(&pick(&an(), Hand::Rock)).clone();
    assert!(board.picture().is_some());
    assert!(board.text.contains("<@22> moves first"), "{}", board.text);
    let game = app.store().game(id.cast()).expect("read").expect("game");
    assert_eq!(game.record.seats[0].id, UserId::new(22));
}

#[test]
fn challenges_expire_on_time_and_free_the_channel() {
    let (app, clock) = app();
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Coin),
    );
    let id = challenge_id(&posted);
    app.record_message(Track::Challenge(id), MessageId::new(555));
    clock.advance_ms(TTL - 1);
    assert!(app.expire_challenges().is_empty());
    clock.advance_ms(1);
    let edits = app.expire_challenges();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].message, Some(MessageId::new(555)));
    assert!(edits[0].msg.text.contains("expired"));
    assert!(
        edits[0].msg.rows.is_empty(),
        "the expired challenge loses its buttons"
    );
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
    assert!(private(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id }
    ))
    .contains("no longer open"));
}

#[test]
fn clicking_an_expired_challenge_says_so_in_place() {
    let (app, clock) = app();
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Coin),
    ));
    clock.advance_ms(TTL);
    let msg = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    assert!(msg.text.contains("expired") && msg.rows.is_empty());
    assert!(app.store().game(id.cast()).expect("read").is_none());
}

#[test]
fn one_game_or_challenge_per_channel_and_no_self_or_bot_challenges() {
    let (app, _clock) = app();
    assert!(private(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(an()), FirstPlayer::Rps)
    ))
    .contains("yourself"));
    let mut bot = user(99, "Robot");
    bot.bot = true;
    assert!(private(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(bot), FirstPlayer::Rps)
    ))
    .contains("Bots"));
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Coin),
    ));
    app.record_message(Track::Challenge(id), MessageId::new(777));
    let busy = private(&app.challenge(
        &Caller::new(EN, HERE, binh()),
        request(None, FirstPlayer::Coin),
    ))
    .to_owned();
    assert!(busy.contains("thread"), "{busy}");
    assert!(
        busy.contains("https://discord.com/channels/1/100/777"),
        "{busy}"
    );
    // An open challenge: the challenger cannot take it, anyone else can.
    assert!(private(&app.click(
        &Caller::new(EN, HERE, an()),
        Action::Accept { challenge: id }
    ))
    .contains("your own"));
    let board = public(&app.click(
        &Caller::new(EN, HERE, user(33, "Chi")),
        Action::Accept { challenge: id },
    ))
    .clone();
    assert!(board.picture().is_some());
    let busy = private(&app.challenge(
        &Caller::new(EN, HERE, binh()),
        request(None, FirstPlayer::Coin),
    ))
    .to_owned();
    assert!(busy.contains("game is already being played"), "{busy}");
    // Another channel (a thread) is free.
    let thread = Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(101),
    };
    challenge_id(&app.challenge(
        &Caller::new(EN, thread, binh()),
        request(None, FirstPlayer::Coin),
    ));
}

#[test]
fn decline_and_cancel_belong_to_the_right_players() {
    let (app, _clock) = app();
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Coin),
    ));
    assert!(private(&app.click(
        &Caller::new(EN, HERE, an()),
        Action::Decline { challenge: id }
    ))
    .contains("challenged player"));
    assert!(private(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Cancel { challenge: id }
    ))
    .contains("Only <@11>"));
    let declined = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Decline { challenge: id },
    ))
    .clone();
    assert!(declined.text.contains("declined") && declined.rows.is_empty());
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);

    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Coin),
    ));
    let cancelled = public(&app.click(
        &Caller::new(EN, HERE, an()),
        Action::Cancel { challenge: id },
    ))
    .clone();
    assert!(cancelled.text.contains("cancelled"));
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
}

#[test]
fn resigning_asks_first_then_ends_the_game_on_the_board_message() {
    let (app, _clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    app.record_message(board_now(&app, id), MessageId::new(4242));
    let resign = find(&board, |a| matches!(a, Action::Resign { .. }));
    assert!(
        private(&app.click(&Caller::new(EN, HERE, user(33, "Chi")), resign))
            .contains("not playing")
    );
    let ask = app.click(&Caller::new(EN, HERE, binh()), resign);
    let confirm = match &ask.reply {
        Reply::Private(msg) => find(msg, |a| matches!(a, Action::ConfirmResign { .. })),
        other => panic!("{other:?}"),
    };
    assert!(resigned(
        &app.store()
            .game(GameId::new(id))
            .expect("read")
            .expect("game")
            .record
    )
    .is_none());
    let done = app.click(&Caller::new(EN, HERE, binh()), confirm);
    assert!(matches!(&done.reply, Reply::Update(m) if m.text.contains("You resigned")));
    assert_eq!(done.effects.edits.len(), 1);
    let edit = &done.effects.edits[0];
    assert_eq!(edit.message, Some(MessageId::new(4242)));
    assert!(edit.msg.picture().is_some() && only_final_buttons(&edit.msg));
    assert!(
        edit.msg.text.contains("<@22> resigned"),
        "{}",
        edit.msg.text
    );
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
    // Clicking the finished game's old buttons is refused.
    assert!(
        private(&app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0]))
            .contains("over")
    );
}

#[test]
fn the_resign_board_rules_and_help_commands() {
    let (app, _clock) = app();
    assert!(private(&app.board(&Caller::new(EN, HERE, an()), GameKind::Oaq)).contains("no game"));
    assert!(
        private(&app.rules(&Caller::new(EN, HERE, an()), GameKind::Oaq))
            .contains("default rules are standard")
    );
    assert!(private(&app.help(EN, GameKind::Oaq)).contains("/oaq challenge"));
    let (id, _) = started(&app, FirstPlayer::Challenger);
    let reposted = app.board(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    assert!(
        matches!(reposted.reply, Reply::Post { track: Some(Track::Game(g)), .. } if g.game == GameId::new(id))
    );
    assert!(public(&reposted).picture().is_some());
    assert!(
        private(&app.rules(&Caller::new(EN, HERE, an()), GameKind::Oaq))
            .contains("Rules of this game: standard")
    );
    assert!(
        private(&app.resign(&Caller::new(EN, HERE, user(33, "Chi")), GameKind::Oaq))
            .contains("not playing")
    );
    let resigned = app.resign(&Caller::new(EN, HERE, an()), GameKind::Oaq);
    // No board message id is known: the final board is posted.
    let msg = public(&resigned);
    assert!(msg.picture().is_some() && only_final_buttons(msg));
    assert!(msg.text.contains("<@11> resigned"), "{}", msg.text);
    assert!(private(&app.resign(&Caller::new(EN, HERE, an()), GameKind::Oaq)).contains("no game"));
}

#[test]
fn a_restart_mid_game_keeps_every_move_and_the_old_buttons_work() {
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let board = {
        let app = app_with(Store::open(dir.path()).expect("open"), clock.clone());
        let (_, board) = started(&app, FirstPlayer::Challenger);
        let first = enabled_moves(&board)[0];
        public(&app.click(&Caller::new(EN, HERE, an()), first)).clone()
    };
    let app = app_with(Store::open(dir.path()).expect("reopen"), clock);
    let next = enabled_moves(&board)[0];
    let after = public(&app.click(&Caller::new(EN, HERE, binh()), next)).clone();
    assert!(after.picture().is_some());
    match enabled_moves(&after)[0] {
        Action::Play { ply, .. } => assert_eq!(ply, 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_damaged_game_record_is_reported_and_left_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let (id, board) = {
        let app = app_with(Store::open(dir.path()).expect("open"), clock.clone());
        started(&app, FirstPlayer::Challenger)
    };
    let garbage = b"{\"schema\":1,\"revision\":1,\"record\":{\"id\":\"oops\"}}";
    {
        let db = raw_sled(dir.path());
        let games = db.open_tree("games").expect("tree");
        games
            .insert(id.to_be_bytes(), &garbage[..])
            .expect("insert");
        db.flush().expect("flush");
    }
    let app = app_with(Store::open(dir.path()).expect("reopen"), clock);
    let text =
        private(&app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0])).to_owned();
    assert!(text.contains("damaged"), "{text}");
    assert!(private(&app.board(&Caller::new(EN, HERE, an()), GameKind::Oaq)).contains("damaged"));
    let challenge = app.challenge(
        &Caller::new(EN, HERE, binh()),
        request(None, FirstPlayer::Coin),
    );
    assert!(
        matches!(challenge.reply, Reply::Private(_)),
        "the busy channel is not taken over"
    );
    assert_eq!(
        app.store().channel(HERE.channel).expect("read"),
        Some(ChannelEntry::Game(GameId::new(id)))
    );
    drop(app);
    let db = raw_sled(dir.path());
    let bytes = db
        .open_tree("games")
        .expect("tree")
        .get(id.to_be_bytes())
        .expect("get");
    assert_eq!(bytes.as_deref(), Some(&garbage[..]), "never overwritten");
}

#[test]
fn a_coin_toss_picks_one_of_the_two_players_and_rules_options_apply() {
    let (app, _clock) = app();
    let mut req = request(Some(binh()), FirstPlayer::Coin);
    req.rules = RuleChoice::Oaq(OaqChoice {
        preset: Some(Preset::Folk),
        quan_value: Some(5),
    });
    let id = challenge_id(&app.challenge(&Caller::new(EN, HERE, an()), req));
    let board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ))
    .clone();
    assert!(board.text.contains("Coin toss"), "{}", board.text);
    let game = app.store().game(id.cast()).expect("read").expect("game");
    let ids = [game.record.seats[0].id.get(), game.record.seats[1].id.get()];
    assert!(ids == [11, 22] || ids == [22, 11]);
    assert_eq!(rules_of(&game.record).quan_value, 5);
    assert!(rules_of(&game.record).empty_mandarin_is_gap, "folk rules");
}
/// Issue 10: buttons carry no authority. A challenge's or a game's buttons clicked in another
/// channel (or server, or a direct message) are refused and change nothing; where the record
/// lives they work.
#[test]
fn issue_10_buttons_of_a_challenge_or_game_do_nothing_in_another_channel() {
    let (app, _clock) = app();
    let elsewhere = [
        Place {
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(200),
        },
        Place {
            guild: Some(GuildId::new(2)),
            channel: ChannelId::new(100),
        },
        Place {
            guild: None,
            channel: ChannelId::new(5),
        },
    ];
    let refused = |place: Place, who: &UserRef, action: Action| {
        let response = app.click(&Caller::new(EN, place, who.clone()), action);
        let text = private(&response).to_owned();
        assert!(
            text.contains("another channel"),
            "{place:?} {action:?}: {text}"
        );
        assert!(response.effects.edits.is_empty() && response.effects.computer.is_none());
    };
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Rps),
    ));
    let challenge = app.store().challenge(id).expect("read");
    for place in elsewhere {
        refused(place, &binh(), Action::Accept { challenge: id });
        refused(place, &binh(), Action::Decline { challenge: id });
        refused(place, &an(), Action::Cancel { challenge: id });
    }
    assert_eq!(app.store().challenge(id).expect("read"), challenge);
    public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ));
    for place in elsewhere {
        refused(
            place,
            &an(),
            Action::Pick {
                challenge: id,
                hand: Hand::Rock,
            },
        );
    }
    private(&app.click(
        &Caller::new(EN, HERE, an()),
        Action::Pick {
            challenge: id,
            hand: Hand::Rock,
        },
    ));
    let board = public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Pick {
            challenge: id,
            hand: Hand::Scissors,
        },
    ))
    .clone();
    assert!(board.picture().is_some(), "An won the pick and moves first");

    let game = app.store().game(id.cast()).expect("read");
    let a_move = enabled_moves(&board)[0];
    for place in elsewhere {
        refused(place, &an(), a_move);
        refused(place, &an(), Action::Resign { game: id.cast() });
        refused(place, &an(), Action::ConfirmResign { game: id.cast() });
        refused(place, &an(), Action::Rules { game: id.cast() });
    }
    assert_eq!(
        app.store().game(id.cast()).expect("read"),
        game,
        "nothing changed"
    );
    public(&app.click(&Caller::new(EN, HERE, an()), a_move));
    app.click(
        &Caller::new(EN, HERE, binh()),
        Action::ConfirmResign { game: id.cast() },
    );
    for place in elsewhere {
        refused(place, &an(), Action::Rematch { game: id.cast() });
    }
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
    challenge_id(&app.click(
        &Caller::new(EN, HERE, an()),
        Action::Rematch { game: id.cast() },
    ));
}

/// Issue 10: a public message keeps the language it was posted in: declining or cancelling an
/// English challenge from a Vietnamese client leaves it English.
#[test]
fn issue_10_declining_or_cancelling_keeps_the_challenges_language() {
    let (app, _clock) = app();
    let vi = Locale::Vietnamese;
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Coin),
    ));
    let declined = public(&app.click(
        &Caller::new(vi, HERE, binh()),
        Action::Decline { challenge: id },
    ))
    .clone();
    let expected = oaq_bot::app::Text::ChallengeDeclined {
        challenger: an().id,
        opponent: binh().id,
    };
    assert_eq!(declined.text, expected.render(EN));
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Coin),
    ));
    let cancelled = public(&app.click(
        &Caller::new(vi, HERE, an()),
        Action::Cancel { challenge: id },
    ))
    .clone();
    let expected = oaq_bot::app::Text::ChallengeCancelled {
        challenger: an().id,
    };
    assert_eq!(cancelled.text, expected.render(EN));
    // Refusals stay private, in the clicker's language.
    let id = challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Coin),
    ));
    let refused = private(&app.click(
        &Caller::new(vi, HERE, binh()),
        Action::Cancel { challenge: id },
    ))
    .to_owned();
    let expected = oaq_bot::app::Text::OnlyChallengerCancels {
        challenger: an().id,
    };
    assert_eq!(refused, expected.render(vi));
}

/// Which players' turn a board picture marks, South then North: the green dot by the name and
/// the green bar along the row (see the layout in `render/oaq.rs`).
fn turn_marks(msg: &Msg) -> [bool; 2] {
    const TURN: [u8; 3] = [0x2E, 0x8B, 0x57];
    let png = msg.picture().expect("a board picture");
    let image = image::load_from_memory(png).expect("a PNG").to_rgb8();
    let marked = |dot: (u32, u32), bar: (u32, u32)| {
        let dot = image.get_pixel(dot.0, dot.1).0 == TURN;
        let bar = image.get_pixel(bar.0, bar.1).0 == TURN;
        assert_eq!(dot, bar, "the dot and the bar go together");
        dot
    };
    [marked((48, 367), (170, 294)), marked((48, 33), (170, 106))]
}

/// Issue 10: the final picture after a resignation or a timeout marks nobody's turn (the
/// position still names the player who was to move).
#[test]
fn issue_10_the_final_board_after_a_resignation_or_a_timeout_marks_no_turn() {
    let (app, clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    assert_eq!(turn_marks(&board), [true, false], "An (South) to move");
    let moved = public(&app.click(&Caller::new(EN, HERE, an()), enabled_moves(&board)[0])).clone();
    assert_eq!(turn_marks(&moved), [false, true], "Bình (North) to move");
    let resigned = app.click(
        &Caller::new(EN, HERE, binh()),
        Action::ConfirmResign {
            game: GameId::new(id),
        },
    );
    let last = &resigned.effects.edits[0].msg;
    assert!(only_final_buttons(last));
    assert_eq!(turn_marks(last), [false, false], "resigned: no turn marker");

    let (id, board) = started(&app, FirstPlayer::Challenger);
    assert_eq!(turn_marks(&board), [true, false]);
    clock.advance_ms(TURN);
    let edits = app.expire_turns();
    assert_eq!(edits.len(), 1);
    let last = &edits[0].msg;
    assert!(last.text.contains("ran out of time"), "{}", last.text);
    assert!(only_final_buttons(last));
    assert_eq!(
        turn_marks(last),
        [false, false],
        "timed out: no turn marker"
    );
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(timed_out(&record), Some(Seat::South));
}

mod social;

/// A stored game's rules, read as Ô ăn quan rules.
fn rules_of(record: &oaq_bot::store::GameRecord) -> oaq_bot::games::oaq::Rules {
    serde_json::from_value(record.rules.clone()).expect("Ô ăn quan rules")
}

/// A stored game's moves, read as Ô ăn quan moves.
fn moves_of(record: &oaq_bot::store::GameRecord) -> Vec<oaq_bot::games::oaq::Move> {
    record
        .moves
        .iter()
        .map(|m| m.parse().expect("a move"))
        .collect()
}

/// The seat (South 0, North 1) that left the game for `why`, if one did.
fn retired(record: &oaq_bot::store::GameRecord, why: oaq_bot::store::Retirement) -> Option<Seat> {
    record
        .retired
        .iter()
        .find(|r| r.why == why)
        .map(|r| Seat::BOTH[r.seat])
}

/// The seat that ran out of time, if one did.
fn timed_out(record: &oaq_bot::store::GameRecord) -> Option<Seat> {
    retired(record, oaq_bot::store::Retirement::TimedOut)
}

/// The seat that resigned, if one did.
fn resigned(record: &oaq_bot::store::GameRecord) -> Option<Seat> {
    retired(record, oaq_bot::store::Retirement::Resigned)
}

/// The seat that lost by resigning or running out of time, if one did.
fn forfeited(record: &oaq_bot::store::GameRecord) -> Option<Seat> {
    record.retired.first().map(|r| Seat::BOTH[r.seat])
}

/// A history entry's result as an Ô ăn quan outcome.
fn outcome_of(entry: &oaq_bot::store::FinishedGame) -> oaq_bot::games::oaq::Outcome {
    use oaq_bot::games::oaq::Outcome;
    match entry.places[..] {
        [0, 1] => Outcome::Winner(Seat::South),
        [1, 0] => Outcome::Winner(Seat::North),
        [0, 0] => Outcome::Draw,
        ref other => panic!("places {other:?}"),
    }
}
