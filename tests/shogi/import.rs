//! Reading KIF and CSA back: every game the writers write reads as the same game, and bad
//! files are errors (never panics) that say where they go wrong.

use oaq_bot::games::shogi::export::{csa, kif};
use oaq_bot::games::shogi::{
    read_csa, read_kif, Color, DrawReason, Game, IllegalMove, ImportError, Move, Outcome, Position,
    Record, WinReason,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn mv(usi: &str) -> Move {
    usi.parse().expect("valid USI")
}

fn pos(sfen: &str) -> Position {
    sfen.parse().expect("valid SFEN")
}

fn game_of(start: Position, moves: &[&str]) -> Game {
    let mut game = Game::new(start);
    for m in moves {
        game.play(mv(m)).expect("legal");
    }
    game
}

/// What a record must keep: start, moves, outcome and names.
fn assert_same(record: &Record, game: &Game, sente: &str, gote: &str, what: &str) {
    assert_eq!(
        record.game.start().to_string(),
        game.start().to_string(),
        "start ({what})"
    );
    assert_eq!(record.game.moves(), game.moves(), "moves ({what})");
    assert_eq!(record.game.outcome(), game.outcome(), "outcome ({what})");
    assert_eq!(record.sente, sente, "sente's name ({what})");
    assert_eq!(record.gote, gote, "gote's name ({what})");
}

/// Writes `game` both ways and reads it back.
fn round_trip(game: &Game, sente: &str, gote: &str, what: &str) {
    let text = kif(game, sente, gote);
    let record = read_kif(&text).unwrap_or_else(|e| panic!("KIF ({what}): {e}\n{text}"));
    assert_same(&record, game, sente, gote, &format!("KIF, {what}"));
    assert_eq!(
        kif(&record.game, sente, gote),
        text,
        "KIF rewritten ({what})"
    );
    let text = csa(game, sente, gote);
    let record = read_csa(&text).unwrap_or_else(|e| panic!("CSA ({what}): {e}\n{text}"));
    assert_same(&record, game, sente, gote, &format!("CSA, {what}"));
    assert_eq!(
        csa(&record.game, sente, gote),
        text,
        "CSA rewritten ({what})"
    );
}

/// A random game: a mating move whenever there is one, otherwise captures, drops and
/// promotions a little more often than chance, for at most `plies` moves.
fn random_game(start: Position, seed: u64, plies: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(start);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let position = game.position().clone();
        let moves = position.legal_moves();
        let mating = moves.iter().copied().find(|&m| {
            position
                .play(m)
                .is_ok_and(|next| next.is_check() && !next.has_legal_move())
        });
        let interesting: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                m.from().is_none()
                    || position.piece_at(m.to()).is_some()
                    || game.last_move().is_some_and(|l| l.to() == m.to())
                    || position
                        .play(Move::Normal {
                            from: m.from().unwrap_or(m.to()),
                            to: m.to(),
                            promote: true,
                        })
                        .is_ok()
            })
            .collect();
        let chosen = match mating {
            Some(m) => m,
            None if !interesting.is_empty() && rng.gen_bool(0.5) => {
                interesting[rng.gen_range(0..interesting.len())]
            }
            None => moves[rng.gen_range(0..moves.len())],
        };
        game.play(chosen).expect("a legal move");
    }
    game
}

#[test]
fn random_games_read_back_as_written() {
    let names = [
        ("Nguyễn Văn A", "Trần Thị B"),
        ("Alice Smith", "羽生 善治"),
        ("", "x"),
    ];
    let (mut drops, mut promotions, mut declined, mut same_square, mut mates) = (0, 0, 0, 0, 0);
    for seed in 0..24u64 {
        let start = if seed % 3 == 2 {
            // A position after a few moves, gote to move, pieces in hand on both sides.
            pos("ln1g1g1nl/1r1sk2b1/p1pp1s1p1/1p2ppp2/9/2P1P4/PP1P1PPP1/1BS1K1SR1/LN1G1G1NL w Pp 1")
        } else {
            Position::new()
        };
        let mut game = random_game(start, seed, 160);
        let mut previous: Option<Move> = None;
        for (&m, position) in game.moves().iter().zip(game.positions()) {
            match m {
                Move::Drop { .. } => drops += 1,
                Move::Normal { promote: true, .. } => promotions += 1,
                Move::Normal { from, to, .. } => {
                    if position.is_legal(Move::Normal {
                        from,
                        to,
                        promote: true,
                    }) {
                        declined += 1;
                    }
                }
            }
            if previous.is_some_and(|p| p.to() == m.to()) {
                same_square += 1;
            }
            previous = Some(m);
        }
        match game.outcome() {
            Some(_) => mates += 1,
            None => {
                let loser = game.position().turn();
                match seed % 4 {
                    0 => {
                        game.resign(loser).expect("game on");
                    }
                    1 => {
                        game.time_out(loser).expect("game on");
                    }
                    2 => {
                        game.end_by_move_limit();
                    }
                    _ => {}
                }
            }
        }
        let (sente, gote) = names[seed as usize % names.len()];
        round_trip(&game, sente, gote, &format!("seed {seed}"));
    }
    assert!(
        drops > 0 && promotions > 0 && declined > 0 && same_square > 0 && mates > 0,
        "the random games cover drops ({drops}), promotions ({promotions}), declined promotions \
         ({declined}), recaptures ({same_square}) and checkmates ({mates})"
    );
}

