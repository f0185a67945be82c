//! The engine's two kinds of failure: text that does not parse, and moves the rules forbid.

use thiserror::Error;

use super::types::Role;

/// Text that is not valid notation (syntax only; no position is consulted).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a square such as `7f`.
    #[error("`{0}` is not a square: write a file 1-9 then a rank a-i, such as 7f")]
    Square(String),
    /// Not a USI move such as `7g7f`, `8h2b+` or `P*5e`.
    #[error("`{0}` is not a USI move: write it like 7g7f, 8h2b+ or P*5e")]
    Usi(String),
    /// An SFEN string that is malformed or describes an impossible position.
    #[error("invalid SFEN: {0}")]
    Sfen(#[from] SfenError),
}

/// Why an SFEN string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SfenError {
    /// Fewer or more than the four space-separated fields (board, side, hands, move number).
    #[error("expected board, side to move, pieces in hand and move number separated by spaces")]
    Fields,
    /// The board field does not have 9 ranks of 9 squares, or has an unknown piece letter.
    #[error("the board must have 9 ranks of 9 squares separated by '/' ({0})")]
    Board(String),
    /// The side to move is not `b` or `w`.
    #[error("the side to move must be b (sente) or w (gote)")]
    Side,
    /// The hands field is malformed.
    #[error("pieces in hand must be written like RG2p, or - for none ({0})")]
    Hands(String),
    /// The move number is not a positive integer.
    #[error("the move number must be a positive integer")]
    MoveNumber,
    /// A side does not have exactly one king.
    #[error("each side must have exactly one king")]
    Kings,
    /// More pieces of a kind than a shogi set holds.
    #[error("too many pieces of one kind (a set has 18 pawns, 4 lances, knights, silvers and golds, 2 bishops and rooks)")]
    TooManyPieces,
    /// A pawn, lance or knight stands where it could never move again.
    #[error("a piece on {0} could never move again")]
    DeadPiece(String),
    /// Two unpromoted pawns of one side on a file.
    #[error("two unpromoted pawns of one side on file {0}")]
    Nifu(u8),
    /// The side that just moved is in check, so its king could be captured.
    #[error("the side not to move is in check")]
    OpponentInCheck,
}

/// A move the rules forbid in the current position, named after the rule it breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// There is no piece on the starting square.
    #[error("there is no piece on the square you move from")]
    EmptySquare,
    /// The piece on the starting square belongs to the opponent.
    #[error("that piece belongs to your opponent")]
    NotYourPiece,
    /// The target square holds one of the mover's own pieces.
    #[error("you cannot capture your own piece")]
    OwnPieceOnTarget,
    /// The piece cannot reach the target square (wrong direction, too far, or the way is blocked).
    #[error("that piece cannot move there (wrong direction, too far, or the way is blocked)")]
    CannotMoveThere,
    /// Promotion asked for a piece that cannot promote, or outside the promotion zone.
    #[error("that piece cannot promote on this move: promotion needs a move into, inside or out of the farthest three ranks, and gold, king and promoted pieces never promote")]
    CannotPromote,
    /// A pawn or lance reaching the last rank, or a knight the last two, must promote.
    #[error("this piece must promote here, or it could never move again")]
    MustPromote,
    /// The dropped role is not in the mover's hand.
    #[error("you have no {} in hand", role_name(*.0))]
    NotInHand(Role),
    /// A drop on an occupied square.
    #[error("pieces can only be dropped on empty squares")]
    OccupiedSquare,
    /// A drop where the piece could never move (pawn or lance on the last rank, knight on the
    /// last two).
    #[error("a piece cannot be dropped where it could never move again")]
    NoFurtherMove,
    /// A second unpromoted pawn of the mover on a file (nifu).
    #[error("nifu: you already have an unpromoted pawn on that file")]
    Nifu,
    /// A pawn drop that checkmates at once (uchifuzume).
    #[error("uchifuzume: a dropped pawn may not give immediate checkmate")]
    Uchifuzume,
    /// The move leaves (or puts) the mover's own king in check.
    #[error("this move leaves your king in check")]
    LeavesKingInCheck,
}

/// English name of a role, for messages.
#[must_use]
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Lance => "lance",
        Role::Knight => "knight",
        Role::Silver => "silver",
        Role::Gold => "gold",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::King => "king",
        Role::ProPawn => "promoted pawn",
        Role::ProLance => "promoted lance",
        Role::ProKnight => "promoted knight",
        Role::ProSilver => "promoted silver",
        Role::Horse => "horse",
        Role::Dragon => "dragon",
    }
}
