//! A finished game's timelapse: size and encode time (`cargo bench --bench timelapse`).
//!
//! Two games, built by the engines' computer players from a seed: a 5-player South Seas game
//! (greedy, seed 11: its 72 tiles, the largest board the bot allows) and a whole 4-player game
//! of The Four Islands (greedy, seed 12: Seafarers' largest map). The frames are the whole board
//! after every step, as `/replay` draws them (`southseas::cli::timelapse`, which also writes
//! the examples in `docs/`); drawing them is timed once and printed, the encoding (PNG frames
//! in, GIF out) is what criterion measures. For comparison, with `TIMELAPSE_NAIVE=1` the naive
//! GIF is printed once per game: every frame whole, each with its own palette (`gif`'s
//! `Frame::from_rgb_speed`), as an encoder that knows nothing of the previous frame makes it.

use criterion::{Criterion, criterion_group, criterion_main};
use southseas::draw::timelapse::{MAX_BYTES, SIDES, timelapse};
use std::hint::black_box;
use std::time::Instant;

/// The whole board after every step of a 5-player greedy South Seas game.
fn south_seas_frames() -> Vec<Vec<u8>> {
    southseas::cli::timelapse::south_seas_boards(5, 11)
}

/// The whole board after every step of a 4-player greedy game of The Four Islands.
fn four_islands_frames() -> Vec<Vec<u8>> {
    southseas::cli::timelapse::four_islands_boards(12)
}

/// The naive GIF of the same frames (see the module's doc), its bytes and time, at the size
/// the timelapse chose.
fn naive(frames: &[Vec<u8>], width: u32, height: u32) -> (usize, f64) {
    let started = Instant::now();
    let mut out = Vec::new();
    let mut encoder = gif::Encoder::new(&mut out, width as u16, height as u16, &[]).unwrap();
    for png in frames {
        let picture = image::load_from_memory(png).unwrap().into_rgb8();
        let mut canvas = image::RgbImage::from_pixel(width.max(picture.width()), height.max(picture.height()), *picture.get_pixel(0, 0));
        image::imageops::replace(&mut canvas, &picture, 0, 0);
        let scaled = image::imageops::thumbnail(&canvas, width, height);
        let frame = gif::Frame::from_rgb_speed(width as u16, height as u16, scaled.as_raw(), 10);
        encoder.write_frame(&frame).unwrap();
    }
    drop(encoder);
    (out.len(), started.elapsed().as_secs_f64())
}

fn game(c: &mut Criterion, name: &str, frames: fn() -> Vec<Vec<u8>>) {
    let started = Instant::now();
    let frames = frames();
    let drawn = started.elapsed().as_secs_f64();
    let made = timelapse(&frames, MAX_BYTES).expect("a timelapse");
    eprintln!(
        "{name}: {} steps drawn in {drawn:.1} s; timelapse {}x{} px (longest side at most {}), {} frames, {} KiB (limit {} KiB)",
        frames.len(),
        made.width,
        made.height,
        SIDES[0],
        made.frames,
        made.gif.len() / 1024,
        MAX_BYTES / 1024,
    );
    if std::env::var_os("TIMELAPSE_NAIVE").is_some() {
        let (bytes, secs) = naive(&frames, made.width, made.height);
        eprintln!("{name}: naive GIF (whole frames, a palette each): {} KiB in {secs:.1} s", bytes / 1024);
    }
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.bench_function("encode", |b| b.iter(|| timelapse(black_box(&frames), MAX_BYTES).expect("a timelapse")));
    g.finish();
}

fn south_seas(c: &mut Criterion) {
    game(c, "timelapse_southseas_5p", south_seas_frames);
}

fn four_islands(c: &mut Criterion) {
    game(c, "timelapse_four_islands_4p", four_islands_frames);
}

criterion_group!(benches, south_seas, four_islands);
criterion_main!(benches);
