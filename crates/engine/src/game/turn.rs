//! Applying an action, and the flow of a turn: place the tile, place or retrieve an islander,
//! (evaluation), deliver to a ship, then the next player draws.

use super::{Game, Islander, Phase};
use crate::geometry::{Pos, Rotation};
use crate::ships::ShipId;
use crate::tileset::TileKind;
use crate::wares::Wares;
use crate::{Action, Event, FeatureRef, Misplaced, RuleError};

impl Game {
    /// Applies the action of the player to act ([`Game::to_act`]). On error nothing changed.
    ///
    /// Steps where only one choice exists are taken by the engine and reported in the events:
    /// skipping the islander step when no islander can be placed or retrieved, paying a ship
    /// that can be paid one way only, taking the only most valuable ship for a market, and
    /// ending the turn when no ship can be paid.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// [`Game::apply`], appending the events to `events` (simulations reuse one buffer).
    pub fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        match (self.phase, *action) {
            (Phase::GameOver, _) => return Err(RuleError::GameOver),
            (Phase::PlaceTile, Action::PlaceTile { pos, rotation }) => self.place_tile(pos, rotation, events)?,
            (Phase::Islander { pos }, Action::PlaceIslander { feature }) => self.place_islander(pos, feature, events)?,
            (Phase::Islander { .. }, Action::RetrieveIslander { pos, feature }) => {
                self.retrieve_islander(FeatureRef { pos, feature }, events)?
            }
            (Phase::Islander { .. }, Action::SkipIslander) => self.evaluate_turn(events),
            (Phase::MarketShip { player }, Action::ChooseShip { ship }) => {
                if !self.market_choices().contains(&ship) {
                    return Err(RuleError::NotAMarketChoice);
                }
                let (_, feature) = self.pending_markets.pop_front().expect("a market is pending");
                self.take_for_market(player, feature, ship, events);
                self.process_markets(events);
            }
            (Phase::Deliver, Action::Deliver { ship }) => {
                if !self.display.contains(&ship) {
                    return Err(RuleError::ShipNotOnDisplay);
                }
                let options = self.payment_options(ship);
                match options.as_slice() {
                    [] => return Err(RuleError::CannotPay { demand: self.ships.get(ship).demand }),
                    [only] => self.deliver(ship, *only, events),
                    _ => self.phase = Phase::Payment { ship },
                }
            }
            (Phase::Payment { ship }, Action::Pay { payment }) => {
                if !self.payment_options(ship).contains(&payment) {
                    return Err(RuleError::PaymentNotAccepted { demand: self.ships.get(ship).demand });
                }
                self.deliver(ship, payment, events);
            }
            (Phase::Deliver, Action::EndTurn) => self.end_turn(events),
            (phase, _) => return Err(RuleError::WrongPhase { phase }),
        }
        self.take_forced_steps(events);
        Ok(())
    }

    fn take_forced_steps(&mut self, events: &mut Vec<Event>) {
        loop {
            match self.phase {
                Phase::Islander { pos } if !self.has_islander_choice(pos) => self.evaluate_turn(events),
                Phase::Deliver if !self.can_deliver() => self.end_turn(events),
                _ => return,
            }
        }
    }

    fn place_tile(&mut self, pos: Pos, rotation: Rotation, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let tile = self.drawn.expect("a tile is drawn while placing");
        let kind = self.tiles.get(tile);
        if !self.board.fits(kind, pos, rotation) {
            return Err(self.placement_error(kind, pos, rotation));
        }
        self.board.place(&self.tiles, tile, rotation, pos);
        self.drawn = None;
        events.push(Event::TilePlaced { player: self.active, tile, pos, rotation });
        self.phase = Phase::Islander { pos };
        Ok(())
    }

    fn placement_error(&self, kind: &TileKind, pos: Pos, rotation: Rotation) -> RuleError {
        use crate::geometry::Dir;
        let reason = if self.board.at(pos).is_some() {
            Misplaced::Taken { pos }
        } else if Dir::ALL.into_iter().all(|d| self.board.at(pos.step(d)).is_none()) {
            Misplaced::NoNeighbour { pos }
        } else {
            Dir::ALL
                .into_iter()
                .filter_map(|dir| {
                    let other = self.board.at(pos.step(dir))?;
                    let theirs = self.tiles.get(other.tile).edge(other.rotation, dir.opposite());
                    let mine = kind.edge(rotation, dir);
                    (mine != theirs).then_some(Misplaced::Mismatch { pos, rotation, dir, mine, theirs })
                })
                .next()
                .unwrap_or(Misplaced::NoFit { pos })
        };
        RuleError::IllegalPlacement { reason }
    }

    fn place_islander(&mut self, pos: Pos, feature: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let tile = *self.board.at(pos).expect("tile just placed");
        let kind = self.tiles.get(tile.tile);
        let Some(f) = kind.features.get(feature as usize) else {
            return Err(RuleError::NoSuchFeature { feature, count: kind.features.len() });
        };
        if self.players[self.active as usize].supply == 0 {
            return Err(RuleError::NoIslanderInSupply);
        }
        let id = tile.first_feature + feature as u16;
        if self.board.region(id).occupied() {
            return Err(RuleError::FeatureOccupied { kind: f.kind });
        }
        let kind_of = f.kind;
        self.players[self.active as usize].supply -= 1;
        self.board.region_mut(id).islanders[self.active as usize] += 1;
        self.islanders.push(Islander { owner: self.active, feature: id });
        events.push(Event::IslanderPlaced { player: self.active, at: FeatureRef { pos, feature }, kind: kind_of });
        self.evaluate_turn(events);
        Ok(())
    }

    fn retrieve_islander(&mut self, at: FeatureRef, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.may_retrieve() {
            return Err(RuleError::RetrieveNotAllowed { rule: self.options.retrieve });
        }
        let id = self.feature_id(at);
        let Some(index) = self.islanders.iter().position(|i| Some(i.feature) == id && i.owner == self.active) else {
            return Err(RuleError::NoIslanderThere { at });
        };
        let isl = self.islanders.remove(index);
        self.board.region_mut(isl.feature).islanders[isl.owner as usize] -= 1;
        self.players[isl.owner as usize].supply += 1;
        let kind = self.board.region(isl.feature).kind;
        events.push(Event::IslanderRetrieved { player: isl.owner, at, kind });
        self.evaluate_turn(events);
        Ok(())
    }

    pub(super) fn take_ship(&mut self, player: u8, ship: ShipId) {
        self.display.retain(|&s| s != ship);
        self.players[player as usize].ships.push(ship);
    }

    fn deliver(&mut self, ship: ShipId, payment: Wares, events: &mut Vec<Event>) {
        let player = self.active;
        let wares = &mut self.players[player as usize].wares;
        *wares = wares.checked_sub(&payment).expect("payment was checked");
        self.take_ship(player, ship);
        events.push(Event::ShipDelivered { player, ship, payment });
        self.refill_display(events);
        self.end_turn(events);
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        if self.ships_exhausted() || self.stack.is_empty() {
            self.finish(events);
        } else {
            self.active = (self.active + 1) % self.players.len() as u8;
            self.draw(events);
        }
    }

    /// Draws the next tile; an unplaceable one is removed from the game and the next drawn.
    pub(super) fn draw(&mut self, events: &mut Vec<Event>) {
        while let Some(tile) = self.stack.pop() {
            if self.board.can_place(self.tiles.get(tile)) {
                self.drawn = Some(tile);
                self.turn += 1;
                self.phase = Phase::PlaceTile;
                events.push(Event::TurnStarted { player: self.active, tile, turn: self.turn });
                return;
            }
            self.discarded.push(tile);
            events.push(Event::TileDiscarded { tile });
        }
        self.finish(events);
    }
}
