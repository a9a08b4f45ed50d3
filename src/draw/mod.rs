//! The drawing kit every game's pictures are made with: embedded fonts with fallbacks for any
//! script, text, anti-aliased shapes, and PNG encoding. It names no game and uses nothing of
//! the games, the service, the store or Discord (only `image`, `ab_glyph`, `plotters` for
//! charts and `gif` for timelapses): a game's room draws its own pieces (tiles, hexes, ships,
//! its palette and layout) with it.
//!
//! Everything is deterministic (no threads, no clocks, no system fonts): the same calls give
//! the same pixels, so a game's pictures can be pinned by tests. Glyphs are cached per process;
//! the cache changes the cost of drawing, never the result.
//!
//! Code map: `surface.rs` (the [`Surface`] painted on: an RGB picture or an RGBA sprite;
//! solid pictures, blits, colour arithmetic), `shapes.rs` (filling signed-distance shapes with
//! anti-aliasing: rectangles, rounded outlines, layered outlines; the distance functions for
//! circles, boxes, capsules, ellipses and polygons), `fonts.rs` (the embedded faces),
//! `text.rs` (measuring and drawing text, falling back face by face), `script.rs`
//! (right-to-left names, Arabic joining), `chart.rs` (a line chart over time, its lines named
//! at their ends), `png.rs` ([`encode_png`]), `timelapse.rs` (a game's pictures as one
//! animated GIF), `vision.rs` (colours as the three common colour-vision deficiencies see
//! them, for testing player palettes).
//!
//! A second game draws with it like this: a hexagon with a label, encoded as PNG.
//!
//! ```
//! use southseas::draw::{self, Rgb8};
//! use std::f32::consts::PI;
//!
//! const SEA: Rgb8 = [62, 146, 204];
//! const FOREST: Rgb8 = [52, 120, 60];
//! const EDGE: Rgb8 = [30, 30, 30];
//!
//! let mut img = draw::solid(160, 160, SEA);
//! // A pointy-topped hexagon of radius 60 around the centre; its shape is the distance to it.
//! let (cx, cy, r) = (80.0, 80.0, 60.0);
//! let corners: Vec<(f32, f32)> = (0..6).map(|i| (PI / 6.0 + PI / 3.0 * i as f32).sin_cos()).map(|(s, c)| (cx + r * c, cy + r * s)).collect();
//! let bbox = (cx - r, cy - r, cx + r, cy + r);
//! draw::fill_outlined(&mut img, bbox, FOREST, EDGE, 2.0, |x, y| draw::sd_polygon(x, y, &corners));
//! // Its number on a white disc, and a name below in any script (fallback fonts, Arabic joined).
//! draw::fill(&mut img, (cx - 18.0, cy - 18.0, cx + 18.0, cy + 18.0), [255, 255, 255], 1.0, |x, y| draw::sd_circle(x, y, cx, cy, 17.0));
//! draw::text_centered(&mut img, &draw::fonts().bold, 20.0, cx, cy, EDGE, "8");
//! let name = draw::ellipsized(&draw::fonts().regular, 14.0, "مريم 小明", 2.0 * r);
//! draw::text_centered(&mut img, &draw::fonts().regular, 14.0, cx, cy + 32.0, [255, 255, 255], &name);
//!
//! let png = draw::encode_png(&img);
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod chart;
mod fonts;
mod png;
mod script;
mod shapes;
mod surface;
mod text;
pub mod timelapse;
mod vision;

#[cfg(test)]
mod tests;

pub use fonts::{Fonts, fonts};
pub use png::encode_png;
pub use shapes::{
    Polygon, fill, fill_capsule, fill_exact, fill_layers, fill_layers_exact, fill_outlined, rect, rect_outline, sd_box, sd_capsule,
    sd_circle, sd_ellipse, sd_polygon,
};
pub use surface::{Rgb8, Stamp, Surface, blit_rgb, blit_rgba, luminance, shade, solid, sprite};
pub use text::{cap_middle, ellipsized, right_text, text, text_centered, text_width};
pub use vision::{VISIONS, closest_pair, delta_e_seen, lab_seen};
