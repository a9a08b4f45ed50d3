//! The pieces as sprites: each kind of piece (settlement, city, ship, road in each of the
//! three directions of a hex side, the pirate) and each marker of the ground (a number token,
//! a harbour's marker) is drawn once per colour, language and size into a transparent sprite,
//! kept process-wide, and copied to every place it stands. A late board has some sixty pieces
//! and thirty tokens; drawing each one's outline afresh cost about as much as encoding the
//! picture. A sprite is placed on whole pixels (a piece moves by under half a pixel), so a
//! picture drawn with cached sprites is byte for byte the picture drawn with fresh ones.

use super::palette as pal;
use crate::draw::{self, Polygon, Rgb8, Stamp, Surface, fill_exact, fill_layers_exact, sd_capsule, sd_circle, text_centered, text_width};
use crate::i18n::Locale;
use image::{RgbImage, RgbaImage};
use seafarers_engine::Harbour;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A piece as drawn: its kind and, for a player's piece, their seat (its colour and pattern).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Settlement {
        seat: usize,
    },
    City {
        seat: usize,
    },
    Ship {
        seat: usize,
    },
    /// A road along a side at `angle` × 30° from the x axis (a hex side's direction, 0..6).
    Road {
        seat: usize,
        angle: u8,
    },
    Pirate,
    /// A number token: the number and its pips on a disc.
    Token {
        n: u8,
    },
    /// A harbour's marker: its rate and what it takes, in `lang`.
    Harbour {
        kind: Harbour,
        lang: Locale,
    },
}

/// A sprite and the pixel of it that goes where the piece stands.
struct Sprite {
    img: Stamp,
    anchor: (i32, i32),
}

/// Sprites for a few thousand pieces at most (a few kB each) before the cache starts over.
const MAX_SPRITES: usize = 4096;

/// A piece at a size (and a road at a scale), or a spot's badge by its size, outline and the
/// quarter of a pixel its centre falls on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Piece(Piece, u32, u32),
    Badge([u32; 5]),
}

fn cache() -> std::sync::MutexGuard<'static, HashMap<Key, Arc<Sprite>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Sprite>>>> = OnceLock::new();
    // A panic while holding the lock leaves only complete entries behind: keep using it.
    CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// Empties the cache (benchmarks of a first picture).
pub fn clear() {
    cache().clear();
}

/// Draws `piece` with its anchor at the pixel nearest (x, y); `u` is the piece size and `s`
/// the pixels per board unit (a road's length, rounded).
pub fn stamp(img: &mut RgbImage, piece: Piece, u: f32, s: f32, (x, y): (f32, f32)) {
    // A road is as long as the side it lies on, to the nearest pixel per hex radius: the
    // frames of a game, at many scales, share a few lengths.
    let s = if matches!(piece, Piece::Road { .. }) { s.round() } else { 0.0 };
    let sprite = cached(Key::Piece(piece, u.to_bits(), s.to_bits()), || draw(piece, u, s));
    sprite.img.blit(img, x.round() as i32 - sprite.anchor.0, y.round() as i32 - sprite.anchor.1);
}

