//! Icons: bananas, shells, fish, fishing boats, boat tokens, the market hut, ships and the
//! islander figures. Each `draw_*` paints centred on (cx, cy) at a size in pixels; the board
//! pre-renders the ones it repeats as sprites and blits them.

use super::palette as pal;
use crate::draw::{self, Rgb8, Surface, fill, fill_outlined, luminance, sd_box, sd_capsule, sd_circle, sd_ellipse, sd_polygon};

const BANANA: Rgb8 = [252, 212, 46];
const BANANA_EDGE: Rgb8 = [120, 86, 16];
const SHELL: Rgb8 = [255, 208, 196];
const SHELL_EDGE: Rgb8 = [120, 44, 40];
const FISH: Rgb8 = [250, 130, 40];
const FISH_EDGE: Rgb8 = [96, 40, 8];
const HULL: Rgb8 = [140, 84, 40];
const HULL_EDGE: Rgb8 = [70, 40, 16];
const SAIL: Rgb8 = [252, 250, 240];
const SAIL_EDGE: Rgb8 = [110, 110, 110];
const TOKEN: Rgb8 = [222, 184, 120];
const TOKEN_EDGE: Rgb8 = [92, 60, 26];
const WALL: Rgb8 = [232, 196, 140];
const ROOF_A: Rgb8 = [210, 40, 40];
const ROOF_B: Rgb8 = [255, 246, 236];

fn rot(x: f32, y: f32, cx: f32, cy: f32, ang: f32) -> (f32, f32) {
    let (s, c) = ang.sin_cos();
    let (dx, dy) = (x - cx, y - cy);
    (cx + dx * c + dy * s, cy - dx * s + dy * c)
}

fn outline_w(size: f32) -> f32 {
    (size * 0.07).clamp(1.0, 2.2)
}

/// A banana, `size` pixels wide, tilted a little.
pub fn draw_banana<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let r = size * 0.5;
    let ow = outline_w(size);
    let ang = -0.35;
    let shape = move |x: f32, y: f32| {
        let (x, y) = rot(x, y, cx, cy, ang);
        // A crescent: a disc minus a disc above it, opening upwards.
        let a = sd_circle(x, y, cx, cy - r * 0.3, r);
        let b = sd_circle(x, y, cx, cy - r * 0.7, r * 1.02);
        a.max(-b)
    };
    let bb = (cx - size, cy - size, cx + size, cy + size);
    fill_outlined(s, bb, BANANA, BANANA_EDGE, ow, shape);
    // Stem and tip.
    let (sx, sy) = rot(cx + r * 0.93, cy, cx, cy, -ang);
    fill(s, (sx - 3.0, sy - 3.0, sx + 3.0, sy + 3.0), BANANA_EDGE, 1.0, |x, y| sd_circle(x, y, sx, sy, (size * 0.07).max(1.2)));
    let (tx, ty) = rot(cx - r * 0.93, cy, cx, cy, -ang);
    fill(s, (tx - 3.0, ty - 3.0, tx + 3.0, ty + 3.0), BANANA_EDGE, 1.0, |x, y| sd_circle(x, y, tx, ty, (size * 0.06).max(1.0)));
}

/// A scallop shell, `size` pixels wide.
pub fn draw_shell<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let r = size * 0.5;
    let ow = outline_w(size);
    let hy = cy + r * 0.55; // the hinge
    let shape = move |x: f32, y: f32| {
        let fan = sd_circle(x, y, cx, hy, r * 1.05).max(y - hy + r * 0.05);
        let hinge = sd_box(x, y, cx, hy + r * 0.08, r * 0.3, r * 0.18, r * 0.06);
        fan.min(hinge)
    };
    let bb = (cx - size, cy - size, cx + size, cy + size);
    fill_outlined(s, bb, SHELL, SHELL_EDGE, ow, shape);
    // Ridges fanning out from the hinge.
    for k in [-2.0f32, -1.0, 0.0, 1.0, 2.0] {
        let a = -std::f32::consts::FRAC_PI_2 + k * 0.5;
        let (ex, ey) = (cx + a.cos() * r * 0.85, hy + a.sin() * r * 0.85);
        let lw = (size * 0.035).max(0.55);
        fill(s, bb, SHELL_EDGE, 0.8, move |x, y| sd_capsule(x, y, cx, hy - r * 0.05, ex, ey, lw).max(shape(x, y) + ow * 0.3));
    }
}

/// A fish facing left, `size` pixels long.
pub fn draw_fish<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let (w, h) = (size, size * 0.55);
    let ow = outline_w(size);
    let x0 = cx - w / 2.0;
    let body = move |x: f32, y: f32| {
        let e = sd_ellipse(x, y, x0 + w * 0.42, cy, w * 0.34, h * 0.45);
        let tail = sd_polygon(x, y, &[(x0 + w * 0.66, cy), (x0 + w, cy - h * 0.42), (x0 + w * 0.93, cy), (x0 + w, cy + h * 0.42)]);
        e.min(tail)
    };
    let bb = (x0 - 2.0, cy - h, x0 + w + 2.0, cy + h);
    fill_outlined(s, bb, FISH, FISH_EDGE, ow, body);
    let (ex, ey, er) = (x0 + w * 0.24, cy - h * 0.08, (size * 0.06).max(1.0));
    fill(s, (ex - er - 1.0, ey - er - 1.0, ex + er + 1.0, ey + er + 1.0), FISH_EDGE, 1.0, |x, y| sd_circle(x, y, ex, ey, er));
}

