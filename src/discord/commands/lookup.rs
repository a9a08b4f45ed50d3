//! Looking at the game, privately: the board, everyone's standing, what happened. Each is one
//! service call; what it shows is the game's (its room draws and words it).

use super::{acknowledge, place_of, respond_private};
use crate::discord::{Context, Error};

/// Show the board (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.board(place_of(ctx)).await;
    respond_private(ctx, result).await
}

/// Wares, ships, islanders and scores of every player (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn status(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.status(place_of(ctx)).await;
    respond_private(ctx, result).await
}

/// What happened in the last turns (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn history(
    ctx: Context<'_>,
    #[description = "How many steps (default 12)"]
    #[min = 1]
    #[max = 100]
    steps: Option<u8>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.history(place_of(ctx), steps.map_or(12, usize::from)).await;
    respond_private(ctx, result).await
}
