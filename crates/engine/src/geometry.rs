//! Positions, directions, rotations and the 12 ports around a tile's border.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A square on the board. `x` grows east, `y` grows south; the start tile is at (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const ORIGIN: Pos = Pos { x: 0, y: 0 };

    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    pub fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.offset();
        // Saturating: positions typed by players can be anywhere in i32; far ones hold nothing.
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// The 8 squares around this one.
    pub fn surrounding(self) -> impl Iterator<Item = Pos> {
        (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| Pos::new(self.x + dx, self.y + dy))).filter(move |p| *p != self)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A tile edge, in clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub const fn from_index(i: usize) -> Dir {
        match i % 4 {
            0 => Dir::N,
            1 => Dir::E,
            2 => Dir::S,
            _ => Dir::W,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn offset(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    pub const fn opposite(self) -> Dir {
        Dir::from_index(self as usize + 2)
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Dir> {
        match c {
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            'W' => Some(Dir::W),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self.index()]
    }
}

/// Quarter turns clockwise from the tile's canonical orientation (0..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Rotation(u8);

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    pub fn new(quarter_turns: u8) -> Option<Rotation> {
        (quarter_turns < 4).then_some(Rotation(quarter_turns))
    }

    pub fn from_degrees(degrees: u32) -> Option<Rotation> {
        (degrees.is_multiple_of(90) && degrees < 360).then_some(Rotation((degrees / 90) as u8))
    }

    pub const fn quarter_turns(self) -> u8 {
        self.0
    }

    pub const fn degrees(self) -> u32 {
        self.0 as u32 * 90
    }

    /// Where an edge of the canonical tile ends up on the board.
    pub const fn apply_dir(self, dir: Dir) -> Dir {
        Dir::from_index(dir as usize + self.0 as usize)
    }

    pub const fn apply_port(self, port: Port) -> Port {
        Port((port.0 + 3 * self.0) % 12)
    }

    /// The inverse: which canonical edge lies on `dir` of the board.
    pub const fn unapply_dir(self, dir: Dir) -> Dir {
        Dir::from_index(dir as usize + 4 - self.0 as usize)
    }
}

/// One of the 12 places where a tile's border can touch a feature: three per edge, numbered
/// clockwise from the north edge's west half. Port `3 * edge + 1` is the edge's middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Port(pub u8);

impl Port {
    pub const fn new(dir: Dir, third: u8) -> Port {
        Port(dir as u8 * 3 + third)
    }

    pub const fn dir(self) -> Dir {
        Dir::from_index(self.0 as usize / 3)
    }

    pub const fn third(self) -> u8 {
        self.0 % 3
    }

    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// The port of the neighbouring tile that touches this one.
    pub const fn facing(self) -> Port {
        Port::new(self.dir().opposite(), 2 - self.third())
    }

    /// Names used in data files: a half of an edge, e.g. `Nw` (north edge, west half).
    pub fn half_name(self) -> Option<&'static str> {
        const NAMES: [&str; 12] = ["Nw", "", "Ne", "En", "", "Es", "Se", "", "Sw", "Ws", "", "Wn"];
        let name = NAMES[self.0 as usize];
        (!name.is_empty()).then_some(name)
    }

    pub fn from_half_name(name: &str) -> Option<Port> {
        (0..12).map(Port).find(|p| p.half_name() == Some(name))
    }

    /// All three ports of an edge.
    pub const fn edge_mask(dir: Dir) -> u16 {
        0b111 << (dir as u16 * 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_ports_touch_the_same_half() {
        // My north edge's east half faces the northern neighbour's south edge, east half.
        assert_eq!(Port::from_half_name("Ne").unwrap().facing(), Port::from_half_name("Se").unwrap());
        assert_eq!(Port::from_half_name("Wn").unwrap().facing(), Port::from_half_name("En").unwrap());
        for p in 0..12 {
            assert_eq!(Port(p).facing().facing(), Port(p));
        }
    }

    #[test]
    fn rotating_clockwise_moves_north_to_east() {
        let r = Rotation::new(1).unwrap();
        assert_eq!(r.apply_dir(Dir::N), Dir::E);
        assert_eq!(r.apply_port(Port::from_half_name("Nw").unwrap()), Port::from_half_name("En").unwrap());
        for d in Dir::ALL {
            assert_eq!(r.unapply_dir(r.apply_dir(d)), d);
        }
    }

    #[test]
    fn surrounding_has_eight_squares() {
        assert_eq!(Pos::ORIGIN.surrounding().count(), 8);
    }
}
