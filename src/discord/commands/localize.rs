//! The slash commands in every language the bot speaks, from the message files
//! (`assets/locales/<language>/commands.ftl`): Discord shows a client the names, descriptions,
//! options and choices of its own language, and English to the others.
//!
//! Message ids: `cmd-NAME` (the command's name, `.description`), `cmd-NAME-OPTION` (the
//! option's name, `.description`, and `.choice-N` for its N-th choice). English keeps the names
//! the code gives (what Discord sends back and the commands answer to); its descriptions and
//! choices are the file's.

use crate::discord::types::{Data, Error};
use crate::i18n::{self, Locale};
use std::borrow::Cow;

type Command = poise::Command<Data, Error>;

fn command_id(command: &str) -> String {
    format!("cmd-{command}")
}

fn option_id(command: &str, option: &str) -> String {
    format!("cmd-{command}-{option}")
}

fn choice_attr(n: usize) -> String {
    format!("choice-{n}")
}

/// Gives each command its words in every language: English as the default, the others as
/// Discord's localizations. A word a file lacks leaves the code's (the tests see to it that
/// none is lacking).
pub fn localize(commands: &mut [Command]) {
    for command in commands {
        let name = command.name.to_string();
        let id = command_id(&name);
        if let Some(text) = i18n::attribute(Locale::En, &id, "description") {
            command.description = Some(Cow::Owned(text));
        }
        for locale in Locale::ALL {
            for &tag in locale.discord_tags() {
                if i18n::has(locale, &id) {
                    command.name_localizations.to_mut().push((tag.into(), i18n::message(locale, &id, None).into()));
                }
                if let Some(text) = i18n::attribute(locale, &id, "description") {
                    command.description_localizations.to_mut().push((tag.into(), text.into()));
                }
            }
        }
        for parameter in &mut command.parameters {
            let id = option_id(&name, &parameter.name);
            if let Some(text) = i18n::attribute(Locale::En, &id, "description") {
                parameter.description = Some(Cow::Owned(text));
            }
            for (n, choice) in parameter.choices.to_mut().iter_mut().enumerate() {
                if let Some(text) = i18n::attribute(Locale::En, &id, &choice_attr(n)) {
                    choice.name = Cow::Owned(text);
                }
            }
            for locale in Locale::ALL {
                for &tag in locale.discord_tags() {
                    if i18n::has(locale, &id) {
                        parameter.name_localizations.to_mut().push((tag.into(), i18n::message(locale, &id, None).into()));
                    }
                    if let Some(text) = i18n::attribute(locale, &id, "description") {
                        parameter.description_localizations.to_mut().push((tag.into(), text.into()));
                    }
                    for (n, choice) in parameter.choices.to_mut().iter_mut().enumerate() {
                        if let Some(text) = i18n::attribute(locale, &id, &choice_attr(n)) {
                            choice.localizations.to_mut().push((tag.into(), text.into()));
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Discord's rule for a command's or option's name (its pattern allows letters of any
    /// script, digits, `-` and `_`; a letter with a lower-case form must be lower case).
    fn valid_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            && name.to_lowercase() == name
    }

    fn localized() -> Vec<Command> {
        super::super::all()
    }

    #[test]
    fn every_command_option_and_choice_has_its_words_in_every_language() {
        let mut missing = Vec::new();
        for command in super::super::plain() {
            let id = command_id(&command.name);
            for locale in Locale::ALL {
                if !i18n::has(locale, &id) || i18n::attribute(locale, &id, "description").is_none() {
                    missing.push(format!("{locale}: {id}"));
                }
                for parameter in &command.parameters {
                    let id = option_id(&command.name, &parameter.name);
                    if !i18n::has(locale, &id) || i18n::attribute(locale, &id, "description").is_none() {
                        missing.push(format!("{locale}: {id}"));
                    }
                    for (n, choice) in parameter.choices.iter().enumerate() {
                        // A choice may carry its own words (`/new`'s games, by their titles).
                        let own = !choice.localizations.is_empty()
                            && locale.discord_tags().iter().all(|tag| choice.localizations.iter().any(|(t, _)| t == tag));
                        if i18n::attribute(locale, &id, &choice_attr(n)).is_none() && !own {
                            missing.push(format!("{locale}: {id}.{}", choice_attr(n)));
                        }
                    }
                }
            }
        }
        assert!(missing.is_empty(), "missing in commands.ftl:\n{}", missing.join("\n"));
    }

    #[test]
    fn english_names_in_the_files_are_the_names_the_commands_answer_to() {
        for command in super::super::plain() {
            assert_eq!(i18n::message(Locale::En, &command_id(&command.name), None), command.name);
            for parameter in &command.parameters {
                assert_eq!(i18n::message(Locale::En, &option_id(&command.name, &parameter.name), None), parameter.name);
            }
        }
    }

    #[test]
    fn every_localized_command_name_is_valid_for_discord() {
        for command in localized() {
            let mut options = BTreeSet::new();
            for (locale, name) in command.name_localizations.iter() {
                assert!(valid_name(name), "/{} in {locale}: `{name}`", command.name);
            }
            for parameter in &command.parameters {
                for (locale, name) in parameter.name_localizations.iter() {
                    assert!(valid_name(name), "/{} {} in {locale}: `{name}`", command.name, parameter.name);
                    // Two options of one command may not share a name in any language.
                    assert!(options.insert((locale.to_string(), name.to_string())), "/{} in {locale}: `{name}` twice", command.name);
                }
            }
        }
    }

    #[test]
    fn no_two_commands_share_a_name_in_any_language() {
        let mut seen = BTreeSet::new();
        for command in localized() {
            for (locale, name) in command.name_localizations.iter() {
                assert!(seen.insert((locale.to_string(), name.to_string())), "`{name}` twice in {locale}");
            }
        }
    }

    #[test]
    fn descriptions_and_choices_fit_discords_limits() {
        for command in localized() {
            let descriptions = command.description.iter().chain(command.description_localizations.iter().map(|(_, d)| d));
            for d in descriptions {
                assert!((1..=100).contains(&d.chars().count()), "/{}: `{d}`", command.name);
            }
            for parameter in &command.parameters {
                let descriptions = parameter.description.iter().chain(parameter.description_localizations.iter().map(|(_, d)| d));
                for d in descriptions {
                    assert!((1..=100).contains(&d.chars().count()), "/{} {}: `{d}`", command.name, parameter.name);
                }
                for choice in parameter.choices.iter() {
                    for name in std::iter::once(&choice.name).chain(choice.localizations.iter().map(|(_, n)| n)) {
                        assert!((1..=100).contains(&name.chars().count()), "/{} {}: `{name}`", command.name, parameter.name);
                    }
                }
            }
        }
    }

    #[test]
    fn a_french_client_sees_french_commands() {
        let commands = localized();
        let new = commands.iter().find(|c| c.name == "new").expect("/new");
        assert!(new.name_localizations.iter().any(|(tag, name)| tag == "fr" && name == "nouvelle"));
    }
}
