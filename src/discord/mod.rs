//! The Discord layer: poise commands and component handlers, each a thin adapter that turns
//! Discord input into a service call and the service's [`Reply`] into a message.

pub(crate) mod commands;
mod convert;
pub mod deliver;
pub mod permissions;
pub mod places;
pub(crate) mod respond;
pub mod shards;
pub mod threads;
pub mod traced;
pub mod types;

pub use convert::user_message;
pub use permissions::{NEEDED_PERMISSIONS, missing_permissions};
pub use respond::{actor_of, snowflake_ms};
pub use shards::Shards;
pub use types::{Context, Data, Error};

use crate::i18n::Locale;
use crate::service::replay::ReplayButton;
use crate::service::reply::count;
use crate::service::{Command, ComponentId, Origin, Place, Reply, Service, ServiceError};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

#[derive(Clone)]
pub struct DiscordConfig {
    pub token: String,
    /// Register commands in this guild only (instant, for development); globally otherwise.
    pub dev_guild: Option<u64>,
    /// Base URL of a Discord double (tests): requests and the gateway go there instead.
    pub api_base: Option<String>,
    /// The gateway shards this process runs.
    pub shards: Shards,
    /// Whether `run` registers the slash commands (only ever when it runs shard 0).
    pub register: bool,
    /// How long a request to Discord may take before the bot gives up on it (see
    /// [`REQUEST_TIMEOUT`]); the time serenity's ratelimiter waits before sending is not counted.
    pub request_timeout: std::time::Duration,
}

/// How long a request to Discord may take, answer included: far longer than Discord takes
/// even with a board picture, short enough that a post Discord never answers is soon tried
/// again (through its nonce, so that a post Discord did make is not made twice).
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

impl DiscordConfig {
    /// One process running every shard Discord recommends, registering the commands: what a
    /// bot in few servers needs.
    pub fn new(token: &str, dev_guild: Option<u64>, api_base: Option<String>) -> DiscordConfig {
        DiscordConfig {
            token: token.to_string(),
            dev_guild,
            api_base,
            shards: Shards::Auto,
            register: true,
            request_timeout: REQUEST_TIMEOUT,
        }
    }

    /// The same, giving up on a request to Discord after `timeout` (tests make Discord hang).
    pub fn with_request_timeout(mut self, timeout: std::time::Duration) -> DiscordConfig {
        self.request_timeout = timeout;
        self
    }

    /// The REST client, aimed at the double when `api_base` is set. In production serenity's
    /// ratelimiter honours Discord's rate limits (it waits out `X-RateLimit-Reset-After` before
    /// a bucket's next request, and a 429's `Retry-After` before trying it again), so a rate
    /// limit reaches the outbox only with the ratelimiter off (the double).
    fn http(&self) -> anyhow::Result<serenity::Http> {
        // The client serenity would build (rustls), with a timeout: serenity's has none.
        let client = reqwest::Client::builder().use_rustls_tls().timeout(self.request_timeout).build()?;
        let mut http = serenity::HttpBuilder::new(&self.token).client(client);
        if let Some(base) = &self.api_base {
            // The proxy setting only takes effect with the ratelimiter off.
            http = http.proxy(base.as_str()).ratelimiter_disabled(true);
        }
        Ok(http.build())
    }
}

impl std::fmt::Debug for DiscordConfig {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &"<redacted>")
            .field("dev_guild", &self.dev_guild)
            .field("api_base", &self.api_base)
            .field("shards", &self.shards)
            .field("register", &self.register)
            .field("request_timeout", &self.request_timeout)
            .finish()
    }
}

/// The framework, as `serve` and the end-to-end tests run it.
pub fn framework(service: Arc<Service>) -> poise::Framework<Data, Error> {
    let options = poise::FrameworkOptions {
        commands: commands::all(),
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |framework, event| Box::pin(on_event(framework.serenity_context, event, framework.user_data)),
        // The owner lookup needs an extra request and nothing here uses owners.
        initialize_owners: false,
        ..Default::default()
    };
    poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                // poise runs this once per process, on the first shard's READY.
                tracing::info!(user = %ready.user.name, shard = ?ready.shard, guilds = ready.guilds.len(), "connected to Discord");
                // Messages that steps of an earlier run still owe, and buttons left to retire.
                match service.release_own_claims().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!("{} left owed by the last run will be posted now", count(n, "step message")),
                    Err(e) => tracing::warn!("could not read the outbox: {e}"),
                }
                if let Err(e) = service.release_own_due().await {
                    tracing::warn!("could not read the schedule: {e}");
                }
                tokio::spawn(deliver::sweep_forever(std::sync::Arc::clone(&ctx.http), std::sync::Arc::clone(&service)));
                tokio::spawn(deliver::schedule_forever(std::sync::Arc::clone(&ctx.http), std::sync::Arc::clone(&service)));
                Ok(Data { service })
            })
        })
        .build()
}

