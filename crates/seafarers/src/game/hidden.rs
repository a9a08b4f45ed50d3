//! What one player cannot see, dealt afresh: the imagined worlds of a searching computer player.

use super::*;

/// Tries at a deal that gives no other player enough hidden victory points to have won already.
const DEAL_TRIES: usize = 16;

impl Game {
    /// Deals again, from `rng`, everything `me` cannot see, keeping everything it can: the other
    /// players' resource cards (each keeps its count; together they hold what the bank and `me`
    /// do not, which everyone can count), the other players' development cards with the deck
    /// (each keeps how many it holds and how many it bought this turn; the deck keeps its size),
    /// the order of the discovery pools and of the harbour pile after the harbour in hand, and
    /// the generator behind the dice and the steals (fixed dice and steals of a script dropped).
    ///
    /// The result depends only on what `me` sees and on `rng`: two games that differ only in
    /// hidden parts come out identical (a test checks this), so a search that plays in these
    /// worlds cannot learn the hidden parts of the real one.
    pub fn redeal_hidden(&mut self, me: usize, rng: &mut Rng) {
        let others: Vec<usize> = (0..self.players.len()).filter(|&p| p != me).collect();
        for p in &others {
            // Hidden victory point cards come out of the points with the cards.
            let player = &mut self.players[*p];
            player.points -= player.dev.victory_point;
        }
        let mut resources: Vec<Resource> = Vec::new();
        let mut dev: Vec<DevCard> = Vec::new();
        for r in Resource::ALL {
            let held: usize = others.iter().map(|&p| self.players[p].hand.get(r) as usize).sum();
            resources.extend(std::iter::repeat_n(r, held));
        }
        for c in DevCard::ALL {
            let held: usize = others.iter().map(|&p| self.players[p].dev.get(c) as usize).sum();
            let in_deck = self.deck.iter().filter(|&&d| d == c).count();
            dev.extend(std::iter::repeat_n(c, held + in_deck));
        }
        let counts: Vec<(u32, u32, u32)> =
            others.iter().map(|&p| (self.players[p].hand.total(), self.players[p].dev.total(), self.players[p].new_dev.total())).collect();
        for _ in 0..DEAL_TRIES {
            rng.shuffle(&mut resources);
            rng.shuffle(&mut dev);
            let (mut r, mut d) = (resources.iter(), dev.iter());
            for (&p, &(cards, held, new)) in others.iter().zip(&counts) {
                let player = &mut self.players[p];
                player.hand = Resources::default();
                for &x in r.by_ref().take(cards as usize) {
                    *player.hand.get_mut(x) += 1;
                }
                player.dev = DevCards::default();
                player.new_dev = DevCards::default();
                for (k, &c) in d.by_ref().take(held as usize).enumerate() {
                    *player.dev.get_mut(c) += 1;
                    if k as u32 >= held - new {
                        *player.new_dev.get_mut(c) += 1;
                    }
                }
            }
            self.deck = d.copied().collect();
            let won_unseen = others.iter().any(|&p| self.players[p].points + self.players[p].dev.victory_point >= self.scenario.target);
            if !won_unseen {
                break;
            }
        }
        for p in &others {
            let player = &mut self.players[*p];
            player.points += player.dev.victory_point;
        }
        for pool in self.fog.values_mut() {
            pool.terrain.sort_unstable();
            rng.shuffle(&mut pool.terrain);
            pool.numbers.sort_unstable();
            rng.shuffle(&mut pool.numbers);
        }
        if self.harbour_queue.len() > 1 {
            let rest = &mut self.harbour_queue[1..];
            rest.sort_unstable();
            rng.shuffle(rest);
        }
        self.rng = Rng::new(rng.next_u64());
        self.forced_dice.clear();
        self.forced_steals.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Strategy};

    /// A four-islands game of three greedy players, some turns in.
    fn midgame() -> Game {
        let sc = crate::scenarios::by_id("four-islands").unwrap();
        let mut g = Game::new(sc, 3, 11, Options::default()).unwrap();
        let mut bots: Vec<Bot> = (0..3).map(|p| Bot::new(Strategy::Greedy, p)).collect();
        while g.turn() < 25 && !g.is_over() {
            let p = g.to_act()[0];
            let a = bots[p].choose(&g, p).unwrap();
            g.apply(p, &a).unwrap();
        }
        g
    }

