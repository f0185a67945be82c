//! One line of text of any script, laid out into glyphs placed face by face.
//!
//! The line is split into runs of one direction (the Unicode bidirectional algorithm, on a
//! left-to-right line, so Arabic and Hebrew read right to left inside it), each run into
//! pieces of one face (the first face that has the character, keeping a run of Han or kana in
//! the face that covers most of it, and combining marks with the character they sit on), and
//! each piece is placed: "Oaq Text" and the kanji face one glyph per character exactly as
//! before, every other face shaped by rustybuzz. A character no face has gets a visible box.
//! [`lay_out`] is what [`super::Canvas`] draws, so a test can check a line glyph by glyph.

use std::ops::Range;

use ab_glyph::{Font, GlyphId, PxScale, ScaleFont};
use unicode_bidi::{bidi_class, BidiClass, BidiInfo, Level};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use super::fonts::{FaceId, Fonts, Style, Weight};

/// What a placed glyph draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// Glyph `id` of face `face`.
    Glyph {
        /// The face.
        face: FaceId,
        /// The glyph in that face.
        id: GlyphId,
    },
    /// A box standing in for a character no face has.
    StandIn,
}

/// One glyph of a line, where it goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    /// What is drawn.
    pub ink: Ink,
    /// The pen position, in pixels from where the line was laid out.
    pub x: f32,
    /// How far above the baseline the glyph sits, in pixels (marks, shaped offsets).
    pub rise: f32,
    /// The scale the face is drawn at (for a stand-in: the em, in pixels).
    pub scale: PxScale,
}

/// A laid-out line: its glyphs in drawing order and its advance.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Line {
    /// Every glyph, left to right.
    pub glyphs: Vec<Placed>,
    /// The pen's advance over the whole line, in pixels.
    pub width: f32,
}

impl Line {
    /// How many glyphs cannot be drawn: stand-in boxes and `.notdef` glyphs.
    pub fn missing(&self) -> usize {
        self.glyphs
            .iter()
            .filter(|g| match g.ink {
                Ink::StandIn => true,
                Ink::Glyph { id, .. } => id.0 == 0,
            })
            .count()
    }

    /// The faces the line draws with, each once, in order of first use.
    pub fn faces(&self) -> Vec<FaceId> {
        let mut faces = Vec::new();
        for glyph in &self.glyphs {
            if let Ink::Glyph { face, .. } = glyph.ink {
                if !faces.contains(&face) {
                    faces.push(face);
                }
            }
        }
        faces
    }
}

/// The advance of a stand-in box, in ems.
const STAND_IN_ADVANCE: f32 = 0.6;

/// Lays out `text` at `size` (the text face's ascent-to-descent height in pixels) and
/// `weight`, with the pen starting at `x`.
pub fn lay_out(fonts: &Fonts, text: &str, size: f32, weight: Weight, x: f32) -> Line {
    let mut line = Line::default();
    let mut pen = x;
    if !text.chars().any(visible) && text.chars().any(|c| !c.is_whitespace()) {
        // Only invisible characters (a "blank" name of Hangul fillers or zero-width spaces):
        // show a box for each rather than nothing at all.
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            pen = stand_in(fonts, c, size, weight, pen, &mut line.glyphs, true);
        }
        line.width = pen - x;
        return line;
    }
    for (run, rtl) in visual_runs(text) {
        let run_text = &text[run];
        let pieces = itemize(fonts, run_text, weight);
        let mut place_piece = |(face, range): &(Option<FaceId>, Range<usize>)| {
            let piece = &run_text[range.clone()];
            pen = match face {
                Some(face) => place(
                    fonts,
                    *face,
                    piece,
                    size,
                    weight,
                    rtl,
                    pen,
                    &mut line.glyphs,
                ),
                None => piece.chars().fold(pen, |pen, c| {
                    stand_in(fonts, c, size, weight, pen, &mut line.glyphs, false)
                }),
            };
        };
        if rtl {
            pieces.iter().rev().for_each(&mut place_piece);
        } else {
            pieces.iter().for_each(&mut place_piece);
        }
    }
    line.width = pen - x;
    line
}

