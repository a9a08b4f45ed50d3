//! Who plays each seat, besides joining and leaving: computer players seated in the lobby,
//! people away for a while (`/away`, `/back`), a seat handed to another person (`/replace`) or
//! to the computer by vote (`/kick`), a vote opening only once the person has kept the game
//! waiting for a while. The same for every game: the computer's moves are each game's own (see
//! `crate::games::State::computer_moves`).

use super::asked::Asked;
use super::lobby::lobby_reply;
use super::reply::escape;
use super::schedule::waits_for;
use super::words::{duration_words_in, relative_time};
use super::{Actor, Delivery, Place, Reply, Result, Service, Table, load_table, user};
use crate::common::table::{COMPUTER_IDS, is_computer_id};
use crate::i18n::Locale;
use crate::kinds::Strength;
use crate::store::{self, DueKind, GameId, Status};
use crate::tr;
use std::time::Duration;

/// The computer players' names, by their ids.
const COMPUTER_NAMES: [&str; 9] = ["Moana", "Maui", "Tala", "Kai", "Lani", "Nalu", "Koa", "Manu", "Hina"];

/// How long a person must have kept the game waiting (their current wait) before the others may
/// vote to hand their seat over (`/kick`, `/replace`), in ms: half their turn time limit, or a
/// day in a game without one. A slow turn is not a gone player.
pub fn vote_delay_ms(turn_limit_secs: i64) -> i64 {
    const DAY_MS: i64 = 24 * 3_600_000;
    if turn_limit_secs > 0 { turn_limit_secs * 1000 / 2 } else { DAY_MS }
}

/// The longest `/away` (a longer absence is better handled by `/replace`).
pub const MAX_AWAY: Duration = Duration::from_secs(30 * 24 * 3600);

/// "8h", "2d", "1d12h", "30m", "90 min" as a duration; None for anything else.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let t: String = text.trim().to_ascii_lowercase().chars().filter(|c| !c.is_whitespace()).collect();
    let (mut total, mut digits, mut any) = (0u64, String::new(), false);
    let mut rest = t.as_str();
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            digits.push(c);
            rest = &rest[1..];
            continue;
        }
        let unit_len = rest.find(|c: char| c.is_ascii_digit()).unwrap_or(rest.len());
        let unit = match &rest[..unit_len] {
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
            "d" | "day" | "days" => 86_400,
            "w" | "week" | "weeks" => 7 * 86_400,
            _ => return None,
        };
        let n: u64 = digits.parse().ok().filter(|&n: &u64| n <= 10_000)?;
        total += n * unit;
        digits.clear();
        any = true;
        rest = &rest[unit_len..];
    }
    (any && digits.is_empty()).then(|| Duration::from_secs(total))
}

impl Service {
    /// Seats a computer player in the lobby (any seated player may).
    pub async fn add_computer(&self, place: Place, actor: &Actor, strength: Strength) -> Result<Reply> {
        self.add_computer_in(place, actor, None, strength, &Asked::typed()).await
    }

