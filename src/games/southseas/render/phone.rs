//! The phone view: the turn message's picture, made to be read at Discord's inline width on a
//! phone (about 400 px), where the full board's panel text is 3–5 px tall.
//!
//! It is [`PHONE_W`] (800) pixels wide, twice the phone's width, and no text in it is smaller
//! than [`PHONE_MIN_TEXT`] (capitals 9.5 px tall at 400 px). Top to bottom:
//!
//! 1. whose step it is, the turn, and the tiles and ships left;
//! 2. the drawn tile, large, in its four turns, each with the letters of the spots where it
//!    fits (only while a tile waits to be placed);
//! 3. the board: all of it when it is small enough for [`PHONE_TILE`] px tiles (or the game is
//!    over), else a close-up around the last placed tile that shows as many open spots as it
//!    can, with a line naming the spots left outside it;
//! 4. one row per player: name, wares, islanders in supply, score.
//!
//! The full board with its side panel ([`super::board_png`]) stays what `/board` shows.

use super::board::{self, Art, Frame, Style, figure};
use super::palette as pal;
use super::panel::{same_look, ware_icon};
use super::{BoardView, Players, rotation_spots};
use crate::draw::{self, fill, rect, rect_outline, right_text, sd_box, text, text_width};
use crate::games::southseas::text as ss_text;
use crate::i18n::Locale;
use crate::tr;
use image::RgbImage;
use southseas_engine::{Game, Phase, Pos, Rotation, Ware};

/// Width of the phone view: twice Discord's inline width on a phone, so the picture stays sharp
/// on high-density screens.
pub const PHONE_W: u32 = 800;
/// Smallest text size in the phone view (px at full size). DejaVu's capitals are 0.729 of the
/// size: 19 px here, 9.5 px at 400 px wide.
pub const PHONE_MIN_TEXT: f32 = 26.0;
/// Tile size of the board close-up; a board that fits across at this size is shown whole.
pub const PHONE_TILE: u32 = 80;
/// Largest tile when a small board is shown whole.
const MAX_TILE: u32 = 128;
/// Coordinate strips around the board.
const MARGIN: u32 = 40;
/// Tallest board area (strips included) while a game is running.
const MAX_BOARD_H: u32 = 640;
/// Tallest board area for the final board (shown whole, however small its tiles get).
const MAX_FINAL_BOARD_H: u32 = 1000;

pub(super) const PAD: f32 = 16.0;
const HEAD_H: u32 = 104;
const TITLE: f32 = 36.0;
const BODY: f32 = 28.0;
const SMALL: f32 = PHONE_MIN_TEXT;
/// The drawn tile, each of its four turns.
const DRAWN_TILE: u32 = 112;
const LETTER_LINE: f32 = 34.0;
/// Most lines of spot letters under a turn of the drawn tile.
const LETTER_LINES: usize = 2;
pub(super) const ROW_H: u32 = 62;
const OFF_VIEW_H: u32 = 44;

/// Where the parts of the phone view go.
pub struct PhonePlan {
    /// The board squares shown, and where.
    pub frame: Frame,
    /// Whether the frame shows only part of the board.
    pub close_up: bool,
    /// Labels of the open spots outside the frame.
    pub off_view: Vec<String>,
    /// Top of the drawn-tile section (its height is 0 when no tile is drawn).
    pub tile_y: u32,
    pub tile_h: u32,
    /// Top of the score rows.
    pub scores_y: u32,
    pub size: (u32, u32),
}

fn cell_w() -> f32 {
    (PHONE_W as f32 - PAD) / 4.0
}

fn tile_section_h(game: &Game) -> u32 {
    if game.phase() != Phase::PlaceTile || game.drawn_tile().is_none() {
        return 0;
    }
    let lines = rotation_spots(game).iter().map(|labels| letter_lines(labels, cell_w() - 8.0).len()).max().unwrap_or(1).max(1);
    (44.0 + DRAWN_TILE as f32 + 10.0 + lines as f32 * LETTER_LINE + 10.0) as u32
}

