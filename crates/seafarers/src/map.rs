//! Scenario maps as data: parsing and validating a map file, resolving its pools from a seed,
//! and the board's topology (hexes, intersections and edges with dense indices).
//!
//! The file format is documented in the README ("Scenario map files") and in the header of
//! each file under `scenarios/`.

use crate::DataError;
use crate::cards::{Harbour, Terrain};
use crate::geometry::{Edge, Hex, Side, Vertex};
use seeded_rng::Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::str::FromStr;

/// Where a player's home islands come from (islands there give no special victory points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HomeRule {
    /// The islands that hold a hex of the setup area (`^` in the map).
    SetupArea,
    /// The islands of the player's own setup settlements.
    Settlements,
}

/// What a map hex starts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexSource {
    Fixed(Terrain),
    /// Drawn from the terrain pool at setup.
    Pool,
    /// Unknown until discovered in play (drawn from the pool then).
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexDef {
    pub hex: Hex,
    pub source: HexSource,
    /// A fixed number token.
    pub number: Option<u8>,
    /// Pool letter for the terrain and number draws.
    pub pool: char,
    /// `^`: setup settlements may go next to this hex (when the map marks any).
    pub setup: bool,
    /// `x`: a settlement next to this hex's island gives no special victory point.
    pub no_chip: bool,
    /// `m`: a setup settlement next to this sea hex must start with a ship.
    pub must_ship: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pool {
    pub terrain: Vec<Terrain>,
    pub numbers: Vec<u8>,
}

/// A scenario's rules and map, validated, before anything random is drawn.
#[derive(Clone, Debug)]
pub struct ScenarioMap {
    pub id: String,
    pub name: String,
    pub min_players: usize,
    pub max_players: usize,
    pub target: u8,
    /// Special victory points for the first settlement on each foreign island (0: none).
    pub chip: u8,
    pub home: HomeRule,
    pub ships: bool,
    pub harbours_by_players: bool,
    pub hexes: Vec<HexDef>,
    pub pools: BTreeMap<char, Pool>,
    /// Harbour spots: a coast edge and a fixed kind, or `None` for one from the pool.
    pub harbours: Vec<(Edge, Option<Harbour>)>,
    pub harbour_pool: Vec<Harbour>,
    /// The robber's start; `None`: the first desert of the resolved map.
    pub robber: Option<Hex>,
    pub pirate: Option<Hex>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    id: String,
    name: String,
    players: [usize; 2],
    target: u8,
    #[serde(default)]
    chip: u8,
    #[serde(default = "default_home")]
    home: HomeRule,
    #[serde(default = "yes")]
    ships: bool,
    #[serde(default)]
    harbours_by_players: bool,
    map: String,
    #[serde(default)]
    harbours: Vec<String>,
    #[serde(default)]
    harbour_pool: String,
    #[serde(default)]
    robber: Option<String>,
    #[serde(default)]
    pirate: Option<String>,
    #[serde(default)]
    pools: BTreeMap<String, RawPool>,
}

fn default_home() -> HomeRule {
    HomeRule::SetupArea
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPool {
    #[serde(default)]
    terrain: String,
    #[serde(default)]
    numbers: String,
}

fn hex_err(hex: Hex, field: &str, msg: impl AsRef<str>) -> DataError {
    DataError::field("hex", &hex.to_string(), field, msg.as_ref())
}

/// Parses one map token: terrain letter, `?` or `U`; an optional number; `/p` pool; flags.
fn parse_token(hex: Hex, token: &str) -> Result<HexDef, DataError> {
    let mut chars = token.chars().peekable();
    let first = chars.next().ok_or_else(|| hex_err(hex, "map", "empty token"))?;
    let source = match first {
        '?' => HexSource::Pool,
        'U' => HexSource::Unknown,
        c => HexSource::Fixed(
            Terrain::from_letter(c)
                .ok_or_else(|| hex_err(hex, "map", format!("`{token}`: `{c}` is not a terrain letter (S D G F P W H M, ? or U)")))?,
        ),
    };
    let mut digits = String::new();
    while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
        digits.push(c);
        chars.next();
    }
    let number = if digits.is_empty() {
        None
    } else {
        let n: u8 = digits.parse().map_err(|_| hex_err(hex, "number", format!("`{digits}` is not a number")))?;
        if !(2..=12).contains(&n) || n == 7 {
            return Err(hex_err(hex, "number", format!("{n} is not a number token (2-6, 8-12)")));
        }
        match source {
            HexSource::Fixed(t) if !t.takes_number() => {
                return Err(hex_err(hex, "number", format!("a {} hex takes no number token", t.name())));
            }
            HexSource::Unknown => return Err(hex_err(hex, "number", "an unknown hex draws its number when discovered")),
            _ => {}
        }
        Some(n)
    };
    let mut pool = 'a';
    let mut def = HexDef { hex, source, number, pool, setup: false, no_chip: false, must_ship: false };
    while let Some(c) = chars.next() {
        match c {
            '/' => {
                pool = chars
                    .next()
                    .filter(char::is_ascii_lowercase)
                    .ok_or_else(|| hex_err(hex, "pool", format!("`{token}`: `/` must be followed by a pool letter a-z")))?;
            }
            '^' => def.setup = true,
            'x' => def.no_chip = true,
            'm' => def.must_ship = true,
            _ => return Err(hex_err(hex, "map", format!("`{token}`: unexpected `{c}` (flags are ^ x m, pool is /a)"))),
        }
    }
    def.pool = pool;
    if def.must_ship && def.source != HexSource::Fixed(Terrain::Sea) {
        return Err(hex_err(hex, "map", format!("`{token}`: only a sea hex can be a must-ship coast (m)")));
    }
    Ok(def)
}

fn parse_list<T: FromStr<Err = String>>(s: &str, field: &str) -> Result<Vec<T>, DataError> {
    s.split_whitespace().map(|w| w.parse::<T>().map_err(|e| DataError::general(format!("field {field}: {e}")))).collect()
}

impl ScenarioMap {
    /// Parses and validates a map file. Errors name the hex (or line) and the field.
    pub fn parse(text: &str) -> Result<ScenarioMap, DataError> {
        let raw: RawMap = toml::from_str(text).map_err(DataError::toml)?;
        let ctx = |e: DataError| e.context(&format!("scenario {}", raw.id));
        ScenarioMap::from_raw(&raw).map_err(ctx)
    }

    /// Parses a map given as a TOML table (an inline `[map]` of a script file).
    pub fn from_value(value: toml::Value) -> Result<ScenarioMap, DataError> {
        let raw: RawMap =
            value.try_into().map_err(|e: toml::de::Error| DataError::general(format!("field map: {}", e.to_string().trim_end())))?;
        let ctx = |e: DataError| e.context(&format!("inline map {}", raw.id));
        ScenarioMap::from_raw(&raw).map_err(ctx)
    }

    fn from_raw(raw: &RawMap) -> Result<ScenarioMap, DataError> {
        let [min_players, max_players] = raw.players;
        if min_players < crate::MIN_PLAYERS || max_players > crate::MAX_PLAYERS || min_players > max_players {
            return Err(DataError::general(format!(
                "field players: [{min_players}, {max_players}] is not within [{}, {}]",
                crate::MIN_PLAYERS,
                crate::MAX_PLAYERS
            )));
        }
        if raw.target == 0 {
            return Err(DataError::general("field target: must be at least 1"));
        }
        let mut hexes: Vec<HexDef> = Vec::new();
        let mut seen: HashMap<Hex, usize> = HashMap::new();
        for (i, line) in raw.map.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |m: &str| DataError::general(format!("field map, line {}: {m} (`{line}`)", i + 1));
            let (head, tokens) = line.split_once(':').ok_or_else(|| bad("expected `r=R q=Q: tokens`"))?;
            let mut r = None;
            let mut q = None;
            for part in head.split_whitespace() {
                match part.split_once('=') {
                    Some(("r", v)) => r = v.parse::<i8>().ok(),
                    Some(("q", v)) => q = v.parse::<i8>().ok(),
                    _ => return Err(bad("expected `r=R q=Q` before the colon")),
                }
            }
            let (Some(r), Some(q0)) = (r, q) else { return Err(bad("expected `r=R q=Q` before the colon")) };
            for (k, token) in tokens.split_whitespace().enumerate() {
                if token == "-" {
                    continue; // no hex here
                }
                let hex = Hex::new(q0 + k as i8, r);
                let def = parse_token(hex, token)?;
                if seen.insert(hex, hexes.len()).is_some() {
                    return Err(hex_err(hex, "map", "listed twice"));
                }
                hexes.push(def);
            }
        }
        if hexes.is_empty() {
            return Err(DataError::general("field map: no hexes"));
        }
        // Every hex that is or may be land is surrounded by map hexes.
        for d in &hexes {
            let missing = d.hex.neighbours().into_iter().find(|n| !seen.contains_key(n));
            if let Some(missing) = missing.filter(|_| d.source != HexSource::Fixed(Terrain::Sea)) {
                return Err(hex_err(
                    d.hex,
                    "map",
                    format!("may be land but its neighbour {missing} is not on the map (put sea around land)"),
                ));
            }
        }
        let mut pools: BTreeMap<char, Pool> = BTreeMap::new();
        for (name, p) in &raw.pools {
            let mut chars = name.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(DataError::general(format!("field pools.{name}: a pool is named by one letter a-z")));
            };
            let terrain = parse_list::<Terrain>(&p.terrain, &format!("pools.{name}.terrain"))?;
            let numbers = p
                .numbers
                .split_whitespace()
                .map(|w| w.parse::<u8>().map_err(|_| DataError::general(format!("field pools.{name}.numbers: `{w}` is not a number"))))
                .collect::<Result<Vec<u8>, DataError>>()?;
            if let Some(n) = numbers.iter().find(|&&n| !(2..=12).contains(&n) || n == 7) {
                return Err(DataError::general(format!("field pools.{name}.numbers: {n} is not a number token")));
            }
            pools.insert(c, Pool { terrain, numbers });
        }
        // Pool sizes: terrains for every `?` and `U` hex; numbers for the land that needs one.
        for (&c, pool) in &pools {
            let drawn = hexes.iter().filter(|d| d.pool == c && matches!(d.source, HexSource::Pool | HexSource::Unknown)).count();
            if drawn > pool.terrain.len() {
                return Err(DataError::general(format!(
                    "field pools.{c}.terrain: {drawn} hexes draw from it but it holds {}",
                    pool.terrain.len()
                )));
            }
        }
        for d in &hexes {
            let needs_pool = matches!(d.source, HexSource::Pool | HexSource::Unknown)
                || matches!(d.source, HexSource::Fixed(t) if t.takes_number() && d.number.is_none());
            if needs_pool && !pools.contains_key(&d.pool) {
                return Err(hex_err(d.hex, "pool", format!("draws from pool `{}`, which the file does not define", d.pool)));
            }
        }
        let harbour_pool: Vec<Harbour> = parse_list(&raw.harbour_pool, "harbour_pool")?;
        let mut harbours = Vec::new();
        for (i, spec) in raw.harbours.iter().enumerate() {
            let field = format!("harbours[{i}]");
            let (at, kind) = spec
                .split_once(char::is_whitespace)
                .ok_or_else(|| DataError::general(format!("field {field}: `{spec}` should look like `0,-3,SE 3:1` or `0,-3,SE ?`")))?;
            let edge: Edge = at.parse().map_err(|e: String| DataError::general(format!("field {field}: {e}")))?;
            let kind = match kind.trim() {
                "?" => None,
                k => Some(k.parse::<Harbour>().map_err(|e| DataError::general(format!("field {field}: {e}")))?),
            };
            let sides: Vec<Option<&HexDef>> = edge.hexes().iter().map(|h| seen.get(h).map(|&i| &hexes[i])).collect();
            let sea = sides.iter().filter(|d| matches!(d, Some(d) if d.source == HexSource::Fixed(Terrain::Sea))).count();
            let land = sides.iter().filter(|d| matches!(d, Some(d) if d.source != HexSource::Fixed(Terrain::Sea))).count();
            if sea != 1 || land != 1 {
                return Err(DataError::field("harbour", &edge.to_string(), &field, "is not a coast edge (one sea hex and one land hex)"));
            }
            if harbours.iter().any(|(e, _)| *e == edge) {
                return Err(DataError::field("harbour", &edge.to_string(), &field, "listed twice"));
            }
            harbours.push((edge, kind));
        }
        let pooled = harbours.iter().filter(|(_, k)| k.is_none()).count();
        if raw.harbours_by_players {
            if !harbours.is_empty() {
                return Err(DataError::general("field harbours: players place the harbours (harbours_by_players), so list none"));
            }
        } else if pooled != harbour_pool.len() {
            return Err(DataError::general(format!("field harbour_pool: {} harbours for {pooled} spots marked `?`", harbour_pool.len())));
        }
        let hex_field = |s: &Option<String>, field: &str| -> Result<Option<Hex>, DataError> {
            match s {
                None => Ok(None),
                Some(s) => {
                    let h: Hex = s.parse().map_err(|e: String| DataError::general(format!("field {field}: {e}")))?;
                    seen.get(&h).map(|&i| Some(hexes[i].hex)).ok_or_else(|| hex_err(h, field, "is not on the map"))
                }
            }
        };
        let robber = hex_field(&raw.robber, "robber")?;
        if let Some(h) = robber {
            let d = &hexes[seen[&h]];
            if matches!(d.source, HexSource::Fixed(Terrain::Sea) | HexSource::Unknown) {
                return Err(hex_err(h, "robber", "the robber starts on land"));
            }
        }
        let pirate = hex_field(&raw.pirate, "pirate")?;
        if let Some(h) = pirate.filter(|h| hexes[seen[h]].source != HexSource::Fixed(Terrain::Sea)) {
            return Err(hex_err(h, "pirate", "the pirate starts on a sea hex"));
        }
        if hexes.iter().filter(|d| d.must_ship).count() > 0 && !raw.ships {
            return Err(DataError::general("field map: must-ship coasts (m) need ships = true"));
        }
        let map = ScenarioMap {
            id: raw.id.clone(),
            name: raw.name.clone(),
            min_players,
            max_players,
            target: raw.target,
            chip: raw.chip,
            home: raw.home,
            ships: raw.ships,
            harbours_by_players: raw.harbours_by_players,
            hexes,
            pools,
            harbours,
            harbour_pool,
            robber,
            pirate,
        };
        // The pools must allow red numbers apart: resolve once to prove it.
        map.resolve(&mut Rng::new(0))?;
        Ok(map)
    }

    /// Draws every random part of the map from `rng`: pooled terrains and numbers (red numbers
    /// never adjacent nor on gold, redrawing as needed), pooled harbours, and the order in which
    /// unknown hexes and their numbers will be discovered.
    pub fn resolve(&self, rng: &mut Rng) -> Result<Map, DataError> {
        const ATTEMPTS: usize = 5000;
        for _ in 0..ATTEMPTS {
            let mut pools = self.pools.clone();
            for p in pools.values_mut() {
                rng.shuffle(&mut p.terrain);
                rng.shuffle(&mut p.numbers);
            }
            let mut hexes = Vec::with_capacity(self.hexes.len());
            let mut short = None;
            for d in &self.hexes {
                let terrain = match d.source {
                    HexSource::Fixed(t) => Some(t),
                    HexSource::Unknown => None,
                    HexSource::Pool => pools.get_mut(&d.pool).and_then(|p| p.terrain.pop()),
                };
                let number = match (terrain, d.number) {
                    (_, Some(n)) => Some(n),
                    (Some(t), None) if t.takes_number() => {
                        let n = pools.get_mut(&d.pool).and_then(|p| p.numbers.pop());
                        if n.is_none() {
                            short = Some(d.hex);
                        }
                        n
                    }
                    _ => None,
                };
                hexes.push(MapHex { hex: d.hex, terrain, number });
            }
            if let Some(h) = short {
                return Err(hex_err(
                    h,
                    "pool",
                    format!("pool `{}` has too few numbers for its land", self.hexes.iter().find(|d| d.hex == h).map_or('a', |d| d.pool)),
                ));
            }
            if !red_numbers_apart(&hexes) {
                continue;
            }
            let mut harbour_pool = self.harbour_pool.clone();
            rng.shuffle(&mut harbour_pool);
            let mut harbours = Vec::new();
            for &(edge, kind) in &self.harbours {
                let kind = kind.or_else(|| harbour_pool.pop()).expect("validated pool size");
                harbours.push((edge, kind));
            }
            let fog = pools.into_iter().filter(|(_, p)| !p.terrain.is_empty() || !p.numbers.is_empty()).collect();
            let robber = self.robber.or_else(|| hexes.iter().find(|h| h.terrain == Some(Terrain::Desert)).map(|h| h.hex));
            return Ok(Map {
                hexes,
                harbours,
                harbour_queue: if self.harbours_by_players { harbour_pool } else { Vec::new() },
                fog,
                // Default: the robber starts on the first desert (none without a desert).
                robber,
                pirate: self.pirate,
            });
        }
        Err(DataError::general(format!("field pools: no draw in {ATTEMPTS} keeps red numbers (6, 8) apart and off gold")))
    }

    pub fn def(&self, hex: Hex) -> Option<&HexDef> {
        self.hexes.iter().find(|d| d.hex == hex)
    }
}

