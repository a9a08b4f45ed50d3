//! The board: placed tiles on a grid, the open spots around them, and the features they form.
//!
//! Features are tracked incrementally with a union-find over every feature printed on a placed
//! tile, so placing a tile costs the same on turn 70 as on turn 5: per region we keep its open
//! ports, uncovered symbols, tile count, islanders per player and whether it is complete.

use crate::geometry::{Dir, Port, Pos, Rotation};
use crate::tileset::{FeatureKind, TileId, TileKind, TileSet};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    pub tile: TileId,
    pub rotation: Rotation,
    pub pos: Pos,
    /// Index of this tile's first feature among all placed features.
    pub first_feature: u16,
    /// Bit g set = fish group g of this tile is covered by a fishing-boat token.
    pub covered: u8,
    /// Edge kinds on the board's N, E, S, W, 2 bits each (see `TileKind::packed_edges`).
    packed: u8,
}

/// A connected feature as players see it (see `Game::region`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub kind: FeatureKind,
    /// Ports on the region's border with no neighbouring tile yet. 0 = closed.
    pub open: u16,
    /// Uncovered symbols: bananas, shells or fish.
    pub symbols: u16,
    /// Tiles it spans (a tile holding two of its parts counts once).
    pub tiles: u16,
    pub islanders: [u8; 5],
    /// Set when the completion has been evaluated (so it is never evaluated twice).
    pub complete: bool,
}

/// What we keep per connected feature; valid at the union-find root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub kind: FeatureKind,
    pub open: u16,
    pub symbols: u16,
    /// Printed features merged into it: the union-by-size weight.
    size: u16,
    pub islanders: [u8; 5],
    pub complete: bool,
}

impl Node {
    pub fn occupied(&self) -> bool {
        self.islanders.iter().any(|&n| n > 0)
    }

