//! Hex geometry: pointy-top hexes in axial coordinates `(q, r)` (cube `s = -q - r`).
//!
//! ```text
//!        N                 neighbours of (q, r):
//!   NW  / \  NE              E  (q+1, r)    W  (q-1, r)
//!      |   |                 NE (q+1, r-1)  SW (q-1, r+1)
//!   SW  \ /  SE              NW (q,   r-1)  SE (q,   r+1)
//!        S
//! ```
//!
//! Every intersection and every edge has exactly one name:
//! - an intersection ([`Vertex`]) is the N or the S corner of one hex: `q,r,N` or `q,r,S`;
//!   the other corners are named through a neighbour (NE corner of h = S corner of h's NE
//!   neighbour, SE corner = N corner of the SE neighbour, and so on);
//! - an edge ([`Edge`]) is the NE, E or SE side of one hex: `q,r,NE`; the other sides are
//!   named through the neighbour across them (W side of h = E side of h's W neighbour).
//!
//! Text forms accept any corner or side (`0,0,SW`) and name the canonical one when printed.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A hex in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

/// The six directions from a hex to its neighbours, which are also the names of its sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    NE,
    E,
    SE,
    SW,
    W,
    NW,
}

/// The six corners of a pointy-top hex, clockwise from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Corner {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

/// An intersection: the N (`top`) or S corner of `hex`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex {
    pub hex: Hex,
    pub top: bool,
}

/// An edge: the NE, E or SE side of `hex` (never SW, W or NW: those are named from the other hex).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    pub hex: Hex,
    pub side: Side,
}

impl Side {
    pub const ALL: [Side; 6] = [Side::NE, Side::E, Side::SE, Side::SW, Side::W, Side::NW];

    pub fn offset(self) -> (i8, i8) {
        match self {
            Side::NE => (1, -1),
            Side::E => (1, 0),
            Side::SE => (0, 1),
            Side::SW => (-1, 1),
            Side::W => (-1, 0),
            Side::NW => (0, -1),
        }
    }

    pub fn opposite(self) -> Side {
        match self {
            Side::NE => Side::SW,
            Side::E => Side::W,
            Side::SE => Side::NW,
            Side::SW => Side::NE,
            Side::W => Side::E,
            Side::NW => Side::SE,
        }
    }

    /// The two corners at the ends of this side, clockwise.
    pub fn corners(self) -> [Corner; 2] {
        match self {
            Side::NE => [Corner::N, Corner::NE],
            Side::E => [Corner::NE, Corner::SE],
            Side::SE => [Corner::SE, Corner::S],
            Side::SW => [Corner::S, Corner::SW],
            Side::W => [Corner::SW, Corner::NW],
            Side::NW => [Corner::NW, Corner::N],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::NE => "NE",
            Side::E => "E",
            Side::SE => "SE",
            Side::SW => "SW",
            Side::W => "W",
            Side::NW => "NW",
        }
    }

    pub fn from_name(s: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(s))
    }
}

impl Corner {
    pub const ALL: [Corner; 6] = [Corner::N, Corner::NE, Corner::SE, Corner::S, Corner::SW, Corner::NW];

    pub fn name(self) -> &'static str {
        match self {
            Corner::N => "N",
            Corner::NE => "NE",
            Corner::SE => "SE",
            Corner::S => "S",
            Corner::SW => "SW",
            Corner::NW => "NW",
        }
    }

    pub fn from_name(s: &str) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(s))
    }
}

impl Hex {
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    pub fn s(self) -> i8 {
        -self.q - self.r
    }

    /// The neighbour across `side`. Coordinates wrap at the `i8` limits (far beyond any map),
    /// so that naming a corner or side of any hex typed in, however far off, never panics.
    pub fn neighbour(self, side: Side) -> Hex {
        let (dq, dr) = side.offset();
        Hex::new(self.q.wrapping_add(dq), self.r.wrapping_add(dr))
    }

