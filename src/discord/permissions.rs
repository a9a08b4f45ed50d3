//! The one place that says which channel permissions a game needs and names the missing ones.
//! What a game needs depends on where it is played ([`Room`]): in a thread, Discord ignores Send
//! Messages and asks for Send Messages in Threads instead; opening a thread of the channel needs
//! Create Public Threads there, a post in a forum Send Messages (Create Public Threads is ignored
//! in forums: Discord's channel docs, "Start Thread in Forum or Media Channel").

use crate::i18n::Locale;
use crate::tr;
use poise::serenity_prelude as serenity;
use serenity::Permissions as P;

/// The permissions a game channel needs: to see it, post turns, attach the board, and read back
/// its own messages (a post Discord may have made is looked for among them, and retired turn
/// messages are read before they are edited). The bot edits only its own messages and sends no
/// embeds, so it needs nothing more. Each with the message id of its name as Discord shows it
/// (`permission-…`).
pub const NEEDED_PERMISSIONS: [(P, &str); 4] = [VIEW, SEND, ATTACH, HISTORY];

const VIEW: (P, &str) = (P::VIEW_CHANNEL, "permission-view-channel");
const SEND: (P, &str) = (P::SEND_MESSAGES, "permission-send-messages");
const ATTACH: (P, &str) = (P::ATTACH_FILES, "permission-attach-files");
const HISTORY: (P, &str) = (P::READ_MESSAGE_HISTORY, "permission-read-message-history");
const SEND_IN_THREADS: (P, &str) = (P::SEND_MESSAGES_IN_THREADS, "permission-send-messages-in-threads");
const CREATE_THREADS: (P, &str) = (P::CREATE_PUBLIC_THREADS, "permission-create-public-threads");

/// Where a game is (or is about to be) played, as far as permissions go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// The channel itself.
    Channel,
    /// A thread the command was used in.
    Thread,
    /// A new thread of the channel: the game goes there, the channel hears where it is.
    NewThread,
    /// A new post of a forum channel.
    ForumPost,
}

impl Room {
    /// What a game needs in this room.
    pub fn needs(self) -> Vec<(P, &'static str)> {
        match self {
            Room::Channel => NEEDED_PERMISSIONS.to_vec(),
            Room::Thread => vec![VIEW, SEND_IN_THREADS, ATTACH, HISTORY],
            Room::NewThread => vec![VIEW, SEND, CREATE_THREADS, SEND_IN_THREADS, ATTACH, HISTORY],
            Room::ForumPost => vec![VIEW, SEND, SEND_IN_THREADS, ATTACH, HISTORY],
        }
    }
}

/// Every permission a game may need, wherever it is played: what the invite link asks for.
pub fn every_needed() -> P {
    [Room::Channel, Room::Thread, Room::NewThread, Room::ForumPost].iter().flat_map(|r| r.needs()).fold(P::empty(), |all, (p, _)| all | p)
}

/// The missing permissions of a game in the channel itself (see [`missing_in`]).
pub fn missing_permissions(perms: Option<P>, locale: Locale) -> Option<String> {
    missing_in(perms, Room::Channel, locale)
}

/// The permissions a game in `room` is missing, named in `locale`, or None when all are there
/// (or Discord didn't say).
pub fn missing_in(perms: Option<P>, room: Room, locale: Locale) -> Option<String> {
    let perms = perms?;
    let missing: Vec<String> = room.needs().iter().filter(|(p, _)| !perms.contains(*p)).map(|(_, n)| tr!(locale, n)).collect();
    (!missing.is_empty()).then(|| tr!(locale, "missing-permissions", n = missing.len(), names = missing.join("**, **")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_counted_and_named() {
        let all = P::VIEW_CHANNEL | P::SEND_MESSAGES | P::ATTACH_FILES | P::READ_MESSAGE_HISTORY;
        assert_eq!(missing_permissions(Some(all), Locale::En), None);
        assert_eq!(missing_permissions(None, Locale::En), None, "Discord didn't say");
        let one = missing_permissions(Some(all - P::ATTACH_FILES), Locale::En).unwrap();
        assert!(one.starts_with("I'm missing 1 permission in this channel: **Attach Files**. Ask a server admin to grant it,"), "{one}");
        let two = missing_permissions(Some(P::VIEW_CHANNEL | P::READ_MESSAGE_HISTORY), Locale::En).unwrap();
        assert!(two.contains("missing 2 permissions in this channel: **Send Messages**, **Attach Files**."), "{two}");
        assert!(two.contains("grant them,"), "{two}");
        let french = missing_permissions(Some(P::VIEW_CHANNEL | P::READ_MESSAGE_HISTORY), Locale::Fr).unwrap();
        assert!(
            french.starts_with("Il me manque 2 permissions dans ce salon\u{a0}: **Envoyer des messages**, **Joindre des fichiers**."),
            "{french}"
        );
        let history = missing_permissions(Some(all - P::READ_MESSAGE_HISTORY), Locale::En).unwrap();
        assert!(history.contains("**Read Message History**"), "{history}");
    }

    #[test]
    fn a_thread_needs_send_messages_in_threads_not_send_messages() {
        let thread = P::VIEW_CHANNEL | P::SEND_MESSAGES_IN_THREADS | P::ATTACH_FILES | P::READ_MESSAGE_HISTORY;
        assert_eq!(missing_in(Some(thread), Room::Thread, Locale::En), None);
        let without = missing_in(Some((thread - P::SEND_MESSAGES_IN_THREADS) | P::SEND_MESSAGES), Room::Thread, Locale::En).unwrap();
        assert!(without.contains("**Send Messages in Threads**"), "{without}");
        let french = missing_in(Some(P::VIEW_CHANNEL | P::SEND_MESSAGES_IN_THREADS | P::ATTACH_FILES), Room::Thread, Locale::Fr).unwrap();
        assert!(french.contains("**Voir les anciens messages**"), "{french}");
    }

    #[test]
    fn opening_a_thread_needs_create_public_threads_and_a_forum_post_does_not() {
        let channel = P::VIEW_CHANNEL | P::SEND_MESSAGES | P::SEND_MESSAGES_IN_THREADS | P::ATTACH_FILES | P::READ_MESSAGE_HISTORY;
        let missing = missing_in(Some(channel), Room::NewThread, Locale::En).unwrap();
        assert!(missing.contains("1 permission") && missing.contains("**Create Public Threads**"), "{missing}");
        assert_eq!(missing_in(Some(channel | P::CREATE_PUBLIC_THREADS), Room::NewThread, Locale::En), None);
        assert_eq!(missing_in(Some(channel), Room::ForumPost, Locale::En), None);
        let french = missing_in(Some(channel - P::SEND_MESSAGES_IN_THREADS), Room::NewThread, Locale::Fr).unwrap();
        assert!(french.contains("**Créer des fils publics**, **Envoyer des messages dans les fils**"), "{french}");
    }

    /// The README's invite link asks for every permission a game may need, and no other.
    #[test]
    fn the_invite_link_asks_for_every_permission_a_game_needs() {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
        let asked: u64 = readme
            .split("&permissions=")
            .nth(1)
            .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .expect("the README's invite link names its permissions");
        assert_eq!(asked, every_needed().bits(), "permissions={}", every_needed().bits());
    }
}
