//! Storage: games, seats, and the action log that is each game's source of truth.
//!
//! One set of SQL statements for both databases: SQLite (the embedded default) and PostgreSQL
//! (for several processes), through sqlx's `Any` driver, chosen by the URL. The statements use
//! what both understand (`$1` parameters, `ON CONFLICT`, `RETURNING`, BIGINT integers); the
//! schemas live side by side in `migrations/sqlite` and `migrations/postgres`.
//!
//! Every function takes a connection (`&mut AnyConnection`) so that the service can run several
//! of them in one transaction. Discord ids are `u64`; both databases store them as `i64`
//! (snowflakes stay below 2^63).
//!
//! Writers never interleave on one game: on SQLite a write transaction takes the database's
//! write lock at its start (`BEGIN IMMEDIATE`); on PostgreSQL every read of a game's row locks
//! it (`FOR UPDATE`) until the transaction ends, so the read-check-write of a step is atomic
//! per game while other games proceed in parallel.

mod due;
mod people;
mod servers;
mod timelapses;
mod web;

pub use due::*;
pub use people::*;
pub use servers::*;
pub use timelapses::*;
pub use web::*;

use crate::i18n::Locale;
use crate::kinds::{GameKind, Strength};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor, Row, Transaction};
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
    /// Which game this is: its engine replays the log.
    pub kind: GameKind,
    /// The frozen rules data (for South Seas: tile set and ships) the game was dealt from.
    pub ruleset: i64,
    pub guild_id: u64,
    pub channel_id: u64,
    pub status: Status,
    /// The game's options in its engine's stored form (the store does not read it).
    pub options: String,
    pub seed: u64,
    pub creator_id: u64,
    pub min_players: usize,
    pub max_players: usize,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// When the game last changed, in unix milliseconds.
    pub changed_ms: i64,
    /// How long each player has for a turn, in seconds (0: no limit).
    pub turn_limit_secs: i64,
    /// What happens when a player's time runs out.
    pub on_timeout: OnTimeout,
    /// The language of its public messages and pictures (games stored before languages: English).
    pub language: Locale,
    /// Who paused the running game and when, while it is paused (migration 0007).
    pub paused: Option<Pause>,
    /// The secret salt of the deal's commitment (hex), drawn when the game starts (migration
    /// 0010); None in a lobby and in games started before.
    pub salt: Option<String>,
}

/// A pause of a running game: nothing is played, reminded or timed until it resumes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pause {
    /// Who paused it (a moderator or the game's opener), and their name as shown then.
    pub by: u64,
    pub name: String,
    /// Since when (unix ms, the service's clock).
    pub at_ms: i64,
}

/// What happens when a player's turn time runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnTimeout {
    /// A computer player takes that one turn for them.
    #[default]
    PlayTurn,
    /// A computer player takes their seat for the rest of the game.
    Replace,
}

impl OnTimeout {
    pub fn as_str(self) -> &'static str {
        match self {
            OnTimeout::PlayTurn => "play-turn",
            OnTimeout::Replace => "replace",
        }
    }

    pub fn parse(s: &str) -> Option<OnTimeout> {
        [OnTimeout::PlayTurn, OnTimeout::Replace].into_iter().find(|o| o.as_str() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub kind: GameKind,
    pub ruleset: i64,
    pub guild_id: u64,
    pub channel_id: u64,
    /// The game's options in its engine's stored form (the store does not read it).
    pub options: String,
    pub seed: u64,
    pub creator_id: u64,
    pub min_players: usize,
    pub max_players: usize,
    pub turn_limit_secs: i64,
    pub on_timeout: OnTimeout,
    pub language: Locale,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub user_id: u64,
    pub name: String,
    /// Turn order and colour, drawn when the game starts (None in the lobby).
    pub seat: Option<usize>,
    /// The computer plays this seat, at this strength (a computer player, or a person the
    /// computer replaced).
    pub computer: Option<Strength>,
    /// The person is away until then (unix ms; `i64::MAX`: until they are back): the computer
    /// plays their turns meanwhile.
    pub away_until: Option<i64>,
    /// The language they chose for what the bot tells them alone (`/settings language`; None:
    /// not chosen), read with the seats so that a change's private posts cost no query.
    pub language: Option<Locale>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRecord {
    pub seq: i64,
    pub user_id: u64,
    /// The seat the step was taken for; None in logs stored before seats were recorded
    /// (migration 0005), whose game (South Seas) knows it from the state.
    pub seat: Option<usize>,
    /// The action in its game's stored form (for South Seas, `southseas_engine::record`).
    pub action: String,
    pub created_at: i64,
}

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }

    fn of(conn: &AnyConnection) -> Backend {
        if conn.backend_name() == "PostgreSQL" { Backend::Postgres } else { Backend::Sqlite }
    }
}

pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// What the last interactions handled cost (see [`Store::note`]), and how many were noted.
    noted: std::sync::Mutex<(usize, std::collections::VecDeque<(String, Tally)>)>,
}

/// How many interactions' tallies [`Store::noted`] keeps.
const NOTED: usize = 32;

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

