//! Renderer tests: colours under the three colour-vision deficiencies, text heights at 400 px,
//! sizes over every scenario, determinism, spots anywhere on any map, and nothing hidden drawn.

use super::board::{self, edge_mid, hex_centre, vertex_point};
use super::*;
use crate::cli::render::scaled;
use crate::draw::VISIONS as MACHADO;
use crate::i18n::Locale;
use seafarers_engine::{Action, Bot, Options, Ruleset, Strategy};

// ----- games to draw -----------------------------------------------------------------------

fn new_game(scenario: &str, players: usize, seed: u64) -> Option<Game> {
    let sc = Ruleset::CURRENT.scenario(scenario).unwrap();
    let pirate = sc.pirate.is_some();
    Game::new(sc, players, seed, Options { pirate }).ok()
}

/// Plays greedy bots until `stop` says so or the game ends (or `max` actions).
fn play(mut game: Game, seed: u64, max: usize, mut stop: impl FnMut(&Game) -> bool) -> Game {
    let mut bots: Vec<Bot> = (0..game.player_count()).map(|s| Bot::new(Strategy::Greedy, seed * 31 + s as u64)).collect();
    for _ in 0..max {
        if game.is_over() || stop(&game) {
            break;
        }
        let Some(&p) = game.to_act().first() else { break };
        let Some(a) = bots[p].choose(&game, p) else { break };
        game.apply(p, &a).unwrap();
    }
    game
}

/// A label for the `i`-th spot: A..Z, then AA, AB, ...
fn label(i: usize) -> String {
    if i < 26 {
        ((b'A' + i as u8) as char).to_string()
    } else {
        format!("{}{}", (b'A' + (i / 26 - 1) as u8) as char, (b'A' + (i % 26) as u8) as char)
    }
}

/// The spots of the first player to act, lettered as a room might letter them.
fn spots_of(game: &Game) -> Vec<Spot> {
    let Some(&p) = game.to_act().first() else { return Vec::new() };
    let mut ats: Vec<SpotAt> = Vec::new();
    for a in game.legal_actions(p) {
        let at = match a {
            Action::BuildSettlement { at } | Action::BuildCity { at } => SpotAt::Vertex(at),
            Action::BuildRoad { at } | Action::BuildShip { at } | Action::PlaceHarbour { at } => SpotAt::Edge(at),
            Action::MoveShip { to, .. } => SpotAt::Edge(to),
            Action::MoveRobber { to, .. } | Action::MovePirate { to } => SpotAt::Hex(to),
            _ => continue,
        };
        if !ats.contains(&at) {
            ats.push(at);
        }
    }
    ats.into_iter().enumerate().map(|(i, at)| Spot { label: label(i), at }).collect()
}

fn named(n: usize) -> BoardView {
    BoardView { names: ["Ana", "Bo", "Cy", "Di"][..n].iter().map(|s| s.to_string()).collect(), ..BoardView::default() }
}

// ----- colours -----------------------------------------------------------------------------

// The dichromacies' simulation is the drawing kit's (`src/draw/vision.rs`), shared with South
// Seas' palette test.
fn delta_e(a: draw::Rgb8, b: draw::Rgb8, m: &[[f32; 3]; 3]) -> f32 {
    draw::delta_e_seen(a, b, m)
}

#[test]
fn player_colours_stay_apart_for_every_colour_vision() {
    // Pieces are small at 400 px: two players' colours must differ at a glance, so far more
    // than the ~2.3 of a just-noticeable difference. 40 is about the distance between
    // saturated red and orange for normal vision; the palette reaches 57.
    let mut closest = f32::MAX;
    for (name, m) in &MACHADO {
        for a in 0..4 {
            for b in a + 1..4 {
                let d = delta_e(palette::PLAYERS[a], palette::PLAYERS[b], m);
                assert!(d >= 40.0, "{name}: {} and {} are only ΔE {d:.1} apart", colour_name(a), colour_name(b));
                closest = closest.min(d);
            }
            // The spot labels are none of the players' colours either.
            let d = delta_e(palette::PLAYERS[a], palette::SPOT, m);
            assert!(d >= 20.0, "{name}: {} is ΔE {d:.1} from the spot labels", colour_name(a));
        }
    }
    eprintln!("closest two players: ΔE {closest:.1}");
}

#[test]
fn pieces_stand_out_from_every_terrain_by_fill_or_outline() {
    // A piece lies over up to three hexes; it must stand out from each by its fill or by its
    // outline (dark around light pieces, white around the black one): ΔE 20 for both.
    // Ships lie on the sea: there the fill itself must stand out.
    for (name, m) in &MACHADO {
        for (seat, &c) in palette::PLAYERS.iter().enumerate() {
            for &t in &palette::TERRAINS {
                let best = delta_e(c, t, m).max(delta_e(palette::outline_of(c), t, m));
                assert!(best >= 20.0, "{name}: {} piece on terrain {t:?}: ΔE {best:.1}", colour_name(seat));
            }
            let on_sea = delta_e(c, palette::SEA, m);
            assert!(on_sea >= 20.0, "{name}: a {} ship on the sea: ΔE {on_sea:.1}", colour_name(seat));
            // The letter on the piece: a contrast of lightness, whatever the colour vision.
            let letter = delta_e(c, palette::letter_on(c), m);
            assert!(letter >= 45.0, "{name}: the letter on a {} piece: ΔE {letter:.1}", colour_name(seat));
        }
    }
}

