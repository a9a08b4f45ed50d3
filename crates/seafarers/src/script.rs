//! Script files: a game set up by hand (a scenario or an inline map, players, seed, any random
//! outcome fixed) and a list of actions in text form, run to a final state that can be checked
//! against expectations. The format is documented in the README ("Script files"); the
//! rulebook's worked examples live in `tests/data/`.

use crate::cards::{DevCard, Harbour, Resource, Resources, Terrain};
use crate::game::{COLOURS, Game, Options, Setup};
use crate::geometry::{Edge, Hex, Vertex};
use crate::log::GameLog;
use crate::map::ScenarioMap;
use crate::view::View;
use crate::{Action, DataError, Event, scenarios};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScript {
    #[serde(default)]
    scenario: Option<String>,
    #[serde(default)]
    map: Option<toml::Value>,
    players: usize,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    start_player: Option<usize>,
    #[serde(default)]
    pirate: bool,
    #[serde(default)]
    deck: Vec<String>,
    #[serde(default = "yes")]
    deck_rest: bool,
    #[serde(default)]
    dice: Vec<String>,
    #[serde(default)]
    steals: Vec<String>,
    #[serde(default)]
    hands: Vec<String>,
    #[serde(default)]
    fix_hexes: Vec<String>,
    #[serde(default)]
    fix_harbours: Vec<String>,
    #[serde(default)]
    harbour_order: Vec<String>,
    #[serde(default)]
    discoveries: BTreeMap<String, String>,
    #[serde(default)]
    actions: Vec<toml::Spanned<String>>,
    #[serde(default)]
    expect: Option<Expect>,
}

/// What the final state must show; every field is optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Victory points per seat (hidden cards included).
    pub points: Option<Vec<u8>>,
    pub chips: Option<Vec<u8>>,
    pub route_lengths: Option<Vec<u8>>,
    /// A seat, or "none".
    pub longest_route: Option<toml::Value>,
    pub largest_army: Option<toml::Value>,
    /// A seat, or "none" (the game is not over).
    pub winner: Option<toml::Value>,
    /// Hands per seat, in the text form `brick=1 ore=2` (or "nothing").
    pub hands: Option<Vec<String>>,
    pub bank: Option<String>,
    /// The phase's name, e.g. "main", "roll", "gold", "game_over".
    pub phase: Option<String>,
    pub turn: Option<u32>,
    pub knights: Option<Vec<u8>>,
    pub ships_left: Option<Vec<u8>>,
    pub roads_left: Option<Vec<u8>>,
}

/// A parsed script, ready to run.
pub struct Script {
    pub setup: Setup,
    actions: Vec<(String, usize)>,
    expect: Option<Expect>,
}

