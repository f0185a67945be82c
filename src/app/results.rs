//! Results and ratings of finished games: `App::end_game` (in `ending.rs`, the one function
//! every ending goes through) stores the final record, keeps it in the history and updates both
//! players' Glicko-2 ratings, in one store transaction, with the functions here.
//!
//! Ratings use the `skillratings` crate's Glicko-2 with its defaults (1500, deviation 350,
//! volatility 0.06, τ = 0.5), one game per rating period, per server and per game. A rating is
//! *provisional* while its deviation is above [`PROVISIONAL_DEVIATION`], Lichess's rule: about
//! the first ten games against settled players.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::store::{score, GameRecord, Glicko, RatingChange, Retirement, Score};

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
    /// How `game` ended: by the seat that left when the last move had been played, else on
    /// the board.
    pub fn of(game: &GameRecord) -> Finish {
        let plies = game.moves.len() as u32;
        match game.retired.iter().rev().find(|r| r.ply == plies) {
            Some(r) if r.why == Retirement::Resigned => Finish::Resigned,
            Some(_) => Finish::TimedOut,
            None => Finish::Board,
        }
    }
}

impl Standing {
    /// The result of `seat` in a game that ended with these places, as the store counts it
    /// in ratings and tallies ([`crate::store::score`]).
    pub fn of(places: &[u8], seat: usize) -> Standing {
        match score(places, seat) {
            Some(Score::Win) => Standing::Won,
            Some(Score::Draw) => Standing::Drew,
            Some(Score::Loss) | None => Standing::Lost,
        }
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

/// Weng-Lin ratings are kept on the Glicko scale, so that every leaderboard reads alike: a
/// newcomer's 25 ± 8.33 is stored as 1500 ± 500.
const WENG_LIN_SCALE: f64 = 60.0;

/// The rating changes of one game of a kind: Glicko-2 for a game only ever played by two,
/// Weng-Lin (made for results of many players) for a game of more seats, whatever this
/// game's count, so that one leaderboard holds one system.
pub(super) fn rate(
    multi_seat: bool,
    current: &[Option<Glicko>],
    places: &[u8],
) -> Vec<RatingChange> {
    if multi_seat {
        rate_weng_lin(current, places)
    } else {
        rate_glicko2(current, places)
    }
}

/// Every seat's Weng-Lin change for one game of any number of seats (`places` 0 first;
/// equal places tie); a newcomer starts from the crate's default.
fn rate_weng_lin(current: &[Option<Glicko>], places: &[u8]) -> Vec<RatingChange> {
    let before: Vec<Glicko> = current
        .iter()
        .map(|g| {
            g.unwrap_or(Glicko {
                rating: WengLinRating::new().rating * WENG_LIN_SCALE,
                deviation: WengLinRating::new().uncertainty * WENG_LIN_SCALE,
                volatility: 0.0,
            })
        })
        .collect();
    let ratings: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|g| {
            [WengLinRating {
                rating: g.rating / WENG_LIN_SCALE,
                uncertainty: g.deviation / WENG_LIN_SCALE,
            }]
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .enumerate()
        .map(|(seat, team)| {
            let place = places.get(seat).copied().unwrap_or(u8::MAX);
            (&team[..], MultiTeamOutcome::new(usize::from(place) + 1))
        })
        .collect();
    let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
    before
        .iter()
        .zip(after)
        .map(|(before, team)| {
            let rating = team.first().copied().unwrap_or_default();
            RatingChange {
                before: *before,
                after: Glicko {
                    rating: rating.rating * WENG_LIN_SCALE,
                    deviation: rating.uncertainty * WENG_LIN_SCALE,
                    volatility: 0.0,
                },
            }
        })
        .collect()
}

/// Both players' Glicko-2 changes for one game of two seats (`places` 0 first, equal places
/// a draw); a newcomer starts from the crate's default.
fn rate_glicko2(current: &[Option<Glicko>], places: &[u8]) -> Vec<RatingChange> {
    let rating = |seat: usize| {
        current
            .get(seat)
            .copied()
            .flatten()
            .unwrap_or_else(|| from_crate(Glicko2Rating::new()))
    };
    let before = [rating(0), rating(1)];
    let result = match places {
        [first, second] if first < second => Outcomes::WIN,
        [first, second] if first > second => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    };
    let (south, north) = glicko2(
        &to_crate(before[0]),
        &to_crate(before[1]),
        &result,
        &Glicko2Config::new(),
    );
    vec![
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

#[cfg(test)]
mod tests {
    use super::*;

    fn glicko(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn two_seats_rate_as_glicko2_did_from_places() {
        let current = [Some(glicko(1600.0, 80.0)), None];
        for (places, result) in [
            ([0, 1], Outcomes::WIN),
            ([1, 0], Outcomes::LOSS),
            ([0, 0], Outcomes::DRAW),
        ] {
            let changes = rate(false, &current, &places);
            let (south, north) = glicko2(
                &to_crate(glicko(1600.0, 80.0)),
                &Glicko2Rating::new(),
                &result,
                &Glicko2Config::new(),
            );
            assert_eq!(changes.len(), 2);
            assert_eq!(changes[0].after, from_crate(south), "{places:?}");
            assert_eq!(changes[1].after, from_crate(north), "{places:?}");
            assert_eq!(changes[1].before.rating, 1500.0, "a newcomer");
        }
    }

    #[test]
    fn many_seats_rate_by_place_on_the_glicko_scale() {
        let changes = rate(true, &[None, None, None, None], &[1, 0, 3, 1]);
        assert_eq!(changes.len(), 4);
        for change in &changes {
            assert_eq!(change.before.rating, 1500.0, "a newcomer is 25 × 60");
            assert!((change.before.deviation - 500.0).abs() < 1e-9);
            assert!(change.after.deviation < change.before.deviation);
        }
        let after: Vec<f64> = changes.iter().map(|c| c.after.rating).collect();
        assert!(after[1] > after[0] && after[0] > after[2], "{after:?}");
        assert!(
            (after[0] - after[3]).abs() < 1e-9,
            "equal places, equal ratings"
        );
        assert!(after[1] > 1500.0 && after[2] < 1500.0);
        assert!(provisional(&changes[1].after), "one game is not enough");
    }

    #[test]
    fn standings_come_from_places() {
        assert_eq!(Standing::of(&[0, 1], 0), Standing::Won);
        assert_eq!(Standing::of(&[0, 1], 1), Standing::Lost);
        assert_eq!(Standing::of(&[0, 0], 1), Standing::Drew);
        assert_eq!(Standing::of(&[2, 0, 1], 2), Standing::Lost);
        assert_eq!(
            Standing::of(&[0, 0, 1], 0),
            Standing::Won,
            "a shared first place"
        );
        assert_eq!(Standing::of(&[1, 1, 1], 0), Standing::Drew);
        assert_eq!(Standing::of(&[0, 1], 5), Standing::Lost, "no such seat");
    }
}
