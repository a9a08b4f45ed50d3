//! Property tests: whole games over random seeds, scenarios, player counts (3, 4) and bots
//! (with some uniformly random actions mixed in, domestic trades included), with the engine's
//! invariants checked after every action:
//! cards are conserved between the bank and the hands, development cards between the deck,
//! the hands and the played pile, pieces stay within their limits, the tracked victory points
//! and route lengths equal the ones recomputed from scratch, the longest route's holder has at
//! least 5, and replaying the actions gives the same state. A refused action changes nothing.
//!
//! Case counts keep `cargo test` fast in a debug build; `SEAFARERS_PROPTEST_SCALE` multiplies
//! them. A failing case prints its seed, scenario, player count and bot.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use seafarers_engine::{
    Action, BANK_PER_RESOURCE, Bot, CITIES, Game, MIN_ROUTE, Options, ROADS, Resource, Resources, Rng, RouteKind, SETTLEMENTS, SHIPS,
    Setup, Stats, Strategy, scenarios,
};

fn config(cases: u32) -> ProptestConfig {
    let scale: u32 = std::env::var("SEAFARERS_PROPTEST_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    ProptestConfig { cases: cases.saturating_mul(scale.max(1)), failure_persistence: None, ..ProptestConfig::default() }
}

fn check_invariants(g: &Game) -> Result<(), TestCaseError> {
    let ps = g.players();
    for r in Resource::ALL {
        let total: u32 = g.bank().get(r) as u32 + ps.iter().map(|p| p.hand.get(r) as u32).sum::<u32>();
        prop_assert_eq!(total, BANK_PER_RESOURCE as u32, "{} not conserved", r);
    }
    let held: u32 = ps.iter().map(|p| p.dev.total()).sum();
    prop_assert_eq!(g.deck_size() as u32 + held + g.played_dev_cards().total(), 25);
    let buildings = g.buildings();
    let routes = g.routes();
    for (i, p) in ps.iter().enumerate() {
        let settlements = buildings.iter().filter(|(_, b)| b.owner as usize == i && !b.city).count() as u8;
        let cities = buildings.iter().filter(|(_, b)| b.owner as usize == i && b.city).count() as u8;
        let roads = routes.iter().filter(|(_, r)| r.owner as usize == i && r.kind == RouteKind::Road).count() as u8;
        let ships = routes.iter().filter(|(_, r)| r.owner as usize == i && r.kind == RouteKind::Ship).count() as u8;
        prop_assert_eq!(settlements + p.settlements_left, SETTLEMENTS);
        prop_assert_eq!(cities + p.cities_left, CITIES);
        prop_assert_eq!(roads + p.roads_left, ROADS);
        let ship_supply = if g.scenario().ships { SHIPS } else { 0 };
        prop_assert_eq!(ships + p.ships_left, ship_supply);
        prop_assert_eq!(p.points, g.points_from_scratch(i), "player {} points", i);
        prop_assert_eq!(p.route_length, g.route_length_from_scratch(i), "player {} route", i);
        prop_assert!(p.dev.total() >= p.new_dev.total());
    }
    if let Some(h) = g.longest_route_holder() {
        prop_assert!(ps[h].route_length >= MIN_ROUTE);
        prop_assert!(ps.iter().all(|p| p.route_length <= ps[h].route_length));
    }
    if let Some(h) = g.largest_army_holder() {
        prop_assert!(ps[h].knights >= 3);
    }
    if let Some(w) = g.winner() {
        prop_assert!(ps[w].points >= g.target());
    }
    Ok(())
}

/// Plays up to `turns` turns; checks invariants after every action, refused actions now and
/// then, and the replay at the end.
fn play(scenario: usize, players: usize, seed: u64, strategy: Strategy, turns: u32, pirate: bool) -> Result<Stats, TestCaseError> {
    let id = scenarios::ids()[scenario];
    let sc = scenarios::by_id(id).unwrap();
    let options = Options { pirate: pirate && sc.pirate.is_some() };
    let setup = Setup::new(sc, players, seed, options).unwrap();
    let mut g = Game::from_setup(setup.clone()).unwrap();
    let mut bots: Vec<Bot> = (0..players).map(|p| Bot::new(strategy, seed ^ ((p as u64 + 1) * 7919))).collect();
    let mut log: Vec<(u8, Action)> = Vec::new();
    let mut rng = Rng::new(seed);
    while !g.is_over() && g.turn() <= turns && log.len() < 50_000 {
        let to_act = g.to_act();
        prop_assert!(!to_act.is_empty());
        let p = to_act[rng.below(to_act.len())];
        let legal = g.legal_actions(p);
        prop_assert!(!legal.is_empty(), "{id} seed {seed}: player {p} has no legal action in {:?}", g.phase());
        // Now and then, an action of another player or an illegal one must change nothing.
        if rng.below(16) == 0 {
            let other = (p + 1) % players;
            let before = format!("{:?}", g.full_view());
            for probe in [Action::EndTurn, Action::Roll, Action::BuyDevCard, legal[0]] {
                let mut copy = g.clone();
                if copy.apply(other, &probe).is_err() {
                    prop_assert_eq!(&before, &format!("{:?}", copy.full_view()));
                }
            }
        }
        // The bots never trade with each other: now and then the test plays a uniformly random
        // legal action instead (offers, confirmations and withdrawals included), and lets an
        // addressed player answer an open offer.
        if let Some(o) = g.offer().cloned().filter(|_| rng.below(2) == 0) {
            let q = (o.from as usize + 1 + rng.below(players - 1)) % players;
            let mut answers: Vec<Action> = g.legal_actions(q).into_iter().filter(|a| matches!(a, Action::AnswerTrade { .. })).collect();
            // A counter-offer (not listed: any mix of cards would do): one card the player holds
            // for one of another kind.
            let held: Vec<Resource> = Resource::ALL.into_iter().filter(|&r| g.player(q).hand.get(r) > 0).collect();
            if !answers.is_empty() && !held.is_empty() && rng.below(3) == 0 {
                let give = held[rng.below(held.len())];
                let want = Resource::ALL.into_iter().filter(|&r| r != give).nth(rng.below(4)).expect("four others");
                let (give, want) = (Resources::one(give, 1), Resources::one(want, 1));
                if (give, want) != (o.want, o.give) {
                    answers = vec![Action::CounterTrade { give, want }];
                }
            }
            if !answers.is_empty() {
                let a = answers[rng.below(answers.len())];
                if let Err(e) = g.apply(q, &a) {
                    return Err(TestCaseError::fail(format!("{id} seed {seed}: legal answer {a} refused: {e}")));
                }
                log.push((q as u8, a));
                check_invariants(&g)?;
                continue;
            }
        }
        let a = if rng.below(10) == 0 { legal[rng.below(legal.len())] } else { bots[p].choose(&g, p).expect("a legal action") };
        prop_assert!(legal.contains(&a));
        if let Err(e) = g.apply(p, &a) {
            return Err(TestCaseError::fail(format!("{id} seed {seed}: legal action {a} refused: {e}")));
        }
        log.push((p as u8, a));
        check_invariants(&g)?;
    }
    let replayed = Game::replay(setup, &log).map_err(|(i, e)| TestCaseError::fail(format!("replay failed at {i}: {e}")))?;
    prop_assert_eq!(format!("{:?}", replayed.full_view()), format!("{:?}", g.full_view()));
    Ok(g.stats())
}

proptest! {
    #![proptest_config(config(4000))]
    /// Random bots for 25 turns: every action kind, 4,000 games.
    #[test]
    fn random_games_keep_the_invariants(scenario in 0usize..6, players in 3usize..=4, seed in any::<u64>(), pirate in any::<bool>()) {
        play(scenario, players, seed, Strategy::Random, 25, pirate)?;
    }
}

proptest! {
    #![proptest_config(config(150))]
    /// Greedy bots to the end (or 400 turns): late-game rules (chips, routes, army, victory).
    #[test]
    fn greedy_games_to_the_end_keep_the_invariants(scenario in 0usize..6, players in 3usize..=4, seed in any::<u64>(), pirate in any::<bool>()) {
        play(scenario, players, seed, Strategy::Greedy, 400, pirate)?;
    }
}

/// The drivers above reach the rarer actions: without this, a property test could pass by
/// never trying them.
#[test]
fn the_random_drivers_exercise_trades_ship_moves_the_pirate_gold_and_discovery() {
    let mut total = Stats::default();
    for seed in 0..120u64 {
        let scenario = (seed % 6) as usize;
        let s = play(scenario, 3 + (seed % 2) as usize, seed, Strategy::Random, 25, true).unwrap();
        total.domestic_trades += s.domestic_trades;
        total.ships_moved += s.ships_moved;
        total.pirate_moves += s.pirate_moves;
        total.gold_choices += s.gold_choices;
        total.discoveries += s.discoveries;
        total.harbours_placed += s.harbours_placed;
    }
    assert!(total.domestic_trades > 0, "{total:?}");
    assert!(total.ships_moved > 0, "{total:?}");
    assert!(total.pirate_moves > 0, "{total:?}");
    assert!(total.gold_choices > 0, "{total:?}");
    assert!(total.discoveries > 0, "{total:?}");
    assert!(total.harbours_placed > 0, "{total:?}");
}
