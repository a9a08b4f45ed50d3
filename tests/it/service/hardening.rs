//! Hostile input, races and crashes: each test here failed before its fix (see the issue on
//! hardening). Through the service with a real SQLite file, and end to end through the Discord
//! double with the real bot.

use super::discord_double::{self as dd, Double, Member, ResponseKind, callback};
use super::discord_e2e::{custom_ids, only_rematch_left, settle, start_bot, state};
use crate::support::{PLACE, TempDb, on_both_databases, player};
use southseas::games::southseas::GameOptions;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::service::{Command, ComponentId, Origin, Place, Service, ServiceError};
use southseas_engine::{Action, Bot, Event, Phase, Strategy};
use std::time::Duration;

const CHANNEL: Place = Place { guild_id: dd::GUILD_ID, channel_id: dd::CHANNEL_ID };

fn user_error<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> String {
    match result {
        Err(ServiceError::User(m)) => m,
        other => panic!("expected a user error, got {other:?}"),
    }
}

/// A service of the test's own, as a second process would be: its steps' messages are left to
/// whoever delivers them (lease 0), here the bot's sweeper.
async fn other_process(db: &TempDb) -> Service {
    Service::open(&db.url()).await.expect("database").with_lease(Duration::ZERO)
}

// ----- through the service ----------------------------------------------------------------------

on_both_databases! {
async fn old_lobby_and_abandon_buttons_act_only_on_their_own_game(db) {
    let service = Service::open(&db.url()).await.unwrap();
    let (ana, ben, cal) = (player(1), player(2), player(3));
    let first = service.create(PLACE, &ana, GameOptions::default()).await.unwrap();
    let old_join = first.buttons[0][0].id.clone();
    let old_start = first.buttons[0][2].id.clone();
    let old_game = first.game.unwrap().0;
    service.abandon(PLACE, &ana).await.unwrap();
    let second = service.create(PLACE, &ben, GameOptions::default()).await.unwrap();
    let new_game = second.game.unwrap().0;
    assert_ne!(old_game, new_game);

    // The old lobby's Join and Start do nothing to the new lobby.
    assert!(user_error(service.click(PLACE, &cal, &old_join, None).await).contains("over or closed"));
    assert!(user_error(service.click(PLACE, &ana, &old_start, None).await).contains("over or closed"));
    let status = service.status(PLACE, southseas::i18n::Locale::En).await.unwrap();
    assert!(status.text.contains("Players (1/5)") && !status.text.contains(&cal.name), "nobody joined the new lobby: {}", status.text);
    // A forged Abandon for another game, clicked here, abandons nothing.
    let forged = ComponentId::button(old_game, 1, Command::Abandon);
    assert!(user_error(service.click(PLACE, &ben, &forged, None).await).contains("over or closed"));
    let forged_elsewhere = ComponentId::button(new_game + 100, 1, Command::Abandon);
    assert!(user_error(service.click(PLACE, &ben, &forged_elsewhere, None).await).contains("over or closed"));
    assert!(service.status(PLACE, southseas::i18n::Locale::En).await.unwrap().text.contains("Waiting for players"), "the new lobby is still open");
    // Its own buttons work.
    let join = second.buttons[0][0].id.clone();
    assert!(service.click(PLACE, &cal, &join, None).await.unwrap().text.contains("joined"));
}
}

on_both_databases! {
async fn a_step_owes_its_message_until_delivered_and_a_restart_delivers_it(db) {
    let lease = Duration::from_millis(50);
    let service = Service::open(&db.url()).await.unwrap().with_lease(lease);
    let (ana, ben) = (player(1), player(2));
    service.create(PLACE, &ana, GameOptions { seed: Some(5), ..GameOptions::default() }).await.unwrap();
    service.join(PLACE, &ben).await.unwrap();
    let start = service.start(PLACE, &ana).await.unwrap();
    // The process dies before posting anything: a new one finds what is owed, once the lease ran out.
    drop(service);
    let restarted = Service::open(&db.url()).await.unwrap().with_lease(lease);
    assert!(restarted.due_posts().await.unwrap().is_empty(), "the dead process's lease still holds");
    tokio::time::sleep(lease * 2).await;
    let owed = restarted.due_posts().await.unwrap();
    assert_eq!(owed.len(), 1, "only the message of the current version is owed: the lobby's are outdated");
    assert_eq!(owed[0].text, start.text);
    assert_eq!(owed[0].mention, start.mention, "the post still pings the first player");
    assert_eq!(owed[0].channel, Some(PLACE.channel_id));
    assert!(restarted.due_posts().await.unwrap().is_empty(), "claimed: no second process takes it meanwhile");
    let (game, version) = owed[0].game.unwrap();
    restarted.delivered(game, version, Some(77), None).await.unwrap();
    tokio::time::sleep(lease * 2).await;
    assert!(restarted.due_posts().await.unwrap().is_empty(), "delivered: nothing owed any more");
}
}

