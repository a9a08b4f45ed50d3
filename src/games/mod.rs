//! The games the bot hosts, one room (folder) each: everything that names a game lives in its
//! room; the lobby, seats, the action log, scheduling and routing name no game.
//!
//! There is one game so far, so there is no shared trait yet: it is extracted when the second
//! game shows what the two really have in common.

pub mod southseas;

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
