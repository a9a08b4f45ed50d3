//! The bot in French, through the Discord double: a French client's command list, a French
//! user's private answers within an English game (the interaction's `locale`, or their own
//! `/settings language`), a game opened in French whose lobby speaks French, and a whole game
//! opened in French whose every public word is French.

use super::discord_double::{self as dd, CommandRegistration, Double, Member, Response, ResponseKind};
use super::discord_e2e::{posts, private_answer as refusal_in, seat_of, settle, start_bot, state};
use super::support::TempDb;
use serde_json::Value;
use southseas::games::southseas::codes::Code;
use southseas::service::ComponentId;
use southseas_engine::{Action, Bot, Strategy};

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

/// `/help`'s answer, its two messages joined (acknowledged privately first, like every command).
async fn help(double: &Double, member: &Member, locale: &str) -> String {
    // Acknowledged privately first, then answered in place, then a second private message.
    let id = double.interact(dd::slash("help", member).locale(locale)).await;
    let answer = double.wait_response(id, 3).await;
    assert!(answer.iter().all(|r| r.is_ephemeral()), "{answer:?}");
    answer[1..].iter().map(|r| r.content.clone().unwrap_or_default()).collect::<Vec<_>>().join("\n")
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
    assert!(help.starts_with("**Comment jouer ici**") && help.contains("/nouvelle") && help.contains("/revoir"), "{help}");
    let settings = private_answer(&double, dd::slash("settings", &bruno).locale("fr")).await;
    assert!(settings.contains("Vos réglages") && settings.contains("Français (celle de votre Discord)"), "{settings}");
    // Alice's client is English.
    let help = self::help(&double, &alice, "en-US").await;
    assert!(help.starts_with("**How to play here**") && help.contains("/replay") && help.contains("favourites"), "{help}");

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
    assert!(texts[1].contains("Reprise des insulaires\u{a0}: seulement quand sa réserve est vide"), "{texts:?}");
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

/// The step command that types `action`, and the name of its option ("" when it has none).
fn step_command(action: &Action) -> (&'static str, &'static str) {
    match action {
        Action::PlaceTile { .. } => ("place", "spot"),
        Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } | Action::SkipIslander => ("islander", "choice"),
        Action::ChooseShip { .. } => ("ship", "choice"),
        Action::Deliver { .. } => ("deliver", "ship"),
        Action::Pay { .. } => ("pay", "payment"),
        Action::EndTurn => ("endturn", ""),
    }
}

/// Every word a channel message shows: its text, its buttons' labels, its menus' placeholders
/// and options.
fn words_of(message: &Response) -> Vec<String> {
    let mut words: Vec<String> = message.content.clone().into_iter().collect();
    for c in message.flat_components() {
        for key in ["label", "placeholder"] {
            words.extend(c[key].as_str().map(str::to_string));
        }
        for o in c["options"].as_array().into_iter().flatten() {
            words.extend(o["label"].as_str().map(str::to_string));
        }
    }
    words
}

/// Words of the English messages that no French message has (checked as whole words, so
/// French words that contain them do not count).
const ENGLISH_ONLY: [&str; 40] = [
    "the",
    "and",
    "your",
    "turn",
    "tile",
    "tiles",
    "placed",
    "islander",
    "islanders",
    "ship",
    "ships",
    "delivered",
    "deliver",
    "Undo",
    "Show",
    "board",
    "Choose",
    "Game",
    "over",
    "King",
    "completed",
    "fisherman",
    "banana",
    "bananas",
    "shell",
    "shells",
    "fish",
    "market",
    "computer",
    "End",
    "Take",
    "back",
    "Pay",
    "each",
    "left",
    "ended",
    "now",
    "wins",
    "spot",
    "spots",
];

fn english_words_in(text: &str) -> Vec<&'static str> {
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    ENGLISH_ONLY.iter().copied().filter(|e| words.contains(e)).collect()
}

