//! Animated GIFs of game replays, small enough to upload.
//!
//! One frame of a replay differs from the one before by little: a piece moved, the path it
//! took, a line of text. So every frame after the first carries only the rectangle that
//! changed, placed by its left and top offsets, and inside it the pixels that did not change
//! are transparent, letting the frame below show through (disposal "keep"). Every frame uses
//! one palette for the whole animation, so an unchanged colour is the same index in every frame
//! and no frame needs a colour table of its own.
//!
//! The palette holds the colours the frames use, most used first; the pictures are flat
//! colours with some anti-aliasing, and when a whole game has more than 255 of them (one index
//! is kept for transparency), the rarest shades are drawn with the nearest kept colour.
//!
//! When even that is larger than the room an upload has, [`Animation::encode_within`] keeps
//! one frame every few (always the first and the last), so the caller can say what it left
//! out.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, EncodingError, Frame, Repeat};
use image::{ImageError, RgbImage};

use super::encode::{nearest, ColorMap};
use super::RenderError;

/// Changed pixels of a row closer than this are sent as one run (the few unchanged pixels
/// between them cost less than another run's bookkeeping).
const RUN_GAP: usize = 8;
/// Palette entries for colours: GIF allows 256 and one index is transparency.
const COLOURS: usize = 255;

/// The frames of an animation as they are drawn: the first whole, each later one as the
/// pixels that differ from the frame before, with the number of times each colour is used.
///
/// Pushing a frame costs a comparison with the one before; encoding replays the changes, so
/// the frames need not be kept (a 300-move game's frames would take hundreds of megabytes).
pub struct Animation {
    first: RgbImage,
    /// The last frame pushed, to compare the next one with.
    last: RgbImage,
    /// Frames after the first, as changes.
    changes: Vec<Change>,
    /// How long each frame shows, in milliseconds.
    delays: Vec<u32>,
    uses: ColorMap<u32>,
}

/// The pixels of a frame that differ from the frame before: runs of RGB pixels, each starting
/// at its offset in the picture (pixels counted row by row).
#[derive(Default)]
struct Change {
    runs: Vec<(usize, usize)>,
    /// The runs' pixels, RGB, one run after the other.
    pixels: Vec<u8>,
}

/// An animation encoded within a size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoded {
    /// The GIF.
    pub bytes: Vec<u8>,
    /// One frame kept every `every` frames (1: all of them), starting with the first; the last
    /// frame is always kept.
    pub every: usize,
    /// The frames the GIF holds.
    pub frames: usize,
}

impl Animation {
    /// An animation that starts with `first`, shown for `delay_ms` milliseconds.
    pub fn new(first: RgbImage, delay_ms: u32) -> Animation {
        let mut uses = ColorMap::default();
        count(&mut uses, first.as_raw());
        Animation {
            last: first.clone(),
            first,
            changes: Vec::new(),
            delays: vec![delay_ms],
            uses,
        }
    }

    /// Adds the next frame, shown for `delay_ms` milliseconds. A frame of another size than
    /// the first is refused.
    pub fn push(&mut self, frame: RgbImage, delay_ms: u32) -> Result<(), RenderError> {
        if frame.dimensions() != self.first.dimensions() {
            return Err(failed(format!(
                "a {}×{} frame in a {}×{} animation",
                frame.width(),
                frame.height(),
                self.first.width(),
                self.first.height()
            )));
        }
        let change = changes(&self.last, &frame);
        count(&mut self.uses, &change.pixels);
        self.changes.push(change);
        self.delays.push(delay_ms);
        self.last = frame;
        Ok(())
    }

    /// The animation as a looping GIF of at most `room` bytes: every frame if they fit, else
    /// one frame every few (tried with more and more left out, until they fit), or `None` when
    /// even the first and last frames alone do not fit.
    pub fn encode_within(&self, room: usize) -> Result<Option<Encoded>, RenderError> {
        let palette = Palette::of(&self.uses);
        let frames = self.delays.len();
        let mut every = 1;
        loop {
            if let Some(bytes) = self.encode_every(&palette, every, room)? {
                let frames = kept(frames, every).count();
                return Ok(Some(Encoded {
                    bytes,
                    every,
                    frames,
                }));
            }
            // The next try: at least one more left out in every group, and about as many
            // fewer frames as the size was over (encoding stopped once over `room`, so the
            // guess never overshoots by much).
            let last = frames.saturating_sub(1);
            if every >= last {
                return Ok(None);
            }
            every = (every + 1).max(every * 5 / 4).min(last);
        }
    }

