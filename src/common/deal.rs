//! A deal anyone can check, whatever the game: when a game starts, its first message publishes
//! a commitment to its seed (SHA-256 of the seed and a secret random salt; nothing the tile
//! order or the dice can be computed from); the game-over message reveals seed and salt. With
//! them and the game's public history (every step and every chance outcome the table saw, in
//! a text file: [`PublicHistory`]), `southseas verify` replays the game from the seed and
//! confirms the deal was the seed's, and that the seed is the one committed to.
//!
//! The commitment is `sha256("SEED:SALT")`, SEED in decimal and SALT the 32 hex digits as
//! revealed, so a player can check it with any SHA-256 tool
//! (`printf '%s' '1234:00ff…' | sha256sum`).

use crate::i18n::Locale;
use crate::store::GameRecord;
use crate::tr;
use sha2::{Digest, Sha256};

/// Random bytes in a salt: 128 bits, far past guessing the seed by trying salts.
const SALT_BYTES: usize = 16;

/// A fresh secret salt (hex), from the operating system's random source.
pub fn new_salt() -> Result<String, String> {
    let mut bytes = [0u8; SALT_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random salt for the deal: {e}"))?;
    Ok(hex::encode(bytes))
}

/// The commitment to `seed` under `salt`: SHA-256 of `SEED:SALT`, in lowercase hex.
pub fn commitment(seed: u64, salt: &str) -> String {
    hex::encode(Sha256::digest(format!("{seed}:{salt}").as_bytes()))
}

/// The game's published commitment; None for a game started before deals were committed.
pub fn commitment_of(record: &GameRecord) -> Option<String> {
    record.salt.as_deref().map(|salt| commitment(record.seed, salt))
}

/// The opening message's line: the commitment, or that the game has none, in `l`.
pub fn opening_line(record: &GameRecord, l: Locale) -> String {
    match commitment_of(record) {
        Some(hash) => tr!(l, "deal-commitment", hash = hash),
        None => tr!(l, "deal-none"),
    }
}

/// The game-over message's line: seed and salt revealed, with how to check them, in `l`.
pub fn reveal_line(record: &GameRecord, l: Locale) -> String {
    match &record.salt {
        Some(salt) => tr!(l, "deal-reveal", seed = record.seed.to_string(), salt = salt.as_str()),
        None => tr!(l, "deal-none"),
    }
}

/// The first line of a public history file, with its format's version.
pub const HISTORY_MAGIC: &str = "southseas-public-history 1";

/// A game's public history: what it is (game, rules data, options, players), the commitment
/// its first message published, and in order every step taken and every chance outcome the
/// table saw (a tile drawn, dice rolled), as plain text. Nothing in it is hidden from the
/// table, and the seed is not in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PublicHistory {
    pub game: i64,
    /// The game's stored name (`southseas`, `seafarers`).
    pub kind: String,
    pub ruleset: i64,
    /// The game's options in their stored form.
    pub options: String,
    /// The players' names, by seat.
    pub players: Vec<String>,
    /// None: the game published no commitment (started before deals were committed).
    pub commitment: Option<String>,
    pub entries: Vec<Entry>,
}

/// One line of the story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A step as stored: its seat (None: not recorded, the game knows it) and its stored form.
    Step { seat: Option<usize>, code: String },
    /// A chance outcome the table saw, in the game's own words for it (`tile A1`, `dice 3 4`).
    Seen(String),
}

impl PublicHistory {
    /// The file's text: one line each, `#` lines are comments.
    pub fn to_text(&self) -> String {
        let mut out = format!("{HISTORY_MAGIC}\n");
        out.push_str("# Every step of the game and every chance outcome the table saw. Check the deal with:\n");
        out.push_str("#   southseas verify THIS_FILE --seed SEED --salt SALT --commitment COMMITMENT\n");
        out.push_str(&format!("game {}\nkind {}\nruleset {}\noptions {}\n", self.game, self.kind, self.ruleset, self.options));
        for (seat, name) in self.players.iter().enumerate() {
            // A name is a line of its own: line breaks in it would break the file.
            out.push_str(&format!("player {seat} {}\n", name.replace(['\n', '\r'], " ")));
        }
        out.push_str(&format!("commitment {}\n", self.commitment.as_deref().unwrap_or("none")));
        for entry in &self.entries {
            match entry {
                Entry::Step { seat: Some(seat), code } => out.push_str(&format!("step {seat} {code}\n")),
                Entry::Step { seat: None, code } => out.push_str(&format!("step - {code}\n")),
                Entry::Seen(what) => out.push_str(&format!("seen {what}\n")),
            }
        }
        out
    }

