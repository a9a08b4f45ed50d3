//! The records of what Discord took, written for the whole process by one writer (group
//! commit): a step's message posted (its outbox row done, the message on record at its
//! version) and the messages retired on the way.
//!
//! A tap's own path is one write transaction, its step; the record of its delivery cannot
//! join that transaction (it says what Discord answered, after the commit), so it is handed to
//! this writer, which commits in one transaction every record handed to it while it committed
//! the ones before. Alone, a delivery is its own commit, as before; N deliveries at once cost
//! one commit or a few, not N. The handler still waits for its record's commit (to retire what
//! that commit finds old, and to tell the log when it failed), so everything a handler was
//! known to have done when it ended is on record as before.
//!
//! A process killed before a record commits leaves its post owed, exactly as a process killed
//! between Discord's answer and the handler's own commit did: the outbox row is held by this
//! process for its lease (or freed at its next start), then posted again (a channel post with
//! its nonce, so Discord keeps one message; an edit is the same edit). This process's own
//! sweeper never takes a post its writer holds (see [`Records::holds`]).

use crate::store::{self, GameId, Store};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, oneshot};

/// How many messages one delivery retires at most (a game has one or two with buttons).
pub(super) const RETIRE_BATCH: i64 = 64;

/// A delivery to record: the channel post of `version` made, `message` (if it offers
/// choices) showing it, and the messages `retired` on the way.
pub(super) struct Delivered {
    pub(super) game: GameId,
    pub(super) version: i64,
    pub(super) message: Option<u64>,
    pub(super) retired: Vec<u64>,
}

/// What a delivery's record answers: the game's messages left to retire after its commit
/// (game, channel, message), or why the commit failed (every record of the batch failed with
/// it: the handler tries again, see `discord::deliver::patiently`).
type Answer = Result<Vec<(GameId, u64, u64)>, String>;

/// What the writer has committed since the process started (tests and the bench read it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordCounts {
    /// Write transactions the writer committed.
    pub commits: u64,
    /// Deliveries recorded in them.
    pub records: u64,
    /// Sessions (connections lent by the pool) the writer took, failed attempts included.
    pub sessions: u64,
}

/// The process's writer of delivery records.
pub(super) struct Records {
    shared: Arc<Shared>,
}

struct Shared {
    store: Arc<Store>,
    /// The scheduler's bell: a record may let a computer's turn go on.
    wake: Arc<Notify>,
    bells: Bells,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Handed over, not yet taken into a transaction.
    queued: Vec<(Delivered, oneshot::Sender<Answer>)>,
    /// Whether a writer task is running: it takes what is queued until nothing is.
    writing: bool,
    /// The channel posts (game, version) whose record is queued or being committed, with how
    /// many records of each: the sweeper of this process leaves them alone.
    held: HashMap<(GameId, i64), usize>,
    counts: RecordCounts,
}

impl Records {
    pub(super) fn new(store: Arc<Store>, wake: Arc<Notify>) -> Records {
        Records { shared: Arc::new(Shared { store, wake, bells: Bells::default(), state: Mutex::default() }) }
    }

    /// Records `delivered` with whatever else is handed over meanwhile, and waits for that
    /// commit: returns the game's messages left to retire.
    pub(super) async fn record(&self, delivered: Delivered) -> Answer {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut state = self.shared.state.lock().expect("records lock");
            *state.held.entry((delivered.game, delivered.version)).or_default() += 1;
            state.queued.push((delivered, answer));
            !std::mem::replace(&mut state.writing, true)
        };
        if start {
            // Its own task: the commit is the process's, not the handler's (a handler's tally
            // counts its own task only), and it goes on for others if this handler is dropped.
            tokio::spawn(write(Writing::new(&self.shared)));
        }
        answered.await.unwrap_or_else(|_| Err("the writer of delivery records stopped".into()))
    }

    /// Whether a record of the channel post of `version` is queued or being committed here:
    /// Discord took it, and it is about to be owed no more.
    pub(super) fn holds(&self, game: GameId, version: i64) -> bool {
        self.shared.state.lock().expect("records lock").held.contains_key(&(game, version))
    }

    /// As if a record of the channel post of `version` were being committed (tests: the window
    /// between Discord's answer and the commit, held open).
    #[cfg(test)]
    pub(super) fn hold(&self, game: GameId, version: i64) {
        *self.shared.state.lock().expect("records lock").held.entry((game, version)).or_default() += 1;
    }

    /// How many records are queued behind the commit under way (tests).
    #[cfg(test)]
    pub(super) fn queued(&self) -> usize {
        self.shared.state.lock().expect("records lock").queued.len()
    }

    pub(super) fn counts(&self) -> RecordCounts {
        self.shared.state.lock().expect("records lock").counts
    }

    pub(super) fn bells(&self) -> &Bells {
        &self.shared.bells
    }
}

/// The running writer. Should it end before its queue is empty (a panic), another starts for
/// what is left, so that no handler waits for good.
struct Writing {
    shared: Arc<Shared>,
    done: bool,
    /// Whether it ever ran. A runtime shutting down drops each task it holds, and drops at once
    /// a task it is handed: a writer that never ran starts no other (handing the runtime one
    /// writer after another, each dropped at once, would never end).
    ran: bool,
}