on_both_databases! {
async fn only_the_message_of_the_current_version_keeps_its_buttons(db) {
    let service = Service::open(&db.url()).await.unwrap();
    let (ana, ben) = (player(1), player(2));
    let lobby = service.create(PLACE, &ana, GameOptions { seed: Some(9), ..GameOptions::default() }).await.unwrap();
    let (game, v1) = lobby.game.unwrap();
    assert!(service.delivered(game, v1, Some(101), None).await.unwrap().is_empty());
    // Join updates the lobby message in place: same message, newer version, nothing to retire.
    let joined = service.join(PLACE, &ben).await.unwrap();
    assert!(service.delivered(game, joined.game.unwrap().1, Some(101), None).await.unwrap().is_empty());
    let started = service.start(PLACE, &ana).await.unwrap();
    let (_, v3) = started.game.unwrap();
    // Two steps race: the later version is delivered first; the earlier one's message is stale
    // at birth and is retired by its own delivery, and the lobby goes too.
    let to_act = if started.mention == Some(ana.user_id) { &ana } else { &ben };
    let (g, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    let mut bot = Bot::new(Strategy::Greedy, 1);
    let step = service.act(PLACE, to_act, bot.choose(&g).unwrap()).await.unwrap();
    let (_, v4) = step.game.unwrap();
    let retire = service.delivered(game, v4, Some(104), None).await.unwrap();
    assert_eq!(retire.iter().map(|r| r.2).collect::<Vec<_>>(), vec![101], "the lobby loses its buttons");
    let retire = service.delivered(game, v3, Some(103), None).await.unwrap();
    assert!(retire.iter().any(|r| r.2 == 103), "a message of an older version is retired at once: {retire:?}");
    assert!(!retire.iter().any(|r| r.2 == 104), "the newest message keeps its buttons");
    // The game ends (abandoned): every message loses its buttons, the last one too.
    let over = service.abandon(PLACE, &ana).await.unwrap();
    let (_, v5) = over.game.unwrap();
    let retire = service.delivered(game, v5, None, None).await.unwrap();
    assert!(retire.iter().any(|r| r.2 == 104), "no buttons are left on a finished game: {retire:?}");
}
}

on_both_databases! {
/// Discord made the turn message's post, but the bot's answer was lost: the message is not on
/// record. The step that hands the turn over is tapped on it (accepted: its version matches)
/// and posted as a new message; the tapped message is put on record in the step's own
/// transaction, so that new message's delivery retires it (before the fix it kept its buttons
/// for good).
async fn a_step_tapped_on_a_message_never_recorded_retires_it(db) {
    let service = Service::open(&db.url()).await.unwrap();
    let (ana, ben) = (player(1), player(2));
    service.create(PLACE, &ana, GameOptions { seed: Some(3), ..GameOptions::default() }).await.unwrap();
    service.join(PLACE, &ben).await.unwrap();
    let started = service.start(PLACE, &ana).await.unwrap();
    let game = started.game.unwrap().0;
    let actor = if started.mention == Some(ana.user_id) { &ana } else { &ben };
    let mut bot = Bot::new(Strategy::Greedy, 1);
    let never_recorded = 500;
    for _ in 0..20 {
        let (g, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        let action = bot.choose(&g).unwrap();
        let mut after = g.clone();
        after.apply(&action).unwrap();
        if after.to_act() == g.to_act() {
            service.act(PLACE, actor, action).await.unwrap();
            continue;
        }
        let tap = ComponentId::parse(&ComponentId::button(game, version, Code::Act(action))).unwrap();
        let on = Origin::Clicked { message: never_recorded, version };
        let handed = service.tap(PLACE, actor, &tap, None, on).await.expect("the step is taken");
        assert!(handed.delivery.is_new_message(), "a hand-over is a new message: {}", handed.text);
        let retire = service.delivered(game, handed.game.unwrap().1, Some(501), None).await.unwrap();
        assert!(retire.iter().any(|r| r.2 == never_recorded), "the tapped message loses its buttons: {retire:?}");
        assert!(!retire.iter().any(|r| r.2 == 501), "the hand-over keeps its own");
        return;
    }
    panic!("no hand-over in 20 steps");
}
}

#[tokio::test]
async fn a_full_disk_gets_an_apology_keeps_lookups_and_recovers() {
    let db = TempDb::new("hard-full");
    let service = Service::open(&db.url()).await.unwrap();
    let (ana, ben) = (player(1), player(2));
    service.create(PLACE, &ana, GameOptions { seed: Some(3), ..GameOptions::default() }).await.unwrap();
    service.join(PLACE, &ben).await.unwrap();
    service.start(PLACE, &ana).await.unwrap();
    // The disk is full: SQLite may not grow the file by a single page.
    let pool = service.store().pool();
    let mut conns = Vec::new();
    for _ in 0..4 {
        let mut conn = pool.acquire().await.unwrap();
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(&mut *conn).await.unwrap();
        sqlx::query(&format!("PRAGMA max_page_count = {pages}")).execute(&mut *conn).await.unwrap();
        conns.push(conn);
    }
    drop(conns);
    let mut bots = [Bot::new(Strategy::Greedy, 1), Bot::new(Strategy::Greedy, 2)];
    let mut refused = None;
    for _ in 0..400 {
        let (game, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        let seat = game.to_act().unwrap();
        let actor = if service.snapshot::<SouthSeas>(PLACE, ana.user_id).await.unwrap().2 == Some(seat) { &ana } else { &ben };
        match service.act(PLACE, actor, bots[seat].choose(&game).unwrap()).await {
            Ok(_) => {}
            Err(ServiceError::Internal(e)) => {
                assert!(format!("{e:#}").contains("full"), "{e:#}");
                refused = Some((version, actor.clone(), bots[seat].choose(&game).unwrap()));
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    let (version, actor, action) = refused.expect("a write eventually needs a new page");
    // Nothing of the refused step was kept; everything before it was.
    let (after, v, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    assert_eq!(v, version, "the refused step left no trace");
    // The user sees a short apology (the Discord layer's text for an internal error).
    assert!(
        southseas::discord::user_message(ServiceError::Internal(anyhow::anyhow!("disk full")), southseas::i18n::Locale::En)
            .contains("Nothing was changed")
    );
    // Lookups keep working.
    assert!(service.status(PLACE, southseas::i18n::Locale::En).await.unwrap().text.contains(&ana.name));
    assert!(service.history(PLACE, 1, southseas::i18n::Locale::En).await.is_ok());
    // The disk is back: the same step goes through.
    let mut conns = Vec::new();
    for _ in 0..4 {
        let mut conn = pool.acquire().await.unwrap();
        sqlx::query("PRAGMA max_page_count = 1073741823").execute(&mut *conn).await.unwrap();
        conns.push(conn);
    }
    drop(conns);
    service.act(PLACE, &actor, action).await.expect("the step goes through once there is room");
    assert!(after.turn() > 0);
}

on_both_databases! {
/// Two processes sweep the outbox at the same instant, again and again: every owed message is
/// taken by exactly one of them.
async fn two_processes_sweeping_at_once_take_each_owed_message_once(db) {
    // A process that leaves what its steps owe to the others (lease 0): 24 lobbies, 24 messages.
    let maker = Service::open(&db.url()).await.unwrap().with_lease(Duration::ZERO).with_instance("maker");
    for c in 0..24 {
        maker.create(Place { guild_id: 1, channel_id: 500 + c }, &player(1), GameOptions::default()).await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(5)).await;
    let a = std::sync::Arc::new(Service::open(&db.url()).await.unwrap().with_instance("a"));
    let b = std::sync::Arc::new(Service::open(&db.url()).await.unwrap().with_instance("b"));
    let mut taken = Vec::new();
    let mut by_a = 0;
    loop {
        let (ra, rb) = tokio::join!(a.due_posts(), b.due_posts());
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        if ra.is_empty() && rb.is_empty() {
            break;
        }
        by_a += ra.len();
        taken.extend(ra.into_iter().chain(rb).map(|r| r.game.unwrap()));
    }
    let all = taken.len();
    taken.sort();
    taken.dedup();
    assert_eq!((all, taken.len()), (24, 24), "each of the 24 messages taken once (a took {by_a})");
}
}

on_both_databases! {
/// A step's message is tapped and edited in place by the next step before the first step's
/// delivery is recorded: the late record must not make the message look old (its buttons,
/// the current ones, would be retired).
async fn a_late_delivery_record_never_makes_a_current_message_look_old(db) {
    let service = Service::open(&db.url()).await.unwrap();
    let (ana, ben) = (player(1), player(2));
    service.create(PLACE, &ana, GameOptions { seed: Some(12), ..GameOptions::default() }).await.unwrap();
    service.join(PLACE, &ben).await.unwrap();
    let started = service.start(PLACE, &ana).await.unwrap();
    let (game, v_start) = started.game.unwrap();
    let to_act = if started.mention == Some(ana.user_id) { &ana } else { &ben };
    let (g, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    let step = service.act(PLACE, to_act, Bot::new(Strategy::Greedy, 1).choose(&g).unwrap()).await.unwrap();
    let (_, v_step) = step.game.unwrap();
    // The step edited message 500 in place and recorded it first; the start's record of the
    // same message arrives late.
    assert!(service.delivered(game, v_step, Some(500), None).await.unwrap().iter().all(|r| r.2 != 500));
    let retire = service.delivered(game, v_start, Some(500), None).await.unwrap();
    assert!(retire.iter().all(|r| r.2 != 500), "the current message keeps its buttons: {retire:?}");
}
}

// ----- end to end, through the Discord double ---------------------------------------------------

/// A started two-player game in the double's channel, through interactions.
pub async fn started_game(double: &Double, db: &TempDb) -> (Member, Member) {
    let (alice, bob) = (Member::new(4001, "alice"), Member::new(4002, "bob"));
    let id = double.interact(dd::slash("new", &alice)).await;
    double.wait_response(id, 2).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    let ids = custom_ids(&lobby);
    let id = double.interact(dd::button(ids.iter().find(|c| c.ends_with(":join")).unwrap(), &bob)).await;
    double.wait_response(id, 2).await;
    let id = double.interact(dd::button(ids.iter().find(|c| c.ends_with(":start")).unwrap(), &alice)).await;
    double.wait_callback(id).await;
    settle(double, db, "start").await.expect("a first turn");
    (alice, bob)
}

async fn bot_and_game(tag: &str) -> (Double, TempDb, super::discord_e2e::RunningBot, Member, Member) {
    let double = Double::start().await;
    let db = TempDb::new(tag);
    let bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (alice, bob) = started_game(&double, &db).await;
    (double, db, bot, alice, bob)
}

fn member_for(service_seat: Option<usize>, seat: usize, alice: &Member, bob: &Member) -> Member {
    if service_seat == Some(seat) { alice.clone() } else { bob.clone() }
}

fn actor(m: &Member) -> southseas::service::Actor {
    southseas::service::Actor::new(m.id, m.username.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_text_in_any_script_and_forged_ids_get_a_clear_private_answer() {
    let (double, db, _bot, alice, bob) = bot_and_game("hard-typed").await;
    let long = "x".repeat(2100);
    let inputs = ["é", "В 90", "° 90", "🐙", "\u{200b}b 90", long.as_str()];
    let before = state(&db).await.1;
    for (command, option) in [("place", "spot"), ("islander", "choice"), ("ship", "choice"), ("deliver", "ship"), ("pay", "payment")] {
        for input in inputs {
            for who in [&alice, &bob] {
                let id = double.interact(dd::slash(command, who).string(option, input)).await;
                let r = double.wait_response(id, 2).await;
                let text = r[1].content.clone().unwrap_or_default();
                assert!(r[1].is_ephemeral(), "/{command} {input:.20}: private");
                assert!(!text.contains("Sorry"), "/{command} {input:.20}: a clear answer, not an apology: {text}");
                assert!(text.chars().count() < 500, "/{command}: the input is quoted briefly: {} characters", text.chars().count());
            }
        }
    }
    // Forged button ids and menu values.
    let (_, version, game, _) = state(&db).await;
    for custom_id in ["ss:1:1:é", "ss:é", "é", "ss:1:2:🐙1,2,3", &format!("ss:{game}:{version}:t\u{200b}1,2,0"), &"ss:9".repeat(30)] {
        let id = double.interact(dd::button(custom_id, &alice)).await;
        let r = double.wait_response(id, 2).await;
        assert!(r[1].is_ephemeral() && !r[1].content.clone().unwrap_or_default().contains("Sorry"), "{custom_id}: {r:?}");
    }
    for value in ["é1,2", "🐙", "t1,é,0", &"p".repeat(100)] {
        let id = double.interact(dd::select(&ComponentId::menu(game, version), &[value], &alice)).await;
        let r = double.wait_response(id, 2).await;
        assert!(r[1].is_ephemeral() && !r[1].content.clone().unwrap_or_default().contains("Sorry"), "{value}: {r:?}");
    }
    assert_eq!(state(&db).await.1, before, "nothing changed");
    double.assert_no_unexpected();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_is_acknowledged_at_once_even_while_the_database_is_busy() {
    let (double, db, _bot, alice, bob) = bot_and_game("hard-busy").await;
    let (game, version, _, _) = state(&db).await;
    let service = other_process(&db).await;
    let seat = service.snapshot::<SouthSeas>(CHANNEL, alice.id).await.unwrap().2;
    let mover = member_for(seat, game.to_act().unwrap(), &alice, &bob);
    let action = Bot::new(Strategy::Greedy, 1).choose(&game).unwrap();
    // Another writer holds the database for 4 s (longer than Discord waits for an answer).
    let mut lock = sqlx::SqliteConnection::connect(&db.url()).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut lock).await.unwrap();
    let id = double.interact(dd::slash("place", &mover).string("spot", &Code::Act(action).code())).await;
    let ack = double.wait_callback(id).await;
    assert_eq!(ack.callback_type, Some(callback::DEFERRED_MESSAGE));
    assert!(ack.elapsed.unwrap() < Duration::from_secs(3), "acknowledged in {:?}", ack.elapsed);
    tokio::time::sleep(Duration::from_secs(4)).await;
    sqlx::query("ROLLBACK").execute(&mut lock).await.unwrap();
    // Then the move is made and posted, and the private acknowledgement goes away.
    let r = double.wait_response(id, 2).await;
    assert_eq!(r[1].kind, ResponseKind::DeleteOriginal, "{r:?}");
    settle(&double, &db, "after the lock").await;
    assert_eq!(state(&db).await.1, version + 1);
    double.assert_no_unexpected();
}

/// Help and the rules are acknowledged before anything is read from the database (the
/// reader's language, the channel's game), as every command is: Discord drops an interaction
/// not answered within 3 seconds. Before, they answered only after those reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_and_rules_are_acknowledged_before_any_database_read() {
    let (double, _db, _bot, alice, _bob) = bot_and_game("hard-ack-help").await;
    for command in ["help", "rules"] {
        let id = double.interact(dd::slash(command, &alice)).await;
        let ack = double.wait_callback(id).await;
        assert_eq!(ack.callback_type, Some(callback::DEFERRED_MESSAGE), "/{command} is acknowledged first");
        let answered = double.wait_response(id, 2).await;
        assert!(answered[1].content.clone().unwrap_or_default().chars().count() > 100, "/{command} then answers: {answered:?}");
    }
    double.assert_no_unexpected();
}

use sqlx::Connection;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_undo_at_once_undo_one_step() {
    let (double, db, _bot, alice, bob) = bot_and_game("hard-undo").await;
    let service = other_process(&db).await;
    let alice_seat = service.snapshot::<SouthSeas>(CHANNEL, alice.id).await.unwrap().2;
    let mut bots = [Bot::new(Strategy::Greedy, 3), Bot::new(Strategy::Greedy, 4)];
    // Play (through another process) until a player has taken two undoable steps this turn.
    let mut undoer = None;
    for _ in 0..400 {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(CHANNEL, 0).await.unwrap();
        let seat = game.to_act().unwrap();
        let m = member_for(alice_seat, seat, &alice, &bob);
        let action = bots[seat].choose(&game).unwrap();
        let reply = service.act(CHANNEL, &actor(&m), action).await.unwrap();
        let (after, _, _, _) = service.snapshot::<SouthSeas>(CHANNEL, 0).await.unwrap();
        let revealed = reply.text.contains("New ship") || after.turn() != game.turn();
        if !revealed && after.phase() == Phase::Deliver && matches!(action, Action::PlaceIslander { .. } | Action::SkipIslander) {
            undoer = Some(m);
            break;
        }
    }
    let undoer = undoer.expect("a turn with a tile and an islander step before the delivery");
    let before = settle(&double, &db, "before the undos").await;
    assert!(before.is_some());
    let (_, version, _, _) = state(&db).await;
    let first = double.interact(dd::slash("undo", &undoer));
    let second = double.interact(dd::slash("undo", &undoer));
    let (a, b) = tokio::join!(first, second);
    let ra = double.wait_response(a, 2).await;
    let rb = double.wait_response(b, 2).await;
    settle(&double, &db, "after the undos").await;
    assert_eq!(state(&db).await.1, version + 1, "exactly one step was undone");
    let refused: Vec<String> =
        [&ra, &rb].iter().filter(|r| r[1].kind == ResponseKind::Followup).map(|r| r[1].content.clone().unwrap_or_default()).collect();
    assert_eq!(refused.len(), 1, "one undo applies, the other is refused: {ra:?} {rb:?}");
    assert!(refused[0].contains("out of date"), "{}", refused[0]);
    double.assert_no_unexpected();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ended_by_a_command_and_racing_steps_leave_no_stale_buttons() {
    let (double, db, _bot, alice, bob) = bot_and_game("hard-retire-e2e").await;
    let service = other_process(&db).await;
    let alice_seat = service.snapshot::<SouthSeas>(CHANNEL, alice.id).await.unwrap().2;
    let mut bots = [Bot::new(Strategy::Greedy, 5), Bot::new(Strategy::Greedy, 6)];
    let mut raced = 0;
    loop {
        let (game, version, _, _) = state(&db).await;
        let seat = game.to_act().expect("the game ends by a command below");
        let m = member_for(alice_seat, seat, &alice, &bob);
        let action = bots[seat].choose(&game).unwrap();
        let ends = game.clone().apply(&action).unwrap().iter().any(|e| matches!(e, Event::GameOver { .. }));
        if ends {
            // The last step by a command.
            settle(&double, &db, "before the last step").await;
            let (name, option) = match action {
                Action::EndTurn => ("endturn", ""),
                Action::Pay { .. } => ("pay", "payment"),
                Action::Deliver { .. } => ("deliver", "ship"),
                Action::PlaceTile { .. } => ("place", "spot"),
                Action::ChooseShip { .. } => ("ship", "choice"),
                _ => ("islander", "choice"),
            };
            let code = Code::Act(action).code();
            let i = if option.is_empty() { dd::slash(name, &m) } else { dd::slash(name, &m).string(option, &code) };
            let id = double.interact(i).await;
            double.wait_response(id, 2).await;
            break;
        }
        if raced < 6 && game.turn() % 5 == 0 && matches!(action, Action::PlaceTile { .. }) {
            // A tap and a typed command for the same step at once: one applies, one is refused,
            // and one message offers the next choices.
            let shown = settle(&double, &db, "before the race").await.expect("choices");
            let code = Code::Act(action).code();
            let Some(menu) = custom_ids(&shown).into_iter().find(|c| c.ends_with(":menu")) else {
                service.act(CHANNEL, &actor(&m), action).await.unwrap();
                continue;
            };
            let tap = dd::select(&menu, &[&code], &m);
            let (a, b) = tokio::join!(double.interact(tap), double.interact(dd::slash("place", &m).string("spot", &code)));
            double.wait_response(a, 2).await;
            double.wait_response(b, 2).await;
            settle(&double, &db, "after the race").await;
            assert_eq!(state(&db).await.1, version + 1, "exactly one of the two applied");
            raced += 1;
            continue;
        }
        service.act(CHANNEL, &actor(&m), action).await.unwrap();
    }
    assert!(raced > 0);
    assert_eq!(settle(&double, &db, "game over").await, None, "no message offers steps after the game ended by a command");
    assert!(only_rematch_left(&double, dd::CHANNEL_ID));
    double.assert_no_unexpected();
}

// ----- backup and restore -----------------------------------------------------------------------

#[tokio::test]
async fn a_backup_taken_during_play_restores_and_the_game_continues() {
    let live = TempDb::new("backup-live");
    let service = Service::open(&live.url()).await.unwrap();
    let (ana, ben) = (player(1), player(2));
    service.create(PLACE, &ana, GameOptions { seed: Some(21), ..GameOptions::default() }).await.unwrap();
    service.join(PLACE, &ben).await.unwrap();
    service.start(PLACE, &ana).await.unwrap();
    let ana_seat = service.snapshot::<SouthSeas>(PLACE, ana.user_id).await.unwrap().2;
    let mut bots = [Bot::new(Strategy::Greedy, 1), Bot::new(Strategy::Greedy, 2)];
    for _ in 0..30 {
        let (game, _, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
        let seat = game.to_act().unwrap();
        let who = if ana_seat == Some(seat) { &ana } else { &ben };
        service.act(PLACE, who, bots[seat].choose(&game).unwrap()).await.unwrap();
    }
    // A step is made while the backup is taken: the backup holds the game before or after it, whole.
    let file = std::env::temp_dir().join(format!("southseas-backup-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let (game, version, _, _) = service.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    let seat = game.to_act().unwrap();
    let who = if ana_seat == Some(seat) { &ana } else { &ben };
    let (url, action) = (live.url(), bots[seat].choose(&game).unwrap());
    let (backed_up, stepped) = tokio::join!(southseas::cli::backup::backup(&url, &file), service.act(PLACE, who, action));
    assert_eq!(backed_up.unwrap(), 1, "one game in the backup");
    stepped.unwrap();
    assert!(
        southseas::cli::backup::backup(&live.url(), &file).await.unwrap_err().to_string().contains("already exists"),
        "never overwrites"
    );

    // Restored on a fresh machine: the game opens, replays and continues.
    let fresh = TempDb::new("backup-restored");
    let (aside, games) = southseas::cli::backup::restore(&fresh.url(), &file).await.unwrap();
    assert_eq!((aside, games), (None, 1));
    let restored = Service::open(&fresh.url()).await.unwrap();
    let (game, restored_version, _, _) = restored.snapshot::<SouthSeas>(PLACE, 0).await.unwrap();
    assert!(restored_version == version || restored_version == version + 1, "a whole step or none: {version} → {restored_version}");
    let seat = game.to_act().unwrap();
    let who = if ana_seat == Some(seat) { &ana } else { &ben };
    restored.act(PLACE, who, Bot::new(Strategy::Greedy, 9).choose(&game).unwrap()).await.expect("the restored game continues");

    // Restoring over a database keeps that one aside.
    service.store().close().await;
    let (aside, _) = southseas::cli::backup::restore(&live.url(), &file).await.unwrap();
    let aside = aside.expect("the live database was moved aside");
    assert!(aside.exists());
    assert!(southseas::cli::backup::check(&aside).await.is_ok());
    let _ = std::fs::remove_file(&aside);
    let _ = std::fs::remove_file(&file);
}

/// The private answer an interaction got: the first private message with text (the
/// acknowledgement itself has none).
async fn private_text(double: &Double, id: u64, what: &str) -> String {
    let answer = double
        .wait_for(what, |d| d.responses(id).into_iter().find(|r| r.is_ephemeral() && r.content.as_deref().is_some_and(|c| !c.is_empty())))
        .await;
    assert!(answer.notified.is_empty(), "{what}: notifies nobody");
    answer.content.unwrap_or_default()
}

/// Discord checks a command's options before sending it, but a client may skip that: a number out
/// of range for its type, a choice index not in the list, text where a number belongs. Each gets a
/// private answer (poise used to drop them without a word), and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_unreadable_option_gets_a_private_answer() {
    let (double, db, _bot, alice, _bob) = bot_and_game("hard-options").await;
    let before = state(&db).await.1;
    let cases = [
        ("a number out of range", dd::slash("new", &alice).integer("max_players", 300)),
        ("a negative number", dd::slash("new", &alice).integer("min_players", -1)),
        ("text for a number", dd::slash("new", &alice).string("max_players", "five")),
        ("an unknown choice", dd::slash("new", &alice).integer("turn_limit", 99)),
        ("an unknown choice", dd::slash("addbot", &alice).integer("strength", 7)),
        ("a negative choice", dd::slash("addbot", &alice).integer("strength", -1)),
        ("a page out of range", dd::slash("history", &alice).integer("page", 70_000)),
        ("an unknown choice", dd::slash("settings", &alice).integer("where", 5)),
        ("a number for a yes or no", dd::slash("settings", &alice).integer("reminders", 3)),
    ];
    for (what, interaction) in cases {
        let id = double.interact(interaction).await;
        let text = private_text(&double, id, what).await;
        assert!(text.contains("couldn't read") && text.contains("Discord offers"), "{what}: {text}");
    }
    assert_eq!(state(&db).await.1, before, "nothing changed");
    double.assert_no_unexpected();
}

/// A blank value is never saved as a setting and never matches a choice, even when only one
/// choice is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blank_values_change_nothing_and_get_a_private_answer() {
    let (double, db, _bot, alice, bob) = bot_and_game("hard-blank").await;
    let id = double.interact(dd::slash("settings", &alice).string("utc_offset", "+2").string("quiet_hours", "22-7")).await;
    assert!(private_text(&double, id, "settings").await.contains("UTC+2"));
    for (option, blank, says) in [("utc_offset", "", "time zone"), ("utc_offset", "   ", "time zone"), ("quiet_hours", " ", "quiet hours")]
    {
        let id = double.interact(dd::slash("settings", &alice).string(option, blank)).await;
        let text = private_text(&double, id, option).await;
        assert!(
            text.contains(&format!("can't read those {says}")) || text.contains(&format!("can't read that {says}")),
            "{option}: {text}"
        );
    }
    let id = double.interact(dd::slash("settings", &alice)).await;
    let shown = private_text(&double, id, "settings unchanged").await;
    assert!(shown.contains("22:00–07:00 (UTC+2)"), "the blank values were not saved: {shown}");

    let before = state(&db).await.1;
    // The player whose turn it is hears that blank names nothing; the other hears first that it
    // is not their turn (whose turn comes before what was typed).
    let (mut picks, mut steps) = (0, 0);
    for (command, option, what) in [
        ("place", "spot", "a spot"),
        ("islander", "choice", "an islander option"),
        ("ship", "choice", "a ship"),
        ("deliver", "ship", "a ship"),
        ("pay", "payment", "a payment"),
    ] {
        for blank in ["", " ", "\u{3000}"] {
            for who in [&alice, &bob] {
                let id = double.interact(dd::slash(command, who).string(option, blank)).await;
                let text = private_text(&double, id, command).await;
                let out_of_turn = text.starts_with("It's not your turn");
                // The turn, then the step, before the text: the game waits for a tile.
                let other_step = text == "Place your tile first (`/place`).";
                let pick = text.contains(&format!("Pick {what} from the list"));
                assert!(pick || out_of_turn || other_step, "/{command} {option}:{blank:?}: {text}");
                assert!(!other_step || command != "place", "/place is the step: {text}");
                picks += usize::from(pick);
                steps += usize::from(other_step);
            }
        }
    }
    assert_eq!(picks, 3, "the player to act was told to pick a spot from the list every time");
    assert_eq!(steps, 4 * 3, "a command for another step was told to place the tile first every time");
    let id = double.interact(dd::slash("away", &alice).string("for", " ")).await;
    assert!(private_text(&double, id, "away").await.contains("can't read that duration"));
    assert_eq!(state(&db).await.1, before, "nothing changed");
    double.assert_no_unexpected();
}

/// The small truths of private answers: a lobby's old buttons while its game runs, `/undo` by
/// someone not playing, `/tiles` and `/ships` where there is no game, a step at the wrong time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_say_what_is_true() {
    let double = Double::start().await;
    let db = TempDb::new("hard-truths");
    let _bot = start_bot(&double, &db).await;
    double.wait_for_identify().await;
    double.wait_for_commands().await;
    let (alice, bob, carol) = (Member::new(4101, "alice"), Member::new(4102, "bob"), Member::new(4103, "carol"));
    let id = double.interact(dd::slash("new", &alice)).await;
    double.wait_response(id, 2).await;
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    let lobby_ids = custom_ids(&lobby);
    let id = double.interact(dd::button(lobby_ids.iter().find(|c| c.ends_with(":join")).unwrap(), &bob)).await;
    double.wait_response(id, 2).await;
    let id = double.interact(dd::slash("start", &alice)).await;
    double.wait_response(id, 2).await;
    settle(&double, &db, "start").await.expect("a first turn");

    // The lobby's buttons, tapped after the start: the game runs, it is not over.
    for custom_id in &lobby_ids {
        for who in [&alice, &carol] {
            let id = double.interact(dd::button(custom_id, who).on_message(lobby.clone())).await;
            let text = private_text(&double, id, custom_id).await;
            assert!(!text.contains("over or closed") && !text.contains("Sorry"), "{custom_id}: {text}");
            assert!(text.contains("started") || text.contains("running"), "{custom_id}: says the game runs: {text}");
        }
    }
    // Someone not playing gets the same answer from /undo as from every other step.
    let mut answers = std::collections::BTreeSet::new();
    for interaction in [dd::slash("undo", &carol), dd::slash("endturn", &carol), dd::slash("place", &carol).string("spot", "a")] {
        let id = double.interact(interaction).await;
        answers.insert(private_text(&double, id, "not playing").await);
    }
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(answers.first().unwrap().contains("You are not playing in this game"), "{answers:?}");
    // A step at the wrong time says what the game waits for, once.
    let (game, _, _, _) = state(&db).await;
    let seat = game.to_act().unwrap();
    let service = Service::open(&db.url()).await.unwrap();
    let to_act = if service.snapshot::<SouthSeas>(CHANNEL, alice.id).await.unwrap().2 == Some(seat) { &alice } else { &bob };
    let id = double.interact(dd::slash("deliver", to_act).string("ship", &Code::Act(Action::EndTurn).code())).await;
    let text = private_text(&double, id, "a step at the wrong time").await;
    assert_eq!(text, "Place your tile first (`/place`).");
    assert!(!text.contains("Not allowed: not now"), "{text}");
    // Where there is no game: start one.
    let elsewhere = dd::CHANNEL_ID + 7;
    for command in ["tiles", "ships", "status", "board"] {
        let id = double.interact(dd::slash(command, &carol).in_channel(elsewhere)).await;
        let text = private_text(&double, id, command).await;
        assert!(text.contains("Start one with `/new`"), "/{command}: {text}");
    }
    double.assert_no_unexpected();
}
