//! The small `Copy` vocabulary of the engine: sides, pieces, squares and moves, with their USI
//! and SFEN spellings.

use std::fmt;
use std::str::FromStr;

use super::error::ParseError;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Sente (black, ☗): moves first and starts on ranks g–i.
    Sente,
    /// Gote (white, ☖): moves second and starts on ranks a–c.
    Gote,
}

impl Color {
    /// Both sides, sente first.
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }

    /// 0 for sente, 1 for gote.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether `rank` (1 = a … 9 = i) lies in this side's promotion zone (the farthest three ranks).
    #[must_use]
    pub const fn promotion_zone(self, rank: u8) -> bool {
        match self {
            Color::Sente => rank <= 3,
            Color::Gote => rank >= 7,
        }
    }

    /// How far `rank` is from this side's own back rank, counted 1 (farthest) … 9 (own back rank).
    #[must_use]
    pub const fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::Sente => rank,
            Color::Gote => 10 - rank,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Sente => "sente",
            Color::Gote => "gote",
        })
    }
}

/// A kind of piece, promoted or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (歩, `P`).
    Pawn,
    /// Lance (香, `L`).
    Lance,
    /// Knight (桂, `N`).
    Knight,
    /// Silver general (銀, `S`).
    Silver,
    /// Gold general (金, `G`).
    Gold,
    /// Bishop (角, `B`).
    Bishop,
    /// Rook (飛, `R`).
    Rook,
    /// King (玉/王, `K`).
    King,
    /// Promoted pawn (と, `+P`), moves as a gold.
    ProPawn,
    /// Promoted lance (成香/杏, `+L`), moves as a gold.
    ProLance,
    /// Promoted knight (成桂/圭, `+N`), moves as a gold.
    ProKnight,
    /// Promoted silver (成銀/全, `+S`), moves as a gold.
    ProSilver,
    /// Horse, the promoted bishop (馬, `+B`).
    Horse,
    /// Dragon, the promoted rook (龍, `+R`).
    Dragon,
}

impl Role {
    /// Every role, in declaration order (matches [`Role::index`]).
    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::King,
        Role::ProPawn,
        Role::ProLance,
        Role::ProKnight,
        Role::ProSilver,
        Role::Horse,
        Role::Dragon,
    ];

    /// The roles a player can hold in hand, in SFEN order (`R B G S N L P`).
    pub const HAND: [Role; 7] = [
        Role::Rook,
        Role::Bishop,
        Role::Gold,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
    ];

    /// Position of the role in [`Role::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The promoted role, or `None` for gold, king and roles already promoted.
    #[must_use]
    pub const fn promoted(self) -> Option<Role> {
        match self {
            Role::Pawn => Some(Role::ProPawn),
            Role::Lance => Some(Role::ProLance),
            Role::Knight => Some(Role::ProKnight),
            Role::Silver => Some(Role::ProSilver),
            Role::Bishop => Some(Role::Horse),
            Role::Rook => Some(Role::Dragon),
            _ => None,
        }
    }

    /// The role as it goes into a captor's hand: promotion removed.
    #[must_use]
    pub const fn unpromoted(self) -> Role {
        match self {
            Role::ProPawn => Role::Pawn,
            Role::ProLance => Role::Lance,
            Role::ProKnight => Role::Knight,
            Role::ProSilver => Role::Silver,
            Role::Horse => Role::Bishop,
            Role::Dragon => Role::Rook,
            other => other,
        }
    }

    /// Whether this is a promoted role.
    #[must_use]
    pub const fn is_promoted(self) -> bool {
        self.index() >= Role::ProPawn.index()
    }

    /// Whether a piece of this role may be held in hand (and dropped).
    #[must_use]
    pub const fn is_hand_role(self) -> bool {
        !self.is_promoted() && !matches!(self, Role::King)
    }

    /// Index into a hand array (`R B G S N L P` order), for hand roles.
    #[must_use]
    pub(crate) const fn hand_index(self) -> usize {
        match self.unpromoted() {
            Role::Rook => 0,
            Role::Bishop => 1,
            Role::Gold => 2,
            Role::Silver => 3,
            Role::Knight => 4,
            Role::Lance => 5,
            _ => 6,
        }
    }

    /// The SFEN/USI letter of the unpromoted role, upper case (`P`, `L`, … `K`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Role::Pawn => 'P',
            Role::Lance => 'L',
            Role::Knight => 'N',
            Role::Silver => 'S',
            Role::Gold => 'G',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted role written with `letter` (either case), if any.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Role> {
        Some(match letter.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'L' => Role::Lance,
            'N' => Role::Knight,
            'S' => Role::Silver,
            'G' => Role::Gold,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The usual one-character kanji (玉 for either king; と, 杏, 圭, 全, 馬, 龍 for promoted).
    #[must_use]
    pub const fn kanji(self) -> char {
        match self {
            Role::Pawn => '歩',
            Role::Lance => '香',
            Role::Knight => '桂',
            Role::Silver => '銀',
            Role::Gold => '金',
            Role::Bishop => '角',
            Role::Rook => '飛',
            Role::King => '玉',
            Role::ProPawn => 'と',
            Role::ProLance => '杏',
            Role::ProKnight => '圭',
            Role::ProSilver => '全',
            Role::Horse => '馬',
            Role::Dragon => '龍',
        }
    }

    /// Value of the role in the impasse count: 5 for rook and bishop (promoted or not), 0 for the
    /// king, 1 for every other piece.
    #[must_use]
    pub const fn impasse_points(self) -> u32 {
        match self.unpromoted() {
            Role::Rook | Role::Bishop => 5,
            Role::King => 0,
            _ => 1,
        }
    }
}

/// A piece: a role owned by a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// What the piece is.
    pub role: Role,
}

