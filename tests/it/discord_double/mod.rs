//! A Discord protocol double for end-to-end tests: the real bot (serenity 0.12 / poise 0.7)
//! connects to it on 127.0.0.1 instead of Discord.
//!
//! One axum server serves both sides of the protocol:
//! - the gateway WebSocket at `/gateway` (HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats
//!   ACKed, RESUME, and `INTERACTION_CREATE` dispatches pushed by the test with [`Double::interact`]);
//!   sharded as Discord shards: a connection's IDENTIFY names its `shard: [id, count]`, and a
//!   guild's events (READY's guild list, GUILD_CREATE, interactions) go only to the shard
//!   `(guild_id >> 22) % count`; an invalid shard is closed with 4010, a shard over
//!   [`Options::max_guilds_per_shard`] with 4011, as Discord does;
//! - the REST API under `/api/v10`: the gateway address, command registration, interaction
//!   callbacks (JSON or multipart with files), follow-ups and edits by token, channel messages,
//!   the channel, direct-message channels (`POST /users/@me/channels`: one per user, made on
//!   first request; messages posted there are recorded like the channel's, with the same rules
//!   about mentions), the bot user and the application. Any other request is answered 404 with a
//!   Discord-style JSON error and kept in [`Double::unexpected`], as are requests Discord would
//!   refuse (a second callback for one interaction, a follow-up before the callback, an unknown
//!   token or channel, a missing `Authorization: Bot …` header).
//!
//! Connect a serenity client with [`Double::http`] (or by hand:
//! `HttpBuilder::new(token).proxy(double.url()).ratelimiter_disabled(true).build()`, then
//! `ClientBuilder::new_with_http(http, intents)`). serenity asks `GET /api/v10/gateway` for the
//! WebSocket address and appends `?v=10`; it sends `compress: true` in IDENTIFY, which only means
//! that Discord *may* send zlib-compressed binary frames: serenity reads text frames as well, so
//! the double always sends plain JSON text.
//!
//! Everything the bot sends is a [`Response`], kept in order: per interaction (the callback, then
//! follow-ups, edits and deletions made with its token) in [`Double::responses`], and plain channel
//! messages in [`Double::channel_messages`]. Every wait has a timeout (30 s by default) and panics
//! with a summary of what the double saw, so a hung test fails with a clear message.
//! [`Double::answer_late`] makes it answer posts and edits late, as a slow Discord does: each is
//! carried out at once (players see it, and may tap it) and only its answer to the bot waits.
//!
//! Several bot processes may connect at once (one per shard range). Discord cannot tell them
//! apart over REST, since they share one token; the double can when each gets its own token
//! (any `Bot …` token is accepted): every [`Response`] records the token it was sent with, and
//! [`Double::answered_elsewhere`] lists interactions answered by another process than the one
//! whose shard received them.
#![allow(dead_code)] // A library for the e2e tests: not every helper is used by every test.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, RawQuery, Request, State as AxState};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response as HttpResponse};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, watch};

mod gateway;
mod interactions;
mod limits;
mod objects;
mod records;
mod rest;
mod threads;

use gateway::gateway;
pub use interactions::*;
use limits::notified_users;
pub use limits::{MAX_UPLOAD_BYTES, over_limit};
pub use objects::*;
pub use records::*;
use rest::rest;
pub use threads::*;

/// The bot's user id; also its application id, as on Discord.
pub const BOT_USER_ID: u64 = 1_150_000_000_000_000_001;
pub const APPLICATION_ID: u64 = BOT_USER_ID;
pub const BOT_USERNAME: &str = "southseas";
/// The guild the bot is in from the start (more with [`Double::add_guild`]).
pub const GUILD_ID: u64 = 1_150_000_000_000_000_100;
/// The guild's text channel, where interactions happen unless a builder says otherwise.
pub const CHANNEL_ID: u64 = 1_150_000_000_000_000_200;
pub const CHANNEL_NAME: &str = "south-seas";
/// The guild's owner (also the application's owner).
pub const OWNER_ID: u64 = 1_150_000_000_000_000_300;
/// Any token works; this one is handy.
pub const TOKEN: &str = "double-token";

/// Gateway close code: an IDENTIFY with an invalid `shard`.
pub const INVALID_SHARD: u16 = 4010;
/// Gateway close code: the shard would hold too many guilds.
pub const SHARDING_REQUIRED: u16 = 4011;

/// Message flags.
pub const EPHEMERAL: u64 = 1 << 6;
pub const LOADING: u64 = 1 << 7;

/// Permissions the bot has in the channel unless [`Double::set_app_permissions`] says otherwise:
/// view channel, send messages, embed links, attach files, read message history, use external
/// emojis, add reactions, use application commands, create public threads, send messages in
/// threads.
pub const DEFAULT_APP_PERMISSIONS: u64 =
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 18) | (1 << 6) | (1 << 31) | (1 << 35) | (1 << 38);

