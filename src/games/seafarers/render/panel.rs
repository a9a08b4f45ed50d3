//! The panel under the board: the turn and the dice of the last roll, then one row per player
//! (colour and letter, name, public points, and counts only: cards in hand, development cards,
//! knights, trade route, special victory points, the longest trade route and largest army
//! holders, pieces left). No card's kind is ever drawn: the panel reads counts, never hands.

use super::palette as pal;
use crate::draw::{self, fill_exact, fill_layers_exact, rect, right_text, sd_box, sd_circle, text, text_width};
use crate::i18n::Locale;
use crate::tr;
use image::RgbImage;
use seafarers_engine::{Game, Phase};

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

/// Draws the panel into `img` from row `top`, `w` px wide, its words in `lang`.
pub fn draw(img: &mut RgbImage, top: u32, w: u32, game: &Game, names: &[String], letters: &[char], lang: Locale) {
    draw_checked(img, top, w, game, names, letters, lang, &mut Fits::default());
}

/// [`draw`], telling `fits` what did not fit.
#[allow(clippy::too_many_arguments)]
pub fn draw_checked(img: &mut RgbImage, top: u32, w: u32, game: &Game, names: &[String], letters: &[char], lang: Locale, fits: &mut Fits) {
    let fonts = draw::fonts();
    let (wf, t) = (w as f32, top as f32);
    rect(img, 0.0, t, wf, height(game) as f32, pal::PANEL, 1.0);
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
        let y = t + HEAD_H as f32 + seat as f32 * ROW_H as f32;
        let (name, letter) = (name_of(names, seat, lang), letters.get(seat).copied().unwrap_or('?'));
        row(img, y, wf, game, seat, (&name, letter), acting.contains(&seat), lang, fits);
    }
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

#[allow(clippy::too_many_arguments)]
fn row(
    img: &mut RgbImage,
    y: f32,
    w: f32,
    game: &Game,
    seat: usize,
    (name, letter): (&str, char),
    acting: bool,
    lang: Locale,
    fits: &mut Fits,
) {
    let fonts = draw::fonts();
    let p = game.player(seat);
    let c = pal::PLAYERS[seat % pal::PLAYERS.len()];
    if acting {
        // Whoever the game waits for: a tinted row with a bar in their colour.
        rect(img, 0.0, y + 2.0, w, ROW_H as f32 - 4.0, [255, 250, 214], 1.0);
        rect(img, 0.0, y + 2.0, 8.0, ROW_H as f32 - 4.0, pal::OUTLINE, 1.0);
    }
    // The player's colour and letter, as on their pieces.
    let (bx, by, r) = (PAD + 30.0, y + ROW_H as f32 / 2.0, 28.0);
    let ol = pal::outline_of(c);
    fill_layers_exact(img, (bx - r - 3.0, by - r - 3.0, bx + r + 3.0, by + r + 3.0), &[(ol, 1.0, 3.0), (c, 1.0, 0.0)], |x, yy| {
        sd_circle(x, yy, bx, by, r)
    });
    draw::text_centered(img, &fonts.bold, 34.0, bx, by, pal::letter_on(c), &letter.to_string());
    let left = bx + r + 18.0;
    // Line 1: name, holder badges, points.
    let pts = tr!(lang, "sf-pic-points", n = game.public_points(seat));
    let pts_w = text_width(&fonts.bold, POINTS, &pts);
    right_text(img, &fonts.bold, POINTS, w - PAD, y + 8.0, pal::INK, &pts);
    let mut badges: Vec<String> = Vec::new();
    if game.longest_route_holder() == Some(seat) {
        badges.push(tr!(lang, "sf-pic-longest"));
    }
    if game.largest_army_holder() == Some(seat) {
        badges.push(tr!(lang, "sf-pic-largest"));
    }
    let badges_w: f32 = badges.iter().map(|b| text_width(&fonts.bold, BODY * 0.9, b) + 30.0).sum();
    let name_w = (w - PAD - pts_w - 16.0 - badges_w - left).max(60.0);
    // The badges follow the name (at least 60 px of it): they must end before the points.
    let badges_end = left + text_width(&fonts.bold, NAME, name).min(60.0) + 4.0 + badges_w;
    fits.check("badges", &badges.join(" + "), badges_end, w - PAD - pts_w);
    let shown = draw::ellipsized(&fonts.bold, NAME, name, name_w);
    let nw = text(img, &fonts.bold, NAME, left, y + 10.0, pal::INK, &shown);
    let mut bx = left + nw + 14.0;
    for b in &badges {
        let bw = text_width(&fonts.bold, BODY * 0.9, b) + 20.0;
        let (cx, cy, hw, hh) = (bx + bw / 2.0, y + 29.0, bw / 2.0, 17.0);
        fill_exact(img, (cx - hw, cy - hh, cx + hw, cy + hh), pal::GOLD, 1.0, |x, yy| sd_box(x, yy, cx, cy, hw, hh, 8.0));
        draw::text_centered(img, &fonts.bold, BODY * 0.9, cx, cy, pal::INK, b);
        bx += bw + 10.0;
    }
    // Line 2: counts; line 3: pieces left.
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
    let line2 = y + 52.0;
    let counts = parts.join(" · ");
    fits.check("counts", &counts, text_width(&fonts.regular, BODY, &counts), w - PAD - left);
    let counts = draw::ellipsized(&fonts.regular, BODY, &counts, w - PAD - left);
    text(img, &fonts.regular, BODY, left, line2, pal::INK, &counts);
    let line3 = y + 90.0;
    let lw = text(img, &fonts.regular, BODY, left, line3, pal::INK_SOFT, &tr!(lang, "sf-pic-left"));
    let mut x = left + lw + 16.0;
    for (kind, n) in
        [(Piece::Settlement, p.settlements_left), (Piece::City, p.cities_left), (Piece::Road, p.roads_left), (Piece::Ship, p.ships_left)]
    {
        piece_icon(img, kind, x + 16.0, line3 + 17.0, seat);
        x += 40.0 + text(img, &fonts.regular, BODY, x + 38.0, line3, pal::INK, &n.to_string()) + 18.0;
    }
    fits.check("pieces", "pieces left", x - 18.0, w - PAD);
}

#[derive(Clone, Copy)]
enum Piece {
    Settlement,
    City,
    Road,
    Ship,
}

/// A small piece in the player's colour, for the count of those left.
fn piece_icon(img: &mut RgbImage, kind: Piece, x: f32, y: f32, seat: usize) {
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
