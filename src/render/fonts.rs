//! The faces every picture draws with, compiled into the program and parsed once.
//!
//! Words are drawn with "Oaq Text" (Latin + Vietnamese) and the Shogi kanji face exactly as
//! they always were; every other character falls back, in order, to a face that has it:
//! Greek, Cyrillic and more Latin ("Oaq Text Extra"), Han, kana and Hangul ("Oaq CJK"),
//! Arabic, Hebrew, Thai, Devanagari, mathematical letters, colour emoji and symbols. See
//! `assets/fonts/README.md` for what each subset holds and how it was made.

use std::sync::{Arc, OnceLock};

use ab_glyph::{Font, FontRef, InvalidFont, PxScale, ScaleFont};

use super::RenderError;

/// "Oaq Text" Regular: Noto Sans Regular subset to Latin + Vietnamese and renamed (SIL OFL 1.1,
/// see `assets/fonts/OaqText.OFL.txt`).
const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/OaqText-Regular.ttf");
/// "Oaq Text" Bold: Noto Sans Bold, subset and renamed likewise.
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/OaqText-Bold.ttf");
/// BIZ UDMincho subset to the kanji, kana and numerals of the Shogi board (SIL OFL 1.1, see
/// `assets/fonts/BIZUDMincho.OFL.txt`).
const KANJI_TTF: &[u8] = include_bytes!("../../assets/fonts/BIZUDMincho-shogi.ttf");

/// How a face's glyphs are placed and drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// One glyph per character with ab_glyph's advances and kerning, at the size asked: the
    /// way "Oaq Text" and the kanji face have always been drawn (their pictures keep their
    /// pixels).
    Simple,
    /// Outlines shaped with rustybuzz, scaled so that its em matches the text face's.
    Shaped,
    /// Colour bitmaps (CBDT PNGs) shaped with rustybuzz, scaled like `Shaped`.
    Bitmap,
}

/// A fallback face: its name, its Regular and (where it has one) Bold files, and its style.
struct Fallback {
    name: &'static str,
    regular: &'static [u8],
    bold: Option<&'static [u8]>,
    style: Style,
}

/// The faces tried, in order, for a character "Oaq Text" and the kanji face lack (SIL OFL 1.1,
/// see the `.OFL.txt` beside each in `assets/fonts/`).
const FALLBACKS: [Fallback; 10] = [
    Fallback {
        name: "Oaq Text Extra",
        regular: include_bytes!("../../assets/fonts/OaqTextExtra-Regular.ttf"),
        bold: Some(include_bytes!("../../assets/fonts/OaqTextExtra-Bold.ttf")),
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq CJK",
        regular: include_bytes!("../../assets/fonts/OaqCJK-Regular.otf"),
        bold: None,
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Arabic",
        regular: include_bytes!("../../assets/fonts/OaqArabic-Regular.ttf"),
        bold: Some(include_bytes!("../../assets/fonts/OaqArabic-Bold.ttf")),
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Hebrew",
        regular: include_bytes!("../../assets/fonts/OaqHebrew-Regular.ttf"),
        bold: Some(include_bytes!("../../assets/fonts/OaqHebrew-Bold.ttf")),
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Thai",
        regular: include_bytes!("../../assets/fonts/OaqThai-Regular.ttf"),
        bold: Some(include_bytes!("../../assets/fonts/OaqThai-Bold.ttf")),
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Devanagari",
        regular: include_bytes!("../../assets/fonts/OaqDevanagari-Regular.ttf"),
        bold: Some(include_bytes!("../../assets/fonts/OaqDevanagari-Bold.ttf")),
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Math",
        regular: include_bytes!("../../assets/fonts/OaqMath-Regular.ttf"),
        bold: None,
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Emoji",
        regular: include_bytes!("../../assets/fonts/OaqEmoji.ttf"),
        bold: None,
        style: Style::Bitmap,
    },
    // After the emoji, so that a symbol with an emoji form (♥, ☀) is drawn in colour.
    Fallback {
        name: "Oaq Symbols Two",
        regular: include_bytes!("../../assets/fonts/OaqSymbolsTwo-Regular.ttf"),
        bold: None,
        style: Style::Shaped,
    },
    Fallback {
        name: "Oaq Symbols",
        regular: include_bytes!("../../assets/fonts/OaqSymbols-Regular.ttf"),
        bold: None,
        style: Style::Shaped,
    },
];

/// The number of bytes of font data compiled into the program.
pub fn embedded_bytes() -> usize {
    let fallbacks: usize = FALLBACKS
        .iter()
        .map(|f| f.regular.len() + f.bold.map_or(0, <[u8]>::len))
        .sum();
    REGULAR_TTF.len() + BOLD_TTF.len() + KANJI_TTF.len() + fallbacks
}

/// Font weight of a text run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// Noto Sans Regular.
    Regular,
    /// Noto Sans Bold.
    Bold,
}

/// One face of [`Fonts`], by its place in the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FaceId(u8);

/// A parsed face: the outlines and metrics (ab_glyph) and the shaping tables (rustybuzz).
pub(crate) struct Face {
    name: &'static str,
    pub(crate) glyphs: FontRef<'static>,
    pub(crate) shaper: rustybuzz::Face<'static>,
    pub(crate) style: Style,
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Face")
            .field("name", &self.name)
            .field("style", &self.style)
            .finish()
    }
}

impl Face {
    fn parse(name: &'static str, data: &'static [u8], style: Style) -> Result<Face, InvalidFont> {
        Ok(Face {
            name,
            glyphs: FontRef::try_from_slice(data)?,
            shaper: rustybuzz::Face::from_slice(data, 0).ok_or(InvalidFont)?,
            style,
        })
    }

