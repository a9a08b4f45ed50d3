//! Looking at the game, privately: the board, everyone's standing, what happened. Each is one
//! service call; what it shows is the game's (its room draws and words it).

use super::{acknowledge, place_of, reader_locale, respond_private};
use crate::discord::types::{Context, Error};

/// Show the board (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.board(place_of(ctx), reader_locale(ctx).await).await;
    respond_private(ctx, result).await
}

/// Your cards and what you can do with them (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.hand(place_of(ctx), &super::actor(ctx).await).await;
    respond_private(ctx, result).await
}

/// Wares, ships, islanders and scores of every player (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn status(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.status(place_of(ctx), reader_locale(ctx).await).await;
    respond_private(ctx, result).await
}

/// What happened in the game, a page at a time (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn history(
    ctx: Context<'_>,
    #[description = "Which page: 1 (the default) is the latest, 2 the steps before it, and so on"]
    #[min = 1]
    #[max = 1000]
    page: Option<u16>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.history(place_of(ctx), page.map_or(1, usize::from), reader_locale(ctx).await).await;
    respond_private(ctx, result).await
}
