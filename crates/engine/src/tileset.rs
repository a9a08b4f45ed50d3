//! The tile set as data: parsing and validating a ruleset's `tiles.toml` (or any file in its schema).

use crate::DataError;
use crate::geometry::{Dir, Port, Rotation};
use serde::Deserialize;

/// What a tile edge is made of. Two tiles fit when every shared edge has the same kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    Sea = 1,
    Island = 2,
    Bridge = 3,
}

impl EdgeKind {
    /// "sea", "island", "bridge": the engine's English.
    pub fn name(self) -> &'static str {
        match self {
            EdgeKind::Sea => "sea",
            EdgeKind::Island => "island",
            EdgeKind::Bridge => "bridge",
        }
    }
}

/// The four kinds of feature, and the role an islander takes on each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeatureKind {
    Island,
    Bridge,
    Sea,
    Market,
}

impl FeatureKind {
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Island => "island",
            FeatureKind::Bridge => "bridge",
            FeatureKind::Sea => "sea",
            FeatureKind::Market => "market",
        }
    }

    /// The islander's title on this feature.
    pub fn role(self) -> &'static str {
        match self {
            FeatureKind::Island => "banana picker",
            FeatureKind::Bridge => "shell collector",
            FeatureKind::Sea => "fisherman",
            FeatureKind::Market => "merchant",
        }
    }

    /// The ware a completed feature of this kind yields (markets yield a ship instead).
    pub fn ware(self) -> Option<crate::Ware> {
        match self {
            FeatureKind::Island => Some(crate::Ware::Bananas),
            FeatureKind::Bridge => Some(crate::Ware::Shells),
            FeatureKind::Sea => Some(crate::Ware::Fish),
            FeatureKind::Market => None,
        }
    }
}

/// Index of a tile kind in its [`TileSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct TileId(pub u16);

/// One feature printed on a tile, in the tile's canonical orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileFeature {
    pub kind: FeatureKind,
    /// Bit i set = touches port i (see [`Port`]). Markets touch none.
    pub ports: u16,
    /// Bananas on an island, shells on a bridge, fish on a sea (sum of its groups).
    pub symbols: u16,
    /// Sea only: the groups of fish, 1 or 2 each.
    pub fish: Vec<u8>,
    /// Sea only: a fishing boat is drawn on it.
    pub boat: bool,
    /// Index of this feature's first fish group among all groups of the tile.
    pub first_group: u8,
}

impl TileFeature {
    /// The edges this feature touches, in canonical orientation.
    pub fn edges(&self) -> impl Iterator<Item = Dir> + '_ {
        Dir::ALL.into_iter().filter(|&d| self.ports & Port::edge_mask(d) != 0)
    }
}

#[derive(Clone, Debug)]
pub struct TileKind {
    pub name: String,
    pub count: u8,
    pub start: bool,
    pub market: bool,
    pub junction: bool,
    /// Islands, then bridges, then seas, then the market: the order of the data file.
    pub features: Vec<TileFeature>,
    pub edges: [EdgeKind; 4],
    /// Local feature index per port (u8::MAX: none, e.g. the middle of an island edge is the island).
    port_feature: [u8; 12],
    /// Edge kinds packed 2 bits per board edge, per rotation: a placement check is one compare.
    packed: [u8; 4],
    /// Rotations that look different from every smaller rotation (symmetric tiles have fewer).
    pub distinct_rotations: Vec<Rotation>,
    /// For each neighbourhood (the edge kinds required on N, E, S, W, 2 bits each, 0 = no
    /// neighbour), the distinct rotations that fit, as bits: legal placements in one lookup.
    fitting: [u8; 256],
}

impl TileKind {
    pub fn feature_at(&self, port: Port) -> Option<u8> {
        let f = self.port_feature[port.0 as usize];
        (f != u8::MAX).then_some(f)
    }

