//! Reading moves as players type them: USI (`7g7f`, `P*5e`), Western (`P-7f`, `Bx2b+`,
//! `S*5e`, `G6i-5h`) and Japanese (`７六歩`, `同銀`, `５五角打`, `２三銀不成`, `５八金右`),
//! resolved against the legal moves of a position.
//!
//! When the text fits several legal moves (two golds can reach the square, or promotion is
//! possible and was not said), the parser asks back with the candidates instead of guessing.

use thiserror::Error;

use super::error::IllegalMove;
use super::position::Position;
use super::types::{Color, Move, Piece, Role, Square};

/// Why typed text did not give exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HumanError {
    /// The text is not a move in any notation the parser reads.
    #[error("`{0}` is not a move I can read: try USI (7g7f, P*5e), Western (P-7f, Bx2b+, S*5e) or Japanese (７六歩, 同銀)")]
    Unreadable(String),
    /// `同` (same square) was used but there is no previous move.
    #[error("同 means \"on the square of the last move\", but no move has been played yet")]
    NoPreviousMove,
    /// The move is clear but the rules forbid it.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// No legal move fits the text.
    #[error("no legal move fits `{0}`")]
    NoMatch(String),
    /// Several legal moves fit the text.
    #[error("`{text}` could mean {}: which one?", list(.described))]
    Ambiguous {
        /// The text as typed.
        text: String,
        /// The legal moves it could mean.
        candidates: Vec<Move>,
        /// The candidates written in Western notation with their origin, for the question.
        described: Vec<String>,
    },
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Where a Japanese move says the piece comes from, relative to the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Relative {
    /// 右: the rightmost of the pieces that could move there.
    Right,
    /// 左: the leftmost.
    Left,
    /// 直: straight forward.
    Straight,
    /// 上 (行, 入): forward.
    Up,
    /// 引: backward.
    Down,
    /// 寄: sideways.
    Sideways,
}

/// What the text says about the move; `None` fields are unsaid.
#[derive(Debug, Default)]
struct Pattern {
    role: Option<Role>,
    from: Option<Square>,
    to: Option<Square>,
    same_square: bool,
    drop: Option<bool>,
    /// A board move is preferred to a drop when the text does not say (Japanese 打 rule).
    prefer_board: bool,
    promote: Option<bool>,
    capture: bool,
    relative: Vec<Relative>,
}

/// Reads `text` as a move in `position`. `last_move` is the previous move of the game, needed
/// for Japanese `同` ("on the same square").
pub fn parse_move(
    position: &Position,
    last_move: Option<Move>,
    text: &str,
) -> Result<Move, HumanError> {
    let trimmed = text.trim();
    if let Ok(mv) = trimmed.parse::<Move>() {
        return position.play(mv).map(|_| mv).map_err(HumanError::from);
    }
    let mut pattern = western(trimmed)
        .or_else(|| japanese(trimmed))
        .ok_or_else(|| HumanError::Unreadable(trimmed.to_string()))?;
    if pattern.same_square {
        pattern.to = Some(last_move.ok_or(HumanError::NoPreviousMove)?.to());
    }
    resolve(position, &pattern, trimmed)
}

fn resolve(position: &Position, pattern: &Pattern, text: &str) -> Result<Move, HumanError> {
    let us = position.turn();
    let fits = |mv: &Move| -> bool {
        if pattern.to.is_some_and(|to| to != mv.to()) {
            return false;
        }
        match *mv {
            Move::Drop { role, .. } => {
                pattern.drop != Some(false)
                    && pattern.from.is_none()
                    && pattern.promote != Some(true)
                    && !pattern.capture
                    && pattern.relative.is_empty()
                    && pattern.role.is_none_or(|r| r == role)
            }
            Move::Normal { from, to, promote } => {
                let role = position.piece_at(from).map(|p| p.role);
                pattern.drop != Some(true)
                    && pattern.from.is_none_or(|f| f == from)
                    && pattern.promote.is_none_or(|p| p == promote)
                    && (!pattern.capture || position.piece_at(to).is_some())
                    && pattern.role.is_none_or(|r| Some(r) == role)
                    && pattern
                        .relative
                        .iter()
                        .all(|&rel| vertical_fits(us, rel, from, to))
            }
        }
    };
    let mut candidates: Vec<Move> = position.legal_moves().into_iter().filter(fits).collect();
    if pattern.prefer_board && candidates.iter().any(|m| m.from().is_some()) {
        candidates.retain(|m| m.from().is_some());
    }
    for rel in &pattern.relative {
        candidates = keep_side(us, *rel, candidates);
    }
    match candidates.as_slice() {
        [only] => Ok(*only),
        [] => Err(explain(position, pattern, text)),
        _ => Err(HumanError::Ambiguous {
            text: text.to_string(),
            described: candidates
                .iter()
                .map(|&m| to_western(position, m))
                .collect(),
            candidates,
        }),
    }
}

