//! One tile, drawn from its data: the shapes of islands, bridges, the junction stone and the
//! market islet (the *base*, shared by every tile kind with the same shapes), and where the
//! symbols and islanders go on it (the *layout*, per tile kind).
//!
//! Everything here is in the tile's canonical orientation, in tile units (0..1, `u` east, `v`
//! south); the board rotates the base image and the layout's points.

use super::palette as pal;
use crate::draw::{Rgb8, sd_capsule};
use image::RgbImage;
use southseas_engine::{FeatureKind, Port, TileKind};

/// Edge bits: N = 1, E = 2, S = 4, W = 8.
const N: u8 = 1;
const E: u8 = 2;
const S: u8 = 4;
const W: u8 = 8;
const EDGES: [u8; 4] = [N, E, S, W];

/// Depth of an island cap (a lens along one edge), in tile units.
const CAP_DEPTH: f32 = 0.32;
/// Half width of a bridge.
pub const BRIDGE_HALF: f32 = 0.085;
pub const JUNCTION_R: f32 = 0.115;
pub const ISLET_R: f32 = 0.2;

/// The shapes on a tile: what its base image depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shapes {
    pub islands: Vec<u8>,
    pub bridges: Vec<u8>,
    pub junction: bool,
    pub market: bool,
}

impl Shapes {
    pub fn of(kind: &TileKind) -> Shapes {
        let edges_of = |k: FeatureKind| -> Vec<u8> {
            kind.features.iter().filter(|f| f.kind == k).map(|f| f.edges().fold(0u8, |m, d| m | EDGES[d.index()])).collect()
        };
        Shapes {
            islands: edges_of(FeatureKind::Island),
            bridges: edges_of(FeatureKind::Bridge),
            junction: kind.junction,
            market: kind.market,
        }
    }

    fn geometry(&self) -> Geometry {
        let bridged = !self.bridges.is_empty();
        Geometry {
            islands: self.islands.iter().map(|&m| island_shape(m, bridged)).collect(),
            bridges: self.bridges.iter().map(|&m| bridge_shape(m)).collect(),
            junction: self.junction,
            market: self.market,
        }
    }
}

// ----- shapes as signed distance functions (tile units) ---------------------------------------

#[derive(Clone, Copy, Debug)]
enum Island {
    /// Inside a circle (caps and diagonals).
    Disc {
        cx: f32,
        cy: f32,
        r: f32,
    },
    /// Land on the side of the line through (px, py) opposite to normal (nx, ny).
    HalfPlane {
        px: f32,
        py: f32,
        nx: f32,
        ny: f32,
    },
    /// Everything except lenses along some edges (bands, three-edge islands).
    AllBut {
        lenses: [Option<(f32, f32, f32)>; 4],
    },
    All,
}

/// Circle through the two corners of edge `e` reaching `depth` into the tile.
fn lens(e: usize, depth: f32) -> (f32, f32, f32) {
    let r = (0.25 + depth * depth) / (2.0 * depth);
    let off = r - depth; // centre beyond the edge
    let (cx, cy) = match e {
        0 => (0.5, -off),
        1 => (1.0 + off, 0.5),
        2 => (0.5, 1.0 + off),
        _ => (-off, 0.5),
    };
    (cx, cy, r)
}

fn island_shape(mask: u8, bridged: bool) -> Island {
    let count = mask.count_ones();
    match count {
        4 => Island::All,
        1 => {
            let e = EDGES.iter().position(|&b| b == mask).expect("one edge");
            let (cx, cy, r) = lens(e, CAP_DEPTH);
            Island::Disc { cx, cy, r }
        }
        2 if adjacent(mask) => {
            // The shared corner, and the unit normal from it towards the tile's centre.
            let (kx, ky) = match mask {
                m if m == N | E => (1.0, 0.0),
                m if m == E | S => (1.0, 1.0),
                m if m == S | W => (0.0, 1.0),
                _ => (0.0, 0.0),
            };
            let (nx, ny) = ((0.5 - kx) * std::f32::consts::SQRT_2, (0.5 - ky) * std::f32::consts::SQRT_2);
            // The coast runs from one far corner to the other, bowing out a little unless a
            // bridge needs the room.
            let sag: f32 = if bridged { 0.0 } else { 0.09 };
            if sag == 0.0 {
                Island::HalfPlane { px: 0.5, py: 0.5, nx, ny }
            } else {
                let half = std::f32::consts::FRAC_1_SQRT_2;
                let r = (half * half + sag * sag) / (2.0 * sag);
                Island::Disc { cx: 0.5 + nx * (sag - r), cy: 0.5 + ny * (sag - r), r }
            }
        }
        _ => {
            let mut lenses = [None; 4];
            for (e, &bit) in EDGES.iter().enumerate() {
                if mask & bit == 0 {
                    lenses[e] = Some(lens(e, CAP_DEPTH));
                }
            }
            Island::AllBut { lenses }
        }
    }
}

