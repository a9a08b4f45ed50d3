//! The end of a game: drawing the game-over message's recap picture (the chart of points over
//! the turns, each game's figures, the final board under them) and encoding it, as the bot does
//! when it posts that message (`Service::attach_images`: the log replayed for the recap, drawn,
//! PNG). `cargo bench --bench recap`.
//!
//! Two games played through the service on a SQLite file by the engines' greedy players: a
//! 5-player South Seas game (all 72 tiles: the longest chart and the largest board) and a
//! 4-player game of The Four Islands (Seafarers' largest map). The picture's size is printed.

use criterion::{Criterion, criterion_group, criterion_main};
use southseas::games::Pictures;
use southseas::games::seafarers::{Seafarers, SeafarersOptions};
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::service::{Actor, Place, Reply, Service};
use southseas::store::Store;
use std::hint::black_box;

const PLACE: Place = Place { guild_id: 1, channel_id: 1 };

fn people(n: u64) -> Vec<Actor> {
    ["Ana", "Bo", "Cy", "Di", "Ed"]
        .iter()
        .take(n as usize)
        .enumerate()
        .map(|(i, name)| Actor::new(100 + i as u64, name.to_string()))
        .collect()
}

async fn service(name: &str) -> Service {
    let path = std::env::temp_dir().join(format!("southseas-bench-recap-{name}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let store = Store::open(&format!("sqlite://{}", path.display())).await.expect("a database");
    Service::new(store, None).with_images(Pictures::all())
}

/// The game-over message of a whole 5-player South Seas game.
async fn south_seas() -> (Service, Reply) {
    let service = service("southseas").await;
    let people = people(5);
    service.create(PLACE, &people[0], GameOptions { seed: Some(11), ..GameOptions::default() }).await.expect("create");
    for a in &people[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    service.start(PLACE, &people[0]).await.expect("start");
    let mut seats = Vec::new();
    for a in &people {
        seats.push(service.snapshot::<SouthSeas>(PLACE, a.user_id).await.expect("snapshot").2.expect("seated"));
    }
    let mut last = None;
    for step in 0u64.. {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.expect("snapshot");
        let Some(seat) = game.to_act() else { break };
        let actor = &people[seats.iter().position(|&s| s == seat).expect("a person")];
        let action = southseas_engine::Bot::new(southseas_engine::Strategy::Greedy, 11 ^ step).choose(&game).expect("a move");
        last = Some(service.act(PLACE, actor, action).await.expect("a step"));
    }
    (service, last.expect("a game"))
}

/// The game-over message of a whole 4-player game of The Four Islands.
async fn four_islands() -> (Service, Reply) {
    let service = service("four-islands").await;
    let people = people(4);
    let options = SeafarersOptions { scenario: "four-islands".into(), seed: Some(12), ..SeafarersOptions::default() };
    service.create(PLACE, &people[0], options).await.expect("create");
    for a in &people[1..] {
        service.join(PLACE, a).await.expect("join");
    }
    service.start(PLACE, &people[0]).await.expect("start");
    let mut seats = Vec::new();
    for a in &people {
        seats.push(service.snapshot::<Seafarers>(PLACE, a.user_id).await.expect("snapshot").2.expect("seated"));
    }
    let mut last = None;
    for step in 0u64.. {
        let (game, _, _, _) = service.snapshot::<Seafarers>(PLACE, 0).await.expect("snapshot");
        let Some(&seat) = game.to_act().first() else { break };
        let actor = &people[seats.iter().position(|&s| s == seat).expect("a person")];
        let action = seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, 12 ^ step).choose(&game, seat).expect("a move");
        last = Some(service.act(PLACE, actor, action).await.expect("a step"));
    }
    (service, last.expect("a game"))
}

/// A game played to its end: the service that holds it and its game-over message.
type Ending = std::pin::Pin<Box<dyn std::future::Future<Output = (Service, Reply)>>>;

fn bench(c: &mut Criterion, name: &str, game: fn() -> Ending) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let (service, end) = rt.block_on(game());
    let mut drawn = end.clone();
    rt.block_on(service.attach_images(&mut drawn)).expect("the recap");
    let picture = drawn.images.first().expect("a picture");
    let size = image::load_from_memory(&picture.png).expect("a PNG");
    eprintln!("{name}: {} {}×{} px, {} KiB", picture.name, size.width(), size.height(), picture.png.len() / 1024);
    let mut g = c.benchmark_group(name);
    g.sample_size(20);
    g.bench_function("recap: replay, draw, encode", |b| {
        b.iter(|| {
            let mut reply = end.clone();
            rt.block_on(service.attach_images(black_box(&mut reply))).expect("the recap");
            reply
        })
    });
    g.finish();
}

fn recaps(c: &mut Criterion) {
    bench(c, "recap_southseas_5p", || Box::pin(south_seas()));
    bench(c, "recap_four_islands_4p", || Box::pin(four_islands()));
}

criterion_group!(benches, recaps);
criterion_main!(benches);
