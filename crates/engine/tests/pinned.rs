//! Pinned formats: what a stored game means must never change. A released ruleset and a seed
//! keep their deck, ship order and start player (`data/pinned/southseas-N-setups.txt`); a stored
//! action or options row keeps its meaning, in the legacy JSON and in every record version, and
//! the encoder keeps writing the same record (`data/pinned/actions.txt`, `options.txt`).
//!
//! The data files were written by the ignored `write_*` tests below, never by hand; rewriting
//! one to make a failing test pass would change every stored game.

use southseas_engine::record::{decode_action, decode_options, encode_action, encode_options};
use southseas_engine::{Action, Options, Pos, RetrieveRule, Rotation, Ruleset, Setup, ShipId, Wares};
use std::collections::HashSet;
use std::mem::discriminant;
use std::path::{Path, PathBuf};

fn pinned(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pinned").join(name)
}

fn released() -> impl Iterator<Item = Ruleset> {
    (1..).map_while(Ruleset::from_id)
}

const SEEDS: [u64; 7] = [0, 1, 7, 42, 2024, u64::MAX >> 1, u64::MAX];

/// One line per seed and player count: `seed players start | deck (tile ids) | ships (ids)`.
fn setups(ruleset: Ruleset) -> String {
    let mut out = format!("# {ruleset}: seed players start_player | deck, first drawn first | ship order, first four face up\n");
    for seed in SEEDS {
        for players in 2..=5 {
            let setup = Setup::standard_in(ruleset, Options::default(), players, seed);
            let deck: Vec<&str> = setup.deck.iter().map(|t| setup.tiles.get(*t).name.as_str()).collect();
            let ships: Vec<&str> = setup.ship_order.iter().map(|s| setup.ships.get(*s).name.as_str()).collect();
            out += &format!("{seed} {players} {} | {} | {}\n", setup.start_player, deck.join(" "), ships.join(" "));
        }
    }
    out
}

fn setups_file(ruleset: Ruleset) -> PathBuf {
    pinned(&format!("{}-setups.txt", ruleset.name()))
}

#[test]
fn a_seed_keeps_its_deck_ship_order_and_start_player_in_every_released_ruleset() {
    for ruleset in released() {
        let path = setups_file(ruleset);
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (pin every released ruleset)", path.display()));
        let actual = setups(ruleset);
        for (n, (a, e)) in actual.lines().zip(expected.lines()).enumerate() {
            assert_eq!(a, e, "{} line {}: a seed's setup changed in released {ruleset}", path.display(), n + 1);
        }
        assert_eq!(actual.lines().count(), expected.lines().count(), "{}", path.display());
    }
}

#[test]
fn the_standard_setup_is_the_current_rulesets() {
    for seed in SEEDS {
        let standard = Setup::standard(Options::default(), 3, seed);
        let current = Setup::standard_in(Ruleset::CURRENT, Options::default(), 3, seed);
        assert_eq!((standard.deck, standard.ship_order, standard.start_player), (current.deck, current.ship_order, current.start_player));
    }
}

/// Pins a newly released ruleset: `cargo test -p southseas-engine --test pinned -- --ignored`.
#[test]
#[ignore = "writes tests/data/pinned; only when a ruleset is released"]
fn write_pinned_setups() {
    for ruleset in released() {
        let path = setups_file(ruleset);
        if !path.exists() {
            std::fs::write(&path, setups(ruleset)).unwrap();
        }
    }
}

/// `(legacy JSON, record)` pairs of a pinned file: one per line, `JSON | RECORD`; `#` comments.
fn pairs(name: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(pinned(name)).expect("pinned file");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (json, record) = l.split_once(" | ").unwrap_or_else(|| panic!("{name}: `{l}` is not `JSON | RECORD`"));
            (json.to_string(), record.to_string())
        })
        .collect()
}