    /// Encodes frames `0, every, 2 × every, …` and the last; `None` once over `room` bytes.
    fn encode_every(
        &self,
        palette: &Palette,
        every: usize,
        room: usize,
    ) -> Result<Option<Vec<u8>>, RenderError> {
        let (width, height) = dimensions(&self.first)?;
        let mut encoder = Encoder::new(Vec::new(), width, height, &palette.rgb).map_err(gif)?;
        encoder.set_repeat(Repeat::Infinite).map_err(gif)?;
        // The picture as the GIF shows it so far, and as the frames drawn so far make it, in
        // palette indices.
        let mut shown = palette.indices(self.first.as_raw());
        let mut current = shown.clone();
        encoder
            .write_frame(&Frame {
                delay: centiseconds(self.delays[0]),
                dispose: DisposalMethod::Keep,
                width,
                height,
                buffer: Cow::Borrowed(&shown),
                ..Frame::default()
            })
            .map_err(gif)?;
        let mut keep = kept(self.delays.len(), every).skip(1).peekable();
        // Rows changed since the frame last shown.
        let mut dirty: Option<(usize, usize)> = None;
        for (index, change) in (1..).zip(&self.changes) {
            // Each run lies within one row.
            for &(start, _) in &change.runs {
                let row = start / usize::from(width);
                dirty = Some(dirty.map_or((row, row), |(a, b)| (a.min(row), b.max(row))));
            }
            apply(&mut current, change, palette);
            if keep.peek() != Some(&index) {
                continue;
            }
            keep.next();
            let frame = difference(&mut shown, &current, dirty.take(), width, palette.clear);
            encoder
                .write_frame(&Frame {
                    delay: centiseconds(self.delays[index]),
                    ..frame
                })
                .map_err(gif)?;
            if encoder.get_ref().len() > room {
                return Ok(None);
            }
        }
        let bytes = encoder.into_inner().map_err(gif)?;
        Ok((bytes.len() <= room).then_some(bytes))
    }
}

/// The frames kept of `frames` when one every `every` is: the first, each `every`-th, and
/// the last.
fn kept(frames: usize, every: usize) -> impl Iterator<Item = usize> {
    let last = frames.saturating_sub(1);
    (0..frames)
        .step_by(every.max(1))
        .chain((!last.is_multiple_of(every.max(1))).then_some(last))
}

/// The animation's palette: up to [`COLOURS`] colours and the transparent index after them,
/// and the index of every colour the frames use (the nearest kept colour's, for a colour left
/// out).
struct Palette {
    /// The colours, RGB, as the GIF's global colour table (transparency included).
    rgb: Vec<u8>,
    index: ColorMap<u8>,
    /// The transparent index.
    clear: u8,
}

impl Palette {
    fn of(uses: &ColorMap<u32>) -> Palette {
        let mut by_use: Vec<([u8; 3], u32)> = uses.iter().map(|(&c, &n)| (c, n)).collect();
        // Most used first; equal counts by colour, so the same frames always get the same
        // palette.
        by_use.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let (kept, dropped) = by_use.split_at(by_use.len().min(COLOURS));
        let colours: Vec<[u8; 3]> = kept.iter().map(|&(colour, _)| colour).collect();
        let mut index: ColorMap<u8> = (0..=u8::MAX).zip(&colours).map(|(i, &c)| (c, i)).collect();
        for &(colour, _) in dropped {
            let near = nearest(&colours, colour);
            let i = index.get(&near).copied().unwrap_or_default();
            index.insert(colour, i);
        }
        // `kept` holds at most 255 colours, so the transparent index fits in a byte.
        let clear = colours.len() as u8;
        let mut rgb: Vec<u8> = colours.concat();
        rgb.extend_from_slice(&[0, 0, 0]);
        Palette { rgb, index, clear }
    }

    /// The palette index of each pixel of RGB bytes.
    fn indices(&self, rgb: &[u8]) -> Vec<u8> {
        let mut out = vec![0; rgb.len() / 3];
        self.write_indices(rgb, &mut out);
        out
    }

    /// Writes the palette index of each pixel of RGB bytes to `out`, one for one.
    fn write_indices(&self, rgb: &[u8], out: &mut [u8]) {
        let mut last = None;
        for (pixel, slot) in rgb.chunks_exact(3).zip(out) {
            let colour = [pixel[0], pixel[1], pixel[2]];
            let i = match last {
                Some((c, i)) if c == colour => i,
                // Every colour the frames use was counted, so has an index.
                _ => self.index.get(&colour).copied().unwrap_or_default(),
            };
            last = Some((colour, i));
            *slot = i;
        }
    }
}

