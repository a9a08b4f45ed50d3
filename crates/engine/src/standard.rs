//! The standard tile set and ships, embedded from `assets/` so that a game's rules travel with
//! the binary; they are parsed and validated once, on first use.

use crate::{DataError, ShipSet, TileSet};
use std::sync::{Arc, OnceLock};

pub const TILES_TOML: &str = include_str!("../../../assets/tiles.toml");
pub const SHIPS_TOML: &str = include_str!("../../../assets/ships.toml");

/// The standard tiles and ships.
pub type Sets = (Arc<TileSet>, Arc<ShipSet>);

/// Both standard sets, or the first error in them. Call at start-up to fail early.
pub fn load() -> Result<Sets, DataError> {
    static SETS: OnceLock<Result<Sets, DataError>> = OnceLock::new();
    SETS.get_or_init(|| {
        let tiles = TileSet::parse(TILES_TOML).map_err(|e| e.context("assets/tiles.toml"))?;
        let stack = tiles.stack().len();
        if stack != 72 {
            return Err(DataError::general(format!("assets/tiles.toml: the stack holds {stack} tiles, not 72")));
        }
        let ships = ShipSet::parse(SHIPS_TOML).map_err(|e| e.context("assets/ships.toml"))?;
        if ships.ships.len() != 24 {
            return Err(DataError::general(format!("assets/ships.toml: {} ships, not 24", ships.ships.len())));
        }
        Ok((Arc::new(tiles), Arc::new(ships)))
    })
    .clone()
}

/// The standard tile set. Panics if the embedded data is invalid, which the tests rule out.
pub fn tiles() -> Arc<TileSet> {
    load().expect("embedded standard data is valid").0
}

/// The standard ships. Panics if the embedded data is invalid, which the tests rule out.
pub fn ships() -> Arc<ShipSet> {
    load().expect("embedded standard data is valid").1
}
