//! Wares (shells, bananas, fish) and what each feature kind yields.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ware {
    Shells,
    Bananas,
    Fish,
}

impl Ware {
    pub const ALL: [Ware; 3] = [Ware::Shells, Ware::Bananas, Ware::Fish];

    pub fn name(self) -> &'static str {
        match self {
            Ware::Shells => "shells",
            Ware::Bananas => "bananas",
            Ware::Fish => "fish",
        }
    }
}

/// An amount of each ware. Also used for ship demands and payments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Wares {
    #[serde(default)]
    pub shells: u16,
    #[serde(default)]
    pub bananas: u16,
    #[serde(default)]
    pub fish: u16,
}

impl Wares {
    pub const fn new(shells: u16, bananas: u16, fish: u16) -> Wares {
        Wares { shells, bananas, fish }
    }

    pub fn of(ware: Ware, amount: u16) -> Wares {
        let mut w = Wares::default();
        *w.get_mut(ware) = amount;
        w
    }

    pub fn get(&self, ware: Ware) -> u16 {
        match ware {
            Ware::Shells => self.shells,
            Ware::Bananas => self.bananas,
            Ware::Fish => self.fish,
        }
    }

    pub fn get_mut(&mut self, ware: Ware) -> &mut u16 {
        match ware {
            Ware::Shells => &mut self.shells,
            Ware::Bananas => &mut self.bananas,
            Ware::Fish => &mut self.fish,
        }
    }

    pub fn total(&self) -> u16 {
        self.shells + self.bananas + self.fish
    }

    pub fn covers(&self, other: &Wares) -> bool {
        Ware::ALL.iter().all(|&w| self.get(w) >= other.get(w))
    }

    /// `self - other`, or None when some ware would go negative.
    pub fn checked_sub(&self, other: &Wares) -> Option<Wares> {
        Some(Wares {
            shells: self.shells.checked_sub(other.shells)?,
            bananas: self.bananas.checked_sub(other.bananas)?,
            fish: self.fish.checked_sub(other.fish)?,
        })
    }

    pub fn add(&mut self, other: &Wares) {
        self.shells += other.shells;
        self.bananas += other.bananas;
        self.fish += other.fish;
    }
}

impl fmt::Display for Wares {
    /// "2 shells, 1 fish"; "nothing" when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Ware::ALL
            .iter()
            .filter(|&&w| self.get(w) > 0)
            .map(|&w| {
                let n = self.get(w);
                let name = match (w, n) {
                    (Ware::Shells, 1) => "shell",
                    (Ware::Bananas, 1) => "banana",
                    _ => w.name(),
                };
                format!("{n} {name}")
            })
            .collect();
        if parts.is_empty() { f.write_str("nothing") } else { f.write_str(&parts.join(", ")) }
    }
}
