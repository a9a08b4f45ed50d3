//! The rules of SEAFARERS_SPEC.md, one test (or a few) per rule, named after it.
//!
//! Most tests build a small game from script text: the test map below (fixed terrains and
//! numbers, so nothing about the board is random), two players, the setup written out, then the
//! actions of the test. Intersections and edges use the names of `geometry` (`q,r,CORNER`,
//! `q,r,SIDE`, any corner or side of any of their hexes).
//!
//! ```text
//! r=-1:   (-1,-1) F6   (0,-1) P5    (1,-1) sea   (2,-1) G10
//! r= 0:   (-2,0) W9   (-1,0) D   (0,0) H8   (1,0) sea   (2,0) P3
//! r= 1:   (-2,1) M10  (-1,1) F4
//! ```
//! The main island (7 hexes) is the setup area; the island (2,-1)+(2,0) is foreign.

use seafarers_engine::script::{Script, parse_line};
use seafarers_engine::*;

const MAP: &str = r#"
[map]
id = "test"
name = "Test island"
players = [2, 4]
target = 10
chip = 1
home = "setup-area"
harbours = ["0,0,E 3:1", "-2,1,SW ore"]
pirate = "1,-2"
map = """
r=-3 q=0 : S    S    S    S
r=-2 q=-1: S    S    S    S    S
r=-1 q=-2: S    F6^  P5^  S    G10  S
r=0  q=-3: S    W9^  D^   H8^  S    P3   S
r=1  q=-3: S    M10^ F4^  S    S    S
r=2  q=-3: S    S    S    S    S
r=3  q=-3: S    S    S    S
"""
"#;

/// Red (0): settlements 0,0,N (hills 8, pasture 5) and -1,1,S (forest 4); blue (1): -2,1,S
/// (mountains 10) and -1,-1,N (forest 6). Snake order red, blue, blue, red.
const SETUP: [&str; 8] =
    ["settle 0,0,N", "road 0,0,NW", "settle -2,1,S", "road -2,1,SE", "settle -1,-1,N", "road -1,-1,NE", "settle -1,1,S", "road -1,1,SE"];

fn text(extra: &str, actions: &[&str], with_setup: bool) -> String {
    let mut all: Vec<&str> = Vec::new();
    if with_setup {
        all.extend(SETUP);
    }
    all.extend(actions);
    let list: Vec<String> = all.iter().map(|a| format!("  {a:?},")).collect();
    format!("players = 2\nstart_player = 0\nseed = 1\n{extra}\nactions = [\n{}\n]\n{MAP}", list.join("\n"))
}

/// The game after setup and `actions`; panics with the script's error.
fn play(extra: &str, actions: &[&str]) -> Game {
    let s = Script::parse(&text(extra, actions, true)).unwrap_or_else(|e| panic!("{e}"));
    s.run().unwrap_or_else(|e| panic!("{e}")).game
}

fn play_no_setup(extra: &str, actions: &[&str]) -> Game {
    let s = Script::parse(&text(extra, actions, false)).unwrap_or_else(|e| panic!("{e}"));
    s.run().unwrap_or_else(|e| panic!("{e}")).game
}

/// Applies one text action; the error is the engine's message. On error the game must be
/// unchanged: checked here for every refused action of every test.
fn act(game: &mut Game, line: &str) -> Result<Vec<Event>, String> {
    let (p, a) = parse_line(game, line)?;
    let before = format!("{:?}", game.full_view());
    let r = game.apply(p, &a).map_err(|e| e.to_string());
    if r.is_err() {
        assert_eq!(before, format!("{:?}", game.full_view()), "a refused action changed the game: {line}");
    }
    r
}

fn ok(game: &mut Game, line: &str) -> Vec<Event> {
    act(game, line).unwrap_or_else(|e| panic!("`{line}` refused: {e}"))
}

fn refused(game: &mut Game, line: &str) -> String {
    match act(game, line) {
        Ok(ev) => panic!("`{line}` should be refused, but gave {ev:?}"),
        Err(e) => e,
    }
}

fn hand(game: &Game, p: usize) -> String {
    game.player(p).hand.to_string()
}

fn v(s: &str) -> Vertex {
    s.parse().unwrap()
}

// ----- board, pieces, bank, deck --------------------------------------------------------------

#[test]
fn standard_board_has_19_land_hexes_18_numbers_9_harbours_and_the_robber_on_the_desert() {
    let sc = scenarios::by_id("base").unwrap();
    for seed in 0..20 {
        let g = Game::new(sc.clone(), 4, seed, Options::default()).unwrap();
        let land: Vec<_> = g.hexes().into_iter().filter(|h| h.terrain.is_some_and(Terrain::is_land)).collect();
        assert_eq!(land.len(), 19);
        let count = |t: Terrain| land.iter().filter(|h| h.terrain == Some(t)).count();
        assert_eq!(
            [Terrain::Forest, Terrain::Pasture, Terrain::Fields, Terrain::Hills, Terrain::Mountains, Terrain::Desert].map(count),
            [4, 4, 4, 3, 3, 1]
        );
        let mut numbers: Vec<u8> = land.iter().filter_map(|h| h.number).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
        let harbours = g.harbours();
        assert_eq!(harbours.len(), 9);
        assert_eq!(harbours.iter().filter(|h| h.1 == Harbour::Generic).count(), 4);
        let desert = land.iter().find(|h| h.terrain == Some(Terrain::Desert)).unwrap();
        assert_eq!(g.robber(), Some(desert.hex));
        assert_eq!(g.player(0).ships_left, 0, "no ships in the base game");
    }
}

#[test]
fn red_numbers_are_never_adjacent_nor_on_gold() {
    for id in scenarios::ids() {
        let sc = scenarios::by_id(id).unwrap();
        for seed in 0..30 {
            let g = Game::new(sc.clone(), 4, seed, Options::default()).unwrap();
            let hexes = g.hexes();
            for h in &hexes {
                if matches!(h.number, Some(6 | 8)) {
                    assert_ne!(h.terrain, Some(Terrain::Gold), "{id} seed {seed}: red number on gold at {}", h.hex);
                    for n in h.hex.neighbours() {
                        let nh = hexes.iter().find(|x| x.hex == n);
                        assert!(!nh.is_some_and(|x| matches!(x.number, Some(6 | 8))), "{id} seed {seed}: red numbers at {} and {n}", h.hex);
                    }
                }
            }
        }
    }
}

#[test]
fn every_scenario_file_validates_with_the_spec_targets_and_chips() {
    let all = scenarios::validate_all().unwrap();
    let table: Vec<(&str, u8, u8)> = all.iter().map(|s| (s.id.as_str(), s.target, s.chip)).collect();
    assert_eq!(
        table,
        [
            ("base", 10, 0),
            ("new-shores", 13, 1),
            ("four-islands", 12, 2),
            ("ocean-land", 12, 0),
            ("through-the-desert", 12, 1),
            ("new-world", 12, 1)
        ]
    );
    assert!(all.iter().all(|s| s.min_players == 3 && s.max_players == 4));
}

