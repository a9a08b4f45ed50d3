//! Renderer tests: dimensions and size limits over many games, determinism, and pixel probes
//! at known places (the start tile's island, an islander, the last tile's highlight, spots).

use super::*;
use crate::cli::render as cli;
use crate::draw;
use crate::games::southseas::choices::{islander_features, islander_numbers};
use crate::i18n::Locale;
use image::Rgb;
use southseas_engine::{Action, COLOURS, FeatureKind, Options, Phase, Pos, Strategy};

fn pixel(img: &RgbImage, (x, y): (f32, f32)) -> [u8; 3] {
    img.get_pixel(x as u32, y as u32).0
}

fn named(n: usize) -> BoardView {
    BoardView { names: ["Ana", "Bo", "Cy", "Di", "Ed"][..n].iter().map(|s| s.to_string()).collect(), ..BoardView::default() }
}

/// Plays a bot game until `stop` says so (or the end).
fn play_until(players: usize, seed: u64, ai: Strategy, mut stop: impl FnMut(&Game) -> bool) -> Game {
    let mut game = Game::new(Options::default(), players, seed).unwrap();
    let mut bots: Vec<southseas_engine::Bot> = (0..players).map(|s| southseas_engine::Bot::new(ai, seed * 31 + s as u64)).collect();
    while let Some(seat) = game.to_act() {
        if stop(&game) {
            break;
        }
        let action = bots[seat].choose(&game).unwrap();
        game.apply(&action).unwrap();
    }
    game
}

/// Checks one board against the quality bars; returns (png bytes, width, height, tile px).
fn check_limits(game: &Game) -> (usize, u32, u32, u32) {
    let view = BoardView::default();
    let img = board_image(game, &view);
    let frame = board_frame(game, &view);
    let png = encode_png(&img);
    let (w, h) = img.dimensions();
    assert!(w <= 4096 && h <= 4096, "{w}x{h} is over 4096 px");
    assert!(png.len() < 2_000_000, "{} bytes is over 2 MB", png.len());
    // Typical boards (up to 33 squares across, ring of open spots included) get full-size tiles.
    if frame.cols().max(frame.rows()) <= MAX_BOARD_PX / TILE_PX {
        assert!(frame.tile >= TILE_PX, "tile {} px on a {}x{} board", frame.tile, frame.cols(), frame.rows());
    }
    assert!(frame.tile >= MIN_TILE_PX);
    (png.len(), w, h, frame.tile)
}

#[test]
fn final_boards_of_many_games_stay_within_size_limits() {
    // A few dozen games, both bots, all player counts; the ignored test below runs thousands.
    let mut largest = (0, 0, 0, 0);
    for seed in 0..12u64 {
        for (players, ai) in [(2, Strategy::Random), (3, Strategy::Greedy), (5, Strategy::Random)] {
            let (game, _) = crate::cli::sim::play_game(Options::default(), players, 100 + seed, ai);
            assert!(game.is_over());
            largest = largest.max(check_limits(&game));
        }
    }
    eprintln!("largest of 36 final boards: {} bytes, {}x{} px, tile {} px", largest.0, largest.1, largest.2, largest.3);
}

#[test]
#[ignore = "thousands of games: run with --release -- --ignored"]
fn final_boards_of_thousands_of_games_stay_within_size_limits() {
    let (mut largest_bytes, mut largest_side) = ((0, 0, 0, 0, 0), (0, 0, 0, 0, 0));
    let mut count = 0;
    for seed in 1..=1000u64 {
        for (players, ai) in [(2, Strategy::Random), (4, Strategy::Greedy), (5, Strategy::Random)] {
            let (game, _) = crate::cli::sim::play_game(Options::default(), players, seed, ai);
            let (bytes, w, h, tile) = check_limits(&game);
            count += 1;
            if bytes > largest_bytes.0 {
                largest_bytes = (bytes, w, h, tile, seed);
            }
            if w.max(h) > largest_side.1.max(largest_side.2) {
                largest_side = (bytes, w, h, tile, seed);
            }
        }
    }
    eprintln!("{count} final boards; largest file {largest_bytes:?}; largest side {largest_side:?} (bytes, w, h, tile, seed)");
}

#[test]
fn the_same_state_gives_the_same_bytes_cached_or_not() {
    let game = cli::simulate(4, 8, Strategy::Greedy, 25).unwrap();
    let view = BoardView { since_turn: Some(22), ..named(4) };
    let a = board_png(&game, &view);
    let b = board_png(&game, &view);
    clear_caches();
    let c = board_png(&game, &view);
    assert!(a == b && b == c, "renders differ");
    let t1 = drawn_tile_png(&game).unwrap();
    clear_caches();
    assert_eq!(t1, drawn_tile_png(&game).unwrap());
}

#[test]
fn start_tile_shows_its_island_at_the_centre() {
    let game = Game::new(Options::default(), 3, 7).unwrap();
    let view = BoardView::default();
    let img = board_image(&game, &view);
    let frame = board_frame(&game, &view);
    // The island runs west to east through the centre (no islander yet); its colour there is
    // the island's green, the sea is blue north and south of it.
    let centre = pixel(&img, frame.point(Pos::ORIGIN, (0.5, 0.5)));
    assert_eq!(centre, palette::ISLAND, "centre of the start tile");
    let north = pixel(&img, frame.point(Pos::ORIGIN, (0.5, 0.03)));
    assert_eq!(north, palette::SEA, "north edge of the start tile");
}

#[test]
fn islanders_show_their_player_colour_where_they_stand() {
    // Play until there are islanders of several players, fishermen among them if possible.
    let game = play_until(4, 21, Strategy::Greedy, |g| {
        let on_board = g.islanders();
        g.phase() == Phase::PlaceTile && on_board.len() >= 5 && on_board.iter().any(|i| i.kind == FeatureKind::Sea)
    });
    let islanders = game.islanders();
    assert!(islanders.len() >= 3, "the game has islanders on the board");
    let view = named(4);
    let img = board_image(&game, &view);
    let frame = board_frame(&game, &view);
    let players = Players::new(&game, &view.names);
    for i in islanders {
        let tile = game.tile_at(i.at.pos).unwrap();
        let art = board::Art::new(frame.tile);
        let slot = art.slot(game.tiles().get(tile.tile), tile.rotation.quarter_turns(), i.at.feature);
        let (cx, cy) = frame.point(i.at.pos, slot);
        let lying = i.kind == FeatureKind::Sea;
        let (dx, dy) = sprites::figure_colour_point(frame.tile as f32 * board::FIGURE, lying);
        assert_eq!(
            pixel(&img, (cx + dx, cy + dy)),
            players.colour(i.player as usize),
            "islander of seat {} on {:?} at {}",
            i.player,
            i.kind,
            i.at.pos
        );
    }
}

