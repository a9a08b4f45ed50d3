//! South Seas' slash commands: the steps of a turn (`/place`, `/islander`, `/ship`, `/deliver`,
//! `/pay`, `/endturn`), what is left in its stacks (`/tiles`, `/ships`), and the options
//! `/new` offers for it. Listed with the others in `discord/commands/mod.rs`.

use super::{GameOptions, SouthSeas};
use crate::common::{Image, Reply, ServiceError};
use crate::discord::commands::lobby::{NewArgs, NewPart};
use crate::discord::respond::{acknowledge, actor, in_time, place_of, reader_locale, respond, respond_private};
use crate::discord::types::{Context, Error};
use crate::games::contract::Rules;
use crate::games::southseas::render;
use crate::games::southseas::text::{self, Names};
use crate::games::southseas::typed::{self, Step};
use crate::games::{NewGame, Opening};
use crate::i18n::Locale;
use crate::tr;
use poise::serenity_prelude as serenity;
use southseas_engine::{Action, Game, RetrieveRule};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RetrieveChoice {
    #[name = "empty-supply: only when you have no islander left (English rules)"]
    EmptySupply,
    #[name = "any-turn: any turn you place none (German rules, online version)"]
    AnyTurn,
}

/// South Seas' part of `/new`: its options and the lobby they open.
pub(crate) const NEW: NewPart = NewPart { options: new_options, opening: new_opening };

/// South Seas' options of `/new` (never registered: `/new` takes its parameters in).
#[poise::command(slash_command, rename = "new")]
async fn new_options(
    _ctx: Context<'_>,
    #[description = "South Seas: when may players take an islander back? (default: empty-supply)"] retrieve: Option<RetrieveChoice>,
) -> Result<(), Error> {
    let _ = retrieve;
    Ok(())
}

/// A South Seas lobby from `/new`'s options.
fn new_opening(new: &NewArgs<'_>, reader: Locale) -> Result<Opening, ServiceError> {
    let options = GameOptions {
        retrieve: match new.choice::<RetrieveChoice>("retrieve") {
            Some(RetrieveChoice::AnyTurn) => RetrieveRule::AnyTurn,
            _ => RetrieveRule::EmptySupply,
        },
        min_players: new.min_players.unwrap_or(*SouthSeas::PLAYERS.start()),
        max_players: new.max_players.unwrap_or(*SouthSeas::PLAYERS.end()),
        seed: None,
        turn_limit_secs: new.turn_limit_secs,
        on_timeout: new.on_timeout,
    };
    options.opening(reader)
}

/// A step typed into a command: the service reads `input` against the game inside the step's
/// own transaction (after acknowledging).
/// Its database sessions are counted (see [`crate::store::Tally`]) and noted as `typed STEP`.
async fn act_typed(ctx: Context<'_>, step: Step, input: &str) -> Result<(), Error> {
    let (result, tally) = crate::store::tallied(async {
        let result = ctx.data().service.act_typed::<SouthSeas>(place_of(ctx), &actor(ctx).await, (step, input.to_string())).await;
        respond(ctx, result).await
    })
    .await;
    ctx.data().service.store().note(&format!("typed {}", ctx.command().name), tally);
    result
}

async fn current(ctx: Context<'_>, reader: Locale) -> Option<(Game, Names)> {
    current_or_why(ctx, reader).await.ok()
}

/// The channel's game, or what to tell the player instead (no game: start one with `/new`), in
/// `reader`.
async fn current_or_why(ctx: Context<'_>, reader: Locale) -> Result<(Game, Names), ServiceError> {
    let (game, _, _, names) = ctx.data().service.snapshot_in::<SouthSeas>(place_of(ctx), ctx.author().id.get(), reader).await?;
    Ok((game, Names(names)))
}

