//! Actions players take, events the engine reports, and why an action is refused.

use crate::cards::{DevCard, Harbour, Resource, Resources, Terrain};
use crate::game::Phase;
use crate::geometry::{Edge, Hex, Vertex};
use crate::refusal::Reason;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of one player. Small, `Copy`, and serialisable: the store keeps a list of
/// `(player, action)` pairs. The same action places setup pieces and builds during a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Setup of A New World: place the next harbour of the shuffled pile on a coast edge.
    PlaceHarbour {
        at: Edge,
    },
    BuildSettlement {
        at: Vertex,
    },
    BuildCity {
        at: Vertex,
    },
    BuildRoad {
        at: Edge,
    },
    BuildShip {
        at: Edge,
    },
    MoveShip {
        from: Edge,
        to: Edge,
    },
    Roll,
    /// On a seven: exactly half (rounded down) of the player's cards.
    Discard {
        cards: Resources,
    },
    /// Move the robber to a land hex and steal from `victim` (who must have a building there
    /// and a card; `None` only when nobody qualifies).
    MoveRobber {
        to: Hex,
        victim: Option<u8>,
    },
    /// Move the pirate to a sea hex and steal from every other player with a ship next to it.
    MovePirate {
        to: Hex,
    },
    ChooseGold {
        cards: Resources,
    },
    BuyDevCard,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty {
        first: Resource,
        second: Resource,
    },
    PlayMonopoly {
        resource: Resource,
    },
    /// Trade with the bank at the player's best rate for `give` (4:1, 3:1 or 2:1) for one `get`.
    MaritimeTrade {
        give: Resource,
        get: Resource,
    },
    /// Offer a trade to everyone (`to: None`) or to one player; replaces an open offer.
    OfferTrade {
        give: Resources,
        want: Resources,
        to: Option<u8>,
    },
    AnswerTrade {
        accept: bool,
    },
    /// Answer the open offer with other terms, from the answering player's side: what they
    /// would give and what they want for it. The offerer may confirm it like an acceptance.
    CounterTrade {
        give: Resources,
        want: Resources,
    },
    ConfirmTrade {
        with: u8,
    },
    WithdrawTrade,
    EndTurn,
}

impl fmt::Display for Action {
    /// The text form used in script files and logs (see the README).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::PlaceHarbour { at } => write!(f, "harbour {at}"),
            Action::BuildSettlement { at } => write!(f, "settle {at}"),
            Action::BuildCity { at } => write!(f, "city {at}"),
            Action::BuildRoad { at } => write!(f, "road {at}"),
            Action::BuildShip { at } => write!(f, "ship {at}"),
            Action::MoveShip { from, to } => write!(f, "move-ship {from} {to}"),
            Action::Roll => f.write_str("roll"),
            Action::Discard { cards } => write!(f, "discard {cards}"),
            Action::MoveRobber { to, victim: Some(v) } => write!(f, "robber {to} {v}"),
            Action::MoveRobber { to, victim: None } => write!(f, "robber {to}"),
            Action::MovePirate { to } => write!(f, "pirate {to}"),
            Action::ChooseGold { cards } => write!(f, "gold {cards}"),
            Action::BuyDevCard => f.write_str("buy"),
            Action::PlayKnight => f.write_str("knight"),
            Action::PlayRoadBuilding => f.write_str("road-building"),
            Action::PlayYearOfPlenty { first, second } => write!(f, "year-of-plenty {first} {second}"),
            Action::PlayMonopoly { resource } => write!(f, "monopoly {resource}"),
            Action::MaritimeTrade { give, get } => write!(f, "maritime {give} {get}"),
            Action::OfferTrade { give, want, to } => {
                write!(f, "offer {} for {}", give.to_string().replace(' ', ","), want.to_string().replace(' ', ","))?;
                if let Some(p) = to { write!(f, " to {p}") } else { Ok(()) }
            }
            Action::AnswerTrade { accept: true } => f.write_str("accept"),
            Action::AnswerTrade { accept: false } => f.write_str("decline"),
            Action::CounterTrade { give, want } => {
                write!(f, "counter {} for {}", give.to_string().replace(' ', ","), want.to_string().replace(' ', ","))
            }
            Action::ConfirmTrade { with } => write!(f, "confirm {with}"),
            Action::WithdrawTrade => f.write_str("withdraw"),
            Action::EndTurn => f.write_str("end"),
        }
    }
}

