//! Small anti-aliased painting kit: shapes are signed distance functions (negative inside, in
//! pixels), painted with one sample per pixel and coverage `0.5 - d`. Text uses the embedded
//! DejaVu fonts through `ab_glyph`, with embedded fallback faces for the characters DejaVu lacks
//! (CJK and Hangul, emoji and symbols, Thai), and a stand-in (U+FFFD) for any character no face
//! has, so a name never draws as empty boxes. Everything is deterministic (no threads, no clocks).

use super::script;
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::{RgbImage, RgbaImage};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

pub type Rgb8 = [u8; 3];

static REGULAR_TTF: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans-Bold.ttf");
/// Fallback faces, tried in this order for a character DejaVu lacks (licences beside them in
/// `assets/fonts/`).
static FALLBACK_TTF: [(&str, &[u8]); 3] = [
    ("DroidSansFallback.ttf", include_bytes!("../../../../assets/fonts/DroidSansFallback.ttf")),
    ("Symbola-emoji.ttf", include_bytes!("../../../../assets/fonts/Symbola-emoji.ttf")),
    ("NotoSansThai-Regular.ttf", include_bytes!("../../../../assets/fonts/NotoSansThai-Regular.ttf")),
];

/// The embedded faces: DejaVu Sans regular and bold (licence in
/// `assets/fonts/LICENSE-DejaVu.txt`), and the fallbacks.
pub struct Fonts {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
    fallbacks: Vec<FontRef<'static>>,
    /// Per fallback: the factor that gives it DejaVu's em size at the same `PxScale`.
    fallback_scale: Vec<f32>,
}

impl Fonts {
    /// Face `i`: 0 regular, 1 bold, then the fallbacks.
    fn face(&self, i: u8) -> &FontRef<'static> {
        match i {
            0 => &self.regular,
            1 => &self.bold,
            n => &self.fallbacks[n as usize - 2],
        }
    }

    fn index_of(&self, font: &FontRef<'static>) -> u8 {
        if std::ptr::eq(font, &self.bold) { 1 } else { 0 }
    }

    /// Whether some embedded face (DejaVu or a fallback) has a glyph for `c`.
    #[cfg(test)]
    pub fn covers(&self, c: char) -> bool {
        self.regular.glyph_id(c).0 != 0 || self.fallbacks.iter().any(|f| f.glyph_id(c).0 != 0)
    }
}

pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let regular = FontRef::try_from_slice(REGULAR_TTF).expect("embedded DejaVuSans.ttf is a valid font");
        let em = |f: &FontRef<'static>| f.height_unscaled() / f.units_per_em().unwrap_or(1000.0);
        let fallbacks: Vec<FontRef<'static>> = FALLBACK_TTF
            .iter()
            .map(|(name, bytes)| FontRef::try_from_slice(bytes).unwrap_or_else(|_| panic!("embedded {name} is a valid font")))
            .collect();
        let fallback_scale = fallbacks.iter().map(|f| em(f) / em(&regular)).collect();
        Fonts {
            bold: FontRef::try_from_slice(BOLD_TTF).expect("embedded DejaVuSans-Bold.ttf is a valid font"),
            regular,
            fallbacks,
            fallback_scale,
        }
    })
}

/// Something we can paint on: the board (RGB) or a sprite (RGBA, transparent background).
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

/// Fills the shape `sdf` (pixel units, negative inside) within the box `(x0, y0, x1, y1)`.
pub fn fill<S: Surface>(s: &mut S, bbox: (f32, f32, f32, f32), c: Rgb8, alpha: f32, sdf: impl Fn(f32, f32) -> f32) {
    let (w, h) = s.dims();
    let x0 = (bbox.0 - 1.0).floor().max(0.0) as u32;
    let y0 = (bbox.1 - 1.0).floor().max(0.0) as u32;
    let x1 = ((bbox.2 + 1.0).ceil().max(0.0) as u32).min(w);
    let y1 = ((bbox.3 + 1.0).ceil().max(0.0) as u32).min(h);
    for y in y0..y1 {
        for x in x0..x1 {
            let d = sdf(x as f32 + 0.5, y as f32 + 0.5);
            let cov = (0.5 - d).clamp(0.0, 1.0);
            if cov > 0.0 {
                s.blend(x, y, c, cov * alpha);
            }
        }
    }
}