fn choices(items: impl IntoIterator<Item = (String, String)>) -> serenity::CreateAutocompleteResponse {
    let choices =
        items.into_iter().take(25).map(|(label, value)| serenity::AutocompleteChoice::new(text::truncate(&label, 100), value)).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// "A · 90°" for every legal spot and rotation: the spot's letter on the board image.
async fn spots(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Place, typed).await
}

async fn options(ctx: Context<'_>, step: Step, typed: &str) -> serenity::CreateAutocompleteResponse {
    in_time(async {
        // The list is the reader's alone: in their language.
        let reader = reader_locale(ctx).await;
        let items = current(ctx, reader).await.map(|(game, _)| typed::suggestions(&game, step, typed, reader)).unwrap_or_default();
        choices(items)
    })
    .await
}

/// Place the drawn tile: pick a spot and rotation (the letters on the board image).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn place(
    ctx: Context<'_>,
    #[description = "Spot and rotation, e.g. B 90"]
    #[autocomplete = "spots"]
    spot: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    act_typed(ctx, Step::Place, &spot).await
}

async fn islander_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Islander, typed).await
}

/// Place an islander on the tile you just placed, take one back, or skip.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn islander(
    ctx: Context<'_>,
    #[description = "Where to put it (or take back / none)"]
    #[autocomplete = "islander_options"]
    choice: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    act_typed(ctx, Step::Islander, &choice).await
}

async fn market_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Ship, typed).await
}

/// Choose the ship your completed market gives you (when several are worth the most).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn ship(
    ctx: Context<'_>,
    #[description = "One of the most valuable ships"]
    #[autocomplete = "market_options"]
    choice: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    act_typed(ctx, Step::Ship, &choice).await
}

async fn delivery_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Deliver, typed).await
}

/// Deliver wares to a ship on display (this ends your turn).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn deliver(
    ctx: Context<'_>,
    #[description = "A ship you can pay"]
    #[autocomplete = "delivery_options"]
    ship: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    act_typed(ctx, Step::Deliver, &ship).await
}

async fn payment_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Pay, typed).await
}

/// Choose how to pay the ship you are delivering to.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn pay(
    ctx: Context<'_>,
    #[description = "Which wares to give"]
    #[autocomplete = "payment_options"]
    payment: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    act_typed(ctx, Step::Pay, &payment).await
}

/// End your turn without delivering.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn endturn(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.act(place_of(ctx), &actor(ctx).await, Action::EndTurn).await;
    respond(ctx, result).await
}

/// The tiles still in the stack, as a picture with their counts (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn tiles(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let reader = reader_locale(ctx).await;
    let result = match current_or_why(ctx, reader).await {
        Ok((game, _)) => {
            // Drawing is CPU work: off the async runtime.
            let drawn = tokio::task::spawn_blocking(move || {
                let discarded = tr!(reader, "ss-tiles-discarded", n = game.discarded().len());
                let text = tr!(reader, "ss-tiles-left", n = game.stack_size(), discarded = discarded);
                let images = render::remaining_tiles_png(&game).map(|png| Image { name: "tiles.png".into(), png }).into_iter().collect();
                Reply { text, images, ..Reply::default() }
            })
            .await;
            drawn.map_err(|e| ServiceError::Internal(e.into()))
        }
        Err(why) => Err(why),
    };
    respond_private(ctx, result).await
}

/// The ships on display and how many are left (only to you).
#[poise::command(slash_command, guild_only)]
pub(crate) async fn ships(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let reader = reader_locale(ctx).await;
    let result = match current_or_why(ctx, reader).await {
        Ok((game, _)) => {
            let display: Vec<String> = game.display().iter().map(|&s| format!("• {}", text::ship(&game, s, reader))).collect();
            let text = tr!(reader, "ss-ships-shown", list = display.join("\n"), n = game.ship_stack_size());
            Ok(Reply { text, ..Reply::default() })
        }
        Err(why) => Err(why),
    };
    respond_private(ctx, result).await
}
