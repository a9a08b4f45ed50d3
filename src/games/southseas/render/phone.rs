//! The phone view: the turn message's picture, made to be read at Discord's inline width on a
//! phone (about 400 px), where the full board's panel text is 3–5 px tall.
//!
//! It is [`PHONE_W`] (800) pixels wide, twice the phone's width, and no text in it is smaller
//! than [`PHONE_MIN_TEXT`] (capitals 9.5 px tall at 400 px). Top to bottom:
//!
//! 1. whose step it is, the turn, and the tiles and ships left;
//! 2. the step's own picture: while a tile waits to be placed, that tile, large, in its four
//!    turns, each with the letters of the spots where it fits; at the islander step, the new
//!    tile enlarged with a numbered marker on each feature an islander may take (the same
//!    numbers begin the step's buttons);
//! 3. a one-line legend of the board's frames (the last tile, the tiles since your last turn);
//! 4. the board, every open spot of the turn on it, lettered at least 12 px tall at 400 px
//!    wide ([`PHONE_MIN_SPOT_LETTER`]): the whole board with tiles as large as fit, else the
//!    part around the spots and the last tile; where a late board crowds two-letter labels
//!    side by side, a captioned close-up of those spots below it;
//! 5. the ships on display: value and demand, those the player to act can pay now ticked;
//! 6. one row per player: their letter, large, on their colour, name, wares, islanders in
//!    supply, score.
//!
//! The board has no coordinate strips (7 px at 400 px: unreadable) and its islanders no letters
//! (2–3 px); `/board` ([`super::board_png`]) keeps both.

use super::board::{self, Art, Frame, Style, marker_places, number_marker};
use super::palette as pal;
use super::panel::{same_look, ware_icon};
use super::{BoardView, Players, rotation_spots};
use crate::draw::{self, fill, rect, rect_outline, right_text, sd_box, sd_circle, text, text_width};
use crate::games::southseas::choices::{islander_features, islander_numbers};
use crate::games::southseas::text as ss_text;
use crate::i18n::Locale;
use crate::tr;
use image::RgbImage;
use southseas_engine::{Demand, FeatureKind, Game, Phase, Pos, Rotation, Ware};

/// Width of the phone view: twice Discord's inline width on a phone, so the picture stays sharp
/// on high-density screens.
pub const PHONE_W: u32 = 800;
/// Smallest text size in the phone view (px at full size). DejaVu's capitals are 0.729 of the
/// size: 19 px here, 9.5 px at 400 px wide.
pub const PHONE_MIN_TEXT: f32 = 26.0;
/// Tile size at which a board was shown whole before every spot had to be in sight; kept for
/// the tools that name it (the board now takes whatever size shows every spot readably).
pub const PHONE_TILE: u32 = 80;
/// Smallest spot letter on the board, capitals' height at 400 px wide: the bar every placing
/// turn's picture meets (measured over whole games in the render tests).
pub const PHONE_MIN_SPOT_LETTER: f32 = 12.0;
/// Largest tile when a small board is shown whole.
const MAX_TILE: u32 = 128;
/// The board's edge around its squares (no coordinate strips on a phone).
const MARGIN: u32 = 6;
/// Tallest board area while a game is running.
const MAX_BOARD_H: u32 = 1000;
/// Tallest board area for the final board (shown whole, however small its tiles get).
const MAX_FINAL_BOARD_H: u32 = 1000;
/// The caption above each close-up of crowded spots.
const PART_CAPTION_H: u32 = 44;

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
/// The legend line of the board's frames.
const LEGEND_H: u32 = 44;
/// The islander step: the new tile, enlarged.
const ISLANDER_TILE: u32 = 240;
/// A ship on display, in the ships' section.
const SHIP_CARD_H: u32 = 112;
const SHIPS_HEAD_H: u32 = 44;