#[test]
fn the_last_tile_is_highlighted_and_earlier_ones_on_request() {
    let game = cli::simulate(3, 4, Strategy::Random, 12).unwrap();
    let placed = game.placed_tiles();
    let last = placed.last().unwrap().pos;
    let earlier = placed[placed.len() - 2].pos;
    for since in [None, Some(placed.len() as u32 - 2)] {
        let view = BoardView { since_turn: since, ..BoardView::default() };
        let img = board_image(&game, &view);
        let frame = board_frame(&game, &view);
        let inset = (frame.tile as f32 * 0.055).max(3.0) / 2.0;
        assert_eq!(pixel(&img, frame.point(last, (0.0, 0.5)).map_x(|x| x + inset)), palette::HIGHLIGHT);
        let recent = pixel(&img, frame.point(earlier, (0.0, 0.5)).map_x(|x| x + 1.0));
        assert_eq!(recent == palette::RECENT, since.is_some(), "tile of the turn before the last, since {since:?}");
    }
}

#[test]
fn open_spots_are_drawn_only_when_asked() {
    let game = cli::simulate(2, 9, Strategy::Greedy, 6).unwrap();
    let spots = game.placement_spots();
    assert!(!spots.is_empty());
    let probe = |show: bool| {
        let view = BoardView { show_spots: show, ..BoardView::default() };
        let img = board_image(&game, &view);
        let frame = board_frame(&game, &view);
        spots.iter().map(|s| pixel(&img, frame.point(s.pos, (0.12, 0.5)))).collect::<Vec<_>>()
    };
    assert!(probe(false).iter().all(|&p| p == palette::BACKGROUND));
    assert!(probe(true).iter().all(|&p| p != palette::BACKGROUND && p[0] > palette::BACKGROUND[0]), "spots are lighter squares");
}

#[test]
fn coordinates_follow_the_engine() {
    let game = cli::simulate(2, 3, Strategy::Greedy, 10).unwrap();
    let frame = board_frame(&game, &BoardView::default());
    let (x0, y0) = frame.square(Pos::new(0, 0));
    assert_eq!(frame.square(Pos::new(1, 0)), (x0 + frame.tile as i32, y0), "x grows east");
    assert_eq!(frame.square(Pos::new(0, 1)), (x0, y0 + frame.tile as i32), "y grows south");
    for t in game.placed_tiles() {
        assert!(
            (frame.min.x < t.pos.x && t.pos.x < frame.max.x) && (frame.min.y < t.pos.y && t.pos.y < frame.max.y),
            "a ring of squares around the tiles"
        );
    }
}

#[test]
fn board_dimensions_follow_the_frame_and_the_panel() {
    let game = cli::simulate(5, 2, Strategy::Greedy, 40).unwrap();
    let view = BoardView::default();
    let img = board_image(&game, &view);
    let frame = board_frame(&game, &view);
    let (bw, bh) = frame.size();
    let (w, h) = img.dimensions();
    assert!(w >= bw + PANEL_W && h >= bh, "panel beside the board: {w}x{h} for a {bw}x{bh} board");
    assert!(frame.tile >= 80, "legible tiles");
    assert_eq!(img.get_pixel(w - 2, 2), &Rgb(palette::PANEL));
}

/// A long line of open-sea tiles north of the start tile: a wide, flat board.
fn wide_board() -> Game {
    let n = 14;
    let mut text = format!("players = 2\nstart_player = 0\ntiles = \"inline\"\ndeck = [{}]\nactions = [", vec!["\"W0\""; n + 1].join(", "));
    for x in 0..n {
        text += &format!("\"place {x} -1\", \"skip\", ");
    }
    text += "]\n[[tile]]\nid = \"start\"\nstart = true\nislands = [{ edges = \"EW\", bananas = 1 }]\nseas = [{ ports = \"N\" }, { ports = \"S\" }]\n";
    text += "[[tile]]\nid = \"W0\"\nseas = [{ ports = \"N E S W\", fish = [2, 1], boat = true }]\n";
    let scenario = southseas_engine::scenario::Scenario::parse(&text).unwrap();
    scenario.run().unwrap().0
}

#[test]
fn a_wide_board_gets_its_panel_below() {
    let game = wide_board();
    let view = BoardView::default();
    let img = board_image(&game, &view);
    let frame = board_frame(&game, &view);
    let (bw, bh) = frame.size();
    let (w, h) = img.dimensions();
    assert_eq!(w, bw, "the panel fits under the board's width");
    assert!(h > bh + 300, "panel below: {w}x{h} for a {bw}x{bh} board");
    assert_eq!(frame.tile, TILE_PX);
    if let Ok(path) = std::env::var("RENDER_WIDE_OUT") {
        std::fs::write(path, encode_png(&img)).unwrap();
    }
}

#[test]
fn drawn_tile_image_shows_four_rotations_and_nothing_after_the_end() {
    let game = cli::simulate(3, 5, Strategy::Greedy, 8).unwrap();
    let png = drawn_tile_png(&game).expect("a tile is drawn");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let img = drawn_tile_image(&game).unwrap();
    assert!(img.width() > 4 * 128 && img.height() > 128);
    let fits = rotation_spots(&game);
    let spots = game.placement_spots();
    for s in &spots {
        for r in &s.rotations {
            assert!(fits[r.quarter_turns() as usize].contains(&s.label));
        }
    }
    let (over, _) = crate::cli::sim::play_game(Options::default(), 2, 5, Strategy::Random);
    assert!(drawn_tile_png(&over).is_none());
    // A finished game still has a board.
    assert_eq!(&board_png(&over, &BoardView::default())[1..4], b"PNG");
}

#[test]
fn letters_tell_players_apart_without_colour() {
    let game = Game::new(Options::default(), 5, 1).unwrap();
    let unnamed = Players::new(&game, &[]);
    let letters: Vec<String> = (0..5).map(|s| unnamed.letter(s)).collect();
    assert_eq!(letters, ["R", "B", "Y", "G", "K"]);
    let names: Vec<String> = ["anna", "Arne", "Al", "bob", "Anna"].iter().map(|s| s.to_string()).collect();
    let named = Players::new(&game, &names);
    let letters: Vec<String> = (0..5).map(|s| named.letter(s)).collect();
    assert_eq!(letters, ["A", "R", "L", "B", "N"]);
    assert_eq!(named.name(0), "anna");
}

