//! What each command does, independent of Discord: games, seats and turns over the store,
//! answered with [`Reply`] values. Tested against a real SQLite file.
//!
//! Every change runs in one write transaction (`BEGIN IMMEDIATE`): read the game, check who
//! may act and against which version, apply through the engine, append to the log, bump the
//! version, commit. Of two racing clicks exactly one gets through; the other is told what
//! happened instead. A process killed mid-way leaves either the whole action or none of it.

pub mod reply;

use crate::games::GameKind;
use crate::games::southseas::text;
use crate::store::{self, GameId, GameRecord, InsertError, NewGame, PendingPost, SeatRecord, Status, Store};
pub use reply::{Button, Command, ComponentId, Image, Menu, MenuOption, Reply, Style};
use southseas_engine::{Action, Event, Game, Options, Phase, RetrieveRule, Rng, Ruleset, ScoreReason, Setup, record};
use sqlx::AnyConnection;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;
pub use text::Names;

/// Where a command was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub guild_id: u64,
    pub channel_id: u64,
}

/// Who used it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user_id: u64,
    pub name: String,
}

/// A user error is shown to that user alone and changed nothing; an internal error is logged
/// and shown as a short apology.
#[derive(Debug)]
pub enum ServiceError {
    User(String),
    Internal(anyhow::Error),
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::User(m) => f.write_str(m),
            ServiceError::Internal(e) => write!(f, "internal error: {e:#}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> Self {
        ServiceError::Internal(e.into())
    }
}

fn user<T>(message: impl Into<String>) -> Result<T, ServiceError> {
    Err(ServiceError::User(message.into()))
}

pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

/// Options for a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOptions {
    pub retrieve: RetrieveRule,
    pub min_players: usize,
    pub max_players: usize,
    /// Fixed seed (tests, demo); None draws one.
    pub seed: Option<u64>,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions { retrieve: RetrieveRule::EmptySupply, min_players: 2, max_players: 5, seed: None }
    }
}

/// Makes the images of a reply (board, drawn tile). Kept behind a function so the service
/// does not depend on how pictures are drawn, and tests can skip them.
pub type ImageMaker = Arc<dyn Fn(&Game, &Names, Option<u32>, Picture) -> Vec<Image> + Send + Sync>;

/// Which picture a reply carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Picture {
    /// A turn message: the phone-first view (readable at a phone's 400 px).
    #[default]
    Turn,
    /// `/board`: the whole board, to zoom into.
    FullBoard,
}

/// A game's state at a version: the engine state rebuilt from the log.
struct Loaded {
    version: i64,
    game: Game,
    log: Vec<Logged>,
}

pub struct Service {
    store: Store,
    /// Last known state per game, keyed by version; a miss replays the log.
    cache: Mutex<HashMap<GameId, Arc<Loaded>>>,
    /// How long the process that made a step holds its message before another may post it.
    lease: Duration,
    /// This process's name among those sharing the database (see the outbox).
    instance: String,
    images: Option<ImageMaker>,
    /// Seed for new games that don't bring one (tests and demos want repeatable games).
    default_seed: Option<u64>,
}

/// Seats in turn order: the game's players.
struct Table {
    record: GameRecord,
    seats: Vec<SeatRecord>,
}

impl Table {
    fn names(&self) -> Names {
        Names(self.seats.iter().map(|s| s.name.clone()).collect())
    }

    fn seat_of(&self, user_id: u64) -> Option<usize> {
        self.seats.iter().find(|s| s.user_id == user_id).and_then(|s| s.seat)
    }

    fn user_at(&self, seat: usize) -> Option<u64> {
        self.seats.iter().find(|s| s.seat == Some(seat)).map(|s| s.user_id)
    }
}

impl Service {
    pub async fn open(database_url: &str) -> anyhow::Result<Service> {
        Ok(Service::new(Store::open(database_url).await?, None))
    }

