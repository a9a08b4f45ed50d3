//! The game: setup, turns, production, the robber and pirate, building, ships, trade,
//! development cards, special victory points, discovery and victory.
//!
//! `Game::apply` checks an action completely before changing anything, so a rejected action
//! leaves the game exactly as it was.

use crate::cards::{DevCard, DevCards, Harbour, Resource, Resources, Terrain};
use crate::geometry::{Edge, Hex, Vertex};
use crate::map::{HomeRule, Map, MapHex, NONE, Pool, ScenarioMap, Topology};
use crate::{Action, Event, RuleError};
use seeded_rng::Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;
pub const COLOURS: [&str; MAX_PLAYERS] = ["red", "blue", "white", "orange"];
pub const SETTLEMENTS: u8 = 5;
pub const CITIES: u8 = 4;
pub const ROADS: u8 = 15;
pub const SHIPS: u8 = 15;
pub const BANK_PER_RESOURCE: u8 = 19;
/// Length a trade route needs to count.
pub const MIN_ROUTE: u8 = 5;

/// Game options chosen at the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The optional pirate variant (needs a pirate start on the map).
    pub pirate: bool,
}

/// Everything that fixes a game before the first action. [`Setup::new`] draws the random parts
/// from a seed; scripts may fix any of them (and the dice and steals of play).
#[derive(Clone, Debug)]
pub struct Setup {
    pub scenario: Arc<ScenarioMap>,
    pub map: Map,
    pub options: Options,
    pub players: usize,
    pub start_player: usize,
    /// Development deck, first bought first.
    pub deck: Vec<DevCard>,
    /// Seeds the game's generator (dice and steals not fixed below).
    pub seed: u64,
    /// Dice of the first rolls, in order; later rolls come from the seed.
    pub dice: Vec<[u8; 2]>,
    /// Cards of the first steals, in order; later steals come from the seed.
    pub steals: Vec<Resource>,
    /// Cards each player holds at the start (taken from the bank); empty for none.
    pub hands: Vec<Resources>,
}

impl Setup {
    /// The scenario's map, the start player and the development deck, all drawn from `seed`.
    pub fn new(scenario: Arc<ScenarioMap>, players: usize, seed: u64, options: Options) -> Result<Setup, RuleError> {
        let mut rng = Rng::new(seed);
        let start_player = rng.below(players.max(1));
        let map = scenario.resolve(&mut rng).map_err(|e| RuleError::Setup(e.to_string()))?;
        let mut deck = DevCard::standard_deck();
        rng.shuffle(&mut deck);
        Ok(Setup { scenario, map, options, players, start_player, deck, seed, dice: Vec::new(), steals: Vec::new(), hands: Vec::new() })
    }
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
    /// Answers so far, in order.
    pub answers: Vec<(u8, bool)>,
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

impl Game {
    /// A new game of `scenario` with its random parts drawn from `seed`.
    pub fn new(scenario: Arc<ScenarioMap>, players: usize, seed: u64, options: Options) -> Result<Game, RuleError> {
        Game::from_setup(Setup::new(scenario, players, seed, options)?)
    }

    pub fn from_setup(setup: Setup) -> Result<Game, RuleError> {
        let sc = Arc::clone(&setup.scenario);
        if !(sc.min_players..=sc.max_players).contains(&setup.players) {
            return Err(RuleError::Setup(format!(
                "{} is for {} to {} players, not {}",
                sc.name, sc.min_players, sc.max_players, setup.players
            )));
        }
        if setup.start_player >= setup.players {
            return Err(RuleError::Setup(format!("start player {} does not exist", setup.start_player)));
        }
        if setup.options.pirate && setup.map.pirate.is_none() {
            return Err(RuleError::Setup(format!("{} has no pirate start", sc.name)));
        }
        if setup.hands.len() > setup.players {
            return Err(RuleError::Setup("more starting hands than players".into()));
        }
        if let Some(d) = setup.dice.iter().find(|d| !(1..=6).contains(&d[0]) || !(1..=6).contains(&d[1])) {
            return Err(RuleError::Setup(format!("dice {}+{} are not two dice", d[0], d[1])));
        }
        let mut cards = DevCards::default();
        for &c in &setup.deck {
            *cards.get_mut(c) += 1;
        }
        if cards.total() > 25 {
            return Err(RuleError::Setup("the development deck has more than 25 cards".into()));
        }
        let hex_list: Vec<Hex> = setup.map.hexes.iter().map(|h| h.hex).collect();
        if hex_list != sc.hexes.iter().map(|d| d.hex).collect::<Vec<_>>() {
            return Err(RuleError::Setup("the resolved map does not have the scenario's hexes".into()));
        }
        let topo = Arc::new(Topology::new(&hex_list));
        let n = hex_list.len();
        let mut bank = Resources::all(BANK_PER_RESOURCE);
        let mut players = vec![
            PlayerState {
                hand: Resources::default(),
                dev: DevCards::default(),
                new_dev: DevCards::default(),
                knights: 0,
                settlements_left: SETTLEMENTS,
                cities_left: CITIES,
                roads_left: ROADS,
                ships_left: if sc.ships { SHIPS } else { 0 },
                chips: 0,
                chip_islands: Vec::new(),
                home_islands: Vec::new(),
                route_length: 0,
                points: 0,
            };
            setup.players
        ];
        for (p, hand) in setup.hands.iter().enumerate() {
            bank = bank.checked_sub(hand).ok_or_else(|| RuleError::Setup("the starting hands need more cards than the bank has".into()))?;
            players[p].hand = *hand;
        }
        let hex_id = |h: Hex, what: &str| {
            topo.hex_index(h).map(|i| i as u16).ok_or_else(|| RuleError::Setup(format!("{what} {h} is not on the map")))
        };
        let robber = setup.map.robber.map(|h| hex_id(h, "robber")).transpose()?;
        let pirate = if setup.options.pirate { setup.map.pirate.map(|h| hex_id(h, "pirate")).transpose()? } else { None };
        let mut harbours = Vec::new();
        for &(e, h) in &setup.map.harbours {
            let id = topo.edge_index(e).ok_or_else(|| RuleError::Setup(format!("harbour {e} is not an edge of the map")))?;
            harbours.push((id, h));
        }
        let mut game = Game {
            scenario: Arc::clone(&sc),
            options: setup.options,
            terrain: setup.map.hexes.iter().map(|h| h.terrain).collect(),
            number: setup.map.hexes.iter().map(|h| h.number.unwrap_or(0)).collect(),
            setup_area: sc.hexes.iter().map(|d| d.setup).collect(),
            no_chip: sc.hexes.iter().map(|d| d.no_chip).collect(),
            must_ship: sc.hexes.iter().map(|d| d.must_ship).collect(),
            has_setup_area: sc.hexes.iter().any(|d| d.setup),
            island: vec![NONE; n],
            island_setup: vec![false; n],
            island_no_chip: vec![false; n],
            harbours: Vec::new(),
            vertex_harbour: vec![None; topo.vertices.len()],
            harbour_queue: setup.map.harbour_queue.clone(),
            harbour_spots_relaxed: false,
            setup_area_relaxed: false,
            fog: setup.map.fog.clone(),
            pool_of: sc.hexes.iter().map(|d| d.pool).collect(),
            buildings: vec![None; topo.vertices.len()],
            routes: vec![None; topo.edges.len()],
            players,
            bank,
            deck: setup.deck.iter().rev().copied().collect(),
            played_dev: DevCards::default(),
            robber,
            pirate,
            phase: if setup.map.harbour_queue.is_empty() { Phase::SetupSettlement } else { Phase::PlaceHarbour },
            active: setup.start_player as u8,
            start_player: setup.start_player as u8,
            turn: 0,
            setup_step: 0,
            rolled: false,
            dev_played: false,
            ship_moved: false,
            built_ships: Vec::new(),
            pending_discards: Vec::new(),
            pending_gold: Vec::new(),
            gold_resume: Phase::Main,
            offer: None,
            longest: None,
            army: None,
            rng: Rng::new(setup.seed ^ 0x5EAF_A2E2_0000_0001),
            forced_dice: setup.dice.iter().copied().collect(),
            forced_steals: setup.steals.iter().copied().collect(),
            last_roll: None,
            stats: Stats::default(),
            opening: Vec::new(),
            topo,
        };
        for (e, h) in harbours {
            game.add_harbour(e, h);
        }
        game.compute_islands();
        game.settle_harbour_phase();
        game.refresh_setup_area();
        game.active = game.setup_player();
        Ok(game)
    }