/// Where the parts of the phone view go.
pub struct PhonePlan {
    /// The board's squares shown, and where: the board (or its part around the spots), then
    /// close-ups of spots too crowded to letter readably on it, top to bottom.
    pub frames: Vec<Frame>,
    /// Whether the frames leave out part of the board (never a spot of the turn).
    pub close_up: bool,
    /// Labels of the open spots in no frame: none, by construction (the tests check).
    pub off_view: Vec<String>,
    /// Font size (px, full size) of the smallest spot label drawn; 0 when no spot is shown
    /// (its capitals are [`board::CAP_HEIGHT`] of it).
    pub smallest_spot_letter: f32,
    /// Top of the step's section (the drawn tile, or the islander's tile; height 0 when none).
    pub tile_y: u32,
    pub tile_h: u32,
    /// Top of the legend line (height 0 when there is no frame to explain).
    pub legend_y: u32,
    pub legend_h: u32,
    /// Top of the ships on display (height 0 when the game is over).
    pub ships_y: u32,
    pub ships_h: u32,
    /// Top of the score rows.
    pub scores_y: u32,
    pub size: (u32, u32),
}

impl PhonePlan {
    /// The board's (first) frame.
    pub fn frame(&self) -> &Frame {
        &self.frames[0]
    }

    /// The frame showing `pos` largest (a close-up, where one shows it), if one does.
    pub fn frame_of(&self, pos: Pos) -> Option<&Frame> {
        self.frames.iter().rev().find(|f| f.contains(pos))
    }
}

fn cell_w() -> f32 {
    (PHONE_W as f32 - PAD) / 4.0
}

fn tile_section_h(game: &Game) -> u32 {
    match game.phase() {
        Phase::PlaceTile if game.drawn_tile().is_some() => {}
        Phase::Islander { .. } if !islander_features(game).is_empty() => return 44 + ISLANDER_TILE + 20,
        _ => return 0,
    }
    let lines = rotation_spots(game).iter().map(|labels| letter_lines(labels, cell_w() - 8.0).len()).max().unwrap_or(1).max(1);
    (44.0 + DRAWN_TILE as f32 + 10.0 + lines as f32 * LETTER_LINE + 10.0) as u32
}

/// The smallest font size (px, full size) whose capitals are [`PHONE_MIN_SPOT_LETTER`] tall at
/// 400 px wide, with a quarter pixel to spare for rasterising.
fn min_spot_font() -> f32 {
    (PHONE_MIN_SPOT_LETTER + 0.25) / board::CAP_HEIGHT * PHONE_W as f32 / 400.0
}

/// The smallest spot label's font size, each spot in the frame that shows it largest.
fn smallest_letter(spots: &[(String, Pos)], frames: &[Frame]) -> f32 {
    let at: Vec<Pos> = spots.iter().map(|s| s.1).collect();
    spots.iter().map(|(label, pos)| letter_in(label, *pos, &at, frames)).fold(f32::MAX, f32::min)
}

/// The font size of a spot's label in the frame that shows it largest (0 when none does).
fn letter_in(label: &str, pos: Pos, spots: &[Pos], frames: &[Frame]) -> f32 {
    frames
        .iter()
        .filter(|f| f.contains(pos))
        .map(|f| board::phone_spot_letter(label, f.tile as f32, board::spot_label_is_wide(f, spots, pos)))
        .fold(0.0, f32::max)
}

/// The squares `min..=max` around `points` (a ring of one square), cut to `within`.
fn bounds(points: &[Pos], within: &Frame) -> Option<(Pos, Pos)> {
    let (mut min, mut max) = (Pos::new(i32::MAX, i32::MAX), Pos::new(i32::MIN, i32::MIN));
    for p in points {
        min = Pos::new(min.x.min(p.x), min.y.min(p.y));
        max = Pos::new(max.x.max(p.x), max.y.max(p.y));
    }
    (min.x <= max.x).then(|| {
        (
            Pos::new((min.x - 1).max(within.min.x), (min.y - 1).max(within.min.y)),
            Pos::new((max.x + 1).min(within.max.x), (max.y + 1).min(within.max.y)),
        )
    })
}

/// The largest tile (a multiple of 4, at most [`MAX_TILE`]) at which `cols` × `rows` squares
/// fit `w` × `h` pixels with the board's edge.
fn fitting_tile(cols: u32, rows: u32, w: u32, h: u32) -> u32 {
    ((w - 2 * MARGIN) / cols).min((h - 2 * MARGIN) / rows).min(MAX_TILE) / 4 * 4
}

