//! Runs every scenario file in `tests/data` (the rulebook's worked examples) and checks its
//! `[expect]` table; also checks that a malformed scenario names the line and the field.

use southseas_engine::scenario::Scenario;
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// Parses, runs and checks one scenario file; the error starts with the file name.
fn run_file(path: &Path) -> Result<(), String> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let scenario = Scenario::parse(&text).map_err(|e| format!("{name}: does not parse: {e}"))?;
    let (game, _events) = scenario.run().map_err(|e| format!("{name}: does not run: {e}"))?;
    scenario.check(&game).map_err(|e| format!("{name}: unexpected result:\n{e}"))
}

#[test]
fn every_scenario_file_gives_its_expected_result() {
    let files = scenario_files();
    assert!(files.len() >= 12, "expected the rulebook examples in {}, found {} files", data_dir().display(), files.len());
    let failures: Vec<String> = files.iter().filter_map(|f| run_file(f).err()).collect();
    assert!(failures.is_empty(), "{} of {} scenario files failed:\n\n{}", failures.len(), files.len(), failures.join("\n\n"));
}

#[test]
fn every_scenario_file_has_a_comment_and_expectations() {
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(text.starts_with("# Rulebook"), "{name}: should start with a comment naming the rulebook example");
        assert!(text.contains("\n[expect]\n"), "{name}: has no [expect] table");
    }
}

/// A small valid scenario on the standard tiles, with `{action}` and `{deck}` to fill in.
const TEMPLATE: &str = "players = 2
start_player = 0
deck = [
  \"B2\",
  \"{deck}\",
]
actions = [
  \"place 0 -1 0\",
  \"{action}\",
]
";

fn with(action: &str, deck: &str) -> String {
    TEMPLATE.replace("{action}", action).replace("{deck}", deck)
}

#[test]
fn malformed_scenarios_report_the_line_and_the_field() {
    // The template itself is fine.
    let ok = Scenario::parse(&with("skip", "B2")).unwrap();
    ok.run().unwrap();

    // An unknown tile in the deck: line 5, deck[1].
    let err = Scenario::parse(&with("skip", "Q9")).err().expect("unknown tile accepted").to_string();
    assert!(err.contains("line 5") && err.contains("deck[1]") && err.contains("Q9"), "{err}");

    // An action that is not an action: line 9, actions[1], with the text.
    let scenario = Scenario::parse(&with("jump 3", "B2")).unwrap();
    let err = scenario.run().expect_err("bad action accepted").to_string();
    assert!(err.contains("line 9") && err.contains("actions[1]") && err.contains("jump 3"), "{err}");

    // An action the rules refuse: the line and the reason.
    let scenario = Scenario::parse(&with("deliver S01", "B2")).unwrap();
    let err = scenario.run().expect_err("out-of-phase action accepted").to_string();
    assert!(err.contains("line 9") && err.contains("actions[1]") && err.contains("not now"), "{err}");

    // A feature the tile does not have.
    let scenario = Scenario::parse(&with("islander island@N", "B2")).unwrap();
    let err = scenario.run().expect_err("missing feature accepted").to_string();
    assert!(err.contains("line 9") && err.contains("island"), "{err}");

    // An unknown field: toml names the line.
    let err = Scenario::parse(&format!("{}colour = \"red\"\n", with("skip", "B2"))).err().expect("unknown field accepted").to_string();
    assert!(err.contains("line 11") && err.contains("colour"), "{err}");

    // A bad inline tile: the tile's id and the field.
    let text = "players = 2\ntiles = \"inline\"\n\n[[tile]]\nid = \"start\"\nstart = true\nislands = [{ edges = \"EW\" }]\nseas = [{ ports = \"N\" }, { ports = \"S\" }]\n\n[[tile]]\nid = \"bad\"\nseas = [{ ports = \"N E S Q\" }]\n";
    let err = Scenario::parse(text).err().expect("bad tile accepted").to_string();
    assert!(err.contains("tile bad") && err.contains("seas[0].ports") && err.contains("`Q`"), "{err}");

    // An unknown ship in the ship order.
    let err =
        Scenario::parse(&format!("{}ships = [\"S01\", \"nope\"]\n", with("skip", "B2"))).err().expect("unknown ship accepted").to_string();
    assert!(err.contains("line 11") && err.contains("ships[1]") && err.contains("nope"), "{err}");

    // Expectations that do not hold name the field, the expected and the actual value.
    let text = format!("{}\n[expect]\nwares = [{{ fish = 7 }}, {{}}]\ngame_over = true\n", with("skip", "B2"));
    let scenario = Scenario::parse(&text).unwrap();
    let (game, _) = scenario.run().unwrap();
    let err = scenario.check(&game).expect_err("wrong expectations accepted").to_string();
    assert!(err.contains("expect.wares") && err.contains("fish: 7"), "{err}");
    assert!(err.contains("expect.game_over: expected true, got false"), "{err}");
}
