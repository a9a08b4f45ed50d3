//! The stored form of actions and options: what the action log and a game's options are
//! written as, kept stable forever because a stored game is replayed from it.
//!
//! The form is written here by hand, not derived, so that changing [`Action`] or [`Options`]
//! (renaming a field, a serde attribute) can never change what an old row means.
//!
//! # Version 1 (written by [`encode_action`] and [`encode_options`])
//!
//! A record is `1:` followed by words separated by single spaces:
//!
//! | record                          | meaning                                              |
//! |---------------------------------|------------------------------------------------------|
//! | `1:place X Y DEGREES`           | `PlaceTile` at (X, Y), turned 0, 90, 180 or 270°      |
//! | `1:islander F`                  | `PlaceIslander` on feature F of the tile just placed |
//! | `1:retrieve X Y F`              | `RetrieveIslander` from feature F of the tile at X Y  |
//! | `1:skip`                        | `SkipIslander`                                       |
//! | `1:choose S`                    | `ChooseShip` S                                       |
//! | `1:deliver S`                   | `Deliver` to ship S                                  |
//! | `1:pay SHELLS BANANAS FISH`     | `Pay` these wares                                    |
//! | `1:end`                         | `EndTurn`                                            |
//! | `1:retrieve=empty-supply`       | `Options` with that retrieve rule (or `any-turn`)    |
//!
//! X and Y are `i32` (x grows east, y south; the start tile is at 0 0); F and S are `u8` (S is
//! the ship's place in its ruleset's ships file, from 0); wares are `u16`. Numbers are plain
//! decimal with no `+`, no leading zeros and no `-0`, and nothing else may surround the words,
//! so every action has exactly one record and decoding then encoding gives the same text.
//!
//! A later version gets a new number; decoders keep reading every earlier one.
//!
//! # Legacy (read only)
//!
//! Games stored before version 1 hold the JSON that serde derived from the engine's types at
//! the time, e.g. `{"action":"place_tile","pos":{"x":1,"y":0},"rotation":3}` (rotation in
//! quarter turns), `{"action":"pay","payment":{"shells":0,"bananas":3,"fish":3}}` and
//! `{"retrieve":"any-turn"}`. A frozen private copy of those derives reads them.

use crate::Action;
use crate::game::{Options, RetrieveRule};
use crate::geometry::{Pos, Rotation};
use crate::ships::ShipId;
use crate::wares::Wares;
use serde::Deserialize;
use std::fmt;
use std::str::FromStr;

/// A stored action or options that could not be read. The message quotes the text briefly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordError {}

/// The version [`encode_action`] and [`encode_options`] write.
const VERSION: &str = "1";

/// The stored form of `action` (version 1, see the module documentation).
pub fn encode_action(action: &Action) -> String {
    // Exhaustive on purpose: a new kind of action needs its record decided here.
    let body = match *action {
        Action::PlaceTile { pos, rotation } => format!("place {} {} {}", pos.x, pos.y, rotation.degrees()),
        Action::PlaceIslander { feature } => format!("islander {feature}"),
        Action::RetrieveIslander { pos, feature } => format!("retrieve {} {} {feature}", pos.x, pos.y),
        Action::SkipIslander => "skip".to_string(),
        Action::ChooseShip { ship } => format!("choose {}", ship.0),
        Action::Deliver { ship } => format!("deliver {}", ship.0),
        Action::Pay { payment } => format!("pay {} {} {}", payment.shells, payment.bananas, payment.fish),
        Action::EndTurn => "end".to_string(),
    };
    format!("{VERSION}:{body}")
}

/// Reads a stored action: any version of the record, or the legacy JSON.
pub fn decode_action(text: &str) -> Result<Action, RecordError> {
    let result = match split_version(text) {
        Some((VERSION, body)) => action_v1(body),
        Some((version, _)) => Err(unknown_version(version)),
        None => legacy::action(text),
    };
    result.map_err(|why| RecordError { message: format!("stored action {}: {why}", quote(text)) })
}

/// The stored form of `options` (version 1, see the module documentation).
pub fn encode_options(options: &Options) -> String {
    // Destructured so that a new option cannot be forgotten here.
    let Options { retrieve } = *options;
    format!("{VERSION}:retrieve={}", retrieve.name())
}

/// Reads stored options: any version of the record, or the legacy JSON.
pub fn decode_options(text: &str) -> Result<Options, RecordError> {
    let result = match split_version(text) {
        Some((VERSION, body)) => options_v1(body),
        Some((version, _)) => Err(unknown_version(version)),
        None => legacy::options(text),
    };
    result.map_err(|why| RecordError { message: format!("stored options {}: {why}", quote(text)) })
}

