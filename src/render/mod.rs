//! Board pictures: positions drawn as PNG images for Discord.

pub mod shogi;
