//! `southseas bench`: the service's speed on a real SQLite file — turns per second over many
//! concurrent games, the latency of one step (load + apply + commit), with the board drawn,
//! and the replay of a whole game. Run it with `--release`.

use crate::service::{Actor, GameOptions, ImageMaker, Place, Service};
use anyhow::Result;
use southseas_engine::{Action, Bot, Game, Options, Setup, Strategy};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// Concurrent games.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Players per game.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Tasks submitting actions at once.
    #[arg(long, default_value_t = 64)]
    pub tasks: usize,
    /// Seconds of load.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// Folder for the benchmark's database (removed afterwards).
    #[arg(long, default_value = "out/bench")]
    pub dir: std::path::PathBuf,
}

pub struct Report {
    pub lines: Vec<String>,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A made-up Discord message id for a step's message.
fn message_id(game: i64, version: i64) -> u64 {
    (game as u64) << 24 | version as u64
}

pub async fn run(args: &BenchArgs, images: Option<ImageMaker>) -> Result<Report> {
    anyhow::ensure!((2..=5).contains(&args.players), "--players must be 2 to 5");
    std::fs::create_dir_all(&args.dir)?;
    let db = args.dir.join("bench.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let url = format!("sqlite://{}", db.display());
    let drawing = images.is_some();
    let mut service = Service::open(&url).await?;
    if let Some(images) = images {
        // Only `attach_images` draws; the load phase measures steps without pictures.
        service = service.with_images(images);
    }
    let service = Arc::new(service);
    let mut lines = Vec::new();

    // Set up: one game per channel, started.
    let t = Instant::now();
    let mut tables = Vec::new();
    for g in 0..args.games {
        let place = Place { guild_id: 1, channel_id: 10_000 + g as u64 };
        let actors: Vec<Actor> = (0..args.players).map(|s| Actor { user_id: (g * 10 + s) as u64 + 1, name: format!("P{s}") }).collect();
        let options = GameOptions { seed: Some(g as u64 + 1), ..GameOptions::default() };
        service.create(place, &actors[0], options).await.map_err(anyhow::Error::new)?;
        for a in &actors[1..] {
            service.join(place, a).await.map_err(anyhow::Error::new)?;
        }
        service.start(place, &actors[0]).await.map_err(anyhow::Error::new)?;
        // Who sits where.
        let mut by_seat = vec![actors[0].clone(); args.players];
        for a in &actors {
            if let Some(seat) = service.snapshot(place, a.user_id).await.map_err(anyhow::Error::new)?.2 {
                by_seat[seat] = a.clone();
            }
        }
        tables.push((place, by_seat));
    }
    lines.push(format!(
        "setup: {} games of {} players created and started in {:.1} s",
        args.games,
        args.players,
        t.elapsed().as_secs_f64()
    ));

    // Load: `tasks` workers, each looping over its share of the games, one action per visit.
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let tables = Arc::new(tables);
    let start = Instant::now();
    let mut workers = Vec::new();
    let tasks = args.tasks;
    for w in 0..tasks {
        let service = Arc::clone(&service);
        let tables = Arc::clone(&tables);
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut turns = 0u64;
            let mut bot = Bot::new(Strategy::Random, w as u64);
            let mut finished = 0;
            'outer: while Instant::now() < deadline {
                for i in (w..tables.len()).step_by(tasks) {
                    if Instant::now() >= deadline {
                        break 'outer;
                    }
                    let (place, seats) = &tables[i];
                    let t = Instant::now();
                    let Ok((game, _, _, _)) = service.snapshot(*place, 0).await else { continue };
                    let Some(seat) = game.to_act() else {
                        finished += 1;
                        continue;
                    };
                    let action = bot.choose(&game).expect("game not over");
                    let reply = service.act(*place, &seats[seat], action).await;
                    if let Ok(Some((game, version))) = reply.as_ref().map(|r| r.game) {
                        // What the bot does next: the message is posted; record it, find what to retire.
                        let _ = service.delivered(game, version, Some(message_id(game, version))).await;
                    }
                    latencies.push(t.elapsed());
                    if let Ok(r) = reply
                        && r.text.contains("your turn: place tile")
                    {
                        turns += 1;
                    }
                }
                if finished >= tables.len().div_ceil(tasks) {
                    break;
                }
            }
            (latencies, turns)
        }));
    }
    let mut latencies = Vec::new();
    let mut turns = 0;
    for w in workers {
        let (l, t) = w.await?;
        latencies.extend(l);
        turns += t;
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    lines.push(format!(
        "load: {} actions, {turns} turns in {elapsed:.1} s over {} games with {} tasks: {:.0} turns/s, {:.0} actions/s",
        latencies.len(),
        args.games,
        args.tasks,
        turns as f64 / elapsed,
        latencies.len() as f64 / elapsed
    ));
    lines.push(format!(
        "step latency (load + apply + commit + record the posted message, under that load): p50 {}, p99 {}, max {}",
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().unwrap_or(&Duration::ZERO))
    ));

    // One player at a time (no queueing behind other tasks): the latency a player feels, over
    // fresh games so that every step is a real turn step.
    let mut solo = Vec::new();
    let mut with_board = Vec::new();
    let mut bot = Bot::new(Strategy::Random, 99);
    for g in 0..3 {
        let place = Place { guild_id: 1, channel_id: 1 + g };
        let actors: Vec<Actor> = (0..args.players).map(|s| Actor { user_id: 900_000 + g * 10 + s as u64, name: format!("S{s}") }).collect();
        service
            .create(place, &actors[0], GameOptions { seed: Some(500 + g), ..GameOptions::default() })
            .await
            .map_err(anyhow::Error::new)?;
        for a in &actors[1..] {
            service.join(place, a).await.map_err(anyhow::Error::new)?;
        }
        service.start(place, &actors[0]).await.map_err(anyhow::Error::new)?;
        loop {
            let (game, _, _, _) = service.snapshot(place, 0).await.map_err(anyhow::Error::new)?;
            let Some(seat) = game.to_act() else { break };
            let mut actor = actors[0].clone();
            for a in &actors {
                if service.snapshot(place, a.user_id).await.map_err(anyhow::Error::new)?.2 == Some(seat) {
                    actor = a.clone();
                }
            }
            let action = bot.choose(&game).expect("not over");
            let t = Instant::now();
            let mut reply = service.act(place, &actor, action).await.map_err(anyhow::Error::new)?;
            let acted = t.elapsed();
            let t = Instant::now();
            if drawing {
                service.attach_images(&mut reply).await.map_err(anyhow::Error::new)?;
            }
            let drawn = t.elapsed();
            // Then the message is posted; the bot records it and finds what to retire.
            let t = Instant::now();
            let (game, version) = reply.game.expect("a step's reply names its game");
            service.delivered(game, version, Some(message_id(game, version))).await.map_err(anyhow::Error::new)?;
            let recorded = t.elapsed();
            solo.push(acted + recorded);
            if drawing {
                with_board.push(acted + drawn + recorded);
            }
        }
    }
    solo.sort();
    with_board.sort();
    lines.push(format!(
        "step latency, one player alone: p50 {}, p99 {} ({} steps)",
        ms(percentile(&solo, 0.5)),
        ms(percentile(&solo, 0.99)),
        solo.len()
    ));
    if !with_board.is_empty() {
        lines.push(format!(
            "step latency with the turn picture drawn (phone view PNG): p50 {}, p99 {}",
            ms(percentile(&with_board, 0.5)),
            ms(percentile(&with_board, 0.99))
        ));
    }

    // Replay of a whole game from its log.
    let mut game = Game::from_setup(Setup::standard(Options::default(), 4, 7))?;
    let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(Strategy::Greedy, s)).collect();
    let mut actions: Vec<Action> = Vec::new();
    while let Some(seat) = game.to_act() {
        let a = bots[seat].choose(&game).expect("not over");
        game.apply(&a)?;
        actions.push(a);
    }
    let mut replays = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        let g = Game::replay(Setup::standard(Options::default(), 4, 7), &actions).map_err(|(i, e)| anyhow::anyhow!("action {i}: {e}"))?;
        replays.push(t.elapsed());
        std::hint::black_box(g);
    }
    replays.sort();
    lines.push(format!(
        "replay of a whole {}-turn game ({} actions): median {}, p99 {}",
        game.turn(),
        actions.len(),
        ms(percentile(&replays, 0.5)),
        ms(percentile(&replays, 0.99))
    ));

    service.store().close().await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    Ok(Report { lines })
}