#[test]
fn bank_holds_19_of_each_resource_and_the_deck_25_cards_shuffled_from_the_seed() {
    let g = play("", &[]);
    let in_hands: u32 = g.players().iter().map(|p| p.hand.total()).sum();
    assert_eq!(g.bank().total() + in_hands, 95);
    assert_eq!(g.deck_size(), 25);
    let sc = scenarios::by_id("base").unwrap();
    let a = Setup::new(sc.clone(), 3, 1, Options::default()).unwrap();
    let b = Setup::new(sc.clone(), 3, 1, Options::default()).unwrap();
    let c = Setup::new(sc, 3, 2, Options::default()).unwrap();
    assert_eq!(a.deck, b.deck);
    assert_ne!(a.deck, c.deck, "another seed, another order");
}

#[test]
fn start_player_is_drawn_from_the_seed() {
    let sc = scenarios::by_id("new-shores").unwrap();
    let starts: Vec<usize> = (0..40).map(|s| Setup::new(sc.clone(), 4, s, Options::default()).unwrap().start_player).collect();
    assert!(starts.iter().all(|&s| s < 4));
    assert!((0..4).all(|p| starts.contains(&p)), "every seat starts for some seed: {starts:?}");
}

#[test]
fn costs_are_charged_to_the_bank() {
    let mut g = play("hands = [\"brick=3 lumber=4 wool=3 grain=4 ore=4\"]", &["roll"]);
    let before = g.bank();
    ok(&mut g, "road -1,1,E");
    ok(&mut g, "settle 0,0,S");
    ok(&mut g, "city 0,0,S");
    ok(&mut g, "ship 0,0,SE");
    ok(&mut g, "buy");
    let paid = Resources::ROAD;
    let mut expected = before;
    for c in [paid, Resources::SETTLEMENT, Resources::CITY, Resources::SHIP, Resources::DEV_CARD] {
        expected.add(&c);
    }
    assert_eq!(g.bank(), expected);
}

#[test]
fn a_piece_with_none_left_in_supply_cannot_be_built() {
    let mut g = play("hands = [\"brick=19 lumber=19\"]", &["roll"]);
    while g.player(0).roads_left > 0 {
        let road = g.legal_actions(0).into_iter().find(|a| matches!(a, Action::BuildRoad { .. })).expect("room for 15 roads");
        g.apply(0, &road).unwrap();
    }
    assert!(!g.legal_actions(0).iter().any(|a| matches!(a, Action::BuildRoad { .. })));
    let e = refused(&mut g, "road 0,0,SE");
    assert!(e.contains("no road left"), "{e}");
}

#[test]
fn city_replaces_ones_own_settlement_and_returns_it_to_the_supply() {
    let mut g = play("hands = [\"ore=6 grain=4\", \"ore=3 grain=2\"]", &["roll"]);
    assert_eq!(g.player(0).settlements_left, 3);
    ok(&mut g, "city 0,0,N");
    assert_eq!((g.player(0).settlements_left, g.player(0).cities_left), (4, 3));
    assert_eq!(g.building_at(v("0,0,N")), Some(Building { owner: 0, city: true }));
    let e = refused(&mut g, "city -2,1,S");
    assert!(e.contains("no settlement"), "{e}");
    let e = refused(&mut g, "city 0,0,N");
    assert!(e.contains("no settlement"), "{e}");
}

// ----- setup -------------------------------------------------------------------------------

#[test]
fn setup_goes_in_snake_order_and_the_second_settlement_yields_its_cards() {
    let g = play_no_setup("", &SETUP[..2]);
    assert_eq!(g.to_act(), [1], "after red's first pair, blue");
    let g = play_no_setup("", &SETUP[..4]);
    assert_eq!(g.to_act(), [1], "blue places twice in a row");
    let g = play_no_setup("", &SETUP[..6]);
    assert_eq!(g.to_act(), [0], "then red");
    let g = play("", &[]);
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.active_player(), 0, "the start player begins");
    // Second settlements: red on forest 4 + sea, blue on forest 6 + sea; first ones give nothing.
    assert_eq!(hand(&g, 0), "lumber=1");
    assert_eq!(hand(&g, 1), "lumber=1");
}

#[test]
fn setup_settlements_stay_in_the_setup_area() {
    let mut g = play_no_setup("", &[]);
    let e = refused(&mut g, "settle 2,-1,N");
    assert!(e.contains("setup area"), "{e}");
}

#[test]
fn when_the_setup_area_is_full_setup_settlements_may_go_on_any_land() {
    // Only hills 0,0 is the setup area: three settlements on alternate corners fill it.
    let t = text("", &["settle 0,0,N", "road 0,0,NW", "settle 0,1,N", "road 0,0,E"], false).replace("^", "").replace("H8 ", "H8^");
    let mut g = Script::parse(&t).unwrap().run().unwrap().game;
    let e = refused(&mut g, "settle -2,1,S");
    assert!(e.contains("outside the setup area"), "{e}");
    ok(&mut g, "settle -1,1,N");
    ok(&mut g, "road -1,1,NW");
    // The hex's other corners are all next to a settlement now: red's second goes elsewhere.
    ok(&mut g, "settle -2,1,S");
}

#[test]
fn founding_phase_may_place_a_ship_instead_of_the_road_on_a_coast() {
    let mut g = play_no_setup("", &["settle 0,0,N"]);
    ok(&mut g, "ship 0,0,NE");
    assert_eq!(g.player(0).ships_left, SHIPS - 1);
    // Inland: no ship.
    let mut g = play_no_setup("", &["settle 0,0,N", "road 0,0,NW", "settle -2,1,S", "road -2,1,SE", "settle -1,0,S"]);
    let e = refused(&mut g, "ship -1,0,SE");
    assert!(e.contains("sea"), "{e}");
}

#[test]
fn no_victory_during_setup() {
    // With a target of 2, red holds 2 settlements after setup placements but does not win
    // until red's own turn begins (at the start of play).
    let t = text("", &SETUP[..7], false).replace("target = 10", "target = 2");
    let mut g = Script::parse(&t).unwrap().run().unwrap().game;
    assert_eq!(g.player(0).points, 2);
    assert!(!g.is_over());
    ok(&mut g, "road -1,1,SE");
    assert_eq!(g.winner(), Some(0), "red wins at the start of red's first turn");
}

// ----- placement ---------------------------------------------------------------------------

#[test]
fn distance_rule_forbids_adjacent_settlements() {
    let mut g = play_no_setup("", &["settle 0,0,N", "road 0,0,NW"]);
    // 0,-1,S is the other end of red's road: adjacent to 0,0,N.
    let e = refused(&mut g, "settle 0,-1,S");
    assert!(e.contains("distance rule"), "{e}");
    let e = refused(&mut g, "settle 0,0,N");
    assert!(e.contains("already built"), "{e}");
}

#[test]
fn settlement_after_setup_needs_ones_own_road_or_ship() {
    let mut g = play("hands = [\"brick=2 lumber=2 wool=2 grain=2\"]", &["roll"]);
    let e = refused(&mut g, "settle -2,0,N");
    assert!(e.contains("not at the end of one of your roads or ships"), "{e}");
    ok(&mut g, "road -1,1,E");
    ok(&mut g, "settle 0,0,S");
}

