//! Placement rules, shared by `apply` and `legal_actions`.

use super::*;

impl Game {
    pub(super) fn is_land(&self, hex: u16) -> bool {
        hex != NONE && self.terrain[hex as usize].is_some_and(Terrain::is_land)
    }

    pub(super) fn is_sea(&self, hex: u16) -> bool {
        hex != NONE && self.terrain[hex as usize] == Some(Terrain::Sea)
    }

    pub(super) fn vertex_on_land(&self, v: u16) -> bool {
        self.topo.vertex_hexes[v as usize].iter().any(|&h| self.is_land(h))
    }

    pub(super) fn edge_on_land(&self, e: u16) -> bool {
        self.topo.edge_hexes[e as usize].iter().any(|&h| self.is_land(h))
    }

    pub(super) fn edge_on_sea(&self, e: u16) -> bool {
        self.topo.edge_hexes[e as usize].iter().any(|&h| self.is_sea(h))
    }

    pub(super) fn edge_at_pirate(&self, e: u16) -> bool {
        self.pirate.is_some_and(|p| self.topo.edge_hexes[e as usize].contains(&p))
    }

    pub(super) fn owns_building(&self, p: u8, v: u16) -> bool {
        self.buildings[v as usize].is_some_and(|b| b.owner == p)
    }

    pub(super) fn opponent_building(&self, p: u8, v: u16) -> bool {
        self.buildings[v as usize].is_some_and(|b| b.owner != p)
    }

    /// An own route of `kind` on another edge at `v` than `except` (and than `lifted`).
    pub(super) fn own_route_at(&self, p: u8, v: u16, kind: RouteKind, except: u16, lifted: u16) -> bool {
        self.topo.vertex_edges[v as usize]
            .iter()
            .any(|&e| other(e, except) && e != lifted && self.routes[e as usize].is_some_and(|r| r.owner == p && r.kind == kind))
    }

    pub(super) fn vertex_id(&self, v: Vertex) -> Result<u16, RuleError> {
        self.topo.vertex_index(v).ok_or_else(|| RuleError::illegal(Reason::OffMap { at: v.to_string(), what: "an intersection" }))
    }

    pub(super) fn edge_id(&self, e: Edge) -> Result<u16, RuleError> {
        self.topo.edge_index(e).ok_or_else(|| RuleError::illegal(Reason::OffMap { at: e.to_string(), what: "an edge" }))
    }

    pub(super) fn hex_id(&self, h: Hex) -> Result<u16, RuleError> {
        self.topo.hex_index(h).map(|i| i as u16).ok_or_else(|| RuleError::illegal(Reason::OffMap { at: h.to_string(), what: "a hex" }))
    }

    // ----- placement rules (shared by apply and legal_actions) -------------------------------

    /// Why `p` may not put a settlement on `v` (`None`: they may). `setup` drops the need
    /// for a connecting route and adds the setup area.
    pub(super) fn settlement_problem(&self, p: u8, v: u16, setup: bool) -> Option<Problem> {
        if self.buildings[v as usize].is_some() {
            return Some(Problem::AlreadyBuilt);
        }
        if !self.vertex_on_land(v) {
            return Some(Problem::NoLand);
        }
        if self.topo.vertex_neighbours[v as usize].iter().any(|&n| n != NONE && self.buildings[n as usize].is_some()) {
            return Some(Problem::DistanceRule);
        }
        if setup {
            if self.has_setup_area && !self.setup_area_relaxed && !self.in_setup_area(v) {
                return Some(Problem::OutsideSetupArea);
            }
        } else if !self.topo.vertex_edges[v as usize].iter().any(|&e| e != NONE && self.routes[e as usize].is_some_and(|r| r.owner == p)) {
            return Some(Problem::NotAtYourRoute);
        }
        None
    }

    pub(super) fn in_setup_area(&self, v: u16) -> bool {
        self.topo.vertex_hexes[v as usize].iter().any(|&h| h != NONE && self.setup_area[h as usize] && self.is_land(h))
    }

