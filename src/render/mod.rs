//! Board pictures: one module per game, on one shared toolkit (fonts, canvas, PNG encoder).
//!
//! Pictures take a position and every word they print (already in the reader's language) and
//! return PNG bytes. They do no I/O: the fonts are compiled into the binary.

pub mod animation;
pub mod canvas;
pub mod chart;
pub mod chinese_checkers;
pub mod encode;
pub mod fonts;
pub mod leaderboard;
pub mod oaq;
pub mod shogi;
pub mod table;
pub mod text;

use thiserror::Error;

pub use canvas::{Align, Canvas, Color, Point};
pub use fonts::{Fonts, Weight};

/// A picture that could not be produced.
#[derive(Debug, Error)]
pub enum RenderError {
    /// A font compiled into the program could not be parsed.
    #[error("the built-in font could not be loaded: {0}")]
    Font(#[from] ab_glyph::InvalidFont),
    /// PNG encoding failed.
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(#[from] image::ImageError),
}
