//! A Discord protocol double for end-to-end tests: the real bot (serenity 0.12 / poise 0.7)
//! connects to it on 127.0.0.1 instead of Discord.
//!
//! One axum server serves both sides of the protocol:
//! - the gateway WebSocket at `/gateway` (HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats
//!   ACKed, RESUME, and `INTERACTION_CREATE` dispatches pushed by the test with [`Double::interact`]);
//! - the REST API under `/api/v10`: the gateway address, command registration, interaction
//!   callbacks (JSON or multipart with files), follow-ups and edits by token, channel messages,
//!   the channel, the bot user and the application. Any other request is answered 404 with a
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
use std::collections::{BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, watch};

/// The bot's user id; also its application id, as on Discord.
pub const BOT_USER_ID: u64 = 1_150_000_000_000_000_001;
pub const APPLICATION_ID: u64 = BOT_USER_ID;
pub const BOT_USERNAME: &str = "southseas";
/// The one guild the bot is in.
pub const GUILD_ID: u64 = 1_150_000_000_000_000_100;
/// The guild's text channel, where interactions happen unless a builder says otherwise.
pub const CHANNEL_ID: u64 = 1_150_000_000_000_000_200;
pub const CHANNEL_NAME: &str = "south-seas";
/// The guild's owner (also the application's owner).
pub const OWNER_ID: u64 = 1_150_000_000_000_000_300;
/// Any token works; this one is handy.
pub const TOKEN: &str = "double-token";

/// Message flags.
pub const EPHEMERAL: u64 = 1 << 6;
pub const LOADING: u64 = 1 << 7;

/// Permissions the bot has in the channel unless [`Double::set_app_permissions`] says otherwise:
/// view channel, send messages, embed links, attach files, read message history, use external
/// emojis, add reactions, use application commands, send messages in threads.
pub const DEFAULT_APP_PERMISSIONS: u64 =
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 18) | (1 << 6) | (1 << 31) | (1 << 38);

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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            heartbeat_interval: Duration::from_millis(41_250),
            guild_create: true,
            wait_timeout: Duration::from_secs(30),
            ack_deadline: Duration::from_secs(3),
        }
    }
}