/// A group of 1 or 2 fish, `size` = the length of one fish.
pub fn draw_fish_group<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32, count: u8) {
    if count >= 2 {
        draw_fish(s, cx - size * 0.1, cy - size * 0.25, size);
        draw_fish(s, cx + size * 0.1, cy + size * 0.27, size);
    } else {
        draw_fish(s, cx, cy, size);
    }
}

/// A fishing boat (printed on a tile), `size` pixels wide.
pub fn draw_boat<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let u = size;
    let ow = outline_w(size);
    let hull =
        [(cx - 0.48 * u, cy + 0.12 * u), (cx + 0.48 * u, cy + 0.12 * u), (cx + 0.32 * u, cy + 0.36 * u), (cx - 0.32 * u, cy + 0.36 * u)];
    let sail = [(cx + 0.03 * u, cy - 0.42 * u), (cx + 0.03 * u, cy + 0.06 * u), (cx + 0.38 * u, cy + 0.06 * u)];
    let sail2 = [(cx - 0.04 * u, cy - 0.34 * u), (cx - 0.04 * u, cy + 0.06 * u), (cx - 0.3 * u, cy + 0.06 * u)];
    let bb = (cx - u, cy - u, cx + u, cy + u);
    fill(s, bb, pal::SHALLOW, 0.8, |x, y| sd_ellipse(x, y, cx, cy + 0.36 * u, 0.5 * u, 0.08 * u));
    fill_outlined(s, bb, SAIL, SAIL_EDGE, ow * 0.8, |x, y| sd_polygon(x, y, &sail).min(sd_polygon(x, y, &sail2)));
    fill(s, bb, HULL_EDGE, 1.0, |x, y| sd_capsule(x, y, cx, cy - 0.44 * u, cx, cy + 0.14 * u, (0.025 * u).max(0.7)));
    fill_outlined(s, bb, HULL, HULL_EDGE, ow, |x, y| sd_polygon(x, y, &hull));
}

/// A fishing-boat token covering a group of fish: a wooden disc with a boat on it.
pub fn draw_token<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let r = size * 0.5;
    let bb = (cx - r - 3.0, cy - r - 3.0, cx + r + 3.0, cy + r + 3.0);
    fill_outlined(s, bb, TOKEN, TOKEN_EDGE, outline_w(size) + 0.5, |x, y| sd_circle(x, y, cx, cy, r));
    fill(s, bb, TOKEN_EDGE, 0.5, |x, y| (sd_circle(x, y, cx, cy, r * 0.8)).abs() - 0.5);
    let u = size * 0.62;
    let hull =
        [(cx - 0.48 * u, cy + 0.08 * u), (cx + 0.48 * u, cy + 0.08 * u), (cx + 0.3 * u, cy + 0.32 * u), (cx - 0.3 * u, cy + 0.32 * u)];
    let sail = [(cx + 0.02 * u, cy - 0.45 * u), (cx + 0.02 * u, cy + 0.02 * u), (cx + 0.36 * u, cy + 0.02 * u)];
    fill(s, bb, TOKEN_EDGE, 1.0, |x, y| sd_polygon(x, y, &hull).min(sd_polygon(x, y, &sail)));
}

/// The market: a stall with a striped awning, `size` pixels wide.
pub fn draw_hut<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let u = size;
    let ow = outline_w(size);
    let bb = (cx - u, cy - u, cx + u, cy + u);
    fill_outlined(s, bb, WALL, HULL_EDGE, ow, |x, y| sd_box(x, y, cx, cy + 0.16 * u, 0.34 * u, 0.22 * u, 0.02 * u));
    // Counter and goods.
    fill(s, bb, HULL, 1.0, |x, y| sd_box(x, y, cx, cy + 0.2 * u, 0.26 * u, 0.05 * u, 0.0));
    fill(s, bb, BANANA, 1.0, |x, y| sd_circle(x, y, cx - 0.14 * u, cy + 0.1 * u, 0.06 * u));
    fill(s, bb, FISH, 1.0, |x, y| sd_circle(x, y, cx + 0.02 * u, cy + 0.1 * u, 0.06 * u));
    fill(s, bb, SHELL, 1.0, |x, y| sd_circle(x, y, cx + 0.17 * u, cy + 0.1 * u, 0.06 * u));
    // Awning: a striped trapezoid roof.
    let roof =
        [(cx - 0.48 * u, cy - 0.02 * u), (cx - 0.3 * u, cy - 0.38 * u), (cx + 0.3 * u, cy - 0.38 * u), (cx + 0.48 * u, cy - 0.02 * u)];
    fill(s, bb, HULL_EDGE, 1.0, |x, y| sd_polygon(x, y, &roof) - ow);
    let stripe = u * 0.12;
    fill(s, bb, ROOF_B, 1.0, |x, y| sd_polygon(x, y, &roof));
    fill(s, bb, ROOF_A, 1.0, move |x, y| {
        // Stripes: red where floor(q) is even; distance to the nearest stripe border.
        let q = (x - cx) / stripe + 0.5;
        let f = q.rem_euclid(1.0);
        let d = f.min(1.0 - f) * stripe;
        let red = q.floor().rem_euclid(2.0) < 0.5;
        sd_polygon(x, y, &roof).max(if red { -d } else { d })
    });
}