/// The frame of the phone view's board, and whether it is a close-up.
fn board_frame(game: &Game) -> (Frame, bool) {
    let whole = Frame::for_game(game);
    let (cols, rows) = (whole.cols(), whole.rows());
    let inner_w = PHONE_W - 2 * MARGIN;
    if game.is_over() {
        let t = (inner_w / cols).min((MAX_FINAL_BOARD_H - 2 * MARGIN) / rows).min(MAX_TILE);
        return (Frame::window(whole.min, whole.max, t, MARGIN), false);
    }
    // In steps of 8 px, so that boards come back to a few sizes (and their cached tiles).
    let fit = (inner_w / cols).min((MAX_BOARD_H - 2 * MARGIN) / rows).min(MAX_TILE) / 8 * 8;
    if fit >= PHONE_TILE {
        return (Frame::window(whole.min, whole.max, fit, MARGIN), false);
    }
    let wc = (inner_w / PHONE_TILE).min(cols) as i32;
    let wr = ((MAX_BOARD_H - 2 * MARGIN) / PHONE_TILE).min(rows) as i32;
    let placed = game.placed_tiles();
    let focus = placed.last().map_or(Pos::ORIGIN, |p| p.pos);
    let spots: Vec<Pos> = game.placement_spots().iter().map(|s| s.pos).collect();
    // Every window that holds the last tile: the one that shows the most open spots, then the
    // most of the last tile's neighbours, then the one best centred on the last tile.
    let mut best: Option<((usize, usize, i32), Pos)> = None;
    for x0 in (focus.x - wc + 1).max(whole.min.x)..=focus.x.min(whole.max.x - wc + 1) {
        for y0 in (focus.y - wr + 1).max(whole.min.y)..=focus.y.min(whole.max.y - wr + 1) {
            let inside = |p: &Pos| (x0..x0 + wc).contains(&p.x) && (y0..y0 + wr).contains(&p.y);
            let shown = spots.iter().filter(|p| inside(p)).count();
            let around = (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| Pos::new(focus.x + dx, focus.y + dy))).filter(inside).count();
            let off_centre = (2 * (focus.x - x0) - (wc - 1)).abs() + (2 * (focus.y - y0) - (wr - 1)).abs();
            let key = (shown, around, -off_centre);
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, Pos::new(x0, y0)));
            }
        }
    }
    let min = best.map_or(whole.min, |(_, p)| p);
    (Frame::window(min, Pos::new(min.x + wc - 1, min.y + wr - 1), PHONE_TILE, MARGIN), true)
}

/// Lays out the phone view of `game`.
pub fn plan(game: &Game) -> PhonePlan {
    let (mut frame, close_up) = board_frame(game);
    let off_view: Vec<String> = game.placement_spots().into_iter().filter(|s| !frame.contains(s.pos)).map(|s| s.label).collect();
    let tile_y = HEAD_H;
    let tile_h = tile_section_h(game);
    let (bw, bh) = frame.size();
    frame.origin = ((PHONE_W - bw) / 2, tile_y + tile_h);
    let board_bottom = tile_y + tile_h + bh + if off_view.is_empty() { 0 } else { OFF_VIEW_H };
    let scores_y = board_bottom + 10;
    let height = scores_y + game.player_count() as u32 * ROW_H + 10;
    PhonePlan { frame, close_up, off_view, tile_y, tile_h, scores_y, size: (PHONE_W, height) }
}

