//! Scenarios: every illegal-move reason, promotion choices and every way a game ends.

use oaq_bot::games::shogi::{
    Color, DrawReason, Game, GameError, IllegalMove, ImpasseError, Move, Outcome, Position,
    SfenError, WinReason,
};

fn pos(sfen: &str) -> Position {
    sfen.parse().expect("valid SFEN")
}

fn mv(usi: &str) -> Move {
    usi.parse().expect("valid USI")
}

fn reason(sfen: &str, usi: &str) -> IllegalMove {
    pos(sfen).play(mv(usi)).expect_err("the move is illegal")
}

const LONE_KINGS_PAWN: &str = "4k4/9/9/9/9/9/9/9/4K4 b P 1";

#[test]
fn every_illegal_move_reason() {
    let start = Position::new().to_string();
    assert_eq!(reason(&start, "5e5d"), IllegalMove::EmptySquare);
    assert_eq!(reason(&start, "3c3d"), IllegalMove::NotYourPiece);
    assert_eq!(reason(&start, "9i9g"), IllegalMove::OwnPieceOnTarget);
    assert_eq!(reason(&start, "7g7e"), IllegalMove::CannotMoveThere);
    assert_eq!(
        reason(&start, "8h2b"),
        IllegalMove::CannotMoveThere,
        "blocked by 7g"
    );
    assert_eq!(reason(&start, "7g7f+"), IllegalMove::CannotPromote);
    assert_eq!(
        reason(&start, "P*5e"),
        IllegalMove::NotInHand(oaq_bot::games::shogi::Role::Pawn)
    );
    assert_eq!(
        reason("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a"),
        IllegalMove::MustPromote
    );
    assert_eq!(
        reason("4k4/9/9/9/9/9/9/9/4K3G b - 1", "1i1h+"),
        IllegalMove::CannotPromote
    );
    assert_eq!(reason(LONE_KINGS_PAWN, "P*5i"), IllegalMove::OccupiedSquare);
    assert_eq!(reason(LONE_KINGS_PAWN, "P*1a"), IllegalMove::NoFurtherMove);
    assert_eq!(
        reason("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1b"),
        IllegalMove::NoFurtherMove
    );
    assert_eq!(
        reason("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e"),
        IllegalMove::Nifu
    );
    assert_eq!(
        reason("8k/9/8G/9/9/9/9/9/K6R1 b P 1", "P*1b"),
        IllegalMove::Uchifuzume
    );
    let pinned = "4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1";
    assert_eq!(reason(pinned, "5h4h"), IllegalMove::LeavesKingInCheck);
    assert_eq!(reason(pinned, "5i5h"), IllegalMove::OwnPieceOnTarget);
    assert_eq!(
        reason("4k4/9/9/9/4r4/9/9/9/4K4 b - 1", "5i5h"),
        IllegalMove::LeavesKingInCheck
    );
    assert_eq!(
        reason("4k4/9/9/9/4r4/9/9/9/4K4 b G 1", "G*1e"),
        IllegalMove::LeavesKingInCheck
    );
}

#[test]
fn illegal_move_messages_name_the_rule() {
    assert!(IllegalMove::Nifu.to_string().starts_with("nifu"));
    assert!(IllegalMove::Uchifuzume
        .to_string()
        .starts_with("uchifuzume"));
    assert!(IllegalMove::LeavesKingInCheck
        .to_string()
        .contains("king in check"));
    assert_eq!(
        IllegalMove::NotInHand(oaq_bot::games::shogi::Role::Bishop).to_string(),
        "you have no bishop in hand"
    );
}

#[test]
fn a_promoted_pawn_does_not_count_for_nifu() {
    assert!(pos("4k4/9/9/9/4+P4/9/9/9/4K4 b P 1")
        .play(mv("P*5f"))
        .is_ok());
}

