//! What players (and the bots) can ask of a game: state, pieces, points.

use super::*;

impl Game {
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

    /// The seats that may still answer the open offer: those it is addressed to, but for its
    /// maker, that have not answered yet (nobody waits for them).
    pub fn answering(&self) -> Vec<usize> {
        let Some(o) = &self.offer else { return Vec::new() };
        (0..self.players.len()).filter(|&s| s as u8 != o.from && o.to.is_none_or(|t| t as usize == s) && !o.answered(s as u8)).collect()
    }

    /// How many trade offers the active player has made this turn.
    pub fn offers_made(&self) -> u8 {
        self.offers_made
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

    /// Whom `p` robs by moving the pirate to `to`: every other player with a ship on one of its
    /// sides and a card in hand (public: ships and hand sizes are on the table). Empty for a
    /// hex off the map.
    pub fn pirate_victims_at(&self, p: usize, to: Hex) -> Vec<usize> {
        self.topo.hex_index(to).map_or_else(Vec::new, |h| self.pirate_victims(p as u8, h as u16).into_iter().map(usize::from).collect())
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

    pub(super) fn setup_player(&self) -> u8 {
        let n = self.players.len() as u8;
        match self.phase {
            Phase::PlaceHarbour => ((self.start_player as u32 + self.stats.harbours_placed) % n as u32) as u8,
            _ => {
                let k = self.setup_step;
                if k < n { (self.start_player + k) % n } else { (self.start_player + 2 * n - 1 - k) % n }
            }
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
