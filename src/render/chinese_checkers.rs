//! The Chinese checkers board as a PNG: the star, tinted start and goal triangles, pegs in six
//! colour-blind-safe colours (Okabe–Ito) each with its compass badge, faint labels in empty
//! holes, the last move's path (and those of the moves just before it that the caller shows
//! too, in their sets' colours), and a side panel with whose turn it is and each player's
//! progress. Every word in the panel comes from the caller's [`BoardView`].

use std::sync::{Arc, Mutex};

use image::RgbImage;

use super::{encode, Align, Canvas, Color, Fonts, Point, RenderError, Weight};
use crate::games::chinese_checkers::{Hole, Move, Player, Position, Triangle};

/// Half the distance between neighbouring holes, in pixels (one doubled column).
const UNIT: f32 = 20.0;
/// Space left and right of the hole grid.
const MARGIN: f32 = 42.0;
/// Space above and below the hole grid (the star's tips reach further out).
const MARGIN_Y: f32 = 52.0;
/// Width of the side panel.
const PANEL: f32 = 224.0;
/// Left edge of the side panel.
const PANEL_X: f32 = 24.0 * UNIT + 2.0 * MARGIN;
/// Left edge of the panel's text.
const TEXT_X: f32 = PANEL_X + 22.0;
/// Picture width.
pub const WIDTH: u32 = (PANEL_X + PANEL) as u32;
/// Picture height.
pub const HEIGHT: u32 = (16.0 * UNIT * 1.732_050_8 + 2.0 * MARGIN_Y) as u32;

const BACKGROUND: Color = [0xf6, 0xf1, 0xe7];
const PANEL_BACKGROUND: Color = [0xee, 0xe6, 0xd6];
const TO_MOVE_BACKGROUND: Color = [0xff, 0xfb, 0xf2];
const BOARD: Color = [0xe6, 0xd3, 0xae];
const BOARD_EDGE: Color = [0xb8, 0x9b, 0x6a];
const HOLE: Color = [0xf3, 0xe9, 0xd4];
const INK: Color = [0x2b, 0x25, 0x1e];
const FAINT: Color = [0x8a, 0x77, 0x5a];
const BAR: Color = [0xd8, 0xcb, 0xb0];

/// Okabe–Ito colours by home triangle (N, NE, SE, S, SW, NW), with the badge's text colour.
const SET_COLOURS: [(Color, Color); 6] = [
    ([0x00, 0x72, 0xb2], [0xff, 0xff, 0xff]), // blue
    ([0xe6, 0x9f, 0x00], [0x1a, 0x1a, 0x1a]), // orange
    ([0x00, 0x9e, 0x73], [0xff, 0xff, 0xff]), // bluish green
    ([0xd5, 0x5e, 0x00], [0xff, 0xff, 0xff]), // vermillion
    ([0x56, 0xb4, 0xe9], [0x1a, 0x1a, 0x1a]), // sky blue
    ([0xcc, 0x79, 0xa7], [0x1a, 0x1a, 0x1a]), // reddish purple
];

/// The colour of the pegs whose home is triangle `triangle` (0–5, N clockwise), as the board
/// draws them.
pub fn set_colour(triangle: usize) -> Color {
    SET_COLOURS[triangle % SET_COLOURS.len()].0
}

/// Corner holes of each triangle: tip first.
const CORNERS: [[&str; 3]; 6] = [
    ["A1", "D1", "D4"],
    ["E13", "E10", "H10"],
    ["M13", "J10", "M10"],
    ["Q1", "N1", "N4"],
    ["M1", "J1", "M4"],
    ["E1", "E4", "H1"],
];

/// One player's entry in the side panel.
#[derive(Debug, Clone, Copy)]
pub struct PlayerPanel<'a> {
    /// The player's name, with whatever the caller adds (colour, place), e.g. "P1 blue - 1st".
    pub name: &'a str,
    /// Printed beside the progress bar, e.g. "3/10 home".
    pub detail: &'a str,
}

