//! The game: setup, turns, production, the robber and pirate, building, ships, trade,
//! development cards, special victory points, discovery and victory.
//!
//! `Game::apply` checks an action completely before changing anything, so a rejected action
//! leaves the game exactly as it was.

mod build;
mod dev;
mod hidden;
mod legal;
mod moves;
mod placement;
mod production;
mod query;
mod scoring;
mod setup;
mod trade;
mod turn;

use crate::cards::{DevCard, DevCards, Harbour, Resource, Resources, Terrain};
use crate::geometry::{Edge, Hex, Vertex};
use crate::map::{HomeRule, Map, MapHex, NONE, Pool, ScenarioMap, Topology};
use crate::refusal::{Problem, Reason};
use crate::{Action, Event, RuleError};
use seeded_rng::Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

pub use setup::Setup;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;
pub const COLOURS: [&str; MAX_PLAYERS] = ["red", "blue", "white", "orange"];
pub const SETTLEMENTS: u8 = 5;
pub const CITIES: u8 = 4;
pub const ROADS: u8 = 15;
pub const SHIPS: u8 = 15;
pub const BANK_PER_RESOURCE: u8 = 19;
/// The most development cards a deck may hold (the standard deck has 25; scripts may stack more).
pub const MAX_DECK: usize = 100;
/// Length a trade route needs to count.
pub const MIN_ROUTE: u8 = 5;

/// Game options chosen at the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The optional pirate variant (needs a pirate start on the map).
    pub pirate: bool,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// A New World: the player in turn places the next harbour.
    PlaceHarbour,
    SetupSettlement,
    /// The road (or ship) next to the settlement just placed.
    SetupRoute {
        settlement: Vertex,
    },
    /// The active player rolls (or plays a development card first).
    Roll,
    /// After the roll: trade, build, play a card, end the turn.
    Main,
    /// Players with more than 7 cards discard half (see `pending_discards`).
    Discard,
    /// The active player moves the robber (or the pirate) and steals.
    Robber,
    /// Players owed gold choose their cards (see `pending_gold`).
    Gold,
    /// Free pieces of Road Building still to place.
    RoadBuilding {
        left: u8,
    },
    GameOver {
        winner: u8,
    },
}

impl Phase {
    pub fn is_setup(self) -> bool {
        matches!(self, Phase::PlaceHarbour | Phase::SetupSettlement | Phase::SetupRoute { .. })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteKind {
    Road,
    Ship,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub owner: u8,
    pub city: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Route {
    pub owner: u8,
    pub kind: RouteKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub hand: Resources,
    pub dev: DevCards,
    /// Development cards bought this turn (not playable until the next turn).
    pub new_dev: DevCards,
    pub knights: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    pub ships_left: u8,
    /// Special victory points (chips).
    pub chips: u8,
    /// Islands (by their representative hex) where the player has a chip.
    pub chip_islands: Vec<Hex>,
    /// Home islands (by representative hex) under the `settlements` home rule.
    pub home_islands: Vec<Hex>,
    /// Longest trade route, as last computed.
    pub route_length: u8,
    /// Victory points, tracked as they change (hidden VP cards included).
    pub points: u8,
}

/// An open trade offer by the active player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub from: u8,
    pub give: Resources,
    pub want: Resources,
    pub to: Option<u8>,
    /// Answers so far, in order: one per player.
    pub answers: Vec<(u8, Answer)>,
}

/// A player's answer to an open offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Accept,
    Decline,
    /// Other terms, from the answering player's side: they give `give` for `want`.
    Counter {
        give: Resources,
        want: Resources,
    },
}

impl Offer {
    /// The terms of a trade with `partner`, from the offerer's side (what the offerer gives,
    /// what they get), when `partner` accepted the offer or countered it; None otherwise.
    pub fn terms_with(&self, partner: u8) -> Option<(Resources, Resources)> {
        match self.answers.iter().find(|a| a.0 == partner)?.1 {
            Answer::Accept => Some((self.give, self.want)),
            Answer::Counter { give, want } => Some((want, give)),
            Answer::Decline => None,
        }
    }

    /// Whether `player` has answered (accepted, declined or countered).
    pub fn answered(&self, player: u8) -> bool {
        self.answers.iter().any(|a| a.0 == player)
    }
}

/// Counters of what happened, for simulations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Rolls where the bank could not pay some resource in full.
    pub bank_short: u32,
    pub chips_awarded: u32,
    pub discoveries: u32,
    pub gold_choices: u32,
    pub ships_moved: u32,
    pub pirate_moves: u32,
    pub robber_moves: u32,
    pub harbours_placed: u32,
    pub must_ship_setups: u32,
    pub longest_route_changes: u32,
    pub largest_army_changes: u32,
    pub domestic_trades: u32,
    pub maritime_trades: u32,
}

