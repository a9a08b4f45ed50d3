//! The web view's tokens: one per game, looked up by its value to serve the game's page.

use super::GameId;
use sqlx::AnyConnection;

/// The game's token, if one was made.
pub async fn web_token(conn: &mut AnyConnection, id: GameId) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT token FROM web_links WHERE game_id = $1").bind(id).fetch_optional(&mut *conn).await
}

/// The game's token: `fresh` if it had none (the first of two racing makers wins, and both
/// read the same token back).
pub async fn ensure_web_token(conn: &mut AnyConnection, id: GameId, fresh: &str, now_ms: i64) -> Result<String, sqlx::Error> {
    sqlx::query("INSERT INTO web_links (game_id, token, created_ms) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING")
        .bind(id)
        .bind(fresh)
        .bind(now_ms)
        .execute(&mut *conn)
        .await?;
    Ok(web_token(conn, id).await?.unwrap_or_else(|| fresh.to_string()))
}

/// Puts `fresh` in place of the game's token (made or not): the old one finds nothing from now.
pub async fn replace_web_token(conn: &mut AnyConnection, id: GameId, fresh: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO web_links (game_id, token, created_ms) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id) DO UPDATE SET token = excluded.token, created_ms = excluded.created_ms",
    )
    .bind(id)
    .bind(fresh)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The game a token opens, if any.
pub async fn game_of_web_token(conn: &mut AnyConnection, token: &str) -> Result<Option<GameId>, sqlx::Error> {
    sqlx::query_scalar("SELECT game_id FROM web_links WHERE token = $1").bind(token).fetch_optional(&mut *conn).await
}

/// The game's current version alone: what a viewer's page polls to learn of a step taken by
/// any process sharing the database.
pub async fn game_version(conn: &mut AnyConnection, id: GameId) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT version FROM games WHERE id = $1").bind(id).fetch_optional(&mut *conn).await
}