/// Draws a spot's badge (its letters apart: they are drawn after every badge) centred on
/// (x, y) to a quarter of a pixel (a sprite per quarter: badges lie a pixel apart, so they
/// keep to their places to well under that): a rounded box `hw`×`hh` from its centre, in an
/// outline `ow` wide.
pub fn stamp_badge(img: &mut RgbImage, (hw, hh, ow): (f32, f32, f32), (x, y): (f32, f32)) {
    let (qx, qy) = ((x * 4.0).round() as i32, (y * 4.0).round() as i32);
    let (fx, fy) = (qx.rem_euclid(4), qy.rem_euclid(4));
    let sprite = cached(Key::Badge([hw.to_bits(), hh.to_bits(), ow.to_bits(), fx as u32, fy as u32]), || {
        let half = (hw.max(hh) + ow).ceil() as u32 + 2;
        let mut img = RgbaImage::new(2 * half + 1, 2 * half + 1);
        let (cx, cy) = (half as f32 + fx as f32 / 4.0, half as f32 + fy as f32 / 4.0);
        let bb = (cx - hw - ow, cy - hh - ow, cx + hw + ow, cy + hh + ow);
        fill_layers_exact(&mut img, bb, &[(pal::OUTLINE, 1.0, ow), (pal::SPOT, 1.0, 0.0)], |px, py| {
            draw::sd_box(px, py, cx, cy, hw, hh, hh)
        });
        Sprite { img: Stamp::new(img), anchor: (half as i32, half as i32) }
    });
    sprite.img.blit(img, qx.div_euclid(4) - sprite.anchor.0, qy.div_euclid(4) - sprite.anchor.1);
}

/// The sprite of `key` from the cache, drawn by `make` when missing.
fn cached(key: Key, make: impl FnOnce() -> Sprite) -> Arc<Sprite> {
    let found = cache().get(&key).cloned();
    found.unwrap_or_else(|| {
        // Drawn outside the lock: two threads may both draw a missing sprite, never wait.
        let sprite = Arc::new(make());
        let mut c = cache();
        if c.len() >= MAX_SPRITES {
            c.clear();
        }
        c.insert(key, Arc::clone(&sprite));
        sprite
    })
}

/// The sprite of `piece`: the shape's box with a pixel to spare, the anchor on a whole pixel.
fn draw(piece: Piece, u: f32, s: f32) -> Sprite {
    let outline = |c: Rgb8| pal::outline_of(c);
    let colour = |seat: usize| pal::PLAYERS[seat % pal::PLAYERS.len()];
    // Every shape lies within `reach` px of its anchor.
    let reach = match piece {
        Piece::Road { .. } => 0.3 * s + 0.2 * u,
        Piece::Harbour { kind, lang } => harbour_size(kind, lang, u).0 + 0.05 * u,
        _ => 0.8 * u,
    };
    let half = reach.ceil() as u32 + 2;
    let mut img = RgbaImage::new(2 * half, 2 * half);
    let (x, y) = (half as f32, half as f32);
    match piece {
        Piece::Settlement { seat } | Piece::City { seat } => {
            let c = colour(seat);
            building(&mut img, x, y, u, matches!(piece, Piece::City { .. }), c, outline(c));
        }
        Piece::Ship { seat } => {
            let c = colour(seat);
            ship(&mut img, x, y, u, c, outline(c));
        }
        Piece::Pirate => ship(&mut img, x, y, u, pal::PIRATE, pal::WHITE),
        Piece::Road { seat, angle } => {
            // From 20% to 80% of the side (buildings stand at its ends): 0.6 board units.
            let t = (angle as f32 * 30.0).to_radians();
            let (dx, dy) = (0.3 * s * t.cos(), 0.3 * s * t.sin());
            road(&mut img, (x - dx, y - dy), (x + dx, y + dy), 0.12 * u, seat);
        }
        Piece::Token { n } => token(&mut img, x, y, u, n),
        Piece::Harbour { kind, lang } => harbour(&mut img, x, y, u, kind, lang),
    }
    Sprite { img: Stamp::new(img), anchor: (half as i32, half as i32) }
}

/// How far a number token's number and pips reach from its centre, in piece sizes: what a
/// badge must leave clear for the token to read (the disc is 0.52, its rim beyond the pips).
pub const TOKEN_NUMBER_REACH: f32 = 0.45;

/// Half the width and half the height of a harbour's words (its rate above what it takes):
/// what a reader must see of it.
pub fn harbour_words_reach(kind: Harbour, lang: Locale, u: f32) -> (f32, f32) {
    let bold = &draw::fonts().bold;
    let (rate, what) = pal::harbour_lines(lang, kind);
    let tw = text_width(bold, 0.5 * u, rate).max(text_width(bold, 0.5 * u, &what));
    // The lines' middles are 0.27 u above and 0.29 u below the centre; capitals are about
    // 0.37 u tall at a text size of 0.5 u.
    (tw / 2.0, 0.29 * u + 0.19 * u)
}

