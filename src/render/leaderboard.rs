//! A leaderboard page as a PNG: a title, column headings and up to ten ranked rows.
//!
//! Every word comes from the caller, already in the reader's language.

use image::RgbImage;

use super::{encode, Align, Canvas, Fonts, RenderError, Weight};

/// Picture width in pixels.
pub const WIDTH: u32 = 760;
const HEADER: i32 = 118;
const ROW: i32 = 44;
const FOOTER: i32 = 44;
const MARGIN: f32 = 28.0;

const BACKGROUND: [u8; 3] = [0xF4, 0xE7, 0xCF];
const STRIPE: [u8; 3] = [0xEC, 0xDA, 0xBA];
const RULE: [u8; 3] = [0x5C, 0x3A, 0x1E];
const INK: [u8; 3] = [0x2D, 0x1E, 0x12];
const SOFT_INK: [u8; 3] = [0x6B, 0x55, 0x40];
const MEDALS: [[u8; 3]; 3] = [[0xC9, 0x9A, 0x06], [0x8E, 0x9A, 0xA6], [0xA8, 0x64, 0x32]];

/// Room between the stripes' ends and the first and last things drawn on a row (a medal on the
/// left, the record on the right), the same on both sides.
const INSET: f32 = 23.0;
/// The medal behind a rank in the top three: its radius, and how far left of the rank's right
/// edge its centre is.
const MEDAL_RADIUS: f32 = 15.0;
const MEDAL_OFFSET: f32 = 12.0;
/// Column positions: rank (right edge), player (left edge), rating (right edge), record
/// (right edge).
const RANK_X: f32 = MARGIN + INSET + MEDAL_RADIUS + MEDAL_OFFSET;
const PLAYER_X: f32 = 104.0;
const RATING_X: f32 = 520.0;
const RECORD_X: f32 = WIDTH as f32 - MARGIN - INSET;

/// One ranked player.
#[derive(Debug, Clone, Copy)]
pub struct LeaderboardRow<'a> {
    /// 1-based rank.
    pub rank: u64,
    /// The player's name.
    pub name: &'a str,
    /// The rating as printed (provisional ones already marked).
    pub rating: &'a str,
    /// Wins, draws and losses as printed.
    pub record: &'a str,
    /// Whether the rating is provisional (printed in a softer ink).
    pub provisional: bool,
}

/// What the picture shows.
#[derive(Debug, Clone, Copy)]
pub struct LeaderboardView<'a> {
    /// The title.
    pub title: &'a str,
    /// The line under it (page, number of players).
    pub subtitle: &'a str,
    /// Column headings: rank, player, rating, record.
    pub columns: [&'a str; 4],
    /// The rows, best first.
    pub rows: &'a [LeaderboardRow<'a>],
    /// The explanation of the provisional mark, printed at the bottom.
    pub legend: &'a str,
}

/// The picture's height for `rows` rows.
pub fn height(rows: usize) -> u32 {
    (HEADER + ROW * rows as i32 + FOOTER) as u32
}

/// Draws the page.
pub fn draw(fonts: &Fonts, view: &LeaderboardView<'_>) -> RgbImage {
    let mut canvas = Canvas::new(fonts, WIDTH, height(view.rows.len()), BACKGROUND);
    canvas.text(
        view.title,
        MARGIN,
        18.0,
        30.0,
        Weight::Bold,
        Align::Left,
        INK,
    );
    canvas.text(
        view.subtitle,
        MARGIN,
        56.0,
        17.0,
        Weight::Regular,
        Align::Left,
        SOFT_INK,
    );
    let heading_y = 88.0;
    let [rank, player, rating, record] = view.columns;
    for (text, x, align) in [
        (rank, RANK_X, Align::Right),
        (player, PLAYER_X, Align::Left),
        (rating, RATING_X, Align::Right),
        (record, RECORD_X, Align::Right),
    ] {
        canvas.text(text, x, heading_y, 15.0, Weight::Bold, align, SOFT_INK);
    }
    canvas.fill_rect(
        MARGIN as i32,
        HEADER - 6,
        WIDTH as i32 - 2 * MARGIN as i32,
        2,
        RULE,
    );
    for (i, row) in view.rows.iter().enumerate() {
        let top = HEADER + ROW * i as i32;
        if i % 2 == 1 {
            canvas.fill_rect(
                MARGIN as i32,
                top,
                WIDTH as i32 - 2 * MARGIN as i32,
                ROW,
                STRIPE,
            );
        }
        let y = top as f32 + 10.0;
        if let Some(&medal) = MEDALS.get(row.rank.wrapping_sub(1) as usize) {
            canvas.fill_disc(
                RANK_X - MEDAL_OFFSET,
                top as f32 + ROW as f32 / 2.0,
                MEDAL_RADIUS,
                medal,
            );
            canvas.text(
                &row.rank.to_string(),
                RANK_X - MEDAL_OFFSET,
                y,
                18.0,
                Weight::Bold,
                Align::Center,
                [0xFF, 0xFF, 0xFF],
            );
        } else {
            canvas.text(
                &row.rank.to_string(),
                RANK_X,
                y,
                18.0,
                Weight::Bold,
                Align::Right,
                INK,
            );
        }
        let name = canvas.fit(row.name, 20.0, Weight::Regular, RATING_X - PLAYER_X - 100.0);
        canvas.text(
            &name,
            PLAYER_X,
            y - 1.0,
            20.0,
            Weight::Regular,
            Align::Left,
            INK,
        );
        let ink = if row.provisional { SOFT_INK } else { INK };
        canvas.text(
            row.rating,
            RATING_X,
            y,
            20.0,
            Weight::Bold,
            Align::Right,
            ink,
        );
        canvas.text(
            row.record,
            RECORD_X,
            y,
            18.0,
            Weight::Regular,
            Align::Right,
            INK,
        );
    }
    let bottom = HEADER + ROW * view.rows.len() as i32;
    canvas.fill_rect(
        MARGIN as i32,
        bottom + 4,
        WIDTH as i32 - 2 * MARGIN as i32,
        1,
        RULE,
    );
    canvas.text(
        view.legend,
        MARGIN,
        bottom as f32 + 14.0,
        14.0,
        Weight::Regular,
        Align::Left,
        SOFT_INK,
    );
    canvas.into_image()
}

/// The page as PNG bytes.
pub fn render(fonts: &Fonts, view: &LeaderboardView<'_>) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw(fonts, view))
}
