//! The hard level's evaluation: material on the board and in hand, piece-square terms (by rank,
//! and a table of every square for each piece), each piece's distance to its own king and to
//! the enemy's, the mobility of the ranging pieces, and king safety (enemy pieces attacking the
//! squares round the king, own pieces defending them, open files towards it and enemy pieces
//! in hand that could be dropped next to it).
//!
//! Every weight lives in [`Weights`]; the search uses [`TUNED`]: the weights and piece-square
//! tables fitted to Fairy-Stockfish's scores of self-play positions (`ai/tune.rs`, `engine
//! shogi label`). The sets before it stay, for matches: [`HAND_SET`], set by hand, which the
//! first tuning started from; [`TUNED_V1`], fitted to the results of self-play games;
//! [`TUNED_V2`], that with the distance tables and mobility set by hand; [`TUNED_V3`], that
//! fitted to Fairy-Stockfish's scores without piece-square tables.

use crate::games::shogi::bitboard::{attacks, bit, file_of, squares, steps, Bitboard};
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Role, Square};

/// Most attack units that count: beyond this the king is lost anyway.
const MAX_UNITS: i32 = 40;

/// The weights of the evaluation: centipawns, except the king-danger terms, which count attack
/// units that [`Weights::danger_linear`] and [`Weights::danger_square`] turn into centipawns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Value of a piece on the board, by [`Role::index`] (the king's is unused).
    pub board: [i32; 14],
    /// Value of a piece in hand, by [`Role::index`] (hand roles only).
    pub hand: [i32; 7],
    /// Bonus of a piece for each rank it stands ahead of its owner's back rank, by
    /// [`Role::index`] (the king's is unused).
    pub advance: [i32; 14],
    /// Bonus of the king by its rank counted from its owner's far side (index 0: the enemy's
    /// back rank).
    pub king_rank: [i32; 9],
    /// Bonus of a gold or silver (or promoted silver) beside its own king.
    pub castle: i32,
    /// Attack units an enemy piece adds when it attacks the king's zone, by [`Role::index`].
    pub attacker_units: [i32; 14],
    /// Attack units of an enemy piece in hand that could be dropped next to the king, by
    /// [`Role::index`] (hand roles only).
    pub drop_units: [i32; 7],
    /// Attack units of each zone square the enemy attacks and the king's side does not defend.
    pub hole: i32,
    /// Attack units of each zone square the enemy attacks and the king's side defends.
    pub contested: i32,
    /// Attack units of each file beside the king without its own pawn, when the enemy has a
    /// rook or lance on the board or in hand.
    pub open_file: i32,
    /// Centipawns of danger per attack unit `u`: danger = (linear · u + square · u²) / 4.
    pub danger_linear: i32,
    /// See [`Weights::danger_linear`].
    pub danger_square: i32,
    /// Bonus of a piece by its distance to its own king (the larger of the file and rank
    /// differences, index 0 for 1 … 7 for 8), by [`Role::index`] (the king's is unused): how
    /// golds and silvers guard it, how far the attackers stand from home.
    pub own_king: [[i32; 8]; 14],
    /// Bonus of a piece by its distance to the enemy king, indexed as
    /// [`Weights::own_king`]: the pressure of pieces that close in on it.
    pub enemy_king: [[i32; 8]; 14],
    /// Bonus per square a ranging piece reaches that does not hold a piece of its own: lance,
    /// bishop, rook, horse, dragon, in this order.
    pub mobility: [i32; 5],
    /// Bonus of a piece by its square seen from its owner's side (gote's squares turned
    /// round, so index 0 is the far corner 1a for sente), by [`Role::index`], the king's
    /// included: where on the board each piece stands well, on top of the terms by rank.
    pub square: [[i32; 81]; 14],
}

/// The ranging pieces, in the order of [`Weights::mobility`].
const SLIDERS: [Role; 5] = [
    Role::Lance,
    Role::Bishop,
    Role::Rook,
    Role::Horse,
    Role::Dragon,
];

/// Distance tables that add nothing: the weights from before issue 30 had none.
const NO_KING_TABLE: [[i32; 8]; 14] = [[0; 8]; 14];