    /// Whether the face maps `c` to a glyph other than `.notdef`.
    pub(crate) fn has(&self, c: char) -> bool {
        self.glyphs.glyph_id(c).0 != 0
    }
}

/// The place of "Oaq Text" Regular, Bold and the kanji face in the table.
const TEXT_REGULAR: FaceId = FaceId(0);
const TEXT_BOLD: FaceId = FaceId(1);
const KANJI: FaceId = FaceId(2);

/// The parsed faces and, per weight, the order in which they are tried.
#[derive(Debug)]
struct Table {
    faces: Vec<Face>,
    regular: Vec<FaceId>,
    bold: Vec<FaceId>,
}

impl Table {
    fn load() -> Result<Table, InvalidFont> {
        let mut faces = vec![
            Face::parse("Oaq Text Regular", REGULAR_TTF, Style::Simple)?,
            Face::parse("Oaq Text Bold", BOLD_TTF, Style::Simple)?,
            Face::parse("BIZ UDMincho", KANJI_TTF, Style::Simple)?,
        ];
        let (mut regular, mut bold) = (vec![TEXT_REGULAR, KANJI], vec![TEXT_BOLD, KANJI]);
        for fallback in &FALLBACKS {
            let id = FaceId(faces.len() as u8);
            faces.push(Face::parse(
                fallback.name,
                fallback.regular,
                fallback.style,
            )?);
            regular.push(id);
            match fallback.bold {
                Some(data) => {
                    bold.push(FaceId(faces.len() as u8));
                    faces.push(Face::parse(fallback.name, data, fallback.style)?);
                }
                None => bold.push(id),
            }
        }
        Ok(Table {
            faces,
            regular,
            bold,
        })
    }
}

/// The fonts every picture draws with: "Oaq Text" Regular and Bold for words, the kanji face
/// for Shogi pieces, and the fallback faces for every other script. Load once and share (a
/// clone shares the parsed faces).
#[derive(Debug, Clone)]
pub struct Fonts {
    table: Arc<Table>,
}

impl Fonts {
    /// The built-in fonts, parsed on the first call and shared by every later one.
    pub fn load() -> Result<Fonts, RenderError> {
        static LOADED: OnceLock<Result<Fonts, InvalidFont>> = OnceLock::new();
        LOADED
            .get_or_init(|| {
                Ok(Fonts {
                    table: Arc::new(Table::load()?),
                })
            })
            .clone()
            .map_err(RenderError::from)
    }

    /// The face `id` names.
    pub(crate) fn face(&self, id: FaceId) -> &Face {
        &self.table.faces[usize::from(id.0)]
    }

    /// The name of face `id` ("Oaq Text Regular", "Oaq CJK" …), for messages and tests.
    pub fn face_name(&self, id: FaceId) -> &'static str {
        self.face(id).name
    }

    /// The faces tried for `weight`, in order: the text face first, then the kanji face, then
    /// the fallbacks.
    pub(crate) fn chain(&self, weight: Weight) -> &[FaceId] {
        match weight {
            Weight::Regular => &self.table.regular,
            Weight::Bold => &self.table.bold,
        }
    }

    /// The text face of `weight`, whose id [`Fonts::text_id`] gives.
    pub(crate) fn text(&self, weight: Weight) -> &FontRef<'static> {
        &self.face(Self::text_id(weight)).glyphs
    }

    /// The id of the text face of `weight`.
    pub(crate) fn text_id(weight: Weight) -> FaceId {
        match weight {
            Weight::Regular => TEXT_REGULAR,
            Weight::Bold => TEXT_BOLD,
        }
    }

    /// The kanji face (BIZ UDMincho).
    pub(crate) fn kanji(&self) -> &FontRef<'static> {
        &self.face(KANJI).glyphs
    }

    /// The first face of `weight`'s chain that has `c`, if any has.
    pub(crate) fn first_with(&self, c: char, weight: Weight) -> Option<FaceId> {
        self.chain(weight)
            .iter()
            .copied()
            .find(|&id| self.face(id).has(c))
    }

    /// The scale to draw face `id` at so that text of `size` (the text face's ascent-to-descent
    /// height in pixels, as every picture gives it) has one em: the size itself for the simple
    /// faces, and for the others the scale that gives their em the text face's em in pixels.
    pub(crate) fn scale(&self, id: FaceId, size: f32, weight: Weight) -> PxScale {
        let face = self.face(id);
        if face.style == Style::Simple {
            return PxScale::from(size);
        }
        let per_unit = self.em_px(size, weight) / units_per_em(&face.glyphs);
        PxScale::from(per_unit * face.glyphs.height_unscaled())
    }

    /// The text face's em at `size`, in pixels.
    pub(crate) fn em_px(&self, size: f32, weight: Weight) -> f32 {
        let text = self.text(weight).as_scaled(PxScale::from(size));
        text.h_scale_factor() * units_per_em(self.text(weight))
    }

    /// Whether every character of `text` has a glyph in one of the faces at both weights
    /// (whitespace and invisible format characters aside): a catalogue can check its words
    /// before they reach a picture.
    pub fn covers(&self, text: &str) -> bool {
        text.chars()
            .filter(|&c| !c.is_whitespace() && !super::text::is_default_ignorable(c))
            .all(|c| {
                self.first_with(c, Weight::Regular).is_some()
                    && self.first_with(c, Weight::Bold).is_some()
            })
    }

    /// Whether the kanji face has `c`.
    pub fn has_kanji(&self, c: char) -> bool {
        self.face(KANJI).has(c)
    }
}

/// The units per em of `font` (1000 when the font does not say, as in most CFF fonts).
fn units_per_em(font: &FontRef<'static>) -> f32 {
    font.units_per_em().unwrap_or(1000.0)
}