/// Everything the picture shows.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// The move that led to this position, drawn along its path.
    pub last_move: Option<&'a Move>,
    /// Whose entry the panel marks as the one to move: usually `position.to_move()`, `None`
    /// once the game is over.
    pub turn: Option<Player>,
    /// The panel's heading, e.g. "Chinese checkers".
    pub title: &'a str,
    /// Under the heading: whose turn it is or the result.
    pub status: &'a str,
    /// One entry per player, in seat order (extra entries are ignored).
    pub players: &'a [PlayerPanel<'a>],
    /// At the foot of the panel, e.g. how to write a move.
    pub footer: &'a str,
}

/// Draws the board.
pub fn draw(fonts: &Fonts, view: &BoardView<'_>) -> RgbImage {
    draw_run(fonts, view, &[])
}

/// Draws the board with the paths of `earlier` moves too: moves played before the last one
/// that the picture shows as well (a run of computer turns), oldest first, each with the set
/// of the peg it moved, drawn under the last move in that set's colour.
pub fn draw_run(
    fonts: &Fonts,
    view: &BoardView<'_>,
    earlier: &[(Move, Option<Triangle>)],
) -> RgbImage {
    let position = view.position;
    let mut c = Canvas::from_image(fonts, base(fonts, position).as_ref().clone());
    for (mv, set) in earlier {
        draw_earlier_path(&mut c, mv, *set);
    }
    if let Some(mv) = view.last_move {
        draw_path(&mut c, position, mv);
    }
    draw_pegs(&mut c, position, view.last_move);
    draw_panel(&mut c, view);
    let mut image = c.into_image();
    limit_colours(&mut image);
    image
}

/// Draws the board and encodes it as PNG.
pub fn render(fonts: &Fonts, view: &BoardView<'_>) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw(fonts, view))
}

/// Snaps a channel to the middle of its band of 8 values: invisible, and it leaves few enough
/// colours (about 1,300 on a busy board) for the rarest to be folded into the 256 most used, so
/// the PNG is a palette picture: a third of the bytes of RGB, a third of the time to encode.
fn quantise(channel: u8) -> u8 {
    (channel & !7) | 4
}

/// Snaps every channel with [`quantise`] and keeps the 256 colours used most, each other colour
/// replaced by the nearest kept one: the pixels `encode::limit_colours(image, 256)` gives after
/// quantising (the same palette, the same pixels), but counted and replaced through a table
/// indexed by the snapped colour (32 × 32 × 32 entries) instead of a hash map. That call was
/// about 40% of the time of a busy 6-player board (perf); with this the whole is a fifth less.
fn limit_colours(image: &mut RgbImage) {
    const BANDS: usize = 1 << 15;
    let key = |p: &[u8]| {
        usize::from(p[0] >> 3) << 10 | usize::from(p[1] >> 3) << 5 | usize::from(p[2] >> 3)
    };
    // The snapped colour of a key; keys and colours sort in the same order.
    let colour = |k: usize| [k >> 10, k >> 5 & 31, k & 31].map(|v| quantise((v as u8) << 3));
    // Counted by runs of equal pixels: most of a picture is flat, and adding one pixel at a time
    // to the same entry makes every addition wait for the one before.
    let mut uses = vec![0u32; BANDS];
    let mut run = ([0u8; 3], 0u32);
    for pixel in image.chunks_exact(3) {
        let pixel = [pixel[0], pixel[1], pixel[2]];
        if pixel == run.0 {
            run.1 += 1;
        } else {
            uses[key(&run.0)] += run.1;
            run = (pixel, 1);
        }
    }
    uses[key(&run.0)] += run.1;
    let mut by_use: Vec<(usize, u32)> = uses
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, &n)| (k, n))
        .collect();
    let mut table = vec![[0u8; 3]; BANDS];
    for &(k, _) in &by_use {
        table[k] = colour(k);
    }
    if by_use.len() > 256 {
        // Most used first; equal counts by colour, so the same picture always gets the same
        // palette.
        by_use.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let (kept, dropped) = by_use.split_at(256);
        let mut palette = [[0i32; 256]; 3];
        for (i, &(k, _)) in kept.iter().enumerate() {
            for (channel, value) in palette.iter_mut().zip(colour(k)) {
                channel[i] = i32::from(value);
            }
        }
        for &(k, _) in dropped {
            table[k] = colour(kept[nearest(&palette, colour(k))].0);
        }
    }
    let mut last = ([0u8; 3], table[0]);
    for pixel in image.chunks_exact_mut(3) {
        let colour = [pixel[0], pixel[1], pixel[2]];
        if colour != last.0 {
            last = (colour, table[key(&colour)]);
        }
        pixel.copy_from_slice(&last.1);
    }
}

