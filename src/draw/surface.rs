//! What is painted on: the [`Surface`] trait over an RGB picture or an RGBA sprite (transparent
//! background), solid pictures, copies and alpha blits, and colour arithmetic.

use image::{RgbImage, RgbaImage};

/// A colour: red, green, blue.
pub type Rgb8 = [u8; 3];

/// Something we can paint on: a picture (RGB) or a sprite (RGBA, transparent background).
pub trait Surface {
    fn dims(&self) -> (u32, u32);
    /// Paints colour `c` over the pixel with opacity `a` (0..=1).
    fn blend(&mut self, x: u32, y: u32, c: Rgb8, a: f32);
    /// Paints pixels x0..x1 of row y (all inside the image).
    fn fill_span(&mut self, x0: u32, x1: u32, y: u32, c: Rgb8, a: f32) {
        for x in x0..x1 {
            self.blend(x, y, c, a);
        }
    }
}

#[inline]
fn mix(dst: u8, src: u8, a: f32) -> u8 {
    (dst as f32 + (src as f32 - dst as f32) * a + 0.5) as u8
}

impl Surface for RgbImage {
    fn dims(&self) -> (u32, u32) {
        self.dimensions()
    }

    #[inline]
    fn blend(&mut self, x: u32, y: u32, c: Rgb8, a: f32) {
        let p = self.get_pixel_mut(x, y);
        if a >= 1.0 {
            p.0 = c;
        } else {
            p.0 = [mix(p.0[0], c[0], a), mix(p.0[1], c[1], a), mix(p.0[2], c[2], a)];
        }
    }

    fn fill_span(&mut self, x0: u32, x1: u32, y: u32, c: Rgb8, a: f32) {
        let w = self.width() as usize;
        let row = &mut self.as_mut()[(y as usize * w + x0 as usize) * 3..(y as usize * w + x1 as usize) * 3];
        if a >= 1.0 {
            fill_pattern(row, c);
        } else {
            // Integer blend: dst + (src - dst) * k / 256.
            let k = (a * 256.0 + 0.5) as i32;
            for px in row.chunks_exact_mut(3) {
                for i in 0..3 {
                    px[i] = (px[i] as i32 + (((c[i] as i32 - px[i] as i32) * k) >> 8)) as u8;
                }
            }
        }
    }
}

impl Surface for RgbaImage {
    fn dims(&self) -> (u32, u32) {
        self.dimensions()
    }

    #[inline]
    fn blend(&mut self, x: u32, y: u32, c: Rgb8, a: f32) {
        let p = self.get_pixel_mut(x, y);
        let da = p.0[3] as f32 / 255.0;
        let out_a = a + da * (1.0 - a);
        if out_a <= 0.0 {
            return;
        }
        let k = a / out_a;
        p.0 = [mix(p.0[0], c[0], k), mix(p.0[1], c[1], k), mix(p.0[2], c[2], k), (out_a * 255.0 + 0.5) as u8];
    }
}

/// Copies `src` onto `dst` with its top-left at (x, y), clipped.
pub fn blit_rgb(dst: &mut RgbImage, src: &RgbImage, x: i32, y: i32) {
    let (dw, dh) = dst.dimensions();
    let (sw, sh) = src.dimensions();
    let x0 = x.max(0);
    let x1 = (x + sw as i32).min(dw as i32);
    if x1 <= x0 {
        return;
    }
    let n = (x1 - x0) as usize * 3;
    for sy in 0..sh as i32 {
        let dy = y + sy;
        if dy < 0 || dy >= dh as i32 {
            continue;
        }
        let s_off = (sy as usize * sw as usize + (x0 - x) as usize) * 3;
        let d_off = (dy as usize * dw as usize + x0 as usize) * 3;
        let (sb, db): (&[u8], &mut [u8]) = (src.as_raw(), &mut *dst);
        db[d_off..d_off + n].copy_from_slice(&sb[s_off..s_off + n]);
    }
}

/// Alpha-blends the sprite `src` onto `dst` with its top-left at (x, y), clipped.
pub fn blit_rgba<S: Surface>(dst: &mut S, src: &RgbaImage, x: i32, y: i32) {
    let (dw, dh) = dst.dims();
    let (sw, sh) = src.dimensions();
    let raw = src.as_raw();
    let sx0 = (-x).max(0) as u32;
    let sx1 = (dw as i32 - x).clamp(0, sw as i32) as u32;
    for sy in 0..sh {
        let dy = y + sy as i32;
        if dy < 0 || dy >= dh as i32 {
            continue;
        }
        for sx in sx0..sx1 {
            let i = (sy * sw + sx) as usize * 4;
            let a = raw[i + 3];
            if a != 0 {
                dst.blend((x + sx as i32) as u32, dy as u32, [raw[i], raw[i + 1], raw[i + 2]], a as f32 * (1.0 / 255.0));
            }
        }
    }
}

