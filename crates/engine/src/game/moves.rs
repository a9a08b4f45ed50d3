//! The legal moves of the player to act, and the labelled spots that boards and commands share.

use super::{Game, Phase, RetrieveRule};
use crate::Action;
use crate::geometry::{Pos, Rotation};
use crate::ships::ShipId;
use crate::wares::Wares;
use serde::Serialize;

impl Game {
    /// Every legal spot and rotation for the drawn tile, in reading order (by y, then x, then
    /// rotation). Rotations that look identical on a symmetric tile are listed once.
    pub fn legal_placements(&self) -> Vec<(Pos, Rotation)> {
        let mut out = Vec::new();
        if let Some(tile) = self.drawn_tile() {
            self.board.for_each_placement(self.tiles.get(tile), |pos, rot| {
                out.push((pos, rot));
                true
            });
        }
        out.sort_unstable_by_key(|(p, r)| (p.y, p.x, *r));
        out
    }

    /// The open spots where the drawn tile fits, in reading order, each labelled (A, B, …, Z,
    /// AA, AB, …) with the rotations that fit there. Board images and commands share these labels.
    pub fn placement_spots(&self) -> Vec<PlacementSpot> {
        let mut spots: Vec<PlacementSpot> = Vec::new();
        for (pos, rotation) in self.legal_placements() {
            match spots.last_mut() {
                Some(spot) if spot.pos == pos => spot.rotations.push(rotation),
                _ => spots.push(PlacementSpot { label: spot_label(spots.len()), pos, rotations: vec![rotation] }),
            }
        }
        spots
    }

    /// Calls `f` for each legal placement without allocating, in no particular (but
    /// deterministic) order; `f` returns false to stop.
    pub fn for_each_placement(&self, f: impl FnMut(Pos, Rotation) -> bool) {
        if let Some(tile) = self.drawn_tile() {
            self.board.for_each_placement(self.tiles.get(tile), f);
        }
    }

    /// `legal_placements().len()`, without building the list.
    pub fn placement_count(&self) -> usize {
        self.drawn_tile().map_or(0, |t| self.board.count_placements(self.tiles.get(t)))
    }

    /// The `n`-th placement in `for_each_placement` order (for choosing one at random).
    pub fn nth_placement(&self, n: usize) -> Option<(Pos, Rotation)> {
        let mut k = n;
        let mut found = None;
        self.for_each_placement(|pos, rot| {
            if k == 0 {
                found = Some((pos, rot));
                return false;
            }
            k -= 1;
            true
        });
        found
    }

    pub fn is_legal_placement(&self, pos: Pos, rotation: Rotation) -> bool {
        self.drawn_tile().is_some_and(|t| self.board.fits(self.tiles.get(t), pos, rotation))
    }

