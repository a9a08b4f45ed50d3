//! Engine benchmarks: whole simulated games, move generation on a full board, and the cost of one
//! turn early and late in a game (the board keeps features incrementally, so a turn late in the
//! game should cost about what it costs early on).
//!
//! `cargo bench -p southseas-engine` (about a minute). Targets: a random 5-player game in
//! ≤ 50 µs (≥ 20,000 games/s on one core); turn 70 ≤ 1.5 × turn 5. `games/replay_game_5p`
//! replays recorded random games without the bot, to tell the engine's share from the bot's.
//!
//! The turn benchmarks clone the state before each measured turn (outside the timing), in batches
//! of 64: criterion's `SmallInput` batches run to thousands of clones, and thousands of turn-70
//! states (several KB each) no longer fit in the caches, which made turn 70 look several times dearer
//! than it is in a game. A cloned `Vec` also has no spare capacity, so the first push of each
//! (placed tiles, features, frontier) reallocates and copies it inside the measured turn, a cost
//! that grows with the board and that a game played without clones pays only now and then.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use southseas_engine::{Action, Bot, Event, Game, Options, Phase, Setup, Strategy};
use std::hint::black_box;
use std::time::Duration;

/// Plays a game to its end with one bot choosing for every seat.
fn play_out(game: &mut Game, bot: &mut Bot) {
    // One event buffer for the whole game, as a simulation would do.
    let mut events = Vec::new();
    while let Some(action) = bot.choose(game) {
        events.clear();
        game.apply_into(&action, &mut events).expect("bots choose legal actions");
    }
}

fn random_game_5p(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("random_game_5p", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Game::new(Options::default(), 5, seed).expect("5 players");
            let mut bot = Bot::new(Strategy::Random, seed);
            play_out(&mut game, &mut bot);
            black_box(game.final_scores().map(|s| s[0].total))
        })
    });
    // The engine's share of a random game: the same kind of games replayed from their recorded
    // actions, without the bot's choices (setup + `apply` only).
    let recorded: Vec<(u64, Vec<Action>)> = (1..=64u64)
        .map(|seed| {
            let mut game = Game::new(Options::default(), 5, seed).expect("5 players");
            let mut bot = Bot::new(Strategy::Random, seed);
            let mut actions = Vec::new();
            while let Some(action) = bot.choose(&game) {
                game.apply(&action).expect("legal");
                actions.push(action);
            }
            (seed, actions)
        })
        .collect();
    let mut next = 0;
    group.bench_function("replay_game_5p", |b| {
        b.iter(|| {
            let (seed, actions) = &recorded[next % recorded.len()];
            next += 1;
            let game = Game::replay(Setup::standard(Options::default(), 5, *seed), actions).expect("recorded actions replay");
            black_box(game.final_scores().map(|s| s[0].total))
        })
    });
    let mut seed = 0u64;
    group.bench_function("greedy_game_3p", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Game::new(Options::default(), 3, seed).expect("3 players");
            let mut bot = Bot::new(Strategy::Greedy, seed);
            play_out(&mut game, &mut bot);
            black_box(game.final_scores().map(|s| s[0].total))
        })
    });
    group.finish();
}

/// A seeded random game played until the last tile of the stack is drawn, waiting for its
/// placement: the largest board move generation ever sees.
fn endgame_state() -> Game {
    for seed in 1.. {
        let mut game = Game::new(Options::default(), 4, seed).expect("4 players");
        let mut bot = Bot::new(Strategy::Random, seed);
        while !(game.is_over() || (game.stack_size() == 1 && game.phase() == Phase::PlaceTile)) {
            let action = bot.choose(&game).expect("game runs");
            game.apply(&action).expect("legal");
        }
        if !game.is_over() {
            return game;
        }
    }
    unreachable!()
}

fn legal_placements_endgame(c: &mut Criterion) {
    let game = endgame_state();
    eprintln!(
        "legal_placements_endgame: {} tiles on the board, {} placements for the last tile",
        game.placed_tiles().len(),
        game.legal_placements().len()
    );
    c.bench_function("legal_placements_endgame", |b| b.iter(|| black_box(&game).legal_placements()));
}

/// Snapshots (game, bot) at the start of turns 5 and 70 of one seeded random game: the drawn
/// tile waits for its placement and the bot's generator is where it was in the game.
fn turn_snapshots() -> ((Game, Bot), (Game, Bot)) {
    for seed in 1.. {
        let mut game = Game::new(Options::default(), 3, seed).expect("3 players");
        let mut bot = Bot::new(Strategy::Random, seed);
        let (mut early, mut late) = (None, None);
        while !game.is_over() {
            if game.phase() == Phase::PlaceTile {
                match game.turn() {
                    5 if early.is_none() => early = Some((game.clone(), bot.clone())),
                    // Turn 70 with tiles still to come, so that the turn ends with a new turn.
                    70 if late.is_none() && game.stack_size() > 0 => late = Some((game.clone(), bot.clone())),
                    _ => {}
                }
            }
            let action = bot.choose(&game).expect("game runs");
            game.apply(&action).expect("legal");
        }
        if let (Some(e), Some(l)) = (early, late) {
            return (e, l);
        }
    }
    unreachable!()
}

/// One whole turn: the bot's placement, islander step, market choices and delivery, until the
/// next turn starts (or the game ends).
fn play_turn(game: &mut Game, bot: &mut Bot) {
    loop {
        let Some(action) = bot.choose(game) else { return };
        let events = game.apply(&action).expect("legal");
        if events.iter().any(|e| matches!(e, Event::TurnStarted { .. } | Event::GameOver { .. })) {
            return;
        }
    }
}

fn turn_cost(c: &mut Criterion) {
    let ((early, early_bot), (late, late_bot)) = turn_snapshots();
    for (name, game, bot) in [("turn_cost_turn5", &early, &early_bot), ("turn_cost_turn70", &late, &late_bot)] {
        c.bench_function(name, |b| {
            b.iter_batched(
                || (game.clone(), bot.clone()),
                |(mut g, mut bot)| {
                    play_turn(&mut g, &mut bot);
                    g
                },
                BatchSize::NumIterations(64),
            )
        });
    }
    // What the measured turns consist of, for reading the figures.
    for (name, game, bot) in [("turn 5", &early, &early_bot), ("turn 70", &late, &late_bot)] {
        let (mut g, mut bot) = (game.clone(), bot.clone());
        let mut actions: Vec<Action> = Vec::new();
        while let Some(action) = bot.choose(&g) {
            actions.push(action);
            let events = g.apply(&action).expect("legal");
            if events.iter().any(|e| matches!(e, Event::TurnStarted { .. } | Event::GameOver { .. })) {
                break;
            }
        }
        let shown: Vec<String> = actions.iter().map(ToString::to_string).collect();
        eprintln!("{name}: {} tiles on the board, actions [{}]", game.placed_tiles().len(), shown.join("; "));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3)).sample_size(20);
    targets = random_game_5p, legal_placements_endgame, turn_cost
}
criterion_main!(benches);
