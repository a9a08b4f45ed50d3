//! Actions players take, events the engine reports, and why an action is refused.

use crate::game::{Phase, RetrieveRule, Score};
use crate::geometry::{Dir, Pos, Rotation};
use crate::ships::{Demand, ShipId};
use crate::tileset::{EdgeKind, FeatureKind, TileId};
use crate::wares::{Ware, Wares};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A feature printed on a placed tile: the tile's position and the feature's index in the
/// tile's data (islands, then bridges, then seas, then the market).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FeatureRef {
    pub pos: Pos,
    pub feature: u8,
}

/// One step of a player. Small, `Copy`, and serialisable: the store keeps a list of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Place the drawn tile.
    PlaceTile { pos: Pos, rotation: Rotation },
    /// Place an islander from the supply on feature `feature` of the tile just placed.
    PlaceIslander { feature: u8 },
    /// Take one of the player's islanders back from the board.
    RetrieveIslander { pos: Pos, feature: u8 },
    /// Neither place nor retrieve an islander.
    SkipIslander,
    /// A merchant's owner picks one of the equally valuable ships.
    ChooseShip { ship: ShipId },
    /// Deliver to a ship on display (the payment follows with `Pay` when it is a choice).
    Deliver { ship: ShipId },
    /// Pay the ship chosen with `Deliver`.
    Pay { payment: Wares },
    /// Deliver nothing: the turn ends.
    EndTurn,
}

impl fmt::Display for Action {
    /// The text form used in scenario files and logs (see the README).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::PlaceTile { pos, rotation } => write!(f, "place {} {} {}", pos.x, pos.y, rotation.degrees()),
            Action::PlaceIslander { feature } => write!(f, "islander {feature}"),
            Action::RetrieveIslander { pos, feature } => write!(f, "retrieve {} {} {feature}", pos.x, pos.y),
            Action::SkipIslander => f.write_str("skip"),
            Action::ChooseShip { ship } => write!(f, "choose #{}", ship.0),
            Action::Deliver { ship } => write!(f, "deliver #{}", ship.0),
            Action::Pay { payment } => write!(f, "pay shells={} bananas={} fish={}", payment.shells, payment.bananas, payment.fish),
            Action::EndTurn => f.write_str("end"),
        }
    }
}

/// Why a feature was evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreReason {
    Completed,
    FishingBoat,
    GameEnd,
}

/// What happened, in order, so that a bot can narrate it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TilePlaced {
        player: u8,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    },
    IslanderPlaced {
        player: u8,
        at: FeatureRef,
        kind: FeatureKind,
    },
    IslanderRetrieved {
        player: u8,
        at: FeatureRef,
        kind: FeatureKind,
    },
    /// The tile closed a feature (occupied or not); an evaluation follows if it is occupied.
    FeatureCompleted {
        kind: FeatureKind,
        at: FeatureRef,
        tiles: u16,
    },
    /// A feature was evaluated: each winner (the players with the most islanders on it)
    /// received `amount` of `ware`.
    FeatureScored {
        kind: FeatureKind,
        reason: ScoreReason,
        at: FeatureRef,
        tiles: u16,
        ware: Ware,
        amount: u16,
        winners: Vec<u8>,
    },
    /// A fishing-boat token now covers fish group `group` of the tile at `at.pos`.
    FishCovered {
        at: FeatureRef,
        group: u8,
        fish: u8,
    },
    IslanderReturned {
        player: u8,
        at: FeatureRef,
        kind: FeatureKind,
    },
    ShipTakenByMarket {
        player: u8,
        ship: ShipId,
        at: FeatureRef,
    },
    /// A market closed while the display was empty: its merchant goes home with nothing.
    MarketFoundNoShip {
        player: u8,
        at: FeatureRef,
    },
    ShipDelivered {
        player: u8,
        ship: ShipId,
        payment: Wares,
    },
    ShipRevealed {
        ship: ShipId,
    },
    /// A drawn tile fit nowhere and left the game.
    TileDiscarded {
        tile: TileId,
    },
    TurnStarted {
        player: u8,
        tile: TileId,
        turn: u32,
    },
    GameOver {
        scores: Vec<Score>,
        winners: Vec<u8>,
    },
}