#[test]
fn road_must_touch_land_and_connect_to_ones_own_piece() {
    let mut g = play("hands = [\"brick=3 lumber=3\"]", &["roll"]);
    let e = refused(&mut g, "road -1,0,SW");
    assert!(e.contains("does not connect"), "{e}");
    let e = refused(&mut g, "road 1,-1,SE");
    assert!(e.contains("does not touch land"), "{e}");
    ok(&mut g, "road 0,0,NE");
}

#[test]
fn a_coast_edge_takes_a_road_or_a_ship_never_both() {
    let mut g = play("hands = [\"brick=1 lumber=2 wool=1\"]", &["roll"]);
    ok(&mut g, "road 0,0,NE");
    let e = refused(&mut g, "ship 0,0,NE");
    assert!(e.contains("already holds"), "{e}");
}

#[test]
fn ships_go_on_edges_touching_the_sea_and_connect_to_ones_own_ship_or_building() {
    let mut g = play("hands = [\"lumber=3 wool=3 brick=1\"]", &["roll"]);
    let e = refused(&mut g, "ship 0,0,W");
    assert!(e.contains("does not touch the sea"), "{e}");
    let e = refused(&mut g, "ship 1,0,SE");
    assert!(e.contains("does not connect"), "{e}");
    ok(&mut g, "ship 0,0,NE");
    ok(&mut g, "ship 1,-1,SE"); // sea-sea, continuing the ship line
}

#[test]
fn ship_and_road_lines_meet_only_at_ones_own_settlement_or_city() {
    let mut g = play("hands = [\"brick=3 lumber=4 wool=3 grain=1\"]", &["roll"]);
    // Red's road ends at the bare intersection -1,2,N: a ship can't continue it there.
    let e = refused(&mut g, "ship -1,2,NE");
    assert!(e.contains("does not connect"), "{e}");
    ok(&mut g, "road -1,1,E"); // to 0,0,S
    let e = refused(&mut g, "ship 0,0,SE");
    assert!(e.contains("does not connect"), "{e}");
    ok(&mut g, "settle 0,0,S");
    ok(&mut g, "ship 0,0,SE");
}

#[test]
fn an_opponents_settlement_blocks_a_ship_line_as_it_blocks_roads() {
    // Red sails 0,0,N -> 1,-2,S -> 0,-1,N along the coast of pasture 0,-1.
    let mut g = play(
        "hands = [\"lumber=4 wool=4\", \"brick=2 lumber=2 wool=1 grain=1\"]\ndice = [\"1 1\", \"1 1\", \"1 1\"]",
        &["roll", "ship 0,-1,E", "ship 0,-1,NE", "end", "roll"],
    );
    // Without a building at 0,-1,N red could continue out to sea there (checked on a copy).
    let mut free = g.clone();
    ok(&mut free, "end");
    ok(&mut free, "roll");
    ok(&mut free, "ship 0,-2,E");
    // Blue builds a road from its settlement's road end 0,-2,S and settles at 0,-1,N.
    ok(&mut g, "road 0,-2,SE");
    ok(&mut g, "settle 0,-1,N");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    let e = refused(&mut g, "ship 0,-2,E");
    assert!(e.contains("does not connect"), "{e}");
}

// ----- production and the bank ------------------------------------------------------------

#[test]
fn production_gives_a_settlement_one_card_and_a_city_two_and_the_robber_blocks_its_hex() {
    let mut g = play("dice = [\"4 4\", \"4 4\", \"4 4\"]\nhands = [\"ore=3 grain=2\"]", &["roll"]);
    // 8: hills at 0,0: red's settlement 0,0,N.
    assert_eq!(g.player(0).hand.brick, 1);
    ok(&mut g, "city 0,0,N");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    assert_eq!(g.player(0).hand.brick, 3, "a city produces two");
    ok(&mut g, "end");
    // A seven, the robber on the hills, then an 8: nothing for red.
    let mut g = play("dice = [\"3 4\", \"4 4\"]", &["roll", "robber 0,0"]);
    ok(&mut g, "end");
    ok(&mut g, "roll");
    assert_eq!(g.player(0).hand.brick, 0, "the robber blocks the hills");
}

#[test]
fn bank_shortage_with_only_one_player_owed_gives_that_player_what_is_left() {
    // Blue's city on forest 6 is owed 2 lumber; red holds 16, so the bank has 1 left.
    let mut g = play(
        "dice = [\"1 1\", \"1 1\", \"3 3\"]\nhands = [\"lumber=16\", \"ore=3 grain=2\"]",
        &["roll", "end", "roll", "city -1,-1,N", "end"],
    );
    assert_eq!(g.bank().lumber, 1);
    ok(&mut g, "roll");
    assert_eq!(g.player(1).hand.lumber, 2, "1 from setup + the 1 left in the bank");
    assert_eq!(g.bank().lumber, 0);
    assert_eq!(g.stats().bank_short, 1);
}

#[test]
fn bank_shortage_with_two_players_owed_gives_nobody_anything() {
    // Red reaches forest 6 (hex -1,-1) with the road -1,0,NE and settles at its corner -1,0,N.
    // Hands take 18 lumber: the bank keeps 1, blue's setup card takes it (red's, placed last,
    // gets none), red's road and settlement pay 2 back, and red's 4:1 trade takes 1 again.
    let mut g = play(
        "dice = [\"1 1\", \"3 3\"]\nhands = [\"brick=6 lumber=3 wool=1 grain=1\", \"lumber=15\"]",
        &["roll", "road -1,0,NE", "settle -1,0,N", "maritime brick lumber", "end"],
    );
    assert_eq!(g.bank().lumber, 1);
    assert_eq!((g.player(0).hand.lumber, g.player(1).hand.lumber), (2, 16));
    // A 6 owes red 1 and blue 1: the bank can't pay both, so nobody receives lumber.
    let ev = ok(&mut g, "roll");
    assert!(ev.contains(&Event::BankShort { resource: Resource::Lumber }), "{ev:?}");
    assert_eq!(g.bank().lumber, 1);
    assert_eq!((g.player(0).hand.lumber, g.player(1).hand.lumber), (2, 16));
}

// ----- the seven, the robber, the pirate -----------------------------------------------------

#[test]
fn seven_makes_every_player_over_seven_cards_discard_half_then_the_robber_moves() {
    let mut g = play("dice = [\"3 4\"]\nhands = [\"brick=4 ore=5\", \"wool=8\"]", &[]);
    ok(&mut g, "roll");
    assert_eq!(g.phase(), Phase::Discard);
    assert_eq!(g.pending_discards(), [(0, 5), (1, 4)]);
    // Nothing else happens while discards are pending.
    let e = refused(&mut g, "0: robber -1,-1 1");
    assert!(e.contains("discards"), "{e}");
    let e = refused(&mut g, "1: discard wool=3");
    assert!(e.contains("exactly 4"), "{e}");
    ok(&mut g, "1: discard wool=4");
    let e = refused(&mut g, "1: discard wool=4");
    assert!(e.contains("nothing to decide"), "{e}");
    ok(&mut g, "0: discard brick=4 ore=1");
    assert_eq!(g.phase(), Phase::Robber);
    assert_eq!(hand(&g, 0), "lumber=1 ore=4");
}

