//! Who plays where: a game's stored record with its seats ([`Table`]), where a command was used
//! ([`Place`]) and by whom ([`Actor`]), and the one rule for which seats the computer plays.
//! The same for every game.

use crate::i18n::Locale;
use crate::kinds::Strength;
use crate::store::{self, GameRecord, SeatRecord};
use crate::tr;

/// Where a command was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub guild_id: u64,
    pub channel_id: u64,
}

/// Who used it, and the language they read what the bot tells them alone in (a refusal, a
/// look at the game): their `/settings language`, else their Discord client's, else English,
/// decided by the Discord layer. What the whole table reads is in the game's language instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user_id: u64,
    pub name: String,
    pub locale: Locale,
    /// A moderator of the server where they act: Discord says so with each interaction (the
    /// member may Manage Channels or Manage Messages there). A moderator may end, pause and
    /// resume any game of the server, and close a lobby nobody starts.
    pub moderator: bool,
}

impl Actor {
    /// Someone who reads English and moderates nothing (tools, tests, a newcomer whose language
    /// is not known).
    pub fn new(user_id: u64, name: impl Into<String>) -> Actor {
        Actor { user_id, name: name.into(), locale: Locale::En, moderator: false }
    }

    /// The same person as a moderator of the server (or not).
    pub fn moderating(self, moderator: bool) -> Actor {
        Actor { moderator, ..self }
    }
}

/// A game's record and its seats (in turn order once it started): its players.
#[derive(Clone)]
pub struct Table {
    pub(crate) record: GameRecord,
    pub(crate) seats: Vec<SeatRecord>,
}

impl Table {
    pub(crate) fn seat_of(&self, user_id: u64) -> Option<usize> {
        self.seats.iter().find(|s| s.user_id == user_id).and_then(|s| s.seat)
    }

    pub(crate) fn user_at(&self, seat: usize) -> Option<u64> {
        self.seats.iter().find(|s| s.seat == Some(seat)).map(|s| s.user_id)
    }
}

/// The user id the log records for a step the computer took for a person (away, or out of
/// time). Discord never hands out such an id.
pub const COMPUTER_USER: u64 = 0;

/// Computer players seated in a lobby have user ids 1 to 9 (Discord's ids are far larger).
pub(crate) const COMPUTER_IDS: std::ops::RangeInclusive<u64> = 1..=9;

/// Whether a seat's user id is a computer player's own.
pub fn is_computer_id(user_id: u64) -> bool {
    COMPUTER_IDS.contains(&user_id)
}

/// How well the computer plays `seat`, if it does: a computer player, a person it replaced, or
/// a person away (still away at `now_ms`, when given) while someone else at the table is a
/// person who would be held up; with nobody else to hold up, the game waits for them instead.
pub(crate) fn computer_plays(seats: &[store::SeatRecord], seat: usize, now_ms: Option<i64>) -> Option<Strength> {
    let away = |s: &store::SeatRecord| s.away_until.is_some_and(|until| now_ms.is_none_or(|now| until > now));
    let record = seats.iter().find(|s| s.seat == Some(seat))?;
    if record.computer.is_some() {
        return record.computer;
    }
    let someone_waits = seats.iter().any(|s| s.seat != Some(seat) && s.computer.is_none() && !away(s));
    (away(record) && someone_waits).then_some(Strength::Medium)
}

impl Table {
    /// How well the computer plays this seat, if it does (see [`computer_plays`]).
    pub(crate) fn computer_at(&self, seat: usize) -> Option<Strength> {
        computer_plays(&self.seats, seat, None)
    }

    /// The person who plays this seat (None when the computer does).
    pub(crate) fn person_at(&self, seat: usize) -> Option<u64> {
        if self.computer_at(seat).is_some() { None } else { self.user_at(seat) }
    }

