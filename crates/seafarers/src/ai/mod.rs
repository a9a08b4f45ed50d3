//! Computer players, seeded so that a simulated game is reproducible: random (easy), greedy
//! (medium) and a search over greedy's best moves (hard, in `search.rs`) that plays its
//! candidates out in worlds dealt afresh from what it can see ([`Game::redeal_hidden`]).

mod search;
mod trade;

use crate::Action;
use crate::cards::{Resource, Resources, Terrain};
use crate::game::{Game, Phase, RouteKind};
use crate::map::NONE;
use seeded_rng::Rng;
use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Any legal action, uniformly; it never offers domestic trades (an offer and its
    /// withdrawal could repeat for ever) and declines offers.
    Random,
    /// A simple greedy player: best setup spots by pips, cities first, then settlements,
    /// roads and ships towards the best free spot (islands with special victory points count
    /// extra), development cards, maritime trades towards what it needs, the robber on the
    /// leader. Made with [`Bot::trading`] it trades with the table (see `trade.rs`); else it
    /// never offers domestic trades and declines offers.
    Greedy,
    /// Flat Monte-Carlo over greedy's best few moves: each is played out by greedy players a
    /// few rounds ahead in worlds re-dealt from what the player can see, and the one that ends
    /// furthest ahead is kept. It trades with the table as greedy does (the imagined players
    /// do not).
    Search(Budget),
}

/// How much a searching player may think per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Imagined games per decision, shared among the candidate moves. With no time limit the
    /// choice is a function of the game and the bot's seed alone.
    pub playouts: u32,
    /// Stop early after this long (wall clock). The choice then depends on the machine's
    /// speed, so stored or replayed games should not set it.
    pub time: Option<Duration>,
}

impl Budget {
    /// What `hard` plays with (README: Computer players, measured in a release build).
    pub const DEFAULT: Budget = Budget { playouts: 300, time: None };
}

impl std::str::FromStr for Strategy {
    type Err = String;
    /// `random`, `greedy`, `search` (the default budget) or `search:N` (N playouts a decision),
    /// or the strengths the bot seats them as: `easy`, `medium`, `hard`, `hard:N`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" | "easy" => Ok(Strategy::Random),
            "greedy" | "medium" => Ok(Strategy::Greedy),
            "search" | "hard" => Ok(Strategy::Search(Budget::DEFAULT)),
            _ => match s.strip_prefix("search:").or_else(|| s.strip_prefix("hard:")).map(str::parse::<u32>) {
                Some(Ok(playouts)) if playouts > 0 => Ok(Strategy::Search(Budget { playouts, time: None })),
                _ => Err(format!("unknown computer player `{s}` (use random, greedy, search, search:PLAYOUTS, or easy, medium, hard)")),
            },
        }
    }
}

impl fmt::Display for Strategy {
    /// The name `from_str` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strategy::Random => f.write_str("random"),
            Strategy::Greedy => f.write_str("greedy"),
            Strategy::Search(b) if *b == Budget::DEFAULT => f.write_str("search"),
            Strategy::Search(b) => write!(f, "search:{}", b.playouts),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Bot {
    strategy: Strategy,
    rng: Rng,
    buf: Vec<Action>,
    /// Imagined games played for the last decision (0 when it did not search).
    spent: u32,
    /// Trades with the table (greedy and search only; see `trade.rs`).
    trades: bool,
}

impl Bot {
    /// A player that never trades with the table: it declines every offer and makes none
    /// (what simulations, playouts and the pinned games play).
    pub fn new(strategy: Strategy, seed: u64) -> Bot {
        Bot { strategy, rng: Rng::new(seed), buf: Vec::new(), spent: 0, trades: false }
    }

    /// A player that trades with the table as the bot's medium and hard computers do: it
    /// answers offers on their merits ([`Bot::answer`]), confirms answers to its own offer that
    /// are worth it, and makes at most one offer a turn. Random players never trade.
    pub fn trading(strategy: Strategy, seed: u64) -> Bot {
        Bot { trades: strategy != Strategy::Random, ..Bot::new(strategy, seed) }
    }

