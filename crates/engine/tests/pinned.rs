//! Pinned formats: what a stored game means must never change. A released ruleset and a seed
//! keep their deck, ship order and start player (`data/pinned/southseas-N-setups.txt`).
//!
//! The data files were written by the ignored `write_*` tests below, never by hand; rewriting
//! one to make a failing test pass would change every stored game.

use southseas_engine::{Options, Ruleset, Setup};
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
