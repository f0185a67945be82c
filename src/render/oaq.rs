//! The Ô ăn quan board as a 900×400 PNG.
//!
//! Layout, with South at the bottom (ring indices as in `specs/oaq.md`): the top row shows
//! squares 11, 10, 9, 8, 7 from left to right, the bottom row 1–5; the West mandarin square (0)
//! is the half-disc on the left, the East one (6) on the right. Square numbers 1–5 are printed
//! from each owner's own left, so North's read 5 4 3 2 1 on screen.

use std::sync::OnceLock;

use image::RgbImage;

use super::{encode, Align, Canvas, Fonts, RenderError, Weight};
use crate::games::oaq::{Direction, Move, Position, Seat, Square};

/// Picture width in pixels.
pub const WIDTH: u32 = 900;
/// Picture height in pixels.
pub const HEIGHT: u32 = 400;

const SQUARE_W: i32 = 116;
const SQUARE_H: i32 = 100;
const BOARD_X: i32 = 160;
const BOARD_Y: i32 = 100;
const LINE: i32 = 3;

const BACKGROUND: [u8; 3] = [0xF4, 0xE7, 0xCF];
const WOOD: [u8; 3] = [0xE6, 0xC5, 0x8F];
const LINES: [u8; 3] = [0x5C, 0x3A, 0x1E];
const INK: [u8; 3] = [0x2D, 0x1E, 0x12];
const SOFT_INK: [u8; 3] = [0x6B, 0x55, 0x40];
const ORIGIN: [u8; 3] = [0xF7, 0xDE, 0x7A];
const CAPTURED: [u8; 3] = [0xEE, 0xA3, 0x8C];
const ARROW: [u8; 3] = [0xB8, 0x6B, 0x00];
const TURN: [u8; 3] = [0x2E, 0x8B, 0x57];
const PEBBLE_EDGE: [u8; 3] = [0x3A, 0x44, 0x52];
const PEBBLES: [[u8; 3]; 4] = [
    [0x7F, 0x8F, 0xA6],
    [0x9A, 0xA8, 0xAA],
    [0x6D, 0x7B, 0x8D],
    [0xA9, 0xB4, 0xC2],
];
const STONE_EDGE: [u8; 3] = [0x3B, 0x14, 0x10];
const STONE: [u8; 3] = [0x8E, 0x3B, 0x2E];
const STONE_SHINE: [u8; 3] = [0xC5, 0x6A, 0x55];

/// Pebble slots inside a citizen square (offsets from its top-left corner), in filling order.
const SQUARE_SLOTS: [(f32, f32); 12] = [
    (30.0, 30.0),
    (52.0, 50.0),
    (74.0, 30.0),
    (30.0, 72.0),
    (74.0, 72.0),
    (52.0, 24.0),
    (20.0, 51.0),
    (85.0, 51.0),
    (52.0, 77.0),
    (40.0, 40.0),
    (64.0, 62.0),
    (64.0, 38.0),
];

/// Pebble slots in a mandarin half-disc: (distance outward from the board edge, vertical
/// offset from the centre line).
const MANDARIN_SLOTS: [(f32, f32); 8] = [
    (24.0, -52.0),
    (50.0, -58.0),
    (74.0, -42.0),
    (24.0, 52.0),
    (50.0, 58.0),
    (74.0, 42.0),
    (88.0, -14.0),
    (88.0, 14.0),
];

/// The most pebbles drawn in a citizen square; the count is always printed beside them.
pub const MAX_PEBBLES: usize = SQUARE_SLOTS.len();

/// One player's panel: their name and a detail line (for example their captured total).
#[derive(Debug, Clone, Copy)]
pub struct PlayerPanel<'a> {
    /// The player's name.
    pub name: &'a str,
    /// Printed after the name, e.g. "captured 12".
    pub detail: &'a str,
}

/// The last move, to be marked on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    /// The move played.
    pub mv: Move,
    /// The squares it captured, in order.
    pub captured: Vec<Square>,
}

/// Everything the picture shows.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// Whose turn the picture marks (a green dot by their name and a bar along their row).
    /// Usually `position.to_move()`, but `None` once the game is over, including a game ended
    /// by resignation or timeout, where the position still names a player to move.
    pub turn: Option<Seat>,
    /// South's panel, then North's.
    pub players: [PlayerPanel<'a>; 2],
    /// Top-right caption, e.g. "Ô ăn quan · standard".
    pub title: &'a str,
    /// Bottom-right caption, e.g. whose turn it is or the result.
    pub status: &'a str,
    /// The move that led to this position, if any.
    pub last: Option<&'a LastMove>,
}