/// Two people play a whole game opened in French, typing every step from English clients: every
/// message the table reads (the turns, the narration, the buttons and menus, the game's end) is
/// French, and the private answers follow each reader's own language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_opened_in_french_speaks_french_to_the_table() {
    let double = Double::start().await;
    let db = TempDb::new("fr-game");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    let (alice, bruno) = (Member::new(4201, "alice"), Member::new(4202, "bruno"));
    let members = [alice.clone(), bruno.clone()];
    let french = choice(&registered, "new", "language", "Français");
    double.interact(dd::slash("new", &alice).locale("en-US").integer("language", french)).await;
    double.wait_channel_messages(1).await;
    double.interact(dd::slash("join", &bruno).locale("en-US")).await;
    double.wait_channel_messages(2).await;
    double.interact(dd::slash("start", &alice).locale("en-US")).await;
    let mut message = settle(&double, &db, "start").await;
    let mut bots = [Bot::new(Strategy::Greedy, 7), Bot::new(Strategy::Greedy, 8)];
    let mut steps = 0;
    let mut refused_in_english = false;
    while message.is_some() {
        let (game, _, _, _) = state(&db).await;
        let seat = game.to_act().expect("a message with choices means someone acts");
        let mut actor = None;
        for m in &members {
            if seat_of(&db, m.id).await == Some(seat) {
                actor = Some(m.clone());
            }
        }
        let actor = actor.expect("a seated player acts");
        // Once: the other player, whose client is English, tries to act: told privately, in
        // English, though the game speaks French.
        if !refused_in_english {
            let other = members.iter().find(|m| m.id != actor.id).unwrap();
            let answer = private_answer_of(&double, dd::slash("endturn", other).locale("en-US")).await;
            assert!(answer.contains("It's not your turn"), "{answer}");
            refused_in_english = true;
        }
        let action = bots[seat].choose(&game).expect("not over");
        let (name, option) = step_command(&action);
        let code = Code::Act(action).code();
        let interaction = if option.is_empty() { dd::slash(name, &actor) } else { dd::slash(name, &actor).string(option, &code) };
        let id = double.interact(interaction.locale("en-US")).await;
        let responses = double.wait_response(id, 2).await;
        message = settle(&double, &db, &format!("step {steps}: {action}")).await;
        assert_eq!(refusal_in(&responses), None, "step {steps}: {action}: refused or failed: {responses:?}");
        steps += 1;
        assert!(steps < 600, "the game does not end");
    }
    let (last, _, _, _) = state(&db).await;
    assert!(last.is_over() && last.turn() > 60, "a whole game was played ({} turns)", last.turn());

    let messages: Vec<Response> =
        double.channel_messages().into_iter().filter(|m| m.content.is_some() || !m.components.is_empty()).collect();
    let mut all = String::new();
    for m in &messages {
        for text in words_of(m) {
            let english = english_words_in(&text);
            assert!(english.is_empty(), "English {english:?} in a message of the French game: {text}");
            all.push_str(&text);
            all.push('\n');
        }
    }
    for french in
        ["La partie commence", "a posé la tuile", "Ordre du tour", "Fin de la partie", "Annuler", "Voir le plateau", "Points (si la partie"]
    {
        assert!(all.contains(french), "`{french}` in the French game's messages");
    }
    assert!(all.contains("Roi des mers du Sud") || all.contains("Victoire partagée"), "the winner is crowned in French");

    // A look at the game is the reader's: French for a French client, English for an English one.
    let status = private_answer_of(&double, dd::slash("status", &bruno).locale("fr")).await;
    assert!(status.contains("La partie est terminée"), "{status}");
    let status = private_answer_of(&double, dd::slash("status", &alice).locale("en-US")).await;
    assert!(status.contains("The game is over"), "{status}");
    double.assert_no_unexpected();
}

/// A French user in an English game: the refusals and looks the bot gives them alone are
/// French (their turn not come, an old button, the status), while the table reads English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_user_is_refused_in_french_within_an_english_game() {
    let double = Double::start().await;
    let db = TempDb::new("fr-refusals");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    let (alice, bruno) = (Member::new(4301, "alice"), Member::new(4302, "bruno"));
    let english = choice(&registered, "new", "language", "English");
    double.interact(dd::slash("new", &alice).locale("en-US").integer("language", english)).await;
    double.wait_channel_messages(1).await;
    double.interact(dd::slash("join", &bruno).locale("fr")).await;
    double.wait_channel_messages(2).await;
    double.interact(dd::slash("start", &alice).locale("en-US")).await;
    let first = settle(&double, &db, "start").await.expect("the first turn");
    assert!(first["content"].as_str().unwrap_or("").contains("The game begins"), "{first}");

    let (game, version, game_id, _) = state(&db).await;
    let seat = game.to_act().expect("someone acts");
    let (to_act, idle) = if seat_of(&db, alice.id).await == Some(seat) { (&alice, &bruno) } else { (&bruno, &alice) };
    // Out of turn, typed: in the reader's language.
    let answer = private_answer_of(&double, dd::slash("endturn", idle).locale(if idle.id == bruno.id { "fr" } else { "en-US" })).await;
    if idle.id == bruno.id {
        assert!(answer.contains("Ce n'est pas votre tour"), "{answer}");
    } else {
        assert!(answer.contains("It's not your turn"), "{answer}");
    }
    // Bruno's lookups and refusals are French whatever the game's language.
    let status = private_answer_of(&double, dd::slash("status", &bruno).locale("fr")).await;
    assert!(status.contains("**Tour ") && status.contains("Bateaux exposés\u{a0}:"), "{status}");
    let history = private_answer_of(&double, dd::slash("history", &bruno).locale("fr").integer("page", 9)).await;
    assert!(history.contains("L'historique a") || history.contains("Il ne s'est encore rien passé"), "{history}");
    // The one who acts takes a step; an old button of Bruno's is then out of date, in French.
    let action = Bot::new(Strategy::Greedy, 1).choose(&game).expect("a step");
    let (name, option) = step_command(&action);
    let code = Code::Act(action).code();
    let typed = if option.is_empty() { dd::slash(name, to_act) } else { dd::slash(name, to_act).string(option, &code) };
    let id = double.interact(typed.locale("en-US")).await;
    double.wait_response(id, 2).await;
    settle(&double, &db, "a step").await;
    let old = ComponentId::button(game_id, version, Code::Act(action));
    let id = double.interact(dd::button(&old, &bruno).locale("fr")).await;
    let r = double.wait_response(id, 2).await;
    let stale = r[1].content.clone().unwrap_or_default();
    assert!(r[1].is_ephemeral() && stale.starts_with("Ce bouton n'est plus à jour"), "{r:?}");
    // The table still reads English.
    let posts = posts(&double);
    let last = posts.last().and_then(|p| p.content.clone()).unwrap_or_default();
    assert!(english_words_in(&last).len() > 2, "the English game's messages stay English: {last}");
    double.assert_no_unexpected();
}

/// A command's private answer (its acknowledgement, then the answer in its place).
async fn private_answer_of(double: &Double, interaction: dd::Interaction) -> String {
    let id = double.interact(interaction).await;
    let responses = double.wait_response(id, 2).await;
    let answer = responses.iter().skip(1).find(|r| r.content.is_some()).unwrap_or_else(|| panic!("a private answer: {responses:?}"));
    assert!(answer.is_ephemeral(), "{responses:?}");
    answer.content.clone().unwrap_or_default()
}
