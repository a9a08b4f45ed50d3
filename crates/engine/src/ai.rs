//! Computer players, seeded so that a simulated game is reproducible.
//!
//! Players pick a [`Strength`]: `easy` plays at random but takes the islander placements that
//! plainly pay, `medium` is the one-move greedy player, `hard` searches: it plays each of the
//! best candidate moves out to the end of many imagined games and keeps the one that wins by
//! the most. Its imagined games never use the true order of the stacks, which a player cannot
//! know: each one is dealt afresh from the bot's own generator ([`Game::shuffle_hidden`]).

use crate::Action;
use crate::game::{Game, Phase};
use crate::tileset::FeatureKind;
use crate::wares::{Ware, Wares};
use crate::{FeatureRef, ShipId};
use seeded_rng::Rng;
use std::fmt;
use std::time::{Duration, Instant};

/// How well a computer player plays: what players choose when they seat one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strength {
    Easy,
    Medium,
    Hard,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Medium, Strength::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Medium => "medium",
            Strength::Hard => "hard",
        }
    }

    /// The way of playing behind the strength.
    pub fn strategy(self) -> Strategy {
        match self {
            Strength::Easy => Strategy::Casual,
            Strength::Medium => Strategy::Greedy,
            Strength::Hard => Strategy::Search(Budget::DEFAULT),
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Strength {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Strength::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| format!("unknown strength `{s}` (use easy, medium or hard)"))
    }
}

impl From<Strength> for Strategy {
    fn from(strength: Strength) -> Strategy {
        strength.strategy()
    }
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
    /// What `hard` uses: measured at well under a second per decision in a release build on
    /// one core of the development machine (README: Computer players).
    pub const DEFAULT: Budget = Budget { playouts: 2000, time: None };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Any legal action, uniformly.
    Random,
    /// The move with the best immediate gain: tile and islander together, judged by the
    /// player's score if the game ended right after; then the most valuable delivery.
    Greedy,
    /// The tile anywhere it fits, an islander on the new tile where it collects something,
    /// the most valuable delivery: what `easy` plays, and what the search's imagined players play.
    Casual,
    /// Flat Monte-Carlo over the best candidate moves (sequential halving), each imagined game
    /// played by `Casual` players on a freshly dealt stack: what `hard` plays.
    Search(Budget),
}

impl std::str::FromStr for Strategy {
    type Err = String;
    /// `random`, `greedy`, a strength (`easy`, `medium`, `hard`), or `hard:N` for a search
    /// with N playouts per decision.
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Strategy::Random),
            "greedy" => Ok(Strategy::Greedy),
            _ => {
                if let Some(n) = s.strip_prefix("hard:") {
                    let playouts =
                        n.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| format!("`{s}`: playouts must be a positive number"))?;
                    return Ok(Strategy::Search(Budget { playouts, time: None }));
                }
                s.parse::<Strength>()
                    .map(Strategy::from)
                    .map_err(|_| format!("unknown computer player `{s}` (use easy, medium, hard, hard:PLAYOUTS, random or greedy)"))
            }
        }
    }
}

impl fmt::Display for Strategy {
    /// The name `from_str` reads back (a strength's name where the strategy is one).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strategy::Random => f.write_str("random"),
            Strategy::Greedy => f.write_str("medium"),
            Strategy::Casual => f.write_str("easy"),
            Strategy::Search(b) if *b == Budget::DEFAULT => f.write_str("hard"),
            Strategy::Search(b) => write!(f, "hard:{}", b.playouts),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Bot {
    strategy: Strategy,
    rng: Rng,
    /// Imagined games played for the last decision (0 when it did not search).
    spent: u32,
}

impl Bot {
    /// A bot playing `strategy` (or a [`Strength`]), its choices drawn from `seed`.
    pub fn new(strategy: impl Into<Strategy>, seed: u64) -> Bot {
        Bot { strategy: strategy.into(), rng: Rng::new(seed), spent: 0 }
    }

    /// How many imagined games the last decision played out (0 unless it searched): what a
    /// time limit left of its playout budget.
    pub fn playouts_spent(&self) -> u32 {
        self.spent
    }

    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The bot's action for the player to act. `None` when the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        self.spent = 0;
        if game.is_over() {
            return None;
        }
        Some(match self.strategy {
            Strategy::Random => self.random(game),
            Strategy::Greedy => self.greedy(game),
            Strategy::Casual => casual(game, &mut self.rng),
            Strategy::Search(budget) => self.search(game, budget),
        })
    }

    fn random(&mut self, game: &Game) -> Action {
        if game.phase() == Phase::PlaceTile {
            let n = game.placement_count();
            let (pos, rotation) = game.nth_placement(self.rng.below(n)).expect("a drawn tile always has a placement");
            return Action::PlaceTile { pos, rotation };
        }
        let actions = game.legal_actions();
        actions[self.rng.below(actions.len())]
    }

