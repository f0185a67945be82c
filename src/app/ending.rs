//! Where games end. Every ending — the last move, a resignation, a timeout — is stored by
//! [`App::end_game`], so whatever follows from a result is done in one place.

use super::results::{outcome, rate_places};
use super::stored::places;
use super::{App, Fail, Loaded};
use crate::games::oaq::Outcome;
use crate::store::{BotResult, FinishedGame, GameRecord, Score};

/// For a game against the computer, how it went for the person.
fn bot_result(record: &GameRecord, outcome: Outcome) -> Option<BotResult> {
    let computer = record.seats.iter().position(|p| p.computer.is_some())?;
    let level = record.seats[computer].computer?;
    let human = &record.seats[1 - computer];
    if human.computer.is_some() {
        return None;
    }
    let score = match outcome {
        Outcome::Draw => Score::Draw,
        Outcome::Winner(seat) if seat.index() == computer => Score::Loss,
        Outcome::Winner(_) => Score::Win,
    };
    Some(BotResult {
        user: human.id,
        level,
        score,
    })
}

impl App {
    /// Stores a game that has just ended and everything its result changes: the one function
    /// every ending goes through (the last move, a resignation, a timeout). The caller has
    /// already put the ending into `loaded` (the move played, or the seat `retired`).
    ///
    /// In one compare-and-swap transaction, flushed before returning: the final record, the
    /// channel freed, the game kept in the history, both players' ratings for a
    /// [`GameRecord::rated`] game in a server, and for a game against the computer the
    /// person's record against it. A repeated ending of the same game counts nothing twice.
    pub(super) fn end_game(&self, loaded: &mut Loaded) -> Result<(), Fail> {
        let record = &mut loaded.stored.record;
        let Some(outcome) = outcome(record, loaded.game.position()) else {
            return Err(Fail::Internal(format!(
                "game {} was ended while still in play",
                record.id
            )));
        };
        record.deadline_ms = None;
        let bot = bot_result(record, outcome);
        let finished = FinishedGame {
            game: record.clone(),
            places: places(outcome),
            finished_ms: self.now(),
            ratings: None,
        };
        let (stored, _) =
            self.store
                .finish_game(loaded.stored.revision, &finished, &rate_places, bot)?;
        loaded.stored = stored;
        Ok(())
    }

    /// Stores the move just added to `loaded`: the game ends if it is over, otherwise the next
    /// player's turn starts (and its clock, for a person).
    pub(super) fn store_move(&self, loaded: &mut Loaded) -> Result<(), Fail> {
        if loaded.game.position().is_over() {
            return self.end_game(loaded);
        }
        loaded.stored.record.deadline_ms = self.deadline(loaded);
        loaded.stored =
            self.store
                .update_game(loaded.stored.revision, &loaded.stored.record, false)?;
        Ok(())
    }
}
