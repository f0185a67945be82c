//! Standings: points, then tie-breaks, with shared places where everything is equal.
//!
//! The tie-breaks are FIDE's (Handbook C.07, 2023), computed over finished games:
//! - **Buchholz**: the sum of the opponents' points. **Buchholz cut 1** leaves out the
//!   smallest of those values.
//! - **Sonneborn–Berger**: the sum of the points of the opponents a player beat, plus half the
//!   points of those they drew with.
//! - **Direct encounter**: among players equal on every earlier criterion, the points each
//!   scored in the games between them, if every two of them have met; otherwise it does not
//!   separate them.
//! - **Wins**: games won, a bye not counted.
//!
//! Rounds without a game (a bye, or absence: before a late entry, after a withdrawal, or a rest
//! in a round-robin of an odd number) count as FIDE's article 16 says: an opponent's unplayed
//! rounds count as draws when their points enter someone's Buchholz or Sonneborn–Berger, and a
//! player's own unplayed round counts as a game against a virtual opponent with the player's
//! own points so counted (for Sonneborn–Berger, times what the round gave: a bye scores).
//!
//! Order: a Swiss ranks by points, Buchholz cut 1, Buchholz, Sonneborn–Berger, direct
//! encounter, wins; a round-robin (where Buchholz says nothing) by points, direct encounter,
//! Sonneborn–Berger, wins.
//!
//! **Performance** is the average rating of the opponents met plus 400·log₁₀(p / (1 − p)) for
//! the fraction p of points scored, held within ±800: the Elo relation FIDE's table of rating
//! differences tabulates.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::{Entrant, PlayerId, Points, Record, Round};

/// How the tournament pairs its rounds, which decides the order of the tie-breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Swiss rounds.
    Swiss,
    /// Everyone against everyone.
    RoundRobin,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The player.
    pub id: PlayerId,
    /// Their place: one more than the number of players strictly ahead (1, 2, 2, 4).
    pub place: u32,
    /// Points, byes included.
    pub points: Points,
    /// Buchholz.
    pub buchholz: Points,
    /// Buchholz cut 1.
    pub buchholz_cut1: Points,
    /// Sonneborn–Berger, in points (quarters are possible).
    pub sonneborn_berger: f64,
    /// Direct encounter among those tied before it (0 when it does not apply).
    pub direct_encounter: Points,
    /// Games won on the board.
    pub wins: u32,
    /// Finished games played.
    pub games: u32,
    /// The seeding rating.
    pub rating: f64,
    /// Performance rating, once a game is finished.
    pub performance: Option<f64>,
}