/// What happened, in order, so that a bot can narrate it. Events that name a stolen card
/// (`Stole`) or a bought card (`DevCardBought`) carry private information: show them to the
/// players concerned only (see [`Event::private_to`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    HarbourPlaced {
        player: u8,
        at: Edge,
        harbour: Harbour,
    },
    SettlementBuilt {
        player: u8,
        at: Vertex,
    },
    CityBuilt {
        player: u8,
        at: Vertex,
    },
    RoadBuilt {
        player: u8,
        at: Edge,
        free: bool,
    },
    ShipBuilt {
        player: u8,
        at: Edge,
        free: bool,
    },
    ShipMoved {
        player: u8,
        from: Edge,
        to: Edge,
    },
    /// The second setup settlement's cards.
    SetupCards {
        player: u8,
        cards: Resources,
    },
    Rolled {
        player: u8,
        dice: [u8; 2],
        total: u8,
    },
    Produced {
        player: u8,
        cards: Resources,
    },
    /// The bank could not pay everyone what a roll owed of this resource: nobody received it.
    BankShort {
        resource: Resource,
    },
    GoldOwed {
        player: u8,
        count: u8,
    },
    GoldTaken {
        player: u8,
        cards: Resources,
    },
    MustDiscard {
        player: u8,
        count: u8,
    },
    Discarded {
        player: u8,
        cards: Resources,
    },
    RobberMoved {
        player: u8,
        to: Hex,
    },
    PirateMoved {
        player: u8,
        to: Hex,
    },
    /// `resource` is `None` when the victim had no card.
    Stole {
        thief: u8,
        victim: u8,
        resource: Option<Resource>,
    },
    DevCardBought {
        player: u8,
        card: DevCard,
    },
    DevCardPlayed {
        player: u8,
        card: DevCard,
    },
    YearOfPlenty {
        player: u8,
        cards: Resources,
    },
    Monopoly {
        player: u8,
        resource: Resource,
        taken: u8,
    },
    MaritimeTraded {
        player: u8,
        gave: Resources,
        got: Resource,
    },
    TradeOffered {
        player: u8,
        give: Resources,
        want: Resources,
        to: Option<u8>,
    },
    TradeAnswered {
        player: u8,
        accept: bool,
    },
    /// `player` answered with other terms: they would give `give` for `want`.
    TradeCountered {
        player: u8,
        give: Resources,
        want: Resources,
    },
    Traded {
        offerer: u8,
        partner: u8,
        gave: Resources,
        got: Resources,
    },
    TradeClosed,
    LongestRoute {
        holder: Option<u8>,
        length: u8,
    },
    LargestArmy {
        holder: u8,
        knights: u8,
    },
    ChipAwarded {
        player: u8,
        island: Hex,
        points: u8,
    },
    Discovered {
        player: u8,
        hex: Hex,
        terrain: Terrain,
        number: Option<u8>,
    },
    DiscoveryCard {
        player: u8,
        resource: Resource,
    },
    SetupDone,
    TurnStarted {
        player: u8,
        turn: u32,
    },
    GameOver {
        winner: u8,
        points: Vec<u8>,
    },
}

impl Event {
    /// Players allowed to see this event as it is (`None`: everyone). Others may be told a
    /// redacted form (a card was stolen; a card was bought).
    pub fn private_to(&self) -> Option<Vec<u8>> {
        match *self {
            Event::Stole { thief, victim, .. } => Some(vec![thief, victim]),
            Event::DevCardBought { player, .. } => Some(vec![player]),
            _ => None,
        }
    }

    /// True when the event reveals a random outcome (dice, a card drawn or stolen, a
    /// discovered hex): an undo must not go back past it.
    pub fn reveals_chance(&self) -> bool {
        matches!(self, Event::Rolled { .. } | Event::Stole { .. } | Event::DevCardBought { .. } | Event::Discovered { .. })
    }
}

/// Why an action was refused. The game is unchanged. Each refusal is data (a bot words it in its
/// players' language); `Display` is the engine's English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(String),
    GameOver,
    /// Not this player's decision now.
    NotYourTurn {
        player: u8,
    },
    /// Not a step of this phase: the game waits for the step of `phase`.
    WrongPhase {
        phase: Phase,
    },
    CannotAfford {
        cost: Resources,
    },
    NoPieceLeft {
        piece: &'static str,
    },
    Illegal {
        reason: Reason,
    },
}

impl RuleError {
    pub(crate) fn illegal(reason: Reason) -> RuleError {
        RuleError::Illegal { reason }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Setup(m) => write!(f, "cannot set up the game: {m}"),
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NotYourTurn { player } => write!(f, "player {player} has nothing to decide now"),
            RuleError::WrongPhase { phase } => write!(f, "not now: the game waits for {}", waits_for(*phase)),
            RuleError::CannotAfford { cost } => write!(f, "you can't pay {cost}"),
            RuleError::NoPieceLeft { piece } => write!(f, "you have no {piece} left in your supply"),
            RuleError::Illegal { reason } => write!(f, "{reason}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// What the game waits for in `phase`, in the engine's words.
fn waits_for(phase: Phase) -> &'static str {
    match phase {
        Phase::PlaceHarbour => "the next harbour to be placed",
        Phase::SetupSettlement => "a setup settlement",
        Phase::SetupRoute { .. } => "a road or ship next to the settlement just placed",
        Phase::Roll => "the roll (or a development card before it)",
        Phase::Main => "trading, building or the end of the turn",
        Phase::Discard => "the discards on the seven",
        Phase::Robber => "the robber (or pirate) to move",
        Phase::Gold => "the gold choices",
        Phase::RoadBuilding { .. } => "the free roads or ships of Road Building",
        Phase::GameOver { .. } => "nothing: the game is over",
    }
}
