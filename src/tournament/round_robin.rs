//! Round-robin schedules by Berger tables, as FIDE publishes them (Handbook C.05, Annex 1).
//!
//! Players are numbered 1 to n in seeding order; with an odd n a dummy n + 1 is added and
//! whoever meets it rests that round. With m = n − 1 for even n: in round r, players i and j
//! (both below n) meet when i + j ≡ r + 1 (mod m); the lower number has the first move when
//! i + j is odd, the higher when it is even. Player n meets the k with 2k ≡ r + 1 (mod m), and
//! has the second move in odd rounds, the first in even ones. This reproduces FIDE's tables
//! exactly (see the tests), so everyone gets the first move ⌈(n−1)/2⌉ or ⌊(n−1)/2⌋ times.
//! A double round-robin plays the same schedule again with the sides swapped.

use super::round::{Entrant, Pairing, Round};

/// Every round of a round-robin among `entrants` (in seeding order), with no results yet.
pub fn schedule(entrants: &[Entrant], double: bool) -> Vec<Round> {
    let numbered = berger(entrants.len());
    let cycle = numbered.iter().map(|round| Round {
        games: round
            .iter()
            .map(|&(a, b)| Pairing::new(entrants[a].id, entrants[b].id))
            .collect(),
        byes: Vec::new(),
    });
    let mut rounds: Vec<Round> = cycle.clone().collect();
    if double {
        rounds.extend(cycle.map(|round| {
            Round {
                games: round
                    .games
                    .iter()
                    .map(|g| Pairing::new(g.second, g.first))
                    .collect(),
                byes: Vec::new(),
            }
        }));
    }
    rounds
}

/// FIDE's Berger table for `players` players: each round's games as (first, second)
/// 0-based seeding indices, board 1 first; a player who meets the dummy of an odd count rests.
pub fn berger(players: usize) -> Vec<Vec<(usize, usize)>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    // 1-based residues in 1..=m.
    let residue = |x: usize| (x - 1) % m + 1;
    (1..=m)
        .map(|r| {
            let mut games = Vec::with_capacity(n / 2);
            let k = (1..=m)
                .find(|&k| residue(2 * k) == residue(r + 1))
                .unwrap_or(1);
            let (first, second) = if r % 2 == 1 { (k, n) } else { (n, k) };
            games.push((first, second));
            for i in 1..=m {
                for j in i + 1..=m {
                    if residue(i + j) == residue(r + 1) {
                        games.push(if (i + j) % 2 == 1 { (i, j) } else { (j, i) });
                    }
                }
            }
            games
                .into_iter()
                .filter(|&(a, b)| a <= players && b <= players)
                .map(|(a, b)| (a - 1, b - 1))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The table as FIDE prints it, 1-based, boards in any order.
    fn table(players: usize) -> Vec<HashSet<(usize, usize)>> {
        berger(players)
            .into_iter()
            .map(|round| round.into_iter().map(|(a, b)| (a + 1, b + 1)).collect())
            .collect()
    }

    fn set(pairs: &[(usize, usize)]) -> HashSet<(usize, usize)> {
        pairs.iter().copied().collect()
    }

    #[test]
    fn four_and_six_players_match_fides_tables() {
        assert_eq!(
            table(4),
            vec![
                set(&[(1, 4), (2, 3)]),
                set(&[(4, 3), (1, 2)]),
                set(&[(2, 4), (3, 1)]),
            ]
        );
        assert_eq!(
            table(6),
            vec![
                set(&[(1, 6), (2, 5), (3, 4)]),
                set(&[(6, 4), (5, 3), (1, 2)]),
                set(&[(2, 6), (3, 1), (4, 5)]),
                set(&[(6, 5), (1, 4), (2, 3)]),
                set(&[(3, 6), (4, 2), (5, 1)]),
            ]
        );
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_sides() {
        for players in 2..=20 {
            let rounds = berger(players);
            let mut met = HashSet::new();
            let mut firsts = vec![0usize; players];
            for round in &rounds {
                let mut seen = HashSet::new();
                for &(a, b) in round {
                    assert!(
                        seen.insert(a) && seen.insert(b),
                        "{players}: twice in a round"
                    );
                    assert!(met.insert((a.min(b), a.max(b))), "{players}: a rematch");
                    firsts[a] += 1;
                }
                assert_eq!(round.len(), players / 2);
            }
            assert_eq!(met.len(), players * (players - 1) / 2);
            let games = players - 1;
            for f in firsts {
                assert!(
                    f == games / 2 || f == games.div_ceil(2),
                    "{players}: {f} firsts"
                );
            }
        }
    }

    #[test]
    fn a_double_round_robin_swaps_sides_in_its_second_cycle() {
        use crate::tournament::PlayerId;
        let entrants: Vec<Entrant> = (10..15)
            .map(|id| Entrant {
                id: PlayerId::new(id),
                rating: 1500.0,
            })
            .collect();
        let rounds = schedule(&entrants, true);
        assert_eq!(rounds.len(), 10);
        for (a, b) in rounds[..5].iter().zip(&rounds[5..]) {
            let swapped: Vec<_> = b.games.iter().map(|g| (g.second, g.first)).collect();
            let original: Vec<_> = a.games.iter().map(|g| (g.first, g.second)).collect();
            assert_eq!(swapped, original);
        }
    }
}
