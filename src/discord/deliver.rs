//! Posting what the service owes a channel.
//!
//! Every change the service makes records its message in the same transaction (the outbox).
//! The handler that made the change delivers it at once: on the message the step was taken on
//! when nothing new must be said to anyone, else as a new channel message (a mention notifies
//! only in a new message). Then it retires the buttons of every other message of the game.
//! A process that dies before that leaves the row behind; the sweeper (any process, once the
//! lease ran out) posts it. Channel posts carry a nonce made from the game and version with
//! `enforce_nonce`, so Discord keeps one message even if two processes post the same step.

use super::convert;
use super::types::{Context, Error};
use crate::i18n::Locale;
use crate::service::reply::retired_text;
use crate::service::{Delivery, Reply, Service};
use crate::store::GameId;
use poise::serenity_prelude as serenity;
use std::hash::{Hash, Hasher};
use std::time::Duration;
use tracing::Instrument;

/// Where a reply comes from, as Discord sees it: what its delivery is carried out with.
#[derive(Clone, Copy)]
pub enum Via<'a> {
    /// Nobody asked (the scheduler, the sweeper): the channel the game is played in.
    Channel(serenity::ChannelId),
    /// A slash command, acknowledged privately (see `respond::acknowledge`).
    Command(Context<'a>),
    /// A click on a message, acknowledged; `reader`: the clicker's language.
    Click(&'a serenity::ComponentInteraction, Locale),
}

/// Carries out what the service decided (`reply.delivery`) for a reply that came `via` a
/// command, a click or neither: the one place the Discord layer reads a delivery. What the
/// channel is owed is posted with its bookkeeping (failures are logged, not returned: the step
/// is committed whatever happens here, and the sweeper retries); an error is returned only
/// when a private answer could not be given.
pub async fn send(http: &serenity::Http, service: &Service, reply: Reply, via: Via<'_>) -> Result<(), Error> {
    match (&reply.delivery, via) {
        (Delivery::Ephemeral, via) => answer_privately(http, service, reply, via).await?,
        (Delivery::ComponentsOnly, Via::Click(ci, _)) => {
            // Another view of the same step (the turns that fit at a chosen spot): the message
            // keeps its text and pictures; only its buttons and menu change. Nothing is owed.
            ci.edit_response(http, serenity::EditInteractionResponse::new().components(convert::components(&reply))).await?;
        }
        (&Delivery::Private { to }, _) => {
            deliver_private(http, service, to, &reply).await;
        }
        (_, Via::Click(ci, reader)) if on_ephemeral(ci) && reply.game.is_some() => {
            // A step taken on a private message: the table hears of it in a new message, and the
            // private message keeps no buttons.
            let done = serenity::EditInteractionResponse::new().content(crate::tr!(reader, "done-see-channel")).components(Vec::new());
            if let Err(e) = ci.edit_response(http, done).await {
                tracing::warn!("could not close a private message: {e}");
            }
            if reply.carried().is_some() {
                leave_to_run(http, service, reply).await;
            } else {
                deliver(http, service, reply, Target::New(ci.channel_id)).await;
            }
        }
        (Delivery::Carried { .. }, Via::Command(ctx)) => {
            // The computer plays next, and its run's message says what this step did. The
            // private "thinking…" stays while the computer plays: it goes once that message is
            // out (or after a lease's time, when the sweeper posts the step as it is).
            let game = reply.game.map(|(game, _)| game);
            leave_to_run(http, service, reply).await;
            if let Some(game) = game
                && let Err(e) = service.wait_until_posted(game, crate::service::DEFAULT_LEASE).await
            {
                tracing::warn!(game, "could not follow the computer's run: {e}");
            }
            remove_acknowledgement(ctx).await;
        }
        (_, Via::Command(ctx)) => match deliver(http, service, reply, Target::New(ctx.channel_id())).await {
            // The public message says it all: the private "thinking…" goes away.
            Some(_) => remove_acknowledgement(ctx).await,
            None => {
                // In the asker's language: their `/settings language`, else their client's.
                let client = ctx.locale().and_then(Locale::from_discord);
                let text = crate::tr!(service.reader_locale(ctx.author().id.get(), client).await, "not-posted");
                ctx.send(poise::CreateReply::default().content(text).ephemeral(true)).await?;
            }
        },
        (_, Via::Click(ci, _)) => {
            // A change of the game: on the clicked message when it concerns only the clicker,
            // else a new message (it pings whoever must act). A notice that changed nothing (a
            // vote) is a plain new message and leaves the clicked message's buttons alone.
            // A change of another game (a finished game's Rematch opens or joins a new lobby)
            // never shows on this game's message: it keeps its text and buttons.
            let clicked_game = crate::service::ComponentId::parse(&ci.data.custom_id).map(|id| id.game);
            let same_game = reply.game.is_some_and(|(game, _)| Some(game) == clicked_game);
            let target = if same_game { Target::Clicked(ci) } else { Target::New(ci.channel_id) };
            deliver(http, service, reply, target).await;
        }
        (_, Via::Channel(channel)) => {
            deliver(http, service, reply, Target::New(channel)).await;
        }
    }
    Ok(())
}

/// Whether a click was made on a message only the clicker sees (a builder of their discard):
/// never one of the game's messages, and a step taken on it is a new channel message.
pub fn on_ephemeral(ci: &serenity::ComponentInteraction) -> bool {
    ci.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL))
}

