//! The board: hexes, number tokens, harbours, unexplored hexes, the robber and the pirate,
//! routes, buildings, island chips and the lettered spots of the turn.
//!
//! Board units: a hex's circumradius is 1, hex `(q, r)` is centred at `(√3·(q + r/2), 1.5·r)`
//! (pointy-top, as `seafarers_engine::geometry` names corners and sides). A [`Frame`] maps a
//! box of board units to pixels.

use super::palette as pal;
pub use super::sprites::spot_text;
use super::sprites::{self, Piece};
use super::{Spot, SpotAt};
use crate::draw::{self, Polygon, Surface, fill_capsule, fill_exact, fill_layers_exact, sd_circle, text_centered, text_width};
use crate::i18n::Locale;
use image::RgbImage;
use seafarers_engine::{Edge, Game, Hex, Terrain, Vertex};

const SQRT3: f32 = 1.732_050_8;

/// Where a box of the board (in board units) lies in the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Top-left of the box shown, in board units.
    pub x0: f32,
    pub y0: f32,
    /// Pixels per board unit (a hex's circumradius).
    pub s: f32,
    /// Size of the pieces, tokens and labels, in pixels (`s` up to a ceiling: a close-up makes
    /// the hexes larger, not the letters).
    pub u: f32,
    /// Size of the board area in pixels.
    pub w: u32,
    pub h: u32,
}

/// A box in board units: (x0, y0, x1, y1).
pub type Bbox = (f32, f32, f32, f32);

pub fn hex_centre(h: Hex) -> (f32, f32) {
    (SQRT3 * (h.q as f32 + h.r as f32 / 2.0), 1.5 * h.r as f32)
}

pub fn vertex_point(v: Vertex) -> (f32, f32) {
    let (x, y) = hex_centre(v.hex);
    (x, if v.top { y - 1.0 } else { y + 1.0 })
}

pub fn edge_ends(e: Edge) -> [(f32, f32); 2] {
    e.vertices().map(vertex_point)
}

