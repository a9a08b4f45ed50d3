//! Colours. Flat colours keep the PNG small and the picture calm. The player colours keep the
//! names of the game's pieces (red, blue, yellow, green, black) but are chosen to stay apart
//! for every reader: tuned from Okabe and Ito's colour-blind-safe set (2008) for the widest
//! spread under the three dichromacies, ΔE ≥ 45 for every pair (see the render tests,
//! `player_colours_stay_apart_for_every_colour_vision`, and `src/draw/vision.rs`). Each player
//! also has a letter, drawn large where the picture is read at phone size.

use crate::draw::Rgb8;

pub const SEA: Rgb8 = [62, 146, 204];
pub const SHALLOW: Rgb8 = [118, 196, 222];
pub const COAST: Rgb8 = [170, 138, 82];
pub const SAND: Rgb8 = [238, 218, 160];
pub const GREEN: Rgb8 = [118, 178, 84];
/// The inside of an island, away from its beach.
pub const ISLAND: Rgb8 = [100, 166, 76];
pub const RAIL: Rgb8 = [92, 58, 28];
pub const PLANK: Rgb8 = [178, 128, 72];
pub const PLANK_GAP: Rgb8 = [112, 74, 38];
pub const BRIDGE_SHADOW: Rgb8 = [40, 100, 150];
pub const STONE: Rgb8 = [160, 160, 152];
pub const STONE_DARK: Rgb8 = [72, 72, 68];
pub const STONE_LIGHT: Rgb8 = [210, 210, 202];

pub const BACKGROUND: Rgb8 = [232, 224, 204];
pub const GRID_LINE: Rgb8 = [214, 204, 180];
pub const INK: Rgb8 = [34, 38, 46];
pub const INK_SOFT: Rgb8 = [96, 100, 110];
pub const WHITE: Rgb8 = [255, 255, 255];
pub const PANEL: Rgb8 = [246, 242, 232];
pub const CARD: Rgb8 = [255, 253, 248];
pub const CARD_EDGE: Rgb8 = [205, 196, 176];

/// The last placed tile and the tiles placed since a given turn.
pub const HIGHLIGHT: Rgb8 = [236, 0, 140];
pub const RECENT: Rgb8 = [255, 170, 0];
pub const SPOT_INK: Rgb8 = [20, 40, 90];
pub const BAD: Rgb8 = [190, 30, 30];

pub const OUTLINE: Rgb8 = [22, 22, 26];

/// Player colours in seat order, matching `southseas_engine::COLOURS` (red, blue, yellow,
/// green, black): a vermillion, a deep blue, a lemon yellow, a bluish green and black.
pub const PLAYERS: [Rgb8; 5] = [[225, 87, 20], [1, 19, 215], [255, 255, 2], [0, 171, 140], [0, 0, 0]];
/// Their letters, for seats without a name (K for black, as printers say).
pub const COLOUR_LETTERS: [char; 5] = ['R', 'B', 'Y', 'G', 'K'];

/// The colour for an engine colour name; grey for an unknown one.
pub fn player_colour(name: &str) -> Rgb8 {
    match name {
        "red" => PLAYERS[0],
        "blue" => PLAYERS[1],
        "yellow" => PLAYERS[2],
        "green" => PLAYERS[3],
        "black" => PLAYERS[4],
        _ => [128, 128, 128],
    }
}
