//! Carcassonne: South Seas' room: everything of the bot that names this game, around its rules
//! engine (`southseas-engine`): the board images, the narration, what players type into step
//! commands, and the game's slash commands.

pub mod commands;
pub mod render;
pub mod text;
pub mod typed;

use crate::service;

/// The images of a turn message: one picture, the phone view (`board.png`): the drawn tile in
/// its four turns, a close-up of the board around the last tile and the open spots, and the
/// scores, readable at Discord's inline width on a phone; or, for `/board`
/// ([`service::Picture::FullBoard`]), the whole board ([`render::full_board_png`]).
pub fn images() -> service::ImageMaker {
    std::sync::Arc::new(|game, names, since_turn, picture| {
        let view = render::BoardView { names: names.0.clone(), since_turn, show_spots: true };
        let png = match picture {
            service::Picture::Turn => render::phone_png(game, &view),
            service::Picture::FullBoard => render::full_board_png(game, &view),
        };
        vec![service::Image { name: "board.png".into(), png }]
    })
}
