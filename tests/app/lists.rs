//! Answers that list things as text: the running games are paged, and every list fits
//! Discord's limits at its largest (`check_limits` checks each message the helpers see).

use oaq_bot::app::GAMES_PER_PAGE as PER_PAGE;
use oaq_bot::store::{GameRecord, Player};
use oaq_bot_testkit::{long_games, stored_games};

use super::*;

/// The ids the page lists, in order (each game's line starts with its id in backticks).
fn listed(msg: &Msg) -> Vec<u64> {
    msg.text
        .lines()
        .filter_map(|line| line.strip_prefix("• `")?.split('`').next()?.parse().ok())
        .collect()
}

/// The page button that turns `msg` to its next page, if it is enabled.
fn next_page(msg: &Msg) -> Option<Action> {
    let next = msg.rows.iter().flatten().nth(1)?;
    (!next.disabled).then_some(next.action)
}

#[test]
fn the_running_games_page_through_every_game_of_the_server_once() {
    let (app, _clock) = app();
    let store = app.store();
    let mut ours = Vec::new();
    for id in 1..=40 {
        let game = stored_games::record(id, 1, 3);
        store.create_game(&game).expect("create");
        ours.push(id);
    }
    // A game of another server and a Shogi game here are not listed.
    store
        .create_game(&stored_games::record(41, 2, 3))
        .expect("create");
    store
        .create_game(&GameRecord {
            kind: GameKind::Shogi,
            ..stored_games::record(42, 1, 0)
        })
        .expect("create");

    let mut seen = Vec::new();
    let mut msg = public(&app.games(&Caller::new(EN, HERE, an()), GameKind::Oaq)).clone();
    let pages = 40usize.div_ceil(PER_PAGE);
    for page in 1..=pages {
        assert!(
            msg.text.contains(&format!(
                "Page {page} of {pages} · 40 games being played in all"
            )),
            "{}",
            msg.text
        );
        for id in listed(&msg) {
            assert!(
                msg.text.contains(&format!(
                    "https://discord.com/channels/1/{}/{}",
                    1_000_000 + id,
                    5_000_000 + id
                )),
                "game {id} links to its board: {}",
                msg.text
            );
            seen.push(id);
        }
        match next_page(&msg) {
            Some(action) => {
                assert!(page < pages, "a next page after the last one");
                // Another member turns the page: the message keeps its language.
                msg = match app
                    .click(&Caller::new(Locale::Vietnamese, HERE, binh()), action)
                    .reply
                {
                    Reply::Update(msg) => msg,
                    other => panic!("a page turn updates the message, not {other:?}"),
                };
                check_limits(&msg);
            }
            None => assert_eq!(page, pages, "the last page has no next page"),
        }
    }
    assert_eq!(seen, ours, "every game once, oldest first");

    // A game that ends leaves the list; a page beyond the end shows the last one.
    let stored = store.game(GameId::new(40)).expect("read").expect("game 40");
    stored_games::resign(store, stored.record, stored.revision);
    let last = Action::Games {
        kind: GameKind::Oaq,
        page: 99,
        locale: EN,
    };
    let Reply::Update(msg) = app.click(&Caller::new(EN, HERE, an()), last).reply else {
        panic!("a page turn updates the message");
    };
    assert!(
        msg.text.contains("39 games being played in all"),
        "{}",
        msg.text
    );
    assert_eq!(listed(&msg), (37..=39).collect::<Vec<_>>());
    // The server's own list, never another's: the same button in server 2 lists game 41.
    let elsewhere = Place {
        guild: Some(GuildId::new(2)),
        channel: ChannelId::new(5),
    };
    let Reply::Update(msg) = app.click(&Caller::new(EN, elsewhere, an()), last).reply else {
        panic!("a page turn updates the message");
    };
    assert_eq!(listed(&msg), [41]);
}

/// Discord's largest snowflakes (20 digits), for every id a line of the list prints.
const BIG: u64 = 18_446_744_073_709_551_000;

/// Game `id` of `kind` with its most seats and moves, every id it prints as long as it can be.
fn largest(template: &GameRecord, id: u64) -> GameRecord {
    GameRecord {
        id: GameId::new(id),
        guild: Some(GuildId::new(BIG)),
        channel: ChannelId::new(BIG - id),
        message: Some(MessageId::new(BIG - 1000 - id)),
        seats: (0..template.seats.len() as u64)
            .map(|seat| Player {
                id: UserId::new(BIG + seat),
                name: "Nguyễn Thị Ánh Hồng Phương Thảo Nguyên".to_owned(),
                computer: None,
            })
            .collect(),
        ..template.clone()
    }
}

#[test]
fn a_full_page_of_running_games_fits_at_its_largest() {
    let (app, _clock) = app();
    // Ids below 2^53, as the store hands out (see `store/ids.rs`).
    let first = (1u64 << 53) - 100;
    for kind in GameKind::ALL {
        let template = long_games::record(kind, 1, BIG);
        let base = first + 10 * kind.code() as u64;
        for id in base..base + PER_PAGE as u64 + 1 {
            app.store()
                .create_game(&largest(&template, id))
                .expect("create");
        }
        let here = Place {
            guild: Some(GuildId::new(BIG)),
            channel: ChannelId::new(1),
        };
        for locale in Locale::ALL {
            // `public` checks the message against Discord's limits.
            let msg = public(&app.games(&Caller::new(locale, here, an()), kind)).clone();
            assert_eq!(listed(&msg).len(), PER_PAGE, "{kind:?} {locale:?}");
            let next = next_page(&msg).expect("a second page");
            let Reply::Update(second) = app.click(&Caller::new(locale, here, an()), next).reply
            else {
                panic!("a page turn updates the message");
            };
            check_limits(&second);
            assert_eq!(listed(&second), [base + PER_PAGE as u64]);
        }
    }
}

