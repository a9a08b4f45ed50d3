//! The real `southseas serve` binary, pointed at the Discord double with
//! `SOUTHSEAS_DISCORD_API`, killed with SIGKILL at varied moments in the middle of play and
//! restarted: no step is lost or doubled, and after every restart the channel's newest message
//! offers working buttons for the current step (what a step owes the channel survives a crash).

use super::discord_double::{self as dd, Double, ResponseKind};
use super::discord_e2e::{custom_ids, settle, state};
use super::hardening::started_game;
use crate::support::TempDb;
use serde_json::Value;
use southseas::games::southseas::SouthSeas;
use southseas::games::southseas::codes::Code;
use southseas::service::{ComponentId, Service};
use southseas_engine::{Bot, Strategy};
use std::process::{Child, Stdio};
use std::time::Duration;

fn spawn_bot(double: &Double, db: &TempDb) -> Child {
    spawn_bot_with(double, db, &[], &[])
}

pub(crate) fn spawn_bot_with(double: &Double, db: &TempDb, args: &[&str], env: &[(&str, &str)]) -> Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_southseas"))
        .arg("serve")
        .args(args)
        .envs(env.iter().copied())
        .env("DISCORD_TOKEN", dd::TOKEN)
        .env("DEV_GUILD_ID", dd::GUILD_ID.to_string())
        .env("DATABASE_URL", db.url())
        .env("SOUTHSEAS_DISCORD_API", double.url())
        .env("RUST_LOG", "error")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start southseas serve")
}

/// The tap a player would make for `action` on `message`, if the message offers it.
pub fn tap_for(message: &Value, game: i64, version: i64, action: southseas_engine::Action, who: &dd::Member) -> Option<dd::Interaction> {
    let code = Code::Act(action).code();
    let ids = custom_ids(message);
    let button = ComponentId::button(game, version, Code::Act(action));
    if ids.contains(&button) {
        return Some(dd::button(&button, who));
    }
    let menu = ids.into_iter().find(|c| c.ends_with(":menu"))?;
    let offered = message["components"].to_string().contains(&format!("\"{code}\""));
    offered.then(|| dd::select(&menu, &[&code], who))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_bot_killed_mid_play_leaves_working_buttons_after_every_restart() {
    const KILLS: usize = 24;
    let double = Double::start().await;
    let db = TempDb::new("process-kill");
    let mut child = spawn_bot(&double, &db);
    double.wait_for_identifies(1).await;
    double.wait_for_commands().await;
    let (alice, bob) = started_game(&double, &db).await;
    let service = Service::open(&db.url()).await.unwrap();
    let alice_seat = service.snapshot::<SouthSeas>(dd_place(), alice.id).await.unwrap().2;
    let mut bots = [Bot::new(Strategy::Greedy, 7), Bot::new(Strategy::Greedy, 8)];
    // Kill at these delays after a click or command: before, during and after its commit.
    let delays = [0u64, 2, 5, 10, 20, 35, 50, 80, 120, 200];
    let (mut owed_at_kill, mut steps) = (0, 0);
    for kill in 0..KILLS {
        let (game, version, game_id, _) = state(&db).await;
        let Some(seat) = game.to_act() else { break };
        let who = if alice_seat == Some(seat) { alice.clone() } else { bob.clone() };
        let action = bots[seat].choose(&game).unwrap();
        let message = settle(&double, &db, &format!("kill {kill}: before the step")).await.expect("choices");
        let interaction = tap_for(&message, game_id, version, action, &who)
            .unwrap_or_else(|| dd::slash("place", &who).string("spot", &Code::Act(action).code()));
        double.interact(interaction).await;
        tokio::time::sleep(Duration::from_millis(delays[kill % delays.len()])).await;
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        double.evict_bots();
        double.wait_for_no_connection().await;
        let (_, after, _, owed) = state(&db).await;
        assert!(after == version || after == version + 1, "kill {kill}: the step applied at most once ({version} → {after})");
        steps += (after - version) as usize;
        owed_at_kill += usize::from(owed > 0);

        child = spawn_bot(&double, &db);
        double.wait_for_identifies(kill + 2).await;
        // After the restart: the newest message offers the current step's choices, and they work.
        let (game, version, game_id, _) = state(&db).await;
        let Some(seat) = game.to_act() else { break };
        let shown = settle(&double, &db, &format!("kill {kill}: after the restart")).await.expect("a message with choices");
        let who = if alice_seat == Some(seat) { alice.clone() } else { bob.clone() };
        let action = bots[seat].choose(&game).unwrap();
        if let Some(tap) = tap_for(&shown, game_id, version, action, &who) {
            let id = double.interact(tap).await;
            let r = double.wait_response(id, 2).await;
            assert!(r.iter().all(|r| r.kind != ResponseKind::Followup), "kill {kill}: the button works after the restart: {r:?}");
            settle(&double, &db, &format!("kill {kill}: after a click")).await;
            assert_eq!(state(&db).await.1, version + 1, "kill {kill}: the click applied once");
            steps += 1;
        }
    }
    child.kill().ok();
    child.wait().ok();
    eprintln!("{KILLS} kills, {steps} steps; {owed_at_kill} kills left a step's message owed, posted after the restart");
    assert!(owed_at_kill >= 3, "some kills fell between a step's commit and its message: {owed_at_kill}");
    double.assert_no_unexpected();
}

fn dd_place() -> southseas::service::Place {
    southseas::service::Place { guild_id: dd::GUILD_ID, channel_id: dd::CHANNEL_ID }
}

/// `serve --fast-clock 3600` (allowed for testing): an hour passes in a second, so the first
/// reminder of a 24-hour turn (after 8 hours) comes within seconds, from the real binary.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_bot_with_a_fast_clock_reminds_within_seconds() {
    let double = Double::start().await;
    let db = TempDb::new("process-fast-clock");
    let mut child = spawn_bot_with(&double, &db, &["--fast-clock", "3600"], &[("SOUTHSEAS_ALLOW_FAST_CLOCK", "testing-only")]);
    double.wait_for_identifies(1).await;
    double.wait_for_commands().await;
    started_game(&double, &db).await;
    let started = std::time::Instant::now();
    let reminder = double
        .wait_for("a reminder", |d| {
            d.channel_messages()
                .into_iter()
                .find(|r| r.kind == ResponseKind::ChannelMessage && r.content.as_deref().is_some_and(|c| c.contains("⏰")))
        })
        .await;
    let waited = started.elapsed();
    child.kill().ok();
    child.wait().ok();
    let text = reminder.content.unwrap_or_default();
    assert!(text.contains("it's been your turn for"), "{text}");
    assert_eq!(reminder.notified.len(), 1, "the reminder pings the player to act");
    assert!(waited > Duration::from_secs(5) && waited < Duration::from_secs(20), "8 hours at 3600 times: about 8 s, not {waited:?}");
}

