//! Slash commands: each validates its arguments into a service call.

use super::{Context, Error, actor_of, convert, deliver, missing_permissions, user_message};
use crate::service::text::{self, Names};
use crate::service::{Command, GameOptions, Place, Reply, ServiceError};
use poise::serenity_prelude as serenity;
use southseas_engine::{Action, Game, Phase, RetrieveRule, Rotation, ShipId};

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

fn matches(label: &str, typed: &str) -> bool {
    let typed = typed.trim().to_lowercase();
    typed.is_empty() || label.to_lowercase().contains(&typed)
}

fn choices(items: impl IntoIterator<Item = (String, String)>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let choices = items
        .into_iter()
        .filter(|(label, _)| matches(label, typed))
        .take(25)
        .map(|(label, value)| serenity::AutocompleteChoice::new(text::truncate(&label, 100), value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// "A · (1, 0) · 90°" for every legal spot and rotation, as on the board image.
async fn spots(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let items = current(ctx).await.map(|(game, _)| placement_items(&game)).unwrap_or_default();
    choices(items, typed)
}

pub fn placement_items(game: &Game) -> Vec<(String, String)> {
    game.placement_spots()
        .iter()
        .flat_map(|s| {
            s.rotations.iter().map(move |&r| {
                (
                    format!("{} · {} · {}°", s.label, text::coords(s.pos), r.degrees()),
                    Command::Act(Action::PlaceTile { pos: s.pos, rotation: r }).code(),
                )
            })
        })
        .collect()
}

/// Reads what `/place` got: a chosen option's code, or typed text like "B 90" or "b".
pub fn parse_placement(game: &Game, input: &str) -> Result<Action, String> {
    if let Some(Command::Act(action @ Action::PlaceTile { .. })) = Command::parse(input.trim()) {
        return Ok(action);
    }
    let cleaned = input.replace(['°', '·', ',', '(', ')'], " ");
    let mut words = cleaned.split_whitespace();
    let label = words.next().unwrap_or("").to_uppercase();
    let spots = game.placement_spots();
    let Some(spot) = spots.iter().find(|s| s.label == label) else {
        return Err(format!(
            "There is no spot {} for this tile. Pick one from the list (the letters on the board image).",
            text::quote(&label)
        ));
    };
    // The rotation comes last ("B 90", or "B · (1, 0) · 90°" copied from the list).
    let rotation = match words.filter_map(|w| w.parse::<u32>().ok()).next_back() {
        Some(deg) => Rotation::from_degrees(deg).filter(|r| spot.rotations.contains(r)).ok_or_else(|| {
            let fits: Vec<String> = spot.rotations.iter().map(|r| format!("{}°", r.degrees())).collect();
            format!("At {label} the tile fits turned {} only.", fits.join(" or "))
        })?,
        None if spot.rotations.len() == 1 => spot.rotations[0],
        None => {
            let fits: Vec<String> = spot.rotations.iter().map(|r| format!("`{label} {}`", r.degrees())).collect();
            return Err(format!("Say how to turn the tile at {label}: {}.", fits.join(", ")));
        }
    };
    Ok(Action::PlaceTile { pos: spot.pos, rotation })
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
    let action = match current(ctx).await {
        Some((game, _)) => parse_placement(&game, &spot),
        None => Err("There is no running game in this channel. Start one with `/new`.".into()),
    };
    act(ctx, action).await
}

fn phase_items(game: &Game, wanted: fn(&Action) -> bool) -> Vec<(String, String)> {
    game.legal_actions().iter().filter(|a| wanted(a)).map(|a| (text::action_label(game, a), Command::Act(*a).code())).collect()
}

fn parse_choice(input: &str, game: Option<&Game>, wanted: fn(&Action) -> bool, what: &str) -> Result<Action, String> {
    match Command::parse(input.trim()) {
        Some(Command::Act(a)) if wanted(&a) => Ok(a),
        _ => {
            // Typed text: accept it when it names exactly one option.
            if let Some(game) = game {
                let hits: Vec<Action> =
                    game.legal_actions().into_iter().filter(|a| wanted(a) && matches(&text::action_label(game, a), input)).collect();
                if let [only] = hits.as_slice() {
                    return Ok(*only);
                }
            }
            Err(format!("Pick {what} from the list that appears as you type."))
        }
    }
}

async fn islander_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let items = current(ctx).await.map(|(g, _)| phase_items(&g, is_islander)).unwrap_or_default();
    choices(items, typed)
}

fn is_islander(a: &Action) -> bool {
    matches!(a, Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } | Action::SkipIslander)
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
    let game = current(ctx).await.map(|(g, _)| g);
    act(ctx, parse_choice(&choice, game.as_ref(), is_islander, "an islander option")).await
}

fn is_market_choice(a: &Action) -> bool {
    matches!(a, Action::ChooseShip { .. })
}

async fn market_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let items = current(ctx).await.map(|(g, _)| phase_items(&g, is_market_choice)).unwrap_or_default();
    choices(items, typed)
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
    let game = current(ctx).await.map(|(g, _)| g);
    act(ctx, parse_choice(&choice, game.as_ref(), is_market_choice, "a ship")).await
}