/// Without a fitting legal move, find the one move the player most likely meant and say which
/// rule it breaks; otherwise report that nothing fits.
///
/// The moves the text could mean are the moves of every piece of the named role to the
/// target, and the drop when the role is in hand (or, with nothing of it on the board, to say
/// it is not). One of them is the move meant if it is the only one, or the only one the piece
/// could make at all (so `５五歩` with a pawn on 5g and one in hand is a nifu drop, not a pawn
/// that cannot move there).
fn explain(position: &Position, pattern: &Pattern, text: &str) -> HumanError {
    let nothing = || HumanError::NoMatch(text.to_string());
    let Some(to) = pattern.to else {
        return nothing();
    };
    let us = position.turn();
    let promote = pattern.promote.unwrap_or(false);
    let mut meant: Vec<Move> = Vec::new();
    if let Some(from) = pattern.from {
        meant.push(Move::Normal { from, to, promote });
    } else if pattern.drop == Some(true) {
        meant.extend(pattern.role.map(|role| Move::Drop { role, to }));
    } else {
        let Some(role) = pattern.role else {
            return nothing();
        };
        meant.extend(
            Square::all()
                .filter(|&sq| position.piece_at(sq) == Some(Piece { color: us, role }))
                .map(|from| Move::Normal { from, to, promote }),
        );
        let drop_possible = pattern.promote.is_none()
            && !pattern.capture
            && pattern.relative.is_empty()
            && pattern.drop.is_none()
            && role.is_hand_role();
        if drop_possible && (meant.is_empty() || position.hand_count(us, role) > 0) {
            meant.push(Move::Drop { role, to });
        }
    }
    let reasons: Vec<IllegalMove> = meant
        .iter()
        .filter_map(|&mv| position.play(mv).err())
        .collect();
    if reasons.len() != meant.len() {
        // One of them is legal but the text's other details (x, 右, …) rule it out.
        return nothing();
    }
    let possible: Vec<IllegalMove> = reasons
        .iter()
        .copied()
        .filter(|r| !matches!(r, IllegalMove::CannotMoveThere | IllegalMove::EmptySquare))
        .collect();
    match (reasons.as_slice(), possible.as_slice()) {
        ([only], _) | (_, [only]) => HumanError::Illegal(*only),
        _ => nothing(),
    }
}

/// Forward distance of a move from the mover's point of view.
fn forward_steps(us: Color, from: Square, to: Square) -> i8 {
    let dr = to.rank() as i8 - from.rank() as i8;
    match us {
        Color::Sente => -dr,
        Color::Gote => dr,
    }
}

fn vertical_fits(us: Color, rel: Relative, from: Square, to: Square) -> bool {
    let ahead = forward_steps(us, from, to);
    match rel {
        Relative::Up => ahead > 0,
        Relative::Down => ahead < 0,
        Relative::Sideways => ahead == 0,
        Relative::Straight => ahead > 0 && from.file() == to.file(),
        Relative::Right | Relative::Left => true,
    }
}

/// 右/左: keep the candidates whose piece stands farthest right (left) as the mover sees it.
fn keep_side(us: Color, rel: Relative, candidates: Vec<Move>) -> Vec<Move> {
    // Sente's right is the low file numbers; gote sees the board turned round.
    let rightness = |m: &Move| {
        let file = m.from().map_or(0, |f| i16::from(f.file()));
        if us == Color::Sente {
            -file
        } else {
            file
        }
    };
    let best = match rel {
        Relative::Right => candidates.iter().map(rightness).max(),
        Relative::Left => candidates.iter().map(rightness).min(),
        _ => return candidates,
    };
    candidates
        .into_iter()
        .filter(|m| Some(rightness(m)) == best)
        .collect()
}

/// A square written as file digit then rank letter (`7f`, `7F`) or rank digit (`76`).
fn western_square(file: char, rank: char) -> Option<Square> {
    let file = u8::try_from(file.to_digit(10)?).ok()?;
    let rank = match rank.to_ascii_lowercase() {
        'a'..='i' => rank.to_ascii_lowercase() as u8 - b'a' + 1,
        '1'..='9' => rank as u8 - b'0',
        _ => return None,
    };
    Square::new(file, rank)
}