/// Settings of a double; `Options::default()` suits most tests.
#[derive(Clone, Debug)]
pub struct Options {
    /// The heartbeat interval announced in HELLO.
    pub heartbeat_interval: Duration,
    /// Send a full GUILD_CREATE (one text channel, the bot as member) after READY; READY lists the
    /// guild as unavailable either way, as Discord does.
    pub guild_create: bool,
    /// How long every `wait_*` (and `interact`, waiting for a connected bot) waits before panicking.
    pub wait_timeout: Duration,
    /// Discord drops an interaction whose first response comes later than this (3 s): the
    /// callback is refused with "Unknown interaction", and so is everything after it.
    pub ack_deadline: Duration,
    /// The shard count `GET /gateway/bot` recommends (what `start_autosharded` uses).
    pub shards: u32,
    /// Discord closes a shard that would hold more guilds than this with 4011 ("sharding
    /// required"); 2,500 on Discord.
    pub max_guilds_per_shard: usize,
    /// Keep each uploaded file's bytes (to serve and to check). A long soak of hundreds of
    /// tables keeps only their sizes: it never looks at a picture, and every step's would add up
    /// to gigabytes.
    pub keep_files: bool,
    /// A test still holding its double after this long is hung (every wait above has its own
    /// timeout, so only a stalled runtime gets here): the double says which test and what it
    /// saw, and ends the test binary. A hang would otherwise hold CI until its own limit, with
    /// nothing said. None for the soak, which runs for as long as it is asked to.
    pub watchdog: Option<Duration>,
    /// The bot under test gives up on a request whose answer does not come in time, and sends
    /// an acknowledgement once more (`respond::first_answer`); Discord answers the second
    /// "already acknowledged". With this set, a second callback identical to the first is
    /// counted as such a retry ([`Double::callback_retries`]) rather than as a mistake: for a
    /// soak whose load can hold an answer past the bot's wait. Anything else sent twice, or a
    /// third time, is still a mistake.
    pub callback_retries: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            heartbeat_interval: Duration::from_millis(41_250),
            guild_create: true,
            wait_timeout: Duration::from_secs(30),
            ack_deadline: Duration::from_secs(3),
            shards: 1,
            max_guilds_per_shard: 2_500,
            keep_files: true,
            watchdog: Some(Duration::from_secs(600)),
            callback_retries: false,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The double

/// The running double. Dropping it closes the gateway connections and stops the server.
pub struct Double {
    shared: Arc<Shared>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
    /// Cleared when the double is dropped: the watchdog stands down.
    alive: Arc<AtomicBool>,
}

struct Shared {
    state: Mutex<State>,
    changed: watch::Sender<u64>,
    options: Options,
    http_base: String,
    ws_url: String,
}

#[derive(Default)]
struct State {
    next_conn: u64,
    conns: HashMap<u64, Conn>,
    sessions: HashMap<String, Session>,
    /// Per shard `[id, count]`, the session of its latest IDENTIFY: that shard's dispatches go
    /// there (an older session of the same shard, e.g. a bot aborted but still connected, gets
    /// nothing more).
    current: HashMap<[u32; 2], String>,
    identifies: Vec<Value>,
    /// IDENTIFYs refused: the `shard` sent and the close code (4010 or 4011).
    rejected: Vec<(Value, u16)>,
    resumes: usize,
    heartbeats: usize,
    gateway_queries: Vec<String>,
    interactions: HashMap<u64, InteractionRec>,
    tokens: HashMap<String, u64>,
    sent: Vec<Response>,
    messages: HashMap<u64, StoredMessage>,
    message_order: Vec<u64>,
    /// `message_order` by channel: what a channel's lookups scan (a soak has hundreds).
    by_channel: HashMap<u64, Vec<u64>>,
    commands: Vec<CommandRegistration>,
    command_ids: HashMap<(Option<u64>, String), u64>,
    unexpected: Vec<Unexpected>,
    requests: Vec<String>,
    app_permissions: u64,
    /// Every guild the bot is in and its text channels.
    guilds: BTreeMap<u64, Vec<u64>>,
    /// Guilds renamed by a test (the others keep the name of [`guild_json_for`]).
    guild_names: HashMap<u64, String>,
    /// Every known channel and its guild.
    channels: BTreeMap<u64, u64>,
    /// Direct-message channels the bot opened, and the user at the other end.
    dm_channels: BTreeMap<u64, u64>,
    /// Users who accept no direct messages from the bot: a post there is refused (403, 50007).
    dms_closed: std::collections::HashSet<u64>,
    users: HashMap<u64, Value>,
    files: HashMap<u64, (String, Option<String>, Vec<u8>)>,
    /// Channel message nonces sent with `enforce_nonce`: Discord returns the earlier message.
    nonces: HashMap<String, u64>,
    /// Posts answered with an earlier message because of their nonce.
    deduplicated: usize,
    ack_deadline: Duration,
    /// See [`Options::callback_retries`]: whether they are allowed, and how many came.
    callback_retries_allowed: bool,
    callback_retries: usize,
    /// See [`Options::keep_files`].
    keep_files: bool,
    /// How late Discord answers what the bot sends (see [`Double::answer_late`]).
    late: LateAnswers,
    /// How many channel posts to come are made but answered 500 (see [`Double::lose_post_answers`]).
    lost_posts: usize,
    /// How many interaction callbacks to come are made but answered 500 (see
    /// [`Double::lose_callback_answers`]).
    lost_callbacks: usize,
    /// Discord's bad minutes: what goes wrong, until when (see [`Double::fault`]).
    fault: Option<(Fault, Instant)>,
    /// The fault window hits new channel posts only (see [`Double::fault_new_posts`]).
    fault_posts_only: bool,
    /// Requests answered with a fault (or made and answered late by one).
    faulted: usize,
    /// Threads (channels of their own, also in `channels`), by id (see `threads.rs`).
    threads: BTreeMap<u64, Thread>,
    /// Forum channels (also in `channels`): no message of their own, a thread per post.
    forums: std::collections::HashSet<u64>,
    /// Thread edits Discord accepted.
    thread_edits: usize,
}

/// What goes wrong during a fault window (see [`Double::fault`]), for what the outbox sends:
/// channel messages (posts, edits, reads) and edits of interaction messages. Interaction
/// callbacks and follow-ups go through (Discord keeps those apart), and so does the gateway.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// 429 Too Many Requests, answered as Discord does: a JSON body with `message`,
    /// `retry_after` (seconds, a float: until the window ends) and `global`, and the
    /// `Retry-After` and `X-RateLimit-*` headers. Nothing is done.
    RateLimited { global: bool },
    /// A 5xx from Discord's edge (502, 503, …), with an HTML body as Cloudflare sends it, or
    /// none for 500. Nothing is done.
    ServerError(u16),
    /// Done (players see it), but the bot is answered 500: it never learns the answer.
    LostAnswers,
    /// Done, and answered only after this long (longer than the bot waits: a timeout).
    Hang(Duration),
}

