//! Scenario files: a game set up by hand (players, options, tiles, deck order, ship order,
//! start player) and a list of actions in text form, run to a final state that can be checked
//! against expectations. The format is documented in the README; the rulebook's worked
//! examples live in `crates/engine/tests/data/`.

use crate::game::{COLOURS, Game, Options, Phase, RetrieveRule, Setup};
use crate::geometry::{Dir, Port, Pos, Rotation};
use crate::ships::{RawShip, ShipId, ShipSet};
use crate::tileset::{FeatureKind, RawTile, TileSet};
use crate::wares::Wares;
use crate::{Action, DataError, Event};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    players: usize,
    #[serde(default)]
    retrieve: Option<String>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    start_player: Option<usize>,
    /// "standard" (default) or "inline" (the `[[tile]]` entries of this file).
    #[serde(default)]
    tiles: Option<String>,
    #[serde(default)]
    tile: Vec<RawTile>,
    #[serde(default)]
    ship: Vec<RawShip>,
    #[serde(default)]
    deck: Option<Vec<toml::Spanned<String>>>,
    #[serde(default)]
    ships: Option<Vec<toml::Spanned<String>>>,
    #[serde(default)]
    actions: Vec<toml::Spanned<String>>,
    #[serde(default)]
    expect: Option<Expect>,
}

/// What the final state must show; every field is optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub wares: Option<Vec<Wares>>,
    /// Ship ids per seat, in the order taken.
    pub ships: Option<Vec<Vec<String>>>,
    pub supply: Option<Vec<u8>>,
    pub scores: Option<Vec<u16>>,
    pub game_over: Option<bool>,
    pub tiles_left: Option<usize>,
    pub discarded: Option<usize>,
    pub boats_used: Option<u16>,
}

