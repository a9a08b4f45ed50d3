//! How fast the real bot acknowledges slash commands under a burst, through the Discord
//! protocol double: `CHANNELS` games (default 400), each sends a typed move at the same
//! instant, for `ROUNDS` rounds (default 4), with boards drawn as in production. Discord drops
//! an interaction not acknowledged within 3 s; the bot acknowledges before any database or
//! image work, so the acknowledgement should not wait for the burst's work.
//!
//! `cargo bench --bench discord_ack` (CHANNELS=… ROUNDS=… to change the load). Prints the
//! acknowledgement latency (dispatch → callback) and the completion latency (dispatch → the
//! move posted), p50 / p99 / max, and how many acknowledgements came later than 3 s.

#[path = "../tests/it/discord_double/mod.rs"]
mod discord_double;

use discord_double::{self as dd, Double, Member, Options, ResponseKind};
use southseas::discord::DiscordConfig;
use southseas::games::southseas::GameOptions;
use southseas::games::southseas::{SouthSeas, codes::Code};
use southseas::service::{Actor, Place, Service};
use southseas_engine::{Action, Bot, Strategy};
use std::sync::Arc;
use std::time::Duration;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted.get(((sorted.len().max(1) - 1) as f64 * p).round() as usize).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn command_for(action: Action) -> (&'static str, &'static str) {
    match action {
        Action::PlaceTile { .. } => ("place", "spot"),
        Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } | Action::SkipIslander => ("islander", "choice"),
        Action::ChooseShip { .. } => ("ship", "choice"),
        Action::Deliver { .. } => ("deliver", "ship"),
        Action::Pay { .. } => ("pay", "payment"),
        Action::EndTurn => ("endturn", ""),
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs benches as tests: stay quick there.
    if !std::env::args().any(|a| a == "--bench") {
        println!("discord_ack: run with `cargo bench --bench discord_ack`");
        return;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(run(env("CHANNELS", 400), env("ROUNDS", 4)));
}

async fn run(channels: usize, rounds: usize) {
    let dir = std::env::temp_dir().join(format!("southseas-ack-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    // Nobody waits on the double's timeouts here: the bench reports what it sees.
    let double = Double::start_with(Options { wait_timeout: Duration::from_secs(300), ..Options::default() }).await;
    // The games, set up through a service of the bench's own.
    let setup = Service::open(&url).await.expect("database");
    let places: Vec<Place> = (0..channels).map(|i| Place { guild_id: dd::GUILD_ID, channel_id: dd::CHANNEL_ID + 1 + i as u64 }).collect();
    let (ana, ben) = (Member::new(5001, "ana"), Member::new(5002, "ben"));
    let actor = |m: &Member| Actor::new(m.id, m.username.clone());
    for (i, place) in places.iter().enumerate() {
        setup.create(*place, &actor(&ana), GameOptions { seed: Some(i as u64), ..GameOptions::default() }).await.expect("create");
        setup.join(*place, &actor(&ben)).await.expect("join");
        setup.start(*place, &actor(&ana)).await.expect("start");
        let (game, version, _, _) = setup.snapshot::<SouthSeas>(*place, 0).await.expect("snapshot");
        // Its opening message is the bot's to post: mark it delivered, as if long done.
        let id = setup.status(*place, southseas::i18n::Locale::En).await.expect("status").game.expect("game").0;
        setup.delivered(id, version, None, None).await.expect("delivered");
        let _ = game;
    }
    let service = Arc::new(Service::open(&url).await.expect("database").with_images(southseas::games::southseas::images()));
    let config = DiscordConfig::new(dd::TOKEN, Some(dd::GUILD_ID), Some(double.url()));
    let bot = tokio::spawn(southseas::discord::run(config, service));
    double.wait_for_identify().await;
    double.wait_for_commands().await;

    let (mut acks, mut done, mut late) = (Vec::new(), Vec::new(), 0);
    for round in 0..rounds {
        // Every game's next move, typed by whoever must act.
        let mut interactions = Vec::new();
        for (i, place) in places.iter().enumerate() {
            let (game, _, seat, _) = setup.snapshot::<SouthSeas>(*place, ana.id).await.expect("snapshot");
            let Some(to_act) = game.to_act() else { continue };
            let who = if seat == Some(to_act) { &ana } else { &ben };
            let action = Bot::new(Strategy::Random, (round * channels + i) as u64).choose(&game).expect("a move");
            let (name, option) = command_for(action);
            let code = Code::Act(action).code();
            let slash = if option.is_empty() { dd::slash(name, who) } else { dd::slash(name, who).string(option, &code) };
            interactions.push(slash.in_channel(place.channel_id));
        }
        // All at once.
        let ids = futures_util::future::join_all(interactions.into_iter().map(|i| double.interact(i))).await;
        for id in ids {
            let responses = double.wait_response(id, 2).await;
            let ack = responses[0].elapsed.expect("timed");
            if ack > Duration::from_secs(3) {
                late += 1;
            }
            acks.push(ack);
            if let Some(end) = responses.iter().find(|r| r.kind == ResponseKind::DeleteOriginal).and_then(|r| r.elapsed) {
                done.push(end);
            }
        }
    }
    let refused = double.unexpected().len();
    bot.abort();
    acks.sort();
    done.sort();
    println!("discord_ack: {channels} channels × {rounds} rounds, every channel's typed move at the same instant, boards drawn");
    println!(
        "  acknowledgement (dispatch → callback): p50 {}  p99 {}  max {}  ({} of {} later than 3 s; {refused} requests refused by the double)",
        ms(percentile(&acks, 0.5)),
        ms(percentile(&acks, 0.99)),
        ms(acks.last().copied().unwrap_or_default()),
        late,
        acks.len()
    );
    println!(
        "  move posted (dispatch → done):          p50 {}  p99 {}  max {}  ({} moves)",
        ms(percentile(&done, 0.5)),
        ms(percentile(&done, 0.99)),
        ms(done.last().copied().unwrap_or_default()),
        done.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
