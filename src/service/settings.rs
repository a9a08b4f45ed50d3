//! A user's own settings (`/settings`, private): reminders on or off, in the channel or by direct
//! message, and quiet hours in their time zone (Discord does not tell bots a user's time zone,
//! so they give it as an offset from UTC), and the language of what the bot tells them alone.

use super::{Actor, Reply, Result, Service, user};
use crate::i18n::Locale;
use crate::store::{self, Settings};
use crate::tr;

/// What a `/settings` command changes; None keeps the current value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub reminders: Option<bool>,
    pub direct: Option<bool>,
    /// "+2", "-5:30", "UTC+1", "0".
    pub utc_offset: Option<String>,
    /// "22-7", "22:00-07:30", or "off".
    pub quiet_hours: Option<String>,
    /// Some(None): back to the Discord client's language.
    pub language: Option<Option<Locale>>,
    /// Shown on the leaderboards (true) or kept off them (false).
    pub leaderboards: Option<bool>,
}

/// Minutes from UTC of "+2", "-5:30", "UTC+01:00", "0" (between −12:00 and +14:00).
/// Blank is no offset at all (never read as UTC+0: a cleared field must not change the setting).
pub fn parse_utc_offset(text: &str) -> Option<i32> {
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return None;
    }
    let t = t.strip_prefix("utc").or_else(|| t.strip_prefix("gmt")).unwrap_or(&t).trim();
    if t.is_empty() {
        return Some(0);
    }
    let (sign, rest) = match t.chars().next()? {
        '+' => (1, &t[1..]),
        '-' | '−' => (-1, &t[t.chars().next()?.len_utf8()..]),
        _ => (1, t),
    };
    let (h, m) = clock_parts(rest)?;
    let minutes = sign * (h * 60 + m);
    (-12 * 60..=14 * 60).contains(&minutes).then_some(minutes)
}

/// "7", "07", "7:30", "0730" as (hours, minutes), within a day.
fn clock_parts(text: &str) -> Option<(i32, i32)> {
    let text = text.trim();
    let (h, m) = match text.split_once(':') {
        Some((h, m)) => (h.parse().ok()?, m.parse().ok()?),
        None if text.len() == 4 && text.chars().all(|c| c.is_ascii_digit()) => (text[..2].parse().ok()?, text[2..].parse().ok()?),
        None => (text.parse().ok()?, 0),
    };
    ((0..=24).contains(&h) && (0..60).contains(&m) && h * 60 + m <= 24 * 60).then_some((h, m))
}

/// Quiet hours "22-7" or "22:00-07:30" as minutes after local midnight; "off" is none.
pub fn parse_quiet_hours(text: &str) -> Option<Option<(u16, u16)>> {
    let t = text.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "off" | "none" | "no") {
        return Some(None);
    }
    let (from, to) = t.split_once(['-', '–'])?;
    let minutes = |s: &str| clock_parts(s).map(|(h, m)| ((h * 60 + m) % (24 * 60)) as u16);
    let (from, to) = (minutes(from)?, minutes(to)?);
    (from != to).then_some(Some((from, to)))
}

/// The settings in words, in the language of the one who reads them.
fn describe(s: &Settings, locale: Locale) -> String {
    let offset = {
        let (sign, m) = if s.utc_offset_min < 0 { ('−', -s.utc_offset_min) } else { ('+', s.utc_offset_min) };
        if m % 60 == 0 { format!("UTC{sign}{}", m / 60) } else { format!("UTC{sign}{}:{:02}", m / 60, m % 60) }
    };
    let hhmm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
    let quiet = match s.quiet {
        Some((from, to)) => tr!(locale, "settings-quiet-hours", from = hhmm(from), to = hhmm(to), offset = offset),
        None => tr!(locale, "settings-quiet-none", offset = offset),
    };
    let language = match s.language {
        Some(chosen) => tr!(locale, "settings-language-chosen", language = tr!(locale, &format!("language-{chosen}"))),
        None => tr!(locale, "settings-language-discord", language = tr!(locale, &format!("language-{locale}"))),
    };
    tr!(
        locale,
        "settings-shown",
        reminders = tr!(locale, if s.reminders { "settings-on" } else { "settings-off" }),
        place = tr!(locale, if s.direct { "settings-where-direct" } else { "settings-where-channel" }),
        quiet = quiet,
        language = language,
        leaderboards = tr!(locale, if s.hidden { "settings-leaderboards-hidden" } else { "settings-leaderboards-shown" }),
    )
}