#[test]
fn stored_actions_keep_their_meaning_and_the_encoder_its_output() {
    let mut kinds = HashSet::new();
    for (json, record) in pairs("actions.txt") {
        let legacy = decode_action(&json).unwrap_or_else(|e| panic!("legacy row no longer decodes: {e}"));
        let versioned = decode_action(&record).unwrap_or_else(|e| panic!("record no longer decodes: {e}"));
        assert_eq!(legacy, versioned, "`{json}` and `{record}` must mean the same action");
        assert_eq!(encode_action(&versioned), record, "the stored form of {versioned:?} changed: that needs a new record version");
        kinds.insert(discriminant(&legacy));
    }
    assert_eq!(kinds.len(), 8, "every kind of action is pinned");
}

#[test]
fn stored_options_keep_their_meaning_and_the_encoder_its_output() {
    let mut rules = HashSet::new();
    for (json, record) in pairs("options.txt") {
        let legacy = decode_options(&json).unwrap_or_else(|e| panic!("legacy row no longer decodes: {e}"));
        let versioned = decode_options(&record).unwrap_or_else(|e| panic!("record no longer decodes: {e}"));
        assert_eq!(legacy, versioned, "`{json}` and `{record}` must mean the same options");
        assert_eq!(encode_options(&versioned), record, "the stored form of {versioned:?} changed: that needs a new record version");
        rules.insert(legacy.retrieve);
    }
    assert_eq!(rules.len(), 2, "both retrieve rules are pinned");
}

/// Several of each kind of action, among them rows of the golden database of 2026-11
/// (`tests/data/golden/` of the bot) and the extremes of every field.
fn example_actions() -> Vec<Action> {
    let r = |q: u8| Rotation::new(q).unwrap();
    let mut out = Vec::new();
    for (x, y, q) in [(1, 0, 0), (1, 1, 3), (-1, 0, 2), (0, -2, 2), (-12, 7, 1), (i32::MIN, i32::MAX, 1)] {
        out.push(Action::PlaceTile { pos: Pos::new(x, y), rotation: r(q) });
    }
    for feature in [0, 1, 2, 255] {
        out.push(Action::PlaceIslander { feature });
    }
    for (x, y, feature) in [(0, 0, 0), (-3, 5, 2), (12, -1, 255)] {
        out.push(Action::RetrieveIslander { pos: Pos::new(x, y), feature });
    }
    out.push(Action::SkipIslander);
    for ship in [0, 7, 23, 255] {
        out.push(Action::ChooseShip { ship: ShipId(ship) });
    }
    for ship in [10, 18, 0, 255] {
        out.push(Action::Deliver { ship: ShipId(ship) });
    }
    for (s, b, f) in [(0, 3, 3), (2, 1, 1), (0, 0, 0), (u16::MAX, 0, 1)] {
        out.push(Action::Pay { payment: Wares::new(s, b, f) });
    }
    out.push(Action::EndTurn);
    out
}

/// Writes `actions.txt` and `options.txt` once, pairing what serde derived from `Action` and
/// `Options` when version 1 was introduced with the record: only ever for a new version's
/// examples, never to make a failing test pass.
#[test]
#[ignore = "writes tests/data/pinned; only when a record version is introduced"]
fn write_pinned_records() {
    let header = "# legacy JSON as stored before record version 1 | the version 1 record; written once, never edited\n";
    let path = pinned("actions.txt");
    if !path.exists() {
        let rows: String =
            example_actions().iter().map(|a| format!("{} | {}\n", serde_json::to_string(a).unwrap(), encode_action(a))).collect();
        std::fs::write(path, format!("{header}{rows}")).unwrap();
    }
    let path = pinned("options.txt");
    if !path.exists() {
        let rows: String = [RetrieveRule::EmptySupply, RetrieveRule::AnyTurn]
            .map(|retrieve| Options { retrieve })
            .iter()
            .map(|o| format!("{} | {}\n", serde_json::to_string(o).unwrap(), encode_options(o)))
            .collect();
        std::fs::write(path, format!("{header}{rows}")).unwrap();
    }
}
