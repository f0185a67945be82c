//! The one drawing surface: an RGB picture with anti-aliased shapes and text.

use ab_glyph::{Font, FontRef, GlyphId, GlyphImageFormat, PxScale, ScaleFont};
use image::imageops::{self, FilterType};
use image::{ImageFormat, Rgb, RgbImage};

use super::fonts::{Fonts, Style, Weight};
use super::text::{lay_out, Ink, Line};

/// An RGB colour.
pub type Color = [u8; 3];

/// A point on the canvas, in pixels (pixel `(x, y)` covers `x..x + 1`, `y..y + 1`).
pub type Point = (f32, f32);

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

/// An RGB picture with anti-aliased drawing primitives. Shapes that take an `alpha` blend their
/// colour with that opacity (1.0 paints it).
pub struct Canvas<'f> {
    image: RgbImage,
    fonts: &'f Fonts,
}

impl<'f> Canvas<'f> {
    /// A canvas filled with `background`.
    pub fn new(fonts: &'f Fonts, width: u32, height: u32, background: Color) -> Canvas<'f> {
        Canvas::from_image(fonts, RgbImage::from_pixel(width, height, Rgb(background)))
    }

    /// A canvas that starts from `image` (for example a cached empty board).
    pub fn from_image(fonts: &'f Fonts, image: RgbImage) -> Canvas<'f> {
        Canvas { image, fonts }
    }

    /// The finished picture.
    pub fn into_image(self) -> RgbImage {
        self.image
    }

    /// Blends `color` into one pixel with the given coverage (0–1); off-canvas is ignored.
    fn blend(&mut self, x: i32, y: i32, color: Color, coverage: f32) {
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

    /// Calls `coverage` for every pixel centre in the box `(x0, y0, x1, y1)` and blends
    /// `color` with what it returns (clamped to 0–1) times `alpha`.
    fn shade(
        &mut self,
        (x0, y0, x1, y1): (f32, f32, f32, f32),
        color: Color,
        alpha: f32,
        coverage: impl Fn(f32, f32) -> f32,
    ) {
        let (x0, y0) = ((x0.floor() as i32).max(0), (y0.floor() as i32).max(0));
        let x1 = (x1.ceil() as i32).min(self.image.width() as i32 - 1);
        let y1 = (y1.ceil() as i32).min(self.image.height() as i32 - 1);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let cover = coverage(x as f32 + 0.5, y as f32 + 0.5);
                if cover > 0.0 {
                    self.blend(x, y, color, alpha * cover.min(1.0));
                }
            }
        }
    }

    /// Paints an axis-aligned rectangle of whole pixels.
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, color: Color) {
        for py in y.max(0)..(y + h).min(self.image.height() as i32) {
            for px in x.max(0)..(x + w).min(self.image.width() as i32) {
                self.image.put_pixel(px as u32, py as u32, Rgb(color));
            }
        }
    }