pub fn edge_mid(e: Edge) -> (f32, f32) {
    let [a, b] = edge_ends(e);
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// The six corners of a hex in board units, clockwise from the top.
fn corners(h: Hex) -> [(f32, f32); 6] {
    let (x, y) = hex_centre(h);
    let k = SQRT3 / 2.0;
    [(x, y - 1.0), (x + k, y - 0.5), (x + k, y + 0.5), (x, y + 1.0), (x - k, y + 0.5), (x - k, y - 0.5)]
}

/// Where a land hex's resource symbol goes, from its centre (board units), and its text size
/// (of the piece size).
const ICON_AT: [(f32, f32); 2] = [(0.44, 0.58), (-0.44, -0.58)];
const ICON_TEXT: f32 = 0.7;

/// The hex whose area holds the point (board units).
fn hex_at(x: f32, y: f32) -> Hex {
    let qf = SQRT3 / 3.0 * x - y / 3.0;
    let rf = 2.0 / 3.0 * y;
    let sf = -qf - rf;
    let (mut q, mut r, s) = (qf.round(), rf.round(), sf.round());
    let (dq, dr, ds) = ((q - qf).abs(), (r - rf).abs(), (s - sf).abs());
    if dq > dr && dq > ds {
        q = -r - s;
    } else if dr > ds {
        r = -q - s;
    }
    Hex::new(q.clamp(-128.0, 127.0) as i8, r.clamp(-128.0, 127.0) as i8)
}

impl Frame {
    /// The box `bbox` at `s` pixels per unit; pieces sized `u`.
    pub fn new(bbox: Bbox, s: f32, u: f32) -> Frame {
        let w = ((bbox.2 - bbox.0) * s).round().max(1.0) as u32;
        let h = ((bbox.3 - bbox.1) * s).round().max(1.0) as u32;
        Frame { x0: bbox.0, y0: bbox.1, s, u, w, h }
    }

    /// A board point in pixels.
    pub fn px(&self, (x, y): (f32, f32)) -> (f32, f32) {
        ((x - self.x0) * self.s, (y - self.y0) * self.s)
    }

    /// Whether a board point lies inside the picture, `pad` pixels in from its border.
    pub fn shows(&self, p: (f32, f32), pad: f32) -> bool {
        let (x, y) = self.px(p);
        x >= pad && y >= pad && x <= self.w as f32 - pad && y <= self.h as f32 - pad
    }
}

/// The box of every intersection of the map: the whole board (the outer half of the sea
/// frame, where nothing can stand, is left out).
pub fn map_bbox(game: &Game) -> Bbox {
    let pts = game.topology().vertices.iter().map(|&v| vertex_point(v));
    grown(bbox_of(pts).unwrap_or((-1.0, -1.0, 1.0, 1.0)), 0.55)
}

/// The box of what there is to see: land and unexplored hexes, harbours, pieces, the robber
/// and the pirate, and the spots.
pub fn content_bbox(game: &Game, spots: &[Spot]) -> Bbox {
    let mut pts: Vec<(f32, f32)> = Vec::new();
    for h in game.hexes() {
        if h.terrain != Some(Terrain::Sea) {
            pts.extend(corners(h.hex));
        }
    }
    for (e, _) in game.harbours() {
        let (x, y) = harbour_anchor(game, e).0;
        pts.extend([(x - 0.8, y - 0.7), (x + 0.8, y + 0.7)]);
    }
    pts.extend(game.buildings().iter().map(|(v, _)| vertex_point(*v)));
    pts.extend(game.routes().iter().map(|(e, _)| edge_mid(*e)));
    for h in [game.robber(), game.pirate()].into_iter().flatten() {
        let (x, y) = hex_centre(h);
        pts.extend([(x - 0.6, y - 0.7), (x + 0.6, y + 0.7)]);
    }
    pts.extend(spots.iter().map(|s| spot_point(s.at)));
    let b = grown(bbox_of(pts.into_iter()).unwrap_or_else(|| map_bbox(game)), 0.45);
    intersect(b, map_bbox(game))
}

pub fn spot_point(at: SpotAt) -> (f32, f32) {
    match at {
        SpotAt::Vertex(v) => vertex_point(v),
        SpotAt::Edge(e) => edge_mid(e),
        SpotAt::Hex(h) => hex_label_point(h),
    }
}

fn hex_label_point(h: Hex) -> (f32, f32) {
    let (x, y) = hex_centre(h);
    (x, y - 0.5)
}

pub fn bbox_of(pts: impl Iterator<Item = (f32, f32)>) -> Option<Bbox> {
    pts.fold(None, |b, (x, y)| Some(b.map_or((x, y, x, y), |(a, b, c, d): Bbox| (a.min(x), b.min(y), c.max(x), d.max(y)))))
}

pub fn grown(b: Bbox, d: f32) -> Bbox {
    (b.0 - d, b.1 - d, b.2 + d, b.3 + d)
}

pub fn intersect(a: Bbox, b: Bbox) -> Bbox {
    let r = (a.0.max(b.0), a.1.max(b.1), a.2.min(b.2), a.3.min(b.3));
    if r.2 > r.0 && r.3 > r.1 { r } else { b }
}

/// What lies under every piece: the hexes, number tokens (unless a spot lifts them,
/// [`lifts_tokens`]) and harbours. It paints every pixel of the board area.
pub fn draw_ground(img: &mut RgbImage, top: u32, game: &Game, frame: &Frame, spots: &[Spot], lang: Locale) {
    let mut c = Canvas { img, top: top as f32, f: *frame };
    c.hexes(game);
    if !lifts_tokens(spots) {
        c.tokens(game, spots);
    }
    c.harbours(game, lang);
}

/// Whether a spot of the turn lies on a hex (the robber's or the pirate's move): its label
/// takes the top of the hex and lifts the token down. Then the tokens are drawn with the
/// pieces, not the ground: the ground of the frame stays the one every other turn draws.
pub fn lifts_tokens(spots: &[Spot]) -> bool {
    spots.iter().any(|s| matches!(s.at, SpotAt::Hex(_)))
}

/// Everything over the ground, in order: the tokens when a spot lifts them, the robber and the
/// pirate, chips, routes, buildings, spots.
pub fn draw_pieces(img: &mut RgbImage, top: u32, game: &Game, frame: &Frame, letters: &[char], spots: &[Spot], lang: Locale) {
    let mut c = Canvas { img, top: top as f32, f: *frame };
    if lifts_tokens(spots) {
        c.tokens(game, spots);
    }
    if let Some(h) = game.robber() {
        c.robber(h, spots);
    }
    if let Some(h) = game.pirate() {
        c.pirate(h);
    }
    c.chips(game);
    c.routes(game);
    c.buildings(game, letters);
    c.ship_letters(game, letters);
    c.spots(game, spots, lang);
}

/// The zones of a step with too many spots for one picture: a dot on each spot, and the
/// zone's number, large, on the spot nearest its middle (where a player reads "1", "2", …
/// and taps that zone's button for a close-up).
pub fn draw_zones(img: &mut RgbImage, top: u32, game: &Game, frame: &Frame, zones: &[Vec<Spot>], lang: Locale) {
    for mark in zone_marks(game, frame, zones, lang) {
        let (x, y) = (mark.x, mark.y + top as f32);
        let (r, ow) = (mark.r - mark.outline, mark.outline);
        let (fill, ring) = if mark.number.is_some() { (pal::INK, pal::SPOT) } else { (pal::SPOT, pal::OUTLINE) };
        fill_layers_exact(img, (x - r - ow, y - r - ow, x + r + ow, y + r + ow), &[(ring, 1.0, ow), (fill, 1.0, 0.0)], |px, py| {
            sd_circle(px, py, x, y, r)
        });
        if let Some(n) = mark.number {
            text_centered(img, &draw::fonts().bold, mark.text, x, y, pal::SPOT, &n.to_string());
        }
    }
}

/// A mark of [`draw_zones`] in board-area pixels: a spot's dot, or a zone's numbered disc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ZoneMark {
    pub x: f32,
    pub y: f32,
    /// Its radius, outline included.
    pub r: f32,
    pub outline: f32,
    pub number: Option<usize>,
    /// The number's text size.
    pub text: f32,
}

