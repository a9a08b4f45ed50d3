//! The games the bot hosts, one room (folder) each: everything that names a game lives in its
//! room; the lobby, seats, the action log, scheduling and routing name no game.
//!
//! There is one game so far, so there is no shared trait yet: it is extracted when the second
//! game shows what the two really have in common. Until then, where a common path of the
//! service needs the game (replaying its log, the lobby's rules line, a status, pictures), it
//! goes through the `match`es below, one arm per game (as shakmaty's `VariantPosition`).

pub mod southseas;

use crate::service::{Image, Picture, Result, Table};
use crate::store::{ActionRecord, GameRecord};

/// Which game a table plays. Closed: a new game is a new variant, and every `match` on this
/// enum says what it does for that game. Catan: Seafarers (`crates/seafarers`) joins as the
/// second variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Carcassonne: South Seas.
    SouthSeas,
}

impl GameKind {
    /// Every game, in the order they are offered.
    pub const ALL: [GameKind; 1] = [GameKind::SouthSeas];

    /// The name stored for the game (never changes once stored).
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::SouthSeas => "southseas",
        }
    }

    /// The game of a stored name, or None for a name this version does not know.
    pub fn parse(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// The game's name for players.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::SouthSeas => "Carcassonne: South Seas",
        }
    }
}

/// How well a computer player plays: the three strengths players choose from for every game.
/// What each means is the game's own (South Seas: `southseas_engine::ai::Strength`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strength {
    /// Plays at random, but takes what plainly pays.
    Easy,
    /// Takes the best move it sees now.
    #[default]
    Medium,
    /// Looks ahead: plays many imagined games before each move.
    Hard,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Medium, Strength::Hard];

    /// The name stored and shown (never changes once stored).
    pub fn as_str(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Medium => "medium",
            Strength::Hard => "hard",
        }
    }
}

impl std::fmt::Display for Strength {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Strength {
    type Err = String;
    fn from_str(s: &str) -> Result<Strength, String> {
        let s = s.trim().to_ascii_lowercase();
        Strength::ALL.into_iter().find(|k| k.as_str() == s).ok_or_else(|| format!("unknown strength `{s}` (easy, medium or hard)"))
    }
}

/// A game's state at a version, as its engine rebuilt it: one variant per game, like
/// [`GameKind`]. The service caches it and hands it back to the game's room.
pub(crate) enum State {
    SouthSeas(southseas::turns::Played),
}

impl State {
    /// Rebuilds a game from its stored record, seats and log, by its kind's engine.
    pub(crate) fn replay(table: &Table, log: Vec<ActionRecord>) -> Result<State> {
        match table.record.kind {
            GameKind::SouthSeas => southseas::turns::replay(table, log).map(State::SouthSeas),
        }
    }

    /// A game's first state, when its lobby starts (seats drawn, `version` its new version),
    /// and the message that announces it.
    pub(crate) fn begin(table: &Table, version: i64) -> Result<(State, crate::service::Reply)> {
        match table.record.kind {
            GameKind::SouthSeas => southseas::turns::begin(table, version).map(|(played, reply)| (State::SouthSeas(played), reply)),
        }
    }

    /// What happened since a stale click's version, and what the game waits for now.
    pub(crate) fn moved_on(&self, table: &Table) -> String {
        match self {
            State::SouthSeas(played) => southseas::replies::moved_on(played, table),
        }
    }

    /// `/status` of a started game.
    pub(crate) fn status(&self, table: &Table) -> String {
        match self {
            State::SouthSeas(played) => southseas::replies::status(played, table),
        }
    }

    /// The text above `/board`'s picture.
    pub(crate) fn board_caption(&self, table: &Table) -> String {
        match self {
            State::SouthSeas(played) => southseas::replies::board_caption(played, table),
        }
    }

    /// The seat the game waits for, if any.
    pub(crate) fn to_act(&self) -> Option<usize> {
        match self {
            State::SouthSeas(played) => played.game.to_act(),
        }
    }

    /// What the player it waits for must do, in a few words ("place tile K2 (`/place`)").
    pub(crate) fn task(&self) -> String {
        match self {
            State::SouthSeas(played) => southseas::text::task(&played.game),
        }
    }

    /// The moves the computer makes now under `plan` (none when a person must act): chosen off
    /// the async workers, since a strong computer player thinks for up to about a second.
    pub(crate) async fn computer_moves(&self, table: &Table, plan: &ComputerPlan) -> Vec<(usize, Move)> {
        match self {
            State::SouthSeas(played) => {
                let (game, seats, plan) = (played.game.clone(), table.seats.clone(), plan.clone());
                let (seed, logged) = (table.record.seed, played.log.len());
                let moves = tokio::task::spawn_blocking(move || southseas::computer::moves(&game, &seats, &plan, seed, logged)).await;
                moves
                    .unwrap_or_else(|e| {
                        tracing::error!("a computer player failed: {e}");
                        Vec::new()
                    })
                    .into_iter()
                    .map(|(seat, action)| (seat, Move::SouthSeas(action)))
                    .collect()
            }
        }
    }

    /// What the last `n` steps did, oldest first (`/history`).
    pub(crate) fn history(&self, table: &Table, n: usize) -> Result<Vec<String>> {
        match self {
            State::SouthSeas(played) => southseas::replies::history(played, table, n),
        }
    }
}

/// Whose turns the computer plays besides its own seats and people away.
#[derive(Clone, Debug, Default)]
pub(crate) struct ComputerPlan {
    /// The seat whose time ran out: the computer plays its current turn.
    pub(crate) timed_out: Option<usize>,
    /// ... and every later one (the game replaces a player who runs out of time).
    pub(crate) replace: bool,
    /// Now (unix ms): who is still away.
    pub(crate) now_ms: i64,
}

/// A move a computer player chose, in its game's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    SouthSeas(southseas_engine::Action),
}

/// The lobby's line about the game's options.
pub(crate) fn lobby_rules(record: &GameRecord) -> String {
    match record.kind {
        GameKind::SouthSeas => southseas::replies::lobby_rules(record),
    }
}

/// Each game's picture maker, where one is set (tests and tools often draw none).
#[derive(Clone, Default)]
pub(crate) struct Pictures {
    pub(crate) southseas: Option<southseas::ImageMaker>,
}

/// Drawing a reply's pictures: CPU work, run off the async workers.
pub(crate) type Drawing = Box<dyn FnOnce() -> Vec<Image> + Send>;

impl Pictures {
    /// No game draws anything.
    pub(crate) fn is_empty(&self) -> bool {
        self.southseas.is_none()
    }

    /// The drawing of `picture` for a game's state, if its game has a picture maker.
    pub(crate) fn drawing(&self, state: &State, table: &Table, picture: Picture) -> Option<Drawing> {
        match state {
            State::SouthSeas(played) => self.southseas.as_ref().map(|make| southseas::drawing(make, played, table, picture)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_name_reads_back_as_its_game() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(GameKind::SouthSeas.as_str(), "southseas");
        assert_eq!(GameKind::parse("SouthSeas"), None);
        assert_eq!(GameKind::parse(""), None);
    }
}
