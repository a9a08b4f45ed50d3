//! The rules of GAME_SPEC.md, one test per rule.
//!
//! Every test builds a tiny game from scenario text (inline tiles, a deck in draw order, a ship
//! order and the actions in text form), so the board is fully controlled, then checks the
//! resulting `Game` and the events the engine reported.
//!
//! Geometry: x grows east, y grows south; the start tile at (0,0) carries an island from W to E
//! with one sea north of it and another south of it. Rotations are clockwise; the tiles below
//! are listed in their rotation-0 orientation.

use southseas_engine::scenario::{Scenario, Summary, parse_action};
use southseas_engine::*;

// ----- shared fixtures ------------------------------------------------------------------------

/// The test tile palette. Feature indices (islands, then bridges, then seas, then the market):
/// start/ST: 0 island, 1 sea N, 2 sea S; W*: 0 sea; CAP*: 0 island, 1 sea; BAY*: 0 island,
/// 1 sea; BR: 0 bridge, 1 sea N side, 2 sea S side; BI: 0 island, 1 bridge, 2 sea E, 3 sea W;
/// BT: 0..2 bridges W/E/S, 3..5 seas; BC: 0 bridge, 1 inner sea, 2 outer sea; MK: 0 sea,
/// 1 market; X4: four bridges ending at a junction (fits nowhere next to sea and island edges).
const TILES: &str = r#"
[[tile]]
id = "start"
start = true
islands = [{ edges = "EW", bananas = 1 }]
seas = [{ ports = "N" }, { ports = "S" }]

[[tile]]
id = "W0"
seas = [{ ports = "N E S W" }]

[[tile]]
id = "W1"
seas = [{ ports = "N E S W", fish = [1] }]

[[tile]]
id = "W2"
seas = [{ ports = "N E S W", fish = [2] }]

[[tile]]
id = "W21"
seas = [{ ports = "N E S W", fish = [2, 1] }]

[[tile]]
id = "WB"
seas = [{ ports = "N E S W", boat = true }]

[[tile]]
id = "WB1"
seas = [{ ports = "N E S W", fish = [1], boat = true }]

[[tile]]
id = "WB2"
seas = [{ ports = "N E S W", fish = [2], boat = true }]

[[tile]]
id = "ST"
islands = [{ edges = "EW", bananas = 1 }]
seas = [{ ports = "N" }, { ports = "S" }]

[[tile]]
id = "CAP"
islands = [{ edges = "N", bananas = 2 }]
seas = [{ ports = "E S W" }]

[[tile]]
id = "CAPB"
islands = [{ edges = "N", bananas = 2 }]
seas = [{ ports = "E S W", fish = [2], boat = true }]

[[tile]]
id = "IT"
islands = [{ edges = "ESW", bananas = 1 }]
seas = [{ ports = "N" }]

[[tile]]
id = "BAY"
islands = [{ edges = "NEW" }]
seas = [{ ports = "S", fish = [2] }]

[[tile]]
id = "BAYB"
islands = [{ edges = "NEW" }]
seas = [{ ports = "S", fish = [2], boat = true }]

[[tile]]
id = "BAY2"
islands = [{ edges = "NE" }]
seas = [{ ports = "S W", fish = [1] }]

[[tile]]
id = "BR"
bridges = [{ edges = "EW", shells = 1 }]
seas = [{ ports = "N En Wn" }, { ports = "S Es Ws" }]

[[tile]]
id = "BI"
islands = [{ edges = "N" }]
bridges = [{ edges = "S", shells = 1 }]
seas = [{ ports = "E Se" }, { ports = "W Sw" }]

[[tile]]
id = "BT"
junction = true
bridges = [{ edges = "W" }, { edges = "E", shells = 1 }, { edges = "S" }]
seas = [{ ports = "N En Wn" }, { ports = "Es Se" }, { ports = "Sw Ws" }]

[[tile]]
id = "BC"
bridges = [{ edges = "ES", shells = 1 }]
seas = [{ ports = "Es Se" }, { ports = "N En W Sw" }]

[[tile]]
id = "MK"
market = true
seas = [{ ports = "N E S W" }]

[[tile]]
id = "X4"
junction = true
bridges = [{ edges = "N" }, { edges = "E" }, { edges = "S" }, { edges = "W" }]
seas = [{ ports = "Nw Wn" }, { ports = "Ne En" }, { ports = "Es Se" }, { ports = "Sw Ws" }]
"#;

/// Ships. `N*` ask for far more wares than any test collects (so no delivery is possible and
/// the turn ends by itself); `D_*` are the deliverable ones.
const SHIPS: &str = r#"
[[ship]]
id = "N2"
value = 2
exact = { shells = 20 }

[[ship]]
id = "N2b"
value = 2
exact = { bananas = 20 }

[[ship]]
id = "N2c"
value = 2
exact = { fish = 20 }

[[ship]]
id = "N2d"
value = 2
same = 20

[[ship]]
id = "N3"
value = 3
exact = { shells = 19 }

[[ship]]
id = "N3b"
value = 3
exact = { bananas = 19 }

[[ship]]
id = "N4"
value = 4
exact = { shells = 18 }

[[ship]]
id = "N5"
value = 5
exact = { shells = 17 }

[[ship]]
id = "N5b"
value = 5
exact = { bananas = 17 }

[[ship]]
id = "N5c"
value = 5
exact = { shells = 17 }

[[ship]]
id = "N6"
value = 6
exact = { fish = 17 }

[[ship]]
id = "D_EX"
value = 3
exact = { bananas = 2, fish = 1 }

[[ship]]
id = "D_A3"
value = 2
any = 3

[[ship]]
id = "D_A7"
value = 6
any = 7

[[ship]]
id = "D_S2"
value = 2
same = 2

[[ship]]
id = "D_S4"
value = 3
same = 4

[[ship]]
id = "D_SO21"
value = 2
same_and_other = [2, 1]

[[ship]]
id = "D_SO31"
value = 3
same_and_other = [3, 1]

[[ship]]
id = "D_SH1"
value = 2
exact = { shells = 1 }

[[ship]]
id = "D_B3"
value = 4
exact = { bananas = 3 }
"#;

const FILLER_SHIPS: [&str; 7] = ["N2", "N3", "N4", "N2b", "N2c", "N2d", "N3b"];

/// Scenario text built from parts.
struct Sc {
    players: usize,
    start: usize,
    retrieve: Option<&'static str>,
    deck: Vec<String>,
    ships: Vec<String>,
    actions: Vec<String>,
}

fn sc(players: usize) -> Sc {
    Sc { players, start: 0, retrieve: None, deck: Vec::new(), ships: strings(&FILLER_SHIPS), actions: Vec::new() }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

impl Sc {
    fn deck(mut self, deck: &[&str]) -> Sc {
        self.deck = strings(deck);
        self
    }
    fn ships(mut self, ships: &[&str]) -> Sc {
        self.ships = strings(ships);
        self
    }
    fn actions(mut self, actions: &[&str]) -> Sc {
        self.actions = strings(actions);
        self
    }
    fn start(mut self, seat: usize) -> Sc {
        self.start = seat;
        self
    }
    fn retrieve(mut self, rule: &'static str) -> Sc {
        self.retrieve = Some(rule);
        self
    }

    fn text(&self) -> String {
        let list = |v: &[String], sep: &str| v.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(sep);
        let mut t = format!("players = {}\nstart_player = {}\ntiles = \"inline\"\n", self.players, self.start);
        if let Some(r) = self.retrieve {
            t += &format!("retrieve = {r:?}\n");
        }
        t += &format!("deck = [{}]\nships = [{}]\n", list(&self.deck, ", "), list(&self.ships, ", "));
        // One action per line, so that errors name the line of the action.
        t += "actions = [\n";
        for a in &self.actions {
            t += &format!("  {a:?},\n");
        }
        t += "]\n";
        t + TILES + SHIPS
    }

    /// Runs the scenario; returns the game and every event (the opening draw included).
    fn run(&self) -> (Game, Vec<Event>) {
        let text = self.text();
        let scenario = Scenario::parse(&text).unwrap_or_else(|e| panic!("scenario does not parse: {e}"));
        scenario.run().unwrap_or_else(|e| panic!("scenario does not run: {e}"))
    }
}

/// Applies one action in scenario text form.
fn act(game: &mut Game, text: &str) -> Result<Vec<Event>, RuleError> {
    let action = parse_action(game, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    game.apply(&action)
}

/// Applies actions that must all be accepted; returns their events.
fn play(game: &mut Game, texts: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for text in texts {
        events.extend(act(game, text).unwrap_or_else(|e| panic!("`{text}` refused: {e}")));
    }
    events
}

fn fr(x: i32, y: i32, feature: u8) -> FeatureRef {
    FeatureRef { pos: Pos::new(x, y), feature }
}

fn deg(d: u32) -> Rotation {
    Rotation::from_degrees(d).unwrap()
}

fn tile(game: &Game, name: &str) -> TileId {
    game.tiles().id_of(name).unwrap()
}

fn ship(game: &Game, name: &str) -> ShipId {
    game.ships().id_of(name).unwrap()
}

fn ship_names(game: &Game, ships: &[ShipId]) -> Vec<String> {
    ships.iter().map(|&s| game.ships().get(s).name.clone()).collect()
}

fn display(game: &Game) -> Vec<String> {
    ship_names(game, game.display())
}

fn ships_of(game: &Game, seat: usize) -> Vec<String> {
    ship_names(game, &game.players()[seat].ships)
}

fn region(game: &Game, x: i32, y: i32, feature: u8) -> Region {
    game.region(fr(x, y, feature)).unwrap()
}

fn wares(game: &Game) -> Vec<Wares> {
    game.players().iter().map(|p| p.wares).collect()
}

fn supply(game: &Game) -> Vec<u8> {
    game.players().iter().map(|p| p.supply).collect()
}

type Scored = (FeatureKind, ScoreReason, Ware, u16, Vec<u8>);

/// (kind, reason, ware, amount, winners) of every FeatureScored event.
fn scored(events: &[Event]) -> Vec<Scored> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::FeatureScored { kind, reason, ware, amount, winners, .. } => Some((*kind, *reason, *ware, *amount, winners.clone())),
            _ => None,
        })
        .collect()
}

fn covered(events: &[Event]) -> Vec<(FeatureRef, u8, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::FishCovered { at, group, fish } => Some((*at, *group, *fish)),
            _ => None,
        })
        .collect()
}

fn returned(events: &[Event]) -> Vec<(u8, FeatureRef, FeatureKind)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::IslanderReturned { player, at, kind } => Some((*player, *at, *kind)),
            _ => None,
        })
        .collect()
}

fn turns_started(events: &[Event]) -> Vec<(u8, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TurnStarted { player, turn, .. } => Some((*player, *turn)),
            _ => None,
        })
        .collect()
}

