//! Applying actions: each checked completely before anything changes.

use super::*;

impl Game {
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

    pub(super) fn need_active(&self, p: u8) -> Result<(), RuleError> {
        if p != self.active { Err(RuleError::NotYourTurn { player: p }) } else { Ok(()) }
    }

    fn apply_checked(&mut self, p: u8, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        // One arm per action and the phase that takes it; the rest is refused with what the game waits for.
        match (*action, self.phase) {
            (Action::PlaceHarbour { at }, Phase::PlaceHarbour) => self.place_harbour(p, at, events),
            (Action::BuildSettlement { at }, Phase::SetupSettlement) => self.setup_settlement(p, at, events),
            (Action::BuildRoad { at }, Phase::SetupRoute { settlement }) => self.setup_route(p, at, RouteKind::Road, settlement, events),
            (Action::BuildShip { at }, Phase::SetupRoute { settlement }) => self.setup_route(p, at, RouteKind::Ship, settlement, events),
            (Action::Roll, Phase::Roll) => self.roll(p, events),
            (Action::Discard { cards }, Phase::Discard) => self.discard(p, cards, events),
            (Action::ChooseGold { cards }, Phase::Gold) => self.choose_gold(p, cards, events),
            (Action::MoveRobber { to, victim }, Phase::Robber) => self.move_robber(p, to, victim, events),
            (Action::MovePirate { to }, Phase::Robber) => self.move_pirate(p, to, events),
            (Action::BuildRoad { at }, Phase::RoadBuilding { left }) => self.free_route(p, at, RouteKind::Road, left, events),
            (Action::BuildShip { at }, Phase::RoadBuilding { left }) => self.free_route(p, at, RouteKind::Ship, left, events),
            (Action::BuildRoad { at }, Phase::Main) => self.build_route(p, at, RouteKind::Road, events),
            (Action::BuildShip { at }, Phase::Main) => self.build_route(p, at, RouteKind::Ship, events),
            (Action::BuildSettlement { at }, Phase::Main) => self.build_settlement(p, at, events),
            (Action::BuildCity { at }, Phase::Main) => self.build_city(p, at, events),
            (Action::MoveShip { from, to }, Phase::Main) => self.move_ship(p, from, to, events),
            (Action::BuyDevCard, Phase::Main) => self.buy_dev_card(p, events),
            (
                Action::PlayKnight | Action::PlayRoadBuilding | Action::PlayYearOfPlenty { .. } | Action::PlayMonopoly { .. },
                Phase::Roll | Phase::Main,
            ) => self.play_dev_card(p, action, events),
            (Action::MaritimeTrade { give, get }, Phase::Main) => self.maritime_trade(p, give, get, events),
            (Action::OfferTrade { give, want, to }, Phase::Main) => self.offer_trade(p, give, want, to, events),
            (Action::AnswerTrade { accept }, Phase::Main) => self.answer_trade(p, accept, events),
            (Action::CounterTrade { give, want }, Phase::Main) => self.counter_trade(p, give, want, events),
            (Action::ConfirmTrade { with }, Phase::Main) => self.confirm_trade(p, with, events),
            (Action::WithdrawTrade, Phase::Main) => self.withdraw_trade(p, events),
            (Action::EndTurn, Phase::Main) => self.end_turn(p, events),
            _ => Err(RuleError::WrongPhase { phase: self.phase }),
        }
    }

    pub(super) fn check_piece(&self, p: u8, e: u16, kind: RouteKind) -> Result<(), RuleError> {
        let me = &self.players[p as usize];
        let problem = match kind {
            RouteKind::Road if me.roads_left == 0 => return Err(RuleError::NoPieceLeft { piece: "road" }),
            RouteKind::Ship if me.ships_left == 0 => {
                return Err(if self.scenario.ships {
                    RuleError::NoPieceLeft { piece: "ship" }
                } else {
                    RuleError::illegal(Reason::NoShips)
                });
            }
            RouteKind::Road => self.road_problem(p, e),
            RouteKind::Ship => self.ship_problem(p, e, NONE),
        };
        problem.map_or(Ok(()), |m| Err(RuleError::illegal(Reason::Place { at: self.topo.edges[e as usize].to_string(), problem: m })))
    }

    pub(super) fn pay(&mut self, p: u8, cost: Resources) -> Result<(), RuleError> {
        let me = &mut self.players[p as usize];
        if !me.hand.contains(&cost) {
            return Err(RuleError::CannotAfford { cost });
        }
        me.hand.sub(&cost);
        self.bank.add(&cost);
        Ok(())
    }

    pub(super) fn check_forced_steal(&self, victim: u8) -> Result<(), RuleError> {
        match self.forced_steals.front() {
            Some(&r) if self.players[victim as usize].hand.get(r) == 0 => {
                Err(RuleError::Setup(format!("the fixed steal `{r}` is not in player {victim}'s hand")))
            }
            _ => Ok(()),
        }
    }

    pub(super) fn steal(&mut self, thief: u8, victim: u8, events: &mut Vec<Event>) {
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

    pub(super) fn put_building(&mut self, p: u8, v: u16, city: bool) {
        self.buildings[v as usize] = Some(Building { owner: p, city });
        let me = &mut self.players[p as usize];
        me.settlements_left -= 1;
        me.points += 1;
    }

    pub(super) fn put_route(&mut self, p: u8, e: u16, kind: RouteKind, free: bool, events: &mut Vec<Event>) {
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

    pub(super) fn add_harbour(&mut self, e: u16, h: Harbour) {
        self.harbours.push((e, h));
        for v in self.topo.edge_vertices[e as usize] {
            self.vertex_harbour[v as usize] = Some(h);
        }
    }
}
