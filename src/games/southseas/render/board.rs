//! The board: tiles, symbols, boat tokens, islanders, highlights, open spots and coordinates.

use super::cache::{self, Icon};
use super::palette as pal;
use super::tile::{Shapes, Symbol, rotate_point};
use super::{BoardView, Players};
use crate::draw::{self, Rgb8, blit_rgb, fill, rect, rect_outline, sd_box};
use image::RgbImage;
use southseas_engine::{FeatureKind, Game, PlacedTile, Pos, TileKind};

/// Largest side of the board area (tiles plus the ring of open spots), in pixels.
pub const MAX_BOARD_PX: u32 = 3200;
/// Tile size on ordinary boards, and the floor for huge ones.
pub const TILE_PX: u32 = 96;
/// Height of an islander on the board, in tiles.
pub const FIGURE: f32 = 0.37;
/// Largest tile, for young boards beside a tall panel.
pub const MAX_TILE_PX: u32 = 144;
pub const MIN_TILE_PX: u32 = 40;

/// Where the board's squares are in the image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Board squares shown: tiles plus one ring around them.
    pub min: Pos,
    pub max: Pos,
    pub tile: u32,
    /// Width of the coordinate strips around the board.
    pub margin: u32,
    /// Top-left corner of the board area (including its coordinate strips) in the image.
    pub origin: (u32, u32),
}

impl Frame {
    pub fn for_game(game: &Game) -> Frame {
        let (mut min, mut max) = (Pos::new(i32::MAX, i32::MAX), Pos::new(i32::MIN, i32::MIN));
        for t in game.placed_tiles() {
            min = Pos::new(min.x.min(t.pos.x), min.y.min(t.pos.y));
            max = Pos::new(max.x.max(t.pos.x), max.y.max(t.pos.y));
        }
        let (min, max) = (Pos::new(min.x - 1, min.y - 1), Pos::new(max.x + 1, max.y + 1));
        let cells = ((max.x - min.x + 1).max(max.y - min.y + 1)) as u32;
        Frame::with_tile(min, max, (MAX_BOARD_PX / cells).clamp(MIN_TILE_PX, TILE_PX))
    }

    fn with_tile(min: Pos, max: Pos, tile: u32) -> Frame {
        let tile = tile & !1;
        let margin = (tile as f32 * 0.3).clamp(20.0, 30.0) as u32;
        Frame { min, max, tile, margin, origin: (0, 0) }
    }

    /// The squares `min..=max` (a part of the board, or all of it) with the given tile size and
    /// coordinate strips.
    pub fn window(min: Pos, max: Pos, tile: u32, margin: u32) -> Frame {
        Frame { min, max, tile: tile & !1, margin, origin: (0, 0) }
    }

    /// Whether the square at `pos` is shown.
    pub fn contains(&self, pos: Pos) -> bool {
        (self.min.x..=self.max.x).contains(&pos.x) && (self.min.y..=self.max.y).contains(&pos.y)
    }

    /// The same squares with larger tiles (up to [`MAX_TILE_PX`]) so that the board is about
    /// `height` pixels tall: a young board need not be a small picture beside a tall panel.
    pub fn grown_to(&self, height: u32) -> Frame {
        let rows = self.rows();
        let cells = self.cols().max(rows);
        let wanted = height.saturating_sub(2 * self.margin) / rows;
        // In steps of 16 px, so that a growing board comes back to the same few sizes (and
        // the cached tile pictures of those sizes).
        let tile = (wanted.min(MAX_TILE_PX).min(MAX_BOARD_PX / cells) / 16 * 16).max(self.tile);
        Frame::with_tile(self.min, self.max, tile)
    }

    pub fn cols(&self) -> u32 {
        (self.max.x - self.min.x + 1) as u32
    }

    pub fn rows(&self) -> u32 {
        (self.max.y - self.min.y + 1) as u32
    }

    /// Size of the board area, coordinate strips included.
    pub fn size(&self) -> (u32, u32) {
        (self.cols() * self.tile + 2 * self.margin, self.rows() * self.tile + 2 * self.margin)
    }

