//! The Chinese checkers board as a PNG: the star, tinted start and goal triangles, pegs in six
//! colour-blind-safe colours (Okabe–Ito) each with its compass badge, faint labels in empty
//! holes, the last move's path, whose turn it is and each player's progress.

use std::io::Cursor;
use std::sync::{Arc, Mutex};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, ImageError};

use crate::games::chinese_checkers::{Hole, Move, Player, Position, Triangle};

/// The font for all text: a renamed subset of Lato Bold (OFL, see `assets/fonts/`).
const FONT: &[u8] = include_bytes!("../../assets/fonts/OaqSans-Bold.ttf");

/// Half the distance between neighbouring holes, in pixels (one doubled column).
const UNIT: f32 = 20.0;
/// Space left and right of the hole grid.
const MARGIN: f32 = 42.0;
/// Space above and below the hole grid (the star's tips reach further out).
const MARGIN_Y: f32 = 52.0;
/// Width of the side panel.
const PANEL: f32 = 224.0;
/// Picture width.
pub const WIDTH: u32 = (24.0 * UNIT + 2.0 * MARGIN + PANEL) as u32;
/// Picture height.
pub const HEIGHT: u32 = (16.0 * UNIT * 1.732_050_8 + 2.0 * MARGIN_Y) as u32;

type Rgb = [u8; 3];

const BACKGROUND: Rgb = [0xf6, 0xf1, 0xe7];
const BOARD: Rgb = [0xe6, 0xd3, 0xae];
const BOARD_EDGE: Rgb = [0xb8, 0x9b, 0x6a];
const INK: Rgb = [0x2b, 0x25, 0x1e];
const FAINT: Rgb = [0x8a, 0x77, 0x5a];

/// Okabe–Ito colours by home triangle (N, NE, SE, S, SW, NW), with the badge's text colour.
const SET_COLOURS: [(Rgb, Rgb); 6] = [
    ([0x00, 0x72, 0xb2], [0xff, 0xff, 0xff]), // blue
    ([0xe6, 0x9f, 0x00], [0x1a, 0x1a, 0x1a]), // orange
    ([0x00, 0x9e, 0x73], [0xff, 0xff, 0xff]), // bluish green
    ([0xd5, 0x5e, 0x00], [0xff, 0xff, 0xff]), // vermillion
    ([0x56, 0xb4, 0xe9], [0x1a, 0x1a, 0x1a]), // sky blue
    ([0xcc, 0x79, 0xa7], [0x1a, 0x1a, 0x1a]), // reddish purple
];

/// The colour names players can refer to, by home triangle.
pub const COLOUR_NAMES: [&str; 6] = ["blue", "orange", "green", "red", "sky", "pink"];

/// Corner holes of each triangle: tip first.
const CORNERS: [[&str; 3]; 6] = [
    ["A1", "D1", "D4"],
    ["E13", "E10", "H10"],
    ["M13", "J10", "M10"],
    ["Q1", "N1", "N4"],
    ["M1", "J1", "M4"],
    ["E1", "E4", "H1"],
];

/// Renders `position` (with `last_move`'s path, if any) and encodes it as PNG.
pub fn render_png(position: &Position, last_move: Option<&Move>) -> Result<Vec<u8>, ImageError> {
    let canvas = render(position, last_move);
    let mut png = Vec::with_capacity(96 * 1024);
    // Level 2: zlib-rs's level 1 (its "quick" strategy) makes the busiest board 158 KB.
    PngEncoder::new_with_quality(
        Cursor::new(&mut png),
        CompressionType::Level(2),
        FilterType::Adaptive,
    )
    .write_image(
        &canvas.pixels,
        WIDTH,
        HEIGHT,
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(png)
}

/// Renders `position` into raw RGB pixels, row by row (`WIDTH` × `HEIGHT` × 3 bytes).
pub fn render_rgb(position: &Position, last_move: Option<&Move>) -> Vec<u8> {
    render(position, last_move).pixels
}

fn render(position: &Position, last_move: Option<&Move>) -> Canvas {
    let mut c = Canvas::new(font());
    c.pixels.extend_from_slice(&base(position));
    if let Some(mv) = last_move {
        draw_path(&mut c, position, mv);
    }
    draw_pegs(&mut c, position, last_move);
    draw_panel(&mut c, position);
    for channel in &mut c.pixels {
        *channel = quantise(*channel);
    }
    c
}

/// Snaps a channel to the middle of its band of 8 values: invisible, and the PNG shrinks by a
/// quarter because anti-aliased edges then share a few values.
fn quantise(channel: u8) -> u8 {
    (channel & !7) | 4
}

fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT).unwrap_or_else(|_| unreachable!("the committed font parses"))
}

