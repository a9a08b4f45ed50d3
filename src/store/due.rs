//! The scheduler's due items: what must happen to a game at a time (the computer plays, a
//! reminder, a deadline, a lobby nobody touched closes), one row per game, kind and person,
//! indexed by due time. Rows are written in the transaction of the change that set them; a
//! process claims a due row for a lease while it handles it, and the handling re-checks the
//! game's version under the game's lock.

use super::GameId;
use sqlx::{AnyConnection, Row};

/// What a due item does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DueKind {
    /// The computer plays for the seat the game waits for.
    Computer,
    /// Ping the player the game waits for.
    Reminder,
    /// The player's time for the turn is up.
    Deadline,
    /// A lobby nobody changed for a while closes (user 0: it waits for nobody in particular).
    Lobby,
    /// A finished game's timelapse is encoded and posted after its game-over message (user 0).
    Timelapse,
}

impl DueKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DueKind::Computer => "computer",
            DueKind::Reminder => "reminder",
            DueKind::Deadline => "deadline",
            DueKind::Lobby => "lobby",
            DueKind::Timelapse => "timelapse",
        }
    }

    fn parse(s: &str) -> Result<DueKind, sqlx::Error> {
        match s {
            "computer" => Ok(DueKind::Computer),
            "reminder" => Ok(DueKind::Reminder),
            "deadline" => Ok(DueKind::Deadline),
            "lobby" => Ok(DueKind::Lobby),
            "timelapse" => Ok(DueKind::Timelapse),
            other => Err(sqlx::Error::Decode(format!("unknown due kind `{other}`").into())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    pub game_id: GameId,
    pub kind: DueKind,
    /// The game's version when it was set: it acts only while the game is still there.
    pub version: i64,
    /// Unix ms.
    pub due_at: i64,
    /// Who the game waits for.
    pub user_id: u64,
    /// Since when it waits for them (unix ms).
    pub since: i64,
    /// Reminders already sent for this wait.
    pub sent: i64,
}

fn due_from_row(r: &sqlx::any::AnyRow) -> Result<Due, sqlx::Error> {
    Ok(Due {
        game_id: r.try_get("game_id")?,
        kind: DueKind::parse(r.try_get("kind")?)?,
        version: r.try_get("version")?,
        due_at: r.try_get("due_at")?,
        user_id: r.try_get::<i64, _>("user_id")? as u64,
        since: r.try_get("since")?,
        sent: r.try_get("sent")?,
    })
}

const DUE_COLUMNS: &str = "game_id, kind, version, due_at, user_id, since, sent";

/// Sets the game's item of this kind for this person (replacing the one before), unclaimed.
pub async fn set_due(conn: &mut AnyConnection, due: &Due) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO due (game_id, kind, version, due_at, user_id, since, sent, claimed_until, claimed_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, '')
         ON CONFLICT (game_id, kind, user_id) DO UPDATE
         SET version = excluded.version, due_at = excluded.due_at, since = excluded.since,
             sent = excluded.sent, claimed_until = 0, claimed_by = ''",
    )
    .bind(due.game_id)
    .bind(due.kind.as_str())
    .bind(due.version)
    .bind(due.due_at)
    .bind(due.user_id as i64)
    .bind(due.since)
    .bind(due.sent)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Removes the game's item of this kind, or all of its items.
pub async fn clear_due(conn: &mut AnyConnection, game: GameId, kind: Option<DueKind>) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM due WHERE game_id = $1 AND ($2 IS NULL OR kind = $2)")
        .bind(game)
        .bind(kind.map(DueKind::as_str))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Removes the game's item of this kind for this person.
pub async fn clear_due_of(conn: &mut AnyConnection, game: GameId, kind: DueKind, user_id: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM due WHERE game_id = $1 AND kind = $2 AND user_id = $3")
        .bind(game)
        .bind(kind.as_str())
        .bind(user_id as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The game's items, as they are now.
pub async fn due_items(conn: &mut AnyConnection, game: GameId) -> Result<Vec<Due>, sqlx::Error> {
    let rows =
        sqlx::query(&format!("SELECT {DUE_COLUMNS} FROM due WHERE game_id = $1 ORDER BY kind")).bind(game).fetch_all(&mut *conn).await?;
    rows.iter().map(due_from_row).collect()
}

/// Takes up to `limit` items due by `now_ms` that nobody holds, soonest first, for this process
/// until `claimed_until`. (The outer re-check keeps two processes from taking one item; see
/// `claim_due_posts`.)
pub async fn claim_due(
    conn: &mut AnyConnection,
    now_ms: i64,
    claimed_until: i64,
    claimed_by: &str,
    limit: i64,
) -> Result<Vec<Due>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "UPDATE due SET claimed_until = $1, claimed_by = $2
         WHERE due_at <= $3 AND claimed_until < $3
           AND (game_id, kind, user_id) IN (
               SELECT game_id, kind, user_id FROM due WHERE due_at <= $3 AND claimed_until < $3 ORDER BY due_at LIMIT $4)
         RETURNING {DUE_COLUMNS}"
    ))
    .bind(claimed_until)
    .bind(claimed_by)
    .bind(now_ms)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    let mut items = rows.iter().map(due_from_row).collect::<Result<Vec<_>, _>>()?;
    items.sort_by_key(|d| d.due_at);
    Ok(items)
}

