//! Reading games written by other software: KIF and CSA, the round-trip partners of
//! [`export::kif`](super::export::kif) and [`export::csa`](super::export::csa).
//!
//! A record is read in full: the players' names, the start position (the standard start, a
//! KIF board diagram or CSA `P1`…`P9` rows with the pieces in hand), every move replayed
//! through the engine (an illegal move is an error naming its move number), and the end marker
//! checked against the position (a claimed checkmate must be one) and turned into the game's
//! outcome. Bad input is an [`ImportError`], never a panic.

use thiserror::Error;

use super::error::{IllegalMove, SfenError};
use super::game::{Game, GameError, ImpasseError};
use super::human::{self, HumanError};
use super::outcome::{DrawReason, Outcome, WinReason};
use super::position::Position;
use super::types::{Color, Move, Piece, Role, Square};

/// A game read from a file: the players' names and the game itself.
#[derive(Debug, Clone)]
pub struct Record {
    /// Sente's name (KIF `先手：`, CSA `N+`), empty when the file does not say.
    pub sente: String,
    /// Gote's name (KIF `後手：`, CSA `N-`), empty when the file does not say.
    pub gote: String,
    /// The start position, the moves and, when the record has an end marker, the outcome.
    pub game: Game,
}

/// Why a KIF or CSA record could not be read. Line and move numbers count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    /// The text holds no record at all.
    #[error("the text is empty: no game record in it")]
    Empty,
    /// A line that is not part of the format.
    #[error("line {line}: `{text}` is not part of a {format} record")]
    Unreadable {
        /// `"KIF"` or `"CSA"`.
        format: &'static str,
        /// The line number.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// The start position (board diagram, `P1`…`P9`, pieces in hand) is malformed.
    #[error("line {line}: the start position is malformed: {why}")]
    Board {
        /// The line number.
        line: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// The start position reads but is impossible (two kings of a side, nifu, …).
    #[error("the start position is impossible: {0}")]
    Start(#[from] SfenError),
    /// A KIF handicap (`手合割`) other than an even game, without a board diagram.
    #[error("the handicap `{0}` is not supported: only 平手 (an even game) or a board diagram")]
    Handicap(String),
    /// KIF move numbers out of sequence.
    #[error("line {line}: expected move number {expected}, found {found}")]
    MoveNumber {
        /// The line number.
        line: usize,
        /// The number the next move should have.
        expected: usize,
        /// The number written.
        found: usize,
    },
    /// A move that does not read, or does not fit the position (wrong side, wrong piece).
    #[error("move {number}: `{text}` cannot be read: {why}")]
    Move {
        /// The move number (1 for the first move of the record).
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A move that reads but that the rules forbid.
    #[error("move {number}: `{text}` is illegal: {reason}")]
    Illegal {
        /// The move number.
        number: usize,
        /// The move as written.
        text: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// A move written after the game had already ended on the board.
    #[error("move {number}: `{text}` comes after the game ended ({outcome})")]
    AfterEnd {
        /// The move number.
        number: usize,
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
    /// An end marker the reader does not know.
    #[error("line {line}: `{text}` is not an end of game I can read")]
    UnknownEnding {
        /// The line number.
        line: usize,
        /// The marker as written.
        text: String,
    },
    /// A move or second end marker after the end marker.
    #[error("line {line}: `{text}` comes after the end of the game")]
    AfterEndMarker {
        /// The line number.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// The record ends in checkmate but the side to move is not checkmated.
    #[error("the record ends with {marker} (checkmate), but the side to move is not checkmated")]
    NotCheckmate {
        /// The marker as written.
        marker: &'static str,
    },
    /// The record ends in repetition but the position has not occurred four times.
    #[error(
        "the record ends with {marker} (repetition), but the position has not occurred four times"
    )]
    NotRepetition {
        /// The marker as written.
        marker: &'static str,
    },
    /// The record ends with an impasse claim that the position does not allow.
    #[error("the record ends with {marker} (impasse), but {reason}")]
    Impasse {
        /// The marker as written.
        marker: &'static str,
        /// Why the claim is refused.
        reason: ImpasseError,
    },
    /// The end marker contradicts how the game had already ended on the board.
    #[error("the record ends with {marker}, but the game had already ended: {outcome}")]
    Contradiction {
        /// The marker as written.
        marker: &'static str,
        /// How the game had ended.
        outcome: Outcome,
    },
}

/// How a record says the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// 投了, %TORYO: the side to move resigned.
    Resignation,
    /// 詰み, %TSUMI: the side to move is checkmated (or has no legal move).
    Checkmate,
    /// 千日手, %SENNICHITE, %OUTE_SENNICHITE: fourfold repetition.
    Repetition,
    /// 持将棋, %JISHOGI: an impasse claim.
    Impasse,
    /// 切れ負け, %TIME_UP: the side to move ran out of time.
    Timeout,
    /// 中断, %CHUDAN: stopped (the writers' word for a move-limit draw).
    Interrupted,
}

/// Applies the end marker to the replayed game.
fn finish(game: &mut Game, ending: Ending, marker: &'static str) -> Result<(), ImportError> {
    let loser = game.position().turn();
    if let Some(outcome) = game.outcome() {
        let agrees = match ending {
            Ending::Checkmate => matches!(
                outcome,
                Outcome::Win {
                    reason: WinReason::Checkmate | WinReason::NoLegalMoves,
                    ..
                }
            ),
            Ending::Repetition => matches!(
                outcome,
                Outcome::Win {
                    reason: WinReason::PerpetualCheck,
                    ..
                } | Outcome::Draw {
                    reason: DrawReason::Sennichite
                }
            ),
            // A player who is mated may also be written as resigning.
            Ending::Resignation => matches!(
                outcome,
                Outcome::Win {
                    reason: WinReason::Checkmate | WinReason::NoLegalMoves,
                    ..
                }
            ),
            Ending::Impasse | Ending::Timeout | Ending::Interrupted => false,
        };
        return if agrees {
            Ok(())
        } else {
            Err(ImportError::Contradiction { marker, outcome })
        };
    }
    match ending {
        Ending::Resignation => {
            game.resign(loser).map_err(|e| game_over(e, marker))?;
        }
        Ending::Timeout => {
            game.time_out(loser).map_err(|e| game_over(e, marker))?;
        }
        Ending::Interrupted => {
            game.end_by_move_limit();
        }
        Ending::Impasse => {
            game.claim_impasse()
                .map_err(|reason| ImportError::Impasse { marker, reason })?;
        }
        Ending::Checkmate => return Err(ImportError::NotCheckmate { marker }),
        Ending::Repetition => return Err(ImportError::NotRepetition { marker }),
    }
    Ok(())
}

/// `resign` and `time_out` only fail on a finished game, which [`finish`] has ruled out.
fn game_over(error: GameError, marker: &'static str) -> ImportError {
    match error {
        GameError::GameOver(outcome) => ImportError::Contradiction { marker, outcome },
        GameError::Illegal(reason) => ImportError::Illegal {
            number: 0,
            text: marker.to_string(),
            reason,
        },
    }
}

/// Plays move `number` (`text` as written) on the game.
fn replay(game: &mut Game, number: usize, text: &str, mv: Move) -> Result<(), ImportError> {
    game.play(mv).map(|_| ()).map_err(|error| match error {
        GameError::GameOver(outcome) => ImportError::AfterEnd {
            number,
            text: text.to_string(),
            outcome,
        },
        GameError::Illegal(reason) => ImportError::Illegal {
            number,
            text: text.to_string(),
            reason,
        },
    })
}

/// A start position being assembled from a diagram: the board by (file, rank), the hands and
/// the side to move.
struct Setup {
    board: [[Option<Piece>; 9]; 9],
    hands: [[u32; 7]; 2],
    turn: Color,
}

impl Setup {
    fn empty() -> Setup {
        Setup {
            board: [[None; 9]; 9],
            hands: [[0; 7]; 2],
            turn: Color::Sente,
        }
    }

    fn standard() -> Setup {
        let start = Position::new();
        let mut setup = Setup::empty();
        for sq in Square::all() {
            setup.set(sq, start.piece_at(sq));
        }
        setup
    }

    fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[usize::from(sq.rank() - 1)][usize::from(sq.file() - 1)] = piece;
    }

    fn get(&self, sq: Square) -> Option<Piece> {
        self.board[usize::from(sq.rank() - 1)][usize::from(sq.file() - 1)]
    }

    fn add_to_hand(&mut self, color: Color, role: Role, count: u32) {
        let slot = &mut self.hands[color.index()][role.hand_index()];
        *slot = slot.saturating_add(count);
    }

    /// The position, validated by the SFEN reader.
    fn position(&self) -> Result<Position, ImportError> {
        let mut sfen = String::new();
        for rank in 1..=9u8 {
            if rank > 1 {
                sfen.push('/');
            }
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                match Square::new(file, rank).and_then(|sq| self.get(sq)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            sfen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        sfen.push_str(&piece.sfen());
                    }
                }
            }
            if empty > 0 {
                sfen.push_str(&empty.to_string());
            }
        }
        sfen.push_str(match self.turn {
            Color::Sente => " b ",
            Color::Gote => " w ",
        });
        let mut hands = String::new();
        for color in Color::ALL {
            for role in Role::HAND {
                let n = self.hands[color.index()][role.hand_index()];
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                hands.push(match color {
                    Color::Sente => role.letter(),
                    Color::Gote => role.letter().to_ascii_lowercase(),
                });
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        sfen.push_str(&hands);
        sfen.push_str(" 1");
        Ok(sfen.parse::<Position>()?)
    }
}

/// The lines of `text` with their 1-based numbers, without a byte-order mark or `\r`.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

// ----------------------------------------------------------------------------------------
// KIF

/// A kanji or full-width/ASCII numeral 1–18 (`一`…`十八`, `１`, `12`).
fn kif_count(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Ok(n) = text.parse::<u32>() {
        return Some(n);
    }
    let digit = |c: char| -> Option<u32> {
        match c {
            '１'..='９' => Some(c as u32 - '１' as u32 + 1),
            _ => "一二三四五六七八九"
                .chars()
                .position(|k| k == c)
                .and_then(|i| u32::try_from(i + 1).ok()),
        }
    };
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        ['十', d] => Some(10 + digit(*d)?),
        [d] => digit(*d),
        _ => None,
    }
}

/// The role of a KIF piece name as written on the board or in a move (`歩`, `成銀`, `全`, `龍`).
fn kif_role(name: &str) -> Option<Role> {
    Some(match name {
        "歩" => Role::Pawn,
        "香" => Role::Lance,
        "桂" => Role::Knight,
        "銀" => Role::Silver,
        "金" => Role::Gold,
        "角" => Role::Bishop,
        "飛" => Role::Rook,
        "玉" | "王" => Role::King,
        "と" => Role::ProPawn,
        "成香" | "杏" => Role::ProLance,
        "成桂" | "圭" => Role::ProKnight,
        "成銀" | "全" => Role::ProSilver,
        "馬" => Role::Horse,
        "龍" | "竜" => Role::Dragon,
        _ => return None,
    })
}

/// A KIF hand (`飛　角二　歩十八`, or `なし`).
fn kif_hand(text: &str, line: usize) -> Result<Vec<(Role, u32)>, ImportError> {
    let text = text.trim();
    if text.is_empty() || text == "なし" {
        return Ok(Vec::new());
    }
    let bad = || ImportError::Board {
        line,
        why: "pieces in hand must be written like 飛　角二　歩十八, or なし",
    };
    let mut pieces = Vec::new();
    for part in text.split(char::is_whitespace).filter(|p| !p.is_empty()) {
        let mut chars = part.chars();
        let name = chars.next().ok_or_else(bad)?;
        let role = kif_role(&name.to_string())
            .filter(|r| r.is_hand_role())
            .ok_or_else(bad)?;
        let rest = chars.as_str();
        let count = if rest.is_empty() {
            1
        } else {
            kif_count(rest).ok_or_else(bad)?
        };
        pieces.push((role, count));
    }
    Ok(pieces)
}

/// One rank of a KIF board diagram: `| ・ ・v玉 ・ ・ ・ ・ ・ ・|一`.
fn kif_board_row(text: &str, line: usize) -> Result<[Option<Piece>; 9], ImportError> {
    let bad = |why| ImportError::Board { line, why };
    let inner = text
        .strip_prefix('|')
        .and_then(|t| t.split_once('|'))
        .map(|(inner, _)| inner)
        .ok_or_else(|| bad("a board rank must be written between two |"))?;
    let chars: Vec<char> = inner.chars().collect();
    if chars.len() != 18 {
        return Err(bad("a board rank must have 9 squares"));
    }
    let mut row = [None; 9];
    for (cell, pair) in row.iter_mut().zip(chars.chunks(2)) {
        let (sign, name) = (pair[0], pair[1]);
        if name == '・' {
            continue;
        }
        let color = match sign {
            'v' | 'V' => Color::Gote,
            ' ' | '^' | '+' => Color::Sente,
            _ => {
                return Err(bad(
                    "a piece must be preceded by a space (sente) or v (gote)",
                ))
            }
        };
        let role = kif_role(&name.to_string()).ok_or_else(|| bad("unknown piece on the board"))?;
        *cell = Some(Piece { color, role });
    }
    Ok(row)
}

/// KIF header keys naming a player, with the side they name.
fn kif_player(key: &str) -> Option<Color> {
    match key {
        "先手" | "下手" => Some(Color::Sente),
        "後手" | "上手" => Some(Color::Gote),
        _ => None,
    }
}

/// The end words of KIF.
fn kif_ending(word: &str) -> Option<(Ending, &'static str)> {
    Some(match word {
        "投了" => (Ending::Resignation, "投了"),
        "詰み" | "詰" => (Ending::Checkmate, "詰み"),
        "千日手" => (Ending::Repetition, "千日手"),
        "持将棋" => (Ending::Impasse, "持将棋"),
        "切れ負け" => (Ending::Timeout, "切れ負け"),
        "中断" => (Ending::Interrupted, "中断"),
        _ => return None,
    })
}

/// The parts of a KIF move with its origin: `７六歩(77)`, `同　銀成(31)`, `５五角打`.
struct KifMove {
    to: Option<Square>,
    role: Role,
    promote: bool,
    drop: bool,
    from: Option<Square>,
}

fn kif_digit(c: char) -> Option<u8> {
    let n = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '１' as u32 + 1,
        _ => "一二三四五六七八九".chars().position(|k| k == c)? as u32 + 1,
    };
    u8::try_from(n).ok()
}