    pub fn new(store: Store, images: Option<ImageMaker>) -> Service {
        Service {
            store,
            cache: Mutex::new(HashMap::new()),
            lease: DEFAULT_LEASE,
            instance: DEFAULT_INSTANCE.into(),
            images,
            default_seed: None,
        }
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

    /// At start: what this process held when it last stopped (a crash, a kill) is due now, not
    /// when its lease runs out. Returns how many posts that frees.
    pub async fn release_own_claims(&self) -> Result<u64> {
        let mut conn = self.store.pool().acquire().await?;
        Ok(store::release_claims(&mut conn, &self.instance).await?)
    }

    /// New games without a seed of their own use this one instead of a random seed.
    pub fn with_default_seed(mut self, seed: u64) -> Service {
        self.default_seed = Some(seed);
        self
    }

    pub fn with_images(mut self, images: ImageMaker) -> Service {
        self.images = Some(images);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    // ----- lobby ------------------------------------------------------------------------------

    /// Opens a lobby in the channel; its creator takes the first seat.
    pub async fn create(&self, place: Place, actor: &Actor, options: GameOptions) -> Result<Reply> {
        if !(2..=5).contains(&options.min_players) || !(options.min_players..=5).contains(&options.max_players) {
            return user("Player limits must be between 2 and 5, with the minimum not above the maximum.");
        }
        let seed = options.seed.or(self.default_seed).unwrap_or_else(random_seed);
        let mut tx = self.store.begin_write().await?;
        let new = NewGame {
            kind: GameKind::SouthSeas,
            ruleset: Ruleset::CURRENT.id().into(),
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            options: record::encode_options(&Options { retrieve: options.retrieve }),
            seed,
            creator_id: actor.user_id,
            min_players: options.min_players,
            max_players: options.max_players,
        };
        let id = match store::insert_game(&mut tx, &new).await {
            Ok(id) => id,
            Err(InsertError::ChannelBusy) => {
                return user("This channel already has a game. Use `/status` to see it, or `/abandon` to end it first.");
            }
            Err(InsertError::Db(e)) => return Err(e.into()),
        };
        store::add_seat(&mut tx, id, actor.user_id, &actor.name).await?;
        store::touch(&mut tx, id, Status::Lobby).await?;
        let table = load_table(&mut tx, id).await?;
        let mut reply = lobby_reply(&table, &format!("🏝️ {} opened a game of **Carcassonne: South Seas**.", text::escape(&actor.name)));
        reply.new_message = true;
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        Ok(reply)
    }

    pub async fn join(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.join_in(place, actor, None).await
    }

    async fn join_in(&self, place: Place, actor: &Actor, game: Option<GameId>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user("The game here has already started. Watch along with `/board`, or start a new one after it ends.");
        }
        if table.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user("You are already in this game. Wait for the start, or press Leave.");
        }
        if table.seats.len() >= r.max_players {
            return user(format!("The game is full ({} players).", r.max_players));
        }
        store::add_seat(&mut tx, r.id, actor.user_id, &actor.name).await?;
        store::touch(&mut tx, r.id, Status::Lobby).await?;
        let table = load_table(&mut tx, r.id).await?;
        let reply = lobby_reply(&table, &format!("{} joined.", text::escape(&actor.name)));
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        Ok(reply)
    }

    pub async fn leave(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.leave_in(place, actor, None).await
    }

    async fn leave_in(&self, place: Place, actor: &Actor, game: Option<GameId>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user("The game has started: you can't leave it now. Use `/abandon` to vote to end it.");
        }
        if !table.seats.iter().any(|s| s.user_id == actor.user_id) {
            return user("You are not in this game.");
        }
        store::remove_seat(&mut tx, r.id, actor.user_id).await?;
        let remaining = table.seats.len() - 1;
        let status = if remaining == 0 { Status::Abandoned } else { Status::Lobby };
        store::touch(&mut tx, r.id, status).await?;
        let table = load_table(&mut tx, r.id).await?;
        let reply = if remaining == 0 {
            Reply {
                text: "Everyone left: the lobby is closed. `/new` opens another.".into(),
                game: Some((table.record.id, table.record.version)),
                ..Reply::default()
            }
        } else {
            lobby_reply(&table, &format!("{} left.", text::escape(&actor.name)))
        };
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// Starts the game: seats and the start player are drawn from the game's seed.
    pub async fn start(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.start_in(place, actor, None).await
    }