/// The top-left corner of a citizen square on screen.
fn square_origin(square: Square) -> (i32, i32) {
    let i = square.index() as i32;
    if i < 6 {
        (BOARD_X + (i - 1) * SQUARE_W, BOARD_Y + SQUARE_H)
    } else {
        (BOARD_X + (11 - i) * SQUARE_W, BOARD_Y)
    }
}

/// Which way stones leave `mv.square` on screen: `true` when they travel right.
pub fn travels_right(mv: Move) -> bool {
    let south = mv.square.owner() == Some(Seat::South);
    south == (mv.direction == Direction::Right)
}

/// The parts of the picture that never change: background, board, empty squares and the
/// square numbers. Drawn once per process (the fonts are the embedded ones, so every `Fonts`
/// draws the same pixels) and copied at the start of each board, which saves most of the
/// drawing time of a click.
fn base(fonts: &Fonts) -> &'static RgbImage {
    static BASE: OnceLock<RgbImage> = OnceLock::new();
    BASE.get_or_init(|| {
        let mut canvas = Canvas::new(fonts, WIDTH, HEIGHT, BACKGROUND);
        canvas.fill_rect(
            BOARD_X - LINE,
            BOARD_Y - LINE,
            5 * SQUARE_W + 2 * LINE,
            2 * SQUARE_H + 2 * LINE,
            LINES,
        );
        for square in [Square::WEST, Square::EAST] {
            mandarin_square(&mut canvas, square, WOOD);
        }
        for square in Square::all().filter(|s| !s.is_mandarin()) {
            citizen_square(&mut canvas, square, WOOD);
            let (x, _) = square_origin(square);
            let label = square.label().map(|l| l.to_string()).unwrap_or_default();
            canvas.text(
                &label,
                (x + SQUARE_W / 2) as f32,
                label_y(square) as f32,
                19.0,
                Weight::Bold,
                Align::Center,
                SOFT_INK,
            );
        }
        canvas.into_image()
    })
}

/// Fills a mandarin half-disc (with its outline) in `fill`.
fn mandarin_square(canvas: &mut Canvas<'_>, square: Square, fill: [u8; 3]) {
    let mid_y = (BOARD_Y + SQUARE_H) as f32;
    let radius = SQUARE_H as f32;
    let left = BOARD_X as f32;
    let right = (BOARD_X + 5 * SQUARE_W) as f32;
    let (cx, lo, hi) = if square == Square::WEST {
        (left, f32::MIN, left)
    } else {
        (right, right, f32::MAX)
    };
    canvas.disc_clipped((cx, mid_y), radius + LINE as f32, LINES, 1.0, lo, hi);
    canvas.disc_clipped((cx, mid_y), radius, fill, 1.0, lo, hi);
}

/// Fills the inside of a citizen square in `fill`.
fn citizen_square(canvas: &mut Canvas<'_>, square: Square, fill: [u8; 3]) {
    let (x, y) = square_origin(square);
    canvas.fill_rect(
        x + LINE / 2 + 1,
        y + LINE / 2 + 1,
        SQUARE_W - LINE - 1,
        SQUARE_H - LINE - 1,
        fill,
    );
}

/// The top of a citizen square's number: above the board for North, below it for South.
fn label_y(square: Square) -> i32 {
    let (_, y) = square_origin(square);
    if square.owner() == Some(Seat::North) {
        y - 27
    } else {
        y + SQUARE_H + 3
    }
}