/// Reads a KIF move in the writer's strict form; `None` if it is not in that form (the caller
/// then tries the looser typed-move reader).
fn kif_move(text: &str) -> Option<KifMove> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (to, mut i) = if chars.first() == Some(&'同') {
        (None, 1)
    } else {
        let file = kif_digit(*chars.first()?)?;
        let rank = kif_digit(*chars.get(1)?)?;
        (Some(Square::new(file, rank)?), 2)
    };
    let (role, used) = match (chars.get(i)?, chars.get(i + 1)) {
        ('成', Some(&c @ ('香' | '桂' | '銀'))) => (kif_role(&format!("成{c}"))?, 2),
        (&c, _) => (kif_role(&c.to_string())?, 1),
    };
    i += used;
    let rest: String = chars[i..].iter().collect();
    let (promote, drop, origin) = if let Some(origin) = rest.strip_prefix("不成") {
        (false, false, origin)
    } else if let Some(origin) = rest.strip_prefix('成') {
        (true, false, origin)
    } else if let Some(origin) = rest.strip_prefix('打') {
        (false, true, origin)
    } else {
        (false, false, rest.as_str())
    };
    let from = if drop {
        if !origin.is_empty() {
            return None;
        }
        None
    } else {
        let digits: Vec<char> = origin
            .strip_prefix('(')?
            .strip_suffix(')')?
            .chars()
            .collect();
        match digits.as_slice() {
            [f, r] => Some(Square::new(kif_digit(*f)?, kif_digit(*r)?)?),
            _ => return None,
        }
    };
    Some(KifMove {
        to,
        role,
        promote,
        drop,
        from,
    })
}

