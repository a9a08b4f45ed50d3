//! Board rendering cost against PNG encoding alone, on a full 5-player end-game board.
//!
//! `cargo bench --bench render`. The bar (issue 3): drawing + encoding costs at most twice the
//! encoding of the same-size image. "cold" empties the renderer's cache first (the first board a
//! process draws); the bot draws many boards, so the warm numbers are its steady state.

use criterion::{Criterion, criterion_group, criterion_main};
use southseas::render::{BoardView, board_image, board_png, clear_caches, encode_png};
use southseas_engine::{Options, Strategy};
use std::hint::black_box;

fn end_game() -> southseas_engine::Game {
    // Seed 11: a large 5-player board (the final board of a greedy game, as `southseas sim`).
    let (game, _) = southseas::sim::play_game(Options::default(), 5, 11, Strategy::Greedy);
    game
}

fn render(c: &mut Criterion) {
    let game = end_game();
    let view = BoardView {
        names: ["Ana", "Bo", "Cy", "Di", "Ed"].iter().map(|s| s.to_string()).collect(),
        since_turn: Some(68),
        show_spots: true,
    };
    let img = board_image(&game, &view);
    eprintln!("board {}x{} px, {} bytes as PNG", img.width(), img.height(), encode_png(&img).len());
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

criterion_group!(benches, render);
criterion_main!(benches);
