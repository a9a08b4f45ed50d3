//! A finished game's timelapse, after its last move: encoded once, off the step path, and
//! posted as its own message right after the game-over message (which carries the recap and
//! pings the table; this one pings nobody). Encoding the whole game takes seconds of a core, so
//! the last step only sets a due item ([`DueKind::Timelapse`], in its own transaction); the
//! scheduler encodes when the game-over message is out, keeps the bytes (migration 0014), and
//! owes the post through the outbox like any other, so a restart loses nothing and a retried
//! post, or any later `/replay`, attaches the kept bytes instead of drawing the game again.

use super::{Delivery, Image, Reply, Result, Service, Table, internal, load_table};
use crate::draw::timelapse;
use crate::store::{self, ActionRecord, Due, DueKind, KeptTimelapse, Status};
use crate::tr;
use sqlx::AnyConnection;

/// The timelapse's file name as attached.
pub const TIMELAPSE_FILE: &str = "timelapse.gif";

/// How long after the last move the timelapse is looked at: the game-over message goes first,
/// and while it is still owed the timelapse waits this long again.
pub const TIMELAPSE_AFTER_MS: i64 = 2_000;

/// How long a process holds the timelapse item it encodes: longer than the scheduler's lease
/// (a long game takes more than its 15 s on a busy machine), so that no other process starts
/// the same encoding meanwhile. A process killed while it encodes lets go of its items when it
/// starts again; were it never to, another takes the item after this long.
pub const ENCODE_HOLD_MS: i64 = 10 * 60 * 1000;

/// One timelapse is encoded at a time in a process: it takes seconds of a core, and the
/// bot's turns need the others.
static ENCODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

impl Service {
    /// At the end of a game, in the transaction of its last move: its timelapse is owed.
    pub(super) async fn owe_timelapse(&self, conn: &mut AnyConnection, table: &Table) -> Result<()> {
        if self.pictures.is_empty() {
            return Ok(());
        }
        let now = self.now_ms();
        let due = Due {
            game_id: table.record.id,
            kind: DueKind::Timelapse,
            version: table.record.version,
            due_at: now + TIMELAPSE_AFTER_MS,
            user_id: 0,
            since: now,
            sent: 0,
        };
        store::set_due(conn, &due).await?;
        Ok(())
    }

    /// The finished game's timelapse: the one kept for its log, else drawn and encoded now
    /// (one at a time in a process, off the async workers) and kept. None when none can be
    /// made (no pictures loaded; too large).
    pub(crate) async fn timelapse_of(&self, table: &Table, log: Vec<ActionRecord>) -> Result<Option<KeptTimelapse>> {
        if self.pictures.is_empty() {
            return Ok(None);
        }
        let (id, steps) = (table.record.id, log.len() as i64);
        let kept = |store: &store::Store| {
            let pool = store.pool().clone();
            async move {
                let mut conn = pool.acquire().await?;
                store::kept_timelapse(&mut conn, id, steps).await
            }
        };
        if let Some(kept) = kept(&self.store).await? {
            return Ok(Some(kept));
        }
        let _turn = ENCODING.acquire().await.map_err(|e| internal(e.to_string()))?;
        // Another task of this process may have made it while this one waited its turn.
        if let Some(kept) = kept(&self.store).await? {
            return Ok(Some(kept));
        }
        let (pictures, drawn) = (self.pictures.clone(), table.clone());
        // Seconds of drawing and encoding: off the async workers, outside any transaction.
        let made = tokio::task::spawn_blocking(move || {
            pictures.every_board(&drawn, log).map(|boards| timelapse::timelapse(&boards, timelapse::MAX_BYTES))
        })
        .await
        .map_err(|e| internal(format!("the timelapse of game {id}: {e}")))??;
        let made = match made {
            Ok(made) => made,
            Err(e) => {
                // Too large even at its smallest (no game the bot allows comes near): the game
                // goes without one, said in the log.
                tracing::warn!(game = id, "no timelapse: {e}");
                return Ok(None);
            }
        };
        let kept = KeptTimelapse {
            steps,
            frames: made.frames as i64,
            width: i64::from(made.width),
            height: i64::from(made.height),
            gif: made.gif,
        };
        let mut conn = self.store.pool().acquire().await?;
        store::keep_timelapse(&mut conn, id, &kept, self.now_ms()).await?;
        Ok(Some(kept))
    }

