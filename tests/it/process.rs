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

fn spawn_bot_with(double: &Double, db: &TempDb, args: &[&str], env: &[(&str, &str)]) -> Child {
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