    async fn start_in(&self, place: Place, actor: &Actor, game: Option<GameId>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game).await?;
        let r = &table.record;
        if r.status != Status::Lobby {
            return user("The game has already started.");
        }
        let creator_seated = table.seats.iter().any(|s| s.user_id == r.creator_id);
        if actor.user_id != r.creator_id && (creator_seated || !table.seats.iter().any(|s| s.user_id == actor.user_id)) {
            return user("Only the player who opened the game can start it.");
        }
        if table.seats.len() < r.min_players {
            return user(format!("At least {} players are needed; {} joined so far.", r.min_players, table.seats.len()));
        }
        let mut order: Vec<u64> = table.seats.iter().map(|s| s.user_id).collect();
        Rng::new(r.seed ^ 0x5EA7_5EA7).shuffle(&mut order);
        store::assign_seats(&mut tx, r.id, &order).await?;
        let version = store::touch(&mut tx, r.id, Status::Active).await?;
        let table = load_table(&mut tx, r.id).await?;
        let game = Game::from_setup(setup_of(&table)?).map_err(|e| ServiceError::Internal(e.into()))?;
        let loaded = Arc::new(Loaded { version, game, log: Vec::new() });
        let names = table.names();
        let mut lines = vec!["🏝️ **The game begins!** Turn order:".to_string()];
        for seat in 0..table.seats.len() {
            lines.push(format!("{}. {} ({})", seat + 1, names.of(seat), Names::colour(seat)));
        }
        lines.extend(text::narrate(&loaded.game, &names, loaded.game.opening_events()));
        let reply = Reply { new_message: true, ..self.turn_reply(&table, &loaded, lines) };
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        self.remember(&table, &loaded);
        Ok(reply)
    }

    // ----- turns ------------------------------------------------------------------------------

    /// A button or menu click. `value` is the chosen menu option, if any.
    pub async fn click(&self, place: Place, actor: &Actor, component_id: &str, value: Option<&str>) -> Result<Reply> {
        let Some(id) = ComponentId::parse(component_id) else {
            return user("That button isn't one I know. Use `/status` to see the game.");
        };
        let command = match (id.command, value) {
            (Some(c), _) => c,
            (None, Some(v)) => Command::parse(v).ok_or_else(|| ServiceError::User("That choice isn't one I know.".into()))?,
            (None, None) => return user("Pick one of the options."),
        };
        // Every button acts on the game its id names, never on whatever game the channel has now.
        match command {
            Command::Join => self.join_in(place, actor, Some(id.game)).await,
            Command::Leave => self.leave_in(place, actor, Some(id.game)).await,
            Command::Start => self.start_in(place, actor, Some(id.game)).await,
            Command::Board => self.board(place).await,
            Command::Status => self.status(place).await,
            Command::Abandon => self.abandon_in(place, actor, Some(id.game)).await,
            Command::Undo => self.undo_in(place, actor, Some(id.game), Some(id.version)).await,
            Command::Act(action) => self.act_in(place, actor, Some(id.game), Some(id.version), action).await,
        }
    }

    /// A turn action from a slash command (against the current version).
    pub async fn act(&self, place: Place, actor: &Actor, action: Action) -> Result<Reply> {
        self.act_in(place, actor, None, None, action).await
    }

    async fn act_in(&self, place: Place, actor: &Actor, game_id: Option<GameId>, expected: Option<i64>, action: Action) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, game_id, expected).await?;
        check_turn(&table, &loaded.game, actor)?;
        let mut game = loaded.game.clone();
        let events = game.apply(&action).map_err(|e| ServiceError::User(format!("Not allowed: {e}.")))?;
        let seq = loaded.log.len() as i64 + 1;
        store::append_action(&mut tx, table.record.id, seq, actor.user_id, &record::encode_action(&action)).await?;
        let status = if game.is_over() { Status::Finished } else { Status::Active };
        let version = store::touch(&mut tx, table.record.id, status).await?;
        let mut log = loaded.log.clone();
        log.push(Logged { seq, user_id: actor.user_id, action });
        let after = Arc::new(Loaded { version, game, log });
        let table = Table { record: GameRecord { version, status, ..table.record }, seats: table.seats };
        let names = table.names();
        // Where the turn ended (the events of drawing the next tile, or of the game's end).
        let boundary = events
            .iter()
            .position(|e| {
                matches!(
                    e,
                    Event::TileDiscarded { .. }
                        | Event::TurnStarted { .. }
                        | Event::GameOver { .. }
                        | Event::FeatureScored { reason: ScoreReason::GameEnd, .. }
                )
            })
            .unwrap_or(events.len());
        let mut lines = text::narrate(&after.game, &names, &events[..boundary]);
        // Say why a turn ended without the player ending it: no ship on display was payable.
        let delivered = events.iter().any(|e| matches!(e, Event::ShipDelivered { .. }));
        if boundary < events.len() && !delivered && action != Action::EndTurn {
            lines.push(format!("{} can't pay any ship on display, so the turn ends.", names.of(loaded.game.active_player())));
        }
        lines.extend(text::narrate(&after.game, &names, &events[boundary..]));
        let mut reply = self.turn_reply(&table, &after, lines);
        // A new message when someone else must act now (it pings them) or the game ended.
        reply.new_message = after.game.is_over() || reply.mention != Some(actor.user_id);
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        self.remember(&table, &after);
        Ok(reply)
    }

    /// Undoes the player's own last step, as long as it revealed nothing new (no tile drawn,
    /// no ship turned over, game not ended).
    /// A typed `/undo`, sent at `sent_ms` (unix milliseconds, from the interaction's id):
    /// it undoes the step that was last when it was sent, so it is refused when the game
    /// changed since (two sent at once undo one step, and the second says so).
    pub async fn undo(&self, place: Place, actor: &Actor, sent_ms: Option<i64>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table(&mut tx, place).await?;
        if let Some(sent) = sent_ms
            && table.record.changed_ms > sent
        {
            let loaded = self.load(&mut tx, &table).await?;
            return Err(self.stale(&table, &loaded));
        }
        drop(tx);
        self.undo_in(place, actor, Some(table.record.id), Some(table.record.version)).await
    }

    async fn undo_in(&self, place: Place, actor: &Actor, game_id: Option<GameId>, expected: Option<i64>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let (table, loaded) = self.current(&mut tx, place, game_id, expected).await?;
        if table.record.status != Status::Active {
            return user("There is nothing to undo: the game is not running.");
        }
        let Some(last) = loaded.log.last() else { return user("There is nothing to undo yet.") };
        if last.user_id != actor.user_id {
            return user("You can only undo your own last step, and the last step wasn't yours.");
        }
        let prefix: Vec<Action> = loaded.log[..loaded.log.len() - 1].iter().map(|a| a.action).collect();
        let before = Game::replay(setup_of(&table)?, &prefix).map_err(|(i, e)| internal(format!("replay failed at action {i}: {e}")))?;
        let events = before.clone().apply(&last.action).map_err(|e| internal(format!("stored action no longer applies: {e}")))?;
        if events.iter().any(|e| {
            matches!(e, Event::TurnStarted { .. } | Event::TileDiscarded { .. } | Event::ShipRevealed { .. } | Event::GameOver { .. })
        }) {
            return user("That step can't be undone: it revealed a new tile or ship (or ended the turn).");
        }
        store::delete_action(&mut tx, table.record.id, last.seq).await?;
        let version = store::touch(&mut tx, table.record.id, Status::Active).await?;
        let mut log = loaded.log.clone();
        log.pop();
        let after = Arc::new(Loaded { version, game: before, log });
        let table = Table { record: GameRecord { version, ..table.record }, seats: table.seats };
        let line = format!("↩️ {} undid: {}.", table.names().of(table.seat_of(actor.user_id).unwrap_or(0)), last.action);
        let reply = self.turn_reply(&table, &after, vec![line]);
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        self.remember(&table, &after);
        Ok(reply)
    }

    /// The creator ends the game at once; any other seated player votes, and a majority ends it.
    pub async fn abandon(&self, place: Place, actor: &Actor) -> Result<Reply> {
        self.abandon_in(place, actor, None).await
    }

    async fn abandon_in(&self, place: Place, actor: &Actor, game: Option<GameId>) -> Result<Reply> {
        let mut tx = self.store.begin_write().await?;
        let table = self.open_table_for(&mut tx, place, game).await?;
        let r = &table.record;
        let seated = table.seats.iter().any(|s| s.user_id == actor.user_id);
        if actor.user_id != r.creator_id && !seated {
            return user("Only the players of this game can abandon it.");
        }
        let votes = if actor.user_id == r.creator_id { usize::MAX } else { store::vote_abandon(&mut tx, r.id, actor.user_id).await? };
        let needed = table.seats.len() / 2 + 1;
        if votes < needed {
            // A vote changes nothing of the game: its buttons stay valid, and the notice is
            // a plain message (a lost one loses no vote).
            tx.commit().await?;
            let text = format!(
                "🗳️ {} votes to abandon the game ({votes} of {needed} votes needed; `/abandon` to vote).",
                text::escape(&actor.name)
            );
            return Ok(Reply { text, new_message: true, ..Reply::default() });
        }
        let status = Status::Abandoned;
        let version = store::touch(&mut tx, r.id, status).await?;
        let table = Table { record: GameRecord { version, status, ..table.record }, seats: table.seats };
        let text = "🛑 The game was abandoned. `/new` starts another.".to_string();
        let reply = Reply { text, game: Some((table.record.id, version)), new_message: true, ..Reply::default() };
        self.queue(&mut tx, &table, &reply).await?;
        tx.commit().await?;
        self.forget(table.record.id);
        Ok(reply)
    }

    // ----- lookups ----------------------------------------------------------------------------

    pub async fn status(&self, place: Place) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        if table.record.status == Status::Lobby {
            return Ok(lobby_reply(&table, "Waiting for players."));
        }
        let loaded = self.load(&mut conn, &table).await?;
        let mut reply = Reply {
            text: format!("{}\n{}", text::status(&loaded.game, &table.names()), text::prompt(&loaded.game, &table.names())),
            game: Some((table.record.id, table.record.version)),
            ..Reply::default()
        };
        reply.text = text::truncate(reply.text.trim_end(), 2000);
        Ok(reply)
    }

    pub async fn board(&self, place: Place) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        if table.record.status == Status::Lobby {
            return user("The game hasn't started yet: there is no board to show.");
        }
        let loaded = self.load(&mut conn, &table).await?;
        Ok(Reply {
            text: format!("Board at turn {}. {}", loaded.game.turn(), text::prompt(&loaded.game, &table.names())),
            game: Some((table.record.id, table.record.version)),
            show_board: true,
            picture: Picture::FullBoard,
            ..Reply::default()
        })
    }

    /// The last `n` actions, newest last.
    pub async fn history(&self, place: Place, n: usize) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        let loaded = self.load(&mut conn, &table).await?;
        let names = table.names();
        // Replay to narrate each recorded action with the events it had.
        let mut game = Game::from_setup(setup_of(&table)?).map_err(|e| internal(e.to_string()))?;
        let mut lines = Vec::new();
        let first = loaded.log.len().saturating_sub(n);
        for (i, rec) in loaded.log.iter().enumerate() {
            let events = game.apply(&rec.action).map_err(|e| internal(e.to_string()))?;
            if i >= first {
                lines.extend(text::narrate(&game, &names, &events).into_iter().filter(|l| !l.starts_with("New ship")));
            }
        }
        if lines.is_empty() {
            lines.push("Nothing has happened yet.".into());
        }
        let mut out = String::new();
        for line in lines.iter().rev() {
            if out.len() + line.len() > 1900 {
                break;
            }
            out = format!("{line}\n{out}");
        }
        Ok(Reply { text: out.trim_end().to_string(), game: Some((table.record.id, table.record.version)), ..Reply::default() })
    }

    /// The current state of the channel's game, for autocomplete and commands: (game, version,
    /// seat of the user if seated, names).
    pub async fn snapshot(&self, place: Place, user_id: u64) -> Result<(Game, i64, Option<usize>, Names)> {
        let mut conn = self.store.pool().acquire().await?;
        let table = self.latest_table(&mut conn, place).await?;
        if table.record.status == Status::Lobby {
            return user("The game hasn't started yet.");
        }
        let loaded = self.load(&mut conn, &table).await?;
        Ok((loaded.game.clone(), table.record.version, table.seat_of(user_id), table.names()))
    }

    // ----- delivery: the messages steps owe their channel ----------------------------------

    /// The message of a step was posted (or the message the step was taken on now shows it):
    /// the step owes nothing any more. `message` is the message that now offers the step's
    /// choices, if it has any. Returns the messages whose buttons must now be retired
    /// (game, channel, message): every other one of the game, unless it shows the current
    /// version.
    pub async fn delivered(&self, game: GameId, version: i64, message: Option<u64>) -> Result<Vec<(GameId, u64, u64)>> {
        let mut tx = self.store.begin_write().await?;
        store::remove_post(&mut tx, game, version).await?;
        if let Some(message) = message {
            store::record_message(&mut tx, game, message, "choices", version).await?;
        }
        let retire = store::messages_to_retire(&mut tx, Some(game), None, RETIRE_BATCH).await?;
        tx.commit().await?;
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

    // ----- internals --------------------------------------------------------------------------

    async fn open_table(&self, conn: &mut AnyConnection, place: Place) -> Result<Table> {
        let Some(record) = store::open_game_in_channel(conn, place.channel_id).await? else {
            return user("There is no game in this channel. Start one with `/new`.");
        };
        Ok(Table { seats: store::seats(conn, record.id).await?, record })
    }

    /// The channel's open game; when a button names a game, that game only (a lobby's Join
    /// must never join the lobby opened after it).
    async fn open_table_for(&self, conn: &mut AnyConnection, place: Place, game: Option<GameId>) -> Result<Table> {
        let table = self.open_table(conn, place).await.map_err(|e| match (game, e) {
            (Some(_), ServiceError::User(_)) => ServiceError::User(GONE.into()),
            (_, e) => e,
        })?;
        if game.is_some_and(|g| g != table.record.id) {
            return user(GONE);
        }
        Ok(table)
    }

    /// Records the message a change owes the channel, in the change's transaction.
    async fn queue(&self, conn: &mut AnyConnection, table: &Table, reply: &Reply) -> Result<()> {
        let post = PendingPost {
            game_id: table.record.id,
            version: table.record.version,
            channel_id: table.record.channel_id,
            reply: serde_json::to_string(reply).map_err(|e| internal(e.to_string()))?,
        };
        store::queue_post(conn, &post, store::now_ms() + self.lease.as_millis() as i64, &self.instance).await?;
        Ok(())
    }

    async fn latest_table(&self, conn: &mut AnyConnection, place: Place) -> Result<Table> {
        let Some(record) = store::latest_game_in_channel(conn, place.channel_id).await? else {
            return user("There is no game in this channel. Start one with `/new`.");
        };
        Ok(Table { seats: store::seats(conn, record.id).await?, record })
    }

    async fn table_by_id(&self, conn: &mut AnyConnection, place: Place, id: GameId) -> Result<Table> {
        let Some(record) = store::game(conn, id).await? else {
            return user("That game no longer exists.");
        };
        if record.channel_id != place.channel_id {
            return user("That button belongs to a game in another channel.");
        }
        match record.status {
            Status::Finished => return user("That game is over. `/new` starts another."),
            Status::Abandoned => return user("That game was abandoned. `/new` starts another."),
            _ => {}
        }
        Ok(Table { seats: store::seats(conn, record.id).await?, record })
    }

    /// The game a step is about (the button's game, or the channel's) at its current version;
    /// a user error when the click was made against an older version.
    async fn current(
        &self,
        conn: &mut AnyConnection,
        place: Place,
        game_id: Option<GameId>,
        expected: Option<i64>,
    ) -> Result<(Table, Arc<Loaded>)> {
        let table = match game_id {
            Some(id) => self.table_by_id(conn, place, id).await?,
            None => self.open_table(conn, place).await?,
        };
        let loaded = self.load(conn, &table).await?;
        if expected.is_some_and(|v| v != table.record.version) {
            return Err(self.stale(&table, &loaded));
        }
        Ok((table, loaded))
    }

    /// The game's state at its current version: from the cache, or replayed from the log.
    async fn load(&self, conn: &mut AnyConnection, table: &Table) -> Result<Arc<Loaded>> {
        let id = table.record.id;
        if let Some(hit) = self.cache.lock().expect("cache lock").get(&id).filter(|l| l.version == table.record.version) {
            return Ok(Arc::clone(hit));
        }
        let log = store::actions(conn, id)
            .await?
            .into_iter()
            .map(|r| {
                let action = record::decode_action(&r.action).map_err(|e| internal(format!("game {id}: stored action {}: {e}", r.seq)))?;
                Ok(Logged { seq: r.seq, user_id: r.user_id, action })
            })
            .collect::<Result<Vec<_>>>()?;
        let actions: Vec<Action> = log.iter().map(|a| a.action).collect();
        let game = Game::replay(setup_of(table)?, &actions)
            .map_err(|(i, e)| internal(format!("game {id}: action {} no longer applies: {e}", i + 1)))?;
        let loaded = Arc::new(Loaded { version: table.record.version, game, log });
        self.remember(table, &loaded);
        Ok(loaded)
    }

    fn remember(&self, table: &Table, loaded: &Arc<Loaded>) {
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

    fn forget(&self, id: GameId) {
        self.cache.lock().expect("cache lock").remove(&id);
    }

    fn stale(&self, table: &Table, loaded: &Loaded) -> ServiceError {
        let names = table.names();
        let by = loaded.log.last().and_then(|a| table.seat_of(a.user_id)).map(|s| names.of(s));
        let what = match by {
            Some(who) => {
                format!("{who} acted first (last step: `{}`).", loaded.log.last().map(|a| a.action.to_string()).unwrap_or_default())
            }
            None => "the game moved on.".into(),
        };
        ServiceError::User(format!("That button is out of date: {what}\n{}", text::prompt(&loaded.game, &names)))
    }

    async fn images(&self, game: &Game, names: &Names, since_turn: Option<u32>, picture: Picture) -> Vec<Image> {
        let Some(make) = self.images.clone() else { return Vec::new() };
        let game = game.clone();
        let names = names.clone();
        // Drawing and PNG encoding are CPU work: keep them off the async workers.
        tokio::task::spawn_blocking(move || make(&game, &names, since_turn, picture)).await.unwrap_or_else(|e| {
            tracing::error!("rendering failed: {e}");
            Vec::new()
        })
    }

    /// The message after a step: what happened, the board, and the next player's choices.
    fn turn_reply(&self, table: &Table, loaded: &Loaded, mut lines: Vec<String>) -> Reply {
        let game = &loaded.game;
        let names = table.names();
        let (id, version) = (table.record.id, loaded.version);
        let mut reply = Reply { game: Some((id, version)), ..Reply::default() };
        if let Some(seat) = game.to_act() {
            reply.mention = table.user_at(seat);
            lines.push(text::standings(game, &names));
            lines.push(text::prompt(game, &names));
            let (buttons, menu) = choices(game, id, version);
            reply.buttons = buttons;
            reply.menu = menu;
        }
        reply.text = fit_lines(&lines, 2000);
        reply.show_board = true;
        reply
    }

    /// Draws the board (and the drawn tile) for a reply that asks for it, highlighting the
    /// tiles placed since the acting player's previous turn.
    pub async fn attach_images(&self, reply: &mut Reply) -> Result<()> {
        let (Some((id, _)), true, Some(_)) = (reply.game, reply.show_board, self.images.as_ref()) else { return Ok(()) };
        let mut conn = self.store.pool().acquire().await?;
        let Some(record) = store::game(&mut conn, id).await? else { return Ok(()) };
        let table = Table { seats: store::seats(&mut conn, id).await?, record };
        let loaded = self.load(&mut conn, &table).await?;
        let since = loaded.game.turn().checked_sub(table.seats.len() as u32);
        reply.images = self.images(&loaded.game, &table.names(), since, reply.picture).await;
        Ok(())
    }
}

/// How long a step's message is left to the process that made it: far longer than posting
/// takes, short enough that a restarted bot soon posts what its predecessor could not.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(15);

/// The instance name of a process that was given none (one process per database).
pub const DEFAULT_INSTANCE: &str = "main";

/// How many messages one delivery retires at most (a game has one or two with buttons).
const RETIRE_BATCH: i64 = 64;

const GONE: &str = "That button belongs to a game that is over or closed. Use the newest message, or `/status`.";

fn internal(message: String) -> ServiceError {
    ServiceError::Internal(anyhow::anyhow!(message))
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.finish() >> 1 // stays positive as an SQLite integer
}

async fn load_table(conn: &mut AnyConnection, id: GameId) -> Result<Table> {
    let record = store::game(conn, id).await?.ok_or_else(|| internal(format!("game {id} vanished")))?;
    Ok(Table { seats: store::seats(conn, id).await?, record })
}

/// The game's setup, from what is stored: its ruleset, options, players and seed.
fn setup_of(table: &Table) -> Result<Setup> {
    let r = &table.record;
    let ruleset = u32::try_from(r.ruleset)
        .ok()
        .and_then(Ruleset::from_id)
        .ok_or_else(|| internal(format!("game {}: ruleset {} is unknown to this version", r.id, r.ruleset)))?;
    let options = record::decode_options(&r.options).map_err(|e| internal(format!("game {}: stored options: {e}", r.id)))?;
    Ok(Setup::standard_in(ruleset, options, table.seats.len(), r.seed))
}

/// One step of the game's log, read back from the store.
#[derive(Clone, Debug)]
struct Logged {
    seq: i64,
    user_id: u64,
    action: Action,
}

fn check_turn(table: &Table, game: &Game, actor: &Actor) -> Result<usize> {
    if table.record.status != Status::Active {
        return user("The game isn't running.");
    }
    let Some(seat) = table.seat_of(actor.user_id) else {
        return user("You are not playing in this game. You can watch with `/board` and `/status`.");
    };
    match game.to_act() {
        Some(s) if s == seat => Ok(seat),
        Some(s) => {
            let names = table.names();
            let doing = match game.phase() {
                Phase::MarketShip { .. } => "to choose a ship for their market",
                _ => "to play",
            };
            user(format!("It's not your turn: waiting for {} {doing}.", names.of(s)))
        }
        None => user("The game is over."),
    }
}

/// Buttons (and a menu when there are too many options) for the next step.
fn choices(game: &Game, id: GameId, version: i64) -> (Vec<Vec<Button>>, Option<Menu>) {
    let button = |command: Command, label: String, style: Style| Button { id: ComponentId::button(id, version, command), label, style };
    let mut actions = game.legal_actions();
    let mut rows: Vec<Vec<Button>> = Vec::new();
    let mut menu = None;
    match game.phase() {
        Phase::PlaceTile => {
            // The spots as a menu: "A (1, 0) 90°". More than 25? Then `/place` (autocomplete).
            let options: Vec<MenuOption> = game
                .placement_spots()
                .iter()
                .flat_map(|s| {
                    s.rotations.iter().map(move |&r| MenuOption {
                        value: Command::Act(Action::PlaceTile { pos: s.pos, rotation: r }).code(),
                        label: format!("{} · {} · {}°", s.label, text::coords(s.pos), r.degrees()),
                        description: None,
                    })
                })
                .collect();
            if options.len() <= reply::MAX_MENU_OPTIONS {
                menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: "Place the tile: spot and rotation".into(), options });
            }
            rows.push(vec![button(Command::Board, "Show board".into(), Style::Secondary)]);
            return (rows, menu);
        }
        Phase::Payment { .. } => {
            let options: Vec<MenuOption> = actions
                .iter()
                .map(|a| MenuOption { value: Command::Act(*a).code(), label: text::action_label(game, a), description: None })
                .collect();
            menu = Some(Menu {
                id: ComponentId::menu(id, version),
                placeholder: "Choose your payment".into(),
                options: options.into_iter().take(25).collect(),
            });
            rows.push(vec![button(Command::Undo, "Undo".into(), Style::Secondary)]);
            return (rows, menu);
        }
        _ => {}
    }
    // Turn actions as buttons, five per row; the last row holds the closing choice and Undo.
    let closing = actions.iter().position(|a| matches!(a, Action::SkipIslander | Action::EndTurn)).map(|i| actions.remove(i));
    let main_rows = reply::MAX_BUTTON_ROWS - 1;
    if actions.len() > main_rows * 5 {
        let options = actions
            .iter()
            .take(reply::MAX_MENU_OPTIONS)
            .map(|a| MenuOption { value: Command::Act(*a).code(), label: text::action_label(game, a), description: None })
            .collect();
        menu = Some(Menu { id: ComponentId::menu(id, version), placeholder: "Choose".into(), options });
    } else {
        for chunk in actions.chunks(5) {
            rows.push(chunk.iter().map(|a| button(Command::Act(*a), text::action_label(game, a), Style::Primary)).collect());
        }
    }
    let mut last = Vec::new();
    if let Some(a) = closing {
        last.push(button(Command::Act(a), text::action_label(game, &a), Style::Secondary));
    }
    if !matches!(game.phase(), Phase::MarketShip { .. }) {
        last.push(button(Command::Undo, "Undo".into(), Style::Secondary));
    }
    rows.push(last);
    (rows, menu)
}

