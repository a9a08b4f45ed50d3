//! Pictures of a Catan: Seafarers board: the **phone view** ([`phone_png`]), the picture of a
//! turn message, made to be read at Discord's inline width on a phone (400 px); and the
//! **full board** ([`full_board_png`]) for `/board`. Both are the board above a panel of the
//! players (`panel.rs`).
//!
//! The phone view shows the part of the board that matters: every lettered spot of the turn
//! and the pieces around them, or the whole board when there are no spots or they are spread
//! out. It is [`PHONE_W`] px wide and its hexes never get so small that a number token, a spot
//! label or a piece's letter is under 12 px tall once the picture is scaled to 400 px
//! (`tests.rs` measures it).
//!
//! Every piece carries its player's colour (four Okabe–Ito colours that stay apart under the
//! three colour-vision deficiencies, `palette.rs`) and their letter ([`letters`]); a city is
//! also a different shape. Nothing hidden is drawn: the panel shows counts of cards, never
//! their kinds, and nothing of the development deck but what was played.
//!
//! Rendering reads the engine's public queries and returns PNG bytes; it does no I/O, and the
//! only state it keeps is caches that change what a picture costs, never its bytes (the same
//! game gives the same bytes): boards' ground by frame (`cache.rs`), sprites of what is
//! stamped many times (`sprites.rs`) and players' rows by what they show (`panel.rs`). The
//! phone view's pieces come in a few sizes (and roads in lengths of whole pixels), so that the
//! close-ups of a game, which follow its spots, share their sprites.
//!
//! ```
//! use southseas::games::seafarers::render::{BoardView, phone_png};
//! use seafarers_engine::{Game, Options, Ruleset};
//!
//! let scenario = Ruleset::CURRENT.scenario("new-shores").unwrap();
//! let game = Game::new(scenario, 3, 7, Options::default()).unwrap();
//! let png = phone_png(&game, &BoardView::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod board;
mod cache;
pub(crate) mod palette;
mod panel;
mod sprites;
mod view;

#[cfg(test)]
mod tests;

use crate::draw;
pub use crate::draw::encode_png;
use crate::i18n::Locale;
pub use board::Frame;
use image::RgbImage;
pub use panel::TITLE_H;
use seafarers_engine::Game;
pub use view::{MIN_PIECE_PX, Spot, SpotAt, colour_name, letters};

/// What to draw beside the game itself.
#[derive(Clone, Debug, Default)]
pub struct BoardView {
    /// Players' names by seat.
    pub names: Vec<String>,
    /// The legal spots of this turn, lettered (may be empty).
    pub spots: Vec<Spot>,
    /// A step with too many spots for one picture: its zones (`spots.rs`), each marked by its
    /// number and a dot on each of its spots, for the player to open one up close.
    pub zones: Vec<Vec<Spot>>,
    /// The language of the picture's words (the game's).
    pub language: Locale,
}

/// Width of the phone view: twice Discord's inline width on a phone.
pub const PHONE_W: u32 = 800;
/// Pixels per hex radius at which the phone view's pieces, tokens and labels reach their full
/// size; a closer view makes the hexes larger, not the letters.
pub const PIECE_PX: f32 = 60.0;
/// The closest view (pixels per hex radius): a hex at most 190 px wide of the 800.
const MAX_S: f32 = 110.0;
/// Tallest board area of the phone view.
const MAX_BOARD_H: f32 = 1000.0;
/// Smallest close-up, in board units (hex radii): about four hexes across, three rows down.
const MIN_CROP: (f32, f32) = (7.0, 6.0);
/// Pixels per hex radius of the full board, and its piece size: a picture to open, larger
/// than a phone's width, with room between the pieces.
pub const FULL_S: f32 = 76.0;
const FULL_U: f32 = 46.0;