/// How long PostgreSQL's pool tries for a connection before the work fails. A step holds a
/// connection for milliseconds, so a pool that has none to give for 5 s is cut off from its
/// server (stopped, restarting, unreachable) or far past its load, and the person who tapped is
/// better told soon that nothing changed than after the 10 s we waited before (11 to 12.5 s
/// after a stop). Not less: a loaded machine opens a connection in seconds (3 s failed a soak's
/// own looks). Background work that fails this way is due again a second later.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

impl Store {
    /// Opens the database the URL names (`sqlite://FILE`, created if missing, or
    /// `postgres://…`) and runs the migrations.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url).ok_or_else(|| {
            sqlx::Error::Configuration(format!("DATABASE_URL must start with sqlite:// or postgres://, not `{}`", redact(url)).into())
        })?;
        let pool = match backend {
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(4)
                    .before_acquire(|_, _| {
                        count(|t| t.sessions += 1);
                        Box::pin(async { Ok(true) })
                    })
                    .after_connect(|conn, _| {
                        count(|t| t.sessions += 1);
                        Box::pin(async move {
                            // WAL: readers never wait for the writer. FULL: a commit is on disk
                            // before we answer the player, even across a power cut. Foreign keys
                            // and a 5 s busy timeout are sqlx's defaults for SQLite.
                            conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;").await?;
                            Ok(())
                        })
                    })
                    .after_release(|conn, _| {
                        Box::pin(async move {
                            // A failed COMMIT that SQLite had already rolled back (a full disk)
                            // leaves the connection believing it is inside a transaction, and it
                            // would refuse every later BEGIN. Let the pending rollback run, then
                            // drop such a connection rather than hand it out again.
                            if conn.is_in_transaction() {
                                conn.ping().await?;
                            }
                            Ok(!conn.is_in_transaction())
                        })
                    })
                    .connect(&sqlite_create_if_missing(url))
                    .await?
            }
            Backend::Postgres => {
                // Each process holds a few connections; a step holds one for a few milliseconds.
                AnyPoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .before_acquire(|_, _| {
                        count(|t| t.sessions += 1);
                        Box::pin(async { Ok(true) })
                    })
                    .after_connect(|_, _| {
                        count(|t| t.sessions += 1);
                        Box::pin(async { Ok(()) })
                    })
                    .connect(url)
                    .await?
            }
        };
        match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite").run(&pool).await?,
            Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&pool).await?,
        }
        Ok(Store { pool, backend, noted: Default::default() })
    }

    /// Keeps what handling an interaction (`what`: a tap, a command) cost in sessions, the last
    /// few (tests read them with [`Store::noted`]), and says it in the log at debug level.
    pub fn note(&self, what: &str, tally: Tally) {
        tracing::debug!(what, sessions = tally.sessions, writes = tally.writes, "database sessions");
        let mut noted = self.noted.lock().expect("noted lock");
        if noted.1.len() == NOTED {
            noted.1.pop_front();
        }
        noted.1.push_back((what.to_string(), tally));
        noted.0 += 1;
    }

    /// How many interactions were noted by [`Store::note`] so far.
    pub fn noted_count(&self) -> usize {
        self.noted.lock().expect("noted lock").0
    }

    /// The tallies noted by [`Store::note`] after the first `seen`, oldest first (of the last
    /// few: older ones are not kept).
    pub fn noted_since(&self, seen: usize) -> Vec<(String, Tally)> {
        let noted = self.noted.lock().expect("noted lock");
        let kept_from = noted.0 - noted.1.len();
        noted.1.iter().skip(seen.saturating_sub(kept_from)).cloned().collect()
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A write transaction whose read-check-write cannot be interleaved with another writer's
    /// on the same game (see `Service::act`): SQLite's write lock is taken at once; on
    /// PostgreSQL the game's row is locked when the transaction first reads it.
    pub async fn begin_write(&self) -> Result<Transaction<'static, Any>, sqlx::Error> {
        count(|t| t.writes += 1);
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// How many database sessions some work took: connections lent by the pool (each one costs a
/// round trip before any statement: the pool checks a connection before lending it) and, of
/// those, write transactions ([`Store::begin_write`]: SQLite's one writer, a commit on disk).
/// Counted for work run inside [`tallied`] only (tests; the Discord layer's line per tap in
/// the log); elsewhere counting is a task-local lookup that finds no tally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub sessions: u32,
    pub writes: u32,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.sessions += other.sessions;
        self.writes += other.writes;
    }
}

tokio::task_local! {
    static TALLY: std::cell::Cell<Tally>;
}

/// Runs `work`, counting the database sessions it takes on its own task (what it spawns is
/// not counted). A tally inside another adds to it as well.
pub async fn tallied<F: std::future::Future>(work: F) -> (F::Output, Tally) {
    let (out, tally) = TALLY
        .scope(std::cell::Cell::new(Tally::default()), async {
            let out = work.await;
            (out, TALLY.with(std::cell::Cell::get))
        })
        .await;
    count(|t| *t += tally);
    (out, tally)
}