    /// Rebuilds a game from its setup and `(player, action)` list; the error names the first
    /// rejected action.
    pub fn replay<'a>(setup: Setup, actions: impl IntoIterator<Item = &'a (u8, Action)>) -> Result<Game, (usize, RuleError)> {
        let mut game = Game::from_setup(setup).map_err(|e| (0, e))?;
        for (i, (player, action)) in actions.into_iter().enumerate() {
            game.apply(*player as usize, action).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    // ----- what players can see -------------------------------------------------------------

    pub fn scenario(&self) -> &Arc<ScenarioMap> {
        &self.scenario
    }

    pub fn topology(&self) -> &Arc<Topology> {
        &self.topo
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    pub fn player(&self, seat: usize) -> &PlayerState {
        &self.players[seat]
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    pub fn active_player(&self) -> usize {
        self.active as usize
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn bank(&self) -> Resources {
        self.bank
    }

    pub fn deck_size(&self) -> usize {
        self.deck.len()
    }

    pub fn played_dev_cards(&self) -> DevCards {
        self.played_dev
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver { .. })
    }

    pub fn winner(&self) -> Option<usize> {
        match self.phase {
            Phase::GameOver { winner } => Some(winner as usize),
            _ => None,
        }
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    pub fn last_roll(&self) -> Option<[u8; 2]> {
        self.last_roll
    }

    pub fn pending_discards(&self) -> &[(u8, u8)] {
        &self.pending_discards
    }

    pub fn pending_gold(&self) -> &[(u8, u8)] {
        &self.pending_gold
    }

    pub fn offer(&self) -> Option<&Offer> {
        self.offer.as_ref()
    }

    pub fn longest_route_holder(&self) -> Option<usize> {
        self.longest.map(usize::from)
    }

    pub fn largest_army_holder(&self) -> Option<usize> {
        self.army.map(usize::from)
    }

    pub fn robber(&self) -> Option<Hex> {
        self.robber.map(|h| self.topo.hexes[h as usize])
    }

    pub fn pirate(&self) -> Option<Hex> {
        self.pirate.map(|h| self.topo.hexes[h as usize])
    }

    pub fn target(&self) -> u8 {
        self.scenario.target
    }

    pub fn hexes(&self) -> Vec<MapHex> {
        (0..self.topo.hexes.len())
            .map(|i| MapHex { hex: self.topo.hexes[i], terrain: self.terrain[i], number: (self.number[i] > 0).then_some(self.number[i]) })
            .collect()
    }

    pub fn terrain_at(&self, hex: Hex) -> Option<Terrain> {
        self.topo.hex_index(hex).and_then(|i| self.terrain[i])
    }

    pub fn harbours(&self) -> Vec<(Edge, Harbour)> {
        self.harbours.iter().map(|&(e, h)| (self.topo.edges[e as usize], h)).collect()
    }

    pub fn building_at(&self, v: Vertex) -> Option<Building> {
        self.topo.vertex_index(v).and_then(|i| self.buildings[i as usize])
    }

    pub fn route_at(&self, e: Edge) -> Option<Route> {
        self.topo.edge_index(e).and_then(|i| self.routes[i as usize])
    }

    pub fn buildings(&self) -> Vec<(Vertex, Building)> {
        self.buildings.iter().enumerate().filter_map(|(i, b)| b.map(|b| (self.topo.vertices[i], b))).collect()
    }

    pub fn routes(&self) -> Vec<(Edge, Route)> {
        self.routes.iter().enumerate().filter_map(|(i, r)| r.map(|r| (self.topo.edges[i], r))).collect()
    }

    /// Cards left in each discovery pool (terrains, numbers).
    pub fn fog(&self) -> &BTreeMap<char, Pool> {
        &self.fog
    }

    /// The representative hex of the island `hex` belongs to (`None` for sea and unknown).
    pub fn island_of(&self, hex: Hex) -> Option<Hex> {
        let i = self.topo.hex_index(hex)?;
        (self.island[i] != NONE).then(|| self.topo.hexes[self.island[i] as usize])
    }

    /// Victory points shown to everyone (without hidden victory point cards).
    pub fn public_points(&self, p: usize) -> u8 {
        self.players[p].points - self.players[p].dev.victory_point
    }

    /// Victory points recomputed from the board and the cards (the tracked `points` must agree).
    pub fn points_from_scratch(&self, p: usize) -> u8 {
        let mut v = 0u8;
        for b in self.buildings.iter().flatten() {
            if b.owner as usize == p {
                v += if b.city { 2 } else { 1 };
            }
        }
        if self.longest == Some(p as u8) {
            v += 2;
        }
        if self.army == Some(p as u8) {
            v += 2;
        }
        v + self.players[p].dev.victory_point + self.players[p].chips
    }

    /// The player's longest trade route computed afresh (the tracked `route_length` must agree).
    pub fn route_length_from_scratch(&self, p: usize) -> u8 {
        crate::route::longest_route(self, p as u8)
    }

    /// Who must act now: the active player, or every player who owes a discard or gold choice.
    /// Players who may answer an open trade offer are not listed (answers never block).
    pub fn to_act(&self) -> Vec<usize> {
        match self.phase {
            Phase::GameOver { .. } => Vec::new(),
            Phase::Discard => self.pending_discards.iter().map(|&(p, _)| p as usize).collect(),
            Phase::Gold => self.pending_gold.iter().map(|&(p, _)| p as usize).collect(),
            _ => vec![self.active as usize],
        }
    }

    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    fn setup_player(&self) -> u8 {
        let n = self.players.len() as u8;
        match self.phase {
            Phase::PlaceHarbour => ((self.start_player as u32 + self.stats.harbours_placed) % n as u32) as u8,
            _ => {
                let k = self.setup_step;
                if k < n { (self.start_player + k) % n } else { (self.start_player + 2 * n - 1 - k) % n }
            }
        }
    }

    // ----- geometry helpers -----------------------------------------------------------------

    fn is_land(&self, hex: u16) -> bool {
        hex != NONE && self.terrain[hex as usize].is_some_and(Terrain::is_land)
    }

    fn is_sea(&self, hex: u16) -> bool {
        hex != NONE && self.terrain[hex as usize] == Some(Terrain::Sea)
    }

    fn vertex_on_land(&self, v: u16) -> bool {
        self.topo.vertex_hexes[v as usize].iter().any(|&h| self.is_land(h))
    }

    fn edge_on_land(&self, e: u16) -> bool {
        self.topo.edge_hexes[e as usize].iter().any(|&h| self.is_land(h))
    }

    fn edge_on_sea(&self, e: u16) -> bool {
        self.topo.edge_hexes[e as usize].iter().any(|&h| self.is_sea(h))
    }

    fn edge_at_pirate(&self, e: u16) -> bool {
        self.pirate.is_some_and(|p| self.topo.edge_hexes[e as usize].contains(&p))
    }

    fn owns_building(&self, p: u8, v: u16) -> bool {
        self.buildings[v as usize].is_some_and(|b| b.owner == p)
    }

    fn opponent_building(&self, p: u8, v: u16) -> bool {
        self.buildings[v as usize].is_some_and(|b| b.owner != p)
    }

    /// An own route of `kind` on another edge at `v` than `except` (and than `lifted`).
    fn own_route_at(&self, p: u8, v: u16, kind: RouteKind, except: u16, lifted: u16) -> bool {
        self.topo.vertex_edges[v as usize]
            .iter()
            .any(|&e| other(e, except) && e != lifted && self.routes[e as usize].is_some_and(|r| r.owner == p && r.kind == kind))
    }

    fn vertex_id(&self, v: Vertex) -> Result<u16, RuleError> {
        self.topo.vertex_index(v).ok_or_else(|| RuleError::illegal(format!("{v} is not an intersection of this map")))
    }

    fn edge_id(&self, e: Edge) -> Result<u16, RuleError> {
        self.topo.edge_index(e).ok_or_else(|| RuleError::illegal(format!("{e} is not an edge of this map")))
    }

    fn hex_id(&self, h: Hex) -> Result<u16, RuleError> {
        self.topo.hex_index(h).map(|i| i as u16).ok_or_else(|| RuleError::illegal(format!("{h} is not a hex of this map")))
    }

    // ----- placement rules (shared by apply and legal_actions) -------------------------------

    /// Why `p` may not put a settlement on `v` (`None`: they may). `setup` drops the need
    /// for a connecting route and adds the setup area.
    fn settlement_problem(&self, p: u8, v: u16, setup: bool) -> Option<&'static str> {
        if self.buildings[v as usize].is_some() {
            return Some("is already built on");
        }
        if !self.vertex_on_land(v) {
            return Some("does not touch land");
        }
        if self.topo.vertex_neighbours[v as usize].iter().any(|&n| n != NONE && self.buildings[n as usize].is_some()) {
            return Some("is next to a settlement or city (distance rule)");
        }
        if setup {
            if self.has_setup_area && !self.setup_area_relaxed && !self.in_setup_area(v) {
                return Some("is outside the setup area");
            }
        } else if !self.topo.vertex_edges[v as usize].iter().any(|&e| e != NONE && self.routes[e as usize].is_some_and(|r| r.owner == p)) {
            return Some("is not at the end of one of your roads or ships");
        }
        None
    }

    fn in_setup_area(&self, v: u16) -> bool {
        self.topo.vertex_hexes[v as usize].iter().any(|&h| h != NONE && self.setup_area[h as usize] && self.is_land(h))
    }

    /// When the setup area has no free intersection left (the distance rule filled it), setup
    /// settlements may go on any land rather than the game stopping.
    fn refresh_setup_area(&mut self) {
        if self.has_setup_area && !self.setup_area_relaxed {
            let open = (0..self.topo.vertices.len() as u16).any(|v| self.in_setup_area(v) && self.is_free_spot(v));
            self.setup_area_relaxed = !open;
        }
    }

    fn road_problem(&self, p: u8, e: u16) -> Option<&'static str> {
        if self.routes[e as usize].is_some() {
            return Some("already holds a road or ship");
        }
        if !self.edge_on_land(e) {
            return Some("does not touch land");
        }
        let connects = self.topo.edge_vertices[e as usize]
            .iter()
            .any(|&v| self.owns_building(p, v) || (!self.opponent_building(p, v) && self.own_route_at(p, v, RouteKind::Road, e, NONE)));
        if !connects {
            return Some("does not connect to your road, settlement or city");
        }
        None
    }

    /// `lifted`: a ship being moved, judged as if it were not on the board.
    fn ship_problem(&self, p: u8, e: u16, lifted: u16) -> Option<&'static str> {
        if !self.scenario.ships {
            return Some("takes no ship: this scenario has no ships");
        }
        if self.routes[e as usize].is_some() {
            return Some("already holds a road or ship");
        }
        if !self.edge_on_sea(e) {
            return Some("does not touch the sea");
        }
        if self.edge_at_pirate(e) {
            return Some("is next to the pirate");
        }
        let connects = self.topo.edge_vertices[e as usize]
            .iter()
            .any(|&v| self.owns_building(p, v) || (!self.opponent_building(p, v) && self.own_route_at(p, v, RouteKind::Ship, e, lifted)));
        if !connects {
            return Some("does not connect to your ship, settlement or city");
        }
        None
    }

    fn setup_route_problem(&self, p: u8, settlement: u16, e: u16, kind: RouteKind) -> Option<&'static str> {
        if !self.topo.edge_vertices[e as usize].contains(&settlement) {
            return Some("is not next to the settlement just placed");
        }
        let problem = match kind {
            RouteKind::Road => self.road_problem(p, e),
            RouteKind::Ship => self.ship_problem(p, e, NONE),
        };
        if problem.is_some() {
            return problem;
        }
        if kind == RouteKind::Road && self.must_start_with_ship(p, settlement) {
            return Some("takes no road: a settlement on a coast facing another island starts with a ship");
        }
        None
    }

    /// Four Islands: a setup settlement next to a must-ship sea hex starts with a ship (when one
    /// can be placed).
    fn must_start_with_ship(&self, p: u8, settlement: u16) -> bool {
        self.topo.vertex_hexes[settlement as usize].iter().any(|&h| h != NONE && self.must_ship[h as usize])
            && self.topo.vertex_edges[settlement as usize].iter().any(|&e| e != NONE && self.ship_problem(p, e, NONE).is_none())
    }

    /// Why the ship on `from` may not move (`None`: it may, to some legal position).
    fn movable_problem(&self, p: u8, from: u16) -> Option<&'static str> {
        if self.routes[from as usize] != Some(Route { owner: p, kind: RouteKind::Ship }) {
            return Some("holds no ship of yours");
        }
        if self.ship_moved {
            return Some("holds a ship, but you have already moved a ship this turn");
        }
        if self.built_ships.contains(&from) {
            return Some("holds a ship built this turn");
        }
        if self.edge_at_pirate(from) {
            return Some("holds a ship next to the pirate");
        }
        let open = self.topo.edge_vertices[from as usize]
            .iter()
            .any(|&v| !self.owns_building(p, v) && !self.own_route_at(p, v, RouteKind::Ship, from, NONE));
        if !open {
            return Some("holds a ship that is not at an open end of a ship line");
        }
        None
    }

