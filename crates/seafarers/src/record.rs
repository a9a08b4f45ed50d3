//! The stored form of an action with its seat: what a Seafarers action log is written as, and
//! the code a button carries. Kept stable forever, because a stored game is replayed from it.
//!
//! The form is written here by hand, not derived, so that changing [`Action`] (renaming a
//! field, a serde attribute, the script text of [`Action`]'s `Display`) can never change what
//! an old record means.
//!
//! # Version 1 (written by [`encode`])
//!
//! A record is `1:` then the seat (0 to 3) then the action's words, separated by single spaces,
//! e.g. `1:2 settle 0,1,N`:
//!
//! | record body               | action                                                    |
//! |---------------------------|-----------------------------------------------------------|
//! | `harbour EDGE`            | `PlaceHarbour` (A New World)                              |
//! | `settle VERTEX`           | `BuildSettlement` (in setup or in play)                   |
//! | `city VERTEX`             | `BuildCity`                                               |
//! | `road EDGE`               | `BuildRoad`                                               |
//! | `ship EDGE`               | `BuildShip`                                               |
//! | `move EDGE EDGE`          | `MoveShip` from, to                                       |
//! | `roll`                    | `Roll`                                                    |
//! | `discard CARDS`           | `Discard`                                                 |
//! | `robber HEX`              | `MoveRobber`, stealing from nobody                        |
//! | `robber HEX SEAT`         | `MoveRobber`, stealing from SEAT                          |
//! | `pirate HEX`              | `MovePirate`                                              |
//! | `gold CARDS`              | `ChooseGold`                                              |
//! | `buy`                     | `BuyDevCard`                                              |
//! | `knight`                  | `PlayKnight`                                              |
//! | `roads`                   | `PlayRoadBuilding`                                        |
//! | `plenty RES RES`          | `PlayYearOfPlenty` first, second                          |
//! | `monopoly RES`            | `PlayMonopoly`                                            |
//! | `maritime RES RES`        | `MaritimeTrade` give, get                                 |
//! | `offer CARDS CARDS`       | `OfferTrade` give, want, to everyone                      |
//! | `offer CARDS CARDS SEAT`  | `OfferTrade` give, want, to SEAT                          |
//! | `accept` / `decline`      | `AnswerTrade`                                             |
//! | `counter CARDS CARDS`     | `CounterTrade` give, want (the answering player's side)   |
//! | `confirm SEAT`            | `ConfirmTrade` with SEAT                                  |
//! | `withdraw`                | `WithdrawTrade`                                           |
//! | `end`                     | `EndTurn`                                                 |
//!
//! - HEX is `Q,R` (axial coordinates, `i8`); VERTEX is `Q,R,N` or `Q,R,S` (the north or south
//!   corner of that hex); EDGE is `Q,R,NE`, `Q,R,E` or `Q,R,SE`. Only these canonical names
//!   are read (the engine names every intersection and edge this way; the script language's
//!   other names such as `0,0,SW` are not records).
//! - RES is `brick`, `lumber`, `wool`, `grain` or `ore`.
//! - CARDS is a hand: each kind held, in the order brick `b`, lumber `l`, wool `w`, grain `g`,
//!   ore `o`, as its letter and count (`b2o1`: two brick and one ore); `-` for no card.
//! - SEAT is 0 to 3.
//!
//! Numbers are plain decimal with no `+`, no leading zeros and no `-0`; a count is 1 to 255.
//! Nothing else may surround the words, so every action has exactly one record and decoding
//! then encoding gives the same text. The longest record that can be legal (an offer of 19 of
//! each kind for 19 of each, to a seat: the bank holds 19 of each) has 43 characters, and no
//! record has more than 53, so a record fits a Discord button's custom id (100 characters)
//! with room for the game and version beside it.
//!
//! A game's options are stored as `1:pirate=yes` or `1:pirate=no` ([`encode_options`]).
//!
//! A later version gets a new number; decoders keep reading every earlier one.

use crate::Action;
use crate::cards::{Resource, Resources};
use crate::game::MAX_PLAYERS;
use crate::game::Options;
use crate::geometry::{Edge, Hex, Side, Vertex};
use std::fmt;
use std::str::FromStr;