/// The runs of `text` in visual order, each with whether it reads right to left. Text with no
/// right-to-left character is one left-to-right run, without running the full algorithm.
fn visual_runs(text: &str) -> Vec<(Range<usize>, bool)> {
    let right_to_left = |c: char| {
        matches!(
            bidi_class(c),
            BidiClass::R | BidiClass::AL | BidiClass::RLE | BidiClass::RLO | BidiClass::RLI
        )
    };
    if !text.chars().any(right_to_left) {
        return vec![(0..text.len(), false)];
    }
    let info = BidiInfo::new(text, Some(Level::ltr()));
    let mut runs = Vec::new();
    for paragraph in &info.paragraphs {
        let (levels, level_runs) = info.visual_runs(paragraph, paragraph.range.clone());
        runs.extend(level_runs.into_iter().map(|run| {
            let rtl = levels[run.start].is_rtl();
            (run, rtl)
        }));
    }
    runs
}

/// Splits `text` (one direction) into pieces of one face each, in logical order; `None` for a
/// piece no face can draw.
fn itemize(fonts: &Fonts, text: &str, weight: Weight) -> Vec<(Option<FaceId>, Range<usize>)> {
    let mut pieces: Vec<(Option<FaceId>, Range<usize>)> = Vec::new();
    for (i, c) in text.char_indices() {
        let current = pieces.last().and_then(|(face, _)| *face);
        let face = pick(fonts, weight, current, c, &text[i..]);
        let end = i + c.len_utf8();
        match pieces.last_mut() {
            Some((last, range)) if *last == face => range.end = end,
            _ => pieces.push((face, i..end)),
        }
    }
    pieces
}

/// The face for `c` (the first character of `rest`), given the face of the piece before it.
fn pick(
    fonts: &Fonts,
    weight: Weight,
    current: Option<FaceId>,
    c: char,
    rest: &str,
) -> Option<FaceId> {
    if let Some(current) = current {
        if joins_previous(c) && (fonts.face(current).has(c) || is_default_ignorable(c)) {
            return Some(current);
        }
    }
    let text = Fonts::text_id(weight);
    if fonts.face(text).has(c) {
        return Some(text);
    }
    if let Some(current) = current.filter(|&f| f != text && fonts.face(f).has(c)) {
        return Some(current);
    }
    best_for(fonts, weight, rest)
}

/// The fallback face that draws the longest stretch of `rest` from its first character (up to
/// a character the text face has), the earliest in the chain on a tie: a name in Han stays in
/// one face rather than mixing the Shogi kanji face with the CJK one.
fn best_for(fonts: &Fonts, weight: Weight, rest: &str) -> Option<FaceId> {
    let chain = fonts.chain(weight);
    let text = fonts.face(Fonts::text_id(weight));
    let first = rest.chars().next()?;
    let mut best = None;
    let mut best_len = 0;
    for &id in &chain[1..] {
        let face = fonts.face(id);
        if !face.has(first) {
            continue;
        }
        let len = rest
            .chars()
            .take_while(|&c| !text.has(c))
            .take_while(|&c| face.has(c) || joins_previous(c))
            .count();
        if len > best_len {
            best = Some(id);
            best_len = len;
        }
    }
    best
}

/// Places `piece`, all drawn by `face`, from `pen`; returns the pen after it.
#[allow(clippy::too_many_arguments)]
fn place(
    fonts: &Fonts,
    id: FaceId,
    piece: &str,
    size: f32,
    weight: Weight,
    rtl: bool,
    mut pen: f32,
    out: &mut Vec<Placed>,
) -> f32 {
    let face = fonts.face(id);
    let scale = fonts.scale(id, size, weight);
    if face.style == Style::Simple && !rtl {
        // One glyph per character with kerning: how words have always been drawn.
        let scaled = face.glyphs.as_scaled(scale);
        let mut previous = None;
        for c in piece.chars() {
            let glyph = face.glyphs.glyph_id(c);
            if glyph.0 == 0 && is_default_ignorable(c) {
                continue;
            }
            if let Some(previous) = previous {
                pen += scaled.kern(previous, glyph);
            }
            out.push(Placed {
                ink: Ink::Glyph {
                    face: id,
                    id: glyph,
                },
                x: pen,
                rise: 0.0,
                scale,
            });
            pen += scaled.h_advance(glyph);
            previous = Some(glyph);
        }
        return pen;
    }
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(piece);
    buffer.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(&face.shaper, &[], buffer);
    let per_unit = scale.x / face.glyphs.height_unscaled();
    for (info, position) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        out.push(Placed {
            ink: Ink::Glyph {
                face: id,
                id: GlyphId(u16::try_from(info.glyph_id).unwrap_or(0)),
            },
            x: pen + position.x_offset as f32 * per_unit,
            rise: position.y_offset as f32 * per_unit,
            scale,
        });
        pen += position.x_advance as f32 * per_unit;
    }
    pen
}