/// Turns move `number` (`text`) into a move of `game`'s position.
fn kif_to_move(game: &Game, number: usize, text: &str) -> Result<Move, ImportError> {
    let bad = |why| ImportError::Move {
        number,
        text: text.to_string(),
        why,
    };
    let position = game.position();
    let Some(parts) = kif_move(text) else {
        // Not in the writer's form (no origin, relative words such as 右): resolve it against
        // the legal moves like typed input.
        return human::parse_move(position, game.last_move(), text).map_err(|e| match e {
            HumanError::Illegal(reason) => ImportError::Illegal {
                number,
                text: text.to_string(),
                reason,
            },
            HumanError::NoPreviousMove => bad("同 (same square) on the first move"),
            HumanError::Ambiguous { .. } => bad("several legal moves fit it"),
            HumanError::NoMatch(_) => bad("no legal move fits it"),
            HumanError::Unreadable(_) => bad("it is not a KIF move"),
        });
    };
    let to = match parts.to {
        Some(to) => to,
        None => game
            .last_move()
            .map(Move::to)
            .ok_or_else(|| bad("同 (same square) on the first move"))?,
    };
    if parts.drop {
        return Ok(Move::Drop {
            role: parts.role,
            to,
        });
    }
    let from = parts
        .from
        .ok_or_else(|| bad("the origin square is missing"))?;
    match position.piece_at(from) {
        Some(piece) if piece.role == parts.role => {}
        Some(_) => return Err(bad("the piece named is not the one on its origin square")),
        None => {
            return Err(ImportError::Illegal {
                number,
                text: text.to_string(),
                reason: IllegalMove::EmptySquare,
            })
        }
    }
    Ok(Move::Normal {
        from,
        to,
        promote: parts.promote,
    })
}