    /// Blends an axis-aligned rectangle whose edges may fall inside pixels.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color, alpha: f32) {
        self.shade((x, y, x + w, y + h), color, alpha, |px, py| {
            let inside_x = (px - x + 0.5).min(x + w - px + 0.5);
            let inside_y = (py - y + 0.5).min(y + h - py + 0.5);
            inside_x.min(inside_y)
        });
    }

    /// Blends an anti-aliased disc, keeping only the part with `x_min <= x < x_max`.
    ///
    /// Each row visits only the pixels the disc can touch, and only the anti-aliased rim
    /// needs a square root: pixels deeper than half a pixel inside are simply painted.
    #[allow(clippy::too_many_arguments)]
    pub fn disc_clipped(
        &mut self,
        (cx, cy): Point,
        r: f32,
        color: Color,
        alpha: f32,
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
                    self.blend(px, py, color, alpha);
                } else if d2 < outer {
                    self.blend(px, py, color, alpha * (r + 0.5 - d2.sqrt()));
                }
            }
        }
    }

    /// Blends an anti-aliased disc.
    pub fn disc(&mut self, centre: Point, r: f32, color: Color, alpha: f32) {
        self.disc_clipped(centre, r, color, alpha, f32::MIN, f32::MAX);
    }

    /// Paints an anti-aliased disc.
    pub fn fill_disc(&mut self, cx: f32, cy: f32, r: f32, color: Color) {
        self.disc((cx, cy), r, color, 1.0);
    }

    /// Blends an anti-aliased circle of radius `r` (the middle of its stroke) and `width`.
    pub fn ring(&mut self, (cx, cy): Point, r: f32, width: f32, color: Color, alpha: f32) {
        let reach = r + width / 2.0 + 1.0;
        self.shade(
            (cx - reach, cy - reach, cx + reach, cy + reach),
            color,
            alpha,
            |x, y| {
                let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).sqrt();
                width / 2.0 - (d - r).abs() + 0.5
            },
        );
    }

    /// Blends an anti-aliased convex polygon (corners in either turning order).
    pub fn polygon(&mut self, corners: &[Point], color: Color, alpha: f32) {
        if corners.len() < 3 {
            return;
        }
        let n = corners.len();
        let twice_area: f32 = (0..n)
            .map(|i| {
                let ((x0, y0), (x1, y1)) = (corners[i], corners[(i + 1) % n]);
                x0 * y1 - x1 * y0
            })
            .sum();
        let sign = if twice_area < 0.0 { -1.0 } else { 1.0 };
        // Each edge as a unit normal pointing inside and an offset: distance = n·p + d.
        let edges: Vec<(f32, f32, f32)> = (0..n)
            .filter_map(|i| {
                let ((x0, y0), (x1, y1)) = (corners[i], corners[(i + 1) % n]);
                let (nx, ny) = (-(y1 - y0) * sign, (x1 - x0) * sign);
                let len = (nx * nx + ny * ny).sqrt();
                (len > 1e-6).then(|| (nx / len, ny / len, -(nx * x0 + ny * y0) / len))
            })
            .collect();
        let bounds = corners.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(x0, y0, x1, y1), &(x, y)| (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
        );
        self.shade(bounds, color, alpha, |x, y| {
            edges
                .iter()
                .map(|(nx, ny, d)| nx * x + ny * y + d + 0.5)
                .fold(f32::MAX, f32::min)
        });
    }

    /// Blends a polyline of round-capped segments `width` wide, once where segments overlap.
    pub fn polyline(&mut self, points: &[Point], width: f32, color: Color, alpha: f32) {
        let pad = width / 2.0 + 1.0;
        let (right, bottom) = (
            self.image.width() as i32 - 1,
            self.image.height() as i32 - 1,
        );
        // A pixel box around `from`–`to`, clamped to the canvas.
        let span = |from: Point, to: Point| {
            (
                ((from.0.min(to.0) - pad).floor() as i32).max(0),
                ((from.1.min(to.1) - pad).floor() as i32).max(0),
                ((from.0.max(to.0) + pad).ceil() as i32).min(right),
                ((from.1.max(to.1) + pad).ceil() as i32).min(bottom),
            )
        };
        let (Some(&first), Some(&last)) = (points.first(), points.last()) else {
            return;
        };
        let (x0, y0, x1, y1) = points
            .iter()
            .fold(span(first, last), |(x0, y0, x1, y1), &p| {
                let (a, b, c, d) = span(p, p);
                (x0.min(a), y0.min(b), x1.max(c), y1.max(d))
            });
        if x1 < x0 || y1 < y0 {
            return;
        }
        // The coverage of each pixel in the box: the most any segment gives it.
        let stride = (x1 - x0 + 1) as usize;
        let mut cover = vec![0.0f32; stride * (y1 - y0 + 1) as usize];
        for segment in points.windows(2) {
            let ((ax, ay), (bx, by)) = (segment[0], segment[1]);
            let (dx, dy) = (bx - ax, by - ay);
            let length2 = (dx * dx + dy * dy).max(1e-3);
            let (sx0, sy0, sx1, sy1) = span(segment[0], segment[1]);
            for y in sy0..=sy1 {
                for x in sx0..=sx1 {
                    let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                    let t = (((px - ax) * dx + (py - ay) * dy) / length2).clamp(0.0, 1.0);
                    let d = ((px - ax - t * dx).powi(2) + (py - ay - t * dy).powi(2)).sqrt();
                    let c = &mut cover[(y - y0) as usize * stride + (x - x0) as usize];
                    *c = c.max(width / 2.0 - d + 0.5);
                }
            }
        }
        for (i, &c) in cover.iter().enumerate() {
            if c > 0.0 {
                let (x, y) = (x0 + (i % stride) as i32, y0 + (i / stride) as i32);
                self.blend(x, y, color, alpha * c.min(1.0));
            }
        }
    }

    /// The width in pixels of `text` at `size`.
    pub fn text_width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        lay_out(self.fonts, text, size, weight, 0.0).width
    }

    /// `text`, cut with an ellipsis (and no space before it) so that it fits in `max` pixels.
    pub fn fit(&self, text: &str, size: f32, weight: Weight, max: f32) -> String {
        if self.text_width(text, size, weight) <= max {
            return text.to_owned();
        }
        let mut cut = text.to_owned();
        while !cut.is_empty() {
            cut.pop();
            let candidate = format!("{}…", cut.trim_end());
            if self.text_width(&candidate, size, weight) <= max {
                return candidate;
            }
        }
        String::from("…")
    }

    /// Draws `text` with its top (the text face's ascent line) at `y`; returns the width drawn.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        align: Align,
        color: Color,
    ) -> f32 {
        let width = self.text_width(text, size, weight);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let baseline = y + self
            .fonts
            .text(weight)
            .as_scaled(PxScale::from(size))
            .ascent();
        // Laid out again from `left` (not shifted), so each pen position is the same sum of
        // advances it has always been and the pixels of every word stay as they were.
        let line = lay_out(self.fonts, text, size, weight, left);
        self.draw_line(&line, baseline, color);
        width
    }

    /// Draws the glyphs of `line` on `baseline`.
    fn draw_line(&mut self, line: &Line, baseline: f32, color: Color) {
        let fonts: &'f Fonts = self.fonts;
        for glyph in &line.glyphs {
            let (x, y) = (glyph.x, baseline - glyph.rise);
            let Ink::Glyph { face, id } = glyph.ink else {
                self.stand_in((x, y), glyph.scale.x, color);
                continue;
            };
            let face = fonts.face(face);
            if face.style == Style::Bitmap {
                self.bitmap(&face.glyphs, id, glyph.scale, (x, y));
            } else if let Some(outline) = face
                .glyphs
                .outline_glyph(id.with_scale_and_position(glyph.scale, ab_glyph::point(x, y)))
            {
                let bounds = outline.px_bounds();
                let (ox, oy) = (bounds.min.x as i32, bounds.min.y as i32);
                outline.draw(|gx, gy, coverage| {
                    self.blend(ox + gx as i32, oy + gy as i32, color, coverage);
                });
            }
        }
    }

    /// Draws the colour bitmap of glyph `id` of `font` (drawn at `scale`) with its origin at
    /// `(x, baseline)`: the strike's PNG, resized to the em the text has.
    fn bitmap(
        &mut self,
        font: &FontRef<'static>,
        id: GlyphId,
        scale: PxScale,
        (x, baseline): Point,
    ) {
        let em = scale.y * font.units_per_em().unwrap_or(1000.0) / font.height_unscaled();
        let Some(raster) = font.glyph_raster_image2(id, em.round() as u16) else {
            return;
        };
        if !matches!(raster.format, GlyphImageFormat::Png) || raster.pixels_per_em == 0 {
            return;
        }
        let Ok(picture) = image::load_from_memory_with_format(raster.data, ImageFormat::Png) else {
            return;
        };
        let factor = em / f32::from(raster.pixels_per_em);
        let width = (f32::from(raster.width) * factor).round().max(1.0) as u32;
        let height = (f32::from(raster.height) * factor).round().max(1.0) as u32;
        let resized = imageops::resize(&picture.to_rgba8(), width, height, FilterType::Triangle);
        let left = (x + raster.origin.x * factor).round() as i32;
        let top = (baseline - (raster.origin.y + f32::from(raster.height)) * factor).round() as i32;
        for (px, py, pixel) in resized.enumerate_pixels() {
            let [r, g, b, a] = pixel.0;
            self.blend(
                left + px as i32,
                top + py as i32,
                [r, g, b],
                f32::from(a) / 255.0,
            );
        }
    }

    /// Draws the box that stands in for a character no face has, in an em of `em` pixels with
    /// its pen at `(x, baseline)`.
    fn stand_in(&mut self, (x, baseline): Point, em: f32, color: Color) {
        let stroke = (em / 14.0).max(1.0);
        let (left, top) = (x + 0.08 * em, baseline - 0.72 * em);
        let (width, height) = (0.44 * em, 0.72 * em);
        self.rect(left, top, width, stroke, color, 1.0);
        self.rect(left, top + height - stroke, width, stroke, color, 1.0);
        self.rect(left, top, stroke, height, color, 1.0);
        self.rect(left + width - stroke, top, stroke, height, color, 1.0);
    }

    /// Draws one line of `text` whose middle (halfway between the text face's ascent and
    /// descent lines, so that labels of one size share a baseline) is at `at.1`, anchored at
    /// `at.0` by `align`; returns the width drawn.
    pub fn text_middle(
        &mut self,
        text: &str,
        at: Point,
        size: f32,
        weight: Weight,
        align: Align,
        color: Color,
    ) -> f32 {
        let font = self.fonts.text(weight).as_scaled(PxScale::from(size));
        let top = at.1 - (font.ascent() - font.descent()) / 2.0;
        self.text(text, at.0, top, size, weight, align, color)
    }

    /// Draws one character of the kanji face centred on its ink at `centre`, turned half round
    /// when `turned` (an opponent's Shogi piece).
    pub fn kanji(&mut self, ch: char, (cx, cy): Point, size: f32, color: Color, turned: bool) {
        let fonts: &'f Fonts = self.fonts;
        let font = fonts.kanji();
        let glyph = font.glyph_id(ch).with_scale(PxScale::from(size));
        let Some(outline) = font.outline_glyph(glyph) else {
            return;
        };
        let bounds = outline.px_bounds();
        let (w, h) = (bounds.width(), bounds.height());
        let left = (cx - w / 2.0).round() as i32;
        let top = (cy - h / 2.0).round() as i32;
        outline.draw(|x, y, coverage| {
            let (x, y) = if turned {
                (
                    (w as u32).saturating_sub(x + 1),
                    (h as u32).saturating_sub(y + 1),
                )
            } else {
                (x, y)
            };
            self.blend(left + x as i32, top + y as i32, color, coverage);
        });
    }
}
