//! What the opener of a game or a moderator of the server (Manage Channels or Manage Messages)
//! may do to a game on their own word: pause it and resume it, revoke its web link. (Ending it is `/abandon`, which
//! asks them to confirm.) The service decides who may: the Discord layer only says who asks.

use super::{acknowledge, actor, place_of, respond};
use crate::discord::types::{Context, Error};

/// Pause the game here (its opener or a moderator): nothing is played or timed until /resume.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.pause(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

/// Resume the paused game here (its opener or a moderator), with fresh turn time.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.resume(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

/// Stop the game's web link from working and make a new one (its opener or a moderator).
#[poise::command(slash_command, guild_only, rename = "revoke-link")]
pub(crate) async fn revoke_link(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.revoke_web_link(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}