/// `P-7f`, `Bx2b+`, `S*5e`, `+Rx2b`, `G6i-5h`, `S4d-3c=`; pieces, ranks and `x` in either case.
fn western(text: &str) -> Option<Pattern> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let promoted = chars.first() == Some(&'+');
    if promoted {
        i += 1;
    }
    // Upper or lower case: a letter never starts a USI board move or a Japanese move.
    let role = Role::from_letter(*chars.get(i).filter(|c| c.is_ascii_alphabetic())?)?;
    let role = if promoted { role.promoted()? } else { role };
    i += 1;
    let mut pattern = Pattern {
        role: Some(role),
        ..Pattern::default()
    };
    let rest = &chars[i..];
    let (from, rest) = match rest {
        [f, r, tail @ ..]
            if f.is_ascii_digit() && !matches!(tail.first(), None | Some('+' | '=')) =>
        {
            (Some(western_square(*f, *r)?), tail)
        }
        _ => (None, rest),
    };
    pattern.from = from;
    let rest = match rest {
        ['-', tail @ ..] => {
            pattern.drop = Some(false);
            tail
        }
        ['x' | 'X', tail @ ..] => {
            pattern.drop = Some(false);
            pattern.capture = true;
            tail
        }
        ['*', tail @ ..] => {
            pattern.drop = Some(true);
            tail
        }
        _ => {
            if from.is_some() {
                pattern.drop = Some(false);
            }
            rest
        }
    };
    let rest = match rest {
        [f, r, tail @ ..] => {
            pattern.to = Some(western_square(*f, *r)?);
            tail
        }
        _ => return None,
    };
    match rest {
        [] => {}
        ['+'] => pattern.promote = Some(true),
        ['='] => pattern.promote = Some(false),
        _ => return None,
    }
    if pattern.drop == Some(true) && (from.is_some() || promoted || pattern.promote.is_some()) {
        return None;
    }
    Some(pattern)
}

/// A digit 1–9 in ASCII, full width (１) or kanji (一).
fn japanese_digit(c: char) -> Option<u8> {
    let n = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '１' as u32 + 1,
        _ => "一二三四五六七八九".chars().position(|k| k == c)? as u32 + 1,
    };
    u8::try_from(n).ok()
}

/// `７六歩`, `▲７六歩(77)`, `同　銀`, `５五角打`, `２三銀不成`, `５八金右`, `同成銀`.
fn japanese(text: &str) -> Option<Pattern> {
    let text = text.trim_start_matches(['▲', '△', '☗', '☖']);
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '　')
        .collect();
    let mut pattern = Pattern {
        prefer_board: true,
        ..Pattern::default()
    };
    let mut i = if chars.first() == Some(&'同') {
        pattern.same_square = true;
        1
    } else {
        let file = japanese_digit(*chars.first()?)?;
        let rank = japanese_digit(*chars.get(1)?)?;
        pattern.to = Some(Square::new(file, rank)?);
        2
    };
    let (role, used) = match (chars.get(i)?, chars.get(i + 1)) {
        ('成', Some('香')) => (Role::ProLance, 2),
        ('成', Some('桂')) => (Role::ProKnight, 2),
        ('成', Some('銀')) => (Role::ProSilver, 2),
        (c, _) => (
            match c {
                '歩' => Role::Pawn,
                '香' => Role::Lance,
                '桂' => Role::Knight,
                '銀' => Role::Silver,
                '金' => Role::Gold,
                '角' => Role::Bishop,
                '飛' => Role::Rook,
                '玉' | '王' => Role::King,
                'と' => Role::ProPawn,
                '杏' => Role::ProLance,
                '圭' => Role::ProKnight,
                '全' => Role::ProSilver,
                '馬' => Role::Horse,
                '龍' | '竜' => Role::Dragon,
                _ => return None,
            },
            1,
        ),
    };
    pattern.role = Some(role);
    i += used;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '右' => pattern.relative.push(Relative::Right),
            '左' => pattern.relative.push(Relative::Left),
            '直' => pattern.relative.push(Relative::Straight),
            '上' | '行' | '入' => pattern.relative.push(Relative::Up),
            '引' => pattern.relative.push(Relative::Down),
            '寄' => pattern.relative.push(Relative::Sideways),
            '打' => pattern.drop = Some(true),
            '成' => pattern.promote = Some(true),
            '生' => pattern.promote = Some(false),
            '不' if chars.get(i) == Some(&'成') => {
                i += 1;
                pattern.promote = Some(false);
            }
            '(' | '（' => {
                let file = japanese_digit(*chars.get(i)?)?;
                let rank = japanese_digit(*chars.get(i + 1)?)?;
                if !matches!(chars.get(i + 2), Some(')' | '）')) {
                    return None;
                }
                pattern.from = Some(Square::new(file, rank)?);
                i += 3;
            }
            _ => return None,
        }
    }
    Some(pattern)
}

/// The move in Western notation with its origin: `P7g-7f`, `B8hx2b+`, `S4d-3c=`, `S*5e`.
#[must_use]
pub fn to_western(position: &Position, mv: Move) -> String {
    match mv {
        Move::Drop { role, to } => format!("{}*{to}", role.letter()),
        Move::Normal { from, to, promote } => {
            let role = position.piece_at(from).map_or(Role::Pawn, |p| p.role);
            let prefix = if role.is_promoted() { "+" } else { "" };
            let sep = if position.piece_at(to).is_some() {
                'x'
            } else {
                '-'
            };
            let could_promote = position
                .play(Move::Normal {
                    from,
                    to,
                    promote: !promote,
                })
                .is_ok();
            let suffix = match (promote, could_promote) {
                (true, _) => "+",
                (false, true) => "=",
                (false, false) => "",
            };
            format!("{prefix}{}{from}{sep}{to}{suffix}", role.letter())
        }
    }
}