/// Keeps `item` claimed by `claimed_by` until `claimed_until`, longer than the lease it was
/// claimed for (work that takes longer, such as a timelapse's encoding). Returns false when
/// the item changed since, or `claimed_by` no longer holds it.
pub async fn hold_due(conn: &mut AnyConnection, item: &Due, claimed_until: i64, claimed_by: &str) -> Result<bool, sqlx::Error> {
    let held = sqlx::query(
        "UPDATE due SET claimed_until = $1
         WHERE game_id = $2 AND kind = $3 AND user_id = $4 AND version = $5 AND due_at = $6 AND claimed_by = $7",
    )
    .bind(claimed_until)
    .bind(item.game_id)
    .bind(item.kind.as_str())
    .bind(item.user_id as i64)
    .bind(item.version)
    .bind(item.due_at)
    .bind(claimed_by)
    .execute(&mut *conn)
    .await?;
    Ok(held.rows_affected() > 0)
}

/// Lets go of every item `claimed_by` holds (a process starting under that name holds nothing).
pub async fn release_due_claims(conn: &mut AnyConnection, claimed_by: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("UPDATE due SET claimed_until = 0 WHERE claimed_by = $1").bind(claimed_by).execute(&mut *conn).await?.rows_affected())
}

/// An item `claimed_by` holds whose handling failed (the database went away mid-way): due
/// again at `at` (unix ms), not when the claim's lease runs out.
pub async fn retry_due_at(
    conn: &mut AnyConnection,
    game: GameId,
    kind: DueKind,
    user: u64,
    claimed_by: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE due SET claimed_until = $5 WHERE game_id = $1 AND kind = $2 AND user_id = $3 AND claimed_by = $4 AND claimed_until > $5",
    )
    .bind(game)
    .bind(kind.as_str())
    .bind(user as i64)
    .bind(claimed_by)
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Lets go of the game's item of this kind if someone holds it (it is due again at once).
/// Returns whether one was held.
pub async fn release_due(conn: &mut AnyConnection, game: GameId, kind: DueKind) -> Result<bool, sqlx::Error> {
    let released = sqlx::query("UPDATE due SET claimed_until = 0, claimed_by = '' WHERE game_id = $1 AND kind = $2 AND claimed_until > 0")
        .bind(game)
        .bind(kind.as_str())
        .execute(&mut *conn)
        .await?;
    Ok(released.rows_affected() > 0)
}

/// When the next item falls due (unix ms), if any: the scheduler sleeps until then. An item
/// someone holds counts from the end of its claim.
pub async fn next_due_at(conn: &mut AnyConnection) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END) FROM due")
        .fetch_one(&mut *conn)
        .await
}
