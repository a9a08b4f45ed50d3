//! `southseas demo`: a whole game between computer players, played through the same service
//! the Discord commands use, written to a folder as board images and a transcript.

use crate::games::contract::Rules;
use crate::games::southseas::text;
use crate::games::southseas::{GameOptions, ImageMaker, SouthSeas};
use crate::service::{Actor, Place, Reply, Service};
use anyhow::{Context, Result};
use southseas_engine::{Bot, RetrieveRule, Strategy};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args, Clone, Debug)]
pub struct DemoArgs {
    /// Which game: southseas or seafarers.
    #[arg(long, default_value = "southseas")]
    pub game: String,
    /// Catan: Seafarers' scenario (new-shores, four-islands, ocean-land, through-the-desert,
    /// new-world, base).
    #[arg(long, default_value = "new-shores")]
    pub scenario: String,
    /// Players (South Seas 2 to 5; Seafarers as its scenario says, 3 or 4).
    #[arg(long, default_value_t = 3)]
    pub players: usize,
    /// Seed of the game (tile and ship order, seats); random when not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Computer player: a strength (easy, medium, hard), hard:PLAYOUTS, greedy or random.
    #[arg(long, default_value = "greedy")]
    pub ai: Strategy,
    /// Retrieve rule: empty-supply or any-turn.
    #[arg(long, default_value = "empty-supply")]
    pub retrieve: RetrieveRule,
    /// Folder for the images, the transcript and the game's database.
    #[arg(long, default_value = "out/demo")]
    pub out: PathBuf,
    /// Serve the game's web page while it is played (on ADDR; without one on 127.0.0.1:8033),
    /// a step every `--pace` milliseconds, and go on serving it after the end until Ctrl-C.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8033")]
    pub web: Option<std::net::SocketAddr>,
    /// With `--web`: milliseconds between steps, to watch them come.
    #[arg(long, default_value_t = 700)]
    pub pace: u64,
}

const NAMES: [&str; 5] = ["Ana", "Bruno", "Chen", "Dara", "Emi"];
const PLACE: Place = Place { guild_id: 1, channel_id: 1 };

/// What the demo wrote.
pub struct DemoOutput {
    pub folder: PathBuf,
    pub transcript: PathBuf,
    pub images: usize,
    pub actions: usize,
    /// The finished game's timelapse, when the demo draws pictures.
    pub timelapse: Option<PathBuf>,
}

