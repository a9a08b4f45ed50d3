//! The kit's own tests: a second game's kind of picture (a hexagon with a label), text in any
//! script, and the layer rule (the kit uses nothing above it and names no game).

use super::*;
use image::RgbImage;
use std::f32::consts::PI;

const WHITE: Rgb8 = [255, 255, 255];
const INK: Rgb8 = [34, 38, 46];

/// Pixels of `img` within the box darker than `max_luma`.
fn ink_pixels(img: &RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), max_luma: f32) -> usize {
    (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).filter(|&(x, y)| luminance(img.get_pixel(x, y).0) < max_luma).count()
}

/// The corners of a pointy-topped hexagon of radius `r` around (cx, cy).
fn hexagon(cx: f32, cy: f32, r: f32) -> Vec<(f32, f32)> {
    (0..6).map(|i| (PI / 6.0 + PI / 3.0 * i as f32).sin_cos()).map(|(s, c)| (cx + r * c, cy + r * s)).collect()
}

#[test]
fn a_hexagon_with_a_label_is_filled_outlined_anti_aliased_and_encoded() {
    const SEA: Rgb8 = [62, 146, 204];
    const FOREST: Rgb8 = [52, 120, 60];
    const EDGE: Rgb8 = [30, 30, 30];
    let (cx, cy, r) = (80.0, 80.0, 60.0);
    let corners = hexagon(cx, cy, r);
    let mut img = solid(160, 160, SEA);
    fill_outlined(&mut img, (cx - r, cy - r, cx + r, cy + r), FOREST, EDGE, 2.0, |x, y| sd_polygon(x, y, &corners));
    let before_label = img.clone();
    text_centered(&mut img, &fonts().bold, 24.0, cx, cy, WHITE, "8");

    // Inside the hexagon its colour, outside the sea; the picture's corners are outside it.
    assert_eq!(img.get_pixel(80, 40).0, FOREST);
    assert_eq!(img.get_pixel(40, 100).0, FOREST);
    assert_eq!(img.get_pixel(2, 2).0, SEA);
    assert_eq!(img.get_pixel(157, 157).0, SEA);
    // The outline is drawn outside the border: the top corner is at (80, 20), so the pixel
    // just above it is the edge's colour, the one just below it the hexagon's.
    assert_eq!(img.get_pixel(80, 19).0, EDGE);
    assert_eq!(img.get_pixel(80, 21).0, FOREST);
    // A slanted side is anti-aliased: along it, pixels mixed from the edge and the sea.
    let side = (0..160).map(|y| img.get_pixel(30, y).0).filter(|p| *p != SEA && *p != EDGE && *p != FOREST).count();
    assert!(side >= 2, "{side} blended pixels across the slanted sides at x = 30");
    // The label leaves white ink around the centre, and only there.
    let changed = |x: u32, y: u32| img.get_pixel(x, y) != before_label.get_pixel(x, y);
    let label: Vec<(u32, u32)> = (0..160).flat_map(|y| (0..160).map(move |x| (x, y))).filter(|&(x, y)| changed(x, y)).collect();
    assert!(label.len() > 40, "{} pixels of label", label.len());
    assert!(label.iter().all(|&(x, y)| x.abs_diff(80) < 12 && y.abs_diff(80) < 14), "the label is centred");

    // The PNG holds exactly these pixels.
    let png = encode_png(&img);
    let back = image::load_from_memory(&png).expect("a valid PNG").to_rgb8();
    assert_eq!(back, img);
}

#[test]
fn right_text_ends_where_asked_and_measures_what_it_draws() {
    let font = &fonts().regular;
    let mut img = solid(200, 40, WHITE);
    let w = text_width(font, 20.0, "1234");
    right_text(&mut img, font, 20.0, 150.0, 5.0, INK, "1234");
    let inked: Vec<u32> = (0..200).filter(|&x| (0..40).any(|y| luminance(img.get_pixel(x, y).0) < 0.5)).collect();
    let (first, last) = (*inked.first().unwrap(), *inked.last().unwrap());
    assert!((145..=150).contains(&last), "the ink ends at {last}");
    assert!((first as f32 - (150.0 - w)).abs() < 3.0, "the ink starts at {first}, the text is {w} px wide");
}

