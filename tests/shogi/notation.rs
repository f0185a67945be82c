//! Human input (USI, Western, Japanese) and the exports (USI, KIF, CSA, lishogi).

use oaq_bot::games::shogi::export::{csa, kif, lishogi_url, usi};
use oaq_bot::games::shogi::human::{parse_move, HumanError};
use oaq_bot::games::shogi::{Color, Game, IllegalMove, Move, Position, Role};

fn mv(usi: &str) -> Move {
    usi.parse().expect("valid USI")
}

fn after(moves: &[&str]) -> Game {
    let mut game = Game::default();
    for m in moves {
        game.play(mv(m)).expect("legal");
    }
    game
}

fn read(game: &Game, text: &str) -> Result<Move, HumanError> {
    parse_move(game.position(), game.last_move(), text)
}

#[test]
fn the_three_notations_give_the_same_move() {
    let start = Game::default();
    for text in [
        "7g7f",
        "P-7f",
        "P7g-7f",
        "P76",
        "７六歩",
        "七六歩",
        "▲７六歩(77)",
        "P7f",
    ] {
        assert_eq!(read(&start, text), Ok(mv("7g7f")), "{text}");
    }
    let game = after(&["7g7f", "3c3d"]);
    assert_eq!(read(&game, "Bx2b+"), Ok(mv("8h2b+")));
    assert_eq!(read(&game, "Bx2b="), Ok(mv("8h2b")));
    assert_eq!(read(&game, "２二角成"), Ok(mv("8h2b+")));
    assert_eq!(read(&game, "２二角不成"), Ok(mv("8h2b")));
    let game = after(&["7g7f", "3c3d", "8h2b+"]);
    assert_eq!(read(&game, "同銀"), Ok(mv("3a2b")));
    assert_eq!(read(&game, "同　銀"), Ok(mv("3a2b")));
    assert_eq!(read(&game, "Sx2b"), Ok(mv("3a2b")));
    let game = after(&["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(read(&game, "B*4e"), Ok(mv("B*4e")));
    assert_eq!(read(&game, "４五角打"), Ok(mv("B*4e")));
    assert_eq!(
        read(&game, "４五角"),
        Ok(mv("B*4e")),
        "the only bishop move there is the drop"
    );
}

#[test]
fn ambiguous_input_asks_back_with_the_candidates() {
    let start = Game::default();
    match read(&start, "G-5h") {
        Err(HumanError::Ambiguous {
            candidates,
            described,
            ..
        }) => {
            assert_eq!(candidates, vec![mv("4i5h"), mv("6i5h")]);
            assert_eq!(described, vec!["G4i-5h", "G6i-5h"]);
        }
        other => panic!("expected a question, got {other:?}"),
    }
    let question = read(&start, "５八金").expect_err("ambiguous").to_string();
    assert_eq!(question, "`５八金` could mean G4i-5h or G6i-5h: which one?");
    assert_eq!(read(&start, "５八金右"), Ok(mv("4i5h")));
    assert_eq!(read(&start, "５八金左"), Ok(mv("6i5h")));
    assert_eq!(read(&start, "G6i-5h"), Ok(mv("6i5h")));
    let game = after(&["7g7f", "3c3d"]);
    assert!(
        matches!(read(&game, "Bx2b"), Err(HumanError::Ambiguous { candidates, .. }) if candidates.len() == 2)
    );
}

#[test]
fn japanese_relative_moves() {
    // Golds on 6i and 4h can both reach 5h: 寄 is the sideways one, 上 the forward one.
    let position: Position = "4k4/9/9/9/9/9/9/5G3/3G1K3 b - 1".parse().expect("valid");
    let read = |t: &str| parse_move(&position, None, t);
    assert_eq!(read("５八金寄"), Ok(mv("4h5h")));
    assert_eq!(read("５八金上"), Ok(mv("6i5h")));
    // A gote gold moving 直 (straight forward).
    let gote: Position = "4k4/3g1g3/9/9/9/9/9/9/4K4 w - 1".parse().expect("valid");
    assert_eq!(parse_move(&gote, None, "６三金直"), Ok(mv("6b6c")));
    assert_eq!(
        parse_move(&gote, None, "５二金右"),
        Ok(mv("6b5b")),
        "gote's right is the high files"
    );
}

#[test]
fn the_drop_mark_decides_between_board_move_and_drop() {
    let position: Position = "4k4/9/9/9/9/9/9/9/B3K4 b B 1".parse().expect("valid");
    assert_eq!(parse_move(&position, None, "５五角"), Ok(mv("9i5e")));
    assert_eq!(parse_move(&position, None, "５五角打"), Ok(mv("B*5e")));
    assert!(matches!(
        parse_move(&position, None, "B5e"),
        Err(HumanError::Ambiguous { .. })
    ));
}

#[test]
fn input_errors_say_what_is_wrong() {
    let start = Game::default();
    assert_eq!(
        read(&start, "7g7e"),
        Err(HumanError::Illegal(IllegalMove::CannotMoveThere))
    );
    assert_eq!(
        read(&start, "P*5e"),
        Err(HumanError::Illegal(IllegalMove::NotInHand(Role::Pawn)))
    );
    assert_eq!(
        read(&start, "R-2e"),
        Err(HumanError::Illegal(IllegalMove::CannotMoveThere))
    );
    assert_eq!(
        read(&start, "hello"),
        Err(HumanError::Unreadable("hello".into()))
    );
    assert_eq!(read(&start, "同銀"), Err(HumanError::NoPreviousMove));
    assert_eq!(
        read(&start, "P-7e"),
        Err(HumanError::NoMatch("P-7e".into()))
    );
    let nifu: Position = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1".parse().expect("valid");
    assert_eq!(
        parse_move(&nifu, None, "P*5e"),
        Err(HumanError::Illegal(IllegalMove::Nifu))
    );
    assert_eq!(
        parse_move(&nifu, None, "５五歩打"),
        Err(HumanError::Illegal(IllegalMove::Nifu))
    );
}

/// A short known game: 1.P-7f 2.P-3d 3.Bx2b+ 4.Sx2b 5.B*4e, then gote resigns.
fn short_game() -> Game {
    let mut game = after(&["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    game.resign(Color::Gote).expect("game on");
    game
}

#[test]
fn kif_of_a_short_game() {
    let expected = "\
#KIF version=2.0 encoding=UTF-8
手合割：平手
先手：Alice
後手：Bob
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
   4 同　銀(31)
   5 ４五角打
   6 投了
まで5手で先手の勝ち
";
    assert_eq!(kif(&short_game(), "Alice", "Bob"), expected);
}

#[test]
fn csa_of_a_short_game() {
    let expected = "\
V2.2
N+Alice
N-Bob
PI
+
+7776FU
-3334FU
+8822UM
-3122GI
+0045KA
%TORYO
";
    assert_eq!(csa(&short_game(), "Alice", "Bob"), expected);
}

#[test]
fn exports_from_another_position() {
    let start: Position = "8k/9/8G/9/9/9/9/9/K8 b P 1".parse().expect("valid");
    let mut game = Game::new(start);
    game.play(mv("P*2b")).expect("legal");
    let kif = kif(&game, "A", "B");
    assert!(kif.contains("後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n"));
    assert!(kif.contains("| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n"));
    assert!(kif.contains("| ・ ・ ・ ・ ・ ・ ・ ・ 金|三\n"));
    assert!(kif.contains("先手の持駒：歩\n"));
    assert!(kif.ends_with("   1 ２二歩打\n   2 詰み\nまで1手で先手の勝ち\n"));
    let csa = csa(&game, "A", "B");
    assert!(csa.contains("P1 *  *  *  *  *  *  *  * -OU\n"));
    assert!(csa.contains("P+00FU\n+\n+0022FU\n%TSUMI\n"));
    assert_eq!(
        usi(&game),
        "position sfen 8k/9/8G/9/9/9/9/9/K8 b P 1 moves P*2b"
    );
    assert_eq!(usi(&Game::default()), "position startpos");
    assert_eq!(
        usi(&short_game()),
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"
    );
    assert_eq!(
        lishogi_url(&Position::new()),
        "https://lishogi.org/analysis/lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL_b_-_1"
    );
}

#[test]
fn kif_end_words_for_repetition_and_impasse() {
    let mut game = Game::default();
    for m in ["5i5h", "5a5b", "5h5i", "5b5a"].iter().cycle().take(12) {
        game.play(mv(m)).expect("legal");
    }
    assert!(kif(&game, "A", "B").ends_with("  13 千日手\nまで12手で千日手\n"));
    assert!(csa(&game, "A", "B").ends_with("%SENNICHITE\n"));
    let mut impasse = Game::new(
        "9/4K4/9/9/9/9/9/4k4/9 b RB17Prb4g4s4n4lp 1"
            .parse()
            .expect("valid"),
    );
    impasse.claim_impasse().expect("claimable");
    assert!(kif(&impasse, "A", "B").ends_with("   1 持将棋\nまで0手で持将棋\n"));
    assert!(csa(&impasse, "A", "B").ends_with("%JISHOGI\n"));
}

#[test]
fn a_loss_on_time_is_written_kire_make_and_time_up() {
    let mut game = after(&["7g7f", "3c3d"]);
    game.time_out(Color::Sente).expect("game on");
    assert!(kif(&game, "A", "B").ends_with("   3 切れ負け\nまで2手で後手の勝ち\n"));
    assert!(csa(&game, "A", "B").ends_with("-3334FU\n%TIME_UP\n"));
}
