//! `/replay`: a finished game of the channel again, privately: its timelapse (an animated GIF
//! under Discord's upload limit) and a stepper whose ◀ ▶ buttons edit it step by step. Through
//! the service, then through the real bot and the Discord double; forged button ids are read
//! without panicking and answered privately.

use super::discord_double::{self as dd, Double, Member, ResponseKind};
use super::discord_e2e::{PLACE as DD_PLACE, custom_ids};
use crate::support::{PLACE, TempDb, all_posted, player};
use proptest::prelude::*;
use southseas::draw::timelapse::{MAX_BYTES, decode_frames};
use southseas::games::Pictures;
use southseas::games::southseas::{GameOptions, SouthSeas};
use southseas::i18n::Locale;
use southseas::service::replay::ReplayButton;
use southseas::service::{Actor, Place, Service, ServiceError};
use southseas_engine::{Bot, Strategy};
use std::sync::Arc;
use std::time::Duration;

/// Plays a whole two-person South Seas game in `place` through the service, each person as the
/// engine's random bot; returns the game's id and how many steps it took.
async fn finished_game(service: &Service, place: Place, seed: u64) -> (i64, usize) {
    let people = [player(0), player(1)];
    service.create(place, &people[0], GameOptions { seed: Some(seed), ..GameOptions::default() }).await.expect("create");
    service.join(place, &people[1]).await.expect("join");
    let started = service.start(place, &people[0]).await.expect("start");
    let (id, _) = started.game.expect("a game");
    for step in 0..5_000u64 {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(place, 0).await.expect("snapshot");
        if game.is_over() {
            all_posted(service).await;
            let mut conn = service.store().pool().acquire().await.expect("connection");
            let steps = southseas::store::actions(&mut conn, id).await.expect("log").len();
            return (id, steps);
        }
        let seat = game.to_act().expect("someone acts");
        let mut actor: Option<Actor> = None;
        for a in &people {
            if service.snapshot::<SouthSeas>(place, a.user_id).await.expect("snapshot").2 == Some(seat) {
                actor = Some(a.clone());
            }
        }
        let action = Bot::new(Strategy::Random, seed ^ step).choose(&game).expect("a move");
        service.act(place, &actor.expect("a person acts"), action).await.unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    panic!("the game never ends");
}

fn user_error(result: Result<impl std::fmt::Debug, ServiceError>, says: &str) {
    match result {
        Err(ServiceError::User(text)) => assert!(text.contains(says), "{text}"),
        other => panic!("a private refusal saying {says:?}, not {other:?}"),
    }
}

fn labels(reply: &southseas::service::Reply) -> Vec<String> {
    reply.buttons.iter().flatten().map(|b| b.label.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_replays_as_a_timelapse_and_step_by_step() {
    let db = TempDb::new("replay-service");
    let service = Service::open(&db.url()).await.expect("database").with_images(Pictures::all());
    user_error(service.replay(PLACE, None, Locale::En).await, "No game has finished in this channel");
    let (id, steps) = finished_game(&service, PLACE, 7).await;

    let replay = service.replay(PLACE, None, Locale::En).await.expect("the newest finished game");
    let gif = &replay.timelapse.images[0];
    assert_eq!(gif.name, "timelapse.gif");
    assert!(gif.png.starts_with(b"GIF89a") && gif.png.len() < MAX_BYTES, "{} bytes", gif.png.len());
    let frames = decode_frames(&gif.png).expect("the timelapse decodes");
    assert!(frames.len() > 50 && frames.len() <= steps + 1, "{} frames for {steps} steps", frames.len());
    // The stepper opens at the end: the last step's words and picture, buttons back only.
    let stepper = &replay.stepper;
    assert!(stepper.text.contains(&format!("step {steps} of {steps}")), "{}", stepper.text);
    assert_eq!(labels(stepper), ["⏮", "◀"]);
    // The last step is the game-over picture: the recap around the final board.
    assert!(stepper.images.iter().any(|i| i.name == "recap.png" && i.png.starts_with(b"\x89PNG")));

    // Each button names its game and step; every id is unique in the message and short.
    let ids: Vec<String> = stepper.buttons.iter().flatten().map(|b| b.id.clone()).collect();
    assert_eq!(
        ids.iter().map(|i| ReplayButton::parse(i).expect("it reads back")).collect::<Vec<_>>(),
        [ReplayButton { game: id, step: 0 }, ReplayButton { game: id, step: steps - 1 },]
    );
    let first = service.replay_step(PLACE, ReplayButton { game: id, step: 0 }, Locale::En).await.expect("the opening");
    assert!(first.text.contains(&format!("step 0 of {steps}")) && first.text.contains("The opening"), "{}", first.text);
    assert_eq!(labels(&first), ["▶", "⏭"]);
    let second = service.replay_step(PLACE, ReplayButton { game: id, step: 1 }, Locale::Fr).await.expect("step 1");
    assert!(second.text.contains(&format!("étape 1 sur {steps}")), "{}", second.text);
    assert_eq!(labels(&second), ["⏮", "◀", "▶", "⏭"]);
    let button_ids: Vec<&str> = second.buttons.iter().flatten().map(|b| b.id.as_str()).collect();
    assert_eq!(button_ids.iter().collect::<std::collections::BTreeSet<_>>().len(), 4, "{button_ids:?}");
    assert!(button_ids.iter().all(|i| i.len() <= 100));
    // A step past the end (a forged id) shows the last.
    let past = service.replay_step(PLACE, ReplayButton { game: id, step: usize::MAX }, Locale::En).await.expect("the last");
    assert!(past.text.contains(&format!("step {steps} of {steps}")), "{}", past.text);

    // Not this channel's, no such game, not finished: each a clear private answer.
    let elsewhere = Place { guild_id: PLACE.guild_id, channel_id: PLACE.channel_id + 1 };
    user_error(service.replay(elsewhere, Some(id), Locale::En).await, "not played in this channel");
    user_error(service.replay_step(elsewhere, ReplayButton { game: id, step: 3 }, Locale::En).await, "not played in this channel");
    user_error(service.replay(PLACE, Some(id + 100), Locale::En).await, "not played in this channel");
    service.create(PLACE, &player(0), GameOptions::default()).await.expect("a new lobby here");
    user_error(service.replay(PLACE, Some(id + 1), Locale::En).await, "is not over yet");
    // The newest finished game is still the default, and the suggestions name it.
    assert_eq!(service.replay(PLACE, None, Locale::En).await.expect("replay").stepper.game.map(|g| g.0), Some(id));
    let suggested = service.finished_here(PLACE, Locale::En).await.expect("suggestions");
    assert_eq!(suggested.len(), 1);
    assert!(suggested[0].1.starts_with(&format!("#{id} · Carcassonne: South Seas · ")), "{suggested:?}");
}

proptest! {
    /// Any id reads as a stepper button or as nothing, never panicking; the ids the bot makes
    /// read back.
    #[test]
    fn forged_replay_ids_never_panic(id in ".{0,120}", game in any::<i64>(), step in any::<usize>()) {
        let _ = ReplayButton::parse(&id);
        let _ = ReplayButton::parse(&format!("rp:{id}"));
        for role in ['f', 'p', 'n', 'l'] {
            let made = ReplayButton { game, step }.id(role);
            prop_assert!(made.len() <= 100);
            prop_assert_eq!(ReplayButton::parse(&made), Some(ReplayButton { game, step }));
        }
    }
}

#[test]
fn replay_ids_that_are_not_quite_right_are_none() {
    for id in [
        "",
        "rp",
        "rp:",
        "rp:1",
        "rp:1:2",
        "rp:1:2:",
        "rp:1:2:x",
        "rp:1:2:nn",
        "rp:1:2:n:3",
        "rp:a:2:n",
        "rp:1:-2:n",
        "ss:1:2:n",
        "RP:1:2:n",
    ] {
        assert_eq!(ReplayButton::parse(id), None, "{id}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_through_discord_is_private_and_its_buttons_edit_it() {
    let db = TempDb::new("replay-discord");
    // The game is played through the service on the bot's database, then the bot is asked.
    let service = Service::open(&db.url()).await.expect("database");
    let (id, steps) = finished_game(&service, DD_PLACE, 11).await;
    service.store().close().await;

    // Drawing every step of a whole game takes a while in a test build on a busy machine: the
    // double waits longer than its default (Discord keeps a deferred answer open 15 minutes).
    let double = Double::start_with(dd::Options { wait_timeout: Duration::from_secs(300), ..dd::Options::default() }).await;
    let service = Arc::new(Service::open(&db.url()).await.expect("database").with_images(Pictures::all()));
    let config = southseas::discord::DiscordConfig::new(dd::TOKEN, Some(dd::GUILD_ID), Some(double.url()));
    let task = tokio::spawn(southseas::discord::run(config, Arc::clone(&service)));
    double.wait_for_identify().await;
    assert!(double.wait_for_commands().await.names().contains(&"replay".to_string()));
    let ana = Member::new(1000, "ana");

    // The suggestions list the channel's finished game.
    let asked = double.interact(dd::autocomplete("replay", &ana).focused("game", "")).await;
    let suggested = double.wait_callback(asked).await;
    assert_eq!(suggested.data["choices"][0]["value"], id.to_string(), "{:?}", suggested.data);

    // /replay: acknowledged privately at once, then the timelapse, then the stepper; nothing
    // in the channel.
    let before = double.channel_messages().len();
    let asked = double.interact(dd::slash("replay", &ana)).await;
    let answers = double.wait_response(asked, 3).await;
    assert!(answers[0].is_ephemeral() && answers[0].elapsed.is_some_and(|t| t.as_secs() < 3), "{:?}", answers[0]);
    let timelapse = &answers[1];
    assert!(timelapse.is_ephemeral(), "{:?}", timelapse.content);
    let gif = timelapse.attachments.iter().find(|a| a.filename == "timelapse.gif").expect("the timelapse attached");
    assert!(gif.bytes.starts_with(b"GIF89a") && gif.bytes.len() < MAX_BYTES, "{} bytes", gif.bytes.len());
    let stepper = &answers[2];
    assert!(
        stepper.is_ephemeral() && stepper.content.as_deref().unwrap_or("").contains(&format!("step {steps} of {steps}")),
        "{:?}",
        stepper.content
    );
    assert!(stepper.attachments.iter().any(|a| a.filename == "recap.png" && a.is_png()), "the last step shows the recap");
    assert_eq!(double.channel_messages().len(), before, "the channel stays quiet");

    // ◀ steps back: the press edits the stepper message itself, privately.
    let back = stepper.custom_ids().into_iter().find(|c| c.ends_with(":p")).expect("a ◀ button");
    let message = double.message(stepper.message_id.expect("the stepper message")).expect("stored");
    let pressed = double.interact(dd::button(&back, &ana).on_message(message)).await;
    let edited = double.wait_response(pressed, 2).await;
    assert_eq!(edited[0].callback_type, Some(dd::callback::DEFERRED_UPDATE));
    assert_eq!(edited[1].kind, ResponseKind::EditOriginal);
    let text = edited[1].content.clone().unwrap_or_default();
    assert!(text.contains(&format!("step {} of {steps}", steps - 1)), "{text}");
    assert!(edited[1].attachments.iter().any(|a| a.filename == "board.png" && a.is_png()));
    let shown = double.message(stepper.message_id.unwrap()).expect("the stepper message");
    assert!(custom_ids(&shown).iter().any(|c| c.ends_with(":n")), "▶ appears once there is a step after: {shown}");
    // ⏮ then ▶: the opening, then step 1.
    let first = custom_ids(&shown).into_iter().find(|c| c.ends_with(":f")).expect("a ⏮ button");
    let pressed = double.interact(dd::button(&first, &ana).on_message(shown)).await;
    let edited = double.wait_response(pressed, 2).await;
    assert!(edited[1].content.as_deref().unwrap_or("").contains(&format!("step 0 of {steps}")), "{:?}", edited[1].content);

    // Forged ids: a game of no one here, and an id that is nothing, each answered privately.
    for (forged, says) in [(format!("rp:{}:3:n", id + 1000), "not played in this channel"), (format!("rp:{id}:3:zz"), "")] {
        let pressed = double.interact(dd::button(&forged, &ana)).await;
        let answers = double.wait_response(pressed, 2).await;
        let said = answers[1].content.clone().unwrap_or_default();
        assert!(answers[1].is_ephemeral() && said.contains(says), "{forged}: {said}");
    }
    // A typed game that is no number.
    let asked = double.interact(dd::slash("replay", &ana).string("game", "yesterday's")).await;
    let answers = double.wait_response(asked, 2).await;
    assert!(answers[1].content.as_deref().unwrap_or("").contains("is not a game's number"), "{:?}", answers[1].content);
    assert_eq!(double.channel_messages().len(), before, "the channel stays quiet");
    double.assert_no_unexpected();
    task.abort();
}