/// Piece-square tables that add nothing: the weights before [`TUNED`] had none.
const NO_SQUARE_TABLE: [[i32; 81]; 14] = [[0; 81]; 14];

/// The weights set by hand before the tuning, which it started from.
pub const HAND_SET: Weights = Weights {
    board: [
        90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
    ],
    hand: [100, 350, 450, 550, 600, 950, 1100],
    advance: [4, 0, 5, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    king_rank: [-60, -50, -40, -30, -20, -5, 10, 25, 30],
    castle: 20,
    attacker_units: [1, 2, 2, 3, 3, 3, 4, 0, 3, 3, 3, 3, 5, 6],
    drop_units: [0, 1, 2, 2, 3, 3, 4],
    hole: 2,
    contested: 1,
    open_file: 2,
    danger_linear: 24,
    danger_square: 4,
    own_king: NO_KING_TABLE,
    enemy_king: NO_KING_TABLE,
    mobility: [0; 5],
    square: NO_SQUARE_TABLE,
};

/// The weights the search used before the distance tables and mobility: [`HAND_SET`] fitted to
/// 259,889 positions of 5,000 self-play games (`docs/shogi.md` gives the commands). Kept as the
/// `tuned-v1` player of matches, to measure the newer weights by.
pub const TUNED_V1: Weights = Weights {
    board: [
        118, 283, 349, 475, 448, 827, 922, 0, 500, 512, 484, 540, 993, 1419,
    ],
    hand: [72, 366, 402, 546, 620, 950, 1112],
    advance: [7, -2, -5, 3, -22, 27, 19, 0, -24, -11, -27, 0, 19, 19],
    king_rank: [-60, -50, -40, -30, -20, -4, 12, 29, 22],
    castle: 28,
    attacker_units: [0, 3, 5, 5, 2, 9, 6, 0, 21, 6, 10, 11, 12, 8],
    drop_units: [1, -3, -2, 6, 8, 5, 11],
    hole: 9,
    contested: 2,
    open_file: 9,
    danger_linear: 37,
    danger_square: 4,
    own_king: NO_KING_TABLE,
    enemy_king: NO_KING_TABLE,
    mobility: [0; 5],
    square: NO_SQUARE_TABLE,
};

/// The weights the search used before [`TUNED`]: [`TUNED_V1`] with distance tables and
/// mobility set by hand (fits of them to self-play played worse; `docs/shogi.md` gives the
/// matches). Kept as the `tuned-v2` player of matches.
pub const TUNED_V2: Weights = Weights {
    own_king: [
        [0; 8],
        [0; 8],
        [0; 8],
        [20, 12, 4, 0, -4, -8, -8, -8],
        [28, 16, 4, -6, -12, -16, -20, -20],
        [0; 8],
        [0; 8],
        [0; 8],
        [0; 8],
        [0; 8],
        [0; 8],
        [0; 8],
        [20, 14, 8, 0, 0, 0, 0, 0],
        [0; 8],
    ],
    enemy_king: [
        [10, 6, 2, 0, 0, 0, 0, 0],
        [0; 8],
        [10, 20, 10, 0, 0, 0, 0, 0],
        [30, 20, 8, 0, -4, -8, -10, -10],
        [30, 20, 8, 0, 0, 0, 0, 0],
        [10, 6, 2, 0, 0, 0, 0, 0],
        [10, 6, 2, 0, 0, 0, 0, 0],
        [0; 8],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, 0, 0, 0],
        [50, 30, 15, 5, 0, 0, 0, 0],
    ],
    mobility: [2, 4, 3, 3, 3],
    ..TUNED_V1
};