fn red_numbers_apart(hexes: &[MapHex]) -> bool {
    let red: HashMap<Hex, Terrain> =
        hexes.iter().filter(|h| matches!(h.number, Some(6 | 8))).filter_map(|h| h.terrain.map(|t| (h.hex, t))).collect();
    red.iter().all(|(h, t)| *t != Terrain::Gold && h.neighbours().iter().all(|n| !red.contains_key(n)))
}

/// One hex of a resolved map: `terrain` is `None` while unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapHex {
    pub hex: Hex,
    pub terrain: Option<Terrain>,
    pub number: Option<u8>,
}

/// A resolved map: nothing random is left in it except what is drawn in play, and even that
/// order (`fog`: the discovery draws, last drawn first... see [`Map::fog`]) is fixed here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub hexes: Vec<MapHex>,
    pub harbours: Vec<(Edge, Harbour)>,
    /// Harbours the players place at setup, in order of placement (first placed first).
    pub harbour_queue: Vec<Harbour>,
    /// What is left in each pool: discoveries draw terrains (and numbers for land) from the end.
    pub fog: BTreeMap<char, Pool>,
    pub robber: Option<Hex>,
    pub pirate: Option<Hex>,
}

pub(crate) const NONE: u16 = u16::MAX;

/// The board's fixed shape: which hexes exist and how hexes, intersections and edges touch.
/// Everything in play is indexed by these dense ids.
#[derive(Clone, Debug)]
pub struct Topology {
    pub hexes: Vec<Hex>,
    pub vertices: Vec<Vertex>,
    pub edges: Vec<Edge>,
    /// Per vertex: its map hexes (NONE when off the map), edges and neighbouring vertices.
    pub vertex_hexes: Vec<[u16; 3]>,
    pub vertex_edges: Vec<[u16; 3]>,
    pub vertex_neighbours: Vec<[u16; 3]>,
    pub edge_hexes: Vec<[u16; 2]>,
    pub edge_vertices: Vec<[u16; 2]>,
    /// Per hex: its six corners and sides (NONE where there is no intersection or edge).
    pub hex_vertices: Vec<[u16; 6]>,
    pub hex_edges: Vec<[u16; 6]>,
    q0: i8,
    r0: i8,
    width: usize,
    height: usize,
    slot_hex: Vec<u16>,
    slot_vertex: Vec<u16>,
    slot_edge: Vec<u16>,
}

