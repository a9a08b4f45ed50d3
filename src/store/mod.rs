//! SQLite storage: games, seats, and the action log that is each game's source of truth.
//!
//! Every function takes a connection (`&mut SqliteConnection`) so that the service can run
//! several of them in one transaction. Discord ids are `u64`; SQLite stores them as `i64`
//! (snowflakes stay below 2^63).

use serde::{Serialize, de::DeserializeOwned};
use southseas_engine::{Action, Options};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, Sqlite, SqliteConnection, SqlitePool, Transaction};
use std::str::FromStr;
use std::time::Duration;

pub type GameId = i64;

/// The default database: a file in the working directory, created on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://southseas.db";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Lobby,
    Active,
    Finished,
    Abandoned,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    fn parse(s: &str) -> Result<Status, sqlx::Error> {
        match s {
            "lobby" => Ok(Status::Lobby),
            "active" => Ok(Status::Active),
            "finished" => Ok(Status::Finished),
            "abandoned" => Ok(Status::Abandoned),
            other => Err(sqlx::Error::Decode(format!("unknown game status `{other}`").into())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub id: GameId,
    pub guild_id: u64,
    pub channel_id: u64,
    pub status: Status,
    pub options: Options,
    pub seed: u64,
    pub creator_id: u64,
    pub min_players: usize,
    pub max_players: usize,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// When the game last changed, in unix milliseconds.
    pub changed_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub guild_id: u64,
    pub channel_id: u64,
    pub options: Options,
    pub seed: u64,
    pub creator_id: u64,
    pub min_players: usize,
    pub max_players: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub user_id: u64,
    pub name: String,
    /// Turn order and colour, drawn when the game starts (None in the lobby).
    pub seat: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRecord {
    pub seq: i64,
    pub user_id: u64,
    pub action: Action,
    pub created_at: i64,
}

pub struct Store {
    pool: SqlitePool,
}

/// Errors the store reports as such (the rest are `sqlx::Error`).
#[derive(Debug)]
pub enum InsertError {
    /// The channel already has a lobby or an active game (the unique index said so).
    ChannelBusy,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for InsertError {
    fn from(e: sqlx::Error) -> Self {
        InsertError::Db(e)
    }
}

pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine types serialise")
}

fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, sqlx::Error> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

impl Store {
    /// Opens (creating if missing) the database and runs the migrations.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a commit is on disk before we answer the player, even across a power cut.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new().max_connections(4).connect_with(options).await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// A write transaction that takes SQLite's write lock at once, so that a read-check-write
    /// sequence cannot be interleaved with another writer's (see `Service::act`).
    pub async fn begin_write(&self) -> Result<Transaction<'static, Sqlite>, sqlx::Error> {
        self.pool.begin_with("BEGIN IMMEDIATE").await
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn game_from_row(row: &sqlx::sqlite::SqliteRow) -> Result<GameRecord, sqlx::Error> {
    Ok(GameRecord {
        id: row.try_get("id")?,
        guild_id: row.try_get::<i64, _>("guild_id")? as u64,
        channel_id: row.try_get::<i64, _>("channel_id")? as u64,
        status: Status::parse(row.try_get("status")?)?,
        options: from_json(row.try_get("options")?)?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        creator_id: row.try_get::<i64, _>("creator_id")? as u64,
        min_players: row.try_get::<i64, _>("min_players")? as usize,
        max_players: row.try_get::<i64, _>("max_players")? as usize,
        version: row.try_get("version")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        changed_ms: row.try_get("changed_ms")?,
    })
}

pub async fn insert_game(conn: &mut SqliteConnection, new: &NewGame) -> Result<GameId, InsertError> {
    let now = now();
    let result = sqlx::query(
        "INSERT INTO games (guild_id, channel_id, status, options, seed, creator_id, min_players, max_players, version, created_at, updated_at)
         VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, 0, ?, ?)",
    )
    .bind(new.guild_id as i64)
    .bind(new.channel_id as i64)
    .bind(to_json(&new.options))
    .bind(new.seed as i64)
    .bind(new.creator_id as i64)
    .bind(new.min_players as i64)
    .bind(new.max_players as i64)
    .bind(now)
    .bind(now)
    .execute(&mut *conn)
    .await;
    match result {
        Ok(r) => Ok(r.last_insert_rowid()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(InsertError::ChannelBusy),
        Err(e) => Err(e.into()),
    }
}

pub async fn game(conn: &mut SqliteConnection, id: GameId) -> Result<Option<GameRecord>, sqlx::Error> {
    let row = sqlx::query("SELECT * FROM games WHERE id = ?").bind(id).fetch_optional(&mut *conn).await?;
    row.as_ref().map(game_from_row).transpose()
}

/// The channel's lobby or active game, if any.
pub async fn open_game_in_channel(conn: &mut SqliteConnection, channel_id: u64) -> Result<Option<GameRecord>, sqlx::Error> {
    let row = sqlx::query("SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')")
        .bind(channel_id as i64)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(game_from_row).transpose()
}

/// The channel's most recent game, whatever its status.
pub async fn latest_game_in_channel(conn: &mut SqliteConnection, channel_id: u64) -> Result<Option<GameRecord>, sqlx::Error> {
    let row = sqlx::query("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1")
        .bind(channel_id as i64)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(game_from_row).transpose()
}

/// Sets the status and bumps the version; returns the new version.
pub async fn touch(conn: &mut SqliteConnection, id: GameId, status: Status) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("UPDATE games SET status = ?, version = version + 1, updated_at = ?, changed_ms = ? WHERE id = ? RETURNING version")
        .bind(status.as_str())
        .bind(now())
        .bind(now_ms())
        .bind(id)
        .fetch_one(&mut *conn)
        .await
}

pub async fn seats(conn: &mut SqliteConnection, id: GameId) -> Result<Vec<SeatRecord>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT user_id, name, seat FROM seats WHERE game_id = ? ORDER BY seat, joined").bind(id).fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|r| {
            Ok(SeatRecord {
                user_id: r.try_get::<i64, _>("user_id")? as u64,
                name: r.try_get("name")?,
                seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
            })
        })
        .collect()
}

