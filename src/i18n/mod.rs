//! Every word a player reads, in their language, through Project Fluent: one message file per
//! area and language (`assets/locales/<language>/<area>.ftl`), embedded in the binary, parsed
//! into one bundle per language once (at first use; `serve` forces it at start), then looked up
//! by id. A leaf: it uses nothing of the crate.
//!
//! Who reads which language is decided above (the service and the Discord layer): a private
//! answer in the asker's language, a game's public messages in the game's own. Discord
//! timestamps (`<t:…:R>`) need nothing here: each client writes them in its reader's language.
//!
//! English and French hold the same messages with the same variables (a test compares them
//! message by message, `check.rs`); a language may add terms of its own (`-bateau`), which is
//! where French keeps a noun's gender for the messages that agree with it.

#[cfg(test)]
mod check;

use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;

pub use fluent_bundle::FluentArgs as Args;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Locale {
    #[default]
    En,
    Fr,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Fr];

    /// Its code: how it is stored (games, user settings) and its folder of message files.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Fr => "fr",
        }
    }

    /// The language of a stored code; None for a code the bot does not speak.
    pub fn from_code(code: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language of a Discord locale tag (an interaction's `locale`, a guild's
    /// `preferred_locale`: `fr`, `en-US`, `en-GB`, …), when the bot speaks it.
    pub fn from_discord(tag: &str) -> Option<Locale> {
        Locale::from_code(tag.split('-').next().unwrap_or(tag))
    }

    /// The Discord locale tags whose clients get this language's command names (English is the
    /// commands' default, shown to every client without a localization of its own).
    pub fn discord_tags(self) -> &'static [&'static str] {
        match self {
            Locale::En => &[],
            Locale::Fr => &["fr"],
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Locale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// The areas, each a message file per language.
pub const AREAS: [&str; 5] = ["common", "commands", "southseas", "seafarers", "web"];

macro_rules! sources {
    ($lang:literal) => {
        [
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/", $lang, "/common.ftl")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/", $lang, "/commands.ftl")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/", $lang, "/southseas.ftl")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/", $lang, "/seafarers.ftl")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales/", $lang, "/web.ftl")),
        ]
    };
}

/// The message files as embedded, in the order of [`AREAS`].
const SOURCES: [[&str; AREAS.len()]; 2] = [sources!("en"), sources!("fr")];

/// The text of one language's message file of an area.
pub fn source(locale: Locale, area: &str) -> Option<&'static str> {
    let i = AREAS.iter().position(|a| *a == area)?;
    Some(SOURCES[locale.index()][i])
}

type Bundle = fluent_bundle::concurrent::FluentBundle<FluentResource>;

/// One language's bundle: every area's messages.
fn bundle(locale: Locale) -> Result<Bundle, String> {
    let tag = locale.code().parse().map_err(|e| format!("{locale}: {e}"))?;
    let mut bundle = Bundle::new_concurrent(vec![tag]);
    // Fluent wraps each placed value in Unicode isolation marks by default; the texts are
    // left-to-right in both languages, and names are laid out by the drawing kit and Discord.
    bundle.set_use_isolating(false);
    for (area, text) in AREAS.iter().zip(SOURCES[locale.index()]) {
        let resource =
            FluentResource::try_new(text.to_string()).map_err(|(_, errors)| format!("{locale}/{area}.ftl does not parse: {errors:?}"))?;
        bundle.add_resource(resource).map_err(|errors| format!("{locale}/{area}.ftl: {errors:?}"))?;
    }
    Ok(bundle)
}

static BUNDLES: LazyLock<Vec<Bundle>> =
    LazyLock::new(|| Locale::ALL.iter().map(|&l| bundle(l).unwrap_or_else(|e| panic!("message files: {e}"))).collect());

/// Builds every bundle now (`serve` calls it at start, so a broken file stops the start rather
/// than a player's first command).
pub fn load() {
    LazyLock::force(&BUNDLES);
}

/// The message `id` (or its attribute `attr`) in `locale`, with `args`; None when that language
/// lacks it.
fn format(locale: Locale, id: &str, attr: Option<&str>, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = &BUNDLES[locale.index()];
    let message = bundle.get_message(id)?;
    let pattern = match attr {
        Some(attr) => message.get_attribute(attr)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(%locale, id, ?errors, "a message was formatted with errors");
    }
    Some(text.into_owned())
}

/// The message `id` in `locale` with `args` (see [`tr!`]). A message the language lacks falls
/// back to English, then to its id (the parity test keeps both from happening).
pub fn message(locale: Locale, id: &str, args: Option<&FluentArgs>) -> String {
    format(locale, id, None, args).or_else(|| format(Locale::En, id, None, args)).unwrap_or_else(|| {
        tracing::warn!(%locale, id, "no such message");
        id.to_string()
    })
}

/// An attribute of a message (`cmd-new.description`), None when the language lacks it.
pub fn attribute(locale: Locale, id: &str, attr: &str) -> Option<String> {
    format(locale, id, Some(attr), None)
}

/// Whether the language has the message `id`.
pub fn has(locale: Locale, id: &str) -> bool {
    BUNDLES[locale.index()].has_message(id)
}

/// A message in a language, with named arguments: `tr!(locale, "tiles-left", count = 3)`.
/// Numbers stay numbers, so the plural rules of the language choose the form.
#[macro_export]
macro_rules! tr {
    ($locale:expr, $id:expr $(,)?) => {
        $crate::i18n::message($locale, $id, None)
    };
    ($locale:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $( args.set(stringify!($name), $value); )+
        $crate::i18n::message($locale, $id, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_tags_name_the_languages_the_bot_speaks() {
        assert_eq!(Locale::from_discord("fr"), Some(Locale::Fr));
        assert_eq!(Locale::from_discord("en-US"), Some(Locale::En));
        assert_eq!(Locale::from_discord("en-GB"), Some(Locale::En));
        assert_eq!(Locale::from_discord("pt-BR"), None);
        for locale in Locale::ALL {
            assert_eq!(Locale::from_code(locale.code()), Some(locale));
        }
    }

    #[test]
    fn every_message_file_parses_into_its_bundle() {
        for locale in Locale::ALL {
            if let Err(e) = bundle(locale) {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn french_plurals_follow_french_rules_and_english_english_ones() {
        // French counts 0 and 1 as singular; English only 1.
        assert_eq!(tr!(Locale::En, "duration-days", n = 0), "0 days");
        assert_eq!(tr!(Locale::En, "duration-days", n = 1), "1 day");
        assert_eq!(tr!(Locale::Fr, "duration-days", n = 0), "0 jour");
        assert_eq!(tr!(Locale::Fr, "duration-days", n = 1), "1 jour");
        assert_eq!(tr!(Locale::Fr, "duration-days", n = 2), "2 jours");
    }

    #[test]
    fn placed_values_carry_no_isolation_marks() {
        let text = tr!(Locale::En, "lobby-joined", name = "Ana");
        assert_eq!(text, "Ana joined.");
        assert!(!text.contains(['\u{2068}', '\u{2069}']), "{text:?}");
    }
}
