//! Carcassonne: South Seas' room: everything of the bot that names this game, around its rules
//! engine (`southseas-engine`): its steps through the service, what the bot says about them, the
//! board images, the narration, what players type into step commands, and its slash commands.

pub mod choices;
pub mod codes;
pub mod commands;
pub mod computer;
mod deal;
pub(crate) mod recap;
pub mod render;
pub mod replies;
pub mod rules;
pub mod text;
pub mod typed;

pub use rules::SouthSeas;

use crate::common::{self as service, Table};
use crate::games::Drawing;
use crate::games::contract::Rules;
use crate::i18n::Locale;
use crate::store::OnTimeout;
use southseas_engine::{Game, RetrieveRule};
use std::sync::Arc;
use text::Names;

/// Options for a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOptions {
    pub retrieve: RetrieveRule,
    pub min_players: usize,
    pub max_players: usize,
    /// Fixed seed (tests, demo); None draws one.
    pub seed: Option<u64>,
    /// How long each player has for a turn, in seconds (0: no limit).
    pub turn_limit_secs: i64,
    /// What happens when it runs out.
    pub on_timeout: OnTimeout,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            retrieve: RetrieveRule::EmptySupply,
            min_players: *SouthSeas::PLAYERS.start(),
            max_players: *SouthSeas::PLAYERS.end(),
            seed: None,
            turn_limit_secs: crate::games::DEFAULT_TURN_LIMIT_SECS,
            on_timeout: OnTimeout::PlayTurn,
        }
    }
}

/// Makes the images of a reply (board, drawn tile), their words in a language (the game's).
/// Kept behind a function so the service does not depend on how pictures are drawn, and tests
/// can skip them.
pub type ImageMaker = Arc<dyn Fn(&Game, &Names, Option<u32>, service::Picture, Locale) -> Vec<service::Image> + Send + Sync>;

/// The images of a turn message: one picture, the phone view (`board.png`): the drawn tile in
/// its four turns, a close-up of the board around the last tile and the open spots, and the
/// scores, readable at Discord's inline width on a phone; or, for `/board`
/// ([`service::Picture::FullBoard`]), the whole board ([`render::full_board_png`]).
pub fn images() -> ImageMaker {
    std::sync::Arc::new(|game, names, since_turn, picture, locale| {
        let view = render::BoardView { names: names.0.clone(), since_turn, show_spots: true, locale };
        let png = match picture {
            service::Picture::Turn | service::Picture::Zone(_) => render::phone_png(game, &view),
            service::Picture::FullBoard => render::full_board_png(game, &view),
            service::Picture::Frame => render::board_png(game, &render::BoardView { show_spots: false, ..view }),
        };
        vec![service::Image { name: "board.png".into(), png }]
    })
}

/// A reply's picture of a game, highlighting the tiles placed since the acting player's
/// previous turn.
pub(crate) fn drawing(make: &ImageMaker, game: &Game, table: &Table, picture: service::Picture) -> Drawing {
    let (make, game, names, locale) = (Arc::clone(make), game.clone(), replies::names(table), table.record.language);
    let since = game.turn().checked_sub(table.seats.len() as u32);
    Box::new(move || make(&game, &names, since, picture, locale))
}
