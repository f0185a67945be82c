//! Pure rules engines, one module per game.
//!
//! Nothing under `games` performs I/O or depends on Discord, async, storage or image crates
//! (`tests/architecture.rs` enforces this): each engine is usable as a library on its own.

pub mod chinese_checkers;
pub mod oaq;
pub mod proof_numbers;
pub mod shogi;