/// Why an action was refused. The game is unchanged. Each refusal is data (a bot words it in its
/// players' language, naming places as its pictures do); `Display` is the engine's English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    Setup(String),
    GameOver,
    /// Not a step of this phase: the game waits for the step of `phase`.
    WrongPhase {
        phase: Phase,
    },
    IllegalPlacement {
        reason: Misplaced,
    },
    NoSuchFeature {
        feature: u8,
        count: usize,
    },
    FeatureOccupied {
        kind: FeatureKind,
    },
    NoIslanderInSupply,
    RetrieveNotAllowed {
        rule: RetrieveRule,
    },
    NoIslanderThere {
        at: FeatureRef,
    },
    NotAMarketChoice,
    ShipNotOnDisplay,
    CannotPay {
        demand: Demand,
    },
    PaymentNotAccepted {
        demand: Demand,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Setup(m) => write!(f, "cannot set up the game: {m}"),
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::WrongPhase { phase } => write!(f, "not now: the game waits for you to {}", waits_for(*phase)),
            RuleError::IllegalPlacement { reason } => write!(f, "the tile can't go there: {reason}"),
            RuleError::NoSuchFeature { feature, count } => write!(f, "the tile has no feature {feature} (it has {count})"),
            RuleError::FeatureOccupied { kind } => {
                write!(f, "that {} is already occupied by an islander (counting everything it connects to)", kind.name())
            }
            RuleError::NoIslanderInSupply => f.write_str("you have no islander in your supply"),
            RuleError::RetrieveNotAllowed { rule: RetrieveRule::EmptySupply } => {
                f.write_str("you may retrieve an islander only when your supply is empty (rule: empty-supply)")
            }
            RuleError::RetrieveNotAllowed { rule: RetrieveRule::AnyTurn } => f.write_str("you may not retrieve an islander now"),
            RuleError::NoIslanderThere { at } => write!(f, "you have no islander on feature {} of the tile at {}", at.feature, at.pos),
            RuleError::NotAMarketChoice => f.write_str("that ship is not one of the most valuable ships on display"),
            RuleError::ShipNotOnDisplay => f.write_str("that ship is not on display"),
            RuleError::CannotPay { demand } => write!(f, "you can't pay that ship (it wants {demand})"),
            RuleError::PaymentNotAccepted { demand } => {
                write!(f, "that payment doesn't fit the ship (it wants {demand}) or you don't have it")
            }
        }
    }
}

impl std::error::Error for RuleError {}

/// What the player to act is to do in `phase`, in the engine's words.
fn waits_for(phase: Phase) -> &'static str {
    match phase {
        Phase::PlaceTile => "place the drawn tile",
        Phase::Islander { .. } => "place an islander, retrieve one, or skip",
        Phase::MarketShip { .. } => "choose the market's ship",
        Phase::Deliver => "deliver to a ship or end the turn",
        Phase::Payment { .. } => "choose how to pay the ship",
        Phase::GameOver => "nothing: the game is over",
    }
}

/// Why the drawn tile can't go where it was asked, the first reason found, with where as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misplaced {
    /// A tile already lies at `pos`.
    Taken { pos: Pos },
    /// `pos` touches no placed tile by an edge.
    NoNeighbour { pos: Pos },
    /// Turned `rotation` at `pos`, the tile's `dir` edge (`mine`) would touch a different edge
    /// (`theirs`) of the neighbour that way.
    Mismatch { pos: Pos, rotation: Rotation, dir: Dir, mine: EdgeKind, theirs: EdgeKind },
    /// The tile does not fit at `pos` for another reason (beyond the board's reach).
    NoFit { pos: Pos },
}

impl Misplaced {
    /// Where the tile was asked to go.
    pub fn pos(&self) -> Pos {
        match *self {
            Misplaced::Taken { pos } | Misplaced::NoNeighbour { pos } | Misplaced::Mismatch { pos, .. } | Misplaced::NoFit { pos } => pos,
        }
    }
}

impl fmt::Display for Misplaced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Misplaced::Taken { pos } => write!(f, "{pos} already holds a tile"),
            Misplaced::NoNeighbour { pos } => write!(f, "{pos} does not touch any tile by an edge"),
            Misplaced::Mismatch { pos, rotation, dir, mine, theirs } => write!(
                f,
                "at {pos} turned {}°, its {} edge ({}) would touch {} ({})",
                rotation.degrees(),
                dir.name(),
                mine.name(),
                theirs.name(),
                pos.step(dir)
            ),
            Misplaced::NoFit { pos } => write!(f, "the tile does not fit at {pos}"),
        }
    }
}