    /// The language each seat reads what it is told alone (indexed by seat): the person who
    /// made the change (`actor`: their id and the language they used) in that one; anyone else
    /// in their `/settings language`, else the game's; a seat the computer plays, the game's.
    pub(crate) fn languages(&self, actor: Option<(u64, Locale)>) -> Vec<Locale> {
        let game = self.record.language;
        (0..self.seats.len())
            .map(|seat| match (self.person_at(seat), actor) {
                (Some(user), Some((id, used))) if user == id => used,
                (Some(user), _) => self.seats.iter().find(|s| s.user_id == user).and_then(|s| s.language).unwrap_or(game),
                (None, _) => game,
            })
            .collect()
    }

    /// Whether `actor` may end, pause or resume this game on their own word: its opener, or a
    /// moderator of the server.
    pub(crate) fn moderated_by(&self, actor: &Actor) -> bool {
        actor.moderator || actor.user_id == self.record.creator_id
    }

    /// The seated people (not computer players, not people the computer replaced).
    pub(crate) fn people(&self) -> impl Iterator<Item = &store::SeatRecord> {
        self.seats.iter().filter(|s| s.computer.is_none())
    }
}

/// How a seat is played, for lists: "(computer, hard)", "(away, computer plays)", or nothing.
pub(crate) fn seat_note(seat: &SeatRecord, locale: Locale) -> String {
    match (seat.computer, seat.away_until) {
        (Some(strength), _) if is_computer_id(seat.user_id) => {
            tr!(locale, "seat-computer", strength = tr!(locale, &format!("strength-{}", strength.as_str())))
        }
        (Some(_), _) => tr!(locale, "seat-replaced"),
        (None, Some(_)) => tr!(locale, "seat-away"),
        (None, None) => String::new(),
    }
}

/// A started table for tests: game 42 of `kind` with its stored `ruleset` and `options`, one
/// person per seat (Ana, Bo, Cy, Di, Ed, in seat order, users 100…), no time limit.
#[cfg(test)]
pub(crate) fn test_table(
    kind: crate::kinds::GameKind,
    ruleset: i64,
    options: String,
    players: usize,
    seed: u64,
    language: Locale,
) -> Table {
    use crate::store::{GameRecord, OnTimeout, Status};
    let record = GameRecord {
        id: 42,
        kind,
        ruleset,
        guild_id: 1,
        channel_id: 2,
        status: Status::Active,
        options,
        seed,
        creator_id: 100,
        min_players: players,
        max_players: players,
        version: 1,
        created_at: 0,
        updated_at: 0,
        changed_ms: 0,
        turn_limit_secs: 0,
        on_timeout: OnTimeout::PlayTurn,
        language,
        paused: None,
        salt: None,
    };
    let seats = ["Ana", "Bo", "Cy", "Di", "Ed"][..players]
        .iter()
        .enumerate()
        .map(|(seat, name)| SeatRecord {
            user_id: 100 + seat as u64,
            name: name.to_string(),
            seat: Some(seat),
            computer: None,
            away_until: None,
            language: None,
        })
        .collect();
    Table { record, seats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::GameKind;

    #[test]
    fn each_seat_reads_alone_in_the_language_it_chose_the_one_who_acted_in_the_one_they_used() {
        let mut table = test_table(GameKind::Seafarers, 1, String::new(), 4, 7, Locale::En);
        // Bo chose French; Cy chose nothing; Di is played by the computer (French chosen once).
        table.seats[1].language = Some(Locale::Fr);
        table.seats[3].computer = Some(Strength::Medium);
        table.seats[3].language = Some(Locale::Fr);
        // Ana acted, from a French client: she reads what her step told her in French.
        assert_eq!(table.languages(Some((100, Locale::Fr))), vec![Locale::Fr, Locale::Fr, Locale::En, Locale::En]);
        // The scheduler acted: everyone in their own choice, else the game's.
        assert_eq!(table.languages(None), vec![Locale::En, Locale::Fr, Locale::En, Locale::En]);
    }
}