pub async fn run(args: &DemoArgs, images: Option<ImageMaker>) -> Result<DemoOutput> {
    let (lo, hi) = (*SouthSeas::PLAYERS.start(), *SouthSeas::PLAYERS.end());
    anyhow::ensure!((lo..=hi).contains(&args.players), "--players must be {lo} to {hi}");
    let mut service = fresh_service(&args.out).await?;
    if let Some(images) = images {
        service = service.with_images(images);
    }
    let service = Arc::new(service);
    let (actors, seed) = (demo_players(args.players), demo_seed(args));
    let mut transcript = String::new();
    let _ = writeln!(transcript, "# South Seas demo game (seed {seed}, {} players, {:?} bots)\n", args.players, args.ai);
    let mut log = |who: &str, command: &str, reply: &Reply, image: Option<&str>| {
        let _ = writeln!(transcript, "**{who}** `{command}`\n");
        for line in mention_as_name(reply, &actors).lines() {
            let _ = writeln!(transcript, "> {line}");
        }
        if let Some(name) = image {
            let _ = writeln!(transcript, "\n![board]({name})");
        }
        let _ = writeln!(transcript);
    };

    let options = GameOptions { retrieve: args.retrieve, seed: Some(seed), ..GameOptions::default() };
    let reply = service.create(PLACE, &actors[0], options).await.map_err(anyhow::Error::new)?;
    log(&actors[0].name, "/new", &reply, None);
    for a in &actors[1..] {
        let reply = service.join(PLACE, a).await.map_err(anyhow::Error::new)?;
        log(&a.name, "Join", &reply, None);
    }
    let mut reply = service.start(PLACE, &actors[0]).await.map_err(anyhow::Error::new)?;
    let pace = serve_web(args, &service, &reply).await?;
    let mut written = 0;
    let mut image = write_images(&service, &mut reply, &args.out, "turn-001.png", &mut written).await?;
    log(&actors[0].name, "Start", &reply, image.as_deref());

    let mut bots: Vec<Bot> = (0..args.players).map(|s| Bot::new(args.ai, seed.wrapping_add(s as u64))).collect();
    let mut actions = 0;
    loop {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.map_err(anyhow::Error::new)?;
        let Some(seat) = game.to_act() else { break };
        let mut actor = None;
        for a in &actors {
            if service.snapshot::<SouthSeas>(PLACE, a.user_id).await.map_err(anyhow::Error::new)?.2 == Some(seat) {
                actor = Some(a.clone());
            }
        }
        let actor = actor.context("nobody sits at the active seat")?;
        let action = bots[seat].choose(&game).context("the game is not over")?;
        let turn = game.turn();
        reply = service.act(PLACE, &actor, action).await.map_err(anyhow::Error::new)?;
        actions += 1;
        if let Some(pace) = pace {
            tokio::time::sleep(pace).await;
        }
        let (after, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.map_err(anyhow::Error::new)?;
        // One board image per turn, as it starts, and the final board.
        image = if after.is_over() {
            write_images(&service, &mut reply, &args.out, "final.png", &mut written).await?
        } else if after.turn() != turn {
            write_images(&service, &mut reply, &args.out, &format!("turn-{:03}.png", after.turn()), &mut written).await?
        } else {
            None
        };
        log(&actor.name, &what_they_did(&game, &action), &reply, image.as_deref());
    }
    finish(&service, args, transcript, written, actions, pace).await
}

/// A whole Catan: Seafarers game between greedy computer players, through the service as a
/// table of people would play it (each decision taken as its player's step), written as for
/// South Seas: a transcript, each turn's picture, the final board.
pub async fn run_seafarers(args: &DemoArgs, images: Option<crate::games::seafarers::ImageMaker>) -> Result<DemoOutput> {
    use crate::games::seafarers::{Seafarers, SeafarersOptions};
    // The scenario's own limits (its file's), within the game's.
    let scenario = seafarers_engine::Ruleset::CURRENT.scenario(&args.scenario).map_err(|e| anyhow::anyhow!("--scenario: {e}"))?;
    let (lo, hi) = (scenario.min_players, scenario.max_players);
    anyhow::ensure!((lo..=hi).contains(&args.players), "--players must be {lo} to {hi} for Catan: Seafarers' {}", args.scenario);
    let mut service = fresh_service(&args.out).await?;
    if let Some(images) = images {
        service = service.with_images(images);
    }
    let service = Arc::new(service);
    let (actors, seed) = (demo_players(args.players), demo_seed(args));
    // `--ai` by its name (easy, medium, hard, hard:N, random, greedy), which both games read.
    let ai: seafarers_engine::Strategy = args.ai.to_string().parse().map_err(anyhow::Error::msg)?;
    let mut transcript = String::new();
    let _ = writeln!(transcript, "# Catan: Seafarers demo game ({}, seed {seed}, {} players, {ai} bots)\n", args.scenario, args.players);
    let mut log = |who: &str, command: &str, reply: &Reply, image: Option<&str>| {
        let _ = writeln!(transcript, "**{who}** `{command}`\n");
        for line in mention_as_name(reply, &actors).lines() {
            let _ = writeln!(transcript, "> {line}");
        }
        if let Some(name) = image {
            let _ = writeln!(transcript, "\n![board]({name})");
        }
        let _ = writeln!(transcript);
    };
    let options = SeafarersOptions { scenario: args.scenario.clone(), seed: Some(seed), ..SeafarersOptions::default() };
    let reply = service.create(PLACE, &actors[0], options).await.map_err(anyhow::Error::new)?;
    log(&actors[0].name, "/new game: Catan: Seafarers", &reply, None);
    for a in &actors[1..] {
        let reply = service.join(PLACE, a).await.map_err(anyhow::Error::new)?;
        log(&a.name, "Join", &reply, None);
    }
    let mut reply = service.start(PLACE, &actors[0]).await.map_err(anyhow::Error::new)?;
    let pace = serve_web(args, &service, &reply).await?;
    let mut written = 0;
    let image = write_images(&service, &mut reply, &args.out, "turn-000.png", &mut written).await?;
    log(&actors[0].name, "Start", &reply, image.as_deref());
    let mut seats = Vec::new();
    for a in &actors {
        seats.push(service.snapshot::<Seafarers>(PLACE, a.user_id).await.map_err(anyhow::Error::new)?.2.context("seated")?);
    }
    let mut actions = 0;
    loop {
        let (game, _, _, names) = service.snapshot::<Seafarers>(PLACE, 0).await.map_err(anyhow::Error::new)?;
        let Some(&seat) = game.to_act().first() else { break };
        let actor = actors[seats.iter().position(|&s| s == seat).context("nobody sits at the seat")?].clone();
        let mut bot = seafarers_engine::Bot::new(ai, seed ^ actions as u64);
        let action = bot.choose(&game, seat).context("a decision is owed")?;
        let turn = game.turn();
        reply = service.act(PLACE, &actor, action).await.map_err(anyhow::Error::new)?;
        actions += 1;
        if let Some(pace) = pace {
            tokio::time::sleep(pace).await;
        }
        let (after, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.map_err(anyhow::Error::new)?;
        let image = if after.is_over() {
            write_images(&service, &mut reply, &args.out, "final.png", &mut written).await?
        } else if after.turn() != turn {
            write_images(&service, &mut reply, &args.out, &format!("turn-{:03}.png", after.turn()), &mut written).await?
        } else {
            None
        };
        let names = crate::games::seafarers::text::Names::new(names);
        let labels = crate::games::seafarers::spots::Labels::for_seat(&game, seat);
        log(
            &actor.name,
            &format!("[{}]", crate::games::seafarers::text::action_label(&game, &names, &labels, &action)),
            &reply,
            image.as_deref(),
        );
    }
    finish(&service, args, transcript, written, actions, pace).await
}

/// With `--web`: serves the web view of the demo's game (the one `reply` is about) and prints
/// its page's address; the pause between steps.
async fn serve_web(args: &DemoArgs, service: &Arc<Service>, reply: &Reply) -> Result<Option<Duration>> {
    let Some(addr) = args.web else { return Ok(None) };
    let (id, _) = reply.game.context("the started game")?;
    let token = service.web_token(id).await.map_err(anyhow::Error::new)?;
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("--web {addr}: cannot listen there"))?;
    let web = crate::web::Web::new(Arc::clone(service), crate::web::Settings::default());
    tokio::spawn(async move {
        if let Err(e) = web.serve(listener).await {
            tracing::error!("the web view stopped: {e}");
        }
    });
    println!("Watch the game live: http://{addr}/g/{token}/");
    Ok(Some(Duration::from_millis(args.pace)))
}

/// The demo's own database, new each run, in `out`.
async fn fresh_service(out: &Path) -> Result<Service> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let db = out.join("demo.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    Service::open(&format!("sqlite://{}", db.display())).await
}

/// The demo's players, by name.
fn demo_players(n: usize) -> Vec<Actor> {
    NAMES.iter().take(n).enumerate().map(|(i, name)| Actor::new(100 + i as u64, name.to_string())).collect()
}

/// The seed asked for, else one from the clock.
fn demo_seed(args: &DemoArgs) -> u64 {
    args.seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()))
}

