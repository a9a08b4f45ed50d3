//! Slash commands: each validates its arguments into a service call.

use super::{Context, Error, actor_of, convert, deliver, missing_permissions, user_message};
use crate::games::southseas::text::{self, Names};
use crate::games::southseas::typed::{self, Step};
use crate::service::{GameOptions, Place, Reply, ServiceError};
use poise::serenity_prelude as serenity;
use southseas_engine::{Action, Game, RetrieveRule};

pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        new(),
        join(),
        leave(),
        start(),
        place(),
        islander(),
        ship(),
        deliver(),
        pay(),
        endturn(),
        undo(),
        abandon(),
        board(),
        status(),
        tiles(),
        ships(),
        history(),
        rules(),
        help(),
    ]
}

fn place_of(ctx: Context<'_>) -> Place {
    Place { guild_id: ctx.guild_id().map_or(0, |g| g.get()), channel_id: ctx.channel_id().get() }
}

fn actor(ctx: Context<'_>) -> crate::service::Actor {
    match ctx {
        poise::Context::Application(a) => actor_of(&a.interaction.user, a.interaction.member.as_deref()),
        poise::Context::Prefix(p) => actor_of(&p.msg.author, None),
    }
}

fn app_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    }
}

/// Acknowledges the command at once, privately (Discord drops an interaction not answered
/// within 3 seconds): before any database or image work. Errors then fill in this private
/// answer; what the channel should see is posted as a new message.
async fn acknowledge(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    Ok(())
}

/// Sends the result of a change: the message it owes the channel (a new message: it may ping
/// someone), or a private error that says what to do instead.
async fn respond(ctx: Context<'_>, result: Result<Reply, ServiceError>) -> Result<(), Error> {
    match result {
        Ok(reply) => {
            let posted = deliver::deliver(ctx.http(), &ctx.data().service, reply, deliver::Via::New(ctx.channel_id())).await;
            match (posted, ctx) {
                // The public message says it all: the private "thinking…" goes away.
                (Some(_), poise::Context::Application(a)) => {
                    if let Err(e) = a.interaction.delete_response(ctx.http()).await {
                        tracing::warn!("could not remove the private acknowledgement: {e}");
                    }
                }
                (Some(_), poise::Context::Prefix(_)) => {}
                (None, _) => {
                    ctx.send(poise::CreateReply::default().content(NOT_POSTED).ephemeral(true)).await?;
                }
            }
        }
        Err(e) => {
            ctx.send(poise::CreateReply::default().content(user_message(e)).ephemeral(true)).await?;
        }
    }
    Ok(())
}

/// Said when a change was made but its message could not be posted yet (the outbox retries).
const NOT_POSTED: &str = "Done, but I couldn't post it to the channel just now; it will appear shortly.";

/// For lookups: private to the asker (already acknowledged privately).
async fn respond_private(ctx: Context<'_>, result: Result<Reply, ServiceError>) -> Result<(), Error> {
    match result {
        Ok(mut reply) => {
            if let Err(e) = ctx.data().service.attach_images(&mut reply).await {
                tracing::error!("drawing the board failed: {e}");
            }
            let reply = Reply { mention: None, buttons: Vec::new(), menu: None, ..reply };
            ctx.send(convert::create_reply(&reply, true)).await?
        }
        Err(e) => ctx.send(poise::CreateReply::default().content(user_message(e)).ephemeral(true)).await?,
    };
    Ok(())
}

