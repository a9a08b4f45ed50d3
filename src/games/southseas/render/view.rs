//! What a South Seas picture shows besides the game state: the view asked for (names, the
//! turn's highlights, the spots), each seat's name, letter and colour, and the spots where the
//! drawn tile fits. Every drawing file reads it; it draws nothing.

use super::palette;
use crate::draw;
use crate::i18n::Locale;
use southseas_engine::{COLOURS, Game, Rotation};

/// What to show besides the game state.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// Player names in seat order; missing names default to the seat's colour.
    pub names: Vec<String>,
    /// Highlight every tile placed on this turn or later (the last tile is always highlighted).
    pub since_turn: Option<u32>,
    /// Show the open spots where the drawn tile fits, labelled as the commands accept them.
    pub show_spots: bool,
    /// The language of the picture's words (the game's).
    pub locale: Locale,
}

impl Default for BoardView {
    fn default() -> BoardView {
        BoardView { names: Vec::new(), since_turn: None, show_spots: true, locale: Locale::En }
    }
}

/// Names, letters and colours of the seats, and the language the picture speaks.
pub struct Players {
    names: Vec<String>,
    letters: Vec<String>,
    pub(crate) locale: Locale,
}

impl Players {
    pub fn new(game: &Game, names: &[String]) -> Players {
        let given: Vec<Option<String>> =
            (0..game.player_count()).map(|seat| names.get(seat).map(|n| n.trim().to_string()).filter(|n| !n.is_empty())).collect();
        let names: Vec<String> =
            given.iter().enumerate().map(|(seat, n)| n.clone().unwrap_or_else(|| capitalised(COLOURS[seat]))).collect();
        // Each player's letter: their initial where free, then the name's next letters, the
        // colour's usual letter (K for black), A–Z. Unnamed seats wear their colour's letter.
        let given: Vec<String> = given.into_iter().map(Option::unwrap_or_default).collect();
        let letters = crate::common::letters::seat_letters(&given, &palette::COLOUR_LETTERS).into_iter().map(String::from).collect();
        Players { names, letters, locale: Locale::En }
    }

    /// The same seats, in a picture whose words are in `locale`.
    pub fn speaking(self, locale: Locale) -> Players {
        Players { locale, ..self }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn name(&self, seat: usize) -> &str {
        &self.names[seat]
    }

    pub fn letter(&self, seat: usize) -> String {
        self.letters[seat].clone()
    }

    pub fn colour(&self, seat: usize) -> draw::Rgb8 {
        palette::player_colour(COLOURS[seat])
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Width of the side panel, in pixels.
pub const PANEL_W: u32 = 470;

/// Rotations of the drawn tile that fit at some open spot, with the spots' labels.
pub fn rotation_spots(game: &Game) -> [Vec<String>; 4] {
    let spots = game.placement_spots();
    Rotation::ALL.map(|r| spots.iter().filter(|s| game.is_legal_placement(s.pos, r)).map(|s| s.label.clone()).collect())
}