/// The frames of the phone view's board, and whether they leave part of it out. Every open
/// spot is in a frame with its label at least [`min_spot_font`]: the whole board if its tiles
/// can be large enough for every label; else the squares around the spots and the last tile,
/// if that is enough; else the larger of the two, and below it close-ups ([`INSET_TILE`]
/// tiles, a few rows each) of the spots still too small there: on a late board, a run of
/// two-letter labels side by side ("AV AW AX") needs wider squares than the board can give.
fn board_frames(game: &Game) -> (Vec<Frame>, bool) {
    let whole = Frame::for_game(game);
    let (cols, rows) = (whole.cols(), whole.rows());
    if game.is_over() {
        let t = ((PHONE_W - 2 * MARGIN) / cols).min((MAX_FINAL_BOARD_H - 2 * MARGIN) / rows).min(MAX_TILE);
        return (vec![Frame::window(whole.min, whole.max, t, MARGIN)], false);
    }
    let spots: Vec<(String, Pos)> = game.placement_spots().into_iter().map(|s| (s.label, s.pos)).collect();
    let at: Vec<Pos> = spots.iter().map(|s| s.1).collect();
    let readable = |frames: &[Frame]| smallest_letter(&spots, frames) >= min_spot_font();
    let all = Frame::window(whole.min, whole.max, fitting_tile(cols, rows, PHONE_W, MAX_BOARD_H), MARGIN);
    if spots.is_empty() || readable(&[all]) {
        return (vec![all], false);
    }
    // The spots and the last tile, with a ring of squares around them.
    let mut points = at.clone();
    points.extend(game.placed_tiles().last().map(|p| p.pos));
    let (min, max) = bounds(&points, &whole).expect("spots");
    let (c, r) = ((max.x - min.x + 1) as u32, (max.y - min.y + 1) as u32);
    let crop = Frame::window(min, max, fitting_tile(c, r, PHONE_W, MAX_BOARD_H), MARGIN);
    if readable(&[crop]) {
        return (vec![crop], true);
    }
    let main = if crop.tile > all.tile { crop } else { all };
    // Close-ups of the spots still too small, grouped while a group fits one close-up.
    let mut insets: Vec<(Pos, Pos)> = Vec::new();
    for (label, pos) in &spots {
        if letter_in(label, *pos, &at, &[main]) >= min_spot_font() {
            continue;
        }
        let (lo, hi) = bounds(&[*pos], &whole).expect("a spot");
        let grown = insets.iter().position(|&(a, b)| {
            let (a, b) = (Pos::new(a.x.min(lo.x), a.y.min(lo.y)), Pos::new(b.x.max(hi.x), b.y.max(hi.y)));
            (b.x - a.x + 1) as u32 <= INSET_COLS && (b.y - a.y + 1) as u32 <= INSET_ROWS
        });
        match grown {
            Some(k) => {
                let (a, b) = insets[k];
                insets[k] = (Pos::new(a.x.min(lo.x), a.y.min(lo.y)), Pos::new(b.x.max(hi.x), b.y.max(hi.y)));
            }
            None => insets.push((lo, hi)),
        }
    }
    let mut frames = vec![main];
    frames.extend(insets.into_iter().map(|(a, b)| Frame::window(a, b, INSET_TILE, MARGIN)));
    (frames, true)
}

/// The close-ups' tile: wide enough for any two-letter label between two others (the render
/// tests check every label of whole games).
const INSET_TILE: u32 = 68;
const INSET_COLS: u32 = (PHONE_W - 2 * MARGIN) / INSET_TILE;
const INSET_ROWS: u32 = 5;

/// Lays out the phone view of `game`.
pub fn plan(game: &Game) -> PhonePlan {
    plan_for(game, None)
}