/// The index of the colour of `palette` (red, green and blue apart) closest to `color`, weighted
/// for the eye as `encode::limit_colours` weighs it (green counts most), the first of equals
/// winning. Each distance is packed above its index so that one `min` finds both, in a loop the
/// compiler can run several colours at a time (a busy board drops about a thousand colours).
fn nearest(palette: &[[i32; 256]; 3], color: [u8; 3]) -> usize {
    let [r, g, b] = color.map(i32::from);
    let mut best = i32::MAX;
    let [reds, greens, blues] = palette;
    for (i, ((pr, pg), pb)) in (0..).zip(reds.iter().zip(greens).zip(blues)) {
        let (dr, dg, db) = (pr - r, pg - g, pb - b);
        // At most 9 × 255² (under 2^20), so the packed value stays under 2^28.
        best = best.min((2 * dr * dr + 4 * dg * dg + 3 * db * db) << 8 | i);
    }
    (best & 0xff) as usize
}

/// Pictures of the empty board, one per set of triangles in play, drawn once and reused: the
/// star, the tinted triangles, every hole with its label, and the panel's background. (The
/// fonts are the embedded ones, so every `Fonts` draws the same pixels.)
static BASES: Mutex<Vec<(u8, Arc<RgbImage>)>> = Mutex::new(Vec::new());

fn base(fonts: &Fonts, position: &Position) -> Arc<RgbImage> {
    let key = Triangle::ALL
        .iter()
        .filter(|t| position.player_of(**t).is_some())
        .fold(0u8, |k, t| k | 1 << t.index());
    let mut bases = BASES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, image)) = bases.iter().find(|(k, _)| *k == key) {
        return Arc::clone(image);
    }
    let mut c = Canvas::new(fonts, WIDTH, HEIGHT, BACKGROUND);
    draw_star(&mut c, position);
    draw_holes(&mut c);
    c.fill_rect(
        PANEL_X as i32,
        0,
        PANEL as i32,
        HEIGHT as i32,
        PANEL_BACKGROUND,
    );
    c.fill_rect(PANEL_X as i32, 0, 2, HEIGHT as i32, BOARD_EDGE);
    let image = Arc::new(c.into_image());
    bases.push((key, Arc::clone(&image)));
    image
}

