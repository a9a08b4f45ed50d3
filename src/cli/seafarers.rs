//! `southseas seafarers …`: the Catan: Seafarers engine's tools (the bot does not host it yet).

use anyhow::{Context, Result};
use seafarers_engine::sim::{SimOptions, run};
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
    },
    /// Run a script file (README of crates/seafarers) and print the final state as JSON; exit 1
    /// when the file is bad or its `[expect]` fails.
    Script { file: PathBuf },
    /// The scenario ids.
    Scenarios,
}

pub fn run_command(command: SeafarersCommand) -> Result<ExitCode> {
    match command {
        SeafarersCommand::Sim { scenario, players, games, seed, ai } => {
            let ai: Strategy = ai.parse().map_err(|e: String| anyhow::anyhow!(e))?;
            let runs: Vec<(String, usize)> = if scenario == "all" {
                scenarios::ids().into_iter().flat_map(|id| [(id.to_string(), 3), (id.to_string(), 4)]).collect()
            } else {
                anyhow::ensure!(scenarios::ids().contains(&scenario.as_str()), "no scenario `{scenario}`: one of {:?}", scenarios::ids());
                vec![(scenario, players)]
            };
            for (scenario, players) in runs {
                let start = Instant::now();
                let report = run(&SimOptions { scenario, players, games, seed, ai });
                print!("{report}");
                let secs = start.elapsed().as_secs_f64();
                println!("({secs:.1} s, {:.0} games/s)\n", games as f64 / secs);
            }
            Ok(ExitCode::SUCCESS)
        }
        SeafarersCommand::Script { file } => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            match seafarers_engine::script::script(&text) {
                Ok(outcome) => {
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
