//! Who plays each seat, besides joining and leaving: computer players seated in the lobby,
//! people away for a while (`/away`, `/back`), a seat handed to another person (`/replace`) or
//! to the computer by vote (`/kick`). The same for every game: the computer's moves are each
//! game's own (see `crate::games::State::computer_moves`).

use super::lobby::lobby_reply;
use super::reply::escape;
use super::schedule::{duration_words, relative_time};
use super::{Actor, Place, Reply, Result, Service, Table, load_table, user};
use crate::common::table::{COMPUTER_IDS, is_computer_id};
use crate::kinds::Strength;
use crate::store::{self, GameId, Status};
use std::time::Duration;

/// The computer players' names, by their ids.
const COMPUTER_NAMES: [&str; 9] = ["Moana", "Maui", "Tala", "Kai", "Lani", "Nalu", "Koa", "Manu", "Hina"];

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
        self.add_computer_in(place, actor, None, strength).await
    }

    pub(super) async fn add_computer_in(&self, place: Place, actor: &Actor, game: Option<GameId>, strength: Strength) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user(
                "Computer players join in the lobby, before the start. In a running game, `/away` or `/kick` hand a seat to the computer.",
            );
        }
        if !table.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user("Join the game first: only its players seat computer players.");
        }
        if table.seats.len() >= r.max_players {
            return user(format!("The game is full ({} players).", r.max_players));
        }
        if !r.kind.strengths().contains(&strength) {
            let offered: Vec<&str> = r.kind.strengths().iter().map(|s| s.as_str()).collect();
            return user(format!("{} has {} computer players (no {strength} one yet).", r.kind.title(), offered.join(" and ")));
        }
        let Some(id) = COMPUTER_IDS.clone().find(|id| !table.seats.iter().any(|s| s.user_id == *id)) else {
            return user("There is no room for another computer player.");
        };
        let name = format!("🤖 {}", COMPUTER_NAMES[(id - 1) as usize]);
        store::add_computer_seat(&mut tx, r.id, id, &name, strength).await?;
        store::touch(&mut tx, r.id, Status::Lobby).await?;
        let table = load_table(&mut tx, r.id).await?;
        let language = table.record.language;
        let strength = crate::tr!(language, &format!("strength-{}", strength.as_str()));
        let headline = crate::tr!(language, "lobby-computer-seated", name = escape(&actor.name), computer = name, strength = strength);
        let reply = lobby_reply(&table, &headline);
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// The running game of the channel, and the actor's place in it (a person playing).
    async fn my_running_seat(&self, conn: &mut sqlx::AnyConnection, place: Place, actor: &Actor) -> Result<(Table, usize)> {
        let table = self.open_table(conn, place).await?;
        if table.record.status != Status::Active {
            return user("The game here hasn't started yet.");
        }
        let Some(index) = table.seats.iter().position(|s| s.user_id == actor.user_id) else {
            return user("You are not playing in this game.");
        };
        if table.seats[index].computer.is_some() {
            return user("A computer player has taken over your seat in this game.");
        }
        Ok((table, index))
    }

    /// The actor is away for `how_long` (None: until `/back`): the computer plays their turns.
    pub async fn away(&self, place: Place, actor: &Actor, how_long: Option<Duration>) -> Result<Reply> {
        if how_long.is_some_and(|d| d > MAX_AWAY || d.is_zero()) {
            return user("Away can be from a minute up to 30 days. For longer, hand your seat to someone with `/replace`.");
        }
        let now = self.now_ms();
        let mut tx = self.store.begin_write().await?;
        let (mut table, index) = self.my_running_seat(&mut tx, place, actor).await?;
        let until = how_long.map_or(i64::MAX, |d| now + d.as_millis() as i64);
        store::set_away(&mut tx, table.record.id, actor.user_id, Some(until)).await?;
        table.seats[index].away_until = Some(until);
        let (_, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let name = escape(&table.seats[index].name);
        let when = match how_long {
            Some(d) => format!("for {} (back {})", duration_words(d.as_millis() as i64), relative_time(until)),
            None => "until they are back".into(),
        };
        let seat = table.seats[index].seat;
        let plays = seat.and_then(|s| table.computer_at(s)).is_some();
        let what = if !plays {
            "nobody else here is held up, so the game waits for them".to_string()
        } else if seat.is_some_and(|s| to_act.contains(&s)) {
            "the computer (medium) plays their turns meanwhile, starting with this one".to_string()
        } else {
            "the computer (medium) plays their turns meanwhile".to_string()
        };
        Ok(Reply { text: format!("💤 {name} is away {when}: {what}. `/back` to play again."), new_message: true, ..Reply::default() })
    }

    /// The actor is back from `/away`: they play their own turns again.
    pub async fn back(&self, place: Place, actor: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (mut table, index) = self.my_running_seat(&mut tx, place, actor).await?;
        if table.seats[index].away_until.is_none() {
            return user("You are not away: you play your own turns.");
        }
        store::set_away(&mut tx, table.record.id, actor.user_id, None).await?;
        table.seats[index].away_until = None;
        let (loaded, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let name = escape(&table.seats[index].name);
        let yours = match table.seats[index].seat.filter(|seat| to_act.contains(seat)) {
            Some(seat) => format!(" It's your turn: {}.", loaded.state.task(seat)),
            None => String::new(),
        };
        Ok(Reply { text: format!("👋 {name} is back and plays their own turns again.{yours}"), new_message: true, ..Reply::default() })
    }

    /// Hands `target`'s seat to `newcomer` (a person not in the game): at once when the target
    /// asks, else by a majority of the other seated people (the target may be gone).
    pub async fn replace(&self, place: Place, actor: &Actor, target: u64, newcomer: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let mut table = self.open_table(&mut tx, place).await?;
        if table.record.status != Status::Active {
            return user("Seats are handed over in a running game; in the lobby, players simply `/join` and `/leave`.");
        }
        let Some(index) = table.seats.iter().position(|s| s.user_id == target) else {
            return user("That person is not playing in this game.");
        };
        if is_computer_id(target) {
            return user("That seat is a computer player's.");
        }
        if newcomer.user_id == target || table.seats.iter().any(|s| s.user_id == newcomer.user_id) {
            return user("The new player must be someone not already playing in this game.");
        }
        let target_name = escape(&table.seats[index].name);
        let newcomer_name = escape(&newcomer.name);
        if actor.user_id != target {
            let Some(needed) = self.majority_of_others(&table, actor, target) else {
                return user("Only the other players of this game can vote to hand a seat over.");
            };
            let votes = store::vote_seat(&mut tx, table.record.id, target, newcomer.user_id, actor.user_id).await?.len();
            if votes < needed {
                tx.commit().await?;
                let text = format!(
                    "🗳️ {} votes to hand {target_name}'s seat to {newcomer_name} ({votes} of {needed} votes needed; the others agree with the same `/replace`, or {target_name} can hand it over themselves).",
                    escape(&actor.name)
                );
                return Ok(Reply { text, new_message: true, ..Reply::default() });
            }
        }
        store::move_seat(&mut tx, table.record.id, target, newcomer.user_id, &newcomer.name).await?;
        table.seats[index].user_id = newcomer.user_id;
        table.seats[index].name = newcomer.name.clone();
        table.seats[index].computer = None;
        table.seats[index].away_until = None;
        let (loaded, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let how = if actor.user_id == target {
            format!("{target_name} handed their seat to")
        } else {
            format!("By vote, {target_name}'s seat goes to")
        };
        let turn = match table.seats[index].seat.filter(|seat| to_act.contains(seat)) {
            Some(seat) => format!(" It's your turn: {}.", loaded.state.task(seat)),
            None => String::new(),
        };
        Ok(Reply {
            text: format!("🔁 {how} {newcomer_name}: welcome, {newcomer_name}, you play this seat from now on.{turn}"),
            mention: Some(newcomer.user_id),
            new_message: true,
            ..Reply::default()
        })
    }

    /// Votes to hand `target`'s seat to the computer; a majority of the other seated people does.
    pub async fn kick(&self, place: Place, actor: &Actor, target: u64) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let mut table = self.open_table(&mut tx, place).await?;
        if table.record.status != Status::Active {
            return user("`/kick` is for a running game; in the lobby, only a player can leave.");
        }
        let Some(index) = table.seats.iter().position(|s| s.user_id == target) else {
            return user("That person is not playing in this game.");
        };
        if table.seats[index].computer.is_some() {
            return user("The computer already plays that seat.");
        }
        if actor.user_id == target {
            return user("To hand your own turns to the computer, use `/away`; to give your seat to someone, `/replace`.");
        }
        let Some(needed) = self.majority_of_others(&table, actor, target) else {
            return user("Only the other players of this game can vote to kick someone.");
        };
        let votes = store::vote_seat(&mut tx, table.record.id, target, 0, actor.user_id).await?.len();
        let target_name = escape(&table.seats[index].name);
        if votes < needed {
            tx.commit().await?;
            let text = format!(
                "🗳️ {} votes to hand {target_name}'s seat to a computer player ({votes} of {needed} votes needed; `/kick` the same player to agree).",
                escape(&actor.name)
            );
            return Ok(Reply { text, new_message: true, ..Reply::default() });
        }
        store::set_computer(&mut tx, table.record.id, target, Some(Strength::Medium)).await?;
        store::clear_seat_votes(&mut tx, table.record.id, target).await?;
        table.seats[index].computer = Some(Strength::Medium);
        let (_, to_act) = self.commit_seat_change(tx, &mut table).await?;
        let now_too = if table.seats[index].seat.is_some_and(|seat| to_act.contains(&seat)) { " It plays their turn now." } else { "" };
        Ok(Reply {
            text: format!("🥾 By vote, a computer player (medium) takes {target_name}'s seat for the rest of the game.{now_too}"),
            new_message: true,
            ..Reply::default()
        })
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
        tx.commit().await?;
        self.wake_scheduler();
        Ok((loaded, waiting))
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
