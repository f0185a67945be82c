//! The words of a round: players and their ratings, pairings and their outcomes, points
//! (in half-points) and each player's record so far.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ids::UserId;

/// Who a player is to the tournament: a Discord user.
pub type PlayerId = UserId;

/// A player in the tournament, with the rating that seeds them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The player.
    pub id: PlayerId,
    /// Their rating when the tournament was seeded: higher ratings are ranked first.
    pub rating: f64,
}

/// Which side of a game a player had: the first player (South, sente) or the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Moves first.
    First,
    /// Moves second.
    Second,
}

impl Colour {
    /// The other side.
    pub fn other(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The first player won (on the board, by resignation or on time).
    FirstWins,
    /// The second player won.
    SecondWins,
    /// Neither won.
    Draw,
}

/// One game of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The player who moves first.
    pub first: PlayerId,
    /// The player who moves second.
    pub second: PlayerId,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Pairing {
    /// A game not played yet.
    pub fn new(first: PlayerId, second: PlayerId) -> Pairing {
        Pairing {
            first,
            second,
            outcome: None,
        }
    }

    /// The opponent of `player` and the colour `player` had, if `player` played this game.
    pub fn side_of(&self, player: PlayerId) -> Option<(PlayerId, Colour)> {
        if self.first == player {
            Some((self.second, Colour::First))
        } else if self.second == player {
            Some((self.first, Colour::Second))
        } else {
            None
        }
    }

    /// The points `player` scored in this game, once it is over.
    pub fn points_of(&self, player: PlayerId) -> Option<Points> {
        let (_, colour) = self.side_of(player)?;
        Some(match (self.outcome?, colour) {
            (Outcome::Draw, _) => Points::DRAW,
            (Outcome::FirstWins, Colour::First) | (Outcome::SecondWins, Colour::Second) => {
                Points::WIN
            }
            _ => Points::ZERO,
        })
    }
}

/// A round: its games, and the players who had a bye in it (each scores a win).
///
/// A player in neither (not yet entered, withdrawn, or resting in a round-robin of an odd
/// number of players) was absent and scores nothing for the round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The games, board 1 first.
    pub games: Vec<Pairing>,
    /// Players given a bye.
    pub byes: Vec<PlayerId>,
}

impl Round {
    /// Whether every game of the round has its result.
    pub fn is_over(&self) -> bool {
        self.games.iter().all(|g| g.outcome.is_some())
    }

    /// The game `player` plays in this round, if any.
    pub fn game_of(&self, player: PlayerId) -> Option<&Pairing> {
        self.games.iter().find(|g| g.side_of(player).is_some())
    }
}

/// A number of half-points: `Points(3)` is 1½.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub u32);

impl Points {
    /// Nothing.
    pub const ZERO: Points = Points(0);
    /// A draw: ½.
    pub const DRAW: Points = Points(1);
    /// A win, or a bye: 1.
    pub const WIN: Points = Points(2);
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    /// `3½`, `½`, `4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// What one player has done so far: their points, opponents, colours and byes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// Points from every round, byes included.
    pub points: Points,
    /// Each game played, in order: the opponent, the colour and the points scored (`None`
    /// while the game is on).
    pub games: Vec<(PlayerId, Colour, Option<Points>)>,
    /// Byes had.
    pub byes: u32,
}

impl Record {
    /// The record of `player` over `rounds`.
    pub(crate) fn of(player: PlayerId, rounds: &[Round]) -> Record {
        let mut record = Record {
            points: Points::ZERO,
            games: Vec::new(),
            byes: 0,
        };
        for round in rounds {
            if round.byes.contains(&player) {
                record.byes += 1;
                record.points = record.points + Points::WIN;
            } else if let Some(game) = round.game_of(player) {
                let (opponent, colour) = game.side_of(player).unwrap_or((player, Colour::First));
                let points = game.points_of(player);
                record.points = record.points + points.unwrap_or_default();
                record.games.push((opponent, colour, points));
            }
        }
        record
    }

    /// Whether this player has already met `opponent`.
    pub(crate) fn met(&self, opponent: PlayerId) -> bool {
        self.games.iter().any(|&(o, _, _)| o == opponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(n: u64) -> PlayerId {
        PlayerId::new(n)
    }

    #[test]
    fn points_show_halves() {
        assert_eq!(Points(0).to_string(), "0");
        assert_eq!(Points(1).to_string(), "½");
        assert_eq!(Points(7).to_string(), "3½");
        assert_eq!(Points(8).to_string(), "4");
    }

    #[test]
    fn a_record_counts_games_byes_and_unfinished_games() {
        let rounds = vec![
            Round {
                games: vec![Pairing {
                    outcome: Some(Outcome::SecondWins),
                    ..Pairing::new(u(1), u(2))
                }],
                byes: vec![u(3)],
            },
            Round {
                games: vec![
                    Pairing {
                        outcome: Some(Outcome::Draw),
                        ..Pairing::new(u(3), u(1))
                    },
                    Pairing::new(u(2), u(4)),
                ],
                byes: vec![],
            },
        ];
        let one = Record::of(u(1), &rounds);
        assert_eq!(one.points, Points(1));
        assert_eq!(
            one.games,
            vec![
                (u(2), Colour::First, Some(Points(0))),
                (u(3), Colour::Second, Some(Points(1)))
            ]
        );
        let three = Record::of(u(3), &rounds);
        assert_eq!((three.points, three.byes), (Points(3), 1));
        let two = Record::of(u(2), &rounds);
        assert_eq!(two.points, Points(2));
        assert_eq!(two.games[1], (u(4), Colour::First, None));
        assert!(two.met(u(4)) && !two.met(u(3)));
    }
}