/// Writes the reply's board image as `name`; returns the name.
async fn write_images(service: &Service, reply: &mut Reply, out: &Path, name: &str, written: &mut usize) -> Result<Option<String>> {
    service.attach_images(reply).await.map_err(anyhow::Error::new)?;
    let Some(board) = reply.images.first() else { return Ok(None) };
    std::fs::write(out.join(name), &board.png).with_context(|| format!("cannot write {name}"))?;
    *written += 1;
    Ok(Some(name.to_string()))
}

/// The end of a demo game, the same for both games: the timelapse the channel would get after
/// the game-over message (linked from the transcript), the transcript written, the web view
/// served on until Ctrl-C when it was asked for.
async fn finish(
    service: &Service,
    args: &DemoArgs,
    mut transcript: String,
    written: usize,
    actions: usize,
    pace: Option<Duration>,
) -> Result<DemoOutput> {
    let timelapse = write_timelapse(service, &args.out).await?;
    if let Some(name) = &timelapse {
        let _ = writeln!(
            transcript,
            "🎞️ The whole game, step by step (the channel gets it after the game-over message):\n\n![timelapse]({name})"
        );
    }
    let transcript_path = args.out.join("transcript.md");
    std::fs::write(&transcript_path, transcript).with_context(|| format!("cannot write {}", transcript_path.display()))?;
    if pace.is_some() {
        println!("The game is over; its page is still served. Ctrl-C stops.");
        tokio::signal::ctrl_c().await?;
    }
    service.store().close().await;
    Ok(DemoOutput {
        folder: args.out.clone(),
        transcript: transcript_path,
        images: written,
        actions,
        timelapse: timelapse.map(|n| args.out.join(n)),
    })
}

