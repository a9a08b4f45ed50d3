//! Threads and forum channels, as Discord's API documents them (topics/threads,
//! resources/channel): a thread is a channel of its own (type 11, public) with a `parent_id`,
//! messages are posted in it like in any channel, and its `thread_metadata` says whether it is
//! archived or locked. A forum channel (type 15) holds no messages of its own (40058): each
//! post is a thread made with its first message, whose id is the thread's.
//!
//! The rules kept (each has a self-test):
//! - starting a thread without a message (`POST /channels/{id}/threads`) needs Create Public
//!   Threads (type 11) or Create Private Threads (type 12; the default when `type` is left out)
//!   and is refused in a thread (50024); in a forum it needs Send Messages and a `message`
//!   (Create Public Threads is ignored there);
//! - a name of 1 to 100 characters; `auto_archive_duration` 60, 1440, 4320 or 10080;
//! - posting in a thread needs Send Messages in Threads (Send Messages has no effect there);
//!   a post in an archived thread unarchives it, unless the thread is locked: without Manage
//!   Threads nothing is posted or edited in a locked thread (160005);
//! - editing or deleting a message of an archived thread is refused (50083, "such as editing a
//!   message"); `PATCH /channels/{thread}` must set `archived: false` when the thread is
//!   archived, and may unarchive a locked thread only with Manage Threads (or as its creator);
//! - Discord archives a thread after its `auto_archive_duration` without activity: tests do it
//!   with [`Double::archive_thread`]. A member's tap in an archived thread reaches the bot after
//!   the client unarchived it (a PATCH of the member's, discord-api-docs#8474); the client offers
//!   no slash command there, so [`Double::interact`] refuses one (a member must post first,
//!   [`Double::member_posts_in`]).
//!
//! Where the docs name a JSON code but no HTTP status (160005 in a locked thread), the double
//! answers 403, as for the other permission refusals.

use super::rest::record;
use super::*;

/// Discord's permission bits used here.
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
pub const MANAGE_THREADS: u64 = 1 << 34;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// Channel types.
pub const GUILD_TEXT: u64 = 0;
pub const PUBLIC_THREAD: u64 = 11;
pub const PRIVATE_THREAD: u64 = 12;
pub const GUILD_FORUM: u64 = 15;

/// The auto-archive durations Discord accepts, in minutes.
pub const ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

/// A thread as the double keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    /// 11 public, 12 private.
    pub kind: u64,
    pub name: String,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    /// Who started it (the bot, for the threads it makes).
    pub owner: u64,
}

