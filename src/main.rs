//! The `southseas` binary: thin glue that parses the command line and calls the library.

use anyhow::Result;
use clap::{Parser, Subcommand};
use southseas::cli::{backup, bench, deal, demo, render, replay, script, seafarers, sim, tiles, timelapse, versus};
use southseas::{config, games};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "southseas", version, about = "Carcassonne: South Seas on Discord, and the tools around it")]
struct Cli {
    /// Without a command: run the bot (`serve`).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN; see .env.example).
    Serve(ServeArgs),
    /// Register the slash commands with Discord (in DEV_GUILD_ID if set, else globally) and
    /// exit. For deployments that run `serve` with SOUTHSEAS_REGISTER=off.
    Register,
    /// Play a whole game between computer players through the bot's service, and write the
    /// board of every turn and a transcript of the messages to a folder.
    Demo(demo::DemoArgs),
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
    /// Write the board PNG (and the drawn tile) of a scenario file or of a simulated game.
    Render(render::RenderArgs),
    /// Measure the service on a real SQLite file: turns per second over many concurrent
    /// games, step latency with and without the board, replay of a whole game.
    Bench(bench::BenchArgs),
    /// Catan: Seafarers' engine: simulate games, run a script file.
    #[command(subcommand)]
    Seafarers(seafarers::SeafarersCommand),
    /// Copy the live database (DATABASE_URL) to a new file, safely while the bot runs.
    Backup { file: PathBuf },
    /// Write a game's public history (every step, every tile drawn and die rolled) from the
    /// database (DATABASE_URL), for `verify`. Players get the same file from `/history`.
    History {
        /// The game's number (its messages and `/status` name it).
        game: i64,
        /// Write it to this file instead of printing it.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check a game's deal from its public history alone: the seed and salt its game-over
    /// message revealed must hash to the commitment its first message published, and replaying
    /// the history from that seed must give exactly the tiles, ships and dice it shows. Exits 1
    /// when they differ, naming the first difference.
    Verify {
        /// The public history (from `/history` of the finished game, or `southseas history`).
        file: PathBuf,
        /// The seed the game-over message revealed.
        #[arg(long)]
        seed: u64,
        /// The salt the game-over message revealed.
        #[arg(long)]
        salt: String,
        /// The commitment the game's first message published (default: the one the file names).
        #[arg(long)]
        commitment: Option<String>,
    },
    /// Write every step's picture of a finished game (the opening, then after each step) from
    /// the database (DATABASE_URL) to a folder, as PNGs, and its timelapse (timelapse.gif).
    Replay {
        /// The game's number.
        game: i64,
        #[arg(long, default_value = "out/replay")]
        out: PathBuf,
    },
    /// Write the example timelapses of docs/ (a 5-player South Seas game and a game of The Four
    /// Islands, played by computer players from fixed seeds), each at most 3 MiB.
    Timelapse {
        #[arg(long, default_value = "docs")]
        out: PathBuf,
    },
    /// Put a backup in place of the database (DATABASE_URL); stop the bot first. The current
    /// database is moved aside, never deleted.
    Restore { file: PathBuf },
}

#[derive(clap::Args, Default)]
struct ServeArgs {
    /// For acceptance testing only: the game clock runs N times faster than real time (3600: an
    /// hour a second), so reminders and deadlines come in seconds. Refused unless
    /// SOUTHSEAS_ALLOW_FAST_CLOCK=testing-only is set too. Never for real games.
    #[arg(long, value_name = "N")]
    fast_clock: Option<u32>,
}

fn main() -> ExitCode {
    init_tracing();
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
    match cli.command.unwrap_or(Command::Serve(ServeArgs::default())) {
        Command::Serve(args) => serve(args),
        Command::Register => register(),
        Command::Demo(args) => {
            let out = match args.game.as_str() {
                "southseas" => runtime()?.block_on(demo::run(&args, Some(games::southseas::images())))?,
                "seafarers" => runtime()?.block_on(demo::run_seafarers(&args, Some(games::seafarers::images())))?,
                other => anyhow::bail!("--game must be southseas or seafarers, not `{other}`"),
            };
            println!(
                "Demo game finished: {} actions, {} board images.\n  transcript: {}\n  boards:     {}/turn-*.png and final.png",
                out.actions,
                out.images,
                out.transcript.display(),
                out.folder.display()
            );
            if let Some(timelapse) = &out.timelapse {
                println!("  timelapse:  {}", timelapse.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Script { file, events } => script::run(&file, events),
        Command::Bench(args) => {
            for line in runtime()?.block_on(bench::run(&args, Some(games::southseas::images())))?.lines {
                println!("{line}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Backup { file } => {
            let url = config::Config::from_env()?.database_url;
            let games = runtime()?.block_on(backup::backup(&url, &file))?;
            println!(
                "Backed up {url} to {} ({}). Restore it with: southseas restore {}",
                file.display(),
                games_count(games),
                file.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Restore { file } => {
            let url = config::Config::from_env()?.database_url;
            let (aside, games) = runtime()?.block_on(backup::restore(&url, &file))?;
            if let Some(aside) = aside {
                println!("The database that was there is kept as {}.", aside.display());
            }
            println!("Restored {} ({}) as {url}. Start the bot again.", file.display(), games_count(games));
            Ok(ExitCode::SUCCESS)
        }
        Command::History { game, out } => {
            let url = config::Config::from_env()?.database_url;
            let text = runtime()?.block_on(deal::history(&url, game))?;
            match out {
                Some(file) => {
                    std::fs::write(&file, text)?;
                    println!("Wrote the public history of game {game} to {}.", file.display());
                }
                None => print!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Verify { file, seed, salt, commitment } => {
            let (honest, report) = deal::verify(&file, seed, &salt, commitment.as_deref())?;
            print!("{report}");
            Ok(if honest { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Replay { game, out } => {
            let url = config::Config::from_env()?.database_url;
            let written = runtime()?.block_on(replay::run(&url, game, &out))?;
            println!("Wrote {} pictures of game {game} and {} to {}.", written.len(), replay::TIMELAPSE, out.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Timelapse { out } => {
            for (path, made) in timelapse::write_examples(&out)? {
                println!("Wrote {} ({made:?}).", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Seafarers(command) => seafarers::run_command(command),
        Command::Tiles => {
            let (tiles, ships) = southseas_engine::standard::load()?;
            print!("{}", tiles::spread(&tiles, &ships));
            Ok(ExitCode::SUCCESS)
        }
        Command::Render(args) => render::run(&args),
        Command::Sim(args) if args.versus.is_some() => {
            print!("{}", versus::run(&args)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Sim(args) => {
            let report = sim::run(&args)?;
            print!("{report}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,serenity=warn,sqlx=warn".into());
    // Colours only on a terminal: a log written to a file or a service journal stays plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi).init();
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread().enable_all().build()?)
}

/// Registers the slash commands and exits.
fn register() -> Result<ExitCode> {
    let config = config::Config::from_env()?;
    let Some(discord) = config.discord() else {
        eprintln!("{}", config::NO_TOKEN);
        return Ok(ExitCode::from(2));
    };
    let n = runtime()?.block_on(southseas::discord::register(&discord))?;
    match config.dev_guild {
        Some(guild) => println!("Registered {n} slash commands in server {guild} (they appear at once)."),
        None => println!("Registered {n} slash commands globally (Discord may take up to an hour to show them everywhere)."),
    }
    Ok(ExitCode::SUCCESS)
}

/// main: config, tracing, pool + migrations, then the framework until Ctrl-C.
fn serve(args: ServeArgs) -> Result<ExitCode> {
    let config = config::Config::from_env()?;
    let fast_clock = match config::fast_clock(args.fast_clock, std::env::var(config::ALLOW_FAST_CLOCK).ok().as_deref()) {
        Ok(speed) => speed,
        Err(why) => {
            eprintln!("error: {why}");
            return Ok(ExitCode::from(2));
        }
    };
    let Some(discord) = config.discord() else {
        eprintln!("{}", config::NO_TOKEN);
        return Ok(ExitCode::from(2));
    };
    runtime()?.block_on(async {
        let mut service = southseas::service::Service::open(&config.database_url)
            .await?
            .with_images(games::Pictures::all())
            .with_instance(&config.instance)
            .with_public_url(config.public_url.as_deref());
        if let Some(speed) = fast_clock {
            tracing::warn!(speed, "FAST CLOCK, for acceptance testing only: reminders and deadlines come {speed} times sooner");
            service = service.with_clock(southseas::service::clock::FastClock::new(speed));
        }
        tracing::info!(
            instance = %config.instance,
            shards = %config.shards,
            register = config.register && config.shards.runs_designated_shard(),
            database = %southseas::store::redact(&config.database_url),
            dev_guild = ?config.dev_guild,
            "starting"
        );
        let service = std::sync::Arc::new(service);
        let web = serve_web(std::sync::Arc::clone(&service), config.web_addr, config.web_max_viewers);
        tokio::select! {
            result = southseas::discord::run(discord, std::sync::Arc::clone(&service)) => result?,
            result = web => result?,
            _ = tokio::signal::ctrl_c() => tracing::info!("shutting down"),
        }
        service.store().close().await;
        Ok(ExitCode::SUCCESS)
    })
}

/// The web view of every game on `addr` (None: off), until the process ends; its address is
/// logged (never a game's token).
async fn serve_web(
    service: std::sync::Arc<southseas::service::Service>,
    addr: Option<std::net::SocketAddr>,
    max_viewers: usize,
) -> Result<()> {
    let Some(addr) = addr else {
        tracing::info!("web view off (WEB_ADDR=off)");
        std::future::pending::<()>().await;
        return Ok(());
    };
    // The web view is beside the game, never in its way: a process that cannot listen there (a
    // second shard on the same machine, the port taken) goes on playing without it, and says so.
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(%addr, "web view off: cannot listen on WEB_ADDR {addr}: {e} (set WEB_ADDR to a free address, or off)");
            std::future::pending::<()>().await;
            return Ok(());
        }
    };
    tracing::info!(%addr, "web view of every game at http://{addr}/g/TOKEN/ (a game's link carries its token)");
    let settings = southseas::web::Settings { max_viewers, ..southseas::web::Settings::default() };
    southseas::web::Web::new(service, settings).serve(listener).await?;
    Ok(())
}

/// "1 game", "3 games": the tools' own English (the command line is not localized).
fn games_count(n: i64) -> String {
    if n == 1 { "1 game".to_string() } else { format!("{n} games") }
}