impl Topology {
    /// Builds the topology of a set of hexes: an edge between every two adjacent map hexes, an
    /// intersection at each end of an edge.
    pub fn new(hex_list: &[Hex]) -> Topology {
        let q0 = hex_list.iter().map(|h| h.q).min().unwrap_or(0) - 1;
        let r0 = hex_list.iter().map(|h| h.r).min().unwrap_or(0) - 1;
        let width = (hex_list.iter().map(|h| h.q).max().unwrap_or(0) - q0) as usize + 2;
        let height = (hex_list.iter().map(|h| h.r).max().unwrap_or(0) - r0) as usize + 2;
        let mut t = Topology {
            hexes: hex_list.to_vec(),
            vertices: Vec::new(),
            edges: Vec::new(),
            vertex_hexes: Vec::new(),
            vertex_edges: Vec::new(),
            vertex_neighbours: Vec::new(),
            edge_hexes: Vec::new(),
            edge_vertices: Vec::new(),
            hex_vertices: vec![[NONE; 6]; hex_list.len()],
            hex_edges: vec![[NONE; 6]; hex_list.len()],
            q0,
            r0,
            width,
            height,
            slot_hex: vec![NONE; width * height],
            slot_vertex: vec![NONE; width * height * 2],
            slot_edge: vec![NONE; width * height * 3],
        };
        for (i, &h) in hex_list.iter().enumerate() {
            let s = t.slot(h).expect("inside bounds");
            t.slot_hex[s] = i as u16;
        }
        for (i, &h) in hex_list.iter().enumerate() {
            for (k, side) in crate::geometry::Side::ALL.into_iter().enumerate() {
                if t.hex_index(h.neighbour(side)).is_none() {
                    continue;
                }
                let edge = h.side(side);
                let id = match t.edge_index(edge) {
                    Some(id) => id,
                    None => {
                        let id = t.edges.len() as u16;
                        let s = t.slot(edge.hex).expect("edge hex in bounds") * 3 + (edge.side as usize);
                        t.slot_edge[s] = id;
                        t.edges.push(edge);
                        let hx = edge.hexes().map(|h| t.hex_index(h).expect("both hexes on the map") as u16);
                        t.edge_hexes.push(hx);
                        let vs = edge.vertices().map(|v| t.add_vertex(v));
                        t.edge_vertices.push(vs);
                        for (a, b) in [(vs[0], vs[1]), (vs[1], vs[0])] {
                            push3(&mut t.vertex_edges[a as usize], id);
                            push3(&mut t.vertex_neighbours[a as usize], b);
                        }
                        id
                    }
                };
                t.hex_edges[i][k] = id;
            }
        }
        for (i, &h) in hex_list.iter().enumerate() {
            for (k, v) in h.corners().into_iter().enumerate() {
                t.hex_vertices[i][k] = t.vertex_index(v).unwrap_or(NONE);
            }
        }
        t
    }

