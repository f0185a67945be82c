//! The Shogi board as a PNG.
//!
//! Conventions (`specs/shogi.md`): kanji pieces on pentagon tiles, gote's turned 180°, promoted
//! pieces in red, 玉 for sente's king and 王 for gote's, files 9…1 along the top and ranks 一…九
//! down the right side, pieces in hand beside the board with their counts (gote's top left,
//! sente's bottom right), the last move highlighted, the side to move and a check marked
//! under the board. The pieces, numerals and ☗/☖ markers are the game's own marks; every word
//! comes from the caller's [`Words`].

use std::sync::OnceLock;

use image::RgbImage;

use super::{encode, Align, Canvas, Color as Rgb, Fonts, Point, RenderError, Weight};
use crate::games::shogi::{Color, Move, Outcome, Piece, Position, Role, Square};

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
/// Picture width.
pub const WIDTH: u32 = BX + BOARD + RANK_W + 8 + HAND_W + MARGIN;
/// Picture height.
pub const HEIGHT: u32 = BY + BOARD + STATUS_H + MARGIN;

const BACKGROUND: Rgb = [244, 236, 222];
const WOOD: Rgb = [226, 184, 110];
const LINE: Rgb = [74, 52, 28];
const TILE: Rgb = [250, 226, 176];
const TILE_EDGE: Rgb = [120, 84, 40];
const INK: Rgb = [24, 20, 16];
const RED: Rgb = [196, 22, 28];
const LAST_MOVE: Rgb = [255, 214, 64];
const CHECK: Rgb = [235, 64, 52];
const MUTED: Rgb = [120, 104, 84];

/// The outline of a piece's tile, pointing up, as fractions of its width and height.
const TILE_SHAPE: [Point; 5] = [
    (0.5, 0.0),
    (0.84, 0.18),
    (0.97, 1.0),
    (0.03, 1.0),
    (0.16, 0.18),
];
/// The tile of a piece on the board and of one in hand (width, height).
const BOARD_TILE: Point = (40.0, 45.0);
const HAND_TILE: Point = (34.0, 38.0);

/// What to draw besides the position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Highlights {
    /// The move that led to the position, highlighted on the board.
    pub last_move: Option<Move>,
    /// How the game ended: the status is then written in red, beside the winner's marker.
    pub outcome: Option<Outcome>,
    /// Draw the board from gote's side (gote's pieces upright at the bottom, file 1 on the
    /// left, rank i at the top) instead of sente's.
    pub from_gote: bool,
}

/// The words the picture prints, in the reader's language.
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    /// Beside sente's pieces in hand, e.g. "先手" or "Sente".
    pub sente: &'a str,
    /// Beside gote's pieces in hand.
    pub gote: &'a str,
    /// In place of an empty hand, e.g. "なし".
    pub empty_hand: &'a str,
    /// Under the board: whose turn it is, or the result when `Highlights::outcome` is set.
    pub status: &'a str,
    /// After the status, in red, while the side to move is in check (and the game goes on).
    pub check: &'a str,
}

/// Everything the picture shows.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// The last move, the result and the side the board is seen from.
    pub highlights: Highlights,
    /// The words to print.
    pub words: Words<'a>,
}

/// Draws the board.
pub fn draw(fonts: &Fonts, view: &BoardView<'_>) -> RgbImage {
    let (position, highlights) = (view.position, view.highlights);
    let flip = highlights.from_gote;
    let mut c = Canvas::from_image(fonts, empty_board(fonts, flip).clone());
    if let Some(mv) = highlights.last_move {
        for sq in mv.from().into_iter().chain([mv.to()]) {
            tint(&mut c, cell_origin(sq, flip), LAST_MOVE, 0.55);
        }
    }
    let in_check = position.is_check();
    if in_check {
        let king = position.king_square(position.turn());
        tint(&mut c, cell_origin(king, flip), CHECK, 0.6);
    }
    for sq in Square::all() {
        if let Some(piece) = position.piece_at(sq) {
            let (x, y) = cell_origin(sq, flip);
            let half = CELL as f32 / 2.0;
            draw_piece(&mut c, piece, flip, (x as f32 + half, y as f32 + half));
        }
    }
    let bottom = if flip { Color::Gote } else { Color::Sente };
    draw_hand(&mut c, view, !bottom, true);
    draw_hand(&mut c, view, bottom, false);
    draw_status(&mut c, view, in_check);
    c.into_image()
}

