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
    let mut msg = public(&app.games(EN, HERE, GameKind::Oaq)).clone();
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
                msg = match app.click(Locale::Vietnamese, HERE, &binh(), action).reply {
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
    let stored = store.game(40).expect("read").expect("game 40");
    stored_games::resign(store, stored.record, stored.revision);
    let last = Action::Games {
        kind: GameKind::Oaq,
        page: 99,
        locale: EN,
    };
    let Reply::Update(msg) = app.click(EN, HERE, &an(), last).reply else {
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
        guild: Some(2),
        channel: 5,
    };
    let Reply::Update(msg) = app.click(EN, elsewhere, &an(), last).reply else {
        panic!("a page turn updates the message");
    };
    assert_eq!(listed(&msg), [41]);
}

/// Discord's largest snowflakes (20 digits), for every id a line of the list prints.
const BIG: u64 = 18_446_744_073_709_551_000;

/// Game `id` of `kind` with its most seats and moves, every id it prints as long as it can be.
fn largest(template: &GameRecord, id: u64) -> GameRecord {
    GameRecord {
        id,
        guild: Some(BIG),
        channel: BIG - id,
        message: Some(BIG - 1000 - id),
        seats: (0..template.seats.len() as u64)
            .map(|seat| Player {
                id: BIG + seat,
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
            guild: Some(BIG),
            channel: 1,
        };
        for locale in Locale::ALL {
            // `public` checks the message against Discord's limits.
            let msg = public(&app.games(locale, here, kind)).clone();
            assert_eq!(listed(&msg).len(), PER_PAGE, "{kind:?} {locale:?}");
            let next = next_page(&msg).expect("a second page");
            let Reply::Update(second) = app.click(locale, here, &an(), next).reply else {
                panic!("a page turn updates the message");
            };
            check_limits(&second);
            assert_eq!(listed(&second), [base + PER_PAGE as u64]);
        }
    }
}
