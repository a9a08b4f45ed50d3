//! What a stored seed means, pinned: for every released ruleset, scenario and allowed player
//! count, and a few seeds, the resolved map (as a hash of its text below), the development
//! deck's order and the first player. A stored game is its ruleset, scenario, players, seed and
//! records, so these must never change for a released ruleset; a change of the drawing code or
//! of the deck needs a new ruleset (or a new way of drawing chosen by it) instead.
//!
//! The pins are in `tests/data/setup-pins.txt`. To write them for a *new* ruleset (never to
//! change a released one's lines): `SEAFARERS_BLESS=1 cargo test -p seafarers-engine --test setup_pins`.

use seafarers_engine::map::Map;
use seafarers_engine::{DevCard, Harbour, Options, Resource, Ruleset, Setup, Terrain};
use std::fmt::Write;

const SEEDS: [u64; 4] = [0, 1, 42, 2026];

/// The resolved map as text, written here field by field (not by `Debug` or `Display`, whose
/// output may change): each hex's coordinates, terrain and number; harbours on the map and
/// those the players will place; what is left in each pool, in drawing order; robber; pirate.
fn map_text(map: &Map) -> String {
    let mut out = String::new();
    for h in &map.hexes {
        let terrain = h.terrain.map_or('U', terrain_letter);
        write!(out, "{},{}:{terrain}{} ", h.hex.q, h.hex.r, h.number.unwrap_or(0)).unwrap();
    }
    out.push('|');
    for (e, h) in &map.harbours {
        write!(out, "{},{},{:?}:{} ", e.hex.q, e.hex.r, e.side, harbour_name(*h)).unwrap();
    }
    out.push('|');
    for h in &map.harbour_queue {
        write!(out, "{} ", harbour_name(*h)).unwrap();
    }
    out.push('|');
    for (pool, left) in &map.fog {
        let terrains: String = left.terrain.iter().map(|&t| terrain_letter(t)).collect();
        write!(out, "{pool}:{terrains}:{:?} ", left.numbers).unwrap();
    }
    write!(out, "|{:?}|{:?}", map.robber.map(|h| (h.q, h.r)), map.pirate.map(|h| (h.q, h.r))).unwrap();
    out
}

fn terrain_letter(t: Terrain) -> char {
    match t {
        Terrain::Sea => 'S',
        Terrain::Desert => 'D',
        Terrain::Gold => 'G',
        Terrain::Forest => 'F',
        Terrain::Pasture => 'P',
        Terrain::Fields => 'W',
        Terrain::Hills => 'H',
        Terrain::Mountains => 'M',
    }
}

fn harbour_name(h: Harbour) -> &'static str {
    match h {
        Harbour::Generic => "3:1",
        Harbour::Special(Resource::Brick) => "brick",
        Harbour::Special(Resource::Lumber) => "lumber",
        Harbour::Special(Resource::Wool) => "wool",
        Harbour::Special(Resource::Grain) => "grain",
        Harbour::Special(Resource::Ore) => "ore",
    }
}

/// The deck, first bought first: K knight, V victory point, R road building, Y year of plenty,
/// M monopoly.
fn deck_text(deck: &[DevCard]) -> String {
    deck.iter()
        .map(|c| match c {
            DevCard::Knight => 'K',
            DevCard::VictoryPoint => 'V',
            DevCard::RoadBuilding => 'R',
            DevCard::YearOfPlenty => 'Y',
            DevCard::Monopoly => 'M',
        })
        .collect()
}

/// FNV-1a (64 bits), as the ruleset test hashes its files.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// One line per (ruleset, scenario, players, seed): `RULESET SCENARIO PLAYERS SEED first=P
/// deck=… map=HASH`.
fn pins() -> Vec<String> {
    let mut lines = Vec::new();
    for id in 1..=Ruleset::CURRENT.id() {
        let ruleset = Ruleset::from_id(id).unwrap();
        for scenario in ruleset.scenarios().unwrap() {
            for players in scenario.min_players..=scenario.max_players {
                for seed in SEEDS {
                    let setup = Setup::new(scenario.clone(), players, seed, Options::default()).unwrap();
                    lines.push(format!(
                        "{ruleset} {} {players} {seed} first={} deck={} map={:016x}",
                        scenario.id,
                        setup.start_player,
                        deck_text(&setup.deck),
                        fnv1a(map_text(&setup.map).as_bytes())
                    ));
                }
            }
        }
    }
    lines
}

#[test]
fn a_stored_seed_sets_up_the_same_game_forever() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/setup-pins.txt");
    let now = pins();
    if std::env::var_os("SEAFARERS_BLESS").is_some() {
        let header = "# Seed -> first player, development deck (first bought first) and resolved map hash, per\n\
                      # ruleset, scenario and player count: tests/setup_pins.rs. Never edit a released line.\n";
        std::fs::write(path, format!("{header}{}\n", now.join("\n"))).unwrap();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let pinned: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    for line in &pinned {
        assert!(now.iter().any(|l| l == line), "a pinned setup changed or is gone:\n  pinned: {line}\n  now: {}", {
            let key: Vec<&str> = line.split(' ').take(4).collect();
            now.iter().find(|l| l.split(' ').take(4).eq(key.iter().copied())).map_or("(no such setup)", |l| l.as_str())
        });
    }
    assert_eq!(pinned.len(), now.len(), "every setup of every released ruleset is pinned (bless the new ruleset's lines)");
}

#[test]
fn the_map_text_tells_every_part_of_a_setup_apart() {
    // The pin is only as good as its text: two seeds give different maps and texts, and the text
    // holds every hex.
    let scenario = Ruleset::CURRENT.scenario("new-world").unwrap();
    let a = Setup::new(scenario.clone(), 4, 1, Options::default()).unwrap();
    let b = Setup::new(scenario.clone(), 4, 2, Options::default()).unwrap();
    assert_ne!(map_text(&a.map), map_text(&b.map));
    assert!(map_text(&a.map).matches(' ').count() >= scenario.hexes.len());
}
