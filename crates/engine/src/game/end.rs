//! The end of the game: when it comes, and the final evaluation.

use super::{Game, Phase};
use crate::tileset::FeatureKind;
use crate::{Event, ScoreReason};

impl Game {
    pub(super) fn ships_exhausted(&self) -> bool {
        self.display.is_empty() && self.ship_stack.is_empty()
    }

    /// The end of the game: occupied incomplete bridges, islands and seas are evaluated as if
    /// complete; incomplete markets give nothing (their merchants stay where they are).
    pub(super) fn finish(&mut self, events: &mut Vec<Event>) {
        self.drawn = None;
        for root in self.occupied_roots() {
            let region = *self.board.region(root);
            if region.complete || region.kind == FeatureKind::Market {
                continue;
            }
            self.score_region(root, ScoreReason::GameEnd, events);
            self.return_islanders(root, events);
        }
        let scores = self.scores();
        let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
        let winners = scores.iter().filter(|s| s.total == best).map(|s| s.player).collect();
        self.final_scores = Some(scores.clone());
        self.phase = Phase::GameOver;
        events.push(Event::GameOver { scores, winners });
    }

    /// Roots of occupied regions, in a stable order.
    pub(super) fn occupied_roots(&self) -> Vec<u16> {
        let mut roots: Vec<u16> = self.islanders.iter().map(|i| self.board.find(i.feature)).collect();
        roots.sort_unstable();
        roots.dedup();
        roots
    }
}
