//! Writing games for other software: the USI move list, KIF, CSA and a lishogi analysis link.

use std::fmt::Write as _;

use super::game::Game;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::position::Position;
use super::types::{Color, Move, Role, Square};

/// Full-width digits used by KIF for files.
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji numerals used by KIF for ranks and counts.
const KANJI: [&str; 18] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四",
    "十五", "十六", "十七", "十八",
];

fn is_start(position: &Position) -> bool {
    position.same_position(&Position::new()) && position.move_number() == 1
}

/// The USI `position` command for the game: `position startpos moves 7g7f 3c3d` or
/// `position sfen <SFEN> moves …` (without `moves` when none was played).
#[must_use]
pub fn usi(game: &Game) -> String {
    let mut text = if is_start(game.start()) {
        "position startpos".to_string()
    } else {
        format!("position sfen {}", game.start())
    };
    if !game.moves().is_empty() {
        text.push_str(" moves");
        for mv in game.moves() {
            let _ = write!(text, " {mv}");
        }
    }
    text
}

/// A link that opens `position` on lishogi's analysis board.
#[must_use]
pub fn lishogi_url(position: &Position) -> String {
    format!(
        "https://lishogi.org/analysis/{}",
        position.to_string().replace(' ', "_")
    )
}

/// KIF name of a role as it stands on the board (two characters for promoted lance, knight,
/// silver).
#[must_use]
pub fn kif_role(role: Role) -> &'static str {
    match role {
        Role::Pawn => "歩",
        Role::Lance => "香",
        Role::Knight => "桂",
        Role::Silver => "銀",
        Role::Gold => "金",
        Role::Bishop => "角",
        Role::Rook => "飛",
        Role::King => "玉",
        Role::ProPawn => "と",
        Role::ProLance => "成香",
        Role::ProKnight => "成桂",
        Role::ProSilver => "成銀",
        Role::Horse => "馬",
        Role::Dragon => "龍",
    }
}

/// One move in Japanese (KIF) notation: `７六歩(77)`, `同　銀(31)`, `２二角成(88)`,
/// `５五角打`, `２三銀不成(34)`. `previous` is the move before, for `同`.
#[must_use]
pub fn kif_move(position: &Position, mv: Move, previous: Option<Move>) -> String {
    let to = mv.to();
    let mut text = if previous.is_some_and(|p| p.to() == to) {
        "同　".to_string()
    } else {
        format!(
            "{}{}",
            FULL_WIDTH[usize::from(to.file() - 1)],
            KANJI[usize::from(to.rank() - 1)]
        )
    };
    match mv {
        Move::Drop { role, .. } => {
            let _ = write!(text, "{}打", kif_role(role));
        }
        Move::Normal { from, promote, .. } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            text.push_str(kif_role(role));
            if promote {
                text.push('成');
            } else if position.is_legal(Move::Normal {
                from,
                to,
                promote: true,
            }) {
                text.push_str("不成");
            }
            let _ = write!(text, "({}{})", from.file(), from.rank());
        }
    }
    text
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::Sente => "先手",
        Color::Gote => "後手",
    }
}

fn kif_hand(position: &Position, color: Color) -> String {
    let parts: Vec<String> = Role::HAND
        .iter()
        .filter_map(|&role| {
            let n = usize::from(position.hand_count(color, role));
            match n {
                0 => None,
                1 => Some(kif_role(role).to_string()),
                _ => Some(format!("{}{}", kif_role(role), KANJI[n - 1])),
            }
        })
        .collect();
    if parts.is_empty() {
        "なし".to_string()
    } else {
        parts.join("　")
    }
}

/// The KIF board diagram (BOD) of `position`, with both hands and, for gote, `後手番`.
#[must_use]
pub fn kif_board(position: &Position) -> String {
    let mut text = format!("後手の持駒：{}\n", kif_hand(position, Color::Gote));
    text.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        text.push('|');
        for file in (1..=9u8).rev() {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            match position.piece_at(sq) {
                None => text.push_str(" ・"),
                Some(piece) => {
                    text.push(if piece.color == Color::Gote { 'v' } else { ' ' });
                    text.push(piece.role.kanji());
                }
            }
        }
        let _ = writeln!(text, "|{}", KANJI[usize::from(rank - 1)]);
    }
    text.push_str("+---------------------------+\n");
    let _ = writeln!(text, "先手の持駒：{}", kif_hand(position, Color::Sente));
    if position.turn() == Color::Gote {
        text.push_str("後手番\n");
    }
    text
}

fn kif_end_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win {
            reason: WinReason::Resignation,
            ..
        } => "投了",
        Outcome::Win {
            reason: WinReason::Timeout,
            ..
        } => "切れ負け",
        Outcome::Win {
            reason: WinReason::Checkmate | WinReason::NoLegalMoves,
            ..
        } => "詰み",
        Outcome::Win {
            reason: WinReason::PerpetualCheck,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::Sennichite,
        } => "千日手",
        Outcome::Win {
            reason: WinReason::Impasse,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::Impasse,
        } => "持将棋",
        Outcome::Draw {
            reason: DrawReason::MoveLimit,
        } => "中断",
    }
}

