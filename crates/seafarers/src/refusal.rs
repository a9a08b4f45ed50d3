//! Why a step is refused, as data: the bot says each reason in its players' languages, and
//! `Display` gives the engine's own English (the words scripts and logs have always shown).

use crate::cards::{DevCard, Resource, Resources};
use crate::geometry::Hex;
use std::fmt;

/// Why a piece may not go on an intersection or edge (the placement checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    AlreadyBuilt,
    NoLand,
    DistanceRule,
    OutsideSetupArea,
    NotAtYourRoute,
    RouteThere,
    RoadNotConnected,
    NoShipsInScenario,
    NoSea,
    NextToPirate,
    ShipNotConnected,
    NotNextToNewSettlement,
    MustStartWithShip,
    NoShipOfYours,
    ShipAlreadyMoved,
    ShipBuiltThisTurn,
    ShipNextToPirate,
    ShipNotAtOpenEnd,
    NotCoast,
    HarbourThere,
    TouchesHarbour,
}

impl Problem {
    /// The engine's English, after the place it is about ("0,1,N is already built on").
    pub fn text(self) -> &'static str {
        match self {
            Problem::AlreadyBuilt => "is already built on",
            Problem::NoLand => "does not touch land",
            Problem::DistanceRule => "is next to a settlement or city (distance rule)",
            Problem::OutsideSetupArea => "is outside the setup area",
            Problem::NotAtYourRoute => "is not at the end of one of your roads or ships",
            Problem::RouteThere => "already holds a road or ship",
            Problem::RoadNotConnected => "does not connect to your road, settlement or city",
            Problem::NoShipsInScenario => "takes no ship: this scenario has no ships",
            Problem::NoSea => "does not touch the sea",
            Problem::NextToPirate => "is next to the pirate",
            Problem::ShipNotConnected => "does not connect to your ship, settlement or city",
            Problem::NotNextToNewSettlement => "is not next to the settlement just placed",
            Problem::MustStartWithShip => "takes no road: a settlement on a coast facing another island starts with a ship",
            Problem::NoShipOfYours => "holds no ship of yours",
            Problem::ShipAlreadyMoved => "holds a ship, but you have already moved a ship this turn",
            Problem::ShipBuiltThisTurn => "holds a ship built this turn",
            Problem::ShipNextToPirate => "holds a ship next to the pirate",
            Problem::ShipNotAtOpenEnd => "holds a ship that is not at an open end of a ship line",
            Problem::NotCoast => "is not a coast edge",
            Problem::HarbourThere => "already has a harbour",
            Problem::TouchesHarbour => "touches another harbour",
        }
    }

    /// Every problem, for tests that check each has words in every language.
    pub const ALL: [Problem; 21] = [
        Problem::AlreadyBuilt,
        Problem::NoLand,
        Problem::DistanceRule,
        Problem::OutsideSetupArea,
        Problem::NotAtYourRoute,
        Problem::RouteThere,
        Problem::RoadNotConnected,
        Problem::NoShipsInScenario,
        Problem::NoSea,
        Problem::NextToPirate,
        Problem::ShipNotConnected,
        Problem::NotNextToNewSettlement,
        Problem::MustStartWithShip,
        Problem::NoShipOfYours,
        Problem::ShipAlreadyMoved,
        Problem::ShipBuiltThisTurn,
        Problem::ShipNextToPirate,
        Problem::ShipNotAtOpenEnd,
        Problem::NotCoast,
        Problem::HarbourThere,
        Problem::TouchesHarbour,
    ];
}

