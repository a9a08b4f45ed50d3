//! Options, the setup (rules data and the orders a seed shuffles), and a game's opening.

use super::{DISPLAY_SIZE, Game, ISLANDERS_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS, Phase, PlayerState};
use crate::board::{Board, MAX_TILES};
use crate::geometry::{Pos, Rotation};
use crate::ships::{ShipId, ShipSet};
use crate::tileset::{TileId, TileSet};
use crate::wares::Wares;
use crate::{Action, RuleError, Ruleset};
use seeded_rng::Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

/// When a player may take an islander back from the board (instead of placing one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RetrieveRule {
    /// Only when the player's supply is empty (English rulebook).
    #[default]
    EmptySupply,
    /// In any turn in which the player places no islander (German rulebook, online version).
    AnyTurn,
}

impl RetrieveRule {
    pub fn name(self) -> &'static str {
        match self {
            RetrieveRule::EmptySupply => "empty-supply",
            RetrieveRule::AnyTurn => "any-turn",
        }
    }
}

impl std::str::FromStr for RetrieveRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "empty-supply" => Ok(RetrieveRule::EmptySupply),
            "any-turn" => Ok(RetrieveRule::AnyTurn),
            _ => Err(format!("unknown retrieve rule `{s}` (use empty-supply or any-turn)")),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub retrieve: RetrieveRule,
}

/// Everything that fixes a game before the first action: rules data, options, players and the
/// order of tiles and ships. [`Setup::standard`] derives the orders from a seed.
#[derive(Clone, Debug)]
pub struct Setup {
    pub tiles: Arc<TileSet>,
    pub ships: Arc<ShipSet>,
    pub options: Options,
    pub players: usize,
    /// Draw order, first drawn first. The start tile is not in it.
    pub deck: Vec<TileId>,
    /// Ship order: the first four form the display, the rest the face-down stack in order.
    pub ship_order: Vec<ShipId>,
    pub start_player: usize,
}

impl Setup {
    /// The current ruleset's tiles and ships, shuffled, and the start player drawn, all from
    /// `seed`: [`Setup::standard_in`] with [`Ruleset::CURRENT`].
    pub fn standard(options: Options, players: usize, seed: u64) -> Setup {
        Setup::standard_in(Ruleset::CURRENT, options, players, seed)
    }

    /// `ruleset`'s tiles and ships, shuffled, and the start player drawn, all from `seed`. A
    /// stored game is set up with the ruleset it was started with. Panics if the embedded data
    /// is invalid, which the tests rule out for every released ruleset.
    pub fn standard_in(ruleset: Ruleset, options: Options, players: usize, seed: u64) -> Setup {
        let (tiles, ships) = ruleset.sets().unwrap_or_else(|e| panic!("embedded ruleset {ruleset} is invalid: {e}"));
        Setup::shuffled(tiles, ships, options, players, seed)
    }

    pub fn shuffled(tiles: Arc<TileSet>, ships: Arc<ShipSet>, options: Options, players: usize, seed: u64) -> Setup {
        let mut rng = Rng::new(seed);
        let start_player = rng.below(players.max(1));
        let mut deck = tiles.stack();
        rng.shuffle(&mut deck);
        let mut ship_order: Vec<ShipId> = ships.ids().collect();
        rng.shuffle(&mut ship_order);
        Setup { tiles, ships, options, players, deck, ship_order, start_player }
    }
}

impl Game {
    /// A new game with the standard tiles and ships, shuffled by `seed`.
    pub fn new(options: Options, players: usize, seed: u64) -> Result<Game, RuleError> {
        Game::from_setup(Setup::standard(options, players, seed))
    }

    pub fn from_setup(setup: Setup) -> Result<Game, RuleError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&setup.players) {
            return Err(RuleError::Setup(format!("a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}", setup.players)));
        }
        if setup.start_player >= setup.players {
            return Err(RuleError::Setup(format!("start player {} does not exist", setup.start_player)));
        }
        if setup.deck.len() + 1 > MAX_TILES {
            return Err(RuleError::Setup(format!("at most {} tiles in the stack", MAX_TILES - 1)));
        }
        if let Some(t) = setup.deck.iter().find(|t| t.0 as usize >= setup.tiles.kinds.len() || **t == setup.tiles.start) {
            return Err(RuleError::Setup(format!("tile #{} cannot be in the stack", t.0)));
        }
        let mut seen = vec![false; setup.ships.ships.len()];
        for s in &setup.ship_order {
            match seen.get_mut(s.0 as usize) {
                Some(b) if !*b => *b = true,
                _ => return Err(RuleError::Setup(format!("ship #{} is unknown or listed twice", s.0))),
            }
        }
        let mut board = Board::new(setup.deck.len() + 1);
        board.place(&setup.tiles, setup.tiles.start, Rotation::ALL[0], Pos::ORIGIN);
        let mut ship_stack = setup.ship_order.clone();
        ship_stack.reverse();
        let display: Vec<ShipId> = (0..DISPLAY_SIZE).map_while(|_| ship_stack.pop()).collect();
        let mut stack = setup.deck.clone();
        stack.reverse();
        let mut game = Game {
            tiles: setup.tiles,
            ships: setup.ships,
            options: setup.options,
            players: vec![PlayerState { wares: Wares::default(), ships: Vec::new(), supply: ISLANDERS_PER_PLAYER }; setup.players],
            board,
            stack,
            discarded: Vec::new(),
            ship_stack,
            display,
            islanders: Vec::new(),
            active: setup.start_player as u8,
            drawn: None,
            phase: Phase::PlaceTile,
            turn: 0,
            pending_markets: VecDeque::new(),
            boats_used: 0,
            final_scores: None,
            opening: Vec::new(),
        };
        let mut events = Vec::new();
        if game.ships_exhausted() {
            game.finish(&mut events);
        } else {
            game.draw(&mut events);
        }
        game.opening = events;
        Ok(game)
    }

    /// Rebuilds a game from its setup and actions; the error names the first rejected action.
    pub fn replay<'a>(setup: Setup, actions: impl IntoIterator<Item = &'a Action>) -> Result<Game, (usize, RuleError)> {
        let mut game = Game::from_setup(setup).map_err(|e| (0, e))?;
        for (i, action) in actions.into_iter().enumerate() {
            game.apply(action).map_err(|e| (i, e))?;
        }
        Ok(game)
    }
}
