//! What players can see: the board, supplies, the display, islanders and scores (as they stand,
//! and as they would be if the game ended now).

use super::{Game, Options, Phase, PlayerState};
use crate::board::{PlacedTile, Region};
use crate::geometry::Pos;
use crate::ships::{ShipId, ShipSet};
use crate::tileset::{FeatureKind, TileId, TileSet};
use crate::wares::Wares;
use crate::{Event, FeatureRef};
use seeded_rng::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub player: u8,
    pub ship_points: u16,
    pub wares: u16,
    /// 1 point per 3 wares, rounded down.
    pub ware_points: u16,
    pub total: u16,
}

/// An islander on the board and what it would earn if the game ended now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IslanderView {
    pub player: u8,
    pub at: FeatureRef,
    pub kind: FeatureKind,
    /// Wares its owner would receive from this feature if the game ended now (0 for merchants:
    /// incomplete markets give nothing, and for an islander outnumbered on its feature).
    pub would_earn: u16,
    pub region_tiles: u16,
    /// Islanders per player on the same feature.
    pub rivals: [u8; 5],
}

impl Game {
    pub fn tiles(&self) -> &Arc<TileSet> {
        &self.tiles
    }

    pub fn ships(&self) -> &Arc<ShipSet> {
        &self.ships
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

    /// The player whose turn it is.
    pub fn active_player(&self) -> usize {
        self.active as usize
    }

    /// The player who must act now: the active player, or a merchant's owner choosing a ship.
    pub fn to_act(&self) -> Option<usize> {
        match self.phase {
            Phase::GameOver => None,
            Phase::MarketShip { player } => Some(player as usize),
            _ => Some(self.active as usize),
        }
    }

    /// The tile drawn for this turn, until it is placed.
    pub fn drawn_tile(&self) -> Option<TileId> {
        match self.phase {
            Phase::PlaceTile => self.drawn,
            _ => None,
        }
    }

    /// Turns started so far (1 during the first turn).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Events of the opening draw (a discarded first tile, the first turn).
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    pub fn placed_tiles(&self) -> &[PlacedTile] {
        &self.board.placed
    }

    pub fn tile_at(&self, pos: Pos) -> Option<&PlacedTile> {
        self.board.at(pos)
    }

    /// The last tile placed (the start tile before the first placement).
    pub fn last_placed(&self) -> &PlacedTile {
        self.board.placed.last().expect("the start tile is always placed")
    }

    pub fn stack_size(&self) -> usize {
        self.stack.len()
    }

    pub fn discarded(&self) -> &[TileId] {
        &self.discarded
    }

    /// Tiles still in the stack, per tile kind, in data order.
    pub fn remaining_tiles(&self) -> Vec<(TileId, usize)> {
        let mut counts = vec![0usize; self.tiles.kinds.len()];
        for t in &self.stack {
            counts[t.0 as usize] += 1;
        }
        counts.into_iter().enumerate().filter(|(_, n)| *n > 0).map(|(i, n)| (TileId(i as u16), n)).collect()
    }

    pub fn display(&self) -> &[ShipId] {
        &self.display
    }

    pub fn ship_stack_size(&self) -> usize {
        self.ship_stack.len()
    }

    /// Re-deals what no player can see, the order of the tile stack and of the face-down ships,
    /// from `rng`; the drawn tile and the display stay. For a computer player's look-ahead on a
    /// clone: it may play out futures, but must not learn the true order. Both stacks are sorted
    /// before the shuffle, so the result depends on `rng` and on what is left, never on the
    /// order it replaces. The game is then no longer its setup plus its actions: never store it.
    pub fn shuffle_hidden(&mut self, rng: &mut Rng) {
        self.stack.sort_unstable();
        rng.shuffle(&mut self.stack);
        self.ship_stack.sort_unstable();
        rng.shuffle(&mut self.ship_stack);
    }

    pub fn boats_used(&self) -> u16 {
        self.boats_used
    }

    pub fn final_scores(&self) -> Option<&[Score]> {
        self.final_scores.as_deref()
    }

    /// The connected feature that feature `at` belongs to.
    pub fn region(&self, at: FeatureRef) -> Option<Region> {
        let id = self.feature_id(at)?;
        Some(self.board.view(id))
    }

    /// True when features `a` and `b` belong to the same connected feature.
    pub fn same_region(&self, a: FeatureRef, b: FeatureRef) -> bool {
        match (self.feature_id(a), self.feature_id(b)) {
            (Some(a), Some(b)) => self.board.find(a) == self.board.find(b),
            _ => false,
        }
    }

    /// Islanders on the board, in the order they were placed, with what each would earn now.
    pub fn islanders(&self) -> Vec<IslanderView> {
        self.islanders
            .iter()
            .map(|i| {
                let region = self.board.region(i.feature);
                let wins = region.kind != FeatureKind::Market && region.majority().contains(&i.owner);
                IslanderView {
                    player: i.owner,
                    at: self.feature_ref(i.feature),
                    kind: region.kind,
                    would_earn: if wins { region.symbols } else { 0 },
                    region_tiles: self.board.tile_count(i.feature),
                    rivals: region.islanders,
                }
            })
            .collect()
    }

    /// Each player's score as it stands (ships + wares held).
    pub fn scores(&self) -> Vec<Score> {
        self.players.iter().enumerate().map(|(p, s)| self.score_of(p as u8, &s.wares, &s.ships)).collect()
    }

    /// Each player's score if the game ended now: incomplete occupied features are evaluated.
    pub fn projected_scores(&self) -> Vec<Score> {
        if let Some(scores) = &self.final_scores {
            return scores.clone();
        }
        let mut wares: Vec<Wares> = self.players.iter().map(|p| p.wares).collect();
        for root in self.occupied_roots() {
            let region = self.board.region(root);
            if region.complete || region.kind == FeatureKind::Market {
                continue;
            }
            let ware = region.kind.ware().expect("not a market");
            for p in region.majority() {
                *wares[p as usize].get_mut(ware) += region.symbols;
            }
        }
        self.players.iter().enumerate().map(|(p, s)| self.score_of(p as u8, &wares[p], &s.ships)).collect()
    }

    fn score_of(&self, player: u8, wares: &Wares, ships: &[ShipId]) -> Score {
        let ship_points = ships.iter().map(|&s| self.ships.get(s).value).sum();
        let ware_points = wares.total() / 3;
        Score { player, ship_points, wares: wares.total(), ware_points, total: ship_points + ware_points }
    }
}
