//! The one place that says which channel permissions a game needs and names the missing ones.

use crate::i18n::Locale;
use crate::tr;
use poise::serenity_prelude as serenity;

/// The permissions a game channel needs: to see it, post turns and attach the board. (The bot
/// edits only its own messages and sends no embeds, so it needs nothing more.)
/// Each with the message id of its name as Discord shows it (`permission-…`).
pub const NEEDED_PERMISSIONS: [(serenity::Permissions, &str); 3] = [
    (serenity::Permissions::VIEW_CHANNEL, "permission-view-channel"),
    (serenity::Permissions::SEND_MESSAGES, "permission-send-messages"),
    (serenity::Permissions::ATTACH_FILES, "permission-attach-files"),
];

/// The missing permissions, named in `locale`, or None when all are there (or Discord didn't
/// say).
pub fn missing_permissions(perms: Option<serenity::Permissions>, locale: Locale) -> Option<String> {
    let perms = perms?;
    let missing: Vec<String> = NEEDED_PERMISSIONS.iter().filter(|(p, _)| !perms.contains(*p)).map(|(_, n)| tr!(locale, n)).collect();
    (!missing.is_empty()).then(|| tr!(locale, "missing-permissions", n = missing.len(), names = missing.join("**, **")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_counted_and_named() {
        use serenity::Permissions as P;
        let all = P::VIEW_CHANNEL | P::SEND_MESSAGES | P::ATTACH_FILES;
        assert_eq!(missing_permissions(Some(all), Locale::En), None);
        assert_eq!(missing_permissions(None, Locale::En), None, "Discord didn't say");
        let one = missing_permissions(Some(all - P::ATTACH_FILES), Locale::En).unwrap();
        assert!(one.starts_with("I'm missing 1 permission in this channel: **Attach Files**. Ask a server admin to grant it,"), "{one}");
        let two = missing_permissions(Some(P::VIEW_CHANNEL), Locale::En).unwrap();
        assert!(two.contains("missing 2 permissions in this channel: **Send Messages**, **Attach Files**."), "{two}");
        assert!(two.contains("grant them,"), "{two}");
        let french = missing_permissions(Some(P::VIEW_CHANNEL), Locale::Fr).unwrap();
        assert!(
            french.starts_with("Il me manque 2 permissions dans ce salon\u{a0}: **Envoyer des messages**, **Joindre des fichiers**."),
            "{french}"
        );
    }
}