/// A number token centred on (x, y): a disc (red-rimmed for the 6 and the 8, the likeliest),
/// its number and, under it, its pips: how many of the 36 rolls make it.
fn token(img: &mut RgbaImage, x: f32, y: f32, u: f32, n: u8) {
    let r = 0.52 * u;
    let red = matches!(n, 6 | 8);
    let edge = if red { pal::TOKEN_RED } else { pal::OUTLINE };
    let ow = if red { 0.09 * u } else { 0.04 * u };
    fill_layers_exact(img, (x - r - ow, y - r - ow, x + r + ow, y + r + ow), &[(edge, 1.0, ow), (pal::TOKEN, 1.0, 0.0)], |px, py| {
        sd_circle(px, py, x, y, r)
    });
    let ink = if red { pal::TOKEN_RED } else { pal::INK };
    number(img, n, x, y - 0.08 * u, u, ink);
    let pips = seafarers_engine::pip(n) as usize;
    let (dot, gap) = (0.045 * u, 0.12 * u);
    for k in 0..pips {
        let dx = (k as f32 - (pips as f32 - 1.0) / 2.0) * gap;
        let (cx, cy) = (x + dx, y + 0.34 * u);
        fill_exact(img, (cx - dot, cy - dot, cx + dot, cy + dot), ink, 1.0, |px, py| sd_circle(px, py, cx, cy, dot));
    }
}

/// A token's number at `spot_text(u)`, its two digits set close so that "12" fits the token.
fn number(img: &mut RgbaImage, n: u8, x: f32, y: f32, u: f32, ink: Rgb8) {
    let bold = &draw::fonts().bold;
    let size = spot_text(u);
    if n < 10 {
        text_centered(img, bold, size, x, y, ink, &n.to_string());
    } else {
        let step = 0.21 * u;
        text_centered(img, bold, size, x - step, y, ink, "1");
        text_centered(img, bold, size, x + step, y, ink, &(n % 10).to_string());
    }
}

/// Half the width and half the height of a harbour's marker, inside its outline.
fn harbour_size(kind: Harbour, lang: Locale, u: f32) -> (f32, f32) {
    let bold = &draw::fonts().bold;
    let (rate, what) = pal::harbour_lines(lang, kind);
    let tw = text_width(bold, 0.5 * u, rate).max(text_width(bold, 0.5 * u, &what));
    (tw / 2.0 + 0.14 * u, 0.62 * u)
}

/// A harbour's marker centred on (x, y): a rounded box in its resource's colour (white for
/// any) with its rate above what it takes.
fn harbour(img: &mut RgbaImage, x: f32, y: f32, u: f32, kind: Harbour, lang: Locale) {
    let bold = &draw::fonts().bold;
    let size = 0.5 * u;
    let (rate, what) = pal::harbour_lines(lang, kind);
    let bg = match kind {
        Harbour::Generic => pal::WHITE,
        Harbour::Special(r) => pal::resource(r),
    };
    let ink = pal::letter_on(bg);
    let (hw, hh) = harbour_size(kind, lang, u);
    let ow = 0.05 * u;
    fill_layers_exact(img, (x - hw - ow, y - hh - ow, x + hw + ow, y + hh + ow), &[(pal::OUTLINE, 1.0, ow), (bg, 1.0, 0.0)], |px, py| {
        draw::sd_box(px, py, x, y, hw, hh, 0.2 * u)
    });
    text_centered(img, bold, size, x, y - 0.27 * u, ink, rate);
    text_centered(img, bold, size, x, y + 0.29 * u, ink, &what);
}

