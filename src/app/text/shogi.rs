//! Shogi's part of the catalogue: move captions, the picture's words, how a game ends, the
//! rules and the illegal-move reasons. The words are in `assets/locales/<lang>/shogi.ftl`,
//! every id prefixed `shogi-` (all parts share one bundle per language); the shell carries these
//! messages as [`Text::Shogi`](super::Text::Shogi).

use strum::IntoEnumIterator;

use super::bundle::{self, text, Args};
use super::words::mention;
use crate::games::shogi::{DrawReason, IllegalMove, Outcome, Role, WinReason};
use crate::ids::UserId;
use crate::locale::Locale;
use crate::store::Retirement;

/// One message of Shogi's part, with its arguments. Its [`ShogiTextKey`] is the message's id
/// in `shogi.ftl`.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(ShogiTextKey),
    derive(Hash, strum::EnumIter, strum::IntoStaticStr),
    strum(serialize_all = "kebab-case")
)]
pub enum ShogiText {
    /// The name of the rules, as in "standard rules".
    #[strum_discriminants(strum(serialize = "shogi-rules-name"))]
    RulesName,
    /// The rules, privately; `in_play` when they are those of a game in the channel.
    #[strum_discriminants(strum(serialize = "shogi-rules-summary"))]
    RulesSummary {
        /// Whether a game in the channel is played by them.
        in_play: bool,
    },
    /// Caption: a move, in Western notation.
    #[strum_discriminants(strum(serialize = "shogi-moved"))]
    Moved {
        /// Who moved.
        player: UserId,
        /// The move (`P-7f`, `Bx2b+`, `S*5e`).
        western: String,
    },
    /// Caption and picture: the side to move is in check.
    #[strum_discriminants(strum(serialize = "shogi-check"))]
    Check,
    /// Caption: how the board ended the game.
    #[strum_discriminants(strum(serialize = "shogi-ended"))]
    Ended {
        /// The result.
        outcome: Outcome,
    },
    /// Picture: a side with nothing in hand.
    #[strum_discriminants(strum(serialize = "shogi-empty-hand"))]
    EmptyHand,
    /// Picture: whose turn.
    #[strum_discriminants(strum(serialize = "shogi-status-to-move"))]
    StatusToMove {
        /// Their name.
        name: String,
    },
    /// Picture: a win because the other side resigned or ran out of time.
    #[strum_discriminants(strum(serialize = "shogi-status-forfeit"))]
    StatusForfeit {
        /// The winner's name.
        name: String,
        /// How the other side left.
        why: Retirement,
    },
    /// Picture: the result on the board.
    #[strum_discriminants(strum(serialize = "shogi-status-over"))]
    StatusOver {
        /// The winner's name (`None` for a draw).
        winner: Option<String>,
        /// The result.
        outcome: Outcome,
    },
    /// Picker: a piece on the board.
    #[strum_discriminants(strum(serialize = "shogi-pick-piece"))]
    PickPiece {
        /// What it is.
        role: Role,
        /// Where it stands (`7g`).
        square: String,
    },
    /// Picker: a piece in hand, to drop.
    #[strum_discriminants(strum(serialize = "shogi-pick-in-hand"))]
    PickInHand {
        /// What it is.
        role: Role,
        /// How many of it the hand holds.
        count: u8,
    },
    /// Picker: where the piece goes, and what it takes there.
    #[strum_discriminants(strum(serialize = "shogi-pick-target"))]
    PickTarget {
        /// The square (`7f`).
        square: String,
        /// The piece taken, if any.
        takes: Option<Role>,
    },
    /// Picker: promote.
    #[strum_discriminants(strum(serialize = "shogi-promote"))]
    Promote,
    /// Picker: do not promote.
    #[strum_discriminants(strum(serialize = "shogi-dont-promote"))]
    DontPromote,
    /// Button: claim impasse.
    #[strum_discriminants(strum(serialize = "shogi-claim-impasse"))]
    ClaimImpasse,
    /// Caption: impasse was claimed, with each side's points.
    #[strum_discriminants(strum(serialize = "shogi-impasse-claimed"))]
    ImpasseClaimed {
        /// Sente's points.
        sente: u32,
        /// Gote's points.
        gote: u32,
    },
    /// Refusal: impasse claimed before both kings entered their zones.
    #[strum_discriminants(strum(serialize = "shogi-impasse-not-yet"))]
    ImpasseNotYet,
    /// Button: the board from gote's side, privately.
    #[strum_discriminants(strum(serialize = "shogi-view-from-gote"))]
    ViewFromGote,
    /// Caption: how furigoma fell.
    #[strum_discriminants(strum(serialize = "shogi-furigoma"))]
    Furigoma {
        /// Who tossed.
        tosser: UserId,
        /// The five pawns as they fell (`歩と歩歩と`).
        faces: String,
        /// How many fell pawn side up.
        pawns: usize,
        /// Who moves first (sente).
        first: UserId,
    },
    /// Final board: a link to analyse the game on lishogi.
    #[strum_discriminants(strum(serialize = "shogi-analyse"))]
    Analyse {
        /// The link.
        link: String,
    },
    /// Refusal: typed text that is no move in any notation.
    #[strum_discriminants(strum(serialize = "shogi-unreadable"))]
    Unreadable {
        /// What was typed.
        text: String,
    },
    /// Refusal: typed text that fits no legal move.
    #[strum_discriminants(strum(serialize = "shogi-no-match"))]
    NoMatch {
        /// What was typed.
        text: String,
    },
    /// Refusal: `同` before any move.
    #[strum_discriminants(strum(serialize = "shogi-no-previous-move"))]
    NoPreviousMove,
    /// `/shogi help`.
    #[strum_discriminants(strum(serialize = "shogi-help"))]
    Help,
    /// Refusal: why a move is illegal.
    #[strum_discriminants(strum(serialize = "shogi-illegal"))]
    Illegal(IllegalMove),
}

