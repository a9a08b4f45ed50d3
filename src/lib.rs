//! The South Seas bot: everything around the rules engine (`southseas-engine`).
//!
//! Dependency direction: engine ← (render, store) ← service ← discord ← main.
//! See ARCHITECTURE.md for the code map.

pub mod backup;
pub mod bench;
pub mod config;
pub mod demo;
pub mod discord;
pub mod render;
pub mod script;
pub mod seafarers;
pub mod service;
pub mod sim;
pub mod store;
pub mod tiles;

/// The board images a reply carries: the board, and the drawn tile in its four rotations.
pub fn images() -> service::ImageMaker {
    std::sync::Arc::new(|game, names, since_turn| {
        let view = render::BoardView { names: names.0.clone(), since_turn, show_spots: true };
        let mut images = vec![service::Image { name: "board.png".into(), png: render::board_png(game, &view) }];
        if let Some(png) = render::drawn_tile_png(game) {
            images.push(service::Image { name: "tile.png".into(), png });
        }
        images
    })
}
