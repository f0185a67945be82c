//! Swiss pairing properties over random tournaments: everyone plays once a round, nobody
//! meets an opponent twice or has two byes while that can be avoided, the bye goes to the
//! lowest score that can take it, and nobody's side difference passes 2.

use std::collections::{HashMap, HashSet};

use oaq_bot::tournament::{swiss, Colour, Entrant, Outcome, PlayerId, Points, Round};
use proptest::prelude::*;

/// One simulated event: who withdraws after which round, and every game's result.
#[derive(Debug, Clone)]
struct Event {
    players: u64,
    rounds: usize,
    withdrawals: Vec<(usize, u64)>,
    late: Vec<(usize, u64)>,
    seed: u64,
}

fn events() -> impl Strategy<Value = Event> {
    (9u64..=48, 3usize..=7, any::<u64>())
        .prop_flat_map(|(players, rounds, seed)| {
            (
                Just(players),
                Just(rounds),
                proptest::collection::vec((1..rounds, 1..=players), 0..3),
                proptest::collection::vec((1..rounds, 1u64..=2), 0..2),
                Just(seed),
            )
        })
        .prop_map(|(players, rounds, withdrawals, late, seed)| Event {
            players,
            rounds,
            withdrawals,
            late: late
                .into_iter()
                .enumerate()
                .map(|(k, (round, _))| (round, 1000 + k as u64))
                .collect(),
            seed,
        })
}

/// A small deterministic generator for results (xorshift).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `player`'s points over `history`, byes included.
fn points(player: PlayerId, history: &[Round]) -> Points {
    history
        .iter()
        .map(|h| {
            if h.byes.contains(&player) {
                Points::WIN
            } else {
                h.game_of(player)
                    .and_then(|g| g.points_of(player))
                    .unwrap_or_default()
            }
        })
        .sum()
}

/// The side `player` must have next (FIDE's absolute colour preference), if any: after a
/// side difference of 2, or the same side twice in a row.
fn must_have(player: PlayerId, history: &[Round]) -> Option<Colour> {
    let sides: Vec<Colour> = history
        .iter()
        .filter_map(|h| h.game_of(player).and_then(|g| g.side_of(player)))
        .map(|(_, side)| side)
        .collect();
    let difference: i32 = sides
        .iter()
        .map(|s| if *s == Colour::First { 1 } else { -1 })
        .sum();
    match sides[..] {
        _ if difference >= 2 => Some(Colour::Second),
        _ if difference <= -2 => Some(Colour::First),
        [.., a, b] if a == b => Some(b.other()),
        _ => None,
    }
}

/// Whether two players may meet: not met before, and not both bound to the same side.
fn may_meet(a: PlayerId, b: PlayerId, history: &[Round]) -> bool {
    let met = history
        .iter()
        .any(|h| h.game_of(a).and_then(|g| g.side_of(b)).is_some());
    let clash = matches!(
        (must_have(a, history), must_have(b, history)),
        (Some(x), Some(y)) if x == y
    );
    !met && !clash
}

/// Whether `players` can all be paired with players they may meet (a perfect matching).
fn pairable(players: &[PlayerId], history: &[Round]) -> bool {
    let n = players.len();
    let mut weights = vec![0i64; n * n];
    for i in 0..n {
        for j in i + 1..n {
            weights[i * n + j] = i64::from(may_meet(players[i], players[j], history));
        }
    }
    integer_blossom::max_weight_matching(&weights, n)
        .iter()
        .all(Option::is_some)
}

/// Plays the event: pairs each round among the active players and gives each game a random
/// result, checking each round as it is paired.
fn play(event: &Event) -> Result<(), TestCaseError> {
    let mut active: Vec<Entrant> = (1..=event.players)
        .map(|id| Entrant {
            id: PlayerId::new(id),
            rating: 1000.0 + ((id * 7919) % 1000) as f64,
        })
        .collect();
    let mut history: Vec<Round> = Vec::new();
    let mut state = event.seed | 1;
    for r in 0..event.rounds {
        for &(round, id) in &event.withdrawals {
            if round == r && active.len() > 4 {
                active.retain(|e| e.id != PlayerId::new(id));
            }
        }
        for &(round, id) in &event.late {
            if round == r {
                active.push(Entrant {
                    id: PlayerId::new(id),
                    rating: 1500.0,
                });
            }
        }
        let mut round = swiss::pair(&active, &history);

        let mut seen = HashSet::new();
        for g in &round.games {
            prop_assert!(
                seen.insert(g.first) && seen.insert(g.second),
                "twice in round {r}"
            );
        }
        for b in &round.byes {
            prop_assert!(seen.insert(*b), "a bye and a game in round {r}");
        }

        // The bye goes to the lowest score that can take it: when the round pairs everyone
        // else cleanly (no rematch, no second bye, no two players bound to the same side), no
        // player with fewer points and no bye yet could have had it with the rest still
        // paired cleanly.
        let clean = round
            .games
            .iter()
            .all(|g| may_meet(g.first, g.second, &history))
            && round
                .byes
                .iter()
                .all(|b| !history.iter().any(|h| h.byes.contains(b)));
        if let (true, [bye]) = (clean, &round.byes[..]) {
            let bye_points = points(*bye, &history);
            for candidate in &active {
                let lower = points(candidate.id, &history) < bye_points;
                let free = !history.iter().any(|h| h.byes.contains(&candidate.id));
                if lower && free {
                    let rest: Vec<PlayerId> = active
                        .iter()
                        .map(|e| e.id)
                        .filter(|&id| id != candidate.id)
                        .collect();
                    prop_assert!(
                        !pairable(&rest, &history),
                        "round {}: the bye went to {} ({}) while {} ({}) could take it",
                        r,
                        bye,
                        bye_points,
                        candidate.id,
                        points(candidate.id, &history)
                    );
                }
            }
        }
        let ids: HashSet<PlayerId> = active.iter().map(|e| e.id).collect();
        prop_assert_eq!(&seen, &ids, "round {} leaves someone out", r);
        prop_assert_eq!(round.byes.len(), active.len() % 2);

        // With at most n/2 − 2 rounds played, every player still has more than n/2 possible
        // opponents, so a pairing without rematches exists (Dirac) and must be found.
        let n = active.len();
        if history.len() + 2 <= n / 2 {
            for g in &round.games {
                let met = history.iter().any(|h| {
                    h.game_of(g.first)
                        .and_then(|x| x.side_of(g.second))
                        .is_some()
                });
                prop_assert!(!met, "rematch {}–{} in round {}", g.first, g.second, r);
            }
            for b in &round.byes {
                prop_assert!(
                    !history.iter().any(|h| h.byes.contains(b)),
                    "second bye for {} in round {}",
                    b,
                    r
                );
            }
        }

        for g in &mut round.games {
            g.outcome = Some(match next(&mut state) % 5 {
                0 | 1 => Outcome::FirstWins,
                2 | 3 => Outcome::SecondWins,
                _ => Outcome::Draw,
            });
        }
        history.push(round);

        let mut difference: HashMap<PlayerId, i32> = HashMap::new();
        for h in &history {
            for g in &h.games {
                *difference.entry(g.first).or_default() += 1;
                *difference.entry(g.second).or_default() -= 1;
            }
        }
        for (id, d) in difference {
            prop_assert!(d.abs() <= 2, "player {} has a side difference of {}", id, d);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn swiss_rounds_pair_everyone_without_avoidable_repeats(event in events()) {
        play(&event)?;
    }
}
