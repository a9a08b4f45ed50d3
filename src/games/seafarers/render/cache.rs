//! A process-wide cache of boards' ground: the hexes (terrain, sides, gold rings, fog), number
//! tokens and harbours of one frame, everything drawn before the first piece (on a turn whose
//! spots lift the tokens, the robber's or the pirate's, the tokens are drawn over it, so that
//! turn reuses the frame's ground too). It is a pure function of its key (the frame, every
//! hex's terrain and number, the harbours, whether the tokens are in it), so a board drawn on a cached ground is byte for byte the board drawn afresh
//! (`tests.rs`): caching changes the cost of a picture, never the picture. The ground changes
//! only when a hex is discovered, a harbour placed or the view moves, so most pictures of a
//! game reuse it: the turn messages between two builds, every `/board`. The cache is bounded;
//! past the bound it starts over.

use super::Spot;
use super::board::{self, Frame};
use crate::i18n::Locale;
use image::RgbImage;
use seafarers_engine::{Edge, Game, Harbour, Hex, Terrain};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Memory the cache may hold before it is emptied (bytes of pixels): a dozen full boards,
/// several dozen phone views.
const BUDGET: usize = 64 << 20;

/// What a board's ground depends on, and nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    /// The frame: its box and scales as bits (the same floats draw the same pixels), its size.
    frame: [u32; 6],
    /// Every hex of the map: its terrain (none while undiscovered) and number.
    hexes: Vec<(Hex, Option<Terrain>, Option<u8>)>,
    harbours: Vec<(Edge, Harbour)>,
    /// Whether the tokens are in it: not when a spot lifts them (`board::lifts_tokens`).
    tokens: bool,
    /// The language of the harbours' words.
    lang: Locale,
}

impl Key {
    fn of(game: &Game, f: &Frame, spots: &[Spot], lang: Locale) -> Key {
        Key {
            frame: [f.x0.to_bits(), f.y0.to_bits(), f.s.to_bits(), f.u.to_bits(), f.w, f.h],
            hexes: game.hexes().into_iter().map(|h| (h.hex, h.terrain, h.number)).collect(),
            harbours: game.harbours(),
            tokens: !board::lifts_tokens(spots),
            lang,
        }
    }
}

#[derive(Default)]
struct Cache {
    grounds: HashMap<Key, Arc<RgbImage>>,
    bytes: usize,
}

fn lock() -> std::sync::MutexGuard<'static, Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    // A panic while holding the lock leaves only complete entries behind: keep using it.
    CACHE.get_or_init(|| Mutex::new(Cache::default())).lock().unwrap_or_else(|e| e.into_inner())
}

/// The ground of `game`'s board in `frame` (`frame.w`×`frame.h` px), with the tokens that
/// `spots` lift moved.
pub fn ground(game: &Game, frame: &Frame, spots: &[Spot], lang: Locale) -> Arc<RgbImage> {
    let key = Key::of(game, frame, spots, lang);
    if let Some(img) = lock().grounds.get(&key) {
        return Arc::clone(img);
    }
    // Drawn outside the lock: two threads may both draw a missing ground, never wait on one.
    let mut img = RgbImage::new(frame.w, frame.h);
    board::draw_ground(&mut img, 0, game, frame, spots, lang);
    let img = Arc::new(img);
    let mut c = lock();
    c.bytes += img.as_raw().len();
    if c.bytes > BUDGET {
        *c = Cache { bytes: img.as_raw().len(), ..Cache::default() };
    }
    c.grounds.insert(key, Arc::clone(&img));
    img
}

/// Empties the cache (for benchmarks of a first picture, and tests that check that caching
/// never changes a picture).
pub fn clear() {
    *lock() = Cache::default();
}
