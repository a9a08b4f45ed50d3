//! A line chart of values over time (a game's points over its turns), drawn by `plotters` into
//! an RGB picture: axes, grid and lines from the crate; each line named at its end by the kit's
//! own text (any script, the same faces as the board), since a line told apart by colour alone
//! is lost to a colour-blind reader.

use super::surface::Rgb8;
use super::{fill_outlined, fonts, sd_circle, text, text_width};
use image::RgbImage;
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};
use std::sync::Once;

/// One line: its colour, the short mark drawn at its end (a player's letter), the name written
/// beside it, and its points (x, y), x increasing.
pub struct Line {
    pub colour: Rgb8,
    pub mark: String,
    pub name: String,
    pub points: Vec<(u32, i64)>,
}

/// What frames the lines.
pub struct Frame<'a> {
    pub background: Rgb8,
    pub ink: Rgb8,
    pub grid: Rgb8,
    pub x_label: &'a str,
    pub y_label: &'a str,
    /// The size of the axes' text, in pixels; the names at the lines' ends are a little larger.
    pub text_px: f32,
}

/// The family plotters' text is set in: DejaVu Sans, as everywhere else in the pictures.
const FAMILY: &str = "sans-serif";

fn register_faces() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The embedded face is a valid font (the kit's own tests load it), so this cannot fail.
        let _ = register_font(FAMILY, FontStyle::Normal, super::fonts::REGULAR_TTF);
    });
}

/// The chart, `w`×`h` pixels. Lines with no points are left out; an empty chart is its frame.
pub fn line_chart(w: u32, h: u32, lines: &[Line], frame: &Frame) -> RgbImage {
    register_faces();
    let mut raw = vec![0u8; (w * h * 3) as usize];
    let unit = frame.text_px;
    let name_px = unit * 1.1;
    // Room on the right for the names at the lines' ends (the longest, within a third of the width).
    let bold = &fonts().bold;
    let names: Vec<String> = lines.iter().map(|l| super::ellipsized(bold, name_px, &l.name, w as f32 / 3.0)).collect();
    let name_room = names.iter().map(|n| text_width(bold, name_px, n)).fold(0.0f32, f32::max) + 2.8 * name_px;
    let last_x = lines.iter().flat_map(|l| l.points.iter().map(|p| p.0)).max().unwrap_or(1).max(1);
    let top_y = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1)).max().unwrap_or(1).max(1);
    let low_y = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1)).min().unwrap_or(0).min(0);
    // Each line's end, in pixels, for its name.
    let mut ends: Vec<(usize, f32, f32)> = Vec::new();
    {
        let root = BitMapBackend::with_buffer(&mut raw, (w, h)).into_drawing_area();
        let colour = |c: Rgb8| RGBColor(c[0], c[1], c[2]);
        let drawn = (|| -> Result<(), Box<dyn std::error::Error + '_>> {
            root.fill(&colour(frame.background))?;
            let style = (FAMILY, unit).into_font().color(&colour(frame.ink));
            let mut chart = ChartBuilder::on(&root)
                .margin_top((unit * 0.8) as u32)
                .margin_left((unit * 0.4) as u32)
                .margin_right(name_room as u32)
                .margin_bottom((unit * 0.4) as u32)
                .x_label_area_size((unit * 2.6) as u32)
                .y_label_area_size((unit * 3.0) as u32)
                .build_cartesian_2d(0u32..last_x, low_y..top_y + (top_y / 12).max(1))?;
            chart
                .configure_mesh()
                .light_line_style(colour(frame.background))
                .bold_line_style(colour(frame.grid).stroke_width(1))
                .axis_style(colour(frame.ink).stroke_width(2))
                .x_labels(8)
                .y_labels(6)
                .x_desc(frame.x_label)
                .y_desc(frame.y_label)
                .label_style(style.clone())
                .axis_desc_style(style)
                .draw()?;
            let width = (unit / 5.0).max(3.0) as u32;
            for line in lines.iter().filter(|l| !l.points.is_empty()) {
                // A dark casing under each line: a white or yellow player stays visible.
                let casing = colour(frame.ink).stroke_width(width + 4);
                chart.draw_series(LineSeries::new(line.points.iter().copied(), casing))?;
                chart.draw_series(LineSeries::new(line.points.iter().copied(), colour(line.colour).stroke_width(width)))?;
            }
            for (i, line) in lines.iter().enumerate() {
                if let Some(&end) = line.points.last() {
                    let (x, y) = chart.backend_coord(&end);
                    ends.push((i, x as f32, y as f32));
                }
            }
            root.present()?;
            Ok(())
        })();
        if let Err(e) = drawn {
            tracing::warn!("a chart could not be drawn: {e}");
        }
    }
    let mut img = RgbImage::from_raw(w, h, raw).expect("buffer of the right size");
    // The names, stacked so that no two overlap where lines end together (same points).
    ends.sort_by(|a, b| a.2.total_cmp(&b.2));
    let label_y = stacked(&ends.iter().map(|e| e.2).collect::<Vec<_>>(), name_px * 1.25, h as f32 - name_px);
    let r = name_px * 0.62;
    for (&(i, x, y), &ly) in ends.iter().zip(&label_y) {
        let line = &lines[i];
        // The mark beside the line's end, level with its name in the stack, joined to the end
        // by a thin line when the stack moved it.
        let (cx, cy) = (x + r + name_px * 0.4, ly);
        if (cy - y).abs() > 1.0 {
            super::fill_capsule(&mut img, (x, y), (cx, cy), 1.5, frame.ink, 1.0);
        }
        fill_outlined(&mut img, (cx - r - 2.0, cy - r - 2.0, cx + r + 2.0, cy + r + 2.0), line.colour, frame.ink, 2.0, |px, py| {
            sd_circle(px, py, cx, cy, r)
        });
        let on = if super::luminance(line.colour) > 0.55 { frame.ink } else { [255, 255, 255] };
        super::text_centered(&mut img, bold, name_px * 0.8, cx, cy, on, &line.mark);
        text(&mut img, bold, name_px, cx + r + name_px * 0.4, ly - super::cap_middle(name_px), frame.ink, &names[i]);
    }
    img
}

