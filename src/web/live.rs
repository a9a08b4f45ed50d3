//! Live updates: one hub per watched game in this process. Its poller reads the game's version
//! (and token) from the store when a change to the game commits in this process (the
//! service's [`changes`](crate::service::Service::changes)), and every `poll` besides (a step
//! taken by another process sharing the database shows there once committed); it makes the
//! new snapshot once, and broadcasts it to the game's viewers here. A viewer gets the current snapshot first, then each newer one; a viewer that
//! falls `BUFFER` updates behind (a slow connection) is dropped, never buffered without bound;
//! a revoked token ends its viewers' streams. The last viewer leaving ends the poller.

use crate::service::Result;
use crate::store::GameId;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// What a hub's poller reads its game from (the web view's state, `view.rs`): how often to
/// look, the changes this process commits, the game's version and token, and its update.
pub(crate) trait Source: Send + Sync + 'static {
    fn poll_every(&self) -> std::time::Duration;
    fn hubs(&self) -> &Hubs;
    fn changes(&self) -> broadcast::Receiver<GameId>;
    /// The game's version and the token that opens it now (None: no such game).
    fn watch(&self, id: GameId) -> impl Future<Output = Result<Option<(i64, Option<String>)>>> + Send;
    fn update(&self, id: GameId) -> impl Future<Output = Result<Arc<Update>>> + Send;
}

/// Updates a viewer may be behind before it is dropped.
const BUFFER: usize = 16;

/// One update of a game: its version, the token that opens it now, and the snapshot's JSON.
#[derive(Clone, Debug)]
pub(crate) struct Update {
    pub version: i64,
    pub token: Option<Arc<str>>,
    pub json: Arc<str>,
}

pub(crate) struct Hub {
    tx: broadcast::Sender<Arc<Update>>,
    viewers: AtomicUsize,
    /// The newest update made, for a viewer who connects now.
    latest: Mutex<Option<Arc<Update>>>,
}

#[derive(Default)]
pub(crate) struct Hubs {
    map: Mutex<HashMap<GameId, Arc<Hub>>>,
}

/// A viewer's place at a game's hub; leaving (the stream dropped) frees it.
pub(crate) struct Seat {
    hub: Arc<Hub>,
}

impl Drop for Seat {
    fn drop(&mut self) {
        self.hub.viewers.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Why a viewer was not let in.
pub(crate) struct Full;

impl Hubs {
    /// Viewers of all games now, in this process.
    pub(crate) fn viewers(&self) -> usize {
        self.map.lock().expect("hubs").values().map(|h| h.viewers.load(Ordering::SeqCst)).sum()
    }

    /// A seat at the game's hub (the hub and its poller made for the first viewer), unless
    /// `max` viewers are there already.
    pub(crate) fn join<S: Source>(
        &self,
        source: &Arc<S>,
        id: GameId,
        max: usize,
    ) -> Result<(Seat, broadcast::Receiver<Arc<Update>>), Full> {
        let mut map = self.map.lock().expect("hubs");
        let hub = match map.get(&id) {
            Some(hub) => Arc::clone(hub),
            None => {
                let hub = Arc::new(Hub { tx: broadcast::channel(BUFFER).0, viewers: AtomicUsize::new(0), latest: Mutex::new(None) });
                map.insert(id, Arc::clone(&hub));
                tokio::spawn(poll(Arc::clone(source), id, Arc::clone(&hub)));
                hub
            }
        };
        // Counted under the map's lock, which the poller takes to retire an empty hub.
        if hub.viewers.load(Ordering::SeqCst) >= max {
            return Err(Full);
        }
        hub.viewers.fetch_add(1, Ordering::SeqCst);
        let rx = hub.tx.subscribe();
        Ok((Seat { hub }, rx))
    }

    /// The newest update the game's hub made, if it is at `version`.
    pub(crate) fn latest(&self, id: GameId, version: i64) -> Option<Arc<Update>> {
        let hub = Arc::clone(self.map.lock().expect("hubs").get(&id)?);
        let latest = hub.latest.lock().expect("latest").clone();
        latest.filter(|u| u.version == version)
    }

    /// Keeps `update` as the game's newest, when it is newer than what the hub has.
    pub(crate) fn remember(&self, id: GameId, update: &Arc<Update>) {
        let Some(hub) = self.map.lock().expect("hubs").get(&id).cloned() else { return };
        let mut latest = hub.latest.lock().expect("latest");
        if latest.as_ref().is_none_or(|l| l.version < update.version) {
            *latest = Some(Arc::clone(update));
        }
    }
}

/// The game's poller: while it has viewers here, reads its version and token when this
/// process changed the game and every `poll`, and broadcasts a snapshot when either changed.
async fn poll<S: Source>(source: Arc<S>, id: GameId, hub: Arc<Hub>) {
    let mut ticker = tokio::time::interval(source.poll_every());
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut changes = source.changes();
    let mut seen: Option<(i64, Option<String>)> = None;
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = changed(&mut changes, id) => {}
        }
        {
            let mut map = source.hubs().map.lock().expect("hubs");
            if hub.viewers.load(Ordering::SeqCst) == 0 && hub.tx.receiver_count() == 0 {
                map.remove(&id);
                return;
            }
        }
        let now = match source.watch(id).await {
            Ok(Some(now)) => now,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(game = id, "the web view could not read the game: {e}");
                continue;
            }
        };
        if seen.as_ref() == Some(&now) {
            continue;
        }
        let update = if seen.as_ref().is_some_and(|(v, _)| *v == now.0) {
            // Only the token changed (revoked): the same snapshot, the streams under the old
            // token end.
            hub.latest.lock().expect("latest").clone().map(|u| Arc::new(Update { token: now.1.as_deref().map(Arc::from), ..(*u).clone() }))
        } else {
            match source.update(id).await {
                Ok(update) => Some(update),
                Err(e) => {
                    tracing::warn!(game = id, "the web view could not make the game's snapshot: {e}");
                    continue;
                }
            }
        };
        seen = Some(now);
        if let Some(update) = update {
            *hub.latest.lock().expect("latest") = Some(Arc::clone(&update));
            // No receiver now is no error: the next viewer reads `latest`.
            let _ = hub.tx.send(update);
        }
    }
}

/// Returns when game `id` changed in this process, or when changes were missed (this watcher
/// fell behind, and reads afresh).
async fn changed(changes: &mut broadcast::Receiver<GameId>, id: GameId) {
    loop {
        match changes.recv().await {
            Ok(game) if game == id => return,
            Ok(_) => {}
            Err(broadcast::error::RecvError::Lagged(_)) => return,
            // The service outlives its watchers; without it, the poll alone goes on.
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }
}
