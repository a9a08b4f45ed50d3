//! The spots of a turn, named for players: intersections by letters (A, B, ... Z, AA, ...),
//! edges by numbers (1, 2, ...), hexes for the robber and the pirate by letters, each in
//! reading order on the board (top to bottom, left to right). The picture draws these names
//! and the buttons, menus and typed commands use them, so a player picks what they see.
//!
//! A step with more spots than a phone can read on one picture ([`LEGIBLE_SPOTS`]: the setup's
//! settlements, the harbours to place, the robber's or the pirate's hexes) splits them into
//! **zones**: neighbouring spots, at most [`LEGIBLE_SPOTS`] each, named zone by zone (zone 1
//! holds A–T, zone 2 U–AN, ...). The turn picture then marks each zone's spots and its number,
//! and a zone's close-up letters its spots.

use super::render::{Spot, SpotAt};
use seafarers_engine::{Action, Edge, Game, Hex, Phase, Vertex};

/// A spot's place on the board's picture, in hex radii (pointy-top hexes): for reading order.
fn hex_xy(h: Hex) -> (f32, f32) {
    (3f32.sqrt() * (f32::from(h.q) + f32::from(h.r) / 2.0), 1.5 * f32::from(h.r))
}

fn vertex_xy(v: Vertex) -> (f32, f32) {
    let (x, y) = hex_xy(v.hex);
    (x, if v.top { y - 1.0 } else { y + 1.0 })
}

fn edge_xy(e: Edge) -> (f32, f32) {
    let (x, y) = hex_xy(e.hex);
    let (nx, ny) = hex_xy(e.hex.neighbour(e.side));
    ((x + nx) / 2.0, (y + ny) / 2.0)
}

/// Reading order: by rows of the picture (a tenth of a hex apart), then left to right.
fn reading_order<T>(items: &mut [T], xy: impl Fn(&T) -> (f32, f32)) {
    items.sort_by(|a, b| {
        let ((ax, ay), (bx, by)) = (xy(a), xy(b));
        ((ay * 10.0).round() as i32, (ax * 10.0).round() as i32).cmp(&((by * 10.0).round() as i32, (bx * 10.0).round() as i32))
    });
}

/// The n-th letter name (0: A, 25: Z, 26: AA, ...).
pub fn letter_name(n: usize) -> String {
    let letter = |i: usize| char::from(b'A' + (i % 26) as u8);
    if n < 26 { letter(n).to_string() } else { format!("{}{}", letter(n / 26 - 1), letter(n % 26)) }
}

/// The most lettered spots one phone picture shows: more, at the scale a whole map takes, and
/// their badges cover the number tokens and harbours (The Four Islands' setup has 96).
pub const LEGIBLE_SPOTS: usize = 24;

/// The named spots of one seat's choices now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    pub vertices: Vec<(Vertex, String)>,
    pub edges: Vec<(Edge, String)>,
    pub hexes: Vec<(Hex, String)>,
    /// The zones of a step with more than [`LEGIBLE_SPOTS`] spots, in reading order, each its
    /// spots in the order of their names (empty: one picture shows them all).
    pub zones: Vec<Vec<Spot>>,
}

/// How far the values of `v` spread (0 for none or one).
fn extent(v: &[f32]) -> f32 {
    (v.iter().cloned().fold(f32::MIN, f32::max) - v.iter().cloned().fold(f32::MAX, f32::min)).max(0.0)
}

/// Where a step of a zoned kind lies (a setup settlement, a harbour, the robber's or the
/// pirate's hex); None for any other step.
pub fn zoned_spot(action: &Action) -> Option<SpotAt> {
    match *action {
        Action::BuildSettlement { at } => Some(SpotAt::Vertex(at)),
        Action::PlaceHarbour { at } => Some(SpotAt::Edge(at)),
        Action::MoveRobber { to, .. } | Action::MovePirate { to } => Some(SpotAt::Hex(to)),
        _ => None,
    }
}

/// The most options a zone's menu holds: a robber's hex gives one per player it may rob.
const ZONE_OPTIONS: usize = crate::common::reply::MAX_MENU_OPTIONS;

