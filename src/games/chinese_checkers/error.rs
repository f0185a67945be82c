//! The two kinds of failure: text that cannot be read (`ParseError`) and a well-formed move
//! that the rules forbid (`IllegalMove`).

use thiserror::Error;

use super::board::{Hole, Triangle};

/// Text that is not a valid hole, move, position or rule option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a hole label such as `D2` or `I5`.
    #[error("`{0}` is not a hole: write a row letter A–Q and a position in the row, e.g. D2")]
    BadHole(String),
    /// Not a move such as `D2-E6` or `D2>F4>H6`.
    #[error("`{0}` is not a move: write from-to, e.g. D2-E6, or a hop path, e.g. D2>F4>H6")]
    BadMove(String),
    /// The hop path is longer than any chain that visits each hole once.
    #[error("the hop path `{0}` is too long")]
    PathTooLong(String),
    /// A position string must be 121 hole characters, a space and the digit of the side to move.
    #[error("a position is 121 characters (. or 0–5), a space and the digit of the set to move; found {0} hole characters")]
    PositionLength(usize),
    /// A hole character other than `.` or a digit 0–5.
    #[error("unexpected character `{character}` for hole {hole}: use . or a digit 0–5")]
    BadHoleCharacter {
        /// The character found.
        character: char,
        /// The hole it stands for.
        hole: Hole,
    },
    /// The side to move is missing or not a digit 0–5.
    #[error("the side to move must be a digit 0–5 after the space, found `{0}`")]
    BadSideToMove(String),
    /// A set in play does not have exactly ten pegs.
    #[error("set {triangle} has {count} pegs on the board; every set in play has 10")]
    WrongPegCount {
        /// The set's home triangle.
        triangle: Triangle,
        /// How many pegs were found.
        count: usize,
    },
    /// The sets on the board do not form a seating the game offers.
    #[error("these sets cannot play together: {0}")]
    BadSeating(String),
    /// The side to move has no pegs on the board.
    #[error("set {0} is to move but has no pegs on the board")]
    SideToMoveAbsent(Triangle),
    /// The side to move has already finished.
    #[error("set {0} is to move but its player has already finished")]
    SideToMoveFinished(Triangle),
    /// Not a `key=value` rule option with a known value.
    #[error("`{0}` is not a rule option: write key=value, e.g. goal_lock=path")]
    BadRule(String),
    /// An option name the engine does not know.
    #[error("unknown rule option `{0}` (known: goal_lock, foreign_stop, anti_spoil, long_jumps, play_on, sets, move_limit)")]
    UnknownRule(String),
}

/// A move the rules forbid, named after the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// There is no peg in the starting hole.
    #[error("there is no peg on {0}")]
    EmptyHole(Hole),
    /// The peg belongs to another player.
    #[error("the peg on {0} is not yours")]
    NotYourPeg(Hole),
    /// A move must end somewhere else than it started.
    #[error("a move must end on another hole than {0}")]
    NoMovement(Hole),
    /// The destination holds a peg that cannot be swapped.
    #[error("{0} is occupied")]
    HoleOccupied(Hole),
    /// Neither a step nor a chain of hops leads there.
    #[error("{to} cannot be reached from {from} by a step or a chain of hops")]
    NotReachable {
        /// Where the peg starts.
        from: Hole,
        /// Where it was asked to go.
        to: Hole,
    },
    /// One hop of the path given is not a hop over a peg into an empty hole.
    #[error("{from} to {to} is not a hop over one peg into an empty hole")]
    NotAHop {
        /// Where the hop starts.
        from: Hole,
        /// Where it lands.
        to: Hole,
    },
    /// A hop path visits the same hole twice.
    #[error("the hop path visits {0} twice")]
    PathRevisits(Hole),
    /// A peg that is in its goal must stay in it.
    #[error("the peg on {from} is in its goal and cannot leave it (to {to})")]
    CannotLeaveGoal {
        /// Where the peg starts, inside its goal.
        from: Hole,
        /// The hole outside the goal.
        to: Hole,
    },
    /// The peg may pass through this triangle but not stop in it.
    #[error(
        "a peg cannot stop on {hole} in the {triangle} triangle, which belongs to another player"
    )]
    CannotStopInTriangle {
        /// Where the peg would stop.
        hole: Hole,
        /// The forbidden triangle.
        triangle: Triangle,
    },
    /// Passing is only allowed when no move is possible.
    #[error("you can only pass when no move is possible")]
    CannotPass,
}