/// Why an action breaks a rule (`RuleError::Illegal`). Places are the engine's coordinates
/// as text ("0,1,N"); players are seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A piece's place and what is wrong with it.
    Place {
        at: String,
        problem: Problem,
    },
    /// A coordinate that is not on this map (an intersection, edge or hex).
    OffMap {
        at: String,
        what: &'static str,
    },
    NoSettlementThere {
        at: String,
    },
    MoveShipElsewhere,
    DeckEmpty,
    OneCardATurn,
    NoCard {
        card: DevCard,
    },
    CardTooNew {
        card: DevCard,
    },
    RoadBuildingPlacesNothing,
    NoShips,
    DiscardCount {
        owed: u32,
        given: u32,
    },
    NotHeld {
        cards: Resources,
    },
    GoldCount {
        owed: u32,
        given: u32,
    },
    BankLacks {
        cards: Resources,
    },
    RobberOnSea {
        to: Hex,
    },
    RobberElsewhere,
    NameVictim {
        victims: Vec<u8>,
    },
    NotAVictim {
        player: u8,
        to: Hex,
    },
    NoPirate,
    PirateOnLand {
        to: Hex,
    },
    PirateElsewhere,
    OneForAnother,
    BankHasNo {
        resource: Resource,
    },
    NoGifts,
    BothSides,
    CannotBeOffered {
        player: u8,
    },
    NoOffer,
    OwnOffer,
    NotAddressed,
    AlreadyAnswered,
    OwnTerms,
    NotAccepted {
        player: u8,
    },
    NoLongerHolds {
        player: u8,
        cards: Resources,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Place { at, problem } => write!(f, "{at} {}", problem.text()),
            Reason::OffMap { at, what } => write!(f, "{at} is not {what} of this map"),
            Reason::NoSettlementThere { at } => write!(f, "you have no settlement on {at}"),
            Reason::MoveShipElsewhere => f.write_str("move the ship to another edge"),
            Reason::DeckEmpty => f.write_str("the development deck is empty"),
            Reason::OneCardATurn => f.write_str("you have already played a development card this turn"),
            Reason::NoCard { card } => write!(f, "you have no {} card", card.name()),
            Reason::CardTooNew { card } => write!(f, "a {} card bought this turn can be played from your next turn", card.name()),
            Reason::RoadBuildingPlacesNothing => {
                f.write_str("Road Building would place nothing: you have no road or ship that could be placed")
            }
            Reason::NoShips => f.write_str("this scenario has no ships"),
            Reason::DiscardCount { owed, given } => write!(f, "discard exactly {owed} cards, not {given}"),
            Reason::NotHeld { cards } => write!(f, "you don't hold {cards}"),
            Reason::GoldCount { owed, given } => write!(f, "choose exactly {owed} cards, not {given}"),
            Reason::BankLacks { cards } => write!(f, "the bank doesn't hold {cards}"),
            Reason::RobberOnSea { to } => write!(f, "the robber goes on land; {to} is not land"),
            Reason::RobberElsewhere => f.write_str("the robber must move to another hex"),
            Reason::NameVictim { victims } => write!(f, "name a player to steal from: one of {victims:?}"),
            Reason::NotAVictim { player, to } => write!(f, "player {player} has no building next to {to} or no card"),
            Reason::NoPirate => f.write_str("this game is played without the pirate"),
            Reason::PirateOnLand { to } => write!(f, "the pirate goes on sea; {to} is not sea"),
            Reason::PirateElsewhere => f.write_str("the pirate must move to another hex"),
            Reason::OneForAnother => f.write_str("trade one resource for another"),
            Reason::BankHasNo { resource } => write!(f, "the bank has no {resource}"),
            Reason::NoGifts => f.write_str("a trade needs at least one card each way (no gifts)"),
            Reason::BothSides => f.write_str("the same resource can't be on both sides"),
            Reason::CannotBeOffered { player } => write!(f, "player {player} can't be offered a trade"),
            Reason::NoOffer => f.write_str("there is no open trade offer"),
            Reason::OwnOffer => f.write_str("you can't answer your own offer"),
            Reason::NotAddressed => f.write_str("the offer is not addressed to you"),
            Reason::AlreadyAnswered => f.write_str("you have already answered this offer"),
            Reason::OwnTerms => f.write_str("those are the offer's own terms: accept it instead"),
            Reason::NotAccepted { player } => write!(f, "player {player} has not accepted the offer"),
            Reason::NoLongerHolds { player, cards } => write!(f, "player {player} no longer holds {cards}"),
        }
    }
}