/// Pictures of the empty board, one per set of triangles in play, drawn once and reused: the
/// star, the tinted triangles, every hole with its label, and the panel's background.
static BASES: Mutex<Vec<(u8, Arc<Vec<u8>>)>> = Mutex::new(Vec::new());

fn base(position: &Position) -> Arc<Vec<u8>> {
    let key = Triangle::ALL
        .iter()
        .filter(|t| position.player_of(**t).is_some())
        .fold(0u8, |k, t| k | 1 << t.index());
    let mut bases = BASES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, pixels)) = bases.iter().find(|(k, _)| *k == key) {
        return Arc::clone(pixels);
    }
    let mut c = Canvas::new(font());
    c.pixels.resize((WIDTH * HEIGHT * 3) as usize, 0);
    for pixel in c.pixels.chunks_exact_mut(3) {
        pixel.copy_from_slice(&BACKGROUND);
    }
    draw_star(&mut c, position);
    draw_holes(&mut c);
    let left = 24.0 * UNIT + 2.0 * MARGIN;
    c.fill_rect(left, 0.0, PANEL, HEIGHT as f32, [0xee, 0xe6, 0xd6], 1.0);
    c.fill_rect(left, 0.0, 2.0, HEIGHT as f32, BOARD_EDGE, 1.0);
    c.text_left("Chinese checkers", left + 22.0, 40.0, 20.0, INK, 1.0);
    c.text_left(
        "Moves: from-to, e.g. D2-E6",
        left + 22.0,
        HEIGHT as f32 - 24.0,
        12.0,
        FAINT,
        1.0,
    );
    let pixels = Arc::new(c.pixels);
    bases.push((key, Arc::clone(&pixels)));
    pixels
}

fn centre(hole: Hole) -> (f32, f32) {
    (
        MARGIN + hole.doubled_column() as f32 * UNIT,
        MARGIN_Y + hole.row() as f32 * UNIT * 1.732_050_8,
    )
}

fn hole(label: &str) -> Hole {
    label
        .parse()
        .unwrap_or_else(|_| unreachable!("corner labels are holes"))
}

/// Pushes each corner of an equilateral triangle away from its centre so every edge moves out
/// by `by` pixels.
fn inflate(corners: [(f32, f32); 3], by: f32) -> [(f32, f32); 3] {
    let cx = corners.iter().map(|p| p.0).sum::<f32>() / 3.0;
    let cy = corners.iter().map(|p| p.1).sum::<f32>() / 3.0;
    corners.map(|(x, y)| {
        let (dx, dy) = (x - cx, y - cy);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        (x + dx / len * 2.0 * by, y + dy / len * 2.0 * by)
    })
}

