//! Moderators and the opener through the Discord protocol double, as players see it: a member
//! with Manage Channels (Discord sends the member's permissions with each interaction) pauses a
//! game, whose buttons then answer privately; a member without it is refused privately; the
//! moderator resumes it (the player to act is pinged again) and ends it after a confirmation tap
//! on a private question. The opener's `/abandon` asks the same question; "Keep playing" keeps
//! the game.

use super::discord_double::{self as dd, Double, Member, Response, ResponseKind, callback};
use super::discord_e2e::{custom_ids, menu_values, posts, settle, start_bot};
use super::discord_lifecycle::{command, posting};
use crate::support::TempDb;
use std::time::Duration;

/// Manage Channels: what makes a member a moderator of games.
const MANAGE_CHANNELS: u64 = 1 << 4;

fn private(answer: Option<Response>) -> String {
    answer.expect("a private answer").content.unwrap_or_default()
}

/// Waits for the next channel message after the first `before`.
async fn next_post(double: &Double, before: usize, what: &str) -> Response {
    double.wait_for(what, |d| posts(d).get(before).cloned()).await
}

/// Taps a button of the private question and returns the bot's answers to the tap (the
/// acknowledgement, then the question's message edited).
async fn tap_private(double: &Double, custom_id: &str, who: &Member) -> Vec<Response> {
    let on = double.message_with_custom_id(custom_id).expect("the question's message");
    assert_eq!(on["flags"].as_u64().unwrap_or(0) & dd::EPHEMERAL, dd::EPHEMERAL, "the question is private");
    let id = double.interact(dd::button(custom_id, who).on_message(on)).await;
    double.wait_response(id, 2).await
}