#[derive(Clone, Debug)]
pub struct Game {
    scenario: Arc<ScenarioMap>,
    topo: Arc<Topology>,
    options: Options,
    /// Per hex: terrain (`None` while unknown) and number.
    terrain: Vec<Option<Terrain>>,
    number: Vec<u8>,
    /// Per hex, from the map: setup area, no chip, must-ship.
    setup_area: Vec<bool>,
    no_chip: Vec<bool>,
    must_ship: Vec<bool>,
    has_setup_area: bool,
    /// Per hex: representative hex index of its island (NONE for sea and unknown).
    island: Vec<u16>,
    /// Per representative hex: the island holds a setup-area hex / a no-chip hex.
    island_setup: Vec<bool>,
    island_no_chip: Vec<bool>,
    harbours: Vec<(u16, Harbour)>,
    vertex_harbour: Vec<Option<Harbour>>,
    harbour_queue: Vec<Harbour>,
    harbour_spots_relaxed: bool,
    /// No intersection of the setup area is left: setup settlements may go on any land.
    setup_area_relaxed: bool,
    fog: BTreeMap<char, Pool>,
    pool_of: Vec<char>,
    buildings: Vec<Option<Building>>,
    routes: Vec<Option<Route>>,
    players: Vec<PlayerState>,
    bank: Resources,
    /// Remaining deck; the next card is at the end.
    deck: Vec<DevCard>,
    played_dev: DevCards,
    robber: Option<u16>,
    pirate: Option<u16>,
    phase: Phase,
    active: u8,
    start_player: u8,
    turn: u32,
    setup_step: u8,
    rolled: bool,
    dev_played: bool,
    ship_moved: bool,
    /// Offers the active player made this turn (computer players make at most one a turn).
    offers_made: u8,
    built_ships: Vec<u16>,
    pending_discards: Vec<(u8, u8)>,
    pending_gold: Vec<(u8, u8)>,
    gold_resume: Phase,
    offer: Option<Offer>,
    longest: Option<u8>,
    army: Option<u8>,
    rng: Rng,
    forced_dice: VecDeque<[u8; 2]>,
    forced_steals: VecDeque<Resource>,
    last_roll: Option<[u8; 2]>,
    stats: Stats,
    opening: Vec<Event>,
}

fn other(a: u16, v: u16) -> bool {
    a != NONE && a != v
}

/// Ways out of 36 that two dice roll `n`.
pub fn pip(n: u8) -> u32 {
    match n {
        2 | 12 => 1,
        3 | 11 => 2,
        4 | 10 => 3,
        5 | 9 => 4,
        6 | 8 => 5,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A base game played by greedy bots through the setup.
    fn after_setup() -> Game {
        let sc = crate::scenarios::by_id("base").unwrap();
        let mut g = Game::new(sc, 3, 4, Options::default()).unwrap();
        let mut bot = crate::Bot::new(crate::Strategy::Greedy, 1);
        while g.phase().is_setup() || g.phase() == Phase::Gold {
            let p = g.to_act()[0];
            let a = bot.choose(&g, p).unwrap();
            g.apply(p, &a).unwrap();
        }
        g
    }

    #[test]
    fn a_player_who_reaches_the_target_out_of_turn_wins_at_the_start_of_their_own_turn() {
        let mut g = after_setup();
        let a = g.active_player();
        let next = (a + 1) % 3;
        // Points gained out of turn (as when a route passes to a player on another's turn).
        g.players[next].points = g.scenario.target;
        g.apply(a, &Action::Roll).unwrap();
        if g.phase() != Phase::Main {
            return; // a seven or gold: not the point of this test
        }
        assert!(!g.is_over(), "not the active player: no win yet");
        let events = g.apply(a, &Action::EndTurn).unwrap();
        assert_eq!(g.winner(), Some(next));
        assert!(matches!(events.last(), Some(Event::GameOver { winner, .. }) if *winner as usize == next));
    }

    #[test]
    fn longest_route_lost_by_its_holder_to_a_tie_goes_to_nobody() {
        let mut g = after_setup();
        let mut events = Vec::new();
        // Lengths as if computed: 0 holds with 5; then 1 and 2 reach 6 each.
        g.players[0].route_length = 5;
        g.update_routes(&[], &mut events);
        assert_eq!(g.longest, Some(0));
        g.players[1].route_length = 6;
        g.players[2].route_length = 6;
        g.update_routes(&[], &mut events);
        assert_eq!(g.longest, None, "the holder lost it and two others tie");
        assert_eq!(g.players[0].points, g.points_from_scratch(0));
        g.players[2].route_length = 7;
        g.update_routes(&[], &mut events);
        assert_eq!(g.longest, Some(2), "a sole longest takes it");
        g.players[1].route_length = 7;
        g.update_routes(&[], &mut events);
        assert_eq!(g.longest, Some(2), "the holder keeps it on a tie");
    }

    #[test]
    fn longest_route_counts_each_edge_of_a_loop_once() {
        let mut g = after_setup();
        let p = 0u8;
        // Give player 0 a ring of 6 roads around a hex in the middle plus one road off it,
        // ignoring costs and connection (the route measure only).
        let h = g.topo.hex_index(Hex::new(0, 0)).unwrap();
        for e in g.topo.hex_edges[h] {
            g.routes[e as usize] = Some(Route { owner: p, kind: RouteKind::Road });
        }
        for v in g.topo.hex_vertices[h] {
            g.buildings[v as usize] = None;
        }
        let v = g.topo.hex_vertices[h][0];
        let spoke = g.topo.vertex_edges[v as usize].iter().copied().find(|&e| e != NONE && g.routes[e as usize].is_none()).unwrap();
        g.routes[spoke as usize] = Some(Route { owner: p, kind: RouteKind::Road });
        let before: u8 = g.route_length_from_scratch(0);
        assert!(before >= 7, "ring of 6 + spoke: at least 7, got {before}");
        // An opponent's settlement on the ring breaks it: the trail can end there, not pass.
        let w = g.topo.hex_vertices[h][3];
        g.buildings[w as usize] = Some(Building { owner: 1, city: false });
        assert!(g.route_length_from_scratch(0) < before);
    }
}
