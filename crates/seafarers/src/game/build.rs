//! Building in play: roads, ships (bought or free), settlements, cities, and moving a ship.

use super::*;

impl Game {
    /// A free road or ship of Road Building.
    pub(super) fn free_route(&mut self, p: u8, at: Edge, kind: RouteKind, left: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
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

    /// A road or ship bought in the main phase.
    pub(super) fn build_route(&mut self, p: u8, at: Edge, kind: RouteKind, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let e = self.edge_id(at)?;
        self.check_piece(p, e, kind)?;
        let cost = if kind == RouteKind::Road { Resources::ROAD } else { Resources::SHIP };
        self.pay(p, cost)?;
        self.put_route(p, e, kind, false, events);
        self.enter_gold_if_pending();
        Ok(())
    }

    /// A settlement bought in the main phase (it may win a chip and break routes).
    pub(super) fn build_settlement(&mut self, p: u8, at: Vertex, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let v = self.vertex_id(at)?;
        if self.players[p as usize].settlements_left == 0 {
            return Err(RuleError::NoPieceLeft { piece: "settlement" });
        }
        if let Some(m) = self.settlement_problem(p, v, false) {
            return Err(RuleError::illegal(Reason::Place { at: at.to_string(), problem: m }));
        }
        self.pay(p, Resources::SETTLEMENT)?;
        self.put_building(p, v, false);
        events.push(Event::SettlementBuilt { player: p, at });
        self.award_chip(p, v, events);
        // A settlement may break others' routes (and joins the builder's road and ship lines).
        self.update_routes(&[0, 1, 2, 3], events);
        Ok(())
    }

    /// A settlement upgraded to a city.
    pub(super) fn build_city(&mut self, p: u8, at: Vertex, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let v = self.vertex_id(at)?;
        if self.buildings[v as usize] != Some(Building { owner: p, city: false }) {
            return Err(RuleError::illegal(Reason::NoSettlementThere { at: at.to_string() }));
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

    /// A ship at an open end moved to a new legal position (once per turn).
    pub(super) fn move_ship(&mut self, p: u8, from: Edge, to: Edge, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.need_active(p)?;
        let f = self.edge_id(from)?;
        let t = self.edge_id(to)?;
        if let Some(m) = self.movable_problem(p, f) {
            return Err(RuleError::illegal(Reason::Place { at: from.to_string(), problem: m }));
        }
        if f == t {
            return Err(RuleError::illegal(Reason::MoveShipElsewhere));
        }
        if let Some(m) = self.ship_problem(p, t, f) {
            return Err(RuleError::illegal(Reason::Place { at: to.to_string(), problem: m }));
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
}