/// Everything observable about a game, for "nothing changed" comparisons.
fn snapshot(game: &Game) -> String {
    format!(
        "{}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        serde_json::to_string(&Summary::of(game)).unwrap(),
        game.islanders(),
        game.placed_tiles(),
        game.legal_actions(),
        game.display(),
        game.discarded(),
        game.active_player(),
    )
}

/// Applies an action that must be refused, and checks that it changed nothing.
fn refused(game: &mut Game, action: Action) -> RuleError {
    let before = snapshot(game);
    let err = game.apply(&action).expect_err(&format!("{action} should be refused"));
    assert_eq!(snapshot(game), before, "refused {action} changed the game");
    err
}

fn refused_text(game: &mut Game, text: &str) -> RuleError {
    let action = parse_action(game, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    refused(game, action)
}

// The ring around a market at (0,-1): after "place 0 -1 0" + "islander market" on turn 1, these
// seven tiles (deck: CAP, CAP, W0 x5) fill its eight neighbours; the last one closes it.
const RING_DECK: [&str; 8] = ["MK", "CAP", "CAP", "W0", "W0", "W0", "W0", "W0"];
const RING_BEFORE_LAST: [&str; 12] = [
    "place 1 0 270",
    "skip",
    "place -1 0 90",
    "skip",
    "place 1 -1 0",
    "skip",
    "place -1 -1 0",
    "skip",
    "place 0 -2 0",
    "skip",
    "place 1 -2 0",
    "skip",
];
const RING_LAST: [&str; 2] = ["place -1 -2 0", "skip"];

fn with_spares(deck: &[&'static str], spares: usize) -> Vec<&'static str> {
    let mut v = deck.to_vec();
    v.extend(std::iter::repeat_n("W0", spares));
    v
}

/// A market at (0,-1) with a merchant of seat 0, and all but one of its neighbours placed
/// (2 players; seat 1 is to place the last neighbour).
fn market_ring_before_last(ships: &[&str]) -> Game {
    let mut actions = vec!["place 0 -1 0", "islander market"];
    actions.extend(RING_BEFORE_LAST);
    sc(2).deck(&with_spares(&RING_DECK, 3)).ships(ships).actions(&actions).run().0
}

// ----- placing tiles --------------------------------------------------------------------------

#[test]
fn placement_must_match_every_shared_edge() {
    // BR at (0,1): a bridge E-W; CAP at (1,0) turned so its island meets the start island.
    // (1,1) then has a bridge to the west and a sea to the north.
    let (mut g, _) = sc(2).deck(&["BR", "CAP", "BI", "W0", "W0"]).actions(&["place 0 1 0", "skip", "place 1 0 270", "skip"]).run();
    assert_eq!(g.drawn_tile(), Some(tile(&g, "BI")));
    // Turned 270°, BI's north is sea (fits) but its west is island against the bridge.
    let err = refused_text(&mut g, "place 1 1 270");
    let RuleError::IllegalPlacement { reason } = err else { panic!("{err:?}") };
    assert_eq!(
        reason,
        Misplaced::Mismatch { pos: Pos::new(1, 1), rotation: deg(270), dir: Dir::W, mine: EdgeKind::Island, theirs: EdgeKind::Bridge }
    );
    assert!(reason.to_string().contains("west edge (island)") && reason.to_string().contains("bridge"), "{reason}");
    // Turned 0°, the island faces the sea of the tile to the north.
    let RuleError::IllegalPlacement { reason } = refused_text(&mut g, "place 1 1 0") else { panic!() };
    assert!(matches!(reason, Misplaced::Mismatch { dir: Dir::N, mine: EdgeKind::Island, theirs: EdgeKind::Sea, .. }), "{reason:?}");
    // Only 90° matches both neighbours.
    let at_11: Vec<Rotation> = g.legal_placements().into_iter().filter(|(p, _)| *p == Pos::new(1, 1)).map(|(_, r)| r).collect();
    assert_eq!(at_11, vec![deg(90)]);
    assert!(!g.is_legal_placement(Pos::new(1, 1), deg(180)));
    let events = play(&mut g, &["place 1 1 90"]);
    assert_eq!(events[0], Event::TilePlaced { player: 0, tile: tile(&g, "BI"), pos: Pos::new(1, 1), rotation: deg(90) });
    assert_eq!(g.phase(), Phase::Islander { pos: Pos::new(1, 1) });
}

#[test]
fn placement_by_corner_only_is_illegal() {
    let (mut g, _) = sc(2).deck(&["W0", "W0", "W0"]).run();
    for text in ["place 1 1 0", "place -1 -1 0", "place 1 -1 0"] {
        let RuleError::IllegalPlacement { reason } = refused_text(&mut g, text) else { panic!("{text}") };
        assert!(matches!(reason, Misplaced::NoNeighbour { .. }), "{text}: {reason:?}");
        assert_eq!(reason.to_string(), format!("{} does not touch any tile by an edge", reason.pos()));
    }
    // Next to a placed tile by an edge it is fine: (1,-1) touches (0,-1).
    play(&mut g, &["place 0 -1 0", "skip"]);
    assert!(g.is_legal_placement(Pos::new(1, -1), deg(0)));
    assert!(!g.is_legal_placement(Pos::new(1, 1), deg(0)));
}

#[test]
fn placement_on_occupied_square_is_illegal() {
    let (mut g, _) = sc(2).deck(&["W0", "W0", "W0"]).actions(&["place 0 -1 0", "skip"]).run();
    for text in ["place 0 0 0", "place 0 -1 0"] {
        let RuleError::IllegalPlacement { reason } = refused_text(&mut g, text) else { panic!("{text}") };
        assert!(matches!(reason, Misplaced::Taken { .. }), "{text}: {reason:?}");
    }
}

#[test]
fn placement_must_continue_island_and_sea() {
    // Open water can't touch the start island; a cap must turn its island towards it.
    let (mut g, _) = sc(2).deck(&["W0", "CAP", "W0"]).run();
    let RuleError::IllegalPlacement { reason } = refused_text(&mut g, "place 1 0 0") else { panic!() };
    assert!(matches!(reason, Misplaced::Mismatch { dir: Dir::W, mine: EdgeKind::Sea, theirs: EdgeKind::Island, .. }), "{reason:?}");
    play(&mut g, &["place 0 1 0", "skip"]);
    let RuleError::IllegalPlacement { reason } = refused_text(&mut g, "place 1 0 0") else { panic!() };
    assert!(matches!(reason, Misplaced::Mismatch { pos: Pos { x: 1, y: 0 }, dir: Dir::W, mine: EdgeKind::Sea, .. }), "{reason:?}");
    play(&mut g, &["place 1 0 270", "skip"]);
    assert!(g.same_region(fr(0, 0, 0), fr(1, 0, 0)), "the cap continues the start island");
}

#[test]
fn legal_placements_list_every_fitting_spot_and_rotation() {
    let (g, _) = sc(2).deck(&["CAP", "W0"]).run();
    let expected: Vec<(Pos, Rotation)> =
        [(0, -1, 0), (0, -1, 90), (0, -1, 270), (-1, 0, 90), (1, 0, 270), (0, 1, 90), (0, 1, 180), (0, 1, 270)]
            .into_iter()
            .map(|(x, y, d)| (Pos::new(x, y), deg(d)))
            .collect();
    assert_eq!(g.legal_placements(), expected);
    // Open water looks the same in every rotation: one entry per spot.
    let (mut g, _) = sc(2).deck(&["W0", "W0"]).run();
    assert_eq!(g.legal_placements(), vec![(Pos::new(0, -1), deg(0)), (Pos::new(0, 1), deg(0))]);
    assert!(g.is_legal_placement(Pos::new(0, 1), deg(180)), "an equivalent rotation is still legal");
    play(&mut g, &["place 0 1 180"]);
}

// ----- islanders ------------------------------------------------------------------------------

#[test]
fn islander_goes_on_a_feature_of_the_tile_just_placed() {
    let (mut g, _) = sc(2).deck(&["BI", "W0", "W0"]).actions(&["place 0 1 90"]).run();
    let err = refused(&mut g, Action::PlaceIslander { feature: 4 });
    assert_eq!(err, RuleError::NoSuchFeature { feature: 4, count: 4 });
    let events = play(&mut g, &["islander bridge@W"]);
    assert_eq!(events[0], Event::IslanderPlaced { player: 0, at: fr(0, 1, 1), kind: FeatureKind::Bridge });
    let views = g.islanders();
    assert_eq!(views.len(), 1);
    assert_eq!((views[0].player, views[0].at, views[0].kind), (0, fr(0, 1, 1), FeatureKind::Bridge));
    assert_eq!(supply(&g), vec![3, 4]);
}

#[test]
fn islander_role_follows_feature_kind() {
    // Shell collector on a bridge, banana picker on an island, fisherman on a sea, merchant on a
    // market.
    let (g, events) = sc(4)
        .deck(&["BI", "CAP", "W0", "MK", "W0", "W0"])
        .actions(&[
            "place 0 1 90",
            "islander bridge@W",
            "place 1 0 270",
            "islander island@W",
            "place 0 -1 0",
            "islander sea@N",
            "place 0 -2 0",
            "islander market",
        ])
        .run();
    let placed: Vec<(u8, FeatureKind)> = events
        .iter()
        .filter_map(|e| match e {
            Event::IslanderPlaced { player, kind, .. } => Some((*player, *kind)),
            _ => None,
        })
        .collect();
    assert_eq!(placed, vec![(0, FeatureKind::Bridge), (1, FeatureKind::Island), (2, FeatureKind::Sea), (3, FeatureKind::Market)]);
    let roles: Vec<&str> = g.islanders().iter().map(|v| v.kind.role()).collect();
    assert_eq!(roles, vec!["shell collector", "banana picker", "fisherman", "merchant"]);
}

#[test]
fn islander_cannot_join_occupied_feature_after_merge() {
    // Seat 0 puts a fisherman in the sea north of the start tile. A straight bridge turned 90°
    // (bridge N-S) placed next to it has its west sea in that region and its east sea apart.
    let (mut g, _) = sc(2).deck(&["W0", "BR", "BR", "W0", "W0"]).actions(&["place 0 -1 0", "islander sea@N", "place 1 -1 90"]).run();
    assert_eq!(refused_text(&mut g, "islander sea@W"), RuleError::FeatureOccupied { kind: FeatureKind::Sea });
    assert!(!g.legal_actions().contains(&Action::PlaceIslander { feature: 2 }));
    // A separate sea on the same tile is free.
    play(&mut g, &["islander sea@E"]);
    assert_eq!(g.islanders().len(), 2);
    // The occupant's own colour does not help: seat 0 can't join its own fisherman either.
    play(&mut g, &["place -1 -1 90"]);
    assert!(g.same_region(fr(-1, -1, 1), fr(0, -1, 0)));
    assert_eq!(refused_text(&mut g, "islander sea@E"), RuleError::FeatureOccupied { kind: FeatureKind::Sea });
    play(&mut g, &["islander bridge@N"]);
    assert_eq!(supply(&g), vec![2, 3]);
}

#[test]
fn islanders_in_separate_regions_share_the_region_after_a_merge() {
    // Rulebook, "multiple islanders": two fishermen in two distinct seas, then a tile joins them.
    let (g, _) = sc(2)
        .deck(&["W0", "W0", "CAP", "CAP", "W0", "W0", "W0"])
        .actions(&[
            "place 0 -1 0",
            "islander sea@N",
            "place 0 1 0",
            "islander sea@S",
            "place 1 0 270",
            "skip",
            "place -1 0 90",
            "skip",
            "place 1 -1 0",
            "place 1 1 0",
        ])
        .run();
    assert!(g.same_region(fr(0, -1, 0), fr(0, 1, 0)));
    assert_eq!(region(&g, 0, -1, 0).islanders, [1, 1, 0, 0, 0]);
    let views = g.islanders();
    assert!(views.iter().all(|v| v.rivals == [1, 1, 0, 0, 0]));
}

#[test]
fn islander_needs_an_islander_in_supply() {
    let (mut g, _) = four_islanders_placed_by_seat_0(None);
    assert_eq!(supply(&g), vec![0, 4]);
    assert_eq!(refused_text(&mut g, "islander island@E"), RuleError::NoIslanderInSupply);
    assert!(g.legal_actions().iter().all(|a| !matches!(a, Action::PlaceIslander { .. })));
}

/// Seat 0 places banana pickers on islands at (0,1), (0,3), (0,5), (0,7) (a column of
/// island strips south of the start tile); seat 1 places strips without islanders. Then seat 0
/// places the strip at (0,9) and is to place, retrieve or skip.
fn four_islanders_placed_by_seat_0(retrieve: Option<&'static str>) -> (Game, Vec<Event>) {
    let mut actions: Vec<String> = Vec::new();
    for y in 1..=9 {
        actions.push(format!("place 0 {y} 0"));
        if y < 9 {
            actions.push(if y % 2 == 1 { "islander island@E".into() } else { "skip".into() });
        }
    }
    let actions: Vec<&str> = actions.iter().map(String::as_str).collect();
    let mut s = sc(2).deck(&["ST"; 11]).actions(&actions);
    if let Some(r) = retrieve {
        s = s.retrieve(r);
    }
    s.run()
}

// ----- retrieving -----------------------------------------------------------------------------

#[test]
fn retrieve_empty_supply_only_when_supply_empty() {
    // Default rule (English rulebook): only with an empty supply.
    let (mut g, _) = sc(2).deck(&["ST"; 5]).actions(&["place 0 1 0", "islander island@E", "place 0 2 0", "skip", "place 0 3 0"]).run();
    assert_eq!(g.options().retrieve, RetrieveRule::EmptySupply);
    assert_eq!(refused_text(&mut g, "retrieve 0 1 island@E"), RuleError::RetrieveNotAllowed { rule: RetrieveRule::EmptySupply });
    assert!(g.legal_actions().iter().all(|a| !matches!(a, Action::RetrieveIslander { .. })));

    let (mut g, _) = four_islanders_placed_by_seat_0(None);
    let retrievals: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::RetrieveIslander { .. })).collect();
    assert_eq!(retrievals.len(), 4);
    let events = play(&mut g, &["retrieve 0 1 island@E"]);
    assert_eq!(events[0], Event::IslanderRetrieved { player: 0, at: fr(0, 1, 0), kind: FeatureKind::Island });
    assert_eq!(supply(&g), vec![1, 4]);
    assert_eq!(g.islanders().iter().filter(|v| v.player == 0).count(), 3);
    assert_eq!(g.active_player(), 1, "retrieving took the islander step; the turn went on");
}

#[test]
fn retrieve_any_turn_when_no_islander_placed() {
    let (mut g, _) = sc(2)
        .retrieve("any-turn")
        .deck(&["ST"; 6])
        .actions(&["place 0 1 0", "islander island@E", "place 0 2 0", "skip", "place 0 3 0"])
        .run();
    assert_eq!(supply(&g), vec![3, 4]);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::RetrieveIslander { pos: Pos::new(0, 1), feature: 0 }));
    assert!(legal.contains(&Action::PlaceIslander { feature: 0 }));
    let events = play(&mut g, &["retrieve 0 1 island@E"]);
    assert_eq!(events[0], Event::IslanderRetrieved { player: 0, at: fr(0, 1, 0), kind: FeatureKind::Island });
    assert_eq!(supply(&g), vec![4, 4]);
    assert!(g.islanders().is_empty());
    // The islander step is over: no placing on top of the retrieval.
    assert_eq!(g.active_player(), 1);
    assert_eq!(g.phase(), Phase::PlaceTile);
    // A player with nobody on the board has nothing to retrieve.
    play(&mut g, &["place 0 4 0"]);
    assert!(g.legal_actions().iter().all(|a| !matches!(a, Action::RetrieveIslander { .. })));
}