async fn act(ctx: Context<'_>, action: Result<Action, String>) -> Result<(), Error> {
    let result = match action {
        Ok(action) => ctx.data().service.act(place_of(ctx), &actor(ctx), action).await,
        Err(message) => Err(ServiceError::User(message)),
    };
    respond(ctx, result).await
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RetrieveChoice {
    #[name = "empty-supply: only when you have no islander left (English rules)"]
    EmptySupply,
    #[name = "any-turn: any turn you place none (German rules, online version)"]
    AnyTurn,
}

/// Open a game of Carcassonne: South Seas in this channel.
#[poise::command(slash_command, guild_only)]
async fn new(
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
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.join(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

/// Leave the game waiting for players in this channel.
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.leave(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

/// Start the game (for the player who opened it).
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    if let Some(message) = missing_permissions(app_permissions(ctx)) {
        return respond(ctx, Err(ServiceError::User(message))).await;
    }
    let result = ctx.data().service.start(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

async fn current(ctx: Context<'_>) -> Option<(Game, Names)> {
    let (game, _, _, names) = ctx.data().service.snapshot(place_of(ctx), ctx.author().id.get()).await.ok()?;
    Some((game, names))
}

fn choices(items: impl IntoIterator<Item = (String, String)>) -> serenity::CreateAutocompleteResponse {
    let choices =
        items.into_iter().take(25).map(|(label, value)| serenity::AutocompleteChoice::new(text::truncate(&label, 100), value)).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// "A · (1, 0) · 90°" for every legal spot and rotation, as on the board image.
async fn spots(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Place, typed).await
}

async fn options(ctx: Context<'_>, step: Step, typed: &str) -> serenity::CreateAutocompleteResponse {
    let items = current(ctx).await.map(|(game, _)| typed::suggestions(&game, step, typed)).unwrap_or_default();
    choices(items)
}

/// Reads a step command's input against the channel's game (after acknowledging).
async fn typed_action(ctx: Context<'_>, step: Step, input: &str) -> Result<Action, String> {
    match current(ctx).await {
        Some((game, _)) => typed::parse(&game, step, input),
        None => Err("There is no running game in this channel. Start one with `/new`.".into()),
    }
}

/// Place the drawn tile: pick a spot and rotation (the letters on the board image).
#[poise::command(slash_command, guild_only)]
async fn place(
    ctx: Context<'_>,
    #[description = "Spot and rotation, e.g. B 90"]
    #[autocomplete = "spots"]
    spot: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let action = typed_action(ctx, Step::Place, &spot).await;
    act(ctx, action).await
}

async fn islander_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Islander, typed).await
}

/// Place an islander on the tile you just placed, take one back, or skip.
#[poise::command(slash_command, guild_only)]
async fn islander(
    ctx: Context<'_>,
    #[description = "Where to put it (or take back / none)"]
    #[autocomplete = "islander_options"]
    choice: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let action = typed_action(ctx, Step::Islander, &choice).await;
    act(ctx, action).await
}

async fn market_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Ship, typed).await
}

/// Choose the ship your completed market gives you (when several are worth the most).
#[poise::command(slash_command, guild_only)]
async fn ship(
    ctx: Context<'_>,
    #[description = "One of the most valuable ships"]
    #[autocomplete = "market_options"]
    choice: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let action = typed_action(ctx, Step::Ship, &choice).await;
    act(ctx, action).await
}

async fn delivery_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Deliver, typed).await
}

/// Deliver wares to a ship on display (this ends your turn).
#[poise::command(slash_command, guild_only)]
async fn deliver(
    ctx: Context<'_>,
    #[description = "A ship you can pay"]
    #[autocomplete = "delivery_options"]
    ship: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let action = typed_action(ctx, Step::Deliver, &ship).await;
    act(ctx, action).await
}

async fn payment_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    options(ctx, Step::Pay, typed).await
}

/// Choose how to pay the ship you are delivering to.
#[poise::command(slash_command, guild_only)]
async fn pay(
    ctx: Context<'_>,
    #[description = "Which wares to give"]
    #[autocomplete = "payment_options"]
    payment: String,
) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let action = typed_action(ctx, Step::Pay, &payment).await;
    act(ctx, action).await
}

/// End your turn without delivering.
#[poise::command(slash_command, guild_only)]
async fn endturn(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    act(ctx, Ok(Action::EndTurn)).await
}

/// Undo your last step of this turn (not once a new tile or ship was revealed).
#[poise::command(slash_command, guild_only)]
async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    // The step to undo is the one that was last when the player sent the command.
    let sent_ms = super::snowflake_ms(ctx.id());
    let result = ctx.data().service.undo(place_of(ctx), &actor(ctx), Some(sent_ms)).await;
    respond(ctx, result).await
}

