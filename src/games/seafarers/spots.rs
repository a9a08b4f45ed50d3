//! The spots of a turn, named for players: intersections by letters (A, B, ... Z, AA, ...),
//! edges by numbers (1, 2, ...), hexes for the robber and the pirate by letters, each in
//! reading order on the board (top to bottom, left to right). The picture draws these names
//! and the buttons, menus and typed commands use them, so a player picks what they see.

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

/// The named spots of one seat's choices now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    pub vertices: Vec<(Vertex, String)>,
    pub edges: Vec<(Edge, String)>,
    pub hexes: Vec<(Hex, String)>,
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
        hexes.sort();
        hexes.dedup();
        reading_order(&mut vertices, |v| vertex_xy(*v));
        reading_order(&mut edges, |e| edge_xy(*e));
        reading_order(&mut hexes, |h| hex_xy(*h));
        Labels {
            vertices: vertices.into_iter().enumerate().map(|(i, v)| (v, letter_name(i))).collect(),
            edges: edges.into_iter().enumerate().map(|(i, e)| (e, (i + 1).to_string())).collect(),
            hexes: hexes.into_iter().enumerate().map(|(i, h)| (h, letter_name(i))).collect(),
        }
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
            let ys: Vec<f32> = labels.vertices.iter().map(|(v, _)| vertex_xy(*v).1).collect();
            assert!(ys.windows(2).all(|w| w[0] <= w[1] + 0.05), "{id}: top to bottom");
        }
    }
}