fn adjacent(mask: u8) -> bool {
    matches!(mask, m if m == N | E || m == E | S || m == S | W || m == W | N)
}

impl Island {
    #[inline]
    fn sdf(&self, u: f32, v: f32) -> f32 {
        match *self {
            Island::Disc { cx, cy, r } => ((u - cx).powi(2) + (v - cy).powi(2)).sqrt() - r,
            Island::HalfPlane { px, py, nx, ny } => (u - px) * nx + (v - py) * ny,
            Island::AllBut { lenses } => {
                let mut d = -1.0f32;
                for (cx, cy, r) in lenses.iter().flatten() {
                    d = d.max(r - ((u - cx).powi(2) + (v - cy).powi(2)).sqrt());
                }
                d
            }
            Island::All => -1.0,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Bridge {
    /// A straight run (through the tile, or from an edge to the centre).
    Line { ax: f32, ay: f32, bx: f32, by: f32 },
    /// A quarter circle of radius 0.5 around a corner.
    Arc { cx: f32, cy: f32 },
}

fn edge_mid(e: usize, out: f32) -> (f32, f32) {
    match e {
        0 => (0.5, -out),
        1 => (1.0 + out, 0.5),
        2 => (0.5, 1.0 + out),
        _ => (-out, 0.5),
    }
}

fn bridge_shape(mask: u8) -> Bridge {
    let es: Vec<usize> = (0..4).filter(|&e| mask & EDGES[e] != 0).collect();
    match es.as_slice() {
        [a, b] if (a + 2) % 4 == *b => {
            let (ax, ay) = edge_mid(*a, 0.05);
            let (bx, by) = edge_mid(*b, 0.05);
            Bridge::Line { ax, ay, bx, by }
        }
        [_, _] => {
            let (cx, cy) = match mask {
                m if m == N | E => (1.0, 0.0),
                m if m == E | S => (1.0, 1.0),
                m if m == S | W => (0.0, 1.0),
                _ => (0.0, 0.0),
            };
            Bridge::Arc { cx, cy }
        }
        [a, ..] => {
            let (ax, ay) = edge_mid(*a, 0.05);
            Bridge::Line { ax, ay, bx: 0.5, by: 0.5 }
        }
        [] => Bridge::Line { ax: 0.5, ay: 0.5, bx: 0.5, by: 0.5 },
    }
}

impl Bridge {
    /// Distance to the band (tile units).
    #[inline]
    fn dist(&self, u: f32, v: f32) -> f32 {
        match *self {
            Bridge::Line { ax, ay, bx, by } => sd_capsule(u, v, ax, ay, bx, by, BRIDGE_HALF),
            Bridge::Arc { cx, cy } => (((u - cx).powi(2) + (v - cy).powi(2)).sqrt() - 0.5).abs() - BRIDGE_HALF,
        }
    }

    /// Position along the bridge (tile units), for the planks.
    #[inline]
    fn along(&self, u: f32, v: f32) -> f32 {
        match *self {
            Bridge::Line { ax, ay, bx, by } => {
                let (dx, dy) = (bx - ax, by - ay);
                ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy).sqrt().max(1e-6)
            }
            Bridge::Arc { cx, cy } => (v - cy).atan2(u - cx) * 0.5,
        }
    }

    /// Points along the centre line, from one end to the other (t = 0..1).
    pub fn point(&self, t: f32, stop_at_centre: f32) -> (f32, f32) {
        match *self {
            Bridge::Line { ax, ay, bx, by } => {
                let (ax, ay) = (ax.clamp(0.0, 1.0), ay.clamp(0.0, 1.0));
                let (bx, by) = (bx.clamp(0.0, 1.0), by.clamp(0.0, 1.0));
                // A bridge ending at the centre stops short of the stone or market.
                let (dx, dy) = (bx - ax, by - ay);
                let len = (dx * dx + dy * dy).sqrt();
                let ends_inside = (bx - 0.5).abs() < 1e-3 && (by - 0.5).abs() < 1e-3;
                let usable = if ends_inside { (len - stop_at_centre).max(0.05) / len.max(1e-6) } else { 1.0 };
                (ax + dx * t * usable, ay + dy * t * usable)
            }
            Bridge::Arc { cx, cy } => {
                // The quarter of the circle that lies on the tile.
                let start = match (cx as i32, cy as i32) {
                    (1, 0) => std::f32::consts::FRAC_PI_2,
                    (1, 1) => std::f32::consts::PI,
                    (0, 1) => -std::f32::consts::FRAC_PI_2,
                    _ => 0.0,
                };
                let a = start + t * std::f32::consts::FRAC_PI_2;
                (cx + 0.5 * a.cos(), cy + 0.5 * a.sin())
            }
        }
    }
}

struct Geometry {
    islands: Vec<Island>,
    bridges: Vec<Bridge>,
    junction: bool,
    market: bool,
}

impl Geometry {
    fn island_sdf(&self, u: f32, v: f32) -> f32 {
        self.islands.iter().fold(1.0f32, |d, i| d.min(i.sdf(u, v)))
    }

    fn islet_sdf(&self, u: f32, v: f32) -> f32 {
        if self.market { ((u - 0.5).powi(2) + (v - 0.5).powi(2)).sqrt() - ISLET_R } else { 1.0 }
    }

    /// Distance to the nearest bridge and that bridge.
    fn bridge_sdf(&self, u: f32, v: f32) -> (f32, Option<&Bridge>) {
        self.bridges.iter().fold((1.0f32, None), |best, b| {
            let d = b.dist(u, v);
            if d < best.0 { (d, Some(b)) } else { best }
        })
    }
}

#[inline]
fn cov(d_px: f32) -> f32 {
    (0.5 - d_px).clamp(0.0, 1.0)
}

#[inline]
fn over(c: &mut [f32; 3], src: Rgb8, a: f32) {
    if a > 0.0 {
        for i in 0..3 {
            c[i] += (src[i] as f32 - c[i]) * a;
        }
    }
}

/// The base image of a tile with these shapes, `size` pixels square, canonical orientation.
pub fn render_base(shapes: &Shapes, size: u32) -> RgbImage {
    let g = shapes.geometry();
    let t = size as f32;
    let shallow = (0.05 * t).max(2.0);
    let coast = (0.018 * t).max(1.0);
    let beach = (0.055 * t).max(2.0);
    let rail = (0.022 * t).max(1.0);
    let plank = (0.055 * t).max(3.0);
    let mut img = RgbImage::new(size, size);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = ((x as f32 + 0.5) / t, (y as f32 + 0.5) / t);
            let island = g.island_sdf(u, v) * t;
            let islet = g.islet_sdf(u, v) * t;
            let land = island.min(islet);
            let mut c = pal::SEA.map(|x| x as f32);
            // Lighter water along the coasts.
            over(&mut c, pal::SHALLOW, cov(land - shallow));
            if !g.bridges.is_empty() {
                let (d, nearest) = g.bridge_sdf(u, v);
                let d = d * t;
                if let Some(b) = nearest.filter(|_| d < 1.0) {
                    let along = b.along(u, v);
                    over(&mut c, pal::BRIDGE_SHADOW, 0.5 * cov(d - 0.12 * t * 0.25));
                    over(&mut c, pal::RAIL, cov(d));
                    over(&mut c, pal::PLANK, cov(d + rail));
                    // Gaps between planks, across the bridge.
                    let s = (along * t).rem_euclid(plank);
                    let gap = (s - 0.5).abs().min((s - plank + 0.5).abs());
                    over(&mut c, pal::PLANK_GAP, cov(gap - 0.6).min(cov(d + rail)));
                }
            }
            if land < 1.0 {
                over(&mut c, pal::COAST, cov(land));
                over(&mut c, pal::SAND, cov(land + coast));
                over(&mut c, pal::GREEN, cov(island + beach));
                over(&mut c, pal::ISLAND, cov(island + beach * 2.6));
            }
            if g.junction {
                let d = (((u - 0.5).powi(2) + (v - 0.5).powi(2)).sqrt() - JUNCTION_R) * t;
                if d < 1.0 {
                    over(&mut c, pal::STONE_DARK, cov(d));
                    over(&mut c, pal::STONE, cov(d + coast.max(1.5)));
                    let hl = (((u - 0.47).powi(2) + (v - 0.46).powi(2)).sqrt() - JUNCTION_R * 0.45) * t;
                    over(&mut c, pal::STONE_LIGHT, 0.6 * cov(hl));
                }
            }
            img.put_pixel(x, y, image::Rgb(c.map(|x| (x + 0.5) as u8)));
        }
    }
    img
}

