//! Where a game is played, as Discord keeps it: a channel or a thread can be deleted under a
//! game, or a thread locked. The Discord layer learns it when a post is refused; this says who
//! to tell (the game's opener, in their language) and ends a game whose place is gone for good.

use super::{Result, Service};
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::store::{self, GameId, Status};

/// A game as its opener is told about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    pub opener: u64,
    pub kind: GameKind,
    pub channel_id: u64,
    /// The opener's language: their `/settings language`, else the game's.
    pub locale: Locale,
}

impl Service {
    /// Who opened `game`, which game it is and where; None for a game the store does not hold.
    pub async fn about(&self, game: GameId) -> Result<Option<About>> {
        let mut conn = self.store.pool().acquire().await?;
        let Some(record) = store::game(&mut conn, game).await? else { return Ok(None) };
        drop(conn);
        let locale = self.reader_locale(record.creator_id, Some(record.language)).await;
        Ok(Some(About { opener: record.creator_id, kind: record.kind, channel_id: record.channel_id, locale }))
    }

    /// Ends a game whose place Discord says is gone (deleted): a lobby or a game in play is
    /// abandoned, nothing more falls due for it, and nothing it owed is posted (there is
    /// nowhere to post it). A finished game keeps its status. Returns whether it was open.
    pub async fn end_lost(&self, game: GameId) -> Result<bool> {
        let mut tx = self.store.begin_write().await?;
        let Some(record) = store::game(&mut tx, game).await? else { return Ok(false) };
        let open = matches!(record.status, Status::Lobby | Status::Active);
        if open {
            store::touch(&mut tx, game, Status::Abandoned).await?;
            store::clear_due(&mut tx, game, None).await?;
        }
        store::remove_posts_of(&mut tx, game).await?;
        tx.commit().await?;
        self.forget(game);
        Ok(open)
    }
}