/// The weights the search used before [`TUNED`]: [`TUNED_V2`] fitted to Fairy-Stockfish's
/// scores (a search of depth 8) of 50,505 quiet positions of self-play, with no piece-square
/// tables (`docs/shogi.md` gives the commands: `selfplay`, `label`, `tune --from tuned-v2`).
/// Kept as the `tuned-v3` player of matches.
pub const TUNED_V3: Weights = Weights {
    board: [
        78, 255, 333, 563, 612, 727, 910, 0, 552, 528, 504, 548, 1037, 1435,
    ],
    hand: [116, 358, 394, 554, 632, 950, 1128],
    advance: [10, 2, -7, 8, -3, 11, 20, 0, -5, -6, -18, 0, 22, 26],
    king_rank: [-60, -50, -40, -30, -20, -5, 11, 35, 19],
    castle: 25,
    attacker_units: [2, 2, 3, 2, 5, 2, 4, 0, 12, 6, 8, 4, 2, 3],
    drop_units: [3, 2, 3, 5, 8, -1, 8],
    hole: 6,
    contested: 1,
    open_file: 2,
    danger_linear: 42,
    danger_square: 3,
    own_king: [
        [7, -6, -3, -4, 3, 0, 0, -1],
        [1, 2, -2, -1, -1, 2, 0, -1],
        [4, 3, -3, -2, -1, -1, -1, 0],
        [21, 14, 7, 0, -4, -8, -8, -8],
        [24, 27, 8, -5, -13, -16, -20, -20],
        [-1, 4, 0, -8, -1, 0, 1, -1],
        [2, -1, 0, -3, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 3, 0, 0],
        [0, 0, 0, 0, 0, 1, 1, 0],
        [0, 0, 0, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, -1],
        [20, 14, 10, 1, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 1, 0],
    ],
    enemy_king: [
        [9, 8, 3, -9, 4, -2, -1, 1],
        [0, 0, 1, 2, -1, -2, -8, 7],
        [10, 20, 9, 2, -2, 2, -6, 3],
        [30, 20, 7, -1, -3, -4, -7, -12],
        [30, 20, 9, 2, 2, 3, 2, 1],
        [10, 7, 1, -4, 0, 0, -2, -1],
        [10, 6, 2, -3, 0, 0, 2, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [40, 26, 13, 5, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 13, 4, 0, -4, -8, -12],
        [40, 26, 12, 5, 2, 0, 0, 0],
        [50, 30, 16, 5, 1, -1, 0, 0],
    ],
    mobility: [19, 15, 13, 20, 15],
    square: NO_SQUARE_TABLE,
};

/// The weights the search uses: [`TUNED_V3`] fitted again, with piece-square tables, to
/// Fairy-Stockfish's scores (a search of depth 8) of 148,031 quiet positions of self-play
/// (`docs/shogi.md` gives the commands: `selfplay`, `label`, `tune --from tuned-v3
/// --square-steps 300`), so that the evaluation says of a position what a deeper search of a
/// stronger engine finds.
pub const TUNED: Weights = Weights {
    board: [
        74, 243, 313, 587, 656, 691, 906, 0, 576, 532, 528, 548, 1049, 1435,
    ],
    hand: [112, 370, 378, 554, 640, 946, 1132],
    advance: [10, 5, -7, 4, -1, 9, 19, 0, -1, -4, -9, -1, 20, 27],
    king_rank: [-60, -50, -40, -30, -20, -6, 10, 40, 17],
    castle: 21,
    attacker_units: [2, 1, 3, 2, 3, 1, 1, 0, 9, 6, 7, 5, 2, 2],
    drop_units: [2, 1, 3, 5, 6, -1, 7],
    hole: 5,
    contested: 1,
    open_file: 2,
    danger_linear: 43,
    danger_square: 3,
    own_king: [
        [10, -5, -6, -7, 4, 1, 0, -2],
        [2, 6, -3, -5, -2, 3, 0, -2],
        [9, 4, -7, -4, -2, -1, -1, 0],
        [22, 14, 9, 0, -4, -8, -9, -9],
        [19, 33, 11, -4, -14, -16, -21, -20],
        [-1, 7, -1, -13, -1, 2, 2, -2],
        [3, -1, -3, -4, 0, 1, 1, 2],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 1, 4, -1, -1],
        [0, 0, 0, 0, 0, 1, 1, 0],
        [0, 0, 0, 0, 0, 2, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, -2],
        [20, 15, 12, 2, -1, 0, 1, -1],
        [0, 0, 0, -1, -1, 0, 2, 0],
    ],
    enemy_king: [
        [8, 9, 6, -5, 0, -5, -1, 1],
        [0, 0, 1, 4, -1, -5, -8, 8],
        [9, 20, 9, 3, -1, 2, -8, 2],
        [30, 20, 6, -1, 1, -1, -9, -15],
        [30, 21, 9, 4, 3, 6, -1, 1],
        [10, 7, 0, -3, 0, 0, -3, -2],
        [10, 6, 1, -5, 0, 3, 2, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [40, 26, 14, 5, 0, -4, -8, -12],
        [40, 26, 12, 4, 0, -4, -8, -12],
        [40, 26, 13, 4, 0, -4, -8, -12],
        [40, 26, 13, 4, 0, -4, -8, -12],
        [40, 25, 12, 7, 3, 0, 0, 0],
        [50, 30, 16, 5, 2, -2, 0, 0],
    ],
    mobility: [27, 19, 13, 25, 16],
    square: [
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 27, -30, -26, -60, -33, -26, -43, -14, -16, -25, -65, -39,
            -43, -52, -35, -49, -36, -33, 74, 15, 62, 52, 46, 38, 48, 34, 40, -7, -74, -3, -3, 2,
            16, -16, -41, -16, 6, -54, -2, 24, 14, 41, 6, 5, 1, -9, -39, -11, 13, 6, 29, -29, 14,
            9, 24, -19, -11, 21, 4, 40, -3, 46, 41, -42, -94, -78, -60, -56, -24, -64, -51, -53,
        ],
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0, -126, -84, -109, -124, -117, -139, -155, -95, -169, 1, 26,
            15, 1, -8, -6, -39, 43, -48, 139, 110, 86, 62, 85, 62, 59, 119, 37, 107, 55, 48, 26,
            44, 24, 1, 68, -16, -23, 22, 22, 37, 11, 13, -35, 23, -34, -12, 44, 24, 9, 45, 17, -2,
            47, -49, -19, 26, -4, -2, 4, 3, -37, 41, -25, -12, 41, 20, 11, 34, -15, -21, 41, -4,
        ],
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -158, -60, -73, -36, -18, -115,
            -79, -61, -188, -92, 5, 6, 33, 4, -16, 11, -14, -125, -66, -5, 35, 55, 54, -12, 27, 35,
            -106, -99, 17, 1, 33, 28, -20, -6, 1, -120, -92, -5, 8, 27, 19, -33, 18, -2, -125, -61,
            38, 33, 49, 60, -4, 32, 36, -94, -107, 18, -20, 5, -2, -25, -13, -16, -138,
        ],
        [
            -209, -175, -135, -150, -157, -150, -162, -170, -263, -77, -12, 13, 1, 7, -2, 5, -9,
            -118, -85, -33, -16, 5, -11, -6, 1, -33, -124, -132, -70, -31, -54, -16, -57, -61, -87,
            -167, -110, -69, -36, -12, -58, -19, -52, -94, -153, -26, 24, 46, 47, 53, 33, 37, -15,
            -61, -19, 8, 45, 69, 50, 75, 43, 36, -70, -11, 64, 70, 41, 44, 34, 57, 43, -57, -104,
            -70, 20, -51, -72, -39, 6, -58, -164,
        ],
        [
            -190, -184, -136, -173, -148, -140, -111, -143, -244, -99, -62, -11, -56, -20, -16, 18,
            -17, -127, 50, 80, 115, 85, 127, 139, 137, 114, -1, -111, -84, -36, -62, -48, -48, -30,
            -52, -161, -1, 18, 52, 47, 59, 70, 74, 54, -55, -5, 16, 70, 48, 60, 88, 76, 61, -47,
            -27, 3, 18, 12, 72, 74, 79, 32, -81, -21, 7, 33, 33, 34, 59, 72, 29, -71, -46, 2, 31,
            1, 8, 28, 52, 35, -107,
        ],
        [
            -83, -101, -57, -56, -48, -20, -69, -70, -111, 130, 156, 159, 167, 178, 209, 144, 163,
            117, 103, 67, 131, 175, 151, 200, 144, 125, 91, -51, -61, -18, -1, 6, 11, 15, -31, -64,
            -78, -103, -65, -29, -12, 10, -60, -55, -95, -50, -30, -33, -11, 35, 50, -5, -3, -51,
            -28, -39, 23, -11, 1, 69, 38, -1, -10, -18, -28, -13, 23, 5, 35, 3, 23, -28, -63, -78,
            -41, -25, -11, 11, -19, -47, -85,
        ],
        [
            75, 169, 165, 113, 146, 125, 122, 158, 155, 82, 164, 136, 124, 143, 127, 110, 140, 142,
            33, 131, 97, 77, 94, 81, 75, 99, 103, -87, 41, -30, -73, -32, -38, -45, -24, -10, -163,
            -58, -76, -120, -121, -126, -121, -98, -92, -89, -3, -2, -8, 3, -27, -31, -7, -3, -79,
            8, -31, -15, -16, -12, -48, -13, -13, -58, 10, -22, 4, 31, 2, -20, -25, 4, -72, 14, 0,
            -17, 10, -11, -12, -15, 11,
        ],
        [
            -78, 39, 4, -21, -27, -22, 3, 28, -19, -95, 17, -14, -39, -46, -40, -13, 11, -40, -28,
            92, 60, 30, 24, 29, 55, 80, 30, -31, 91, 54, 30, 20, 34, 51, 79, 31, -183, -65, -99,
            -130, -133, -120, -97, -76, -120, -170, -47, -103, -92, -124, -117, -98, -74, -112,
            -40, 58, 39, 29, 17, 17, 39, 64, 6, 12, 150, 102, 42, 53, 77, 115, 137, 66, -14, 111,
            70, 37, 44, 19, 58, 78, 40,
        ],
        [
            -135, -80, -102, -97, -164, -161, -91, -78, -79, 3, 84, 47, 73, -6, -23, 70, 95, 74,
            -10, 134, 94, 136, 49, 30, 97, 148, 145, -47, 47, 18, 41, -32, -54, 27, 63, 46, -71,
            20, -12, 12, -62, -75, 1, 30, 21, -57, 34, 3, 26, -49, -62, 14, 44, 34, -57, 34, 3, 26,
            -49, -62, 14, 44, 34, -57, 34, 3, 26, -49, -62, 14, 44, 34, -57, 34, 3, 26, -49, -62,
            14, 44, 34,
        ],
        [
            -34, -16, 59, -100, -25, -143, 14, -30, -107, 131, 119, 189, 55, 132, 5, 171, 140, 44,
            35, 27, 125, -36, 43, -75, 81, 24, -47, 23, 19, 101, -47, 29, -90, 65, 22, -59, -29,
            -27, 51, -95, -20, -137, 16, -25, -105, 26, 26, 105, -42, 33, -83, 69, 27, -52, 20, 19,
            98, -49, 26, -91, 63, 21, -58, 20, 19, 98, -49, 26, -91, 63, 21, -58, 20, 19, 98, -49,
            26, -91, 63, 21, -58,
        ],
        [
            -67, -1, 52, -39, 4, -63, -54, 23, -77, 44, 114, 160, 75, 108, 58, 64, 142, 31, 25, 96,
            151, 64, 109, 37, 28, 103, 7, -38, 33, 84, -4, 37, -28, -18, 51, -46, -14, 54, 104, 18,
            59, -4, 0, 72, -26, -31, 37, 87, 1, 41, -21, -17, 56, -43, -31, 37, 87, 1, 41, -21,
            -17, 56, -43, -31, 37, 87, 1, 41, -21, -17, 56, -43, -31, 37, 87, 1, 41, -21, -17, 56,
            -43,
        ],
        [
            -194, -109, -65, -50, -37, -99, -65, -126, -143, -91, -18, 34, 47, 67, 2, 36, -18, -28,
            -13, 46, 100, 142, 146, 76, 106, 58, 47, -105, -34, 16, 35, 51, -16, 16, -37, -49, -96,
            -25, 23, 45, 58, -8, 25, -27, -40, -94, -24, 25, 47, 60, -5, 27, -26, -38, -94, -24,
            25, 47, 60, -5, 27, -26, -38, -94, -24, 25, 47, 60, -5, 27, -26, -38, -94, -24, 25, 47,
            60, -5, 27, -26, -38,
        ],
        [
            2, -37, -2, -39, 15, 6, 5, -16, 8, 27, -59, -8, -22, 24, 14, 18, -1, 20, -37, -89, -29,
            -54, -45, -37, -38, -44, -38, -13, -61, -28, -35, 2, 2, 5, -19, -13, 37, -22, 15, 9,
            37, 64, 48, 27, 41, 188, 116, 153, 179, 200, 205, 201, 184, 186, 122, 55, 91, 88, 138,
            136, 135, 108, 121, 143, 79, 131, 118, 143, 154, 154, 142, 141, 15, -46, -8, -15, 22,
            23, 18, 2, 15,
        ],
        [
            -39, 51, -18, 0, -22, -29, 33, 41, 16, 72, 99, 62, 70, 60, 46, 89, 150, 110, -114, -52,
            -114, -88, -125, -124, -51, -75, -69, -109, -53, -115, -98, -107, -127, -63, -56, -53,
            -77, -7, -55, -37, -68, -61, -33, 13, -4, 16, 71, 26, 48, 10, 14, 64, 86, 68, -31, 19,
            -29, -18, -44, -45, 13, 29, 14, 121, 184, 134, 158, 122, 122, 173, 184, 169, 150, 214,
            163, 173, 149, 144, 193, 217, 197,
        ],
    ],
};