#[test]
fn a_character_no_face_has_draws_the_stand_in_and_emoji_draw_pictures() {
    let one = |s: &str| {
        let mut img = solid(60, 60, WHITE);
        text(&mut img, &fonts().regular, 40.0, 5.0, 5.0, INK, s);
        img
    };
    // The 🐙 draws a picture (from a fallback face), not the stand-in.
    assert!(fonts().covers('🐙'));
    assert_ne!(one("🐙"), one("\u{FFFD}"));
    // A character no face has gets the stand-in, which has ink (never an empty box).
    let nowhere = '\u{13000}'; // Egyptian hieroglyph A001
    assert!(!fonts().covers(nowhere));
    assert_eq!(one(&nowhere.to_string()), one("\u{FFFD}"));
    assert!(ink_pixels(&one("\u{FFFD}"), (0, 0, 60, 60), 0.5) > 100);
    // Thai, CJK and Hangul come from the fallbacks too.
    for c in ['ก', '明', '한'] {
        assert!(fonts().covers(c), "{c:?}");
        assert!(ink_pixels(&one(&c.to_string()), (0, 0, 60, 60), 0.5) > 60, "{c:?} leaves ink");
    }
}

#[test]
fn arabic_names_are_joined_and_right_to_left() {
    // مريم is drawn as its joined forms (initial meem, final reh, initial yeh, final meem),
    // right to left: the same pixels as those forms written in reading order, and not the
    // letters' isolated shapes.
    let fonts = fonts();
    let draw = |s: &str| {
        let mut img = solid(200, 60, WHITE);
        text(&mut img, &fonts.bold, 30.0, 10.0, 10.0, INK, s);
        img
    };
    let name = draw("مريم");
    assert!(name == draw("\u{FEE3}\u{FEAE}\u{FEF3}\u{FEE2}"), "مريم is drawn with its joined forms");
    assert!(name != draw("\u{FEE1}\u{FEAD}\u{FEF1}\u{FEE1}"), "not with the isolated letters");
    assert!(ink_pixels(&name, (0, 0, 200, 60), 0.5) > 150);
}

/// The kit's sources (this file excepted).
const SOURCES: [(&str, &str); 8] = [
    ("mod.rs", include_str!("mod.rs")),
    ("fonts.rs", include_str!("fonts.rs")),
    ("png.rs", include_str!("png.rs")),
    ("script.rs", include_str!("script.rs")),
    ("shapes.rs", include_str!("shapes.rs")),
    ("surface.rs", include_str!("surface.rs")),
    ("text.rs", include_str!("text.rs")),
    ("timelapse.rs", include_str!("timelapse.rs")),
];

#[test]
fn the_kit_uses_nothing_above_it_and_names_no_game() {
    // Games use the kit, never the other way round: it imports only its own files, and it
    // names no game (the crate's name in the example's `use` excepted).
    for (file, source) in SOURCES {
        for (n, line) in source.lines().enumerate() {
            assert!(!line.contains("crate::"), "draw/{file}:{}: the kit uses nothing of the crate outside it: {line}", n + 1);
            let lower = line.replace("southseas::draw", "").to_lowercase();
            for game in ["southseas", "south seas", "seafarers", "catan", "carcassonne"] {
                assert!(!lower.contains(game), "draw/{file}:{}: the kit names no game: {line}", n + 1);
            }
        }
    }
}

#[test]
fn a_prepared_polygon_gives_sd_polygon_bit_for_bit() {
    // Pictures drawn with `Polygon` must be the pictures `sd_polygon` drew: every pixel centre
    // around a convex, a concave and a self-touching shape, at fractional positions.
    let shapes: [&[(f32, f32)]; 3] = [
        &[(10.3, 40.7), (30.1, 5.2), (52.9, 38.4)],
        &[(5.5, 50.25), (5.5, 20.1), (14.7, 9.3), (23.9, 20.1), (23.9, 30.6), (55.1, 30.6), (55.1, 50.25)],
        &[(5.0, 30.0), (55.0, 30.0), (45.0, 50.0), (15.0, 50.0), (5.0, 30.0), (30.0, 30.0), (30.0, 2.0), (45.0, 30.0)],
    ];
    for pts in shapes {
        let prepared = super::Polygon::new(pts);
        for y in 0..60 {
            for x in 0..60 {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                assert_eq!(prepared.sd(px, py).to_bits(), sd_polygon(px, py, pts).to_bits(), "({px}, {py}) of {pts:?}");
            }
        }
    }
}

