//! South Seas' own button and menu codes: a step (`t3,-2,1`), or another view of the step (the
//! turns that fit at a spot, a page of spots or of payments). They are stored in messages
//! already posted: add codes, never change one.

use crate::common::Command;
use crate::games::contract::Click;
use southseas_engine::{Action, Pos, Rotation, ShipId, Wares};

/// What one of South Seas' buttons or menu options asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// Take this step.
    Act(Action),
    /// Show the turns of the drawn tile that fit at this spot, as buttons (placing by taps when
    /// the tile fits in more ways than one menu holds). Changes nothing in the game.
    Spot(Pos),
    /// Show page N (from 1) of the spots where the drawn tile fits.
    Spots(u8),
    /// Show page N (from 1) of the ways to pay, when there are more than one menu holds.
    Payments(u8),
}

impl From<Code> for Command {
    fn from(code: Code) -> Command {
        Command::Game(code.code())
    }
}

impl Code {
    /// A short code, stable across versions of the bot (old buttons must keep parsing).
    pub fn code(&self) -> String {
        match *self {
            Code::Spot(pos) => format!("o{},{}", pos.x, pos.y),
            Code::Spots(page) => format!("g{page}"),
            Code::Payments(page) => format!("q{page}"),
            Code::Act(action) => match action {
                Action::PlaceTile { pos, rotation } => format!("t{},{},{}", pos.x, pos.y, rotation.quarter_turns()),
                Action::PlaceIslander { feature } => format!("i{feature}"),
                Action::RetrieveIslander { pos, feature } => format!("r{},{},{feature}", pos.x, pos.y),
                Action::SkipIslander => "s".into(),
                Action::ChooseShip { ship } => format!("c{}", ship.0),
                Action::Deliver { ship } => format!("d{}", ship.0),
                Action::Pay { payment } => format!("p{},{},{}", payment.shells, payment.bananas, payment.fish),
                Action::EndTurn => "e".into(),
            },
        }
    }

    /// The code's meaning; None for anything that is not one of South Seas' codes (outside
    /// input: read by character, never panics).
    pub fn parse(code: &str) -> Option<Code> {
        let nums = |s: &str| -> Option<Vec<i64>> { s.split(',').map(|n| n.parse().ok()).collect() };
        Some(match code {
            "s" => Code::Act(Action::SkipIslander),
            "e" => Code::Act(Action::EndTurn),
            _ => {
                // By character, not byte: outside input may start with any character.
                let head = code.chars().next()?;
                let n = nums(&code[head.len_utf8()..])?;
                let byte = |v: i64| u8::try_from(v).ok();
                let int = |v: i64| i32::try_from(v).ok();
                match (head, n.as_slice()) {
                    ('o', &[x, y]) => return Some(Code::Spot(Pos::new(int(x)?, int(y)?))),
                    ('g', &[page]) => return Some(Code::Spots(byte(page).filter(|p| *p >= 1)?)),
                    ('q', &[page]) => return Some(Code::Payments(byte(page).filter(|p| *p >= 1)?)),
                    _ => {}
                }
                Code::Act(match (head, n.as_slice()) {
                    ('t', &[x, y, r]) => Action::PlaceTile { pos: Pos::new(int(x)?, int(y)?), rotation: Rotation::new(byte(r)?)? },
                    ('i', &[f]) => Action::PlaceIslander { feature: byte(f)? },
                    ('r', &[x, y, f]) => Action::RetrieveIslander { pos: Pos::new(int(x)?, int(y)?), feature: byte(f)? },
                    ('c', &[s]) => Action::ChooseShip { ship: ShipId(byte(s)?) },
                    ('d', &[s]) => Action::Deliver { ship: ShipId(byte(s)?) },
                    ('p', &[s, b, f]) => {
                        let w = |v: i64| u16::try_from(v).ok();
                        Action::Pay { payment: Wares::new(w(s)?, w(b)?, w(f)?) }
                    }
                    _ => return None,
                })
            }
        })
    }

    /// The South Seas code a host command carries, if it is one.
    pub fn of(command: &Command) -> Option<Code> {
        match command {
            Command::Game(code) => Code::parse(code),
            _ => None,
        }
    }

    /// As the host's contract reads a click: a step, or a view (its code).
    pub(crate) fn click(self) -> Click<Action> {
        match self {
            Code::Act(action) => Click::Act(action),
            view => Click::View(view.code()),
        }
    }
}

/// A step's button code (`Code::Act`): what tests and tools press.
pub fn act(action: Action) -> Command {
    Code::Act(action).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::ComponentId;

    #[test]
    fn every_code_round_trips_within_discords_limit() {
        let actions = [
            Action::PlaceTile { pos: Pos::new(-3, 12), rotation: Rotation::new(3).unwrap() },
            Action::PlaceIslander { feature: 2 },
            Action::RetrieveIslander { pos: Pos::new(0, -1), feature: 0 },
            Action::SkipIslander,
            Action::ChooseShip { ship: ShipId(23) },
            Action::Deliver { ship: ShipId(0) },
            Action::Pay { payment: Wares::new(1, 0, 5) },
            Action::EndTurn,
        ];
        let codes = actions.into_iter().map(Code::Act).chain([Code::Spot(Pos::new(-4, 7)), Code::Spots(2), Code::Payments(3)]);
        for code in codes {
            let id = ComponentId::button(42, 7, code);
            assert!(id.len() <= 100, "Discord limits custom ids to 100 characters");
            let parsed = ComponentId::parse(&id).expect("parses");
            assert_eq!((parsed.game, parsed.version), (42, 7));
            let Some(Command::Game(text)) = parsed.command else { panic!("{id} is a game code") };
            assert_eq!(Code::parse(&text), Some(code), "{id}");
        }
    }

    #[test]
    fn malformed_codes_are_rejected() {
        for code in ["", "t1,2", "i999", "t1,2,4", "zz", "p-1,0,0", "g0", "q", "o1", "é1,2", "t1,,2", "s1"] {
            assert_eq!(Code::parse(code), None, "{code}");
        }
    }
}