fn centre(hole: Hole) -> Point {
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
fn inflate(corners: [Point; 3], by: f32) -> [Point; 3] {
    let cx = corners.iter().map(|p| p.0).sum::<f32>() / 3.0;
    let cy = corners.iter().map(|p| p.1).sum::<f32>() / 3.0;
    corners.map(|(x, y)| {
        let (dx, dy) = (x - cx, y - cy);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        (x + dx / len * 2.0 * by, y + dy / len * 2.0 * by)
    })
}

fn draw_star(c: &mut Canvas<'_>, position: &Position) {
    let up = ["A1", "M13", "M1"].map(|l| centre(hole(l)));
    let down = ["Q1", "E1", "E13"].map(|l| centre(hole(l)));
    for tri in [up, down] {
        c.polygon(&inflate(tri, 25.0), BOARD_EDGE, 1.0);
    }
    for tri in [up, down] {
        c.polygon(&inflate(tri, 22.5), BOARD, 1.0);
    }
    for t in Triangle::ALL {
        let home = position.player_of(t).is_some();
        let goal_of = t.opposite();
        let goal = position.player_of(goal_of).is_some();
        let corners = CORNERS[t.index()].map(|l| centre(hole(l)));
        if home {
            c.polygon(&inflate(corners, 17.0), SET_COLOURS[t.index()].0, 0.28);
        } else if goal {
            c.polygon(
                &inflate(corners, 17.0),
                SET_COLOURS[goal_of.index()].0,
                0.14,
            );
        }
    }
}

fn draw_holes(c: &mut Canvas<'_>) {
    for h in Hole::all() {
        let at = centre(h);
        c.disc(at, 13.2, HOLE, 1.0);
        c.ring(at, 13.2, 1.5, BOARD_EDGE, 0.9);
        c.text_middle(
            &h.to_string(),
            at,
            10.0,
            Weight::Regular,
            Align::Center,
            FAINT,
        );
    }
}

fn draw_path(c: &mut Canvas<'_>, position: &Position, mv: &Move) {
    let colour = position
        .peg_at(mv.to())
        .map_or(INK, |t| SET_COLOURS[t.index()].0);
    let points: Vec<Point> = mv.path().map(centre).collect();
    c.polyline(&points, 5.0, INK, 0.55);
    for &at in &points[1..points.len() - 1] {
        c.disc(at, 5.0, INK, 0.8);
    }
    c.ring(points[0], 13.2, 3.2, colour, 1.0);
}

/// An earlier move of the run shown: its path in the colour of the set that moved (ink if
/// unknown), lighter than the last move's, with a ring where it started and a dot where it
/// ended.
fn draw_earlier_path(c: &mut Canvas<'_>, mv: &Move, set: Option<Triangle>) {
    let colour = set.map_or(INK, |t| SET_COLOURS[t.index()].0);
    let points: Vec<Point> = mv.path().map(centre).collect();
    c.polyline(&points, 4.0, colour, 0.7);
    for &at in &points[1..points.len() - 1] {
        c.disc(at, 4.0, colour, 0.8);
    }
    c.ring(points[0], 13.2, 2.4, colour, 0.9);
    if let Some(&end) = points.last() {
        c.ring(end, 17.8, 2.2, colour, 0.9);
    }
}

/// A set's badge: a disc in its colour with a darker rim and its compass name.
fn badge(c: &mut Canvas<'_>, set: Triangle, at: Point, r: f32, text_size: f32) {
    let (fill, text) = SET_COLOURS[set.index()];
    c.disc(at, r, fill.map(|v| (v as f32 * 0.55) as u8), 1.0);
    c.disc(at, r - r * 0.12, fill, 1.0);
    c.text_middle(
        set.name(),
        (at.0, at.1 + 0.5),
        text_size,
        Weight::Bold,
        Align::Center,
        text,
    );
}

fn draw_pegs(c: &mut Canvas<'_>, position: &Position, last_move: Option<&Move>) {
    for h in Hole::all() {
        let Some(set) = position.peg_at(h) else {
            continue;
        };
        let (x, y) = centre(h);
        if last_move.is_some_and(|m| m.to() == h) {
            c.ring((x, y), 17.8, 2.8, INK, 0.9);
        }
        badge(c, set, (x, y), 14.8, 11.0);
        c.disc((x - 4.0, y - 4.5), 5.5, [0xff, 0xff, 0xff], 0.22);
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

fn draw_panel(c: &mut Canvas<'_>, view: &BoardView<'_>) {
    let position = view.position;
    let width = PANEL - 30.0;
    let title = c.fit(view.title, 20.0, Weight::Bold, width);
    c.text(&title, TEXT_X, 22.0, 20.0, Weight::Bold, Align::Left, INK);
    let status = c.fit(view.status, 15.0, Weight::Bold, width);
    c.text(&status, TEXT_X, 58.0, 15.0, Weight::Bold, Align::Left, INK);
    let footer = c.fit(view.footer, 12.0, Weight::Regular, width);
    let footer_y = HEIGHT as f32 - 36.0;
    c.text(
        &footer,
        TEXT_X,
        footer_y,
        12.0,
        Weight::Regular,
        Align::Left,
        FAINT,
    );
    let mut y = 112.0;
    for (p, panel) in (0..position.players()).zip(view.players) {
        let player = Player::new(p);
        if view.turn == Some(player) {
            c.fill_rect(
                PANEL_X as i32 + 6,
                y as i32 - 22,
                PANEL as i32 - 12,
                74,
                TO_MOVE_BACKGROUND,
            );
            c.polygon(
                &[
                    (PANEL_X + 9.0, y - 8.0),
                    (PANEL_X + 9.0, y + 8.0),
                    (PANEL_X + 17.0, y),
                ],
                INK,
                1.0,
            );
        }
        let mut x = TEXT_X + 12.0;
        for t in position.home_triangles(player) {
            badge(c, t, (x, y), 12.0, 9.5);
            x += 27.0;
        }
        let name = c.fit(
            panel.name,
            15.0,
            Weight::Bold,
            PANEL_X + PANEL - 8.0 - (x - 4.0),
        );
        c.text_middle(&name, (x - 4.0, y), 15.0, Weight::Bold, Align::Left, INK);
        let start = start_distance(position, player).max(1);
        let done = 1.0 - position.distance_to_goal(player) as f32 / start as f32;
        let bar_y = y + 20.0;
        c.rect(TEXT_X, bar_y, 120.0, 10.0, BAR, 1.0);
        let first = position
            .home_triangles(player)
            .next()
            .map_or(0, |t| t.index());
        c.rect(
            TEXT_X,
            bar_y,
            120.0 * done.clamp(0.0, 1.0),
            10.0,
            SET_COLOURS[first].0,
            1.0,
        );
        let detail = c.fit(panel.detail, 13.0, Weight::Regular, PANEL - 30.0 - 128.0);
        c.text_middle(
            &detail,
            (TEXT_X + 128.0, bar_y + 5.0),
            13.0,
            Weight::Regular,
            Align::Left,
            INK,
        );
        y += 86.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chinese_checkers::Rules;

    /// Draws `position` with plain English words, as a caller without a catalogue would.
    fn english<R>(
        position: &Position,
        last_move: Option<&Move>,
        then: impl FnOnce(&BoardView<'_>) -> R,
    ) -> R {
        let names: Vec<String> = (0..position.players())
            .map(|p| format!("P{}", p + 1))
            .collect();
        let details: Vec<String> = (0..position.players())
            .map(|p| format!("{}/10 home", position.pegs_home(Player::new(p))))
            .collect();
        let players: Vec<PlayerPanel<'_>> = names
            .iter()
            .zip(&details)
            .map(|(name, detail)| PlayerPanel { name, detail })
            .collect();
        let status = format!("P{} to move", position.to_move().index() + 1);
        then(&BoardView {
            position,
            last_move,
            turn: Some(position.to_move()),
            title: "Chinese checkers",
            status: &status,
            players: &players,
            footer: "Moves: from-to, e.g. D2-E6",
        })
    }

    fn drawn(position: &Position, last_move: Option<&Move>) -> RgbImage {
        let fonts = Fonts::load().expect("fonts");
        english(position, last_move, |view| draw(&fonts, view))
    }

    fn png(position: &Position, last_move: Option<&Move>) -> Vec<u8> {
        let fonts = Fonts::load().expect("fonts");
        english(position, last_move, |view| render(&fonts, view)).expect("encodes")
    }

    fn pixel(image: &RgbImage, (x, y): Point) -> Color {
        image.get_pixel(x as u32, y as u32).0
    }

    #[test]
    fn pegs_show_their_set_colour_and_empty_holes_do_not() {
        let p = Position::start(6, Rules::default()).unwrap();
        let image = drawn(&p, None);
        assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
        for t in Triangle::ALL {
            // Just below the badge text, inside the disc, the set colour shows.
            let (x, y) = centre(t.tip());
            assert_eq!(
                pixel(&image, (x + 8.0, y + 7.0)),
                SET_COLOURS[t.index()].0.map(quantise),
                "{t}"
            );
        }
        let (x, y) = centre(hole("I5"));
        assert_ne!(
            pixel(&image, (x + 8.0, y + 7.0)),
            SET_COLOURS[0].0.map(quantise)
        );
    }

    #[test]
    fn the_last_move_is_drawn_along_its_path() {
        let p = Position::start(2, Rules::default()).unwrap();
        let mv = p.validate(&"C1-E5".parse().unwrap()).unwrap();
        let after = p.play(&mv).unwrap();
        let plain = drawn(&after, None);
        let marked = drawn(&after, Some(&mv));
        let (x, y) = centre(hole("C1"));
        assert_ne!(
            pixel(&plain, (x + 13.5, y)),
            pixel(&marked, (x + 13.5, y)),
            "origin ring"
        );
        let png = png(&after, Some(&mv));
        assert_eq!(&png[1..4], b"PNG");
        assert!(png.len() < 150 * 1024, "{} bytes", png.len());
    }

    #[test]
    fn earlier_moves_of_a_run_are_drawn_in_their_sets_colours() {
        let p = Position::start(2, Rules::default()).unwrap();
        let first = p.validate(&"C1-E5".parse().unwrap()).unwrap();
        let p = p.play(&first).unwrap();
        let second = p.validate(&p.legal_moves()[0]).unwrap();
        let after = p.play(&second).unwrap();
        let fonts = Fonts::load().expect("fonts");
        let set = p.peg_at(first.to());
        let (last_only, run) = english(&after, Some(&second), |view| {
            (draw(&fonts, view), draw_run(&fonts, view, &[(first, set)]))
        });
        // A quarter along its first leg (between two holes), the first move's path shows.
        let path: Vec<Point> = first.path().map(centre).collect();
        let (a, b) = (path[0], path[1]);
        let between = (a.0 + (b.0 - a.0) / 4.0, a.1 + (b.1 - a.1) / 4.0);
        assert_ne!(pixel(&last_only, between), pixel(&run, between));
        // The same board with no earlier move is the board of the last move.
        let same = english(&after, Some(&second), |view| draw_run(&fonts, view, &[]));
        assert_eq!(same, last_only);
    }

    #[test]
    fn a_busy_six_player_board_stays_under_100_kb() {
        use crate::games::chinese_checkers::ai::{Level, Opponent};
        let mut p = Position::start(6, Rules::default()).unwrap();
        let mut greedy = Opponent::new(Level::Medium, 1);
        let mut last = None;
        for _ in 0..90 {
            let mv = greedy.choose(&p).unwrap();
            p = p.play(&mv).unwrap();
            last = Some(mv);
        }
        let png = png(&p, last.as_ref());
        assert!(png.len() <= 100 * 1024, "{} bytes", png.len());
    }

    /// FNV-1a over the pixels: the reference picture changes only when the drawing does.
    fn fingerprint(image: &RgbImage) -> u64 {
        image.as_raw().iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        })
    }

    #[test]
    fn reference_picture_is_unchanged() {
        let p = Position::start(3, Rules::default()).unwrap();
        let mv = p.validate(&"C1-E5".parse().unwrap()).unwrap();
        let after = p.play(&mv).unwrap();
        // Look at it with: png(&after, Some(&mv)) written to a file.
        assert_eq!(
            fingerprint(&drawn(&after, Some(&mv))),
            10_433_000_289_418_580_925
        );
    }
}
