//! Colours. The player colours are four of Okabe and Ito's colour-blind-safe set (2008,
//! "Color Universal Design"), chosen for the widest spread under the three dichromacies: see
//! `tests.rs` (`player_colours_stay_apart_for_every_colour_vision`). Terrains are flat,
//! muted colours that the pieces stand out from, by their fill or by their outline.

use crate::draw::Rgb8;
use crate::i18n::Locale;
use seafarers_engine::{Harbour, Resource, Terrain};

/// Player colours in seat order: Okabe–Ito vermillion, blue, white and black.
pub const PLAYERS: [Rgb8; 4] = [[213, 94, 0], [0, 114, 178], [255, 255, 255], [0, 0, 0]];
/// Their names, for texts.
pub const PLAYER_NAMES: [&str; 4] = ["red", "blue", "white", "black"];
/// Their letters, for seats without a name (K for black, as printers say).
pub const COLOUR_LETTERS: [char; 4] = ['R', 'B', 'W', 'K'];

/// The outline around a piece: dark around light pieces, white around the black one.
pub fn outline_of(c: Rgb8) -> Rgb8 {
    if crate::draw::luminance(c) < 0.2 { WHITE } else { OUTLINE }
}

/// The ink of a letter on a piece of colour `c`.
pub fn letter_on(c: Rgb8) -> Rgb8 {
    if crate::draw::luminance(c) > 0.6 { INK } else { WHITE }
}

pub const SEA: Rgb8 = [125, 195, 225];
pub const FOREST: Rgb8 = [46, 110, 58];
pub const PASTURE: Rgb8 = [150, 200, 90];
pub const FIELDS: Rgb8 = [232, 196, 80];
pub const HILLS: Rgb8 = [170, 110, 80];
pub const MOUNTAINS: Rgb8 = [140, 140, 150];
pub const DESERT: Rgb8 = [226, 206, 150];
pub const GOLD: Rgb8 = [250, 210, 30];
pub const GOLD_RING: Rgb8 = [176, 120, 0];
/// A hex not discovered yet (Ocean Land).
pub const FOG: Rgb8 = [92, 100, 116];
pub const FOG_INK: Rgb8 = [196, 202, 214];
/// Outside the map.
pub const OFF_MAP: Rgb8 = [58, 112, 150];
pub const HEX_LINE: Rgb8 = [250, 246, 232];

pub const TOKEN: Rgb8 = [250, 240, 214];
/// The 6 and 8 (the most likely numbers) are red, as on the board game's tokens.
pub const TOKEN_RED: Rgb8 = [196, 30, 30];
pub const SPOT: Rgb8 = [240, 228, 66];
pub const PIER: Rgb8 = [120, 84, 50];
pub const ROBBER: Rgb8 = [70, 66, 74];
pub const PIRATE: Rgb8 = [36, 30, 40];

pub const INK: Rgb8 = [28, 30, 36];
pub const INK_SOFT: Rgb8 = [92, 96, 106];
pub const WHITE: Rgb8 = [255, 255, 255];
pub const OUTLINE: Rgb8 = [24, 24, 30];
pub const PANEL: Rgb8 = [246, 242, 232];
pub const CARD_EDGE: Rgb8 = [205, 196, 176];

/// A land hex's cue besides its colour: its resource's symbol, in an ink of its own terrain (a
/// darker shade, a lighter one on the dark forest), so that terrains stay apart without colour.
pub fn terrain_icon(t: Terrain) -> Option<(&'static str, Rgb8)> {
    let glyph = match t.resource()? {
        Resource::Lumber => "🌲",
        Resource::Brick => "▦",
        Resource::Wool => "🐑",
        Resource::Grain => "🌾",
        Resource::Ore => "⛰",
    };
    let base = terrain(Some(t));
    // The sheep is the thinnest of the symbols: on the light pasture it takes a darker ink, or
    // it fades at 400 px.
    let dark = if t == Terrain::Pasture { 0.3 } else { 0.5 };
    let ink = if crate::draw::luminance(base) < 0.4 { [176, 222, 168] } else { crate::draw::shade(base, dark) };
    Some((glyph, ink))
}

/// Every terrain a piece may stand on or next to, for the contrast test.
#[cfg(test)]
pub const TERRAINS: [Rgb8; 10] = [SEA, FOREST, PASTURE, FIELDS, HILLS, MOUNTAINS, DESERT, GOLD, FOG, OFF_MAP];

pub fn terrain(t: Option<Terrain>) -> Rgb8 {
    match t {
        None => FOG,
        Some(Terrain::Sea) => SEA,
        Some(Terrain::Desert) => DESERT,
        Some(Terrain::Gold) => GOLD,
        Some(Terrain::Forest) => FOREST,
        Some(Terrain::Pasture) => PASTURE,
        Some(Terrain::Fields) => FIELDS,
        Some(Terrain::Hills) => HILLS,
        Some(Terrain::Mountains) => MOUNTAINS,
    }
}

/// The colour of the terrain that yields `r` (a 2:1 harbour's background).
pub fn resource(r: Resource) -> Rgb8 {
    match r {
        Resource::Brick => HILLS,
        Resource::Lumber => FOREST,
        Resource::Wool => PASTURE,
        Resource::Grain => FIELDS,
        Resource::Ore => MOUNTAINS,
    }
}

/// A harbour's two lines: its rate and what it takes, in `lang`.
pub fn harbour_lines(lang: Locale, h: Harbour) -> (&'static str, String) {
    match h {
        Harbour::Generic => ("3:1", crate::tr!(lang, "sf-pic-harbour", resource = "any")),
        Harbour::Special(r) => ("2:1", crate::tr!(lang, "sf-pic-harbour", resource = r.name())),
    }
}
