//! Private looks at the channel's game (`/status`, `/board`, `/history`) and the pictures of a
//! reply: the lobby and the framing are common, the words and pictures the game's own.

use super::lobby::lobby_reply_in;
use super::{Picture, Place, Reply, Result, Service, Table, user};
use crate::common::deal::PublicHistory;
use crate::i18n::Locale;
use crate::store::{self, Status};
use crate::tr;

impl Service {
    /// `/status`, for a reader of `reader` (the lobby shows in the game's language).
    pub async fn status(&self, place: Place, reader: Locale) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place, reader).await?;
        if table.record.status == Status::Lobby {
            return Ok(lobby_reply_in(&table, &crate::tr!(reader, "lobby-waiting"), reader));
        }
        // An abandoned game is over for every reader: its state would still ask someone to
        // act, while steps answer that nothing runs here.
        if table.record.status == Status::Abandoned {
            let text = tr!(reader, "status-abandoned", game = game_name(&table, reader), id = table.record.id);
            return Ok(Reply { text, game: Some((table.record.id, table.record.version)), ..Reply::default() });
        }
        let loaded = self.load(&mut conn, &table).await?;
        let mut text = loaded.state.status(&table, reader);
        if let Some(line) = self.deadline_line(&mut conn, &table, reader).await? {
            text = format!("{}\n{line}", super::reply::truncate(&text, 1900));
        }
        let away: Vec<String> = table
            .seats
            .iter()
            .filter(|s| s.computer.is_some() || s.away_until.is_some())
            .map(|s| format!("{}{}", super::reply::escape(&s.name), crate::common::table::seat_note(s, reader)))
            .collect();
        if !away.is_empty() && table.record.status == Status::Active {
            text = format!("{}\n{}", super::reply::truncate(&text, 1700), tr!(reader, "status-computer-plays", seats = away.join(" · ")));
        }
        text.push_str(&format!("\n⏱️ {}.", super::lobby::turn_limit_words(&table.record, reader)));
        if let Some(pause) = table.record.paused.as_ref().filter(|_| table.record.status == Status::Active) {
            let since = super::words::relative_time(pause.at_ms);
            text.push('\n');
            text.push_str(&tr!(reader, "status-paused", name = super::reply::escape(&pause.name), since = since));
        }
        Ok(Reply { text: super::reply::truncate(&text, 2000), game: Some((table.record.id, table.record.version)), ..Reply::default() })
    }

    /// The kind of the place's newest game, a lobby's included (None: no game was ever here).
    pub async fn kind_here(&self, place: Place) -> Result<Option<crate::kinds::GameKind>> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::latest_game_in_channel(&mut conn, place.channel_id).await?.map(|r| r.kind))
    }

    /// The player's own cards and what they can do with them, for them alone (`/hand`, the
    /// "My hand" button): in a game that hides nothing, says so.
    pub async fn hand(&self, place: Place, actor: &super::Actor) -> Result<Reply> {
        self.hand_in(place, actor, None).await
    }

    pub(crate) async fn hand_in(&self, place: Place, actor: &super::Actor, game_id: Option<store::GameId>) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = match game_id {
            Some(id) => self.table_by_id(&mut conn, place, id, actor.locale).await?,
            None => self.latest_table(&mut conn, place, actor.locale).await?,
        };
        if table.record.status == Status::Lobby {
            return user(tr!(actor.locale, "err-no-cards-yet"));
        }
        let Some(seat) = table.seat_of(actor.user_id) else {
            return user(tr!(actor.locale, "err-no-cards-watcher"));
        };
        let loaded = self.load(&mut conn, &table).await?;
        match loaded.state.private_view(&table, table.record.version, seat, actor.locale) {
            Some(reply) => Ok(reply),
            None => user(tr!(actor.locale, "err-hides-nothing", game = tr!(actor.locale, &super::lobby::game_title(table.record.kind)))),
        }
    }

    /// `/board`: the caption in `reader`, the picture in the game's language.
    pub async fn board(&self, place: Place, reader: Locale) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place, reader).await?;
        if table.record.status == Status::Lobby {
            return user(tr!(reader, "err-no-board-yet"));
        }
        // An abandoned game's board as it was left, with no prompt; a lobby closed unstarted
        // has none.
        let abandoned = table.record.status == Status::Abandoned;
        if abandoned && table.seats.iter().all(|s| s.seat.is_none()) {
            return user(tr!(reader, "err-game-abandoned"));
        }
        let loaded = self.load(&mut conn, &table).await?;
        let text = if abandoned {
            tr!(reader, "board-abandoned", game = game_name(&table, reader), id = table.record.id)
        } else {
            loaded.state.board_caption(&table, reader)
        };
        Ok(Reply {
            text,
            game: Some((table.record.id, table.record.version)),
            show_board: true,
            picture: Picture::FullBoard,
            ..Reply::default()
        })
    }

    /// The last `n` actions, newest last.
    /// One page of the game's whole story, told in the channel's words: page 1 is the latest,
    /// each older page the steps before it, every page within one message.
    pub async fn history(&self, place: Place, page: usize, reader: Locale) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place, reader).await?;
        let loaded = self.load(&mut conn, &table).await?;
        let lines = loaded.state.history(&table, usize::MAX, reader)?;
        let game = Some((table.record.id, table.record.version));
        if lines.is_empty() {
            return Ok(Reply { text: tr!(reader, "history-empty"), game, ..Reply::default() });
        }
        // A finished game's pages leave room for the line about its history file.
        let finished = table.record.status == Status::Finished;
        let room =
            if finished { HISTORY_PAGE_CHARS.saturating_sub(tr!(reader, "history-file").chars().count() + 1) } else { HISTORY_PAGE_CHARS };
        let pages = history_pages(&lines, room);
        let Some(lines) = pages.get(page.max(1) - 1) else {
            return user(tr!(reader, "err-history-pages", n = pages.len()));
        };
        let page = page.max(1);
        let older = if page < pages.len() { tr!(reader, "history-older", next = page + 1) } else { tr!(reader, "history-start") };
        let header = tr!(reader, "history-header", page = page, pages = pages.len(), older = older);
        let mut reply = Reply { text: format!("{header}\n{}", lines.join("\n")), game, ..Reply::default() };
        // A finished game's seed is revealed: its public history comes along as a file, to
        // check the deal with (`southseas verify`).
        if finished {
            let file = self.public_history_of(&mut conn, &table).await?;
            reply.images.push(super::Image { name: format!("game-{}-history.txt", table.record.id), png: file.to_text().into_bytes() });
            reply.text = format!("{}\n{}", reply.text, tr!(reader, "history-file"));
        }
        Ok(reply)
    }

    /// A game's public history by its id (see [`crate::common::deal`]): every step and the
    /// chance outcomes the table saw. Needs no more than the database; for `southseas history`.
    pub async fn public_history(&self, id: store::GameId) -> Result<PublicHistory> {
        let mut conn = self.store.pool().acquire().await?;
        let Some(record) = store::game(&mut conn, id).await? else {
            return user(format!("There is no game {id}."));
        };
        let table = Table { seats: store::seats(&mut conn, id).await?, record };
        self.public_history_of(&mut conn, &table).await
    }

    async fn public_history_of(&self, conn: &mut sqlx::AnyConnection, table: &Table) -> Result<PublicHistory> {
        if table.seats.iter().any(|s| s.seat.is_none()) {
            return user(tr!(Locale::En, "err-no-board-yet"));
        }
        let records = store::actions(conn, table.record.id).await?;
        crate::games::public_history(table, &records)
    }

    /// Draws the board (and the drawn tile) for a reply that asks for it, highlighting the
    /// tiles placed since the acting player's previous turn; when the bot has a public address,
    /// its text ends with the link to the game's web page (the current token, so a revoked one
    /// is never posted, not even by a post owed since before the revocation; a step's own
    /// message, posted at once, links with the token its commit read). What the step that made
    /// the reply knew at its commit (its table, its state still cached here) is drawn without a
    /// read (see [`crate::common::reply::Known`]).
    pub async fn attach_images(&self, reply: &mut Reply) -> Result<()> {
        self.attach_timelapse(reply).await?;
        let (Some((id, version)), true) = (reply.game, reply.show_board) else { return Ok(()) };
        let links = self.public_url.is_some() && reply.delivery != super::Delivery::ComponentsOnly;
        if self.pictures.is_empty() && !links {
            return Ok(());
        }
        let known = reply.known.clone();
        if let Some(at) = known.at_commit().filter(|at| at.table.record.version == version)
            && let Some(loaded) = self.cached(id, version)
            && (!links || at.web_link.is_some())
        {
            if let Some(url) = at.web_link.as_deref().filter(|_| links) {
                super::web::end_with_link(&at.table, url, reply);
            }
            if let Some(draw) = self.pictures.drawing(&loaded.state, &at.table, reply.picture) {
                reply.images = draw_off_the_workers(draw).await;
            }
            return Ok(());
        }
        let mut conn = self.store.pool().acquire().await?;
        let Some(record) = store::game(&mut conn, id).await? else { return Ok(()) };
        let table = Table { seats: store::seats(&mut conn, id).await?, record };
        if links {
            self.add_web_link(&mut conn, &table, reply).await?;
        }
        if self.pictures.is_empty() {
            return Ok(());
        }
        let loaded = self.load(&mut conn, &table).await?;
        let Some(draw) = self.pictures.drawing(&loaded.state, &table, reply.picture) else { return Ok(()) };
        reply.images = draw_off_the_workers(draw).await;
        Ok(())
    }
}

