//! A Seafarers game's stored options and setup: `SCENARIO OPTIONS`, the scenario's id and the
//! engine's options record (`new-shores 1:pirate=no`), read against the game's ruleset. Never
//! changes once stored.

use crate::common::{Result, Table, internal};
use seafarers_engine::{Options, Ruleset, ScenarioMap, Setup, record};
use std::sync::Arc;

/// A game's stored options: `SCENARIO OPTIONS`, the scenario's id and the engine's options
/// record (`new-shores 1:pirate=no`). Never changes once stored.
pub(crate) fn encode(scenario: &str, options: &Options) -> String {
    format!("{scenario} {}", record::encode_options(options))
}

/// The scenario (of the current ruleset's ids) and options of a stored game.
pub(crate) fn decode(text: &str) -> std::result::Result<(Arc<ScenarioMap>, Options), String> {
    decode_in(Ruleset::CURRENT, text)
}

fn decode_in(ruleset: Ruleset, text: &str) -> std::result::Result<(Arc<ScenarioMap>, Options), String> {
    let (scenario, options) = text.split_once(' ').ok_or_else(|| format!("stored options `{text}` have no scenario"))?;
    let scenario = ruleset.scenario(scenario).map_err(|e| e.to_string())?;
    let options = record::decode_options(options).map_err(|e| e.to_string())?;
    Ok((scenario, options))
}

/// The game's setup, from what is stored: its ruleset, scenario, options, players and seed.
pub(crate) fn setup_of(table: &Table) -> Result<Setup> {
    let r = &table.record;
    let ruleset = u32::try_from(r.ruleset)
        .ok()
        .and_then(Ruleset::from_id)
        .ok_or_else(|| internal(format!("game {}: Seafarers ruleset {} is unknown to this version", r.id, r.ruleset)))?;
    let (scenario, options) = decode_in(ruleset, &r.options).map_err(|e| internal(format!("game {}: {e}", r.id)))?;
    Setup::new(scenario, table.seats.len(), r.seed, options).map_err(|e| internal(format!("game {}: {e}", r.id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_options_are_pinned() {
        assert_eq!(encode("new-shores", &Options { pirate: false }), "new-shores 1:pirate=no");
        assert_eq!(encode("four-islands", &Options { pirate: true }), "four-islands 1:pirate=yes");
        let (scenario, options) = decode("ocean-land 1:pirate=yes").unwrap();
        assert_eq!((scenario.id.as_str(), options.pirate), ("ocean-land", true));
        for bad in ["", "new-shores", "atlantis 1:pirate=no", "new-shores 2:pirate=no", "new-shores  1:pirate=no"] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }
}
