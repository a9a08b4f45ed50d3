//! The side panel (whose turn, the drawn tile, each player, the ships on display, a legend)
//! and the drawn-tile image. The panel is a set of cards, flowed into one column beside the
//! board or several below it.

use super::board::{Art, figure};
use super::cache::{self, Icon};
use super::palette as pal;
use super::{PANEL_W, Players, rotation_spots};
use crate::draw::{self, Rgb8, fill, rect, rect_outline, right_text, sd_box, text, text_width};
use crate::games::southseas::text as ss_text;
use crate::i18n::Locale;
use crate::tr;
use image::RgbImage;
use southseas_engine::{Demand, Game, Phase, Rotation, ShipId, TileId, Ware};

const PAD: f32 = 14.0;
const BODY: f32 = 17.0;
const SMALL: f32 = 14.5;
const TITLE: f32 = 21.0;
/// Tallest card (a player with a dozen ships fits easily).
const CARD_MAX_H: u32 = 420;

/// A card being drawn: a tall canvas and a cursor.
struct Card {
    img: RgbImage,
    y: f32,
}

impl Card {
    fn new() -> Card {
        Card { img: draw::solid(PANEL_W, CARD_MAX_H, pal::CARD), y: PAD }
    }

    fn w(&self) -> f32 {
        PANEL_W as f32
    }

    /// Crops to the used height and rounds the corners.
    fn finish(self, accent: Option<Rgb8>) -> RgbImage {
        let h = ((self.y + PAD * 0.6).ceil() as u32).min(CARD_MAX_H);
        // Keep the top rows: truncating the buffer is a crop without a copy.
        let mut raw = self.img.into_raw();
        raw.truncate((PANEL_W * h * 3) as usize);
        let mut img = RgbImage::from_raw(PANEL_W, h, raw).expect("buffer holds the rows");
        let (w, hf) = (PANEL_W as f32, h as f32);
        let r = 10.0;
        // Round the corners: paint the panel colour outside the rounded box, corners only.
        let outside = |x: f32, y: f32| -sd_box(x, y, w / 2.0, hf / 2.0, w / 2.0, hf / 2.0, r);
        for (x0, y0) in [(0.0, 0.0), (w - r - 1.0, 0.0), (0.0, hf - r - 1.0), (w - r - 1.0, hf - r - 1.0)] {
            fill(&mut img, (x0 + 1.0, y0 + 1.0, x0 + r, y0 + r), pal::PANEL, 1.0, outside);
        }
        match accent {
            Some(c) => rect_outline(&mut img, (1.5, 1.5, w - 3.0, hf - 3.0), r - 1.5, 3.0, c, 1.0),
            None => rect_outline(&mut img, (0.75, 0.75, w - 1.5, hf - 1.5), r - 0.75, 1.5, pal::CARD_EDGE, 1.0),
        }
        img
    }
}

pub(super) fn ware_icon(img: &mut RgbImage, ware: Ware, cx: f32, cy: f32, size: f32) {
    match ware {
        Ware::Shells => cache::draw_icon(img, &Icon::Shell, size * 0.85, cx, cy + size * 0.05),
        Ware::Bananas => cache::draw_icon(img, &Icon::Banana, size, cx, cy),
        Ware::Fish => cache::draw_icon(img, &Icon::Fish1, size, cx, cy),
    }
}

/// All cards, in order: status, players, ships on display, legend.
pub fn cards(game: &Game, players: &Players) -> Vec<RgbImage> {
    let l = players.locale;
    let mut out = vec![status_card(game, players)];
    let scores = game.scores();
    let projected = game.projected_scores();
    let active = game.to_act();
    for seat in 0..game.player_count() {
        out.push(player_card(game, players, seat, scores[seat].total, projected[seat].total, active == Some(seat)));
    }
    out.push(display_card(game, l));
    out.push(legend_card(l));
    out
}