/// Draws the board.
pub fn draw(fonts: &Fonts, view: &BoardView<'_>) -> RgbImage {
    let mut canvas = Canvas::from_image(fonts, base(fonts).clone());
    let position = view.position;
    let captured: &[Square] = view.last.map(|l| l.captured.as_slice()).unwrap_or(&[]);
    let origin = view.last.map(|l| l.mv.square);

    // The last move: its origin and the squares it captured are tinted.
    for &square in captured {
        if square.is_mandarin() {
            mandarin_square(&mut canvas, square, CAPTURED);
        } else {
            citizen_square(&mut canvas, square, CAPTURED);
        }
    }
    if let Some(square) = origin.filter(|s| !captured.contains(s)) {
        citizen_square(&mut canvas, square, ORIGIN);
    }

    // Whose turn: a green bar along the outer edge of the mover's row.
    if let Some(seat) = view.turn {
        let y = match seat {
            Seat::North => BOARD_Y + 3,
            Seat::South => BOARD_Y + 2 * SQUARE_H - 9,
        };
        canvas.fill_rect(BOARD_X + 3, y, 5 * SQUARE_W - 6, 6, TURN);
    }

    // Stones.
    for square in Square::all() {
        let citizens = position.citizens(square);
        if square.is_mandarin() {
            draw_mandarin(&mut canvas, position, square, citizens);
        } else {
            let (x, y) = square_origin(square);
            for (k, &(dx, dy)) in SQUARE_SLOTS.iter().take(citizens as usize).enumerate() {
                pebble(
                    &mut canvas,
                    x as f32 + dx,
                    y as f32 + dy,
                    square.index() + k,
                );
            }
            if citizens > 0 {
                canvas.text(
                    &citizens.to_string(),
                    (x + SQUARE_W - 6) as f32,
                    (y + SQUARE_H - 30) as f32,
                    20.0,
                    Weight::Bold,
                    Align::Right,
                    INK,
                );
            }
        }
    }

    // The last move's direction, beside its square's number.
    if let Some(last) = view.last {
        let (x, _) = square_origin(last.mv.square);
        arrow(
            &mut canvas,
            (x + SQUARE_W / 2) as f32,
            label_y(last.mv.square) as f32 + 13.0,
            travels_right(last.mv),
        );
    }

    // Panels: North at the top, South at the bottom.
    for seat in Seat::BOTH {
        let panel = view.players[seat.index()];
        let y = match seat {
            Seat::North => 16.0,
            Seat::South => 350.0,
        };
        let mut x = 40.0;
        if view.turn == Some(seat) {
            canvas.fill_disc(x + 8.0, y + 17.0, 8.0, TURN);
            x += 24.0;
        }
        let name = canvas.fit(panel.name, 26.0, Weight::Bold, 380.0);
        x += canvas.text(&name, x, y, 26.0, Weight::Bold, Align::Left, INK);
        canvas.text(
            panel.detail,
            x + 14.0,
            y + 5.0,
            21.0,
            Weight::Regular,
            Align::Left,
            SOFT_INK,
        );
    }
    let title = canvas.fit(view.title, 21.0, Weight::Regular, 330.0);
    canvas.text(
        &title,
        860.0,
        21.0,
        21.0,
        Weight::Regular,
        Align::Right,
        SOFT_INK,
    );
    let status = canvas.fit(view.status, 22.0, Weight::Bold, 360.0);
    canvas.text(&status, 860.0, 354.0, 22.0, Weight::Bold, Align::Right, INK);
    canvas.into_image()
}

/// Draws the board and encodes it as PNG.
pub fn render(fonts: &Fonts, view: &BoardView<'_>) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw(fonts, view))
}

fn pebble(canvas: &mut Canvas<'_>, x: f32, y: f32, seed: usize) {
    canvas.fill_disc(x, y, 9.0, PEBBLE_EDGE);
    canvas.fill_disc(x, y, 7.5, PEBBLES[seed % PEBBLES.len()]);
    canvas.fill_disc(x - 2.5, y - 2.5, 2.5, [0xE8, 0xEC, 0xF0]);
}

fn draw_mandarin(canvas: &mut Canvas<'_>, position: &Position, square: Square, citizens: u8) {
    let mid_y = (BOARD_Y + SQUARE_H) as f32;
    // +1 draws outwards to the right (East), -1 to the left (West).
    let (edge, outward) = if square == Square::WEST {
        (BOARD_X as f32, -1.0)
    } else {
        ((BOARD_X + 5 * SQUARE_W) as f32, 1.0)
    };
    if position.has_quan(square) {
        let cx = edge + outward * 48.0;
        canvas.fill_disc(cx, mid_y, 28.0, STONE_EDGE);
        canvas.fill_disc(cx, mid_y, 26.0, STONE);
        canvas.fill_disc(cx - 8.0, mid_y - 9.0, 8.0, STONE_SHINE);
    }
    for (k, &(out, dy)) in MANDARIN_SLOTS.iter().take(citizens as usize).enumerate() {
        pebble(canvas, edge + outward * out, mid_y + dy, square.index() + k);
    }
    if citizens > 0 {
        let (x, align) = if square == Square::WEST {
            (edge - 8.0, Align::Right)
        } else {
            (edge + 8.0, Align::Left)
        };
        canvas.text(
            &citizens.to_string(),
            x,
            mid_y - 12.0,
            20.0,
            Weight::Bold,
            align,
            INK,
        );
    }
}

/// A short horizontal arrow centred on `cx`, beside a square number, pointing the way the
/// stones went.
fn arrow(canvas: &mut Canvas<'_>, cx: f32, cy: f32, right: bool) {
    let sign = if right { 1.0 } else { -1.0 };
    let start = cx + sign * 14.0;
    let tip = cx + sign * 44.0;
    let shaft_end = tip - sign * 10.0;
    let (x0, x1) = if right {
        (start, shaft_end)
    } else {
        (shaft_end, start)
    };
    canvas.fill_rect(x0 as i32, (cy - 2.5) as i32, (x1 - x0) as i32, 5, ARROW);
    canvas.polygon(
        &[(tip, cy), (shaft_end, cy - 8.0), (shaft_end, cy + 8.0)],
        ARROW,
        1.0,
    );
}
