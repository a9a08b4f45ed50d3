//! The web view's state (`View`): the service it reads, each watched game's live hub, and the
//! boards drawn and stories told, kept per version. Routes (`routes.rs`) read it; the live
//! hubs (`live.rs`) read games through it as their [`live::Source`].

use super::live;
use super::pictures;
use super::public::Snapshot;
use crate::common::Table;
use crate::service::{Loaded, Result, Service};
use crate::store::GameId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

/// The web view's state: the service it reads, its live hubs, and what it keeps drawn and told.
pub(crate) struct View {
    pub(super) service: Arc<Service>,
    pub(super) settings: Settings,
    pub(super) hubs: live::Hubs,
    pub(super) pictures: pictures::Cache,
    /// Each game's narration step by step, at the version it was told for.
    pub(super) stories: Mutex<HashMap<GameId, (i64, Story)>>,
}

/// A game's narration, a list of lines per step.
type Story = Arc<Vec<Vec<String>>>;

/// A game as its page shows it now.
pub(crate) struct Current {
    pub(super) table: Table,
    /// None: a lobby, nothing to draw yet.
    pub(super) loaded: Option<Arc<Loaded>>,
    pub(super) story: Arc<Vec<Vec<String>>>,
    pub(super) snapshot: Snapshot,
}

impl View {
    pub(super) fn new(service: Arc<Service>, settings: Settings) -> View {
        View { service, settings, hubs: live::Hubs::default(), pictures: pictures::Cache::default(), stories: Mutex::new(HashMap::new()) }
    }

    /// The game now: its record, state, story and snapshot.
    pub(super) async fn current(&self, id: GameId) -> Result<Current> {
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
    pub(super) async fn live_update(&self, id: GameId) -> Result<Arc<live::Update>> {
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

impl live::Source for View {
    fn poll_every(&self) -> Duration {
        self.settings.poll
    }

    fn hubs(&self) -> &live::Hubs {
        &self.hubs
    }

    fn changes(&self) -> tokio::sync::broadcast::Receiver<GameId> {
        self.service.changes()
    }

    async fn watch(&self, id: GameId) -> Result<Option<(i64, Option<String>)>> {
        self.service.web_watch(id).await
    }

    async fn update(&self, id: GameId) -> Result<Arc<live::Update>> {
        self.live_update(id).await
    }
}
