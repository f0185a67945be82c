//! The validated [`Position`]: SFEN in and out, attacks, legal-move generation and `play`.

use std::fmt;
use std::str::FromStr;

use super::bitboard::{attacks, bit, Bitboard};
use super::error::{IllegalMove, SfenError};
use super::outcome::{Outcome, WinReason};
use super::types::{Color, Move, Piece, Role, Square};

/// The start position in SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Whether a piece of `role` owned by `color` could never move again on `rank` (pawn or lance on
/// the last rank, knight on the last two).
#[must_use]
pub const fn is_dead_square(color: Color, role: Role, rank: u8) -> bool {
    let relative = color.relative_rank(rank);
    match role {
        Role::Pawn | Role::Lance => relative == 1,
        Role::Knight => relative <= 2,
        _ => false,
    }
}

/// A legal shogi position: the board, both hands, the side to move and the move number.
///
/// It can only be obtained from [`Position::default`] (the start position), by parsing SFEN, or
/// by playing legal moves, so it always satisfies the rules: one king per side, no more pieces
/// than a set holds, no dead pieces, no nifu, and the side not to move is not in check.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) board: [Option<Piece>; 81],
    pub(super) hands: [[u8; 7]; 2],
    turn: Color,
    move_number: u32,
    kings: [Square; 2],
    /// Squares of each side's pieces (kept in step with `board`).
    pub(super) by_color: [Bitboard; 2],
    /// Squares of the pieces of each role, both sides together, by [`Role::index`].
    pub(super) by_role: [Bitboard; 14],
}