/// Splits `items` into `parts` groups of neighbours, as even as can be by `weight`: the longer
/// side of their box is cut where each half holds its share, and each half again.
fn split_near<T: Copy>(mut items: Vec<T>, parts: usize, xy: &impl Fn(&T) -> (f32, f32), weight: &impl Fn(&T) -> usize) -> Vec<Vec<T>> {
    if parts <= 1 || items.len() <= 1 {
        return vec![items];
    }
    let (xs, ys): (Vec<f32>, Vec<f32>) = items.iter().map(xy).unzip();
    let by_x = extent(&xs) >= extent(&ys);
    let key = |t: &T| {
        let (x, y) = xy(t);
        if by_x { (x, y) } else { (y, x) }
    };
    items.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal));
    let first = parts / 2;
    let total: usize = items.iter().map(weight).sum();
    let share = total * first / parts;
    let (mut cut, mut held) = (0, 0);
    while cut < items.len() - 1 && held + weight(&items[cut]) <= share {
        held += weight(&items[cut]);
        cut += 1;
    }
    let rest = items.split_off(cut.max(1));
    let mut groups = split_near(items, first, xy, weight);
    groups.extend(split_near(rest, parts - first, xy, weight));
    groups
}

/// `items` in zones of at most [`LEGIBLE_SPOTS`] spots and [`ZONE_OPTIONS`] options by
/// `weight` (one zone when they fit), the zones in reading order of their first item, each in
/// reading order. A zone is a group of neighbours: first the groups of spots that reach each
/// other by steps of at most `near` (an island's coast, a stretch of sea), each too large one
/// cut in even parts ([`split_near`]); then small groups close together are joined, so that a
/// scattered map does not give a zone per islet.
fn zoned<T: Copy>(items: Vec<T>, xy: impl Fn(&T) -> (f32, f32), weight: impl Fn(&T) -> usize, near: f32) -> Vec<Vec<T>> {
    let fits = |z: &[T]| {
        let (xs, ys): (Vec<f32>, Vec<f32>) = z.iter().map(&xy).unzip();
        z.len() <= LEGIBLE_SPOTS
            && z.iter().map(&weight).sum::<usize>() <= ZONE_OPTIONS
            && (z.is_empty() || (extent(&xs) <= ZONE_EXTENT.0 && extent(&ys) <= ZONE_EXTENT.1))
    };
    if fits(&items) {
        return zoned_not(items, xy);
    }
    let apart = |a: &T, b: &T| {
        let ((ax, ay), (bx, by)) = (xy(a), xy(b));
        ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt()
    };
    // The groups that reach each other (union of near neighbours, in the items' order).
    let mut group: Vec<usize> = (0..items.len()).collect();
    fn root(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            if apart(&items[i], &items[j]) <= near {
                let (ri, rj) = (root(&mut group, i), root(&mut group, j));
                group[ri.max(rj)] = ri.min(rj);
            }
        }
    }
    let mut groups: Vec<Vec<T>> = Vec::new();
    let mut index: Vec<Option<usize>> = vec![None; items.len()];
    for (i, item) in items.iter().enumerate() {
        let r = root(&mut group, i);
        let g = *index[r].get_or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(*item);
    }
    // Each group too large for a picture in even parts.
    let mut zones: Vec<Vec<T>> = Vec::new();
    for g in groups {
        let total: usize = g.iter().map(&weight).sum();
        let mut parts = g.len().div_ceil(LEGIBLE_SPOTS).max(total.div_ceil(ZONE_OPTIONS)).max(1);
        zones.extend(loop {
            let split = split_near(g.clone(), parts, &xy, &weight);
            if split.iter().all(|z| fits(z)) || parts >= g.len() {
                break split;
            }
            parts += 1;
        });
    }
    // Join the closest two zones whose spots come within a close-up's reach of each other
    // while both together fit, smallest first.
    loop {
        let gap =
            |a: &[T], b: &[T]| a.iter().flat_map(|x| b.iter().map(move |y| (x, y))).map(|(x, y)| apart(x, y)).fold(f32::MAX, f32::min);
        let mut best: Option<(f32, usize, usize)> = None;
        for i in 0..zones.len() {
            for j in i + 1..zones.len() {
                let both: Vec<T> = zones[i].iter().chain(&zones[j]).copied().collect();
                let d = gap(&zones[i], &zones[j]);
                if d <= JOIN_WITHIN && fits(&both) && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, i, j));
                }
            }
        }
        let Some((_, i, j)) = best else { break };
        let joined = zones.remove(j);
        zones[i].extend(joined);
    }
    for zone in &mut zones {
        reading_order(zone, &xy);
    }
    reading_order(&mut zones, |z| z.first().map_or((0.0, 0.0), &xy));
    zones
}

