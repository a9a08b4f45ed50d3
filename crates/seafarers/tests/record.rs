//! The stored action record (`record.rs`): every legal action of random games survives the
//! round trip, old records decode forever (golden files), and junk never panics.
//!
//! To rewrite the golden game after a deliberate change of a *new* record version (never of a
//! released one): `SEAFARERS_BLESS=1 cargo test -p seafarers-engine --test record`.

use proptest::prelude::*;
use seafarers_engine::Strategy as Ai;
use seafarers_engine::geometry::{Edge, Hex, Side, Vertex};
use seafarers_engine::{Action, Bot, Game, Options, Resource, Resources, Rng, Ruleset, Setup, record, scenarios, script};

fn config(cases: u32) -> ProptestConfig {
    let scale: u32 = std::env::var("SEAFARERS_PROPTEST_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    ProptestConfig { cases: cases * scale, failure_persistence: None, ..ProptestConfig::default() }
}

/// Encodes, decodes, and encodes again: the same action, seat and text.
fn round_trip(seat: u8, action: &Action) -> Result<(), TestCaseError> {
    let text = record::encode(seat, action);
    let back = record::decode(&text).map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
    prop_assert_eq!(back, (seat, *action), "record {}", text);
    prop_assert_eq!(record::encode(back.0, &back.1), text);
    Ok(())
}

/// Plays a random game for `steps` actions; every legal action of every seat at every step
/// round-trips, and the game replayed from the decoded records is the same game.
fn play(scenario: usize, players: usize, seed: u64, pirate: bool, steps: usize) -> Result<(), TestCaseError> {
    let sc = scenarios::by_id(scenarios::ids()[scenario]).unwrap();
    let options = Options { pirate: pirate && sc.pirate.is_some() };
    let setup = Setup::new(sc, players, seed, options).unwrap();
    let mut game = Game::from_setup(setup.clone()).unwrap();
    let mut bots: Vec<Bot> = (0..players).map(|p| Bot::new(Ai::Greedy, seed ^ (p as u64 + 1))).collect();
    let mut rng = Rng::new(seed);
    let mut log = Vec::new();
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        for seat in 0..players {
            for action in game.legal_actions(seat) {
                round_trip(seat as u8, &action)?;
            }
        }
        let to_act = game.to_act();
        let seat = to_act[rng.below(to_act.len())];
        let legal = game.legal_actions(seat);
        // Mostly the greedy bot (so games reach cities, ships and cards), now and then any action.
        let action = if rng.below(4) == 0 { legal[rng.below(legal.len())] } else { bots[seat].choose(&game, seat).expect("legal") };
        game.apply(seat, &action).map_err(|e| TestCaseError::fail(format!("{action}: {e}")))?;
        log.push(record::encode(seat as u8, &action));
    }
    let decoded: Vec<(u8, Action)> = log.iter().map(|text| record::decode(text).unwrap()).collect();
    let replayed = Game::replay(setup, &decoded).map_err(|(i, e)| TestCaseError::fail(format!("replay failed at {i}: {e}")))?;
    prop_assert_eq!(format!("{:?}", replayed.full_view()), format!("{:?}", game.full_view()));
    Ok(())
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn every_legal_action_of_random_games_round_trips_through_its_record(
        scenario in 0usize..6, players in 3usize..=4, seed in any::<u64>(), pirate in any::<bool>()
    ) {
        play(scenario, players, seed, pirate, 400)?;
    }
}

fn hex() -> impl Strategy<Value = Hex> {
    (any::<i8>(), any::<i8>()).prop_map(|(q, r)| Hex::new(q, r))
}

fn edge() -> impl Strategy<Value = Edge> {
    (hex(), prop::sample::select(vec![Side::NE, Side::E, Side::SE])).prop_map(|(hex, side)| Edge { hex, side })
}

fn vertex() -> impl Strategy<Value = Vertex> {
    (hex(), any::<bool>()).prop_map(|(hex, top)| Vertex { hex, top })
}

fn resource() -> impl Strategy<Value = Resource> {
    prop::sample::select(Resource::ALL.to_vec())
}

fn cards() -> impl Strategy<Value = Resources> {
    prop::array::uniform5(prop_oneof![Just(0u8), any::<u8>()]).prop_map(|[brick, lumber, wool, grain, ore]| Resources {
        brick,
        lumber,
        wool,
        grain,
        ore,
    })
}

fn seat() -> impl Strategy<Value = u8> {
    0u8..4
}