/// The marks of `zones` in `frame`: first every spot's dot (a pirate's spot has none), then
/// each zone's number. A number stands large in a sea hex beside its zone (nothing of the board's is there but
/// water), the free one nearest the zone's middle, or for an inland zone the nearest free sea
/// hex; on a map with no free sea in view, on its spot nearest its middle.
pub fn zone_marks(game: &Game, frame: &Frame, zones: &[Vec<Spot>], lang: Locale) -> Vec<ZoneMark> {
    let u = frame.u;
    let words = harbour_words(game, frame, lang);
    // A pirate's spot (a sea hex) gets no dot: every sea hex but the pirate's own is one, so
    // their dots would fill the sea and leave the zones' numbers no room but on the land's
    // tokens. The zone's number stands for them, and its close-up letters each.
    let at_sea = |spot: &&Spot| matches!(spot.at, SpotAt::Hex(h) if game.terrain_at(h) == Some(Terrain::Sea));
    let mut marks: Vec<ZoneMark> = zones
        .iter()
        .flatten()
        .filter(|spot| !at_sea(spot))
        .map(|spot| {
            let (x, y) = frame.px(spot_point(spot.at));
            // Along the side that leaves an intersection vertically, as a crowded badge is
            // (`badges`): clear of the words of a harbour beside it; a hex's dot high in the
            // hex, clear of its token.
            let dy = match spot.at {
                SpotAt::Vertex(v) if v.top => -frame.s / 8.0,
                SpotAt::Vertex(_) => frame.s / 8.0,
                SpotAt::Hex(_) => -0.25 * frame.s,
                SpotAt::Edge(_) => 0.0,
            };
            let (r, y) = (0.14 * u, y + dy);
            // Off a harbour's words it would touch (by a few pixels at most, beside its pier).
            let (mut x, mut y) = (x, y);
            for b in &words {
                let (nx, ny) = (x.clamp(b.0, b.2), y.clamp(b.1, b.3));
                let d = ((x - nx).powi(2) + (y - ny).powi(2)).sqrt();
                if d < r && d > 0.0 {
                    // Half a pixel beyond: clear, whatever the rounding.
                    (x, y) = (nx + (x - nx) * (r + 0.5) / d, ny + (y - ny) * (r + 0.5) / d);
                } else if d == 0.0 {
                    // Within the words (a sea hex's dot, where the harbour stands): above them.
                    y = b.1 - r - 0.5;
                }
            }
            ZoneMark { x, y, r, outline: 0.04 * u, number: None, text: 0.0 }
        })
        .collect();
    // Hexes holding something: a land spot of the step, a harbour, the robber or the pirate.
    let mut taken: Vec<Hex> =
        zones.iter().flatten().filter(|s| !at_sea(s)).filter_map(|s| if let SpotAt::Hex(h) = s.at { Some(h) } else { None }).collect();
    taken.extend(game.harbours().iter().map(|&(e, _)| harbour_anchor(game, e).1));
    taken.extend(game.robber().into_iter().chain(game.pirate()));
    for (i, zone) in zones.iter().enumerate() {
        let Some(middle) = zone_middle(zone) else { continue };
        let beside = zone.iter().flat_map(|s| match s.at {
            SpotAt::Vertex(v) => v.hexes().to_vec(),
            SpotAt::Edge(e) => e.hexes().to_vec(),
            SpotAt::Hex(h) => h.neighbours().to_vec(),
        });
        let (r_sea, dots) = (0.66 * u, marks.clone());
        let clear = |h: Hex| {
            let (x, y) = frame.px(hex_centre(h));
            dots.iter().all(|d| ((d.x - x).powi(2) + (d.y - y).powi(2)).sqrt() >= d.r + r_sea)
        };
        let free = |h: &Hex| {
            game.topology().hex_index(*h).is_some()
                && game.terrain_at(*h) == Some(Terrain::Sea)
                && !taken.contains(h)
                && frame.shows(hex_centre(*h), r_sea)
                && clear(*h)
        };
        let nearest = |hexes: &mut dyn Iterator<Item = Hex>| {
            hexes.filter(free).min_by(|&a, &b| {
                let d = |h: Hex| {
                    let (x, y) = hex_centre(h);
                    (x - middle.0).powi(2) + (y - middle.1).powi(2)
                };
                d(a).total_cmp(&d(b)).then(a.cmp(&b))
            })
        };
        // Beside the zone; else the nearest free sea (an inland zone).
        let sea = nearest(&mut beside.collect::<Vec<_>>().into_iter()).or_else(|| nearest(&mut game.hexes().into_iter().map(|h| h.hex)));
        let mark = match sea {
            Some(h) => {
                taken.push(h);
                let (x, y) = frame.px(hex_centre(h));
                ZoneMark { x, y, r: 0.66 * u, outline: 0.08 * u, number: Some(i + 1), text: spot_text(u) }
            }
            None => {
                // On one of its spots, in place of its dot: the one farthest from any number
                // token (a sea or desert hex of the robber's, else a coast), nearest the middle.
                let tokens: Vec<(f32, f32)> = game.hexes().iter().filter(|h| h.number.is_some()).map(|h| hex_centre(h.hex)).collect();
                let point = |s: &Spot| match s.at {
                    SpotAt::Hex(h) if game.hexes().iter().any(|m| m.hex == h && m.number.is_none()) => hex_centre(h),
                    at => spot_point(at),
                };
                let room = |p: (f32, f32)| tokens.iter().map(|t| (t.0 - p.0).powi(2) + (t.1 - p.1).powi(2)).fold(f32::MAX, f32::min);
                let from_middle = |p: (f32, f32)| (p.0 - middle.0).powi(2) + (p.1 - middle.1).powi(2);
                let harboured: Vec<Hex> = game.harbours().iter().map(|&(e, _)| harbour_anchor(game, e).1).collect();
                let room_at = |s: &Spot| match s.at {
                    SpotAt::Hex(h) if harboured.contains(&h) => 0.0,
                    _ => room(point(s)).min(2.0),
                };
                let best = (0..zone.len())
                    .max_by(|&a, &b| {
                        let (pa, pb) = (point(&zone[a]), point(&zone[b]));
                        room_at(&zone[a]).total_cmp(&room_at(&zone[b])).then(from_middle(pb).total_cmp(&from_middle(pa)))
                    })
                    .unwrap_or_default();
                let (x, y) = frame.px(point(&zone[best]));
                // In place of its dot, where it has one.
                if !at_sea(&&zone[best]) {
                    let dots_before = zones[..i].iter().flatten().chain(&zone[..best]).filter(|s| !at_sea(s)).count();
                    marks[dots_before].r = 0.0;
                }
                ZoneMark { x, y, r: 0.56 * u, outline: 0.06 * u, number: Some(i + 1), text: spot_text(u) }
            }
        };
        marks.push(mark);
    }
    marks.retain(|m| m.r > 0.0);
    marks
}