/// The runs of pixels that differ between two frames of the same size.
fn changes(before: &RgbImage, after: &RgbImage) -> Change {
    let row_bytes = 3 * before.width() as usize;
    let mut change = Change::default();
    if row_bytes == 0 {
        return change;
    }
    let rows = before.as_raw().chunks_exact(row_bytes);
    for (y, (old, new)) in rows.zip(after.as_raw().chunks_exact(row_bytes)).enumerate() {
        if old == new {
            continue;
        }
        let row_start = y * row_bytes / 3;
        let mut run: Option<(usize, usize)> = None;
        for (x, (a, b)) in old.chunks_exact(3).zip(new.chunks_exact(3)).enumerate() {
            if a == b {
                continue;
            }
            run = match run {
                Some((start, end)) if x - end < RUN_GAP => Some((start, x + 1)),
                Some(done) => {
                    change.add(row_start, done, new);
                    Some((x, x + 1))
                }
                None => Some((x, x + 1)),
            };
        }
        if let Some(done) = run {
            change.add(row_start, done, new);
        }
    }
    change
}

impl Change {
    /// Adds pixels `start..end` of a row (its RGB bytes `row`, first pixel at `row_start`).
    fn add(&mut self, row_start: usize, (start, end): (usize, usize), row: &[u8]) {
        self.runs.push((row_start + start, end - start));
        self.pixels.extend_from_slice(&row[3 * start..3 * end]);
    }
}

/// Counts the pixels of each colour in RGB bytes.
fn count(uses: &mut ColorMap<u32>, rgb: &[u8]) {
    for pixel in rgb.chunks_exact(3) {
        *uses.entry([pixel[0], pixel[1], pixel[2]]).or_default() += 1;
    }
}

/// Draws `change` on `picture` (palette indices).
fn apply(picture: &mut [u8], change: &Change, palette: &Palette) {
    let mut pixels = change.pixels.as_slice();
    for &(start, length) in &change.runs {
        let (run, rest) = pixels.split_at(3 * length);
        palette.write_indices(run, &mut picture[start..start + length]);
        pixels = rest;
    }
}