#[test]
fn a_scenario_renders_after_every_action() {
    // Boards in the middle of a turn (islander and delivery phases) render too.
    let mut game = Game::new(Options::default(), 2, 11).unwrap();
    let (pos, rotation) = game.legal_placements()[0];
    game.apply(&Action::PlaceTile { pos, rotation }).unwrap();
    assert!(matches!(game.phase(), Phase::Islander { .. } | Phase::Deliver));
    let img = board_image(&game, &BoardView::default());
    assert!(img.width() > 0);
    assert!(drawn_tile_png(&game).is_none());
}

#[test]
fn every_step_of_a_game_renders() {
    // After each action of a whole game (all phases, markets, boats, game end): no panic, and
    // the picture holds the whole board.
    let mut game = Game::new(Options::default(), 3, 77).unwrap();
    let mut bots: Vec<southseas_engine::Bot> = (0..3).map(|s| southseas_engine::Bot::new(Strategy::Random, 5 + s)).collect();
    let view = BoardView { since_turn: Some(1), ..named(3) };
    let mut steps = 0;
    while let Some(seat) = game.to_act() {
        let action = bots[seat].choose(&game).unwrap();
        game.apply(&action).unwrap();
        {
            let img = board_image(&game, &view);
            let (bw, bh) = board_frame(&game, &view).size();
            assert!(img.width() >= bw && img.height() >= bh);
            if let Some(tile) = drawn_tile_image(&game) {
                assert!(tile.width() > 0);
            }
        }
        steps += 1;
    }
    assert!(steps > 72);
}

#[test]
#[ignore = "writes /tmp/sheet.png: every tile kind, plain and with an islander on each feature"]
fn tile_sheet() {
    let game = Game::new(Options::default(), 5, 1).unwrap();
    let players = Players::new(&game, &[]);
    let tiles = game.tiles();
    let t = 112u32;
    let per_row = 12u32;
    let rows = (tiles.kinds.len() as u32).div_ceil(per_row);
    let mut img = draw::solid(per_row * (t + 8) + 8, rows * (2 * t + 40) + 8, palette::PANEL);
    let art = board::Art::new(t);
    for (i, kind) in tiles.kinds.iter().enumerate() {
        let (col, row) = (i as u32 % per_row, i as u32 / per_row);
        let (x, y) = (8 + col * (t + 8), 8 + row * (2 * t + 40));
        draw::text(&mut img, &draw::fonts().bold, 14.0, x as f32, y as f32, palette::INK, &kind.name);
        art.draw_tile(&mut img, kind, 0, x as i32, y as i32 + 20, 0);
        art.draw_tile(&mut img, kind, 1, x as i32, (y + t + 24) as i32, 1);
        for f in 0..kind.features.len() {
            let (u, v) = art.slot(kind, 1, f as u8);
            let lying = kind.features[f].kind == FeatureKind::Sea;
            board::figure(
                &mut img,
                &players,
                f % 5,
                t as f32 * board::FIGURE,
                lying,
                x as f32 + u * t as f32,
                (y + t + 24) as f32 + v * t as f32,
            );
        }
    }
    std::fs::write("/tmp/sheet.png", encode_png(&img)).unwrap();
}

trait MapX {
    fn map_x(self, f: impl Fn(f32) -> f32) -> Self;
}

impl MapX for (f32, f32) {
    fn map_x(self, f: impl Fn(f32) -> f32) -> Self {
        (f(self.0), self.1)
    }
}

#[test]
#[ignore = "compares PNG settings on a full end-game board (run with --release)"]
fn png_settings() {
    use image::codecs::png::{CompressionType as C, FilterType as F, PngEncoder};
    let (game, _) = crate::cli::sim::play_game(Options::default(), 5, 11, Strategy::Greedy);
    let img = board_image(&game, &BoardView::default());
    for (c, f) in [
        (C::Fast, F::Adaptive),
        (C::Fast, F::Sub),
        (C::Fast, F::Up),
        (C::Fast, F::NoFilter),
        (C::Default, F::Adaptive),
        (C::Level(3), F::Adaptive),
        (C::Best, F::Adaptive),
    ] {
        let mut times = Vec::new();
        let mut len = 0;
        for _ in 0..9 {
            let t = std::time::Instant::now();
            let mut out = Vec::new();
            image::ImageEncoder::write_image(
                PngEncoder::new_with_quality(&mut out, c, f),
                img.as_raw(),
                img.width(),
                img.height(),
                image::ExtendedColorType::Rgb8,
            )
            .unwrap();
            times.push(t.elapsed().as_secs_f64() * 1e3);
            len = out.len();
        }
        times.sort_by(f64::total_cmp);
        eprintln!("{c:?} {f:?}: {len} bytes, {:.2} ms", times[4]);
    }
}

// ----- the phone view ------------------------------------------------------------------------

/// The names a table may hold: long, Cyrillic, CJK, Arabic, emoji.
const WORLD_NAMES: [&str; 5] = ["Alexandrina Featherstonehaugh", "Владимир", "小明", "مريم", "🐙 Octo"];

fn world(n: usize) -> BoardView {
    BoardView { names: WORLD_NAMES[..n].iter().map(|s| s.to_string()).collect(), ..BoardView::default() }
}

/// Rows of `img` within the box that hold a pixel darker than `max_luma` (text ink): the
/// height of what is written there, in pixels.
fn ink_rows(img: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), max_luma: f32) -> u32 {
    let rows: Vec<u32> = (y0..y1).filter(|&y| (x0..x1).any(|x| draw::luminance(img.get_pixel(x, y).0) < max_luma)).collect();
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) => b - a + 1,
        _ => 0,
    }
}

/// Pixels of `img` within the box darker than `max_luma`.
fn ink_pixels(img: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), max_luma: f32) -> usize {
    (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).filter(|&(x, y)| draw::luminance(img.get_pixel(x, y).0) < max_luma).count()
}

