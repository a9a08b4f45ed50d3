//! Setting a game up: the seed drawn into a map, a deck and a start player, and replays.

use super::*;

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
        // The standard deck has 25 cards; scripts may stack any mix, within what the counters hold.
        if setup.deck.len() > MAX_DECK {
            return Err(RuleError::Setup(format!("the development deck has more than {MAX_DECK} cards")));
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
            offers_made: 0,
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

    /// A New World: the next harbour of the pile goes on a coast edge.
    pub(super) fn place_harbour(&mut self, p: u8, at: Edge, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let e = self.edge_id(at)?;
        if let Some(m) = self.harbour_spot_problem(e) {
            return Err(RuleError::illegal(Reason::Place { at: at.to_string(), problem: m }));
        }
        let h = self.harbour_queue.remove(0);
        self.add_harbour(e, h);
        self.stats.harbours_placed += 1;
        events.push(Event::HarbourPlaced { player: p, at, harbour: h });
        self.settle_harbour_phase();
        self.active = self.setup_player();
        Ok(())
    }

    /// A setup settlement; the second one gives its cards (and gold choices).
    pub(super) fn setup_settlement(&mut self, p: u8, at: Vertex, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let v = self.vertex_id(at)?;
        if let Some(m) = self.settlement_problem(p, v, true) {
            return Err(RuleError::illegal(Reason::Place { at: at.to_string(), problem: m }));
        }
        self.put_building(p, v, false);
        events.push(Event::SettlementBuilt { player: p, at });
        self.refresh_setup_area();
        if self.scenario.home == HomeRule::Settlements
            && let Some(i) = self.vertex_island(v).filter(|i| !self.players[p as usize].home_islands.contains(i))
        {
            self.players[p as usize].home_islands.push(i);
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

    /// The road or ship next to the settlement just placed; the last one starts the first turn.
    pub(super) fn setup_route(
        &mut self,
        p: u8,
        at: Edge,
        kind: RouteKind,
        settlement: Vertex,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.need_active(p)?;
        let e = self.edge_id(at)?;
        let s = self.vertex_id(settlement)?;
        if let Some(m) = self.setup_route_problem(p, s, e, kind) {
            return Err(RuleError::illegal(Reason::Place { at: at.to_string(), problem: m }));
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
}
