//! The messages steps owe their channel (the outbox): recorded in the step's transaction,
//! posted by the process that made the step, or claimed with a lease by another when it could
//! not; and the retirement of buttons on messages that no longer show the current version.

use super::asked::Asked;
use super::records::{Delivered, RETIRE_BATCH};
use super::{Delivery, Origin, Reply, Result, Service, Table, internal};
use crate::common::reply::{AtCommit, Known};
use crate::store::{self, GameId, PendingPost};
use sqlx::AnyConnection;
use std::sync::atomic::Ordering;

/// How often a handler waiting for a game's post (`wait_until_posted`) looks at the outbox
/// when nothing rings: for a post made by another process sharing the database (a post made
/// here rings at once).
const POSTED_POLL: std::time::Duration = std::time::Duration::from_secs(1);

/// How long a game must have been quiet (no change) before the sweeper retires its old
/// messages' buttons: the handler of its last step retires them within milliseconds of the
/// step's post, and the sweeper leaves it that time. Whatever a handler left undone (its
/// process was killed between the post and the edit) waits this long, not a lease (15 s: the
/// longest waits after a kill in the soak). A handler slower than this (Discord answering its
/// edit late) and the sweeper may both make the same edit: harmless.
pub const RETIRE_WHEN_QUIET: std::time::Duration = std::time::Duration::from_secs(2);