#[test]
fn phone_text_is_at_least_9_px_tall_at_400_px_wide() {
    // The smallest text size, from the font's metrics: DejaVu capitals are 0.729 em.
    let scale = 400.0 / PHONE_W as f32;
    assert!(PHONE_MIN_TEXT * 0.729 * scale >= 9.0, "{PHONE_MIN_TEXT} px text is {} px at 400", PHONE_MIN_TEXT * 0.729 * scale);
    // Measured: the ink of each score row's name ("Ana" and "Bo": capitals, no descenders) and
    // of its score, in the rendered picture, scaled to 400 px wide.
    let game = cli::simulate(5, 3, Strategy::Greedy, 35).unwrap();
    let img = phone_image(&game, &named(5));
    let plan = phone_plan(&game);
    assert_eq!(img.width(), PHONE_W);
    let scale = 400.0 / img.width() as f32;
    for seat in 0..5 {
        let top = plan.scores_y + seat * phone::ROW_H;
        let name = ink_rows(&img, (76, top, 76 + 60, top + phone::ROW_H - 8), 0.35) as f32 * scale;
        assert!(name >= 9.0, "seat {seat}: the name is {name:.1} px tall at 400 px wide");
        let score = ink_rows(&img, (PHONE_W - 80, top, PHONE_W - 20, top + phone::ROW_H - 8), 0.35) as f32 * scale;
        assert!(score >= 11.0, "seat {seat}: the score is {score:.1} px tall at 400 px wide");
        eprintln!("seat {seat}: name {name:.1} px, score {score:.1} px tall at 400 px wide");
    }
    // Each player's letter on its disc: at least 12 px (the cue besides the colour).
    let players = Players::new(&game, &named(5).names);
    for seat in 0..5u32 {
        let cy = plan.scores_y + seat * phone::ROW_H + (phone::ROW_H - 8) / 2;
        let dark = draw::luminance(players.colour(seat as usize)) > 0.45;
        let rows = (cy - 20..cy + 20)
            .filter(|&y| {
                (32..52)
                    .any(|x| if dark { draw::luminance(img.get_pixel(x, y).0) < 0.3 } else { draw::luminance(img.get_pixel(x, y).0) > 0.8 })
            })
            .collect::<Vec<u32>>();
        let letter = rows.last().map_or(0, |b| b - rows[0] + 1) as f32 * scale;
        assert!(letter >= 12.0, "seat {seat}: its letter is {letter:.1} px tall at 400 px wide");
    }
    // The spot letters on the board: at least 12 px (every spot, measured in pixels).
    let letters = spot_letter_heights(&game, &img, &plan);
    let (label, letter) = letters.iter().cloned().fold((String::new(), f32::MAX), |a, b| if b.1 < a.1 { b } else { a });
    assert!(letter >= 12.0, "spot {label}: its letter is {letter:.1} px tall at 400 px wide");
    eprintln!("smallest spot letter: {label}, {letter:.1} px tall at 400 px wide");
    // And after a real downscale to 400 px wide, the names still have their height.
    let small = cli::scaled(&img, 400);
    let top = ((plan.scores_y as f32) * scale) as u32;
    let row = (phone::ROW_H as f32 * scale) as u32;
    let name = ink_rows(&small, (38, top, 38 + 30, top + row - 4), 0.5);
    assert!(name >= 9, "the first name is {name} px tall in the 400 px picture");
    eprintln!("first name in the 400 px picture: {name} px tall");
}

#[test]
fn phone_view_is_800_px_wide_and_well_under_1_mb_for_the_largest_boards() {
    let mut largest = (0, 0);
    for seed in 0..6u64 {
        for (players, ai) in [(2, Strategy::Random), (5, Strategy::Greedy), (5, Strategy::Random)] {
            let (over, _) = crate::cli::sim::play_game(Options::default(), players, 200 + seed, ai);
            let before_end = cli::simulate(players, 200 + seed, ai, 70).unwrap();
            for game in [over, before_end] {
                let img = phone_image(&game, &world(players));
                let png = encode_png(&img);
                assert_eq!(img.width(), PHONE_W);
                assert!(
                    img.height() <= 2400,
                    "{} px tall, seed {seed}, {players} players, turn {}, {} frames",
                    img.height(),
                    game.turn(),
                    phone_plan(&game).frames.len()
                );
                assert!(png.len() < 700_000, "{} bytes", png.len());
                largest = largest.max((png.len(), img.height()));
            }
        }
    }
    eprintln!("largest phone view of 36: {} bytes, {} px tall", largest.0, largest.1);
}

#[test]
fn phone_view_is_deterministic_cached_or_not() {
    let game = cli::simulate(4, 8, Strategy::Greedy, 40).unwrap();
    let view = BoardView { since_turn: Some(37), ..world(4) };
    let a = phone_png(&game, &view);
    let b = phone_png(&game, &view);
    clear_caches();
    let c = phone_png(&game, &view);
    assert!(a == b && b == c, "renders differ");
}

#[test]
fn every_name_draws_real_glyphs_never_empty_boxes() {
    let fonts = draw::fonts();
    for name in WORLD_NAMES {
        for c in name.chars().filter(|c| !c.is_whitespace()) {
            assert!(fonts.covers(c), "{name:?}: no embedded font has {c:?} (U+{:04X})", c as u32);
        }
        // Drawn alone, each name leaves ink, at least as wide as its text measures.
        let mut img = draw::solid(600, 60, palette::WHITE);
        let w = draw::text(&mut img, &fonts.bold, 30.0, 10.0, 10.0, palette::INK, name);
        assert!(w > 20.0, "{name:?} is {w} px wide");
        let ink = ink_pixels(&img, (0, 0, 600, 60), 0.5);
        assert!(ink > 40 * name.chars().filter(|c| !c.is_whitespace()).count(), "{name:?}: {ink} ink pixels");
    }
    // (What a character no face has draws: the kit's tests, `src/draw/tests.rs`.)
    // In the phone view, every score row's name has ink.
    let game = cli::simulate(5, 3, Strategy::Greedy, 20).unwrap();
    let img = phone_image(&game, &world(5));
    let plan = phone_plan(&game);
    for seat in 0..5u32 {
        let top = plan.scores_y + seat * phone::ROW_H;
        let ink = ink_pixels(&img, (76, top + 8, 76 + 60, top + phone::ROW_H - 16), 0.35);
        assert!(ink > 60, "{}: {ink} ink pixels in its score row", WORLD_NAMES[seat as usize]);
    }
}

