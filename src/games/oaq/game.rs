//! A game in progress: the position plus its history, for the repetition safety valve and
//! for replays.

use std::collections::HashMap;

use super::events::{EndReason, Event, Outcome};
use super::position::{IllegalMove, Position};
use super::types::Move;

/// How many times the same position (same player to move) may occur before the game is
/// ended and counted.
pub const REPETITION_LIMIT: u8 = 3;

type RepetitionKey = ([u8; 12], [bool; 2], [i16; 2], Option<super::Seat>);

/// A game: its start, the moves played, and the current position.
///
/// On top of [`Position::play`] it applies the second safety valve: the third occurrence of
/// the same position with the same player to move ends the game with the final count.
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    position: Position,
    seen: HashMap<RepetitionKey, u8>,
}

impl Game {
    /// A game from `start` with no moves played yet.
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.repetition_key(), 1);
        Game {
            start,
            moves: Vec::new(),
            position: start,
            seen,
        }
    }

    /// Replays `moves` from `start`; on failure, says which move (by index) was illegal.
    pub fn replay(start: Position, moves: &[Move]) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::new(start);
        for (index, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|e| (index, e))?;
        }
        Ok(game)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Plays a move and returns what happened; the game is unchanged if the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, IllegalMove> {
        let (mut next, mut events) = self.position.play_with_events(mv)?;
        if !next.is_over() {
            let count = self.seen.entry(next.repetition_key()).or_insert(0);
            *count += 1;
            if *count >= REPETITION_LIMIT {
                let (ended, event) = next.adjudicated(EndReason::Repetition);
                next = ended;
                events.push(event);
            }
        }
        self.moves.push(mv);
        self.position = next;
        Ok(events)
    }
}