#[test]
fn promotion_choices() {
    let silver = pos("4k4/9/9/5S3/9/9/9/9/4K4 b - 1");
    assert!(
        silver.is_legal(mv("4d3c")) && silver.is_legal(mv("4d3c+")),
        "entering: optional"
    );
    let out = pos("4k4/9/5S3/9/9/9/9/9/4K4 b - 1");
    assert!(
        out.is_legal(mv("4c3d")) && out.is_legal(mv("4c3d+")),
        "leaving: optional"
    );
    let pawn = pos("4k4/8P/9/9/9/9/9/9/4K4 b - 1");
    assert!(
        pawn.is_legal(mv("1b1a+")) && !pawn.is_legal(mv("1b1a")),
        "pawn on last rank"
    );
    let knight = pos("4k4/9/9/8N/9/9/9/9/4K4 b - 1");
    assert!(
        knight.is_legal(mv("1d2b+")) && !knight.is_legal(mv("1d2b")),
        "knight on rank b"
    );
    let lance = pos("4k4/9/9/8L/9/9/9/9/4K4 b - 1");
    assert!(lance.is_legal(mv("1d1b")) && lance.is_legal(mv("1d1b+")));
    assert!(!lance.is_legal(mv("1d1a")) && lance.is_legal(mv("1d1a+")));
    let gote_pawn = pos("4k4/9/9/9/9/9/9/p8/4K4 w - 1");
    assert!(gote_pawn.is_legal(mv("9h9i+")) && !gote_pawn.is_legal(mv("9h9i")));
    let after = silver.play(mv("4d3c+")).expect("legal");
    assert_eq!(after.to_string(), "4k4/9/6+S2/9/9/9/9/9/4K4 w - 2");
}

#[test]
fn captured_pieces_go_to_hand_unpromoted() {
    let position = pos("4k4/9/9/4+b4/4R4/9/9/9/4K4 b - 1");
    let after = position.play(mv("5e5d")).expect("legal");
    assert_eq!(after.to_string(), "4k4/9/9/4R4/9/9/9/9/4K4 w B 2");
}

#[test]
fn checkmate_wins() {
    let mut game = Game::new(pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"));
    let outcome = game.play(mv("G*5b")).expect("legal");
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Color::Sente,
            reason: WinReason::Checkmate
        })
    );
    assert_eq!(
        game.play(mv("5a4a")),
        Err(GameError::GameOver(outcome.expect("over")))
    );
}

#[test]
fn having_no_legal_move_loses() {
    let mut game = Game::new(pos("8k/9/8G/9/9/9/9/9/K8 b P 1"));
    let outcome = game
        .play(mv("P*2b"))
        .expect("legal: a pawn drop that stalemates without check");
    assert_eq!(
        outcome,
        Some(Outcome::Win {
            winner: Color::Sente,
            reason: WinReason::NoLegalMoves
        })
    );
    assert!(!game.position().is_check());
}

#[test]
fn fourth_repetition_is_a_draw() {
    let mut game = Game::default();
    let cycle = ["5i5h", "5a5b", "5h5i", "5b5a"];
    for (i, usi) in cycle.iter().cycle().take(12).enumerate() {
        let outcome = game.play(mv(usi)).expect("legal");
        if i < 11 {
            assert_eq!(
                outcome,
                None,
                "only the fourth occurrence ends the game (move {})",
                i + 1
            );
        } else {
            assert_eq!(
                outcome,
                Some(Outcome::Draw {
                    reason: DrawReason::Sennichite
                })
            );
        }
    }
}

#[test]
fn perpetual_check_loses() {
    let mut game = Game::new(pos("4k4/9/9/9/4R4/9/9/9/K8 w - 1"));
    let cycle = ["5a4a", "5e4e", "4a5a", "4e5e"];
    let mut last = None;
    for usi in cycle.iter().cycle().take(12) {
        last = game.play(mv(usi)).expect("legal");
    }
    assert_eq!(
        last,
        Some(Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::PerpetualCheck
        })
    );
}

