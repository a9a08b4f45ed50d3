//! Seafarers' slash command: `/seafarers step:<...>` takes any step of the game as typed, with
//! suggestions as the player types (every step they may take now, in the words of the turn's
//! buttons, filtered by what they typed). Listed with the others in `discord/commands/mod.rs`.

use super::Seafarers;
use super::text::Names;
use super::typed;
use crate::common::reply::truncate;
use crate::discord::respond::{acknowledge, actor, in_time, place_of, reader_locale, respond};
use crate::discord::types::{Context, Error};
use poise::serenity_prelude as serenity;

/// Suggestions for what the player typed: their steps now, the best matches first.
async fn step_options(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    in_time(suggestions(ctx, partial)).await
}

async fn suggestions(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let snapshot = ctx.data().service.snapshot::<Seafarers>(place_of(ctx), ctx.author().id.get()).await;
    let choices = match snapshot {
        // In the player's words: their /settings language, else their Discord client's.
        Ok((game, _, Some(seat), names)) => typed::matches(&game, &Names::new_in(names, reader_locale(ctx).await), seat, partial)
            .into_iter()
            .take(25)
            .map(|(action, label)| serenity::AutocompleteChoice::new(truncate(&label, 100), super::codes::Code::Act(action).code()))
            .collect(),
        _ => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Take a step in Catan: Seafarers: build, roll, trade, play a card, end your turn.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn seafarers(
    ctx: Context<'_>,
    #[description = "What to do, e.g. roll, settlement B, road 4, end turn"]
    #[autocomplete = "step_options"]
    step: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.act_typed::<Seafarers>(place_of(ctx), &actor(ctx).await, step).await;
    respond(ctx, result).await
}
