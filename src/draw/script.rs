//! Right-to-left text for names: Arabic letters joined into their contextual forms and RTL runs
//! put in visual order, so that the text drawing (`text.rs`, which draws characters left to right, one glyph
//! each, with no shaping engine) writes "مريم" as it is read.
//!
//! This is deliberately small: Arabic joining through the presentation forms that the embedded
//! DejaVu Sans carries (basic letters, the Persian/Urdu extras, lam-alef ligatures), and a
//! simplified bidi pass: the paragraph is left to right (the bot's text is English, and a name
//! keeps its place in a sentence such as "مريم to place the tile"); strong letters set a run's
//! direction, neutrals between two runs of the same direction join them, otherwise they go
//! left to right; digits stay left to right. Names are short, so this covers what players
//! write; it is not the full Unicode bidi algorithm.

use std::borrow::Cow;

/// The text as it should be drawn left to right. Text without RTL characters is returned as is.
pub fn visual(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_rtl) {
        return Cow::Borrowed(text);
    }
    let shaped = shape_arabic(text);
    Cow::Owned(reorder(&shaped))
}

fn is_rtl(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    L,
    R,
    Neutral,
}

fn direction(c: char) -> Dir {
    if is_rtl(c) && !is_arabic_digit(c) {
        Dir::R
    } else if c.is_alphanumeric() || is_arabic_digit(c) {
        // Digits (Arabic-Indic too) read left to right inside RTL text.
        Dir::L
    } else {
        Dir::Neutral
    }
}

fn is_arabic_digit(c: char) -> bool {
    matches!(c as u32, 0x0660..=0x0669 | 0x06F0..=0x06F9)
}

/// Visual order in a left-to-right paragraph: runs of the same resolved direction, each RTL
/// run reversed.
fn reorder(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let dirs: Vec<Dir> = chars.iter().map(|&c| direction(c)).collect();
    let base = Dir::L;
    // Resolve neutrals: between two strong characters of the same direction they take it,
    // otherwise the paragraph's direction.
    let mut resolved = dirs.clone();
    for i in 0..chars.len() {
        if dirs[i] != Dir::Neutral {
            continue;
        }
        let before = dirs[..i].iter().rev().copied().find(|&d| d != Dir::Neutral);
        let after = dirs[i + 1..].iter().copied().find(|&d| d != Dir::Neutral);
        resolved[i] = match (before, after) {
            (Some(a), Some(b)) if a == b => a,
            _ => base,
        };
    }
    let mut runs: Vec<(Dir, Vec<char>)> = Vec::new();
    for (c, d) in chars.into_iter().zip(resolved) {
        match runs.last_mut() {
            Some((rd, run)) if *rd == d => run.push(c),
            _ => runs.push((d, vec![c])),
        }
    }
    for (d, run) in &mut runs {
        if *d == Dir::R {
            run.reverse();
            for c in run.iter_mut() {
                *c = mirrored(*c);
            }
        }
    }
    runs.into_iter().flat_map(|(_, run)| run).collect()
}

fn mirrored(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        c => c,
    }
}

/// How a letter joins its neighbours (Unicode's joining types, for the letters we shape).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Joining {
    /// Joins on both sides (beh, seen, lam…): four forms.
    Dual,
    /// Joins only to the letter before it (alef, dal, reh, waw…): two forms.
    Right,
    /// Tatweel: joins both sides, has no forms of its own.
    Causing,
    /// Marks (harakat): skipped when looking for neighbours.
    Transparent,
    None,
}

/// Presentation forms of a letter: (isolated, final, initial, medial); initial and medial are 0
/// for right-joining letters.
fn forms(c: char) -> Option<(u32, u32, u32, u32)> {
    let c = c as u32;
    // Letters U+0621..=U+064A map to runs of U+FE80..; the table gives each letter's first form
    // and whether it has four forms (dual) or two (right) or one (hamza).
    const BASIC: [(u32, u32, u8); 36] = [
        (0x0621, 0xFE80, 1),
        (0x0622, 0xFE81, 2),
        (0x0623, 0xFE83, 2),
        (0x0624, 0xFE85, 2),
        (0x0625, 0xFE87, 2),
        (0x0626, 0xFE89, 4),
        (0x0627, 0xFE8D, 2),
        (0x0628, 0xFE8F, 4),
        (0x0629, 0xFE93, 2),
        (0x062A, 0xFE95, 4),
        (0x062B, 0xFE99, 4),
        (0x062C, 0xFE9D, 4),
        (0x062D, 0xFEA1, 4),
        (0x062E, 0xFEA5, 4),
        (0x062F, 0xFEA9, 2),
        (0x0630, 0xFEAB, 2),
        (0x0631, 0xFEAD, 2),
        (0x0632, 0xFEAF, 2),
        (0x0633, 0xFEB1, 4),
        (0x0634, 0xFEB5, 4),
        (0x0635, 0xFEB9, 4),
        (0x0636, 0xFEBD, 4),
        (0x0637, 0xFEC1, 4),
        (0x0638, 0xFEC5, 4),
        (0x0639, 0xFEC9, 4),
        (0x063A, 0xFECD, 4),
        (0x0641, 0xFED1, 4),
        (0x0642, 0xFED5, 4),
        (0x0643, 0xFED9, 4),
        (0x0644, 0xFEDD, 4),
        (0x0645, 0xFEE1, 4),
        (0x0646, 0xFEE5, 4),
        (0x0647, 0xFEE9, 4),
        (0x0648, 0xFEED, 2),
        (0x0649, 0xFEEF, 2),
        (0x064A, 0xFEF1, 4),
    ];
    // Persian and Urdu letters in Presentation Forms-A.
    const EXTRA: [(u32, u32, u8); 7] = [
        (0x067E, 0xFB56, 4), // peh
        (0x0686, 0xFB7A, 4), // tcheh
        (0x0698, 0xFB8A, 2), // jeh
        (0x06A9, 0xFB8E, 4), // keheh
        (0x06AF, 0xFB92, 4), // gaf
        (0x06CC, 0xFBFC, 4), // farsi yeh
        (0x06BE, 0xFBAA, 4), // heh doachashmee
    ];
    let &(_, first, n) = BASIC.iter().chain(EXTRA.iter()).find(|e| e.0 == c)?;
    Some(match n {
        1 => (first, first, 0, 0),
        2 => (first, first + 1, 0, 0),
        _ => (first, first + 1, first + 2, first + 3),
    })
}

