//! `southseas tiles`: the spread of the standard tile set and ships, computed from the data.

use southseas_engine::{Demand, EdgeKind, FeatureKind, ShipSet, TileSet};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A Markdown report: tiles per shape, symbols, boats, markets, and ships per demand and value.
pub fn spread(tiles: &TileSet, ships: &ShipSet) -> String {
    let mut out = String::new();
    let stack: Vec<_> = tiles.stack();
    let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
    let (mut bananas, mut shells, mut fish, mut boats, mut markets, mut junctions) = (0u32, 0u32, 0u32, 0, 0, 0);
    let (mut ones, mut twos) = (0, 0);
    for &id in &stack {
        let k = tiles.get(id);
        *shapes.entry(shape(k)).or_default() += 1;
        for f in &k.features {
            match f.kind {
                FeatureKind::Island => bananas += f.symbols as u32,
                FeatureKind::Bridge => shells += f.symbols as u32,
                FeatureKind::Sea => {
                    fish += f.symbols as u32;
                    ones += f.fish.iter().filter(|&&n| n == 1).count();
                    twos += f.fish.iter().filter(|&&n| n == 2).count();
                }
                FeatureKind::Market => markets += 1,
            }
        }
        boats += k.boat_feature().is_some() as usize;
        junctions += k.junction as usize;
    }
    let _ = writeln!(out, "Stack: {} tiles in {} kinds, plus the start tile.\n", stack.len(), tiles.kinds.len() - 1);
    let _ = writeln!(out, "| edges (N E S W, rotation 0) | tiles |\n|---|---|");
    for (shape, n) in &shapes {
        let _ = writeln!(out, "| {shape} | {n} |");
    }
    let _ = writeln!(
        out,
        "\nSymbols in the stack: {bananas} bananas, {shells} shells, {fish} fish ({twos} groups of 2, {ones} single fish); \
         {boats} tiles with a fishing boat, {markets} markets, {junctions} junction stones.\n"
    );
    let mut by_value: BTreeMap<u16, usize> = BTreeMap::new();
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &ships.ships {
        *by_value.entry(s.value).or_default() += 1;
        let kind = match s.demand {
            Demand::Exact(_) => "exact wares",
            Demand::Any(_) => "N of your choice",
            Demand::Same(_) => "N of one kind",
            Demand::SameAndOther(..) => "N of one kind + M of another",
        };
        *by_kind.entry(kind).or_default() += 1;
    }
    let values: Vec<String> = by_value.iter().map(|(v, n)| format!("{n}× {v}")).collect();
    let kinds: Vec<String> = by_kind.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let total: u16 = ships.ships.iter().map(|s| s.value).sum();
    let _ = writeln!(out, "Ships: {} worth {total} points: values {}; demands {}.", ships.ships.len(), values.join(", "), kinds.join(", "));
    out
}

fn shape(k: &southseas_engine::TileKind) -> String {
    let letter = |e: EdgeKind| match e {
        EdgeKind::Sea => "sea",
        EdgeKind::Island => "island",
        EdgeKind::Bridge => "bridge",
    };
    let mut s = k.edges.iter().map(|&e| letter(e)).collect::<Vec<_>>().join(" ");
    if k.market {
        s.push_str(" + market");
    }
    if k.junction {
        s.push_str(" + junction");
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn spread_counts_the_standard_stack() {
        let report = super::spread(&southseas_engine::standard::tiles(), &southseas_engine::standard::ships());
        assert!(report.starts_with("Stack: 72 tiles"), "{report}");
        assert!(report.contains("Ships: 24 worth"), "{report}");
    }
}
