//! The searching player (hard): flat Monte-Carlo over greedy's best few moves.
//!
//! Each imagined game starts from the real one with everything the player cannot see dealt
//! afresh ([`Game::redeal_hidden`]: the others' cards, the development deck, the discovery
//! pools, the dice), then the candidate move, then greedy players for everyone up to a horizon
//! a few rounds on, where the position is judged by points and production. Every candidate is
//! played out on the same deals (common random numbers), so their differences are not drowned
//! by the luck of the dice.

use super::*;
use std::time::Instant;

/// Candidates at most at one decision: few enough that each gets a useful share of the budget.
const CANDIDATES: usize = 6;
/// Full rounds of turns each imagined game looks ahead (the setup counts as turn 0).
const HORIZON_ROUNDS: u32 = 2;
/// Standard errors by which a candidate must beat greedy's move to be chosen instead.
const CONFIDENCE: f64 = 1.5;
/// Steps an imagined game may take at most (a guard; greedy players end their turns).
const PLAYOUT_STEPS: u32 = 2000;
/// Production worth one victory point at the horizon: pips (ways out of 36) of the hexes
/// around a player's buildings, a city counting twice.
const PIPS_PER_POINT: f64 = 12.0;
/// Cards in hand worth one victory point at the horizon.
const CARDS_PER_POINT: f64 = 12.0;
/// What winning an imagined game is worth beyond its points.
const WIN_BONUS: f64 = 5.0;

impl Bot {
    /// Plays every candidate out on the same deals (common random numbers) and keeps greedy's
    /// choice unless another candidate ends clearly further ahead on those deals: its mean
    /// gain over greedy's, deal by deal, must exceed [`CONFIDENCE`] standard errors. A search
    /// this small is noisy, and a greedy move is rarely a blunder: the test keeps the noise
    /// from trading a sound move for a lucky one.
    pub(super) fn search(&mut self, game: &Game, me: usize, legal: &[Action], budget: Budget) -> Action {
        let greedy = self.greedy(game, me, legal);
        let candidates = candidates(game, me, legal, greedy);
        if candidates.len() == 1 {
            return greedy;
        }
        let started = budget.time.map(|_| Instant::now());
        let out_of_time = || matches!((started, budget.time), (Some(t), Some(limit)) if t.elapsed() >= limit);
        let horizon = game.turn() + HORIZON_ROUNDS * game.player_count() as u32;
        let deals = (budget.playouts as usize / candidates.len()).max(2);
        // Per candidate: the sum and the sum of squares of its gain over greedy's move.
        let mut gain = vec![(0.0f64, 0.0f64); candidates.len()];
        let mut played = 0u32;
        let mut values = vec![0.0; candidates.len()];
        for _ in 0..deals {
            let deal = self.rng.next_u64();
            for (c, action) in candidates.iter().enumerate() {
                // Deal first, then move: the move may roll, buy a card or discover a hex, and
                // what it finds must come from the imagined world, not the real one.
                let mut rng = Rng::new(deal);
                let mut world = game.clone();
                world.redeal_hidden(me, &mut rng);
                values[c] =
                    if world.apply(me, action).is_ok() { playout(&mut world, me, horizon, rng.next_u64()) } else { f64::NEG_INFINITY };
                self.spent += 1;
            }
            for c in 1..candidates.len() {
                let d = (values[c] - values[0]).max(-100.0);
                gain[c].0 += d;
                gain[c].1 += d * d;
            }
            played += 1;
            if out_of_time() {
                break;
            }
        }
        let n = played as f64;
        let mut best = (0, 0.0);
        for (c, &(sum, squares)) in gain.iter().enumerate().skip(1) {
            let mean = sum / n;
            let spread = ((squares / n - mean * mean).max(0.0) / (n - 1.0).max(1.0)).sqrt();
            if mean > best.1 && mean > CONFIDENCE * spread {
                best = (c, mean);
            }
        }
        candidates[best.0]
    }
}

