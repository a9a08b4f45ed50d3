//! Stats and ratings per server, privately: `/stats` (a player's games) and `/leaderboard`
//! (Weng-Lin ratings per game). Each is one service call, computed afresh from the server's
//! finished games.

use super::lobby::GameChoice;
use super::{acknowledge, actor, place_of, reader_locale, respond_private};
use crate::discord::actor_of;
use crate::discord::types::{Context, Error};
use poise::serenity_prelude as serenity;

/// Games played and won, scores, placements, time per turn (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] player: Option<serenity::User>,
    #[description = "Which game (default: each)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let who = player.map(|p| {
        let them = actor_of(&p, None);
        (them.user_id, them.name)
    });
    let result = ctx.data().service.stats(place_of(ctx), &actor(ctx).await, who, game.map(GameChoice::kind)).await;
    respond_private(ctx, result).await
}

/// This server's ratings, per game (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game (default: each)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.leaderboard(place_of(ctx), reader_locale(ctx).await, game.map(GameChoice::kind)).await;
    respond_private(ctx, result).await
}
