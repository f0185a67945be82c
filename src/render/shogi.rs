//! The Shogi board as a PNG.
//!
//! Conventions (`specs/shogi.md`): kanji pieces on pentagon tiles, gote's turned 180°, promoted
//! pieces in red, 玉 for sente's king and 王 for gote's, files 9…1 along the top and ranks 一…九
//! down the right side, pieces in hand beside the board with their counts (gote's top left,
//! sente's bottom right), the last move highlighted, the side to move and a check marked
//! under the board.
//!
//! The kanji come from a subset of BIZ UDMincho (SIL Open Font License, `assets/fonts/`).

use std::io::Cursor;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgb, RgbImage};
use thiserror::Error;

use crate::games::shogi::{Color, Move, Outcome, Piece, Position, Role, Square};

/// The embedded font subset.
static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/BIZUDMincho-shogi.ttf");

/// Side of a board square, in pixels.
const CELL: u32 = 50;
const BOARD: u32 = 9 * CELL;
const MARGIN: u32 = 12;
const HAND_W: u32 = 96;
const GAP: u32 = 16;
const FILE_H: u32 = 28;
const RANK_W: u32 = 30;
const STATUS_H: u32 = 46;
/// Top-left corner of the board.
const BX: u32 = MARGIN + HAND_W + GAP;
const BY: u32 = MARGIN + FILE_H;
/// Picture size.
const WIDTH: u32 = BX + BOARD + RANK_W + 8 + HAND_W + MARGIN;
const HEIGHT: u32 = BY + BOARD + STATUS_H + MARGIN;

const BACKGROUND: Rgb<u8> = Rgb([244, 236, 222]);
const WOOD: Rgb<u8> = Rgb([226, 184, 110]);
const LINE: Rgb<u8> = Rgb([74, 52, 28]);
const TILE: Rgb<u8> = Rgb([250, 226, 176]);
const TILE_EDGE: Rgb<u8> = Rgb([120, 84, 40]);
const INK: Rgb<u8> = Rgb([24, 20, 16]);
const RED: Rgb<u8> = Rgb([196, 22, 28]);
const LAST_MOVE: Rgb<u8> = Rgb([255, 214, 64]);
const CHECK: Rgb<u8> = Rgb([235, 64, 52]);
const MUTED: Rgb<u8> = Rgb([120, 104, 84]);

/// Why a picture could not be produced.
#[derive(Debug, Error)]
pub enum RenderError {
    /// PNG encoding failed.
    #[error("could not encode the board picture: {0}")]
    Encode(#[from] image::ImageError),
}

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(FONT_BYTES).expect("the embedded font subset is a valid font")
    })
}

/// What to draw besides the position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Highlights {
    /// The move that led to the position, highlighted on the board.
    pub last_move: Option<Move>,
    /// How the game ended, written under the board instead of whose turn it is.
    pub outcome: Option<Outcome>,
    /// Draw the board from gote's side (gote's pieces upright at the bottom, file 1 on the
    /// left, rank i at the top) instead of sente's.
    pub from_gote: bool,
}