/// Places cards in `columns` columns (each card into the shortest column); returns the total
/// height and each card's offset.
pub fn flow(cards: &[RgbImage], columns: u32, gap: u32) -> (u32, Vec<(u32, u32)>) {
    let mut heights = vec![0u32; columns as usize];
    let mut at = Vec::with_capacity(cards.len());
    for card in cards {
        let col = (0..columns as usize).min_by_key(|&c| (heights[c], c)).expect("a column");
        at.push((col as u32 * (PANEL_W + gap), heights[col]));
        heights[col] += card.height() + gap;
    }
    (heights.iter().max().copied().unwrap_or(0).saturating_sub(gap), at)
}

fn phase_text(game: &Game, players: &Players) -> String {
    let name = |seat: usize| players.name(seat).to_string();
    let (active, l) = (game.active_player(), players.locale);
    match game.phase() {
        Phase::PlaceTile => tr!(l, "ss-pic-panel-place", who = name(active)),
        Phase::Islander { .. } => tr!(l, "ss-pic-panel-islander", who = name(active)),
        Phase::MarketShip { player } => tr!(l, "ss-pic-panel-market", who = name(player as usize)),
        Phase::Deliver => tr!(l, "ss-pic-panel-deliver", who = name(active)),
        Phase::Payment { .. } => tr!(l, "ss-pic-panel-pay", who = name(active)),
        Phase::GameOver => {
            let scores = game.final_scores().map(|s| s.to_vec()).unwrap_or_else(|| game.scores());
            let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
            let winners: Vec<String> = scores.iter().filter(|s| s.total == best).map(|s| name(s.player as usize)).collect();
            if winners.len() == 1 {
                tr!(l, "ss-pic-panel-wins", who = winners[0].clone(), best = best)
            } else {
                tr!(l, "ss-pic-panel-share", who = winners.join(&tr!(l, "list-and")), best = best)
            }
        }
    }
}

/// Spot labels for a line of text: "A, C, F" for a few, "12 spots (A–L)" for a run of many,
/// "9 spots" otherwise.
fn spot_list(labels: &[String], contiguous: bool, l: Locale) -> String {
    match labels.len() {
        0 => tr!(l, "ss-pic-nowhere"),
        1..=5 => labels.join(", "),
        n if contiguous => format!("{} ({}–{})", ss_text::n(l, "spot", n), labels[0], labels[n - 1]),
        n => ss_text::n(l, "spot", n),
    }
}

fn status_card(game: &Game, players: &Players) -> RgbImage {
    let fonts = draw::fonts();
    let mut c = Card::new();
    let w = c.w();
    let (y, l) = (c.y, players.locale);
    text(&mut c.img, &fonts.bold, TITLE + 3.0, PAD, y, pal::INK, &tr!(l, "ss-pic-turn", turn = game.turn()));
    right_text(
        &mut c.img,
        &fonts.regular,
        BODY,
        w - PAD,
        y + 4.0,
        pal::INK,
        &tr!(l, "ss-pic-left", tiles = game.stack_size(), ships = game.ship_stack_size()),
    );
    c.y += 36.0;
    let who = game.to_act().unwrap_or(game.active_player());
    if !game.is_over() {
        figure(&mut c.img, players, who, 30.0, false, PAD + 12.0, c.y + 14.0);
    }
    let x = if game.is_over() { PAD } else { PAD + 32.0 };
    let line = phase_text(game, players);
    let size = fit(&fonts.bold, BODY + 1.0, &line, w - x - PAD);
    text(&mut c.img, &fonts.bold, size, x, c.y + 2.0, pal::INK, &line);
    c.y += 36.0;
    if let Some(tile) = game.drawn_tile() {
        let t = 84u32;
        let art = Art::new(t);
        let kind = game.tiles().get(tile);
        let (tx, ty) = (PAD as i32, c.y as i32);
        art.draw_tile(&mut c.img, kind, 0, tx, ty, 0);
        rect_outline(&mut c.img, (tx as f32, ty as f32, t as f32, t as f32), 0.0, 1.5, pal::INK, 1.0);
        let x = PAD + t as f32 + 14.0;
        text(&mut c.img, &fonts.bold, BODY + 1.0, x, c.y + 2.0, pal::INK, &tr!(l, "ss-pic-drawn", tile = kind.name.as_str()));
        let spots = game.placement_spots();
        let labels: Vec<String> = spots.iter().map(|s| s.label.clone()).collect();
        text(&mut c.img, &fonts.regular, BODY, x, c.y + 28.0, pal::INK, &tr!(l, "ss-pic-fits-at", spots = spot_list(&labels, true, l)));
        text(&mut c.img, &fonts.regular, SMALL, x, c.y + 54.0, pal::INK_SOFT, &tr!(l, "ss-pic-spots-show"));
        c.y += t as f32 + 8.0;
    }
    c.finish(None)
}