/// Each harbour's words (its rate above what it takes) in `frame`, in board-area pixels:
/// what a zone's mark must leave clear.
pub fn harbour_words(game: &Game, frame: &Frame, lang: Locale) -> Vec<Bbox> {
    let u = frame.u;
    game.harbours()
        .iter()
        .map(|&(e, kind)| {
            let (x, y) = frame.px(harbour_anchor(game, e).0);
            let (hw, hh) = sprites::harbour_words_reach(kind, lang, u);
            (x - hw, y - hh, x + hw, y + hh)
        })
        .filter(|b| b.2 > 0.0 && b.3 > 0.0 && b.0 < frame.w as f32 && b.1 < frame.h as f32)
        .collect()
}

/// What a spot's badge must leave clear, in board-area pixels: each harbour's words and each
/// number token's number and pips (a box around them).
pub fn badge_keep_clear(game: &Game, frame: &Frame, spots: &[Spot], lang: Locale) -> Vec<Bbox> {
    let r = sprites::TOKEN_NUMBER_REACH * frame.u;
    let tokens = game.hexes().into_iter().filter(|h| h.number.is_some()).map(|h| {
        let (x, y) = frame.px(token_point(h.hex, spots));
        (x - r, y - r, x + r, y + r)
    });
    harbour_words(game, frame, lang).into_iter().chain(tokens).collect()
}

/// A disc: its centre and radius.
#[cfg(test)]
pub type Disc = ((f32, f32), f32);

/// What a spot's badge or a zone's mark must not cover, in board-area pixels: each number
/// token shown (its centre and radius, outline included) and each harbour's words (their
/// box; a mark may touch the marker's frame by its pier, where it meets the coast).
#[cfg(test)]
pub fn keep_clear(game: &Game, frame: &Frame, spots: &[Spot], lang: Locale) -> (Vec<Disc>, Vec<Bbox>) {
    let u = frame.u;
    let tokens = game
        .hexes()
        .iter()
        .filter(|h| h.number.is_some())
        .map(|h| (frame.px(token_point(h.hex, spots)), sprites::TOKEN_NUMBER_REACH * u))
        .filter(|&((x, y), r)| x > -r && y > -r && x < frame.w as f32 + r && y < frame.h as f32 + r)
        .collect();
    (tokens, harbour_words(game, frame, lang))
}

/// Where a zone's number goes: on its spot nearest the middle of its spots.
pub fn zone_middle(zone: &[Spot]) -> Option<(f32, f32)> {
    let points: Vec<(f32, f32)> = zone.iter().map(|s| spot_point(s.at)).collect();
    let n = points.len() as f32;
    let (mx, my) = points.iter().fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    points.into_iter().min_by(|a, b| {
        let d = |p: &(f32, f32)| (p.0 - mx).powi(2) + (p.1 - my).powi(2);
        d(a).total_cmp(&d(b))
    })
}

