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

/// The largest file a bot may upload to any server (Discord's default, without boosts: 10 MiB):
/// a request with a larger one is refused whole (413, code 40005).
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// Discord's limits and rules on what one message (or autocomplete answer) may hold: the first
/// one broken, named, or None. Discord refuses such a request whole (400, Invalid Form Body).
pub fn over_limit(data: &Value) -> Option<String> {
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    if chars(&data["content"]) > 2000 {
        return Some(format!("content of {} characters (limit 2000)", chars(&data["content"])));
    }
    if let Some(rows) = data["components"].as_array()
        && let Some(why) = components_refused(rows)
    {
        return Some(why);
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

/// Component types (Discord's API reference, "Component Object").
const ACTION_ROW: u64 = 1;
const BUTTON: u64 = 2;
/// String, user, role, mentionable and channel selects.
const SELECTS: [u64; 5] = [3, 5, 6, 7, 8];
const STRING_SELECT: u64 = 3;
/// Button styles: primary, secondary, success, danger, link, premium.
const LINK: u64 = 5;
const PREMIUM: u64 = 6;

/// The rules of classic (not Components V2) message components, as Discord checks them: at most
/// five action rows; a row holds one to five buttons or exactly one select, never both; every
/// custom id is 1–100 characters and unique within the message; a button has a label or an
/// emoji (labels at most 80), a custom id unless it is a link (which has a url and no custom
/// id); a string select has 1–25 options with values unique within it, label and value and
/// description at most 100, `min_values` ≤ `max_values` ≤ its options, no more default options
/// than `max_values`, and a placeholder of at most 150 characters.
fn components_refused(rows: &[Value]) -> Option<String> {
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    if rows.len() > 5 {
        return Some(format!("{} action rows (limit 5)", rows.len()));
    }
    let mut ids: Vec<&str> = Vec::new();
    for row in rows {
        if row["type"].as_u64() != Some(ACTION_ROW) {
            return Some(format!("a top-level component of type {} (only action rows, type 1)", row["type"]));
        }
        let items = row["components"].as_array().map(Vec::as_slice).unwrap_or_default();
        let selects = items.iter().filter(|c| c["type"].as_u64().is_some_and(|t| SELECTS.contains(&t))).count();
        let buttons = items.iter().filter(|c| c["type"].as_u64() == Some(BUTTON)).count();
        if selects + buttons != items.len() {
            return Some(format!("an action row holding a component of another type: {row}"));
        }
        if items.is_empty() || items.len() > 5 || (selects > 0 && items.len() > 1) {
            return Some(format!("an action row of {} components ({} menus): 1-5 buttons or one menu", items.len(), selects));
        }
        for c in items {
            let kind = c["type"].as_u64().unwrap_or_default();
            let style = c["style"].as_u64().unwrap_or_default();
            let has_id = c.get("custom_id").is_some_and(|v| !v.is_null());
            if kind == BUTTON {
                if !(1..=PREMIUM).contains(&style) {
                    return Some(format!("a button of style {style} (1-6)"));
                }
                if style == LINK {
                    if has_id || c["url"].as_str().is_none_or(str::is_empty) {
                        return Some(format!("a link button needs a url and no custom_id: {c}"));
                    }
                } else if style != PREMIUM && !has_id {
                    return Some(format!("a button without a custom_id: {c}"));
                }
                if chars(&c["label"]) > 80 {
                    return Some(format!("button label of {} characters (limit 80)", chars(&c["label"])));
                }
                if style != PREMIUM && chars(&c["label"]) == 0 && c["emoji"].is_null() {
                    return Some(format!("a button with neither label nor emoji: {c}"));
                }
            } else {
                if !has_id {
                    return Some(format!("a menu without a custom_id: {c}"));
                }
                if chars(&c["placeholder"]) > 150 {
                    return Some("menu placeholder over 150 characters".into());
                }
                let options = c["options"].as_array().map(Vec::as_slice).unwrap_or_default();
                let (min, max) = (c["min_values"].as_u64().unwrap_or(1), c["max_values"].as_u64().unwrap_or(1));
                if min > 25 || !(1..=25).contains(&max) || min > max {
                    return Some(format!("a menu with min_values {min} and max_values {max}"));
                }
                if kind == STRING_SELECT {
                    if options.is_empty() || options.len() > 25 {
                        return Some(format!("a menu of {} options (1 to 25)", options.len()));
                    }
                    if max as usize > options.len() {
                        return Some(format!("a menu whose max_values {max} exceeds its {} options", options.len()));
                    }
                    let mut values: Vec<&str> = Vec::new();
                    for o in options {
                        if chars(&o["label"]) == 0 || chars(&o["value"]) == 0 {
                            return Some(format!("a menu option without a label or value: {o}"));
                        }
                        if chars(&o["label"]) > 100 || chars(&o["value"]) > 100 || chars(&o["description"]) > 100 {
                            return Some(format!("a menu option over 100 characters: {o}"));
                        }
                        let value = o["value"].as_str().unwrap_or_default();
                        if values.contains(&value) {
                            return Some(format!("two options of one menu with the value {value:?}"));
                        }
                        values.push(value);
                    }
                    let defaults = options.iter().filter(|o| o["default"].as_bool() == Some(true)).count();
                    if defaults as u64 > max {
                        return Some(format!("a menu with {defaults} default options for max_values {max}"));
                    }
                } else if !options.is_empty() {
                    return Some("options on a select that is not a string select".into());
                }
            }
            if has_id {
                let id = c["custom_id"].as_str().unwrap_or_default();
                if id.is_empty() || id.chars().count() > 100 {
                    return Some(format!("custom_id of {} characters (1 to 100)", id.chars().count()));
                }
                if ids.contains(&id) {
                    return Some(format!("the custom_id {id:?} twice in one message (custom ids must be unique)"));
                }
                ids.push(id);
            }
        }
    }
    None
}