/// The start position of a KIF record: its board diagram, or the even game (平手).
fn kif_start(
    diagram: bool,
    rows: &[[Option<Piece>; 9]],
    setup: &mut Setup,
    handicap: Option<&str>,
    line: usize,
) -> Result<Position, ImportError> {
    if !diagram {
        return match handicap {
            None | Some("平手") => Ok(Position::new()),
            Some(other) => Err(ImportError::Handicap(other.to_string())),
        };
    }
    if rows.len() != 9 {
        return Err(ImportError::Board {
            line,
            why: "a board diagram must have 9 ranks",
        });
    }
    for (by_rank, row) in setup.board.iter_mut().zip(rows) {
        // The diagram lists files 9…1; the setup is by file 1…9.
        *by_rank = *row;
        by_rank.reverse();
    }
    setup.position()
}

/// Reads a KIF record as [`export::kif`](super::export::kif) writes it (`#KIF version=2.0
/// encoding=UTF-8`), and the usual variations of hand-written and other programs' files:
/// times after the moves, comments (`*`, `#`, `&`), other `key：value` headers (ignored),
/// `下手`/`上手` for the players, moves without their origin. Only the main line is read (it
/// stops at the first `変化：`).
pub fn read_kif(text: &str) -> Result<Record, ImportError> {
    let unreadable = |line: usize, text: &str| ImportError::Unreadable {
        format: "KIF",
        line,
        text: text.to_string(),
    };
    let mut sente = String::new();
    let mut gote = String::new();
    let mut handicap: Option<String> = None;
    let mut setup = Setup::empty();
    let mut rows: Vec<[Option<Piece>; 9]> = Vec::new();
    let mut diagram = false;
    let mut game: Option<Game> = None;
    let mut ended = false;
    let mut anything = false;

    for (line, raw) in lines(text) {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        anything = true;
        if trimmed.starts_with(['#', '*', '&']) || trimmed.starts_with("まで") {
            continue;
        }
        if trimmed.starts_with("変化") {
            break;
        }
        if trimmed.starts_with("手数") && trimmed.contains("指手") {
            continue;
        }
        let first = trimmed.chars().next().unwrap_or(' ');
        if first.is_ascii_digit() {
            if ended {
                return Err(ImportError::AfterEndMarker {
                    line,
                    text: trimmed.to_string(),
                });
            }
            if game.is_none() {
                let start = kif_start(diagram, &rows, &mut setup, handicap.as_deref(), line)?;
                game = Some(Game::new(start));
            }
            let Some(started) = game.as_mut() else {
                continue;
            };
            let digits: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
            let rest = trimmed[digits.len()..].trim_start();
            let expected = started.moves().len() + 1;
            let found = digits.parse::<usize>().unwrap_or(0);
            if found != expected {
                return Err(ImportError::MoveNumber {
                    line,
                    expected,
                    found,
                });
            }
            // The move (or end word) is the first word; `同` may be followed by a space.
            let (same, body) = match rest.strip_prefix('同') {
                Some(after) => ("同", after.trim_start()),
                None => ("", rest),
            };
            let word: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
            let word = format!("{same}{}", word.trim_end_matches('+'));
            if word.is_empty() {
                return Err(unreadable(line, trimmed));
            }
            if let Some((ending, marker)) = kif_ending(&word) {
                finish(started, ending, marker)?;
                ended = true;
                continue;
            }
            if !same.is_empty() || word.chars().next().is_some_and(|c| kif_digit(c).is_some()) {
                let mv = kif_to_move(started, expected, &word)?;
                replay(started, expected, &word, mv)?;
                continue;
            }
            return Err(ImportError::UnknownEnding { line, text: word });
        }
        if game.is_some() {
            // Headers and diagrams belong before the moves.
            return Err(ImportError::AfterEndMarker {
                line,
                text: trimmed.to_string(),
            });
        }
        if trimmed.starts_with('|') {
            diagram = true;
            if rows.len() >= 9 {
                return Err(ImportError::Board {
                    line,
                    why: "a board diagram must have 9 ranks",
                });
            }
            rows.push(kif_board_row(trimmed, line)?);
            continue;
        }
        if trimmed.starts_with("+--")
            || trimmed
                .chars()
                .all(|c| c.is_whitespace() || ('１'..='９').contains(&c))
        {
            diagram = true;
            continue;
        }
        match trimmed {
            "後手番" | "上手番" => {
                setup.turn = Color::Gote;
                diagram = true;
                continue;
            }
            "先手番" | "下手番" => {
                setup.turn = Color::Sente;
                continue;
            }
            _ => {}
        }
        // `key：value` headers (the raw line: a name keeps its own spaces).
        let Some((key, value)) = raw.split_once('：').or_else(|| raw.split_once(':')) else {
            return Err(unreadable(line, trimmed));
        };
        let key = key.trim();
        if let Some(color) = kif_player(key) {
            match color {
                Color::Sente => sente = value.to_string(),
                Color::Gote => gote = value.to_string(),
            }
        } else if let Some(color) = key.strip_suffix("の持駒").and_then(kif_player) {
            diagram = true;
            for (role, count) in kif_hand(value, line)? {
                setup.add_to_hand(color, role, count);
            }
        } else if key == "手合割" {
            handicap = Some(value.trim().to_string());
        }
    }
    if !anything {
        return Err(ImportError::Empty);
    }
    let game = match game {
        Some(game) => game,
        None => Game::new(kif_start(
            diagram,
            &rows,
            &mut setup,
            handicap.as_deref(),
            0,
        )?),
    };
    Ok(Record { sente, gote, game })
}

