//! How to play with this bot, in the asker's language.

use super::{acknowledge, reader_locale, respond_private};
use crate::discord::types::{Context, Error};
use crate::service::Reply;
use crate::tr;

/// How to play with this bot (only to you).
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    // Acknowledged first: the reader's language is a database read.
    acknowledge(ctx).await?;
    let text = tr!(reader_locale(ctx).await, "help");
    respond_private(ctx, Ok(Reply { text, ..Reply::default() })).await
}

#[cfg(test)]
mod tests {
    use crate::i18n::Locale;
    use crate::tr;

    #[test]
    fn help_fits_one_message_and_names_every_async_command() {
        let names = [
            (
                Locale::En,
                [
                    "/settings",
                    "/addbot",
                    "/away",
                    "/back",
                    "/replace",
                    "/kick",
                    "Add computer",
                    "quiet",
                    "/seafarers",
                    "/hand",
                    "Seafarers",
                ],
            ),
            (
                Locale::Fr,
                [
                    "/reglages",
                    "/ajouter-ordi",
                    "/absent",
                    "/retour",
                    "/remplacer",
                    "/exclure",
                    "Ajouter l'ordinateur",
                    "calmes",
                    "/marins",
                    "/main",
                    "Marins",
                ],
            ),
        ];
        for (locale, commands) in names {
            let help = tr!(locale, "help");
            assert!(help.chars().count() <= crate::service::reply::MAX_CONTENT_CHARS, "{locale}");
            for command in commands {
                assert!(help.contains(command), "{locale}: {command}");
            }
        }
    }

    #[test]
    fn french_help_names_the_french_commands() {
        // Every `/name` the French help mentions is a French command name (a French client
        // shows no other).
        let help = tr!(Locale::Fr, "help");
        let french: Vec<String> = crate::discord::commands::all()
            .iter()
            .flat_map(|c| c.name_localizations.iter().filter(|(tag, _)| tag == "fr").map(|(_, n)| n.to_string()).collect::<Vec<_>>())
            .collect();
        for word in help.split(|c: char| c == '`' || c.is_whitespace()).filter(|w| w.starts_with('/') && w.len() > 1) {
            let name = word.trim_start_matches('/').trim_end_matches([',', '.', ')']);
            assert!(french.iter().any(|f| f == name), "/{name} is not a French command");
        }
    }
}
