//! A table as a PNG: a title, a subtitle, column headings, striped rows and a legend. The
//! tournament pictures (pairings, standings, crosstable) are tables.
//!
//! Every word comes from the caller, already in the reader's language. Columns are as wide as
//! the caller says; a cell too long for its column is shortened with an ellipsis.

use image::RgbImage;

use super::{encode, Align, Canvas, Fonts, RenderError, Weight};

const HEADER: i32 = 118;
const ROW: i32 = 38;
const FOOTER: i32 = 44;
const MARGIN: f32 = 28.0;
/// Room between the rows' bands and the first and last columns, the same on both sides.
const INSET: f32 = 14.0;
/// Room between two columns.
const GAP: f32 = 14.0;
/// The narrowest picture (the title and legend need room).
const MIN_WIDTH: f32 = 640.0;

const BACKGROUND: [u8; 3] = [0xF4, 0xE7, 0xCF];
const STRIPE: [u8; 3] = [0xEC, 0xDA, 0xBA];
const RULE: [u8; 3] = [0x5C, 0x3A, 0x1E];
const INK: [u8; 3] = [0x2D, 0x1E, 0x12];
const SOFT_INK: [u8; 3] = [0x6B, 0x55, 0x40];
const HIGHLIGHT: [u8; 3] = [0xE3, 0xC2, 0x78];

/// A column: its heading, its width in pixels and how its cells line up.
#[derive(Debug, Clone, Copy)]
pub struct Column<'a> {
    /// The heading.
    pub heading: &'a str,
    /// The width in pixels.
    pub width: f32,
    /// Left, centred or right.
    pub align: Align,
}

/// A row of cells, one per column.
#[derive(Debug, Clone)]
pub struct Row {
    /// The cells.
    pub cells: Vec<String>,
    /// Printed in a softer ink (a withdrawn player, a bye).
    pub soft: bool,
    /// Marked with a band of colour (the winner).
    pub highlight: bool,
}

/// What the picture shows.
#[derive(Debug, Clone, Copy)]
pub struct TableView<'a> {
    /// The title.
    pub title: &'a str,
    /// The line under it.
    pub subtitle: &'a str,
    /// The columns.
    pub columns: &'a [Column<'a>],
    /// The rows, top first.
    pub rows: &'a [Row],
    /// The line at the bottom (what the headings mean), or empty.
    pub legend: &'a str,
}

/// The picture's size for `view`.
pub fn size(view: &TableView<'_>) -> (u32, u32) {
    let columns: f32 = view.columns.iter().map(|c| c.width + GAP).sum::<f32>() - GAP;
    let width = (columns + 2.0 * (MARGIN + INSET)).max(MIN_WIDTH).ceil() as u32;
    let rows = i32::try_from(view.rows.len()).unwrap_or(i32::MAX / ROW);
    (width, (HEADER + ROW * rows.max(1) + FOOTER) as u32)
}

/// Draws the table.
pub fn draw(fonts: &Fonts, view: &TableView<'_>) -> RgbImage {
    let (width, height) = size(view);
    let mut canvas = Canvas::new(fonts, width, height, BACKGROUND);
    let inner = width as i32 - 2 * MARGIN as i32;
    let title = canvas.fit(view.title, 30.0, Weight::Bold, inner as f32);
    canvas.text(&title, MARGIN, 18.0, 30.0, Weight::Bold, Align::Left, INK);
    let subtitle = canvas.fit(view.subtitle, 17.0, Weight::Regular, inner as f32);
    canvas.text(
        &subtitle,
        MARGIN,
        56.0,
        17.0,
        Weight::Regular,
        Align::Left,
        SOFT_INK,
    );
    // Each column's left edge, and where its text is anchored.
    let mut left = MARGIN + INSET;
    let anchors: Vec<(f32, f32, Align)> = view
        .columns
        .iter()
        .map(|c| {
            let x = match c.align {
                Align::Left => left,
                Align::Center => left + c.width / 2.0,
                Align::Right => left + c.width,
            };
            let anchor = (x, c.width, c.align);
            left += c.width + GAP;
            anchor
        })
        .collect();
    for (column, &(x, width, align)) in view.columns.iter().zip(&anchors) {
        let heading = canvas.fit(column.heading, 15.0, Weight::Bold, width);
        canvas.text(&heading, x, 90.0, 15.0, Weight::Bold, align, SOFT_INK);
    }
    canvas.fill_rect(MARGIN as i32, HEADER - 6, inner, 2, RULE);
    for (i, row) in view.rows.iter().enumerate() {
        let top = HEADER + ROW * i as i32;
        if row.highlight {
            canvas.fill_rect(MARGIN as i32, top, inner, ROW, HIGHLIGHT);
        } else if i % 2 == 1 {
            canvas.fill_rect(MARGIN as i32, top, inner, ROW, STRIPE);
        }
        let ink = if row.soft { SOFT_INK } else { INK };
        for (cell, &(x, width, align)) in row.cells.iter().zip(&anchors) {
            let shown = canvas.fit(cell, 18.0, Weight::Regular, width);
            canvas.text(
                &shown,
                x,
                top as f32 + 8.0,
                18.0,
                Weight::Regular,
                align,
                ink,
            );
        }
    }
    let rows = i32::try_from(view.rows.len().max(1)).unwrap_or(i32::MAX / ROW);
    let bottom = HEADER + ROW * rows;
    canvas.fill_rect(MARGIN as i32, bottom + 4, inner, 1, RULE);
    let legend = canvas.fit(view.legend, 14.0, Weight::Regular, inner as f32);
    canvas.text(
        &legend,
        MARGIN,
        bottom as f32 + 14.0,
        14.0,
        Weight::Regular,
        Align::Left,
        SOFT_INK,
    );
    canvas.into_image()
}

/// The table as PNG bytes.
pub fn render(fonts: &Fonts, view: &TableView<'_>) -> Result<Vec<u8>, RenderError> {
    encode::png(&draw(fonts, view))
}