    /// Bit r set = rotation r (a distinct one) fits a spot whose neighbours require `required`.
    pub(crate) fn fitting_rotations(&self, required: u8) -> u8 {
        self.fitting[required as usize]
    }

    pub fn packed_edges(&self, rotation: Rotation) -> u8 {
        self.packed[rotation.quarter_turns() as usize]
    }

    /// The kind of the edge that lies on `dir` of the board when placed with `rotation`.
    pub fn edge(&self, rotation: Rotation, dir: Dir) -> EdgeKind {
        self.edges[rotation.unapply_dir(dir).index()]
    }

    pub fn boat_feature(&self) -> Option<u8> {
        self.features.iter().position(|f| f.boat).map(|i| i as u8)
    }

    pub fn fish_groups(&self) -> impl Iterator<Item = (u8, u8, u8)> + '_ {
        // (local feature, group index on the tile, fish in group)
        self.features
            .iter()
            .enumerate()
            .flat_map(|(fi, f)| f.fish.iter().enumerate().map(move |(gi, &n)| (fi as u8, f.first_group + gi as u8, n)))
    }
}

#[derive(Clone, Debug)]
pub struct TileSet {
    pub kinds: Vec<TileKind>,
    pub start: TileId,
}

impl TileSet {
    /// Parses and validates a tiles file. Errors name the tile and the field.
    pub fn parse(text: &str) -> Result<TileSet, DataError> {
        let raw: RawTileFile = toml::from_str(text).map_err(DataError::toml)?;
        TileSet::from_raw(raw.tile)
    }

    pub(crate) fn from_raw(raw: Vec<RawTile>) -> Result<TileSet, DataError> {
        let mut kinds: Vec<TileKind> = Vec::with_capacity(raw.len());
        for r in &raw {
            let kind = build_kind(r)?;
            if kinds.iter().any(|k| k.name == kind.name) {
                return Err(DataError::field("tile", &r.id, "id", "is used by another tile"));
            }
            kinds.push(kind);
        }
        let starts: Vec<usize> = kinds.iter().enumerate().filter(|(_, k)| k.start).map(|(i, _)| i).collect();
        if starts.len() != 1 {
            return Err(DataError::general(format!("exactly one tile must have `start = true`, found {}", starts.len())));
        }
        if kinds.len() > u16::MAX as usize {
            return Err(DataError::general("too many tile kinds"));
        }
        Ok(TileSet { kinds, start: TileId(starts[0] as u16) })
    }

    pub fn get(&self, id: TileId) -> &TileKind {
        &self.kinds[id.0 as usize]
    }

    pub fn id_of(&self, name: &str) -> Option<TileId> {
        self.kinds.iter().position(|k| k.name.eq_ignore_ascii_case(name)).map(|i| TileId(i as u16))
    }