/// Any action a record can hold (canonical edges; every field over its whole range).
fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        edge().prop_map(|at| Action::PlaceHarbour { at }),
        vertex().prop_map(|at| Action::BuildSettlement { at }),
        vertex().prop_map(|at| Action::BuildCity { at }),
        edge().prop_map(|at| Action::BuildRoad { at }),
        edge().prop_map(|at| Action::BuildShip { at }),
        (edge(), edge()).prop_map(|(from, to)| Action::MoveShip { from, to }),
        Just(Action::Roll),
        cards().prop_map(|cards| Action::Discard { cards }),
        (hex(), prop::option::of(seat())).prop_map(|(to, victim)| Action::MoveRobber { to, victim }),
        hex().prop_map(|to| Action::MovePirate { to }),
        cards().prop_map(|cards| Action::ChooseGold { cards }),
        Just(Action::BuyDevCard),
        Just(Action::PlayKnight),
        Just(Action::PlayRoadBuilding),
        (resource(), resource()).prop_map(|(first, second)| Action::PlayYearOfPlenty { first, second }),
        resource().prop_map(|resource| Action::PlayMonopoly { resource }),
        (resource(), resource()).prop_map(|(give, get)| Action::MaritimeTrade { give, get }),
        (cards(), cards(), prop::option::of(seat())).prop_map(|(give, want, to)| Action::OfferTrade { give, want, to }),
        any::<bool>().prop_map(|accept| Action::AnswerTrade { accept }),
        (cards(), cards()).prop_map(|(give, want)| Action::CounterTrade { give, want }),
        seat().prop_map(|with| Action::ConfirmTrade { with }),
        Just(Action::WithdrawTrade),
        Just(Action::EndTurn),
    ]
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn every_action_round_trips_and_fits_a_button(seat in seat(), action in action()) {
        round_trip(seat, &action)?;
        prop_assert!(record::encode(seat, &action).len() <= 53);
    }

    /// Junk never panics, and whatever is accepted is the one record of what it decodes to.
    #[test]
    fn decoding_junk_never_panics_and_accepts_only_canonical_records(text in ".{0,60}") {
        if let Ok((seat, action)) = record::decode(&text) {
            prop_assert_eq!(record::encode(seat, &action), text);
        }
    }

    #[test]
    fn decoding_near_records_never_panics_and_accepts_only_canonical_records(
        text in "[0-9]{1,2}:[0-9-]{1,3} (harbour|settle|city|road|ship|move|roll|discard|robber|pirate|gold|buy|knight|roads|plenty|monopoly|maritime|offer|accept|decline|confirm|withdraw|end)( [-0-9a-zA-Z,+]{0,14}){0,4}"
    ) {
        if let Ok((seat, action)) = record::decode(&text) {
            prop_assert_eq!(record::encode(seat, &action), text);
        }
    }

    #[test]
    fn decoding_a_damaged_record_never_panics(seat in seat(), action in action(), cut in 0usize..60, insert in any::<char>()) {
        let text = record::encode(seat, &action);
        let mut chars: Vec<char> = text.chars().collect();
        let at = cut.min(chars.len());
        chars.insert(at, insert);
        let damaged: String = chars.iter().collect();
        if let Ok((s, a)) = record::decode(&damaged) {
            prop_assert_eq!(record::encode(s, &a), damaged);
        }
        let _ = record::decode(&text[..at.min(text.len())]);
    }
}

/// `tests/data/records-v1.txt`: one released record per line with its meaning in the script
/// language (`SEAT: ACTION`). These must decode to the same action forever.
#[test]
fn released_records_decode_forever() {
    let sc = scenarios::by_id("new-shores").unwrap();
    let game = Game::new(sc, 4, 1, Options::default()).unwrap();
    let text = include_str!("data/records-v1.txt");
    let mut count = 0;
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let (stored, meaning) = line.split_once(" => ").unwrap_or_else(|| panic!("line {}: RECORD => SEAT: ACTION", n + 1));
        let decoded = record::decode(stored).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let (seat, action) = script::parse_line(&game, meaning).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert_eq!(decoded, (seat as u8, action), "line {}: {stored}", n + 1);
        assert_eq!(record::encode(decoded.0, &decoded.1), stored, "line {}", n + 1);
        count += 1;
    }
    assert!(count >= 30, "the golden file lists every kind of record ({count} lines read)");
}

/// `tests/data/game-v1.txt`: a whole game (four greedy bots on The Four Islands, seed 2026) as
/// stored records. Replayed from its seed, it must end as it did when it was written.
#[test]
fn a_released_game_replays_forever_from_its_records() {
    const SCENARIO: &str = "four-islands";
    const SEED: u64 = 2026;
    const PLAYERS: usize = 4;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/game-v1.txt");
    // The game was played with ruleset seafarers-1, and replays with it whatever is current.
    let ruleset = Ruleset::from_id(1).unwrap();
    let setup = || Setup::new(ruleset.scenario(SCENARIO).unwrap(), PLAYERS, SEED, Options::default()).unwrap();
    if std::env::var_os("SEAFARERS_BLESS").is_some() {
        // The bots of `sim::play_game`, recorded (it keeps no log).
        let mut game = Game::from_setup(setup()).unwrap();
        let mut bots: Vec<Bot> =
            (0..PLAYERS).map(|p| Bot::new(Ai::Greedy, SEED.wrapping_mul(0x9E37_79B9).wrapping_add(p as u64 + 1))).collect();
        let mut lines = vec![format!("# {SCENARIO}, {PLAYERS} players, seed {SEED}, no pirate: greedy bots to the end")];
        while !game.is_over() {
            let p = game.to_act()[0];
            let a = bots[p].choose(&game, p).unwrap();
            game.apply(p, &a).unwrap();
            lines.push(record::encode(p as u8, &a));
        }
        let points: Vec<String> = game.players().iter().map(|p| p.points.to_string()).collect();
        lines.push(format!("# end: winner {} turn {} points {}", game.winner().unwrap(), game.turn(), points.join(" ")));
        std::fs::write(path, lines.join("\n") + "\n").unwrap();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let log: Vec<(u8, Action)> = text.lines().filter(|l| !l.starts_with('#')).map(|l| record::decode(l).unwrap()).collect();
    let game = Game::replay(setup(), &log).unwrap_or_else(|(i, e)| panic!("record {i} refused: {e}"));
    let end = text.lines().rfind(|l| l.starts_with("# end: ")).expect("the file ends with its outcome");
    let points: Vec<String> = game.players().iter().map(|p| p.points.to_string()).collect();
    let got = format!("# end: winner {} turn {} points {}", game.winner().expect("the game is over"), game.turn(), points.join(" "));
    assert_eq!(got, end);
}
