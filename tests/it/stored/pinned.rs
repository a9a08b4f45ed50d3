//! Games pinned by their seed and actions, to reach states that random play seldom meets: a
//! market's ship chosen by a player other than the active one, a ship paid in more ways than one
//! menu holds. The service and the end-to-end tests play them.

use southseas_engine::{Action, Bot, Game, Options, Setup, Strategy, record};

/// A two-player game pinned by its seed and its actions, found by a search over bot games
/// (`find_the_pinned_games`): the state a test needs, reached by the players' own steps on the
/// current ruleset, as in any game.
pub struct Pinned {
    pub seed: u64,
    /// The actions as stored (`record::encode_action`), by commas; a line per turn.
    pub stored: &'static str,
}

/// Seed 733, greedy bots: on turn 13, seat 1's tile at (2, 1) closes the market at (1, 1), where
/// seat 0 has its merchant; the display holds two 6-point ships, S04 and S05, with different
/// demands (and a 5 and a 2).
pub const MARKET_FOR_ANOTHER: Pinned = Pinned {
    seed: 733,
    stored: "
         1:place 0 1 0, 1:islander 0,
         1:place 0 2 180, 1:skip,
         1:place 1 0 0, 1:islander 0,
         1:place 2 0 180, 1:islander 1,
         1:place -1 2 0, 1:islander 0,
         1:place 1 1 0, 1:islander 1, 1:deliver 12,
         1:place -1 1 180, 1:islander 3,
         1:place 1 2 270, 1:islander 0,
         1:place -2 1 270, 1:islander 2, 1:deliver 13, 1:pay 0 0 5,
         1:place 0 3 0, 1:islander 1,
         1:place 2 2 180, 1:islander 0, 1:deliver 22,
         1:place 2 3 270, 1:islander 3,
         1:place 2 1 0, 1:islander 1",
};

/// Seed 3892, greedy bots that deliver only a ship paid in more ways than one menu holds: the
/// last step delivers to ship S15 (any 6 wares), which seat 0, holding 6 shells, 5 bananas and
/// 5 fish, can pay in 26 ways.
pub const MANY_WAYS_TO_PAY: Pinned = Pinned {
    seed: 3892,
    stored: "
         1:place 0 -1 0, 1:islander 1,
         1:place 1 0 270, 1:islander 0,
         1:place 2 0 270, 1:islander 0,
         1:place 2 -1 0, 1:islander 0, 1:end,
         1:place -1 -1 90, 1:islander 0,
         1:place -1 0 90, 1:islander 1, 1:end,
         1:place 0 -2 180, 1:islander 1,
         1:place -1 1 180, 1:islander 0, 1:end,
         1:place 1 -2 0,
         1:place -2 -1 180, 1:islander 5, 1:end,
         1:place 2 -2 0, 1:islander 2,
         1:place 1 1 0, 1:islander 3, 1:deliver 14",
};

/// Finds the pinned games again (when a new ruleset changes what a seed deals): over two-player
/// games of bots, the shortest action list that reaches each state, printed as stored.
#[test]
#[ignore = "a search, not a test: run it by hand when the pinned games no longer apply"]
fn find_the_pinned_games() {
    use southseas_engine::Phase;
    type Reached = fn(&Game) -> bool;
    let market: Reached = |g| matches!(g.phase(), Phase::MarketShip { player } if player as usize != g.active_player());
    let payments: Reached = |g| matches!(g.phase(), Phase::Payment { .. }) && g.legal_actions().len() > 25;
    for (name, reached, hoard) in [("MARKET_FOR_ANOTHER", market, false), ("MANY_WAYS_TO_PAY", payments, true)] {
        let mut best: Option<(u64, Vec<Action>)> = None;
        for seed in 0..4000u64 {
            let strategy = [Strategy::Random, Strategy::Greedy, Strategy::Casual][seed as usize % 3];
            let mut bots = [Bot::new(strategy, seed * 10), Bot::new(strategy, seed * 10 + 1)];
            let mut game = Game::from_setup(Setup::standard(Options::default(), 2, seed)).unwrap();
            let mut log = Vec::new();
            while let Some(seat) = game.to_act() {
                if best.as_ref().is_some_and(|(_, b)| log.len() >= b.len()) {
                    break;
                }
                if reached(&game) {
                    best = Some((seed, log.clone()));
                    break;
                }
                let mut action = bots[seat].choose(&game).unwrap();
                // Hoarding: deliver only a ship paid in more ways than one menu holds.
                if hoard && matches!(action, Action::Deliver { .. }) {
                    let most = game.deliverable_ships().into_iter().max_by_key(|&s| game.payment_options(s).len());
                    let many = most.filter(|&s| game.payment_options(s).len() > 25);
                    action = many.map_or(Action::EndTurn, |ship| Action::Deliver { ship });
                }
                game.apply(&action).unwrap();
                log.push(action);
            }
        }
        let (seed, log) = best.expect("some game reaches the state");
        let stored: Vec<String> = log.iter().map(record::encode_action).collect();
        println!("{name}: seed {seed}, actions \"{}\"", stored.join(", "));
    }
}

impl Pinned {
    /// The actions, decoded.
    pub fn actions(&self) -> Vec<Action> {
        self.stored.split(',').map(|a| record::decode_action(a.trim()).unwrap_or_else(|e| panic!("{e}"))).collect()
    }
}