    fn greedy(&mut self, game: &Game) -> Action {
        let me = game.to_act().expect("game not over");
        match game.phase() {
            Phase::PlaceTile => {
                let mut best: Vec<Action> = Vec::new();
                let mut best_value = i32::MIN;
                game.for_each_placement(|pos, rotation| {
                    let action = Action::PlaceTile { pos, rotation };
                    let mut after = game.clone();
                    after.apply(&action).expect("legal placement");
                    let value = best_followup(&after, me).1;
                    if value > best_value {
                        best_value = value;
                        best.clear();
                    }
                    if value == best_value {
                        best.push(action);
                    }
                    true
                });
                best[self.rng.below(best.len())]
            }
            Phase::Islander { .. } => best_followup(game, me).0.expect("islander options exist"),
            Phase::MarketShip { .. } => game.legal_actions()[0],
            Phase::Deliver => best_delivery(game).map_or(Action::EndTurn, |ship| Action::Deliver { ship }),
            Phase::Payment { ship } => {
                // Keep the holdings balanced: pay with what we have most of.
                let options = game.payment_options(ship);
                let wares = game.player(me).wares;
                let spread = |p: &Wares| {
                    let left = wares.checked_sub(p).unwrap_or_default();
                    let v: Vec<u16> = Ware::ALL.iter().map(|&w| left.get(w)).collect();
                    v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0)
                };
                let payment = *options.iter().min_by_key(|p| spread(p)).expect("payment options exist");
                Action::Pay { payment }
            }
            Phase::GameOver => unreachable!("checked by choose"),
        }
    }

    /// Flat Monte-Carlo: the candidates are the best few moves by the greedy measure (at the
    /// tile step, tile and islander together); sequential halving spends the playouts on them
    /// in rounds, dropping the worse half after each, so most of the budget goes to telling
    /// the good moves apart. Within a round every candidate is played out on the same deals
    /// (common random numbers), so their differences are not drowned by the luck of the draw.
    fn search(&mut self, game: &Game, budget: Budget) -> Action {
        let me = game.to_act().expect("game not over");
        let mut candidates = candidates(game, me);
        if candidates.len() == 1 {
            return candidates[0].action;
        }
        let started = budget.time.map(|_| Instant::now());
        let out_of_time = || matches!((started, budget.time), (Some(t), Some(limit)) if t.elapsed() >= limit);
        let rounds = usize::BITS - (candidates.len() - 1).leading_zeros();
        let mut alive = candidates.len();
        'rounds: for _ in 0..rounds {
            let per = (budget.playouts as usize / (alive * rounds as usize)).max(1);
            let deals: Vec<u64> = (0..per).map(|_| self.rng.next_u64()).collect();
            for &deal in &deals {
                for c in &mut candidates[..alive] {
                    // Deal first, then move: a move can end the turn, and the tile drawn then
                    // must come from the imagined stack, not the real one.
                    let mut rng = Rng::new(deal);
                    let mut future = game.clone();
                    future.shuffle_hidden(&mut rng);
                    for action in c.moves() {
                        future.apply(&action).expect("a candidate is legal whatever the deal");
                    }
                    c.total += playout(&mut future, me, &mut rng);
                    c.playouts += 1;
                    self.spent += 1;
                }
                if out_of_time() {
                    break 'rounds;
                }
            }
            // Stable: among equal means the greedy order (the candidates' order) decides.
            candidates[..alive].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
            alive = alive.div_ceil(2);
        }
        candidates[..alive].sort_by(|a, b| b.mean().total_cmp(&a.mean()));
        candidates[0].action
    }
}

/// A move the search considers (at the tile step with the islander move it was judged with),
/// and what its playouts scored.
struct Candidate {
    action: Action,
    follow: Option<Action>,
    total: f64,
    playouts: u32,
}

impl Candidate {
    fn moves(&self) -> impl Iterator<Item = Action> {
        std::iter::once(self.action).chain(self.follow)
    }

    fn mean(&self) -> f64 {
        if self.playouts == 0 { f64::NEG_INFINITY } else { self.total / self.playouts as f64 }
    }
}

/// Candidates kept at the tile step: enough to hold the moves that matter (the greedy measure
/// rarely misses by more), few enough that each gets hundreds of playouts.
const TILE_CANDIDATES: usize = 12;
/// Candidates kept at the other steps (islander, delivery, payment, market ship).
const STEP_CANDIDATES: usize = 8;