/// End the game here: at once for its opener, by majority vote for the other players.
#[poise::command(slash_command, guild_only)]
async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.abandon(place_of(ctx), &actor(ctx)).await;
    respond(ctx, result).await
}

/// Show the board (only to you).
#[poise::command(slash_command, guild_only)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.board(place_of(ctx)).await;
    respond_private(ctx, result).await
}

/// Wares, ships, islanders and scores of every player (only to you).
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = ctx.data().service.status(place_of(ctx)).await;
    respond_private(ctx, result).await
}

/// The tiles still in the stack (only to you).
#[poise::command(slash_command, guild_only)]
async fn tiles(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = match current(ctx).await {
        Some((game, _)) => {
            let kinds: Vec<String> = game.remaining_tiles().iter().map(|(t, n)| format!("{}×{}", n, game.tiles().get(*t).name)).collect();
            Ok(Reply {
                text: text::truncate(
                    &format!("**{} tiles left** ({} discarded): {}", game.stack_size(), game.discarded().len(), kinds.join(", ")),
                    2000,
                ),
                ..Reply::default()
            })
        }
        None => Err(ServiceError::User("There is no running game in this channel.".into())),
    };
    respond_private(ctx, result).await
}

/// The ships on display and how many are left (only to you).
#[poise::command(slash_command, guild_only)]
async fn ships(ctx: Context<'_>) -> Result<(), Error> {
    acknowledge(ctx).await?;
    let result = match current(ctx).await {
        Some((game, _)) => {
            let display: Vec<String> = game.display().iter().map(|&s| format!("• {}", text::ship(&game, s))).collect();
            Ok(Reply {
                text: format!("**Ships on display**\n{}\n{} more in the stack.", display.join("\n"), game.ship_stack_size()),
                ..Reply::default()
            })
        }
        None => Err(ServiceError::User("There is no running game in this channel.".into())),
    };
    respond_private(ctx, result).await
}

/// What happened in the last turns (only to you).
#[poise::command(slash_command, guild_only)]
async fn history(
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

pub const RULES: &str = "**Carcassonne: South Seas in one minute**
1. **Place the drawn tile** so every edge it shares matches (island–island, sea–sea, bridge–bridge).
2. **Islander:** put one on the new tile's island (banana picker), bridge (shell collector), sea (fisherman) or market (merchant) — only if that feature holds nobody yet. Or take one back (when your supply is empty, unless the game uses *any-turn*), or skip.
3. **Evaluation:** a completed island/bridge/sea pays 1 banana/shell/fish per symbol to the player(s) with the most islanders there; a completed market (8 tiles around) gives its merchant the best ship on display. A new tile with a **fishing boat** on an occupied sea pays its fish at once and covers 2 of them. Islanders on evaluated features come home.
4. **Deliver:** pay one ship on display its wares to keep it, or end your turn.
**End:** after the last tile, or when no ships are left. Unfinished islands, bridges and seas pay out; markets don't. **Score** = ship values + 1 point per 3 wares left.";

/// The rules in one minute (only to you).
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    respond_private(ctx, Ok(Reply { text: RULES.into(), ..Reply::default() })).await
}

pub const HELP: &str = "**How to play here**
`/new` opens a game in this channel; friends press **Join**; the opener presses **Start**.
On your turn the bot pings you with the board. Then:
• `/place` — pick a lettered spot and rotation (or use the menu under the board)
• `/islander` — put an islander on the new tile, take one back, or none (or the buttons)
• `/deliver` / `/pay` — give wares to a ship, or `/endturn`
• `/ship` — choose your market's ship when asked
Anytime: `/board`, `/status`, `/tiles`, `/ships`, `/history`, `/rules`. Made a slip? `/undo` (until a new tile or ship is revealed). `/abandon` ends a game.";

/// How to play with this bot (only to you).
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond_private(ctx, Ok(Reply { text: HELP.into(), ..Reply::default() })).await
}
