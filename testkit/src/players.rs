//! The people of the end-to-end tests and benches, and what they do at the bot's boards
//! through the fake Discord: numbered players, the pair who play in a server of a given shard,
//! the moves a board offers, resigning with the board's buttons.

use crate::fake_discord::{button, Buttons, FakeDiscord, FakeUser};

/// `count` players named "Player 1", "Player 2" …, with ids `first + 1`, `first + 2` ….
pub fn numbered(first: u64, count: u64) -> Vec<FakeUser> {
    (1..=count)
        .map(|i| FakeUser::new(first + i, &format!("Player {i}")))
        .collect()
}

/// A server whose events Discord sends to shard `k % count` for every shard count
/// (`(id >> 22) % count`), `k` below 1,024.
pub fn guild_on_shard(k: u64) -> u64 {
    (k << 22) | 4_242
}

/// Lan and Minh, who play the game in server `k` of the tests with a game in each server.
pub fn lan_and_minh(k: u64) -> [FakeUser; 2] {
    [
        FakeUser::new(100 + k, "Lan"),
        FakeUser::new(200 + k, "Minh"),
    ]
}

/// The Ô ăn quan moves `board` offers: its enabled move buttons' custom_ids, in order.
pub fn enabled_moves(board: &impl Buttons) -> Vec<String> {
    board
        .buttons()
        .into_iter()
        .flatten()
        .filter(|(id, _, disabled)| id.starts_with("oaq:m:") && !disabled)
        .map(|(id, _, _)| id)
        .collect()
}

/// `player` resigns the game on message `board` (Resign, then "Yes, resign"), which the bot
/// acknowledges by updating the confirmation in place.
pub async fn resign(fake: &FakeDiscord, player: &FakeUser, board: u64) {
    let token = fake.click(player, board, &button(&fake.message(board), "Resign"));
    let ask = fake.callback(&token).await;
    let confirm = fake.message(ask.message.expect("the confirmation"));
    let token = fake.click(player, confirm.id, &button(&confirm, "Yes, resign"));
    assert_eq!(fake.callback(&token).await.kind, 7);
}