/// A parsed scenario, ready to run.
pub struct Scenario {
    pub setup: Setup,
    actions: Vec<(String, usize)>,
    expect: Option<Expect>,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

impl Scenario {
    pub fn parse(text: &str) -> Result<Scenario, DataError> {
        let raw: RawScenario = toml::from_str(text).map_err(DataError::toml)?;
        let options = Options {
            retrieve: match raw.retrieve.as_deref() {
                None => RetrieveRule::default(),
                Some(r) => r.parse().map_err(|m: String| DataError::general(format!("field retrieve: {m}")))?,
            },
        };
        let tiles = match (raw.tiles.as_deref(), raw.tile.is_empty()) {
            (None | Some("standard"), true) => crate::standard::tiles(),
            (None | Some("inline"), false) => Arc::new(TileSet::from_raw(raw.tile)?),
            (Some("inline"), true) => return Err(DataError::general("field tiles: \"inline\" needs [[tile]] entries in this file")),
            (Some("standard"), false) => {
                return Err(DataError::general("field tiles: \"standard\" but the file has [[tile]] entries (use \"inline\")"));
            }
            (Some(other), _) => return Err(DataError::general(format!("field tiles: `{other}` is neither \"standard\" nor \"inline\""))),
        };
        let ships = if raw.ship.is_empty() { crate::standard::ships() } else { Arc::new(ShipSet::from_raw(raw.ship)?) };
        if !(crate::MIN_PLAYERS..=crate::MAX_PLAYERS).contains(&raw.players) {
            return Err(DataError::general(format!("field players: must be 2 to 5, not {}", raw.players)));
        }
        let mut setup = Setup::shuffled(Arc::clone(&tiles), Arc::clone(&ships), options, raw.players, raw.seed);
        if let Some(start) = raw.start_player {
            if start >= raw.players {
                return Err(DataError::general(format!("field start_player: seat {start} does not exist")));
            }
            setup.start_player = start;
        }
        if let Some(deck) = raw.deck {
            setup.deck = deck
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    tiles.id_of(name.get_ref()).filter(|&t| t != tiles.start).ok_or_else(|| {
                        DataError::general(format!(
                            "line {}, deck[{i}]: no tile `{}` in the stack's tile set",
                            line_of(text, name.span().start),
                            name.get_ref()
                        ))
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        if let Some(order) = raw.ships {
            setup.ship_order = order
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    ships.id_of(name.get_ref()).ok_or_else(|| {
                        DataError::general(format!("line {}, ships[{i}]: no ship `{}`", line_of(text, name.span().start), name.get_ref()))
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        let actions = raw.actions.iter().map(|a| (a.get_ref().clone(), line_of(text, a.span().start))).collect();
        Ok(Scenario { setup, actions, expect: raw.expect })
    }

    /// Plays the actions. The error names the action, its line and why it was refused.
    pub fn run(&self) -> Result<(Game, Vec<Event>), DataError> {
        let mut game = Game::from_setup(self.setup.clone()).map_err(|e| DataError::general(e.to_string()))?;
        let mut events = game.opening_events().to_vec();
        for (i, (text, line)) in self.actions.iter().enumerate() {
            let fail = |m: String| DataError::general(format!("line {line}, actions[{i}] `{text}`: {m}"));
            let action = parse_action(&game, text).map_err(fail)?;
            events.extend(game.apply(&action).map_err(|e| fail(e.to_string()))?);
        }
        Ok((game, events))
    }

    /// Compares the final state with the `[expect]` table; the error lists every mismatch.
    pub fn check(&self, game: &Game) -> Result<(), DataError> {
        let Some(expect) = &self.expect else { return Ok(()) };
        let mut problems = Vec::new();
        let mut compare = |field: &str, expected: String, actual: String| {
            if expected != actual {
                problems.push(format!("expect.{field}: expected {expected}, got {actual}"));
            }
        };
        let players = game.players();
        if let Some(w) = &expect.wares {
            compare("wares", format!("{w:?}"), format!("{:?}", players.iter().map(|p| p.wares).collect::<Vec<_>>()));
        }
        if let Some(s) = &expect.ships {
            let actual: Vec<Vec<String>> =
                players.iter().map(|p| p.ships.iter().map(|&s| game.ships().get(s).name.clone()).collect()).collect();
            compare("ships", format!("{s:?}"), format!("{actual:?}"));
        }
        if let Some(s) = &expect.supply {
            compare("supply", format!("{s:?}"), format!("{:?}", players.iter().map(|p| p.supply).collect::<Vec<_>>()));
        }
        if let Some(s) = &expect.scores {
            compare("scores", format!("{s:?}"), format!("{:?}", game.scores().iter().map(|s| s.total).collect::<Vec<_>>()));
        }
        if let Some(o) = expect.game_over {
            compare("game_over", o.to_string(), game.is_over().to_string());
        }
        if let Some(n) = expect.tiles_left {
            compare("tiles_left", n.to_string(), game.stack_size().to_string());
        }
        if let Some(n) = expect.discarded {
            compare("discarded", n.to_string(), game.discarded().len().to_string());
        }
        if let Some(n) = expect.boats_used {
            compare("boats_used", n.to_string(), game.boats_used().to_string());
        }
        if problems.is_empty() { Ok(()) } else { Err(DataError::general(problems.join("\n"))) }
    }
}

/// Parses an action in text form, resolving names against the game:
///
/// - `place X Y [DEGREES]` — the drawn tile at (X, Y), turned 0, 90, 180 or 270° clockwise
/// - `islander SPOT` — on the tile just placed; SPOT is `market`, `island@E`, `bridge@N`,
///   `sea@S`, `sea@Ne` (a kind and a port of the board: an edge, or half of a bridge edge), or
///   the feature's index in the tile data
/// - `retrieve X Y SPOT` — one of your islanders, from the tile at (X, Y)
/// - `skip` — no islander this turn
/// - `choose SHIP` — the market's ship (a ship id such as S07, or `#index`)
/// - `deliver SHIP`, then `pay shells=N bananas=N fish=N` when the payment is a choice
/// - `end` — deliver nothing
pub fn parse_action(game: &Game, text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let int = |w: &str| w.parse::<i32>().map_err(|_| format!("`{w}` is not a number"));
    match words.as_slice() {
        ["place", x, y, rest @ ..] => {
            let rotation = match rest {
                [] => Rotation::ALL[0],
                [deg] => deg
                    .trim_end_matches('°')
                    .parse::<u32>()
                    .ok()
                    .and_then(Rotation::from_degrees)
                    .ok_or_else(|| format!("`{deg}` is not a rotation (0, 90, 180 or 270)"))?,
                _ => return Err("usage: place X Y [DEGREES]".into()),
            };
            Ok(Action::PlaceTile { pos: Pos::new(int(x)?, int(y)?), rotation })
        }
        ["islander", spot] => {
            let pos = match game.phase() {
                Phase::Islander { pos } => pos,
                _ => game.last_placed().pos,
            };
            Ok(Action::PlaceIslander { feature: resolve_spot(game, pos, spot)? })
        }
        ["retrieve", x, y, spot] => {
            let pos = Pos::new(int(x)?, int(y)?);
            Ok(Action::RetrieveIslander { pos, feature: resolve_spot(game, pos, spot)? })
        }
        ["skip"] => Ok(Action::SkipIslander),
        ["choose", ship] => Ok(Action::ChooseShip { ship: resolve_ship(game, ship)? }),
        ["deliver", ship] => Ok(Action::Deliver { ship: resolve_ship(game, ship)? }),
        ["pay", parts @ ..] => {
            let mut payment = Wares::default();
            for part in parts {
                let (name, n) = part.split_once('=').ok_or_else(|| format!("`{part}` should look like shells=2"))?;
                let n: u16 = n.parse().map_err(|_| format!("`{n}` is not a number"))?;
                match name {
                    "shells" | "shell" => payment.shells = n,
                    "bananas" | "banana" => payment.bananas = n,
                    "fish" => payment.fish = n,
                    _ => return Err(format!("`{name}` is not a ware (shells, bananas, fish)")),
                }
            }
            Ok(Action::Pay { payment })
        }
        ["end"] => Ok(Action::EndTurn),
        _ => Err("unknown action (place, islander, retrieve, skip, choose, deliver, pay, end)".into()),
    }
}

fn resolve_ship(game: &Game, name: &str) -> Result<ShipId, String> {
    if let Some(index) = name.strip_prefix('#') {
        let i: usize = index.parse().map_err(|_| format!("`{name}` is not a ship"))?;
        return (i < game.ships().ships.len()).then_some(ShipId(i as u8)).ok_or_else(|| format!("no ship {name}"));
    }
    game.ships().id_of(name).ok_or_else(|| format!("no ship `{name}`"))
}

/// Finds a feature of the tile at `pos` from `market`, `KIND@PORT` or an index.
pub fn resolve_spot(game: &Game, pos: Pos, spot: &str) -> Result<u8, String> {
    let tile = game.tile_at(pos).ok_or_else(|| format!("no tile at {pos}"))?;
    let kind = game.tiles().get(tile.tile);
    if let Ok(i) = spot.parse::<u8>() {
        return ((i as usize) < kind.features.len())
            .then_some(i)
            .ok_or_else(|| format!("the tile at {pos} has {} features", kind.features.len()));
    }
    if spot == "market" {
        return kind
            .features
            .iter()
            .position(|f| f.kind == FeatureKind::Market)
            .map(|i| i as u8)
            .ok_or_else(|| format!("the tile at {pos} has no market"));
    }
    let (want, port) =
        spot.split_once('@').ok_or_else(|| format!("`{spot}` should look like sea@N, island@E, bridge@S, sea@Ne or market"))?;
    let want = match want {
        "island" => FeatureKind::Island,
        "bridge" => FeatureKind::Bridge,
        "sea" => FeatureKind::Sea,
        _ => return Err(format!("`{want}` is not island, bridge or sea")),
    };
    let board_port = match port.chars().collect::<Vec<_>>().as_slice() {
        [c] => {
            let d = Dir::from_letter(*c).ok_or_else(|| format!("`{port}` is not an edge"))?;
            // The middle of the edge, unless that is a bridge and we look for a sea.
            if want == FeatureKind::Sea && kind.edge(tile.rotation, d) == crate::EdgeKind::Bridge {
                return Err(format!("edge {port} is a bridge edge: name the half, e.g. sea@{}", Port::new(d, 0).half_name().unwrap_or("")));
            }
            Port::new(d, 1)
        }
        _ => Port::from_half_name(port).ok_or_else(|| format!("`{port}` is not a port"))?,
    };
    let canonical = Port((board_port.0 + 12 - 3 * tile.rotation.quarter_turns()) % 12);
    match kind.feature_at(canonical) {
        Some(f) if kind.features[f as usize].kind == want => Ok(f),
        _ => Err(format!("the tile at {pos} has no {} at {port}", want.name())),
    }
}

/// The state a scenario run prints (`southseas script`).
#[derive(Serialize)]
pub struct Summary {
    pub players: Vec<PlayerSummary>,
    pub tiles_left: usize,
    pub tiles_discarded: usize,
    pub game_over: bool,
    pub turn: u32,
    pub phase: Phase,
    pub to_act: Option<usize>,
    pub drawn_tile: Option<String>,
    pub display: Vec<ShipSummary>,
    pub ships_left: usize,
    pub boats_used: u16,
}

#[derive(Serialize)]
pub struct PlayerSummary {
    pub seat: usize,
    pub colour: &'static str,
    pub wares: Wares,
    pub ships: Vec<ShipSummary>,
    pub ship_values: Vec<u16>,
    pub islanders_in_supply: u8,
    pub score: u16,
    pub score_if_ended_now: u16,
}

#[derive(Serialize)]
pub struct ShipSummary {
    pub id: String,
    pub value: u16,
    pub demand: String,
}

impl Summary {
    pub fn of(game: &Game) -> Summary {
        let ship = |s: ShipId| {
            let ship = game.ships().get(s);
            ShipSummary { id: ship.name.clone(), value: ship.value, demand: ship.demand.to_string() }
        };
        let scores = game.scores();
        let projected = game.projected_scores();
        Summary {
            players: game
                .players()
                .iter()
                .enumerate()
                .map(|(seat, p)| PlayerSummary {
                    seat,
                    colour: COLOURS[seat],
                    wares: p.wares,
                    ships: p.ships.iter().map(|&s| ship(s)).collect(),
                    ship_values: p.ships.iter().map(|&s| game.ships().get(s).value).collect(),
                    islanders_in_supply: p.supply,
                    score: scores[seat].total,
                    score_if_ended_now: projected[seat].total,
                })
                .collect(),
            tiles_left: game.stack_size(),
            tiles_discarded: game.discarded().len(),
            game_over: game.is_over(),
            turn: game.turn(),
            phase: game.phase(),
            to_act: game.to_act(),
            drawn_tile: game.drawn_tile().map(|t| game.tiles().get(t).name.clone()),
            display: game.display().iter().map(|&s| ship(s)).collect(),
            ships_left: game.ship_stack_size(),
            boats_used: game.boats_used(),
        }
    }
}
