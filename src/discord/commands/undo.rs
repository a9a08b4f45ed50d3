//! `/undo`: a common verb, for every game. The game's own rule says what may be taken back.

use super::{acknowledge, actor, place_of, respond};
use crate::discord::respond::snowflake_ms;
use crate::discord::types::{Context, Error};

/// Undo your own last step (not once something left to chance was revealed).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    // The step to undo is the one that was last when the player sent the command.
    let sent_ms = snowflake_ms(ctx.id());
    let result = ctx.data().service.undo(place_of(ctx), &actor(ctx).await, Some(sent_ms)).await;
    respond(ctx, result).await
}