/// The search's candidates, best first by the greedy measure (margin over the best rival).
/// At the tile step each placement is paired with each islander follow-up, since a spot is
/// worth what the islander there can earn; the search's own islander step then looks again.
fn candidates(game: &Game, me: usize) -> Vec<Candidate> {
    let mut out: Vec<(i32, Candidate)> = Vec::new();
    // The greedy measure reads no hidden order (a turn ended by the move may have drawn the
    // next tile from the true stack, but the measure ignores the drawn tile).
    let mut push = |action: Action, follow: Option<Action>, after: &Game| {
        out.push((margin_value(after, me), Candidate { action, follow, total: 0.0, playouts: 0 }));
    };
    let keep = if game.phase() == Phase::PlaceTile {
        for (pos, rotation) in game.legal_placements() {
            let action = Action::PlaceTile { pos, rotation };
            let mut placed = game.clone();
            placed.apply(&action).expect("legal placement");
            if matches!(placed.phase(), Phase::Islander { .. }) {
                for follow in placed.legal_actions() {
                    let mut after = placed.clone();
                    after.apply(&follow).expect("legal islander action");
                    push(action, Some(follow), &after);
                }
            } else {
                push(action, None, &placed);
            }
        }
        TILE_CANDIDATES
    } else {
        for action in game.legal_actions() {
            let mut after = game.clone();
            after.apply(&action).expect("legal action");
            push(action, None, &after);
        }
        STEP_CANDIDATES
    };
    // Stable, so equal values keep the engine's (deterministic) order.
    out.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
    let mut kept: Vec<Candidate> = Vec::with_capacity(keep);
    for (_, c) in out {
        // A placement paired with several islander moves is still one tile candidate: the
        // best pairing stands for it.
        if kept.len() < keep && !kept.iter().any(|k| k.action == c.action) {
            kept.push(c);
        }
    }
    kept
}

/// Plays `game` to its end with `Casual` players and returns how far `me` finished ahead of
/// the best other player, in wares (a point is 3 wares).
fn playout(game: &mut Game, me: usize, rng: &mut Rng) -> f64 {
    while !game.is_over() {
        let action = casual(game, rng);
        game.apply(&action).expect("casual players choose legal actions");
    }
    let scores = game.final_scores().expect("game over");
    let points = |s: &crate::Score| 3 * s.ship_points as i32 + s.wares as i32;
    let mine = points(&scores[me]);
    let best_other = scores.iter().enumerate().filter(|(p, _)| *p != me).map(|(_, s)| points(s)).max().unwrap_or(0);
    (mine - best_other) as f64
}

/// The easy player, also the search's model of everyone in its imagined games: cheap enough
/// for thousands of games per decision, and not absurd (it collects and it delivers).
fn casual(game: &Game, rng: &mut Rng) -> Action {
    match game.phase() {
        Phase::PlaceTile => {
            let (pos, rotation) = game.nth_placement(rng.below(game.placement_count())).expect("a drawn tile always has a placement");
            Action::PlaceTile { pos, rotation }
        }
        Phase::Islander { pos } => {
            // An islander on a feature that holds something to collect, or a market; skipping
            // one of those would throw away a free gain.
            let mut paying: [u8; 16] = [0; 16];
            let mut n = 0;
            for action in game.legal_actions() {
                if let Action::PlaceIslander { feature } = action {
                    let region = game.region(FeatureRef { pos, feature }).expect("feature of the placed tile");
                    if (region.symbols > 0 || region.kind == FeatureKind::Market) && n < paying.len() {
                        paying[n] = feature;
                        n += 1;
                    }
                }
            }
            if n == 0 { Action::SkipIslander } else { Action::PlaceIslander { feature: paying[rng.below(n)] } }
        }
        Phase::MarketShip { .. } => game.legal_actions()[0],
        Phase::Deliver => best_delivery(game).map_or(Action::EndTurn, |ship| Action::Deliver { ship }),
        Phase::Payment { ship } => {
            let options = game.payment_options(ship);
            Action::Pay { payment: options[rng.below(options.len())] }
        }
        Phase::GameOver => unreachable!("no action after the game"),
    }
}

/// The deliverable ship worth most: its points minus the ware points spent on it.
fn best_delivery(game: &Game) -> Option<ShipId> {
    game.deliverable_ships().into_iter().max_by_key(|&s| {
        let ship = game.ships().get(s);
        3 * ship.value as i32 - ship.demand.ware_count() as i32
    })
}

/// `value` of `me` minus the best `value` among the others: the greedy measure, turned
/// towards winning rather than scoring.
fn margin_value(game: &Game, me: usize) -> i32 {
    let best_other = (0..game.player_count()).filter(|&p| p != me).map(|p| value(game, p)).max().unwrap_or(0);
    value(game, me) - best_other
}

/// The best islander action after the tile is placed, and the value it leads to.
fn best_followup(game: &Game, me: usize) -> (Option<Action>, i32) {
    if !matches!(game.phase(), Phase::Islander { .. }) {
        return (None, value(game, me));
    }
    let mut best = (None, i32::MIN);
    for action in game.legal_actions() {
        if matches!(action, Action::RetrieveIslander { .. }) {
            continue; // retrieving never gains anything immediately
        }
        let mut after = game.clone();
        after.apply(&action).expect("legal islander action");
        let v = value(&after, me);
        if v > best.1 {
            best = (Some(action), v);
        }
    }
    best
}

/// The player's score if the game ended now, in wares (a ship point is worth 3 wares), plus a
/// little for islanders still in hand and for merchants close to closing their market.
fn value(game: &Game, me: usize) -> i32 {
    let projected = &game.projected_scores()[me];
    let mut v = 3 * projected.ship_points as i32 + projected.wares as i32 + game.player(me).supply as i32;
    for isl in game.islanders() {
        if isl.player as usize == me && isl.kind == FeatureKind::Market {
            v += isl.at.pos.surrounding().filter(|p| game.tile_at(*p).is_some()).count() as i32 / 2;
        }
    }
    v
}