/// The picture and where the board lies in it.
struct Canvas<'a> {
    img: &'a mut RgbImage,
    top: f32,
    f: Frame,
}

impl Canvas<'_> {
    fn px(&self, p: (f32, f32)) -> (f32, f32) {
        let (x, y) = self.f.px(p);
        (x, y + self.top)
    }

    fn visible(&self, p: (f32, f32), reach: f32) -> bool {
        let (x, y) = self.px(p);
        x > -reach && x < self.f.w as f32 + reach && y > self.top - reach && y < self.top + self.f.h as f32 + reach
    }

    /// Paints each pixel of the board area with the colour of its hex, a span at a time.
    fn hexes(&mut self, game: &Game) {
        let topo = game.topology();
        let colour = |h: Hex| topo.hex_index(h).map_or(pal::OFF_MAP, |_| pal::terrain(game.terrain_at(h)));
        let (w, s) = (self.f.w, self.f.s);
        let (w_img, h_img) = self.img.dims();
        let y_top = self.top as u32;
        // A row's spans (end, hex): along the hexes' vertical sides most rows repeat the row
        // above, which is then copied whole.
        let (mut spans, mut above) = (Vec::<(u32, Hex)>::new(), Vec::<(u32, Hex)>::new());
        let row_bytes = w_img as usize * 3;
        for py in 0..self.f.h {
            let y_img = py + y_top;
            if y_img >= h_img {
                break;
            }
            let by = (py as f32 + 0.5) / s + self.f.y0;
            let mut px = 0u32;
            spans.clear();
            while px < w.min(w_img) {
                let bx = (px as f32 + 0.5) / s + self.f.x0;
                let hex = hex_at(bx, by);
                let (cx, cy) = hex_centre(hex);
                let dy = (by - cy).abs();
                let half = if dy <= 0.5 { SQRT3 / 2.0 } else { SQRT3 * (1.0 - dy) };
                // The first pixel whose centre lies beyond this hex's right side.
                let end = (((cx + half - self.f.x0) * s - 0.5).floor() as i64 + 1).clamp(px as i64 + 1, w.min(w_img) as i64) as u32;
                spans.push((end, hex));
                px = end;
            }
            if py > 0 && spans == above {
                let at = y_img as usize * row_bytes;
                let raw: &mut [u8] = self.img;
                raw.copy_within(at - row_bytes..at - row_bytes + w.min(w_img) as usize * 3, at);
            } else {
                let mut x = 0;
                for &(end, hex) in &spans {
                    self.img.fill_span(x, end, y_img, colour(hex), 1.0);
                    x = end;
                }
            }
            std::mem::swap(&mut spans, &mut above);
        }
        // The sides between hexes where land is: thin light lines; the coast a little darker.
        let lw = (0.045 * s).max(1.5);
        for (i, &h) in topo.hexes.iter().enumerate() {
            let land = game.terrain_at(h) != Some(Terrain::Sea);
            let cs = corners(h);
            for k in 0..6 {
                let side = seafarers_engine::Side::ALL[k];
                let n = h.neighbour(side);
                let n_index = topo.hex_index(n);
                let n_land = n_index.is_some() && game.terrain_at(n) != Some(Terrain::Sea);
                if !(land || n_land) || n_index.is_some_and(|j| j < i) {
                    continue;
                }
                // Side k of the corner list: NE = corners 0-1, E = 1-2, SE = 2-3, ...
                let (a, b) = (self.px(cs[k]), self.px(cs[(k + 1) % 6]));
                if !self.visible(cs[k], s) {
                    continue;
                }
                let c = if land && n_land { pal::HEX_LINE } else { draw::shade(pal::SEA, 0.8) };
                fill_capsule(self.img, a, b, lw / 2.0, c, 1.0);
            }
            if game.terrain_at(h) == Some(Terrain::Gold) && self.visible(hex_centre(h), s) {
                // A gold field's cue besides its colour (close to the fields'): a ring inside it.
                let (cx, cy) = self.px(hex_centre(h));
                let ring: Vec<(f32, f32)> =
                    corners(h).iter().map(|&p| self.px(p)).map(|(x, y)| (cx + (x - cx) * 0.8, cy + (y - cy) * 0.8)).collect();
                let lw = 0.07 * s;
                let bb = (cx - s, cy - s, cx + s, cy + s);
                let ring = Polygon::new(&ring);
                fill_exact(self.img, bb, pal::GOLD_RING, 1.0, |x, y| ring.sd(x, y).abs() - lw / 2.0);
            }
            if let Some((glyph, ink)) = game.terrain_at(h).and_then(pal::terrain_icon) {
                // The resource's symbol twice, on either side of the token (lower right, upper
                // left): a piece or a label may cover one, seldom both.
                let (cx, cy) = hex_centre(h);
                for (dx, dy) in ICON_AT {
                    if self.visible((cx + dx, cy + dy), s) {
                        let (x, y) = self.px((cx + dx, cy + dy));
                        text_centered(self.img, &draw::fonts().bold, ICON_TEXT * self.f.u, x, y, ink, glyph);
                    }
                }
            }
            if game.terrain_at(h).is_none() {
                let (x, y) = self.px(hex_centre(h));
                text_centered(self.img, &draw::fonts().bold, self.f.u * 0.9, x, y, pal::FOG_INK, "?");
            }
        }
    }

    /// Each number token, a sprite per number and size (`sprites.rs`), on whole pixels.
    fn tokens(&mut self, game: &Game, spots: &[Spot]) {
        let u = self.f.u;
        for h in game.hexes() {
            let Some(n) = h.number else { continue };
            let centre = token_point(h.hex, spots);
            if !self.visible(centre, u) {
                continue;
            }
            sprites::stamp(self.img, Piece::Token { n }, u, self.f.s, self.px(centre));
        }
    }

    fn harbours(&mut self, game: &Game, lang: Locale) {
        let u = self.f.u;
        for (e, kind) in game.harbours() {
            let (anchor, _) = harbour_anchor(game, e);
            if !self.visible(anchor, 2.0 * u) {
                continue;
            }
            let (x, y) = self.px(anchor);
            // Two piers from the marker to the intersections that use the harbour.
            for end in edge_ends(e) {
                let (ex, ey) = self.px(end);
                let (tx, ty) = (ex + (x - ex) * 0.15, ey + (y - ey) * 0.15);
                fill_capsule(self.img, (x, y), (tx, ty), 0.09 * u, pal::PIER, 1.0);
            }
            sprites::stamp(self.img, Piece::Harbour { kind, lang }, u, self.f.s, (x, y));
        }
    }

    fn robber(&mut self, h: Hex, spots: &[Spot]) {
        let u = self.f.u;
        let (cx, cy) = hex_centre(h);
        let lifted = spots.iter().any(|s| s.at == SpotAt::Hex(h));
        // Beside the token, leaning on it: the number stays readable.
        let at = if lifted { (cx - 0.55, cy + 0.2) } else { (cx - 0.5, cy + 0.05) };
        if !self.visible(at, u) {
            return;
        }
        let (x, y) = self.px(at);
        let ow = 0.06 * u;
        let head = 0.17 * u;
        let body = Polygon::new(&[
            (x - 0.26 * u, y + 0.42 * u),
            (x + 0.26 * u, y + 0.42 * u),
            (x + 0.14 * u, y - 0.08 * u),
            (x - 0.14 * u, y - 0.08 * u),
        ]);
        let bb = (x - 0.3 * u - ow, y - 0.45 * u - ow, x + 0.3 * u + ow, y + 0.45 * u + ow);
        fill_layers_exact(self.img, bb, &[(pal::WHITE, 1.0, ow), (pal::ROBBER, 1.0, 0.0)], |px, py| {
            body.sd(px, py).min(sd_circle(px, py, x, y - 0.22 * u, head))
        });
    }

    fn pirate(&mut self, h: Hex) {
        let u = self.f.u;
        let at = hex_centre(h);
        if !self.visible(at, u) {
            return;
        }
        let (x, y) = self.px(at);
        let (x, y) = (x.round(), (y + 0.1 * u).round() - 0.1 * u);
        sprites::stamp(self.img, Piece::Pirate, 1.25 * u, self.f.s, (x, y + 0.1 * u));
        text_centered(self.img, &draw::fonts().bold, 0.5 * u, x, y + 0.22 * u, pal::WHITE, "☠");
    }

    fn routes(&mut self, game: &Game) {
        let u = self.f.u;
        for (e, route) in game.routes() {
            let mid = edge_mid(e);
            if !self.visible(mid, u) {
                continue;
            }
            let seat = route.owner as usize;
            match route.kind {
                seafarers_engine::RouteKind::Road => {
                    let [a, b] = edge_ends(e).map(|p| self.px(p));
                    let angle = sprites::angle_of(a, b);
                    sprites::stamp(self.img, Piece::Road { seat, angle }, u, self.f.s, self.px(mid));
                }
                seafarers_engine::RouteKind::Ship => {
                    sprites::stamp(self.img, Piece::Ship { seat }, u, self.f.s, self.px(ship_point(game, e)));
                }
            }
        }
    }

    /// Ships' letters, after every hull and building: ships on neighbouring sides overlap a
    /// little, and neither a hull nor a building may hide a letter.
    fn ship_letters(&mut self, game: &Game, letters: &[char]) {
        let u = self.f.u;
        for (e, route) in game.routes() {
            let at = ship_point(game, e);
            if route.kind != seafarers_engine::RouteKind::Ship || !self.visible(at, u) {
                continue;
            }
            let seat = route.owner as usize;
            let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
            let letter = letters.get(seat).copied().unwrap_or('?');
            // On the hull as it stands (whole pixels, like its sprite).
            let (x, y) = self.px(at);
            let (x, y) = (x.round(), y.round());
            text_centered(self.img, &draw::fonts().bold, spot_text(u), x, y + 0.1 * u, pal::letter_on(c), &letter.to_string());
        }
    }

    fn buildings(&mut self, game: &Game, letters: &[char]) {
        let u = self.f.u;
        for (v, b) in game.buildings() {
            let p = vertex_point(v);
            if !self.visible(p, u) {
                continue;
            }
            let seat = b.owner as usize;
            let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
            let (x, y) = self.px(p);
            let piece = if b.city { Piece::City { seat } } else { Piece::Settlement { seat } };
            sprites::stamp(self.img, piece, u, self.f.s, (x, y));
            // The letter on the piece as it stands (whole pixels, like its sprite).
            let (x, y) = (x.round(), y.round());
            let letter = letters.get(seat).copied().unwrap_or('?');
            let lx = if b.city { x + 0.13 * u } else { x };
            text_centered(self.img, &draw::fonts().bold, spot_text(u), lx, y + 0.1 * u, pal::letter_on(c), &letter.to_string());
        }
    }

    /// Special victory point chips: one coin per player and island, on the island's
    /// representative hex, in a column by its west side; under the pieces, never over a letter.
    fn chips(&mut self, game: &Game) {
        let u = self.f.u;
        for (seat, p) in game.players().iter().enumerate() {
            for island in &p.chip_islands {
                let (cx, cy) = hex_centre(*island);
                let at = (cx - 0.62, cy - 0.45 + 0.3 * seat as f32);
                if !self.visible(at, u) {
                    continue;
                }
                let (x, y) = self.px(at);
                let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
                let r = 0.22 * u;
                let ow = 0.05 * u;
                fill_layers_exact(
                    self.img,
                    (x - r - ow, y - r - ow, x + r + ow, y + r + ow),
                    &[(pal::GOLD, 1.0, ow), (c, 1.0, 0.0)],
                    |px, py| sd_circle(px, py, x, y, r),
                );
                text_centered(self.img, &draw::fonts().bold, 0.3 * u, x, y, pal::letter_on(c), "★");
            }
        }
    }

    /// The spots' labels where [`badges`] puts them: first every badge, then every label's
    /// letters, so that should badges ever touch, no badge hides a letter.
    fn spots(&mut self, game: &Game, spots: &[Spot], lang: Locale) {
        let bold = &draw::fonts().bold;
        let badges = badges(&self.f, spots, &badge_keep_clear(game, &self.f, spots, lang));
        for b in &badges {
            sprites::stamp_badge(self.img, (b.hw, b.hh, b.outline), (b.x, b.y + self.top));
        }
        for b in &badges {
            text_centered(self.img, bold, b.size, b.x, b.y + self.top, pal::INK, &b.label);
        }
    }
}