// ----- layout: where symbols and islanders go ---------------------------------------------------

/// What is drawn at a point of a tile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Symbol {
    Banana,
    Shell,
    /// A group of fish (1 or 2), with its index among the tile's groups.
    Fish {
        count: u8,
        group: u8,
    },
    Boat,
    Market,
}

#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Where an islander on feature i stands (canonical, tile units).
    pub slots: Vec<(f32, f32)>,
    pub symbols: Vec<((f32, f32), Symbol)>,
}

/// Radii (tile units) used to keep things apart.
const R_ISLANDER: f32 = 0.19;
const R_BANANA: f32 = 0.09;
const R_SHELL: f32 = 0.08;
const R_FISH1: f32 = 0.09;
const R_FISH2: f32 = 0.115;
const R_BOAT: f32 = 0.12;
const R_HUT: f32 = 0.15;

const GRID: usize = 24;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Island(u8),
    Bridge(u8),
    Water,
    Sea(u8),
    Islet,
    Stone,
}

/// Places every symbol and islander slot of a tile kind, deterministically.
pub fn layout(kind: &TileKind) -> Layout {
    let shapes = Shapes::of(kind);
    let g = shapes.geometry();
    let cell = 1.0 / GRID as f32;
    let centre = |i: usize| ((i % GRID) as f32 + 0.5) * cell;
    let centre_v = |i: usize| ((i / GRID) as f32 + 0.5) * cell;

    // Feature index of each island and bridge, in data order.
    let island_features: Vec<usize> =
        kind.features.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::Island).map(|(i, _)| i).collect();
    let bridge_features: Vec<usize> =
        kind.features.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::Bridge).map(|(i, _)| i).collect();

    // Classify the cells.
    let mut cells = vec![Cell::Water; GRID * GRID];
    for (i, c) in cells.iter_mut().enumerate() {
        let (u, v) = (centre(i), centre_v(i));
        if g.junction && ((u - 0.5).powi(2) + (v - 0.5).powi(2)).sqrt() < JUNCTION_R + 0.01 {
            *c = Cell::Stone;
        } else if g.islet_sdf(u, v) < 0.0 {
            *c = Cell::Islet;
        } else if let Some(k) = (0..g.islands.len()).find(|&k| g.islands[k].sdf(u, v) < 0.0) {
            *c = Cell::Island(k as u8);
        } else if let Some(k) = (0..g.bridges.len()).find(|&k| g.bridges[k].dist(u, v) < 0.01) {
            *c = Cell::Bridge(k as u8);
        }
    }
    // Seas: flood the water from each sea's ports.
    for (fi, f) in kind.features.iter().enumerate() {
        if f.kind != FeatureKind::Sea {
            continue;
        }
        let mut stack = Vec::new();
        for p in 0..12u8 {
            if f.ports & (1 << p) == 0 {
                continue;
            }
            for i in port_cells(Port(p)) {
                if cells[i] == Cell::Water {
                    cells[i] = Cell::Sea(fi as u8);
                    stack.push(i);
                }
            }
        }
        while let Some(i) = stack.pop() {
            let (x, y) = (i % GRID, i / GRID);
            let mut visit = |j: usize| {
                if cells[j] == Cell::Water {
                    cells[j] = Cell::Sea(fi as u8);
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < GRID {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - GRID);
            }
            if y + 1 < GRID {
                visit(i + GRID);
            }
        }
    }

    let mut placed: Vec<((f32, f32), f32)> = Vec::new();
    let mut out = Layout { slots: vec![(0.5, 0.5); kind.features.len()], symbols: Vec::new() };

    // Fixed things first: the market hut, then shells along the bridges.
    if kind.market {
        placed.push(((0.5, 0.47), R_HUT));
        out.symbols.push(((0.5, 0.47), Symbol::Market));
    }
    for (k, &fi) in bridge_features.iter().enumerate() {
        let n = kind.features[fi].symbols as usize;
        let b = g.bridges[k];
        let stop = if g.junction {
            JUNCTION_R + 0.05
        } else if g.market {
            ISLET_R + 0.02
        } else {
            0.2
        };
        for j in 0..n {
            let t = (j as f32 + 1.0) / (n as f32 + 1.0);
            let p = b.point(t, stop);
            placed.push((p, R_SHELL));
            out.symbols.push((p, Symbol::Shell));
        }
    }

    // Where each feature's things may go.
    let region = |fi: usize| -> Vec<bool> {
        let f = &kind.features[fi];
        cells
            .iter()
            .enumerate()
            .map(|(i, c)| match f.kind {
                FeatureKind::Island => island_features.iter().position(|&x| x == fi).is_some_and(|k| *c == Cell::Island(k as u8)),
                FeatureKind::Sea => *c == Cell::Sea(fi as u8),
                // The merchant stands beside the stall, at the edge of the market's islet.
                FeatureKind::Market => {
                    let r = ((centre(i) - 0.5).powi(2) + (centre_v(i) - 0.5).powi(2)).sqrt();
                    (ISLET_R + 0.02..ISLET_R + 0.2).contains(&r) && !matches!(c, Cell::Bridge(_) | Cell::Stone)
                }
                FeatureKind::Bridge => {
                    let k = bridge_features.iter().position(|&x| x == fi).expect("a bridge feature");
                    let near = g.bridges[k].dist(centre(i), centre_v(i)) < 0.09;
                    near && matches!(c, Cell::Bridge(_) | Cell::Sea(_) | Cell::Water | Cell::Island(_))
                }
            })
            .collect()
    };
    let regions: Vec<Vec<bool>> = (0..kind.features.len()).map(region).collect();
    let clearances: Vec<Vec<f32>> = regions.iter().map(|r| clearance(r)).collect();

    let put = |fi: usize, r: f32, placed: &mut Vec<((f32, f32), f32)>| -> (f32, f32) {
        let p = best_spot(&regions[fi], &clearances[fi], r, placed).unwrap_or_else(|| fallback(kind, fi));
        placed.push((p, r));
        p
    };
    // Symbols near the middle of their feature, then the islanders beside them; a banana
    // picker on an island that covers the tile's centre stands there.
    let mut pending_islands = Vec::new();
    for (k, &fi) in island_features.iter().enumerate() {
        if g.islands[k].sdf(0.5, 0.5) < -0.12 {
            // An island over the tile's centre: its banana picker stands right there.
            placed.push(((0.5, 0.5), R_ISLANDER));
            out.slots[fi] = (0.5, 0.5);
        } else {
            pending_islands.push(fi);
        }
    }
    for fi in 0..kind.features.len() {
        if kind.features[fi].boat {
            let p = put(fi, R_BOAT, &mut placed);
            out.symbols.push((p, Symbol::Boat));
        }
    }
    for (fi, group, count) in kind.fish_groups() {
        let r = if count >= 2 { R_FISH2 } else { R_FISH1 };
        let p = put(fi as usize, r, &mut placed);
        out.symbols.push((p, Symbol::Fish { count, group }));
    }
    for &fi in &island_features {
        for _ in 0..kind.features[fi].symbols {
            let p = put(fi, R_BANANA, &mut placed);
            out.symbols.push((p, Symbol::Banana));
        }
    }
    // A tile holds at most one islander (it is placed on the tile just laid), so the slots
    // keep clear of the symbols but not of each other.
    for fi in pending_islands {
        out.slots[fi] = inside(put(fi, R_ISLANDER, &mut placed.clone()));
    }
    for order in [FeatureKind::Bridge, FeatureKind::Market, FeatureKind::Sea] {
        for fi in 0..kind.features.len() {
            if kind.features[fi].kind == order {
                out.slots[fi] = inside(put(fi, R_ISLANDER, &mut placed.clone()));
            }
        }
    }
    out
}