/// What kind of thing the bot sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResponseKind {
    /// `POST /interactions/{id}/{token}/callback`; see [`Response::callback_type`].
    Callback,
    /// `POST /webhooks/{app}/{token}`.
    Followup,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`.
    EditFollowup,
    /// `DELETE /webhooks/{app}/{token}/messages/@original`.
    DeleteOriginal,
    /// `DELETE /webhooks/{app}/{token}/messages/{id}`.
    DeleteFollowup,
    /// `POST /channels/{id}/messages`.
    ChannelMessage,
    /// `PATCH /channels/{id}/messages/{id}`.
    EditChannelMessage,
    /// `DELETE /channels/{id}/messages/{id}`.
    DeleteChannelMessage,
}

/// Interaction callback types.
pub mod callback {
    pub const PONG: u64 = 1;
    pub const MESSAGE: u64 = 4;
    pub const DEFERRED_MESSAGE: u64 = 5;
    pub const DEFERRED_UPDATE: u64 = 6;
    pub const UPDATE_MESSAGE: u64 = 7;
    pub const AUTOCOMPLETE: u64 = 8;
    pub const MODAL: u64 = 9;
}

/// A file the bot uploaded (a `files[n]` multipart part).
#[derive(Clone, Debug)]
pub struct Attachment {
    /// The id Discord gave it in the resulting message.
    pub id: u64,
    pub filename: String,
    pub description: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl Attachment {
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(b"\x89PNG\r\n\x1a\n")
    }
}

/// One thing the bot sent, as recorded by the double.
#[derive(Clone, Debug)]
pub struct Response {
    pub kind: ResponseKind,
    /// The interaction whose token was used; `None` for channel messages.
    pub interaction_id: Option<u64>,
    /// The callback type (4 message, 5 deferred, 6 deferred update, 7 update message, 8
    /// autocomplete result, 9 modal) for [`ResponseKind::Callback`].
    pub callback_type: Option<u64>,
    /// The whole JSON body (`payload_json` of a multipart request); `Null` for deletions.
    pub body: Value,
    /// The message part of the body: `body.data` for a callback, the body itself otherwise.
    pub data: Value,
    pub content: Option<String>,
    /// `data.flags` as sent (64 = ephemeral).
    pub flags: u64,
    /// `data.components` as sent (action rows); empty when absent.
    pub components: Vec<Value>,
    pub allowed_mentions: Option<Value>,
    /// Files uploaded with this request.
    pub attachments: Vec<Attachment>,
    /// The message created, edited or deleted, if any (a deferred callback creates the loading
    /// message; a follow-up to a deferred callback fills that message in, as Discord does).
    pub message_id: Option<u64>,
    pub channel_id: Option<u64>,
    /// Time since the interaction was dispatched to the bot.
    pub elapsed: Option<Duration>,
    /// The users this request notified: those mentioned in a *new*, non-ephemeral message and
    /// allowed by its `allowed_mentions`. An edit notifies nobody, and neither does the
    /// follow-up that fills in a deferred "thinking…" message (it is an edit), as on Discord.
    pub notified: Vec<u64>,
}

impl Response {
    /// Whether the bot asked for an ephemeral message (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// Every `custom_id` in the components, in order (buttons and select menus).
    pub fn custom_ids(&self) -> Vec<String> {
        self.flat_components().iter().filter_map(|c| c["custom_id"].as_str().map(str::to_string)).collect()
    }

    /// The components inside the action rows, flattened.
    pub fn flat_components(&self) -> Vec<Value> {
        self.components.iter().flat_map(|row| row["components"].as_array().cloned().unwrap_or_default()).collect()
    }

    /// Autocomplete choices `(name, value)` of a type-8 callback.
    pub fn choices(&self) -> Vec<(String, Value)> {
        self.data["choices"]
            .as_array()
            .map(|cs| cs.iter().map(|c| (c["name"].as_str().unwrap_or_default().to_string(), c["value"].clone())).collect())
            .unwrap_or_default()
    }

    /// Users mentioned in the content (`<@id>` or `<@!id>`).
    pub fn mentioned_users(&self) -> Vec<u64> {
        mentioned_ids(self.content.as_deref().unwrap_or(""))
    }

    /// `allowed_mentions.users`, if the bot restricted mentions to a list of users.
    pub fn allowed_user_mentions(&self) -> Option<Vec<u64>> {
        let users = self.allowed_mentions.as_ref()?.get("users")?.as_array()?;
        Some(users.iter().filter_map(id_of).collect())
    }

    /// `allowed_mentions.parse` (e.g. `["users"]`), empty when absent.
    pub fn allowed_mention_parse(&self) -> Vec<String> {
        self.allowed_mentions
            .as_ref()
            .and_then(|a| a["parse"].as_array().cloned())
            .unwrap_or_default()
            .iter()
            .filter_map(|p| p.as_str().map(str::to_string))
            .collect()
    }
}

/// A request the double did not expect, or that Discord would have refused.
#[derive(Clone, Debug)]
pub struct Unexpected {
    pub method: String,
    pub path: String,
    pub reason: String,
    pub body: Value,
}

/// One `PUT …/commands` call.
#[derive(Clone, Debug)]
pub struct CommandRegistration {
    /// `None` for global commands.
    pub guild_id: Option<u64>,
    /// The body as sent (an array of commands).
    pub body: Value,
}

impl CommandRegistration {
    pub fn names(&self) -> Vec<String> {
        self.body.as_array().map(|cs| cs.iter().filter_map(|c| c["name"].as_str().map(str::to_string)).collect()).unwrap_or_default()
    }

    pub fn command(&self, name: &str) -> Option<Value> {
        self.body.as_array()?.iter().find(|c| c["name"] == name).cloned()
    }
}

// ---------------------------------------------------------------------------------------------
// The double

/// The running double. Dropping it closes the gateway connections and stops the server.
pub struct Double {
    shared: Arc<Shared>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
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
    /// The session of the latest IDENTIFY: dispatches go there.
    current_session: Option<String>,
    identifies: Vec<Value>,
    resumes: usize,
    heartbeats: usize,
    gateway_queries: Vec<String>,
    interactions: HashMap<u64, InteractionRec>,
    tokens: HashMap<String, u64>,
    sent: Vec<Response>,
    messages: HashMap<u64, StoredMessage>,
    message_order: Vec<u64>,
    commands: Vec<CommandRegistration>,
    command_ids: HashMap<(Option<u64>, String), u64>,
    unexpected: Vec<Unexpected>,
    requests: Vec<String>,
    app_permissions: u64,
    channels: BTreeSet<u64>,
    users: HashMap<u64, Value>,
    files: HashMap<u64, (String, Option<String>, Vec<u8>)>,
    /// Channel message nonces sent with `enforce_nonce`: Discord returns the earlier message.
    nonces: HashMap<String, u64>,
    /// Posts answered with an earlier message because of their nonce.
    deduplicated: usize,
    ack_deadline: Duration,
}

struct Conn {
    tx: mpsc::UnboundedSender<Outgoing>,
    session: Option<String>,
}

struct Session {
    seq: u64,
    conn: Option<u64>,
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
    original: Option<u64>,
    /// Messages created with this token (the original and follow-ups).
    messages: Vec<u64>,
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
            channels: BTreeSet::from([CHANNEL_ID]),
            ack_deadline: options.ack_deadline,
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
        Double { shared, addr, server }
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
        self.with(|s| s.current_session = None);
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
        let description = format!("a connected, identified bot to receive interaction {id}");
        self.wait_until(&description, |s| s.current_conn().map(|_| ())).await;
        self.with(|s| {
            s.complete_interaction(&mut payload);
            if let Some(channel) = id_of(&payload["channel_id"]) {
                s.channels.insert(channel);
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
            s.interactions.insert(
                id,
                InteractionRec {
                    token,
                    payload: payload.clone(),
                    dispatched: Instant::now(),
                    acked: None,
                    original: None,
                    messages: vec![],
                },
            );
            let sent = s.dispatch("INTERACTION_CREATE", payload);
            assert!(sent, "discord double: no connected bot for interaction {id}");
        });
        self.bump();
        id
    }

    /// The payload of an interaction as dispatched (after [`Double::interact`] filled it in).
    pub fn interaction(&self, id: u64) -> Option<Value> {
        self.state().interactions.get(&id).map(|i| i.payload.clone())
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

    /// Everything the bot sent, for interactions or not, in order.
    /// The messages of a channel that still offer components, oldest first (ephemeral ones
    /// aside: only their user sees them).
    pub fn messages_with_components(&self, channel_id: u64) -> Vec<Value> {
        let s = self.state();
        s.message_order
            .iter()
            .filter_map(|id| s.messages.get(id))
            .filter(|m| !m.stub)
            .map(|m| &m.json)
            .filter(|m| id_of(&m["channel_id"]) == Some(channel_id) && m["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0)
            .filter(|m| m["components"].as_array().is_some_and(|c| !c.is_empty()))
            .cloned()
            .collect()
    }

    /// How many channel posts were answered with an earlier message because of their nonce.
    pub fn deduplicated(&self) -> usize {
        self.state().deduplicated
    }

    /// Waits until `check` holds for the double's state as seen through `self` (re-checked at
    /// every request the bot makes).
    pub async fn wait_for<T>(&self, what: &str, mut check: impl FnMut(&Double) -> Option<T>) -> T {
        let deadline = Instant::now() + self.shared.options.wait_timeout;
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
        let s = self.state();
        let mut out = format!(
            "  gateway: {} identify(s), {} resume(s), {} heartbeat(s), {} open connection(s), current session {:?}\n",
            s.identifies.len(),
            s.resumes,
            s.heartbeats,
            s.conns.len(),
            s.current_session
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
    fn current_conn(&self) -> Option<&Conn> {
        let session = self.sessions.get(self.current_session.as_ref()?)?;
        self.conns.get(&session.conn?)
    }

    /// Sends a dispatch (op 0) with the next sequence number to the current session.
    fn dispatch(&mut self, event: &str, d: Value) -> bool {
        let Some(name) = self.current_session.clone() else { return false };
        let Some(session) = self.sessions.get_mut(&name) else { return false };
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
            let registered =
                self.command_ids.get(&(Some(GUILD_ID), name.clone())).or_else(|| self.command_ids.get(&(None, name))).copied().unwrap_or(1);
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

    fn refuse(&mut self, method: &Method, path: &str, reason: &str, body: &Value) {
        self.unexpected.push(Unexpected {
            method: method.to_string(),
            path: path.to_string(),
            reason: reason.to_string(),
            body: body.clone(),
        });
    }

    fn insert_message(&mut self, json: Value, token: Option<String>) -> u64 {
        let id = id_of(&json["id"]).expect("message id");
        self.messages.insert(id, StoredMessage { json, token, stub: false });
        self.message_order.push(id);
        id
    }

    /// Stores the uploads as attachments of a message-to-be; returns the message attachment
    /// objects and the recorded attachments.
    fn store_uploads(&mut self, base: &str, data: &Value, uploads: Vec<Upload>) -> (Vec<Value>, Vec<Attachment>) {
        let meta = data["attachments"].as_array().cloned().unwrap_or_default();
        let mut objects = Vec::new();
        let mut recorded = Vec::new();
        for upload in uploads {
            let entry = meta.iter().find(|a| id_of(&a["id"]) == Some(upload.index));
            let filename = entry
                .and_then(|a| a["filename"].as_str().map(str::to_string))
                .or(upload.filename)
                .unwrap_or_else(|| format!("file{}", upload.index));
            let description = entry.and_then(|a| a["description"].as_str().map(str::to_string));
            let id = snowflake();
            let url = format!("{base}/attachments/{id}/{filename}");
            objects.push(json!({
                "id": id.to_string(),
                "filename": filename,
                "description": description,
                "size": upload.bytes.len(),
                "url": url,
                "proxy_url": url,
                "content_type": upload.content_type,
            }));
            self.files.insert(id, (filename.clone(), upload.content_type.clone(), upload.bytes.clone()));
            recorded.push(Attachment { id, filename, description, content_type: upload.content_type, bytes: upload.bytes });
        }
        (objects, recorded)
    }

    fn message_json(&self, id: u64, channel_id: u64, data: &Value, attachments: Vec<Value>, flags: u64, interaction: bool) -> Value {
        let content = data["content"].as_str().unwrap_or_default();
        json!({
            "id": id.to_string(),
            "channel_id": channel_id.to_string(),
            "guild_id": GUILD_ID.to_string(),
            "author": bot_user_json(),
            "content": content,
            "timestamp": timestamp(),
            "edited_timestamp": null,
            "tts": data["tts"].as_bool().unwrap_or(false),
            "mention_everyone": false,
            "mentions": self.mention_objects(content),
            "mention_roles": [],
            "mention_channels": [],
            "attachments": attachments,
            "embeds": data["embeds"].as_array().cloned().unwrap_or_default(),
            "reactions": [],
            "pinned": false,
            "webhook_id": if interaction { json!(APPLICATION_ID.to_string()) } else { Value::Null },
            "application_id": if interaction { json!(APPLICATION_ID.to_string()) } else { Value::Null },
            "type": 0,
            "flags": flags,
            "components": data["components"].as_array().cloned().unwrap_or_default(),
            "sticker_items": [],
        })
    }

    fn mention_objects(&self, content: &str) -> Vec<Value> {
        mentioned_ids(content)
            .into_iter()
            .map(|id| self.users.get(&id).cloned().unwrap_or_else(|| user_json(id, &format!("user{id}"), None)))
            .collect()
    }

    /// Applies a PATCH body to a stored message.
    fn edit_message(&mut self, base: &str, id: u64, data: &Value, uploads: Vec<Upload>) -> Vec<Attachment> {
        let (new_objects, recorded) = self.store_uploads(base, data, uploads);
        let mentions = data["content"].as_str().map(|c| self.mention_objects(c));
        let msg = &mut self.messages.get_mut(&id).expect("stored message").json;
        if let Some(content) = data.get("content").filter(|c| !c.is_null()) {
            msg["content"] = content.clone();
        }
        if let Some(mentions) = mentions {
            msg["mentions"] = json!(mentions);
        }
        for key in ["embeds", "components"] {
            if let Some(v) = data.get(key).filter(|v| !v.is_null()) {
                msg[key] = v.clone();
            }
        }
        let mut attachments: Vec<Value> = match data.get("attachments").and_then(Value::as_array) {
            // Kept attachments are listed by their existing id; new ones carry placeholder ids.
            Some(listed) => msg["attachments"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|a| listed.iter().any(|l| id_of(&l["id"]).is_some() && id_of(&l["id"]) == id_of(&a["id"])))
                .collect(),
            None => msg["attachments"].as_array().cloned().unwrap_or_default(),
        };
        attachments.extend(new_objects);
        msg["attachments"] = json!(attachments);
        let flags = msg["flags"].as_u64().unwrap_or(0) & !LOADING;
        msg["flags"] = json!(flags);
        msg["edited_timestamp"] = json!(timestamp());
        recorded
    }
}

// ---------------------------------------------------------------------------------------------
// Gateway

async fn gateway(ws: WebSocketUpgrade, AxState(shared): AxState<Arc<Shared>>, RawQuery(query): RawQuery) -> HttpResponse {
    shared.with(|s| s.gateway_queries.push(query.unwrap_or_default()));
    ws.on_upgrade(move |socket| run_connection(shared, socket))
}

async fn run_connection(shared: Arc<Shared>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn_id = shared.with(|s| {
        s.next_conn += 1;
        s.conns.insert(s.next_conn, Conn { tx: tx.clone(), session: None });
        s.next_conn
    });
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": shared.options.heartbeat_interval.as_millis() as u64}});
    let _ = tx.send(Outgoing::Text(hello.to_string()));
    loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(WsMessage::Text(text))) => on_gateway_message(&shared, conn_id, &tx, text.as_str()),
                Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Text(text)) => {
                    if sink.send(WsMessage::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let _ = sink.send(WsMessage::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                    break;
                }
                None => break,
            },
        }
    }
    shared.with(|s| {
        if let Some(session) = s.conns.remove(&conn_id).and_then(|c| c.session)
            && let Some(session) = s.sessions.get_mut(&session)
            && session.conn == Some(conn_id)
        {
            session.conn = None;
        }
    });
}

fn on_gateway_message(shared: &Shared, conn_id: u64, tx: &mpsc::UnboundedSender<Outgoing>, text: &str) {
    let Ok(frame) = serde_json::from_str::<Value>(text) else { return };
    let send = |v: Value| {
        let _ = tx.send(Outgoing::Text(v.to_string()));
    };
    match frame["op"].as_u64() {
        // Heartbeat → ACK.
        Some(1) => {
            shared.with(|s| s.heartbeats += 1);
            send(json!({"op": 11, "s": null, "t": null, "d": null}));
        }
        // Identify → READY (+ GUILD_CREATE).
        Some(2) => shared.with(|s| {
            s.identifies.push(frame["d"].clone());
            let session_id = format!("double-session-{}", s.identifies.len());
            s.sessions.insert(session_id.clone(), Session { seq: 0, conn: Some(conn_id) });
            if let Some(conn) = s.conns.get_mut(&conn_id) {
                conn.session = Some(session_id.clone());
            }
            s.current_session = Some(session_id.clone());
            let shard = frame["d"]["shard"].clone();
            let ready = ready_json(&session_id, &shared.ws_url, if shard.is_array() { shard } else { json!([0, 1]) });
            s.dispatch("READY", ready);
            if shared.options.guild_create {
                let guild = guild_json(s.app_permissions);
                s.dispatch("GUILD_CREATE", guild);
            }
        }),
        // Resume → RESUMED for the current session, else "invalid session, not resumable".
        Some(6) => shared.with(|s| {
            let session_id = frame["d"]["session_id"].as_str().unwrap_or_default().to_string();
            if s.current_session.as_deref() == Some(session_id.as_str()) && s.sessions.contains_key(&session_id) {
                s.sessions.get_mut(&session_id).expect("session").conn = Some(conn_id);
                if let Some(conn) = s.conns.get_mut(&conn_id) {
                    conn.session = Some(session_id);
                }
                s.resumes += 1;
                s.dispatch("RESUMED", json!({}));
            } else {
                send(json!({"op": 9, "s": null, "t": null, "d": false}));
            }
        }),
        // Presence updates, member requests and the like: nothing to do.
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// REST

fn discord_error(status: StatusCode, code: u64, message: &str) -> HttpResponse {
    (status, axum::Json(json!({"message": message, "code": code}))).into_response()
}

fn ok_json(v: Value) -> HttpResponse {
    (StatusCode::OK, axum::Json(v)).into_response()
}

fn no_content() -> HttpResponse {
    StatusCode::NO_CONTENT.into_response()
}

async fn parse_body(req: Request) -> Result<Parsed, String> {
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    if content_type.starts_with("multipart/form-data") {
        let mut multipart = Multipart::from_request(req, &()).await.map_err(|e| format!("multipart: {e}"))?;
        let mut parsed = Parsed { json: Value::Null, uploads: vec![] };
        while let Some(field) = multipart.next_field().await.map_err(|e| format!("multipart field: {e}"))? {
            let name = field.name().unwrap_or_default().to_string();
            let filename = field.file_name().map(str::to_string);
            let part_type = field.content_type().map(str::to_string);
            let bytes = field.bytes().await.map_err(|e| format!("multipart part {name}: {e}"))?;
            if name == "payload_json" {
                parsed.json = serde_json::from_slice(&bytes).map_err(|e| format!("payload_json: {e}"))?;
            } else if let Some(index) = name.strip_prefix("files[").and_then(|r| r.strip_suffix(']')) {
                let index = index.parse().map_err(|_| format!("bad part name {name}"))?;
                parsed.uploads.push(Upload { index, filename, content_type: part_type, bytes: bytes.to_vec() });
            } else {
                return Err(format!("unknown multipart part {name}"));
            }
        }
        Ok(parsed)
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20).await.map_err(|e| format!("body: {e}"))?;
        let json = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).map_err(|e| format!("JSON body: {e}"))? };
        Ok(Parsed { json, uploads: vec![] })
    }
}

async fn rest(AxState(shared): AxState<Arc<Shared>>, req: Request) -> HttpResponse {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or_default().to_string();
    let authorized = req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("Bot "));
    let parsed = match parse_body(req).await {
        Ok(parsed) => parsed,
        Err(why) => {
            shared.with(|s| s.refuse(&method, &path, &format!("unreadable body: {why}"), &Value::Null));
            return discord_error(StatusCode::BAD_REQUEST, 50109, "The request body contains invalid JSON.");
        }
    };
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    shared.with(|s| {
        s.requests.push(if query.is_empty() { format!("{method} {path}") } else { format!("{method} {path}?{query}") });
    });
    // Attachment downloads need no token.
    if method == Method::GET
        && let ["attachments", id, _name] = segments.as_slice()
    {
        return match id.parse().ok().and_then(|id: u64| shared.lock().files.get(&id).cloned()) {
            Some((_, content_type, bytes)) => {
                let mut response = Body::from(Bytes::from(bytes)).into_response();
                if let Some(ct) = content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
                    response.headers_mut().insert(header::CONTENT_TYPE, ct);
                }
                response
            }
            None => discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found"),
        };
    }
    if !authorized {
        shared.with(|s| s.refuse(&method, &path, "no `Authorization: Bot …` header", &parsed.json));
        return discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
    }
    let api: &[&str] = match segments.as_slice() {
        ["api", "v10", rest @ ..] => rest,
        _ => &[],
    };
    let response = route(&shared, &method, &path, &query, api, parsed);
    shared.bump();
    response
}

fn route(shared: &Shared, method: &Method, path: &str, query: &str, api: &[&str], parsed: Parsed) -> HttpResponse {
    let base = shared.http_base.as_str();
    let mut s = shared.lock();
    let app_ok = |app: &str| app.parse::<u64>().ok() == Some(APPLICATION_ID);
    match (method.clone(), api) {
        (Method::GET, ["gateway"]) => ok_json(json!({"url": shared.ws_url})),
        (Method::GET, ["gateway", "bot"]) => ok_json(json!({
            "url": shared.ws_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })),
        (Method::PUT, ["applications", app, "commands"]) if app_ok(app) => register_commands(&mut s, None, parsed.json),
        (Method::PUT, ["applications", app, "guilds", guild, "commands"]) if app_ok(app) => {
            let guild = guild.parse().ok();
            if guild != Some(GUILD_ID) {
                s.refuse(method, path, "commands for an unknown guild", &parsed.json);
                return discord_error(StatusCode::NOT_FOUND, 10004, "Unknown Guild");
            }
            register_commands(&mut s, guild, parsed.json)
        }
        (Method::POST, ["interactions", id, token, "callback"]) => interaction_callback(&mut s, base, method, path, id, token, parsed),
        (Method::POST, ["webhooks", app, token]) if app_ok(app) => {
            let wait = !query.split('&').any(|kv| kv == "wait=false");
            followup(&mut s, base, method, path, token, parsed, wait)
        }
        (Method::GET | Method::PATCH | Method::DELETE, ["webhooks", app, token, "messages", which]) if app_ok(app) => {
            webhook_message(&mut s, base, method, path, token, which, parsed)
        }
        (Method::POST, ["channels", channel, "messages"]) => {
            let Some(channel) = channel.parse().ok().filter(|c| s.channels.contains(c)) else {
                s.refuse(method, path, "message to an unknown channel", &parsed.json);
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            if let Some(why) = over_limit(&parsed.json) {
                s.refuse(method, path, &format!("over Discord's limits: {why}"), &parsed.json);
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            // With enforce_nonce, a nonce seen before returns the earlier message.
            let nonce = parsed.json["nonce"].as_str().map(str::to_string).or_else(|| parsed.json["nonce"].as_u64().map(|n| n.to_string()));
            if parsed.json["enforce_nonce"] == true
                && let Some(earlier) = nonce.as_ref().and_then(|n| s.nonces.get(n)).copied()
                && let Some(stored) = s.messages.get(&earlier)
            {
                let json = stored.json.clone();
                s.deduplicated += 1;
                return ok_json(json);
            }
            let (attachments, recorded) = s.store_uploads(base, &parsed.json, parsed.uploads);
            let flags = parsed.json["flags"].as_u64().unwrap_or(0);
            let id = snowflake();
            let msg = s.message_json(id, channel, &parsed.json, attachments, flags, false);
            s.insert_message(msg.clone(), None);
            if let Some(nonce) = nonce {
                s.nonces.insert(nonce, id);
            }
            let notified = notified_users(&parsed.json);
            let mut r = record(ResponseKind::ChannelMessage, None, None, parsed.json, recorded, Some(id), Some(channel), None);
            r.notified = notified;
            s.sent.push(r);
            ok_json(msg)
        }
        (Method::GET | Method::PATCH | Method::DELETE, ["channels", channel, "messages", message]) => {
            let channel: Option<u64> = channel.parse().ok();
            let message: Option<u64> = message.parse().ok();
            let found = message.filter(|m| s.messages.get(m).is_some_and(|stored| id_of(&stored.json["channel_id"]) == channel));
            let Some(message) = found else {
                s.refuse(method, path, "unknown message", &parsed.json);
                return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
            };
            if *method == Method::PATCH
                && let Some(why) = over_limit(&parsed.json)
            {
                s.refuse(method, path, &format!("over Discord's limits: {why}"), &parsed.json);
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            match *method {
                Method::GET => ok_json(s.messages[&message].json.clone()),
                Method::PATCH => {
                    let recorded = s.edit_message(base, message, &parsed.json, parsed.uploads);
                    let r = record(ResponseKind::EditChannelMessage, None, None, parsed.json, recorded, Some(message), channel, None);
                    s.sent.push(r);
                    ok_json(s.messages[&message].json.clone())
                }
                _ => {
                    s.messages.remove(&message);
                    let r = record(ResponseKind::DeleteChannelMessage, None, None, Value::Null, vec![], Some(message), channel, None);
                    s.sent.push(r);
                    no_content()
                }
            }
        }
        (Method::GET, ["channels", channel]) => match channel.parse().ok().filter(|c| s.channels.contains(c)) {
            Some(channel) => ok_json(channel_json(channel)),
            None => {
                s.refuse(method, path, "unknown channel", &Value::Null);
                discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel")
            }
        },
        (Method::GET, ["users", "@me"]) => ok_json(bot_user_json()),
        (Method::GET, ["oauth2", "applications", "@me"]) => ok_json(application_json()),
        _ => {
            s.refuse(method, path, "no such route in the double", &parsed.json);
            discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found")
        }
    }
}

fn register_commands(s: &mut State, guild_id: Option<u64>, body: Value) -> HttpResponse {
    let mut out = Vec::new();
    for command in body.as_array().cloned().unwrap_or_default() {
        let name = command["name"].as_str().unwrap_or_default().to_string();
        let id = *s.command_ids.entry((guild_id, name)).or_insert_with(snowflake);
        let mut c = command.clone();
        c["id"] = json!(id.to_string());
        c["application_id"] = json!(APPLICATION_ID.to_string());
        c["guild_id"] = guild_id.map_or(Value::Null, |g| json!(g.to_string()));
        c["version"] = json!(snowflake().to_string());
        if c["type"].is_null() {
            c["type"] = json!(1);
        }
        if c["description"].is_null() {
            c["description"] = json!("");
        }
        out.push(c);
    }
    s.commands.push(CommandRegistration { guild_id, body });
    ok_json(Value::Array(out))
}

#[allow(clippy::too_many_arguments)]
fn record(
    kind: ResponseKind,
    interaction: Option<(u64, Instant)>,
    callback_type: Option<u64>,
    body: Value,
    attachments: Vec<Attachment>,
    message_id: Option<u64>,
    channel_id: Option<u64>,
    data: Option<Value>,
) -> Response {
    let data = data.unwrap_or_else(|| body.clone());
    Response {
        kind,
        interaction_id: interaction.map(|i| i.0),
        callback_type,
        content: data["content"].as_str().map(str::to_string),
        flags: data["flags"].as_u64().unwrap_or(0),
        components: data["components"].as_array().cloned().unwrap_or_default(),
        allowed_mentions: data.get("allowed_mentions").filter(|v| !v.is_null()).cloned(),
        attachments,
        message_id,
        channel_id,
        elapsed: interaction.map(|i| i.1.elapsed()),
        notified: Vec::new(),
        body,
        data,
    }
}

/// Who a new message notifies: mentioned users that `allowed_mentions` lets through (all of
/// them when it is absent), none for an ephemeral message.
fn notified_users(data: &Value) -> Vec<u64> {
    let content = data["content"].as_str().unwrap_or_default();
    if data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
        return Vec::new();
    }
    let allowed = &data["allowed_mentions"];
    mentioned_ids(content)
        .into_iter()
        .filter(|id| {
            allowed.is_null()
                || allowed["parse"].as_array().is_some_and(|p| p.iter().any(|p| p == "users"))
                || allowed["users"].as_array().is_some_and(|u| u.iter().any(|u| id_of(u) == Some(*id)))
        })
        .collect()
}

/// Discord's limits on what one message (or autocomplete answer) may hold: the first one
/// broken, named, or None. Discord refuses such a request whole (400, Invalid Form Body).
pub fn over_limit(data: &Value) -> Option<String> {
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    if chars(&data["content"]) > 2000 {
        return Some(format!("content of {} characters (limit 2000)", chars(&data["content"])));
    }
    if let Some(rows) = data["components"].as_array() {
        if rows.len() > 5 {
            return Some(format!("{} action rows (limit 5)", rows.len()));
        }
        for row in rows {
            let items = row["components"].as_array().cloned().unwrap_or_default();
            let selects = items.iter().filter(|c| c["type"] != 2).count();
            if items.is_empty() || items.len() > 5 || (selects > 0 && items.len() > 1) {
                return Some(format!("an action row of {} components ({} menus): 1-5 buttons or one menu", items.len(), selects));
            }
            for c in &items {
                if chars(&c["custom_id"]) > 100 {
                    return Some(format!("custom_id of {} characters (limit 100)", chars(&c["custom_id"])));
                }
                if chars(&c["label"]) > 80 {
                    return Some(format!("button label of {} characters (limit 80)", chars(&c["label"])));
                }
                if chars(&c["placeholder"]) > 150 {
                    return Some("menu placeholder over 150 characters".into());
                }
                let options = c["options"].as_array().cloned().unwrap_or_default();
                if options.len() > 25 {
                    return Some(format!("a menu of {} options (limit 25)", options.len()));
                }
                for o in &options {
                    if chars(&o["label"]) > 100 || chars(&o["value"]) > 100 || chars(&o["description"]) > 100 {
                        return Some(format!("a menu option over 100 characters: {o}"));
                    }
                }
            }
        }
    }
    if let Some(choices) = data["choices"].as_array() {
        if choices.len() > 25 {
            return Some(format!("{} autocomplete choices (limit 25)", choices.len()));
        }
        for c in choices {
            if chars(&c["name"]) > 100 || chars(&c["value"]) > 100 {
                return Some(format!("an autocomplete choice over 100 characters: {c}"));
            }
        }
    }
    None
}

fn interaction_callback(s: &mut State, base: &str, method: &Method, path: &str, id: &str, token: &str, parsed: Parsed) -> HttpResponse {
    let id: u64 = id.parse().unwrap_or(0);
    let body = parsed.json;
    let Some(rec) = s.interactions.get(&id).filter(|r| r.token == token) else {
        s.refuse(method, path, "callback for an unknown interaction or token", &body);
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if rec.acked.is_some() {
        s.refuse(method, path, "second callback for one interaction", &body);
        return discord_error(StatusCode::BAD_REQUEST, 40060, "Interaction has already been acknowledged.");
    }
    if rec.dispatched.elapsed() > s.ack_deadline {
        let late = rec.dispatched.elapsed();
        s.refuse(method, path, &format!("first response {late:?} after the interaction (Discord allows 3 s)"), &body);
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    if let Some(why) = over_limit(&body["data"]) {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let interaction_type = rec.payload["type"].as_u64().unwrap_or(0);
    let Some(kind) = body["type"].as_u64() else {
        s.refuse(method, path, "callback without a type", &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    };
    let allowed = match interaction_type {
        2 => [4, 5, 9].contains(&kind),
        3 => [4, 5, 6, 7, 9].contains(&kind),
        4 => kind == 8,
        5 => [4, 5, 6, 7].contains(&kind),
        _ => false,
    };
    if !allowed {
        s.refuse(method, path, &format!("callback type {kind} is not allowed for interaction type {interaction_type}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body (interaction callback type)");
    }
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let channel = id_of(&rec.payload["channel_id"]).unwrap_or(CHANNEL_ID);
    let component_message = id_of(&rec.payload["message"]["id"]);
    let component_message_json = rec.payload["message"].clone();
    let dispatched = rec.dispatched;
    let token = rec.token.clone();
    let mut recorded = vec![];
    let mut message_id = None;
    match kind {
        callback::MESSAGE | callback::DEFERRED_MESSAGE => {
            let (attachments, rec_files) = s.store_uploads(base, &data, parsed.uploads);
            recorded = rec_files;
            let mut flags = data["flags"].as_u64().unwrap_or(0);
            if kind == callback::DEFERRED_MESSAGE {
                flags = (flags & EPHEMERAL) | LOADING;
            }
            let msg_data = if kind == callback::DEFERRED_MESSAGE { json!({}) } else { data.clone() };
            let mid = snowflake();
            let msg = s.message_json(mid, channel, &msg_data, attachments, flags, true);
            s.insert_message(msg, Some(token));
            message_id = Some(mid);
        }
        callback::DEFERRED_UPDATE | callback::UPDATE_MESSAGE => {
            let mid = component_message.unwrap_or_else(snowflake);
            if !s.messages.contains_key(&mid) {
                let mut stub = component_message_json;
                stub["id"] = json!(mid.to_string());
                s.insert_message(stub, None);
                s.messages.get_mut(&mid).expect("stored").stub = true;
            }
            if kind == callback::UPDATE_MESSAGE {
                recorded = s.edit_message(base, mid, &data, parsed.uploads);
            }
            message_id = Some(mid);
        }
        _ => {}
    }
    let rec = s.interactions.get_mut(&id).expect("interaction");
    rec.acked = Some(kind);
    rec.original = message_id;
    rec.messages.extend(message_id);
    let notified = if kind == callback::MESSAGE { notified_users(&data) } else { Vec::new() };
    let mut r = record(ResponseKind::Callback, Some((id, dispatched)), Some(kind), body, recorded, message_id, Some(channel), Some(data));
    r.notified = notified;
    s.sent.push(r);
    no_content()
}

/// The interaction behind a webhook token, if it was acknowledged (Discord refuses follow-ups
/// and edits before the callback).
fn acked_interaction(s: &mut State, method: &Method, path: &str, token: &str, body: &Value) -> Result<u64, Box<HttpResponse>> {
    match s.tokens.get(token).copied() {
        Some(id) if s.interactions[&id].acked.is_some() => Ok(id),
        Some(_) => {
            s.refuse(method, path, "follow-up or edit before the interaction callback", body);
            Err(Box::new(discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook")))
        }
        None => {
            s.refuse(method, path, "unknown interaction token", body);
            Err(Box::new(discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook")))
        }
    }
}

fn followup(s: &mut State, base: &str, method: &Method, path: &str, token: &str, parsed: Parsed, wait: bool) -> HttpResponse {
    let body = parsed.json;
    let id = match acked_interaction(s, method, path, token, &body) {
        Ok(id) => id,
        Err(response) => return *response,
    };
    if let Some(why) = over_limit(&body) {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    let rec = &s.interactions[&id];
    let dispatched = rec.dispatched;
    let channel = id_of(&rec.payload["channel_id"]).unwrap_or(CHANNEL_ID);
    let loading_original = rec.original.filter(|m| s.messages.get(m).is_some_and(|m| m.json["flags"].as_u64().unwrap_or(0) & LOADING != 0));
    let (message_id, recorded) = match loading_original {
        // The first follow-up after a deferred callback fills in the "thinking…" message.
        Some(original) => {
            let recorded = s.edit_message(base, original, &body, parsed.uploads);
            (original, recorded)
        }
        None => {
            let (attachments, recorded) = s.store_uploads(base, &body, parsed.uploads);
            let flags = body["flags"].as_u64().unwrap_or(0);
            let mid = snowflake();
            let msg = s.message_json(mid, channel, &body, attachments, flags, true);
            s.insert_message(msg, Some(token.to_string()));
            s.interactions.get_mut(&id).expect("interaction").messages.push(mid);
            (mid, recorded)
        }
    };
    let notified = if loading_original.is_some() { Vec::new() } else { notified_users(&body) };
    let mut r = record(ResponseKind::Followup, Some((id, dispatched)), None, body, recorded, Some(message_id), Some(channel), None);
    r.notified = notified;
    s.sent.push(r);
    if wait { ok_json(s.messages[&message_id].json.clone()) } else { no_content() }
}

fn webhook_message(s: &mut State, base: &str, method: &Method, path: &str, token: &str, which: &str, parsed: Parsed) -> HttpResponse {
    let body = parsed.json;
    let id = match acked_interaction(s, method, path, token, &body) {
        Ok(id) => id,
        Err(response) => return *response,
    };
    let rec = &s.interactions[&id];
    let dispatched = rec.dispatched;
    let channel = id_of(&rec.payload["channel_id"]);
    let original = which == "@original";
    let target = if original { rec.original } else { which.parse().ok().filter(|m| rec.messages.contains(m)) };
    let Some(message) = target.filter(|m| s.messages.contains_key(m)) else {
        s.refuse(method, path, "unknown message for this token", &body);
        return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
    };
    if *method == Method::PATCH
        && let Some(why) = over_limit(&body)
    {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
    }
    match *method {
        Method::GET => ok_json(s.messages[&message].json.clone()),
        Method::PATCH => {
            let recorded = s.edit_message(base, message, &body, parsed.uploads);
            let kind = if original { ResponseKind::EditOriginal } else { ResponseKind::EditFollowup };
            let r = record(kind, Some((id, dispatched)), None, body, recorded, Some(message), channel, None);
            s.sent.push(r);
            ok_json(s.messages[&message].json.clone())
        }
        _ => {
            s.messages.remove(&message);
            let kind = if original { ResponseKind::DeleteOriginal } else { ResponseKind::DeleteFollowup };
            let r = record(kind, Some((id, dispatched)), None, Value::Null, vec![], Some(message), channel, None);
            s.sent.push(r);
            no_content()
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Discord objects as serenity 0.12 deserialises them

pub fn user_json(id: u64, username: &str, global_name: Option<&str>) -> Value {
    json!({
        "id": id.to_string(),
        "username": username,
        "discriminator": "0",
        "global_name": global_name,
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

pub fn bot_user_json() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": BOT_USERNAME,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 0,
    })
}

/// READY's `d`.
pub fn ready_json(session_id: &str, resume_url: &str, shard: Value) -> Value {
    json!({
        "v": 10,
        "user": bot_user_json(),
        "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "geo_ordered_rtc_regions": [],
    })
}

/// The text channel object (`GET /channels/{id}` and the guild's channel list).
pub fn channel_json(channel_id: u64) -> Value {
    let name = if channel_id == CHANNEL_ID { CHANNEL_NAME.to_string() } else { format!("channel-{channel_id}") };
    json!({
        "id": channel_id.to_string(),
        "type": 0,
        "guild_id": GUILD_ID.to_string(),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "parent_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    })
}

/// GUILD_CREATE's `d`: one text channel, the @everyone role with `permissions`, the bot as member.
pub fn guild_json(permissions: u64) -> Value {
    let mut guild = json!({
        "id": GUILD_ID.to_string(),
        "name": "South Seas Test Guild",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": OWNER_ID.to_string(),
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": [{
            "id": GUILD_ID.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 0,
            "permissions": permissions.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
    });
    let create_fields = json!({
        "joined_at": "2025-01-01T00:00:00.000000+00:00",
        "large": false,
        "unavailable": false,
        "member_count": 3,
        "voice_states": [],
        "members": [{
            "user": bot_user_json(),
            "nick": null,
            "avatar": null,
            "roles": [],
            "joined_at": "2025-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
        }],
        "channels": [channel_json(CHANNEL_ID)],
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    for (key, value) in create_fields.as_object().expect("object") {
        guild[key] = value.clone();
    }
    guild
}

/// `GET /oauth2/applications/@me`.
pub fn application_json() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": BOT_USERNAME,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": user_json(OWNER_ID, "owner", Some("Owner")),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
    })
}

/// A message from the bot with one button, for component interactions on a message the double
/// never saw.
pub fn stub_message(channel_id: u64, custom_id: &str) -> Value {
    json!({
        "id": snowflake().to_string(),
        "channel_id": channel_id.to_string(),
        "author": bot_user_json(),
        "content": "",
        "timestamp": timestamp(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "application_id": APPLICATION_ID.to_string(),
        "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "stub", "custom_id": custom_id}]}],
    })
}

// ---------------------------------------------------------------------------------------------
// Interaction builders

/// A guild member who interacts with the bot.
#[derive(Clone, Debug)]
pub struct Member {
    pub id: u64,
    pub username: String,
    pub global_name: Option<String>,
    pub roles: Vec<u64>,
    /// The member's permissions in the channel (sent as `member.permissions`).
    pub permissions: u64,
}

impl Member {
    pub fn new(id: u64, username: &str) -> Member {
        Member {
            id,
            username: username.to_string(),
            global_name: Some(username.to_string()),
            roles: vec![],
            permissions: DEFAULT_APP_PERMISSIONS | (1 << 0), // plus create instant invite
        }
    }

    pub fn user_json(&self) -> Value {
        user_json(self.id, &self.username, self.global_name.as_deref())
    }

    /// The member object of an interaction (with `user` and `permissions`).
    pub fn member_json(&self) -> Value {
        json!({
            "user": self.user_json(),
            "nick": null,
            "avatar": null,
            "banner": null,
            "roles": self.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": "2025-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
            "communication_disabled_until": null,
            "unusual_dm_activity_until": null,
        })
    }

    /// The member object inside `resolved.members` (no `user`, no `deaf`/`mute`).
    fn resolved_member_json(&self) -> Value {
        json!({
            "nick": null,
            "avatar": null,
            "roles": self.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": "2025-01-01T00:00:00.000000+00:00",
            "premium_since": null,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
            "communication_disabled_until": null,
        })
    }
}

enum Kind {
    Command { name: String, autocomplete: bool, subcommand: Option<String>, options: Vec<Value>, resolved_users: Vec<Member> },
    Component { custom_id: String, component_type: u64, values: Vec<String>, message: Option<Value> },
}

/// An interaction to send with [`Double::interact`]. Start with [`slash`], [`autocomplete`],
/// [`button`] or [`select`].
pub struct Interaction {
    pub id: u64,
    pub token: String,
    kind: Kind,
    member: Member,
    channel_id: u64,
    app_permissions: Option<u64>,
    locale: String,
}

/// A slash command (type 2, command type 1) named `name`, invoked by `member`.
pub fn slash(name: &str, member: &Member) -> Interaction {
    Interaction::new(
        Kind::Command { name: name.to_string(), autocomplete: false, subcommand: None, options: vec![], resolved_users: vec![] },
        member,
    )
}

/// An autocomplete request (type 4) for the slash command `name`; add the focused option with
/// [`Interaction::focused`] (and the other options typed so far).
pub fn autocomplete(name: &str, member: &Member) -> Interaction {
    Interaction::new(
        Kind::Command { name: name.to_string(), autocomplete: true, subcommand: None, options: vec![], resolved_users: vec![] },
        member,
    )
}

/// A button click (type 3, component_type 2).
pub fn button(custom_id: &str, member: &Member) -> Interaction {
    Interaction::new(Kind::Component { custom_id: custom_id.to_string(), component_type: 2, values: vec![], message: None }, member)
}

/// A string select choice (type 3, component_type 3).
pub fn select(custom_id: &str, values: &[&str], member: &Member) -> Interaction {
    Interaction::new(
        Kind::Component {
            custom_id: custom_id.to_string(),
            component_type: 3,
            values: values.iter().map(|v| v.to_string()).collect(),
            message: None,
        },
        member,
    )
}

impl Interaction {
    fn new(kind: Kind, member: &Member) -> Interaction {
        let id = snowflake();
        Interaction {
            id,
            token: format!("itoken-{id}"),
            kind,
            member: member.clone(),
            channel_id: CHANNEL_ID,
            app_permissions: None,
            locale: "en-US".to_string(),
        }
    }

    fn push_option(mut self, option: Value) -> Self {
        match &mut self.kind {
            Kind::Command { options, .. } => options.push(option),
            Kind::Component { .. } => panic!("discord double: options are for commands, not components"),
        }
        self
    }

    /// A string option (type 3).
    pub fn string(self, name: &str, value: &str) -> Self {
        self.push_option(json!({"name": name, "type": 3, "value": value}))
    }

    /// An integer option (type 4).
    pub fn integer(self, name: &str, value: i64) -> Self {
        self.push_option(json!({"name": name, "type": 4, "value": value}))
    }

    /// A boolean option (type 5).
    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.push_option(json!({"name": name, "type": 5, "value": value}))
    }

    /// A number option (type 10).
    pub fn number(self, name: &str, value: f64) -> Self {
        self.push_option(json!({"name": name, "type": 10, "value": value}))
    }

    /// A user option (type 6), with the user and member in `resolved` as Discord sends them.
    pub fn user(mut self, name: &str, user: &Member) -> Self {
        if let Kind::Command { resolved_users, .. } = &mut self.kind {
            resolved_users.push(user.clone());
        }
        self.push_option(json!({"name": name, "type": 6, "value": user.id.to_string()}))
    }

    /// The focused option of an autocomplete request: what the user has typed so far (a string
    /// option; for an integer option Discord also sends the partial text as a string).
    pub fn focused(self, name: &str, partial: &str) -> Self {
        self.focused_typed(name, 3, partial)
    }

    /// The focused option with an explicit option type (3 string, 4 integer, 10 number).
    pub fn focused_typed(self, name: &str, option_type: u64, partial: &str) -> Self {
        self.push_option(json!({"name": name, "type": option_type, "value": partial, "focused": true}))
    }

    /// Puts the options under a subcommand (type 1) of this name.
    pub fn subcommand(mut self, name: &str) -> Self {
        if let Kind::Command { subcommand, .. } = &mut self.kind {
            *subcommand = Some(name.to_string());
        }
        self
    }

    /// The channel the interaction happens in (default [`CHANNEL_ID`]).
    pub fn in_channel(mut self, channel_id: u64) -> Self {
        self.channel_id = channel_id;
        self
    }

    /// `app_permissions` for this interaction (default: the double's, see
    /// [`Double::set_app_permissions`]).
    pub fn app_permissions(mut self, permissions: u64) -> Self {
        self.app_permissions = Some(permissions);
        self
    }

    pub fn locale(mut self, locale: &str) -> Self {
        self.locale = locale.to_string();
        self
    }

    /// The message the component sits on (default: the latest message the bot sent with this
    /// `custom_id`, e.g. from [`Double::message`]); use it for stale buttons on old messages.
    pub fn on_message(mut self, message: Value) -> Self {
        if let Kind::Component { message: m, .. } = &mut self.kind {
            *m = Some(message);
        }
        self
    }

    /// The interaction as JSON.
    pub fn to_json(&self) -> Value {
        let (kind, data, message) = match &self.kind {
            Kind::Command { name, autocomplete, subcommand, options, resolved_users } => {
                let options = match subcommand {
                    Some(sub) => json!([{"name": sub, "type": 1, "options": options}]),
                    None => json!(options),
                };
                let mut data = json!({"name": name, "type": 1, "options": options, "guild_id": GUILD_ID.to_string()});
                if !resolved_users.is_empty() {
                    let users: serde_json::Map<String, Value> = resolved_users.iter().map(|u| (u.id.to_string(), u.user_json())).collect();
                    let members: serde_json::Map<String, Value> =
                        resolved_users.iter().map(|u| (u.id.to_string(), u.resolved_member_json())).collect();
                    data["resolved"] = json!({"users": users, "members": members});
                }
                (if *autocomplete { 4 } else { 2 }, data, None)
            }
            Kind::Component { custom_id, component_type, values, message } => {
                let mut data = json!({"custom_id": custom_id, "component_type": component_type});
                if *component_type != 2 {
                    data["values"] = json!(values);
                }
                (3, data, message.clone())
            }
        };
        let mut v = json!({
            "id": self.id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": GUILD_ID.to_string(),
            "channel_id": self.channel_id.to_string(),
            "channel": {
                "id": self.channel_id.to_string(),
                "type": 0,
                "guild_id": GUILD_ID.to_string(),
                "name": if self.channel_id == CHANNEL_ID { CHANNEL_NAME.to_string() } else { format!("channel-{}", self.channel_id) },
                "permissions": self.member.permissions.to_string(),
                "flags": 0,
                "nsfw": false,
                "position": 0,
                "parent_id": null,
                "rate_limit_per_user": 0,
                "topic": null,
                "last_message_id": null,
            },
            "member": self.member.member_json(),
            "token": self.token,
            "version": 1,
            "app_permissions": self.app_permissions.map(|p| p.to_string()),
            "locale": self.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        if let Some(message) = message {
            v["message"] = message;
        }
        v
    }
}

impl From<Interaction> for Value {
    fn from(i: Interaction) -> Value {
        i.to_json()
    }
}

impl From<&Interaction> for Value {
    fn from(i: &Interaction) -> Value {
        i.to_json()
    }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/// A Discord id from a JSON string or number.
pub fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// `<@id>` and `<@!id>` mentions in a text, in order.
pub fn mentioned_ids(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits = rest.strip_prefix('!').unwrap_or(rest);
        let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if end > 0
            && digits[end..].starts_with('>')
            && let Ok(id) = digits[..end].parse()
        {
            out.push(id);
        }
    }
    out
}

/// A fresh snowflake: milliseconds since the Discord epoch and a process-wide counter.
pub fn snowflake() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(1);
    let ms = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0).saturating_sub(1_420_070_400_000);
    (ms << 22) | (COUNTER.fetch_add(1, Ordering::Relaxed) & 0x3f_ffff)
}

/// The current time as Discord writes it: `2025-01-31T12:34:56.789012+00:00`.
pub fn timestamp() -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = now.as_secs();
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}+00:00", rem / 3600, rem % 3600 / 60, rem % 60, now.subsec_micros())
}