fn joining(c: char) -> Joining {
    match c as u32 {
        0x0640 => Joining::Causing,
        0x064B..=0x065F | 0x0670 | 0x06D6..=0x06ED => Joining::Transparent,
        0x0621 => Joining::None,
        _ => match forms(c) {
            Some((_, _, 0, _)) => Joining::Right,
            Some(_) => Joining::Dual,
            None => Joining::None,
        },
    }
}

/// Replaces Arabic letters (in logical order) with their contextual presentation forms.
fn shape_arabic(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let joins_next = |j: Joining| matches!(j, Joining::Dual | Joining::Causing);
    let joins_prev = |j: Joining| matches!(j, Joining::Dual | Joining::Right | Joining::Causing);
    let neighbour = |from: usize, step: isize| -> Option<usize> {
        let mut i = from as isize + step;
        while i >= 0 && (i as usize) < chars.len() {
            if joining(chars[i as usize]) != Joining::Transparent {
                return Some(i as usize);
            }
            i += step;
        }
        None
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let j = joining(c);
        if !matches!(j, Joining::Dual | Joining::Right) {
            out.push(c);
            i += 1;
            continue;
        }
        let prev_joins = neighbour(i, -1).is_some_and(|p| joins_next(joining(chars[p])));
        // Lam followed by an alef: one ligature (isolated or final).
        let next = neighbour(i, 1);
        if c == '\u{0644}' {
            let lig = next.and_then(|n| match chars[n] {
                '\u{0622}' => Some((n, 0xFEF5)),
                '\u{0623}' => Some((n, 0xFEF7)),
                '\u{0625}' => Some((n, 0xFEF9)),
                '\u{0627}' => Some((n, 0xFEFB)),
                _ => None,
            });
            if let Some((n, base)) = lig {
                out.push(char::from_u32(base + prev_joins as u32).expect("a presentation form"));
                // Keep any marks between the lam and the alef.
                out.extend(&chars[i + 1..n]);
                i = n + 1;
                continue;
            }
        }
        let next_joins = j == Joining::Dual && next.is_some_and(|n| joins_prev(joining(chars[n])));
        let (iso, fin, ini, med) = forms(c).expect("joining letters have forms");
        let form = match (prev_joins, next_joins) {
            (true, true) => med,
            (true, false) => fin,
            (false, true) => ini,
            (false, false) => iso,
        };
        out.push(char::from_u32(form).expect("a presentation form"));
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_text_is_untouched() {
        assert!(matches!(visual("Ana & Bo (2)"), Cow::Borrowed(_)));
    }

    #[test]
    fn arabic_letters_join_and_read_right_to_left() {
        // مريم: meem (initial) reh (final) yeh (initial) meem (final), drawn right to left.
        let v = visual("مريم");
        assert_eq!(v, "\u{FEE2}\u{FEF3}\u{FEAE}\u{FEE3}");
        // Lam + alef is one ligature; a lone letter is isolated.
        assert_eq!(visual("لا"), "\u{FEFB}");
        assert_eq!(visual("ب"), "\u{FE8F}");
    }

    #[test]
    fn mixed_text_keeps_latin_and_digits_in_reading_order() {
        // An RTL name in an English line keeps its place; the number stays "12".
        assert_eq!(visual("مريم 12"), "\u{FEE2}\u{FEF3}\u{FEAE}\u{FEE3} 12");
        assert_eq!(visual("مريم to play"), "\u{FEE2}\u{FEF3}\u{FEAE}\u{FEE3} to play");
        // Two RTL words stay in reading order, right to left.
        assert_eq!(visual("لا مريم"), "\u{FEE2}\u{FEF3}\u{FEAE}\u{FEE3} \u{FEFB}");
        // A Latin name with an Arabic word at its end.
        assert_eq!(visual("Bo مريم"), "Bo \u{FEE2}\u{FEF3}\u{FEAE}\u{FEE3}");
        // Hebrew is reversed, not shaped.
        assert_eq!(visual("שלום"), "םולש");
    }
}