/// The phone view, not yet encoded.
pub fn image(game: &Game, view: &BoardView) -> RgbImage {
    let players = Players::new(game, &view.names).speaking(view.locale);
    let plan = plan(game);
    let mut img = draw::solid(plan.size.0, plan.size.1, pal::PANEL);
    header(&mut img, game, &players);
    if plan.tile_h > 0 {
        drawn_tile(&mut img, game, plan.tile_y as f32, players.locale);
    }
    let (bw, bh) = plan.frame.size();
    if bw < PHONE_W {
        rect(&mut img, 0.0, plan.frame.origin.1 as f32, PHONE_W as f32, bh as f32, pal::BACKGROUND, 1.0);
    }
    board::draw_board(&mut img, game, view, &players, &plan.frame, &Art::new(plan.frame.tile), Style::Phone);
    if !plan.off_view.is_empty() {
        let fonts = draw::fonts();
        let line = tr!(players.locale, "ss-pic-off-view", spots = plan.off_view.join(", "));
        let line = draw::ellipsized(&fonts.regular, SMALL, &line, PHONE_W as f32 - 2.0 * PAD);
        let y = (plan.frame.origin.1 + bh) as f32 + (OFF_VIEW_H as f32 - SMALL) / 2.0 - 4.0;
        text(&mut img, &fonts.regular, SMALL, PAD, y, pal::INK, &line);
    }
    scores(&mut img, game, &players, plan.scores_y as f32);
    img
}

/// Who acts and what they do, the turn, and what is left.
fn header(img: &mut RgbImage, game: &Game, players: &Players) {
    let fonts = draw::fonts();
    let w = PHONE_W as f32;
    let x = if game.is_over() {
        PAD
    } else {
        let who = game.to_act().unwrap_or(game.active_player());
        figure(img, players, who, 60.0, false, PAD + 22.0, HEAD_H as f32 / 2.0);
        PAD + 52.0
    };
    let line = phase_line(game, players, w - x - PAD);
    text(img, &fonts.bold, TITLE, x, 10.0, pal::INK, &line);
    let l = players.locale;
    let tile =
        game.drawn_tile().map(|t| format!("{} · ", tr!(l, "ss-pic-tile", tile = game.tiles().get(t).name.as_str()))).unwrap_or_default();
    let status = if game.is_over() {
        tr!(l, "ss-pic-final", turns = game.turn())
    } else {
        let (tiles, ships) = (game.stack_size(), game.ship_stack_size());
        let (tiles, ships) = (ss_text::n(l, "tile", tiles), ss_text::n(l, "ship", ships));
        tr!(l, "ss-pic-status", turn = game.turn(), tile = tile, tiles = tiles, ships = ships)
    };
    text(img, &fonts.regular, SMALL, x, 58.0, pal::INK_SOFT, &status);
    rect(img, 0.0, HEAD_H as f32 - 2.0, w, 2.0, pal::CARD_EDGE, 1.0);
}

/// The step in a few words, with the player's name cut to fit `width` at [`TITLE`] size.
fn phase_line(game: &Game, players: &Players, width: f32) -> String {
    let fonts = draw::fonts();
    let (active, l) = (game.active_player(), players.locale);
    let (seats, rest): (Vec<usize>, String) = match game.phase() {
        Phase::PlaceTile => (vec![active], tr!(l, "ss-pic-phase-place")),
        Phase::Islander { .. } => (vec![active], tr!(l, "ss-pic-phase-islander")),
        Phase::MarketShip { player } => (vec![player as usize], tr!(l, "ss-pic-phase-market")),
        Phase::Deliver => (vec![active], tr!(l, "ss-pic-phase-deliver")),
        Phase::Payment { .. } => (vec![active], tr!(l, "ss-pic-phase-pay")),
        Phase::GameOver => {
            let scores = game.final_scores().map(|s| s.to_vec()).unwrap_or_else(|| game.scores());
            let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
            let winners: Vec<usize> = scores.iter().filter(|s| s.total == best).map(|s| s.player as usize).collect();
            let rest = if winners.len() == 1 { tr!(l, "ss-pic-wins", best = best) } else { tr!(l, "ss-pic-share", best = best) };
            (winners, rest)
        }
    };
    let room = (width - text_width(&fonts.bold, TITLE, &rest)) / seats.len() as f32 - text_width(&fonts.bold, TITLE, " & ");
    let names: Vec<String> = seats.iter().map(|&s| draw::ellipsized(&fonts.bold, TITLE, players.name(s), room)).collect();
    format!("{}{rest}", names.join(" & "))
}

