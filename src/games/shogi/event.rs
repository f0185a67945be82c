//! What a move does, as a list of events the bot can describe and the picture can animate.

use super::error::IllegalMove;
use super::position::Position;
use super::types::{Move, Piece, Square};

/// One thing that happens during a move, in the order it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A piece moved on the board.
    Moved {
        /// The piece as it was before moving.
        piece: Piece,
        /// Where it came from.
        from: Square,
        /// Where it went.
        to: Square,
    },
    /// A piece from hand was put on the board.
    Dropped {
        /// The piece dropped.
        piece: Piece,
        /// Where.
        to: Square,
    },
    /// An opponent's piece was taken and goes, unpromoted, to the mover's hand.
    Captured {
        /// The piece as it stood on the board.
        piece: Piece,
        /// Where it stood.
        on: Square,
    },
    /// The moved piece promoted.
    Promoted {
        /// The piece after promotion.
        piece: Piece,
        /// Where it stands.
        on: Square,
    },
    /// The move gives check.
    Check {
        /// The square of the king in check.
        king: Square,
    },
}

impl Position {
    /// Plays `mv` and lists what happened, or says which rule it breaks.
    pub fn play_with_events(&self, mv: Move) -> Result<(Position, Vec<Event>), IllegalMove> {
        let next = self.play(mv)?;
        let mut events = Vec::with_capacity(4);
        match mv {
            Move::Normal { from, to, promote } => {
                if let Some(piece) = self.piece_at(from) {
                    events.push(Event::Moved { piece, from, to });
                }
                if let Some(piece) = self.piece_at(to) {
                    events.push(Event::Captured { piece, on: to });
                }
                if promote {
                    if let Some(piece) = next.piece_at(to) {
                        events.push(Event::Promoted { piece, on: to });
                    }
                }
            }
            Move::Drop { role, to } => {
                events.push(Event::Dropped {
                    piece: Piece {
                        color: self.turn(),
                        role,
                    },
                    to,
                });
            }
        }
        if next.is_check() {
            events.push(Event::Check {
                king: next.king_square(next.turn()),
            });
        }
        Ok((next, events))
    }
}