/// A spot's label as drawn: a yellow badge with its letters, in board-area pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    pub label: String,
    /// Its centre.
    pub x: f32,
    pub y: f32,
    /// Half its width and height inside its outline, and the outline's width.
    pub hw: f32,
    pub hh: f32,
    pub outline: f32,
    /// Text size of the letters.
    pub size: f32,
}

impl Badge {
    /// The box it covers, outline included: (x0, y0, x1, y1).
    pub fn bbox(&self) -> Bbox {
        let (hw, hh) = (self.hw + self.outline, self.hh + self.outline);
        (self.x - hw, self.y - hh, self.x + hw, self.y + hh)
    }

    /// Whether the two badges come closer than `gap` px.
    pub fn overlaps(&self, o: &Badge, gap: f32) -> bool {
        let (a, b) = (self.bbox(), o.bbox());
        a.0 < b.2 + gap && b.0 < a.2 + gap && a.1 < b.3 + gap && b.1 < a.3 + gap
    }
}

/// Where the spots' badges go and how large they are. Each badge lies on its spot, as large
/// as the pieces (`spot_text`). Where that makes two badges touch (a setup letters every free
/// intersection, a hex radius apart), the first of these that leaves a gap between every two
/// badges is taken:
/// - the letters at the smallest size that stays 12 px tall at 400 px;
/// - each intersection's badge moved an eighth of a hex side along the side that leaves it
///   vertically (up from a hex's top corner, down from a bottom one): the badge still covers
///   its intersection, and neighbouring intersections' badges, half a side apart in height,
///   get three quarters of one;
/// - both, then with a tight badge (a thin outline, little room around the letters): the
///   whole Four Islands map lettered, at 45 px per hex side.
///
/// A badge that would touch what it must leave clear (`avoid`: [`badge_keep_clear`], a
/// harbour's words, a token's number) moves off it, by the few pixels it takes, the shortest
/// way that stays in the picture and clear of the rest.
pub fn badges(f: &Frame, spots: &[Spot], avoid: &[Bbox]) -> Vec<Badge> {
    let bold = &draw::fonts().bold;
    let (full, small, nudge) = (f.u, super::MIN_PIECE_PX.min(f.u), f.s / 8.0);
    // The labels' widths at both sizes, measured once.
    let widths = |u: f32| -> Vec<f32> { spots.iter().map(|s| text_width(bold, spot_text(u), &s.label)).collect() };
    let (full_w, small_w) = (widths(full), if small == full { Vec::new() } else { widths(small) });
    // Sized by a piece size `u`, as the pieces are.
    let layout = |u: f32, nudge: f32, tight: bool| -> Vec<Badge> {
        let size = spot_text(u);
        let widths = if u == full { &full_w } else { &small_w };
        // Tight: the letters' capitals (half of `u`) and 2 px above and below them.
        let (hh, ow, pad) = if tight { (0.29 * u, 0.03 * u, 0.06 * u) } else { (0.38 * u, 0.07 * u, 0.1 * u) };
        spots
            .iter()
            .zip(widths)
            .map(|(s, &tw)| {
                let (x, y) = f.px(spot_point(s.at));
                let dy = match s.at {
                    SpotAt::Vertex(v) if v.top => -nudge,
                    SpotAt::Vertex(_) => nudge,
                    _ => 0.0,
                };
                let hw = (tw / 2.0 + pad).max(hh);
                Badge { label: s.label.clone(), x, y: y + dy, hw, hh, outline: ow, size }
            })
            .collect::<Vec<Badge>>()
    };
    // Off what must stay readable, where that touches no other badge.
    let clear_of_words = |mut bs: Vec<Badge>| -> Vec<Badge> {
        for i in 0..bs.len() {
            for w in avoid {
                let b = bs[i].bbox();
                if !(b.0 < w.2 && w.0 < b.2 && b.1 < w.3 && w.1 < b.3) {
                    continue;
                }
                // The four ways off, shortest first; the first that stays in the picture and
                // clear of the other badges.
                let mut ways = [(-(b.2 - w.0), 0.0), (w.2 - b.0, 0.0), (0.0, -(b.3 - w.1)), (0.0, w.3 - b.1)];
                ways.sort_by(|p, q| (p.0.abs() + p.1.abs()).total_cmp(&(q.0.abs() + q.1.abs())));
                for (dx, dy) in ways {
                    let moved = Badge { x: bs[i].x + dx, y: bs[i].y + dy, ..bs[i].clone() };
                    let m = moved.bbox();
                    let inside = m.0 >= 0.0 && m.1 >= 0.0 && m.2 <= f.w as f32 && m.3 <= f.h as f32;
                    let clear = avoid.iter().all(|a| !(m.0 < a.2 && a.0 < m.2 && m.1 < a.3 && a.1 < m.3));
                    if inside && clear && bs.iter().enumerate().all(|(j, o)| j == i || !moved.overlaps(o, BADGE_GAP)) {
                        bs[i] = moved;
                        break;
                    }
                }
            }
        }
        bs
    };
    let layout = |u: f32, nudge: f32, tight: bool| clear_of_words(layout(u, nudge, tight));
    let crowded = |bs: &[Badge]| bs.iter().enumerate().any(|(i, a)| bs[i + 1..].iter().any(|b| a.overlaps(b, BADGE_GAP)));
    let mut tried = Vec::new();
    for (u, nudge, tight) in [(full, 0.0, false), (small, 0.0, false), (full, nudge, false), (small, nudge, false), (small, nudge, true)] {
        tried = layout(u, nudge, tight);
        if !crowded(&tried) {
            break;
        }
    }
    tried
}

