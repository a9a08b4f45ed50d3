//! The web view under load: viewers following games live (server-sent events over real HTTP on
//! 127.0.0.1) while steps go on, on one SQLite file, boards drawn as in production.
//!
//! - `VIEWERS` (default 200) viewers on one game, `STEPS` (default 30) steps;
//! - `GAMES` × `PER_GAME` (default 20 × 10) viewers, `STEPS` steps in each game, round robin.
//!
//! For each committed step (the service's `act` returned), the time until each viewer of that
//! game received its update: p50 / p99 / max; the memory each viewer costs (the process's
//! resident memory before and after connecting them, client and server sides together: both
//! run here); and the step itself (`act`, as the service bench measures it) with no viewer and
//! with every viewer connected, side by side.
//!
//! `cargo bench --bench web` (VIEWERS=… GAMES=… PER_GAME=… STEPS=… to change the load).

use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::service::{Actor, Place, Service};
use southseas::store::Store;
use southseas::web::{Settings, Web};
use southseas_engine::{Bot, Strategy};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted.get(((sorted.len().max(1) - 1) as f64 * p).round() as usize).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The process's resident memory (Linux), in kB.
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()))
        .unwrap_or(0)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs benches as tests: stay quick there.
    if !std::env::args().any(|a| a == "--bench") {
        println!("web: run with `cargo bench --bench web`");
        return;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(async {
        let steps = env("STEPS", 30);
        println!("== one game, {} viewers, {steps} steps", env("VIEWERS", 200));
        scenario(1, env("VIEWERS", 200), steps).await;
        println!("== {} games × {} viewers, {steps} steps each", env("GAMES", 20), env("PER_GAME", 10));
        scenario(env("GAMES", 20), env("PER_GAME", 10), steps).await;
    });
}

/// A game in channel `n`: its players and id.
async fn game(service: &Service, n: u64) -> (Place, Vec<Actor>, i64) {
    let place = Place { guild_id: 1, channel_id: 1000 + n };
    let actors: Vec<Actor> = (0..3).map(|i| Actor::new(10_000 * (n + 1) + i, format!("P{i}"))).collect();
    let reply = service.create(place, &actors[0], GameOptions { seed: Some(n + 1), ..GameOptions::default() }).await.expect("create");
    for a in &actors[1..] {
        service.join(place, a).await.expect("join");
    }
    service.start(place, &actors[0]).await.expect("start");
    (place, actors, reply.game.expect("a game").0)
}

/// One step of the game in `place`, by whoever must take it: how long `act` took.
async fn step(service: &Service, place: Place, actors: &[Actor]) -> Option<Duration> {
    let (game, _, _, _) = service.snapshot::<SouthSeas>(place, 0).await.expect("snapshot");
    let seat = game.to_act()?;
    let mut actor = None;
    for a in actors {
        if service.snapshot::<SouthSeas>(place, a.user_id).await.expect("snapshot").2 == Some(seat) {
            actor = Some(a.clone());
        }
    }
    let action = Bot::new(Strategy::Greedy, 1).choose(&game)?;
    let started = Instant::now();
    service.act(place, &actor?, action).await.expect("the step");
    Some(started.elapsed())
}

/// A viewer: reads the game's events and reports (game, version) with the time each came.
async fn viewer(url: String, game: usize, tx: mpsc::UnboundedSender<(usize, i64, Instant)>, ready: mpsc::UnboundedSender<()>) {
    let client: Client<_, Empty<axum::body::Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let response = client.get(url.parse().expect("a URL")).await.expect("events");
    assert_eq!(response.status(), 200, "a viewer was refused");
    let mut body = response.into_body();
    let mut buffer = String::new();
    let mut first = true;
    while let Some(Ok(frame)) = body.frame().await {
        let Ok(data) = frame.into_data() else { continue };
        buffer.push_str(&String::from_utf8_lossy(&data));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            let Some(json) = event.lines().find_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:"))) else { continue };
            let at = Instant::now();
            let version = serde_json::from_str::<serde_json::Value>(json).expect("JSON")["version"].as_i64().expect("a version");
            if first {
                first = false;
                let _ = ready.send(());
            } else if tx.send((game, version, at)).is_err() {
                return;
            }
        }
    }
}

async fn scenario(games: usize, per_game: usize, steps: usize) {
    let dir = std::env::temp_dir().join(format!("southseas-web-bench-{}-{games}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("bench.db");
    let service = Arc::new(Service::new(
        Store::open(&format!("sqlite://{}", db.display())).await.expect("opens"),
        southseas::games::southseas::images(),
    ));
    let mut tables = Vec::new();
    for n in 0..games {
        tables.push(game(&service, n as u64).await);
    }
    // The step alone, no viewer: the service bench's step, for the side by side.
    let mut alone = Vec::new();
    for _ in 0..steps.min(20) {
        for (place, actors, _) in &tables {
            alone.extend(step(&service, *place, actors).await);
        }
    }

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().unwrap();
    let settings = Settings { max_viewers: per_game.max(1), ..Settings::default() };
    let web = Web::new(Arc::clone(&service), settings);
    let serving = Arc::clone(&web);
    tokio::spawn(async move { serving.serve(listener).await.expect("serves") });

    let before = rss_kb();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let (ready_tx, mut ready) = mpsc::unbounded_channel();
    for (g, (_, _, id)) in tables.iter().enumerate() {
        let token = service.web_token(*id).await.expect("a token");
        for _ in 0..per_game {
            tokio::spawn(viewer(format!("http://{addr}/g/{token}/events"), g, tx.clone(), ready_tx.clone()));
        }
    }
    for _ in 0..games * per_game {
        ready.recv().await.expect("a viewer connects");
    }
    // Let the connections settle before reading the memory.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = rss_kb();
    println!(
        "viewers: {} connected ({} in this process's web view); memory {} kB → {} kB: {:.1} kB per viewer (client and server together)",
        games * per_game,
        web.viewers(),
        before,
        after,
        (after.saturating_sub(before)) as f64 / (games * per_game) as f64
    );

    let mut delays = Vec::new();
    let mut watched = Vec::new();
    for _ in 0..steps {
        for (g, (place, actors, _)) in tables.iter().enumerate() {
            let Some(took) = step(&service, *place, actors).await else { continue };
            let committed = Instant::now();
            watched.push(took);
            let version = service.web_watch(tables[g].2).await.expect("a version").expect("a game").0;
            // Every viewer of this game: its update of this version.
            let mut got = 0;
            let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
            while got < per_game {
                let Ok(Some((game, v, at))) = tokio::time::timeout_at(deadline, rx.recv()).await else {
                    panic!("game {g}: {got} of {per_game} viewers had the update after 10 s");
                };
                if game == g && v == version {
                    delays.push(at.saturating_duration_since(committed));
                    got += 1;
                }
            }
        }
    }
    delays.sort();
    println!(
        "committed step → each viewer's update: {} updates, p50 {}, p99 {}, max {}",
        delays.len(),
        ms(percentile(&delays, 0.5)),
        ms(percentile(&delays, 0.99)),
        ms(*delays.last().unwrap_or(&Duration::ZERO))
    );
    alone.sort();
    watched.sort();
    println!(
        "the step (act): without viewers p50 {} p99 {} ({} steps) | with {} viewers p50 {} p99 {} ({} steps)",
        ms(percentile(&alone, 0.5)),
        ms(percentile(&alone, 0.99)),
        alone.len(),
        games * per_game,
        ms(percentile(&watched, 0.5)),
        ms(percentile(&watched, 0.99)),
        watched.len()
    );
    service.store().close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