/// Lays out the phone view; `since_turn` decides whether the legend names the recent tiles.
fn plan_for(game: &Game, since_turn: Option<u32>) -> PhonePlan {
    let (mut frames, close_up) = board_frames(game);
    let spots = game.placement_spots();
    let off_view: Vec<String> = spots.iter().filter(|s| !frames.iter().any(|f| f.contains(s.pos))).map(|s| s.label.clone()).collect();
    let at: Vec<(String, Pos)> = spots.iter().map(|s| (s.label.clone(), s.pos)).collect();
    let smallest_spot_letter = if at.is_empty() { 0.0 } else { smallest_letter(&at, &frames) };
    let tile_y = HEAD_H;
    let tile_h = tile_section_h(game);
    let legend_y = tile_y + tile_h;
    let legend_h = if legend_items(game, since_turn).is_empty() { 0 } else { LEGEND_H };
    let mut y = legend_y + legend_h;
    for (k, f) in frames.iter_mut().enumerate() {
        if k > 0 {
            y += PART_CAPTION_H;
        }
        let (bw, bh) = f.size();
        f.origin = ((PHONE_W - bw) / 2, y);
        y += bh;
    }
    let ships_y = y + 6;
    let ships_h = if game.is_over() { 0 } else { SHIPS_HEAD_H + ship_rows(game) * (SHIP_CARD_H + 8) };
    let scores_y = ships_y + ships_h + 6;
    let height = scores_y + game.player_count() as u32 * ROW_H + 10;
    PhonePlan {
        frames,
        close_up,
        off_view,
        smallest_spot_letter,
        tile_y,
        tile_h,
        legend_y,
        legend_h,
        ships_y,
        ships_h,
        scores_y,
        size: (PHONE_W, height),
    }
}

/// The phone view, not yet encoded.
pub fn image(game: &Game, view: &BoardView) -> RgbImage {
    let players = Players::new(game, &view.names).speaking(view.locale);
    let plan = plan_for(game, view.since_turn);
    let mut img = draw::solid(plan.size.0, plan.size.1, pal::PANEL);
    header(&mut img, game, &players);
    match game.phase() {
        Phase::Islander { .. } if plan.tile_h > 0 => islander_tile(&mut img, game, view.locale, plan.tile_y as f32),
        _ if plan.tile_h > 0 => drawn_tile(&mut img, game, plan.tile_y as f32, players.locale),
        _ => {}
    }
    if plan.legend_h > 0 {
        legend(&mut img, game, view, plan.legend_y as f32);
    }
    let fonts = draw::fonts();
    let spots = game.placement_spots();
    for (k, frame) in plan.frames.iter().enumerate() {
        let (bw, bh) = frame.size();
        if k > 0 {
            // A close-up: which spots it is for.
            let labels: Vec<String> = spots.iter().filter(|s| frame.contains(s.pos)).map(|s| s.label.clone()).collect();
            let caption = tr!(view.locale, "ss-phone-board-inset", spots = labels.join(", "));
            let caption = draw::ellipsized(&fonts.bold, SMALL, &caption, PHONE_W as f32 - 2.0 * PAD);
            let y = frame.origin.1 as f32 - PART_CAPTION_H as f32 + (PART_CAPTION_H as f32 - SMALL) / 2.0 - 4.0;
            text(&mut img, &fonts.bold, SMALL, PAD, y, pal::INK, &caption);
        }
        if bw < PHONE_W {
            rect(&mut img, 0.0, frame.origin.1 as f32, PHONE_W as f32, bh as f32, pal::BACKGROUND, 1.0);
        }
        board::draw_board(&mut img, game, view, &players, frame, &Art::new(frame.tile), Style::Phone);
    }
    // The figures the player may take back: numbered where they stand, as their buttons are.
    board::number_figures(&mut img, game, &plan.frames);
    if plan.ships_h > 0 {
        ships(&mut img, game, &players, view.locale, plan.ships_y as f32);
    }
    scores(&mut img, game, &players, plan.scores_y as f32);
    img
}