#[test]
fn retrieve_only_own_islander() {
    let (mut g, _) = sc(2).retrieve("any-turn").deck(&["ST"; 5]).actions(&["place 0 1 0", "islander island@E", "place 0 2 0"]).run();
    assert_eq!(refused_text(&mut g, "retrieve 0 1 island@E"), RuleError::NoIslanderThere { at: fr(0, 1, 0) });
    assert_eq!(refused_text(&mut g, "retrieve 0 0 island@E"), RuleError::NoIslanderThere { at: fr(0, 0, 0) });
}

#[test]
fn retrieve_awards_nothing() {
    // Seat 0's banana picker on the start island (3 bananas), retrieved before it completes.
    let (mut g, _) = sc(2)
        .retrieve("any-turn")
        .deck(&["CAP", "W0", "W0", "CAP", "W0", "W0"])
        .actions(&["place 1 0 270", "islander island@W", "place 0 -1 0", "skip", "place 0 -2 0"])
        .run();
    assert_eq!(region(&g, 0, 0, 0).symbols, 3);
    let events = play(&mut g, &["retrieve 1 0 island@W"]);
    assert!(scored(&events).is_empty());
    assert_eq!(wares(&g), vec![Wares::default(); 2]);
    assert_eq!(supply(&g), vec![4, 4]);
    // The island completes next turn, unoccupied: nobody gets anything.
    let events = play(&mut g, &["place -1 0 90", "skip"]);
    assert!(region(&g, 0, 0, 0).complete);
    assert!(scored(&events).is_empty());
    assert_eq!(wares(&g), vec![Wares::default(); 2]);
}

#[test]
fn retrieve_comes_before_evaluation_and_forfeits_the_completion() {
    // Seat 0 closes the island its own picker is on, but retrieves the picker instead of placing
    // an islander: the island is then evaluated unoccupied.
    let (mut g, _) = sc(2)
        .retrieve("any-turn")
        .deck(&["CAP", "W0", "CAP", "W0", "W0"])
        .actions(&["place 1 0 270", "islander island@W", "place 0 -1 0", "skip", "place -1 0 90"])
        .run();
    let events = play(&mut g, &["retrieve 1 0 island@W"]);
    assert!(region(&g, 0, 0, 0).complete);
    assert!(scored(&events).is_empty());
    assert_eq!(wares(&g), vec![Wares::default(); 2]);
    assert_eq!(supply(&g), vec![4, 4]);
}

// ----- completing features --------------------------------------------------------------------

#[test]
fn bridge_completes_when_both_ends_end() {
    // A straight bridge at (0,1), ended east by an island (BI) and west by a junction stone (BT).
    let (mut g, _) =
        sc(2).deck(&["BR", "BI", "BT", "W0", "W0"]).actions(&["place 0 1 0", "islander bridge@E", "place 1 1 90", "skip"]).run();
    let r = region(&g, 0, 1, 0);
    assert_eq!((r.open, r.complete, r.symbols, r.tiles), (1, false, 2, 2));
    assert_eq!(wares(&g)[0], Wares::default());
    let events = play(&mut g, &["place -1 1 0", "skip"]);
    assert!(events.contains(&Event::FeatureScored {
        kind: FeatureKind::Bridge,
        reason: ScoreReason::Completed,
        at: fr(-1, 1, 1),
        tiles: 3,
        ware: Ware::Shells,
        amount: 3,
        winners: vec![0],
    }));
    assert_eq!(scored(&events).len(), 1);
    assert_eq!(returned(&events), vec![(0, fr(0, 1, 0), FeatureKind::Bridge)]);
    assert_eq!(wares(&g), vec![Wares::new(3, 0, 0), Wares::default()]);
    assert_eq!(supply(&g), vec![4, 4]);
    assert!(region(&g, 0, 1, 0).complete);
    // The junction's other bridges are separate and still open.
    assert!(!g.same_region(fr(-1, 1, 0), fr(-1, 1, 1)));
    assert!(!region(&g, -1, 1, 0).complete);
}

#[test]
fn bridge_loop_completes() {
    // Four curved bridges at (0,1), (1,1), (1,2), (0,2) close a ring.
    let (mut g, _) = sc(2)
        .deck(&["BC", "BC", "BC", "BC", "W0", "W0"])
        .actions(&["place 0 1 0", "islander bridge@E", "place 1 1 90", "skip", "place 1 2 180", "skip"])
        .run();
    let r = region(&g, 0, 1, 0);
    assert_eq!((r.open, r.complete, r.tiles), (2, false, 3));
    let events = play(&mut g, &["place 0 2 270", "skip"]);
    assert_eq!(scored(&events), vec![(FeatureKind::Bridge, ScoreReason::Completed, Ware::Shells, 4, vec![0])]);
    assert_eq!(wares(&g)[0], Wares::new(4, 0, 0));
    assert_eq!(supply(&g), vec![4, 4]);
    let r = region(&g, 0, 1, 0);
    assert_eq!((r.open, r.complete, r.tiles), (0, true, 4));
    // The water inside the ring is enclosed too, but nobody was there: no evaluation.
    assert!(region(&g, 0, 1, 1).complete);
}

#[test]
fn island_completes_when_coast_closed() {
    let (mut g, _) = sc(2).deck(&["CAP", "CAP", "W0", "W0"]).actions(&["place 1 0 270", "islander island@W"]).run();
    let r = region(&g, 1, 0, 0);
    assert_eq!((r.open, r.complete, r.symbols, r.tiles), (3, false, 3, 2));
    let events = play(&mut g, &["place -1 0 90", "skip"]);
    assert!(events.contains(&Event::FeatureScored {
        kind: FeatureKind::Island,
        reason: ScoreReason::Completed,
        at: fr(-1, 0, 0),
        tiles: 3,
        ware: Ware::Bananas,
        amount: 5,
        winners: vec![0],
    }));
    assert_eq!(returned(&events), vec![(0, fr(1, 0, 0), FeatureKind::Island)]);
    assert_eq!(wares(&g), vec![Wares::new(0, 5, 0), Wares::default()]);
    assert!(region(&g, 0, 0, 0).complete);
}