/// Adds to the tally of the work running now, if it is tallied.
fn count(add: impl FnOnce(&mut Tally)) {
    let _ = TALLY.try_with(|cell| {
        let mut tally = cell.get();
        add(&mut tally);
        cell.set(tally);
    });
}

/// A SQLite URL with `mode=rwc` unless it says otherwise: the database file is created on
/// first start.
fn sqlite_create_if_missing(url: &str) -> String {
    if url.contains("mode=") || url.contains(":memory:") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

/// The URL without its password, for error messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.find(':') {
                Some(colon) => format!("{}{}:***{}", &url[..scheme + 3], &userinfo[..colon], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Appended to a read of a game's row: on PostgreSQL the row stays locked until the
/// transaction ends, so writers to one game take turns (SQLite's write lock already does this).
fn lock_row(conn: &AnyConnection) -> &'static str {
    match Backend::of(conn) {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    }
}

fn game_from_row(row: &AnyRow) -> Result<GameRecord, sqlx::Error> {
    Ok(GameRecord {
        id: row.try_get("id")?,
        kind: {
            let name: String = row.try_get("kind")?;
            GameKind::parse(&name)
                .ok_or_else(|| sqlx::Error::Decode(format!("a game of kind `{name}`, which this version does not host").into()))?
        },
        ruleset: row.try_get("ruleset")?,
        guild_id: row.try_get::<i64, _>("guild_id")? as u64,
        channel_id: row.try_get::<i64, _>("channel_id")? as u64,
        status: Status::parse(row.try_get("status")?)?,
        options: row.try_get("options")?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        creator_id: row.try_get::<i64, _>("creator_id")? as u64,
        min_players: row.try_get::<i64, _>("min_players")? as usize,
        max_players: row.try_get::<i64, _>("max_players")? as usize,
        version: row.try_get("version")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        changed_ms: row.try_get("changed_ms")?,
        turn_limit_secs: row.try_get("turn_limit_secs")?,
        on_timeout: {
            let name: String = row.try_get("on_timeout")?;
            OnTimeout::parse(&name).ok_or_else(|| sqlx::Error::Decode(format!("unknown on_timeout `{name}`").into()))?
        },
        // A language this version does not speak (stored by a newer one): English, which every
        // version speaks, rather than a game nobody can open.
        language: Locale::from_code(&row.try_get::<String, _>("language")?).unwrap_or_default(),
        paused: match row.try_get::<Option<i64>, _>("paused_by")? {
            None => None,
            Some(by) => Some(Pause {
                by: by as u64,
                name: row.try_get::<Option<String>, _>("paused_by_name")?.unwrap_or_default(),
                at_ms: row.try_get::<Option<i64>, _>("paused_at")?.unwrap_or_default(),
            }),
        },
        salt: row.try_get("salt")?,
    })
}

const GAME_COLUMNS: &str = "id, kind, ruleset, guild_id, channel_id, status, options, seed, creator_id, min_players, max_players, \
     version, created_at, updated_at, changed_ms, turn_limit_secs, on_timeout, language, paused_by, paused_by_name, paused_at, salt";

pub async fn insert_game(conn: &mut AnyConnection, new: &NewGame) -> Result<GameId, InsertError> {
    let now = now();
    let result = sqlx::query_scalar(
        "INSERT INTO games (kind, ruleset, guild_id, channel_id, status, options, seed, creator_id, min_players, max_players, version,
                            created_at, updated_at, turn_limit_secs, on_timeout, language)
         VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $8, $9, 0, $10, $10, $11, $12, $13) RETURNING id",
    )
    .bind(new.kind.as_str())
    .bind(new.ruleset)
    .bind(new.guild_id as i64)
    .bind(new.channel_id as i64)
    .bind(&new.options)
    .bind(new.seed as i64)
    .bind(new.creator_id as i64)
    .bind(new.min_players as i64)
    .bind(new.max_players as i64)
    .bind(now)
    .bind(new.turn_limit_secs)
    .bind(new.on_timeout.as_str())
    .bind(new.language.code())
    .fetch_one(&mut *conn)
    .await;
    match result {
        Ok(id) => Ok(id),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(InsertError::ChannelBusy),
        Err(e) => Err(e.into()),
    }
}

pub async fn game(conn: &mut AnyConnection, id: GameId) -> Result<Option<GameRecord>, sqlx::Error> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1{}", lock_row(conn));
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut *conn).await?;
    row.as_ref().map(game_from_row).transpose()
}

/// The channel's lobby or active game, if any.
pub async fn open_game_in_channel(conn: &mut AnyConnection, channel_id: u64) -> Result<Option<GameRecord>, sqlx::Error> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status IN ('lobby', 'active'){}", lock_row(conn));
    let row = sqlx::query(&sql).bind(channel_id as i64).fetch_optional(&mut *conn).await?;
    row.as_ref().map(game_from_row).transpose()
}

