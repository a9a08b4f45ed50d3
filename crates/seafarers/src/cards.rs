//! Resources, hands of resource cards, development cards, terrains and harbours.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [Resource::Brick, Resource::Lumber, Resource::Wool, Resource::Grain, Resource::Ore];

    pub fn name(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl FromStr for Resource {
    type Err = String;
    fn from_str(s: &str) -> Result<Resource, String> {
        Resource::ALL
            .into_iter()
            .find(|r| r.name() == s || (s.len() > 1 && r.name().starts_with(s)) || (r.name() == "lumber" && s == "wood"))
            .ok_or_else(|| format!("`{s}` is not a resource (brick, lumber, wool, grain, ore)"))
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count of resource cards of each kind (a hand, the bank, a cost, a trade side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Resources {
    pub brick: u8,
    pub lumber: u8,
    pub wool: u8,
    pub grain: u8,
    pub ore: u8,
}

impl Resources {
    pub const ROAD: Resources = Resources { brick: 1, lumber: 1, wool: 0, grain: 0, ore: 0 };
    pub const SHIP: Resources = Resources { brick: 0, lumber: 1, wool: 1, grain: 0, ore: 0 };
    pub const SETTLEMENT: Resources = Resources { brick: 1, lumber: 1, wool: 1, grain: 1, ore: 0 };
    pub const CITY: Resources = Resources { brick: 0, lumber: 0, wool: 0, grain: 2, ore: 3 };
    pub const DEV_CARD: Resources = Resources { brick: 0, lumber: 0, wool: 1, grain: 1, ore: 1 };

    pub fn all(n: u8) -> Resources {
        Resources { brick: n, lumber: n, wool: n, grain: n, ore: n }
    }

    pub fn one(r: Resource, n: u8) -> Resources {
        let mut c = Resources::default();
        *c.get_mut(r) = n;
        c
    }

    pub fn get(&self, r: Resource) -> u8 {
        match r {
            Resource::Brick => self.brick,
            Resource::Lumber => self.lumber,
            Resource::Wool => self.wool,
            Resource::Grain => self.grain,
            Resource::Ore => self.ore,
        }
    }

    pub fn get_mut(&mut self, r: Resource) -> &mut u8 {
        match r {
            Resource::Brick => &mut self.brick,
            Resource::Lumber => &mut self.lumber,
            Resource::Wool => &mut self.wool,
            Resource::Grain => &mut self.grain,
            Resource::Ore => &mut self.ore,
        }
    }

    pub fn total(&self) -> u32 {
        Resource::ALL.iter().map(|&r| self.get(r) as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    pub fn contains(&self, other: &Resources) -> bool {
        Resource::ALL.iter().all(|&r| self.get(r) >= other.get(r))
    }

    pub fn checked_sub(&self, other: &Resources) -> Option<Resources> {
        let mut out = *self;
        for r in Resource::ALL {
            *out.get_mut(r) = self.get(r).checked_sub(other.get(r))?;
        }
        Some(out)
    }

    pub fn add(&mut self, other: &Resources) {
        for r in Resource::ALL {
            *self.get_mut(r) += other.get(r);
        }
    }

    /// Subtracts; the caller has checked `contains`.
    pub fn sub(&mut self, other: &Resources) {
        *self = self.checked_sub(other).expect("checked before");
    }

    /// True when some kind appears in both.
    pub fn overlaps(&self, other: &Resources) -> bool {
        Resource::ALL.iter().any(|&r| self.get(r) > 0 && other.get(r) > 0)
    }

    /// The `n`-th card (0-based) when the hand is laid out in resource order.
    pub fn nth_card(&self, mut n: u32) -> Option<Resource> {
        for r in Resource::ALL {
            let k = self.get(r) as u32;
            if n < k {
                return Some(r);
            }
            n -= k;
        }
        None
    }
}

impl fmt::Display for Resources {
    /// `brick=1 lumber=2` (kinds with none are left out; `nothing` when empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Resource::ALL.iter().filter(|&&r| self.get(r) > 0).map(|&r| format!("{}={}", r, self.get(r))).collect();
        if parts.is_empty() { f.write_str("nothing") } else { f.write_str(&parts.join(" ")) }
    }
}

impl FromStr for Resources {
    type Err = String;
    /// `brick=1 ore=2`, `brick ore ore` or `nothing`.
    fn from_str(s: &str) -> Result<Resources, String> {
        let mut out = Resources::default();
        for word in s.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            if word == "nothing" {
                continue;
            }
            let (name, n) = match word.split_once('=') {
                Some((name, n)) => (name, n.parse::<u8>().map_err(|_| format!("`{n}` is not a number"))?),
                None => (word, 1),
            };
            let r: Resource = name.parse()?;
            *out.get_mut(r) = out.get(r).checked_add(n).ok_or("too many cards")?;
        }
        Ok(out)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DevCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [DevCard::Knight, DevCard::VictoryPoint, DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly];

    /// The standard deck: 14 knights, 5 victory points, 2 each of the progress cards.
    pub fn standard_deck() -> Vec<DevCard> {
        let mut v = Vec::with_capacity(25);
        for (card, n) in [
            (DevCard::Knight, 14),
            (DevCard::VictoryPoint, 5),
            (DevCard::RoadBuilding, 2),
            (DevCard::YearOfPlenty, 2),
            (DevCard::Monopoly, 2),
        ] {
            v.extend(std::iter::repeat_n(card, n));
        }
        v
    }

    pub fn name(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "victory_point",
            DevCard::RoadBuilding => "road_building",
            DevCard::YearOfPlenty => "year_of_plenty",
            DevCard::Monopoly => "monopoly",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl FromStr for DevCard {
    type Err = String;
    fn from_str(s: &str) -> Result<DevCard, String> {
        let s = s.replace('-', "_");
        DevCard::ALL
            .into_iter()
            .find(|c| c.name() == s || (s == "vp" && *c == DevCard::VictoryPoint))
            .ok_or_else(|| format!("`{s}` is not a development card (knight, victory_point, road_building, year_of_plenty, monopoly)"))
    }
}

/// Development cards held, per kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct DevCards {
    pub knight: u8,
    pub victory_point: u8,
    pub road_building: u8,
    pub year_of_plenty: u8,
    pub monopoly: u8,
}

impl DevCards {
    pub fn get(&self, c: DevCard) -> u8 {
        match c {
            DevCard::Knight => self.knight,
            DevCard::VictoryPoint => self.victory_point,
            DevCard::RoadBuilding => self.road_building,
            DevCard::YearOfPlenty => self.year_of_plenty,
            DevCard::Monopoly => self.monopoly,
        }
    }

    pub fn get_mut(&mut self, c: DevCard) -> &mut u8 {
        match c {
            DevCard::Knight => &mut self.knight,
            DevCard::VictoryPoint => &mut self.victory_point,
            DevCard::RoadBuilding => &mut self.road_building,
            DevCard::YearOfPlenty => &mut self.year_of_plenty,
            DevCard::Monopoly => &mut self.monopoly,
        }
    }

    pub fn total(&self) -> u32 {
        DevCard::ALL.iter().map(|&c| self.get(c) as u32).sum()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Sea,
    Desert,
    Gold,
    Forest,
    Pasture,
    Fields,
    Hills,
    Mountains,
}

impl Terrain {
    pub const ALL: [Terrain; 8] = [
        Terrain::Sea,
        Terrain::Desert,
        Terrain::Gold,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
    ];

    pub fn is_land(self) -> bool {
        self != Terrain::Sea
    }

    /// Land that takes a number token (everything but desert and sea).
    pub fn takes_number(self) -> bool {
        !matches!(self, Terrain::Sea | Terrain::Desert)
    }

    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Mountains => Some(Resource::Ore),
            _ => None,
        }
    }

    /// One letter, as in map files: S D G F P W H M.
    pub fn letter(self) -> char {
        match self {
            Terrain::Sea => 'S',
            Terrain::Desert => 'D',
            Terrain::Gold => 'G',
            Terrain::Forest => 'F',
            Terrain::Pasture => 'P',
            Terrain::Fields => 'W',
            Terrain::Hills => 'H',
            Terrain::Mountains => 'M',
        }
    }

    pub fn from_letter(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.letter() == c)
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Sea => "sea",
            Terrain::Desert => "desert",
            Terrain::Gold => "gold",
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
        }
    }
}

impl FromStr for Terrain {
    type Err = String;
    /// A name (`forest`) or a map letter (`F`).
    fn from_str(s: &str) -> Result<Terrain, String> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(t) = Terrain::from_letter(c)
        {
            return Ok(t);
        }
        Terrain::ALL.into_iter().find(|t| t.name() == s).ok_or_else(|| {
            format!("`{s}` is not a terrain (sea, desert, gold, forest, pasture, fields, hills, mountains or S D G F P W H M)")
        })
    }
}

/// A harbour's trade: 3:1 for any resource, or 2:1 for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Harbour {
    Generic,
    Special(Resource),
}

impl fmt::Display for Harbour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Harbour::Generic => f.write_str("3:1"),
            Harbour::Special(r) => write!(f, "{r}"),
        }
    }
}

