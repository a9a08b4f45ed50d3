//! Property tests: whole games played over random seeds, player counts (2 to 5) and retrieve
//! rules by the engine's bots (`Strategy::Random`, `Strategy::Greedy`) and by a test-only player
//! that seeks out markets, with the engine's invariants checked after every action.
//!
//! Case counts are modest so that the file runs in a few seconds in a debug build; set
//! `SOUTHSEAS_PROPTEST_SCALE` to multiply them. A failing case prints its seed, player count,
//! rule and player kind, which is all it takes to replay it.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use southseas_engine::scenario::Summary;
use southseas_engine::{
    Action, Bot, Event, FeatureKind, FeatureRef, Game, ISLANDERS_PER_PLAYER, Options, Phase, Pos, RetrieveRule, Rng, Rotation, Setup,
    ShipId, Strategy, TileKind, Wares,
};
use std::collections::{BTreeMap, BTreeSet};

/// Start tile + the 72 tiles of the standard stack.
const STANDARD_TILES: usize = 73;
/// No game needs this many actions: a turn takes at most a placement, an islander step, a few
/// market choices, a delivery and a payment.
const MAX_ACTIONS: usize = 1500;

/// `cases` per test, times `SOUTHSEAS_PROPTEST_SCALE` (default 1) for a longer search, e.g.
/// `SOUTHSEAS_PROPTEST_SCALE=50 cargo test -p southseas-engine --release --test properties`.
fn config(cases: u32) -> ProptestConfig {
    let scale: u32 = std::env::var("SOUTHSEAS_PROPTEST_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    // No regression files: the repository is shared and a failing case prints its inputs anyway.
    ProptestConfig { cases: cases.saturating_mul(scale.max(1)), failure_persistence: None, ..ProptestConfig::default() }
}

fn options(any_turn: bool) -> Options {
    Options { retrieve: if any_turn { RetrieveRule::AnyTurn } else { RetrieveRule::EmptySupply } }
}

/// Who chooses the actions: the engine's bots, or a test-only player that seeks out markets.
///
/// Random play almost never closes a market (2 games in 1000 take a ship for a merchant), so
/// the market steps (`MarketShip`, `ChooseShip`, ships taken without delivery) would go untested
/// by `Random`, and only now and then by the slow `Greedy`; `Merchant` places its islanders on
/// markets and its tiles around occupied markets, and otherwise plays at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Driver {
    Random,
    Greedy,
    Merchant,
}

impl Driver {
    fn name(self) -> &'static str {
        match self {
            Driver::Random => "random Bot",
            Driver::Greedy => "greedy Bot",
            Driver::Merchant => "test-only Merchant player",
        }
    }
}

enum Seat {
    Bot(Bot),
    Merchant(Rng),
}

impl Seat {
    fn choose(&mut self, g: &Game) -> Option<Action> {
        match self {
            Seat::Bot(bot) => bot.choose(g),
            Seat::Merchant(rng) => merchant_choice(g, rng),
        }
    }
}

/// One player per seat, seeded from the game's seed.
fn seats(driver: Driver, players: usize, seed: u64) -> Vec<Seat> {
    (0..players)
        .map(|p| {
            let seat_seed = seed.wrapping_mul(31).wrapping_add(p as u64 + 1);
            match driver {
                Driver::Random => Seat::Bot(Bot::new(Strategy::Random, seat_seed)),
                Driver::Greedy => Seat::Bot(Bot::new(Strategy::Greedy, seat_seed)),
                Driver::Merchant => Seat::Merchant(Rng::new(seat_seed)),
            }
        })
        .collect()
}

fn is_market(g: &Game, pos: Pos, feature: u8) -> bool {
    g.tile_at(pos).and_then(|t| g.tiles().get(t.tile).features.get(feature as usize)).is_some_and(|f| f.kind == FeatureKind::Market)
}