#[test]
fn sea_completes_when_enclosed() {
    // BAY2 at (0,-1): island N+E, sea S+W (1 fish); BAY turned 270° at (-1,-1) closes the west.
    let (mut g, _) = sc(2).deck(&["BAY2", "BAY", "W0", "W0"]).actions(&["place 0 -1 0", "islander sea@S"]).run();
    let r = region(&g, 0, -1, 1);
    assert_eq!((r.open, r.complete, r.symbols, r.tiles), (3, false, 1, 2));
    let events = play(&mut g, &["place -1 -1 270", "skip"]);
    assert!(events.contains(&Event::FeatureScored {
        kind: FeatureKind::Sea,
        reason: ScoreReason::Completed,
        at: fr(-1, -1, 1),
        tiles: 3,
        ware: Ware::Fish,
        amount: 3,
        winners: vec![0],
    }));
    assert!(covered(&events).is_empty());
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 3));
    assert_eq!(supply(&g), vec![4, 4]);
    // The start tile's south sea is another region and stays open.
    assert!(!g.same_region(fr(0, 0, 1), fr(0, 0, 2)));
    assert!(!region(&g, 0, 0, 2).complete);
}

#[test]
fn market_completes_with_eight_neighbours() {
    let mut g = market_ring_before_last(&FILLER_SHIPS);
    // Seven of the eight neighbours: nothing yet.
    assert_eq!(g.placed_tiles().len(), 8);
    assert!(!region(&g, 0, -1, 1).complete);
    assert!(ships_of(&g, 0).is_empty());
    assert_eq!(g.islanders().iter().filter(|v| v.kind == FeatureKind::Market).count(), 1);
    let events = play(&mut g, &RING_LAST);
    assert!(region(&g, 0, -1, 1).complete);
    assert!(events.contains(&Event::ShipTakenByMarket { player: 0, ship: ship(&g, "N4"), at: fr(0, -1, 1) }));
    assert_eq!(returned(&events), vec![(0, fr(0, -1, 1), FeatureKind::Market)]);
    assert_eq!(ships_of(&g, 0), vec!["N4"]);
    assert_eq!(supply(&g), vec![4, 4]);
}

#[test]
fn scored_region_counts_each_tile_once() {
    // The start tile's north and south seas end up in one region with 5 other tiles: 6 tiles,
    // the start tile counted once although two of its seas belong to the region.
    let (g, events) = sc(2)
        .start(1)
        .deck(&["W2", "W1", "CAP", "CAP", "W0", "W0"])
        .actions(&[
            "place 0 -1 0",
            "islander sea@N",
            "place 0 1 0",
            "islander sea@S",
            "place 1 0 270",
            "skip",
            "place -1 0 90",
            "skip",
            "place 1 -1 0",
            "place 1 1 0",
        ])
        .run();
    assert!(g.is_over());
    let tiles: Vec<u16> = events
        .iter()
        .filter_map(|e| match e {
            Event::FeatureScored { tiles, .. } => Some(*tiles),
            _ => None,
        })
        .collect();
    assert_eq!(tiles, vec![6]);
    assert_eq!(region(&g, 0, -1, 0).tiles, 6);
}

// ----- majorities -----------------------------------------------------------------------------

/// Seat 1's picker on a cap at (-2,0), seat 0's on the cap at (1,0) (joined to the start island).
const TWO_ISLANDS: [&str; 10] = [
    "place 0 -1 0",
    "skip",
    "place -1 -1 0",
    "skip",
    "place -2 -1 0",
    "skip",
    "place -2 0 90",
    "islander island@E",
    "place 1 0 270",
    "islander island@W",
];

#[test]
fn majority_takes_all_wares() {
    // A third island piece under (-1,0) gets a second picker of seat 0; then a T-shaped island
    // at (-1,0) joins the three pieces and completes the island: seat 0 has 2 pickers, seat 1 one.
    let mut actions = TWO_ISLANDS.to_vec();
    actions.extend(["place 0 1 0", "skip", "place -1 1 0", "islander island@N"]);
    let (mut g, _) = sc(2).deck(&["W0", "W0", "W0", "CAP", "CAP", "W0", "CAP", "IT", "W0", "W0"]).actions(&actions).run();
    let events = play(&mut g, &["place -1 0 0", "skip"]);
    assert!(events.contains(&Event::FeatureScored {
        kind: FeatureKind::Island,
        reason: ScoreReason::Completed,
        at: fr(-1, 0, 0),
        tiles: 5,
        ware: Ware::Bananas,
        amount: 8,
        winners: vec![0],
    }));
    assert_eq!(wares(&g), vec![Wares::new(0, 8, 0), Wares::default()]);
    // Every islander on the feature goes home, the outnumbered one too.
    assert_eq!(returned(&events).len(), 3);
    assert_eq!(supply(&g), vec![4, 4]);
}

#[test]
fn tied_majority_each_receive_full_amount() {
    let mut actions = TWO_ISLANDS.to_vec();
    actions.push("place -1 0 0");
    let (mut g, _) = sc(2).deck(&["W0", "W0", "W0", "CAP", "CAP", "ST", "W0", "W0"]).actions(&actions).run();
    let events = play(&mut g, &["skip"]);
    assert_eq!(scored(&events), vec![(FeatureKind::Island, ScoreReason::Completed, Ware::Bananas, 6, vec![0, 1])]);
    assert_eq!(wares(&g), vec![Wares::new(0, 6, 0), Wares::new(0, 6, 0)]);
    assert_eq!(supply(&g), vec![4, 4]);
}

// ----- fishing boats --------------------------------------------------------------------------

#[test]
fn fishing_boat_evaluates_occupied_sea_and_covers_a_two_group() {
    // Fisherman in a sea with groups 2+1; the boat tile brings a single fish.
    let (mut g, _) = sc(2).deck(&["W21", "WB1", "W0", "W0"]).actions(&["place 0 -1 0", "islander sea@N"]).run();
    let events = play(&mut g, &["place 0 -2 0"]);
    assert!(events.contains(&Event::FeatureScored {
        kind: FeatureKind::Sea,
        reason: ScoreReason::FishingBoat,
        at: fr(0, -2, 0),
        tiles: 3,
        ware: Ware::Fish,
        amount: 4,
        winners: vec![0],
    }));
    // A group of two is covered even though the new tile has a single fish.
    assert_eq!(covered(&events), vec![(fr(0, -1, 0), 0, 2)]);
    assert_eq!(returned(&events), vec![(0, fr(0, -1, 0), FeatureKind::Sea)]);
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 4));
    assert_eq!(g.boats_used(), 1);
    assert_eq!(g.tile_at(Pos::new(0, -1)).unwrap().covered, 0b01);
    let r = region(&g, 0, -1, 0);
    assert_eq!((r.symbols, r.complete), (2, false));
    assert_eq!(supply(&g), vec![4, 4]);
}

#[test]
fn fishing_boat_covers_single_fish_when_no_two_group() {
    let (mut g, _) = sc(2).deck(&["W1", "WB1", "W0", "W0"]).actions(&["place 0 -1 0", "islander sea@N"]).run();
    let events = play(&mut g, &["place 0 -2 0"]);
    assert_eq!(scored(&events), vec![(FeatureKind::Sea, ScoreReason::FishingBoat, Ware::Fish, 2, vec![0])]);
    assert_eq!(covered(&events).len(), 1);
    let (_, _, fish) = covered(&events)[0];
    assert_eq!(fish, 1);
    assert_eq!(region(&g, 0, -1, 0).symbols, 1);
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 2));
    assert_eq!(g.boats_used(), 1);
}

#[test]
fn fishing_boat_no_evaluation_without_uncovered_fish() {
    // First boat: 2 fish, evaluated, the group of 2 covered. Then a new fisherman in the same
    // (now fishless) region, and a second boat: nothing happens.
    let (mut g, _) = sc(2)
        .deck(&["W2", "WB", "W0", "WB", "W0", "W0"])
        .actions(&["place 0 -1 0", "islander sea@N", "place 0 -2 0", "place 0 -3 0", "islander sea@N"])
        .run();
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 2));
    assert_eq!(region(&g, 0, -1, 0).symbols, 0);
    assert_eq!(g.boats_used(), 1);
    let events = play(&mut g, &["place 0 -4 0"]);
    assert!(scored(&events).is_empty());
    assert!(covered(&events).is_empty());
    assert!(returned(&events).is_empty());
    assert_eq!(supply(&g), vec![3, 4]);
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 2));
    assert_eq!(g.boats_used(), 1);
}

#[test]
fn fishing_boat_no_evaluation_when_fish_tile_joins_region_with_boat() {
    // The boat arrives first, in a fishless occupied region; then fish join that region.
    let (mut g, events) = sc(2).deck(&["WB", "W2", "W0", "W0"]).actions(&["place 0 -1 0", "islander sea@N"]).run();
    assert!(scored(&events).is_empty());
    let events = play(&mut g, &["place 0 -2 0"]);
    assert!(scored(&events).is_empty());
    assert!(covered(&events).is_empty());
    assert_eq!(region(&g, 0, -1, 0).symbols, 2);
    assert_eq!(supply(&g), vec![3, 4]);
    assert_eq!(wares(&g)[0], Wares::default());
    assert_eq!(g.boats_used(), 0);
}

#[test]
fn fishing_boat_no_evaluation_when_older_boat_connects() {
    // An unoccupied boat sea south of the start tile; seat 1's fisherman in the north sea (1
    // fish). A cap east of the start tile and two open-water tiles join both seas.
    let (mut g, _) = sc(2)
        .deck(&["WB", "W1", "CAP", "W0", "W2", "W0", "W0"])
        .actions(&["place 0 1 0", "skip", "place 0 -1 0", "islander sea@N", "place 1 0 270", "skip", "place 1 1 0", "skip"])
        .run();
    assert!(!g.same_region(fr(0, -1, 0), fr(0, 1, 0)));
    let events = play(&mut g, &["place 1 -1 0"]);
    assert!(g.same_region(fr(0, -1, 0), fr(0, 1, 0)), "the boat's sea is now joined to the fisherman's");
    assert!(scored(&events).is_empty());
    assert!(covered(&events).is_empty());
    assert_eq!(region(&g, 0, -1, 0).symbols, 3);
    assert_eq!(region(&g, 0, -1, 0).islanders, [0, 1, 0, 0, 0]);
    assert_eq!(wares(&g), vec![Wares::default(); 2]);
    assert_eq!(g.boats_used(), 0);
}