impl Default for Position {
    fn default() -> Position {
        START_SFEN
            .parse()
            .expect("the start position is valid SFEN")
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Position {
    /// The start position.
    #[must_use]
    pub fn new() -> Position {
        Position::default()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The SFEN move number (1 in the start position, +1 for every move played).
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// How many pieces of `role` (an unpromoted role other than the king) `color` holds in hand.
    #[must_use]
    pub fn hand_count(&self, color: Color, role: Role) -> u8 {
        if role.is_hand_role() {
            self.hands[color.index()][role.hand_index()]
        } else {
            0
        }
    }

    /// Where `color`'s king stands.
    #[must_use]
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.attacked(self.king_square(self.turn), !self.turn)
    }

    /// Whether both pieces and hands and the side to move are the same as in `other` (the
    /// move number is ignored): the identity that repetition (sennichite) counts.
    #[must_use]
    pub fn same_position(&self, other: &Position) -> bool {
        self.board == other.board && self.hands == other.hands && self.turn == other.turn
    }

    /// Whether `role` moving from `from` to `to` may promote, and whether it must.
    fn promotion_options(&self, role: Role, from: Square, to: Square) -> (bool, bool) {
        let us = self.turn;
        let can = role.promoted().is_some()
            && (us.promotion_zone(from.rank()) || us.promotion_zone(to.rank()));
        (can, is_dead_square(us, role, to.rank()))
    }

    /// The position after `mv`, which must be pseudo-legal (no checks are made).
    pub(super) fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        let us = self.turn;
        match mv {
            Move::Normal { from, to, promote } => {
                if let Some(mut piece) = next.board[from.index()].take() {
                    next.by_role[piece.role.index()] ^= bit(from);
                    next.by_color[us.index()] ^= bit(from) | bit(to);
                    if let Some(captured) = next.board[to.index()] {
                        next.hands[us.index()][captured.role.hand_index()] += 1;
                        next.by_role[captured.role.index()] ^= bit(to);
                        next.by_color[captured.color.index()] ^= bit(to);
                    }
                    if promote {
                        piece.role = piece.role.promoted().unwrap_or(piece.role);
                    }
                    if piece.role == Role::King {
                        next.kings[us.index()] = to;
                    }
                    next.by_role[piece.role.index()] |= bit(to);
                    next.board[to.index()] = Some(piece);
                }
            }
            Move::Drop { role, to } => {
                let count = &mut next.hands[us.index()][role.hand_index()];
                *count = count.saturating_sub(1);
                next.board[to.index()] = Some(Piece { color: us, role });
                next.by_color[us.index()] |= bit(to);
                next.by_role[role.index()] |= bit(to);
            }
        }
        next.turn = !us;
        next.move_number = next.move_number.saturating_add(1);
        next
    }

    /// The same position with the other side to move (a null move, for the search); only
    /// sound when the side to move is not in check.
    #[must_use]
    pub(super) fn passed(&self) -> Position {
        let mut next = self.clone();
        next.turn = !self.turn;
        next
    }

    /// Plays `mv`, which the caller took from this very position's legal moves (no checks).
    #[must_use]
    pub(crate) fn play_unchecked(&self, mv: Move) -> Position {
        self.after(mv)
    }

    /// All legal moves: every optional non-promotion is listed, uchifuzume is excluded.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.generate(false, &mut |mv| {
            moves.push(mv);
            true
        });
        moves
    }

    /// The legal moves that capture a piece.
    #[must_use]
    pub fn legal_captures(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate(true, &mut |mv| {
            moves.push(mv);
            true
        });
        moves
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        !self.generate(false, &mut |_| false)
    }

    /// How many legal moves the side to move has.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut count = 0;
        self.generate(false, &mut |_| {
            count += 1;
            true
        });
        count
    }

    /// Number of leaf positions `depth` moves ahead (perft).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => {
                let mut total = 0;
                self.generate(false, &mut |mv| {
                    total += self.after(mv).perft(depth - 1);
                    true
                });
                total
            }
        }
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv`, or says which rule it breaks.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check(mv)
    }

    /// The piece `mv` would capture, if any.
    #[must_use]
    pub fn captured_by(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Normal { to, .. } => self.piece_at(to),
            Move::Drop { .. } => None,
        }
    }

    fn check(&self, mv: Move) -> Result<Position, IllegalMove> {
        let us = self.turn;
        match mv {
            Move::Normal { from, to, promote } => {
                let piece = self.piece_at(from).ok_or(IllegalMove::EmptySquare)?;
                if piece.color != us {
                    return Err(IllegalMove::NotYourPiece);
                }
                if self.piece_at(to).is_some_and(|p| p.color == us) {
                    return Err(IllegalMove::OwnPieceOnTarget);
                }
                if attacks(us, piece.role, from, self.occupied()) & bit(to) == 0 {
                    return Err(IllegalMove::CannotMoveThere);
                }
                let (can, must) = self.promotion_options(piece.role, from, to);
                if promote && !can {
                    return Err(IllegalMove::CannotPromote);
                }
                if !promote && must {
                    return Err(IllegalMove::MustPromote);
                }
                let next = self.after(mv);
                if next.attacked(next.king_square(us), !us) {
                    return Err(IllegalMove::LeavesKingInCheck);
                }
                Ok(next)
            }
            Move::Drop { role, to } => {
                if self.hand_count(us, role) == 0 {
                    return Err(IllegalMove::NotInHand(role));
                }
                if self.piece_at(to).is_some() {
                    return Err(IllegalMove::OccupiedSquare);
                }
                if is_dead_square(us, role, to.rank()) {
                    return Err(IllegalMove::NoFurtherMove);
                }
                if role == Role::Pawn && self.pawn_files(us) & bit(to) != 0 {
                    return Err(IllegalMove::Nifu);
                }
                let next = self.after(mv);
                if next.attacked(next.king_square(us), !us) {
                    return Err(IllegalMove::LeavesKingInCheck);
                }
                if role == Role::Pawn && self.is_uchifuzume(to) {
                    return Err(IllegalMove::Uchifuzume);
                }
                Ok(next)
            }
        }
    }

    /// How the game stands in this position alone: checkmate or no legal move (a loss for the
    /// side to move either way), or `None` while it goes on. Repetition, resignation and impasse
    /// need the game's history: see [`super::Game`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            return None;
        }
        let reason = if self.is_check() {
            WinReason::Checkmate
        } else {
            WinReason::NoLegalMoves
        };
        Some(Outcome::Win {
            winner: !self.turn,
            reason,
        })
    }

    /// Impasse points of `color`: its pieces on the board and in hand, promotion ignored, rook
    /// and bishop 5, king 0, every other piece 1.
    #[must_use]
    pub fn impasse_points(&self, color: Color) -> u32 {
        let board: u32 = self
            .board
            .iter()
            .flatten()
            .filter(|p| p.color == color)
            .map(|p| p.role.impasse_points())
            .sum();
        let hand: u32 = Role::HAND
            .iter()
            .map(|&r| u32::from(self.hand_count(color, r)) * r.impasse_points())
            .sum();
        board + hand
    }

    /// The SFEN of the position.
    #[must_use]
    pub fn to_sfen(&self) -> String {
        self.to_string()
    }

    fn validate(&self) -> Result<(), SfenError> {
        let mut counts = [0u32; 8];
        for piece in self.board.iter().flatten() {
            counts[piece.role.unpromoted().index()] += 1;
        }
        for color in Color::ALL {
            for role in Role::HAND {
                counts[role.index()] += u32::from(self.hand_count(color, role));
            }
        }
        let kings: Vec<usize> = Color::ALL
            .iter()
            .map(|&c| {
                self.board
                    .iter()
                    .flatten()
                    .filter(|p| {
                        *p == &Piece {
                            color: c,
                            role: Role::King,
                        }
                    })
                    .count()
            })
            .collect();
        if kings != [1, 1] {
            return Err(SfenError::Kings);
        }
        let limits = [18, 4, 4, 4, 4, 2, 2, 2];
        if counts.iter().zip(limits).any(|(&n, limit)| n > limit) {
            return Err(SfenError::TooManyPieces);
        }
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                if is_dead_square(p.color, p.role, sq.rank()) {
                    return Err(SfenError::DeadPiece(sq.to_string()));
                }
            }
        }
        for color in Color::ALL {
            let mut seen = 0u16;
            for sq in Square::all() {
                if self.board[sq.index()]
                    == Some(Piece {
                        color,
                        role: Role::Pawn,
                    })
                {
                    if seen & (1 << sq.file()) != 0 {
                        return Err(SfenError::Nifu(sq.file()));
                    }
                    seen |= 1 << sq.file();
                }
            }
        }
        if self.attacked(self.king_square(!self.turn), self.turn) {
            return Err(SfenError::OpponentInCheck);
        }
        Ok(())
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 81], SfenError> {
    let bad = |why: &str| SfenError::Board(why.to_string());
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 9 {
        return Err(bad("not 9 ranks"));
    }
    let mut board = [None; 81];
    for (r, row) in rows.iter().enumerate() {
        let rank = r as u8 + 1;
        let mut file: i32 = 10;
        let mut promoted = false;
        for ch in row.chars() {
            if let Some(n) = ch.to_digit(10) {
                if promoted || n == 0 {
                    return Err(bad("misplaced digit"));
                }
                file -= n as i32;
                continue;
            }
            if ch == '+' {
                if promoted {
                    return Err(bad("double '+'"));
                }
                promoted = true;
                continue;
            }
            let role = Role::from_letter(ch).ok_or_else(|| bad("unknown piece letter"))?;
            let role = if promoted {
                role.promoted()
                    .ok_or_else(|| bad("this piece cannot be promoted"))?
            } else {
                role
            };
            promoted = false;
            file -= 1;
            let sq = u8::try_from(file)
                .ok()
                .and_then(|f| Square::new(f, rank))
                .ok_or_else(|| bad("a rank has more than 9 squares"))?;
            let color = if ch.is_ascii_uppercase() {
                Color::Sente
            } else {
                Color::Gote
            };
            board[sq.index()] = Some(Piece { color, role });
        }
        if promoted || file != 1 {
            return Err(bad("a rank does not have exactly 9 squares"));
        }
    }
    Ok(board)
}

fn parse_hands(text: &str) -> Result<[[u8; 7]; 2], SfenError> {
    let mut hands = [[0u8; 7]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let bad = || SfenError::Hands(text.to_string());
    let mut count: Option<u32> = None;
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 18 || (count.is_none() && d == 0) {
                return Err(bad());
            }
            count = Some(n);
            continue;
        }
        let role = Role::from_letter(ch)
            .filter(|r| r.is_hand_role())
            .ok_or_else(bad)?;
        let color = if ch.is_ascii_uppercase() {
            Color::Sente
        } else {
            Color::Gote
        };
        let n = count.take().unwrap_or(1);
        let slot = &mut hands[color.index()][role.hand_index()];
        *slot = u8::try_from(u32::from(*slot) + n).map_err(|_| bad())?;
    }
    if count.is_some() || text.is_empty() {
        return Err(bad());
    }
    Ok(hands)
}

/// Parses SFEN (`<board> <b|w> <hands> [<move number>]`); the move number may be left out and
/// then counts as 1.
impl FromStr for Position {
    type Err = SfenError;

    fn from_str(text: &str) -> Result<Position, SfenError> {
        let text = text.trim();
        let text = text.strip_prefix("sfen ").unwrap_or(text);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(SfenError::Fields);
        }
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "b" => Color::Sente,
            "w" => Color::Gote,
            _ => return Err(SfenError::Side),
        };
        let hands = parse_hands(fields[2])?;
        let move_number = match fields.get(3) {
            Some(n) => n
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or(SfenError::MoveNumber)?,
            None => 1,
        };
        let king = |color| {
            Square::all().find(|sq| {
                board[sq.index()]
                    == Some(Piece {
                        color,
                        role: Role::King,
                    })
            })
        };
        let (Some(sente_king), Some(gote_king)) = (king(Color::Sente), king(Color::Gote)) else {
            return Err(SfenError::Kings);
        };
        let mut by_color = [0; 2];
        let mut by_role = [0; 14];
        for sq in Square::all() {
            if let Some(piece) = board[sq.index()] {
                by_color[piece.color.index()] |= bit(sq);
                by_role[piece.role.index()] |= bit(sq);
            }
        }
        let position = Position {
            board,
            hands,
            turn,
            move_number,
            kings: [sente_king, gote_king],
            by_color,
            by_role,
        };
        position.validate()?;
        Ok(position)
    }
}

/// Writes SFEN.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in 1..=9 {
            if rank > 1 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for file in (1..=9).rev() {
                let sq = Square::new(file, rank).expect("on the board");
                match self.board[sq.index()] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_str(&piece.sfen())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        f.write_str(if self.turn == Color::Sente {
            " b "
        } else {
            " w "
        })?;
        let mut any = false;
        for color in Color::ALL {
            for role in Role::HAND {
                let n = self.hand_count(color, role);
                if n == 0 {
                    continue;
                }
                any = true;
                if n > 1 {
                    write!(f, "{n}")?;
                }
                let letter = role.letter();
                let letter = if color == Color::Sente {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                write!(f, "{letter}")?;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        write!(f, " {}", self.move_number)
    }
}