/// Who the channel's game waits for now, as the turn message pings them.
fn last_pinged(double: &Double) -> Vec<u64> {
    posts(double).iter().rev().find(|p| !p.notified.is_empty()).map(|p| p.notified.clone()).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_pauses_resumes_and_ends_a_game_and_others_are_refused_privately() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-moderation");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    for name in ["pause", "resume", "abandon"] {
        assert!(registered.command(name).is_some(), "/{name} is registered");
    }
    let fr = |name: &str| registered.command(name).and_then(|c| c["name_localizations"]["fr"].as_str().map(str::to_string));
    assert_eq!((fr("pause").as_deref(), fr("resume").as_deref()), (Some("pause"), Some("reprendre")));
    let (ana, ben) = (Member::new(7101, "ana"), Member::new(7102, "ben"));
    let stranger = Member::new(7103, "sam");
    let mut moderator = Member::new(7104, "mia");
    moderator.permissions |= MANAGE_CHANNELS;
    posting(&double, dd::slash("new", &ana)).await;
    posting(&double, dd::slash("join", &ben)).await;
    posting(&double, dd::slash("start", &ana)).await;
    let turn = settle(&double, &db, "the start").await.expect("the first turn");
    let to_act = last_pinged(&double);
    assert_eq!(to_act.len(), 1);
    let player = if to_act[0] == ana.id { &ana } else { &ben };

    // Someone who neither opened the game nor moderates: refused privately, nothing posted.
    let before = posts(&double).len();
    let said = private(command(&double, dd::slash("pause", &stranger)).await);
    assert!(said.contains("Only the player who opened") && said.contains("moderator"), "{said}");
    assert_eq!(posts(&double).len(), before);

    // The moderator pauses it: said in the channel, pinging nobody; the turn's buttons retire.
    posting(&double, dd::slash("pause", &moderator)).await;
    let paused = next_post(&double, before, "the pause notice").await;
    assert!(paused.content.as_deref().unwrap_or("").contains("mia paused the game"), "{paused:?}");
    assert!(paused.notified.is_empty(), "a pause pings nobody");
    double.wait_for("the turn's buttons retired", |d| d.messages_with_components(dd::CHANNEL_ID).is_empty().then_some(())).await;
    // A tap on the old turn message is answered privately: paused, by whom, how to go on.
    let menu = custom_ids(&turn).into_iter().find(|c| c.ends_with(":menu")).expect("the turn offers its spots in a menu");
    let spot = menu_values(&turn).into_iter().next().expect("a spot");
    let id = double.interact(dd::select(&menu, &[spot.as_str()], player).on_message(turn.clone())).await;
    let answered = double.wait_response(id, 2).await;
    let text = answered.iter().find(|r| r.kind == ResponseKind::Followup).and_then(|r| r.content.clone()).unwrap_or_default();
    assert!(text.contains("paused (by mia") && text.contains("/resume"), "{answered:?}");
    assert!(answered[1].is_ephemeral());
    let said = private(command(&double, dd::slash("resume", &stranger)).await);
    assert!(said.contains("Only the player who opened"), "{said}");

    // Resumed: the turn message again, pinging the player to act, with its buttons.
    let before = posts(&double).len();
    posting(&double, dd::slash("resume", &moderator)).await;
    let resumed = next_post(&double, before, "the resumed turn").await;
    assert!(resumed.content.as_deref().unwrap_or("").contains("mia resumed the game"), "{resumed:?}");
    assert_eq!(resumed.notified, vec![player.id], "the player to act is pinged again");
    let resumed_turn = settle(&double, &db, "after the resume").await.expect("the turn offers its choices again");

    // The stranger can't end it; the moderator is asked first, privately, with two buttons.
    let said = private(command(&double, dd::slash("abandon", &stranger)).await);
    assert!(said.contains("Only the players"), "{said}");
    let question = command(&double, dd::slash("abandon", &moderator)).await.expect("a private question");
    assert!(question.content.as_deref().unwrap_or("").contains("End this game"), "{question:?}");
    let buttons = question.custom_ids();
    assert_eq!(buttons.len(), 2, "{question:?}");
    let before = posts(&double).len();
    let answered = tap_private(&double, &buttons[0], &moderator).await;
    assert_eq!(answered[0].callback_type, Some(callback::DEFERRED_UPDATE), "acknowledged at once: {answered:?}");
    assert!(answered[1].kind == ResponseKind::EditOriginal && answered[1].components.is_empty(), "the question keeps no buttons");
    let ended = next_post(&double, before, "the end").await;
    assert!(ended.content.as_deref().unwrap_or("").contains("abandoned by mia, a moderator"), "{ended:?}");
    double.wait_for("no buttons left", |d| d.messages_with_components(dd::CHANNEL_ID).is_empty().then_some(())).await;
    assert_abandoned_for_every_reader(&double, &resumed_turn, &ben).await;
    // A second tap on the answered question: the game is over, said privately.
    let id =
        double.interact(dd::button(&buttons[0], &moderator).on_message(double.message_with_custom_id(&buttons[0]).unwrap_or(turn))).await;
    let late = double.wait_response(id, 2).await;
    assert!(late[1].content.as_deref().unwrap_or("").contains("over or closed"), "{late:?}");
    double.assert_no_unexpected();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openers_abandon_asks_for_a_confirmation_tap_through_discord() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-abandon");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (ana, ben) = (Member::new(7201, "ana"), Member::new(7202, "ben"));
    posting(&double, dd::slash("new", &ana)).await;
    posting(&double, dd::slash("join", &ben)).await;
    posting(&double, dd::slash("start", &ana)).await;
    settle(&double, &db, "the start").await.expect("the first turn");

    // Asked, then kept: nothing changes, nothing is posted, the question loses its buttons.
    let before = posts(&double).len();
    let question = command(&double, dd::slash("abandon", &ana)).await.expect("a private question");
    let buttons = question.custom_ids();
    assert_eq!(buttons.len(), 2, "{question:?}");
    let kept = tap_private(&double, &buttons[1], &ana).await;
    assert!(kept[1].kind == ResponseKind::EditOriginal && kept[1].components.is_empty(), "{kept:?}");
    assert!(kept[1].content.as_deref().unwrap_or("").contains("goes on"), "{kept:?}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(posts(&double).len(), before, "keeping the game posts nothing");
    let turn = settle(&double, &db, "kept").await.expect("still running");

    // Asked again, and confirmed: the game ends, in a new channel message.
    let question = command(&double, dd::slash("abandon", &ana)).await.expect("a private question");
    let ended = tap_private(&double, &question.custom_ids()[0], &ana).await;
    assert_eq!(ended[1].kind, ResponseKind::EditOriginal);
    let post = next_post(&double, before, "the end").await;
    assert!(post.content.as_deref().unwrap_or("").contains("The game was abandoned"), "{post:?}");
    double.wait_for("no buttons left", |d| d.messages_with_components(dd::CHANNEL_ID).is_empty().then_some(())).await;
    assert_abandoned_for_every_reader(&double, &turn, &ben).await;
    double.assert_no_unexpected();
}

/// After the end, one truth for every reader: the last turn message says the game ended (not
/// that it goes on elsewhere) and asks nobody to act; `/status` and `/board` say it was
/// abandoned and ask nobody either, as a typed step says nothing runs here.
async fn assert_abandoned_for_every_reader(double: &Double, turn: &serde_json::Value, who: &Member) {
    let id = dd::id_of(&turn["id"]).expect("the turn message's id");
    let last = double
        .wait_for("the last turn message retired", |d| d.message(id).filter(|m| m["components"].as_array().is_none_or(|c| c.is_empty())))
        .await;
    let text = last["content"].as_str().unwrap_or_default();
    assert!(text.ends_with("\n🛑 The game was abandoned: it ended here, with no more moves."), "{text}");
    assert!(!text.contains("newer message") && !text.contains("your turn") && !text.contains("➡️"), "{text}");
    for name in ["status", "board"] {
        let said = private(command(double, dd::slash(name, who)).await);
        assert!(said.contains("was abandoned") && !said.contains("your turn") && !said.contains("➡️"), "/{name}: {said}");
    }
    let typed = private(command(double, dd::slash("endturn", who)).await);
    assert!(typed.contains("no game") || typed.contains("isn't running"), "{typed}");
}