/// Draws `position` and encodes it as PNG.
pub fn render_png(position: &Position, highlights: Highlights) -> Result<Vec<u8>, RenderError> {
    let image = render(position, highlights);
    let mut bytes = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(
        Cursor::new(&mut bytes),
        CompressionType::Fast,
        FilterType::Adaptive,
    )
    .write_image(
        image.as_raw(),
        image.width(),
        image.height(),
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(bytes)
}

/// Draws `position` as an RGB image.
#[must_use]
pub fn render(position: &Position, highlights: Highlights) -> RgbImage {
    let flip = highlights.from_gote;
    let mut image = empty_board(flip).clone();
    // Highlights cover the inside of a square, leaving its grid lines dark.
    let mut tint = |sq: Square, color: Rgb<u8>, alpha: f32| {
        let (x, y) = cell_origin(sq, flip);
        fill_rect(&mut image, x + 1, y + 1, CELL - 1, CELL - 1, color, alpha);
    };
    if let Some(mv) = highlights.last_move {
        for sq in mv.from().into_iter().chain([mv.to()]) {
            tint(sq, LAST_MOVE, 0.55);
        }
    }
    let in_check = position.is_check();
    if in_check {
        tint(position.king_square(position.turn()), CHECK, 0.6);
    }

    let tiles = Tiles::new();
    for sq in Square::all() {
        if let Some(piece) = position.piece_at(sq) {
            let (x, y) = cell_origin(sq, flip);
            draw_piece(
                &mut image,
                &tiles,
                piece,
                flip,
                x as f32 + CELL as f32 / 2.0,
                y as f32 + CELL as f32 / 2.0,
            );
        }
    }
    let bottom = if flip { Color::Gote } else { Color::Sente };
    draw_hand(&mut image, &tiles, position, !bottom, true);
    draw_hand(&mut image, &tiles, position, bottom, false);
    draw_status(&mut image, position, in_check, highlights.outcome);
    image
}

/// The board without pieces: background, wood, grid, star points and coordinates, drawn once
/// for each side it is seen from.
fn empty_board(flip: bool) -> &'static RgbImage {
    static EMPTY: [OnceLock<RgbImage>; 2] = [OnceLock::new(), OnceLock::new()];
    EMPTY[usize::from(flip)].get_or_init(|| {
        let mut image = RgbImage::from_pixel(WIDTH, HEIGHT, BACKGROUND);
        let (bx, by) = (BX as i32, BY as i32);
        fill_rect(
            &mut image,
            bx - 6,
            by - 6,
            BOARD + 12,
            BOARD + 12,
            TILE_EDGE,
            1.0,
        );
        fill_rect(&mut image, bx - 4, by - 4, BOARD + 8, BOARD + 8, WOOD, 1.0);
        for i in 0..=9 {
            let offset = (i * CELL) as i32;
            let width: i32 = if i == 0 || i == 9 { 2 } else { 1 };
            let along = BOARD + 1;
            fill_rect(
                &mut image,
                bx + offset - width / 2,
                by,
                width as u32,
                along,
                LINE,
                1.0,
            );
            fill_rect(
                &mut image,
                bx,
                by + offset - width / 2,
                along,
                width as u32,
                LINE,
                1.0,
            );
        }
        for (i, j) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
            disc(
                &mut image,
                (BX + i * CELL) as f32,
                (BY + j * CELL) as f32,
                3.5,
                LINE,
            );
        }
        for file in 1..=9u8 {
            let column = if flip {
                u32::from(file) - 1
            } else {
                9 - u32::from(file)
            };
            let x = BX as f32 + column as f32 * CELL as f32 + CELL as f32 / 2.0;
            let label = char::from(b'0' + file);
            draw_char(
                &mut image,
                label,
                x,
                (MARGIN + FILE_H / 2) as f32,
                20.0,
                MUTED,
                false,
            );
        }
        for (rank, label) in "一二三四五六七八九".chars().enumerate() {
            let row = if flip { 8 - rank } else { rank };
            let y = BY as f32 + row as f32 * CELL as f32 + CELL as f32 / 2.0;
            let x = (BX + BOARD + RANK_W / 2 + 4) as f32;
            draw_char(&mut image, label, x, y, 20.0, MUTED, false);
        }
        image
    })
}

/// Top-left pixel of a square (from sente's side file 9 is on the left and rank a at the top;
/// `flip` turns the board round).
fn cell_origin(sq: Square, flip: bool) -> (i32, i32) {
    let (file, rank) = (u32::from(sq.file()), u32::from(sq.rank()));
    let (column, row) = if flip {
        (file - 1, 9 - rank)
    } else {
        (9 - file, rank - 1)
    };
    ((BX + column * CELL) as i32, (BY + row * CELL) as i32)
}

fn blend(image: &mut RgbImage, x: i32, y: i32, color: Rgb<u8>, alpha: f32) {
    if x < 0 || y < 0 || x >= image.width() as i32 || y >= image.height() as i32 || alpha <= 0.0 {
        return;
    }
    let pixel = image.get_pixel_mut(x as u32, y as u32);
    if alpha >= 1.0 {
        *pixel = color;
        return;
    }
    for c in 0..3 {
        let mixed = f32::from(pixel[c]) * (1.0 - alpha) + f32::from(color[c]) * alpha;
        pixel[c] = mixed.round() as u8;
    }
}

