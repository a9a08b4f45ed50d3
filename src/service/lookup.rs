//! Private looks at the channel's game (`/status`, `/board`, `/history`) and the pictures of a
//! reply: the lobby and the framing are common, the words and pictures the game's own.

use super::lobby::lobby_reply;
use super::{Picture, Place, Reply, Result, Service, Table, user};
use crate::store::{self, Status};

impl Service {
    pub async fn status(&self, place: Place) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        if table.record.status == Status::Lobby {
            return Ok(lobby_reply(&table, "Waiting for players."));
        }
        let loaded = self.load(&mut conn, &table).await?;
        Ok(Reply { text: loaded.state.status(&table), game: Some((table.record.id, table.record.version)), ..Reply::default() })
    }

    pub async fn board(&self, place: Place) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        if table.record.status == Status::Lobby {
            return user("The game hasn't started yet: there is no board to show.");
        }
        let loaded = self.load(&mut conn, &table).await?;
        Ok(Reply {
            text: loaded.state.board_caption(&table),
            game: Some((table.record.id, table.record.version)),
            show_board: true,
            picture: Picture::FullBoard,
            ..Reply::default()
        })
    }

    /// The last `n` actions, newest last.
    pub async fn history(&self, place: Place, n: usize) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        let loaded = self.load(&mut conn, &table).await?;
        let mut lines = loaded.state.history(&table, n)?;
        if lines.is_empty() {
            lines.push("Nothing has happened yet.".into());
        }
        let mut out = String::new();
        for line in lines.iter().rev() {
            if out.len() + line.len() > 1900 {
                break;
            }
            out = format!("{line}\n{out}");
        }
        Ok(Reply { text: out.trim_end().to_string(), game: Some((table.record.id, table.record.version)), ..Reply::default() })
    }

    /// Draws the board (and the drawn tile) for a reply that asks for it, highlighting the
    /// tiles placed since the acting player's previous turn.
    pub async fn attach_images(&self, reply: &mut Reply) -> Result<()> {
        let (Some((id, _)), true, false) = (reply.game, reply.show_board, self.pictures.is_empty()) else { return Ok(()) };
        let mut conn = self.store.pool().acquire().await?;
        let Some(record) = store::game(&mut conn, id).await? else { return Ok(()) };
        let table = Table { seats: store::seats(&mut conn, id).await?, record };
        let loaded = self.load(&mut conn, &table).await?;
        let Some(draw) = self.pictures.drawing(&loaded.state, &table, reply.picture) else { return Ok(()) };
        // Drawing and PNG encoding are CPU work: keep them off the async workers.
        reply.images = tokio::task::spawn_blocking(draw).await.unwrap_or_else(|e| {
            tracing::error!("rendering failed: {e}");
            Vec::new()
        });
        Ok(())
    }
}