    /// The answer of `player` to the open offer (accept, decline or counter), or None when they
    /// may not answer it. A player that does not trade declines.
    pub fn answer(&mut self, game: &Game, player: usize) -> Option<Action> {
        let answer = trade::answer(game, player)?;
        Some(if self.trades { answer } else { Action::AnswerTrade { accept: false } })
    }

    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// How many imagined games the last decision played out (0 unless it searched): what a
    /// time limit left of its playout budget.
    pub fn playouts_spent(&self) -> u32 {
        self.spent
    }

    /// The bot's action for `player`, or `None` when that player has nothing to decide.
    pub fn choose(&mut self, game: &Game, player: usize) -> Option<Action> {
        self.spent = 0;
        if game.is_over() || !game.to_act().contains(&player) {
            return None;
        }
        let mut buf = std::mem::take(&mut self.buf);
        game.legal_actions_into(player, &mut buf);
        buf.retain(|a| !matches!(a, Action::OfferTrade { .. } | Action::WithdrawTrade | Action::AnswerTrade { accept: true }));
        let main = self.trades && game.phase() == Phase::Main && game.active_player() == player;
        // An answer to its own offer worth taking comes first: the cards may pay for a build.
        if main && let Some(confirm) = trade::confirm(game, player, &buf) {
            self.buf = buf;
            return Some(confirm);
        }
        let choice = if buf.is_empty() {
            None
        } else {
            Some(match self.strategy {
                Strategy::Random => buf[self.rng.below(buf.len())],
                Strategy::Greedy => self.greedy(game, player, &buf),
                Strategy::Search(budget) => self.search(game, player, &buf, budget),
            })
        };
        self.buf = buf;
        // Nothing left to do this turn: ask the table for what the plan lacks, once a turn.
        if main
            && choice == Some(Action::EndTurn)
            && let Some(offer) = trade::offer(game, player)
        {
            return Some(offer);
        }
        choice
    }

    fn greedy(&mut self, game: &Game, me: usize, legal: &[Action]) -> Action {
        match game.phase() {
            Phase::PlaceHarbour => legal[self.rng.below(legal.len())],
            Phase::SetupSettlement => best_by(legal, |a| settlement_value(game, me, a)),
            Phase::SetupRoute { .. } | Phase::RoadBuilding { .. } => {
                let first = expansion_edges(game, me).first().copied();
                best_by(legal, |a| if first.is_some_and(|f| follows(game, a, f)) { 1 } else { 0 })
            }
            Phase::Discard => {
                let hand = game.player(me).hand;
                best_by(legal, |a| discard_value(hand, a))
            }
            Phase::Gold => {
                let need = needs(game, me);
                best_by(legal, |a| gold_value(need, a))
            }
            Phase::Robber => {
                let leader = leader(game, me);
                best_by(legal, |a| robber_value(game, me, leader, a))
            }
            Phase::Roll => {
                if legal.contains(&Action::PlayKnight) && robber_on_me(game, me) {
                    Action::PlayKnight
                } else {
                    Action::Roll
                }
            }
            Phase::Main => self.greedy_main(game, me, legal),
            Phase::GameOver { .. } => unreachable!("checked by choose"),
        }
    }

