//! A game's place as Discord keeps it, when a post or an edit there is refused: a thread
//! Discord archived (a week without a turn) takes a new message, which unarchives it, but no
//! edit (50083) until the bot unarchives it, which it may as the thread's member; a thread a
//! moderator locked takes nothing from the bot (160005) until unlocked; a deleted channel or
//! thread is gone for good (10003). The game's opener is told of the last two by direct
//! message, once per process, and a game whose place is gone ends.
//! Used by the delivery path (`deliver.rs`), so it uses nothing of it.

use crate::service::Service;
use crate::store::GameId;
use crate::tr;
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::Mutex;

/// Discord's JSON error codes for a place that takes nothing.
const ARCHIVED_THREAD: isize = 50083;
const THREAD_LOCKED: isize = 160005;
const UNKNOWN_CHANNEL: isize = 10003;

/// Discord's JSON error code for a failed request, if it sent one.
fn code_of(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// When an edit in `channel` failed because Discord archived the thread: unarchives it (the bot
/// may, as a member of the thread) and says whether the edit is worth trying again.
pub async fn reopened(http: &serenity::Http, channel: serenity::ChannelId, error: &serenity::Error) -> bool {
    if code_of(error) != Some(ARCHIVED_THREAD) {
        return false;
    }
    match channel.edit_thread(http, serenity::EditThread::new().archived(false)).await {
        Ok(_) => {
            tracing::info!(channel = channel.get(), "unarchived a game's thread to retire its old buttons");
            true
        }
        Err(e) => {
            tracing::warn!(channel = channel.get(), "could not unarchive a game's thread: {e}");
            false
        }
    }
}

/// Games whose opener was told their thread is locked (false) or gone (true), by this process.
static TOLD: Mutex<Option<HashSet<(GameId, bool)>>> = Mutex::new(None);

/// When a post for `game` was refused because its thread is locked or deleted: tells the game's
/// opener by direct message (once per process: the post stays owed, and is tried again each
/// lease, in case a moderator unlocks the thread). A deleted thread never comes back: its game
/// is ended, so that nothing more falls due for it.
pub async fn refused(http: &serenity::Http, service: &Service, game: GameId, error: &serenity::Error) {
    let gone = match code_of(error) {
        Some(THREAD_LOCKED) => false,
        Some(UNKNOWN_CHANNEL) => true,
        _ => return,
    };
    let first = TOLD.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert_with(HashSet::new).insert((game, gone));
    if gone && let Err(e) = service.end_lost(game).await {
        tracing::warn!(game, "could not end a game whose thread is gone: {e}");
    }
    if !first {
        return;
    }
    let Ok(Some(about)) = service.about(game).await else { return };
    let game_title = tr!(about.locale, &about.kind.title_key());
    let text = if gone {
        tr!(about.locale, "thread-gone", game = game_title, id = game)
    } else {
        tr!(about.locale, "thread-locked", game = game_title, id = game, thread = format!("<#{}>", about.channel_id))
    };
    tracing::info!(game, gone, "a game's thread takes no message: telling its opener");
    let sent = match serenity::UserId::new(about.opener).create_dm_channel(http).await {
        Ok(dm) => dm.id.send_message(http, serenity::CreateMessage::new().content(text)).await.map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        tracing::info!(game, "could not tell a game's opener that its thread takes no message: {}", e);
    }
}
