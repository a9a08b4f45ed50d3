//! The games the bot hosts and how well its computer players play: names every layer shares,
//! from the store up. A leaf: it imports nothing of the crate.

/// Which game a table plays. Closed: a new game is a new variant, and every `match` on this
/// enum says what it does for that game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Carcassonne: South Seas.
    SouthSeas,
    /// Catan: Seafarers (`crates/seafarers`).
    Seafarers,
}

impl GameKind {
    /// Every game, in the order they are offered.
    pub const ALL: [GameKind; 2] = [GameKind::SouthSeas, GameKind::Seafarers];

    /// The game `/new` opens and `/rules` explains when nothing says which: the first offered.
    pub const DEFAULT: GameKind = GameKind::ALL[0];

    /// The name stored for the game (never changes once stored).
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::SouthSeas => "southseas",
            GameKind::Seafarers => "seafarers",
        }
    }

    /// The id of the game's title in the message files ("game-southseas").
    pub fn title_key(self) -> String {
        format!("game-{}", self.as_str())
    }

    /// The game of a stored name, or None for a name this version does not know.
    pub fn parse(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// The strengths of the game's computer players.
    pub fn strengths(self) -> &'static [Strength] {
        match self {
            GameKind::SouthSeas | GameKind::Seafarers => &Strength::ALL,
        }
    }

    /// The game's name for players.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::SouthSeas => "Carcassonne: South Seas",
            GameKind::Seafarers => "Catan: Seafarers",
        }
    }
}

/// How well a computer player plays: the three strengths players choose from for every game.
/// What each means is the game's own (South Seas: `southseas_engine::ai::Strength`; Seafarers:
/// `seafarers_engine::Strategy` random, greedy and search).
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