fn merchant_choice(g: &Game, rng: &mut Rng) -> Option<Action> {
    if g.is_over() {
        return None;
    }
    let legal = g.legal_actions();
    let pick = |rng: &mut Rng, options: &[Action]| options[rng.below(options.len())];
    match g.phase() {
        Phase::PlaceTile => {
            let markets: Vec<Pos> = g.islanders().iter().filter(|i| i.kind == FeatureKind::Market).map(|i| i.at.pos).collect();
            let drawn_is_market = g.tiles().get(g.drawn_tile()?).market;
            let score = |pos: Pos| {
                let near = markets.iter().filter(|m| m.surrounding().any(|q| q == pos)).count();
                let filled = if drawn_is_market { pos.surrounding().filter(|&q| g.tile_at(q).is_some()).count() } else { 0 };
                10 * near + filled
            };
            let best = legal.iter().filter_map(|a| if let Action::PlaceTile { pos, .. } = a { Some(score(*pos)) } else { None }).max()?;
            let top: Vec<Action> =
                legal.iter().copied().filter(|a| matches!(a, Action::PlaceTile { pos, .. } if score(*pos) == best)).collect();
            Some(pick(rng, &top))
        }
        Phase::Islander { pos } => {
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::PlaceIslander { feature } if is_market(g, pos, *feature))) {
                return Some(*a);
            }
            let keep: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::RetrieveIslander { pos, feature } if is_market(g, *pos, *feature)))
                .collect();
            Some(pick(rng, &keep))
        }
        _ => Some(pick(rng, &legal)),
    }
}

/// Everything a test compares to decide that two games are in the same state.
fn fingerprint(g: &Game) -> (String, String, String, String) {
    (
        serde_json::to_string(&Summary::of(g)).expect("summary serialises"),
        format!("{:?}", g.placed_tiles()),
        serde_json::to_string(&g.islanders()).expect("islanders serialise"),
        format!("{:?} {:?}", g.legal_actions(), g.drawn_tile()),
    )
}

/// Plays a whole game with `strategy` bots, calling `check(before, action, events, after)` after
/// every action. Returns the final game and the actions taken.
fn play(
    driver: Driver,
    opts: Options,
    players: usize,
    seed: u64,
    mut check: impl FnMut(&Game, &Action, &[Event], &Game) -> Result<(), TestCaseError>,
) -> Result<(Game, Vec<Action>), TestCaseError> {
    let mut game = Game::new(opts, players, seed).map_err(|e| TestCaseError::fail(format!("setup: {e}")))?;
    let mut bots = seats(driver, players, seed);
    let mut actions = Vec::new();
    while let Some(p) = game.to_act() {
        prop_assert!(actions.len() < MAX_ACTIONS, "game not over after {MAX_ACTIONS} actions");
        let legal = game.legal_actions();
        prop_assert!(!legal.is_empty(), "no legal action in phase {:?} (action #{})", game.phase(), actions.len());
        let action = bots[p].choose(&game).ok_or_else(|| TestCaseError::fail("bot returned no action while the game runs"))?;
        match action {
            Action::PlaceTile { pos, rotation } => {
                prop_assert!(game.is_legal_placement(pos, rotation), "bot chose an illegal placement {action}")
            }
            _ => prop_assert!(legal.contains(&action), "bot chose {action}, not among {legal:?}"),
        }
        let before = game.clone();
        let events = match game.apply(&action) {
            Ok(events) => events,
            Err(e) => return Err(TestCaseError::fail(format!("action #{} `{action}` refused: {e}", actions.len()))),
        };
        actions.push(action);
        check(&before, &action, &events, &game)?;
    }
    prop_assert!(game.is_over());
    Ok((game, actions))
}

/// The inputs of one game: seed, players, retrieve rule (any-turn?), and the strategy.
fn game_inputs() -> impl proptest::strategy::Strategy<Value = (u64, usize, bool)> {
    (any::<u64>(), 2usize..=5, any::<bool>())
}

// ----- the properties --------------------------------------------------------------------------

fn check_never_panics(driver: Driver, seed: u64, players: usize, any_turn: bool) -> Result<(), TestCaseError> {
    let (game, actions) = play(driver, options(any_turn), players, seed, |_, _, _, after| {
        if after.to_act().is_some() {
            prop_assert!(!after.legal_actions().is_empty());
        } else {
            prop_assert!(after.legal_actions().is_empty());
        }
        Ok(())
    })?;
    prop_assert!(!actions.is_empty());
    prop_assert!(game.final_scores().is_some());
    Ok(())
}