/// The box of the board the phone view shows, and at what scale.
pub fn phone_frame(game: &Game, view: &BoardView) -> Frame {
    let map = board::map_bbox(game);
    let marked: Vec<Spot> = view.spots.iter().chain(view.zones.iter().flatten()).cloned().collect();
    let content = board::content_bbox(game, &marked);
    let crop = match board::bbox_of(view.spots.iter().map(|s| board::spot_point(s.at))) {
        None => content,
        Some(b) => {
            // The spots and a ring of hexes around them, at least MIN_CROP.
            let b = board::grown(b, 1.6);
            let (cx, cy) = ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0);
            let (hw, hh) = (((b.2 - b.0) / 2.0).max(MIN_CROP.0 / 2.0), ((b.3 - b.1) / 2.0).max(MIN_CROP.1 / 2.0));
            let b = board::intersect((cx - hw, cy - hh, cx + hw, cy + hh), map);
            let area = |b: board::Bbox| (b.2 - b.0) * (b.3 - b.1);
            // Spread out: as well show everything.
            if area(b) > 0.6 * area(content) { content } else { b }
        }
    };
    // Every badge whole in the picture: a badge keeps its pixels whatever the scale, so near
    // the border of a crowded view it may reach past it; then the crop takes in the badges
    // too, and they are placed again at the (slightly smaller) scale that gives.
    let (mut crop, mut map) = (crop, map);
    let mut frame = phone_frame_of(crop, map);
    for _ in 0..3 {
        let Some(b) = badges_bbox(game, &frame, view) else { break };
        let shown = (frame.x0, frame.y0, frame.x0 + frame.w as f32 / frame.s, frame.y0 + frame.h as f32 / frame.s);
        if b.0 >= shown.0 && b.1 >= shown.1 && b.2 <= shown.2 && b.3 <= shown.3 {
            break;
        }
        let union = |a: board::Bbox| (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3));
        (crop, map) = (union(crop), union(map));
        frame = phone_frame_of(crop, map);
    }
    frame
}

/// The box the spots' badges cover in `frame`, in board units.
fn badges_bbox(game: &Game, frame: &Frame, view: &BoardView) -> Option<board::Bbox> {
    let to_board = |(x, y): (f32, f32)| (frame.x0 + x / frame.s, frame.y0 + y / frame.s);
    board::bbox_of(board::badges(frame, &view.spots, &board::badge_keep_clear(game, frame, &view.spots, view.language)).iter().flat_map(
        |b| {
            let (x0, y0, x1, y1) = b.bbox();
            [to_board((x0, y0)), to_board((x1, y1))]
        },
    ))
}

/// The phone view of the box `crop` of a map whose intersections lie in `map`.
fn phone_frame_of(crop: board::Bbox, map: board::Bbox) -> Frame {
    let (w, h) = (crop.2 - crop.0, crop.3 - crop.1);
    let s = (PHONE_W as f32 / w).min(MAX_BOARD_H / h).min(MAX_S);
    // The full width of the picture, centred on the crop, kept on the map where it can be.
    let want = PHONE_W as f32 / s;
    let mut x0 = (crop.0 + crop.2) / 2.0 - want / 2.0;
    if want <= map.2 - map.0 {
        // (Not `clamp`: rounding may leave `map.2 - want` a hair below `map.0`.)
        x0 = x0.min(map.2 - want).max(map.0);
    }
    let frame = Frame::new((x0, crop.1, x0 + want, crop.3), s, piece_size(s));
    Frame { w: PHONE_W, ..frame }
}

/// The size of the pieces at `s` pixels per hex radius: `s` within [`MIN_PIECE_PX`] and
/// [`PIECE_PX`], rounded down to a step of [`PIECE_STEP`], so that the frames of a game share
/// a few piece sizes, and with them the sprites of their pieces and tokens.
fn piece_size(s: f32) -> f32 {
    let u = s.clamp(MIN_PIECE_PX, PIECE_PX);
    MIN_PIECE_PX + ((u - MIN_PIECE_PX) / PIECE_STEP).floor() * PIECE_STEP
}

/// The step between the phone view's piece sizes, in pixels.
const PIECE_STEP: f32 = 2.5;

/// The box of the whole board and its scale, for [`full_board_png`].
pub fn full_frame(game: &Game) -> Frame {
    let mut map = board::map_bbox(game);
    let min_w = PHONE_W as f32 / FULL_S;
    if map.2 - map.0 < min_w {
        let grow = (min_w - (map.2 - map.0)) / 2.0;
        map = (map.0 - grow, map.1, map.2 + grow, map.3);
    }
    Frame::new(map, FULL_S, FULL_U)
}

/// The board in `frame` above the panel; its ground from the cache, or drawn afresh (tests
/// compare the two).
fn image(game: &Game, view: &BoardView, frame: &Frame, cached: bool) -> RgbImage {
    image_in(game, view, frame, cached, Vec::new())
}