/// Fragments of `shogi.ftl` that other messages refer to.
const FRAGMENTS: [&str; 1] = ["shogi-piece"];

/// Every message id the Rust code uses from `shogi.ftl`.
pub fn ids() -> Vec<&'static str> {
    ShogiTextKey::iter()
        .map(<&'static str>::from)
        .chain(FRAGMENTS)
        .collect()
}

/// The `reason` argument of a result: how it was won or drawn.
fn reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => "checkmate",
            WinReason::NoLegalMoves => "no-moves",
            WinReason::Resignation => "resignation",
            WinReason::PerpetualCheck => "perpetual-check",
            WinReason::Impasse => "impasse",
            WinReason::Timeout => "timeout",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Sennichite => "sennichite",
            DrawReason::Impasse => "jishogi",
            DrawReason::MoveLimit => "move-limit",
        },
    }
}

/// The `piece` argument: any piece, by its kind.
pub(crate) fn piece(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Lance => "lance",
        Role::Knight => "knight",
        Role::Silver => "silver",
        Role::Gold => "gold",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::King => "king",
        Role::ProPawn => "tokin",
        Role::ProLance => "promoted-lance",
        Role::ProKnight => "promoted-knight",
        Role::ProSilver => "promoted-silver",
        Role::Horse => "horse",
        Role::Dragon => "dragon",
    }
}

/// The `reason` argument of an illegal move (and its `role`, for a piece not in hand).
fn illegal(error: IllegalMove) -> Args {
    let reason = match error {
        IllegalMove::EmptySquare => "empty-square",
        IllegalMove::NotYourPiece => "not-yours",
        IllegalMove::OwnPieceOnTarget => "own-piece",
        IllegalMove::CannotMoveThere => "cannot-move-there",
        IllegalMove::CannotPromote => "cannot-promote",
        IllegalMove::MustPromote => "must-promote",
        IllegalMove::NotInHand(_) => "not-in-hand",
        IllegalMove::OccupiedSquare => "occupied",
        IllegalMove::NoFurtherMove => "no-further-move",
        IllegalMove::Nifu => "nifu",
        IllegalMove::Uchifuzume => "uchifuzume",
        IllegalMove::LeavesKingInCheck => "leaves-king-in-check",
    };
    let piece = match error {
        IllegalMove::NotInHand(r) => piece(r),
        _ => "other",
    };
    vec![("reason", text(reason)), ("role", text(piece))]
}

impl ShogiText {
    /// The message in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        bundle::message(locale, ShogiTextKey::from(self).into(), self.args())
    }

    /// The message's arguments (none for a message without any).
    fn args(&self) -> Args {
        match self {
            ShogiText::RulesName
            | ShogiText::Help
            | ShogiText::Check
            | ShogiText::EmptyHand
            | ShogiText::Promote
            | ShogiText::DontPromote
            | ShogiText::ClaimImpasse
            | ShogiText::ImpasseNotYet
            | ShogiText::ViewFromGote
            | ShogiText::NoPreviousMove => Vec::new(),
            ShogiText::PickPiece { role, square } => vec![
                ("piece", text(piece(*role))),
                ("square", text(square.clone())),
            ],
            ShogiText::PickInHand { role, count } => vec![
                ("piece", text(piece(*role))),
                ("count", bundle::number(*count)),
            ],
            ShogiText::PickTarget { square, takes } => vec![
                ("square", text(square.clone())),
                ("piece", text(takes.map_or("none", piece))),
            ],
            ShogiText::ImpasseClaimed { sente, gote } => vec![
                ("sente", bundle::number(*sente)),
                ("gote", bundle::number(*gote)),
            ],
            ShogiText::Furigoma {
                tosser,
                faces,
                pawns,
                first,
            } => vec![
                ("tosser", text(mention(*tosser))),
                ("faces", text(faces.clone())),
                ("pawns", bundle::number(*pawns as u32)),
                ("first", text(mention(*first))),
            ],
            ShogiText::Analyse { link } => vec![("link", text(link.clone()))],
            ShogiText::Unreadable { text: typed } | ShogiText::NoMatch { text: typed } => {
                vec![("text", text(typed.clone()))]
            }
            ShogiText::RulesSummary { in_play } => {
                vec![("in_play", text(if *in_play { "yes" } else { "no" }))]
            }
            ShogiText::Moved { player, western } => vec![
                ("player", text(mention(*player))),
                ("move", text(western.clone())),
            ],
            ShogiText::Ended { outcome } => vec![("reason", text(reason(*outcome)))],
            ShogiText::StatusToMove { name } => vec![("name", text(name.clone()))],
            ShogiText::StatusForfeit { name, why } => vec![
                ("name", text(name.clone())),
                (
                    "why",
                    text(match why {
                        Retirement::Resigned => "resigned",
                        Retirement::TimedOut => "timed-out",
                    }),
                ),
            ],
            ShogiText::StatusOver { winner, outcome } => vec![
                ("name", text(winner.clone().unwrap_or_default())),
                ("reason", text(reason(*outcome))),
            ],
            ShogiText::Illegal(error) => illegal(*error),
        }
    }
}