    /// Top-left pixel of the square at `pos`.
    pub fn square(&self, pos: Pos) -> (i32, i32) {
        (
            (self.origin.0 + self.margin) as i32 + (pos.x - self.min.x) * self.tile as i32,
            (self.origin.1 + self.margin) as i32 + (pos.y - self.min.y) * self.tile as i32,
        )
    }

    /// The pixel at tile units (u, v) of the square at `pos`.
    pub fn point(&self, pos: Pos, (u, v): (f32, f32)) -> (f32, f32) {
        let (x, y) = self.square(pos);
        (x as f32 + u * self.tile as f32, y as f32 + v * self.tile as f32)
    }
}

/// Draws tiles of one size. Bases, layouts and icons come from the process-wide cache
/// (`cache.rs`), so a board is mostly blits.
pub struct Art {
    pub tile: u32,
}

impl Art {
    pub fn new(tile: u32) -> Art {
        Art { tile }
    }

    fn icon_for(&self, symbol: Symbol) -> (Icon, f32) {
        let t = self.tile as f32;
        match symbol {
            Symbol::Banana => (Icon::Banana, t * 0.19),
            Symbol::Shell => (Icon::Shell, t * 0.17),
            Symbol::Fish { count: 1, .. } => (Icon::Fish1, t * 0.2),
            Symbol::Fish { .. } => (Icon::Fish2, t * 0.2),
            Symbol::Boat => (Icon::Boat, t * 0.25),
            Symbol::Market => (Icon::Hut, t * 0.3),
        }
    }

    /// Where an islander on feature `feature` of a tile stands, in tile units of the board.
    pub fn slot(&self, kind: &TileKind, quarter_turns: u8, feature: u8) -> (f32, f32) {
        let layout = cache::layout(kind);
        rotate_point(layout.slots.get(feature as usize).copied().unwrap_or((0.5, 0.5)), quarter_turns)
    }

    /// Draws a tile (base and symbols) with its top-left at (x, y); groups in `covered` get a
    /// boat token instead of their fish.
    pub fn draw_tile(&self, img: &mut RgbImage, kind: &TileKind, quarter_turns: u8, x: i32, y: i32, covered: u8) {
        blit_rgb(img, &cache::base(&Shapes::of(kind), self.tile, quarter_turns), x, y);
        let layout = cache::layout(kind);
        let t = self.tile as f32;
        for &(p, symbol) in &layout.symbols {
            let (u, v) = rotate_point(p, quarter_turns);
            let (px, py) = (x as f32 + u * t, y as f32 + v * t);
            let (icon, size) = match symbol {
                Symbol::Fish { group, .. } if covered & (1 << group) != 0 => (Icon::Token, t * 0.21),
                _ => self.icon_for(symbol),
            };
            cache::draw_icon(img, &icon, size, px, py);
        }
    }
}

/// Draws an islander of `seat`, `height` pixels tall (or long, lying), centred on (cx, cy).
pub fn figure<S: draw::Surface>(s: &mut S, players: &Players, seat: usize, height: f32, lying: bool, cx: f32, cy: f32) {
    let icon = Icon::Figure { colour: players.colour(seat), letter: players.letter(seat), lying };
    cache::draw_icon(s, &icon, height, cx, cy);
}

/// An islander without its letter: where the letter could not be read at a phone's width (a
/// letter on a 30 px figure is 3 px tall at 400 px), the colour alone tells it, and the large
/// letters of the score rows say whose colour it is.
pub fn plain_figure<S: draw::Surface>(s: &mut S, players: &Players, seat: usize, height: f32, lying: bool, cx: f32, cy: f32) {
    let icon = Icon::Figure { colour: players.colour(seat), letter: String::new(), lying };
    cache::draw_icon(s, &icon, height, cx, cy);
}

/// How the board's labels are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The full board: turn badges on recent tiles, spots with their letter and the turns that
    /// fit.
    Full,
    /// The phone view's board: no badges, spots with a large letter only (the drawn tile's
    /// turns are listed beside the tile), islanders without letters, no coordinates (they
    /// could not be read at 400 px; `/board` has them).
    Phone,
}