    /// When the setup area has no free intersection left (the distance rule filled it), setup
    /// settlements may go on any land rather than the game stopping.
    pub(super) fn refresh_setup_area(&mut self) {
        if self.has_setup_area && !self.setup_area_relaxed {
            let open = (0..self.topo.vertices.len() as u16).any(|v| self.in_setup_area(v) && self.is_free_spot(v));
            self.setup_area_relaxed = !open;
        }
    }

    pub(super) fn road_problem(&self, p: u8, e: u16) -> Option<Problem> {
        if self.routes[e as usize].is_some() {
            return Some(Problem::RouteThere);
        }
        if !self.edge_on_land(e) {
            return Some(Problem::NoLand);
        }
        let connects = self.topo.edge_vertices[e as usize]
            .iter()
            .any(|&v| self.owns_building(p, v) || (!self.opponent_building(p, v) && self.own_route_at(p, v, RouteKind::Road, e, NONE)));
        if !connects {
            return Some(Problem::RoadNotConnected);
        }
        None
    }

    /// `lifted`: a ship being moved, judged as if it were not on the board.
    pub(super) fn ship_problem(&self, p: u8, e: u16, lifted: u16) -> Option<Problem> {
        if !self.scenario.ships {
            return Some(Problem::NoShipsInScenario);
        }
        if self.routes[e as usize].is_some() {
            return Some(Problem::RouteThere);
        }
        if !self.edge_on_sea(e) {
            return Some(Problem::NoSea);
        }
        if self.edge_at_pirate(e) {
            return Some(Problem::NextToPirate);
        }
        let connects = self.topo.edge_vertices[e as usize]
            .iter()
            .any(|&v| self.owns_building(p, v) || (!self.opponent_building(p, v) && self.own_route_at(p, v, RouteKind::Ship, e, lifted)));
        if !connects {
            return Some(Problem::ShipNotConnected);
        }
        None
    }

    pub(super) fn setup_route_problem(&self, p: u8, settlement: u16, e: u16, kind: RouteKind) -> Option<Problem> {
        if !self.topo.edge_vertices[e as usize].contains(&settlement) {
            return Some(Problem::NotNextToNewSettlement);
        }
        let problem = match kind {
            RouteKind::Road => self.road_problem(p, e),
            RouteKind::Ship => self.ship_problem(p, e, NONE),
        };
        if problem.is_some() {
            return problem;
        }
        if kind == RouteKind::Road && self.must_start_with_ship(p, settlement) {
            return Some(Problem::MustStartWithShip);
        }
        None
    }

    /// Four Islands: a setup settlement next to a must-ship sea hex starts with a ship (when one
    /// can be placed).
    pub(super) fn must_start_with_ship(&self, p: u8, settlement: u16) -> bool {
        self.topo.vertex_hexes[settlement as usize].iter().any(|&h| h != NONE && self.must_ship[h as usize])
            && self.topo.vertex_edges[settlement as usize].iter().any(|&e| e != NONE && self.ship_problem(p, e, NONE).is_none())
    }

    /// Why the ship on `from` may not move (`None`: it may, to some legal position).
    pub(super) fn movable_problem(&self, p: u8, from: u16) -> Option<Problem> {
        if self.routes[from as usize] != Some(Route { owner: p, kind: RouteKind::Ship }) {
            return Some(Problem::NoShipOfYours);
        }
        if self.ship_moved {
            return Some(Problem::ShipAlreadyMoved);
        }
        if self.built_ships.contains(&from) {
            return Some(Problem::ShipBuiltThisTurn);
        }
        if self.edge_at_pirate(from) {
            return Some(Problem::ShipNextToPirate);
        }
        let open = self.topo.edge_vertices[from as usize]
            .iter()
            .any(|&v| !self.owns_building(p, v) && !self.own_route_at(p, v, RouteKind::Ship, from, NONE));
        if !open {
            return Some(Problem::ShipNotAtOpenEnd);
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
}