fn lobby_reply(table: &Table, headline: &str) -> Reply {
    let r = &table.record;
    let players: Vec<String> = table.seats.iter().map(|s| format!("• {}", text::escape(&s.name))).collect();
    let button = |command: Command, label: &str, style: Style| Button {
        id: ComponentId::button(r.id, r.version, command),
        label: label.into(),
        style,
    };
    let text = format!(
        "{headline}\n**Players ({}/{}):**\n{}\nRetrieve rule: {} · {}–{} players. Press **Join** to play; the opener presses **Start** when ready.",
        table.seats.len(),
        r.max_players,
        players.join("\n"),
        record::decode_options(&r.options).map_or("?", |o| o.retrieve.name()),
        r.min_players,
        r.max_players
    );
    Reply {
        text,
        buttons: vec![vec![
            button(Command::Join, "Join", Style::Primary),
            button(Command::Leave, "Leave", Style::Secondary),
            button(Command::Start, "Start", Style::Success),
        ]],
        game: Some((r.id, r.version)),
        ..Reply::default()
    }
}

/// Joins lines, dropping the oldest ones (but never the last, the prompt) to fit `max`.
fn fit_lines(lines: &[String], max: usize) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut len = 0;
    for line in lines.iter().rev() {
        if len + line.len() + 1 > max && !out.is_empty() {
            out.push("…");
            break;
        }
        len += line.len() + 1;
        out.push(line);
    }
    out.reverse();
    text::truncate(&out.join("\n"), max)
}
