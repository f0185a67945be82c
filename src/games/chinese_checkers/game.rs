//! A game in progress: the position, the turns played, and the safety valve (move limit and
//! third repetition) that a position alone cannot see.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::position::EndReason;
use super::{IllegalMove, Move, Outcome, ParseError, Player, Position, Rules};

/// One turn: a move (with its path) or a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A peg moved.
    Move(Move),
    /// The player had no legal move.
    Pass,
}

/// A game from its start: positions, turns, and the end by goal or by the safety valve.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    turns: Vec<Turn>,
    /// Turns taken by each player, passes included.
    taken: [u16; 6],
    /// How often each position (with the player to move) has occurred.
    seen: HashMap<Position, u8>,
    valve: Option<Outcome>,
}

impl Game {
    /// A new game for `players` players; a coin toss seeded by `seed` picks who starts, then
    /// play goes clockwise.
    pub fn new(players: usize, rules: Rules, seed: u64) -> Result<Game, ParseError> {
        let start = Position::start(players, rules)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let first = Player::new(rng.gen_range(0..start.players()));
        Ok(Game::from_position(start.with_first_player(first)))
    }

    /// A game that continues from `position` (its move counts start at zero).
    pub fn from_position(position: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(position.clone(), 1);
        Game {
            position,
            turns: Vec::new(),
            taken: [0; 6],
            seen,
            valve: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The turns played so far.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The last move played, if the last turn was a move.
    pub fn last_move(&self) -> Option<&Move> {
        match self.turns.last() {
            Some(Turn::Move(mv)) => Some(mv),
            _ => None,
        }
    }

    /// How many turns the player has taken.
    pub fn turns_taken(&self, player: Player) -> u16 {
        self.taken[player.index()]
    }

    /// The result once the game is over, by goal or by the safety valve.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or(self.valve)
    }

    /// Plays a move of the player to move.
    pub fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if self.valve.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let full = self.position.validate(mv)?;
        let next = self.position.play(&full)?;
        self.record(Turn::Move(full), next);
        Ok(())
    }

    /// Passes; only when the player to move has no legal move.
    pub fn pass(&mut self) -> Result<(), IllegalMove> {
        if self.valve.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let next = self.position.pass()?;
        self.record(Turn::Pass, next);
        Ok(())
    }

    /// Takes `player` out of the game (resignation or timeout; see [`Position::retire`]).
    /// Not a turn: nothing is recorded, and the others play on.
    pub fn retire(&mut self, player: Player) {
        if self.outcome().is_none() {
            self.position = self.position.retire(player);
        }
    }

    fn record(&mut self, turn: Turn, next: Position) {
        self.taken[self.position.to_move().index()] += 1;
        self.turns.push(turn);
        self.position = next;
        let count = self.seen.entry(self.position.clone()).or_insert(0);
        *count += 1;
        if self.position.outcome().is_some() {
            return;
        }
        if *count >= 3 {
            self.valve = Some(self.position.ranking(EndReason::Repetition));
        } else if self.taken[self.position.to_move().index()] >= self.position.rules().move_limit {
            self.valve = Some(self.position.ranking(EndReason::MoveLimit));
        }
    }
}