type Refusal = (StatusCode, u64, &'static str);

fn refusal((status, code, message): Refusal) -> HttpResponse {
    (status, axum::Json(json!({"message": message, "code": code}))).into_response()
}

const MISSING_PERMISSIONS: Refusal = (StatusCode::FORBIDDEN, 50013, "Missing Permissions");
const INVALID_FORM: Refusal = (StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
const ARCHIVED: Refusal = (StatusCode::BAD_REQUEST, 50083, "Operation cannot be performed on an archived thread");
const LOCKED: Refusal = (StatusCode::FORBIDDEN, 160005, "Thread is locked");

impl State {
    fn has(&self, permission: u64) -> bool {
        self.app_permissions & permission == permission
    }

    /// Why a new message in `channel` is refused, if it is: a forum's own channel, or a thread
    /// the bot may not post in. A post in an archived thread it may post in unarchives it.
    pub(super) fn post_in_thread(&mut self, channel: u64) -> Option<(Refusal, &'static str)> {
        if self.forums.contains(&channel) {
            return Some(((StatusCode::BAD_REQUEST, 40058, "Cannot send a message in a forum channel"), "a message in a forum channel"));
        }
        let can_manage = self.has(MANAGE_THREADS);
        let can_send = self.has(SEND_MESSAGES_IN_THREADS);
        let thread = self.threads.get_mut(&channel)?;
        if !can_send {
            return Some((MISSING_PERMISSIONS, "a message in a thread without Send Messages in Threads"));
        }
        if thread.locked && !can_manage {
            return Some((LOCKED, "a message in a locked thread"));
        }
        // "Sending a message will automatically unarchive the thread."
        thread.archived = false;
        None
    }

    /// Why an edit or deletion of a message in `channel` is refused, if it is.
    pub(super) fn change_in_thread(&self, channel: u64) -> Option<(Refusal, &'static str)> {
        let thread = self.threads.get(&channel)?;
        if thread.archived {
            return Some((ARCHIVED, "an edit in an archived thread"));
        }
        (thread.locked && !self.has(MANAGE_THREADS)).then_some((LOCKED, "an edit in a locked thread"))
    }

    /// The channel object of a thread or a forum channel (None for others).
    pub(super) fn thread_or_forum_json(&self, channel: u64) -> Option<Value> {
        let guild = *self.channels.get(&channel)?;
        if self.forums.contains(&channel) {
            let mut forum = channel_json_in(channel, guild);
            forum["type"] = json!(GUILD_FORUM);
            forum["name"] = json!(format!("forum-{channel}"));
            forum["available_tags"] = json!([]);
            return Some(forum);
        }
        let thread = self.threads.get(&channel)?;
        let mut json = channel_json_in(channel, guild);
        json["type"] = json!(thread.kind);
        json["name"] = json!(thread.name);
        json["parent_id"] = json!(thread.parent.to_string());
        json["owner_id"] = json!(thread.owner.to_string());
        json["message_count"] = json!(0);
        json["member_count"] = json!(1);
        json["thread_metadata"] = json!({
            "archived": thread.archived,
            "auto_archive_duration": thread.auto_archive_duration,
            "archive_timestamp": timestamp(),
            "locked": thread.locked,
            "create_timestamp": timestamp(),
        });
        Some(json)
    }

    /// The partial channel an interaction from a thread or forum carries (its type, parent and
    /// metadata), or None for a text channel.
    pub(super) fn interaction_channel(&self, channel: u64, permissions: &Value) -> Option<Value> {
        let mut json = self.thread_or_forum_json(channel)?;
        json["permissions"] = permissions.clone();
        Some(json)
    }

    /// A member's interaction in `channel`: a tap in an archived thread reaches the bot once the
    /// client unarchived it; a slash command there is not offered at all.
    pub(super) fn before_interaction(&mut self, channel: u64, command: bool) {
        let Some(thread) = self.threads.get_mut(&channel) else { return };
        if thread.archived {
            assert!(!command, "discord double: Discord's client offers no slash command in an archived thread; a member posts first");
            assert!(!thread.locked, "discord double: a locked, archived thread offers nothing to tap");
            thread.archived = false;
        }
    }
}

/// `POST /channels/{id}/threads`: a thread without a message, or a forum post.
pub(super) fn start_thread(s: &mut State, base: &str, method: &Method, path: &str, channel: &str, parsed: Parsed) -> HttpResponse {
    let body = parsed.json.clone();
    let Some((parent, guild)) = channel.parse().ok().and_then(|c: u64| Some((c, *s.channels.get(&c)?))) else {
        s.refuse(method, path, "a thread in an unknown channel", &body);
        return refusal((StatusCode::NOT_FOUND, 10003, "Unknown Channel"));
    };
    if s.threads.contains_key(&parent) {
        s.refuse(method, path, "a thread in a thread", &body);
        return refusal((StatusCode::BAD_REQUEST, 50024, "Cannot execute action on this channel type"));
    }
    let name = body["name"].as_str().unwrap_or_default();
    if !(1..=100).contains(&name.chars().count()) {
        s.refuse(method, path, "a thread name of 1 to 100 characters is required", &body);
        return refusal(INVALID_FORM);
    }
    let duration = body["auto_archive_duration"].as_u64().unwrap_or(4320);
    if !ARCHIVE_DURATIONS.contains(&duration) {
        s.refuse(method, path, "auto_archive_duration must be 60, 1440, 4320 or 10080", &body);
        return refusal(INVALID_FORM);
    }
    let forum = s.forums.contains(&parent);
    let kind = if forum { PUBLIC_THREAD } else { body["type"].as_u64().unwrap_or(PRIVATE_THREAD) };
    let needed = match (forum, kind) {
        (true, _) => SEND_MESSAGES,
        (false, PUBLIC_THREAD) => CREATE_PUBLIC_THREADS,
        (false, PRIVATE_THREAD) => CREATE_PRIVATE_THREADS,
        (false, _) => {
            s.refuse(method, path, "a thread type other than 11 or 12", &body);
            return refusal(INVALID_FORM);
        }
    };
    if !s.has(needed) {
        return refusal(MISSING_PERMISSIONS);
    }
    let message = &body["message"];
    let says_something = ["content", "components", "embeds", "sticker_ids"]
        .iter()
        .any(|k| message[k].as_str().is_some_and(|t| !t.is_empty()) || message[k].as_array().is_some_and(|a| !a.is_empty()))
        || !parsed.uploads.is_empty();
    if forum && !says_something {
        s.refuse(method, path, "a forum post without its first message", &body);
        return refusal(INVALID_FORM);
    }
    if forum && let Some(why) = over_limit(message) {
        s.refuse(method, path, &format!("over Discord's limits: {why}"), &body);
        return refusal(INVALID_FORM);
    }
    let id = snowflake();
    let thread = Thread {
        id,
        parent,
        kind,
        name: name.to_string(),
        archived: false,
        locked: false,
        auto_archive_duration: duration,
        owner: BOT_USER_ID,
    };
    s.threads.insert(id, thread);
    s.channels.insert(id, guild);
    let mut json = s.thread_or_forum_json(id).expect("the thread just made");
    if forum {
        // The post's first message has the thread's id.
        let (attachments, recorded) = s.store_uploads(base, message, parsed.uploads);
        let msg = s.message_json(id, id, message, attachments, message["flags"].as_u64().unwrap_or(0), false);
        s.insert_message(msg.clone(), None);
        let mut r = record(ResponseKind::ChannelMessage, None, None, message.clone(), recorded, Some(id), Some(id), None);
        r.notified = notified_users(message);
        s.sent.push(r);
        json["message"] = msg;
    }
    (StatusCode::CREATED, axum::Json(json)).into_response()
}

/// `PATCH /channels/{thread}`: unarchive, archive, rename, lock.
pub(super) fn modify_thread(s: &mut State, method: &Method, path: &str, channel: u64, body: &Value) -> HttpResponse {
    let can_manage = s.has(MANAGE_THREADS);
    let Some(thread) = s.threads.get(&channel).cloned() else {
        s.refuse(method, path, "a channel edit the double does not model (only threads)", body);
        return refusal((StatusCode::NOT_FOUND, 0, "404: Not Found"));
    };
    let creator = thread.owner == BOT_USER_ID;
    let unarchive = body["archived"] == false;
    if thread.archived && !unarchive {
        return refusal(ARCHIVED);
    }
    if unarchive && thread.locked && !(can_manage || creator) {
        return refusal(MISSING_PERMISSIONS);
    }
    if !body["locked"].is_null() && !can_manage {
        return refusal(MISSING_PERMISSIONS);
    }
    // Its name, archiving it, its duration: Manage Threads, or the thread's creator.
    let settings = !body["name"].is_null() || body["archived"] == true || !body["auto_archive_duration"].is_null();
    let may_set = can_manage || creator;
    if settings && !may_set {
        return refusal(MISSING_PERMISSIONS);
    }
    if let Some(name) = body.get("name").filter(|n| !n.is_null())
        && !name.as_str().is_some_and(|n| (1..=100).contains(&n.chars().count()))
    {
        s.refuse(method, path, "a thread name of 1 to 100 characters is required", body);
        return refusal(INVALID_FORM);
    }
    if let Some(d) = body.get("auto_archive_duration").filter(|d| !d.is_null())
        && !d.as_u64().is_some_and(|d| ARCHIVE_DURATIONS.contains(&d))
    {
        s.refuse(method, path, "auto_archive_duration must be 60, 1440, 4320 or 10080", body);
        return refusal(INVALID_FORM);
    }
    let thread = s.threads.get_mut(&channel).expect("known");
    if let Some(archived) = body["archived"].as_bool() {
        thread.archived = archived;
    }
    if let Some(locked) = body["locked"].as_bool() {
        thread.locked = locked;
    }
    if let Some(name) = body["name"].as_str() {
        thread.name = name.to_string();
    }
    if let Some(d) = body["auto_archive_duration"].as_u64() {
        thread.auto_archive_duration = d;
    }
    s.thread_edits += 1;
    (StatusCode::OK, axum::Json(s.thread_or_forum_json(channel).expect("a thread"))).into_response()
}

/// Answers a refusal found by [`State::post_in_thread`] or [`State::change_in_thread`]:
/// recorded as unexpected when it is the bot's own mistake (a forum's channel), not when it is
/// a state of Discord's the bot must cope with (archived, locked, a permission taken away).
pub(super) fn refuse_in_thread(
    s: &mut State,
    method: &Method,
    path: &str,
    (why, what): (Refusal, &'static str),
    body: &Value,
) -> HttpResponse {
    if why.1 == 40058 {
        s.refuse(method, path, what, body);
    }
    refusal(why)
}

impl Double {
    /// Adds a forum channel to a guild: `/new` there makes a post per game.
    pub fn add_forum(&self, guild_id: u64, forum_id: u64) {
        self.with(|s| {
            s.channels.insert(forum_id, guild_id);
            s.forums.insert(forum_id);
        });
    }

    /// A thread as the double has it now.
    pub fn thread(&self, id: u64) -> Option<Thread> {
        self.state().threads.get(&id).cloned()
    }

    /// Every thread made so far, oldest first.
    pub fn threads(&self) -> Vec<Thread> {
        let mut threads: Vec<Thread> = self.state().threads.values().cloned().collect();
        threads.sort_by_key(|t| t.id);
        threads
    }

    /// A member starts a thread in `parent` (as Discord's client does), returning its id.
    pub fn member_starts_thread(&self, parent: u64, name: &str) -> u64 {
        self.with(|s| {
            let guild = s.channels.get(&parent).copied().unwrap_or(GUILD_ID);
            let id = snowflake();
            let thread = Thread {
                id,
                parent,
                kind: PUBLIC_THREAD,
                name: name.to_string(),
                archived: false,
                locked: false,
                auto_archive_duration: 60,
                owner: OWNER_ID,
            };
            s.threads.insert(id, thread);
            s.channels.insert(id, guild);
            id
        })
    }

    /// Discord archives the thread, as it does after its auto-archive duration without activity.
    pub fn archive_thread(&self, id: u64) {
        self.with(|s| s.threads.get_mut(&id).expect("discord double: no such thread").archived = true);
    }

    /// A moderator locks (and archives) the thread.
    pub fn lock_thread(&self, id: u64) {
        self.with(|s| {
            let thread = s.threads.get_mut(&id).expect("discord double: no such thread");
            (thread.locked, thread.archived) = (true, true);
        });
    }

    /// A moderator deletes the thread: it and its messages are gone (10003 from then on).
    pub fn delete_thread(&self, id: u64) {
        self.with(|s| {
            s.threads.remove(&id).expect("discord double: no such thread");
            s.channels.remove(&id);
            s.messages.retain(|_, m| id_of(&m.json["channel_id"]) != Some(id));
        });
    }

    /// A member sends a message in the thread: an archived, unlocked thread is unarchived.
    pub fn member_posts_in(&self, id: u64) {
        self.with(|s| {
            let thread = s.threads.get_mut(&id).expect("discord double: no such thread");
            assert!(!thread.locked, "discord double: a member cannot post in a locked thread");
            thread.archived = false;
        });
    }

    /// Thread edits the bot made (`PATCH /channels/{thread}`) that Discord accepted.
    pub fn thread_edits(&self) -> usize {
        self.state().thread_edits
    }
}