/// The channel's most recent game, whatever its status.
pub async fn latest_game_in_channel(conn: &mut AnyConnection, channel_id: u64) -> Result<Option<GameRecord>, sqlx::Error> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1{}", lock_row(conn));
    let row = sqlx::query(&sql).bind(channel_id as i64).fetch_optional(&mut *conn).await?;
    row.as_ref().map(game_from_row).transpose()
}

/// The server's finished games (of one game, or all), in the order they finished (then by
/// id): what stats and ratings are computed from. Abandoned games are not among them.
pub async fn finished_games(conn: &mut AnyConnection, guild_id: u64, kind: Option<GameKind>) -> Result<Vec<GameRecord>, sqlx::Error> {
    let sql = format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1 AND status = 'finished' AND ($2 IS NULL OR kind = $2) ORDER BY updated_at, id"
    );
    let rows = sqlx::query(&sql).bind(guild_id as i64).bind(kind.map(GameKind::as_str)).fetch_all(&mut *conn).await?;
    rows.iter().map(game_from_row).collect()
}

/// The channel's finished games, newest first, at most `limit` (`/replay`'s choices).
pub async fn finished_games_in_channel(conn: &mut AnyConnection, channel_id: u64, limit: i64) -> Result<Vec<GameRecord>, sqlx::Error> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status = 'finished' ORDER BY id DESC LIMIT $2");
    let rows = sqlx::query(&sql).bind(channel_id as i64).bind(limit).fetch_all(&mut *conn).await?;
    rows.iter().map(game_from_row).collect()
}

/// Sets the status and bumps the version; returns the new version.
pub async fn touch(conn: &mut AnyConnection, id: GameId, status: Status) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE games SET status = $1, version = version + 1, updated_at = $2, changed_ms = $3 WHERE id = $4 RETURNING version",
    )
    .bind(status.as_str())
    .bind(now())
    .bind(now_ms())
    .bind(id)
    .fetch_one(&mut *conn)
    .await
}

/// Stores the secret salt of the game's deal commitment (when it starts).
pub async fn set_salt(conn: &mut AnyConnection, id: GameId, salt: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET salt = $1 WHERE id = $2").bind(salt).bind(id).execute(&mut *conn).await?;
    Ok(())
}

/// Pauses the game (`Some`) or resumes it (`None`); the caller bumps its version.
pub async fn set_paused(conn: &mut AnyConnection, id: GameId, pause: Option<&Pause>) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET paused_by = $1, paused_by_name = $2, paused_at = $3 WHERE id = $4")
        .bind(pause.map(|p| p.by as i64))
        .bind(pause.map(|p| p.name.clone()))
        .bind(pause.map(|p| p.at_ms))
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn seats(conn: &mut AnyConnection, id: GameId) -> Result<Vec<SeatRecord>, sqlx::Error> {
    // NULLs first on both databases: lobby seats (no seat yet) in join order.
    let rows = sqlx::query(
        "SELECT s.user_id, s.name, s.seat, s.computer, s.away_until, u.language FROM seats s
         LEFT JOIN user_settings u ON u.user_id = s.user_id
         WHERE s.game_id = $1 ORDER BY s.seat IS NOT NULL, s.seat, s.joined",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(SeatRecord {
                user_id: r.try_get::<i64, _>("user_id")? as u64,
                name: r.try_get("name")?,
                seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
                computer: match r.try_get::<Option<String>, _>("computer")? {
                    None => None,
                    Some(name) => Some(name.parse().map_err(|e: String| sqlx::Error::Decode(e.into()))?),
                },
                away_until: r.try_get("away_until")?,
                language: r.try_get::<Option<String>, _>("language")?.as_deref().and_then(Locale::from_code),
            })
        })
        .collect()
}

