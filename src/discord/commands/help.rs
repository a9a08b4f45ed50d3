//! How to play with this bot, and the rules of the game played here, in the asker's language.

use super::{acknowledge, place_of, reader_locale, respond_private};
use crate::discord::types::{Context, Error};
use crate::games::GameKind;
use crate::i18n::Locale;
use crate::service::Reply;
use crate::tr;

/// The help's messages in `reader`'s language, in order: how to play (each game's own lines
/// from its room), then games that keep moving and what comes after the last move. Two, since
/// one message holds 2,000 characters and the help needs more.
fn parts(reader: Locale) -> [String; 2] {
    let games = GameKind::ALL.map(|kind| crate::games::help_text(kind, reader)).join("\n");
    [tr!(reader, "help", games = games), tr!(reader, "help-more")]
}

/// How to play with this bot (only to you).
#[poise::command(slash_command)]
pub(crate) async fn help(ctx: Context<'_>) -> Result<(), Error> {
    // Acknowledged first: the reader's language is a database read.
    acknowledge(ctx).await?;
    for text in parts(reader_locale(ctx).await) {
        respond_private(ctx, Ok(Reply { text, ..Reply::default() })).await?;
    }
    Ok(())
}

// Those of the game this channel plays (a lobby's too), else the default game's: its room says
// which text that is.
/// The rules in one minute (only to you).
#[poise::command(slash_command)]
pub(crate) async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    // Acknowledged first: which game the channel plays is a database read.
    acknowledge(ctx).await?;
    let kind = ctx.data().service.kind_here(place_of(ctx)).await.ok().flatten().unwrap_or(GameKind::DEFAULT);
    let text = crate::games::rules_text(kind, reader_locale(ctx).await);
    respond_private(ctx, Ok(Reply { text, ..Reply::default() })).await
}

#[cfg(test)]
mod tests {
    use crate::i18n::Locale;

    #[test]
    fn each_part_of_help_fits_a_message_and_together_they_name_every_async_command() {
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
            for (n, text) in super::parts(locale).iter().enumerate() {
                assert!(
                    text.chars().count() <= crate::service::reply::MAX_CONTENT_CHARS,
                    "{locale} part {n}: {} characters",
                    text.chars().count()
                );
            }
            let help = super::parts(locale).join("\n");
            for command in commands {
                assert!(help.contains(command), "{locale}: {command}");
            }
        }
    }

    #[test]
    fn help_names_every_command_but_the_lobbys_buttons() {
        // Joining, leaving and starting are the lobby's buttons; the help does not name itself.
        let left_to_buttons = ["join", "leave", "start", "help"];
        for locale in Locale::ALL {
            let help = super::parts(locale).join("\n");
            for command in crate::discord::commands::all() {
                let english = command.name.to_string();
                let localized = command.name_localizations.iter().find(|(tag, _)| tag == locale.code()).map(|(_, n)| n.to_string());
                let name = if locale == Locale::En { english.clone() } else { localized.unwrap_or_else(|| english.clone()) };
                if !left_to_buttons.contains(&english.as_str()) {
                    assert!(help.contains(&format!("`/{name}")), "{locale}: /{name}");
                }
            }
        }
    }

    #[test]
    fn help_tells_what_comes_after_the_last_move() {
        let words = [
            (Locale::En, ["/replay", "Rematch", "/stats", "feature you complete most", "piece you build most", "/leaderboard"]),
            (
                Locale::Fr,
                [
                    "/revoir",
                    "Revanche",
                    "/statistiques",
                    "lieu que vous complétez le plus",
                    "pièce que vous construisez le plus",
                    "/classement",
                ],
            ),
        ];
        for (locale, words) in words {
            let help = super::parts(locale).join("\n");
            for word in words {
                assert!(help.contains(word), "{locale}: {word}");
            }
        }
    }

    #[test]
    fn french_help_names_the_french_commands() {
        // Every `/name` the French help mentions is a French command name (a French client
        // shows no other).
        let help = super::parts(Locale::Fr).join("\n");
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