/// A ship (for the panel), `size` pixels wide.
pub fn draw_ship<S: Surface>(s: &mut S, cx: f32, cy: f32, size: f32) {
    let u = size;
    let ow = outline_w(size);
    let bb = (cx - u, cy - u, cx + u, cy + u);
    let hull = [(cx - 0.5 * u, cy + 0.1 * u), (cx + 0.5 * u, cy + 0.1 * u), (cx + 0.36 * u, cy + 0.36 * u), (cx - 0.4 * u, cy + 0.36 * u)];
    let s1 = [(cx - 0.2 * u, cy - 0.42 * u), (cx + 0.06 * u, cy - 0.42 * u), (cx + 0.1 * u, cy + 0.04 * u), (cx - 0.24 * u, cy + 0.04 * u)];
    let s2 = [(cx + 0.14 * u, cy - 0.3 * u), (cx + 0.34 * u, cy - 0.3 * u), (cx + 0.38 * u, cy + 0.04 * u), (cx + 0.12 * u, cy + 0.04 * u)];
    fill_outlined(s, bb, SAIL, SAIL_EDGE, ow * 0.8, |x, y| sd_polygon(x, y, &s1).min(sd_polygon(x, y, &s2)));
    fill_outlined(s, bb, HULL, HULL_EDGE, ow, |x, y| sd_polygon(x, y, &hull));
}

/// The islander silhouette in a unit box (x -0.5..0.5, y 0..1), standing.
fn figure_sdf(x: f32, y: f32) -> f32 {
    const BODY: [(f32, f32); 13] = [
        (-0.46, 0.43),
        (-0.15, 0.31),
        (0.15, 0.31),
        (0.46, 0.43),
        (0.46, 0.55),
        (0.2, 0.56),
        (0.33, 0.97),
        (0.06, 0.97),
        (0.0, 0.8),
        (-0.06, 0.97),
        (-0.33, 0.97),
        (-0.2, 0.56),
        (-0.46, 0.55),
    ];
    let head = sd_circle(x, y, 0.0, 0.165, 0.155);
    head.min(sd_polygon(x, y, &BODY) - 0.025)
}

/// A point on a figure's arm, well inside its colour (away from the letter and the outline),
/// relative to the figure's centre: for pixel tests.
#[cfg(test)]
pub fn figure_colour_point(height: f32, lying: bool) -> (f32, f32) {
    let (ux, uy) = (0.34, 0.47);
    if lying { ((uy - 0.5) * height, -ux * height) } else { (ux * height, (uy - 0.5) * height) }
}

/// An islander in a player's colour with the player's letter. Standing figures are `height`
/// pixels tall; lying ones (fishermen) are `height` pixels long, head to the west.
pub fn draw_figure<S: Surface>(s: &mut S, cx: f32, cy: f32, height: f32, colour: Rgb8, letter: &str, lying: bool) {
    let h = height;
    let ow = (h * 0.05).clamp(1.2, 2.2);
    let halo = (h * 0.04).clamp(1.0, 1.8);
    // Unit coordinates of a pixel.
    let unit = move |x: f32, y: f32| -> (f32, f32) {
        let (dx, dy) = ((x - cx) / h, (y - cy) / h);
        if lying {
            // Head west: the figure's "up" points west.
            (-dy, 0.5 + dx)
        } else {
            (dx, 0.5 + dy)
        }
    };
    let sdf = move |x: f32, y: f32| {
        let (ux, uy) = unit(x, y);
        figure_sdf(ux, uy) * h
    };
    let bb = (cx - h * 0.6, cy - h * 0.6, cx + h * 0.6, cy + h * 0.6);
    // A light halo, then the dark outline, then the colour.
    draw::fill_layers(s, bb, &[(pal::WHITE, 0.9, ow + halo), (pal::OUTLINE, 1.0, ow), (colour, 1.0, 0.0)], sdf);
    // A little shine on the head.
    let (hx, hy) = if lying { (cx - h * 0.37, cy - h * 0.04) } else { (cx - h * 0.04, cy - h * 0.37) };
    fill(s, bb, draw::shade(colour, 1.45), 0.7, |x, y| sd_circle(x, y, hx, hy, h * 0.045));
    // The letter on the body.
    let ink = if luminance(colour) > 0.55 { pal::OUTLINE } else { pal::WHITE };
    let (lx, ly) = if lying { (cx + h * 0.06, cy) } else { (cx, cy + h * 0.06) };
    let size = h * if lying { 0.44 } else { 0.38 };
    draw::text_centered(s, &crate::draw::fonts().bold, size, lx, ly, ink, letter);
}
