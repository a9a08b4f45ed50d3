//! The panel under the board: the turn and the dice of the last roll, then one row per player
//! (colour and letter, name, public points, and counts only: cards in hand, development cards,
//! knights, trade route, special victory points, the longest trade route and largest army
//! holders, pieces left). No card's kind is ever drawn: the panel reads counts, never hands.
//!
//! A row is drawn on its own and kept by what it shows ([`Row`]): most turns change one or
//! two rows, and the others are copied; the discs and the small pieces are sprites.

use super::palette as pal;
use crate::draw::{self, Surface, fill_exact, fill_layers_exact, rect, right_text, sd_box, sd_circle, text, text_width};
use crate::i18n::Locale;
use crate::tr;
use image::RgbImage;
use seafarers_engine::{Game, Phase};
use std::sync::Arc;

/// Smallest text: 26 px at 800 px wide is capitals 9.5 px tall at 400 px.
pub const BODY: f32 = 26.0;
const NAME: f32 = 30.0;
const POINTS: f32 = 36.0;
const PAD: f32 = 16.0;
pub const HEAD_H: u32 = 64;
pub const ROW_H: u32 = 132;

pub fn height(game: &Game) -> u32 {
    HEAD_H + ROW_H * game.player_count() as u32 + PAD as u32
}