#[test]
fn fishing_boat_unoccupied_region_no_evaluation() {
    let (mut g, _) = sc(2).deck(&["W2", "WB1", "W0", "W0"]).actions(&["place 0 -1 0", "skip", "place 0 -2 0"]).run();
    let events = play(&mut g, &["skip"]);
    assert!(scored(&events).is_empty());
    assert!(covered(&events).is_empty());
    assert_eq!(region(&g, 0, -1, 0).symbols, 3);
    assert_eq!(g.boats_used(), 0);
    assert!(g.placed_tiles().iter().all(|t| t.covered == 0));
}

#[test]
fn fishing_boat_and_completion_same_tile_evaluated_once_without_cover() {
    // Like sea_completes_when_enclosed, but the closing tile carries a boat.
    let (mut g, _) = sc(2).deck(&["BAY2", "BAYB", "W0", "W0"]).actions(&["place 0 -1 0", "islander sea@S", "place -1 -1 270"]).run();
    let events = play(&mut g, &["skip"]);
    assert_eq!(scored(&events), vec![(FeatureKind::Sea, ScoreReason::Completed, Ware::Fish, 3, vec![0])]);
    assert!(covered(&events).is_empty());
    assert_eq!(g.boats_used(), 0);
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 3));
    assert_eq!(returned(&events).len(), 1);
    assert_eq!(supply(&g), vec![4, 4]);
}

#[test]
fn fishing_boat_pays_majority_and_sends_every_fisherman_home() {
    // Seat 0: fishermen in the north sea (2 fish) and in a cap's sea east of the start; seat 1:
    // one in the south sea (1 fish). Tiles join south + cap, then a boat joins north to all.
    let (mut g, _) = sc(2)
        .deck(&["W2", "W1", "CAP", "CAP", "W0", "W0", "WB", "W0", "W0"])
        .actions(&[
            "place 0 -1 0",
            "islander sea@N",
            "place 0 1 0",
            "islander sea@S",
            "place 1 0 270",
            "islander sea@N",
            "place -1 0 90",
            "skip",
            "place 1 1 0",
            "place -1 1 0",
        ])
        .run();
    assert_eq!(region(&g, 0, 1, 0).islanders, [1, 1, 0, 0, 0]);
    let events = play(&mut g, &["place 1 -1 0"]);
    assert_eq!(scored(&events), vec![(FeatureKind::Sea, ScoreReason::FishingBoat, Ware::Fish, 3, vec![0])]);
    assert_eq!(covered(&events), vec![(fr(0, -1, 0), 0, 2)]);
    let mut back: Vec<u8> = returned(&events).iter().map(|r| r.0).collect();
    back.sort();
    assert_eq!(back, vec![0, 0, 1]);
    assert_eq!(wares(&g), vec![Wares::new(0, 0, 3), Wares::default()]);
    assert_eq!(supply(&g), vec![4, 4]);
}

#[test]
fn islander_placed_on_feature_completed_this_turn_returns_at_once() {
    let (mut g, _) = sc(2).deck(&["BAY", "W0", "W0"]).actions(&["place 0 -1 0"]).run();
    let events = play(&mut g, &["islander sea@S"]);
    let events: Vec<Event> = events
        .into_iter()
        .filter(|e| matches!(e, Event::IslanderPlaced { .. } | Event::FeatureScored { .. } | Event::IslanderReturned { .. }))
        .collect();
    assert_eq!(
        events,
        [
            Event::IslanderPlaced { player: 0, at: fr(0, -1, 1), kind: FeatureKind::Sea },
            Event::FeatureScored {
                kind: FeatureKind::Sea,
                reason: ScoreReason::Completed,
                at: fr(0, -1, 1),
                tiles: 2,
                ware: Ware::Fish,
                amount: 2,
                winners: vec![0]
            },
            Event::IslanderReturned { player: 0, at: fr(0, -1, 1), kind: FeatureKind::Sea },
        ]
    );
    assert_eq!(supply(&g), vec![4, 4]);
    assert!(g.islanders().is_empty());
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 2));
}

#[test]
fn evaluation_order_completions_then_boat_then_markets() {
    // Seat 0: merchant at (0,-1) and a fisherman in the sea around it; seat 1: banana picker on
    // the start island. The last tile (a cap with a boat and 2 fish at (-1,0)) completes the
    // island, brings a boat to the fisherman's sea, and closes the market.
    let (mut g, _) = sc(2)
        .deck(&["MK", "CAP", "W0", "W0", "W0", "W0", "W0", "CAPB", "W0", "W0"])
        .ships(&["N2", "N6", "N3", "N4", "N5"])
        .actions(&[
            "place 0 -1 0",
            "islander market",
            "place 1 0 270",
            "islander island@W",
            "place 1 -1 0",
            "islander sea@N",
            "place 0 -2 0",
            "place -1 -2 0",
            "place 1 -2 0",
            "place -1 -1 0",
        ])
        .run();
    let events = play(&mut g, &["place -1 0 90"]);
    let kinds: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::FeatureScored { kind, reason, .. } => Some(format!("{kind:?}/{reason:?}")),
            Event::FishCovered { .. } => Some("cover".into()),
            Event::ShipTakenByMarket { .. } => Some("market".into()),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec!["Island/Completed", "Sea/FishingBoat", "cover", "market"]);
    assert_eq!(wares(&g), vec![Wares::new(0, 0, 2), Wares::new(0, 5, 0)]);
    assert_eq!(ships_of(&g, 0), vec!["N6"]);
    assert_eq!(supply(&g), vec![4, 4]);
}

// ----- markets --------------------------------------------------------------------------------

#[test]
fn market_takes_highest_ship_and_refills_display() {
    let mut g = market_ring_before_last(&["N2", "N5", "N3", "N4", "N6", "N2b"]);
    assert_eq!(display(&g), vec!["N2", "N5", "N3", "N4"]);
    let events = play(&mut g, &RING_LAST);
    let market: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::ShipTakenByMarket { .. } | Event::ShipRevealed { .. })).collect();
    assert_eq!(
        market,
        vec![
            &Event::ShipTakenByMarket { player: 0, ship: ship(&g, "N5"), at: fr(0, -1, 1) },
            &Event::ShipRevealed { ship: ship(&g, "N6") }
        ]
    );
    assert_eq!(ships_of(&g, 0), vec!["N5"]);
    assert_eq!(display(&g), vec!["N2", "N3", "N4", "N6"]);
    assert_eq!(g.ship_stack_size(), 1);
    // No delivery: the merchant's owner paid nothing.
    assert_eq!(wares(&g), vec![Wares::default(); 2]);
    assert_eq!(g.scores()[0].ship_points, 5);
}

#[test]
fn market_owner_chooses_among_equal_values() {
    let mut g = market_ring_before_last(&["N5", "N2", "N5b", "N3", "N4"]);
    play(&mut g, &RING_LAST);
    // Seat 1 closed the market; seat 0, the merchant's owner, chooses.
    assert_eq!(g.phase(), Phase::MarketShip { player: 0 });
    assert_eq!(g.to_act(), Some(0));
    assert_eq!(g.active_player(), 1);
    assert_eq!(g.legal_actions(), vec![Action::ChooseShip { ship: ship(&g, "N5") }, Action::ChooseShip { ship: ship(&g, "N5b") }]);
    assert_eq!(refused_text(&mut g, "choose N2"), RuleError::NotAMarketChoice);
    assert_eq!(refused_text(&mut g, "choose N4"), RuleError::NotAMarketChoice);
    assert_eq!(refused(&mut g, Action::EndTurn), RuleError::WrongPhase { phase: Phase::MarketShip { player: 0 } });
    let events = play(&mut g, &["choose N5b"]);
    assert!(events.contains(&Event::ShipTakenByMarket { player: 0, ship: ship(&g, "N5b"), at: fr(0, -1, 1) }));
    assert!(events.contains(&Event::ShipRevealed { ship: ship(&g, "N4") }));
    assert_eq!(ships_of(&g, 0), vec!["N5b"]);
    assert_eq!(display(&g), vec!["N5", "N2", "N3", "N4"]);
    // Seat 1 could deliver nothing: its turn ended, seat 0's began.
    assert_eq!(g.phase(), Phase::PlaceTile);
    assert_eq!(g.active_player(), 0);
}

#[test]
fn market_single_best_ship_taken_automatically() {
    let mut g = market_ring_before_last(&["N2", "N6", "N3", "N4", "N5"]);
    let events = play(&mut g, &RING_LAST);
    assert!(events.contains(&Event::ShipTakenByMarket { player: 0, ship: ship(&g, "N6"), at: fr(0, -1, 1) }));
    assert_eq!(ships_of(&g, 0), vec!["N6"]);
    assert_eq!(g.phase(), Phase::PlaceTile);
    assert_eq!(g.active_player(), 0);
    // Two identical best ships are no real choice either.
    let mut g = market_ring_before_last(&["N5", "N2", "N5c", "N3", "N4"]);
    play(&mut g, &RING_LAST);
    assert_eq!(g.phase(), Phase::PlaceTile);
    assert_eq!(g.players()[0].ships.len(), 1);
    assert_eq!(g.ships().get(g.players()[0].ships[0]).value, 5);
}

/// Two markets at (-1,-1) (seat 2's merchant) and (1,-1) (seat 0's), 3 players; seat 1 places
/// the last tile, (0,-1), which closes both.
fn two_markets(ships: &[&str]) -> (Game, Vec<Event>) {
    let mut deck = vec!["CAP", "CAP", "MK", "MK"];
    deck.extend(["W0"; 10]);
    deck.extend(["W0"; 2]);
    let (mut g, _) = sc(3)
        .deck(&deck)
        .ships(ships)
        .actions(&[
            "place -1 0 90",
            "skip",
            "place 1 0 270",
            "skip",
            "place -1 -1 0",
            "islander market",
            "place 1 -1 0",
            "islander market",
            "place -2 0 0",
            "skip",
            "place 2 0 0",
            "skip",
            "place -2 -1 0",
            "skip",
            "place 2 -1 0",
            "skip",
            "place -2 -2 0",
            "skip",
            "place -1 -2 0",
            "skip",
            "place 1 -2 0",
            "skip",
            "place 2 -2 0",
            "skip",
            "place 0 -2 0",
            "skip",
        ])
        .run();
    assert_eq!(g.active_player(), 1);
    assert!(!region(&g, -1, -1, 1).complete && !region(&g, 1, -1, 1).complete);
    let events = play(&mut g, &["place 0 -1 0", "skip"]);
    (g, events)
}