/// The text size of spot labels, piece letters and numbers for a piece size `u`.
pub fn spot_text(u: f32) -> f32 {
    0.8 * u
}

/// A settlement (a house) or a city (a house with a tower on its left, wider and taller) at
/// (x, y), with the city's second cue besides its colour and letter: a window in the tower.
fn building(img: &mut RgbaImage, x: f32, y: f32, u: f32, city: bool, c: Rgb8, ol: Rgb8) {
    let ow = 0.06 * u;
    let shape: Vec<(f32, f32)> = if city {
        let (l, m, r, t, bt) = (x - 0.62 * u, x - 0.3 * u, x + 0.56 * u, y - 0.24 * u, y + 0.4 * u);
        vec![(l, bt), (l, y - 0.5 * u), (l + 0.16 * u, y - 0.68 * u), (m, y - 0.5 * u), (m, t), (r, t), (r, bt)]
    } else {
        let (l, r, t, bt) = (x - 0.4 * u, x + 0.4 * u, y - 0.24 * u, y + 0.4 * u);
        vec![(l, bt), (l, t), (x, t - 0.32 * u), (r, t), (r, bt)]
    };
    let bb = shape.iter().fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |b, &(x, y)| (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y)));
    let shape = Polygon::new(&shape);
    let d = ow + 1.0;
    fill_layers_exact(img, (bb.0 - d, bb.1 - d, bb.2 + d, bb.3 + d), &[(ol, 1.0, ow), (c, 1.0, 0.0)], |px, py| shape.sd(px, py));
    if city {
        let (wx, wy) = (x - 0.44 * u, y - 0.22 * u);
        let k = 0.07 * u;
        fill_exact(img, (wx - k, wy - k, wx + k, wy + k), ol, 1.0, |px, py| crate::draw::sd_box(px, py, wx, wy, k, k, 0.0));
    }
}

/// A ship: a hull wide enough for a letter and a small sail above it, `u` wide.
fn ship(img: &mut RgbaImage, x: f32, y: f32, u: f32, c: Rgb8, ol: Rgb8) {
    let hull = [(x - 0.47 * u, y - 0.22 * u), (x + 0.47 * u, y - 0.22 * u), (x + 0.32 * u, y + 0.42 * u), (x - 0.32 * u, y + 0.42 * u)];
    let sail = [(x - 0.04 * u, y - 0.62 * u), (x + 0.3 * u, y - 0.24 * u), (x - 0.04 * u, y - 0.24 * u)];
    let ow = 0.06 * u;
    let bb = (x - 0.5 * u - ow, y - 0.66 * u - ow, x + 0.5 * u + ow, y + 0.46 * u + ow);
    let (hull, sail) = (Polygon::new(&hull), Polygon::new(&sail));
    fill_layers_exact(img, bb, &[(ol, 1.0, ow), (c, 1.0, 0.0)], |px, py| hull.sd(px, py).min(sail.sd(px, py)));
}

