//! The longest games each game allows, as the store holds them, built deterministically for
//! the replay bench and tests: a 6-seat Chinese checkers game of 300 moves, a Shogi game of 300
//! plies and an Ô ăn quan game of 400 plies (its safety valve).
//!
//! Chinese checkers and Shogi play seeded random legal moves (a line that ends sooner is
//! dropped and the next seed tried). Random Ô ăn quan captures the board empty within a few
//! dozen moves, so its moves are those that capture least (random among equals), which keeps
//! stones sown around the board until the valve ends the game.

use oaq_bot::app::games::{GameRules, Table};
use oaq_bot::games::oaq::{self, Seat};
use oaq_bot::ids::{ChannelId, GameId, GuildId, UserId};
use oaq_bot::locale::Locale;
use oaq_bot::store::{ChallengeRecord, FirstPlayer, GameKind, GameRecord, Player, Store};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seats and moves of the longest game of `kind`.
pub fn longest(kind: GameKind) -> (usize, usize) {
    match kind {
        GameKind::ChineseCheckers => (6, 300),
        GameKind::Shogi => (2, 300),
        GameKind::Oaq => (2, oaq::MAX_PLIES as usize),
    }
}

/// Game `id` of `kind` in server `guild`, as long as [`longest`] says, still being played on
/// its last move (no deadline), its seats named in Vietnamese.
pub fn record(kind: GameKind, id: u64, guild: u64) -> GameRecord {
    let (seats, plies) = longest(kind);
    let (rules, start, moves) = match kind {
        GameKind::Oaq => oaq_line(plies),
        GameKind::ChineseCheckers | GameKind::Shogi => {
            random_line(GameRules::default_of(kind), seats, plies)
        }
    };
    const NAMES: [&str; 6] = [
        "Nguyễn Thị Ánh",
        "Trần Văn Bình",
        "Lê Minh Cường",
        "Phạm Thu Dung",
        "Hoàng Gia Bảo",
        "Võ Thị Hạnh",
    ];
    GameRecord {
        id: GameId::new(id),
        guild: Some(GuildId::new(guild)),
        channel: ChannelId::new(1_000_000 + id),
        message: None,
        kind,
        seats: (0..seats)
            .map(|seat| Player {
                id: UserId::new(11 * (seat as u64 + 1)),
                name: NAMES[seat].to_owned(),
                computer: None,
            })
            .collect(),
        rules,
        start,
        moves,
        retired: Vec::new(),
        created_ms: 1_700_000_000_000,
        locale: Locale::English,
        turn_ms: None,
        deadline_ms: None,
        tournament_round: None,
    }
}

/// Stores `game` as a game being played, as the bot does: a challenge, accepted, then the
/// moves.
pub fn store(store: &Store, game: &GameRecord) {
    let challenge = ChallengeRecord {
        id: game.id.cast(),
        guild: game.guild,
        channel: game.channel,
        message: None,
        challenger: game.seats[0].clone(),
        opponent: game.seats.get(1).cloned(),
        rules: game.rules.clone(),
        first: FirstPlayer::Challenger,
        created_ms: 0,
        expires_ms: u64::MAX,
        accepted: None,
        locale: game.locale,
        kind: game.kind,
        lobby: None,
    };
    let stored = store.create_challenge(&challenge).expect("challenge");
    let begun = GameRecord {
        moves: Vec::new(),
        ..game.clone()
    };
    let started = store
        .start_game(game.id.cast(), stored.revision, &begun)
        .expect("start");
    store
        .update_game(started.revision, game, false)
        .expect("moves");
}

/// Rules (as stored), start and `plies` seeded random legal moves of a game under `rules` that
/// lasts that long.
fn random_line(
    rules: GameRules,
    seats: usize,
    plies: usize,
) -> (serde_json::Value, String, Vec<String>) {
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut table = Table::start(&rules, seats).expect("a new game");
        let start = table.start_text();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies && table.to_move().is_some() {
            let Some(choice) = table.legal_moves().choose(&mut rng).cloned() else {
                break;
            };
            moves.push(table.play(&choice.value).expect("a legal move"));
        }
        if moves.len() == plies {
            return (rules.to_json().expect("rules"), start, moves);
        }
    }
    unreachable!("some seed lasts")
}

/// Standard rules, the start and `plies` moves of an Ô ăn quan game that lasts that long.
fn oaq_line(plies: usize) -> (serde_json::Value, String, Vec<String>) {
    let rules = oaq::Rules::standard();
    let captured = |p: &oaq::Position| p.captured(Seat::South) + p.captured(Seat::North);
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = oaq::Position::start(rules);
        let start = position.to_string();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies && !position.is_over() {
            let mut options: Vec<(i16, u32, oaq::Position, String)> = position
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let next = position.play(mv).expect("a legal move");
                    (captured(&next), rng.gen(), next, mv.to_string())
                })
                .collect();
            options.sort_by_key(|&(captured, tie, ..)| (captured, tie));
            let Some((_, _, next, mv)) = options.into_iter().next() else {
                break;
            };
            position = next;
            moves.push(mv);
        }
        if moves.len() == plies {
            let rules = serde_json::to_value(rules).expect("rules");
            return (rules, start, moves);
        }
    }
    unreachable!("some seed lasts")
}