// ----- letters -----------------------------------------------------------------------------

#[test]
fn letters_are_initials_where_free_and_always_distinct() {
    let v = |names: &[&str]| letters(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(v(&["Ana", "Bo", "Cy", "Di"]), ['A', 'B', 'C', 'D']);
    assert_eq!(v(&["anna", "Arne", "Al", "alice"]), ['A', 'R', 'L', 'I']);
    assert_eq!(v(&["", "", "", ""]), ['R', 'B', 'W', 'K'], "unnamed seats: their colour's letter");
    assert_eq!(v(&["Bob", "", "🐙", "bb"]), ['B', 'A', 'W', 'K'], "then the colour's letter");
    assert_eq!(v(&["Rob", "R", "W", "K"]), ['R', 'B', 'W', 'K']);
    assert_eq!(v(&["K", "K", "K", "K"]), ['K', 'B', 'W', 'A'], "then the alphabet");
    assert_eq!(v(&["Ана", "小明"]), ['А', '小']);
    for names in [["x", "x", "x", "x"], ["ab", "ba", "ab", "ba"]] {
        let l = v(&names);
        let mut d = l.clone();
        d.sort_unstable();
        d.dedup();
        assert_eq!(d.len(), 4, "{names:?} → {l:?}");
        assert_eq!(l, v(&names), "deterministic");
    }
    assert_eq!((0..4).map(colour_name).collect::<Vec<_>>(), ["red", "blue", "white", "black"]);
}

// ----- readability at 400 px ---------------------------------------------------------------

/// Rows of `img` within the box holding a pixel that `ink` accepts: the height of what is
/// written there.
fn ink_rows(img: &RgbImage, (x0, y0, x1, y1): (f32, f32, f32, f32), ink: impl Fn([u8; 3]) -> bool) -> u32 {
    let (w, h) = img.dimensions();
    let (x0, x1) = (x0.max(0.0) as u32, (x1 as u32).min(w));
    let (y0, y1) = (y0.max(0.0) as u32, (y1 as u32).min(h));
    let rows: Vec<u32> = (y0..y1).filter(|&y| (x0..x1).any(|x| ink(img.get_pixel(x, y).0))).collect();
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) => b - a + 1,
        _ => 0,
    }
}

/// Ink: a pixel at least about half covered by dark text on a light ground...
fn dark(p: [u8; 3]) -> bool {
    draw::luminance(p) < 0.5
}

/// ... or by the red of a 6 or an 8 on a token.
fn red_ink(p: [u8; 3]) -> bool {
    p[0] as i32 - p[1] as i32 > 80
}

/// ... or, a third covered, by a white letter on a vermillion piece (luminance 0.47: the
/// apex of an A covers little of its top rows).
fn white(p: [u8; 3]) -> bool {
    draw::luminance(p) > 0.62
}

/// The heights (px at 400 px wide) of a number token's digits, a spot label's letters and a
/// settlement's, a city's and a ship's letters in the phone view of `game` with `spots`.
fn measured(game: &Game, view: &BoardView) -> Vec<(String, f32)> {
    let whole = phone_image(game, view);
    let f = phone_frame(game, view);
    let k = 400.0 / whole.width() as f32;
    // The board, under the header.
    let img = image::imageops::crop_imm(&whole, 0, TITLE_H, f.w, f.h).to_image();
    let u = f.u;
    let mut out = Vec::new();
    for h in game.hexes() {
        let Some(n) = h.number else { continue };
        let c = hex_centre(h.hex);
        if !f.shows(c, u) || game.robber() == Some(h.hex) || view.spots.iter().any(|s| s.at == SpotAt::Hex(h.hex)) {
            continue;
        }
        let (x, y) = f.px(c);
        let ink = if matches!(n, 6 | 8) { red_ink } else { dark };
        // The digits, above the pips.
        let rows = ink_rows(&img, (x - 0.4 * u, y - 0.45 * u, x + 0.4 * u, y + 0.26 * u), ink);
        out.push((format!("token {n} at {}", h.hex), rows as f32 * k));
    }
    for b in board::badges(&f, &view.spots, &board::badge_keep_clear(game, &f, &view.spots, view.language)) {
        if b.x < 0.0 || b.x > f.w as f32 || b.y < 0.0 || b.y > f.h as f32 {
            continue;
        }
        // The letters, inside the badge's outline.
        let rows = ink_rows(&img, (b.x - b.hw + 2.0, b.y - b.hh + 2.0, b.x + b.hw - 2.0, b.y + b.hh - 2.0), dark);
        out.push((format!("spot {}", b.label), rows as f32 * k));
    }
    // Pieces of seat 0 (vermillion, white letters): the white ink inside the body.
    // (Spot labels lie over the pieces: a piece with a label on or next to it is skipped.)
    let under_spot = |p: (f32, f32)| {
        view.spots.iter().any(|s| {
            let q = board::spot_point(s.at);
            (p.0 - q.0).hypot(p.1 - q.1) * f.s < 1.3 * u
        })
    };
    for (v, b) in
        game.buildings().into_iter().filter(|(v, b)| b.owner == 0 && f.shows(vertex_point(*v), u) && !under_spot(vertex_point(*v)))
    {
        let (x, y) = f.px(vertex_point(v));
        let lx = if b.city { x + 0.13 * u } else { x };
        let rows = ink_rows(&img, (lx - 0.28 * u, y - 0.26 * u, lx + 0.28 * u, y + 0.42 * u), white);
        out.push((format!("{} at {v}", if b.city { "city" } else { "settlement" }), rows as f32 * k));
    }
    let ship = |r: &seafarers_engine::Route| r.owner == 0 && r.kind == seafarers_engine::RouteKind::Ship;
    // (A ship between two buildings has no room of its own: skipped.)
    let between = |e: seafarers_engine::Edge| e.vertices().iter().all(|v| game.building_at(*v).is_some());
    for (e, _) in
        game.routes().into_iter().filter(|(e, r)| ship(r) && f.shows(edge_mid(*e), u) && !under_spot(edge_mid(*e)) && !between(*e))
    {
        let (x, y) = f.px(board::ship_point(game, e));
        let rows = ink_rows(&img, (x - 0.3 * u, y - 0.2 * u, x + 0.3 * u, y + 0.45 * u), white);
        out.push((format!("ship at {e}"), rows as f32 * k));
    }
    out
}

