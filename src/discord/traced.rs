//! A span per interaction, so that one step can be followed in the log: what came in (a slash
//! command, a button or menu, an autocomplete), from whom, where, on which shard, and, once the
//! service knows it, the game and the version its change made. Everything the bot logs while
//! handling it (the committed change, the message posted, a failure) carries these fields, in
//! whichever process (shard) handled it; the interaction's id is the key to grep across
//! processes, and a game's due items and posts carry the game in spans of their own.
//!
//! The span wraps the whole of poise's dispatch of the event (serenity's `Framework` trait):
//! poise handles a command or a click inline in `dispatch`, so every log line of it is inside.

use poise::serenity_prelude as serenity;

/// A serenity framework (poise's) whose every interaction is handled inside its span.
pub struct Traced<F>(pub F);

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Traced<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.0.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        use tracing::Instrument;
        match span_of(&event, ctx.shard_id.0) {
            Some(span) => self.0.dispatch(ctx, event).instrument(span).await,
            None => self.0.dispatch(ctx, event).await,
        }
    }
}

/// The span of an interaction event (None for the gateway's other events). `game` and
/// `version` are filled in by the service when it commits a change (see `Service::committed`).
pub fn span_of(event: &serenity::FullEvent, shard: u32) -> Option<tracing::Span> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else { return None };
    let (kind, what, user, channel, guild) = match interaction {
        serenity::Interaction::Command(c) => ("command", c.data.name.clone(), c.user.id, c.channel_id, c.guild_id),
        serenity::Interaction::Autocomplete(c) => ("autocomplete", c.data.name.clone(), c.user.id, c.channel_id, c.guild_id),
        serenity::Interaction::Component(c) => ("component", c.data.custom_id.clone(), c.user.id, c.channel_id, c.guild_id),
        serenity::Interaction::Modal(m) => ("modal", m.data.custom_id.clone(), m.user.id, m.channel_id, m.guild_id),
        serenity::Interaction::Ping(_) => return None,
        _ => ("other", String::new(), serenity::UserId::new(1), serenity::ChannelId::new(1), None),
    };
    Some(tracing::info_span!(
        "interaction",
        id = interaction.id().get(),
        kind,
        what = %what,
        user = user.get(),
        channel = channel.get(),
        guild = guild.map_or(0, |g| g.get()),
        shard,
        game = tracing::field::Empty,
        version = tracing::field::Empty,
    ))
}
