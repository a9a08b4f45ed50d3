//! Seafarers' own button and menu codes: a step (`asettle_0,1,N`: the engine's stored action
//! record without its seat, spaces as `_`), a menu of the turn's spots of one kind (`mt2`: page
//! 2 of the settlement spots), back to the turn's buttons (`k`), or a private builder of a
//! choice of cards (`pd0.1.0.0.2`: a discard with one lumber and two ore chosen so far; `po`
//! an offer, `pc` a counter-offer: what is given `/` what is wanted), or a close-up of one zone
//! of a step's spots (`z2`). They
//! are stored in messages already posted: add codes, never change one.

use crate::common::Command;
use crate::games::contract::Click;
use seafarers_engine::{Action, Resources, record};

/// A list of the turn's choices of one kind, shown as a menu on the turn message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKind {
    /// Where to place the next harbour (A New World's setup).
    Harbour,
    /// Settlements (in setup and in play).
    Settlement,
    City,
    /// Roads and ships (in setup, in play and from Road Building).
    Road,
    Ship,
    MoveShip,
    /// Development cards to play.
    Cards,
    /// Trades with the bank at the player's rates.
    Bank,
    /// Where the robber or the pirate goes, and whom it robs.
    Robber,
}

impl MenuKind {
    const ALL: [(MenuKind, char); 9] = [
        (MenuKind::Harbour, 'h'),
        (MenuKind::Settlement, 't'),
        (MenuKind::City, 'c'),
        (MenuKind::Road, 'r'),
        (MenuKind::Ship, 's'),
        (MenuKind::MoveShip, 'v'),
        (MenuKind::Cards, 'd'),
        (MenuKind::Bank, 'b'),
        (MenuKind::Robber, 'x'),
    ];

    fn letter(self) -> char {
        MenuKind::ALL.iter().find(|(k, _)| *k == self).map_or('?', |(_, c)| *c)
    }

    fn of_letter(c: char) -> Option<MenuKind> {
        MenuKind::ALL.iter().find(|(_, l)| *l == c).map(|(k, _)| *k)
    }
}

/// A choice of cards built by taps, privately (the player's own message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Cards to discard on a seven (from the player's hand).
    Discard(Resources),
    /// Cards to take for gold (from the bank).
    Gold(Resources),
    /// A trade offer to the other players: what the player gives, and what they want.
    Offer(Resources, Resources),
    /// A counter-offer to the open offer: what the answering player gives, and what they want.
    Counter(Resources, Resources),
}

/// What one of Seafarers' buttons or menu options asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// Take this step.
    Act(Action),
    /// Show page N (from 1) of a kind of the turn's choices.
    Menu(MenuKind, u8),
    /// Back to the turn's buttons.
    Back,
    /// A private builder of a choice of cards, with what is chosen so far.
    Pick(Pick),
    /// A close-up of zone N (from 1) of a step with too many spots for one picture.
    Zone(u8),
}

impl From<Code> for Command {
    fn from(code: Code) -> Command {
        Command::Game(code.code())
    }
}

fn cards_code(r: &Resources) -> String {
    format!("{}.{}.{}.{}.{}", r.brick, r.lumber, r.wool, r.grain, r.ore)
}

fn parse_cards(s: &str) -> Option<Resources> {
    let n: Vec<u8> = s.split('.').map(|p| if p.len() <= 3 { p.parse().ok() } else { None }).collect::<Option<_>>()?;
    match n.as_slice() {
        &[brick, lumber, wool, grain, ore] => Some(Resources { brick, lumber, wool, grain, ore }),
        _ => None,
    }
}

impl Code {
    /// A short code, stable across versions of the bot (old buttons must keep parsing).
    pub fn code(&self) -> String {
        match self {
            Code::Act(action) => {
                // The stored record of seat 0, without its version and seat: a button may be
                // pressed by anyone, so its code names no seat.
                let record = record::encode(0, action);
                let body = record.split_once(' ').map_or("", |(_, body)| body);
                format!("a{}", body.replace(' ', "_"))
            }
            Code::Menu(kind, page) => format!("m{}{page}", kind.letter()),
            Code::Back => "k".into(),
            Code::Zone(n) => format!("z{n}"),
            Code::Pick(Pick::Discard(r)) => format!("pd{}", cards_code(r)),
            Code::Pick(Pick::Gold(r)) => format!("pg{}", cards_code(r)),
            Code::Pick(Pick::Offer(give, want)) => format!("po{}/{}", cards_code(give), cards_code(want)),
            Code::Pick(Pick::Counter(give, want)) => format!("pc{}/{}", cards_code(give), cards_code(want)),
        }
    }

