//! What the web view (`crate::web`) asks of the games: the token that opens a game's page, the
//! game a token opens, its version (polled to learn of steps taken by any process), its state;
//! a moderator's revocation of a link; and the link that turn messages and `/board` carry when
//! the bot has a public address. The same for every game.

use super::reply::truncate;
use super::{Actor, Loaded, Place, Reply, Result, Service, Table, load_table, user};
use crate::store::{self, GameId, Status};
use crate::tr;
use std::sync::Arc;

/// A token's length: 32 bytes from the operating system's generator, as 43 URL-safe characters
/// (256 bits: never guessed, and no worse if a path is seen in a log than a password would be).
pub const TOKEN_CHARS: usize = 43;
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A fresh, unguessable token.
fn fresh_token() -> Result<String> {
    let mut bytes = [0u8; TOKEN_CHARS];
    getrandom::fill(&mut bytes).map_err(|e| super::internal(format!("the system's random generator failed: {e}")))?;
    // 43 bytes, 6 bits of each: 258 bits.
    Ok(bytes.iter().map(|b| ALPHABET[usize::from(b & 63)] as char).collect())
}

/// Whether `text` could be a token at all: anything else is refused before the database.
pub fn looks_like_token(text: &str) -> bool {
    text.len() == TOKEN_CHARS && text.bytes().all(|b| ALPHABET.contains(&b))
}

impl Service {
    /// The public address pages are linked under (`PUBLIC_URL`), so turn messages and `/board`
    /// carry a link to the game's page; without it nothing links.
    pub fn with_public_url(mut self, url: Option<&str>) -> Service {
        self.public_url = url.map(|u| u.trim_end_matches('/').to_string()).filter(|u| !u.is_empty());
        self
    }

    /// The game's web token, made now if it has none.
    pub async fn web_token(&self, id: GameId) -> Result<String> {
        let mut conn = self.store.pool().acquire().await?;
        if let Some(token) = store::web_token(&mut conn, id).await? {
            return Ok(token);
        }
        Ok(store::ensure_web_token(&mut conn, id, &fresh_token()?, self.now_ms()).await?)
    }

    /// The game a token opens (None: no game, or a revoked token).
    pub async fn web_game(&self, token: &str) -> Result<Option<GameId>> {
        if !looks_like_token(token) {
            return Ok(None);
        }
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::game_of_web_token(&mut conn, token).await?)
    }

    /// The game's current version and the token that opens it now (None: the game is gone):
    /// what the web view polls to learn of a step taken by any process, or of a revocation.
    pub async fn web_watch(&self, id: GameId) -> Result<Option<(i64, Option<String>)>> {
        let mut conn = self.store.pool().acquire().await?;
        let Some(version) = store::game_version(&mut conn, id).await? else { return Ok(None) };
        Ok(Some((version, store::web_token(&mut conn, id).await?)))
    }

    /// The game's record and seats now, with its state when it has a board to show (a lobby
    /// has none, nor a lobby closed before it started).
    pub(crate) async fn web_view(&self, id: GameId) -> Result<(Table, Option<Arc<Loaded>>)> {
        let mut conn = self.store.pool().acquire().await?;
        let table = load_table(&mut conn, id).await?;
        if table.record.status == Status::Lobby || table.seats.iter().all(|s| s.seat.is_none()) {
            return Ok((table, None));
        }
        let loaded = self.load(&mut conn, &table).await?;
        Ok((table, Some(loaded)))
    }

    /// The link to a game's page, when the bot has a public address.
    pub(crate) async fn web_link(&self, conn: &mut sqlx::AnyConnection, id: GameId) -> Result<Option<String>> {
        let Some(base) = &self.public_url else { return Ok(None) };
        let token = match store::web_token(conn, id).await? {
            Some(token) => token,
            None => store::ensure_web_token(conn, id, &fresh_token()?, self.now_ms()).await?,
        };
        Ok(Some(format!("{base}/g/{token}/")))
    }

    /// Ends `reply` with a line linking to its game's page, when the bot has a public address;
    /// said in the game's language (`table`'s), as the channel reads it.
    pub(crate) async fn add_web_link(&self, conn: &mut sqlx::AnyConnection, table: &Table, reply: &mut Reply) -> Result<()> {
        let Some(url) = self.web_link(conn, table.record.id).await? else { return Ok(()) };
        end_with_link(table, &url, reply);
        Ok(())
    }

    /// A moderator's (or the opener's) word: the web link of the channel's game stops working
    /// at once, and a new one replaces it (told to them alone, when the bot has a public
    /// address). Everyone who had the old link sees nothing from now on.
    pub async fn revoke_web_link(&self, place: Place, actor: &Actor) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.latest_table(&mut tx, place, actor.locale).await?;
        if !table.moderated_by(actor) {
            return user(tr!(actor.locale, "err-web-revoke-who"));
        }
        store::replace_web_token(&mut tx, table.record.id, &fresh_token()?, self.now_ms()).await?;
        let link = self.web_link(&mut tx, table.record.id).await?;
        tx.commit().await?;
        // The old link's viewers are shown the door now, not at the next poll.
        self.changed(table.record.id);
        let text = match link {
            Some(url) => tr!(actor.locale, "web-revoked-new", url = url),
            None => tr!(actor.locale, "web-revoked"),
        };
        Ok(Reply { text, game: Some((table.record.id, table.record.version)), delivery: super::Delivery::Ephemeral, ..Reply::default() })
    }
}

/// Ends `reply` with the line linking to its game's page at `url`, in the game's language.
pub(super) fn end_with_link(table: &Table, url: &str, reply: &mut Reply) {
    let line = tr!(table.record.language, "web-link", url = url);
    let room = super::reply::MAX_CONTENT_CHARS.saturating_sub(line.chars().count() + 1);
    reply.text = format!("{}\n{line}", truncate(&reply.text, room));
}
