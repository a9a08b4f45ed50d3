//! The standard game: the tiles and ships of the current ruleset ([`Ruleset::CURRENT`]), which
//! new games use. A stored game names its own ruleset; see [`crate::Ruleset`].

use crate::{DataError, Ruleset, ShipSet, TileSet};
use std::sync::Arc;

pub use crate::ruleset::Sets;

/// Both sets of the current ruleset, or the first error in them. Call at start-up to fail early.
pub fn load() -> Result<Sets, DataError> {
    Ruleset::CURRENT.sets()
}

/// The current tile set. Panics if the embedded data is invalid, which the tests rule out.
pub fn tiles() -> Arc<TileSet> {
    load().expect("embedded standard data is valid").0
}

/// The current ships. Panics if the embedded data is invalid, which the tests rule out.
pub fn ships() -> Arc<ShipSet> {
    load().expect("embedded standard data is valid").1
}