#[test]
fn perpetual_check_by_gote_loses_on_the_fourth_occurrence_only() {
    // Sente starts in check from the rook; gote checks with every move of the cycle.
    let mut game = Game::new(pos("k8/9/9/9/4r4/9/9/9/4K4 b - 1"));
    let cycle = ["5i4i", "5e4e", "4i5i", "4e5e"];
    for (i, usi) in cycle.iter().cycle().take(12).enumerate() {
        let outcome = game.play(mv(usi)).expect("legal");
        if i < 11 {
            assert_eq!(
                outcome,
                None,
                "move {}: not yet the fourth occurrence",
                i + 1
            );
        } else {
            assert_eq!(
                outcome,
                Some(Outcome::Win {
                    winner: Color::Sente,
                    reason: WinReason::PerpetualCheck
                })
            );
        }
    }
    assert_eq!(
        game.play(mv("5i4i")),
        Err(GameError::GameOver(Outcome::Win {
            winner: Color::Sente,
            reason: WinReason::PerpetualCheck
        }))
    );
}

#[test]
fn quiet_moves_before_the_cycle_do_not_spare_the_checking_side() {
    // Sente first brings the rook over without check, then checks for ever: only the
    // moves since the repeated position first occurred count.
    let mut game = Game::new(pos("4k4/9/9/9/9/9/9/9/K6R1 b - 1"));
    for usi in ["2i2e", "5a5b", "2e5e"] {
        assert_eq!(game.play(mv(usi)).expect("legal"), None);
    }
    let cycle = ["5b4b", "5e4e", "4b5b", "4e5e"];
    let mut last = None;
    for (i, usi) in cycle.iter().cycle().take(12).enumerate() {
        last = game.play(mv(usi)).expect("legal");
        if i < 11 {
            assert_eq!(last, None, "move {} of the cycle", i + 1);
        }
    }
    assert_eq!(
        last,
        Some(Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::PerpetualCheck
        })
    );
}

#[test]
fn repetition_with_checks_on_only_some_moves_is_a_draw() {
    // Sente checks with one move of each cycle and not with the other: a plain sennichite.
    let mut game = Game::new(pos("4k4/9/9/9/5R3/9/9/9/K8 b - 1"));
    let cycle = ["4e5e", "5a6a", "5e4e", "6a5a"];
    let mut last = None;
    for usi in cycle.iter().cycle().take(12) {
        last = game.play(mv(usi)).expect("legal");
    }
    assert_eq!(
        last,
        Some(Outcome::Draw {
            reason: DrawReason::Sennichite
        })
    );
}

#[test]
fn impasse_claims() {
    let mut drawn = Game::new(pos("9/4K4/9/9/9/9/9/4k4/9 b RB17Prb4g4s4n4lp 1"));
    assert_eq!(drawn.position().impasse_points(Color::Sente), 27);
    assert_eq!(drawn.position().impasse_points(Color::Gote), 27);
    assert_eq!(
        drawn.claim_impasse(),
        Ok(Outcome::Draw {
            reason: DrawReason::Impasse
        })
    );

    let mut won = Game::new(pos("9/4K4/9/9/9/9/9/4k4/9 w R17P2b4g4s4n4lp 1"));
    assert_eq!(won.position().impasse_points(Color::Sente), 22);
    assert_eq!(
        won.claim_impasse(),
        Ok(Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::Impasse
        })
    );
    assert!(matches!(
        won.claim_impasse(),
        Err(ImpasseError::GameOver(_))
    ));

    assert_eq!(
        Game::default().claim_impasse(),
        Err(ImpasseError::KingsNotInZone)
    );
    let one_king_in = pos("9/4K4/9/9/4k4/9/9/9/9 b RB17Prb4g4s4n4lp 1");
    assert_eq!(
        Game::new(one_king_in).claim_impasse(),
        Err(ImpasseError::KingsNotInZone)
    );
}

