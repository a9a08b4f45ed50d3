//! The game-over picture, the same for every game: who won, each player's points over the
//! turns (a chart, every line named at its end), the game's own figures side by side, and the
//! final board below. A game's room gathers the figures ([`Rules::recap`]); this draws them.
//!
//! Sized so that its smallest text stays readable at a phone's 400 px: every size is a fixed
//! fraction of the picture's width ([`RecapLayout::text_px`]).

use super::Drawing;
use super::contract::{Played, Recap, Rules, SeatOutcome};
use crate::common::{Image, Table};
use crate::draw::{self, Rgb8, chart};
use crate::i18n::Locale;
use crate::tr;
use image::RgbImage;

/// The game-over picture's drawing for a finished game whose board `board` draws: the board
/// framed by the recap. Falls back to the board alone if the recap cannot be gathered (a log
/// this version no longer reads is said elsewhere; the board is still worth showing).
pub(crate) fn drawing<G: Rules>(played: &Played<G>, table: &Table, board: Drawing) -> Drawing {
    let (log, table) = (played.log.clone(), table.clone());
    Box::new(move || {
        let images = board();
        let outcome = match G::outcome(&table, &log) {
            Ok(Some(outcome)) => outcome,
            Ok(None) => return images,
            Err(e) => {
                tracing::warn!(game = table.record.id, "no outcome: {e}");
                return images;
            }
        };
        let language = table.record.language;
        let recap = match G::recap(&table, &log, language) {
            Ok(recap) => recap,
            Err(e) => {
                tracing::warn!(game = table.record.id, "no recap: {e}");
                return images;
            }
        };
        let Some(first) = images.first() else { return images };
        let board = match image::load_from_memory_with_format(&first.png, image::ImageFormat::Png) {
            Ok(board) => board.to_rgb8(),
            Err(e) => {
                tracing::warn!(game = table.record.id, "the board picture does not read back: {e}");
                return images;
            }
        };
        let names: Vec<String> = table.seats.iter().map(|s| s.name.clone()).collect();
        let png = draw::encode_png(&picture(&board, &recap, &names, &outcome, language));
        vec![Image { name: "recap.png".into(), png }]
    })
}

const BACKGROUND: Rgb8 = [246, 242, 232];
const CARD: Rgb8 = [255, 253, 248];
const INK: Rgb8 = [34, 38, 46];
const INK_SOFT: Rgb8 = [96, 100, 110];
const GRID: Rgb8 = [214, 204, 180];

/// The picture's measures, all from its width.
struct RecapLayout {
    width: u32,
}

impl RecapLayout {
    /// The narrowest recap: a phone shows it at 400 px, where its smallest text is 9.6 px.
    const MIN_WIDTH: u32 = 1000;

    fn of(board: &RgbImage) -> RecapLayout {
        RecapLayout { width: board.width().max(Self::MIN_WIDTH) }
    }

    /// The body text's size: 2.4% of the width, so 9.6 px at 400 px whatever the board.
    fn text_px(&self) -> f32 {
        self.width as f32 * 0.024
    }
}

