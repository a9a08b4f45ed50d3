//! Tables: a game's stored record with its seats, and its state at a version (cached, or
//! replayed from the log by its game's engine); a click made against an older version.

use super::reply::escape;
use super::words::relative_time;
use super::{Place, Result, Service, ServiceError, Table, internal, user};
use crate::games::State;
use crate::i18n::Locale;
use crate::store::{self, GameId};
use crate::tr;
use sqlx::AnyConnection;
use std::sync::Arc;

/// A game's state at a version: rebuilt from the log by its game's engine.
pub(crate) struct Loaded {
    pub(crate) version: i64,
    pub(crate) state: State,
}

pub(crate) async fn load_table(conn: &mut AnyConnection, id: GameId) -> Result<Table> {
    let record = store::game(conn, id).await?.ok_or_else(|| internal(format!("game {id} vanished")))?;
    Ok(Table { seats: store::seats(conn, id).await?, record })
}

impl Service {
    /// The channel's lobby or running game.
    /// (Refusals here and below are said in `reader`.)
    pub(crate) async fn open_table(&self, conn: &mut AnyConnection, place: Place, reader: Locale) -> Result<Table> {
        let Some(record) = store::open_game_in_channel(conn, place.channel_id).await? else {
            return user(tr!(reader, "err-no-game"));
        };
        Ok(Table { seats: store::seats(conn, record.id).await?, record })
    }

    /// The channel's open game; when a button names a game, that game only (a lobby's Join
    /// must never join the lobby opened after it).
    pub(crate) async fn open_table_for(
        &self,
        conn: &mut AnyConnection,
        place: Place,
        game: Option<GameId>,
        reader: Locale,
    ) -> Result<Table> {
        let table = self.open_table(conn, place, reader).await.map_err(|e| match (game, e) {
            (Some(_), ServiceError::User(_)) => ServiceError::User(tr!(reader, "err-gone")),
            (_, e) => e,
        })?;
        if game.is_some_and(|g| g != table.record.id) {
            return user(tr!(reader, "err-gone"));
        }
        Ok(table)
    }

    /// The channel's newest game, whatever its status.
    pub(crate) async fn latest_table(&self, conn: &mut AnyConnection, place: Place, reader: Locale) -> Result<Table> {
        let Some(record) = store::latest_game_in_channel(conn, place.channel_id).await? else {
            return user(tr!(reader, "err-no-game"));
        };
        Ok(Table { seats: store::seats(conn, record.id).await?, record })
    }

    pub(crate) async fn table_by_id(&self, conn: &mut AnyConnection, place: Place, id: GameId, reader: Locale) -> Result<Table> {
        let Some(record) = store::game(conn, id).await? else {
            return user(tr!(reader, "err-game-vanished"));
        };
        if record.channel_id != place.channel_id {
            return user(tr!(reader, "err-other-channel"));
        }
        match record.status {
            store::Status::Finished => return user(tr!(reader, "err-game-over")),
            store::Status::Abandoned => return user(tr!(reader, "err-game-abandoned")),
            _ => {}
        }
        Ok(Table { seats: store::seats(conn, record.id).await?, record })
    }

    /// The game a step is about (the button's game, or the channel's) at its current version;
    /// a user error when the game is paused, or the click was made against an older version.
    pub(crate) async fn current(
        &self,
        conn: &mut AnyConnection,
        place: Place,
        game_id: Option<GameId>,
        expected: Option<i64>,
        reader: Locale,
    ) -> Result<(Table, Arc<Loaded>)> {
        let table = match game_id {
            Some(id) => self.table_by_id(conn, place, id, reader).await?,
            None => self.open_table(conn, place, reader).await?,
        };
        // Paused first: a button of the turn message the pause retired is not "out of date".
        refuse_if_paused(&table, reader)?;
        let loaded = self.load(conn, &table).await?;
        if expected.is_some_and(|v| v != table.record.version) {
            return Err(self.stale(&table, &loaded, None, reader));
        }
        Ok((table, loaded))
    }