    /// The same game as `g` to player `me`, different in every hidden part: the other players
    /// swap a resource card and a development card of the same kinds each way, the deck is
    /// reordered, the generator is another.
    fn hidden_twin(g: &Game, me: usize) -> Game {
        let mut t = g.clone();
        let [a, b] = [(me + 1) % 3, (me + 2) % 3];
        let (ha, hb) = (t.players[a].hand, t.players[b].hand);
        if let Some((x, y)) = Resource::ALL
            .iter()
            .flat_map(|&x| Resource::ALL.iter().map(move |&y| (x, y)))
            .find(|&(x, y)| x != y && ha.get(x) > 0 && hb.get(y) > 0)
        {
            *t.players[a].hand.get_mut(x) -= 1;
            *t.players[a].hand.get_mut(y) += 1;
            *t.players[b].hand.get_mut(y) -= 1;
            *t.players[b].hand.get_mut(x) += 1;
        }
        t.deck.reverse();
        if let Some(c) = DevCard::ALL.iter().copied().find(|&c| t.players[a].dev.get(c) > t.players[a].new_dev.get(c))
            && let Some(i) = t.deck.iter().position(|&d| d != c && d != DevCard::VictoryPoint && c != DevCard::VictoryPoint)
        {
            let other = std::mem::replace(&mut t.deck[i], c);
            *t.players[a].dev.get_mut(c) -= 1;
            *t.players[a].dev.get_mut(other) += 1;
        }
        t.rng = Rng::new(987_654_321);
        t
    }

    #[test]
    fn a_redeal_keeps_what_the_player_sees_and_the_card_counts() {
        let g = midgame();
        for me in 0..3 {
            let mut w = g.clone();
            w.redeal_hidden(me, &mut Rng::new(5));
            let (seen, dealt) = (serde_json::to_string(&g.view(me)).unwrap(), serde_json::to_string(&w.view(me)).unwrap());
            assert_eq!(seen, dealt, "player {me} sees the same game");
            for p in 0..3 {
                assert_eq!(w.players[p].hand.total(), g.players[p].hand.total());
                assert_eq!(w.players[p].dev.total(), g.players[p].dev.total());
                assert_eq!(w.players[p].points, w.points_from_scratch(p), "points follow the dealt victory point cards");
            }
            let total = |x: &Game| {
                let mut all = x.bank;
                for p in &x.players {
                    all.add(&p.hand);
                }
                all
            };
            assert_eq!(total(&w), Resources::all(BANK_PER_RESOURCE), "no card made or lost");
        }
    }

    #[test]
    fn games_that_differ_only_in_hidden_parts_redeal_to_the_same_world() {
        let g = midgame();
        for me in 0..3 {
            let twin = hidden_twin(&g, me);
            assert_ne!(format!("{g:?}"), format!("{twin:?}"), "the twin differs in hidden parts");
            let (mut x, mut y) = (g.clone(), twin);
            x.redeal_hidden(me, &mut Rng::new(77));
            y.redeal_hidden(me, &mut Rng::new(77));
            assert_eq!(format!("{x:?}"), format!("{y:?}"), "player {me}: the imagined worlds are the same");
        }
    }

    #[test]
    fn the_searching_player_chooses_the_same_in_games_that_differ_only_in_hidden_parts() {
        let mut g = midgame();
        let mut greedy = Bot::new(Strategy::Greedy, 1);
        // On to a decision of the active player's main phase, where the most is weighed.
        while g.phase() != Phase::Main || g.active_player() != g.to_act()[0] {
            let p = g.to_act()[0];
            let a = greedy.choose(&g, p).unwrap();
            g.apply(p, &a).unwrap();
        }
        let me = g.active_player();
        let twin = hidden_twin(&g, me);
        let search = Strategy::Search(crate::Budget { playouts: 48, time: None });
        for seed in 0..4 {
            let (mut a, mut b) = (Bot::new(search, seed), Bot::new(search, seed));
            assert_eq!(a.choose(&g, me), b.choose(&twin, me), "seed {seed}");
            assert_eq!(a.playouts_spent(), b.playouts_spent());
        }
    }

    /// What the table sees a player may do (the spots of the picture and the public buttons)
    /// depends on nothing hidden: a game and its every hidden part dealt afresh (a seat no one
    /// holds redeals every hand) give the same open spots, and those hold every legal one.
    #[test]
    fn open_spots_are_the_same_in_games_that_differ_only_in_hidden_parts() {
        let mut g = midgame();
        let mut greedy = Bot::new(Strategy::Greedy, 3);
        let builds = |a: &&Action| {
            matches!(
                a,
                Action::BuildRoad { .. }
                    | Action::BuildShip { .. }
                    | Action::BuildSettlement { .. }
                    | Action::BuildCity { .. }
                    | Action::MoveShip { .. }
            )
        };
        for step in 0..400u64 {
            if g.is_over() {
                break;
            }
            let nobody = g.players.len();
            let mut twin = g.clone();
            twin.redeal_hidden(nobody, &mut Rng::new(step));
            for p in 0..g.players.len() {
                let open = g.open_spots(p);
                assert_eq!(open, twin.open_spots(p), "step {step}, player {p}");
                for a in g.legal_actions(p).iter().filter(builds) {
                    assert!(open.contains(a), "step {step}: {a:?} is legal, so open");
                }
            }
            let p = g.to_act()[0];
            let a = greedy.choose(&g, p).unwrap();
            g.apply(p, &a).unwrap();
        }
    }
}
