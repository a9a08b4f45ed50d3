//! The game: setup, turn phases, actions, evaluation and the end of the game.
//!
//! `Game::apply` checks an action completely before changing anything, so a rejected action
//! leaves the game exactly as it was. Steps with a single possible choice are taken by the
//! engine itself (see [`Game::apply`]).

use crate::board::{Board, MAX_TILES, PlacedTile, Region};
use crate::geometry::{Pos, Rotation};
use crate::ships::{ShipId, ShipSet};
use crate::tileset::{FeatureKind, TileId, TileKind, TileSet};
use crate::wares::Wares;
use crate::{Action, Event, FeatureRef, RuleError, Ruleset, ScoreReason};
use seeded_rng::Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;
pub const ISLANDERS_PER_PLAYER: u8 = 4;
pub const DISPLAY_SIZE: usize = 4;
pub const COLOURS: [&str; MAX_PLAYERS] = ["red", "blue", "yellow", "green", "black"];

/// When a player may take an islander back from the board (instead of placing one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RetrieveRule {
    /// Only when the player's supply is empty (English rulebook).
    #[default]
    EmptySupply,
    /// In any turn in which the player places no islander (German rulebook, online version).
    AnyTurn,
}

impl RetrieveRule {
    pub fn name(self) -> &'static str {
        match self {
            RetrieveRule::EmptySupply => "empty-supply",
            RetrieveRule::AnyTurn => "any-turn",
        }
    }
}

impl std::str::FromStr for RetrieveRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "empty-supply" => Ok(RetrieveRule::EmptySupply),
            "any-turn" => Ok(RetrieveRule::AnyTurn),
            _ => Err(format!("unknown retrieve rule `{s}` (use empty-supply or any-turn)")),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub retrieve: RetrieveRule,
}

/// Everything that fixes a game before the first action: rules data, options, players and the
/// order of tiles and ships. [`Setup::standard`] derives the orders from a seed.
#[derive(Clone, Debug)]
pub struct Setup {
    pub tiles: Arc<TileSet>,
    pub ships: Arc<ShipSet>,
    pub options: Options,
    pub players: usize,
    /// Draw order, first drawn first. The start tile is not in it.
    pub deck: Vec<TileId>,
    /// Ship order: the first four form the display, the rest the face-down stack in order.
    pub ship_order: Vec<ShipId>,
    pub start_player: usize,
}

impl Setup {
    /// The current ruleset's tiles and ships, shuffled, and the start player drawn, all from
    /// `seed`: [`Setup::standard_in`] with [`Ruleset::CURRENT`].
    pub fn standard(options: Options, players: usize, seed: u64) -> Setup {
        Setup::standard_in(Ruleset::CURRENT, options, players, seed)
    }

    /// `ruleset`'s tiles and ships, shuffled, and the start player drawn, all from `seed`. A
    /// stored game is set up with the ruleset it was started with. Panics if the embedded data
    /// is invalid, which the tests rule out for every released ruleset.
    pub fn standard_in(ruleset: Ruleset, options: Options, players: usize, seed: u64) -> Setup {
        let (tiles, ships) = ruleset.sets().unwrap_or_else(|e| panic!("embedded ruleset {ruleset} is invalid: {e}"));
        Setup::shuffled(tiles, ships, options, players, seed)
    }

    pub fn shuffled(tiles: Arc<TileSet>, ships: Arc<ShipSet>, options: Options, players: usize, seed: u64) -> Setup {
        let mut rng = Rng::new(seed);
        let start_player = rng.below(players.max(1));
        let mut deck = tiles.stack();
        rng.shuffle(&mut deck);
        let mut ship_order: Vec<ShipId> = ships.ids().collect();
        rng.shuffle(&mut ship_order);
        Setup { tiles, ships, options, players, deck, ship_order, start_player }
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The active player places the drawn tile.
    PlaceTile,
    /// The active player places, retrieves or skips an islander; the tile is at `pos`.
    Islander {
        pos: Pos,
    },
    /// A merchant's owner chooses among the equally valuable ships on display.
    MarketShip {
        player: u8,
    },
    /// The active player delivers to a ship or ends the turn.
    Deliver,
    /// The active player chooses how to pay a flexible ship.
    Payment {
        ship: ShipId,
    },
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub wares: Wares,
    pub ships: Vec<ShipId>,
    /// Islanders in the player's supply (not on the board).
    pub supply: u8,
}

/// An islander on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Islander {
    owner: u8,
    feature: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub player: u8,
    pub ship_points: u16,
    pub wares: u16,
    /// 1 point per 3 wares, rounded down.
    pub ware_points: u16,
    pub total: u16,
}