/// Keeps a figure on its own tile (a figure is about 0.37 tile tall, or long lying down).
fn inside((u, v): (f32, f32)) -> (f32, f32) {
    (u.clamp(0.2, 0.8), v.clamp(0.2, 0.8))
}

/// The grid cells along the border where port `p` lies.
fn port_cells(p: Port) -> Vec<usize> {
    let third = p.third() as usize;
    // Positions along the edge, clockwise from the edge's start corner.
    let range: Vec<usize> = (0..GRID).filter(|&k| k * 3 / GRID == third).collect();
    let last = GRID - 1;
    range
        .into_iter()
        .map(|k| match p.dir().index() {
            0 => k,                        // N: west to east
            1 => k * GRID + last,          // E: north to south
            2 => last * GRID + (last - k), // S: east to west
            _ => (last - k) * GRID,        // W: south to north
        })
        .collect()
}

/// Distance (tile units) from each cell centre to the nearest cell outside `region` (or to the
/// tile's border), by a two-pass chamfer transform.
fn clearance(region: &[bool]) -> Vec<f32> {
    let cell = 1.0 / GRID as f32;
    let big = 10.0;
    let mut d: Vec<f32> = region.iter().map(|&r| if r { big } else { 0.0 }).collect();
    let (a, b) = (cell, cell * std::f32::consts::SQRT_2);
    let idx = |x: usize, y: usize| y * GRID + x;
    for y in 0..GRID {
        for x in 0..GRID {
            let i = idx(x, y);
            if d[i] == 0.0 {
                continue;
            }
            // The border counts as outside, half a cell away.
            let mut m = d[i].min((x.min(y) as f32 + 0.5) * cell);
            if x > 0 {
                m = m.min(d[idx(x - 1, y)] + a);
            }
            if y > 0 {
                m = m.min(d[idx(x, y - 1)] + a);
                if x > 0 {
                    m = m.min(d[idx(x - 1, y - 1)] + b);
                }
                if x + 1 < GRID {
                    m = m.min(d[idx(x + 1, y - 1)] + b);
                }
            }
            d[i] = m;
        }
    }
    for y in (0..GRID).rev() {
        for x in (0..GRID).rev() {
            let i = idx(x, y);
            if d[i] == 0.0 {
                continue;
            }
            let mut m = d[i].min(((GRID - 1 - x).min(GRID - 1 - y) as f32 + 0.5) * cell);
            if x + 1 < GRID {
                m = m.min(d[idx(x + 1, y)] + a);
            }
            if y + 1 < GRID {
                m = m.min(d[idx(x, y + 1)] + a);
                if x + 1 < GRID {
                    m = m.min(d[idx(x + 1, y + 1)] + b);
                }
                if x > 0 {
                    m = m.min(d[idx(x - 1, y + 1)] + b);
                }
            }
            d[i] = m;
        }
    }
    d
}