    pub fn neighbours(self) -> [Hex; 6] {
        Side::ALL.map(|s| self.neighbour(s))
    }

    /// Hex distance (number of steps between hex centres).
    pub fn distance(self, other: Hex) -> i32 {
        let dq = (self.q as i32 - other.q as i32).abs();
        let dr = (self.r as i32 - other.r as i32).abs();
        let ds = (self.s() as i32 - other.s() as i32).abs();
        dq.max(dr).max(ds)
    }

    /// The canonical name of one of this hex's corners.
    pub fn corner(self, c: Corner) -> Vertex {
        match c {
            Corner::N => Vertex { hex: self, top: true },
            Corner::S => Vertex { hex: self, top: false },
            Corner::NE => Vertex { hex: self.neighbour(Side::NE), top: false },
            Corner::NW => Vertex { hex: self.neighbour(Side::NW), top: false },
            Corner::SE => Vertex { hex: self.neighbour(Side::SE), top: true },
            Corner::SW => Vertex { hex: self.neighbour(Side::SW), top: true },
        }
    }

    pub fn corners(self) -> [Vertex; 6] {
        Corner::ALL.map(|c| self.corner(c))
    }

    /// The canonical name of one of this hex's sides.
    pub fn side(self, side: Side) -> Edge {
        match side {
            Side::NE | Side::E | Side::SE => Edge { hex: self, side },
            other => Edge { hex: self.neighbour(other), side: other.opposite() },
        }
    }

    pub fn sides(self) -> [Edge; 6] {
        Side::ALL.map(|s| self.side(s))
    }
}

impl Vertex {
    /// The three hexes that meet at this intersection.
    pub fn hexes(self) -> [Hex; 3] {
        let h = self.hex;
        if self.top { [h, h.neighbour(Side::NW), h.neighbour(Side::NE)] } else { [h, h.neighbour(Side::SW), h.neighbour(Side::SE)] }
    }
}

impl Edge {
    /// The two hexes on either side.
    pub fn hexes(self) -> [Hex; 2] {
        [self.hex, self.hex.neighbour(self.side)]
    }

    /// The two intersections at its ends.
    pub fn vertices(self) -> [Vertex; 2] {
        self.side.corners().map(|c| self.hex.corner(c))
    }
}

// ----- text forms ---------------------------------------------------------------------------

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.hex, if self.top { "N" } else { "S" })
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.hex, self.side.name())
    }
}

fn parse_qr<'a>(s: &'a str, what: &str) -> Result<(Hex, Option<&'a str>), String> {
    let parts: Vec<&str> = s.trim().split(',').map(str::trim).collect();
    let num = |p: &str| p.parse::<i8>().map_err(|_| format!("`{s}` is not {what}: `{p}` is not a small number"));
    match parts.as_slice() {
        [q, r] => Ok((Hex::new(num(q)?, num(r)?), None)),
        [q, r, rest] => Ok((Hex::new(num(q)?, num(r)?), Some(rest))),
        _ => Err(format!("`{s}` is not {what}")),
    }
}

impl FromStr for Hex {
    type Err = String;
    /// `q,r`
    fn from_str(s: &str) -> Result<Hex, String> {
        match parse_qr(s, "a hex (q,r)")? {
            (h, None) => Ok(h),
            _ => Err(format!("`{s}` is not a hex (q,r)")),
        }
    }
}

impl FromStr for Vertex {
    type Err = String;
    /// `q,r,CORNER` with any of N NE SE S SW NW.
    fn from_str(s: &str) -> Result<Vertex, String> {
        let what = "an intersection (q,r,N|NE|SE|S|SW|NW)";
        match parse_qr(s, what)? {
            (h, Some(c)) => Corner::from_name(c).map(|c| h.corner(c)).ok_or_else(|| format!("`{s}` is not {what}")),
            _ => Err(format!("`{s}` is not {what}")),
        }
    }
}