/// A road from `a` to `b` (pixels), `hw` half wide, in the seat's colour and with the seat's
/// pattern, the road's second cue beside its colour (a road has no room for a letter):
/// plain, a centre line, two cross ticks, or two dashes.
pub fn road<S: Surface>(img: &mut S, a: (f32, f32), b: (f32, f32), hw: f32, seat: usize) {
    let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
    let ol = pal::outline_of(c);
    let ow = 0.45 * hw;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let at = |t: f32| (a.0 + dx * t, a.1 + dy * t);
    let bb = (a.0.min(b.0) - hw - ow, a.1.min(b.1) - hw - ow, a.0.max(b.0) + hw + ow, a.1.max(b.1) + hw + ow);
    match seat % 4 {
        3 => {
            // Two dashes.
            for (t0, t1) in [(0.0, 0.4), (0.6, 1.0)] {
                let (p, q) = (at(t0), at(t1));
                fill_layers_exact(img, bb, &[(ol, 1.0, ow), (c, 1.0, 0.0)], |x, y| sd_capsule(x, y, p.0, p.1, q.0, q.1, hw));
            }
        }
        k => {
            fill_layers_exact(img, bb, &[(ol, 1.0, ow), (c, 1.0, 0.0)], |x, y| sd_capsule(x, y, a.0, a.1, b.0, b.1, hw));
            let mark = pal::letter_on(c);
            if k == 1 {
                let (p, q) = (at(0.12), at(0.88));
                fill_exact(img, bb, mark, 1.0, |x, y| sd_capsule(x, y, p.0, p.1, q.0, q.1, 0.32 * hw));
            } else if k == 2 {
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (nx, ny) = (-dy / len * hw * 0.9, dx / len * hw * 0.9);
                for t in [0.33, 0.67] {
                    let (mx, my) = at(t);
                    fill_exact(img, bb, mark, 1.0, |x, y| sd_capsule(x, y, mx - nx, my - ny, mx + nx, my + ny, 0.22 * hw));
                }
            }
        }
    }
}

/// The direction of the side from `a` to `b` in 30° steps, 0..6 (a road looks the same both
/// ways, so directions half a turn apart are one).
pub fn angle_of(a: (f32, f32), b: (f32, f32)) -> u8 {
    let deg = (b.1 - a.1).atan2(b.0 - a.0).to_degrees().rem_euclid(180.0);
    ((deg / 30.0).round() as u8) % 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_sprite_draws_the_pixels_of_a_fresh_one() {
        let pieces = [
            Piece::Settlement { seat: 0 },
            Piece::City { seat: 3 },
            Piece::Ship { seat: 2 },
            Piece::Road { seat: 1, angle: 1 },
            Piece::Road { seat: 3, angle: 3 },
            Piece::Pirate,
            Piece::Token { n: 8 },
            Piece::Token { n: 12 },
            Piece::Harbour { kind: Harbour::Generic, lang: Locale::Fr },
            Piece::Harbour { kind: Harbour::Special(seafarers_engine::Resource::Wool), lang: Locale::En },
        ];
        clear();
        for piece in pieces {
            let fresh = draw(piece, 31.0, 90.0);
            let fresh_img = fresh.img.image();
            assert!(fresh_img.pixels().any(|p| p.0[3] == 255), "{piece:?} paints something");
            let mut expected = RgbImage::from_pixel(120, 120, image::Rgb(pal::SEA));
            draw::blit_rgba(&mut expected, fresh_img, 60 - fresh.anchor.0, 60 - fresh.anchor.1);
            for _ in 0..2 {
                // Drawn into the cache the first time, taken from it the second.
                let mut img = RgbImage::from_pixel(120, 120, image::Rgb(pal::SEA));
                stamp(&mut img, piece, 31.0, 90.0, (60.3, 59.6));
                assert!(img == expected, "{piece:?} stands on the nearest pixel, the same from the cache");
            }
            // Nothing is cut off: the sprite's border is transparent.
            let (w, h) = fresh_img.dimensions();
            let border = (0..w).flat_map(|x| [(x, 0), (x, h - 1)]).chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]));
            assert!(border.into_iter().all(|(x, y)| fresh_img.get_pixel(x, y).0[3] == 0), "{piece:?} fits its sprite");
        }
    }

    #[test]
    fn the_three_directions_of_a_hex_side_are_told_apart() {
        let s3 = 3f32.sqrt() / 2.0;
        assert_eq!(angle_of((0.0, 0.0), (s3, 0.5)), 1);
        assert_eq!(angle_of((s3, 0.5), (0.0, 0.0)), 1);
        assert_eq!(angle_of((0.0, 0.0), (0.0, 1.0)), 3);
        assert_eq!(angle_of((0.0, 0.0), (-s3, 0.5)), 5);
        assert_eq!(angle_of((0.0, 0.0), (s3, -0.5)), 5);
    }
}