/// The game as KIF (UTF-8, header `#KIF version=2.0 encoding=UTF-8`), with the players' names.
///
/// A game from the start position is headed `手合割：平手`; any other start is written as a
/// board diagram. A finished game ends with its end word (投了, 詰み, 千日手, 持将棋, 切れ負け,
/// 中断) and
/// the usual `まで…` summary. KIF has no word for a loss by having no legal move, so it is
/// written 詰み like a checkmate.
#[must_use]
pub fn kif(game: &Game, sente: &str, gote: &str) -> String {
    let mut text = String::from("#KIF version=2.0 encoding=UTF-8\n");
    if is_start(game.start()) {
        text.push_str("手合割：平手\n");
    } else {
        text.push_str(&kif_board(game.start()));
    }
    let _ = writeln!(text, "先手：{sente}\n後手：{gote}");
    text.push_str("手数----指手---------消費時間--\n");
    let mut previous = None;
    for (i, (&mv, position)) in game.moves().iter().zip(game.positions()).enumerate() {
        let _ = writeln!(text, "{:>4} {}", i + 1, kif_move(position, mv, previous));
        previous = Some(mv);
    }
    if let Some(outcome) = game.outcome() {
        let played = game.moves().len();
        let word = kif_end_word(outcome);
        let _ = writeln!(text, "{:>4} {word}", played + 1);
        let summary = match outcome {
            Outcome::Win { winner, .. } => format!("{}の勝ち", side_name(winner)),
            Outcome::Draw { .. } => word.to_string(),
        };
        let _ = writeln!(text, "まで{played}手で{summary}");
    }
    text
}

/// CSA two-letter code of a role as it stands.
#[must_use]
pub fn csa_role(role: Role) -> &'static str {
    match role {
        Role::Pawn => "FU",
        Role::Lance => "KY",
        Role::Knight => "KE",
        Role::Silver => "GI",
        Role::Gold => "KI",
        Role::Bishop => "KA",
        Role::Rook => "HI",
        Role::King => "OU",
        Role::ProPawn => "TO",
        Role::ProLance => "NY",
        Role::ProKnight => "NK",
        Role::ProSilver => "NG",
        Role::Horse => "UM",
        Role::Dragon => "RY",
    }
}

fn csa_sign(color: Color) -> char {
    match color {
        Color::Sente => '+',
        Color::Gote => '-',
    }
}

/// One move in CSA: `+7776FU`, `-0055KA` for a drop, the piece written as it ends up.
#[must_use]
pub fn csa_move(position: &Position, mv: Move) -> String {
    let sign = csa_sign(position.turn());
    match mv {
        Move::Drop { role, to } => format!("{sign}00{}{}{}", to.file(), to.rank(), csa_role(role)),
        Move::Normal { from, to, promote } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            let role = if promote {
                role.promoted().unwrap_or(role)
            } else {
                role
            };
            format!(
                "{sign}{}{}{}{}{}",
                from.file(),
                from.rank(),
                to.file(),
                to.rank(),
                csa_role(role)
            )
        }
    }
}

fn csa_end(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win {
            reason: WinReason::Resignation,
            ..
        } => "%TORYO",
        Outcome::Win {
            reason: WinReason::Timeout,
            ..
        } => "%TIME_UP",
        Outcome::Win {
            reason: WinReason::Checkmate | WinReason::NoLegalMoves,
            ..
        } => "%TSUMI",
        Outcome::Win {
            reason: WinReason::PerpetualCheck,
            ..
        } => "%OUTE_SENNICHITE",
        Outcome::Draw {
            reason: DrawReason::Sennichite,
        } => "%SENNICHITE",
        Outcome::Win {
            reason: WinReason::Impasse,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::Impasse,
        } => "%JISHOGI",
        Outcome::Draw {
            reason: DrawReason::MoveLimit,
        } => "%CHUDAN",
    }
}

/// The game in CSA (version 2.2, ASCII): names, `PI` for the start position or the board as
/// `P1`…`P9` with `P+`/`P-` hands, the side to move, the moves, and the end (`%TORYO`,
/// `%TSUMI`, `%SENNICHITE`, `%OUTE_SENNICHITE`, `%JISHOGI`, `%TIME_UP`, `%CHUDAN`).
#[must_use]
pub fn csa(game: &Game, sente: &str, gote: &str) -> String {
    let mut text = format!("V2.2\nN+{sente}\nN-{gote}\n");
    let start = game.start();
    if is_start(start) {
        text.push_str("PI\n");
    } else {
        for rank in 1..=9u8 {
            let _ = write!(text, "P{rank}");
            for file in (1..=9u8).rev() {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                match start.piece_at(sq) {
                    None => text.push_str(" * "),
                    Some(p) => {
                        let _ = write!(text, "{}{}", csa_sign(p.color), csa_role(p.role));
                    }
                }
            }
            text.push('\n');
        }
        for color in Color::ALL {
            let mut line = format!("P{}", csa_sign(color));
            for role in Role::HAND {
                for _ in 0..start.hand_count(color, role) {
                    let _ = write!(line, "00{}", csa_role(role));
                }
            }
            if line.len() > 2 {
                let _ = writeln!(text, "{line}");
            }
        }
    }
    let _ = writeln!(text, "{}", csa_sign(start.turn()));
    for (&mv, position) in game.moves().iter().zip(game.positions()) {
        let _ = writeln!(text, "{}", csa_move(position, mv));
    }
    if let Some(outcome) = game.outcome() {
        let _ = writeln!(text, "{}", csa_end(outcome));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::START_SFEN;

    #[test]
    fn start_sfen_is_recognised() {
        assert!(is_start(&START_SFEN.parse().expect("valid")));
        assert!(!is_start(
            &"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
                .parse()
                .expect("valid")
        ));
    }
}