/// `("1", "place 0 1 90")` for `1:place 0 1 90`; None when the text has no version prefix
/// (legacy JSON starts with `{`, so it never has one).
fn split_version(text: &str) -> Option<(&str, &str)> {
    let (version, body) = text.split_once(':')?;
    (!version.is_empty() && version.bytes().all(|b| b.is_ascii_digit())).then_some((version, body))
}

fn unknown_version(version: &str) -> String {
    format!("record version {} is unknown to this engine (written by a newer one?)", quote(version))
}

fn action_v1(body: &str) -> Result<Action, String> {
    let mut words = body.split(' ');
    let verb = words.next().unwrap_or_default();
    let args: Vec<&str> = words.collect();
    Ok(match (verb, args.as_slice()) {
        ("place", [x, y, r]) => Action::PlaceTile { pos: Pos::new(number(x)?, number(y)?), rotation: degrees(r)? },
        ("islander", [f]) => Action::PlaceIslander { feature: number(f)? },
        ("retrieve", [x, y, f]) => Action::RetrieveIslander { pos: Pos::new(number(x)?, number(y)?), feature: number(f)? },
        ("skip", []) => Action::SkipIslander,
        ("choose", [s]) => Action::ChooseShip { ship: ShipId(number(s)?) },
        ("deliver", [s]) => Action::Deliver { ship: ShipId(number(s)?) },
        ("pay", [s, b, f]) => Action::Pay { payment: Wares::new(number(s)?, number(b)?, number(f)?) },
        ("end", []) => Action::EndTurn,
        _ => {
            let arity = match verb {
                "place" | "retrieve" | "pay" => 3,
                "islander" | "choose" | "deliver" => 1,
                "skip" | "end" => 0,
                _ => return Err(format!("unknown action {}", quote(verb))),
            };
            return Err(format!("`{verb}` takes {arity} numbers, not {}", args.len()));
        }
    })
}

fn options_v1(body: &str) -> Result<Options, String> {
    let Some(rule) = body.strip_prefix("retrieve=") else {
        return Err("version 1 options are `retrieve=RULE`".to_string());
    };
    match rule {
        "empty-supply" => Ok(Options { retrieve: RetrieveRule::EmptySupply }),
        "any-turn" => Ok(Options { retrieve: RetrieveRule::AnyTurn }),
        _ => Err(format!("unknown retrieve rule {}", quote(rule))),
    }
}

/// A number in its one canonical spelling (so that a record has exactly one form).
fn number<T: FromStr + ToString>(word: &str) -> Result<T, String> {
    match word.parse::<T>() {
        Ok(n) if n.to_string() == word => Ok(n),
        Ok(_) => Err(format!("{} is not written plainly (no +, leading zeros or -0)", quote(word))),
        Err(_) => Err(format!("{} is not a number in range", quote(word))),
    }
}

fn degrees(word: &str) -> Result<Rotation, String> {
    Rotation::from_degrees(number(word)?).ok_or_else(|| format!("rotation {word} is not 0, 90, 180 or 270"))
}

/// `text` in backquotes, cut to a few characters (by character, never inside one).
fn quote(text: &str) -> String {
    const MAX: usize = 40;
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(MAX).collect();
    let more = if chars.next().is_some() { "…" } else { "" };
    format!("`{}{more}`", head.escape_debug())
}

/// The shapes serde derived from the engine's types before version 1, frozen: these types are
/// never changed, whatever happens to `Action`, `Options` and their parts.
mod legacy {
    use super::*;

    #[derive(Deserialize)]
    #[serde(tag = "action", rename_all = "snake_case")]
    enum LegacyAction {
        PlaceTile { pos: LegacyPos, rotation: u8 },
        PlaceIslander { feature: u8 },
        RetrieveIslander { pos: LegacyPos, feature: u8 },
        SkipIslander,
        ChooseShip { ship: u8 },
        Deliver { ship: u8 },
        Pay { payment: LegacyWares },
        EndTurn,
    }

    #[derive(Deserialize)]
    struct LegacyPos {
        x: i32,
        y: i32,
    }

    #[derive(Deserialize)]
    struct LegacyWares {
        #[serde(default)]
        shells: u16,
        #[serde(default)]
        bananas: u16,
        #[serde(default)]
        fish: u16,
    }

