//! A finished game's timelapse: its pictures, one per step, as one animated GIF that Discord
//! plays inline on phones and desktop. Pure: PNG frames in, GIF bytes out.
//!
//! GIF rather than animated WebP: WebP needs libwebp (a C library) and GIF does not, and a
//! board grows a little each step, which GIF says cheaply the way lichess's GIF service does:
//! - one palette for the whole animation (the most common colours of pictures spread over the
//!   game, see `Palette`), looked up through a table of 32 768 colours (5 bits a channel), so
//!   a frame's pixels map in one step each and an unchanged pixel keeps its index from frame to
//!   frame;
//! - every frame after the first holds only the rectangle that changed (its left/top offset),
//!   the unchanged pixels inside it transparent, so LZW packs them as long runs of one index;
//!   a step that changed nothing visible adds no frame.
//!
//! Pictures grow as the board does: every frame is placed at the top left of one canvas as
//! large as the largest picture (the rest in the picture's own background, its top-left pixel),
//! then the canvas is scaled down so its longest side is at most [`SIDES`]`[0]`; a game too
//! long for the byte limit is tried again smaller, side after side.

use image::codecs::png::PngDecoder;
use image::{ImageDecoder, Rgb, RgbImage, RgbaImage};
use std::io::Cursor;

/// Discord's upload limit for a bot's attachment that every server allows (8 MiB).
pub const MAX_BYTES: usize = 8 * 1024 * 1024;

/// The longest side of the animation, tried in order until the file fits its limit: sharp on
/// a desktop at the first, still legible inline on a phone (400 px wide) at the last.
pub const SIDES: [u32; 4] = [960, 800, 640, 480];

/// How long the whole animation should take, in hundredths of a second (GIF's unit), and the
/// bounds of one frame's delay: browsers play delays under 2 cs at 10 cs, and a game of few
/// steps should still move.
const TOTAL_CS: usize = 2_000;
const MIN_DELAY_CS: u16 = 6;
const MAX_DELAY_CS: u16 = 50;
/// The last frame, the final board, is held longer before the animation starts again.
pub const HOLD_LAST_CS: u16 = 400;

/// How many pictures the palette is chosen from.
const PALETTE_SAMPLES: usize = 8;

/// The palette index no pixel of a picture maps to: "unchanged since the last frame".
const TRANSPARENT: u8 = 255;

/// An encoded timelapse and what it holds.
#[derive(Clone, PartialEq, Eq)]
pub struct Timelapse {
    pub gif: Vec<u8>,
    /// Frames in the file (steps that changed nothing visible have none).
    pub frames: usize,
    pub width: u32,
    pub height: u32,
}

impl std::fmt::Debug for Timelapse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Timelapse({}×{}, {} frames, {} bytes)", self.width, self.height, self.frames, self.gif.len())
    }
}

/// Why no timelapse could be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimelapseError {
    NoFrames,
    /// Frame `n` (from 0) is not a PNG this kit can read.
    Unreadable(usize, String),
    /// Even the smallest size is larger than the limit (bytes at that size).
    TooLarge(usize),
}

impl std::fmt::Display for TimelapseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimelapseError::NoFrames => write!(f, "a timelapse needs at least one picture"),
            TimelapseError::Unreadable(n, e) => write!(f, "picture {n} of the timelapse cannot be read: {e}"),
            TimelapseError::TooLarge(bytes) => write!(f, "the timelapse takes {bytes} bytes even at its smallest"),
        }
    }
}

impl std::error::Error for TimelapseError {}

/// The timelapse of `pngs` (a game's pictures, the opening first), at most `limit` bytes: the
/// largest of [`SIDES`] that fits.
pub fn timelapse(pngs: &[Vec<u8>], limit: usize) -> Result<Timelapse, TimelapseError> {
    let canvas = canvas_of(pngs)?;
    let mut smallest = 0;
    for side in SIDES {
        let made = encode(pngs, canvas, side)?;
        if made.gif.len() <= limit {
            return Ok(made);
        }
        smallest = made.gif.len();
    }
    Err(TimelapseError::TooLarge(smallest))
}

/// The size every picture fits in: the widest by the tallest.
fn canvas_of(pngs: &[Vec<u8>]) -> Result<(u32, u32), TimelapseError> {
    if pngs.is_empty() {
        return Err(TimelapseError::NoFrames);
    }
    let mut canvas = (1, 1);
    for (n, png) in pngs.iter().enumerate() {
        // The header alone: nothing is decoded twice.
        let (w, h) = PngDecoder::new(Cursor::new(png)).map_err(|e| TimelapseError::Unreadable(n, e.to_string()))?.dimensions();
        canvas = (canvas.0.max(w), canvas.1.max(h));
    }
    Ok(canvas)
}

