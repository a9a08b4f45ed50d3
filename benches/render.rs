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
/// encoding alone of the very picture drawn; "new frame" draws the board's ground and the
/// players' rows afresh (a new frame or map on a new turn: the close-up moved, a discovery),
/// with the sprites a running bot has; "cold cache" draws everything afresh (a process's first
/// picture); the warm numbers reuse them all (the same view again: every turn message
/// between two builds, `/board`).
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
    let view = sf::BoardView { names: ["Ana", "Bo", "Cy", "Di"].iter().map(|s| s.to_string()).collect(), ..sf::BoardView::default() };
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
        g.bench_function("draw+encode, new frame", |b| {
            b.iter(|| {
                sf::clear_frame_caches();
                png(black_box(&game), &view)
            })
        });
        g.bench_function("draw+encode, cold cache", |b| {
            b.iter(|| {
                sf::clear_caches();
                png(black_box(&game), &view)
            })
        });
        g.finish();
    }
}

/// Seafarers, every turn picture of a game as the bot draws them (`cargo bench --bench render
/// -- seafarers_game`): a greedy 4-player game of The Four Islands, the phone view after every
/// step with the spots of whoever acts, in the game's order, the cache emptied at the start of
/// each pass, so the ground is drawn afresh exactly where the game asks for a new frame. The
/// totals are criterion's; "per picture" prints each picture's draw+encode over its encode
/// alone (the fastest of 5 passes, the figure least disturbed by other work), median, p90 and
/// p99; with `SF_EACH_PICTURE=1` in the environment, each picture's figures and frame.
fn seafarers_game(c: &mut Criterion) {
    use southseas::games::seafarers::{render as sf, spots::Labels};
    let scenario = seafarers_engine::Ruleset::CURRENT.scenario("four-islands").expect("a scenario");
    let options = seafarers_engine::Options { pirate: scenario.pirate.is_some() };
    let mut game = seafarers_engine::Game::new(scenario, 4, 12, options).expect("a game");
    let mut bots: Vec<seafarers_engine::Bot> =
        (0..4).map(|s| seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, 12 * 31 + s)).collect();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di"].iter().map(|s| s.to_string()).collect();
    let mut pictures = Vec::new();
    while let Some(&p) = game.to_act().first() {
        let action = bots[p].choose(&game, p).expect("a legal action");
        game.apply(p, &action).expect("legal");
        pictures.push((
            game.clone(),
            sf::BoardView { names: names.clone(), spots: Labels::of_turn(&game).spots(), ..sf::BoardView::default() },
        ));
    }
    let images: Vec<_> = pictures.iter().map(|(g, v)| sf::phone_image(g, v)).collect();
    let mut g = c.benchmark_group("seafarers_game_4p");
    g.sample_size(10);
    g.bench_function("encode every picture", |b| {
        b.iter(|| {
            for img in &images {
                black_box(sf::encode_png(img));
            }
        })
    });
    g.bench_function("draw+encode every picture", |b| {
        b.iter(|| {
            sf::clear_caches();
            for (game, view) in &pictures {
                black_box(sf::phone_png(game, view));
            }
        })
    });
    g.bench_function("per picture", |b| {
        static PRINTED: std::sync::Once = std::sync::Once::new();
        PRINTED.call_once(|| per_picture(&pictures));
        b.iter(|| ())
    });
    g.finish();
}

/// Each picture's draw+encode over its encode alone, the fastest of 5 passes of the whole game.
fn per_picture(pictures: &[(seafarers_engine::Game, southseas::games::seafarers::render::BoardView)]) {
    use southseas::games::seafarers::render as sf;
    use std::time::Instant;
    let mut best = vec![(f64::MAX, f64::MAX); pictures.len()];
    for _ in 0..5 {
        sf::clear_caches();
        for (i, (game, view)) in pictures.iter().enumerate() {
            let t = Instant::now();
            let img = sf::phone_image(game, view);
            let png = sf::encode_png(&img);
            let both = t.elapsed().as_secs_f64();
            let t = Instant::now();
            black_box(sf::encode_png(&img));
            let encode = t.elapsed().as_secs_f64();
            black_box(png);
            best[i] = (best[i].0.min(both), best[i].1.min(encode));
        }
    }
    if std::env::var_os("SF_EACH_PICTURE").is_some() {
        for (i, ((game, view), (both, encode))) in pictures.iter().zip(&best).enumerate() {
            let f = sf::phone_frame(game, view);
            eprintln!(
                "picture {i}: {:.2}x, {:.2} / {:.2} ms, {} spots, frame s {} u {} {}x{} at ({:.2}, {:.2})",
                both / encode,
                both * 1e3,
                encode * 1e3,
                view.spots.len(),
                f.s,
                f.u,
                f.w,
                f.h,
                f.x0,
                f.y0
            );
        }
    }
    let mut ratios: Vec<f64> = best.iter().map(|(both, encode)| both / encode).collect();
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((ratios.len() - 1) as f64 * q).round() as usize];
    let mut ms: Vec<f64> = best.iter().map(|b| b.0 * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let ms_at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "seafarers_game_4p: {} pictures; draw+encode / encode alone, per picture: median {:.2}x, p90 {:.2}x, p99 {:.2}x, max {:.2}x; draw+encode median {:.1} ms, p99 {:.1} ms",
        ratios.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        ms_at(0.5),
        ms_at(0.99)
    );
}

criterion_group!(benches, phone, full, seafarers, seafarers_game);
criterion_main!(benches);