    /// The draw stack in data order: every non-start kind repeated `count` times.
    pub fn stack(&self) -> Vec<TileId> {
        self.kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| !k.start)
            .flat_map(|(i, k)| std::iter::repeat_n(TileId(i as u16), k.count as usize))
            .collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTileFile {
    #[serde(default)]
    pub(crate) tile: Vec<RawTile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTile {
    id: String,
    #[serde(default = "one")]
    count: u8,
    #[serde(default)]
    start: bool,
    #[serde(default)]
    market: bool,
    #[serde(default)]
    junction: bool,
    #[serde(default)]
    islands: Vec<RawIsland>,
    #[serde(default)]
    bridges: Vec<RawBridge>,
    #[serde(default)]
    seas: Vec<RawSea>,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawIsland {
    edges: String,
    #[serde(default)]
    bananas: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBridge {
    edges: String,
    #[serde(default)]
    shells: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSea {
    ports: String,
    #[serde(default)]
    fish: Vec<u8>,
    #[serde(default)]
    boat: bool,
}

fn parse_edges(text: &str) -> Result<Vec<Dir>, String> {
    let mut dirs = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != ',' && *c != '-') {
        let d = Dir::from_letter(c.to_ascii_uppercase()).ok_or_else(|| format!("`{c}` is not an edge (N, E, S, W)"))?;
        if dirs.contains(&d) {
            return Err(format!("edge {c} is listed twice"));
        }
        dirs.push(d);
    }
    if dirs.is_empty() {
        return Err("must name at least one edge (N, E, S, W)".into());
    }
    Ok(dirs)
}

fn build_kind(r: &RawTile) -> Result<TileKind, DataError> {
    let err = |field: String, msg: String| DataError::field("tile", &r.id, &field, &msg);
    if r.id.trim().is_empty() {
        return Err(err("id".into(), "must not be empty".into()));
    }
    if r.start && r.count != 1 {
        return Err(err("count".into(), "the start tile has count 1".into()));
    }
    if r.count == 0 {
        return Err(err("count".into(), "must be at least 1".into()));
    }

    let mut edge_kind: [Option<EdgeKind>; 4] = [None; 4];
    let mut features = Vec::new();
    let mut claim = |dirs: &[Dir], kind: EdgeKind, field: String| -> Result<(), DataError> {
        for d in dirs {
            if edge_kind[d.index()].is_some() {
                return Err(err(field.clone(), format!("edge {} already belongs to another island or bridge", d.letter())));
            }
            edge_kind[d.index()] = Some(kind);
        }
        Ok(())
    };

    for (i, island) in r.islands.iter().enumerate() {
        let field = format!("islands[{i}].edges");
        let dirs = parse_edges(&island.edges).map_err(|m| err(field.clone(), m))?;
        claim(&dirs, EdgeKind::Island, field)?;
        let ports = dirs.iter().fold(0, |m, &d| m | Port::edge_mask(d));
        features.push(TileFeature { kind: FeatureKind::Island, ports, symbols: island.bananas, fish: vec![], boat: false, first_group: 0 });
    }
    for (i, bridge) in r.bridges.iter().enumerate() {
        let field = format!("bridges[{i}].edges");
        let dirs = parse_edges(&bridge.edges).map_err(|m| err(field.clone(), m))?;
        if dirs.len() > 2 {
            return Err(err(field, "a bridge touches 1 edge (it ends on the tile) or 2 (it runs through)".into()));
        }
        claim(&dirs, EdgeKind::Bridge, field.clone())?;
        if dirs.len() == 1 && !(r.junction || r.market || !r.islands.is_empty()) {
            return Err(err(field, "a bridge that ends on the tile needs a junction stone, a market or an island to end at".into()));
        }
        let ports = dirs.iter().fold(0, |m, &d| m | Port::new(d, 1).bit());
        features.push(TileFeature { kind: FeatureKind::Bridge, ports, symbols: bridge.shells, fish: vec![], boat: false, first_group: 0 });
    }
    let edges = edge_kind.map(|k| k.unwrap_or(EdgeKind::Sea));

    // Which ports are water, and so must belong to exactly one sea.
    let mut water: u16 = 0;
    for d in Dir::ALL {
        water |= match edges[d.index()] {
            EdgeKind::Sea => Port::edge_mask(d),
            EdgeKind::Bridge => Port::new(d, 0).bit() | Port::new(d, 2).bit(),
            EdgeKind::Island => 0,
        };
    }
    let mut covered: u16 = 0;
    let mut groups: u8 = 0;
    let mut boats = 0;
    for (i, sea) in r.seas.iter().enumerate() {
        let field = format!("seas[{i}].ports");
        let mut ports: u16 = 0;
        for token in sea.ports.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            let bits = match token.chars().collect::<Vec<_>>().as_slice() {
                [c] => {
                    let d = Dir::from_letter(*c).ok_or_else(|| err(field.clone(), format!("`{token}` is not a port")))?;
                    if edges[d.index()] != EdgeKind::Sea {
                        return Err(err(
                            field,
                            format!(
                                "edge {token} is not a sea edge: name its halves (e.g. {token}{}) if it is a bridge",
                                &Port::new(d, 0).half_name().unwrap_or("")[1..]
                            ),
                        ));
                    }
                    Port::edge_mask(d)
                }
                _ => {
                    let p = Port::from_half_name(token).ok_or_else(|| {
                        err(
                            field.clone(),
                            format!("`{token}` is not a port (N, E, S, W, or a half such as Nw, Ne, En, Es, Se, Sw, Ws, Wn)"),
                        )
                    })?;
                    if edges[p.dir().index()] != EdgeKind::Bridge {
                        return Err(err(field, format!("`{token}` is half of edge {}, which is not a bridge edge", p.dir().letter())));
                    }
                    p.bit()
                }
            };
            if (ports | covered) & bits != 0 {
                return Err(err(field, format!("port `{token}` is already part of a sea")));
            }
            ports |= bits;
        }
        if ports == 0 {
            return Err(err(field, "a sea must touch at least one port".into()));
        }
        covered |= ports;
        if let Some(bad) = sea.fish.iter().find(|&&n| n != 1 && n != 2) {
            return Err(err(format!("seas[{i}].fish"), format!("a fish group holds 1 or 2 fish, not {bad}")));
        }
        if sea.boat {
            boats += 1;
        }
        let first_group = groups;
        groups = groups.saturating_add(sea.fish.len() as u8);
        let symbols = sea.fish.iter().map(|&n| n as u16).sum();
        features.push(TileFeature { kind: FeatureKind::Sea, ports, symbols, fish: sea.fish.clone(), boat: sea.boat, first_group });
    }
    if covered != water {
        let missing: Vec<String> = (0..12)
            .map(Port)
            .filter(|p| (water & !covered) & p.bit() != 0)
            .map(|p| p.half_name().map(str::to_string).unwrap_or_else(|| p.dir().letter().to_string()))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        return Err(err("seas".into(), format!("water at {} belongs to no sea", missing.join(", "))));
    }
    if boats > 1 {
        return Err(err("seas".into(), "at most one fishing boat per tile".into()));
    }
    if groups > 8 {
        return Err(err("seas".into(), "at most 8 fish groups per tile".into()));
    }
    if r.junction && r.bridges.iter().all(|b| parse_edges(&b.edges).map(|d| d.len() != 1).unwrap_or(true)) {
        return Err(err("junction".into(), "a junction stone needs a bridge that ends at it".into()));
    }
    if r.market {
        features.push(TileFeature { kind: FeatureKind::Market, ports: 0, symbols: 0, fish: vec![], boat: false, first_group: 0 });
    }
    if r.start && features.iter().any(|f| f.kind == FeatureKind::Market) {
        return Err(err("market".into(), "the start tile has no market".into()));
    }

    let mut port_feature = [u8::MAX; 12];
    for (fi, f) in features.iter().enumerate() {
        for (p, slot) in port_feature.iter_mut().enumerate() {
            if f.ports & (1 << p) != 0 {
                *slot = fi as u8;
            }
        }
    }
    let packed =
        Rotation::ALL.map(|rot| Dir::ALL.iter().fold(0u8, |acc, &d| acc | (edges[rot.unapply_dir(d).index()] as u8) << (2 * d.index())));
    let signature = |rot: Rotation| {
        let mut sig: Vec<(FeatureKind, u16, u16, Vec<u8>, bool)> = features
            .iter()
            .map(|f| {
                let ports = (0..12).filter(|p| f.ports & (1 << p) != 0).fold(0u16, |m, p| m | rot.apply_port(Port(p)).bit());
                let mut fish = f.fish.clone();
                fish.sort();
                (f.kind, ports, f.symbols, fish, f.boat)
            })
            .collect();
        sig.sort();
        sig
    };
    let mut distinct_rotations: Vec<Rotation> = Vec::new();
    for rot in Rotation::ALL {
        if distinct_rotations.iter().all(|&seen| signature(seen) != signature(rot)) {
            distinct_rotations.push(rot);
        }
    }

    let mut fitting = [0u8; 256];
    for (required, bits) in fitting.iter_mut().enumerate().skip(1) {
        let mask = (0..4).fold(0u8, |m, e| if (required >> (2 * e)) & 3 != 0 { m | 3 << (2 * e) } else { m });
        for rot in &distinct_rotations {
            if packed[rot.quarter_turns() as usize] & mask == required as u8 {
                *bits |= 1 << rot.quarter_turns();
            }
        }
    }

    Ok(TileKind {
        fitting,
        name: r.id.clone(),
        count: r.count,
        start: r.start,
        market: r.market,
        junction: r.junction,
        features,
        edges,
        port_feature,
        packed,
        distinct_rotations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_one(body: &str) -> Result<TileSet, DataError> {
        TileSet::parse(&format!(
            "[[tile]]\nid = \"start\"\nstart = true\nislands = [{{ edges = \"EW\" }}]\nseas = [{{ ports = \"N\" }}, {{ ports = \"S\" }}]\n\n[[tile]]\n{body}"
        ))
    }

    #[test]
    fn standard_tile_set_is_well_formed_with_72_plus_start() {
        let set = crate::standard::tiles();
        assert_eq!(set.stack().len(), 72);
        let start = set.get(set.start);
        assert_eq!(start.edges, [EdgeKind::Sea, EdgeKind::Island, EdgeKind::Sea, EdgeKind::Island]);
        let seas: Vec<_> = start.features.iter().filter(|f| f.kind == FeatureKind::Sea).collect();
        assert_eq!(seas.len(), 2, "start tile: two distinct seas north and south of the island");
        let islands: Vec<_> = start.features.iter().filter(|f| f.kind == FeatureKind::Island).collect();
        assert_eq!(islands.len(), 1);
        assert_eq!(islands[0].edges().collect::<Vec<_>>(), vec![Dir::E, Dir::W]);
    }

    #[test]
    fn straight_bridge_has_two_distinct_rotations() {
        let set =
            parse_one("id = \"U\"\nbridges = [{ edges = \"NS\" }]\nseas = [{ ports = \"Ne E Se\" }, { ports = \"Sw W Nw\" }]").unwrap();
        assert_eq!(set.kinds[1].distinct_rotations.len(), 2);
        assert_eq!(set.kinds[0].distinct_rotations.len(), 2);
    }

    #[test]
    fn uncovered_water_is_reported_with_tile_and_field() {
        let e = parse_one("id = \"U9\"\nbridges = [{ edges = \"NS\" }]\nseas = [{ ports = \"Ne E Se\" }]").unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("tile U9") && msg.contains("seas") && msg.contains("Nw"), "{msg}");
    }

    #[test]
    fn bad_port_names_the_field() {
        let e = parse_one("id = \"X9\"\nseas = [{ ports = \"N E S Q\" }]").unwrap_err().to_string();
        assert!(e.contains("tile X9") && e.contains("seas[0].ports") && e.contains("`Q`"), "{e}");
        let e = parse_one("id = \"X8\"\nseas = [{ ports = \"N E S W\", fish = [3] }]").unwrap_err().to_string();
        assert!(e.contains("seas[0].fish"), "{e}");
    }

    #[test]
    fn edge_claimed_twice_is_rejected() {
        let e = parse_one("id = \"D9\"\nislands = [{ edges = \"N\" }]\nbridges = [{ edges = \"NS\" }]\nseas = [{ ports = \"E W\" }]")
            .unwrap_err()
            .to_string();
        assert!(e.contains("bridges[0].edges") && e.contains("edge N"), "{e}");
    }

    #[test]
    fn unknown_field_is_rejected_with_line() {
        let e = TileSet::parse("[[tile]]\nid = \"a\"\nbananas = 3\n").unwrap_err().to_string();
        assert!(e.contains("line 3") && e.contains("bananas"), "{e}");
    }
}