fn check_islanders(driver: Driver, seed: u64, players: usize, any_turn: bool) -> Result<(), TestCaseError> {
    play(driver, options(any_turn), players, seed, |_, action, _, after| {
        let on_board = after.islanders();
        for p in 0..after.player_count() {
            let placed = on_board.iter().filter(|i| i.player as usize == p).count();
            let supply = after.player(p).supply as usize;
            prop_assert_eq!(
                supply + placed,
                ISLANDERS_PER_PLAYER as usize,
                "player {} after `{}`: {} in supply + {} on the board",
                p,
                action,
                supply,
                placed
            );
        }
        Ok(())
    })?;
    Ok(())
}

fn tiles_accounted(g: &Game) -> usize {
    g.placed_tiles().len() + g.discarded().len() + g.stack_size() + usize::from(g.drawn_tile().is_some())
}

fn check_tiles(driver: Driver, seed: u64, players: usize, any_turn: bool) -> Result<(), TestCaseError> {
    let start = Game::new(options(any_turn), players, seed).unwrap();
    prop_assert_eq!(start.tiles().stack().len() + 1, STANDARD_TILES);
    prop_assert_eq!(tiles_accounted(&start), STANDARD_TILES);
    play(driver, options(any_turn), players, seed, |_, action, _, after| {
        prop_assert_eq!(
            tiles_accounted(after),
            STANDARD_TILES,
            "after `{}`: {} placed + {} discarded + {} in the stack + drawn {:?}",
            action,
            after.placed_tiles().len(),
            after.discarded().len(),
            after.stack_size(),
            after.drawn_tile()
        );
        // A tile is drawn exactly while the game waits for its placement.
        prop_assert_eq!(after.drawn_tile().is_some(), after.phase() == Phase::PlaceTile);
        Ok(())
    })?;
    Ok(())
}

fn check_wares(driver: Driver, seed: u64, players: usize, any_turn: bool) -> Result<(), TestCaseError> {
    play(driver, options(any_turn), players, seed, |before, action, events, after| {
        // Replay the events on the wares held before the action: gains from evaluations,
        // payments for deliveries (which may never take more than the player holds).
        let mut wares: Vec<Wares> = before.players().iter().map(|p| p.wares).collect();
        let mut paid = vec![0u32; before.player_count()];
        for event in events {
            match event {
                Event::FeatureScored { ware, amount, winners, .. } => {
                    for &w in winners {
                        *wares[w as usize].get_mut(*ware) += amount;
                    }
                }
                Event::ShipDelivered { player, ship, payment } => {
                    let demand = before.ships().get(*ship).demand;
                    prop_assert!(
                        demand.accepts(payment),
                        "`{action}`: payment {payment:?} for ship {ship:?} not accepted by its demand {demand}"
                    );
                    prop_assert_eq!(*player as usize, before.active_player());
                    prop_assert!(before.display().contains(ship), "delivered to ship {:?} not on display", ship);
                    prop_assert!(after.player(*player as usize).ships.contains(ship));
                    prop_assert!(!after.display().contains(ship));
                    match wares[*player as usize].checked_sub(payment) {
                        Some(left) => wares[*player as usize] = left,
                        None => {
                            return Err(TestCaseError::fail(format!(
                                "`{action}`: player {player} paid {payment:?} holding only {:?}",
                                wares[*player as usize]
                            )));
                        }
                    }
                    paid[*player as usize] += u32::from(payment.total());
                }
                _ => {}
            }
        }
        for p in 0..after.player_count() {
            let held = after.player(p).wares;
            prop_assert_eq!(held, wares[p], "player {} after `{}`: wares don't match the events", p, action);
            // Totals only go down through deliveries.
            let (was, now) = (u32::from(before.player(p).wares.total()), u32::from(held.total()));
            prop_assert!(now + paid[p] >= was, "player {p}'s wares went from {was} to {now} after `{action}` (paid {})", paid[p]);
        }
        Ok(())
    })?;
    Ok(())
}