    fn greedy_main(&mut self, game: &Game, me: usize, legal: &[Action]) -> Action {
        if me != game.active_player() {
            return Action::AnswerTrade { accept: false };
        }
        let topo = game.topology();
        // 1. Cities on the best settlement.
        let city = legal.iter().filter(|a| matches!(a, Action::BuildCity { .. })).max_by_key(|a| match a {
            Action::BuildCity { at } => game.pips(topo.vertex_index(*at).expect("legal")),
            _ => 0,
        });
        if let Some(a) = city {
            return *a;
        }
        // 2. Settlements.
        let settle = legal.iter().filter(|a| matches!(a, Action::BuildSettlement { .. })).max_by_key(|a| match a {
            Action::BuildSettlement { at } => spot_value(game, me, topo.vertex_index(*at).expect("legal")),
            _ => 0,
        });
        if let Some(a) = settle {
            return *a;
        }
        let p = game.player(me);
        let plan = Plan::of(game, me);
        let need = plan.needs(game, me);
        // 3. Development cards worth playing now.
        for a in legal {
            match a {
                Action::PlayKnight if robber_on_me(game, me) || p.knights >= 2 => return *a,
                Action::PlayRoadBuilding => return *a,
                Action::PlayYearOfPlenty { first, second } if need.get(*first) > 0 && need.get(*second) > (first == second) as u8 => {
                    return *a;
                }
                Action::PlayMonopoly { resource: Resource::Ore } => return *a,
                _ => {}
            }
        }
        // 4. Expand towards the best free spot when no settlement spot is open.
        let route_budget = p.roads_left as u32 + p.ships_left as u32;
        if !plan.has_spot
            && p.settlements_left > 0
            && route_budget > 0
            && let Some(a) = plan.path.first().and_then(|&f| legal.iter().find(|a| follows(game, a, f)))
        {
            return *a;
        }
        // 4b. No ship affordable but the way goes by sea: move an open-end ship onto it.
        if let Some(&(first, RouteKind::Ship)) = plan.path.first()
            && !p.hand.contains(&Resources::SHIP)
        {
            let to = topo.edges[first as usize];
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::MoveShip { to: t, .. } if *t == to)) {
                return *a;
            }
        }
        // 5. Development cards.
        let no_room = p.settlements_left == 0 || (!plan.has_spot && plan.path.is_empty());
        if legal.contains(&Action::BuyDevCard) && (p.cities_left == 0 || p.hand.ore >= 4 || plan.has_spot || no_room) {
            return Action::BuyDevCard;
        }
        // 6. Maritime trades towards the goal.
        if !need.is_empty() {
            let goal = plan.goal;
            let best = legal
                .iter()
                .filter_map(|a| match a {
                    Action::MaritimeTrade { give, get } if need.get(*get) > 0 => {
                        let rate = game.trade_rate(me, *give);
                        let spare = p.hand.get(*give) as i32 - goal.get(*give) as i32 - rate as i32;
                        (spare >= 0).then_some((spare, *a))
                    }
                    _ => None,
                })
                .max_by_key(|(s, _)| *s);
            if let Some((_, a)) = best {
                return a;
            }
        }
        // 7. A road or ship when rich in lumber.
        if p.hand.total() > 7 {
            let path = if plan.path.is_empty() { expansion_edges(game, me) } else { plan.path.clone() };
            if let Some(a) = path.first().and_then(|&f| legal.iter().find(|a| follows(game, a, f))) {
                return *a;
            }
            if legal.contains(&Action::BuyDevCard) {
                return Action::BuyDevCard;
            }
            // Nowhere to settle and no card to buy: lengthen the trade route.
            if let Some(a) = best_route_extension(game, me, legal) {
                return a;
            }
        }
        Action::EndTurn
    }
}

/// Does `a` build the first step `(edge, kind)` of a path?
fn follows(game: &Game, a: &Action, (edge, kind): (u16, RouteKind)) -> bool {
    match (a, kind) {
        (Action::BuildRoad { at }, RouteKind::Road) | (Action::BuildShip { at }, RouteKind::Ship) => {
            game.topology().edge_index(*at) == Some(edge)
        }
        _ => false,
    }
}

/// The road or ship that lengthens the player's trade route most (if any does).
fn best_route_extension(game: &Game, me: usize, legal: &[Action]) -> Option<Action> {
    let now = game.player(me).route_length;
    let mut best = None;
    let mut best_len = now;
    for a in legal.iter().filter(|a| matches!(a, Action::BuildRoad { .. } | Action::BuildShip { .. })) {
        let mut g = game.clone();
        if g.apply(me, a).is_ok() && g.player(me).route_length > best_len {
            best_len = g.player(me).route_length;
            best = Some(*a);
        }
    }
    best
}

/// A setup settlement by the value of its spot.
fn settlement_value(game: &Game, me: usize, a: &Action) -> i32 {
    match a {
        Action::BuildSettlement { at } => spot_value(game, me, game.topology().vertex_index(*at).expect("legal")),
        _ => i32::MIN,
    }
}

/// A discard by how balanced it leaves the hand (about two of each).
fn discard_value(hand: Resources, a: &Action) -> i32 {
    match a {
        Action::Discard { cards } => {
            let left = hand.checked_sub(cards).unwrap_or_default();
            -(Resource::ALL.iter().map(|&r| (left.get(r) as i32 - 2).abs()).sum::<i32>())
        }
        _ => i32::MIN,
    }
}

/// A gold choice by how much of what is needed it brings.
fn gold_value(need: Resources, a: &Action) -> i32 {
    match a {
        Action::ChooseGold { cards } => Resource::ALL.iter().map(|&r| cards.get(r).min(need.get(r)) as i32).sum(),
        _ => i32::MIN,
    }
}