/// Label heights for lines ending at heights `ys` (ascending): each at its line's end, pushed
/// down to keep `gap` from the one above, and the whole stack moved up if it would pass `bottom`.
fn stacked(ys: &[f32], gap: f32, bottom: f32) -> Vec<f32> {
    let mut out: Vec<f32> = Vec::with_capacity(ys.len());
    for &y in ys {
        let y = out.last().map_or(y, |&above| y.max(above + gap));
        out.push(y);
    }
    if let Some(&last) = out.last()
        && last > bottom
    {
        let over = last - bottom;
        out.iter_mut().for_each(|y| *y -= over);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> Frame<'static> {
        Frame { background: [250, 248, 240], ink: [34, 38, 46], grid: [214, 204, 180], x_label: "turn", y_label: "points", text_px: 24.0 }
    }

    #[test]
    fn each_line_is_drawn_in_its_colour() {
        let lines = vec![
            Line { colour: [213, 94, 0], mark: "A".into(), name: "Ana".into(), points: vec![(0, 0), (5, 3), (10, 9)] },
            Line { colour: [0, 114, 178], mark: "B".into(), name: "Kai".into(), points: vec![(0, 0), (5, 6), (10, 7)] },
        ];
        let img = line_chart(800, 400, &lines, &frame());
        assert_eq!(img.dimensions(), (800, 400));
        let count = |c: Rgb8| img.pixels().filter(|p| p.0 == c).count();
        assert!(count([213, 94, 0]) > 200, "the first line is drawn");
        assert!(count([0, 114, 178]) > 200, "the second line is drawn");
        assert!(count([34, 38, 46]) > 500, "axes, casings and names are drawn");
    }

    #[test]
    fn an_empty_chart_is_its_frame() {
        let img = line_chart(300, 200, &[], &frame());
        assert_eq!(img.dimensions(), (300, 200));
    }

    #[test]
    fn names_of_lines_ending_together_are_stacked_apart() {
        assert_eq!(stacked(&[100.0, 100.0, 100.0], 30.0, 500.0), vec![100.0, 130.0, 160.0]);
        assert_eq!(stacked(&[50.0, 200.0], 30.0, 500.0), vec![50.0, 200.0], "apart already: at their lines");
        assert_eq!(stacked(&[490.0, 490.0], 30.0, 500.0), vec![470.0, 500.0], "moved up to stay in the picture");
    }
}
