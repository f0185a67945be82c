//! `/oaq settings`: refused without Manage Server, applied with it, and used by new games.

use super::*;
use oaq_bot::app::SettingsChange;
use oaq_bot::games::oaq::Rules;

const ELSEWHERE: Place = Place {
    guild: Some(GuildId::new(1)),
    channel: ChannelId::new(200),
};

#[test]
fn settings_are_refused_without_manage_server_and_in_direct_messages() {
    let (app, _clock) = app();
    let change = SettingsChange {
        turn_timeout_s: Some(3600),
        ..SettingsChange::default()
    };
    let refused = app.server_settings(
        &Caller::new(EN, HERE, an()),
        false,
        change.clone(),
        GameKind::Oaq,
    );
    assert!(private(&refused).contains("Manage Server"));
    let dm = Place {
        guild: None,
        channel: ChannelId::new(5),
    };
    assert!(
        private(&app.server_settings(&Caller::new(EN, dm, an()), true, change, GameKind::Oaq))
            .contains("server")
    );
    assert_eq!(
        app.store()
            .guild_settings(GuildId::new(1))
            .expect("read")
            .revision,
        0
    );
}

#[test]
fn an_admin_changes_the_defaults_and_new_challenges_use_them() {
    let (app, _clock) = app();
    let shown = app.server_settings(
        &Caller::new(EN, HERE, an()),
        true,
        SettingsChange::default(),
        GameKind::Oaq,
    );
    let text = private(&shown);
    assert!(text.contains("Settings of this server"), "{text}");
    assert!(text.contains("Time per move: 15 min"), "{text}");
    let change = SettingsChange {
        rules: Some(RuleChoice::Oaq(OaqChoice {
            preset: Some(Preset::Folk),
            quan_value: Some(5),
        })),
        first: Some(FirstPlayer::Opponent),
        turn_timeout_s: Some(2 * 3600),
        challenge_timeout_s: Some(120),
        ..SettingsChange::default()
    };
    let changed = app.server_settings(&Caller::new(EN, HERE, an()), true, change, GameKind::Oaq);
    let text = private(&changed);
    assert!(text.contains("Settings updated"), "{text}");
    assert!(text.contains("Default rules: folk"), "{text}");
    assert!(text.contains("worth 5"), "{text}");
    assert!(text.contains("Time per move: 2 h"), "{text}");
    assert!(text.contains("expire after: 2 min"), "{text}");

    let mut req = request(Some(binh()), FirstPlayer::Rps);
    req.first = None;
    let posted = app.challenge(&Caller::new(EN, HERE, an()), req);
    let id = challenge_id(&posted);
    let challenge = app
        .store()
        .challenge(id)
        .expect("read")
        .expect("challenge")
        .record;
    assert_eq!(challenge.first, FirstPlayer::Opponent);
    let rules: Rules = serde_json::from_value(challenge.rules.clone()).expect("rules");
    assert_eq!(rules.quan_value, 5);
    let mut folk = Preset::Folk.rules();
    folk.quan_value = 5;
    assert_eq!(rules, folk);
    assert_eq!(challenge.expires_ms - challenge.created_ms, 120_000);
    app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    );
    let game = app
        .store()
        .game(id.cast())
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(game.turn_ms, Some(2 * 3600 * 1000));
    assert_eq!(game.seats[0].id, binh().id, "the opponent starts");
}

#[test]
fn out_of_range_timeouts_are_refused_and_change_nothing() {
    let (app, _clock) = app();
    for turn in [59, 7 * 24 * 3600 + 1] {
        let change = SettingsChange {
            turn_timeout_s: Some(turn),
            first: Some(FirstPlayer::Coin),
            ..SettingsChange::default()
        };
        let refused =
            app.server_settings(&Caller::new(EN, HERE, an()), true, change, GameKind::Oaq);
        assert!(private(&refused).contains("between 1 min and 7 d"));
    }
    let change = SettingsChange {
        challenge_timeout_s: Some(30),
        ..SettingsChange::default()
    };
    assert!(private(&app.server_settings(
        &Caller::new(EN, HERE, an()),
        true,
        change,
        GameKind::Oaq
    ))
    .contains("between"));
    assert_eq!(
        app.store()
            .guild_settings(GuildId::new(1))
            .expect("read")
            .revision,
        0
    );
    for turn in [60, 7 * 24 * 3600] {
        let change = SettingsChange {
            turn_timeout_s: Some(turn),
            ..SettingsChange::default()
        };
        assert!(private(&app.server_settings(
            &Caller::new(EN, HERE, an()),
            true,
            change,
            GameKind::Oaq
        ))
        .contains("updated"));
    }
}