/// An islander on the board and what it would earn if the game ended now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IslanderView {
    pub player: u8,
    pub at: FeatureRef,
    pub kind: FeatureKind,
    /// Wares its owner would receive from this feature if the game ended now (0 for merchants:
    /// incomplete markets give nothing, and for an islander outnumbered on its feature).
    pub would_earn: u16,
    pub region_tiles: u16,
    /// Islanders per player on the same feature.
    pub rivals: [u8; 5],
}

#[derive(Clone, Debug)]
pub struct Game {
    tiles: Arc<TileSet>,
    ships: Arc<ShipSet>,
    options: Options,
    players: Vec<PlayerState>,
    board: Board,
    /// Remaining stack; the next tile is at the end.
    stack: Vec<TileId>,
    discarded: Vec<TileId>,
    /// Remaining face-down ships; the next one is at the end.
    ship_stack: Vec<ShipId>,
    display: Vec<ShipId>,
    islanders: Vec<Islander>,
    active: u8,
    drawn: Option<TileId>,
    phase: Phase,
    turn: u32,
    /// Merchants whose market closed this turn and who still get a ship: (owner, market feature).
    pending_markets: VecDeque<(u8, u16)>,
    boats_used: u16,
    final_scores: Option<Vec<Score>>,
    opening: Vec<Event>,
}

impl Game {
    /// A new game with the standard tiles and ships, shuffled by `seed`.
    pub fn new(options: Options, players: usize, seed: u64) -> Result<Game, RuleError> {
        Game::from_setup(Setup::standard(options, players, seed))
    }

