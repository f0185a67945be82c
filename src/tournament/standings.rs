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
//! Rounds without a game are read as FIDE's article 16 (2023) reads them, the way FIDE's own
//! tie-break program (the Technical Commission's TieBreakServer) computes it. The bot has three
//! kinds of such rounds: a **bye** (a pairing-allocated bye: a point), an **absence** (before a
//! late entry, after a withdrawal, or a rest in a round-robin of an odd number: no points), and
//! a **game still in progress**, which counts for nothing until its result is in. The bot has no
//! forfeits: a game that starts is played, and a loss on time is a game lost. Then:
//! - **A player's own round without a game** counts, in their Buchholz, as a game against a
//!   dummy opponent with the player's own final points; in their Sonneborn–Berger, that value
//!   times what the round gave them (a bye 1, an absence 0).
//! - **An opponent's points**, where they enter someone's Buchholz or Sonneborn–Berger, are their
//!   points as scored (a bye's point included), except that their absences after the last round
//!   they played or had a bye in (a withdrawal) count as draws.
//! - **Cut 1** leaves out a round of absence (a voluntarily unplayed round) before any other, the
//!   lowest of them first; without one, the smallest value.
//! - Direct encounter, wins and performance count games played only.
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

use super::round::{Entrant, PlayerId, Points, Record, Round};

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

/// What one player did in one round, as the tie-breaks read it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Slot {
    /// A game against `opponent`, with the points scored once it is over.
    Game {
        opponent: PlayerId,
        points: Option<Points>,
    },
    /// A pairing-allocated bye: a point without a game.
    Bye,
    /// No game and no bye: before a late entry, after a withdrawal, or a rest.
    Absent,
}

/// Each round of `player`, in order.
fn slots(player: PlayerId, rounds: &[Round]) -> Vec<Slot> {
    rounds
        .iter()
        .map(|round| {
            if round.byes.contains(&player) {
                Slot::Bye
            } else if let Some(game) = round.game_of(player) {
                Slot::Game {
                    opponent: game.side_of(player).map_or(player, |(o, _)| o),
                    points: game.points_of(player),
                }
            } else {
                Slot::Absent
            }
        })
        .collect()
}

/// A player's points as they enter an opponent's Buchholz or Sonneborn–Berger: as scored,
/// except the absences after the last round with a game or a bye (a withdrawal), which count
/// as draws (FIDE C.07 article 16).
fn points_for_opponents(slots: &[Slot]) -> Points {
    let last_present = slots
        .iter()
        .rposition(|s| !matches!(s, Slot::Absent))
        .map_or(0, |i| i + 1);
    slots
        .iter()
        .enumerate()
        .map(|(i, slot)| match slot {
            Slot::Game { points, .. } => points.unwrap_or_default(),
            Slot::Bye => Points::WIN,
            Slot::Absent if i >= last_present => Points::DRAW,
            Slot::Absent => Points::ZERO,
        })
        .sum()
}

/// One round's part of a player's Buchholz and Sonneborn–Berger.
#[derive(Debug, Clone, Copy)]
struct Contribution {
    /// The opponent's (or the dummy's) points, in half-points.
    value: Points,
    /// That value times the player's result, in quarter-points.
    sb_quarters: u32,
    /// A round of absence, which cut 1 leaves out first.
    voluntary: bool,
}

/// Buchholz cut 1 of `contributions`: a round of absence goes first (the lowest of them), else
/// the smallest value.
fn cut_one(contributions: &[Contribution]) -> Points {
    let total: Points = contributions.iter().map(|c| c.value).sum();
    let cut = contributions
        .iter()
        .filter(|c| c.voluntary)
        .map(|c| c.value)
        .min()
        .or_else(|| contributions.iter().map(|c| c.value).min())
        .unwrap_or_default();
    Points(total.0 - cut.0)
}

