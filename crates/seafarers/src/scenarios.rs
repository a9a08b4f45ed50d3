//! The scenarios of the current ruleset ([`Ruleset::CURRENT`]): the six scenarios of the first
//! issue. A stored game names its ruleset and asks [`Ruleset::scenario`] instead, so that it
//! keeps the files it was played with.

use crate::DataError;
use crate::map::ScenarioMap;
use crate::ruleset::Ruleset;
use std::sync::Arc;

/// Every scenario of the current ruleset, or the first file's error.
pub fn validate_all() -> Result<Vec<Arc<ScenarioMap>>, DataError> {
    Ruleset::CURRENT.scenarios()
}

/// The ids of the scenarios, in the order of the spec's table.
pub fn ids() -> Vec<&'static str> {
    Ruleset::CURRENT.scenario_ids()
}

/// A scenario of the current ruleset by id (`base`, `new-shores`, `four-islands`,
/// `ocean-land`, `through-the-desert`, `new-world`).
pub fn by_id(id: &str) -> Result<Arc<ScenarioMap>, DataError> {
    Ruleset::CURRENT.scenario(id)
}