/// Draws the board area into `img` at `frame.origin`; only the squares of the frame are drawn
/// (a frame may show a part of the board).
pub fn draw_board(img: &mut RgbImage, game: &Game, view: &BoardView, players: &Players, frame: &Frame, art: &Art, style: Style) {
    let t = frame.tile;
    let tf = t as f32;
    let (ox, oy) = frame.origin;
    let (bw, bh) = frame.size();
    rect(img, ox as f32, oy as f32, bw as f32, bh as f32, pal::BACKGROUND, 1.0);
    // Faint grid on the empty squares, so positions can be counted.
    let (gx, gy) = frame.square(frame.min);
    for c in 0..=frame.cols() {
        rect(img, (gx + (c * t) as i32) as f32 - 0.5, gy as f32, 1.0, (frame.rows() * t) as f32, pal::GRID_LINE, 1.0);
    }
    for r in 0..=frame.rows() {
        rect(img, gx as f32, (gy + (r * t) as i32) as f32 - 0.5, (frame.cols() * t) as f32, 1.0, pal::GRID_LINE, 1.0);
    }

    let tiles = game.tiles();
    for placed in game.placed_tiles().iter().filter(|p| frame.contains(p.pos)) {
        let kind = tiles.get(placed.tile);
        let (x, y) = frame.square(placed.pos);
        art.draw_tile(img, kind, placed.rotation.quarter_turns(), x, y, placed.covered);
        // A thin seam so that tile borders stay visible on open water.
        let (x, y) = (x as f32, y as f32);
        rect(img, x, y, tf, 1.0, [0, 0, 0], 0.16);
        rect(img, x, y + tf - 1.0, tf, 1.0, [0, 0, 0], 0.16);
        rect(img, x, y + 1.0, 1.0, tf - 2.0, [0, 0, 0], 0.16);
        rect(img, x + tf - 1.0, y + 1.0, 1.0, tf - 2.0, [0, 0, 0], 0.16);
    }

    // Recent tiles, then the last one on top.
    let placed = game.placed_tiles();
    let badge = |turn: usize| (style == Style::Full).then_some(turn);
    if let Some(since) = view.since_turn {
        for (turn, p) in placed.iter().enumerate().skip(1) {
            if turn as u32 >= since && turn + 1 < placed.len() && frame.contains(p.pos) {
                highlight(img, frame, p, pal::RECENT, (tf * 0.035).max(2.0), badge(turn));
            }
        }
    }
    if placed.len() > 1 {
        let last = placed.last().expect("placed");
        if frame.contains(last.pos) {
            highlight(img, frame, last, pal::HIGHLIGHT, (tf * 0.055).max(3.0), badge(placed.len() - 1));
        }
    }

    // Islanders.
    for i in game.islanders().iter().filter(|i| frame.contains(i.at.pos)) {
        let Some(tile) = game.tile_at(i.at.pos) else { continue };
        let slot = art.slot(tiles.get(tile.tile), tile.rotation.quarter_turns(), i.at.feature);
        let (px, py) = frame.point(i.at.pos, slot);
        match style {
            Style::Full => figure(img, players, i.player as usize, tf * FIGURE, i.kind == FeatureKind::Sea, px, py),
            Style::Phone => plain_figure(img, players, i.player as usize, tf * FIGURE, i.kind == FeatureKind::Sea, px, py),
        }
    }

    if view.show_spots {
        draw_spots(img, game, frame, style);
    }
    if style == Style::Full {
        draw_coordinates(img, frame);
    }
}

/// Font size of an open spot's label on the phone board, for tile size `t`: capitals as tall as
/// most of the square, and the label as wide as the square, or, when neither neighbour on its
/// row is another spot, half as wide again (over the tiles beside it), so that two-letter
/// labels ("AW") stay large on small tiles. The label sits on a white badge.
pub fn phone_spot_letter(label: &str, t: f32, wide: bool) -> f32 {
    let em = draw::text_width(&draw::fonts().bold, 100.0, label) / 100.0;
    let room = t * if wide { PHONE_SPOT_WIDE } else { PHONE_SPOT_ROOM };
    (PHONE_SPOT_CAP * t / CAP_HEIGHT).min(room / em.max(0.01))
}

