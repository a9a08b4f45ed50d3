//! The one place that says which channel permissions a game needs and names the missing ones.

use crate::service::reply::count;
use poise::serenity_prelude as serenity;

/// The permissions a game channel needs: to see it, post turns and attach the board. (The bot
/// edits only its own messages and sends no embeds, so it needs nothing more.)
pub const NEEDED_PERMISSIONS: [(serenity::Permissions, &str); 3] = [
    (serenity::Permissions::VIEW_CHANNEL, "View Channel"),
    (serenity::Permissions::SEND_MESSAGES, "Send Messages"),
    (serenity::Permissions::ATTACH_FILES, "Attach Files"),
];

/// The missing permissions, named, or None when all are there (or Discord didn't say).
pub fn missing_permissions(perms: Option<serenity::Permissions>) -> Option<String> {
    let perms = perms?;
    let missing: Vec<&str> = NEEDED_PERMISSIONS.iter().filter(|(p, _)| !perms.contains(*p)).map(|(_, n)| *n).collect();
    (!missing.is_empty()).then(|| {
        format!(
            "I'm missing {} in this channel: **{}**. Ask a server admin to grant {}, then try again.",
            count(missing.len(), "permission"),
            missing.join("**, **"),
            if missing.len() == 1 { "it" } else { "them" }
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_permissions_are_counted_and_named() {
        use serenity::Permissions as P;
        let all = P::VIEW_CHANNEL | P::SEND_MESSAGES | P::ATTACH_FILES;
        assert_eq!(missing_permissions(Some(all)), None);
        assert_eq!(missing_permissions(None), None, "Discord didn't say");
        let one = missing_permissions(Some(all - P::ATTACH_FILES)).unwrap();
        assert!(one.starts_with("I'm missing 1 permission in this channel: **Attach Files**. Ask a server admin to grant it,"), "{one}");
        let two = missing_permissions(Some(P::VIEW_CHANNEL)).unwrap();
        assert!(two.contains("missing 2 permissions in this channel: **Send Messages**, **Attach Files**."), "{two}");
        assert!(two.contains("grant them,"), "{two}");
    }
}
