//! Issue 27: every step of the private picker is a message Discord accepts
//! ([`components::check`]: rows, menus of 1–25 options, unique ids and values, lengths) and
//! offers every option the step has, in random Shogi and Chinese checkers positions (Super
//! Chinese checkers' long hops and three sets of pegs included), in both languages. A Shogi
//! drop on 79 empty squares once drew two menus with one id, which Discord refuses.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use oaq_bot::app::games::chinese_checkers::CheckersChoice;
use oaq_bot::app::games::shogi::ShogiChoice;
use oaq_bot::app::games::{Pick, Table};
use oaq_bot::app::PickerAt;
use oaq_bot::discord::components;

const VI: Locale = Locale::Vietnamese;

/// A game of `rules` between An (first) and Bình; returns its id.
fn game(app: &App, rules: RuleChoice) -> u64 {
    let request = ChallengeRequest {
        opponent: Some(binh()),
        rules,
        first: Some(FirstPlayer::Challenger),
    };
    let id = challenge_id(&app.challenge(&Caller::new(EN, HERE, an()), request));
    public(&app.click(
        &Caller::new(EN, HERE, binh()),
        Action::Accept { challenge: id },
    ));
    id.get()
}

/// Sets game `id` to `moves` played from `start` (the record's own start if `None`); returns
/// the legal moves as the picker reaches them.
fn set(app: &App, id: u64, start: Option<&str>, moves: &[String]) -> Vec<Pick> {
    let stored = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    let mut record = stored.record;
    if let Some(start) = start {
        record.start = start.to_owned();
    }
    record.moves = moves.to_vec();
    app.store()
        .update_game(stored.revision, &record, false)
        .expect("stored");
    Table::replay(&record).expect("replays").picks(EN)
}

/// The path a picker action goes to, as its keys (menu numbers left out), and the menu it
/// names last (`~k`), if it does.
fn keys_of(action: &Action) -> (Vec<String>, Option<usize>) {
    let Action::Picker {
        at: PickerAt::Path(at),
        ..
    } = action
    else {
        panic!("not a picker step: {action:?}")
    };
    (at.keys().map(str::to_owned).collect(), at.menu())
}

/// Walks one step of the picker of game `id` at ply `ply` from `at` as `user`, following its
/// pages: checks every message against Discord's limits and returns the keys offered.
fn offered(
    app: &App,
    locale: Locale,
    user: &UserRef,
    (id, ply): (u64, u32),
    at: PickerAt,
    chosen: &[String],
) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let mut pages = vec![at];
    let mut seen: Vec<Action> = Vec::new();
    while let Some(at) = pages.pop() {
        let action = Action::Picker {
            game: GameId::new(id),
            ply,
            at,
        };
        let msg = match app
            .click(&Caller::new(locale, HERE, user.clone()), action)
            .reply
        {
            Reply::Private(msg) | Reply::Update(msg) => msg,
            other => panic!("{other:?}"),
        };
        if let Err(refusal) = components::check(&msg) {
            panic!(
                "Discord would refuse {chosen:?} at ply {ply} ({locale:?}): {refusal}\n{msg:#?}"
            );
        }
        assert!(!msg.selects.is_empty() || !msg.rows.is_empty(), "{msg:?}");
        let menus = msg.selects.iter().flat_map(|s| {
            s.options
                .iter()
                .map(|o| s.action.with_choice(&o.value).expect("a step"))
        });
        for action in menus.chain(buttons(&msg).map(|b| b.action)) {
            let (path, menu) = keys_of(&action);
            match menu {
                // A page of this step's menus.
                Some(_) if path == chosen => {
                    if !seen.contains(&action) {
                        seen.push(action);
                        let Action::Picker { at, .. } = action else {
                            unreachable!()
                        };
                        pages.push(at);
                    }
                }
                _ if path.len() == chosen.len() + 1 && path.starts_with(chosen) => {
                    keys.insert(path[chosen.len()].clone());
                }
                // Back, or the first page of this step.
                _ => assert!(path.len() <= chosen.len(), "{action:?} from {chosen:?}"),
            }
        }
    }
    keys
}

/// Every step of the picker in the position of game `id` after `ply` moves, in both
/// languages: within Discord's limits, offering exactly the steps of the legal moves.
fn every_step(app: &App, id: u64, ply: u32, picks: &[Pick]) {
    let user = if ply.is_multiple_of(2) { an() } else { binh() };
    let mut steps: Vec<Vec<String>> = Vec::new();
    for pick in picks {
        for n in 0..pick.steps.len() {
            let prefix: Vec<String> = pick.steps[..n].iter().map(|s| s.key.clone()).collect();
            if !steps.contains(&prefix) {
                steps.push(prefix);
            }
        }
    }
    for locale in [EN, VI] {
        for chosen in &steps {
            let expected: BTreeSet<String> = picks
                .iter()
                .filter(|p| p.steps.len() > chosen.len())
                .filter(|p| p.steps.iter().zip(chosen).all(|(s, k)| &s.key == k))
                .map(|p| p.steps[chosen.len()].key.clone())
                .collect();
            assert!(expected.iter().all(|k| !k.starts_with('~')), "{expected:?}");
            let at = if chosen.is_empty() {
                PickerAt::Board
            } else {
                PickerAt::Path(chosen.join("/").parse().expect("a path"))
            };
            let got = offered(app, locale, &user, (id, ply), at, chosen);
            assert_eq!(got, expected, "the step after {chosen:?} at ply {ply}");
        }
    }
}