/// The recap around `board`, in `l`.
pub fn picture(board: &RgbImage, recap: &Recap, names: &[String], outcome: &[SeatOutcome], l: Locale) -> RgbImage {
    let layout = RecapLayout::of(board);
    let (w, t) = (layout.width, layout.text_px());
    let (regular, bold) = (&draw::fonts().regular, &draw::fonts().bold);
    let pad = t;
    let row = t * 1.7;
    // The seats in their final order, the winner first.
    let mut order: Vec<usize> = (0..outcome.len()).collect();
    order.sort_by_key(|&s| (outcome[s].place, s));
    let title_h = t * 3.2;
    let table_h = row * (2.0 + recap.figures.len() as f32) + pad;
    let chart_h = (w as f32 * 0.5).round();
    let note_h = if recap.note.is_some() { row } else { 0.0 };
    let top = (title_h + table_h + chart_h + note_h + pad).ceil() as u32;
    let mut img = draw::solid(w, top + board.height(), BACKGROUND);

    // Who won, in words: the one line a phone's preview shows.
    let winners: Vec<&str> = order.iter().filter(|&&s| outcome[s].place == 1).map(|&s| names[s].as_str()).collect();
    let best = order.first().map_or(0, |&s| outcome[s].score);
    let title = match winners.as_slice() {
        [one] => tr!(l, "recap-wins", name = *one, points = best),
        many => tr!(l, "recap-share", names = many.join(" · "), points = best),
    };
    let title = draw::ellipsized(bold, t * 1.6, &title, w as f32 - 2.0 * pad);
    draw::text(&mut img, bold, t * 1.6, pad, t * 0.9, INK, &title);

    // The figures: a column per seat in final order, a row per figure, points first.
    let y0 = title_h;
    draw::rect(&mut img, pad * 0.5, y0, w as f32 - pad, table_h - pad * 0.5, CARD, 1.0);
    let name_col = w as f32 * 0.34;
    let col_w = (w as f32 - name_col - pad) / order.len().max(1) as f32;
    let disc = t * 0.62;
    for (k, &s) in order.iter().enumerate() {
        let x = name_col + col_w * k as f32;
        let (cx, cy) = (x + disc + 4.0, y0 + row * 0.5 + 4.0);
        let colour = recap.colours.get(s).copied().unwrap_or(INK_SOFT);
        draw::fill_outlined(&mut img, (cx - disc - 2.0, cy - disc - 2.0, cx + disc + 2.0, cy + disc + 2.0), colour, INK, 2.0, |px, py| {
            draw::sd_circle(px, py, cx, cy, disc)
        });
        let on = if draw::luminance(colour) > 0.55 { INK } else { [255, 255, 255] };
        let letter = recap.letters.get(s).map(|c| c.to_string()).unwrap_or_default();
        draw::text_centered(&mut img, bold, t * 0.8, cx, cy, on, &letter);
        let name = draw::ellipsized(bold, t, &names[s], col_w - 2.0 * disc - t * 0.6);
        draw::text(&mut img, bold, t, cx + disc + t * 0.3, cy - draw::cap_middle(t), INK, &name);
    }
    let mut rows: Vec<(String, Vec<String>)> = vec![(tr!(l, "recap-points"), outcome.iter().map(|o| o.score.to_string()).collect())];
    rows.extend(recap.figures.iter().map(|f| (f.name.clone(), f.values.clone())));
    for (r, (name, values)) in rows.iter().enumerate() {
        let y = y0 + row * (1.0 + r as f32) + row * 0.5;
        if r % 2 == 0 {
            draw::rect(&mut img, pad * 0.5, y - row * 0.5, w as f32 - pad, row, [244, 238, 224], 1.0);
        }
        let font = if r == 0 { bold } else { regular };
        let label = draw::ellipsized(font, t, name, name_col - pad * 1.5);
        draw::text(&mut img, font, t, pad, y - draw::cap_middle(t), INK, &label);
        for (k, &s) in order.iter().enumerate() {
            let value = values.get(s).map_or("", String::as_str);
            let x = name_col + col_w * k as f32 + disc + 4.0;
            draw::text_centered(&mut img, font, t, x, y, INK, value);
        }
    }

    // The points over the turns, every line named at its end.
    let lines: Vec<chart::Line> = (0..names.len())
        .map(|s| chart::Line {
            colour: recap.colours.get(s).copied().unwrap_or(INK_SOFT),
            mark: recap.letters.get(s).map(|c| c.to_string()).unwrap_or_default(),
            name: names[s].clone(),
            points: recap.points.iter().map(|(turn, p)| (*turn, p.get(s).copied().unwrap_or(0))).collect(),
        })
        .collect();
    let (x_label, y_label) = (tr!(l, "recap-turn"), tr!(l, "recap-points"));
    let frame = chart::Frame { background: CARD, ink: INK, grid: GRID, x_label: &x_label, y_label: &y_label, text_px: t };
    let plot = chart::line_chart(w - pad as u32, chart_h as u32, &lines, &frame);
    let chart_y = (title_h + table_h) as i32;
    draw::blit_rgb(&mut img, &plot, (pad * 0.5) as i32, chart_y);
    if let Some(note) = &recap.note {
        let note = draw::ellipsized(regular, t, note, w as f32 - 2.0 * pad);
        draw::text(&mut img, regular, t, pad, chart_y as f32 + chart_h + row * 0.2, INK_SOFT, &note);
    }

    // The final board, centred below.
    draw::blit_rgb(&mut img, board, ((w - board.width()) / 2) as i32, top as i32);
    img
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::contract::Figure;

    fn outcome(scores: &[i64]) -> Vec<SeatOutcome> {
        let places = crate::games::contract::places(scores, None);
        scores.iter().zip(places).map(|(&score, place)| SeatOutcome { score, place, figures: Vec::new(), tallies: Vec::new() }).collect()
    }

    fn recap() -> Recap {
        let mut r = Recap {
            colours: vec![[213, 94, 0], [0, 114, 178], [255, 255, 255]],
            letters: vec!['A', 'B', 'C'],
            figures: vec![Figure { name: "Ships delivered".into(), values: vec!["3".into(), "1".into(), "0".into()] }],
            ..Recap::default()
        };
        for turn in 0..=30 {
            r.record(turn, vec![i64::from(turn), i64::from(turn / 2), i64::from(turn / 3)]);
        }
        r
    }

    #[test]
    fn the_last_step_of_a_turn_stands_for_it() {
        let mut r = Recap::default();
        r.record(0, vec![0, 0]);
        r.record(1, vec![2, 0]);
        r.record(1, vec![3, 0]);
        r.record(2, vec![3, 4]);
        assert_eq!(r.points, vec![(0, vec![0, 0]), (1, vec![3, 0]), (2, vec![3, 4])]);
    }

    #[test]
    fn the_recap_frames_the_board_at_least_as_wide_as_a_phone_reads() {
        let board = draw::solid(700, 900, [62, 146, 204]);
        let names = ["Ana".to_string(), "Kai".to_string(), "Lea".to_string()];
        let img = picture(&board, &recap(), &names, &outcome(&[30, 15, 10]), Locale::En);
        assert_eq!(img.width(), RecapLayout::MIN_WIDTH, "a narrow board is centred in a readable width");
        assert!(img.height() > board.height() + 500, "the recap sits above the board");
        // The board is below, whole and centred.
        let (x0, y0) = ((img.width() - 700) / 2, img.height() - 900);
        assert_eq!(img.get_pixel(x0 + 10, y0 + 10).0, [62, 146, 204]);
        assert_eq!(img.get_pixel(x0 + 690, img.height() - 1).0, [62, 146, 204]);
        // Every seat's colour is drawn (its disc and its line).
        for c in &recap().colours[..2] {
            assert!(img.pixels().filter(|p| p.0 == *c).count() > 300, "{c:?} is drawn");
        }
    }

    #[test]
    fn the_recaps_smallest_text_is_readable_at_a_phones_400_px() {
        for board_width in [300, 1000, 1800, 2600] {
            let layout = RecapLayout { width: board_width.max(RecapLayout::MIN_WIDTH) };
            let at_400 = layout.text_px() * 400.0 / layout.width as f32;
            // The letters on the discs are the smallest text: 0.8 of the body text.
            assert!(at_400 * 0.8 >= 7.6 && at_400 >= 9.0, "{board_width}: body {at_400:.1} px at 400 px");
        }
    }

    /// Writes the recap examples in `docs/` (full size and 400 px wide), both games:
    /// `DOCS_OUT=docs cargo test --release --lib write_recap_examples -- --ignored`.
    #[test]
    #[ignore = "writes the example pictures of docs/ (DOCS_OUT=docs)"]
    fn write_recap_examples() {
        use crate::games::contract::Played;
        use crate::games::seafarers::Seafarers;
        use crate::games::southseas::SouthSeas;
        use crate::games::{Listed, Pictures, State};
        let dir = std::path::PathBuf::from(std::env::var("DOCS_OUT").unwrap_or_else(|_| "/tmp".into()));
        let write = |name: &str, state: State, table: &Table| {
            let draw = Pictures::all().drawing(&state, table, crate::common::Picture::Turn).expect("a drawing");
            let png = &draw()[0].png;
            let img = image::load_from_memory(png).unwrap().to_rgb8();
            std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
            std::fs::write(dir.join(format!("{name}-400px.png")), draw::encode_png(&crate::cli::render::scaled(&img, 400))).unwrap();
            eprintln!("{name}: {}x{} px, {} bytes", img.width(), img.height(), png.len());
        };
        let (table, log, game) = crate::games::southseas::recap::tests::finished_game(4, 9);
        write("recap-southseas", SouthSeas::wrap(Played { game, log }), &table);

        let (table, log, game) = crate::games::seafarers::recap::tests::finished_game("four-islands", 3, 5, Locale::Fr);
        write("recap-seafarers-fr", Seafarers::wrap(Played { game, log }), &table);
    }
}