impl Service {
    /// At start: what this process held when it last stopped (a crash, a kill) is due now, not
    /// when its lease runs out. Returns how many posts that frees.
    pub async fn release_own_claims(&self) -> Result<u64> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::release_claims(&mut conn, &self.instance).await?)
    }

    /// Records the message a change owes the channel, in the change's transaction.
    /// When the change is a click shown in place on the clicked message (not a new message),
    /// that message shows the new version from this commit on: it is recorded so here, before
    /// anyone can see the new version. Recorded only after Discord answers the edit, a late
    /// record of the message's post (the version before) could land first and make it look old,
    /// and its buttons, the current ones, would be retired. A step shown in place without
    /// choices (a hand-over to the computers) is recorded at the new version too: it is the
    /// newest word on the game until the computers' message is out, and only then retires
    /// saying that the game continues in a newer message (recorded at the version tapped, it
    /// was retired at once, saying so before that message existed).
    pub(super) async fn queue(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply, asked: &Asked) -> Result<()> {
        self.record_post(conn, table, reply, store::IfOwed::Replace).await?;
        let in_place = !reply.delivery.is_new_message();
        // Any other change made by a tap records the tapped message at the version it was
        // tapped at: the bot may never have learnt it (Discord made the post, its answer was
        // lost), and a message not on record keeps its buttons for good once the game moves on.
        if let Origin::Clicked { message, version } = asked.origin {
            asked.recorded.store(true, Ordering::Relaxed);
            let version = if in_place { table.record.version } else { version };
            store::record_message(conn, table.record.id, message, "choices", version).await?;
        }
        Ok(())
    }

    /// What the change in `conn` knows at its commit, for the delivery of its `reply` (see
    /// [`Known`]): its table, the messages whose buttons it made old (the tapped one among them
    /// when its message is a new one), and the game's web link when the reply shows the board
    /// and the bot has a public address. Called last before the commit.
    pub(super) async fn known_at_commit(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply) -> Result<Known> {
        let retire = store::messages_to_retire(conn, Some(table.record.id), None, RETIRE_BATCH).await?;
        let web_link = if reply.show_board { self.web_link(conn, table.record.id).await? } else { None };
        Ok(Known::new(AtCommit { table: table.clone(), retire, web_link }))
    }

    /// Records the private posts a change owes (seat, post), each for the person at that seat
    /// alone, in the change's transaction; a seat the computer plays needs none. Returns them
    /// as recorded, for the handler to deliver after the change's own message.
    pub(crate) async fn queue_private_posts(
        &self,
        conn: &mut AnyConnection,
        table: &Table,
        posts: Vec<(usize, Reply)>,
    ) -> Result<Vec<Reply>> {
        let mut queued = Vec::new();
        for (seat, post) in posts {
            let Some(user) = table.person_at(seat) else { continue };
            let post = Reply { delivery: Delivery::Private { to: user }, game: Some((table.record.id, table.record.version)), ..post };
            self.record_post_for(conn, table, user, &post, store::IfOwed::Replace).await?;
            queued.push(post);
        }
        Ok(queued)
    }

    /// Records a notice about the game's current version (a reminder) in the outbox, in the
    /// transaction that decided it. The turn message of that version, if still owed, goes first
    /// and already pings the same player: then the notice is not needed and is not recorded (false).
    pub(crate) async fn queue_notice(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply) -> Result<bool> {
        self.record_post(conn, table, reply, store::IfOwed::Keep).await
    }

    async fn record_post(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply, if_owed: store::IfOwed) -> Result<bool> {
        self.record_post_for(conn, table, store::CHANNEL, reply, if_owed).await
    }

    async fn record_post_for(
        &self,
        conn: &mut AnyConnection,
        table: &Table,
        recipient: u64,
        reply: &Reply,
        if_owed: store::IfOwed,
    ) -> Result<bool> {
        let post = PendingPost {
            game_id: table.record.id,
            version: table.record.version,
            recipient,
            channel_id: table.record.channel_id,
            reply: serde_json::to_string(reply).map_err(|e| internal(e.to_string()))?,
        };
        let lease_until = store::now_ms() + self.lease.as_millis() as i64;
        // A post the computer's run will tell is held for it (see `store::Hold`): a restart does
        // not free it for the sweeper before the run takes it.
        let hold = if reply.carried().is_some() { store::Hold::ForRun } else { store::Hold::No };
        Ok(store::queue_post(conn, &post, lease_until, &self.instance, hold, if_owed).await?)
    }

    /// The message of a step was posted (or the message the step was taken on now shows it):
    /// the step owes nothing any more (and a computer's turn waiting for it goes on). `message`
    /// is the message that now offers the step's
    /// choices, if it has any. Returns the messages whose buttons must now be retired
    /// (game, channel, message): every other one of the game, unless it shows the current
    /// version. `retired` is a message already retired on the way (the clicked one, when the
    /// step's message is a new one): recorded as such here, it is not edited a second time.
    pub async fn delivered(
        &self,
        game: GameId,
        version: i64,
        message: Option<u64>,
        retired: Option<u64>,
    ) -> Result<Vec<(GameId, u64, u64)>> {
        self.delivered_retiring(game, version, message, retired.as_slice()).await
    }

    /// [`Service::delivered`], with every message `retired` on the way (the clicked one, and
    /// those the change made old: see [`Known`]) recorded as such in the same transaction:
    /// the process's writer of delivery records commits it with the others handed to it
    /// meanwhile (group commit); this waits for that commit.
    pub async fn delivered_retiring(
        &self,
        game: GameId,
        version: i64,
        message: Option<u64>,
        retired: &[u64],
    ) -> Result<Vec<(GameId, u64, u64)>> {
        // Not in a transaction of its own: with every delivery of this process handed over
        // meanwhile, in one (see `records`). The tap's own path stays one write, its step.
        let delivered = Delivered { game, version, message, retired: retired.to_vec() };
        self.records.record(delivered).await.map_err(|why| internal(format!("recording a delivery: {why}")))
    }

    /// The lines of a typed step's message that waited for the computer's run to tell them
    /// (`Reply::carried`), taken over by the change being made, which tells them first:
    /// whichever change comes next (the run, another step, an undo, a pause, the end) says what
    /// the step did.
    pub(crate) async fn take_carried(&self, conn: &mut AnyConnection, game: GameId) -> Result<Vec<String>> {
        let mut lines = Vec::new();
        for (version, json) in store::take_carried(conn, game).await? {
            match serde_json::from_str::<Reply>(&json) {
                Ok(Reply { delivery: Delivery::Carried { lines: carried }, .. }) => lines.extend(carried),
                Ok(_) => {}
                Err(e) => tracing::warn!(game, version, "a step's message could not be read (its lines are not told): {e}"),
            }
        }
        Ok(lines)
    }

    /// A notice that ends the computer's turn before it plays (a pause, the end of the game):
    /// `line`, after what a typed step that waited for the computer's run did.
    pub(crate) async fn after_carried(&self, conn: &mut AnyConnection, game: GameId, line: String) -> Result<String> {
        let mut lines = self.take_carried(conn, game).await?;
        lines.push(line);
        Ok(lines.join("\n"))
    }

    /// Waits until the game owes its channel no post, for at most `limit`; returns whether it
    /// came to that. A typed step the computer's run tells (`Reply::carried`) is posted with
    /// that run, by whichever process plays it: this is how its handler learns it is out.
    /// It looks again as soon as this process records one of the game's posts as made (the
    /// run played here), else every [`POSTED_POLL`] (the run played by another process).
    pub async fn wait_until_posted(&self, game: GameId, limit: std::time::Duration) -> Result<bool> {
        let until = tokio::time::Instant::now() + limit;
        let hung = self.records.bells().hang(game);
        loop {
            // Listening before looking: a post made between the look and the wait still rings.
            let rung = hung.bell.notified();
            tokio::pin!(rung);
            rung.as_mut().enable();
            let mut conn = self.store.pool().acquire().await?;
            let owed = store::post_owed(&mut conn, game).await?;
            drop(conn);
            if !owed {
                return Ok(true);
            }
            let now = tokio::time::Instant::now();
            if now >= until {
                return Ok(false);
            }
            let _ = tokio::time::timeout(POSTED_POLL.min(until - now), rung).await;
        }
    }

    /// Posting the message of `version` (for `recipient`: [`store::CHANNEL`], or one player's
    /// private post) failed in a way worth trying again soon (Discord's 5xx, no answer, a rate
    /// limit): it is due again in half a second to two seconds (see [`store::retry_post_soon`])
    /// instead of when this process's lease runs out. Returns when, if it is still owed.
    /// `unsure`: Discord may have made it (no answer, a 5xx): if the game moves past it before
    /// it is tried again, it is looked for in the channel (see [`Service::lost_posts`]).
    pub async fn post_failed(&self, game: GameId, version: i64, recipient: u64, unsure: bool) -> Result<Option<i64>> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::retry_post_soon(&mut conn, game, version, recipient, unsure).await?)
    }

    /// Channel posts Discord may have made for versions the game has moved past (see
    /// [`store::LostPost`]), claimed for this process for one lease: the caller looks for each
    /// in its channel and says what it found with [`Service::found_lost_post`].
    pub async fn lost_posts(&self) -> Result<Vec<store::LostPost>> {
        let now = store::now_ms();
        let mut tx = self.store.begin_write().await?;
        let lost = store::claim_lost_posts(&mut tx, now, now + self.lease.as_millis() as i64, &self.instance, 16).await?;
        tx.commit().await?;
        Ok(lost)
    }

    /// A lost post was looked for in its channel: the messages found showing its buttons go on
    /// record at its version, and it is owed no more. Returns the messages to retire, as
    /// [`Service::delivered`] does (the found ones among them: the game has moved past them).
    pub async fn found_lost_post(&self, lost: &store::LostPost, found: &[u64]) -> Result<Vec<(GameId, u64, u64)>> {
        let mut tx = self.store.begin_write().await?;
        store::game(&mut tx, lost.game_id).await?;
        for &message in found {
            store::record_message(&mut tx, lost.game_id, message, "choices", lost.version).await?;
        }
        store::remove_post(&mut tx, lost.game_id, lost.version, store::CHANNEL).await?;
        let retire = store::messages_to_retire(&mut tx, Some(lost.game_id), None, RETIRE_BATCH).await?;
        let computer_waits = store::release_due(&mut tx, lost.game_id, store::DueKind::Computer).await?;
        tx.commit().await?;
        self.records.bells().ring(lost.game_id);
        if computer_waits {
            self.wake_scheduler();
        }
        Ok(retire)
    }

    /// A private post of `version` for `user` was sent (or cannot be: their direct messages are
    /// closed, and private information never falls back to the channel): it is owed no more.
    pub async fn delivered_private(&self, game: GameId, version: i64, user: u64) -> Result<()> {
        let mut conn = self.store.pool().acquire().await?;
        store::remove_post(&mut conn, game, version, user).await?;
        Ok(())
    }

    /// The buttons of a message are gone (or the message is).
    /// What a message of `game` says once its buttons are retired, in the game's language.
    pub async fn retired_note(&self, game: GameId) -> Result<String> {
        let mut conn = self.store.pool().acquire().await?;
        let table = super::load_table(&mut conn, game).await?;
        Ok(retired_note_of(&table))
    }

    /// [`Service::retired_note`] for messages of `reply`'s game, from what the change that
    /// made it knew (see [`Known`]), else read.
    pub async fn retired_note_for(&self, reply: &Reply) -> Result<String> {
        match (reply.known.at_commit(), reply.game) {
            (Some(at), _) => Ok(retired_note_of(&at.table)),
            (None, Some((game, _))) => self.retired_note(game).await,
            (None, None) => Err(internal("a note for a message of no game".into())),
        }
    }

    /// Retiring `message` failed in a way worth trying again soon: the sweeper tries again in
    /// a second, whether or not the game is quiet.
    pub async fn retirement_failed(&self, game: GameId, message: u64) -> Result<()> {
        let mut conn = self.store.pool().acquire().await?;
        store::retry_retirement_soon(&mut conn, game, message, store::now_ms() + store::RETRY_SOON.1 / 2).await?;
        Ok(())
    }

    pub async fn retired(&self, game: GameId, message: u64) -> Result<()> {
        self.retired_all(&[(game, message)]).await
    }

    /// The buttons of these messages (game, message) are gone, in one session.
    pub async fn retired_all(&self, messages: &[(GameId, u64)]) -> Result<()> {
        let mut conn = self.store.pool().acquire().await?;
        for &(game, message) in messages {
            store::mark_retired(&mut conn, game, message).await?;
        }
        Ok(())
    }

    /// A tap on `message` was accepted without a change recording it (another view, a private
    /// look): it is on record from now on at the version it was tapped at, so that it retires
    /// once the game moves on even when the bot never learnt its post (see `queue`).
    pub(super) async fn record_tapped(&self, game: GameId, message: u64, version: i64) -> Result<()> {
        let mut conn = self.store.pool().acquire().await?;
        store::record_message(&mut conn, game, message, "choices", version).await?;
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
                // Discord took it, and this process's writer is recording it (its lease ran
                // out while the database was slow): posted again here, it would be made twice
                // for all this process knows. Left claimed: the record removes it; if the
                // record fails for good, it is due again when this claim runs out.
                Some(_) if post.recipient == store::CHANNEL && self.records.holds(post.game_id, post.version) => {
                    tracing::info!(game = post.game_id, version = post.version, "a post being recorded is not posted again");
                }
                // A post no computer's run took over is the step's own message again.
                Some(mut reply) if current == Some(post.version) => {
                    if reply.carried().is_some() {
                        reply.delivery = Delivery::InPlace;
                    }
                    replies.push(Reply { channel: Some(post.channel_id), ..reply })
                }
                _ => {
                    // Discord may have made it: it is looked for first (see `lost_posts`).
                    let unsure = post.recipient == store::CHANNEL
                        && current.is_some()
                        && store::post_unsure(&mut tx, post.game_id, post.version, post.recipient).await?;
                    if unsure {
                        store::release_post(&mut tx, post.game_id, post.version, post.recipient).await?;
                    } else {
                        tracing::info!(game = post.game_id, version = post.version, "dropping a message the game has moved past");
                        store::remove_post(&mut tx, post.game_id, post.version, post.recipient).await?;
                    }
                }
            }
        }
        tx.commit().await?;
        Ok(replies)
    }

    /// Messages whose buttons should have been retired but are not yet (a failed edit, a
    /// crash) in games quiet for [`RETIRE_WHEN_QUIET`]: (game, channel, message).
    /// Each is claimed for this process for one lease, so that processes sharing the database
    /// do not edit the same message.
    pub async fn due_retirements(&self) -> Result<Vec<(GameId, u64, u64)>> {
        let quiet_since = store::now() - (self.lease.min(RETIRE_WHEN_QUIET).as_secs() as i64).max(1);
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

/// What a message of the game says once its buttons are retired, in the game's language.
fn retired_note_of(table: &Table) -> String {
    // An abandoned game does not continue anywhere: its last turn message says it ended.
    let note = if table.record.status == crate::store::Status::Abandoned { "retired-note-abandoned" } else { "retired-note" };
    crate::tr!(table.record.language, note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::southseas::GameOptions;
    use crate::service::{Actor, Place};
    use std::time::Duration;

    /// The channel posts the game owes, by version.
    async fn owed_versions(service: &Service, game: GameId) -> Vec<i64> {
        let mut conn = service.store.pool().acquire().await.unwrap();
        sqlx::query_scalar("SELECT version FROM outbox WHERE game_id = $1 AND recipient = 0 ORDER BY version")
            .bind(game)
            .fetch_all(&mut *conn)
            .await
            .unwrap()
    }

    /// A started game owing its channel its posts, on a fresh SQLite file; returns its id.
    async fn owing(service: &Service) -> GameId {
        let place = Place { guild_id: 1, channel_id: 5 };
        let (ana, bo) = (Actor::new(1001, "Ana"), Actor::new(1002, "Bo"));
        service.create(place, &ana, GameOptions { seed: Some(3), ..GameOptions::default() }).await.unwrap();
        service.join(place, &bo).await.unwrap();
        service.start(place, &ana).await.unwrap();
        let mut conn = service.store.pool().acquire().await.unwrap();
        store::open_game_in_channel(&mut conn, 5).await.unwrap().unwrap().id
    }

    /// A handler waiting for a game's post (a typed step the computers' run tells) hears at once
    /// when this process records the post as made, with one look at the outbox before and one
    /// after; a post made by another process (another service on the same database) is seen
    /// by the slower poll, within about [`POSTED_POLL`].
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_wait_for_a_post_wakes_when_it_is_made_here_and_polls_for_one_made_elsewhere() {
        let path = std::env::temp_dir().join(format!("southseas-posted-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        let service = std::sync::Arc::new(Service::open(&url).await.unwrap());
        let game = owing(&service).await;
        let versions = owed_versions(&service, game).await;
        let (last, before) = versions.split_last().expect("the start owes its channel a post");
        for &version in before {
            service.delivered(game, version, None, None).await.unwrap();
        }

        // Made here: the waiter wakes at once, not at its next look.
        let waiter = std::sync::Arc::clone(&service);
        let waiting = tokio::spawn(async move {
            let started = tokio::time::Instant::now();
            let (posted, tally) = store::tallied(waiter.wait_until_posted(game, Duration::from_secs(20))).await;
            (posted.unwrap(), started.elapsed(), tally)
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        let made = tokio::time::Instant::now();
        service.delivered(game, *last, None, None).await.unwrap();
        let (posted, waited, tally) = waiting.await.unwrap();
        assert!(posted, "the post is out");
        assert!(made.elapsed() < Duration::from_millis(250), "woken at once: {:?} after the post", made.elapsed());
        assert!(waited >= Duration::from_millis(300), "{waited:?}");
        assert_eq!(tally, store::Tally { sessions: 2, writes: 0 }, "one look before the post, one after");

        // Made by another process: found by the poll, without a ring.
        let other = Service::open(&url).await.unwrap();
        let mut conn = other.store.pool().acquire().await.unwrap();
        let post = PendingPost { game_id: game, version: last + 100, recipient: store::CHANNEL, channel_id: 5, reply: "{}".into() };
        store::queue_post(&mut conn, &post, store::now_ms() + 60_000, "other", store::Hold::No, store::IfOwed::Replace).await.unwrap();
        drop(conn);
        let waiter = std::sync::Arc::clone(&service);
        let waiting = tokio::spawn(async move { waiter.wait_until_posted(game, Duration::from_secs(20)).await.unwrap() });
        tokio::time::sleep(Duration::from_millis(200)).await;
        let made = tokio::time::Instant::now();
        let mut conn = other.store.pool().acquire().await.unwrap();
        store::remove_post(&mut conn, game, post.version, store::CHANNEL).await.unwrap();
        drop(conn);
        assert!(waiting.await.unwrap(), "the post is out");
        assert!(made.elapsed() < POSTED_POLL + Duration::from_millis(500), "seen by the poll: {:?}", made.elapsed());
        assert!(service.records.bells().0.lock().unwrap().is_empty(), "no bell left hanging");
        let _ = std::fs::remove_file(&path);
    }

    /// A runtime shutting down (the bot's, a test's) while the writer of delivery records
    /// commits, another record queued behind it, ends. Before, the writer's drop handed the
    /// runtime its successor while holding the lock that the successor's own drop takes, and a
    /// runtime shutting down drops a task it is handed at once: the shutdown hung for good (a
    /// fault test held CI until its limit).
    #[test]
    fn a_runtime_shutting_down_while_records_are_written_ends() {
        use sqlx::Connection;
        let path = std::env::temp_dir().join(format!("southseas-shutdown-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let (service, other) = runtime.block_on(async {
            let service = std::sync::Arc::new(Service::open(&url).await.unwrap());
            let game = owing(&service).await;
            let version = owed_versions(&service, game).await[0];
            // Another writer holds the database: the records' commit waits for it.
            let mut other = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::raw_sql("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
            // One record taken into the commit (held, none queued), then one queued behind it.
            for queued in [0, 1] {
                let delivering = std::sync::Arc::clone(&service);
                tokio::spawn(async move { delivering.delivered(game, version, None, None).await });
                let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
                while !(service.records.holds(game, version) && service.records.queued() == queued) {
                    assert!(tokio::time::Instant::now() < deadline, "{queued} record(s) queued behind the commit");
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            }
            (service, other)
        });
        let (ended, end) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            drop(runtime);
            let _ = ended.send(());
        });
        let ended = end.recv_timeout(Duration::from_secs(20));
        assert!(ended.is_ok(), "the runtime's shutdown ended: {ended:?}");
        drop((service, other));
        let _ = std::fs::remove_file(&path);
    }

    /// A private post is owed to its player alone, beside the channel's post of the same
    /// version, exactly once: a process killed between the commit and the post leaves it owed,
    /// the next process claims it once (never twice, never in the channel), and once sent it is
    /// owed no more.
    #[tokio::test]
    async fn a_private_post_is_owed_to_its_player_alone_and_survives_a_kill() {
        let path = std::env::temp_dir().join(format!("southseas-private-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        let lease = Duration::from_millis(50);
        let first = Service::open(&url).await.unwrap().with_lease(lease).with_instance("first");
        let place = Place { guild_id: 1, channel_id: 3 };
        let (ana, bo) = (Actor::new(1001, "Ana"), Actor::new(1002, "Bo"));
        first.create(place, &ana, GameOptions { seed: Some(9), ..GameOptions::default() }).await.unwrap();
        first.join(place, &bo).await.unwrap();
        first.start(place, &ana).await.unwrap();
        let mut tx = first.store.begin_write().await.unwrap();
        let id = store::open_game_in_channel(&mut tx, 3).await.unwrap().unwrap().id;
        let table = super::super::load_table(&mut tx, id).await.unwrap();
        let seat_of_bo = table.seat_of(bo.user_id).unwrap();
        let hand = Reply { text: "Your hand: 2 brick, 1 wool".into(), ..Reply::default() };
        let queued = first.queue_private_posts(&mut tx, &table, vec![(seat_of_bo, hand)]).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(queued.len(), 1);
        assert_eq!(queued[0].delivery, Delivery::Private { to: bo.user_id });
        // Killed before posting: nothing more from `first`. Another process starts.
        drop(first);
        tokio::time::sleep(lease * 2).await;
        let second = Service::open(&url).await.unwrap().with_lease(Duration::from_secs(60)).with_instance("second");
        let owed = second.due_posts().await.unwrap();
        let private: Vec<&Reply> = owed.iter().filter(|r| matches!(r.delivery, Delivery::Private { .. })).collect();
        assert_eq!(private.len(), 1, "{owed:?}");
        assert_eq!(private[0].delivery, Delivery::Private { to: bo.user_id }, "for Bo alone");
        assert_eq!(private[0].text, "Your hand: 2 brick, 1 wool");
        assert!(
            owed.iter().filter(|r| !matches!(r.delivery, Delivery::Private { .. })).all(|r| !r.text.contains("Your hand")),
            "never in a channel post"
        );
        assert!(second.due_posts().await.unwrap().is_empty(), "claimed once: a second look finds nothing to post");
        let (game, version) = private[0].game.unwrap();
        second.delivered_private(game, version, bo.user_id).await.unwrap();
        let mut conn = second.store.pool().acquire().await.unwrap();
        let left: Vec<i64> = sqlx::query_scalar("SELECT recipient FROM outbox").fetch_all(&mut *conn).await.unwrap();
        assert!(!left.contains(&(bo.user_id as i64)), "sent: owed no more ({left:?})");
        drop(conn);
        let _ = std::fs::remove_file(&path);
    }

    /// A post Discord took whose record this process's writer has not committed yet (the
    /// database slow past the post's lease) is not posted again by this process's sweeper: the
    /// writer knows it holds it. Once the record is out of its hands and the post is still owed
    /// (the record failed for good, or the process that made it was killed: another process,
    /// or this one restarted), the sweeper posts it again, with its nonce.
    #[tokio::test]
    async fn the_sweeper_leaves_alone_a_post_whose_record_is_being_written() {
        let path = std::env::temp_dir().join(format!("southseas-held-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        let lease = Duration::from_millis(50);
        let service = Service::open(&url).await.unwrap().with_lease(lease);
        let game = owing(&service).await;
        let versions = owed_versions(&service, game).await;
        let (&last, before) = versions.split_last().expect("the start owes its channel a post");
        for &version in before {
            service.delivered(game, version, None, None).await.unwrap();
        }
        tokio::time::sleep(lease * 2).await;
        service.records.hold(game, last);
        let owed = service.due_posts().await.unwrap();
        assert!(owed.iter().all(|r| r.game != Some((game, last))), "held: not posted again here ({owed:?})");
        assert_eq!(owed_versions(&service, game).await, [last], "still owed until its record commits");
        // A process that never heard of it (a restart, another process) posts it once the
        // claim made by the look above ran out.
        let other = Service::open(&url).await.unwrap().with_lease(Duration::from_secs(60)).with_instance("other");
        tokio::time::sleep(lease * 2).await;
        let owed = other.due_posts().await.unwrap();
        assert_eq!(owed.iter().filter(|r| r.game == Some((game, last))).count(), 1, "owed, so posted again elsewhere ({owed:?})");
        let _ = std::fs::remove_file(&path);
    }

    /// A process killed after a step's message was posted and booked, before it retired the
    /// older message's buttons: the sweeper retires them once the game has been quiet for
    /// [`RETIRE_WHEN_QUIET`] (2 to 3 s, the time is kept in seconds), not a lease (15 s) later.
    #[tokio::test]
    async fn buttons_a_killed_process_left_live_retire_within_seconds_not_a_lease() {
        let path = std::env::temp_dir().join(format!("southseas-retire-quiet-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite://{}", path.display());
        let service = Service::open(&url).await.unwrap();
        assert_eq!(service.lease, crate::service::DEFAULT_LEASE);
        let place = Place { guild_id: 1, channel_id: 4 };
        let (ana, bo) = (Actor::new(1001, "Ana"), Actor::new(1002, "Bo"));
        service.create(place, &ana, GameOptions { seed: Some(9), ..GameOptions::default() }).await.unwrap();
        service.join(place, &bo).await.unwrap();
        let (game, first) = service.start(place, &ana).await.unwrap().game.unwrap();
        service.delivered(game, first, Some(7001), None).await.unwrap();
        // The next step, its message (7002) posted and booked; the process dies before it
        // edits 7001.
        let (table_game, version, _, _) = service.snapshot::<crate::games::southseas::SouthSeas>(place, 0).await.unwrap();
        let seat = table_game.to_act().unwrap();
        let who = if service.snapshot::<crate::games::southseas::SouthSeas>(place, ana.user_id).await.unwrap().2 == Some(seat) {
            &ana
        } else {
            &bo
        };
        let action = southseas_engine::Bot::new(southseas_engine::Strategy::Greedy, 1).choose(&table_game).unwrap();
        let reply = service.act(place, who, action).await.unwrap();
        let (_, next) = reply.game.unwrap();
        assert!(next > version);
        let left = service.delivered(game, next, Some(7002), None).await.unwrap();
        assert_eq!(left.iter().map(|m| m.2).collect::<Vec<_>>(), [7001], "the handler had 7001 to retire");
        assert!(service.due_retirements().await.unwrap().is_empty(), "the sweeper leaves a busy game to its handler");
        let since = std::time::Instant::now();
        let found = loop {
            let due = service.due_retirements().await.unwrap();
            if !due.is_empty() {
                break due;
            }
            assert!(since.elapsed() < RETIRE_WHEN_QUIET * 2, "the sweeper took 7001 within seconds");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(found.iter().map(|m| m.2).collect::<Vec<_>>(), [7001], "only the older message; 7002 keeps its buttons");
        let _ = std::fs::remove_file(&path);
    }
}