/// The largest box of one zone's spots, in hex radii (wide, high): its close-up then shows a hex
/// at least 85 px across the 800 of a phone picture, where a spot's badge never reaches the
/// number on a token beside it.
const ZONE_EXTENT: (f32, f32) = (6.0, 7.0);

/// How far apart (in hex radii) two zones' nearest spots may be to be joined into one: a strait
/// of one sea hex, so a close-up of both stays close.
const JOIN_WITHIN: f32 = 2.5;

/// `items` as one zone, in reading order.
fn zoned_not<T>(mut items: Vec<T>, xy: impl Fn(&T) -> (f32, f32)) -> Vec<Vec<T>> {
    reading_order(&mut items, xy);
    vec![items]
}

impl Labels {
    /// The spots of the player whose turn it is (none while several players owe cards).
    pub fn of_turn(game: &Game) -> Labels {
        match game.phase() {
            Phase::Discard | Phase::Gold | Phase::GameOver { .. } => Labels::default(),
            _ => Labels::for_seat(game, game.active_player()),
        }
    }

    /// The spots of `seat`'s steps now, whatever their cards (`Game::open_spots`): the picture
    /// is public, so it names every spot the table can see they may use, and their private
    /// menus name what they can afford with the same names.
    pub fn for_seat(game: &Game, seat: usize) -> Labels {
        let (mut vertices, mut edges, mut hexes) = (Vec::new(), Vec::new(), Vec::new());
        for action in game.open_spots(seat) {
            match action {
                Action::BuildSettlement { at } | Action::BuildCity { at } => vertices.push(at),
                Action::PlaceHarbour { at } | Action::BuildRoad { at } | Action::BuildShip { at } => edges.push(at),
                Action::MoveShip { from, to } => edges.extend([from, to]),
                Action::MoveRobber { to, .. } | Action::MovePirate { to } => hexes.push(to),
                _ => {}
            }
        }
        vertices.sort();
        vertices.dedup();
        edges.sort();
        edges.dedup();
        // The options at each hex: one per player the robber or pirate may rob there.
        let mut options_at: std::collections::BTreeMap<Hex, usize> = std::collections::BTreeMap::new();
        for h in &hexes {
            *options_at.entry(*h).or_default() += 1;
        }
        hexes.sort();
        hexes.dedup();
        // Only a step of one kind of spot is zoned (the setup, a harbour, the robber): a turn
        // in play mixes kinds, each with its own private menu.
        let zoning = matches!(game.phase(), Phase::SetupSettlement | Phase::PlaceHarbour | Phase::Robber);
        // Neighbours: intersections a side apart (1), sides that meet (0.87), hexes side by
        // side (1.73), in hex radii.
        let vertices = if zoning { zoned(vertices, |v| vertex_xy(*v), |_| 1, 1.05) } else { zoned_not(vertices, |v| vertex_xy(*v)) };
        let edges = if zoning { zoned(edges, |e| edge_xy(*e), |_| 1, 0.9) } else { zoned_not(edges, |e| edge_xy(*e)) };
        let hexes = if zoning {
            zoned(hexes, |h| hex_xy(*h), |h| options_at.get(h).copied().unwrap_or(1), 1.8)
        } else {
            zoned_not(hexes, |h| hex_xy(*h))
        };
        let mut labels = Labels {
            vertices: vertices.concat().into_iter().enumerate().map(|(i, v)| (v, letter_name(i))).collect(),
            edges: edges.concat().into_iter().enumerate().map(|(i, e)| (e, (i + 1).to_string())).collect(),
            hexes: hexes.concat().into_iter().enumerate().map(|(i, h)| (h, letter_name(i))).collect(),
            zones: Vec::new(),
        };
        // Each kind's zones, as spots with their names (a zoned step has one kind).
        let mut zones: Vec<Vec<Spot>> = Vec::new();
        let mut taken = (0, 0, 0);
        for zone in vertices.iter().filter(|_| vertices.len() > 1) {
            zones.push(
                labels.vertices[taken.0..taken.0 + zone.len()]
                    .iter()
                    .map(|(v, l)| Spot { label: l.clone(), at: SpotAt::Vertex(*v) })
                    .collect(),
            );
            taken.0 += zone.len();
        }
        for zone in edges.iter().filter(|_| edges.len() > 1) {
            zones.push(
                labels.edges[taken.1..taken.1 + zone.len()].iter().map(|(e, l)| Spot { label: l.clone(), at: SpotAt::Edge(*e) }).collect(),
            );
            taken.1 += zone.len();
        }
        for zone in hexes.iter().filter(|_| hexes.len() > 1) {
            zones.push(
                labels.hexes[taken.2..taken.2 + zone.len()].iter().map(|(h, l)| Spot { label: l.clone(), at: SpotAt::Hex(*h) }).collect(),
            );
            taken.2 += zone.len();
        }
        labels.zones = zones;
        labels
    }

