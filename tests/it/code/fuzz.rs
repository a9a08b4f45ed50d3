//! Fuzzing of every parser of outside input: component ids and menu values (anyone can forge
//! them), and the text typed into every step command. Whatever the input, the parser returns
//! (no panic), an accepted input names a legal action, and an error quotes the input briefly.
//!
//! `cargo test` runs a short run; the long run is
//! `FUZZ_CASES=1000000 cargo test --release --test it -- --ignored fuzz_a_long_run --nocapture`.
//! (Scenario files are fuzzed in the engine's tests: `crates/engine/tests/fuzz.rs`.)

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use southseas::games::southseas::text;
use southseas::games::southseas::typed::{self, Step};
use southseas::service::reply::MAX_CONTENT_CHARS;
use southseas::service::{Command, ComponentId};
use southseas_engine::{Bot, Game, Options, Strategy as BotStrategy};

/// Games at every kind of step, to parse against.
fn games() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 0..3u64 {
        let mut game = Game::new(Options::default(), 2 + seed as usize, seed).unwrap();
        let mut bot = Bot::new(BotStrategy::Random, seed);
        for step in 0..400 {
            if step % 7 == 0 {
                out.push(game.clone());
            }
            let Some(action) = bot.choose(&game) else { break };
            game.apply(&action).unwrap();
        }
    }
    out
}

/// Text shaped like what the parsers expect, with pieces that break naive code: multi-byte
/// characters first or in the middle, zero-width and control characters, huge numbers, signs.
fn input() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("ss".to_string()),
        Just(":".to_string()),
        Just(",".to_string()),
        Just(" ".to_string()),
        Just("°".to_string()),
        Just("·".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("menu".to_string()),
        Just("\u{200b}".to_string()),
        Just("🐙".to_string()),
        Just("é".to_string()),
        Just("В".to_string()),
        Just("-".to_string()),
        Just("+".to_string()),
        "[tirscdpeB-Z]".prop_map(|s| s),
        "[0-9]{1,3}".prop_map(|s| s),
        "-?[0-9]{10,25}".prop_map(|s| s),
        any::<char>().prop_map(|c| c.to_string()),
        "\\PC{0,8}".prop_map(|s| s),
    ];
    prop_oneof![
        3 => proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat()),
        1 => any::<String>(),
        1 => "\\PC{0,3000}".prop_map(|s| s),
    ]
}

fn check(games: &[Game], which: usize, s: &str) {
    // Component ids and menu values.
    if let Some(id) = ComponentId::parse(s)
        && let Some(command) = id.command
    {
        assert_eq!(Command::parse(&command.code()), Some(command), "{s:?}");
    }
    let _ = Command::parse(s);
    // Typed text, in every step command, against a game, read in each language.
    let game = &games[which % games.len()];
    for (step, locale) in Step::ALL.into_iter().flat_map(|step| southseas::i18n::Locale::ALL.map(|l| (step, l))) {
        match typed::parse(game, step, s, locale) {
            Ok(action) => {
                // Accepted input names an action of that step; the service still checks it.
                assert!(step.wants(&action) || action == southseas_engine::Action::EndTurn, "{step:?} {s:?} → {action:?}");
            }
            Err(message) => {
                assert!(message.chars().count() < 400, "an error about {} characters is short: {message}", s.chars().count());
            }
        }
    }
    let quoted = text::quote(s);
    assert!(quoted.chars().count() <= text::QUOTE_CHARS + 2 && !quoted[1..quoted.len() - 1].contains('`'), "{quoted}");
    assert!(text::truncate(s, MAX_CONTENT_CHARS).chars().count() <= MAX_CONTENT_CHARS);
}

fn run(cases: u32) -> u32 {
    let games = games();
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let ran = std::sync::atomic::AtomicU32::new(0);
    runner
        .run(&(input(), any::<usize>()), |(s, which)| {
            check(&games, which, &s);
            ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    ran.into_inner()
}

#[test]
fn the_inputs_that_crashed_commands_are_answered() {
    let games = games();
    for s in ["é", "В 90", "° 90", "🐙", "\u{200b}b 90", "ss:1:2:é", "ss:1:2:🐙1,2,3", "é1,2,3", "ss:é:1:s", "t1,2,é"] {
        for which in 0..games.len() {
            check(&games, which, s);
        }
    }
}

#[test]
fn fuzz_every_parser_of_outside_input() {
    run(3_000);
}

#[test]
#[ignore = "long run: FUZZ_CASES=1000000 cargo test --release --test it -- --ignored fuzz_a_long_run --nocapture"]
fn fuzz_a_long_run() {
    let cases = std::env::var("FUZZ_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(1_000_000);
    let started = std::time::Instant::now();
    let ran = run(cases);
    println!("fuzzed {ran} inputs through every parser in {:.1} s: 0 panics", started.elapsed().as_secs_f64());
}
