//! Swiss pairing: the time to pair round 7 of a 128-player Swiss (target ≤ 50 ms), and, printed
//! before it, the pairings' quality over 1,000 simulated 7-round Swiss tournaments of 9 to 128
//! players with random results: rematches and second byes where a pairing without them existed,
//! the largest side difference, and how often a player met someone of another score.
//!
//! Then the sweep (issue 49): one pass of the tournament worker (`App::tournament_work`, run
//! every 2 seconds) over a store that holds 10,000 finished tournaments and one taking entries.
//!
//! `cargo bench --profile test --bench tournament` (`-- --quick` for a shorter run, `-- sweep`
//! for the sweep alone).

use std::collections::HashMap;
use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::app::{App, FakeClock, Locale, Settings};
use oaq_bot::ids::{ChannelId, GuildId, MessageId, TournamentId, UserId};
use oaq_bot::store::{Entry, Format, GameKind, Player, Stage, Store, TournamentRecord};
use oaq_bot::tournament::{swiss, Entrant, Event, Outcome, PlayerId, Points, Round};

const ROUNDS: usize = 7;
const TOURNAMENTS: u64 = 1_000;

/// xorshift: reproducible results with no dependency.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn field(players: u64, seed: u64) -> Vec<Entrant> {
    let mut state = seed | 1;
    (1..=players)
        .map(|id| Entrant {
            id: PlayerId::new(id),
            rating: 800.0 + (next(&mut state) % 1600) as f64,
        })
        .collect()
}

/// Gives every game a result: the first player wins 40%, the second 40%, 20% draws.
fn play(round: &mut Round, state: &mut u64) {
    for g in &mut round.games {
        g.outcome = Some(match next(state) % 5 {
            0 | 1 => Outcome::FirstWins,
            2 | 3 => Outcome::SecondWins,
            _ => Outcome::Draw,
        });
    }
}

/// Whether some pairing of `players` (one bye if odd) has no rematch and no second bye: a
/// perfect matching of the graph of allowed games.
fn clean_pairing_exists(players: &[Entrant], history: &[Round]) -> bool {
    let n = players.len();
    let vertices = n + n % 2;
    let met = |a: PlayerId, b: PlayerId| {
        history
            .iter()
            .any(|h| h.game_of(a).and_then(|g| g.side_of(b)).is_some())
    };
    let had_bye = |a: PlayerId| history.iter().any(|h| h.byes.contains(&a));
    let mut weights = vec![0i64; vertices * vertices];
    for i in 0..n {
        for j in i + 1..n {
            if !met(players[i].id, players[j].id) {
                weights[i * vertices + j] = 1;
            }
        }
        if n % 2 == 1 && !had_bye(players[i].id) {
            weights[i * vertices + n] = 1;
        }
    }
    let mates = integer_blossom::max_weight_matching(&weights, vertices);
    mates.iter().all(Option::is_some)
}

#[derive(Default)]
struct Quality {
    rounds: u64,
    avoidable_repeats: u64,
    forced_repeats: u64,
    largest_difference: i32,
    player_rounds: u64,
    outside_group: u64,
}

fn simulate() -> Quality {
    let mut quality = Quality::default();
    for t in 0..TOURNAMENTS {
        let players = 9 + t % 120;
        let entrants = field(players, t + 1);
        let mut state = t.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut history: Vec<Round> = Vec::new();
        let mut points: HashMap<PlayerId, Points> = HashMap::new();
        for _ in 0..ROUNDS {
            let clean = clean_pairing_exists(&entrants, &history);
            let mut round = swiss::pair(&entrants, &history);
            let repeats = round
                .games
                .iter()
                .filter(|g| {
                    history.iter().any(|h| {
                        h.game_of(g.first)
                            .and_then(|x| x.side_of(g.second))
                            .is_some()
                    })
                })
                .count()
                + round
                    .byes
                    .iter()
                    .filter(|b| history.iter().any(|h| h.byes.contains(b)))
                    .count();
            if repeats > 0 {
                if clean {
                    quality.avoidable_repeats += 1;
                } else {
                    quality.forced_repeats += 1;
                }
            }
            for g in &round.games {
                quality.player_rounds += 2;
                let (a, b) = (points.get(&g.first), points.get(&g.second));
                if a.copied().unwrap_or_default() != b.copied().unwrap_or_default() {
                    quality.outside_group += 2;
                }
            }
            play(&mut round, &mut state);
            for g in &round.games {
                for p in [g.first, g.second] {
                    let scored = g.points_of(p).unwrap_or_default();
                    *points.entry(p).or_default() =
                        points.get(&p).copied().unwrap_or_default() + scored;
                }
            }
            for b in &round.byes {
                *points.entry(*b).or_default() =
                    points.get(b).copied().unwrap_or_default() + Points::WIN;
            }
            history.push(round);
            quality.rounds += 1;
        }
        let mut difference: HashMap<PlayerId, i32> = HashMap::new();
        for h in &history {
            for g in &h.games {
                *difference.entry(g.first).or_default() += 1;
                *difference.entry(g.second).or_default() -= 1;
            }
        }
        let largest = difference.values().map(|d| d.abs()).max().unwrap_or(0);
        quality.largest_difference = quality.largest_difference.max(largest);
    }
    quality
}

