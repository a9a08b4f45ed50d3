//! Rulesets: the released, frozen versions of the tile set and the ships.
//!
//! A stored game is its ruleset, seed, options and actions. What a seed means depends on the
//! rules data byte for byte: the deck is shuffled from the tiles in file order, and a ship's id
//! is its place in the ships file. So a released ruleset never changes; a stored game replays
//! with the data it was played with, and new games use [`Ruleset::CURRENT`].
//!
//! Every ruleset is a folder `assets/rulesets/southseas-N/` holding `tiles.toml` and
//! `ships.toml`, embedded into the binary. To change tiles or ships: copy the newest folder to
//! the next number, add it to `RELEASED` below (it becomes `CURRENT`), edit the copy, and pin
//! its hashes in this file's test once it is released.

use crate::{DataError, ShipSet, TileSet};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A ruleset's tiles and ships, parsed and validated.
pub type Sets = (Arc<TileSet>, Arc<ShipSet>);

/// One released ruleset as embedded data, with the sizes its files must have (a cheap check
/// that the right file was embedded and parsed whole).
struct Data {
    folder: &'static str,
    tiles: &'static str,
    ships: &'static str,
    stack: usize,
    ship_count: usize,
}

/// Every released ruleset, oldest first; ruleset `N` is at index `N - 1`.
const RELEASED: [Data; 1] = [Data {
    folder: "southseas-1",
    tiles: include_str!("../../../assets/rulesets/southseas-1/tiles.toml"),
    ships: include_str!("../../../assets/rulesets/southseas-1/ships.toml"),
    stack: 72,
    ship_count: 24,
}];

/// A released version of the rules data. Only released rulesets exist as values, so a
/// `Ruleset` read back from storage by [`Ruleset::from_id`] always has data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    id: u32,
}

impl Ruleset {
    /// The newest ruleset: the one new games are set up with.
    pub const CURRENT: Ruleset = Ruleset { id: RELEASED.len() as u32 };

    /// The released ruleset with this id (1, 2, …), or None for an id this engine doesn't know
    /// (a game stored by a newer version of the bot).
    pub fn from_id(id: u32) -> Option<Ruleset> {
        (1..=RELEASED.len() as u32).contains(&id).then_some(Ruleset { id })
    }

    /// The number to store with a game.
    pub fn id(self) -> u32 {
        self.id
    }

    /// The ruleset's folder under `assets/rulesets/`, e.g. `southseas-1`.
    pub fn name(self) -> &'static str {
        self.data().folder
    }

    /// The ruleset's tiles and ships, or the first error in them. Parsed and validated once per
    /// ruleset, on first use; call it at start-up for `CURRENT` to fail early.
    pub fn sets(self) -> Result<Sets, DataError> {
        static SETS: [OnceLock<Result<Sets, DataError>>; RELEASED.len()] = [const { OnceLock::new() }; RELEASED.len()];
        SETS[self.index()].get_or_init(|| self.data().parse()).clone()
    }

    fn index(self) -> usize {
        self.id as usize - 1
    }

    fn data(self) -> &'static Data {
        &RELEASED[self.index()]
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Data {
    fn parse(&self) -> Result<Sets, DataError> {
        let tiles_file = format!("assets/rulesets/{}/tiles.toml", self.folder);
        let ships_file = format!("assets/rulesets/{}/ships.toml", self.folder);
        let tiles = TileSet::parse(self.tiles).map_err(|e| e.context(&tiles_file))?;
        let stack = tiles.stack().len();
        if stack != self.stack {
            return Err(DataError::general(format!("{tiles_file}: the stack holds {stack} tiles, not {}", self.stack)));
        }
        let ships = ShipSet::parse(self.ships).map_err(|e| e.context(&ships_file))?;
        if ships.ships.len() != self.ship_count {
            return Err(DataError::general(format!("{ships_file}: {} ships, not {}", ships.ships.len(), self.ship_count)));
        }
        Ok((Arc::new(tiles), Arc::new(ships)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a (64 bits): enough to notice an edit, and small enough to need no dependency.
    fn fnv1a(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    }

    /// (ruleset, hash of tiles.toml, hash of ships.toml) for every released ruleset.
    const PINNED: [(u32, u64, u64); 1] = [(1, 0x04b8_307d_3cf5_6441, 0x02dd_ddbd_90df_3dc7)];

    #[test]
    fn released_rulesets_are_frozen() {
        assert_eq!(PINNED.len(), RELEASED.len(), "every ruleset in RELEASED has its hashes pinned here");
        for (id, tiles, ships) in PINNED {
            let ruleset = Ruleset::from_id(id).expect("a released ruleset");
            let data = ruleset.data();
            for (file, text, pinned) in [("tiles.toml", data.tiles, tiles), ("ships.toml", data.ships, ships)] {
                assert_eq!(
                    fnv1a(text.as_bytes()),
                    pinned,
                    "assets/rulesets/{}/{file} changed, but ruleset {id} is released: stored games replay with it; \
                     copy it to a new ruleset folder instead of editing it",
                    data.folder
                );
            }
        }
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn every_released_ruleset_loads_and_ids_are_dense() {
        assert_eq!(Ruleset::from_id(0), None);
        assert_eq!(Ruleset::from_id(RELEASED.len() as u32 + 1), None);
        assert_eq!(Ruleset::from_id(Ruleset::CURRENT.id()), Some(Ruleset::CURRENT));
        for id in 1..=RELEASED.len() as u32 {
            let ruleset = Ruleset::from_id(id).unwrap();
            assert_eq!(ruleset.name(), format!("southseas-{id}"), "folders are numbered like the ids");
            let (tiles, ships) = ruleset.sets().unwrap_or_else(|e| panic!("ruleset {id}: {e}"));
            assert_eq!(tiles.stack().len(), ruleset.data().stack);
            assert_eq!(ships.ships.len(), ruleset.data().ship_count);
        }
    }
}
