//! The tiles still to come (`/tiles`): every kind left in the stack, drawn as it looks, with how
//! many of it are left, the way the licensed online version shows its stack. Made for a phone:
//! 800 px wide, six tiles to a row, so at the 400 px a phone gives it each tile is 54 px and a
//! count is as tall as a line of text. Most kinds are single tiles, so only counts above one are
//! marked, on the tile's corner, which keeps the picture short.

use super::board::Art;
use super::palette as pal;
use super::phone::PHONE_W;
use crate::draw::{self, rect, rect_outline};
use image::RgbImage;
use southseas_engine::Game;

const COLUMNS: u32 = 6;
const TILE: u32 = 108;
const GAP: u32 = 16;
const MARGIN: u32 = 24;
const HEADER_H: u32 = 100;
/// Text sizes at full size; half of each at 400 px.
const TITLE: f32 = 36.0;
const SUBTITLE: f32 = 25.0;
const COUNT: f32 = 34.0;

/// The picture, or None when the stack is empty.
pub fn remaining_tiles_image(game: &Game) -> Option<RgbImage> {
    let mut kinds = game.remaining_tiles();
    if kinds.is_empty() {
        return None;
    }
    // Most plentiful first: what is likely to come next reads first. Data order breaks ties, so
    // the same stack always gives the same picture.
    kinds.sort_by_key(|&(tile, n)| (std::cmp::Reverse(n), tile.0));
    let fonts = draw::fonts();
    let cell_w = (PHONE_W - 2 * MARGIN) / COLUMNS;
    let cell_h = TILE + GAP;
    let rows = (kinds.len() as u32).div_ceil(COLUMNS);
    let (w, h) = (PHONE_W, HEADER_H + rows * cell_h + MARGIN);
    let mut img = draw::solid(w, h, pal::PANEL);
    let left = game.stack_size();
    let title = format!("{} still to come", crate::common::reply::count(left, "tile"));
    draw::text(&mut img, &fonts.bold, TITLE, MARGIN as f32, 14.0, pal::INK, &title);
    let several = kinds.iter().any(|&(_, n)| n > 1);
    let mut subtitle = if several { "A number marks a kind with more than one left".to_string() } else { "One of each".to_string() };
    match game.discarded().len() {
        0 => {}
        1 => subtitle.push_str(" · 1 discarded"),
        d => subtitle.push_str(&format!(" · {d} discarded")),
    }
    draw::text(&mut img, &fonts.regular, SUBTITLE, MARGIN as f32, 58.0, pal::INK_SOFT, &subtitle);
    let art = Art::new(TILE);
    for (i, &(tile, n)) in kinds.iter().enumerate() {
        let (col, row) = (i as u32 % COLUMNS, i as u32 / COLUMNS);
        let x = MARGIN + col * cell_w + (cell_w - TILE) / 2;
        let y = HEADER_H + row * cell_h;
        art.draw_tile(&mut img, game.tiles().get(tile), 0, x as i32, y as i32, 0);
        rect_outline(&mut img, (x as f32, y as f32, TILE as f32, TILE as f32), 0.0, 1.5, pal::INK, 0.6);
        if n > 1 {
            // On a white disc over the corner, so it reads on any tile.
            let (cx, cy) = ((x + TILE - 14) as f32, (y + TILE - 14) as f32);
            draw::fill(&mut img, (cx - 24.0, cy - 24.0, cx + 24.0, cy + 24.0), pal::WHITE, 1.0, |px, py| {
                draw::sd_circle(px, py, cx, cy, 21.0)
            });
            rect_outline(&mut img, (cx - 21.0, cy - 21.0, 42.0, 42.0), 21.0, 2.0, pal::INK, 1.0);
            draw::text_centered(&mut img, &fonts.bold, COUNT, cx, cy, pal::INK, &format!("{n}"));
        }
    }
    // A hairline between header and tiles.
    rect(&mut img, MARGIN as f32, (HEADER_H - 6) as f32, (w - 2 * MARGIN) as f32, 2.0, pal::GRID_LINE, 1.0);
    Some(img)
}

#[cfg(test)]
mod tests {
    use super::*;
    use southseas_engine::{Bot, Options, Strategy};

    #[test]
    fn every_kind_left_is_drawn_once_with_its_count() {
        let mut game = Game::new(Options::default(), 3, 11).unwrap();
        let full = remaining_tiles_image(&game).expect("a full stack");
        assert_eq!(full.width(), PHONE_W);
        let rows = (game.remaining_tiles().len() as u32).div_ceil(COLUMNS);
        assert_eq!(full.height(), HEADER_H + rows * (TILE + GAP) + MARGIN);
        let mut bot = Bot::new(Strategy::Random, 1);
        while let Some(action) = bot.choose(&game) {
            game.apply(&action).unwrap();
        }
        assert!(game.is_over());
        assert!(remaining_tiles_image(&game).is_none(), "no picture of an empty stack");
    }

    #[test]
    fn the_same_stack_gives_the_same_picture() {
        let game = Game::new(Options::default(), 2, 5).unwrap();
        assert_eq!(remaining_tiles_image(&game), remaining_tiles_image(&game.clone()));
    }
}