/// The private "thinking…" of a slash command goes away (a prefix command has none).
async fn remove_acknowledgement(ctx: Context<'_>) {
    if let poise::Context::Application(a) = ctx
        && let Err(e) = a.interaction.delete_response(ctx.http()).await
    {
        tracing::warn!("could not remove the private acknowledgement: {e}");
    }
}

/// An answer for the person who typed or clicked alone ([`Delivery::Ephemeral`]): it pings
/// nobody and is never posted in the channel.
async fn answer_privately(http: &serenity::Http, service: &Service, mut reply: Reply, via: Via<'_>) -> Result<(), Error> {
    match via {
        Via::Command(ctx) => {
            let reply = Reply { mention: None, more_mentions: Vec::new(), ..reply };
            ctx.send(convert::create_reply(&reply, true)).await?;
        }
        Via::Click(ci, _) => {
            // In place of the private message they clicked, or a new one; with its picture when
            // it has one (a close-up of part of the board).
            if let Err(e) = service.attach_images(&mut reply).await {
                tracing::error!("drawing the board failed: {e}");
            }
            let text = convert::private_text(&reply.text);
            if on_ephemeral(ci) {
                let mut edit = serenity::EditInteractionResponse::new().content(text).components(convert::components(&reply));
                if reply.show_board {
                    // The clicked message's picture gives way to this one.
                    edit = edit.clear_attachments();
                    for a in convert::attachments(&reply) {
                        edit = edit.new_attachment(a);
                    }
                }
                ci.edit_response(http, edit).await?;
            } else {
                let followup = serenity::CreateInteractionResponseFollowup::new()
                    .content(text)
                    .components(convert::components(&reply))
                    .add_files(convert::attachments(&reply))
                    .ephemeral(true);
                ci.create_followup(http, followup).await?;
            }
        }
        Via::Channel(_) => tracing::warn!(game = ?reply.game, "an answer for one person has nobody to answer: not posted"),
    }
    Ok(())
}

/// Where a message for the channel goes besides a new message.
#[derive(Clone, Copy)]
enum Target<'a> {
    /// A new message in the channel.
    New(serenity::ChannelId),
    /// The message a button was clicked on: updated in place unless the reply must be new.
    Clicked(&'a serenity::ComponentInteraction),
}

