//! Legal actions: every action a player may take now.

use super::*;

impl Game {
    /// Every legal action of `player` now. Trade offers are limited to one card for one card
    /// (any offer within the rules is accepted by `apply`); discards and gold choices list every
    /// combination.
    pub fn legal_actions(&self, player: usize) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(player, &mut out);
        out
    }

    /// The steps of `player` now that name a spot on the board (a harbour, a building, a
    /// route, a ship's move, the robber or the pirate), as if they held whatever cards a build
    /// costs: what the table can see they may do. In the main phase a spot, a piece left and
    /// the board's rules decide, never the hand, so a public picture or button drawn from these
    /// tells nothing of it (two games that differ only in hidden parts give the same spots: a
    /// test checks this). Outside it nothing with a spot costs cards.
    pub fn open_spots(&self, player: usize) -> Vec<Action> {
        let names_a_spot = |a: &Action| {
            matches!(
                a,
                Action::PlaceHarbour { .. }
                    | Action::BuildRoad { .. }
                    | Action::BuildShip { .. }
                    | Action::BuildSettlement { .. }
                    | Action::BuildCity { .. }
                    | Action::MoveShip { .. }
                    | Action::MoveRobber { .. }
                    | Action::MovePirate { .. }
            )
        };
        let mut actions = if self.phase == Phase::Main && player < self.players.len() {
            let mut rich = self.clone();
            // More of each than any one build costs: the hand no longer decides.
            rich.players[player].hand = Resources { brick: 4, lumber: 4, wool: 4, grain: 4, ore: 4 };
            rich.legal_actions(player)
        } else {
            self.legal_actions(player)
        };
        actions.retain(names_a_spot);
        actions
    }

    pub fn legal_actions_into(&self, player: usize, out: &mut Vec<Action>) {
        out.clear();
        let p = player as u8;
        if player >= self.players.len() {
            return;
        }
        let t = &self.topo;
        match self.phase {
            Phase::GameOver { .. } => {}
            Phase::PlaceHarbour => {
                if p == self.active {
                    for e in 0..t.edges.len() as u16 {
                        if self.harbour_spot_problem(e).is_none() {
                            out.push(Action::PlaceHarbour { at: t.edges[e as usize] });
                        }
                    }
                }
            }
            Phase::SetupSettlement => {
                if p == self.active {
                    for v in 0..t.vertices.len() as u16 {
                        if self.settlement_problem(p, v, true).is_none() {
                            out.push(Action::BuildSettlement { at: t.vertices[v as usize] });
                        }
                    }
                }
            }
            Phase::SetupRoute { settlement } => {
                if p == self.active {
                    let s = t.vertex_index(settlement).expect("placed");
                    for &e in &t.vertex_edges[s as usize] {
                        if e == NONE {
                            continue;
                        }
                        if self.setup_route_problem(p, s, e, RouteKind::Road).is_none() {
                            out.push(Action::BuildRoad { at: t.edges[e as usize] });
                        }
                        if self.setup_route_problem(p, s, e, RouteKind::Ship).is_none() {
                            out.push(Action::BuildShip { at: t.edges[e as usize] });
                        }
                    }
                }
            }
            Phase::Discard => {
                if let Some(&(_, n)) = self.pending_discards.iter().find(|d| d.0 == p) {
                    for cards in sub_hands(&self.players[player].hand, n) {
                        out.push(Action::Discard { cards });
                    }
                }
            }
            Phase::Gold => {
                if let Some(&(_, n)) = self.pending_gold.iter().find(|d| d.0 == p) {
                    let n = n.min(self.bank.total() as u8);
                    for cards in sub_hands(&self.bank, n) {
                        out.push(Action::ChooseGold { cards });
                    }
                }
            }
            Phase::Robber => {
                if p == self.active {
                    for h in 0..t.hexes.len() as u16 {
                        if Some(h) != self.robber && self.is_land(h) {
                            let victims = self.robber_victims(p, h);
                            if victims.is_empty() {
                                out.push(Action::MoveRobber { to: t.hexes[h as usize], victim: None });
                            }
                            for v in victims {
                                out.push(Action::MoveRobber { to: t.hexes[h as usize], victim: Some(v) });
                            }
                        }
                        if self.pirate.is_some() && Some(h) != self.pirate && self.is_sea(h) {
                            out.push(Action::MovePirate { to: t.hexes[h as usize] });
                        }
                    }
                }
            }
            Phase::RoadBuilding { .. } => {
                if p == self.active {
                    self.free_piece_actions(p, out);
                }
            }
            Phase::Roll => {
                if p == self.active {
                    out.push(Action::Roll);
                    self.dev_actions(p, out);
                }
            }
            Phase::Main => {
                if let Some(o) = self.offer.as_ref().filter(|o| o.from != p && o.to.is_none_or(|t| t == p) && !o.answered(p)) {
                    if self.players[player].hand.contains(&o.want) {
                        out.push(Action::AnswerTrade { accept: true });
                    }
                    out.push(Action::AnswerTrade { accept: false });
                }
                if p != self.active {
                    return;
                }
                let me = &self.players[player];
                if me.hand.contains(&Resources::ROAD) && me.roads_left > 0 {
                    for e in 0..t.edges.len() as u16 {
                        if self.road_problem(p, e).is_none() {
                            out.push(Action::BuildRoad { at: t.edges[e as usize] });
                        }
                    }
                }
                if me.hand.contains(&Resources::SHIP) && me.ships_left > 0 {
                    for e in 0..t.edges.len() as u16 {
                        if self.ship_problem(p, e, NONE).is_none() {
                            out.push(Action::BuildShip { at: t.edges[e as usize] });
                        }
                    }
                }
                if me.hand.contains(&Resources::SETTLEMENT) && me.settlements_left > 0 {
                    for v in 0..t.vertices.len() as u16 {
                        if self.settlement_problem(p, v, false).is_none() {
                            out.push(Action::BuildSettlement { at: t.vertices[v as usize] });
                        }
                    }
                }
                if me.hand.contains(&Resources::CITY) && me.cities_left > 0 {
                    for (v, b) in self.buildings.iter().enumerate() {
                        if *b == Some(Building { owner: p, city: false }) {
                            out.push(Action::BuildCity { at: t.vertices[v] });
                        }
                    }
                }
                if me.hand.contains(&Resources::DEV_CARD) && !self.deck.is_empty() {
                    out.push(Action::BuyDevCard);
                }
                self.dev_actions(p, out);
                if self.scenario.ships && !self.ship_moved {
                    for from in 0..t.edges.len() as u16 {
                        if self.movable_problem(p, from).is_none() {
                            for to in 0..t.edges.len() as u16 {
                                if to != from && self.ship_problem(p, to, from).is_none() {
                                    out.push(Action::MoveShip { from: t.edges[from as usize], to: t.edges[to as usize] });
                                }
                            }
                        }
                    }
                }
                for give in Resource::ALL {
                    let rate = self.trade_rate(player, give);
                    if me.hand.get(give) >= rate {
                        for get in Resource::ALL {
                            if get != give && self.bank.get(get) > 0 {
                                out.push(Action::MaritimeTrade { give, get });
                            }
                        }
                    }
                }
                for give in Resource::ALL {
                    if me.hand.get(give) > 0 {
                        for want in Resource::ALL {
                            if want != give {
                                out.push(Action::OfferTrade { give: Resources::one(give, 1), want: Resources::one(want, 1), to: None });
                            }
                        }
                    }
                }
                if let Some(o) = &self.offer {
                    for &(q, _) in &o.answers {
                        if let Some((give, want)) = o.terms_with(q)
                            && self.players[q as usize].hand.contains(&want)
                            && me.hand.contains(&give)
                        {
                            out.push(Action::ConfirmTrade { with: q });
                        }
                    }
                    out.push(Action::WithdrawTrade);
                }
                out.push(Action::EndTurn);
            }
        }
    }

    pub(super) fn free_piece_actions(&self, p: u8, out: &mut Vec<Action>) {
        let t = &self.topo;
        let me = &self.players[p as usize];
        for e in 0..t.edges.len() as u16 {
            if me.roads_left > 0 && self.road_problem(p, e).is_none() {
                out.push(Action::BuildRoad { at: t.edges[e as usize] });
            }
            if me.ships_left > 0 && self.ship_problem(p, e, NONE).is_none() {
                out.push(Action::BuildShip { at: t.edges[e as usize] });
            }
        }
    }

    pub(super) fn can_place_free_piece(&self, p: u8) -> bool {
        let me = &self.players[p as usize];
        (0..self.topo.edges.len() as u16).any(|e| {
            (me.roads_left > 0 && self.road_problem(p, e).is_none()) || (me.ships_left > 0 && self.ship_problem(p, e, NONE).is_none())
        })
    }

    pub(super) fn dev_actions(&self, p: u8, out: &mut Vec<Action>) {
        if self.dev_played {
            return;
        }
        let me = &self.players[p as usize];
        let playable = |c: DevCard| me.dev.get(c) > me.new_dev.get(c);
        if playable(DevCard::Knight) {
            out.push(Action::PlayKnight);
        }
        if playable(DevCard::RoadBuilding) && self.can_place_free_piece(p) {
            out.push(Action::PlayRoadBuilding);
        }
        if playable(DevCard::YearOfPlenty) {
            for (i, &a) in Resource::ALL.iter().enumerate() {
                for &b in &Resource::ALL[i..] {
                    out.push(Action::PlayYearOfPlenty { first: a, second: b });
                }
            }
        }
        if playable(DevCard::Monopoly) {
            for r in Resource::ALL {
                out.push(Action::PlayMonopoly { resource: r });
            }
        }
    }

    pub(super) fn robber_victims(&self, p: u8, hex: u16) -> Vec<u8> {
        let mut v: Vec<u8> = self.topo.hex_vertices[hex as usize]
            .iter()
            .filter(|&&x| x != NONE)
            .filter_map(|&x| self.buildings[x as usize])
            .map(|b| b.owner)
            .filter(|&o| o != p && self.players[o as usize].hand.total() > 0)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    pub(super) fn pirate_victims(&self, p: u8, hex: u16) -> Vec<u8> {
        let mut v: Vec<u8> = self.topo.hex_edges[hex as usize]
            .iter()
            .filter(|&&e| e != NONE)
            .filter_map(|&e| self.routes[e as usize])
            .filter(|r| r.kind == RouteKind::Ship && r.owner != p)
            .map(|r| r.owner)
            .filter(|&o| self.players[o as usize].hand.total() > 0)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// A harbour goes on a coast edge without one whose ends touch no other harbour; when no
    /// such edge is left, on any coast edge without one (`relaxed`).
    pub(super) fn harbour_spot_problem(&self, e: u16) -> Option<Problem> {
        self.harbour_spot_problem_with(e, self.harbour_spots_relaxed)
    }

    pub(super) fn harbour_spot_problem_with(&self, e: u16, relaxed: bool) -> Option<Problem> {
        let [a, b] = self.topo.edge_hexes[e as usize];
        if !((self.is_land(a) && self.is_sea(b)) || (self.is_sea(a) && self.is_land(b))) {
            return Some(Problem::NotCoast);
        }
        if self.harbours.iter().any(|h| h.0 == e) {
            return Some(Problem::HarbourThere);
        }
        if !relaxed && self.topo.edge_vertices[e as usize].iter().any(|&v| self.vertex_harbour[v as usize].is_some()) {
            return Some(Problem::TouchesHarbour);
        }
        None
    }

    /// After a harbour is placed (or at the start): relax the spot rule when no strict spot is
    /// left, drop the remaining harbours when no coast edge is left, and leave the harbour phase
    /// when the pile is empty.
    pub(super) fn settle_harbour_phase(&mut self) {
        if self.phase != Phase::PlaceHarbour {
            return;
        }
        let edges = 0..self.topo.edges.len() as u16;
        if !edges.clone().any(|e| self.harbour_spot_problem_with(e, false).is_none()) {
            self.harbour_spots_relaxed = true;
        }
        if !edges.into_iter().any(|e| self.harbour_spot_problem_with(e, true).is_none()) {
            self.harbour_queue.clear();
        }
        if self.harbour_queue.is_empty() {
            self.phase = Phase::SetupSettlement;
        }
    }
}

/// Every way to take exactly `n` cards from `from`.
pub(super) fn sub_hands(from: &Resources, n: u8) -> Vec<Resources> {
    let mut out = Vec::new();
    fn rec(from: &Resources, i: usize, left: u8, cur: &mut Resources, out: &mut Vec<Resources>) {
        if i == 5 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        let r = Resource::ALL[i];
        let rest: u32 = Resource::ALL[i + 1..].iter().map(|&x| from.get(x) as u32).sum();
        for k in 0..=from.get(r).min(left) {
            if (left - k) as u32 > rest {
                continue;
            }
            *cur.get_mut(r) = k;
            rec(from, i + 1, left - k, cur, out);
        }
        *cur.get_mut(r) = 0;
    }
    rec(from, 0, n, &mut Resources::default(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_hands_lists_every_combination_once() {
        let hand = Resources { brick: 2, ore: 1, wool: 1, ..Resources::default() };
        let all = sub_hands(&hand, 2);
        // {bb, bo, bw, ow}
        assert_eq!(all.len(), 4);
        assert!(all.iter().all(|c| c.total() == 2 && hand.contains(c)));
    }
}