fn fill_rect(image: &mut RgbImage, x: i32, y: i32, w: u32, h: u32, color: Rgb<u8>, alpha: f32) {
    for dy in 0..h as i32 {
        for dx in 0..w as i32 {
            blend(image, x + dx, y + dy, color, alpha);
        }
    }
}

fn disc(image: &mut RgbImage, cx: f32, cy: f32, r: f32, color: Rgb<u8>) {
    let reach = r.ceil() as i32 + 1;
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let d = ((dx as f32).powi(2) + (dy as f32).powi(2)).sqrt();
            blend(
                image,
                cx as i32 + dx,
                cy as i32 + dy,
                color,
                (r + 0.5 - d).clamp(0.0, 1.0),
            );
        }
    }
}

/// Whether the point lies inside the polygon (even-odd rule).
fn inside(points: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut result = false;
    let mut j = points.len() - 1;
    for i in 0..points.len() {
        let (xi, yi) = points[i];
        let (xj, yj) = points[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            result = !result;
        }
        j = i;
    }
    result
}

/// Coverage mask of the pentagonal tile, anti-aliased by 4×4 supersampling.
struct Tile {
    width: usize,
    height: usize,
    /// Colour and opacity per pixel (the edge under the face), row-major, pointing up.
    mask: Vec<(Rgb<u8>, f32)>,
}

impl Tile {
    fn new(width: usize, height: usize) -> Tile {
        let (w, h) = (width as f32, height as f32);
        let outer = [
            (0.5, 0.0),
            (0.84, 0.18),
            (0.97, 1.0),
            (0.03, 1.0),
            (0.16, 0.18),
        ];
        let shape = |inset: f32| -> Vec<(f32, f32)> {
            outer
                .iter()
                .map(|&(x, y)| {
                    (
                        x * (w - 2.0 * inset) + inset,
                        y * (h - 2.0 * inset) + inset * 1.3,
                    )
                })
                .collect()
        };
        let (edge, face) = (shape(0.0), shape(1.6));
        let mut mask = Vec::with_capacity(width * height);
        for py in 0..height {
            for px in 0..width {
                let (mut e, mut f) = (0.0, 0.0);
                for sy in 0..4 {
                    for sx in 0..4 {
                        let x = px as f32 + (sx as f32 + 0.5) / 4.0;
                        let y = py as f32 + (sy as f32 + 0.5) / 4.0;
                        e += f32::from(u8::from(inside(&edge, x, y))) / 16.0;
                        f += f32::from(u8::from(inside(&face, x, y))) / 16.0;
                    }
                }
                // The face over the edge, folded into one colour and opacity.
                let alpha = 1.0 - (1.0 - e) * (1.0 - f);
                let mut color = TILE;
                if alpha > 0.0 {
                    for c in 0..3 {
                        let mixed =
                            f32::from(TILE_EDGE[c]) * e * (1.0 - f) + f32::from(TILE[c]) * f;
                        color[c] = (mixed / alpha).round().clamp(0.0, 255.0) as u8;
                    }
                }
                mask.push((color, alpha));
            }
        }
        Tile {
            width,
            height,
            mask,
        }
    }

    /// Draws the tile centred on (cx, cy), turned 180° when `turned`.
    fn draw(&self, image: &mut RgbImage, cx: f32, cy: f32, turned: bool) {
        let left = (cx - self.width as f32 / 2.0).round() as i32;
        let top = (cy - self.height as f32 / 2.0).round() as i32;
        for y in 0..self.height {
            for x in 0..self.width {
                let (sx, sy) = if turned {
                    (self.width - 1 - x, self.height - 1 - y)
                } else {
                    (x, y)
                };
                let (color, alpha) = self.mask[sy * self.width + sx];
                blend(image, left + x as i32, top + y as i32, color, alpha);
            }
        }
    }
}

/// The tiles for board pieces and for pieces in hand, computed once.
struct Tiles {
    board: &'static Tile,
    hand: &'static Tile,
}

