//! What is stored about people apart from a game's log: who plays each seat (a person, the
//! computer, a person away), per-user reminder settings, and votes to hand a seat over.

use super::GameId;
use crate::i18n::Locale;
use crate::kinds::Strength;
use sqlx::{AnyConnection, Row};

/// A user's reminder settings (`/settings`); the defaults for one who never chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub reminders: bool,
    /// By direct message instead of in the game's channel.
    pub direct: bool,
    /// The user's time zone, as minutes from UTC (Discord does not tell bots).
    pub utc_offset_min: i32,
    /// Quiet hours, in minutes after the user's local midnight: (from, to), may wrap midnight.
    pub quiet: Option<(u16, u16)>,
    /// The language they chose for what the bot tells them alone (None: their Discord client's).
    pub language: Option<Locale>,
    /// They keep their name off the leaderboards (migration 0011).
    pub hidden: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { reminders: true, direct: false, utc_offset_min: 0, quiet: None, language: None, hidden: false }
    }
}

pub async fn settings(conn: &mut AnyConnection, user_id: u64) -> Result<Settings, sqlx::Error> {
    let row = sqlx::query(
        "SELECT reminders, direct, utc_offset_min, quiet_from_min, quiet_to_min, language, hide_from_leaderboards FROM user_settings
         WHERE user_id = $1",
    )
    .bind(user_id as i64)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(r) = row else { return Ok(Settings::default()) };
    let from: Option<i64> = r.try_get("quiet_from_min")?;
    let to: Option<i64> = r.try_get("quiet_to_min")?;
    Ok(Settings {
        reminders: r.try_get::<i64, _>("reminders")? != 0,
        direct: r.try_get::<i64, _>("direct")? != 0,
        utc_offset_min: r.try_get::<i64, _>("utc_offset_min")? as i32,
        quiet: from.zip(to).map(|(f, t)| (f as u16, t as u16)),
        language: r.try_get::<Option<String>, _>("language")?.as_deref().and_then(Locale::from_code),
        hidden: r.try_get::<i64, _>("hide_from_leaderboards")? != 0,
    })
}

/// Of `users`, those who keep their names off the leaderboards.
pub async fn hidden_from_leaderboards(conn: &mut AnyConnection, users: &[u64]) -> Result<Vec<u64>, sqlx::Error> {
    let hidden: Vec<i64> =
        sqlx::query_scalar("SELECT user_id FROM user_settings WHERE hide_from_leaderboards <> 0").fetch_all(&mut *conn).await?;
    Ok(hidden.into_iter().map(|u| u as u64).filter(|u| users.contains(u)).collect())
}

pub async fn save_settings(conn: &mut AnyConnection, user_id: u64, s: &Settings) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO user_settings (user_id, reminders, direct, utc_offset_min, quiet_from_min, quiet_to_min, language, hide_from_leaderboards)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders, direct = excluded.direct,
             utc_offset_min = excluded.utc_offset_min, quiet_from_min = excluded.quiet_from_min, quiet_to_min = excluded.quiet_to_min,
             language = excluded.language, hide_from_leaderboards = excluded.hide_from_leaderboards",
    )
    .bind(user_id as i64)
    .bind(i64::from(s.reminders))
    .bind(i64::from(s.direct))
    .bind(i64::from(s.utc_offset_min))
    .bind(s.quiet.map(|q| i64::from(q.0)))
    .bind(s.quiet.map(|q| i64::from(q.1)))
    .bind(s.language.map(Locale::code))
    .bind(i64::from(s.hidden))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Seats a computer player in a lobby, under a user id of its own.
pub async fn add_computer_seat(
    conn: &mut AnyConnection,
    id: GameId,
    user_id: u64,
    name: &str,
    strength: Strength,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO seats (game_id, user_id, name, joined, computer) VALUES ($1, $2, $3, (SELECT COUNT(*) FROM seats WHERE game_id = $1), $4)",
    )
    .bind(id)
    .bind(user_id as i64)
    .bind(name)
    .bind(strength.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The computer plays the user's seat from now on (None: the person again).
pub async fn set_computer(conn: &mut AnyConnection, id: GameId, user_id: u64, strength: Option<Strength>) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE seats SET computer = $1 WHERE game_id = $2 AND user_id = $3")
        .bind(strength.map(Strength::as_str))
        .bind(id)
        .bind(user_id as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The user is away until `until` (unix ms), or back (None).
pub async fn set_away(conn: &mut AnyConnection, id: GameId, user_id: u64, until: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE seats SET away_until = $1 WHERE game_id = $2 AND user_id = $3")
        .bind(until)
        .bind(id)
        .bind(user_id as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Hands `from`'s seat to `to` (a person not seated in the game), under `name`. The log keeps
/// who made each step.
pub async fn move_seat(conn: &mut AnyConnection, id: GameId, from: u64, to: u64, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE seats SET user_id = $1, name = $2, computer = NULL, away_until = NULL WHERE game_id = $3 AND user_id = $4")
        .bind(to as i64)
        .bind(name)
        .bind(id)
        .bind(from as i64)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM seat_votes WHERE game_id = $1 AND (target = $2 OR voter = $2)")
        .bind(id)
        .bind(from as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records `voter`'s vote to hand `target`'s seat to `proposed` (0: the computer); returns the
/// voters for that proposal so far.
pub async fn vote_seat(conn: &mut AnyConnection, id: GameId, target: u64, proposed: u64, voter: u64) -> Result<Vec<u64>, sqlx::Error> {
    sqlx::query("INSERT INTO seat_votes (game_id, target, proposed, voter) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
        .bind(id)
        .bind(target as i64)
        .bind(proposed as i64)
        .bind(voter as i64)
        .execute(&mut *conn)
        .await?;
    let voters: Vec<i64> = sqlx::query_scalar("SELECT voter FROM seat_votes WHERE game_id = $1 AND target = $2 AND proposed = $3")
        .bind(id)
        .bind(target as i64)
        .bind(proposed as i64)
        .fetch_all(&mut *conn)
        .await?;
    Ok(voters.into_iter().map(|v| v as u64).collect())
}

/// Forgets the votes about `target`'s seat (once one passed).
pub async fn clear_seat_votes(conn: &mut AnyConnection, id: GameId, target: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seat_votes WHERE game_id = $1 AND target = $2").bind(id).bind(target as i64).execute(&mut *conn).await?;
    Ok(())
}
