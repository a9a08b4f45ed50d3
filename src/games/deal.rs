//! Checking a deal, whatever the game (see `crate::common::deal`): a finished or running
//! game's public history, written from its stored log, and the check of a history against a
//! revealed seed and salt. The host's half: what chance decided is each game's
//! ([`Rules::seen`]); replaying, comparing and naming the first difference is written once.

use super::contract::Rules;
use crate::common::deal::{Entry, PublicHistory, commitment};
use crate::common::{Result, Table, internal};
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::store::{ActionRecord, GameRecord, OnTimeout, SeatRecord, Status};

/// The game's public history from its stored record, seats and log: every step as stored, and
/// after each the chance outcomes the table saw, replayed from the stored seed.
pub(crate) fn history_of<G: Rules>(table: &Table, records: &[ActionRecord]) -> Result<PublicHistory> {
    let id = table.record.id;
    let mut log = Vec::with_capacity(records.len());
    for r in records {
        let (seat, action) = G::decode(&r.action).map_err(|e| internal(format!("game {id}: stored action {}: {e}", r.seq)))?;
        log.push((seat.or(r.seat), action));
    }
    let seen = G::seen(table, &log);
    if let Some((step, why)) = seen.stopped {
        return Err(internal(format!("game {id}: step {step} no longer applies: {why}")));
    }
    let mut outcomes = seen.outcomes.into_iter();
    let mut entries: Vec<Entry> = outcomes.next().unwrap_or_default().into_iter().map(Entry::Seen).collect();
    for (r, after) in records.iter().zip(outcomes) {
        entries.push(Entry::Step { seat: r.seat, code: r.action.clone() });
        entries.extend(after.into_iter().map(Entry::Seen));
    }
    Ok(PublicHistory {
        game: id,
        kind: table.record.kind.as_str().to_string(),
        ruleset: table.record.ruleset,
        options: table.record.options.clone(),
        players: table.seats.iter().map(|s| s.name.clone()).collect(),
        commitment: crate::common::deal::commitment_of(&table.record),
        entries,
    })
}

/// What `southseas verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The commitment checked against (the one given, else the history's); None: there is none.
    pub commitment: Option<String>,
    /// Whether SHA-256 of the seed and salt is that commitment (None: no commitment to check).
    pub hash_matches: Option<bool>,
    /// Steps replayed and chance outcomes compared.
    pub steps: usize,
    pub outcomes: usize,
    /// The first place the history and the seed's deal part ways, in words.
    pub mismatch: Option<String>,
}

impl Verdict {
    /// The deal is the seed's, and the seed is the one committed to.
    pub fn honest(&self) -> bool {
        self.hash_matches == Some(true) && self.mismatch.is_none()
    }
}

/// Checks `history` against the revealed `seed` and `salt` and the published `commitment`
/// (None: the one the history names): the hash, then the game replayed from the seed, every
/// chance outcome compared with what the history says the table saw.
pub(crate) fn verify_with<G: Rules>(history: &PublicHistory, seed: u64, salt: &str, given: Option<&str>) -> Verdict {
    let published = given.map(|c| c.trim().to_ascii_lowercase()).or_else(|| history.commitment.clone());
    let hash_matches = published.as_ref().map(|c| *c == commitment(seed, salt.trim()));
    let mut verdict = Verdict { commitment: published, hash_matches, steps: 0, outcomes: 0, mismatch: None };
    if let (Some(given), Some(file)) = (given, &history.commitment)
        && given.trim().to_ascii_lowercase() != *file
    {
        verdict.mismatch = Some(format!("the history names the commitment {file}, not the one given ({})", given.trim()));
        return verdict;
    }
    // The history's steps, and what it says the table saw before the first (index 0) and
    // after each one.
    let mut log = Vec::new();
    let mut codes = Vec::new();
    let mut told: Vec<Vec<String>> = vec![Vec::new()];
    for entry in &history.entries {
        match entry {
            Entry::Step { seat, code } => match G::decode(code) {
                Ok((form_seat, action)) => {
                    log.push((form_seat.or(*seat), action));
                    codes.push(code.clone());
                    told.push(Vec::new());
                }
                Err(e) => {
                    verdict.mismatch = Some(format!("step {} (`{code}`) is not a step of this game: {e}", log.len() + 1));
                    return verdict;
                }
            },
            Entry::Seen(what) => told.last_mut().expect("never empty").push(what.clone()),
        }
    }
    let table = table_of(history, G::KIND, seed);
    let seen = G::seen(&table, &log);
    let at = |i: usize| if i == 0 { "at the start".to_string() } else { format!("after step {i} (`{}`)", codes[i - 1]) };
    for (i, (dealt, shown)) in seen.outcomes.iter().zip(&told).enumerate() {
        verdict.steps = i;
        if let Some(k) = (0..dealt.len().max(shown.len())).find(|&k| dealt.get(k) != shown.get(k)) {
            let word = |x: Option<&String>| x.map_or_else(|| "nothing".to_string(), |s| format!("`{s}`"));
            verdict.mismatch = Some(format!("{}: the history shows {}, the seed gives {}", at(i), word(shown.get(k)), word(dealt.get(k))));
            return verdict;
        }
        verdict.outcomes += dealt.len();
    }
    if let Some((step, why)) = seen.stopped {
        let what = codes.get(step.wrapping_sub(1)).map_or(String::new(), |c| format!(" (`{c}`)"));
        verdict.mismatch = Some(if step == 0 {
            format!("the game cannot be set up from this seed and history: {why}")
        } else {
            format!("step {step}{what} cannot be played in the game this seed deals: {why}")
        });
    }
    verdict
}

/// A table for replaying a public history under `seed`: what the history says of the game,
/// nothing else (no user ids, no channel).
fn table_of(history: &PublicHistory, kind: GameKind, seed: u64) -> Table {
    let record = GameRecord {
        id: history.game,
        kind,
        ruleset: history.ruleset,
        guild_id: 0,
        channel_id: 0,
        status: Status::Finished,
        options: history.options.clone(),
        seed,
        creator_id: 0,
        min_players: history.players.len(),
        max_players: history.players.len(),
        version: 0,
        created_at: 0,
        updated_at: 0,
        changed_ms: 0,
        turn_limit_secs: 0,
        on_timeout: OnTimeout::default(),
        language: Locale::default(),
        paused: None,
        salt: None,
    };
    let seats = history
        .players
        .iter()
        .enumerate()
        .map(|(seat, name)| SeatRecord {
            user_id: 1000 + seat as u64,
            name: name.clone(),
            seat: Some(seat),
            computer: None,
            away_until: None,
            language: None,
        })
        .collect();
    Table { record, seats }
}