/// The sets of weights by the names the command line gives them: `hand-set`, `tuned-v1`,
/// `tuned-v2`, `tuned-v3` and `tuned`.
pub const NAMED: [(&str, &Weights); 5] = [
    ("hand-set", &HAND_SET),
    ("tuned-v1", &TUNED_V1),
    ("tuned-v2", &TUNED_V2),
    ("tuned-v3", &TUNED_V3),
    ("tuned", &TUNED),
];

/// The weights named `name` in [`NAMED`].
#[must_use]
pub fn named(name: &str) -> Option<&'static Weights> {
    NAMED.iter().find(|(n, _)| *n == name).map(|&(_, w)| w)
}

impl Weights {
    /// How many of [`Weights::values_mut`]'s weights, at its start, are material (board and
    /// hand values).
    pub const MATERIAL_VALUES: usize = 13 + 7;

    /// Every weight the tuning's local search may change, in a fixed order, each with the
    /// step it changes by: 4 for material, 1 for the rest. The piece-square tables are not
    /// among them: `tune::fit_squares` fits those all at once.
    pub fn values_mut(&mut self) -> Vec<(&mut i32, i32)> {
        let Weights {
            board,
            hand,
            advance,
            king_rank,
            castle,
            attacker_units,
            drop_units,
            hole,
            contested,
            open_file,
            danger_linear,
            danger_square,
            own_king,
            enemy_king,
            mobility,
            square: _,
        } = self;
        // The king's material, advance and attack units never count.
        fn not_king<T>((i, v): (usize, T)) -> Option<T> {
            (i != Role::King.index()).then_some(v)
        }
        let material = board
            .iter_mut()
            .enumerate()
            .filter_map(not_king)
            .chain(hand.iter_mut())
            .map(|v| (v, 4));
        let rest = advance
            .iter_mut()
            .enumerate()
            .filter_map(not_king)
            .chain(king_rank.iter_mut())
            .chain([castle])
            .chain(attacker_units.iter_mut().enumerate().filter_map(not_king))
            .chain(drop_units.iter_mut())
            .chain([hole, contested, open_file, danger_linear, danger_square])
            .chain(
                own_king
                    .iter_mut()
                    .chain(enemy_king.iter_mut())
                    .enumerate()
                    .filter(|(i, _)| i % 14 != Role::King.index())
                    .flat_map(|(_, table)| table.iter_mut()),
            )
            .chain(mobility.iter_mut())
            .map(|v| (v, 1));
        material.chain(rest).collect()
    }
}