/// The drawn tile in its four turns, each with the spots where it fits.
fn drawn_tile(img: &mut RgbImage, game: &Game, top: f32, l: Locale) {
    let Some(tile) = game.drawn_tile() else { return };
    let fonts = draw::fonts();
    let kind = game.tiles().get(tile);
    let fits = rotation_spots(game);
    let cell_w = cell_w();
    let t = DRAWN_TILE as f32;
    let art = Art::new(DRAWN_TILE);
    for (k, rot) in Rotation::ALL.into_iter().enumerate() {
        let cx = PAD / 2.0 + cell_w * (k as f32 + 0.5);
        let (x, y) = ((cx - t / 2.0).round(), top + 44.0);
        draw::text_centered(img, &fonts.bold, BODY, cx, top + 24.0, pal::INK, &format!("{}°", rot.degrees()));
        art.draw_tile(img, kind, rot.quarter_turns(), x as i32, y as i32, 0);
        let below = y + t + 10.0 + LETTER_LINE / 2.0;
        let spots = &fits[k];
        if !kind.distinct_rotations.contains(&rot) {
            let same =
                Rotation::ALL.iter().find(|r| kind.distinct_rotations.contains(r) && same_look(kind, **r, rot)).map_or(0, |r| r.degrees());
            rect(img, x, y, t, t, pal::PANEL, 0.55);
            draw::text_centered(img, &fonts.regular, SMALL, cx, below, pal::INK_SOFT, &tr!(l, "ss-pic-as", deg = same));
        } else if spots.is_empty() {
            rect(img, x, y, t, t, pal::PANEL, 0.6);
            let (x0, y0, s) = (x + 10.0, y + 10.0, t - 20.0);
            fill(img, (x0, y0, x0 + s, y0 + s), pal::BAD, 0.9, |px, py| {
                draw::sd_capsule(px, py, x0, y0, x0 + s, y0 + s, 3.0).min(draw::sd_capsule(px, py, x0 + s, y0, x0, y0 + s, 3.0))
            });
            draw::text_centered(img, &fonts.regular, SMALL, cx, below, pal::BAD, &tr!(l, "ss-pic-nowhere"));
        } else {
            rect_outline(img, (x, y, t, t), 0.0, 3.0, pal::SPOT_INK, 1.0);
            for (n, line) in letter_lines(spots, cell_w - 8.0).iter().enumerate() {
                draw::text_centered(img, &fonts.bold, BODY, cx, below + n as f32 * LETTER_LINE, pal::SPOT_INK, line);
            }
        }
    }
}

/// Spot letters in at most [`LETTER_LINES`] lines of `width`, as "A, B, C,"; the ones that do
/// not fit are counted ("+5"). Widths are measured once per label, so this stays cheap for the
/// 30-odd spots of a late board.
pub fn letter_lines(labels: &[String], width: f32) -> Vec<String> {
    let font = &draw::fonts().bold;
    let space = text_width(font, BODY, " ");
    let comma = text_width(font, BODY, ",");
    let widths: Vec<f32> = labels.iter().map(|l| text_width(font, BODY, l)).collect();
    // Pieces "A," "B," … "X" (and "+N"), packed greedily into lines; returns the line breaks.
    let pack = |shown: usize| -> Vec<std::ops::Range<usize>> {
        let more = shown < labels.len();
        let pieces = shown + more as usize;
        let piece_w = |i: usize| {
            if i == shown {
                text_width(font, BODY, &format!("+{}", labels.len() - shown))
            } else {
                widths[i] + if i + 1 < pieces { comma } else { 0.0 }
            }
        };
        let mut lines = Vec::new();
        let (mut start, mut w) = (0, 0.0);
        for i in 0..pieces {
            let pw = piece_w(i);
            if i > start && w + space + pw > width {
                lines.push(start..i);
                (start, w) = (i, pw);
            } else {
                w += if i > start { space + pw } else { pw };
            }
        }
        if pieces > start {
            lines.push(start..pieces);
        }
        lines
    };
    for shown in (1..=labels.len()).rev() {
        let lines = pack(shown);
        if lines.len() <= LETTER_LINES {
            let piece = |i: usize| {
                if i == shown {
                    format!("+{}", labels.len() - shown)
                } else if i + 1 < shown + (shown < labels.len()) as usize {
                    format!("{},", labels[i])
                } else {
                    labels[i].clone()
                }
            };
            return lines.into_iter().map(|r| r.map(piece).collect::<Vec<_>>().join(" ")).collect();
        }
    }
    vec![format!("{} spots", labels.len())]
}