/// Posts a message the service owes the channel (and the private posts that go with it) and
/// settles the bookkeeping.
async fn deliver(http: &serenity::Http, service: &Service, mut reply: Reply, target: Target<'_>) -> Option<serenity::MessageId> {
    let private = std::mem::take(&mut reply.private);
    let posted = deliver_public(http, service, reply, target).await;
    // What the change told each player privately goes out once the table has its message; if
    // that message failed, the sweeper posts both in the same order later.
    if posted.is_some() {
        for post in private {
            if let Delivery::Private { to } = post.delivery {
                deliver_private(http, service, to, &post).await;
            }
        }
    } else {
        // They go with it when the sweeper tries it again, not when this process's lease ends.
        for post in private {
            if let (Delivery::Private { to }, Some((game, version))) = (&post.delivery, post.game) {
                retry_soon(service, game, version, *to).await;
            }
        }
    }
    posted
}

/// A typed step the computer's run will tell ([`Delivery::Carried`]): the channel hears of it
/// in the run's message; what it told players privately goes out now.
async fn leave_to_run(http: &serenity::Http, service: &Service, reply: Reply) {
    for post in reply.private {
        if let Delivery::Private { to } = post.delivery {
            deliver_private(http, service, to, &post).await;
        }
    }
}

/// A post for one player alone, by direct message only: private information never falls back
/// to the channel. Closed direct messages end it (the player sees their cards with the game's
/// own private command); a passing failure leaves it owed, for the sweeper.
async fn deliver_private(http: &serenity::Http, service: &Service, user: u64, reply: &Reply) -> Option<serenity::MessageId> {
    let (game, version) = reply.game?;
    let (posted, settled) = match post_direct(http, user, reply).await {
        Ok(message) => (Some(message), true),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) if r.status_code.as_u16() == 403 => {
            tracing::info!(game, user, "direct messages are closed: a private post is dropped, never shown in the channel");
            (None, true)
        }
        Err(e) => {
            tracing::warn!(game, user, "could not send a private post (it stays owed): {}", describe(&e));
            if soon(&e) {
                retry_after(service, game, version, user, &e).await;
            }
            (None, false)
        }
    };
    if settled {
        patiently("record a private post as sent", game, || service.delivered_private(game, version, user)).await;
    }
    posted
}