/// Shrinks `size` until `t` fits in `width`.
fn fit(font: &ab_glyph::FontRef<'static>, size: f32, t: &str, width: f32) -> f32 {
    let w = text_width(font, size, t);
    if w > width { (size * width / w).max(9.0) } else { size }
}

fn player_card(game: &Game, players: &Players, seat: usize, score: u16, projected: u16, active: bool) -> RgbImage {
    let fonts = draw::fonts();
    let state = game.player(seat);
    let (colour, l) = (players.colour(seat), players.locale);
    let mut c = Card::new();
    let w = c.w();
    // Colour bar on the left edge.
    rect(&mut c.img, 0.0, 0.0, 8.0, CARD_MAX_H as f32, colour, 1.0);
    let y = c.y;
    figure(&mut c.img, players, seat, 40.0, false, PAD + 18.0, y + 18.0);
    let name = players.name(seat);
    let x = PAD + 44.0;
    let name_size = fit(&fonts.bold, TITLE, name, w - x - 170.0);
    let adv = text(&mut c.img, &fonts.bold, name_size, x, y - 2.0, pal::INK, name);
    if active {
        let label = if game.is_over() { String::new() } else { tr!(l, "ss-pic-to-play") };
        if !label.is_empty() {
            let tw = text_width(&fonts.bold, SMALL, &label) + 14.0;
            let (bx, by) = (x + adv + 10.0, y + 1.0);
            fill(&mut c.img, (bx, by, bx + tw, by + 22.0), colour, 1.0, |px, py| {
                sd_box(px, py, bx + tw / 2.0, by + 11.0, tw / 2.0, 11.0, 11.0)
            });
            let ink = if draw::luminance(colour) > 0.55 { pal::INK } else { pal::WHITE };
            draw::text_centered(&mut c.img, &fonts.bold, SMALL, bx + tw / 2.0, by + 11.0, ink, &label);
        }
    }
    // Colour in words (for colour-blind players), seat, and the islanders in supply.
    let supply = state.supply as usize;
    let colour_words = ss_text::Names::colour(seat, l);
    let seat_line = tr!(l, "ss-pic-seat", colour = colour_words, seat = seat + 1, empty = if supply == 0 { "yes" } else { "no" });
    let adv = text(&mut c.img, &fonts.regular, SMALL, x, y + 24.0, pal::INK_SOFT, &seat_line);
    let step = 19.0;
    for k in 0..supply {
        figure(&mut c.img, players, seat, 20.0, false, x + adv + 13.0 + k as f32 * step, y + 24.0 + draw::cap_middle(SMALL) - 1.0);
    }
    // Score, and the score if the game ended now.
    right_text(&mut c.img, &fonts.bold, TITLE + 7.0, w - PAD, y - 4.0, pal::INK, &format!("{score}"));
    let label = if game.is_over() { tr!(l, "ss-pic-final-score") } else { tr!(l, "ss-pic-if-ended", projected = projected) };
    right_text(&mut c.img, &fonts.regular, SMALL, w - PAD, y + 26.0, pal::INK_SOFT, &label);
    c.y += 50.0;

    // Wares.
    let mut x = PAD + 14.0;
    let cy = c.y + 12.0;
    for ware in Ware::ALL {
        ware_icon(&mut c.img, ware, x + 11.0, cy, 24.0);
        x += 26.0;
        x += text(&mut c.img, &fonts.bold, BODY + 1.0, x, cy - draw::cap_middle(BODY + 1.0), pal::INK, &state.wares.get(ware).to_string())
            + 14.0;
    }
    let total = state.wares.total();
    right_text(
        &mut c.img,
        &fonts.regular,
        SMALL,
        w - PAD,
        cy - draw::cap_middle(SMALL),
        pal::INK_SOFT,
        &format!("{} = {}", ss_text::n(l, "ware", total), ss_text::n(l, "pt", total / 3)),
    );
    let _ = x;
    c.y += 30.0;

    // Ships taken, with their values.
    let cy = c.y + 13.0;
    let mut x = PAD + 14.0;
    if state.ships.is_empty() {
        text(&mut c.img, &fonts.regular, SMALL, x, cy - draw::cap_middle(SMALL), pal::INK_SOFT, &tr!(l, "ss-pic-no-ships"));
    } else {
        let points: u16 = state.ships.iter().map(|&s| game.ships().get(s).value).sum();
        for &ship in &state.ships {
            if x > w - 90.0 {
                c.y += 30.0;
                x = PAD + 14.0;
            }
            let cy = c.y + 13.0;
            cache::draw_icon(&mut c.img, &Icon::Ship, 26.0, x + 12.0, cy);
            x += 27.0;
            x += text(&mut c.img, &fonts.bold, BODY, x, cy - draw::cap_middle(BODY), pal::INK, &game.ships().get(ship).value.to_string())
                + 12.0;
        }
        let cy = c.y + 13.0;
        right_text(
            &mut c.img,
            &fonts.regular,
            SMALL,
            w - PAD,
            cy - draw::cap_middle(SMALL),
            pal::INK_SOFT,
            &tr!(l, "ss-pic-ships-points", points = ss_text::n(l, "pt", points)),
        );
    }
    c.y += 30.0;
    c.finish(active.then_some(colour))
}

