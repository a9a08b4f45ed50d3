//! The real bot (same framework setup as `serve`) against the Discord protocol double: a whole
//! two-player game through slash commands, autocomplete, buttons and menus, with a restart in
//! the middle.

use super::discord_double::{self as dd, Double, Member, Response, ResponseKind, callback};
use crate::support::TempDb;
use southseas::discord::DiscordConfig;
use southseas::service::{Command, ComponentId, Place, Service};
use southseas_engine::{Action, Bot, Event, Game, Phase, Strategy};
use std::sync::Arc;
use tokio::task::JoinHandle;

const PLACE: Place = Place { guild_id: dd::GUILD_ID, channel_id: dd::CHANNEL_ID };

struct RunningBot {
    task: JoinHandle<anyhow::Result<()>>,
}

async fn start_bot(double: &Double, db: &TempDb) -> RunningBot {
    // A fixed seed: the same game on every run.
    let service = Arc::new(Service::open(&db.url()).await.expect("database").with_images(southseas::images()).with_default_seed(2024));
    let config = DiscordConfig { token: dd::TOKEN.into(), dev_guild: Some(dd::GUILD_ID), api_base: Some(double.url()) };
    RunningBot { task: tokio::spawn(southseas::discord::run(config, service)) }
}

/// The game as the database has it (read through a service of the test's own).
async fn state(db: &TempDb) -> (Game, i64, i64) {
    let service = Service::open(&db.url()).await.expect("database");
    let (game, version, _, _) = service.snapshot(PLACE, 0).await.expect("snapshot");
    let id = service.status(PLACE).await.expect("status").game.expect("a game").0;
    service.store().close().await;
    (game, version, id)
}

async fn seat_of(db: &TempDb, user: u64) -> Option<usize> {
    let service = Service::open(&db.url()).await.expect("database");
    let seat = service.snapshot(PLACE, user).await.expect("snapshot").2;
    service.store().close().await;
    seat
}

fn ok_responses(responses: &[Response], what: &str) {
    for r in responses {
        assert!(!r.is_ephemeral() || r.content.as_deref().is_some_and(|c| !c.contains("Sorry")), "{what}: internal error: {r:?}");
    }
    let errors: Vec<&Response> = responses.iter().filter(|r| r.is_ephemeral()).collect();
    assert!(errors.is_empty(), "{what}: refused: {:?}", errors.iter().map(|r| r.content.clone()).collect::<Vec<_>>());
}