/// The animation with its longest side at most `side` (never enlarged).
fn encode(pngs: &[Vec<u8>], canvas: (u32, u32), side: u32) -> Result<Timelapse, TimelapseError> {
    let scale = (side as f32 / canvas.0.max(canvas.1) as f32).min(1.0);
    // GIF sizes are 16-bit; `side` keeps them far below that.
    let size = (((canvas.0 as f32 * scale).round() as u32).max(1), ((canvas.1 as f32 * scale).round() as u32).max(1));
    let frame = |n: usize| -> Result<RgbImage, TimelapseError> {
        let png = &pngs[n];
        let picture = image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .map_err(|e| TimelapseError::Unreadable(n, e.to_string()))?
            .into_rgb8();
        Ok(placed(&picture, canvas, size))
    };
    // The palette from up to 8 pictures spread over the game, the first and the last among
    // them: a colour the game shows for long is in one of them.
    let last = pngs.len() - 1;
    let mut sampled: Vec<usize> = (0..PALETTE_SAMPLES).map(|i| i * last / (PALETTE_SAMPLES - 1)).collect();
    sampled.dedup();
    let palette = Palette::of(&sampled.into_iter().map(frame).collect::<Result<Vec<_>, _>>()?);
    let delay = (TOTAL_CS / pngs.len()).clamp(usize::from(MIN_DELAY_CS), usize::from(MAX_DELAY_CS)) as u16;

    let mut gif = Vec::new();
    let mut encoder = gif::Encoder::new(&mut gif, size.0 as u16, size.1 as u16, &palette.rgb).expect("a GIF header in memory");
    encoder.set_repeat(gif::Repeat::Infinite).expect("a GIF extension in memory");
    let mut shown: Option<Vec<u8>> = None;
    // A frame is written once the next one is known to differ, so the last one can be held.
    let mut pending: Option<gif::Frame<'static>> = None;
    let mut frames = 0;
    for n in 0..pngs.len() {
        let indexed = palette.indexed(&frame(n)?);
        let Some(change) = changed(shown.as_deref(), &indexed, size) else { continue };
        if let Some(before) = pending.take() {
            encoder.write_frame(&before).expect("a GIF frame in memory");
        }
        let buffer = match shown.as_deref() {
            None => indexed.clone(),
            Some(before) => patch(before, &indexed, size.0, change),
        };
        pending = Some(gif::Frame {
            left: change.x as u16,
            top: change.y as u16,
            width: change.w as u16,
            height: change.h as u16,
            delay,
            // Each frame draws over the last: its transparent pixels show what was there.
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            buffer: buffer.into(),
            ..gif::Frame::default()
        });
        frames += 1;
        shown = Some(indexed);
    }
    if let Some(mut last) = pending {
        last.delay = HOLD_LAST_CS;
        encoder.write_frame(&last).expect("a GIF frame in memory");
    }
    drop(encoder);
    Ok(Timelapse { gif, frames, width: size.0, height: size.1 })
}

/// `picture` at the top left of a canvas `canvas` large, the rest in the picture's background
/// (its top-left pixel), scaled to `size`.
fn placed(picture: &RgbImage, canvas: (u32, u32), size: (u32, u32)) -> RgbImage {
    let background = *picture.get_pixel(0, 0);
    let whole = if picture.dimensions() == canvas {
        picture.clone()
    } else {
        let mut whole = RgbImage::from_pixel(canvas.0, canvas.1, background);
        image::imageops::replace(&mut whole, picture, 0, 0);
        whole
    };
    if size == canvas { whole } else { image::imageops::thumbnail(&whole, size.0, size.1) }
}

/// A rectangle of the canvas, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

/// The smallest rectangle holding every pixel of `now` that differs from `before` (the whole
/// canvas when there is nothing before); None when nothing differs.
fn changed(before: Option<&[u8]>, now: &[u8], size: (u32, u32)) -> Option<Rect> {
    let Some(before) = before else { return Some(Rect { x: 0, y: 0, w: size.0, h: size.1 }) };
    let width = size.0 as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (a, b)) in before.chunks_exact(width).zip(now.chunks_exact(width)).enumerate() {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = width - 1 - a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q).unwrap_or(0);
        (x0, x1) = (x0.min(first), x1.max(last));
        (y0, y1) = (y0.min(y), y);
    }
    (x0 != usize::MAX).then(|| Rect { x: x0 as u32, y: y0 as u32, w: (x1 - x0 + 1) as u32, h: (y1 - y0 + 1) as u32 })
}

