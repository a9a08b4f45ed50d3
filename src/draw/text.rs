//! Text: measured and drawn one glyph per character (no shaping engine), each character from
//! the face asked for or else the first fallback face that has it (`fonts.rs`), else a
//! stand-in (U+FFFD), so a name in any script never draws as empty boxes. Right-to-left runs
//! are put in visual order and Arabic joined first (`script.rs`). Glyphs are rasterised
//! once and cached; the cache never changes a picture.

use super::fonts::fonts;
use super::script;
use super::surface::{Rgb8, Surface};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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

/// Draws `t` with its right end at `right` (for numbers in a column).
pub fn right_text<S: Surface>(s: &mut S, font: &FontRef<'static>, size: f32, right: f32, y: f32, c: Rgb8, t: &str) {
    let w = text_width(font, size, t);
    text(s, font, size, right - w, y, c, t);
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