/// A seat's letter, large, on a disc of its colour: the cue that tells players apart without
/// their colours (`size`: the disc's diameter; the letter's capitals are 0.47 of it: 12 px at
/// 400 px wide on the score rows' 52 px disc).
pub(super) fn letter_badge(img: &mut RgbImage, players: &Players, seat: usize, size: f32, cx: f32, cy: f32) {
    let colour = players.colour(seat);
    let r = size / 2.0;
    let bb = (cx - r - 2.0, cy - r - 2.0, cx + r + 2.0, cy + r + 2.0);
    draw::fill_outlined(img, bb, colour, pal::OUTLINE, 2.0, |x, y| sd_circle(x, y, cx, cy, r - 1.0));
    let ink = if draw::luminance(colour) > 0.45 { pal::OUTLINE } else { pal::WHITE };
    let font = size * 0.75;
    draw::text_centered(img, &draw::fonts().bold, font, cx, cy + board::CAP_LOW * font, ink, &players.letter(seat));
}

/// What the legend line explains: the last tile's frame, and the recent tiles' when shown.
fn legend_items(game: &Game, since_turn: Option<u32>) -> Vec<(draw::Rgb8, &'static str)> {
    let placed = game.placed_tiles().len();
    let mut items = Vec::new();
    if placed > 1 {
        items.push((pal::HIGHLIGHT, "ss-phone-legend-last"));
    }
    if since_turn.is_some_and(|since| (since as usize) + 1 < placed) {
        items.push((pal::RECENT, "ss-phone-legend-since"));
    }
    items
}

/// One line: a framed square in each frame's colour, and what it marks.
fn legend(img: &mut RgbImage, game: &Game, view: &BoardView, top: f32) {
    let fonts = draw::fonts();
    let (mut x, cy) = (PAD, top + LEGEND_H as f32 / 2.0);
    for (colour, id) in legend_items(game, view.since_turn) {
        let s = 26.0;
        rect(img, x, cy - s / 2.0, s, s, pal::BACKGROUND, 1.0);
        rect_outline(img, (x + 2.0, cy - s / 2.0 + 2.0, s - 4.0, s - 4.0), 2.0, 4.0, colour, 1.0);
        x += s + 10.0;
        let words = tr!(view.locale, id);
        let words = draw::ellipsized(&fonts.regular, SMALL, &words, PHONE_W as f32 - PAD - x);
        x += text(img, &fonts.regular, SMALL, x, cy - draw::cap_middle(SMALL), pal::INK, &words) + 28.0;
    }
}

/// Who acts and what they do, the turn, and what is left.
fn header(img: &mut RgbImage, game: &Game, players: &Players) {
    let fonts = draw::fonts();
    let w = PHONE_W as f32;
    let x = if game.is_over() {
        PAD
    } else {
        let who = game.to_act().unwrap_or(game.active_player());
        letter_badge(img, players, who, 60.0, PAD + 30.0, HEAD_H as f32 / 2.0);
        PAD + 72.0
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

/// The islander step: the new tile, enlarged, with a numbered marker on each feature where an
/// islander may go (the numbers begin the step's buttons), and beside it what each number is.
fn islander_tile(img: &mut RgbImage, game: &Game, locale: Locale, top: f32) {
    let Phase::Islander { pos } = game.phase() else { return };
    let Some(placed) = game.tile_at(pos) else { return };
    let fonts = draw::fonts();
    let kind = game.tiles().get(placed.tile);
    let turns = placed.rotation.quarter_turns();
    text(img, &fonts.bold, BODY, PAD, top + 8.0, pal::INK, &tr!(locale, "ss-phone-islander-title"));
    let t = ISLANDER_TILE as f32;
    let (x, y) = (PAD + 8.0, top + 44.0);
    let art = Art::new(ISLANDER_TILE);
    art.draw_tile(img, kind, turns, x as i32, y as i32, 0);
    rect_outline(img, (x, y, t, t), 0.0, 3.0, pal::HIGHLIGHT, 1.0);
    let (kx, mut ky) = (x + t + 36.0, y + 20.0);
    let features = islander_features(game);
    let at = marker_places(features.iter().map(|&f| art.slot(kind, turns, f)).map(|(u, v)| (x + u * t, y + v * t)).collect(), (x, y, t, t));
    for (k, (&feature, &(mx, my))) in features.iter().zip(&at).enumerate() {
        let number = (k + 1).to_string();
        number_marker(img, &number, mx, my);
        // The key: the number, then the islander's role there.
        if ky < y + t {
            number_marker(img, &number, kx, ky);
            let role = match kind.features.get(feature as usize).map(|f| f.kind) {
                Some(FeatureKind::Island) => "ss-phone-role-island",
                Some(FeatureKind::Bridge) => "ss-phone-role-bridge",
                Some(FeatureKind::Sea) => "ss-phone-role-sea",
                _ => "ss-phone-role-market",
            };
            let role = draw::ellipsized(&fonts.regular, BODY, &tr!(locale, role), PHONE_W as f32 - kx - 30.0 - PAD);
            text(img, &fonts.regular, BODY, kx + 30.0, ky - draw::cap_middle(BODY), pal::INK, &role);
            ky += 48.0;
        }
    }
    // The figures that may be taken back, numbered on the board below: their numbers follow.
    let back: Vec<usize> = islander_numbers(game)
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, southseas_engine::Action::RetrieveIslander { .. }))
        .map(|(k, _)| k + 1)
        .collect();
    if let (Some(first), Some(last)) = (back.first(), back.last())
        && ky < y + t
    {
        let numbers = if first == last { first.to_string() } else { format!("{first}–{last}") };
        let line = tr!(locale, "ss-phone-take-back", numbers = numbers);
        let line = draw::ellipsized(&fonts.regular, BODY, &line, PHONE_W as f32 - kx - PAD + 24.0);
        text(img, &fonts.regular, BODY, kx - 24.0, ky - draw::cap_middle(BODY), pal::INK, &line);
    }
}