/// The pixels of `now` inside `rect`, those unchanged since `before` transparent.
fn patch(before: &[u8], now: &[u8], width: u32, rect: Rect) -> Vec<u8> {
    let mut out = Vec::with_capacity((rect.w * rect.h) as usize);
    for y in rect.y..rect.y + rect.h {
        let start = (y * width + rect.x) as usize;
        let end = start + rect.w as usize;
        out.extend(before[start..end].iter().zip(&now[start..end]).map(|(&b, &n)| if b == n { TRANSPARENT } else { n }));
    }
    out
}

/// The animation's one palette (255 colours; index 255 is [`TRANSPARENT`]) and the index of
/// every colour, by its 5 top bits a channel.
///
/// Chosen by popularity, not by a neural quantizer: the pictures are flat colours (sea, land,
/// a player's pieces) with anti-aliased edges between them, and a quantizer that trains on a
/// sample drops a colour a few hundred pixels wide (a player's new piece); popularity keeps
/// every flat colour, and a minimum distance between the chosen leaves room for the rest.
struct Palette {
    rgb: Vec<u8>,
    lookup: Vec<u8>,
}

/// Two chosen colours are at least this far apart (squared, in RGB) while there is room.
const MIN_DISTANCE_SQ: u32 = 10 * 10;

fn bucket(r: u8, g: u8, b: u8) -> usize {
    (usize::from(r >> 3) << 10) | (usize::from(g >> 3) << 5) | usize::from(b >> 3)
}

fn distance_sq(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3).map(|c| u32::from(a[c].abs_diff(b[c])).pow(2)).sum()
}

impl Palette {
    fn of(samples: &[RgbImage]) -> Palette {
        // Each 5-bit bucket: how many pixels, and the sum of their colours (for its mean).
        let mut count = vec![0u32; 1 << 15];
        let mut sum = vec![[0u64; 3]; 1 << 15];
        for Rgb([r, g, b]) in samples.iter().flat_map(|s| s.pixels()) {
            let k = bucket(*r, *g, *b);
            count[k] += 1;
            for (c, v) in sum[k].iter_mut().zip([r, g, b]) {
                *c += u64::from(*v);
            }
        }
        let mean = |k: usize| sum[k].map(|c| (c / u64::from(count[k].max(1))) as u8);
        let mut popular: Vec<usize> = (0..1 << 15).filter(|&k| count[k] > 0).collect();
        popular.sort_by_key(|&k| (std::cmp::Reverse(count[k]), k));
        let mut chosen: Vec<[u8; 3]> = Vec::new();
        let room = usize::from(TRANSPARENT);
        for &k in &popular {
            if chosen.len() == room {
                break;
            }
            let colour = mean(k);
            if chosen.iter().all(|&c| distance_sq(c, colour) >= MIN_DISTANCE_SQ) {
                chosen.push(colour);
            }
        }
        // Room left (few colours): the rest by popularity.
        for &k in &popular {
            if chosen.len() == room {
                break;
            }
            let colour = mean(k);
            if !chosen.contains(&colour) {
                chosen.push(colour);
            }
        }
        let nearest = |colour: [u8; 3]| (0..chosen.len()).min_by_key(|&i| distance_sq(chosen[i], colour)).unwrap_or(0) as u8;
        let lookup = (0..1usize << 15)
            .map(|k| {
                if count[k] > 0 {
                    nearest(mean(k))
                } else {
                    let channel = |shift: usize| ((((k >> shift) & 31) << 3) | 4) as u8;
                    nearest([channel(10), channel(5), channel(0)])
                }
            })
            .collect();
        let mut rgb: Vec<u8> = chosen.iter().flatten().copied().collect();
        rgb.resize(256 * 3, 0);
        Palette { rgb, lookup }
    }

    fn indexed(&self, picture: &RgbImage) -> Vec<u8> {
        picture.pixels().map(|Rgb([r, g, b])| self.lookup[bucket(*r, *g, *b)]).collect()
    }
}

