//! Results and ratings of finished games: [`App::end_game`] (in `ending.rs`, the one function
//! every ending goes through) stores the final record, keeps it in the history and updates both
//! players' Glicko-2 ratings, in one store transaction, with the functions here.
//!
//! Ratings use the `skillratings` crate's Glicko-2 with its defaults (1500, deviation 350,
//! volatility 0.06, τ = 0.5), one game per rating period, per server and per game. A rating is
//! *provisional* while its deviation is above [`PROVISIONAL_DEVIATION`], Lichess's rule: about
//! the first ten games against settled players.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::stored::{outcome_of, OaqRecord};
use super::{App, Fail, Text};
use crate::games::oaq::{Outcome, Position, Seat};
use crate::store::{GameRecord, Glicko, RatingChange};

/// A rating with a deviation above this is provisional (Lichess uses the same bound).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Whether a rating is still provisional.
pub fn provisional(glicko: &Glicko) -> bool {
    glicko.deviation > PROVISIONAL_DEVIATION
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// On the board: the last move ended it.
    Board,
    /// A player resigned.
    Resigned,
    /// A player ran out of time.
    TimedOut,
}

/// One player's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Won.
    Won,
    /// Drew.
    Drew,
    /// Lost.
    Lost,
}

impl Finish {
    /// How `game` ended (a forfeit outranks the board).
    pub fn of(game: &GameRecord) -> Finish {
        if game.resigned().is_some() {
            Finish::Resigned
        } else if game.timed_out().is_some() {
            Finish::TimedOut
        } else {
            Finish::Board
        }
    }
}

impl Standing {
    /// The result of `seat` in a game that ended with `outcome`.
    pub fn of(outcome: Outcome, seat: Seat) -> Standing {
        match outcome {
            Outcome::Draw => Standing::Drew,
            Outcome::Winner(w) if w == seat => Standing::Won,
            Outcome::Winner(_) => Standing::Lost,
        }
    }
}

/// The result of a game, once it has one: the player who forfeited (resigned or ran out of
/// time) loses; otherwise the board decides.
pub fn outcome(game: &GameRecord, position: &Position) -> Option<Outcome> {
    match game.forfeited() {
        Some(loser) => Some(Outcome::Winner(loser.other())),
        None => position.outcome(),
    }
}

fn to_crate(glicko: Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: glicko.rating,
        deviation: glicko.deviation,
        volatility: glicko.volatility,
    }
}

fn from_crate(rating: Glicko2Rating) -> Glicko {
    Glicko {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

/// Both players' Glicko-2 changes for one game; a newcomer starts from the crate's default.
pub(super) fn rate_glicko2(current: [Option<Glicko>; 2], outcome: Outcome) -> [RatingChange; 2] {
    let before = current.map(|g| g.unwrap_or_else(|| from_crate(Glicko2Rating::new())));
    let result = match outcome {
        Outcome::Winner(Seat::South) => Outcomes::WIN,
        Outcome::Winner(Seat::North) => Outcomes::LOSS,
        Outcome::Draw => Outcomes::DRAW,
    };
    let (south, north) = glicko2(
        &to_crate(before[0]),
        &to_crate(before[1]),
        &result,
        &Glicko2Config::new(),
    );
    [
        RatingChange {
            before: before[0],
            after: from_crate(south),
        },
        RatingChange {
            before: before[1],
            after: from_crate(north),
        },
    ]
}

/// The store's rating function for Ô ăn quan: two seats' places mapped to the two-player
/// result of [`rate_glicko2`] (`[0, 1]` South won, `[1, 0]` North won, `[0, 0]` a draw). Any
/// other shape rates nobody (the store then refuses the result as damaged).
pub(super) fn rate_places(current: &[Option<Glicko>], places: &[u8]) -> Vec<RatingChange> {
    match (current, outcome_of(places)) {
        (&[south, north], Some(outcome)) => rate_glicko2([south, north], outcome).to_vec(),
        _ => Vec::new(),
    }
}

impl App {
    /// Caption lines of a finished game's rating changes (none for an unrated game).
    pub(super) fn rating_lines(&self, game: u64) -> Result<Vec<Text>, Fail> {
        let Some(entry) = self.store.finished(game)? else {
            return Ok(Vec::new());
        };
        let Some(changes) = entry.record.ratings else {
            return Ok(Vec::new());
        };
        Ok(Seat::BOTH
            .into_iter()
            .filter_map(|seat| {
                let change = changes.get(seat.index())?;
                Some(Text::RatingChange {
                    name: entry.record.game.seats.get(seat.index())?.name.clone(),
                    before: change.before.rating.round() as i64,
                    after: change.after.rating.round() as i64,
                    provisional: provisional(&change.after),
                })
            })
            .collect())
    }
}