impl FromStr for Harbour {
    type Err = String;
    /// `3:1` or a resource name (a 2:1 harbour).
    fn from_str(s: &str) -> Result<Harbour, String> {
        if s == "3:1" || s == "generic" {
            return Ok(Harbour::Generic);
        }
        s.strip_suffix(":2:1")
            .unwrap_or(s)
            .parse()
            .map(Harbour::Special)
            .map_err(|_| format!("`{s}` is not a harbour (3:1 or a resource name for 2:1)"))
    }
}

impl Serialize for Harbour {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Harbour {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_parse_and_print() {
        let r: Resources = "brick=2 ore wool".parse().unwrap();
        assert_eq!(r, Resources { brick: 2, ore: 1, wool: 1, ..Resources::default() });
        assert_eq!(r.to_string(), "brick=2 wool=1 ore=1");
        assert_eq!("nothing".parse::<Resources>().unwrap(), Resources::default());
        assert!("gold=1".parse::<Resources>().is_err());
        assert_eq!(r.nth_card(0), Some(Resource::Brick));
        assert_eq!(r.nth_card(2), Some(Resource::Wool));
        assert_eq!(r.nth_card(4), None);
    }

    #[test]
    fn standard_deck_has_25_cards() {
        let d = DevCard::standard_deck();
        assert_eq!(d.len(), 25);
        assert_eq!(d.iter().filter(|&&c| c == DevCard::Knight).count(), 14);
        assert_eq!(d.iter().filter(|&&c| c == DevCard::VictoryPoint).count(), 5);
    }

    #[test]
    fn harbours_and_terrains_parse() {
        assert_eq!("3:1".parse::<Harbour>().unwrap(), Harbour::Generic);
        assert_eq!("wool".parse::<Harbour>().unwrap(), Harbour::Special(Resource::Wool));
        assert_eq!("F".parse::<Terrain>().unwrap(), Terrain::Forest);
        assert_eq!("mountains".parse::<Terrain>().unwrap(), Terrain::Mountains);
    }
}