/// Each spot's letter height in `img` (the phone view of `game`, laid out by `plan`), in px at
/// 400 px wide: the rows of spot ink in the middle of its square (away from its dashed edge).
fn spot_letter_heights(game: &Game, img: &RgbImage, plan: &PhonePlan) -> Vec<(String, f32)> {
    let scale = 400.0 / img.width() as f32;
    let ink = |p: [u8; 3]| (0..3).map(|i| (p[i] as i32 - palette::SPOT_INK[i] as i32).abs()).sum::<i32>() < 60;
    game.placement_spots()
        .into_iter()
        .map(|s| {
            let f = plan.frame_of(s.pos).unwrap_or_else(|| panic!("spot {} is in no frame", s.label));
            let (x, y) = f.square(s.pos);
            let t = f.tile as i32;
            let (x0, x1) = ((x + t * 3 / 20) as u32, (x + t * 17 / 20) as u32);
            let rows: Vec<u32> =
                ((y + t / 8) as u32..(y + t * 7 / 8) as u32).filter(|&py| (x0..x1).any(|px| ink(img.get_pixel(px, py).0))).collect();
            let h = rows.last().map_or(0, |b| b - rows[0] + 1);
            (s.label, h as f32 * scale)
        })
        .collect()
}

#[test]
fn every_spot_of_a_late_turn_is_on_the_picture_and_readable() {
    // A late, large board: the board is shown whole or around its spots, never a spot left out.
    let game = cli::simulate(5, 11, Strategy::Greedy, 60).unwrap();
    let plan = phone_plan(&game);
    assert!(plan.off_view.is_empty(), "off the picture: {:?}", plan.off_view);
    for f in &plan.frames {
        assert!(f.size().0 <= PHONE_W);
    }
    let last = game.placed_tiles().last().unwrap().pos;
    let frame = plan.frame_of(last).expect("the last tile is in view");
    let img = phone_image(&game, &named(5));
    // The last tile's highlight, and every spot drawn as a light square with its letter.
    let inset = (frame.tile as f32 * 0.055).max(3.0) / 2.0;
    assert_eq!(pixel(&img, frame.point(last, (0.0, 0.5)).map_x(|x| x + inset)), palette::HIGHLIGHT);
    let heights = spot_letter_heights(&game, &img, &plan);
    for (label, h) in &heights {
        assert!(*h >= PHONE_MIN_SPOT_LETTER, "spot {label}: {h:.1} px at 400 px wide");
    }
    // The plan's own figure agrees with the pixels.
    let planned = plan.smallest_spot_letter * board::CAP_HEIGHT * 400.0 / PHONE_W as f32;
    let measured = heights.iter().map(|h| h.1).fold(f32::MAX, f32::min);
    assert!((planned - measured).abs() <= 1.5, "planned {planned:.1} px, measured {measured:.1} px");
    eprintln!("{} spots, smallest letter {measured:.1} px at 400 px (planned {planned:.1}), tile {} px", heights.len(), frame.tile);
}

/// Plays whole bot games (2 to 5 players, both bots) and lays out the phone view of every
/// placing turn: (placing turns, turns with a spot off the picture, spots, smallest spot letter
/// in px at 400 px wide, tallest picture, turns with a close-up of crowded spots).
fn placing_turns_over_whole_games(games: u64) -> (usize, usize, usize, f32, u32, usize) {
    let (mut turns, mut missed, mut spots, mut smallest, mut tallest, mut cut) = (0, 0, 0, f32::MAX, 0, 0);
    for seed in 0..games {
        let players = 2 + (seed % 4) as usize;
        let ai = if seed % 2 == 0 { Strategy::Random } else { Strategy::Greedy };
        let mut game = Game::new(Options::default(), players, 300 + seed).unwrap();
        let mut bots: Vec<southseas_engine::Bot> = (0..players).map(|s| southseas_engine::Bot::new(ai, seed * 7 + s as u64)).collect();
        while let Some(seat) = game.to_act() {
            if game.phase() == Phase::PlaceTile && game.drawn_tile().is_some() {
                let plan = phone_plan(&game);
                let n = game.placement_spots().len();
                turns += 1;
                spots += n;
                missed += (!plan.off_view.is_empty()) as usize;
                cut += (plan.frames.len() > 1) as usize;
                if n > 0 {
                    smallest = smallest.min(plan.smallest_spot_letter * board::CAP_HEIGHT * 400.0 / PHONE_W as f32);
                }
                tallest = tallest.max(plan.size.1);
            }
            let action = bots[seat].choose(&game).unwrap();
            game.apply(&action).unwrap();
        }
    }
    (turns, missed, spots, smallest, tallest, cut)
}

#[test]
fn every_spot_of_every_placing_turn_is_on_the_picture_over_whole_games() {
    // The README's figure: run with `cargo test --release --lib every_spot_of_every -- --nocapture`.
    let games = std::env::var("PHONE_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(16);
    let (turns, missed, spots, smallest, tallest, cut) = placing_turns_over_whole_games(games);
    eprintln!(
        "{games} games, {turns} placing turns, {spots} spots: {missed} turns with a spot off the picture, smallest spot letter \
         {smallest:.1} px at 400 px wide, tallest picture {tallest} px, {cut} turns with a close-up of crowded spots"
    );
    assert!(turns > 60 * games as usize);
    assert_eq!(missed, 0, "placing turns with a spot off the picture");
    assert!(smallest >= PHONE_MIN_SPOT_LETTER, "smallest spot letter {smallest:.1} px at 400 px wide");
}

#[test]
fn a_small_board_is_shown_whole_and_the_final_board_always() {
    let early = cli::simulate(3, 4, Strategy::Greedy, 3).unwrap();
    let plan = phone_plan(&early);
    assert!(!plan.close_up);
    assert!(plan.off_view.is_empty());
    assert!(plan.frame().tile >= PHONE_TILE);
    assert_eq!(
        (plan.frame().min, plan.frame().max),
        (board_frame(&early, &BoardView::default()).min, board_frame(&early, &BoardView::default()).max)
    );
    let (over, _) = crate::cli::sim::play_game(Options::default(), 4, 9, Strategy::Greedy);
    let plan = phone_plan(&over);
    assert!(!plan.close_up && plan.tile_h == 0, "the final board is whole, with no drawn tile");
    for t in over.placed_tiles() {
        assert!(plan.frame().contains(t.pos));
    }
}

#[test]
fn the_drawn_tile_is_in_the_phone_view_and_the_turn_message_has_one_image() {
    let game = cli::simulate(2, 9, Strategy::Greedy, 6).unwrap();
    let plan = phone_plan(&game);
    assert!(plan.tile_h > 0);
    let names = crate::games::southseas::text::Names(vec!["Ana".into(), "Bo".into()]);
    let images = (crate::games::southseas::images())(&game, &names, None, crate::common::Picture::Turn, crate::i18n::Locale::En);
    assert_eq!(images.len(), 1, "the drawn tile is in the picture: no tile.png");
    assert_eq!(images[0].name, "board.png");
    assert_eq!(images[0].png, phone_png(&game, &named(2)));
    // `/board` gets the whole board.
    let full = (crate::games::southseas::images())(&game, &names, None, crate::common::Picture::FullBoard, crate::i18n::Locale::En);
    assert_eq!(full[0].png, full_board_png(&game, &named(2)));
    // Mid-turn (islander step): the new tile instead of the drawn one.
    let mut mid = game.clone();
    let (pos, rotation) = mid.legal_placements()[0];
    mid.apply(&Action::PlaceTile { pos, rotation }).unwrap();
    assert_eq!(phone_plan(&mid).tile_h > 0, matches!(mid.phase(), Phase::Islander { .. }));
    // The full board is still there for /board.
    assert_eq!(full_board_png(&game, &named(2)), board_png(&game, &named(2)));
}

#[test]
fn spot_letters_under_the_drawn_tile_fit_two_lines_and_count_the_rest() {
    let labels = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| if i < 26 { ((b'A' + i as u8) as char).to_string() } else { format!("A{}", (b'A' + (i - 26) as u8) as char) })
            .collect()
    };
    let width = 190.0;
    assert_eq!(phone::letter_lines(&labels(3), width), ["A, B, C"]);
    for n in [1, 5, 12, 29, 40] {
        let lines = phone::letter_lines(&labels(n), width);
        assert!(!lines.is_empty() && lines.len() <= 2, "{n} labels: {lines:?}");
        for line in &lines {
            assert!(draw::text_width(&draw::fonts().bold, 28.0, line) <= width, "{line:?} is too wide");
        }
        let text = lines.join(" ");
        let shown = text.split(' ').filter(|p| !p.starts_with('+')).count();
        let more: usize = text.split(' ').find_map(|p| p.strip_prefix('+')).map_or(0, |m| m.parse().unwrap());
        assert_eq!(shown + more, n, "{n} labels: {lines:?}");
        assert!(text.starts_with("A"), "in order");
    }
}

