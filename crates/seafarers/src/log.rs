//! A whole game as JSON, for testing and for players' curiosity: how it was set up, then every
//! action with its seat, its stored record and the events it caused
//! (`southseas seafarers script FILE --log OUT` and `sim --log OUT`).
//!
//! This is an export, not a stored format: games are stored as [`crate::record`]s and replayed.

use crate::game::{Game, Setup};
use crate::ruleset::Ruleset;
use crate::{Action, Event, record};
use serde::Serialize;
use std::sync::Arc;

/// One applied action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Logged {
    pub seat: u8,
    /// The stored record (`1:0 settle 0,1,N`).
    pub record: String,
    /// The script text (`settle 0,1,N`).
    pub action: String,
    pub events: Vec<Event>,
}

/// A game from its setup to now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLog {
    /// The ruleset the scenario comes from (`seafarers-1`), or None for a script's own map.
    pub ruleset: Option<&'static str>,
    pub scenario: String,
    pub players: usize,
    pub seed: u64,
    pub start_player: usize,
    pub pirate: bool,
    /// Events before the first action.
    pub opening: Vec<Event>,
    pub actions: Vec<Logged>,
    /// Set by [`GameLog::finish`]: the winner, if the game is over, and everyone's points.
    pub winner: Option<usize>,
    pub points: Vec<u8>,
}

impl GameLog {
    /// An empty log of the game just set up from `setup`.
    pub fn new(setup: &Setup, game: &Game) -> GameLog {
        let id = setup.scenario.id.clone();
        let embedded = Ruleset::CURRENT.scenario(&id).is_ok_and(|s| Arc::ptr_eq(&s, &setup.scenario));
        GameLog {
            ruleset: embedded.then(|| Ruleset::CURRENT.name()),
            scenario: id,
            players: setup.players,
            seed: setup.seed,
            start_player: setup.start_player,
            pirate: setup.options.pirate,
            opening: game.opening_events().to_vec(),
            actions: Vec::new(),
            winner: None,
            points: Vec::new(),
        }
    }

    /// Records `seat`'s applied `action` and its events.
    pub fn push(&mut self, seat: usize, action: &Action, events: &[Event]) {
        let seat = seat as u8;
        self.actions.push(Logged { seat, record: record::encode(seat, action), action: action.to_string(), events: events.to_vec() });
    }

    /// Records how the game stands at the end of the log.
    pub fn finish(&mut self, game: &Game) {
        self.winner = game.winner();
        self.points = game.players().iter().map(|p| p.points).collect();
    }
}