#[test]
fn several_markets_award_ships_clockwise_from_active_player() {
    let (g, events) = two_markets(&["N5", "N2", "N2b", "N2c", "N4", "N3", "N3b"]);
    let market: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::ShipTakenByMarket { .. } | Event::ShipRevealed { .. } | Event::IslanderReturned { .. }))
        .collect();
    // Clockwise from seat 1: seat 2 first, then seat 0; the display is refilled in between.
    assert_eq!(
        market,
        vec![
            &Event::ShipTakenByMarket { player: 2, ship: ship(&g, "N5"), at: fr(-1, -1, 1) },
            &Event::ShipRevealed { ship: ship(&g, "N4") },
            &Event::IslanderReturned { player: 2, at: fr(-1, -1, 1), kind: FeatureKind::Market },
            &Event::ShipTakenByMarket { player: 0, ship: ship(&g, "N4"), at: fr(1, -1, 1) },
            &Event::ShipRevealed { ship: ship(&g, "N3") },
            &Event::IslanderReturned { player: 0, at: fr(1, -1, 1), kind: FeatureKind::Market },
        ]
    );
    assert_eq!(ships_of(&g, 2), vec!["N5"]);
    assert_eq!(ships_of(&g, 0), vec!["N4"]);
    assert!(ships_of(&g, 1).is_empty());
    assert_eq!(display(&g), vec!["N2", "N2b", "N2c", "N3"]);
}

#[test]
fn several_markets_wait_for_each_owner_who_must_choose() {
    // Seat 2 (first clockwise from seat 1) must choose between two 5s; seat 0 then gets the
    // single best ship automatically, from the refilled display.
    let (mut g, _) = two_markets(&["N5", "N5b", "N2", "N2b", "N4", "N3"]);
    assert_eq!(g.phase(), Phase::MarketShip { player: 2 });
    assert_eq!((g.to_act(), g.active_player()), (Some(2), 1));
    assert!(ships_of(&g, 0).is_empty(), "seat 0's market waits for seat 2's choice");
    let events = play(&mut g, &["choose N5b"]);
    assert_eq!(ships_of(&g, 2), vec!["N5b"]);
    assert_eq!(ships_of(&g, 0), vec!["N5"]);
    assert!(events.contains(&Event::ShipRevealed { ship: ship(&g, "N4") }));
    assert!(events.contains(&Event::ShipRevealed { ship: ship(&g, "N3") }));
    assert_eq!(display(&g), vec!["N2", "N2b", "N4", "N3"]);
    assert_eq!((g.phase(), g.active_player()), (Phase::PlaceTile, 2));
}

#[test]
fn market_with_empty_display_gives_nothing_and_merchant_returns() {
    // One ship in the whole game: the first market takes it, the second finds the display empty.
    let (g, events) = two_markets(&["N5"]);
    assert!(events.contains(&Event::ShipTakenByMarket { player: 2, ship: ship(&g, "N5"), at: fr(-1, -1, 1) }));
    assert!(events.contains(&Event::MarketFoundNoShip { player: 0, at: fr(1, -1, 1) }));
    assert!(returned(&events).contains(&(0, fr(1, -1, 1), FeatureKind::Market)));
    assert!(ships_of(&g, 0).is_empty());
    assert_eq!(supply(&g), vec![4, 4, 4]);
    // The last ship is gone: the game ends after this turn.
    assert!(g.is_over());
    assert_eq!(g.stack_size(), 2);
    assert_eq!(g.final_scores().unwrap().iter().map(|s| s.total).collect::<Vec<_>>(), vec![0, 0, 5]);
}

#[test]
fn merchant_placed_on_market_closed_this_turn_takes_ship_at_once() {
    // The eight neighbours first, the market last.
    let (mut g, _) = sc(2)
        .deck(&["CAP", "CAP", "W0", "W0", "W0", "W0", "W0", "MK", "W0", "W0"])
        .ships(&["N2", "N3", "N6", "N4", "N5"])
        .actions(&[
            "place 1 0 270",
            "skip",
            "place -1 0 90",
            "skip",
            "place 1 -1 0",
            "skip",
            "place -1 -1 0",
            "skip",
            "place 1 -2 0",
            "skip",
            "place -1 -2 0",
            "skip",
            "place 0 -2 0",
            "skip",
            "place 0 -1 0",
        ])
        .run();
    assert_eq!(g.active_player(), 1);
    let events = play(&mut g, &["islander market"]);
    assert!(events.contains(&Event::ShipTakenByMarket { player: 1, ship: ship(&g, "N6"), at: fr(0, -1, 1) }));
    assert_eq!(ships_of(&g, 1), vec!["N6"]);
    assert_eq!(supply(&g), vec![4, 4]);
}

// ----- delivering -----------------------------------------------------------------------------

/// Seat 0 ends up with 5 bananas (island completed by seat 1) and 2 fish (a bay closed by its
/// own fisherman on turn 3), and is then in its delivery step if some ship fits.
fn deliver_setup(ships: &[&str]) -> (Game, Vec<Event>) {
    sc(2)
        .deck(&["CAP", "CAP", "BAY", "W0", "W0", "W0", "W0"])
        .ships(ships)
        .actions(&["place 1 0 270", "islander island@W", "place -1 0 90", "skip", "place 0 -1 0", "islander sea@S"])
        .run()
}

#[test]
fn deliver_exact_demand() {
    let (mut g, _) = deliver_setup(&["D_EX", "N2", "N3", "N4", "N5"]);
    assert_eq!(wares(&g)[0], Wares::new(0, 5, 2));
    assert_eq!(g.phase(), Phase::Deliver);
    assert_eq!(g.legal_actions(), vec![Action::Deliver { ship: ship(&g, "D_EX") }, Action::EndTurn]);
    let events = play(&mut g, &["deliver D_EX"]);
    assert_eq!(events[0], Event::ShipDelivered { player: 0, ship: ship(&g, "D_EX"), payment: Wares::new(0, 2, 1) });
    assert_eq!(events[1], Event::ShipRevealed { ship: ship(&g, "N5") });
    assert_eq!(wares(&g)[0], Wares::new(0, 3, 1));
    assert_eq!(ships_of(&g, 0), vec!["D_EX"]);
    assert_eq!(display(&g), vec!["N2", "N3", "N4", "N5"]);
    assert_eq!(g.ship_stack_size(), 0);
    // Delivering ends the turn.
    assert_eq!(turns_started(&events), vec![(1, 4)]);
    assert_eq!((g.active_player(), g.phase()), (1, Phase::PlaceTile));
}

#[test]
fn deliver_any_demand_asks_for_payment_when_choice() {
    let (mut g, _) = deliver_setup(&["D_A3", "N2", "N3", "N4", "N5"]);
    let events = play(&mut g, &["deliver D_A3"]);
    assert!(events.is_empty());
    assert_eq!(g.phase(), Phase::Payment { ship: ship(&g, "D_A3") });
    assert_eq!(g.to_act(), Some(0));
    let pays: Vec<Action> =
        [(0, 1, 2), (0, 2, 1), (0, 3, 0)].into_iter().map(|(s, b, f)| Action::Pay { payment: Wares::new(s, b, f) }).collect();
    assert_eq!(g.legal_actions(), pays);
    assert_eq!(refused_text(&mut g, "pay shells=1 bananas=2"), RuleError::PaymentNotAccepted { demand: Demand::Any(3) });
    assert!(matches!(refused_text(&mut g, "pay bananas=2"), RuleError::PaymentNotAccepted { .. }));
    assert!(matches!(refused_text(&mut g, "pay bananas=4"), RuleError::PaymentNotAccepted { .. }));
    let events = play(&mut g, &["pay bananas=1 fish=2"]);
    assert_eq!(events[0], Event::ShipDelivered { player: 0, ship: ship(&g, "D_A3"), payment: Wares::new(0, 1, 2) });
    assert_eq!(wares(&g)[0], Wares::new(0, 4, 0));
    assert_eq!(ships_of(&g, 0), vec!["D_A3"]);
    assert_eq!(g.active_player(), 1);
}

#[test]
fn deliver_any_demand_paid_automatically_when_one_way() {
    // 7 wares of any kind from exactly 7 wares: one way only.
    let (mut g, _) = deliver_setup(&["D_A7", "N2", "N3", "N4", "N5"]);
    assert_eq!(g.payment_options(ship(&g, "D_A7")), vec![Wares::new(0, 5, 2)]);
    let events = play(&mut g, &["deliver D_A7"]);
    assert_eq!(events[0], Event::ShipDelivered { player: 0, ship: ship(&g, "D_A7"), payment: Wares::new(0, 5, 2) });
    assert_eq!(wares(&g)[0], Wares::default());
    assert_eq!(g.scores()[0].total, 6);
    assert_eq!(g.active_player(), 1);
}

#[test]
fn deliver_same_demand() {
    let (mut g, _) = deliver_setup(&["D_S2", "D_S4", "N2", "N3", "N4"]);
    // 2 of one kind: bananas or fish, the player chooses.
    play(&mut g, &["deliver D_S2"]);
    assert_eq!(g.phase(), Phase::Payment { ship: ship(&g, "D_S2") });
    assert_eq!(g.legal_actions(), vec![Action::Pay { payment: Wares::new(0, 2, 0) }, Action::Pay { payment: Wares::new(0, 0, 2) }]);
    assert!(matches!(refused_text(&mut g, "pay bananas=1 fish=1"), RuleError::PaymentNotAccepted { .. }));
    assert!(matches!(refused_text(&mut g, "pay shells=2"), RuleError::PaymentNotAccepted { .. }));
    play(&mut g, &["pay fish=2"]);
    assert_eq!(wares(&g)[0], Wares::new(0, 5, 0));
    // Next own turn: 4 of one kind, only bananas can pay → paid without asking.
    play(&mut g, &["place 0 1 0", "skip", "place 0 2 0", "skip"]);
    assert_eq!(g.phase(), Phase::Deliver);
    let events = play(&mut g, &["deliver D_S4"]);
    assert_eq!(events[0], Event::ShipDelivered { player: 0, ship: ship(&g, "D_S4"), payment: Wares::new(0, 4, 0) });
    assert_eq!(wares(&g)[0], Wares::new(0, 1, 0));
    assert_eq!(ships_of(&g, 0), vec!["D_S2", "D_S4"]);
}

#[test]
fn deliver_same_and_other_demand() {
    let (mut g, _) = deliver_setup(&["D_SO21", "D_SO31", "N2", "N3", "N4"]);
    // 2 + 1: (2 bananas + 1 fish) or (2 fish + 1 banana).
    play(&mut g, &["deliver D_SO21"]);
    assert_eq!(g.legal_actions(), vec![Action::Pay { payment: Wares::new(0, 1, 2) }, Action::Pay { payment: Wares::new(0, 2, 1) }]);
    assert!(matches!(refused_text(&mut g, "pay bananas=3"), RuleError::PaymentNotAccepted { .. }));
    play(&mut g, &["pay bananas=2 fish=1"]);
    assert_eq!(wares(&g)[0], Wares::new(0, 3, 1));
    // 3 + 1 from 3 bananas + 1 fish: one way only.
    play(&mut g, &["place 0 1 0", "skip", "place 0 2 0", "skip"]);
    let events = play(&mut g, &["deliver D_SO31"]);
    assert_eq!(events[0], Event::ShipDelivered { player: 0, ship: ship(&g, "D_SO31"), payment: Wares::new(0, 3, 1) });
    assert_eq!(wares(&g)[0], Wares::default());
}