/// Any answer, public or private, checked against Discord's limits; its text.
fn shown(response: &Response) -> String {
    match &response.reply {
        Reply::Private(msg) | Reply::Post { msg, .. } | Reply::Update(msg) => {
            check_limits(msg);
            msg.text.clone()
        }
        Reply::Launch => panic!("expected a message, got a launch"),
    }
}

/// `/… history` (the server's and a player's) and `/… stats` at their fullest: every line
/// they show, of the game with the most seats, every id as long as it can be, in both
/// languages.
#[test]
fn the_history_and_stats_fit_at_their_largest() {
    use oaq_bot::store::{FinishedGame, Retired, Retirement};
    let (app, _clock) = app();
    let here = Place {
        guild: Some(GuildId::new(BIG)),
        channel: ChannelId::new(1),
    };
    for kind in GameKind::ALL {
        let template = long_games::record(kind, 1, BIG);
        let seats = template.seats.len();
        for n in 0..12u64 {
            let id = (1u64 << 53) - 1000 + 20 * kind.code() as u64 + n;
            let mut game = largest(&template, id);
            game.retired.push(Retired {
                seat: seats - 1,
                why: Retirement::TimedOut,
                ply: game.moves.len() as u32,
            });
            let stored = app.store().create_game(&game).expect("create");
            let finished = FinishedGame {
                finished_ms: 4_102_444_800_000 + n,
                places: (0..seats as u8).collect(),
                game,
                ratings: None,
            };
            app.store()
                .finish_game(stored.revision, &finished, &stored_games::rate, None)
                .expect("finish");
        }
        let player = UserRef {
            id: UserId::new(BIG),
            name: "Nguyễn Thị Ánh Hồng Phương Thảo Nguyên".to_owned(),
            bot: false,
        };
        for locale in Locale::ALL {
            let server = shown(&app.history(&Caller::new(locale, here, an()), kind, None));
            let theirs = shown(&app.history(&Caller::new(locale, here, an()), kind, Some(&player)));
            let stats = shown(&app.stats(&Caller::new(locale, here, an()), kind, Some(&player)));
            // As many games as fit: all ten of a two-player game, most of them at six seats.
            let games = |text: &str| text.lines().filter(|l| l.starts_with('`')).count();
            let most = if seats == 2 { 10 } else { 7 };
            assert!(
                games(&server) >= most && games(&theirs) >= most,
                "{server}\n{theirs}"
            );
            for text in [&server, &theirs, &stats] {
                assert!(
                    text.contains(&format!("<@{BIG}>")) || text.contains("Nguyễn"),
                    "{text}"
                );
            }
        }
    }
}

/// `/… settings` lists the channels games are allowed in: at most
/// [`GuildSettings::MAX_CHANNELS`], a longer list stored before the limit is shown cut with
/// how many it leaves out, and both fit with every id as long as it can be.
#[test]
fn the_allowed_channels_fit_at_their_largest() {
    use oaq_bot::app::{SettingsChange, Text};
    use oaq_bot::store::GuildSettings;
    let (app, _clock) = app();
    let here = Place {
        guild: Some(GuildId::new(BIG)),
        channel: ChannelId::new(BIG - 1),
    };
    let allow = |channel: u64| SettingsChange {
        allow_channel: Some(ChannelId::new(channel)),
        ..SettingsChange::default()
    };
    for i in 0..GuildSettings::MAX_CHANNELS as u64 {
        let answer = app.server_settings(
            &Caller::new(EN, here, an()),
            true,
            allow(BIG - i),
            GameKind::Oaq,
        );
        shown(&answer);
    }
    let refused = app.server_settings(
        &Caller::new(EN, here, an()),
        true,
        allow(BIG - 100),
        GameKind::Oaq,
    );
    assert_eq!(
        private(&refused),
        Text::TooManyChannels {
            max: GuildSettings::MAX_CHANNELS
        }
        .render(EN)
    );
    let stored = app.store().guild_settings(GuildId::new(BIG)).expect("read");
    assert_eq!(stored.record.channels.len(), GuildSettings::MAX_CHANNELS);

    // A list of 40 stored by a release without the limit.
    let mut long = stored.record.clone();
    long.channels = (0..40).map(|i| ChannelId::new(BIG - i)).collect();
    app.store()
        .update_guild_settings(GuildId::new(BIG), stored.revision, &long)
        .expect("store");
    let elsewhere = Place {
        guild: Some(GuildId::new(BIG)),
        channel: ChannelId::new(7),
    };
    for locale in Locale::ALL {
        let text = shown(&app.server_settings(
            &Caller::new(locale, here, an()),
            true,
            SettingsChange::default(),
            GameKind::Oaq,
        ));
        assert!(
            text.contains(&format!("<#{}>", BIG - 24))
                && !text.contains(&format!("<#{}>", BIG - 25)),
            "{text}"
        );
        assert!(text.contains("15"), "{text}");
        let refusal = shown(&app.challenge(
            &Caller::new(locale, elsewhere, an()),
            request(Some(binh()), FirstPlayer::Challenger),
        ));
        assert!(refusal.contains("15"), "{refusal}");
    }
}

/// `/… rules` and `/… help` of every game, in both languages.
#[test]
fn rules_and_help_fit() {
    let (app, _clock) = app();
    for kind in GameKind::ALL {
        for locale in Locale::ALL {
            assert!(shown(&app.rules(&Caller::new(locale, HERE, an()), kind)).len() > 200);
            assert!(shown(&app.help(locale, kind)).len() > 200);
        }
    }
}