    /// Best maritime rate for giving `r`.
    pub fn trade_rate(&self, p: usize, r: Resource) -> u8 {
        let mut rate = 4;
        for (v, b) in self.buildings.iter().enumerate() {
            if let (Some(_), Some(h)) = (b.filter(|b| b.owner as usize == p), self.vertex_harbour[v]) {
                match h {
                    Harbour::Special(x) if x == r => rate = 2,
                    Harbour::Generic => rate = rate.min(3),
                    _ => {}
                }
            }
        }
        rate
    }

    // ----- legal actions ------------------------------------------------------------------

    /// Every legal action of `player` now. Trade offers are limited to one card for one card
    /// (any offer within the rules is accepted by `apply`); discards and gold choices list every
    /// combination.
    pub fn legal_actions(&self, player: usize) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(player, &mut out);
        out
    }

    pub fn legal_actions_into(&self, player: usize, out: &mut Vec<Action>) {
        out.clear();
        let p = player as u8;
        if player >= self.players.len() {
            return;
        }
        let t = &self.topo;
        match self.phase {
            Phase::GameOver { .. } => {}
            Phase::PlaceHarbour => {
                if p == self.active {
                    for e in 0..t.edges.len() as u16 {
                        if self.harbour_spot_problem(e).is_none() {
                            out.push(Action::PlaceHarbour { at: t.edges[e as usize] });
                        }
                    }
                }
            }
            Phase::SetupSettlement => {
                if p == self.active {
                    for v in 0..t.vertices.len() as u16 {
                        if self.settlement_problem(p, v, true).is_none() {
                            out.push(Action::BuildSettlement { at: t.vertices[v as usize] });
                        }
                    }
                }
            }
            Phase::SetupRoute { settlement } => {
                if p == self.active {
                    let s = t.vertex_index(settlement).expect("placed");
                    for &e in &t.vertex_edges[s as usize] {
                        if e == NONE {
                            continue;
                        }
                        if self.setup_route_problem(p, s, e, RouteKind::Road).is_none() {
                            out.push(Action::BuildRoad { at: t.edges[e as usize] });
                        }
                        if self.setup_route_problem(p, s, e, RouteKind::Ship).is_none() {
                            out.push(Action::BuildShip { at: t.edges[e as usize] });
                        }
                    }
                }
            }
            Phase::Discard => {
                if let Some(&(_, n)) = self.pending_discards.iter().find(|d| d.0 == p) {
                    for cards in sub_hands(&self.players[player].hand, n) {
                        out.push(Action::Discard { cards });
                    }
                }
            }
            Phase::Gold => {
                if let Some(&(_, n)) = self.pending_gold.iter().find(|d| d.0 == p) {
                    let n = n.min(self.bank.total() as u8);
                    for cards in sub_hands(&self.bank, n) {
                        out.push(Action::ChooseGold { cards });
                    }
                }
            }
            Phase::Robber => {
                if p == self.active {
                    for h in 0..t.hexes.len() as u16 {
                        if Some(h) != self.robber && self.is_land(h) {
                            let victims = self.robber_victims(p, h);
                            if victims.is_empty() {
                                out.push(Action::MoveRobber { to: t.hexes[h as usize], victim: None });
                            }
                            for v in victims {
                                out.push(Action::MoveRobber { to: t.hexes[h as usize], victim: Some(v) });
                            }
                        }
                        if self.pirate.is_some() && Some(h) != self.pirate && self.is_sea(h) {
                            out.push(Action::MovePirate { to: t.hexes[h as usize] });
                        }
                    }
                }
            }
            Phase::RoadBuilding { .. } => {
                if p == self.active {
                    self.free_piece_actions(p, out);
                }
            }
            Phase::Roll => {
                if p == self.active {
                    out.push(Action::Roll);
                    self.dev_actions(p, out);
                }
            }
            Phase::Main => {
                if let Some(o) =
                    self.offer.as_ref().filter(|o| o.from != p && o.to.is_none_or(|t| t == p) && !o.answers.iter().any(|a| a.0 == p))
                {
                    if self.players[player].hand.contains(&o.want) {
                        out.push(Action::AnswerTrade { accept: true });
                    }
                    out.push(Action::AnswerTrade { accept: false });
                }
                if p != self.active {
                    return;
                }
                let me = &self.players[player];
                if me.hand.contains(&Resources::ROAD) && me.roads_left > 0 {
                    for e in 0..t.edges.len() as u16 {
                        if self.road_problem(p, e).is_none() {
                            out.push(Action::BuildRoad { at: t.edges[e as usize] });
                        }
                    }
                }
                if me.hand.contains(&Resources::SHIP) && me.ships_left > 0 {
                    for e in 0..t.edges.len() as u16 {
                        if self.ship_problem(p, e, NONE).is_none() {
                            out.push(Action::BuildShip { at: t.edges[e as usize] });
                        }
                    }
                }
                if me.hand.contains(&Resources::SETTLEMENT) && me.settlements_left > 0 {
                    for v in 0..t.vertices.len() as u16 {
                        if self.settlement_problem(p, v, false).is_none() {
                            out.push(Action::BuildSettlement { at: t.vertices[v as usize] });
                        }
                    }
                }
                if me.hand.contains(&Resources::CITY) && me.cities_left > 0 {
                    for (v, b) in self.buildings.iter().enumerate() {
                        if *b == Some(Building { owner: p, city: false }) {
                            out.push(Action::BuildCity { at: t.vertices[v] });
                        }
                    }
                }
                if me.hand.contains(&Resources::DEV_CARD) && !self.deck.is_empty() {
                    out.push(Action::BuyDevCard);
                }
                self.dev_actions(p, out);
                if self.scenario.ships && !self.ship_moved {
                    for from in 0..t.edges.len() as u16 {
                        if self.movable_problem(p, from).is_none() {
                            for to in 0..t.edges.len() as u16 {
                                if to != from && self.ship_problem(p, to, from).is_none() {
                                    out.push(Action::MoveShip { from: t.edges[from as usize], to: t.edges[to as usize] });
                                }
                            }
                        }
                    }
                }
                for give in Resource::ALL {
                    let rate = self.trade_rate(player, give);
                    if me.hand.get(give) >= rate {
                        for get in Resource::ALL {
                            if get != give && self.bank.get(get) > 0 {
                                out.push(Action::MaritimeTrade { give, get });
                            }
                        }
                    }
                }
                for give in Resource::ALL {
                    if me.hand.get(give) > 0 {
                        for want in Resource::ALL {
                            if want != give {
                                out.push(Action::OfferTrade { give: Resources::one(give, 1), want: Resources::one(want, 1), to: None });
                            }
                        }
                    }
                }
                if let Some(o) = &self.offer {
                    for &(q, accepted) in &o.answers {
                        if accepted && self.players[q as usize].hand.contains(&o.want) && me.hand.contains(&o.give) {
                            out.push(Action::ConfirmTrade { with: q });
                        }
                    }
                    out.push(Action::WithdrawTrade);
                }
                out.push(Action::EndTurn);
            }
        }
    }

    fn free_piece_actions(&self, p: u8, out: &mut Vec<Action>) {
        let t = &self.topo;
        let me = &self.players[p as usize];
        for e in 0..t.edges.len() as u16 {
            if me.roads_left > 0 && self.road_problem(p, e).is_none() {
                out.push(Action::BuildRoad { at: t.edges[e as usize] });
            }
            if me.ships_left > 0 && self.ship_problem(p, e, NONE).is_none() {
                out.push(Action::BuildShip { at: t.edges[e as usize] });
            }
        }
    }

    fn can_place_free_piece(&self, p: u8) -> bool {
        let me = &self.players[p as usize];
        (0..self.topo.edges.len() as u16).any(|e| {
            (me.roads_left > 0 && self.road_problem(p, e).is_none()) || (me.ships_left > 0 && self.ship_problem(p, e, NONE).is_none())
        })
    }

    fn dev_actions(&self, p: u8, out: &mut Vec<Action>) {
        if self.dev_played {
            return;
        }
        let me = &self.players[p as usize];
        let playable = |c: DevCard| me.dev.get(c) > me.new_dev.get(c);
        if playable(DevCard::Knight) {
            out.push(Action::PlayKnight);
        }
        if playable(DevCard::RoadBuilding) {
            out.push(Action::PlayRoadBuilding);
        }
        if playable(DevCard::YearOfPlenty) {
            for (i, &a) in Resource::ALL.iter().enumerate() {
                for &b in &Resource::ALL[i..] {
                    out.push(Action::PlayYearOfPlenty { first: a, second: b });
                }
            }
        }
        if playable(DevCard::Monopoly) {
            for r in Resource::ALL {
                out.push(Action::PlayMonopoly { resource: r });
            }
        }
    }

    fn robber_victims(&self, p: u8, hex: u16) -> Vec<u8> {
        let mut v: Vec<u8> = self.topo.hex_vertices[hex as usize]
            .iter()
            .filter(|&&x| x != NONE)
            .filter_map(|&x| self.buildings[x as usize])
            .map(|b| b.owner)
            .filter(|&o| o != p && self.players[o as usize].hand.total() > 0)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    fn pirate_victims(&self, p: u8, hex: u16) -> Vec<u8> {
        let mut v: Vec<u8> = self.topo.hex_edges[hex as usize]
            .iter()
            .filter(|&&e| e != NONE)
            .filter_map(|&e| self.routes[e as usize])
            .filter(|r| r.kind == RouteKind::Ship && r.owner != p)
            .map(|r| r.owner)
            .filter(|&o| self.players[o as usize].hand.total() > 0)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// A harbour goes on a coast edge without one whose ends touch no other harbour; when no
    /// such edge is left, on any coast edge without one (`relaxed`).
    fn harbour_spot_problem(&self, e: u16) -> Option<&'static str> {
        self.harbour_spot_problem_with(e, self.harbour_spots_relaxed)
    }

    fn harbour_spot_problem_with(&self, e: u16, relaxed: bool) -> Option<&'static str> {
        let [a, b] = self.topo.edge_hexes[e as usize];
        if !((self.is_land(a) && self.is_sea(b)) || (self.is_sea(a) && self.is_land(b))) {
            return Some("is not a coast edge");
        }
        if self.harbours.iter().any(|h| h.0 == e) {
            return Some("already has a harbour");
        }
        if !relaxed && self.topo.edge_vertices[e as usize].iter().any(|&v| self.vertex_harbour[v as usize].is_some()) {
            return Some("touches another harbour");
        }
        None
    }

    /// After a harbour is placed (or at the start): relax the spot rule when no strict spot is
    /// left, drop the remaining harbours when no coast edge is left, and leave the harbour phase
    /// when the pile is empty.
    fn settle_harbour_phase(&mut self) {
        if self.phase != Phase::PlaceHarbour {
            return;
        }
        let edges = 0..self.topo.edges.len() as u16;
        if !edges.clone().any(|e| self.harbour_spot_problem_with(e, false).is_none()) {
            self.harbour_spots_relaxed = true;
        }
        if !edges.into_iter().any(|e| self.harbour_spot_problem_with(e, true).is_none()) {
            self.harbour_queue.clear();
        }
        if self.harbour_queue.is_empty() {
            self.phase = Phase::SetupSettlement;
        }
    }

    // ----- applying actions ----------------------------------------------------------------

    /// Applies `player`'s action. The action is checked completely first: on error nothing
    /// has changed.
    pub fn apply(&mut self, player: usize, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(player, action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending the events to `events`.
    pub fn apply_into(&mut self, player: usize, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if player >= self.players.len() {
            return Err(RuleError::Setup(format!("there is no player {player}")));
        }
        let p = player as u8;
        self.apply_checked(p, action, events)?;
        self.check_victory(events);
        Ok(())
    }

    fn need_active(&self, p: u8) -> Result<(), RuleError> {
        if p != self.active { Err(RuleError::NotYourTurn { player: p }) } else { Ok(()) }
    }

    fn apply_checked(&mut self, p: u8, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let phase = self.phase;
        let expected = phase_expectation(phase);
        let wrong = || RuleError::WrongPhase { expected };
        match (*action, phase) {
            (Action::PlaceHarbour { at }, Phase::PlaceHarbour) => {
                self.need_active(p)?;
                let e = self.edge_id(at)?;
                if let Some(m) = self.harbour_spot_problem(e) {
                    return Err(RuleError::illegal(format!("{at} {m}")));
                }
                let h = self.harbour_queue.remove(0);
                self.add_harbour(e, h);
                self.stats.harbours_placed += 1;
                events.push(Event::HarbourPlaced { player: p, at, harbour: h });
                self.settle_harbour_phase();
                self.active = self.setup_player();
                Ok(())
            }
            (Action::BuildSettlement { at }, Phase::SetupSettlement) => {
                self.need_active(p)?;
                let v = self.vertex_id(at)?;
                if let Some(m) = self.settlement_problem(p, v, true) {
                    return Err(RuleError::illegal(format!("{at} {m}")));
                }
                self.put_building(p, v, false);
                events.push(Event::SettlementBuilt { player: p, at });
                self.refresh_setup_area();
                if self.scenario.home == HomeRule::Settlements {
                    if let Some(i) = self.vertex_island(v).filter(|i| !self.players[p as usize].home_islands.contains(i)) {
                        self.players[p as usize].home_islands.push(i);
                    }
                }
                self.phase = Phase::SetupRoute { settlement: at };
                if self.setup_step as usize >= self.players.len() {
                    // The second settlement: one card per producing hex, a gold choice per gold hex.
                    let mut cards = Resources::default();
                    let mut gold = 0u8;
                    for &h in &self.topo.vertex_hexes[v as usize] {
                        match (h != NONE).then(|| self.terrain[h as usize]).flatten() {
                            Some(Terrain::Gold) => gold += 1,
                            Some(t) => {
                                if let Some(r) = t.resource().filter(|&r| self.bank.get(r) > cards.get(r)) {
                                    *cards.get_mut(r) += 1;
                                }
                            }
                            None => {}
                        }
                    }
                    self.bank.sub(&cards);
                    self.players[p as usize].hand.add(&cards);
                    events.push(Event::SetupCards { player: p, cards });
                    self.owe_gold(p, gold, events);
                    self.enter_gold_if_pending();
                }
                Ok(())
            }
            (Action::BuildRoad { at } | Action::BuildShip { at }, Phase::SetupRoute { settlement }) => {
                self.need_active(p)?;
                let kind = if matches!(action, Action::BuildRoad { .. }) { RouteKind::Road } else { RouteKind::Ship };
                let e = self.edge_id(at)?;
                let s = self.vertex_id(settlement)?;
                if let Some(m) = self.setup_route_problem(p, s, e, kind) {
                    return Err(RuleError::illegal(format!("{at} {m}")));
                }
                if kind == RouteKind::Ship && self.topo.vertex_hexes[s as usize].iter().any(|&h| h != NONE && self.must_ship[h as usize]) {
                    self.stats.must_ship_setups += 1;
                }
                self.put_route(p, e, kind, true, events);
                self.setup_step += 1;
                if self.setup_step as usize == 2 * self.players.len() {
                    events.push(Event::SetupDone);
                    self.update_routes(&[0, 1, 2, 3], events);
                    self.active = self.start_player;
                    self.start_turn(events);
                } else {
                    self.phase = Phase::SetupSettlement;
                    self.active = self.setup_player();
                }
                self.enter_gold_if_pending();
                Ok(())
            }
            (Action::Roll, Phase::Roll) => {
                self.need_active(p)?;
                let dice = match self.forced_dice.pop_front() {
                    Some(d) => d,
                    None => [self.rng.below(6) as u8 + 1, self.rng.below(6) as u8 + 1],
                };
                let total = dice[0] + dice[1];
                self.last_roll = Some(dice);
                self.rolled = true;
                events.push(Event::Rolled { player: p, dice, total });
                if total == 7 {
                    for q in 0..self.players.len() {
                        let n = self.players[q].hand.total();
                        if n > 7 {
                            self.pending_discards.push((q as u8, (n / 2) as u8));
                            events.push(Event::MustDiscard { player: q as u8, count: (n / 2) as u8 });
                        }
                    }
                    self.phase = if self.pending_discards.is_empty() { Phase::Robber } else { Phase::Discard };
                } else {
                    self.phase = Phase::Main;
                    self.produce(total, events);
                    self.enter_gold_if_pending();
                }
                Ok(())
            }
            (Action::Discard { cards }, Phase::Discard) => {
                let Some(i) = self.pending_discards.iter().position(|d| d.0 == p) else {
                    return Err(RuleError::NotYourTurn { player: p });
                };
                let n = self.pending_discards[i].1;
                if cards.total() != n as u32 {
                    return Err(RuleError::illegal(format!("discard exactly {n} cards, not {}", cards.total())));
                }
                if !self.players[p as usize].hand.contains(&cards) {
                    return Err(RuleError::illegal(format!("you don't hold {cards}")));
                }
                self.pending_discards.remove(i);
                self.players[p as usize].hand.sub(&cards);
                self.bank.add(&cards);
                events.push(Event::Discarded { player: p, cards });
                if self.pending_discards.is_empty() {
                    self.phase = Phase::Robber;
                }
                Ok(())
            }
            (Action::ChooseGold { cards }, Phase::Gold) => {
                let Some(i) = self.pending_gold.iter().position(|d| d.0 == p) else {
                    return Err(RuleError::NotYourTurn { player: p });
                };
                let n = self.pending_gold[i].1.min(self.bank.total() as u8);
                if cards.total() != n as u32 {
                    return Err(RuleError::illegal(format!("choose exactly {n} cards, not {}", cards.total())));
                }
                if !self.bank.contains(&cards) {
                    return Err(RuleError::illegal(format!("the bank doesn't hold {cards}")));
                }
                self.pending_gold.remove(i);
                self.bank.sub(&cards);
                self.players[p as usize].hand.add(&cards);
                self.stats.gold_choices += 1;
                events.push(Event::GoldTaken { player: p, cards });
                self.settle_gold();
                Ok(())
            }
            (Action::MoveRobber { to, victim }, Phase::Robber) => {
                self.need_active(p)?;
                let h = self.hex_id(to)?;
                if !self.is_land(h) {
                    return Err(RuleError::illegal(format!("the robber goes on land; {to} is not land")));
                }
                if Some(h) == self.robber {
                    return Err(RuleError::illegal("the robber must move to another hex"));
                }
                let victims = self.robber_victims(p, h);
                match victim {
                    None if !victims.is_empty() => {
                        return Err(RuleError::illegal(format!("name a player to steal from: one of {victims:?}")));
                    }
                    Some(v) if !victims.contains(&v) => {
                        return Err(RuleError::illegal(format!("player {v} has no building next to {to} or no card")));
                    }
                    _ => {}
                }
                if let Some(v) = victim {
                    self.check_forced_steal(v)?;
                }
                self.robber = Some(h);
                self.stats.robber_moves += 1;
                events.push(Event::RobberMoved { player: p, to });
                if let Some(v) = victim {
                    self.steal(p, v, events);
                }
                self.phase = if self.rolled { Phase::Main } else { Phase::Roll };
                Ok(())
            }
            (Action::MovePirate { to }, Phase::Robber) => {
                self.need_active(p)?;
                if self.pirate.is_none() {
                    return Err(RuleError::illegal("this game is played without the pirate"));
                }
                let h = self.hex_id(to)?;
                if !self.is_sea(h) {
                    return Err(RuleError::illegal(format!("the pirate goes on sea; {to} is not sea")));
                }
                if Some(h) == self.pirate {
                    return Err(RuleError::illegal("the pirate must move to another hex"));
                }
                let victims = self.pirate_victims(p, h);
                // Forced steals are taken in order, one per victim: check them all first.
                for (k, &v) in victims.iter().enumerate() {
                    if let Some(&r) = self.forced_steals.get(k).filter(|&&r| self.players[v as usize].hand.get(r) == 0) {
                        return Err(RuleError::Setup(format!("the fixed steal `{r}` is not in player {v}'s hand")));
                    }
                }
                self.pirate = Some(h);
                self.stats.pirate_moves += 1;
                events.push(Event::PirateMoved { player: p, to });
                for v in victims {
                    self.steal(p, v, events);
                }
                self.phase = if self.rolled { Phase::Main } else { Phase::Roll };
                Ok(())
            }
            (Action::BuildRoad { at } | Action::BuildShip { at }, Phase::RoadBuilding { left }) => {
                self.need_active(p)?;
                let kind = if matches!(action, Action::BuildRoad { .. }) { RouteKind::Road } else { RouteKind::Ship };
                let e = self.edge_id(at)?;
                self.check_piece(p, e, kind)?;
                self.put_route(p, e, kind, true, events);
                let left = left - 1;
                self.phase = if left > 0 && self.can_place_free_piece(p) {
                    Phase::RoadBuilding { left }
                } else if self.rolled {
                    Phase::Main
                } else {
                    Phase::Roll
                };
                self.enter_gold_if_pending();
                Ok(())
            }
            (Action::BuildRoad { at } | Action::BuildShip { at }, Phase::Main) => {
                self.need_active(p)?;
                let kind = if matches!(action, Action::BuildRoad { .. }) { RouteKind::Road } else { RouteKind::Ship };
                let e = self.edge_id(at)?;
                self.check_piece(p, e, kind)?;
                let cost = if kind == RouteKind::Road { Resources::ROAD } else { Resources::SHIP };
                self.pay(p, cost)?;
                self.put_route(p, e, kind, false, events);
                self.enter_gold_if_pending();
                Ok(())
            }
            (Action::BuildSettlement { at }, Phase::Main) => {
                self.need_active(p)?;
                let v = self.vertex_id(at)?;
                if self.players[p as usize].settlements_left == 0 {
                    return Err(RuleError::NoPieceLeft { piece: "settlement" });
                }
                if let Some(m) = self.settlement_problem(p, v, false) {
                    return Err(RuleError::illegal(format!("{at} {m}")));
                }
                self.pay(p, Resources::SETTLEMENT)?;
                self.put_building(p, v, false);
                events.push(Event::SettlementBuilt { player: p, at });
                self.award_chip(p, v, events);
                // A settlement may break others' routes (and joins the builder's road and ship lines).
                self.update_routes(&[0, 1, 2, 3], events);
                Ok(())
            }
            (Action::BuildCity { at }, Phase::Main) => {
                self.need_active(p)?;
                let v = self.vertex_id(at)?;
                if self.buildings[v as usize] != Some(Building { owner: p, city: false }) {
                    return Err(RuleError::illegal(format!("you have no settlement on {at}")));
                }
                if self.players[p as usize].cities_left == 0 {
                    return Err(RuleError::NoPieceLeft { piece: "city" });
                }
                self.pay(p, Resources::CITY)?;
                let me = &mut self.players[p as usize];
                me.cities_left -= 1;
                me.settlements_left += 1;
                me.points += 1;
                self.buildings[v as usize] = Some(Building { owner: p, city: true });
                events.push(Event::CityBuilt { player: p, at });
                Ok(())
            }
            (Action::MoveShip { from, to }, Phase::Main) => {
                self.need_active(p)?;
                let f = self.edge_id(from)?;
                let t = self.edge_id(to)?;
                if let Some(m) = self.movable_problem(p, f) {
                    return Err(RuleError::illegal(format!("{from} {m}")));
                }
                if f == t {
                    return Err(RuleError::illegal("move the ship to another edge"));
                }
                if let Some(m) = self.ship_problem(p, t, f) {
                    return Err(RuleError::illegal(format!("{to} {m}")));
                }
                self.routes[f as usize] = None;
                self.ship_moved = true;
                self.stats.ships_moved += 1;
                self.routes[t as usize] = Some(Route { owner: p, kind: RouteKind::Ship });
                events.push(Event::ShipMoved { player: p, from, to });
                self.discover(p, t, events);
                self.update_routes(&[p], events);
                self.enter_gold_if_pending();
                Ok(())
            }
            (Action::BuyDevCard, Phase::Main) => {
                self.need_active(p)?;
                if self.deck.is_empty() {
                    return Err(RuleError::illegal("the development deck is empty"));
                }
                self.pay(p, Resources::DEV_CARD)?;
                let card = self.deck.pop().expect("checked");
                let me = &mut self.players[p as usize];
                *me.dev.get_mut(card) += 1;
                *me.new_dev.get_mut(card) += 1;
                if card == DevCard::VictoryPoint {
                    me.points += 1;
                }
                events.push(Event::DevCardBought { player: p, card });
                Ok(())
            }
            (
                Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty { .. } | Action::PlayMonopoly { .. },
                Phase::Roll | Phase::Main,
            ) => {
                self.need_active(p)?;
                let card = match action {
                    Action::PlayKnight => DevCard::Knight,
                    Action::PlayRoadBuilding => DevCard::RoadBuilding,
                    Action::PlayYearOfPlenty { .. } => DevCard::YearOfPlenty,
                    _ => DevCard::Monopoly,
                };
                if self.dev_played {
                    return Err(RuleError::illegal("you have already played a development card this turn"));
                }
                let me = &self.players[p as usize];
                if me.dev.get(card) == 0 {
                    return Err(RuleError::illegal(format!("you have no {} card", card.name())));
                }
                if me.dev.get(card) <= me.new_dev.get(card) {
                    return Err(RuleError::illegal(format!("a {} card bought this turn can be played from your next turn", card.name())));
                }
                self.dev_played = true;
                let me = &mut self.players[p as usize];
                *me.dev.get_mut(card) -= 1;
                *self.played_dev.get_mut(card) += 1;
                events.push(Event::DevCardPlayed { player: p, card });
                match *action {
                    Action::PlayKnight => {
                        self.players[p as usize].knights += 1;
                        self.update_army(p, events);
                        self.phase = Phase::Robber;
                    }
                    Action::PlayRoadBuilding => {
                        if self.can_place_free_piece(p) {
                            self.phase = Phase::RoadBuilding { left: 2 };
                        }
                    }
                    Action::PlayYearOfPlenty { first, second } => {
                        let mut cards = Resources::default();
                        for r in [first, second] {
                            if self.bank.get(r) > cards.get(r) {
                                *cards.get_mut(r) += 1;
                            }
                        }
                        self.bank.sub(&cards);
                        self.players[p as usize].hand.add(&cards);
                        events.push(Event::YearOfPlenty { player: p, cards });
                    }
                    Action::PlayMonopoly { resource } => {
                        let mut taken = 0;
                        for q in 0..self.players.len() {
                            if q != p as usize {
                                let n = self.players[q].hand.get(resource);
                                *self.players[q].hand.get_mut(resource) = 0;
                                taken += n;
                            }
                        }
                        *self.players[p as usize].hand.get_mut(resource) += taken;
                        events.push(Event::Monopoly { player: p, resource, taken });
                    }
                    _ => unreachable!("matched above"),
                }
                Ok(())
            }
            (Action::MaritimeTrade { give, get }, Phase::Main) => {
                self.need_active(p)?;
                if give == get {
                    return Err(RuleError::illegal("trade one resource for another"));
                }
                let rate = self.trade_rate(p as usize, give);
                let gave = Resources::one(give, rate);
                if !self.players[p as usize].hand.contains(&gave) {
                    return Err(RuleError::CannotAfford { cost: gave });
                }
                if self.bank.get(get) == 0 {
                    return Err(RuleError::illegal(format!("the bank has no {get}")));
                }
                let me = &mut self.players[p as usize];
                me.hand.sub(&gave);
                *me.hand.get_mut(get) += 1;
                self.bank.add(&gave);
                *self.bank.get_mut(get) -= 1;
                self.stats.maritime_trades += 1;
                events.push(Event::MaritimeTraded { player: p, gave, got: get });
                Ok(())
            }
            (Action::OfferTrade { give, want, to }, Phase::Main) => {
                self.need_active(p)?;
                if give.is_empty() || want.is_empty() {
                    return Err(RuleError::illegal("a trade needs at least one card each way (no gifts)"));
                }
                if give.overlaps(&want) {
                    return Err(RuleError::illegal("the same resource can't be on both sides"));
                }
                if let Some(t) = to.filter(|&t| t == p || t as usize >= self.players.len()) {
                    return Err(RuleError::illegal(format!("player {t} can't be offered a trade")));
                }
                if !self.players[p as usize].hand.contains(&give) {
                    return Err(RuleError::CannotAfford { cost: give });
                }
                self.offer = Some(Offer { from: p, give, want, to, answers: Vec::new() });
                events.push(Event::TradeOffered { player: p, give, want, to });
                Ok(())
            }
            (Action::AnswerTrade { accept }, Phase::Main) => {
                let Some(o) = &self.offer else { return Err(RuleError::illegal("there is no open trade offer")) };
                if o.from == p {
                    return Err(RuleError::illegal("you can't answer your own offer"));
                }
                if o.to.is_some_and(|t| t != p) {
                    return Err(RuleError::illegal("the offer is not addressed to you"));
                }
                if o.answers.iter().any(|a| a.0 == p) {
                    return Err(RuleError::illegal("you have already answered this offer"));
                }
                if accept && !self.players[p as usize].hand.contains(&o.want) {
                    return Err(RuleError::CannotAfford { cost: o.want });
                }
                self.offer.as_mut().expect("checked").answers.push((p, accept));
                events.push(Event::TradeAnswered { player: p, accept });
                Ok(())
            }
            (Action::ConfirmTrade { with }, Phase::Main) => {
                self.need_active(p)?;
                let Some(o) = &self.offer else { return Err(RuleError::illegal("there is no open trade offer")) };
                if !o.answers.contains(&(with, true)) {
                    return Err(RuleError::illegal(format!("player {with} has not accepted the offer")));
                }
                if !self.players[p as usize].hand.contains(&o.give) {
                    return Err(RuleError::CannotAfford { cost: o.give });
                }
                if !self.players[with as usize].hand.contains(&o.want) {
                    return Err(RuleError::illegal(format!("player {with} no longer holds {}", o.want)));
                }
                let o = self.offer.take().expect("checked");
                let (a, b) = (p as usize, with as usize);
                self.players[a].hand.sub(&o.give);
                self.players[b].hand.add(&o.give);
                self.players[b].hand.sub(&o.want);
                self.players[a].hand.add(&o.want);
                self.stats.domestic_trades += 1;
                events.push(Event::Traded { offerer: p, partner: with, gave: o.give, got: o.want });
                Ok(())
            }
            (Action::WithdrawTrade, Phase::Main) => {
                self.need_active(p)?;
                if self.offer.take().is_none() {
                    return Err(RuleError::illegal("there is no open trade offer"));
                }
                events.push(Event::TradeClosed);
                Ok(())
            }
            (Action::EndTurn, Phase::Main) => {
                self.need_active(p)?;
                if self.offer.take().is_some() {
                    events.push(Event::TradeClosed);
                }
                let me = &mut self.players[p as usize];
                me.new_dev = DevCards::default();
                self.active = (self.active + 1) % self.players.len() as u8;
                self.start_turn(events);
                Ok(())
            }
            _ => Err(wrong()),
        }
    }

    fn check_piece(&self, p: u8, e: u16, kind: RouteKind) -> Result<(), RuleError> {
        let me = &self.players[p as usize];
        let problem = match kind {
            RouteKind::Road if me.roads_left == 0 => return Err(RuleError::NoPieceLeft { piece: "road" }),
            RouteKind::Ship if me.ships_left == 0 => {
                return Err(if self.scenario.ships {
                    RuleError::NoPieceLeft { piece: "ship" }
                } else {
                    RuleError::illegal("this scenario has no ships")
                });
            }
            RouteKind::Road => self.road_problem(p, e),
            RouteKind::Ship => self.ship_problem(p, e, NONE),
        };
        problem.map_or(Ok(()), |m| Err(RuleError::illegal(format!("{} {m}", self.topo.edges[e as usize]))))
    }

    fn pay(&mut self, p: u8, cost: Resources) -> Result<(), RuleError> {
        let me = &mut self.players[p as usize];
        if !me.hand.contains(&cost) {
            return Err(RuleError::CannotAfford { cost });
        }
        me.hand.sub(&cost);
        self.bank.add(&cost);
        Ok(())
    }

    fn check_forced_steal(&self, victim: u8) -> Result<(), RuleError> {
        match self.forced_steals.front() {
            Some(&r) if self.players[victim as usize].hand.get(r) == 0 => {
                Err(RuleError::Setup(format!("the fixed steal `{r}` is not in player {victim}'s hand")))
            }
            _ => Ok(()),
        }
    }

    fn steal(&mut self, thief: u8, victim: u8, events: &mut Vec<Event>) {
        let hand = self.players[victim as usize].hand;
        let card = match self.forced_steals.pop_front() {
            Some(r) => Some(r),
            None if hand.total() > 0 => hand.nth_card(self.rng.below(hand.total() as usize) as u32),
            None => None,
        };
        if let Some(r) = card {
            *self.players[victim as usize].hand.get_mut(r) -= 1;
            *self.players[thief as usize].hand.get_mut(r) += 1;
        }
        events.push(Event::Stole { thief, victim, resource: card });
    }

    fn put_building(&mut self, p: u8, v: u16, city: bool) {
        self.buildings[v as usize] = Some(Building { owner: p, city });
        let me = &mut self.players[p as usize];
        me.settlements_left -= 1;
        me.points += 1;
    }

    fn put_route(&mut self, p: u8, e: u16, kind: RouteKind, free: bool, events: &mut Vec<Event>) {
        self.routes[e as usize] = Some(Route { owner: p, kind });
        let at = self.topo.edges[e as usize];
        let me = &mut self.players[p as usize];
        match kind {
            RouteKind::Road => {
                me.roads_left -= 1;
                events.push(Event::RoadBuilt { player: p, at, free });
            }
            RouteKind::Ship => {
                me.ships_left -= 1;
                if !self.phase.is_setup() {
                    self.built_ships.push(e);
                }
                events.push(Event::ShipBuilt { player: p, at, free });
            }
        }
        self.discover(p, e, events);
        self.update_routes(&[p], events);
    }

    fn add_harbour(&mut self, e: u16, h: Harbour) {
        self.harbours.push((e, h));
        for v in self.topo.edge_vertices[e as usize] {
            self.vertex_harbour[v as usize] = Some(h);
        }
    }

    // ----- production, gold, discovery ---------------------------------------------------------

    fn produce(&mut self, total: u8, events: &mut Vec<Event>) {
        let n = self.players.len();
        let mut owed = [[0u8; 5]; MAX_PLAYERS];
        let mut gold = [0u8; MAX_PLAYERS];
        for h in 0..self.topo.hexes.len() {
            if self.number[h] != total || self.robber == Some(h as u16) {
                continue;
            }
            let Some(t) = self.terrain[h] else { continue };
            for &v in &self.topo.hex_vertices[h] {
                if v == NONE {
                    continue;
                }
                if let Some(b) = self.buildings[v as usize] {
                    let k = if b.city { 2 } else { 1 };
                    match t {
                        Terrain::Gold => gold[b.owner as usize] += k,
                        t => {
                            if let Some(r) = t.resource() {
                                owed[b.owner as usize][r.index()] += k;
                            }
                        }
                    }
                }
            }
        }
        let mut got = [Resources::default(); MAX_PLAYERS];
        let mut short = false;
        for r in Resource::ALL {
            let i = r.index();
            let sum: u32 = (0..n).map(|p| owed[p][i] as u32).sum();
            if sum == 0 {
                continue;
            }
            let owing: Vec<usize> = (0..n).filter(|&p| owed[p][i] > 0).collect();
            if sum <= self.bank.get(r) as u32 {
                for &p in &owing {
                    *got[p].get_mut(r) += owed[p][i];
                }
            } else {
                short = true;
                if owing.len() == 1 {
                    *got[owing[0]].get_mut(r) += self.bank.get(r);
                } else {
                    events.push(Event::BankShort { resource: r });
                }
            }
            for &p in &owing {
                let k = got[p].get(r);
                *self.bank.get_mut(r) -= k;
                *self.players[p].hand.get_mut(r) += k;
            }
        }
        if short {
            self.stats.bank_short += 1;
        }
        for (p, cards) in got.iter().enumerate().take(n) {
            if !cards.is_empty() {
                events.push(Event::Produced { player: p as u8, cards: *cards });
            }
        }
        for (p, &g) in gold.iter().enumerate().take(n) {
            self.owe_gold(p as u8, g, events);
        }
    }

    fn owe_gold(&mut self, p: u8, count: u8, events: &mut Vec<Event>) {
        let n = count.min(self.bank.total() as u8);
        if n > 0 {
            self.pending_gold.push((p, n));
            events.push(Event::GoldOwed { player: p, count: n });
        }
    }

    /// Drops gold choices the bank can no longer pay; leaves the gold phase when none is left.
    fn settle_gold(&mut self) {
        if self.bank.total() == 0 {
            self.pending_gold.clear();
        }
        if self.pending_gold.is_empty() && self.phase == Phase::Gold {
            self.phase = self.gold_resume;
        }
    }

    fn enter_gold_if_pending(&mut self) {
        if !self.pending_gold.is_empty() && self.phase != Phase::Gold && !self.is_over() {
            self.gold_resume = self.phase;
            self.phase = Phase::Gold;
        }
    }

    /// Discovers every unknown hex next to either end of `e`, in a fixed order.
    fn discover(&mut self, p: u8, e: u16, events: &mut Vec<Event>) {
        let mut changed = false;
        for v in self.topo.edge_vertices[e as usize] {
            for h in self.topo.vertex_hexes[v as usize] {
                if h == NONE || self.terrain[h as usize].is_some() {
                    continue;
                }
                let pool = self.fog.entry(self.pool_of[h as usize]).or_default();
                let terrain = pool.terrain.pop().unwrap_or(Terrain::Sea);
                let number = if terrain.takes_number() { pool.numbers.pop() } else { None };
                self.terrain[h as usize] = Some(terrain);
                self.number[h as usize] = number.unwrap_or(0);
                changed = true;
                self.stats.discoveries += 1;
                events.push(Event::Discovered { player: p, hex: self.topo.hexes[h as usize], terrain, number });
                if terrain == Terrain::Gold {
                    self.owe_gold(p, 1, events);
                } else if let Some(r) = terrain.resource().filter(|&r| self.bank.get(r) > 0) {
                    *self.bank.get_mut(r) -= 1;
                    *self.players[p as usize].hand.get_mut(r) += 1;
                    events.push(Event::DiscoveryCard { player: p, resource: r });
                }
            }
        }
        if changed {
            self.compute_islands();
        }
    }

    fn compute_islands(&mut self) {
        let n = self.topo.hexes.len();
        self.island = vec![NONE; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if self.island[start] != NONE || !self.is_land(start as u16) {
                continue;
            }
            self.island[start] = start as u16;
            stack.push(start);
            while let Some(h) = stack.pop() {
                for &e in &self.topo.hex_edges[h] {
                    if e == NONE {
                        continue;
                    }
                    let [a, b] = self.topo.edge_hexes[e as usize];
                    let o = if a as usize == h { b } else { a } as usize;
                    if self.island[o] == NONE && self.is_land(o as u16) {
                        self.island[o] = start as u16;
                        stack.push(o);
                    }
                }
            }
        }
        self.island_setup = vec![false; n];
        self.island_no_chip = vec![false; n];
        for h in 0..n {
            if self.island[h] != NONE {
                let rep = self.island[h] as usize;
                self.island_setup[rep] |= self.setup_area[h];
                self.island_no_chip[rep] |= self.no_chip[h];
            }
        }
    }

    fn vertex_island(&self, v: u16) -> Option<Hex> {
        self.topo.vertex_hexes[v as usize]
            .iter()
            .find(|&&h| h != NONE && self.island[h as usize] != NONE)
            .map(|&h| self.topo.hexes[self.island[h as usize] as usize])
    }

    /// The island where a settlement of `p` on `v` would earn a chip now, if any.
    fn chip_island(&self, p: u8, v: u16) -> Option<Hex> {
        if self.scenario.chip == 0 {
            return None;
        }
        let island = self.vertex_island(v)?;
        let rep = self.topo.hex_index(island).expect("on the map");
        let no_chip = self.island_no_chip[rep];
        let me = &self.players[p as usize];
        let home = match self.scenario.home {
            HomeRule::SetupArea => self.island_setup[rep],
            HomeRule::Settlements => me.home_islands.contains(&island),
        };
        (!home && !no_chip && !me.chip_islands.contains(&island)).then_some(island)
    }

    fn award_chip(&mut self, p: u8, v: u16, events: &mut Vec<Event>) {
        let Some(island) = self.chip_island(p, v) else { return };
        let chip = self.scenario.chip;
        let me = &mut self.players[p as usize];
        me.chip_islands.push(island);
        me.chips += chip;
        me.points += chip;
        self.stats.chips_awarded += 1;
        events.push(Event::ChipAwarded { player: p, island, points: chip });
    }

    // ----- longest route, largest army, victory ---------------------------------------------

    /// Recomputes the route length of `affected` players (all when it lists them all), then who
    /// holds the longest trade route.
    fn update_routes(&mut self, affected: &[u8], events: &mut Vec<Event>) {
        for &q in affected {
            if (q as usize) < self.players.len() {
                self.players[q as usize].route_length = crate::route::longest_route(self, q);
            }
        }
        let lens: Vec<u8> = self.players.iter().map(|pl| pl.route_length).collect();
        let max = lens.iter().copied().max().unwrap_or(0);
        let keep = self.longest.is_some_and(|h| lens[h as usize] >= MIN_ROUTE && lens[h as usize] == max);
        let new = if keep {
            self.longest
        } else {
            let top: Vec<usize> = (0..lens.len()).filter(|&q| lens[q] == max).collect();
            (max >= MIN_ROUTE && top.len() == 1).then(|| top[0] as u8)
        };
        if new != self.longest {
            if let Some(old) = self.longest {
                self.players[old as usize].points -= 2;
            }
            if let Some(h) = new {
                self.players[h as usize].points += 2;
            }
            self.longest = new;
            self.stats.longest_route_changes += 1;
            events.push(Event::LongestRoute { holder: new, length: new.map_or(max, |h| lens[h as usize]) });
        }
    }

    fn update_army(&mut self, p: u8, events: &mut Vec<Event>) {
        let k = self.players[p as usize].knights;
        if self.army == Some(p) || k < 3 {
            return;
        }
        if self.army.is_none_or(|h| k > self.players[h as usize].knights) {
            if let Some(old) = self.army {
                self.players[old as usize].points -= 2;
            }
            self.players[p as usize].points += 2;
            self.army = Some(p);
            self.stats.largest_army_changes += 1;
            events.push(Event::LargestArmy { holder: p, knights: k });
        }
    }

    fn start_turn(&mut self, events: &mut Vec<Event>) {
        self.turn += 1;
        self.phase = Phase::Roll;
        self.rolled = false;
        self.dev_played = false;
        self.ship_moved = false;
        self.built_ships.clear();
        events.push(Event::TurnStarted { player: self.active, turn: self.turn });
    }

    /// The active player wins on reaching the target during their own turn (never in setup).
    fn check_victory(&mut self, events: &mut Vec<Event>) {
        // `turn` is 0 until the first turn starts: a gold choice during setup is still setup.
        if self.turn == 0 || self.phase.is_setup() || self.is_over() {
            return;
        }
        let a = self.active as usize;
        if self.players[a].points >= self.scenario.target {
            self.phase = Phase::GameOver { winner: self.active };
            self.pending_discards.clear();
            self.pending_gold.clear();
            self.offer = None;
            events.push(Event::GameOver { winner: self.active, points: self.players.iter().map(|p| p.points).collect() });
        }
    }

    pub(crate) fn route_data(&self) -> (&Topology, &[Option<Route>], &[Option<Building>]) {
        (&self.topo, &self.routes, &self.buildings)
    }

    /// Could `player` build a settlement on `v` now, cost aside (placement rules only)?
    pub fn is_legal_settlement_spot(&self, player: usize, v: Vertex) -> bool {
        self.topo.vertex_index(v).is_some_and(|v| self.settlement_problem(player as u8, v, false).is_none())
    }

    /// Would a settlement be allowed at intersection index `v` by the distance rule and land
    /// alone (no route needed)? Index-based helpers like this one serve the bots.
    pub fn is_free_spot(&self, v: u16) -> bool {
        self.buildings[v as usize].is_none()
            && self.vertex_on_land(v)
            && !self.topo.vertex_neighbours[v as usize].iter().any(|&n| n != NONE && self.buildings[n as usize].is_some())
    }

    /// The production value of an intersection: the number of ways (out of 36) that its
    /// hexes produce, gold counted as the best resource.
    pub fn pips(&self, v: u16) -> u32 {
        self.topo.vertex_hexes[v as usize]
            .iter()
            .filter(|&&h| h != NONE && Some(h) != self.robber && self.terrain[h as usize].is_some_and(Terrain::takes_number))
            .map(|&h| pip(self.number[h as usize]))
            .sum()
    }

    pub fn hex_number(&self, h: u16) -> u8 {
        self.number[h as usize]
    }

    pub fn hex_terrain(&self, h: u16) -> Option<Terrain> {
        self.terrain[h as usize]
    }

    pub fn route_on(&self, e: u16) -> Option<Route> {
        self.routes[e as usize]
    }

    pub fn building_on(&self, v: u16) -> Option<Building> {
        self.buildings[v as usize]
    }

    /// Is edge `e` a side of the pirate's hex (no ship may be built or moved there)?
    pub fn is_pirate_edge(&self, e: u16) -> bool {
        self.edge_at_pirate(e)
    }

    /// Would an unknown hex be discovered by a route on edge `e`?
    pub fn reveals_unknown(&self, e: u16) -> bool {
        self.topo.edge_vertices[e as usize]
            .iter()
            .any(|&v| self.topo.vertex_hexes[v as usize].iter().any(|&h| h != NONE && self.terrain[h as usize].is_none()))
    }

    /// Whether a settlement at `v` would give `p` a special victory point chip now.
    pub fn would_award_chip(&self, p: usize, v: u16) -> bool {
        self.chip_island(p as u8, v).is_some()
    }
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

/// Every way to take exactly `n` cards from `from`.
fn sub_hands(from: &Resources, n: u8) -> Vec<Resources> {
    let mut out = Vec::new();
    fn rec(from: &Resources, i: usize, left: u8, cur: &mut Resources, out: &mut Vec<Resources>) {
        if i == 5 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        let r = Resource::ALL[i];
        let rest: u32 = Resource::ALL[i + 1..].iter().map(|&x| from.get(x) as u32).sum();
        for k in 0..=from.get(r).min(left) {
            if (left - k) as u32 > rest {
                continue;
            }
            *cur.get_mut(r) = k;
            rec(from, i + 1, left - k, cur, out);
        }
        *cur.get_mut(r) = 0;
    }
    rec(from, 0, n, &mut Resources::default(), &mut out);
    out
}

fn phase_expectation(phase: Phase) -> &'static str {
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

    #[test]
    fn sub_hands_lists_every_combination_once() {
        let hand = Resources { brick: 2, ore: 1, wool: 1, ..Resources::default() };
        let all = sub_hands(&hand, 2);
        // {bb, bo, bw, ow}
        assert_eq!(all.len(), 4);
        assert!(all.iter().all(|c| c.total() == 2 && hand.contains(c)));
    }
}