/// Where the islander step's markers are (test probes).
#[cfg(test)]
pub(super) fn islander_markers(game: &Game, top: f32) -> Vec<(f32, f32)> {
    let Phase::Islander { pos } = game.phase() else { return Vec::new() };
    let Some(placed) = game.tile_at(pos) else { return Vec::new() };
    let kind = game.tiles().get(placed.tile);
    let (x, y, t) = (PAD + 8.0, top + 44.0, ISLANDER_TILE as f32);
    let art = Art::new(ISLANDER_TILE);
    let at = islander_features(game)
        .iter()
        .map(|&f| art.slot(kind, placed.rotation.quarter_turns(), f))
        .map(|(u, v)| (x + u * t, y + v * t))
        .collect();
    marker_places(at, (x, y, t, t))
}

/// Rows of ship cards (four to a row).
fn ship_rows(game: &Game) -> u32 {
    (game.display().len() as u32).div_ceil(SHIPS_PER_ROW).max(1)
}

const SHIPS_PER_ROW: u32 = 4;

/// The ships on display: each one's value and demand; ticked and framed when the player to act
/// could pay it now.
fn ships(img: &mut RgbImage, game: &Game, players: &Players, locale: Locale, top: f32) {
    let fonts = draw::fonts();
    let who = game.to_act().unwrap_or(game.active_player());
    let stock = game.player(who).wares;
    text(img, &fonts.bold, BODY, PAD, top + 6.0, pal::INK, &tr!(locale, "ss-phone-ships-title"));
    let display = game.display();
    let payable = display.iter().filter(|&&id| game.ships().get(id).demand.can_pay(&stock)).count();
    let note = if payable > 0 {
        tr!(locale, "ss-phone-ships-can-pay", name = players.name(who).to_string())
    } else {
        tr!(locale, "ss-phone-ships-none-payable", name = players.name(who).to_string())
    };
    let title_w = text_width(&fonts.bold, BODY, &tr!(locale, "ss-phone-ships-title")) + 24.0;
    let note = draw::ellipsized(&fonts.regular, SMALL, &note, PHONE_W as f32 - 2.0 * PAD - title_w);
    right_text(img, &fonts.regular, SMALL, PHONE_W as f32 - PAD, top + 8.0, pal::INK_SOFT, &note);
    if display.is_empty() {
        text(img, &fonts.regular, SMALL, PAD, top + SHIPS_HEAD_H as f32 + 10.0, pal::INK_SOFT, &tr!(locale, "ss-phone-ships-none"));
        return;
    }
    let gap = 8.0;
    let w = (PHONE_W as f32 - 2.0 * PAD - gap * (SHIPS_PER_ROW - 1) as f32) / SHIPS_PER_ROW as f32;
    let h = SHIP_CARD_H as f32;
    for (k, &id) in display.iter().enumerate() {
        let ship = game.ships().get(id);
        let (col, row) = (k as u32 % SHIPS_PER_ROW, k as u32 / SHIPS_PER_ROW);
        let x = PAD + col as f32 * (w + gap);
        let y = top + SHIPS_HEAD_H as f32 + row as f32 * (h + gap);
        let can = ship.demand.can_pay(&stock);
        fill(img, (x, y, x + w, y + h), pal::CARD, 1.0, |px, py| sd_box(px, py, x + w / 2.0, y + h / 2.0, w / 2.0, h / 2.0, 10.0));
        if can {
            rect_outline(img, (x + 2.0, y + 2.0, w - 4.0, h - 4.0), 9.0, 4.0, pal::SPOT_INK, 1.0);
        } else {
            rect_outline(img, (x + 0.75, y + 0.75, w - 1.5, h - 1.5), 9.0, 1.5, pal::CARD_EDGE, 1.0);
        }
        // The ship and its value on top, the tick at the right; the demand below.
        let cy = y + 32.0;
        super::cache::draw_icon(img, &super::cache::Icon::Ship, 40.0, x + 30.0, cy);
        text(img, &fonts.bold, TITLE, x + 56.0, cy - draw::cap_middle(TITLE), pal::INK, &ship.value.to_string());
        if can {
            draw::text_centered(img, &fonts.bold, TITLE, x + w - 24.0, cy, pal::SPOT_INK, "✓");
        }
        demand(img, &ship.demand, locale, x + 12.0, y + 80.0, w - 20.0);
    }
}