/// Demand as icons and words: exact wares as icons, the flexible ones in words.
fn draw_demand(img: &mut RgbImage, demand: &Demand, x: f32, cy: f32, l: Locale) {
    let fonts = draw::fonts();
    let words = |img: &mut RgbImage, x: f32, t: &str, bold: bool| {
        let font = if bold { &fonts.bold } else { &fonts.regular };
        x + text(img, font, BODY, x, cy - draw::cap_middle(BODY), pal::INK, t)
    };
    // "any of the three wares": the three icons in a light box.
    let trio = |img: &mut RgbImage, x: f32| {
        let (w, h) = (66.0, 26.0);
        fill(img, (x, cy - h / 2.0, x + w, cy + h / 2.0), pal::PANEL, 1.0, |px, py| sd_box(px, py, x + w / 2.0, cy, w / 2.0, h / 2.0, 7.0));
        for (k, ware) in Ware::ALL.into_iter().enumerate() {
            ware_icon(img, ware, x + 12.0 + k as f32 * 21.0, cy, 18.0);
        }
        x + w + 6.0
    };
    match *demand {
        Demand::Exact(w) => {
            let mut x = x;
            for ware in Ware::ALL {
                for _ in 0..w.get(ware) {
                    ware_icon(img, ware, x + 11.0, cy, 22.0);
                    x += 25.0;
                }
                if w.get(ware) > 0 {
                    x += 6.0;
                }
            }
        }
        Demand::Any(n) => {
            let x = words(img, x, &format!("{n} ×"), true) + 6.0;
            let x = trio(img, x);
            words(img, x, &tr!(l, "ss-pic-any-mix"), false);
        }
        Demand::Same(n) => {
            let x = words(img, x, &format!("{n} ×"), true) + 6.0;
            let x = trio(img, x);
            words(img, x, &tr!(l, "ss-pic-all-alike"), false);
        }
        Demand::SameAndOther(a, b) => {
            let x = words(img, x, &format!("{a} ×"), true) + 6.0;
            let x = trio(img, x);
            let x = words(img, x, &tr!(l, "ss-pic-alike-plus"), false);
            words(img, x, &tr!(l, "ss-pic-other", n = b), true);
        }
    }
}