/// Draws the board and encodes it as PNG.
pub fn render(fonts: &Fonts, view: &BoardView<'_>) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw(fonts, view))
}

/// The board without pieces: background, wood, grid, star points and coordinates, drawn once
/// for each side it is seen from (the fonts are the embedded ones, so every `Fonts` draws the
/// same pixels).
fn empty_board(fonts: &Fonts, flip: bool) -> &'static RgbImage {
    static EMPTY: [OnceLock<RgbImage>; 2] = [OnceLock::new(), OnceLock::new()];
    EMPTY[usize::from(flip)].get_or_init(|| {
        let mut c = Canvas::new(fonts, WIDTH, HEIGHT, BACKGROUND);
        let (bx, by, board) = (BX as i32, BY as i32, BOARD as i32);
        c.fill_rect(bx - 6, by - 6, board + 12, board + 12, TILE_EDGE);
        c.fill_rect(bx - 4, by - 4, board + 8, board + 8, WOOD);
        for i in 0..=9 {
            let offset = i * CELL as i32;
            let width = if i == 0 || i == 9 { 2 } else { 1 };
            c.fill_rect(bx + offset - width / 2, by, width, board + 1, LINE);
            c.fill_rect(bx, by + offset - width / 2, board + 1, width, LINE);
        }
        for (i, j) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
            let at = ((BX + i * CELL) as f32, (BY + j * CELL) as f32);
            c.disc(at, 3.5, LINE, 1.0);
        }
        for file in 1..=9u8 {
            let column = if flip {
                u32::from(file) - 1
            } else {
                9 - u32::from(file)
            };
            let x = BX as f32 + column as f32 * CELL as f32 + CELL as f32 / 2.0;
            let label = char::from(b'0' + file);
            c.kanji(label, (x, (MARGIN + FILE_H / 2) as f32), 20.0, MUTED, false);
        }
        for (rank, label) in "一二三四五六七八九".chars().enumerate() {
            let row = if flip { 8 - rank } else { rank };
            let y = BY as f32 + row as f32 * CELL as f32 + CELL as f32 / 2.0;
            let x = (BX + BOARD + RANK_W / 2 + 4) as f32;
            c.kanji(label, (x, y), 20.0, MUTED, false);
        }
        c.into_image()
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

/// Tints the inside of the square at `origin`, leaving its grid lines dark.
fn tint(c: &mut Canvas<'_>, (x, y): (i32, i32), color: Rgb, alpha: f32) {
    let inside = (CELL - 1) as f32;
    c.rect((x + 1) as f32, (y + 1) as f32, inside, inside, color, alpha);
}

/// Draws a pentagonal tile of `size` centred on `centre`, turned 180° when `turned`.
fn tile(c: &mut Canvas<'_>, (cx, cy): Point, (w, h): Point, turned: bool) {
    let left = (cx - w / 2.0).round();
    let top = (cy - h / 2.0).round();
    let outline = |inset: f32| -> [Point; 5] {
        TILE_SHAPE.map(|(x, y)| {
            let (x, y) = if turned { (1.0 - x, 1.0 - y) } else { (x, y) };
            let y_inset = if turned { inset * 0.7 } else { inset * 1.3 };
            (
                left + x * (w - 2.0 * inset) + inset,
                top + y * (h - 2.0 * inset) + y_inset,
            )
        })
    };
    c.polygon(&outline(0.0), TILE_EDGE, 1.0);
    c.polygon(&outline(1.6), TILE, 1.0);
}

/// The kanji drawn for a piece: 玉 for sente's king, 王 for gote's.
fn piece_char(piece: Piece) -> char {
    match (piece.role, piece.color) {
        (Role::King, Color::Gote) => '王',
        (role, _) => role.kanji(),
    }
}

fn draw_piece(c: &mut Canvas<'_>, piece: Piece, flip: bool, (cx, cy): Point) {
    let turned = (piece.color == Color::Gote) != flip;
    tile(c, (cx, cy), BOARD_TILE, turned);
    let color = if piece.role.is_promoted() { RED } else { INK };
    // The glyph sits a little towards the wide base of the tile.
    let shift = if turned { -2.0 } else { 2.0 };
    c.kanji(piece_char(piece), (cx, cy + shift), 30.0, color, turned);
}

/// A small ☗/☖ marker: a filled (sente) or hollow (gote) pentagon.
fn side_marker(c: &mut Canvas<'_>, color: Color, (x, y): Point) {
    let at = |(px, py): Point| (x + px * 16.0, y + py * 19.0);
    c.polygon(
        &[(0.5, 0.0), (0.9, 0.22), (1.0, 1.0), (0.0, 1.0), (0.1, 0.22)].map(at),
        INK,
        1.0,
    );
    if color == Color::Gote {
        c.polygon(
            &[
                (0.5, 0.12),
                (0.8, 0.3),
                (0.88, 0.9),
                (0.12, 0.9),
                (0.2, 0.3),
            ]
            .map(at),
            BACKGROUND,
            1.0,
        );
    }
}

/// Draws `color`'s pieces in hand: top left (turned round) for the side at the top of the
/// picture, bottom right for the side at the bottom.
fn draw_hand(c: &mut Canvas<'_>, view: &BoardView<'_>, color: Color, top: bool) {
    let position = view.position;
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
    side_marker(c, color, (x, label_y));
    let name = match color {
        Color::Sente => view.words.sente,
        Color::Gote => view.words.gote,
    };
    let ink = if position.turn() == color { INK } else { MUTED };
    let name = c.fit(name, 17.0, Weight::Regular, (HAND_W - 22) as f32);
    c.text_middle(
        &name,
        (x + 22.0, label_y + 10.5),
        17.0,
        Weight::Regular,
        Align::Left,
        ink,
    );
    if held.is_empty() {
        let y = if top { label_y + 38.0 } else { label_y - 18.0 };
        let empty = c.fit(view.words.empty_hand, 15.0, Weight::Regular, HAND_W as f32);
        c.text_middle(
            &empty,
            (x + 4.0, y),
            15.0,
            Weight::Regular,
            Align::Left,
            MUTED,
        );
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
        tile(c, (cx, cy), HAND_TILE, turned);
        let shift = if turned { -1.5 } else { 1.5 };
        c.kanji(role.kanji(), (cx, cy + shift), 24.0, INK, turned);
        if *count > 1 {
            let text = format!("×{count}");
            c.text_middle(
                &text,
                (cx + 21.0, cy),
                22.0,
                Weight::Regular,
                Align::Left,
                INK,
            );
        }
    }
}

/// The line under the board: the result in bold red beside the winner's marker, or whose turn
/// it is beside their marker, followed by the check warning in red.
fn draw_status(c: &mut Canvas<'_>, view: &BoardView<'_>, in_check: bool) {
    let y = (BY + BOARD + 14) as f32;
    let middle = y + 10.5;
    let x = BX as f32 + 24.0;
    let width = (WIDTH - MARGIN) as f32 - x;
    let outcome = view.highlights.outcome;
    let (marker, weight, color) = match outcome {
        Some(outcome) => (outcome.winner(), Weight::Bold, RED),
        None => (Some(view.position.turn()), Weight::Regular, INK),
    };
    if let Some(side) = marker {
        side_marker(c, side, (BX as f32, y));
    }
    let status = c.fit(view.words.status, 20.0, weight, width);
    let drawn = c.text_middle(&status, (x, middle), 20.0, weight, Align::Left, color);
    if in_check && outcome.is_none() {
        let left = x + drawn + 18.0;
        let check = c.fit(view.words.check, 20.0, Weight::Regular, width - (left - x));
        c.text_middle(
            &check,
            (left, middle),
            20.0,
            Weight::Regular,
            Align::Left,
            RED,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws with plain English words, as a caller without a catalogue would: the result, or
    /// whose turn it is.
    fn english<R>(
        position: &Position,
        highlights: Highlights,
        then: impl FnOnce(&Fonts, &BoardView<'_>) -> R,
    ) -> R {
        let fonts = Fonts::load().expect("fonts");
        let status = match (highlights.outcome, position.turn()) {
            (Some(outcome), _) => outcome.to_string(),
            (None, Color::Sente) => "先手番 Sente to move".into(),
            (None, Color::Gote) => "後手番 Gote to move".into(),
        };
        let words = Words {
            sente: "先手",
            gote: "後手",
            empty_hand: "なし",
            status: &status,
            check: "王手 Check!",
        };
        then(
            &fonts,
            &BoardView {
                position,
                highlights,
                words,
            },
        )
    }

    fn picture(position: &Position, highlights: Highlights) -> RgbImage {
        english(position, highlights, draw)
    }

    fn png(position: &Position, highlights: Highlights) -> Result<Vec<u8>, RenderError> {
        english(position, highlights, render)
    }

    fn pixel(image: &RgbImage, x: i32, y: i32) -> Rgb {
        image.get_pixel(x as u32, y as u32).0
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
        let png = png(&Position::new(), Highlights::default()).expect("encodes");
        assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
        let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!((decoded.width(), decoded.height()), (WIDTH, HEIGHT));
        assert_eq!(decoded, picture(&Position::new(), Highlights::default()));
    }

    #[test]
    fn gote_pieces_are_turned_round() {
        let image = picture(&Position::new(), Highlights::default());
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
        let image = picture(&position, highlights);
        let (x, y) = cell_origin_sente(square("5b"));
        let last = pixel(&image, x + 3, y + 3);
        assert!(
            last[0] > WOOD[0] && last[2] < WOOD[2],
            "yellow tint, got {last:?}"
        );
        let (x, y) = cell_origin_sente(square("5a"));
        let check = pixel(&image, x + 3, y + 3);
        assert!(check[0] > 200 && check[1] < 150, "red tint, got {check:?}");
        let plain = picture(&position, Highlights::default());
        let (x, y) = cell_origin_sente(square("5b"));
        assert_eq!(pixel(&plain, x + 3, y + 3), WOOD);
    }

    #[test]
    fn promoted_pieces_are_red() {
        let position: Position = "4k4/9/9/9/4+P4/9/9/9/4K4 b - 1".parse().expect("valid");
        let image = picture(&position, Highlights::default());
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
        let image = picture(&Position::new(), Highlights::default());
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
        let png = png(
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
        let image = picture(&full, Highlights::default());
        assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
    }

    #[test]
    fn the_outcome_replaces_the_turn() {
        let position: Position = "4k4/4G4/4P4/9/9/9/9/9/4K4 w 2r2b3g4s4n4l16p 2"
            .parse()
            .expect("valid");
        let outcome = position.outcome();
        assert!(outcome.is_some());
        let over = picture(
            &position,
            Highlights {
                last_move: None,
                outcome,
                from_gote: false,
            },
        );
        let going = picture(&position, Highlights::default());
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
        let image = picture(&Position::new(), view);
        // Gote's king now stands upright at the bottom, in the middle column.
        let (x, y) = cell_origin(square("5a"), true);
        assert_eq!((x, y), cell_origin(square("5i"), false));
        assert_eq!(pixel(&image, x + 8, y + 8), WOOD, "gote's tile points up");
        assert_ne!(pixel(&image, x + 8, y + CELL as i32 - 6), WOOD);
        assert_eq!(
            cell_origin(square("1a"), true),
            cell_origin(square("9i"), false)
        );
        assert_ne!(image, picture(&Position::new(), Highlights::default()));
    }

    const REFERENCE_START_HASH: u64 = 15_477_218_036_639_294_336;
}