/// Fills the shape with an outline of width `ow` drawn outside it.
pub fn fill_outlined<S: Surface>(s: &mut S, bbox: (f32, f32, f32, f32), c: Rgb8, outline: Rgb8, ow: f32, sdf: impl Fn(f32, f32) -> f32) {
    let b = (bbox.0 - ow, bbox.1 - ow, bbox.2 + ow, bbox.3 + ow);
    fill_layers(s, b, &[(outline, 1.0, ow), (c, 1.0, 0.0)], sdf);
}

/// Coverage of the pixel span [p, p+1) by the interval [a, b).
#[inline]
fn span(p: f32, a: f32, b: f32) -> f32 {
    ((p + 1.0).min(b) - p.max(a)).clamp(0.0, 1.0)
}

/// An axis-aligned rectangle, anti-aliased at fractional edges (coverage is separable, so
/// this costs one blend per edge pixel; whole interior rows are written directly).
pub fn rect<S: Surface>(s: &mut S, x: f32, y: f32, w: f32, h: f32, c: Rgb8, alpha: f32) {
    let (iw, ih) = s.dims();
    let (x1, y1) = (x + w, y + h);
    let px0 = x.floor().max(0.0) as u32;
    let py0 = y.floor().max(0.0) as u32;
    let px1 = (x1.ceil().max(0.0) as u32).min(iw);
    let py1 = (y1.ceil().max(0.0) as u32).min(ih);
    // Columns fully inside.
    let (in0, in1) = ((x.ceil().max(0.0) as u32).min(px1), (x1.floor().max(0.0) as u32).min(px1).max(px0));
    for py in py0..py1 {
        let cy = span(py as f32, y, y1);
        if cy >= 1.0 && in1 > in0 {
            s.fill_span(in0, in1, py, c, alpha);
            for px in (px0..in0).chain(in1..px1) {
                let a = span(px as f32, x, x1) * alpha;
                if a > 0.0 {
                    s.blend(px, py, c, a);
                }
            }
            continue;
        }
        for px in px0..px1 {
            let a = cy * span(px as f32, x, x1) * alpha;
            if a > 0.0 {
                s.blend(px, py, c, a);
            }
        }
    }
}

/// A rounded rectangle outline of width `lw` centred on the border of the box. Only pixels
/// near the border are evaluated, each once: four corner squares and four thin edge strips.
pub fn rect_outline<S: Surface>(s: &mut S, (x, y, w, h): (f32, f32, f32, f32), r: f32, lw: f32, c: Rgb8, alpha: f32) {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let sdf = |px: f32, py: f32| sd_box(px, py, cx, cy, w / 2.0, h / 2.0, r).abs() - lw / 2.0;
    let (x0, x1) = ((x - lw).floor(), (x + w + lw).ceil());
    let (y0, y1) = ((y - lw).floor(), (y + h + lw).ceil());
    let ccx0 = (x + r + lw).ceil().min(x1);
    let ccx1 = (x + w - r - lw).floor().max(ccx0);
    let ccy0 = (y + r + lw).ceil().min(y1);
    let ccy1 = (y + h - r - lw).floor().max(ccy0);
    let top = ((y + lw).ceil() + 1.0).min(ccy0);
    let bottom = ((y + h - lw).floor() - 1.0).max(ccy1);
    let left = ((x + lw).ceil() + 1.0).min(ccx0);
    let right = ((x + w - lw).floor() - 1.0).max(ccx1);
    for (a, b, cc, d) in [
        (x0, y0, ccx0, ccy0),
        (ccx1, y0, x1, ccy0),
        (x0, ccy1, ccx0, y1),
        (ccx1, ccy1, x1, y1),
        (ccx0, y0, ccx1, top),
        (ccx0, bottom, ccx1, y1),
        (x0, ccy0, left, ccy1),
        (right, ccy0, x1, ccy1),
    ] {
        fill_rows(s, (a, b, cc, d), c, alpha, sdf);
    }
}