/// The public message a step produced: after the acknowledgement (deferral), the message
/// with the outcome.
fn posted(responses: &[Response]) -> &Response {
    &responses[1]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_complete_two_player_game_through_discord() {
    let double = Double::start().await;
    let db = TempDb::new("e2e");
    let mut bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    let registered = double.wait_for_commands().await;
    for name in [
        "new", "join", "start", "place", "islander", "deliver", "pay", "endturn", "ship", "undo", "abandon", "board", "status", "tiles",
        "ships", "history", "rules", "help",
    ] {
        assert!(registered.names().contains(&name.to_string()), "command /{name} registered in the dev guild: {:?}", registered.names());
    }
    let alice = Member::new(2001, "alice");
    let bob = Member::new(2002, "bob");
    let members = [alice.clone(), bob.clone()];

    // Lobby: /new, Join, Start.
    let id = double.interact(dd::slash("new", &alice)).await;
    let lobby = double.wait_callback(id).await;
    assert_eq!(lobby.callback_type, Some(callback::MESSAGE));
    assert!(lobby.content.as_deref().unwrap_or("").contains("opened a game"), "{:?}", lobby.content);
    let join = lobby.custom_ids().into_iter().find(|c| c.ends_with(":join")).expect("a Join button");
    let id = double.interact(dd::button(&join, &bob)).await;
    let joined = double.wait_response(id, 2).await;
    assert_eq!(joined[0].callback_type, Some(callback::DEFERRED_UPDATE));
    assert!(joined[1].content.as_deref().unwrap_or("").contains("bob joined"), "the lobby message is updated in place: {joined:?}");
    let start = joined[1].custom_ids().into_iter().find(|c| c.ends_with(":start")).expect("a Start button");
    // Only the opener may start.
    let id = double.interact(dd::button(&start, &bob)).await;
    let refused = double.wait_response(id, 2).await;
    assert!(refused[1].is_ephemeral() && refused[1].content.as_deref().unwrap_or("").contains("Only the player who opened"), "{refused:?}");
    let id = double.interact(dd::button(&start, &alice)).await;
    let started = double.wait_response(id, 3).await;
    ok_responses(&started, "start");
    let first_turn = &started[1];
    assert!(first_turn.content.as_deref().unwrap_or("").contains("The game begins"), "{first_turn:?}");
    assert!(first_turn.attachments.iter().any(|a| a.filename == "board.png" && a.is_png()), "the turn message carries the board PNG");
    assert_eq!(first_turn.mentioned_users().len(), 1);
    assert_eq!(first_turn.allowed_user_mentions(), Some(first_turn.mentioned_users()), "only the next player is pinged");
    assert!(first_turn.allowed_mention_parse().is_empty());
    assert!(started[2].components.is_empty(), "the lobby loses its buttons once the game starts");

    let mut bots = [Bot::new(Strategy::Greedy, 1), Bot::new(Strategy::Greedy, 2)];
    let mut last_message_ids: Vec<String> = first_turn.custom_ids();
    let mut previous_message = first_turn.message_id;
    let mut stale_checked = false;
    let mut restarted = false;
    let mut steps = 0;
    let mut turn_messages = 0u32;
    loop {
        let (game, version, game_id) = state(&db).await;
        let Some(seat) = game.to_act() else { break };
        let mut actor = None;
        for m in &members {
            if seat_of(&db, m.id).await == Some(seat) {
                actor = Some(m.clone());
            }
        }
        let actor = actor.expect("a seated player acts");
        let other = members.iter().find(|m| m.id != actor.id).unwrap().clone();
        let action = bots[seat].choose(&game).expect("not over");
        // A click answers in place within a turn (2 responses: ack, edit) and with a new message
        // when a turn begins (3: ack, new message, old message's buttons removed).
        let new_turn = game.clone().apply(&action).unwrap().iter().any(|e| matches!(e, Event::TurnStarted { .. } | Event::GameOver { .. }));
        let clicked = if new_turn { 3 } else { 2 };
        let mut via_click = false;
        steps += 1;
        assert!(steps < 600, "the game does not end");

        // Once: the other player tries to act, and an old button is clicked.
        if steps == 5 {
            let id = double.interact(dd::slash("endturn", &other)).await;
            let r = double.wait_callback(id).await;
            assert!(r.is_ephemeral() && r.content.as_deref().unwrap_or("").contains("not your turn"), "{r:?}");
        }
        if !stale_checked && steps > 8 {
            let old = ComponentId::button(game_id, version - 3, Command::Act(action));
            let id = double.interact(dd::button(&old, &actor)).await;
            let r = double.wait_response(id, 2).await;
            assert!(r[1].is_ephemeral() && r[1].content.as_deref().unwrap_or("").contains("out of date"), "{r:?}");
            assert_eq!(state(&db).await.1, version, "a stale click changes nothing");
            stale_checked = true;
        }
        // Midway: the bot restarts; buttons posted before still work.
        if !restarted && game.turn() == 20 {
            bot.task.abort();
            double.evict_bots();
            double.wait_for_no_connection().await;
            bot = start_bot(&double, &db).await;
            double.wait_for_identifies(2).await;
            restarted = true;
        }

        let responses = match action {
            Action::PlaceTile { .. } => {
                // Autocomplete offers exactly the legal spots, labelled as on the board.
                let id = double.interact(dd::autocomplete("place", &actor).focused("spot", "")).await;
                let offered = double.wait_callback(id).await;
                assert_eq!(offered.callback_type, Some(callback::AUTOCOMPLETE));
                let code = Command::Act(action).code();
                let legal = game.legal_placements().len();
                assert_eq!(offered.choices().len(), legal.min(25));
                if legal <= 25 {
                    assert!(offered.choices().iter().any(|(_, v)| v == &code), "the chosen placement is offered");
                }
                let menu = last_message_ids.iter().find(|c| c.ends_with(":menu")).cloned();
                match menu {
                    // Every other turn through the menu under the board, else the slash command.
                    Some(menu) if game.turn() % 2 == 0 => {
                        let id = double.interact(dd::select(&menu, &[&code], &actor)).await;
                        {
                            via_click = true;
                            double.wait_response(id, clicked).await
                        }
                    }
                    _ => {
                        let label = game.placement_spots().iter().find_map(|s| {
                            let Action::PlaceTile { pos, rotation } = action else { return None };
                            (s.pos == pos).then(|| format!("{} {}", s.label, rotation.degrees()))
                        });
                        let typed = if game.turn() % 3 == 0 { label.expect("labelled spot") } else { code };
                        let id = double.interact(dd::slash("place", &actor).string("spot", &typed)).await;
                        let r = double.wait_response(id, 2).await;
                        assert_eq!(r[0].callback_type, Some(callback::DEFERRED_MESSAGE), "deferred while the board is drawn");
                        r
                    }
                }
            }
            _ => {
                let code = Command::Act(action).code();
                let button = ComponentId::button(game_id, version, Command::Act(action));
                if last_message_ids.contains(&button) {
                    let id = double.interact(dd::button(&button, &actor)).await;
                    {
                        via_click = true;
                        double.wait_response(id, clicked).await
                    }
                } else if let Some(menu) = last_message_ids.iter().find(|c| c.ends_with(":menu")) {
                    let id = double.interact(dd::select(menu, &[&code], &actor)).await;
                    {
                        via_click = true;
                        double.wait_response(id, clicked).await
                    }
                } else {
                    let (name, option) = match action {
                        Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } | Action::SkipIslander => ("islander", "choice"),
                        Action::ChooseShip { .. } => ("ship", "choice"),
                        Action::Deliver { .. } => ("deliver", "ship"),
                        Action::Pay { .. } => ("pay", "payment"),
                        _ => ("endturn", ""),
                    };
                    let interaction =
                        if option.is_empty() { dd::slash(name, &actor) } else { dd::slash(name, &actor).string(option, &code) };
                    let id = double.interact(interaction).await;
                    double.wait_response(id, 2).await
                }
            }
        };
        ok_responses(&responses, &format!("step {steps}: {action}"));
        if via_click {
            let expected = if new_turn { ResponseKind::Followup } else { ResponseKind::EditOriginal };
            assert_eq!(responses[1].kind, expected, "step {steps}: a new message only for a new turn");
        }
        let message = posted(&responses);
        last_message_ids = message.custom_ids();
        // Only the newest turn message offers choices: the one before lost its buttons.
        if let (Some(previous), Some(current)) = (previous_message, message.message_id)
            && previous != current
        {
            // The bot retires them right after posting; give it a moment.
            let mut retired = false;
            for _ in 0..200 {
                let old = double.message(previous).expect("the previous turn message exists");
                if old["components"].as_array().is_none_or(|c| c.is_empty()) {
                    retired = true;
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            assert!(retired, "step {steps}: stale buttons left on {previous}");
        }
        previous_message = message.message_id.or(previous_message);
        let (after, _, _) = state(&db).await;
        if let Some(next) = after.to_act() {
            let next_user = if seat_of(&db, alice.id).await == Some(next) { alice.id } else { bob.id };
            assert_eq!(message.mentioned_users(), vec![next_user], "step {steps}: the next player is pinged: {:?}", message.content);
            assert_eq!(message.allowed_user_mentions(), Some(vec![next_user]));
        }
        if after.turn() != game.turn() || after.is_over() {
            turn_messages += 1;
            assert!(message.attachments.iter().any(|a| a.filename == "board.png" && a.is_png()), "step {steps}: a board after every turn");
        }
        if matches!(after.phase(), Phase::GameOver) {
            let text = message.content.clone().unwrap_or_default();
            assert!(text.contains("Game over") && text.contains("points"), "final scores: {text}");
        }
    }
    assert!(restarted && stale_checked);
    let (last, _, _) = state(&db).await;
    assert_eq!(turn_messages, last.turn(), "one board message per turn");
    assert!(last.turn() > 60, "a whole game was played ({} turns)", last.turn());

    // Lookups are private to the asker.
    let id = double.interact(dd::slash("status", &bob)).await;
    let status = double.wait_callback(id).await;
    assert!(status.is_ephemeral() && status.content.as_deref().unwrap_or("").contains("The game is over"), "{status:?}");
    double.assert_no_unexpected();
    bot.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_are_private_friendly_and_say_what_to_do() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-errors");
    let bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let carol = Member::new(3001, "carol");

    for (command, expected) in [("place", "game in this channel"), ("board", "game in this channel"), ("undo", "game in this channel")] {
        let interaction = if command == "place" { dd::slash(command, &carol).string("spot", "A 90") } else { dd::slash(command, &carol) };
        let id = double.interact(interaction).await;
        let r = double.wait_callback(id).await;
        let text = r.content.clone().unwrap_or_default();
        assert!(r.is_ephemeral(), "/{command}: errors are ephemeral");
        assert!(text.to_lowercase().contains(expected) && text.contains("/new"), "/{command}: says what to do instead: {text}");
    }
    // A button nobody knows.
    let id = double.interact(dd::button("something-else", &carol)).await;
    let r = double.wait_response(id, 2).await;
    assert!(r[1].is_ephemeral() && r[1].content.as_deref().unwrap_or("").contains("/status"), "{r:?}");
    // Missing permissions are named when a game is opened.
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS & !(1 << 15));
    let id = double.interact(dd::slash("new", &carol)).await;
    let r = double.wait_callback(id).await;
    assert!(r.is_ephemeral() && r.content.as_deref().unwrap_or("").contains("Attach Files"), "{r:?}");
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS);
    // /help and /rules answer anywhere.
    for command in ["help", "rules"] {
        let id = double.interact(dd::slash(command, &carol)).await;
        let r = double.wait_callback(id).await;
        assert!(r.is_ephemeral() && r.content.as_deref().unwrap_or("").len() > 200, "/{command}");
    }
    double.assert_no_unexpected();
    bot.task.abort();
}
