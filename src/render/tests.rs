use super::*;
use southseas_engine::{Options, Strategy};

#[test]
fn smoke() {
    let game = cli::simulate(4, 3, Strategy::Greedy, 30).unwrap();
    let png = board_png(&game, &BoardView::default());
    std::fs::write("/tmp/board.png", &png).unwrap();
    std::fs::write("/tmp/tile.png", drawn_tile_png(&game).unwrap()).unwrap();
    let _ = Options::default();
}

#[test]
fn debug_layout() {
    let tiles = southseas_engine::standard::tiles();
    for name in ["F1", "start", "E5", "B1", "S1", "X1", "O1", "M1"] {
        let id = tiles.id_of(name).unwrap();
        let l = tile::layout(tiles.get(id));
        println!("{name}: slots {:?}\n   symbols {:?}", l.slots, l.symbols);
    }
}

#[test]
fn timing() {
    let (game, _) = crate::sim::play_game(Options::default(), 5, 11, Strategy::Greedy);
    let view = BoardView::default();
    let t0 = std::time::Instant::now();
    let img = board_image(&game, &view);
    println!("cold {:?}", t0.elapsed());
    let median = |f: &mut dyn FnMut()| {
        let mut v: Vec<f64> = (0..31)
            .map(|_| {
                let t = std::time::Instant::now();
                f();
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        v.sort_by(f64::total_cmp);
        v[15]
    };
    let draw = median(&mut || {
        std::hint::black_box(board_image(&game, &view));
    });
    let enc = median(&mut || {
        std::hint::black_box(encode_png(&img));
    });
    let png = encode_png(&img);
    println!("dims {:?} draw {draw:.2} ms encode {enc:.2} ms size {}", img.dimensions(), png.len());
    std::fs::write("/tmp/end.png", &png).unwrap();
}

#[test]
#[ignore]
fn profile_loop() {
    let (game, _) = crate::sim::play_game(Options::default(), 5, 11, Strategy::Greedy);
    let view = BoardView::default();
    for _ in 0..200 {
        std::hint::black_box(board_image(&game, &view));
    }
}
