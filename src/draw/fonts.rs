//! The embedded faces: DejaVu Sans regular and bold, and the fallbacks for the characters
//! DejaVu lacks (CJK and Hangul, emoji and symbols, Thai). Embedded so a picture never depends
//! on the fonts of the machine it is drawn on.

use ab_glyph::{Font, FontRef};
use std::sync::OnceLock;

pub(super) static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
/// Fallback faces, tried in this order for a character DejaVu lacks (licences beside them in
/// `assets/fonts/`).
static FALLBACK_TTF: [(&str, &[u8]); 3] = [
    ("DroidSansFallback.ttf", include_bytes!("../../assets/fonts/DroidSansFallback.ttf")),
    ("Symbola-emoji.ttf", include_bytes!("../../assets/fonts/Symbola-emoji.ttf")),
    ("NotoSansThai-Regular.ttf", include_bytes!("../../assets/fonts/NotoSansThai-Regular.ttf")),
];

/// The embedded faces: DejaVu Sans regular and bold (licence in
/// `assets/fonts/LICENSE-DejaVu.txt`), and the fallbacks.
pub struct Fonts {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
    pub(super) fallbacks: Vec<FontRef<'static>>,
    /// Per fallback: the factor that gives it DejaVu's em size at the same `PxScale`.
    pub(super) fallback_scale: Vec<f32>,
}

impl Fonts {
    /// Face `i`: 0 regular, 1 bold, then the fallbacks.
    pub(super) fn face(&self, i: u8) -> &FontRef<'static> {
        match i {
            0 => &self.regular,
            1 => &self.bold,
            n => &self.fallbacks[n as usize - 2],
        }
    }

    /// The index [`Fonts::face`] gives `font` (one of the two DejaVu faces).
    pub(super) fn index_of(&self, font: &FontRef<'static>) -> u8 {
        if std::ptr::eq(font, &self.bold) { 1 } else { 0 }
    }

    /// Whether some embedded face (DejaVu or a fallback) has a glyph for `c`.
    #[cfg(test)]
    pub fn covers(&self, c: char) -> bool {
        self.regular.glyph_id(c).0 != 0 || self.fallbacks.iter().any(|f| f.glyph_id(c).0 != 0)
    }
}

/// The faces, loaded once per process.
pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let regular = FontRef::try_from_slice(REGULAR_TTF).expect("embedded DejaVuSans.ttf is a valid font");
        let em = |f: &FontRef<'static>| f.height_unscaled() / f.units_per_em().unwrap_or(1000.0);
        let fallbacks: Vec<FontRef<'static>> = FALLBACK_TTF
            .iter()
            .map(|(name, bytes)| FontRef::try_from_slice(bytes).unwrap_or_else(|_| panic!("embedded {name} is a valid font")))
            .collect();
        let fallback_scale = fallbacks.iter().map(|f| em(f) / em(&regular)).collect();
        Fonts {
            bold: FontRef::try_from_slice(BOLD_TTF).expect("embedded DejaVuSans-Bold.ttf is a valid font"),
            regular,
            fallbacks,
            fallback_scale,
        }
    })
}
