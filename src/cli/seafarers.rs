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
    /// Draw the example pictures of the README (each at full size and 400 px wide, as a phone
    /// shows it): the crowded steps' zones and a zone's close-up (setup, harbours, the robber
    /// and the pirate), mid-game, the end, the whole board, and a game in French.
    Pictures {
        /// The folder to write them to.
        #[arg(long, default_value = "docs")]
        out: PathBuf,
    },
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
        SeafarersCommand::Pictures { out } => {
            for path in write_pictures(&out)? {
                println!("{}", path.display());
            }
            Ok(ExitCode::SUCCESS)
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

/// A greedy game of `scenario` for `players` (the pirate on where the scenario has one),
/// played until `stop` says so (or it ends).
fn example_game(
    scenario: &str,
    players: usize,
    seed: u64,
    stop: impl Fn(&seafarers_engine::Game) -> bool,
) -> Result<seafarers_engine::Game> {
    use seafarers_engine::{Bot, Game, Options, Ruleset};
    let sc = Ruleset::CURRENT.scenario(scenario).with_context(|| format!("no scenario {scenario}"))?;
    let pirate = sc.pirate.is_some();
    let mut game = Game::new(sc, players, seed, Options { pirate }).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Greedy, seed * 31 + s as u64)).collect();
    for _ in 0..20_000 {
        if game.is_over() || stop(&game) {
            break;
        }
        let Some(&p) = game.to_act().first() else { break };
        let Some(a) = bots[p].choose(&game, p) else { break };
        game.apply(p, &a).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(game)
}

/// Writes the README's example pictures into `dir`: each as `NAME.png` and `NAME-400px.png`.
pub fn write_pictures(dir: &std::path::Path) -> Result<Vec<PathBuf>> {
    use crate::common::Picture;
    use crate::games::seafarers::{render, view_of};
    use crate::i18n::Locale;
    use seafarers_engine::{Phase, RouteKind};
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di"].iter().map(|s| s.to_string()).collect();
    let mut written = Vec::new();
    let mut save = |name: &str, img: &image::RgbImage| -> Result<()> {
        for (file, img) in
            [(format!("seafarers-{name}.png"), img.clone()), (format!("seafarers-{name}-400px.png"), crate::cli::render::scaled(img, 400))]
        {
            let path = dir.join(file);
            std::fs::write(&path, render::encode_png(&img)).with_context(|| format!("cannot write {}", path.display()))?;
            written.push(path);
        }
        Ok(())
    };
    let phone = |game: &seafarers_engine::Game, picture: Picture, language: Locale| {
        render::phone_image(game, &view_of(game, names[..game.player_count()].to_vec(), language, picture))
    };
    // The crowded steps: the turn picture marks the zones, a zone's close-up letters its spots.
    let setup = example_game("four-islands", 4, 7, |_| true)?;
    save("four-islands-setup-zones", &phone(&setup, Picture::Turn, Locale::En))?;
    save("four-islands-setup-zone-2", &phone(&setup, Picture::Zone(1), Locale::En))?;
    save("fr-four-islands-setup-zone-2", &phone(&setup, Picture::Zone(1), Locale::Fr))?;
    let harbour = example_game("new-world", 4, 7, |g| g.phase() == Phase::PlaceHarbour)?;
    if harbour.phase() == Phase::PlaceHarbour {
        save("new-world-harbour-zones", &phone(&harbour, Picture::Turn, Locale::En))?;
        save("new-world-harbour-zone-1", &phone(&harbour, Picture::Zone(0), Locale::En))?;
    }
    let robber = example_game("four-islands", 4, 9, |g| g.phase() == Phase::Robber)?;
    save("four-islands-robber-zones", &phone(&robber, Picture::Turn, Locale::En))?;
    save("four-islands-robber-zone-1", &phone(&robber, Picture::Zone(0), Locale::En))?;
    // A game's course: the start, mid-game with ships, a land explored, the end.
    let start = example_game("new-shores", 4, 7, |_| true)?;
    save("new-shores-start-phone", &phone(&start, Picture::Turn, Locale::En))?;
    save("fr-new-shores-start-phone", &phone(&start, Picture::Turn, Locale::Fr))?;
    let mid = example_game("four-islands", 4, 9, |g| {
        g.phase() == Phase::Main && g.routes().iter().filter(|(_, r)| r.kind == RouteKind::Ship).count() >= 5
    })?;
    save("four-islands-mid-phone", &phone(&mid, Picture::Turn, Locale::En))?;
    save("four-islands-mid-full", &render::full_board_image(&mid, &view_of(&mid, names.clone(), Locale::En, Picture::FullBoard)))?;
    save("fr-four-islands-mid-phone", &phone(&mid, Picture::Turn, Locale::Fr))?;
    let ocean = example_game("ocean-land", 4, 9, |g| g.stats().discoveries >= 4)?;
    save("ocean-land-explored-phone", &phone(&ocean, Picture::Turn, Locale::En))?;
    let end = example_game("new-shores", 4, 9, |_| false)?;
    save("new-shores-end-phone", &phone(&end, Picture::Turn, Locale::En))?;
    save("fr-new-shores-end-phone", &phone(&end, Picture::Turn, Locale::Fr))?;
    Ok(written)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_pictures_are_written_at_full_size_and_400_px() {
        let dir = std::env::temp_dir().join(format!("seafarers-pictures-{}", std::process::id()));
        let written = super::write_pictures(&dir).unwrap();
        assert!(written.len() >= 30, "{} pictures", written.len());
        for path in &written {
            let img = image::open(path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy();
            if name.ends_with("-400px.png") {
                assert_eq!(img.width(), 400, "{name}");
            } else {
                assert!(img.width() >= 800, "{name}");
            }
        }
        // The zones' picture and a zone's close-up are different pictures of the same step.
        let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
        assert_ne!(read("seafarers-four-islands-setup-zones.png"), read("seafarers-four-islands-setup-zone-2.png"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
