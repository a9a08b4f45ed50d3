//! Board rendering cost against PNG encoding alone.
//!
//! `cargo bench --bench render`. The bar (issue 3): drawing + encoding costs at most twice the
//! encoding of the same-size image. Two pictures: the phone view (the turn message's picture,
//! 800 px wide) of a 5-player board late in the game, a close-up with the drawn tile; and the
//! full end-game board with its panel (what `/board` shows). "cold" empties the renderer's cache
//! first (the first board a process draws); the bot draws many boards, so the warm numbers are
//! its steady state.

use criterion::{Criterion, criterion_group, criterion_main};
use southseas::games::southseas::render::{BoardView, board_image, board_png, clear_caches, encode_png, phone_image, phone_png};
use southseas_engine::{Options, Strategy};
use std::hint::black_box;

fn end_game() -> southseas_engine::Game {
    // Seed 11: a large 5-player board (the final board of a greedy game, as `southseas sim`).
    let (game, _) = southseas::cli::sim::play_game(Options::default(), 5, 11, Strategy::Greedy);
    game
}

fn view() -> BoardView {
    BoardView {
        names: ["Ana", "Bo", "Cy", "Di", "Ed"].iter().map(|s| s.to_string()).collect(),
        since_turn: Some(68),
        show_spots: true,
        ..BoardView::default()
    }
}

fn phone(c: &mut Criterion) {
    // The same game at turn 70: a tile drawn, many open spots, the board past phone size.
    let game = southseas::cli::render::simulate(5, 11, Strategy::Greedy, 70).expect("a simulated game");
    let view = view();
    let img = phone_image(&game, &view);
    eprintln!("phone view {}x{} px, {} bytes as PNG", img.width(), img.height(), encode_png(&img).len());
    let mut g = c.benchmark_group("render_phone_5p_turn70");
    g.bench_function("encode", |b| b.iter(|| encode_png(black_box(&img))));
    g.bench_function("draw+encode", |b| b.iter(|| phone_png(black_box(&game), &view)));
    g.bench_function("draw", |b| b.iter(|| phone_image(black_box(&game), &view)));
    g.bench_function("draw+encode, cold cache", |b| {
        b.iter(|| {
            clear_caches();
            phone_png(black_box(&game), &view)
        })
    });
    g.finish();
}

fn full(c: &mut Criterion) {
    let game = end_game();
    let view = view();
    let img = board_image(&game, &view);
    eprintln!("full board {}x{} px, {} bytes as PNG", img.width(), img.height(), encode_png(&img).len());
    let mut g = c.benchmark_group("render_5p_endgame");
    g.bench_function("encode", |b| b.iter(|| encode_png(black_box(&img))));
    g.bench_function("draw+encode", |b| b.iter(|| board_png(black_box(&game), &view)));
    g.bench_function("draw", |b| b.iter(|| board_image(black_box(&game), &view)));
    g.bench_function("draw+encode, cold cache", |b| {
        b.iter(|| {
            clear_caches();
            board_png(black_box(&game), &view)
        })
    });
    g.finish();
}

/// Seafarers (`cargo bench --bench render -- seafarers`): the phone view and the full board of
/// the end of a greedy 4-player game of The Four Islands, the widest map. "encode" is the PNG
/// encoding alone of the very picture drawn; "cold cache" draws the board's ground afresh (a
/// new frame or map: a discovery, another view), the warm numbers reuse it (the same view
/// again: every turn message between two builds, `/board`).
fn seafarers(c: &mut Criterion) {
    use southseas::games::seafarers::render as sf;
    let scenario = seafarers_engine::Ruleset::CURRENT.scenario("four-islands").expect("a scenario");
    let options = seafarers_engine::Options { pirate: scenario.pirate.is_some() };
    let mut game = seafarers_engine::Game::new(scenario, 4, 11, options).expect("a game");
    let mut bots: Vec<seafarers_engine::Bot> =
        (0..4).map(|s| seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, 11 * 31 + s)).collect();
    while let Some(&p) = game.to_act().first() {
        let action = bots[p].choose(&game, p).expect("a legal action");
        game.apply(p, &action).expect("legal");
    }
    let view = sf::BoardView { names: ["Ana", "Bo", "Cy", "Di"].iter().map(|s| s.to_string()).collect(), spots: Vec::new() };
    for (name, draw, png) in [
        ("seafarers_phone_4p_endgame", sf::phone_image as fn(&_, &_) -> _, sf::phone_png as fn(&_, &_) -> _),
        ("seafarers_full_4p_endgame", sf::full_board_image, sf::full_board_png),
    ] {
        let img = draw(&game, &view);
        eprintln!("{name}: {}x{} px, {} bytes as PNG", img.width(), img.height(), sf::encode_png(&img).len());
        let mut g = c.benchmark_group(name);
        g.bench_function("encode", |b| b.iter(|| sf::encode_png(black_box(&img))));
        g.bench_function("draw+encode", |b| b.iter(|| png(black_box(&game), &view)));
        g.bench_function("draw", |b| b.iter(|| draw(black_box(&game), &view)));
        g.bench_function("draw+encode, cold cache", |b| {
            b.iter(|| {
                sf::clear_caches();
                png(black_box(&game), &view)
            })
        });
        g.finish();
    }
}

criterion_group!(benches, phone, full, seafarers);
criterion_main!(benches);