    /// Whether the step's spots are split into zones (see the module's doc).
    pub fn zoned(&self) -> bool {
        !self.zones.is_empty()
    }

    /// The zone (from 0) that holds the spot named `label`, if the step is zoned.
    pub fn zone_of(&self, at: SpotAt) -> Option<usize> {
        self.zones.iter().position(|z| z.iter().any(|s| s.at == at))
    }

    pub fn vertex(&self, v: Vertex) -> Option<&str> {
        self.vertices.iter().find(|(x, _)| *x == v).map(|(_, l)| l.as_str())
    }

    pub fn edge(&self, e: Edge) -> Option<&str> {
        self.edges.iter().find(|(x, _)| *x == e).map(|(_, l)| l.as_str())
    }

    pub fn hex(&self, h: Hex) -> Option<&str> {
        self.hexes.iter().find(|(x, _)| *x == h).map(|(_, l)| l.as_str())
    }

    /// The spots to draw on the picture.
    pub fn spots(&self) -> Vec<Spot> {
        let v = self.vertices.iter().map(|(v, l)| Spot { label: l.clone(), at: SpotAt::Vertex(*v) });
        let e = self.edges.iter().map(|(e, l)| Spot { label: l.clone(), at: SpotAt::Edge(*e) });
        let h = self.hexes.iter().map(|(h, l)| Spot { label: l.clone(), at: SpotAt::Hex(*h) });
        v.chain(e).chain(h).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seafarers_engine::{Options, Ruleset};

    #[test]
    fn letter_names_run_on_past_z() {
        assert_eq!(letter_name(0), "A");
        assert_eq!(letter_name(25), "Z");
        assert_eq!(letter_name(26), "AA");
        assert_eq!(letter_name(27), "AB");
        assert_eq!(letter_name(52), "BA");
    }

    #[test]
    fn every_setup_spot_has_one_name_in_reading_order() {
        for id in Ruleset::CURRENT.scenario_ids() {
            let scenario = Ruleset::CURRENT.scenario(id).unwrap();
            let game = seafarers_engine::Game::new(scenario.clone(), scenario.min_players, 5, Options::default()).unwrap();
            let labels = Labels::of_turn(&game);
            let seat = game.active_player();
            let named = labels.vertices.len() + labels.edges.len();
            assert!(named > 0, "{id}: the first player has somewhere to go");
            for action in game.legal_actions(seat) {
                match action {
                    Action::BuildSettlement { at } => assert!(labels.vertex(at).is_some(), "{id}: {at} is named"),
                    Action::PlaceHarbour { at } => assert!(labels.edge(at).is_some(), "{id}: {at} is named"),
                    _ => {}
                }
            }
            // In reading order: the whole step's, or each zone's.
            let zones = if labels.zoned() { labels.zones.clone() } else { vec![labels.spots()] };
            for zone in zones {
                let ys: Vec<f32> = zone.iter().map(|s| spot_xy(s.at).1).collect();
                assert!(ys.windows(2).all(|w| w[0] <= w[1] + 0.05), "{id}: top to bottom");
            }
        }
    }

    fn spot_xy(at: SpotAt) -> (f32, f32) {
        match at {
            SpotAt::Vertex(v) => vertex_xy(v),
            SpotAt::Edge(e) => edge_xy(e),
            SpotAt::Hex(h) => hex_xy(h),
        }
    }

    /// Steps of greedy games in every scenario (3 and 4 players, with the pirate where the
    /// scenario has one) whose spots are zoned or could be: setups, harbours, the robber.
    fn crowded_steps() -> Vec<(String, Game)> {
        let mut steps = Vec::new();
        for id in Ruleset::CURRENT.scenario_ids() {
            let scenario = Ruleset::CURRENT.scenario(id).unwrap();
            for players in [3, 4] {
                let pirate = scenario.pirate.is_some();
                let Ok(mut game) = Game::new(scenario.clone(), players, 11, Options { pirate }) else { continue };
                let mut bots: Vec<seafarers_engine::Bot> =
                    (0..players).map(|s| seafarers_engine::Bot::new(seafarers_engine::Strategy::Greedy, 7 + s as u64)).collect();
                for step in 0..3000 {
                    if matches!(game.phase(), Phase::SetupSettlement | Phase::PlaceHarbour | Phase::Robber) {
                        steps.push((format!("{id} {players}p step {step}"), game.clone()));
                    }
                    let Some(&p) = game.to_act().first() else { break };
                    let Some(a) = bots[p].choose(&game, p) else { break };
                    game.apply(p, &a).unwrap();
                }
            }
        }
        steps
    }

    #[test]
    fn zones_hold_at_most_a_pictures_worth_of_spots_and_a_menus_worth_of_options_named_zone_by_zone() {
        let mut zoned = 0;
        let steps = crowded_steps();
        for (what, game) in &steps {
            let seat = game.active_player();
            let labels = Labels::for_seat(game, seat);
            let spots = labels.spots();
            if !labels.zoned() {
                assert!(spots.len() <= LEGIBLE_SPOTS, "{what}: {} spots on one picture", spots.len());
                continue;
            }
            zoned += 1;
            assert!(labels.zones.len() >= 2, "{what}");
            // Buttons: a zone each, in at most four rows of five (the fifth row is the turn's).
            assert!(labels.zones.len() <= 20, "{what}: {} zones", labels.zones.len());
            let in_zones: Vec<Spot> = labels.zones.concat();
            assert_eq!(in_zones, spots, "{what}: every spot in one zone, named zone by zone");
            let legal = game.legal_actions(seat);
            for zone in &labels.zones {
                assert!(!zone.is_empty() && zone.len() <= LEGIBLE_SPOTS, "{what}: a zone of {}", zone.len());
                let options = legal.iter().filter(|a| zoned_spot(a).is_some_and(|at| zone.iter().any(|s| s.at == at))).count();
                assert!(options <= crate::common::reply::MAX_MENU_OPTIONS, "{what}: {options} options in a zone");
            }
            // Every legal choice is in some zone.
            for a in &legal {
                let Some(at) = zoned_spot(a) else { continue };
                assert!(labels.zone_of(at).is_some(), "{what}: {a:?} is in a zone");
            }
        }
        assert!(zoned >= 10, "{zoned} zoned steps of {}", steps.len());
    }

    #[test]
    fn zones_depend_on_nothing_hidden() {
        // The zones are public (the turn message's buttons and picture show them): a game
        // whose hands and deck are dealt afresh for everyone is zoned the same way.
        for (what, game) in crowded_steps().into_iter().step_by(5) {
            let seat = game.active_player();
            let mut twin = game.clone();
            // A seat past the last: every player's hand is redealt.
            twin.redeal_hidden(game.player_count(), &mut seafarers_engine::Rng::new(99));
            assert_eq!(Labels::for_seat(&game, seat), Labels::for_seat(&twin, seat), "{what}");
        }
    }
}
