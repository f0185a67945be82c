//! oaq-bot: a Discord bot that hosts board games — Ô ăn quan first, then Shogi and Chinese
//! checkers.
//!
//! The crate is layered (see `README.md`):
//! - [`games`]: pure rules engines and computer opponents, with no I/O;
//! - [`render`]: board pictures (PNG);
//! - [`cli`]: the `oaq-bot engine …` commands that expose the engines on stdin/stdout.

pub mod cli;
pub mod games;
pub mod render;