/// A robber move by the production it blocks (others' good, own bad) and whom it robs.
fn robber_value(game: &Game, me: usize, leader: usize, a: &Action) -> i32 {
    match a {
        Action::MoveRobber { to, victim } => {
            let h = game.topology().hex_index(*to).expect("legal");
            let mut v = 0;
            for &x in &game.topology().hex_vertices[h] {
                if let Some(b) = (x != NONE).then(|| game.building_on(x)).flatten() {
                    let w = crate::pip(game.hex_number(h as u16)) as i32 * if b.city { 2 } else { 1 };
                    v += if b.owner as usize == me { -3 * w } else { w };
                }
            }
            v * 4 + if victim.map(usize::from) == Some(leader) { 3 } else { 0 } + victim.map_or(0, |_| 2)
        }
        _ => i32::MIN,
    }
}

/// Up to `k` actions, best first by `f` (ties in the order given, so the first is `best_by`'s).
fn top_by(legal: &[Action], k: usize, f: impl Fn(&Action) -> i32) -> Vec<Action> {
    let mut scored: Vec<(i32, Action)> = legal.iter().map(|a| (f(a), *a)).collect();
    scored.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
    scored.into_iter().take(k).map(|(_, a)| a).collect()
}

fn best_by(legal: &[Action], f: impl Fn(&Action) -> i32) -> Action {
    let mut best = legal[0];
    let mut bv = i32::MIN;
    for a in legal {
        let v = f(a);
        if v > bv {
            bv = v;
            best = *a;
        }
    }
    best
}

fn leader(game: &Game, me: usize) -> usize {
    (0..game.player_count()).filter(|&p| p != me).max_by_key(|&p| game.public_points(p)).unwrap_or(me)
}

fn robber_on_me(game: &Game, me: usize) -> bool {
    let Some(h) = game.robber() else { return false };
    let topo = game.topology();
    let h = topo.hex_index(h).expect("robber on the map");
    topo.hex_vertices[h].iter().any(|&v| v != NONE && game.building_on(v).is_some_and(|b| b.owner as usize == me))
}

/// Value of a free intersection for `me`: production, variety, harbours, special points.
fn spot_value(game: &Game, me: usize, v: u16) -> i32 {
    let topo = game.topology();
    let mut kinds = 0u8;
    let mut value = 0i32;
    for &h in &topo.vertex_hexes[v as usize] {
        if h == NONE {
            continue;
        }
        let pips = crate::pip(game.hex_number(h)) as i32;
        match game.hex_terrain(h) {
            Some(Terrain::Gold) => {
                value += pips * 3 / 2;
                kinds |= 32;
            }
            Some(t) => {
                if let Some(r) = t.resource() {
                    value += pips;
                    kinds |= 1 << r.index();
                }
            }
            None => value += 1,
        }
    }
    value * 2 + kinds.count_ones() as i32 + if game.would_award_chip(me, v) { 12 * game.scenario().chip as i32 } else { 0 }
}

/// What the greedy player knows about its position at one decision.
struct Plan {
    /// A legal settlement spot is open now.
    has_spot: bool,
    /// The way to the best free spot (empty when a spot is open or there is nowhere to go).
    path: Vec<(u16, RouteKind)>,
    /// What it saves for: a city, else a settlement, else a road or ship, else a card.
    goal: Resources,
}

impl Plan {
    fn of(game: &Game, me: usize) -> Plan {
        let p = game.player(me);
        let topo = game.topology();
        let has_spot = p.settlements_left > 0 && (0..topo.vertices.len()).any(|v| game.is_legal_settlement_spot(me, topo.vertices[v]));
        let path = if has_spot || p.settlements_left == 0 { Vec::new() } else { expansion_edges(game, me) };
        let goal = if p.cities_left > 0 && game.buildings().iter().any(|(_, b)| b.owner as usize == me && !b.city) {
            Resources::CITY
        } else if has_spot {
            Resources::SETTLEMENT
        } else if let Some(&(_, kind)) = path.first() {
            if kind == RouteKind::Road { Resources::ROAD } else { Resources::SHIP }
        } else {
            Resources::DEV_CARD
        };
        Plan { has_spot, path, goal }
    }

    fn needs(&self, game: &Game, me: usize) -> Resources {
        let hand = game.player(me).hand;
        let mut need = Resources::default();
        for r in Resource::ALL {
            *need.get_mut(r) = self.goal.get(r).saturating_sub(hand.get(r));
        }
        need
    }
}

