//! Fuzzing of scenario files, the engine's outside input: the rulebook examples of
//! `tests/data`, mutated (lines cut, swapped and repeated, characters and values replaced,
//! multi-byte characters inserted), must parse or be refused with an error, and a parsed one
//! must run or be refused: never a panic. `cargo test` runs a short run; the long run is
//! `FUZZ_CASES=1000000 cargo test --release -p southseas-engine --test fuzz -- --ignored --nocapture`.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use southseas_engine::scenario::{Scenario, parse_action};
use std::path::Path;

fn files() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data");
    let mut texts: Vec<String> = std::fs::read_dir(dir)
        .expect("tests/data")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect();
    texts.sort();
    texts
}

#[derive(Clone, Debug)]
enum Mutation {
    CutLine(usize),
    SwapLines(usize, usize),
    RepeatLine(usize),
    Insert(usize, String),
    ReplaceChar(usize, char),
    ReplaceNumber(usize, i64),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let text = prop_oneof![
        Just("é".to_string()),
        Just("🐙".to_string()),
        Just("\u{200b}".to_string()),
        Just("\"".to_string()),
        Just("[".to_string()),
        Just("=".to_string()),
        Just("\n".to_string()),
        Just("place 0 -1 270".to_string()),
        Just("islander sea@Né".to_string()),
        Just("pay shells=99999999999".to_string()),
        "\\PC{0,6}".prop_map(|s| s),
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::CutLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::RepeatLine),
        (any::<usize>(), text).prop_map(|(at, s)| Mutation::Insert(at, s)),
        (any::<usize>(), any::<char>()).prop_map(|(at, c)| Mutation::ReplaceChar(at, c)),
        (any::<usize>(), prop_oneof![Just(-1i64), Just(0), Just(6), Just(255), Just(256), Just(i64::MAX), any::<i64>()])
            .prop_map(|(at, n)| Mutation::ReplaceNumber(at, n)),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let n = lines.len().max(1);
    match m {
        Mutation::CutLine(i) if !lines.is_empty() => {
            lines.remove(i % n);
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
        Mutation::RepeatLine(i) if !lines.is_empty() => {
            let line = lines[i % n].clone();
            lines.insert(i % n, line);
        }
        Mutation::Insert(at, s) => {
            let chars: Vec<char> = text.chars().collect();
            let at = at % (chars.len() + 1);
            return chars[..at].iter().collect::<String>() + s + &chars[at..].iter().collect::<String>();
        }
        Mutation::ReplaceChar(at, c) => {
            let mut chars: Vec<char> = text.chars().collect();
            if !chars.is_empty() {
                let at = at % chars.len();
                chars[at] = *c;
            }
            return chars.into_iter().collect();
        }
        Mutation::ReplaceNumber(at, value) => {
            // The at-th number in the file becomes `value`.
            let mut out = String::new();
            let mut count = 0;
            let mut rest = text;
            while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
                let end = rest[start..].find(|c: char| !c.is_ascii_digit()).map_or(rest.len(), |e| start + e);
                out.push_str(&rest[..start]);
                if count == at % 64 {
                    out.push_str(&value.to_string())
                } else {
                    out.push_str(&rest[start..end])
                }
                count += 1;
                rest = &rest[end..];
            }
            out.push_str(rest);
            return out;
        }
        _ => {}
    }
    lines.join("\n")
}

fn check(text: &str) {
    if let Ok(scenario) = Scenario::parse(text)
        && let Ok((game, _)) = scenario.run()
    {
        let _ = scenario.check(&game);
        for line in text.lines().take(4) {
            let _ = parse_action(&game, line);
        }
    }
}

fn run(cases: u32) -> u32 {
    let files = files();
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let ran = std::sync::atomic::AtomicU32::new(0);
    runner
        .run(&(any::<usize>(), proptest::collection::vec(mutation(), 1..4)), |(which, mutations)| {
            let mut text = files[which % files.len()].clone();
            for m in &mutations {
                text = apply(&text, m);
            }
            check(&text);
            ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    ran.into_inner()
}

#[test]
fn mutated_scenario_files_parse_or_are_refused_never_panic() {
    run(400);
}

#[test]
#[ignore = "long run: FUZZ_CASES=1000000 cargo test --release -p southseas-engine --test fuzz -- --ignored --nocapture"]
fn fuzz_scenario_files_long_run() {
    let cases = std::env::var("FUZZ_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(1_000_000);
    let started = std::time::Instant::now();
    let ran = run(cases);
    println!("fuzzed {ran} mutated scenario files in {:.1} s: 0 panics", started.elapsed().as_secs_f64());
}
