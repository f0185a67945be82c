//! Issue 14: the final board's *Analyse* button answers privately, to anyone, with each
//! player's biggest mistakes and the better move; a game still being played gets none.

use super::*;

fn chi() -> UserRef {
    user(33, "Chi")
}

/// An (South, first) plays `3+`, passing up `1-`, which takes the West mandarin at once.
fn blunder(app: &App) -> (u64, Msg) {
    let (id, _) = started(app, FirstPlayer::Challenger);
    app.record_message(board_now(app, id), 4242);
    let mv = "3+".parse().expect("a move");
    let played = app.click(
        EN,
        HERE,
        &an(),
        Action::Play {
            game: id,
            ply: 0,
            mv,
        },
    );
    (id, public(&played).clone())
}

#[test]
fn the_final_board_offers_an_analysis_that_names_the_mistake_and_the_better_move() {
    let (app, _clock) = app();
    let (id, _) = blunder(&app);
    let done = app.click(EN, HERE, &binh(), Action::ConfirmResign { game: id });
    let board = &done.edits.first().expect("the final board").msg;
    assert!(only_final_buttons(board), "{:?}", board.rows);
    let analyse = find(board, |a| matches!(a, Action::Analyse { .. }));
    assert_eq!(analyse, Action::Analyse { game: id });
    let label = buttons(board)
        .find(|b| b.action == analyse)
        .expect("button");
    assert_eq!(label.label, "Analyse");

    // Anyone may click (the game is public once over); the answer is private.
    let answer = app.click(EN, HERE, &chi(), analyse);
    let text = private(&answer);
    assert!(answer.edits.is_empty() && answer.computer.is_none());
    assert!(text.contains(&format!("Analysis of game `{id}`")), "{text}");
    assert!(text.contains("**An**, biggest mistakes:"), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("- Move 1: played `3+`, better `"))
        .unwrap_or_else(|| panic!("the first move is An's mistake: {text}"));
    assert!(
        line.contains("points)") || line.contains("forced"),
        "{line}"
    );
    assert!(
        text.contains("**Bình**: no mistake the search could find."),
        "Bình made no move: {text}"
    );
    // The same game, the same analysis; in Vietnamese for a Vietnamese clicker.
    assert_eq!(private(&app.click(EN, HERE, &an(), analyse)), text);
    let vi = app.click(Locale::Vietnamese, HERE, &chi(), analyse);
    assert!(
        private(&vi).contains("Nước thứ 1: đã đi `3+`"),
        "{}",
        private(&vi)
    );
}

#[test]
fn a_game_still_being_played_gets_no_analysis() {
    let (app, _clock) = app();
    let (id, board) = blunder(&app);
    assert!(
        !buttons(&board).any(|b| matches!(b.action, Action::Analyse { .. })),
        "no Analyse button during a game"
    );
    // A forged or copied id: refused privately, nothing changes.
    let before = app.store().game(id).expect("read").expect("game");
    for who in [an(), binh(), chi()] {
        let refusal = app.click(EN, HERE, &who, Action::Analyse { game: id });
        assert!(
            private(&refusal).contains("no hints while the game is being played"),
            "{}",
            private(&refusal)
        );
    }
    assert_eq!(app.store().game(id).expect("read").expect("game"), before);
    let unknown = app.click(EN, HERE, &chi(), Action::Analyse { game: id + 999 });
    assert!(
        private(&unknown).contains("There is no game"),
        "{unknown:?}"
    );
    let elsewhere = Place {
        guild: Some(1),
        channel: 999,
    };
    let crafted = app.click(EN, elsewhere, &chi(), Action::Analyse { game: id });
    assert!(!private(&crafted).contains("Analysis"), "{crafted:?}");
}