pub async fn add_seat(conn: &mut AnyConnection, id: GameId, user_id: u64, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO seats (game_id, user_id, name, joined) VALUES ($1, $2, $3, (SELECT COUNT(*) FROM seats WHERE game_id = $1))")
        .bind(id)
        .bind(user_id as i64)
        .bind(name)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn remove_seat(conn: &mut AnyConnection, id: GameId, user_id: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM seats WHERE game_id = $1 AND user_id = $2").bind(id).bind(user_id as i64).execute(&mut *conn).await?;
    Ok(())
}

/// Gives each user their seat: `order[i]` plays seat i.
pub async fn assign_seats(conn: &mut AnyConnection, id: GameId, order: &[u64]) -> Result<(), sqlx::Error> {
    for (seat, user) in order.iter().enumerate() {
        sqlx::query("UPDATE seats SET seat = $1 WHERE game_id = $2 AND user_id = $3")
            .bind(seat as i64)
            .bind(id)
            .bind(*user as i64)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn actions(conn: &mut AnyConnection, id: GameId) -> Result<Vec<ActionRecord>, sqlx::Error> {
    let rows = sqlx::query("SELECT seq, user_id, seat, action, created_at FROM actions WHERE game_id = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(ActionRecord {
                seq: r.try_get("seq")?,
                user_id: r.try_get::<i64, _>("user_id")? as u64,
                seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
                action: r.try_get("action")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect()
}

/// Logs step `seq` of a game: who took it, for which seat, and the action's stored form.
pub async fn append_action(
    conn: &mut AnyConnection,
    id: GameId,
    seq: i64,
    user_id: u64,
    seat: usize,
    action: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO actions (game_id, seq, user_id, seat, action, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(seq)
        .bind(user_id as i64)
        .bind(seat as i64)
        .bind(action)
        .bind(now())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn delete_action(conn: &mut AnyConnection, id: GameId, seq: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM actions WHERE game_id = $1 AND seq = $2").bind(id).bind(seq).execute(&mut *conn).await?;
    Ok(())
}

/// Records a vote to abandon; returns the number of votes so far.
pub async fn vote_abandon(conn: &mut AnyConnection, id: GameId, user_id: u64) -> Result<usize, sqlx::Error> {
    sqlx::query("INSERT INTO abandon_votes (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(id)
        .bind(user_id as i64)
        .execute(&mut *conn)
        .await?;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM abandon_votes WHERE game_id = $1").bind(id).fetch_one(&mut *conn).await?;
    Ok(n as usize)
}

/// Remembers a message that shows the game at `version` with buttons on it (a message edited
/// to a newer version keeps its row, with the new version). Never lowers a message's version: a
/// step's late record of its message must not undo the record of a newer step that has since
/// edited the same message in place (its buttons would be retired while they are current).
pub async fn record_message(conn: &mut AnyConnection, id: GameId, message_id: u64, kind: &str, version: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO messages (game_id, message_id, kind, version, created_at, retired) VALUES ($1, $2, $3, $4, $5, 0)
         ON CONFLICT (game_id, message_id) DO UPDATE
         SET kind = excluded.kind, version = excluded.version, created_at = excluded.created_at, retired = 0, claimed_until = 0
         WHERE excluded.version >= messages.version",
    )
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
pub async fn messages(conn: &mut AnyConnection, id: GameId) -> Result<Vec<(u64, String, i64)>, sqlx::Error> {
    let rows = sqlx::query("SELECT message_id, kind, version FROM messages WHERE game_id = $1 ORDER BY created_at DESC, message_id DESC")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(|r| Ok((r.try_get::<i64, _>("message_id")? as u64, r.try_get("kind")?, r.try_get("version")?))).collect()
}

// ----- outbox: the messages steps owe their channel ---------------------------------------------

/// The recipient of a post for the whole channel.
pub const CHANNEL: u64 = 0;

/// Milliseconds since the Unix epoch: outbox leases are shorter than a second in tests.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// A message a step owes its channel, not yet posted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingPost {
    pub game_id: GameId,
    pub version: i64,
    /// Who it is for: [`CHANNEL`] (everyone), else one player's user id (a private view).
    pub recipient: u64,
    pub channel_id: u64,
    /// JSON of the service's `Reply`.
    pub reply: String,
}

/// What recording a post does when one is already owed for that version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IfOwed {
    /// The new one replaces it (a step's message: the newest word on that version).
    Replace,
    /// The one owed stands and the new one is not recorded (a notice: the owed message says it).
    Keep,
}

/// Whether a post waits for the computers' run to tell it (a typed step that handed them the
/// turn; migration 0013): the run, or any change that comes first, takes the post over while
/// it is held; a restart of its holder does not free it, and once the sweeper claimed it (its
/// lease ran out) it is posted as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// Posted by its holder at once.
    No,
    /// Held for the computers' run.
    ForRun,
}

/// Records the message a step owes, in the step's transaction; the process making the step
/// holds it until `claimed_until` (unix ms). Returns whether it was recorded.
pub async fn queue_post(
    conn: &mut AnyConnection,
    post: &PendingPost,
    claimed_until: i64,
    claimed_by: &str,
    hold: Hold,
    if_owed: IfOwed,
) -> Result<bool, sqlx::Error> {
    let on_conflict = match if_owed {
        IfOwed::Replace => {
            "DO UPDATE SET channel_id = excluded.channel_id, reply = excluded.reply, created_at = excluded.created_at,
             claimed_until = excluded.claimed_until, claimed_by = excluded.claimed_by, held_for_run = excluded.held_for_run"
        }
        IfOwed::Keep => "DO NOTHING",
    };
    let done = sqlx::query(&format!(
        "INSERT INTO outbox (game_id, version, recipient, channel_id, reply, created_at, claimed_until, claimed_by, held_for_run)
         VALUES ($1, $2, $8, $3, $4, $5, $6, $7, $9)
         ON CONFLICT (game_id, version, recipient) {on_conflict}"
    ))
    .bind(post.game_id)
    .bind(post.version)
    .bind(post.channel_id as i64)
    .bind(&post.reply)
    .bind(now_ms())
    .bind(claimed_until)
    .bind(claimed_by)
    .bind(post.recipient as i64)
    .bind(i64::from(hold == Hold::ForRun))
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Lets go of every post `claimed_by` holds: a process starting under that name holds nothing
/// yet, so what it held before a crash is due at once; a post held for the computers' run
/// still waits for it (see [`Hold`]).
pub async fn release_claims(conn: &mut AnyConnection, claimed_by: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("UPDATE outbox SET claimed_until = 0 WHERE claimed_by = $1 AND held_for_run = 0")
        .bind(claimed_by)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// Takes up to `limit` posts whose holder let them go (its lease ran out: it died, or could not
/// reach Discord), oldest first, and holds them until `claimed_until`. A post held for the
/// computers' run is held no more: it is posted as it is.
///
/// The outer `claimed_until < $3` matters on PostgreSQL: two processes claiming at once may
/// pick the same rows in the subquery; the second waits for the first's row locks and then
/// re-checks the outer condition against the updated rows, so it skips what the first took.
pub async fn claim_due_posts(
    conn: &mut AnyConnection,
    now_ms: i64,
    claimed_until: i64,
    claimed_by: &str,
    limit: i64,
) -> Result<Vec<PendingPost>, sqlx::Error> {
    let rows = sqlx::query(
        "UPDATE outbox SET claimed_until = $1, claimed_by = $2, held_for_run = 0
         WHERE claimed_until < $3
           AND (game_id, version, recipient) IN (
               SELECT game_id, version, recipient FROM outbox WHERE claimed_until < $3 ORDER BY created_at LIMIT $4)
         RETURNING game_id, version, recipient, channel_id, reply",
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
                recipient: r.try_get::<i64, _>("recipient")? as u64,
                channel_id: r.try_get::<i64, _>("channel_id")? as u64,
                reply: r.try_get("reply")?,
            })
        })
        .collect()
}

/// Whether any post is due (a read: the sweeper asks this often, and takes the write lock only
/// when there is something to claim).
pub async fn any_due_post(conn: &mut AnyConnection, now_ms: i64) -> Result<bool, sqlx::Error> {
    // A count, not EXISTS: SQLite answers EXISTS with an integer, PostgreSQL with a boolean.
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM (SELECT 1 FROM outbox WHERE claimed_until < $1 LIMIT 1) due")
        .bind(now_ms)
        .fetch_one(&mut *conn)
        .await?;
    Ok(n > 0)
}

/// The post of `version` for `recipient` was made (or is no longer owed).
pub async fn remove_post(conn: &mut AnyConnection, id: GameId, version: i64, recipient: u64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM outbox WHERE game_id = $1 AND version = $2 AND recipient = $3")
        .bind(id)
        .bind(version)
        .bind(recipient as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Nothing `id` owed is owed any more (its channel is gone: nobody will read it).
pub async fn remove_posts_of(conn: &mut AnyConnection, id: GameId) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM outbox WHERE game_id = $1").bind(id).execute(&mut *conn).await?.rows_affected())
}

/// The shortest and the longest wait before a post whose attempt failed is tried again.
pub const RETRY_SOON: (i64, i64) = (500, 2_000);

/// A post's attempt failed in a way worth trying again soon (Discord's 5xx, no answer, a rate
/// limit): it is due again after a wait that grows with its age (half of it, within
/// [`RETRY_SOON`]: 0.5 s, 0.5 s, 0.75 s, 1.1 s, 1.7 s, then every 2 s) rather than when its
/// holder's lease runs out (15 s), and any process may take it then. Its holder stays on
/// record. A claim is only ever brought forward, and a post the computer's run will tell is
/// left alone (it is not being posted). Returns when it is due, if it is still owed.
///
/// `unsure`: the attempt failed without Discord saying the post was not made (see
/// [`lost_posts`]).
pub async fn retry_post_soon(
    conn: &mut AnyConnection,
    id: GameId,
    version: i64,
    recipient: u64,
    unsure: bool,
) -> Result<Option<i64>, sqlx::Error> {
    let created: Option<i64> =
        sqlx::query_scalar("SELECT created_at FROM outbox WHERE game_id = $1 AND version = $2 AND recipient = $3 AND held_for_run = 0")
            .bind(id)
            .bind(version)
            .bind(recipient as i64)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(created) = created else { return Ok(None) };
    let now = now_ms();
    let at = now + ((now - created) / 2).clamp(RETRY_SOON.0, RETRY_SOON.1);
    sqlx::query(
        "UPDATE outbox SET claimed_until = CASE WHEN claimed_until > $4 THEN $4 ELSE claimed_until END, unsure = unsure + $5
         WHERE game_id = $1 AND version = $2 AND recipient = $3 AND held_for_run = 0",
    )
    .bind(id)
    .bind(version)
    .bind(recipient as i64)
    .bind(at)
    .bind(i64::from(unsure))
    .execute(&mut *conn)
    .await?;
    Ok(Some(at))
}

/// A channel post Discord may have made (an attempt failed with no answer or a 5xx) for a
/// version the game has since moved past: its message, if it was made, shows old buttons that
/// the bot never learnt of. Found in the channel by its buttons, it goes on record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostPost {
    pub game_id: GameId,
    pub version: i64,
    pub channel_id: u64,
    /// When the step was made (unix ms): the message, if made, is no older.
    pub created_ms: i64,
}

/// Takes up to `limit` channel posts that may have been made and that the game has moved past
/// (see [`LostPost`]), due now, and holds them until `claimed_until` while they are looked for.
pub async fn claim_lost_posts(
    conn: &mut AnyConnection,
    now_ms: i64,
    claimed_until: i64,
    claimed_by: &str,
    limit: i64,
) -> Result<Vec<LostPost>, sqlx::Error> {
    let rows = sqlx::query(
        "UPDATE outbox SET claimed_until = $1, claimed_by = $2, held_for_run = 0
         WHERE claimed_until < $3 AND unsure > 0 AND recipient = 0
           AND (game_id, version, recipient) IN (
               SELECT o.game_id, o.version, o.recipient FROM outbox o JOIN games g ON g.id = o.game_id
               WHERE o.claimed_until < $3 AND o.unsure > 0 AND o.recipient = 0 AND o.version < g.version
               ORDER BY o.created_at LIMIT $4)
         RETURNING game_id, version, channel_id, created_at",
    )
    .bind(claimed_until)
    .bind(claimed_by)
    .bind(now_ms)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(LostPost {
                game_id: r.try_get("game_id")?,
                version: r.try_get("version")?,
                channel_id: r.try_get::<i64, _>("channel_id")? as u64,
                created_ms: r.try_get("created_at")?,
            })
        })
        .collect()
}

/// Whether a post is one Discord may have made (see [`LostPost`]).
pub async fn post_unsure(conn: &mut AnyConnection, id: GameId, version: i64, recipient: u64) -> Result<bool, sqlx::Error> {
    let n: Option<i64> = sqlx::query_scalar("SELECT unsure FROM outbox WHERE game_id = $1 AND version = $2 AND recipient = $3")
        .bind(id)
        .bind(version)
        .bind(recipient as i64)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(n.is_some_and(|n| n > 0))
}

/// Lets go of a claimed post: due again at once (for [`claim_lost_posts`]).
pub async fn release_post(conn: &mut AnyConnection, id: GameId, version: i64, recipient: u64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE outbox SET claimed_until = 0 WHERE game_id = $1 AND version = $2 AND recipient = $3")
        .bind(id)
        .bind(version)
        .bind(recipient as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Whether the game still owes its channel a post (of any version).
pub async fn post_owed(conn: &mut AnyConnection, id: GameId) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM (SELECT 1 FROM outbox WHERE game_id = $1 AND recipient = 0 LIMIT 1) owed")
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(n > 0)
}

/// Whether the game owes its channel a post other than one held for the computers' run (see
/// [`Hold`]): the run waits for those.
pub async fn post_owed_besides_carried(conn: &mut AnyConnection, id: GameId) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT 1 FROM outbox WHERE game_id = $1 AND recipient = 0 AND held_for_run = 0 LIMIT 1) owed",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(n > 0)
}

