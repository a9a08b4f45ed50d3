//! Rulesets: the released, frozen versions of the scenario files.
//!
//! A stored Seafarers game is its ruleset, scenario, player count, seed, options and action
//! records. What a seed means depends on the scenario file byte for byte (the pools are
//! shuffled in file order, the harbour spots are taken in file order), so a released ruleset
//! never changes: a stored game replays with the files it was played with, and new games use
//! [`Ruleset::CURRENT`].
//!
//! Every ruleset is a folder `assets/rulesets/seafarers-N/` holding one file per scenario,
//! embedded into the binary. To change a scenario: copy the newest folder to the next number,
//! add it to `RELEASED` below (it becomes `CURRENT`), edit the copy, and pin its hashes in this
//! file's test. `tests/setup_pins.rs` pins what each seed resolves to.

use crate::DataError;
use crate::map::ScenarioMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The scenario ids, in the order of the spec's table: every ruleset has exactly these files.
const IDS: [&str; 6] = ["base", "new-shores", "four-islands", "ocean-land", "through-the-desert", "new-world"];

/// One released ruleset as embedded data: its folder and each scenario's file text, in the
/// order of `IDS`.
struct Data {
    folder: &'static str,
    files: [&'static str; IDS.len()],
}

/// Every released ruleset, oldest first; ruleset `N` is at index `N - 1`.
const RELEASED: [Data; 1] = [Data {
    folder: "seafarers-1",
    files: [
        include_str!("../../../assets/rulesets/seafarers-1/base.toml"),
        include_str!("../../../assets/rulesets/seafarers-1/new-shores.toml"),
        include_str!("../../../assets/rulesets/seafarers-1/four-islands.toml"),
        include_str!("../../../assets/rulesets/seafarers-1/ocean-land.toml"),
        include_str!("../../../assets/rulesets/seafarers-1/through-the-desert.toml"),
        include_str!("../../../assets/rulesets/seafarers-1/new-world.toml"),
    ],
}];

/// A released version of the scenario files. Only released rulesets exist as values, so a
/// `Ruleset` read back from storage by [`Ruleset::from_id`] always has data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    id: u32,
}

type Parsed = Vec<Result<Arc<ScenarioMap>, DataError>>;

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

    /// The ruleset's folder under `assets/rulesets/`, e.g. `seafarers-1`.
    pub fn name(self) -> &'static str {
        self.data().folder
    }

    /// The scenario ids, in the order of the spec's table.
    pub fn scenario_ids(self) -> Vec<&'static str> {
        IDS.to_vec()
    }

    /// A scenario of this ruleset by id (`base`, `new-shores`, `four-islands`, `ocean-land`,
    /// `through-the-desert`, `new-world`). Each file is parsed and validated once, on first use.
    pub fn scenario(self, id: &str) -> Result<Arc<ScenarioMap>, DataError> {
        let i = IDS
            .iter()
            .position(|k| *k == id)
            .ok_or_else(|| DataError::general(format!("no scenario `{id}` (one of {})", IDS.join(", "))))?;
        self.parsed()[i].clone()
    }

    /// Every scenario of this ruleset, or the first file's error.
    pub fn scenarios(self) -> Result<Vec<Arc<ScenarioMap>>, DataError> {
        self.parsed().iter().cloned().collect()
    }

    /// The text of a scenario's file, as embedded (for tools that show or hash it).
    pub fn file(self, id: &str) -> Option<&'static str> {
        IDS.iter().position(|k| *k == id).map(|i| self.data().files[i])
    }

    fn parsed(self) -> &'static Parsed {
        static PARSED: [OnceLock<Parsed>; RELEASED.len()] = [const { OnceLock::new() }; RELEASED.len()];
        PARSED[self.index()].get_or_init(|| self.data().parse())
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
    fn parse(&self) -> Parsed {
        IDS.iter()
            .zip(self.files)
            .map(|(id, text)| {
                let file = format!("assets/rulesets/{}/{id}.toml", self.folder);
                let map = ScenarioMap::parse(text).map_err(|e| e.context(&file))?;
                if map.id != *id {
                    return Err(DataError::general(format!("{file}: field id: `{}` should be `{id}`", map.id)));
                }
                Ok(Arc::new(map))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a (64 bits): enough to notice an edit, and small enough to need no dependency.
    fn fnv1a(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    }

    /// (ruleset, hash of each scenario file in the order of `IDS`) for every released ruleset.
    const PINNED: [(u32, [u64; IDS.len()]); 1] = [(
        1,
        [
            0xbab2_3fac_fd3c_5c17,
            0x98e6_694f_c948_ef16,
            0xa95c_0286_e2a7_d15c,
            0xd124_f52e_8d37_0a75,
            0x5169_1ead_2710_6eff,
            0x3853_894f_d909_3a2c,
        ],
    )];

    #[test]
    fn released_rulesets_are_frozen() {
        assert_eq!(PINNED.len(), RELEASED.len(), "every ruleset in RELEASED has its hashes pinned here");
        for (id, hashes) in PINNED {
            let ruleset = Ruleset::from_id(id).expect("a released ruleset");
            for (i, scenario) in IDS.iter().enumerate() {
                let text = ruleset.file(scenario).unwrap();
                assert_eq!(
                    fnv1a(text.as_bytes()),
                    hashes[i],
                    "assets/rulesets/{}/{scenario}.toml changed, but ruleset {id} is released: stored games replay with it; \
                     copy the folder to a new ruleset instead of editing it",
                    ruleset.name()
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
            assert_eq!(ruleset.name(), format!("seafarers-{id}"), "folders are numbered like the ids");
            let all = ruleset.scenarios().unwrap_or_else(|e| panic!("ruleset {id}: {e}"));
            assert_eq!(all.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), IDS);
        }
    }
}
