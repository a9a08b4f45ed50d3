//! Catan: Seafarers in French through the real bot and the Discord double: a whole game opened
//! with `/new language: Français` (two people, two computers, by taps alone), whose every
//! channel message, button, menu and direct message is French, and whose "My hand" answers a
//! French reader in French.

use super::discord_double::{self as dd, Double, Response};
use super::discord_e2e::custom_ids;
use super::discord_seafarers::start_bot;
use super::discord_seafarers_games::{open_with_computers_in, settled, tap_and_wait};
use crate::support::TempDb;
use seafarers_engine::{Bot, Phase, Strategy};
use southseas::service::Service;

/// Words of the English texts that no French text holds (one list for every French test).
fn english_words() -> impl Iterator<Item = &'static str> {
    include_str!("../../../data/english-only-words.txt").lines().filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn english_in(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase).filter(|w| english_words().any(|e| e == w)).collect()
}

/// Every text of a message a player reads: its content, its buttons' labels, its menus.
fn texts(m: &Response) -> Vec<String> {
    let mut out = vec![m.content.clone().unwrap_or_default()];
    for c in m.flat_components() {
        for key in ["label", "placeholder"] {
            out.extend(c[key].as_str().map(str::to_string));
        }
        for option in c["options"].as_array().into_iter().flatten() {
            out.extend(option["label"].as_str().map(str::to_string));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_french_seafarers_game_through_discord_speaks_french() {
    let double = Double::start().await;
    let db = TempDb::new("discord-seafarers-french");
    let _bot = start_bot(&double, &db, 5).await;
    let reader = Service::open(&db.url()).await.expect("database");
    let people = open_with_computers_in(&double, &reader, "new-shores", Some("Français")).await;
    // Its players read French (`/settings language`): what the bot tells each of them alone (a
    // card stolen, a card bought) is in their language, the table's in the game's.
    let registered = double.wait_for_commands().await;
    let settings = registered.command("settings").expect("/settings");
    let language = settings["options"].as_array().unwrap().iter().find(|o| o["name"] == "language").expect("a language option").clone();
    let french =
        language["choices"].as_array().unwrap().iter().find(|c| c["name"] == "Français").expect("Français")["value"].as_i64().unwrap();
    for (_, who) in &people {
        double.wait_response(double.interact(dd::slash("settings", who).integer("language", french)).await, 2).await;
    }
    let (mut taps, mut version, mut hand_seen) = (0, 0, false);
    loop {
        let (game, now, message) = settled(&double, &reader, version).await;
        if game.is_over() {
            break;
        }
        // A computer's offer waits for the people: they decline it, in French buttons.
        if let Some((_, who)) = super::discord_seafarers_games::answering_person(&game, &people) {
            tap_and_wait(&double, &reader, &who, &message, seafarers_engine::Action::AnswerTrade { accept: false }).await;
            version = now;
            continue;
        }
        let (seat, who) = game.to_act().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned()).expect("a person acts");
        if !hand_seen && game.phase() == Phase::Main && game.player(seat).hand.total() > 0 {
            // "My hand" to a French reader: French, privately.
            let id = custom_ids(&message).into_iter().find(|c| c.ends_with(":hand")).expect("a My hand button");
            let answered = double.wait_response(double.interact(dd::button(&id, &who).locale("fr")).await, 2).await;
            assert!(answered[0].is_ephemeral(), "acknowledged privately: {answered:?}");
            let text = answered[1].content.clone().unwrap_or_default();
            assert!(text.contains("Votre main") && text.contains("Taux avec la banque"), "{text}");
            assert!(english_in(&text).is_empty(), "English in the French hand: {:?} in {text}", english_in(&text));
            hand_seen = true;
        }
        let action = Bot::new(Strategy::Greedy, taps).choose(&game, seat).expect("a step");
        tap_and_wait(&double, &reader, &who, &message, action).await;
        (taps, version) = (taps + 1, now);
        assert!(taps < 3000, "the game never ended");
    }
    assert!(hand_seen, "a player looked at their hand");
    let (mut public, mut private) = (0, 0);
    for m in double.channel_messages() {
        if m.channel_id == Some(dd::CHANNEL_ID) {
            public += 1;
        } else {
            private += 1;
        }
        for text in texts(&m) {
            let found = english_in(&text);
            assert!(found.is_empty(), "English words {found:?} in a French game's message: {text}");
        }
    }
    let last =
        double.channel_messages().into_iter().rev().find(|m| m.content.as_deref().is_some_and(|c| c.contains("gagne"))).expect("the end");
    let last = last.content.unwrap_or_default();
    assert!(last.starts_with("🏁 ") && last.contains("gagne avec"), "the winner leads, in French: {last}");
    assert!(last.contains("cartes Point de victoire sont révélées"), "the hidden cards are said to be revealed: {last}");
    assert!(public > 50 && private > 0, "{public} channel messages, {private} direct messages");
    double.assert_no_unexpected();
}
