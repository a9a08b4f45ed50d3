//! The scheduler: what happens to a game while nobody clicks. After every change, in the
//! change's own transaction, [`Service::reschedule`] writes what the game now waits for: the
//! computer to play (due at once), a reminder for the person it waits for, and their deadline
//! when the game has a turn time limit; nothing while the game is paused. A lobby's changes set
//! when it closes if nobody changes it again (`Service::lobby_changed`).
//! [`Service::schedule_forever`] (the bot) and [`Service::run_due`] (tests, tools) handle the
//! items that fell due, each in one transaction that re-checks the game's version under the
//! game's lock: an item is acted on once, never after a player moved on, and an item whose time
//! passed while the bot was down is handled once when it is back (not once per missed
//! interval). The computer's moves are chosen outside any
//! transaction and applied only at the version they were chosen for: a process killed while
//! the computer thinks has changed nothing, and its item is due again when it is back.
//!
//! In the bot, the computer's turns of different tables think at once, through one gate sized
//! to the cores and fair between tables ([`crate::common::thinking`]); reminders and deadlines
//! never wait for them.
//!
//! Time comes from the service's [`Clock`], so tests move it by hand.

use super::reply::escape;
use super::words::{duration_words_in, relative_time};
use super::{Delivery, Reply, Result, Service, Table, internal, load_table};
use crate::common::Thinker;
use crate::games::{ComputerPlan, Strength};
use crate::i18n::Locale;
use crate::store::{self, Due, DueKind, GameId, OnTimeout, Settings, Status};
use crate::tr;
use sqlx::AnyConnection;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

/// How many items one pass of the scheduler takes on.
const BATCH: i64 = 8;

/// How soon an item whose handling failed is due again.
const RETRY_FAILED: Duration = Duration::from_secs(1);

/// When the reminders of a wait fall due, counted from its start (ms). With a time limit: after a
/// third of it, and when a sixth is left; without one: after 8 hours, a day and three days.
pub fn reminder_offsets(turn_limit_secs: i64) -> Vec<i64> {
    const HOUR: i64 = 3_600_000;
    if turn_limit_secs > 0 {
        let limit = turn_limit_secs * 1000;
        vec![limit / 3, limit - limit / 6]
    } else {
        vec![8 * HOUR, 24 * HOUR, 72 * HOUR]
    }
}

/// When a wait that began at `since` (unix ms) runs out, under a turn limit (None: no limit).
fn deadline_at(since: i64, turn_limit_secs: i64) -> Option<i64> {
    (turn_limit_secs > 0).then(|| since + turn_limit_secs * 1000)
}

/// When a user's quiet hours end, if `now_ms` falls within them (unix ms).
pub fn quiet_until(settings: &Settings, now_ms: i64) -> Option<i64> {
    const MINUTE: i64 = 60_000;
    const DAY: i64 = 24 * 60;
    let (from, to) = settings.quiet?;
    let (from, to) = (i64::from(from), i64::from(to));
    let local_min = (now_ms / MINUTE + i64::from(settings.utc_offset_min)).rem_euclid(DAY);
    let inside = if from <= to { (from..to).contains(&local_min) } else { local_min >= from || local_min < to };
    if !inside {
        return None;
    }
    let left = (to - local_min).rem_euclid(DAY);
    // To the start of the minute the window ends at.
    Some((now_ms / MINUTE + left) * MINUTE)
}

impl Service {
    /// How long to sleep, in real time, until the scheduler's clock has moved `clock_ms` on.
    pub fn real_wait(&self, clock_ms: i64) -> Duration {
        Duration::from_millis(self.clock.real_ms(clock_ms).max(0) as u64)
    }

    /// The service's clock (unix ms).
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Wakes the scheduler loop (something may be due sooner than it thought).
    pub fn wake_scheduler(&self) {
        self.wake.notify_one();
    }

    /// What the scheduler loop waits on.
    pub fn scheduler_bell(&self) -> &tokio::sync::Notify {
        &self.wake
    }