/// The moves worth searching, greedy's choice first; one when there is nothing to weigh (the
/// roll without a knight to play, a harbour, a free road, an answer to an offer).
fn candidates(game: &Game, me: usize, legal: &[Action], greedy: Action) -> Vec<Action> {
    let mut out = vec![greedy];
    let add = |a: Action, out: &mut Vec<Action>| {
        if out.len() < CANDIDATES && !out.contains(&a) && legal.contains(&a) {
            out.push(a);
        }
    };
    match game.phase() {
        Phase::SetupSettlement => {
            for a in top_by(legal, CANDIDATES, |a| settlement_value(game, me, a)) {
                add(a, &mut out);
            }
        }
        Phase::SetupRoute { .. } => {
            for &a in legal {
                add(a, &mut out);
            }
        }
        Phase::Discard => {
            let hand = game.player(me).hand;
            for a in top_by(legal, 4, |a| discard_value(hand, a)) {
                add(a, &mut out);
            }
        }
        Phase::Gold => {
            let need = needs(game, me);
            for a in top_by(legal, 4, |a| gold_value(need, a)) {
                add(a, &mut out);
            }
        }
        Phase::Robber => {
            let leader = leader(game, me);
            for a in top_by(legal, 5, |a| robber_value(game, me, leader, a)) {
                add(a, &mut out);
            }
        }
        Phase::Roll => {
            add(Action::Roll, &mut out);
            add(Action::PlayKnight, &mut out);
        }
        Phase::Main if me == game.active_player() => main_candidates(game, me, legal, &mut out),
        Phase::Main | Phase::PlaceHarbour | Phase::RoadBuilding { .. } | Phase::GameOver { .. } => {}
    }
    out
}

/// On one's own turn: the best city, the best settlements, a development card, the way
/// towards the next spot by road or ship, a card worth playing, a trade towards the goal, and
/// ending the turn (saving up).
fn main_candidates(game: &Game, me: usize, legal: &[Action], out: &mut Vec<Action>) {
    let add = |a: Action, out: &mut Vec<Action>| {
        if out.len() < CANDIDATES && !out.contains(&a) && legal.contains(&a) {
            out.push(a);
        }
    };
    let topo = game.topology();
    let cities = top_by(legal, 1, |a| match a {
        Action::BuildCity { at } => game.pips(topo.vertex_index(*at).expect("legal")) as i32,
        _ => i32::MIN,
    });
    for a in cities.into_iter().filter(|a| matches!(a, Action::BuildCity { .. })) {
        add(a, out);
    }
    for a in top_by(legal, 2, |a| settlement_value(game, me, a)).into_iter().filter(|a| matches!(a, Action::BuildSettlement { .. })) {
        add(a, out);
    }
    add(Action::BuyDevCard, out);
    let plan = Plan::of(game, me);
    if let Some(&first) = plan.path.first()
        && let Some(a) = legal.iter().find(|a| follows(game, a, first))
    {
        add(*a, out);
    }
    // Monopoly on what the others hold most of: everyone can count it (the bank and one's own
    // hand are in view; the rest of each resource's nineteen cards is in the others' hands).
    let p = game.player(me);
    let most = Resource::ALL.into_iter().max_by_key(|&r| crate::BANK_PER_RESOURCE - game.bank().get(r) - p.hand.get(r));
    if let Some(r) = most {
        add(Action::PlayMonopoly { resource: r }, out);
    }
    add(Action::PlayKnight, out);
    add(Action::EndTurn, out);
}

/// Plays `world` on with greedy players for everyone until the game ends or the turn
/// `horizon` starts, and judges where `me` stands: its value minus the best other's.
fn playout(world: &mut Game, me: usize, horizon: u32, seed: u64) -> f64 {
    let mut bot = Bot::new(Strategy::Greedy, seed);
    let mut steps = 0;
    while !world.is_over() && world.turn() < horizon && steps < PLAYOUT_STEPS {
        let p = world.to_act()[0];
        let Some(action) = bot.choose(world, p) else { break };
        if world.apply(p, &action).is_err() {
            break;
        }
        steps += 1;
    }
    let mine = standing(world, me);
    let best_other = (0..world.player_count()).filter(|&p| p != me).map(|p| standing(world, p)).fold(f64::NEG_INFINITY, f64::max);
    mine - best_other
}

