//! Where games end. Every ending — the last move, a resignation, a timeout — is stored by
//! [`App::end_game`], so whatever follows from a result is done in one place.

use crate::app::fail::Fail;
use crate::app::games::Table;
use crate::app::results::{provisional, rate};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::ids::{GameId, UserId};
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
pub(super) fn people(record: &GameRecord) -> Vec<(usize, UserId)> {
    let mut people: Vec<(usize, UserId)> = Vec::new();
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
    /// Caption lines of a finished game's rating changes (none for an unrated game).
    pub(super) fn rating_lines(&self, game: GameId) -> Result<Vec<Text>, Fail> {
        let Some(entry) = self.store.finished(game)? else {
            return Ok(Vec::new());
        };
        let Some(changes) = entry.record.ratings else {
            return Ok(Vec::new());
        };
        let seats = &entry.record.game.seats;
        Ok(changes
            .iter()
            .zip(seats)
            .filter_map(|(change, player)| Some((change.as_ref()?, player)))
            .map(|(change, player)| Text::RatingChange {
                name: player.name.clone(),
                before: change.before.rating.round() as i64,
                after: change.after.rating.round() as i64,
                provisional: provisional(&change.after),
            })
            .collect())
    }

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
        if loaded.stored.record.tournament_round.is_some() {
            self.tournament_due.notify_one();
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ChannelId, GameId, GuildId, UserId};
    use crate::locale::Locale;
    use crate::store::{GameKind, Player};

    fn table(seats: &[(u64, Option<Level>)]) -> GameRecord {
        GameRecord {
            id: GameId::new(1),
            guild: Some(GuildId::new(1)),
            channel: ChannelId::new(1),
            message: None,
            kind: GameKind::ChineseCheckers,
            seats: seats
                .iter()
                .map(|&(id, computer)| Player {
                    id: UserId::new(id),
                    name: id.to_string(),
                    computer,
                })
                .collect(),
            rules: serde_json::Value::Null,
            start: String::new(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: 0,
            turn_ms: None,
            deadline_ms: None,
            locale: Locale::English,
            tournament_round: None,
        }
    }

    fn result(user: u64, level: Level, score: Score) -> BotResult {
        BotResult {
            user: UserId::new(user),
            level,
            score,
        }
    }

    #[test]
    fn one_person_against_the_computer_scores_the_game() {
        let record = table(&[(11, None), (99, Some(Level::Hard))]);
        for (places, score) in [
            ([0, 1], Score::Win),
            ([0, 0], Score::Draw),
            ([1, 0], Score::Loss),
        ] {
            assert_eq!(
                bot_results(&record, &places),
                vec![result(11, Level::Hard, score)]
            );
        }
        assert!(bot_results(&table(&[(11, None), (22, None)]), &[0, 1]).is_empty());
    }

    #[test]
    fn each_person_scores_against_the_best_seat_of_each_level() {
        let (easy, medium) = (Some(Level::Easy), Some(Level::Medium));
        let record = table(&[(11, None), (99, easy), (22, None), (99, medium), (99, easy)]);
        // Places: An 2nd, easy 4th and 1st, Bình 3rd, medium 3rd.
        let results = bot_results(&record, &[1, 3, 2, 2, 0]);
        assert_eq!(
            results,
            vec![
                result(11, Level::Easy, Score::Loss),
                result(22, Level::Easy, Score::Loss),
                result(11, Level::Medium, Score::Win),
                result(22, Level::Medium, Score::Draw),
            ]
        );
        assert!(bot_results(&table(&[(99, easy), (99, medium)]), &[0, 1]).is_empty());
    }
}