/// A person against two hard computers, the real binary SIGKILLed while the computers think
/// (the person's step posted, their moves not yet applied, the computers' item held by the
/// process), three times: after each restart the computers think again and play their turns
/// once, as one change, and the channel offers the person their next step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_bot_killed_while_its_computers_think_loses_nothing() {
    const KILLS: usize = 3;
    let double = Double::start().await;
    let db = TempDb::new("process-kill-thinking");
    let mut child = spawn_bot(&double, &db);
    double.wait_for_identifies(1).await;
    let registered = double.wait_for_commands().await;
    let alice = dd::Member::new(4101, "alice");
    let addbot = registered.command("addbot").expect("/addbot registered");
    let hard = addbot["options"][0]["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["name"].as_str().is_some_and(|n| n.starts_with("hard")))
        .and_then(|c| c["value"].as_i64())
        .expect("a hard choice");
    let id = double.interact(dd::slash("new", &alice)).await;
    double.wait_response(id, 2).await;
    for _ in 0..2 {
        let id = double.interact(dd::slash("addbot", &alice).integer("strength", hard)).await;
        double.wait_response(id, 2).await;
    }
    let lobby = double.wait_for("the lobby", |d| d.messages_with_components(dd::CHANNEL_ID).pop()).await;
    let start = custom_ids(&lobby).into_iter().find(|c| c.ends_with(":start")).expect("a Start button");
    let id = double.interact(dd::button(&start, &alice)).await;
    double.wait_callback(id).await;

    settle(&double, &db, "the start").await.expect("alice's first turn");
    let service = Service::open(&db.url()).await.unwrap();
    let seat = service.snapshot::<SouthSeas>(dd_place(), alice.id).await.unwrap().2;
    let mut bot = Bot::new(Strategy::Greedy, 5);
    let (mut kills, mut restarts, mut handovers) = (0, 0, 0);
    // After a kill, the version the computers' run must reach: alice's hand-over + one change.
    let mut expected = None;
    while kills < KILLS && handovers < 12 {
        let Some(shown) = settle(&double, &db, &format!("kill {kills}: alice's turn")).await else { break };
        let (game, version, game_id, _) = state(&db).await;
        if let Some(v) = expected.take() {
            assert_eq!(version, v, "after the restart the computers played their run once, as one change");
        }
        assert_eq!(game.to_act(), seat, "the computers have played: it is alice's turn");
        let action = bot.choose(&game).unwrap();
        let tap = tap_for(&shown, game_id, version, action, &alice)
            .unwrap_or_else(|| dd::slash("place", &alice).string("spot", &Code::Act(action).code()));
        double.interact(tap).await;
        // Her step applied and its message posted: if it handed the turn over, the computers think.
        let (handed, handed_at) = loop {
            let (game, v, _, owed) = state(&db).await;
            if v > version && owed == 0 {
                break (game, v);
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        if handed.is_over() {
            break;
        }
        if handed.to_act() == seat {
            continue;
        }
        handovers += 1;
        tokio::time::sleep(Duration::from_millis(40)).await;
        let held = computer_item_held(&service).await;
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        double.evict_bots();
        double.wait_for_no_connection().await;
        let (_, at_kill, _, _) = state(&db).await;
        if at_kill == handed_at && held {
            kills += 1;
        } else {
            assert_eq!(at_kill, handed_at + 1, "the computers' run applied once, before the kill");
        }
        expected = Some(handed_at + 1);
        child = spawn_bot(&double, &db);
        restarts += 1;
        double.wait_for_identifies(restarts + 1).await;
    }
    if let Some(v) = expected {
        settle(&double, &db, "after the last restart").await;
        assert_eq!(state(&db).await.1, v, "after the last restart the computers played their run once, as one change");
    }
    child.kill().ok();
    child.wait().ok();
    eprintln!("{handovers} hand-overs to the computers, {kills} kills while they thought");
    assert!(kills >= KILLS, "the kills fell while the computers thought: {kills} of {handovers}");
    double.assert_no_unexpected();
}

/// Whether a process holds the computer's due item now (claimed, its lease not run out).
async fn computer_item_held(service: &Service) -> bool {
    let now = southseas::store::now_ms();
    let mut conn = service.store().pool().acquire().await.expect("connection");
    let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM due WHERE kind = 'computer' AND claimed_until > $1")
        .bind(now)
        .fetch_one(&mut *conn)
        .await
        .expect("the schedule");
    held > 0
}

/// Catan: Seafarers in the real binary, SIGKILLed at varied moments after a person's tap (before,
/// during and after the step's commit, and between the commit and its message or direct
/// messages) and restarted: the game always replays, every step applied at most once, and after
/// each restart the channel's newest message offers working buttons for the current step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_real_bot_killed_mid_seafarers_play_leaves_working_buttons_after_every_restart() {
    use super::discord_seafarers::tap;
    use super::discord_seafarers_games::{answering_person, open_with_computers, settled, steps_by};
    use seafarers_engine::{Bot as SeafarersBot, Strategy as SeafarersStrategy};
    use southseas::games::seafarers::Seafarers;
    let double = Double::start().await;
    let db = TempDb::new("process-kill-seafarers");
    let mut child = spawn_bot(&double, &db);
    double.wait_for_identifies(1).await;
    let reader = Service::open(&db.url()).await.unwrap();
    let people = open_with_computers(&double, &reader, "new-shores").await;
    let delays = [0u64, 3, 8, 15, 25, 40, 60, 90, 130, 200, 300, 450];
    let (mut version, mut owed_at_kill, mut logged) = (0, 0, 0i64);
    for (kill, delay) in delays.into_iter().enumerate() {
        let (game, now, message) = settled(&double, &reader, version).await;
        assert!(!game.is_over(), "kill {kill}: the game went on");
        // A computer's open offer waits for a person's answer; otherwise a person is to act.
        let (who, action) = match answering_person(&game, &people) {
            Some((seat, who)) => {
                (who, SeafarersBot::trading(SeafarersStrategy::Greedy, kill as u64).answer(&game, seat).expect("an answer"))
            }
            None => {
                let (seat, who) =
                    game.to_act().into_iter().find_map(|s| people.iter().find(|(x, _)| *x == s).cloned()).expect("a person acts");
                (who, SeafarersBot::new(SeafarersStrategy::Greedy, kill as u64).choose(&game, seat).expect("a step"))
            }
        };
        let before = logged_steps(&reader).await;
        let by_who = steps_by(&reader, who.id).await;
        // The taps up to the step are answered; the step's own tap is not waited for.
        tap(&double, &who, &message, action).await;
        tokio::time::sleep(Duration::from_millis(delay)).await;
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        double.evict_bots();
        double.wait_for_no_connection().await;
        let (_, after, _, _) = reader.snapshot::<Seafarers>(PLACE_DD, 0).await.expect("the game replays after a kill");
        let mut conn = reader.store().pool().acquire().await.unwrap();
        owed_at_kill += usize::from(southseas::store::pending_posts(&mut conn).await.unwrap() > 0);
        drop(conn);
        let steps = logged_steps(&reader).await;
        // The computers may have moved on after the tap's step: its own player's steps tell.
        assert!(after >= now, "kill {kill}: nothing lost ({now} → {after})");
        let taken = steps_by(&reader, who.id).await - by_who;
        assert!(taken <= 1, "kill {kill}: the tap's step applied at most once ({taken})");
        assert!(steps >= before, "kill {kill}: {before} → {steps} steps");
        logged = steps;

        child = spawn_bot(&double, &db);
        double.wait_for_identifies(kill + 2).await;
        // After the restart, the newest message offers the current step (computers may move on).
        let (_, shown, _) = settled(&double, &reader, after - 1).await;
        version = shown - 1;
    }
    child.kill().ok();
    child.wait().ok();
    eprintln!("{} kills, {logged} steps logged; {owed_at_kill} kills left a message owed, posted after the restart", delays.len());
    assert!(owed_at_kill >= 1, "some kills fell between a step's commit and its message: {owed_at_kill}");
}

const PLACE_DD: southseas::service::Place = super::discord_e2e::PLACE;

/// How many steps the database has logged (one game per test database).
async fn logged_steps(service: &Service) -> i64 {
    let mut conn = service.store().pool().acquire().await.unwrap();
    sqlx::query_scalar("SELECT COUNT(*) FROM actions").fetch_one(&mut *conn).await.unwrap()
}
