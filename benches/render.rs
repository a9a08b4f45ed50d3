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
    BoardView { names: ["Ana", "Bo", "Cy", "Di", "Ed"].iter().map(|s| s.to_string()).collect(), since_turn: Some(68), show_spots: true }
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

criterion_group!(benches, phone, full);
criterion_main!(benches);