    fn add_vertex(&mut self, v: Vertex) -> u16 {
        if let Some(id) = self.vertex_index(v) {
            return id;
        }
        let id = self.vertices.len() as u16;
        let s = self.slot(v.hex).expect("vertex hex in bounds") * 2 + v.top as usize;
        self.slot_vertex[s] = id;
        self.vertices.push(v);
        let hexes = v.hexes().map(|h| self.hex_index(h).map_or(NONE, |i| i as u16));
        self.vertex_hexes.push(hexes);
        self.vertex_edges.push([NONE; 3]);
        self.vertex_neighbours.push([NONE; 3]);
        id
    }

    fn slot(&self, h: Hex) -> Option<usize> {
        let x = h.q as i32 - self.q0 as i32;
        let y = h.r as i32 - self.r0 as i32;
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height).then(|| y as usize * self.width + x as usize)
    }

    pub fn hex_index(&self, h: Hex) -> Option<usize> {
        self.slot(h).map(|s| self.slot_hex[s]).filter(|&i| i != NONE).map(|i| i as usize)
    }

    pub fn vertex_index(&self, v: Vertex) -> Option<u16> {
        self.slot(v.hex).map(|s| self.slot_vertex[s * 2 + v.top as usize]).filter(|&i| i != NONE)
    }

    /// The index of an edge given by its canonical name (the NE, E or SE side of its hex, as
    /// `Hex::side` and the parsers give it); None for any other name.
    pub fn edge_index(&self, e: Edge) -> Option<u16> {
        // Slots hold the three canonical sides only: another side would read a neighbour's slot.
        if !matches!(e.side, Side::NE | Side::E | Side::SE) {
            return None;
        }
        self.slot(e.hex).map(|s| self.slot_edge[s * 3 + e.side as usize]).filter(|&i| i != NONE)
    }

    /// The edge between two neighbouring intersections.
    pub fn edge_between(&self, a: u16, b: u16) -> Option<u16> {
        self.vertex_edges[a as usize].iter().copied().find(|&e| e != NONE && self.edge_vertices[e as usize].contains(&b))
    }

    pub fn other_end(&self, edge: u16, v: u16) -> u16 {
        let [a, b] = self.edge_vertices[edge as usize];
        if a == v { b } else { a }
    }
}

