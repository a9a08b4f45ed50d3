//! Interaction builders: what a member does, as an `INTERACTION_CREATE` payload.

use super::*;

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
    guild_id: u64,
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
            guild_id: GUILD_ID,
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

    /// The guild and channel the interaction happens in (default [`GUILD_ID`], [`CHANNEL_ID`]):
    /// the guild decides which shard receives it.
    pub fn in_guild(mut self, guild_id: u64, channel_id: u64) -> Self {
        self.guild_id = guild_id;
        self.channel_id = channel_id;
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
                let mut data = json!({"name": name, "type": 1, "options": options, "guild_id": self.guild_id.to_string()});
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
            "guild_id": self.guild_id.to_string(),
            "channel_id": self.channel_id.to_string(),
            "channel": {
                "id": self.channel_id.to_string(),
                "type": 0,
                "guild_id": self.guild_id.to_string(),
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
            "authorizing_integration_owners": {"0": self.guild_id.to_string()},
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
