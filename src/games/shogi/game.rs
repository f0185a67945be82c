//! A game: a start position and the moves played since, with the rules that need history
//! (sennichite and perpetual check), resignation and the impasse claim.

use thiserror::Error;

use super::error::IllegalMove;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::position::Position;
use super::types::{Color, Move};

/// Points a side needs to survive an impasse claim.
pub const IMPASSE_POINTS: u32 = 24;

/// Why a move or resignation was refused by a [`Game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum GameError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move breaks a rule.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// Why an impasse claim was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ImpasseError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// Impasse can only be claimed once both kings stand in their promotion zones.
    #[error("impasse can only be claimed when both kings have entered their promotion zones")]
    KingsNotInZone,
}

/// A game in progress or finished: the start position, every move and position since, and the
/// outcome once there is one.
#[derive(Debug, Clone)]
pub struct Game {
    moves: Vec<Move>,
    positions: Vec<Position>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::new())
    }
}

impl Game {
    /// A game starting from `start` (already over if the side to move has no legal move).
    #[must_use]
    pub fn new(start: Position) -> Game {
        let outcome = start.outcome();
        Game {
            moves: Vec::new(),
            positions: vec![start],
            outcome,
        }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any (what Japanese `同` refers to, and what the picture
    /// highlights).
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The start position followed by the position after each move.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The outcome, once the game has ended.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays `mv` and returns the outcome if the move ended the game (checkmate, no legal
    /// move for the opponent, sennichite or perpetual check).
    pub fn play(&mut self, mv: Move) -> Result<Option<Outcome>, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::GameOver(outcome));
        }
        let next = self.position().play(mv)?;
        self.moves.push(mv);
        self.positions.push(next);
        self.outcome = self.position().outcome().or_else(|| self.repetition());
        Ok(self.outcome)
    }

    /// Sennichite: the current position occurs for the fourth time. A draw, unless one side
    /// gave check with every one of its moves since the position first occurred; that side
    /// loses. (If both sides did, which the spec does not foresee, the game is drawn.)
    fn repetition(&self) -> Option<Outcome> {
        let current = self.position();
        let seen: Vec<usize> = (0..self.positions.len())
            .filter(|&i| self.positions[i].same_position(current))
            .collect();
        if seen.len() < 4 {
            return None;
        }
        let first = seen[0];
        let mut checked_always = [true; 2];
        for j in first..self.moves.len() {
            let mover = self.positions[j].turn();
            if !self.positions[j + 1].is_check() {
                checked_always[mover.index()] = false;
            }
        }
        Some(match checked_always {
            [true, false] => Outcome::Win {
                winner: Color::Gote,
                reason: WinReason::PerpetualCheck,
            },
            [false, true] => Outcome::Win {
                winner: Color::Sente,
                reason: WinReason::PerpetualCheck,
            },
            _ => Outcome::Draw {
                reason: DrawReason::Sennichite,
            },
        })
    }

    /// `loser` resigns (allowed at any moment of an unfinished game, on either turn).
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::GameOver(outcome));
        }
        let outcome = Outcome::Win {
            winner: !loser,
            reason: WinReason::Resignation,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// `loser` ran out of time: the opponent wins (allowed at any moment of an unfinished
    /// game; the host keeps the clock, the engine only records the ending).
    pub fn time_out(&mut self, loser: Color) -> Result<Outcome, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::GameOver(outcome));
        }
        let outcome = Outcome::Win {
            winner: !loser,
            reason: WinReason::Timeout,
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Whether both kings stand in their promotion zones, so that impasse may be claimed.
    #[must_use]
    pub fn impasse_claimable(&self) -> bool {
        let position = self.position();
        self.outcome.is_none()
            && Color::ALL
                .iter()
                .all(|&c| c.promotion_zone(position.king_square(c).rank()))
    }

    /// Either player claims impasse (jishōgi). Allowed, on either player's turn, once both
    /// kings have entered their promotion zones. Each side counts its pieces on the board and
    /// in hand (rook and bishop 5, king 0, others 1, promotion ignored): a side under 24 points
    /// loses, otherwise the game is drawn.
    pub fn claim_impasse(&mut self) -> Result<Outcome, ImpasseError> {
        if let Some(outcome) = self.outcome {
            return Err(ImpasseError::GameOver(outcome));
        }
        if !self.impasse_claimable() {
            return Err(ImpasseError::KingsNotInZone);
        }
        let position = self.position();
        let short: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&c| position.impasse_points(c) < IMPASSE_POINTS)
            .collect();
        let outcome = match short.as_slice() {
            [loser] => Outcome::Win {
                winner: !*loser,
                reason: WinReason::Impasse,
            },
            _ => Outcome::Draw {
                reason: DrawReason::Impasse,
            },
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Ends an unfinished game as a draw because its host's move limit was reached.
    pub fn end_by_move_limit(&mut self) -> Outcome {
        *self.outcome.get_or_insert(Outcome::Draw {
            reason: DrawReason::MoveLimit,
        })
    }
}