    /// The game's state at its current version: from the cache, or replayed from the log by
    /// its game's engine.
    pub(crate) async fn load(&self, conn: &mut AnyConnection, table: &Table) -> Result<Arc<Loaded>> {
        let id = table.record.id;
        if let Some(hit) = self.cache.lock().expect("cache lock").get(&id).filter(|l| l.version == table.record.version) {
            return Ok(Arc::clone(hit));
        }
        let log = store::actions(conn, id).await?;
        let state = State::replay(table, log)?;
        let loaded = Arc::new(Loaded { version: table.record.version, state });
        self.remember(table, &loaded);
        Ok(loaded)
    }

    /// The game's state at `version`, if this process has it at hand (no read, no replay).
    pub(crate) fn cached(&self, id: GameId, version: i64) -> Option<Arc<Loaded>> {
        self.cache.lock().expect("cache lock").get(&id).filter(|l| l.version == version).cloned()
    }

    /// Keeps a state a step made (after its commit), so the next step needs no replay.
    pub(crate) fn remember(&self, table: &Table, loaded: &Arc<Loaded>) {
        let id = table.record.id;
        {
            let mut cache = self.cache.lock().expect("cache lock");
            // Games are few and small; a bound keeps a long-running bot from growing forever.
            if cache.len() >= 1024 && !cache.contains_key(&id) {
                cache.clear();
            }
            cache.insert(id, Arc::clone(loaded));
        }
    }

    /// Says that a change to game `id` committed in this process: its watchers here (the web
    /// view) learn of it at once instead of at their next poll. Nobody listening is no error;
    /// a change made by another process sharing the database is seen by the poll alone.
    pub(crate) fn changed(&self, id: GameId) {
        let _ = self.changes.send(id);
    }

    /// The games changed in this process from now on (see [`Service::changed`]). A receiver
    /// that falls behind misses ids (`Lagged`), and must then read what it watches afresh.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<GameId> {
        self.changes.subscribe()
    }

    /// Keeps the state a change just committed (as [`Service::remember`]) and says the game
    /// changed ([`Service::changed`]).
    /// The change is logged at debug level, and named in the span of the interaction or due
    /// item that made it (see `discord::traced`), so one step can be followed through the log.
    pub(crate) fn committed(&self, table: &Table, loaded: &Arc<Loaded>) {
        traced_change(table.record.id, Some(loaded.version));
        tracing::debug!(game = table.record.id, version = loaded.version, channel = table.record.channel_id, "committed a change");
        self.remember(table, loaded);
        self.changed(table.record.id);
    }

    /// Drops the game's kept state after a change committed without one (a pause, an end),
    /// and says the game changed.
    pub(crate) fn forget(&self, id: GameId) {
        traced_change(id, None);
        tracing::debug!(game = id, "committed a change (the game paused, ended or left)");
        self.cache.lock().expect("cache lock").remove(&id);
        self.changed(id);
    }

    /// A click or command made against an older version: refused, saying what happened since
    /// (in the game's words) and what the game waits for now, in `reader`, for `user` (None:
    /// unknown), who may be the one who moved.
    pub(crate) fn stale(&self, table: &Table, loaded: &Loaded, user: Option<u64>, reader: Locale) -> ServiceError {
        let seat = user.and_then(|u| table.seat_of(u));
        ServiceError::User(tr!(reader, "err-stale", moved = loaded.state.moved_on(table, seat, reader)))
    }
}

/// Names the game (and the version a change made) in the current span, if it has those fields
/// (an interaction's or a due item's); elsewhere this does nothing.
pub(crate) fn traced_change(game: GameId, version: Option<i64>) {
    let span = tracing::Span::current();
    span.record("game", game);
    if let Some(version) = version {
        span.record("version", version);
    }
}

/// A paused game refuses every step (and votes over seats): who paused it, since when, and how
/// it goes on, in `reader`.
pub(super) fn refuse_if_paused(table: &Table, reader: Locale) -> Result<()> {
    match &table.record.paused {
        Some(pause) => user(tr!(reader, "err-paused", name = escape(&pause.name), since = relative_time(pause.at_ms))),
        None => Ok(()),
    }
}