impl Tiles {
    fn new() -> Tiles {
        static TILES: OnceLock<(Tile, Tile)> = OnceLock::new();
        let (board, hand) = TILES.get_or_init(|| (Tile::new(40, 45), Tile::new(34, 38)));
        Tiles { board, hand }
    }
}

/// The kanji drawn for a piece: 玉 for sente's king, 王 for gote's.
fn piece_char(piece: Piece) -> char {
    match (piece.role, piece.color) {
        (Role::King, Color::Gote) => '王',
        (role, _) => role.kanji(),
    }
}

fn draw_piece(image: &mut RgbImage, tiles: &Tiles, piece: Piece, flip: bool, cx: f32, cy: f32) {
    let turned = (piece.color == Color::Gote) != flip;
    tiles.board.draw(image, cx, cy, turned);
    let color = if piece.role.is_promoted() { RED } else { INK };
    // The glyph sits a little towards the wide base of the tile.
    let shift = if turned { -2.0 } else { 2.0 };
    draw_char(
        image,
        piece_char(piece),
        cx,
        cy + shift,
        30.0,
        color,
        turned,
    );
}

/// Draws one character centred on (cx, cy), turned 180° when `turned`.
fn draw_char(
    image: &mut RgbImage,
    ch: char,
    cx: f32,
    cy: f32,
    size: f32,
    color: Rgb<u8>,
    turned: bool,
) {
    let font = font();
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
            // Turned half round inside the glyph's box.
            (
                (w as u32).saturating_sub(x + 1),
                (h as u32).saturating_sub(y + 1),
            )
        } else {
            (x, y)
        };
        blend(image, left + x as i32, top + y as i32, color, coverage);
    });
}

/// Draws a line of text starting at `x` with its baseline at `baseline`.
fn draw_text(
    image: &mut RgbImage,
    text: &str,
    x: f32,
    baseline: f32,
    size: f32,
    color: Rgb<u8>,
) -> f32 {
    let font = font();
    let scaled = font.as_scaled(PxScale::from(size));
    let mut pen = x;
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        let glyph = id.with_scale_and_position(PxScale::from(size), ab_glyph::point(pen, baseline));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                blend(
                    image,
                    bounds.min.x as i32 + gx as i32,
                    bounds.min.y as i32 + gy as i32,
                    color,
                    coverage,
                );
            });
        }
        pen += scaled.h_advance(id);
    }
    pen
}

/// A small ☗/☖ marker: a filled (sente) or hollow (gote) pentagon.
fn side_marker(image: &mut RgbImage, color: Color, x: f32, y: f32) {
    let points: Vec<(f32, f32)> = [(0.5, 0.0), (0.9, 0.22), (1.0, 1.0), (0.0, 1.0), (0.1, 0.22)]
        .iter()
        .map(|&(px, py)| (x + px * 16.0, y + py * 19.0))
        .collect();
    let inner: Vec<(f32, f32)> = [
        (0.5, 0.12),
        (0.8, 0.3),
        (0.88, 0.9),
        (0.12, 0.9),
        (0.2, 0.3),
    ]
    .iter()
    .map(|&(px, py)| (x + px * 16.0, y + py * 19.0))
    .collect();
    for py in y as i32..(y + 20.0) as i32 {
        for px in x as i32..(x + 17.0) as i32 {
            let (fx, fy) = (px as f32 + 0.5, py as f32 + 0.5);
            if inside(&points, fx, fy) {
                let hollow = color == Color::Gote && inside(&inner, fx, fy);
                blend(image, px, py, if hollow { BACKGROUND } else { INK }, 1.0);
            }
        }
    }
}