/// A player's position in victory points: points, what its buildings produce, its cards, and
/// the win itself.
fn standing(game: &Game, p: usize) -> f64 {
    let player = game.player(p);
    let mut pips = 0u32;
    for (v, b) in game.buildings() {
        if b.owner as usize == p {
            let v = game.topology().vertex_index(v).expect("on the map");
            pips += game.pips(v) * if b.city { 2 } else { 1 };
        }
    }
    let win = if game.winner() == Some(p) { WIN_BONUS } else { 0.0 };
    player.points as f64 + pips as f64 / PIPS_PER_POINT + player.hand.total() as f64 / CARDS_PER_POINT + win
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Options;
    use crate::scenarios;

    /// A search small enough for tests: two deals per candidate.
    const TINY: Strategy = Strategy::Search(Budget { playouts: 6, time: None });

    /// `game` played on by greedy players until seat `me` has a decision of its main phase.
    fn to_main_of(mut game: Game, me: usize) -> Game {
        let mut greedy = Bot::new(Strategy::Greedy, 9);
        while !(game.phase() == Phase::Main && game.active_player() == me && game.player(me).hand.total() >= 3) {
            let p = game.to_act()[0];
            let a = greedy.choose(&game, p).unwrap();
            game.apply(p, &a).unwrap();
        }
        game
    }

    #[test]
    fn a_searching_player_plays_every_scenario_to_the_end_with_legal_moves() {
        for id in scenarios::ids() {
            let mut game = Game::new(scenarios::by_id(id).unwrap(), 3, 21, Options::default()).unwrap();
            let mut bots = [Bot::new(TINY, 1), Bot::new(Strategy::Greedy, 2), Bot::new(Strategy::Greedy, 3)];
            let mut searched = 0;
            while !game.is_over() && game.turn() < 400 {
                let p = game.to_act()[0];
                let a = bots[p].choose(&game, p).unwrap();
                searched += bots[p].playouts_spent();
                game.apply(p, &a).unwrap_or_else(|e| panic!("{id}: seat {p} chose {a}, refused: {e}"));
            }
            assert!(game.is_over(), "{id}: the game ends (turn {})", game.turn());
            assert!(searched > 0, "{id}: the searching seat searched");
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_choices() {
        // The first setup settlement: always several spots to weigh.
        let game = Game::new(scenarios::by_id("new-shores").unwrap(), 3, 4, Options::default()).unwrap();
        let me = game.to_act()[0];
        let budget = Strategy::Search(Budget { playouts: 60, time: None });
        let (mut a, mut b) = (Bot::new(budget, 17), Bot::new(budget, 17));
        for _ in 0..3 {
            assert_eq!(a.choose(&game, me), b.choose(&game, me));
            assert_eq!(a.playouts_spent(), b.playouts_spent());
            assert_eq!(a.playouts_spent(), 60, "it searched: {CANDIDATES} candidates, 10 deals each");
        }
    }

    #[test]
    fn a_time_limit_stops_the_search_early() {
        let game = to_main_of(Game::new(scenarios::by_id("four-islands").unwrap(), 4, 8, Options::default()).unwrap(), 2);
        let mut bot = Bot::new(Strategy::Search(Budget { playouts: 1_000_000, time: Some(Duration::from_millis(1)) }), 3);
        let started = Instant::now();
        let action = bot.choose(&game, 2).unwrap();
        assert!(game.legal_actions(2).contains(&action));
        assert!(bot.playouts_spent() < 1_000_000 && started.elapsed() < Duration::from_secs(5), "{} playouts", bot.playouts_spent());
    }

    #[test]
    fn it_declines_a_trade_offer_as_the_others_do() {
        let mut game = to_main_of(Game::new(scenarios::by_id("base").unwrap(), 3, 6, Options::default()).unwrap(), 0);
        let give = Resource::ALL.into_iter().find(|&r| game.player(0).hand.get(r) > 0).unwrap();
        let want = Resource::ALL.into_iter().find(|&r| r != give).unwrap();
        game.apply(0, &Action::OfferTrade { give: Resources::one(give, 1), want: Resources::one(want, 1), to: Some(1) }).unwrap();
        let mut bot = Bot::new(Strategy::Search(Budget::DEFAULT), 1);
        // Not to act (answers never block), yet it may answer: `choose` is for those to act.
        assert_eq!(bot.choose(&game, 1), None);
        let legal: Vec<Action> = game.legal_actions(1);
        assert_eq!(bot.search(&game, 1, &legal, Budget::DEFAULT), Action::AnswerTrade { accept: false });
    }
}
