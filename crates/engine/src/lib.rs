//! Rules engine for **Carcassonne: South Seas**: pure, deterministic, and fast.
//!
//! The engine knows nothing of Discord, SQL, images or async. A game is fixed by its options,
//! its seed (or an explicit [`Setup`]) and the list of actions applied to it, so replaying
//! that list rebuilds the identical state.
//!
//! ```
//! use southseas_engine::{Action, Game, Options, Phase};
//!
//! let mut game = Game::new(Options::default(), 3, 42).unwrap();
//! assert_eq!(game.phase(), Phase::PlaceTile);
//! // Every legal spot and rotation for the drawn tile, like a chess move generator.
//! let (pos, rotation) = game.legal_placements()[0];
//! let events = game.apply(&Action::PlaceTile { pos, rotation }).unwrap();
//! assert!(!events.is_empty());
//! // Bad input changes nothing and says why.
//! assert!(game.apply(&Action::EndTurn).is_err());
//! ```

mod action;
mod ai;
mod board;
mod error;
mod game;
mod geometry;
pub mod record;
mod ruleset;
pub mod scenario;
mod ships;
pub mod standard;
mod tileset;
mod wares;

pub use action::{Action, Event, FeatureRef, Misplaced, RuleError, ScoreReason};
pub use ai::{Bot, Budget, Strategy, Strength};
pub use board::{PlacedTile, Region};
pub use error::DataError;
pub use game::{
    COLOURS, DISPLAY_SIZE, Game, ISLANDERS_PER_PLAYER, IslanderView, MAX_PLAYERS, MIN_PLAYERS, Options, Phase, PlacementSpot, PlayerState,
    RetrieveRule, Score, Setup, spot_label,
};
pub use geometry::{Dir, Port, Pos, Rotation};
pub use ruleset::Ruleset;
pub use seeded_rng::Rng;
pub use ships::{Demand, Ship, ShipId, ShipSet};
pub use tileset::{EdgeKind, FeatureKind, TileFeature, TileId, TileKind, TileSet};
pub use wares::{Ware, Wares};