/// The cell of `region` where a thing of radius `r` is furthest (relative to its size) from
/// the region's border and from everything placed; the first such cell in reading order.
fn best_spot(region: &[bool], clear: &[f32], r: f32, placed: &[((f32, f32), f32)]) -> Option<(f32, f32)> {
    let cell = 1.0 / GRID as f32;
    let mut best: Option<(f32, (f32, f32))> = None;
    for (i, &inside) in region.iter().enumerate() {
        if !inside {
            continue;
        }
        let p = (((i % GRID) as f32 + 0.5) * cell, ((i / GRID) as f32 + 0.5) * cell);
        let mut score = clear[i] / r;
        for &((x, y), pr) in placed {
            let d = ((p.0 - x).powi(2) + (p.1 - y).powi(2)).sqrt();
            score = score.min(d / (r + pr));
        }
        // Beyond comfortable room, prefer the middle of the tile.
        let score = score.min(1.25) - 0.05 * ((p.0 - 0.5).powi(2) + (p.1 - 0.5).powi(2)).sqrt();
        if best.is_none_or(|(s, _)| score > s + 1e-6) {
            best = Some((score, p));
        }
    }
    best.map(|(_, p)| p)
}

/// Where to put something of a feature that got no cells (should not happen with sane data).
fn fallback(kind: &TileKind, fi: usize) -> (f32, f32) {
    let f = &kind.features[fi];
    let (mut x, mut y, mut n) = (0.0, 0.0, 0.0);
    for p in 0..12u8 {
        if f.ports & (1 << p) != 0 {
            let port = Port(p);
            let along = (port.third() as f32 + 0.5) / 3.0;
            let (px, py) = match port.dir().index() {
                0 => (along, 0.15),
                1 => (0.85, along),
                2 => (1.0 - along, 0.85),
                _ => (0.15, 1.0 - along),
            };
            x += px;
            y += py;
            n += 1.0;
        }
    }
    if n == 0.0 { (0.5, 0.5) } else { (x / n, y / n) }
}

/// A canonical point after turning the tile `quarter_turns` clockwise.
pub fn rotate_point(p: (f32, f32), quarter_turns: u8) -> (f32, f32) {
    let mut p = p;
    for _ in 0..quarter_turns % 4 {
        p = (1.0 - p.1, p.0);
    }
    p
}
