//! The `southseas` binary: thin glue that parses the command line and calls the library.

use anyhow::Result;
use clap::{Parser, Subcommand};
use southseas::{script, sim, tiles};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "southseas", version, about = "Carcassonne: South Seas on Discord, and the tools around it")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a scenario file and print the final state as JSON (see README: Scenario files).
    Script {
        file: PathBuf,
        /// Also print the events of every action, one JSON object per line, on stderr.
        #[arg(long)]
        events: bool,
    },
    /// Play games between computer players and print statistics.
    Sim(sim::SimArgs),
    /// Print the spread of the standard tile set and ships (Markdown).
    Tiles,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    // Fail early and clearly if the embedded tile or ship data is broken.
    southseas_engine::standard::load()?;
    match cli.command {
        Command::Script { file, events } => script::run(&file, events),
        Command::Tiles => {
            let (tiles, ships) = southseas_engine::standard::load()?;
            print!("{}", tiles::spread(&tiles, &ships));
            Ok(ExitCode::SUCCESS)
        }
        Command::Sim(args) => {
            let report = sim::run(&args)?;
            print!("{report}");
            Ok(ExitCode::SUCCESS)
        }
    }
}
