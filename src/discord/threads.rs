//! A game in a thread of its own: `/new thread: True` opens a public thread of the channel (in
//! a forum channel, a post) and the lobby there; the channel hears where the game is. A thread
//! is a channel to the rest of the bot: interactions from it carry its id, so the service keeps
//! one game per channel or thread with nothing more to know.
//!
//! What Discord does with threads (its docs, topics/threads and resources/channel): a thread
//! leaves the channel list after `auto_archive_duration` minutes without activity (set to the
//! longest, a week); a message sent in an archived thread unarchives it unless the thread is
//! locked, so a turn posted by the bot reopens its game's thread, but an edit there (retiring
//! old buttons) is refused with 50083 until the thread is unarchived, which the bot may do as
//! the thread's member (`PATCH archived: false`). A locked thread takes no message from the
//! bot (160005), and a deleted one none at all (10003): see `places.rs`.

use super::deliver;
use super::permissions::Room;
use super::respond::{place_of, reader_locale, respond};
use super::types::{Context, Error};
use crate::common::reply::{escape, truncate};
use crate::games::Opening;
use crate::i18n::Locale;
use crate::kinds::GameKind;
use crate::service::{Actor, Place, ServiceError};
use crate::tr;
use poise::serenity_prelude as serenity;

/// Discord's longest thread name (a channel's name: 1 to 100 characters).
pub const THREAD_NAME_LIMIT: usize = 100;

/// A week, the longest a thread stays in the channel list without activity.
const ARCHIVE_AFTER: serenity::AutoArchiveDuration = serenity::AutoArchiveDuration::OneWeek;

/// Where `/new` opens its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Where the command was used: a channel, or a thread.
    Here(Room),
    /// A new thread of `parent` (a post, when `parent` is a forum channel).
    NewThread { parent: serenity::ChannelId, forum: bool },
}

impl Target {
    /// What the bot needs where the command was used, for this target.
    pub fn room(self) -> Room {
        match self {
            Target::Here(room) => room,
            Target::NewThread { forum: true, .. } => Room::ForumPost,
            Target::NewThread { forum: false, .. } => Room::NewThread,
        }
    }
}

fn is_thread(kind: serenity::ChannelType) -> bool {
    matches!(kind, serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread | serenity::ChannelType::NewsThread)
}

/// The room a command used in `channel` acts in: a thread, or a channel.
pub fn room_here(channel: Option<&serenity::PartialChannel>) -> Room {
    if channel.is_some_and(|c| is_thread(c.kind)) { Room::Thread } else { Room::Channel }
}

/// Where a game asked for in `channel` goes (`new_thread`: the `thread` option): here, or a
/// new thread of the channel (of the thread's parent, when used in a thread: Discord has no
/// threads in threads). A forum channel holds no message of its own, so a game there is always
/// a post of its own.
pub async fn target(http: &serenity::Http, channel: Option<&serenity::PartialChannel>, new_thread: bool) -> Target {
    let Some(channel) = channel else { return Target::Here(Room::Channel) };
    match channel.kind {
        serenity::ChannelType::Forum => Target::NewThread { parent: channel.id, forum: true },
        kind if is_thread(kind) && !new_thread => Target::Here(Room::Thread),
        kind if is_thread(kind) => match channel.parent_id {
            Some(parent) => {
                // The parent's kind decides between a thread and a post: Discord says it on asking.
                let forum =
                    http.get_channel(parent).await.ok().and_then(|c| c.guild()).is_some_and(|c| c.kind == serenity::ChannelType::Forum);
                Target::NewThread { parent, forum }
            }
            None => Target::Here(Room::Thread),
        },
        _ if new_thread => Target::NewThread { parent: channel.id, forum: false },
        _ => Target::Here(Room::Channel),
    }
}