    /// The timelapse item of a finished game fell due: once its game-over message is out, the
    /// timelapse is made (or read back) and its message owed and returned. A game whose
    /// game-over message is still owed waits [`TIMELAPSE_AFTER_MS`] more; one that cannot be
    /// made is not tried again.
    pub(super) async fn tell_timelapse(&self, item: &Due) -> Result<Option<Reply>> {
        let id = item.game_id;
        let mut conn = self.store.pool().acquire().await?;
        let table = load_table(&mut conn, id).await?;
        if !self.still_due(&mut conn, item).await? {
            // Set anew since it was claimed (by a process that found the game-over message
            // still owed): that one stands.
            return Ok(None);
        }
        if table.record.status != Status::Finished {
            store::clear_due_of(&mut conn, id, DueKind::Timelapse, 0).await?;
            return Ok(None);
        }
        if store::post_owed(&mut conn, id).await? {
            self.timelapse_later(&mut conn, item).await?;
            return Ok(None);
        }
        // Held for the encoding's length, not the lease's: nobody else starts it meanwhile.
        if !store::hold_due(&mut conn, item, self.now_ms() + ENCODE_HOLD_MS, &self.instance).await? {
            return Ok(None);
        }
        let log = store::actions(&mut conn, id).await?;
        drop(conn);
        let steps = log.len();
        let Some(made) = self.timelapse_of(&table, log).await? else {
            let mut conn = self.store.pool().acquire().await?;
            store::clear_due_of(&mut conn, id, DueKind::Timelapse, 0).await?;
            return Ok(None);
        };
        let language = table.record.language;
        let mut reply = Reply {
            text: tr!(language, "timelapse-after-game", id = id, steps = steps),
            game: Some((id, table.record.version)),
            channel: Some(table.record.channel_id),
            timelapse: true,
            // Its own message after the game-over one, which pinged the table already.
            delivery: Delivery::Notice { nth: 1, direct: false },
            ..Reply::default()
        };
        let mut tx = self.store.begin_write().await?;
        let table = load_table(&mut tx, id).await?;
        if !self.still_due(&mut tx, item).await? {
            return Ok(None);
        }
        store::clear_due_of(&mut tx, id, DueKind::Timelapse, 0).await?;
        if !self.queue_notice(&mut tx, &table, &reply).await? {
            // Something about the last version is owed again: the timelapse waits for it.
            self.timelapse_later(&mut tx, item).await?;
            tx.commit().await?;
            return Ok(None);
        }
        tx.commit().await?;
        reply.images.push(Image { name: TIMELAPSE_FILE.into(), png: made.gif });
        Ok(Some(reply))
    }

    /// The timelapse item again in [`TIMELAPSE_AFTER_MS`], unclaimed.
    async fn timelapse_later(&self, conn: &mut AnyConnection, item: &Due) -> Result<()> {
        let due_at = self.now_ms() + TIMELAPSE_AFTER_MS;
        store::set_due(conn, &Due { due_at, ..item.clone() }).await?;
        Ok(())
    }

    /// A reply that carries the game's timelapse (see [`Reply::timelapse`]) and has not got it
    /// yet (posted again from the outbox): the kept one attached.
    pub(super) async fn attach_timelapse(&self, reply: &mut Reply) -> Result<()> {
        let Some((id, _)) = reply.game else { return Ok(()) };
        if !reply.timelapse || reply.images.iter().any(|i| i.name == TIMELAPSE_FILE) {
            return Ok(());
        }
        let mut conn = self.store.pool().acquire().await?;
        let table = load_table(&mut conn, id).await?;
        let log = store::actions(&mut conn, id).await?;
        drop(conn);
        if let Some(made) = self.timelapse_of(&table, log).await? {
            reply.images.push(Image { name: TIMELAPSE_FILE.into(), png: made.gif });
        }
        Ok(())
    }
}
