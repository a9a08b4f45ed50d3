//! Discord objects as serenity 0.12 deserialises them, ids and timestamps.

use super::*;

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

/// READY's `d`: the shard's guilds, unavailable until their GUILD_CREATE, as Discord sends it.
pub fn ready_json(session_id: &str, resume_url: &str, shard: Value, guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect();
    json!({
        "v": 10,
        "user": bot_user_json(),
        "guilds": guilds,
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

/// The text channel object of [`GUILD_ID`]'s channel.
pub fn channel_json(channel_id: u64) -> Value {
    channel_json_in(channel_id, GUILD_ID)
}

/// The text channel object (`GET /channels/{id}` and the guild's channel list).
pub fn channel_json_in(channel_id: u64, guild_id: u64) -> Value {
    let name = if channel_id == CHANNEL_ID { CHANNEL_NAME.to_string() } else { format!("channel-{channel_id}") };
    json!({
        "id": channel_id.to_string(),
        "type": 0,
        "guild_id": guild_id.to_string(),
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

/// GUILD_CREATE's `d` for [`GUILD_ID`]: one text channel, the @everyone role with
/// `permissions`, the bot as member.
pub fn guild_json(permissions: u64) -> Value {
    guild_json_for(GUILD_ID, &[CHANNEL_ID], permissions)
}

/// GUILD_CREATE's `d`: the text channels, the @everyone role with `permissions`, the bot as
/// member.
pub fn guild_json_for(guild_id: u64, channels: &[u64], permissions: u64) -> Value {
    let mut guild = json!({
        "id": guild_id.to_string(),
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
            "id": guild_id.to_string(),
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
        "channels": channels.iter().map(|c| channel_json_in(*c, guild_id)).collect::<Vec<_>>(),
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

/// A direct-message channel with `recipient` (a user object), as `POST /users/@me/channels`
/// returns it.
pub fn dm_channel_json(channel_id: u64, recipient: Value) -> Value {
    json!({
        "id": channel_id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [recipient],
        "flags": 0,
    })
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

/// The shard a guild's events go to: `(guild_id >> 22) % count`, Discord's formula.
pub fn shard_of(guild_id: u64, count: u32) -> u32 {
    ((guild_id >> 22) % u64::from(count.max(1))) as u32
}

/// A guild id whose events go to shard `id` of `count` (ids differ in their `>> 22` part;
/// `n` tells several apart).
pub fn guild_on_shard(id: u32, count: u32, n: u64) -> u64 {
    (((1_000 + n) * u64::from(count) + u64::from(id)) << 22) | 7
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