/// Drawing and PNG encoding are CPU work: kept off the async workers.
async fn draw_off_the_workers(draw: crate::games::Drawing) -> Vec<super::Image> {
    tokio::task::spawn_blocking(draw).await.unwrap_or_else(|e| {
        tracing::error!("rendering failed: {e}");
        Vec::new()
    })
}

/// The game's name, in `reader`.
fn game_name(table: &Table, reader: Locale) -> String {
    tr!(reader, &super::lobby::game_title(table.record.kind))
}

/// Room for a page of history in one message, with its header.
const HISTORY_PAGE_CHARS: usize = 1800;

/// The story cut into pages from the end: page 0 holds the latest lines that fit `max`
/// characters, page 1 the ones before, and so on; each page in the order things happened. A
/// single line longer than a page is cut to fit, never dropped.
fn history_pages(lines: &[String], max: usize) -> Vec<Vec<String>> {
    let mut pages: Vec<Vec<String>> = Vec::new();
    let mut page: Vec<String> = Vec::new();
    let mut used = 0;
    for line in lines.iter().rev() {
        let line = crate::service::reply::truncate(line, max);
        let len = line.chars().count() + 1;
        if used + len > max && !page.is_empty() {
            page.reverse();
            pages.push(std::mem::take(&mut page));
            used = 0;
        }
        used += len;
        page.push(line);
    }
    if !page.is_empty() {
        page.reverse();
        pages.push(page);
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_pages_hold_every_line_once_in_order_within_the_limit() {
        let lines: Vec<String> = (0..300).map(|i| format!("step {i}: {}", "x".repeat(i % 37))).collect();
        let pages = history_pages(&lines, 500);
        assert!(pages.len() > 1);
        for page in &pages {
            assert!(page.iter().map(|l| l.chars().count() + 1).sum::<usize>() <= 500);
        }
        // Page 0 is the latest; reading the pages from the last to the first tells it all.
        let told: Vec<String> = pages.iter().rev().flatten().cloned().collect();
        assert_eq!(told, lines);
        let long = vec!["y".repeat(900)];
        assert_eq!(history_pages(&long, 500)[0][0].chars().count(), 500, "a long line is cut, not dropped");
    }
}