#[test]
fn tokens_spot_labels_and_piece_letters_are_12_px_tall_at_400_px_wide() {
    // A mid-game board of every scenario, shown whole (no spots) and with the spots of a turn.
    let mut smallest = (f32::MAX, String::new());
    let mut kinds = std::collections::BTreeSet::new();
    for id in Ruleset::CURRENT.scenario_ids() {
        let Some(game) = new_game(id, 4, 5) else { continue };
        let game = play(game, 5, 400, |g| g.buildings().len() >= 12 && g.phase() == seafarers_engine::Phase::Main);
        for view in [named(4), BoardView { spots: spots_of(&game), ..named(4) }] {
            for (what, h) in measured(&game, &view) {
                assert!(h >= 12.0, "{id}: {what} is {h:.1} px tall at 400 px wide");
                kinds.insert(what.split(' ').next().unwrap().to_string());
                if h < smallest.0 {
                    smallest = (h, format!("{id}: {what}"));
                }
            }
        }
    }
    for kind in ["token", "spot", "settlement", "ship"] {
        assert!(kinds.contains(kind), "no {kind} was measured");
    }
    eprintln!("smallest: {smallest:?}; measured {kinds:?}");
}

#[test]
fn setup_spots_over_the_whole_island_stay_12_px_after_a_real_downscale() {
    // The densest turn: the first settlement, every free intersection lettered.
    let game = new_game("four-islands", 4, 3).unwrap();
    let view = BoardView { spots: spots_of(&game), ..named(4) };
    assert!(view.spots.len() > 26, "two-letter labels: {}", view.spots.len());
    let img = phone_image(&game, &view);
    let small = scaled(&img, 400);
    let f = phone_frame(&game, &view);
    let k = 400.0 / img.width() as f32;
    let mut tallest = 0;
    for b in board::badges(&f, &view.spots, &board::badge_keep_clear(&game, &f, &view.spots, view.language)) {
        // The letters, inside the badge's outline (which is dark too).
        let (x, y, hw, hh) = (b.x * k, (b.y + TITLE_H as f32) * k, (b.hw - 2.0) * k, (b.hh - 2.0) * k);
        let rows = ink_rows(&small, (x - hw, y - hh, x + hw, y + hh), |p| draw::luminance(p) < 0.55);
        tallest = tallest.max(rows);
        assert!(rows >= 12, "spot {} is {rows} px tall in the 400 px picture", b.label);
    }
    eprintln!("spots after scaling to 400 px: up to {tallest} px tall");
}

// ----- what the phone view shows -----------------------------------------------------------