fn draw_star(c: &mut Canvas, position: &Position) {
    let up = ["A1", "M13", "M1"].map(|l| centre(hole(l)));
    let down = ["Q1", "E1", "E13"].map(|l| centre(hole(l)));
    for tri in [up, down] {
        c.fill_triangle(inflate(tri, 25.0), BOARD_EDGE, 1.0);
    }
    for tri in [up, down] {
        c.fill_triangle(inflate(tri, 22.5), BOARD, 1.0);
    }
    for t in Triangle::ALL {
        let home = position.player_of(t).is_some();
        let goal_of = t.opposite();
        let goal = position.player_of(goal_of).is_some();
        let corners = CORNERS[t.index()].map(|l| centre(hole(l)));
        if home {
            c.fill_triangle(inflate(corners, 17.0), SET_COLOURS[t.index()].0, 0.28);
        } else if goal {
            c.fill_triangle(inflate(corners, 17.0), SET_COLOURS[goal_of.index()].0, 0.14);
        }
    }
}

fn draw_holes(c: &mut Canvas) {
    for h in Hole::all() {
        let (x, y) = centre(h);
        c.disc(x, y, 13.2, [0xf3, 0xe9, 0xd4], 1.0);
        c.ring(x, y, 13.2, 1.5, BOARD_EDGE, 0.9);
        c.text(&h.to_string(), x, y, 10.0, FAINT, 0.85);
    }
}

fn draw_path(c: &mut Canvas, position: &Position, mv: &Move) {
    let colour = position
        .peg_at(mv.to())
        .map_or(INK, |t| SET_COLOURS[t.index()].0);
    let points: Vec<(f32, f32)> = mv.path().map(centre).collect();
    c.polyline(&points, 5.0, INK, 0.55);
    for &(x, y) in &points[1..points.len() - 1] {
        c.disc(x, y, 5.0, INK, 0.8);
    }
    let (x, y) = points[0];
    c.ring(x, y, 13.2, 3.2, colour, 1.0);
}

fn draw_pegs(c: &mut Canvas, position: &Position, last_move: Option<&Move>) {
    for h in Hole::all() {
        let Some(set) = position.peg_at(h) else {
            continue;
        };
        let (x, y) = centre(h);
        let (fill, text) = SET_COLOURS[set.index()];
        let edge = fill.map(|v| (v as f32 * 0.55) as u8);
        if last_move.is_some_and(|m| m.to() == h) {
            c.ring(x, y, 17.8, 2.8, INK, 0.9);
        }
        c.disc(x, y, 14.8, edge, 1.0);
        c.disc(x, y, 13.0, fill, 1.0);
        c.disc(x - 4.0, y - 4.5, 5.5, [0xff, 0xff, 0xff], 0.22);
        c.text(set.name(), x, y + 0.5, 11.5, text, 1.0);
    }
}

/// The total distance a player's pegs had to cover at the start.
fn start_distance(position: &Position, player: Player) -> u32 {
    position
        .home_triangles(player)
        .map(|t| {
            let tip = t.opposite().tip();
            t.holes()
                .map(|h| h.distance(tip).saturating_sub(3))
                .sum::<u32>()
        })
        .sum()
}