/// The standings of `entrants` (everyone who entered, withdrawn players too) after `rounds`,
/// best first.
pub fn standings(entrants: &[Entrant], rounds: &[Round], system: System) -> Vec<Standing> {
    let records: HashMap<PlayerId, Record> = entrants
        .iter()
        .map(|e| (e.id, Record::of(e.id, rounds)))
        .collect();
    let ratings: HashMap<PlayerId, f64> = entrants.iter().map(|e| (e.id, e.rating)).collect();
    let total = rounds.len() as u32;
    // Points for opponents' tie-breaks: unplayed rounds as draws.
    let adjusted: HashMap<PlayerId, Points> = records
        .iter()
        .map(|(&id, r)| {
            let finished: Vec<Points> = r.games.iter().filter_map(|g| g.2).collect();
            let unplayed = total - finished.len() as u32;
            (id, finished.into_iter().sum::<Points>() + Points(unplayed))
        })
        .collect();

    let mut table: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let record = &records[&e.id];
            let finished: Vec<(PlayerId, Points)> = record
                .games
                .iter()
                .filter_map(|&(o, _, p)| p.map(|p| (o, p)))
                .collect();
            let own = adjusted[&e.id];
            let unplayed = total - finished.len() as u32;
            let mut contributions: Vec<Points> =
                finished.iter().map(|(o, _)| adjusted[o]).collect();
            contributions.extend((0..unplayed).map(|_| own));
            let buchholz: Points = contributions.iter().copied().sum();
            let lowest = contributions.iter().copied().min().unwrap_or_default();
            // In quarter-points: opponent's half-points times own half-points.
            let sb_quarters: u32 = finished
                .iter()
                .map(|(o, p)| adjusted[o].0 * p.0)
                .sum::<u32>()
                + own.0 * Points::WIN.0 * record.byes;
            let scored: Points = finished.iter().map(|(_, p)| *p).sum();
            let performance = (!finished.is_empty()).then(|| {
                let average =
                    finished.iter().map(|(o, _)| ratings[o]).sum::<f64>() / finished.len() as f64;
                let fraction = f64::from(scored.0) / (2.0 * finished.len() as f64);
                let difference = if fraction <= 0.0 {
                    -800.0
                } else if fraction >= 1.0 {
                    800.0
                } else {
                    (400.0 * (fraction / (1.0 - fraction)).log10()).clamp(-800.0, 800.0)
                };
                average + difference
            });
            Standing {
                id: e.id,
                place: 0,
                points: record.points,
                buchholz,
                buchholz_cut1: Points(buchholz.0 - lowest.0),
                sonneborn_berger: f64::from(sb_quarters) / 4.0,
                direct_encounter: Points::ZERO,
                wins: finished.iter().filter(|(_, p)| *p == Points::WIN).count() as u32,
                games: finished.len() as u32,
                rating: e.rating,
                performance,
            }
        })
        .collect();

    let before_encounter = |a: &Standing, b: &Standing| match system {
        System::Swiss => b
            .points
            .cmp(&a.points)
            .then(b.buchholz_cut1.cmp(&a.buchholz_cut1))
            .then(b.buchholz.cmp(&a.buchholz))
            .then(b.sonneborn_berger.total_cmp(&a.sonneborn_berger)),
        System::RoundRobin => b.points.cmp(&a.points),
    };
    table.sort_by(|a, b| before_encounter(a, b));
    direct_encounters(&mut table, &records, before_encounter);
    let full = |a: &Standing, b: &Standing| -> Ordering {
        let after = match system {
            System::Swiss => Ordering::Equal,
            System::RoundRobin => b.sonneborn_berger.total_cmp(&a.sonneborn_berger),
        };
        before_encounter(a, b)
            .then(b.direct_encounter.cmp(&a.direct_encounter))
            .then(after)
            .then(b.wins.cmp(&a.wins))
    };
    table.sort_by(|a, b| {
        full(a, b)
            .then(b.rating.total_cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    for i in 0..table.len() {
        table[i].place = if i > 0 && full(&table[i - 1], &table[i]) == Ordering::Equal {
            table[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    table
}

/// Fills in the direct encounter of each group of players equal by `equal` (the table is
/// sorted by it) whose members have all met each other.
fn direct_encounters(
    table: &mut [Standing],
    records: &HashMap<PlayerId, Record>,
    equal: impl Fn(&Standing, &Standing) -> Ordering,
) {
    let mut start = 0;
    while start < table.len() {
        let mut end = start + 1;
        while end < table.len() && equal(&table[start], &table[end]) == Ordering::Equal {
            end += 1;
        }
        let group: Vec<PlayerId> = table[start..end].iter().map(|s| s.id).collect();
        let all_met = group.iter().all(|a| {
            group
                .iter()
                .all(|b| a == b || records[a].games.iter().any(|g| g.0 == *b && g.2.is_some()))
        });
        if group.len() > 1 && all_met {
            for s in &mut table[start..end] {
                s.direct_encounter = records[&s.id]
                    .games
                    .iter()
                    .filter(|g| group.contains(&g.0))
                    .filter_map(|g| g.2)
                    .sum();
            }
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Outcome, Pairing};

    fn game(first: PlayerId, second: PlayerId, outcome: Outcome) -> Pairing {
        Pairing {
            outcome: Some(outcome),
            ..Pairing::new(first, second)
        }
    }

    fn entrant(id: PlayerId, rating: f64) -> Entrant {
        Entrant { id, rating }
    }

    /// A 4-player round-robin worked by hand:
    /// R1: 1–4 draw, 2–3 (2 wins); R2: 4–3 (3 wins), 1–2 (1 wins); R3: 2–4 (4 wins), 3–1 draw.
    /// Points: 1: ½+1+½ = 2; 2: 1+0+0 = 1; 3: 0+1+½ = 1½; 4: ½+0+1 = 1½.
    /// SB: 1 = ½·1½(4) + 1·1(2) + ½·1½(3) = 2.5; 3 = 1·1½(4) + ½·2(1) = 2.5;
    /// 4 = ½·2(1) + 1·1(2) = 2. So 3 and 4 are tied on 1½: they met (4–3, 3 won), so direct
    /// encounter puts 3 ahead before Sonneborn–Berger.
    #[test]
    fn a_round_robin_worked_by_hand() {
        use Outcome::*;
        let entrants = [
            entrant(1, 1600.0),
            entrant(2, 1500.0),
            entrant(3, 1400.0),
            entrant(4, 1300.0),
        ];
        let rounds = vec![
            Round {
                games: vec![game(1, 4, Draw), game(2, 3, FirstWins)],
                byes: vec![],
            },
            Round {
                games: vec![game(4, 3, SecondWins), game(1, 2, FirstWins)],
                byes: vec![],
            },
            Round {
                games: vec![game(2, 4, SecondWins), game(3, 1, Draw)],
                byes: vec![],
            },
        ];
        let table = standings(&entrants, &rounds, System::RoundRobin);
        let line: Vec<(PlayerId, u32, Points, f64, Points)> = table
            .iter()
            .map(|s| {
                (
                    s.id,
                    s.place,
                    s.points,
                    s.sonneborn_berger,
                    s.direct_encounter,
                )
            })
            .collect();
        assert_eq!(
            line,
            vec![
                (1, 1, Points(4), 2.5, Points(0)),
                (3, 2, Points(3), 2.5, Points(2)),
                (4, 3, Points(3), 2.0, Points(0)),
                (2, 4, Points(2), 1.5, Points(0)),
            ]
        );
        // Player 1 scored 2 of 3 against opponents averaging 1400: 1400 + 400·log10(2).
        let performance = table[0].performance.expect("played");
        assert!((performance - (1400.0 + 400.0 * 2f64.log10())).abs() < 1e-9);
    }

    /// A 5-player Swiss of 2 rounds worked by hand, with a bye and a withdrawal:
    /// R1: 1–4 (1 wins), 2–5 draw, 3 bye. R2: 3–1 (1 wins), 5–4 (4 wins), 2 withdrew (absent).
    /// Points: 1: 2 (4 half), 2: ½, 3: 1, 4: 1, 5: ½.
    /// Adjusted points (unplayed rounds as draws): 1: 4, 2: 1+1 = 2, 3: 0+1 = 1, 4: 2, 5: 1.
    /// Buchholz: 1 = 4's 2 + 3's 1 = 3 (half-points) → 1½; 3 = own 1 (bye) + 1's 4 = 5 → 2½;
    /// 4 = 1's 4 + 5's 1 = 5 → 2½; 2 = 5's 1 + own 2 (absence) = 3 → 1½; 5 = 2's 2 + 4's 2 = 4 → 2.
    /// Cut 1 drops each one's smallest: 1: 3 − 1 = 2; 3: 5 − 1 = 4; 4: 5 − 1 = 4; 2: 3 − 1 = 2;
    /// 5: 4 − 2 = 2 (all in half-points).
    #[test]
    fn a_swiss_with_a_bye_and_a_withdrawal_worked_by_hand() {
        use Outcome::*;
        let entrants: Vec<Entrant> = (1..=5).map(|id| entrant(id, 2000.0 - id as f64)).collect();
        let rounds = vec![
            Round {
                games: vec![game(1, 4, FirstWins), game(2, 5, Draw)],
                byes: vec![3],
            },
            Round {
                games: vec![game(3, 1, SecondWins), game(5, 4, SecondWins)],
                byes: vec![],
            },
        ];
        let table = standings(&entrants, &rounds, System::Swiss);
        let line: Vec<(PlayerId, u32, Points, Points, Points)> = table
            .iter()
            .map(|s| (s.id, s.place, s.points, s.buchholz_cut1, s.buchholz))
            .collect();
        assert_eq!(
            line,
            vec![
                (1, 1, Points(4), Points(2), Points(3)),
                (4, 2, Points(2), Points(4), Points(5)),
                (3, 3, Points(2), Points(4), Points(5)),
                (5, 4, Points(1), Points(2), Points(4)),
                (2, 5, Points(1), Points(2), Points(3)),
            ]
        );
        // 3 and 4 are equal down to Sonneborn–Berger (3: bye, own 1 × 2 = 2 quarters, and a
        // loss; 4: beat 5, 1 × 2 = 2 quarters, and a loss), never met, and 4 won a game on
        // the board where 3 had a bye: wins put 4 ahead.
        assert_eq!(table[1].sonneborn_berger, 0.5);
        assert_eq!(table[2].sonneborn_berger, 0.5);
        assert_eq!((table[1].wins, table[2].wins), (1, 0));
        assert_eq!(table[4].games, 1);
    }
}