/// How long the double waits before answering a request it has already carried out: Discord
/// slow to confirm. Players see the message (and may tap it) before the bot learns its id.
#[derive(Clone, Copy, Debug, Default)]
pub struct LateAnswers {
    /// New channel messages (`POST /channels/{id}/messages`).
    pub posts: Duration,
    /// Edits of messages: an interaction's message (`PATCH /webhooks/…/messages/…`) or a
    /// channel message (`PATCH /channels/{id}/messages/{id}`).
    pub edits: Duration,
}

struct Conn {
    tx: mpsc::UnboundedSender<Outgoing>,
    session: Option<String>,
}

struct Session {
    seq: u64,
    conn: Option<u64>,
    shard: [u32; 2],
    /// The bot token of the IDENTIFY (which process this is, when each has its own).
    token: String,
    /// Its place among all IDENTIFYs: the latest one of a guild's shards gets its events.
    order: usize,
}

/// Where an interaction was dispatched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispatched {
    pub session: String,
    pub shard: [u32; 2],
    pub token: String,
}

enum Outgoing {
    Text(String),
    Close(u16, &'static str),
}

struct InteractionRec {
    token: String,
    payload: Value,
    dispatched: Instant,
    acked: Option<u64>,
    /// The first callback was made but its answer lost (see [`Double::lose_callback_answers`]):
    /// the bot may send it again, and hears "already acknowledged".
    answer_lost: bool,
    /// The first callback's body, to know a retry of it (see [`Options::callback_retries`]);
    /// None once a retry came.
    first_callback: Option<Value>,
    original: Option<u64>,
    /// Messages created with this token (the original and follow-ups).
    messages: Vec<u64>,
    dispatched_to: Dispatched,
}

struct StoredMessage {
    json: Value,
    token: Option<String>,
    /// Made up by the double for a click on a message it never saw (a forged id).
    stub: bool,
}

/// A parsed request body: JSON (or `payload_json`) plus `files[n]` parts.
struct Parsed {
    json: Value,
    uploads: Vec<Upload>,
}

struct Upload {
    index: u64,
    filename: Option<String>,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

impl Double {
    /// Starts a double on 127.0.0.1 with a random port.
    pub async fn start() -> Double {
        Double::start_with(Options::default()).await
    }

