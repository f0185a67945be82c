//! Ô ăn quan games as the store holds them, for the benches that fill a store: a fixed cycle of
//! moves, players named in Vietnamese, and a rating function that moves every rating by one.

use oaq_bot::ids::{ChannelId, GameId, GuildId, MessageId, UserId};
use oaq_bot::locale::Locale;
use oaq_bot::store::{
    FinishedGame, GameKind, GameRecord, Glicko, Player, RatingChange, Retired, Retirement, Store,
    Stored,
};

/// Move `ply` of every game: a fixed cycle of Ô ăn quan moves.
pub fn notation(ply: usize) -> String {
    const SQUARES: [u8; 10] = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11];
    let square = SQUARES[(ply * 7) % SQUARES.len()];
    format!("{square}{}", if ply.is_multiple_of(3) { '-' } else { '+' })
}

fn player(id: u64) -> Player {
    Player {
        id: UserId::new(id),
        name: format!("Người chơi {id}"),
        computer: None,
    }
}

/// Game `id` in server `guild`, in its own channel, with its first `plies` moves played and a
/// turn deadline far away.
pub fn record(id: u64, guild: u64, plies: usize) -> GameRecord {
    let rules = serde_json::json!({
        "quan_value": 10, "empty_mandarin_is_gap": false, "end": "mandarins_captured",
        "quan_non": 0, "no_first_quan": "off", "next_quan_nonempty": "end",
        "refill_short": "borrow",
    });
    GameRecord {
        id: GameId::new(id),
        guild: Some(GuildId::new(guild)),
        channel: ChannelId::new(1_000_000 + id),
        message: Some(MessageId::new(5_000_000 + id)),
        kind: GameKind::Oaq,
        seats: vec![player(2 * id % 500), player(2 * id % 500 + 1)],
        rules,
        start: String::from("0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0"),
        moves: (0..plies).map(notation).collect(),
        retired: Vec::new(),
        created_ms: 1_700_000_000_000 + id,
        locale: Locale::English,
        turn_ms: Some(900_000_000),
        deadline_ms: Some(4_000_000_000_000),
        tournament_round: None,
    }
}

/// Ends `game`, stored at `revision`, by the second player's resignation, rated with [`rate`].
pub fn resign(store: &Store, mut game: GameRecord, revision: u64) -> Stored<GameRecord> {
    game.retired.push(Retired {
        seat: 1,
        why: Retirement::Resigned,
        ply: game.moves.len() as u32,
    });
    let finished = FinishedGame {
        finished_ms: game.created_ms,
        game,
        places: vec![0, 1],
        ratings: None,
    };
    store
        .finish_game(revision, &finished, &rate, None)
        .expect("finish")
        .0
}

/// Every rating goes up by one point.
pub fn rate(current: &[Option<Glicko>], _: &[u8]) -> Vec<RatingChange> {
    current
        .iter()
        .map(|g| {
            let before = g.unwrap_or(Glicko {
                rating: 1500.0,
                deviation: 350.0,
                volatility: 0.06,
            });
            let after = Glicko {
                rating: before.rating + 1.0,
                ..before
            };
            RatingChange { before, after }
        })
        .collect()
}
