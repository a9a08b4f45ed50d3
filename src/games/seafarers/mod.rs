//! Catan: Seafarers' room: everything of the bot that names this game, around its rules engine
//! (`seafarers-engine`): its steps through the host's contract, the spots of a turn lettered
//! for players, what the bot says about the game, the hex board's pictures, the computer
//! players, and its slash command.

pub mod codes;
pub mod commands;
pub mod computer;
mod deal;
pub mod options;
pub(crate) mod recap;
pub mod render;
pub mod replies;
pub mod rules;
pub mod seats;
pub mod spots;
pub mod text;
pub mod typed;

pub use rules::Seafarers;

use crate::common::{self as service, Table};
use crate::games::Drawing;
use crate::store::OnTimeout;
use seafarers_engine::Game;
use std::sync::Arc;

/// Options for a new Seafarers game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeafarersOptions {
    /// The scenario's id (`base`, `new-shores`, ...).
    pub scenario: String,
    /// The optional pirate variant.
    pub pirate: bool,
    /// None: the scenario's own limits.
    pub min_players: Option<usize>,
    pub max_players: Option<usize>,
    /// Fixed seed (tests, demo); None draws one.
    pub seed: Option<u64>,
    /// How long each player has for a turn, in seconds (0: no limit).
    pub turn_limit_secs: i64,
    pub on_timeout: OnTimeout,
}

impl Default for SeafarersOptions {
    fn default() -> Self {
        SeafarersOptions {
            scenario: "new-shores".into(),
            pirate: false,
            min_players: None,
            max_players: None,
            seed: None,
            turn_limit_secs: crate::games::DEFAULT_TURN_LIMIT_SECS,
            on_timeout: OnTimeout::PlayTurn,
        }
    }
}

/// Makes a reply's picture of a Seafarers game. Kept behind a function so the service does
/// not depend on how pictures are drawn, and tests can skip them.
pub type ImageMaker = Arc<dyn Fn(&Game, &render::BoardView, service::Picture) -> Vec<service::Image> + Send + Sync>;

/// The pictures of a Seafarers reply: the phone view of the turn (`board.png`) with the spots
/// of the player to act lettered, or the whole board for `/board`.
pub fn images() -> ImageMaker {
    Arc::new(|game, view, picture| {
        let png = match picture {
            service::Picture::Turn | service::Picture::Zone(_) => render::phone_png(game, view),
            service::Picture::FullBoard | service::Picture::Frame => render::full_board_png(game, view),
        };
        vec![service::Image { name: "board.png".into(), png }]
    })
}

/// A reply's picture of a game: the spots of whoever acts are lettered as its buttons say.
pub(crate) fn drawing(make: &ImageMaker, game: &Game, table: &Table, picture: service::Picture) -> Drawing {
    let view = view_of(game, replies::names(table), table.record.language, picture);
    let (make, game) = (Arc::clone(make), game.clone());
    Box::new(move || make(&game, &view, picture))
}

/// What `picture` of `game` draws besides the game: the spots of whoever acts, lettered as
/// the buttons say; a step with too many spots for one picture shows its zones instead, and a
/// zone's close-up its spots; the whole board (`/board`) letters every spot, a timelapse's
/// frame none.
pub fn view_of(game: &Game, names: Vec<String>, language: crate::i18n::Locale, picture: service::Picture) -> render::BoardView {
    let labels = spots::Labels::of_turn(game);
    let (spots, zones) = match picture {
        service::Picture::Turn if labels.zoned() => (Vec::new(), labels.zones),
        service::Picture::Zone(n) => (labels.zones.get(usize::from(n)).cloned().unwrap_or_else(|| labels.spots()), Vec::new()),
        service::Picture::Frame => (Vec::new(), Vec::new()),
        _ => (labels.spots(), Vec::new()),
    };
    render::BoardView { names, spots, zones, language }
}

#[cfg(test)]
mod secrecy_tests;
#[cfg(test)]
pub(crate) mod tests;