    pub fn from_setup(setup: Setup) -> Result<Game, RuleError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&setup.players) {
            return Err(RuleError::Setup(format!("a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {}", setup.players)));
        }
        if setup.start_player >= setup.players {
            return Err(RuleError::Setup(format!("start player {} does not exist", setup.start_player)));
        }
        if setup.deck.len() + 1 > MAX_TILES {
            return Err(RuleError::Setup(format!("at most {} tiles in the stack", MAX_TILES - 1)));
        }
        if let Some(t) = setup.deck.iter().find(|t| t.0 as usize >= setup.tiles.kinds.len() || **t == setup.tiles.start) {
            return Err(RuleError::Setup(format!("tile #{} cannot be in the stack", t.0)));
        }
        let mut seen = vec![false; setup.ships.ships.len()];
        for s in &setup.ship_order {
            match seen.get_mut(s.0 as usize) {
                Some(b) if !*b => *b = true,
                _ => return Err(RuleError::Setup(format!("ship #{} is unknown or listed twice", s.0))),
            }
        }
        let mut board = Board::new(setup.deck.len() + 1);
        board.place(&setup.tiles, setup.tiles.start, Rotation::ALL[0], Pos::ORIGIN);
        let mut ship_stack = setup.ship_order.clone();
        ship_stack.reverse();
        let display: Vec<ShipId> = (0..DISPLAY_SIZE).map_while(|_| ship_stack.pop()).collect();
        let mut stack = setup.deck.clone();
        stack.reverse();
        let mut game = Game {
            tiles: setup.tiles,
            ships: setup.ships,
            options: setup.options,
            players: vec![PlayerState { wares: Wares::default(), ships: Vec::new(), supply: ISLANDERS_PER_PLAYER }; setup.players],
            board,
            stack,
            discarded: Vec::new(),
            ship_stack,
            display,
            islanders: Vec::new(),
            active: setup.start_player as u8,
            drawn: None,
            phase: Phase::PlaceTile,
            turn: 0,
            pending_markets: VecDeque::new(),
            boats_used: 0,
            final_scores: None,
            opening: Vec::new(),
        };
        let mut events = Vec::new();
        if game.ships_exhausted() {
            game.finish(&mut events);
        } else {
            game.draw(&mut events);
        }
        game.opening = events;
        Ok(game)
    }

    /// Rebuilds a game from its setup and actions; the error names the first rejected action.
    pub fn replay<'a>(setup: Setup, actions: impl IntoIterator<Item = &'a Action>) -> Result<Game, (usize, RuleError)> {
        let mut game = Game::from_setup(setup).map_err(|e| (0, e))?;
        for (i, action) in actions.into_iter().enumerate() {
            game.apply(action).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    // ----- what players can see -------------------------------------------------------------

    pub fn tiles(&self) -> &Arc<TileSet> {
        &self.tiles
    }

    pub fn ships(&self) -> &Arc<ShipSet> {
        &self.ships
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    pub fn player(&self, seat: usize) -> &PlayerState {
        &self.players[seat]
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// The player whose turn it is.
    pub fn active_player(&self) -> usize {
        self.active as usize
    }

    /// The player who must act now: the active player, or a merchant's owner choosing a ship.
    pub fn to_act(&self) -> Option<usize> {
        match self.phase {
            Phase::GameOver => None,
            Phase::MarketShip { player } => Some(player as usize),
            _ => Some(self.active as usize),
        }
    }

    /// The tile drawn for this turn, until it is placed.
    pub fn drawn_tile(&self) -> Option<TileId> {
        match self.phase {
            Phase::PlaceTile => self.drawn,
            _ => None,
        }
    }

    /// Turns started so far (1 during the first turn).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Events of the opening draw (a discarded first tile, the first turn).
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    pub fn placed_tiles(&self) -> &[PlacedTile] {
        &self.board.placed
    }

    pub fn tile_at(&self, pos: Pos) -> Option<&PlacedTile> {
        self.board.at(pos)
    }

    /// The last tile placed (the start tile before the first placement).
    pub fn last_placed(&self) -> &PlacedTile {
        self.board.placed.last().expect("the start tile is always placed")
    }

    pub fn stack_size(&self) -> usize {
        self.stack.len()
    }

    pub fn discarded(&self) -> &[TileId] {
        &self.discarded
    }

    /// Tiles still in the stack, per tile kind, in data order.
    pub fn remaining_tiles(&self) -> Vec<(TileId, usize)> {
        let mut counts = vec![0usize; self.tiles.kinds.len()];
        for t in &self.stack {
            counts[t.0 as usize] += 1;
        }
        counts.into_iter().enumerate().filter(|(_, n)| *n > 0).map(|(i, n)| (TileId(i as u16), n)).collect()
    }

    pub fn display(&self) -> &[ShipId] {
        &self.display
    }

    pub fn ship_stack_size(&self) -> usize {
        self.ship_stack.len()
    }

    pub fn boats_used(&self) -> u16 {
        self.boats_used
    }

    pub fn final_scores(&self) -> Option<&[Score]> {
        self.final_scores.as_deref()
    }

    /// The connected feature that feature `at` belongs to.
    pub fn region(&self, at: FeatureRef) -> Option<Region> {
        let id = self.feature_id(at)?;
        Some(self.board.view(id))
    }

    /// True when features `a` and `b` belong to the same connected feature.
    pub fn same_region(&self, a: FeatureRef, b: FeatureRef) -> bool {
        match (self.feature_id(a), self.feature_id(b)) {
            (Some(a), Some(b)) => self.board.find(a) == self.board.find(b),
            _ => false,
        }
    }

    /// Islanders on the board, in the order they were placed, with what each would earn now.
    pub fn islanders(&self) -> Vec<IslanderView> {
        self.islanders
            .iter()
            .map(|i| {
                let region = self.board.region(i.feature);
                let wins = region.kind != FeatureKind::Market && region.majority().contains(&i.owner);
                IslanderView {
                    player: i.owner,
                    at: self.feature_ref(i.feature),
                    kind: region.kind,
                    would_earn: if wins { region.symbols } else { 0 },
                    region_tiles: self.board.tile_count(i.feature),
                    rivals: region.islanders,
                }
            })
            .collect()
    }

    /// Each player's score as it stands (ships + wares held).
    pub fn scores(&self) -> Vec<Score> {
        self.players.iter().enumerate().map(|(p, s)| self.score_of(p as u8, &s.wares, &s.ships)).collect()
    }

    /// Each player's score if the game ended now: incomplete occupied features are evaluated.
    pub fn projected_scores(&self) -> Vec<Score> {
        if let Some(scores) = &self.final_scores {
            return scores.clone();
        }
        let mut wares: Vec<Wares> = self.players.iter().map(|p| p.wares).collect();
        for root in self.occupied_roots() {
            let region = self.board.region(root);
            if region.complete || region.kind == FeatureKind::Market {
                continue;
            }
            let ware = region.kind.ware().expect("not a market");
            for p in region.majority() {
                *wares[p as usize].get_mut(ware) += region.symbols;
            }
        }
        self.players.iter().enumerate().map(|(p, s)| self.score_of(p as u8, &wares[p], &s.ships)).collect()
    }

    fn score_of(&self, player: u8, wares: &Wares, ships: &[ShipId]) -> Score {
        let ship_points = ships.iter().map(|&s| self.ships.get(s).value).sum();
        let ware_points = wares.total() / 3;
        Score { player, ship_points, wares: wares.total(), ware_points, total: ship_points + ware_points }
    }

    // ----- legal moves ----------------------------------------------------------------------

    /// Every legal spot and rotation for the drawn tile, in reading order (by y, then x, then
    /// rotation). Rotations that look identical on a symmetric tile are listed once.
    pub fn legal_placements(&self) -> Vec<(Pos, Rotation)> {
        let mut out = Vec::new();
        if let Some(tile) = self.drawn_tile() {
            self.board.for_each_placement(self.tiles.get(tile), |pos, rot| {
                out.push((pos, rot));
                true
            });
        }
        out.sort_unstable_by_key(|(p, r)| (p.y, p.x, *r));
        out
    }

    /// The open spots where the drawn tile fits, in reading order, each labelled (A, B, …, Z,
    /// AA, AB, …) with the rotations that fit there. Board images and commands share these labels.
    pub fn placement_spots(&self) -> Vec<PlacementSpot> {
        let mut spots: Vec<PlacementSpot> = Vec::new();
        for (pos, rotation) in self.legal_placements() {
            match spots.last_mut() {
                Some(spot) if spot.pos == pos => spot.rotations.push(rotation),
                _ => spots.push(PlacementSpot { label: spot_label(spots.len()), pos, rotations: vec![rotation] }),
            }
        }
        spots
    }

    /// Calls `f` for each legal placement without allocating, in no particular (but
    /// deterministic) order; `f` returns false to stop.
    pub fn for_each_placement(&self, f: impl FnMut(Pos, Rotation) -> bool) {
        if let Some(tile) = self.drawn_tile() {
            self.board.for_each_placement(self.tiles.get(tile), f);
        }
    }

    /// `legal_placements().len()`, without building the list.
    pub fn placement_count(&self) -> usize {
        self.drawn_tile().map_or(0, |t| self.board.count_placements(self.tiles.get(t)))
    }

    /// The `n`-th placement in `for_each_placement` order (for choosing one at random).
    pub fn nth_placement(&self, n: usize) -> Option<(Pos, Rotation)> {
        let mut k = n;
        let mut found = None;
        self.for_each_placement(|pos, rot| {
            if k == 0 {
                found = Some((pos, rot));
                return false;
            }
            k -= 1;
            true
        });
        found
    }

    pub fn is_legal_placement(&self, pos: Pos, rotation: Rotation) -> bool {
        self.drawn_tile().is_some_and(|t| self.board.fits(self.tiles.get(t), pos, rotation))
    }

    /// The actions the player to act may take now. For the tile placement these are
    /// `PlaceTile` actions (see [`Game::legal_placements`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::PlaceTile => self.legal_placements().into_iter().map(|(pos, rotation)| Action::PlaceTile { pos, rotation }).collect(),
            Phase::Islander { .. } => self.islander_actions(),
            Phase::MarketShip { .. } => self.market_choices().into_iter().map(|ship| Action::ChooseShip { ship }).collect(),
            Phase::Deliver => {
                let mut v: Vec<Action> = self.deliverable_ships().into_iter().map(|ship| Action::Deliver { ship }).collect();
                v.push(Action::EndTurn);
                v
            }
            Phase::Payment { ship } => self.payment_options(ship).into_iter().map(|payment| Action::Pay { payment }).collect(),
            Phase::GameOver => Vec::new(),
        }
    }

    fn islander_actions(&self) -> Vec<Action> {
        let Phase::Islander { pos } = self.phase else { return Vec::new() };
        let mut out = Vec::new();
        let player = &self.players[self.active as usize];
        let tile = self.board.at(pos).expect("tile just placed");
        if player.supply > 0 {
            for (i, _) in self.tiles.get(tile.tile).features.iter().enumerate() {
                if !self.board.region(tile.first_feature + i as u16).occupied() {
                    out.push(Action::PlaceIslander { feature: i as u8 });
                }
            }
        }
        if self.may_retrieve() {
            for isl in self.islanders.iter().filter(|i| i.owner == self.active) {
                let at = self.feature_ref(isl.feature);
                out.push(Action::RetrieveIslander { pos: at.pos, feature: at.feature });
            }
        }
        out.push(Action::SkipIslander);
        out
    }

    /// Whether the islander step offers more than skipping (same rules as `islander_actions`).
    fn has_islander_choice(&self, pos: Pos) -> bool {
        let tile = self.board.at(pos).expect("tile just placed");
        let features = self.tiles.get(tile.tile).features.len() as u16;
        (self.players[self.active as usize].supply > 0 && (0..features).any(|i| !self.board.region(tile.first_feature + i).occupied()))
            || (self.may_retrieve() && self.islanders.iter().any(|i| i.owner == self.active))
    }

    fn can_deliver(&self) -> bool {
        let wares = self.players[self.active as usize].wares;
        self.display.iter().any(|&s| self.ships.get(s).demand.can_pay(&wares))
    }

    fn may_retrieve(&self) -> bool {
        match self.options.retrieve {
            RetrieveRule::EmptySupply => self.players[self.active as usize].supply == 0,
            RetrieveRule::AnyTurn => true,
        }
    }

    /// Ships on display that the active player can pay now.
    pub fn deliverable_ships(&self) -> Vec<ShipId> {
        let wares = self.players[self.active as usize].wares;
        self.display.iter().copied().filter(|&s| self.ships.get(s).demand.can_pay(&wares)).collect()
    }

    /// Every way the active player can pay `ship` (empty when they can't).
    pub fn payment_options(&self, ship: ShipId) -> Vec<Wares> {
        self.ships.get(ship).demand.payments(&self.players[self.active as usize].wares)
    }

    /// The ships a merchant's owner may choose from: the most valuable ones on display, one per
    /// distinct demand.
    pub fn market_choices(&self) -> Vec<ShipId> {
        let Some(max) = self.display.iter().map(|&s| self.ships.get(s).value).max() else { return Vec::new() };
        let mut out: Vec<ShipId> = Vec::new();
        for &s in &self.display {
            let ship = self.ships.get(s);
            if ship.value == max && out.iter().all(|&o| self.ships.get(o).demand != ship.demand) {
                out.push(s);
            }
        }
        out
    }

    // ----- applying actions -----------------------------------------------------------------

    /// Applies the action of the player to act ([`Game::to_act`]). On error nothing changed.
    ///
    /// Steps where only one choice exists are taken by the engine and reported in the events:
    /// skipping the islander step when no islander can be placed or retrieved, paying a ship
    /// that can be paid one way only, taking the only most valuable ship for a market, and
    /// ending the turn when no ship can be paid.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// [`Game::apply`], appending the events to `events` (simulations reuse one buffer).
    pub fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        match (self.phase, *action) {
            (Phase::GameOver, _) => return Err(RuleError::GameOver),
            (Phase::PlaceTile, Action::PlaceTile { pos, rotation }) => self.place_tile(pos, rotation, events)?,
            (Phase::Islander { pos }, Action::PlaceIslander { feature }) => self.place_islander(pos, feature, events)?,
            (Phase::Islander { .. }, Action::RetrieveIslander { pos, feature }) => {
                self.retrieve_islander(FeatureRef { pos, feature }, events)?
            }
            (Phase::Islander { .. }, Action::SkipIslander) => self.evaluate_turn(events),
            (Phase::MarketShip { player }, Action::ChooseShip { ship }) => {
                if !self.market_choices().contains(&ship) {
                    return Err(RuleError::NotAMarketChoice);
                }
                let (_, feature) = self.pending_markets.pop_front().expect("a market is pending");
                self.take_for_market(player, feature, ship, events);
                self.process_markets(events);
            }
            (Phase::Deliver, Action::Deliver { ship }) => {
                if !self.display.contains(&ship) {
                    return Err(RuleError::ShipNotOnDisplay);
                }
                let options = self.payment_options(ship);
                match options.as_slice() {
                    [] => return Err(RuleError::CannotPay { demand: self.ships.get(ship).demand.to_string() }),
                    [only] => self.deliver(ship, *only, events),
                    _ => self.phase = Phase::Payment { ship },
                }
            }
            (Phase::Payment { ship }, Action::Pay { payment }) => {
                if !self.payment_options(ship).contains(&payment) {
                    return Err(RuleError::PaymentNotAccepted { demand: self.ships.get(ship).demand.to_string() });
                }
                self.deliver(ship, payment, events);
            }
            (Phase::Deliver, Action::EndTurn) => self.end_turn(events),
            (phase, _) => return Err(RuleError::WrongPhase { expected: phase_expectation(phase) }),
        }
        self.take_forced_steps(events);
        Ok(())
    }

    fn take_forced_steps(&mut self, events: &mut Vec<Event>) {
        loop {
            match self.phase {
                Phase::Islander { pos } if !self.has_islander_choice(pos) => self.evaluate_turn(events),
                Phase::Deliver if !self.can_deliver() => self.end_turn(events),
                _ => return,
            }
        }
    }

    fn place_tile(&mut self, pos: Pos, rotation: Rotation, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let tile = self.drawn.expect("a tile is drawn while placing");
        let kind = self.tiles.get(tile);
        if !self.board.fits(kind, pos, rotation) {
            return Err(self.placement_error(kind, pos, rotation));
        }
        self.board.place(&self.tiles, tile, rotation, pos);
        self.drawn = None;
        events.push(Event::TilePlaced { player: self.active, tile, pos, rotation });
        self.phase = Phase::Islander { pos };
        Ok(())
    }

    fn placement_error(&self, kind: &TileKind, pos: Pos, rotation: Rotation) -> RuleError {
        use crate::geometry::Dir;
        if self.board.at(pos).is_some() {
            return RuleError::IllegalPlacement { reason: format!("{pos} already holds a tile") };
        }
        let neighbours: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| self.board.at(pos.step(d)).is_some()).collect();
        if neighbours.is_empty() {
            return RuleError::IllegalPlacement { reason: format!("{pos} does not touch any tile by an edge") };
        }
        for d in neighbours {
            let other = self.board.at(pos.step(d)).expect("neighbour");
            let theirs = self.tiles.get(other.tile).edge(other.rotation, d.opposite());
            let mine = kind.edge(rotation, d);
            if mine != theirs {
                return RuleError::IllegalPlacement {
                    reason: format!(
                        "at {pos} turned {}°, its {} edge ({}) would touch {} ({})",
                        rotation.degrees(),
                        d.name(),
                        edge_name(mine),
                        edge_name(theirs),
                        other.pos
                    ),
                };
            }
        }
        RuleError::IllegalPlacement { reason: format!("the tile does not fit at {pos}") }
    }

    fn place_islander(&mut self, pos: Pos, feature: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let tile = *self.board.at(pos).expect("tile just placed");
        let kind = self.tiles.get(tile.tile);
        let Some(f) = kind.features.get(feature as usize) else {
            return Err(RuleError::NoSuchFeature { feature, count: kind.features.len() });
        };
        if self.players[self.active as usize].supply == 0 {
            return Err(RuleError::NoIslanderInSupply);
        }
        let id = tile.first_feature + feature as u16;
        if self.board.region(id).occupied() {
            return Err(RuleError::FeatureOccupied { kind: f.kind });
        }
        let kind_of = f.kind;
        self.players[self.active as usize].supply -= 1;
        self.board.region_mut(id).islanders[self.active as usize] += 1;
        self.islanders.push(Islander { owner: self.active, feature: id });
        events.push(Event::IslanderPlaced { player: self.active, at: FeatureRef { pos, feature }, kind: kind_of });
        self.evaluate_turn(events);
        Ok(())
    }

    fn retrieve_islander(&mut self, at: FeatureRef, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.may_retrieve() {
            return Err(RuleError::RetrieveNotAllowed { rule: self.options.retrieve });
        }
        let id = self.feature_id(at);
        let Some(index) = self.islanders.iter().position(|i| Some(i.feature) == id && i.owner == self.active) else {
            return Err(RuleError::NoIslanderThere { at });
        };
        let isl = self.islanders.remove(index);
        self.board.region_mut(isl.feature).islanders[isl.owner as usize] -= 1;
        self.players[isl.owner as usize].supply += 1;
        let kind = self.board.region(isl.feature).kind;
        events.push(Event::IslanderRetrieved { player: isl.owner, at, kind });
        self.evaluate_turn(events);
        Ok(())
    }

    /// Step 3 of a turn: completed features, the fishing boat, then markets.
    fn evaluate_turn(&mut self, events: &mut Vec<Event>) {
        let tile = *self.board.placed.last().expect("a tile was placed");
        let tiles = Arc::clone(&self.tiles);
        let kind = tiles.get(tile.tile);
        let mut completed: Vec<u16> = Vec::new();
        for (i, f) in kind.features.iter().enumerate() {
            if f.kind == FeatureKind::Market {
                continue;
            }
            let id = tile.first_feature + i as u16;
            let root = self.board.find(id);
            let region = self.board.region_mut(id);
            if region.open == 0 && !region.complete {
                region.complete = true;
                let occupied = region.occupied();
                let tiles = self.board.tile_count(id);
                completed.push(root);
                events.push(Event::FeatureCompleted { kind: f.kind, at: FeatureRef { pos: tile.pos, feature: i as u8 }, tiles });
                if occupied {
                    self.score_region(id, ScoreReason::Completed, events);
                    self.return_islanders(root, events);
                }
            }
        }

        if let Some(boat) = kind.boat_feature() {
            let id = tile.first_feature + boat as u16;
            let root = self.board.find(id);
            let region = *self.board.region(id);
            if !completed.contains(&root) && region.occupied() && region.symbols > 0 {
                self.score_region(id, ScoreReason::FishingBoat, events);
                self.cover_fish(root, events);
                self.return_islanders(root, events);
            }
        }

        let mut markets: Vec<(u8, u16)> = Vec::new();
        for id in self.board.close_markets_around(tile.pos) {
            self.board.region_mut(id).complete = true;
            events.push(Event::FeatureCompleted { kind: FeatureKind::Market, at: self.feature_ref(id), tiles: 9 });
            if let Some(isl) = self.islanders.iter().find(|i| i.feature == id) {
                markets.push((isl.owner, id));
            }
        }
        // Several markets at once: clockwise from the active player.
        let n = self.players.len() as u8;
        markets.sort_by_key(|&(owner, id)| ((owner + n - self.active) % n, id));
        self.pending_markets = markets.into();
        self.process_markets(events);
    }

    fn process_markets(&mut self, events: &mut Vec<Event>) {
        while let Some(&(owner, feature)) = self.pending_markets.front() {
            let choices = self.market_choices();
            match choices.as_slice() {
                [] => {
                    self.pending_markets.pop_front();
                    events.push(Event::MarketFoundNoShip { player: owner, at: self.feature_ref(feature) });
                    self.return_islanders(feature, events);
                }
                [only] => {
                    let ship = *only;
                    self.pending_markets.pop_front();
                    self.take_for_market(owner, feature, ship, events);
                }
                _ => {
                    self.phase = Phase::MarketShip { player: owner };
                    return;
                }
            }
        }
        self.phase = Phase::Deliver;
    }

    fn take_for_market(&mut self, owner: u8, feature: u16, ship: ShipId, events: &mut Vec<Event>) {
        let at = self.feature_ref(feature);
        self.take_ship(owner, ship);
        events.push(Event::ShipTakenByMarket { player: owner, ship, at });
        self.refill_display(events);
        self.return_islanders(feature, events);
    }

    fn score_region(&mut self, id: u16, reason: ScoreReason, events: &mut Vec<Event>) {
        let region = *self.board.region(id);
        let ware = region.kind.ware().expect("markets give ships, not wares");
        let winners = region.majority();
        for &p in &winners {
            *self.players[p as usize].wares.get_mut(ware) += region.symbols;
        }
        events.push(Event::FeatureScored {
            kind: region.kind,
            reason,
            at: self.feature_ref(id),
            tiles: self.board.tile_count(id),
            ware,
            amount: region.symbols,
            winners,
        });
    }

    /// Covers one group of 2 fish in the region (or a single fish if there is none): on the new
    /// tile when it has one, otherwise on the earliest placed tile that has one.
    fn cover_fish(&mut self, root: u16, events: &mut Vec<Event>) {
        let newest = self.board.placed.len() - 1;
        for size in [2u8, 1] {
            for index in std::iter::once(newest).chain(0..newest) {
                let tile = self.board.placed[index];
                let kind = self.tiles.get(tile.tile);
                let found = kind.fish_groups().find(|&(f, group, n)| {
                    n == size && tile.covered & (1 << group) == 0 && self.board.find(tile.first_feature + f as u16) == root
                });
                if let Some((f, group, n)) = found {
                    self.board.placed[index].covered |= 1 << group;
                    self.board.region_mut(root).symbols -= n as u16;
                    self.boats_used += 1;
                    events.push(Event::FishCovered { at: FeatureRef { pos: tile.pos, feature: f }, group, fish: n });
                    return;
                }
            }
        }
    }

    fn return_islanders(&mut self, root: u16, events: &mut Vec<Event>) {
        let root = self.board.find(root);
        let mut i = 0;
        while i < self.islanders.len() {
            let isl = self.islanders[i];
            if self.board.find(isl.feature) == root {
                self.islanders.remove(i);
                self.players[isl.owner as usize].supply += 1;
                let region = self.board.region_mut(root);
                region.islanders[isl.owner as usize] -= 1;
                let kind = region.kind;
                events.push(Event::IslanderReturned { player: isl.owner, at: self.feature_ref(isl.feature), kind });
            } else {
                i += 1;
            }
        }
    }

    fn take_ship(&mut self, player: u8, ship: ShipId) {
        self.display.retain(|&s| s != ship);
        self.players[player as usize].ships.push(ship);
    }

    fn refill_display(&mut self, events: &mut Vec<Event>) {
        while self.display.len() < DISPLAY_SIZE {
            let Some(ship) = self.ship_stack.pop() else { break };
            self.display.push(ship);
            events.push(Event::ShipRevealed { ship });
        }
    }

    fn deliver(&mut self, ship: ShipId, payment: Wares, events: &mut Vec<Event>) {
        let player = self.active;
        let wares = &mut self.players[player as usize].wares;
        *wares = wares.checked_sub(&payment).expect("payment was checked");
        self.take_ship(player, ship);
        events.push(Event::ShipDelivered { player, ship, payment });
        self.refill_display(events);
        self.end_turn(events);
    }

    fn ships_exhausted(&self) -> bool {
        self.display.is_empty() && self.ship_stack.is_empty()
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        if self.ships_exhausted() || self.stack.is_empty() {
            self.finish(events);
        } else {
            self.active = (self.active + 1) % self.players.len() as u8;
            self.draw(events);
        }
    }

    /// Draws the next tile; an unplaceable one is removed from the game and the next drawn.
    fn draw(&mut self, events: &mut Vec<Event>) {
        while let Some(tile) = self.stack.pop() {
            if self.board.can_place(self.tiles.get(tile)) {
                self.drawn = Some(tile);
                self.turn += 1;
                self.phase = Phase::PlaceTile;
                events.push(Event::TurnStarted { player: self.active, tile, turn: self.turn });
                return;
            }
            self.discarded.push(tile);
            events.push(Event::TileDiscarded { tile });
        }
        self.finish(events);
    }

    /// The end of the game: occupied incomplete bridges, islands and seas are evaluated as if
    /// complete; incomplete markets give nothing (their merchants stay where they are).
    fn finish(&mut self, events: &mut Vec<Event>) {
        self.drawn = None;
        for root in self.occupied_roots() {
            let region = *self.board.region(root);
            if region.complete || region.kind == FeatureKind::Market {
                continue;
            }
            self.score_region(root, ScoreReason::GameEnd, events);
            self.return_islanders(root, events);
        }
        let scores = self.scores();
        let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
        let winners = scores.iter().filter(|s| s.total == best).map(|s| s.player).collect();
        self.final_scores = Some(scores.clone());
        self.phase = Phase::GameOver;
        events.push(Event::GameOver { scores, winners });
    }

    /// Roots of occupied regions, in a stable order.
    fn occupied_roots(&self) -> Vec<u16> {
        let mut roots: Vec<u16> = self.islanders.iter().map(|i| self.board.find(i.feature)).collect();
        roots.sort_unstable();
        roots.dedup();
        roots
    }

    fn feature_ref(&self, id: u16) -> FeatureRef {
        let (tile, feature) = self.board.locate(id);
        FeatureRef { pos: self.board.placed[tile].pos, feature }
    }

    fn feature_id(&self, at: FeatureRef) -> Option<u16> {
        let tile = self.board.at(at.pos)?;
        ((at.feature as usize) < self.tiles.get(tile.tile).features.len()).then(|| tile.first_feature + at.feature as u16)
    }
}

