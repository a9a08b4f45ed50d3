//! Board images: the PNG players look at after every turn, and the drawn tile in its four
//! rotations.
//!
//! Two layouts: the **phone view** ([`phone_png`], `phone.rs`), the picture of a turn message,
//! made to be read at Discord's inline width on a phone (a header, the drawn tile large, a
//! close-up of the board around the last tile and the open spots, a score row per player); and
//! the **full board** ([`board_png`], also named [`full_board_png`]), every tile with a side
//! panel of cards, for `/board` and for anyone who opens the image.
//!
//! Rendering takes an engine state and returns PNG bytes; it does no I/O. Tiles are drawn from
//! their data (the ruleset's `tiles.toml`): islands, bridges, the junction stone and the market islet
//! are signed-distance shapes rasterised once per (shapes, size, rotation); symbols and
//! islanders are placed by a small layout pass per tile kind; both are kept in a process-wide
//! cache (`cache.rs`) with the icons and glyphs, so a board is mostly blits and costs less
//! than its PNG encoding. The cache never changes a picture: the same state always gives the
//! same bytes.
//!
//! Code map: `tile.rs` (shapes, base raster, layout), `sprites.rs` (icons and figures),
//! `board.rs` (frame, tiles, islanders, highlights, spots, coordinates), `panel.rs` (the side
//! panel and the drawn-tile image), `phone.rs` (the phone view), `stack.rs` (`/tiles`),
//! `palette.rs` (its colours), `view.rs` (what they all read: `BoardView`, `Players`),
//! `cache.rs`. Shapes, text in any script, fonts and PNG encoding are the drawing kit every
//! game shares, [`crate::draw`]. `southseas render` is `src/cli/render.rs`.
//!
//! ```
//! use southseas::games::southseas::render::{BoardView, board_png};
//! use southseas_engine::{Game, Options};
//!
//! let game = Game::new(Options::default(), 3, 7).unwrap();
//! let png = board_png(&game, &BoardView::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod board;
mod cache;
pub(crate) mod palette;
mod panel;
mod phone;
mod sprites;
mod stack;
mod tile;
mod view;

#[cfg(test)]
mod tests;

use crate::draw;
pub use board::{Frame, MAX_BOARD_PX, MAX_TILE_PX, MIN_TILE_PX, TILE_PX};
use image::RgbImage;
pub use phone::{PHONE_MIN_SPOT_LETTER, PHONE_MIN_TEXT, PHONE_TILE, PHONE_W, PhonePlan};
use southseas_engine::Game;
pub use view::{BoardView, PANEL_W, Players, rotation_spots};

// The kit's PNG encoding, where the tools and benchmarks that encode a board look for it.
pub use crate::draw::encode_png;

/// Where everything goes: the board's frame, and the panel's cards and their places.
struct Plan {
    frame: Frame,
    cards: Vec<RgbImage>,
    /// Top-left of each card.
    places: Vec<(u32, u32)>,
    size: (u32, u32),
}

const GAP: u32 = 16;

fn plan(game: &Game, players: &Players) -> Plan {
    let cards = panel::cards(game, players);
    let mut frame = Frame::for_game(game);
    let (bw, bh) = frame.size();
    // The panel goes beside a tall or square board, below a wide one.
    let below = bw > bh * 5 / 4 && bw >= 2 * PANEL_W + GAP;
    let columns = if below { ((bw + GAP) / (PANEL_W + GAP)).max(1) } else { 1 };
    let panel_w = columns * PANEL_W + (columns - 1) * GAP;
    let (panel_h, offsets) = panel::flow(&cards, columns, GAP);
    if !below {
        frame = frame.grown_to(panel_h + 2 * GAP);
    }
    let (bw, bh) = frame.size();
    let (size, (px, py)) = if below {
        ((bw.max(panel_w + 2 * GAP), bh + panel_h + 2 * GAP), (GAP, bh + GAP))
    } else {
        ((bw + panel_w + 2 * GAP, bh.max(panel_h + 2 * GAP)), (bw + GAP, GAP))
    };
    let places = offsets.into_iter().map(|(x, y)| (px + x, py + y)).collect();
    Plan { frame, cards, places, size }
}

/// The board image, not yet encoded (for benchmarks and pixel tests).
pub fn board_image(game: &Game, view: &BoardView) -> RgbImage {
    let players = Players::new(game, &view.names).speaking(view.locale);
    let plan = plan(game, &players);
    let mut img = draw::solid(plan.size.0, plan.size.1, palette::PANEL);
    board::draw_board(&mut img, game, view, &players, &plan.frame, &board::Art::new(plan.frame.tile), board::Style::Full);
    // The figures the player to act may take back, numbered as on their buttons and on the
    // turn picture (where the spots are shown: what the player to act chooses from).
    if view.show_spots {
        board::number_figures(&mut img, game, std::slice::from_ref(&plan.frame));
    }
    for (card, &(x, y)) in plan.cards.iter().zip(&plan.places) {
        draw::blit_rgb(&mut img, card, x as i32, y as i32);
    }
    img
}

/// The full board as PNG bytes: every tile, with the side panel (status, players, ships on
/// display, legend). Large (up to about 2500 px a side): for `/board`, not for a phone's inline
/// view.
pub fn board_png(game: &Game, view: &BoardView) -> Vec<u8> {
    encode_png(&board_image(game, view))
}

/// The full board on demand (what the `/board` lookup shows): the same picture as
/// [`board_png`], named for the callers that choose between the two layouts.
pub fn full_board_png(game: &Game, view: &BoardView) -> Vec<u8> {
    board_png(game, view)
}

/// The phone view, not yet encoded (for benchmarks and pixel tests): [`PHONE_W`] px wide, the
/// drawn tile in it (so a turn message needs no separate tile image).
pub fn phone_image(game: &Game, view: &BoardView) -> RgbImage {
    phone::image(game, view)
}

/// The phone view as PNG bytes: the picture of a turn message.
pub fn phone_png(game: &Game, view: &BoardView) -> Vec<u8> {
    encode_png(&phone_image(game, view))
}

/// Where the parts of [`phone_image`]'s picture are (for tests and tools).
pub fn phone_plan(game: &Game) -> PhonePlan {
    phone::plan(game)
}

/// Where the board sits in [`board_image`]'s picture (for tests and tools).
pub fn board_frame(game: &Game, view: &BoardView) -> Frame {
    plan(game, &Players::new(game, &view.names).speaking(view.locale)).frame
}

/// The drawn tile in its four rotations, labelled, with the rotations that fit nowhere marked;
/// `None` when no tile waits to be placed.
pub fn drawn_tile_image(game: &Game) -> Option<RgbImage> {
    let tile = game.drawn_tile()?;
    Some(panel::drawn_tile_strip(game, tile))
}

/// The tiles still to come, each kind with its count (`/tiles`); `None` when the stack is empty.
pub fn remaining_tiles_image(game: &Game) -> Option<RgbImage> {
    stack::remaining_tiles_image(game)
}

pub fn remaining_tiles_png(game: &Game) -> Option<Vec<u8>> {
    remaining_tiles_image(game).map(|img| encode_png(&img))
}

pub fn drawn_tile_png(game: &Game) -> Option<Vec<u8>> {
    drawn_tile_image(game).map(|img| encode_png(&img))
}

/// Forgets the cached tile pictures, layouts and icons: the next render draws them afresh
/// (the output is the same either way; benchmarks use this to measure a first render).
pub fn clear_caches() {
    cache::clear();
}