/// Places a stand-in box for `c` at `pen` (none for an invisible character unless `always`);
/// returns the pen after it.
fn stand_in(
    fonts: &Fonts,
    c: char,
    size: f32,
    weight: Weight,
    pen: f32,
    out: &mut Vec<Placed>,
    always: bool,
) -> f32 {
    if !always && is_default_ignorable(c) {
        return pen;
    }
    let em = fonts.em_px(size, weight);
    out.push(Placed {
        ink: Ink::StandIn,
        x: pen,
        rise: 0.0,
        scale: PxScale::from(em),
    });
    pen + STAND_IN_ADVANCE * em
}

/// Whether `c` attaches to the character before it: a combining mark, a joiner, a variation
/// selector, an emoji skin-tone modifier or tag.
fn joins_previous(c: char) -> bool {
    c.general_category_group() == GeneralCategoryGroup::Mark
        || matches!(c, '\u{200C}' | '\u{200D}' | '\u{1F3FB}'..='\u{1F3FF}' | '\u{E0020}'..='\u{E007F}')
        || is_default_ignorable(c)
}

/// Whether `c` draws nothing and has no width when a face lacks it (Unicode's
/// Default_Ignorable_Code_Point: joiners, variation selectors, fillers, bidi controls …).
pub(crate) fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether `c` leaves ink: neither white space nor an invisible format character.
fn visible(c: char) -> bool {
    !c.is_whitespace() && !is_default_ignorable(c)
}