/// One row per player: colour, figure, name, wares, islanders in supply, score.
fn scores(img: &mut RgbImage, game: &Game, players: &Players, top: f32) {
    let fonts = draw::fonts();
    let totals: Vec<u16> = match game.final_scores() {
        Some(s) => s.iter().map(|s| s.total).collect(),
        None => game.scores().iter().map(|s| s.total).collect(),
    };
    let best = totals.iter().copied().max().unwrap_or(0);
    let active = game.to_act();
    let (w, h) = (PHONE_W as f32, ROW_H as f32 - 8.0);
    for (seat, &score) in totals.iter().enumerate() {
        let y = top + seat as f32 * ROW_H as f32;
        let cy = y + h / 2.0;
        let colour = players.colour(seat);
        let (x0, x1) = (8.0, w - 8.0);
        // A card with rounded corners: a flat fill, then the panel colour outside the rounded
        // box in the four corners only (distance functions over the whole row would cost more
        // than the rest of the picture).
        rect(img, x0, y, x1 - x0, h, pal::CARD, 1.0);
        let r = 10.0;
        let outside = |px: f32, py: f32| -sd_box(px, py, (x0 + x1) / 2.0, cy, (x1 - x0) / 2.0, h / 2.0, r);
        for (cx0, cy0) in [(x0, y), (x1 - r, y), (x0, y + h - r), (x1 - r, y + h - r)] {
            fill(img, (cx0, cy0, cx0 + r, cy0 + r), pal::PANEL, 1.0, outside);
        }
        rect(img, x0 + 3.0, y + 6.0, 9.0, h - 12.0, colour, 1.0);
        if active == Some(seat) {
            rect_outline(img, (x0 + 1.5, y + 1.5, x1 - x0 - 3.0, h - 3.0), 9.0, 4.0, colour, 1.0);
        } else {
            rect_outline(img, (x0 + 0.75, y + 0.75, x1 - x0 - 1.5, h - 1.5), 9.0, 1.5, pal::CARD_EDGE, 1.0);
        }
        figure(img, players, seat, 44.0, false, 44.0, cy);
        // Right to left: score, islanders in supply, wares; the name takes the rest.
        right_text(img, &fonts.bold, TITLE + 4.0, x1 - 14.0, cy - draw::cap_middle(TITLE + 4.0), pal::INK, &score.to_string());
        let state = game.player(seat);
        let mut x = x1 - 110.0;
        let supply = state.supply;
        x -= text_width(&fonts.bold, BODY, &supply.to_string());
        text(img, &fonts.bold, BODY, x, cy - draw::cap_middle(BODY), pal::INK, &supply.to_string());
        figure(img, players, seat, 30.0, false, x - 14.0, cy);
        x -= 42.0;
        for ware in Ware::ALL.into_iter().rev() {
            let n = state.wares.get(ware).to_string();
            x -= text_width(&fonts.bold, BODY, &n).max(text_width(&fonts.bold, BODY, "0"));
            text(img, &fonts.bold, BODY, x, cy - draw::cap_middle(BODY), pal::INK, &n);
            ware_icon(img, ware, x - 18.0, cy, 30.0);
            x -= 48.0;
        }
        let mut name_x = 76.0;
        if game.is_over() && score == best {
            // The winner's star, before the name.
            name_x += text(img, &fonts.bold, BODY + 2.0, name_x, cy - draw::cap_middle(BODY + 2.0), pal::RECENT, "★ ");
        }
        let name = draw::ellipsized(&fonts.bold, BODY + 2.0, players.name(seat), x - name_x);
        text(img, &fonts.bold, BODY + 2.0, name_x, cy - draw::cap_middle(BODY + 2.0), pal::INK, &name);
    }
}
