//! A small line chart of a rating over time, as a PNG.

use image::RgbImage;

use super::{encode, Align, Canvas, Fonts, RenderError, Weight};

/// Picture width in pixels.
pub const WIDTH: u32 = 640;
/// Picture height in pixels.
pub const HEIGHT: u32 = 280;

const LEFT: f32 = 70.0;
const RIGHT: f32 = WIDTH as f32 - 24.0;
const TOP: f32 = 58.0;
const BOTTOM: f32 = HEIGHT as f32 - 42.0;

const BACKGROUND: [u8; 3] = [0xF4, 0xE7, 0xCF];
const GRID: [u8; 3] = [0xE0, 0xCB, 0xA6];
const AXIS: [u8; 3] = [0x5C, 0x3A, 0x1E];
const INK: [u8; 3] = [0x2D, 0x1E, 0x12];
const SOFT_INK: [u8; 3] = [0x6B, 0x55, 0x40];
const LINE: [u8; 3] = [0x8E, 0x3B, 0x2E];

/// What the chart shows.
#[derive(Debug, Clone, Copy)]
pub struct ChartView<'a> {
    /// The title.
    pub title: &'a str,
    /// The horizontal axis' label.
    pub axis: &'a str,
    /// The ratings, oldest first: the start, then after each game.
    pub ratings: &'a [f64],
}

/// A grid step that gives about four lines over `span`.
fn step(span: f64) -> f64 {
    [5.0, 10.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0]
        .into_iter()
        .find(|s| span / s <= 5.0)
        .unwrap_or(1000.0)
}

/// Draws a line 2.5 pixels wide from `a` to `b`.
fn segment(canvas: &mut Canvas<'_>, a: (f32, f32), b: (f32, f32), color: [u8; 3]) {
    let length = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let steps = (length * 2.0).ceil().max(1.0) as usize;
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        canvas.fill_disc(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, 1.25, color);
    }
}

/// Draws the chart.
pub fn draw(fonts: &Fonts, view: &ChartView<'_>) -> RgbImage {
    let mut canvas = Canvas::new(fonts, WIDTH, HEIGHT, BACKGROUND);
    canvas.text(view.title, 20.0, 14.0, 22.0, Weight::Bold, Align::Left, INK);
    let low = view.ratings.iter().copied().fold(f64::INFINITY, f64::min);
    let high = view
        .ratings
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if low.is_finite() && high.is_finite() {
        (low, high)
    } else {
        (1500.0, 1500.0)
    };
    let step = step((high - low).max(20.0));
    let bottom_value = (low / step).floor() * step;
    let top_value = ((high / step).ceil() * step).max(bottom_value + step);
    let y_of =
        |v: f64| BOTTOM - ((v - bottom_value) / (top_value - bottom_value)) as f32 * (BOTTOM - TOP);
    let mut value = bottom_value;
    while value <= top_value + 0.5 {
        let y = y_of(value);
        canvas.fill_rect(LEFT as i32, y as i32, (RIGHT - LEFT) as i32, 1, GRID);
        canvas.text(
            &format!("{value:.0}"),
            LEFT - 10.0,
            y - 9.0,
            14.0,
            Weight::Regular,
            Align::Right,
            SOFT_INK,
        );
        value += step;
    }
    canvas.fill_rect(LEFT as i32, TOP as i32, 2, (BOTTOM - TOP) as i32 + 1, AXIS);
    canvas.fill_rect(LEFT as i32, BOTTOM as i32, (RIGHT - LEFT) as i32, 2, AXIS);
    canvas.text(
        view.axis,
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 12.0,
        14.0,
        Weight::Regular,
        Align::Center,
        SOFT_INK,
    );
    let n = view.ratings.len();
    let x_of = |i: usize| {
        if n <= 1 {
            (LEFT + RIGHT) / 2.0
        } else {
            LEFT + 8.0 + (RIGHT - LEFT - 16.0) * i as f32 / (n - 1) as f32
        }
    };
    let points: Vec<(f32, f32)> = view
        .ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| (x_of(i), y_of(r)))
        .collect();
    for pair in points.windows(2) {
        segment(&mut canvas, pair[0], pair[1], LINE);
    }
    if n <= 40 {
        for &(x, y) in &points {
            canvas.fill_disc(x, y, 4.0, LINE);
        }
    }
    if let Some(&last) = view.ratings.last() {
        if let Some(&(x, y)) = points.last() {
            canvas.text(
                &format!("{last:.0}"),
                x.min(RIGHT - 30.0),
                (y - 26.0).max(TOP - 22.0),
                15.0,
                Weight::Bold,
                Align::Center,
                INK,
            );
        }
    }
    canvas.into_image()
}

/// The chart as PNG bytes.
pub fn render(fonts: &Fonts, view: &ChartView<'_>) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw(fonts, view))
}
