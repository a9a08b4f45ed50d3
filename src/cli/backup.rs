//! `southseas backup FILE` and `southseas restore FILE`: an operator's copy of the live SQLite
//! database, and putting one back.
//!
//! A backup is SQLite's `VACUUM INTO`: a consistent snapshot taken inside one read
//! transaction, so the bot keeps running (and writing) while it is made. A restore checks the
//! backup (`PRAGMA integrity_check`, the games table), moves the current database aside (never
//! deletes it) and puts the backup in its place; the bot must be stopped meanwhile. Migrations
//! run on the next start, so a backup made by an older version opens in a newer one.

use anyhow::{Context, Result, bail};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The database file of a `sqlite://` URL.
pub fn database_file(url: &str) -> Result<PathBuf> {
    if !url.starts_with("sqlite:") {
        bail!("backup and restore are for the SQLite database; `{url}` is not a sqlite:// URL (use your server's own tools)");
    }
    Ok(SqliteConnectOptions::from_str(url)?.get_filename().to_path_buf())
}

/// Writes a consistent copy of the database at `url` to `to` (which must not exist yet).
/// Returns the number of games in it.
pub async fn backup(url: &str, to: &Path) -> Result<i64> {
    if to.exists() {
        bail!("{} already exists: choose a new file name (a backup never overwrites a file)", to.display());
    }
    let from = database_file(url)?;
    if !from.exists() {
        bail!("there is no database at {} (DATABASE_URL={url})", from.display());
    }
    let mut conn = SqliteConnectOptions::new().filename(&from).read_only(true).connect().await?;
    sqlx::query("VACUUM INTO ?").bind(to.to_string_lossy().as_ref()).execute(&mut conn).await.context("writing the backup")?;
    conn.close().await?;
    check(to).await
}

/// Checks a backup: readable, intact, with the games table. Returns the number of games.
pub async fn check(file: &Path) -> Result<i64> {
    if !file.exists() {
        bail!("there is no file {}", file.display());
    }
    let mut conn = SqliteConnectOptions::new().filename(file).read_only(true).connect().await?;
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .with_context(|| format!("{} is not a database", file.display()))?;
    if verdict != "ok" {
        bail!("{} is damaged: {verdict}", file.display());
    }
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await
        .with_context(|| format!("{} is not a South Seas database (no games table)", file.display()))?;
    conn.close().await?;
    Ok(games)
}

/// Puts the backup `from` in place of the database at `url`; the current database (if any)
/// is moved aside, never deleted. Returns where it went and the number of games restored.
pub async fn restore(url: &str, from: &Path) -> Result<(Option<PathBuf>, i64)> {
    let games = check(from).await?;
    let target = database_file(url)?;
    let mut aside = None;
    if target.exists() {
        // Fold the write-ahead log into the file first, so the file alone is the whole database.
        let mut conn = SqliteConnectOptions::new().filename(&target).connect().await?;
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&mut conn).await?;
        conn.close().await?;
        let moved = PathBuf::from(format!("{}.before-restore-{}", target.display(), crate::store::now()));
        std::fs::rename(&target, &moved).with_context(|| format!("moving {} aside", target.display()))?;
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", target.display()));
        }
        aside = Some(moved);
    }
    std::fs::copy(from, &target).with_context(|| format!("copying {} to {}", from.display(), target.display()))?;
    Ok((aside, games))
}
