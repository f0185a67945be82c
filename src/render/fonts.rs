//! The faces every picture draws with, compiled into the program and parsed once.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, InvalidFont};

use super::RenderError;

/// "Oaq Text" Regular: Noto Sans Regular subset to Latin + Vietnamese and renamed (SIL OFL 1.1,
/// see `assets/fonts/OaqText.OFL.txt`).
const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/OaqText-Regular.ttf");
/// "Oaq Text" Bold: Noto Sans Bold, subset and renamed likewise.
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/OaqText-Bold.ttf");
/// BIZ UDMincho subset to the kanji, kana and numerals of the Shogi board (SIL OFL 1.1, see
/// `assets/fonts/BIZUDMincho.OFL.txt`).
const KANJI_TTF: &[u8] = include_bytes!("../../assets/fonts/BIZUDMincho-shogi.ttf");

/// Font weight of a text run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// Noto Sans Regular.
    Regular,
    /// Noto Sans Bold.
    Bold,
}

/// The fonts every picture draws with: "Oaq Text" Regular and Bold for words, and the kanji face
/// for Shogi pieces and for any character the text faces lack. Load once and share.
#[derive(Debug, Clone)]
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    kanji: FontRef<'static>,
}

impl Fonts {
    /// The built-in fonts, parsed on the first call and shared by every later one.
    pub fn load() -> Result<Fonts, RenderError> {
        static LOADED: OnceLock<Result<Fonts, InvalidFont>> = OnceLock::new();
        LOADED
            .get_or_init(|| {
                Ok(Fonts {
                    regular: FontRef::try_from_slice(REGULAR_TTF)?,
                    bold: FontRef::try_from_slice(BOLD_TTF)?,
                    kanji: FontRef::try_from_slice(KANJI_TTF)?,
                })
            })
            .clone()
            .map_err(RenderError::from)
    }

    /// The text face of `weight`.
    pub(crate) fn text(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// The kanji face (BIZ UDMincho).
    pub(crate) fn kanji(&self) -> &FontRef<'static> {
        &self.kanji
    }

    /// The face and glyph that draw `c` at `weight`: the text face when it has the character,
    /// else the kanji face (whose missing-glyph box is drawn when neither has it).
    pub(crate) fn glyph(&self, c: char, weight: Weight) -> (&FontRef<'static>, GlyphId) {
        let face = self.text(weight);
        let id = face.glyph_id(c);
        if id.0 != 0 {
            return (face, id);
        }
        (&self.kanji, self.kanji.glyph_id(c))
    }

    /// Whether every character of `text` has a glyph in one of the faces (whitespace aside):
    /// a catalogue can check its words before they reach a picture.
    pub fn covers(&self, text: &str) -> bool {
        text.chars().filter(|c| !c.is_whitespace()).all(|c| {
            (self.regular.glyph_id(c).0 != 0 && self.bold.glyph_id(c).0 != 0)
                || self.kanji.glyph_id(c).0 != 0
        })
    }

    /// Whether the kanji face has `c`.
    pub fn has_kanji(&self, c: char) -> bool {
        self.kanji.glyph_id(c).0 != 0
    }
}