fn ordinal(place: u8) -> String {
    match place {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

fn draw_panel(c: &mut Canvas, position: &Position) {
    let left = 24.0 * UNIT + 2.0 * MARGIN;
    let x0 = left + 22.0;
    let outcome = position.outcome();
    let status = match &outcome {
        Some(o) => {
            let winners: Vec<String> = o.winners().map(|p| format!("P{}", p.index() + 1)).collect();
            format!("Game over - {} wins", winners.join(", "))
        }
        None => format!("P{} to move", position.to_move().index() + 1),
    };
    c.text_left(&status, x0, 72.0, 15.0, INK, 1.0);
    let mut y = 112.0;
    for p in 0..position.players() {
        let player = Player::new(p);
        let to_move = outcome.is_none() && position.to_move() == player;
        if to_move {
            c.fill_rect(
                left + 6.0,
                y - 22.0,
                PANEL - 12.0,
                74.0,
                [0xff, 0xfb, 0xf2],
                1.0,
            );
            c.fill_triangle(
                [
                    (left + 9.0, y - 8.0),
                    (left + 9.0, y + 8.0),
                    (left + 17.0, y),
                ],
                INK,
                1.0,
            );
        }
        let mut bx = x0 + 12.0;
        for t in position.home_triangles(player) {
            let (fill, text) = SET_COLOURS[t.index()];
            c.disc(bx, y, 12.0, fill.map(|v| (v as f32 * 0.55) as u8), 1.0);
            c.disc(bx, y, 10.5, fill, 1.0);
            c.text(t.name(), bx, y + 0.5, 10.0, text, 1.0);
            bx += 27.0;
        }
        // One colour name fits; with several sets the badges alone show the colours.
        let mut sets = position.home_triangles(player);
        let colour = match (sets.next(), sets.next()) {
            (Some(t), None) => format!(" {}", COLOUR_NAMES[t.index()]),
            _ => String::new(),
        };
        let place = outcome.map(|o| o.place(player)).or(position.place(player));
        let name = match place {
            Some(place) => format!("P{}{colour} - {}", p + 1, ordinal(place)),
            None => format!("P{}{colour}", p + 1),
        };
        c.text_left(&name, bx - 4.0, y + 5.0, 15.0, INK, 1.0);
        let total = 10 * position.home_triangles(player).count() as u32;
        let home = position.pegs_home(player);
        let start = start_distance(position, player).max(1);
        let done = 1.0 - position.distance_to_goal(player) as f32 / start as f32;
        let bar_y = y + 20.0;
        c.fill_rect(x0, bar_y, 120.0, 10.0, [0xd8, 0xcb, 0xb0], 1.0);
        let first = position
            .home_triangles(player)
            .next()
            .map_or(0, |t| t.index());
        c.fill_rect(
            x0,
            bar_y,
            120.0 * done.clamp(0.0, 1.0),
            10.0,
            SET_COLOURS[first].0,
            1.0,
        );
        c.text_left(
            &format!("{home}/{total} home"),
            x0 + 128.0,
            bar_y + 10.0,
            13.0,
            INK,
            1.0,
        );
        y += 86.0;
    }
}

/// An RGB picture with anti-aliased drawing primitives.
struct Canvas {
    pixels: Vec<u8>,
    font: FontRef<'static>,
}

impl Canvas {
    /// A canvas with no pixels yet (the caller fills all `WIDTH` × `HEIGHT`).
    fn new(font: FontRef<'static>) -> Canvas {
        Canvas {
            pixels: Vec::with_capacity((WIDTH * HEIGHT * 3) as usize),
            font,
        }
    }

    fn blend(&mut self, x: i32, y: i32, colour: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= WIDTH as i32 || y >= HEIGHT as i32 || alpha <= 0.0 {
            return;
        }
        let i = (y as usize * WIDTH as usize + x as usize) * 3;
        let a = alpha.min(1.0);
        for (channel, &target) in self.pixels[i..i + 3].iter_mut().zip(&colour) {
            let old = *channel as f32;
            *channel = (old + (target as f32 - old) * a + 0.5) as u8;
        }
    }

    /// Calls `coverage` for every pixel centre in the box and blends what it returns.
    fn shade(
        &mut self,
        bounds: (f32, f32, f32, f32),
        colour: Rgb,
        alpha: f32,
        coverage: impl Fn(f32, f32) -> f32,
    ) {
        let (x0, y0, x1, y1) = bounds;
        let (x0, y0) = ((x0.floor() as i32).max(0), (y0.floor() as i32).max(0));
        let (x1, y1) = (
            (x1.ceil() as i32).min(WIDTH as i32 - 1),
            (y1.ceil() as i32).min(HEIGHT as i32 - 1),
        );
        for y in y0..=y1 {
            for x in x0..=x1 {
                let cover = coverage(x as f32 + 0.5, y as f32 + 0.5);
                if cover > 0.0 {
                    self.blend(x, y, colour, alpha * cover.min(1.0));
                }
            }
        }
    }

    fn disc(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb, alpha: f32) {
        self.shade(
            (cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0),
            colour,
            alpha,
            |x, y| r - ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() + 0.5,
        );
    }

    fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, colour: Rgb, alpha: f32) {
        let outer = r + width;
        self.shade(
            (cx - outer, cy - outer, cx + outer, cy + outer),
            colour,
            alpha,
            |x, y| {
                let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
                width / 2.0 - (d - r).abs() + 0.5
            },
        );
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Rgb, alpha: f32) {
        self.shade((x, y, x + w, y + h), colour, alpha, |px, py| {
            let inside_x = (px - x + 0.5).min(x + w - px + 0.5);
            let inside_y = (py - y + 0.5).min(y + h - py + 0.5);
            inside_x.min(inside_y)
        });
    }

    fn fill_triangle(&mut self, corners: [(f32, f32); 3], colour: Rgb, alpha: f32) {
        let xs = corners.map(|p| p.0);
        let ys = corners.map(|p| p.1);
        let min = |v: [f32; 3]| v.iter().copied().fold(f32::MAX, f32::min);
        let max = |v: [f32; 3]| v.iter().copied().fold(f32::MIN, f32::max);
        // Orientation, so that "inside" is positive whichever way the corners turn.
        let [(ax, ay), (bx, by), (qx, qy)] = corners;
        let sign = if (bx - ax) * (qy - ay) - (by - ay) * (qx - ax) > 0.0 {
            1.0
        } else {
            -1.0
        };
        let edges: Vec<(f32, f32, f32)> = (0..3)
            .map(|i| {
                let (x0, y0) = corners[i];
                let (x1, y1) = corners[(i + 1) % 3];
                let (nx, ny) = (-(y1 - y0) * sign, (x1 - x0) * sign);
                let len = (nx * nx + ny * ny).sqrt();
                (nx / len, ny / len, -(nx * x0 + ny * y0) / len)
            })
            .collect();
        self.shade(
            (min(xs), min(ys), max(xs), max(ys)),
            colour,
            alpha,
            |x, y| {
                edges
                    .iter()
                    .map(|(nx, ny, d)| nx * x + ny * y + d + 0.5)
                    .fold(f32::MAX, f32::min)
            },
        );
    }

    /// A polyline of round-capped segments, blended once where segments overlap.
    fn polyline(&mut self, points: &[(f32, f32)], width: f32, colour: Rgb, alpha: f32) {
        let pad = width + 1.0;
        let min_x = points.iter().map(|p| p.0).fold(f32::MAX, f32::min) - pad;
        let min_y = points.iter().map(|p| p.1).fold(f32::MAX, f32::min) - pad;
        let max_x = points.iter().map(|p| p.0).fold(f32::MIN, f32::max) + pad;
        let max_y = points.iter().map(|p| p.1).fold(f32::MIN, f32::max) + pad;
        self.shade((min_x, min_y, max_x, max_y), colour, alpha, |x, y| {
            points
                .windows(2)
                .map(|w| {
                    let ((ax, ay), (bx, by)) = (w[0], w[1]);
                    let (dx, dy) = (bx - ax, by - ay);
                    let t = (((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy).max(1e-3))
                        .clamp(0.0, 1.0);
                    let d = ((x - ax - t * dx).powi(2) + (y - ay - t * dy).powi(2)).sqrt();
                    width / 2.0 - d + 0.5
                })
                .fold(0.0, f32::max)
        });
    }

    fn text_width(&self, text: &str, size: f32) -> f32 {
        let font = self.font.as_scaled(PxScale::from(size));
        let mut width = 0.0;
        let mut previous = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = previous {
                width += font.kern(p, id);
            }
            width += font.h_advance(id);
            previous = Some(id);
        }
        width
    }

    /// Text centred on (x, y).
    fn text(&mut self, text: &str, x: f32, y: f32, size: f32, colour: Rgb, alpha: f32) {
        let width = self.text_width(text, size);
        let font = self.font.as_scaled(PxScale::from(size));
        let baseline = y + (font.ascent() + font.descent()) / 2.0 - size * 0.04;
        self.text_left(text, x - width / 2.0, baseline, size, colour, alpha);
    }

    /// Text starting at `x` on the baseline `y`.
    fn text_left(&mut self, text: &str, x: f32, y: f32, size: f32, colour: Rgb, alpha: f32) {
        let scale = PxScale::from(size);
        let font = self.font.clone();
        let scaled = font.as_scaled(scale);
        let mut caret = x;
        let mut previous = None;
        for ch in text.chars() {
            let id = scaled.glyph_id(ch);
            if let Some(p) = previous {
                caret += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(scale, ab_glyph::point(caret, y));
            caret += scaled.h_advance(id);
            previous = Some(id);
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                outline.draw(|gx, gy, cover| {
                    self.blend(
                        bounds.min.x as i32 + gx as i32,
                        bounds.min.y as i32 + gy as i32,
                        colour,
                        alpha * cover,
                    );
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chinese_checkers::Rules;

    fn pixel(rgb: &[u8], x: f32, y: f32) -> Rgb {
        let i = (y as usize * WIDTH as usize + x as usize) * 3;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    }

    #[test]
    fn pegs_show_their_set_colour_and_empty_holes_do_not() {
        let p = Position::start(6, Rules::default()).unwrap();
        let rgb = render_rgb(&p, None);
        assert_eq!(rgb.len(), (WIDTH * HEIGHT * 3) as usize);
        for t in Triangle::ALL {
            // Just below the badge text, inside the disc, the set colour shows.
            let (x, y) = centre(t.tip());
            assert_eq!(
                pixel(&rgb, x + 8.0, y + 7.0),
                SET_COLOURS[t.index()].0.map(quantise),
                "{t}"
            );
        }
        let (x, y) = centre(hole("I5"));
        assert_ne!(
            pixel(&rgb, x + 8.0, y + 7.0),
            SET_COLOURS[0].0.map(quantise)
        );
    }

    #[test]
    fn the_last_move_is_drawn_along_its_path() {
        let p = Position::start(2, Rules::default()).unwrap();
        let mv = p.validate(&"C1-E5".parse().unwrap()).unwrap();
        let after = p.play(&mv).unwrap();
        let plain = render_rgb(&after, None);
        let drawn = render_rgb(&after, Some(&mv));
        let (x, y) = centre(hole("C1"));
        assert_ne!(
            pixel(&plain, x + 13.5, y),
            pixel(&drawn, x + 13.5, y),
            "origin ring"
        );
        let png = render_png(&after, Some(&mv)).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert!(png.len() < 150 * 1024, "{} bytes", png.len());
    }

    #[test]
    fn a_busy_six_player_board_stays_under_150_kb() {
        use crate::games::chinese_checkers::ai::{Level, Opponent};
        let mut p = Position::start(6, Rules::default()).unwrap();
        let mut greedy = Opponent::new(Level::Medium, 1);
        let mut last = None;
        for _ in 0..90 {
            let mv = greedy.choose(&p).unwrap();
            p = p.play(&mv).unwrap();
            last = Some(mv);
        }
        let png = render_png(&p, last.as_ref()).unwrap();
        assert!(png.len() < 150 * 1024, "{} bytes", png.len());
    }

    /// FNV-1a over the pixels: the reference picture changes only when the drawing does.
    fn fingerprint(rgb: &[u8]) -> u64 {
        rgb.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        })
    }

    #[test]
    fn reference_picture_is_unchanged() {
        let p = Position::start(3, Rules::default()).unwrap();
        let mv = p.validate(&"C1-E5".parse().unwrap()).unwrap();
        let after = p.play(&mv).unwrap();
        // Look at it with: render_png(&after, Some(&mv)) written to a file.
        assert_eq!(
            fingerprint(&render_rgb(&after, Some(&mv))),
            9_025_564_995_176_573_693
        );
    }
}