/// An open spot for the drawn tile: its label, where it is, and the rotations that fit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacementSpot {
    pub label: String,
    pub pos: Pos,
    pub rotations: Vec<Rotation>,
}

/// Spreadsheet-style labels: 0 → A, 25 → Z, 26 → AA, 27 → AB, …
pub fn spot_label(index: usize) -> String {
    let mut n = index + 1;
    let mut label = Vec::new();
    while n > 0 {
        n -= 1;
        label.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    label.reverse();
    String::from_utf8(label).expect("ASCII")
}

fn edge_name(kind: crate::tileset::EdgeKind) -> &'static str {
    match kind {
        crate::tileset::EdgeKind::Sea => "sea",
        crate::tileset::EdgeKind::Island => "island",
        crate::tileset::EdgeKind::Bridge => "bridge",
    }
}

fn phase_expectation(phase: Phase) -> &'static str {
    match phase {
        Phase::PlaceTile => "place the drawn tile",
        Phase::Islander { .. } => "place an islander, retrieve one, or skip",
        Phase::MarketShip { .. } => "choose the market's ship",
        Phase::Deliver => "deliver to a ship or end the turn",
        Phase::Payment { .. } => "choose how to pay the ship",
        Phase::GameOver => "nothing: the game is over",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spot_labels_run_like_spreadsheet_columns() {
        let labels: Vec<String> = [0, 1, 25, 26, 27, 51, 52].iter().map(|&i| spot_label(i)).collect();
        assert_eq!(labels, ["A", "B", "Z", "AA", "AB", "AZ", "BA"]);
    }

    #[test]
    fn placement_spots_group_rotations_by_position_in_reading_order() {
        let game = Game::new(Options::default(), 2, 3).unwrap();
        let spots = game.placement_spots();
        let flat: Vec<(Pos, Rotation)> = spots.iter().flat_map(|s| s.rotations.iter().map(move |&r| (s.pos, r))).collect();
        assert_eq!(flat, game.legal_placements());
        assert!(spots.windows(2).all(|w| (w[0].pos.y, w[0].pos.x) < (w[1].pos.y, w[1].pos.x)));
        assert_eq!(spots[0].label, "A");
    }
}