fn needs(game: &Game, me: usize) -> Resources {
    Plan::of(game, me).needs(game, me)
}

/// What the greedy player expects from exploring next to an unknown hex.
const UNKNOWN_VALUE: i32 = 12;

/// The edges of a shortest path (first edge first) from the player's network to the best free
/// intersection, over empty edges a road or ship could use and intersections without an
/// opponent's building. Empty when there is nowhere to go.
fn expansion_edges(game: &Game, me: usize) -> Vec<(u16, RouteKind)> {
    // Breadth-first over (intersection, kind of the line arriving there): a road line and a
    // ship line meet only at an own building, so a bare road end continues by road only.
    const ANY: usize = 0;
    const ROAD: usize = 1;
    const SHIP: usize = 2;
    let topo = game.topology();
    let n = topo.vertices.len();
    let mut dist = vec![u16::MAX; n * 3];
    let mut via = vec![(NONE, 0usize); n * 3];
    let mut queue = VecDeque::new();
    let p = me as u8;
    let setup_vertex = match game.phase() {
        Phase::SetupRoute { settlement } => topo.vertex_index(settlement),
        _ => None,
    };
    let start = |v: u16, mode: usize, dist: &mut Vec<u16>, queue: &mut VecDeque<(u16, usize)>| {
        if dist[v as usize * 3 + mode] == u16::MAX {
            dist[v as usize * 3 + mode] = 0;
            queue.push_back((v, mode));
        }
    };
    for v in 0..n as u16 {
        match setup_vertex {
            Some(s) if s == v => start(v, ANY, &mut dist, &mut queue),
            Some(_) => {}
            None if game.building_on(v).is_some_and(|b| b.owner == p) => start(v, ANY, &mut dist, &mut queue),
            None if game.building_on(v).is_none() => {
                for &e in &topo.vertex_edges[v as usize] {
                    if let Some(r) = (e != NONE).then(|| game.route_on(e)).flatten().filter(|r| r.owner == p) {
                        start(v, if r.kind == RouteKind::Road { ROAD } else { SHIP }, &mut dist, &mut queue);
                    }
                }
            }
            None => {}
        }
    }
    let ships = game.scenario().ships && game.player(me).ships_left > 0;
    let roads = game.player(me).roads_left > 0;
    let mut best: Option<(i32, usize)> = None;
    while let Some((v, mode)) = queue.pop_front() {
        let state = v as usize * 3 + mode;
        let d = dist[state];
        let target = if d >= 2 && game.is_free_spot(v) {
            Some(spot_value(game, me, v))
        } else if d >= 1 && topo.vertex_hexes[v as usize].iter().any(|&h| h != NONE && game.hex_terrain(h).is_none()) {
            Some(UNKNOWN_VALUE) // an unknown hex next to it: worth discovering
        } else {
            None
        };
        if let Some(value) = target {
            let value = value - 4 * d as i32;
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, state));
            }
        }
        if d >= 12 || (d > 0 && game.building_on(v).is_some()) {
            continue;
        }
        for &e in &topo.vertex_edges[v as usize] {
            if e == NONE || game.route_on(e).is_some() {
                continue;
            }
            let hexes = topo.edge_hexes[e as usize];
            let land = roads && hexes.iter().any(|&h| game.hex_terrain(h).is_some_and(Terrain::is_land));
            let sea = ships && hexes.iter().any(|&h| game.hex_terrain(h) == Some(Terrain::Sea)) && !game.is_pirate_edge(e);
            let o = topo.other_end(e, v);
            for (kind, ok) in [(ROAD, land), (SHIP, sea)] {
                if !ok || (mode != ANY && mode != kind) {
                    continue;
                }
                let next = o as usize * 3 + kind;
                if dist[next] == u16::MAX {
                    dist[next] = d + 1;
                    via[next] = (e, state);
                    queue.push_back((o, kind));
                }
            }
        }
    }
    let Some((_, mut state)) = best else { return Vec::new() };
    let mut path = Vec::new();
    while dist[state] > 0 {
        let (e, prev) = via[state];
        path.push((e, if state % 3 == SHIP { RouteKind::Ship } else { RouteKind::Road }));
        state = prev;
    }
    path.reverse();
    path
}