fn push3(slots: &mut [u16; 3], id: u16) {
    if let Some(s) = slots.iter_mut().find(|s| **s == NONE) {
        *s = id;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_named_by_a_non_canonical_side_is_not_on_the_map() {
        let hexes: Vec<Hex> = [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)].map(|(q, r)| Hex::new(q, r)).to_vec();
        let t = Topology::new(&hexes);
        let centre = Hex::new(0, 0);
        for side in [Side::SW, Side::W, Side::NW] {
            // Hand-built, not through `Hex::side`: it must not read the next hex's slots.
            assert_eq!(t.edge_index(Edge { hex: centre, side }), None);
            assert!(t.edge_index(centre.side(side)).is_some(), "the canonical name is on the map");
        }
    }

    #[test]
    fn topology_of_a_radius_two_board_has_the_catan_counts() {
        let mut hexes = Vec::new();
        for q in -3i8..=3 {
            for r in -3i8..=3 {
                if (q + r).abs() <= 3 {
                    hexes.push(Hex::new(q, r));
                }
            }
        }
        let t = Topology::new(&hexes);
        // The 19 inner hexes: every corner and side of each exists.
        let inner: Vec<usize> = (0..hexes.len()).filter(|&i| hexes[i].distance(Hex::new(0, 0)) <= 2).collect();
        let mut vs: Vec<u16> = inner.iter().flat_map(|&i| t.hex_vertices[i]).collect();
        vs.sort_unstable();
        vs.dedup();
        assert!(!vs.contains(&NONE));
        assert_eq!(vs.len(), 54, "the standard island has 54 intersections");
        let mut es: Vec<u16> = inner.iter().flat_map(|&i| t.hex_edges[i]).collect();
        es.sort_unstable();
        es.dedup();
        assert_eq!(es.len(), 72, "the standard island has 72 edges");
        for e in 0..t.edges.len() {
            let [a, b] = t.edge_vertices[e];
            assert_eq!(t.edge_between(a, b), Some(e as u16));
            assert_eq!(t.other_end(e as u16, a), b);
        }
    }

    #[test]
    fn bad_map_files_name_the_hex_and_the_field() {
        let base = "id = \"t\"\nname = \"t\"\nplayers = [2, 4]\ntarget = 10\n";
        let with = |map: &str, extra: &str| format!("{base}{extra}map = \"\"\"\n{map}\n\"\"\"\n");
        let err = ScenarioMap::parse(&with("r=0 q=0: F5", "")).unwrap_err().to_string();
        assert!(err.contains("hex 0,0") && err.contains("neighbour"), "{err}");
        let err = ScenarioMap::parse(&with("r=-1 q=0: S S\nr=0 q=-1: S X S\nr=1 q=-1: S S", "")).unwrap_err().to_string();
        assert!(err.contains("hex 0,0, field map") && err.contains("`X`"), "{err}");
        let err = ScenarioMap::parse(&with("r=-1 q=0: S S\nr=0 q=-1: S D7 S\nr=1 q=-1: S S", "")).unwrap_err().to_string();
        assert!(err.contains("hex 0,0, field number"), "{err}");
        let err = ScenarioMap::parse(&with("r=-1 q=0: S S\nr=0 q=-1: S ?/b S\nr=1 q=-1: S S", "")).unwrap_err().to_string();
        assert!(err.contains("hex 0,0, field pool"), "{err}");
        let err =
            ScenarioMap::parse(&with("r=-1 q=0: S S\nr=0 q=-1: S F5 S\nr=1 q=-1: S S", "pirate = \"0,0\"\n")).unwrap_err().to_string();
        assert!(err.contains("hex 0,0, field pirate"), "{err}");
        let ok = ScenarioMap::parse(&with("r=-1 q=0: S S\nr=0 q=-1: S F5 S\nr=1 q=-1: S S", "")).unwrap();
        assert_eq!(ok.hexes.len(), 7);
    }
}