/// What did not fit whole where the panel drew it: a text cut short or reaching past its room.
/// The tests read it for every language (a language's longer words must still fit).
#[derive(Debug, Default)]
pub struct Fits {
    /// The part (`head`, `badges`, `counts`, `pieces`) and what did not fit in it.
    pub unfit: Vec<(&'static str, String)>,
}

impl Fits {
    fn check(&mut self, part: &'static str, what: &str, width: f32, room: f32) {
        if width > room + 0.5 {
            self.unfit.push((part, format!("{what:?}: {width:.0} px in {room:.0}")));
        }
    }
}

/// Draws the panel into `img` from row `top`, `w` px wide, its words in `lang`; its players'
/// rows from the cache where `cached` (`draw_checked`'s pixels either way).
#[allow(clippy::too_many_arguments)]
pub fn draw(img: &mut RgbImage, top: u32, w: u32, game: &Game, names: &[String], letters: &[char], lang: Locale, cached: bool) {
    draw_checked(img, top, w, game, names, letters, lang, &mut Fits::default(), cached);
}

/// [`draw`], telling `fits` what did not fit (in the rows drawn, not those from the cache).
#[allow(clippy::too_many_arguments)]
pub fn draw_checked(
    img: &mut RgbImage,
    top: u32,
    w: u32,
    game: &Game,
    names: &[String],
    letters: &[char],
    lang: Locale,
    fits: &mut Fits,
    cached: bool,
) {
    let fonts = draw::fonts();
    let (wf, t) = (w as f32, top as f32);
    // Every pixel of the panel: the head and the margin below the rows here, each row whole.
    let rows_end = HEAD_H + ROW_H * game.player_count() as u32;
    rect(img, 0.0, t, wf, HEAD_H as f32, pal::PANEL, 1.0);
    rect(img, 0.0, t + rows_end as f32, wf, (height(game) - rows_end) as f32, pal::PANEL, 1.0);
    rect(img, 0.0, t, wf, 2.0, pal::CARD_EDGE, 1.0);
    // The turn, the state, the dice.
    let head = match game.phase() {
        Phase::GameOver { winner } => tr!(lang, "sf-pic-over", name = name_of(names, winner as usize, lang)),
        p if p.is_setup() => tr!(lang, "sf-pic-setup"),
        _ => tr!(lang, "sf-pic-turn", turn = game.turn()),
    };
    let rolled = tr!(lang, "sf-pic-rolled");
    let dice_w = match game.last_roll() {
        Some(d) => {
            let side = 44.0;
            let x = wf - PAD - 2.0 * side - 10.0;
            die(img, x, t + 10.0, side, d[0]);
            die(img, x + side + 10.0, t + 10.0, side, d[1]);
            2.0 * side + 10.0 + PAD + text_width(&fonts.regular, BODY, &format!("{rolled} ")) + 10.0
        }
        None => PAD,
    };
    if game.last_roll().is_some() {
        let x = wf - dice_w + text_width(&fonts.regular, BODY, &format!("{rolled} "));
        right_text(img, &fonts.regular, BODY, x, t + 18.0, pal::INK_SOFT, &rolled);
    }
    let target = tr!(lang, "sf-pic-target", target = game.target());
    let head_w = wf - dice_w - 2.0 * PAD;
    fits.check("head", &format!("{head}{target}"), text_width(&fonts.bold, NAME, &format!("{head}{target}")), head_w);
    let head = draw::ellipsized(&fonts.bold, NAME, &format!("{head}{target}"), head_w);
    text(img, &fonts.bold, NAME, PAD, t + 14.0, pal::INK, &head);

    let acting = game.to_act();
    for seat in 0..game.player_count() {
        let y = top + HEAD_H + seat as u32 * ROW_H;
        let row = Row::of(game, seat, names, letters, acting.contains(&seat), lang, w);
        let drawn = if cached { rows::get(&row) } else { Arc::new(row.draw(fits)) };
        draw::blit_rgb(img, &drawn, 0, y as i32);
    }
}

/// Height of the picture's header, above the board: who acts and what they do.
pub const TITLE_H: u32 = 96;
/// The header's words (one line, or two): capitals 10 px tall at 400 px wide.
const TITLE: f32 = 32.0;

/// The header at the top of `img`, `w` px wide: the disc of each seat the game waits for, and
/// what each must do ([`header_lines`]). It paints every pixel of its area.
pub fn draw_header(img: &mut RgbImage, w: u32, game: &Game, names: &[String], letters: &[char], lang: Locale, fits: &mut Fits) {
    let fonts = draw::fonts();
    let wf = w as f32;
    rect(img, 0.0, 0.0, wf, TITLE_H as f32, pal::PANEL, 1.0);
    rect(img, 0.0, TITLE_H as f32 - 2.0, wf, 2.0, pal::CARD_EDGE, 1.0);
    let seats = header_seats(game);
    // A disc per seat, as on the rows (at most two: the words say the rest).
    let cy = TITLE_H as f32 / 2.0 - 1.0;
    let mut x = PAD;
    for &seat in seats.iter().take(2) {
        let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
        icons::stamp(img, Icon::Disc { seat }, (x + 30.0, cy));
        let letter = letters.get(seat).copied().unwrap_or('?');
        draw::text_centered(img, &fonts.bold, 34.0, x + 30.0, cy, pal::letter_on(c), &letter.to_string());
        x += 66.0;
    }
    let lines = header_lines(game, names, lang, wf - x - PAD - 4.0, fits);
    for (k, l) in lines.iter().enumerate() {
        let y = cy + (k as f32 - (lines.len() as f32 - 1.0) / 2.0) * TITLE_LINE;
        text(img, &fonts.bold, TITLE, x + 4.0, y - draw::cap_middle(TITLE), pal::INK, l);
    }
}

/// Whom the header names: the seats the game waits for, or the winner.
fn header_seats(game: &Game) -> Vec<usize> {
    match game.phase() {
        Phase::GameOver { winner } => vec![winner as usize],
        _ => game.to_act(),
    }
}

/// The header's words in one or two lines of at most `room` px: what each seat the game waits
/// for must do ("Ana: place a settlement"; "Ana: discard 4 cards · Bo: discard 5 cards"), or
/// who won; names cut short before the words of the step, and `fits` told of anything cut.
/// Public words only: what a step asks is the same whatever the hands hold.
pub fn header_lines(game: &Game, names: &[String], lang: Locale, room: f32, fits: &mut Fits) -> Vec<String> {
    let fonts = draw::fonts();
    let seats = header_seats(game);
    let tasks: Vec<String> = seats.iter().map(|&s| crate::games::seafarers::text::task(lang, game, s)).collect();
    let width = |t: &str| text_width(&fonts.bold, TITLE, t);
    let line = |names_room: f32| -> String {
        let name = |seat: usize| draw::ellipsized(&fonts.bold, TITLE, &name_of(names, seat, lang), names_room);
        match game.phase() {
            Phase::GameOver { winner } => tr!(lang, "sf-pic-over", name = name(winner as usize)),
            // Several discards or gold choices at once: who owes how many.
            Phase::Discard | Phase::Gold if seats.len() > 1 => {
                let owed = if game.phase() == Phase::Discard { game.pending_discards() } else { game.pending_gold() };
                let list: Vec<String> = owed.iter().map(|&(s, n)| tr!(lang, "sf-pic-owes", name = name(s as usize), n = n)).collect();
                let what = if game.phase() == Phase::Discard { "discard" } else { "gold" };
                tr!(lang, "sf-pic-several", what = what, list = list.join(", "))
            }
            _ => seats
                .iter()
                .zip(&tasks)
                .map(|(&s, task)| tr!(lang, "sf-pic-task", name = name(s), task = task.as_str()))
                .collect::<Vec<_>>()
                .join(" · "),
        }
    };
    let mut words = line(f32::MAX);
    let mut lines = wrapped(&words, room, width);
    if lines.len() > 2 {
        // What the names may take: two lines less the rest of the words, shared, less again
        // while a cut at a space wastes too much (not under 80 px).
        let rest = width(&line(0.0));
        let mut names_room = (2.0 * room - rest) / seats.len().max(1) as f32;
        for _ in 0..12 {
            names_room = names_room.max(80.0);
            words = line(names_room);
            lines = wrapped(&words, room, width);
            if lines.len() <= 2 || names_room <= 80.0 {
                break;
            }
            names_room *= 0.85;
        }
    }
    if lines.len() > 2 || lines.iter().any(|l| width(l) > room + 0.5) {
        fits.unfit.push(("title", format!("{words:?} in {} lines of {room:.0} px", lines.len())));
        let rest = lines.split_off(lines.len().min(2)).join(" ");
        if let Some(last) = lines.last_mut()
            && !rest.is_empty()
        {
            last.push(' ');
            last.push_str(&rest);
        }
        lines = lines.iter().map(|l| draw::ellipsized(&fonts.bold, TITLE, l, room)).collect();
    }
    lines
}

/// Space between the header's two lines' middles.
const TITLE_LINE: f32 = 38.0;

/// `words` cut at spaces into lines of at most `room` (as `width` measures them); a word
/// wider than `room` has a line of its own.
fn wrapped(words: &str, room: f32, width: impl Fn(&str) -> f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in words.split(' ') {
        match lines.last_mut() {
            Some(last) if width(&format!("{last} {word}")) <= room => {
                last.push(' ');
                last.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Everything a player's row shows, and nothing else: the key of its cached picture. A turn
/// changes one or two rows (the player who acts, who waits next); the others are copied.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    w: u32,
    seat: usize,
    name: String,
    letter: char,
    acting: bool,
    lang: Locale,
    points: String,
    /// The longest trade route's and largest army's badges it holds.
    badges: Vec<String>,
    counts: String,
    left: String,
    /// Settlements, cities, roads and ships left.
    pieces: [u8; 4],
}

impl Row {
    fn of(game: &Game, seat: usize, names: &[String], letters: &[char], acting: bool, lang: Locale, w: u32) -> Row {
        let p = game.player(seat);
        let mut badges: Vec<String> = Vec::new();
        if game.longest_route_holder() == Some(seat) {
            badges.push(tr!(lang, "sf-pic-longest"));
        }
        if game.largest_army_holder() == Some(seat) {
            badges.push(tr!(lang, "sf-pic-largest"));
        }
        let mut parts = vec![
            tr!(lang, "sf-pic-cards", n = p.hand.total()),
            tr!(lang, "sf-pic-dev", n = p.dev.total()),
            tr!(lang, "sf-pic-knights", n = p.knights),
        ];
        if p.route_length > 0 {
            parts.push(tr!(lang, "sf-pic-route", n = p.route_length));
        }
        if p.chips > 0 {
            parts.push(format!("★{}", p.chips));
        }
        Row {
            w,
            seat,
            name: name_of(names, seat, lang),
            letter: letters.get(seat).copied().unwrap_or('?'),
            acting,
            lang,
            // At the end the victory point cards are revealed: the points are the final ones,
            // as the game-over message says.
            points: tr!(lang, "sf-pic-points", n = if game.is_over() { p.points } else { game.public_points(seat) }),
            badges,
            counts: parts.join(" · "),
            left: tr!(lang, "sf-pic-left"),
            pieces: [p.settlements_left, p.cities_left, p.roads_left, p.ships_left],
        }
    }

    /// The row on its own picture, `w`×`ROW_H` px.
    fn draw(&self, fits: &mut Fits) -> RgbImage {
        let mut img = draw::solid(self.w, ROW_H, pal::PANEL);
        row(&mut img, self, fits);
        img
    }
}

/// The players' rows already drawn, process-wide, by what they show.
mod rows {
    use super::{Fits, Row};
    use image::RgbImage;
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};

    /// Rows kept before the cache starts over (about 300 kB each at 800 px).
    const MAX_ROWS: usize = 64;

    fn lock() -> std::sync::MutexGuard<'static, HashMap<Row, Arc<RgbImage>>> {
        static ROWS: OnceLock<Mutex<HashMap<Row, Arc<RgbImage>>>> = OnceLock::new();
        // A panic while holding the lock leaves only complete entries behind: keep using it.
        ROWS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(row: &Row) -> Arc<RgbImage> {
        if let Some(img) = lock().get(row) {
            return Arc::clone(img);
        }
        // Drawn outside the lock: two threads may both draw a missing row, never wait.
        let img = Arc::new(row.draw(&mut Fits::default()));
        let mut rows = lock();
        if rows.len() >= MAX_ROWS {
            rows.clear();
        }
        rows.insert(row.clone(), Arc::clone(&img));
        img
    }

    pub fn clear() {
        lock().clear();
    }
}

/// Empties the cache of players' rows.
pub fn clear() {
    rows::clear();
}

/// A seat's name, or its colour's for a seat without one.
fn name_of(names: &[String], seat: usize, lang: Locale) -> String {
    let colour = || capitalised(&tr!(lang, "sf-colour", colour = pal::PLAYER_NAMES[seat % 4]));
    names.get(seat).map(|n| n.trim()).filter(|n| !n.is_empty()).map_or_else(colour, str::to_string)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A player's row drawn at the top of `img`.
fn row(img: &mut RgbImage, r: &Row, fits: &mut Fits) {
    let fonts = draw::fonts();
    let (y, w, seat) = (0.0, r.w as f32, r.seat);
    let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
    if r.acting {
        // Whoever the game waits for: a tinted row with a bar in their colour.
        rect(img, 0.0, y + 2.0, w, ROW_H as f32 - 4.0, [255, 250, 214], 1.0);
        rect(img, 0.0, y + 2.0, 8.0, ROW_H as f32 - 4.0, pal::OUTLINE, 1.0);
    }
    // The player's colour and letter, as on their pieces.
    let (bx, by, rad) = (PAD + 30.0, y + ROW_H as f32 / 2.0, 28.0);
    icons::stamp(img, Icon::Disc { seat }, (bx, by));
    draw::text_centered(img, &fonts.bold, 34.0, bx, by, pal::letter_on(c), &r.letter.to_string());
    let left = bx + rad + 18.0;
    // Line 1: name, holder badges, points.
    let pts_w = text_width(&fonts.bold, POINTS, &r.points);
    right_text(img, &fonts.bold, POINTS, w - PAD, y + 8.0, pal::INK, &r.points);
    let badges_w: f32 = r.badges.iter().map(|b| text_width(&fonts.bold, BODY * 0.9, b) + 30.0).sum();
    let name_w = (w - PAD - pts_w - 16.0 - badges_w - left).max(60.0);
    // The badges follow the name (at least 60 px of it): they must end before the points.
    let badges_end = left + text_width(&fonts.bold, NAME, &r.name).min(60.0) + 4.0 + badges_w;
    fits.check("badges", &r.badges.join(" + "), badges_end, w - PAD - pts_w);
    let shown = draw::ellipsized(&fonts.bold, NAME, &r.name, name_w);
    let nw = text(img, &fonts.bold, NAME, left, y + 10.0, pal::INK, &shown);
    let mut bx = left + nw + 14.0;
    for b in &r.badges {
        let bw = text_width(&fonts.bold, BODY * 0.9, b) + 20.0;
        let (cx, cy, hw, hh) = (bx + bw / 2.0, y + 29.0, bw / 2.0, 17.0);
        fill_exact(img, (cx - hw, cy - hh, cx + hw, cy + hh), pal::GOLD, 1.0, |x, yy| sd_box(x, yy, cx, cy, hw, hh, 8.0));
        draw::text_centered(img, &fonts.bold, BODY * 0.9, cx, cy, pal::INK, b);
        bx += bw + 10.0;
    }
    // Line 2: counts; line 3: pieces left.
    let line2 = y + 52.0;
    fits.check("counts", &r.counts, text_width(&fonts.regular, BODY, &r.counts), w - PAD - left);
    let counts = draw::ellipsized(&fonts.regular, BODY, &r.counts, w - PAD - left);
    text(img, &fonts.regular, BODY, left, line2, pal::INK, &counts);
    let line3 = y + 90.0;
    let lw = text(img, &fonts.regular, BODY, left, line3, pal::INK_SOFT, &r.left);
    let mut x = left + lw + 16.0;
    for (kind, n) in [Piece::Settlement, Piece::City, Piece::Road, Piece::Ship].into_iter().zip(r.pieces) {
        icons::stamp(img, Icon::Piece { kind, seat }, (x + 16.0, line3 + 17.0));
        x += 40.0 + text(img, &fonts.regular, BODY, x + 38.0, line3, pal::INK, &n.to_string()) + 18.0;
    }
    fits.check("pieces", "pieces left", x - 18.0, w - PAD);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Piece {
    Settlement,
    City,
    Road,
    Ship,
}

/// What a row shows the same in every picture: the player's disc (in their colour, outlined)
/// and the small pieces beside the counts of those left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Icon {
    Disc { seat: usize },
    Piece { kind: Piece, seat: usize },
}

/// The icons as sprites, drawn once per process and stamped on whole pixels.
mod icons {
    use super::Icon;
    use crate::draw::Stamp;
    use image::{RgbImage, RgbaImage};
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};

    /// Half the side of an icon's sprite: the disc's radius and outline, and a pixel to spare.
    const HALF: u32 = 34;

    /// Draws `icon` centred on the pixel nearest (x, y).
    pub fn stamp(img: &mut RgbImage, icon: Icon, (x, y): (f32, f32)) {
        static ICONS: OnceLock<Mutex<HashMap<Icon, Arc<Stamp>>>> = OnceLock::new();
        let lock = || ICONS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        let found = lock().get(&icon).cloned();
        let sprite = found.unwrap_or_else(|| {
            let mut sprite = RgbaImage::new(2 * HALF, 2 * HALF);
            let c = HALF as f32;
            match icon {
                Icon::Disc { seat } => super::disc(&mut sprite, c, c, seat),
                Icon::Piece { kind, seat } => super::piece_icon(&mut sprite, kind, c, c, seat),
            }
            let sprite = Arc::new(Stamp::new(sprite));
            // A few dozen icons in all (4 colours): never emptied.
            lock().insert(icon, Arc::clone(&sprite));
            sprite
        });
        sprite.blit(img, x.round() as i32 - HALF as i32, y.round() as i32 - HALF as i32);
    }
}

/// A player's disc centred on (x, y): their colour in its outline.
fn disc<S: Surface>(img: &mut S, x: f32, y: f32, seat: usize) {
    let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
    let (ol, r) = (pal::outline_of(c), 28.0);
    fill_layers_exact(img, (x - r - 3.0, y - r - 3.0, x + r + 3.0, y + r + 3.0), &[(ol, 1.0, 3.0), (c, 1.0, 0.0)], |px, py| {
        sd_circle(px, py, x, y, r)
    });
}

/// A small piece in the player's colour, for the count of those left.
fn piece_icon<S: Surface>(img: &mut S, kind: Piece, x: f32, y: f32, seat: usize) {
    let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
    if let Piece::Road = kind {
        // The road as on the board, with its seat's pattern.
        super::sprites::road(img, (x - 14.0, y + 11.0), (x + 14.0, y - 11.0), 6.0, seat);
        return;
    }
    let ol = pal::outline_of(c);
    let ol = if ol == pal::WHITE { pal::INK_SOFT } else { ol };
    let shape: Vec<(f32, f32)> = match kind {
        Piece::Settlement => vec![(x - 11.0, y + 12.0), (x - 11.0, y - 2.0), (x, y - 13.0), (x + 11.0, y - 2.0), (x + 11.0, y + 12.0)],
        Piece::City => vec![
            (x - 15.0, y + 12.0),
            (x - 15.0, y - 6.0),
            (x - 8.0, y - 14.0),
            (x - 1.0, y - 6.0),
            (x - 1.0, y - 1.0),
            (x + 15.0, y - 1.0),
            (x + 15.0, y + 12.0),
        ],
        Piece::Road => Vec::new(),
        Piece::Ship => vec![
            (x - 15.0, y),
            (x + 15.0, y),
            (x + 10.0, y + 12.0),
            (x - 10.0, y + 12.0),
            (x - 15.0, y),
            (x, y),
            (x, y - 14.0),
            (x + 10.0, y),
        ],
    };
    let bb = (x - 17.0, y - 17.0, x + 17.0, y + 16.0);
    let shape = draw::Polygon::new(&shape);
    fill_layers_exact(img, bb, &[(ol, 1.0, 2.0), (c, 1.0, 0.0)], |px, py| shape.sd(px, py));
}

/// One die showing `n` pips.
fn die(img: &mut RgbImage, x: f32, y: f32, side: f32, n: u8) {
    let (cx, cy, h) = (x + side / 2.0, y + side / 2.0, side / 2.0);
    fill_layers_exact(
        img,
        (x - 2.0, y - 2.0, x + side + 2.0, y + side + 2.0),
        &[(pal::OUTLINE, 1.0, 2.0), (pal::WHITE, 1.0, 0.0)],
        |px, py| sd_box(px, py, cx, cy, h, h, side * 0.18),
    );
    let o = side * 0.27;
    let dots: &[(f32, f32)] = match n {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    };
    let r = side * 0.09;
    for &(dx, dy) in dots {
        let (px, py) = (cx + dx * o, cy + dy * o);
        fill_exact(img, (px - r, py - r, px + r, py + r), pal::INK, 1.0, |a, b| sd_circle(a, b, px, py, r));
    }
}