#[test]
fn robber_moves_to_another_land_hex_and_steals_one_card_from_a_named_player_there() {
    let mut g = play("dice = [\"3 4\"]\nsteals = [\"lumber\"]", &["roll"]);
    let e = refused(&mut g, "robber 1,-1");
    assert!(e.contains("not land"), "{e}");
    let e = refused(&mut g, "robber -1,0");
    assert!(e.contains("another hex"), "{e}");
    let e = refused(&mut g, "robber -1,-1");
    assert!(e.contains("name a player"), "{e}");
    let e = refused(&mut g, "robber -2,0 1");
    assert!(e.contains("no building"), "{e}");
    ok(&mut g, "robber -1,-1 1");
    assert_eq!(hand(&g, 0), "lumber=2");
    assert_eq!(hand(&g, 1), "nothing");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn robber_on_a_hex_where_nobody_qualifies_steals_nothing() {
    let mut g = play("dice = [\"3 4\"]", &["roll"]);
    ok(&mut g, "robber -2,0");
    assert_eq!(hand(&g, 0), "lumber=1");
}

#[test]
fn pirate_steals_one_card_from_every_other_player_with_a_ship_next_to_its_hex() {
    let mut g = play(
        "pirate = true\ndice = [\"1 2\", \"1 2\", \"3 4\"]\nsteals = [\"wool\"]\nhands = [\"lumber=2 wool=2\", \"lumber=1 wool=3\"]",
        &["roll", "ship 0,0,NE", "end", "roll", "ship -1,-2,E", "end"],
    );
    // Blue's ship -1,-2,E lies between the sea hexes -1,-2 and 0,-2.
    ok(&mut g, "roll");
    let e = refused(&mut g, "pirate -1,0");
    assert!(e.contains("not sea"), "{e}");
    let e = refused(&mut g, "pirate 1,-2");
    assert!(e.contains("another hex"), "{e}");
    let ev = ok(&mut g, "pirate 0,-2");
    assert!(ev.contains(&Event::Stole { thief: 0, victim: 1, resource: Some(Resource::Wool) }), "{ev:?}");
    assert_eq!((g.player(0).hand.wool, g.player(1).hand.wool), (2, 1));
}

#[test]
fn pirate_hex_edges_take_no_new_ship_and_its_ships_do_not_move() {
    let mut g = play(
        "pirate = true\ndice = [\"1 2\", \"1 2\", \"3 4\"]\nhands = [\"lumber=3 wool=3\"]",
        &["roll", "ship 0,0,NE", "end", "roll", "end", "roll", "pirate 1,-1"],
    );
    let e = refused(&mut g, "ship 1,-1,SE");
    assert!(e.contains("pirate"), "{e}");
    let e = refused(&mut g, "move-ship 0,0,NE 0,-1,E");
    assert!(e.contains("pirate"), "{e}");
}

#[test]
fn knight_moves_the_robber_and_may_be_played_before_the_roll() {
    let mut g = play("deck = [\"knight\"]\nhands = [\"wool=1 grain=1 ore=1\"]\ndice = [\"1 1\", \"1 1\"]", &["roll", "buy"]);
    let e = refused(&mut g, "knight");
    assert!(e.contains("bought this turn"), "{e}");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    ok(&mut g, "end");
    assert_eq!(g.phase(), Phase::Roll);
    ok(&mut g, "knight");
    assert_eq!(g.phase(), Phase::Robber);
    ok(&mut g, "robber -1,-1 1");
    assert_eq!(g.phase(), Phase::Roll, "back to the roll");
    assert_eq!(g.player(0).knights, 1);
}

#[test]
fn largest_army_needs_three_knights_and_strictly_more_than_the_holder() {
    let deck = format!("deck = [{}]", ["\"knight\""; 7].join(", "));
    let hands = "hands = [\"wool=3 grain=3 ore=3\", \"wool=4 grain=4 ore=4\"]";
    let dice = format!("dice = [{}]", ["\"1 1\""; 20].join(", "));
    let mut g = play(&format!("{deck}\n{hands}\n{dice}"), &["roll", "buy", "buy", "buy", "end", "roll", "buy", "buy", "buy", "buy", "end"]);
    // The robber alternates between two empty hexes (fields 9 and the desert).
    let mut spots = ["robber -2,0", "robber -1,0"].into_iter().cycle();
    for round in 0..3 {
        for _player in 0..2 {
            ok(&mut g, "knight");
            ok(&mut g, spots.next().unwrap());
            ok(&mut g, "roll");
            if round == 1 {
                assert_eq!(g.largest_army_holder(), None, "2 knights are not enough");
            }
            ok(&mut g, "end");
        }
    }
    assert_eq!(g.largest_army_holder(), Some(0), "red reached 3 first; blue's 3 only tie");
    ok(&mut g, "roll");
    ok(&mut g, "end");
    ok(&mut g, "knight");
    ok(&mut g, spots.next().unwrap());
    assert_eq!(g.largest_army_holder(), Some(1), "4 beats 3");
    assert_eq!(g.player(1).points, 4);
    assert_eq!(g.player(0).points, 2);
}

#[test]
fn road_building_gives_two_free_roads_or_ships_placed_first() {
    let mut g = play(
        "deck = [\"road_building\"]\nhands = [\"wool=1 grain=1 ore=1\"]\ndice = [\"1 1\", \"1 1\"]",
        &["roll", "buy", "end", "roll", "end"],
    );
    ok(&mut g, "road-building");
    assert_eq!(g.phase(), Phase::RoadBuilding { left: 2 });
    let e = refused(&mut g, "roll");
    assert!(e.contains("free roads"), "{e}");
    ok(&mut g, "road 0,0,NE");
    ok(&mut g, "ship 0,-1,E");
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!((g.player(0).roads_left, g.player(0).ships_left), (12, 14));
    assert_eq!(hand(&g, 0), "lumber=1", "free: nothing paid");
    // A free ship counts as built this turn: it can't move until the next turn.
    ok(&mut g, "roll");
    let e = refused(&mut g, "move-ship 0,-1,E 1,-1,SE");
    assert!(e.contains("built this turn"), "{e}");
}

/// Two one-hex islets and no ships: red's six roads can ring its islet and go nowhere else.
const ISLETS: &str = r#"
players = 2
start_player = 0
seed = 1
deck = ["road_building"]
hands = ["brick=4 lumber=4 wool=1 grain=1 ore=1"]
dice = ["1 1", "1 1"]
actions = [
  "settle 0,0,N", "road 0,0,NE", "settle 3,0,N", "road 3,0,NE", "settle 3,0,S", "road 3,0,SE", "settle 0,0,S", "road 0,0,SE",
  "roll", "buy", "road 0,0,E", "road 0,0,SW", "road 0,0,W", "end", "roll", "end",
]

[map]
id = "islets"
name = "Two islets"
players = [2, 4]
target = 10
chip = 0
home = "settlements"
ships = false
harbours = []
map = """
r=-1 q=0 : S    S    S    S    S
r=0  q=-1: S    F5   S    S    P9   S
r=1  q=-1: S    S    S    S    S
"""
"#;

#[test]
fn road_building_is_refused_when_no_road_or_ship_could_be_placed() {
    let run = |text: &str| Script::parse(text).unwrap_or_else(|e| panic!("{e}")).run().unwrap_or_else(|e| panic!("{e}")).game;
    // One edge of the islet is still free: the card may be played, and places one road.
    let mut g = run(ISLETS);
    assert_eq!(g.phase(), Phase::Roll);
    assert!(g.legal_actions(0).contains(&Action::PlayRoadBuilding));
    ok(&mut g, "road-building");
    ok(&mut g, "road 0,0,NW");
    assert_eq!(g.phase(), Phase::Roll, "Road Building ends early when no second piece can be placed");
    // With that edge taken too, nothing can be placed: the card is refused, kept, and not offered.
    let mut g = run(&ISLETS.replace(r#""road 0,0,W", "end""#, r#""road 0,0,W", "road 0,0,NW", "end""#));
    let e = refused(&mut g, "road-building");
    assert!(e.contains("Road Building would place nothing"), "{e}");
    assert_eq!(g.player(0).dev.road_building, 1, "the card stays in the hand");
    assert!(!g.legal_actions(0).contains(&Action::PlayRoadBuilding));
}

#[test]
fn a_setup_ship_may_move_from_the_first_turn() {
    let mut g = play_no_setup(
        "dice = [\"1 1\"]",
        &[
            "settle 0,0,N",
            "ship 0,0,NE",
            "settle -2,1,S",
            "road -2,1,SE",
            "settle -1,-1,N",
            "road -1,-1,NE",
            "settle -1,1,S",
            "road -1,1,SE",
            "roll",
        ],
    );
    ok(&mut g, "move-ship 0,0,NE 0,-1,E");
    assert_eq!(g.route_at("0,-1,E".parse().unwrap()), Some(Route { owner: 0, kind: RouteKind::Ship }));
    assert_eq!(g.route_at("0,0,NE".parse().unwrap()), None);
}

#[test]
fn year_of_plenty_takes_what_the_bank_has_up_to_two() {
    let mut g = play(
        "deck = [\"year_of_plenty\"]\nhands = [\"wool=1 grain=1 ore=19\"]\ndice = [\"1 1\", \"1 1\"]",
        &["roll", "buy", "end", "roll", "end"],
    );
    // The bank has 1 ore (red paid one back) ... red holds 18 after paying: bank ore = 1.
    assert_eq!(g.bank().ore, 1);
    ok(&mut g, "year-of-plenty ore ore");
    assert_eq!(g.player(0).hand.ore, 19);
    assert_eq!(g.bank().ore, 0);
}

#[test]
fn monopoly_takes_every_card_of_the_named_resource_from_every_other_player() {
    let mut g = play(
        "deck = [\"monopoly\"]\nhands = [\"wool=1 grain=1 ore=1\", \"wool=3 grain=2\"]\ndice = [\"1 1\", \"1 1\"]",
        &["roll", "buy", "end", "roll", "end"],
    );
    ok(&mut g, "monopoly wool");
    assert_eq!(hand(&g, 0), "lumber=1 wool=3");
    assert_eq!(hand(&g, 1), "lumber=1 grain=2");
}

#[test]
fn one_development_card_per_turn_never_the_one_bought_this_turn() {
    let mut g = play(
        "deck = [\"knight\", \"monopoly\", \"knight\"]\nhands = [\"wool=3 grain=3 ore=3\"]\ndice = [\"1 1\", \"1 1\", \"1 1\"]",
        &["roll", "buy", "buy", "end", "roll", "end"],
    );
    ok(&mut g, "roll");
    ok(&mut g, "buy");
    ok(&mut g, "knight");
    ok(&mut g, "robber -2,0");
    let e = refused(&mut g, "monopoly wool");
    assert!(e.contains("already played"), "{e}");
    assert_eq!(g.player(0).dev.knight, 1, "the knight bought this turn is still in hand");
}

#[test]
fn victory_point_cards_are_never_played_and_count_hidden() {
    let mut g = play("deck = [\"victory_point\"]\nhands = [\"wool=1 grain=1 ore=1\"]", &["roll", "buy"]);
    assert_eq!(g.player(0).points, 3);
    assert_eq!(g.public_points(0), 2);
    assert!(!g.legal_actions(0).iter().any(|a| matches!(a, Action::PlayKnight)));
    let view = g.view(1);
    assert_eq!(view.players[0].public_points, 2);
    assert_eq!(view.players[0].points, None);
    assert_eq!(view.players[0].dev, None);
    assert_eq!(view.players[0].dev_cards, 1);
    let e = refused(&mut g, "knight");
    assert!(e.contains("no knight"), "{e}");
}

#[test]
fn buying_from_an_empty_deck_is_illegal() {
    let mut script = Script::parse(&text("hands = [\"wool=2 grain=2 ore=2\"]", &["roll"], true)).unwrap();
    script.setup.deck = vec![DevCard::Knight];
    let mut g = script.run().unwrap().game;
    ok(&mut g, "buy");
    assert_eq!(g.deck_size(), 0);
    assert!(!g.legal_actions(0).contains(&Action::BuyDevCard));
    let e = refused(&mut g, "buy");
    assert!(e.contains("deck is empty"), "{e}");
}

// ----- trade ---------------------------------------------------------------------------------

#[test]
fn domestic_trade_offer_answers_and_confirmation() {
    let mut g = play("hands = [\"brick=2\", \"ore=2\"]", &["roll"]);
    let e = refused(&mut g, "offer brick=1 for nothing");
    assert!(e.contains("no gifts"), "{e}");
    let e = refused(&mut g, "offer brick=1 for brick=1 ore=1");
    assert!(e.contains("both sides"), "{e}");
    ok(&mut g, "offer brick=2 for ore=1");
    let e = refused(&mut g, "0: accept");
    assert!(e.contains("your own offer"), "{e}");
    let e = refused(&mut g, "confirm 1");
    assert!(e.contains("not accepted"), "{e}");
    ok(&mut g, "1: accept");
    let e = refused(&mut g, "1: decline");
    assert!(e.contains("already answered"), "{e}");
    ok(&mut g, "confirm 1");
    assert_eq!(hand(&g, 0), "lumber=1 ore=1");
    assert_eq!(hand(&g, 1), "brick=2 lumber=1 ore=1");
    assert!(g.offer().is_none());
}

#[test]
fn a_counter_offer_answers_with_other_terms_and_the_offerer_may_confirm_it() {
    let mut g = play("hands = [\"brick=2\", \"ore=2\"]", &["roll"]);
    ok(&mut g, "offer brick=2 for ore=1");
    let e = refused(&mut g, "1: counter ore=1 for brick=2");
    assert!(e.contains("own terms"), "the offer itself is an acceptance, not a counter: {e}");
    let e = refused(&mut g, "1: counter ore=3 for brick=1");
    assert!(e.contains("can't pay"), "a counter gives only what its player holds: {e}");
    let e = refused(&mut g, "1: counter ore=1 for ore=1 brick=1");
    assert!(e.contains("both sides"), "{e}");
    let e = refused(&mut g, "0: counter brick=1 for ore=1");
    assert!(e.contains("your own offer"), "{e}");
    // A counter that asks for more than the offerer holds is allowed (their hand is hidden) but
    // cannot be confirmed; the offer stays open for the others' answers.
    ok(&mut g, "1: counter ore=1 for lumber=5");
    let e = refused(&mut g, "1: accept");
    assert!(e.contains("already answered"), "one answer per player: {e}");
    let e = refused(&mut g, "confirm 1");
    assert!(e.contains("can't pay"), "{e}");
    assert!(g.offer().is_some());
    // A new offer clears the answers; a fair counter is confirmed on its own terms.
    ok(&mut g, "offer brick=2 for ore=1");
    ok(&mut g, "1: counter ore=1 for brick=1");
    assert!(g.legal_actions(0).contains(&Action::ConfirmTrade { with: 1 }), "the offerer is offered the counter");
    ok(&mut g, "confirm 1");
    assert_eq!(hand(&g, 0), "brick=1 lumber=1 ore=1");
    assert_eq!(hand(&g, 1), "brick=1 lumber=1 ore=1");
    assert!(g.offer().is_none());
}

#[test]
fn trade_offers_need_the_cards_and_end_with_the_turn() {
    let mut g = play("hands = [\"brick=1\", \"ore=1\"]", &[]);
    let e = refused(&mut g, "offer brick=1 for ore=1");
    assert!(e.contains("the roll"), "offers come after the roll: {e}");
    ok(&mut g, "roll");
    let e = refused(&mut g, "offer brick=2 for ore=1");
    assert!(e.contains("can't pay"), "{e}");
    ok(&mut g, "offer brick=1 for ore=1");
    ok(&mut g, "1: accept");
    ok(&mut g, "withdraw");
    let e = refused(&mut g, "confirm 1");
    assert!(e.contains("no open trade offer"), "{e}");
    ok(&mut g, "offer brick=1 for ore=1 to 1");
    ok(&mut g, "end");
    assert!(g.offer().is_none());
    let e = refused(&mut g, "1: accept");
    assert!(e.contains("roll") || e.contains("no open"), "{e}");
}

#[test]
fn maritime_trade_is_4_to_1_or_3_to_1_or_2_to_1_at_ones_harbours() {
    let mut g = play("hands = [\"ore=4 brick=3\", \"ore=2\"]", &["roll"]);
    // Red has no harbour: 4:1.
    let e = refused(&mut g, "maritime brick wool");
    assert!(e.contains("can't pay"), "{e}");
    ok(&mut g, "maritime ore wool");
    assert_eq!(hand(&g, 0), "brick=3 lumber=1 wool=1");
    // Blue's -2,1,S sits on the ore harbour -2,1,SW: 2:1.
    assert_eq!(g.trade_rate(1, Resource::Ore), 2);
    assert_eq!(g.trade_rate(1, Resource::Wool), 4);
    assert_eq!(g.trade_rate(0, Resource::Brick), 4);
}

#[test]
fn a_generic_harbour_trades_3_to_1_for_its_owner() {
    // Red's roads -1,1,E and 0,0,SE reach 0,1,N, an end of the 3:1 harbour on edge 0,0,E.
    let mut g = play("hands = [\"brick=6 lumber=3 wool=1 grain=1\"]", &["roll", "road -1,1,E", "road 0,0,SE", "settle 0,1,N"]);
    assert_eq!(g.trade_rate(0, Resource::Brick), 3);
    assert_eq!(g.trade_rate(0, Resource::Ore), 3);
    ok(&mut g, "maritime brick ore");
    assert_eq!(hand(&g, 0), "lumber=1 ore=1", "3 brick for 1 ore; the setup lumber is left");
}

// ----- ships -------------------------------------------------------------------------------

#[test]
fn a_ship_at_an_open_end_moves_once_per_turn_but_not_the_turn_it_was_built() {
    let mut g = play("hands = [\"lumber=3 wool=3\"]\ndice = [\"1 1\", \"1 1\", \"1 1\"]", &["roll", "ship 0,0,NE"]);
    let e = refused(&mut g, "move-ship 0,0,NE 0,-1,E");
    assert!(e.contains("built this turn"), "{e}");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    ok(&mut g, "ship 1,-1,SE");
    // The older ship is not at an open end any more (the new one continues it).
    let e = refused(&mut g, "move-ship 0,0,NE 0,-1,E");
    assert!(e.contains("open end"), "{e}");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    ok(&mut g, "move-ship 1,-1,SE 0,-1,E");
    let e = refused(&mut g, "move-ship 0,-1,E 1,-1,SE");
    assert!(e.contains("already moved"), "{e}");
}

#[test]
fn a_moved_ship_is_judged_with_it_lifted_and_a_closed_line_cannot_move() {
    let mut g = play(
        "hands = [\"lumber=5 wool=5 brick=2 grain=1\"]\ndice = [\"1 1\", \"1 1\"]",
        &["roll", "ship 0,0,NE", "ship 1,-1,SE", "end", "roll", "end"],
    );
    ok(&mut g, "roll");
    // Lifting 1,-1,SE: it cannot move to an edge that only it connected to.
    let e = refused(&mut g, "move-ship 1,-1,SE 1,0,SE");
    assert!(e.contains("does not connect"), "{e}");
    // Close the line: settle 1,0,N (gold island) at its end.
    ok(&mut g, "settle 1,0,N");
    let e = refused(&mut g, "move-ship 1,-1,SE 0,-1,E");
    assert!(e.contains("open end"), "{e}");
    let e = refused(&mut g, "move-ship 0,0,NE 0,-1,E");
    assert!(e.contains("open end"), "{e}");
}

// ----- gold --------------------------------------------------------------------------------

#[test]
fn gold_field_gives_a_card_of_the_owners_choice_one_for_a_settlement_two_for_a_city() {
    let mut g = play(
        "hands = [\"lumber=2 wool=3 brick=1 grain=3 ore=3\"]\ndice = [\"1 1\", \"1 1\", \"4 6\", \"1 1\", \"4 6\"]",
        &["roll", "ship 0,0,NE", "ship 1,-1,SE", "settle 1,0,N", "end", "roll", "end"],
    );
    ok(&mut g, "roll");
    assert_eq!(g.phase(), Phase::Gold);
    assert_eq!(g.pending_gold(), [(0, 1)]);
    let e = refused(&mut g, "end");
    assert!(e.contains("gold"), "{e}");
    let e = refused(&mut g, "gold ore=2");
    assert!(e.contains("exactly 1"), "{e}");
    ok(&mut g, "gold ore=1");
    assert_eq!(g.phase(), Phase::Main);
    ok(&mut g, "city 1,0,N");
    ok(&mut g, "end");
    ok(&mut g, "roll");
    ok(&mut g, "end");
    let ev = ok(&mut g, "roll");
    assert!(ev.contains(&Event::GoldOwed { player: 0, count: 2 }), "{ev:?}");
}

#[test]
fn gold_choices_take_only_what_the_bank_holds() {
    // Blue holds every ore: the bank has none to give for gold.
    let mut g = play(
        "hands = [\"lumber=2 wool=3 brick=1 grain=1\", \"ore=19\"]\ndice = [\"1 1\", \"1 1\", \"4 6\"]",
        &["roll", "ship 0,0,NE", "ship 1,-1,SE", "settle 1,0,N", "end", "roll", "end"],
    );
    assert_eq!(g.bank().ore, 0);
    ok(&mut g, "roll");
    let e = refused(&mut g, "gold ore=1");
    assert!(e.contains("doesn't hold"), "{e}");
    assert!(g.legal_actions(0).iter().all(|a| matches!(a, Action::ChooseGold { cards } if cards.ore == 0)));
    ok(&mut g, "gold wool=1");
}

#[test]
fn a_second_setup_settlement_next_to_gold_owes_a_gold_choice() {
    let t = text("", &["settle 0,0,N", "road 0,0,NW", "settle -2,1,S", "road -2,1,SE", "settle -1,-1,N", "road -1,-1,NE"], false)
        .replace("G10\n", "G10^\n")
        .replace("P3 ", "P3^ ")
        .replace("r=-1 q=-2: S    F6^  P5^  S    G10  S", "r=-1 q=-2: S    F6^  P5^  S    G10^ S");
    let mut g = Script::parse(&t).unwrap().run().unwrap().game;
    ok(&mut g, "settle 1,0,N");
    assert_eq!(g.phase(), Phase::Gold);
    assert_eq!(g.pending_gold(), [(0, 1)]);
    ok(&mut g, "gold grain=1");
    assert!(matches!(g.phase(), Phase::SetupRoute { .. }));
    assert_eq!(hand(&g, 0), "grain=1");
}

// ----- longest trade route, victory --------------------------------------------------------

#[test]
fn longest_trade_route_needs_five_and_the_holder_keeps_it_on_a_tie() {
    let mut g = play("hands = [\"brick=5 lumber=9 wool=4\", \"brick=5 lumber=5\"]\ndice = [\"1 1\", \"1 1\"]", &["roll"]);
    for e in ["road 0,0,NE", "road 0,0,E", "road 0,0,SE"] {
        ok(&mut g, e);
    }
    assert_eq!(g.player(0).route_length, 4);
    assert_eq!(g.longest_route_holder(), None, "4 is not enough");
    ok(&mut g, "road 0,0,SW");
    assert_eq!(g.player(0).route_length, 5);
    assert_eq!(g.longest_route_holder(), Some(0));
    assert_eq!(g.player(0).points, 4);
    ok(&mut g, "end");
    ok(&mut g, "roll");
    for e in ["road -2,1,SW", "road -2,1,W", "road -2,0,SW", "road -2,0,W"] {
        ok(&mut g, e);
    }
    assert_eq!(g.player(1).route_length, 5);
    assert_eq!(g.longest_route_holder(), Some(0), "a tie: the holder keeps it");
}

#[test]
fn victory_comes_on_ones_own_turn_at_the_target() {
    // Red: 2 settlements + victory point cards bought on red's own turn.
    let deck = format!("deck = [{}]", ["\"victory_point\""; 5].join(", "));
    let mut g = play(&format!("{deck}\nhands = [\"wool=8 grain=8 ore=8\"]"), &["roll", "buy", "buy", "buy", "buy"]);
    assert_eq!(g.player(0).points, 6);
    assert!(!g.is_over());
    ok(&mut g, "buy");
    assert_eq!(g.player(0).points, 7);
    assert_eq!(g.winner(), None, "7 of 10");
    // With a target of 7 the fifth card wins at once.
    let t = text(&format!("{deck}\nhands = [\"wool=8 grain=8 ore=8\"]"), &["roll", "buy", "buy", "buy", "buy", "buy"], true)
        .replace("target = 10", "target = 7");
    let g = Script::parse(&t).unwrap().run().unwrap().game;
    assert_eq!(g.winner(), Some(0));
    assert!(matches!(g.phase(), Phase::GameOver { winner: 0 }));
}

// ----- special victory points, discovery ---------------------------------------------------

#[test]
fn first_settlement_on_a_foreign_island_gives_the_scenarios_chip_once_per_island() {
    let mut g =
        play("hands = [\"lumber=6 wool=6 brick=2 grain=2\"]\ndice = [\"1 1\"]", &["roll", "ship 0,0,NE", "ship 1,-1,SE", "settle 1,0,N"]);
    assert_eq!(g.player(0).chips, 1);
    assert_eq!(g.player(0).points, 4, "2 setup settlements + 1 + the chip");
    // A second settlement on the same island (1,1,N, a corner of pasture 2,0) gives no chip.
    ok(&mut g, "ship 1,0,NE");
    ok(&mut g, "ship 1,0,E");
    ok(&mut g, "settle 1,1,N");
    assert_eq!(g.player(0).chips, 1);
    // Red's road 0,0,NW + four ships through red's own settlement 0,0,N: the longest route too.
    assert_eq!(g.player(0).route_length, 5);
    assert_eq!(g.player(0).points, 3 + 1 + 1 + 2);
}

#[test]
fn no_chip_on_a_home_island_and_none_on_a_no_chip_island() {
    let g = play("hands = [\"brick=2 lumber=2 wool=1 grain=1\"]", &["roll", "road -1,1,E", "settle 0,0,S"]);
    assert_eq!(g.player(0).chips, 0, "the main island is everybody's home");
    assert_eq!(g.player(0).points, 3);
    let t = text(
        "hands = [\"lumber=4 wool=4 brick=2 grain=2\"]\ndice = [\"1 1\"]",
        &["roll", "ship 0,0,NE", "ship 1,-1,SE", "settle 1,0,N"],
        true,
    )
    .replace("P3   S", "P3x  S");
    let g = Script::parse(&t).unwrap().run().unwrap().game;
    assert_eq!(g.player(0).chips, 0, "the island is marked x");
}

#[test]
fn home_islands_from_setup_settlements_under_the_settlements_rule() {
    let t = text("", &[], true).replace("home = \"setup-area\"", "home = \"settlements\"");
    let g = Script::parse(&t).unwrap().run().unwrap().game;
    let island = g.island_of(Hex::new(0, 0)).unwrap();
    assert_eq!(g.player(0).home_islands, [island]);
    assert_eq!(g.player(1).home_islands, [island]);
}

#[test]
fn discovery_draws_a_hex_and_a_number_and_gives_the_discoverer_a_card() {
    // Hex 1,-2 (north of red's 0,0,N) is unknown; the draws are fixed: forest 9, then sea.
    let t = text("hands = [\"lumber=3 wool=3\"]\ndiscoveries = { a = \"F9 S\" }", &["roll", "ship 0,0,NE"], true)
        .replace("r=-2 q=-1: S    S    S    S    S", "r=-2 q=-1: S    S    U    S    S")
        .replace("pirate = \"1,-2\"", "pirate = \"1,-3\"")
        + "\n[map.pools.a]\nterrain = \"F S\"\nnumbers = \"9\"\n";
    let mut game = Script::parse(&t).unwrap().run().unwrap().game;
    // Unknown hexes are neither land nor sea, and the ship 0,0,NE did not reach a corner of 1,-2.
    assert_eq!(game.terrain_at(Hex::new(1, -2)), None);
    let ev = ok(&mut game, "ship 0,-1,E"); // ends at 1,-2,S, a corner of the unknown hex
    assert!(ev.contains(&Event::Discovered { player: 0, hex: Hex::new(1, -2), terrain: Terrain::Forest, number: Some(9) }), "{ev:?}");
    assert!(ev.contains(&Event::DiscoveryCard { player: 0, resource: Resource::Lumber }));
    assert_eq!(game.terrain_at(Hex::new(1, -2)), Some(Terrain::Forest));
    assert_eq!(game.player(0).hand.lumber, 3, "1 (setup) + 3 - 2 ships + 1 discovered");
}

// ----- engine shape ------------------------------------------------------------------------

#[test]
fn a_refused_action_changes_nothing_and_says_why() {
    let mut g = play("", &[]);
    let before = format!("{:?}", g.full_view());
    let e = g.apply(1, &Action::Roll).unwrap_err();
    assert_eq!(e, RuleError::NotYourTurn { player: 1 });
    assert_eq!(before, format!("{:?}", g.full_view()));
    let e = g.apply(0, &Action::EndTurn).unwrap_err();
    assert!(e.to_string().contains("roll"), "{e}");
}

#[test]
fn a_turn_ends_only_after_the_roll_with_nothing_pending() {
    let mut g = play("dice = [\"3 4\"]\nhands = [\"wool=9\"]", &[]);
    let e = refused(&mut g, "end");
    assert!(e.contains("roll"), "{e}");
    ok(&mut g, "roll");
    let e = refused(&mut g, "0: end");
    assert!(e.contains("discards"), "{e}");
}

#[test]
fn each_player_sees_their_own_cards_and_only_counts_of_others() {
    let g = play("hands = [\"brick=2\", \"ore=3\"]", &[]);
    let v = g.view(0);
    assert_eq!(v.players[0].hand, Some("brick=2 lumber=1".parse().unwrap()));
    assert_eq!(v.players[1].hand, None);
    assert_eq!(v.players[1].cards, 4);
    let full = g.full_view();
    assert!(full.players.iter().all(|p| p.hand.is_some() && p.dev.is_some()));
}

#[test]
fn replaying_the_actions_of_a_game_rebuilds_the_same_state() {
    let sc = scenarios::by_id("four-islands").unwrap();
    let setup = Setup::new(sc, 3, 9, Options::default()).unwrap();
    let mut g = Game::from_setup(setup.clone()).unwrap();
    let mut bots: Vec<Bot> = (0..3).map(|p| Bot::new(Strategy::Greedy, p)).collect();
    let mut log = Vec::new();
    while !g.is_over() && log.len() < 3000 {
        let p = g.to_act()[0];
        let a = bots[p].choose(&g, p).unwrap();
        g.apply(p, &a).unwrap();
        log.push((p as u8, a));
    }
    let r = Game::replay(setup, &log).unwrap();
    assert_eq!(format!("{:?}", r.full_view()), format!("{:?}", g.full_view()));
}

#[test]
fn harbours_of_a_new_world_are_placed_by_the_players_in_turn_before_the_setup() {
    let sc = scenarios::by_id("new-world").unwrap();
    let mut g = Game::new(sc, 3, 5, Options::default()).unwrap();
    assert_eq!(g.phase(), Phase::PlaceHarbour);
    let mut seats = Vec::new();
    while g.phase() == Phase::PlaceHarbour {
        let p = g.to_act()[0];
        seats.push(p);
        let a = g.legal_actions(p)[0];
        g.apply(p, &a).unwrap();
    }
    assert_eq!(seats.len(), 9);
    assert!(seats.windows(2).all(|w| w[1] == (w[0] + 1) % 3), "in turn: {seats:?}");
    assert_eq!(g.harbours().len(), 9);
    assert_eq!(g.phase(), Phase::SetupSettlement);
}

#[test]
fn four_islands_setup_settlement_facing_another_island_must_start_with_a_ship() {
    let sc = scenarios::by_id("four-islands").unwrap();
    let g = Game::new(sc.clone(), 3, 1, Options::default()).unwrap();
    // Find a legal setup spot next to a must-ship sea hex, place it, and look at the routes.
    let must: Vec<Hex> = sc.hexes.iter().filter(|d| d.must_ship).map(|d| d.hex).collect();
    let p = g.to_act()[0];
    let spot = g
        .legal_actions(p)
        .into_iter()
        .find(|a| matches!(a, Action::BuildSettlement { at } if at.hexes().iter().any(|h| must.contains(h))))
        .expect("a coast facing another island");
    let mut g2 = g.clone();
    g2.apply(p, &spot).unwrap();
    let routes = g2.legal_actions(p);
    assert!(!routes.is_empty());
    assert!(routes.iter().all(|a| matches!(a, Action::BuildShip { .. })), "{routes:?}");
}

#[test]
fn harbours_placed_by_players_relax_then_drop_when_the_coast_runs_out() {
    // One land hex: 6 coast edges. Three harbours fit with no shared intersection; then any
    // free coast edge; the seventh harbour of the pile finds none and is dropped.
    let t = r#"
players = 2
start_player = 0
[map]
id = "rock"
name = "One rock"
players = [2, 4]
target = 10
harbours_by_players = true
harbour_pool = "3:1 3:1 3:1 3:1 3:1 3:1 3:1"
map = """
r=-1 q=0 : S    S
r=0  q=-1: S    F5   S
r=1  q=-1: S    S
"""
"#;
    let mut g = Script::parse(t).unwrap().run().unwrap().game;
    let mut spots = Vec::new();
    while g.phase() == Phase::PlaceHarbour {
        let p = g.to_act()[0];
        let legal = g.legal_actions(p);
        spots.push(legal.len());
        g.apply(p, &legal[0]).unwrap();
    }
    assert_eq!(g.harbours().len(), 6);
    assert_eq!(g.phase(), Phase::SetupSettlement);
    assert_eq!(spots[0], 6, "every coast edge at first");
    assert!(spots.iter().all(|&n| n > 0));
}

#[test]
fn through_the_desert_main_island_gold_lies_beyond_the_desert_never_in_the_setup_area() {
    let sc = scenarios::by_id("through-the-desert").unwrap();
    for players in 3..=4 {
        for seed in 0..100 {
            let setup = Setup::new(sc.clone(), players, seed, Options::default()).unwrap();
            let mut beyond = 0;
            for (def, resolved) in sc.hexes.iter().zip(&setup.map.hexes) {
                if resolved.terrain == Some(Terrain::Gold) {
                    assert!(!def.setup, "seed {seed}: gold at {} in the setup area", def.hex);
                    beyond += usize::from(def.no_chip);
                }
            }
            assert_eq!(beyond, 1, "seed {seed}: the part beyond the desert holds the main island's gold field");
        }
    }
}