fn display_card(game: &Game, l: Locale) -> RgbImage {
    let fonts = draw::fonts();
    let mut c = Card::new();
    let w = c.w();
    text(&mut c.img, &fonts.bold, TITLE, PAD, c.y, pal::INK, &tr!(l, "ss-pic-display"));
    right_text(
        &mut c.img,
        &fonts.regular,
        BODY,
        w - PAD,
        c.y + 3.0,
        pal::INK_SOFT,
        &tr!(l, "ss-pic-face-down", n = game.ship_stack_size()),
    );
    c.y += 34.0;
    let display: &[ShipId] = game.display();
    if display.is_empty() {
        text(&mut c.img, &fonts.regular, BODY, PAD, c.y, pal::INK_SOFT, &tr!(l, "ss-pic-none-left"));
        c.y += 28.0;
    }
    for &id in display {
        let ship = game.ships().get(id);
        let cy = c.y + 16.0;
        cache::draw_icon(&mut c.img, &Icon::Ship, 32.0, PAD + 18.0, cy);
        let value = format!("{}", ship.value);
        text(&mut c.img, &fonts.bold, TITLE + 3.0, PAD + 40.0, cy - draw::cap_middle(TITLE + 3.0), pal::INK, &value);
        text(&mut c.img, &fonts.regular, SMALL, PAD + 58.0, cy - draw::cap_middle(SMALL) + 2.0, pal::INK_SOFT, &tr!(l, "ss-pic-pts"));
        text(&mut c.img, &fonts.regular, SMALL, PAD + 92.0, cy - draw::cap_middle(SMALL), pal::INK_SOFT, &ship.name);
        draw_demand(&mut c.img, &ship.demand, PAD + 140.0, cy, l);
        c.y += 36.0;
    }
    c.finish(None)
}

fn legend_card(l: Locale) -> RgbImage {
    let fonts = draw::fonts();
    let mut c = Card::new();
    let rows = [
        ("ss-pic-legend-bananas", Icon::Banana, 22.0),
        ("ss-pic-legend-shells", Icon::Shell, 19.0),
        ("ss-pic-legend-fish", Icon::Fish1, 22.0),
        ("ss-pic-legend-boat", Icon::Token, 21.0),
    ];
    for (label, icon, size) in rows {
        let cy = c.y + 11.0;
        cache::draw_icon(&mut c.img, &icon, size, PAD + 14.0, cy);
        text(&mut c.img, &fonts.regular, SMALL, PAD + 34.0, cy - draw::cap_middle(SMALL), pal::INK_SOFT, &tr!(l, label));
        c.y += 26.0;
    }
    c.finish(None)
}

/// True when the tile looks the same turned `a` and turned `b` (same features on the same ports).
pub(super) fn same_look(kind: &southseas_engine::TileKind, a: Rotation, b: Rotation) -> bool {
    let look = |r: Rotation| {
        let mut v: Vec<_> = kind
            .features
            .iter()
            .map(|f| {
                let ports =
                    (0..12u8).filter(|p| f.ports & (1 << p) != 0).fold(0u16, |m, p| m | r.apply_port(southseas_engine::Port(p)).bit());
                let mut fish = f.fish.clone();
                fish.sort();
                (f.kind, ports, f.symbols, fish, f.boat)
            })
            .collect();
        v.sort();
        v
    };
    look(a) == look(b)
}

