//! What every Seafarers drawing file shares and none draws: the lettered spots of a turn, the
//! smallest size a piece is drawn at, and each seat's letter and colour name.

use super::palette;

/// Where a lettered choice of this turn lies on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpotAt {
    Vertex(seafarers_engine::Vertex),
    Edge(seafarers_engine::Edge),
    Hex(seafarers_engine::Hex),
}

/// A legal choice of this turn, drawn as its label (1–3 chars, e.g. "A", "AB") on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub label: String,
    pub at: SpotAt,
}

/// The smallest piece size: spot labels, numbers and piece letters are 12 px tall at 400 px
/// wide: text is `0.8·u` px, and DejaVu's capitals are 0.626 of a text size (`ab_glyph`
/// sizes are ascent + descent, 1.164 em; capitals are 0.729 em): 25 px of 800.
pub const MIN_PIECE_PX: f32 = 50.0;

/// Each seat's letter: the player's own initial where free, else another free letter
/// (deterministic): the name's next letters, then the seat colour's letter (R, B, W, K),
/// then A–Z ([`crate::common::letters::seat_letters`], shared with South Seas).
pub fn letters(names: &[String]) -> Vec<char> {
    crate::common::letters::seat_letters(names, &palette::COLOUR_LETTERS)
}

/// Each seat's colour (RGB), for texts that describe it.
pub fn colour_name(seat: usize) -> &'static str {
    palette::PLAYER_NAMES[seat % palette::PLAYER_NAMES.len()]
}