/// Capitals' height in DejaVu, as a share of the size the kit draws at (ab_glyph's size is
/// the ascent-to-descent height, 1.164 em; capitals are 0.729 em).
pub const CAP_HEIGHT: f32 = 0.729 / 1.164;
/// How far above its point the kit's `text_centered` puts capitals' middle, as a share of the
/// size (it measures in ems where ab_glyph sizes by height): added where a large letter must
/// sit in the middle of its badge.
pub const CAP_LOW: f32 = (0.928 - 0.729 / 2.0) - (0.928 - 0.729 / 2.0) / 1.164;
/// A spot label's room on the phone board, in tiles: its square, less a margin ...
const PHONE_SPOT_ROOM: f32 = 0.94;
/// ... or more, over the neighbours' edges, when neither is a spot.
const PHONE_SPOT_WIDE: f32 = 1.5;
/// The tallest spot label's capitals, in tiles.
const PHONE_SPOT_CAP: f32 = 0.66;

/// Whether the spot at `pos` may spread its label over its row neighbours: both are inside
/// `frame` and neither is another spot.
pub fn spot_label_is_wide(frame: &Frame, spots: &[Pos], pos: Pos) -> bool {
    [-1, 1].iter().all(|&dx| {
        let n = Pos::new(pos.x + dx, pos.y);
        frame.contains(n) && !spots.contains(&n)
    })
}

fn highlight(img: &mut RgbImage, frame: &Frame, p: &PlacedTile, colour: Rgb8, width: f32, turn: Option<usize>) {
    let (x, y) = frame.square(p.pos);
    let t = frame.tile as f32;
    let (x, y) = (x as f32, y as f32);
    rect_outline(img, (x + width / 2.0, y + width / 2.0, t - width, t - width), width * 0.6, width, colour, 1.0);
    rect_outline(img, (x + width + 0.5, y + width + 0.5, t - 2.0 * width - 1.0, t - 2.0 * width - 1.0), width * 0.4, 1.0, pal::WHITE, 0.8);
    if let Some(turn) = turn {
        // A badge with the turn number in the top-left corner.
        let label = turn.to_string();
        let size = (t * 0.16).clamp(10.0, 16.0);
        let fonts = draw::fonts();
        let w = draw::text_width(&fonts.bold, size, &label) + size * 0.6;
        let h = size * 1.15;
        let (bx, by) = (x + width * 0.5, y + width * 0.5);
        fill(img, (bx, by, bx + w, by + h), colour, 1.0, |px, py| sd_box(px, py, bx + w / 2.0, by + h / 2.0, w / 2.0, h / 2.0, h * 0.3));
        draw::text_centered(img, &fonts.bold, size, bx + w / 2.0, by + h / 2.0, pal::WHITE, &label);
    }
}

/// Open spots for the drawn tile: a dashed square, the label and the rotations that fit.
fn draw_spots(img: &mut RgbImage, game: &Game, frame: &Frame, style: Style) {
    let t = frame.tile as f32;
    let fonts = draw::fonts();
    let spots = game.placement_spots();
    let at: Vec<Pos> = spots.iter().map(|s| s.pos).collect();
    for spot in spots.iter().filter(|s| frame.contains(s.pos)) {
        let (x, y) = frame.square(spot.pos);
        let (x, y) = (x as f32, y as f32);
        let inset = (t * 0.05).max(2.0);
        rect(img, x + inset, y + inset, t - 2.0 * inset, t - 2.0 * inset, pal::WHITE, 0.62);
        dashed_square(img, x + inset, y + inset, t - 2.0 * inset, (t * 0.025).max(1.5), pal::SPOT_INK);
        if style == Style::Phone {
            // The label alone, as large as the square (or its row) allows, on a white badge
            // (over the neighbours' edges when it is wider than the square).
            let size = phone_spot_letter(&spot.label, t, spot_label_is_wide(frame, &at, spot.pos));
            let w = draw::text_width(&fonts.bold, size, &spot.label);
            let (bw, bh) = (w + t * 0.06, size * CAP_HEIGHT + t * 0.14);
            let (cx, cy) = (x + t / 2.0, y + t / 2.0);
            fill(img, (cx - bw / 2.0, cy - bh / 2.0, cx + bw / 2.0, cy + bh / 2.0), pal::WHITE, 0.9, |px, py| {
                sd_box(px, py, cx, cy, bw / 2.0, bh / 2.0, t * 0.08)
            });
            draw::text_centered(img, &fonts.bold, size, cx, cy + CAP_LOW * size, pal::SPOT_INK, &spot.label);
            continue;
        }
        let label_size = (t * if spot.label.len() > 1 { 0.34 } else { 0.42 }).max(14.0);
        draw::text_centered(img, &fonts.bold, label_size, x + t / 2.0, y + t * 0.4, pal::SPOT_INK, &spot.label);
        // The turns that fit (exactly the ones the commands accept), on one or two lines, each
        // with its degree sign ("0° 180°", never "0 180°", which reads as one number).
        let degrees: Vec<String> = spot.rotations.iter().map(|r| format!("{}°", r.degrees())).collect();
        let lines: Vec<String> = if degrees.len() <= 2 {
            vec![degrees.join(" ")]
        } else {
            let (a, b) = degrees.split_at(2);
            vec![a.join(" "), b.join(" ")]
        };
        let size = (t * 0.15).max(9.0);
        let first = if lines.len() == 1 { 0.77 } else { 0.7 };
        for (k, line) in lines.iter().enumerate() {
            draw::text_centered(img, &fonts.regular, size, x + t / 2.0, y + t * first + k as f32 * size * 1.1, pal::SPOT_INK, line);
        }
    }
}

