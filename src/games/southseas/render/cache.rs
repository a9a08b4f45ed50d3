//! A process-wide cache of what every board reuses: tile bases per (shapes, size, rotation),
//! tile layouts per tile kind, and icons per (icon, size). All of them are pure functions of
//! their key, so a cached picture is byte for byte the one drawn afresh: caching changes the
//! cost of a render, never its output. The cache is bounded; past the bound it starts over.

use super::sprites;
use super::tile::{self, Layout, Shapes};
use image::{RgbImage, RgbaImage};
use southseas_engine::{FeatureKind, TileKind};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Memory the cache may hold before it is emptied (bytes of pixels).
const BUDGET: usize = 96 << 20;

/// An icon that is drawn many times.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Icon {
    Banana,
    Shell,
    Fish1,
    Fish2,
    Boat,
    Token,
    Hut,
    Ship,
    Figure { colour: [u8; 3], letter: String, lying: bool },
}

/// What a tile layout depends on: the tile's features and centre pieces.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LayoutKey {
    features: Vec<(FeatureKind, u16, u16, Vec<u8>, bool)>,
    junction: bool,
    market: bool,
}

impl LayoutKey {
    fn of(kind: &TileKind) -> LayoutKey {
        LayoutKey {
            features: kind.features.iter().map(|f| (f.kind, f.ports, f.symbols, f.fish.clone(), f.boat)).collect(),
            junction: kind.junction,
            market: kind.market,
        }
    }
}

#[derive(Default)]
struct Cache {
    bases: HashMap<(Shapes, u32, u8), Arc<RgbImage>>,
    layouts: HashMap<LayoutKey, Arc<Layout>>,
    icons: HashMap<(Icon, u32), Arc<RgbaImage>>,
    bytes: usize,
}

impl Cache {
    fn charge(&mut self, bytes: usize) {
        self.bytes += bytes;
        if self.bytes > BUDGET {
            *self = Cache::default();
            self.bytes = bytes;
        }
    }
}

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Cache::default()))
}

fn lock() -> std::sync::MutexGuard<'static, Cache> {
    // A panic while holding the lock leaves only complete entries behind: keep using it.
    cache().lock().unwrap_or_else(|e| e.into_inner())
}

/// The base image of tile shapes `shapes`, `size` pixels, turned `quarter_turns` clockwise.
pub fn base(shapes: &Shapes, size: u32, quarter_turns: u8) -> Arc<RgbImage> {
    let key = (shapes.clone(), size, quarter_turns % 4);
    if let Some(img) = lock().bases.get(&key) {
        return Arc::clone(img);
    }
    let img = if quarter_turns.is_multiple_of(4) {
        tile::render_base(shapes, size)
    } else {
        let canonical = base(shapes, size, 0);
        match quarter_turns % 4 {
            1 => image::imageops::rotate90(&*canonical),
            2 => image::imageops::rotate180(&*canonical),
            _ => image::imageops::rotate270(&*canonical),
        }
    };
    let img = Arc::new(img);
    let mut c = lock();
    c.charge(img.as_raw().len());
    c.bases.insert(key, Arc::clone(&img));
    img
}

/// Where the symbols and islanders of a tile kind go.
pub fn layout(kind: &TileKind) -> Arc<Layout> {
    let key = LayoutKey::of(kind);
    if let Some(l) = lock().layouts.get(&key) {
        return Arc::clone(l);
    }
    let l = Arc::new(tile::layout(kind));
    let mut c = lock();
    c.charge(256);
    c.layouts.insert(key, Arc::clone(&l));
    l
}

/// An icon sprite. `size` is in pixels (for figures, the height); the sprite is square with the
/// drawing centred in it.
pub fn icon(icon: &Icon, size: f32) -> Arc<RgbaImage> {
    // Drawn at the size the key names (quarter pixels): two sizes that share a key must give
    // the same picture, or the bytes of a render would depend on which was drawn first.
    let size = (size * 4.0).round() / 4.0;
    let key = (icon.clone(), (size * 4.0) as u32);
    if let Some(img) = lock().icons.get(&key) {
        return Arc::clone(img);
    }
    let side = (((size * 1.5 + 4.0).ceil() as u32) + 1) & !1;
    let img = Arc::new(crate::draw::sprite(side, side, |s, cx, cy| match icon {
        Icon::Banana => sprites::draw_banana(s, cx, cy, size),
        Icon::Shell => sprites::draw_shell(s, cx, cy, size),
        Icon::Fish1 => sprites::draw_fish_group(s, cx, cy, size, 1),
        Icon::Fish2 => sprites::draw_fish_group(s, cx, cy, size, 2),
        Icon::Boat => sprites::draw_boat(s, cx, cy, size),
        Icon::Token => sprites::draw_token(s, cx, cy, size),
        Icon::Hut => sprites::draw_hut(s, cx, cy, size),
        Icon::Ship => sprites::draw_ship(s, cx, cy, size),
        Icon::Figure { colour, letter, lying } => sprites::draw_figure(s, cx, cy, size, *colour, letter, *lying),
    }));
    let mut c = lock();
    c.charge(img.as_raw().len());
    c.icons.insert(key, Arc::clone(&img));
    img
}

/// Blits a cached icon centred on (cx, cy).
pub fn draw_icon<S: crate::draw::Surface>(s: &mut S, which: &Icon, size: f32, cx: f32, cy: f32) {
    let img = icon(which, size);
    let (w, h) = img.dimensions();
    crate::draw::blit_rgba(s, &img, (cx - w as f32 / 2.0).round() as i32, (cy - h as f32 / 2.0).round() as i32);
}

/// Empties the cache (for benchmarks of a first render, and for tests that check that caching
/// never changes a picture).
pub fn clear() {
    *lock() = Cache::default();
}
