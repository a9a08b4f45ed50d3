//! Anti-aliased shapes: a shape is a signed distance function (negative inside, in pixels),
//! painted with one sample per pixel and coverage `0.5 - d`. Rectangles and rounded outlines
//! have faster paths that give the same pixels a distance function would.

use super::surface::{Rgb8, Surface};

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

/// [`fill_layers`] for a shape whose `sdf` is a true distance: it changes by no more than the
/// point moves (circles, boxes, capsules, polygons, their unions and outlines; not
/// [`sd_ellipse`]). The same pixels, for fewer evaluations: the box is taken 4×4 pixels at a
/// time, and a block whose centre lies far enough outside the shape is skipped (every pixel in
/// it would be), one far enough inside gets every layer at full coverage (as every pixel in it
/// would), and only the blocks along the outline are evaluated pixel by pixel.
pub fn fill_layers_exact<S: Surface>(s: &mut S, bbox: (f32, f32, f32, f32), layers: &[(Rgb8, f32, f32)], sdf: impl Fn(f32, f32) -> f32) {
    const B: u32 = 4;
    // From a block's centre to its farthest pixel centre, and a margin for rounding.
    let radius = 1.5f32.hypot(1.5) + 0.05;
    let (w, h) = s.dims();
    let x0 = (bbox.0 - 1.0).floor().max(0.0) as u32;
    let y0 = (bbox.1 - 1.0).floor().max(0.0) as u32;
    let x1 = ((bbox.2 + 1.0).ceil().max(0.0) as u32).min(w);
    let y1 = ((bbox.3 + 1.0).ceil().max(0.0) as u32).min(h);
    let reach = layers.iter().map(|l| l.2).fold(0.0f32, f32::max) + 0.5;
    // Every layer covers a pixel fully where `d - offset <= -0.5` for the smallest offset.
    let full = layers.iter().map(|l| l.2).fold(f32::MAX, f32::min) - 0.5;
    // A layer painted at full opacity hides every layer under it: where all of them cover a
    // pixel fully, painting starts at the last opaque one (the same pixels, fewer writes).
    let top_opaque = layers.iter().rposition(|l| l.1 >= 1.0).unwrap_or(0);
    for by in (y0..y1).step_by(B as usize) {
        for bx in (x0..x1).step_by(B as usize) {
            let (ex, ey) = ((bx + B).min(x1), (by + B).min(y1));
            let d = sdf(bx as f32 + B as f32 / 2.0, by as f32 + B as f32 / 2.0);
            if d - radius >= reach {
                continue;
            }
            if d + radius <= full {
                for y in by..ey {
                    for &(c, alpha, _) in &layers[top_opaque..] {
                        if alpha >= 1.0 {
                            s.fill_span(bx, ex, y, c, 1.0);
                        } else {
                            for x in bx..ex {
                                s.blend(x, y, c, alpha);
                            }
                        }
                    }
                }
                continue;
            }
            for y in by..ey {
                for x in bx..ex {
                    let d = sdf(x as f32 + 0.5, y as f32 + 0.5);
                    if d >= reach {
                        continue;
                    }
                    // The last layer that covers this pixel fully and opaquely hides those under it.
                    let first = layers.iter().rposition(|&(_, alpha, off)| alpha >= 1.0 && d - off <= -0.5).unwrap_or(0);
                    for &(c, alpha, off) in &layers[first..] {
                        let cov = (0.5 - (d - off)).clamp(0.0, 1.0);
                        if cov > 0.0 {
                            s.blend(x, y, c, cov * alpha);
                        }
                    }
                }
            }
        }
    }
}

/// [`fill`] for a shape whose `sdf` is a true distance: see [`fill_layers_exact`].
pub fn fill_exact<S: Surface>(s: &mut S, bbox: (f32, f32, f32, f32), c: Rgb8, alpha: f32, sdf: impl Fn(f32, f32) -> f32) {
    fill_layers_exact(s, bbox, &[(c, alpha, 0.0)], sdf);
}

/// A capsule (the segment a–b, `r` around it: a line with round ends), the pixels of [`fill`]
/// with [`sd_capsule`] over any box that holds it, row by row: each row evaluates only the
/// pixels near the segment's line (a thin slanted line fills a small part of its box).
pub fn fill_capsule<S: Surface>(s: &mut S, (ax, ay): (f32, f32), (bx, by): (f32, f32), r: f32, c: Rgb8, alpha: f32) {
    let (w, h) = s.dims();
    // A pixel is painted only where the distance is under 0.5: within `reach` of the segment.
    let reach = r + 0.5;
    let y0 = (ay.min(by) - reach - 1.0).floor().max(0.0) as u32;
    let y1 = ((ay.max(by) + reach + 1.0).ceil().max(0.0) as u32).min(h);
    let (dx, dy) = (bx - ax, by - ay);
    let len = (dx * dx + dy * dy).sqrt();
    let (left, right) = (ax.min(bx) - reach, ax.max(bx) + reach);
    for py in y0..y1 {
        let y = py as f32 + 0.5;
        let (mut lo, mut hi) = (left, right);
        if dy.abs() > 1e-3 * len {
            // Within `reach` of the segment is within `reach` of its line: |cross| < reach·len.
            let (p, q) = ((dx * (y - ay) - reach * len) / dy, (dx * (y - ay) + reach * len) / dy);
            lo = lo.max(ax + p.min(q));
            hi = hi.min(ax + p.max(q));
        }
        // A pixel to spare on each side for rounding.
        let x0 = (lo - 1.5).floor().max(0.0) as u32;
        let x1 = ((hi + 1.5).ceil().max(0.0) as u32).min(w);
        for px in x0..x1 {
            let d = sd_capsule(px as f32 + 0.5, y, ax, ay, bx, by, r);
            let cov = (0.5 - d).clamp(0.0, 1.0);
            if cov > 0.0 {
                s.blend(px, py, c, cov * alpha);
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

/// A polygon with the work of its sides done once: [`sd_polygon`]'s distance, bit for bit (the
/// same operations in the same order), with less to compute per pixel.
pub struct Polygon {
    /// Per side from corner `a` to the corner before it, `b`: ax, ay, by, bx - ax, by - ay,
    /// and the side's squared length.
    sides: Vec<[f32; 6]>,
}

impl Polygon {
    pub fn new(pts: &[(f32, f32)]) -> Polygon {
        let n = pts.len();
        let sides = (0..n)
            .map(|i| {
                let ((ax, ay), (bx, by)) = (pts[i], pts[(i + n - 1) % n]);
                let (ex, ey) = (bx - ax, by - ay);
                [ax, ay, by, ex, ey, ex * ex + ey * ey]
            })
            .collect();
        Polygon { sides }
    }

    /// The signed distance from (x, y), negative inside.
    pub fn sd(&self, x: f32, y: f32) -> f32 {
        let mut d = f32::MAX;
        let mut inside = false;
        for &[ax, ay, by, ex, ey, len2] in &self.sides {
            let (wx, wy) = (x - ax, y - ay);
            let t = ((wx * ex + wy * ey) / len2).clamp(0.0, 1.0);
            let (qx, qy) = (wx - ex * t, wy - ey * t);
            d = d.min(qx * qx + qy * qy);
            if (ay > y) != (by > y) && x < ex * wy / ey + ax {
                inside = !inside;
            }
        }
        let d = d.sqrt();
        if inside { -d } else { d }
    }
}