fn pairing(c: &mut Criterion) {
    let started = std::time::Instant::now();
    let quality = simulate();
    println!(
        "{TOURNAMENTS} Swiss tournaments of 9–128 players, {ROUNDS} rounds ({} rounds paired, {:.1} s): \
         rounds with an avoidable rematch or second bye {}, with a forced one {}; largest side \
         difference {}; players paired outside their score group {:.1}% of player-rounds",
        quality.rounds,
        started.elapsed().as_secs_f64(),
        quality.avoidable_repeats,
        quality.forced_repeats,
        quality.largest_difference,
        100.0 * quality.outside_group as f64 / quality.player_rounds.max(1) as f64,
    );

    let entrants = field(128, 7);
    let mut state = 99;
    let mut history = Vec::new();
    for _ in 0..ROUNDS - 1 {
        let mut round = swiss::pair(&entrants, &history);
        play(&mut round, &mut state);
        history.push(round);
    }
    c.bench_function("swiss pair round 7 of 128 players", |b| {
        b.iter(|| swiss::pair(black_box(&entrants), black_box(&history)))
    });
}

/// Finished tournaments stored for the sweep's measure.
const FINISHED: u64 = 10_000;

/// A tournament of server 1 in `stage`, with two entrants.
fn stored_tournament(id: u64, stage: Stage) -> TournamentRecord {
    let player = |id: u64| Player {
        id: UserId::new(id),
        name: format!("player {id}"),
        computer: None,
    };
    TournamentRecord {
        id: TournamentId::new(id),
        guild: Some(GuildId::new(1)),
        channel: ChannelId::new(600),
        message: Some(MessageId::new(id + 1)),
        kind: GameKind::Oaq,
        rules: serde_json::json!({}),
        turn_ms: 120_000,
        locale: Locale::English,
        created_ms: 1_700_000_000_000,
        event: Event {
            organiser: player(11),
            format: Format::Swiss { rounds: 1 },
            manual: false,
            limit: None,
            starts_ms: None,
            entries: [11, 12]
                .map(|p| Entry {
                    player: player(p),
                    rating: 1500.0,
                    withdrawn: false,
                })
                .to_vec(),
            rounds: Vec::new(),
            planned: 1,
            schedule: Vec::new(),
            stage,
            cancelled_by: None,
        },
    }
}

fn sweep(c: &mut Criterion) {
    let store = Store::temporary().expect("store");
    for id in 1..=FINISHED {
        store
            .create_tournament(&stored_tournament(id, Stage::Finished))
            .expect("a finished tournament");
    }
    store
        .create_tournament(&stored_tournament(FINISHED + 1, Stage::Open))
        .expect("a tournament taking entries");
    let settings = Settings {
        challenge_ttl_ms: 60_000,
        seed: 7,
        turn_ms: 3_600_000,
        bot_move_ms: 20,
    };
    let clock = Arc::new(FakeClock::new(1_700_000_000_000));
    let app = App::new(store, clock, settings).expect("app");
    c.bench_function("sweep with 10,000 finished tournaments stored", |b| {
        b.iter(|| black_box(app.tournament_work()))
    });
}

criterion_group!(benches, sweep, pairing);
criterion_main!(benches);
