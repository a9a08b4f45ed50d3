//! What every command shares: who and where, acknowledging at once, and the one place a
//! command's result becomes a message (a new channel message, or a private answer).

use super::types::{Context, Error};
use super::{convert, deliver, user_message};
use crate::i18n::Locale;
use crate::service::{Actor, Place, Reply, ServiceError};
use poise::serenity_prelude as serenity;

/// When Discord made an id (a snowflake), in unix milliseconds.
pub fn snowflake_ms(id: u64) -> i64 {
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    (id >> 22) as i64 + DISCORD_EPOCH_MS
}

/// Who clicked or typed, reading English until their language is known ([`with_reader_locale`]),
/// and whether they moderate the server: Discord sends the member's permissions in the channel
/// with every interaction in a server ([`is_moderator`]).
pub fn actor_of(user: &serenity::User, member: Option<&serenity::Member>) -> Actor {
    let name = member.map_or_else(|| user.display_name(), |m| m.display_name()).to_string();
    Actor::new(user.id.get(), name).moderating(member.and_then(|m| m.permissions).is_some_and(is_moderator))
}

/// Whether a member with these permissions moderates games: they may manage the channel or its
/// messages (an administrator may do everything).
pub fn is_moderator(permissions: serenity::Permissions) -> bool {
    permissions
        .intersects(serenity::Permissions::ADMINISTRATOR | serenity::Permissions::MANAGE_CHANNELS | serenity::Permissions::MANAGE_MESSAGES)
}

/// `actor` reading in the language of what the bot tells them alone: their `/settings
/// language`, else `client` (their Discord client's locale tag), else English. One read of
/// their settings, after the interaction was acknowledged.
pub(crate) async fn with_reader_locale(service: &crate::service::Service, mut actor: Actor, client: Option<&str>) -> Actor {
    actor.locale = service.reader_locale(actor.user_id, client.and_then(Locale::from_discord)).await;
    actor
}

pub(crate) fn place_of(ctx: Context<'_>) -> Place {
    Place { guild_id: ctx.guild_id().map_or(0, |g| g.get()), channel_id: ctx.channel_id().get() }
}

/// The language of the user's Discord client, when the bot speaks it.
pub(crate) fn client_locale(ctx: Context<'_>) -> Option<Locale> {
    ctx.locale().and_then(Locale::from_discord)
}

/// The language of a private answer to this command: the user's `/settings language`, else
/// their client's, else English.
pub(crate) async fn reader_locale(ctx: Context<'_>) -> Locale {
    ctx.data().service.reader_locale(ctx.author().id.get(), client_locale(ctx)).await
}

/// Who used the command, reading in their language (see [`with_reader_locale`]).
pub(crate) async fn actor(ctx: Context<'_>) -> crate::service::Actor {
    let actor = match ctx {
        poise::Context::Application(a) => actor_of(&a.interaction.user, a.interaction.member.as_deref()),
        poise::Context::Prefix(p) => actor_of(&p.msg.author, None),
    };
    with_reader_locale(&ctx.data().service, actor, ctx.locale()).await
}

/// How long suggestions may take: Discord drops an autocomplete answer after 3 seconds, and
/// the way there and back takes some of them.
pub const SUGGESTIONS_WITHIN: std::time::Duration = std::time::Duration::from_millis(2500);

/// Suggestions as they come, or none when the database is too slow to give them in time (an
/// empty list, which Discord shows, rather than one it drops): the player can still type.
pub(crate) async fn in_time(
    suggestions: impl std::future::Future<Output = serenity::CreateAutocompleteResponse>,
) -> serenity::CreateAutocompleteResponse {
    tokio::time::timeout(SUGGESTIONS_WITHIN, suggestions).await.unwrap_or_else(|_| {
        tracing::warn!("suggestions came too late for Discord: none given");
        serenity::CreateAutocompleteResponse::new()
    })
}

