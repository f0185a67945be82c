//! Matches between computer players: paired games, so that every opening is played once
//! with each player as South (the first player has a large advantage in Ô ăn quan).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::ai::{Level, Limits, Player};
use super::events::Outcome;
use super::game::Game;
use super::position::Position;
use super::rules::Rules;
use super::types::{Move, Seat};

/// How a match is played.
#[derive(Debug, Clone, Copy)]
pub struct MatchSettings {
    /// The rules of every game.
    pub rules: Rules,
    /// Number of games; rounded up to an even number so that every opening is paired.
    pub games: u32,
    /// Player A's budget per move (the time-limited levels: hard and reference).
    pub budget: Duration,
    /// Player B's budget per move, if not A's: to measure what more time is worth.
    pub budget_b: Option<Duration>,
    /// Seeds the choice of openings and every player's random source.
    pub seed: u64,
    /// Games played at once (results do not depend on it, only timings do).
    pub threads: usize,
    /// Plies of each game's opening imposed on both players (0 to 2). The default is 0: two
    /// of South's ten first moves (`1-` and `5+` under the standard rules) lose within two
    /// plies whoever plays them, so imposed openings measure the openings more than the
    /// players. With 0, the two games of a pair share a seed and differ in colours, and
    /// variety comes from the players' seeded choices.
    pub opening_plies: u32,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            rules: Rules::standard(),
            games: 20,
            budget: Limits::DEFAULT_TIME,
            budget_b: None,
            seed: 1,
            threads: 1,
            opening_plies: 0,
        }
    }
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's number in the match, from 0; even games have A as South.
    pub index: usize,
    /// The opening moves both players were given.
    pub opening: Vec<Move>,
    /// A's seat.
    pub a_seat: Seat,
    /// The result.
    pub outcome: Option<Outcome>,
    /// Plies played.
    pub plies: u32,
}

/// The result of a match, from player A's side.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MatchReport {
    /// Every game, in match order.
    pub games: Vec<GameSummary>,
    /// Games A won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Plies played in all games.
    pub plies: u64,
    /// How long A's and B's searches took, for the time-limited levels (hard, reference).
    pub timings: [Timing; 2],
}

/// A match's pairs of games counted by who scored more in them, from A's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Pairs in which A scored more than B.
    pub won: u32,
    /// Pairs in which both scored the same.
    pub shared: u32,
    /// Pairs in which B scored more.
    pub lost: u32,
}

/// The time a time-limited player spent on each of its moves in a match.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Timing {
    /// Time spent on each move (moves with a single legal choice or a book move included).
    pub moves: Vec<Duration>,
    /// Time spent on each move that was searched and not proven: the moves where the budget
    /// is the only reason to stop.
    pub searched: Vec<Duration>,
}

impl Timing {
    /// The longest move.
    pub fn longest(&self) -> Duration {
        self.moves.iter().copied().max().unwrap_or_default()
    }

    /// The median move.
    pub fn median(&self) -> Duration {
        median(&self.moves)
    }

    /// The median searched, unproven move.
    pub fn median_searched(&self) -> Duration {
        median(&self.searched)
    }

    /// Moves that took more than 10% over `budget`.
    pub fn over(&self, budget: Duration) -> usize {
        self.moves
            .iter()
            .filter(|&&t| t > budget.mul_f64(1.1))
            .count()
    }
}

impl MatchReport {
    /// A's score: wins plus half the draws, over the games played.
    pub fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(games)
    }

    /// The pairs (game 2k with A as South, game 2k + 1 with the same opening and A as North)
    /// by A's points in them: more than one, one, less than one. In a game as decided as
    /// this one a pair is the unit of evidence: one player winning both games of an opening
    /// shows more than both winning with the same colour.
    pub fn pairs(&self) -> Pairs {
        let points = |game: &GameSummary| match game.outcome {
            Some(Outcome::Winner(seat)) if seat == game.a_seat => 2,
            Some(Outcome::Winner(_)) => 0,
            _ => 1,
        };
        let mut pairs = Pairs::default();
        for pair in self.games.chunks_exact(2) {
            match (points(&pair[0]) + points(&pair[1])).cmp(&2) {
                std::cmp::Ordering::Greater => pairs.won += 1,
                std::cmp::Ordering::Equal => pairs.shared += 1,
                std::cmp::Ordering::Less => pairs.lost += 1,
            }
        }
        pairs
    }

    fn add(&mut self, other: &MatchReport) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.plies += other.plies;
        for (mine, theirs) in self.timings.iter_mut().zip(&other.timings) {
            mine.moves.extend_from_slice(&theirs.moves);
            mine.searched.extend_from_slice(&theirs.searched);
        }
        self.games.extend_from_slice(&other.games);
    }
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
}