/// A French game's pictures carry French words (the same layout, other words), and every letter
/// of the French message files, accents included, is in the embedded fonts.
#[test]
fn french_pictures_speak_french_in_letters_the_fonts_have() {
    use crate::i18n::{self, Locale};
    let fonts = draw::fonts();
    for area in i18n::AREAS {
        let source = i18n::source(Locale::Fr, area).expect("a French file per area");
        let missing: Vec<char> = source.chars().filter(|c| c.is_alphabetic() && !fonts.covers(*c)).collect();
        assert!(missing.is_empty(), "fr/{area}.ftl: no face draws {missing:?}");
    }
    let game = play_until(3, 5, Strategy::Greedy, |g| g.turn() >= 20 && g.phase() == Phase::PlaceTile);
    let pictures: [fn(&Game, &BoardView) -> RgbImage; 2] = [phone_image, board_image];
    for picture in pictures {
        let english = picture(&game, &named(3));
        let french = picture(&game, &BoardView { locale: Locale::Fr, ..named(3) });
        assert_eq!(english.dimensions(), french.dimensions(), "the words change, not the layout");
        assert_ne!(english, french, "the words are the game's language");
    }
}

// ----- colours for everyone ------------------------------------------------------------------

#[test]
fn player_colours_stay_apart_for_every_colour_vision() {
    // Five players' islanders are small at 400 px: every two colours must differ at a glance
    // for normal vision and under protanopia, deuteranopia and tritanopia (the kit's simulation,
    // `src/draw/vision.rs`, shared with Catan: Seafarers). 40 is about saturated red against
    // orange for normal vision; the old palette's red and green were 16 apart for deuteranopes.
    let (closest, vision, a, b) = draw::closest_pair(&palette::PLAYERS);
    assert!(closest >= 40.0, "{vision}: {} and {} are only ΔE {closest:.1} apart", COLOURS[a], COLOURS[b]);
    eprintln!("closest two players: ΔE {closest:.1} ({vision}, {} and {})", COLOURS[a], COLOURS[b]);
    for (seat, name) in COLOURS.iter().enumerate() {
        assert_eq!(palette::player_colour(name), palette::PLAYERS[seat]);
    }
    // The frames of the last tile and of the recent ones stay apart from each other too.
    for (vision, m) in &draw::VISIONS {
        let d = draw::delta_e_seen(palette::HIGHLIGHT, palette::RECENT, m);
        assert!(d >= 30.0, "{vision}: the two frames are ΔE {d:.1} apart");
    }
}