/// Breaks "A, B, C, …" into lines no wider than `width`.
fn wrap_labels(font: &ab_glyph::FontRef<'static>, size: f32, labels: &[String], width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (i, l) in labels.iter().enumerate() {
        let piece = if i + 1 < labels.len() { format!("{l},") } else { l.clone() };
        let candidate = if line.is_empty() { piece.clone() } else { format!("{line} {piece}") };
        if !line.is_empty() && text_width(font, size, &candidate) > width {
            lines.push(std::mem::replace(&mut line, piece));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The drawn tile in its four rotations, each labelled with its degrees and the spots where it
/// fits; rotations that fit nowhere are greyed out and crossed.
pub fn drawn_tile_strip(game: &Game, tile: TileId) -> RgbImage {
    let fonts = draw::fonts();
    let t = 128u32;
    let cell_w = t + 36;
    let kind = game.tiles().get(tile);
    let fits = rotation_spots(game);
    let line_h = 21.0;
    let lines: Vec<Vec<String>> = Rotation::ALL
        .iter()
        .map(|r| {
            if kind.distinct_rotations.contains(r) {
                wrap_labels(&fonts.regular, BODY, &fits[r.quarter_turns() as usize], cell_w as f32 - 10.0)
            } else {
                Vec::new()
            }
        })
        .collect();
    let most = lines.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let (w, h) = (4 * cell_w + 24, t + 100 + (most as f32 * line_h) as u32 + 24);
    let mut img = draw::solid(w, h, pal::PANEL);
    let art = Art::new(t);
    text(
        &mut img,
        &fonts.bold,
        TITLE,
        16.0,
        10.0,
        pal::INK,
        &format!("Drawn tile {}: its four turns (clockwise) and where each fits", kind.name),
    );
    for (k, rot) in Rotation::ALL.into_iter().enumerate() {
        let x = 12 + k as u32 * cell_w + 18;
        let y = 74u32;
        let cx = x as f32 + t as f32 / 2.0;
        draw::text_centered(&mut img, &fonts.bold, TITLE + 3.0, cx, 56.0, pal::INK, &format!("{}°", rot.degrees()));
        art.draw_tile(&mut img, kind, rot.quarter_turns(), x as i32, y as i32, 0);
        let spots = &fits[k];
        let mut ty = (y + t) as f32 + 18.0;
        if !kind.distinct_rotations.contains(&rot) {
            // Looks exactly like a smaller turn: the commands take that one.
            let same =
                Rotation::ALL.iter().find(|r| kind.distinct_rotations.contains(r) && same_look(kind, **r, rot)).map_or(0, |r| r.degrees());
            rect(&mut img, x as f32, y as f32, t as f32, t as f32, pal::PANEL, 0.45);
            draw::text_centered(&mut img, &fonts.regular, BODY, cx, ty, pal::INK_SOFT, &format!("same as {same}°"));
        } else if spots.is_empty() {
            rect(&mut img, x as f32, y as f32, t as f32, t as f32, pal::PANEL, 0.6);
            let (x0, y0, s) = (x as f32 + 10.0, y as f32 + 10.0, t as f32 - 20.0);
            fill(&mut img, (x0, y0, x0 + s, y0 + s), pal::BAD, 0.9, |px, py| {
                draw::sd_capsule(px, py, x0, y0, x0 + s, y0 + s, 3.0).min(draw::sd_capsule(px, py, x0 + s, y0, x0, y0 + s, 3.0))
            });
            draw::text_centered(&mut img, &fonts.bold, BODY, cx, ty, pal::BAD, "fits nowhere");
        } else {
            rect_outline(&mut img, (x as f32, y as f32, t as f32, t as f32), 0.0, 2.0, pal::INK, 1.0);
            for line in &lines[k] {
                draw::text_centered(&mut img, &fonts.regular, BODY, cx, ty, pal::INK, line);
                ty += line_h;
            }
        }
    }
    img
}