    /// When the next item falls due (unix ms), if any.
    pub async fn next_due_at(&self) -> Result<Option<i64>> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::next_due_at(&mut conn).await?)
    }

    /// After a change, in its transaction: what the game now waits for. `waiting` are the seats
    /// that owe a decision now (none: the game is over or not running); several may at once.
    /// The computer's item is due at once when it plays one of them; each person waiting has
    /// a reminder and, under a time limit, a deadline of their own. A person away whose time is
    /// up is back now. Returns the earliest deadline of the people waiting, if the game has a
    /// limit.
    pub(crate) async fn reschedule(&self, conn: &mut AnyConnection, table: &mut Table, waiting: &[usize]) -> Result<Option<i64>> {
        self.reschedule_with(conn, table, waiting, &[]).await
    }

    /// As [`Service::reschedule`], with the seats that may act though nobody waits for them
    /// (`answering`: those a trade offer is open to): the computer answers for its own at once;
    /// people get no reminder and no deadline for it.
    pub(crate) async fn reschedule_with(
        &self,
        conn: &mut AnyConnection,
        table: &mut Table,
        waiting: &[usize],
        answering: &[usize],
    ) -> Result<Option<i64>> {
        let id = table.record.id;
        let now = self.now_ms();
        // A paused game waits for nobody: its items come back, fresh, when it resumes.
        if table.record.status != Status::Active || table.record.paused.is_some() || waiting.is_empty() {
            store::clear_due(conn, id, None).await?;
            return Ok(None);
        }
        for &seat in waiting {
            let Some(index) = table.seats.iter().position(|s| s.seat == Some(seat)) else {
                return Err(internal(format!("game {id}: nobody sits at seat {seat}")));
            };
            if table.seats[index].away_until.is_some_and(|until| until <= now) {
                store::set_away(conn, id, table.seats[index].user_id, None).await?;
                table.seats[index].away_until = None;
            }
        }
        let version = table.record.version;
        let user_at = |seat: usize| table.user_at(seat).unwrap_or(0);
        let computer = computer_to_move(table, waiting, answering).map(user_at);
        let people: Vec<u64> = waiting.iter().copied().filter(|&seat| table.computer_at(seat).is_none()).map(user_at).collect();
        // One read; writes only where the wait changes hands (a step within a turn costs no
        // write: every step holds the game's write lock, and round trips add up under load).
        let before = store::due_items(conn, id).await?;
        for gone in before.iter().filter(|d| match d.kind {
            DueKind::Computer => computer.is_none(),
            DueKind::Lobby => true,
            // A finished game's: no wait of a running game touches it.
            DueKind::Timelapse => false,
            DueKind::Reminder | DueKind::Deadline => !people.contains(&d.user_id),
        }) {
            store::clear_due_of(conn, id, gone.kind, gone.user_id).await?;
        }
        if let Some(user_id) = computer {
            // Set anew for this version: the computer's turn acts on the version it was set for.
            for other in before.iter().filter(|d| d.kind == DueKind::Computer && d.user_id != user_id) {
                store::clear_due_of(conn, id, other.kind, other.user_id).await?;
            }
            // A computer's own offer that people may still answer: it waits for them, from when
            // the wait began, at most `ANSWER_WAIT` (their answers reschedule it; once none is
            // owed any more, it goes on at once).
            let computer_turn = waiting.iter().any(|&s| table.computer_at(s).is_some());
            let people_answering = answering.iter().any(|&s| table.computer_at(s).is_none());
            let (since, due_at) = if computer_turn && people_answering {
                let waiting_since = before.iter().find(|d| d.kind == DueKind::Computer && d.user_id == user_id && d.due_at > d.since);
                waiting_since.map_or((now, now + crate::games::ANSWER_WAIT.as_millis() as i64), |d| (d.since, d.due_at))
            } else {
                (now, now)
            };
            store::set_due(conn, &Due { game_id: id, kind: DueKind::Computer, version, due_at, user_id, since, sent: 0 }).await?;
        }
        // A person's wait goes on while it is still them (a step within their turn), and its
        // items stand as they are (the reminder perhaps moved past their quiet hours).
        let limit = table.record.turn_limit_secs;
        let mut deadlines = Vec::new();
        for &user_id in &people {
            let wait = |d: &&Due| matches!(d.kind, DueKind::Reminder | DueKind::Deadline) && d.user_id == user_id;
            if let Some(since) = before.iter().find(wait).map(|d| d.since) {
                deadlines.extend(deadline_at(since, limit));
                continue;
            }
            let since = now;
            let deadline = deadline_at(since, limit);
            if let Some(at) = deadline {
                store::set_due(conn, &Due { game_id: id, kind: DueKind::Deadline, version, due_at: at, user_id, since, sent: 0 }).await?;
                deadlines.push(at);
            }
            if let Some(&offset) = reminder_offsets(limit).first() {
                let reminder = Due { game_id: id, kind: DueKind::Reminder, version, due_at: since + offset, user_id, since, sent: 0 };
                store::set_due(conn, &reminder).await?;
            }
        }
        Ok(deadlines.into_iter().min())
    }

    /// The deadline of the game's current wait, if it has one (for `/status`).
    pub(crate) async fn deadline_of(&self, conn: &mut AnyConnection, game: GameId) -> Result<Option<i64>> {
        Ok(store::due_items(conn, game).await?.into_iter().find(|d| d.kind == DueKind::Deadline).map(|d| d.due_at))
    }

    /// At start: items this process held when it last stopped are due again now.
    pub async fn release_own_due(&self) -> Result<u64> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::release_due_claims(&mut conn, &self.instance).await?)
    }

    /// Handles every item due now, one after another: the computer's turns, deadlines,
    /// reminders. Returns the messages they owe (each already in the outbox, like a step's):
    /// post them, then call `delivered`. An item that fails stays claimed until its lease runs
    /// out, then is retried. The computer thinks here ungated and with its full budget: this is
    /// the pass tests and tools drive by hand; the bot runs [`Service::schedule_forever`].
    pub async fn run_due(&self) -> Result<Vec<Reply>> {
        let mut replies = Vec::new();
        for item in self.claim_due_now().await? {
            replies.extend(self.handle(&item, false).await);
        }
        Ok(replies)
    }

    /// The scheduler, for as long as the bot runs: handles what falls due and hands each
    /// message it owes to `post` (which posts it, then calls `delivered`). It sleeps until the
    /// next item is due, or until a change rings the bell, and looks again at least every
    /// [`LOOK_AGAIN`] (another process may have set an item sooner). See
    /// [`Service::schedule_pass`] for what one look does.
    pub async fn schedule_forever<P, F>(self: Arc<Self>, post: P)
    where
        P: Fn(Reply) -> F + Clone + Send + Sync + 'static,
        F: Future<Output = ()> + Send + 'static,
    {
        loop {
            self.schedule_pass(&post).await;
            let wait = match self.next_due_at().await {
                Ok(Some(at)) => self.real_wait(at - self.now_ms()).min(LOOK_AGAIN),
                Ok(None) => LOOK_AGAIN,
                Err(e) => {
                    tracing::warn!("could not read the schedule: {e}");
                    LOOK_AGAIN
                }
            };
            // A claimed item in progress elsewhere reads as due now: never spin faster than this.
            let wait = wait.max(Duration::from_millis(50));
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = self.scheduler_bell().notified() => {}
            }
        }
    }

    /// One look of the scheduler: claims everything due now. Reminders are handled and posted
    /// at once; the computer's turns and deadlines each start a task of their own, which thinks
    /// through the gate (fair between tables, decision by decision, as many at once as there
    /// are cores, each decision's budget following the load) and posts when done. So nothing
    /// waits behind the computer's thinking, and no table's run waits for another's.
    pub async fn schedule_pass<P, F>(self: &Arc<Self>, post: &P)
    where
        P: Fn(Reply) -> F + Clone + Send + Sync + 'static,
        F: Future<Output = ()> + Send + 'static,
    {
        loop {
            let items = match self.claim_due_now().await {
                Ok(items) if !items.is_empty() => items,
                Ok(_) => return,
                Err(e) => {
                    tracing::warn!("could not run the schedule: {e}");
                    return;
                }
            };
            for item in items {
                // Each item's work, and the post it owes, logged in a span naming it.
                let span = tracing::info_span!(
                    "due",
                    game = item.game_id,
                    kind = item.kind.as_str(),
                    user = item.user_id,
                    version = tracing::field::Empty
                );
                // Quick ones at once: nothing to think about.
                if matches!(item.kind, DueKind::Reminder | DueKind::Lobby) {
                    async {
                        if let Some(reply) = self.handle(&item, false).await {
                            post(reply).await;
                        }
                    }
                    .instrument(span)
                    .await;
                    continue;
                }
                // One run per item at a time: a run outliving its claim is claimed again, not
                // started twice.
                let key = (item.game_id, item.kind.as_str(), item.user_id);
                if !self.in_flight.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(key) {
                    continue;
                }
                let (service, post) = (Arc::clone(self), post.clone());
                tokio::spawn(
                    async move {
                        let reply = service.handle(&item, true).await;
                        service.in_flight.lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&key);
                        if let Some(reply) = reply {
                            post(reply).await;
                        }
                    }
                    .instrument(span),
                );
            }
        }
    }

    /// Claims what is due now (at most a batch), soonest first.
    async fn claim_due_now(&self) -> Result<Vec<Due>> {
        let now = self.now_ms();
        // A read first: every step rings the scheduler, and on SQLite a claim takes the
        // database's write lock, which only work that is due should.
        if self.next_due_at().await?.is_none_or(|at| at > now) {
            return Ok(Vec::new());
        }
        let mut tx = self.store.begin_write().await?;
        let items = store::claim_due(&mut tx, now, now + self.lease.as_millis() as i64, &self.instance, BATCH).await?;
        tx.commit().await?;
        Ok(items)
    }

    /// One item, the message it owes if any; a failure is logged, and the item is due again
    /// after [`RETRY_FAILED`] (or, if the database is still away, once its claim runs out).
    /// `paced`: the computer thinks through the gate (see [`Thinker`]).
    async fn handle(&self, item: &Due, paced: bool) -> Option<Reply> {
        let result = match item.kind {
            DueKind::Reminder => self.remind(item).await,
            DueKind::Computer | DueKind::Deadline => self.play_for(item, paced).await,
            DueKind::Lobby => self.expire_lobby(item).await,
            DueKind::Timelapse => self.tell_timelapse(item).await,
        };
        match result {
            Ok(reply) => reply,
            Err(e) => {
                tracing::error!(game = item.game_id, kind = item.kind.as_str(), "a due item failed (retried in a second): {e}");
                // Due again in a second, not when the claim's lease runs out (15 s): a cut
                // connection is replaced at once. If the database is still away, the lease stands.
                if let Ok(mut conn) = self.store.pool().acquire().await {
                    let at = self.now_ms() + RETRY_FAILED.as_millis() as i64;
                    let retried = store::retry_due_at(&mut conn, item.game_id, item.kind, item.user_id, &self.instance, at).await;
                    if let Err(e) = retried {
                        tracing::warn!(game = item.game_id, "could not set when to retry a due item: {e}");
                    }
                }
                None
            }
        }
    }

    /// Whether `item` is still the game's item of its kind, unchanged (under the game's lock).
    pub(super) async fn still_due(&self, conn: &mut AnyConnection, item: &Due) -> Result<bool> {
        let now = store::due_items(conn, item.game_id).await?;
        Ok(now.iter().any(|d| {
            d.kind == item.kind && d.user_id == item.user_id && d.version == item.version && d.due_at == item.due_at && d.sent == item.sent
        }))
    }

    /// A reminder: a new message pinging the person the game waits for (in the channel, or by
    /// direct message if they chose so), unless they turned reminders off or it is their quiet
    /// hours (then it waits for the end of them). The next reminder of the wait is set after it.
    async fn remind(&self, item: &Due) -> Result<Option<Reply>> {
        let now = self.now_ms();
        let mut tx = self.store.begin_write().await?;
        let table = load_table(&mut tx, item.game_id).await?;
        if !self.still_due(&mut tx, item).await? {
            return Ok(None);
        }
        let loaded = self.load(&mut tx, &table).await?;
        if !waits_for(&table, &loaded.state, item.user_id) {
            store::clear_due_of(&mut tx, item.game_id, DueKind::Reminder, item.user_id).await?;
            tx.commit().await?;
            return Ok(None);
        }
        let settings = store::settings(&mut tx, item.user_id).await?;
        let limit = table.record.turn_limit_secs;
        // Back after the deadline passed (the bot was down): the deadline acts, no reminder.
        let deadline = deadline_at(item.since, limit);
        let too_late = deadline.is_some_and(|at| at <= now);
        if too_late {
            store::clear_due_of(&mut tx, item.game_id, DueKind::Reminder, item.user_id).await?;
            tx.commit().await?;
            return Ok(None);
        }
        let offsets = reminder_offsets(limit);
        // The next reminder of this wait: the first one still ahead (never one per missed slot).
        let next = offsets.iter().enumerate().find(|&(k, &o)| k as i64 > item.sent && item.since + o > now);
        if !settings.reminders {
            // Nobody is pinged, but the wait keeps its item until its last reminder's time: it
            // says since when the game waits for them (a vote over their seat opens from that).
            match next {
                Some((k, &o)) => store::set_due(&mut tx, &Due { sent: k as i64, due_at: item.since + o, ..item.clone() }).await?,
                None => store::clear_due_of(&mut tx, item.game_id, DueKind::Reminder, item.user_id).await?,
            }
            tx.commit().await?;
            return Ok(None);
        }
        if let Some(until) = quiet_until(&settings, now) {
            store::set_due(&mut tx, &Due { due_at: until, ..item.clone() }).await?;
            tx.commit().await?;
            self.wake_scheduler();
            return Ok(None);
        }
        let name = table.seats.iter().find(|s| s.user_id == item.user_id).map_or_else(String::new, |s| escape(&s.name));
        let seat = table.seat_of(item.user_id).unwrap_or(0);
        // By direct message, in the recipient's language (their setting, else English); in the
        // channel, in the game's.
        let locale = if settings.direct { settings.language.unwrap_or_default() } else { table.record.language };
        let (duration, task) = (duration_words_in(now - item.since, locale), loaded.state.task(seat, locale));
        let mut text = tr!(locale, "reminder", name = name, duration = duration, task = task);
        if let Some(at) = deadline {
            text.push_str(&tr!(locale, "reminder-deadline", when = relative_time(at)));
        }
        if settings.direct {
            // Read away from the channel: which game, and where it is played (the server by
            // name when Discord told it: a channel's mention alone may not say which server).
            let game = tr!(locale, &table.record.kind.title_key());
            let channel = format!("<#{}>", table.record.channel_id);
            let id = table.record.id;
            let head = match store::server_name(&mut tx, table.record.guild_id).await? {
                Some(server) => {
                    tr!(locale, "reminder-direct-head-server", game = game, id = id, server = escape(&server), channel = channel)
                }
                None => tr!(locale, "reminder-direct-head", game = game, id = id, channel = channel),
            };
            text = format!("{head}\n{text}");
        }
        // The turn message holds the buttons: one tap away, from the channel or a direct message.
        if let Some(link) = self.turn_message_link(&mut tx, &table).await? {
            text.push_str(&format!("\n{}", tr!(locale, "reminder-link", link = link)));
        }
        let reply = Reply {
            text,
            mention: Some(item.user_id),
            game: Some((table.record.id, table.record.version)),
            delivery: Delivery::Notice { nth: item.sent as u32 + 1, direct: settings.direct },
            ..Reply::default()
        };
        let queued = self.queue_notice(&mut tx, &table, &reply).await?;
        match next {
            Some((k, &o)) => store::set_due(&mut tx, &Due { sent: k as i64, due_at: item.since + o, ..item.clone() }).await?,
            None => store::clear_due_of(&mut tx, item.game_id, DueKind::Reminder, item.user_id).await?,
        }
        tx.commit().await?;
        Ok(queued.then_some(Reply { channel: Some(table.record.channel_id), ..reply }))
    }

    /// Records a server's name as Discord tells it (on connecting, on a rename): reminders by
    /// direct message name the server their game is played in.
    pub async fn server_named(&self, guild_id: u64, name: &str) -> Result<()> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::set_server_name(&mut conn, guild_id, name).await?)
    }

    /// The address of the message that shows the game as it is now (its newest message at the
    /// current version, else its newest), as Discord links it: server, channel, message.
    async fn turn_message_link(&self, conn: &mut AnyConnection, table: &Table) -> Result<Option<String>> {
        let messages = store::messages(conn, table.record.id).await?;
        let current = messages.iter().find(|(_, _, version)| *version == table.record.version).or(messages.first());
        Ok(current
            .map(|(message, _, _)| format!("https://discord.com/channels/{}/{}/{message}", table.record.guild_id, table.record.channel_id)))
    }

    /// The computer plays: for a computer seat or a person away (`Computer`: once the game owes
    /// its channel no message), or for a person whose time ran out (`Deadline`: that one turn,
    /// or their seat from now on). Its moves are
    /// chosen outside any transaction (a strong player thinks for a while), then applied in one
    /// that finds the game at the version they were chosen for, or not at all.
    async fn play_for(&self, item: &Due, paced: bool) -> Result<Option<Reply>> {
        let mut conn = self.store.pool().acquire().await?;
        // The computer moves once the channel has the message that handed it the turn: the
        // step's handler and the scheduler post at the same time, and the computer's moves must
        // not come out first. The item stays claimed; `delivered` lets it go on at once. A
        // typed step's message is no wait: the run tells it (see `Reply::carried`).
        if item.kind == DueKind::Computer && store::post_owed_besides_carried(&mut conn, item.game_id).await? {
            return Ok(None);
        }
        let table = load_table(&mut conn, item.game_id).await?;
        let loaded = self.load(&mut conn, &table).await?;
        drop(conn);
        // The computer's turn was set for this very version; a deadline for the person the game
        // still waits for (whatever steps of their turn they took since).
        let current = match item.kind {
            DueKind::Computer => {
                table.record.status == Status::Active && table.record.paused.is_none() && table.record.version == item.version
            }
            _ => waits_for(&table, &loaded.state, item.user_id),
        };
        if !current {
            let mut tx = self.store.begin_write().await?;
            load_table(&mut tx, item.game_id).await?;
            if self.still_due(&mut tx, item).await? {
                store::clear_due_of(&mut tx, item.game_id, item.kind, item.user_id).await?;
            }
            // No run tells the step that handed it the turn: its own message goes out now.
            store::release_carried(&mut tx, item.game_id).await?;
            tx.commit().await?;
            return Ok(None);
        }
        let timed_out = (item.kind == DueKind::Deadline).then(|| table.seats.iter().find(|s| s.user_id == item.user_id)).flatten();
        let replace = timed_out.is_some() && table.record.on_timeout == OnTimeout::Replace;
        // Paced by the scheduler: through the gate, timed unless the clock is a test's.
        let thinker = if paced { Thinker::new(&self.thinking, item.game_id, !self.clock.is_manual()) } else { Thinker::default() };
        // An item set later than its wait began waited for people to answer a computer's offer.
        let answers_waited = item.kind == DueKind::Computer && item.due_at > item.since;
        let plan = ComputerPlan { timed_out: timed_out.and_then(|s| s.seat), replace, now_ms: self.now_ms(), thinker, answers_waited };
        let steps = self.choose_computer_moves(&loaded, &table, &plan).await;
        drop(plan);
        if steps.is_empty() {
            // Nothing the computer should play (a person is back): the next change reschedules.
            let mut tx = self.store.begin_write().await?;
            let mut table = load_table(&mut tx, item.game_id).await?;
            if self.still_due(&mut tx, item).await? {
                store::clear_due_of(&mut tx, item.game_id, item.kind, item.user_id).await?;
                let waiting = self.load(&mut tx, &table).await?.state.waiting();
                self.reschedule(&mut tx, &mut table, &waiting).await?;
            }
            store::release_carried(&mut tx, item.game_id).await?;
            tx.commit().await?;
            return Ok(None);
        }
        let chosen_at = table.record.version;
        let mut tx = self.store.begin_write().await?;
        let mut table = load_table(&mut tx, item.game_id).await?;
        if table.record.version != chosen_at || !self.still_due(&mut tx, item).await? {
            // A player moved first: their step stands, and this one is dropped.
            return Ok(None);
        }
        // The typed step that handed the computer the turn opens the run's message (see
        // `apply_steps`), unless the sweeper took its post meanwhile: then the run waits for
        // it, as for any owed post.
        if item.kind == DueKind::Computer && store::post_owed_besides_carried(&mut tx, item.game_id).await? {
            return Ok(None);
        }
        let mut header = Vec::new();
        if let Some(seat) = timed_out {
            let name = escape(&seat.name);
            let language = table.record.language;
            let waited = duration_words_in(table.record.turn_limit_secs * 1000, language);
            if replace {
                store::set_computer(&mut tx, table.record.id, seat.user_id, Some(Strength::Medium)).await?;
                if let Some(s) = table.seats.iter_mut().find(|s| s.user_id == seat.user_id) {
                    s.computer = Some(Strength::Medium);
                }
                header.push(tr!(language, "timeout-replace", name = name, waited = waited));
            } else {
                header.push(tr!(language, "timeout-play", name = name, waited = waited));
            }
        }
        let loaded = self.load(&mut tx, &table).await?;
        let channel = table.record.channel_id;
        let reply = self.play_computer_moves(tx, table, &loaded, &steps, header).await?;
        Ok(Some(Reply { channel: Some(channel), ..reply }))
    }

    /// What a place's game waits for and until when, for `/status` (in `reader`).
    pub(crate) async fn deadline_line(&self, conn: &mut AnyConnection, table: &Table, reader: Locale) -> Result<Option<String>> {
        if table.record.status != Status::Active {
            return Ok(None);
        }
        Ok(self.deadline_of(conn, table.record.id).await?.map(|at| tr!(reader, "deadline-line", when = relative_time(at))))
    }
}