fn check_replay(driver: Driver, seed: u64, players: usize, any_turn: bool, cut: usize) -> Result<(), TestCaseError> {
    let opts = options(any_turn);
    let mut prefix_state = None;
    let mut n = 0;
    let (game, actions) = play(driver, opts, players, seed, |_, _, _, after| {
        n += 1;
        if n == cut {
            prefix_state = Some(after.clone());
        }
        Ok(())
    })?;
    let json = serde_json::to_string(&actions).expect("actions serialise");
    let decoded: Vec<Action> = serde_json::from_str(&json).expect("actions deserialise");
    prop_assert_eq!(&decoded, &actions);

    let replayed = Game::replay(Setup::standard(opts, players, seed), &decoded)
        .map_err(|(i, e)| TestCaseError::fail(format!("replay refused action #{i}: {e}")))?;
    prop_assert_eq!(fingerprint(&replayed), fingerprint(&game));
    prop_assert_eq!(replayed.final_scores(), game.final_scores());

    // A game cut short replays to the same mid-game state too.
    if let Some(mid) = prefix_state {
        let replayed = Game::replay(Setup::standard(opts, players, seed), &decoded[..cut])
            .map_err(|(i, e)| TestCaseError::fail(format!("replay refused action #{i}: {e}")))?;
        prop_assert_eq!(fingerprint(&replayed), fingerprint(&mid), "state after {} actions differs", cut);
    }
    Ok(())
}

/// Actions that the rules forbid in `g`'s current state, of many kinds. Each one is checked
/// against the engine's own legality tests before use, so the list may over-generate.
fn illegal_candidates(g: &Game, rng: &mut Rng) -> Vec<Action> {
    let mut out = Vec::new();
    let placed = g.placed_tiles();
    let some_placed = placed[rng.below(placed.len())].pos;
    let rot = Rotation::ALL[rng.below(4)];
    let ships = g.ships().ships.len() as u8;
    let random_ship = ShipId(rng.below(ships as usize + 3) as u8);
    // Wrong-phase actions (each is legal in some other phase).
    out.push(Action::EndTurn);
    out.push(Action::SkipIslander);
    out.push(Action::PlaceTile { pos: some_placed, rotation: rot });
    out.push(Action::PlaceIslander { feature: 0 });
    out.push(Action::RetrieveIslander { pos: some_placed, feature: 0 });
    out.push(Action::ChooseShip { ship: random_ship });
    out.push(Action::Deliver { ship: random_ship });
    out.push(Action::Pay { payment: Wares::new(rng.below(4) as u16, rng.below(4) as u16, rng.below(4) as u16) });
    match g.phase() {
        Phase::PlaceTile => {
            // Far from every tile.
            out.push(Action::PlaceTile { pos: Pos::new(500 + rng.below(100) as i32, -500), rotation: rot });
            // Next to the board but with a wrong rotation, where there is one.
            for p in placed {
                for d in southseas_engine::Dir::ALL {
                    let pos = p.pos.step(d);
                    for r in Rotation::ALL {
                        if !g.is_legal_placement(pos, r) && g.tile_at(pos).is_none() && rng.below(8) == 0 {
                            out.push(Action::PlaceTile { pos, rotation: r });
                        }
                    }
                }
            }
        }
        Phase::Islander { pos } => {
            let features = g.tiles().get(g.tile_at(pos).expect("tile just placed").tile).features.len();
            out.push(Action::PlaceIslander { feature: features as u8 });
            out.push(Action::PlaceIslander { feature: features as u8 + rng.below(200) as u8 });
            out.push(Action::PlaceIslander { feature: u8::MAX });
            for f in 0..features as u8 {
                out.push(Action::PlaceIslander { feature: f }); // occupied or no supply: filtered below
            }
            out.push(Action::RetrieveIslander { pos: Pos::new(-300, 300), feature: 0 });
            for isl in g.islanders() {
                out.push(Action::RetrieveIslander { pos: isl.at.pos, feature: isl.at.feature });
                out.push(Action::RetrieveIslander { pos: isl.at.pos, feature: u8::MAX });
            }
        }
        Phase::MarketShip { .. } => {
            for s in 0..ships + 2 {
                out.push(Action::ChooseShip { ship: ShipId(s) });
            }
        }
        Phase::Deliver => {
            for s in 0..ships + 2 {
                out.push(Action::Deliver { ship: ShipId(s) });
            }
        }
        Phase::Payment { .. } => {
            out.push(Action::Pay { payment: Wares::new(999, 0, 0) });
            out.push(Action::Pay { payment: Wares::default() });
        }
        Phase::GameOver => {}
    }
    let legal = g.legal_actions();
    out.retain(|a| match (g.phase(), a) {
        // Placements: the engine accepts every rotation that fits, even one that looks like
        // another listed in legal_actions(), so judge by is_legal_placement.
        (Phase::PlaceTile, Action::PlaceTile { pos, rotation }) => !g.is_legal_placement(*pos, *rotation),
        _ => !legal.contains(a),
    });
    out
}