    /// The players with the most islanders here (none when empty).
    pub fn majority(&self) -> Vec<u8> {
        let max = *self.islanders.iter().max().unwrap_or(&0);
        if max == 0 {
            return Vec::new();
        }
        (0..5).filter(|&p| self.islanders[p as usize] == max).collect()
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Board {
    radius: i32,
    width: usize,
    /// 0 = empty, otherwise index + 1 into `placed`.
    grid: Vec<u8>,
    pub(crate) placed: Vec<PlacedTile>,
    /// Empty squares next to a tile, each with the edge kinds its neighbours require (kept up
    /// to date as tiles are placed). Unordered: `Game::legal_placements` sorts for display.
    frontier: Vec<Spot>,
    /// Per grid cell: 0, or index + 1 of its spot in `frontier` (O(1) updates).
    spot_of: Vec<u8>,
    /// Markets not closed yet: (position, feature id). At most a handful.
    open_markets: Vec<(Pos, u16)>,
    parent: Vec<u16>,
    regions: Vec<Node>,
    /// The features of a region form a cycle through `next` (merged in O(1) by a swap), so
    /// a region's members can be listed without scanning the board.
    next: Vec<u16>,
    /// The placed tile each feature is printed on.
    tile_of: Vec<u8>,
}

#[derive(Clone, Copy, Debug)]
struct Spot {
    pos: Pos,
    /// Edge kinds the neighbours require on N, E, S, W, 2 bits each; 0 = no neighbour there.
    required: u8,
}

/// Largest number of tiles a board holds (the grid stores indices in a byte).
pub const MAX_TILES: usize = 254;

impl Board {
    pub(crate) fn new(total_tiles: usize) -> Board {
        // Start small and grow as the board spreads: a clone stays cheap for the bots.
        let radius = 6;
        let width = 2 * radius as usize + 1;
        Board {
            radius,
            width,
            grid: vec![0; width * width],
            placed: Vec::with_capacity(total_tiles),
            frontier: Vec::with_capacity(64),
            spot_of: vec![0; width * width],
            open_markets: Vec::new(),
            // About 4 features a tile: reserve once rather than regrow during the game.
            parent: Vec::with_capacity(5 * total_tiles),
            regions: Vec::with_capacity(5 * total_tiles),
            next: Vec::with_capacity(5 * total_tiles),
            tile_of: Vec::with_capacity(5 * total_tiles),
        }
    }

    /// Makes the grid cover `pos` and its neighbours, doubling its size when needed.
    fn cover(&mut self, pos: Pos) {
        let needed = pos.x.abs().max(pos.y.abs()) + 1;
        if needed <= self.radius {
            return;
        }
        let mut radius = self.radius;
        while radius < needed {
            radius *= 2;
        }
        self.radius = radius;
        self.width = 2 * radius as usize + 1;
        self.grid = vec![0; self.width * self.width];
        self.spot_of = vec![0; self.width * self.width];
        for (i, t) in self.placed.iter().enumerate() {
            let cell = self.index(t.pos).expect("inside the grown grid");
            self.grid[cell] = (i + 1) as u8;
        }
        for (i, spot) in self.frontier.iter().enumerate() {
            let cell = self.index(spot.pos).expect("inside the grown grid");
            self.spot_of[cell] = (i + 1) as u8;
        }
    }

    fn index(&self, pos: Pos) -> Option<usize> {
        // i64: coordinates typed by a player may be anywhere in i32.
        let (x, y) = (pos.x as i64 + self.radius as i64, pos.y as i64 + self.radius as i64);
        let w = self.width as i64;
        (x >= 0 && y >= 0 && x < w && y < w).then(|| y as usize * self.width + x as usize)
    }

    pub(crate) fn tile_index(&self, pos: Pos) -> Option<usize> {
        let cell = *self.grid.get(self.index(pos)?)?;
        (cell != 0).then(|| cell as usize - 1)
    }

    pub(crate) fn at(&self, pos: Pos) -> Option<&PlacedTile> {
        self.tile_index(pos).map(|i| &self.placed[i])
    }

    /// (required edge kinds, mask): a tile fits when `packed & mask == required`.
    fn constraints(&self, pos: Pos) -> (u8, u8) {
        let mut required = 0;
        let mut mask = 0;
        for d in Dir::ALL {
            if let Some(t) = self.at(pos.step(d)) {
                let theirs = (t.packed >> (2 * d.opposite().index())) & 3;
                required |= theirs << (2 * d.index());
                mask |= 3 << (2 * d.index());
            }
        }
        (required, mask)
    }

    pub(crate) fn fits(&self, kind: &TileKind, pos: Pos, rotation: Rotation) -> bool {
        if self.index(pos).is_none() || self.at(pos).is_some() {
            return false;
        }
        let (required, mask) = self.constraints(pos);
        mask != 0 && kind.packed_edges(rotation) & mask == required
    }

    /// Calls `f` for every legal (spot, rotation) of `kind`, in frontier order; stops when `f`
    /// returns false. Symmetric rotations that look alike are offered once.
    pub(crate) fn for_each_placement(&self, kind: &TileKind, mut f: impl FnMut(Pos, Rotation) -> bool) {
        for spot in &self.frontier {
            let mut bits = kind.fitting_rotations(spot.required);
            while bits != 0 {
                let rot = Rotation::ALL[bits.trailing_zeros() as usize];
                bits &= bits - 1;
                if !f(spot.pos, rot) {
                    return;
                }
            }
        }
    }

    /// How many (spot, rotation) pairs `for_each_placement` would offer, without listing them.
    pub(crate) fn count_placements(&self, kind: &TileKind) -> usize {
        self.frontier.iter().map(|s| kind.fitting_rotations(s.required).count_ones() as usize).sum()
    }

    pub(crate) fn can_place(&self, kind: &TileKind) -> bool {
        let mut any = false;
        self.for_each_placement(kind, |_, _| {
            any = true;
            false
        });
        any
    }

    pub(crate) fn find(&self, mut f: u16) -> u16 {
        while self.parent[f as usize] != f {
            f = self.parent[f as usize];
        }
        f
    }

    fn find_compress(&mut self, mut f: u16) -> u16 {
        while self.parent[f as usize] != f {
            let grand = self.parent[self.parent[f as usize] as usize];
            self.parent[f as usize] = grand;
            f = grand;
        }
        f
    }

    pub(crate) fn region(&self, feature: u16) -> &Node {
        &self.regions[self.find(feature) as usize]
    }

    /// The region of `feature` as players see it, with its tiles counted.
    pub(crate) fn view(&self, feature: u16) -> Region {
        let n = self.region(feature);
        Region {
            kind: n.kind,
            open: n.open,
            symbols: n.symbols,
            tiles: self.tile_count(feature),
            islanders: n.islanders,
            complete: n.complete,
        }
    }

    /// Distinct tiles the region of `feature` spans.
    pub(crate) fn tile_count(&self, feature: u16) -> u16 {
        let mut seen = [0u64; 4];
        let mut f = feature;
        loop {
            let t = self.tile_of[f as usize] as usize;
            seen[t / 64] |= 1 << (t % 64);
            f = self.next[f as usize];
            if f == feature {
                break;
            }
        }
        seen.iter().map(|w| w.count_ones() as u16).sum()
    }

    pub(crate) fn region_mut(&mut self, feature: u16) -> &mut Node {
        let root = self.find_compress(feature);
        &mut self.regions[root as usize]
    }

    fn union(&mut self, a: u16, b: u16) -> u16 {
        let (ra, rb) = (self.find_compress(a), self.find_compress(b));
        if ra == rb {
            return ra;
        }
        // Union by size (tiles) keeps the trees shallow.
        let (big, small) = if self.regions[ra as usize].size >= self.regions[rb as usize].size { (ra, rb) } else { (rb, ra) };
        self.next.swap(ra as usize, rb as usize);
        let s = self.regions[small as usize];
        let r = &mut self.regions[big as usize];
        r.open += s.open;
        r.symbols += s.symbols;
        r.size += s.size;
        for p in 0..5 {
            r.islanders[p] += s.islanders[p];
        }
        self.parent[small as usize] = big;
        big
    }

    /// Places a tile (the caller has checked that it fits) and merges its features with the
    /// neighbours'. Returns the new tile's index.
    pub(crate) fn place(&mut self, tiles: &TileSet, tile: TileId, rotation: Rotation, pos: Pos) -> usize {
        let kind = tiles.get(tile);
        let index = self.placed.len();
        let first_feature = self.parent.len() as u16;
        for f in &kind.features {
            let id = self.parent.len() as u16;
            self.parent.push(id);
            self.next.push(id);
            self.tile_of.push(index as u8);
            self.regions.push(Node {
                kind: f.kind,
                open: f.ports.count_ones() as u16,
                symbols: f.symbols,
                size: 1,
                islanders: [0; 5],
                complete: false,
            });
        }
        self.placed.push(PlacedTile { tile, rotation, pos, first_feature, covered: 0, packed: kind.packed_edges(rotation) });
        self.cover(pos);
        let cell = self.index(pos).expect("placement inside the grid");
        self.grid[cell] = (index + 1) as u8;

        for d in Dir::ALL {
            let Some(n_index) = self.tile_index(pos.step(d)) else { continue };
            let neighbour = self.placed[n_index];
            let n_kind = tiles.get(neighbour.tile);
            for third in 0..3 {
                let mine = Port::new(d, third);
                let theirs = mine.facing();
                let a = kind.feature_at(unrotate(rotation, mine));
                let b = n_kind.feature_at(unrotate(neighbour.rotation, theirs));
                if let (Some(a), Some(b)) = (a, b) {
                    let root = self.union(first_feature + a as u16, neighbour.first_feature + b as u16);
                    self.regions[root as usize].open -= 2;
                }
            }
        }

        if kind.market {
            let local = kind.features.iter().position(|f| f.kind == FeatureKind::Market).expect("a market tile has a market");
            self.open_markets.push((pos, first_feature + local as u16));
        }
        self.remove_spot(cell);
        let packed = kind.packed_edges(rotation);
        for d in Dir::ALL {
            let p = pos.step(d);
            if self.at(p).is_some() {
                continue;
            }
            let c = self.index(p).expect("the grid covers the neighbours of every tile");
            match self.spot_of[c] {
                0 => {
                    let (required, _) = self.constraints(p);
                    self.frontier.push(Spot { pos: p, required });
                    self.spot_of[c] = self.frontier.len() as u8;
                }
                n => {
                    // The spot's edge facing the new tile must now match the new tile's edge.
                    let side = 2 * d.opposite().index();
                    let theirs = (packed >> (2 * d.index())) & 3;
                    self.frontier[n as usize - 1].required |= theirs << side;
                }
            }
        }
        index
    }

    fn remove_spot(&mut self, cell: usize) {
        let n = std::mem::take(&mut self.spot_of[cell]);
        if n == 0 {
            return;
        }
        let i = n as usize - 1;
        self.frontier.swap_remove(i);
        if let Some(moved) = self.frontier.get(i) {
            let c = self.index(moved.pos).expect("spots are inside the grid");
            self.spot_of[c] = n;
        }
    }

    /// Markets at or around `pos` whose 8 surrounding squares are now all filled; they are
    /// taken off the list of open markets (feature ids of the market features).
    pub(crate) fn close_markets_around(&mut self, pos: Pos) -> Vec<u16> {
        let mut closed = Vec::new();
        let mut i = 0;
        while i < self.open_markets.len() {
            let (m, id) = self.open_markets[i];
            let near = (m.x - pos.x).abs() <= 1 && (m.y - pos.y).abs() <= 1;
            if near && m.surrounding().all(|q| self.at(q).is_some()) {
                closed.push(id);
                self.open_markets.swap_remove(i);
            } else {
                i += 1;
            }
        }
        closed.sort_unstable();
        closed
    }

    /// The tile holding feature `id`, and the feature's index on that tile.
    pub(crate) fn locate(&self, id: u16) -> (usize, u8) {
        let i = self.placed.partition_point(|t| t.first_feature <= id) - 1;
        (i, (id - self.placed[i].first_feature) as u8)
    }
}

/// The canonical port that lies at board port `port` for a tile placed with `rotation`.
fn unrotate(rotation: Rotation, port: Port) -> Port {
    Port((port.0 + 12 - 3 * rotation.quarter_turns()) % 12)
}