pub async fn add_seat(conn: &mut SqliteConnection, id: GameId, user_id: u64, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO seats (game_id, user_id, name, joined) VALUES (?, ?, ?, (SELECT COUNT(*) FROM seats WHERE game_id = ?))")
        .bind(id)
        .bind(user_id as i64)
        .bind(name)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn remove_seat(conn: &mut SqliteConnection, id: GameId, user_id: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seats WHERE game_id = ? AND user_id = ?").bind(id).bind(user_id as i64).execute(&mut *conn).await?;
    Ok(())
}

/// Gives each user their seat: `order[i]` plays seat i.
pub async fn assign_seats(conn: &mut SqliteConnection, id: GameId, order: &[u64]) -> Result<(), sqlx::Error> {
    for (seat, user) in order.iter().enumerate() {
        sqlx::query("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?")
            .bind(seat as i64)
            .bind(id)
            .bind(*user as i64)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn actions(conn: &mut SqliteConnection, id: GameId) -> Result<Vec<ActionRecord>, sqlx::Error> {
    let rows = sqlx::query("SELECT seq, user_id, action, created_at FROM actions WHERE game_id = ? ORDER BY seq")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(ActionRecord {
                seq: r.try_get("seq")?,
                user_id: r.try_get::<i64, _>("user_id")? as u64,
                action: from_json(r.try_get("action")?)?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect()
}

pub async fn append_action(conn: &mut SqliteConnection, id: GameId, seq: i64, user_id: u64, action: &Action) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO actions (game_id, seq, user_id, action, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(id)
        .bind(seq)
        .bind(user_id as i64)
        .bind(to_json(action))
        .bind(now())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn delete_action(conn: &mut SqliteConnection, id: GameId, seq: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM actions WHERE game_id = ? AND seq = ?").bind(id).bind(seq).execute(&mut *conn).await?;
    Ok(())
}

/// Records a vote to abandon; returns the number of votes so far.
pub async fn vote_abandon(conn: &mut SqliteConnection, id: GameId, user_id: u64) -> Result<usize, sqlx::Error> {
    sqlx::query("INSERT OR IGNORE INTO abandon_votes (game_id, user_id) VALUES (?, ?)")
        .bind(id)
        .bind(user_id as i64)
        .execute(&mut *conn)
        .await?;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM abandon_votes WHERE game_id = ?").bind(id).fetch_one(&mut *conn).await?;
    Ok(n as usize)
}

/// Remembers a message that shows the game at `version` with buttons on it (a message edited
/// to a newer version keeps its row, with the new version).
pub async fn record_message(conn: &mut SqliteConnection, id: GameId, message_id: u64, kind: &str, version: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT OR REPLACE INTO messages (game_id, message_id, kind, version, created_at, retired) VALUES (?, ?, ?, ?, ?, 0)")
        .bind(id)
        .bind(message_id as i64)
        .bind(kind)
        .bind(version)
        .bind(now())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Messages the bot posted for the game, newest first: (message id, kind, version).
pub async fn messages(conn: &mut SqliteConnection, id: GameId) -> Result<Vec<(u64, String, i64)>, sqlx::Error> {
    let rows = sqlx::query("SELECT message_id, kind, version FROM messages WHERE game_id = ? ORDER BY created_at DESC, message_id DESC")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(|r| Ok((r.try_get::<i64, _>("message_id")? as u64, r.try_get("kind")?, r.try_get("version")?))).collect()
}

// ----- outbox: the messages steps owe their channel ---------------------------------------------

/// Milliseconds since the Unix epoch: outbox leases are shorter than a second in tests.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A message a step owes its channel, not yet posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingPost {
    pub game_id: GameId,
    pub version: i64,
    pub channel_id: u64,
    /// JSON of the service's `Reply`.
    pub reply: String,
}

/// Records the message a step owes, in the step's transaction; the process making the step
/// holds it until `claimed_until` (unix ms).
pub async fn queue_post(conn: &mut SqliteConnection, post: &PendingPost, claimed_until: i64, claimed_by: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT OR REPLACE INTO outbox (game_id, version, channel_id, reply, created_at, claimed_until, claimed_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
        .bind(post.game_id)
        .bind(post.version)
        .bind(post.channel_id as i64)
        .bind(&post.reply)
        .bind(now_ms())
        .bind(claimed_until)
        .bind(claimed_by)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Lets go of every post `claimed_by` holds: a process starting under that name holds nothing
/// yet, so what it held before a crash is due at once.
pub async fn release_claims(conn: &mut SqliteConnection, claimed_by: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("UPDATE outbox SET claimed_until = 0 WHERE claimed_by = ?").bind(claimed_by).execute(&mut *conn).await?.rows_affected())
}

/// Takes up to `limit` posts whose holder let them go (its lease ran out: it died, or could not
/// reach Discord), oldest first, and holds them until `claimed_until`.
pub async fn claim_due_posts(
    conn: &mut SqliteConnection,
    now_ms: i64,
    claimed_until: i64,
    claimed_by: &str,
    limit: i64,
) -> Result<Vec<PendingPost>, sqlx::Error> {
    let rows = sqlx::query(
        "UPDATE outbox SET claimed_until = ?, claimed_by = ?
         WHERE (game_id, version) IN (SELECT game_id, version FROM outbox WHERE claimed_until < ? ORDER BY created_at LIMIT ?)
         RETURNING game_id, version, channel_id, reply",
    )
    .bind(claimed_until)
    .bind(claimed_by)
    .bind(now_ms)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PendingPost {
                game_id: r.try_get("game_id")?,
                version: r.try_get("version")?,
                channel_id: r.try_get::<i64, _>("channel_id")? as u64,
                reply: r.try_get("reply")?,
            })
        })
        .collect()
}

/// Whether any post is due (a read: the sweeper asks this often, and takes the write lock only
/// when there is something to claim).
pub async fn any_due_post(conn: &mut SqliteConnection, now_ms: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM outbox WHERE claimed_until < ?)").bind(now_ms).fetch_one(&mut *conn).await
}

pub async fn remove_post(conn: &mut SqliteConnection, id: GameId, version: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM outbox WHERE game_id = ? AND version = ?").bind(id).bind(version).execute(&mut *conn).await?;
    Ok(())
}

/// Posts still owed, for tests and the operator.
pub async fn pending_posts(conn: &mut SqliteConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox").fetch_one(&mut *conn).await
}

/// Messages whose buttons must go: every message of the game with buttons still on it except
/// the newest one showing the game's current version while the game is open. Returns
/// (game, channel, message) for up to `limit` messages, of one game or of all games whose last
/// change is older than `quiet_since` (unix seconds; the sweeper leaves a game alone while the
/// handler of its last step may still be updating its messages).
pub async fn messages_to_retire(
    conn: &mut SqliteConnection,
    game: Option<GameId>,
    quiet_since: Option<i64>,
    limit: i64,
) -> Result<Vec<(GameId, u64, u64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT m.game_id, g.channel_id, m.message_id FROM messages m JOIN games g ON g.id = m.game_id
         WHERE m.retired = 0 AND (?1 IS NULL OR m.game_id = ?1) AND (?3 IS NULL OR g.updated_at < ?3)
           AND NOT (g.status IN ('lobby', 'active') AND m.version = g.version AND NOT EXISTS (
                SELECT 1 FROM messages newer
                WHERE newer.game_id = m.game_id AND newer.retired = 0 AND newer.version = m.version AND newer.message_id > m.message_id))
         ORDER BY m.game_id, m.message_id LIMIT ?2",
    )
    .bind(game)
    .bind(limit)
    .bind(quiet_since)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("game_id")?, r.try_get::<i64, _>("channel_id")? as u64, r.try_get::<i64, _>("message_id")? as u64)))
        .collect()
}

pub async fn mark_retired(conn: &mut SqliteConnection, id: GameId, message_id: u64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE messages SET retired = 1 WHERE game_id = ? AND message_id = ?")
        .bind(id)
        .bind(message_id as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