    /// The actions the player to act may take now. For the tile placement these are
    /// `PlaceTile` actions (see [`Game::legal_placements`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::PlaceTile => self.legal_placements().into_iter().map(|(pos, rotation)| Action::PlaceTile { pos, rotation }).collect(),
            Phase::Islander { .. } => self.islander_actions(),
            Phase::MarketShip { .. } => self.market_choices().into_iter().map(|ship| Action::ChooseShip { ship }).collect(),
            Phase::Deliver => {
                let mut v: Vec<Action> = self.deliverable_ships().into_iter().map(|ship| Action::Deliver { ship }).collect();
                v.push(Action::EndTurn);
                v
            }
            Phase::Payment { ship } => self.payment_options(ship).into_iter().map(|payment| Action::Pay { payment }).collect(),
            Phase::GameOver => Vec::new(),
        }
    }

    fn islander_actions(&self) -> Vec<Action> {
        let Phase::Islander { pos } = self.phase else { return Vec::new() };
        let mut out = Vec::new();
        let player = &self.players[self.active as usize];
        let tile = self.board.at(pos).expect("tile just placed");
        if player.supply > 0 {
            for (i, _) in self.tiles.get(tile.tile).features.iter().enumerate() {
                if !self.board.region(tile.first_feature + i as u16).occupied() {
                    out.push(Action::PlaceIslander { feature: i as u8 });
                }
            }
        }
        if self.may_retrieve() {
            for isl in self.islanders.iter().filter(|i| i.owner == self.active) {
                let at = self.feature_ref(isl.feature);
                out.push(Action::RetrieveIslander { pos: at.pos, feature: at.feature });
            }
        }
        out.push(Action::SkipIslander);
        out
    }

    /// Whether the islander step offers more than skipping (same rules as `islander_actions`).
    pub(super) fn has_islander_choice(&self, pos: Pos) -> bool {
        let tile = self.board.at(pos).expect("tile just placed");
        let features = self.tiles.get(tile.tile).features.len() as u16;
        (self.players[self.active as usize].supply > 0 && (0..features).any(|i| !self.board.region(tile.first_feature + i).occupied()))
            || (self.may_retrieve() && self.islanders.iter().any(|i| i.owner == self.active))
    }

    pub(super) fn can_deliver(&self) -> bool {
        let wares = self.players[self.active as usize].wares;
        self.display.iter().any(|&s| self.ships.get(s).demand.can_pay(&wares))
    }

    pub(super) fn may_retrieve(&self) -> bool {
        match self.options.retrieve {
            RetrieveRule::EmptySupply => self.players[self.active as usize].supply == 0,
            RetrieveRule::AnyTurn => true,
        }
    }

    /// Ships on display that the active player can pay now.
    pub fn deliverable_ships(&self) -> Vec<ShipId> {
        let wares = self.players[self.active as usize].wares;
        self.display.iter().copied().filter(|&s| self.ships.get(s).demand.can_pay(&wares)).collect()
    }

    /// Every way the active player can pay `ship` (empty when they can't).
    pub fn payment_options(&self, ship: ShipId) -> Vec<Wares> {
        self.ships.get(ship).demand.payments(&self.players[self.active as usize].wares)
    }

    /// The ships a merchant's owner may choose from: the most valuable ones on display, one per
    /// distinct demand.
    pub fn market_choices(&self) -> Vec<ShipId> {
        let Some(max) = self.display.iter().map(|&s| self.ships.get(s).value).max() else { return Vec::new() };
        let mut out: Vec<ShipId> = Vec::new();
        for &s in &self.display {
            let ship = self.ships.get(s);
            if ship.value == max && out.iter().all(|&o| self.ships.get(o).demand != ship.demand) {
                out.push(s);
            }
        }
        out
    }
}

/// An open spot for the drawn tile: its label, where it is, and the rotations that fit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacementSpot {
    pub label: String,
    pub pos: Pos,
    pub rotations: Vec<Rotation>,
}

/// Spreadsheet-style labels: 0 → A, 25 → Z, 26 → AA, 27 → AB, …
pub fn spot_label(index: usize) -> String {
    let mut n = index + 1;
    let mut label = Vec::new();
    while n > 0 {
        n -= 1;
        label.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    label.reverse();
    String::from_utf8(label).expect("ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Options;

    #[test]
    fn spot_labels_run_like_spreadsheet_columns() {
        let labels: Vec<String> = [0, 1, 25, 26, 27, 51, 52].iter().map(|&i| spot_label(i)).collect();
        assert_eq!(labels, ["A", "B", "Z", "AA", "AB", "AZ", "BA"]);
    }

    #[test]
    fn placement_spots_group_rotations_by_position_in_reading_order() {
        let game = Game::new(Options::default(), 2, 3).unwrap();
        let spots = game.placement_spots();
        let flat: Vec<(Pos, Rotation)> = spots.iter().flat_map(|s| s.rotations.iter().map(move |&r| (s.pos, r))).collect();
        assert_eq!(flat, game.legal_placements());
        assert!(spots.windows(2).all(|w| (w[0].pos.y, w[0].pos.x) < (w[1].pos.y, w[1].pos.x)));
        assert_eq!(spots[0].label, "A");
    }
}
