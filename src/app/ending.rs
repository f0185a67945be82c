//! Where games end. Every ending — the last move, a resignation, a timeout — is stored by
//! [`App::end_game`], so whatever follows from a result is done in one place.

use super::games::Table;
use super::results::rate;
use super::table::Loaded;
use super::{App, Fail};
use crate::store::{BotResult, FinishedGame, GameRecord, Level, Score};

/// The levels of the computer seats at a table, each once, in seat order.
pub(super) fn computer_levels(record: &GameRecord) -> Vec<Level> {
    let mut levels = Vec::new();
    for level in record.seats.iter().filter_map(|p| p.computer) {
        if !levels.contains(&level) {
            levels.push(level);
        }
    }
    levels
}

/// The people at a table (each once, in seat order) with their seats.
pub(super) fn people(record: &GameRecord) -> Vec<(usize, u64)> {
    let mut people: Vec<(usize, u64)> = Vec::new();
    for (seat, player) in record.seats.iter().enumerate() {
        if player.computer.is_none() && people.iter().all(|&(_, id)| id != player.id) {
            people.push((seat, player.id));
        }
    }
    people
}

/// How a game with these places went for each person at the table against each level of
/// the computer that played in it: against a level, a person wins by finishing ahead of every
/// seat the computer played at that level, draws by sharing the best place of those seats,
/// and loses otherwise. With one person against one computer this is the game's result.
fn bot_results(record: &GameRecord, places: &[u8]) -> Vec<BotResult> {
    let place = |seat: usize| places.get(seat).copied().unwrap_or(u8::MAX);
    let mut results = Vec::new();
    for level in computer_levels(record) {
        let Some(best) = (0..record.seats.len())
            .filter(|&seat| record.seats[seat].computer == Some(level))
            .map(place)
            .min()
        else {
            continue;
        };
        for (seat, user) in people(record) {
            let score = match place(seat).cmp(&best) {
                std::cmp::Ordering::Less => Score::Win,
                std::cmp::Ordering::Equal => Score::Draw,
                std::cmp::Ordering::Greater => Score::Loss,
            };
            results.push(BotResult { user, level, score });
        }
    }
    results
}

impl App {
    /// Stores a game that has just ended and everything its result changes: the one function
    /// every ending goes through (the last move, a resignation, a timeout). The caller has
    /// already put the ending into `loaded` (the move played, or the seat retired).
    ///
    /// In one compare-and-swap transaction, flushed before returning: the final record, the
    /// channel freed, the game kept in the history, both players' ratings for a
    /// [`GameRecord::rated`] game in a server, and for a game with computer seats each
    /// person's record against the computer's levels ([`bot_results`]). A repeated ending of the same game counts nothing twice.
    pub(super) fn end_game(&self, loaded: &mut Loaded) -> Result<(), Fail> {
        let Some(places) = loaded.table.places() else {
            return Err(Fail::Internal(format!(
                "game {} was ended while still in play",
                loaded.stored.record.id
            )));
        };
        let record = &mut loaded.stored.record;
        record.deadline_ms = None;
        let bot = bot_results(record, &places);
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