fn is_delivery(a: &Action) -> bool {
    matches!(a, Action::Deliver { .. })
}

async fn delivery_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let items = current(ctx)
        .await
        .map(|(g, _)| {
            let mut items = phase_items(&g, is_delivery);
            if items.is_empty() && g.phase() == Phase::Deliver {
                // Say why the list is empty instead of showing nothing.
                items.push(("You can't pay any ship on display right now: use /endturn".into(), "e".into()));
            }
            items
        })
        .unwrap_or_default();
    choices(items, typed)
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
    let game = current(ctx).await.map(|(g, _)| g);
    let action = parse_choice(&ship, game.as_ref(), is_delivery, "a ship").or_else(|e| {
        // Ship ids typed by hand, e.g. "S07".
        let g = game.as_ref().ok_or(e.clone())?;
        g.ships().id_of(ship.trim()).map(|s: ShipId| Action::Deliver { ship: s }).ok_or(e)
    });
    act(ctx, action).await
}

fn is_payment(a: &Action) -> bool {
    matches!(a, Action::Pay { .. })
}

async fn payment_options(ctx: Context<'_>, typed: &str) -> serenity::CreateAutocompleteResponse {
    let items = current(ctx).await.map(|(g, _)| phase_items(&g, is_payment)).unwrap_or_default();
    choices(items, typed)
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
    let game = current(ctx).await.map(|(g, _)| g);
    act(ctx, parse_choice(&payment, game.as_ref(), is_payment, "a payment")).await
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
    // The step to undo is the one that was last when the command arrived: read before any
    // await, so two `/undo` sent at once undo one step.
    let seen = ctx.data().service.seen_version(place_of(ctx));
    acknowledge(ctx).await?;
    let result = ctx.data().service.undo(place_of(ctx), &actor(ctx), seen).await;
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

#[cfg(test)]
mod tests {
    use super::*;
    use southseas_engine::Options;

    #[test]
    fn typed_placements_resolve_to_labelled_spots() {
        let game = Game::new(Options::default(), 2, 3).unwrap();
        let spots = game.placement_spots();
        let first = &spots[0];
        let deg = first.rotations[0].degrees();
        let expected = Action::PlaceTile { pos: first.pos, rotation: first.rotations[0] };
        assert_eq!(parse_placement(&game, &format!("{} {deg}", first.label.to_lowercase())), Ok(expected));
        assert_eq!(parse_placement(&game, &format!("{} · {} · {deg}°", first.label, text::coords(first.pos))), Ok(expected));
        assert_eq!(parse_placement(&game, &Command::Act(expected).code()), Ok(expected));
        assert!(parse_placement(&game, "ZZ 90").unwrap_err().contains("no spot `ZZ`"));
        // Every autocomplete value parses back to its placement.
        for (label, value) in placement_items(&game) {
            assert!(parse_placement(&game, &value).is_ok(), "{label}");
            assert!(label.len() <= 100);
        }
    }
}
