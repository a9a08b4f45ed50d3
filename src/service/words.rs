//! How the service says times: durations in words ("8 hours", "3 jours"), Discord's relative
//! timestamps ("in 3 hours", in each reader's own time zone), a turn message's deadline line.

use crate::common::Reply;
use crate::i18n::Locale;
use crate::tr;

/// "8 hours", "1 day", "25 minutes": how long, roughly, in words.
pub fn duration_words(ms: i64) -> String {
    duration_words_in(ms, Locale::En)
}

/// [`duration_words`] in a language ("8 heures").
pub fn duration_words_in(ms: i64, locale: Locale) -> String {
    let minutes = (ms / 60_000).max(1);
    // Whole hours read as hours ("1 hour", not "60 minutes"); 90 minutes stay minutes.
    let (n, unit) = if minutes < 60 || (minutes < 120 && minutes % 60 != 0) {
        (minutes, "duration-minutes")
    } else if minutes < 48 * 60 {
        (minutes / 60, "duration-hours")
    } else {
        (minutes / (24 * 60), "duration-days")
    };
    tr!(locale, unit, n = n)
}

/// A time as Discord shows it to each reader in their own time zone: relative ("in 5 hours").
pub fn relative_time(ms: i64) -> String {
    format!("<t:{}:R>", ms.div_euclid(1000))
}

/// Ends a turn message with its deadline, when the wait has one (in the game's `language`).
pub(crate) fn add_deadline(reply: &mut Reply, deadline: Option<i64>, language: Locale) {
    if let Some(at) = deadline {
        reply.text.push('\n');
        reply.text.push_str(&tr!(language, "deadline-line", when = relative_time(at)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration_words(8 * 3_600_000), "8 hours");
        assert_eq!(duration_words(60_000), "1 minute");
        assert_eq!(duration_words(0), "1 minute");
        assert_eq!(duration_words(90 * 60_000), "90 minutes");
        assert_eq!(duration_words(24 * 3_600_000), "24 hours");
        assert_eq!(duration_words(3_600_000), "1 hour");
        assert_eq!(duration_words(119 * 60_000), "119 minutes");
        assert_eq!(duration_words(72 * 3_600_000), "3 days");
        assert_eq!(duration_words_in(72 * 3_600_000, Locale::Fr), "3 jours");
        assert_eq!(duration_words_in(60_000, Locale::Fr), "1 minute");
    }
}