#[test]
fn games_start_only_in_the_allowed_channels() {
    let (app, _clock) = app();
    let change = SettingsChange {
        allow_channel: Some(ELSEWHERE.channel),
        ..SettingsChange::default()
    };
    assert!(private(&app.server_settings(
        &Caller::new(EN, HERE, an()),
        true,
        change,
        GameKind::Oaq
    ))
    .contains("<#200>"));
    let refused = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Rps),
    );
    let text = private(&refused);
    assert!(
        text.contains("not played in this channel") && text.contains("<#200>"),
        "{text}"
    );
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
    challenge_id(&app.challenge(
        &Caller::new(EN, ELSEWHERE, an()),
        request(None, FirstPlayer::Rps),
    ));
    let again = SettingsChange {
        any_channel: true,
        ..SettingsChange::default()
    };
    assert!(private(&app.server_settings(
        &Caller::new(EN, HERE, an()),
        true,
        again,
        GameKind::Oaq
    ))
    .contains("every channel"));
    challenge_id(&app.challenge(
        &Caller::new(EN, HERE, an()),
        request(None, FirstPlayer::Rps),
    ));
}

/// Turns a game's own thread on in the server, and posts An's challenge to Bình (An moves
/// first); returns its id.
fn challenge_with_threads_on(app: &App) -> u64 {
    let change = SettingsChange {
        threads: Some(true),
        ..SettingsChange::default()
    };
    assert!(private(&app.server_settings(
        &Caller::new(EN, HERE, an()),
        true,
        change,
        GameKind::Oaq
    ))
    .contains("own thread: yes"));
    let posted = app.challenge(
        &Caller::new(EN, HERE, an()),
        request(Some(binh()), FirstPlayer::Challenger),
    );
    challenge_id(&posted).get()
}

/// An opponent who accepts before the bot has read back its challenge's message id (a quick
/// click): the clicked message is the challenge's, and the game still goes to its thread.
#[test]
fn a_challenge_accepted_before_its_message_id_is_known_still_gets_its_thread() {
    let (app, _clock) = app();
    let id = challenge_with_threads_on(&app);
    let accept = Action::Accept {
        challenge: ChallengeId::new(id),
    };
    let accepted = app.click_on(
        &Caller::new(EN, HERE, binh()),
        accept,
        Some(MessageId::new(5151)),
    );
    let pointer = public(&accepted);
    assert!(
        pointer.text.contains("played in the thread"),
        "{}",
        pointer.text
    );
    let request = accepted.effects.thread.clone().expect("a thread to open");
    assert_eq!(
        (request.game, request.message),
        (GameId::new(id), MessageId::new(5151))
    );
}

#[test]
fn with_threads_on_an_accepted_challenge_moves_its_game_into_a_thread() {
    let (app, _clock) = app();
    let id = challenge_with_threads_on(&app);
    app.record_message(Track::Challenge(ChallengeId::new(id)), MessageId::new(5150));
    let accepted = app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept {
            challenge: ChallengeId::new(id),
        },
    );
    let pointer = public(&accepted);
    assert!(
        pointer.text.contains("played in the thread"),
        "{}",
        pointer.text
    );
    assert!(pointer.rows.is_empty() && pointer.picture().is_none());
    let request = accepted.effects.thread.clone().expect("a thread to open");
    assert_eq!(
        (request.game, request.channel, request.message),
        (GameId::new(id), HERE.channel, MessageId::new(5150))
    );
    assert_eq!(request.name, "Ô ăn quan: An vs Bình");

    let thread = 6000;
    let edit = app
        .move_to_thread(GameId::new(id), Some(ChannelId::new(thread)))
        .expect("the board");
    assert_eq!((edit.channel, edit.message), (ChannelId::new(thread), None));
    check_limits(&edit.msg);
    assert!(!enabled_moves(&edit.msg).is_empty());
    assert_eq!(app.store().channel(HERE.channel).expect("read"), None);
    assert_eq!(
        app.store().channel(ChannelId::new(thread)).expect("read"),
        Some(ChannelEntry::Game(GameId::new(id)))
    );
    app.record_message(board_now(&app, id), MessageId::new(6001));
    let in_thread = Place {
        guild: HERE.guild,
        channel: ChannelId::new(thread),
    };
    let moved = app.click(
        &Caller::new(EN, in_thread, an()),
        enabled_moves(&edit.msg)[0],
    );
    public(&moved);
    let record = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game")
        .record;
    assert_eq!(
        (record.channel, record.message, record.moves.len()),
        (ChannelId::new(thread), Some(MessageId::new(6001)), 1)
    );
    // The parent channel is free for the next challenge.
    challenge_id(&app.challenge(&Caller::new(EN, HERE, user(33, "Chi")), request_open()));
}

#[test]
fn without_a_thread_the_game_stays_in_its_channel_with_a_new_board() {
    let (app, _clock) = app();
    let id = challenge_with_threads_on(&app);
    app.record_message(Track::Challenge(ChallengeId::new(id)), MessageId::new(5150));
    app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept {
            challenge: ChallengeId::new(id),
        },
    );
    let edit = app
        .move_to_thread(GameId::new(id), None)
        .expect("the board");
    assert_eq!((edit.channel, edit.message), (HERE.channel, None));
    assert_eq!(
        app.store().channel(HERE.channel).expect("read"),
        Some(ChannelEntry::Game(GameId::new(id)))
    );
}

fn request_open() -> ChallengeRequest {
    request(None, FirstPlayer::Rps)
}
