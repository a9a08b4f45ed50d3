//! Finished games' timelapses, encoded once and kept (migration 0014): bytes any process can
//! attach again without drawing the whole game anew.

use super::GameId;
use sqlx::{AnyConnection, Row};

/// A timelapse as kept: the GIF and what it holds, and the length of the log it shows.
#[derive(Clone, PartialEq, Eq)]
pub struct KeptTimelapse {
    pub steps: i64,
    pub frames: i64,
    pub width: i64,
    pub height: i64,
    pub gif: Vec<u8>,
}

impl std::fmt::Debug for KeptTimelapse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeptTimelapse({} steps, {} frames, {} bytes)", self.steps, self.frames, self.gif.len())
    }
}

/// The game's timelapse, if one was kept for a log of `steps` steps.
pub async fn kept_timelapse(conn: &mut AnyConnection, id: GameId, steps: i64) -> Result<Option<KeptTimelapse>, sqlx::Error> {
    let row = sqlx::query("SELECT steps, frames, width, height, gif FROM timelapses WHERE game_id = $1 AND steps = $2")
        .bind(id)
        .bind(steps)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| {
        Ok(KeptTimelapse {
            steps: r.try_get("steps")?,
            frames: r.try_get("frames")?,
            width: r.try_get("width")?,
            height: r.try_get("height")?,
            gif: r.try_get("gif")?,
        })
    })
    .transpose()
}

/// Keeps the game's timelapse (in place of one kept before: two processes that encoded it at
/// once keep the same bytes, and the last write stands).
pub async fn keep_timelapse(conn: &mut AnyConnection, id: GameId, kept: &KeptTimelapse, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO timelapses (game_id, steps, frames, width, height, gif, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (game_id) DO UPDATE SET steps = excluded.steps, frames = excluded.frames, width = excluded.width,
         height = excluded.height, gif = excluded.gif, created_ms = excluded.created_ms",
    )
    .bind(id)
    .bind(kept.steps)
    .bind(kept.frames)
    .bind(kept.width)
    .bind(kept.height)
    .bind(&kept.gif)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
