//! `southseas script FILE`: run a scenario file and print the final state as JSON.

use anyhow::{Context, Result};
use southseas_engine::scenario::{Scenario, Summary};
use std::path::Path;
use std::process::ExitCode;

pub fn run(path: &Path, print_events: bool) -> Result<ExitCode> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let scenario = Scenario::parse(&text).with_context(|| format!("{} is not a valid scenario", path.display()))?;
    let (game, events) = scenario.run().with_context(|| format!("{} failed", path.display()))?;
    if print_events {
        for e in &events {
            eprintln!("{}", serde_json::to_string(e)?);
        }
    }
    println!("{}", serde_json::to_string_pretty(&Summary::of(&game))?);
    if let Err(mismatch) = scenario.check(&game) {
        eprintln!("{}: the final state differs from [expect]:\n{mismatch}", path.display());
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