/// Takes over the game's channel posts held for the computers' run (see [`Hold`]), which the
/// next change tells, and that the sweeper did not claim: removes them and returns them
/// (version, JSON of the service's `Reply`), oldest first. There is one at most, as every
/// change takes it.
pub async fn take_carried(conn: &mut AnyConnection, id: GameId) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let mut taken: Vec<(i64, String)> =
        sqlx::query_as("DELETE FROM outbox WHERE game_id = $1 AND recipient = 0 AND held_for_run = 1 RETURNING version, reply")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
    taken.sort_by_key(|(version, _)| *version);
    Ok(taken)
}

/// The computer's run will not come for the game's post it would have told: it is due now,
/// for the sweeper to post as it is.
pub async fn release_carried(conn: &mut AnyConnection, id: GameId) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE outbox SET claimed_until = 0, claimed_by = '', held_for_run = 0 WHERE game_id = $1 AND recipient = 0 AND held_for_run = 1",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Posts still owed, for tests and the operator.
pub async fn pending_posts(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox").fetch_one(&mut *conn).await
}

/// Messages whose buttons must go: every message of the game with buttons still on it except
/// the newest one showing the game's current version while the game is open. Returns
/// (game, channel, message) for up to `limit` messages, of one game or of all games whose last
/// change is older than `quiet_since` (unix seconds; the sweeper leaves a game alone while the
/// handler of its last step may still be updating its messages).
pub async fn messages_to_retire(
    conn: &mut AnyConnection,
    game: Option<GameId>,
    quiet_since: Option<i64>,
    limit: i64,
) -> Result<Vec<(GameId, u64, u64)>, sqlx::Error> {
    let rows = sqlx::query(&format!("SELECT m.game_id, g.channel_id, m.message_id FROM messages m JOIN games g ON g.id = m.game_id WHERE {RETIRABLE} ORDER BY m.game_id, m.message_id LIMIT $2"))
    .bind(game)
    .bind(limit)
    .bind(quiet_since)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("game_id")?, r.try_get::<i64, _>("channel_id")? as u64, r.try_get::<i64, _>("message_id")? as u64)))
        .collect()
}

