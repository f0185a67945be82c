//! PNG encoding for every picture.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

use super::RenderError;

/// Encodes `image` as PNG: zlib level 1 with the `Up` filter (see [`super::Canvas::encode_png`]).
pub fn png(image: &RgbImage) -> Result<Vec<u8>, RenderError> {
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