/// Pixels kept between two badges.
pub const BADGE_GAP: f32 = 1.0;

/// Where a hex's number token goes: its centre, or lower when a spot label takes the top.
fn token_point(h: Hex, spots: &[Spot]) -> (f32, f32) {
    let (x, y) = hex_centre(h);
    if spots.iter().any(|s| s.at == SpotAt::Hex(h)) { (x, y + 0.3) } else { (x, y) }
}

/// Where a ship is drawn: the middle of its side, moved away from a building at one end
/// (a ship often leaves its own coastal settlement).
pub fn ship_point(game: &Game, e: Edge) -> (f32, f32) {
    let [a, b] = edge_ends(e);
    let [va, vb] = e.vertices();
    let t = match (game.building_at(va).is_some(), game.building_at(vb).is_some()) {
        (true, false) => 0.7,
        (false, true) => 0.3,
        _ => 0.5,
    };
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// A harbour's marker: in its sea hex, pulled towards the coast; and that sea hex.
fn harbour_anchor(game: &Game, e: Edge) -> ((f32, f32), Hex) {
    let [a, b] = e.hexes();
    let sea = if game.terrain_at(a) == Some(Terrain::Sea) { a } else { b };
    let (cx, cy) = hex_centre(sea);
    let (mx, my) = edge_mid(e);
    ((cx + (mx - cx) * 0.3, cy + (my - cy) * 0.3), sea)
}
