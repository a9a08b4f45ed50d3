//! The `southseas` binary as a user runs it.

use std::io::Write;
use std::process::{Command, Output};

fn southseas(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_southseas")).args(args).output().expect("the binary runs")
}

fn scenario_file(text: &str) -> tempfile_path::TempPath {
    tempfile_path::TempPath::with(text)
}

/// A tiny self-deleting temp file, to keep the dependency list short.
mod tempfile_path {
    use super::*;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub struct TempPath(pub PathBuf);

    impl TempPath {
        pub fn with(text: &str) -> TempPath {
            static N: AtomicUsize = AtomicUsize::new(0);
            let path = std::env::temp_dir().join(format!("southseas-cli-{}-{}.toml", std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
            std::fs::File::create(&path).and_then(|mut f| f.write_all(text.as_bytes())).expect("temp file");
            TempPath(path)
        }

        pub fn arg(&self) -> &str {
            self.0.to_str().expect("utf-8 temp path")
        }
    }

    impl Drop for TempPath {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

#[test]
fn script_prints_the_final_state_as_json() {
    let file = scenario_file(
        r#"
players = 2
start_player = 1
deck = ["U1", "U2", "V1"]
actions = ["place 0 -1 90", "skip"]
"#,
    );
    let out = southseas(&["script", file.arg()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(json["players"].as_array().map(Vec::len), Some(2));
    assert_eq!(json["players"][0]["islanders_in_supply"], 4);
    assert_eq!(json["tiles_left"], 1, "two of three tiles drawn: one placed, one drawn for seat 0");
    assert_eq!(json["to_act"], 0);
    assert_eq!(json["game_over"], false);
    for key in ["wares", "ship_values", "score"] {
        assert!(json["players"][1].get(key).is_some(), "missing {key}");
    }
}

#[test]
fn script_rejects_a_bad_action_with_its_line() {
    let file = scenario_file("players = 2\ndeck = [\"U1\"]\nactions = [\n  \"place 5 5\",\n]\n");
    let out = southseas(&["script", file.arg()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("line 4") && stderr.contains("actions[0]") && stderr.contains("does not touch"), "{stderr}");
}

#[test]
fn script_rejects_an_unknown_tile_with_its_line() {
    let file = scenario_file("players = 2\ndeck = [\"U1\",\n \"NOPE\"]\n");
    let out = southseas(&["script", file.arg()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("line 3") && stderr.contains("deck[1]") && stderr.contains("NOPE"), "{stderr}");
}

#[test]
fn script_reports_unmet_expectations_and_fails() {
    let file = scenario_file("players = 2\ndeck = [\"U1\"]\n[expect]\nsupply = [3, 4]\n");
    let out = southseas(&["script", file.arg()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("expect.supply: expected [3, 4], got [4, 4]"), "{stderr}");
}

#[test]
fn sim_prints_statistics() {
    let out = southseas(&["sim", "--games", "20", "--players", "3", "--ai", "random", "--seed", "5"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for line in ["games: 20 (3 players", "unplaceable tiles:", "fishing-boat evaluations:", "ships per game:", "end:", "scores:", "games/s"]
    {
        assert!(stdout.contains(line), "missing `{line}` in\n{stdout}");
    }
}

#[test]
fn sim_refuses_bad_player_counts() {
    let out = southseas(&["sim", "--players", "7"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--players must be 2 to 5"));
}

#[test]
fn serve_without_a_token_explains_what_to_do() {
    let out = Command::new(env!("CARGO_BIN_EXE_southseas"))
        .arg("serve")
        .env("DISCORD_TOKEN", "")
        .env("DATABASE_URL", "sqlite::memory:")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN") && stderr.contains("README") && stderr.contains("demo"), "{stderr}");
}

#[test]
fn demo_writes_boards_and_a_transcript() {
    let dir = std::env::temp_dir().join(format!("southseas-demo-{}", std::process::id()));
    let out = southseas(&["demo", "--players", "2", "--seed", "5", "--ai", "random", "--out", dir.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("transcript.md"), "says where: {stdout}");
    let transcript = std::fs::read_to_string(dir.join("transcript.md")).expect("transcript written");
    assert!(transcript.contains("The game begins") && transcript.contains("Game over"), "a whole game");
    let boards =
        std::fs::read_dir(&dir).unwrap().filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("turn-")).count();
    assert!(boards >= 70, "a board per turn ({boards})");
    for name in ["turn-001.png", "final.png"] {
        let png = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(png.starts_with(b"\x89PNG"), "{name}");
    }
    // The timelapse the channel gets after the game-over message.
    let gif = std::fs::read(dir.join("timelapse.gif")).expect("the timelapse");
    assert!(gif.starts_with(b"GIF89a") && transcript.contains("![timelapse](timelapse.gif)"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn backup_refuses_to_overwrite_and_restore_refuses_a_file_that_is_no_database() {
    let dir = std::env::temp_dir().join(format!("southseas-cli-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("live.db").display());
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_southseas")).args(args).env("DATABASE_URL", &url).output().unwrap();
    // A database with nothing in it yet (the bot creates it on first start).
    std::fs::write(dir.join("junk.db"), "not a database").unwrap();
    let out = run(&["restore", dir.join("junk.db").to_str().unwrap()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("not a database"), "{out:?}");
    assert!(!dir.join("live.db").exists(), "a refused restore touches nothing");
    let out = run(&["backup", dir.join("b.db").to_str().unwrap()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("no database"), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_refuses_a_bad_shard_setting_clearly() {
    for (shards, why) in [("0-8/8", "from 0 to 7"), ("3", "no `/TOTAL`"), ("1-0/2", "comes after"), ("x/2", "not a number")] {
        let out = Command::new(env!("CARGO_BIN_EXE_southseas"))
            .arg("serve")
            .env("DISCORD_TOKEN", "any")
            .env("SOUTHSEAS_SHARDS", shards)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{shards}: {stderr}");
        assert!(stderr.contains("SOUTHSEAS_SHARDS") && stderr.contains(why) && !stderr.contains("panicked"), "{shards}: {stderr}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_southseas"))
        .arg("serve")
        .env("DISCORD_TOKEN", "any")
        .env("SOUTHSEAS_REGISTER", "maybe")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("SOUTHSEAS_REGISTER must be on or off"), "{stderr}");
}

#[test]
fn serve_refuses_a_fast_clock_unless_allowed_for_testing() {
    for allow in [None, Some(""), Some("yes")] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_southseas"));
        command.args(["serve", "--fast-clock", "3600"]).env("DISCORD_TOKEN", "any").env("DATABASE_URL", "sqlite::memory:");
        match allow {
            Some(v) => command.env("SOUTHSEAS_ALLOW_FAST_CLOCK", v),
            None => command.env_remove("SOUTHSEAS_ALLOW_FAST_CLOCK"),
        };
        let out = command.output().expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{allow:?}: {stderr}");
        assert!(stderr.contains("acceptance testing only") && stderr.contains("SOUTHSEAS_ALLOW_FAST_CLOCK=testing-only"), "{stderr}");
    }
}
