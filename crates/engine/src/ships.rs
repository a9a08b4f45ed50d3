//! The ship tokens: demands, values, and the ways a player can pay a demand.

use crate::wares::{Ware, Wares};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a ship asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Demand {
    /// Exactly these wares.
    Exact(Wares),
    /// N wares of the player's choice.
    Any(u16),
    /// N wares of one kind.
    Same(u16),
    /// `.0` wares of one kind and `.1` of a different kind.
    SameAndOther(u16, u16),
}

impl Demand {
    pub fn ware_count(&self) -> u16 {
        match *self {
            Demand::Exact(w) => w.total(),
            Demand::Any(n) | Demand::Same(n) => n,
            Demand::SameAndOther(a, b) => a + b,
        }
    }

    /// Every distinct payment that satisfies the demand from `stock`, in a stable order.
    pub fn payments(&self, stock: &Wares) -> Vec<Wares> {
        let mut out = Vec::new();
        match *self {
            Demand::Exact(w) => {
                if stock.covers(&w) {
                    out.push(w);
                }
            }
            Demand::Any(n) => {
                for s in 0..=n.min(stock.shells) {
                    for b in 0..=(n - s).min(stock.bananas) {
                        let f = n - s - b;
                        if f <= stock.fish {
                            out.push(Wares::new(s, b, f));
                        }
                    }
                }
            }
            Demand::Same(n) => {
                for w in Ware::ALL {
                    if stock.get(w) >= n {
                        out.push(Wares::of(w, n));
                    }
                }
            }
            Demand::SameAndOther(a, b) => {
                for w1 in Ware::ALL {
                    for w2 in Ware::ALL {
                        if w1 != w2 && stock.get(w1) >= a && stock.get(w2) >= b {
                            let mut p = Wares::of(w1, a);
                            *p.get_mut(w2) += b;
                            out.push(p);
                        }
                    }
                }
                out.sort();
                out.dedup();
            }
        }
        out
    }

    /// True when `payment` pays this demand exactly.
    pub fn accepts(&self, payment: &Wares) -> bool {
        self.payments(payment).contains(payment)
    }

    /// True when `stock` can pay the demand at all (without listing the ways).
    pub fn can_pay(&self, stock: &Wares) -> bool {
        match *self {
            Demand::Exact(w) => stock.covers(&w),
            Demand::Any(n) => stock.total() >= n,
            Demand::Same(n) => Ware::ALL.iter().any(|&w| stock.get(w) >= n),
            Demand::SameAndOther(a, b) => {
                Ware::ALL.iter().any(|&w1| stock.get(w1) >= a && Ware::ALL.iter().any(|&w2| w2 != w1 && stock.get(w2) >= b))
            }
        }
    }
}

impl fmt::Display for Demand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Demand::Exact(w) => write!(f, "{w}"),
            Demand::Any(n) => write!(f, "{n} wares of your choice"),
            Demand::Same(n) => write!(f, "{n} of one kind"),
            Demand::SameAndOther(a, b) => write!(f, "{a} of one kind + {b} of another"),
        }
    }
}

/// Index of a ship in its [`ShipSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ShipId(pub u8);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ship {
    pub name: String,
    pub value: u16,
    pub demand: Demand,
}

#[derive(Clone, Debug)]
pub struct ShipSet {
    pub ships: Vec<Ship>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShipFile {
    #[serde(default)]
    ship: Vec<RawShip>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawShip {
    id: String,
    value: u16,
    exact: Option<Wares>,
    any: Option<u16>,
    same: Option<u16>,
    same_and_other: Option<[u16; 2]>,
}

impl ShipSet {
    /// Parses and validates a ships file (see `assets/rulesets/*/ships.toml`).
    pub fn parse(text: &str) -> Result<ShipSet, crate::DataError> {
        let raw: RawShipFile = toml::from_str(text).map_err(crate::DataError::toml)?;
        ShipSet::from_raw(raw.ship)
    }

    pub(crate) fn from_raw(raw: Vec<RawShip>) -> Result<ShipSet, crate::DataError> {
        let mut ships = Vec::with_capacity(raw.len());
        for r in raw {
            let err = |field: &str, msg: &str| crate::DataError::field("ship", &r.id, field, msg);
            if r.id.trim().is_empty() {
                return Err(err("id", "must not be empty"));
            }
            if ships.iter().any(|s: &Ship| s.name == r.id) {
                return Err(err("id", "is used by another ship"));
            }
            if !(1..=20).contains(&r.value) {
                return Err(err("value", "must be between 1 and 20"));
            }
            let given = [r.exact.is_some(), r.any.is_some(), r.same.is_some(), r.same_and_other.is_some()];
            if given.iter().filter(|g| **g).count() != 1 {
                return Err(err("exact/any/same/same_and_other", "give exactly one demand"));
            }
            let demand = if let Some(w) = r.exact {
                Demand::Exact(w)
            } else if let Some(n) = r.any {
                Demand::Any(n)
            } else if let Some(n) = r.same {
                Demand::Same(n)
            } else {
                let [a, b] = r.same_and_other.unwrap_or_default();
                if b == 0 {
                    return Err(err("same_and_other", "the second amount must be at least 1"));
                }
                Demand::SameAndOther(a, b)
            };
            if demand.ware_count() == 0 || demand.ware_count() > 20 {
                return Err(err("demand", "must ask for 1 to 20 wares"));
            }
            ships.push(Ship { name: r.id, value: r.value, demand });
        }
        if ships.is_empty() || ships.len() > 200 {
            return Err(crate::DataError::general("a ship set needs 1 to 200 ships"));
        }
        Ok(ShipSet { ships })
    }

    pub fn get(&self, id: ShipId) -> &Ship {
        &self.ships[id.0 as usize]
    }

    pub fn id_of(&self, name: &str) -> Option<ShipId> {
        self.ships.iter().position(|s| s.name.eq_ignore_ascii_case(name)).map(|i| ShipId(i as u8))
    }

    pub fn ids(&self) -> impl Iterator<Item = ShipId> {
        (0..self.ships.len()).map(|i| ShipId(i as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_demand_lists_every_split() {
        let p = Demand::Any(2).payments(&Wares::new(1, 1, 5));
        assert_eq!(p, vec![Wares::new(0, 0, 2), Wares::new(0, 1, 1), Wares::new(1, 0, 1), Wares::new(1, 1, 0)]);
    }

    #[test]
    fn same_and_other_needs_two_kinds() {
        let p = Demand::SameAndOther(3, 1).payments(&Wares::new(3, 0, 1));
        assert_eq!(p, vec![Wares::new(3, 0, 1)]);
        assert!(Demand::SameAndOther(3, 1).payments(&Wares::new(4, 0, 0)).is_empty());
        assert!(Demand::SameAndOther(3, 1).accepts(&Wares::new(1, 3, 0)));
        assert!(!Demand::SameAndOther(3, 1).accepts(&Wares::new(2, 2, 0)));
    }

    #[test]
    fn exact_and_same_demands() {
        assert_eq!(Demand::Exact(Wares::new(2, 1, 1)).payments(&Wares::new(2, 1, 0)), vec![]);
        assert_eq!(Demand::Same(4).payments(&Wares::new(4, 5, 3)), vec![Wares::new(4, 0, 0), Wares::new(0, 4, 0)]);
    }
}
