//! Board pictures: one module per game, plus the drawing helpers they share.
//!
//! Renderers take a position and the text to print (already in the reader's language) and
//! return PNG bytes. They do no I/O: the fonts are compiled into the binary.

pub mod animation;
pub mod chart;
pub mod chinese_checkers;
pub mod encode;
pub mod leaderboard;
pub mod oaq;
pub mod shogi;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgb, RgbImage};
use thiserror::Error;

/// "Oaq Text" Regular: Noto Sans Regular subset to Latin + Vietnamese and renamed (SIL OFL 1.1,
/// see `assets/fonts/OaqText.OFL.txt`).
const REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/OaqText-Regular.ttf");
/// "Oaq Text" Bold: Noto Sans Bold, subset and renamed likewise.
const BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/OaqText-Bold.ttf");

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

/// The fonts every renderer draws with; load once and share.
#[derive(Debug, Clone)]
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Fonts {
    /// Loads the built-in fonts.
    pub fn load() -> Result<Fonts, RenderError> {
        Ok(Fonts {
            regular: FontRef::try_from_slice(REGULAR_TTF)?,
            bold: FontRef::try_from_slice(BOLD_TTF)?,
        })
    }
}

/// Font weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// Noto Sans Regular.
    Regular,
    /// Noto Sans Bold.
    Bold,
}

/// Horizontal anchoring of a text run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// `x` is the left edge.
    Left,
    /// `x` is the centre.
    Center,
    /// `x` is the right edge.
    Right,
}

/// An RGB picture with anti-aliased drawing primitives.
pub struct Canvas<'f> {
    image: RgbImage,
    fonts: &'f Fonts,
}

impl<'f> Canvas<'f> {
    /// A canvas filled with `background`.
    pub fn new(fonts: &'f Fonts, width: u32, height: u32, background: [u8; 3]) -> Canvas<'f> {
        Canvas {
            image: RgbImage::from_pixel(width, height, Rgb(background)),
            fonts,
        }
    }

    /// The picture drawn so far.
    pub fn image(&self) -> &RgbImage {
        &self.image
    }

    /// Blends `color` into one pixel with the given coverage (0–1); off-canvas is ignored.
    pub fn blend(&mut self, x: i32, y: i32, color: [u8; 3], coverage: f32) {
        if x < 0 || y < 0 || coverage <= 0.0 {
            return;
        }
        let Some(pixel) = self.image.get_pixel_mut_checked(x as u32, y as u32) else {
            return;
        };
        if coverage >= 1.0 {
            pixel.0 = color;
            return;
        }
        let a = coverage;
        for (channel, &target) in pixel.0.iter_mut().zip(color.iter()) {
            *channel = (*channel as f32 * (1.0 - a) + target as f32 * a + 0.5) as u8;
        }
    }

    /// Fills an axis-aligned rectangle.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, color: [u8; 3]) {
        for py in y.max(0)..(y + h).min(self.image.height() as i32) {
            for px in x.max(0)..(x + w).min(self.image.width() as i32) {
                self.image.put_pixel(px as u32, py as u32, Rgb(color));
            }
        }
    }

    /// Fills an anti-aliased disc, keeping only the part with `x_min <= x < x_max`.
    ///
    /// Each row visits only the pixels the disc can touch, and only the anti-aliased rim
    /// needs a square root: pixels deeper than half a pixel inside are simply painted.
    pub fn fill_disc_clipped(
        &mut self,
        cx: f32,
        cy: f32,
        r: f32,
        color: [u8; 3],
        x_min: f32,
        x_max: f32,
    ) {
        let outer = (r + 0.5) * (r + 0.5);
        let inner = if r > 0.5 { (r - 0.5) * (r - 0.5) } else { 0.0 };
        let y0 = (cy - r - 1.0).floor() as i32;
        let y1 = (cy + r + 1.0).ceil() as i32;
        for py in y0..y1 {
            let dy = py as f32 + 0.5 - cy;
            let dy2 = dy * dy;
            if dy2 >= outer {
                continue;
            }
            let half = (outer - dy2).sqrt();
            let x0 = (cx - half - 1.0).max(x_min).floor() as i32;
            let x1 = (cx + half + 1.0).min(x_max).ceil() as i32;
            for px in x0..x1 {
                let fx = px as f32 + 0.5;
                if fx < x_min || fx >= x_max {
                    continue;
                }
                let d2 = (fx - cx) * (fx - cx) + dy2;
                if d2 <= inner {
                    self.blend(px, py, color, 1.0);
                } else if d2 < outer {
                    self.blend(px, py, color, r + 0.5 - d2.sqrt());
                }
            }
        }
    }

