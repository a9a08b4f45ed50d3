//! Production on a roll, gold choices and discovery.

use super::*;

impl Game {
    pub(super) fn produce(&mut self, total: u8, events: &mut Vec<Event>) {
        let n = self.players.len();
        let mut owed = [[0u8; 5]; MAX_PLAYERS];
        let mut gold = [0u8; MAX_PLAYERS];
        for h in 0..self.topo.hexes.len() {
            if self.number[h] != total || self.robber == Some(h as u16) {
                continue;
            }
            let Some(t) = self.terrain[h] else { continue };
            for &v in &self.topo.hex_vertices[h] {
                if v == NONE {
                    continue;
                }
                if let Some(b) = self.buildings[v as usize] {
                    let k = if b.city { 2 } else { 1 };
                    match t {
                        Terrain::Gold => gold[b.owner as usize] += k,
                        t => {
                            if let Some(r) = t.resource() {
                                owed[b.owner as usize][r.index()] += k;
                            }
                        }
                    }
                }
            }
        }
        let mut got = [Resources::default(); MAX_PLAYERS];
        let mut short = false;
        for r in Resource::ALL {
            let i = r.index();
            let sum: u32 = (0..n).map(|p| owed[p][i] as u32).sum();
            if sum == 0 {
                continue;
            }
            let owing: Vec<usize> = (0..n).filter(|&p| owed[p][i] > 0).collect();
            if sum <= self.bank.get(r) as u32 {
                for &p in &owing {
                    *got[p].get_mut(r) += owed[p][i];
                }
            } else {
                short = true;
                if owing.len() == 1 {
                    *got[owing[0]].get_mut(r) += self.bank.get(r);
                } else {
                    events.push(Event::BankShort { resource: r });
                }
            }
            for &p in &owing {
                let k = got[p].get(r);
                *self.bank.get_mut(r) -= k;
                *self.players[p].hand.get_mut(r) += k;
            }
        }
        if short {
            self.stats.bank_short += 1;
        }
        for (p, cards) in got.iter().enumerate().take(n) {
            if !cards.is_empty() {
                events.push(Event::Produced { player: p as u8, cards: *cards });
            }
        }
        for (p, &g) in gold.iter().enumerate().take(n) {
            self.owe_gold(p as u8, g, events);
        }
    }

    pub(super) fn owe_gold(&mut self, p: u8, count: u8, events: &mut Vec<Event>) {
        let n = count.min(self.bank.total() as u8);
        if n > 0 {
            self.pending_gold.push((p, n));
            events.push(Event::GoldOwed { player: p, count: n });
        }
    }

    /// Drops gold choices the bank can no longer pay; leaves the gold phase when none is left.
    pub(super) fn settle_gold(&mut self) {
        if self.bank.total() == 0 {
            self.pending_gold.clear();
        }
        if self.pending_gold.is_empty() && self.phase == Phase::Gold {
            self.phase = self.gold_resume;
        }
    }

    pub(super) fn enter_gold_if_pending(&mut self) {
        if !self.pending_gold.is_empty() && self.phase != Phase::Gold && !self.is_over() {
            self.gold_resume = self.phase;
            self.phase = Phase::Gold;
        }
    }

    /// Discovers every unknown hex next to either end of `e`, in a fixed order.
    pub(super) fn discover(&mut self, p: u8, e: u16, events: &mut Vec<Event>) {
        let mut changed = false;
        for v in self.topo.edge_vertices[e as usize] {
            for h in self.topo.vertex_hexes[v as usize] {
                if h == NONE || self.terrain[h as usize].is_some() {
                    continue;
                }
                let pool = self.fog.entry(self.pool_of[h as usize]).or_default();
                let terrain = pool.terrain.pop().unwrap_or(Terrain::Sea);
                let number = if terrain.takes_number() { pool.numbers.pop() } else { None };
                self.terrain[h as usize] = Some(terrain);
                self.number[h as usize] = number.unwrap_or(0);
                changed = true;
                self.stats.discoveries += 1;
                events.push(Event::Discovered { player: p, hex: self.topo.hexes[h as usize], terrain, number });
                if terrain == Terrain::Gold {
                    self.owe_gold(p, 1, events);
                } else if let Some(r) = terrain.resource().filter(|&r| self.bank.get(r) > 0) {
                    *self.bank.get_mut(r) -= 1;
                    *self.players[p as usize].hand.get_mut(r) += 1;
                    events.push(Event::DiscoveryCard { player: p, resource: r });
                }
            }
        }
        if changed {
            self.compute_islands();
        }
    }

    pub(super) fn compute_islands(&mut self) {
        let n = self.topo.hexes.len();
        self.island = vec![NONE; n];
        let mut stack = Vec::new();
        for start in 0..n {
            if self.island[start] != NONE || !self.is_land(start as u16) {
                continue;
            }
            self.island[start] = start as u16;
            stack.push(start);
            while let Some(h) = stack.pop() {
                for &e in &self.topo.hex_edges[h] {
                    if e == NONE {
                        continue;
                    }
                    let [a, b] = self.topo.edge_hexes[e as usize];
                    let o = if a as usize == h { b } else { a } as usize;
                    if self.island[o] == NONE && self.is_land(o as u16) {
                        self.island[o] = start as u16;
                        stack.push(o);
                    }
                }
            }
        }
        self.island_setup = vec![false; n];
        self.island_no_chip = vec![false; n];
        for h in 0..n {
            if self.island[h] != NONE {
                let rep = self.island[h] as usize;
                self.island_setup[rep] |= self.setup_area[h];
                self.island_no_chip[rep] |= self.no_chip[h];
            }
        }
    }

    pub(super) fn vertex_island(&self, v: u16) -> Option<Hex> {
        self.topo.vertex_hexes[v as usize]
            .iter()
            .find(|&&h| h != NONE && self.island[h as usize] != NONE)
            .map(|&h| self.topo.hexes[self.island[h as usize] as usize])
    }

    /// The island where a settlement of `p` on `v` would earn a chip now, if any.
    pub(super) fn chip_island(&self, p: u8, v: u16) -> Option<Hex> {
        if self.scenario.chip == 0 {
            return None;
        }
        let island = self.vertex_island(v)?;
        let rep = self.topo.hex_index(island).expect("on the map");
        let no_chip = self.island_no_chip[rep];
        let me = &self.players[p as usize];
        let home = match self.scenario.home {
            HomeRule::SetupArea => self.island_setup[rep],
            HomeRule::Settlements => me.home_islands.contains(&island),
        };
        (!home && !no_chip && !me.chip_islands.contains(&island)).then_some(island)
    }

    pub(super) fn award_chip(&mut self, p: u8, v: u16, events: &mut Vec<Event>) {
        let Some(island) = self.chip_island(p, v) else { return };
        let chip = self.scenario.chip;
        let me = &mut self.players[p as usize];
        me.chip_islands.push(island);
        me.chips += chip;
        me.points += chip;
        self.stats.chips_awarded += 1;
        events.push(Event::ChipAwarded { player: p, island, points: chip });
    }
}