fn check_rejections(driver: Driver, seed: u64, players: usize, any_turn: bool) -> Result<(), TestCaseError> {
    let opts = options(any_turn);
    let mut game = Game::new(opts, players, seed).unwrap();
    let mut seats = seats(driver, players, seed);
    let mut rng = Rng::new(seed ^ 0x5eed_0fba_d0d0);
    let mut tried = 0;
    let mut steps = 0;
    loop {
        if rng.below(3) == 0 || game.is_over() {
            let candidates = illegal_candidates(&game, &mut rng);
            prop_assert!(!candidates.is_empty());
            let before = fingerprint(&game);
            for _ in 0..3 {
                let bad = candidates[rng.below(candidates.len())];
                let result = game.clone().apply(&bad);
                prop_assert!(
                    result.is_err(),
                    "illegal `{}` ({:?}) accepted in phase {:?} at step {}: {:?}",
                    bad,
                    bad,
                    game.phase(),
                    steps,
                    result
                );
                let result = game.apply(&bad);
                prop_assert!(result.is_err());
                prop_assert_eq!(&fingerprint(&game), &before, "refused `{}` changed the game", bad);
                tried += 1;
            }
        }
        let Some(p) = game.to_act() else { break };
        let action = seats[p].choose(&game).expect("game runs");
        game.apply(&action).map_err(|e| TestCaseError::fail(format!("step {steps} `{action}`: {e}")))?;
        steps += 1;
        prop_assert!(steps < MAX_ACTIONS);
    }
    prop_assert!(tried > 0);
    Ok(())
}

/// The players with the most islanders among `counts` (none when all are 0).
fn majority(counts: &[u8]) -> Vec<u8> {
    let max = counts.iter().copied().max().unwrap_or(0);
    if max == 0 {
        return Vec::new();
    }
    (0..counts.len() as u8).filter(|&p| counts[p as usize] == max).collect()
}

fn check_game_ends(driver: Driver, seed: u64, players: usize, any_turn: bool) -> Result<(), TestCaseError> {
    let mut game_over_events = 0;
    let (game, actions) = play(driver, options(any_turn), players, seed, |before, action, events, after| {
        // Follow the islanders through the events; at each evaluation, count them on the
        // evaluated feature (regions only ever merge, and only when a tile is placed, so the
        // partition of `after` is the one at the time of the evaluation).
        let mut islanders: Vec<(u8, FeatureRef)> = before.islanders().iter().map(|i| (i.player, i.at)).collect();
        let remove = |islanders: &mut Vec<(u8, FeatureRef)>, player: u8, at: FeatureRef| -> Result<(), TestCaseError> {
            let i = islanders.iter().position(|&(p, a)| p == player && a == at);
            let i = i.ok_or_else(|| TestCaseError::fail(format!("`{action}`: no islander of player {player} at {at:?} to take off")))?;
            islanders.remove(i);
            Ok(())
        };
        for event in events {
            match event {
                Event::IslanderPlaced { player, at, .. } => islanders.push((*player, *at)),
                Event::IslanderRetrieved { player, at, .. } | Event::IslanderReturned { player, at, .. } => {
                    remove(&mut islanders, *player, *at)?
                }
                Event::FeatureScored { at, winners, .. } => {
                    let mut counts = vec![0u8; after.player_count()];
                    for &(p, a) in &islanders {
                        if after.same_region(a, *at) {
                            counts[p as usize] += 1;
                        }
                    }
                    prop_assert!(!winners.is_empty(), "`{action}`: feature at {at:?} scored with no winner");
                    prop_assert_eq!(winners, &majority(&counts), "`{}`: winners of {:?} with islanders {:?}", action, at, counts);
                }
                Event::GameOver { scores, winners } => {
                    game_over_events += 1;
                    prop_assert_eq!(Some(scores.as_slice()), after.final_scores());
                    let best = scores.iter().map(|s| s.total).max().unwrap();
                    let expected: Vec<u8> = scores.iter().filter(|s| s.total == best).map(|s| s.player).collect();
                    prop_assert_eq!(winners, &expected);
                }
                _ => {}
            }
        }
        let mut expected: Vec<(u8, FeatureRef)> = after.islanders().iter().map(|i| (i.player, i.at)).collect();
        expected.sort();
        islanders.sort();
        prop_assert_eq!(islanders, expected, "`{}`: islanders on the board don't match the events", action);
        Ok(())
    })?;
    prop_assert!(actions.len() < MAX_ACTIONS);
    prop_assert_eq!(game_over_events, 1);
    let scores = game.final_scores().expect("final scores once over");
    prop_assert_eq!(scores.len(), players);
    for s in scores {
        prop_assert_eq!(s.total, s.ship_points + s.wares / 3);
    }
    // The game ended for one of the two reasons.
    prop_assert!(game.stack_size() == 0 || (game.display().is_empty() && game.ship_stack_size() == 0));
    // Nothing is accepted any more.
    prop_assert!(game.clone().apply(&Action::EndTurn).is_err());
    Ok(())
}