/// Like [`fill`] but over exactly the pixel rows [y0, y1) and columns covering [x0, x1).
fn fill_rows<S: Surface>(s: &mut S, (x0, y0, x1, y1): (f32, f32, f32, f32), c: Rgb8, alpha: f32, sdf: impl Fn(f32, f32) -> f32) {
    let (w, h) = s.dims();
    let (px0, px1) = (x0.floor().max(0.0) as u32, (x1.ceil().max(0.0) as u32).min(w));
    let (py0, py1) = (y0.max(0.0) as u32, (y1.max(0.0) as u32).min(h));
    for py in py0..py1 {
        for px in px0..px1 {
            let cov = (0.5 - sdf(px as f32 + 0.5, py as f32 + 0.5)).clamp(0.0, 1.0);
            if cov > 0.0 {
                s.blend(px, py, c, cov * alpha);
            }
        }
    }
}

/// Paints several layers of one shape with one distance evaluation per pixel: each layer is
/// (colour, opacity, offset), drawn in order where `sdf - offset < 0`.
pub fn fill_layers<S: Surface>(s: &mut S, bbox: (f32, f32, f32, f32), layers: &[(Rgb8, f32, f32)], sdf: impl Fn(f32, f32) -> f32) {
    let (w, h) = s.dims();
    let x0 = (bbox.0 - 1.0).floor().max(0.0) as u32;
    let y0 = (bbox.1 - 1.0).floor().max(0.0) as u32;
    let x1 = ((bbox.2 + 1.0).ceil().max(0.0) as u32).min(w);
    let y1 = ((bbox.3 + 1.0).ceil().max(0.0) as u32).min(h);
    let reach = layers.iter().map(|l| l.2).fold(0.0f32, f32::max) + 0.5;
    for y in y0..y1 {
        for x in x0..x1 {
            let d = sdf(x as f32 + 0.5, y as f32 + 0.5);
            if d >= reach {
                continue;
            }
            for &(c, alpha, off) in layers {
                let cov = (0.5 - (d - off)).clamp(0.0, 1.0);
                if cov > 0.0 {
                    s.blend(x, y, c, cov * alpha);
                }
            }
        }
    }
}

// ----- signed distance functions (pixel units) ----------------------------------------------

#[inline]
pub fn sd_circle(x: f32, y: f32, cx: f32, cy: f32, r: f32) -> f32 {
    ((x - cx) * (x - cx) + (y - cy) * (y - cy)).sqrt() - r
}