/// Registers the slash commands, in `dev_guild` only (instant) or globally (Discord takes up to
/// an hour to show them everywhere), over REST alone: no gateway connection is needed. Returns
/// how many were registered. Registering replaces the whole set, so running it again is harmless.
pub async fn register(config: &DiscordConfig) -> anyhow::Result<usize> {
    register_with(&config.http()?, config.dev_guild).await
}

async fn register_with(http: &serenity::Http, dev_guild: Option<u64>) -> anyhow::Result<usize> {
    // Registration needs the application id, which a client otherwise learns from READY.
    let application = http.get_current_application_info().await?;
    http.set_application_id(application.id);
    let commands = poise::builtins::create_application_commands(&commands::all());
    let registered = match dev_guild {
        Some(guild) => serenity::GuildId::new(guild).set_commands(http, commands).await?,
        None => serenity::Command::set_global_commands(http, commands).await?,
    };
    Ok(registered.len())
}

/// Connects this process's shards and runs until they stop. Registers the slash commands first
/// when this process runs shard 0 and registering is on: once per process start, before any
/// connection, so a reconnect (a new READY) never registers again, and a deployment of many
/// processes registers from one.
pub async fn run(config: DiscordConfig, service: Arc<Service>) -> anyhow::Result<()> {
    let http = config.http()?;
    if config.register && config.shards.runs_designated_shard() {
        match register_with(&http, config.dev_guild).await {
            Ok(n) => tracing::info!(commands = n, dev_guild = ?config.dev_guild, "registered the slash commands"),
            // Discord keeps the commands registered before, so serving on is better than not.
            Err(e) => tracing::error!("could not register the slash commands (those registered before stay): {e:#}"),
        }
    }
    // Interactions arrive without any intent; GUILDS keeps the guild list current.
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents).framework(traced::Traced(framework(service))).await?;
    config.shards.start(&mut client).await?;
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error:#}");
            let text = convert::apology(respond::reader_locale(ctx).await);
            let _ = ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await;
        }
        poise::FrameworkError::Setup { error, .. } => tracing::error!("setup failed: {error:#}"),
        // Discord checks a command's options before sending it, but a client may skip that:
        // an option poise can't read still gets a private answer (poise's own says nothing
        // for a mismatch, and its parse error speaks to developers).
        poise::FrameworkError::ArgumentParse { ctx, input, error, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, ?input, "an option could not be read: {error}");
            let text = unreadable_option(&ctx.command().qualified_name, input.as_deref(), respond::reader_locale(ctx).await);
            let _ = ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await;
        }
        poise::FrameworkError::CommandStructureMismatch { ctx, description, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, "an option could not be read: {description}");
            let text =
                unreadable_option(&ctx.command().qualified_name, None, respond::reader_locale(poise::Context::Application(ctx)).await);
            let _ = poise::Context::Application(ctx).send(poise::CreateReply::default().content(text).ephemeral(true)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {e}");
            }
        }
    }
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), Error> {
    // A server's name, as Discord tells it on connecting and on a rename: a reminder sent by
    // direct message names the server its game is played in.
    let named = match event {
        serenity::FullEvent::GuildCreate { guild, .. } => Some((guild.id, guild.name.as_str())),
        serenity::FullEvent::GuildUpdate { new_data, .. } => Some((new_data.id, new_data.name.as_str())),
        _ => None,
    };
    if let Some((guild, name)) = named
        && let Err(e) = data.service.server_named(guild.get(), name).await
    {
        tracing::warn!(guild = guild.get(), "could not record a server's name: {e}");
    }
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(component) } = event
        && let Err(e) = tallied_tap(ctx, data, component).await
    {
        tracing::error!(custom_id = %component.data.custom_id, "component failed: {e:#}");
        let locale = Locale::from_discord(&component.locale).unwrap_or_default();
        let followup = serenity::CreateInteractionResponseFollowup::new().content(convert::apology(locale)).ephemeral(true);
        let _ = component.create_followup(&ctx.http, followup).await;
    }
    Ok(())
}

/// A click handled, its database sessions counted (see [`crate::store::Tally`]): noted as
/// `tap CODE` (the component id's last part, the game's own code or the host's command).
async fn tallied_tap(ctx: &serenity::Context, data: &Data, ci: &serenity::ComponentInteraction) -> Result<(), Error> {
    let (result, tally) = crate::store::tallied(on_component(ctx, data, ci)).await;
    let code = ci.data.custom_id.rsplit(':').next().unwrap_or_default();
    data.service.store().note(&format!("tap {code}"), tally);
    result
}