    pub async fn start_with(options: Options) -> Double {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("discord double: bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("discord double: local address");
        let state = State {
            app_permissions: DEFAULT_APP_PERMISSIONS,
            guilds: BTreeMap::from([(GUILD_ID, vec![CHANNEL_ID])]),
            channels: BTreeMap::from([(CHANNEL_ID, GUILD_ID)]),
            ack_deadline: options.ack_deadline,
            callback_retries_allowed: options.callback_retries,
            keep_files: options.keep_files,
            ..State::default()
        };
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            changed: watch::Sender::new(0),
            options,
            http_base: format!("http://{addr}"),
            ws_url: format!("ws://{addr}/gateway"),
        });
        let app =
            Router::new().route("/gateway", get(gateway)).fallback(rest).layer(DefaultBodyLimit::max(64 << 20)).with_state(shared.clone());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("discord double: server failed");
        });
        let alive = Arc::new(AtomicBool::new(true));
        if let Some(after) = shared.options.watchdog {
            watch(Arc::downgrade(&shared), Arc::clone(&alive), after);
        }
        Double { shared, addr, server, alive }
    }

    /// The HTTP base to pass to `HttpBuilder::proxy`: `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        self.shared.http_base.clone()
    }

    /// The gateway address the double hands out: `ws://127.0.0.1:PORT/gateway`.
    pub fn gateway_url(&self) -> String {
        self.shared.ws_url.clone()
    }

    /// A serenity HTTP client aimed at the double (proxy set, ratelimiter off: serenity ignores the
    /// proxy while its ratelimiter is on).
    pub fn http(&self, token: &str) -> serenity::Http {
        serenity::HttpBuilder::new(token).proxy(self.url()).ratelimiter_disabled(true).build()
    }

    // --- gateway -------------------------------------------------------------------------------

    /// Waits until a bot has identified (READY sent) and returns the latest IDENTIFY's `d`.
    pub async fn wait_for_identify(&self) -> Value {
        self.wait_for_identifies(1).await
    }

    /// Waits until `n` IDENTIFYs have been received in total (e.g. 2 after a bot restart) and
    /// returns the latest one's `d`.
    pub async fn wait_for_identifies(&self, n: usize) -> Value {
        self.wait_until(&format!("{n} gateway IDENTIFY(s)"), |s| if s.identifies.len() >= n { s.identifies.last().cloned() } else { None })
            .await
    }

    /// Every IDENTIFY's `d` so far (token included).
    pub fn identifies(&self) -> Vec<Value> {
        self.state().identifies.clone()
    }

    /// Heartbeats received (each was ACKed).
    pub fn heartbeats(&self) -> usize {
        self.state().heartbeats
    }

    /// Waits until `n` heartbeats have been received in total.
    pub async fn wait_for_heartbeats(&self, n: usize) -> usize {
        self.wait_until(&format!("{n} heartbeat(s)"), |s| (s.heartbeats >= n).then_some(s.heartbeats)).await
    }

    /// Successful RESUMEs.
    pub fn resumes(&self) -> usize {
        self.state().resumes
    }

    /// Query strings of the gateway connections (serenity sends `v=10`).
    pub fn gateway_queries(&self) -> Vec<String> {
        self.state().gateway_queries.clone()
    }

    /// Open gateway WebSocket connections.
    pub fn live_connections(&self) -> usize {
        self.state().conns.len()
    }

    /// Closes every gateway connection with code 4000 ("unknown error"): serenity reconnects and
    /// RESUMEs, the double answers RESUMED, and dispatches flow again (the event-loop side of a
    /// network blip). Returns how many connections were closed.
    pub fn drop_gateway_connections(&self) -> usize {
        self.close_all(4000, "double: connection dropped")
    }

    /// Closes every gateway connection with code 4004 ("authentication failed"), which makes
    /// serenity give up for good (`Client::start` returns an error) instead of reconnecting: use it
    /// to get rid of a bot whose client was aborted (aborting `Client::start` leaves its shard
    /// runner alive) before a second bot instance identifies. Prefer
    /// `client.shard_manager.shutdown_all().await` when the test holds the client.
    pub fn evict_bots(&self) -> usize {
        let n = self.close_all(4004, "double: bot evicted");
        self.with(|s| s.current.clear());
        n
    }

    /// Waits until no gateway connection is open.
    pub async fn wait_for_no_connection(&self) {
        self.wait_until("all gateway connections to close", |s| s.conns.is_empty().then_some(())).await
    }

    fn close_all(&self, code: u16, reason: &'static str) -> usize {
        self.with(|s| {
            for conn in s.conns.values() {
                let _ = conn.tx.send(Outgoing::Close(code, reason));
            }
            s.conns.len()
        })
    }

    // --- interactions ---------------------------------------------------------------------------

    /// Sends an `INTERACTION_CREATE` dispatch to the bot that identified last (waiting for one to
    /// be connected) and returns the interaction id. Takes a builder ([`slash`], [`autocomplete`],
    /// [`button`], [`select`]) or raw JSON. Fills what is missing: `app_permissions` (see
    /// [`Double::set_app_permissions`]), the registered command id, and for a component the
    /// `message` it sits on: the latest stored message with that `custom_id`, else a stub from the
    /// bot.
    pub async fn interact(&self, interaction: impl Into<Value>) -> u64 {
        let mut payload: Value = interaction.into();
        let id = id_of(&payload["id"]).expect("discord double: interaction without an id");
        let token = payload["token"].as_str().expect("discord double: interaction without a token").to_string();
        // Interactions in a DM carry no guild and go to shard 0, as on Discord.
        let guild = id_of(&payload["guild_id"]).unwrap_or(0);
        let description = format!("a connected, identified bot on the shard of guild {guild} to receive interaction {id}");
        self.wait_until(&description, |s| s.session_for_guild(guild)).await;
        self.with(|s| {
            s.complete_interaction(&mut payload);
            if let Some(channel) = id_of(&payload["channel_id"]) {
                s.before_interaction(channel, payload["type"] != 3);
                if let Some(partial) = s.interaction_channel(channel, &payload["channel"]["permissions"]) {
                    payload["channel"] = partial;
                }
                s.channels.insert(channel, guild);
                // A thread or a forum is no text channel of the guild's list.
                let listed = !s.threads.contains_key(&channel) && !s.forums.contains(&channel);
                let channels = s.guilds.entry(guild).or_default();
                if listed && !channels.contains(&channel) {
                    channels.push(channel);
                }
            }
            for user in [&payload["member"]["user"], &payload["user"]] {
                if let Some(uid) = id_of(&user["id"]) {
                    s.users.insert(uid, user.clone());
                }
            }
            if let Some(users) = payload["data"]["resolved"]["users"].as_object() {
                for user in users.values() {
                    if let Some(uid) = id_of(&user["id"]) {
                        s.users.insert(uid, user.clone());
                    }
                }
            }
            s.tokens.insert(token.clone(), id);
            let session = s.session_for_guild(guild).unwrap_or_else(|| panic!("discord double: no connected bot for interaction {id}"));
            let dispatched_to = Dispatched { shard: s.sessions[&session].shard, token: s.sessions[&session].token.clone(), session };
            s.interactions.insert(
                id,
                InteractionRec {
                    token,
                    payload: payload.clone(),
                    dispatched: Instant::now(),
                    acked: None,
                    answer_lost: false,
                    first_callback: None,
                    original: None,
                    messages: vec![],
                    dispatched_to: dispatched_to.clone(),
                },
            );
            let sent = s.dispatch(&dispatched_to.session, "INTERACTION_CREATE", payload);
            assert!(sent, "discord double: no connected bot for interaction {id}");
        });
        self.bump();
        id
    }

    /// The payload of an interaction as dispatched (after [`Double::interact`] filled it in).
    pub fn interaction(&self, id: u64) -> Option<Value> {
        self.state().interactions.get(&id).map(|i| i.payload.clone())
    }

    /// The session, shard and bot token an interaction was dispatched to.
    pub fn dispatched_to(&self, id: u64) -> Option<Dispatched> {
        self.state().interactions.get(&id).map(|i| i.dispatched_to.clone())
    }

    /// Every request made with an interaction's token by another bot token than the one of the
    /// connection it was dispatched to, described: empty when every interaction was answered
    /// only by the process owning its guild's shard (see the module docs on tokens).
    pub fn answered_elsewhere(&self) -> Vec<String> {
        let s = self.state();
        s.sent
            .iter()
            .filter_map(|r| {
                let rec = s.interactions.get(&r.interaction_id?)?;
                let by = r.bot_token.as_deref()?;
                (by != rec.dispatched_to.token).then(|| {
                    format!(
                        "interaction {} of guild {} went to shard {:?} ({}), but {:?} came from {by}",
                        r.interaction_id.unwrap_or_default(),
                        rec.payload["guild_id"],
                        rec.dispatched_to.shard,
                        rec.dispatched_to.token,
                        r.kind
                    )
                })
            })
            .collect()
    }

    // --- guilds and shards -----------------------------------------------------------------------

    /// Adds a guild with one text channel (the bot joined it). A live connection on its shard
    /// gets its GUILD_CREATE at once; later connections list it in READY.
    pub fn add_guild(&self, guild_id: u64, channel_id: u64) {
        let create = self.shared.options.guild_create;
        self.with(|s| {
            s.guilds.entry(guild_id).or_default().push(channel_id);
            s.channels.insert(channel_id, guild_id);
            if create && let Some(session) = s.session_for_guild(guild_id) {
                let guild = s.guild_json(guild_id);
                s.dispatch(&session, "GUILD_CREATE", guild);
            }
        });
    }

    /// A member renames the guild: its shard gets GUILD_UPDATE, and later connections its new
    /// name.
    pub fn rename_guild(&self, guild_id: u64, name: &str) {
        self.with(|s| {
            s.guild_names.insert(guild_id, name.to_string());
            if let Some(session) = s.session_for_guild(guild_id) {
                let guild = s.guild_json(guild_id);
                s.dispatch(&session, "GUILD_UPDATE", guild);
            }
        });
    }

    /// The direct-message channel the bot opened with `user`, if it did.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.state().dm_channels.iter().find(|(_, u)| **u == user).map(|(c, _)| *c)
    }

    /// `user` accepts no direct messages from the bot (their privacy settings, or they left
    /// every server it shares): the DM channel still opens, but posting there is refused with
    /// 403 "Cannot send messages to this user" (50007), as on Discord.
    pub fn close_direct_messages(&self, user: u64) {
        self.with(|s| s.dms_closed.insert(user));
    }

    /// The guilds the bot is in, with their channels.
    pub fn guilds(&self) -> BTreeMap<u64, Vec<u64>> {
        self.state().guilds.clone()
    }

    /// The shards `[id, count]` that have a connected, current session, sorted.
    pub fn live_shards(&self) -> Vec<[u32; 2]> {
        self.state().live_shards()
    }

    /// Waits until each of `shards` (`[id, count]`) has a connected, current session.
    pub async fn wait_for_live_shards(&self, shards: &[[u32; 2]]) {
        let what = format!("shards {shards:?} to be connected");
        self.wait_until(&what, |s| {
            let live = s.live_shards();
            shards.iter().all(|w| live.contains(w)).then_some(())
        })
        .await
    }

    /// Waits until no connection serves shard `[id, count]` (its process died or left).
    pub async fn wait_for_shard_down(&self, shard: [u32; 2]) {
        self.wait_until(&format!("shard {shard:?} to disconnect"), |s| (!s.live_shards().contains(&shard)).then_some(())).await
    }

    /// IDENTIFYs refused so far: the `shard` they sent and the close code (4010 invalid shard,
    /// 4011 sharding required).
    pub fn rejected_identifies(&self) -> Vec<(Value, u16)> {
        self.state().rejected.clone()
    }

    /// Waits until `n` IDENTIFYs were refused; returns them.
    pub async fn wait_for_rejections(&self, n: usize) -> Vec<(Value, u16)> {
        self.wait_until(&format!("{n} refused IDENTIFY(s)"), |s| (s.rejected.len() >= n).then(|| s.rejected.clone())).await
    }

    /// Everything the bot sent for this interaction so far, in order.
    pub fn responses(&self, id: u64) -> Vec<Response> {
        self.state().sent.iter().filter(|r| r.interaction_id == Some(id)).cloned().collect()
    }

    /// Waits until the bot has sent at least `n` things for this interaction; returns them all.
    pub async fn wait_response(&self, id: u64, n: usize) -> Vec<Response> {
        self.wait_until(&format!("{n} response(s) to interaction {id}"), |s| {
            let rs: Vec<Response> = s.sent.iter().filter(|r| r.interaction_id == Some(id)).cloned().collect();
            (rs.len() >= n).then_some(rs)
        })
        .await
    }

    /// Waits for the interaction's callback and returns it.
    pub async fn wait_callback(&self, id: u64) -> Response {
        let rs = self.wait_response(id, 1).await;
        rs.into_iter().next().expect("one response")
    }

    /// Waits until the bot has sent a response of `kind` for this interaction, returns the first.
    pub async fn wait_response_kind(&self, id: u64, kind: ResponseKind) -> Response {
        self.wait_until(&format!("a {kind:?} for interaction {id}"), |s| {
            s.sent.iter().find(|r| r.interaction_id == Some(id) && r.kind == kind).cloned()
        })
        .await
    }

    /// Plain channel messages (and their edits and deletions), in order.
    pub fn channel_messages(&self) -> Vec<Response> {
        self.state().sent.iter().filter(|r| r.interaction_id.is_none()).cloned().collect()
    }

    /// Waits until at least `n` channel messages/edits/deletions were sent; returns them all.
    pub async fn wait_channel_messages(&self, n: usize) -> Vec<Response> {
        self.wait_until(&format!("{n} channel message request(s)"), |s| {
            let rs: Vec<Response> = s.sent.iter().filter(|r| r.interaction_id.is_none()).cloned().collect();
            (rs.len() >= n).then_some(rs)
        })
        .await
    }

    /// How many requests the bot has sent so far (see [`Double::sent_since`]).
    pub fn sent_count(&self) -> usize {
        self.state().sent.len()
    }

    /// What the bot sent after its first `from` requests, in order.
    pub fn sent_since(&self, from: usize) -> Vec<Response> {
        self.state().sent.get(from..).map(<[Response]>::to_vec).unwrap_or_default()
    }

    /// Whom each channel message the bot posted in `channel` after its first `from` requests
    /// notified, in order (a reply to an interaction aside). Read in place: a soak of hundreds
    /// of tables asks it for each table on each step, and copying every request since (bodies
    /// and all) held the double's lock long enough to slow the bots it serves.
    pub fn notified_since(&self, from: usize, channel: u64) -> Vec<Vec<u64>> {
        let s = self.state();
        s.sent
            .get(from..)
            .into_iter()
            .flatten()
            .filter(|r| r.interaction_id.is_none() && r.kind == ResponseKind::ChannelMessage && r.channel_id == Some(channel))
            .map(|r| r.notified.clone())
            .collect()
    }

    /// The messages of a channel that still offer components, oldest first (ephemeral ones
    /// aside: only their user sees them).
    pub fn messages_with_components(&self, channel_id: u64) -> Vec<Value> {
        let s = self.state();
        s.by_channel
            .get(&channel_id)
            .into_iter()
            .flatten()
            .filter_map(|id| s.messages.get(id))
            .filter(|m| !m.stub)
            .map(|m| &m.json)
            .filter(|m| id_of(&m["channel_id"]) == Some(channel_id) && m["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0)
            .filter(|m| m["components"].as_array().is_some_and(|c| !c.is_empty()))
            .cloned()
            .collect()
    }

    /// From now on, answer posts and edits late (as Discord does when it is slow): each is
    /// carried out at once, so players see it, and its answer reaches the bot after the delay.
    pub fn answer_late(&self, late: LateAnswers) {
        self.with(|s| s.late = late);
    }

    /// The next `n` channel posts are made (players see them and may tap them), but the bot is
    /// answered 500 Internal Server Error, as Discord does in its bad minutes: it never learns
    /// the messages' ids from those answers.
    pub fn lose_post_answers(&self, n: usize) {
        self.with(|s| s.lost_posts = n);
    }

    /// The next `n` interaction callbacks (acknowledgements) are made, but their answers are
    /// lost: answered 500, as in Discord's bad minutes. The interaction is acknowledged all the
    /// same; a second callback for it hears "already acknowledged" (not an unexpected request:
    /// the bot could not know).
    pub fn lose_callback_answers(&self, n: usize) {
        self.with(|s| s.lost_callbacks = n);
    }

    /// From now on and for `window`, Discord answers what the outbox sends with `fault` (see
    /// [`Fault`]); returns when the window ends.
    pub fn fault(&self, fault: Fault, window: Duration) -> Instant {
        let until = Instant::now() + window;
        self.with(|s| (s.fault, s.fault_posts_only) = (Some((fault, until)), false));
        until
    }

    /// As [`Double::fault`], for new channel messages only (`POST /channels/{id}/messages`):
    /// edits in place and private answers go through, so a player can still open a private
    /// menu while the table's new messages fail.
    pub fn fault_new_posts(&self, fault: Fault, window: Duration) -> Instant {
        let until = Instant::now() + window;
        self.with(|s| (s.fault, s.fault_posts_only) = (Some((fault, until)), true));
        until
    }

    /// Requests answered with a fault so far (see [`Double::fault`]).
    pub fn faulted(&self) -> usize {
        self.state().faulted
    }

    /// How many acknowledgements the bot sent once more, identical, after their first answer
    /// did not reach it in time (see [`Options::callback_retries`]).
    pub fn callback_retries(&self) -> usize {
        self.state().callback_retries
    }

    /// How many channel posts were answered with an earlier message because of their nonce.
    pub fn deduplicated(&self) -> usize {
        self.state().deduplicated
    }

    /// Waits until `check` holds for the double's state as seen through `self` (re-checked at
    /// every request the bot makes).
    pub async fn wait_for<T>(&self, what: &str, check: impl FnMut(&Double) -> Option<T>) -> T {
        self.wait_for_within(what, self.shared.options.wait_timeout, check).await
    }

    /// [`Double::wait_for`], for up to `timeout` rather than the usual wait: for work whose time
    /// is the machine's (a whole game's timelapse takes seconds of CPU, more on a loaded one).
    pub async fn wait_for_within<T>(&self, what: &str, timeout: Duration, mut check: impl FnMut(&Double) -> Option<T>) -> T {
        let deadline = Instant::now() + timeout;
        let mut changed = self.shared.changed.subscribe();
        loop {
            if let Some(v) = check(self) {
                return v;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!("discord double: timed out waiting for {what}\n{}", self.summary());
            }
            let _ = tokio::time::timeout(left.min(Duration::from_millis(50)), changed.changed()).await;
        }
    }

    /// Everything the bot sent, for interactions or not, in order.
    pub fn all_sent(&self) -> Vec<Response> {
        self.state().sent.clone()
    }

    /// The current state of a message (as Discord would return it), after edits.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.state().messages.get(&id).map(|m| m.json.clone())
    }

    /// The current state of an interaction's original response message, if any.
    pub fn original_message(&self, interaction_id: u64) -> Option<Value> {
        let s = self.state();
        let msg = s.interactions.get(&interaction_id)?.original?;
        s.messages.get(&msg).map(|m| m.json.clone())
    }

    /// The latest stored message holding a component with this `custom_id`.
    pub fn message_with_custom_id(&self, custom_id: &str) -> Option<Value> {
        let s = self.state();
        s.latest_message_with(custom_id).map(|id| s.messages[&id].json.clone())
    }

    /// The bytes of a stored attachment (by attachment id).
    pub fn attachment_bytes(&self, attachment_id: u64) -> Option<Vec<u8>> {
        self.state().files.get(&attachment_id).map(|f| f.2.clone())
    }

    /// The permissions the bot has in the channel, as sent in `app_permissions` of the next
    /// interactions (builders may override it) and in the guild's @everyone role.
    pub fn set_app_permissions(&self, permissions: u64) {
        self.with(|s| s.app_permissions = permissions);
    }

    // --- REST bookkeeping ------------------------------------------------------------------------

    /// Every `PUT …/commands` call so far.
    pub fn commands(&self) -> Vec<CommandRegistration> {
        self.state().commands.clone()
    }

    /// Waits for a command registration and returns the latest one.
    pub async fn wait_for_commands(&self) -> CommandRegistration {
        self.wait_until("a command registration (PUT …/commands)", |s| s.commands.last().cloned()).await
    }

    /// Requests the double did not expect or refused (see the module docs).
    pub fn unexpected(&self) -> Vec<Unexpected> {
        self.state().unexpected.clone()
    }

    /// Panics listing the unexpected requests, if there were any.
    pub fn assert_no_unexpected(&self) {
        let unexpected = self.unexpected();
        assert!(unexpected.is_empty(), "discord double: unexpected requests: {unexpected:#?}");
    }

    /// `METHOD /path?query` of every REST request, in order.
    pub fn requests(&self) -> Vec<String> {
        self.state().requests.clone()
    }

    // --- internals -------------------------------------------------------------------------------

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.lock()
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        self.shared.with(f)
    }

    fn bump(&self) {
        self.shared.bump();
    }

    async fn wait_until<T>(&self, what: &str, mut check: impl FnMut(&State) -> Option<T>) -> T {
        let mut rx = self.shared.changed.subscribe();
        let timeout = self.shared.options.wait_timeout;
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(found) = check(&self.state()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, rx.changed()).await.is_err() {
                panic!("discord double: timed out after {timeout:?} waiting for {what}\n{}", self.summary());
            }
        }
    }

    /// What the double has seen, for failure messages.
    pub fn summary(&self) -> String {
        self.state().summary()
    }
}