impl Writing {
    fn new(shared: &Arc<Shared>) -> Writing {
        Writing { shared: Arc::clone(shared), done: false, ran: false }
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let again = {
            let mut state = self.shared.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            state.writing = self.ran && !state.queued.is_empty();
            state.writing
        };
        // Spawned with the lock released: the runtime may drop the new writer at once, and its
        // own drop takes the lock (held here, that hung a runtime's shutdown for good).
        if again {
            match tokio::runtime::Handle::try_current() {
                Ok(runtime) => drop(runtime.spawn(write(Writing::new(&self.shared)))),
                Err(_) => self.shared.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner).writing = false,
            }
        }
    }
}

async fn write(mut writing: Writing) {
    writing.ran = true;
    let shared = Arc::clone(&writing.shared);
    loop {
        let batch = {
            let mut state = shared.state.lock().expect("records lock");
            if state.queued.is_empty() {
                // Ends here, under the lock: a record handed over after this starts a writer.
                state.writing = false;
                writing.done = true;
                return;
            }
            std::mem::take(&mut state.queued)
        };
        let deliveries: Vec<&Delivered> = batch.iter().map(|(d, _)| d).collect();
        let (committed, tally) = store::tallied(commit(&shared.store, &deliveries)).await;
        {
            let mut state = shared.state.lock().expect("records lock");
            // Committed (the rows are gone) or failed (the handler tries again): not held now.
            for d in &deliveries {
                if let std::collections::hash_map::Entry::Occupied(mut held) = state.held.entry((d.game, d.version)) {
                    *held.get_mut() -= 1;
                    if *held.get() == 0 {
                        held.remove();
                    }
                }
            }
            state.counts.sessions += u64::from(tally.sessions);
            if committed.is_ok() {
                state.counts.commits += 1;
                state.counts.records += batch.len() as u64;
            }
        }
        match committed {
            Ok((mut retire, computer_waits)) => {
                for &game in retire.keys() {
                    shared.bells.ring(game);
                }
                // The computer's turn waited for one of these messages (see `play_for`).
                if computer_waits {
                    shared.wake.notify_one();
                }
                // The game's messages left to retire go to its last delivery of the batch
                // alone: one handler edits them.
                for (delivered, answer) in batch.into_iter().rev() {
                    let _ = answer.send(Ok(retire.remove(&delivered.game).unwrap_or_default()));
                }
            }
            Err(e) => {
                let why = e.to_string();
                for (_, answer) in batch {
                    let _ = answer.send(Err(why.clone()));
                }
            }
        }
    }
}

/// One transaction for the whole batch: per delivery what `Service::delivered_retiring` did in
/// one of its own. Returns each game's messages left to retire, and whether a computer's turn
/// waited for one of these posts.
async fn commit(store: &Store, batch: &[&Delivered]) -> Result<(HashMap<GameId, Vec<(GameId, u64, u64)>>, bool), sqlx::Error> {
    let mut games: Vec<GameId> = batch.iter().map(|d| d.game).collect();
    games.sort_unstable();
    games.dedup();
    let mut tx = store.begin_write().await?;
    // Every game's row first, as every step takes it (on PostgreSQL it locks the row), in one
    // order: a batch and a step of one of its games take turns and never wait for each other's
    // rows of the outbox, messages and schedule in opposite orders (a deadlock); a step locks
    // one game's row, so it never waits for the batch's other games.
    for &game in &games {
        store::game(&mut tx, game).await?;
    }
    // In the order handed over: of two deliveries of one game, the later one's records land last
    // (a record never lowers a message's version anyway).
    for d in batch {
        store::remove_post(&mut tx, d.game, d.version, store::CHANNEL).await?;
        if let Some(message) = d.message {
            store::record_message(&mut tx, d.game, message, "choices", d.version).await?;
        }
        for &message in &d.retired {
            store::mark_retired(&mut tx, d.game, message).await?;
        }
    }
    let mut retire = HashMap::new();
    let mut computer_waits = false;
    for &game in &games {
        retire.insert(game, store::messages_to_retire(&mut tx, Some(game), None, RETIRE_BATCH).await?);
        // The computer's turn waited for this game's message: it may go on now.
        computer_waits |= store::release_due(&mut tx, game, store::DueKind::Computer).await?;
    }
    tx.commit().await?;
    Ok((retire, computer_waits))
}

/// A bell per game someone waits on (see `Service::wait_until_posted`), rung when this process
/// records one of the game's channel posts as made.
#[derive(Default)]
pub(super) struct Bells(pub(super) Mutex<HashMap<GameId, Arc<Notify>>>);

impl Bells {
    pub(super) fn ring(&self, game: GameId) {
        if let Some(bell) = self.0.lock().expect("bells lock").get(&game) {
            bell.notify_waiters();
        }
    }

    /// The game's bell, hung while the returned handle lives (and others wait on it).
    pub(super) fn hang(&self, game: GameId) -> Hung<'_> {
        let bell = Arc::clone(self.0.lock().expect("bells lock").entry(game).or_default());
        Hung { bells: self, game, bell }
    }
}

/// A bell someone waits on; taken down with its last waiter.
pub(super) struct Hung<'a> {
    bells: &'a Bells,
    game: GameId,
    pub(super) bell: Arc<Notify>,
}

impl Drop for Hung<'_> {
    fn drop(&mut self) {
        let mut bells = self.bells.0.lock().expect("bells lock");
        // The map's and this one: nobody else waits.
        if Arc::strong_count(&self.bell) <= 2 {
            bells.remove(&self.game);
        }
    }
}