/// Draws `color`'s pieces in hand: top left (turned round) for the side at the top of the
/// picture, bottom right for the side at the bottom.
fn draw_hand(image: &mut RgbImage, tiles: &Tiles, position: &Position, color: Color, top: bool) {
    let held: Vec<(Role, u8)> = Role::HAND
        .iter()
        .map(|&r| (r, position.hand_count(color, r)))
        .filter(|&(_, n)| n > 0)
        .collect();
    let (x, label_y) = if top {
        (MARGIN as f32, BY as f32)
    } else {
        ((BX + BOARD + RANK_W + 8) as f32, (BY + BOARD) as f32 - 22.0)
    };
    side_marker(image, color, x, label_y);
    let name = if color == Color::Sente {
        "先手"
    } else {
        "後手"
    };
    let weight = if position.turn() == color { INK } else { MUTED };
    draw_text(image, name, x + 22.0, label_y + 17.0, 18.0, weight);
    if held.is_empty() {
        let y = if top { label_y + 44.0 } else { label_y - 12.0 };
        draw_text(image, "なし", x + 4.0, y, 16.0, MUTED);
        return;
    }
    for (i, (role, count)) in held.iter().enumerate() {
        let row = i as f32 * 44.0;
        let cy = if top {
            label_y + 52.0 + row
        } else {
            label_y - 30.0 - row
        };
        let cx = x + 22.0;
        let turned = top;
        tiles.hand.draw(image, cx, cy, turned);
        draw_char(
            image,
            role.kanji(),
            cx,
            cy + if turned { -1.5 } else { 1.5 },
            24.0,
            INK,
            turned,
        );
        if *count > 1 {
            draw_text(image, &format!("×{count}"), cx + 22.0, cy + 8.0, 20.0, INK);
        }
    }
}