// ----------------------------------------------------------------------------------------
// CSA

fn csa_role(code: &str) -> Option<Role> {
    Some(match code {
        "FU" => Role::Pawn,
        "KY" => Role::Lance,
        "KE" => Role::Knight,
        "GI" => Role::Silver,
        "KI" => Role::Gold,
        "KA" => Role::Bishop,
        "HI" => Role::Rook,
        "OU" => Role::King,
        "TO" => Role::ProPawn,
        "NY" => Role::ProLance,
        "NK" => Role::ProKnight,
        "NG" => Role::ProSilver,
        "UM" => Role::Horse,
        "RY" => Role::Dragon,
        _ => return None,
    })
}

fn csa_color(sign: char) -> Option<Color> {
    match sign {
        '+' => Some(Color::Sente),
        '-' => Some(Color::Gote),
        _ => None,
    }
}

/// A CSA square `77`, or `None` for `00` (the hand). `Err` if not two digits 1–9.
fn csa_square(text: &str) -> Result<Option<Square>, ()> {
    let mut chars = text.chars();
    let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(());
    };
    let (Some(f), Some(r)) = (f.to_digit(10), r.to_digit(10)) else {
        return Err(());
    };
    if f == 0 && r == 0 {
        return Ok(None);
    }
    let f = u8::try_from(f).map_err(|_| ())?;
    let r = u8::try_from(r).map_err(|_| ())?;
    Square::new(f, r).map(Some).ok_or(())
}