/// The version [`encode`] writes.
pub const VERSION: u32 = 1;

/// A stored action that could not be read. The message quotes the text briefly.
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

/// The stored form of `seat`'s `action` (version 1, see the module documentation).
pub fn encode(seat: u8, action: &Action) -> String {
    format!("{VERSION}:{seat} {}", body(action))
}

/// Reads a stored action with its seat, of any version this engine knows.
pub fn decode(text: &str) -> Result<(u8, Action), RecordError> {
    let result = match text.split_once(':') {
        Some(("1", rest)) => record_v1(rest),
        Some((version, _)) if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("record version {} is unknown to this engine (written by a newer one?)", quote(version)))
        }
        _ => Err("a record starts with its version, like `1:`".to_string()),
    };
    result.map_err(|why| RecordError { message: format!("stored action {}: {why}", quote(text)) })
}

/// The stored form of a game's options (version 1, see the module documentation).
pub fn encode_options(options: &Options) -> String {
    // Destructured so that a new option cannot be forgotten here.
    let Options { pirate } = *options;
    format!("{VERSION}:pirate={}", if pirate { "yes" } else { "no" })
}

/// Reads a game's stored options, of any version this engine knows.
pub fn decode_options(text: &str) -> Result<Options, RecordError> {
    let result = match text.split_once(':') {
        Some(("1", "pirate=yes")) => Ok(Options { pirate: true }),
        Some(("1", "pirate=no")) => Ok(Options { pirate: false }),
        Some(("1", _)) => Err("version 1 options are `pirate=yes` or `pirate=no`".to_string()),
        Some((version, _)) if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("record version {} is unknown to this engine (written by a newer one?)", quote(version)))
        }
        _ => Err("a record starts with its version, like `1:`".to_string()),
    };
    result.map_err(|why| RecordError { message: format!("stored options {}: {why}", quote(text)) })
}

fn body(action: &Action) -> String {
    // Exhaustive on purpose: a new kind of action needs its record decided here.
    match *action {
        Action::PlaceHarbour { at } => format!("harbour {}", edge(at)),
        Action::BuildSettlement { at } => format!("settle {}", vertex(at)),
        Action::BuildCity { at } => format!("city {}", vertex(at)),
        Action::BuildRoad { at } => format!("road {}", edge(at)),
        Action::BuildShip { at } => format!("ship {}", edge(at)),
        Action::MoveShip { from, to } => format!("move {} {}", edge(from), edge(to)),
        Action::Roll => "roll".to_string(),
        Action::Discard { cards } => format!("discard {}", hand(&cards)),
        Action::MoveRobber { to, victim: None } => format!("robber {}", hex(to)),
        Action::MoveRobber { to, victim: Some(v) } => format!("robber {} {v}", hex(to)),
        Action::MovePirate { to } => format!("pirate {}", hex(to)),
        Action::ChooseGold { cards } => format!("gold {}", hand(&cards)),
        Action::BuyDevCard => "buy".to_string(),
        Action::PlayKnight => "knight".to_string(),
        Action::PlayRoadBuilding => "roads".to_string(),
        Action::PlayYearOfPlenty { first, second } => format!("plenty {} {}", resource(first), resource(second)),
        Action::PlayMonopoly { resource: r } => format!("monopoly {}", resource(r)),
        Action::MaritimeTrade { give, get } => format!("maritime {} {}", resource(give), resource(get)),
        Action::OfferTrade { give, want, to: None } => format!("offer {} {}", hand(&give), hand(&want)),
        Action::OfferTrade { give, want, to: Some(t) } => format!("offer {} {} {t}", hand(&give), hand(&want)),
        Action::AnswerTrade { accept: true } => "accept".to_string(),
        Action::AnswerTrade { accept: false } => "decline".to_string(),
        Action::CounterTrade { give, want } => format!("counter {} {}", hand(&give), hand(&want)),
        Action::ConfirmTrade { with } => format!("confirm {with}"),
        Action::WithdrawTrade => "withdraw".to_string(),
        Action::EndTurn => "end".to_string(),
    }
}

