//! Discord's limits on a message, and whom a new message notifies.

use super::*;

/// Who a new message notifies: mentioned users that `allowed_mentions` lets through (all of
/// them when it is absent), none for an ephemeral message.
pub(super) fn notified_users(data: &Value) -> Vec<u64> {
    let content = data["content"].as_str().unwrap_or_default();
    if data["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
        return Vec::new();
    }
    let allowed = &data["allowed_mentions"];
    mentioned_ids(content)
        .into_iter()
        .filter(|id| {
            allowed.is_null()
                || allowed["parse"].as_array().is_some_and(|p| p.iter().any(|p| p == "users"))
                || allowed["users"].as_array().is_some_and(|u| u.iter().any(|u| id_of(u) == Some(*id)))
        })
        .collect()
}

/// Discord's limits on what one message (or autocomplete answer) may hold: the first one
/// broken, named, or None. Discord refuses such a request whole (400, Invalid Form Body).
pub fn over_limit(data: &Value) -> Option<String> {
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    if chars(&data["content"]) > 2000 {
        return Some(format!("content of {} characters (limit 2000)", chars(&data["content"])));
    }
    if let Some(rows) = data["components"].as_array() {
        if rows.len() > 5 {
            return Some(format!("{} action rows (limit 5)", rows.len()));
        }
        for row in rows {
            let items = row["components"].as_array().cloned().unwrap_or_default();
            let selects = items.iter().filter(|c| c["type"] != 2).count();
            if items.is_empty() || items.len() > 5 || (selects > 0 && items.len() > 1) {
                return Some(format!("an action row of {} components ({} menus): 1-5 buttons or one menu", items.len(), selects));
            }
            for c in &items {
                if chars(&c["custom_id"]) > 100 {
                    return Some(format!("custom_id of {} characters (limit 100)", chars(&c["custom_id"])));
                }
                if chars(&c["label"]) > 80 {
                    return Some(format!("button label of {} characters (limit 80)", chars(&c["label"])));
                }
                if chars(&c["placeholder"]) > 150 {
                    return Some("menu placeholder over 150 characters".into());
                }
                let options = c["options"].as_array().cloned().unwrap_or_default();
                if options.len() > 25 {
                    return Some(format!("a menu of {} options (limit 25)", options.len()));
                }
                for o in &options {
                    if chars(&o["label"]) > 100 || chars(&o["value"]) > 100 || chars(&o["description"]) > 100 {
                        return Some(format!("a menu option over 100 characters: {o}"));
                    }
                }
            }
        }
    }
    if let Some(choices) = data["choices"].as_array() {
        if choices.len() > 25 {
            return Some(format!("{} autocomplete choices (limit 25)", choices.len()));
        }
        for c in choices {
            if chars(&c["name"]) > 100 || chars(&c["value"]) > 100 {
                return Some(format!("an autocomplete choice over 100 characters: {c}"));
            }
        }
    }
    None
}
