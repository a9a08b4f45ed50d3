//! Engine benchmarks: whole simulated games, replays without the bots, and the cost of one turn
//! early and late in a game (a turn late in the game should cost about what it costs early on:
//! the engine works on dense arrays whose size is fixed by the map, not by the game's progress).
//!
//! `cargo bench` (about a minute). Games use the New Shores map with 4 players.
//!
//! - `games/greedy_game_4p`: a whole game of greedy bots, to the target (or the cap).
//! - `games/random_100_turns_4p`: random bots for 100 turns (random play rarely reaches a target).
//! - `games/replay_greedy_game_4p`: the same kind of greedy games replayed from their recorded
//!   actions: the engine's own share (setup + `apply`), without the bots' choices.
//! - `turn_cost_turn8` / `turn_cost_turn80`: one whole turn of a greedy game (all actions until
//!   the next turn starts), from a snapshot cloned outside the timing, in batches of 64.
//! - `legal_actions_turn8` / `legal_actions_turn80`: the active player's legal actions right
//!   after the roll in the same two snapshots.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use seafarers_engine::{Action, Bot, Event, Game, Options, Setup, Strategy, scenarios};
use std::hint::black_box;
use std::time::Duration;

const SCENARIO: &str = "new-shores";

fn bots(strategy: Strategy, seed: u64) -> Vec<Bot> {
    (0..4).map(|p| Bot::new(strategy, seed * 8 + p)).collect()
}

/// Plays until the game ends or `turns` turns have started.
fn play(game: &mut Game, bots: &mut [Bot], turns: u32, log: Option<&mut Vec<(u8, Action)>>) {
    let mut events = Vec::new();
    let mut log = log;
    while !game.is_over() && game.turn() <= turns {
        let p = game.to_act()[0];
        let action = bots[p].choose(game, p).expect("bots always have an action");
        events.clear();
        game.apply_into(p, &action, &mut events).expect("bots choose legal actions");
        if let Some(log) = log.as_deref_mut() {
            log.push((p as u8, action));
        }
    }
}

fn new_game(seed: u64) -> Game {
    Game::new(scenarios::by_id(SCENARIO).unwrap(), 4, seed, Options::default()).expect("4 players")
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("greedy_game_4p", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = new_game(seed);
            let mut bots = bots(Strategy::Greedy, seed);
            play(&mut game, &mut bots, 1000, None);
            black_box(game.winner())
        })
    });
    let mut seed = 0u64;
    group.bench_function("random_100_turns_4p", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = new_game(seed);
            let mut bots = bots(Strategy::Random, seed);
            play(&mut game, &mut bots, 100, None);
            black_box(game.turn())
        })
    });
    let recorded: Vec<(u64, Vec<(u8, Action)>)> = (1..=32u64)
        .map(|seed| {
            let mut game = new_game(seed);
            let mut bots = bots(Strategy::Greedy, seed);
            let mut log = Vec::new();
            play(&mut game, &mut bots, 1000, Some(&mut log));
            (seed, log)
        })
        .collect();
    let mut next = 0;
    group.bench_function("replay_greedy_game_4p", |b| {
        b.iter(|| {
            let (seed, actions) = &recorded[next % recorded.len()];
            next += 1;
            let setup = Setup::new(scenarios::by_id(SCENARIO).unwrap(), 4, *seed, Options::default()).unwrap();
            let game = Game::replay(setup, actions).expect("recorded actions replay");
            black_box(game.winner())
        })
    });
    group.finish();
}

/// Snapshots (game, bots) at the start of turns 8 and 80 of one seeded greedy game.
fn turn_snapshots() -> ((Game, Vec<Bot>), (Game, Vec<Bot>)) {
    for seed in 1.. {
        let mut game = new_game(seed);
        let mut bs = bots(Strategy::Greedy, seed);
        let (mut early, mut late) = (None, None);
        while !game.is_over() {
            if game.phase() == seafarers_engine::Phase::Roll {
                match game.turn() {
                    8 if early.is_none() => early = Some((game.clone(), bs.clone())),
                    80 if late.is_none() => late = Some((game.clone(), bs.clone())),
                    _ => {}
                }
            }
            let p = game.to_act()[0];
            let action = bs[p].choose(&game, p).unwrap();
            game.apply(p, &action).unwrap();
        }
        if let (Some(e), Some(l)) = (early, late) {
            return (e, l);
        }
    }
    unreachable!()
}

/// One whole turn: every action until the next turn starts (or the game ends).
fn play_turn(game: &mut Game, bots: &mut [Bot]) -> usize {
    let mut n = 0;
    while !game.is_over() {
        let p = game.to_act()[0];
        let action = bots[p].choose(game, p).unwrap();
        let events = game.apply(p, &action).unwrap();
        n += 1;
        if events.iter().any(|e| matches!(e, Event::TurnStarted { .. } | Event::GameOver { .. })) {
            break;
        }
    }
    n
}

fn turn_cost(c: &mut Criterion) {
    let ((early, early_bots), (late, late_bots)) = turn_snapshots();
    // Move generation after the roll (the engine's dominant cost per decision).
    for (name, game) in [("legal_actions_turn8", &early), ("legal_actions_turn80", &late)] {
        let mut g = game.clone();
        let p = g.active_player();
        g.apply(p, &Action::Roll).unwrap();
        let n = g.legal_actions(p).len();
        eprintln!("{name}: after the roll, phase {:?}, {n} legal actions", g.phase());
        c.bench_function(name, |b| b.iter(|| black_box(&g).legal_actions(p).len()));
    }
    for (name, game, bots) in [("turn_cost_turn8", &early, &early_bots), ("turn_cost_turn80", &late, &late_bots)] {
        let mut g = game.clone();
        let mut b = bots.clone();
        let actions = play_turn(&mut g, &mut b);
        let pieces: usize = game.buildings().len() + game.routes().len();
        eprintln!("{name}: {pieces} pieces on the board, {actions} actions in the measured turn");
        c.bench_function(name, |bench| {
            bench.iter_batched(
                || (game.clone(), bots.clone()),
                |(mut g, mut b)| {
                    play_turn(&mut g, &mut b);
                    g
                },
                BatchSize::NumIterations(64),
            )
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3)).sample_size(20);
    targets = games, turn_cost
}
criterion_main!(benches);