/// An RGBA sprite ready to be stamped many times on RGB pictures: with each row's painted run
/// (the pixels between its first and last that are not transparent) found once, a stamp
/// visits only those. [`Stamp::blit`] paints exactly what [`blit_rgba`] paints.
pub struct Stamp {
    img: RgbaImage,
    /// Per row, the columns [start, end) that hold every pixel not fully transparent.
    rows: Vec<(u32, u32)>,
}

impl Stamp {
    pub fn new(img: RgbaImage) -> Stamp {
        let (w, _) = img.dimensions();
        let rows = img
            .rows()
            .map(|row| {
                let alphas: Vec<u8> = row.map(|p| p.0[3]).collect();
                match alphas.iter().position(|&a| a != 0) {
                    None => (0, 0),
                    Some(first) => (first as u32, w - alphas.iter().rev().position(|&a| a != 0).unwrap_or(0) as u32),
                }
            })
            .collect();
        Stamp { img, rows }
    }

    pub fn image(&self) -> &RgbaImage {
        &self.img
    }

    /// Paints the sprite onto `dst` with its top-left at (x, y), clipped: [`blit_rgba`]'s
    /// pixels, byte for byte.
    pub fn blit(&self, dst: &mut RgbImage, x: i32, y: i32) {
        let (dw, dh) = dst.dimensions();
        let sw = self.img.width();
        let raw = self.img.as_raw();
        let out: &mut [u8] = dst;
        for (sy, &(r0, r1)) in self.rows.iter().enumerate() {
            let dy = y + sy as i32;
            if dy < 0 || dy >= dh as i32 || r0 >= r1 {
                continue;
            }
            let sx0 = ((-x).max(0) as u32).max(r0);
            let sx1 = ((dw as i32 - x).clamp(0, sw as i32) as u32).min(r1);
            let row = dy as usize * dw as usize;
            for sx in sx0..sx1 {
                let i = (sy as u32 * sw + sx) as usize * 4;
                let a = raw[i + 3];
                if a == 0 {
                    continue;
                }
                let o = (row + (x + sx as i32) as usize) * 3;
                let p = &mut out[o..o + 3];
                if a == 255 {
                    p.copy_from_slice(&raw[i..i + 3]);
                } else {
                    // `RgbImage::blend` of the same pixel, the same arithmetic.
                    let k = a as f32 * (1.0 / 255.0);
                    for c in 0..3 {
                        p[c] = mix(p[c], raw[i + c], k);
                    }
                }
            }
        }
    }
}

/// A sprite `w`×`h` pixels (transparent where nothing is painted) with the drawing centred in
/// it: `draw` gets the sprite and its centre.
pub fn sprite(w: u32, h: u32, draw: impl FnOnce(&mut RgbaImage, f32, f32)) -> RgbaImage {
    let mut img = RgbaImage::new(w, h);
    draw(&mut img, w as f32 / 2.0, h as f32 / 2.0);
    img
}

/// A picture `w`×`h` pixels of one colour.
pub fn solid(w: u32, h: u32, c: Rgb8) -> RgbImage {
    let mut raw = vec![0u8; (w * h * 3) as usize];
    fill_pattern(&mut raw, c);
    RgbImage::from_raw(w, h, raw).expect("buffer of the right size")
}

/// Fills `buf` (a run of RGB pixels) with colour `c`: a short run (a span of a hex, a glyph's
/// row) from a block of 32 pixels copied whole, a long one by doubling copies.
fn fill_pattern(buf: &mut [u8], c: Rgb8) {
    if buf.len() < 3 {
        return;
    }
    const BLOCK: usize = 96;
    if buf.len() <= 4 * BLOCK {
        let mut block = [0u8; BLOCK];
        for px in block.chunks_exact_mut(3) {
            px.copy_from_slice(&c);
        }
        let mut chunks = buf.chunks_exact_mut(BLOCK);
        for chunk in &mut chunks {
            chunk.copy_from_slice(&block);
        }
        let rest = chunks.into_remainder();
        let n = rest.len();
        rest.copy_from_slice(&block[..n]);
        return;
    }
    buf[..3].copy_from_slice(&c);
    let mut done = 3;
    while done < buf.len() {
        let n = done.min(buf.len() - done);
        buf.copy_within(..n, done);
        done += n;
    }
}

/// Darker or lighter version of a colour (k < 1 darkens, k > 1 lightens towards white).
pub fn shade(c: Rgb8, k: f32) -> Rgb8 {
    if k <= 1.0 {
        c.map(|v| (v as f32 * k) as u8)
    } else {
        let t = (k - 1.0).min(1.0);
        c.map(|v| (v as f32 + (255.0 - v as f32) * t) as u8)
    }
}

/// Relative luminance, 0..1 (sRGB weights, no gamma: good enough to pick black or white text).
pub fn luminance(c: Rgb8) -> f32 {
    (0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32) / 255.0
}
