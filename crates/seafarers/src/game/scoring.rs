//! Longest trade route, largest army, turn start and victory.

use super::*;

impl Game {
    /// Recomputes the route length of `affected` players (all when it lists them all), then who
    /// holds the longest trade route.
    pub(super) fn update_routes(&mut self, affected: &[u8], events: &mut Vec<Event>) {
        for &q in affected {
            if (q as usize) < self.players.len() {
                self.players[q as usize].route_length = crate::route::longest_route(self, q);
            }
        }
        let lens: Vec<u8> = self.players.iter().map(|pl| pl.route_length).collect();
        let max = lens.iter().copied().max().unwrap_or(0);
        let keep = self.longest.is_some_and(|h| lens[h as usize] >= MIN_ROUTE && lens[h as usize] == max);
        let new = if keep {
            self.longest
        } else {
            let top: Vec<usize> = (0..lens.len()).filter(|&q| lens[q] == max).collect();
            (max >= MIN_ROUTE && top.len() == 1).then(|| top[0] as u8)
        };
        if new != self.longest {
            if let Some(old) = self.longest {
                self.players[old as usize].points -= 2;
            }
            if let Some(h) = new {
                self.players[h as usize].points += 2;
            }
            self.longest = new;
            self.stats.longest_route_changes += 1;
            events.push(Event::LongestRoute { holder: new, length: new.map_or(max, |h| lens[h as usize]) });
        }
    }

    pub(super) fn update_army(&mut self, p: u8, events: &mut Vec<Event>) {
        let k = self.players[p as usize].knights;
        if self.army == Some(p) || k < 3 {
            return;
        }
        if self.army.is_none_or(|h| k > self.players[h as usize].knights) {
            if let Some(old) = self.army {
                self.players[old as usize].points -= 2;
            }
            self.players[p as usize].points += 2;
            self.army = Some(p);
            self.stats.largest_army_changes += 1;
            events.push(Event::LargestArmy { holder: p, knights: k });
        }
    }

    pub(super) fn start_turn(&mut self, events: &mut Vec<Event>) {
        self.turn += 1;
        self.phase = Phase::Roll;
        self.rolled = false;
        self.dev_played = false;
        self.ship_moved = false;
        self.offers_made = 0;
        self.built_ships.clear();
        events.push(Event::TurnStarted { player: self.active, turn: self.turn });
    }

    /// The active player wins on reaching the target during their own turn (never in setup).
    pub(super) fn check_victory(&mut self, events: &mut Vec<Event>) {
        // `turn` is 0 until the first turn starts: a gold choice during setup is still setup.
        if self.turn == 0 || self.phase.is_setup() || self.is_over() {
            return;
        }
        let a = self.active as usize;
        if self.players[a].points >= self.scenario.target {
            self.phase = Phase::GameOver { winner: self.active };
            self.pending_discards.clear();
            self.pending_gold.clear();
            self.offer = None;
            events.push(Event::GameOver { winner: self.active, points: self.players.iter().map(|p| p.points).collect() });
        }
    }
}
