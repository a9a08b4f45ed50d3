//! The lobby: open a game, join, leave, start, and abandon one. Only `/new` names a game: it
//! opens South Seas, with that game's options (their choices come from its room); it gains a
//! choice of game when Seafarers joins.

use super::{acknowledge, actor, place_of, respond};
use crate::discord::{Context, Error, missing_permissions};
use crate::games::southseas::GameOptions;
use crate::games::southseas::commands::RetrieveChoice;
use crate::service::ServiceError;
use poise::serenity_prelude as serenity;
use southseas_engine::RetrieveRule;

fn app_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    }
}

/// Open a game of Carcassonne: South Seas in this channel.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn new(
    ctx: Context<'_>,
    #[description = "When may players take an islander back? (default: empty-supply)"] retrieve: Option<RetrieveChoice>,
    #[description = "Most players (2-5, default 5)"]
    #[min = 2]
    #[max = 5]
    max_players: Option<u8>,
    #[description = "Fewest players to start (2-5, default 2)"]
    #[min = 2]
    #[max = 5]
    min_players: Option<u8>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    if let Some(message) = missing_permissions(app_permissions(ctx)) {
        return respond(ctx, Err(ServiceError::User(message))).await;
    }
    let options = GameOptions {
        retrieve: match retrieve {
            Some(RetrieveChoice::AnyTurn) => RetrieveRule::AnyTurn,
            _ => RetrieveRule::EmptySupply,
        },
        min_players: min_players.map_or(2, usize::from),
        max_players: max_players.map_or(5, usize::from),
        seed: None,
    };
    let result = ctx.data().service.create(place_of(ctx), &actor(ctx), options).await;
    respond(ctx, result).await
}

/// Join the game waiting for players in this channel.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn join(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.join(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

/// Leave the game waiting for players in this channel.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.leave(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

/// Start the game (for the player who opened it).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn start(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    if let Some(message) = missing_permissions(app_permissions(ctx)) {
        return respond(ctx, Err(ServiceError::User(message))).await;
    }
    let result = ctx.data().service.start(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

/// End the game here: at once for its opener, by majority vote for the other players.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.abandon(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}