/// Random games from the start: every picker step of a position every few moves.
fn random_games(rules: impl Fn() -> RuleChoice, games: u64, plies: usize, every: usize) {
    for seed in 0..games {
        let (app, _clock) = app();
        let id = game(&app, rules());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut moves = Vec::new();
        let mut picks = set(&app, id, None, &moves);
        while moves.len() < plies && !picks.is_empty() {
            if moves.len() % every == 0 {
                every_step(&app, id, moves.len() as u32, &picks);
            }
            moves.push(picks[rng.gen_range(0..picks.len())].mv.clone());
            picks = set(&app, id, None, &moves);
        }
    }
}

#[test]
fn every_picker_step_of_random_shogi_positions_is_accepted_by_discord() {
    random_games(|| RuleChoice::Shogi(ShogiChoice), 6, 200, 5);
}

/// The drop step that Discord refused: each piece in hand on every empty square (79 for a
/// bishop or rook: four menus, three of 25), in the menus Discord would accept.
#[test]
fn issue_27_drops_on_79_empty_squares_fit_in_menus_with_their_own_ids() {
    let (app, _clock) = app();
    let id = game(&app, RuleChoice::Shogi(ShogiChoice));
    let picks = set(&app, id, Some("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1"), &[]);
    let bishop = picks.iter().filter(|p| p.mv.starts_with("B*")).count();
    assert_eq!(bishop, 79);
    every_step(&app, id, 0, &picks);
    let at = PickerAt::Path("B*".parse().expect("a path"));
    let menus = match app
        .click(
            &Caller::new(EN, HERE, an()),
            Action::Picker {
                game: GameId::new(id),
                ply: 0,
                at,
            },
        )
        .reply
    {
        Reply::Private(msg) | Reply::Update(msg) => msg.selects,
        other => panic!("{other:?}"),
    };
    let sizes: Vec<usize> = menus.iter().map(|s| s.options.len()).collect();
    assert_eq!(sizes, [25, 25, 25, 4]);
    assert!(menus[1].placeholder.contains("(menu 2 of 4)"), "{menus:?}");
}

#[test]
fn every_picker_step_of_random_chinese_checkers_positions_is_accepted_by_discord() {
    random_games(
        || RuleChoice::ChineseCheckers(CheckersChoice::default()),
        2,
        120,
        11,
    );
    // Long hops and three sets of pegs each: the most pegs and the longest hop chains.
    random_games(
        || {
            RuleChoice::ChineseCheckers(CheckersChoice {
                sets: Some(3),
                long_jumps: Some(true),
                ..CheckersChoice::default()
            })
        },
        2,
        120,
        11,
    );
}

/// Issue 27: a click whose id is not on the message clicked, though it names the message's
/// game, does nothing. A move of an earlier board is answered as out of date with the game as
/// it stands; an id of the current board or any other kind gets the button-not-here answer;
/// from another channel, the button-from-elsewhere one. All private; no move is played.
#[test]
fn issue_27_ids_not_on_their_message_are_answered_privately_and_do_nothing() {
    let (app, _clock) = app();
    let (id, board) = started(&app, FirstPlayer::Challenger);
    let first = enabled_moves(&board)[0];
    app.click(&Caller::new(EN, HERE, an()), first);
    let moves = || record_of(&app, id).moves;
    assert_eq!(moves().len(), 1);
    let answer = |action| app.stale_click(&Caller::new(EN, HERE, an()), action);
    let old = private(&answer(enabled_moves(&board)[1])).to_owned();
    assert!(old.contains("out of date"), "{old}");
    let current = Action::Picker {
        game: GameId::new(id),
        ply: 1,
        at: PickerAt::Path("1".parse().expect("a path")),
    };
    for action in [
        current,
        Action::Analyse {
            game: GameId::new(id),
        },
        Action::Rematch {
            game: GameId::new(id),
        },
    ] {
        let text = private(&answer(action)).to_owned();
        assert!(
            text.contains("not part of the message"),
            "{action:?}: {text}"
        );
    }
    let elsewhere = Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(999),
    };
    let text =
        private(&app.stale_click(&Caller::new(EN, elsewhere, an()), enabled_moves(&board)[1]))
            .to_owned();
    assert!(text.contains("another channel"), "{text}");
    assert_eq!(moves().len(), 1, "nothing was played");
}
