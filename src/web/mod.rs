//! The web view of every game: a page per game with the whole board (pan and pinch-zoom), the
//! standings, the history step by step with each step's picture and narration, updated live
//! (server-sent events). Served by the bot process (axum), from the same store and the same
//! drawing code as the channel, and showing exactly what the channel is shown (`public.rs`).
//!
//! A game's page is reached only under its token (`/g/TOKEN/`), unguessable and revocable by a
//! moderator (`service/web.rs`); anything else is a 404 with the same few bytes, and neither
//! paths nor tokens are logged. Any process sharing the database serves any game: a viewer's
//! updates come from a poll of the game's version in the store (`live.rs`), so a step taken by
//! another process shows as soon as it is committed.
//!
//! Routes (`routes.rs`): the page, its live events, the board after any step, a step's story.

mod live;
mod page;
mod pictures;
mod public;
mod routes;
#[cfg(test)]
mod tests;

use crate::common::Table;
use crate::service::{Loaded, Result, Service};
use crate::store::GameId;
use public::Snapshot;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The web view's port unless `WEB_ADDR` says otherwise (on 127.0.0.1: put a reverse proxy
/// with TLS in front of it and give its address as `PUBLIC_URL`).
pub const DEFAULT_PORT: u16 = 8033;

/// How the web view runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Viewers of one game this process follows live at once (`WEB_MAX_VIEWERS`); more are
    /// refused (their page still shows, without updates).
    pub max_viewers: usize,
    /// How often a watched game's version is read from the store.
    pub poll: Duration,
}

/// Viewers per game and process unless `WEB_MAX_VIEWERS` says otherwise.
pub const DEFAULT_MAX_VIEWERS: usize = 250;

impl Default for Settings {
    fn default() -> Settings {
        Settings { max_viewers: DEFAULT_MAX_VIEWERS, poll: Duration::from_millis(250) }
    }
}

/// The default address: this machine only.
pub fn default_addr() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT))
}

/// The web view of a service's games.
pub struct Web {
    service: Arc<Service>,
    settings: Settings,
    hubs: live::Hubs,
    pictures: pictures::Cache,
    /// Each game's narration step by step, at the version it was told for.
    stories: Mutex<HashMap<GameId, (i64, Story)>>,
}

/// A game's narration, a list of lines per step.
type Story = Arc<Vec<Vec<String>>>;

/// A game as its page shows it now.
pub(crate) struct Current {
    table: Table,
    /// None: a lobby, nothing to draw yet.
    loaded: Option<Arc<Loaded>>,
    story: Arc<Vec<Vec<String>>>,
    snapshot: Snapshot,
}

impl Web {
    pub fn new(service: Arc<Service>, settings: Settings) -> Arc<Web> {
        Arc::new(Web {
            service,
            settings,
            hubs: live::Hubs::default(),
            pictures: pictures::Cache::default(),
            stories: Mutex::new(HashMap::new()),
        })
    }

    /// The router of every route (see `routes.rs`).
    pub fn router(self: &Arc<Web>) -> axum::Router {
        routes::router(Arc::clone(self))
    }

    /// Serves the web view on `listener` until the process ends.
    pub async fn serve(self: &Arc<Web>, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        axum::serve(listener, self.router()).await
    }

    /// Viewers following a game live from this process now, all games together.
    pub fn viewers(&self) -> usize {
        self.hubs.viewers()
    }

    /// The game now: its record, state, story and snapshot.
    async fn current(&self, id: GameId) -> Result<Current> {
        let (table, loaded) = self.service.web_view(id).await?;
        let Some(loaded) = loaded else {
            let snapshot = Snapshot::lobby(&table);
            return Ok(Current { table, loaded: None, story: Arc::new(Vec::new()), snapshot });
        };
        let story = self.story(&table, &loaded)?;
        let snapshot = Snapshot::of(&loaded.state, &table, &story);
        Ok(Current { table, loaded: Some(loaded), story, snapshot })
    }

    /// The game's narration step by step, told once per version in this process.
    fn story(&self, table: &Table, loaded: &Loaded) -> Result<Arc<Vec<Vec<String>>>> {
        let id = table.record.id;
        if let Some((version, story)) = self.stories.lock().expect("stories").get(&id)
            && *version == loaded.version
        {
            return Ok(Arc::clone(story));
        }
        let story = Arc::new(loaded.state.story(table, table.record.language)?);
        let mut stories = self.stories.lock().expect("stories");
        // Games watched at once are few; a bound keeps a long-running bot from growing.
        if stories.len() >= 1024 {
            stories.clear();
        }
        stories.insert(id, (loaded.version, Arc::clone(&story)));
        Ok(story)
    }

    /// The game's live update now.
    async fn update(&self, id: GameId) -> Result<Arc<live::Update>> {
        let current = self.current(id).await?;
        let token = self.service.web_watch(id).await?.and_then(|(_, token)| token);
        let update = Arc::new(live::Update {
            version: current.snapshot.version,
            token: token.as_deref().map(Arc::from),
            json: Arc::from(current.snapshot.json()),
        });
        self.hubs.remember(id, &update);
        Ok(update)
    }
}