/// The frame that turns `shown` into `current` within rows `dirty` (inclusive; `None`: no row
/// changed): the smallest rectangle holding every pixel that differs, the others in it
/// transparent. `shown` becomes `current`. A frame that changes nothing is one transparent
/// pixel, so that every frame keeps its place and its delay.
fn difference(
    shown: &mut [u8],
    current: &[u8],
    dirty: Option<(usize, usize)>,
    width: u16,
    clear: u8,
) -> Frame<'static> {
    let w = usize::from(width);
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    if let Some((first_row, last_row)) = dirty {
        for y in first_row..=last_row {
            let row = y * w..(y + 1) * w;
            let (old, new) = (&shown[row.clone()], &current[row]);
            let Some(left) = old.iter().zip(new).position(|(a, b)| a != b) else {
                continue;
            };
            let right = w - old
                .iter()
                .rev()
                .zip(new.iter().rev())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            bounds = Some(match bounds {
                Some((l, t, r, _)) => (l.min(left), t, r.max(right), y + 1),
                None => (left, y, right, y + 1),
            });
        }
    }
    let Some((left, top, right, bottom)) = bounds else {
        return Frame {
            dispose: DisposalMethod::Keep,
            transparent: Some(clear),
            width: 1,
            height: 1,
            buffer: Cow::Owned(vec![clear]),
            ..Frame::default()
        };
    };
    let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let row = y * w + left..y * w + right;
        for (old, &new) in shown[row.clone()].iter_mut().zip(&current[row]) {
            buffer.push(if *old == new { clear } else { new });
            *old = new;
        }
    }
    // The rectangle lies within the picture, whose sides fit in 16 bits.
    let side = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    Frame {
        dispose: DisposalMethod::Keep,
        transparent: Some(clear),
        left: side(left),
        top: side(top),
        width: side(right - left),
        height: side(bottom - top),
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

/// The picture's sides, which a GIF holds in 16 bits each.
fn dimensions(image: &RgbImage) -> Result<(u16, u16), RenderError> {
    match (u16::try_from(image.width()), u16::try_from(image.height())) {
        (Ok(width), Ok(height)) => Ok((width, height)),
        _ => Err(failed(format!(
            "a {}×{} picture is too large for a GIF",
            image.width(),
            image.height()
        ))),
    }
}

/// A delay in milliseconds as a GIF holds it, in hundredths of a second.
fn centiseconds(milliseconds: u32) -> u16 {
    u16::try_from(milliseconds.div_ceil(10)).unwrap_or(u16::MAX)
}

fn gif(error: EncodingError) -> RenderError {
    RenderError::Encode(ImageError::IoError(std::io::Error::other(error)))
}

fn failed(reason: String) -> RenderError {
    RenderError::Encode(ImageError::IoError(std::io::Error::other(reason)))
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use image::codecs::gif::GifDecoder;
    use image::{AnimationDecoder, Rgb, RgbImage};

    use super::{kept, Animation};

    /// Frames of 64 colours in no pattern (costly to compress whole), like a picture's
    /// anti-aliased text: each draws new such pixels in the same small box (a status line),
    /// but one that repeats the frame before exactly.
    fn frames() -> Vec<RgbImage> {
        let noise = |x: u32, y: u32, seed: u32| {
            let hash = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503) ^ seed) >> 7;
            let i = hash % 64;
            Rgb([(i * 4) as u8, (255 - i * 3) as u8, (i * 37 % 256) as u8])
        };
        let mut frame = RgbImage::from_fn(120, 80, |x, y| noise(x, y, 0));
        let mut frames = vec![frame.clone()];
        for i in 1..=12u32 {
            if i != 6 {
                for (x, y) in (0..20).flat_map(|x| (0..15).map(move |y| (x, y))) {
                    frame.put_pixel(50 + x, 30 + y, noise(x, y, i * 7919));
                }
            }
            frames.push(frame.clone());
        }
        frames
    }

    fn animation(frames: &[RgbImage]) -> Animation {
        let mut animation = Animation::new(frames[0].clone(), 1500);
        for frame in &frames[1..] {
            animation.push(frame.clone(), 1200).expect("same size");
        }
        animation
    }

    fn decode(gif: &[u8]) -> Vec<(RgbImage, u32)> {
        GifDecoder::new(Cursor::new(gif))
            .expect("a GIF")
            .into_frames()
            .collect_frames()
            .expect("frames")
            .into_iter()
            .map(|f| {
                let (numer, denom) = f.delay().numer_denom_ms();
                let rgb = image::DynamicImage::ImageRgba8(f.into_buffer()).into_rgb8();
                (rgb, numer / denom.max(1))
            })
            .collect()
    }

    #[test]
    fn every_frame_decodes_to_the_picture_pushed_with_its_delay() {
        let frames = frames();
        let encoded = animation(&frames)
            .encode_within(usize::MAX)
            .expect("encodes")
            .expect("fits");
        assert_eq!((encoded.every, encoded.frames), (1, frames.len()));
        let decoded = decode(&encoded.bytes);
        assert_eq!(decoded.len(), frames.len());
        for (i, ((picture, delay), frame)) in decoded.iter().zip(&frames).enumerate() {
            assert!(picture == frame, "frame {i} differs");
            assert_eq!(*delay, if i == 0 { 1500 } else { 1200 }, "frame {i}");
        }
    }

    #[test]
    fn a_frame_carries_only_the_rectangle_that_changed() {
        let frames = frames();
        let whole = animation(&frames[..1])
            .encode_within(usize::MAX)
            .expect("encodes")
            .expect("fits")
            .bytes
            .len();
        let all = animation(&frames)
            .encode_within(usize::MAX)
            .expect("encodes")
            .expect("fits")
            .bytes
            .len();
        // Twelve more frames cost less than three whole ones.
        assert!(
            all < 3 * whole,
            "{all} bytes for 13 frames, {whole} for one"
        );
    }

    #[test]
    fn too_little_room_keeps_one_frame_every_few_and_always_the_last() {
        let frames = frames();
        let animation = animation(&frames);
        let all = animation
            .encode_within(usize::MAX)
            .expect("encodes")
            .expect("fits")
            .bytes
            .len();
        let room = all - 1;
        let encoded = animation
            .encode_within(room)
            .expect("encodes")
            .expect("fits");
        assert!(
            encoded.bytes.len() <= room && encoded.every > 1,
            "{encoded:?}"
        );
        let decoded = decode(&encoded.bytes);
        let kept: Vec<usize> = kept(frames.len(), encoded.every).collect();
        assert_eq!((decoded.len(), encoded.frames), (kept.len(), kept.len()));
        assert_eq!((kept[0], kept.last()), (0, Some(&(frames.len() - 1))));
        for ((picture, _), &i) in decoded.iter().zip(&kept) {
            assert!(picture == &frames[i], "frame {i} differs");
        }
        // Not even the first frame fits: nothing.
        assert_eq!(animation.encode_within(100).expect("encodes"), None);
    }

    #[test]
    fn kept_frames_are_the_first_every_nth_and_the_last() {
        assert_eq!(kept(10, 1).collect::<Vec<_>>(), (0..10).collect::<Vec<_>>());
        assert_eq!(kept(10, 3).collect::<Vec<_>>(), [0, 3, 6, 9]);
        assert_eq!(kept(10, 4).collect::<Vec<_>>(), [0, 4, 8, 9]);
        assert_eq!(kept(10, 9).collect::<Vec<_>>(), [0, 9]);
        assert_eq!(kept(1, 1).collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn a_frame_of_another_size_is_refused() {
        let mut animation = Animation::new(RgbImage::new(4, 4), 100);
        assert!(animation.push(RgbImage::new(4, 5), 100).is_err());
    }
}