/// Every sequence of `plies` moves from the start, in a seeded order.
fn openings(rules: Rules, plies: u32, seed: u64) -> Vec<Vec<Move>> {
    let mut lines = vec![(Vec::new(), Position::start(rules))];
    for _ in 0..plies {
        lines = lines
            .into_iter()
            .flat_map(|(line, position)| {
                position
                    .legal_moves()
                    .iter()
                    .filter_map(|&mv| {
                        let next = position.play(mv).ok()?;
                        let mut longer = line.clone();
                        longer.push(mv);
                        Some((longer, next))
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let mut lines: Vec<Vec<Move>> = lines.into_iter().map(|(line, _)| line).collect();
    lines.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    lines
}

/// Plays one game from `opening`; returns the report of that single game from A's side.
fn play_one(
    index: usize,
    a: Level,
    b: Level,
    a_seat: Seat,
    opening: &[Move],
    seed: u64,
    settings: &MatchSettings,
) -> MatchReport {
    let mut players = [
        Player::new(a, seed).with_budget(settings.budget),
        Player::new(b, seed ^ 0x5EED).with_budget(settings.budget_b.unwrap_or(settings.budget)),
    ];
    let mut report = MatchReport::default();
    let mut game = Game::new(Position::start(settings.rules));
    for &mv in opening {
        if game.play(mv).is_err() {
            break;
        }
    }
    while let Some(mover) = game.position().to_move() {
        let which = usize::from(mover != a_seat);
        let player = &mut players[which];
        let Some(thought) = player.think(game.position()) else {
            break;
        };
        if matches!(player.level(), Level::Hard | Level::Reference) {
            let timing = &mut report.timings[which];
            timing.moves.push(thought.elapsed);
            if thought.nodes > 0 && !thought.solved {
                timing.searched.push(thought.elapsed);
            }
        }
        if game.play(thought.best).is_err() {
            break;
        }
    }
    report.plies = u64::from(game.position().ply());
    report.games.push(GameSummary {
        index,
        opening: opening.to_vec(),
        a_seat,
        outcome: game.outcome(),
        plies: game.position().ply(),
    });
    match game.outcome() {
        Some(Outcome::Winner(seat)) if seat == a_seat => report.wins = 1,
        Some(Outcome::Winner(_)) => report.losses = 1,
        _ => report.draws = 1,
    }
    report
}

/// Plays `settings.games` games between A and B: each opening once with A as South and once
/// with A as North. With more games than openings, the openings come round again (with new
/// seeds for the players' random choices).
pub fn play_match(a: Level, b: Level, settings: &MatchSettings) -> MatchReport {
    let lines = openings(settings.rules, settings.opening_plies, settings.seed);
    let games = settings.games.div_ceil(2) as usize * 2;
    let next = AtomicUsize::new(0);
    let total = Mutex::new(MatchReport::default());
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= games || lines.is_empty() {
                    break;
                }
                let opening = &lines[(index / 2) % lines.len()];
                let a_seat = if index.is_multiple_of(2) {
                    Seat::South
                } else {
                    Seat::North
                };
                let seed = settings
                    .seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(index as u64);
                let report = play_one(index, a, b, a_seat, opening, seed, settings);
                if let Ok(mut total) = total.lock() {
                    total.add(&report);
                }
            });
        }
    });
    let mut report = total.into_inner().unwrap_or_default();
    report.games.sort_by_key(|g| g.index);
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_counted_by_the_points_a_scored_in_both_games() {
        let game = |index: usize, a_seat: Seat, winner: Option<Seat>| GameSummary {
            index,
            opening: Vec::new(),
            a_seat,
            outcome: Some(winner.map_or(Outcome::Draw, Outcome::Winner)),
            plies: 20,
        };
        let (s, n) = (Seat::South, Seat::North);
        let report = MatchReport {
            games: vec![
                // South wins both: shared.
                game(0, s, Some(s)),
                game(1, n, Some(s)),
                // A wins both: won.
                game(2, s, Some(s)),
                game(3, n, Some(n)),
                // A draws one and loses one: lost.
                game(4, s, None),
                game(5, n, Some(s)),
                // A wins one and draws one: won.
                game(6, s, None),
                game(7, n, Some(n)),
            ],
            ..MatchReport::default()
        };
        assert_eq!(
            report.pairs(),
            Pairs {
                won: 2,
                shared: 1,
                lost: 1
            }
        );
    }
}