fn hex(h: Hex) -> String {
    format!("{},{}", h.q, h.r)
}

fn vertex(v: Vertex) -> String {
    format!("{},{}", hex(v.hex), if v.top { "N" } else { "S" })
}

fn edge(e: Edge) -> String {
    // Written by hand rather than by `Side::name`, so that renaming a side cannot change records.
    let side = match e.side {
        Side::NE => "NE",
        Side::E => "E",
        Side::SE => "SE",
        Side::SW => "SW",
        Side::W => "W",
        Side::NW => "NW",
    };
    format!("{},{side}", hex(e.hex))
}

fn resource(r: Resource) -> &'static str {
    match r {
        Resource::Brick => "brick",
        Resource::Lumber => "lumber",
        Resource::Wool => "wool",
        Resource::Grain => "grain",
        Resource::Ore => "ore",
    }
}

/// The letter of each kind in a hand, in the order a hand is written.
const HAND_LETTERS: [(char, Resource); 5] =
    [('b', Resource::Brick), ('l', Resource::Lumber), ('w', Resource::Wool), ('g', Resource::Grain), ('o', Resource::Ore)];

fn hand(cards: &Resources) -> String {
    let text: String =
        HAND_LETTERS.iter().filter(|(_, r)| cards.get(*r) > 0).map(|(letter, r)| format!("{letter}{}", cards.get(*r))).collect();
    if text.is_empty() { "-".to_string() } else { text }
}

fn record_v1(text: &str) -> Result<(u8, Action), String> {
    let mut words = text.split(' ');
    let seat = read_seat(words.next().unwrap_or_default())?;
    let verb = words.next().ok_or("the record has a seat but no action")?;
    let args: Vec<&str> = words.collect();
    let action = match (verb, args.as_slice()) {
        ("harbour", [e]) => Action::PlaceHarbour { at: read_edge(e)? },
        ("settle", [v]) => Action::BuildSettlement { at: read_vertex(v)? },
        ("city", [v]) => Action::BuildCity { at: read_vertex(v)? },
        ("road", [e]) => Action::BuildRoad { at: read_edge(e)? },
        ("ship", [e]) => Action::BuildShip { at: read_edge(e)? },
        ("move", [a, b]) => Action::MoveShip { from: read_edge(a)?, to: read_edge(b)? },
        ("roll", []) => Action::Roll,
        ("discard", [c]) => Action::Discard { cards: read_hand(c)? },
        ("robber", [h]) => Action::MoveRobber { to: read_hex(h)?, victim: None },
        ("robber", [h, v]) => Action::MoveRobber { to: read_hex(h)?, victim: Some(read_seat(v)?) },
        ("pirate", [h]) => Action::MovePirate { to: read_hex(h)? },
        ("gold", [c]) => Action::ChooseGold { cards: read_hand(c)? },
        ("buy", []) => Action::BuyDevCard,
        ("knight", []) => Action::PlayKnight,
        ("roads", []) => Action::PlayRoadBuilding,
        ("plenty", [a, b]) => Action::PlayYearOfPlenty { first: read_resource(a)?, second: read_resource(b)? },
        ("monopoly", [r]) => Action::PlayMonopoly { resource: read_resource(r)? },
        ("maritime", [a, b]) => Action::MaritimeTrade { give: read_resource(a)?, get: read_resource(b)? },
        ("offer", [g, w]) => Action::OfferTrade { give: read_hand(g)?, want: read_hand(w)?, to: None },
        ("offer", [g, w, t]) => Action::OfferTrade { give: read_hand(g)?, want: read_hand(w)?, to: Some(read_seat(t)?) },
        ("accept", []) => Action::AnswerTrade { accept: true },
        ("decline", []) => Action::AnswerTrade { accept: false },
        ("counter", [g, w]) => Action::CounterTrade { give: read_hand(g)?, want: read_hand(w)? },
        ("confirm", [s]) => Action::ConfirmTrade { with: read_seat(s)? },
        ("withdraw", []) => Action::WithdrawTrade,
        ("end", []) => Action::EndTurn,
        _ => {
            let arity = match verb {
                "harbour" | "settle" | "city" | "road" | "ship" | "discard" | "pirate" | "gold" | "monopoly" | "confirm" => "1 word",
                "move" | "plenty" | "maritime" | "counter" => "2 words",
                "robber" => "1 or 2 words",
                "offer" => "2 or 3 words",
                "roll" | "buy" | "knight" | "roads" | "accept" | "decline" | "withdraw" | "end" => "no words",
                _ => return Err(format!("unknown action {}", quote(verb))),
            };
            return Err(format!("`{verb}` takes {arity}, not {}", args.len()));
        }
    };
    Ok((seat, action))
}