#[test]
fn every_ending_reads_back() {
    let names = ("Nguyễn Văn A", "Bob O'Neil, Jr.");
    let check = |game: &Game, what: &str| round_trip(game, names.0, names.1, what);

    let mate = game_of(pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), &["G*5b"]);
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Color::Sente,
            reason: WinReason::Checkmate
        })
    );
    check(&mate, "checkmate");
    check(
        &game_of(pos("8k/9/8G/9/9/9/9/9/K8 b P 1"), &["P*2b"]),
        "no legal move",
    );

    let mut resigned = game_of(Position::new(), &["7g7f", "3c3d", "8h2b+"]);
    resigned.resign(Color::Gote).expect("game on");
    check(&resigned, "resignation");

    let mut timed_out = game_of(Position::new(), &["7g7f", "3c3d"]);
    timed_out.time_out(Color::Sente).expect("game on");
    check(&timed_out, "timeout");

    let cycle = ["5i5h", "5a5b", "5h5i", "5b5a"];
    let cycle: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
    let sennichite = game_of(Position::new(), &cycle);
    assert_eq!(
        sennichite.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Sennichite
        })
    );
    check(&sennichite, "sennichite");

    let checks = ["5a4a", "5e4e", "4a5a", "4e5e"];
    let checks: Vec<&str> = checks.iter().cycle().take(12).copied().collect();
    let perpetual = game_of(pos("4k4/9/9/9/4R4/9/9/9/K8 w - 1"), &checks);
    assert_eq!(
        perpetual.outcome(),
        Some(Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::PerpetualCheck
        })
    );
    check(&perpetual, "perpetual check");

    let mut drawn = Game::new(pos("9/4K4/9/9/9/9/9/4k4/9 b RB17Prb4g4s4n4lp 1"));
    drawn.claim_impasse().expect("claimable");
    check(&drawn, "impasse draw");

    let mut won = game_of(
        pos("9/4K4/9/9/9/9/9/4k4/9 b RB5Prb4g4s4n4l13p 1"),
        &["P*9e", "P*1e"],
    );
    assert_eq!(
        won.claim_impasse(),
        Ok(Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::Impasse
        })
    );
    check(&won, "impasse win");

    check(&Game::default(), "nothing played");
    check(
        &game_of(pos("4k4/9/9/9/9/9/9/9/4K4 w 2P 1"), &["5a4a"]),
        "unfinished, gote first",
    );
}

#[test]
fn a_hand_written_kif_reads() {
    let text = "\
# a comment
開始日時：2024/01/01
手合割：平手　　
先手：Nguyễn Văn A
後手：Bob
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:02/00:00:02)
*a note
   3 ２二角成(88)+
   4 同銀(31)
   5 ４五角打
   6 投了
まで5手で先手の勝ち
変化：3手
   3 ６六歩(67)
";
    let record = read_kif(text).expect("reads");
    assert_eq!(record.sente, "Nguyễn Văn A");
    assert_eq!(
        record.game.moves(),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"].map(mv)
    );
    assert_eq!(
        record.game.outcome(),
        Some(Outcome::Win {
            winner: Color::Sente,
            reason: WinReason::Resignation
        })
    );
    // Without origins, moves are resolved against the legal moves, relative words and all.
    let loose = "1 ７六歩\n2 ３四歩\n3 ５八金右\n4 同　歩\n";
    let err = read_kif(loose).expect_err("3. 5h is not a pawn recapture square");
    assert!(matches!(err, ImportError::Move { number: 4, .. }), "{err}");
    let loose = "1 ７六歩\n2 ３四歩\n3 ５八金右\n";
    assert_eq!(
        read_kif(loose).expect("reads").game.moves(),
        ["7g7f", "3c3d", "4i5h"].map(mv)
    );
}

#[test]
fn a_csa_from_elsewhere_reads() {
    let text = "\
' a comment
V2.2
N+Alice
N-Bob
$EVENT:test
PI
+
+7776FU,T3
-3334FU
T5
+8822UM
-3122GI
%TORYO,T1
";
    let record = read_csa(text).expect("reads");
    assert_eq!(
        record.game.moves(),
        ["7g7f", "3c3d", "8h2b+", "3a2b"].map(mv)
    );
    assert_eq!(
        record.game.outcome(),
        Some(Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::Resignation
        })
    );
    // A handicap: PI with the squares it empties (gote gives the bishop and rook).
    let record = read_csa("PI82HI22KA\n-\n-5142OU\n").expect("reads");
    assert_eq!(
        record.game.start().to_string(),
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(record.game.moves(), [mv("5a4b")]);
}