impl Service {
    /// Shows the actor's settings, changed as asked first. Private: in the language they chose,
    /// else `client`'s (their Discord client's, when the bot speaks it), else English.
    pub async fn settings(&self, actor: &Actor, change: SettingsChange, client: Option<Locale>) -> Result<Reply> {
        let mut conn = self.store.pool().acquire().await?;
        let mut s = store::settings(&mut conn, actor.user_id).await?;
        let reader = s.language.or(client).unwrap_or_default();
        if let Some(text) = &change.utc_offset {
            s.utc_offset_min = match parse_utc_offset(text) {
                Some(m) => m,
                None => return user(tr!(reader, "settings-bad-offset")),
            };
        }
        if let Some(text) = &change.quiet_hours {
            s.quiet = match parse_quiet_hours(text) {
                Some(q) => q,
                None => return user(tr!(reader, "settings-bad-quiet-hours")),
            };
        }
        s.reminders = change.reminders.unwrap_or(s.reminders);
        s.direct = change.direct.unwrap_or(s.direct);
        s.language = change.language.unwrap_or(s.language);
        s.hidden = change.leaderboards.map_or(s.hidden, |shown| !shown);
        let changed = change != SettingsChange::default();
        if changed {
            store::save_settings(&mut conn, actor.user_id, &s).await?;
        }
        // A change of language answers in the new one.
        let reader = s.language.or(client).unwrap_or_default();
        let head = if changed { format!("{}\n", tr!(reader, "settings-saved")) } else { String::new() };
        Ok(Reply { text: format!("{head}{}", describe(&s, reader)), ..Reply::default() })
    }

    /// The language `user_id` reads what the bot tells them alone: the one they chose with
    /// `/settings language`, else `client`'s (their Discord client's, when the bot speaks it),
    /// else English. A failed read of their settings is no reason to stay silent: the client's.
    pub async fn reader_locale(&self, user_id: u64, client: Option<Locale>) -> Locale {
        use std::sync::atomic::Ordering;
        // A read that failed a moment ago would fail again: while the database is away, each
        // answer (the apology that nothing changed included) is not held up a second more.
        let failed = self.language_failed_ms.load(Ordering::Relaxed);
        if failed > 0 && store::now_ms() - failed < LANGUAGE_RETRY_AFTER_MS {
            return client.unwrap_or_default();
        }
        let read = async {
            match self.store.pool().acquire().await {
                Ok(mut conn) => store::settings(&mut conn, user_id).await.map(|s| s.language).map_err(drop),
                Err(_) => Err(()),
            }
        };
        // Which language to answer in never holds an answer up: a database that does not say
        // within a second is in trouble, and the client's language will do.
        let chosen = match tokio::time::timeout(LANGUAGE_READ_WITHIN, read).await {
            Ok(Ok(language)) => language,
            Ok(Err(())) | Err(_) => {
                self.language_failed_ms.store(store::now_ms(), Ordering::Relaxed);
                None
            }
        };
        chosen.or(client).unwrap_or_default()
    }
}

/// How long the reader's language may take to read (see [`Service::reader_locale`]).
const LANGUAGE_READ_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// After a failed read of a reader's language, how long the client's language is used without
/// asking the database again.
const LANGUAGE_RETRY_AFTER_MS: i64 = 5_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_zones_read_as_players_write_them() {
        assert_eq!(parse_utc_offset("+2"), Some(120));
        assert_eq!(parse_utc_offset("-5:30"), Some(-330));
        assert_eq!(parse_utc_offset("UTC+01:00"), Some(60));
        assert_eq!(parse_utc_offset("utc"), Some(0));
        assert_eq!(parse_utc_offset("0"), Some(0));
        assert_eq!(parse_utc_offset("+15"), None);
        assert_eq!(parse_utc_offset("Berlin"), None);
        assert_eq!(parse_utc_offset("+2:75"), None);
        assert_eq!(parse_utc_offset("-"), None);
        assert_eq!(parse_utc_offset(""), None, "blank is not UTC+0");
        assert_eq!(parse_utc_offset(" \t"), None);
    }

    #[test]
    fn quiet_hours_read_as_players_write_them() {
        assert_eq!(parse_quiet_hours("22-7"), Some(Some((22 * 60, 7 * 60))));
        assert_eq!(parse_quiet_hours("22:30 - 07:15"), Some(Some((22 * 60 + 30, 7 * 60 + 15))));
        assert_eq!(parse_quiet_hours("0-24"), None, "a whole day of quiet is no reminders: turn them off");
        assert_eq!(parse_quiet_hours("off"), Some(None));
        assert_eq!(parse_quiet_hours("9"), None);
        assert_eq!(parse_quiet_hours("25-7"), None);
        assert_eq!(parse_quiet_hours("ä-ö"), None);
        assert_eq!(parse_quiet_hours(""), None, "blank is not a setting");
        assert_eq!(parse_quiet_hours("  "), None);
    }
}
