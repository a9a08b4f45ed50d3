//! Rules engine for **Catan: Seafarers** and its scenarios: pure, deterministic, and fast.
//!
//! The engine knows nothing of Discord, SQL, images or async. A game is fixed by its
//! [`Setup`] (scenario, resolved map, development deck, seed) and the list of
//! `(player, action)` pairs applied to it, so replaying that list rebuilds the identical state.
//!
//! ```
//! use seafarers_engine::{Action, Game, Options, Phase, scenarios};
//!
//! let scenario = scenarios::by_id("new-shores").unwrap();
//! let mut game = Game::new(scenario, 3, 42, Options::default()).unwrap();
//! assert_eq!(game.phase(), Phase::SetupSettlement);
//! let me = game.to_act()[0];
//! // Every legal action of that player, like a chess move generator.
//! let first = game.legal_actions(me)[0];
//! let events = game.apply(me, &first).unwrap();
//! assert!(!events.is_empty());
//! // Bad input changes nothing and says why.
//! assert!(game.apply(me, &Action::Roll).is_err());
//! ```

mod action;
mod ai;
mod cards;
mod error;
mod game;
pub mod geometry;
pub mod log;
pub mod map;
pub mod record;
mod refusal;
mod route;
mod ruleset;
pub mod scenarios;
pub mod script;
pub mod sim;
pub mod versus;
mod view;

pub use action::{Action, Event, RuleError};
pub use ai::{Bot, Budget, Strategy};
pub use cards::{DevCard, DevCards, Harbour, Resource, Resources, Terrain};
pub use error::DataError;
pub use game::{
    Answer, BANK_PER_RESOURCE, Building, CITIES, COLOURS, Game, MAX_PLAYERS, MIN_PLAYERS, MIN_ROUTE, Offer, Options, Phase, PlayerState,
    ROADS, Route, RouteKind, SETTLEMENTS, SHIPS, Setup, Stats, pip,
};
pub use geometry::{Corner, Edge, Hex, Side, Vertex};
pub use map::{HomeRule, Map, ScenarioMap};
pub use refusal::{Problem, Reason};
pub use ruleset::Ruleset;
pub use seeded_rng::Rng;
pub use view::{PlayerView, View};