fn dashed_square(img: &mut RgbImage, x: f32, y: f32, side: f32, lw: f32, c: Rgb8) {
    let dash = (side / 9.0).max(4.0);
    let n = (side / dash).floor() as i32;
    for k in 0..n {
        if k % 2 == 1 {
            continue;
        }
        let a = k as f32 * dash + (side - n as f32 * dash) / 2.0;
        let len = dash.min(side - a);
        rect(img, x + a, y, len, lw, c, 1.0);
        rect(img, x + a, y + side - lw, len, lw, c, 1.0);
        rect(img, x, y + a, lw, len, c, 1.0);
        rect(img, x + side - lw, y + a, lw, len, c, 1.0);
    }
}

/// Column numbers (x, growing east) above and below, row numbers (y, growing south) left and
/// right: the engine's coordinates.
fn draw_coordinates(img: &mut RgbImage, frame: &Frame) {
    let fonts = draw::fonts();
    let t = frame.tile as f32;
    let m = frame.margin as f32;
    let size = (m * 0.55).clamp(10.0, 16.0);
    let (ox, oy) = (frame.origin.0 as f32, frame.origin.1 as f32);
    let (bw, bh) = frame.size();
    for x in frame.min.x..=frame.max.x {
        let (sx, _) = frame.square(Pos::new(x, frame.min.y));
        let cx = sx as f32 + t / 2.0;
        let label = x.to_string();
        draw::text_centered(img, &fonts.bold, size, cx, oy + m / 2.0, pal::INK_SOFT, &label);
        draw::text_centered(img, &fonts.bold, size, cx, oy + bh as f32 - m / 2.0, pal::INK_SOFT, &label);
    }
    for y in frame.min.y..=frame.max.y {
        let (_, sy) = frame.square(Pos::new(frame.min.x, y));
        let cy = sy as f32 + t / 2.0;
        let label = y.to_string();
        draw::text_centered(img, &fonts.bold, size, ox + m / 2.0, cy, pal::INK_SOFT, &label);
        draw::text_centered(img, &fonts.bold, size, ox + bw as f32 - m / 2.0, cy, pal::INK_SOFT, &label);
    }
    // Which way the numbers grow: x east (top-right corner), y south (bottom-left corner).
    let small = size * 0.85;
    draw::text_centered(img, &fonts.bold, small, ox + bw as f32 - m / 2.0, oy + m / 2.0, pal::INK_SOFT, "x→");
    draw::text_centered(img, &fonts.bold, small, ox + m / 2.0, oy + bh as f32 - m / 2.0, pal::INK_SOFT, "y↓");
}

/// The islander step's figures that may be taken back, numbered where they stand with the
/// numbers their buttons begin with (`choices::islander_numbers`): the turn picture and `/board`
/// draw the same numbers, each in the frame of `frames` that shows the figure largest.
pub fn number_figures(img: &mut RgbImage, game: &Game, frames: &[Frame]) {
    for (number, (x, y)) in retrieve_markers(game, frames) {
        number_marker(img, &number.to_string(), x, y);
    }
}