/// A demand on one line from `x`: exact wares as icons, the flexible ones in words.
fn demand(img: &mut RgbImage, demand: &Demand, locale: Locale, x: f32, cy: f32, width: f32) {
    let fonts = draw::fonts();
    match *demand {
        Demand::Exact(wares) => {
            let n: u16 = Ware::ALL.iter().map(|&w| wares.get(w)).sum();
            let step = (width / n.max(1) as f32).min(36.0);
            let mut cx = x + step / 2.0;
            for ware in Ware::ALL {
                for _ in 0..wares.get(ware) {
                    ware_icon(img, ware, cx, cy, (step - 2.0).min(32.0));
                    cx += step;
                }
            }
        }
        _ => {
            let words = match *demand {
                Demand::Any(n) => tr!(locale, "ss-phone-demand-any", count = n),
                Demand::Same(n) => tr!(locale, "ss-phone-demand-same", count = n),
                Demand::SameAndOther(a, b) => tr!(locale, "ss-phone-demand-same-other", same = a, other = b),
                Demand::Exact(_) => String::new(),
            };
            let words = draw::ellipsized(&fonts.bold, SMALL, &words, width);
            text(img, &fonts.bold, SMALL, x, cy - draw::cap_middle(SMALL), pal::INK, &words);
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
    // Not even one letter and the count fit: the count alone, in no language.
    vec![format!("+{}", labels.len())]
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
        letter_badge(img, players, seat, 52.0, 42.0, cy);
        // Right to left: score, islanders in supply, wares; the name takes the rest.
        right_text(img, &fonts.bold, TITLE + 4.0, x1 - 14.0, cy - draw::cap_middle(TITLE + 4.0), pal::INK, &score.to_string());
        let state = game.player(seat);
        let mut x = x1 - 110.0;
        let supply = state.supply;
        x -= text_width(&fonts.bold, BODY, &supply.to_string());
        text(img, &fonts.bold, BODY, x, cy - draw::cap_middle(BODY), pal::INK, &supply.to_string());
        board::plain_figure(img, players, seat, 30.0, false, x - 14.0, cy);
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