#[test]
fn the_islander_step_numbers_each_feature_on_the_new_tile() {
    // The first islander step of a game with several choices on its new tile.
    let game = play_until(3, 5, Strategy::Greedy, |g| matches!(g.phase(), Phase::Islander { .. }) && islander_features(g).len() >= 3);
    assert!(matches!(game.phase(), Phase::Islander { .. }));
    let features = islander_features(&game);
    let plan = phone_plan(&game);
    assert!(plan.tile_h > 0);
    let img = phone_image(&game, &named(3));
    let markers = phone::islander_markers(&game, plan.tile_y as f32);
    assert_eq!(markers.len(), features.len());
    for (i, a) in markers.iter().enumerate() {
        for b in &markers[i + 1..] {
            assert!(((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt() >= 48.0, "markers overlap: {a:?} {b:?}");
        }
    }
    for (k, (&f, &(cx, cy))) in features.iter().zip(&markers).enumerate() {
        // The marker's ring (spot ink) around a white disc near the feature's islander slot.
        let ring = (0..8).any(|d| pixel(&img, (cx - 27.0 + d as f32, cy)) == palette::SPOT_INK);
        assert!(ring, "marker {} on feature {f}", k + 1);
        // Its number is at least 12 px tall at 400 px wide.
        let h = ink_rows(&img, (cx as u32 - 14, cy as u32 - 19, cx as u32 + 14, cy as u32 + 19), 0.3) as f32 * 0.5;
        assert!(h >= 12.0, "the number {} is {h:.1} px tall at 400 px", k + 1);
    }
}

/// A game under the any-turn retrieve rule, played until the player to act may take back at
/// least `figures` of their islanders (and place one on the new tile when `place` says so).
fn retrieve_step(seed: u64, figures: usize, place: bool) -> Option<Game> {
    let options = Options { retrieve: southseas_engine::RetrieveRule::AnyTurn };
    let mut game = Game::new(options, 3, seed).unwrap();
    let mut bot = southseas_engine::Bot::new(Strategy::Greedy, seed);
    while let Some(action) = bot.choose(&game) {
        let back = islander_numbers(&game).iter().filter(|a| matches!(a, Action::RetrieveIslander { .. })).count();
        if back >= figures && islander_features(&game).is_empty() != place {
            return Some(game);
        }
        game.apply(&action).unwrap();
    }
    None
}

#[test]
fn the_figures_to_take_back_are_numbered_where_they_stand() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some(game) = retrieve_step(seed, 2, seed % 2 == 0) else { continue };
        let plan = phone_plan(&game);
        let img = phone_image(&game, &named(3));
        let markers = board::retrieve_markers(&game, &plan.frames);
        let numbers = islander_numbers(&game);
        let back: Vec<(usize, Action)> =
            numbers.iter().enumerate().filter(|(_, a)| matches!(a, Action::RetrieveIslander { .. })).map(|(k, a)| (k + 1, *a)).collect();
        // One marker per figure, with the number its button begins with.
        assert_eq!(markers.iter().map(|m| m.0).collect::<Vec<_>>(), back.iter().map(|b| b.0).collect::<Vec<_>>());
        for ((number, (cx, cy)), (_, action)) in markers.iter().zip(&back) {
            let label = crate::games::southseas::text::action_label(&game, action, Locale::En);
            assert!(label.starts_with(&format!("{number} · Take back")), "{label}");
            // The marker sits on the figure: within a tile of it, in the frame that shows it.
            let Action::RetrieveIslander { pos, feature } = *action else { unreachable!() };
            let frame = plan.frame_of(pos).expect("the figure is on the picture");
            let placed = game.tile_at(pos).unwrap();
            let slot = board::Art::new(frame.tile).slot(game.tiles().get(placed.tile), placed.rotation.quarter_turns(), feature);
            let (fx, fy) = frame.point(pos, slot);
            assert!((fx - cx).hypot(fy - cy) <= frame.tile as f32, "seed {seed}: marker {number} is far from its figure");
            // The marker's ring, and its number at least 12 px tall at 400 px wide.
            let ring = (0..8).any(|d| pixel(&img, (cx - 27.0 + d as f32, *cy)) == palette::SPOT_INK);
            assert!(ring, "seed {seed}: marker {number}'s ring");
            let h = ink_rows(&img, (*cx as u32 - 14, *cy as u32 - 19, *cx as u32 + 14, *cy as u32 + 19), 0.3) as f32 * 0.5;
            assert!(h >= 12.0, "seed {seed}: the number {number} is {h:.1} px tall at 400 px");
        }
        for (i, a) in markers.iter().enumerate() {
            for b in &markers[i + 1..] {
                assert!((a.1.0 - b.1.0).hypot(a.1.1 - b.1.1) >= 48.0, "seed {seed}: markers overlap: {a:?} {b:?}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 5, "{checked} steps with figures to take back");
}

/// `/board` numbers the figures to take back as the turn picture and the buttons do, on the
/// figures in its one frame; at any other step it draws no number.
#[test]
fn the_full_board_numbers_the_figures_to_take_back_as_the_buttons_do() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some(game) = retrieve_step(seed, 2, seed % 2 == 1) else { continue };
        let view = named(3);
        let img = board_image(&game, &view);
        let frame = board_frame(&game, &view);
        let markers = board::retrieve_markers(&game, std::slice::from_ref(&frame));
        // The same numbers as the turn picture's, the numbers the buttons begin with.
        let phone: Vec<usize> = board::retrieve_markers(&game, &phone_plan(&game).frames).iter().map(|m| m.0).collect();
        assert_eq!(markers.iter().map(|m| m.0).collect::<Vec<_>>(), phone, "seed {seed}");
        let back: Vec<Action> = islander_numbers(&game).into_iter().filter(|a| matches!(a, Action::RetrieveIslander { .. })).collect();
        assert_eq!(markers.len(), back.len(), "seed {seed}: one number per figure");
        for ((number, (cx, cy)), action) in markers.iter().zip(&back) {
            let label = crate::games::southseas::text::action_label(&game, action, Locale::En);
            assert!(label.starts_with(&format!("{number} · Take back")), "{label}");
            let Action::RetrieveIslander { pos, feature } = *action else { unreachable!() };
            let placed = game.tile_at(pos).unwrap();
            let slot = board::Art::new(frame.tile).slot(game.tiles().get(placed.tile), placed.rotation.quarter_turns(), feature);
            let (fx, fy) = frame.point(pos, slot);
            assert!((fx - cx).hypot(fy - cy) <= frame.tile as f32, "seed {seed}: marker {number} is far from its figure");
            // Drawn: the marker's ring, its white disc above the number, the number's ink.
            let ring = (0..8).any(|d| pixel(&img, (cx - 27.0 + d as f32, *cy)) == palette::SPOT_INK);
            assert!(ring, "seed {seed}: /board has no ring for figure {number}");
            assert_eq!(pixel(&img, (*cx, cy - 19.0)), palette::WHITE, "seed {seed}: marker {number}'s disc");
            let h = ink_rows(&img, (*cx as u32 - 14, *cy as u32 - 19, *cx as u32 + 14, *cy as u32 + 19), 0.3);
            assert!(h >= 20, "seed {seed}: the number {number} is {h} px tall");
        }
        checked += 1;
    }
    assert!(checked >= 5, "{checked} steps with figures to take back");
    // Another step: no numbers (nothing to take back is asked).
    let game = play_until(3, 5, Strategy::Greedy, |g| g.turn() >= 10 && g.phase() == Phase::PlaceTile);
    assert!(board::retrieve_markers(&game, &[board_frame(&game, &named(3))]).is_empty());
}

/// A timelapse's frame (`Picture::Frame`) is the whole board without what only the player to
/// act needs: where `/board` numbers the figures to take back and letters the open spots, the
/// frame shows neither, so nothing flickers from step to step.
#[test]
fn a_timelapse_frame_numbers_no_figure_and_letters_no_spot() {
    let make = crate::games::southseas::images();
    let names = named(3).names;
    let decode = |png: &[u8]| image::load_from_memory(png).expect("a PNG").into_rgb8();
    let mut checked = 0;
    for seed in 0..40 {
        let Some(game) = retrieve_step(seed, 2, seed % 2 == 1) else { continue };
        let draw = |picture| decode(&make(&game, &crate::games::southseas::text::Names(names.clone()), None, picture, Locale::En)[0].png);
        let (board, frame_img) = (draw(crate::common::Picture::FullBoard), draw(crate::common::Picture::Frame));
        let frame = board_frame(&game, &named(3));
        let markers = board::retrieve_markers(&game, std::slice::from_ref(&frame));
        assert!(!markers.is_empty(), "seed {seed}: a step with figures to take back");
        for (number, (cx, cy)) in markers {
            let disc = |img: &RgbImage| pixel(img, (cx, cy - 19.0)) == palette::WHITE;
            let ring = |img: &RgbImage| (0..8).any(|d| pixel(img, (cx - 27.0 + d as f32, cy)) == palette::SPOT_INK);
            assert!(disc(&board) && ring(&board), "seed {seed}: /board numbers figure {number}");
            assert!(!ring(&frame_img), "seed {seed}: the frame numbers figure {number}");
        }
        let plain = board_image(&game, &BoardView { show_spots: false, ..named(3) });
        assert!(frame_img == plain, "seed {seed}: the frame is the board with no spot and no number");
        assert!(board != plain, "seed {seed}: /board letters its spots");
        checked += 1;
    }
    assert!(checked >= 5, "{checked} steps with figures to take back");
}

#[test]
fn the_ships_on_display_are_on_the_picture_ticked_when_payable() {
    // A turn late enough for wares: the display's ships, each card framed in spot ink when the
    // player to act can pay it now.
    let game = play_until(4, 3, Strategy::Greedy, |g| {
        g.phase() == Phase::Deliver && !g.deliverable_ships().is_empty() && g.deliverable_ships().len() < g.display().len()
    });
    let plan = phone_plan(&game);
    assert!(plan.ships_h > 0);
    let img = phone_image(&game, &named(3));
    let who = game.to_act().unwrap();
    let w = (PHONE_W as f32 - 2.0 * phone::PAD - 24.0) / 4.0;
    let mut both = [false, false];
    for (k, &id) in game.display().iter().enumerate() {
        let can = game.ships().get(id).demand.can_pay(&game.player(who).wares);
        let x = phone::PAD + (k % 4) as f32 * (w + 8.0);
        let y = plan.ships_y as f32 + 44.0 + (k / 4) as f32 * 120.0;
        // The middle of the card's top edge: a 4 px frame when payable, a thin edge otherwise.
        let p = pixel(&img, (x + w / 2.0, y + 3.0));
        assert_eq!(p == palette::SPOT_INK, can, "ship {k}: payable {can}, frame {p:?}");
        both[can as usize] = true;
    }
    assert_eq!(both, [true, true], "both kinds of card seen");
}

#[test]
fn the_legend_explains_the_frames_shown() {
    let game = cli::simulate(3, 4, Strategy::Greedy, 12).unwrap();
    let with = phone_image(&game, &BoardView { since_turn: Some(9), ..named(3) });
    let plan = phone_plan(&game);
    assert!(plan.legend_h > 0);
    let cy = plan.legend_y as f32 + 22.0;
    // The first swatch in the last tile's colour; the second (recent tiles) only when asked.
    assert_eq!(pixel(&with, (phone::PAD + 3.0, cy)), palette::HIGHLIGHT);
    let second = (phone::PAD as u32..PHONE_W).any(|x| with.get_pixel(x, cy as u32).0 == palette::RECENT);
    assert!(second, "the recent tiles' swatch");
    let without = phone_image(&game, &named(3));
    assert!(!(phone::PAD as u32..PHONE_W).any(|x| without.get_pixel(x, cy as u32).0 == palette::RECENT));
}

/// Writes the phone view's examples in `docs/` (full size and 400 px wide):
/// `DOCS_OUT=docs cargo test --release --lib write_phone_examples -- --ignored`.
#[test]
#[ignore = "writes the example pictures of docs/ (DOCS_OUT=docs)"]
fn write_phone_examples() {
    let dir = std::path::PathBuf::from(std::env::var("DOCS_OUT").unwrap_or_else(|_| "/tmp".into()));
    let write = |name: &str, img: &RgbImage| {
        std::fs::write(dir.join(format!("{name}.png")), encode_png(img)).unwrap();
        std::fs::write(dir.join(format!("{name}-400px.png")), encode_png(&cli::scaled(img, 400))).unwrap();
        eprintln!("{name}: {}x{} px, {} bytes", img.width(), img.height(), encode_png(img).len());
    };
    // A turn in the middle of a game (the README's first picture), and a late one: every spot
    // on the picture.
    let mid = cli::simulate(4, 7, Strategy::Greedy, 30).unwrap();
    write("board-midgame", &phone_image(&mid, &BoardView { since_turn: Some(26), ..named(4) }));
    let late = cli::simulate(5, 11, Strategy::Greedy, 60).unwrap();
    write("phone-late-turn", &phone_image(&late, &BoardView { since_turn: Some(55), ..named(5) }));
    // The islander step: the new tile with its numbered markers.
    let islander = play_until(3, 5, Strategy::Greedy, |g| {
        g.turn() > 20 && matches!(g.phase(), Phase::Islander { .. }) && islander_features(g).len() >= 3
    });
    write("phone-islander", &phone_image(&islander, &BoardView { since_turn: Some(islander.turn() - 3), ..named(3) }));
    // The islander step where figures may be taken back: numbered on the board where they stand.
    let back = (0..40).find_map(|seed| retrieve_step(seed, 3, true)).expect("a step with figures to take back");
    write("phone-take-back", &phone_image(&back, &named(3)));
    // The same step on `/board`: the same numbers on the same figures.
    write("full-board-take-back", &board_image(&back, &named(3)));
    // The delivery step, ships the player can pay ticked.
    let deliver = play_until(4, 3, Strategy::Greedy, |g| {
        g.phase() == Phase::Deliver && g.turn() > 30 && !g.deliverable_ships().is_empty() && g.deliverable_ships().len() < g.display().len()
    });
    write("phone-ships", &phone_image(&deliver, &BoardView { since_turn: Some(deliver.turn() - 4), ..named(4) }));
    // A sprawling late board (18 squares across): still every spot lettered readably.
    let crowded = cli::simulate(5, 201, Strategy::Random, 70).unwrap();
    write("phone-wide-board", &phone_image(&crowded, &named(5)));
    // Names in any script, and the final board.
    write("phone-names", &phone_image(&cli::simulate(5, 3, Strategy::Greedy, 35).unwrap(), &world(5)));
    let (over, _) = crate::cli::sim::play_game(Options::default(), 4, 9, Strategy::Greedy);
    write("phone-endgame", &phone_image(&over, &named(4)));
}
