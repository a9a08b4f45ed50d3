//! Step 3 of a turn: completed features, the fishing boat, markets, and the ships they win.

use super::{DISPLAY_SIZE, Game, Phase};
use crate::ships::ShipId;
use crate::tileset::FeatureKind;
use crate::{Event, FeatureRef, ScoreReason};
use std::sync::Arc;

impl Game {
    /// Step 3 of a turn: completed features, the fishing boat, then markets.
    pub(super) fn evaluate_turn(&mut self, events: &mut Vec<Event>) {
        let tile = *self.board.placed.last().expect("a tile was placed");
        let tiles = Arc::clone(&self.tiles);
        let kind = tiles.get(tile.tile);
        let mut completed: Vec<u16> = Vec::new();
        for (i, f) in kind.features.iter().enumerate() {
            if f.kind == FeatureKind::Market {
                continue;
            }
            let id = tile.first_feature + i as u16;
            let root = self.board.find(id);
            let region = self.board.region_mut(id);
            if region.open == 0 && !region.complete {
                region.complete = true;
                let occupied = region.occupied();
                let tiles = self.board.tile_count(id);
                completed.push(root);
                events.push(Event::FeatureCompleted { kind: f.kind, at: FeatureRef { pos: tile.pos, feature: i as u8 }, tiles });
                if occupied {
                    self.score_region(id, ScoreReason::Completed, events);
                    self.return_islanders(root, events);
                }
            }
        }

        if let Some(boat) = kind.boat_feature() {
            let id = tile.first_feature + boat as u16;
            let root = self.board.find(id);
            let region = *self.board.region(id);
            if !completed.contains(&root) && region.occupied() && region.symbols > 0 {
                self.score_region(id, ScoreReason::FishingBoat, events);
                self.cover_fish(root, events);
                self.return_islanders(root, events);
            }
        }

        let mut markets: Vec<(u8, u16)> = Vec::new();
        for id in self.board.close_markets_around(tile.pos) {
            self.board.region_mut(id).complete = true;
            events.push(Event::FeatureCompleted { kind: FeatureKind::Market, at: self.feature_ref(id), tiles: 9 });
            if let Some(isl) = self.islanders.iter().find(|i| i.feature == id) {
                markets.push((isl.owner, id));
            }
        }
        // Several markets at once: clockwise from the active player.
        let n = self.players.len() as u8;
        markets.sort_by_key(|&(owner, id)| ((owner + n - self.active) % n, id));
        self.pending_markets = markets.into();
        self.process_markets(events);
    }

    pub(super) fn process_markets(&mut self, events: &mut Vec<Event>) {
        while let Some(&(owner, feature)) = self.pending_markets.front() {
            let choices = self.market_choices();
            match choices.as_slice() {
                [] => {
                    self.pending_markets.pop_front();
                    events.push(Event::MarketFoundNoShip { player: owner, at: self.feature_ref(feature) });
                    self.return_islanders(feature, events);
                }
                [only] => {
                    let ship = *only;
                    self.pending_markets.pop_front();
                    self.take_for_market(owner, feature, ship, events);
                }
                _ => {
                    self.phase = Phase::MarketShip { player: owner };
                    return;
                }
            }
        }
        self.phase = Phase::Deliver;
    }

    pub(super) fn take_for_market(&mut self, owner: u8, feature: u16, ship: ShipId, events: &mut Vec<Event>) {
        let at = self.feature_ref(feature);
        self.take_ship(owner, ship);
        events.push(Event::ShipTakenByMarket { player: owner, ship, at });
        self.refill_display(events);
        self.return_islanders(feature, events);
    }

    pub(super) fn score_region(&mut self, id: u16, reason: ScoreReason, events: &mut Vec<Event>) {
        let region = *self.board.region(id);
        let ware = region.kind.ware().expect("markets give ships, not wares");
        let winners = region.majority();
        for &p in &winners {
            *self.players[p as usize].wares.get_mut(ware) += region.symbols;
        }
        events.push(Event::FeatureScored {
            kind: region.kind,
            reason,
            at: self.feature_ref(id),
            tiles: self.board.tile_count(id),
            ware,
            amount: region.symbols,
            winners,
        });
    }

    /// Covers one group of 2 fish in the region (or a single fish if there is none): on the new
    /// tile when it has one, otherwise on the earliest placed tile that has one.
    fn cover_fish(&mut self, root: u16, events: &mut Vec<Event>) {
        let newest = self.board.placed.len() - 1;
        for size in [2u8, 1] {
            for index in std::iter::once(newest).chain(0..newest) {
                let tile = self.board.placed[index];
                let kind = self.tiles.get(tile.tile);
                let found = kind.fish_groups().find(|&(f, group, n)| {
                    n == size && tile.covered & (1 << group) == 0 && self.board.find(tile.first_feature + f as u16) == root
                });
                if let Some((f, group, n)) = found {
                    self.board.placed[index].covered |= 1 << group;
                    self.board.region_mut(root).symbols -= n as u16;
                    self.boats_used += 1;
                    events.push(Event::FishCovered { at: FeatureRef { pos: tile.pos, feature: f }, group, fish: n });
                    return;
                }
            }
        }
    }

    pub(super) fn return_islanders(&mut self, root: u16, events: &mut Vec<Event>) {
        let root = self.board.find(root);
        let mut i = 0;
        while i < self.islanders.len() {
            let isl = self.islanders[i];
            if self.board.find(isl.feature) == root {
                self.islanders.remove(i);
                self.players[isl.owner as usize].supply += 1;
                let region = self.board.region_mut(root);
                region.islanders[isl.owner as usize] -= 1;
                let kind = region.kind;
                events.push(Event::IslanderReturned { player: isl.owner, at: self.feature_ref(isl.feature), kind });
            } else {
                i += 1;
            }
        }
    }

    pub(super) fn refill_display(&mut self, events: &mut Vec<Event>) {
        while self.display.len() < DISPLAY_SIZE {
            let Some(ship) = self.ship_stack.pop() else { break };
            self.display.push(ship);
            events.push(Event::ShipRevealed { ship });
        }
    }
}
