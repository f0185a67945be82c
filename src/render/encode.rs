//! PNG encoding for every picture, and the colour tools the GIF encoder shares.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, ImageError, RgbImage};

use super::RenderError;

/// Encodes `image` as PNG, losslessly: as a palette picture when it has at most 256 colours (see
/// [`limit_colours`]), which has a third of the bytes to compress, and as RGB otherwise.
///
/// RGB uses zlib level 1 (zlib-rs, see `Cargo.toml`) with the `Up` filter: measured on the Ô ăn
/// quan board, about 1.0 ms and 56 KB, against 5 ms and 46 KB with adaptive filtering, and
/// 100 KB with the fastest setting.
pub fn png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    match palette(image) {
        Some((palette, indices)) => indexed(image.width(), image.height(), &palette, &indices),
        None => rgb(image),
    }
}

/// Limits `image` to the `max` colours (at most 256) it uses most, replacing each other colour
/// by the nearest kept one, so that [`png`] writes a palette picture. For pictures made of a
/// few flat colours, where only the rarest anti-aliasing shades move, and by little.
pub fn limit_colours(image: &mut RgbImage, max: usize) {
    let mut uses: ColorMap<u32> = ColorMap::default();
    for_each_run(image.as_raw(), |color, run| {
        *uses.entry(color).or_default() += run;
        true
    });
    if uses.len() <= max {
        return;
    }
    let mut by_use: Vec<([u8; 3], u32)> = uses.into_iter().collect();
    // Most used first; equal counts by colour, so the same picture always gets the same palette.
    by_use.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let (kept, dropped) = by_use.split_at(max.min(256));
    let kept: Vec<[u8; 3]> = kept.iter().map(|&(color, _)| color).collect();
    let nearest: ColorMap<[u8; 3]> = dropped
        .iter()
        .map(|&(color, _)| (color, nearest(&kept, color)))
        .collect();
    let mut last = ([0u8; 3], nearest.get(&[0u8; 3]).copied());
    for pixel in image.as_mut().chunks_exact_mut(3) {
        if pixel != last.0 {
            let color = [pixel[0], pixel[1], pixel[2]];
            last = (color, nearest.get(&color).copied());
        }
        if let Some(replacement) = last.1 {
            pixel.copy_from_slice(&replacement);
        }
    }
}

/// The colour of `palette` closest to `color` (weighted for the eye: green counts most).
pub(super) fn nearest(palette: &[[u8; 3]], color: [u8; 3]) -> [u8; 3] {
    let distance = |other: &[u8; 3]| -> u32 {
        let d = |i: usize| (i32::from(color[i]) - i32::from(other[i])).unsigned_abs();
        2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
    };
    palette
        .iter()
        .copied()
        .min_by_key(distance)
        .unwrap_or(color)
}

/// Calls `each` with every run of equal pixels in row-major RGB bytes and its length, until it
/// returns `false`.
fn for_each_run(rgb: &[u8], mut each: impl FnMut([u8; 3], u32) -> bool) {
    let mut pixels = rgb.chunks_exact(3).map(|p| [p[0], p[1], p[2]]);
    let Some(mut current) = pixels.next() else {
        return;
    };
    let mut run = 1;
    for pixel in pixels {
        if pixel == current {
            run += 1;
        } else {
            if !each(current, run) {
                return;
            }
            (current, run) = (pixel, 1);
        }
    }
    each(current, run);
}

/// A map keyed by colour. A picture's colours need no defence against keys chosen to collide,
/// and the standard SipHash would be most of the time of counting them.
pub(super) type ColorMap<V> = HashMap<[u8; 3], V, BuildHasherDefault<ColorHash>>;

/// A multiplicative hash of a colour's three bytes.
#[derive(Default)]
pub(super) struct ColorHash(u64);

impl Hasher for ColorHash {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8) | u64::from(byte);
        }
    }

    fn write_usize(&mut self, _length: usize) {}

    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(32)
    }
}

fn rgb(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Level(1), FilterType::Up)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )?;
    Ok(bytes)
}

/// The picture's colours (RGB triplets) and each pixel's index into them, or `None` when there
/// are more than 256.
fn palette(image: &RgbImage) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut index: ColorMap<u8> = ColorMap::default();
    let mut palette = Vec::with_capacity(3 * 256);
    let mut indices = Vec::with_capacity((image.width() * image.height()) as usize);
    let mut too_many = false;
    for_each_run(image.as_raw(), |color, run| {
        let next = index.len();
        let i = *index.entry(color).or_insert_with(|| {
            palette.extend_from_slice(&color);
            next as u8
        });
        too_many = index.len() > 256;
        indices.resize(indices.len() + run as usize, i);
        !too_many
    });
    (!too_many).then_some((palette, indices))
}

fn indexed(
    width: u32,
    height: u32,
    palette: &[u8],
    indices: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    // Filters rarely help palette indices. On the Chinese checkers board, level 2 (zlib-rs's
    // "fast" strategy) gives 52 KB in 1.4 ms, against 62 KB in 0.8 ms at level 1 and 49 KB in
    // 2.1 ms at level 4.
    encoder.set_filter(png::Filter::NoFilter);
    encoder.set_deflate_compression(png::DeflateCompression::Level(2));
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(indices).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

fn failed(error: png::EncodingError) -> RenderError {
    RenderError::Encode(ImageError::IoError(std::io::Error::other(error)))
}