/// A button or select menu click: acknowledge at once (the 3-second deadline), then act.
async fn on_component(ctx: &serenity::Context, data: &Data, ci: &serenity::ComponentInteraction) -> Result<(), Error> {
    if let Some(button) = ReplayButton::parse(&ci.data.custom_id) {
        return on_replay_button(ctx, data, ci, button).await;
    }
    let id = ComponentId::parse(&ci.data.custom_id);
    let value = match &ci.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let command = id.as_ref().and_then(|id| id.command.clone().or_else(|| value.as_deref().and_then(Command::parse)));
    let private = matches!(command, Some(Command::Board | Command::Status | Command::Hand));
    // A click on a message only the clicker sees (a builder of their discard): never recorded
    // as one of the game's messages, and a step taken on it is a new channel message.
    let on_ephemeral = deliver::on_ephemeral(ci);
    let acknowledgement = if private {
        serenity::CreateInteractionResponse::Defer(serenity::CreateInteractionResponseMessage::new().ephemeral(true))
    } else {
        serenity::CreateInteractionResponse::Acknowledge
    };
    respond::first_answer(|| ci.create_response(&ctx.http, acknowledgement.clone())).await?;
    let place = Place { guild_id: ci.guild_id.map_or(0, |g| g.get()), channel_id: ci.channel_id.get() };
    let actor = respond::with_reader_locale(&data.service, actor_of(&ci.user, ci.member.as_ref()), Some(&ci.locale)).await;
    if matches!(command, Some(Command::Start))
        && let Some(message) = permissions::missing_in(ci.app_permissions, threads::room_here(ci.channel.as_ref()), actor.locale)
    {
        ci.create_followup(&ctx.http, serenity::CreateInteractionResponseFollowup::new().content(message).ephemeral(true)).await?;
        return Ok(());
    }
    let result = match &id {
        Some(id) => {
            let origin = if on_ephemeral { Origin::Typed } else { Origin::Clicked { message: ci.message.id.get(), version: id.version } };
            data.service.tap(place, &actor, id, value.as_deref(), origin).await
        }
        None => Err(ServiceError::User(crate::tr!(actor.locale, "err-unknown-button"))),
    };
    let mut reply = match result {
        Ok(reply) => reply,
        Err(error) => {
            let text = user_message(error, actor.locale);
            if private {
                ci.edit_response(&ctx.http, serenity::EditInteractionResponse::new().content(text)).await?;
            } else {
                ci.create_followup(&ctx.http, serenity::CreateInteractionResponseFollowup::new().content(text).ephemeral(true)).await?;
            }
            return Ok(());
        }
    };
    if private {
        if let Err(e) = data.service.attach_images(&mut reply).await {
            tracing::error!("drawing the board failed: {e}");
        }
        let reply = Reply { mention: None, more_mentions: Vec::new(), buttons: Vec::new(), menu: None, ..reply };
        ci.edit_response(&ctx.http, convert::edit(&reply)).await?;
        return Ok(());
    }
    deliver::send(&ctx.http, &data.service, reply, deliver::Via::Click(ci, actor.locale)).await
}

/// A press on `/replay`'s stepper (a private message): acknowledged as an update of that
/// message at once, then the message edited to show the step; a refusal (a forged id's game of
/// another channel) is a private follow-up.
async fn on_replay_button(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
    button: ReplayButton,
) -> Result<(), Error> {
    respond::first_answer(|| ci.create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)).await?;
    let place = Place { guild_id: ci.guild_id.map_or(0, |g| g.get()), channel_id: ci.channel_id.get() };
    let reader = data.service.reader_locale(ci.user.id.get(), Locale::from_discord(&ci.locale)).await;
    match data.service.replay_step(place, button, reader).await {
        Ok(reply) => {
            ci.edit_response(&ctx.http, convert::edit(&reply)).await?;
        }
        Err(error) => {
            let text = user_message(error, reader);
            ci.create_followup(&ctx.http, serenity::CreateInteractionResponseFollowup::new().content(text).ephemeral(true)).await?;
        }
    }
    Ok(())
}

/// The private answer to a command whose options could not be read (a number outside its
/// range, a choice that is not one of the list, text where a number belongs), in `locale`.
fn unreadable_option(command: &str, input: Option<&str>, locale: Locale) -> String {
    let what = match input.map(str::trim).filter(|i| !i.is_empty()) {
        Some(input) => format!("`{}`", crate::service::reply::truncate(&input.replace('`', "'"), 40)),
        None => crate::tr!(locale, "unreadable-option-any"),
    };
    crate::tr!(locale, "unreadable-option", what = what, command = command)
}
