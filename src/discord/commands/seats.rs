//! Who plays a seat in a running game: away and back, handing a seat to someone else, and
//! voting a gone player's seat to the computer; and each user's own settings (reminders, language).

use super::{acknowledge, actor, client_locale, place_of, respond, respond_private};
use crate::discord::actor_of;
use crate::discord::types::{Context, Error};
use crate::i18n::Locale;
use crate::service::{ServiceError, SettingsChange};
use poise::serenity_prelude as serenity;

/// Hand your turns to the computer while you are away (until `/back`, or for a while).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn away(
    ctx: Context<'_>,
    #[description = "For how long, e.g. 8h, 2d, 1d12h, 30m (default: until /back)"]
    #[max_length = 20]
    r#for: Option<String>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let how_long = match r#for.as_deref().map(crate::service::parse_duration) {
        None => None,
        Some(Some(d)) => Some(d),
        Some(None) => {
            let message =
                "I can't read that duration. Write it like `8h`, `2d`, `1d12h` or `30m`, or leave it out to be away until `/back`.";
            return respond(ctx, Err(ServiceError::User(message.into()))).await;
        }
    };
    let result = ctx.data().service.away(place_of(ctx), &actor(ctx).await, how_long).await;
    respond(ctx, result).await
}

/// Play your own turns again after `/away`.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn back(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.back(place_of(ctx), &actor(ctx).await).await;
    respond(ctx, result).await
}

/// Hand a seat to another person: yours at once, or a gone player's by a majority vote.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn replace(
    ctx: Context<'_>,
    #[description = "Whose seat (yourself to hand yours over)"] player: serenity::User,
    #[description = "Who plays it from now on"] with: serenity::User,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    if with.bot {
        let message = "Seats go to people; to hand a seat to the computer, use `/kick` (or `/away` for your own).";
        return respond(ctx, Err(ServiceError::User(message.into()))).await;
    }
    let newcomer = actor_of(&with, None);
    let result = ctx.data().service.replace(place_of(ctx), &actor(ctx).await, player.id.get(), &newcomer).await;
    respond(ctx, result).await
}

/// Vote to hand a gone player's seat to a computer player (a majority of the others decides).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn kick(ctx: Context<'_>, #[description = "The player who is gone"] player: serenity::User) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.kick(place_of(ctx), &actor(ctx).await, player.id.get()).await;
    respond(ctx, result).await
}

/// Where reminders go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum WhereChoice {
    #[name = "in the game's channel"]
    Channel,
    #[name = "by direct message"]
    Direct,
}

/// The language `/settings` sets for what the bot tells you alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageSetting {
    #[name = "my Discord's"]
    Discord,
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
}

impl LanguageSetting {
    fn chosen(self) -> Option<Locale> {
        match self {
            LanguageSetting::Discord => None,
            LanguageSetting::English => Some(Locale::En),
            LanguageSetting::French => Some(Locale::Fr),
        }
    }
}

/// Your reminders (on or off, where, quiet hours in your time zone) and your language (private).
#[poise::command(slash_command)]
pub(crate) async fn settings(
    ctx: Context<'_>,
    #[description = "Remind me when it has been my turn for a while"] reminders: Option<bool>,
    #[description = "Where reminders reach me"]
    #[rename = "where"]
    place: Option<WhereChoice>,
    #[description = "My time zone as an offset from UTC, e.g. +2, -5, +5:30"]
    #[max_length = 12]
    utc_offset: Option<String>,
    #[description = "No reminders between these local times, e.g. 22-7 or 22:00-07:30, or off"]
    #[max_length = 20]
    quiet_hours: Option<String>,
    #[description = "The language of what the bot tells me alone (default: my Discord's)"] language: Option<LanguageSetting>,
    #[description = "Show me on this server's leaderboards (default: yes)"] leaderboards: Option<bool>,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let change = SettingsChange {
        reminders,
        direct: place.map(|p| p == WhereChoice::Direct),
        utc_offset,
        quiet_hours,
        language: language.map(LanguageSetting::chosen),
        leaderboards,
    };
    let result = ctx.data().service.settings(&actor(ctx).await, change, client_locale(ctx)).await;
    respond_private(ctx, result).await
}