fn draw_status(
    image: &mut RgbImage,
    position: &Position,
    in_check: bool,
    outcome: Option<Outcome>,
) {
    let y = (BY + BOARD + 14) as f32;
    if let Some(outcome) = outcome {
        let mut text = outcome.to_string();
        if let Some(first) = text.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        if let Some(winner) = outcome.winner() {
            side_marker(image, winner, BX as f32, y);
        }
        draw_text(image, &text, BX as f32 + 24.0, y + 17.0, 20.0, RED);
        return;
    }
    let turn = position.turn();
    side_marker(image, turn, BX as f32, y);
    let text = match turn {
        Color::Sente => "先手番 Sente to move",
        Color::Gote => "後手番 Gote to move",
    };
    let end = draw_text(image, text, BX as f32 + 24.0, y + 17.0, 20.0, INK);
    if in_check {
        draw_text(image, "王手 Check!", end + 18.0, y + 17.0, 20.0, RED);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(image: &RgbImage, x: i32, y: i32) -> Rgb<u8> {
        *image.get_pixel(x as u32, y as u32)
    }

    /// FNV-1a over the raw pixels: a reference hash that changes if the drawing does.
    fn pixel_hash(image: &RgbImage) -> u64 {
        image.as_raw().iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }

    fn cell_origin_sente(sq: Square) -> (i32, i32) {
        cell_origin(sq, false)
    }

    fn square(text: &str) -> Square {
        text.parse().expect("a square")
    }

    #[test]
    fn start_position_png_is_small_and_decodes() {
        let png = render_png(&Position::new(), Highlights::default()).expect("encodes");
        assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
        let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!((decoded.width(), decoded.height()), (WIDTH, HEIGHT));
        assert_eq!(decoded, render(&Position::new(), Highlights::default()));
    }

    #[test]
    fn gote_pieces_are_turned_round() {
        let image = render(&Position::new(), Highlights::default());
        // A tile's narrow tip leaves the wood visible in the cell's corners at the tip end.
        let (x, y) = cell_origin_sente(square("5i"));
        assert_eq!(pixel(&image, x + 8, y + 8), WOOD, "sente tile points up");
        assert_ne!(
            pixel(&image, x + 8, y + CELL as i32 - 6),
            WOOD,
            "sente tile is wide at the bottom"
        );
        let (x, y) = cell_origin_sente(square("5a"));
        assert_eq!(
            pixel(&image, x + 8, y + CELL as i32 - 8),
            WOOD,
            "gote tile points down"
        );
        assert_ne!(
            pixel(&image, x + 8, y + 6),
            WOOD,
            "gote tile is wide at the top"
        );
    }

    #[test]
    fn last_move_and_check_are_marked() {
        let position: Position = "4k4/4G4/4P4/9/9/9/9/9/4K4 w 2r2b3g4s4n4l16p 2"
            .parse()
            .expect("valid");
        let highlights = Highlights {
            last_move: Some("G*5b".parse().expect("usi")),
            outcome: None,
            from_gote: false,
        };
        let image = render(&position, highlights);
        let (x, y) = cell_origin_sente(square("5b"));
        let last = pixel(&image, x + 3, y + 3);
        assert!(
            last[0] > WOOD[0] && last[2] < WOOD[2],
            "yellow tint, got {last:?}"
        );
        let (x, y) = cell_origin_sente(square("5a"));
        let check = pixel(&image, x + 3, y + 3);
        assert!(check[0] > 200 && check[1] < 150, "red tint, got {check:?}");
        let plain = render(&position, Highlights::default());
        let (x, y) = cell_origin_sente(square("5b"));
        assert_eq!(pixel(&plain, x + 3, y + 3), WOOD);
    }

    #[test]
    fn promoted_pieces_are_red() {
        let position: Position = "4k4/9/9/9/4+P4/9/9/9/4K4 b - 1".parse().expect("valid");
        let image = render(&position, Highlights::default());
        let (x, y) = cell_origin_sente(square("5e"));
        let reddish = (0..CELL as i32)
            .flat_map(|dy| (0..CELL as i32).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| {
                let p = pixel(&image, x + dx, y + dy);
                p[0] > 150 && p[1] < 80 && p[2] < 80
            })
            .count();
        assert!(reddish > 20, "only {reddish} red pixels");
    }

    #[test]
    fn reference_picture_of_the_start_position() {
        let image = render(&Position::new(), Highlights::default());
        assert_eq!(
            pixel_hash(&image),
            REFERENCE_START_HASH,
            "the start position picture changed: look at it, then update the hash"
        );
    }

    #[test]
    fn random_positions_render_with_every_hand_and_highlight() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut position = Position::new();
        let mut last_move = None;
        for _ in 0..150 {
            let Some(&mv) = position.legal_moves().choose(&mut rng) else {
                break;
            };
            position = position.play(mv).expect("listed moves are legal");
            last_move = Some(mv);
        }
        let png = render_png(
            &position,
            Highlights {
                last_move,
                outcome: position.outcome(),
                from_gote: false,
            },
        )
        .expect("encodes");
        assert!(png.len() <= 150 * 1024);
        let full: Position = "9/4K4/9/9/9/9/9/4k4/9 b RB17Prb4g4s4n4lp 1"
            .parse()
            .expect("valid");
        let image = render(&full, Highlights::default());
        assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
    }

    #[test]
    fn the_outcome_replaces_the_turn() {
        let position: Position = "4k4/4G4/4P4/9/9/9/9/9/4K4 w 2r2b3g4s4n4l16p 2"
            .parse()
            .expect("valid");
        let outcome = position.outcome();
        assert!(outcome.is_some());
        let over = render(
            &position,
            Highlights {
                last_move: None,
                outcome,
                from_gote: false,
            },
        );
        let going = render(&position, Highlights::default());
        let status = |image: &RgbImage| -> usize {
            let y0 = BY + BOARD + 10;
            (y0..HEIGHT)
                .flat_map(|y| (BX..WIDTH).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let p = image.get_pixel(x, y);
                    p[0] > 150 && p[1] < 80
                })
                .count()
        };
        assert!(
            status(&over) > status(&going) * 2,
            "the outcome is written in red"
        );
    }

    #[test]
    fn seen_from_gote_the_board_turns_round() {
        let view = Highlights {
            from_gote: true,
            ..Highlights::default()
        };
        let image = render(&Position::new(), view);
        // Gote's king now stands upright at the bottom, in the middle column.
        let (x, y) = cell_origin(square("5a"), true);
        assert_eq!((x, y), cell_origin(square("5i"), false));
        assert_eq!(pixel(&image, x + 8, y + 8), WOOD, "gote's tile points up");
        assert_ne!(pixel(&image, x + 8, y + CELL as i32 - 6), WOOD);
        assert_eq!(
            cell_origin(square("1a"), true),
            cell_origin(square("9i"), false)
        );
        assert_ne!(image, render(&Position::new(), Highlights::default()));
    }

    const REFERENCE_START_HASH: u64 = 5_164_871_112_454_574_080;
}
