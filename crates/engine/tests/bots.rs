//! The computer players' strengths: they play only legal moves, finish whole games, choose the
//! same move from the same game and seed, and the searching player never uses the true order of
//! the hidden stacks. Fast in debug builds: the search runs on a small playout budget here.

use southseas_engine::*;

/// The search on a budget a debug build plays quickly; the default budget only changes how long
/// it thinks, not what it may know.
const SMALL_HARD: Strategy = Strategy::Search(Budget { playouts: 24, time: None });

fn strategies() -> [Strategy; 3] {
    [Strength::Easy.strategy(), Strength::Medium.strategy(), SMALL_HARD]
}

#[test]
fn every_strength_plays_legal_moves_to_the_end_for_2_to_5_players() {
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        let seed = 40 + players as u64;
        let mut game = Game::new(Options::default(), players, seed).unwrap();
        // Every strength sits at the table, each seat in turn.
        let mut bots: Vec<Bot> = (0..players).map(|p| Bot::new(strategies()[(p + players) % 3], seed * 10 + p as u64)).collect();
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            let action = bots[seat].choose(&game).expect("a move while the game runs");
            assert!(game.legal_actions().contains(&action), "{} chose {action:?}, not legal in {:?}", bots[seat].strategy(), game.phase());
            game.apply(&action).expect("legal");
            moves += 1;
            assert!(moves < 2000, "the game ends");
        }
        assert!(game.final_scores().is_some());
        assert_eq!(bots[0].choose(&game), None, "no move after the game");
    }
}

#[test]
fn each_strength_finishes_games_on_its_own_and_the_any_turn_rule() {
    for (i, strategy) in strategies().into_iter().enumerate() {
        let players = 2 + i;
        let options = Options { retrieve: RetrieveRule::AnyTurn };
        let mut game = Game::new(options, players, 7 + i as u64).unwrap();
        let mut bots: Vec<Bot> = (0..players).map(|p| Bot::new(strategy, p as u64)).collect();
        while let Some(seat) = game.to_act() {
            let action = bots[seat].choose(&game).unwrap();
            game.apply(&action).unwrap_or_else(|e| panic!("{strategy} chose {action:?}: {e}"));
        }
    }
}

/// A game a few turns in, played by the medium player, so that every step has come up.
fn midgame(players: usize, seed: u64, actions: usize) -> (Setup, Vec<Action>, Game) {
    let setup = Setup::standard(Options::default(), players, seed);
    let mut game = Game::from_setup(setup.clone()).unwrap();
    let mut bot = Bot::new(Strength::Medium, seed);
    let mut log = Vec::new();
    while log.len() < actions {
        let action = bot.choose(&game).expect("game not over yet");
        game.apply(&action).unwrap();
        log.push(action);
    }
    (setup, log, game)
}

#[test]
fn same_game_and_seed_give_the_same_move() {
    for (players, actions) in [(2, 0), (3, 9), (4, 31), (5, 60)] {
        let (_, _, game) = midgame(players, 3, actions);
        for strategy in strategies() {
            for seed in 0..3 {
                let a = Bot::new(strategy, seed).choose(&game);
                let b = Bot::new(strategy, seed).choose(&game);
                assert_eq!(a, b, "{strategy}, {players} players, after {actions} actions, seed {seed}");
            }
        }
    }
}

/// The same game with the not yet drawn tiles and the face-down ships in another order: what
/// every player sees is the same, what comes next is not.
fn with_other_hidden_order(setup: &Setup, log: &[Action], game: &Game) -> Game {
    let drawn = game.placed_tiles().len() - 1 + game.discarded().len() + usize::from(game.drawn_tile().is_some());
    let taken = setup.ship_order.len() - game.ship_stack_size();
    let mut other = setup.clone();
    other.deck[drawn..].reverse();
    other.deck[drawn..].rotate_left(1);
    other.ship_order[taken..].reverse();
    let replayed = Game::replay(other.clone(), log).expect("the same moves are legal: nothing hidden was used yet");
    assert_ne!(other.deck, setup.deck, "the test needs a different hidden order");
    assert_eq!(replayed.drawn_tile(), game.drawn_tile());
    assert_eq!(replayed.display(), game.display());
    assert_eq!(replayed.scores(), game.scores());
    assert_eq!(replayed.remaining_tiles(), game.remaining_tiles());
    replayed
}

#[test]
fn the_search_does_not_use_the_hidden_order() {
    for (players, actions) in [(2, 0), (2, 12), (3, 25), (4, 40)] {
        let (setup, log, game) = midgame(players, 11, actions);
        let other = with_other_hidden_order(&setup, &log, &game);
        for seed in 0..4 {
            let strategy = Strategy::Search(Budget { playouts: 60, time: None });
            assert_eq!(
                Bot::new(strategy, seed).choose(&game),
                Bot::new(strategy, seed).choose(&other),
                "{players} players, after {actions} actions, seed {seed}"
            );
        }
    }
}

#[test]
fn shuffle_hidden_depends_on_what_is_left_not_on_its_order() {
    let (setup, log, game) = midgame(3, 5, 20);
    let other = with_other_hidden_order(&setup, &log, &game);
    // Play both on after the same re-deal: every draw and every refilled ship is the same.
    let (mut a, mut b) = (game.clone(), other.clone());
    a.shuffle_hidden(&mut Rng::new(77));
    b.shuffle_hidden(&mut Rng::new(77));
    assert_eq!((a.drawn_tile(), a.display()), (game.drawn_tile(), game.display()), "what is seen stays");
    assert_eq!(a.remaining_tiles(), game.remaining_tiles());
    assert_eq!(a.ship_stack_size(), game.ship_stack_size());
    let mut bot = Bot::new(Strength::Medium, 1);
    while a.to_act().is_some() {
        let action = bot.choose(&a).unwrap();
        a.apply(&action).unwrap();
        b.apply(&action).expect("the same deal");
        assert_eq!((a.drawn_tile(), a.display()), (b.drawn_tile(), b.display()));
    }
    // And the re-deal is a real one: another generator deals another future.
    let mut c = game.clone();
    c.shuffle_hidden(&mut Rng::new(78));
    let mut d = game.clone();
    d.shuffle_hidden(&mut Rng::new(77));
    let draws = |g: &mut Game| {
        let mut bot = Bot::new(Strength::Medium, 1);
        let mut seen = Vec::new();
        while g.to_act().is_some() {
            let action = bot.choose(g).unwrap();
            g.apply(&action).unwrap();
            seen.push(g.drawn_tile());
        }
        seen
    };
    assert_ne!(draws(&mut c), draws(&mut d));
}

#[test]
fn strengths_and_strategies_have_names() {
    for strength in Strength::ALL {
        assert_eq!(strength.to_string().parse::<Strength>(), Ok(strength));
        assert_eq!(strength.to_string().parse::<Strategy>(), Ok(strength.strategy()));
        assert_eq!(strength.strategy().to_string(), strength.to_string());
    }
    assert_eq!("random".parse::<Strategy>(), Ok(Strategy::Random));
    assert_eq!("greedy".parse::<Strategy>(), Ok(Strategy::Greedy));
    assert_eq!("hard:50".parse::<Strategy>(), Ok(Strategy::Search(Budget { playouts: 50, time: None })));
    assert_eq!("hard:50".parse::<Strategy>().unwrap().to_string(), "hard:50");
    assert!("hard:0".parse::<Strategy>().is_err());
    assert!("expert".parse::<Strength>().unwrap_err().contains("easy, medium or hard"));
}
