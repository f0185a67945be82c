//! Where games end. Every ending — the last move, a resignation, a timeout — is stored by
//! [`App::end_game`], so whatever follows from a result is done in one place.

use super::games::Table;
use super::results::rate;
use super::table::Loaded;
use super::{App, Fail};
use crate::store::{score, BotResult, FinishedGame, GameRecord};

/// For a game of one person against the computer, how it went for the person.
fn bot_result(record: &GameRecord, places: &[u8]) -> Option<BotResult> {
    let computer = record.seats.iter().position(|p| p.computer.is_some())?;
    let level = record.seats[computer].computer?;
    let mut people = record
        .seats
        .iter()
        .enumerate()
        .filter(|(_, p)| p.computer.is_none());
    let (human, person) = people.next()?;
    if people.next().is_some() || record.seats.len() != 2 {
        return None;
    }
    Some(BotResult {
        user: person.id,
        level,
        score: score(places, human)?,
    })
}

impl App {
    /// Stores a game that has just ended and everything its result changes: the one function
    /// every ending goes through (the last move, a resignation, a timeout). The caller has
    /// already put the ending into `loaded` (the move played, or the seat retired).
    ///
    /// In one compare-and-swap transaction, flushed before returning: the final record, the
    /// channel freed, the game kept in the history, both players' ratings for a
    /// [`GameRecord::rated`] game in a server, and for a game against the computer the
    /// person's record against it. A repeated ending of the same game counts nothing twice.
    pub(super) fn end_game(&self, loaded: &mut Loaded) -> Result<(), Fail> {
        let Some(places) = loaded.table.places() else {
            return Err(Fail::Internal(format!(
                "game {} was ended while still in play",
                loaded.stored.record.id
            )));
        };
        let record = &mut loaded.stored.record;
        record.deadline_ms = None;
        let bot = bot_result(record, &places);
        let finished = FinishedGame {
            game: record.clone(),
            places,
            finished_ms: self.now(),
            ratings: None,
        };
        let multi_seat = Table::seat_counts(finished.game.kind)
            .iter()
            .any(|&n| n > 2);
        let rate = |current: &[Option<_>], places: &[u8]| rate(multi_seat, current, places);
        let (stored, _) = self
            .store
            .finish_game(loaded.stored.revision, &finished, &rate, bot)?;
        loaded.stored = stored;
        Ok(())
    }

    /// Stores the move (or the seat's leaving) just added to `loaded`: the game ends if it is
    /// over, otherwise the next player's turn starts (and its clock, for a person).
    pub(super) fn store_move(&self, loaded: &mut Loaded) -> Result<(), Fail> {
        if loaded.finished() {
            return self.end_game(loaded);
        }
        loaded.stored.record.deadline_ms = self.deadline(loaded);
        loaded.stored =
            self.store
                .update_game(loaded.stored.revision, &loaded.stored.record, false)?;
        Ok(())
    }
}
