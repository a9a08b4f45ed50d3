//! The six scenarios of the first issue, as data files embedded in the crate. Each file is
//! parsed and validated on first use; `validate_all` checks them all (a test runs it).

use crate::DataError;
use crate::map::ScenarioMap;
use std::sync::{Arc, OnceLock};

/// `(id, file text)` of every embedded scenario, in the order of the spec's table.
pub const FILES: [(&str, &str); 6] = [
    ("base", include_str!("../scenarios/base.toml")),
    ("new-shores", include_str!("../scenarios/new-shores.toml")),
    ("four-islands", include_str!("../scenarios/four-islands.toml")),
    ("ocean-land", include_str!("../scenarios/ocean-land.toml")),
    ("through-the-desert", include_str!("../scenarios/through-the-desert.toml")),
    ("new-world", include_str!("../scenarios/new-world.toml")),
];

fn cache() -> &'static Vec<Result<Arc<ScenarioMap>, DataError>> {
    static CACHE: OnceLock<Vec<Result<Arc<ScenarioMap>, DataError>>> = OnceLock::new();
    CACHE.get_or_init(|| {
        FILES
            .iter()
            .map(|(id, text)| {
                let map = ScenarioMap::parse(text).map_err(|e| e.context(&format!("scenarios/{id}.toml")))?;
                if map.id != *id {
                    return Err(DataError::general(format!("scenarios/{id}.toml: field id: `{}` should be `{id}`", map.id)));
                }
                Ok(Arc::new(map))
            })
            .collect()
    })
}

/// Every embedded scenario, or the first file's error.
pub fn validate_all() -> Result<Vec<Arc<ScenarioMap>>, DataError> {
    cache().iter().cloned().collect()
}

/// The ids of the embedded scenarios.
pub fn ids() -> Vec<&'static str> {
    FILES.iter().map(|(id, _)| *id).collect()
}

/// An embedded scenario by id (`base`, `new-shores`, `four-islands`, `ocean-land`,
/// `through-the-desert`, `new-world`).
pub fn by_id(id: &str) -> Result<Arc<ScenarioMap>, DataError> {
    let i = FILES
        .iter()
        .position(|(k, _)| *k == id)
        .ok_or_else(|| DataError::general(format!("no scenario `{id}` (one of {})", ids().join(", "))))?;
    cache()[i].clone()
}