/// Writes the finished game's timelapse, the message the channel gets after the game-over one,
/// as `timelapse.gif`; returns its name (None when the demo draws no pictures).
async fn write_timelapse(service: &Service, out: &Path) -> Result<Option<String>> {
    let replay = service.replay(PLACE, None, crate::i18n::Locale::En).await.map_err(anyhow::Error::new)?;
    let Some(gif) = replay.timelapse.images.first() else { return Ok(None) };
    let name = crate::service::timelapse::TIMELAPSE_FILE;
    std::fs::write(out.join(name), &gif.png).with_context(|| format!("cannot write {name}"))?;
    Ok(Some(name.to_string()))
}

/// The step as the player took it in Discord: the command, or the button they pressed.
fn what_they_did(game: &southseas_engine::Game, action: &southseas_engine::Action) -> String {
    match *action {
        southseas_engine::Action::PlaceTile { pos, rotation } => {
            let label = game.placement_spots().into_iter().find(|s| s.pos == pos).map_or_else(|| "?".into(), |s| s.label);
            format!("/place {label} {}", rotation.degrees())
        }
        _ => format!("[{}]", text::action_label(game, action, crate::i18n::Locale::En)),
    }
}

/// The reply's text as a player reads it in Discord (a mention in it shows as @Name), and a 🔔
/// with each person Discord notifies: those it mentions, only in a new message (an edit never
/// notifies).
fn mention_as_name(reply: &Reply, actors: &[Actor]) -> String {
    let mut text = reply.text.clone();
    for a in actors {
        text = text.replace(&format!("<@{}>", a.user_id), &format!("@{}", a.name));
    }
    let mut pinged: Vec<u64> = Vec::new();
    if reply.delivery.is_new_message() {
        for id in reply.mention.into_iter().chain(reply.more_mentions.iter().copied()) {
            if !pinged.contains(&id) {
                pinged.push(id);
            }
        }
    }
    let names: Vec<String> =
        pinged.iter().filter_map(|id| actors.iter().find(|a| a.user_id == *id)).map(|a| format!("🔔 {}", a.name)).collect();
    if names.is_empty() { text } else { format!("{text} {}", names.join(" ")) }
}