/// Box centred at (cx, cy) with half sizes (hx, hy) and corner radius r.
#[inline]
pub fn sd_box(x: f32, y: f32, cx: f32, cy: f32, hx: f32, hy: f32, r: f32) -> f32 {
    let qx = (x - cx).abs() - hx + r;
    let qy = (y - cy).abs() - hy + r;
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

/// Distance to the segment a-b minus r (a capsule).
#[inline]
pub fn sd_capsule(x: f32, y: f32, ax: f32, ay: f32, bx: f32, by: f32, r: f32) -> f32 {
    let (px, py, dx, dy) = (x - ax, y - ay, bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let h = if len2 > 0.0 { ((px * dx + py * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    ((px - dx * h).powi(2) + (py - dy * h).powi(2)).sqrt() - r
}

/// Ellipse centred at (cx, cy) with radii (rx, ry): a good approximation near the border.
#[inline]
pub fn sd_ellipse(x: f32, y: f32, cx: f32, cy: f32, rx: f32, ry: f32) -> f32 {
    let (px, py) = ((x - cx) / rx, (y - cy) / ry);
    let k0 = (px * px + py * py).sqrt();
    let k1 = ((px / rx).powi(2) + (py / ry).powi(2)).sqrt();
    if k1 == 0.0 { -rx.min(ry) } else { k0 * (k0 - 1.0) / k1 }
}

/// Exact distance to a polygon (any simple polygon), negative inside.
pub fn sd_polygon(x: f32, y: f32, pts: &[(f32, f32)]) -> f32 {
    let n = pts.len();
    let mut d = f32::MAX;
    let mut inside = false;
    let mut j = n - 1;
    for i in 0..n {
        let (ax, ay) = pts[i];
        let (bx, by) = pts[j];
        let (ex, ey) = (bx - ax, by - ay);
        let (wx, wy) = (x - ax, y - ay);
        let t = ((wx * ex + wy * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
        let (qx, qy) = (wx - ex * t, wy - ey * t);
        d = d.min(qx * qx + qy * qy);
        if (ay > y) != (by > y) && x < (bx - ax) * (y - ay) / (by - ay) + ax {
            inside = !inside;
        }
        j = i;
    }
    let d = d.sqrt();
    if inside { -d } else { d }
}

// ----- text -------------------------------------------------------------------------------------

/// One character of a line, ready to draw: its face, glyph and pixel scale.
#[derive(Clone, Copy)]
struct Shaped {
    face: u8,
    id: GlyphId,
    scale: f32,
}

/// Characters that take no room of their own: variation selectors, joiners, skin tones.
fn invisible(c: char) -> bool {
    matches!(c as u32, 0xFE00..=0xFE0F | 0x200B..=0x200F | 0x2060 | 0x1F3FB..=0x1F3FF | 0xE0020..=0xE007F)
}

/// The glyphs of `text` in drawing order: right-to-left runs put in visual order and Arabic
/// joined ([`script::visual`]), each character from `font` or else the first fallback that
/// has it, else a U+FFFD stand-in.
fn shape(font: &FontRef<'static>, size: f32, text: &str) -> Vec<Shaped> {
    let fonts = fonts();
    let primary = fonts.index_of(font);
    let text = script::visual(text);
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if invisible(c) {
            continue;
        }
        let id = font.glyph_id(c);
        if id.0 != 0 {
            out.push(Shaped { face: primary, id, scale: size });
            continue;
        }
        let fallback = fonts.fallbacks.iter().position(|f| f.glyph_id(c).0 != 0);
        match fallback {
            Some(k) => out.push(Shaped { face: 2 + k as u8, id: fonts.fallbacks[k].glyph_id(c), scale: size * fonts.fallback_scale[k] }),
            None => out.push(Shaped { face: primary, id: font.glyph_id('\u{FFFD}'), scale: size }),
        }
    }
    out
}

/// The pen advance of each shaped character (kerning within one face).
fn advances(glyphs: &[Shaped]) -> impl Iterator<Item = (Shaped, f32, f32)> + '_ {
    let fonts = fonts();
    let mut last: Option<Shaped> = None;
    glyphs.iter().map(move |&g| {
        let f = fonts.face(g.face).as_scaled(PxScale::from(g.scale));
        let kern = match last {
            Some(p) if p.face == g.face => f.kern(p.id, g.id),
            _ => 0.0,
        };
        last = Some(g);
        (g, kern, f.h_advance(g.id))
    })
}

/// Width of `text` at `size` pixels.
pub fn text_width(font: &FontRef<'static>, size: f32, text: &str) -> f32 {
    advances(&shape(font, size, text)).map(|(_, kern, adv)| kern + adv).sum()
}

/// `text`, cut with an ellipsis to fit in `width` pixels at `size` (whole characters).
pub fn ellipsized(font: &FontRef<'static>, size: f32, text: &str, width: f32) -> String {
    if text_width(font, size, text) <= width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    for n in (0..chars.len()).rev() {
        let cut: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        if text_width(font, size, &cut) <= width {
            return cut;
        }
    }
    "…".to_string()
}

/// A rasterised glyph: coverage (0..=255) and its offset from the pen position.
struct Glyph {
    left: i32,
    top: i32,
    w: u32,
    h: u32,
    coverage: Vec<u8>,
}

type GlyphKey = (u8, u16, u32, u8, u8);

/// Glyphs are rasterised once per (face, glyph, size, quarter-pixel offset) and reused: text
/// is a large part of a board, and the same digits and letters come back on every one.
fn glyph(face: u8, id: GlyphId, size: f32, fx: u8, fy: u8) -> Arc<Glyph> {
    static GLYPHS: OnceLock<Mutex<HashMap<GlyphKey, Arc<Glyph>>>> = OnceLock::new();
    let key = (face, id.0, (size * 8.0).round() as u32, fx, fy);
    let cache = GLYPHS.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(g);
    }
    let font = fonts().face(face);
    let positioned = id.with_scale_and_position(PxScale::from(size), point(fx as f32 / 4.0, fy as f32 / 4.0));
    let g = match font.outline_glyph(positioned) {
        Some(outlined) => {
            let bb = outlined.px_bounds();
            let (w, h) = (bb.width().max(0.0) as u32, bb.height().max(0.0) as u32);
            let mut coverage = vec![0u8; (w * h) as usize];
            outlined.draw(|gx, gy, cov| {
                if gx < w && gy < h {
                    coverage[(gy * w + gx) as usize] = (cov.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
                }
            });
            Glyph { left: bb.min.x as i32, top: bb.min.y as i32, w, h, coverage }
        }
        None => Glyph { left: 0, top: 0, w: 0, h: 0, coverage: Vec::new() },
    };
    let g = Arc::new(g);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() > 20_000 {
        map.clear();
    }
    map.insert(key, Arc::clone(&g));
    g
}

/// Draws `text` with its baseline-top at `y` (the top of capital letters is about 0.2·size
/// below `y`) and its left at `x`. Returns the advance width.
pub fn text<S: Surface>(s: &mut S, font: &FontRef<'static>, size: f32, x: f32, y: f32, c: Rgb8, text: &str) -> f32 {
    let f = font.as_scaled(PxScale::from(size));
    let (w, h) = s.dims();
    let baseline = y + f.ascent();
    let iy = baseline.floor();
    let fy = ((baseline - iy) * 4.0).round() as u8;
    let (iy, fy) = if fy == 4 { (iy + 1.0, 0) } else { (iy, fy) };
    let mut caret = x;
    for (shaped, kern, advance) in advances(&shape(font, size, text)) {
        caret += kern;
        let ix = caret.floor();
        let fx = ((caret - ix) * 4.0).round() as u8;
        let (ix, fx) = if fx == 4 { (ix + 1.0, 0) } else { (ix, fx) };
        caret += advance;
        let g = glyph(shaped.face, shaped.id, shaped.scale, fx, fy);
        for gy in 0..g.h {
            let py = iy as i32 + g.top + gy as i32;
            if py < 0 || py >= h as i32 {
                continue;
            }
            for gx in 0..g.w {
                let cov = g.coverage[(gy * g.w + gx) as usize];
                let px = ix as i32 + g.left + gx as i32;
                if cov > 0 && px >= 0 && px < w as i32 {
                    s.blend(px as u32, py as u32, c, cov as f32 * (1.0 / 255.0));
                }
            }
        }
    }
    caret - x
}

/// Text centred on (cx, cy) (the middle of capital letters).
pub fn text_centered<S: Surface>(s: &mut S, font: &FontRef<'static>, size: f32, cx: f32, cy: f32, c: Rgb8, t: &str) {
    let w = text_width(font, size, t);
    text(s, font, size, cx - w / 2.0, cy - cap_middle(size), c, t);
}

/// Distance from the `y` given to [`text`] to the middle of a capital letter.
pub fn cap_middle(size: f32) -> f32 {
    // DejaVu: ascent 0.928, cap height 0.729 (of the em): middle = ascent - cap / 2.
    size * (0.928 - 0.729 / 2.0)
}

// ----- images ---------------------------------------------------------------------------------

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

pub fn solid(w: u32, h: u32, c: Rgb8) -> RgbImage {
    let mut raw = vec![0u8; (w * h * 3) as usize];
    fill_pattern(&mut raw, c);
    RgbImage::from_raw(w, h, raw).expect("buffer of the right size")
}

/// Fills `buf` (a run of RGB pixels) with colour `c` by doubling copies.
fn fill_pattern(buf: &mut [u8], c: Rgb8) {
    if buf.len() < 3 {
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
