//! What each command does, independent of Discord: lobbies, seats, turns and the messages they
//! owe the channel, over the store, answered with [`Reply`] values. Tested against a real
//! SQLite file (and PostgreSQL).
//!
//! Every change runs in one write transaction (`BEGIN IMMEDIATE`): read the game, check who
//! may act and against which version, apply through the engine, append to the log, bump the
//! version, commit. Of two racing clicks exactly one gets through; the other is told what
//! happened instead. A process killed mid-way leaves either the whole action or none of it.
//!
//! This folder names no game. What is common to any turn-based game is here: the service and
//! its settings, the lobby ([`lobby`]), tables and versions ([`tables`]), the lookups
//! ([`lookup`]), the messages steps owe their channel ([`delivery`]), and stats and ratings
//! recomputed from the finished games ([`stats`]). A game's steps and
//! words live in its room (`crate::games::<game>`), as `impl Service` blocks there; where a
//! common path needs the game (replaying its log, the lobby's rules line, a status), it goes
//! through the `match`es of [`crate::games`].

mod asked;
pub mod clock;
mod delivery;
mod lobby;
mod lookup;
mod moderation;
mod places;
mod records;
mod rematch;
pub mod replay;
pub mod schedule;
mod seats;
pub mod settings;
pub mod stats;
mod steps;
mod tables;
pub mod timelapse;
mod web;
pub mod words;

// The shared vocabulary, re-exported: callers of the service (Discord, tools, tests) find
// everything they pass and get back here.
pub use crate::common::Table;
pub use crate::common::reply;
pub use crate::common::{
    Actor, Button, COMPUTER_USER, Command, ComponentId, Delivery, Image, Menu, MenuOption, Origin, Picture, Place, Reply, Result,
    ServiceError, Style, is_computer_id,
};
pub(crate) use crate::common::{internal, user};
use crate::games::Pictures;
use crate::store::{GameId, Store};
pub use lobby::LOBBY_IDLE;
pub use places::About;
pub use records::RecordCounts;
pub use seats::{parse_duration, vote_delay_ms};
pub use settings::SettingsChange;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
pub(crate) use tables::{Loaded, load_table};
pub use web::{TOKEN_CHARS, looks_like_token};
pub(crate) use words::add_deadline;

pub struct Service {
    store: Arc<Store>,
    /// Last known state per game, keyed by version; a miss replays the log.
    cache: Mutex<HashMap<GameId, Arc<Loaded>>>,
    /// How long the process that made a step holds its message before another may post it.
    lease: Duration,
    /// This process's name among those sharing the database (see the outbox).
    instance: String,
    /// Each game's picture maker, where one is set (tests and tools often draw none). Set by
    /// the game's room (`Service::new`, `with_images` are South Seas').
    pub(crate) pictures: Pictures,
    /// Seed for new games that don't bring one (tests and demos want repeatable games).
    default_seed: Option<u64>,
    /// The scheduler's time (tests move it by hand).
    clock: Arc<dyn clock::Clock>,
    /// Rung when a change may have set something due sooner than the scheduler thought.
    wake: Arc<tokio::sync::Notify>,
    /// The process's writer of delivery records (group commit), and the bells of games someone
    /// waits on (`wait_until_posted`), rung when it records one of their channel posts as made.
    records: records::Records,
    /// The gate the computer players think through, one permit per core.
    thinking: Arc<crate::common::Thinking>,
    /// The due items this process is working on now (the scheduler's runs in progress).
    in_flight: Mutex<std::collections::HashSet<(GameId, &'static str, u64)>>,
    /// Where the web view is reached from outside (`PUBLIC_URL`): turn messages and `/board`
    /// link to a game's page under it; None links nothing.
    public_url: Option<String>,
    /// Rung with a game's id after a change to it commits in this process (see
    /// [`Service::changes`]): what the web view's watchers wake on, before their poll.
    changes: tokio::sync::broadcast::Sender<GameId>,
    /// When reading a reader's language last failed (unix ms, 0: never): see
    /// [`Service::reader_locale`].
    language_failed_ms: std::sync::atomic::AtomicI64,
}

impl Service {
    pub async fn open(database_url: &str) -> anyhow::Result<Service> {
        Ok(Service::without_pictures(Store::open(database_url).await?))
    }

    /// A service over `store` that draws no pictures, with the default lease and instance.
    pub(crate) fn without_pictures(store: Store) -> Service {
        let store = Arc::new(store);
        let wake = Arc::new(tokio::sync::Notify::new());
        Service {
            records: records::Records::new(Arc::clone(&store), Arc::clone(&wake)),
            store,
            cache: Mutex::new(HashMap::new()),
            lease: DEFAULT_LEASE,
            instance: DEFAULT_INSTANCE.into(),
            pictures: Pictures::default(),
            default_seed: None,
            clock: Arc::new(clock::SystemClock),
            wake,
            thinking: Arc::new(crate::common::Thinking::per_core()),
            in_flight: Mutex::new(std::collections::HashSet::new()),
            public_url: None,
            changes: tokio::sync::broadcast::channel(CHANGES_BUFFER).0,
            language_failed_ms: std::sync::atomic::AtomicI64::new(0),
        }
    }

    /// The scheduler reads the time from `clock` (tests pass a [`clock::ManualClock`]).
    pub fn with_clock(mut self, clock: impl clock::Clock + 'static) -> Service {
        self.clock = Arc::new(clock);
        self
    }

