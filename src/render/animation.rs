//! Animated GIFs from drawn frames (game replays).

use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, DynamicImage, Frame, RgbImage};

use super::RenderError;

/// NeuQuant's sampling factor (1 best … 30 fastest). The pictures use few colours besides
/// anti-aliasing, so the fastest setting looks the same and keeps a 60-move replay under a
/// second or two.
const SPEED: i32 = 30;

/// Encodes `frames` as a looping GIF, each shown for its delay in milliseconds.
pub fn encode_gif(frames: Vec<(RgbImage, u32)>) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, SPEED);
        encoder.set_repeat(Repeat::Infinite)?;
        for (image, delay_ms) in frames {
            let rgba = DynamicImage::ImageRgb8(image).into_rgba8();
            encoder.encode_frame(Frame::from_parts(
                rgba,
                0,
                0,
                Delay::from_numer_denom_ms(delay_ms, 1),
            ))?;
        }
    }
    Ok(bytes)
}
