//! Computer players, seeded so that a simulated game is reproducible.

use crate::Action;
use crate::game::{Game, Phase};
use crate::tileset::FeatureKind;
use crate::wares::{Ware, Wares};
use seeded_rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Any legal action, uniformly.
    Random,
    /// The move with the best immediate gain: tile and islander together, judged by the
    /// player's score if the game ended right after; then the most valuable delivery.
    Greedy,
}

impl std::str::FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Strategy::Random),
            "greedy" => Ok(Strategy::Greedy),
            _ => Err(format!("unknown computer player `{s}` (use random or greedy)")),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Bot {
    strategy: Strategy,
    rng: Rng,
}

impl Bot {
    pub fn new(strategy: Strategy, seed: u64) -> Bot {
        Bot { strategy, rng: Rng::new(seed) }
    }

    /// The bot's action for the player to act. `None` when the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        if game.is_over() {
            return None;
        }
        Some(match self.strategy {
            Strategy::Random => self.random(game),
            Strategy::Greedy => self.greedy(game),
        })
    }

    fn random(&mut self, game: &Game) -> Action {
        if game.phase() == Phase::PlaceTile {
            let n = game.placement_count();
            let (pos, rotation) = game.nth_placement(self.rng.below(n)).expect("a drawn tile always has a placement");
            return Action::PlaceTile { pos, rotation };
        }
        let actions = game.legal_actions();
        actions[self.rng.below(actions.len())]
    }

    fn greedy(&mut self, game: &Game) -> Action {
        let me = game.to_act().expect("game not over");
        match game.phase() {
            Phase::PlaceTile => {
                let mut best: Vec<Action> = Vec::new();
                let mut best_value = i32::MIN;
                game.for_each_placement(|pos, rotation| {
                    let action = Action::PlaceTile { pos, rotation };
                    let mut after = game.clone();
                    after.apply(&action).expect("legal placement");
                    let value = best_followup(&after, me).1;
                    if value > best_value {
                        best_value = value;
                        best.clear();
                    }
                    if value == best_value {
                        best.push(action);
                    }
                    true
                });
                best[self.rng.below(best.len())]
            }
            Phase::Islander { .. } => best_followup(game, me).0.expect("islander options exist"),
            Phase::MarketShip { .. } => game.legal_actions()[0],
            Phase::Deliver => {
                let best = game.deliverable_ships().into_iter().max_by_key(|&s| {
                    let ship = game.ships().get(s);
                    // Points gained minus the ware points spent.
                    3 * ship.value as i32 - ship.demand.ware_count() as i32
                });
                best.map_or(Action::EndTurn, |ship| Action::Deliver { ship })
            }
            Phase::Payment { ship } => {
                // Keep the holdings balanced: pay with what we have most of.
                let options = game.payment_options(ship);
                let wares = game.player(me).wares;
                let spread = |p: &Wares| {
                    let left = wares.checked_sub(p).unwrap_or_default();
                    let v: Vec<u16> = Ware::ALL.iter().map(|&w| left.get(w)).collect();
                    v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0)
                };
                let payment = *options.iter().min_by_key(|p| spread(p)).expect("payment options exist");
                Action::Pay { payment }
            }
            Phase::GameOver => unreachable!("checked by choose"),
        }
    }
}

/// The best islander action after the tile is placed, and the value it leads to.
fn best_followup(game: &Game, me: usize) -> (Option<Action>, i32) {
    if !matches!(game.phase(), Phase::Islander { .. }) {
        return (None, value(game, me));
    }
    let mut best = (None, i32::MIN);
    for action in game.legal_actions() {
        if matches!(action, Action::RetrieveIslander { .. }) {
            continue; // retrieving never gains anything immediately
        }
        let mut after = game.clone();
        after.apply(&action).expect("legal islander action");
        let v = value(&after, me);
        if v > best.1 {
            best = (Some(action), v);
        }
    }
    best
}

/// The player's score if the game ended now, in wares (a ship point is worth 3 wares), plus a
/// little for islanders still in hand and for merchants close to closing their market.
fn value(game: &Game, me: usize) -> i32 {
    let projected = &game.projected_scores()[me];
    let mut v = 3 * projected.ship_points as i32 + projected.wares as i32 + game.player(me).supply as i32;
    for isl in game.islanders() {
        if isl.player as usize == me && isl.kind == FeatureKind::Market {
            v += isl.at.pos.surrounding().filter(|p| game.tile_at(*p).is_some()).count() as i32 / 2;
        }
    }
    v
}