/// The standings of `entrants` (everyone who entered, withdrawn players too) after `rounds`,
/// best first.
pub fn standings(entrants: &[Entrant], rounds: &[Round], system: System) -> Vec<Standing> {
    let records: HashMap<PlayerId, Record> = entrants
        .iter()
        .map(|e| (e.id, Record::of(e.id, rounds)))
        .collect();
    let slots: HashMap<PlayerId, Vec<Slot>> = entrants
        .iter()
        .map(|e| (e.id, slots(e.id, rounds)))
        .collect();
    let ratings: HashMap<PlayerId, f64> = entrants.iter().map(|e| (e.id, e.rating)).collect();
    let for_opponents: HashMap<PlayerId, Points> = slots
        .iter()
        .map(|(&id, s)| (id, points_for_opponents(s)))
        .collect();
    let opponent_value = |o: &PlayerId| for_opponents.get(o).copied().unwrap_or_default();

    let mut table: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let record = &records[&e.id];
            let own = record.points;
            let finished: Vec<(PlayerId, Points)> = slots[&e.id]
                .iter()
                .filter_map(|s| match *s {
                    Slot::Game {
                        opponent,
                        points: Some(p),
                    } => Some((opponent, p)),
                    _ => None,
                })
                .collect();
            let contributions: Vec<Contribution> = slots[&e.id]
                .iter()
                .filter_map(|s| match *s {
                    Slot::Game {
                        opponent,
                        points: Some(p),
                    } => Some(Contribution {
                        value: opponent_value(&opponent),
                        sb_quarters: opponent_value(&opponent).0 * p.0,
                        voluntary: false,
                    }),
                    Slot::Game { points: None, .. } => None,
                    Slot::Bye => Some(Contribution {
                        value: own,
                        sb_quarters: own.0 * Points::WIN.0,
                        voluntary: false,
                    }),
                    Slot::Absent => Some(Contribution {
                        value: own,
                        sb_quarters: 0,
                        voluntary: true,
                    }),
                })
                .collect();
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
                points: own,
                buchholz: contributions.iter().map(|c| c.value).sum(),
                buchholz_cut1: cut_one(&contributions),
                sonneborn_berger: f64::from(
                    contributions.iter().map(|c| c.sb_quarters).sum::<u32>(),
                ) / 4.0,
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

    /// A game between players numbered `first` and `second`.
    fn game(first: u64, second: u64, outcome: Outcome) -> Pairing {
        Pairing {
            outcome: Some(outcome),
            ..Pairing::new(PlayerId::new(first), PlayerId::new(second))
        }
    }

    fn entrant(id: u64, rating: f64) -> Entrant {
        Entrant {
            id: PlayerId::new(id),
            rating,
        }
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
        let line: Vec<(u64, u32, Points, f64, Points)> = table
            .iter()
            .map(|s| {
                (
                    s.id.get(),
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

    /// The standings as (id, place, points, Buchholz cut 1, Buchholz, Sonneborn–Berger).
    fn lines(table: &[Standing]) -> Vec<(u64, u32, Points, Points, Points, f64)> {
        table
            .iter()
            .map(|s| {
                (
                    s.id.get(),
                    s.place,
                    s.points,
                    s.buchholz_cut1,
                    s.buchholz,
                    s.sonneborn_berger,
                )
            })
            .collect()
    }

    /// A 5-player Swiss of 2 rounds worked by hand, with a bye and a withdrawal:
    /// R1: 1–4 (1 wins), 2–5 draw, 3 bye. R2: 3–1 (1 wins), 5–4 (4 wins), 2 withdrew (absent).
    /// Points (half-points): 1: 4, 2: 1, 3: 2 (the bye), 4: 2, 5: 1.
    /// Points as opponents see them: as scored, but 2's absence after its last game counts as
    /// a draw: 1: 4, 2: 1 + 1 = 2, 3: 2 (the bye's point as it is), 4: 2, 5: 1.
    /// Buchholz: 1 = 4's 2 + 3's 2 = 4; 2 = 5's 1 + a dummy with 2's own 1 (absence) = 2;
    /// 3 = a dummy with 3's own 2 (bye) + 1's 4 = 6; 4 = 1's 4 + 5's 1 = 5; 5 = 2's 2 + 4's 2 = 4.
    /// Cut 1: the absence first (2 drops its dummy's 1), else the smallest value:
    /// 1: 2; 2: 1; 3: 4; 4: 4; 5: 2. So 3 passes 4 on Buchholz (6 against 5), and 5 passes 2 on
    /// cut 1. Sonneborn–Berger (quarters): 3 = 2 × 2 (bye) = 4 → 1; 4 = 1 × 2 (beat 5) → ½;
    /// 1 = 2 × 2 + 2 × 2 = 8 → 2; 5 = 2 × 1 + 2 × 0 = 2 → ½; 2 = 1 × 1 + 0 (absence) → ¼.
    #[test]
    fn a_swiss_with_a_bye_and_a_withdrawal_worked_by_hand() {
        use Outcome::*;
        let entrants: Vec<Entrant> = (1..=5).map(|id| entrant(id, 2000.0 - id as f64)).collect();
        let rounds = vec![
            Round {
                games: vec![game(1, 4, FirstWins), game(2, 5, Draw)],
                byes: vec![PlayerId::new(3)],
            },
            Round {
                games: vec![game(3, 1, SecondWins), game(5, 4, SecondWins)],
                byes: vec![],
            },
        ];
        let table = standings(&entrants, &rounds, System::Swiss);
        assert_eq!(
            lines(&table),
            vec![
                (1, 1, Points(4), Points(2), Points(4), 2.0),
                (3, 2, Points(2), Points(4), Points(6), 1.0),
                (4, 3, Points(2), Points(4), Points(5), 0.5),
                (5, 4, Points(1), Points(2), Points(4), 0.5),
                (2, 5, Points(1), Points(1), Points(2), 0.25),
            ]
        );
        assert_eq!((table[1].wins, table[2].wins), (0, 1));
        assert_eq!(table[4].games, 1);
    }

    /// Issue 47's event: a 7-player Swiss of 3 rounds with three players on 2 points.
    /// An (1): draw Dũng, beat Bình, draw Giang. Giang (6): beat Chi, draw Hoa, draw An.
    /// Hoa (7): bye, draw Giang, draw Bình. The others: Bình (2) beat Em, drew Hoa: 1½;
    /// Chi (3) drew Dũng, bye: 1½; Dũng (4) drew An, Chi, Em: 1½; Em (5) bye, drew Dũng: 1½.
    /// FIDE's reading (the bye's point as it is, Hoa's own bye a dummy with Hoa's own 2):
    /// Hoa: Buchholz 2 + 2 + 1½ = 5½, cut 1 4, Sonneborn–Berger 2 × 1 + 2 × ½ + 1½ × ½ = 3¾;
    /// Giang: 1½ + 2 + 2 = 5½, cut 1 4, 1½ × 1 + 2 × ½ + 2 × ½ = 3½; An: 5, 3½, 3¼.
    /// Hoa wins on Sonneborn–Berger, as FIDE's own tie-break program ranks it.
    #[test]
    fn issue_47_the_bye_counts_as_it_scored_and_hoa_wins() {
        use Outcome::*;
        let (an, binh, chi, dung, em, giang, hoa) = (1, 2, 3, 4, 5, 6, 7);
        let entrants: Vec<Entrant> = (1..=7).map(|id| entrant(id, 1500.0)).collect();
        let rounds = vec![
            Round {
                games: vec![
                    game(an, dung, Draw),
                    game(giang, chi, FirstWins),
                    game(binh, em, FirstWins),
                ],
                byes: vec![PlayerId::new(hoa)],
            },
            Round {
                games: vec![
                    game(an, binh, FirstWins),
                    game(giang, hoa, Draw),
                    game(dung, chi, Draw),
                ],
                byes: vec![PlayerId::new(em)],
            },
            Round {
                games: vec![
                    game(an, giang, Draw),
                    game(hoa, binh, Draw),
                    game(em, dung, Draw),
                ],
                byes: vec![PlayerId::new(chi)],
            },
        ];
        let table = standings(&entrants, &rounds, System::Swiss);
        assert_eq!(
            lines(&table)[..3],
            [
                (hoa, 1, Points(4), Points(8), Points(11), 3.75),
                (giang, 2, Points(4), Points(8), Points(11), 3.5),
                (an, 3, Points(4), Points(7), Points(10), 3.25),
            ]
        );
    }

    /// A 6-player Swiss of 3 rounds worked by hand with a bye, a late entry and a withdrawal:
    /// R1: 1–2 (1 wins), 3–4 draw, 5 bye, 6 not entered yet. R2 (6 enters): 1–3 draw,
    /// 2–5 (2 wins), 4–6 (6 wins). R3 (5 withdrew): 1–6 (1 wins), 2–3 draw, 4 bye.
    /// Points (half-points): 1: 5, 2: 3, 3: 3, 4: 3 (a bye), 5: 2 (a bye), 6: 2.
    /// As opponents see them: 5's absence after its last game is a draw (2 + 1 = 3); 6's
    /// absence before its entry counts as scored (0): 1: 5, 2: 3, 3: 3, 4: 3, 5: 3, 6: 2.
    /// Buchholz / cut 1 / Sonneborn–Berger (quarters):
    /// 1: 3 + 3 + 2 = 8 / 6 / 3×2 + 3×1 + 2×2 = 13; 2: 5 + 3 + 3 = 11 / 8 / 0 + 3×2 + 3×1 = 9;
    /// 3: 3 + 5 + 3 = 11 / 8 / 3 + 5 + 3 = 11; 4: 3 + 2 + own 3 (bye) = 8 / 6 / 3 + 0 + 3×2 = 9;
    /// 5: own 2 (bye) + 3 + own 2 (absence) = 7 / 5 (the absence is cut first) / 2×2 + 0 + 0 = 4;
    /// 6: own 2 (absence) + 3 + 5 = 10 / 8 (the absence is cut) / 0 + 3×2 + 0 = 6.
    /// Order: 1; then 3, 2 (equal to Buchholz, 3 ahead on Sonneborn–Berger), 4 (cut 1 6); then
    /// 6 (cut 1 8) before 5 (5).
    #[test]
    fn a_swiss_with_a_bye_a_late_entry_and_a_withdrawal_worked_by_hand() {
        use Outcome::*;
        let entrants: Vec<Entrant> = (1..=6).map(|id| entrant(id, 2000.0 - id as f64)).collect();
        let rounds = vec![
            Round {
                games: vec![game(1, 2, FirstWins), game(3, 4, Draw)],
                byes: vec![PlayerId::new(5)],
            },
            Round {
                games: vec![
                    game(1, 3, Draw),
                    game(2, 5, FirstWins),
                    game(4, 6, SecondWins),
                ],
                byes: vec![],
            },
            Round {
                games: vec![game(1, 6, FirstWins), game(2, 3, Draw)],
                byes: vec![PlayerId::new(4)],
            },
        ];
        let table = standings(&entrants, &rounds, System::Swiss);
        assert_eq!(
            lines(&table),
            vec![
                (1, 1, Points(5), Points(6), Points(8), 3.25),
                (3, 2, Points(3), Points(8), Points(11), 2.75),
                (2, 3, Points(3), Points(8), Points(11), 2.25),
                (4, 4, Points(3), Points(6), Points(8), 2.25),
                (6, 5, Points(2), Points(8), Points(10), 1.5),
                (5, 6, Points(2), Points(5), Points(7), 1.0),
            ]
        );
    }

    /// A game still in progress counts for nothing yet: not as an unplayed round.
    #[test]
    fn a_game_in_progress_counts_for_nothing() {
        use Outcome::*;
        let entrants: Vec<Entrant> = (1..=4).map(|id| entrant(id, 1500.0)).collect();
        let rounds = vec![
            Round {
                games: vec![game(1, 2, FirstWins), game(3, 4, Draw)],
                byes: vec![],
            },
            Round {
                games: vec![
                    Pairing::new(PlayerId::new(1), PlayerId::new(3)),
                    game(2, 4, Draw),
                ],
                byes: vec![],
            },
        ];
        let table = standings(&entrants, &rounds, System::Swiss);
        let one = table.iter().find(|s| s.id.get() == 1).expect("player 1");
        // Only 2's points (½ + ... = 1 half-point from the draw with 4) enter 1's Buchholz.
        assert_eq!(
            (one.points, one.buchholz, one.games),
            (Points(2), Points(1), 1)
        );
    }
}