/// Identifies what a rotated tile looks like: its features with ports turned, symbols, fish and
/// boat, in a canonical order. Two rotations look identical when their signatures are equal.
fn signature(kind: &TileKind, rot: Rotation) -> Vec<(String, u16, u16, Vec<u8>, bool)> {
    let mut sig: Vec<_> = kind
        .features
        .iter()
        .map(|f| {
            let ports =
                (0..12u8).filter(|p| f.ports & (1 << p) != 0).map(|p| (p + 3 * rot.quarter_turns()) % 12).fold(0u16, |m, p| m | 1 << p);
            let mut fish = f.fish.clone();
            fish.sort();
            (format!("{:?}", f.kind), ports, f.symbols, fish, f.boat)
        })
        .collect();
    sig.sort();
    sig
}

fn check_placements_brute_force(g: &Game) -> Result<(), TestCaseError> {
    let Some(tile) = g.drawn_tile() else { return Ok(()) };
    let kind = g.tiles().get(tile);
    let listed = g.legal_placements();
    prop_assert!(!listed.is_empty(), "a drawn tile always has a placement");

    let mut streamed = Vec::new();
    g.for_each_placement(|p, r| {
        streamed.push((p, r));
        true
    });
    // The stream comes in the board's own order; the list is sorted for display.
    streamed.sort_by_key(|(p, r)| (p.y, p.x, *r));
    prop_assert_eq!(&streamed, &listed);

    // Reading order, no duplicates.
    let keys: Vec<_> = listed.iter().map(|(p, r)| (p.y, p.x, r.quarter_turns())).collect();
    prop_assert!(keys.windows(2).all(|w| w[0] < w[1]), "not in reading order: {:?}", listed);

    // Brute force over the bounding box of the board, one square wider than needed.
    let xs = g.placed_tiles().iter().map(|t| t.pos.x);
    let ys = g.placed_tiles().iter().map(|t| t.pos.y);
    let (x0, x1) = (xs.clone().min().unwrap() - 2, xs.max().unwrap() + 2);
    let (y0, y1) = (ys.clone().min().unwrap() - 2, ys.max().unwrap() + 2);
    let mut brute = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            for r in Rotation::ALL {
                if g.is_legal_placement(Pos::new(x, y), r) {
                    brute.push((Pos::new(x, y), r));
                }
            }
        }
    }
    // Every listed placement is legal.
    for l in &listed {
        prop_assert!(brute.contains(l), "listed placement {:?} is not legal", l);
    }
    // Every legal placement is listed once, up to rotations that look identical.
    for &(pos, r) in &brute {
        let same: Vec<_> = listed.iter().filter(|&&(p, lr)| p == pos && signature(kind, lr) == signature(kind, r)).collect();
        prop_assert_eq!(
            same.len(),
            1,
            "legal {:?} turned {}° of tile {} is listed {} times: {:?}",
            pos,
            r.degrees(),
            kind.name,
            same.len(),
            listed
        );
    }
    // Listed rotations are the representatives the tile declares.
    for (_, r) in &listed {
        prop_assert!(kind.distinct_rotations.contains(r));
    }
    // Placement checks outside the box agree (nothing can touch the board there).
    for r in Rotation::ALL {
        prop_assert!(!g.is_legal_placement(Pos::new(x1 + 5, y0), r));
        prop_assert!(!g.is_legal_placement(Pos::new(x0 - 40, y1 + 40), r));
    }
    Ok(())
}