    /// Reads a file written by [`PublicHistory::to_text`]; the error names the line.
    pub fn parse(text: &str) -> Result<PublicHistory, String> {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
        match lines.next() {
            Some((_, first)) if first.trim() == HISTORY_MAGIC => {}
            _ => return Err(format!("not a public history: the first line must be `{HISTORY_MAGIC}`")),
        }
        let mut h = PublicHistory::default();
        let (mut kind, mut commitment) = (false, false);
        for (i, line) in lines {
            let n = i + 1;
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            let number = |s: &str| s.trim().parse::<i64>().map_err(|_| format!("line {n}: `{}` is not a number", quoted(s)));
            match word {
                "game" => h.game = number(rest)?,
                "kind" => {
                    h.kind = rest.trim().to_string();
                    kind = true;
                }
                "ruleset" => h.ruleset = number(rest)?,
                "options" => h.options = rest.to_string(),
                "player" => {
                    let (seat, name) = rest.split_once(' ').unwrap_or((rest, ""));
                    if number(seat)? != h.players.len() as i64 {
                        return Err(format!("line {n}: players must be listed by seat, from 0"));
                    }
                    h.players.push(name.to_string());
                }
                "commitment" => {
                    let c = rest.trim();
                    h.commitment = (c != "none").then(|| c.to_ascii_lowercase());
                    commitment = true;
                }
                "step" => {
                    let (seat, code) = rest.split_once(' ').ok_or_else(|| format!("line {n}: a step is `step SEAT CODE`"))?;
                    let seat = match seat {
                        "-" => None,
                        s => Some(s.parse::<usize>().map_err(|_| format!("line {n}: `{}` is not a seat", quoted(s)))?),
                    };
                    h.entries.push(Entry::Step { seat, code: code.to_string() });
                }
                "seen" => h.entries.push(Entry::Seen(rest.to_string())),
                other => return Err(format!("line {n}: unknown line `{}`", quoted(other))),
            }
        }
        if !kind || !commitment || h.players.is_empty() {
            return Err("the history lacks its game's kind, players or commitment line".into());
        }
        Ok(h)
    }
}

/// Outside input quoted briefly, by character.
fn quoted(s: &str) -> String {
    let short: String = s.chars().take(40).collect();
    if short.len() < s.len() { format!("{short}…") } else { short }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_seed_and_salt() {
        // `printf '%s' '42:00112233445566778899aabbccddeeff' | sha256sum`
        assert_eq!(commitment(42, "00112233445566778899aabbccddeeff"), "679fcfbe0b9256a5257862bffa8cd2c7254d186843a5e4f9ddb39b1db05464bd");
        assert_eq!(commitment(42, "ab").len(), 64);
        assert_ne!(commitment(42, "ab"), commitment(43, "ab"));
        assert_ne!(commitment(42, "ab"), commitment(42, "ac"));
    }

    #[test]
    fn salts_are_fresh_and_long() {
        let (a, b) = (new_salt().unwrap(), new_salt().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn a_history_reads_back_as_written() {
        let h = PublicHistory {
            game: 7,
            kind: "southseas".into(),
            ruleset: 1,
            options: "1:retrieve=any-turn".into(),
            players: vec!["Ana".into(), "Bo b".into()],
            commitment: Some("ab".repeat(32)),
            entries: vec![
                Entry::Seen("tile A1".into()),
                Entry::Step { seat: None, code: "1:place 0 1 90".into() },
                Entry::Step { seat: Some(1), code: "1:1 roll".into() },
            ],
        };
        assert_eq!(PublicHistory::parse(&h.to_text()), Ok(h.clone()));
        let older = PublicHistory { commitment: None, ..h };
        assert_eq!(PublicHistory::parse(&older.to_text()), Ok(older));
        assert!(PublicHistory::parse("hello").is_err());
        assert!(PublicHistory::parse(&format!("{HISTORY_MAGIC}\nstep x y")).unwrap_err().contains("line 2"));
        assert!(PublicHistory::parse(&format!("{HISTORY_MAGIC}\nwhat{}", "é".repeat(100))).is_err());
    }
}