#[test]
fn exact_fills_paint_the_pixels_of_fill_layers() {
    // Blocks skipped or painted whole must leave exactly what pixel-by-pixel filling leaves:
    // outlined circles, capsules, rounded boxes and polygons at fractional places, some
    // half-transparent, over a non-uniform picture.
    let base = {
        let mut img = solid(120, 90, [40, 120, 200]);
        rect(&mut img, 20.3, 10.6, 70.2, 50.1, [230, 200, 60], 1.0);
        img
    };
    let cases: Vec<(f32, f32, f32, f32)> = vec![(30.3, 40.6, 25.2, 3.1), (60.0, 45.0, 6.4, 0.0), (95.7, 20.2, 40.0, 2.5)];
    let poly = [(10.2, 80.1), (40.9, 60.4), (70.3, 85.7), (35.0, 70.0)];
    for &(cx, cy, r, ow) in &cases {
        let layers = [([0, 0, 0], 1.0, ow), ([250, 250, 250], 0.6, 0.0)];
        let bb = (cx - r - ow, cy - r - ow, cx + r + ow, cy + r + ow);
        let shapes: Vec<Box<dyn Fn(f32, f32) -> f32>> = vec![
            Box::new(move |x, y| sd_circle(x, y, cx, cy, r)),
            Box::new(move |x, y| sd_capsule(x, y, cx - r, cy + 3.3, cx + r, cy - 7.1, 4.2)),
            Box::new(move |x, y| sd_box(x, y, cx, cy, r, r * 0.6, r * 0.3)),
            Box::new(move |x, y| sd_polygon(x, y, &poly).min(sd_circle(x, y, cx, cy, r * 0.5))),
        ];
        for sdf in &shapes {
            let (mut a, mut b) = (base.clone(), base.clone());
            super::fill_layers(&mut a, bb, &layers, sdf);
            super::fill_layers_exact(&mut b, bb, &layers, sdf);
            assert!(a == b, "layers at ({cx}, {cy}) r {r}");
            let (mut a, mut b) = (base.clone(), base.clone());
            super::fill(&mut a, bb, [200, 30, 30], 0.8, sdf);
            super::fill_exact(&mut b, bb, [200, 30, 30], 0.8, sdf);
            assert!(a == b, "one layer at ({cx}, {cy}) r {r}");
        }
    }
}

/// A picture of noise (a fixed generator): every blend shows on it.
fn noise(w: u32, h: u32, seed: u32) -> RgbImage {
    let mut x = seed.wrapping_mul(2_654_435_761).max(1);
    RgbImage::from_fn(w, h, |_, _| {
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        };
        image::Rgb([next(), next(), next()])
    })
}

#[test]
fn a_capsule_row_by_row_paints_the_pixels_of_its_distance_function() {
    // Lines in every direction and width, whole and fractional ends, partly off the picture.
    let mut drawn = 0;
    for i in 0..200u32 {
        let t = i as f32;
        let (ax, ay) = ((t * 7.31) % 120.0 - 10.0, (t * 3.77) % 90.0 - 5.0);
        let angle = t * 0.37;
        let len = if i % 17 == 0 { 0.0 } else { (t * 5.3) % 70.0 };
        let (bx, by) = (ax + len * angle.cos(), ay + len * angle.sin());
        let r = 0.4 + (t * 0.61) % 4.0;
        let (c, alpha) = ([(i * 37 % 256) as u8, 90, 200], if i % 3 == 0 { 0.6 } else { 1.0 });
        let mut expected = noise(110, 80, i);
        let mut img = expected.clone();
        let bbox = (ax.min(bx) - r, ay.min(by) - r, ax.max(bx) + r, ay.max(by) + r);
        fill(&mut expected, bbox, c, alpha, |x, y| sd_capsule(x, y, ax, ay, bx, by, r));
        fill_capsule(&mut img, (ax, ay), (bx, by), r, c, alpha);
        assert!(img == expected, "capsule {i}: ({ax}, {ay})-({bx}, {by}) r {r}");
        drawn += usize::from(img != noise(110, 80, i));
    }
    assert!(drawn > 150, "{drawn} capsules painted something");
}

#[test]
fn a_stamp_paints_what_an_alpha_blit_paints() {
    let mut sprite_img = image::RgbaImage::new(40, 30);
    fill_layers(&mut sprite_img, (5.0, 4.0, 36.0, 27.0), &[(INK, 1.0, 2.0), ([200, 40, 40], 1.0, 0.0), (WHITE, 0.5, -4.0)], |x, y| {
        sd_circle(x, y, 20.0, 15.0, 9.0)
    });
    let stamp = Stamp::new(sprite_img.clone());
    for (x, y) in [(10, 10), (-7, 3), (95, 70), (-39, -29), (100, -5), (200, 200)] {
        let mut expected = noise(120, 90, x as u32);
        let mut img = expected.clone();
        blit_rgba(&mut expected, &sprite_img, x, y);
        stamp.blit(&mut img, x, y);
        assert!(img == expected, "stamped at ({x}, {y})");
    }
}