/// A number in its one canonical spelling (so that a record has exactly one form).
fn number<T: FromStr + ToString>(word: &str) -> Result<T, String> {
    match word.parse::<T>() {
        Ok(n) if n.to_string() == word => Ok(n),
        Ok(_) => Err(format!("{} is not written plainly (no +, leading zeros or -0)", quote(word))),
        Err(_) => Err(format!("{} is not a number in range", quote(word))),
    }
}

fn read_seat(word: &str) -> Result<u8, String> {
    let seat: u8 = number(word).map_err(|why| format!("seat: {why}"))?;
    if seat as usize >= MAX_PLAYERS {
        return Err(format!("seat {seat} is not 0 to {}", MAX_PLAYERS - 1));
    }
    Ok(seat)
}

fn read_hex(word: &str) -> Result<Hex, String> {
    match word.split(',').collect::<Vec<_>>().as_slice() {
        [q, r] => Ok(Hex::new(number(q)?, number(r)?)),
        _ => Err(format!("{} is not a hex `Q,R`", quote(word))),
    }
}

fn read_vertex(word: &str) -> Result<Vertex, String> {
    let bad = || format!("{} is not an intersection `Q,R,N` or `Q,R,S`", quote(word));
    let (h, corner) = word.rsplit_once(',').ok_or_else(bad)?;
    let top = match corner {
        "N" => true,
        "S" => false,
        _ => return Err(bad()),
    };
    Ok(Vertex { hex: read_hex(h)?, top })
}

fn read_edge(word: &str) -> Result<Edge, String> {
    let bad = || format!("{} is not an edge `Q,R,NE`, `Q,R,E` or `Q,R,SE`", quote(word));
    let (h, side) = word.rsplit_once(',').ok_or_else(bad)?;
    let side = match side {
        "NE" => Side::NE,
        "E" => Side::E,
        "SE" => Side::SE,
        _ => return Err(bad()),
    };
    Ok(Edge { hex: read_hex(h)?, side })
}

fn read_resource(word: &str) -> Result<Resource, String> {
    match word {
        "brick" => Ok(Resource::Brick),
        "lumber" => Ok(Resource::Lumber),
        "wool" => Ok(Resource::Wool),
        "grain" => Ok(Resource::Grain),
        "ore" => Ok(Resource::Ore),
        _ => Err(format!("{} is not brick, lumber, wool, grain or ore", quote(word))),
    }
}

fn read_hand(word: &str) -> Result<Resources, String> {
    let bad = |why: &str| format!("{} is not a hand like `b2o1` or `-`: {why}", quote(word));
    if word == "-" {
        return Ok(Resources::default());
    }
    let mut cards = Resources::default();
    let mut rest = word;
    let mut next_kind = 0;
    while let Some(letter) = rest.chars().next() {
        let Some(k) = HAND_LETTERS[next_kind..].iter().position(|(l, _)| *l == letter) else {
            return Err(bad("the kinds are b, l, w, g, o, each once and in this order"));
        };
        let (_, kind) = HAND_LETTERS[next_kind + k];
        next_kind += k + 1;
        rest = &rest[1..];
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let count: u8 = number(&rest[..digits]).map_err(|why| bad(&why))?;
        if count == 0 {
            return Err(bad("a kind not held is left out"));
        }
        *cards.get_mut(kind) = count;
        rest = &rest[digits..];
    }
    if cards.is_empty() {
        return Err(bad("no card is written `-`"));
    }
    Ok(cards)
}

