//! Placeholder until the hex board renderer lands (same interface).

use seafarers_engine::{Edge, Game, Hex, Vertex};

/// Where a lettered choice of this turn lies on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpotAt {
    Vertex(Vertex),
    Edge(Edge),
    Hex(Hex),
}

/// A legal choice of this turn, drawn as its label on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub label: String,
    pub at: SpotAt,
}

/// What to draw beside the game itself.
#[derive(Clone, Debug, Default)]
pub struct BoardView {
    pub names: Vec<String>,
    pub spots: Vec<Spot>,
}

pub fn phone_png(_game: &Game, _view: &BoardView) -> Vec<u8> {
    Vec::new()
}

pub fn full_board_png(_game: &Game, _view: &BoardView) -> Vec<u8> {
    Vec::new()
}

pub fn letters(names: &[String]) -> Vec<char> {
    let mut used = Vec::new();
    for name in names {
        let initial = name.chars().find(|c| c.is_alphabetic()).map(|c| c.to_ascii_uppercase()).filter(|c| c.is_ascii_uppercase());
        let letter = initial.filter(|c| !used.contains(c)).unwrap_or_else(|| ('A'..='Z').find(|c| !used.contains(c)).unwrap_or('?'));
        used.push(letter);
    }
    used
}

pub fn colour_name(seat: usize) -> &'static str {
    ["orange", "sky blue", "bluish green", "vermilion"].get(seat).copied().unwrap_or("grey")
}