/// Which messages `messages_to_retire` picks ($1: one game or NULL, $3: quiet since or NULL):
/// every one except the newest showing the current version of a game open or finished (the
/// last message of a finished game keeps its Rematch button). (Two show it only when
/// a step's message was posted again after its process died before editing the clicked message:
/// the older then shows an older step.)
/// A message whose edit failed (see [`retry_retirement_soon`]) is done with by its handler, and
/// is the sweeper's once its claim runs out, quiet or not.
const RETIRABLE: &str = "m.retired = 0 AND ($1 IS NULL OR m.game_id = $1) AND ($3 IS NULL OR g.updated_at < $3 OR m.claimed_until > 0)
           AND NOT (g.status IN ('lobby', 'active', 'finished') AND m.version = g.version AND NOT EXISTS (
                SELECT 1 FROM messages newer
                WHERE newer.game_id = m.game_id AND newer.retired = 0 AND newer.version = m.version AND newer.message_id > m.message_id))";

/// Like `messages_to_retire` over all quiet games, but takes the messages for this process
/// until `claimed_until` (unix ms), so that with several processes each edit is made by one.
/// A message whose edit failed is due again once the claim runs out.
pub async fn claim_retirements(
    conn: &mut AnyConnection,
    quiet_since: i64,
    now_ms: i64,
    claimed_until: i64,
    limit: i64,
) -> Result<Vec<(GameId, u64, u64)>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "UPDATE messages SET claimed_until = $5
         WHERE claimed_until < $4 AND retired = 0 AND (game_id, message_id) IN (
             SELECT m.game_id, m.message_id FROM messages m JOIN games g ON g.id = m.game_id
             WHERE {RETIRABLE} AND m.claimed_until < $4 ORDER BY m.game_id, m.message_id LIMIT $2)
         RETURNING game_id, message_id, (SELECT channel_id FROM games WHERE games.id = messages.game_id) AS channel_id"
    ))
    .bind(None::<i64>)
    .bind(limit)
    .bind(Some(quiet_since))
    .bind(now_ms)
    .bind(claimed_until)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("game_id")?, r.try_get::<i64, _>("channel_id")? as u64, r.try_get::<i64, _>("message_id")? as u64)))
        .collect()
}