impl FromStr for Edge {
    type Err = String;
    /// `q,r,SIDE` with any of NE E SE SW W NW.
    fn from_str(s: &str) -> Result<Edge, String> {
        let what = "an edge (q,r,NE|E|SE|SW|W|NW)";
        match parse_qr(s, what)? {
            (h, Some(d)) => Side::from_name(d).map(|d| h.side(d)).ok_or_else(|| format!("`{s}` is not {what}")),
            _ => Err(format!("`{s}` is not {what}")),
        }
    }
}

macro_rules! string_serde {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
string_serde!(Hex);
string_serde!(Vertex);
string_serde!(Edge);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    #[test]
    fn names_at_the_edge_of_the_coordinate_range_never_panic() {
        for q in [-128, 127] {
            for r in [-128, 127] {
                for name in ["N", "NE", "SE", "S", "SW", "W", "NW", "E"] {
                    let _ = format!("{q},{r},{name}").parse::<Vertex>();
                    let _ = format!("{q},{r},{name}").parse::<Edge>();
                }
            }
        }
    }

    fn area(radius: i8) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -radius..=radius {
            for r in -radius..=radius {
                let h = Hex::new(q, r);
                if h.s().abs() <= radius {
                    v.push(h);
                }
            }
        }
        v
    }

    #[test]
    fn every_intersection_is_a_corner_of_exactly_its_three_hexes() {
        let mut owners: HashMap<Vertex, HashSet<Hex>> = HashMap::new();
        for h in area(6) {
            for v in h.corners() {
                owners.entry(v).or_default().insert(h);
            }
        }
        for (v, hs) in owners {
            let expected: HashSet<Hex> = v.hexes().into_iter().collect();
            if v.hex.distance(Hex::new(0, 0)) <= 4 {
                assert_eq!(hs, expected, "corner {v}");
            } else {
                assert!(hs.is_subset(&expected), "corner {v}");
            }
        }
    }

    #[test]
    fn every_edge_has_one_name_and_its_ends_are_corners_of_both_hexes() {
        for h in area(4) {
            let corners: HashSet<Vertex> = h.corners().into_iter().collect();
            assert_eq!(corners.len(), 6);
            let sides: HashSet<Edge> = h.sides().into_iter().collect();
            assert_eq!(sides.len(), 6);
            for d in Side::ALL {
                let e = h.side(d);
                assert!(matches!(e.side, Side::NE | Side::E | Side::SE));
                // The same edge named from the other hex.
                assert_eq!(h.neighbour(d).side(d.opposite()), e);
                let [a, b] = e.hexes();
                assert!((a == h && b == h.neighbour(d)) || (b == h && a == h.neighbour(d)));
                for v in e.vertices() {
                    assert!(corners.contains(&v), "{e}: end {v} is not a corner of {h}");
                    assert!(h.neighbour(d).corners().contains(&v), "{e}: end {v} is not a corner of the other hex");
                }
            }
        }
    }

    #[test]
    fn text_forms_round_trip_and_canonicalise() {
        let v: Vertex = "0,0,SW".parse().unwrap();
        assert_eq!(v.to_string(), "-1,1,N");
        let e: Edge = "2,-1,W".parse().unwrap();
        assert_eq!(e.to_string(), "1,-1,E");
        for h in area(2) {
            for v in h.corners() {
                assert_eq!(v.to_string().parse::<Vertex>().unwrap(), v);
            }
            for e in h.sides() {
                assert_eq!(e.to_string().parse::<Edge>().unwrap(), e);
            }
        }
        assert!("1,2,X".parse::<Edge>().is_err());
        assert!("1".parse::<Hex>().is_err());
    }

    #[test]
    fn hex_distance_counts_steps() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -1)), 2);
        assert_eq!(Hex::new(-2, 2).distance(Hex::new(2, -2)), 4);
    }
}