/// A post for the channel (or a reminder, perhaps by direct message), and its bookkeeping.
async fn deliver_public(http: &serenity::Http, service: &Service, mut reply: Reply, target: Target<'_>) -> Option<serenity::MessageId> {
    if let Err(e) = service.attach_images(&mut reply).await {
        tracing::error!("drawing the board failed: {e}");
    }
    let has_choices = !reply.buttons.is_empty() || reply.menu.is_some();
    // The clicked message, once retired here: not retired a second time below.
    let mut retired_clicked = None;
    let posted = match target {
        Target::Clicked(ci) if !reply.delivery.is_new_message() => ci.edit_response(http, convert::edit(&reply)).await.map(|m| m.id),
        Target::Clicked(ci) => {
            let posted = post(http, ci.channel_id, &reply).await;
            if posted.is_ok() {
                // The clicked message is stale now; retire it even if it isn't on record, and
                // say that the game went on rather than what it asked for.
                let mut cleared = serenity::EditInteractionResponse::new().components(Vec::new());
                if reply.game.is_some()
                    && let Ok(note) = service.retired_note_for(&reply).await
                {
                    cleared = cleared.content(retired_text(&ci.message.content, &note));
                }
                match ci.edit_response(http, cleared).await {
                    Ok(_) => retired_clicked = Some(ci.message.id.get()),
                    Err(e) => {
                        tracing::warn!("could not retire the buttons of the clicked message: {}", describe(&e));
                        // On record since the tap (see `Service::tap`): the sweeper retires it.
                        if let Some((game, _)) = reply.game
                            && soon(&e)
                            && let Err(e) = service.retirement_failed(game, ci.message.id.get()).await
                        {
                            tracing::warn!(game, "could not set when to retire a message again: {e}");
                        }
                    }
                }
            }
            posted
        }
        Target::New(channel) => {
            // A step within a turn, typed: the player is here, and a ping would only nag them.
            if !reply.delivery.is_new_message() {
                reply.mention = None;
                reply.more_mentions.clear();
            }
            match (&reply.delivery, reply.mention) {
                (Delivery::Notice { direct: true, .. }, Some(user)) => match post_direct(http, user, &reply).await {
                    Ok(message) => Ok(message),
                    Err(e) => {
                        // Direct messages closed (or the user left): the channel still reaches them.
                        tracing::info!(user, "a direct message was refused, posting in the channel: {}", describe(&e));
                        post(http, channel, &reply).await
                    }
                },
                _ => post(http, channel, &reply).await,
            }
        }
    };
    let message = match posted {
        Ok(message) => message,
        Err(e) => {
            tracing::warn!(game = ?reply.game, "could not post a step's message (it stays owed): {}", describe(&e));
            if let Some((game, version)) = reply.game
                && soon(&e)
            {
                retry_after(service, game, version, crate::store::CHANNEL, &e).await;
            }
            // A locked or deleted thread (or channel): its game's opener hears of it.
            if let Some((game, _)) = reply.game {
                super::places::refused(http, service, game, &e).await;
            }
            return None;
        }
    };
    if let Some((game, version)) = reply.game {
        // The messages the step made old (known at its commit), the clicked one aside (retired
        // above): retired now, and recorded so with the post, in one transaction.
        let clicked = match target {
            Target::Clicked(ci) => Some(ci.message.id.get()),
            Target::New(_) => None,
        };
        let old: Vec<(GameId, u64, u64)> = reply.known.at_commit().map_or_else(Vec::new, |at| {
            at.retire.iter().copied().filter(|&(g, _, m)| g == game && Some(m) != clicked && m != message.get()).collect()
        });
        let mut retired: Vec<u64> = retired_clicked.into_iter().collect();
        if !old.is_empty() {
            let note = service.retired_note_for(&reply).await.ok().map(|note| (game, note));
            retired.extend(take_buttons_off(http, service, old, note).await.into_iter().map(|(_, m)| m));
        }
        let booked = patiently("record the delivery", game, || {
            service.delivered_retiring(game, version, has_choices.then_some(message.get()), &retired)
        })
        .await;
        if let Some(retire) = booked {
            retire_all(http, service, retire).await;
        }
    }
    Some(message)
}

/// How long a handler keeps trying to book what Discord took (a post made, a private post
/// sent) while the database is out of reach: a cut connection is replaced at once, and a
/// restarted server is back within seconds. Less than the lease, after which the sweeper takes
/// the post again (and Discord returns the same message for its nonce).
const BOOKING_PATIENCE: Duration = Duration::from_secs(12);