/// The result of running a script: the game, its events, the full view (serialisable:
/// `serde_json::to_string(&outcome.view)` is the script's JSON output) and the whole game as a
/// log (every action with its seat and events: the CLI's `--log`).
pub struct Outcome {
    pub game: Game,
    pub events: Vec<Event>,
    pub view: View,
    pub log: GameLog,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn yes() -> bool {
    true
}

fn field<T>(name: &str, r: Result<T, String>) -> Result<T, DataError> {
    r.map_err(|e| DataError::general(format!("field {name}: {e}")))
}

impl Script {
    pub fn parse(text: &str) -> Result<Script, DataError> {
        let raw: RawScript = toml::from_str(text).map_err(DataError::toml)?;
        let scenario: Arc<ScenarioMap> = match (raw.scenario.as_deref(), raw.map) {
            (Some(id), None) => scenarios::by_id(id)?,
            (None, Some(v)) => Arc::new(ScenarioMap::from_value(v)?),
            (Some(_), Some(_)) => return Err(DataError::general("give either `scenario` or an inline [map], not both")),
            (None, None) => return Err(DataError::general("field scenario: missing (an embedded scenario id, or an inline [map])")),
        };
        let options = Options { pirate: raw.pirate };
        let mut setup = Setup::new(Arc::clone(&scenario), raw.players, raw.seed, options).map_err(|e| DataError::general(e.to_string()))?;
        if let Some(s) = raw.start_player {
            if s >= raw.players {
                return Err(DataError::general(format!("field start_player: seat {s} does not exist")));
            }
            setup.start_player = s;
        }
        if !raw.deck.is_empty() || !raw.deck_rest {
            // Any mix of cards on top; the rest of the seed's standard deck follows, less one of
            // each listed card it still holds (`deck_rest = false`: the deck is exactly the list).
            let mut deck = Vec::new();
            for (i, c) in raw.deck.iter().enumerate() {
                deck.push(field(&format!("deck[{i}]"), c.parse::<DevCard>())?);
            }
            if raw.deck_rest {
                let mut rest = setup.deck.clone();
                for c in &deck {
                    if let Some(i) = rest.iter().position(|x| x == c) {
                        rest.remove(i);
                    }
                }
                deck.extend(rest);
            }
            setup.deck = deck;
        }
        for (i, d) in raw.dice.iter().enumerate() {
            let v: Vec<u8> = d.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            match v.as_slice() {
                [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => setup.dice.push([*a, *b]),
                _ => return Err(DataError::general(format!("field dice[{i}]: `{d}` should be two dice, e.g. \"3 4\""))),
            }
        }
        for (i, s) in raw.steals.iter().enumerate() {
            setup.steals.push(field(&format!("steals[{i}]"), s.parse::<Resource>())?);
        }
        for (i, h) in raw.hands.iter().enumerate() {
            setup.hands.push(field(&format!("hands[{i}]"), h.parse::<Resources>())?);
        }
        for (i, f) in raw.fix_hexes.iter().enumerate() {
            let name = format!("fix_hexes[{i}]");
            let (h, t) = f
                .split_once(char::is_whitespace)
                .ok_or_else(|| DataError::general(format!("field {name}: `{f}` should look like `0,1 F5`")))?;
            let hex: Hex = field(&name, h.parse())?;
            let (terrain, number) = field(&name, parse_terrain_number(t.trim()))?;
            let slot = setup
                .map
                .hexes
                .iter_mut()
                .find(|m| m.hex == hex)
                .ok_or_else(|| DataError::field("hex", &hex.to_string(), &name, "is not on the map"))?;
            slot.terrain = Some(terrain);
            slot.number = number;
        }
        for (i, f) in raw.fix_harbours.iter().enumerate() {
            let name = format!("fix_harbours[{i}]");
            let (e, k) = f
                .split_once(char::is_whitespace)
                .ok_or_else(|| DataError::general(format!("field {name}: `{f}` should look like `0,-3,SE 3:1`")))?;
            let edge: Edge = field(&name, e.parse())?;
            let kind: Harbour = field(&name, k.trim().parse())?;
            let slot = setup
                .map
                .harbours
                .iter_mut()
                .find(|(x, _)| *x == edge)
                .ok_or_else(|| DataError::field("harbour", &edge.to_string(), &name, "is not a harbour spot of the map"))?;
            slot.1 = kind;
        }
        if !raw.harbour_order.is_empty() {
            let mut order = Vec::new();
            for (i, h) in raw.harbour_order.iter().enumerate() {
                order.push(field(&format!("harbour_order[{i}]"), h.parse::<Harbour>())?);
            }
            let (mut a, mut b) = (order.clone(), setup.map.harbour_queue.clone());
            a.sort();
            b.sort();
            if a != b {
                return Err(DataError::general(
                    "field harbour_order: must list the scenario's harbour pool (placed by the players), in any order",
                ));
            }
            setup.map.harbour_queue = order;
        }
        for (pool, list) in &raw.discoveries {
            let name = format!("discoveries.{pool}");
            let c = pool
                .chars()
                .next()
                .filter(|_| pool.len() == 1)
                .ok_or_else(|| DataError::general(format!("field {name}: a pool is one letter")))?;
            let mut terrains = Vec::new();
            let mut numbers = Vec::new();
            for w in list.split_whitespace() {
                let (t, n) = field(&name, parse_terrain_number(w))?;
                terrains.push(t);
                numbers.extend(n);
            }
            // Discoveries draw from the end.
            terrains.reverse();
            numbers.reverse();
            let p = setup.map.fog.entry(c).or_default();
            p.terrain = terrains;
            p.numbers = numbers;
        }
        let actions = raw.actions.iter().map(|a| (a.get_ref().clone(), line_of(text, a.span().start))).collect();
        Ok(Script { setup, actions, expect: raw.expect })
    }

    /// Plays the actions. The error names the action, its line and why it was refused.
    pub fn run(&self) -> Result<Outcome, DataError> {
        let mut game = Game::from_setup(self.setup.clone()).map_err(|e| DataError::general(e.to_string()))?;
        let mut log = GameLog::new(&self.setup, &game);
        let mut events = game.opening_events().to_vec();
        for (i, (text, line)) in self.actions.iter().enumerate() {
            let fail = |m: String| DataError::general(format!("line {line}, actions[{i}] `{text}`: {m}"));
            let (player, action) = parse_line(&game, text).map_err(fail)?;
            let new = game.apply(player, &action).map_err(|e| fail(e.to_string()))?;
            log.push(player, &action, &new);
            events.extend(new);
        }
        log.finish(&game);
        let view = game.full_view();
        Ok(Outcome { game, events, view, log })
    }

    /// Compares the final state with the `[expect]` table; the error lists every mismatch.
    pub fn check(&self, game: &Game) -> Result<(), DataError> {
        let Some(e) = &self.expect else { return Ok(()) };
        let mut problems = Vec::new();
        let mut compare = |name: &str, expected: String, actual: String| {
            if expected != actual {
                problems.push(format!("expect.{name}: expected {expected}, got {actual}"));
            }
        };
        let ps = game.players();
        let seat_or_none = |v: &toml::Value| match v {
            toml::Value::Integer(i) => format!("{i}"),
            other => other.as_str().unwrap_or("?").to_string(),
        };
        let opt = |o: Option<usize>| o.map_or("none".to_string(), |x| x.to_string());
        if let Some(v) = &e.points {
            compare("points", format!("{v:?}"), format!("{:?}", ps.iter().map(|p| p.points).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.chips {
            compare("chips", format!("{v:?}"), format!("{:?}", ps.iter().map(|p| p.chips).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.route_lengths {
            compare("route_lengths", format!("{v:?}"), format!("{:?}", ps.iter().map(|p| p.route_length).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.knights {
            compare("knights", format!("{v:?}"), format!("{:?}", ps.iter().map(|p| p.knights).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.ships_left {
            compare("ships_left", format!("{v:?}"), format!("{:?}", ps.iter().map(|p| p.ships_left).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.roads_left {
            compare("roads_left", format!("{v:?}"), format!("{:?}", ps.iter().map(|p| p.roads_left).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.longest_route {
            compare("longest_route", seat_or_none(v), opt(game.longest_route_holder()));
        }
        if let Some(v) = &e.largest_army {
            compare("largest_army", seat_or_none(v), opt(game.largest_army_holder()));
        }
        if let Some(v) = &e.winner {
            compare("winner", seat_or_none(v), opt(game.winner()));
        }
        if let Some(v) = &e.hands {
            let expected: Vec<String> = v.iter().map(|h| h.parse::<Resources>().map_or_else(|e| e, |r| r.to_string())).collect();
            compare("hands", format!("{expected:?}"), format!("{:?}", ps.iter().map(|p| p.hand.to_string()).collect::<Vec<_>>()));
        }
        if let Some(v) = &e.bank {
            compare("bank", v.parse::<Resources>().map_or_else(|e| e, |r| r.to_string()), game.bank().to_string());
        }
        if let Some(v) = &e.phase {
            let actual = serde_json_free_phase(game);
            compare("phase", v.clone(), actual);
        }
        if let Some(v) = e.turn {
            compare("turn", v.to_string(), game.turn().to_string());
        }
        if problems.is_empty() { Ok(()) } else { Err(DataError::general(problems.join("\n"))) }
    }
}

/// Parses, runs and checks a script: the final state, or the first problem.
pub fn script(text: &str) -> Result<Outcome, DataError> {
    let s = Script::parse(text)?;
    let outcome = s.run()?;
    s.check(&outcome.game)?;
    Ok(outcome)
}

fn serde_json_free_phase(game: &Game) -> String {
    use crate::game::Phase;
    match game.phase() {
        Phase::PlaceHarbour => "place_harbour",
        Phase::SetupSettlement => "setup_settlement",
        Phase::SetupRoute { .. } => "setup_route",
        Phase::Roll => "roll",
        Phase::Main => "main",
        Phase::Discard => "discard",
        Phase::Robber => "robber",
        Phase::Gold => "gold",
        Phase::RoadBuilding { .. } => "road_building",
        Phase::GameOver { .. } => "game_over",
    }
    .to_string()
}

/// `F5`, `S`, `G4`, `forest 5`.
fn parse_terrain_number(s: &str) -> Result<(Terrain, Option<u8>), String> {
    let (t, n) = match s.find(|c: char| c.is_ascii_digit()) {
        Some(i) => (s[..i].trim(), Some(s[i..].trim())),
        None => (s.trim(), None),
    };
    let terrain: Terrain = t.parse()?;
    let number = match n {
        Some(n) => Some(n.parse::<u8>().map_err(|_| format!("`{n}` is not a number"))?),
        None => None,
    };
    if number.is_some() != terrain.takes_number() {
        return Err(format!("`{s}`: {} {} a number", terrain.name(), if terrain.takes_number() { "needs" } else { "takes no" }));
    }
    if let Some(n) = number.filter(|&n| !(2..=12).contains(&n) || n == 7) {
        return Err(format!("{n} is not a number token"));
    }
    Ok((terrain, number))
}

fn parse_seat(game: &Game, w: &str) -> Result<u8, String> {
    let seat = w
        .parse::<usize>()
        .ok()
        .or_else(|| COLOURS.iter().position(|c| *c == w))
        .ok_or_else(|| format!("`{w}` is not a seat (0-3 or a colour)"))?;
    if seat >= game.player_count() {
        return Err(format!("there is no seat {seat}"));
    }
    Ok(seat as u8)
}

/// Parses `[SEAT:] ACTION` (SEAT a number or a colour; default: the only player to act).
pub fn parse_line(game: &Game, text: &str) -> Result<(usize, Action), String> {
    let (who, rest) = match text.split_once(':') {
        Some((w, rest)) if !w.contains(' ') && !w.contains(',') => (Some(parse_seat(game, w.trim())? as usize), rest.trim()),
        _ => (None, text.trim()),
    };
    let action = parse_action(game, rest)?;
    let player = match who {
        Some(p) => p,
        None => match game.to_act().as_slice() {
            [only] => *only,
            [] => return Err("nobody is to act".into()),
            many => return Err(format!("several players are to act ({many:?}): write `SEAT: {rest}`")),
        },
    };
    Ok((player, action))
}

/// Parses an action in text form:
///
/// - `harbour EDGE` · `settle VERTEX` · `city VERTEX` · `road EDGE` · `ship EDGE` ·
///   `move-ship EDGE EDGE` (VERTEX like `0,1,N`, any corner name; EDGE like `0,1,E`, any side)
/// - `roll` · `discard brick=2 ore=1` · `gold wool=1` · `robber HEX [SEAT]` · `pirate HEX`
/// - `buy` · `knight` · `road-building` · `year-of-plenty grain ore` · `monopoly wool`
/// - `maritime GIVE GET` · `offer brick=1 for ore=1 [to SEAT]` · `accept` · `decline` ·
///   `confirm SEAT` · `withdraw` · `end`
pub fn parse_action(game: &Game, text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let vertex = |w: &str| w.parse::<Vertex>();
    let edge = |w: &str| w.parse::<Edge>();
    let res = |w: &str| w.parse::<Resource>();
    let cards = |ws: &[&str]| ws.join(" ").parse::<Resources>();
    Ok(match words.as_slice() {
        ["harbour", e] => Action::PlaceHarbour { at: edge(e)? },
        ["settle" | "settlement", v] => Action::BuildSettlement { at: vertex(v)? },
        ["city", v] => Action::BuildCity { at: vertex(v)? },
        ["road", e] => Action::BuildRoad { at: edge(e)? },
        ["ship", e] => Action::BuildShip { at: edge(e)? },
        ["move-ship", a, b] => Action::MoveShip { from: edge(a)?, to: edge(b)? },
        ["roll"] => Action::Roll,
        ["discard", rest @ ..] => Action::Discard { cards: cards(rest)? },
        ["gold", rest @ ..] => Action::ChooseGold { cards: cards(rest)? },
        ["robber", h] => Action::MoveRobber { to: h.parse()?, victim: None },
        ["robber", h, v] => Action::MoveRobber { to: h.parse()?, victim: Some(parse_seat(game, v)?) },
        ["pirate", h] => Action::MovePirate { to: h.parse()? },
        ["buy"] => Action::BuyDevCard,
        ["knight"] => Action::PlayKnight,
        ["road-building"] => Action::PlayRoadBuilding,
        ["year-of-plenty", a, b] => Action::PlayYearOfPlenty { first: res(a)?, second: res(b)? },
        ["monopoly", r] => Action::PlayMonopoly { resource: res(r)? },
        ["maritime", a, b] => Action::MaritimeTrade { give: res(a)?, get: res(b)? },
        ["offer", rest @ ..] => {
            let i = rest.iter().position(|w| *w == "for").ok_or("usage: offer CARDS for CARDS [to SEAT]")?;
            let (give, tail) = rest.split_at(i);
            let tail = &tail[1..];
            let (want, to) = match tail.iter().position(|w| *w == "to") {
                Some(j) => (&tail[..j], tail.get(j + 1).map(|w| parse_seat(game, w)).transpose()?),
                None => (tail, None),
            };
            Action::OfferTrade { give: cards(give)?, want: cards(want)?, to }
        }
        ["counter", rest @ ..] => {
            let i = rest.iter().position(|w| *w == "for").ok_or("usage: counter CARDS for CARDS")?;
            Action::CounterTrade { give: cards(&rest[..i])?, want: cards(&rest[i + 1..])? }
        }
        ["accept"] => Action::AnswerTrade { accept: true },
        ["decline"] => Action::AnswerTrade { accept: false },
        ["confirm", s] => Action::ConfirmTrade { with: parse_seat(game, s)? },
        ["withdraw"] => Action::WithdrawTrade,
        ["end"] => Action::EndTurn,
        _ => return Err("unknown action (harbour, settle, city, road, ship, move-ship, roll, discard, gold, robber, pirate, buy, knight, road-building, year-of-plenty, monopoly, maritime, offer, accept, decline, counter, confirm, withdraw, end)".into()),
    })
}
