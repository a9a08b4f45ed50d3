//! Slash commands: each validates its arguments into a service call. Split by what the player
//! does: the lobby (`lobby.rs`), looking at the game (`lookup.rs`), help (`help.rs`); a game's
//! own commands (its steps) live in its room, `games/<game>/commands.rs`. This module holds
//! what they share: who and where, acknowledging, and turning a service reply into a message.

mod help;
mod lobby;
mod lookup;
mod seats;

use super::{Context, Error, actor_of, convert, deliver, user_message};
use crate::games::southseas::commands as southseas;
use crate::service::{Place, Reply, ServiceError};

pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        lobby::new(),
        lobby::join(),
        lobby::leave(),
        lobby::addbot(),
        lobby::start(),
        southseas::place(),
        southseas::islander(),
        southseas::ship(),
        southseas::deliver(),
        southseas::pay(),
        southseas::endturn(),
        southseas::undo(),
        lobby::abandon(),
        seats::away(),
        seats::back(),
        seats::replace(),
        seats::kick(),
        seats::settings(),
        lookup::board(),
        lookup::status(),
        southseas::tiles(),
        southseas::ships(),
        lookup::history(),
        southseas::rules(),
        help::help(),
    ]
}

pub(crate) fn place_of(ctx: Context<'_>) -> Place {
    Place { guild_id: ctx.guild_id().map_or(0, |g| g.get()), channel_id: ctx.channel_id().get() }
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