/// [`image`] drawn in the memory of `raw` (its contents do not matter): a picture drawn where
/// the last one was needs no fresh pages from the system, which cost about as much as drawing
/// the pieces (each fresh page is faulted in and zeroed).
fn image_in(game: &Game, view: &BoardView, frame: &Frame, cached: bool, mut raw: Vec<u8>) -> RgbImage {
    let letters = letters(&view.names_or_default(game.player_count()));
    let (top, h) = (TITLE_H, TITLE_H + frame.h + panel::height(game));
    let mut img = if cached {
        // The board area is its ground; the header and the panel paint every pixel of theirs.
        let ground = cache::ground(game, frame, &view.spots, view.language);
        raw.clear();
        raw.resize(frame.w as usize * top as usize * 3, 0);
        raw.extend_from_slice(ground.as_raw());
        raw.resize(frame.w as usize * h as usize * 3, 0);
        RgbImage::from_raw(frame.w, h, raw).expect("a buffer of the picture's size")
    } else {
        // Drawn at the top of a picture of its own, as the cache draws it (the same floats).
        let mut ground = draw::solid(frame.w, frame.h, palette::PANEL);
        board::draw_ground(&mut ground, 0, game, frame, &view.spots, view.language);
        let mut img = draw::solid(frame.w, h, palette::PANEL);
        image::imageops::replace(&mut img, &ground, 0, top as i64);
        img
    };
    // Over the ground, then the header and the panel (which cover whatever a piece drew past
    // the board).
    board::draw_pieces(&mut img, top, game, frame, &letters, &view.spots, view.language);
    board::draw_zones(&mut img, top, game, frame, &view.zones, view.language);
    panel::draw_header(&mut img, frame.w, game, &view.names, &letters, view.language, &mut panel::Fits::default());
    panel::draw(&mut img, top + frame.h, frame.w, game, &view.names, &letters, view.language, cached);
    img
}

impl BoardView {
    /// The names by seat, empty where none was given.
    fn names_or_default(&self, players: usize) -> Vec<String> {
        (0..players).map(|s| self.names.get(s).cloned().unwrap_or_default()).collect()
    }
}

/// What of the panel's words would not fit whole in the phone view of `game` (tests: every
/// language's words must fit).
#[cfg(test)]
fn panel_unfit(game: &Game, view: &BoardView) -> Vec<(&'static str, String)> {
    let frame = phone_frame(game, view);
    let letters = letters(&view.names_or_default(game.player_count()));
    let mut img = draw::solid(frame.w, TITLE_H + frame.h + panel::height(game), palette::PANEL);
    let mut fits = panel::Fits::default();
    panel::draw_header(&mut img, frame.w, game, &view.names, &letters, view.language, &mut fits);
    panel::draw_checked(&mut img, TITLE_H + frame.h, frame.w, game, &view.names, &letters, view.language, &mut fits, false);
    fits.unfit
}

/// The phone view, not yet encoded (for benchmarks and pixel tests).
pub fn phone_image(game: &Game, view: &BoardView) -> RgbImage {
    image(game, view, &phone_frame(game, view), true)
}

/// The full board, not yet encoded.
pub fn full_board_image(game: &Game, view: &BoardView) -> RgbImage {
    image(game, view, &full_frame(game), true)
}

/// The phone picture of a turn: the part of the board that matters (every spot in
/// `view.spots` and the pieces around them, or the whole board when no spots are given or
/// they are spread out), large enough that number tokens, harbours, pieces and spot labels are
/// readable at 400 px wide; plus a panel: each player's colour+letter, public points, card
/// count, development card count, knights, longest trade route / largest army holders, pieces
/// left; the dice of the last roll.
pub fn phone_png(game: &Game, view: &BoardView) -> Vec<u8> {
    png_of(game, view, &phone_frame(game, view))
}

/// The whole board (`/board`), same panel.
pub fn full_board_png(game: &Game, view: &BoardView) -> Vec<u8> {
    png_of(game, view, &full_frame(game))
}

/// The picture in `frame`, encoded; drawn in this thread's scratch memory, kept for its next
/// picture (the bot draws on a few blocking threads, so a few pictures' worth in all).
fn png_of(game: &Game, view: &BoardView, frame: &Frame) -> Vec<u8> {
    thread_local! {
        static SCRATCH: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let img = image_in(game, view, frame, true, SCRATCH.take());
    let png = encode_png(&img);
    SCRATCH.set(img.into_raw());
    png
}

/// Empties every process-wide cache of the pictures (boards' ground, `cache.rs`; sprites,
/// `sprites.rs`; players' rows, `panel.rs`): for benchmarks of a process's first picture.
pub fn clear_caches() {
    clear_frame_caches();
    sprites::clear();
}

/// Empties the caches of what a new frame on a new turn draws afresh: the board's ground and
/// the players' rows (the sprites stay, as in a bot that has drawn before): for benchmarks of
/// a picture on a new frame.
pub fn clear_frame_caches() {
    cache::clear();
    panel::clear();
}
