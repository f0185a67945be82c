//! Typed moves: every notation the players use, what is ambiguous, and which rule an illegal
//! but clear move breaks.

use oaq_bot::games::shogi::human::{parse_move, HumanError};
use oaq_bot::games::shogi::{IllegalMove, Move, Position, Role};

fn mv(usi: &str) -> Move {
    usi.parse().expect("valid USI")
}

fn pos(sfen: &str) -> Position {
    sfen.parse().expect("valid SFEN")
}

/// Reads `text` in `sfen`, with `last` as the previous move.
fn read(sfen: &str, last: Option<&str>, text: &str) -> Result<Move, HumanError> {
    parse_move(&pos(sfen), last.map(mv), text)
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// After 1.P-7f 2.P-3d: the bishops see each other.
const OPEN: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
/// After 3.Bx2b+: gote can recapture on 2b.
const TAKEN: &str = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1";
/// A silver on 3d that may promote on 2c or not; a silver and a bishop in hand.
const SILVER: &str = "4k4/9/9/6S2/9/9/9/9/4K4 b BS 1";
/// A dragon on 2h facing a gote gold on 2b.
const DRAGON: &str = "4k4/7g1/9/9/9/9/9/7+R1/4K4 b - 1";

#[test]
fn usi() {
    assert_eq!(read(START, None, "7g7f"), Ok(mv("7g7f")));
    assert_eq!(
        read(SILVER, None, "P*5e"),
        Err(HumanError::Illegal(IllegalMove::NotInHand(Role::Pawn)))
    );
    assert_eq!(read(SILVER, None, "B*5e"), Ok(mv("B*5e")));
    assert_eq!(read(OPEN, None, "8h2b+"), Ok(mv("8h2b+")));
    assert_eq!(
        read(OPEN, None, " 8h2b "),
        Ok(mv("8h2b")),
        "spaces around are ignored"
    );
}

#[test]
fn western() {
    for (sfen, last, text, usi) in [
        (START, None, "P-7f", "7g7f"),
        (START, None, "P7f", "7g7f"),
        (START, None, "P7g-7f", "7g7f"),
        (OPEN, None, "Bx2b+", "8h2b+"),
        (OPEN, None, "Bx2b=", "8h2b"),
        (OPEN, None, "B8hx2b+", "8h2b+"),
        (SILVER, None, "B*5e", "B*5e"),
        (SILVER, None, "S*5e", "S*5e"),
        (START, None, "G6i-5h", "6i5h"),
        (START, None, "G4i-5h", "4i5h"),
        (SILVER, None, "S-2c+", "3d2c+"),
        (SILVER, None, "S-2c=", "3d2c"),
        (DRAGON, None, "+Rx2b", "2h2b"),
        (DRAGON, None, "+R-2c", "2h2c"),
        (DRAGON, None, "+R2h-3g", "2h3g"),
        (TAKEN, Some("8h2b+"), "Sx2b", "3a2b"),
        // Lower case pieces, upper case ranks and capture mark: nothing else reads that way.
        (START, None, "p-7f", "7g7f"),
        (START, None, "p7f", "7g7f"),
        (START, None, "P-7F", "7g7f"),
        (OPEN, None, "bx2b+", "8h2b+"),
        (OPEN, None, "BX2B+", "8h2b+"),
        (SILVER, None, "s*5e", "S*5e"),
        (START, None, "g6i-5h", "6i5h"),
        (DRAGON, None, "+r-2c", "2h2c"),
    ] {
        assert_eq!(read(sfen, last, text), Ok(mv(usi)), "{text}");
    }
}

#[test]
fn japanese() {
    for (sfen, last, text, usi) in [
        (START, None, "７六歩", "7g7f"),
        (START, None, "76歩", "7g7f"),
        (START, None, "7六歩", "7g7f"),
        (START, None, "▲７六歩", "7g7f"),
        (TAKEN, Some("8h2b+"), "同　銀", "3a2b"),
        (TAKEN, Some("8h2b+"), "同銀", "3a2b"),
        (TAKEN, Some("8h2b+"), "同 銀", "3a2b"),
        (TAKEN, Some("8h2b+"), "△同　銀(31)", "3a2b"),
        (SILVER, None, "５五角打", "B*5e"),
        (SILVER, None, "５五角", "B*5e"),
        (SILVER, None, "２三銀不成", "3d2c"),
        (SILVER, None, "２三銀生", "3d2c"),
        (SILVER, None, "２三銀成", "3d2c+"),
        (START, None, "５八金右", "4i5h"),
        (START, None, "５八金左", "6i5h"),
        (DRAGON, None, "２二龍", "2h2b"),
        (DRAGON, None, "２二竜", "2h2b"),
    ] {
        assert_eq!(read(sfen, last, text), Ok(mv(usi)), "{text}");
    }
}

fn candidates(result: Result<Move, HumanError>) -> Vec<Move> {
    match result {
        Err(HumanError::Ambiguous { candidates, .. }) => candidates,
        other => panic!("expected a question, got {other:?}"),
    }
}

#[test]
fn ambiguous_moves_list_every_candidate() {
    assert_eq!(
        candidates(read(START, None, "G-5h")),
        [mv("4i5h"), mv("6i5h")]
    );
    assert_eq!(
        candidates(read(START, None, "g-5h")),
        [mv("4i5h"), mv("6i5h")]
    );
    assert_eq!(
        candidates(read(START, None, "５八金")),
        [mv("4i5h"), mv("6i5h")]
    );
    // An optional promotion left unsaid.
    let mut both = candidates(read(OPEN, None, "Bx2b"));
    both.sort_by_key(|m| m.is_promotion());
    assert_eq!(both, [mv("8h2b"), mv("8h2b+")]);
    assert_eq!(candidates(read(SILVER, None, "S-2c")).len(), 2);
    assert_eq!(candidates(read(SILVER, None, "２三銀")).len(), 2);
    // A board move and a drop of the same piece, in Western notation (Japanese says 打).
    assert_eq!(
        candidates(read(SILVER, None, "S4c")).len(),
        3,
        "3d4c, 3d4c+ and S*4c"
    );
    let question = read(OPEN, None, "Bx2b").expect_err("ambiguous").to_string();
    assert!(
        question.contains("B8hx2b+") && question.contains("B8hx2b="),
        "{question}"
    );
}

fn illegal(sfen: &str, text: &str) -> IllegalMove {
    match read(sfen, None, text) {
        Err(HumanError::Illegal(reason)) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn illegal_moves_name_the_rule() {
    // Nifu: a second unpromoted pawn on a file.
    let nifu = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    for text in ["P*5e", "p*5e", "５五歩打", "５五歩"] {
        assert_eq!(illegal(nifu, text), IllegalMove::Nifu, "{text}");
    }
    // Uchifuzume: a pawn drop that mates at once.
    let uchifuzume = "8k/9/8G/9/9/9/9/9/K6R1 b P 1";
    for text in ["P*1b", "１二歩打", "１二歩"] {
        assert_eq!(illegal(uchifuzume, text), IllegalMove::Uchifuzume, "{text}");
    }
    // A pinned gold may not leave the file of the rook behind it.
    let pinned = "k3r4/9/9/9/9/9/9/4G4/4K4 b - 1";
    for text in ["5h4h", "G-4h", "G5h-4h", "４八金"] {
        assert_eq!(
            illegal(pinned, text),
            IllegalMove::LeavesKingInCheck,
            "{text}"
        );
    }
    // The king may not walk into check.
    assert_eq!(illegal(pinned, "K-5h"), IllegalMove::OwnPieceOnTarget);
    assert_eq!(
        illegal("k7r/9/9/9/9/9/9/9/4K4 b - 1", "K-3g"),
        IllegalMove::CannotMoveThere
    );
    assert_eq!(
        illegal("k2r5/9/9/9/9/9/9/9/4K4 b - 1", "K-6h"),
        IllegalMove::LeavesKingInCheck
    );
    // A piece that cannot move there.
    for text in ["7g7e", "R-2e", "７五歩(77)", "P7g-7e"] {
        assert_eq!(illegal(START, text), IllegalMove::CannotMoveThere, "{text}");
    }
    // A pawn on the last rank must promote.
    let last_rank = "4k4/P8/9/9/9/9/9/9/4K4 b - 1";
    for text in ["9b9a", "P-9a=", "９一歩不成", "９一歩生"] {
        assert_eq!(illegal(last_rank, text), IllegalMove::MustPromote, "{text}");
    }
    assert_eq!(
        read(last_rank, None, "P-9a"),
        Ok(mv("9b9a+")),
        "the only legal choice"
    );
    // No piece in hand.
    for (text, role) in [
        ("P*5e", Role::Pawn),
        ("R*5e", Role::Rook),
        ("r*5e", Role::Rook),
        ("５五角打", Role::Bishop),
    ] {
        assert_eq!(illegal(START, text), IllegalMove::NotInHand(role), "{text}");
    }
}

#[test]
fn what_is_not_a_move() {
    for text in [
        "", "hello", "P-", "P-7", "P-7j", "Q-7f", "７六", "同", "B*5e+", "+P*5e", "resign",
    ] {
        assert!(
            matches!(
                read(START, None, text),
                Err(HumanError::Unreadable(_) | HumanError::NoPreviousMove)
            ),
            "{text:?}: {:?}",
            read(START, None, text)
        );
    }
    assert_eq!(read(START, None, "同銀"), Err(HumanError::NoPreviousMove));
}
