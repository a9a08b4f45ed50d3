//! What the double records of what the bot sent: responses, refusals, command registrations.

use super::*;

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
    /// The bot token the request was made with (`Authorization: Bot …`): which process sent it,
    /// when each process has its own token.
    pub bot_token: Option<String>,
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

    /// The value of the choice of `command`'s `option` whose name starts with `name_starts`
    /// (what a client sends when a player picks it).
    pub fn choice(&self, command: &str, option: &str, name_starts: &str) -> i64 {
        let command = self.command(command).unwrap_or_else(|| panic!("/{command} is registered"));
        let option = command["options"].as_array().expect("options").iter().find(|o| o["name"] == option).expect("an option").clone();
        let choices = option["choices"].as_array().expect("choices").clone();
        choices.iter().find(|c| c["name"].as_str().unwrap().starts_with(name_starts)).expect("a choice")["value"].as_i64().unwrap()
    }
}
