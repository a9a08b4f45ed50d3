//! The messages steps owe their channel (the outbox): recorded in the step's transaction,
//! posted by the process that made the step, or claimed with a lease by another when it could
//! not; and the retirement of buttons on messages that no longer show the current version.

use super::{Reply, Result, Service, Table, internal};
use crate::store::{self, GameId, PendingPost};
use sqlx::AnyConnection;

/// How many messages one delivery retires at most (a game has one or two with buttons).
const RETIRE_BATCH: i64 = 64;

tokio::task_local! {
    /// The message a click was made on, while the service handles that click (see
    /// [`Service::click_on`]). A step shown in place on it makes it the message of the new
    /// version, in the step's own transaction (see `queue`).
    static CLICKED: u64;
}

/// Runs `handling` (a click's) knowing the message clicked on.
pub(super) async fn on_message<T>(message: u64, handling: impl Future<Output = T>) -> T {
    CLICKED.scope(message, handling).await
}

impl Service {
    /// At start: what this process held when it last stopped (a crash, a kill) is due now, not
    /// when its lease runs out. Returns how many posts that frees.
    pub async fn release_own_claims(&self) -> Result<u64> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::release_claims(&mut conn, &self.instance).await?)
    }

    /// Records the message a change owes the channel, in the change's transaction.
    /// When the change is a click shown in place on the clicked message (not a new message) with
    /// choices on it, that message shows the new version from this commit on: it is recorded so
    /// here, before anyone can see the new version. Recorded only after Discord answers the edit,
    /// a late record of the message's post (the version before) could land first and make it
    /// look old, and its buttons, the current ones, would be retired.
    pub(crate) async fn queue(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply) -> Result<()> {
        self.record_post(conn, table, reply, store::IfOwed::Replace).await?;
        let in_place = !reply.new_message && (!reply.buttons.is_empty() || reply.menu.is_some());
        if let Some(message) = CLICKED.try_with(|m| *m).ok().filter(|_| in_place) {
            store::record_message(conn, table.record.id, message, "choices", table.record.version).await?;
        }
        Ok(())
    }

    /// Records a notice about the game's current version (a reminder) in the outbox, in the
    /// transaction that decided it. The turn message of that version, if still owed, goes first
    /// and already pings the same player: then the notice is not needed and is not recorded (false).
    pub(crate) async fn queue_notice(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply) -> Result<bool> {
        self.record_post(conn, table, reply, store::IfOwed::Keep).await
    }

    async fn record_post(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply, if_owed: store::IfOwed) -> Result<bool> {
        let post = PendingPost {
            game_id: table.record.id,
            version: table.record.version,
            channel_id: table.record.channel_id,
            reply: serde_json::to_string(reply).map_err(|e| internal(e.to_string()))?,
        };
        let lease_until = store::now_ms() + self.lease.as_millis() as i64;
        Ok(store::queue_post(conn, &post, lease_until, &self.instance, if_owed).await?)
    }

    /// The message of a step was posted (or the message the step was taken on now shows it):
    /// the step owes nothing any more (and a computer's turn waiting for it goes on). `message`
    /// is the message that now offers the step's
    /// choices, if it has any. Returns the messages whose buttons must now be retired
    /// (game, channel, message): every other one of the game, unless it shows the current
    /// version.
    pub async fn delivered(&self, game: GameId, version: i64, message: Option<u64>) -> Result<Vec<(GameId, u64, u64)>> {
        let mut tx = self.store.begin_write().await?;
        // The game's row first, as every step takes it (on PostgreSQL it locks the row): a
        // delivery and a step of one game take turns and never wait for each other's rows of
        // the outbox, messages and schedule in opposite orders (a deadlock).
        store::game(&mut tx, game).await?;
        store::remove_post(&mut tx, game, version).await?;
        if let Some(message) = message {
            store::record_message(&mut tx, game, message, "choices", version).await?;
        }
        let retire = store::messages_to_retire(&mut tx, Some(game), None, RETIRE_BATCH).await?;
        // The computer's turn waited for this message (see `play_for`): it may go on now.
        let computer_waits = store::release_due(&mut tx, game, store::DueKind::Computer).await?;
        tx.commit().await?;
        if computer_waits {
            self.wake_scheduler();
        }
        Ok(retire)
    }

    /// The buttons of a message are gone (or the message is).
    pub async fn retired(&self, game: GameId, message: u64) -> Result<()> {
        let mut conn = self.store.pool().acquire().await?;
        store::mark_retired(&mut conn, game, message).await?;
        Ok(())
    }

    /// Messages owed by steps whose process let them go (it died, or Discord was unreachable),
    /// claimed for this process for one lease. A post for a version the game has moved past is
    /// dropped: the newer step's message shows the game as it is.
    pub async fn due_posts(&self) -> Result<Vec<Reply>> {
        let now = store::now_ms();
        if !store::any_due_post(&mut *self.store.pool().acquire().await?, now).await? {
            return Ok(Vec::new());
        }
        let mut tx = self.store.begin_write().await?;
        let posts = store::claim_due_posts(&mut tx, now, now + self.lease.as_millis() as i64, &self.instance, 16).await?;
        let mut replies = Vec::new();
        for post in posts {
            let current = store::game(&mut tx, post.game_id).await?.map(|g| g.version);
            let reply: Option<Reply> = serde_json::from_str(&post.reply).ok();
            match reply {
                Some(reply) if current == Some(post.version) => replies.push(Reply { channel: Some(post.channel_id), ..reply }),
                _ => {
                    tracing::info!(game = post.game_id, version = post.version, "dropping a message the game has moved past");
                    store::remove_post(&mut tx, post.game_id, post.version).await?;
                }
            }
        }
        tx.commit().await?;
        Ok(replies)
    }

    /// Messages whose buttons should have been retired but are not yet (a failed edit, a
    /// crash): (game, channel, message).
    /// Each is claimed for this process for one lease, so that processes sharing the database
    /// do not edit the same message.
    pub async fn due_retirements(&self) -> Result<Vec<(GameId, u64, u64)>> {
        let quiet_since = store::now() - (self.lease.as_secs() as i64).max(1);
        // A read first: the sweeper asks often, and takes the write lock only when there is work.
        let mut conn = self.store.pool().acquire().await?;
        if store::messages_to_retire(&mut conn, None, Some(quiet_since), 1).await?.is_empty() {
            return Ok(Vec::new());
        }
        drop(conn);
        let mut tx = self.store.begin_write().await?;
        let now = store::now_ms();
        let claimed = store::claim_retirements(&mut tx, quiet_since, now, now + self.lease.as_millis() as i64, RETIRE_BATCH).await?;
        tx.commit().await?;
        Ok(claimed)
    }
}