/// A CSA move `+7776FU` or `-0055KA` in `game`'s position.
fn csa_to_move(game: &Game, number: usize, text: &str) -> Result<Move, ImportError> {
    let bad = |why| ImportError::Move {
        number,
        text: text.to_string(),
        why,
    };
    if text.len() != 7 || !text.is_ascii() {
        return Err(bad(
            "a CSA move is a sign, two squares and a piece, like +7776FU",
        ));
    }
    let color = text
        .chars()
        .next()
        .and_then(csa_color)
        .ok_or_else(|| bad("a CSA move starts with + or -"))?;
    let position = game.position();
    if color != position.turn() {
        return Err(bad("it is written for the side not to move"));
    }
    let from = csa_square(&text[1..3]).map_err(|()| bad("the origin is not a square"))?;
    let to = csa_square(&text[3..5])
        .ok()
        .flatten()
        .ok_or_else(|| bad("the destination is not a square"))?;
    let role = csa_role(&text[5..7]).ok_or_else(|| bad("unknown piece code"))?;
    let Some(from) = from else {
        return Ok(Move::Drop { role, to });
    };
    let Some(piece) = position.piece_at(from) else {
        return Err(ImportError::Illegal {
            number,
            text: text.to_string(),
            reason: IllegalMove::EmptySquare,
        });
    };
    let promote = if piece.role == role {
        false
    } else if piece.role.promoted() == Some(role) {
        true
    } else {
        return Err(bad(
            "the piece code is neither the piece on the origin nor its promotion",
        ));
    };
    Ok(Move::Normal { from, to, promote })
}

