//! The names of the servers the bot is in, as Discord last told them: a direct message names
//! the server its game is played in.

use sqlx::AnyConnection;

/// Records a server's name; writes only when it changed (every connection tells every name).
pub async fn set_server_name(conn: &mut AnyConnection, guild_id: u64, name: &str) -> Result<(), sqlx::Error> {
    if server_name(conn, guild_id).await?.as_deref() == Some(name) {
        return Ok(());
    }
    sqlx::query("INSERT INTO servers (guild_id, name) VALUES ($1, $2) ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name")
        .bind(guild_id as i64)
        .bind(name)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A server's name, if Discord told it.
pub async fn server_name(conn: &mut AnyConnection, guild_id: u64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT name FROM servers WHERE guild_id = $1").bind(guild_id as i64).fetch_optional(&mut *conn).await
}