/// Books something Discord took, trying again for [`BOOKING_PATIENCE`] when the database
/// fails: until the booking is made, the table's older message keeps its buttons and the
/// outbox holds the post for this process until its lease runs out (the longest waits after a
/// cut of the database's connections, or its restart, were those 15 s). Every booking is
/// idempotent, so an attempt that committed without its answer is harmless to repeat.
async fn patiently<T, F, Fut>(what: &str, game: GameId, mut attempt: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, crate::service::ServiceError>>,
{
    let until = tokio::time::Instant::now() + BOOKING_PATIENCE;
    let mut pause = Duration::from_millis(100);
    loop {
        match attempt().await {
            Ok(done) => return Some(done),
            Err(e) => {
                // The cause, for the logs (never the players' apology).
                let text = e.to_string();
                if tokio::time::Instant::now() + pause >= until {
                    tracing::warn!(game, "could not {what} (the sweeper will, once the lease runs out): {text}");
                    return None;
                }
                tracing::warn!(game, "could not {what} (trying again): {text}");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}

/// What the scheduler and the sweeper post reports its failures itself: nothing is left to say
/// to anyone but the log.
fn log_unsent(sent: Result<(), Error>) {
    if let Err(e) = sent {
        tracing::warn!("could not deliver a post: {e:#}");
    }
}

/// A post that failed is due again soon (see `Service::post_failed`), not when the lease of
/// the process that tried it runs out.
async fn retry_soon(service: &Service, game: GameId, version: i64, recipient: u64) {
    retry_after_failure(service, game, version, recipient, false).await;
}

/// As [`retry_soon`], for an attempt that `error` ended: Discord may have made the post when it
/// did not answer in time or answered 5xx after the request reached it.
async fn retry_after(service: &Service, game: GameId, version: i64, recipient: u64, error: &serenity::Error) {
    let unsure = match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => r.status_code.is_server_error(),
        serenity::Error::Http(serenity::HttpError::Request(e)) => !e.is_connect(),
        _ => false,
    };
    retry_after_failure(service, game, version, recipient, unsure).await;
}

async fn retry_after_failure(service: &Service, game: GameId, version: i64, recipient: u64, unsure: bool) {
    match service.post_failed(game, version, recipient, unsure).await {
        Ok(Some(at)) => tracing::info!(game, version, "the post will be tried again in {} ms", at - crate::store::now_ms()),
        Ok(None) => {}
        Err(e) => {
            tracing::warn!(game, version, "could not set when to try a post again: {e}")
        }
    }
}

/// Whether a failed request is worth trying again soon: Discord's 5xx (its bad minutes), a
/// rate limit that reached us (serenity's ratelimiter, when on, already waited what Discord
/// asked before trying again), or no answer at all (a timeout, a connection refused or cut).
/// Discord's refusals (400, 403, 404) will not change in two seconds: those wait for the lease.
fn soon(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// A failed request, said as what Discord answered: its status and, when it sent one of its
/// JSON errors, the error's code and message. A 5xx from Discord's edge comes with an HTML page
/// or nothing, which serenity could not read as JSON: it is said as its status alone (serenity
/// says "Could not decode json when receiving error response"). No address: an interaction's
/// token is part of some.
pub(crate) fn describe(error: &serenity::Error) -> String {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code;
            // serenity's own stand-in when the body was not Discord's JSON (see its ErrorResponse).
            if r.error.code == -1 && r.error.message.starts_with("[Serenity]") {
                format!("Discord answered {status} to a {} (without a readable error)", r.method)
            } else {
                format!("Discord answered {status} to a {}: {} (code {})", r.method, r.error.message, r.error.code)
            }
        }
        serenity::Error::Http(serenity::HttpError::Request(e)) if e.is_timeout() => "Discord did not answer in time".to_string(),
        serenity::Error::Http(serenity::HttpError::Request(e)) if e.is_connect() => "could not connect to Discord".to_string(),
        serenity::Error::Http(serenity::HttpError::Request(e)) => match std::error::Error::source(e) {
            Some(why) => format!("the request to Discord failed: {why}"),
            None => "the request to Discord failed".to_string(),
        },
        other => other.to_string(),
    }
}

/// A new channel message, deduplicated by Discord through its nonce.
async fn post(http: &serenity::Http, channel: serenity::ChannelId, reply: &Reply) -> serenity::Result<serenity::MessageId> {
    let mut message = convert::message(reply);
    if let Some((game, version)) = reply.game {
        let (notice, private_to) = match reply.delivery {
            Delivery::Notice { nth, .. } => (Some(nth), None),
            Delivery::Private { to } => (None, Some(to)),
            _ => (None, None),
        };
        message = message.nonce(serenity::Nonce::String(nonce(game, version, notice, private_to))).enforce_nonce(true);
    }
    Ok(channel.send_message(http, message).await?.id)
}

/// A direct message to `user` (their choice for reminders).
async fn post_direct(http: &serenity::Http, user: u64, reply: &Reply) -> serenity::Result<serenity::MessageId> {
    let channel = serenity::UserId::new(user).create_dm_channel(http).await?;
    post(http, channel.id, reply).await
}

/// Discord's nonces are at most 25 characters: a hash of the game and version (and of which
/// notice about that version, for a reminder, or of the player a private post is for).
fn nonce(game: GameId, version: i64, notice: Option<u32>, private_to: Option<u64>) -> String {
    let mut h = std::hash::DefaultHasher::new();
    // The tuple of channel posts hashes as it always did: a post re-sent by a newer version
    // after a restart must keep its nonce.
    match private_to {
        None => ("southseas-post", game, version, notice).hash(&mut h),
        Some(user) => ("southseas-private", game, version, user).hash(&mut h),
    }
    format!("{:016x}", h.finish())
}

/// Removes the buttons of messages that no longer show the game as it is, and records them
/// as retired (in one session).
pub async fn retire_all(http: &serenity::Http, service: &Service, messages: Vec<(GameId, u64, u64)>) {
    if messages.is_empty() {
        return;
    }
    let done = take_buttons_off(http, service, messages, None).await;
    if !done.is_empty()
        && let Err(e) = service.retired_all(&done).await
    {
        tracing::warn!(?done, "could not record retired messages: {e}");
    }
}

/// Takes the buttons off `messages` (game, channel, message), saying that the game went on
/// (`note`: a game's note when known, else read once per game); returns those done with
/// (edited, or gone), for the caller to record. A failed edit is the sweeper's again soon.
async fn take_buttons_off(
    http: &serenity::Http,
    service: &Service,
    messages: Vec<(GameId, u64, u64)>,
    mut note: Option<(GameId, String)>,
) -> Vec<(GameId, u64)> {
    let mut done = Vec::new();
    for (game, channel, message) in messages {
        let (channel, message) = (serenity::ChannelId::new(channel), serenity::MessageId::new(message));
        let mut edit = serenity::EditMessage::new().components(Vec::new());
        if note.as_ref().is_none_or(|(g, _)| *g != game) {
            note = service.retired_note(game).await.ok().map(|n| (game, n));
        }
        // Its words too: what it asked for is no longer asked (read afresh: the service keeps
        // no copy of what was posted).
        if let (Ok(posted), Some((_, note))) = (channel.message(http, message).await, &note) {
            edit = edit.content(retired_text(&posted.content, note));
        }
        let mut result = channel.edit_message(http, message, edit.clone()).await;
        // Discord archived the game's thread (a week without a turn): reopened, it takes the edit.
        if let Err(e) = &result
            && super::places::reopened(http, channel, e).await
        {
            result = channel.edit_message(http, message, edit).await;
        }
        let gone = match &result {
            Ok(_) => true,
            // Deleted by someone, or the channel is gone: nothing left to retire.
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => r.status_code.as_u16() == 404,
            Err(_) => false,
        };
        if gone {
            done.push((game, message.get()));
        } else if let Err(e) = result {
            tracing::warn!(game, message = message.get(), "could not retire the buttons of a message (will retry): {}", describe(&e));
            if soon(&e)
                && let Err(e) = service.retirement_failed(game, message.get()).await
            {
                tracing::warn!(game, "could not set when to retire a message again: {e}");
            }
        }
    }
    done
}

/// How often the sweeper looks for posts and retirements left undone.
pub const SWEEP_EVERY: Duration = Duration::from_millis(500);

/// Delivers what steps of a dead (or cut-off) process still owe, and retries retirements,
/// for as long as the bot runs.
pub async fn sweep_forever(http: std::sync::Arc<serenity::Http>, service: std::sync::Arc<Service>) {
    loop {
        sweep_once(&http, &service).await;
        tokio::time::sleep(SWEEP_EVERY).await;
    }
}

/// The scheduler: handles what falls due (the computer's turns, deadlines, reminders) and posts
/// what they owe, for as long as the bot runs (see [`Service::schedule_forever`]: reminders go
/// out at once, the computer's turns of different tables think at once, each posted when done).
pub async fn schedule_forever(http: std::sync::Arc<serenity::Http>, service: std::sync::Arc<Service>) {
    let poster = std::sync::Arc::clone(&service);
    let post = move |reply: Reply| {
        let (http, service) = (std::sync::Arc::clone(&http), std::sync::Arc::clone(&poster));
        async move {
            if let Some(channel) = reply.channel {
                log_unsent(send(&http, &service, reply, Via::Channel(serenity::ChannelId::new(channel))).await);
            }
        }
    };
    service.schedule_forever(post).await;
}

pub async fn sweep_once(http: &serenity::Http, service: &Service) {
    match service.lost_posts().await {
        Ok(lost) => {
            for post in lost {
                find_lost_post(http, service, post).await;
            }
        }
        Err(e) => tracing::warn!("could not read the outbox: {e}"),
    }
    match service.due_posts().await {
        Ok(posts) => {
            for reply in posts {
                let Some(channel) = reply.channel else { continue };
                let (game, version) = reply.game.unwrap_or_default();
                let span = tracing::info_span!("owed", game, version, channel);
                async {
                    tracing::info!("posting a step's message left owed");
                    log_unsent(send(http, service, reply, Via::Channel(serenity::ChannelId::new(channel))).await);
                }
                .instrument(span)
                .await;
            }
        }
        Err(e) => tracing::warn!("could not read the outbox: {e}"),
    }
    match service.due_retirements().await {
        Ok(messages) if !messages.is_empty() => retire_all(http, service, messages).await,
        Ok(_) => {}
        Err(e) => tracing::warn!("could not read the messages to retire: {e}"),
    }
}

/// Looks in its channel for a post Discord may have made but never confirmed, for a version the
/// game has since moved past (see `store::LostPost`): a message of the bot's that carries that
/// version's buttons. Discord keeps no nonce on a message it lists (only the answer to its post
/// carried it), so the buttons, which name the game and version, are what identify it. Found,
/// it goes on record and retires like any other; not found (the post was never made), the post
/// is simply owed no more.
async fn find_lost_post(http: &serenity::Http, service: &Service, lost: crate::store::LostPost) {
    let channel = serenity::ChannelId::new(lost.channel_id);
    // From a little before the step: the message, if made, is no older (100 messages at most,
    // a busy channel's few seconds).
    let after = serenity::MessageId::new(snowflake_at(lost.created_ms - 5_000));
    let found = match channel.messages(http, serenity::GetMessages::new().after(after).limit(100)).await {
        Ok(messages) => messages
            .iter()
            .filter(|m| m.author.bot && shows_version(m, lost.game_id, lost.version))
            .map(|m| m.id.get())
            .collect::<Vec<u64>>(),
        Err(e) if soon(&e) => {
            tracing::warn!(game = lost.game_id, "could not look for a post Discord may have made (will retry): {}", describe(&e));
            retry_soon(service, lost.game_id, lost.version, crate::store::CHANNEL).await;
            return;
        }
        // The channel cannot be read (no Read Message History, or it is gone): nothing to find.
        Err(e) => {
            tracing::info!(game = lost.game_id, "could not look for a post Discord may have made: {}", describe(&e));
            Vec::new()
        }
    };
    if !found.is_empty() {
        tracing::info!(game = lost.game_id, version = lost.version, "found a message whose post Discord never confirmed: it retires now");
    }
    match service.found_lost_post(&lost, &found).await {
        Ok(retire) => retire_all(http, service, retire).await,
        Err(e) => {
            tracing::warn!(game = lost.game_id, "could not record a message found: {e}")
        }
    }
}

/// Whether a message carries buttons or a menu of `game` at `version`.
fn shows_version(message: &serenity::Message, game: GameId, version: i64) -> bool {
    message.components.iter().flat_map(|row| &row.components).any(|c| {
        let id = match c {
            serenity::ActionRowComponent::Button(b) => match &b.data {
                serenity::ButtonKind::NonLink { custom_id, .. } => Some(custom_id.as_str()),
                _ => None,
            },
            serenity::ActionRowComponent::SelectMenu(m) => m.custom_id.as_deref(),
            _ => None,
        };
        id.and_then(crate::service::ComponentId::parse).is_some_and(|id| id.game == game && id.version == version)
    })
}

/// The smallest Discord id made at `ms` (unix milliseconds): ids begin with their time since
/// Discord's epoch (2015).
fn snowflake_at(ms: i64) -> u64 {
    (ms.saturating_sub(1_420_070_400_000).max(1) as u64) << 22
}