/// Whether the running game waits for `user_id`, a person (not a seat the computer plays); a
/// paused game waits for nobody.
pub(super) fn waits_for(table: &Table, state: &crate::games::State, user_id: u64) -> bool {
    table.record.status == Status::Active
        && table.record.paused.is_none()
        && state.waiting().into_iter().any(|seat| table.user_at(seat) == Some(user_id) && table.computer_at(seat).is_none())
}

/// The seat the computer plays now, if it plays one of those that owe a decision (`waiting`)
/// or may answer an offer (`answering`); nobody moves while nobody owes a decision.
pub(super) fn computer_to_move(table: &Table, waiting: &[usize], answering: &[usize]) -> Option<usize> {
    if waiting.is_empty() {
        return None;
    }
    waiting.iter().chain(answering).copied().find(|&seat| table.computer_at(seat).is_some())
}

/// How long the scheduler loop sleeps at most before it looks again (another process may have
/// set an item sooner than the one it knew of).
pub const LOOK_AGAIN: Duration = Duration::from_secs(30);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_wrap_midnight_in_the_users_time_zone() {
        // 23:30 UTC; quiet 22:00–07:00 at UTC+2 (01:30 local): quiet until 05:00 UTC.
        let day = 20_000 * 86_400_000i64;
        let at = |h: i64, m: i64| day + (h * 60 + m) * 60_000;
        let settings = Settings { utc_offset_min: 120, quiet: Some((22 * 60, 7 * 60)), ..Settings::default() };
        assert_eq!(quiet_until(&settings, at(23, 30)), Some(at(29, 0)));
        // 12:00 UTC is 14:00 local: not quiet.
        assert_eq!(quiet_until(&settings, at(12, 0)), None);
        // 20:00 UTC is 22:00 local: quiet from its first minute, until 05:00 UTC.
        assert_eq!(quiet_until(&settings, at(20, 0)), Some(at(29, 0)));
        // A window within one day, at UTC−5:30.
        let settings = Settings { utc_offset_min: -330, quiet: Some((13 * 60, 14 * 60)), ..Settings::default() };
        assert_eq!(quiet_until(&settings, at(18, 45)), Some(at(19, 30)));
        assert_eq!(quiet_until(&settings, at(19, 30)), None);
        assert_eq!(quiet_until(&Settings::default(), at(3, 0)), None);
    }

    #[test]
    fn reminders_come_a_few_times_per_wait() {
        assert_eq!(reminder_offsets(24 * 3600), vec![8 * 3_600_000, 20 * 3_600_000]);
        assert_eq!(reminder_offsets(0).len(), 3);
        assert!(reminder_offsets(3600).iter().all(|&o| o > 0 && o < 3_600_000));
    }

    /// Several people owing a decision at once (as on a seven in Catan) each have their own
    /// reminder and deadline, counted from when the game began to wait for them; one who is
    /// done loses theirs, the others keep theirs unchanged, and a newcomer gets fresh ones.
    #[tokio::test]
    async fn several_people_waiting_at_once_each_have_a_reminder_and_a_deadline() {
        use crate::games::southseas::GameOptions;
        use crate::service::clock::{Clock, ManualClock};
        use crate::service::{Actor, Place};
        let path = std::env::temp_dir().join(format!("southseas-waits-{}-{}.db", std::process::id(), line!()));
        let _ = std::fs::remove_file(&path);
        let clock = ManualClock::at(1_800_000_000_000);
        let service = Service::open(&format!("sqlite://{}", path.display())).await.unwrap().with_clock(clock.clone());
        let place = Place { guild_id: 1, channel_id: 2 };
        let people: Vec<Actor> = (0..3).map(|n| Actor::new(1000 + n, format!("P{n}"))).collect();
        let options = GameOptions { seed: Some(5), turn_limit_secs: 3600, ..GameOptions::default() };
        service.create(place, &people[0], options).await.unwrap();
        for p in &people[1..] {
            service.join(place, p).await.unwrap();
        }
        service.start(place, &people[0]).await.unwrap();
        let id = store::open_game_in_channel(&mut service.store.pool().acquire().await.unwrap(), 2).await.unwrap().unwrap().id;
        async fn waits(conn: &mut sqlx::AnyConnection, id: GameId) -> Vec<(String, u64, i64, i64)> {
            let items = store::due_items(conn, id).await.unwrap();
            let mut items: Vec<_> = items.into_iter().map(|d| (d.kind.as_str().to_string(), d.user_id, d.since, d.due_at)).collect();
            items.sort();
            items
        }
        let t0 = clock.now_ms();
        let mut tx = service.store.begin_write().await.unwrap();
        let mut table = load_table(&mut tx, id).await.unwrap();
        let (a, b, c) = (table.user_at(0).unwrap(), table.user_at(1).unwrap(), table.user_at(2).unwrap());
        let deadline = service.reschedule(&mut tx, &mut table, &[0, 1]).await.unwrap();
        assert_eq!(deadline, Some(t0 + 3_600_000));
        let first_reminder = t0 + reminder_offsets(3600)[0];
        let mut expected = vec![
            ("deadline".to_string(), a, t0, t0 + 3_600_000),
            ("deadline".to_string(), b, t0, t0 + 3_600_000),
            ("reminder".to_string(), a, t0, first_reminder),
            ("reminder".to_string(), b, t0, first_reminder),
        ];
        expected.sort();
        assert_eq!(waits(&mut tx, id).await, expected, "each waiting person has a reminder and a deadline");
        // Ten minutes on, seat 0 has decided: only seat 1 still owes, with its wait unchanged.
        clock.advance(std::time::Duration::from_secs(600));
        service.reschedule(&mut tx, &mut table, &[1]).await.unwrap();
        let left = waits(&mut tx, id).await;
        assert!(left.iter().all(|(_, user, since, _)| *user == b && *since == t0), "{left:?}");
        assert_eq!(left.len(), 2);
        // Seat 2 now owes a decision as well: fresh items for them, seat 1's stand.
        service.reschedule(&mut tx, &mut table, &[1, 2]).await.unwrap();
        let t1 = t0 + 600_000;
        let now: Vec<_> = waits(&mut tx, id).await;
        assert!(now.contains(&("deadline".to_string(), b, t0, t0 + 3_600_000)), "{now:?}");
        assert!(now.contains(&("deadline".to_string(), c, t1, t1 + 3_600_000)), "{now:?}");
        assert!(now.contains(&("reminder".to_string(), c, t1, t1 + reminder_offsets(3600)[0])), "{now:?}");
        assert_eq!(now.len(), 4);
        drop(tx);
        let _ = std::fs::remove_file(&path);
    }
}