    /// How long a step's message is left to the process that made the step (see the outbox).
    pub fn with_lease(mut self, lease: Duration) -> Service {
        self.lease = lease;
        self
    }

    /// The name of this process among those sharing the database: each must have its own, the
    /// same across its restarts.
    pub fn with_instance(mut self, name: &str) -> Service {
        self.instance = name.to_string();
        self
    }

    /// The computer players think `permits` decisions at once (by default one per core).
    pub fn with_thinkers(mut self, permits: usize) -> Service {
        self.thinking = Arc::new(crate::common::Thinking::new(permits));
        self
    }

    /// The gate the computer players think through: its runs now, its recent decisions.
    pub fn thinking(&self) -> &crate::common::Thinking {
        &self.thinking
    }

    /// New games without a seed of their own use this one instead of a random seed.
    pub fn with_default_seed(mut self, seed: u64) -> Service {
        self.default_seed = Some(seed);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// What this process's writer of delivery records committed so far (see `records`).
    pub fn record_counts(&self) -> RecordCounts {
        self.records.counts()
    }

    /// A service over `store` that draws each game's pictures with `pictures` (South Seas': an
    /// `Option<ImageMaker>`; None draws nothing).
    pub fn new(store: Store, pictures: impl Into<Pictures>) -> Service {
        let mut service = Service::without_pictures(store);
        service.pictures = pictures.into();
        service
    }

    /// Draws pictures with `pictures` from now on (South Seas': an `ImageMaker`).
    pub fn with_images(mut self, pictures: impl Into<Pictures>) -> Service {
        self.pictures = self.pictures.with(pictures.into());
        self
    }

    /// A button or menu click whose id is not read yet (tests, tools): see [`Service::tap`]; not
    /// on a message of the game's.
    pub async fn click(&self, place: Place, actor: &Actor, component_id: &str, value: Option<&str>) -> Result<Reply> {
        let Some(id) = ComponentId::parse(component_id) else {
            return user(crate::tr!(actor.locale, "err-unknown-button"));
        };
        self.tap(place, actor, &id, value, Origin::Typed).await
    }

    /// A button or menu click (`id`, read once by the caller; `value`: the chosen menu option,
    /// if any), made from `origin`. On one of the game's messages, a step shown in place on it
    /// records it as the message of the new version in the step's transaction, and any tap
    /// accepted on it puts it on record (see `Service::queue`).
    pub async fn tap(&self, place: Place, actor: &Actor, id: &ComponentId, value: Option<&str>, origin: Origin) -> Result<Reply> {
        let asked = asked::Asked::new(origin);
        let result = self.handle_tap(place, actor, id, value, &asked).await;
        // The tap itself stands either way: a record that fails is retried by the next tap.
        if let Origin::Clicked { message, version } = origin
            && result.is_ok()
            && !asked.recorded()
            && let Err(e) = self.record_tapped(id.game, message, version).await
        {
            tracing::warn!(game = id.game, message, "could not record a tapped message: {e}");
        }
        result
    }

    async fn handle_tap(&self, place: Place, actor: &Actor, id: &ComponentId, value: Option<&str>, asked: &asked::Asked) -> Result<Reply> {
        let command = match (id.command.clone(), value) {
            (Some(c), _) => c,
            (None, Some(v)) => Command::parse(v).ok_or_else(|| ServiceError::User(crate::tr!(actor.locale, "err-unknown-choice")))?,
            (None, None) => return user(crate::tr!(actor.locale, "err-pick-option")),
        };
        // Every button acts on the game its id names, never on whatever game the channel has now.
        match command {
            Command::Join => self.join_in(place, actor, Some(id.game), asked).await,
            Command::Leave => self.leave_in(place, actor, Some(id.game), asked).await,
            Command::Start => self.start_in(place, actor, Some(id.game), asked).await,
            Command::Board => self.board(place, actor.locale).await,
            Command::Status => self.status(place, actor.locale).await,
            Command::Abandon => self.ask_abandon_in(place, actor, Some(id.game), asked).await,
            Command::AbandonConfirm => self.abandon_confirmed(place, actor, id.game, asked).await,
            Command::AbandonKeep => self.abandon_kept(actor),
            Command::AddComputer => self.add_computer_in(place, actor, Some(id.game), crate::games::Strength::Medium, asked).await,
            Command::Undo => self.undo_in(place, actor, Some(id.game), Some(id.version), asked).await,
            Command::Hand => self.hand_in(place, actor, Some(id.game)).await,
            Command::Rematch => self.rematch_in(place, actor, id.game).await,
            // The game's own codes: its room reads them (a step, or another view of the step).
            Command::Game(code) => self.act_in(place, actor, id.game, id.version, &code, asked).await,
        }
    }
}

/// How long a step's message is left to the process that made it: far longer than posting
/// takes, short enough that a restarted bot soon posts what its predecessor could not.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(15);

/// The instance name of a process that was given none (one process per database).
pub const DEFAULT_INSTANCE: &str = "main";

/// Changes announced to this process's watchers that one may be behind before it misses some
/// (and reads afresh): far more than steps commit between two of a watcher's wake-ups.
const CHANGES_BUFFER: usize = 256;

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.finish() >> 1 // stays positive as an SQLite integer
}