/// The watchdog of [`Options::watchdog`]: a thread of its own, so that it runs when the test's
/// runtime does not.
fn watch(shared: std::sync::Weak<Shared>, alive: Arc<AtomicBool>, after: Duration) {
    let test = std::thread::current().name().unwrap_or("a test").to_string();
    let end = Instant::now() + after;
    std::thread::spawn(move || {
        while Instant::now() < end {
            std::thread::sleep(Duration::from_millis(500));
            if !alive.load(Ordering::SeqCst) {
                return;
            }
        }
        let seen = match shared.upgrade() {
            Some(shared) => match shared.state.try_lock() {
                Ok(state) => state.summary(),
                Err(_) => "  (the double's state is locked: a request handler never finished)".to_string(),
            },
            None => String::new(),
        };
        eprintln!("discord double: {test} still runs after {after:?}: it hangs, and the test binary ends here\n{seen}");
        std::process::exit(101);
    });
}

impl State {
    fn summary(&self) -> String {
        let s = self;
        let mut out = format!(
            "  gateway: {} identify(s) ({} refused), {} resume(s), {} heartbeat(s), {} open connection(s), current sessions {:?}, live shards {:?}\n",
            s.identifies.len(),
            s.rejected.len(),
            s.resumes,
            s.heartbeats,
            s.conns.len(),
            s.current,
            s.live_shards()
        );
        out += &format!("  interactions dispatched: {}\n", s.interactions.len());
        out += "  sent by the bot:\n";
        for r in &s.sent {
            out += &format!(
                "    {:?} interaction={:?} type={:?} flags={} content={:?} files={:?}\n",
                r.kind,
                r.interaction_id,
                r.callback_type,
                r.flags,
                r.content,
                r.attachments.iter().map(|a| &a.filename).collect::<Vec<_>>()
            );
        }
        out += &format!("  requests: {:?}\n", s.requests);
        out += &format!("  unexpected: {:?}", s.unexpected);
        out
    }
}

