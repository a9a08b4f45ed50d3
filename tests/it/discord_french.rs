//! The bot in French, through the Discord double: a French client's command list, a French
//! user's private answers within an English game (the interaction's `locale`, or their own
//! `/settings language`), and a game opened in French whose lobby speaks French.

use super::discord_double::{self as dd, CommandRegistration, Double, Member, Response, ResponseKind};
use super::discord_e2e::{posts, start_bot};
use super::support::TempDb;
use serde_json::Value;

/// The value Discord sends for the choice of `/command option:` named `name` in English.
fn choice(registered: &CommandRegistration, command: &str, option: &str, name: &str) -> i64 {
    let option = option_of(registered, command, option);
    let choice = option["choices"].as_array().into_iter().flatten().find(|c| c["name"] == name);
    choice.and_then(|c| c["value"].as_i64()).unwrap_or_else(|| panic!("a choice `{name}` of {option}"))
}

fn option_of(registered: &CommandRegistration, command: &str, option: &str) -> Value {
    let command = registered.command(command).unwrap_or_else(|| panic!("/{command} registered"));
    command["options"].as_array().into_iter().flatten().find(|o| o["name"] == option).cloned().expect("the option")
}

/// A command's private answer, after its private acknowledgement.
async fn private_answer(double: &Double, interaction: dd::Interaction) -> String {
    let id = double.interact(interaction).await;
    let responses: Vec<Response> = double.wait_response(id, 2).await;
    let answer = responses.iter().find(|r| r.kind == ResponseKind::Followup);
    let answer = answer.unwrap_or_else(|| panic!("a private answer: {responses:?}"));
    assert!(answer.is_ephemeral(), "{responses:?}");
    answer.content.clone().unwrap_or_default()
}

/// `/help`'s answer (private at once: it needs no acknowledgement first).
async fn help(double: &Double, member: &Member, locale: &str) -> String {
    let id = double.interact(dd::slash("help", member).locale(locale)).await;
    let answer = double.wait_callback(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    answer.content.unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_client_is_offered_french_commands() {
    let double = Double::start().await;
    let db = TempDb::new("fr-commands");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    let commands = registered.body.as_array().expect("an array of commands");
    for command in commands {
        let french = command["name_localizations"]["fr"].as_str().unwrap_or_else(|| panic!("{} has a French name", command["name"]));
        assert!(command["description_localizations"]["fr"].is_string(), "{french}");
        for option in command["options"].as_array().into_iter().flatten() {
            assert!(option["name_localizations"]["fr"].is_string(), "/{french} {}", option["name"]);
            for choice in option["choices"].as_array().into_iter().flatten() {
                assert!(choice["name_localizations"]["fr"].is_string(), "/{french} {}: {}", option["name"], choice["name"]);
            }
        }
    }
    let new = registered.command("new").expect("/new");
    assert_eq!(new["name"], "new", "English stays the default");
    assert_eq!(new["name_localizations"]["fr"], "nouvelle");
    assert_eq!(option_of(&registered, "new", "language")["name_localizations"]["fr"], "langue");
    assert_eq!(option_of(&registered, "new", "game")["choices"][0]["name_localizations"]["fr"], "Carcassonne\u{a0}: Mers du Sud");
    assert_eq!(registered.command("settings").expect("/settings")["name_localizations"]["fr"], "reglages");
    double.assert_no_unexpected();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_user_reads_private_answers_in_french_within_an_english_game() {
    let double = Double::start().await;
    let db = TempDb::new("fr-private");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    let (alice, bruno) = (Member::new(4001, "alice"), Member::new(4002, "bruno"));

    // An English game: its public messages stay English whoever reads them.
    let english = choice(&registered, "new", "language", "English");
    double.interact(dd::slash("new", &alice).integer("language", english)).await;
    double.wait_channel_messages(1).await;
    let lobby = posts(&double);
    assert!(lobby[0].content.as_deref().unwrap_or("").contains("opened a game of"), "{lobby:?}");

    // Bruno's client is French: what the bot tells him alone is French.
    let help = help(&double, &bruno, "fr").await;
    assert!(help.starts_with("**Comment jouer ici**") && help.contains("/nouvelle"), "{help}");
    let settings = private_answer(&double, dd::slash("settings", &bruno).locale("fr")).await;
    assert!(settings.contains("Vos réglages") && settings.contains("Français (celle de votre Discord)"), "{settings}");
    // Alice's client is English.
    let help = self::help(&double, &alice, "en-US").await;
    assert!(help.starts_with("**How to play here**"), "{help}");

    // `/settings language` overrides the client's: Alice chooses French, then reads French
    // from her English client; "my Discord's" takes it back.
    let french = choice(&registered, "settings", "language", "Français");
    let answer = private_answer(&double, dd::slash("settings", &alice).locale("en-US").integer("language", french)).await;
    assert!(answer.starts_with("✅ Enregistré.") && answer.contains("Langue\u{a0}: Français"), "{answer}");
    let help = self::help(&double, &alice, "en-US").await;
    assert!(help.starts_with("**Comment jouer ici**"), "{help}");
    let discord = choice(&registered, "settings", "language", "my Discord's");
    let answer = private_answer(&double, dd::slash("settings", &alice).locale("en-US").integer("language", discord)).await;
    assert!(answer.starts_with("✅ Saved.") && answer.contains("English (your Discord's)"), "{answer}");

    // The game itself stayed English.
    double.interact(dd::slash("join", &bruno).locale("fr")).await;
    double.wait_channel_messages(2).await;
    let messages = posts(&double);
    assert!(messages.iter().any(|m| m.content.as_deref().unwrap_or("").contains("bruno joined.")), "{messages:?}");
    double.assert_no_unexpected();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_opened_in_french_has_a_french_lobby() {
    let double = Double::start().await;
    let db = TempDb::new("fr-lobby");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    let (alice, bruno) = (Member::new(4101, "alice"), Member::new(4102, "bruno"));

    let french = choice(&registered, "new", "language", "Français");
    double.interact(dd::slash("new", &alice).locale("en-US").integer("language", french)).await;
    double.wait_channel_messages(1).await;
    double.interact(dd::slash("join", &bruno).locale("en-US")).await;
    double.wait_channel_messages(2).await;
    let messages = posts(&double);
    let texts: Vec<String> = messages.iter().map(|p| p.content.clone().unwrap_or_default()).collect();
    assert!(texts[0].contains("alice a ouvert une partie de **Carcassonne\u{a0}: Mers du Sud**"), "{texts:?}");
    assert!(texts[1].contains("bruno a rejoint la partie.") && texts[1].contains("**Joueurs (2/5)\u{a0}:**"), "{texts:?}");
    assert!(texts[1].contains("Reprise des insulaires\u{a0}: réserve vide"), "{texts:?}");
    // No English word of the lobby is left, in the text or on the buttons.
    for english in ["joined", "Players", "Press", "Retrieve", "per turn", "computer plays"] {
        assert!(!texts[1].contains(english), "`{english}` in {:?}", texts[1]);
    }
    let labels: Vec<&str> = messages[1]
        .components
        .iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .filter_map(|b| b["label"].as_str())
        .collect();
    assert_eq!(labels, ["Rejoindre", "Quitter", "Commencer", "Ajouter l'ordinateur"]);
    double.assert_no_unexpected();
}
