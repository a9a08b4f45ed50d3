//! `southseas seafarers …`: the Catan: Seafarers engine's tools: simulations (and computer
//! players against each other), scripts.

use crate::cli::versus::{Z95, millis, quantile, wilson};
use anyhow::{Context, Result};
use seafarers_engine::sim::{SimOptions, run, run_logged};
use seafarers_engine::versus::{VersusOptions, VersusReport};
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
        /// Computer players against each other instead, e.g. `hard,medium` (easy, medium, hard,
        /// hard:PLAYOUTS, or the engine's names random, greedy, search; `+trade` after a name:
        /// it trades with the table, as the bot's computers do, e.g. `hard+trade,hard`): win
        /// rates with their 95% intervals and thinking time per turn. With `--scenario all` the
        /// deals go round the scenarios.
        #[arg(long, value_delimiter = ',', value_name = "A,B,...")]
        versus: Option<Vec<String>>,
        /// Instead: how often a trading computer of this strength (medium, hard) accepts or
        /// counters a fair offer (one card for one card of another kind it holds), asked at
        /// each main phase of `--games` greedy games; with its 95% interval.
        #[arg(long, value_name = "STRENGTH")]
        fair_offers: Option<String>,
        /// Threads for `--versus` (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
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
        SeafarersCommand::Sim { scenario, players, games, seed, fair_offers: Some(strength), .. } => {
            let strategy: Strategy = strength.parse().map_err(anyhow::Error::msg)?;
            let scenarios: Vec<String> =
                if scenario == "all" { scenarios::ids().into_iter().map(String::from).collect() } else { vec![scenario] };
            let t = seafarers_engine::versus::fair_offers(&scenarios, players, games as u64, seed, strategy).map_err(anyhow::Error::msg)?;
            let n = t.offered as f64;
            let (lo, hi) = wilson(t.accepted as f64, n, Z95);
            let (clo, chi) = wilson(t.countered as f64, n, Z95);
            println!(
                "fair offers to a trading {strength} computer: {} offers in {games} games of {players} players on {}\naccepted {} ({:.1}%, 95% {:.1}–{:.1}%), countered {} ({:.1}%, 95% {:.1}–{:.1}%), declined {}",
                t.offered,
                scenarios.join(", "),
                t.accepted,
                100.0 * t.accepted as f64 / n.max(1.0),
                100.0 * lo,
                100.0 * hi,
                t.countered,
                100.0 * t.countered as f64 / n.max(1.0),
                100.0 * clo,
                100.0 * chi,
                t.offered - t.accepted - t.countered
            );
            Ok(ExitCode::SUCCESS)
        }
        SeafarersCommand::Sim { scenario, players, games, seed, versus: Some(names), threads, .. } => {
            // `NAME+trade`: that player trades with the table.
            let trading: Vec<bool> = names.iter().map(|n| n.ends_with("+trade")).collect();
            let strategies = names
                .iter()
                .map(|n| n.trim_end_matches("+trade").parse::<Strategy>())
                .collect::<Result<Vec<_>, String>>()
                .map_err(anyhow::Error::msg)?;
            let scenarios: Vec<String> =
                if scenario == "all" { scenarios::ids().into_iter().map(String::from).collect() } else { vec![scenario] };
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let options = VersusOptions { scenarios, players, games: games as u64, seed, strategies, trading, threads };
            let report = seafarers_engine::versus::run(&options).map_err(anyhow::Error::msg)?;
            print!("{}", versus_text(&report, &names));
            Ok(ExitCode::SUCCESS)
        }
        SeafarersCommand::Sim { scenario, players, games, seed, ai, log, versus: None, .. } => {
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

/// The versus report: per player (named as given), seats, wins, the win rate with its 95%
/// Wilson interval, the point margin, and the thinking time per turn and per decision.
fn versus_text(report: &VersusReport, names: &[String]) -> String {
    use std::fmt::Write;
    let o = &report.options;
    let k = o.strategies.len() as u64;
    let mut out = String::new();
    let deals = report.games / k;
    let _ = writeln!(
        out,
        "seafarers versus: {} — {} games of {} players on {} ({} deals, seeds {}..{}, each played {} times with the seats rotated)",
        names.join(" vs "),
        report.games,
        o.players,
        o.scenarios.join(", "),
        deals,
        o.seed,
        o.seed + deals - 1,
        k
    );
    let _ = writeln!(out, "time: {:.1} s on {} threads", report.seconds, o.threads);
    let _ = writeln!(
        out,
        "{:<10} {:>6} {:>6} {:>6} {:>9} {:>16} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "player", "seats", "wins", "capped", "win rate", "95% (Wilson)", "margin", "turn med", "turn p99", "move med", "move p99"
    );
    for (name, t) in names.iter().zip(&report.tallies) {
        let n = t.seats as f64;
        let (lo, hi) = wilson(t.wins as f64, n, Z95);
        let sorted = |v: &[f64]| {
            let mut v = v.to_vec();
            v.sort_by(f64::total_cmp);
            v
        };
        let (turns, moves) = (sorted(&t.turn_seconds), sorted(&t.decision_seconds));
        let _ = writeln!(
            out,
            "{:<10} {:>6} {:>6} {:>6} {:>8.1}% {:>7.1}–{:>5.1}% {:>+8.2} {:>10} {:>10} {:>10} {:>10}",
            name,
            t.seats,
            t.wins,
            t.capped,
            100.0 * t.wins as f64 / n.max(1.0),
            100.0 * lo,
            100.0 * hi,
            t.margin as f64 / n.max(1.0),
            millis(quantile(&turns, 0.5)),
            millis(quantile(&turns, 0.99)),
            millis(quantile(&moves, 0.5)),
            millis(quantile(&moves, 0.99)),
        );
    }
    let _ = writeln!(
        out,
        "a seat's fair share of wins is 1 in {}; margin is the seat's points minus the best other's at the end; a turn's time is\n\
         all of a seat's decisions in one turn (its own, or a discard or gold choice in another's), a move's one decision,\n\
         each on one thread",
        o.players
    );
    out
}

/// Writes `value` as JSON to `path` (buffered: a thousand logged games are large).
fn write_json(path: &std::path::Path, value: &impl serde::Serialize) -> Result<()> {
    let file = std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut out = std::io::BufWriter::new(file);
    serde_json::to_writer(&mut out, value).with_context(|| format!("cannot write {}", path.display()))?;
    std::io::Write::flush(&mut out).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