/// Static evaluation in centipawns from sente's point of view, with the tuned weights.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, &TUNED)
}

/// Static evaluation in centipawns from sente's point of view, with `w`.
#[must_use]
pub fn evaluate_with(position: &Position, w: &Weights) -> i32 {
    let occupied = position.occupied();
    let kings = [
        position.king_square(Color::Sente),
        position.king_square(Color::Gote),
    ];
    // The king's square and its eight neighbours, for each side.
    let zones = kings.map(|k| steps(Color::Sente, Role::King, k) | bit(k));
    // Per king: attack units of the enemy. Per side: the squares its pieces reach (the kings'
    // own reach not counted; stepping pieces far from both kings left out).
    let mut units = [0i32; 2];
    let mut covered: [Bitboard; 2] = [0; 2];
    let mut score = 0;
    for sq in squares(occupied) {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let c = piece.color.index();
        let sign = if piece.color == Color::Sente { 1 } else { -1 };
        let relative = usize::from(piece.color.relative_rank(sq.rank())) - 1;
        let r = piece.role.index();
        let mut value = w.square[r][own_view(piece.color, sq)];
        value += if piece.role == Role::King {
            w.king_rank[relative]
        } else {
            // Ranks ahead of the back rank: 8 less the index counted from the far side.
            w.board[r]
                + w.advance[r] * (8 - relative as i32)
                + w.own_king[r][usize::from(distance(sq, kings[c])) - 1]
                + w.enemy_king[r][usize::from(distance(sq, kings[1 - c])) - 1]
        };
        // A stepping piece three squares or more from both kings reaches neither zone.
        let slider = matches!(
            piece.role,
            Role::Lance | Role::Bishop | Role::Rook | Role::Horse | Role::Dragon
        );
        let near = distance(sq, kings[0]).min(distance(sq, kings[1])) <= 3;
        if piece.role != Role::King && (slider || near) {
            let reach = attacks(piece.color, piece.role, sq, occupied);
            if let Some(i) = SLIDERS.iter().position(|&role| role == piece.role) {
                value += w.mobility[i] * (reach & !position.by_color[c]).count_ones() as i32;
            }
            let enemy = 1 - c;
            if reach & zones[enemy] != 0 {
                units[enemy] += w.attacker_units[piece.role.index()];
            }
            covered[c] |= reach;
            // Golds and silvers beside their own king form its castle.
            if distance(sq, kings[c]) <= 1
                && matches!(piece.role, Role::Gold | Role::Silver | Role::ProSilver)
            {
                value += w.castle;
            }
        }
        score += sign * value;
    }
    for color in Color::ALL {
        let sign = if color == Color::Sente { 1 } else { -1 };
        let c = color.index();
        let enemy = !color;
        for role in Role::HAND {
            score += sign * w.hand[role.index()] * i32::from(position.hand_count(color, role));
        }
        let king = kings[c];
        let empty_near = steps(color, Role::King, king) & !occupied;
        let mut u = units[c];
        let attacked = covered[enemy.index()] & zones[c];
        let defended = covered[c] & zones[c];
        // Each attacked zone square the king's side does not defend is a hole.
        u += w.hole * (attacked & !defended).count_ones() as i32;
        u += w.contested * (attacked & defended).count_ones() as i32;
        if empty_near != 0 {
            for role in Role::HAND {
                if position.hand_count(enemy, role) > 0 {
                    u += w.drop_units[role.index()];
                }
            }
        }
        // Files by the king with no pawn of its own: a rook or lance of the enemy can open them.
        let own_pawns = position.by_role[Role::Pawn.index()] & position.by_color[c];
        let enemy_rooks = (position.by_role[Role::Rook.index()]
            | position.by_role[Role::Dragon.index()]
            | position.by_role[Role::Lance.index()])
            & position.by_color[enemy.index()];
        let enemy_rook_in_hand =
            position.hand_count(enemy, Role::Rook) + position.hand_count(enemy, Role::Lance) > 0;
        for df in -1i8..=1 {
            let Some(side) = king.offset(df, 0) else {
                continue;
            };
            let file = file_of(side);
            if file & own_pawns == 0 && (file & enemy_rooks != 0 || enemy_rook_in_hand) {
                u += w.open_file;
            }
        }
        let u = u.clamp(0, MAX_UNITS);
        let danger = (w.danger_linear * u + w.danger_square * u * u) / 4;
        score -= sign * danger;
    }
    score
}

