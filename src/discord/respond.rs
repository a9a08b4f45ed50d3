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

pub fn actor_of(user: &serenity::User, member: Option<&serenity::Member>) -> Actor {
    let name = member.map_or_else(|| user.display_name(), |m| m.display_name()).to_string();
    Actor { user_id: user.id.get(), name }
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

pub(crate) fn actor(ctx: Context<'_>) -> crate::service::Actor {
    match ctx {
        poise::Context::Application(a) => actor_of(&a.interaction.user, a.interaction.member.as_deref()),
        poise::Context::Prefix(p) => actor_of(&p.msg.author, None),
    }
}

/// Acknowledges the command at once, privately (Discord drops an interaction not answered
/// within 3 seconds): before any database or image work. Errors then fill in this private
/// answer; what the channel should see is posted as a new message.
pub(crate) async fn acknowledge(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    Ok(())
}

/// Sends the result of a change: the message it owes the channel (a new message: it may ping
/// someone), or a private error that says what to do instead.
pub(crate) async fn respond(ctx: Context<'_>, result: Result<Reply, ServiceError>) -> Result<(), Error> {
    match result {
        Ok(reply) => {
            let posted = deliver::deliver(ctx.http(), &ctx.data().service, reply, deliver::Via::New(ctx.channel_id())).await;
            match (posted, ctx) {
                // The public message says it all: the private "thinking…" goes away.
                (Some(_), poise::Context::Application(a)) => {
                    if let Err(e) = a.interaction.delete_response(ctx.http()).await {
                        tracing::warn!("could not remove the private acknowledgement: {e}");
                    }
                }
                (Some(_), poise::Context::Prefix(_)) => {}
                (None, _) => {
                    ctx.send(poise::CreateReply::default().content(NOT_POSTED).ephemeral(true)).await?;
                }
            }
        }
        Err(e) => {
            ctx.send(poise::CreateReply::default().content(user_message(e)).ephemeral(true)).await?;
        }
    }
    Ok(())
}

/// Said when a change was made but its message could not be posted yet (the outbox retries).
const NOT_POSTED: &str = "Done, but I couldn't post it to the channel just now; it will appear shortly.";

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
        Err(e) => ctx.send(poise::CreateReply::default().content(user_message(e)).ephemeral(true)).await?,
    };
    Ok(())
}