    pub(super) async fn add_computer_in(
        &self,
        place: Place,
        actor: &Actor,
        game: Option<GameId>,
        strength: Strength,
        asked: &Asked,
    ) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let reader = actor.locale;
        let table = self.open_table_for(&mut tx, place, game, reader).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user(tr!(reader, "err-computer-lobby-only"));
        }
        if !table.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user(tr!(reader, "err-computer-join-first"));
        }
        if table.seats.len() >= r.max_players {
            return user(tr!(reader, "err-full", max = r.max_players));
        }
        if !r.kind.strengths().contains(&strength) {
            let named = |s: &Strength| tr!(reader, &format!("strength-{}", s.as_str()));
            let offered: Vec<String> = r.kind.strengths().iter().map(named).collect();
            let game = tr!(reader, &super::lobby::game_title(r.kind));
            return user(tr!(
                reader,
                "err-computer-strengths",
                game = game,
                offered = offered.join(&tr!(reader, "list-and")),
                strength = named(&strength)
            ));
        }
        let Some(id) = COMPUTER_IDS.clone().find(|id| !table.seats.iter().any(|s| s.user_id == *id)) else {
            return user(tr!(reader, "err-computer-no-room"));
        };
        let name = format!("🤖 {}", COMPUTER_NAMES[(id - 1) as usize]);
        store::add_computer_seat(&mut tx, r.id, id, &name, strength).await?;
        store::touch(&mut tx, r.id, Status::Lobby).await?;
        let table = load_table(&mut tx, r.id).await?;
        self.lobby_changed(&mut tx, &table).await?;
        let language = table.record.language;
        let strength = crate::tr!(language, &format!("strength-{}", strength.as_str()));
        let headline = crate::tr!(language, "lobby-computer-seated", name = escape(&actor.name), computer = name, strength = strength);
        let reply = lobby_reply(&table, &headline);
        self.queue(&mut tx, &table, &reply, asked).await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// The running game of the channel, and the actor's place in it (a person playing).
    async fn my_running_seat(&self, conn: &mut sqlx::AnyConnection, place: Place, actor: &Actor) -> Result<(Table, usize)> {
        let table = self.open_table(conn, place, actor.locale).await?;
        if table.record.status != Status::Active {
            return user(tr!(actor.locale, "err-not-started"));
        }
        let Some(index) = table.seats.iter().position(|s| s.user_id == actor.user_id) else {
            return user(tr!(actor.locale, "err-not-playing-short"));
        };
        if table.seats[index].computer.is_some() {
            return user(tr!(actor.locale, "err-seat-taken-over-short"));
        }
        Ok((table, index))
    }

    /// The actor is away for `how_long` (None: until `/back`): the computer plays their turns.
    pub async fn away(&self, place: Place, actor: &Actor, how_long: Option<Duration>) -> Result<Reply> {
        if how_long.is_some_and(|d| d > MAX_AWAY || d.is_zero()) {
            return user(tr!(actor.locale, "err-away-range"));
        }
        let now = self.now_ms();
        let mut tx = self.store.begin_write().await?;
        let (mut table, index) = self.my_running_seat(&mut tx, place, actor).await?;
        let until = how_long.map_or(i64::MAX, |d| now + d.as_millis() as i64);
        store::set_away(&mut tx, table.record.id, actor.user_id, Some(until)).await?;
        table.seats[index].away_until = Some(until);
        let (_, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let name = escape(&table.seats[index].name);
        let language = table.record.language;
        let when = match how_long {
            Some(d) => {
                tr!(language, "seat-away-for", duration = duration_words_in(d.as_millis() as i64, language), back = relative_time(until))
            }
            None => tr!(language, "seat-away-until-back"),
        };
        let seat = table.seats[index].seat;
        let plays = seat.and_then(|s| table.computer_at(s)).is_some();
        let what = if !plays {
            tr!(language, "seat-away-waits")
        } else if seat.is_some_and(|s| to_act.contains(&s)) {
            tr!(language, "seat-away-plays-now")
        } else {
            tr!(language, "seat-away-plays")
        };
        let text = tr!(language, "seat-away-notice", name = name, when = when, what = what);
        Ok(Reply { text, delivery: Delivery::New, ..Reply::default() })
    }

    /// The actor is back from `/away`: they play their own turns again.
    pub async fn back(&self, place: Place, actor: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (mut table, index) = self.my_running_seat(&mut tx, place, actor).await?;
        if table.seats[index].away_until.is_none() {
            return user(tr!(actor.locale, "err-not-away"));
        }
        store::set_away(&mut tx, table.record.id, actor.user_id, None).await?;
        table.seats[index].away_until = None;
        let (loaded, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let name = escape(&table.seats[index].name);
        let language = table.record.language;
        let yours = match table.seats[index].seat.filter(|seat| to_act.contains(seat)) {
            Some(seat) => tr!(language, "seat-your-turn", task = loaded.state.task(seat, language)),
            None => String::new(),
        };
        Ok(Reply { text: tr!(language, "seat-back", name = name, yours = yours), delivery: Delivery::New, ..Reply::default() })
    }

    /// Hands `target`'s seat to `newcomer` (a person not in the game): at once when the target
    /// asks, else by a majority of the other seated people (the target may be gone).
    pub async fn replace(&self, place: Place, actor: &Actor, target: u64, newcomer: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let reader = actor.locale;
        let mut table = self.open_table(&mut tx, place, reader).await?;
        let language = table.record.language;
        if table.record.status != Status::Active {
            return user(tr!(reader, "err-replace-lobby"));
        }
        let Some(index) = table.seats.iter().position(|s| s.user_id == target) else {
            return user(tr!(reader, "err-not-a-player"));
        };
        if is_computer_id(target) {
            return user(tr!(reader, "err-computer-seat"));
        }
        if newcomer.user_id == target || table.seats.iter().any(|s| s.user_id == newcomer.user_id) {
            return user(tr!(reader, "err-newcomer-playing"));
        }
        let target_name = escape(&table.seats[index].name);
        let newcomer_name = escape(&newcomer.name);
        if actor.user_id != target {
            let Some(needed) = self.majority_of_others(&table, actor, target) else {
                return user(tr!(reader, "err-only-others-replace"));
            };
            self.vote_open(&mut tx, &table, index, reader).await?;
            let votes = store::vote_seat(&mut tx, table.record.id, target, newcomer.user_id, actor.user_id).await?.len();
            if votes < needed {
                tx.commit().await?;
                let text = tr!(
                    language,
                    "seat-vote-replace",
                    name = escape(&actor.name),
                    target = target_name.as_str(),
                    newcomer = newcomer_name.as_str(),
                    votes = votes,
                    needed = needed
                );
                return Ok(Reply { text, delivery: Delivery::New, ..Reply::default() });
            }
        }
        store::move_seat(&mut tx, table.record.id, target, newcomer.user_id, &newcomer.name).await?;
        table.seats[index].user_id = newcomer.user_id;
        table.seats[index].name = newcomer.name.clone();
        table.seats[index].computer = None;
        table.seats[index].away_until = None;
        let (loaded, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let how = if actor.user_id == target { "seat-replaced-self" } else { "seat-replaced-vote" };
        let turn = match table.seats[index].seat.filter(|seat| to_act.contains(seat)) {
            Some(seat) => tr!(language, "seat-your-turn", task = loaded.state.task(seat, language)),
            None => String::new(),
        };
        Ok(Reply {
            text: tr!(language, how, target = target_name, newcomer = newcomer_name, turn = turn),
            mention: Some(newcomer.user_id),
            delivery: Delivery::New,
            ..Reply::default()
        })
    }

    /// Votes to hand `target`'s seat to the computer; a majority of the other seated people does.
    pub async fn kick(&self, place: Place, actor: &Actor, target: u64) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let reader = actor.locale;
        let mut table = self.open_table(&mut tx, place, reader).await?;
        let language = table.record.language;
        if table.record.status != Status::Active {
            return user(tr!(reader, "err-kick-lobby"));
        }
        let Some(index) = table.seats.iter().position(|s| s.user_id == target) else {
            return user(tr!(reader, "err-not-a-player"));
        };
        if table.seats[index].computer.is_some() {
            return user(tr!(reader, "err-already-computer"));
        }
        if actor.user_id == target {
            return user(tr!(reader, "err-kick-self"));
        }
        let Some(needed) = self.majority_of_others(&table, actor, target) else {
            return user(tr!(reader, "err-only-others-kick"));
        };
        self.vote_open(&mut tx, &table, index, reader).await?;
        let votes = store::vote_seat(&mut tx, table.record.id, target, 0, actor.user_id).await?.len();
        let target_name = escape(&table.seats[index].name);
        if votes < needed {
            tx.commit().await?;
            let text =
                tr!(language, "seat-vote-kick", name = escape(&actor.name), target = target_name.as_str(), votes = votes, needed = needed);
            return Ok(Reply { text, delivery: Delivery::New, ..Reply::default() });
        }
        store::set_computer(&mut tx, table.record.id, target, Some(Strength::Medium)).await?;
        store::clear_seat_votes(&mut tx, table.record.id, target).await?;
        table.seats[index].computer = Some(Strength::Medium);
        let (_, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let now_too = if table.seats[index].seat.is_some_and(|seat| to_act.contains(&seat)) {
            tr!(language, "seat-kicked-now")
        } else {
            String::new()
        };
        Ok(Reply { text: tr!(language, "seat-kicked", target = target_name, now = now_too), delivery: Delivery::New, ..Reply::default() })
    }

    /// After a change of who plays a seat: what the game waits for is set anew, and the change
    /// committed (the computer may play at once). Returns the game's state and who is to act.
    async fn commit_seat_change(
        &self,
        mut tx: sqlx::Transaction<'static, sqlx::Any>,
        table: &mut Table,
    ) -> Result<(std::sync::Arc<super::Loaded>, Vec<usize>)> {
        let loaded = self.load(&mut tx, table).await?;
        let waiting = loaded.state.waiting();
        self.reschedule(&mut tx, table, &waiting).await?;
        // Who the computer plays for may have changed: a typed step's message that waited for
        // its run (`Reply::carried`) goes out as it is now, before anything else happens.
        store::release_carried(&mut tx, table.record.id).await?;
        tx.commit().await?;
        self.wake_scheduler();
        Ok((loaded, waiting))
    }

    /// Whether a vote over the seat of `table.seats[index]` (a person) may be cast now: only
    /// while the game waits for them, and once they have kept it waiting for
    /// [`vote_delay_ms`] of their current wait; a paused game takes no votes. The refusal says
    /// why, and when it opens (a Discord timestamp), in `reader`.
    async fn vote_open(&self, conn: &mut sqlx::AnyConnection, table: &Table, index: usize, reader: Locale) -> Result<()> {
        let target = &table.seats[index];
        let name = escape(&target.name);
        if table.record.paused.is_some() {
            return user(tr!(reader, "err-vote-paused"));
        }
        let limit = table.record.turn_limit_secs;
        let delay = vote_delay_ms(limit);
        let (delay_words, why) = (duration_words_in(delay, reader), if limit > 0 { "half" } else { "none" });
        let loaded = self.load(conn, table).await?;
        if !waits_for(table, &loaded.state, target.user_id) {
            return user(tr!(reader, "err-vote-not-waiting", target = name, delay = delay_words, limit = why));
        }
        let waits = store::due_items(conn, table.record.id).await?;
        let since = waits
            .iter()
            .filter(|d| matches!(d.kind, DueKind::Reminder | DueKind::Deadline) && d.user_id == target.user_id)
            .map(|d| d.since)
            .min();
        // No item left while the game waits for them: even their last reminder's time has
        // passed, far beyond the delay.
        let Some(since) = since else { return Ok(()) };
        let opens = since + delay;
        if self.now_ms() < opens {
            return user(tr!(reader, "err-vote-too-soon", target = name, when = relative_time(opens), delay = delay_words, limit = why));
        }
        Ok(())
    }

    /// How many votes hand `target`'s seat over: a majority of the seated people other than
    /// them. None when `actor` is not one of those people.
    fn majority_of_others(&self, table: &Table, actor: &Actor, target: u64) -> Option<usize> {
        let others: Vec<u64> = table.people().map(|s| s.user_id).filter(|&u| u != target).collect();
        others.contains(&actor.user_id).then(|| others.len() / 2 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_players_write_them() {
        let h = |n: u64| Some(Duration::from_secs(n * 3600));
        assert_eq!(parse_duration("8h"), h(8));
        assert_eq!(parse_duration("2d"), h(48));
        assert_eq!(parse_duration("1d12h"), h(36));
        assert_eq!(parse_duration("1d 12h"), h(36));
        assert_eq!(parse_duration("30m"), Some(Duration::from_secs(1800)));
        assert_eq!(parse_duration("90 min"), Some(Duration::from_secs(5400)));
        assert_eq!(parse_duration("2 weeks"), h(14 * 24));
        for bad in ["", "8", "h", "8x", "tomorrow", "-2h", "99999999999999999999h", "1d2"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }
}