    /// The code's meaning; None for anything that is not one of Seafarers' codes (outside
    /// input: read by character, never panics).
    pub fn parse(code: &str) -> Option<Code> {
        let mut chars = code.chars();
        let head = chars.next()?;
        let rest = chars.as_str();
        match head {
            'a' if !rest.is_empty() && !rest.contains(' ') => {
                let (_, action) = record::decode(&format!("1:0 {}", rest.replace('_', " "))).ok()?;
                Some(Code::Act(action))
            }
            'm' => {
                let mut cs = rest.chars();
                let kind = MenuKind::of_letter(cs.next()?)?;
                let page: u8 = cs.as_str().parse().ok().filter(|p| *p >= 1)?;
                // One spelling per page: no leading zeros or signs.
                (cs.as_str() == page.to_string()).then_some(Code::Menu(kind, page))
            }
            'k' if rest.is_empty() => Some(Code::Back),
            'z' => {
                let n: u8 = rest.parse().ok().filter(|n| *n >= 1)?;
                // One spelling per zone: no leading zeros or signs.
                (rest == n.to_string()).then_some(Code::Zone(n))
            }
            'p' => {
                let (kind, cards) = (rest.get(..1)?, rest.get(1..)?);
                match kind {
                    "d" => Some(Code::Pick(Pick::Discard(parse_cards(cards)?))),
                    "g" => Some(Code::Pick(Pick::Gold(parse_cards(cards)?))),
                    "o" | "c" => {
                        let (give, want) = cards.split_once('/')?;
                        let (give, want) = (parse_cards(give)?, parse_cards(want)?);
                        Some(Code::Pick(if kind == "o" { Pick::Offer(give, want) } else { Pick::Counter(give, want) }))
                    }
                    _ => None,
                }
            }
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

/// A step's button code: what tests and tools press.
pub fn act(action: Action) -> Command {
    Code::Act(action).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::ComponentId;
    use seafarers_engine::{Edge, Hex, Resource, Side, Vertex};

    #[test]
    fn every_code_round_trips_within_discords_limit() {
        let big = Resources { brick: 19, lumber: 19, wool: 19, grain: 19, ore: 19 };
        let actions = [
            Action::BuildSettlement { at: Vertex { hex: Hex { q: -3, r: 2 }, top: true } },
            Action::BuildShip { at: Edge { hex: Hex { q: 0, r: -5 }, side: Side::SE } },
            Action::MoveShip {
                from: Edge { hex: Hex { q: 1, r: 1 }, side: Side::E },
                to: Edge { hex: Hex { q: -1, r: 1 }, side: Side::NE },
            },
            Action::Roll,
            Action::Discard { cards: Resources { brick: 2, ore: 1, ..Resources::default() } },
            Action::MoveRobber { to: Hex { q: 2, r: -1 }, victim: Some(3) },
            Action::PlayYearOfPlenty { first: Resource::Ore, second: Resource::Wool },
            Action::OfferTrade { give: big, want: big, to: Some(3) },
            Action::AnswerTrade { accept: false },
            Action::CounterTrade { give: big, want: big },
            Action::EndTurn,
        ];
        let codes = actions.into_iter().map(Code::Act).chain([
            Code::Menu(MenuKind::Robber, 12),
            Code::Back,
            Code::Zone(1),
            Code::Zone(255),
            Code::Pick(Pick::Discard(big)),
            Code::Pick(Pick::Offer(big, big)),
            Code::Pick(Pick::Counter(big, big)),
            Code::Pick(Pick::Gold(Resources::default())),
        ]);
        for code in codes {
            let id = ComponentId::button(9_007_199_254_740_991, 99_999, code);
            assert!(id.len() <= 100, "Discord limits custom ids to 100 characters: {id}");
            let parsed = ComponentId::parse(&id).expect("parses");
            let Some(Command::Game(text)) = parsed.command else { panic!("{id} is a game code") };
            assert_eq!(Code::parse(&text), Some(code), "{id}");
        }
    }

    #[test]
    fn malformed_codes_are_rejected() {
        for code in [
            "",
            "a",
            "aroll_",
            "a roll",
            "asettle_0,1,W",
            "m",
            "mt0",
            "mt01",
            "mz1",
            "k1",
            "z",
            "z0",
            "z01",
            "z+1",
            "z256",
            "z1 ",
            "pd1.2",
            "pq0.0.0.0.0",
            "po1.0.0.0.0",
            "pc1.0.0.0.0/",
            "pc/",
            "é",
            "p",
            "pd1.2.3.4.5555",
        ] {
            assert_eq!(Code::parse(code), None, "{code}");
        }
    }
}