    #[derive(Default, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct LegacyOptions {
        retrieve: LegacyRetrieve,
    }

    #[derive(Default, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum LegacyRetrieve {
        #[default]
        EmptySupply,
        AnyTurn,
    }

    pub(super) fn action(text: &str) -> Result<Action, String> {
        let legacy: LegacyAction = serde_json::from_str(text).map_err(json_error)?;
        let pos = |p: LegacyPos| Pos::new(p.x, p.y);
        Ok(match legacy {
            LegacyAction::PlaceTile { pos: p, rotation } => Action::PlaceTile {
                pos: pos(p),
                // The old derive took any u8; only 0..=3 were ever written.
                rotation: Rotation::new(rotation).ok_or_else(|| format!("rotation {rotation} is not 0 to 3 quarter turns"))?,
            },
            LegacyAction::PlaceIslander { feature } => Action::PlaceIslander { feature },
            LegacyAction::RetrieveIslander { pos: p, feature } => Action::RetrieveIslander { pos: pos(p), feature },
            LegacyAction::SkipIslander => Action::SkipIslander,
            LegacyAction::ChooseShip { ship } => Action::ChooseShip { ship: ShipId(ship) },
            LegacyAction::Deliver { ship } => Action::Deliver { ship: ShipId(ship) },
            LegacyAction::Pay { payment: w } => Action::Pay { payment: Wares::new(w.shells, w.bananas, w.fish) },
            LegacyAction::EndTurn => Action::EndTurn,
        })
    }

    pub(super) fn options(text: &str) -> Result<Options, String> {
        let legacy: LegacyOptions = serde_json::from_str(text).map_err(json_error)?;
        let retrieve = match legacy.retrieve {
            LegacyRetrieve::EmptySupply => RetrieveRule::EmptySupply,
            LegacyRetrieve::AnyTurn => RetrieveRule::AnyTurn,
        };
        Ok(Options { retrieve })
    }

    /// serde's message can quote the input at length; keep it short.
    fn json_error(e: serde_json::Error) -> String {
        let message = e.to_string();
        let short: String = message.chars().take(160).collect();
        format!("neither a versioned record nor legacy JSON ({short})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_problem_and_quote_briefly() {
        let long = "x".repeat(500);
        let e = decode_action(&format!("1:{long}")).unwrap_err().to_string();
        assert!(e.starts_with("stored action `1:xxx") && e.contains('…') && e.len() < 200, "{e}");
        let e = decode_action("1:place 1 2 45").unwrap_err().to_string();
        assert!(e.ends_with("rotation 45 is not 0, 90, 180 or 270"), "{e}");
        let e = decode_action("1:place 01 2 90").unwrap_err().to_string();
        assert!(e.contains("`01` is not written plainly"), "{e}");
        let e = decode_action("1:islander 256").unwrap_err().to_string();
        assert!(e.contains("`256` is not a number in range"), "{e}");
        let e = decode_action("1:skip 3").unwrap_err().to_string();
        assert!(e.ends_with("`skip` takes 0 numbers, not 1"), "{e}");
        let e = decode_action("7:end").unwrap_err().to_string();
        assert!(e.contains("record version `7` is unknown"), "{e}");
        let e = decode_options("1:retrieve=sometimes").unwrap_err().to_string();
        assert!(e.ends_with("unknown retrieve rule `sometimes`"), "{e}");
    }

    #[test]
    fn records_are_strict_so_each_action_has_one_form() {
        for text in
            ["1:place 1 2 90 ", " 1:end", "1:end\n", "1:place  1 2 90", "1:place +1 2 90", "1:place -0 2 90", "1:PLACE 1 2 90", "01:end"]
        {
            assert!(decode_action(text).is_err(), "{text:?} was accepted");
        }
        assert_eq!(decode_action("1:place -3 0 270"), Ok(Action::PlaceTile { pos: Pos::new(-3, 0), rotation: Rotation::ALL[3] }));
    }

    #[test]
    fn legacy_rows_with_rotations_the_old_derive_let_through_are_refused() {
        let e = decode_action(r#"{"action":"place_tile","pos":{"x":1,"y":0},"rotation":4}"#).unwrap_err().to_string();
        assert!(e.ends_with("rotation 4 is not 0 to 3 quarter turns"), "{e}");
    }

    #[test]
    fn legacy_options_keep_the_old_defaults_and_refuse_unknown_fields() {
        assert_eq!(decode_options("{}"), Ok(Options::default()));
        assert!(decode_options(r#"{"retrieve":"any-turn","speed":2}"#).is_err());
    }
}
