//! The real bot (same framework setup as `serve`) against the Discord protocol double: a whole
//! two-player game through slash commands, autocomplete, buttons and menus, with a restart in
//! the middle; and the answers to hostile input.

use super::discord_double::{self as dd, Double, Member, Response, ResponseKind, callback};
use crate::pinned::MARKET_FOR_ANOTHER;
use crate::support::TempDb;
use serde_json::Value;
use southseas::discord::DiscordConfig;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::service::clock::ManualClock;
use southseas::service::{ComponentId, Place, Service};
use southseas_engine::{Action, Bot, Event, Game, Phase, Strategy};
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

pub const PLACE: Place = Place { guild_id: dd::GUILD_ID, channel_id: dd::CHANNEL_ID };

pub struct RunningBot {
    task: JoinHandle<anyhow::Result<()>>,
    /// The service the bot runs on: ring its scheduler's bell after moving its clock.
    pub service: Arc<Service>,
}

impl Drop for RunningBot {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub async fn start_bot(double: &Double, db: &TempDb) -> RunningBot {
    run_bot(double, bot_service(db, 2024).await)
}

/// The bot, its new games dealt from `seed`.
async fn start_bot_seeded(double: &Double, db: &TempDb, seed: u64) -> RunningBot {
    run_bot(double, bot_service(db, seed).await)
}

/// As [`start_bot`], with the scheduler's time from `clock` (the tests move it by hand).
pub async fn start_bot_with_clock(double: &Double, db: &TempDb, clock: &ManualClock) -> RunningBot {
    run_bot(double, bot_service(db, 2024).await.with_clock(clock.clone()))
}

/// The service the bot under test runs on, its new games dealt from `seed` (a fixed seed: the
/// same game on every run).
async fn bot_service(db: &TempDb, seed: u64) -> Service {
    Service::open(&db.url()).await.expect("database").with_images(southseas::games::southseas::images()).with_default_seed(seed)
}

fn run_bot(double: &Double, service: Service) -> RunningBot {
    let service = Arc::new(service);
    let config = DiscordConfig::new(dd::TOKEN, Some(dd::GUILD_ID), Some(double.url()));
    RunningBot { task: tokio::spawn(southseas::discord::run(config, Arc::clone(&service))), service }
}

/// The game as the database has it (read through a service of the test's own): the game, its
/// version, its id, and how many posts are still owed.
pub async fn state(db: &TempDb) -> (Game, i64, i64, i64) {
    try_state(db).await.expect("a started game")
}

/// As [`state`], or None while the channel's game is still a lobby.
pub async fn try_state(db: &TempDb) -> Option<(Game, i64, i64, i64)> {
    let service = Service::open(&db.url()).await.expect("database");
    let snapshot = service.snapshot::<SouthSeas>(PLACE, 0).await.ok();
    let id = service.status(PLACE, southseas::i18n::Locale::En).await.ok().and_then(|r| r.game).map(|g| g.0);
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let owed = southseas::store::pending_posts(&mut conn).await.expect("outbox");
    drop(conn);
    service.store().close().await;
    let (game, version, _, _) = snapshot?;
    Some((game, version, id?, owed))
}

pub async fn seat_of(db: &TempDb, user: u64) -> Option<usize> {
    let service = Service::open(&db.url()).await.expect("database");
    let seat = service.snapshot::<SouthSeas>(PLACE, user).await.expect("snapshot").2;
    service.store().close().await;
    seat
}

pub fn custom_ids(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

pub fn menu_values(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
        .filter_map(|o| o["value"].as_str().map(str::to_string))
        .collect()
}

/// Waits until the channel shows the game as the database has it, as a player would see it:
/// nothing is owed, and exactly one message offers buttons, all for the current version (once
/// the game is over, only its Rematch). Returns that message (None once the game is over).
pub async fn settle(double: &Double, db: &TempDb, what: &str) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let Some((game, version, id, owed)) = try_state(db).await else {
            assert!(tokio::time::Instant::now() < deadline, "{what}: the channel's game was never readable\n{}", double.summary());
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let offering = double.messages_with_components(dd::CHANNEL_ID);
        let current = |m: &Value| custom_ids(m).iter().all(|c| ComponentId::parse(c).is_some_and(|c| c.game == id && c.version == version));
        if owed == 0 {
            match (game.is_over(), offering.as_slice()) {
                (true, [only]) if current(only) && custom_ids(only).iter().all(|c| c.ends_with(":rematch")) => return None,
                (false, [only]) if current(only) => return Some(only.clone()),
                _ => {}
            }
        }
        if tokio::time::Instant::now() > deadline {
            panic!("{what}: the channel never showed version {version} (owed {owed}): {offering:#?}\n{}", double.summary());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Whether a finished game's channel offers nothing but the last message's Rematch.
pub fn only_rematch_left(double: &Double, channel: u64) -> bool {
    match double.messages_with_components(channel).as_slice() {
        [only] => custom_ids(only).iter().all(|c| c.ends_with(":rematch")),
        _ => false,
    }
}

/// The new messages posted to channels so far (not edits or deletions).
pub fn posts(double: &Double) -> Vec<Response> {
    double.channel_messages().into_iter().filter(|r| r.kind == ResponseKind::ChannelMessage).collect()
}

/// A private answer to the interaction, if the bot gave one (an error or a refusal).
pub fn private_answer(responses: &[Response]) -> Option<String> {
    responses.iter().find(|r| r.kind == ResponseKind::Followup).map(|r| r.content.clone().unwrap_or_default())
}

/// The step command that types `action`, and the name of its option ("" when it has none).
pub(crate) fn step_command(action: &Action) -> (&'static str, &'static str) {
    match action {
        Action::PlaceTile { .. } => ("place", "spot"),
        Action::PlaceIslander { .. } | Action::RetrieveIslander { .. } | Action::SkipIslander => ("islander", "choice"),
        Action::ChooseShip { .. } => ("ship", "choice"),
        Action::Deliver { .. } => ("deliver", "ship"),
        Action::Pay { .. } => ("pay", "payment"),
        Action::EndTurn => ("endturn", ""),
    }
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

    // Lobby: /new (acknowledged privately at once, the lobby posted to the channel), Join, Start.
    let id = double.interact(dd::slash("new", &alice)).await;
    let ack = double.wait_callback(id).await;
    assert_eq!(ack.callback_type, Some(callback::DEFERRED_MESSAGE));
    assert!(ack.is_ephemeral(), "the acknowledgement is private");
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    assert!(lobby["content"].as_str().unwrap_or("").contains("opened a game"), "{lobby}");
    let join = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":join")).expect("a Join button");
    let id = double.interact(dd::button(&join, &bob)).await;
    let joined = double.wait_response(id, 2).await;
    assert_eq!(joined[0].callback_type, Some(callback::DEFERRED_UPDATE));
    assert_eq!(joined[1].kind, ResponseKind::EditOriginal, "the lobby message is updated in place");
    assert!(joined[1].content.as_deref().unwrap_or("").contains("bob joined"), "{joined:?}");
    let start = joined[1].custom_ids().into_iter().find(|c| c.ends_with(":start")).expect("a Start button");
    // Only the opener may start.
    let id = double.interact(dd::button(&start, &bob)).await;
    let refused = double.wait_response(id, 2).await;
    assert!(refused[1].is_ephemeral() && refused[1].content.as_deref().unwrap_or("").contains("Only the player who opened"), "{refused:?}");
    let id = double.interact(dd::button(&start, &alice)).await;
    double.wait_callback(id).await;
    let first_turn = settle(&double, &db, "start").await.expect("the first turn offers choices");
    assert!(first_turn["content"].as_str().unwrap_or("").contains("The game begins"), "{first_turn}");
    let posted = posts(&double).pop().expect("the first turn is a new message");
    assert!(posted.attachments.iter().any(|a| a.filename == "board.png" && a.is_png()), "the turn message carries the board PNG");
    assert_eq!(posted.notified.len(), 1, "the first player is notified: {posted:?}");
    // /tiles: a private picture of the tiles still to come, each kind with its count.
    let id = double.interact(dd::slash("tiles", &bob)).await;
    let tiles = double.wait_response(id, 2).await;
    assert!(tiles[1].is_ephemeral() && tiles[1].content.as_deref().unwrap_or("").contains("tiles still to come"), "{tiles:?}");
    assert!(tiles[1].attachments.iter().any(|a| a.filename == "tiles.png" && a.is_png()), "the stack as a picture: {tiles:?}");
    assert_eq!(posted.allowed_user_mentions(), Some(posted.notified.clone()), "only the next player is pinged");
    assert!(posted.allowed_mention_parse().is_empty());

    let mut bots = [Bot::new(Strategy::Greedy, 1), Bot::new(Strategy::Greedy, 2)];
    let mut stale_checked = false;
    let mut restarted = false;
    let mut steps = 0;
    let mut turn_messages = 0u32;
    let (mut by_tap, mut by_command, mut by_spot_view) = (0, 0, 0);
    // How the turn passed to the other player, each time with a ping that notified them.
    let mut handed_over_by = std::collections::BTreeSet::new();
    let mut message = Some(first_turn);
    while let Some(current) = message.take() {
        let (game, version, game_id, _) = state(&db).await;
        let seat = game.to_act().expect("a message with choices means someone acts");
        let mut actor = None;
        for m in &members {
            if seat_of(&db, m.id).await == Some(seat) {
                actor = Some(m.clone());
            }
        }
        let actor = actor.expect("a seated player acts");
        let other = members.iter().find(|m| m.id != actor.id).unwrap().clone();
        let mut action = bots[seat].choose(&game).expect("not over");
        // Now and then a player declines to deliver, as people do: the turn ends by `/endturn`.
        if steps % 5 == 0 && matches!(action, Action::Deliver { .. }) && game.legal_actions().contains(&Action::EndTurn) {
            action = Action::EndTurn;
        }
        let new_turn = game.clone().apply(&action).unwrap().iter().any(|e| matches!(e, Event::TurnStarted { .. } | Event::GameOver { .. }));
        steps += 1;
        assert!(steps < 600, "the game does not end");
        let sent_before = posts(&double).len();
        let mut via_command: Option<&'static str> = None;

        // Once: the other player tries to act, and an old button is clicked.
        if steps == 5 {
            let id = double.interact(dd::slash("endturn", &other)).await;
            let r = double.wait_response(id, 2).await;
            assert!(r[1].is_ephemeral() && r[1].content.as_deref().unwrap_or("").contains("not your turn"), "{r:?}");
        }
        if !stale_checked && steps > 8 {
            let old = ComponentId::button(game_id, version - 3, Code::Act(action));
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

        // Alternate: odd turns by taps when the message offers the choice, even turns typed.
        let code = Code::Act(action).code();
        let ids = custom_ids(&current);
        let button = ComponentId::button(game_id, version, Code::Act(action));
        let menu = ids.iter().find(|c| c.ends_with(":menu")).filter(|_| menu_values(&current).contains(&code)).cloned();
        // Every other turn by taps; ending a turn always by `/endturn`, so that a typed hand-over
        // is seen to notify (taps hand over on the other steps).
        let tap = (game.turn() % 2 == 1 || matches!(action, Action::ChooseShip { .. })) && action != Action::EndTurn;
        // A tile that fits in more ways than a menu holds: the spot (paging through the spots
        // if need be), then the turn among the buttons that the spot's view puts on the message.
        let spot_menu = ids.iter().find(|c| c.ends_with(":menu")).cloned().filter(|_| {
            matches!(action, Action::PlaceTile { .. }) && menu_values(&current).iter().any(|v| v.starts_with('o') || v.starts_with('g'))
        });
        let id = if tap && ids.contains(&button) {
            by_tap += 1;
            double.interact(dd::button(&button, &actor)).await
        } else if let (true, Some(menu), Action::PlaceTile { pos, .. }) = (tap, spot_menu, action) {
            by_tap += 1;
            by_spot_view += 1;
            let wanted = [Code::Spot(pos).code(), code.clone()];
            let mut values = menu_values(&current);
            for _ in 0..10 {
                if values.iter().any(|v| wanted.contains(v)) {
                    break;
                }
                let next = values.iter().find(|v| v.starts_with('g')).expect("a next page of spots").clone();
                let paged = double.interact(dd::select(&menu, &[&next], &actor)).await;
                let edit = double.wait_response(paged, 2).await;
                assert_eq!(edit[1].kind, ResponseKind::EditOriginal, "a page of spots edits the message in place");
                values = edit[1]
                    .components
                    .iter()
                    .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
                    .flat_map(|c| c["options"].as_array().cloned().unwrap_or_default())
                    .filter_map(|o| o["value"].as_str().map(String::from))
                    .collect();
            }
            if values.contains(&code) {
                // One turn fits there: the spot places the tile at once.
                double.interact(dd::select(&menu, &[&code], &actor)).await
            } else {
                let picked = double.interact(dd::select(&menu, &[&Code::Spot(pos).code()], &actor)).await;
                let view = double.wait_response(picked, 2).await;
                assert_eq!(view[1].kind, ResponseKind::EditOriginal, "the spot's turns appear on the same message");
                assert!(view[1].content.is_none(), "only the buttons change: the text and board stay");
                assert!(view[1].custom_ids().contains(&button), "the turn is among the spot's buttons: {:?}", view[1].custom_ids());
                double.interact(dd::button(&button, &actor)).await
            }
        } else if let (true, Some(menu)) = (tap, menu) {
            by_tap += 1;
            double.interact(dd::select(&menu, &[&code], &actor)).await
        } else {
            by_command += 1;
            let (name, option) = step_command(&action);
            let typed = match action {
                Action::PlaceTile { pos, rotation } => {
                    // Autocomplete offers exactly the legal spots, labelled as on the board.
                    let ac = double.interact(dd::autocomplete("place", &actor).focused("spot", "")).await;
                    let offered = double.wait_callback(ac).await;
                    assert_eq!(offered.choices().len(), game.legal_placements().len().min(25));
                    let label = game.placement_spots().iter().find(|s| s.pos == pos).map(|s| format!("{} {}", s.label, rotation.degrees()));
                    if game.turn() % 4 == 0 { label.expect("labelled spot") } else { code.clone() }
                }
                _ => code.clone(),
            };
            via_command = Some(name);
            let interaction = if option.is_empty() { dd::slash(name, &actor) } else { dd::slash(name, &actor).string(option, &typed) };
            let id = double.interact(interaction).await;
            let ack = double.wait_callback(id).await;
            assert_eq!(ack.callback_type, Some(callback::DEFERRED_MESSAGE), "acknowledged before any work");
            assert!(ack.is_ephemeral(), "a command is acknowledged privately");
            id
        };
        // The interaction is done: the private acknowledgement removed, or the clicked message
        // updated (or an error said privately).
        let responses = double.wait_response(id, 2).await;
        message = settle(&double, &db, &format!("step {steps}: {action}")).await;
        assert_eq!(private_answer(&responses), None, "step {steps}: {action}: refused or failed: {responses:?}");

        let (after, _, _, _) = state(&db).await;
        let posts: Vec<Response> = posts(&double).into_iter().skip(sent_before).collect();
        if new_turn || after.to_act().is_some_and(|s| s != seat) {
            // A hand-over is a new message that notifies exactly the next player.
            let post = posts.last().unwrap_or_else(|| panic!("step {steps}: a hand-over is a new message"));
            if let Some(next) = after.to_act() {
                let next_user = if seat_of(&db, alice.id).await == Some(next) { alice.id } else { bob.id };
                assert_eq!(post.notified, vec![next_user], "step {steps}: the next player is notified: {:?}", post.content);
                assert_eq!(post.allowed_user_mentions(), Some(vec![next_user]));
                handed_over_by.insert(via_command.unwrap_or("a tap"));
            }
            if after.turn() != game.turn() || after.is_over() {
                turn_messages += 1;
                // The last one is the recap: the final board under the points and figures.
                let picture = if after.is_over() { "recap.png" } else { "board.png" };
                assert!(post.attachments.iter().any(|a| a.filename == picture && a.is_png()), "step {steps}: a board after every turn");
            }
        } else {
            assert!(posts.iter().all(|p| p.notified.is_empty()), "step {steps}: a step within a turn notifies nobody");
        }
        if matches!(after.phase(), Phase::GameOver) {
            let text = posts.last().and_then(|p| p.content.clone()).unwrap_or_default();
            assert!(text.contains("Game over") && text.contains("points"), "final scores: {text}");
            // The end is a new message that notifies every player, and only them.
            let end = posts.last().expect("the game over is posted");
            let mut notified = end.notified.clone();
            notified.sort();
            assert_eq!(notified, vec![alice.id, bob.id], "the game's end pings both players: {:?}", end.content);
        }
    }
    assert!(restarted && stale_checked);
    assert!(by_tap > 20 && by_command > 20, "both ways were played: {by_tap} taps, {by_command} commands");
    assert!(by_spot_view > 0, "a tile that fits in many ways was placed by taps (spot, then turn)");
    for how in ["a tap", "islander", "endturn", "deliver", "pay"] {
        assert!(handed_over_by.contains(how), "a hand-over by {how} notified the next player: {handed_over_by:?}");
    }
    let (last, _, _, _) = state(&db).await;
    assert_eq!(turn_messages, last.turn(), "one board message per turn");
    assert!(last.turn() > 60, "a whole game was played ({} turns)", last.turn());
    // Once the game is over, the one button left is the last message's Rematch.
    let left = double.messages_with_components(dd::CHANNEL_ID);
    assert_eq!(left.len(), 1, "only the game-over message keeps a button: {left:?}");
    let end = left[0].clone();
    assert!(end["content"].as_str().unwrap_or("").starts_with("🏁 👑 "), "it leads with who won: {end}");
    let rematch = custom_ids(&end);
    assert!(rematch.len() == 1 && rematch[0].ends_with(":rematch"), "{rematch:?}");

    // Bob taps Rematch: a lobby of its own that pings Alice; the game-over message stays.
    let id = double.interact(dd::button(&rematch[0], &bob)).await;
    double.wait_callback(id).await;
    let lobby = double
        .wait_for("the rematch lobby", |d| d.messages_with_components(dd::CHANNEL_ID).into_iter().find(|m| m["id"] != end["id"]))
        .await;
    assert!(lobby["content"].as_str().unwrap_or("").contains("wants a rematch"), "{lobby}");
    let post = posts(&double).into_iter().rev().find(|p| p.content.as_deref().unwrap_or("").contains("wants a rematch")).expect("posted");
    assert_eq!(post.notified, vec![alice.id], "the rematch pings the other player: {post:?}");
    let still = double
        .messages_with_components(dd::CHANNEL_ID)
        .into_iter()
        .find(|m| m["id"] == end["id"])
        .expect("the game-over message keeps its button");
    assert_eq!(still["content"], end["content"], "and its text");
    // Alice's tap on the same Rematch button seats her in that lobby.
    let id = double.interact(dd::button(&rematch[0], &alice)).await;
    double.wait_callback(id).await;
    double
        .wait_for("Alice seated", |d| {
            d.messages_with_components(dd::CHANNEL_ID).into_iter().find(|m| m["content"].as_str().unwrap_or("").contains("alice joined"))
        })
        .await;

    // Lookups are private to the asker.
    let id = double.interact(dd::slash("status", &bob)).await;
    let status = double.wait_response(id, 2).await;
    assert!(
        status[1].is_ephemeral() && status[1].content.as_deref().unwrap_or("").contains("Players (2/"),
        "the rematch lobby: {status:?}"
    );

    // The timelapse follows the game-over message as a message of its own, made off the step
    // path: an animated GIF under the upload limit that pings nobody (the end did).
    // Encoding it is seconds of CPU: on a loaded machine, more than the double's usual wait.
    let timelapse = double
        .wait_for_within("the timelapse", Duration::from_secs(240), |d| {
            posts(d).into_iter().find(|p| p.attachments.iter().any(|a| a.filename == southseas::service::timelapse::TIMELAPSE_FILE))
        })
        .await;
    let gif = &timelapse.attachments[0];
    assert!(gif.bytes.starts_with(b"GIF89a") && gif.bytes.len() <= southseas::draw::timelapse::MAX_BYTES, "{} bytes", gif.bytes.len());
    assert!(timelapse.notified.is_empty() && timelapse.components.is_empty(), "{timelapse:?}");
    assert!(timelapse.content.as_deref().unwrap_or("").contains("/replay"), "it says how to step through it: {timelapse:?}");
    let end_at = posts(&double).iter().position(|p| p.message_id == end["id"].as_str().and_then(|i| i.parse().ok())).expect("the end");
    let timelapse_at = posts(&double).iter().position(|p| p.message_id == timelapse.message_id).expect("the timelapse");
    assert!(end_at < timelapse_at, "after the game-over message");

    // The finished game counts: `/stats` and `/leaderboard` answer privately, from it.
    let id = double.interact(dd::slash("stats", &alice)).await;
    let stats = double.wait_response(id, 2).await;
    let said = stats[1].content.as_deref().unwrap_or("");
    assert!(stats[1].is_ephemeral(), "{stats:?}");
    assert!(said.contains("**alice** on this server") && said.contains("1 played"), "{said}");
    let id = double.interact(dd::slash("leaderboard", &bob)).await;
    let board = double.wait_response(id, 2).await;
    let said = board[1].content.as_deref().unwrap_or("");
    assert!(board[1].is_ephemeral(), "{board:?}");
    assert!(said.contains("Weng-Lin ratings from 1 finished game"), "{said}");
    double.assert_no_unexpected();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_are_private_friendly_and_say_what_to_do() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-errors");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let carol = Member::new(3001, "carol");

    for (command, expected) in [("place", "game in this channel"), ("board", "game in this channel"), ("undo", "game in this channel")] {
        let interaction = if command == "place" { dd::slash(command, &carol).string("spot", "A 90") } else { dd::slash(command, &carol) };
        let id = double.interact(interaction).await;
        let r = double.wait_response(id, 2).await;
        let text = r[1].content.clone().unwrap_or_default();
        assert!(r[0].is_ephemeral() && r[1].is_ephemeral(), "/{command}: errors are private");
        assert!(text.to_lowercase().contains(expected) && text.contains("/new"), "/{command}: says what to do instead: {text}");
    }
    // A button nobody knows.
    let id = double.interact(dd::button("something-else", &carol)).await;
    let r = double.wait_response(id, 2).await;
    assert!(r[1].is_ephemeral() && r[1].content.as_deref().unwrap_or("").contains("/status"), "{r:?}");
    // Missing permissions are named when a game is opened.
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS & !(1 << 15));
    let id = double.interact(dd::slash("new", &carol)).await;
    let r = double.wait_response(id, 2).await;
    assert!(r[1].is_ephemeral() && r[1].content.as_deref().unwrap_or("").contains("Attach Files"), "{r:?}");
    double.set_app_permissions(dd::DEFAULT_APP_PERMISSIONS);
    // /help and /rules answer anywhere.
    for command in ["help", "rules"] {
        let id = double.interact(dd::slash(command, &carol)).await;
        let r = double.wait_response(id, 2).await;
        assert!(r[0].is_ephemeral() && r[1].content.as_deref().unwrap_or("").len() > 200, "/{command}");
    }
    double.assert_no_unexpected();
}

/// A market's ship that falls to the merchant's owner while another player is active (a pinned
/// game): the choice is posted as a new message whose allowed mentions name the chooser alone,
/// and a tap on it is theirs to make, not the active player's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_market_ship_choice_for_another_player_notifies_only_them() {
    let double = Double::start().await;
    let db = TempDb::new("e2e-market");
    let _bot = start_bot_seeded(&double, &db, MARKET_FOR_ANOTHER.seed).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let members = [Member::new(2001, "alice"), Member::new(2002, "bob")];
    let id = double.interact(dd::slash("new", &members[0])).await;
    double.wait_callback(id).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    let join = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":join")).expect("a Join button");
    let id = double.interact(dd::button(&join, &members[1])).await;
    let start = double.wait_response(id, 2).await[1].custom_ids().into_iter().find(|c| c.ends_with(":start")).expect("Start");
    let id = double.interact(dd::button(&start, &members[0])).await;
    double.wait_callback(id).await;
    settle(&double, &db, "start").await.expect("the first turn");
    let mut by_seat = Vec::new();
    for seat in 0..2 {
        for m in &members {
            if seat_of(&db, m.id).await == Some(seat) {
                by_seat.push(m.clone());
            }
        }
    }
    // The pinned steps, typed by whoever must act.
    let mut message = None;
    for action in MARKET_FOR_ANOTHER.actions() {
        let (game, _, _, _) = state(&db).await;
        let actor = &by_seat[game.to_act().expect("not over")];
        let (name, option) = step_command(&action);
        let slash = dd::slash(name, actor);
        let id = double.interact(if option.is_empty() { slash } else { slash.string(option, &Code::Act(action).code()) }).await;
        double.wait_callback(id).await;
        let responses = double.wait_response(id, 2).await;
        message = settle(&double, &db, &format!("{action}")).await;
        assert_eq!(private_answer(&responses), None, "{action}: {responses:?}");
    }
    let (game, version, game_id, _) = state(&db).await;
    let Phase::MarketShip { player } = game.phase() else { panic!("a market choice: {:?}", game.phase()) };
    let (owner, placer) = (&by_seat[player as usize], &by_seat[game.active_player()]);
    assert_ne!(owner.id, placer.id, "the choice falls to the merchant's owner");
    // A new message that notifies the chooser, and allows no other mention.
    let post = posts(&double).pop().expect("the choice is a new message");
    assert_eq!(post.notified, vec![owner.id], "{:?}", post.content);
    assert_eq!(post.allowed_user_mentions(), Some(vec![owner.id]));
    assert!(post.allowed_mention_parse().is_empty());
    assert!(post.content.as_deref().unwrap_or("").contains("your merchant's market is complete"), "{:?}", post.content);
    // Its buttons are the choice; the active player's tap is refused, privately.
    let message = message.expect("a message with the choice");
    let ship = game.market_choices()[1];
    let button = ComponentId::button(game_id, version, Code::Act(Action::ChooseShip { ship }));
    assert!(custom_ids(&message).contains(&button), "{message}");
    let id = double.interact(dd::button(&button, placer)).await;
    let refused = double.wait_response(id, 2).await;
    assert!(private_answer(&refused).is_some_and(|m| m.contains("to choose a ship for their market")), "{refused:?}");
    assert_eq!(state(&db).await.1, version, "a refused tap changes nothing");
    let id = double.interact(dd::button(&button, owner)).await;
    let answered = double.wait_response(id, 2).await;
    settle(&double, &db, "the choice").await;
    assert_eq!(private_answer(&answered), None, "{answered:?}");
    assert_eq!(state(&db).await.0.player(player as usize).ships.last(), Some(&ship), "the chooser's ship");
    double.assert_no_unexpected();
}