fn check_legal_placements(seed: u64, players: usize, any_turn: bool, every: usize) -> Result<(), TestCaseError> {
    let mut checked = 0;
    let start = Game::new(options(any_turn), players, seed).unwrap();
    check_placements_brute_force(&start)?;
    play(Driver::Random, options(any_turn), players, seed, |_, _, _, after| {
        if after.phase() == Phase::PlaceTile && (after.turn() as usize).is_multiple_of(every) {
            check_placements_brute_force(after)?;
            checked += 1;
        }
        Ok(())
    })?;
    prop_assert!(checked > 0);
    Ok(())
}

/// Runs `$check` for random games played by each driver.
macro_rules! game_property {
    ($name:ident, $random_cases:expr, $greedy_cases:expr, $merchant_cases:expr, $check:expr) => {
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(config($random_cases))]
                #[test]
                fn random((seed, players, any_turn) in game_inputs()) {
                    $check(Driver::Random, seed, players, any_turn).map_err(|e| describe(e, Driver::Random, seed, players, any_turn))?;
                }
            }
            proptest! {
                #![proptest_config(config($greedy_cases))]
                #[test]
                fn greedy((seed, players, any_turn) in game_inputs()) {
                    $check(Driver::Greedy, seed, players, any_turn).map_err(|e| describe(e, Driver::Greedy, seed, players, any_turn))?;
                }
            }
            proptest! {
                #![proptest_config(config($merchant_cases))]
                #[test]
                fn merchant((seed, players, any_turn) in game_inputs()) {
                    $check(Driver::Merchant, seed, players, any_turn).map_err(|e| describe(e, Driver::Merchant, seed, players, any_turn))?;
                }
            }
        }
    };
}

/// Adds the inputs of a failing game to its message, in the form of a repro.
fn describe(e: TestCaseError, driver: Driver, seed: u64, players: usize, any_turn: bool) -> TestCaseError {
    let rule = options(any_turn).retrieve.name();
    TestCaseError::fail(format!(
        "{e}\n  repro: Game::new(Options {{ retrieve: {rule} }}, {players} players, seed {seed}), one {} per seat seeded seed*31+seat+1",
        driver.name()
    ))
}

game_property!(random_legal_games_never_panic, 32, 2, 12, check_never_panics);
game_property!(islanders_are_conserved, 24, 1, 12, check_islanders);
game_property!(every_tile_is_placed_discarded_or_in_stack, 24, 1, 12, check_tiles);
game_property!(wares_never_negative_and_payments_match_demands, 24, 2, 12, check_wares);
game_property!(rejected_actions_change_nothing, 12, 1, 8, check_rejections);
game_property!(game_always_ends, 24, 2, 12, check_game_ends);

mod replay_reproduces_the_state {
    use super::*;
    proptest! {
        #![proptest_config(config(16))]
        #[test]
        fn random((seed, players, any_turn) in game_inputs(), cut in 1usize..200) {
            check_replay(Driver::Random, seed, players, any_turn, cut).map_err(|e| describe(e, Driver::Random, seed, players, any_turn))?;
        }
    }
    proptest! {
        #![proptest_config(config(2))]
        #[test]
        fn greedy((seed, players, any_turn) in game_inputs(), cut in 1usize..200) {
            check_replay(Driver::Greedy, seed, players, any_turn, cut).map_err(|e| describe(e, Driver::Greedy, seed, players, any_turn))?;
        }
    }
    proptest! {
        #![proptest_config(config(8))]
        #[test]
        fn merchant((seed, players, any_turn) in game_inputs(), cut in 1usize..200) {
            check_replay(Driver::Merchant, seed, players, any_turn, cut).map_err(|e| describe(e, Driver::Merchant, seed, players, any_turn))?;
        }
    }
}