#[test]
fn deliver_unpayable_ship_is_refused_and_changes_nothing() {
    let (mut g, _) = deliver_setup(&["D_SH1", "D_EX", "N2", "N3", "N4"]);
    assert_eq!(g.phase(), Phase::Deliver);
    assert_eq!(refused_text(&mut g, "deliver D_SH1"), RuleError::CannotPay { demand: Demand::Exact(Wares::new(1, 0, 0)) });
    assert_eq!(refused_text(&mut g, "deliver N2"), RuleError::CannotPay { demand: Demand::Exact(Wares::new(20, 0, 0)) });
    assert_eq!(g.phase(), Phase::Deliver);
    assert_eq!(wares(&g)[0], Wares::new(0, 5, 2));
    assert!(ships_of(&g, 0).is_empty());
    assert_eq!(display(&g), vec!["D_SH1", "D_EX", "N2", "N3"]);
}

#[test]
fn deliver_only_to_a_face_up_ship() {
    let (mut g, _) = deliver_setup(&["D_EX", "N2", "N3", "N4", "D_A3"]);
    assert_eq!(refused_text(&mut g, "deliver D_A3"), RuleError::ShipNotOnDisplay);
    assert_eq!(refused_text(&mut g, "deliver D_B3"), RuleError::ShipNotOnDisplay);
}

#[test]
fn declining_to_deliver_ends_the_turn() {
    let (mut g, _) = deliver_setup(&["D_EX", "N2", "N3", "N4", "N5"]);
    let events = play(&mut g, &["end"]);
    assert_eq!(turns_started(&events), vec![(1, 4)]);
    assert_eq!(wares(&g)[0], Wares::new(0, 5, 2));
    assert_eq!(display(&g), vec!["D_EX", "N2", "N3", "N4"]);
    assert_eq!((g.active_player(), g.phase()), (1, Phase::PlaceTile));
}

#[test]
fn turn_ends_automatically_when_no_ship_can_be_paid() {
    let (mut g, _) = sc(2)
        .deck(&["CAP", "CAP", "BAY", "W0", "W0", "W0"])
        .actions(&["place 1 0 270", "islander island@W", "place -1 0 90", "skip", "place 0 -1 0"])
        .run();
    let events = play(&mut g, &["islander sea@S"]);
    assert_eq!(wares(&g)[0], Wares::new(0, 5, 2));
    assert!(g.deliverable_ships().is_empty());
    // Straight from the islander step to the next player's turn.
    assert_eq!(turns_started(&events), vec![(1, 4)]);
    assert_eq!((g.active_player(), g.phase()), (1, Phase::PlaceTile));
}

// ----- the stack ------------------------------------------------------------------------------

#[test]
fn unplaceable_tile_is_discarded_and_next_drawn() {
    let (mut g, _) = sc(2).deck(&["W0", "X4", "W1", "W0"]).actions(&["place 0 -1 0"]).run();
    let events = play(&mut g, &["skip"]);
    let x4 = tile(&g, "X4");
    let w1 = tile(&g, "W1");
    assert_eq!(events[events.len() - 2..], [Event::TileDiscarded { tile: x4 }, Event::TurnStarted { player: 1, tile: w1, turn: 2 }]);
    assert_eq!(g.discarded(), &[x4]);
    assert_eq!(g.drawn_tile(), Some(w1));
    assert_eq!(g.stack_size(), 1);
    assert_eq!(g.active_player(), 1);
}

#[test]
fn unplaceable_first_tile_is_discarded_before_the_first_turn() {
    let (g, _) = sc(2).deck(&["X4", "W0", "W0"]).run();
    let (x4, w0) = (tile(&g, "X4"), tile(&g, "W0"));
    assert_eq!(g.opening_events(), &[Event::TileDiscarded { tile: x4 }, Event::TurnStarted { player: 0, tile: w0, turn: 1 }]);
    assert_eq!(g.discarded(), &[x4]);
    assert_eq!(g.turn(), 1);
}

// ----- the end of the game --------------------------------------------------------------------

#[test]
fn game_ends_after_last_tile_placed_with_final_delivery() {
    let (mut g, _) =
        sc(2).deck(&["CAP", "CAP"]).ships(&["D_B3", "N2", "N3", "N4", "N5"]).actions(&["place 1 0 270", "skip", "place -1 0 90"]).run();
    assert_eq!(g.stack_size(), 0);
    play(&mut g, &["islander island@E"]);
    // The last tile is placed, but its player may still deliver.
    assert_eq!(wares(&g)[1], Wares::new(0, 5, 0));
    assert_eq!(g.phase(), Phase::Deliver);
    assert!(!g.is_over());
    let events = play(&mut g, &["deliver D_B3"]);
    assert!(g.is_over());
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.to_act(), None);
    let scores = g.final_scores().unwrap().to_vec();
    assert_eq!(scores[1], Score { player: 1, ship_points: 4, wares: 2, ware_points: 0, total: 4 });
    assert_eq!(events.last(), Some(&Event::GameOver { scores, winners: vec![1] }));
    assert_eq!(refused(&mut g, Action::EndTurn), RuleError::GameOver);
}

#[test]
fn game_ends_when_last_ship_taken() {
    let (mut g, _) = sc(2)
        .deck(&["CAP", "CAP", "W0", "W0", "W0"])
        .ships(&["D_B3"])
        .actions(&["place 1 0 270", "islander sea@N", "place -1 0 90", "islander island@E"])
        .run();
    assert!(!g.is_over());
    let events = play(&mut g, &["deliver D_B3"]);
    assert!(g.is_over());
    assert_eq!(g.stack_size(), 3, "tiles are left, but the ships are gone");
    assert!(g.display().is_empty());
    // The final evaluation ran: seat 0's fisherman was evaluated (0 fish) and went home.
    assert_eq!(scored(&events), vec![(FeatureKind::Sea, ScoreReason::GameEnd, Ware::Fish, 0, vec![0])]);
    assert_eq!(g.final_scores().unwrap().iter().map(|s| s.total).collect::<Vec<_>>(), vec![0, 4]);
    assert!(matches!(events.last(), Some(Event::GameOver { winners, .. }) if winners == &vec![1]));
}

#[test]
fn game_ends_when_stack_runs_out_by_discards() {
    let (mut g, _) = sc(2).deck(&["W1", "X4", "X4"]).actions(&["place 0 -1 0"]).run();
    let events = play(&mut g, &["islander sea@N"]);
    let x4 = tile(&g, "X4");
    assert_eq!(events.iter().filter(|e| **e == Event::TileDiscarded { tile: x4 }).count(), 2);
    assert!(g.is_over());
    assert_eq!(g.discarded(), &[x4, x4]);
    assert_eq!(g.stack_size(), 0);
    // Final evaluation of the fisherman's incomplete sea.
    assert_eq!(scored(&events), vec![(FeatureKind::Sea, ScoreReason::GameEnd, Ware::Fish, 1, vec![0])]);
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 1));
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
}

#[test]
fn final_evaluation_scores_incomplete_features_not_markets() {
    let (g, events) = sc(2)
        .deck(&["BR", "CAP", "MK", "W2"])
        .actions(&[
            "place 0 1 0",
            "islander bridge@E",
            "place 1 0 270",
            "islander island@W",
            "place 0 -1 0",
            "islander market",
            "place 1 -1 0",
            "islander sea@N",
        ])
        .run();
    assert!(g.is_over());
    let mut got = scored(&events);
    got.sort_by_key(|s| s.0);
    assert_eq!(
        got,
        vec![
            (FeatureKind::Island, ScoreReason::GameEnd, Ware::Bananas, 3, vec![1]),
            (FeatureKind::Bridge, ScoreReason::GameEnd, Ware::Shells, 1, vec![0]),
            (FeatureKind::Sea, ScoreReason::GameEnd, Ware::Fish, 2, vec![1]),
        ]
    );
    assert!(!events.iter().any(|e| matches!(e, Event::ShipTakenByMarket { .. } | Event::MarketFoundNoShip { .. })));
    assert_eq!(wares(&g), vec![Wares::new(1, 0, 0), Wares::new(0, 3, 2)]);
    assert!(ships_of(&g, 0).is_empty());
    assert_eq!(g.final_scores().unwrap().iter().map(|s| s.total).collect::<Vec<_>>(), vec![0, 1]);
}

#[test]
fn final_evaluation_counts_only_uncovered_fish() {
    // 3 fish (2+1); a boat covers the 2; a new fisherman then gets only the single fish.
    let (g, events) = sc(2)
        .deck(&["W21", "WB", "W0"])
        .actions(&["place 0 -1 0", "islander sea@N", "place 0 -2 0", "place 0 -3 0", "islander sea@N"])
        .run();
    assert!(g.is_over());
    assert_eq!(
        scored(&events),
        vec![
            (FeatureKind::Sea, ScoreReason::FishingBoat, Ware::Fish, 3, vec![0]),
            (FeatureKind::Sea, ScoreReason::GameEnd, Ware::Fish, 1, vec![0])
        ]
    );
    assert_eq!(wares(&g)[0], Wares::new(0, 0, 4));
}

#[test]
fn final_evaluation_does_not_score_completed_features_again() {
    let (g, events) = sc(2).deck(&["CAP", "CAP"]).actions(&["place 1 0 270", "islander island@W", "place -1 0 90", "skip"]).run();
    assert!(g.is_over());
    assert_eq!(scored(&events), vec![(FeatureKind::Island, ScoreReason::Completed, Ware::Bananas, 5, vec![0])]);
    assert_eq!(wares(&g)[0], Wares::new(0, 5, 0));
}

#[test]
fn score_is_ship_values_plus_one_point_per_three_wares() {
    let (mut g, _) = deliver_setup(&["D_EX", "N2", "N3", "N4", "N5"]);
    // 7 wares, no ship: 2 points.
    assert_eq!(g.scores()[0], Score { player: 0, ship_points: 0, wares: 7, ware_points: 2, total: 2 });
    play(&mut g, &["deliver D_EX"]);
    // A 3-point ship + 4 wares (1 point, rounded down).
    assert_eq!(g.scores()[0], Score { player: 0, ship_points: 3, wares: 4, ware_points: 1, total: 4 });
    assert_eq!(g.scores()[1], Score { player: 1, ship_points: 0, wares: 0, ware_points: 0, total: 0 });
    // The deck runs out three turns later; the scores stand.
    play(&mut g, &["place 0 1 0", "skip", "place 0 2 0", "skip", "place 0 3 0", "skip"]);
    assert_eq!(g.stack_size(), 0);
    play(&mut g, &["place 0 4 0", "skip"]);
    assert!(g.is_over());
    assert_eq!(g.final_scores().unwrap()[0].total, 4);
}

