//! Fuzzing of scenario files, the engine's outside input: the rulebook examples of
//! `tests/data`, mutated (lines cut, swapped and repeated, characters and values replaced,
//! multi-byte characters inserted), must parse or be refused with an error, and a parsed one
//! must run or be refused: never a panic. `cargo test` runs a short run; the long run is
//! `FUZZ_CASES=1000000 cargo test --release -p southseas-engine --test fuzz -- --ignored --nocapture`.
//!
//! Stored actions and options (`record`) are read back from the database: any text decodes or
//! is refused, never a panic; every action survives its record and its legacy JSON.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use southseas_engine::record::{decode_action, decode_options, encode_action, encode_options};
use southseas_engine::scenario::{Scenario, parse_action};
use southseas_engine::{Action, Options, Pos, RetrieveRule, Rotation, ShipId, Wares};
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

fn any_action() -> impl Strategy<Value = Action> {
    let pos = (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Pos::new(x, y));
    prop_oneof![
        (pos.clone(), 0u8..4).prop_map(|(pos, q)| Action::PlaceTile { pos, rotation: Rotation::new(q).unwrap() }),
        any::<u8>().prop_map(|feature| Action::PlaceIslander { feature }),
        (pos, any::<u8>()).prop_map(|(pos, feature)| Action::RetrieveIslander { pos, feature }),
        Just(Action::SkipIslander),
        any::<u8>().prop_map(|s| Action::ChooseShip { ship: ShipId(s) }),
        any::<u8>().prop_map(|s| Action::Deliver { ship: ShipId(s) }),
        (any::<u16>(), any::<u16>(), any::<u16>()).prop_map(|(s, b, f)| Action::Pay { payment: Wares::new(s, b, f) }),
        Just(Action::EndTurn),
    ]
}

/// The JSON stored before record version 1, written out by hand so that this test keeps
/// meaning the old rows whatever happens to `Action`'s derives.
fn legacy_json(action: &Action) -> String {
    match *action {
        Action::PlaceTile { pos, rotation } => {
            format!(r#"{{"action":"place_tile","pos":{{"x":{},"y":{}}},"rotation":{}}}"#, pos.x, pos.y, rotation.quarter_turns())
        }
        Action::PlaceIslander { feature } => format!(r#"{{"action":"place_islander","feature":{feature}}}"#),
        Action::RetrieveIslander { pos, feature } => {
            format!(r#"{{"action":"retrieve_islander","pos":{{"x":{},"y":{}}},"feature":{feature}}}"#, pos.x, pos.y)
        }
        Action::SkipIslander => r#"{"action":"skip_islander"}"#.to_string(),
        Action::ChooseShip { ship } => format!(r#"{{"action":"choose_ship","ship":{}}}"#, ship.0),
        Action::Deliver { ship } => format!(r#"{{"action":"deliver","ship":{}}}"#, ship.0),
        Action::Pay { payment: w } => {
            format!(r#"{{"action":"pay","payment":{{"shells":{},"bananas":{},"fish":{}}}}}"#, w.shells, w.bananas, w.fish)
        }
        Action::EndTurn => r#"{"action":"end_turn"}"#.to_string(),
    }
}

/// Text near the stored forms: pieces of records and JSON glued together, so that most cases
/// get past the first check instead of failing on the version prefix.
fn near_record() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("1:".to_string()),
        Just("2:".to_string()),
        prop::sample::select(vec!["place", "islander", "retrieve", "skip", "choose", "deliver", "pay", "end", "retrieve="])
            .prop_map(str::to_string),
        prop::sample::select(vec!["empty-supply", "any-turn", " ", "  ", "-", "+", "0", "90", "{", "}", ":", ",", "\"", "é", "\u{1F3DD}"])
            .prop_map(str::to_string),
        any::<i64>().prop_map(|n| n.to_string()),
        any_action().prop_map(|a| encode_action(&a)),
        any_action().prop_map(|a| legacy_json(&a)),
        "\\PC{0,4}",
    ];
    let glued = proptest::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat());
    // A version, a verb and a few number-like words: mostly well formed, often just not.
    let number = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        (0u32..400).prop_map(|n| n.to_string()),
        (0u32..400).prop_map(|n| format!("+{n}")),
        (0u32..400).prop_map(|n| format!("0{n}")),
        Just("-0".to_string()),
        Just(String::new()),
    ];
    let shaped = (
        prop::sample::select(vec!["1", "2", "01", ""]),
        prop::sample::select(vec!["place", "islander", "retrieve", "skip", "choose", "deliver", "pay", "end"]),
        proptest::collection::vec(number, 0..5),
    )
        .prop_map(|(version, verb, numbers)| format!("{version}:{verb} {}", numbers.join(" ")).trim_end().to_string());
    prop_oneof![glued, shaped]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_text_decodes_or_is_refused_never_panics(text in prop_oneof![any::<String>(), near_record()]) {
        let action = decode_action(&text);
        let _ = decode_options(&text);
        // A versioned record has exactly one spelling: what decodes re-encodes to itself.
        if let (Ok(action), Some(body)) = (action, text.strip_prefix("1:")) {
            prop_assert_eq!(encode_action(&action), format!("1:{body}"));
        }
    }

    #[test]
    fn every_action_survives_its_record_and_its_legacy_json(action in any_action()) {
        prop_assert_eq!(decode_action(&encode_action(&action)), Ok(action));
        prop_assert_eq!(decode_action(&legacy_json(&action)), Ok(action), "{}", legacy_json(&action));
    }
}

#[test]
fn both_options_survive_their_record_and_their_legacy_json() {
    for (retrieve, json) in
        [(RetrieveRule::EmptySupply, r#"{"retrieve":"empty-supply"}"#), (RetrieveRule::AnyTurn, r#"{"retrieve":"any-turn"}"#)]
    {
        let options = Options { retrieve };
        assert_eq!(decode_options(&encode_options(&options)), Ok(options));
        assert_eq!(decode_options(json), Ok(options));
    }
}
