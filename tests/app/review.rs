//! Issue 14: the final board's *Analyse* button answers privately, to anyone, with each
//! player's biggest mistakes and the better move; a game still being played gets none.
//! Issue 27: a replay stays within the upload limit, whatever the game's length.

use std::io::Cursor;

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use oaq_bot::app::DEFAULT_UPLOAD_LIMIT;

use super::*;

use oaq_bot_testkit::long_games;

fn chi() -> UserRef {
    user(33, "Chi")
}

/// An (South, first) plays `3+`, passing up `1-`, which takes the West mandarin at once.
fn blunder(app: &App) -> (u64, Msg) {
    let (id, _) = started(app, FirstPlayer::Challenger);
    app.record_message(board_now(app, id), MessageId::new(4242));
    let mv = "3+".parse().expect("a move");
    let played = app.click(
        &Caller::new(EN, HERE, an()),
        Action::Play {
            game: GameId::new(id),
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
    let done = app.click(
        &Caller::new(EN, HERE, binh()),
        Action::ConfirmResign {
            game: GameId::new(id),
        },
    );
    let board = &done.effects.edits.first().expect("the final board").msg;
    assert!(only_final_buttons(board), "{:?}", board.rows);
    let analyse = find(board, |a| matches!(a, Action::Analyse { .. }));
    assert_eq!(
        analyse,
        Action::Analyse {
            game: GameId::new(id)
        }
    );
    let label = buttons(board)
        .find(|b| b.action == analyse)
        .expect("button");
    assert_eq!(label.label, "Analyse");

    // Anyone may click (the game is public once over); the answer is private.
    let answer = app.click(&Caller::new(EN, HERE, chi()), analyse);
    let text = private(&answer);
    assert!(answer.effects.edits.is_empty() && answer.effects.computer.is_none());
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
    assert_eq!(
        private(&app.click(&Caller::new(EN, HERE, an()), analyse)),
        text
    );
    let vi = app.click(&Caller::new(Locale::Vietnamese, HERE, chi()), analyse);
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
    let before = app
        .store()
        .game(GameId::new(id))
        .expect("read")
        .expect("game");
    for who in [an(), binh(), chi()] {
        let refusal = app.click(
            &Caller::new(EN, HERE, who.clone()),
            Action::Analyse {
                game: GameId::new(id),
            },
        );
        assert!(
            private(&refusal).contains("no hints while the game is being played"),
            "{}",
            private(&refusal)
        );
    }
    assert_eq!(
        app.store()
            .game(GameId::new(id))
            .expect("read")
            .expect("game"),
        before
    );
    let unknown = app.click(
        &Caller::new(EN, HERE, chi()),
        Action::Analyse {
            game: GameId::new(id + 999),
        },
    );
    assert!(
        private(&unknown).contains("There is no game"),
        "{unknown:?}"
    );
    let elsewhere = Place {
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(999),
    };
    let crafted = app.click(
        &Caller::new(EN, elsewhere, chi()),
        Action::Analyse {
            game: GameId::new(id),
        },
    );
    assert!(!private(&crafted).contains("Analysis"), "{crafted:?}");
}

/// The frames of a GIF.
fn frames_of(gif: &[u8]) -> usize {
    GifDecoder::new(Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .count()
}

/// The bytes a message attaches, all files together.
fn attached(msg: &Msg) -> u64 {
    msg.files.iter().map(|f| f.bytes.len() as u64).sum()
}

/// Issue 27: the longest Chinese checkers game (6 seats, 300 moves) replays with every frame
/// well within Discord's default limit; under a lower one, the animation keeps one frame every
/// few moves and the message says so, in the reader's language.
#[test]
fn issue_27_the_longest_games_replay_fits_the_upload_limit_and_says_what_it_left_out() {
    let (app, _clock) = app();
    let id = app.store().new_id().expect("id");
    let game = long_games::record(GameKind::ChineseCheckers, id, 1);
    long_games::store(app.store(), &game);
    let request = app
        .find_replay(
            &Caller::new(EN, HERE, chi()),
            GameId::new(id),
            GameKind::ChineseCheckers,
        )
        .expect("found");

    let whole = public(&app.replay(EN, &request)).clone();
    let gif = whole.picture().expect("a GIF");
    assert!(gif.len() <= 8_000_000, "{} bytes", gif.len());
    assert!(attached(&whole) <= DEFAULT_UPLOAD_LIMIT);
    assert_eq!(frames_of(gif), 301, "the start and every move");
    assert!(!whole.text.contains("upload limit"), "{}", whole.text);

    let limit = 1 << 20;
    for (locale, note) in [
        (EN, "To stay within this server's upload limit (1 MB), the animation shows the board every "),
        (Locale::Vietnamese, "Để không vượt giới hạn tải lên của máy chủ này (1 MB), ảnh động chỉ vẽ bàn cờ sau mỗi "),
    ] {
        let thinned = public(&app.replay(locale, &request.clone().within(limit))).clone();
        assert!(attached(&thinned) <= limit, "{} bytes", attached(&thinned));
        let gif = thinned.picture().expect("a GIF");
        let frames = frames_of(gif);
        assert!((2..301).contains(&frames), "{frames} frames");
        let said = thinned
            .text
            .lines()
            .find(|l| l.starts_with(note))
            .unwrap_or_else(|| panic!("{}", thinned.text));
        let counts = match locale {
            EN => format!(": {frames} frames instead of 301."),
            _ => format!(": {frames} khung hình thay vì 301."),
        };
        assert!(said.contains(&counts), "{said}");
        // One frame every `every` moves, the last one added: the count agrees.
        let every: usize = said[note.len()..]
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        assert_eq!(frames, 300usize.div_ceil(every) + 1, "{said}");
        eprintln!("{} bytes: {said}", attached(&thinned));
        // The record still lists every move (in the message, or whole in a file).
        let record = thinned
            .files
            .iter()
            .find(|f| f.name == format!("game-{id}.txt"))
            .map_or(thinned.text.clone(), |f| {
                String::from_utf8(f.bytes.clone()).expect("text")
            });
        assert!(game.moves.iter().all(|mv| record.contains(mv.as_str())));
    }
}

/// Issue 27: under a limit that not even the first and last frames fit, the replay is its
/// record alone, and the message says the animation was left out.
#[test]
fn issue_27_a_replay_too_big_for_any_animation_is_sent_without_one_and_says_so() {
    let (app, _clock) = app();
    let (id, _) = blunder(&app);
    let request = app
        .find_replay(
            &Caller::new(EN, HERE, chi()),
            GameId::new(id),
            GameKind::Oaq,
        )
        .expect("found");
    let limit = 20_000;
    let replay = public(&app.replay(EN, &request.clone().within(limit))).clone();
    assert_eq!(replay.picture(), None, "{:?}", replay.files);
    assert!(attached(&replay) <= limit);
    assert!(
        replay.text.contains("The animation is left out: even its first and last frames alone would be over this server's upload limit (19 KB)."),
        "{}",
        replay.text
    );
    assert!(replay.text.contains("3+"), "the record: {}", replay.text);
    let vi = public(&app.replay(Locale::Vietnamese, &request.within(limit))).clone();
    assert!(vi.text.contains("Không gửi ảnh động"), "{}", vi.text);
}