proptest! {
    #![proptest_config(config(12))]
    #[test]
    fn legal_placements_are_exactly_the_fitting_ones((seed, players, any_turn) in game_inputs(), every in 1usize..6) {
        check_legal_placements(seed, players, any_turn, every).map_err(|e| describe(e, Driver::Random, seed, players, any_turn))?;
    }
}

// ----- extreme coordinates ---------------------------------------------------------------------
//
// Positions come from players (the text form `place X Y` parses any i32). Squares at the edge of
// i32 are as unreachable as any other far square and must be refused, not panic (debug builds
// used to panic with an add overflow in `Board::index`). They are kept out of
// `rejected_actions_change_nothing` so that its random search stays meaningful.

#[test]
fn placement_at_extreme_coordinates_is_rejected() {
    let mut game = Game::new(Options::default(), 3, 7).unwrap();
    let before = fingerprint(&game);
    for pos in [Pos::new(i32::MAX, 0), Pos::new(0, i32::MIN), Pos::new(i32::MIN, i32::MAX)] {
        for rotation in Rotation::ALL {
            assert!(!game.is_legal_placement(pos, rotation));
            assert!(game.apply(&Action::PlaceTile { pos, rotation }).is_err());
        }
    }
    assert_eq!(fingerprint(&game), before);
}

#[test]
fn retrieve_at_extreme_coordinates_is_rejected() {
    let opts = Options { retrieve: RetrieveRule::AnyTurn };
    let mut game = Game::new(opts, 2, 7).unwrap();
    let (pos, rotation) = game.legal_placements()[0];
    game.apply(&Action::PlaceTile { pos, rotation }).unwrap();
    assert!(matches!(game.phase(), Phase::Islander { .. }), "any-turn always offers a choice");
    let before = fingerprint(&game);
    for pos in [Pos::new(i32::MAX, 0), Pos::new(0, i32::MIN)] {
        assert!(game.apply(&Action::RetrieveIslander { pos, feature: 0 }).is_err());
    }
    assert_eq!(fingerprint(&game), before);
}

// ----- coverage of the properties ----------------------------------------------------------------

/// The games the properties play reach every phase and every kind of action and event, so that
/// the checks above are not vacuous (a payment check that never sees a delivery proves nothing).
#[test]
fn property_games_reach_every_phase_and_event() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let games = (0..200u64).map(|s| (Driver::Random, s)).chain((0..10u64).map(|s| (Driver::Merchant, s)));
    for (driver, seed) in games {
        let players = 2 + seed as usize % 4;
        let mut game = Game::new(options(seed % 2 == 0), players, seed).unwrap();
        let mut seats = seats(driver, players, seed);
        let mut this_game = BTreeSet::new();
        while let Some(p) = game.to_act() {
            this_game.insert(format!("phase {}", format!("{:?}", game.phase()).split([' ', '{']).next().unwrap()));
            let action = seats[p].choose(&game).unwrap();
            this_game.insert(format!("action {}", action.to_string().split(' ').next().unwrap()));
            for e in game.apply(&action).unwrap() {
                let name = match &e {
                    Event::FeatureScored { reason, .. } => format!("scored {reason:?}"),
                    other => format!("{other:?}").split([' ', '{']).next().unwrap().to_string(),
                };
                this_game.insert(format!("event {name}"));
            }
        }
        for k in this_game {
            *seen.entry(format!("{k} ({driver:?})")).or_default() += 1;
            *seen.entry(k).or_default() += 1;
        }
    }
    for wanted in [
        "phase PlaceTile",
        "phase Islander",
        "phase MarketShip",
        "phase Deliver",
        "phase Payment",
        "action place",
        "action islander",
        "action retrieve",
        "action skip",
        "action choose",
        "action deliver",
        "action pay",
        "action end",
        "event scored Completed",
        "event scored FishingBoat",
        "event scored GameEnd",
        "event FishCovered",
        "event IslanderRetrieved",
        "event IslanderReturned",
        "event ShipTakenByMarket",
        "event ShipDelivered",
        "event ShipRevealed",
        "event TileDiscarded",
        "event GameOver",
    ] {
        assert!(seen.contains_key(wanted), "no `{wanted}` in the sample games; games per item: {seen:#?}");
    }
}