/// `text` in backquotes, cut to a few characters (by character, never inside one).
fn quote(text: &str) -> String {
    const MAX: usize = 40;
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(MAX).collect();
    let more = if chars.next().is_some() { "…" } else { "" };
    format!("`{}{more}`", head.escape_debug())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_problem_and_quote_briefly() {
        let long = "x".repeat(500);
        let e = decode(&format!("1:0 {long}")).unwrap_err().to_string();
        assert!(e.starts_with("stored action `1:0 xxx") && e.contains('…') && e.len() < 200, "{e}");
        let e = decode("1:4 roll").unwrap_err().to_string();
        assert!(e.ends_with("seat 4 is not 0 to 3"), "{e}");
        let e = decode("1:0 settle 0,1,NE").unwrap_err().to_string();
        assert!(e.ends_with("`0,1,NE` is not an intersection `Q,R,N` or `Q,R,S`"), "{e}");
        let e = decode("1:0 road 0,1,W").unwrap_err().to_string();
        assert!(e.contains("is not an edge"), "{e}");
        let e = decode("1:0 robber 200,1").unwrap_err().to_string();
        assert!(e.ends_with("`200` is not a number in range"), "{e}");
        let e = decode("1:0 roll 3").unwrap_err().to_string();
        assert!(e.ends_with("`roll` takes no words, not 1"), "{e}");
        let e = decode("1:0 discard o1b1").unwrap_err().to_string();
        assert!(e.contains("each once and in this order"), "{e}");
        let e = decode("7:0 end").unwrap_err().to_string();
        assert!(e.contains("record version `7` is unknown"), "{e}");
        let e = decode("end").unwrap_err().to_string();
        assert!(e.ends_with("a record starts with its version, like `1:`"), "{e}");
    }

    #[test]
    fn records_are_strict_so_each_action_has_one_form() {
        for text in [
            "1:0 end ",
            " 1:0 end",
            "1:0 end\n",
            "1:0  end",
            "1:00 end",
            "1:+1 end",
            "01:0 end",
            "1:0 END",
            "1:0 settle 0,-0,N",
            "1:0 settle 0,01,N",
            "1:0 settle 0, 1,N",
            "1:0 road 0,1,e",
            "1:0 discard b0o1",
            "1:0 discard b01",
            "1:0 discard b1b1",
            "1:0 discard ",
            "1:0 gold",
            "1:0 robber 0,0,0",
        ] {
            assert!(decode(text).is_err(), "{text:?} was accepted");
        }
        let brick_ore = Resources { brick: 2, ore: 1, ..Resources::default() };
        assert_eq!(decode("1:3 discard b2o1"), Ok((3, Action::Discard { cards: brick_ore })));
        assert_eq!(decode("1:0 settle -3,2,S"), Ok((0, Action::BuildSettlement { at: Vertex { hex: Hex::new(-3, 2), top: false } })));
    }

    #[test]
    fn options_have_one_record_each() {
        for pirate in [false, true] {
            let text = encode_options(&Options { pirate });
            assert_eq!(decode_options(&text), Ok(Options { pirate }));
        }
        assert_eq!(encode_options(&Options { pirate: true }), "1:pirate=yes");
        assert_eq!(decode_options("1:pirate=no"), Ok(Options::default()));
        for junk in ["1:pirate=on", "1:pirate=yes ", "pirate=yes", "2:pirate=yes", "1:", "", "1:pirate=YES"] {
            assert!(decode_options(junk).is_err(), "{junk:?} was accepted");
        }
    }

    #[test]
    fn the_longest_record_is_short_enough_for_a_button() {
        let all = Resources::all(19);
        let text = encode(3, &Action::OfferTrade { give: all, want: all, to: Some(2) });
        assert_eq!(text, "1:3 offer b19l19w19g19o19 b19l19w19g19o19 2");
        assert_eq!(text.len(), 43);
        let far = Edge { hex: Hex::new(-128, -128), side: Side::SE };
        assert!(encode(3, &Action::MoveShip { from: far, to: far }).len() <= 43);
        let most = Resources::all(255);
        assert_eq!(encode(3, &Action::OfferTrade { give: most, want: most, to: Some(2) }).len(), 53);
    }
}