impl Drop for Double {
    fn drop(&mut self) {
        self.alive.store(false, Ordering::SeqCst);
        self.close_all(1001, "double: shutting down");
        self.server.abort();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let out = f(&mut self.lock());
        self.bump();
        out
    }

    fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }
}

impl State {
    /// The session a guild's events go to: of the current sessions of the shards that hold the
    /// guild, the one identified last, if it is connected. (With one shard count in use, one
    /// shard holds the guild; during a re-shard two counts may overlap, and the newer wins.)
    /// GUILD_CREATE's (and GUILD_UPDATE's) `d` for a guild the bot is in, under its name now.
    fn guild_json(&self, guild_id: u64) -> Value {
        let mut guild = guild_json_for(guild_id, &self.guilds[&guild_id], self.app_permissions);
        if let Some(name) = self.guild_names.get(&guild_id) {
            guild["name"] = Value::String(name.clone());
        }
        guild
    }

    fn session_for_guild(&self, guild_id: u64) -> Option<String> {
        let (name, session) = self
            .current
            .iter()
            .filter(|([id, count], _)| shard_of(guild_id, *count) == *id)
            .filter_map(|(_, name)| Some((name, self.sessions.get(name)?)))
            .max_by_key(|(_, session)| session.order)?;
        session.conn.filter(|c| self.conns.contains_key(c))?;
        Some(name.clone())
    }