#[test]
fn setup_spot_badges_never_overlap_and_stay_in_the_picture() {
    // The most crowded turns: a first settlement (every free intersection of the setup area
    // lettered, as the room letters them) and the second round's, in every scenario, phone
    // view and full board. No two badges touch, every badge lies whole in the picture, and
    // its letters are never under the size that is 12 px tall at 400 px.
    let mut checked = 0;
    let mut smallest_gap = (f32::MAX, String::new());
    for id in Ruleset::CURRENT.scenario_ids() {
        for players in [3, 4] {
            let Some(start) = new_game(id, players, 3) else { continue };
            let settling = |g: &Game| !crate::games::seafarers::spots::Labels::of_turn(g).vertices.is_empty();
            let second = play(start.clone(), 3, 200, |g| g.buildings().len() >= players && settling(g));
            assert!(second.phase().is_setup(), "{id}: still in setup");
            for (when, game) in [("first", &start), ("second round", &second)] {
                let labels = crate::games::seafarers::spots::Labels::of_turn(game);
                let view = BoardView { spots: labels.spots(), ..named(players) };
                assert!(view.spots.len() > 8, "{id} {when}: {} spots", view.spots.len());
                // The pictures that letter them: the whole board (`/board`), and the turn's
                // phone picture, or each zone's close-up when there are too many for one.
                let mut frames = vec![("full".to_string(), full_frame(game), view.clone())];
                let phone_views = if labels.zoned() { labels.zones.clone() } else { vec![labels.spots()] };
                for (i, spots) in phone_views.into_iter().enumerate() {
                    let view = BoardView { spots, ..named(players) };
                    frames.push((format!("phone {i}"), phone_frame(game, &view), view));
                }
                for (layout, f, view) in frames {
                    let badges = board::badges(&f, &view.spots, &board::badge_keep_clear(game, &f, &view.spots, view.language));
                    assert_eq!(badges.len(), view.spots.len());
                    let what = format!("{id} {players}p {when} {layout}");
                    for (i, a) in badges.iter().enumerate() {
                        let (x0, y0, x1, y1) = a.bbox();
                        assert!(
                            x0 >= -0.01 && y0 >= -0.01 && x1 <= f.w as f32 + 0.01 && y1 <= f.h as f32 + 0.01,
                            "{what}: {} sticks out: {:?} of {f:?}",
                            a.label,
                            a.bbox()
                        );
                        assert!(a.size >= board::spot_text(MIN_PIECE_PX.min(f.u)), "{what}: {} at {} px", a.label, a.size);
                        for b in &badges[i + 1..] {
                            assert!(!a.overlaps(b, 0.0), "{what}: {} and {} overlap", a.label, b.label);
                            let (p, q) = (a.bbox(), b.bbox());
                            let gap = (q.0 - p.2).max(p.0 - q.2).max(q.1 - p.3).max(p.1 - q.3);
                            if gap < smallest_gap.0 {
                                smallest_gap = (gap, format!("{what}: {} and {}", a.label, b.label));
                            }
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 24, "{checked} pictures");
    eprintln!("closest two badges: {smallest_gap:?}");
}

#[test]
fn every_spot_is_in_the_picture_even_at_both_ends_of_the_board() {
    for id in Ruleset::CURRENT.scenario_ids() {
        let game = new_game(id, 3, 1).unwrap();
        let topo = game.topology();
        let vs = &topo.vertices;
        let west = *vs.iter().min_by(|a, b| vertex_point(**a).0.total_cmp(&vertex_point(**b).0)).unwrap();
        let east = *vs.iter().max_by(|a, b| vertex_point(**a).0.total_cmp(&vertex_point(**b).0)).unwrap();
        let north = *topo.edges.iter().min_by(|a, b| edge_mid(**a).1.total_cmp(&edge_mid(**b).1)).unwrap();
        let south = *topo.hexes.iter().max_by_key(|h| (h.r, h.q)).unwrap();
        let sets: Vec<Vec<SpotAt>> = vec![
            vec![SpotAt::Vertex(west), SpotAt::Vertex(east)],
            vec![SpotAt::Edge(north), SpotAt::Hex(south)],
            vec![SpotAt::Vertex(west)],
            vec![SpotAt::Hex(south)],
            spots_of(&game).into_iter().map(|s| s.at).collect(),
        ];
        for ats in sets {
            let view = BoardView { spots: ats.iter().enumerate().map(|(i, &at)| Spot { label: label(i), at }).collect(), ..named(3) };
            let f = phone_frame(&game, &view);
            assert_eq!(f.w, PHONE_W);
            for s in &view.spots {
                assert!(f.shows(board::spot_point(s.at), 0.3 * f.u), "{id}: spot {:?} is outside the picture {f:?}", s.at);
            }
            let img = phone_image(&game, &view);
            assert_eq!(img.width(), PHONE_W);
        }
    }
}

#[test]
fn a_few_spots_close_together_get_a_close_up_and_none_the_whole_board() {
    let game = play(new_game("new-shores", 4, 2).unwrap(), 2, 200, |g| g.phase() == seafarers_engine::Phase::Main);
    let whole = phone_frame(&game, &named(4));
    let content = board::content_bbox(&game, &[]);
    assert!(whole.x0 <= content.0 + 1e-3 && whole.x0 + whole.w as f32 / whole.s >= content.2 - 1e-3, "no spots: everything in view");
    let (e, _) = game.routes()[0];
    let near = BoardView { spots: vec![Spot { label: "A".into(), at: SpotAt::Edge(e) }], ..named(4) };
    let close = phone_frame(&game, &near);
    assert!(close.s > whole.s * 1.5, "a close-up: {} px per hex radius against {}", close.s, whole.s);
    assert!(close.u <= PIECE_PX, "pieces keep their size");
}

// ----- size, determinism, no panics --------------------------------------------------------

#[test]
fn every_scenario_draws_well_under_1_mb_at_the_start_and_the_end() {
    let mut largest = (0, String::new());
    for id in Ruleset::CURRENT.scenario_ids() {
        for players in 3..=4 {
            let Some(start) = new_game(id, players, 11) else { continue };
            let end = play(start.clone(), 11, 20_000, |_| false);
            assert!(end.is_over(), "{id}: the greedy game ends");
            for (when, game) in [("start", &start), ("end", &end)] {
                let view = BoardView { spots: spots_of(game), ..named(players) };
                for (layout, png) in [("phone", phone_png(game, &view)), ("full", full_board_png(game, &view))] {
                    assert!(png.len() < 700_000, "{id} {players}p {when} {layout}: {} bytes", png.len());
                    if png.len() > largest.0 {
                        largest = (png.len(), format!("{id} {players}p {when} {layout}"));
                    }
                }
            }
        }
    }
    eprintln!("largest picture: {} bytes ({})", largest.0, largest.1);
}

#[test]
fn the_same_game_gives_the_same_bytes() {
    let game = play(new_game("through-the-desert", 4, 8).unwrap(), 8, 600, |_| false);
    let view = BoardView { spots: spots_of(&game), ..named(4) };
    assert_eq!(phone_png(&game, &view), phone_png(&game.clone(), &view.clone()));
    assert_eq!(full_board_png(&game, &view), full_board_png(&game, &view));
}

#[test]
fn a_board_on_a_cached_ground_is_the_board_drawn_afresh() {
    // Every scenario at its start and mid-game (ships, the robber, discovered hexes), with and
    // without the spots of a turn (a spot on a hex lifts its token), phone view and full
    // board: the picture on a ground from the cache, on a ground just drawn and cached, and
    // drawn in one pass are the same bytes.
    let mut compared = 0;
    for id in Ruleset::CURRENT.scenario_ids() {
        let Some(start) = new_game(id, 4, 6) else { continue };
        let mid = play(start.clone(), 6, 1500, |g| g.robber().is_some() && g.phase() == seafarers_engine::Phase::Robber);
        for game in [&start, &mid] {
            for view in [named(4), BoardView { spots: spots_of(game), ..named(4) }] {
                for frame in [phone_frame(game, &view), full_frame(game)] {
                    let fresh = image(game, &view, &frame, false);
                    clear_caches();
                    let c = image(game, &view, &frame, true);
                    if let Some((x, y, _)) = c.enumerate_pixels().find(|(x, y, p)| fresh.get_pixel(*x, *y) != *p) {
                        eprintln!("first difference at {x},{y} of {:?} (board {:?})", c.dimensions(), (frame.w, frame.h));
                    }
                    assert!(c == fresh, "{id}: the ground drawn into the cache");
                    assert!(image(game, &view, &frame, true) == fresh, "{id}: the ground from the cache");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 40, "{compared} pictures compared");
}

#[test]
fn every_picture_of_a_game_drawn_on_caches_filled_by_the_pictures_before_it_is_the_picture_drawn_afresh() {
    // The caches hold grounds of other frames, rows of other turns, badges of other spots: a
    // key that missed something would show an earlier picture's part. A whole game in order,
    // the spots of each turn (setup, the robber and the pirate's moves, building), the caches
    // never emptied between pictures.
    clear_caches();
    let mut game = new_game("four-islands", 4, 5).unwrap();
    let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(Strategy::Greedy, 5 * 31 + s)).collect();
    let (mut compared, mut lifted) = (0, 0);
    for step in 0..2000 {
        if game.is_over() {
            break;
        }
        let view = BoardView { spots: spots_of(&game), ..named(4) };
        if step % 4 == 0 || board::lifts_tokens(&view.spots) {
            let frame = phone_frame(&game, &view);
            assert!(image(&game, &view, &frame, true) == image(&game, &view, &frame, false), "step {step}: from the caches");
            compared += 1;
            lifted += usize::from(board::lifts_tokens(&view.spots));
        }
        let p = game.to_act()[0];
        let a = bots[p].choose(&game, p).unwrap();
        game.apply(p, &a).unwrap();
    }
    assert!(compared >= 40 && lifted >= 2, "{compared} pictures compared, {lifted} with tokens lifted");
}

#[test]
fn phone_frames_come_back_to_a_few_piece_sizes() {
    // So that the frames of a game share their pieces' sprites.
    let mut sizes = std::collections::BTreeSet::new();
    for id in Ruleset::CURRENT.scenario_ids() {
        let game = play(new_game(id, 4, 3).unwrap(), 3, 400, |_| false);
        for view in [named(4), BoardView { spots: spots_of(&game), ..named(4) }] {
            let f = phone_frame(&game, &view);
            assert!((MIN_PIECE_PX..=PIECE_PX).contains(&f.u) && (f.u - MIN_PIECE_PX) % PIECE_STEP == 0.0, "{id}: pieces {} px", f.u);
            assert!(f.u <= f.s.max(MIN_PIECE_PX), "{id}: a close-up makes the hexes larger, not the pieces");
            sizes.insert(f.u.to_bits());
        }
    }
    assert!(sizes.len() <= 5, "{} piece sizes", sizes.len());
}

#[test]
fn every_step_of_games_on_every_map_draws_without_panic() {
    // Every scenario, 2 to 4 players where the scenario takes them, a few seeds; a picture
    // after every few actions, with the spots of the turn.
    let mut drawn = 0;
    for id in Ruleset::CURRENT.scenario_ids() {
        for (players, seed) in [(2, 1), (3, 2), (4, 3), (3, 4)] {
            let Some(mut game) = new_game(id, players, seed) else { continue };
            let mut bots: Vec<Bot> = (0..players).map(|s| Bot::new(Strategy::Random, seed + s as u64)).collect();
            for step in 0..3000 {
                if step % 97 == 0 || game.is_over() {
                    let view =
                        BoardView { spots: spots_of(&game), names: vec!["مريم".into(), "小明".into()], ..BoardView::default() };
                    let img = phone_image(&game, &view);
                    assert_eq!(img.width(), PHONE_W);
                    assert!(img.height() < 1800, "{id}: {} px tall", img.height());
                    drawn += 1;
                }
                if game.is_over() {
                    break;
                }
                let p = game.to_act()[0];
                let a = bots[p].choose(&game, p).unwrap();
                game.apply(p, &a).unwrap();
            }
        }
    }
    assert!(drawn > 100, "{drawn} pictures");
}

// ----- hidden information ------------------------------------------------------------------

#[test]
fn hands_and_the_deck_order_never_show_only_their_counts() {
    // The same board with hands of other kinds (same counts) and another deck order: the same
    // picture, byte for byte. A hand of another size shows.
    let game = |hands: &str, deck: &str| {
        let text = format!("scenario = \"new-shores\"\nplayers = 3\nseed = 4\nhands = [{hands}]\ndeck = [{deck}]\n");
        seafarers_engine::script::script(&text).unwrap().game
    };
    let a = game("\"brick=3 ore=1\", \"wool=2\", \"\"", "\"knight\", \"monopoly\"");
    let b = game("\"grain=2 lumber=2\", \"ore=2\", \"\"", "\"victory_point\", \"road_building\"");
    let c = game("\"grain=2 lumber=3\", \"ore=2\", \"\"", "\"knight\", \"monopoly\"");
    let view = named(3);
    assert_eq!(phone_png(&a, &view), phone_png(&b, &view));
    assert_eq!(full_board_png(&a, &view), full_board_png(&b, &view));
    assert_ne!(phone_png(&a, &view), phone_png(&c, &view), "a card count is public");
}

// ----- example pictures --------------------------------------------------------------------

// ----- words in every language -------------------------------------------------------------

/// Games to read the panel of: each scenario at its start, mid-game and its end, and a game
/// whose end has one player holding both the longest trade route and the largest army (the
/// widest first line).
fn games_to_read() -> Vec<Game> {
    let mut games = Vec::new();
    for (i, id) in Ruleset::CURRENT.scenario_ids().into_iter().enumerate() {
        let seed = 20 + i as u64;
        let start = new_game(id, 4, seed).unwrap();
        games.push(play(start.clone(), seed, 300, |_| false));
        games.push(play(start.clone(), seed, 20_000, |_| false));
        games.push(start);
    }
    let both = (1..200u64)
        .map(|seed| play(new_game("base", 4, seed).unwrap(), seed, 20_000, |_| false))
        .find(|g| g.longest_route_holder().is_some() && g.longest_route_holder() == g.largest_army_holder())
        .expect("a game where one player holds both");
    games.push(both);
    games
}

#[test]
fn the_panels_words_fit_whole_in_every_language() {
    let games = games_to_read();
    for language in Locale::ALL {
        for game in &games {
            // The words around the names must fit: short names, none (colours), and ten
            // letters, which the head may cut short in any language (as it cuts any name).
            for names in [named(4).names, Vec::new(), vec!["Marguerite".into(); 4]] {
                let long = !names.is_empty() && names[0].len() > 3;
                let view = BoardView { names, language, ..BoardView::default() };
                let unfit: Vec<_> = panel_unfit(game, &view).into_iter().filter(|(part, _)| !(long && *part == "head")).collect();
                assert!(unfit.is_empty(), "{language} ({}, {:?}): {unfit:?}", game.scenario().id, game.phase());
            }
        }
    }
}

#[test]
fn harbour_words_keep_their_marker_within_a_hex_in_every_language() {
    // A marker grows with its word: at the phone's full piece size (the hex's radius), the word
    // in its text size (half of that) and the marker's margins stay within a hex's width.
    use seafarers_engine::{Harbour, Resource};
    let bold = &crate::draw::fonts().bold;
    let widths = |language: Locale| -> Vec<(String, f32)> {
        let harbours = Resource::ALL.into_iter().map(Harbour::Special).chain([Harbour::Generic]);
        harbours.map(|h| palette::harbour_lines(language, h).1).map(|w| (w.clone(), crate::draw::text_width(bold, 30.0, &w))).collect()
    };
    let (u, hex_width) = (60.0, 3f32.sqrt() * 60.0);
    for language in Locale::ALL {
        for (word, w) in widths(language) {
            assert!(w + 0.28 * u <= hex_width, "{language}: {word:?} makes a marker {:.0} px wide, a hex is {hex_width:.0}", w + 0.28 * u);
        }
    }
}

// ----- the header: who acts and what -------------------------------------------------------

/// The header's lines of `game` as the phone view draws them, and what did not fit.
fn header_of(game: &Game, view: &BoardView) -> (Vec<String>, Vec<(&'static str, String)>) {
    let mut fits = panel::Fits::default();
    let room = PHONE_W as f32 - 16.0 - 66.0 * game.to_act().len().clamp(1, 2) as f32 - 16.0 - 4.0;
    let lines = panel::header_lines(game, &view.names, view.language, room, &mut fits);
    (lines, fits.unfit)
}

#[test]
fn the_header_says_whose_step_it_is_and_what_in_the_games_language() {
    let game = new_game("new-shores", 4, 7).unwrap();
    let first = game.to_act()[0];
    let name = ["Ana", "Bo", "Cy", "Di"][first];
    assert_eq!(header_of(&game, &named(4)).0, vec![format!("{name}: place a settlement")]);
    let fr = BoardView { language: Locale::Fr, ..named(4) };
    assert_eq!(header_of(&game, &fr).0, vec![format!("{name}\u{a0}: placer une colonie")]);
    // The header is drawn: its area differs when another player's step is asked.
    let img = phone_image(&game, &named(4));
    let head = |img: &RgbImage| image::imageops::crop_imm(img, 0, 0, PHONE_W, TITLE_H).to_image();
    let renamed = BoardView { names: vec!["Zed".into(); 4], ..named(4) };
    assert_ne!(head(&img), head(&phone_image(&game, &renamed)), "the names are drawn in the header");
    assert!(ink_rows(&head(&img), (100.0, 0.0, 700.0, TITLE_H as f32), dark) >= 18, "words in the header");
    // After the game: who won.
    let end = play(new_game("new-shores", 4, 9).unwrap(), 9, 20_000, |_| false);
    let winner = ["Ana", "Bo", "Cy", "Di"][end.winner().unwrap()];
    assert_eq!(header_of(&end, &named(4)).0, vec![format!("Game over: {winner} wins")]);
}

#[test]
fn the_header_fits_every_step_in_every_language_in_two_lines() {
    // One game per step the header words differently, from several scenarios and seeds.
    let mut by_task: std::collections::BTreeMap<String, Game> = Default::default();
    for (i, id) in Ruleset::CURRENT.scenario_ids().into_iter().enumerate() {
        for seed in [1u64, 2] {
            let Some(mut game) = new_game(id, 4, seed + i as u64) else { continue };
            let mut bots: Vec<Bot> = (0..4).map(|s| Bot::new(Strategy::Random, seed + s as u64)).collect();
            for _ in 0..3000 {
                let key = format!("{:?}/{}", std::mem::discriminant(&game.phase()), game.to_act().len());
                by_task.entry(key).or_insert_with(|| game.clone());
                let Some(&p) = game.to_act().first() else { break };
                let Some(action) = bots[p].choose(&game, p) else { break };
                game.apply(p, &action).unwrap();
            }
        }
    }
    assert!(by_task.len() >= 9, "steps seen: {:?}", by_task.keys());
    for language in Locale::ALL {
        for game in by_task.values() {
            for names in [named(4).names, Vec::new(), vec!["Marguerite-Alexandrine de Montmorency".into(); 4]] {
                let view = BoardView { names, language, ..BoardView::default() };
                let (lines, unfit) = header_of(game, &view);
                assert!(unfit.is_empty(), "{language} {:?}: {lines:?} {unfit:?}", game.phase());
                assert!(!lines.is_empty() && lines.len() <= 2);
            }
        }
    }
}

// ----- terrain without colour --------------------------------------------------------------

#[test]
fn every_resource_hex_carries_its_own_symbol_in_an_ink_that_stands_out() {
    use seafarers_engine::Terrain;
    let terrains = [Terrain::Forest, Terrain::Hills, Terrain::Pasture, Terrain::Fields, Terrain::Mountains];
    let icons: Vec<_> = terrains.iter().map(|&t| palette::terrain_icon(t).expect("a symbol")).collect();
    let glyphs: std::collections::BTreeSet<_> = icons.iter().map(|i| i.0).collect();
    assert_eq!(glyphs.len(), terrains.len(), "one symbol per resource");
    for (&t, &(_, ink)) in terrains.iter().zip(&icons) {
        let ground = palette::terrain(Some(t));
        let apart = (draw::luminance(ink) - draw::luminance(ground)).abs();
        assert!(apart > 0.2, "{t:?}: its symbol's ink is too close to its colour");
        // The sheep, the thinnest symbol, on the light pasture: darker still, or it fades at 400 px.
        assert!(t != Terrain::Pasture || apart >= 0.4, "the pasture's sheep is {apart:.2} from its ground");
    }
    // Drawn on every land hex with a resource, on the whole board: the symbol's ink near one of
    // its two places.
    let game = new_game("base", 4, 7).unwrap();
    let f = full_frame(&game);
    let img = full_board_image(&game, &named(4));
    let mut seen = 0;
    for h in game.hexes() {
        let Some((_, ink)) = h.terrain.and_then(palette::terrain_icon) else { continue };
        let (cx, cy) = hex_centre(h.hex);
        // Closer to the symbol's ink than to the ground (a thin symbol is mostly edges).
        let ground = palette::terrain(h.terrain);
        let near = |p: [u8; 3]| {
            let d = |c: [u8; 3]| p.iter().zip(c).map(|(&a, b)| (a as i32 - b as i32).pow(2)).sum::<i32>();
            d(ink) < d(ground)
        };
        let found = [(0.44, 0.58), (-0.44, -0.58)].iter().any(|&(dx, dy)| {
            let (x, y) = f.px((cx + dx, cy + dy));
            let (x, y) = (x as i32, y as i32 + TITLE_H as i32);
            (-8..=8).flat_map(|i| (-8..=8).map(move |j| (x + i, y + j))).filter(|&(x, y)| near(img.get_pixel(x as u32, y as u32).0)).count()
                >= 6
        });
        assert!(found, "no symbol on {:?} at {}", h.terrain, h.hex);
        seen += 1;
    }
    assert!(seen >= 18, "{seen} hexes");
}

// ----- zones: steps with more spots than one picture letters legibly ------------------------

/// Whether a box and a disc share a pixel.
fn box_meets_disc(b: board::Bbox, (cx, cy): (f32, f32), r: f32) -> bool {
    let dx = (b.0 - cx).max(0.0).max(cx - b.2);
    let dy = (b.1 - cy).max(0.0).max(cy - b.3);
    dx * dx + dy * dy < r * r
}

fn boxes_meet(a: board::Bbox, b: board::Bbox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The crowded steps of every scenario: the first settlement, the second round's, a harbour
/// to place where the scenario has them, and the robber's (or pirate's) move.
fn crowded_steps() -> Vec<(String, Game)> {
    use seafarers_engine::Phase;
    let mut steps = Vec::new();
    for id in Ruleset::CURRENT.scenario_ids() {
        for players in [3, 4] {
            let Some(start) = new_game(id, players, 3) else { continue };
            let settling = |g: &Game| g.phase() == Phase::SetupSettlement;
            let second = play(start.clone(), 3, 200, |g| g.buildings().len() >= players && settling(g));
            let harbour = play(start.clone(), 3, 400, |g| g.phase() == Phase::PlaceHarbour);
            let robber = play(start.clone(), 5, 4000, |g| g.phase() == Phase::Robber);
            for (when, game) in [("first", start), ("second round", second), ("harbour", harbour), ("robber", robber)] {
                let keep = match when {
                    "harbour" => game.phase() == Phase::PlaceHarbour,
                    "robber" => game.phase() == Phase::Robber,
                    _ => settling(&game),
                };
                if keep {
                    steps.push((format!("{id} {players}p {when}"), game));
                }
            }
        }
    }
    steps
}

#[test]
fn every_step_letters_at_most_a_phone_pictures_worth_of_spots_and_covers_no_token_or_harbour() {
    use crate::games::seafarers::spots::{LEGIBLE_SPOTS, Labels};
    let (mut zoned, mut pictures) = (0, 0);
    for (what, game) in crowded_steps() {
        let labels = Labels::of_turn(&game);
        let all = labels.spots();
        // The pictures a player decides from: the turn's (its zones, or its spots), and each
        // zone's close-up.
        let mut views: Vec<(String, BoardView)> = Vec::new();
        if labels.zoned() {
            zoned += 1;
            let named_all: usize = labels.zones.iter().map(Vec::len).sum();
            assert_eq!(named_all, all.len(), "{what}: every spot is in a zone");
            views.push((format!("{what} zones"), BoardView { zones: labels.zones.clone(), ..named(game.player_count()) }));
            for (i, zone) in labels.zones.iter().enumerate() {
                views.push((format!("{what} zone {}", i + 1), BoardView { spots: zone.clone(), ..named(game.player_count()) }));
            }
        } else {
            views.push((what.clone(), BoardView { spots: all.clone(), ..named(game.player_count()) }));
        }
        for (what, view) in views {
            assert!(view.spots.len() <= LEGIBLE_SPOTS, "{what}: {} lettered spots", view.spots.len());
            let frame = phone_frame(&game, &view);
            let (tokens, harbours) = board::keep_clear(&game, &frame, &view.spots, view.language);
            for badge in board::badges(&frame, &view.spots, &board::badge_keep_clear(&game, &frame, &view.spots, view.language)) {
                for &(c, r) in &tokens {
                    assert!(
                        !box_meets_disc(badge.bbox(), c, r),
                        "{what}: spot {} {:?} covers a number token at {c:?} r {r} (s {} u {})",
                        badge.label,
                        badge.bbox(),
                        frame.s,
                        frame.u
                    );
                }
                for &h in &harbours {
                    assert!(!boxes_meet(badge.bbox(), h), "{what}: spot {} covers a harbour", badge.label);
                }
            }
            let marks = board::zone_marks(&game, &frame, &view.zones, view.language);
            for (i, a) in marks.iter().enumerate() {
                // A zone's number touches no dot (two dots may meet: each still marks a spot).
                for b in marks[i + 1..].iter().filter(|b| a.number.is_some() || b.number.is_some()) {
                    let apart = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
                    assert!(apart >= a.r + b.r, "{what}: zone marks {:?} and {:?} touch", a.number, b.number);
                }
            }
            // A zone's number is 12 px tall at 400 px, as every label.
            for mark in marks.iter().filter(|m| m.number.is_some()) {
                assert!(mark.text >= board::spot_text(MIN_PIECE_PX.min(frame.u)), "{what}: zone {:?} too small", mark.number);
            }
            for mark in marks {
                for &(c, r) in &tokens {
                    let apart = ((mark.x - c.0).powi(2) + (mark.y - c.1).powi(2)).sqrt();
                    assert!(apart >= mark.r + r, "{what}: a zone mark {:?} covers a number token", mark.number);
                }
                for &h in &harbours {
                    assert!(
                        !box_meets_disc(h, (mark.x, mark.y), mark.r),
                        "{what}: a zone mark {:?} at {:?} r {} covers a harbour's words {h:?} (frame s {} u {})",
                        mark.number,
                        (mark.x, mark.y),
                        mark.r,
                        frame.s,
                        frame.u
                    );
                }
            }
            pictures += 1;
        }
    }
    assert!(zoned >= 6, "the crowded setups are zoned: {zoned}");
    eprintln!("{zoned} zoned steps, {pictures} pictures checked");
}

/// Writes a mid-game phone picture of The Four Islands, full size and 400 px wide, to look at
/// the terrain symbols as a phone shows them:
/// `PICTURE_OUT=/tmp cargo test --lib terrain_symbols_picture -- --ignored`.
#[test]
#[ignore = "writes a picture (PICTURE_OUT)"]
fn terrain_symbols_picture() {
    let dir = std::path::PathBuf::from(std::env::var("PICTURE_OUT").unwrap_or_else(|_| "/tmp".into()));
    let game = play(new_game("four-islands", 4, 7).unwrap(), 7, 300, |_| false);
    let img = phone_image(&game, &named(4));
    std::fs::write(dir.join("seafarers-terrain.png"), crate::draw::encode_png(&img)).unwrap();
    std::fs::write(dir.join("seafarers-terrain-400px.png"), crate::draw::encode_png(&scaled(&img, 400))).unwrap();
}