    /// Fills an anti-aliased disc.
    pub fn fill_disc(&mut self, cx: f32, cy: f32, r: f32, color: [u8; 3]) {
        self.fill_disc_clipped(cx, cy, r, color, f32::MIN, f32::MAX);
    }

    /// Fills a triangle (edges are not anti-aliased beyond a half-pixel sample).
    pub fn fill_triangle(&mut self, a: (f32, f32), b: (f32, f32), c: (f32, f32), color: [u8; 3]) {
        let edge = |p: (f32, f32), q: (f32, f32), x: f32, y: f32| {
            (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
        };
        let area = edge(a, b, c.0, c.1);
        if area == 0.0 {
            return;
        }
        let x0 = a.0.min(b.0).min(c.0).floor() as i32;
        let x1 = a.0.max(b.0).max(c.0).ceil() as i32;
        let y0 = a.1.min(b.1).min(c.1).floor() as i32;
        let y1 = a.1.max(b.1).max(c.1).ceil() as i32;
        for py in y0..=y1 {
            for px in x0..=x1 {
                let (x, y) = (px as f32 + 0.5, py as f32 + 0.5);
                let w = [edge(b, c, x, y), edge(c, a, x, y), edge(a, b, x, y)];
                if w.iter().all(|v| v * area >= 0.0) {
                    self.blend(px, py, color, 1.0);
                }
            }
        }
    }

    fn font(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.fonts.regular,
            Weight::Bold => &self.fonts.bold,
        }
    }

    /// The width in pixels of `text` at `size`.
    pub fn text_width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        let font = self.font(weight).as_scaled(PxScale::from(size));
        let mut width = 0.0;
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = previous {
                width += font.kern(p, id);
            }
            width += font.h_advance(id);
            previous = Some(id);
        }
        width
    }

    /// Draws `text` with its top (ascent line) at `y`; returns the width drawn.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        align: Align,
        color: [u8; 3],
    ) -> f32 {
        let width = self.text_width(text, size, weight);
        let mut pen = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let font = self.font(weight).clone();
        let scaled = font.as_scaled(PxScale::from(size));
        let baseline = y + scaled.ascent();
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = previous {
                pen += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, baseline));
            pen += scaled.h_advance(id);
            previous = Some(id);
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                let (ox, oy) = (bounds.min.x as i32, bounds.min.y as i32);
                outline.draw(|gx, gy, coverage| {
                    self.blend(ox + gx as i32, oy + gy as i32, color, coverage);
                });
            }
        }
        width
    }

    /// Encodes the picture as PNG. Zlib level 1 with the `Up` filter: measured on the board
    /// (with zlib-rs), about 1.0 ms and 56 KB, against 5 ms and 46 KB with adaptive filtering,
    /// and 100 KB with the fastest setting.
    pub fn encode_png(&self) -> Result<Vec<u8>, RenderError> {
        let mut bytes = Vec::with_capacity(64 * 1024);
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(1), FilterType::Up)
            .write_image(
                self.image.as_raw(),
                self.image.width(),
                self.image.height(),
                image::ExtendedColorType::Rgb8,
            )?;
        Ok(bytes)
    }
}