/// The thread's name: the game and whose table it is, in the game's language, within Discord's
/// limit.
pub fn thread_name(kind: GameKind, opener: &str, language: Locale) -> String {
    let name = tr!(language, "thread-name", game = tr!(language, &kind.title_key()), name = opener.trim());
    truncate(&name, THREAD_NAME_LIMIT)
}

/// Opens the lobby `opening` describes in a new thread (or forum post) of `parent`, posts it
/// there, and says in the channel where the game is.
pub(crate) async fn open_in_thread(
    ctx: Context<'_>,
    parent: serenity::ChannelId,
    forum: bool,
    actor: &Actor,
    opening: Opening,
    language: Locale,
) -> Result<(), Error> {
    let http = ctx.http();
    let game = tr!(language, &opening.kind.title_key());
    let name = thread_name(opening.kind, &actor.name, language);
    let made = if forum {
        let first = serenity::CreateMessage::new()
            .content(tr!(language, "forum-post-opened", name = escape(&actor.name), game = game.clone()))
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        parent.create_forum_post(http, serenity::CreateForumPost::new(name, first).auto_archive_duration(ARCHIVE_AFTER)).await
    } else {
        let thread = serenity::CreateThread::new(name).kind(serenity::ChannelType::PublicThread).auto_archive_duration(ARCHIVE_AFTER);
        parent.create_thread(http, thread).await
    };
    let thread = match made {
        Ok(thread) => thread.id,
        Err(e) => {
            tracing::warn!(parent = parent.get(), "could not open a thread for a game: {}", deliver::describe(&e));
            let text = tr!(reader_locale(ctx).await, "thread-not-made", why = refusal_of(&e));
            return respond(ctx, Err(ServiceError::User(text))).await;
        }
    };
    let place = Place { channel_id: thread.get(), ..place_of(ctx) };
    let reply = match ctx.data().service.open_lobby(place, actor, opening, language).await {
        Ok(reply) => reply,
        Err(e) => return respond(ctx, Err(e)).await,
    };
    let service = &ctx.data().service;
    // A lobby that could not be posted stays owed: the sweeper posts it. The channel still hears
    // where the game is.
    if let Err(e) = deliver::send(http, service, reply, deliver::Via::Channel(thread)).await {
        tracing::info!(thread = thread.get(), "a thread's lobby waits for the sweeper: {e}");
    }
    // Said where the command was used (a forum's own channel takes no message).
    let here = ctx.channel_id();
    let in_forum = matches!(ctx, poise::Context::Application(a) if a.interaction.channel.as_ref().is_some_and(|c| c.kind == serenity::ChannelType::Forum));
    if !in_forum {
        let text = tr!(language, "thread-opened", name = escape(&actor.name), game = game, thread = format!("<#{thread}>"));
        let said = serenity::CreateMessage::new().content(text).allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Err(e) = here.send_message(http, said).await {
            tracing::warn!(channel = here.get(), "could not say where a game's thread is: {}", deliver::describe(&e));
        }
    }
    if let poise::Context::Application(a) = ctx
        && let Err(e) = a.interaction.delete_response(http).await
    {
        tracing::warn!("could not remove the private acknowledgement: {e}");
    }
    Ok(())
}

/// Discord's own words for a refusal (its JSON error's message), or the error as serenity says it.
fn refusal_of(error: &serenity::Error) -> String {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => r.error.message.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_is_named_after_the_game_and_its_opener_within_discords_limit() {
        assert_eq!(thread_name(GameKind::SouthSeas, "Ana", Locale::En), "Carcassonne: South Seas — Ana's table");
        assert_eq!(thread_name(GameKind::Seafarers, "Ana", Locale::Fr), "Catan\u{a0}: Marins — la table de Ana");
        let long = thread_name(GameKind::SouthSeas, &"x".repeat(200), Locale::En);
        assert_eq!(long.chars().count(), THREAD_NAME_LIMIT, "{long}");
        assert!(long.ends_with('…'), "{long}");
    }
}
