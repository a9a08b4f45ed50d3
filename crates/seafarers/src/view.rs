//! What one player may see: the board and the public counts, their own cards, and nobody
//! else's development cards or the kinds of resource cards in another hand.

use crate::cards::{DevCards, Harbour, Resources};
use crate::game::{Building, COLOURS, Game, Offer, Phase, Route, Stats};
use crate::geometry::{Edge, Hex, Vertex};
use crate::map::MapHex;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The player this view is for (`None`: everything, for scripts and tests).
    pub viewer: Option<u8>,
    pub scenario: String,
    pub target: u8,
    pub phase: Phase,
    pub turn: u32,
    pub active: u8,
    pub to_act: Vec<usize>,
    pub last_roll: Option<[u8; 2]>,
    pub hexes: Vec<MapHex>,
    pub harbours: Vec<(Edge, Harbour)>,
    pub robber: Option<Hex>,
    pub pirate: Option<Hex>,
    pub buildings: Vec<(Vertex, Building)>,
    pub routes: Vec<(Edge, Route)>,
    pub bank: Resources,
    pub deck_left: usize,
    pub players: Vec<PlayerView>,
    pub pending_discards: Vec<(u8, u8)>,
    pub pending_gold: Vec<(u8, u8)>,
    pub offer: Option<Offer>,
    pub longest_route: Option<usize>,
    pub largest_army: Option<usize>,
    pub winner: Option<usize>,
    /// Counters (public: they count public events).
    pub stats: Stats,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: usize,
    pub colour: &'static str,
    /// The cards by kind: only for the player themself.
    pub hand: Option<Resources>,
    pub cards: u32,
    /// Development cards in hand: only for the player themself.
    pub dev: Option<DevCards>,
    pub dev_cards: u32,
    pub knights: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    pub ships_left: u8,
    pub chips: u8,
    pub route_length: u8,
    /// Points everyone can count (no hidden victory point cards).
    pub public_points: u8,
    /// All points, hidden cards included: only for the player themself.
    pub points: Option<u8>,
}

impl Game {
    /// What `player` may see.
    pub fn view(&self, player: usize) -> View {
        self.view_for(Some(player as u8))
    }

    /// Everything, hands and development cards included (scripts, tests, a finished game).
    pub fn full_view(&self) -> View {
        self.view_for(None)
    }

    fn view_for(&self, viewer: Option<u8>) -> View {
        let sees = |p: usize| viewer.is_none_or(|v| v as usize == p);
        View {
            viewer,
            scenario: self.scenario().id.clone(),
            target: self.target(),
            phase: self.phase(),
            turn: self.turn(),
            active: self.active_player() as u8,
            to_act: self.to_act(),
            last_roll: self.last_roll(),
            hexes: self.hexes(),
            harbours: self.harbours(),
            robber: self.robber(),
            pirate: self.pirate(),
            buildings: self.buildings(),
            routes: self.routes(),
            bank: self.bank(),
            deck_left: self.deck_size(),
            players: self
                .players()
                .iter()
                .enumerate()
                .map(|(seat, p)| PlayerView {
                    seat,
                    colour: COLOURS[seat],
                    hand: sees(seat).then_some(p.hand),
                    cards: p.hand.total(),
                    dev: sees(seat).then_some(p.dev),
                    dev_cards: p.dev.total(),
                    knights: p.knights,
                    settlements_left: p.settlements_left,
                    cities_left: p.cities_left,
                    roads_left: p.roads_left,
                    ships_left: p.ships_left,
                    chips: p.chips,
                    route_length: p.route_length,
                    public_points: self.public_points(seat),
                    points: sees(seat).then_some(p.points),
                })
                .collect(),
            pending_discards: self.pending_discards().to_vec(),
            pending_gold: self.pending_gold().to_vec(),
            offer: self.offer().cloned(),
            longest_route: self.longest_route_holder(),
            largest_army: self.largest_army_holder(),
            winner: self.winner(),
            stats: self.stats(),
        }
    }
}
