//! Runs every script file in `tests/data` (the rulebook's worked examples and a few spec rules)
//! and checks its `[expect]` table; also checks that a malformed script names the line.

use seafarers_engine::DevCard;
use seafarers_engine::script::{Script, script};
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

fn script_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn run_file(path: &Path) -> Result<(), String> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let s = Script::parse(&text).map_err(|e| format!("{name}: does not parse: {e}"))?;
    let outcome = s.run().map_err(|e| format!("{name}: does not run: {e}"))?;
    s.check(&outcome.game).map_err(|e| format!("{name}: unexpected result:\n{e}"))
}

#[test]
fn every_script_file_gives_its_expected_result() {
    let files = script_files();
    assert!(files.len() >= 4, "expected the rulebook examples in {}, found {} files", data_dir().display(), files.len());
    let failures: Vec<String> = files.iter().filter_map(|f| run_file(f).err()).collect();
    assert!(failures.is_empty(), "{} of {} script files failed:\n\n{}", failures.len(), files.len(), failures.join("\n\n"));
}

#[test]
fn every_script_file_has_a_comment_and_expectations() {
    for path in script_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(
            text.starts_with("# Rulebook") || text.starts_with("# Spec"),
            "{name}: should start with a comment naming the example or rule"
        );
        assert!(text.contains("\n[expect]\n"), "{name}: has no [expect] table");
    }
}

#[test]
fn a_failing_expectation_is_reported_with_the_field() {
    let text =
        std::fs::read_to_string(data_dir().join("rulebook_four_islands_chips.toml")).unwrap().replace("chips = [6, 0]", "chips = [4, 0]");
    let e = script(&text).err().expect("the expectation is wrong").to_string();
    assert!(e.contains("expect.chips: expected [4, 0], got [6, 0]"), "{e}");
}

#[test]
fn a_bad_action_names_its_line_and_why() {
    let text = "scenario = \"base\"\nplayers = 3\nseed = 1\nactions = [\n  \"roll\",\n]\n";
    let e = script(text).err().expect("roll during setup is refused").to_string();
    assert!(e.starts_with("line 5, actions[0] `roll`: not now"), "{e}");
    let text = "scenario = \"nowhere\"\nplayers = 3\n";
    let e = script(text).err().unwrap().to_string();
    assert!(e.contains("no scenario `nowhere`"), "{e}");
}

#[test]
fn a_script_outcome_serialises_to_json() {
    let text = std::fs::read_to_string(data_dir().join("rulebook_four_islands_chips.toml")).unwrap();
    let outcome = script(&text).unwrap();
    let json = serde_json::to_value(&outcome.view).unwrap();
    assert_eq!(json["players"][0]["chips"], 6);
    assert_eq!(json["longest_route"], 0);
    assert_eq!(json["phase"]["phase"], "main");
}

#[test]
fn a_script_fixes_the_order_of_the_harbours_the_players_place() {
    let order = "\"ore\", \"3:1\", \"brick\", \"3:1\", \"lumber\", \"3:1\", \"wool\", \"3:1\", \"grain\"";
    let text = format!("scenario = \"new-world\"\nplayers = 3\nseed = 4\nharbour_order = [{order}]\n");
    let mut game = Script::parse(&text).unwrap().run().unwrap().game;
    let p = game.to_act()[0];
    let first = game.legal_actions(p)[0];
    game.apply(p, &first).unwrap();
    assert_eq!(game.harbours()[0].1, seafarers_engine::Harbour::Special(seafarers_engine::Resource::Ore));
    let bad = text.replace("\"grain\"", "\"ore\"");
    assert!(Script::parse(&bad).err().unwrap().to_string().contains("field harbour_order"));
}

#[test]
fn a_script_deck_may_hold_any_mix_of_development_cards() {
    let text = |deck: &str| format!("scenario = \"base\"\nplayers = 3\nseed = 3\n{deck}\n");
    let deck_of = |deck: &str| Script::parse(&text(deck)).unwrap_or_else(|e| panic!("{e}")).setup.deck;
    // More of a kind than the standard deck holds: the extra cards are added on top.
    let six = format!("deck = [{}]", ["\"victory_point\""; 6].join(", "));
    let stacked = deck_of(&six);
    assert_eq!(stacked.len(), 26, "5 victory points of the standard deck taken, one added");
    assert!(stacked[..6].iter().all(|&c| c == DevCard::VictoryPoint));
    assert!(!stacked[6..].contains(&DevCard::VictoryPoint));
    // `deck_rest = false`: exactly the listed cards, in order.
    let exact = deck_of("deck = [\"monopoly\", \"monopoly\", \"monopoly\", \"knight\"]\ndeck_rest = false");
    assert_eq!(exact, [DevCard::Monopoly, DevCard::Monopoly, DevCard::Monopoly, DevCard::Knight]);
    assert!(deck_of("deck_rest = false").is_empty());
    let game = Script::parse(&text("deck = [\"monopoly\", \"monopoly\", \"monopoly\"]\ndeck_rest = false")).unwrap().run().unwrap().game;
    assert_eq!(game.deck_size(), 3);
    // Without `deck`, the seed's standard deck.
    assert_eq!(deck_of("").len(), 25);
    let too_many = Script::parse(&text(&format!("deck = [{}]\ndeck_rest = false", ["\"knight\""; 101].join(", ")))).unwrap();
    let Err(e) = too_many.run() else { panic!("a deck of 101 cards was accepted") };
    assert!(e.to_string().contains("more than 100 cards"), "{e}");
}

#[test]
fn a_script_logs_every_action_with_its_seat_and_events() {
    let text = std::fs::read_to_string(data_dir().join("rulebook_four_islands_chips.toml")).unwrap();
    let outcome = script(&text).unwrap();
    let log = &outcome.log;
    assert_eq!(log.ruleset, None, "the script draws its own map, not a ruleset's");
    let logged_events: usize = log.actions.iter().map(|a| a.events.len()).sum();
    assert_eq!(log.opening.len() + logged_events, outcome.events.len(), "the log holds every event, each under its action");
    for a in &log.actions {
        let (seat, action) = seafarers_engine::record::decode(&a.record).unwrap();
        assert_eq!((seat, action.to_string()), (a.seat, a.action.clone()));
    }
    assert_eq!(log.points, outcome.game.players().iter().map(|p| p.points).collect::<Vec<_>>());
    let json = serde_json::to_value(log).unwrap();
    assert!(json["actions"].as_array().is_some_and(|a| a.len() == log.actions.len()));
    let embedded = script("scenario = \"base\"\nplayers = 3\nseed = 9\nactions = [\"settle 0,0,N\"]\n").unwrap().log;
    assert_eq!((embedded.ruleset, embedded.scenario.as_str(), embedded.actions.len()), (Some("seafarers-1"), "base", 1));
}