/// The frames of a timelapse as a player shows them (each composed over the last), for tests
/// and tools that check one.
pub fn decode_frames(gif: &[u8]) -> Result<Vec<RgbaImage>, String> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(Cursor::new(gif)).map_err(|e| e.to_string())?;
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let mut screen = RgbaImage::new(w, h);
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().map_err(|e| e.to_string())? {
        let part = RgbaImage::from_raw(u32::from(frame.width), u32::from(frame.height), frame.buffer.to_vec()).ok_or("a short frame")?;
        for (x, y, p) in part.enumerate_pixels() {
            // Transparent pixels leave what the last frame showed.
            if p.0[3] != 0 {
                screen.put_pixel(u32::from(frame.left) + x, u32::from(frame.top) + y, *p);
            }
        }
        frames.push(screen.clone());
    }
    Ok(frames)
}

#[cfg(test)]
mod tests {
    use super::super::{encode_png, solid};
    use super::*;

    /// A board that grows: a square more each step, on a picture that widens with it.
    fn growing(steps: u32) -> Vec<Vec<u8>> {
        (0..steps)
            .map(|n| {
                let mut img = solid(200 + 20 * n, 150, [240, 230, 210]);
                for k in 0..=n {
                    for (x, y) in (0..18).flat_map(|dx| (0..18).map(move |dy| (dx, dy))) {
                        img.put_pixel(10 + 20 * k + x, 60 + y, Rgb([40, 120, 200 - (k * 7 % 150) as u8]));
                    }
                }
                encode_png(&img)
            })
            .collect()
    }

    #[test]
    fn a_frame_per_changed_step_decodes_back_under_the_limit() {
        let mut pngs = growing(12);
        // A step that changed nothing visible adds no frame.
        pngs.insert(5, pngs[4].clone());
        let made = timelapse(&pngs, MAX_BYTES).expect("a timelapse");
        assert_eq!(made.frames, 12, "{made:?}");
        assert!(made.gif.len() < MAX_BYTES);
        // The canvas is the largest picture's size (no scaling below the first side).
        assert_eq!((made.width, made.height), (200 + 20 * 11, 150));
        let frames = decode_frames(&made.gif).expect("it decodes");
        assert_eq!(frames.len(), 12);
        // The last frame shows the last picture (colours through the palette, nearly).
        let last = image::load_from_memory(pngs.last().unwrap()).unwrap().into_rgb8();
        for (x, y) in [(15, 65), (10 + 20 * 11 + 5, 65), (5, 5)] {
            let want = last.get_pixel(x, y).0;
            let got = frames[11].get_pixel(x, y).0;
            for c in 0..3 {
                assert!(want[c].abs_diff(got[c]) <= 24, "({x},{y}): {want:?} vs {got:?}");
            }
        }
    }

    #[test]
    fn frames_after_the_first_hold_only_what_changed_and_the_last_is_held() {
        let made = timelapse(&growing(6), MAX_BYTES).unwrap();
        let mut decoder = gif::DecodeOptions::new().read_info(Cursor::new(&made.gif)).unwrap();
        let mut sizes = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            sizes.push((frame.left, frame.width, frame.height, frame.delay));
        }
        assert_eq!(sizes[0], (0, 300, 150, (TOTAL_CS / 6).clamp(6, 50) as u16));
        // The second picture adds a square (and widens the picture, in its background colour).
        assert!(sizes[1].1 <= 20 && sizes[1].2 <= 18, "{sizes:?}");
        assert_eq!(sizes.last().unwrap().3, HOLD_LAST_CS);
    }

    #[test]
    fn a_large_game_is_scaled_to_the_limit_or_refused() {
        let pngs = growing(3);
        let small = timelapse(&pngs, MAX_BYTES).unwrap();
        assert!(timelapse(&pngs, 10) == Err(TimelapseError::TooLarge(small.gif.len())));
        assert_eq!(timelapse(&[], MAX_BYTES), Err(TimelapseError::NoFrames));
        assert!(matches!(timelapse(&[b"not a png".to_vec()], MAX_BYTES), Err(TimelapseError::Unreadable(0, _))));
    }

    #[test]
    fn a_picture_larger_than_the_side_is_scaled_down() {
        let big = encode_png(&solid(2000, 1000, [10, 20, 30]));
        let made = timelapse(&[big], MAX_BYTES).unwrap();
        assert_eq!((made.width, made.height, made.frames), (SIDES[0], SIDES[0] / 2, 1));
    }
}