#[test]
fn resignation() {
    let mut game = Game::default();
    game.play(mv("7g7f")).expect("legal");
    let outcome = game.resign(Color::Sente).expect("game on");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Color::Gote,
            reason: WinReason::Resignation
        }
    );
    assert!(game.resign(Color::Gote).is_err());
}

#[test]
fn running_out_of_time_loses() {
    let mut game = Game::default();
    game.play(mv("7g7f")).expect("legal");
    let outcome = game.time_out(Color::Gote).expect("game on");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Color::Sente,
            reason: WinReason::Timeout
        }
    );
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(
        game.time_out(Color::Sente),
        Err(GameError::GameOver(outcome))
    );
    assert_eq!(game.play(mv("3c3d")), Err(GameError::GameOver(outcome)));
    assert_eq!(
        outcome.to_string(),
        "sente wins by the opponent running out of time"
    );
}

#[test]
fn sfen_rejects_impossible_positions() {
    let err = |s: &str| s.parse::<Position>().expect_err("invalid");
    assert_eq!(err("9/9/9/9/9/9/9/9/4K4 b - 1"), SfenError::Kings);
    assert_eq!(err("4k4/9/9/9/9/9/9/9/4K4 x - 1"), SfenError::Side);
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"),
        SfenError::Hands("19P".into())
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 2R1r 1"),
        SfenError::TooManyPieces
    );
    assert_eq!(
        err("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::DeadPiece("9a".into())
    );
    assert_eq!(err("4k4/9/9/4P4/4P4/9/9/9/4K4 b - 1"), SfenError::Nifu(5));
    assert_eq!(
        err("4k4/9/9/9/4R4/9/9/9/4K4 b - 1"),
        SfenError::OpponentInCheck
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9/4K4 b - 0"), SfenError::MoveNumber);
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K5 b - 1"),
        SfenError::Board(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9 b - 1"),
        SfenError::Board(_)
    ));
    assert_eq!(err("4k4"), SfenError::Fields);
    assert_eq!(
        "4k4/9/9/9/9/9/9/9/4K4 b -"
            .parse::<Position>()
            .expect("move number optional")
            .move_number(),
        1
    );
}

#[test]
fn moves_report_their_events() {
    use oaq_bot::games::shogi::{Event, Piece, Role};
    let position = pos("4k4/9/9/4+b4/4R4/9/9/9/4K4 b - 1");
    let (_, events) = position.play_with_events(mv("5e5d")).expect("legal");
    let sq = |s: &str| s.parse().expect("square");
    let rook = Piece {
        color: Color::Sente,
        role: Role::Rook,
    };
    assert_eq!(
        events,
        vec![
            Event::Moved {
                piece: rook,
                from: sq("5e"),
                to: sq("5d")
            },
            Event::Captured {
                piece: Piece {
                    color: Color::Gote,
                    role: Role::Horse
                },
                on: sq("5d")
            },
            Event::Check { king: sq("5a") },
        ]
    );
    let (_, events) = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1")
        .play_with_events(mv("G*5b"))
        .expect("legal");
    assert_eq!(
        events,
        vec![
            Event::Dropped {
                piece: Piece {
                    color: Color::Sente,
                    role: Role::Gold
                },
                to: sq("5b")
            },
            Event::Check { king: sq("5a") },
        ]
    );
    let (_, events) = pos("4k4/9/9/5S3/9/9/9/9/4K4 b - 1")
        .play_with_events(mv("4d3c+"))
        .expect("legal");
    assert_eq!(
        events[1],
        Event::Promoted {
            piece: Piece {
                color: Color::Sente,
                role: Role::ProSilver
            },
            on: sq("3c")
        }
    );
    assert_eq!(events.len(), 2);
    assert_eq!(
        pos("4k4/9/9/9/9/9/9/9/4K4 b - 1").play_with_events(mv("P*5e")),
        Err(IllegalMove::NotInHand(Role::Pawn))
    );
}