#[test]
fn errors_name_the_move_and_the_rule() {
    let good = kif(&game_of(Position::new(), &["7g7f", "3c3d"]), "A", "B");
    let illegal = good.replace("   2 ３四歩(33)", "   2 ３五歩(33)");
    let err = read_kif(&illegal).expect_err("illegal");
    assert_eq!(
        err,
        ImportError::Illegal {
            number: 2,
            text: "３五歩(33)".into(),
            reason: IllegalMove::CannotMoveThere
        }
    );
    assert!(err.to_string().starts_with("move 2: "), "{err}");
    let err = read_csa("PI\n+\n+7776FU\n-3335FU\n").expect_err("illegal");
    assert!(
        matches!(err, ImportError::Illegal { number: 2, .. }),
        "{err}"
    );
    let err = read_csa("PI\n+\n+7776FU\n+3334FU\n").expect_err("wrong side");
    assert!(matches!(err, ImportError::Move { number: 2, .. }), "{err}");
    let err = read_csa("PI\n+\n+7776KI\n").expect_err("wrong piece");
    assert!(matches!(err, ImportError::Move { number: 1, .. }), "{err}");

    let not_mate = format!("{good}   3 詰み\n");
    assert_eq!(
        read_kif(&not_mate).expect_err("not mate"),
        ImportError::NotCheckmate { marker: "詰み" }
    );
    assert_eq!(
        read_csa("PI\n+\n+7776FU\n%TSUMI\n").expect_err("not mate"),
        ImportError::NotCheckmate { marker: "%TSUMI" }
    );
    assert_eq!(
        read_csa("PI\n+\n%SENNICHITE\n").expect_err("no repetition"),
        ImportError::NotRepetition {
            marker: "%SENNICHITE"
        }
    );
    assert!(matches!(
        read_csa("PI\n+\n%JISHOGI\n").expect_err("kings at home"),
        ImportError::Impasse { .. }
    ));
    assert!(matches!(
        read_csa("PI\n+\n%KACHI\n").expect_err("unknown"),
        ImportError::UnknownEnding { line: 3, .. }
    ));
    assert!(matches!(
        read_csa("PI\n+\n%TORYO\n+7776FU\n").expect_err("after the end"),
        ImportError::AfterEndMarker { line: 4, .. }
    ));
    let skipped = good.replace("   2 ３四歩(33)", "   3 ３四歩(33)");
    assert!(matches!(
        read_kif(&skipped).expect_err("numbering"),
        ImportError::MoveNumber {
            expected: 2,
            found: 3,
            ..
        }
    ));
    assert_eq!(
        read_kif("手合割：香落ち\n1 ７六歩\n").expect_err("handicap"),
        ImportError::Handicap("香落ち".into())
    );
    assert_eq!(read_kif("").expect_err("empty"), ImportError::Empty);
    assert_eq!(read_csa("\n\n").expect_err("empty"), ImportError::Empty);
    assert!(matches!(
        read_kif("hello\n").expect_err("not KIF"),
        ImportError::Unreadable { line: 1, .. }
    ));
    let two_kings = "PI\nP+0000OU\n";
    assert!(read_csa(two_kings).is_err());
}

/// Every prefix and many random corruptions of real records: errors or games, never a panic.
#[test]
fn truncated_and_garbled_files_never_panic() {
    let mut game = random_game(
        pos("ln1g1g1nl/1r1sk2b1/p1pp1s1p1/1p2ppp2/9/2P1P4/PP1P1PPP1/1BS1K1SR1/LN1G1G1NL w Pp 1"),
        7,
        60,
    );
    if game.outcome().is_none() {
        let loser = game.position().turn();
        game.resign(loser).expect("game on");
    }
    let texts = [
        kif(&game, "Nguyễn Văn A", "B"),
        csa(&game, "Nguyễn Văn A", "B"),
    ];
    let noise: Vec<char> = "0123456789+-*%|v ・　同成不打歩金銀角飛玉龍馬PNOUFUTOAL:：()\n,"
        .chars()
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let read_both = |text: &str| {
        let _ = read_kif(text);
        let _ = read_csa(text);
    };
    for text in &texts {
        let chars: Vec<char> = text.chars().collect();
        for end in 0..chars.len() {
            read_both(&chars[..end].iter().collect::<String>());
        }
        for _ in 0..400 {
            let mut garbled = chars.clone();
            for _ in 0..rng.gen_range(1..4) {
                let at = rng.gen_range(0..garbled.len());
                match rng.gen_range(0..3) {
                    0 => garbled[at] = noise[rng.gen_range(0..noise.len())],
                    1 => {
                        garbled.remove(at);
                    }
                    _ => garbled.insert(at, noise[rng.gen_range(0..noise.len())]),
                }
            }
            read_both(&garbled.iter().collect::<String>());
        }
    }
}
