//! The game: one state, changed only by [`Game::apply`], split by what each part does:
//!
//! - `setup`: options, [`Setup`] (rules data + the seeded orders) and a game's opening
//! - `view`: what players can see: the board, supplies, scores and projected scores
//! - `moves`: the legal moves of the player to act
//! - `turn`: applying an action, and the turn's flow (place, islander, deliver, next player)
//! - `evaluation`: completed features, the fishing boat, markets and ships won
//! - `end`: the end of the game and its final evaluation
//!
//! `Game::apply` checks an action completely before changing anything, so a rejected action
//! leaves the game exactly as it was. Steps with a single possible choice are taken by the
//! engine itself (see [`Game::apply`]).

mod end;
mod evaluation;
mod moves;
mod setup;
mod turn;
mod view;

pub use moves::{PlacementSpot, spot_label};
pub use setup::{Options, RetrieveRule, Setup};
pub use view::{IslanderView, Score};

use crate::board::Board;
use crate::geometry::Pos;
use crate::ships::{ShipId, ShipSet};
use crate::tileset::{TileId, TileSet};
use crate::wares::Wares;
use crate::{Event, FeatureRef};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;
pub const ISLANDERS_PER_PLAYER: u8 = 4;
pub const DISPLAY_SIZE: usize = 4;
pub const COLOURS: [&str; MAX_PLAYERS] = ["red", "blue", "yellow", "green", "black"];

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The active player places the drawn tile.
    PlaceTile,
    /// The active player places, retrieves or skips an islander; the tile is at `pos`.
    Islander {
        pos: Pos,
    },
    /// A merchant's owner chooses among the equally valuable ships on display.
    MarketShip {
        player: u8,
    },
    /// The active player delivers to a ship or ends the turn.
    Deliver,
    /// The active player chooses how to pay a flexible ship.
    Payment {
        ship: ShipId,
    },
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub wares: Wares,
    pub ships: Vec<ShipId>,
    /// Islanders in the player's supply (not on the board).
    pub supply: u8,
}

/// An islander on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Islander {
    owner: u8,
    feature: u16,
}

#[derive(Clone, Debug)]
pub struct Game {
    tiles: Arc<TileSet>,
    ships: Arc<ShipSet>,
    options: Options,
    players: Vec<PlayerState>,
    board: Board,
    /// Remaining stack; the next tile is at the end.
    stack: Vec<TileId>,
    discarded: Vec<TileId>,
    /// Remaining face-down ships; the next one is at the end.
    ship_stack: Vec<ShipId>,
    display: Vec<ShipId>,
    islanders: Vec<Islander>,
    active: u8,
    drawn: Option<TileId>,
    phase: Phase,
    turn: u32,
    /// Merchants whose market closed this turn and who still get a ship: (owner, market feature).
    pending_markets: VecDeque<(u8, u16)>,
    boats_used: u16,
    final_scores: Option<Vec<Score>>,
    opening: Vec<Event>,
}
impl Game {
    fn feature_ref(&self, id: u16) -> FeatureRef {
        let (tile, feature) = self.board.locate(id);
        FeatureRef { pos: self.board.placed[tile].pos, feature }
    }

    fn feature_id(&self, at: FeatureRef) -> Option<u16> {
        let tile = self.board.at(at.pos)?;
        ((at.feature as usize) < self.tiles.get(tile.tile).features.len()).then(|| tile.first_feature + at.feature as u16)
    }
}