/// The islander step's figures that may be taken back: each one's number (as on its button)
/// and where its marker goes, just above the figure in the frame that shows it largest (the
/// last of `frames` that holds it: a close-up comes after the board), pushed apart where two
/// would overlap and kept inside that frame.
pub(super) fn retrieve_markers(game: &Game, frames: &[Frame]) -> Vec<(usize, (f32, f32))> {
    // Each figure's frame (by index), number and point.
    let mut figures: Vec<(usize, usize, (f32, f32))> = Vec::new();
    for (k, action) in crate::games::southseas::choices::islander_numbers(game).iter().enumerate() {
        let southseas_engine::Action::RetrieveIslander { pos, feature } = *action else { continue };
        let (Some(index), Some(placed)) = (frames.iter().rposition(|f| f.contains(pos)), game.tile_at(pos)) else { continue };
        let frame = &frames[index];
        let slot = Art::new(frame.tile).slot(game.tiles().get(placed.tile), placed.rotation.quarter_turns(), feature);
        // Above the figure, over its head only: the player sees whose it is (its colour, and on
        // `/board` its letter).
        let (fx, fy) = frame.point(pos, slot);
        figures.push((index, k + 1, (fx, fy - FIGURE * frame.tile as f32 / 2.0 - MARKER_R * 0.7)));
    }
    let mut out = Vec::new();
    for (index, frame) in frames.iter().enumerate() {
        let (numbers, points): (Vec<usize>, Vec<(f32, f32)>) = figures.iter().filter(|f| f.0 == index).map(|f| (f.1, f.2)).unzip();
        let (w, h) = frame.size();
        let (x, y) = (frame.origin.0 as f32, frame.origin.1 as f32);
        out.extend(numbers.into_iter().zip(marker_places(points, (x, y, w as f32, h as f32))));
    }
    out.sort_by_key(|m| m.0);
    out
}

/// The markers' centres: the islanders' places, pushed apart where two would overlap (two
/// features' places can lie close, a bridge's and a corner sea's), kept in the `w` × `h` box at
/// (`x`, `y`): the tile, or the board's frame.
pub(super) fn marker_places(mut at: Vec<(f32, f32)>, (x, y, w, h): (f32, f32, f32, f32)) -> Vec<(f32, f32)> {
    let apart = 2.0 * MARKER_R + 8.0;
    for _ in 0..20 {
        let mut moved = false;
        for i in 0..at.len() {
            for j in i + 1..at.len() {
                let (dx, dy) = (at[j].0 - at[i].0, at[j].1 - at[i].1);
                let d = (dx * dx + dy * dy).sqrt();
                if d < apart {
                    // Along the line between them (or sideways when they coincide).
                    let (ux, uy) = if d > 0.01 { (dx / d, dy / d) } else { (1.0, 0.0) };
                    let push = (apart - d) / 2.0 + 0.5;
                    at[i] = (at[i].0 - ux * push, at[i].1 - uy * push);
                    at[j] = (at[j].0 + ux * push, at[j].1 + uy * push);
                    moved = true;
                }
            }
        }
        let m = MARKER_R + 4.0;
        for p in &mut at {
            *p = (p.0.clamp(x + m, x + w - m), p.1.clamp(y + m, y + h - m));
        }
        if !moved {
            break;
        }
    }
    at
}

/// A number marker's radius (px, full size).
pub(super) const MARKER_R: f32 = 24.0;

/// A white disc with a dark ring and a number (capitals 12.5 px tall at 400 px on the phone
/// view).
pub(super) fn number_marker(img: &mut RgbImage, number: &str, cx: f32, cy: f32) {
    let r = MARKER_R;
    let bb = (cx - r - 3.0, cy - r - 3.0, cx + r + 3.0, cy + r + 3.0);
    draw::fill_outlined(img, bb, pal::WHITE, pal::SPOT_INK, 3.5, |x, y| draw::sd_circle(x, y, cx, cy, r));
    draw::text_centered(img, &draw::fonts().bold, 40.0, cx, cy + CAP_LOW * 40.0, pal::SPOT_INK, number);
}