impl Piece {
    /// The SFEN spelling: upper case for sente, lower case for gote, `+` before promoted roles.
    #[must_use]
    pub fn sfen(self) -> String {
        let letter = match self.color {
            Color::Sente => self.role.letter(),
            Color::Gote => self.role.letter().to_ascii_lowercase(),
        };
        if self.role.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// A square of the 9×9 board: file 1–9 (right to left from sente's side) and rank a–i (from
/// gote's side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (1–9) and `rank` (1 = a … 9 = i), if both are on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((rank - 1) * 9 + (file - 1)))
        } else {
            None
        }
    }

    /// The square with index `index` (0–80, rank-major from 1a), if on the board.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// All 81 squares, rank a first, file 1 first within a rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }

    /// The file, 1–9.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank, 1 (a) – 9 (i).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 9 + 1
    }

    /// Index 0–80.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square(((rank - 1) * 9 + (file - 1)) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Square, ParseError> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(ParseError::Square(s.to_string()));
        }
        let file = bytes[0].wrapping_sub(b'0');
        let rank = bytes[1].wrapping_sub(b'a').wrapping_add(1);
        Square::new(file, rank).ok_or_else(|| ParseError::Square(s.to_string()))
    }
}

/// A move: a piece moved on the board (maybe promoting) or a piece dropped from hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from `from` to `to`, capturing whatever stands there.
    Normal {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// Whether it promotes on arrival.
        promote: bool,
    },
    /// A piece from the mover's hand is put on the empty square `to`, unpromoted.
    Drop {
        /// The role dropped (an unpromoted role other than the king).
        role: Role,
        /// The empty square it is put on.
        to: Square,
    },
}

impl Move {
    /// The square the move ends on.
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The square the move starts from, `None` for a drop.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move promotes the piece.
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }
}

/// USI spelling: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { role, to } => write!(f, "{}*{to}", role.letter()),
        }
    }
}

/// Parses USI: `7g7f`, `8h2b+`, `P*5e`.
impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::Usi(s.to_string());
        if !s.is_ascii() {
            return Err(bad());
        }
        if let Some((role, to)) = s.split_once('*') {
            let mut letters = role.chars();
            let role = match (letters.next(), letters.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Role::from_letter(c),
                _ => None,
            }
            .filter(|r| r.is_hand_role())
            .ok_or_else(bad)?;
            let to = to.parse().map_err(|_| bad())?;
            return Ok(Move::Drop { role, to });
        }
        let (body, promote) = match s.strip_suffix('+') {
            Some(body) => (body, true),
            None => (s, false),
        };
        if body.len() != 4 {
            return Err(bad());
        }
        let from = body[..2].parse().map_err(|_| bad())?;
        let to = body[2..].parse().map_err(|_| bad())?;
        Ok(Move::Normal { from, to, promote })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabulary_types_stay_small() {
        assert_eq!(std::mem::size_of::<Square>(), 1);
        assert!(std::mem::size_of::<Move>() <= 4);
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 2);
    }

    #[test]
    fn squares_and_usi_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        for text in ["7g7f", "8h2b+", "P*5e", "R*1a"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        for bad in [
            "", "7g", "7g7", "0a1b", "7j7f", "K*5e", "+P*5e", "p*5e", "7g7f=", "P*5e+",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad} should not parse");
        }
        assert_eq!(Square::new(7, 7).unwrap().to_string(), "7g");
    }
}
