//! `/replay [game]`: a finished game of the channel, privately (the channel stays quiet): its
//! timelapse, then a stepper whose buttons edit it in place (`discord::on_replay_button`).

use super::{acknowledge, place_of, reader_locale};
use crate::discord::convert;
use crate::discord::respond::in_time;
use crate::discord::types::{Context, Error};
use crate::discord::user_message;
use crate::service::reply::truncate;
use poise::serenity_prelude as serenity;

/// The channel's finished games, newest first, as "#12 · Catan: Seafarers · Ana, Bo".
async fn finished_games(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    in_time(async {
        let reader = reader_locale(ctx).await;
        let games = ctx.data().service.finished_here(place_of(ctx), reader).await.unwrap_or_default();
        let typed = typed.trim().trim_start_matches('#').to_lowercase();
        let choices = games
            .into_iter()
            .filter(|(_, label)| label.to_lowercase().contains(&typed))
            .take(25)
            .map(|(id, label)| serenity::AutocompleteChoice::new(truncate(&label, 100), id.to_string()))
            .collect();
        serenity::CreateAutocompleteResponse::new().set_choices(choices)
    })
    .await
}

/// A finished game of this channel again: its timelapse, and its steps one by one (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn replay(
    ctx: Context<'_>,
    #[description = "Which finished game of this channel (default: the latest)"]
    #[autocomplete = "finished_games"]
    game: Option<String>,
) -> Result<(), Error> {
    // Before any database or drawing work: Discord drops an interaction unanswered for 3 s.
    acknowledge(ctx).await?;
    let reader = reader_locale(ctx).await;
    // The suggestion's value is the game's number; a typed "#12" reads the same. Anything
    // else is no game (a number no game has is refused by the service, privately).
    let id = match game.as_deref().map(|g| g.trim().trim_start_matches('#').parse::<i64>()) {
        None => None,
        Some(Ok(id)) => Some(id),
        Some(Err(_)) => {
            let text = crate::tr!(reader, "err-replay-which", typed = truncate(&game.unwrap_or_default().replace('`', "'"), 40));
            ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await?;
            return Ok(());
        }
    };
    match ctx.data().service.replay(place_of(ctx), id, reader).await {
        Ok(replay) => {
            // The deferred answer becomes the timelapse; the stepper follows as its own
            // private message, so a press edits it and the timelapse stays.
            ctx.send(convert::create_reply(&replay.timelapse, true)).await?;
            ctx.send(convert::create_reply(&replay.stepper, true)).await?;
        }
        Err(e) => {
            ctx.send(poise::CreateReply::default().content(user_message(e, reader)).ephemeral(true)).await?;
        }
    }
    Ok(())
}