/// Retiring a message failed in a way worth trying again soon (Discord's 5xx, no answer): it
/// is the sweeper's at `at` (unix ms), even while its game is not quiet (the handler that
/// tried is done with it), instead of once the game has been quiet for a lease.
pub async fn retry_retirement_soon(conn: &mut AnyConnection, id: GameId, message_id: u64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE messages SET claimed_until = $3 WHERE game_id = $1 AND message_id = $2 AND retired = 0")
        .bind(id)
        .bind(message_id as i64)
        .bind(at)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The buttons of a message were taken off (or it is gone). Not recorded for a message that is
/// by now the newest showing the open game's current version (a step was shown in place on it
/// meanwhile): the record must say it has buttons, whatever an edit decided before did.
pub async fn mark_retired(conn: &mut AnyConnection, id: GameId, message_id: u64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE messages SET retired = 1 WHERE game_id = $1 AND message_id = $2 AND NOT EXISTS (
             SELECT 1 FROM games g WHERE g.id = messages.game_id AND g.status IN ('lobby', 'active') AND g.version = messages.version
             AND NOT EXISTS (SELECT 1 FROM messages newer WHERE newer.game_id = messages.game_id AND newer.retired = 0
                 AND newer.version = messages.version AND newer.message_id > messages.message_id))",
    )
    .bind(id)
    .bind(message_id as i64)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_names_the_database() {
        assert_eq!(Backend::of_url("sqlite://southseas.db"), Some(Backend::Sqlite));
        assert_eq!(Backend::of_url("postgres://u:p@db:5432/games"), Some(Backend::Postgres));
        assert_eq!(Backend::of_url("postgresql://db/games"), Some(Backend::Postgres));
        assert_eq!(Backend::of_url("mysql://db/games"), None);
        assert_eq!(Backend::of_url("southseas.db"), None);
    }

    #[test]
    fn a_sqlite_file_is_created_unless_the_url_says_otherwise() {
        assert_eq!(sqlite_create_if_missing("sqlite://a.db"), "sqlite://a.db?mode=rwc");
        assert_eq!(sqlite_create_if_missing("sqlite://a.db?cache=shared"), "sqlite://a.db?cache=shared&mode=rwc");
        assert_eq!(sqlite_create_if_missing("sqlite://a.db?mode=ro"), "sqlite://a.db?mode=ro");
    }

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(redact("postgres://bot:s3cret@db:5432/games"), "postgres://bot:***@db:5432/games");
        assert_eq!(redact("postgres://bot@db/games"), "postgres://bot@db/games");
        assert_eq!(redact("sqlite://southseas.db"), "sqlite://southseas.db");
    }

    #[tokio::test]
    async fn an_unknown_database_is_a_clear_error() {
        let err = Store::open("mysql://root:hunter2@db/games").await.err().expect("refused");
        let text = err.to_string();
        assert!(text.contains("sqlite://") && text.contains("postgres://") && !text.contains("hunter2"), "{text}");
    }
}