/// Acknowledges the command at once, privately (Discord drops an interaction not answered
/// within 3 seconds): before any database or image work. Errors then fill in this private
/// answer; what the channel should see is posted as a new message.
pub(crate) async fn acknowledge(ctx: Context<'_>) -> Result<(), Error> {
    match ctx {
        poise::Context::Application(a) => {
            let defer = serenity::CreateInteractionResponse::Defer(serenity::CreateInteractionResponseMessage::new().ephemeral(true));
            first_answer(|| a.interaction.create_response(ctx.serenity_context(), defer.clone())).await?;
            // What follows is a follow-up, as after poise's own `defer_ephemeral`.
            a.has_sent_initial_response.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        poise::Context::Prefix(_) => ctx.defer_ephemeral().await?,
    }
    Ok(())
}

/// Discord's JSON error code for an interaction answered twice.
const ALREADY_ACKNOWLEDGED: isize = 40060;

/// Sends an interaction's first answer (`send`: its acknowledgement), and once more when
/// Discord's answer did not come (no answer in time, a dropped connection, a 5xx page): the
/// first may not have reached Discord, and the person waits on it either way. Discord's
/// "already acknowledged" to the second means the first went through. Without this, a tap
/// whose acknowledgement's answer was lost did nothing, while Discord showed it taken.
pub(crate) async fn first_answer<F, Fut>(send: F) -> Result<(), serenity::Error>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<(), serenity::Error>>,
{
    let unanswered = |e: &serenity::Error| match e {
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => r.status_code.is_server_error(),
        _ => false,
    };
    match send().await {
        Err(e) if unanswered(&e) => {
            tracing::warn!("acknowledging once more: Discord's answer did not come ({e})");
            match send().await {
                Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) if r.error.code == ALREADY_ACKNOWLEDGED => Ok(()),
                again => again,
            }
        }
        first => first,
    }
}

/// Sends the result of a change as the service decided (see [`deliver::send`]): the message it
/// owes the channel, a question for the asker alone (with its buttons), or a private error that
/// says what to do instead.
pub(crate) async fn respond(ctx: Context<'_>, result: Result<Reply, ServiceError>) -> Result<(), Error> {
    match result {
        Ok(reply) => deliver::send(ctx.http(), &ctx.data().service, reply, deliver::Via::Command(ctx)).await?,
        Err(e) => {
            let text = user_message(e, reader_locale(ctx).await);
            ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await?;
        }
    }
    Ok(())
}

/// For lookups: private to the asker (already acknowledged privately).
pub(crate) async fn respond_private(ctx: Context<'_>, result: Result<Reply, ServiceError>) -> Result<(), Error> {
    match result {
        Ok(mut reply) => {
            if let Err(e) = ctx.data().service.attach_images(&mut reply).await {
                tracing::error!("drawing the board failed: {e}");
            }
            let reply = Reply { mention: None, more_mentions: Vec::new(), buttons: Vec::new(), menu: None, ..reply };
            ctx.send(convert::create_reply(&reply, true)).await?
        }
        Err(e) => {
            let text = user_message(e, reader_locale(ctx).await);
            ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await?
        }
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    /// Suggestions that never come are none, given in time (a database that does not answer).
    #[tokio::test]
    async fn suggestions_that_never_come_are_none_in_time() {
        let started = std::time::Instant::now();
        let empty = super::in_time(std::future::pending()).await;
        assert!(started.elapsed() < std::time::Duration::from_secs(3), "{:?}", started.elapsed());
        let json = serde_json::to_value(&empty).unwrap();
        assert!(json["choices"].as_array().is_none_or(|c| c.is_empty()), "{json}");
    }

    use super::*;

    #[test]
    fn moderators_manage_channels_or_messages_or_administer() {
        use serenity::Permissions as P;
        for moderator in [P::MANAGE_CHANNELS, P::MANAGE_MESSAGES, P::ADMINISTRATOR, P::MANAGE_CHANNELS | P::SEND_MESSAGES] {
            assert!(is_moderator(moderator), "{moderator:?}");
        }
        for player in [P::empty(), P::SEND_MESSAGES | P::VIEW_CHANNEL | P::ATTACH_FILES, P::MANAGE_ROLES] {
            assert!(!is_moderator(player), "{player:?}");
        }
    }
}
