//! `southseas seafarers …`: the Catan: Seafarers engine's tools (the bot does not host it yet).

use anyhow::{Context, Result};
use seafarers_engine::sim::{SimOptions, run, run_logged};
use seafarers_engine::{Strategy, scenarios};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Subcommand)]
pub enum SeafarersCommand {
    /// Play games between computer players and print statistics (per scenario and player count).
    Sim {
        /// A scenario id, or `all` for every scenario with 3 and 4 players.
        #[arg(long, default_value = "all")]
        scenario: String,
        #[arg(long, default_value_t = 4)]
        players: usize,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// `greedy` or `random`.
        #[arg(long, default_value = "greedy")]
        ai: String,
        /// Also write every game (its setup, then every action with its seat, record and
        /// events) to this file, as a JSON array.
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
    },
    /// Run a script file (README of crates/seafarers) and print the final state as JSON; exit 1
    /// when the file is bad or its `[expect]` fails.
    Script {
        file: PathBuf,
        /// Also write the whole game (its setup, then every action with its seat, record and
        /// events) to this file as JSON.
        #[arg(long, value_name = "FILE")]
        log: Option<PathBuf>,
    },
    /// The scenario ids.
    Scenarios,
}

pub fn run_command(command: SeafarersCommand) -> Result<ExitCode> {
    match command {
        SeafarersCommand::Sim { scenario, players, games, seed, ai, log } => {
            let ai: Strategy = ai.parse().map_err(|e: String| anyhow::anyhow!(e))?;
            let runs: Vec<(String, usize)> = if scenario == "all" {
                scenarios::ids().into_iter().flat_map(|id| [(id.to_string(), 3), (id.to_string(), 4)]).collect()
            } else {
                anyhow::ensure!(scenarios::ids().contains(&scenario.as_str()), "no scenario `{scenario}`: one of {:?}", scenarios::ids());
                vec![(scenario, players)]
            };
            let mut logs = Vec::new();
            for (scenario, players) in runs {
                let start = Instant::now();
                let options = SimOptions { scenario, players, games, seed, ai };
                let report = if log.is_some() {
                    let (report, games) = run_logged(&options);
                    logs.extend(games);
                    report
                } else {
                    run(&options)
                };
                print!("{report}");
                let secs = start.elapsed().as_secs_f64();
                println!("({secs:.1} s, {:.0} games/s)\n", games as f64 / secs);
            }
            if let Some(path) = log {
                write_json(&path, &logs)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        SeafarersCommand::Script { file, log } => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            match seafarers_engine::script::script(&text) {
                Ok(outcome) => {
                    if let Some(path) = log {
                        write_json(&path, &outcome.log)?;
                    }
                    println!("{}", serde_json::to_string_pretty(&outcome.view)?);
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("{}: {e}", file.display());
                    Ok(ExitCode::from(1))
                }
            }
        }
        SeafarersCommand::Scenarios => {
            for id in scenarios::ids() {
                println!("{id}");
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Writes `value` as JSON to `path` (buffered: a thousand logged games are large).
fn write_json(path: &std::path::Path, value: &impl serde::Serialize) -> Result<()> {
    let file = std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut out = std::io::BufWriter::new(file);
    serde_json::to_writer(&mut out, value).with_context(|| format!("cannot write {}", path.display()))?;
    std::io::Write::flush(&mut out).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