    fn live_shards(&self) -> Vec<[u32; 2]> {
        let mut live: Vec<[u32; 2]> = self
            .current
            .iter()
            .filter(|(_, name)| self.sessions.get(*name).and_then(|s| s.conn).is_some_and(|c| self.conns.contains_key(&c)))
            .map(|(shard, _)| *shard)
            .collect();
        live.sort();
        live
    }

    /// The guilds shard `[id, count]` holds.
    fn guilds_of_shard(&self, [id, count]: [u32; 2]) -> Vec<u64> {
        self.guilds.keys().copied().filter(|g| shard_of(*g, count) == id).collect()
    }

    /// Sends a dispatch (op 0) with the session's next sequence number to its connection.
    fn dispatch(&mut self, name: &str, event: &str, d: Value) -> bool {
        let Some(session) = self.sessions.get_mut(name) else { return false };
        let Some(conn) = session.conn.and_then(|c| self.conns.get(&c)) else { return false };
        session.seq += 1;
        let frame = json!({"op": 0, "s": session.seq, "t": event, "d": d});
        conn.tx.send(Outgoing::Text(frame.to_string())).is_ok()
    }

    fn complete_interaction(&self, payload: &mut Value) {
        if payload["app_permissions"].is_null() {
            payload["app_permissions"] = json!(self.app_permissions.to_string());
        }
        let kind = payload["type"].as_u64().unwrap_or(0);
        if (kind == 2 || kind == 4) && payload["data"]["id"].is_null() {
            let name = payload["data"]["name"].as_str().unwrap_or_default().to_string();
            let guild = id_of(&payload["guild_id"]);
            let registered =
                self.command_ids.get(&(guild, name.clone())).or_else(|| self.command_ids.get(&(None, name))).copied().unwrap_or(1);
            payload["data"]["id"] = json!(registered.to_string());
        }
        if kind == 3 && payload["message"].is_null() {
            let custom_id = payload["data"]["custom_id"].as_str().unwrap_or_default();
            payload["message"] = match self.latest_message_with(custom_id) {
                Some(id) => self.messages[&id].json.clone(),
                None => {
                    let channel = id_of(&payload["channel_id"]).unwrap_or(CHANNEL_ID);
                    stub_message(channel, custom_id)
                }
            };
        }
    }

    fn latest_message_with(&self, custom_id: &str) -> Option<u64> {
        self.message_order.iter().rev().copied().find(|id| {
            self.messages.get(id).is_some_and(|m| {
                m.json["components"].as_array().is_some_and(|rows| {
                    rows.iter().any(|row| row["components"].as_array().is_some_and(|cs| cs.iter().any(|c| c["custom_id"] == custom_id)))
                })
            })
        })
    }
}