/// Whether `text` leaves any ink: a name of only Hangul fillers, zero-width or blank
/// characters would draw nothing in a sentence ("ㅤ to move").
pub fn leaves_ink(text: &str) -> bool {
    text.chars().any(visible)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        Fonts::load().expect("fonts")
    }

    /// The glyph ids of `line`, left to right.
    fn ids(line: &Line) -> Vec<u16> {
        line.glyphs
            .iter()
            .map(|g| match g.ink {
                Ink::Glyph { id, .. } => id.0,
                Ink::StandIn => 0,
            })
            .collect()
    }

    fn names(fonts: &Fonts, line: &Line) -> Vec<&'static str> {
        line.faces()
            .into_iter()
            .map(|f| fonts.face_name(f))
            .collect()
    }

    #[test]
    fn latin_and_vietnamese_stay_in_the_text_face_one_glyph_per_character() {
        let fonts = fonts();
        let line = lay_out(&fonts, "Nguyễn Thị Ánh", 26.0, Weight::Bold, 0.0);
        assert_eq!(names(&fonts, &line), ["Oaq Text Bold"]);
        assert_eq!(line.glyphs.len(), "Nguyễn Thị Ánh".chars().count());
        assert_eq!(line.missing(), 0);
    }

    #[test]
    fn shogi_words_keep_the_kanji_face_and_a_han_name_stays_in_one_face() {
        let fonts = fonts();
        let shogi = lay_out(&fonts, "先手番", 20.0, Weight::Bold, 0.0);
        assert_eq!(names(&fonts, &shogi), ["BIZ UDMincho"]);
        // 龍 is in the Shogi face too, but the name is drawn in the face that has all of it.
        let name = lay_out(&fonts, "李小龍", 20.0, Weight::Bold, 0.0);
        assert_eq!(names(&fonts, &name), ["Oaq CJK"]);
        assert_eq!(name.missing(), 0);
    }

    #[test]
    fn arabic_letters_join_and_words_read_right_to_left() {
        let fonts = fonts();
        let alone: Vec<u16> = "محمد"
            .chars()
            .flat_map(|c| ids(&lay_out(&fonts, &c.to_string(), 20.0, Weight::Regular, 0.0)))
            .collect();
        let word = lay_out(&fonts, "محمد", 20.0, Weight::Regular, 0.0);
        assert_eq!(word.missing(), 0);
        assert!(
            ids(&word).iter().any(|id| !alone.contains(id)),
            "joined forms differ from the isolated letters: {:?} vs {alone:?}",
            ids(&word)
        );
        // "محمد علي": the second word is drawn to the left of the first.
        let first = ids(&lay_out(&fonts, "محمد", 20.0, Weight::Regular, 0.0));
        let second = ids(&lay_out(&fonts, "علي", 20.0, Weight::Regular, 0.0));
        let both = lay_out(&fonts, "محمد علي", 20.0, Weight::Regular, 0.0);
        let x_of = |wanted: &[u16]| -> f32 {
            both.glyphs
                .iter()
                .filter(|g| matches!(g.ink, Ink::Glyph { id, .. } if wanted.contains(&id.0)))
                .map(|g| g.x)
                .fold(0.0, f32::max)
        };
        assert!(x_of(&second) < x_of(&first), "{:?}", ids(&both));
        // In a left-to-right line, Latin before an Arabic name stays on the left.
        let mixed = lay_out(&fonts, "to محمد", 20.0, Weight::Regular, 0.0);
        assert_eq!(names(&fonts, &mixed)[0], "Oaq Text Regular");
    }

    #[test]
    fn a_devanagari_vowel_sign_is_drawn_before_its_consonant() {
        let fonts = fonts();
        let line = lay_out(&fonts, "कि", 20.0, Weight::Regular, 0.0);
        assert_eq!(names(&fonts, &line), ["Oaq Devanagari"]);
        let face = fonts.face(line.faces()[0]);
        // The vowel sign (in whichever of its widths fits the consonant) comes first.
        let ka = face.glyphs.glyph_id('क').0;
        let order = ids(&line);
        assert_eq!(order.len(), 2, "{order:?}");
        assert_eq!(order[1], ka, "{order:?}");
        assert!(line.glyphs[0].x < line.glyphs[1].x, "{:?}", line.glyphs);
    }

    #[test]
    fn emoji_sequences_are_one_colour_picture_each() {
        let fonts = fonts();
        for sequence in ["🔥", "👨\u{200D}👩\u{200D}👧", "🇻🇳", "👍🏽", "❤\u{FE0F}"]
        {
            let line = lay_out(&fonts, sequence, 26.0, Weight::Bold, 0.0);
            assert_eq!(names(&fonts, &line), ["Oaq Emoji"], "{sequence}");
            assert_eq!(line.missing(), 0, "{sequence}");
            let pictures = line
                .glyphs
                .iter()
                .filter(|g| match g.ink {
                    Ink::Glyph { face, id } => {
                        let glyphs = &fonts.face(face).glyphs;
                        glyphs.glyph_raster_image2(id, 26).is_some()
                    }
                    Ink::StandIn => false,
                })
                .count();
            assert_eq!(pictures, 1, "{sequence}: {:?}", ids(&line));
        }
    }

    #[test]
    fn what_no_face_has_is_a_box_and_an_invisible_name_is_boxes() {
        let fonts = fonts();
        let private = lay_out(&fonts, "a\u{E000}b", 20.0, Weight::Regular, 0.0);
        assert_eq!(private.missing(), 1);
        assert_eq!(private.glyphs.len(), 3);
        assert!(
            private.glyphs[2].x > private.glyphs[1].x,
            "the box takes room"
        );
        for blank in ["\u{3164}", "\u{200B}\u{200B}", "\u{115F}"] {
            let line = lay_out(&fonts, blank, 20.0, Weight::Bold, 0.0);
            assert!(!line.glyphs.is_empty() && line.width > 0.0, "{blank:?}");
        }
        assert!(lay_out(&fonts, " ", 20.0, Weight::Bold, 0.0).glyphs.len() <= 1);
        // A zero-width joiner between Latin letters draws nothing and takes no room.
        let joined = lay_out(&fonts, "a\u{200D}b", 20.0, Weight::Regular, 0.0);
        assert_eq!(joined.missing(), 0);
        assert_eq!(
            joined.width,
            lay_out(&fonts, "ab", 20.0, Weight::Regular, 0.0).width
        );
    }

    #[test]
    fn fallback_faces_have_the_em_of_the_text_face() {
        let fonts = fonts();
        let latin = lay_out(&fonts, "mmmm", 20.0, Weight::Regular, 0.0).width;
        let han = lay_out(&fonts, "李李李李", 20.0, Weight::Regular, 0.0).width;
        let em = fonts.em_px(20.0, Weight::Regular);
        assert!(
            (han - 4.0 * em).abs() < 0.5,
            "a Han character is one em: {han} vs {em}"
        );
        assert!(latin > 2.0 * em && latin < 5.0 * em, "{latin}");
    }
}