fn csa_ending(word: &str) -> Option<(Ending, &'static str)> {
    Some(match word {
        "%TORYO" => (Ending::Resignation, "%TORYO"),
        "%TSUMI" => (Ending::Checkmate, "%TSUMI"),
        "%SENNICHITE" => (Ending::Repetition, "%SENNICHITE"),
        "%OUTE_SENNICHITE" => (Ending::Repetition, "%OUTE_SENNICHITE"),
        "%JISHOGI" => (Ending::Impasse, "%JISHOGI"),
        "%TIME_UP" => (Ending::Timeout, "%TIME_UP"),
        "%CHUDAN" => (Ending::Interrupted, "%CHUDAN"),
        _ => return None,
    })
}

/// One `P1`…`P9` row: nine cells of three characters (` * `, `+FU`, `-OU`).
fn csa_row(setup: &mut Setup, rank: u8, cells: &str, line: usize) -> Result<(), ImportError> {
    let bad = |why| ImportError::Board { line, why };
    if !cells.is_ascii() {
        return Err(bad("a CSA board rank is written in ASCII"));
    }
    // Editors strip the trailing spaces of an empty last square.
    let padded = format!("{cells:<27}");
    if padded.len() != 27 {
        return Err(bad("a CSA board rank has 9 squares of 3 characters"));
    }
    for (i, file) in (1..=9u8).rev().enumerate() {
        let cell = &padded[i * 3..i * 3 + 3];
        let sq = Square::new(file, rank).ok_or_else(|| bad("no such square"))?;
        if cell.trim() == "*" {
            setup.set(sq, None);
            continue;
        }
        let color = cell
            .chars()
            .next()
            .and_then(csa_color)
            .ok_or_else(|| bad("a piece is written +XX or -XX, an empty square ` * `"))?;
        let role = csa_role(&cell[1..]).ok_or_else(|| bad("unknown piece code"))?;
        setup.set(sq, Some(Piece { color, role }));
    }
    Ok(())
}

/// `P+00FU00KA` (pieces in hand) or `P-5142OU` (pieces put on squares), or after `PI` the
/// squares emptied for a handicap (`PI82HI22KA`).
fn csa_pieces(
    setup: &mut Setup,
    color: Option<Color>,
    list: &str,
    line: usize,
) -> Result<(), ImportError> {
    let bad = |why| ImportError::Board { line, why };
    if !list.is_ascii() || !list.len().is_multiple_of(4) {
        return Err(bad(
            "pieces are listed as a square and a code, like 00FU or 5142OU",
        ));
    }
    for i in (0..list.len()).step_by(4) {
        let square = csa_square(&list[i..i + 2]).map_err(|()| bad("not a square"))?;
        if &list[i + 2..i + 4] == "AL" {
            return Err(bad("AL (all remaining pieces) is not supported"));
        }
        let role = csa_role(&list[i + 2..i + 4]).ok_or_else(|| bad("unknown piece code"))?;
        match (color, square) {
            (None, Some(sq)) => {
                if setup.get(sq).map(|p| p.role) != Some(role) {
                    return Err(bad("a handicap removes a piece that is not there"));
                }
                setup.set(sq, None);
            }
            (Some(color), None) => {
                if !role.is_hand_role() {
                    return Err(bad(
                        "only unpromoted pieces other than the king are held in hand",
                    ));
                }
                setup.add_to_hand(color, role, 1);
            }
            (Some(color), Some(sq)) => setup.set(sq, Some(Piece { color, role })),
            (None, None) => return Err(bad("a handicap names squares, not 00")),
        }
    }
    Ok(())
}