#[test]
fn equal_top_scores_share_the_win() {
    let (g, events) = sc(3)
        .deck(&["W21", "W21", "CAP"])
        .actions(&["place 0 -1 0", "islander sea@N", "place 0 1 0", "islander sea@S", "place 1 0 270", "skip"])
        .run();
    assert!(g.is_over());
    let totals: Vec<u16> = g.final_scores().unwrap().iter().map(|s| s.total).collect();
    assert_eq!(totals, vec![1, 1, 0]);
    assert!(matches!(events.last(), Some(Event::GameOver { winners, .. }) if winners == &vec![0, 1]));
}

// ----- the engine's contract ------------------------------------------------------------------

#[test]
fn rejected_action_changes_nothing() {
    let (mut g, _) = sc(2).deck(&["CAP", "CAP", "BAY", "W0", "W0"]).ships(&["D_A3", "N2", "N3", "N4", "N5"]).retrieve("empty-supply").run();
    // Placing.
    for action in ["place 5 5 0", "place 0 0 0", "place 1 0 0", "end", "skip", "deliver D_A3", "pay fish=1", "choose N2", "islander 0"] {
        refused_text(&mut g, action);
    }
    refused(&mut g, Action::RetrieveIslander { pos: Pos::ORIGIN, feature: 0 });
    play(&mut g, &["place 1 0 270"]);
    // The islander step.
    refused(&mut g, Action::PlaceIslander { feature: 9 });
    refused(&mut g, Action::RetrieveIslander { pos: Pos::ORIGIN, feature: 0 });
    for action in ["place 0 1 0", "end", "deliver D_A3", "pay fish=1"] {
        refused_text(&mut g, action);
    }
    play(&mut g, &["islander island@W", "place -1 0 90"]);
    assert_eq!(refused_text(&mut g, "islander island@E"), RuleError::FeatureOccupied { kind: FeatureKind::Island });
    play(&mut g, &["skip", "place 0 -1 0", "islander sea@S"]);
    // Delivering.
    assert_eq!(g.phase(), Phase::Deliver);
    for action in ["deliver N2", "deliver N5", "pay bananas=3", "skip", "place 0 1 0", "choose D_A3"] {
        refused_text(&mut g, action);
    }
    play(&mut g, &["deliver D_A3"]);
    // Paying.
    for action in ["pay shells=3", "pay bananas=2", "pay bananas=6", "end", "deliver D_A3", "skip"] {
        refused_text(&mut g, action);
    }
    // A clone that saw none of the refused actions plays on exactly like the game.
    let mut twin = g.clone();
    let a = play(&mut g, &["pay bananas=3", "place 0 1 0", "skip"]);
    let b = play(&mut twin, &["pay bananas=3", "place 0 1 0", "skip"]);
    assert_eq!(a, b);
    assert_eq!(snapshot(&g), snapshot(&twin));
    // After the end.
    play(&mut g, &["place 0 2 0", "skip"]);
    assert!(g.is_over());
    assert_eq!(refused_text(&mut g, "place 0 3 0"), RuleError::GameOver);
}

#[test]
fn out_of_phase_action_is_refused() {
    let (mut g, _) = deliver_setup(&["D_A3", "N2", "N3", "N4", "N5"]);
    assert_eq!(g.phase(), Phase::Deliver);
    assert_eq!(refused(&mut g, Action::SkipIslander), RuleError::WrongPhase { phase: Phase::Deliver });
    assert_eq!(refused_text(&mut g, "pay bananas=3"), RuleError::WrongPhase { phase: Phase::Deliver });
    play(&mut g, &["deliver D_A3"]);
    assert_eq!(refused(&mut g, Action::EndTurn), RuleError::WrongPhase { phase: Phase::Payment { ship: ship(&g, "D_A3") } });
    play(&mut g, &["pay bananas=3"]);
    assert_eq!(g.phase(), Phase::PlaceTile);
    assert_eq!(refused(&mut g, Action::EndTurn), RuleError::WrongPhase { phase: Phase::PlaceTile });
    assert_eq!(refused(&mut g, Action::PlaceIslander { feature: 0 }), RuleError::WrongPhase { phase: Phase::PlaceTile });
    play(&mut g, &["place 0 1 0"]);
    assert_eq!(refused_text(&mut g, "deliver N2"), RuleError::WrongPhase { phase: Phase::Islander { pos: Pos::new(0, 1) } });
    assert_eq!(refused_text(&mut g, "place 0 2 0"), RuleError::WrongPhase { phase: Phase::Islander { pos: Pos::new(0, 1) } });
    assert_eq!(refused_text(&mut g, "choose N2"), RuleError::WrongPhase { phase: Phase::Islander { pos: Pos::new(0, 1) } });
}

#[test]
fn start_tile_matches_rulebook() {
    let g = Game::new(Options::default(), 2, 1).unwrap();
    assert_eq!(g.placed_tiles().len(), 1);
    let start = g.tile_at(Pos::ORIGIN).unwrap();
    assert_eq!(start.tile, g.tiles().start);
    assert_eq!(start.rotation, deg(0));
    let kind = g.tiles().get(start.tile);
    assert!(kind.start && !kind.market);
    assert_eq!(kind.edges, [EdgeKind::Sea, EdgeKind::Island, EdgeKind::Sea, EdgeKind::Island]);
    let islands: Vec<(usize, &TileFeature)> = kind.features.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::Island).collect();
    assert_eq!(islands.len(), 1);
    assert_eq!(islands[0].1.edges().collect::<Vec<_>>(), vec![Dir::E, Dir::W]);
    let seas: Vec<(usize, &TileFeature)> = kind.features.iter().enumerate().filter(|(_, f)| f.kind == FeatureKind::Sea).collect();
    assert_eq!(seas.len(), 2);
    let sea_edges: Vec<Vec<Dir>> = seas.iter().map(|(_, f)| f.edges().collect()).collect();
    assert_eq!(sea_edges, vec![vec![Dir::N], vec![Dir::S]]);
    assert_eq!(kind.features.iter().filter(|f| f.kind == FeatureKind::Bridge).count(), 0);
    // Two distinct sea regions on the board, an island open at both ends.
    let (n, s) = (seas[0].0 as u8, seas[1].0 as u8);
    assert!(!g.same_region(fr(0, 0, n), fr(0, 0, s)));
    assert_eq!(region(&g, 0, 0, islands[0].0 as u8).open, 6);
    assert_eq!(region(&g, 0, 0, n).open, 3);
}

#[test]
fn standard_sets_hold_72_tiles_plus_start_and_24_ships() {
    let (tiles, ships) = standard::load().unwrap();
    assert_eq!(tiles.stack().len(), 72);
    assert_eq!(tiles.kinds.iter().filter(|k| k.start).count(), 1);
    assert_eq!(tiles.kinds.iter().filter(|k| k.start).map(|k| k.count).sum::<u8>(), 1);
    assert_eq!(ships.ships.len(), 24);
    assert!(ships.ships.iter().all(|s| (2..=6).contains(&s.value)));
}

#[test]
fn setup_deals_four_islanders_and_four_face_up_ships() {
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        let g = Game::new(Options::default(), players, 5).unwrap();
        assert_eq!(g.player_count(), players);
        assert!(g.players().iter().all(|p| p.supply == ISLANDERS_PER_PLAYER && p.wares == Wares::default() && p.ships.is_empty()));
        assert_eq!(g.display().len(), DISPLAY_SIZE);
        assert_eq!(g.ship_stack_size(), 20);
        assert_eq!(g.stack_size() + g.discarded().len() + 1, 72);
        assert_eq!((g.turn(), g.phase()), (1, Phase::PlaceTile));
        assert!(g.drawn_tile().is_some());
        assert!(g.active_player() < players);
    }
    assert!(matches!(Game::new(Options::default(), 1, 5), Err(RuleError::Setup(_))));
    assert!(matches!(Game::new(Options::default(), 6, 5), Err(RuleError::Setup(_))));
}

#[test]
fn turns_pass_clockwise_and_the_next_tile_is_drawn_at_once() {
    let (g, events) = sc(3)
        .start(1)
        .deck(&["W0", "W1", "W2", "W21", "W0"])
        .actions(&["place 0 -1 0", "skip", "place 0 -2 0", "skip", "place 0 -3 0", "skip", "place 0 1 0", "skip"])
        .run();
    assert_eq!(turns_started(&events), vec![(1, 1), (2, 2), (0, 3), (1, 4), (2, 5)]);
    // The drawn tile is known as soon as the turn starts.
    assert_eq!(g.drawn_tile(), Some(tile(&g, "W0")));
    assert_eq!(events.last(), Some(&Event::TurnStarted { player: 2, tile: tile(&g, "W0"), turn: 5 }));
}

/// Plays a whole standard game, choosing among the legal actions by a fixed rule.
fn play_out(seed: u64) -> (Game, Vec<Action>, Vec<Event>) {
    let mut g = Game::new(Options::default(), 3, seed).unwrap();
    let mut actions = Vec::new();
    let mut events = g.opening_events().to_vec();
    let mut step = 0usize;
    while !g.is_over() {
        let legal = g.legal_actions();
        let action = legal[(step * 7 + 3) % legal.len()];
        events.extend(g.apply(&action).unwrap());
        actions.push(action);
        step += 1;
        assert!(step < 5000, "game does not end");
    }
    (g, actions, events)
}

#[test]
fn same_seed_gives_same_game() {
    let a = Setup::standard(Options::default(), 3, 99);
    let b = Setup::standard(Options::default(), 3, 99);
    assert_eq!((a.deck.clone(), a.ship_order.clone(), a.start_player), (b.deck, b.ship_order, b.start_player));
    let c = Setup::standard(Options::default(), 3, 100);
    assert_ne!(a.deck, c.deck, "another seed shuffles differently");
    let (g1, actions1, events1) = play_out(99);
    let (g2, actions2, events2) = play_out(99);
    assert_eq!(actions1, actions2);
    assert_eq!(events1, events2);
    assert_eq!(snapshot(&g1), snapshot(&g2));
    assert!(g1.is_over());
}

#[test]
fn replay_of_actions_rebuilds_the_same_game() {
    let (g, actions, _) = play_out(7);
    let replayed = Game::replay(Setup::standard(Options::default(), 3, 7), &actions).unwrap();
    assert_eq!(snapshot(&replayed), snapshot(&g));
    assert_eq!(replayed.final_scores(), g.final_scores());
    // A replay names the first refused action.
    let mut bad = actions.clone();
    bad.insert(1, Action::EndTurn);
    let Err((index, _)) = Game::replay(Setup::standard(Options::default(), 3, 7), &bad) else { panic!("bad replay accepted") };
    assert_eq!(index, 1);
}