/// The index of `sq` in [`Weights::square`] for a piece of `color`: gote's squares turned
/// round, so that each side's tables read from its own side of the board.
#[must_use]
pub fn own_view(color: Color, sq: Square) -> usize {
    match color {
        Color::Sente => sq.index(),
        Color::Gote => 80 - sq.index(),
    }
}

fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_king_facing_pieces_in_hand_is_in_danger() {
        // Gote holds two golds and a silver in hand beside sente's bare king;
        // the kings stand alike, so all beyond the material is the danger to sente's king.
        let open: Position = "4k4/9/9/9/9/9/9/9/4K4 b 2gs 1".parse().expect("valid");
        let hand = |role: Role| TUNED.hand[role.index()];
        let material = 2 * hand(Role::Gold) + hand(Role::Silver);
        assert!(
            evaluate(&open) <= -material - 50,
            "danger beyond the material: {}",
            evaluate(&open) + material
        );
        // Sente castled with the same three pieces: no danger, and the castle counts.
        let castled: Position = "4k4/9/9/9/9/9/9/3GSG3/4K4 b - 1".parse().expect("valid");
        let scattered: Position = "4k4/9/9/9/9/9/9/9/G1S2K2G b - 1".parse().expect("valid");
        assert!(evaluate(&castled) > evaluate(&scattered));
    }

    #[test]
    fn guards_by_the_king_attackers_by_the_enemy_king_and_open_lines_count() {
        // The same gold beside its own king, then across the board: the distance tables
        // (`TUNED_V2`'s, set by hand) add what the weights before them (`TUNED_V1`) did not
        // see, and the weights fitted since still prefer the guarded, pressing, free piece.
        let guarding: Position = "4k4/9/9/9/9/9/9/4G4/4K4 b - 1".parse().expect("valid");
        let away: Position = "4k4/9/9/9/9/9/9/G8/4K4 b - 1".parse().expect("valid");
        let gain = |w: &Weights| evaluate_with(&guarding, w) - evaluate_with(&away, w);
        assert!(gain(&TUNED_V2) > gain(&TUNED_V1), "{}", gain(&TUNED_V2));
        assert!(gain(&TUNED) > 0, "{}", gain(&TUNED));
        // A dragon next to the enemy king against one far from it.
        let close: Position = "4k4/4+R4/9/9/9/9/9/9/4K4 w - 1".parse().expect("valid");
        let far: Position = "4k4/9/9/9/9/9/9/+R8/4K4 w - 1".parse().expect("valid");
        let pressure = |w: &Weights| evaluate_with(&close, w) - evaluate_with(&far, w);
        assert!(pressure(&TUNED_V2) > pressure(&TUNED_V1));
        assert!(pressure(&TUNED) > 0, "{}", pressure(&TUNED));
        // A rook on an open file against one boxed in by its own pawns: mobility.
        let open: Position = "4k4/9/9/9/9/9/9/7R1/4K4 b - 1".parse().expect("valid");
        let boxed: Position = "4k4/9/9/9/9/9/7P1/6PRP/4K4 b - 1".parse().expect("valid");
        let freedom = |w: &Weights| evaluate_with(&open, w) - evaluate_with(&boxed, w);
        assert!(freedom(&TUNED_V2) > freedom(&TUNED_V1));
        assert!(freedom(&TUNED) > freedom(&TUNED_V2), "{}", freedom(&TUNED));
    }

    #[test]
    fn the_tuned_weights_keep_the_order_of_the_pieces() {
        for values in [&TUNED.board[..7], &TUNED.hand[..]] {
            let [pawn, lance, knight, silver, gold, bishop, rook] = values else {
                panic!("seven hand roles");
            };
            assert!(pawn < lance && lance < knight, "{values:?}");
            assert!(knight < silver.min(gold), "{values:?}");
            assert!(silver.max(gold) < bishop && bishop < rook, "{values:?}");
        }
        // Promoted pieces are worth more than what they promote from.
        for (role, promoted) in [(Role::Pawn, Role::ProPawn), (Role::Bishop, Role::Horse)] {
            assert!(TUNED.board[promoted.index()] > TUNED.board[role.index()]);
        }
        assert!(TUNED.board[Role::Dragon.index()] > TUNED.board[Role::Rook.index()]);
    }
}