/// Reads a CSA record as [`export::csa`](super::export::csa) writes it (version 2.2), and the
/// usual variations: comments (`'`), other headers (`$EVENT:` …, ignored), times (`T12`), several
/// statements on a line separated by commas, `PI` with the squares a handicap empties,
/// `P+`/`P-` with pieces put on squares. Versions are not checked.
pub fn read_csa(text: &str) -> Result<Record, ImportError> {
    let unreadable = |line: usize, text: &str| ImportError::Unreadable {
        format: "CSA",
        line,
        text: text.to_string(),
    };
    let mut sente = String::new();
    let mut gote = String::new();
    let mut setup = Setup::empty();
    let mut described = false;
    let mut game: Option<Game> = None;
    let mut ended = false;
    let mut anything = false;

    for (line, raw) in lines(text) {
        if raw.trim().is_empty() {
            continue;
        }
        anything = true;
        // Names keep their spaces and commas: a name line is read whole.
        if let Some(name) = raw.strip_prefix("N+") {
            sente = name.to_string();
            continue;
        }
        if let Some(name) = raw.strip_prefix("N-") {
            gote = name.to_string();
            continue;
        }
        if raw.starts_with(['\'', '$']) || raw.starts_with('V') {
            continue;
        }
        for statement in raw.split(',') {
            let statement = statement.trim_end();
            if statement.is_empty() || statement.starts_with('T') {
                continue;
            }
            if ended {
                return Err(ImportError::AfterEndMarker {
                    line,
                    text: statement.to_string(),
                });
            }
            if let Some(rest) = statement.strip_prefix('P') {
                if game.is_some() {
                    return Err(ImportError::AfterEndMarker {
                        line,
                        text: statement.to_string(),
                    });
                }
                described = true;
                let mut chars = rest.chars();
                match chars.next() {
                    Some('I') => {
                        setup = Setup::standard();
                        csa_pieces(&mut setup, None, chars.as_str(), line)?;
                    }
                    Some(d @ '1'..='9') => {
                        let rank = u8::try_from(d as u32 - '0' as u32).unwrap_or(1);
                        csa_row(&mut setup, rank, chars.as_str(), line)?;
                    }
                    Some(sign @ ('+' | '-')) => {
                        csa_pieces(&mut setup, csa_color(sign), chars.as_str(), line)?;
                    }
                    _ => return Err(unreadable(line, statement)),
                }
                continue;
            }
            if statement == "+" || statement == "-" {
                if game.is_some() {
                    return Err(unreadable(line, statement));
                }
                setup.turn = if statement == "+" {
                    Color::Sente
                } else {
                    Color::Gote
                };
                let start = if described {
                    setup.position()?
                } else {
                    Position::new()
                };
                game = Some(Game::new(start));
                continue;
            }
            if statement.starts_with(['+', '-']) || statement.starts_with('%') {
                if game.is_none() {
                    // No side-to-move line: sente moves first, from the diagram or the start.
                    let start = if described {
                        setup.position()?
                    } else {
                        Position::new()
                    };
                    game = Some(Game::new(start));
                }
                let Some(started) = game.as_mut() else {
                    continue;
                };
                if statement.starts_with('%') {
                    let (ending, marker) =
                        csa_ending(statement).ok_or_else(|| ImportError::UnknownEnding {
                            line,
                            text: statement.to_string(),
                        })?;
                    finish(started, ending, marker)?;
                    ended = true;
                    continue;
                }
                let number = started.moves().len() + 1;
                let mv = csa_to_move(started, number, statement)?;
                replay(started, number, statement, mv)?;
                continue;
            }
            return Err(unreadable(line, statement));
        }
    }
    if !anything {
        return Err(ImportError::Empty);
    }
    let game = match game {
        Some(game) => game,
        None if described => Game::new(setup.position()?),
        None => Game::default(),
    };
    Ok(Record { sente, gote, game })
}
