//! Board pictures: each game's position drawn as a PNG for Discord.

pub mod chinese_checkers;
pub mod shogi;
